"""The Evidence-gap advantages in play (K1.4; notes A83, A84, A87), with fixed dice: rolled
by the gap's band or named by the setup, and what each one changes in the game."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    advance_to,
    board,
    dice_left,
    events,
    options,
    place_models,
    played_out,
    rect,
    scenario,
    script,
    specs,
    text,
    unchanged,
)
from tests.rulesets.sacred_wire.test_missions import new_game as start

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.restore import replay, restore
from skirmish.errors import SkirmishError
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game.draws import Draws
from skirmish.rulesets.sacred_wire.game.space import COWORKERS, in_cover, placement_problem, sees
from skirmish.rulesets.sacred_wire.game.state import WireGame
from skirmish.rulesets.sacred_wire.hostiles.arrival import Arrivals
from skirmish.rulesets.sacred_wire.hostiles.group import best_target
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.missions.advantages import known
from skirmish.rulesets.sacred_wire.missions.loot import contamination
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import Situation
from skirmish.rulesets.sacred_wire.squads.roster import roll_modifiers
from skirmish.svg import render_svg
from skirmish.textmap import text_map
from skirmish.web.board import board_svg

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


def test_k1_4_setup_4_terrain_is_rolled_and_granted_like_the_others() -> None:
    dice = [*B_FIRST, *script("setup-advantage", 4, "tactical-advantage", 3)]
    game = new_game(dice)
    assert game.state.advantages == ("terrain", "boss-guard")
    assert dice_left(game) == []


def test_k1_4_a_gap_of_0_or_1_gives_none() -> None:
    game = new_game(B_FIRST, evidence_a=1)
    assert game.state.advantages == ()
    assert "holds no advantage" in game.describe(events(game, "advantages")[0])


@pytest.mark.parametrize(
    ("chosen", "match"),
    [
        ({"advantages": ["sunshine"]}, r"no advantage 'sunshine'; known: redeploy, edge-first"),
        ({"advantages": ["boss-guard", "boss-guard"]}, "named twice"),
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


@pytest.mark.parametrize(
    ("deployment", "pick", "aggressor", "defender"),
    [
        ("center", "edge north", ("north",), ("centre",)),
        ("split", "split south-west", ("south", "west"), ("north-east",)),
    ],
)
def test_k1_4_setup_2_edge_first_the_defender_picks_the_aggressors_edges_in_split_and_center(
    deployment: str, pick: str, aggressor: tuple[str, ...], defender: tuple[str, ...]
) -> None:
    # K1.3: the Aggressor deploys along the edges, the Defender in the centre or the corner;
    # the advantage gives the Defender the pick (notes A84), not the Aggressor's zones.
    game = new_game(A_FIRST, advantages=["edge-first"], deployment=deployment)
    assert game.decision is not None and game.decision.player == 1
    game.apply(pick)
    assert game.state.zones == (aggressor, defender)


@pytest.mark.parametrize(("deployment", "sign"), [("center", -1.0), ("standard", 1.0)])
def test_k1_4_setup_2_edge_first_the_defender_gives_the_aggressor_the_edge_farthest_off(
    monkeypatch: pytest.MonkeyPatch, deployment: str, sign: float
) -> None:
    # A marker near the north edge: the heuristic Defender picks its own edge nearest it
    # (Standard), but sends the Aggressor to the edge farthest from it (Center).
    monkeypatch.setattr(zones, "objectives", lambda game: [("beacon", (12.0, 20.0))])
    game = new_game(A_FIRST, advantages=["edge-first"], deployment=deployment)
    assert game.decision is not None and game.decision.kind == "edge"
    options = list(game.decision.options)
    scores = RULESET.score_actions(game, options)
    assert scores == [sign * zones.edge_score(game, a) for a in options]
    best = options[scores.index(max(scores))]
    assert best.args == (("south",) if sign < 0 else ("north",))


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
    assert [(f.searcher, f.kind, f.amount, f.rule) for f in game.state.finds] == [
        ("B3", "subs", 12, "K1.4")
    ]
    assert dice_left(game) == []


def test_k1_4_tactical_6_contaminated_spares_the_free_searcher() -> None:
    # The free search rolls the find table at no marker: nothing it found is Contaminated
    # loot (K1.3, notes A89).
    dice = [*B_FIRST, *script("find", 14)]
    chosen = {"loot": "heavy-drop", "loot_modifier": "contaminated"}
    game = new_game(dice, advantages=["free-search"], **chosen)
    game.apply("free-search B3")
    place_models(game, {"B3": (12.0, 20.0)})
    b3 = game.model("B3")
    game.state.round, health = 2, b3.health
    assert contamination(game) == [] and b3.health == health


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

GAMES = int(os.environ.get("SKIRMISH_ADVANTAGE_GAMES", "1"))
EVERY = list(known(CATALOG.missions))


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


# --- Setup 4, Terrain (K1.4; missions/terrain.py) -----------------------------------------------


def terrain_game(**chosen: Any) -> WireGame:
    """A mission game whose Defender (side B, the First Player) holds Terrain, at its first
    placement: the zones are picked (side B north, side A south on the Standard deployment)
    and no model is deployed yet."""
    game = new_game(B_FIRST, advantages=["terrain"], **chosen)
    advance_to(game, "place-terrain")
    return game


def test_k1_4_setup_4_terrain_the_defender_places_two_pieces_before_deployment() -> None:
    game = terrain_game()
    assert game.decision is not None and game.decision.player == 1
    assert game.state.zones == (("south",), ("north",)) and game.state.deployed == ()
    assert specs(game) == [
        "place-terrain crate 0 <x,y>",
        "place-terrain barricade 0 <x,y>",
        "place-terrain barricade 90 <x,y>",
        "place-terrain bulkhead 0 <x,y>",
        "place-terrain bulkhead 90 <x,y>",
    ]
    game.apply("place-terrain crate 0 6,12")
    game.apply("place-terrain bulkhead 90 18,12")
    crate, bulkhead = game.board.terrain
    assert (crate.id, crate.name, crate.polygon) == (
        "placed-1",
        "Crate stack",
        ((5.25, 11.25), (6.75, 11.25), (6.75, 12.75), (5.25, 12.75)),
    )
    assert (bulkhead.id, bulkhead.bbox, bulkhead.height) == (
        "placed-2",
        (17.5, 11.0, 18.5, 13.0),
        5.0,
    )
    assert RULESET.board(game.setup).terrain == ()  # the setup's board is left as it was
    placed = events(game, "terrain-placed")
    assert [e.rule for e in placed] == ["K1.4", "K1.4"]
    assert game.describe(placed[0]) == (
        "side B (Firing Line) places the Crate stack placed-1 at 6,12, turned 0 degrees  [K1.4]"
    )
    assert game.decision is not None and game.decision.kind == "deploy"


def test_k1_4_setup_4_terrain_pieces_block_movement_and_sight_and_give_cover_by_kind() -> None:
    game = terrain_game()
    game.apply("place-terrain crate 0 6,12")
    game.apply("place-terrain bulkhead 0 18,12")
    place_models(game, {"A1": (6.0, 6.0), "B1": (6.0, 13.5), "A2": (18.0, 6.0), "B2": (18.0, 13.5)})
    a1, b1, a2, b2 = (game.model(i) for i in ("A1", "B1", "A2", "B2"))
    assert placement_problem(game, a1, (6.0, 12.0), None) == "the base would overlap Crate stack"
    assert sees(game, a1, b1) and in_cover(game, a1, b1)  # waist-high: seen, in cover
    assert not sees(game, a2, b2)  # the tall bulkhead hides B2
    game.replace_board(RULESET.board(game.setup))  # the same table without the pieces
    assert sees(game, a2, b2) and not in_cover(game, a1, b1)


def test_k1_4_setup_4_terrain_a_barricade_turned_runs_north_south_and_covers_legs() -> None:
    game = terrain_game()
    game.apply("place-terrain barricade 90 12,12")
    (barricade,) = game.board.terrain
    assert barricade.bbox == (11.75, 10.5, 12.25, 13.5)
    place_models(game, {"A1": (6.0, 12.0), "B1": (13.0, 12.0)})
    a1, b1 = game.model("A1"), game.model("B1")
    assert sees(game, a1, b1) and in_cover(game, a1, b1)


@pytest.mark.parametrize(
    ("action", "match"),
    [
        (
            "place-terrain barricade 0 1,12",
            r"^illegal action .*: the Barricade would go off the table$",
        ),
        (
            "place-terrain crate 0 12.5,12.5",
            r"the Crate stack would overlap Crate stack \(placed-1\)",
        ),
        (
            "place-terrain tank 0 12,12",
            r"no terrain piece 'tank'; the pieces: crate, barricade, bulkhead",
        ),
        ("place-terrain barricade 45 6,6", r"the Barricade is placed turned 0 or 90 degrees"),
        ("place-terrain crate 6,6", r"the Crate stack is placed turned 0 degrees"),
        ("place-terrain crate 0", r"cut short: write it whole, as 'place-terrain crate 0 <x,y>'"),
    ],
)
def test_k1_4_setup_4_terrain_an_illegal_placement_is_refused_and_changes_nothing(
    action: str, match: str
) -> None:
    game = terrain_game()
    game.apply("place-terrain crate 0 12,12")
    unchanged(game, action, match)


def test_k1_4_setup_4_terrain_keeps_1_inch_from_markers_and_off_models() -> None:
    chosen = {"loot": [[12, 8]], "coworkers": "elite-centre", "coworker_modifier": "standard"}
    game = new_game([*B_FIRST, *script("spawn-unit", 1)], advantages=["terrain"], **chosen)
    advance_to(game, "place-terrain")
    unchanged(
        game, "place-terrain crate 0 12,9.5", r'would be 0.75" from marker L1; a piece stays 1"'
    )
    c1 = next(m for m in game.models if m.side == COWORKERS and m.on_table)
    x, y = c1.pos
    overlap = f"the Crate stack would overlap {re.escape(c1.label)}"
    unchanged(game, f"place-terrain crate 0 {x + 1},{y}", overlap)
    game.apply("place-terrain crate 0 12,10.5")  # 1.75" from the marker's point: clear


def test_k1_4_setup_4_terrain_a_piece_that_leaves_a_squad_too_little_room_is_refused() -> None:
    game = terrain_game(deployment="corners")  # side B in the 4" south-west corner
    assert game.state.zones[1] == ("south-west",)
    game.apply("place-terrain barricade 0 2,2")  # across the corner: room is left
    unchanged(
        game,
        "place-terrain barricade 0 2,1",
        r"the Barricade would leave side B too little room to deploy its 5 models \(K1.2, notes",
    )


def test_k1_4_setup_4_terrain_clone_save_and_replay_keep_the_placed_pieces() -> None:
    game = terrain_game()
    game.apply("place-terrain crate 0 6,12")
    game.apply("place-terrain barricade 90 18,12")
    twin = game.clone()
    restored = restore(json.loads(game.dumps()))
    again = replay(json.loads(json.dumps(game.record())), ScriptedDice(B_FIRST))
    for copy in (twin, restored, again):
        assert copy.board == game.board
        assert [t.id for t in copy.board.terrain] == ["placed-1", "placed-2"]
        assert copy.dumps() == game.dumps()
    assert "board" in game.to_json() and "board" not in new_game(B_FIRST, advantages=[]).to_json()
    for copy in (game, twin, restored, again):
        copy.apply("deploy A1 12,2")  # the copies play on alike, on the same table
    assert restored.dumps() == twin.dumps() == again.dumps() == game.dumps()


def test_k1_4_setup_4_terrain_drawings_show_the_placed_pieces() -> None:
    game = terrain_game()
    game.apply("place-terrain crate 0 6,12")
    game.apply("place-terrain bulkhead 0 18,12")
    restored = restore(json.loads(game.dumps()))
    for drawing in (render_svg(restored.board, restored), board_svg(game)):
        assert 'data-id="placed-1"' in drawing and 'data-id="placed-2"' in drawing
        assert "Crate stack" in drawing and "Bulkhead section" in drawing
    assert "Crate stack" in text_map(restored)


def test_k1_4_setup_4_terrain_the_random_player_places_only_legal_pieces() -> None:
    for seed in range(6):
        game = terrain_game()
        player = RandomPlayer(seed)
        for _ in range(2):
            assert game.decision is not None
            game.apply(player.choose(game.view(1)))  # refused, it would raise
        assert len(game.board.terrain) == 2


def test_k1_4_setup_4_terrain_the_heuristic_puts_cover_in_front_of_its_own_zone() -> None:
    game = terrain_game()
    for _ in range(2):
        game.apply(HeuristicPlayer(3).choose(game.view(1)))
    for piece in game.board.terrain:  # side B deploys north: within 3" of y = 24
        _, y0, _, y1 = piece.bbox
        assert 17.0 <= (y0 + y1) / 2 <= 20.0, piece


def test_k1_4_setup_4_terrain_with_no_legal_spot_a_piece_is_not_placed() -> None:
    cramped = board(
        {"id": "slab", "kind": "impassable", "height": 1.0, "polygon": rect(0, 3, 24, 21)}
    )
    game = new_game(B_FIRST, advantages=["terrain"], board=cramped)
    advance_to(game, "deploy")
    assert game.state.deployed == ()
    assert [e.data["piece"] for e in events(game, "terrain-no-room")] == [1, 2]
    assert "No legal spot is left for terrain piece 1" in text(game)
    assert [t.id for t in game.board.terrain] == ["slab"]
