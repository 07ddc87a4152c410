"""Attacks in play (C4.5, C4.7-C4.11, C4.13, C4.14, C4.16-C4.18): declaring, the defender's
choice of Defense or Riposte, the blessing pauses, then :mod:`.resolution` resolves the dice and
this module applies what happened: damage, Criticals (with the Trauma Kit reaction), Fumbles,
knockback, chain hits and shots redirected out of a melee.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.attack.odds import hit_chance
from skirmish.rulesets.sacred_wire.attack.resolution import (
    DEFENSE,
    RIPOSTE,
    AttackContext,
    AttackKind,
    AttackPlan,
    Combatant,
    Hit,
    Side,
    TableRoll,
    ally_hit,
    counts_engagement,
    finish_attack,
    plan_attack,
    range_band,
    reads_engagement,
    resolve_chain_hit,
    resolve_redirect,
    roll_attack,
)
from skirmish.rulesets.sacred_wire.attack.resolution import Step as ResolutionStep
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import blessings, casualties, conditions
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.movement import free_of_attacks, leaves_engagement, push
from skirmish.rulesets.sacred_wire.game.space import (
    Looks,
    adjacent,
    engaged_text,
    engaged_with,
    friends,
    gap,
    in_cover,
    in_play,
    sees,
    side_of,
)
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.rolls.contest import (
    OPPOSED,
    final_faces,
    log_rolls,
    rebuilt,
    result,
    roll_die,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import DOUBLE, OpposedRoll, Tier, multiple
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Catalog,
    MeleeWeapon,
    RangedWeapon,
    slug,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    DamageDice,
    HitAlly,
    PowerAttack,
    SelfDamage,
    TimedTierBonus,
    effects_of,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import Roll as RollKind
from skirmish.rulesets.sacred_wire.squads.roster import (
    Weapon,
    armor,
    can_riposte_with,
    contract,
    mean_damage,
    melee_reaches,
    melee_weapons,
    profile,
    ranged_weapons,
    roll_modifiers,
    slug_name,
    tier,
    weapon_reach,
    worn_armor,
)

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

ATTACK = "C4.7"
RANGED = "C4.8"
POWER_WEAPON = "I1.3"  # a hostile's Power weapon: Wits against Defense
ENGAGEMENT = "C4.5"
INTO_MELEE = "C4.11"
TRAUMA_KIT = "Trauma Kit"  # the consumable that may cancel a Critical (R3.9)


def combatant(
    game: WireGame,
    m: WireModel,
    weapon: Weapon | None,
    roll: str,
    ranged: bool,
    boost: bool = False,
    power: bool = False,
) -> Combatant:
    """One side of an attack as :mod:`.resolution` reads it, from the model as it stands; a
    hostile's Power weapon (``power``) rolls its Wits in place of Combat (I1.3), a cast as
    its Fumbles and the modifiers on a cast read it (R7.3 Interference, notes A40). The
    enemies it is Engaged with are counted only where a special of it reads them (notes A19)."""
    catalog = catalog_of(game)
    me = Combatant(
        combat=tier(game, m, "wits" if power else "combat"),
        defense=tier(game, m, "defense"),
        weapon=weapon,
        armor=armor(game, m),
        contract=contract(game, m),
        gear=tuple(catalog.gear(g) for g in m.gear),
        wounded=m.wounded,
        below_half_health=m.below_half,
        boost=boost,
        modifiers=roll_modifiers(m, RollKind.CAST if power else roll, ranged),
    )
    kit = (profile(game, m).contract, m.armor, m.slag, m.gear)
    if (weapon is not None and reads_engagement(weapon.effects)) or _kit_counts(catalog, *kit):
        return replace(me, engaged_with_2=len(engaged_with(game, m)) >= 2)
    return me


@cache  # a catalogue and a kit are fixed, and both sides of every attack weighed ask it
def _kit_counts(
    catalog: Catalog, terms: str, worn: str | None, slag: int, gear: tuple[str, ...]
) -> bool:
    """:func:`.resolution.counts_engagement` of a model's contract, armour and gear, by name
    (:func:`combatant` asks of its weapon apart)."""
    kit = Combatant(
        armor=worn_armor(catalog, worn, slag),
        contract=catalog.model_contract(terms),
        gear=tuple(catalog.gear(g) for g in gear),
    )
    return counts_engagement(kit, catalog)


# --- which attacks are possible ---------------------------------------------------------------


def melee_targets(
    game: WireGame, m: WireModel, foes: list[tuple[WireModel, float]], looks: Looks
) -> list[tuple[WireModel, MeleeWeapon]]:
    """Enemies within a melee weapon's reach that ``m`` sees (C4.5, C4.9, notes A29), among
    ``foes``, its enemies each with its gap to ``m`` (the options of an activation measure
    it once for every attack they offer), by ``looks``, its sight of each."""
    found = []
    reaches = melee_reaches(game, m)
    for e, d in foes:
        usable = [w for w, most in reaches if d <= most]
        if usable and looks(e):
            found += [(e, w) for w in usable]
    return found


def shot_kind(weapon: RangedWeapon) -> str:
    """How a ranged weapon attacks: ``"ranged"``, or ``"power"`` for a hostile's Power weapon
    (Wits against Defense, I1.3)."""
    return "power" if effects_of(weapon.effects, PowerAttack) else "ranged"


def ranged_targets(
    game: WireGame,
    m: WireModel,
    foes: list[tuple[WireModel, float]],
    engaged: bool,
    looks: Looks,
) -> list[tuple[WireModel, RangedWeapon]]:
    """Enemies within a ranged weapon's range that ``m`` sees by ``looks``, among ``foes``,
    its enemies each with its gap to it; none while it is ``engaged`` (C4.5, C4.14), but for
    a hostile's Power weapon (notes A40)."""
    guns = ranged_weapons(game, m)
    if engaged:
        guns = [w for w in guns if shot_kind(w) == "power"]
    if not guns:
        return []
    found = []
    for e, d in foes:
        in_range = [w for w in guns if d <= w.range]
        if in_range and looks(e):
            found += [(e, w) for w in in_range]
    return found


def melee_error(game: WireGame, m: WireModel, e: WireModel, weapon: Weapon) -> str | None:
    """Why ``m`` cannot fight ``e`` with ``weapon`` now (C4.5, C4.9, R3.1), or None: the
    refusal's reason, which :func:`melee_targets` offers none of."""
    reach = _reach_error(game, m, e, weapon, " (C4.5)")
    if reach is not None:
        return reach
    if not sees(game, m, e):
        return f"{e.label} is not in sight of {m.label} (C4.9)"
    return None


def _reach_error(
    game: WireGame, m: WireModel, e: WireModel, weapon: Weapon, why: str
) -> str | None:
    """Why ``weapon`` is not one ``m`` fights with, or does not reach ``e`` (``why`` says by
    which rule), or None."""
    usable = melee_weapons(game, m)
    if weapon not in usable:
        names = ", ".join(slug(w.name) for w in usable)
        return f"{m.label} fights with {names} (R3.1), not {slug(weapon.name)}"
    assert isinstance(weapon, MeleeWeapon)
    distance = gap(game, m, e)
    if distance > weapon_reach(weapon):
        return (
            f'out of reach: {weapon.name} reaches {weapon_reach(weapon):g}", {e.label} is '
            f'{distance:.2f}" away{why}'
        )
    return None


def shot_error(game: WireGame, m: WireModel, e: WireModel, weapon: Weapon) -> str | None:
    """Why ``m`` cannot shoot ``e`` with ``weapon`` now (C4.5, C4.9, C4.14), or None: the
    refusal's reason, which :func:`ranged_targets` offers none of."""
    if not isinstance(weapon, RangedWeapon) or weapon not in ranged_weapons(game, m):
        guns = ", ".join(slug(w.name) for w in ranged_weapons(game, m)) or "no ranged weapon"
        return f"{m.label} shoots with {guns}, not {slug(weapon.name)}"
    engaged = engaged_text(game, m)
    if engaged is not None and shot_kind(weapon) != "power":
        return f"{engaged}: an Engaged model cannot shoot (C4.5)"
    distance = gap(game, m, e)
    if distance > weapon.range:
        return (
            f'out of range: {weapon.name} {weapon.range:g}", {e.label} is {distance:.2f}" '
            "away (C4.14)"
        )
    if not sees(game, m, e):
        return f"{e.label} is not in sight of {m.label} (C4.9)"
    return None


def riposte_error(game: WireGame, d: WireModel, a: WireModel, weapon: Weapon) -> str | None:
    """Why ``d``, offered the choice, cannot Riposte ``a`` with ``weapon`` (C4.5, C4.7), or
    None: the refusal's reason, on the conditions of :func:`riposte_weapons` (a defender that
    may not Riposte at all is not asked)."""
    return _reach_error(game, d, a, weapon, ": a Riposte is within its own reach (C4.5)")


def riposte_weapons(game: WireGame, d: WireModel, a: WireModel) -> list[MeleeWeapon]:
    """The defender's weapons that may Riposte ``a``: melee weapons that allow it, with the
    attacker within their reach (C4.5, C4.7, R3.1). A Fleeing model only defends (A60)."""
    if d.fleeing:
        return []
    distance = gap(game, d, a)
    return [w for w, most in melee_reaches(game, d) if can_riposte_with(w) and distance <= most]


def free_attacks(
    game: WireGame,
    m: WireModel,
    end: tuple[float, float],
    level: str | None,
    exits: bool,
    done: Collection[str] = (),
) -> list[Attack]:
    """Each enemy that ``m``'s move leaves gets one free attack at -1 DT, Defense only, before
    the move (C4.5, notes A18); none for a Scout, an Inhibitor or a Fleeing model, none by a
    Fleeing enemy, which cannot act (C4.19), and none by the enemies in ``done``, which had
    theirs on this move already."""
    if free_of_attacks(game, m):
        return []
    steps: list[Attack] = []
    for e in leaves_engagement(game, m, end, level, exits):
        if e.fleeing or e.id in done:
            continue  # a Fleeing model cannot act (C4.19); one free attack a move (C4.5)
        weapon = free_attack_weapon(game, e, m)
        if weapon is None:
            continue
        game.emit("free-attack", ENGAGEMENT, (e.id, m.id), weapon=weapon.name)
        steps.append(Attack(e.id, m.id, weapon.name, "melee", free=True))
    return steps


def free_attack_weapon(
    game: WireGame, e: WireModel, m: WireModel, declared: str = ""
) -> MeleeWeapon | None:
    """The weapon ``e`` makes its free attack on the leaving ``m`` with: the ``declared`` one
    while it still reaches ``m`` where both stand now, else its most damaging melee weapon
    that does, or None where none does (C4.5). Asked as the attack is queued and again as it
    comes to be rolled: a Knockback of an earlier free attack may have pushed ``m`` out of
    reach."""
    distance = gap(game, e, m)
    usable = [w for w, most in melee_reaches(game, e) if distance <= most]
    kept = [w for w in usable if w.name == declared]
    return max(kept or usable, key=mean_damage, default=None)


# --- the attack ---------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class Attack(Step):
    """One attack: declare, Defense or Riposte, Boost, roll, Reroll, Severance, resolve."""

    @staticmethod
    def of_option(game: WireGame, action: Action) -> Attack:
        """The attack a ``fight`` or ``shoot`` option of an activation would start
        (``shoot A1 B2 rifle [overcharge]``), for its odds.

        Raises:
            KeyError: the option names a weapon the catalogue does not have.
        """
        a, d = game.model(action.args[0]), game.model(action.args[1])
        weapon = slug_name(game, action.args[2])
        kind = "melee"
        if action.kind == "shoot":
            kind = shot_kind(catalog_of(game).ranged_weapon(weapon))
        return Attack(a.id, d.id, weapon, kind, overcharge=len(action.args) > 3)

    rule = ATTACK
    attacker: str
    target: str
    weapon: str
    kind: str
    free: bool = False
    overcharge: bool = False
    stage: str = "declare"
    riposte: str = ""
    boost_a: bool = False
    boost_d: bool = False
    severance: bool = False
    a_tier: int = 6
    d_tier: int = 6
    a_faces: tuple[int, ...] = ()
    d_faces: tuple[int, ...] = ()
    attempts: int = 1

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        a, d = game.model(self.attacker), game.model(self.target)
        if a.removed is not None or d.removed is not None:
            return []
        if self.stage == "declare":
            if action is None and self.free:
                weapon = free_attack_weapon(game, a, d, self.weapon)
                if weapon is None:
                    game.emit("free-attack-lost", ENGAGEMENT, (a.id, d.id))
                    return []
                self.weapon = weapon.name
            if action is None:
                game.emit(
                    "attack",
                    {"melee": ATTACK, "ranged": RANGED}.get(self.kind, POWER_WEAPON),
                    (a.id, d.id),
                    weapon=self.weapon,
                    mode=self.kind,
                    free=self.free,
                    overcharge=self.overcharge,
                )
                coworkers.mark(game, d, f"attacked by {a.label}")
                ask = self._defense_choice(game, a, d)
                if ask is not None:
                    return ask
            else:
                self._choose_for(game, d, a, action)
            action = None
            self.stage = "boost-a"
        if self.stage == "boost-a":
            if action is None:
                ask = blessings.offer(game, a, ("Boost",), "Boost this attack roll?")
                if ask is not None:
                    return ask
            self.boost_a = blessings.chosen(game, a, action) == "Boost"
            action = None
            self.stage = "boost-d"
        if self.stage == "boost-d":
            if action is None:
                roll = "Riposte" if self.riposte else "Defense"
                ask = blessings.offer(game, d, ("Boost",), f"Boost this {roll} roll?")
                if ask is not None:
                    return ask
            self.boost_d = blessings.chosen(game, d, action) == "Boost"
            action = None
            self._roll(game, a, d)
            self.stage = "reroll-a"
        if self.stage == "reroll-a":
            if action is None:
                ask = blessings.reroll_offer(game, a, "attack")
                if ask is not None:
                    return ask
            new = blessings.reroll_die(game, a, action, self.a_faces, self.a_tier, "attack")
            if new is not None:
                self.a_faces = new
            action = None
            self.stage = "reroll-d"
        if self.stage == "reroll-d":
            if action is None:
                ask = blessings.reroll_offer(game, d, "Riposte" if self.riposte else "Defense")
                if ask is not None:
                    return ask
            purpose = RIPOSTE if self.riposte else DEFENSE
            new = blessings.reroll_die(game, d, action, self.d_faces, self.d_tier, purpose)
            if new is not None:
                self.d_faces = new
            action = None
            self._settle_ties(game, a, d)
            self.stage = "severance"
        if self.stage == "severance":
            if action is None and self._winner() == 0:
                ask = blessings.offer(game, a, ("Severance",), "Severance: maximum damage?")
                if ask is not None:
                    return ask
            self.severance = blessings.chosen(game, a, action) == "Severance"
        return self._finish(game, a, d)

    def option_error(self, game: WireGame, action: Action) -> str | None:
        """Why the defender cannot Riposte so (:func:`riposte_error`), or None: the reason a
        refusal gives."""
        a, d = game.model(self.attacker), game.model(self.target)
        if self.stage != "declare" or action.kind != "riposte" or len(action.args) != 2:
            return None
        if action.args[0] != d.id:
            return f"{d.label} is the one attacked, not {action.args[0]} (C4.7)"
        catalog = catalog_of(game)
        weapon = catalog.find_weapon(catalog.slug_name(action.args[1]) or "")
        if weapon is None:
            return f"no weapon {action.args[1]!r}"
        return riposte_error(game, d, a, weapon)

    # --- the parts ----------------------------------------------------------------------------

    def _defense_choice(self, game: WireGame, a: WireModel, d: WireModel) -> Decision | None:
        """In melee the defender chooses Defense or Riposte (C4.7); a free attack allows
        Defense only (notes A18), a ranged attack too (C4.8). The rules choose for a hostile:
        the choice least likely to be hit, Defense on a tie (notes A53)."""
        if self.kind != "melee" or self.free:
            return None
        weapons = riposte_weapons(game, d, a)
        if not weapons:
            return None
        options = [Action("defend", (d.id,))]
        options += [Action("riposte", (d.id, slug(w.name))) for w in weapons]
        if side_of(d) in game.ruleset.automata:
            self._choose_for(game, d, a, min(options, key=lambda o: self._hit_chance(game, o)))
            return None
        prompt = f"{d.name} ({d.id}) is attacked by {a.name} ({a.id}): Defense or Riposte?"
        return Decision(side_of(d), "defense", prompt, tuple(options))

    def _hit_chance(self, game: WireGame, option: Action) -> Fraction:
        """The exact chance the attack hits if the defender answers with ``option``."""
        riposte = slug_name(game, option.args[1]) if option.kind == "riposte" else ""
        return hit_chance(replace(self, riposte=riposte).context(game), catalog_of(game))

    def _choose_for(self, game: WireGame, d: WireModel, a: WireModel, option: Action) -> None:
        """The defender's answer to a melee attack, Defense or a Riposte (C4.7)."""
        if option.kind == "riposte":
            self.riposte = slug_name(game, option.args[1])
            game.emit("riposte", ATTACK, (d.id, a.id), weapon=self.riposte)
        else:
            game.emit("defense", ATTACK, (d.id, a.id))

    def context(self, game: WireGame) -> AttackContext:
        """The attack as :mod:`.resolution` reads it, from the table as it stands."""
        a, d = game.model(self.attacker), game.model(self.target)
        kind = AttackKind(self.kind)
        ranged = kind.is_ranged
        catalog = catalog_of(game)
        weapon = catalog.weapon(self.weapon)
        defended_with = catalog.weapon(self.riposte) if self.riposte else None
        others = [e for e in engaged_with(game, d) if e.id != a.id] if ranged else []
        attacker = combatant(
            game, a, weapon, "attack", ranged, self.boost_a, kind is AttackKind.POWER
        )
        return AttackContext(
            attacker=attacker,
            defender=combatant(
                game,
                d,
                defended_with,
                "riposte" if self.riposte else "defense",
                ranged,
                self.boost_d,
            ),
            kind=kind,
            riposte=bool(self.riposte),
            cover=ranged and in_cover(game, a, d),
            moved=ranged and a.active and a.moved,
            aim=ranged and a.aim == d.id,
            into_melee=bool(others),
            free_attack=self.free,
            severance=self.severance,
            overcharge=self.overcharge,
            range_inches=range_band(attacker, gap(game, a, d), catalog) if ranged else None,
        )

    def _roll(self, game: WireGame, a: WireModel, d: WireModel) -> None:
        plan = plan_attack(self.context(game), catalog_of(game))
        for line in plan.opening:
            game.emit("resolution", line.rule, (a.id, d.id), text=line.text)
        ranged = plan.context.kind.is_ranged
        roll_modifiers(
            a, RollKind.CAST if plan.context.kind is AttackKind.POWER else "attack", ranged, True
        )
        roll_modifiers(d, "riposte" if self.riposte else "defense", ranged, use=True)
        if ranged:
            a.aim = ""  # an Aim is spent by the next shot (C4.3, notes A13)
        opposed = roll_attack(plan, game.dice)
        _log_opposed(game, plan, opposed, a, d)
        self.a_tier, self.d_tier = int(plan.attacker_tier), int(plan.defender_tier)
        self.a_faces = final_faces(opposed.rolls, "attack")
        self.d_faces = final_faces(opposed.rolls, plan.defense_purpose)
        self.attempts = opposed.attempts

    def _winner(self) -> int | None:
        return result(Tier(self.a_tier), Tier(self.d_tier), sum(self.a_faces), sum(self.d_faces))

    def reroll_chances(self, game: WireGame, die: int) -> blessings.RerollChances:
        """What a Reroll of die ``die`` of the roll on offer (the attacker's, then the
        defender's) may make of it: a loser's margin counts from a Double where it takes a
        hit or a Riposte's, else from the Triple of a Fumble (C4.16, C4.17)."""
        tiers = (self.a_tier, self.d_tier)
        if self.stage == "reroll-a":
            margin = blessings.from_double if self.riposte else blessings.from_triple
            return blessings.reroll_chances(self.a_faces, sum(self.d_faces), tiers, 0, die, margin)
        return blessings.reroll_chances(
            self.d_faces, sum(self.a_faces), tiers, 1, die, blessings.from_double
        )

    def severance_helps(self, game: WireGame) -> bool:
        """Whether Severance's maximum damage adds anything to the hit on offer: not to a
        Double or better, nor to damage that is already its maximum (C4.16, C4.2)."""
        if multiple(sum(self.a_faces), sum(self.d_faces)) >= DOUBLE:
            return False
        strike = plan_attack(self.context(game), catalog_of(game)).strike
        return strike is not None and strike.always_max is None and not strike.dice.is_fixed

    def _settle_ties(self, game: WireGame, a: WireModel, d: WireModel) -> None:
        """A Reroll that leaves a tie at the same tier: both roll again at those tiers (C1.9),
        though the roll spent what held for one roll only (an Aim, Misaligned, Off Balance)."""
        while self._winner() is None:
            game.emit("tie", OPPOSED, (a.id, d.id))
            planned = plan_attack(self.context(game), catalog_of(game))
            tiers = replace(planned.tiers, first=Tier(self.a_tier), second=Tier(self.d_tier))
            plan = replace(planned, tiers=tiers)
            opposed = roll_attack(plan, game.dice)
            _log_opposed(game, plan, opposed, a, d)
            self.a_faces = final_faces(opposed.rolls, "attack")
            self.d_faces = final_faces(opposed.rolls, plan.defense_purpose)
            self.attempts += opposed.attempts

    def _finish(self, game: WireGame, a: WireModel, d: WireModel) -> list[Step]:
        ctx = self.context(game)
        plan = plan_attack(ctx, catalog_of(game))
        opposed = rebuilt(
            Tier(self.a_tier),
            Tier(self.d_tier),
            sum(self.a_faces),
            sum(self.d_faces),
            self.attempts,
        )
        res = finish_attack(plan, opposed, game.dice)
        ids = {"attacker": a.id, "defender": d.id}
        log_steps(game, res.steps[len(plan.opening) :], ids, (a.id, d.id))
        game.emit(
            "attack-result", ATTACK, (a.id, d.id), winner=str(res.winner), multiple=res.multiple
        )
        steps: list[Step] = []
        if res.hit is not None:
            steps.append(land(res.hit, a, d, self.weapon))
            if res.hit.chain is not None:
                steps += self._chain(game, ctx, a, d, res.hit.chain.count, res.hit.chain.within)
        if res.redirect:
            steps += self._redirect(game, ctx, a, d)
        if res.counter is not None:
            steps.append(land(res.counter, d, a, self.riposte))
        if res.fumble is not None:
            steps.append(
                fumble_step(res.fumble, a if res.fumble.roller == "attacker" else d, plan, self)
            )
        return steps

    def _chain(
        self,
        game: WireGame,
        ctx: AttackContext,
        a: WireModel,
        d: WireModel,
        count: int,
        within: float,
    ) -> list[Step]:
        """Tesla Gun, Arc Cannon: the nearest models within 2" of the target are hit too
        (R3.3, notes A30): no Defense roll, normal damage, armour applies, no Critical. A
        Coworker hit is attacked, and marked (I8.1)."""
        near = _around(game, a, d, within)[:count]
        steps: list[Step] = []
        for o in near:
            coworkers.mark(game, o, f"hit by {a.label}'s {self.weapon}")
            target = combatant(game, o, None, "defense", True)
            hit, lines = resolve_chain_hit(ctx, target, game.dice, catalog_of(game))
            log_steps(game, lines, {"attacker": a.id, "defender": o.id}, (a.id, o.id))
            steps.append(land(hit, a, o, self.weapon))
        return steps

    def _redirect(
        self, game: WireGame, ctx: AttackContext, a: WireModel, d: WireModel
    ) -> list[Step]:
        """A missed shot into melee hits a random model within 1" of the target, straight to
        damage (C4.11, notes A27); a Coworker hit is attacked, and marked (I8.1)."""
        near = _around(game, a, d, 1.0)
        if not near:
            game.emit("shot-misses", INTO_MELEE, (a.id, d.id))
            return []
        pick = 0
        if len(near) > 1:
            pick = roll_die(game, len(near), "redirect", INTO_MELEE) - 1
        o = near[pick]
        coworkers.mark(game, o, f"hit by {a.label}'s missed shot")
        target = combatant(game, o, None, "defense", True)
        hit, lines = resolve_redirect(ctx, target, game.dice, catalog_of(game))
        log_steps(game, lines, {"attacker": a.id, "defender": o.id}, (a.id, o.id))
        return [land(hit, a, o, self.weapon)]


def _around(game: WireGame, a: WireModel, d: WireModel, within: float) -> list[WireModel]:
    """The models in play within ``within`` of the target ``d``, ``d`` and its attacker ``a``
    aside: nearest first, then in roster order, so that a chain's reach and a redirect's die
    name them in an order a player can check."""
    near = [o for o in in_play(game) if o.id not in (a.id, d.id) and gap(game, d, o) <= within]
    return sorted(near, key=lambda o: gap(game, d, o))


def _log_opposed(
    game: WireGame, plan: AttackPlan, opposed: OpposedRoll, a: WireModel, d: WireModel
) -> None:
    """Log an attack's opposed roll, the armour's re-roll of low Defense dice citing the
    armour's entry (R3.6-R3.8, notes A3)."""
    ids: dict[str | None, str | None] = {"attacker": a.id, "defender": d.id}
    log_rolls(game, opposed.rolls, OPPOSED, ids, plan.defense_reroll_rule)


def log_steps(
    game: WireGame,
    lines: tuple[ResolutionStep, ...] | list[ResolutionStep],
    ids: Mapping[str, str],
    models: tuple[str, ...],
) -> None:
    """Log the resolution lines of :mod:`.resolution`, each with its rolls and its rule."""
    names: dict[str | None, str | None] = {k: v for k, v in ids.items()}
    for line in lines:
        log_rolls(game, line.rolls, line.rule, names, line.reroll_rule)
        game.emit("resolution", line.rule, models, text=line.text)


def land(hit: Hit, by: WireModel, target: WireModel, weapon: str) -> LandHit:
    """The step that deals a hit to its target."""
    crit = hit.critical
    damage = hit.damage
    return LandHit(
        target=target.id,
        by=by.id,
        source=weapon,
        amount=damage.total,
        plain=max(0, damage.rolled + damage.bonus - damage.armor),
        table=crit.rule if crit is not None else "",
        row=crit.row.name if crit is not None else "",
        knockback=hit.knockback,
        from_x=by.x,
        from_y=by.y,
    )


@dataclass(slots=True, eq=False)
class LandHit(Step):
    """A hit lands (C4.18): the Trauma Kit may first cancel its Critical (R3.9, notes A69);
    then Health is lost, the Critical's effects apply (R6), the weapon's on-hit special (the
    Prod's -1 DT next activation, R3.2), and knockback (C4.6)."""

    rule = casualties.DAMAGE
    target: str
    by: str
    source: str
    amount: int
    plain: int
    table: str = ""
    row: str = ""
    knockback: int = 0
    from_x: float = 0.0
    from_y: float = 0.0
    stage: str = "trauma"
    negated: bool = False

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.target)
        by = game.model(self.by)
        if m.removed is not None:
            return []
        if self.stage == "trauma":
            if action is None and self.row:
                ask = _trauma_offer(game, m)
                if ask is not None:
                    return ask
            if action is not None and action.kind == "trauma-kit":
                holder = game.model(action.args[0])
                items = list(holder.consumables)
                items.remove(TRAUMA_KIT)
                holder.consumables = tuple(items)
                self.negated = True
                kit = catalog_of(game).consumable(TRAUMA_KIT)
                game.emit("trauma-kit", kit.rule, (holder.id, m.id), row=self.row)
            self.stage = "done"
        amount = self.plain if self.negated else self.amount
        steps = casualties.wound(game, m, amount, casualties.DAMAGE, by.id, self.source)
        row = conditions.row(game, self.table, self.row) if self.row and not self.negated else None
        if m.removed is not None:
            if row is not None:
                conditions.apply_injury(game, m, row.effects, self.table, row.name)
            return steps
        if row is not None:
            steps += conditions.apply_row(game, m, row.effects, self.table, row.name, by)
        weapon = catalog_of(game).find_weapon(self.source)
        if weapon is not None and m.removed is None:
            for effect in weapon.effects:
                if isinstance(effect, TimedTierBonus):
                    conditions.mark(game, m, effect, weapon.name, weapon.rule)
        if self.knockback and m.removed is None:
            direction = (m.x - self.from_x, m.y - self.from_y)
            steps += push(game, m, direction, self.knockback, casualties.VERTICAL, by.id)
        return steps


def _trauma_offer(game: WireGame, m: WireModel) -> Decision | None:
    """A Trauma Kit within 1" of the model (its own included, notes A68) may cancel the
    Critical: a reaction outside its activation (R3.9), its controller's to make (R6.7); the
    hostiles' rules spend none."""
    side = side_of(m)
    if side in game.ruleset.automata:
        return None
    # Only the hit model's side is asked (R6.7), so only its own kits are offered: an
    # adjacent enemy's kit is not that side's to spend.
    holders = [
        o for o in [m, *friends(game, m)] if TRAUMA_KIT in o.consumables and adjacent(game, m, o)
    ]
    if not holders:
        return None
    options = tuple(Action("trauma-kit", (o.id, m.id)) for o in holders)
    prompt = f"a Critical hits {m.name} ({m.id}): use a Trauma Kit?"
    return Decision(side, "reaction", prompt, (*options, Action("no-trauma-kit")))


def fumble_step(fumble: TableRoll, roller: WireModel, plan: AttackPlan, attack: Attack) -> Fumble:
    """The step applying a Fumble rolled in an attack (C4.17, R7.1, R7.2)."""
    weapon = attack.weapon if roller.id == attack.attacker else attack.riposte
    damage = fumble.damage.total if fumble.damage is not None else -1
    kind = "ranged" if plan.context.kind.is_ranged and roller.id == attack.attacker else "melee"
    return Fumble(roller.id, fumble.rule, fumble.row.name, weapon, kind, damage)


@dataclass(slots=True, eq=False)
class Fumble(Step):
    """A Fumble result on the fumbler (R7): lost activation, next-roll penalty, own weapon
    damage, hitting an ally nearby (else itself), dropped or destroyed weapon."""

    rule = "C4.17"
    model: str
    table: str
    row: str
    weapon: str
    kind: str
    self_damage: int = -1

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None:
            return []
        row = conditions.row(game, self.table, self.row)
        steps: list[Step] = []
        own = next((e for e in row.effects if isinstance(e, SelfDamage)), None)
        if self.self_damage >= 0 and own is not None:
            source = self._source(game, own.dice)
            steps += casualties.wound(game, m, self.self_damage, self.table, source=source)
        for effect in row.effects:
            if isinstance(effect, HitAlly) and m.removed is None:
                steps += self._hit_ally(game, m, effect, row.name)
        if m.removed is None:
            steps += conditions.apply_row(
                game, m, row.effects, self.table, row.name, None, self.weapon
            )
        return steps

    def _hit_ally(self, game: WireGame, m: WireModel, effect: HitAlly, row: str) -> list[Step]:
        """Wild Swing, Friendly Fire, Wave Bounce: a random ally within reach takes the row's
        dice or the weapon's damage (armour applies); with none, the fumbler does (R7.1-R7.3,
        notes section 5.1)."""
        weapon = catalog_of(game).weapon(self.weapon)
        allies = [f for f in friends(game, m) if gap(game, m, f) <= effect.within]
        ally = None
        if allies:
            pick = roll_die(game, len(allies), "ally", self.table) - 1 if len(allies) > 1 else 0
            ally = allies[pick]
        ranged = self.kind == "ranged"
        me = combatant(game, m, weapon, "attack", ranged)
        struck = None if ally is None else combatant(game, ally, None, "defense", ranged)
        damage, lines = ally_hit(effect, me, struck, game.dice, self.table, row, Side.ATTACKER)
        target = m if ally is None else ally
        log_steps(game, lines, {Side.ATTACKER.value: m.id}, (m.id, target.id))
        source = self._source(game, effect.dice)
        return casualties.wound(game, target, damage.total, self.table, None, source)

    def _source(self, game: WireGame, dice: DamageDice | None) -> str:
        """What the damage is named after: the row's own dice (Feedback's d4, R7.3) are the
        Fumble table's, as a squad caster's are, else the damage is the weapon's."""
        if dice is None:
            return self.weapon
        tables = catalog_of(game).fumble_tables
        return next(t.name for t in tables if t.rule == self.table)
