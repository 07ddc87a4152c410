"""The Evidence-gap advantages in play (K1.4; notes A83, A84, A87), with fixed dice: rolled
by the gap's band or named by the setup, and what each one changes in the game."""

from __future__ import annotations

import os
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    advance_to,
    dice_left,
    events,
    options,
    played_out,
    scenario,
    script,
    unchanged,
)
from tests.rulesets.sacred_wire.test_missions import new_game as start

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game.draws import Draws
from skirmish.rulesets.sacred_wire.game.space import COWORKERS
from skirmish.rulesets.sacred_wire.game.state import WireGame
from skirmish.rulesets.sacred_wire.hostiles.arrival import Arrivals
from skirmish.rulesets.sacred_wire.hostiles.group import best_target
from skirmish.rulesets.sacred_wire.missions.advantages import NOT_IN_PLAY, known
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import Situation
from skirmish.rulesets.sacred_wire.squads.roster import roll_modifiers

RULESET = find_ruleset("sacred-wire")
B_FIRST = script("roll-off", 2, 3, "roll-off", 4, 5)  # side B is First Player
A_FIRST = script("roll-off", 4, 5, "roll-off", 2, 3)
# Side A holds 2 Evidence, side B none: A is the Aggressor, B the Defender (K1.3).
MISSION = {"mission": "control", "evidence_a": 2}


def new_game(dice: list[tuple[str, int]], **chosen: Any) -> WireGame:
    """A mission game where side A attacks (:data:`MISSION`), at its first decision."""
    game: WireGame = start({**MISSION, **chosen}, dice)
    return game


# --- K1.4: rolled on the gap's band, or named -------------------------------------------------


def test_k1_4_a_gap_of_2_rolls_one_setup_and_one_tactical_for_the_defender() -> None:
    dice = [*B_FIRST, *script("setup-advantage", 2, "tactical-advantage", 3)]
    game = new_game(dice)
    assert game.state.advantages == ("edge-first", "boss-guard")
    (told,) = events(game, "advantages")
    assert told.data == {"side": 1, "names": ["Edge first", "Boss guard"]} and told.rule == "K1.4"
    assert dice_left(game) == []


def test_notes_a87_a_gap_of_4_the_defender_picks_the_extra_table_and_duplicates_roll_again() -> (
    None
):
    game = new_game(B_FIRST, evidence_a=4)
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "advantage-table")
    game.dice = ScriptedDice(
        script("setup-advantage", 1, "tactical-advantage", 1, "tactical-advantage", 1, 4)
    )
    game.apply("advantage-table tactical")
    assert game.state.advantages == ("redeploy", "deploy-last", "first-token")
    assert dice_left(game) == []


def test_k1_4_terrain_is_not_in_play_and_is_rolled_again() -> None:
    dice = [*B_FIRST, *script("setup-advantage", 4, 5, "tactical-advantage", 3)]
    game = new_game(dice)
    assert game.state.advantages == ("place-loot", "boss-guard")


def test_k1_4_a_gap_of_0_or_1_gives_none() -> None:
    game = new_game(B_FIRST, evidence_a=1)
    assert game.state.advantages == ()
    assert "holds no advantage" in game.describe(events(game, "advantages")[0])


@pytest.mark.parametrize(
    ("chosen", "match"),
    [
        ({"advantages": ["sunshine"]}, r"no advantage 'sunshine'; known: redeploy, edge-first"),
        ({"advantages": ["boss-guard", "boss-guard"]}, "named twice"),
        ({"advantages": ["terrain"]}, "terrain is not in play yet"),
        ({"advantages": "some"}, "'rolled' or a list of advantage ids"),
        ({"mission": None, "advantages": ["boss-guard"]}, "they need a mission"),
        (
            {"mission": "the-signal", "hostiles": "scrapers", "advantages": ["boss-guard"]},
            r"a trigger mission has its own setup",
        ),
    ],
)
def test_k1_4_bad_advantages_are_refused_in_one_line(chosen: dict[str, Any], match: str) -> None:
    given = {**MISSION, **chosen}
    if given["mission"] is None:
        given = {k: v for k, v in given.items() if k not in ("mission", "evidence_a")}
    with pytest.raises(SkirmishError, match=match):
        RULESET.normalize_setup(given)


# --- what each one does -------------------------------------------------------------------------


def test_k1_4_setup_2_edge_first_the_defender_picks_the_edge() -> None:
    game = new_game(A_FIRST, advantages=["edge-first"])  # A is First Player, B the Defender
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "edge")


def test_k1_4_tactical_1_deploy_last_the_aggressor_deploys_every_model_first() -> None:
    game = new_game(B_FIRST, advantages=["deploy-last"])
    advance_to(game, "deploy")
    deployers = []
    while game.decision is not None and game.decision.kind == "deploy":
        deployers.append(game.decision.player)
        spec = game.decision.points[0]
        x, y = RULESET.candidate_points(game, spec)[0]
        game.apply(Action.at(spec.kind, spec.args, x, y))
    assert deployers == [0] * 5 + [1] * 5


def test_k1_4_setup_1_redeploy_moves_one_aggressor_model_within_its_zone() -> None:
    game = new_game(B_FIRST, advantages=["redeploy"])
    advance_to(game, "redeploy")
    assert game.decision is not None and game.decision.player == 1
    assert {s.args[0] for s in game.decision.points} == {"A1", "A2", "A3", "A4", "A5"}
    south = game.state.zones[0] == ("south",)
    far, near = ("12,23", "12,1") if south else ("12,1", "12,23")
    unchanged(game, f"redeploy A2 {far}", r"the base must be wholly within 3\" of the")
    game.apply(f"redeploy A2 {near}")
    assert game.model("A2").pos == (12.0, 1.0 if south else 23.0)
    assert events(game, "redeployed")[0].rule == "K1.4"


def test_k1_4_tactical_6_free_search_rolls_the_find_table_at_once() -> None:
    game = new_game([*B_FIRST, *script("find", 14)], advantages=["free-search"])
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "free-search")
    assert options(game) == [f"free-search B{n}" for n in range(1, 6)]
    game.apply("free-search B3")
    assert [(f.searcher, f.kind, f.amount) for f in game.state.finds] == [("B3", "subs", 12)]
    assert dice_left(game) == []


def test_k1_4_setup_5_the_defender_places_every_loot_marker_anywhere_clear() -> None:
    game = new_game(B_FIRST, loot="trail", advantages=["place-loot"])
    for n in range(4):  # a Trail's four markers, none laid down by itself
        assert game.decision is not None
        assert (game.decision.player, game.decision.kind) == (1, "place-loot")
        game.apply(f"place-loot {2 + n},2")
    assert [mk.point for mk in game.state.loot] == [(2.0, 2.0), (3.0, 2.0), (4.0, 2.0), (5.0, 2.0)]
    assert {mk.side for mk in game.state.loot} == {1}


def test_k1_4_setup_6_the_defender_places_every_coworker_anywhere() -> None:
    chosen = {"coworkers": "swarm-edge", "coworker_modifier": "standard"}
    game = new_game([*B_FIRST, *script("spawn-unit", 2)], advantages=["place-coworkers"], **chosen)
    placed = []
    while game.decision is not None and game.decision.kind == "place-coworker":
        assert game.decision.player == 1
        mid = game.decision.points[0].args[0]
        game.apply(f"place-coworker {mid} {6 + 2 * len(placed)},6")
        placed.append(mid)
    assert placed == ["C1", "C2", "C3", "C4"]  # Temps, 2+2, none at the edge by itself
    assert all(m.y == 6.0 for m in game.models if m.side == COWORKERS)


def in_round(
    round_: int,
    steps: list[Any],
    advantages: tuple[str, ...],
    first_draw: bool = False,
    **more: Any,
) -> WireGame:
    """A mission game in ``round_`` whose Defender (side B) holds ``advantages``; side A is
    the First Player."""
    game = scenario({"A1": (3.0, 3.0), "B1": (21.0, 21.0)}, round=round_, **more)
    st = game.state
    st.mission, st.defender, st.advantages, st.first_draw = "control", 1, advantages, first_draw
    game.begin(steps)
    return game


def test_k1_4_tactical_4_first_token_the_defender_activates_first_in_round_1() -> None:
    game = in_round(1, [Draws()], ("first-token",), first_draw=True)
    (first,) = events(game, "first-draw")
    assert first.data["side"] == 1 and first.rule == "K1.4"
    assert game.decision is not None and game.decision.player == 1


def test_k1_4_tactical_5_the_first_spawn_comes_a_round_late() -> None:
    # Early: Round 1 Swarm, Round 2 Normal; delayed, both come in Round 2.
    early = in_round(1, [Arrivals()], ("delayed-spawn",), hostiles="scrapers")
    assert events(early, "spawn") == []
    dice = script("spawn-unit", 1, "spawn-location", 2, "spawn-unit", 1, "spawn-location", 2)
    late = in_round(2, [Arrivals()], ("delayed-spawn",), hostiles="scrapers", dice=dice)
    assert [e.data["tier"] for e in events(late, "spawn")] == ["swarm", "normal"]
    assert dice_left(late) == []


def test_k1_4_setup_3_spawn_choice_the_defender_names_the_spawn_location() -> None:
    game = in_round(1, [Arrivals()], ("spawn-choice",), hostiles="scrapers")
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "spawn-location")
    game.dice = ScriptedDice(script("spawn-unit", 1))
    game.apply("spawn-location centre")
    assert events(game, "spawn")[0].data["location"] == "Centre"
    assert dice_left(game) == []


def test_k1_4_tactical_2_hostiles_go_for_the_aggressor_until_round_3() -> None:
    # Sunita (A3, Defense 2d4) is the easier target, but side A is the Aggressor only when B
    # defends; with A the Defender, the Gutter Runner goes for B1 in Rounds 1 and 2.
    placed = {"A3": (12.0, 18.0), "B1": (12.0, 6.0)}
    spawned = (("Gutter Runner", (12.0, 12.0)),)
    for round_, target in ((2, "B1"), (3, "A3")):
        game = scenario(placed, hostiles="scrapers", spawned=spawned, round=round_)
        game.state.mission, game.state.defender = "control", 0
        game.state.advantages = ("hostile-focus",)
        found = best_target(game, game.model("H1"), Situation.HAS_LOS)
        assert found is not None and found.id == target


def test_k1_4_tactical_3_boss_guard_gives_the_defenders_boss_plus_1_dt_defense() -> None:
    game = new_game(B_FIRST, advantages=["boss-guard"])
    boss = game.model("B1")
    assert [(t.steps, t.source, t.rule) for t in roll_modifiers(boss, "defense")] == [
        (1, "Boss guard", "K1.4")
    ]
    assert roll_modifiers(game.model("A1"), "defense") == ()


# --- whole games ------------------------------------------------------------------------------

GAMES = int(os.environ.get("SKIRMISH_ADVANTAGE_GAMES", "2"))
EVERY = [a for a in known(CATALOG.missions) if a not in NOT_IN_PLAY]


def test_random_games_with_every_advantage_keep_the_contract() -> None:
    for seed in range(GAMES):
        setup = {
            "mission": "random",
            "evidence_b": 6,
            "hostiles": "random",
            "coworkers": "random",
            "loot": "heavy-drop",
            "advantages": EVERY,
        }
        game = random_game(RULESET, seed, setup, deep=seed == 0)
        assert game.state.advantages == tuple(EVERY)
        played_out(game, COWORKERS)
