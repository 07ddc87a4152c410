"""What the heuristic player weighs as it decides: the attacks a model may make and their worth
in exact odds, the harm every enemy may do to it, and the worth of standing at a spot (L81-L164;
rules notes §1.6, §1.7, §5; house scenarios §4.0).

- A shot is worth the casualty points its hit may score (:mod:`.odds`), its pools taken from the
  rules (:func:`..combat.shooting.guns_pool`, :func:`..combat.shooting.reflex_pool`) at the
  distance the player judges, never at the one measured: a shot is declared before anything is
  measured (L10, L63; :mod:`.estimate`). The target is taken to react as suits it best: Hold
  Nerves, or Dive For Cover at the price of being Toppled (L93-L95, L111). A shot at a model in
  base contact with friends may hit them instead (L122-L124), so it is worth less, or nothing.
  A template is worth its shots at the enemies under it less those at friends, so it is laid
  where it hits most enemies and fewest friends (L575, §7 item 76); a Beam, its shots at the
  enemies on its line less those at friends (L625).
- A Mist Template is worth the enemy shots whose lines it would cross, and a share of those at
  the models under it, whose cover it would be (L723).
- A melee attack is worth what it may deal less what a Fence may deal back, the defender
  choosing Fence or Parry as suits it (L128-L148); a Charge is worth as much times the chance
  that the judged distance is within its Move (L127, §7 item 33), and nothing at a model on
  another level unless it stands at a ladder up or down to it (L80, L149). A Charge goes the
  way the rules take it (:func:`..game.charge.charge_way`): round the pieces as a Move goes,
  cut where its Move runs out, so it ends there and its judged distance is longer by the
  way round.
- An enemy threatens a spot with its best shot or Charge (a Fight, if the spot is in base
  contact), in full when it has still to activate this turn and half when not (it acts again
  only next turn), half again when it is Toppled and must stand up first (L111).
- A spot is worth the best attack the model may make from it (now if it has an Action left,
  else half as much, next turn), less the threat there, less a little for every inch beyond its
  reach from the nearest enemy, plus what the scenario's objectives make it worth: its best
  goal (:mod:`.objectives`), less for every Move short of it, or in The Stolen Blueprints the
  enemy carrier within its Charge (§4.2-§4.4). A carrier's Wounds are worth the Blueprints
  too, which it drops when it falls (§4.3).
- A model Concealed in the Crowd is no target, so one that keeps its token stands under no threat;
  ending an activation near an enemy in the crowd is worth a little for the token it takes, and
  attacking costs a model in the crowd the threat it then stands under (L727-L731). The threat
  weighs more when the club leads in the last turns, less when it does not (the scenario's
  casualty points, §4.0).

One :class:`Outlook` serves one decision of one side, and remembers what it works out, so the
many spots a Move may end at share the pools of the same shots.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple, TypeVar, TypeVarTuple

from skirmish.engine.game import View
from skirmish.geometry.paths import Path
from skirmish.geometry.shapes import Point, edge_distance, point_segment_distance
from skirmish.geometry.sight import Body, Sight
from skirmish.geometry.slides import ray_move
from skirmish.geometry.templates import CircleTemplate
from skirmish.rulesets.wolsung.ai.estimate import misjudged, reach_chance, spread
from skirmish.rulesets.wolsung.ai.objectives import Goal, carried_worth, goals, shortfall
from skirmish.rulesets.wolsung.ai.odds import Stake, blow_harm, counter_harm
from skirmish.rulesets.wolsung.combat.combatant import Combatant, has_keyword
from skirmish.rulesets.wolsung.combat.hits import Damage
from skirmish.rulesets.wolsung.combat.melee import (
    Charge,
    Fight,
    Fighter,
    Reaction,
    Strike,
    attack_pool,
    defence_pool,
    reactions,
    swift_choices,
)
from skirmish.rulesets.wolsung.combat.modifiers import Pool
from skirmish.rulesets.wolsung.combat.opposed import D6, OpposedTest
from skirmish.rulesets.wolsung.combat.shooting import (
    NOBLE,
    Shooter,
    Shot,
    ShotReaction,
    Target,
    can_rencontre,
    guns_pool,
    reflex_pool,
)
from skirmish.rulesets.wolsung.game.activation import TEMPLATE, weapons
from skirmish.rulesets.wolsung.game.area_shots import beam_targets
from skirmish.rulesets.wolsung.game.attacks import fighter, veteran_near
from skirmish.rulesets.wolsung.game.base import common_of, house_of, rules_of, scenario_of
from skirmish.rulesets.wolsung.game.charge import WALK, Way, charge_way
from skirmish.rulesets.wolsung.game.crowd import NEAR, in_crowd
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import allowance, ladder_end
from skirmish.rulesets.wolsung.game.scoring import casualty
from skirmish.rulesets.wolsung.game.shift import is_shift
from skirmish.rulesets.wolsung.game.sight import (
    Bodies,
    bodies,
    body,
    seen_from,
    sees_through_smoke,
)
from skirmish.rulesets.wolsung.game.space import (
    blockers,
    contacts,
    enemies,
    ghost,
    in_contact,
    surface,
)
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame, WolsungState
from skirmish.rulesets.wolsung.game.templates import (
    FIRE_RADIUS,
    MIST,
    MIST_RADIUS,
    mists,
    under,
    under_at,
)
from skirmish.rulesets.wolsung.rules_data.records import RangedWeapon
from skirmish.rulesets.wolsung.table.scoring import worth

__all__ = ["Defence", "Firing", "Outlook", "ShotWorth", "Spot", "damage_base", "here"]

K = TypeVar("K")
V = TypeVar("V")
Ts = TypeVarTuple("Ts")
Defence = tuple[Reaction, bool]
"""A melee defence: the reaction, and whether a Swift defender rolls its Reflex (L377)."""

TOPPLE_WORTH = 0.15
"""What toppling a model is worth: its next Action, or a card of its Hero (L111, L211)."""
LATER = 0.5
"""The weight of a threat from an enemy that has activated this turn: it acts again next turn."""
NEXT_TURN = 0.5
"""The weight of an attack the model can make only next turn."""
SECOND_CHARGE = 0.5
"""The weight of a Charge an enemy makes only after a Move of its own."""
APPROACH = 0.03
"""What each inch beyond the model's reach from the nearest enemy costs."""
CAUTION = 0.7
"""The weight of the threat at a spot, against the attacks it offers."""
CAUTION_AHEAD = 1.2
CAUTION_BEHIND = 0.4
"""The weight of the threat in the last two turns when the club leads, and when it does not."""
WEIGHED_TO = 1.0
"""Judged distances are weighed to the inch (so a decision works out fewer pools)."""
MIST_COVER_SHARE = 0.3
"""The share of a shot's harm the Cover [1] of a Mist Template takes off (L723)."""
STRIP = 0.2
"""What an enemy's Crowd Token taken by ending an activation near it is worth (L730): it may
be shot and attacked from then on."""
OBJECTIVE = 2.0
"""The weight of a scenario's victory points at a spot, against the casualty points of the
attacks it offers: in S2-S4 those only break a tie (§4.0). Tuned against the random player
on root seeds 1-3 (1.0, 2.0 and 3.0 tried)."""
CLOSING = 0.5
"""What is left of a goal's worth for each Move a spot falls short of it."""
STOP = 0.5
"""The share of the Blueprints' worth in reaching the enemy carrier with a Charge (§4.3)."""


class Spot(NamedTuple):
    """Where a model stands or might: a point and the surface (``None``: the ground). A named
    tuple, as :class:`Firing`: a decision makes and hashes them by the hundred thousand, and
    a frozen dataclass costs several times as much."""

    point: Point
    level: str | None = None


def here(m: WolsungModel) -> Spot:
    """Where ``m`` stands."""
    return Spot(m.pos, m.level)


@dataclass(frozen=True, slots=True)
class ShotWorth:
    """A shot's expected worth to the shooter for each reaction of its target: Hold Nerves,
    Dive For Cover (before the price of being Toppled), and Rencontre (``None``: not open to
    it) (L93-L95, L513)."""

    hold: float
    dive: float
    rencontre: float | None = None

    def least(self, topple: float) -> float:
        """The worth left when the target reacts as suits it best, Diving For Cover costing it
        ``topple``."""
        answers = [self.hold, self.dive + topple]
        return min(answers if self.rencontre is None else [*answers, self.rencontre])


class Firing(NamedTuple):
    """How a shot comes in its activation: after a Move or Charge (Move Penalty, L226), after a
    Quick Move in its own Action (L228), its place in a Fast shot Action (L230), and whether it
    is the activation's first shot (L451)."""

    moved: bool = False
    quick: bool = False
    shot: int = 1
    first_shot: bool = True


def damage_base(damage: Damage | None) -> int | None:
    """A hit's Wounds before its critical hits: Strength less Armour, unclamped; ``None`` when
    the hit does nothing (no hit, or the target is immune)."""
    if damage is None or damage.immune is not None:
        return None
    return sum(t.amount for t in damage.strength) - sum(t.amount for t in damage.armour)


def _remember(store: dict[K, V], key: K, make: Callable[[*Ts], V], *args: *Ts) -> V:
    """``store[key]``, made by ``make(*args)`` the first time it is asked for: what a decision
    works out once. Asked some 300,000 times a game, so no closure is made for it."""
    if key not in store:
        store[key] = make(*args)
    return store[key]


def _fighter_key(f: Fighter) -> tuple[object, ...]:
    return (f.model.name, f.toppled, f.height, f.enemies_in_contact)


class Outlook:
    """The table as ``side`` weighs it for one decision, from its ``view``: the cards it cannot
    see are ``unseen``, one pool wherever they lie."""

    def __init__(self, view: View[WolsungModel, WolsungState], side: int) -> None:
        self.game: WolsungGame = view
        self.side, self.unseen = side, view.unseen
        self.rules = house_of(view)
        self.caution = _caution(view, side)
        self._members = rules_of(view).members(view.setup)
        self._guns: dict[str, list[RangedWeapon]] = {}
        self._current: dict[str, Combatant] = {}
        self._moves: dict[str, float] = {}
        self._fighters: dict[str, Fighter] = {}
        self._engaged: dict[str, list[WolsungModel]] = {}
        self._stakes: dict[str, Stake] = {}
        self._judged: dict[tuple[str, Spot, str], float] = {}
        self._bases: dict[tuple[str, str, str], int | None] = {}
        self._shots: dict[tuple[object, ...], ShotWorth] = {}
        self._blows: dict[tuple[object, ...], dict[Defence, float]] = {}
        self._spots: dict[tuple[object, ...], float] = {}
        self._sights: dict[tuple[object, ...], Sight] = {}
        self._enemies: dict[str, list[WolsungModel]] = {}
        self._charges: dict[tuple[object, ...], float] = {}
        self._goals: dict[str, list[Goal]] = {}
        self._ways: dict[tuple[str, str], Way] = {}
        self._bodies: Bodies | None = None

    # -- the models, read once a decision ------------------------------------------------------

    def combatant(self, m: WolsungModel) -> Combatant:
        """``m``'s fighting profile."""
        return self._members[m.id].fighter

    def current(self, m: WolsungModel) -> Combatant:
        """``m``'s fighting profile with the effects on it now (:func:`..game.effects.current`)."""
        return _remember(self._current, m.id, current, self.game, m)

    def veteran_near(self, m: WolsungModel) -> bool:
        """Whether ``m``, a Noble, has another friend with Military Experience within 3", who
        gives it +1 Guns where it stands (L477)."""
        return self.combatant(m).has(NOBLE) and veteran_near(self.game, m)

    def guns(self, m: WolsungModel) -> list[RangedWeapon]:
        """The ranged weapons ``m`` may fire."""
        return _remember(self._guns, m.id, weapons, self.game, m)

    def move(self, m: WolsungModel) -> float:
        """How far a Move or Charge takes ``m``."""
        return _remember(self._moves, m.id, allowance, self.game, m)

    def fighter(self, m: WolsungModel) -> Fighter:
        """``m`` as a melee sees it where it stands."""
        return _remember(self._fighters, m.id, fighter, self.game, m)

    def engaged(self, m: WolsungModel) -> list[WolsungModel]:
        """The enemies in base contact with ``m`` (L126)."""
        return _remember(self._engaged, m.id, contacts, self.game, m)

    def stake(self, m: WolsungModel) -> Stake:
        """What ``m``'s Wounds are worth (§4.0, L236)."""
        hard = self.combatant(m).has("hard_to_kill")
        return _remember(self._stakes, m.id, lambda: Stake(_worth(self.game, m), m.wounds, hard))

    def goals(self, m: WolsungModel) -> list[Goal]:
        """The scenario's goals of ``m`` (:mod:`.objectives`)."""
        return _remember(self._goals, m.id, goals, self.game, m)

    # -- the table as judged -------------------------------------------------------------------

    def judge(self, m: WolsungModel, at: Spot, other: WolsungModel) -> float:
        """The distance from ``m`` standing ``at`` to ``other``, as judged (:mod:`.estimate`)."""
        return _remember(self._judged, (m.id, at, other.id), self._judge, m, at, other)

    def _judge(self, m: WolsungModel, at: Spot, other: WolsungModel) -> float:
        board = self.game.board
        flat = max(edge_distance(at.point, m.radius, other.pos, other.radius), 0.0)
        rise = board.surface_height(other.level) - board.surface_height(at.level)
        return misjudged(math.hypot(flat, rise), self.side, m.id, other.id, self.game.state.turn)

    def sight(
        self,
        m: WolsungModel,
        at: Spot,
        other: WolsungModel,
        looking: bool,
        through: tuple[str, ...] = (),
    ) -> Sight:
        """What ``m`` standing ``at`` sees of ``other`` (``looking``), or ``other`` of it; the
        models ``through`` hide nothing (a Beam's line, L625). A decision asks a third of these
        twice (a spot's threats and its best attack)."""
        key = (m.id, at, other.id, looking, through)
        return _remember(self._sights, key, self._sight, m, at, other, looking, through)

    def _sight(
        self,
        m: WolsungModel,
        at: Spot,
        other: WolsungModel,
        looking: bool,
        through: tuple[str, ...],
    ) -> Sight:
        mine = Body(at.point, m.radius, at.level, m.height)
        theirs, aside = body(other), (m.id, other.id, *through)
        game = self.game
        if self._bodies is None:
            self._bodies = bodies(game)
        everyone = self._bodies
        return (
            seen_from(game, mine, theirs, aside, sees_through_smoke(game, m), everyone)
            if looking
            else seen_from(game, theirs, mine, aside, sees_through_smoke(game, other), everyone)
        )

    def misted(self, m: WolsungModel, at: Spot) -> bool:
        """Whether ``m`` standing ``at`` is under a Mist Template, in its cover (L723)."""
        return any(under_at(t, at.point, m.radius, at.level) for t in mists(self.game))

    def enemies(self, m: WolsungModel) -> list[WolsungModel]:
        """``m``'s enemies on the table."""
        return _remember(self._enemies, m.id, enemies, self.game, m)

    def targets(self, m: WolsungModel) -> list[WolsungModel]:
        """The enemies ``m`` may shoot at or attack: none Concealed in the Crowd (L731)."""
        return [e for e in self.enemies(m) if not in_crowd(self.game, e)]

    def concealed(self, m: WolsungModel, at: Spot) -> bool:
        """Whether ``m``, ending its activation ``at``, keeps a Crowd Token: it holds one and
        no enemy is judged within 3" (L729)."""
        if not in_crowd(self.game, m):
            return False
        return all(self.judge(m, at, e) > NEAR for e in self.enemies(m))

    def unmasking(self, m: WolsungModel, at: Spot) -> float:
        """What attacking costs ``m`` standing ``at``: with its Crowd Token lost (L728), the
        harm the enemy may do to it there."""
        if not self.concealed(m, at):
            return 0.0
        return self.caution * self.exposure(m, at, unmasked=True)

    def _strips(self, m: WolsungModel, at: Spot) -> int:
        """How many enemies lose their Crowd Tokens when ``m`` ends its activation ``at``:
        those judged within 3" (L730)."""
        return sum(
            1 for e in self.enemies(m) if in_crowd(self.game, e) and self.judge(m, at, e) <= NEAR
        )

    # -- shooting ------------------------------------------------------------------------------

    def shot_harms(
        self,
        shooter: WolsungModel,
        weapon: RangedWeapon,
        target: WolsungModel,
        judged: float,
        rise: float,
        hidden: float,
        firing: Firing,
        misted: bool = False,
    ) -> ShotWorth:
        """The expected worth of a shot to the shooter for each reaction of the target, over
        the distances ``judged`` allows (L88-L121, L513); ``misted``: the target is under a
        Mist Template (L723)."""
        worths = [
            self._shot_at(
                shooter,
                weapon,
                target,
                round(d / WEIGHED_TO) * WEIGHED_TO,
                rise,
                hidden,
                firing,
                misted,
            )
            for d in spread(judged)
        ]
        answered = [w.rencontre for w in worths if w.rencontre is not None]
        return ShotWorth(
            sum(w.hold for w in worths) / len(worths),
            sum(w.dive for w in worths) / len(worths),
            sum(answered) / len(answered) if answered else None,
        )

    def _shot_at(
        self,
        shooter: WolsungModel,
        weapon: RangedWeapon,
        target: WolsungModel,
        distance: float,
        rise: float,
        hidden: float,
        firing: Firing,
        misted: bool,
    ) -> ShotWorth:
        key = (shooter.id, weapon.id, target.id, distance, rise, hidden, firing, misted)
        return _remember(
            self._shots,
            key,
            self._work_shot,
            shooter,
            weapon,
            target,
            distance,
            rise,
            hidden,
            firing,
            misted,
        )

    def _work_shot(
        self,
        shooter: WolsungModel,
        weapon: RangedWeapon,
        target: WolsungModel,
        distance: float,
        rise: float,
        hidden: float,
        firing: Firing,
        misted: bool,
    ) -> ShotWorth:
        band = weapon.band_at(distance)
        if band is None:
            return ShotWorth(0.0, 0.0)  # beyond the last band: an automatic miss (L107)
        gun = Shooter(
            self.combatant(shooter),
            weapon,
            moved=firing.moved,
            quick_move=firing.quick,
            shot=firing.shot,
            first_shot=firing.first_shot,
            veteran_near=self.veteran_near(shooter),
        )
        base = self.shot_base(shooter, weapon, target)
        stake, aimed = self.stake(target), self.combatant(target)
        held = Target(
            aimed,
            distance,
            rise,
            hidden,
            target.toppled,
            ShotReaction.HOLD_NERVES,
            misted=misted,
            veteran_near=self.veteran_near(target),
        )
        dived = replace(held, reaction=ShotReaction.DIVE_FOR_COVER)
        guns = guns_pool(gun, held, band).dice

        def harm(answer: Target) -> float:
            pool = reflex_pool(gun, answer).dice
            return 0.0 if base is None else blow_harm(guns, pool, base, stake)

        if not can_rencontre(aimed):
            return ShotWorth(harm(held), harm(dived))
        answered = replace(held, rencontre=True)
        turned = self._turned(shooter, target, guns, reflex_pool(gun, answered).dice)
        return ShotWorth(harm(held), harm(dived), harm(answered) - turned)

    def _turned(self, shooter: WolsungModel, target: WolsungModel, guns: int, pool: int) -> float:
        """The expected worth of a Rencontre's blow back on the shooter, ``guns`` dice against
        the target's ``pool`` of Guns: its first ranged weapon, the surplus successes as
        critical hits (L513, §7 item 69)."""
        back = self.shot_base(target, self.combatant(target).ranged[0], shooter)
        return 0.0 if back is None else counter_harm(guns, pool, back, self.stake(shooter))

    def shot_base(
        self, shooter: WolsungModel, weapon: RangedWeapon, target: WolsungModel
    ) -> int | None:
        """The Wounds before critical hits of a hit of ``shooter``'s ``weapon`` on ``target``
        (L119-L121), ``None`` if it can deal none."""
        key = (shooter.id, weapon.id, target.id)
        return _remember(self._bases, key, self._shot_base, shooter, weapon, target)

    def _shot_base(
        self, shooter: WolsungModel, weapon: RangedWeapon, target: WolsungModel
    ) -> int | None:
        gun = Shooter(self.combatant(shooter), weapon)
        aim, none = Target(self.combatant(target), 0.0), Pool(())
        hit = OpposedTest((), ())  # a hit with no critical hits
        return damage_base(Shot(gun, aim, none, none, None, hit, self.rules).damage)

    def beam_value(
        self,
        shooter: WolsungModel,
        weapon: RangedWeapon,
        aim: Point,
        firing: Firing,
        relays: tuple[str, ...] = (),
    ) -> float:
        """What the Beam of ``shooter`` through ``aim``, relayed by the Mirrors ``relays``, is
        worth: its shots at the enemies on its legs, less those at friends (L625, L637)."""
        line = beam_targets(self.game, shooter, aim, relays)
        through = tuple(o.id for o, _ in line)
        stay = here(shooter)
        return sum(
            self._harm(shooter, stay, weapon, o, firing, through, viewer)
            * (1 if o.side != shooter.side else -1)
            for o, viewer in line
        )

    def topple_worth(self, m: WolsungModel) -> float:
        """What toppling ``m`` is worth to its enemies (nothing if it is Toppled already)."""
        return 0.0 if m.toppled else TOPPLE_WORTH

    def shot_value(
        self,
        shooter: WolsungModel,
        at: Spot,
        weapon: RangedWeapon,
        target: WolsungModel,
        firing: Firing,
    ) -> float:
        """What a shot of ``shooter`` standing ``at`` at ``target`` is worth, the target
        reacting as suits it (L93-L95); a shot into a melee with friends is worth less; a
        template's, the worth of its shot at every model under it (:meth:`template_value`); a
        Shift's, nothing, as it deals no damage (L579)."""
        if is_shift(weapon) or not self.sight(shooter, at, target, looking=True).visible:
            return 0.0
        if has_keyword(weapon.traits, TEMPLATE):
            return self.template_value(shooter, at, weapon, target, firing)
        worth = self._harm(shooter, at, weapon, target, firing)
        return worth * self._melee_share(shooter, target)

    def _harm(
        self,
        shooter: WolsungModel,
        at: Spot,
        weapon: RangedWeapon,
        target: WolsungModel,
        firing: Firing,
        through: tuple[str, ...] = (),
        viewer: WolsungModel | None = None,
    ) -> float:
        """What one shot's hit on ``target`` may take, the target reacting as suits it; the
        models ``through`` hide nothing of it, seen by the shooter or the Mirror ``viewer``
        relaying its Beam (L637)."""
        eye, spot = (shooter, at) if viewer is None else (viewer, here(viewer))
        seen = self.sight(eye, spot, target, looking=True, through=(shooter.id, *through))
        board = self.game.board
        rise = surface(self.game, target) - board.surface_height(at.level)
        judged = self.judge(shooter, at, target)
        misted = self.misted(target, here(target))
        worth = self.shot_harms(
            shooter, weapon, target, judged, rise, seen.blocked_fraction, firing, misted
        )
        return worth.least(self.topple_worth(target))

    def template_value(
        self,
        shooter: WolsungModel,
        at: Spot,
        weapon: RangedWeapon,
        target: WolsungModel,
        firing: Firing,
    ) -> float:
        """What a template laid over ``target`` is worth: the shots at the enemies under it,
        less those at friends, times the chance that its farthest point is judged within the
        weapon's range (L575, §7 item 76)."""
        farthest = self.judge(shooter, at, target) + target.radius + FIRE_RADIUS
        chance = reach_chance(farthest, weapon.bands[-1].max)
        if chance <= 0.0:
            return 0.0
        lying = CircleTemplate(target.pos, FIRE_RADIUS)
        under = [
            o
            for o in self.game.models
            if o.on_table
            and o.id != shooter.id
            and o.level == target.level
            and lying.covers(o.pos, o.radius) is not None
        ]
        worth = sum(
            self._harm(shooter, at, weapon, o, firing) * (1 if o.side != shooter.side else -1)
            for o in under
        )
        return chance * worth

    def _melee_share(self, shooter: WolsungModel, target: WolsungModel) -> float:
        """The share of a shot's worth left when ``target`` is in base contact with friends of
        the shooter: any model of that melee may be hit (L123): the target's share less the
        friends'. The shooter itself, firing free in a melee (L818), rolls no Reflex."""
        friends = sum(
            1 for o in self.engaged(target) if o.side == shooter.side and o.id != shooter.id
        )
        return (1 - friends) / (1 + friends)

    # -- melee ---------------------------------------------------------------------------------

    def blows(
        self, attacker: WolsungModel, defender: WolsungModel, fight: Fight
    ) -> dict[Defence, float]:
        """What one melee attack is worth to the attacker for each defence open to the
        defender, a reaction rolled with Fight or, Swift, Reflex: what it may deal, less what a
        Fence may deal back (L128-L148, L377)."""
        key = (
            attacker.id,
            defender.id,
            _fighter_key(fight.attacker),
            _fighter_key(fight.defender),
            tuple(map(_fighter_key, fight.support)),
            tuple(map(_fighter_key, fight.defender_support)),
            fight.charge,
        )
        return _remember(self._blows, key, self._work_blows, attacker, defender, fight)

    def _work_blows(
        self, attacker: WolsungModel, defender: WolsungModel, fight: Fight
    ) -> dict[Defence, float]:
        worth: dict[Defence, float] = {}
        dealt, taken = self.stake(defender), self.stake(attacker)
        for reaction in reactions(fight.attacker, fight.defender):
            hit, back = self.blow_bases(fight, reaction)
            for swift in swift_choices(fight.defender):
                met = replace(fight, reaction=reaction, with_reflex=swift)
                attack, defence = attack_pool(met).dice, defence_pool(met, self.rules).dice
                worth[reaction, swift] = (
                    0.0 if hit is None else blow_harm(attack, defence, hit, dealt)
                ) - (0.0 if back is None else counter_harm(attack, defence, back, taken))
        return worth

    def blow_bases(self, fight: Fight, reaction: Reaction) -> tuple[int | None, int | None]:
        """The Wounds before critical hits of the attacker's hit and of a Fence's blow back
        (``None``: none can land) when the defender reacts with ``reaction`` (L139-L147)."""
        met = replace(fight, reaction=reaction)
        attack, defence = attack_pool(met), defence_pool(met, self.rules)
        hit = Strike(met, attack, defence, OpposedTest((), ()), self.rules)
        back = Strike(met, attack, defence, OpposedTest((), (D6,)), self.rules)
        return damage_base(hit.damage), damage_base(back.damage)

    def melee_value(self, attacker: WolsungModel, defender: WolsungModel, fight: Fight) -> float:
        """What a melee attack is worth to the attacker, the defender reacting as suits it."""
        return min(self.blows(attacker, defender, fight).values())

    def current_fight(
        self, attacker: WolsungModel, defender: WolsungModel, charge: Charge | None = None
    ) -> Fight:
        """A melee attack of ``attacker`` on ``defender`` in base contact, as they stand."""
        return Fight(
            self.fighter(attacker),
            self.fighter(defender),
            support=self._support(attacker, defender),
            defender_support=self._support(defender, attacker),
            charge=charge,
        )

    def _support(self, m: WolsungModel, foe: WolsungModel) -> tuple[Fighter, ...]:
        """``m``'s friends in base contact with ``foe``, who support it (L157)."""
        game = self.game
        return tuple(
            self.fighter(o)
            for o in game.models
            if o.on_table and o.side == m.side and o.id != m.id and in_contact(game, o, foe)
        )

    def charge_worth(
        self, attacker: WolsungModel, start: Spot, defender: WolsungModel, at: Spot
    ) -> float:
        """:meth:`melee_value` of :meth:`charge_fight`, which hangs on the two models, the
        levels they stand on and whether the defender stands where it is: kept by those, as a
        decision asks it of every spot a Move may end at."""
        key = (attacker.id, start.level, defender.id, at.level, here(defender) == at)
        return _remember(self._charges, key, self._charge_worth, attacker, start, defender, at)

    def _charge_worth(
        self, attacker: WolsungModel, start: Spot, defender: WolsungModel, at: Spot
    ) -> float:
        fight = self.charge_fight(attacker, start, defender, at)
        return self.melee_value(attacker, defender, fight)

    def charge_fight(
        self, attacker: WolsungModel, start: Spot, defender: WolsungModel, at: Spot
    ) -> Fight:
        """The attack of a Charge of ``attacker`` from ``start`` at ``defender`` standing ``at``:
        the charger ends on the defender's surface, each in melee with the other (L127, L154);
        the charger's friends already in contact with the defender support it (L157)."""
        board = self.game.board
        height = board.surface_height(at.level)
        standing = here(defender) == at
        joined = len(self.engaged(defender)) + 1 if standing else 1
        return Fight(
            Fighter(self.combatant(attacker), attacker.toppled, height, 1),
            Fighter(self.combatant(defender), defender.toppled, height, joined),
            support=self._support(attacker, defender) if standing else (),
            charge=Charge(board.surface_height(start.level)),
        )

    def charge_way(self, m: WolsungModel, foe: WolsungModel) -> Way:
        """How a Charge of ``m`` at ``foe`` is judged to go. One that may reach goes the way
        the rules take it: round the pieces as a Move goes, cut where its Move runs out, or
        up a ladder, a climb or a jump (L127, L149, §7 item 33; :func:`..game.charge.charge_way`).
        One judged beyond its reach attacks nothing and is a Move toward ``foe``: judged as
        the straight slide a Move makes toward it, stopping at what stands in the way, never
        inside a building (the rules' search costs a millisecond or more, and a decision asks
        it of every enemy)."""
        return _remember(self._ways, (m.id, foe.id), self._charge_way, m, foe)

    def _charge_way(self, m: WolsungModel, foe: WolsungModel) -> Way:
        if reach_chance(self.judge(m, here(m), foe), self.move(m)) > 0.0:
            return charge_way(self.game, m, foe, m.heroic)
        game = self.game
        apart = math.dist(m.pos, foe.pos)
        end = m.pos
        if apart > 0.0:  # else ``foe`` stands right above or below: no way leads toward it
            heading = ((foe.x - m.x) / apart, (foe.y - m.y) / apart)
            go = min(self.move(m), apart - m.radius - foe.radius)
            others = blockers(game, m, ignore=foe.id)
            end, _ = ray_move(
                game.board, m.pos, heading, go, m.radius, others, m.level, stay_on_roof=True
            )
        return Way(WALK, end, m.level, Path((m.pos, end), math.dist(m.pos, end), False))

    def charge_end(self, m: WolsungModel, foe: WolsungModel) -> Spot:
        """Where a Charge of ``m`` at ``foe`` ends: at the end of its way (:meth:`charge_way`)."""
        way = self.charge_way(m, foe)
        return Spot(way.end, way.level)

    def detour(self, m: WolsungModel, foe: WolsungModel) -> float:
        """How many times longer than the straight line to ``foe`` a Charge of ``m`` walks
        round the pieces: its walk, and the gap left at its end (1 for a way up or down)."""
        way = self.charge_way(m, foe)
        straight = edge_distance(m.pos, m.radius, foe.pos, foe.radius)
        if way.path is None or straight <= 0.0:
            return 1.0
        left = max(edge_distance(way.end, m.radius, foe.pos, foe.radius), 0.0)
        return max(1.0, (way.path.length + left) / straight)

    def fight_value(self, m: WolsungModel, foe: WolsungModel) -> float:
        """What a Fight of ``m`` against ``foe``, in base contact, is worth to ``m``."""
        return self.melee_value(m, foe, self.current_fight(m, foe))

    def climbs_to(self, m: WolsungModel, at: Spot, level: str | None) -> bool:
        """Whether a Charge of ``m`` standing ``at`` may reach ``level``: its own, or the other
        end of a ladder it stands at (L80, L149)."""
        if at.level == level:
            return True
        there = ghost(m, at.point, at.level)
        ends = (ladder_end(there, ladder) for ladder in self.game.board.ladders)
        return any(end is not None and end[1] == level for end in ends)

    def charge_value(
        self, m: WolsungModel, at: Spot, foe: WolsungModel, detour: float = 1.0
    ) -> float:
        """What a Charge of ``m`` standing ``at`` at ``foe`` is worth: its attack, times the
        chance that the judged distance, ``detour`` times longer for a way round the pieces,
        is within its Move (L127), if its Move may take it to ``foe``'s level."""
        if not self.climbs_to(m, at, foe.level):
            return 0.0
        reach = reach_chance(detour * self.judge(m, at, foe), self.move(m))
        if reach <= 0.0:
            return 0.0
        return reach * self.charge_worth(m, at, foe, here(foe))

    # -- attacks and threats -------------------------------------------------------------------

    def best_attack(self, m: WolsungModel, at: Spot, firing: Firing) -> float:
        """The worth of the best attack ``m`` standing ``at`` may make with one Action: a Fight
        when in melee there (L126), else a Charge or a shot; never below nothing."""
        if at == here(m) and self.engaged(m):
            return max(0.0, *(self.fight_value(m, e) for e in self.engaged(m)))
        guns = self.guns(m)
        best = 0.0
        for e in self.targets(m):
            best = max(best, self.charge_value(m, at, e))
            for w in guns:
                best = max(best, self.shot_value(m, at, w, e, firing))
        return best

    def threat(self, foe: WolsungModel, m: WolsungModel, at: Spot) -> float:
        """The harm ``foe`` may do to ``m`` standing ``at`` before ``m`` acts again."""
        game = self.game
        weight = (LATER if foe.activated else 1.0) * (0.5 if foe.toppled else 1.0)
        actions = self.combatant(foe).profile.A
        if at == here(m) and in_contact(game, foe, m):
            return weight * actions * max(0.0, self.fight_value(foe, m))
        if self.engaged(foe):
            return 0.0  # in melee it may only Fight or Move out (L126)
        judged = self.judge(m, at, foe)
        return weight * max(
            self._shot_threat(foe, m, at, judged, actions), self._charge_threat(foe, m, at, judged)
        )

    def shot_threat(self, foe: WolsungModel, m: WolsungModel, at: Spot) -> float:
        """The harm ``foe``'s shots may do to ``m`` standing ``at`` before ``m`` acts again."""
        if self.engaged(foe):
            return 0.0
        weight = (LATER if foe.activated else 1.0) * (0.5 if foe.toppled else 1.0)
        actions = self.combatant(foe).profile.A
        return weight * self._shot_threat(foe, m, at, self.judge(m, at, foe), actions)

    def mist_value(self, side: int, centre: Point, level: str | None) -> float:
        """What a Mist Template laid at ``centre`` is worth to the club of ``side``: the enemy
        shots at its models whose lines it would cross, and a share of those at the models
        under it, which it would give Cover [1] (L723)."""
        mist = Template("", MIST, *centre, MIST_RADIUS, level, side)
        worth = 0.0
        for f in (o for o in self.game.models if o.on_table and o.side == side):
            covered = under(mist, f) is not None
            for e in self.enemies(f):
                if under(mist, e) is not None:
                    continue
                crossed = point_segment_distance(centre, e.pos, f.pos) <= MIST_RADIUS
                if covered or crossed:
                    share = MIST_COVER_SHARE if covered else 1.0
                    worth += share * self.shot_threat(e, f, here(f))
        return worth

    def _shot_threat(
        self, foe: WolsungModel, m: WolsungModel, at: Spot, judged: float, actions: int
    ) -> float:
        guns = self.guns(foe)
        if not guns:
            return 0.0
        seen = self.sight(m, at, foe, looking=False)
        if not seen.visible:
            return 0.0
        rise = self.game.board.surface_height(at.level) - surface(self.game, foe)
        stepped = max(0.0, judged - self.move(foe))
        hidden, misted = seen.blocked_fraction, self.misted(m, at)
        best = 0.0
        for w in guns:
            standing = self._worst(foe, w, m, judged, rise, hidden, Firing(), misted)
            if standing > 0.0:
                best = max(best, actions * standing)
                continue
            # Out of range where it stands: it may Move first, and shoot with one Action less.
            moving = self._worst(foe, w, m, stepped, rise, hidden, Firing(True), misted)
            best = max(best, (actions - 1) * moving)
        return best

    def _worst(
        self,
        foe: WolsungModel,
        w: RangedWeapon,
        m: WolsungModel,
        judged: float,
        rise: float,
        hidden: float,
        firing: Firing,
        misted: bool,
    ) -> float:
        worth = self.shot_harms(foe, w, m, judged, rise, hidden, firing, misted)
        return worth.least(self.topple_worth(m))

    def _charge_threat(self, foe: WolsungModel, m: WolsungModel, at: Spot, judged: float) -> float:
        if not self.climbs_to(foe, here(foe), at.level):
            return 0.0
        move = self.move(foe)
        actions = self.combatant(foe).profile.A
        reach = max(
            reach_chance(judged, move), SECOND_CHARGE * reach_chance(judged, actions * move)
        )
        if reach <= 0.0:
            return 0.0
        return reach * max(0.0, self.charge_worth(foe, here(foe), m, at))

    def exposure(self, m: WolsungModel, at: Spot, unmasked: bool = False) -> float:
        """The harm every enemy may do to ``m`` standing ``at`` before it acts again: none
        while it keeps a Crowd Token there (L731), unless ``unmasked``."""
        if not unmasked and self.concealed(m, at):
            return 0.0
        return sum(self.threat(e, m, at) for e in self.enemies(m))

    def spot_value(self, m: WolsungModel, at: Spot, actions: int, firing: Firing) -> float:
        """What standing ``at`` is worth to ``m`` with ``actions`` Actions left: the best attack
        from there, less the threat there and a little for being far from the enemy."""
        key = (m.id, at, actions > 0, firing)
        return _remember(self._spots, key, self._work_spot, m, at, actions, firing)

    def _work_spot(self, m: WolsungModel, at: Spot, actions: int, firing: Firing) -> float:
        if actions > 0:
            offence = self.best_attack(m, at, firing)
        else:
            offence = NEXT_TURN * self.best_attack(m, at, Firing())
        foes = self.enemies(m)
        nearest = min((self.judge(m, at, e) for e in foes), default=0.0)
        far = max(0.0, nearest - self.reach(m))
        stripped = STRIP * self._strips(m, at) if actions <= 0 else 0.0
        threat = self.caution * self.exposure(m, at)
        return offence - threat - APPROACH * far + stripped + self.objective(m, at)

    def objective(self, m: WolsungModel, at: Spot) -> float:
        """What the scenario's objectives make standing ``at`` worth to ``m``: its best goal,
        a share less for every Move short of it (:mod:`.objectives`), or the enemy carrier of
        the Blueprints within its Charge (§4.3)."""
        move = max(self.move(m), 1.0)
        best = max(
            (
                g.worth * math.pow(CLOSING, shortfall(self.game, g, *at) / move)
                for g in self.goals(m)
            ),
            default=0.0,
        )
        return OBJECTIVE * max(best, self._chase(m, at, move))

    def _chase(self, m: WolsungModel, at: Spot, move: float) -> float:
        """What standing ``at`` is worth to ``m`` for the enemy carrier of the Blueprints:
        their worth, a share less for every Move beyond its Charge as judged (§4.3)."""
        carrier = self.game.state.carrier
        clues = scenario_of(self.game).clues
        if not carrier or clues is None:
            return 0.0
        c = self.game.model(carrier)
        if c.side == m.side or not c.on_table:
            return 0.0
        beyond = max(0.0, self.judge(m, at, c) - move)
        return STOP * clues.blueprints_vp * math.pow(CLOSING, beyond / move)

    def reach(self, m: WolsungModel) -> float:
        """How far ``m`` can strike from where it stands: its Charge, or its longest shot."""
        bands = [w.bands[-1].max for w in self.guns(m)]
        return max([self.move(m), *bands])


def _worth(game: WolsungGame, m: WolsungModel) -> int:
    """The casualty points ``m`` is worth to its enemies, as the scenario scores them should
    it fall now (§4.0, :func:`.game.scoring.casualty`); and the Blueprints' points while it
    carries them, which it drops when it falls (§4.3)."""
    fallen = casualty(game, m, None, game.state.fallen)
    return worth(fallen, common_of(game).casualties) + carried_worth(game, m)


def _caution(game: WolsungGame, side: int) -> float:
    """The weight of threats for ``side``: more in the last turns when it leads on victory
    points, less when it does not (§4.0)."""
    st = game.state
    if st.turn < common_of(game).turns - 1:
        return CAUTION
    lead = st.vp[side] - max(vp for seat, vp in enumerate(st.vp) if seat != side)
    return CAUTION_AHEAD if lead > 0 else CAUTION_BEHIND
