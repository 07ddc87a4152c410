"""The models a club list puts on the table, as the game reads them: each one's name, whether
it is a Hero, its fighting profile, who pays its cards, and its magic (L17-L27, L204-L208,
L237-L259; rules notes §1.11, §2.1-§2.6).

A named hero or a hired henchman fights as the catalogue prints it
(:func:`..combat.combatant.combatant`). A custom hero fights with its sheet's profile and
Armour (:func:`..clubs.sheets.hero_sheet`), its race's, profession's and gadgets' special
rules, its profession's melee traits on its melee weapon, and the weapons of its gadgets.

Henchmen that come with a hero or a race rather than being hired (Hounds, Mirror Servants, a
Gnome's Golem; §7 item 50) enter by their bringer's special rules, which the game does not
play yet, so a roster holds only the models the list fields and hires.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skirmish.rulesets.wolsung.cards.payments import Payer
from skirmish.rulesets.wolsung.clubs.club_list import ClubList, CustomHero, NamedPick
from skirmish.rulesets.wolsung.clubs.sheets import HeroSheet, hero_sheet
from skirmish.rulesets.wolsung.combat.combatant import Combatant, combatant
from skirmish.rulesets.wolsung.rules_data.records import GadgetType, KeywordRef, WolsungCatalog

__all__ = ["CLUB_RACE_RULES", "Member", "roster"]

CLUB_RACE_RULES: dict[str, str] = {"sunnir_techniques": "orc"}
"""Club rules that reach the club's models of one race: the Triad's Orcs have Magic
Protection by the Techniques of Sunnir Masters (L719, §7 item 53). A named model's printed
rules are otherwise its own (notes §2.5)."""


@dataclass(frozen=True, slots=True)
class Member:
    """One model of a club: ``key`` is its model id (``"1H2"``: the first club's hero 2; ``"1M3"``:
    henchman 3); ``payer`` is the Hero that pays its cards (``None`` for a henchman, which
    plays none, §7 item 38); ``magic_ability`` its casting dice, if it casts; ``record`` the
    id of its catalogue entry (a named hero's or a henchman's; ``""`` for a custom hero)."""

    key: str
    club: int
    fighter: Combatant
    payer: Payer | None
    magic_ability: int | None = None
    spells: tuple[str, ...] = ()
    record: str = ""

    @property
    def hero(self) -> bool:
        """Whether the model is a Hero (L204)."""
        return self.fighter.hero

    @property
    def name(self) -> str:
        """The model's name."""
        return self.fighter.name


def roster(catalog: WolsungCatalog, club: int, fielded: ClubList) -> tuple[Member, ...]:
    """Every model ``fielded`` puts on the table for seat ``club``: heroes first, then the
    henchmen in the order hired."""
    heroes = tuple(
        _hero(catalog, fielded, f"{club + 1}H{n}", club, hero)
        for n, hero in enumerate(fielded.heroes, start=1)
    )
    hired = [hire.henchman for hire in fielded.henchmen for _ in range(hire.count)]
    henchmen = tuple(
        Member(
            f"{club + 1}M{n}",
            club,
            _with_club_rules(combatant(catalog, henchman), fielded, henchman.race),
            None,
            record=henchman.id,
        )
        for n, henchman in enumerate(hired, start=1)
    )
    return heroes + henchmen


def _with_club_rules(fighter: Combatant, fielded: ClubList, race: str | None) -> Combatant:
    """``fighter`` with the club rules that reach its race (:data:`CLUB_RACE_RULES`)."""
    given = tuple(
        KeywordRef(rule.id)
        for rule in fielded.club.rules
        if rule.id in CLUB_RACE_RULES and CLUB_RACE_RULES[rule.id] == race
    )
    return replace(fighter, rules=(*fighter.rules, *given)) if given else fighter


def _hero(
    catalog: WolsungCatalog, fielded: ClubList, key: str, club: int, hero: NamedPick | CustomHero
) -> Member:
    sheet = hero_sheet(catalog, fielded, hero)
    if isinstance(hero, NamedPick):
        return Member(
            key,
            club,
            _with_club_rules(combatant(catalog, hero.hero), fielded, hero.hero.race),
            Payer.of(catalog, hero.hero),
            sheet.magic_ability,
            hero.hero.spells,
            hero.hero.id,
        )
    fighter = _with_club_rules(_custom_fighter(catalog, hero, sheet), fielded, hero.race.id)
    payer = Payer(sheet.suit, frozenset(ref.id for ref in fighter.rules), hero=True)
    spells = (*hero.profession.spells, *(s for g in hero.gadgets for s in g.spells))
    return Member(key, club, fighter, payer, sheet.magic_ability, spells)


def _custom_fighter(catalog: WolsungCatalog, hero: CustomHero, sheet: HeroSheet) -> Combatant:
    """A custom hero's fighting profile (L239-L247, notes §2.1-§2.4)."""
    job, gear = hero.profession, hero.gadgets
    melee = [catalog.melee[g.weapon] for g in gear if g.type is GadgetType.MELEE and g.weapon]
    ranged = [catalog.ranged[g.weapon] for g in gear if g.type is GadgetType.RANGED and g.weapon]
    weapon = melee[0] if melee else None
    if weapon is not None and job.melee_traits:
        weapon = weapon.model_copy(update={"traits": (*weapon.traits, *job.melee_traits)})
    return Combatant(
        name=hero.name,
        profile=sheet.profile,
        base_mm=hero.race.base_mm,
        armour=sheet.armour,
        shot_armour=sheet.armour_shooting - sheet.armour,
        rules=(*hero.race.abilities, *job.abilities, *(r for g in gear for r in g.abilities)),
        melee=weapon,
        ranged=tuple(ranged),
        hero=True,
    )
