"""The Scene of Horror, a Plot Point the book names (R:1210, R:1796-1803) but never defines,
played as notes §6 item 8 suggests (provisional): a Large Blast Template's area that puts
every model subject to psychology entering it or ending an Action in it to an Insanity test.

- **Placed.** The Lurker player places it at set-up, once every model has deployed (as the
  Pentacles are, :mod:`.pentacles`), "anywhere on the board" as The Bad Place places its free
  one (R:1796; our reading): wholly on the table, on the ground, on no impassable or climbable
  terrain and over no model's base, so that no one starts in it. It lies on the table as a
  piece of open terrain tagged ``scene-of-horror``, the size of a Large Blast Template (the
  catalog's ``blast_radius``), slowing no Move, blocking no sight, giving no cover.
- **The test.** After each Action of a model on the ground, the way straight from where the
  Action began to where it ended (as Table Salt's and a bear trap's way are judged,
  :mod:`.salt`, :mod:`.trap`) coming within the template, or the model ending under it, owes
  one Resolve test, whose failure rolls on the Insanity Table (the psychology test, R:204,
  :mod:`.psychology`), once an Action however much of it is spent there; who is subject to
  psychology is the psychology test's to say (a Mob or a Drug Crazed Human takes none). Its
  memory of the situation is cleared for each Action, so that staying in the Scene tests
  again at the end of every Action (notes §6 item 8: "ending within it"). Friend and foe
  alike are tested (the book's Sadistic Creativity spares only the builder, R:1210).

The Bad Place's purification and Evil Tome (R:1800) and Sadistic Creativity (R:1210) are not
played: their scenario and Skill are refused as not played yet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, point_segment_distance
from skirmish.geometry.terrain import Cover, Movement, Terrain
from skirmish.rulesets.strange_aeons import plots
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.pentacles import centre
from skirmish.rulesets.strange_aeons.space import models, ring, table_grid

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Plot Points: Scene of Horror (R:1210, R:1796; notes §6 item 8)"
PLOT = "scene_of_horror"
"""The Plot Point's id (``data/book/plot_points.toml``)."""
SCENE = "scene-of-horror"
"""The terrain tag of the Scene, the decision and the event of placing it."""
SITUATION = "scene"
"""The psychology situation of the Scene's test (:mod:`.psychology`)."""
HORRIFIED = "horrified"
"""The event of a model owing the Scene's test."""
LARGE = 1
"""The Large Blast Template in the catalog's ``blast_radius``."""
SIDES = 24
"""The sides of the polygon the Scene's disc is drawn as."""
GRID = 13
"""The spots a side offered to place the Scene on, across the table and along it."""
HINT = (
    "the centre of a Large Blast Template wholly on the table, on the ground, on no impassable "
    "terrain and over no model"
)


def radius(game: AeonsGame) -> float:
    """The Scene's radius: a Large Blast Template's."""
    return catalog_of(game).scenario.blast_radius[LARGE]


def scenes(game: AeonsGame) -> list[Terrain]:
    """The Scenes of Horror on the table."""
    return [t for t in game.board.terrain if SCENE in t.tags]


# -- set-up -----------------------------------------------------------------------------------


def setup(game: AeonsGame) -> list[Step]:
    """The Scene's part of the set-up: placed by the side that bought it."""
    return [
        PlaceScene(side)
        for side in range(len(plots.SIDES))
        if any(p.id == PLOT for p in plots.bought(game, side))
    ]


@dataclass(slots=True, eq=False)
class PlaceScene(Step):
    """The player who bought the Scene places it, one point."""

    rule = RULE
    side: int

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is None:
            prompt = "place the Scene of Horror"
            return Decision(self.side, SCENE, prompt, (), (PointSpec(SCENE, (), HINT),))
        assert action.point is not None
        _lay(game, action.point)
        return []

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return place_error(game, action.point)


def place_error(game: AeonsGame, p: Point) -> str | None:
    """Why the Scene cannot lie centred at ``p``, or ``None``."""
    board, r = game.board, radius(game)
    x, y = p
    if not (r <= x <= board.width - r and r <= y <= board.height - r):
        return f'the Scene of Horror must lie wholly on the table: {r:g}" from every edge ({RULE})'
    for piece in board.pieces_touching(p, r, None):
        if piece.movement in (Movement.IMPASSABLE, Movement.CLIMBABLE) or SCENE in piece.tags:
            return f"the Scene of Horror would lie on the {piece.name} ({RULE})"
    under = [m.id for m in models(game) if math.dist(m.pos, p) < r + m.radius]
    if under:
        return f"the Scene of Horror would lie over {', '.join(under)}: it goes where no model is"
    return None


def place_points(game: AeonsGame) -> list[Point]:
    """Spots on a grid where the Scene may lie."""
    spots = table_grid(game.board, radius(game) + CONTACT, GRID)
    return [p for p in spots if place_error(game, p) is None]


def _lay(game: AeonsGame, p: Point) -> None:
    n = len(scenes(game)) + 1
    corners = tuple(ring(p, radius(game), SIDES))
    piece = Terrain(
        f"{SCENE}-{n}", "Scene of Horror", corners, 0.0, Movement.OPEN, Cover.NONE, False, (SCENE,)
    )
    game.replace_board(game.board.with_terrain((piece,)))
    game.emit(SCENE, RULE, (), at=list(p))


# -- the test ---------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class Horrified(Step):
    """After an Action: a model whose way from ``x``, ``y`` to where it stands came within a
    Scene, or that stands in one, owes its test, once for the Action."""

    rule = RULE
    model: str
    x: float
    y: float

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None or m.level is not None or self.x < 0:
            return []
        if not crosses(game, m, (self.x, self.y), m.pos):
            return []
        st = game.state
        m.faced = tuple(s for s in m.faced if s != SITUATION)
        st.pending_tests = (*st.pending_tests, (m.id, SITUATION))
        game.emit(HORRIFIED, RULE, (m.id,))
        return []


def crosses(game: AeonsGame, m: AeonsModel, start: Point, end: Point) -> bool:
    """Whether ``m``'s base, going straight from ``start`` to ``end``, comes within a Scene."""
    found = scenes(game)
    if not found:
        return False
    reach = radius(game) + m.radius
    return any(point_segment_distance(centre(s), start, end) < reach for s in found)


def nearest(game: AeonsGame, m: AeonsModel) -> Point | None:
    """The centre of the Scene nearest ``m``, what its Revulsion flees (R:222)."""
    found = [centre(s) for s in scenes(game)]
    return min(found, key=lambda c: math.dist(c, m.pos), default=None)
