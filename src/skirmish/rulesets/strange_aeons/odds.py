"""Exact odds of Strange Aeons attacks, for the heuristic player and for a player about to
choose one: a Shoot Action's shots that hit and beat the save, then the highest to-wound die
against Constitution, then the Injury roll of a model out of Wounds; and one round of close
combat, highest dice plus close-combat bonus against each other, the winner rolling to wound
with the difference. A hit's AP takes off the armour it pierces (R:1223); a shot is saved
as play saves it (cover, each further piece, prone, Duck, the terrain's, the skills' and Plot
Points', combined: :func:`.shooting.save_against`, R:149, R:187-188), a close combat hit by
the loser's saves against such hits (Tough, Duck: R:1163, R:1073); a Face Up winner rolls
no wound (R:139, R:159). Each result is a chance, exact as a fraction."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.geometry.terrain import Cover
from skirmish.odds import binomial, dice_sum, highest
from skirmish.rulesets.strange_aeons import fighter, mobs
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog, Weapon
from skirmish.rulesets.strange_aeons.constitution import constitution
from skirmish.rulesets.strange_aeons.damage import wounds_caused
from skirmish.rulesets.strange_aeons.fire_daemon import hit_need
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, AeonsModel
from skirmish.rulesets.strange_aeons.riding import penalty
from skirmish.rulesets.strange_aeons.saves import combined, skill_saves
from skirmish.rulesets.strange_aeons.shooting import save_against, shot_ap
from skirmish.rulesets.strange_aeons.space import contacts, gap

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

WOUNDS, OUT, FACE_DOWN_RESULT, FACE_UP_RESULT = "wounds", "out", "face-down", "face-up"
OUT_OF_THE_FIGHT = 7  # an Injury roll of 7 or more takes the model out; 5-6 Face Down


@cache
def wound_results(
    hits: int, bonus: int, con: int, wounds_left: int, tough: bool
) -> tuple[tuple[str, int, Fraction], ...]:
    """What ``hits`` to-wound dice do, as (result, Wounds caused, chance): ``"wounds"`` when
    the model keeps some Wounds (0 caused: no effect), else the Injury roll's result, ``"out"``,
    ``"face-down"`` or ``"face-up"`` (Tough takes 2 off the roll)."""
    if hits == 0:
        return ((WOUNDS, 0, Fraction(1)),)
    injury = dice_sum(2, 6)
    results = []
    for face, p in highest(hits, 6).items():
        caused = wounds_caused(face + bonus, con)
        if caused < max(wounds_left, 1):
            results.append((WOUNDS, caused, p))
            continue
        shift = caused - wounds_left - (2 if tough else 0)
        for roll, q in injury.items():
            value = roll + shift
            result = (
                OUT
                if value >= OUT_OF_THE_FIGHT
                else FACE_DOWN_RESULT
                if value >= 5
                else FACE_UP_RESULT
            )
            results.append((result, caused, p * q))
    return tuple(results)


def chance_of(results: tuple[tuple[str, int, Fraction], ...], result: str) -> Fraction:
    """The chance of one result among ``wound_results``."""
    return sum((p for r, _, p in results if r == result), Fraction(0))


def taken_out(results: tuple[tuple[str, int, Fraction], ...]) -> Fraction:
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
) -> tuple[int, int, bool]:
    """What a wound roll against ``m`` depends on: Constitution (its armour less the hit's
    ``ap``, the weapon's AP when not given, R:1223; none of it when ``weapon`` Disrupts it),
    Wounds left, Tough."""
    prof = cat.profile(m.profile)
    disrupt = weapon is not None and weapon.has("disrupt")
    pierced = ap if ap is not None else weapon.ap if weapon is not None else 0
    return constitution(prof, pierced, disrupt), m.wounds, prof.has("tough")


def save_of(cat: Catalog, cover: Cover, target: AeonsModel) -> int:
    """The cover save of ``target`` (7: none) with ``cover``; a model not Normal saves as if
    prone: the heuristic's estimate where a model may stand, its skills' saves aside."""
    save = cat.cover_saves[cover - 1] if cover > Cover.NONE else 7
    return save if target.normal else min(save, cat.scenario.prone_save)


def fight_dice(game: AeonsGame, m: AeonsModel) -> int:
    """The close-combat dice of ``m``: one fewer when it is not Normal; a Mob's its members'
    added (R:921)."""
    n = mobs.typical_attacks(game, m)
    return max(1, n - 1) if not m.normal and not mobs.bears(game, m) else n


def shot_bonus(game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str) -> int:
    """The to-wound bonus of a shot: the weapon's Damage, +1 for Blast within its range."""
    cat = catalog_of(game)
    w = cat.weapon(weapon_id)
    return w.damage + (1 if w.has("blast") and gap(game, m, e) <= cat.scenario.blast_range else 0)


@dataclass(frozen=True, slots=True)
class ShotOdds:
    """One Shoot Action's chances: a hit gets through, the target is taken out, or left Face
    Down."""

    through: Fraction
    out: Fraction
    down: Fraction


def shot_chances(game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str) -> ShotOdds:
    """The chances of ``m``'s Shoot Action at ``e`` with ``weapon_id``: from the saddle 1
    harder to hit (R:1121)."""
    cat = catalog_of(game)
    w, prof = cat.weapon(weapon_id), cat.profile(m.profile)
    need = hit_need(game, prof.dex + penalty(game, m), e)
    through = through_chance(need, save_against(game, m, e)[1])
    bonus, target = shot_bonus(game, m, e, weapon_id), target_of(cat, e, w, shot_ap(game, m, w))
    spread = binomial(w.typical_rate, through)
    out = down = Fraction(0)
    for k, p in spread.items():
        results = wound_results(k, bonus, *target)
        out += p * chance_of(results, OUT)
        down += p * chance_of(results, FACE_DOWN_RESULT)
    return ShotOdds(1 - spread[0], out, down)


def shot_odds(game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str) -> str:
    """One Shoot Action's odds as the player reads them."""
    odds = shot_chances(game, m, e, weapon_id)
    return (
        f"a shot gets through {_pct(odds.through)}, "
        f"takes {e.id} out {_pct(odds.out)}, Face Down {_pct(odds.down)}"
    )


@dataclass(frozen=True, slots=True)
class FightOdds:
    """The chances of the first round of a Charge: the charger wins it, and takes the target
    out; it loses it, and is taken out."""

    win: Fraction
    out: Fraction
    lose: Fraction
    taken: Fraction


def fight_chances(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> FightOdds:
    """The chances of the round ``m`` opens with a Charge at ``e``."""
    cat = catalog_of(game)
    pa, pb = cat.profile(m.profile), cat.profile(e.profile)
    wa, wb = cat.close_weapon(pa), cat.close_weapon(pb)
    ours = fight_dice(game, m) + sum(
        1 for f in contacts(game, e) if f.side == m.side and f.id != m.id
    )
    theirs = fight_dice(game, e) + sum(
        1 for f in contacts(game, m) if f.side == e.side and f.id != e.id
    )
    hit_e = target_of(cat, e, wa, fighter.armour_piercing(cat, pa))
    hit_m = target_of(cat, m, wb, fighter.armour_piercing(cat, pb))
    save_e, save_m = (combined(skill_saves(game, o, "close")) for o in (e, m))
    win = lose = out = taken = Fraction(0)
    for ta, p in highest(ours, 6).items():
        for tb, q in highest(theirs, 6).items():
            diff = (ta + wa.ccb) - (tb + wb.ccb)
            if diff > 0:
                win += p * q
                out += p * q * _blows_out(diff, save_e, wa.damage, hit_e)
            elif diff < 0 and e.normal:
                lose += p * q
                taken += p * q * _blows_out(-diff, save_m, wb.damage, hit_m)
            elif diff < 0:  # a Face Up winner is set down away, and wounds nobody
                lose += p * q
    return FightOdds(win, out, lose, taken)


def _blows_out(hits: int, save: int, bonus: int, target: tuple[int, int, bool]) -> Fraction:
    """The chance a round won by ``hits`` takes the loser out, each hit saved on its own die
    (``save``+) before the rest are rolled to wound."""
    kept = binomial(hits, _faces_below(save)).items()
    return sum((p * taken_out(wound_results(k, bonus, *target)) for k, p in kept), Fraction(0))


def fight_odds(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> str:
    """The first round of a charge: who wins it, and the chance each side is taken out."""
    if e.state == FACE_DOWN:
        return f"{e.id} is Face Down: it is removed when the fight begins"
    odds = fight_chances(game, m, e)
    return (
        f"wins the first round {_pct(odds.win)} (takes {e.id} out {_pct(odds.out)}), "
        f"loses it {_pct(odds.lose)} (taken out {_pct(odds.taken)})"
    )


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
