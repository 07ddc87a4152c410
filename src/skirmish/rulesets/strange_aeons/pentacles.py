"""The Scrawny Ones' Pentacles (R:683, rules notes §2.6): Imprisoned and Teleport.

- **Imprisoned.** A list's Scrawny Ones start the game off the table, imprisoned
  (:data:`IMPRISONED`): they deploy with no one, and a side whose models on the table are all
  gone has none left, whatever waits imprisoned (our reading, as notes §6 item 71 counts the
  models not in play). Once every model has deployed, their player places the Pentacles
  (``pentacles`` in ``data/rulebook.toml``) anywhere on the table, one at a time: each is a
  piece of terrain tagged ``pentacle``, the size of a model's base (the book gives none), on
  the ground and on no impassable terrain nor another Pentacle. It slows no Move, blocks no
  sight and gives no cover; it is an inanimate object of Constitution 9 and 1 Wound, attacked
  and destroyed as any other (:mod:`.objects`, the tag's row in ``data/rulebook.toml``).
- **The sacrifice.** As an Action a Normal model of the Scrawny Ones' side in base contact
  with a Pentacle, out of base-to-base with any enemy, commits suicide while one of them is
  still imprisoned: the first of them in list order is set down in base contact with that
  Pentacle, where its player chooses, and the model that killed itself is removed. No Injury
  removes it, so no one tests for seeing it fall (our reading). A Scrawny One does not
  sacrifice itself (the one brought forth would only take its place), nor does a Ghost, dead
  already, or a Mob, which is no one model (our readings).
- **Teleport.** As an Action a Normal Scrawny One in base contact with a Pentacle, out of
  base-to-base with any enemy, is set down in base contact with another Pentacle, where its
  player chooses: no Move, so no Alert shot answers it.

No Basic Scenario played has an Obelisk, so the Pentacles are always used (R:683).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point
from skirmish.geometry.terrain import Cover, Movement, Terrain
from skirmish.rulesets.strange_aeons import mobs, objectives
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.ghosts import is_ghost
from skirmish.rulesets.strange_aeons.space import (
    base_radius,
    models,
    placement_reason,
    set_down,
    table_grid,
)

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

IMPRISONED_RULE = "Scrawny Ones: Imprisoned (R:683)"
TELEPORT_RULE = "Scrawny Ones: Teleport (R:683)"
IMPRISONED = "imprisoned in a Pentacle"
"""Why a Scrawny One not brought forth yet is not on the table."""
SACRIFICED = "Sacrificed"
PENTACLE = "pentacle"
"""The terrain tag of a Pentacle, the decision and the event of placing one."""
ARRIVE = "scrawny-arrives"
"""The decision of where a Scrawny One brought forth or teleported is set down."""
SUICIDE = "suicide"
TELEPORT = "teleport"
ARITY = {SUICIDE: 2, TELEPORT: 2}
SIDES = 12
"""The sides of the polygon a Pentacle's disc is drawn as."""
GRID = 13
STEP = 0.5
"""How far apart the spots around a Pentacle offered to a player lie."""


def imprisoned(game: AeonsGame, side: int) -> list[AeonsModel]:
    """``side``'s Scrawny Ones still imprisoned, in list order."""
    return [m for m in game.models if m.side == side and m.removed == IMPRISONED]


def imprison(game: AeonsGame) -> None:
    """Set-up: every model with Imprisoned starts off the table."""
    cat = catalog_of(game)
    for m in game.models:
        if cat.profile(m.profile).can("imprisoned"):
            m.removed = IMPRISONED
            game.emit("imprisoned", IMPRISONED_RULE, (m.id,))


def pentacles(game: AeonsGame) -> list[Terrain]:
    """The Pentacles on the table."""
    return [t for t in game.board.terrain if PENTACLE in t.tags]


def centre(piece: Terrain) -> Point:
    """The middle of a disc laid as a piece: a Pentacle's, a Scene of Horror's (:mod:`.scene`)."""
    xs, ys = zip(*piece.polygon, strict=True)
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def touching(m: AeonsModel, piece: Terrain) -> bool:
    """Whether ``m``'s base touches (or lies on) the piece, on the ground."""
    return m.level is None and piece.base_overlaps(m.pos, m.radius, -CONTACT)


# -- set-up -----------------------------------------------------------------------------------


def setup(game: AeonsGame) -> list[Step]:
    """The Pentacles' part of the set-up: placed by the player whose Scrawny Ones wait."""
    waiting = [m for m in game.models if m.removed == IMPRISONED]
    count = catalog_of(game).scenario.pentacles
    return [PlacePentacles(waiting[0].side, count)] if waiting and count else []


@dataclass(slots=True, eq=False)
class PlacePentacles(Step):
    """The Scrawny Ones' player places the Pentacles, one point each."""

    rule = IMPRISONED_RULE
    side: int
    left: int

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            assert action.point is not None
            _lay(game, action.point)
            self.left -= 1
        if not self.left:
            _none_left(game, self.side)
            return []
        first = imprisoned(game, self.side)[0]
        hint = "a point on the ground, on no impassable terrain nor another Pentacle"
        spec = PointSpec(PENTACLE, (first.id,), hint)
        prompt = f"place a Pentacle for the Scrawny Ones ({self.left} left)"
        return Decision(self.side, PENTACLE, prompt, (), (spec,))

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return place_error(game, action.point)


def _none_left(game: AeonsGame, side: int) -> None:
    """A side whose models all wait imprisoned has none on the table: it has lost."""
    if not any(m.side == side for m in models(game)):
        names = catalog_of(game).side_names
        why = f"the {names[side]} have no models on the table, only Scrawny Ones imprisoned"
        objectives.end(game, 1 - side, why, IMPRISONED_RULE)


def place_error(game: AeonsGame, p: Point) -> str | None:
    """Why a Pentacle cannot lie at ``p``, or ``None``."""
    board, r = game.board, base_radius(game)
    if not all(0 <= x <= board.width and 0 <= y <= board.height for x, y in _corners(game, p)):
        return f"the Pentacle would be off the table ({IMPRISONED_RULE})"
    for piece in board.pieces_touching(p, r, None):
        if PENTACLE in piece.tags or piece.movement in (Movement.IMPASSABLE, Movement.CLIMBABLE):
            return f"the Pentacle would lie on the {piece.name} ({IMPRISONED_RULE})"
    return None


def place_points(game: AeonsGame) -> list[Point]:
    """Spots on a grid where a Pentacle may lie."""
    spots = table_grid(game.board, base_radius(game) + CONTACT, GRID)
    return [p for p in spots if place_error(game, p) is None]


def _corners(game: AeonsGame, p: Point) -> tuple[Point, ...]:
    """The corners of a Pentacle's disc at ``p``."""
    r = base_radius(game)
    return tuple(
        (
            round(p[0] + r * math.cos(2 * math.pi * k / SIDES), 3),
            round(p[1] + r * math.sin(2 * math.pi * k / SIDES), 3),
        )
        for k in range(SIDES)
    )


def _lay(game: AeonsGame, p: Point) -> None:
    n = len(pentacles(game)) + 1
    name = f"Pentacle {n}"
    corners = _corners(game, p)
    piece = Terrain(
        f"{PENTACLE}-{n}", name, corners, 0.0, Movement.OPEN, Cover.NONE, False, (PENTACLE,)
    )
    game.replace_board(game.board.with_terrain((piece,)))
    game.emit(PENTACLE, IMPRISONED_RULE, (), pentacle=name, at=list(p))


# -- the Actions ------------------------------------------------------------------------------


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The suicides and Teleports ``m`` may take now (it is Normal and out of combat: the
    caller's)."""
    found = [Action(SUICIDE, (m.id, t.id)) for t in pentacles(game) if touching(m, t)]
    found = [a for a in found if _suicide_error(game, m) is None and _freed_room(game, m, a)]
    found += [
        Action(TELEPORT, (m.id, t.id))
        for t in pentacles(game)
        if _teleport_error(game, m, t.id) is None
    ]
    return found


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not take the suicide or the Teleport ``action`` now."""
    piece = action.args[1]
    if piece not in {t.id for t in pentacles(game)}:
        return f"there is no Pentacle {piece!r} on the table"
    if action.kind == TELEPORT:
        return _teleport_error(game, m, piece)
    refused = _suicide_error(game, m)
    if refused is not None:
        return refused
    if not touching(m, game.board.piece(piece)):
        return f"{m.id} is not in base contact with {game.board.piece(piece).name}"
    if not _freed_room(game, m, action):
        return f"there is no room beside {game.board.piece(piece).name} ({IMPRISONED_RULE})"
    return None


def _freed_room(game: AeonsGame, m: AeonsModel, action: Action) -> bool:
    """Whether the Scrawny One ``m``'s suicide would bring forth has room by the Pentacle."""
    return _room(game, imprisoned(game, m.side)[0], action.args[1])


def may_sacrifice(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` would bring forth a Scrawny One by its suicide at a Pentacle."""
    return _suicide_error(game, m) is None


def _suicide_error(game: AeonsGame, m: AeonsModel) -> str | None:
    if catalog_of(game).profile(m.profile).can("imprisoned"):
        return f"{m.id} would only free another Scrawny One in its place ({IMPRISONED_RULE})"
    if is_ghost(game, m) or mobs.in_mob(game, m):
        return f"{m.id} has no life of its own to give ({IMPRISONED_RULE})"
    if not imprisoned(game, m.side):
        return f"no Scrawny One of {m.id}'s side is left imprisoned ({IMPRISONED_RULE})"
    return None


def _teleport_error(game: AeonsGame, m: AeonsModel, piece: str) -> str | None:
    if not catalog_of(game).profile(m.profile).can("teleport"):
        return f"{m.id} cannot Teleport ({TELEPORT_RULE})"
    start = [t for t in pentacles(game) if touching(m, t) and t.id != piece]
    if not start:
        return f"{m.id} touches no other Pentacle to Teleport from ({TELEPORT_RULE})"
    if not _room(game, m, piece):
        return f"there is no room beside {game.board.piece(piece).name} ({TELEPORT_RULE})"
    return None


def _room(game: AeonsGame, m: AeonsModel, piece: str) -> bool:
    """Whether the Scrawny One ``m`` may be set down beside the Pentacle."""
    return bool(arrival_points(game, m, piece))


def arrival_points(game: AeonsGame, m: AeonsModel, piece: str) -> list[Point]:
    """Spots touching the Pentacle where ``m`` (or the Scrawny One it brings forth) may be
    set down."""
    found = game.board.piece(piece).spots_around(centre(game.board.piece(piece)), m.radius, STEP)
    return [p for p in found if _arrival_error(game, m, piece, p) is None]


def _arrival_error(game: AeonsGame, m: AeonsModel, piece: str, p: Point) -> str | None:
    pentacle = game.board.piece(piece)
    if not pentacle.base_overlaps(p, m.radius, -CONTACT):
        return f"the base must touch {pentacle.name} ({IMPRISONED_RULE})"
    if game.board.surface_at(p) is not None:
        return f"the base must stand on the ground beside {pentacle.name}"
    return placement_reason(game, m, p, None)


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """The Action: a suicide brings forth a Scrawny One; a Teleport moves one."""
    piece = action.args[1]
    name = game.board.piece(piece).name
    if action.kind == SUICIDE:
        game.emit(SUICIDE, IMPRISONED_RULE, (m.id,), pentacle=name)
        return [Arrive(imprisoned(game, m.side)[0].id, piece, m.id)]
    return [Arrive(m.id, piece)]


@dataclass(slots=True, eq=False)
class Arrive(Step):
    """A Scrawny One is set down beside a Pentacle where its player chooses: brought forth by
    ``sacrifice``, removed once it stands there, or teleported."""

    rule = IMPRISONED_RULE
    model: str
    piece: str
    sacrifice: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        name = game.board.piece(self.piece).name
        if action is None:
            hint = f"a point where its base touches {name}, on the ground"
            spec = PointSpec(ARRIVE, (m.id, self.piece), hint)
            prompt = f"set {m.name} down beside {name}"
            return Decision(m.side, ARRIVE, prompt, (), (spec,))
        assert action.point is not None
        m.removed = None
        set_down(game, m, action.point)
        if not self.sacrifice:
            game.emit(TELEPORT, TELEPORT_RULE, (m.id,), pentacle=name, at=list(action.point))
            return []
        game.emit("brought-forth", IMPRISONED_RULE, (m.id,), pentacle=name, at=list(action.point))
        remove(game, game.model(self.sacrifice), SACRIFICED, IMPRISONED_RULE, injured=False)
        return []

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return _arrival_error(game, game.model(self.model), self.piece, action.point)
