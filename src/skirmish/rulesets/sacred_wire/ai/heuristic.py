"""A plain heuristic for Sacred Wire squads: scores for the heuristic player.

Attacks are worth their expected damage from the exact odds (:func:`.damage_odds`), more when
they may take the target Out of Action (by damage or a Critical row, the chance the attack menu
shows, :func:`.out_of_action_chance`), less what a Riposte may deal back; on a hostile, half
as much, since only the squads' losses decide the game. Melee models close in on the nearest
model of the other squad; shooters move where they see one without being Engaged. Blessings
are spent (they are lost at the end of the round), but a Reroll only where some face of the die
betters the roll (a roll won is never risked), on the die whose faces give the best chance of
the best result, and a Severance only where it adds damage; Trauma Kits used, other
consumables only on the model's own side, Defense or Riposte chosen by the better expected
exchange. A model searches a Loot Marker in reach unless
a better attack is on offer, and with no enemy close it leans toward a near marker; it
Interrogates a Coworker in reach and leans toward one the same way, but never attacks one
that is not Hostile (that would turn it, I8.1). With a
mission, moves and deployment spots near its scoring points are worth more, the more so late in
the game, and markers and edges are placed and picked by :mod:`.zones`; a marker the side may
work with an Interact (:func:`.interact.work_points`: a package on the ground, M1.1, M12.1,
M13.2; a signal marker to claim, M7.1; the enemy's conduit, M8.1; the terminal, M9.1, M11.1;
the relay, M13.1) pulls only the model of the side nearest it, along the way round the terrain,
which works it before any attack, and a carrier's moves are worth the inches they gain along
the shortest way to its exit edge round the terrain (:mod:`.ways`), an attack half as much to
it; the Terrain pieces go just in front of its own zones (K1.4,
:func:`.terrain.placement_score`). Everything else scores 0, so ties are broken at random.
No move scores above its :func:`points_ceiling`, so the player finds no move at all where an
option scores more.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from skirmish.engine.action import Action
from skirmish.engine.model import STANDING_WRITES
from skirmish.geometry.shapes import Point, edge_distance
from skirmish.odds import Dist
from skirmish.rulesets.sacred_wire.ai import lure
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.attack.odds import damage_odds, out_of_action_chance
from skirmish.rulesets.sacred_wire.attack.resolution import AttackContext
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import points
from skirmish.rulesets.sacred_wire.game.blessings import RerollOffer
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import (
    HOSTILES,
    bystander,
    enemies,
    friends,
    gap,
    point_gap,
    rivals,
    sees,
    side_of,
)
from skirmish.rulesets.sacred_wire.hostiles import arrival, coworkers
from skirmish.rulesets.sacred_wire.missions import (
    assassination,
    deployment,
    interact,
    loot,
    sabotage,
    signal,
    solo,
    terrain,
    zones,
)
from skirmish.rulesets.sacred_wire.squads.roster import ranged_weapons, slug_name

if TYPE_CHECKING:
    from skirmish.engine.decision import PointSpec
    from skirmish.rulesets.sacred_wire.game.state import WireGame
    from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog

SEARCH = 1.4  # above a move or an Aim, below most attacks
INTERROGATE = 1.5  # Evidence, Leads or a Merit at even odds (K2.2)
BYSTANDER = -1.0  # an attack turns a Coworker Hostile and loses what it knows (I8.1)
OTHER_SIDE = -1.0  # a consumable used on a model of another side helps only that side (R3.9)
#: A mission's Interact: taking a package, claiming a marker, a cut, a download, a step, an
#: Examine; no attack short of a target kill is worth more (M1.1, M7.1-M13.2).
TAKE = 10.0
EXIT = 4.0  # a model exited in Breakthrough scores for good (M6.1)
WIN = 100.0  # the carrier takes the package off its edge: the game is won (M1.1, M12.1)
CARRY = 1.0  # each inch a carrier gains along the shortest way out: a full move about an attack
CARRIER_FIGHT = 0.5  # what an attack is worth to a carrier, whose moves carry the game
REDIRECT = TAKE + 0.5  # a Redirect may win The Signal at once: tried before an Examine (M13.1)
SET_BACK = TAKE - 0.5  # a step of the opponent's progress undone: a little less than one's own
QUIET = 6.0  # no enemy this close: a model may go for the loot
TARGET_KILL = 40.0  # taking its Assassination target Out of Action wins the game (M5.1)
HOSTILE = 0.5  # harm done to a hostile is worth half: only the squads' losses decide (K1.2)
HAUL_SEARCH = 4.0  # in a solo game the haul decides: a Search comes before any attack (X1)
HAUL_PULL = 3.0  # ...and every inch toward a Loot Marker counts that much more
TIE = 1e-9  # scores this close to the best tie with it (the player's margin)
SLACK = 1e-6  # a ceiling stands this far above the scores it bounds, whatever their rounding
SIGHT = 0.6  # a shooter's move: each enemy it would see, up to ``SEEN_MOST``
SEEN_MOST = 2
ENGAGED = 1.5  # what a shooter's move loses for ending Engaged (it could not shoot)
REROLL = 0.3  # a Reroll that may better the roll: spent, it is lost at the end of the round
BEST_DIE = 0.05  # ...and a little more on the die with the best chance of the best result
SEVERANCE = "severance"  # the blessing's slug in a bless option
AT_AGGRESSOR = "aggressor-edge"  # the Spawn Location row nearest the Aggressor (K1.3)
MOVES = ("move", "move-again", "jump")  # the kinds weighed by where they end (_move_score)


def score_actions(game: WireGame, candidates: list[Action]) -> list[float]:
    """A score for each candidate answer to the pending decision (higher is better).

    A shooter's move is worth more for each enemy it would see, and sight is dear: it is
    first weighed as if it saw them all (:class:`_Sighting`), and the enemies are looked at
    only while that could make it the best legal candidate. The others keep that bound: those
    below the best can never be chosen, and those that may tie with it are looked at only if
    the player picks one of them (:func:`ties`), so it chooses as if every score were exact.
    """
    weighing = _weighing(game)
    rough = [weighing.rough(action) for action in candidates]
    scores = [r.bound() if isinstance(r, _Sighting) else r for r in rough]
    if not any(isinstance(r, _Sighting) for r in rough):
        return scores
    heap = [(-score, i) for i, score in enumerate(scores)]
    heapq.heapify(heap)
    assert game.decision is not None
    options = set(game.decision.options)
    while heap:
        i = heapq.heappop(heap)[1]
        found = rough[i]
        if isinstance(found, _Sighting) and not found.known:
            found.look(game, weighing)
            scores[i] = found.bound()
            heapq.heappush(heap, (-scores[i], i))
        elif candidates[i] in options or points.takes_point(game, candidates[i]):
            break  # the best legal candidate, weighed exactly
    return scores


def ties(game: WireGame, candidate: Action, best: float) -> bool:
    """Whether ``candidate``, whose score from :func:`score_actions` may tie with ``best``,
    truly does: its enemies are looked at until it is known or falls below. Only a
    shooter's move's score may wait on sight: any other was weighed exactly, so it ties as
    it was found to (an attack's odds, or a melee model's gaps, are not worked out again)."""
    if candidate.kind not in MOVES:
        return True
    weighing = _weighing(game)
    if not weighing.shoots(game.model(candidate.args[0])):
        return True
    found = _score(game, candidate, weighing)
    if not isinstance(found, _Sighting):
        return found >= best - TIE
    while not found.known and found.bound() >= best - TIE:
        found.look(game, weighing)
    return found.bound() >= best - TIE


def points_ceiling(game: WireGame, spec: PointSpec) -> float:
    """A score no rough point of ``spec`` scores above (:func:`_move_score`), known for a model's
    move that leaves by no edge: a shooter's sees at most every rival; a melee model's comes
    no nearer to one than the flat gap between them, less the farthest a point lies
    (:func:`.move_extent`), and ends within 1" of none if that is beyond 1"; a mission's pull
    is at most what it gives that far off (:meth:`.Pull.ceiling`), a lure at most its
    ceiling. Infinity for any other point choice."""
    if spec.kind not in ("move", "move-again"):
        return math.inf
    m = game.model(spec.args[0])
    if zones.exit_edges(game, m):
        return math.inf
    weighing = _weighing(game)
    foes = weighing.rivals(m)
    if not foes:
        return 0.0
    extent = points.move_extent(game, m, spec)
    goals = weighing.goals_ceiling(m, extent)
    if weighing.shoots(m):
        return _sighted_ceiling(len(foes), goals)
    flat = min(edge_distance(m.pos, m.radius, e.pos, e.radius) for e in foes)
    closest = flat - extent
    contact = 1.0 if closest <= 1.0 else 0.0  # ending within 1" of a rival: none is in reach
    return 0.2 + 0.3 * (weighing.nearest(m) - closest) + contact + goals + SLACK


def seeks_contact(game: WireGame, spec: PointSpec) -> bool:
    """Whether the rough points of ``spec`` should hold the spots in contact with a rival
    that only a search among the bases finds (:func:`.rough_points`): not for a shooter's
    move where an option scores above the most such a spot may, Engaged (its
    :func:`_sighted_ceiling` less ``ENGAGED``), for the player never chooses one there."""
    if spec.kind not in ("move", "move-again") or game.decision is None:
        return True
    weighing = _weighing(game)
    m = game.model(spec.args[0])
    foes = weighing.rivals(m)
    if not foes or not weighing.shoots(m) or m.level is not None:
        return True  # up on a piece, a spot's surface is looked up: it may be another level
    goals = weighing.goals_ceiling(m, points.move_extent(game, m, spec))
    most = _sighted_ceiling(len(foes), goals) - ENGAGED
    return all(weighing.score(o) <= most + TIE for o in game.decision.options)


def _sighted_ceiling(foes: int, goals: float) -> float:
    """More than a shooter's move scores with ``foes`` rivals and its goals at most
    ``goals``: as if it saw every one it may count (:class:`_Sighting`)."""
    return 0.2 + SIGHT * min(SEEN_MOST, foes) + goals + SLACK


class _Weighing:
    """What the candidates of one decision share: a stand-in per model, moved from candidate
    to candidate (copying a model costs more than scoring it), each mover's rivals, how
    near the nearest of them stands now and what its mission makes of a spot (the table
    does not change within a decision), and each option's score.

    The player asks about one decision several times (a move's ceiling, the options, the
    options with the points, then whether the best truly tie), so the weighing of the
    decision asked about last is held (:attr:`last`, :func:`_weighing`) for the game (or
    view) and the decision it was found for, until an action is taken, a model added or a
    model's standing written (the count of :data:`.engine.model.STANDING_WRITES` it was
    found at): the rest of what a score reads (Health, conditions, blessings) changes only
    by an action. An option is scored once a decision, where it was scored twice; another
    game, a clone, a save read back or a view (one per decision of a played game) weighs
    anew."""

    last: ClassVar[_Weighing | None] = None

    def __init__(self, game: WireGame) -> None:
        self.game = game
        self.decision = game.decision
        self.acted = len(game.actions)
        self.count = len(game.models)
        self.writes = STANDING_WRITES.count
        self._options: dict[Action, float | _Sighting] = {}
        self.ghosts: dict[str, WireModel] = {}
        self._rivals: dict[str, list[WireModel]] = {}
        self._nearest: dict[str, float] = {}
        self._pulls: dict[str, zones.Pull] = {}
        self._lures: dict[str, tuple[lure.Lure | None, ...]] = {}
        self._shoots: dict[str, bool] = {}

    def holds_for(self, game: WireGame) -> bool:
        """Whether this is still the weighing of ``game``'s pending decision."""
        return (
            self.game is game
            and self.decision is game.decision
            and self.acted == len(game.actions)
            and self.count == len(game.models)
            and self.writes == STANDING_WRITES.count
        )

    def score(self, action: Action) -> float:
        """:meth:`rough` of an option, or any action whose score waits on nothing: exact."""
        found = self.rough(action)
        return found.bound() if isinstance(found, _Sighting) else found

    def rough(self, action: Action) -> float | _Sighting:
        """:func:`_score` of ``action``, an option's (an action with no point) worked out
        once a decision; a shooter's move with none of its enemies looked at yet."""
        if action.point is not None:
            return _score(self.game, action, self)
        found = self._options.get(action)
        if found is None:
            found = self._options[action] = _score(self.game, action, self)
        return found

    def placed(self, m: WireModel, action: Action) -> WireModel:
        """``m`` as it would stand at the action's point."""
        assert action.point is not None
        return self.stand(m, action.point, self.game.board.surface_at(action.point))

    def stand(self, m: WireModel, point: Point, level: str | None) -> WireModel:
        """``m`` as it would stand at ``point`` on ``level``."""
        ghost = self.ghosts.get(m.id)
        if ghost is None:
            ghost = self.ghosts[m.id] = m.copy()
        ghost.move_twin(point, level)
        return ghost

    def rivals(self, m: WireModel) -> list[WireModel]:
        """:func:`rivals` of ``m``."""
        found = self._rivals.get(m.id)
        if found is None:
            found = self._rivals[m.id] = rivals(self.game, m)
        return found

    def pull(self, m: WireModel) -> zones.Pull:
        """:func:`.zones.mission_pull` of ``m``."""
        found = self._pulls.get(m.id)
        if found is None:
            work = interact.work_points(self.game, m)
            found = self._pulls[m.id] = zones.mission_pull(self.game, m, work)
        return found

    def lures(self, m: WireModel) -> tuple[lure.Lure | None, ...]:
        """What ``m`` may close in on (:func:`_goals`): in a solo game the loot, else with
        no rival near the loot and the Coworkers; none with a rival near."""
        found = self._lures.get(m.id)
        if found is None:
            if solo.played(self.game.setup):
                found = (loot.lure(self.game, m, within=math.inf),)
            elif self.nearest(m) > QUIET:
                found = (loot.lure(self.game, m), coworkers.lure(self.game, m))
            else:
                found = ()
            self._lures[m.id] = found
        return found

    def goals_ceiling(self, m: WireModel, extent: float) -> float:
        """More than :func:`_goals` gives ``m`` anywhere within ``extent`` of where it stands:
        a mission's pull at most its :meth:`.Pull.ceiling` there, a lure at most its
        ceiling."""
        lures = self.lures(m)
        pull = self.pull(m).ceiling(m.pos, m.radius, extent)
        if solo.played(self.game.setup):
            return pull + HAUL_PULL * lure.ceiling(lures[0])
        return pull + sum(lure.ceiling(found) for found in lures)

    def shoots(self, m: WireModel) -> bool:
        """Whether ``m`` has a ranged weapon."""
        found = self._shoots.get(m.id)
        if found is None:
            found = self._shoots[m.id] = bool(ranged_weapons(self.game, m))
        return found

    def nearest(self, m: WireModel) -> float:
        """The gap from ``m`` where it stands to its nearest rival (it has some)."""
        found = self._nearest.get(m.id)
        if found is None:
            found = self._nearest[m.id] = min(gap(self.game, m, e) for e in self.rivals(m))
        return found


def _weighing(game: WireGame) -> _Weighing:
    """The :class:`_Weighing` of ``game``'s pending decision."""
    found = _Weighing.last
    if found is None or not found.holds_for(game):
        found = _Weighing.last = _Weighing(game)
    return found


def _score(game: WireGame, action: Action, weighing: _Weighing) -> float | _Sighting:
    kind = action.kind
    try:  # the kinds a decision offers by the dozen first: moves and deployment spots
        if kind in MOVES:
            return _move_score(game, action, weighing)
        if kind == "deploy":
            return _deploy_score(game, action, weighing)
        if kind in ("fight", "shoot"):
            return _attack_score(game, action)
        if kind == "bless":
            return _blessing_score(game, action)
        if kind == "reroll":
            return _reroll_score(game, action)
        if kind == "trauma-kit":
            return 2.0
        if kind in ("defend", "riposte"):
            return _defense_score(game, action)
        if kind == "cast":
            return BYSTANDER if bystander(game.model(action.args[1])) else 1.5
        if kind == "aim":
            return 0.6
        if kind == "use":
            user, target = game.model(action.args[0]), game.model(action.args[2])
            return 1.0 if target is user or target in friends(game, user) else OTHER_SIDE
        if kind == "throw":
            return _throw_score(game, action)
        if kind == "pickup":
            return 0.8
        if kind == "search":
            return HAUL_SEARCH if solo.played(game.setup) else SEARCH
        if kind == "interrogate":
            return INTERROGATE
        if kind == arrival.CHOICE:  # the Defender brings the spawn to the Aggressor (K1.4)
            return 1.0 if action.args[0] == AT_AGGRESSOR else 0.0
        if kind == "interact":
            return _interact_score(game, action)
        if kind == assassination.TARGET:  # the weakest enemy is the quickest to take
            return -float(game.model(action.args[0]).health)
        if kind == sabotage.CONDUIT:
            return sabotage.conduit_score(game, action)
        if kind in zones.MARKER_KINDS:
            return zones.marker_score(game, action)
        if kind == "edge":
            return deployment.edge_score(game, action)
        if kind in deployment.PICKS:
            return deployment.pick_score(game, action)
        if kind == terrain.PLACE:
            return terrain.placement_score(game, action)
        if kind == "drop":
            weapon = catalog_of(game).find_weapon(slug_name(game, action.args[1]))
            return float(weapon.damage.max) if weapon is not None else 0.0
    except (KeyError, ValueError):
        return 0.0
    return 0.0


def _attack_score(game: WireGame, action: Action) -> float:
    d = game.model(action.args[1])
    if bystander(d):
        return BYSTANDER
    ctx, catalog = Attack.of_option(game, action).context(game), catalog_of(game)
    mean = _damage(ctx, catalog)[0]
    kill = _kill(ctx, catalog, d.health)
    worth = 1.0 if d.side < HOSTILES else HOSTILE
    a = game.model(action.args[0])
    side = side_of(a)
    hunted = side < HOSTILES and game.state.targets[side] == d.id
    score = 1.0 + worth * (mean + (TARGET_KILL if hunted else 4.0) * kill)
    carrying = zones.carrier(game) is a and zones.exit_edges(game, a)
    return score * CARRIER_FIGHT if carrying else score


@lru_cache(maxsize=4096)
def _damage(ctx: AttackContext, catalog: Catalog) -> tuple[float, float]:
    """The damage an attack deals on average and the damage it is dealt back on average
    (:func:`.damage_odds`): the same for every attack of one context, so kept per context and
    catalogue, as its plan is."""
    damage, back = damage_odds(ctx, catalog)
    return _mean(damage), _mean(back)


@lru_cache(maxsize=1024)
def _mean(damage: Dist) -> float:
    """The mean of a damage distribution, as a float: many contexts share one distribution
    (:func:`.damage_odds` keeps them per strike), and its exact mean is dear."""
    return float(damage.mean())


@lru_cache(maxsize=4096)
def _kill(ctx: AttackContext, catalog: Catalog, health: int) -> float:
    """The chance the attack takes a target with ``health`` left Out of Action, by its damage
    or by a Critical row that takes it out (R6): the figure the attack menu shows
    (:func:`.out_of_action_chance`)."""
    return float(out_of_action_chance(ctx, catalog, health))


def _blessing_score(game: WireGame, action: Action) -> float:
    """A blessing is lost at the end of the round, so it is spent; but never a Severance that
    adds nothing to the hit (a Double already deals maximum damage, C4.16)."""
    step = game.stack[-1]
    if action.args[1] == SEVERANCE and isinstance(step, Attack) and not step.severance_helps(game):
        return -1.0
    return 0.5


def _reroll_score(game: WireGame, action: Action) -> float:
    """A Reroll is spent only where some face of the die betters the roll, and on the die
    whose faces give the best chance of the best result (:meth:`.RerollChances.chances`)."""
    step = game.stack[-1]
    if not isinstance(step, RerollOffer):
        return REROLL
    chances = {die: step.reroll_chances(game, die).chances() for die in (1, 2)}
    mine = chances[int(action.args[1])]
    if not mine:
        return -1.0
    return REROLL + (BEST_DIE if mine == max(chances.values()) else 0.0)


def _defense_score(game: WireGame, action: Action) -> float:
    attack = game.stack[-1]
    if not isinstance(attack, Attack):
        return 0.0
    step = Attack(
        attack.attacker,
        attack.target,
        attack.weapon,
        attack.kind,
        riposte=slug_name(game, action.args[1]) if action.kind == "riposte" else "",
    )
    mean, back = _damage(step.context(game), catalog_of(game))
    return back - mean


def _interact_score(game: WireGame, action: Action) -> float:
    """A mission's Interact is worth more than any attack but a target's kill; taking the
    package over from a friend nothing, unless the friend Flees and so holds it for nothing
    (M1.1, notes A103)."""
    if len(action.args) > 2:
        return REDIRECT if action.args[2] == signal.REDIRECT else SET_BACK
    holder = zones.holder(game)
    if holder is not None and side_of(holder) == side_of(game.model(action.args[0])):
        return 0.0
    return TAKE


def _move_score(game: WireGame, action: Action, weighing: _Weighing) -> float | _Sighting:
    """Where the move ends, as if it were legal: the player asks the rules only about the
    best (a move's end is its point and the surface there, or the edge it leaves by). A
    shooter's is a :class:`_Sighting`, the enemies it would see not yet looked at."""
    m = game.model(action.args[0])
    assert action.point is not None
    edge = game.board.beyond_edge(action.point)
    if edge is not None:
        if zones.exits(game, m, edge):
            return WIN if zones.carrier(game) is m else EXIT
        return -5.0
    if zones.carrier(game) is m and weighing.pull(m).edges:
        return _carry_score(game, m, weighing.placed(m, action), weighing)
    foes = weighing.rivals(m)
    if not foes:
        return 0.0
    ghost = weighing.placed(m, action)
    nearest = min(gap(game, ghost, e) for e in foes)
    goals = _goals(game, m, ghost, weighing)
    if weighing.shoots(m):
        return _Sighting(m, (ghost.pos, ghost.level), foes, nearest, goals)
    before = weighing.nearest(m)
    return 0.2 + 0.3 * (before - nearest) + (1.0 if nearest <= 1.0 else 0.0) + goals


def _carry_score(game: WireGame, m: WireModel, ghost: WireModel, weighing: _Weighing) -> float:
    """A carrier's move (M1.1, M12.1, M13.2): every inch it gains along the shortest way to
    its exit edge, less for ending within 1" of a rival, which holds it there (leaving costs
    free attacks, C4.5); whom it closes in on counts for nothing, and a move back loses."""
    pull = weighing.pull(m)
    gained = pull.way_out(game, m) - pull.way_out(game, ghost)
    held = any(gap(game, ghost, e) <= 1.0 for e in weighing.rivals(m))
    return CARRY * gained - (ENGAGED if held else 0.0)


class _Sighting:
    """A shooter's move whose worth waits on sight: it sees some of ``foes`` from its end,
    each worth ``SIGHT`` up to ``SEEN_MOST`` of them; less for ending Engaged or far away.
    :meth:`bound` is its score were every enemy not yet looked at seen; :meth:`look` looks
    at the next one, until the score is :attr:`known`."""

    __slots__ = ("end", "foes", "goals", "looked", "m", "nearest", "seen")

    def __init__(
        self,
        m: WireModel,
        end: tuple[Point, str | None],
        foes: list[WireModel],
        nearest: float,
        goals: float,
    ) -> None:
        self.m = m
        self.end = end  # the move's end point and the surface there
        self.foes = foes
        self.nearest = nearest
        self.goals = goals
        self.looked = 0
        self.seen = 0

    @property
    def known(self) -> bool:
        """Whether every enemy that counts has been looked at."""
        return self.seen == SEEN_MOST or self.looked == len(self.foes)

    def look(self, game: WireGame, weighing: _Weighing) -> None:
        """Look at the next enemy from the move's end."""
        if sees(game, weighing.stand(self.m, *self.end), self.foes[self.looked]):
            self.seen += 1
        self.looked += 1

    def bound(self) -> float:
        """The score, counting every enemy not yet looked at as seen (exact once known)."""
        seen = min(SEEN_MOST, self.seen + len(self.foes) - self.looked)
        engaged = self.nearest <= 1.0
        return (
            0.2 + SIGHT * seen - (ENGAGED if engaged else 0.0) - 0.05 * max(0.0, self.nearest - 12)
        ) + self.goals


def _goals(game: WireGame, m: WireModel, ghost: WireModel, weighing: _Weighing) -> float:
    """What a move to ``ghost``'s place does for the game's aims: a mission's points (its
    pull), the loot and the Coworkers when no enemy is near, or in a solo game the loot
    whatever is near (their :class:`.Lure`)."""
    value = weighing.pull(m).value(game, ghost)
    lures = weighing.lures(m)
    if solo.played(game.setup):
        return value + HAUL_PULL * lure.value(lures[0], ghost)
    if lures:
        value += lure.value(lures[0], ghost) + lure.value(lures[1], ghost)
    return value


def _deploy_score(game: WireGame, action: Action, weighing: _Weighing) -> float:
    """With a mission, a deployment spot near its scoring points is worth more; without
    one, every spot is worth nothing (and not looked at)."""
    m = game.model(action.args[0])
    pull = weighing.pull(m)
    if not (pull.edges or pull.targets):
        return 0.0
    return pull.value(game, weighing.placed(m, action))


def _throw_score(game: WireGame, action: Action) -> float:
    m = game.model(action.args[0])
    assert action.point is not None
    level = game.board.surface_at(action.point)
    caught = [e for e in enemies(game, m) if point_gap(game, e, action.point, level) <= 3.0]
    foes = sum(1 for e in caught if not bystander(e))
    own = sum(1 for f in [m, *friends(game, m)] if point_gap(game, f, action.point, level) <= 3.0)
    spared = len(caught) - foes  # bystanders the blast would turn Hostile (I8.1)
    return 1.5 * foes - 2.0 * (own + spared) - 0.01 * math.dist(m.pos, action.point)
