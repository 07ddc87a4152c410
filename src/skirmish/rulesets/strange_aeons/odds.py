"""Exact odds of Strange Aeons attacks, for the heuristic player and for a player about to
choose one, each a chance exact as a fraction, read from the functions play rolls with.

A Shoot Action: its to-hit dice against the Dexterity play needs (the saddle, R:1121; a
Chill; Fire Born), a 6 (Deadeye's 5 or 6, R:1066) confirmed for a Critical Hit of +2 to wound
(R:248); the save play finds (cover, each further piece of it, prone, Duck's +1, the terrain's,
the skills' and Plot Points', several combined: R:149, R:187-188, R:1073, R:1163; a template's
cover is judged from its centre, R:1226); the hits
that get through rolled to wound with the Damage play adds (Close Range, Crack Shot R:1062,
what the weapon adds against the profile) against Constitution less the armour the AP pierces
(R:1223); then the Injury roll of a model out of Wounds, Tough's -2 and Poison's bonus in it.
A shot that owes the test to shoot past the closest enemy (R:177) is priced as play takes it:
the test passed (the Resolve play tests on, a friend's lent; a Frenzy's sure pass; the Lucky
Charm's +1, a re-roll of Lucky's, The Stars are Right's, its side's Master Villain's or a Plot
Point's), the rider's Horse holding beside it (R:1121); then the shot at its target, else at
the closest enemy it turns on. The opponent's Master Villain spoiling a passed test is left
out, a choice of his.

One round of close combat as a Charge opens it, from where the Charge ends (the friends in
base-to-base there, R:155): first the test each fighter owes for a Hideous enemy in
base-to-base (R:117, R:209), priced as the shot's test is, failed into each Insanity effect
as play brings it (Catatonia removes the model as the round begins, R:160; Stupefaction
leaves it Face Up; Revulsion takes the foe's free hit as it breaks away, and ends the Charge
unless that leaves it down; Frenzy doubles its Attacks); then the hit an Unarmed fighter
suffers; then each side's dice (its Attacks, Hate's, one fewer Face Up, doubled in a Frenzy,
Thunderous Charge's one fewer into a new combat, a friend in base-to-base with the opponent
one more; R:159, R:223, R:239, R:1161), its highest die (an Enlightened 1 read as 2) and
C.C. bonus (the weapon's, the Unarmed skills', Thunderous Charge's, Hate's; R:1103), the
opponent's 1s added to it (R:250); a Face Up winner wounds nobody (R:139, R:159); the
winner's Critical Hit confirmed (R:248), the loser's saves against close combat hits, the
winner's Damage and AP, and the Injury roll with Poison and Surgical Precision (R:550). A
Charge with a rolled Movement is priced as one that reaches: short, it is a Move.

The odds leave out what a player chooses or a rare rule brings, which play rolls as it comes:
Lucky and Parry re-rolls (but on the tests to shoot past the closest and for a Hideous enemy),
a Feint, two weapons, Destroy Weapon, Throw, an Accurate shot; Blissful Ignorance's and Tight
Boots' passes; the tests a Charge brings but the Hideous one (a Haphephobe's, a Fear newly
near), a Horse's beside its rider, the free hits of other enemies a Revulsed model leaves;
rolled Attacks, Rates and C.C. bonuses (their typical or fixed values); a Cocoon, Blinding
Spittle, Radial Symmetry, Grip, Engulf, a Stalker's or Hunter's prey, Predator; Firearms
Enthusiast and Non-Lethal Force; a shot falling into a combat, on a passenger or an egg, or
shared between a rider and his Mount; a Mob's or a Guard Dog's taking the Wounds; Highly
Conductive, a Wooden Stake's bonuses, Dissector, Antivenom and Morphine.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.geometry.terrain import Cover
from skirmish.odds import Dist, binomial, dice_sum, highest
from skirmish.rulesets.strange_aeons import (
    criticals,
    fighter,
    hate,
    lucky,
    mobs,
    plots,
    riding,
    stake,
    templates,
)
from skirmish.rulesets.strange_aeons.afflictions import dex_penalty
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog, Weapon
from skirmish.rulesets.strange_aeons.constitution import constitution
from skirmish.rulesets.strange_aeons.damage import (
    injury_added,
    poison_bonus,
    surgical_bonus,
    tough_injury,
    wounds_caused,
)
from skirmish.rulesets.strange_aeons.fire_daemon import fire_born, hit_need
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, FACE_UP, AeonsModel
from skirmish.rulesets.strange_aeons.movement import charge_end
from skirmish.rulesets.strange_aeons.psychology import (
    HIDEOUS,
    REVULSIONS,
    failure_effects,
    frenzy_charging,
    need_of,
    own_resolves,
    situations,
    worsened,
)
from skirmish.rulesets.strange_aeons.saves import combined, skill_saves
from skirmish.rulesets.strange_aeons.shooting import (
    closest_threats,
    critical_face,
    damage_bonus,
    owes_priority_test,
    save_against,
    shot_ap,
)
from skirmish.rulesets.strange_aeons.space import contacts, placement

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

WOUNDS, OUT, FACE_DOWN_RESULT, FACE_UP_RESULT = "wounds", "out", "face-down", "face-up"
NO_CRITICAL = 7
"""The lowest face of a Critical Hit where none is scored (the introduction, Fire Born)."""
Results = tuple[tuple[str, int, Fraction], ...]
Bands = tuple[tuple[int, str], ...]
"""The Injury Table as the odds read it: each row's lowest total and its result, ``"out"``
for a row that removes the model, lowest first."""
Target = tuple[int, int, int, Bands]
"""What a roll to wound a model depends on (:func:`target_of`)."""


def injury_bands(cat: Catalog) -> Bands:
    """The catalog's Injury Table (:data:`Bands`)."""
    return tuple((row.low, OUT if row.effect == "removed" else row.effect) for row in cat.injury)


def _injury_result(bands: Bands, total: int) -> str:
    """The result of an Injury roll of ``total`` on ``bands``, a total beyond either end of
    the table read at that end, as play reads it (:meth:`.Catalog.table_row`)."""
    return next((result for low, result in reversed(bands) if low <= total), bands[0][1])


@cache
def wound_results(
    hits: int, bonus: int, con: int, wounds_left: int, added: int, bands: Bands
) -> Results:
    """What ``hits`` to-wound dice do, as (result, Wounds caused, chance): ``"wounds"`` when
    the model keeps some Wounds (0 caused: no effect), else the result of the Injury roll on
    ``bands``, its Wounds beyond the last and ``added`` added to it (every other modifier,
    :func:`.damage.injury_added`)."""
    if hits == 0:
        return ((WOUNDS, 0, Fraction(1)),)
    rolls = dice_sum(2, 6)
    results = []
    for face, p in highest(hits, 6).items():
        caused = wounds_caused(face + bonus, con)
        if caused < max(wounds_left, 1):
            results.append((WOUNDS, caused, p))
            continue
        shift = caused - wounds_left + added
        for roll, q in rolls.items():
            results.append((_injury_result(bands, roll + shift), caused, p * q))
    return tuple(results)


def chance_of(results: Results, result: str) -> Fraction:
    """The chance of one result among ``wound_results``."""
    return sum((p for r, _, p in results if r == result), Fraction(0))


def taken_out(results: Results) -> Fraction:
    """The chance the wound results of a round won take the loser out: removed by its Injury,
    or left Face Down in base-to-base with the winner, which removes it at once (R:160)."""
    return chance_of(results, OUT) + chance_of(results, FACE_DOWN_RESULT)


def through_chance(dex: int, save: int) -> Fraction:
    """The chance one shot hits (``dex``+ on a D6) and its save (``save``+, 7: none) fails."""
    return _faces_from(dex) * _faces_below(save)


def _faces_from(lowest: int) -> Fraction:
    """The chance a D6 shows ``lowest`` or more."""
    return Fraction(max(0, min(6, 7 - lowest)), 6)


def _faces_below(save: int) -> Fraction:
    """The chance a save of ``save``+ (7 or more: none) fails."""
    return 1 - _faces_from(save)


def target_of(
    cat: Catalog, m: AeonsModel, weapon: Weapon | None = None, ap: int | None = None
) -> Target:
    """What a wound roll against ``m`` depends on: Constitution (its armour less the hit's
    ``ap``, the weapon's AP when not given, R:1223; none of it when ``weapon`` Disrupts it),
    Wounds left, what its Injury roll adds for ``m`` whoever strikes it (Tough's), and the
    Injury Table; :func:`struck` adds what the attacker's hit brings."""
    prof = cat.profile(m.profile)
    disrupt = weapon is not None and weapon.has("disrupt")
    pierced = ap if ap is not None else weapon.ap if weapon is not None else 0
    con = constitution(prof, pierced, disrupt)
    return con, m.wounds, tough_injury(prof), injury_bands(cat)


def struck(
    game: AeonsGame, attacker: AeonsModel, m: AeonsModel, weapon: Weapon, ap: int, precise: int
) -> Target:
    """:func:`target_of` ``m`` hit by ``attacker`` with ``weapon`` and ``ap``, the Injury
    roll's modifiers summed as play sums them (:func:`.damage.injury_added`): Tough's, the
    weapon's Poison, Surgical Precision's ``precise``, Dissector's (R:550, R:458)."""
    con, wounds, _, bands = target_of(catalog_of(game), m, weapon, ap)
    added = injury_added(game, attacker.id, m, poison_bonus(game, weapon), precise)
    return con, wounds, added, bands


def save_of(cat: Catalog, cover: Cover, target: AeonsModel) -> int:
    """The cover save of ``target`` (7: none) with ``cover``; a model not Normal saves as if
    prone: the heuristic's estimate where a model may stand, its skills' saves aside."""
    save = cat.cover_saves[cover - 1] if cover > Cover.NONE else 7
    return save if target.normal else min(save, cat.scenario.prone_save)


def fight_dice(game: AeonsGame, m: AeonsModel, foe: AeonsModel, charging: bool = False) -> int:
    """The close-combat dice of ``m`` against ``foe``: its Attacks (a Mob's its members'
    added, R:921) and Hate's (R:239), one fewer when it is not Normal (R:159), doubled in a
    Frenzy (R:223), as its skills change them (Thunderous Charge when ``charging``,
    :func:`.fighter.dice_count`)."""
    n = mobs.typical_attacks(game, m) + hate.added_attacks(game, m, foe)
    n = max(1, n - 1) if not m.normal and not mobs.bears(game, m) else n
    return fighter.dice_count(game, m, fighter.frenzied(game, m, n), charging)


@cache
def shot_spread(
    rate: int, need: int, critical: int, save: int
) -> tuple[tuple[int, bool, Fraction], ...]:
    """What ``rate`` to-hit dice needing ``need`` do, as (hits through the ``save``, whether
    a Critical Hit was scored, chance): each hit of ``critical`` or more starts one, a D6 of
    ``critical`` or more confirms it (R:248, R:1066); each hit is saved on its own die."""
    hit, starts = _faces_from(need), _faces_from(max(need, critical))
    confirm, fails = _faces_from(critical), _faces_below(save)
    spread: dict[tuple[int, bool], Fraction] = {}
    for hits in range(rate + 1):
        for c in range(hits + 1):
            ways = comb(rate, hits) * comb(hits, c)
            p = ways * starts**c * (hit - starts) ** (hits - c) * (1 - hit) ** (rate - hits)
            scored = 1 - (1 - confirm) ** c
            for through, q in binomial(hits, fails).items():
                for crit, r in ((True, scored), (False, 1 - scored)):
                    key = (through, crit)
                    spread[key] = spread.get(key, Fraction(0)) + p * q * r
    return tuple((k, crit, p) for (k, crit), p in spread.items() if p)


@dataclass(frozen=True, slots=True)
class ShotOdds:
    """One Shoot Action's chances: a hit gets through, the target is taken out, or left Face
    Down."""

    through: Fraction
    out: Fraction
    down: Fraction

    def times(self, p: Fraction) -> ShotOdds:
        """These chances when the shot is taken with the chance ``p``."""
        return ShotOdds(self.through * p, self.out * p, self.down * p)


def shot_chances(game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str) -> ShotOdds:
    """The chances of ``m``'s Shoot Action at ``e`` with ``weapon_id``, as play rolls it."""
    cat = catalog_of(game)
    w, prof = cat.weapon(weapon_id), cat.profile(m.profile)
    need = hit_need(game, prof.dex + riding.penalty(game, m) + dex_penalty(game, m), e)
    spread = shot_spread(
        w.typical_rate, need, _shot_critical(game, m, e), _shot_save(game, m, e, w)
    )
    through = sum((p for k, _, p in spread if k), Fraction(0))
    if w.harmless:
        return ShotOdds(through, Fraction(0), Fraction(0))
    bonus, target = damage_bonus(game, m, e, w), struck(game, m, e, w, shot_ap(game, m, w), 0)
    out = down = Fraction(0)
    for k, crit, p in spread:
        results = wound_results(k, bonus + criticals.CRITICAL_BONUS * crit, *target)
        out += p * chance_of(results, OUT)
        down += p * chance_of(results, FACE_DOWN_RESULT)
    return ShotOdds(through, out, down)


def _shot_save(game: AeonsGame, m: AeonsModel, e: AeonsModel, w: Weapon) -> int:
    """The save of ``e`` against ``m``'s shot with ``w``, as play finds it: under a template
    aimed at it, with the cover between it and the template's centre (R:1226: a Blast's lies
    on ``e``, so no cover stands between; a Spray's is the firer); else with the cover from
    ``m``."""
    if w.template:
        return templates.template_save(game, m, templates.origin(w, m, e.pos), e.level, e)
    return save_against(game, m, e)[1]


def _shot_critical(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> int:
    """The lowest to-hit face of ``m``'s Critical Hit on ``e``: a 6, Deadeye's 5; none
    against Fire Born or where the catalog plays none."""
    if not criticals.played(game) or fire_born(game, e):
        return NO_CRITICAL
    return critical_face(game, m)


@dataclass(frozen=True, slots=True)
class Aids:
    """What a model may spend on a failed die of its own test: its Lucky Charm's +1 (R:476)
    and its re-rolls (:func:`.lucky.own_rerolls`), each once a game."""

    charm: bool
    rerolls: int


NO_AIDS = Aids(False, 0)


def _aids(game: AeonsGame, m: AeonsModel) -> Aids:
    """What ``m`` has left to spend on a failed test (:class:`Aids`)."""
    return Aids(lucky.charm_left(game, m), lucky.own_rerolls(game, m))


def test_chance(game: AeonsGame, m: AeonsModel, need: int, offered: bool = True) -> Fraction:
    """The chance ``m``'s test against its Resolve, needing ``need`` on a D6, passes as play
    takes it (:func:`_passes`); none of its own aids where ``offered`` is false (a Horse's
    roll, :func:`.psychology.mount_holds`)."""
    return sum(_passes(game, m, need, _aids(game, m) if offered else NO_AIDS).values(), Fraction(0))


def _passes(game: AeonsGame, m: AeonsModel, need: int, aids: Aids) -> dict[Aids, Fraction]:
    """The chance ``m``'s test needing ``need`` passes as play takes it, by what it leaves of
    ``aids``: a die one short raised by the Lucky Charm, else a failed die re-rolled by one of
    its re-rolls or by a Plot Point's (:func:`.plots.rerolling`), the second die standing."""
    found: dict[Aids, Fraction] = defaultdict(Fraction)
    for face in range(1, 7):
        roll = Roll("resolve", "D6", (face,), face, m.id)
        if face >= need:
            found[aids] += Fraction(1, 6)
        elif aids.charm and lucky.charmed(lucky.under(need), roll):
            found[replace(aids, charm=False)] += Fraction(1, 6)
        elif aids.rerolls:
            found[replace(aids, rerolls=aids.rerolls - 1)] += Fraction(1, 6) * _faces_from(need)
        elif plots.rerolling(game, m, "", roll):
            found[aids] += Fraction(1, 6) * _faces_from(need)
    return found


def _needs(game: AeonsGame, m: AeonsModel) -> dict[int, Fraction]:
    """What ``m``'s test against its Resolve may need, with each chance (:func:`.need_of`): a
    rolled Resolve's every face, its rider's too for a ridden Horse."""
    rider = riding.rider_of(game, m)
    riders = own_resolves(game, rider) if rider is not None else ((None, Fraction(1)),)
    needs: dict[int, Fraction] = defaultdict(Fraction)
    for own, p in own_resolves(game, m):
        for rider_own, q in riders:
            needs[need_of(game, m, own, rider_own)[0]] += p * q
    return dict(needs)


@dataclass(frozen=True, slots=True)
class PassOdds:
    """A model's test against its Resolve as play takes it: what it may need (each face a
    rolled Resolve may give; none when a Frenzy passes it, R:223) and the chance it passes."""

    needs: tuple[int, ...]
    passes: Fraction

    @property
    def need(self) -> str:
        """What the test needs, as the player reads it."""
        if not self.needs:
            return "Frenzied"
        return f"needs {self.needs[0]}+" if len(self.needs) == 1 else "needs a rolled Resolve"


def resolve_odds(game: AeonsGame, m: AeonsModel, offered: bool = True, worse: int = 0) -> PassOdds:
    """``m``'s test against its Resolve: a Frenzy's sure pass (R:223), else
    :func:`test_chance` on each need it may have (``offered`` as there), ``worse`` added to
    it by the rule that asks the test (a Neural Shock's on a Mind Transfer's victim, R:545)."""
    needs = {need + worse: p for need, p in _needs(game, m).items()}
    return _pass_odds(game, m, needs, offered)


def all_pass(game: AeonsGame, m: AeonsModel, tests: int) -> Fraction:
    """The chance ``m`` passes ``tests`` tests against its Resolve in a row, each as
    :func:`resolve_odds` takes it, what one spends of its aids (the Lucky Charm, R:476; each
    re-roll of its own, R:1101, R:667, R:816) gone for the next: a model with Lucky and the
    Charm may save two. A Plot Point's re-roll, offered to every test, is in each."""
    if frenzy_charging(game, m):
        return Fraction(1)
    needs = _needs(game, m)
    left = {_aids(game, m): Fraction(1)}
    for _ in range(tests):
        after: dict[Aids, Fraction] = defaultdict(Fraction)
        for aids, p in left.items():
            for need, q in needs.items():
                for kept, r in _passes(game, m, need, aids).items():
                    after[kept] += p * q * r
        left = after
    return sum(left.values(), Fraction(0))


def steady_odds(game: AeonsGame, horse: AeonsModel) -> PassOdds:
    """The test a ridden ``horse`` takes before its rider fires a weapon that asks it
    (R:1121), as play takes it (:func:`.skill_actions.dare`): on its own Resolve as what
    worsens it leaves it, no friend's lent nor its rider's (:func:`.psychology.mounts_resolve`),
    its Lucky, its Lucky Charm and a Plot Point's re-roll offered, a Frenzy's sure pass."""
    here = riding.standing_for(game, horse)
    needs: dict[int, Fraction] = defaultdict(Fraction)
    for own, p in own_resolves(game, horse):
        needs[own + worsened(game, horse, here)] += p
    return _pass_odds(game, horse, needs, True)


def _pass_odds(
    game: AeonsGame, m: AeonsModel, needs: dict[int, Fraction], offered: bool
) -> PassOdds:
    """``m``'s test on ``needs`` (each with its chance): a Frenzy's sure pass (R:223), else
    :func:`test_chance` on each."""
    if frenzy_charging(game, m):
        return PassOdds((), Fraction(1))
    passes = sum(
        (p * test_chance(game, m, need, offered) for need, p in needs.items()), Fraction(0)
    )
    return PassOdds(tuple(sorted(needs)), passes)


@dataclass(frozen=True, slots=True)
class Priority:
    """The test a Shoot Action owes to shoot past the closest enemy (R:177), as play takes it
    (:meth:`.Shoot._priority`): the chances the shot goes on to its target (``passes``) or is
    turned on the closest enemy (``turned``), its firer's Horse holding beside the test
    (R:1121; else the shot is spent); the firer's own ``test``."""

    passes: Fraction
    turned: Fraction
    test: PassOdds
    closest: tuple[AeonsModel, ...]


def priority_test(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> Priority | None:
    """The test ``m``'s shot at ``target`` owes to shoot past the closest enemy, if it owes one."""
    closest = closest_threats(game, m)
    return priority_chances(game, m, closest) if owes_priority_test(closest, (target,)) else None


def priority_chances(game: AeonsGame, m: AeonsModel, closest: Sequence[AeonsModel]) -> Priority:
    """The chances of ``m``'s test to shoot past the ``closest`` enemies
    (:func:`.shooting.closest_threats`), as play takes it."""
    horse = riding.mount_of(game, m)
    holds = Fraction(1) if horse is None else resolve_odds(game, horse, offered=False).passes
    test = resolve_odds(game, m)
    passes = test.passes
    return Priority(passes * holds, (1 - passes) * holds, test, tuple(closest))


@dataclass(frozen=True, slots=True)
class ActionOdds:
    """One Shoot Action's chances, each of the Action taken (a test failed or a throw counted
    in): at its target, and, when it owes a test to shoot past the closest enemy, at the
    closest the failed test turns it on (of several tied, the one the odds favour, which its
    player chooses)."""

    at_target: ShotOdds
    test: Priority | None = None
    turned_on: AeonsModel | None = None
    at_turned: ShotOdds = ShotOdds(Fraction(0), Fraction(0), Fraction(0))


def action_chances(game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str) -> ActionOdds:
    """The chances of ``m``'s Shoot Action at ``e`` with ``weapon_id``, as play rolls it: the
    test to shoot past the closest enemy, if owed, then the shot at ``e`` or at that enemy."""
    at_target = shot_chances(game, m, e, weapon_id)
    test = priority_test(game, m, e)
    if test is None:
        return ActionOdds(at_target)
    turned = {c.id: shot_chances(game, m, c, weapon_id) for c in test.closest}
    closest = max(test.closest, key=lambda c: (turned[c.id].out, turned[c.id].through))
    return ActionOdds(
        at_target.times(test.passes), test, closest, turned[closest.id].times(test.turned)
    )


def shot_odds(game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str) -> str:
    """One Shoot Action's odds as the player reads them, each of the Action taken: the test
    to shoot past the closest enemy, if owed, then the shot at ``e``, else at that enemy."""
    odds = action_chances(game, m, e, weapon_id)
    at_target = _shot_line(odds.at_target, e)
    if odds.test is None or odds.turned_on is None:
        return at_target
    test = odds.test
    passes = f"past the closest: {test.test.need} ({_pct(test.passes)})"
    thrown = 1 - test.passes - test.turned
    thrown_line = f"; his Horse throws him {_pct(thrown)}" if thrown else ""
    turned = _shot_line(odds.at_turned, odds.turned_on)
    return f"{passes}{thrown_line}; {at_target}; else at {odds.turned_on.id}: {turned}"


def _shot_line(odds: ShotOdds, e: AeonsModel) -> str:
    return (
        f"a shot gets through {_pct(odds.through)}, "
        f"takes {e.id} out {_pct(odds.out)}, Face Down {_pct(odds.down)}"
    )


@cache
def _faces(count: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Each set of faces ``count`` D6 may show, lowest first, with its chance."""
    total = 6**count
    found = []
    for faces in combinations_with_replacement(range(1, 7), count):
        ways = factorial(count) // prod(factorial(faces.count(f)) for f in set(faces))
        found.append((faces, Fraction(ways, total)))
    return tuple(found)


def fight_roll(game: AeonsGame, m: AeonsModel, dice: int, critical: int) -> Dist:
    """What ``m``'s close combat roll of ``dice`` does, as play reads it: (its highest die,
    what its 1s add to the opponent's, its dice of ``critical`` or more, each of which may
    start a Critical Hit)."""
    prof = catalog_of(game).profile(m.profile)
    weights: dict[tuple[int, int, int], Fraction] = {}
    for faces, p in _faces(dice):
        roll = Roll("close-combat", f"{dice}D6", faces, sum(faces), m.id)
        key = (
            fighter.highest(prof, roll),
            fighter.misses(game, prof, roll),
            sum(1 for f in faces if f >= critical),
        )
        weights[key] = weights.get(key, Fraction(0)) + p
    return Dist(weights)


@dataclass(frozen=True, slots=True)
class Fighter:
    """One side of a round as the odds weigh it: its roll, its total's bonus, and what its
    win does to the other side."""

    roll: Dist
    ccb: int
    wounds: bool
    """Whether a win of its rolls to wound: not when Face Up (it gets away, R:159), nor with
    a weapon of no Damage."""
    confirm: Fraction
    """The chance a die that may start a Critical Hit confirms it."""
    save: int
    bonus: int
    target: Target

    def takes_out(self, hits: int, starts: int) -> Fraction:
        """The chance a win by ``hits``, with ``starts`` dice that may start a Critical Hit,
        takes the loser out: removed, or left Face Down beside its winner (R:160)."""
        found = self.results(hits, starts).items()
        return sum((p for (r, _), p in found if r in (OUT, FACE_DOWN_RESULT)), Fraction(0))

    def results(self, hits: int, starts: int) -> dict[tuple[str, int], Fraction]:
        """The chance of each result and Wounds caused (:func:`wound_results`) of ``hits`` on
        the loser, with ``starts`` dice that may start a Critical Hit: a win's, or a free
        hit's (one hit, no Critical, :func:`.damage.free_hit`)."""
        if not self.wounds:
            return {(WOUNDS, 0): Fraction(1)}
        scored = 1 - (1 - self.confirm) ** starts
        found: dict[tuple[str, int], Fraction] = defaultdict(Fraction)
        for k, p in binomial(hits, _faces_below(self.save)).items():
            for crit, q in ((True, scored), (False, 1 - scored)):
                if q:
                    bonus = self.bonus + criticals.CRITICAL_BONUS * crit
                    for result, caused, r in wound_results(k, bonus, *self.target):
                        found[result, caused] += p * q * r
        return dict(found)


def fighter_of(game: AeonsGame, m: AeonsModel, foe: AeonsModel, charging: bool) -> Fighter:
    """``m`` in a round against ``foe`` as play counts it (:mod:`.combat`)."""
    cat = catalog_of(game)
    prof, foe_prof = cat.profile(m.profile), cat.profile(foe.profile)
    weapon = cat.close_weapon(prof)
    helpers = sum(1 for f in contacts(game, foe) if f.side == m.side and f.id != m.id)
    critical = stake.critical_face(fighter.critical_face(cat, prof), weapon, foe_prof)
    played = criticals.played(game) and not fire_born(game, foe)
    confirm = criticals.confirming_face(critical, plots.confirming(game, m))
    return Fighter(
        roll=fight_roll(game, m, fight_dice(game, m, foe, charging) + helpers, critical),
        ccb=fighter.ccb(cat, prof, charging) + hate.ccb(game, m, foe),
        wounds=m.normal and not weapon.harmless,
        confirm=_faces_from(confirm) if played else Fraction(0),
        save=combined(skill_saves(game, foe, "close")),
        bonus=fighter.damage(cat, prof),
        target=struck(
            game, m, foe, weapon, fighter.armour_piercing(cat, prof), surgical_bonus(prof, weapon)
        ),
    )


@dataclass(frozen=True, slots=True)
class HideousTest:
    """A test ``model`` takes for the Hideous ``foe`` in base-to-base before the round (R:117,
    R:209)."""

    model: str
    foe: str
    test: PassOdds


@dataclass(frozen=True, slots=True)
class FightOdds:
    """The chances of the first round of a Charge: the charger wins it, and takes the target
    out; it loses it, and is taken out. With ``tests`` for a Hideous fighter before the round
    (R:117), ``out`` and ``taken`` count what they bring too: a Catatonic model removed as the
    round begins (R:160), a free hit on one breaking away in Revulsion."""

    win: Fraction
    out: Fraction
    lose: Fraction
    taken: Fraction
    tests: tuple[HideousTest, ...] = ()

    def times(self, p: Fraction) -> FightOdds:
        """These chances when what brings them happens with the chance ``p``."""
        return FightOdds(self.win * p, self.out * p, self.lose * p, self.taken * p, self.tests)

    def plus(self, other: FightOdds) -> FightOdds:
        """These chances and ``other``'s, of outcomes that exclude each other."""
        return FightOdds(
            self.win + other.win,
            self.out + other.out,
            self.lose + other.lose,
            self.taken + other.taken,
            self.tests,
        )


NO_ROUND = FightOdds(Fraction(0), Fraction(0), Fraction(0), Fraction(0))
"""A Charge whose round is not fought: a model broke away before it."""

Owed = tuple[tuple[str, str], ...]
"""The Hideous tests owed before a round, as (model id, situation), in the order taken."""


def fight_chances(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> FightOdds:
    """The chances of the round ``m`` opens with a Charge at ``e``, as play rolls it: from
    where the Charge ends (:func:`.movement.charge_end`, so with the friends in base-to-base
    there, R:155), after the tests a Hideous fighter asks of the other (R:117). A Charge into
    a new combat, from out of contact, is the one a charger's own rules count (Thunderous
    Charge, R:1161); one that fights on a Draw is not (:class:`.movement.Charge`)."""
    fresh = not contacts(game, m)
    there = where_charged(game, m, e)
    owed = _hideous_tests(there, m.id, e.id)
    odds = _tested(there, m.id, e.id, fresh, owed)
    tests = tuple(
        HideousTest(mid, m.id if mid == e.id else e.id, resolve_odds(there, there.model(mid)))
        for mid, _ in owed
    )
    return replace(odds, tests=tests)


def where_charged(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> AeonsGame:
    """The game as it stands when ``m``'s Charge at ``e`` has taken it into base-to-base: a
    copy with ``m`` where the Charge ends, or the game itself when it does not move."""
    end = charge_end(game, m, e)
    if end is None or (end[0] == m.pos and end[1] == m.level):
        return game
    there = game.clone()
    moved = there.model(m.id)
    (moved.x, moved.y), moved.level = end
    return there


def _hideous_tests(game: AeonsGame, a: str, b: str) -> Owed:
    """The tests ``a`` and ``b`` owe for a Hideous enemy in base-to-base now, not faced yet,
    as :func:`.psychology.next_test` takes them: the active side's first."""
    table = placement(game)
    owed: list[tuple[str, str]] = []
    for mid in sorted((a, b), key=lambda i: game.model(i).side != game.state.active):
        x = game.model(mid)
        now = situations(game, table, x) or ()
        owed += [(mid, s) for s in now if s.startswith(HIDEOUS) and s not in x.faced]
    return tuple(owed)


def _tested(game: AeonsGame, a: str, b: str, fresh: bool, owed: Owed) -> FightOdds:
    """The chances of the round of ``a`` (the charger) and ``b`` after the tests ``owed``:
    each passed, or failed into each Insanity effect (:func:`.psychology.failure_effects`)."""
    if not owed:
        return _round(game, a, b, fresh)
    (mid, situation), rest = owed[0], owed[1:]
    x = game.model(mid)
    passes = resolve_odds(game, x).passes
    odds = _tested(game, a, b, fresh, rest).times(passes)
    for effect, p in failure_effects(game, x, situation).items():
        insane = _insane(game, a, b, fresh, rest, mid, effect)
        odds = odds.plus(insane.times((1 - passes) * p))
    return odds


def _insane(
    game: AeonsGame, a: str, b: str, fresh: bool, rest: Owed, mid: str, effect: str
) -> FightOdds:
    """The chances of the round when ``mid`` suffers the Insanity ``effect`` before it: Face
    Up or Face Down (:class:`.psychology.Insanity`), Revulsion (:func:`_revulsed`), or a
    Frenzy, which fights the round with its Attacks doubled (no Move first)."""
    if effect in (FACE_UP, FACE_DOWN):
        return _tested(_in_state(game, mid, effect), a, b, fresh, rest)
    if effect in REVULSIONS:
        return _revulsed(game, a, b, fresh, rest, mid)
    return _tested(_in_frenzy(game, mid), a, b, fresh, rest)


def _in_state(game: AeonsGame, mid: str, state: str) -> AeonsGame:
    """A copy of the game with ``mid`` Face Up or Face Down."""
    there = game.clone()
    there.model(mid).state = state
    return there


def _in_frenzy(game: AeonsGame, mid: str) -> AeonsGame:
    """A copy of the game with ``mid`` Frenzied (:func:`.psychology.frenzy`): its Attacks
    doubled (:func:`.fighter.frenzied`), its further tests of the turn passed where the
    catalog's Frenzy Charges (R:223)."""
    there = game.clone()
    there.state.frenzied = (*there.state.frenzied, mid)
    return there


def _revulsed(game: AeonsGame, a: str, b: str, fresh: bool, rest: Owed, mid: str) -> FightOdds:
    """Revulsion before the round (:func:`.psychology.revulse`): held by a Grappler, ``mid``
    stays and fights; else it breaks away, taking the free hit of the Normal foe it leaves
    (:func:`.damage.break_away`): taken out by it, or left Face Down beside the foe (removed
    as the round begins) or Face Up (it moves no more and fights); else it is gone, and no
    round is fought."""
    x = game.model(mid)
    if fighter.held(game, x):
        return _tested(game, a, b, fresh, rest)
    foe = game.model(b if mid == a else a)
    odds = NO_ROUND
    if not foe.normal:
        return odds
    for result, after, p in _free_hit(game, foe.id, mid):
        if result == OUT:
            odds = odds.plus(_removed(a, mid).times(p))
        elif result != WOUNDS:
            odds = odds.plus(_tested(after, a, b, fresh, rest).times(p))
    return odds


def _free_hit(game: AeonsGame, hitter: str, victim: str) -> list[tuple[str, AeonsGame, Fraction]]:
    """What a free hit of ``hitter`` on ``victim`` (:func:`.damage.free_hit`: no roll to
    hit, whatever the hitter's state) brings, as (result, the game it leaves, chance): out,
    Face Down, Face Up (the Injury roll that sets either comes once the last Wound is gone, so
    the round after counts every Wound past none, as play does), or Wounds short of the last,
    the fewer Wounds left."""
    cat = catalog_of(game)
    m, x = game.model(hitter), game.model(victim)
    hit = replace(
        fighter_of(game, m, x, False), wounds=not cat.close_weapon(cat.profile(m.profile)).harmless
    )
    found: list[tuple[str, AeonsGame, Fraction]] = []
    for (result, caused), p in hit.results(1, 0).items():
        after = game
        if result in (FACE_DOWN_RESULT, FACE_UP_RESULT):
            after = _in_state(game, victim, FACE_DOWN if result == FACE_DOWN_RESULT else FACE_UP)
            after.model(victim).wounds = 0
        elif result == WOUNDS and caused:
            after = game.clone()
            after.model(victim).wounds -= caused
        found.append((result, after, p))
    return found


def _removed(a: str, mid: str) -> FightOdds:
    """``mid`` taken out before the round: the charger ``a``, or its target."""
    return FightOdds(Fraction(0), Fraction(mid != a), Fraction(0), Fraction(mid == a))


def _round(game: AeonsGame, a: str, b: str, fresh: bool, unarmed: bool = True) -> FightOdds:
    """The chances of the round itself, as it begins (:meth:`.combat.CombatRound._start`): a
    Face Down fighter removed, the charger first (R:160); the hit an Unarmed fighter suffers
    (``unarmed``: not taken yet); then the dice."""
    for mid in (a, b):
        if game.model(mid).state == FACE_DOWN:
            return _removed(a, mid)
    cat = catalog_of(game)
    victims = tuple(
        v for v in (a, b) if fighter.suffers_unarmed_hit(cat, cat.profile(game.model(v).profile))
    )
    if unarmed and victims:
        return _unarmed(game, a, b, fresh, victims)
    return _dice(game, a, b, fresh)


def _unarmed(game: AeonsGame, a: str, b: str, fresh: bool, victims: tuple[str, ...]) -> FightOdds:
    """The hits Unarmed ``victims`` suffer before the round (the Weapons Table's Unarmed;
    Martial Artist spares it, R:1103), each a free hit of the other, then the round."""
    if not victims:
        return _round(game, a, b, fresh, unarmed=False)
    victim, rest = victims[0], victims[1:]
    odds = NO_ROUND
    for result, after, p in _free_hit(game, b if victim == a else a, victim):
        then = _removed(a, victim) if result == OUT else _unarmed(after, a, b, fresh, rest)
        odds = odds.plus(then.times(p))
    return odds


def _dice(game: AeonsGame, a: str, b: str, fresh: bool) -> FightOdds:
    """The chances of the round's dice: each side's roll, the winner's hits to wound."""
    m, e = game.model(a), game.model(b)
    ours, theirs = fighter_of(game, m, e, fresh), fighter_of(game, e, m, False)
    # Each winner's margin and critical face is weighed once, however many rolls give it.
    won: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    lost: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for (high_a, ones_a, starts_a), p in ours.roll.items():
        for (high_b, ones_b, starts_b), q in theirs.roll.items():
            diff = (high_a + ours.ccb + ones_b) - (high_b + theirs.ccb + ones_a)
            if diff > 0:
                won[diff, starts_a] += p * q
            elif diff < 0:
                lost[-diff, starts_b] += p * q
    out = sum((p * ours.takes_out(*key) for key, p in won.items()), Fraction(0))
    taken = sum((p * theirs.takes_out(*key) for key, p in lost.items()), Fraction(0))
    return FightOdds(sum(won.values(), Fraction(0)), out, sum(lost.values(), Fraction(0)), taken)


def fight_odds(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> str:
    """The first round of a charge: who wins it, and the chance each side is taken out; with
    the tests a Hideous fighter asks first (R:117), each test's need and chance first, then
    the chances each side is taken out, before the round or in it."""
    if e.state == FACE_DOWN:
        return f"{e.id} is Face Down: it is removed when the fight begins"
    odds = fight_chances(game, m, e)
    if not odds.tests:
        return (
            f"wins the first round {_pct(odds.win)} (takes {e.id} out {_pct(odds.out)}), "
            f"loses it {_pct(odds.lose)} (taken out {_pct(odds.taken)})"
        )
    tests = "; ".join(_test_line(t) for t in odds.tests)
    return (
        f"{tests}; wins the first round {_pct(odds.win)}, loses it {_pct(odds.lose)}; "
        f"takes {e.id} out {_pct(odds.out)}, taken out {_pct(odds.taken)}"
    )


def _test_line(hideous: HideousTest) -> str:
    test = hideous.test
    return f"{hideous.model} tests for the Hideous {hideous.foe}: {test.need} ({_pct(test.passes)})"


def action_odds(game: AeonsGame, action: Action) -> str:
    """The odds of a Shoot or Charge option, ``""`` for any other."""
    if action.kind == "shoot" and len(action.args) == 3:
        m, e = game.model(action.args[0]), game.model(action.args[1])
        return shot_odds(game, m, e, action.args[2])
    if action.kind == "charge" and len(action.args) == 2:
        return fight_odds(game, game.model(action.args[0]), game.model(action.args[1]))
    return ""


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"
