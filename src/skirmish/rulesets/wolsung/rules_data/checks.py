"""Cross references of the Wolsung SSG catalogue, checked once every table has loaded.

Each table validates alone (:mod:`.records`); this module checks what ties them together
(DESIGN: an unknown keyword is a load error, never ignored): every keyword id a race, club,
profession, gadget, weapon, spell or model cites exists (a spell's ``gain`` effect too), with
an ``[x]`` exactly when the rule takes one (notes §1.10, §3); a hero's club and race exist
and the club takes that race (L412, L558, L732); each gadget a model carries is its own or
sold in its race's or club's pool (L245-L247); pool gadgets are sold somewhere and named
items carried by their owner; weapon and spell rows exist; a printed base value plus the
gear that raises it is the printed final value (L432); and the henchmen a rule brings (a
``summon`` or ``accompany`` effect) are those that come with its bearer, each brought by some
rule of its hero or race (§7 item 50). Problems are yielded one by one,
each naming its file and entry.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping

from skirmish.rulesets.wolsung.rules_data.records import (
    Gadget,
    GadgetSource,
    GadgetType,
    Henchman,
    Hero,
    KeywordRef,
    PoolEntry,
    StatName,
    WolsungCatalog,
)
from skirmish.rulesets.wolsung.rules_data.rule_effects import Accompany, Summon
from skirmish.rulesets.wolsung.rules_data.spell_effects import GainRule


def catalog_problems(catalog: WolsungCatalog) -> Iterator[str]:
    """Every broken cross reference of ``catalog``, one line each."""
    yield from _keyword_problems(catalog)
    yield from _race_problems(catalog)
    yield from _club_problems(catalog)
    yield from _gadget_problems(catalog)
    yield from _hero_problems(catalog)
    yield from _henchman_problems(catalog)
    yield from _brought_problems(catalog)


def unknown_name(kind: str, name: str, known: Iterable[str]) -> str:
    """``unknown keyword 'hypnotic_aur' (did you mean 'hypnotic_aura'?)``: close matches in
    any case, quoted as ``known`` spells them."""
    by_key = {k.casefold(): k for k in known}
    close = difflib.get_close_matches(name.casefold(), list(by_key), n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(by_key[c]) for c in close)}?)" if close else ""
    return f"unknown {kind} {name!r}{hint}"


def _refs(catalog: WolsungCatalog, where: str, refs: Iterable[KeywordRef]) -> Iterator[str]:
    """Each keyword cited exists, with an ``[x]`` exactly when it takes one."""
    for ref in refs:
        keyword = catalog.keywords.get(ref.id)
        if keyword is None:
            yield f"{where}: {unknown_name('keyword', ref.id, catalog.keywords)}"
        elif keyword.takes_value != (ref.value is not None):
            wanted = "needs a value [x]" if keyword.takes_value else "takes no value"
            yield f"{where}: keyword {str(ref)!r} {wanted}"


def _ids(where: str, kind: str, ids: Iterable[str], known: Mapping[str, object]) -> Iterator[str]:
    for name in ids:
        if name not in known:
            yield f"{where}: {unknown_name(kind, name, known)}"


def _keyword_problems(catalog: WolsungCatalog) -> Iterator[str]:
    for weapon in catalog.ranged.values():
        yield from _refs(catalog, f"weapons.toml: ranged {weapon.id!r}", weapon.traits)
    for melee in catalog.melee.values():
        yield from _refs(catalog, f"weapons.toml: melee {melee.id!r}", melee.traits)
    for spell in catalog.spells.values():
        where = f"spells.toml: spell {spell.id!r}"
        yield from _refs(catalog, where, spell.traits)
        gained = (KeywordRef(e.keyword) for e in spell.effects if isinstance(e, GainRule))
        yield from _refs(catalog, where, gained)
    for keyword in catalog.keywords.values():
        where = f"keywords.toml: keyword {keyword.id!r}"
        effects = (e for mode in keyword.modes for e in mode.effects)
        gained = (KeywordRef(e.keyword) for e in effects if isinstance(e, GainRule))
        yield from _refs(catalog, where, gained)


def _race_problems(catalog: WolsungCatalog) -> Iterator[str]:
    for race in catalog.races.values():
        where = f"races.toml: race {race.id!r}"
        yield from _refs(catalog, where, race.abilities)
        for row in race.pool:
            yield from _pool_row_problems(catalog, where, row)


def _pool_row_problems(catalog: WolsungCatalog, where: str, row: PoolEntry) -> Iterator[str]:
    gadget = catalog.gadgets.get(row.gadget)
    if gadget is None:
        yield f"{where}: {unknown_name('gadget', row.gadget, catalog.gadgets)}"
    elif gadget.source is not GadgetSource.RACIAL:
        yield f"{where}: gadget {row.gadget!r} is a {gadget.source} gadget, not a racial one"
    elif row.weapon is not None:
        yield from _weapon_problems(catalog, f"{where} pool {row.gadget!r}", gadget, row.weapon)


def _weapon_problems(
    catalog: WolsungCatalog, where: str, gadget: Gadget, weapon: str
) -> Iterator[str]:
    """The weapon row a gadget names exists in the table its type says."""
    table: Mapping[str, object] = (
        catalog.ranged if gadget.type is GadgetType.RANGED else catalog.melee
    )
    yield from _ids(where, f"{gadget.type} weapon", [weapon], table)


def _club_problems(catalog: WolsungCatalog) -> Iterator[str]:
    for club in catalog.clubs.values():
        where = f"clubs.toml: club {club.id!r}"
        yield from _refs(catalog, where, club.rules)
        yield from _ids(where, "race", [*club.races, *club.vocation_cost_by_race], catalog.races)
        yield from _ids(where, "gadget", club.gadgets, catalog.gadgets)
        yield from _foreign(catalog, where, club.gadgets, GadgetSource.CLUB)
        for job in club.professions:
            job_where = f"{where} profession {job.id!r}"
            yield from _refs(catalog, job_where, (*job.abilities, *job.melee_traits))
            yield from _ids(job_where, "spell", job.spells, catalog.spells)


def _foreign(
    catalog: WolsungCatalog, where: str, ids: Iterable[str], source: GadgetSource
) -> Iterator[str]:
    for name in ids:
        gadget = catalog.gadgets.get(name)
        if gadget is not None and gadget.source is not source:
            yield f"{where}: gadget {name!r} is a {gadget.source} gadget, not a {source} one"


def _gadget_problems(catalog: WolsungCatalog) -> Iterator[str]:
    pooled = _pooled(catalog)
    for gadget in catalog.gadgets.values():
        where = f"gadgets.toml: gadget {gadget.id!r}"
        yield from _refs(catalog, where, gadget.abilities)
        yield from _ids(where, "spell", gadget.spells, catalog.spells)
        if gadget.weapon is not None:
            yield from _weapon_problems(catalog, where, gadget, gadget.weapon)
        yield from _placement_problems(catalog, where, gadget, pooled)


def _pooled(catalog: WolsungCatalog) -> set[str]:
    races = {row.gadget for race in catalog.races.values() for row in race.pool}
    return races | {g for club in catalog.clubs.values() for g in club.gadgets}


def _placement_problems(
    catalog: WolsungCatalog, where: str, gadget: Gadget, pooled: set[str]
) -> Iterator[str]:
    """A pool gadget sits in some pool; a named item is carried by its owner."""
    if gadget.owner is None:
        if gadget.id not in pooled:
            yield f"{where}: no race or club pool sells it"
        return
    owner = catalog.heroes.get(gadget.owner) or catalog.henchmen.get(gadget.owner)
    if owner is None:
        known = [*catalog.heroes, *catalog.henchmen]
        yield f"{where}: {unknown_name('owner', gadget.owner, known)}"
    elif gadget.id not in owner.gear:
        yield f"{where}: its owner {gadget.owner!r} does not carry it"


def _hero_problems(catalog: WolsungCatalog) -> Iterator[str]:
    for hero in catalog.heroes.values():
        where = f"heroes.toml: hero {hero.id!r}"
        yield from _refs(catalog, where, hero.abilities)
        yield from _ids(where, "spell", hero.spells, catalog.spells)
        yield from _membership_problems(catalog, where, hero)
        yield from _gear_problems(catalog, where, hero)
        yield from _base_problems(catalog, where, hero)


def _membership_problems(catalog: WolsungCatalog, where: str, hero: Hero) -> Iterator[str]:
    """The hero's club and race exist, and the club takes heroes of that race."""
    yield from _ids(where, "club", [hero.club], catalog.clubs)
    yield from _ids(where, "race", [hero.race], catalog.races)
    club = catalog.clubs.get(hero.club)
    if club is not None and hero.race not in club.races:
        yield f"{where}: the {club.name} takes no {hero.race!r} heroes"


def _gear_problems(catalog: WolsungCatalog, where: str, model: Hero | Henchman) -> Iterator[str]:
    """Each gadget exists and is the model's own or sold in its race's or club's pool."""
    allowed = _pool_of(catalog, model.race, model.club)
    for name in model.gear:
        gadget = catalog.gadgets.get(name)
        if gadget is None:
            yield f"{where}: {unknown_name('gadget', name, catalog.gadgets)}"
        elif gadget.owner != model.id and name not in allowed:
            yield f"{where}: gadget {name!r} is neither its own nor in its race or club pool"


def _pool_of(catalog: WolsungCatalog, race: str | None, club: str | None) -> set[str]:
    known_race = catalog.races.get(race) if race else None
    known_club = catalog.clubs.get(club) if club else None
    rows = known_race.pool if known_race else ()
    return {row.gadget for row in rows} | set(known_club.gadgets if known_club else ())


def _base_problems(catalog: WolsungCatalog, where: str, hero: Hero) -> Iterator[str]:
    """A printed base value plus what the hero's gear adds is its printed final value (L432)."""
    for stat, base in hero.printed_base.items():
        added = sum(_gear_bonus(catalog, name, stat) for name in hero.gear)
        final = hero.profile.stat(stat)
        if base + added != final:
            yield f"{where}: {stat} base {base} + gear {added:+d} is not the printed {final}"


def _gear_bonus(catalog: WolsungCatalog, name: str, stat: StatName) -> int:
    gadget = catalog.gadgets.get(name)
    if gadget is None:
        return 0
    melee = catalog.melee.get(gadget.weapon or "") if gadget.type is GadgetType.MELEE else None
    weapon = {"F": melee.fight, "S": melee.strength}.get(stat, 0) if melee else 0
    return gadget.bonus.stat(stat) + weapon


def _henchman_problems(catalog: WolsungCatalog) -> Iterator[str]:
    for henchman in catalog.henchmen.values():
        where = f"henchmen.toml: henchman {henchman.id!r}"
        yield from _refs(catalog, where, henchman.abilities)
        yield from _ids(where, "club", [henchman.club] if henchman.club else [], catalog.clubs)
        yield from _ids(where, "race", [henchman.race] if henchman.race else [], catalog.races)
        yield from _gear_problems(catalog, where, henchman)
        yield from _brought_by_problems(catalog, where, henchman.comes_with)


def _brought_by_problems(catalog: WolsungCatalog, where: str, name: str | None) -> Iterator[str]:
    """A henchman that comes with someone names a hero or a race (the Gnome's Golem)."""
    known = [*catalog.heroes, *catalog.races]
    if name is not None and name not in known:
        yield f"{where}: {unknown_name('hero or race', name, known)}"


def _brought_problems(catalog: WolsungCatalog) -> Iterator[str]:
    """A rule brings henchmen that come with someone, and each of those is brought by a rule
    its hero or race has: none is left that nothing puts in play (§7 item 50)."""
    brings: dict[str, set[str]] = {}
    for keyword in catalog.keywords.values():
        where = f"keywords.toml: keyword {keyword.id!r}"
        for effect in keyword.effects:
            if not isinstance(effect, Summon | Accompany):
                continue
            henchman = catalog.henchmen.get(effect.model)
            if henchman is None:
                yield f"{where}: {unknown_name('henchman', effect.model, catalog.henchmen)}"
            elif henchman.comes_with is None:
                yield f"{where}: henchman {effect.model!r} is hired, not brought by a rule"
            brings.setdefault(effect.model, set()).add(keyword.id)
    for henchman in catalog.henchmen.values():
        bringer = henchman.comes_with
        if bringer is None:
            continue
        hero, race = catalog.heroes.get(bringer), catalog.races.get(bringer)
        abilities = hero.abilities if hero else race.abilities if race else ()
        if not brings.get(henchman.id, set()) & {ref.id for ref in abilities}:
            yield (
                f"henchmen.toml: henchman {henchman.id!r}: no rule of {bringer!r} brings it "
                "(a summon or accompany effect)"
            )
