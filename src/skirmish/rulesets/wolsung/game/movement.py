"""Moving in Wolsung: a Move, a climb up or down a ladder, and leaving a melee (L72-L80,
L163-L164; rules notes §1.5, §1.7, §5, §7 items 14-17, 34).

- A Move goes up to M inches along the path the base takes, rough ground at double cost; it
  passes no model and may not end in base contact with an enemy (L73, §7 items 14, 16).
- A model in a Wheelchair (Sir Zachary) moves in no rough ground, its base touching none, but
  in an activation its Hero paid for a Heroic Move (L468); a ladder is no rough ground,
  though climbing one costs as much ([HOUSE] reading).
- A ladder links the ground and an elevated piece's top (L80). Climbing one is a Move that
  ends at its other end: the height climbed is no more than the model's base M, its
  profile's, which no effect in play raises or lowers (L80, §7 item 17), and, as a ladder
  costs as rough ground, the climb takes the whole Move ([HOUSE] reading).
- A Charge is a Move too, ending in base contact (:mod:`.charge`).
- A model that moves through a Fire Template is burnt (L575), through a Mist Template while
  Acidic Fumes work, hurt (L787; :mod:`.templates`).
- A model in melee that Moves must first pass the Leaving Melee test: its Reflex against the
  Fight of the strongest enemy in contact, re-rolls (:mod:`.rerolls`), Heroic Deeds with
  black cards; failing, it stays and the Action is lost (L163-L164, §7 items 34, 40). A
  climb up or down a ladder is a Move (L80), so a model in melee at a ladder's end may take
  it out of the melee that way, after the same test.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.paths import Path
from skirmish.geometry.shapes import CONTACT, Point, distance
from skirmish.geometry.terrain import Ladder
from skirmish.rulesets.wolsung.cards.payments import Contest
from skirmish.rulesets.wolsung.combat.melee import fight_value, leave_melee
from skirmish.rulesets.wolsung.combat.opposed import OpposedTest
from skirmish.rulesets.wolsung.game.attacks import fighter
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.heroics import Deeds
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.rerolls import RolledPool
from skirmish.rulesets.wolsung.game.resolution import ResolvedTest, opposed_deeds
from skirmish.rulesets.wolsung.game.rolls import LoggedDice
from skirmish.rulesets.wolsung.game.space import (
    contacts,
    enemies,
    ghost,
    in_contact,
    in_melee,
    move_route,
)
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import hurt_along
from skirmish.rulesets.wolsung.table.measure import no_farther

__all__ = [
    "LADDER",
    "LEAVE",
    "MOVE",
    "WHEELCHAIR",
    "Climb",
    "LeaveMelee",
    "MoveTo",
    "allowance",
    "climb",
    "climb_error",
    "ends_in_contact",
    "ladder_end",
    "ladder_reach",
    "ladders_at",
    "move_error",
    "off_rough",
    "walk",
]

MOVE = "L73"
LADDER = "L80"
LEAVE = "L164"
WHEELCHAIR = "wheelchair"
WHEELCHAIR_RULE = "L468"


def allowance(game: WolsungGame, m: WolsungModel) -> float:
    """How far a Move or Charge may take ``m``: its M (L73)."""
    return float(current(game, m).profile.M)


def off_rough(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` may not move in rough ground: a Wheelchair, and no Heroic Move paid for
    this activation (L468)."""
    return current(game, m).has(WHEELCHAIR) and not m.heroic


def _route(game: WolsungGame, m: WolsungModel, point: Point) -> Path | str:
    """The path of a Move of ``m`` to ``point``, or why there is none (L73, L78, L468)."""
    return move_route(game, m, point, allowance(game, m), off_rough=off_rough(game, m))


def ends_in_contact(game: WolsungGame, m: WolsungModel, point: Point, level: str | None) -> str:
    """The enemy a base of ``m`` at ``point`` on ``level`` would touch, or ``""``."""
    shade = ghost(m, point, level)
    touched = next((o for o in enemies(game, m) if in_contact(game, shade, o)), None)
    return "" if touched is None else touched.name


def move_error(game: WolsungGame, m: WolsungModel, point: Point) -> str | None:
    """Why ``m`` may not Move to ``point``, or ``None`` (L73, L126, L468)."""
    way = _route(game, m, point)
    if isinstance(way, str):
        barred = off_rough(game, m)
        if barred and not isinstance(move_route(game, m, point, allowance(game, m)), str):
            return (
                f"{m.name}'s Wheelchair moves in no rough ground without a Heroic Move "
                f"({WHEELCHAIR_RULE})"
            )
        return way
    touched = ends_in_contact(game, m, point, m.level)
    if touched:
        charge = "" if in_melee(game, m) else "; Charge it"
        return f"a Move may not end in base contact with an enemy ({touched}){charge} (L73)"
    return None


def walk(game: WolsungGame, m: WolsungModel, path: Path, rule: str) -> None:
    """Move ``m`` to the end of ``path`` and log it."""
    if path.length <= 0.0:
        return
    m.x, m.y = path.points[-1]
    game.emit(
        "moved", rule, (m.id,), to=[round(m.x, 2), round(m.y, 2)], length=round(path.length, 2)
    )
    hurt_along(game, m, path.points)


@dataclass(slots=True, eq=False)
class MoveTo(Step):
    """A Move of ``model`` to ``x, y`` that :func:`move_error` passed (L73)."""

    rule = MOVE
    model: str = ""
    x: float = 0.0
    y: float = 0.0

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        way = _route(game, m, (self.x, self.y))
        assert not isinstance(way, str), way
        walk(game, m, way, MOVE)
        return []


# -- ladders -----------------------------------------------------------------------------------


def ladder_end(m: WolsungModel, ladder: Ladder) -> tuple[Point, str | None] | None:
    """Where climbing ``ladder`` takes ``m`` (its top or foot), or ``None`` if ``m`` stands at
    neither end."""
    if m.level is None and distance(m.pos, ladder.foot) <= m.radius + CONTACT:
        return ladder.top, ladder.terrain
    if m.level == ladder.terrain and distance(m.pos, ladder.top) <= m.radius + CONTACT:
        return ladder.foot, None
    return None


def _base_move(game: WolsungGame, m: WolsungModel) -> float:
    """``m``'s M as its profile has it, gear and all, changed by no effect in play: the most
    it may climb (L80, §7 item 17: the unmodified profile M)."""
    return float(member(game, m.id).fighter.profile.M)


def ladder_reach(game: WolsungGame, m: WolsungModel, ladder: Ladder) -> str | None:
    """Why ``m`` cannot climb ``ladder`` at all now, models aside, or ``None``: it stands at
    neither end, or the ladder climbs higher than its base M (L80, §7 item 17)."""
    if ladder_end(m, ladder) is None:
        return f"{m.name} stands at neither end of ladder {ladder.id}"
    height, most = game.board.piece(ladder.terrain).height, _base_move(game, m)
    if not no_farther(height, most):
        return f'ladder {ladder.id} climbs {height:g}": more than its base M of {most:g}" (L80)'
    return None


def climb_error(game: WolsungGame, m: WolsungModel, ladder: Ladder) -> str | None:
    """Why ``m`` may not climb ``ladder`` now, or ``None`` (L80, §7 item 17)."""
    end = ladder_end(m, ladder)
    reach = ladder_reach(game, m, ladder)
    if end is None or reach is not None:
        return reach
    point, level = end
    others = [(o.pos, o.radius, o.level) for o in game.models if o.on_table and o.id != m.id]
    where = game.board.placement_error(point, m.radius, level, others)
    if where is not None:
        return f"the other end of ladder {ladder.id} is taken: {where}"
    if ends_in_contact(game, m, point, level):
        return f"the other end of ladder {ladder.id} is in base contact with an enemy (L73)"
    return None


def ladders_at(game: WolsungGame, m: WolsungModel) -> list[Ladder]:
    """The ladders ``m`` may climb now."""
    return [lad for lad in game.board.ladders if climb_error(game, m, lad) is None]


def climb(game: WolsungGame, m: WolsungModel, ladder: Ladder) -> None:
    """Set ``m`` at the other end of ``ladder`` and log it (L80)."""
    end = ladder_end(m, ladder)
    assert end is not None
    (m.x, m.y), m.level = end
    game.emit("climbed", LADDER, (m.id,), ladder=ladder.id, up=m.level is not None)
    hurt_along(game, m, (m.pos,))


@dataclass(slots=True, eq=False)
class Climb(Step):
    """A Move up or down a ladder that :func:`climb_error` passed: the model is placed at the
    other end (L80)."""

    rule = LADDER
    model: str = ""
    ladder: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        ladder = next(lad for lad in game.board.ladders if lad.id == self.ladder)
        climb(game, game.model(self.model), ladder)
        return []


# -- leaving a melee ---------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class LeaveMelee(ResolvedTest):
    """A Move out of a melee to ``x, y``, or up or down ``ladder`` (L80): the Leaving Melee
    test first (L163-L164)."""

    rule = LEAVE
    model: str = ""
    x: float = 0.0
    y: float = 0.0
    ladder: str = ""
    holder: str = ""
    escape: tuple[int, ...] = ()
    hold: tuple[int, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if not self.holder:
            return self._roll(game)
        return self.resume(game, action)

    def _roll(self, game: WolsungGame) -> Decision | list[Step]:
        m = game.model(self.model)
        foes = contacts(game, m)
        # The strongest enemy holds, the first of equals, as leave_melee picks it.
        holder = max(foes, key=lambda o: fight_value(fighter(game, o)))
        dice = LoggedDice(game, LEAVE, (m.id, holder.id))
        test = leave_melee(dice, fighter(game, m), [fighter(game, o) for o in foes])
        self.holder, self.escape, self.hold = holder.id, test.test.active, test.test.defender
        pools = (
            RolledPool(m.id, "R", holder.id, "reflex", self.escape),
            RolledPool(holder.id, "F", m.id, "fight", self.hold),
        )
        return self.rolled(game, Contest.LEAVING_MELEE, pools)

    def rerolled(self, pools: tuple[RolledPool, ...]) -> None:
        self.escape, self.hold = (p.faces for p in pools)

    def heroic_deeds(self, game: WolsungGame) -> Deeds | None:
        models = (self.model, self.holder)
        return opposed_deeds(game, Contest.LEAVING_MELEE, models, self.escape, self.hold)

    def finish(self, game: WolsungGame, bonus: tuple[int, int]) -> list[Step]:
        test = OpposedTest(self.escape, self.hold).with_deeds(*bonus)
        m = game.model(self.model)
        leaves = test.active_wins
        game.emit(
            "leave-test",
            LEAVE,
            (m.id, self.holder),
            leaves=leaves,
            successes=[test.active_successes, test.defender_successes],
        )
        return self._move(game, m) if leaves else []

    def _move(self, game: WolsungGame, m: WolsungModel) -> list[Step]:
        """The Move out, up or down the ladder or to the point, while it is still open."""
        if self.ladder:
            ladder = next(lad for lad in game.board.ladders if lad.id == self.ladder)
            return [] if climb_error(game, m, ladder) else [Climb(model=m.id, ladder=ladder.id)]
        if move_error(game, m, (self.x, self.y)) is not None:
            return []
        return [MoveTo(model=m.id, x=self.x, y=self.y)]
