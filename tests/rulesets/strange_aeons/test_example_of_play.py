"""The rulebook's Example of Play (R:2106-2140; notes §7.3 E1-E22) as golden tests: Howard's
Sample List against Uncle Mike's cult (the shipped ``sample_list`` and
``example_of_play_lurkers`` lists), the example's dice forced and its outcome asserted from the
log and the state.

Turns 1 and 2 (E3-E10) are one game played from its set-up; the text gives few distances, so
the models stand where its moves and shots are legal. Turns 3 and 4 (E11-E17) are a second game
set up as Turn 3 begins, and Turn 5 (E18) a third, the text's branch (its AP1 .45 removed the
Fishman in E15, Green fell in E16). E2 is ``test_r2110_example_of_play_lurkers_...`` of
``test_lists_lurkers.py``; E19-E22 are the campaign's post-game, which the game does not play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    R,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
    rolls,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import WEAPONS, agent, book

from skirmish.dice import ScriptedDice
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES
from skirmish.rulesets.strange_aeons.scenarios.book import load_scenario_book
from skirmish.rulesets.strange_aeons.scenarios.selection import (
    LURKER_DIE,
    THRESHOLD_DIE,
    roll_scenario,
    table_for,
)
from skirmish.rulesets.strange_aeons.state import AeonsState

LISTS = {
    "threshold": str(SAMPLES / "sample_list.toml"),
    "lurkers": str(SAMPLES / "example_of_play_lurkers.toml"),
}
"""T1 Tillinghast, T2 Green, T3 Winfield; L1 the Cult Leader, L2 Cultist #1 (.22 Handgun),
L3 and L4 Cultists #2 and #3 (Knives), L5 the Fishman."""

SHOTGUN = "double_barrelled_shotgun"

ROCK = board(
    {
        "id": "rock",
        "kind": "open",
        "height": 0.3,
        "cover": "light",
        "polygon": rect(28.0 - R - 0.25, 10.0, 28.0 - R - 0.05, 14.0),
    }
)
"""The waist-high rock Cultist #1 stands behind when Green shoots it (R:2118)."""


@dataclass(frozen=True)
class Step:
    """One step of the example: the dice it rolls and the actions its players take."""

    dice: tuple[tuple[str, int], ...]
    actions: tuple[str, ...]


def step(dice: list[tuple[str, int]], *actions: str) -> Step:
    return Step(tuple(dice), actions)


def through(steps: dict[str, Step], last: str) -> list[Step]:
    """The steps up to ``last``, in order."""
    names = list(steps)
    return [steps[n] for n in names[: names.index(last) + 1]]


# Turns 1 and 2, from the set-up: Mike's cult deploys first on the east edge.
TURNS_1_2: dict[str, Step] = {
    "E3": step(
        script("roll-off deployment", 3, 5, "roll-off first-turn", 6, 2),
        "edge east",
        "deploy L1 33,16",
        "deploy L2 31.5,8",
        "deploy L3 31.5,17.5",
        "deploy L4 33,22",
        "deploy L5 31.5,21",
        "deploy T1 4.5,14",
        "deploy T2 4.5,12.5",
        "deploy T3 4.5,17.5",
    ),
    "E4": step(
        [],
        "nominate T1",
        "nominate T2",
        "nominate T3",
        "activate T2",
        "move T2 9.5,12.5",
        "move T2 14.5,12.5",
        "no-heroic T2",
        "activate T3",
        "move T3 9.5,17.5",
        "move T3 14.5,17.5",
        "move T1 8.5,14",
        "pass T1",
    ),
    "E5": step(
        script("movement", 4, 2),
        "nominate L1",
        "nominate L2",
        "nominate L5",
        "activate L2",
        "move L2 30,10",
        "move L2 28,12",
        "activate L5",
        "move L5 26.5,21",
        "move L5 25.5,21",
        "pass L1",
        "pass L1",
    ),
    "E6": step(
        script("to-hit", 5, 1, "jam", 1, "save", 3, "to-wound", 5, "injury", 4, 6),
        "nominate T1",
        "nominate T2",
        "nominate T3",
        "activate T2",
        "move T2 19.4,13",
        f"shoot T2 L2 {SHOTGUN}",
        "no-heroic T2",
        "activate T3",
        "move T3 19,17",
        "move T3 23,16",
        "move T1 12.5,14",
        "move T1 15,14",
    ),
    "E7": step(
        script("close-combat", 4, 4),
        "nominate L1",
        "nominate L5",
        "nominate L3",
        "activate L3",
        "move L3 26.6,16.7",
        "charge L3 T3",
    ),
    "E8": step(
        script("movement", 2, 3, "resolve", 3), "activate L5", "move L5 25.5,19", "charge L5 T3"
    ),
    "E9": step(script("insanity", 1, "resolve", 3), "no-bliss T3"),
    "E10": step([], "move L1 29,16", "pass L1"),
}


def turns_1_2(last: str) -> tuple[Game, list[Event]]:
    """The game from its set-up (E3) through step ``last``, and the events of that step."""
    played = through(TURNS_1_2, last)
    dice = ScriptedDice([d for s in played for d in s.dice])
    game = find_ruleset("strange-aeons").new_game({"board": ROCK, **LISTS}, 0, dice)
    return game, play(game, played)


def play(game: Game, steps: list[Step]) -> list[Event]:
    """Play ``steps``; the events of the last. No Alert shot is ever offered in the example
    (notes §7.3): each model with a gun was nominated in its side's turn before."""
    mark = 0
    for s in steps:
        mark = len(game.log)
        for action in s.actions:
            assert game.decision is not None and game.decision.kind != "alert"
            game.apply(action)
    return game.log[mark:]


def state(game: Game) -> AeonsState:
    assert isinstance(game.state, AeonsState)
    return game.state


def seen(evts: list[Event], kind: str) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """(models, data) of the events of one kind."""
    return [(e.models, dict(e.data)) for e in evts if e.kind == kind]


def faces(evts: list[Event]) -> list[tuple[str, tuple[int, ...]]]:
    """(purpose, faces) of the rolls among ``evts``."""
    return [(e.roll.purpose, e.roll.faces) for e in evts if e.roll is not None]


def gap(game: Game, a: str, b: str) -> float:
    """The distance between two models' bases."""
    ma, mb = model(game, a), model(game, b)
    return round(((ma.x - mb.x) ** 2 + (ma.y - mb.y) ** 2) ** 0.5 - TOUCH, 1)


# --- E1, E3-E5: the scenario, the set-up and Turn 1 ----------------------------------------------


def test_r2109_example_of_play_e1_no_wins_and_a_roll_of_7_is_fight() -> None:
    """E1: a team of no wins rolls on the Basic table; Howard's 4 and Mike's 3 make 7."""
    scenarios = load_scenario_book()
    table = table_for(scenarios.data, 0)
    dice = ScriptedDice(script(THRESHOLD_DIE, 4, LURKER_DIE, 3))
    rolled = roll_scenario(table, dice)
    assert (table.id, rolled.throws[0].total, rolled.row.scenario) == ("basic", 7, "fight")


def test_r2111_example_of_play_e3_mike_deploys_first_and_howard_takes_turn_1() -> None:
    """E3: Mike wins the first roll-off 5 to 3, picks a short edge and deploys first within 5";
    Howard deploys at the other; Howard wins the second 6 to 2 and takes Turn 1."""
    game, _ = turns_1_2("E3")
    offs = [e.data for e in events(game, "roll-off")]
    assert offs == [
        {"purpose": "deployment", "winner": 1, "dice": [3, 5]},
        {"purpose": "first-turn", "winner": 0, "dice": [6, 2]},
    ]
    deployed = [e.models[0] for e in events(game, "deployed")]
    assert deployed == ["L1", "L2", "L3", "L4", "L5", "T1", "T2", "T3"]
    st = state(game)
    assert (st.edges, st.first, st.active, st.round) == (("west", "east"), 0, 0, 1)
    assert game.decision is not None and (game.decision.kind, game.decision.player) == (
        "nominate",
        0,
    )


def test_r2114_example_of_play_e4_command_nominates_green_and_winfield() -> None:
    """E4: Tillinghast's Command nominates Green and Winfield; Green Moves 10" in two Moves,
    Tillinghast's vest leaves him 4" and he forfeits his second Action."""
    game, _ = turns_1_2("E3")
    game.apply("nominate T1")
    assert options(game) == ["nominate T2", "nominate T3", "done"]
    game, done = turns_1_2("E4")
    assert [(e.models, e.rule) for e in done if e.kind == "nominated"] == [
        (("T1",), "Turns: nomination"),
        (("T2",), "Skills: Command"),
        (("T3",), "Skills: Command"),
    ]
    moved = [(e.models[0], e.data["length"]) for e in done if e.kind == "moved"]
    assert moved == [("T2", 5.0), ("T2", 5.0), ("T3", 5.0), ("T3", 5.0), ("T1", 4.0)]
    forfeit = [(e.models, e.rule) for e in done if e.kind == "pass"]
    assert forfeit == [(("T1",), "Actions: forfeit (rules notes item 31)")]
    # All three were nominated, so none is Alert in Mike's Turn 1.
    assert set(state(game).before) == {"T1", "T2", "T3"}


def test_r2114_example_of_play_e4_tillinghasts_vest_leaves_him_4_inches() -> None:
    game, _ = turns_1_2("E3")
    for action in TURNS_1_2["E4"].actions[:-2]:
        game.apply(action)
    refused(game, "move T1 8.6,14", 'the point is 4.1" away, more than the 4" allowed')


def test_r2116_example_of_play_e5_the_fishman_rolls_5_then_3_and_moves_1() -> None:
    """E5: the Cult Leader's Command nominates Cultist #1 and the Fishman; the Fishman's
    1D6+1 Movement rolls 4 and 2 (5" then 3", the profile's, notes §6 item 22) and it moves
    only 1" of the 3"; the Cult Leader forfeits both Actions."""
    game, done = turns_1_2("E5")
    commanded = [e.models[0] for e in done if e.kind == "nominated" and e.rule == "Skills: Command"]
    assert commanded == ["L2", "L5"]
    assert faces(done) == [("movement", (4,)), ("movement", (2,))]
    assert [e.data["movement"] for e in done if e.kind == "movement-rolled"] == [5, 3]
    fishman = [e.data["length"] for e in done if e.kind == "moved" and e.models == ("L5",)]
    assert fishman == [5.0, 1.0]
    assert [e.models for e in done if e.kind == "pass"] == [("L1",), ("L1",)]
    # Cultists #2 and #3 were not nominated: Alert in Howard's Turn 2, but with Knives only.
    assert {"L3", "L4"}.isdisjoint(state(game).before)
    assert not dice_left(game)


# --- E6-E10: Turn 2 -------------------------------------------------------------------------


def test_r2118_example_of_play_e6_green_jams_and_still_hits_cultist_1() -> None:
    """E6: Green's Double-Barrelled Shotgun rolls 5 and 1 at Cultist #1 behind the rock (Light
    cover, 6+); the 1 confirms as a Jam, the hit still counts; the save of 3 fails; 5 + 2 = 7
    against Con 5 is 3 Wounds, 2 beyond its 1: Injury 4 + 6 + 2 = 12, a Major Injury."""
    game, done = turns_1_2("E6")
    assert seen(done, "shot") == [(("T2", "L2"), {"weapon": SHOTGUN, "cover": "light", "save": 6})]
    assert faces(done) == [
        ("to-hit", (5, 1)),
        ("jam", (1,)),
        ("save", (3,)),
        ("to-wound", (5,)),
        ("injury", (4, 6)),
    ]
    assert seen(done, "hits") == [(("T2",), {"hits": 1, "need": 5})]
    assert seen(done, "jammed") == [(("T2",), {"weapon": SHOTGUN})]
    assert seen(done, "saved") == [(("L2",), {"saved": 0, "left": 1})]
    assert seen(done, "wounded") == [(("L2",), {"total": 7, "con": 5, "wounds": 3, "left": 0})]
    assert seen(done, "injury") == [(("L2",), {"value": 12, "result": "Major Injury"})]
    assert model(game, "L2").removed is not None
    assert state(game).jammed == (("T2", SHOTGUN),)
    # Beyond 6": no close-range bonus; the closest target: no Resolve test to pick it.
    assert 6.0 < gap(game, "T2", "L2") <= 8.0
    assert not seen(done, "blast") and not seen(done, "priority-test")
    # Cultists #2 and #3 are Alert but have no gun: no Alert shot is offered.
    assert not seen(game.log, "alert")


def test_r2120_example_of_play_e7_cultist_2_charges_winfield_5_against_5_is_a_draw() -> None:
    game, done = turns_1_2("E7")
    assert seen(done, "charge") == [(("L3", "T3"), {})]
    assert faces(done) == [("close-combat", (4,)), ("close-combat", (4,))]
    assert seen(done, "combat-totals") == [(("L3", "T3"), {"totals": [5, 5]})]
    assert seen(done, "draw") == [(("L3", "T3"), {})]
    assert gap(game, "L3", "T3") == 0.0  # still in base-to-base


def test_r2120_example_of_play_e8_the_fishman_moves_3_then_charges_with_4() -> None:
    """E8: the Fishman's Move rolls 2 (3") and its Charge 3 (4"), the profile's 1D6+1."""
    game, done = turns_1_2("E8")
    assert faces(done)[:2] == [("movement", (2,)), ("movement", (3,))]
    assert [e.data["movement"] for e in done if e.kind == "movement-rolled"] == [3, 4]
    assert seen(done, "charge") == [(("L5", "T3"), {})]
    assert gap(game, "L5", "T3") == 0.0


def test_r2120_example_of_play_e9_winfield_fails_against_the_hideous_fishman() -> None:
    """E9: no Command model within 5", Winfield tests on his own 5+ and rolls 3; Blissful
    Ignorance may re-roll it (declined); Catatonia leaves him Face Down in a close combat, so
    he is removed with a Major Injury and no combat dice are rolled."""
    game, done = turns_1_2("E8")
    assert faces(done)[-1] == ("resolve", (3,))
    assert gap(game, "T1", "T3") > 5.0
    assert options(game) == ["bliss T3", "no-bliss T3"]
    game, done = turns_1_2("E9")
    assert seen(done, "resolve")[0] == (
        ("T3",),
        {"situation": "hideous:L5", "need": 5, "passed": False},
    )
    assert faces(done)[0] == ("insanity", (1,))
    assert seen(done, "insanity") == [(("T3",), {"result": "Catatonia"})]
    fell = [e.kind for e in done if e.models == ("T3",) and e.roll is None]
    assert fell == ["resolve", "insanity", "face-down", "helpless", "removed"]
    assert seen(done, "removed") == [(("T3",), {"reason": "Major Injury"})]
    assert not seen(done, "combat-totals")
    assert not [e for e in game.log if "black" in e.kind]  # a Threshold Civilian


def test_r2120_example_of_play_e10_green_tests_on_tillinghasts_3_plus_and_passes() -> None:
    """E10: Green, within 5" of Winfield's removal, shares Tillinghast's Resolve 3+ (Command
    within 5") and passes with a 3; the Cult Leader Moves; Cultist #3 is Alert but unarmed."""
    game, done = turns_1_2("E9")
    assert seen(done, "shared-resolve") == [(("T2", "T1"), {"need": 3})]
    assert seen(done, "resolve")[1:] == [
        (("T2",), {"situation": "removal:T3", "need": 3, "passed": True})
    ]
    assert gap(game, "T2", "T3") <= 5.0 and gap(game, "T1", "T2") <= 5.0
    game, done = turns_1_2("E10")
    assert [e.kind for e in done] == ["moved", "pass", "turn"]
    assert (state(game).round, state(game).active) == (3, 0)
    assert set(state(game).before) == {"L1", "L3", "L5"}
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


# --- E11-E17: Turns 3 and 4 -----------------------------------------------------------------

TURN_3 = {
    "T1": (15.2, 9.2),
    "T2": (14.3, 17.0),
    "L1": (30.5, 13.0),
    "L3": (21.5, 11.5),
    "L4": (31.5, 20.0),
    "L5": (21.5, 13.5),
}
"""Turn 3 begins: Winfield and Cultist #1 gone; Cultist #2 and the Fishman side by side where
Winfield fell, within the Dynamite's 6" of Tillinghast; Green 7" from the Fishman."""

TURNS_3_4: dict[str, Step] = {
    "E11": step(
        script("to-hit", 4, "to-wound", 4, "injury", 4, 2, 1, 2),
        "nominate T1",
        "nominate T2",
        "activate T1",
        "ready T1 dynamite",
        "shoot T1 L3 dynamite",
    ),
    "E12": step(
        script("to-hit", 4, 3, 2, 3),
        f"clear-jam T2 {SHOTGUN}",
        f"shoot T2 L5 {SHOTGUN}",
        "heroic T2",
        f"shoot T2 L5 {SHOTGUN}",
    ),
    "E13": step(
        [],
        "nominate L1",
        "nominate L5",
        "nominate L4",
        "activate L5",
        "change-state L5",
        "change-state L5",
        "activate L4",
        "move L4 27.5,19.5",
        "move L4 23.5,19",
        "pass L1",
        "pass L1",
    ),
    "E14": step(
        script("to-hit", 5, 2, "to-wound", 3, "power", 1),
        "nominate T1",
        "nominate T2",
        "activate T2",
        "move T2 17,13",
        f"shoot T2 L5 {SHOTGUN}",
    ),
    "E15": step(
        script("to-hit", 2, 4, "to-wound", 4),
        "shoot T1 L5 handgun_45",
        "shoot T1 L5 handgun_45",
    ),
    "E16": step(
        [],
        "nominate L1",
        "nominate L4",
        "done",
        "activate L4",
        "move L4 19.5,16",
        "charge L4 T2",
    ),
}
"""Turns 3 and 4 to the Cultist's charge at Green (E16), whose dice each test gives."""


def turns_3_4(last: str, more: list[tuple[str, int]] | None = None) -> tuple[Game, list[Event]]:
    """Turn 3 set up as it begins, played through step ``last`` (``more`` dice after its
    own); the game and the events of that step."""
    played = through(TURNS_3_4, last)

    def begun(game: Game) -> None:
        st = state(game)
        st.round, st.jammed, st.before = 3, (("T2", SHOTGUN),), ("L1", "L3", "L5")

    game = scenario(
        dict(TURN_3),
        [d for s in played for d in s.dice] + (more or []),
        ruleset_id="strange-aeons",
        setup=LISTS,
        edges=("west", "east"),
        before=begun,
    )
    return game, play(game, played)


def test_r2122_example_of_play_e11_one_stick_of_dynamite_for_cultist_2_and_the_fishman() -> None:
    """E11: Tillinghast Readies the Dynamite and throws it at Cultist #2: a 4 hits (Munitions
    Expert: no Dangerous roll); one damage roll 4 + 5 = 9 for both; the Cultist's Injury
    4 + 2 + 4 = 10 removes it; AP2 leaves the Fishman Con 6, 1 + 2 + 3 = 6: Face Down."""
    game, done = turns_3_4("E11")
    assert [e.models for e in game.log if e.kind == "readied"] == [("T1",)]
    assert [(e.models, e.data["covered"]) for e in done if e.kind == "template"] == [
        (("L3", "L5"), 2)
    ]
    assert faces(done) == [
        ("to-hit", (4,)),
        ("to-wound", (4,)),
        ("injury", (4, 2)),
        ("injury", (1, 2)),
    ]
    assert seen(done, "wounded") == [
        (("L3",), {"total": 9, "con": 5, "wounds": 5, "left": 0}),
        (("L5",), {"total": 9, "con": 6, "wounds": 4, "left": 0}),
    ]
    assert seen(done, "injury") == [
        (("L3",), {"value": 10, "result": "Major Injury"}),
        (("L5",), {"value": 6, "result": "Unconscious"}),
    ]
    assert model(game, "L3").removed is not None and model(game, "L5").state == "face-down"
    # The Cult Leader and Cultist #3 are beyond 5": no Resolve test.
    assert not seen(done, "resolve")


def test_r2122_example_of_play_e12_green_clears_the_jam_and_heroic_gives_a_third_action() -> None:
    """E12: Green clears the Jam, shoots the Face Down Fishman (save 6+ if hit) with 4 and 3,
    and Heroic's third Action shoots again: no hit, so no save is rolled; Heroic is spent."""
    game, done = turns_3_4("E12")
    green = [e for e in done if e.roll is None and e.kind != "turn"]
    assert [e.kind for e in green] == ["cleared", "shot", "hits", "heroic", "shot", "hits"]
    assert {e.models[0] for e in green} == {"T2"}
    assert [e.data["save"] for e in green if e.kind == "shot"] == [6, 6]
    assert [e.data["hits"] for e in green if e.kind == "hits"] == [0, 0]
    assert "save" not in [p for p, _ in rolls(game)]
    assert state(game).heroic_used == ("T2",) and state(game).jammed == ()
    assert not dice_left(game)


def test_r2124_example_of_play_e13_the_fishman_stands_up_with_one_wound() -> None:
    """E13: Command nominates the Face Down Fishman; two Change States make it Face Up, then
    Normal, with 1 Wound; Cultist #3 Moves twice; the Cult Leader forfeits."""
    game, _ = turns_3_4("E13")
    st = state(game)
    assert seen(game.log, "changed-state") == [
        (("L5",), {"state": "face-up"}),
        (("L5",), {"state": "normal"}),
    ]
    fishman = model(game, "L5")
    assert (fishman.state, fishman.wounds) == ("normal", 1)
    assert [e.models for e in game.log if e.kind == "moved"] == [("L4",), ("L4",)]
    assert (st.round, st.active) == (4, 0)


def test_r2126_example_of_play_e14_green_at_close_range_does_not_wound_the_fishman() -> None:
    """E14: Green Moves within 6" and hits the Fishman once: 3 + 2 + 1 (close range) = 6
    against its armoured Con 7, no Wound. The game pushes it D3" by the shotgun's Power (notes
    §6 item 20), which the narrative leaves out."""
    game, done = turns_3_4("E14")
    assert seen(done, "shot") == [(("T2", "L5"), {"weapon": SHOTGUN, "cover": "none", "save": 7})]
    assert seen(done, "blast") == [(("L5",), {"name": "Close Range", "reach": 6.0})]
    assert seen(done, "no-wound") == [(("L5",), {"total": 6, "con": 7})]
    assert [e.data["length"] for e in done if e.kind == "pushed"] == [1.0]
    assert model(game, "L5").wounds == 1


def test_r2126_example_of_play_e15_as_printed_the_45_does_not_wound_the_fishman() -> None:
    """E15, the printed table (.45 without AP, notes §6 item 21): a miss, then a hit of 4:
    4 + 2 = 6 against Con 7, no Wound; the Fishman stays."""
    game, done = turns_3_4("E15")
    assert gap(game, "T1", "L5") > 6.0  # no close-range bonus
    assert faces(done) == [("to-hit", (2,)), ("to-hit", (4,)), ("to-wound", (4,))]
    tillinghast = [e for e in done if e.kind == "hits"]
    assert [e.data for e in tillinghast] == [{"hits": 0, "need": 4}, {"hits": 1, "need": 4}]
    assert seen(done, "no-wound") == [(("L5",), {"total": 6, "con": 7})]
    assert model(game, "L5").on_table


def test_r2126_example_of_play_e15_as_the_text_reads_an_ap1_45_removes_the_fishman() -> None:
    """E15, the text (.45 with AP1): the armour point is stripped, 6 against Con 6 is exactly
    1 Wound, and Injury 4 + 4 = 8 is a Minor Injury: the Fishman is removed."""
    ap1 = {"handgun_45": {**WEAPONS["handgun_45"], "ap": 1}}
    game = book(
        agent("T1", dex=4, res=3, weapons=["unarmed", "handgun_45"]),
        agent("L1", dex=4, con=6, armour=1, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 7.0, 10.0)},
        weapons=ap1,
        dice=script("to-hit", 4, "to-wound", 4, "injury", 4, 4),
    )
    game.apply("nominate T1")
    game.apply("shoot T1 L1 handgun_45")
    assert seen(game.log, "wounded") == [(("L1",), {"total": 6, "con": 6, "wounds": 1, "left": 0})]
    assert seen(game.log, "injury") == [(("L1",), {"value": 8, "result": "Minor Injury"})]
    assert model(game, "L1").removed is not None


CLEAVER_DRAW = script("close-combat", 6, 1, 4, "critical-hit", 3, "to-wound", 2, 4)
"""E16: the Cultist 6; Green 1 and 4; the 6 does not confirm; two dice to wound, 2 and 4."""
NARRATIVE = script(
    "close-combat", 6, 1, 3, "critical-hit", 3, "to-wound", 2, 4, 5, "injury", 3, 4,
    "resolve", 3, 4,
)  # fmt: skip
"""E16-E17 as the text tells it: Green rolls 3, loses by 3 and falls; Tillinghast tests twice."""


def test_r2128_example_of_play_e16_the_cleavers_plus_2_holds_the_cultist_to_a_draw() -> None:
    """E16: Green's 1 gives the Cultist +1 to its highest die: 6 + 1 + 1 = 8 against Green's
    4 + 2 (the printed Cleaver) = 6; 2 dice to wound, 4 + 1 = 5 < Con 6: a Draw. The Cleaver's
    Parry may re-roll the Cultist's 6 (declined)."""
    game, _ = turns_3_4("E16", CLEAVER_DRAW)
    assert options(game) == ["parry T2 1", "no-parry T2"]
    mark = len(game.log)
    game.apply("no-parry T2")
    game.apply("wound L4")
    done = game.log[mark:]
    assert seen(done, "critical-miss") == [(("T2", "L4"), {"ones": 1})]
    assert seen(done, "combat-totals") == [(("L4", "T2"), {"totals": [8, 6]})]
    assert seen(done, "combat-won") == [(("L4", "T2"), {"hits": 2})]
    assert faces(done) == [("critical-hit", (3,)), ("to-wound", (2, 4))]
    assert seen(done, "no-wound") == [(("T2",), {"total": 5, "con": 6})]
    assert seen(done, "draw") == [(("L4", "T2"), {})]
    assert gap(game, "L4", "T2") == 0.0 and model(game, "T2").on_table
    assert not dice_left(game)


def test_r2128_example_of_play_e16_e17_green_falls_and_tillinghast_tests_twice() -> None:
    """E16 as the text tells it (Green's 3: 8 against 5): 3 dice, 5 + 1 = 6 is 1 Wound, Injury
    7 a Minor Injury; E17: Tillinghast, within 5" and the last Threshold model, takes two
    separate tests on 3+ and passes both; the Cult Leader Moves."""
    game, _ = turns_3_4("E16", NARRATIVE)
    mark = len(game.log)
    for action in ("no-parry T2", "wound L4"):
        game.apply(action)
    done = game.log[mark:]
    assert seen(done, "combat-totals") == [(("L4", "T2"), {"totals": [8, 5]})]
    assert seen(done, "wounded") == [(("T2",), {"total": 6, "con": 6, "wounds": 1, "left": 0})]
    assert seen(done, "injury") == [(("T2",), {"value": 7, "result": "Minor Injury"})]
    assert model(game, "T2").removed is not None
    assert gap(game, "T1", "T2") <= 5.0
    assert seen(done, "resolve") == [
        (("T1",), {"situation": "removal:T2", "need": 3, "passed": True}),
        (("T1",), {"situation": "last", "need": 3, "passed": True}),
    ]
    game.apply("move L1 26,14")
    assert [e.models for e in game.log[-3:] if e.kind == "moved"] == [("L1",)]
    assert not dice_left(game)


# --- E18: Turn 5 ----------------------------------------------------------------------------


TURN_5 = script(
    "to-hit", 4, "to-wound", 4, "injury", 4, 5, "resolve", 2, "insanity", 6,
    "to-hit", 4, "to-wound", 4, "injury", 5, 5,
)  # fmt: skip
"""E18: Cultist #3 hit, 4 + 2 = 6 against Con 5, Injury 4 + 5 + 1; the Cult Leader's test 2
and Insanity 6; then it is hit, 6 against Con 6, Injury 5 + 5."""


def test_r2130_example_of_play_e18_the_cult_leader_frenzies_short_and_threshold_wins() -> None:
    """E18 (the text's branch: the Fishman and Green gone): Tillinghast's .45 removes Cultist
    #3; the Cult Leader, beyond 5" of it, is the last Lurker: 2 against Res 3+ fails, Insanity
    6 is Frenzy: a free charge of 5" at Tillinghast 9" away ends 4" short, no close combat;
    Tillinghast's second shot removes it and the Threshold win the Fight."""
    game = scenario(
        {
            "T1": {"pos": (10.0, 10.0), "faced": ("last",)},  # E17's test is behind him
            "L1": (10.0, 10.0 + TOUCH + 9.0),
            "L4": (16.0, 10.0),
        },
        TURN_5,
        ruleset_id="strange-aeons",
        setup=LISTS,
        edges=("west", "east"),
        before=lambda g: setattr(g.state, "before", ("L1", "L4")),
    )
    game.apply("nominate T1")
    game.apply("shoot T1 L4 handgun_45")
    assert seen(game.log, "injury") == [(("L4",), {"value": 10, "result": "Major Injury"})]
    assert gap(game, "L1", "L4") > 5.0
    assert seen(game.log, "resolve") == [
        (("L1",), {"situation": "last", "need": 3, "passed": False})
    ]
    assert seen(game.log, "insanity") == [(("L1",), {"result": "Frenzy"})]
    frenzy = [e for e in game.log if e.kind == "moved" and e.models == ("L1",)]
    assert [(e.rule, e.data["length"]) for e in frenzy] == [("Insanity Table", 5.0)]
    assert gap(game, "T1", "L1") == 4.0 and not seen(game.log, "combat-totals")
    game.apply("shoot T1 L1 handgun_45")
    assert seen(game.log, "injury")[-1] == (("L1",), {"value": 10, "result": "Major Injury"})
    over = events(game, "game-over")
    assert [(e.rule, e.data["winner"]) for e in over] == [("Fight: last side standing", 0)]
    assert not dice_left(game)
