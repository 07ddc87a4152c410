"""Board files (TOML), their validation, and the board's placement queries."""

from __future__ import annotations

import pickle
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
import shapely

from skirmish.errors import BoardError
from skirmish.geometry import (
    CONTACT,
    Board,
    Cover,
    Edge,
    Ladder,
    Movement,
    Terrain,
    default_board_path,
    mm_to_inches,
)

FARMSTEAD = textwrap.dedent(
    """
    name = "Farmstead"
    width = 36.0
    height = 24.0
    [[terrain]]
    id = "house"
    name = "Farmhouse"
    kind = "climbable"
    height = 3.0
    cover = "heavy"
    blocks_sight = true
    polygon = [[10.0, 8.0], [16.0, 8.0], [16.0, 13.0], [10.0, 13.0]]
    [[terrain]]
    id = "bog"
    name = "Bog"
    kind = "rough"
    height = 0
    polygon = [[20, 2], [24, 2], [22, 5]]
    [[ladder]]
    id = "L1"
    terrain = "house"
    foot = [13.0, 7.2]
    top = [13.0, 8.8]
    """
)


def test_toml_round_trips_through_dict() -> None:
    board = Board.from_toml(FARMSTEAD)
    again = Board.from_dict(board.to_dict())
    assert again == board
    assert again.to_dict() == board.to_dict()
    house = board.piece("house")
    assert house.movement is Movement.CLIMBABLE and house.cover is Cover.HEAVY
    bog = board.piece("bog")
    assert bog.cover is Cover.NONE and bog.blocks_sight and bog.height == 0.0
    assert board.ladders == (Ladder("L1", "house", (13.0, 7.2), (13.0, 8.8)),)


def test_default_boards_round_trip_and_pickle() -> None:
    for name in ("default", "open"):
        board = Board.load(default_board_path(name))
        assert Board.from_dict(board.to_dict()) == board
        assert pickle.loads(pickle.dumps(board)) == board


def test_default_board_loads_and_every_piece_is_valid(board: Board) -> None:
    assert (board.width, board.height) == (36.0, 24.0)
    assert 7 <= len(board.terrain) <= 9
    table = shapely.box(0, 0, board.width, board.height)
    kinds = {t.movement for t in board.terrain}
    assert kinds == set(Movement)
    for t in board.terrain:
        poly = shapely.Polygon(t.polygon)
        assert poly.is_valid and poly.area > 0, t.id
        assert table.covers(poly), t.id
    # the deployment strips are mostly clear, with a little cover
    for strip in (shapely.box(0, 0, 36, 5), shapely.box(0, 19, 36, 24)):
        covered = sum(shapely.Polygon(t.polygon).intersection(strip).area for t in board.terrain)
        assert 0 < covered < 0.05 * strip.area
    # every ladder is usable by bases up to 50 mm
    r = mm_to_inches(50) / 2
    for lad in board.ladders:
        assert board.placement_error(lad.foot, r, None, ()) is None
        assert board.placement_error(lad.top, r, lad.terrain, ()) is None
        assert board.surface_at(lad.top) == lad.terrain
    assert Board.load(default_board_path("open")).terrain == ()


def _farm(change: str, old: str) -> str:
    assert old in FARMSTEAD
    return FARMSTEAD.replace(old, change)


BAD_BOARDS = {
    "malformed toml": ("name = \n", "is not valid TOML"),
    "missing width": (_farm("", "width = 36.0\n"), "width: Field required"),
    "unknown kind": (_farm('kind = "lava"', 'kind = "rough"'), "terrain[1] ('bog').kind"),
    "unknown cover": (_farm('cover = "total"', 'cover = "heavy"'), "cover"),
    "unknown key": (_farm('colour = "red"\nheight = 0', "height = 0"), "colour"),
    "self-intersecting polygon": (
        _farm(
            "polygon = [[20, 2], [24, 5], [24, 2], [20, 5]]",
            "polygon = [[20, 2], [24, 2], [22, 5]]",
        ),
        "'bog': polygon is not simple",
    ),
    "two vertices": (
        _farm("polygon = [[20, 2], [24, 2]]", "polygon = [[20, 2], [24, 2], [22, 5]]"),
        "polygon",
    ),
    "flat polygon": (
        _farm("polygon = [[20, 2], [24, 2], [22, 2]]", "polygon = [[20, 2], [24, 2], [22, 5]]"),
        "no area",
    ),
    "off the board": (
        _farm("polygon = [[20, 2], [24, 2], [22, -1]]", "polygon = [[20, 2], [24, 2], [22, 5]]"),
        "'bog': polygon goes off the 36x24 board",
    ),
    "negative height": (_farm("height = -1", "height = 0"), "height"),
    "duplicate id": (_farm('id = "house"', 'id = "bog"'), "duplicate terrain id 'house'"),
    "ladder to a missing piece": (
        _farm('terrain = "barn"', 'terrain = "house"'),
        "no terrain piece 'barn'",
    ),
    "ladder foot inside": (_farm("foot = [13.0, 9.0]", "foot = [13.0, 7.2]"), "foot"),
    "ladder top outside": (_farm("top = [13.0, 7.0]", "top = [13.0, 8.8]"), "top"),
    "ladder on a rough piece": (_farm('terrain = "bog"', 'terrain = "house"'), "not climbable"),
    "not a table": ("name = 'x'\nwidth = 36\nheight = 24\nterrain = 5\n", "terrain"),
    "zero-height climbable": (
        _farm("height = 0.0", "height = 3.0"),
        "climbable piece needs a height",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_BOARDS))
def test_bad_board_files_raise_one_line_board_errors(case: str) -> None:
    text, expected = BAD_BOARDS[case]
    with pytest.raises(BoardError) as info:
        Board.from_toml(text)
    message = str(info.value)
    assert "\n" not in message
    assert expected in message, message


def test_load_reports_the_path_and_unreadable_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'x'\n", encoding="utf-8")
    with pytest.raises(BoardError, match=r"bad\.toml: bad board: width"):
        Board.load(bad)
    with pytest.raises(BoardError, match="cannot read board file"):
        Board.load(tmp_path / "missing.toml")
    with pytest.raises(BoardError, match="no shipped board 'moon'; known: default, open"):
        default_board_path("moon")


def test_terrain_built_in_code_is_validated_too() -> None:
    with pytest.raises(BoardError, match="not simple"):
        Terrain("x", "X", ((0, 0), (2, 2), (2, 0), (0, 2)), 1.0, Movement.OPEN, Cover.NONE)
    t = Terrain("x", "X", ((0, 0), (2, 0), (2, 2), (0, 2), (0, 0)), 1, Movement.ROUGH, Cover.LIGHT)
    assert t.polygon == ((0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0))  # closing vertex dropped
    assert t.bbox == (0.0, 0.0, 2.0, 2.0)
    assert t.contains((1, 1)) and not t.contains((3, 1))


def test_a_pieces_middle_is_the_mean_of_its_corners() -> None:
    # A closing vertex written again is dropped first, so it does not pull the middle.
    t = Terrain("x", "X", ((0, 0), (4, 0), (4, 2), (0, 2), (0, 0)), 1, Movement.OPEN, Cover.NONE)
    assert t.middle() == (2.0, 1.0)
    wedge = Terrain("w", "W", ((0, 0), (6, 0), (0, 3)), 1, Movement.OPEN, Cover.NONE)
    assert wedge.middle() == (2.0, 1.0)


def test_edges_are_named_from_the_south_west_corner(open_board: Board) -> None:
    b = open_board
    p = (3.0, 2.0)
    r = 0.5
    assert b.distance_to_edge(p, r, Edge.SOUTH) == 1.5
    assert b.distance_to_edge(p, r, Edge.WEST) == 2.5
    assert b.distance_to_edge(p, r, Edge.NORTH) == 21.5
    assert b.distance_to_edge(p, r, Edge.EAST) == 32.5
    assert {e.opposite for e in Edge} == set(Edge)
    assert Edge.NORTH.opposite is Edge.SOUTH and Edge.EAST.opposite is Edge.WEST
    assert b.in_edge_zone((3.0, 4.5), r, Edge.SOUTH, 5.0)
    assert not b.in_edge_zone((3.0, 4.6), r, Edge.SOUTH, 5.0)
    assert b.in_edge_zone((3.0, 19.5), r, Edge.NORTH, 5.0)
    assert not b.in_edge_zone((3.0, 0.3), r, Edge.SOUTH, 5.0)  # hanging off the table


def test_on_table_allows_contact_with_the_edge(open_board: Board) -> None:
    r = 0.5
    assert open_board.on_table((0.5, 12), r)
    assert open_board.on_table((0.5 - CONTACT / 2, 12), r)
    assert not open_board.on_table((0.5 - 2 * CONTACT, 12), r)
    assert not open_board.on_table((35.9, 12), r)
    assert open_board.on_table((35.5, 23.5), r)


def test_levels_and_surfaces(board: Board) -> None:
    assert board.surface_at((12.0, 12.0)) == "house"
    assert board.surface_at((2.0, 12.0)) is None
    assert board.surface_at((24.5, 14.5)) is None  # the rocks are impassable, not climbable
    assert board.surface_height(None) == 0.0
    assert board.surface_height("house") == 3.0
    with pytest.raises(KeyError, match="nothing"):
        board.piece("nothing")


def test_pieces_touching_reports_contact_and_overlap(board: Board) -> None:
    r = 0.5
    wall = board.piece("wall")  # y from 6.5 to 7.0
    assert board.pieces_touching((6.0, 6.0), r, None) == (wall,)  # touching from below
    assert board.pieces_touching((6.0, 6.75), r, None) == (wall,)  # straddling
    assert board.pieces_touching((6.0, 5.9), r, None) == ()
    assert board.pieces_touching((12.0, 12.0), r, "house") == (board.piece("house"),)


def test_placement_error_reasons(board: Board) -> None:
    r = 0.5
    assert board.placement_error((2.0, 12.0), r, None, ()) is None
    assert board.placement_error((0.2, 12.0), r, None, ()) == "off the table"
    assert board.placement_error((12.0, 9.6), r, None, ()) == "overlaps house"
    assert board.placement_error((12.0, 9.5), r, None, ()) is None  # touching the wall
    assert board.placement_error((6.0, 6.75), r, None, ()) is None  # rough is passable
    assert board.placement_error((12.0, 12.0), r, "house", ()) is None
    assert board.placement_error((12.0, 10.3), r, "house", ()) == "not fully on house"
    assert board.placement_error((12.0, 12.0), r, "rocks", ()) == "no roof 'rocks'"
    others = [((3.0, 12.0), r, None), ((2.0, 13.0), r, "house")]
    assert board.placement_error((2.0, 12.0), r, None, others) is None  # touching
    assert board.placement_error((2.1, 12.0), r, None, others) == "overlaps base 0"
    assert board.placement_error((2.0, 12.0), r, None, [((2.0, 12.0), r, "house")]) is None


def test_a_board_is_bounded_to_what_a_game_can_use() -> None:
    with pytest.raises(BoardError, match="width: Input should be less than or equal to 240"):
        Board.from_toml('name = "x"\nwidth = 1e300\nheight = 24.0\n')
    with pytest.raises(BoardError, match="name: String should have at most 80 characters"):
        Board.from_toml(f'name = "{"x" * 81}"\nwidth = 36.0\nheight = 24.0\n')
    with pytest.raises(BoardError, match="name: String should match pattern"):
        Board.from_toml('name = "bell\\u0007"\nwidth = 36.0\nheight = 24.0\n')


def test_edge_zones_and_the_room_they_hold() -> None:
    board = Board.from_toml(
        'name = "x"\nwidth = 36.0\nheight = 24.0\n[[terrain]]\nid = "w"\nname = "Wall"\n'
        'kind = "impassable"\nheight = 2.0\npolygon = [[0, 0], [36, 0], [36, 5], [0, 5]]\n'
    )
    assert board.edge_zone(Edge.NORTH, 5.0, 0.5) == (0.5, 19.5, 35.5, 23.5)
    assert board.zone_room(Edge.NORTH, 5.0, 0.5, 20)
    assert not board.zone_room(Edge.SOUTH, 5.0, 0.5, 1)
    assert not board.zone_room(Edge.NORTH, 5.0, 0.5, 200)
    # North faces the walled-off south, so only east and west face each other with room.
    assert board.deployable_edges(5.0, 0.5, 5) == (Edge.EAST, Edge.WEST)


def _pack_against_every_base(
    board: Board, boxes: list[tuple[float, float, float, float]], r: float, count: int
) -> list[tuple[tuple[float, float], float, str | None]]:
    """:meth:`Board.pack` as it was, each base judged against every base placed before it."""
    step = max(r / 2, 0.05)
    placed: list[tuple[tuple[float, float], float, str | None]] = []
    for x0, y0, x1, y1 in boxes:
        for i in range(int(max(0.0, x1 - x0) / step) + 1):
            for j in range(int(max(0.0, y1 - y0) / step) + 1):
                p = (x0 + i * step, y0 + j * step)
                level = board.surface_at(p)
                if board.placement_error(p, r, level, placed) is None:
                    placed.append((p, r, level))
                    if len(placed) >= count:
                        return placed
    return placed


@pytest.mark.parametrize("r", [0.49, 0.79, 1.3])
def test_a_packing_judges_each_base_by_those_in_the_cells_round_it_alone(r: float) -> None:
    """The bases a packing judges a spot against are those placed in the cells round it: the
    packing is the one that judges it against every base placed (on the ground and a roof)."""
    board = Board.from_toml(FARMSTEAD)
    boxes = [(r, r, 18.0, 12.0), (9.0, 7.0, 17.0, 14.0)]
    assert board.pack(boxes, r, 3) == _pack_against_every_base(board, boxes, r, 3)
    packed = board.pack(boxes, r, 10_000)
    assert packed == _pack_against_every_base(board, boxes, r, 10_000)
    assert any(level == "house" for _, _, level in packed)  # bases on the roof too


def test_with_terrain_makes_a_new_board_with_caches_of_its_own() -> None:
    board = Board.from_toml(FARMSTEAD)
    assert board.zone_room(Edge.SOUTH, 3.0, 0.5, 5)  # a cache filled on the first board
    crate = Terrain(
        "crate", "Crate", ((2, 2), (4, 2), (4, 4), (2, 4)), 1.0, Movement.IMPASSABLE, Cover.MEDIUM
    )
    grown = board.with_terrain((crate,))
    assert grown.terrain == (*board.terrain, crate) and grown.ladders == board.ladders
    assert [t.id for t in board.terrain] == ["house", "bog"]  # the first board is unchanged
    assert grown.placement_error((3.0, 3.0), 0.5, None) == "overlaps crate"
    assert board.placement_error((3.0, 3.0), 0.5, None) is None
    assert grown.zone_rooms.values == {} and grown != board
    with pytest.raises(BoardError, match="duplicate terrain id 'house'"):
        board.with_terrain((replace(crate, id="house"),))
    with pytest.raises(BoardError, match="polygon goes off the 36x24 board"):
        board.with_terrain(
            (Terrain("far", "Far", ((35, 0), (37, 0), (37, 1)), 1.0, Movement.OPEN, Cover.NONE),)
        )


def test_standing_room_holds_only_spots_placement_error_takes(board: Board) -> None:
    # The region the rules judge room by: every spot of a fine grid in it stands, and every
    # spot that stands a hair clear of the region's line lies in it.
    r = 0.5
    room = board.standing_room(r)
    for i in range(181):
        for j in range(121):
            p = (i / 5, j / 5)
            stands = board.placement_error(p, r, board.surface_at(p), ()) is None
            inside = room.contains(shapely.Point(p))
            near_line = room.boundary.distance(shapely.Point(p)) < 0.03
            assert stands or not inside, p
            assert inside or not stands or near_line, p
    assert room.contains(shapely.Point(12.0, 12.0))  # on the house's roof
    assert not room.contains(shapely.Point(12.0, 9.6))  # against its wall
