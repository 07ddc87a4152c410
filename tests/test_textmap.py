"""The character map of the table: cells, terrain, rulers, the key, and its width."""

from __future__ import annotations

import math

import pytest

from skirmish.engine.game import Game
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.textmap import rich_map, text_map


def aeons(spots: dict[str, tuple[float, float]]) -> Game:
    """A Strange Aeons game with the named models deployed at ``spots``."""
    game = find_ruleset("strange-aeons-intro").new_game({}, 1)
    for model_id, (x, y) in spots.items():
        m = game.model(model_id)
        m.x, m.y = x, y
    return game


SPOTS = {"T1": (12.5, 4.0), "T2": (30.0, 20.5), "L1": (0.6, 0.6), "L2": (35.4, 23.4)}


class Grid:
    """The printed map read back: the cell at a table point, as 0.5" columns and 1" lines."""

    def __init__(self, text: str, height: float = 24.0) -> None:
        lines = text.splitlines()
        top = next(i for i, line in enumerate(lines) if "+--" in line)
        self.lines = lines
        self.top = top
        self.first = lines[top].index("+") + 1  # the column of cell 0
        self.height = height

    def at(self, col: int, row: int) -> str:
        line = self.lines[self.top + 1 + row]
        return line[self.first + col] if self.first + col < len(line) else " "

    def line_of(self, y: float) -> int:
        """The map line holding ``y``: a line holds its south edge, not its north one."""
        return math.ceil(self.height - y) - 1

    def point(self, x: float, y: float) -> str:
        return self.at(int(x / 0.5), self.line_of(y))

    def row(self, y: float) -> str:
        line = self.lines[self.top + 1 + self.line_of(y)]
        return line[self.first : self.first + 72]


def test_each_model_label_straddles_its_x_on_its_line() -> None:
    grid = Grid(text_map(aeons(SPOTS)))
    # x 12.5: columns 12.0-12.5 and 12.5-13; y 4: the line from 4 to 5
    assert grid.at(24, 19) + grid.at(25, 19) == "T1"
    assert grid.at(59, 3) + grid.at(60, 3) == "T2"
    assert grid.at(0, 23) + grid.at(1, 23) == "L1"  # kept on the table at the west edge
    assert grid.at(70, 0) + grid.at(71, 0) == "L2"
    assert grid.row(4.0).count("T1") == 1


def test_terrain_is_drawn_by_kind_inside_known_pieces() -> None:
    grid = Grid(text_map(aeons({})))
    assert grid.point(10.2, 14.5) == "="  # the farmhouse, climbable
    assert grid.point(24.5, 14.5) == "#"  # the rock outcrop, impassable
    assert grid.point(6.0, 6.75) == ":"  # the low wall, rough and only 0.5" deep
    assert grid.point(19.0, 17.3) == "."  # the hedge, open
    assert grid.point(2.0, 12.0) == " "  # bare table
    assert grid.point(12.0, 8.9) == "H" and grid.point(12.0, 11.1) == "H"  # the ladder


def test_rulers_number_every_6_inches_on_all_four_sides() -> None:
    text = text_map(aeons({}))
    lines = text.splitlines()
    grid = Grid(text)
    ruler = lines[grid.top - 1]
    assert lines[grid.top + 26] == ruler  # the same ruler under the map
    for x in range(0, 37, 6):
        at = grid.first + 2 * x
        assert ruler[at : at + len(str(x))] == str(x)
    assert lines[grid.top].split()[0] == "24" and lines[grid.top].split()[-1] == "24"
    for y in (0, 6, 12, 18):
        line = lines[grid.top + 1 + (24 - y - 1)]  # the line whose south edge is y
        assert line.split()[0] == str(y) and line.split()[-1] == str(y)


def test_the_scale_is_stated_and_coarsens_to_fit_the_width() -> None:
    game = aeons(SPOTS)
    assert '1 column = 0.5", 1 line = 1"' in text_map(game)
    narrow = text_map(game, 60)
    assert '1 column = 1", 1 line = 2"' in narrow
    for width in (100, 80, 60, 44):
        assert max(map(len, text_map(game, width).splitlines())) <= width
    with pytest.raises(ValueError, match="needs more than 5 columns"):
        text_map(game, 5)


def test_the_key_lists_terrain_with_kind_and_height_and_every_model_with_its_status() -> None:
    game = aeons(SPOTS)
    t1 = game.model("T1")
    t1.state, t1.wounds = "face-down", 1
    text = text_map(game)
    assert any(
        line.split()[:4] == ["house", "Farmhouse", "climbable", '3"'] for line in text.splitlines()
    )
    (row,) = [line for line in text.splitlines() if line.split()[:1] == ["T1"]]
    for part in (t1.name, "Threshold", "1/2 Wounds", "Face Down", "at 12.5,4.0"):
        assert part in row
    assert "L3 Zombie" in text.split("Not on the table:")[1]


def test_models_sharing_a_cell_are_all_listed_and_the_hidden_one_said_so() -> None:
    text = text_map(aeons({"T1": (20.0, 10.2), "T2": (20.3, 10.4)}))
    grid = Grid(text)
    assert grid.row(10.2).count("T1") == 1 and "T2" not in grid.row(10.2)
    (row,) = [line for line in text.splitlines() if line.split()[:1] == ["T2"]]
    assert "at 20.3,10.4" in row and "not drawn: T1 covers it" in row


def test_a_game_before_deployment_shows_no_models() -> None:
    game = find_ruleset("strange-aeons-intro").new_game({}, 1)
    text = text_map(game)
    grid = Grid(text)
    body = "\n".join(grid.row(y + 0.5) for y in range(24))
    assert not any(m.id in body for m in game.models)
    assert "Models:" not in text and "Not on the table: T1" in text


def test_a_played_sacred_wire_game_draws_every_model_or_says_why_not() -> None:
    game = find_ruleset("sacred-wire").new_game({}, 4)
    player = RandomPlayer(4)
    for _ in range(40):
        game.apply(player.choose(game))
    text = text_map(game)
    grid = Grid(text)
    body = "\n".join(grid.row(y + 0.5)[:48] for y in range(24))
    for m in game.models:
        if m.on_table:
            (row,) = [line for line in text.splitlines() if line.split()[:1] == [m.id]]
            assert m.id in body or "not drawn" in row, m.id


def test_the_rich_map_is_the_text_map_in_colour() -> None:
    game = aeons(SPOTS)
    coloured = rich_map(game)
    assert coloured.plain == text_map(game)
    styles = {str(span.style) for span in coloured.spans}
    assert {"bold cyan", "bold red", "magenta"} <= styles
