"""Where scenario markers lie and where S3's Clues may go (notes ``wolsung-scenarios.md``
§4.0, §4.2, §4.3), on small boards made for each rule."""

from __future__ import annotations

import pytest

from skirmish.errors import BoardError
from skirmish.geometry import Board, Cover, Movement, Terrain
from skirmish.rulesets.wolsung.table.markers import (
    clue_error,
    marker_radius,
    place_marker,
    scenario_markers,
    spot_at,
)
from skirmish.rulesets.wolsung.table.measure import Spot
from skirmish.rulesets.wolsung.table.records import Clues, Common, ScenarioBook
from skirmish.rulesets.wolsung.table.scenarios import load_scenarios


@pytest.fixture(scope="module")
def book() -> ScenarioBook:
    return load_scenarios()


@pytest.fixture(scope="module")
def common(book: ScenarioBook) -> Common:
    return book.common


@pytest.fixture(scope="module")
def clues(book: ScenarioBook) -> Clues:
    found = book.get("s3").clues
    assert found is not None
    return found


def piece(
    id: str, kind: Movement, height: float, box: tuple[float, float, float, float]
) -> Terrain:
    x0, y0, x1, y1 = box
    polygon = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    return Terrain(id, id, polygon, height, kind, Cover.HEAVY)


def table(*pieces: Terrain) -> Board:
    return Board("test", 36.0, 36.0, pieces)


def test_marker_on_open_ground_stays(common: Common) -> None:
    spot = place_marker(table(), (6.0, 18.0), common)
    assert spot == Spot(6.0, 18.0, 0.0, marker_radius(common))


def test_marker_in_impassable_terrain_moves_to_nearest_fit(common: Common) -> None:
    statue = piece("statue", Movement.IMPASSABLE, 4.0, (5.0, 17.0, 8.0, 21.0))
    board = table(statue)
    spot = place_marker(board, (5.5, 19.0), common)
    r = marker_radius(common)
    assert (spot.x, spot.y, spot.z, spot.level) == pytest.approx((5.0 - r, 19.0, 0.0, None))
    assert board.placement_error((spot.x, spot.y), r, None) is None


def test_marker_under_elevated_terrain_goes_on_its_top(common: Common) -> None:
    house = piece("house", Movement.CLIMBABLE, 3.0, (10.0, 10.0, 20.0, 20.0))
    spot = place_marker(table(house), (15.0, 15.0), common)
    assert (spot.x, spot.y, spot.z, spot.level) == (15.0, 15.0, 3.0, "house")


def test_marker_at_a_roof_edge_moves_in_until_the_disc_fits(common: Common) -> None:
    house = piece("house", Movement.CLIMBABLE, 3.0, (10.0, 10.0, 20.0, 20.0))
    board = table(house)
    spot = place_marker(board, (10.2, 15.0), common)
    r = marker_radius(common)
    assert (spot.x, spot.y, spot.level) == pytest.approx((10.0 + r, 15.0, "house"))
    assert board.placement_error((spot.x, spot.y), r, "house") is None


def test_marker_takes_the_highest_level_where_the_disc_fits(common: Common) -> None:
    hall = piece("hall", Movement.CLIMBABLE, 3.0, (10.0, 10.0, 20.0, 20.0))
    tower = piece("tower", Movement.CLIMBABLE, 6.0, (14.0, 14.0, 16.0, 16.0))
    spire = piece("spire", Movement.CLIMBABLE, 9.0, (14.5, 14.5, 15.5, 15.5))  # under 30 mm
    spot = place_marker(table(hall, tower, spire), (15.0, 15.0), common)
    assert (spot.level, spot.z) == ("tower", 6.0)


def test_s2_marker_b_climbs_an_elevated_piece_within_4(common: Common) -> None:
    near = piece("near", Movement.CLIMBABLE, 3.0, (21.5, 10.0, 26.0, 26.0))  # 3.5" east
    spot = place_marker(table(near), (18.0, 18.0), common, roof_within=4.0)
    r = marker_radius(common)
    assert (spot.x, spot.y, spot.z, spot.level) == pytest.approx((21.5 + r, 18.0, 3.0, "near"))


def test_s2_marker_b_stays_down_beyond_4_or_beside_low_pieces(common: Common) -> None:
    far = piece("far", Movement.CLIMBABLE, 3.0, (22.5, 10.0, 26.0, 26.0))  # 4.5" east
    low = piece("low", Movement.CLIMBABLE, 2.0, (10.0, 10.0, 15.0, 26.0))  # 3" west, 2" tall
    spot = place_marker(table(far, low), (18.0, 18.0), common, roof_within=4.0)
    assert (spot.x, spot.y, spot.level) == (18.0, 18.0, None)


def test_s2_marker_b_takes_the_nearest_elevated_piece(common: Common) -> None:
    west = piece("west", Movement.CLIMBABLE, 5.0, (10.0, 10.0, 15.0, 26.0))  # 3" west
    east = piece("east", Movement.CLIMBABLE, 3.0, (20.0, 10.0, 32.0, 26.0))  # 2" east
    spots = scenario_markers(table(west, east), load_scenarios().get("s2").markers, common)
    assert spots["B"].level == "east"
    assert spots["A"].level is None and spots["C"].level == "east"  # C lies on it anyway


def test_no_room_on_the_ground_refused(common: Common) -> None:
    slab = piece("slab", Movement.IMPASSABLE, 4.0, (0.0, 0.0, 36.0, 36.0))
    with pytest.raises(BoardError, match="board 'test': no room on the ground for a marker"):
        place_marker(table(slab), (18.0, 18.0), common)


def test_spot_at_needs_room_for_the_disc(common: Common) -> None:
    wall = piece("wall", Movement.IMPASSABLE, 4.0, (18.3, 0.0, 19.0, 36.0))
    r = marker_radius(common)
    assert spot_at(table(wall), (18.0, 18.0), r) is None
    assert spot_at(table(wall), (17.0, 18.0), r) == Spot(17.0, 18.0, 0.0, r)


# --- S3's Clues (§4.3) ----------------------------------------------------------------------


def centre_clue(board: Board, clues: Clues, common: Common) -> Spot:
    return place_marker(board, clues.centre, common)


def test_s3_clue_at_10_to_26_in_y(clues: Clues, common: Common) -> None:
    board = table()
    centre = [centre_clue(board, clues, common)]
    assert clue_error(board, (6.0, 10.0), centre, clues, common) is None
    assert clue_error(board, (6.0, 26.0), centre, clues, common) is None
    message = "a Clue goes at 10 <= y <= 26, not at y = 9.9"
    assert clue_error(board, (6.0, 9.9), centre, clues, common) == message


def test_s3_clue_3_from_the_side_edges(clues: Clues, common: Common) -> None:
    board = table()
    r = marker_radius(common)
    assert clue_error(board, (3.0 + r, 12.0), [], clues, common) is None
    assert clue_error(board, (33.0 - r, 12.0), [], clues, common) is None
    too_near = clue_error(board, (33.0 - r + 0.01, 12.0), [], clues, common)
    assert too_near == 'a Clue goes 3" or more from the side edges'


def test_s3_clue_6_from_the_others_centre_included(clues: Clues, common: Common) -> None:
    board = table()
    centre = centre_clue(board, clues, common)
    r = marker_radius(common)
    six_off = 18.0 - 6.0 - 2 * r
    assert clue_error(board, (six_off, 18.0), [centre], clues, common) is None
    message = clue_error(board, (six_off + 0.01, 18.0), [centre], clues, common)
    assert message == 'a Clue goes 6" or more from the others; the one at (18, 18) is nearer'


def test_s3_clue_on_a_roof_measures_in_3d(clues: Clues, common: Common) -> None:
    tower = piece("tower", Movement.CLIMBABLE, 6.0, (20.0, 16.0, 24.0, 20.0))
    board = table(tower)
    centre = centre_clue(board, clues, common)
    # 2.82" across from the centre clue's rim, but 6" up: far enough
    assert clue_error(board, (22.0, 18.0), [centre], clues, common) is None


def test_s3_clue_needs_room_for_its_disc(clues: Clues, common: Common) -> None:
    board = table(piece("statue", Movement.IMPASSABLE, 4.0, (5.0, 11.0, 8.0, 14.0)))
    message = clue_error(board, (6.0, 12.0), [], clues, common)
    assert message == "no room for a Clue's disc at (6, 12)"


def test_s3_centre_clue_moved_off_solid_terrain(clues: Clues, common: Common) -> None:
    board = table(piece("well", Movement.IMPASSABLE, 4.0, (17.5, 16.0, 20.0, 20.0)))
    spot = centre_clue(board, clues, common)
    assert board.placement_error((spot.x, spot.y), spot.radius, None) is None
    assert (spot.x, spot.y) == pytest.approx((17.5 - spot.radius, 18.0))
