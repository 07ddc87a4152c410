"""A model in close combat as its skills change it: its dice, C.C. bonus, Damage, AP, critical
hits and misses, and the Parries it may use (rules notes §1.7, §3.8a).

Fighting Unarmed, Martial Artist and Strike to Kill add 1 to the C.C. bonus and 1 to Damage
each, Enlightened 2 to the C.C. bonus (R:1103, R:1143, R:1079); Martial Artist spares the
model the automatic hit an Unarmed fighter suffers (R:1103), and Fists of Iron makes an
Unarmed to-hit 5 as well as 6 a Critical Hit, confirmed on 5 or 6 (R:1087). The other
sentences of these skills name no weapon, so they act on all the model's close combat: with
Fists of Iron its attacks are AP2 at least (R:1087), with Enlightened its 1s count as 2, so
it suffers no critical misses (R:1079), with Strike to Kill no Parry of the opponent re-rolls
its dice (R:1143). Combat Veteran cancels one Parry of the opponent a round (R:1059).
Thunderous Charge, when the model Charges into a new combat on its own turn or in a Frenzy,
rolls one die fewer (never fewer than one, rules notes item 66) and adds 2 to the C.C. bonus
(R:1161, item 53).

Where the catalog plays it, a model with two close combat weapons (Unarmed is none) may fight
a round with its best two: one die more and 1 off the C.C. bonus of the best (R:284, rules
notes §1.7), and its winner rolls to wound with the one it chooses. Two-Fisted adds one more
die and spares the -1 (R:1167). The best weapon's C.C. bonus and Parry count.

Destroy Weapon: instead of rolling to wound, the winner destroys one weapon or piece of armour
of the Weapons Tables the loser has (R:1069): the model fights on without it, its profile
named with the item taken (:data:`.catalog.LOST`).

Grapple has no text in the book (R:621, R:697); as rules notes §6 item 6 suggests, the loser of
a round against a Grappler cannot leave the combat (a Revulsion does not move it) and rolls one
die fewer (never fewer than one) in its next round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.rulesets.strange_aeons import criticals
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import (
    LOST,
    UNARMED,
    Catalog,
    Profile,
    Skill,
    Weapon,
    base_weapon_id,
)

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

UNARMED_BONUS: dict[Skill, tuple[int, int]] = {
    "martial_artist": (1, 1),
    "strike_to_kill": (1, 1),
    "enlightened": (2, 0),
}
"""What each skill adds to the C.C. bonus and the Damage of a model fighting Unarmed."""
FISTS_CRITICAL = 5
"""Fists of Iron: the lowest Unarmed to-hit face, and confirming face, of a Critical Hit."""
CRITICAL = 6
FISTS_AP = 2
THUNDEROUS_BONUS = 2
VETERAN = "Skills: Combat Veteran (R:1059)"
STRIKE = "Skills: Strike to Kill (R:1143)"
THUNDEROUS = "Skills: Thunderous Charge (R:1161, rules notes items 53, 66)"
TWO_WEAPONS = "Fighting with Two Weapons (R:284)"
FEINT = "Skills: Feint (R:1083)"
GRAPPLE = "Skills: Grapple (R:621, rules notes §6 item 6)"
DESTROY = "Skills: Destroy Weapon (R:1069)"
PAIRED_DICE = 1
PAIRED_CCB = -1
TWO_FISTED_DICE = 1


def _unarmed(cat: Catalog, prof: Profile) -> bool:
    return cat.close_weapon(prof).has("unarmed")


def _unarmed_bonus(cat: Catalog, prof: Profile, index: int) -> int:
    if not _unarmed(cat, prof):
        return 0
    return sum(bonus[index] for skill, bonus in UNARMED_BONUS.items() if prof.has(skill))


def _thunders(prof: Profile, charging: bool) -> bool:
    """Whether Thunderous Charge acts: the model has it and has Charged into a new combat."""
    return charging and prof.has("thunderous_charge")


def dice(game: AeonsGame, m: AeonsModel, base: int, charging: bool) -> int:
    """The dice of ``m``'s Attacks ``base`` as its skills change them (:func:`dice_count`),
    which the log says; a Grappler's hold is spent by the round."""
    cat, st = catalog_of(game), game.state
    n = dice_count(game, m, base, charging)
    if _thunders(cat.profile(m.profile), charging):
        game.emit("thunderous", THUNDEROUS, (m.id,), bonus=THUNDEROUS_BONUS)
    if m.id in st.grappled:
        game.emit("grappled", GRAPPLE, (m.id,))
        st.grappled = tuple(g for g in st.grappled if g != m.id)
    return n


def frenzied(game: AeonsGame, m: AeonsModel, attacks: int) -> int:
    """``m``'s ``attacks`` doubled while it is Frenzied, for the rest of the turn (R:223; the
    introduction's Insanity Table)."""
    return attacks * 2 if m.id in game.state.frenzied else attacks


def dice_count(game: AeonsGame, m: AeonsModel, base: int, charging: bool) -> int:
    """The dice of ``m``'s Attacks ``base`` as its skills change them, told nowhere: one
    fewer for Thunderous Charge, one fewer held by a Grappler, never fewer than one."""
    n = base
    if _thunders(catalog_of(game).profile(m.profile), charging):
        n = max(1, n - 1)
    if m.id in game.state.grappled:
        n = max(1, n - 1)
    return n


def destroyable(cat: Catalog, prof: Profile) -> dict[str, str]:
    """The items of the Weapons Tables a model has, by id, with their names: a weapon once,
    whatever ammunition it fires or setting it has (named after its first load or setting
    then, R:1069, R:1323); the bare hand is none, though the Stun Gauntlet is (R:1359)."""
    weapons = [w for w in map(cat.weapon, prof.weapons) if w.item and w.id != UNARMED]
    found: dict[str, str] = {}
    for w in weapons:
        found.setdefault(base_weapon_id(w.id), w.name)
    return found | {a.id: a.name for a in prof.worn}


def destroy(game: AeonsGame, winner: AeonsModel, loser: AeonsModel, item: str) -> None:
    """Destroy Weapon: ``loser`` loses ``item``, and what was kept of it (primed, Jammed)."""
    cat, st = catalog_of(game), game.state
    name = destroyable(cat, cat.profile(loser.profile))[item]
    loser.profile = f"{loser.profile}{LOST}{item}"

    def kept(pair: tuple[str, str]) -> bool:
        return pair[0] != loser.id or base_weapon_id(pair[1]) != item

    st.jammed = tuple(filter(kept, st.jammed))
    st.readied = tuple(filter(kept, st.readied))
    st.turn_weapons = tuple(filter(kept, st.turn_weapons))
    game.emit("item-destroyed", DESTROY, (winner.id, loser.id), item=name)


def grapple(game: AeonsGame, winner: AeonsModel, loser: AeonsModel) -> None:
    """A Grappler's win holds the loser in the combat until its next round."""
    st = game.state
    if catalog_of(game).profile(winner.profile).has("grapple") and loser.id not in st.grappled:
        st.grappled = (*st.grappled, loser.id)
        game.emit("grapple", GRAPPLE, (winner.id, loser.id))


def held(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether a Grappler's win keeps ``m`` from leaving its combat."""
    return m.id in game.state.grappled


def ccb(cat: Catalog, prof: Profile, charging: bool, paired: bool = False) -> int:
    """The model's C.C. bonus: its weapon's, its Unarmed skills' and Thunderous Charge's, and
    two weapons' penalty when ``paired``."""
    bonus = cat.close_weapon(prof).ccb + _unarmed_bonus(cat, prof, 0)
    if paired and not prof.has("two_fisted"):
        bonus += PAIRED_CCB
    return bonus + (THUNDEROUS_BONUS if _thunders(prof, charging) else 0)


def damage(cat: Catalog, prof: Profile, weapon: Weapon | None = None) -> int:
    """The Damage bonus of the model's close combat hits, with its best weapon or ``weapon``."""
    used = weapon or cat.close_weapon(prof)
    return used.damage + _unarmed_bonus(cat, prof, 1)


def armour_piercing(cat: Catalog, prof: Profile, weapon: Weapon | None = None) -> int:
    """The AP of the model's close combat hits (Fists of Iron: 2 at least)."""
    ap = (weapon or cat.close_weapon(prof)).ap
    return max(ap, FISTS_AP) if prof.has("fists_of_iron") else ap


def second_weapon(cat: Catalog, prof: Profile) -> Weapon | None:
    """The weapon a model may fight with besides its best, where the catalog plays two: a
    weapon, the bare hand (the Unarmed row) none, though a weapon with the Unarmed rule (the
    Stun Gauntlet, R:1359) is one."""
    armed = [w for w in cat.close_weapons(prof) if w.id != UNARMED]
    return armed[1] if cat.scenario.two_weapons and len(armed) > 1 else None


def paired_dice(prof: Profile) -> int:
    """The dice two weapons add (Two-Fisted's Attack too)."""
    return PAIRED_DICE + (TWO_FISTED_DICE if prof.has("two_fisted") else 0)


def critical_face(cat: Catalog, prof: Profile) -> int:
    """The lowest to-hit face that may be a Critical Hit, and that confirms one."""
    if prof.has("fists_of_iron") and _unarmed(cat, prof):
        return FISTS_CRITICAL
    return CRITICAL


def suffers_unarmed_hit(cat: Catalog, prof: Profile) -> bool:
    """Whether an Unarmed fighter suffers the automatic hit (Martial Artist spares it): one
    with no weapon, fighting with the Unarmed row; a weapon with the Unarmed rule (the Stun
    Gauntlet, R:1359) is a weapon, which only counts as Unarmed for the skills."""
    return cat.close_weapon(prof).id == UNARMED and not prof.has("martial_artist")


def highest(prof: Profile, roll: Roll) -> int:
    """The highest die of the model's roll, a 1 counting as 2 for an Enlightened model."""
    if prof.has("enlightened"):
        return max(max(face, 2) for face in roll.faces)
    return roll.highest


def misses(game: AeonsGame, prof: Profile, roll: Roll) -> int:
    """What the model's 1s add to the opponent's highest die (none when Enlightened)."""
    return 0 if prof.has("enlightened") else criticals.misses(game, roll)


def parries_left(game: AeonsGame, m: AeonsModel, foe: AeonsModel, parries: int) -> int:
    """How many of ``m``'s ``parries`` act against ``foe``: none against Strike to Kill, one
    fewer against a Combat Veteran."""
    prof = catalog_of(game).profile(foe.profile)
    if not parries:
        return 0
    if prof.has("strike_to_kill"):
        game.emit("unparried", STRIKE, (foe.id, m.id))
        return 0
    if prof.has("combat_veteran"):
        game.emit("veteran", VETERAN, (foe.id, m.id))
    return less_veteran(prof, parries)


def less_veteran(prof: Profile, parries: int) -> int:
    """The opponent's ``parries`` that still act against a model of ``prof``: one fewer when
    it is a Combat Veteran, which cancels one (R:1059)."""
    return max(0, parries - 1) if prof.has("combat_veteran") else parries
