"""A hostile spawn group's activation (I1.1-I1.3): the rules decide it all, and the log says
which table row and which rule chose each move.

When the group's token is drawn its whole group is spent for the round and one d6 is rolled for
it (I1.1). Its models then act one at a time, the nearest to a squad model first (notes A44),
each reading that roll on the column of its own situation, re-judged as it starts (I1.2, notes
A48), on its own faction's table (a summoned Flicker reads the Static Wraiths', I1.3):

* **Attack** (Mob Up: at +1 DT, I3.1): the enemy it has the best chance to hit, computed exactly
  by the attack's own rules, ties to the closest (Engaged: only those it is Engaged with). A
  melee unit out of reach charges with its full Move, then strikes if it arrived; a ranged one
  shoots from where it stands; Engaged, it swings its gun as Improvised Combat (notes A45).
* **Frenzy**: two attacks on Engaged enemies, the second at another when the first is down
  (notes A46).
* **Cover**, **Regroup**, **Flee**, **Patrol**: the moves of notes A47 and I1.3 (Flee stops at
  the edge: hostiles never leave the board).
* **Phase** (I5.1): a teleport of d6" toward a d12 clock face, stopping at the edge, the nearest
  free spot if it lands badly; nothing else that activation (notes A52).
* **Summon** (I4.1, notes A49): a cluster of 3+ hostiles within 1" of one another around the
  summoner brings that many Flickers less 2 into its group, once a round; they act from the next
  round.
* **Wait**: nothing.
* **Cooperate** (Coworkers, I8.1): Interrogations of it roll at +1 DT through the end of the
  next round (notes A94).

A Coworker's token works the same way: marked Hostile, it reads the Attacked table (I8.1).

A hostile that was Hijacked by a player is played by that player for that activation (notes A39);
one that lost its activation loses it (notes A38); a Fleeing one moves for the edge (notes A43).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point
from skirmish.geometry.sight import Body, sight_between, visible_between
from skirmish.rulesets.sacred_wire.attack.combat import Attack, shot_kind
from skirmish.rulesets.sacred_wire.attack.odds import hit_chance
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.actions import DELIRIUM, MoveTo, delirium_move
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.model import ADVANCE, TIER, TimedEffect, WireModel
from skirmish.rulesets.sacred_wire.game.morale import WitsTest
from skirmish.rulesets.sacred_wire.game.movement import (
    SLACK,
    FleeMove,
    landing_spot,
    reach_point,
)
from skirmish.rulesets.sacred_wire.game.space import (
    BODY_HEIGHT,
    COWORKERS,
    ENGAGEMENT_RANGE,
    HOSTILES,
    body,
    bystander,
    clock_direction,
    enemies,
    engaged_with,
    friends,
    gap,
    has_timed,
    in_play,
    others,
    sees,
    side_of,
    squad_models,
)
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.hostiles.arrival import new_group, place_hostile
from skirmish.rulesets.sacred_wire.hostiles.behaviour import (
    GROUP_ROLL,
    Reading,
    patrol_direction,
    phase_roll,
    read,
)
from skirmish.rulesets.sacred_wire.hostiles.coworkers import FACTION
from skirmish.rulesets.sacred_wire.missions import advantages
from skirmish.rulesets.sacred_wire.rolls.contest import LoggedDice
from skirmish.rulesets.sacred_wire.rules_data.catalog import MeleeWeapon, RangedWeapon
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import Faction, Situation
from skirmish.rulesets.sacred_wire.squads.roster import (
    UNARMED,
    Weapon,
    melee_weapons,
    move_allowance,
    profile,
    weapon_reach,
    weapons,
)

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.sacred_wire.game.state import WireGame

ACTIVATION = "I1.1"
ACTIONS = "I1.3"
MOB_UP = "I3.1"
SUMMON = "I4.1"
PHASE = "I5.1"
SUMMON_AT = 3  # the smallest cluster that Summons (I4.1)
CLUSTER = 1.0  # I4.1: friends within 1" of one another make one cluster (notes A49)
SUMMON_REACH = 3.0  # notes A49: Flickers within 3" of the cluster
FLICKERS = ("static-wraiths", "Flicker")
COVER_STEP = 0.5  # inches between the rings of spots a Cover move tries (notes A47)
COVER_ANGLES = 16
COVER_REACHED = 0.05  # a Cover spot is reached by a move that ends this near it (notes A47)
ATTACKS = {"attack": 1, "mob-up": 1, "frenzy": 2}
MOVING = frozenset({"cover", "regroup", "flee", "patrol", "phase"})  # behaviours that move it
COVER = "I1.3, notes A47"  # Cover: from the closest enemy, else away from it
FLEES = "C4.19, notes A43"  # a Fleeing hostile makes for the edge and stops there


def waiting_groups(game: WireGame) -> list[str]:
    """The hostile spawn groups whose token is still in the bag this round, in spawn order,
    then the Coworkers' groups (I1.1, I8.1)."""
    r = game.state.round
    waiting = [m for m in in_play(game) if m.side >= HOSTILES and m.activated_round != r]
    return list(dict.fromkeys(m.group for m in sorted(waiting, key=lambda m: m.side)))


def group_side(game: WireGame, group: str) -> int:
    """The side a group's token activates: the hostiles' or the Coworkers'."""
    return next(m.side for m in game.models if m.group == group)


def situation(game: WireGame, m: WireModel) -> Situation:
    """Engaged within 1" of an enemy, else Has LoS when it sees one, else No LoS (I1.2); a
    bystander Coworker Engages nobody, but reads Engaged with an enemy within 1" (I8.1)."""
    if engaged_with(game, m) or (bystander(m) and _crowded(game, m)):
        return Situation.ENGAGED
    if any(sees(game, m, e) for e in enemies(game, m)):
        return Situation.HAS_LOS
    return Situation.NO_LOS


def _crowded(game: WireGame, m: WireModel) -> bool:
    return any(gap(game, m, e) <= ENGAGEMENT_RANGE for e in enemies(game, m))


def faction(game: WireGame, m: WireModel) -> Faction:
    """The faction whose table a model reads: a hostile or a Coworker its unit's own (I1.3
    cross-faction spawns); a squad model Hijacked by hostiles or Coworkers, or a Coworker by
    hostiles and a hostile by Coworkers, theirs for that activation (R6.7, notes A39)."""
    tables = catalog_of(game).hostiles
    if m.side < HOSTILES or (m.hijacked and m.hijacked_by != m.side):
        return tables.faction(FACTION if m.hijacked_by == COWORKERS else game.state.hostiles)
    return tables.faction(profile(game, m).contract)


@dataclass(slots=True, eq=False)
class GroupActivation(Step):
    """One spawn group's activation (I1.1), or ``members`` played as one (a squad model that
    hostiles Hijacked, notes A39): the roll, then each model in turn. ``stage`` runs
    start, next (the next model begins), act (a Fleeing one retests first, ``retested``; it
    reads the roll and acts), strike (its attacks after any charge), done (it ends);
    ``order`` is the models in turn and ``acting`` the one acting, ``target`` its chosen
    enemy and ``attacks`` the attacks it still makes."""

    rule = ACTIVATION
    group: str
    members: tuple[str, ...] = ()
    stage: str = "start"
    face: int = 0
    order: tuple[str, ...] = ()
    index: int = 0
    acting: str = ""
    target: str = ""
    attacks: int = 0
    retested: bool = False
    advanced: bool = False

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if self.stage == "start":
            self._start(game)
        while not game.is_over:
            steps = self._advance(game)
            if steps is None:
                return []
            if steps:
                return [*steps, self]
        return []

    def _start(self, game: WireGame) -> None:
        st = game.state
        models = [game.model(i) for i in self.members] or [
            m for m in in_play(game) if m.group == self.group
        ]
        for m in models:
            m.activated_round = st.round  # one token activates the whole group (I1.1)
        self.face = game.roll("D6", GROUP_ROLL, ACTIVATION).value
        squads = squad_models(game)
        order = sorted(
            models, key=lambda m: (min((gap(game, m, s) for s in squads), default=0), m.id)
        )
        self.order = tuple(m.id for m in order)
        game.emit("group", ACTIVATION, self.order, group=self.group, face=self.face)
        self.stage = "next"

    def _advance(self, game: WireGame) -> list[Step] | None:
        """One stage of the activation: the steps it sets off ([] to go straight on), or None
        when every model of the group has acted."""
        if self.stage == "next":
            return self._next(game)
        m = game.model(self.acting)
        if m.removed is not None:
            self.stage = "done"
        if self.stage == "act":
            return self._act(game, m)
        if self.stage == "strike":
            return self._strike(game, m)
        m.end_activation()
        game.state.active = ""
        if m.removed is None:
            game.emit("activation-end", ACTIVATION, (m.id,))
        self.stage = "next"
        return []

    def _next(self, game: WireGame) -> list[Step] | None:
        while self.index < len(self.order):
            m = game.model(self.order[self.index])
            self.index += 1
            if not m.on_table:
                continue
            if m.hijacked_next() in game.sides.players:
                # A player controls this activation (R6.7, notes A39): its own activation step.
                return [Activation(m.id)]
            self.acting, self.target, self.attacks = m.id, "", 0
            self.retested = self.advanced = False
            m.start_activation(game.state.round)
            game.state.active = m.id
            game.emit("activation", ACTIVATION, (m.id,), round=game.state.round)
            self.stage = "act"
            return casualties.damage_over_time(game, m)
        return None

    def _act(self, game: WireGame, m: WireModel) -> list[Step]:
        self.stage = "done"
        if m.lose_activation:
            game.emit("activation-lost", m.lose_activation, (m.id,))
            m.lose_activation = ""
            return []
        if m.fleeing and not self.retested:
            # Any Fleeing model retests as its activation starts; a pass, it acts (C4.19, A60).
            self.retested, self.stage = True, "act"
            return [WitsTest(m.id, "flee")]
        if m.fleeing:
            game.emit("hostile-flees", FLEES, (m.id,))
            return [FleeMove(m.id)]
        if not self.advanced and has_timed(m, ADVANCE):
            # Delirium spends its Move toward the nearest enemy first, as a squad model's
            # does: then its roll, with no move left (R6.6, notes A43).
            self.advanced, self.stage = True, "act"
            forced = delirium_move(game, m)
            return [] if forced is None else [forced]
        now = situation(game, m)
        group = faction(game, m)
        reading = read(catalog_of(game).hostiles, group, self.face, now, None, m.marked)
        game.emit(
            "behaviour",
            reading.behaviour.cited,
            (m.id,),
            table=f"{group.name} {reading.table}",
            face=self.face,
            situation=now.heading,
            behaviour=reading.behaviour.name,
        )
        if self.advanced and reading.behaviour.id in MOVING:
            game.emit("holds", DELIRIUM, (m.id,), how="its Move went to Delirium")
            return []
        return BEHAVIOURS[reading.behaviour.id](self, game, m, reading)

    # --- attacks (I1.3, notes A45, A46, §5.3) ------------------------------------------------

    def _attack(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        if reading.behaviour.id == "mob-up":
            n = m.activations
            m.add_timed(TimedEffect(TIER, 1, "attack", n, n, "Mob Up", MOB_UP))
        self.attacks = ATTACKS[reading.behaviour.id]
        chosen = best_target(game, m, reading.situation)
        if chosen is None:
            game.emit("no-target", ACTIONS, (m.id,))
            return []
        self.target = chosen.id
        self.stage = "strike"
        weapon, kind = attack_with(game, m, chosen)
        if self.advanced or _in_reach(game, m, chosen, weapon, kind):
            return []  # in reach, or no move left to charge with (Delirium): it strikes or not
        reach = weapon.range if isinstance(weapon, RangedWeapon) else 0.0
        stop = m.radius + chosen.radius + reach
        return _toward(game, m, chosen.pos, stop, "charge", ignore=(chosen.id,))

    def _strike(self, game: WireGame, m: WireModel) -> list[Step]:
        if self.attacks <= 0:
            self.stage = "done"
            return []
        if m.fleeing:  # made to Flee by its own attack: it attacks no more (C4.19)
            game.emit("stops-acting", FLEES, (m.id,))
            self.stage = "done"
            return []
        e = game.model(self.target)
        if e.removed is not None:
            found = best_target(game, m, situation(game, m))
            if found is None:
                self.stage = "done"
                return []
            e = found
            self.target = e.id
        weapon, kind = attack_with(game, m, e)
        if not _in_reach(game, m, e, weapon, kind):
            game.emit("out-of-reach", ACTIONS, (m.id, e.id))
            self.stage = "done"
            return []
        self.attacks -= 1
        return [Attack(m.id, e.id, weapon.name, kind)]

    # --- moves (I1.3, notes A47) ------------------------------------------------------------

    def _cover(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        foe = _closest(game, m, enemies(game, m))
        if foe is None:
            return []
        shelter = _shelter(game, foe, m.pos, m)
        if shelter is not None:
            # It has what it seeks: it stays, and the log says so, not that it could not move.
            why = f"it is {shelter} {game.label(foe.id)} already (cover)"
            game.emit("move-cancelled", COVER, (m.id, foe.id), why=why)
            return []
        spot = cover_spot(game, m, foe)
        if spot is not None:
            return _toward(game, m, spot, 0.0, "cover")
        away = _away_goal(game, m, foe.pos)
        return _toward(game, m, away, 0.0, "cover")

    def _regroup(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        friend = _closest(game, m, friends(game, m))
        if friend is None:
            return []
        # Within 1" as a move's end, kept to the hundredth, leaves it (SLACK, as a cluster
        # reads it): else it would make a move of a thousandth of an inch to its friend.
        if gap(game, m, friend) <= CLUSTER + SLACK:
            game.emit("regrouped", ACTIONS, (m.id, friend.id))
            return []
        return _toward(game, m, friend.pos, m.radius + friend.radius + CLUSTER, "regroup")

    def _flee(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        return [FleeMove(m.id, table=True)]  # toward the nearest edge, stopping there (I1.3)

    def _patrol(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        seen = [mk.point for mk in game.state.loot if _sees_point(game, m, mk.point)]
        if seen:
            goal = min(seen, key=lambda p: (math.dist(m.pos, p), p))
            return _toward(game, m, goal, m.radius, "patrol")
        clock = patrol_direction(LoggedDice(game, ACTIONS))
        goal = _along(game, m, clock_direction(clock), move_allowance(game, m))
        return _toward(game, m, goal, 0.0, "patrol")

    def _wait(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        return []

    def _cooperate(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        coworkers.cooperate(game, m)
        return []

    # --- the factions' own behaviours -----------------------------------------------------

    def _phase(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        distance, clock = phase_roll(LoggedDice(game, PHASE))
        want = _along(game, m, clock_direction(clock), distance)
        level = game.board.surface_at(want)
        spot = landing_spot(game, m, want, level)
        if spot is None:
            game.emit("phase-blocked", PHASE, (m.id,))
            return []
        steps = casualties.neural_trap(game, m)  # a move of its own, as any other (notes A65)
        if m.removed is not None:
            return steps
        m.x, m.y, m.level = spot[0], spot[1], level
        game.emit("phased", PHASE, (m.id,), to=[round(m.x, 2), round(m.y, 2)], level=level)
        coworkers.crowding(game)
        return steps

    def _summon(self, game: WireGame, m: WireModel, reading: Reading) -> list[Step]:
        st = game.state
        if st.summoned == st.round:
            game.emit("summon-spent", SUMMON, (m.id,))
            return []
        mates = cluster(game, m)
        size = len(mates)
        if size < SUMMON_AT:
            game.emit("summon-short", SUMMON, (m.id,), size=size)
            return []
        st.summoned = st.round
        kind, name = FLICKERS
        flicker = catalog_of(game).hostiles.faction(kind).unit(name)
        reach = SUMMON_REACH + 2 * m.radius
        # A squad model Hijacked by the hostiles has no spawn group to share: its Flickers
        # make one of their own, whose token goes in the bag from next round (I4.1, A39).
        group = m.group if m.side == HOSTILES else new_group(game)
        # Beside the summoner, else beside the first of its cluster with room (notes A49).
        beside = [o.pos for o in mates[1:]]
        for _ in range(size - 2):
            f = place_hostile(game, flicker, group, m.pos, reach, also=beside)
            if f is not None:
                f.activated_round = st.round  # its group's token is spent: next round (A49)
        game.emit("summoned", SUMMON, (m.id,), size=size, flickers=size - 2)
        return []


Behaviour = Callable[[GroupActivation, "WireGame", WireModel, Reading], list[Step]]

BEHAVIOURS: dict[str, Behaviour] = {
    "attack": GroupActivation._attack,
    "mob-up": GroupActivation._attack,
    "frenzy": GroupActivation._attack,
    "cover": GroupActivation._cover,
    "regroup": GroupActivation._regroup,
    "flee": GroupActivation._flee,
    "patrol": GroupActivation._patrol,
    "wait": GroupActivation._wait,
    "cooperate": GroupActivation._cooperate,
    "phase": GroupActivation._phase,
    "summon": GroupActivation._summon,
}
"""What each hostile or Coworker behaviour does in play (I1.3, I8.1, the factions' own rules)."""


# --- choosing the target (I1.3, notes §5.3) -----------------------------------------------------


def attack_with(game: WireGame, m: WireModel, e: WireModel) -> tuple[Weapon, str]:
    """The weapon and kind of attack ``m`` makes on ``e``: a Power weapon as a Power (even
    Engaged), a gun as a shot (Engaged, swung as Improvised Combat, R3.1, notes A45), a melee
    weapon in melee; a Power locked or forgotten by a Fumble leaves it Unarmed (notes A40)."""
    carried = weapons(game, m)
    power = [w for w in carried if isinstance(w, RangedWeapon) and shot_kind(w) == "power"]
    if power and power[0].name not in m.locked:
        return power[0], "power"
    guns = [w for w in carried if isinstance(w, RangedWeapon) and w not in power]
    if guns and not engaged_with(game, m):
        return guns[0], "ranged"
    if power:  # its Power locked or forgotten: it has only its fists (notes A40)
        return catalog_of(game).melee_weapon(UNARMED), "melee"
    return melee_weapons(game, m)[0], "melee"


def _in_reach(game: WireGame, m: WireModel, e: WireModel, weapon: Weapon, kind: str) -> bool:
    """Whether ``m`` can make that attack on ``e`` from where it stands."""
    if not sees(game, m, e):
        return False
    if kind == "melee":
        return isinstance(weapon, MeleeWeapon) and gap(game, m, e) <= weapon_reach(weapon)
    return isinstance(weapon, RangedWeapon) and gap(game, m, e) <= weapon.range


def chance_to_hit(game: WireGame, m: WireModel, e: WireModel) -> Fraction:
    """The exact chance that ``m``'s attack hits ``e`` as the table stands (notes §5.3): the
    attack's own rules, every modifier and re-roll included, Defense assumed (item 8)."""
    weapon, kind = attack_with(game, m, e)
    return hit_chance(Attack(m.id, e.id, weapon.name, kind).context(game), catalog_of(game))


def best_target(game: WireGame, m: WireModel, now: Situation) -> WireModel | None:
    """The enemy ``m`` attacks: Engaged, one it is Engaged with; else one it sees; the best
    chance to hit, ties to the closest, then the first named (I1.3, notes §5.3 item 7). Until
    Round 3 of Hostile focus, a hostile takes an Aggressor model among them if it can (K1.4)."""
    pool = engaged_with(game, m) if now is Situation.ENGAGED else []
    if not pool:
        pool = [e for e in enemies(game, m) if sees(game, m, e)]
    if not pool:
        return None
    focus = advantages.focus(game) if m.side == HOSTILES else None
    pool = [e for e in pool if side_of(e) == focus] or pool
    if len(pool) == 1:
        return pool[0]  # the chance to hit is worked out only to choose
    return min(pool, key=lambda e: (-chance_to_hit(game, m, e), gap(game, m, e), e.id))


# --- where the moves go ---------------------------------------------------------------------------


def _closest(game: WireGame, m: WireModel, models: list[WireModel]) -> WireModel | None:
    return min(models, key=lambda o: (gap(game, m, o), o.id), default=None)


def _toward(
    game: WireGame,
    m: WireModel,
    goal: Point,
    stop: float,
    how: str,
    ignore: tuple[str, ...] = (),
) -> list[Step]:
    """A move of up to its full Move toward ``goal``, ending ``stop``" (centre to point) short
    of it, along the shortest legal path (C4.4); none when it cannot get nearer."""
    end = reach_point(game, m, goal, stop, ignore)
    if end is None:
        game.emit("holds", ACTIONS, (m.id,), how=how)
        return []
    return [MoveTo(m.id, end[0], end[1], how)]


def _along(game: WireGame, m: WireModel, direction: Point, length: float) -> Point:
    """The point ``length``" from ``m`` along the unit ``direction``, or where its base
    reaches the table's edge on the way (a teleport or a walk stops at the edge, I5.1)."""
    board, r = game.board, m.radius
    reach = length
    for p, d, size in ((m.x, direction[0], board.width), (m.y, direction[1], board.height)):
        if d > 1e-12:
            reach = min(reach, (size - r - p) / d)
        elif d < -1e-12:
            reach = min(reach, (p - r) / -d)
    reach = max(0.0, reach)
    return (m.x + direction[0] * reach, m.y + direction[1] * reach)


def _away_goal(game: WireGame, m: WireModel, threat: Point) -> Point:
    """A full Move straight away from ``threat`` (notes A47)."""
    dx, dy = m.x - threat[0], m.y - threat[1]
    norm = math.hypot(dx, dy) or 1.0
    return _along(game, m, (dx / norm, dy / norm), move_allowance(game, m))


def _sees_point(game: WireGame, m: WireModel, p: Point) -> bool:
    """Whether ``m`` sees a marker lying at ``p`` (C4.9)."""
    level = game.board.surface_at(p)
    return visible_between(game.board, body(m), Body(p, 0.1, level, 0.1))


def cover_spot(game: WireGame, m: WireModel, foe: WireModel) -> Point | None:
    """The nearest spot within its Move where ``foe`` does not see it, or sees it in Cover
    (C4.9, C4.13, notes A47), for a model that has neither where it stands: a spot of the
    nearest ring round it that a move reaches (within :data:`COVER_REACHED`). Of a ring's
    spots the nearest, then the least point, is taken: they are tried in that order and the
    first found ends the search, as sight and a way cost most."""
    reach = move_allowance(game, m)
    rings = int(reach / COVER_STEP)
    rest = others(game, m)
    for k in range(1, rings + 1):
        r = k * COVER_STEP
        ring = [
            _along(game, m, (math.cos(angle), math.sin(angle)), r)
            for angle in (math.tau * a / COVER_ANGLES for a in range(COVER_ANGLES))
        ]
        for _, p in sorted((math.dist(m.pos, p), p) for p in ring):
            if room_near(game, m, p, rest) and _shelter(game, foe, p, m) is not None:
                end = reach_point(game, m, p, 0.0, ())
                if end is not None and math.dist(end, p) < COVER_REACHED:
                    return p
    return None


def room_near(
    game: WireGame, m: WireModel, p: Point, rest: list[tuple[Point, float, str | None]]
) -> bool:
    """Whether a move of ``m`` may end within :data:`COVER_REACHED` of ``p``: not when a base
    that much smaller cannot stand at ``p`` on its surface, since every base of ``m`` that
    near would then overlap what that one does (the way a move plans keeps closer to the
    rules' limits than a placement, :mod:`.geometry.clearance`). Asked first, it spares the
    search of a way to a spot in a wall, which goes round everything it may reach."""
    shrunk = m.radius - COVER_REACHED
    return game.board.placement_error(p, shrunk, game.board.surface_at(p), rest) is None


def _shelter(game: WireGame, foe: WireModel, p: Point, m: WireModel) -> str | None:
    """What ``m`` standing at ``p`` has of what a Cover move seeks from ``foe`` (C4.9, C4.13,
    notes A47), in the log's words: out of its sight, in Cover from it, or nothing."""
    seen = sight_between(game.board, body(foe), Body(p, m.radius, m.level, BODY_HEIGHT))
    if not seen.visible:
        return "out of sight of"
    if seen.blocked_fraction > 0.0:
        return "in Cover from"
    return None


def cluster(game: WireGame, m: WireModel) -> list[WireModel]:
    """The hostiles linked to ``m`` by bases within 1" of one another (I4.1, notes A49), as
    a move's limit is held to the hundredth of an inch points are kept to (:data:`SLACK`):
    a spawn's models stand 1" apart so kept (:func:`.arrival.touching`)."""
    mates = [o for o in in_play(game) if o.side == HOSTILES]
    found = [m]
    frontier = [m]
    while frontier:
        here = frontier.pop()
        for o in mates:
            if o not in found and gap(game, here, o) <= CLUSTER + SLACK:
                found.append(o)
                frontier.append(o)
    return found
