"""Cross references of the rulebook's catalog, checked once every table has loaded.

Each table validates alone (:mod:`.records`); this module checks what ties them together
(DESIGN: an unknown keyword is a load error, never ignored):

- every skill a profile names exists, a ``*`` only on a skill that may be limited (Command),
  and a limited Command goes with the one ability of the profile that says whom it reaches
  (R:557, R:596, R:632, R:645, R:822, R:902), and that ability with a ``command*``;
- every ability, upgrade (an ability with a cost) and item a profile names exists, and a
  shot's ability is one the profile or the upgrade has;
- every special weapon rule a weapon, ammunition, shot or gear names exists, with an AP
  number or a template size exactly when the rule takes one (R:1223, R:1226);
- ammunition fits weapons that shoot (R:1243), and its ``only_against`` profiles exist;
- a skill's required skills and profiles, an ability's ``as_skill`` and limited Command
  profiles exist;
- a split Movement or Constitution (``5/4``, ``6/7``) with armour carried is the base plus
  that armour (R:2114, R:2122; notes §6 item 38), and Movement is split only by armour.

Problems are yielded one by one, each naming its file and record.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping

from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ability,
    BookCatalog,
    CloseLine,
    Lurker,
    Profile,
    RangedLine,
)
from skirmish.rulesets.strange_aeons.rules_data.refs import HasSkill, OnlyProfile, RuleRef


def catalog_problems(
    catalog: BookCatalog, profile_origins: Mapping[str, str], item_origins: Mapping[str, str]
) -> Iterator[str]:
    """Every broken cross reference of ``catalog``, one line each; the origins say in which
    file and table each profile and item id was read (``'lurkers.toml: lurker'``)."""
    for key, profile in catalog.profiles.items():
        yield from _profile_problems(catalog, f"{profile_origins[key]} {key!r}", profile)
    yield from _item_problems(catalog, item_origins)
    yield from _skill_problems(catalog)
    yield from _ability_problems(catalog)


def unknown(kind: str, name: str, known: Iterable[str]) -> str:
    """``unknown skill 'toughh' (did you mean 'tough'?)``."""
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    return f"unknown {kind} {name!r}{hint}"


def _ids(where: str, kind: str, ids: Iterable[str], known: Mapping[str, object]) -> Iterator[str]:
    for name in ids:
        if name not in known:
            yield f"{where}: {unknown(kind, name, known)}"


def _profile_problems(catalog: BookCatalog, where: str, profile: Profile) -> Iterator[str]:
    yield from _skill_ref_problems(catalog, where, profile)
    yield from _ids(where, "ability", profile.abilities, catalog.abilities)
    yield from _ids(where, "item", (g.item for g in profile.gear), catalog.items)
    upgrades = profile.upgrades if isinstance(profile, Lurker) else ()
    yield from _ids(where, "ability", upgrades, catalog.abilities)
    for name in upgrades:
        upgrade = catalog.abilities.get(name)
        if upgrade is not None and upgrade.cost is None:
            yield f"{where}: upgrade {name!r} has no cost"
    lines: list[CloseLine | RangedLine] = [*profile.close, *profile.shots]
    for line in lines:
        yield from _line_problems(catalog, f"{where} weapon {line.name!r}", line)
    for shot in profile.shots:
        if shot.ability is not None and shot.ability not in profile.abilities:
            yield f"{where} weapon {shot.name!r}: its ability {shot.ability!r} is not the profile's"
    yield from _split_problems(catalog, where, profile)


def _skill_ref_problems(catalog: BookCatalog, where: str, profile: Profile) -> Iterator[str]:
    """Skills exist; ``command*`` goes with the ability that limits it, and only with it."""
    limited = False
    for ref in profile.skills:
        skill = catalog.skills.get(ref.id)
        if skill is None:
            yield f"{where}: {unknown('skill', ref.id, catalog.skills)}"
        elif ref.limited and not skill.limitable:
            yield f"{where}: skill {str(ref)!r}: {ref.id!r} is never limited with '*'"
        limited = limited or ref.limited
    limits = [
        name
        for name in profile.abilities
        if name in catalog.abilities and catalog.abilities[name].command_only is not None
    ]
    if limited and len(limits) != 1:
        yield f"{where}: a limited Command needs one ability saying whom it reaches, got {limits}"
    if limits and not limited:
        yield f"{where}: ability {limits[0]!r} limits a Command the profile does not mark '*'"


def _line_problems(catalog: BookCatalog, where: str, line: CloseLine | RangedLine) -> Iterator[str]:
    for ref in line.specials:
        yield from _rule_problems(catalog, where, ref)
    if isinstance(line, RangedLine) and line.ability is not None:
        yield from _ids(where, "ability", [line.ability], catalog.abilities)


def _rule_problems(catalog: BookCatalog, where: str, ref: RuleRef) -> Iterator[str]:
    """The special weapon rule exists, with a number or a size exactly when it takes one."""
    rule = catalog.weapon_rules.get(ref.id)
    if rule is None:
        yield f"{where}: {unknown('weapon rule', ref.id, catalog.weapon_rules)}"
        return
    given = None if ref.value is None else "number" if isinstance(ref.value, int) else "size"
    if given != rule.takes:
        wanted = {"number": "a number, as ap[2]", "size": "a size, as [S] or [L]", None: "none"}
        yield f"{where}: weapon rule {str(ref)!r} takes {wanted[rule.takes]}"


def _split_problems(catalog: BookCatalog, where: str, profile: Profile) -> Iterator[str]:
    """Printed values after a slash are the base plus the armour carried (notes §0)."""
    move, con = catalog.armour_of(profile)
    stats = profile.stats
    if not isinstance(stats.move, int) and stats.move_armoured is not None:
        yield f"{where}: a rolled Movement has no armoured value"
    elif isinstance(stats.move, int) and stats.move_armoured is not None:
        if not move:
            yield f"{where}: Movement {stats.move}/{stats.move_armoured} but no armour carried"
        elif stats.move + move != stats.move_armoured:
            printed = stats.move_armoured
            yield f"{where}: Movement {stats.move} {move:+d} is not the printed {printed}"
    if con and stats.con is not None and stats.con + con != stats.con_armoured:
        yield f"{where}: Constitution {stats.con} + {con} is not the printed {stats.con_armoured}"


def _item_problems(catalog: BookCatalog, origins: Mapping[str, str]) -> Iterator[str]:
    for weapon in catalog.weapons.values():
        where = f"{origins[weapon.id]} {weapon.id!r}"
        for line in weapon.lines:
            yield from _line_problems(catalog, where, line)
    for ammo in catalog.ammo.values():
        where = f"{origins[ammo.id]} {ammo.id!r}"
        yield from _ids(where, "weapon", ammo.weapons, catalog.weapons)
        for name in ammo.weapons:
            if name in catalog.weapons and not catalog.weapons[name].is_ranged:
                yield f"{where}: weapon {name!r} does not shoot"
        for ref in ammo.specials:
            yield from _rule_problems(catalog, where, ref)
        yield from _ids(where, "profile", ammo.only_against, catalog.profiles)
    for gear in catalog.gear.values():
        if gear.close is not None:
            yield from _line_problems(catalog, f"{origins[gear.id]} {gear.id!r}", gear.close)


def _skill_problems(catalog: BookCatalog) -> Iterator[str]:
    for skill in catalog.skills.values():
        where = f"skills.toml: skill {skill.id!r}"
        for requirement in skill.requires:
            for condition in requirement.any_of:
                if isinstance(condition, HasSkill):
                    yield from _ids(where, "skill", [condition.id], catalog.skills)
                elif isinstance(condition, OnlyProfile):
                    yield from _ids(where, "profile", [condition.id], catalog.profiles)
        for shot in skill.shots:
            yield from _line_problems(catalog, f"{where} weapon {shot.name!r}", shot)


def _ability_problems(catalog: BookCatalog) -> Iterator[str]:
    for ability in catalog.abilities.values():
        where = f"abilities.toml: ability {ability.id!r}"
        same = [s for s in (ability.as_skill, ability.handler_skill) if s] + list(ability.skills)
        yield from _ids(where, "skill", same, catalog.skills)
        if ability.command_only is not None:
            yield from _ids(where, "profile", ability.command_only.profiles, catalog.profiles)
        if ability.followers is not None:
            yield from _ids(where, "profile", [ability.followers.profile], catalog.lurkers)
        if ability.cheapens is not None:
            yield from _ids(where, "profile", [ability.cheapens.profile], catalog.lurkers)
        for shot in ability.shots:
            yield from _line_problems(catalog, f"{where} weapon {shot.name!r}", shot)
        yield from _upgrade_shot_problems(where, ability)
        yield from _ids(
            where, "weapon rule", (r.id for r in ability.close_specials), catalog.weapon_rules
        )


def _upgrade_shot_problems(where: str, ability: Ability) -> Iterator[str]:
    for shot in ability.shots:
        if shot.ability not in (None, ability.id):
            yield f"{where} weapon {shot.name!r}: its ability {shot.ability!r} is not this one"
