"""Mobs (R:918-926, rules notes §1.13.7, §6 item 67): five models of one Lurker entry bought
as a Mob play as one body on a Large Blast Template until fewer than three are left.

How the game reads it:

* **The template on the table.** The Mob's first member stands for the template: its base is
  the Large Blast Template (notes §6 item 5), centred where the template lies, and the other
  members ride on it, off the table as single models (:data:`CARRIED`). So the Mob deploys,
  is nominated once (R:921), Moves and Charges as one body of the template's size along the
  paths such a body fits (R:921), and touches what the template touches.
* **Close combat.** Whenever the Mob fights, charging or charged (notes §6 item 67), it
  rolls the Attacks of all its members added together (R:921): a Face Up member's one fewer,
  down to 1 (R:926, R:139), a Face Down member's none (R:926). Its members are five of one
  list entry, so the one close combat weapon fought with is the one each of them carries.
  The opponent fights the one member on the table (R:921). A Mob's Parries are its members'
  pooled, whatever their State (the book's penalties for Face Up and Face Down members are
  to Attacks alone): one for the Skill, held by any member, and one for a weapon with Parry,
  carried by any, so two at most (R:925); only the member on the table is nominated, so
  Heroic's extra Action comes once for the whole Mob (R:925).
* **Wounds.** A hit on the Mob, shot or fought (one model of it targeted, as R:921 has it in
  close combat), or under a template (one hit as well: our reading, the book not saying where
  on its template the five stand, so not how many of them a Blast covers, R:1226), wounds
  against the members' Constitution; its player then gives the Wounds of that hit to one
  carried member of its choice, whatever its State (R:926): the Injury roll follows for that
  member, which goes Face Up or Face Down riding on the template (where Jump Up still raises
  it, R:1095, :func:`with_riders`), or is removed. The member on the table takes none while
  another rides. The Wounds that come with no roll to wound (a Deadly Rage's, a Regenerate's,
  a bear trap's) are given the same way (:func:`.damage.suffer`). The status rules a hit
  carries take hold on the member on the table, the one targeted; the rest of what it carries
  (Poison, Surgical Precision, Stun) goes with its Wounds to the member that takes them. A
  fall's Wounds still fall on the member on the table: a fall is worked out at once within
  what made the model fall (a push, a jump, going Face Down at an edge), where its player
  cannot yet be asked.
* **Disbanding.** Below three members the Mob disbands at once (R:922): the template is
  lifted and each member left is set down inside the area it covered, in base-to-base with
  an enemy the template touched where it was in close combat (the member on the table
  first), the game choosing the first free spot in a fixed order; from then on they are
  single models. A base touching an enemy is set down centred inside the area (wholly
  inside, two bases could not both touch one enemy where the template did); any other wholly
  inside it. A Mob whose member on the table is removed otherwise than off an edge (drowned,
  fallen, a spirit's host, destroyed by a Reagent, a Ghost dispelled) loses that one member
  and hands the template to a carried one; one that leaves the table off an edge takes its
  members along. A Mob of Grave Grubs that wins latches a riding Grub on (R:591).
* **Psychology and shooting.** A Mob causes Fear and takes no Resolve test (R:923); it never
  Shoots, so it takes no Alert shot either (R:924). Its Fear is the Mob's, keyed by the
  member that first bore its template (:func:`source_id`): a model that has tested against
  it does not test again when the template passes to another member (R:215).

Enochlophobia keeps a model out of every Mob (:mod:`.phobias`, R:233). A Mob of Swarms bought
with the list is not played yet (whose points field 1D3 models each, R:613, so "five models"
does not say which); five Swarms on the table form one by Spider Tide (:mod:`.tide`, R:596).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from skirmish.geometry.shapes import CONTACT, Point
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, AeonsModel
from skirmish.rulesets.strange_aeons.space import base_radius, contacts, placement_reason
from skirmish.rulesets.strange_aeons.state import Mob

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

CARRIED = "carried on its Mob's template"
"""Why a member riding on its Mob's template is not on the table as a single model."""
TEMPLATE = "Mobs: Mob Template (R:921)"
MOB_RULE = "Mobs: Mob Rule (R:922)"
CARRIED_AWAY = "Mobs: Carried Away (R:926)"
ASSIGN = "mob-wounds"
"""The decision, Action and event of a Mob's player giving a hit's Wounds to a member."""
SMALLEST = 3
"""A Mob of fewer members disbands (R:922)."""
LARGE = 1
"""The Large Blast Template's index among the template sizes (notes §6 item 5)."""
SPOTS = 24
"""Spots tried around each circle when a disbanded Mob's members are set down."""


def form(game: AeonsGame) -> None:
    """Stand each side's Mobs on their templates: the first member of each bears it, the
    others ride on it (R:921)."""
    cat = catalog_of(game)
    radius = cat.scenario.blast_radius[LARGE]
    groups: dict[tuple[int, str], list[AeonsModel]] = {}
    for m in game.models:
        name = cat.profile(m.profile).mob
        if name:
            groups.setdefault((m.side, name), []).append(m)
    for (_, name), members in groups.items():
        stand(game, name, members, radius)


def stand(game: AeonsGame, name: str, members: list[AeonsModel], radius: float) -> None:
    """The Mob ``name`` of ``members`` stands: the first bears its template of ``radius``
    where it lies, the others ride on it (R:921)."""
    body = members[0]
    body.radius = radius
    for m in members[1:]:
        ride(m, body)
    game.state.mobs = (*game.state.mobs, Mob(name, tuple(m.id for m in members), body.id))
    game.emit("mob", TEMPLATE, (body.id,), name=name, members=len(members))


def ride(m: AeonsModel, body: AeonsModel) -> None:
    """``m`` rides on the template ``body`` bears, where it lies."""
    m.x, m.y, m.level = body.x, body.y, body.level
    m.removed = CARRIED


def mob_of(game: AeonsGame, m: AeonsModel) -> Mob | None:
    """The Mob standing that ``m`` is a member of, if any."""
    return next((mob for mob in game.state.mobs if m.id in mob.members), None)


def bears(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is the member whose base is a Mob's template."""
    return any(mob.body == m.id for mob in game.state.mobs)


def in_mob(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is a member of a Mob standing."""
    return mob_of(game, m) is not None


def riders(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The members riding on the template ``m`` bears (none if ``m`` bears none)."""
    mob = next((mob for mob in game.state.mobs if mob.body == m.id), None)
    return [] if mob is None else [game.model(mid) for mid in mob.members[1:]]


def with_riders(game: AeonsGame) -> list[AeonsModel]:
    """The models on the table and the members riding on a template, in game order: a
    member Face Up or Face Down stays in its Mob (R:926), where it may still rise."""
    return [m for m in game.models if m.on_table or m.removed == CARRIED]


def summed(game: AeonsGame, m: AeonsModel, own: Callable[[AeonsGame, AeonsModel], int]) -> int:
    """The Attacks of the Mob whose template ``m`` bears, each member's ``own`` added (R:921)
    as :func:`_total` adds them."""
    total = _total(game, m, own)
    game.emit("mob-attacks", TEMPLATE, (m.id,), attacks=total)
    return total


def typical_attacks(game: AeonsGame, m: AeonsModel) -> int:
    """The Attacks the heuristic weighs for ``m``: a Mob's added as :func:`_total` adds them,
    else its own."""
    return _total(game, m, _typical) if bears(game, m) else _typical(game, m)


def _typical(game: AeonsGame, m: AeonsModel) -> int:
    return catalog_of(game).profile(m.profile).typical_attacks


def _total(game: AeonsGame, m: AeonsModel, own: Callable[[AeonsGame, AeonsModel], int]) -> int:
    """Each member's ``own`` Attacks added: a Face Up member's one fewer, down to 1 as a
    single model's (R:926, R:139), a Face Down one's none (R:926); at least one."""
    total = 0
    for member in members(game, m):
        if member.state != FACE_DOWN:
            total += member.attacks_in_state(own(game, member))
    return max(1, total)


def members(game: AeonsGame, m: AeonsModel) -> Iterator[AeonsModel]:
    """The members of ``m``'s Mob, or ``m`` alone when it is in none."""
    mob = mob_of(game, m)
    yield from (game.model(mid) for mid in (mob.members if mob is not None else (m.id,)))


def shoot_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """A model in a Mob never Shoots: its ranged weapons are slung (R:924)."""
    return f"{m.id} is in a Mob: its ranged weapons are slung (R:924)" if in_mob(game, m) else None


def causes_fear(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` bears a Mob's template: a Mob causes Fear (R:923)."""
    return bears(game, m)


def source_id(game: AeonsGame, m: AeonsModel) -> str:
    """The id that keys the situations ``m`` is the source of (its Fear, its Terror): its
    Mob's founder when ``m`` bears a Mob's template, so that the template handed on is the
    same Mob's Fear, no new situation (R:923, R:215, rules notes §6 item 44); else its own."""
    mob = next((mob for mob in game.state.mobs if mob.body == m.id), None)
    return m.id if mob is None else mob.founder


def standing_for(game: AeonsGame, source: str) -> AeonsModel:
    """The model that stands for the source ``source`` of a situation (:func:`source_id`):
    the member bearing the template of the Mob it founded while that Mob stands, else the
    model ``source``."""
    mob = next((mob for mob in game.state.mobs if mob.founder == source), None)
    return game.model(source if mob is None else mob.body)


def fallen(
    game: AeonsGame, m: AeonsModel, left_table: bool
) -> tuple[list[AeonsModel], list[AeonsModel]]:
    """``m`` has just been removed: one member leaves its Mob, which disbands below three
    (R:922), however it went (an Injury, a Reagent's Failure!, a Ghost dispelled). The member
    bearing the template hands it to one riding, or, when it ``left_table`` off an edge,
    takes the riders along. Returned: those riders, to be removed alike, and the members a
    disbanding set down."""
    mob = mob_of(game, m)
    if mob is None:
        return [], []
    st = game.state
    if m.id == mob.body and left_table:
        st.mobs = tuple(o for o in st.mobs if o != mob)
        return [game.model(mid) for mid in mob.members[1:]], []
    left = Mob(mob.name, tuple(mid for mid in mob.members if mid != m.id), mob.founder)
    st.mobs = tuple(left if o == mob else o for o in st.mobs)
    if m.id == mob.body:
        _hand_over(game, m, game.model(left.body))
    if len(left.members) >= SMALLEST:
        return [], []
    disband(game, left)
    return [], [game.model(mid) for mid in left.members]


def _hand_over(game: AeonsGame, old: AeonsModel, new: AeonsModel) -> None:
    """The template passes from the removed ``old`` to ``new``, where it lies."""
    new.x, new.y, new.level, new.radius = old.x, old.y, old.level, old.radius
    new.removed = None
    old.radius = base_radius(game)
    game.emit("mob-template", TEMPLATE, (new.id, old.id))


def disband(game: AeonsGame, mob: Mob) -> None:
    """The Mob disbands (R:922): its template is lifted and its members set down inside the
    area it covered, each in base-to-base with an enemy the template touched if it was in
    close combat and there is room, the first free spot of a fixed order."""
    body = game.model(mob.body)
    centre, area = body.pos, body.radius
    foes = contacts(game, body)
    game.state.mobs = tuple(o for o in game.state.mobs if o != mob)
    radius = base_radius(game)
    body.radius = radius
    body.removed = CARRIED  # lifted with the template, set down below like the rest
    for mid in mob.members:
        m = game.model(mid)
        spots = [*_touching(centre, area, radius, foes), *_inside(centre, area, radius)]
        m.x, m.y, m.level = body.x, body.y, body.level
        spot = next(p for p in spots if placement_reason(game, m, p, body.level) is None)
        m.x, m.y = spot
        m.removed = None
    game.emit("mob-disbanded", MOB_RULE, mob.members, name=mob.name, left=len(mob.members))


def _touching(centre: Point, area: float, radius: float, foes: list[AeonsModel]) -> Iterator[Point]:
    """Spots in the template's ``area`` where a base of ``radius`` touches a foe: centred
    inside it, as the area narrows where the template touched the foe."""
    # Around the foe from the template's edge inward, either side in turn, so that a
    # second base still finds room beside the first.
    turns = [side * k * math.pi / SPOTS for k in range(SPOTS // 2, 0, -1) for side in (1, -1)]
    for foe in foes:
        reach = foe.radius + radius + CONTACT / 2
        start = math.atan2(centre[1] - foe.y, centre[0] - foe.x)
        for turn in (*turns, 0.0):
            p = (foe.x + reach * math.cos(start + turn), foe.y + reach * math.sin(start + turn))
            if math.dist(p, centre) <= area:
                yield p


def _inside(centre: Point, area: float, radius: float) -> Iterator[Point]:
    """Spots inside the template's ``area`` for a base of ``radius``: its centre, then rings
    outward."""
    yield centre
    room = area - radius
    for ring in (room / 2, room):
        for k in range(SPOTS):
            angle = 2 * math.pi * k / SPOTS
            yield (centre[0] + ring * math.cos(angle), centre[1] + ring * math.sin(angle))
