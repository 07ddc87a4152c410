"""Continuous table geometry: board and terrain, distances, sight and cover, paths, templates.

Units are inches; there is no grid. This package knows no ruleset.
"""

from skirmish.geometry.board import Board, Edge, default_board_path
from skirmish.geometry.paths import Path, path_clear, plan_path, reach_toward, reach_within
from skirmish.geometry.shapes import (
    CONTACT,
    MM_PER_INCH,
    PATH_SLACK,
    Point,
    distance,
    edge_distance,
    in_contact,
    mm_to_inches,
    overlaps,
)
from skirmish.geometry.sight import (
    Body,
    Column,
    Sight,
    cover_for_fraction,
    line_of_sight,
    sight_among,
)
from skirmish.geometry.slides import random_reachable_point, ray_move
from skirmish.geometry.templates import CircleTemplate
from skirmish.geometry.terrain import Cover, Ladder, Movement, Terrain

__all__ = [
    "CONTACT",
    "MM_PER_INCH",
    "PATH_SLACK",
    "Board",
    "Body",
    "CircleTemplate",
    "Column",
    "Cover",
    "Edge",
    "Ladder",
    "Movement",
    "Path",
    "Point",
    "Sight",
    "Terrain",
    "cover_for_fraction",
    "default_board_path",
    "distance",
    "edge_distance",
    "in_contact",
    "line_of_sight",
    "mm_to_inches",
    "overlaps",
    "path_clear",
    "plan_path",
    "random_reachable_point",
    "ray_move",
    "reach_toward",
    "reach_within",
    "sight_among",
]
