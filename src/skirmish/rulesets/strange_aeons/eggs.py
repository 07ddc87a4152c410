"""The Leng Spider's Egg Layer and Brood Mother (R:596).

Once a Turn, a Normal Spider out of close combat may spend an Action laying an egg
(``lay S x,y``): a marker of a model's base in base-to-base with it, on its surface, not on
another base or egg. 1D3+1 is rolled at once for the Turns it incubates, counted in Game
Rounds (notes §6 item 56), and it hatches in the Lurkers' Upkeep of the round it reaches:
1D3 Swarms of the book's profile take its place, the first where it lay, the others touching
that one, in the first free spots around it (the book gives no other placement; a Swarm
with no room is not placed, and the log says so).

The egg is an inanimate object of Constitution 5 and 2 Wounds (notes §2.6), destroyed as one
(R:272-281, :mod:`.objects`): an Action of a Normal enemy touching it, out of close combat
(``crush M E``), its Attacks all hitting, the highest die adding its weapon's Damage. A shot
at a model touching an egg is randomized between the model and the eggs it touches
(:func:`target`): an egg it falls on takes its hits, with no save, in one roll to wound as
a model's (R:191): a die a hit, the highest adding what the shot adds to it
(:func:`.shooting.wound_bonus`: the weapon's Damage, Close Range's +1 when the model shot at
is within it, Crack Shot's +1, a Critical Hit's +2 once, R:248) against its Constitution.
A template laid over an egg catches it as any object (R:273, :func:`caught`): the
template's one roll to wound, with no save, as for the scenery under it.

Pre-laid Eggs: each bought for a Spider with its list (+1 point an egg) is placed by its
player at the end of the Lurker deployment, before the first Turn's roll-off, within 6" of
it (its base's edge to the marker's, as every distance), its incubation rolled then as for
an egg laid (``egg S x,y``, :class:`PreLaid`).

Brood Mother: a Spider's Command nominates only Swarms hatched from a Leng Spider's egg
(``hatched``), not the Swarms its list bought.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.templates import CircleTemplate, SprayTemplate
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import wounds_caused
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.objects import strike
from skirmish.rulesets.strange_aeons.reagents import spawn_id
from skirmish.rulesets.strange_aeons.space import contacts, models, placement_reason, ring, set_down
from skirmish.rulesets.strange_aeons.state import Egg

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Leng Spider: Egg Layer (R:596)"
BROOD = "Leng Spider: Brood Mother (R:596)"
LAY = "lay"
CRUSH = "crush"
HATCHLING = "swarm"
"""The book's profile an egg hatches into."""
PRE_LAID = "pre_laid_egg"
"""The upgrade bought for each egg laid before the game."""
PLACE = "egg"
PRE_LAID_RANGE = 6.0
"""How far from its Spider a Pre-laid Egg is placed."""
CON = 5
WOUNDS = 2
INCUBATION = 1
"""What the D3 of the incubation adds to it (1D3+1 Turns)."""
LURKERS = 1
"""The Lurkers' side, in whose Upkeep eggs hatch."""
SPOTS = 12
"""The spots around a place where a Swarm or an egg may go, as many as a clock's hours."""
HINT = "a point where the egg's marker touches the Spider's base"


def lays(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` lays eggs."""
    return catalog_of(game).profile(m.profile).can("egg_layer")


def hatchling(m: AeonsModel) -> str:
    """The profile, by id, of the Swarms that ``m``'s side hatches."""
    return spawn_id("TL"[m.side], HATCHLING)


def may_lay(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` may lay an egg with this Action (a Normal Spider out of close combat
    that has not laid this Turn)."""
    # Whether it lays at all first: the contacts ask for the placement.
    if not (m.normal and lays(game, m)):
        return False
    return not contacts(game, m) and (m.id, game.state.turn) not in game.state.laid


def lay_options(game: AeonsGame, m: AeonsModel) -> list[PointSpec]:
    """The egg ``m`` may lay now, as a point to choose."""
    return [PointSpec(LAY, (m.id,), HINT)] if may_lay(game, m) else []


def lay_error(game: AeonsGame, m: AeonsModel, p: Point) -> str | None:
    """Why ``m`` may not lay an egg at ``p``, or ``None``."""
    if not lays(game, m):
        return f"{m.id} lays no eggs ({RULE})"
    if not may_lay(game, m):
        return f"{m.id} lays an egg once a Turn, Normal and out of close combat ({RULE})"
    if abs(edge_distance(m.pos, m.radius, p, m.radius)) > CONTACT:
        return f"the egg is laid in base-to-base with {m.id} ({RULE})"
    return spot_error(game, m, p, m.level)


def spot_error(game: AeonsGame, m: AeonsModel, p: Point, level: str | None) -> str | None:
    """Why an egg, or a model of ``m``'s base, cannot be put at ``p`` on ``level``."""
    for egg in game.state.eggs:
        if (egg.level or None) == level and edge_distance(
            p, m.radius, (egg.x, egg.y), m.radius
        ) < -CONTACT:
            return f"the egg would overlap the egg {egg.id}"
    return placement_reason(game, m, p, level)


def spots(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The points around ``m`` where it may lay an egg."""
    return [p for p in ring(m.pos, 2 * m.radius, SPOTS) if lay_error(game, m, p) is None]


def lay(game: AeonsGame, m: AeonsModel, p: Point, level: str | None) -> None:
    """``m`` lays an egg at ``p`` on the surface ``level``, its incubation rolled at once."""
    st = game.state
    number = sum(1 for spider, _ in st.laid if spider == m.id) + 1
    turns = d3(game.roll("D6", "incubation", RULE, m.id).value) + INCUBATION
    egg = Egg(f"{m.id}E{number}", m.id, p[0], p[1], st.round + turns, level or "")
    st.eggs = (*st.eggs, egg)
    st.laid = (*st.laid, (m.id, st.turn))
    game.emit("egg-laid", RULE, (m.id,), egg=egg.id, at=list(p), turns=turns, hatches=egg.hatches)


def touching(game: AeonsGame, m: AeonsModel) -> list[Egg]:
    """The eggs in base-to-base with ``m``."""
    return [
        e
        for e in game.state.eggs
        if (e.level or None) == m.level
        and edge_distance(m.pos, m.radius, (e.x, e.y), m.radius) <= CONTACT
    ]


def crush_options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The eggs ``m`` may attack now: an enemy's it touches (``m`` Normal, out of combat)."""
    if not game.state.eggs or not m.normal or contacts(game, m):
        return []
    return [Action(CRUSH, (m.id, e.id)) for e in touching(game, m) if _side(game, e) != m.side]


def crush_error(game: AeonsGame, m: AeonsModel, egg_id: str) -> str:
    """Why ``m`` may not attack the egg ``egg_id`` now."""
    if all(e.id != egg_id for e in game.state.eggs):
        return f"there is no egg {egg_id!r} on the table"
    return f"{m.id} attacks an enemy egg in base-to-base, Normal and out of close combat ({RULE})"


def crush(game: AeonsGame, m: AeonsModel, egg_id: str) -> None:
    """``m``'s Action against the egg: every Attack hits, the highest die wounds."""
    total, caused = strike(game, m, CON, RULE)
    _lose(game, egg_id, m.id, total, caused)


def shot(game: AeonsGame, shooter: AeonsModel, egg_id: str, hits: int, damage: int) -> None:
    """``hits`` of a shot of ``damage`` land on the egg: one roll to wound of a die a hit,
    the highest adding ``damage`` (R:191), as against a model."""
    total = game.roll(f"{hits}D6", "to-wound", RULE, shooter.id).highest + damage
    _lose(game, egg_id, shooter.id, total, wounds_caused(total, CON))


def caught(
    game: AeonsGame, template: CircleTemplate | SprayTemplate, level: str | None
) -> tuple[str, ...]:
    """The eggs wholly or partly under ``template`` on the surface ``level``, by id: an
    inanimate object (notes §2.6) a template catches (R:273); each marker is of its Spider's
    base."""
    return tuple(
        e.id
        for e in game.state.eggs
        if (e.level or None) == level
        and template.covers((e.x, e.y), game.model(e.spider).radius) is not None
    )


def blasted(game: AeonsGame, caught: tuple[str, ...], total: int, by: str) -> None:
    """A template's roll to wound, ``total`` with what the shot adds to it, applied to each
    egg ``caught`` under it, with no save (R:273)."""
    for egg_id in caught:
        _lose(game, egg_id, by, total, wounds_caused(total, CON))


def _lose(game: AeonsGame, egg_id: str, by: str, total: int, caused: int) -> None:
    """The egg loses ``caused`` Wounds to a total of ``total``; at none left it is destroyed."""
    st = game.state
    egg = next(e for e in st.eggs if e.id == egg_id)
    left = max(0, WOUNDS - egg.lost - caused)
    game.emit("egg-hit", RULE, (by,), egg=egg_id, total=total, con=CON, wounds=caused, left=left)
    if not left:
        game.emit("egg-destroyed", RULE, (by,), egg=egg_id)
    hit = replace(egg, lost=WOUNDS - left)
    st.eggs = tuple(hit if e.id == egg_id else e for e in st.eggs if left or e.id != egg_id)


def hatch(game: AeonsGame) -> None:
    """The Lurkers' Upkeep: every egg whose round has come hatches."""
    st = game.state
    if st.active != LURKERS:
        return
    for egg in [e for e in st.eggs if e.hatches <= st.round]:
        st.eggs = tuple(e for e in st.eggs if e.id != egg.id)
        _brood(game, egg)


def _brood(game: AeonsGame, egg: Egg) -> None:
    """1D3 Swarms take the egg's place: the first where it lay, the others touching it."""
    spider = game.model(egg.spider)
    count = d3(game.roll("D6", "hatching", RULE, spider.id).value)
    profile = hatchling(spider)
    prof = catalog_of(game).profile(profile)
    centre, level, born = (egg.x, egg.y), egg.level or None, []
    for k in range(count):
        swarm = AeonsModel(
            f"{egg.id}S{k + 1}",
            spider.side,
            prof.name,
            -1.0,
            -1.0,
            spider.radius,
            profile=profile,
            wounds=prof.wounds,
        )
        room = [centre, *ring(centre, 2 * spider.radius, SPOTS)]
        spot = next((p for p in room if spot_error(game, swarm, p, level) is None), None)
        if spot is None:
            game.emit("egg-no-room", RULE, (spider.id,), egg=egg.id)
            break
        game.add_model(swarm)
        set_down(game, swarm, spot)
        born.append(swarm.id)
    game.state.hatched = (*game.state.hatched, *born)
    game.emit("hatched", RULE, tuple(born), egg=egg.id, rolled=count)


def brood_error(game: AeonsGame, boss: AeonsModel, m: AeonsModel) -> str | None:
    """Why the Brood Mother ``boss`` may not nominate ``m``: it was not hatched from an egg."""
    if not catalog_of(game).profile(boss.profile).can("brood_mother") or m.id in game.state.hatched:
        return None
    return f"{m.id} was not hatched from an egg: {boss.id} nominates only those ({BROOD})"


def _side(game: AeonsGame, egg: Egg) -> int:
    return game.model(egg.spider).side


def prelay_error(game: AeonsGame, m: AeonsModel, p: Point) -> str | None:
    """Why a Pre-laid Egg of ``m`` cannot be placed at ``p``, or ``None``."""
    if edge_distance(m.pos, m.radius, p, m.radius) > PRE_LAID_RANGE:
        return f'a Pre-laid Egg is placed within {PRE_LAID_RANGE:g}" of {m.id} ({RULE})'
    return spot_error(game, m, p, game.board.surface_at(p))


def prelay_spots(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Points round ``m`` where a Pre-laid Egg of it may be placed."""
    rings = (2 * m.radius, 2 * m.radius + PRE_LAID_RANGE / 2, 2 * m.radius + PRE_LAID_RANGE)
    found = [p for reach in rings for p in ring(m.pos, reach, SPOTS)]
    return [p for p in found if prelay_error(game, m, p) is None]


@dataclass(slots=True, eq=False)
class PreLaid(Step):
    """At the end of the Lurker deployment, each Spider's Pre-laid Eggs one at a time, its
    player placing each within 6" of it (R:596), the incubation rolled as it is laid."""

    rule = RULE

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            assert action.point is not None
            lay(game, game.model(action.args[0]), action.point, game.board.surface_at(action.point))
        cat = catalog_of(game)
        for m in models(game):
            if cat.profile(m.profile).eggs > sum(1 for s, _ in game.state.laid if s == m.id):
                hint = f'a point within {PRE_LAID_RANGE:g}" of {m.id} for its Pre-laid Egg'
                prompt = f"place a Pre-laid Egg of {m.name}"
                return Decision(m.side, PLACE, prompt, (), (PointSpec(PLACE, (m.id,), hint),))
        return []

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return prelay_error(game, game.model(action.args[0]), action.point)
