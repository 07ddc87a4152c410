"""Wolsung SSG club sheets: each model's final profile and the club's Funds, for a checked list.

A custom hero's profile is its race template (notes §2.1) plus its profession's and gadgets'
changes (§2.3, §2.4; golden test G12: an Orc in Armor of Damnation is A2 M4 F5 S9 G3 R3 W14,
Armour 4); its Armour adds up over the profession and the gadgets (§7 item 28), Armour against
shooting only shown apart; its Magic Ability is the profession's or a gadget's, plus any +1 MA
(L348). Melee weapons are listed with what they add in melee, not folded into the profile.
A named hero's and a henchman's profiles are the printed ones (notes §2.5, §2.6). The Funds
are those of :mod:`.building`: what each hero brings and spends, what the henchmen cost, and
what is left in the pool (L255-L259).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from skirmish.rulesets.wolsung.clubs.building import (
    hero_funds,
    hero_spent,
    hire_cost,
    pool_left,
)
from skirmish.rulesets.wolsung.clubs.club_list import ClubList, CustomHero, FieldedHero, NamedPick
from skirmish.rulesets.wolsung.rules_data.records import (
    Gadget,
    GadgetType,
    Henchman,
    Profile,
    Race,
    StatName,
    Suit,
    WolsungCatalog,
    gear_armour,
)

__all__ = ["ClubSummary", "HeroSheet", "HireSheet", "club_summary", "hero_sheet", "summary_text"]

_STATS: tuple[StatName, ...] = ("A", "M", "F", "S", "G", "R", "W")


@dataclass(frozen=True, slots=True)
class HeroSheet:
    """A hero as it takes the table: final profile, Armour, magic, kit and Funds."""

    name: str
    named: bool
    race: str
    profession: str | None
    suit: Suit | None
    profile: Profile
    armour: int
    armour_shooting: int
    magic_ability: int | None
    spells: tuple[str, ...]
    kit: tuple[str, ...]
    funds: int
    spent: int


@dataclass(frozen=True, slots=True)
class HireSheet:
    """Henchmen of one profile: how many, their cost each and their printed profile."""

    name: str
    count: int
    cost: int
    profile: Profile
    armour: int


@dataclass(frozen=True, slots=True)
class ClubSummary:
    """A checked club: its sheets, the Funds brought, spent and left in the pool."""

    name: str
    club: str
    heroes: tuple[HeroSheet, ...]
    henchmen: tuple[HireSheet, ...]
    funds: int
    spent: int
    left: int


def club_summary(catalog: WolsungCatalog, club: ClubList) -> ClubSummary:
    """The sheets and Funds of ``club`` (meant for a list :func:`.check_club` passed)."""
    heroes = tuple(hero_sheet(catalog, club, hero) for hero in club.heroes)
    hires = tuple(_hire_sheet(catalog, hire.henchman, hire.count) for hire in club.henchmen)
    funds = sum(hero.funds for hero in heroes)
    spent = sum(hero.spent for hero in heroes) + hire_cost(club)
    return ClubSummary(club.name, club.club.name, heroes, hires, funds, spent, pool_left(club))


def hero_sheet(catalog: WolsungCatalog, club: ClubList, hero: FieldedHero) -> HeroSheet:
    """One hero's sheet: a named hero as printed, a custom hero as built."""
    funds, spent = hero_funds(hero), hero_spent(club.club, hero)
    if isinstance(hero, NamedPick):
        printed = hero.hero
        gear = catalog.gear_of(printed)
        return HeroSheet(
            name=printed.name,
            named=True,
            race=catalog.races[printed.race].name,
            profession=None,
            suit=printed.suit,
            profile=printed.profile,
            armour=catalog.armour_of(printed),
            armour_shooting=catalog.armour_of(printed, shooting=True),
            magic_ability=catalog.magic_ability_of(printed),
            spells=_spell_names(catalog, printed.spells),
            kit=_kit(catalog, gear),
            funds=funds,
            spent=spent,
        )
    return _custom_sheet(catalog, hero, funds, spent)


def _custom_sheet(catalog: WolsungCatalog, hero: CustomHero, funds: int, spent: int) -> HeroSheet:
    job, gadgets = hero.profession, hero.gadgets
    bonuses = [job.bonus, *(g.bonus for g in gadgets)]
    stats = {s: hero.race.profile.stat(s) + sum(b.stat(s) for b in bonuses) for s in _STATS}
    given = [m for m in (job.magic_ability, *(g.magic_ability for g in gadgets)) if m is not None]
    raised = sum(b.MA for b in bonuses)
    return HeroSheet(
        name=hero.name,
        named=False,
        race=hero.race.name,
        profession=job.name,
        suit=job.suit,
        profile=Profile(**stats),
        armour=job.armour + gear_armour(gadgets),
        armour_shooting=job.armour + gear_armour(gadgets, shooting=True),
        magic_ability=max(given) + raised if given else None,
        spells=_spell_names(catalog, [*job.spells, *(s for g in gadgets for s in g.spells)]),
        kit=_kit(catalog, gadgets, hero.race),
        funds=funds,
        spent=spent,
    )


def _hire_sheet(catalog: WolsungCatalog, henchman: Henchman, count: int) -> HireSheet:
    armour = catalog.armour_of(henchman)
    return HireSheet(henchman.name, count, henchman.cost or 0, henchman.profile, armour)


def _spell_names(catalog: WolsungCatalog, spells: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(catalog.spells[spell].name for spell in spells))


def _kit(
    catalog: WolsungCatalog, gear: Iterable[Gadget], race: Race | None = None
) -> tuple[str, ...]:
    return tuple(_item(catalog, gadget, race) for gadget in gear)


def _item(catalog: WolsungCatalog, gadget: Gadget, race: Race | None) -> str:
    """A gadget with its cost and what it is: ``Windbüchse (2, ranged S3)``."""
    cost = "" if gadget.cost is None else f"{gadget.cost}, "
    return f"{gadget.name} ({cost}{_what(catalog, gadget, race)})"


def _what(catalog: WolsungCatalog, gadget: Gadget, race: Race | None) -> str:
    weapon_id = race.weapon_of(gadget) if race else gadget.weapon
    if gadget.type is GadgetType.MELEE and weapon_id:
        melee = catalog.melee[weapon_id]
        adds = [f"{v:+d}{s}" for s, v in (("F", melee.fight), ("S", melee.strength)) if v]
        return f"melee {' '.join(adds) or 'weapon'}"
    if gadget.type is GadgetType.RANGED and weapon_id:
        weapon = catalog.ranged[weapon_id]
        strength = "" if weapon.strength is None else f" S{weapon.strength}"
        return f'ranged{strength} {weapon.max_range:g}"'
    changes = [f"{gadget.bonus.stat(s):+d}{s}" for s in _STATS if gadget.bonus.stat(s)]
    changes += [f"{gadget.bonus.MA:+d} MA"] if gadget.bonus.MA else []
    changes += [catalog.keywords[ability.id].name for ability in gadget.abilities]
    against = " against shooting" if gadget.armour_against == "shooting" else ""
    kind = f"Armour {gadget.armour}{against}" if gadget.armour else str(gadget.type)
    shown = [kind, *changes] if gadget.type is not GadgetType.NONE else changes
    return ", ".join(shown) or "untyped"


def summary_text(summary: ClubSummary) -> str:
    """The summary a player reads: the club's Funds, then each model's sheet."""
    lines = [
        f"Club {summary.name!r} ({summary.club}): "
        f"{_count(len(summary.heroes), 'hero', 'heroes')}, "
        f"{_count(sum(h.count for h in summary.henchmen), 'henchman', 'henchmen')}; "
        f"Funds {summary.funds}, spent {summary.spent}, {summary.left} left in the pool",
    ]
    for number, hero in enumerate(summary.heroes, start=1):
        lines.extend(_hero_lines(number, hero))
    for hire in summary.henchmen:
        lines.append(
            f"{hire.count} x {hire.name} ({hire.cost} Funds each): "
            f"{_profile_text(hire.profile)}; Armour {hire.armour}"
        )
    return "\n".join(lines)


def _hero_lines(number: int, hero: HeroSheet) -> list[str]:
    what = "named" if hero.named else f"{hero.profession}"
    suit = f", {hero.suit}" if hero.suit else ""
    kept = hero.funds - hero.spent
    share = f"{kept} to the pool" if kept >= 0 else f"{-kept} from the pool (L257)"
    funds = f"{hero.funds} Funds, spent {hero.spent}, {share}"
    armour = f"Armour {hero.armour}"
    if hero.armour_shooting != hero.armour:
        armour += f" ({hero.armour_shooting} against shooting)"
    magic = f"; MA {hero.magic_ability}" if hero.magic_ability is not None else ""
    lines = [
        f"{number}. {hero.name}: {hero.race}, {what}{suit}; {funds}",
        f"   {_profile_text(hero.profile)}; {armour}{magic}",
    ]
    if hero.spells:
        lines.append(f"   Spells: {', '.join(hero.spells)}")
    if hero.kit:
        lines.append(f"   {'Gear' if hero.named else 'Gadgets'}: {'; '.join(hero.kit)}")
    return lines


def _count(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _profile_text(profile: Profile) -> str:
    return " ".join(f"{stat}{profile.stat(stat)}" for stat in _STATS)
