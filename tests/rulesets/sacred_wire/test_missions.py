"""The zone missions of the two-squad game (M2.1, M3.1, M4.1, M10.1): setup options, roles
(K1.3), the Defender's markers (K1.2), scoring with fixed positions, tiebreaks (K1.2), rewards,
and whole games with the random and heuristic players."""

from __future__ import annotations

import json
import math
import os
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    board,
    events,
    open_board,
    place_models,
    rect,
    script,
    unchanged,
)

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.players import HeuristicPlayer, play
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game import casualties, space
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.game.setup import RADIUS, add_models
from skirmish.rulesets.sacred_wire.game.state import Objective, WireState
from skirmish.rulesets.sacred_wire.missions import zones

RULESET = find_ruleset("sacred-wire")
ROLL_OFF_B = script("roll-off", 2, 3, "roll-off", 4, 5)  # side B is First Player
BLOCK = {"id": "block", "kind": "impassable", "height": 4.0, "polygon": rect(10, 10, 14, 14)}
NODES = (Objective("N1", 6.0, 12.0), Objective("N2", 12.0, 12.0), Objective("N3", 18.0, 12.0))
BEACON = (Objective("beacon", 12.0, 12.0),)


def _state(game: Game) -> WireState:
    st = game.state
    assert isinstance(st, WireState)
    return st


def ended(
    kind: str,
    placed: dict[str, Any],
    objectives: tuple[Objective, ...] = (),
    round: int = 7,
    seized: tuple[int, int] = (0, 0),
    defender: int = 1,
    steps: list[Step] | None = None,
    dice: list[tuple[str, int]] | None = None,
    board: dict[str, Any] | None = None,
    **state: Any,
) -> Game:
    """A mission game with only the ``placed`` models on ``board`` (open by default), at the
    end of ``round`` (Round 7 ends the game, K1.2), or running ``steps``, with the scripted
    ``dice``: ``placed`` maps ids to points or field dicts; ``state`` sets more fields of the
    state (``progress``)."""
    setup = RULESET.normalize_setup({"board": board or open_board(), "mission": kind})
    game = Game(RULESET, setup, 0, ScriptedDice(dice or []))
    add_models(game)
    place_models(game, placed)
    st = _state(game)
    st.round, st.first, st.first_draw = round, 0, False
    st.edges, st.zones = ("south", "north"), (("south",), ("north",))
    st.defender, st.objectives, st.seized = defender, objectives, seized
    for key, value in state.items():
        setattr(st, key, value)
    game.begin(list(steps) if steps is not None else [EndRound()])
    return game


def new_game(options: dict[str, Any], dice: list[tuple[str, int]]) -> Game:
    """A new game (on an open board unless ``options`` names one) at its first decision."""
    setup = RULESET.normalize_setup({"board": open_board(), **options})
    game = Game(RULESET, setup, 0, ScriptedDice(dice))
    RULESET.start(game)
    return game


def reward(game: Game) -> zones.MissionResult:
    found = zones.result(game)
    assert found is not None
    return found


def lines(game: Game, kind: str) -> list[str]:
    return [game.describe(e) for e in events(game, kind)]


# --- setup options ------------------------------------------------------------------------------


def test_setup_options_default_to_no_mission() -> None:
    setup = RULESET.normalize_setup({})
    assert not set(setup) & set(zones.OPTIONS)
    assert RULESET.normalize_setup(setup) == setup
    chosen = RULESET.normalize_setup({"mission": "uplink"})
    assert [chosen[k] for k in ("evidence_a", "leads_a", "evidence_b", "leads_b")] == [0, 0, 0, 0]
    assert RULESET.normalize_setup(chosen) == chosen


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mission": "picnic"}, "unknown mission 'picnic'; known: extraction, control"),
        ({"mission": "uplink", "evidence_a": -1}, "evidence_a must be a whole number"),
        ({"mission": "uplink", "leads_b": True}, "leads_b must be a whole number"),
        ({"mission": "uplink", "evidence_b": "2"}, "evidence_b must be a whole number"),
        ({"mission": None}, "^mission: null is not a value; leave mission out"),
        ({"mission": 7}, "^unknown mission 7; known: extraction, control"),
        ({"mission": "u" * 100_000}, r"^unknown mission 'u{36}\.\.\.; known"),
        (
            {"evidence_a": 3},
            r"^evidence_a needs a mission \(the mission option, one of extraction, control",
        ),
        ({"leads_b": 0}, "^leads_b needs a mission"),
        (
            {"mission": "uplink", "evidence_a": 99999999999999999999999},
            r"^evidence_a must be a whole number from 0 to 9, not 9999",
        ),
        ({"mission": "uplink", "evidence_b": 10}, "from 0 to 9, not 10$"),
        ({"mission": "uplink", "leads_a": 1000}, "^leads_a must be a whole number from 0 to 999"),
        ({"mission": "uplink", "leads_a": 2.0}, "^leads_a must be a whole number"),
        ({"board": None}, "^board: null is not a value"),
        ({"squad_a": None}, "^squad_a: null is not a value"),
        ({"loot": None}, "^loot: null is not a value"),
        ({"loot_modifier": None}, "^loot_modifier: null is not a value"),
        (
            {"loot_modifier": "decoys"},
            r"^loot_modifier 'decoys' needs Loot Markers to modify \(-o loot=",
        ),
        ({"loot": "none", "loot_modifier": "heavy"}, "needs Loot Markers"),
        ({"loot": "scattered", "loot_modifier": ["x"]}, r"unknown Loot Modifier \['x'\]"),
        ({"loot": 5}, "^loot: a Loot Layout id or a list of \\[x, y\\] points, not 5$"),
        ({"loot": [[float("nan"), 3.0]]}, r"^loot: point 1 must be \[x, y\] in inches"),
        ({"loot": [[3.0, float("inf")]]}, r"^loot: point 1 must be \[x, y\]"),
        ({"loot": [[3.0, 4.0, 5.0]]}, r"^loot: point 1 must be \[x, y\]"),
        ({"loot": [[3.0, True]]}, r"^loot: point 1 must be \[x, y\]"),
        ({"loot": [[3.0, 99.0]]}, r"^loot: point 1 \[3\.0, 99\.0\] is off the board$"),
        ({"colour": "red"}, "^unknown setup option\\(s\\): 'colour'; known: board"),
        ({"k" * 10_000: 1}, r"^unknown setup option\(s\): 'k{36}\.\.\.; known"),
    ],
)
def test_k1_2_bad_setup_options_are_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message) as err:
        RULESET.normalize_setup(options)
    assert "\n" not in str(err.value)


def test_without_a_mission_the_game_has_no_mission_events() -> None:
    game = random_game(RULESET, 0)
    kinds = {e.kind for e in game.log}
    assert not kinds & {"roles", "marker-placed", "seizure", "node", "control", "mission-reward"}
    assert zones.result(game) is None
    assert all(marker.kind != "objective" for marker in RULESET.markers(game))


# --- roles and markers (K1.3, K1.2) -------------------------------------------------------------


def test_k1_3_a_random_mission_is_rolled_on_the_d12_first() -> None:
    # A 6 is Breakthrough, which ignores the setup's Corners deployment (M6.1).
    options = {"mission": "random", "deployment": "corners", "evidence_a": 1}
    game = new_game(options, script("mission", 6) + ROLL_OFF_B)
    assert _state(game).mission == "breakthrough"
    assert lines(game, "mission") == ["The mission is Breakthrough (M6.1)  [K1.3]"]
    assert game.decision is not None and game.decision.kind == "edge"  # Standard: pick an edge
    assert "random" in RULESET.setup_choices()["mission"]


def test_k1_3_roles_in_game_the_higher_total_attacks() -> None:
    game = new_game({"mission": "control", "evidence_a": 1, "leads_b": 2}, ROLL_OFF_B)
    (roles,) = events(game, "roles")
    assert roles.data == {
        "winner": 1,
        "side": 0,
        "gap": 1,
        "totals": [1, 2],
        "decided": "higher total",
    }
    assert _state(game).defender == 0 and zones.defender(game) == 0
    assert lines(game, "roles") == [
        "Evidence gap 1 (totals 1 A, 2 B): side B (Firing Line) is the Aggressor (higher total), "
        "side A (Wrecking Crew) the Defender  [K1.3]"
    ]
    assert game.decision is not None and game.decision.kind == "edge"  # Control has no markers


def test_k1_3_roles_in_game_equal_standings_roll_a_die() -> None:
    game = new_game({"mission": "quadrants"}, [*ROLL_OFF_B, ("roles", 1)])
    assert events(game, "roles")[0].data["decided"] == "a die roll"
    assert _state(game).defender == 1


def test_k1_2_the_defender_places_relay_nodes_3_inches_from_edges_and_6_apart() -> None:
    game = new_game({"mission": "uplink", "evidence_a": 2, "advantages": []}, ROLL_OFF_B)
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "relay")
    unchanged(
        game,
        "relay N1 2.9,12",
        r'a marker must be 3" or more from every table edge; this point is 2\.90" from one$',
    )
    game.apply("relay N1 6,6")
    unchanged(
        game,
        "relay N2 11.9,6",
        r'relay nodes must be 6" or more apart; this point is 5\.90" from the relay node at 6,6$',
    )
    game.apply("relay N2 12,6")
    game.apply("relay N3 9,12")
    assert _state(game).objectives == (
        Objective("N1", 6.0, 6.0),
        Objective("N2", 12.0, 6.0),
        Objective("N3", 9.0, 12.0),
    )
    assert game.decision is not None and game.decision.kind == "edge"
    assert [e.rule for e in events(game, "marker-placed")] == ["M10.1"] * 3
    assert lines(game, "marker-placed")[0] == (
        "side B (Firing Line) places marker N1 at 6,6  [M10.1]"
    )
    assert [(m.label, m.kind) for m in RULESET.markers(game)] == [
        ("N1", "objective"),
        ("N2", "objective"),
        ("N3", "objective"),
    ]


def test_k1_2_a_relay_node_in_terrain_goes_to_the_nearest_legal_spot() -> None:
    game = new_game({"board": board(BLOCK), "mission": "uplink", "leads_a": 1}, ROLL_OFF_B)
    game.apply("relay N1 12,10.5")  # inside the block, 0.5" from its south face
    (nudge,) = events(game, "marker-nudged")
    x, y = nudge.data["to"]
    assert nudge.rule == "K1.2" and nudge.data["at"] == [12, 10.5]
    assert 12 - 0.2 <= x <= 12 + 0.2 and 10 - RADIUS - 0.1 <= y <= 10 - RADIUS
    assert _state(game).objectives == (Objective("N1", x, y),)
    assert game.board.placement_error((x, y), RADIUS, None) is None


def test_k1_2_nearest_spots_keep_the_point_else_the_first_ring_with_room() -> None:
    # The one ring search the mission markers and the Loot Markers share (space.py): rings
    # 0.1" apart, points from east counter-clockwise, kept to the hundredth of an inch.
    def east_of_1(p: tuple[float, float]) -> bool:
        return p[0] >= 1.0

    def off_the_line(p: tuple[float, float]) -> bool:
        return abs(p[1]) >= 0.2

    assert space.nearest_spots((2.0, 0.0), east_of_1, 5.0, 4) == [(2.0, 0.0)]
    assert space.nearest_spots((0.75, 0.0), east_of_1, 5.0, 4) == [(1.05, 0.0)]
    assert space.nearest_spots((0.0, 0.0), off_the_line, 5.0, 4) == [(0.0, 0.2), (0.0, -0.2)]
    assert space.nearest_spots((0.0, 0.0), east_of_1, 0.5, 4) == []


def test_m4_1_the_beacon_goes_at_the_centre() -> None:
    game = new_game({"mission": "seizure", "evidence_b": 1}, ROLL_OFF_B)
    assert _state(game).objectives == BEACON
    assert events(game, "marker-placed")[0].data["side"] == 0  # A is the Defender
    assert game.decision is not None and game.decision.kind == "edge"


def test_k1_2_terrain_on_the_centre_lets_the_defender_pick_among_the_nearest_spots() -> None:
    game = new_game({"board": board(BLOCK), "mission": "seizure", "leads_a": 1}, ROLL_OFF_B)
    decision = game.decision
    assert decision is not None and (decision.player, decision.kind) == (1, "beacon")
    gaps = [math.dist(a.point, (12, 12)) for a in decision.options if a.point is not None]
    assert len(gaps) == len(decision.options) > 1
    assert min(gaps) >= 2 + RADIUS - 0.01 and max(gaps) - min(gaps) <= 0.02
    game.apply(decision.options[0])
    assert lines(game, "marker-nudged")[0].startswith("Terrain blocks marker beacon at 12,12")
    assert game.decision is not None and game.decision.kind == "edge"


# --- Control (M2.1) ----------------------------------------------------------------------------


def test_m2_1_control_counts_models_within_3_inches_of_the_centre() -> None:
    placed = {
        "A1": (12, 15.4),  # base edge 2.91" from the centre
        "A2": (12, 9),
        "A3": (15, 12),
        "B1": (9, 12),
        "B2": (9.45, 14.55),  # 3.11": outside
        "B3": (2, 2),
    }
    game = ended("control", placed)
    assert events(game, "control")[0].data["counts"] == [3, 1]
    assert game.result is not None
    assert (game.result.winner, game.result.rule) == (0, "M2.1")
    assert game.result.reason == 'most models within 3" of the centre (3 to 1)'
    assert reward(game).leads == (1, 0)  # a margin of 2: no bonus


def test_m2_1_fleeing_and_out_of_action_models_do_not_count_notes_a103() -> None:
    placed = {
        "A1": {"pos": (12, 14), "fleeing": True},
        "A2": {"pos": (12, 10), "removed": "out of action"},
        "B1": (10, 12),
        "B2": (2, 2),
    }
    game = ended("control", placed)
    assert events(game, "control")[0].data["counts"] == [0, 1]
    assert game.result is not None and game.result.winner == 1


def test_m2_1_bonus_lead_when_ahead_by_3() -> None:
    placed = {"A1": (12, 14), "A2": (12, 10), "A3": (14, 12), "B1": (2, 2)}
    result = reward(ended("control", placed))
    assert (result.winner, result.scores, result.leads) == (0, (3, 0), (2, 0))
    assert result.reasons == ("winner +1 Lead", '+1 Lead: more models within 3" by 3 or more')


def test_k1_2_tied_on_the_mission_most_surviving_models_win() -> None:
    placed = {"A1": (12, 14), "B1": (12, 10), "B2": (2, 2)}
    game = ended("control", placed)
    assert game.result is not None
    assert (game.result.winner, game.result.rule) == (1, "K1.2")
    assert game.result.reason == (
        'tied on models within 3" of the centre, most surviving models (2 to 1)'
    )


def test_k1_2_still_tied_the_defender_wins() -> None:
    placed = {"A1": (12, 14), "B1": (12, 10)}
    for defender in (0, 1):
        game = ended("control", placed, defender=defender)
        assert game.result is not None and game.result.winner == defender
        assert "the Defender wins" in game.result.reason


# --- Quadrants (M3.1) --------------------------------------------------------------------------


def test_m3_1_a_quadrant_is_held_by_more_models_in_it() -> None:
    placed = {
        "A1": (6, 6),  # south-west: 1 A against 1 B, not held
        "B2": (5, 4),
        "A2": (18, 6),  # south-east: A
        "A3": (6, 18),  # north-west: A
        "B1": (18, 18),  # north-east: B
    }
    game = ended("quadrants", placed)
    held = {e.data["quadrant"]: e.data["winner"] for e in events(game, "quadrant")}
    assert held == {"south-west": None, "south-east": 0, "north-west": 0, "north-east": 1}
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "most quadrants held (2 to 1)"
    assert lines(game, "quadrant")[0] == ("Quadrant south-west: held by nobody (1 A, 1 B)  [M3.1]")
    assert reward(game).leads == (1, 0)


def test_m3_1_a_model_on_a_line_counts_where_its_controller_chooses() -> None:
    # A1 straddles the north-south line: in the south-west it would only tie B1; in the
    # south-east it takes an empty quadrant. Its controller takes the south-east.
    placed = {"A1": (12.2, 6), "B1": (6, 6), "A2": (18, 18), "B2": (6, 18)}
    game = ended("quadrants", placed)
    held = {e.data["quadrant"]: e.data["winner"] for e in events(game, "quadrant")}
    assert held == {"south-west": 1, "south-east": 0, "north-west": 1, "north-east": 0}


def test_m3_1_bonus_lead_for_3_quadrants() -> None:
    placed = {"A1": (6, 6), "A2": (18, 6), "A3": (6, 18), "B1": (18, 18), "B2": (19, 19)}
    result = reward(ended("quadrants", placed))
    assert (result.winner, result.scores, result.leads) == (0, (3, 1), (2, 0))


# --- Seizure (M4.1) ----------------------------------------------------------------------------


def test_m4_1_seizure_scores_a_point_at_the_end_of_each_round() -> None:
    placed = {"A1": (12, 14), "A2": (12, 10), "B1": (14, 12), "B2": (2, 2)}
    game = ended("seizure", placed, BEACON, round=2, seized=(1, 1))
    (score,) = events(game, "seizure")
    assert score.data == {"round": 2, "winner": 0, "counts": [2, 1], "points": [2, 1]}
    assert _state(game).seized == (2, 1) and game.result is None
    assert game.describe(score) == (
        'End of round 2: side A (Wrecking Crew) scores at the beacon (2 A, 1 B within 3"); '
        "points 2 A, 1 B  [M4.1]"
    )


def test_m4_1_a_tie_at_the_beacon_scores_nobody() -> None:
    placed = {"A1": (12, 14), "B1": {"pos": (14, 12)}, "B2": {"pos": (10, 12), "fleeing": True}}
    game = ended("seizure", placed, BEACON, round=3)
    assert events(game, "seizure")[0].data["winner"] is None
    assert _state(game).seized == (0, 0)


def test_m4_1_the_last_round_scores_too_notes_a104_then_models_at_the_beacon_break_ties() -> None:
    placed = {"A1": (12, 14), "A2": (12, 10), "B1": (14, 12), "B2": (2, 2), "B3": (3, 3)}
    game = ended("seizure", placed, BEACON, seized=(2, 3))
    assert events(game, "seizure")[0].data["points"] == [3, 3]
    assert game.result is not None
    assert (game.result.winner, game.result.rule) == (0, "M4.1")
    assert game.result.reason == (
        'tied on Seizure points, most models within 3" of the beacon (2 to 1)'
    )


def test_m4_1_bonus_lead_when_4_points_ahead() -> None:
    result = reward(ended("seizure", {"A1": (2, 2), "B1": (22, 22)}, BEACON, seized=(5, 1)))
    assert (result.winner, result.scores, result.leads) == (0, (5, 1), (2, 0))


# --- Uplink (M10.1) ----------------------------------------------------------------------------


def test_m10_1_example_e22_a_node_is_live_only_for_a_side_alone_there() -> None:
    # N1: A's model Flees, B's counts, live for B. N2: both active, contested. N3: A's model
    # is Out of Action, live for B (only B counts).
    placed = {
        "A1": {"pos": (6, 14), "fleeing": True},
        "B1": (6, 10),
        "A2": (12, 14),
        "B2": (12, 10),
        "A3": {"pos": (18, 14), "removed": "out of action"},
        "B3": (18, 10),
        "A4": (2, 22),
    }
    game = ended("uplink", placed, NODES)
    live = [(e.data["marker"], e.data["winner"], e.data["counts"]) for e in events(game, "node")]
    assert live == [("N1", 1, [0, 1]), ("N2", None, [1, 1]), ("N3", 1, [0, 1])]
    assert lines(game, "node")[1] == 'Relay node N2: live for nobody (1 A, 1 B within 3")  [M10.1]'
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "most live relay nodes (2 to 0)"
    assert reward(game).leads == (0, 1)


def test_m10_1_all_three_nodes_give_a_bonus_lead_and_intel_evidence() -> None:
    placed = {"A1": (6, 14), "A2": (12, 14), "A3": (18, 14), "B1": (2, 2)}
    result = reward(ended("uplink", placed, NODES))
    assert (result.winner, result.scores) == (0, (3, 0))
    assert (result.leads, result.evidence) == ((2, 0), (1, 0))
    assert result.reasons == (
        "winner +1 Lead",
        "+1 Lead: 3 or more live nodes",
        "+1 Evidence: Intel: all 3 relay nodes",
    )


# --- the end of a mission game ------------------------------------------------------------------


def test_k1_2_a_wiped_out_squad_plays_no_more_and_seizure_points_decide_at_the_end() -> None:
    # Start of Round 4: A leads Seizure 3 to 0 when its last model falls. B plays on alone.
    placed = {"A1": (12, 14), "B1": (20, 20)}
    game = ended("seizure", placed, BEACON, round=4, seized=(3, 0), steps=[])
    casualties.out_of_action(game, game.model("A1"), "C4.18")
    assert game.result is None
    _state(game).round = 7  # B1 never reaches the beacon; Round 7 ends the game (K1.2)
    game.begin([EndRound()])
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (0, "most Seizure points (3 to 0)")
    result = reward(game)
    assert (result.winner, result.scores, result.leads) == (0, (3, 0), (1, 0))
    assert lines(game, "mission-reward") == [
        "Mission reward: side A +1 Lead(s) +0 Evidence, side B +0 Lead(s) +0 Evidence "
        "(winner +1 Lead)  [M4.1]"
    ]


def test_k1_2_no_squad_model_left_ends_the_game_at_once_decided_as_at_the_end() -> None:
    # Round 2: A1 is gone, B1 falls too. B's Seizure points beat the Defender's tiebreak.
    placed = {"A1": {"pos": (6, 14), "removed": "out of action"}, "B1": (2, 2)}
    game = ended("seizure", placed, BEACON, round=2, seized=(0, 2), defender=0, steps=[])
    assert game.result is None  # only B1 stood; now it falls too
    casualties.out_of_action(game, game.model("B1"), "C4.18")
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (1, "most Seizure points (2 to 0)")
    assert lines(game, "no-squad-left") == [
        "No squad model is left on the board: the game ends now, decided as at its end  [K1.2]"
    ]
    assert reward(game).leads == (0, 1)


def test_mission_result_is_a_state_value_kept_by_saves() -> None:
    game = ended("control", {"A1": (12, 14), "B1": (2, 2)})
    result = reward(game)
    assert _state(game).mission_result is result
    restored = restore(json.loads(json.dumps(game.to_json())))
    assert zones.result(restored) == result


# --- the heuristic player -----------------------------------------------------------------------


def test_ai_values_models_near_the_scoring_points_more_late_in_the_game() -> None:
    game = ended("uplink", {"A1": (6, 20), "B1": (20, 20)}, NODES, round=1, steps=[])
    a1 = game.model("A1")
    near, far = a1.copy(), a1.copy()
    near.x, near.y = 6, 13
    far.x, far.y = 6, 22
    pull = zones.mission_pull(game, a1, ())
    assert pull.value(game, near) > pull.value(game, far) > 0
    early = pull.value(game, near)
    _state(game).round = 5
    assert zones.mission_pull(game, a1, ()).value(game, near) == pytest.approx(5 * early)


def test_ai_defender_places_nodes_near_the_centre_when_the_opponent_picks_edges() -> None:
    game = new_game({"mission": "uplink", "evidence_b": 1}, ROLL_OFF_B)  # A defends, B picks
    choice = HeuristicPlayer(0).choose(game)
    assert choice.kind == "relay" and choice.point == (12.0, 12.0)
    game.apply(choice)
    game.apply(HeuristicPlayer(0).choose(game))
    game.apply(HeuristicPlayer(0).choose(game))
    edge = HeuristicPlayer(0).choose(game)
    assert edge.kind == "edge"


def test_ai_first_player_takes_the_edge_nearest_the_markers() -> None:
    game = new_game({"mission": "uplink", "evidence_a": 1}, ROLL_OFF_B)  # B defends and picks
    for _ in range(3):
        game.apply(HeuristicPlayer(0).choose(game))
    assert sum(o.y for o in _state(game).objectives) < 36  # nearer the south edge
    assert HeuristicPlayer(0).choose(game).to_text() == "edge south"


# --- whole games --------------------------------------------------------------------------------


#: Games of each mission the whole-game tests play (more for a long run).
MISSION_GAMES = int(os.environ.get("SKIRMISH_MISSION_GAMES", "1"))


@pytest.mark.parametrize("kind", sorted(zones.MISSIONS))
def test_whole_mission_games_with_random_players_keep_the_contract(kind: str) -> None:
    for seed in range(MISSION_GAMES):
        setup = {"mission": kind, "leads_a": seed % 4, "hostiles": "random"}
        game = random_game(RULESET, seed, setup, deep=seed == 0)
        result = reward(game)
        assert game.result is not None and result.winner == game.result.winner
        if kind not in ("the-signal", "the-source"):  # their own rewards (M13.1, M13.2)
            assert result.leads[result.winner] >= 1
        for event in game.log:
            assert "{" not in game.describe(event)


@pytest.mark.parametrize("kind", sorted(zones.MISSIONS))
def test_whole_mission_games_with_hostiles_and_heuristic_squads(kind: str) -> None:
    for seed in range(max(1, MISSION_GAMES // 3)):
        setup = {"mission": kind, "evidence_b": 1, "hostiles": "random"}
        game = RULESET.new_game(setup, 11 + seed)
        play(game, [HeuristicPlayer(1), HeuristicPlayer(2)])
        assert game.result is not None
        assert reward(game).rule == zones.MISSIONS[kind]
