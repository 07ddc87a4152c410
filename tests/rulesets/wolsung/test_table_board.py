"""The shipped Wolsung board, ``boards/wolsung.toml``: the terrain guidelines of L33-L37 (notes
``wolsung.md`` §1.2 item 8), room in every deployment zone of both house deployments, and
marker B of S2 on the town hall (notes ``wolsung-scenarios.md`` §4.0, §4.2)."""

from __future__ import annotations

import pytest
import shapely

from skirmish.geometry import Board, Movement, mm_to_inches, plan_path
from skirmish.geometry.board import load_board
from skirmish.rulesets.wolsung.table.markers import scenario_markers
from skirmish.rulesets.wolsung.table.records import Common, Deployment, ScenarioBook
from skirmish.rulesets.wolsung.table.scenarios import load_scenarios
from skirmish.rulesets.wolsung.table.zones import Zone, deployment_zones

R40 = mm_to_inches(40) / 2
"""The radius of the largest base in the game (L27)."""


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("wolsung")


@pytest.fixture(scope="module")
def book() -> ScenarioBook:
    return load_scenarios()


@pytest.fixture(scope="module")
def common(book: ScenarioBook) -> Common:
    return book.common


def footprint(board: Board, tall: float = 0.0) -> shapely.Geometry:
    return shapely.union_all(
        [shapely.Polygon(t.polygon) for t in board.terrain if t.height >= tall]
    )


def every_zone(common: Common) -> list[Zone]:
    return [zone for kind in Deployment for zone in deployment_zones(kind, common)]


def test_board_loads_by_name(board: Board, common: Common) -> None:
    assert board.name == "Lyonesse crossroads"
    assert (board.width, board.height) == (common.table, common.table)
    assert len(board.terrain) == 33 and len(board.ladders) == 12


def test_l33_half_the_table_has_terrain(board: Board) -> None:
    share = footprint(board).area / (board.width * board.height)
    assert 0.48 <= share <= 0.55


def test_l34_most_terrain_is_elevated(board: Board, common: Common) -> None:
    elevated = footprint(board, common.elevated).area
    assert elevated / footprint(board).area > 0.55


def test_l35_elevated_terrain_mainly_in_the_centre(board: Board, common: Common) -> None:
    elevated = footprint(board, common.elevated)
    centre = shapely.box(6, 6, 30, 30)
    assert elevated.intersection(centre).area / elevated.area > 0.75
    # none at the table's edges, where shooters would rule the game
    assert elevated.distance(shapely.box(0, 0, 36, 36).exterior) >= 3.0


def test_l36_routes_blocked_and_opened(board: Board) -> None:
    """The streets lead from one band to the other for every base; the alleys beside the town
    hall and between the tenements and the shops open shorter ways for 30 mm bases only."""
    r30 = mm_to_inches(30) / 2
    big = plan_path(board, (18.0, 3.0), (18.0, 33.0), R40, ())
    small = plan_path(board, (18.0, 3.0), (18.0, 33.0), r30, ())
    assert big is not None and small is not None
    assert small.length < big.length
    for alley in ((18.0, 14.375), (8.0, 13.0), (18.0, 21.625), (28.0, 23.0)):
        assert board.placement_error(alley, r30, None) is None, alley
        assert board.placement_error(alley, R40, None) is not None, alley


LAWNS = ("garden-s", "garden-n")
"""The public gardens: ground, open by L77, not clutter on it."""


def test_l78_clutter_over_1_inch_high_or_across_is_rough(board: Board) -> None:
    """Notes §7 item 15: a piece over 1" high or wider than 1", up to 3" high, is rough."""
    assert board.piece("barrows-w").movement is Movement.ROUGH
    assert board.piece("barrows-e").movement is Movement.ROUGH
    for t in board.terrain:
        if t.movement is Movement.OPEN and t.id not in LAWNS:
            x0, y0, x1, y1 = shapely.Polygon(t.polygon).bounds
            assert t.height <= 1.0 and min(x1 - x0, y1 - y0) <= 1.0, t.id


def test_l37_every_ladder_fits_a_40mm_base_at_both_ends(board: Board) -> None:
    for ladder in board.ladders:
        assert board.placement_error(ladder.foot, R40, None) is None, ladder.id
        assert board.placement_error(ladder.top, R40, ladder.terrain) is None, ladder.id
        assert board.surface_at(ladder.top) == ladder.terrain
        assert plan_path(board, (18.0, 3.0), ladder.foot, R40, ()) is not None, ladder.id


def test_l37_access_points_but_not_everywhere(board: Board) -> None:
    climbable = {t.id for t in board.terrain if t.movement is Movement.CLIMBABLE}
    reached = {ladder.terrain for ladder in board.ladders}
    assert climbable - reached == {"tenement-sw", "tenement-ne"}
    assert reached <= climbable


def test_zones_of_both_deployments_hold_ten_40mm_bases(board: Board, common: Common) -> None:
    for zone in every_zone(common):
        centres = (zone.x0 + R40, zone.y0 + R40, zone.x1 - R40, zone.y1 - R40)
        placed = board.pack([centres], R40, 10)
        assert len(placed) == 10, zone.name
        assert all(zone.holds(*p, r) for p, r, _ in placed)


def test_zones_hold_no_solid_terrain(board: Board, common: Common) -> None:
    solid = [t for t in board.terrain if t.movement in (Movement.IMPASSABLE, Movement.CLIMBABLE)]
    for zone in every_zone(common):
        area = shapely.box(zone.x0, zone.y0, zone.x1, zone.y1)
        assert all(area.intersection(shapely.Polygon(t.polygon)).area == 0 for t in solid)


def test_board_is_the_same_turned_half_round(board: Board) -> None:
    def shape(polygon: tuple[tuple[float, float], ...]) -> shapely.Geometry:
        return shapely.normalize(shapely.Polygon(polygon))

    def turned(polygon: tuple[tuple[float, float], ...]) -> shapely.Geometry:
        return shape(tuple((36.0 - x, 36.0 - y) for x, y in polygon))

    pieces = {(t.movement, t.height, shape(t.polygon).wkt) for t in board.terrain}
    assert {(t.movement, t.height, turned(t.polygon).wkt) for t in board.terrain} == pieces
    ladders = {(lad.foot, lad.top) for lad in board.ladders}
    assert {((36 - f[0], 36 - f[1]), (36 - t[0], 36 - t[1])) for f, t in ladders} == ladders


def test_s2_marker_b_on_roof(board: Board, book: ScenarioBook) -> None:
    spots = scenario_markers(board, book.get("s2").markers, book.common)
    hall = board.piece("hall")
    assert (spots["B"].x, spots["B"].y, spots["B"].level, spots["B"].z) == (18, 18, "hall", 5)
    assert hall.height >= book.common.elevated
    # A and C stay in the avenue, on the ground where they were meant to be
    assert (spots["A"].x, spots["A"].y, spots["A"].level) == (6, 18, None)
    assert (spots["C"].x, spots["C"].y, spots["C"].level) == (30, 18, None)
