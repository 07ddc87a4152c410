"""The Daemons' own rules: the Scrawny Ones' Imprisoned and Teleport (R:683), each with
scripted dice on forces written by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    model,
    options,
    rect,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import BOOK, WEAPONS, agent, book, commanding, forces
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.forces import load_played, mob_playable, playable, unplayed
from skirmish.rulesets.strange_aeons.lists.list_file import read_list
from skirmish.rulesets.strange_aeons.pentacles import IMPRISONED, pentacles
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]  # the ruleset, a fixture

SCRAWNY = ["imprisoned", "teleport", "scrawny_swallow_whole"]
"""The Scrawny Ones' own rules (R:683)."""
FAR = (30.0, 20.0)


def scrawny(model_id: str, **fields: Any) -> dict[str, Any]:
    """An Agent's profile made a Scrawny One (R:683)."""
    return agent(model_id, types=["daemon"], abilities=SCRAWNY, **fields)


def pentacle(n: int, x: float, y: float) -> dict[str, Any]:
    """A Pentacle as the game lays one: a piece of open ground 1" across, centred at x,y."""
    return {
        "id": f"pentacle-{n}",
        "name": f"Pentacle {n}",
        "kind": "open",
        "height": 0.0,
        "blocks_sight": False,
        "tags": ["pentacle"],
        "polygon": rect(x - 0.5, y - 0.5, x + 0.5, y + 0.5),
    }


ALTARS = board(pentacle(1, 11.0, 10.0), pentacle(2, 20.0, 4.0))
"""Two Pentacles: one touching a model at 10,10 (its east side), one far off."""
WAITING = {"pos": (-1.0, -1.0), "removed": IMPRISONED}
"""A Scrawny One imprisoned, off the table."""


def at_the_pentacle(*others: dict[str, Any], **placed: Any) -> Game:
    """The Lurkers' turn on :data:`ALTARS`: T1 far off, L1 (an Agent) touching Pentacle 1,
    the Scrawny One L2 imprisoned, with ``others`` placed as ``placed`` says."""
    return book(
        agent("T1"),
        agent("L1"),
        scrawny("L2"),
        *others,
        placed={"T1": FAR, "L1": (10.0, 10.0), "L2": WAITING, **placed},
        board=ALTARS,
        active=1,
    )


def set_up(*lurkers: dict[str, Any], begins: bool = True) -> Game:
    """A rulebook game set up to the Pentacles: the Threshold win the roll-off and take the
    west edge; T1 and every Lurker not imprisoned deploy; the Threshold win the first Turn
    if the game ``begins``."""
    setup = {"board": "open", **forces(agent("T1"), *lurkers)}
    first = script("roll-off deployment", 5, 2, *(("roll-off first-turn", 5, 2) if begins else ()))
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(first))
    apply_all(game, "edge west", "deploy T1 2,12")
    for n, m in enumerate(p for p in lurkers if "imprisoned" not in p.get("abilities", ())):
        game.apply(f"deploy {m['id']} 34,{4 + 4 * n}")
    return game


# -- Scrawny Ones: Imprisoned (R:683) ----------------------------------------------------------


def test_sa_imprisoned_scrawny_ones_wait_off_the_table_their_player_places_3_pentacles_r683() -> (
    None
):
    game = set_up(agent("L1"), scrawny("L2"), scrawny("L3"))
    assert (model(game, "L2").removed, model(game, "L3").removed) == (IMPRISONED, IMPRISONED)
    assert game.decision is not None and (game.decision.kind, game.decision.player) == (
        "pentacle",
        1,
    )
    refused(game, "pentacle L2 0.2,12", "the Pentacle would be off the table")
    game.apply("pentacle L2 20,12")
    refused(game, "pentacle L2 20.5,12", "the Pentacle would lie on the Pentacle 1")
    apply_all(game, "pentacle L2 20,4", "pentacle L2 20,20")
    assert [(p.name, p.tags) for p in pentacles(game)] == [
        (f"Pentacle {n}", ("pentacle",)) for n in (1, 2, 3)
    ]
    assert [e.models for e in events(game, "imprisoned")] == [("L2",), ("L3",)]
    assert [e.rule for e in events(game, "pentacle")] == ["Scrawny Ones: Imprisoned (R:683)"] * 3
    assert events(game, "turn")  # the game begins, the Scrawny Ones still imprisoned
    assert not dice_left(game)


def test_sa_imprisoned_lurkers_with_only_scrawny_ones_imprisoned_have_no_models_r683() -> None:
    game = set_up(scrawny("L1"), begins=False)
    apply_all(game, "pentacle L1 20,12", "pentacle L1 20,4", "pentacle L1 20,20")
    assert game.result is not None and game.result.winner == 0
    assert events(game, "game-over")[0].rule == "Scrawny Ones: Imprisoned (R:683)"
    assert not dice_left(game)  # no roll-off for the first Turn: the game is over


def test_sa_imprisoned_a_suicide_at_a_pentacle_brings_forth_a_scrawny_one_beside_it_r683() -> None:
    game = at_the_pentacle(agent("L3"), L3=(10.0, 10.0 + TOUCH))
    game.apply("nominate L1")
    assert "suicide L1 pentacle-1" in options(game)
    game.apply("suicide L1 pentacle-1")
    assert game.decision is not None and game.decision.kind == "scrawny-arrives"
    refused(game, "scrawny-arrives L2 pentacle-1 20,20", "the base must touch Pentacle 1")
    refused(game, "scrawny-arrives L2 pentacle-1 10.5,10", "the base would overlap L1")
    game.apply("scrawny-arrives L2 pentacle-1 11.99,10")
    assert model(game, "L2").pos == (11.99, 10.0) and model(game, "L2").removed is None
    assert model(game, "L1").removed == "Sacrificed"
    assert kinds(game)[-4:-1] == ["suicide", "brought-forth", "removed"]
    assert not events(game, "resolve")  # no Injury removed it: L3 beside it tests nothing
    assert not dice_left(game)


def test_sa_imprisoned_no_suicide_out_of_contact_by_a_scrawny_one_or_with_none_waiting_r683() -> (
    None
):
    game = at_the_pentacle(agent("L4"), L4=(5.0, 5.0))
    game.apply("nominate L4")
    refused(game, "suicide L4 pentacle-1", "L4 is not in base contact with Pentacle 1")
    refused(game, "suicide L4 pentacle-9", "there is no Pentacle 'pentacle-9' on the table")
    game = at_the_pentacle(scrawny("L3"), L3=(10.0 + TOUCH, 10.0 + TOUCH))
    game.apply("nominate L3")
    refused(game, "suicide L3 pentacle-1", "L3 would only free another Scrawny One in its place")
    game = at_the_pentacle()
    model(game, "L2").removed = "Minor Injury"
    game.apply("nominate L1")
    refused(game, "suicide L1 pentacle-1", "no Scrawny One of L1's side is left imprisoned")


def test_sa_imprisoned_a_pentacle_is_destroyed_as_an_object_of_con_9_and_1_wound_r683() -> None:
    game = book(
        agent("T1", weapons=["sledgehammer"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": FAR},
        board=ALTARS,
        dice=script("to-wound", 5, 4),
    )
    apply_all(game, "nominate T1", "smash T1 pentacle-1")
    assert events(game, "object-hit")[0].data["wounds"] == 1  # 5 + 4 against Con 9
    assert [p.id for p in pentacles(game)] == ["pentacle-2"]
    assert events(game, "destroyed")[0].rule == "Scrawny Ones: Imprisoned (R:683)"
    assert not dice_left(game)


def test_sa_imprisoned_the_heuristic_sacrifices_a_model_worth_no_more_than_a_scrawny_one_r683() -> (
    None
):
    game = at_the_pentacle()
    game.apply("nominate L1")
    suicide, stay = Action("suicide", ("L1", "pentacle-1")), Action("pass", ("L1",))
    scores = ai.score_actions(game, [suicide, stay])
    assert scores[0] > scores[1]


def test_sa_imprisoned_the_scrawny_ones_play_but_never_as_a_mob_r683(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    found = rules.book.lurkers["scrawny_ones"]
    assert playable(rules.book, load_played(), found)
    assert not mob_playable(found)
    text = '[[models]]\nprofile = "Scrawny Ones"\ncount = 5\nmob = true\n'
    mob = read_list(lurker_list(tmp_path, text), rules.book)
    assert unplayed(rules.book, load_played(), mob) == [
        "Scrawny Ones (Scrawny Ones): a Mob of Scrawny Ones (R:918; each comes forth alone,"
        " R:683) is not played yet"
    ]


# -- Scrawny Ones: Teleport (R:683) ------------------------------------------------------------


def test_sa_teleport_from_one_pentacle_to_base_contact_with_another_r683() -> None:
    game = at_the_pentacle(L2=(11.99, 10.0))
    game.apply("nominate L2")
    assert "teleport L2 pentacle-2" in options(game)
    game.apply("teleport L2 pentacle-2")
    refused(game, "scrawny-arrives L2 pentacle-2 11.99,10", "the base must touch Pentacle 2")
    game.apply("scrawny-arrives L2 pentacle-2 20,5")
    assert model(game, "L2").pos == (20.0, 5.0)
    tele = events(game, "teleport")[0]
    assert (tele.rule, tele.models) == ("Scrawny Ones: Teleport (R:683)", ("L2",))
    assert not events(game, "moved")  # no Move: nothing to answer with an Alert shot


def test_sa_teleport_only_a_scrawny_one_touching_another_pentacle_r683() -> None:
    game = at_the_pentacle(L2=(5.0, 5.0))
    game.apply("nominate L1")
    refused(game, "teleport L1 pentacle-2", "L1 cannot Teleport")
    game = at_the_pentacle(L2=(5.0, 5.0))
    game.apply("nominate L2")
    refused(game, "teleport L2 pentacle-2", "L2 touches no other Pentacle to Teleport from")


# -- Servitor: Celestial Herald and Summoner (R:688) -------------------------------------------

HERALD = ["celestial_herald", "summoner"]
"""The Servitor's own rules (R:688)."""
SUMMONS = {
    "L*fire_daemon": (10, True),
    "L*scrawny_ones": (5, False),
    "L*godling+winged": (40, False),
}
"""Three Daemons a Servitor may summon, with their worth and whether Unique."""
SECOND_DAEMONS = ["daemonic_hound", "formless_thing", "shoggoth", "thousand_young", "night_gaunt"]
"""The profiles whose Daemon type is not their first Special (R:108)."""


def summoned(profile: str, skills: tuple[str, ...] = ()) -> dict[str, Any]:
    """The game profile of the Daemon ``profile`` that a Servitor summons, with ``skills``."""
    kind = profile[2:].split("+")[0]
    return agent(
        profile, name=kind, kind=kind, types=["daemon"], skills=list(skills), weapons=["claws"]
    )


def herald(
    piped: int, *others: dict[str, Any], daemons: tuple[str, ...] = (), **placed: Any
) -> Game:
    """The Lurkers' turn, the Servitor L1 at 10,10 with ``piped`` Points, just nominated; T1
    far off; the Daemons of :data:`SUMMONS` its to summon, each with the skills ``daemons``."""
    setup = forces(agent("T1"), agent("L1", abilities=HERALD), *others)
    setup["lurkers"]["spawns"] = [summoned(p, daemons) for p in SUMMONS]
    setup["lurkers"]["summons"] = [[p, v, u] for p, (v, u) in SUMMONS.items()]
    setup["lurkers"]["weapons"].append(WEAPONS["claws"])
    placed = {"T1": FAR, "L1": (10.0, 10.0), **placed}
    game = scenario(placed, ruleset_id=BOOK, setup=setup, active=1, start="nominate")
    game.state.piping = (("L1", piped),)
    game.apply("nominate L1")
    return game


def test_sa_celestial_herald_each_action_piping_gains_1d6_less_1_points_r688() -> None:
    game = herald(0)
    game.dice = ScriptedDice(script("piping", 4, 1))
    apply_all(game, "pipe L1", "pipe L1")
    assert game.state.piping == (("L1", 3),)
    piped = events(game, "piped")
    assert [(e.rule, e.data) for e in piped] == [
        ("Servitor: Celestial Herald (R:688)", {"gained": 3, "points": 3}),
        ("Servitor: Celestial Herald (R:688)", {"gained": 0, "points": 3}),
    ]
    assert not dice_left(game)


def test_sa_celestial_herald_no_piping_in_close_combat_r688() -> None:
    game = herald(0, T1=(10.0 + TOUCH, 10.0))
    assert "pipe L1" not in options(game)
    engaged = "L1 is in base-to-base with T1: it may only Charge, Move out of the combat (R:157)"
    refused(game, "pipe L1", engaged)


def test_sa_summoner_spends_every_point_its_daemon_comes_at_the_end_of_the_turn_r688() -> None:
    game = herald(12)
    assert [o for o in options(game) if o.startswith("summon")] == [
        "summon L1 L*fire_daemon",
        "summon L1 L*scrawny_ones",
    ]
    apply_all(game, "summon L1 L*fire_daemon", "pass L1")
    assert game.state.piping == (("L1", 0),)
    assert game.decision is not None and game.decision.kind == "summoned"
    refused(game, "summoned L1 L*fire_daemon 22,10", 'is placed within 10" of L1, not 11.02"')
    refused(game, "summoned L1 L*fire_daemon 10.5,10", "the base would overlap L1")
    game.apply("summoned L1 L*fire_daemon 20,10")
    come = model(game, "L1D1")
    assert (come.profile, come.side, come.pos, come.wounds) == ("L*fire_daemon", 1, (20.0, 10.0), 1)
    assert [e.kind for e in events(game, "summon")] == ["summon"]
    assert events(game, "summoned")[0].models == ("L1D1", "L1")
    assert game.state.summoning == ()
    assert events(game, "turn")[-1].data["side"] == 0  # the Threshold's turn follows


def test_r205_a_hideous_daemon_summoned_in_base_to_base_is_tested_before_any_round() -> None:
    """R:205, R:119: the Agent tests as the Watcher stands beside her; Catatonia leaves her
    Face Down in the combat, so she is removed (R:160) and no round is fought."""
    game = herald(
        12,
        agent("T2"),
        agent("T3"),
        daemons=("hideous",),
        T1=(20.0 + TOUCH, 10.0),
        T2=(40.0, 30.0),
        T3=(40.0, 28.0),
    )
    game.dice = ScriptedDice(script("resolve", 1, "insanity", 1))
    apply_all(game, "summon L1 L*fire_daemon", "pass L1", "summoned L1 L*fire_daemon 20,10")
    assert kinds(game)[-7:] == [
        "summoned",
        "resolve",
        "insanity",
        "face-down",
        "helpless",
        "removed",
        "turn",
    ]
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T1",),
        {"situation": "hideous:L1D1", "need": 4, "passed": False},
    )
    assert model(game, "T1").removed == "Major Injury"
    assert not events(game, "combat-totals")
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_r205_a_fear_daemon_summoned_within_5_is_tested_at_once() -> None:
    """R:205, R:210: the Agent 3" off tests for the Fear Daemon as it is placed."""
    game = herald(
        12, agent("T2"), daemons=("fear",), T1=(20.0 + TOUCH + 3.0, 10.0), T2=(40.0, 30.0)
    )
    game.dice = ScriptedDice(script("resolve", 4))
    apply_all(game, "summon L1 L*fire_daemon", "pass L1", "summoned L1 L*fire_daemon 20,10")
    assert kinds(game)[-3:] == ["summoned", "resolve", "turn"]
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T1",),
        {"situation": "fear:L1D1", "need": 4, "passed": True},
    )
    assert not dice_left(game)


def test_sa_summoner_a_daemon_worth_no_more_than_its_points_a_unique_one_once_r688() -> None:
    game = herald(9, agent("L2", kind="fire_daemon"), L2=(5.0, 5.0))
    refused(game, "summon L1 L*fire_daemon", "L1 has 9 Points: it may not summon the fire_daemon")
    game.state.piping = (("L1", 10),)
    refused(game, "summon L1 L*fire_daemon", "it may not summon the fire_daemon, worth 10")
    refused(game, "summon L1 L*conqueror_worm", "L1 summons no Daemon 'L*conqueror_worm'")


def test_sa_summoner_from_40_points_only_a_godling_r688() -> None:
    game = herald(41)
    assert [o for o in options(game) if o.startswith("summon")] == ["summon L1 L*godling+winged"]
    refused(game, "summon L1 L*scrawny_ones", "L1 has 41 Points: it may not summon")


def test_sa_summoner_a_servitor_s_list_may_summon_every_played_daemon_r688(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    text = '[[models]]\nprofile = "Servitor"\n'
    setup = {
        "scenario": "monster-attack",
        "threshold": TEAM,
        "lurkers": lurker_list(tmp_path, text),
    }
    game = rules.new_game(setup, 1)
    summons = {p: (v, u) for p, v, u in game.setup["lurkers"]["summons"]}
    assert summons["L*fire_daemon"] == (10.0, True)
    assert summons["L*godling+winged"] == (40.0, False)  # its first Eldritch Power free (R:660)
    assert summons["L*godling+winged+spit_goo"] == (43.0, False)
    assert summons["L*god_spawn"] == (20.0, False)
    assert summons["L*tentacle"] == (7.0, False)  # bought by no list, summoned (R:698)
    assert "L*godling" not in summons  # a Godling starts with one Eldritch Power


def servitor_piped(rules: StrangeAeons, tmp_path: Path, piped: int) -> Game:
    """A monster attack of a Lurker list of one Servitor, L1 at 10,10 with ``piped`` Points
    and just nominated, against the sample team far off."""
    setup = {
        "scenario": "monster-attack",
        "threshold": TEAM,
        "lurkers": lurker_list(tmp_path, '[[models]]\nprofile = "Servitor"\n'),
    }
    placed = {"T1": (30.0, 18.0), "T2": (30.0, 20.0), "T3": (30.0, 22.0), "L1": (10.0, 10.0)}
    game = scenario(placed, ruleset_id=BOOK, setup=setup, active=1, start="nominate")
    game.state.piping = (("L1", piped),)
    game.apply("nominate L1")
    return game


def test_sa_summoner_a_beast_daemon_is_summoned_as_a_daemon_r688_r108(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    game = servitor_piped(rules, tmp_path, 25)
    summons = {p: v for p, v, _ in game.setup["lurkers"]["summons"]}
    assert [summons[f"L*{p}"] for p in SECOND_DAEMONS] == [12.0, 15.0, 25.0, 17.0, 11.0]
    assert "L*conqueror_worm" not in summons  # a Beast, not a Daemon
    apply_all(game, "summon L1 L*shoggoth", "pass L1", "summoned L1 L*shoggoth 16,10")
    assert events(game, "summon")[0].data == {"daemon": "Shoggoth", "spent": 25}
    assert (model(game, "L1D1").profile, model(game, "L1D1").pos) == ("L*shoggoth", (16.0, 10.0))


def test_sa_stalker_a_summoned_daemonic_hound_picks_no_prey_r562(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    game = servitor_piped(rules, tmp_path, 12)
    apply_all(game, "summon L1 L*daemonic_hound", "pass L1", "summoned L1 L*daemonic_hound 16,10")
    assert model(game, "L1D1").profile == "L*daemonic_hound"
    assert events(game, "turn")[-1].data["side"] == 0  # the Threshold's turn, no prey picked
    assert (game.state.prey, events(game, "prey")) == ((), [])


# -- Dark Puppeteer: Dark Spawn and its Command; Puppet: Mind Bomb (R:645-650) -----------------

PUPPET = agent("L:puppet", name="Puppet", kind="puppet", types=["daemon"], abilities=["mind_bomb"])
"""The Puppet's game profile as a Dark Puppeteer's side holds it (R:650)."""


def puppeteer(*others: dict[str, Any], wounds: int = 5, **placed: Any) -> Game:
    """The Lurkers' turn: T1 far off, the Dark Puppeteer L1 at 10,10 with ``wounds`` and its
    limited Command, and ``others`` placed as ``placed`` says; its side's Puppet spawn."""
    leader = agent(
        "L1",
        wounds=5,
        skills=["command"],
        abilities=["dark_spawn"],
        command_kinds=["puppet"],
    )
    setup = forces(agent("T1"), leader, *others)
    setup["lurkers"]["spawns"] = [PUPPET]
    placed = {"T1": FAR, "L1": {"pos": (10.0, 10.0), "wounds": wounds}, **placed}
    return scenario(placed, ruleset_id=BOOK, setup=setup, active=1, start="nominate")


def test_sa_dark_spawn_a_wound_of_its_own_creates_a_puppet_in_base_contact_r645() -> None:
    game = puppeteer()
    apply_all(game, "nominate L1", "dark-spawn L1")
    assert game.decision is not None and game.decision.kind == "puppet"
    refused(game, "puppet L1 13,10", "the Puppet is set down in base contact with L1")
    game.apply(f"puppet L1 {10 + TOUCH:.2f},10")
    born = model(game, "L1P1")
    assert (born.profile, born.side, born.name) == ("L:puppet", 1, "Puppet 1 of Agent L1")
    assert model(game, "L1").wounds == 4
    spawn = events(game, "dark-spawn")[0]
    assert (spawn.rule, spawn.models) == ("Dark Puppeteer: Dark Spawn (R:645)", ("L1", "L1P1"))


def test_sa_dark_spawn_its_last_wound_brings_the_injury_roll_r645() -> None:
    game = puppeteer(wounds=1)
    game.dice = ScriptedDice(script("injury", 6, 6))
    apply_all(game, "nominate L1", "dark-spawn L1", f"puppet L1 {10 + TOUCH:.2f},10")
    assert model(game, "L1P1").removed is None
    assert model(game, "L1").removed == "Major Injury"
    assert not dice_left(game)


def test_sa_dark_spawn_its_command_nominates_only_puppets_r1060() -> None:
    leader = agent("L1", skills=["command"], abilities=["dark_spawn"], command_kinds=["puppet"])
    game = commanding(leader, dict(PUPPET, id="L2"), agent("L3"))
    assert options(game) == ["nominate L2", "done"]
    reason = "L3 is no Puppet: the Command of L1 nominates only them (R:645)"
    refused(game, "nominate L3", reason)
    game.apply("nominate L2")


def test_sa_mind_bomb_the_puppet_goes_every_model_under_a_large_blast_is_stupid_r650() -> None:
    game = puppeteer(
        dict(PUPPET, id="L2"),
        agent("L3"),
        agent("T2"),
        L2=(20.0, 10.0),
        L3=(21.5, 10.0),
        T2=(20.0, 12.0),
    )
    game.dice = ScriptedDice(script("stupid", 1, 4))
    apply_all(game, "nominate L2", "mind-bomb L2")
    assert model(game, "L2").removed == "Mind Bomb"
    bomb = events(game, "mind-bomb")[0]
    assert (bomb.rule, bomb.models) == ("Puppet: Mind Bomb (R:650)", ("L3", "T2"))
    assert game.state.stupefied == ("L3", "T2")
    assert not events(game, "resolve")  # removed by no Injury
    game.apply("nominate T2")  # the Threshold's turn
    assert events(game, "stupid")[0].models == ("T2",)  # a 1 before its Action forfeits it
    assert not dice_left(game)


def test_sa_dark_puppeteer_is_played_with_its_compelling_gaze_r645(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    text = '[[models]]\nprofile = "Dark Puppeteer"\n'
    found = unplayed(rules.book, load_played(), read_list(lurker_list(tmp_path, text), rules.book))
    assert found == []


def test_sa_summoner_the_heuristic_pipes_but_summons_a_daemon_of_7_points_or_more_r688() -> None:
    game = herald(12)
    pipe, scrawny, fire = (
        Action("pipe", ("L1",)),
        Action("summon", ("L1", "L*scrawny_ones")),
        Action("summon", ("L1", "L*fire_daemon")),
    )
    low, middle, high = ai.score_actions(game, [scrawny, pipe, fire])
    assert low < middle < high
