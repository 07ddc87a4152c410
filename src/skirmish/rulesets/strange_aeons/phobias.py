"""Phobias (R:225-237, rules notes §2.3): what a Threshold model's fears from earlier games do.

A list names them (:mod:`.lists.phobias`); a model carries those the game plays
(``data/played.toml``):

- **Acrophobia** (R:228): climbing a ladder of a piece over 2" high, up or down, asks an
  Insanity test first; **Ballistophobia** (R:230) a Shoot Action; **Claustrophobia** (R:232)
  a Move, Charge or a Move taking a marker along whose path takes the base into a piece of
  scenery on the ground (overlapping it, not only touching its outside) that it was not in
  when it began; **Hydrophobia** (R:236) one whose path touches water it did not touch when it
  began (water is touched as its penalty is paid, :mod:`.terrain`). A Move's path is the one
  it takes; a Charge's the one it takes at its Movement, or straight at its target when that
  is rolled. Passed, the Action goes on; failed, it is spent and the model rolls on the
  Insanity Table, 1 lower for Acrophobia and Claustrophobia. Each Action tests anew: a fear
  braved once is not the lasting situation a model tests once for (notes §6 item 44). The
  piece climbed, entered or waded into is the test's source, which a Revulsion moves directly
  away from (R:222, :mod:`.psychology`); a Shoot Action's fear has none.
- **Agoraphobia** (R:229): out of contact with scenery (a piece touched, or an Enclosed edge,
  R:1529) and out of close combat, a model's only Action is a Move (a ladder climbed, a jump,
  R:271, or a marker taken along is one) or none.
- **Haphephobia** (R:234): every model in base-to-base with it, friend or foe, is a situation
  it tests once for while it lasts, as for a Hideous enemy (:mod:`.psychology`): tested
  before the round of a Charge, by it or at it.
- **Hemaphobia** (R:235): an enemy removed by an Injury within 5" and in sight owes it a test,
  as a friend's removal owes every model one (:mod:`.damage`); a friend's is the one test.
- **Mysophobia** (R:237): it never searches a marker (:mod:`.tokens`); a Treasure Hunt's
  search of a board section is no marker's.
- **Bibliophobia** (R:231): no Scroll, Tome or Spell is carried or picked up in this game (a
  search's find is recorded for the post-game), so it forbids nothing here.
- **Teratophobia** and **Pyrophobia**, never defined (R:2082, R:2084), follow notes §6 item 7:
  every enemy that is not Human causes it Fear (:mod:`.psychology`); Fire causes it Fear as it
  does Beasts (R:113, :mod:`.afflictions`). A Fearless model ignores both, as all Fear.

- **Enochlophobia** (R:233): every Mob causes it Fear, a friendly one as an enemy one does
  (:mod:`.psychology`, R:923). It is never a member of a Mob: a Threshold list buys none and
  only a Threshold model carries a Phobia, so the lists hold that part.

The Joy of Hate (R:239, :mod:`.hate`) overrides every Phobia toward a Hated enemy: Haphephobia
in base-to-base with it and Hemaphobia at its removal (:mod:`.psychology`, :mod:`.damage`),
Ballistophobia to shoot at it. A Suicidal model adds 1 to its Insanity rolls for each Phobia
gained after the Skill (R:1145, :mod:`.psychology`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import shapely

from skirmish.engine.action import Action
from skirmish.engine.record import register_value
from skirmish.geometry.shapes import CONTACT
from skirmish.geometry.terrain import Movement
from skirmish.rulesets.strange_aeons import hate
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Phobia
from skirmish.rulesets.strange_aeons.movement import charge_path, move_allowance
from skirmish.rulesets.strange_aeons.objectives import enclosed
from skirmish.rulesets.strange_aeons.psychology import ResolveTest
from skirmish.rulesets.strange_aeons.shooting import SHOOT_AT, SHOTS
from skirmish.rulesets.strange_aeons.space import Options, contacts, move_path

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.geometry.terrain import Terrain
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Phobias (R:225-237)"
RULES: dict[Phobia, str] = {
    "acrophobia": "Phobias: Acrophobia (R:228)",
    "agoraphobia": "Phobias: Agoraphobia (R:229)",
    "ballistophobia": "Phobias: Ballistophobia (R:230)",
    "bibliophobia": "Phobias: Bibliophobia (R:231)",
    "claustrophobia": "Phobias: Claustrophobia (R:232)",
    "enochlophobia": "Phobias: Enochlophobia (R:233)",
    "haphephobia": "Phobias: Haphephobia (R:234)",
    "hemaphobia": "Phobias: Hemaphobia (R:235)",
    "hydrophobia": "Phobias: Hydrophobia (R:236)",
    "mysophobia": "Phobias: Mysophobia (R:237)",
    "teratophobia": "Phobias: Teratophobia (R:2082; notes §6 item 7)",
    "pyrophobia": "Phobias: Pyrophobia (R:2084; notes §6 item 7)",
}
"""The rule each Phobia's events cite."""
PENALTIES: dict[Phobia, int] = {"acrophobia": -1, "claustrophobia": -1}
"""What a failed test of these adds to the Insanity roll (R:228, R:232)."""
HEIGHT = 2.0
"""Acrophobia tests to climb scenery over this high (R:228)."""
MOVES = ("move", "drag", "climb", "jump", "pass")
"""The Actions an Agoraphobic model in the open may take: a Move, or none (R:229)."""
TRAVELS = ("move", "drag", "charge")


@register_value
@dataclass(frozen=True, slots=True)
class Dread:
    """A Phobia tested before an Action, and the id of the piece of scenery it fears there
    (empty when none is: Ballistophobia's)."""

    phobia: Phobia
    piece: str = ""


def fears(game: AeonsGame, m: AeonsModel, phobia: Phobia) -> bool:
    """Whether ``m`` carries ``phobia``."""
    return catalog_of(game).profile(m.profile).fears(phobia)


def exposed(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` touches no scenery, no Enclosed edge (R:1529) and is in no close combat."""
    return not contacts(game, m) and in_the_open(game, m, m.pos, m.level)


def in_the_open(game: AeonsGame, m: AeonsModel, p: Point, level: str | None) -> bool:
    """Whether the base of ``m`` at ``p`` on ``level`` touches no scenery and no Enclosed edge
    (R:229, R:1529)."""
    board = game.board
    if board.pieces_touching(p, m.radius, level):
        return False
    walls = enclosed(game, m)
    return not any(board.distance_to_edge(p, m.radius, e) <= CONTACT for e in walls)


def agoraphobia_error(game: AeonsGame, m: AeonsModel, kind: str) -> str | None:
    """Why an Agoraphobic ``m`` may not take an Action of ``kind`` now (R:229), or ``None``."""
    if kind in MOVES or not fears(game, m, "agoraphobia") or not exposed(game, m):
        return None
    return (
        f"{m.id} is Agoraphobic: touching no scenery and in no close combat, "
        "its only Action is a Move (R:229)"
    )


def open_ground(game: AeonsGame, m: AeonsModel, found: Options) -> Options:
    """The Actions and points ``found`` less those Agoraphobia forbids ``m`` now (R:229)."""
    if not fears(game, m, "agoraphobia") or not exposed(game, m):
        return found
    options, points = found
    return tuple(o for o in options if o.kind in MOVES), tuple(p for p in points if p.kind in MOVES)


def dreads(game: AeonsGame, m: AeonsModel, action: Action) -> tuple[Dread, ...]:
    """The Phobias whose Insanity test ``m`` must pass before ``action`` (R:228-236), each
    with the piece it fears."""
    prof = catalog_of(game).profile(m.profile)
    if not prof.phobias:
        return ()
    found: list[Dread] = []
    if action.kind in SHOTS and prof.fears("ballistophobia") and not _hated(game, m, action):
        found.append(Dread("ballistophobia"))
    if action.kind == "climb" and prof.fears("acrophobia"):
        tower = _high(game, action.args[1])
        found += [Dread("acrophobia", tower.id)] if tower is not None else []
    wary = prof.fears("claustrophobia") or prof.fears("hydrophobia")
    if action.kind in TRAVELS and m.level is None and wary:
        way = _way(game, m, action)
        scenery = _entered(game, m, way) if prof.fears("claustrophobia") else None
        found += [Dread("claustrophobia", scenery.id)] if scenery is not None else []
        water = _wetted(game, m, way) if prof.fears("hydrophobia") else None
        found += [Dread("hydrophobia", water.id)] if water is not None else []
    return tuple(found)


def _hated(game: AeonsGame, m: AeonsModel, action: Action) -> bool:
    """Whether ``action`` shoots at an enemy ``m`` Hates, which no Phobia fears (R:239): a
    shot at a point is at no enemy."""
    return action.kind != SHOOT_AT and hate.hates(game, m, game.model(action.args[1]))


def braving(m: AeonsModel, dread: Dread) -> ResolveTest:
    """The Insanity test ``m`` takes before an Action its Phobia fears, the piece feared its
    source (:data:`.psychology.SCENERY`), with what a failure takes off its Insanity roll."""
    phobia, piece = dread.phobia, dread.piece
    penalty = PENALTIES.get(phobia, 0)
    situation = f"{phobia}:{piece}" if piece else phobia
    return ResolveTest(m.id, situation, modifier=penalty, modifier_rule=RULES[phobia])


def _high(game: AeonsGame, ladder_id: str) -> Terrain | None:
    """The piece the ladder climbs when it is over 2" high, or ``None``."""
    ladder = next(lad for lad in game.board.ladders if lad.id == ladder_id)
    piece = game.board.piece(ladder.terrain)
    return piece if piece.height > HEIGHT else None


def _way(game: AeonsGame, m: AeonsModel, action: Action) -> tuple[Point, ...]:
    """The points ``action`` takes ``m`` along: its path, or straight where none is known
    (a rolled Charge, a Move off the table)."""
    if action.kind == "charge":
        target = game.model(action.args[1])
        rolled = catalog_of(game).profile(m.profile).move_die
        path = None if rolled else charge_path(game, m, target)
        return path.points if path is not None else (m.pos, target.pos)
    assert action.point is not None
    path = move_path(game, m, action.point, move_allowance(game, m))
    return path.points if path is not None else (m.pos, action.point)


def _entered(game: AeonsGame, m: AeonsModel, way: tuple[Point, ...]) -> Terrain | None:
    """A piece of scenery (open or rough ground) that a base of ``m`` going along ``way``
    reaches into, beyond touching it, and is not in where it stands (the board's first), or
    ``None``."""
    pieces = [t for t in game.board.terrain if t.movement in (Movement.OPEN, Movement.ROUGH)]
    return next((piece for piece in pieces if _into(piece, m, way, -CONTACT)), None)


def _wetted(game: AeonsGame, m: AeonsModel, way: tuple[Point, ...]) -> Terrain | None:
    """A piece with water that a base of ``m`` going along ``way`` touches and does not touch
    now (the board's first), or ``None``."""
    table = catalog_of(game).terrain
    wet = {tag for tag, feature in table.items() if feature.water}
    water = [t for t in game.board.terrain if wet & set(t.tags)]
    return next((t for t in water if _into(t, m, way, CONTACT)), None)


def _into(piece: Terrain, m: AeonsModel, way: tuple[Point, ...], slack: float) -> bool:
    """Whether the base of ``m`` along ``way`` comes within ``slack`` of ``piece`` (inside it
    when ``slack`` is below 0), its start not."""
    if piece.base_overlaps(way[0], m.radius, -slack):
        return False
    line = shapely.LineString(way) if len(way) > 1 else shapely.Point(way[0])
    return bool(shapely.distance(line, shapely.Polygon(piece.polygon)) <= m.radius + slack)
