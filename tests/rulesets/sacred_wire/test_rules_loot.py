"""Loot Markers and Search: the setup options, the K1.3 layouts and modifiers, Search (C4.3,
K2.1) with every row of the find table, the worked examples E17 and E21, drawing, and the AI."""

from __future__ import annotations

import math
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    R,
    board,
    dice_left,
    events,
    options,
    rect,
    rolls,
    scenario,
    script,
    unchanged,
)

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.engine.ruleset import Marker
from skirmish.errors import IllegalActionError, RulesDataError, SkirmishError
from skirmish.players import HeuristicPlayer, RandomPlayer, play
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game.model import TimedEffect
from skirmish.rulesets.sacred_wire.game.rounds import GameLength, GameLoop, LootRounds
from skirmish.rulesets.sacred_wire.game.space import point_gap
from skirmish.rulesets.sacred_wire.game.state import DroppedWeapon, Find
from skirmish.rulesets.sacred_wire.missions import loot
from skirmish.rulesets.sacred_wire.missions.loot import ExpireLoot, Finding, contamination
from skirmish.rulesets.sacred_wire.missions.search import record_find
from skirmish.rulesets.sacred_wire.rules_data.loot_tables import FindKind, load_loot_tables
from skirmish.rulesets.sacred_wire.squads.squad import load_sample_squad, squad_to_data
from skirmish.svg import render_svg
from skirmish.terminal import status

RULESET = find_ruleset("sacred-wire")
FAR = {"B1": (20.0, 20.0)}  # an enemy far away, so the game goes on
WIN = ("search", 6, 6, "fixed", 1, 1)  # a Search of a 2d6 searcher that succeeds


def _markers(game: Game) -> list[tuple[str, float, float]]:
    return [(mk.marker, mk.x, mk.y) for mk in game.state.loot]


def _start(loot_spec: Any, modifier: str = "standard", board_spec: Any = None) -> Game:
    """A new game up to its first decision; side B wins the Boss roll-off, so side A is the
    Second Player and places first."""
    setup = {"loot": loot_spec, "loot_modifier": modifier}
    if board_spec is not None:
        setup["board"] = board_spec
    dice = ScriptedDice(script("roll-off", 2, 3, "roll-off", 4, 5))
    game = Game(RULESET, RULESET.normalize_setup(setup), 0, dice)
    RULESET.start(game)
    return game


# --- data and setup options ---------------------------------------------------------------------


def test_k1_3_loot_tables_cover_their_dice() -> None:
    tables = CATALOG.loot
    assert [x.id for x in tables.layouts] == [
        "scattered",
        "none",
        "central-cache",
        "edge-stash",
        "trail",
        "heavy-drop",
    ]
    assert [x.id for x in tables.modifiers] == [
        "standard",
        "decoys",
        "timed",
        "heavy",
        "trapped",
        "contaminated",
    ]
    assert [x.roll for x in tables.finds] == list(range(1, 21))
    assert [x.markers for x in tables.layouts] == [5, 0, 3, 4, 4, 5]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("roll = 3\nsubs = 4", "roll = 3\nsubs = 4\ncolour = 1", "finds.entries"),
        ("roll = 20\nagain = 2", "roll = 21\nagain = 2", "rolls must run 1..20"),
        ('shape = "centre"\nradius = 3.0', 'shape = "centre"\ndepth = 3.0', "takes radius"),
        ('id = "timed"', 'id = "decoys"', "share an id"),
        ("roll = 17\nmerits = 1", "roll = 17", "must give"),
    ],
)
def test_k2_1_loot_data_errors_are_one_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    source = Path(loot.__file__).parents[1] / "data" / "loot.toml"
    text = source.read_text(encoding="utf-8")
    assert old in text
    shutil.copy(source, tmp_path / "loot.toml")
    (tmp_path / "loot.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesDataError, match=message) as err:
        load_loot_tables(tmp_path)
    assert "\n" not in str(err.value)


def test_k1_3_default_is_no_loot_and_the_game_is_unchanged() -> None:
    setup = RULESET.normalize_setup({})
    assert (setup["loot"], setup["loot_modifier"]) == ("none", "standard")
    game = RULESET.new_game({}, 4)
    assert options(game) == ["edge north", "edge south", "edge east", "edge west"]
    assert type(game.stack[0]) is GameLoop
    assert RULESET.markers(game) == ()
    assert not any(e.kind.startswith("loot") for e in game.log)


def test_k1_3_setup_accepts_layout_ids_and_point_lists() -> None:
    setup = RULESET.normalize_setup({"loot": [[5, 5], [12.5, 20]], "loot_modifier": "heavy"})
    assert (setup["loot"], setup["loot_modifier"]) == ([[5.0, 5.0], [12.5, 20.0]], "heavy")
    assert RULESET.normalize_setup(setup) == setup
    assert RULESET.normalize_setup({"loot": "trail"})["loot"] == "trail"


@pytest.mark.parametrize(
    ("options_", "message"),
    [
        ({"loot": "buried"}, "unknown Loot Layout 'buried'"),
        ({"loot_modifier": "cursed"}, "unknown Loot Modifier 'cursed'"),
        ({"loot": 3}, "a Loot Layout id or a list"),
        ({"loot": [[1, 2, 3]]}, r"point 1 must be \[x, y\]"),
        ({"loot": [[1, "a"]]}, "point 1 must be"),
        ({"loot": [[5, 5], [25, 3]]}, "point 2 .* is off the board"),
        ({"loot": [[12, 12]]}, r"inside impassable terrain \(conduit-core\)"),
        ({"loot": [[5, 5]] * 6}, "at most 5 Loot Markers"),
    ],
)
def test_k1_3_bad_loot_options_are_one_line(options_: dict[str, Any], message: str) -> None:
    with pytest.raises(SkirmishError, match=message) as err:
        RULESET.normalize_setup(options_)
    assert "\n" not in str(err.value)


# --- placing the markers (K1.2 step 1) ----------------------------------------------------------


def test_k1_2_scattered_the_second_player_places_first_then_alternate() -> None:
    game = _start("scattered")
    assert game.decision is not None and game.decision.kind == "place-loot"
    assert game.decision.player == 0  # side B won the roll-off: side A is Second Player
    unchanged(
        game,
        "place-loot 5.99,14",
        r'a Scattered marker goes 6" or more from every edge; this point is 5\.99" from the west',
    )
    game.apply("place-loot 6,14")
    assert game.decision is not None and game.decision.player == 1
    unchanged(
        game,
        "place-loot 8.99,14",
        r'3" or more from the others; this point is 2\.99" from L1$',
    )
    game.apply("place-loot 9,14")
    unchanged(game, "place-loot 12,12", r"the point is inside impassable terrain \(")
    for point in ("14,14", "8,17", "11,17"):
        game.apply(f"place-loot {point}")
    assert _markers(game) == [
        ("L1", 6.0, 14.0),
        ("L2", 9.0, 14.0),
        ("L3", 14.0, 14.0),
        ("L4", 8.0, 17.0),
        ("L5", 11.0, 17.0),
    ]
    assert [mk.side for mk in game.state.loot] == [0, 1, 0, 1, 0]
    assert game.state.loot[4].level == "gantry-n"  # a marker may lie on a raised surface
    assert [e.rule for e in events(game, "loot-placed")] == ["K1.3"] * 5
    assert game.decision is not None and game.decision.kind == "edge"


def test_k1_3_central_cache_within_three_inches_of_the_centre() -> None:
    game = _start("central-cache")
    unchanged(
        game,
        "place-loot 15.01,12",
        r'within 3" of the centre; this point is 3\.01" from it$',
    )
    game.apply("place-loot 15,12")
    game.apply("place-loot 12,9")
    game.apply("place-loot 9.9,14.1")
    assert len(game.state.loot) == 3
    assert game.decision is not None and game.decision.kind == "edge"


def test_k1_3_edge_stash_on_an_edge_neither_squad_deploys_on() -> None:
    game = _start("edge-stash")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == [
        "stash-edge north",
        "stash-edge south",
        "stash-edge east",
        "stash-edge west",
    ]
    game.apply("stash-edge north")
    unchanged(
        game,
        "place-loot 12,17.99",
        r'within 6" of the north edge; this point is 6\.01" from it$',
    )
    for point in ("2,18", "7,20", "12,20", "17,21"):
        game.apply(f"place-loot {point}")
    # The First Player (side B) now picks among the edges that leave north undeployed.
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["edge east", "edge west"]


def test_k1_3_trail_fixed_points_on_the_centreline_nudged_clear_of_terrain() -> None:
    game = _start("trail")
    placed = events(game, "loot-placed")
    assert [e.data["at"] for e in placed[1:3]] == [[9.6, 12.0], [14.4, 12.0]]
    # 4.8,12 and 19.2,12 lie in the bulkheads: each moves to the nearest spot a base fits.
    assert placed[0].data["nudged_from"] == [4.8, 12.0]
    assert placed[3].data["nudged_from"] == [19.2, 12.0]
    for e in (placed[0], placed[3]):
        x, y = e.data["at"]
        assert game.board.placement_error((x, y), R, None) is None
    assert [e.data["side"] for e in placed] == [0, 1, 0, 1]
    assert "(moved to a clear spot from 4.8,12)" in game.describe(placed[0])
    assert options(game) == ["edge north", "edge south"]  # parallel to the trail (notes A88)


def test_k1_3_heavy_drop_centre_and_four_diagonals() -> None:
    game = _start("heavy-drop")
    placed = events(game, "loot-placed")
    assert placed[0].data["nudged_from"] == [12.0, 12.0]  # the conduit core fills the centre
    wanted = [[7.76, 7.76], [16.24, 7.76], [7.76, 16.24], [16.24, 16.24]]
    assert [e.data.get("nudged_from", e.data["at"]) for e in placed[1:]] == wanted
    assert all(math.dist(e.data["at"], (12, 12)) < 7.0 for e in placed)
    assert options(game) == ["edge north", "edge south", "edge east", "edge west"]


def test_k1_3_layout_none_and_listed_points() -> None:
    game = _start("none")
    assert game.state.loot == () and game.decision is not None
    assert game.decision.kind == "edge"
    game = _start([[5, 5], [19, 19], [12, 20]])
    assert _markers(game) == [("L1", 5.0, 5.0), ("L2", 19.0, 19.0), ("L3", 12.0, 20.0)]
    assert [mk.side for mk in game.state.loot] == [0, 1, 0]
    assert game.decision is not None and game.decision.kind == "edge"


@pytest.fixture
def objective_at_6_12(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mission objective at 6,12, as the ruleset's markers hook reports objectives."""
    objective = Marker((6.0, 12.0), "O1", "objective")
    monkeypatch.setattr(type(RULESET), "markers", lambda self, game: (objective,))


@pytest.mark.usefixtures("objective_at_6_12")
def test_k1_2_listed_loot_moves_clear_of_a_mission_objective() -> None:
    game = scenario(FAR, loot=[[6.5, 12.0], [9.0, 12.0]])
    placed = events(game, "loot-placed")
    assert placed[0].data["nudged_from"] == [6.5, 12.0]
    assert 1.0 < math.dist(placed[0].data["at"], (6.0, 12.0)) < 1.2
    assert "nudged_from" not in placed[1].data


@pytest.mark.usefixtures("objective_at_6_12")
def test_k1_2_placed_loot_may_not_go_within_one_inch_of_an_objective() -> None:
    game = _start("scattered")
    with pytest.raises(IllegalActionError, match='within 1" of a mission objective'):
        game.apply("place-loot 6.5,12.5")
    game.apply("place-loot 6.5,13.2")
    assert len(game.state.loot) == 1


def test_k1_3_a_board_without_room_for_the_layout_skips_the_markers() -> None:
    game = _start("scattered", board_spec=board(size=10.0))
    assert [e.data["marker"] for e in events(game, "loot-no-room")] == ["L1"]
    assert game.state.loot == ()
    assert game.decision is not None and game.decision.kind == "edge"


def test_k1_2_random_and_heuristic_players_place_loot() -> None:
    game = RULESET.new_game({"loot": "scattered"}, 7)
    assert game.decision is not None
    spec = game.decision.points[0]
    candidates = RULESET.candidate_points(game, spec)
    assert candidates and all(loot.place_error(game, p) is None for p in candidates)
    for seed in range(5):
        point = RULESET.sample_point(game, spec, random.Random(seed).random)
        assert point is not None and loot.place_error(game, point) is None
    play(game, [HeuristicPlayer(1), RandomPlayer(2)])
    assert game.result is not None


# --- E17: move, then Search ---------------------------------------------------------------------


def test_c4_4_example_e17_move_three_inches_then_search() -> None:
    # Sunita Roche (A3, Move 5") stands 4" from the marker, base edge to the marker's point.
    game = scenario(
        {"A3": (4.0, 12.0), **FAR},
        loot=[[8.0 + R, 12.0]],
        act="A3",
        dice=script(*WIN, "find", 14),
    )
    assert math.isclose(point_gap(game, game.model("A3"), (8.0 + R, 12.0)), 4.0)
    assert "search A3 L1" not in options(game)
    unchanged(
        game, "search A3 L1", r'L1 is 4\.00" from Sunita Roche \(A3\): Search within 1" \(C4\.3\)$'
    )
    game.apply("move A3 7,12")
    assert math.isclose(point_gap(game, game.model("A3"), (8.0 + R, 12.0)), 1.0)
    assert "search A3 L1" in options(game)
    game.apply("search A3 L1")
    assert game.state.loot == ()
    assert events(game, "search")[0].rule == "C4.3"
    assert loot.findings(game, 0) == (Finding(0, "A3", 1, FindKind.SUBS, 12),)


@pytest.mark.parametrize(("x", "offered"), [(7.0, True), (6.99, False)], ids=["at-1", "beyond"])
def test_c4_3_search_reach_is_inclusive_at_one_inch(x: float, offered: bool) -> None:
    game = scenario({"A3": (4.0, 12.0), **FAR}, loot=[[8.0 + R, 12.0]], act="A3")
    game.apply(f"move A3 {x:g},12")
    assert ("search A3 L1" in options(game)) is offered


def test_c4_3_markers_are_not_bodies_models_move_over_them() -> None:
    game = scenario({"A3": (4.0, 12.0), **FAR}, loot=[[6.0, 12.0]], act="A3")
    game.apply("move A3 6,12")  # through and onto the marker
    assert game.model("A3").pos == (6.0, 12.0)
    assert "search A3 L1" in options(game)


def test_c4_3_search_counts_the_height_between_surfaces() -> None:
    roof = {"id": "roof", "kind": "climbable", "height": 2.0, "polygon": rect(10, 10, 14, 14)}
    game = scenario({"A3": (9.4, 12.0), **FAR}, board=board(roof), loot=[[10.2, 12.0]], act="A3")
    assert game.state.loot[0].level == "roof"
    assert "search A3 L1" not in options(game)  # 2" below the marker
    game = scenario({"A3": (11.0, 12.0), **FAR}, board=board(roof), loot=[[10.2, 12.0]], act="A3")
    assert "search A3 L1" in options(game)


def test_c4_3_no_search_while_engaged() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), "B1": (6.0 + 2 * R + 0.5, 12.0)}, loot=[[6.0, 12.0]], act="A3"
    )
    assert "search A3 L1" not in options(game)
    unchanged(
        game,
        "search A3 L1",
        r"Sunita Roche \(A3\) is Engaged with Ilse Marrow \(B1\): no Search while Engaged",
    )


# --- Search: the roll (K2.1) --------------------------------------------------------------------


def _pike_with_wits_2d4() -> dict[str, Any]:
    data = squad_to_data(load_sample_squad("wrecking-crew", catalog=CATALOG))
    pike = data["models"][3]
    pike["combat"], pike["wits"] = "2d8", "2d4"
    return data


def test_k2_1_example_e21_tie_goes_to_the_lower_dice_tier() -> None:
    # Pike (A4) Wits 2d4 rolls 3 and 4: 7; the marker's 2d6 rolls 2 and 5: 7; d20 14: 12 subs.
    game = scenario(
        {"A4": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A4",
        squads=(_pike_with_wits_2d4(), "firing-line"),
        dice=script("search", 3, 4, "fixed", 2, 5, "find", 14),
    )
    game.apply("search A4 L1")
    assert rolls(game) == [("search", (3, 4)), ("fixed", (2, 5)), ("find", (14,))]
    result = events(game, "search-result")[0]
    assert result.data == {"marker": "L1", "success": True, "total": 7, "against": 7}
    assert result.rule == "K2.1"
    assert game.state.loot == ()
    assert loot.findings(game, 0) == (Finding(0, "A4", 1, FindKind.SUBS, 12),)
    assert game.describe(events(game, "found")[0]) == "Pike (A4) finds 12 subs  [K2.1]"
    assert game.state.searched == (6.0, 12.0)  # the Spawn Location's "last Search" (K1.3)
    assert not dice_left(game)


def test_c1_9_search_tie_at_the_same_tier_is_rolled_again() -> None:
    # Sunita (Wits 2d6) ties 7 against the marker's 2d6: both roll again.
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        dice=script("search", 3, 4, "fixed", 2, 5, *WIN, "find", 3),
    )
    game.apply("search A3 L1")
    assert [r[0] for r in rolls(game)] == ["search", "fixed", "search", "fixed", "find"]
    assert events(game, "search-result")[0].data["success"] is True


def test_c1_9_a_tie_made_by_a_reroll_is_rolled_again() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        blessings=(("Reroll",), ()),
        dice=script("search", 1, 2, "fixed", 2, 3, "blessing-reroll", 3, *WIN, "find", 3),
    )
    game.apply("search A3 L1")
    game.apply("reroll A3 1")  # 3 + 2 against 2 + 3
    assert [e.rule for e in events(game, "tie")] == ["C1.9"]
    assert events(game, "search-result")[0].data["success"] is True


def test_c1_10_search_is_against_a_fixed_2d6_without_overflow() -> None:
    # Sunita (Wits 2d6) under -3 DT: 2d4, the excess is lost, the marker keeps 2d6.
    game = scenario(
        {
            "A3": {
                "pos": (6.0, 12.0),
                "timed": (TimedEffect("tier", -3, "wits", 0, -1, "test", "R6.8"),),
            },
            **FAR,
        },
        loot=[[6.5, 12.0]],
        act="A3",
        dice=script("search", 4, 4, "fixed", 1, 1, "find", 3),
    )
    game.apply("search A3 L1")
    assert [e.roll.dice for e in game.log if e.roll is not None][:2] == ["2D4", "2D6"]
    assert "overflow step(s) lost" in events(game, "tiers")[0].data["text"]


def test_r3_10_scanner_gives_plus_one_dt_to_search() -> None:
    # Tamsin Reyes (night-shift A4) has Wits 2d8 and a Scanner: she searches on 2d10.
    game = scenario(
        {"A4": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A4",
        squads=("night-shift", "firing-line"),
        dice=script("search", 9, 10, "fixed", 6, 6, "find", 3),
    )
    game.apply("search A4 L1")
    assert "Scanner" in events(game, "tiers")[0].data["text"]
    assert events(game, "search-result")[0].data["total"] == 19


def test_c2_4_agent_re_rolls_a_failed_search() -> None:
    # Pike (A4, Agent, Wits 2d8) fails 2 against 10, re-rolls 16 and succeeds.
    game = scenario(
        {"A4": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A4",
        dice=script("search", 1, 1, "fixed", 5, 5, "agent-reroll", 8, 8, "find", 5),
    )
    game.apply("search A4 L1")
    assert [e.rule for e in events(game, "agent-reroll")] == ["C2.4"]
    assert loot.findings(game, 0)[0].amount == 6


def test_c4_2_boost_raises_a_search() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        blessings=(("Boost",), ()),
        dice=script("search", 1, 2, "fixed", 6, 6),
    )
    game.apply("search A3 L1")
    assert options(game) == ["bless A3 boost", "no-blessing"]
    game.apply("bless A3 boost")
    assert "+1 DT Boost (C4.2)" in events(game, "tiers")[0].data["text"]  # 2d8 against 2d6
    assert [e.roll.dice for e in game.log if e.roll is not None] == ["2D8", "2D6"]
    assert events(game, "search-result")[0].data["success"] is False


def test_c4_2_reroll_changes_a_search_die() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        blessings=(("Reroll",), ()),
        dice=script("search", 1, 2, "fixed", 2, 3, "blessing-reroll", 6, "find", 3),
    )
    game.apply("search A3 L1")
    assert options(game) == ["reroll A3 1", "reroll A3 2", "no-blessing"]
    game.apply("reroll A3 1")
    result = events(game, "search-result")[0].data
    assert (result["total"], result["against"], result["success"]) == (8, 5, True)


def test_k2_1_a_failed_search_leaves_the_marker() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        dice=script("search", 2, 2, "fixed", 5, 6),
    )
    game.apply("search A3 L1")
    assert events(game, "search-result")[0].data["success"] is False
    assert _markers(game) == [("L1", 6.5, 12.0)]
    assert loot.findings(game, 0) == () and not events(game, "damaged")


# --- the find table (K2.1) ----------------------------------------------------------------------

ROWS: list[tuple[int, tuple[Any, ...], list[tuple[FindKind, int, str]], str]] = [
    (1, ("find-item", 6), [(FindKind.ITEM, 1, "Incendiary")], "D6"),
    (2, ("find-item", 8), [(FindKind.ITEM, 1, "Scout Suit")], "D8"),
    (3, (), [(FindKind.SUBS, 4, "")], ""),
    (4, ("find-item", 20), [(FindKind.ITEM, 1, "Power Fist")], "D20"),
    (5, (), [(FindKind.SUBS, 6, "")], ""),
    (6, (), [(FindKind.EVIDENCE, 1, "")], ""),
    (7, ("find-item", 8), [(FindKind.ITEM, 1, "Trauma Kit")], "D8"),
    (8, (), [(FindKind.SUBS, 8, "")], ""),
    (9, ("find-item", 20), [(FindKind.ITEM, 1, "Missile Pod")], "D20"),
    (10, (), [(FindKind.EVIDENCE, 1, ""), (FindKind.LEAD, 1, "")], ""),
    (11, ("find-item", 6), [(FindKind.ITEM, 1, "Operations Suit")], "D6"),
    (12, (), [(FindKind.EVIDENCE, 1, "")], ""),
    (13, ("find-item", 8), [(FindKind.ITEM, 1, "Inhibitor")], "D8"),
    (14, (), [(FindKind.SUBS, 12, "")], ""),
    (15, ("find-item", 6), [(FindKind.ITEM, 1, "Fortress Plating")], "D6"),
    (16, (), [(FindKind.SUBS, 15, "")], ""),
    (17, (), [(FindKind.MERIT, 1, "")], ""),
    (18, (), [(FindKind.SUBS, 20, "")], ""),
    (19, (), [(FindKind.EVIDENCE, 1, "")], ""),
]


@pytest.mark.parametrize(
    ("face", "item_die", "found", "die"), ROWS, ids=[f"row-{r[0]}" for r in ROWS]
)
def test_k2_1_search_d20_row(
    face: int, item_die: tuple[Any, ...], found: list[tuple[FindKind, int, str]], die: str
) -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        dice=script(*WIN, "find", face, *item_die),
    )
    game.apply("search A3 L1")
    assert [(f.kind, f.amount, f.item) for f in loot.findings(game, 0)] == found
    assert all(f.model == "A3" and f.side == 0 for f in loot.findings(game, 0))
    assert loot.findings(game, 1) == ()
    rules = {FindKind.EVIDENCE: "K2.3", FindKind.MERIT: "K3.1"}
    assert [e.rule for e in events(game, "found")] == [rules.get(k, "K2.1") for k, _, _ in found]
    if die:
        item_roll = next(
            e for e in game.log if e.roll is not None and e.roll.purpose == "find-item"
        )
        assert item_roll.roll is not None and item_roll.roll.dice == die
        assert item_roll.rule.startswith("R3.")
    assert not dice_left(game)


def test_k2_1_search_d20_row_20_rolls_twice_ignoring_20s() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        dice=script(*WIN, "find", 20, 20, 3, 14),
    )
    game.apply("search A3 L1")
    assert [r for r in rolls(game) if r[0] == "find"] == [
        ("find", (20,)),
        ("find", (20,)),
        ("find", (3,)),
        ("find", (14,)),
    ]
    assert events(game, "find-again")[0].data == {"rolls": 2}
    assert [(f.kind, f.amount) for f in loot.findings(game, 0)] == [
        (FindKind.SUBS, 4),
        (FindKind.SUBS, 12),
    ]


def test_k2_1_findings_are_listed_at_the_end_of_the_game() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        act="A3",
        dice=script(*WIN, "find", 10),
    )
    game.apply("search A3 L1")
    game.end(0, "test", "K1.2")
    line = game.describe(game.log[-1])
    assert "side A (Wrecking Crew) found 1 Evidence (unrecorded), 1 Lead" in line
    assert "side B (Firing Line) found nothing" in line
    clone = restore(game.to_json())
    assert loot.findings(clone, 0) == loot.findings(game, 0)


def test_k2_1_the_end_of_the_game_adds_up_finds_of_a_kind() -> None:
    # Two Leads read "2 Leads", not "1 Lead, 1 Lead"; each item stays, a Merit goes to its
    # model, and an even count of survivors is said in the singular for one.
    game = scenario({"A3": (6.0, 12.0), "B1": (3.0, 21.0)}, loot=[[6.5, 12.0]])
    gear = "Bunker Suit"
    game.state.finds = (
        Find(0, "A3", 1, "lead", 1),
        Find(0, "A3", 1, "item", 1, gear),
        Find(0, "A3", 2, "merit", 1, rule="K2.2"),
        Find(0, "A3", 2, "item", 1, gear),
        Find(0, "A3", 3, "lead", 1, rule="K2.2"),
    )
    game.state.round = 7
    game.begin([GameLength()])
    line = game.describe(game.log[-1])
    assert line.startswith(
        "Game over: a draw, both squads have 1 model left; side A (Wrecking Crew) found 2 Leads, "
        f"{gear}, 1 Merit for Sunita Roche (A3), {gear};"
    )


def test_k3_1_a_merit_find_names_the_searcher_at_the_end() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR}, loot=[[6.5, 12.0]], act="A3", dice=script(*WIN, "find", 17)
    )
    game.apply("search A3 L1")
    game.end(None, "test", "K1.2")
    assert "1 Merit for Sunita Roche (A3)" in game.describe(game.log[-1])


# --- the Loot Modifiers (K1.3) ------------------------------------------------------------------


FIVE = [[4.0, 4.0], [8.0, 4.0], [12.0, 4.0], [16.0, 4.0], [20.0, 4.0]]


def test_k1_3_decoys_each_placer_marks_its_share() -> None:
    game = scenario({"A3": (6.0, 12.0), **FAR}, loot=FIVE, loot_modifier="decoys", act="A3")
    # Five markers: two fakes. Side B (Second Player) placed L1, L3, L5 and marks one ...
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["decoy L1", "decoy L3", "decoy L5"]
    game.apply("decoy L3")
    # ... then side A, which placed L2 and L4, marks one.
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["decoy L2", "decoy L4"]
    game.apply("decoy L4")
    assert [mk.decoy for mk in game.state.loot] == [False, False, True, True, False]
    assert [e.rule for e in events(game, "decoy-marked")] == ["K1.3", "K1.3"]
    assert game.decision is not None and game.decision.kind == "act"


def test_k1_3_decoys_with_three_markers_only_the_second_player_marks() -> None:
    game = scenario(FAR, loot=FIVE[:3], loot_modifier="decoys")
    assert options(game) == ["decoy L1", "decoy L3"]
    game.apply("decoy L1")
    assert game.decision is None  # side A's share of one fake is none


def test_k1_3_decoys_searching_a_fake_reveals_it_without_a_roll() -> None:
    game = scenario({"A3": (4.5, 4.0), **FAR}, loot=FIVE, loot_modifier="decoys", act="A3")
    game.apply("decoy L1")
    game.apply("decoy L2")
    game.apply("search A3 L1")
    assert [e.rule for e in events(game, "decoy-revealed")] == ["K1.3"]
    assert rolls(game) == [] and len(game.state.loot) == 4
    assert loot.findings(game, 0) == ()


def test_k1_3_decoys_each_sides_marks_are_its_secret() -> None:
    game = scenario({"A3": (6.0, 12.0), **FAR}, loot=FIVE, loot_modifier="decoys", act="A3")
    assert game.view(0).decision is not None and game.view(0).decision.options == ()
    game.apply("decoy L3")  # side B's fake
    game.apply("decoy L4")  # side A's fake
    seen_by_a, seen_by_b = game.view(0), game.view(1)
    assert [mk.decoy for mk in seen_by_a.state.loot] == [False, False, False, True, False]
    assert [mk.decoy for mk in seen_by_b.state.loot] == [False, False, True, False, False]
    assert [str(a) for a in seen_by_a.actions[-2:]] == ["?", "decoy L4"]
    lines = [seen_by_a.describe(e) for e in seen_by_a.log if e.kind == "decoy-marked"]
    assert lines[0].startswith("side B (Firing Line) marks one of its Loot Markers as a decoy")
    assert lines[1].startswith("side A (Wrecking Crew) marks Loot Marker L4 as a decoy")
    assert [mk.decoy for mk in game.state.loot] == [False, False, True, True, False]


def test_k1_3_decoys_a_side_reads_its_own_marks_in_its_status_the_other_does_not() -> None:
    game = scenario({"A3": (6.0, 12.0), **FAR}, loot=FIVE, loot_modifier="decoys", act="A3")
    game.apply("decoy L3")  # side B's fake
    game.apply("decoy L4")  # side A's fake
    mine, theirs = status(game.view(0)), status(game.view(1))
    assert "A's secret: its decoys are Loot Markers L4  [K1.3]" in mine and "L3" not in mine
    assert "B's secret: its decoys are Loot Markers L3  [K1.3]" in theirs and "L4" not in theirs


def test_k1_3_decoys_a_determinized_game_marks_the_fakes_left_at_random() -> None:
    game = scenario({"A3": (4.5, 4.0), **FAR}, loot=FIVE, loot_modifier="decoys", act="A3")
    game.apply("decoy L1")
    game.apply("decoy L2")
    for seed in range(6):
        sampled = game.determinize(0, random.Random(seed))
        theirs = [mk.decoy for mk in sampled.state.loot if mk.side == 1]
        assert sum(theirs) == 1  # side B's one fake, somewhere among L1, L3, L5
    game.apply("search A3 L1")  # revealed: side B has no fake left
    sampled = game.determinize(0, random.Random(0))
    assert not [mk for mk in sampled.state.loot if mk.side == 1 and mk.decoy]


def test_k1_3_decoys_a_game_determinized_while_a_side_marks_leaves_it_marking() -> None:
    game = scenario({"A3": (4.5, 4.0), **FAR}, loot=FIVE, loot_modifier="decoys", act="A3")
    before = game.to_json()
    for seed in range(6):
        sampled = game.determinize(0, random.Random(seed))
        assert not [mk for mk in sampled.state.loot if mk.decoy]  # side B has marked none yet
        assert sampled.decision is not None and sampled.decision.player == 1
        assert options(sampled) == ["decoy L1", "decoy L3", "decoy L5"]
    assert game.to_json() == before


def test_k1_3_decoys_give_plus_one_dt_to_search() -> None:
    game = scenario(
        {"A3": (8.5, 4.0), **FAR},
        loot=FIVE,
        loot_modifier="decoys",
        act="A3",
        dice=script("search", 8, 8, "fixed", 1, 1, "find", 3),
    )
    game.apply("decoy L1")
    game.apply("decoy L4")
    game.apply("search A3 L2")
    assert "+1 DT Decoys (K1.3)" in events(game, "tiers")[0].data["text"]  # 2d6 -> 2d8


@pytest.mark.parametrize(("round_", "left"), [(3, 1), (4, 0)])
def test_k1_3_timed_markers_go_at_the_end_of_round_4(round_: int, left: int) -> None:
    game = scenario(
        FAR, loot=[[6.0, 6.0]], loot_modifier="timed", round=round_, steps=[ExpireLoot()]
    )
    assert len(game.state.loot) == left
    assert [e.rule for e in events(game, "loot-expired")] == ["K1.3"] * (1 - left)


def test_k1_3_standard_markers_stay_after_round_4() -> None:
    game = scenario(FAR, loot=[[6.0, 6.0]], round=4, steps=[ExpireLoot()])
    assert len(game.state.loot) == 1


def test_k1_3_heavy_needs_a_second_friendly_model_and_costs_one_dt() -> None:
    game = scenario({"A3": (6.0, 12.0), **FAR}, loot=[[6.5, 12.0]], loot_modifier="heavy", act="A3")
    assert "search A3 L1" not in options(game)
    game = scenario(
        {"A3": (6.0, 12.0), "A4": (7.5, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        loot_modifier="heavy",
        act="A3",
        dice=script("search", 4, 4, "fixed", 1, 1, "find", 3),
    )
    game.apply("search A3 L1")
    assert "-1 DT Heavy (K1.3)" in events(game, "tiers")[0].data["text"]  # 2d6 -> 2d4


@pytest.mark.parametrize(
    ("modifier", "faces", "damage"),
    [
        ("trapped", ("search", 1, 1, "fixed", 3, 3, "trap", 4), 4),  # 6 >= 3 x 2: a fumble
        ("trapped", ("search", 2, 2, "fixed", 5, 6), 0),  # 11 < 3 x 4: a plain failure
        ("standard", ("search", 1, 1, "fixed", 3, 3), 0),  # a fumble, but nothing is trapped
    ],
    ids=["fumble", "failure", "untrapped"],
)
def test_k1_3_trapped_a_search_fumble_deals_d6(
    modifier: str, faces: tuple[Any, ...], damage: int
) -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        loot_modifier=modifier,
        act="A3",
        dice=script(*faces),
    )
    before = game.model("A3").health
    game.apply("search A3 L1")
    assert before - game.model("A3").health == damage
    assert len(events(game, "search-fumble")) == (1 if damage else 0)
    assert [e.rule for e in events(game, "damaged")] == ["K1.3"] * (1 if damage else 0)
    assert not dice_left(game)


def test_k1_3_contaminated_searcher_loses_health_each_later_round() -> None:
    blessing_dice = script("blessing", 1, 2, 3, "blessing", 1, 2, 3)
    game = scenario(
        {"A3": (6.0, 12.0), **FAR},
        loot=[[6.5, 12.0]],
        loot_modifier="contaminated",
        act="A3",
        steps=[LootRounds()],
        dice=script("search", 4, 4, "fixed", 1, 1, "find", 3) + blessing_dice + script("token", 1),
    )
    health = game.model("A3").health
    game.apply("search A3 L1")
    assert "-1 DT Contaminated (K1.3)" in events(game, "tiers")[0].data["text"]
    assert game.model("A3").health == health  # not in the round it searched
    game.apply("end A3")
    assert game.state.round == 2
    assert game.model("A3").health == health - 1
    damaged = events(game, "damaged")[0]
    assert (damaged.rule, damaged.data["source"]) == ("K1.3", "Contaminated")


def test_k1_3_contaminated_spares_a_model_that_only_interrogated() -> None:
    # A3 searched nothing; what an Interrogate gave it (K2.2) is no loot it carries.
    game = scenario(
        {"A3": (6.0, 12.0), **FAR}, loot=[[20.5, 20.0]], loot_modifier="contaminated", act="A3"
    )
    a3 = game.model("A3")
    record_find(game, a3, FindKind.SUBS, 10, rule="K2.2")
    game.state.round, health = 2, a3.health
    assert contamination(game) == [] and a3.health == health
    assert game.state.finds[-1].rule == "K2.2"


# --- whole games, saves, drawing, AI -----------------------------------------------------------


@pytest.mark.parametrize(
    ("layout", "modifier"),
    [
        ("scattered", "decoys"),
        ("central-cache", "trapped"),
        ("edge-stash", "heavy"),
        ("trail", "timed"),
        ("heavy-drop", "contaminated"),
    ],
)
def test_k1_3_random_games_with_loot_keep_the_contract(layout: str, modifier: str) -> None:
    for seed in range(3):
        game = random_game(
            RULESET, seed, {"loot": layout, "loot_modifier": modifier}, deep=seed == 0
        )
        for event in game.log:
            line = game.describe(event)
            assert "{" not in line, line
        if modifier == "timed" and game.state.round > 4:
            assert game.state.loot == ()


def test_markers_hook_draws_loot_and_dropped_weapons() -> None:
    game = scenario({"A3": (6.0, 12.0), **FAR}, loot=[[6.5, 12.0], [20.0, 3.0]])
    game.state.dropped = (DroppedWeapon("W1", "Sword", 3.0, 3.0),)
    markers = RULESET.markers(game)
    assert [(m.label, m.kind) for m in markers] == [
        ("L1", "loot"),
        ("L2", "loot"),
        ("W1", "weapon"),
    ]
    svg = render_svg(game.board, game)
    assert svg.count('class="marker loot"') == 2 and svg.count('class="marker weapon"') == 1
    assert 'data-id="L2"' in svg and ">W1</text>" in svg
    other = find_ruleset("strange-aeons-intro")
    assert other.markers(other.new_game({}, 0)) == ()


def test_ai_searches_a_marker_in_reach_rather_than_aiming() -> None:
    game = scenario({"A3": (6.0, 12.0), "B2": (16.0, 12.0)}, loot=[[6.5, 12.0]], act="A3")
    search, aim = Action("search", ("A3", "L1")), Action("aim", ("A3", "B2"))
    scores = RULESET.score_actions(game, [search, aim])
    assert scores[0] > scores[1]


def _move_score(enemy: tuple[float, float], loot_spec: Any = None) -> float:
    game = scenario({"A3": (6.0, 12.0), "B1": enemy}, loot=loot_spec, act="A3")
    return RULESET.score_actions(game, [Action.at("move", ("A3",), 9.0, 12.0)])[0]


def test_ai_leans_toward_a_near_marker_when_no_enemy_is_close() -> None:
    # The move ends 0.51" from the marker: it gains 0.1 an inch and 0.4 for the reach.
    far = (22.0, 22.0)
    assert _move_score(far, [[10.0, 12.0]]) == pytest.approx(_move_score(far) + 0.7)
    near = (6.0, 17.0)  # an enemy within 6": the marker can wait
    assert _move_score(near, [[10.0, 12.0]]) == _move_score(near)
