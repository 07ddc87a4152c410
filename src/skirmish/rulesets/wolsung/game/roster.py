"""The models a club list puts on the table, as the game reads them: each one's name, whether
it is a Hero, its fighting profile, who pays its cards, and its magic (L17-L27, L204-L208,
L237-L259; rules notes §1.11, §2.1-§2.6).

A named hero or a hired henchman fights as the catalogue prints it
(:func:`..combat.combatant.combatant`). A custom hero fights with its sheet's profile and
Armour (:func:`..clubs.sheets.hero_sheet`), its race's, profession's and gadgets' special
rules, its profession's melee traits on each of its melee attacks, armed or not (L735, L739),
and the weapons of its gadgets.

Henchmen that come with a hero or a race rather than being hired (Hounds, Mirror Servants, a
Gnome's Golem) are members too, free and outside the henchmen cap (§7 item 50), numbered after
the hired ones: the bringer's rule says how they come in (:mod:`..rules_data.rule_effects`):
deployed with the club (Ingrid's Mirror Servants, L629), or called in during the game by a
Special Action (Release the Hounds! L493, Natural Engineer L356, L668). A model with
Infiltrator is not deployed but comes in later (L535). Gear may change a rule for the whole
club: the Amulet of Burning Hatred turns Concealed in the Crowd into Gruesome Damage (L750).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from skirmish.rulesets.wolsung.cards.payments import Payer
from skirmish.rulesets.wolsung.clubs.club_list import ClubList, CustomHero, NamedPick
from skirmish.rulesets.wolsung.clubs.sheets import HeroSheet, hero_sheet
from skirmish.rulesets.wolsung.combat.combatant import Combatant, combatant
from skirmish.rulesets.wolsung.rules_data.records import GadgetType, KeywordRef, WolsungCatalog
from skirmish.rulesets.wolsung.rules_data.rule_effects import (
    Accompany,
    Activating,
    Infiltrate,
    Pack,
    RuleEffect,
    Summon,
)

__all__ = ["CLUB_HERO_RULES", "CLUB_RACE_RULES", "CLUB_SWAPS", "Arrival", "Member", "roster"]

CLUB_RACE_RULES: dict[str, str] = {"sunnir_techniques": "orc"}
"""Club rules that reach the club's models of one race: the Triad's Orcs have Magic
Protection by the Techniques of Sunnir Masters (L719, §7 item 53). A named model's printed
rules are otherwise its own (notes §2.5)."""
CLUB_HERO_RULES: frozenset[str] = frozenset({"noble"})
"""Club rules that reach every Hero of the club: an Ash and Oak Hero is a Noble (L409), as the
named ones print it."""
CLUB_SWAPS: dict[str, tuple[str, str]] = {
    "burning_hatred": ("concealed_in_the_crowd", "gruesome_damage"),
}
"""Rules a member's gear changes for its whole club (its "group", §7 item 89), by the gear's
rule: under the Amulet of Burning Hatred the club's models Concealed in the Crowd start with no
Crowd Token but Gruesome Damage (L750)."""


class Arrival(StrEnum):
    """How a model comes onto the table."""

    DEPLOYED = "deployed"
    """In its club's zone before the game (L30)."""
    SUMMONED = "summoned"
    """Called in during the game by its bringer's Special Action (L356, L493)."""
    INFILTRATES = "infiltrates"
    """On a marker, at the start of a later turn (L535)."""


@dataclass(frozen=True, slots=True)
class Member:
    """One model of a club: ``key`` is its model id (``"1H2"``: the first club's hero 2; ``"1M3"``:
    henchman 3); ``payer`` is the Hero that pays its cards (``None`` for a henchman, which
    plays none, §7 item 38); ``magic_ability`` its casting dice, if it casts; ``record`` the
    id of its catalogue entry (a named hero's or a henchman's; ``""`` for a custom hero).
    ``effects`` are what its special rules do in play (:mod:`..rules_data.rule_effects`);
    ``arrival`` how it comes onto the table; ``bringer`` the member that brings it, if any,
    and ``together`` whether it activates as one activation with the others that bringer
    brings (L499, L629); ``funds`` what it is worth in Funds, for the scenarios' Funds tally
    of casualties: a Hero's Funds (L208, L241), a hired Henchman's cost, nothing for one
    that comes free (``wolsung-scenarios.md`` §4.0)."""

    key: str
    club: int
    fighter: Combatant
    payer: Payer | None
    magic_ability: int | None = None
    spells: tuple[str, ...] = ()
    record: str = ""
    effects: tuple[RuleEffect, ...] = ()
    arrival: Arrival = Arrival.DEPLOYED
    bringer: str = ""
    together: bool = False
    funds: int = 0

    @property
    def hero(self) -> bool:
        """Whether the model is a Hero (L204)."""
        return self.fighter.hero

    @property
    def name(self) -> str:
        """The model's name."""
        return self.fighter.name


def roster(catalog: WolsungCatalog, club: int, fielded: ClubList) -> tuple[Member, ...]:
    """Every model ``fielded`` puts in play for seat ``club``: heroes first, then the henchmen
    in the order hired, then those the heroes bring, hero by hero."""
    heroes = tuple(
        _with_effects(catalog, _hero(catalog, fielded, f"{club + 1}H{n}", club, hero))
        for n, hero in enumerate(fielded.heroes, start=1)
    )
    hired = [hire.henchman for hire in fielded.henchmen for _ in range(hire.count)]
    henchmen = [
        _with_effects(
            catalog,
            Member(
                f"{club + 1}M{n}",
                club,
                _with_club_rules(combatant(catalog, henchman), fielded, henchman.race),
                None,
                record=henchman.id,
                funds=henchman.cost or 0,
            ),
        )
        for n, henchman in enumerate(hired, start=1)
    ]
    for hero, picked in zip(heroes, fielded.heroes, strict=True):
        race = picked.hero.race if isinstance(picked, NamedPick) else picked.race.id
        for effect in hero.effects:
            if isinstance(effect, Summon | Accompany):
                henchmen += _brought(catalog, hero, effect, {hero.record, race}, len(henchmen))
    return _swapped((*heroes, *henchmen))


def _swapped(members: tuple[Member, ...]) -> tuple[Member, ...]:
    """``members``, one club, with the rules its gear swaps for the whole club
    (:data:`CLUB_SWAPS`)."""
    swaps = [swap for rule, swap in CLUB_SWAPS.items() if any(m.fighter.has(rule) for m in members)]
    for old, new in swaps:
        members = tuple(
            replace(m, fighter=_swap_rule(m.fighter, old, new)) if m.fighter.has(old) else m
            for m in members
        )
    return members


def _swap_rule(fighter: Combatant, old: str, new: str) -> Combatant:
    rules = tuple(KeywordRef(new) if ref.id == old else ref for ref in fighter.rules)
    return replace(fighter, rules=rules)


def _effects(catalog: WolsungCatalog, fighter: Combatant) -> tuple[RuleEffect, ...]:
    """What the model's special rules do in play."""
    return tuple(e for ref in fighter.rules for e in catalog.keywords[ref.id].effects)


def _with_effects(catalog: WolsungCatalog, member: Member) -> Member:
    """``member`` with its rules' effects, and not deployed if it infiltrates (L535)."""
    effects = _effects(catalog, member.fighter)
    infiltrates = any(isinstance(e, Infiltrate) for e in effects)
    arrival = Arrival.INFILTRATES if infiltrates else Arrival.DEPLOYED
    return replace(member, effects=effects, arrival=arrival)


def _brought(
    catalog: WolsungCatalog,
    bringer: Member,
    effect: Summon | Accompany,
    names: set[str],
    hired: int,
) -> list[Member]:
    """The henchmen ``effect`` of ``bringer`` brings, numbered after the ``hired`` ones, if
    they come with it (by its name or its race, ``names``)."""
    henchman = catalog.henchmen[effect.model]
    if henchman.comes_with not in names:
        return []
    fighter = combatant(catalog, henchman)
    effects = _effects(catalog, fighter)
    summoned = isinstance(effect, Summon)
    together = any(isinstance(e, Pack) for e in effects) or (
        isinstance(effect, Accompany) and effect.activation is Activating.TOGETHER
    )
    return [
        Member(
            f"{bringer.club + 1}M{hired + n}",
            bringer.club,
            fighter,
            None,
            record=henchman.id,
            effects=effects,
            arrival=Arrival.SUMMONED if summoned else Arrival.DEPLOYED,
            bringer=bringer.key,
            together=together,
        )
        for n in range(1, henchman.count + 1)
    ]


def _with_club_rules(fighter: Combatant, fielded: ClubList, race: str | None) -> Combatant:
    """``fighter`` with the club rules that reach its race or every Hero
    (:data:`CLUB_RACE_RULES`, :data:`CLUB_HERO_RULES`) that it does not print already."""
    given = tuple(
        KeywordRef(rule.id)
        for rule in fielded.club.rules
        if (
            (rule.id in CLUB_RACE_RULES and CLUB_RACE_RULES[rule.id] == race)
            or (fighter.hero and rule.id in CLUB_HERO_RULES)
        )
        and not fighter.has(rule.id)
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
            funds=sheet.funds,
        )
    fighter = _with_club_rules(_custom_fighter(catalog, hero, sheet), fielded, hero.race.id)
    payer = Payer(sheet.suit, frozenset(ref.id for ref in fighter.rules), hero=True)
    spells = (*hero.profession.spells, *(s for g in hero.gadgets for s in g.spells))
    return Member(key, club, fighter, payer, sheet.magic_ability, spells, funds=sheet.funds)


def _custom_fighter(catalog: WolsungCatalog, hero: CustomHero, sheet: HeroSheet) -> Combatant:
    """A custom hero's fighting profile (L239-L247, notes §2.1-§2.4)."""
    job, gear = hero.profession, hero.gadgets
    rows = [(g.type, w) for g in gear if (w := hero.race.weapon_of(g))]
    melee = [catalog.melee[w] for kind, w in rows if kind is GadgetType.MELEE]
    ranged = [catalog.ranged[w] for kind, w in rows if kind is GadgetType.RANGED]
    return Combatant(
        name=hero.name,
        profile=sheet.profile,
        base_mm=hero.race.base_mm,
        armour=sheet.armour,
        shot_armour=sheet.armour_shooting - sheet.armour,
        rules=(*hero.race.abilities, *job.abilities, *(r for g in gear for r in g.abilities)),
        melee=melee[0] if melee else None,
        melee_traits=job.melee_traits,
        ranged=tuple(ranged),
        hero=True,
    )
