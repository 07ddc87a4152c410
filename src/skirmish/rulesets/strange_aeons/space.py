"""Measuring the table for Strange Aeons: distances between models, contact, sight and paths,
and why a base cannot stand or go somewhere, in the words a refusal gives the player; and the
answers that follow from where the models stand, kept per placement (:class:`Placement`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, ClassVar

from skirmish.engine.action import Action, kept
from skirmish.engine.decision import PointSpec
from skirmish.engine.model import STANDING_WRITES
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.clearance import Blockers
from skirmish.geometry.memo import Memo
from skirmish.geometry.paths import Path, plan_path, reach_toward
from skirmish.geometry.shapes import CONTACT, Point, edge_distance, mm_to_inches
from skirmish.geometry.sight import Body, Column, Sight, sight_among
from skirmish.geometry.slides import ray_move
from skirmish.geometry.terrain import Cover, Movement
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.blessed import engaged
from skirmish.rulesets.strange_aeons.elder_thing import is_dormant
from skirmish.rulesets.strange_aeons.ghosts import is_ghost
from skirmish.rulesets.strange_aeons.model import STANDING, AeonsModel, Written
from skirmish.rulesets.strange_aeons.shoggoth import clearance
from skirmish.rulesets.strange_aeons.smoke import columns
from skirmish.rulesets.strange_aeons.terrain import move_cost

if TYPE_CHECKING:
    from collections.abc import Callable

    from skirmish.geometry.board import Board
    from skirmish.rulesets.strange_aeons.catalog import Ability, Profile
    from skirmish.rulesets.strange_aeons.state import AeonsGame, AeonsState, Smoke

CLOSEST = "closest"
"""The decision, and each Action answering it (``closest M E``), by which the player of ``M``
chooses which of the enemies tied for closest (:func:`tied_closest`) a rule turns it on: a
shot after a failed test to shoot past the closest, a Frenzy's Charge."""
PLACEMENTS = "strange-aeons placements"
"""The board's memo of :class:`Placement` answers, by placement."""
OPEN_SKY = "strange-aeons open sky"
"""The board's memo of itself without its impassable pieces (:func:`route_board`)."""
PLACEMENTS_KEPT = 128
"""Placements a board remembers before it forgets them all (a game's come back within a
few Actions, a look-ahead's within its decision). Few: a random game comes back to hardly
any after more, and forgetting a few at a time frees them while the memory they hold is
still at hand, which thousands at once are not (a third of the cost of a new placement)."""
_STANDING = attrgetter(*STANDING)
"""What of a model a placement is keyed by."""

Standing = tuple[str, int, str, float, float, float, str | None, str, str | None]
"""A model's standing: :data:`.model.STANDING`'s fields, in their order."""
Options = tuple[tuple[Action, ...], tuple[PointSpec, ...]]
"""The Actions a model may take: finite options and point choices."""
OptionsKey = tuple[
    int, str | None, tuple[tuple[str, str], ...], tuple[bool, ...], tuple[str, ...], tuple[str, ...]
]
"""What a model's Actions are kept by besides the placement (:attr:`Placement.options`): its
index, the ranged weapon it chose for the turn, its Jammed and primed weapons, its Deadly
Rage used, feast owed, Ensnarement and Chill, the Invisibility Suits unveiled and the scenery
depleted."""
MoveKey = tuple[
    int,
    str,
    tuple[str, ...],
    Point,
    float,
    tuple[str, ...],
    tuple[tuple[str, float, float], ...],
    tuple[tuple[str, float, float, float, float, str], ...],
    tuple[str, ...],
]
"""What the refusal of a Move is kept by besides the placement (:attr:`Placement.moves`): the
model's index, the kind and arguments of its Action, the point, the allowance, the Invisibility
Suits unveiled, the Grave Markers, the salt laid and the Falcons owing a return."""
KeptOptions = tuple[Options, tuple[float, float]]
"""A model's Actions, with how far from it the enemies and the friends stand that they look
at (:func:`carried`)."""


class Placement:
    """What follows from where and how the models stand: who is on the table, who touches
    whom, who sees whom, what is in whose way, and the answers the rules build on them.

    The rules ask these again and again between two moves: every Action ends with the
    psychology check, every decision lists the Charges and shots of the model that acts, a
    Move is judged when it is chosen, when it is checked and when it is made. So each answer
    is worked out once per placement (:func:`placement`) and shared by every game that has
    it: the game a few Actions later, its clones and views, the heuristic's look-aheads. A
    model that moves, climbs, changes state or leaves the table makes another placement, so
    no answer is ever stale; and none is in a game's state or its save.

    Models are named by their index in ``game.models``; every game with this placement has
    the same models there, so the answers hold for any of them. The models asked about are
    the game's own, where they stand (a spot a model might move to is measured by the
    functions of this module that take points). The memos without a method are filled by
    the modules whose rules they answer: ``situations``, ``faced`` and ``fire`` by psychology,
    ``swarms`` by the Spider Tide, ``lost_souls`` by the Lost Soul, ``moves`` by movement,
    ``options`` by the turn, ``tops`` by the pace, ``suits`` by the Invisibility Suit.
    """

    __slots__ = (
        "_blockers",
        "_contacts",
        "_profiles",
        "_routes",
        "_sights",
        "before",
        "faced",
        "fire",
        "lost_souls",
        "mobbed",
        "moved",
        "moves",
        "options",
        "present",
        "sides",
        "situations",
        "smoke",
        "standing",
        "suits",
        "swarms",
        "tops",
    )

    def __init__(
        self, game: AeonsGame, standing: tuple[Standing, ...], before: Placement | None
    ) -> None:
        self.standing = standing
        """Each model's standing (:data:`.model.STANDING`), in game order."""
        moved = None if before is None else _moved(before.standing, standing)
        if before is not None:
            before.before = None  # one placement back is enough, and keeps no chain alive
        self.before: Placement | None = None if moved is None else before
        """The game's placement just before this one, with the same models, Spectres, Smoke
        and Compels, whose answers for a model nothing near changed still hold
        (:func:`carried`)."""
        self.moved = moved or ()
        """The models that stand elsewhere than in :attr:`before`: index, standing before,
        standing now."""
        self.mobbed = False
        """Whether an answer of :attr:`situations` was found while a Mob stood, which no
        placement after carries (R:919)."""
        if moved is not None and before is not None:
            # The same models on the table, of the same sides, the same Smoke and Compels.
            self.present, self.sides, self.smoke = before.present, before.sides, before.smoke
        else:
            self.present, self.sides, self.smoke = _present(game), _sides(game), _smoke(game)
        self._contacts: dict[int, tuple[int, ...]] = {}
        self._profiles: tuple[Profile, ...] | None = None
        self._sights: dict[tuple[int, int], Sight] = {}
        self._blockers: dict[tuple[int, tuple[str, ...]], Blockers] = {}
        self._routes: dict[tuple[int, Point, float, str], Path | str] = {}
        self.moves: dict[MoveKey, str | None] = {}
        """Why a Move of each model to a point within an allowance is not legal, or ``None``,
        by the Invisibility Suits unveiled, the Grave Markers, the salt laid and the Falcons
        owing a return too (:func:`.movement.move_error`)."""
        self.situations: dict[int, tuple[str, ...] | None] = {}
        """The lasting psychology situations of each model (``None``: not subject to them)."""
        self.faced: dict[
            tuple[int, tuple[str, ...], tuple[tuple[str, str], ...]], tuple[str, ...] | None
        ] = {}
        """Every psychology situation each model is in, by the models made Surly and those
        on Fire (R:1149, R:113)."""
        self.fire: dict[int, tuple[str, ...] | None] = {}
        """The enemies with a Fire weapon near each model that fears Fire (``None``: it
        fears no Fire)."""
        self.swarms: dict[int, tuple[int, ...]] = {}
        """The Swarms of each side on the table (Spider Tide, R:596)."""
        self.options: dict[OptionsKey, KeptOptions] = (
            {} if self.before is None or game.state.mobs else _carried_options(self)
        )
        """Every Action each model may take, by the ranged weapon it chose for the turn, its
        Jammed and primed weapons, the Invisibility Suits unveiled (R:1330) and the scenery
        depleted of debris (Kinesis, R:730); with how far from it the models stand that they
        look at, beyond which a model's Move leaves them as they are: those of the placement
        before carried so (:func:`carried`), but while a Mob stands, as the situations."""
        self.lost_souls: dict[int, tuple[int, ...]] = {}
        """The Lost Souls the models of each side may look for (R:725)."""
        self.suits: tuple[int, ...] | None = None
        """The models on the table that wear an Invisibility Suit (R:1330), found when first
        asked (:func:`.invisibility.wearers`)."""
        self.tops: dict[tuple[object, ...], float] = (
            {} if self.before is None else dict(self.before.tops)
        )
        """The most a Move of each model may cover, by the riders, the foes snatched, the
        models Chilled and the passengers carried (:func:`.pace.top`): of the profiles, not of
        where the models stand, so those of the placement before hold."""

    present: tuple[int, ...]
    """The models on the table (deployed and not removed), in game order."""
    sides: tuple[int, ...]
    """The side each model fights for (:func:`allegiance`), in game order."""
    smoke: list[Column]
    """The Smoke Canisters' templates, blocking sight (R:1309)."""

    def models(self, game: AeonsGame) -> list[AeonsModel]:
        """The models on the table."""
        everyone = game.models
        return [everyone[i] for i in self.present]

    def profiles(self, game: AeonsGame) -> tuple[Profile, ...]:
        """Each model's profile, in game order: read once, or carried from the placement
        before (:attr:`before`: every model of the same profile)."""
        if self._profiles is None:
            before = self.before
            if before is not None and before._profiles is not None:
                self._profiles = before._profiles
            else:
                cat = catalog_of(game)
                self._profiles = tuple(cat.profile(m.profile) for m in game.models)
        return self._profiles

    def contacts(self, game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
        """The enemies on the table in base-to-base with ``m``: not a dormant Elder Thing,
        which engages nobody (R:528)."""
        everyone = game.models
        i = game.index[m.id]
        found = self._contacts.get(i)
        if found is None:
            found = self._contacts[i] = tuple(
                j
                for j in self.present
                if self.sides[j] != self.sides[i]
                and in_contact(m, everyone[j])
                and not is_dormant(everyone[j])
                and engaged(game, m, everyone[j])
            )
        return [everyone[j] for j in found]

    def sight(self, game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> Sight:
        """Line of sight and cover from ``viewer`` to ``target``."""
        pair = (game.index[viewer.id], game.index[target.id])
        found = self._sights.get(pair)
        if found is None:
            height = catalog_of(game).scenario.body_height
            seen = sight_among(game.board, body(viewer, height), body(target, height), self.smoke)
            found = self._sights[pair] = graded(game, seen)
        return found

    def blockers(self, game: AeonsGame, m: AeonsModel, ignore: tuple[str, ...] = ()) -> Blockers:
        """Bases that ``m`` may not move through: every other model on its surface but those
        of ``ignore``; none for a Ghost, which moves through models (R:116, R:725)."""
        key = (game.index[m.id], ignore)
        found = self._blockers.get(key)
        if found is None:
            others = [] if is_ghost(game, m) else self.models(game)
            found = self._blockers[key] = tuple(
                (o.pos, o.radius)
                for o in others
                if o.id != m.id and o.level == m.level and o.id not in ignore
            )
        return found

    def route(
        self, game: AeonsGame, m: AeonsModel, goal: Point, allowance: float, what: str
    ) -> Path | str:
        """:func:`move_route`, found once."""
        key = (game.index[m.id], goal, allowance, what)
        found = self._routes.get(key)
        if found is None:
            found = self._routes[key] = _move_route(game, self, m, goal, allowance, what)
        return found

    def reason(self, game: AeonsGame, m: AeonsModel, p: Point, level: str | None) -> str | None:
        """:func:`placement_reason`."""
        board = game.board
        others = [o for o in self.models(game) if o.id != m.id]
        spots = [(o.pos, o.radius, o.level) for o in others]
        kernel = board.placement_error(p, m.radius, level, spots)
        if kernel is None:
            return None
        if not board.on_table(p, m.radius):
            return "the base would be off the table"
        for o in others:
            if o.level == level and edge_distance(p, m.radius, o.pos, o.radius) < -CONTACT:
                return f"the base would overlap {o.id}"
        if level is not None:
            return f"the base would hang over the edge of {surface_name(game, level)}"
        walls = (Movement.IMPASSABLE, Movement.CLIMBABLE)
        for t in board.terrain:
            if t.movement in walls and t.base_overlaps(p, m.radius, CONTACT):
                return f"the base would overlap the {t.name} ({t.movement.value})"
        return kernel


def _present(game: AeonsGame) -> tuple[int, ...]:
    return tuple(i for i, m in enumerate(game.models) if m.on_table)


def _sides(game: AeonsGame) -> tuple[int, ...]:
    everyone = game.models
    if not game.state.compelled:  # nobody, as nearly always: the sides themselves
        return tuple(m.side for m in everyone)
    return tuple(allegiance(game, m) for m in everyone)


def _smoke(game: AeonsGame) -> list[Column]:
    return columns(game.board, game.state.smoke)


def placement(game: AeonsGame) -> Placement:
    """The answers that hold while every model stands where and as it does now (see
    :class:`Placement`), keyed by each model's id, side, profile, base, position, level, state
    and removal, by the Spectres manifested (no Ghosts then, R:740), by the Smoke Canisters'
    templates (R:1309), by the models Compelled (R:645), and by the ruleset and the game's
    forces, whose catalog gives the numbers. The one asked last is held (:class:`_Asked`)
    until a model's standing is changed."""
    asked = _Asked.last
    if asked is not None and not asked.holds_for(game):
        asked = None
    if asked is not None and asked.writes == STANDING_WRITES.count:
        return asked.table
    standing = _standing(game, asked)
    state = game.state
    key = (
        game.ruleset.id,
        catalog_of(game).forces,
        standing,
        state.manifest,
        state.smoke,
        state.compelled,
    )
    memo: Memo[tuple[object, ...], Placement] = game.board.memo(PLACEMENTS, PLACEMENTS_KEPT)
    before = None if asked is None else asked.table  # the placement a model's move changed
    table = memo.remember(key, lambda: Placement(game, standing, before))
    _Asked.last = _Asked(
        STANDING_WRITES.count,
        game.models,
        len(game.models),
        state,
        game.catalog,
        game.board,
        state.manifest,
        state.smoke,
        state.compelled,
        table,
    )
    return table


def _standing(game: AeonsGame, asked: _Asked | None) -> tuple[Standing, ...]:
    """Every model's standing: the placement held's with that of the one model written
    since (:class:`.model.Written`), as after a Move, where it is one of ``game``'s; else
    read from every model."""
    m = Written.model
    if asked is None or m is None or Written.since > asked.writes:
        return tuple(map(_STANDING, game.models))
    i = game.index.get(m.id)
    if i is None or game.models[i] is not m:
        return tuple(map(_STANDING, game.models))
    standing = list(asked.table.standing)
    standing[i] = _STANDING(m)
    return tuple(standing)


@dataclass(frozen=True, slots=True)
class _Asked:
    """The placement asked for last (:attr:`last`), and the parts of the game it was found for:
    the same parts (by identity), the same placement, as long as no model's standing is
    changed (``writes``, the count of :data:`.engine.model.STANDING_WRITES` it was found at).
    Another game, a clone or a view that redacts its state, a model added, a new catalog or
    board, a Spectre manifested, a Smoke Canister thrown or a model Compelled asks the memo
    again. A random game asks some four times an Action, and the key costs more than this
    check. Once a standing is changed, the placement asked last is still the one before the
    change, whose answers the new one carries, and whose standing the new one is found from
    (:func:`_standing`)."""

    last: ClassVar[_Asked | None] = None

    writes: int
    models: list[AeonsModel]
    count: int
    state: AeonsState
    catalog: object
    board: Board
    manifest: tuple[str, ...]
    smoke: tuple[Smoke, ...]
    compelled: tuple[tuple[str, str], ...]
    table: Placement

    def holds_for(self, game: AeonsGame) -> bool:
        """Whether the placement is ``game``'s now."""
        st = game.state
        return (
            self.models is game.models
            and self.state is st
            and self.count == len(game.models)
            and self.catalog is game.catalog
            and self.board is game.board
            and self.manifest is st.manifest
            and self.smoke is st.smoke
            and self.compelled is st.compelled
        )


def carried(table: Placement, i: int, reach: float, friends: float | None = None) -> bool:
    """Whether an answer about the model at ``i`` that reads no model farther than ``reach``
    from it (no friend, of its side in :attr:`Placement.sides`, farther than ``friends``
    where given), nor how any model stands but its presence, side, profile and state, is
    the same as in the placement before: the model stands as it did, and every model that
    moved stands as it did but where, beyond that reach from it before and after."""
    if table.before is None:
        return False
    me, sides = table.standing[i], table.sides
    near = reach if friends is None else friends
    for j, old, new in table.moved:
        far = reach if sides[j] != sides[i] else near
        if j == i or _apart(me, old) <= far or _apart(me, new) <= far:
            return False
    return True


def _carried_options(table: Placement) -> dict[OptionsKey, KeptOptions]:
    """The Actions of :attr:`Placement.options` in the placement before that still hold."""
    assert table.before is not None
    kept = table.before.options.items()
    moved = {j for j, _, _ in table.moved}  # the model that moved first: nearly every one
    return {
        key: found
        for key, found in kept
        if key[0] not in moved and carried(table, key[0], *found[1])
    }


def _moved(
    before: tuple[Standing, ...], now: tuple[Standing, ...]
) -> tuple[tuple[int, Standing, Standing], ...] | None:
    """The models that stand elsewhere ``now`` than ``before``, or ``None`` when a model came,
    left, or changed side, profile or state."""
    if len(before) != len(now):
        return None
    pairs = enumerate(zip(before, now, strict=True))
    found = tuple((j, old, new) for j, (old, new) in pairs if old != new)
    return None if any(_kind(old) != _kind(new) for _, old, new in found) else found


def _kind(standing: Standing) -> tuple[object, ...]:
    """What of a standing is not where: id, side, profile, state, removal and presence."""
    ident, side, profile, _, x, _, _, state, removed = standing
    return (ident, side, profile, state, removed, x >= 0.0)


def _apart(a: Standing, b: Standing) -> float:
    """The distance between two bases on the table's plan, which their :func:`gap` is never
    less than."""
    _, _, _, ra, xa, ya, _, _, _ = a
    _, _, _, rb, xb, yb, _, _, _ = b
    return edge_distance((xa, ya), ra, (xb, yb), rb)


def table_grid(board: Board, r: float, count: int) -> list[Point]:
    """``count`` by ``count`` spots over the whole table, ``r`` in from its edges."""
    return [
        (
            round(r + (board.width - 2 * r) * i / (count - 1), 2),
            round(r + (board.height - 2 * r) * j / (count - 1), 2),
        )
        for i in range(count)
        for j in range(count)
    ]


def models(game: AeonsGame) -> list[AeonsModel]:
    """Models on the table (deployed and not removed)."""
    return [m for m in game.models if m.on_table]


def allegiance(game: AeonsGame, m: AeonsModel) -> int:
    """The side ``m`` fights for: the side of the Dark Puppeteer that Compels it, while that
    one is in play (R:645, :mod:`.gaze`), else its own. Every rule that reads friend or enemy
    in an attack (Shoot, Charge, close combat, Alert) reads this; the rules that name a
    side's models (Nominations, psychology's friends, objectives) read ``m.side``."""
    master = master_of(game, m)
    return m.side if master is None else master.side


def master_of(game: AeonsGame, m: AeonsModel) -> AeonsModel | None:
    """The Dark Puppeteer that Compels ``m`` now, if any: one on the table (our reading: its
    removal frees the model, R:645, :mod:`.gaze`)."""
    for victim, master in game.state.compelled:
        if victim == m.id and game.model(master).on_table:
            return game.model(master)
    return None


def foes(game: AeonsGame, a: AeonsModel, b: AeonsModel) -> bool:
    """Whether ``a`` and ``b`` fight on opposite sides (:func:`allegiance`)."""
    if not game.state.compelled:  # the sides themselves, as nearly always: asked in every loop
        return a.side != b.side
    return allegiance(game, a) != allegiance(game, b)


def gap(game: AeonsGame, a: AeonsModel, b: AeonsModel) -> float:
    """Base edge to base edge, counting the height between the surfaces they stand on."""
    flat = edge_distance((a.x, a.y), a.radius, (b.x, b.y), b.radius)  # asked the most: no .pos
    if a.level == b.level:  # the most asked: no call
        return flat
    return lifted(game, flat, a.level, b.level)


def tied_closest(game: AeonsGame, m: AeonsModel, others: list[AeonsModel]) -> list[AeonsModel]:
    """Those of ``others`` closest to ``m`` (:func:`gap`), every one as near as the nearest;
    none when ``others`` is empty. Each rule that takes the closest enemy asks its player to
    choose among them (:data:`CLOSEST`)."""
    near = [(gap(game, m, o), o) for o in others]
    if not near:
        return []
    best = min(d for d, _ in near)
    return [o for d, o in near if d <= best + 1e-9]


def lifted(game: AeonsGame, flat: float, a: str | None, b: str | None) -> float:
    """How far apart two things are that stand ``flat`` apart across the table, one on the
    surface ``a`` and the other on ``b``: the height between the surfaces counts too."""
    if a == b:
        return flat
    dz = game.board.surface_height(a) - game.board.surface_height(b)
    return math.hypot(max(flat, 0.0), dz)


def reach_error(
    game: AeonsGame, m: AeonsModel, target: AeonsModel, reach: float, name: str
) -> str | None:
    """Why ``target`` is out of the ``reach`` of ``m``'s rule ``name``, if it is."""
    d = gap(game, m, target)
    return f'{target.id} is {inches(d)} away: {name} reaches {reach:g}"' if d > reach else None


def in_contact(a: AeonsModel, b: AeonsModel) -> bool:
    """Base-to-base: touching bases on the same surface."""
    if a.level != b.level:
        return False
    return edge_distance((a.x, a.y), a.radius, (b.x, b.y), b.radius) <= CONTACT


def contacts(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """Enemy models in base-to-base with ``m``."""
    return placement(game).contacts(game, m)


def body(m: AeonsModel, height: float) -> Body:
    """The model's body for line of sight; the catalog gives every model the same ``height``."""
    return Body(m.pos, m.radius, m.level, height)


def sight(game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> Sight:
    """Line of sight and cover from ``viewer`` to ``target``."""
    return placement(game).sight(game, viewer, target)


def graded(game: AeonsGame, view: Sight) -> Sight:
    """``view`` with its cover as the game's catalog grades it. The kernel grades a target
    hidden below half Light; where the catalog says so, terrain hiding up to half of it gives
    Medium cover, still no better than the best grade of the pieces hiding it: a Light
    piece gives Light (R:185, notes §4.1 item 7)."""
    if (
        view.cover != Cover.LIGHT
        or view.blocked_fraction > 0.5
        or not catalog_of(game).scenario.medium_up_to_half
    ):
        return view
    cover = min(view.cap, Cover.MEDIUM)
    return Sight(view.visible, view.blocked_fraction, cover, view.pieces, view.rays, view.cap)


def sees(game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> bool:
    """Whether ``viewer`` can see any part of ``target``."""
    return sight(game, viewer, target).visible


def sees_point(game: AeonsGame, viewer: AeonsModel, point: Point, level: str | None) -> bool:
    """Whether ``viewer`` sees the ``point`` on the surface ``level``, as it would see a model
    standing there: any part of a body of no width and the catalog's height at the point,
    the body a template's centre views the models under it from (:mod:`.templates`)."""
    height = catalog_of(game).scenario.body_height
    spot = Body(point, 0.0, level, height)
    return sight_among(game.board, body(viewer, height), spot, placement(game).smoke).visible


def blockers(game: AeonsGame, m: AeonsModel, ignore: tuple[str, ...] = ()) -> Blockers:
    """Bases that ``m`` may not move through: every other model on its surface."""
    return placement(game).blockers(game, m, ignore)


def move_path(game: AeonsGame, m: AeonsModel, goal: Point, allowance: float) -> Path | None:
    """The path of a Move to ``goal`` within ``allowance``, or ``None`` (see move_route)."""
    found = move_route(game, m, goal, allowance)
    return found if isinstance(found, Path) else None


def stop_short(
    game: AeonsGame, m: AeonsModel, walked: Path, touching: Callable[[Point], bool]
) -> Path:
    """``walked``, which ends where ``touching`` (a base-to-base ``m`` may not come into),
    cut back to the furthest point along it where ``touching`` is not, found to within
    CONTACT: a Move that goes on toward a model up to base-to-base but not into it."""
    clear, near = 0.0, walked.length
    while near - clear > CONTACT:
        half = (clear + near) / 2
        if touching(walked.point_at(half)):
            near = half
        else:
            clear = half
    short = move_path(game, m, walked.point_at(clear), walked.length)
    assert short is not None
    return short


def move_route(
    game: AeonsGame, m: AeonsModel, goal: Point, allowance: float, what: str = "the point"
) -> Path | str:
    """The path of a Move to ``goal`` within ``allowance``, or why there is none (the goal
    called ``what``): found once though the rules ask it when the Move is chosen, checked and
    made.

    A path that touches rough terrain costs the rough penalty from the allowance
    (rules notes item 50), so a detour around rough terrain may reach where a straight
    path through it may not.
    """
    return placement(game).route(game, m, goal, allowance, what)


def _move_route(
    game: AeonsGame, table: Placement, m: AeonsModel, goal: Point, allowance: float, what: str
) -> Path | str:
    straight = math.dist(m.pos, goal)
    if straight > allowance + 1e-9:
        # No path is shorter than the straight line.
        return f'{what} is {inches(straight)} away, more than the {allowance:g}" allowed'
    board, penalty = route_board(game, m), rough_penalty(game, m)
    if board is not game.board:
        landing = table.reason(game, m, goal, m.level)
        if landing is not None:
            return f"{what} is no place to end a Move: {landing}"
    radius, others = clearance(game, m, table.blockers(game, m))
    shortest = plan_path(board, m.pos, goal, radius, others, m.level)
    if shortest is None:
        blocker = in_the_way(game, m, goal)
        return f"no path: {blocker} is in the way" if blocker else f"no path to {what}"
    if shortest.length <= reach_along(game, m, shortest, allowance) + 1e-9:
        return shortest
    within = f'no path within {allowance:g}"'
    advanced = move_cost(game, m, shortest.points)[0] > 0
    if not shortest.touches_rough:
        if advanced:
            return _costs(game, m, shortest, allowance, "")
        blocker = in_the_way(game, m, goal)
        around = f"the shortest path is {inches(shortest.length)}"
        return f"{within}: {blocker} blocks the way, {around}" if blocker else f"{within}: {around}"
    clear = plan_path(board, m.pos, goal, radius, others, m.level, avoid_rough=True)
    if clear is not None and clear.length <= reach_along(game, m, clear, allowance) + 1e-9:
        return clear
    detour = "" if clear is None else f"; round it, {inches(clear.length)}"
    if advanced:
        return _costs(game, m, shortest, allowance, detour)
    return (
        f'{within}: rough terrain on the path costs {penalty:g}", leaving '
        f'{allowance - penalty:g}" for a {inches(shortest.length)} path{detour}'
    )


def route_board(game: AeonsGame, m: AeonsModel) -> Board:
    """The board a Move of ``m`` finds its path on: the table without its impassable pieces
    for a model that flies over them (the catalog's ``over_impassable``: Ether Wings, R:550;
    Hover, R:860; R:168),
    which still ends no Move in one (:meth:`Placement.reason`)."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    if not any(prof.can(a) for a in cat.scenario.over_impassable):
        return game.board
    memo: Memo[str, Board] = game.board.memo(OPEN_SKY)
    return memo.remember(game.board.name, lambda: _open_sky(game.board))


def _open_sky(board: Board) -> Board:
    kept = tuple(t for t in board.terrain if t.movement is not Movement.IMPASSABLE)
    return Board(board.name, board.width, board.height, kept, board.ladders)


def rough_penalty(game: AeonsGame, m: AeonsModel) -> int:
    """The inches rough terrain costs ``m``'s Move: none to a model terrain costs nothing
    (:func:`terrain_free`), nor to one that rough terrain alone spares (the catalog's
    ``rough_free``: a Polyp's Float, R:533)."""
    scenario = catalog_of(game).scenario
    return 0 if _spared(game, m, scenario.rough_free) else scenario.rough_penalty


def rough_stops_charge(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether a Charge of ``m`` must keep clear of rough terrain: in the rulebook (R:166),
    for a model whose Moves rough terrain slows; one it costs nothing (a flyer, a Strider, a
    Float) does not go through it (our reading)."""
    return catalog_of(game).scenario.rough_stops_charges and rough_penalty(game, m) > 0


def terrain_free(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether terrain costs ``m``'s Moves nothing: a Ghost (R:116), a Strider or a Tiny,
    which impassable terrain still stops (R:708, R:617), a Hovering or flying model, which
    flies over it (R:860, R:1396, R:663; :func:`route_board`)."""
    return _spared(game, m, ())


def _spared(game: AeonsGame, m: AeonsModel, also: tuple[Ability, ...]) -> bool:
    """Whether ``m`` has an ability of ``also`` or is :func:`terrain_free`: its profile read
    once, the Ghost asked last."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    spares = (*also, *cat.scenario.terrain_free)
    return any(prof.can(a) for a in spares) or is_ghost(game, m)


def _costs(game: AeonsGame, m: AeonsModel, path: Path, allowance: float, detour: str) -> str:
    """Why ``path`` is too long once its terrain is paid for (advanced terrain's)."""
    left = reach_along(game, m, path, allowance)
    return (
        f'no path within {allowance:g}": the terrain on the path costs {allowance - left:g}", '
        f'leaving {left:g}" for a {inches(path.length)} path{detour}'
    )


def reach_along(game: AeonsGame, m: AeonsModel, path: Path, allowance: float) -> float:
    """How far a Move of ``allowance`` may go along ``path``: less the rough terrain's
    penalty if it touches any (rules notes item 50) and the advanced terrain's it touches
    (:func:`.terrain.move_cost`), never below what water leaves (R:256); all of it for a
    model terrain costs nothing (:func:`terrain_free`)."""
    if terrain_free(game, m):
        return allowance
    rough = rough_penalty(game, m) if path.touches_rough else 0
    penalty, keeps = move_cost(game, m, path.points)
    left = allowance - rough - penalty
    return max(left, min(float(keeps), allowance)) if keeps else left


def inches(d: float) -> str:
    """A distance as a refusal states it: to the hundredth, rounded up, so that a distance
    beyond a limit never reads as the limit itself."""
    return f'{math.ceil(d * 100 - 1e-6) / 100:g}"'


def surface_name(game: AeonsGame, level: str | None) -> str:
    """What a model stands on: the ground or a roof."""
    return "the ground" if level is None else f"the {game.board.piece(level).name}"


def in_the_way(
    game: AeonsGame, m: AeonsModel, goal: Point, ignore: tuple[str, ...] = ()
) -> str | None:
    """What first stops ``m`` going straight to ``goal``: a model, a terrain piece or the edge
    of its roof (``None`` if nothing does)."""
    d = math.dist(m.pos, goal)
    if d == 0.0:
        return None
    skip = (m.id, *ignore)
    others = [o for o in models(game) if o.id not in skip and o.level == m.level]
    direction = ((goal[0] - m.x) / d, (goal[1] - m.y) / d)
    bases = [(o.pos, o.radius) for o in others]
    _, stop = ray_move(game.board, m.pos, direction, d, m.radius, bases, m.level, True)
    if stop is None or stop == "edge":
        return None
    kind, _, what = stop.partition(":")
    if kind == "base":
        return others[int(what)].id
    name = game.board.piece(what).name
    return f"the edge of the {name}" if kind == "fall" else f"the {name}"


def newcomer(
    game: AeonsGame, prefix: str, side: int, radius: float, profile: str, name: str
) -> AeonsModel:
    """A model of ``profile`` coming into play, not set down yet, its Wounds whole: its id
    ``prefix`` and the next number free, which ``name`` may hold as ``{n}``."""
    n = 1 + sum(1 for o in game.models if o.id.startswith(prefix))
    wounds = catalog_of(game).profile(profile).wounds
    named = name.format(n=n)
    return AeonsModel(
        f"{prefix}{n}", side, named, -1.0, -1.0, radius, profile=profile, wounds=wounds
    )


def set_down(game: AeonsGame, m: AeonsModel, p: Point) -> None:
    """Place ``m`` at ``p`` as it deploys, on the surface there."""
    m.x, m.y = p
    m.level = game.board.surface_at(p)


def placement_reason(game: AeonsGame, m: AeonsModel, p: Point, level: str | None) -> str | None:
    """Why the base of ``m`` cannot stand at ``p`` on ``level`` (off the table, on another
    base, over its roof's edge, on terrain no model enters), or ``None``."""
    return placement(game).reason(game, m, p, level)


EDGE_STEP = 2.0
"""How far apart along the table edges the spots offered to a player who does not pick one
lie."""


def edge_error(game: AeonsGame, m: AeonsModel, p: Point, who: str, rule: str) -> str | None:
    """Why ``m`` (``who`` to the player), coming into play on a table edge by ``rule``,
    cannot be placed at ``p``, or ``None``: its base must touch an edge, where a base may
    stand."""
    board = game.board
    if not any(board.distance_to_edge(p, m.radius, e) <= CONTACT for e in Edge):
        return f"{who} appears on a table edge: its base must touch one ({rule})"
    return placement_reason(game, m, p, board.surface_at(p))


def edge_spots(game: AeonsGame, m: AeonsModel, who: str, rule: str) -> list[Point]:
    """Spots along the table edges where ``m`` may come into play."""
    board, r = game.board, m.radius
    xs = [r + EDGE_STEP * i for i in range(int((board.width - 2 * r) / EDGE_STEP) + 1)]
    ys = [r + EDGE_STEP * i for i in range(int((board.height - 2 * r) / EDGE_STEP) + 1)]
    found = [(x, y) for x in xs for y in (r, board.height - r)]
    found += [(x, y) for y in ys for x in (r, board.width - r)]
    return [p for p in found if edge_error(game, m, p, who, rule) is None]


def path_toward(
    game: AeonsGame,
    m: AeonsModel,
    goal: Point,
    allowance: float,
    stop: float,
    ignore: tuple[str, ...],
    through_rough: bool = True,
) -> Path | None:
    """The furthest a Move of ``allowance`` gets toward ``goal`` (stopping ``stop`` short):
    over impassable terrain for a model that flies over it, where it ends no Move (taking
    the way round when its flight would end there, :func:`route_board`); never touching
    rough terrain unless ``through_rough`` (a Charge, :func:`rough_stops_charge`)."""
    others = blockers(game, m, ignore)
    for board in (route_board(game, m), game.board):
        clear = reach_toward(board, m.pos, goal, m.radius, others, m.level, allowance, stop, True)
        if clear is not None and move_cost(game, m, clear.points)[0]:
            shorter = max(reach_along(game, m, clear, allowance), 0.0)
            clear = reach_toward(board, m.pos, goal, m.radius, others, m.level, shorter, stop, True)
        found = clear
        if through_rough and (clear is None or not _ends_at(clear, goal, stop)):
            rough = reach_toward(board, m.pos, goal, m.radius, others, m.level, allowance, stop)
            if rough is not None and (rough.touches_rough or move_cost(game, m, rough.points)[0]):
                shorter = max(reach_along(game, m, rough, allowance), 0.0)
                rough = reach_toward(board, m.pos, goal, m.radius, others, m.level, shorter, stop)
            found = _nearer(rough, clear, goal)
        if (
            board is game.board
            or found is None
            or not placement_reason(game, m, found.end, m.level)
        ):
            return found
    return None


def _nearer(rough: Path | None, clear: Path | None, goal: Point) -> Path | None:
    """Of the paths through rough terrain and round it, the one ending nearer ``goal`` (round
    it when as near)."""
    if rough is None:
        return clear
    if clear is None or _remaining(rough, goal) < _remaining(clear, goal) - 1e-9:
        return rough
    return clear


def _remaining(path: Path, goal: Point) -> float:
    end = path.points[-1]
    return math.hypot(goal[0] - end[0], goal[1] - end[1])


def _ends_at(path: Path, goal: Point, stop: float) -> bool:
    return _remaining(path, goal) <= stop + CONTACT


def walk(game: AeonsGame, m: AeonsModel, path: Path, rule: str) -> None:
    """Move ``m`` to the end of ``path`` and log it (a Move goes by :func:`.tokens.travel`,
    which picks up the package on its way)."""
    if path.length <= 0.0:
        return
    m.x, m.y = path.points[-1]
    game.emit(
        "moved", rule, (m.id,), to=[round(m.x, 2), round(m.y, 2)], length=round(path.length, 2)
    )


def base_radius(game: AeonsGame) -> float:
    """The radius of a model's own base, the game's base size (a Mob's template aside)."""
    return mm_to_inches(catalog_of(game).scenario.base_mm) / 2


BESIDE_SPOTS = 24
"""Spots tried around a base for a model brought into play in base contact with it."""


def beside_error(
    game: AeonsGame, m: AeonsModel, come: AeonsModel, p: Point, who: str, rule: str
) -> str | None:
    """Why ``come`` (``who`` to the player), brought into play by ``rule`` in base contact
    with ``m``, cannot be set down at ``p`` (another base, off the table, terrain no model
    enters), or ``None``."""
    if edge_distance(p, come.radius, m.pos, m.radius) > CONTACT:
        return f"{who} is set down in base contact with {m.id} ({rule})"
    return placement_reason(game, come, p, m.level)


def beside_spots(
    game: AeonsGame, m: AeonsModel, come: AeonsModel, who: str, rule: str
) -> list[Point]:
    """Spots around ``m`` where ``come`` may be set down in base contact with it."""
    reach = m.radius + come.radius + CONTACT / 2
    around = ring(m.pos, reach, BESIDE_SPOTS)
    return [p for p in around if beside_error(game, m, come, p, who, rule) is None]


def ring(centre: Point, reach: float, count: int) -> list[Point]:
    """``count`` points ``reach`` from ``centre``, evenly round it from the east, as an Action
    keeps them: the spots a rule offers around a base are checked as they will be played."""
    return [
        kept(
            (
                centre[0] + reach * math.cos(2 * math.pi * k / count),
                centre[1] + reach * math.sin(2 * math.pi * k / count),
            )
        )
        for k in range(count)
    ]
