"""Wolsung SSG list building: every restriction a club list must meet (notes §1.11, §1.13).

:func:`check_club` returns every violation of a :class:`~.club_list.ClubList`, one line each,
naming the model and the rule line:

* heroes: at least one, since a club is built from its heroes (L239-L244); a named hero is
  one character (fielded once), belongs to its club's pages and buys nothing (L238, notes §7
  item 49); a custom hero's race is one its club takes (L240) and its profession one of the
  club's four (L244), whose suit it has (L244).
* Funds: a custom hero pays its profession (an Ash and Oak Elf pays 1, L411) and its gadgets
  with its own Funds first (L241, L255, golden tests G7, G8); what is left, and a named hero's
  Funds (L208), go to the pool, which pays what a hero's own Funds leave unpaid and the
  henchmen, and never ends below 0 (L257-L259, notes §1.2 step 2, G10).
* gadgets (L245-L253, G11): only from the hero's race's and club's pools, never a named
  model's own item; a gadget the book leaves unusable is refused (notes §7 items 52, 93); a
  gadget that is not common is chosen once in the club, and one gadget is one item under all
  its printed names (§7 item 46); a common one at most once per hero; two heroes share at most
  one common gadget; one gadget of each type per hero. A named hero's printed kit is chosen by
  no one and counts against none of these (L238, §7 item 94).
* club rules: Ash and Oak Elves wear no Armour gadget (L410, G13, §7 item 62); the Triad
  takes one hero of each race but Orc, never more of them than Orcs (L732, §7 item 88).
* henchmen: hired from the club's own profiles (notes §2.6), never a model that comes with a
  hero or a race's ability (§7 item 50); they buy no gadgets (L257); at most twice as many as
  the heroes (L258, G9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from skirmish.rulesets.wolsung.clubs.club_list import ClubList, CustomHero, FieldedHero, NamedPick
from skirmish.rulesets.wolsung.rules_data.records import Club, Gadget, GadgetType, WolsungCatalog

__all__ = [
    "check_club",
    "hero_funds",
    "hero_spent",
    "hire_cost",
    "pool_left",
    "profession_cost",
]

NO_ARMOUR_RULE = "elves_no_armour"
NO_ARMOUR_RACE = "elf"
RACE_LIMITS_RULE = "triad_race_limits"
TRIAD_CORE_RACE = "orc"


def check_club(catalog: WolsungCatalog, club: ClubList) -> list[str]:
    """Every violation of the list-building rules by ``club``, one line each; [] when valid."""
    return [
        *_hero_problems(catalog, club),
        *_funds_problems(club),
        *_gadget_problems(catalog, club),
        *_race_limit_problems(catalog, club),
        *_henchman_problems(catalog, club),
    ]


# --------------------------------------------------------------------------------------------
# Funds (L208, L241, L255, L257-L259)
# --------------------------------------------------------------------------------------------


def profession_cost(club: Club, hero: CustomHero) -> int:
    """What the hero pays for its profession: the printed cost, or its race's price in this
    club (an Ash and Oak Elf pays 1, L411)."""
    return club.vocation_cost_by_race.get(hero.race.id, hero.profession.cost)


def hero_funds(hero: FieldedHero) -> int:
    """The Funds a hero brings: its race's (L241) or, for a named hero, its own (L208)."""
    return hero.hero.funds if isinstance(hero, NamedPick) else hero.race.funds


def hero_spent(club: Club, hero: FieldedHero) -> int:
    """What a custom hero spends on its profession and gadgets; a named hero buys nothing."""
    if isinstance(hero, NamedPick):
        return 0
    return profession_cost(club, hero) + sum(gadget.cost or 0 for gadget in hero.gadgets)


def hire_cost(club: ClubList) -> int:
    """What the henchmen cost (notes §2.6); a model that comes with a hero costs nothing."""
    return sum((hire.henchman.cost or 0) * hire.count for hire in club.henchmen)


def pool_left(club: ClubList) -> int:
    """The club's Funds pool once the heroes have paid, their own Funds first and the pool the
    rest (L255, L257), and the henchmen are hired (L258); below 0 is refused (L259)."""
    return _brought(club) - _heroes_spent(club) - hire_cost(club)


def _brought(club: ClubList) -> int:
    return sum(hero_funds(hero) for hero in club.heroes)


def _heroes_spent(club: ClubList) -> int:
    return sum(hero_spent(club.club, hero) for hero in club.heroes)


def _funds_problems(club: ClubList) -> Iterator[str]:
    left = pool_left(club)
    if left < 0:
        yield (
            f"the Funds pool ends at {left}: the heroes bring {_brought(club)}, spend "
            f"{_heroes_spent(club)} on professions and gadgets, and the henchmen cost "
            f"{hire_cost(club)}; the pool may not go below 0 (L259)"
        )


# --------------------------------------------------------------------------------------------
# Heroes (L238-L244)
# --------------------------------------------------------------------------------------------


def _hero_problems(catalog: WolsungCatalog, club: ClubList) -> Iterator[str]:
    if not club.heroes:
        yield f"{club.name}: fields no hero; a club is built from its heroes (L239-L244)"
    yield from _named_twice(club)
    for hero in club.heroes:
        if isinstance(hero, NamedPick):
            yield from _named_problems(catalog, club.club, hero)
        else:
            yield from _custom_problems(catalog, club.club, hero)


def _named_twice(club: ClubList) -> Iterator[str]:
    counts = Counter(h.hero.id for h in club.heroes if isinstance(h, NamedPick))
    for hero_id, count in counts.items():
        if count > 1:
            hero = next(h for h in club.heroes if isinstance(h, NamedPick) and h.hero.id == hero_id)
            yield f"{hero.name}: fielded {count} times; a named hero is one character (L238)"


def _named_problems(catalog: WolsungCatalog, club: Club, pick: NamedPick) -> Iterator[str]:
    hero = pick.hero
    if hero.club != club.id:
        home = catalog.clubs[hero.club].name
        yield f"{hero.name}: a hero of the {home} (L{hero.span[0]}), not of the {club.name}"
    if pick.gadgets:
        yield (
            f"{hero.name}: a named hero is complete as printed and buys no gadgets "
            f"({_names(pick.gadgets)}; L238, notes §7 item 49)"
        )


def _custom_problems(catalog: WolsungCatalog, club: Club, hero: CustomHero) -> Iterator[str]:
    if hero.race.id not in club.races:
        yield f"{hero.name}: the {club.name} takes no {hero.race.name} heroes (L240)"
    job = hero.profession
    if job not in club.professions:
        home = next(c.name for c in catalog.clubs.values() if job in c.professions)
        yield (
            f"{hero.name}: {job.name} is a profession of the {home}, not of the {club.name}; "
            "a hero takes one of its club's (L244)"
        )
    if hero.suit is not None and hero.suit is not job.suit:
        yield f"{hero.name}: suit {hero.suit}, but {job.name} gives {job.suit} (L244)"
    if NO_ARMOUR_RULE in {rule.id for rule in club.rules} and hero.race.id == NO_ARMOUR_RACE:
        worn = [g for g in hero.gadgets if g.type is GadgetType.ARMOUR]
        if worn:
            yield (
                f"{hero.name}: an Elf of the {club.name} wears no Armour gadget "
                f"({_names(worn)}; L410, notes §7 item 62)"
            )


# --------------------------------------------------------------------------------------------
# Gadgets (L245-L253)
# --------------------------------------------------------------------------------------------


def _gadget_problems(catalog: WolsungCatalog, club: ClubList) -> Iterator[str]:
    for hero in _customs(club):
        yield from _source_problems(catalog, club.club, hero)
        yield from _type_problems(hero)
    yield from _once_per_club(club)
    yield from _common_problems(club)


def _source_problems(catalog: WolsungCatalog, club: Club, hero: CustomHero) -> Iterator[str]:
    pool = {row.gadget for row in hero.race.pool} | set(club.gadgets)
    for gadget in hero.gadgets:
        if gadget.owner is not None:
            owner = catalog.heroes.get(gadget.owner) or catalog.henchmen[gadget.owner]
            yield (
                f"{hero.name}: {gadget.name} is {owner.name}'s own item, not for sale "
                f"(L{gadget.line}, L245-L247)"
            )
        elif gadget.id not in pool:
            yield (
                f"{hero.name}: {gadget.name} is in neither the {hero.race.name} pool nor the "
                f"{club.name} pool (L245-L247)"
            )
        elif not gadget.available:
            yield f"{hero.name}: {gadget.name} cannot be taken (L{gadget.line}; {gadget.note})"


def _type_problems(hero: CustomHero) -> Iterator[str]:
    counts = Counter(g.type for g in hero.gadgets if g.type is not GadgetType.NONE)
    for kind, count in counts.items():
        if count > 1:
            same = [g for g in hero.gadgets if g.type is kind]
            yield (
                f"{hero.name}: {count} {kind} gadgets ({_names(same)}); "
                "one gadget of each type per hero (L253)"
            )


def _customs(club: ClubList) -> list[CustomHero]:
    """The heroes who choose gadgets: a named hero's printed kit is chosen by no one, so the
    build rules leave it alone (L238, notes §7 item 94), as they leave a henchman's."""
    return [hero for hero in club.heroes if isinstance(hero, CustomHero)]


def _once_per_club(club: ClubList) -> Iterator[str]:
    holders: dict[str, list[str]] = {}
    gadgets: dict[str, Gadget] = {}
    for hero in _customs(club):
        for gadget in hero.gadgets:
            if gadget.owner is None and not gadget.common:
                holders.setdefault(gadget.id, []).append(hero.name)
                gadgets[gadget.id] = gadget
    for gadget_id, names in holders.items():
        if len(names) > 1:
            yield (
                f"{gadgets[gadget_id].name}: taken {len(names)} times ({', '.join(names)}); "
                "a gadget that is not common is taken once in a club (L250)"
            )


def _common_problems(club: ClubList) -> Iterator[str]:
    commons = {hero.name: [g for g in hero.gadgets if g.common] for hero in _customs(club)}
    for name, gadgets in commons.items():
        for gadget_id, count in Counter(g.id for g in gadgets).items():
            if count > 1:
                gadget = next(g for g in gadgets if g.id == gadget_id)
                yield (
                    f"{name}: {gadget.name} {count} times; a common gadget is taken once per "
                    "hero (L251)"
                )
    for (first, a), (second, b) in combinations(commons.items(), 2):
        theirs = {g.id for g in b}
        shared = sorted({g.id: g.name for g in a if g.id in theirs}.values())
        if len(shared) > 1:
            yield (
                f"{first} and {second}: share {len(shared)} common gadgets "
                f"({'; '.join(shared)}); two heroes share one at most (L252)"
            )


def _names(gadgets: Sequence[Gadget]) -> str:
    return ", ".join(gadget.name for gadget in gadgets)


# --------------------------------------------------------------------------------------------
# Club rules and henchmen (L258, L732)
# --------------------------------------------------------------------------------------------


def _race_limit_problems(catalog: WolsungCatalog, club: ClubList) -> Iterator[str]:
    if RACE_LIMITS_RULE not in {rule.id for rule in club.club.rules}:
        return
    races = Counter(_race_id(hero) for hero in club.heroes)
    core = catalog.races[TRIAD_CORE_RACE].name
    for race_id, count in races.items():
        if race_id != TRIAD_CORE_RACE and count > 1:
            yield (
                f"{club.name}: {count} {catalog.races[race_id].name} heroes; the "
                f"{club.club.name} takes one of each race but {core} (L732, notes §7 item 88)"
            )
    others = sum(count for race_id, count in races.items() if race_id != TRIAD_CORE_RACE)
    if others > races[TRIAD_CORE_RACE]:
        yield (
            f"{club.name}: {others} heroes of other races but {races[TRIAD_CORE_RACE]} {core}; "
            f"never more of them than {core}s (L732)"
        )


def _race_id(hero: FieldedHero) -> str:
    return hero.hero.race if isinstance(hero, NamedPick) else hero.race.id


def _henchman_problems(catalog: WolsungCatalog, club: ClubList) -> Iterator[str]:
    for hire in club.henchmen:
        henchman = hire.henchman
        where = f"henchman {henchman.name}"
        if henchman.comes_with is not None:
            bringer = catalog.heroes.get(henchman.comes_with) or catalog.races[henchman.comes_with]
            yield (
                f"{where}: comes with {bringer.name} and is never hired "
                f"(L{henchman.span[0]}, notes §7 item 50)"
            )
        elif henchman.club != club.club.id:
            yield f"{where}: not a henchman of the {club.club.name} (L{henchman.span[0]})"
        if hire.gadgets:
            yield (
                f"{where}: buys no gadgets ({_names(hire.gadgets)}); the pool buys them for "
                "heroes (L257)"
            )
    most = 2 * len(club.heroes)
    if club.henchman_count > most:
        yield (
            f"{club.name}: {club.henchman_count} henchmen for {len(club.heroes)} heroes; at most "
            f"twice as many as the heroes, {most} (L258)"
        )
