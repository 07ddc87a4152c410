"""The Squad Leader's Back Up (R:453, rules notes §3.2): alone on the table, an Action calls
for an Agent with 1 EP of gear, who comes on a 5 or 6 at a table edge. Scripted dice on forces
written by hand; each test is named after the rule and cites its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    R,
    apply_all,
    dice_left,
    events,
    model,
    options,
    refused,
)
from tests.rulesets.strange_aeons.lists import padded
from tests.rulesets.strange_aeons.rulebook import BOOK, agent, book, forces

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.back_up import RULE
from skirmish.rulesets.strange_aeons.base import catalog_of

LEADER = ["back_up"]
GUN = "T@handgun_45"
CLUB = "T@club&garlic"
KITS = [
    agent(CLUB, name="Agent with Club, Garlic", weapons=["unarmed", "club"], equipment=["garlic"]),
    agent(GUN, name="Agent with .45 Handgun", weapons=["unarmed", "handgun_45"]),
]
FAR = {"T1": (20.0, 20.0), "L1": (20.0, 40.0)}
EDGE = f"{R:.2f},20"
"""A point on the west edge: the base touches it."""
TEAM = """name = "Leader's team"
faction = "threshold"
map_pieces = 1

[[models]]
name = "Ames"
profile = "Character"
gear = ["Knife"]

[[models]]
name = "Blake"
profile = "Squad Leader"
"""


def backed(*profiles: dict[str, Any], kits: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Setup options holding ``profiles`` and, for the Threshold, the Agents of ``kits`` that
    its Back Up may call in."""
    given = KITS if kits is None else kits
    setup = forces(*profiles, *given)
    side = setup["threshold"]
    called = {k["id"] for k in given}
    side["models"] = [m for m in side["models"] if m["id"] not in called]
    return {"threshold": {**side, "spawns": given, "back-up": [k["id"] for k in given]}} | {
        "lurkers": setup["lurkers"]
    }


def alone(*faces: int, placed: dict[str, Any] | None = None, **more: Any) -> Game:
    """T1, a Squad Leader, alone against L1 far away, nominated; ``faces`` for his calls."""
    game = book(
        placed=placed or FAR,
        setup=backed(agent("T1", abilities=LEADER), agent("L1"), *more.pop("others", ())),
        dice=script("back up", *faces),
        **more,
    )
    game.apply("nominate T1")
    return game


def test_r453_back_up_a_5_brings_an_agent_with_the_gear_chosen_on_a_table_edge() -> None:
    """R:453: the call's D6 is a 5; his player picks the Agent's 1 EP of gear, then a point
    on a table edge; the Agent is a Threshold model with that gear and whole Wounds."""
    game = alone(5)
    game.apply("back-up T1")
    call = events(game, "back-up")[0]
    assert (call.rule, call.models, call.data) == (RULE, ("T1",), {"comes": True})
    assert options(game) == [f"back-up-kit T1 {CLUB}", f"back-up-kit T1 {GUN}"]
    game.apply(f"back-up-kit T1 {CLUB}")
    game.apply(f"back-up-agent T1 {CLUB} {EDGE}")
    came = model(game, "T1A1")
    assert (came.side, came.profile, came.pos, came.wounds) == (0, CLUB, (round(R, 2), 20.0), 1)
    assert came.name == "Agent with Club, Garlic (Back Up)"
    assert catalog_of(game).profile(came.profile).carries("garlic")
    came_in = events(game, "backed-up")[0]
    assert came_in.models == ("T1A1", "T1")
    assert game.ruleset.describe(game, call) == (
        "Agent T1 (T1) calls for Back Up: an Agent comes  [Squad Leader: Back Up (R:453)]"
    )
    assert game.ruleset.describe(game, came_in).startswith(
        "Agent with Club, Garlic (Back Up) (T1A1) comes at 0.49,20 to back Agent T1 (T1) up"
    )
    assert not dice_left(game)


def test_r453_back_up_a_1_to_4_brings_nobody_and_he_may_call_again() -> None:
    """R:453: a 4 brings no Agent; the next Action may call again (our reading), and a 6
    brings him."""
    game = alone(4, 6)
    game.apply("back-up T1")
    assert events(game, "back-up")[0].data == {"comes": False}
    assert "back-up T1" in options(game)
    game.apply("back-up T1")
    assert game.decision is not None and game.decision.kind == "back-up-kit"
    assert not dice_left(game)


def test_r453_back_up_the_agent_comes_only_with_his_base_on_a_table_edge() -> None:
    """R:453: a point away from every edge is refused, the game unchanged."""
    game = alone(5)
    apply_all(game, "back-up T1", f"back-up-kit T1 {GUN}")
    refused(game, f"back-up-agent T1 {GUN} 10,20", "the Agent appears on a table edge")


def test_r453_back_up_the_agent_is_nominated_as_usual() -> None:
    """R:453: the Agent is nominated as any Threshold model, in the Turns after he comes."""
    game = alone(5)
    apply_all(game, "back-up T1", f"back-up-kit T1 {GUN}", f"back-up-agent T1 {GUN} {EDGE}")
    apply_all(game, "pass T1", "nominate L1", "pass L1", "pass L1")
    assert "nominate T1A1" in options(game)


def test_r453_back_up_refused_while_a_friend_stands_face_down_too() -> None:
    """R:453: a friend still on the table, Face Down, keeps him from being the last man
    standing; the call is neither offered nor taken."""
    placed = {**FAR, "T2": {"pos": (30.0, 20.0), "state": "face-down"}}
    game = alone(placed=placed, others=[agent("T2")])
    assert "back-up T1" not in options(game)
    refused(game, "back-up T1", "T1 is not the last man standing: T2 is on the table")


def test_r453_back_up_an_animal_is_no_man() -> None:
    """R:453, our reading: his Animal (a Dog, a Horse) still on the table leaves him the last
    man standing."""
    dog = agent("T2", types=["animal"], handler="T1")
    game = alone(5, placed={**FAR, "T2": (22.0, 20.0)}, others=[dog])
    apply_all(game, "done", "back-up T1")
    assert events(game, "back-up")[0].data == {"comes": True}


def test_r453_back_up_one_agent_a_game_even_once_he_is_down() -> None:
    """R:453, our reading: once an Agent has come, no call is made again, even when he has
    been removed."""
    game = alone(5)
    apply_all(game, "back-up T1", f"back-up-kit T1 {GUN}", f"back-up-agent T1 {GUN} {EDGE}")
    model(game, "T1A1").removed = True
    assert "back-up T1" not in options(game)
    refused(game, "back-up T1", "T1's Back Up has come already: one Agent a game")


def test_r453_back_up_refused_to_a_model_without_it() -> None:
    """R:453: only a profile with Back Up calls for it."""
    game = book(placed=FAR, setup=backed(agent("T1"), agent("L1")))
    game.apply("nominate T1")
    refused(game, "back-up T1", "T1 has no Back Up to call")


def test_r453_back_up_kits_are_the_sets_of_played_items_worth_1_ep(tmp_path: Path) -> None:
    """R:453, R:350, R:460, R:1243: a team with a Squad Leader is set up with an Agent for
    each set of items worth exactly 1 EP that an Agent may carry: one Extra Gear item at
    most, ammunition only with its weapon; each kit's armour counts (R:1207)."""
    path = tmp_path / "team.toml"
    path.write_text(padded(TEAM), "utf-8")
    side = find_ruleset(BOOK).normalize_setup({"threshold": str(path), "list-seed": 1})
    threshold = side["threshold"]
    called = threshold["back-up"]
    assert {GUN, "T@club&garlic", "T@knife&short_bow", "T@heavy_armoured_vest"} <= set(called)
    assert "T@garlic&whip" not in called and "T@fire_arrows&knife" not in called
    # A Short Bow comes with its Fire Arrows (R:1222): the two are worth 0.5 EP, no kit; with
    # another type paid for, three items make 1 EP, and naming the Fire Arrows alone adds
    # nothing to the bow.
    assert "T@fire_arrows&short_bow" not in called
    assert {
        "T@fire_arrows&metal_point_arrows&short_bow",
        "T@knife&metal_point_arrows&short_bow",
    } <= (set(called))
    assert "T@fire_arrows&knife&short_bow" not in called
    spawned = {p["id"]: p for p in threshold["spawns"]}
    vest = spawned["T@knife&light_armoured_vest"]
    assert (vest["armour"], vest["name"]) == (1, "Agent with Knife, Light Armoured Vest")
    assert all(spawned[k]["kind"] == "agent" and not spawned[k]["skills"] for k in called)


def test_r453_back_up_kits_carry_an_item_twice_as_a_list_may(tmp_path: Path) -> None:
    """R:453, R:350, R:460, R:1243, R:474: a list may buy an Agent two Knives, so a kit may
    hold them; not two Extra Gear items (one for an Agent), nor one ammunition type twice (the
    one upgrade), nor two pieces of armour (one worn); each kit once, in the same order on
    every set-up."""
    path = tmp_path / "team.toml"
    path.write_text(padded(TEAM), "utf-8")
    rules = find_ruleset(BOOK)
    threshold = rules.normalize_setup({"threshold": str(path), "list-seed": 1})["threshold"]
    called = threshold["back-up"]
    assert "T@knife&knife" in called
    assert "T@garlic&garlic" not in called
    assert "T@light_armoured_vest&light_armoured_vest" not in called
    assert "T@knife&metal_point_arrows&metal_point_arrows&short_bow" not in called
    assert len(called) == len(set(called)) == 172
    spawned = {p["id"]: p for p in threshold["spawns"]}
    knives = spawned["T@knife&knife"]
    assert (knives["name"], knives["weapons"]) == (
        "Agent with Knife, Knife",
        ["unarmed", "knife", "knife"],
    )
    again = rules.normalize_setup({"threshold": str(path), "list-seed": 2})["threshold"]
    assert again["back-up"] == called


def test_r453_back_up_the_heuristic_calls_alone_and_arms_the_agent_against_the_foe() -> None:
    """R:453: the heuristic player calls for Back Up when alone, and equips the Agent with
    the gear it scores best: a Club against an Agent with a Knife, who loses close combats to
    it, a .45 Handgun against a clawed brute of 3 Attacks, who wins them."""
    for foe, best in ((agent("L1"), CLUB), (agent("L1", attacks=3, weapons=["claws"]), GUN)):
        setup = backed(agent("T1", abilities=LEADER), foe)
        game = book(placed=FAR, setup=setup, dice=script("back up", 5))
        game.apply("nominate T1")
        assert _best(game).kind == "back-up"
        game.apply("back-up T1")
        assert _best(game).args[1] == best


def _best(game: Game) -> Action:
    """The option of the decision the heuristic scores best."""
    assert game.decision is not None
    found = list(game.decision.options)
    scores = ai.score_actions(game, found)
    return found[scores.index(max(scores))]


def test_r453_random_teams_for_play_hire_the_squad_leader() -> None:
    """R:376, R:453: the Squad Leader is played, so random teams hire him now and then (less
    often since a new team spends all of its 15 points, R:350: one seed in 50)."""
    rules = find_ruleset(BOOK)
    hired = [
        seed
        for seed in range(50)
        if any(
            "back_up" in m["abilities"]
            for m in rules.normalize_setup({"list-seed": seed})["threshold"]["models"]
        )
    ]
    assert hired
