"""The models of a rulebook game, made from its two lists (rules notes §0, §1.14).

Each list entry becomes one model's profile as the rules read it: its Movement with the
armour it wears (notes §0, §6 item 38), Dexterity, natural Constitution and armour points
apart (AP removes armour only, R:1223), Attacks, Wounds, Resolve, the Special types and skills
that the rules act on, and its weapons with C.C. bonus, Damage, AP, Range and Rate; each
Animal equipped to a Threshold model is a model of its own, right after its handler, whom its
profile names (R:1366, :mod:`.animals`); a Threshold entry's Phobias go with its profile,
and how many it gained after Suicidal (R:227, R:1145, :mod:`.phobias`). The profiles are
stored in the game's setup, so a save or a record needs no list file again.

What the game does not play yet (``data/played.toml``) is refused by :func:`unplayed`, one
line per entry with the line of the rulebook that defines it; :func:`playable` is the same
judgement as a filter for random lists. A rolled Movement (1D3+1, 1D6+1, R:2116), rolled
Attacks and a C.C. bonus of 1D3 (notes §6 item 51) are played (:mod:`.pace`, :mod:`.combat`),
and so is a Resolve of 1D6 (:mod:`.psychology`), and a rolled Rate (the Hand Cannon's
1D3+2, R:1322). A Ghost's Dexterity, Attacks or Resolve printed "-" is none (R:116, rules
notes §6 item 61): :data:`.catalog.NONE`, or no Attacks. An item printed with several lines
is a weapon for each (the Heat Ray's settings, R:1323), and each ammunition bought a load of
the weapon it fits (R:1243), an Ammo Choice weapon keeping its own rounds and coming with one
type of its ammunition (R:1222).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib.resources import files
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import ValidationError

from skirmish.data_files import read_data
from skirmish.documents import name_key
from skirmish.errors import SkirmishError
from skirmish.rulesets.strange_aeons import plots, reagents
from skirmish.rulesets.strange_aeons.catalog import (
    BECOMES,
    LOADED,
    NONE,
    SETTING,
    UNARMED,
    Ability,
    ArmourPiece,
    Catalog,
    Equipment,
    ModelType,
    Phobia,
    Profile,
    Skill,
    Weapon,
    WeaponSpecial,
)
from skirmish.rulesets.strange_aeons.damage import GRUB
from skirmish.rulesets.strange_aeons.eggs import HATCHLING, PRE_LAID
from skirmish.rulesets.strange_aeons.ether_wings import ETHER_WINGS
from skirmish.rulesets.strange_aeons.lists.costs import (
    model_points,
    most_upgrades,
    starting_upgrades,
)
from skirmish.rulesets.strange_aeons.lists.kits import kits
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ForceList,
    LurkerList,
    LurkerPick,
    ThresholdList,
)
from skirmish.rulesets.strange_aeons.lists.phobias import Phobia as BookPhobia
from skirmish.rulesets.strange_aeons.lists.plot_points import SALTES
from skirmish.rulesets.strange_aeons.lists.scenarios import IMPRISONED
from skirmish.rulesets.strange_aeons.mutations import load_mutations, unplayed_skills
from skirmish.rulesets.strange_aeons.rules_data.notation import DiceExpr
from skirmish.rulesets.strange_aeons.rules_data.refs import RuleRef
from skirmish.rulesets.strange_aeons.swarms import noted, roll_models

if TYPE_CHECKING:
    from skirmish.dice import Faces
from skirmish.rulesets.strange_aeons.rules_data.records import Ability as BookAbility
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ammo,
    Animal,
    Armour,
    BookCatalog,
    CloseLine,
    Gear,
    Item,
    Lurker,
    RangedLine,
    Record,
    SpecialType,
    Table,
    has_ammo_choice,
)
from skirmish.rulesets.strange_aeons.rules_data.records import Profile as BookProfile
from skirmish.rulesets.strange_aeons.rules_data.records import Skill as BookSkill
from skirmish.rulesets.strange_aeons.rules_data.records import Weapon as BookWeapon
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import DeploymentTable

__all__ = [
    "Played",
    "force_setup",
    "game_catalog",
    "item_weapons",
    "load_played",
    "mob_playable",
    "model_profile",
    "playable",
    "unarmed_weapon",
    "unplayed",
]

TEMPLATES = ("blast_template", "spray_template")
"""The weapon rules that give a weapon a template, and its size."""
MODEL_TYPES: frozenset[str] = frozenset(
    {"human", "humanoid", "undead", "beast", "daemon", "alien", "animal", "ghost"}
)
"""Special types a game profile carries as types; Hideous, Fear and Terror it carries as the
things that make others test, like skills; Unique and Nemesis only matter to the list."""
CAUSES_TESTS: frozenset[str] = frozenset({"hideous", "fear", "terror"})
MUTATIONS = load_mutations()
D3 = "1D3"
"""The one rolled C.C. bonus the book prints, a D3 rolled each round (rules notes item 51)."""
ROLLED_RESOLVE = "1D6"
"""The one rolled Resolve the book prints, played as a D6 for each test (rules notes item 51)."""
RESOLVE_MIDDLE = 4
TRANSMOGRIFY = "transmogrify"
CULTIST = "cultist"
"""The profile an unarmed one of which replaces a Wolfman that Transmogrifies (R:627)."""
PUPPET = "puppet"
"""The profile a Dark Puppeteer spawns (R:645)."""
BACK_UP_PROFILE = "agent"
"""The profile of the Agent a Squad Leader's Back Up calls in, with 1 EP of gear (R:453)."""
BACK_UP_EP = 1.0
CALLED = "@"
"""Joins a side's letter and the ids of the items of an Agent its Back Up may call in."""
KIT = "&"
"""Joins the ids of those items."""
SPECIALS: dict[str, WeaponSpecial] = {
    "unarmed": "unarmed",
    "parry": "parry",
    "power": "power",
    "close_range": "blast",  # the introduction's "Blast" (notes §6 item 20)
    "ready": "ready",
    "blast_template": "blast_template",
    "spray_template": "spray_template",
    "dangerous": "dangerous",
    "poison": "poison",
    "two_hand": "two_hand",
    "loader": "loader",
    "stun": "stun",
    "fire": "fire",
    "chill": "chill",
    "ensnare": "ensnare",
    "confusion": "confusion",
    "disrupt": "disrupt",
    "repel": "repel",
    "strafe": "strafe",
    "arc": "arc",
    "one_shot": "one_shot",
    "banish": "banish",
}


class Played(Record):
    """The book's entries the game plays, by id (``data/played.toml``)."""

    types: frozenset[str]
    skills: frozenset[str]
    weapon_rules: frozenset[str]
    abilities: frozenset[str]
    gear: frozenset[str]
    phobias: frozenset[str]
    plot_points: frozenset[str]
    scenarios: tuple[str, ...]


def load_played() -> Played:
    """What the rulebook game plays, from the package's data."""
    return read_data(files(__package__) / "data", "played.toml", Played)


PLAYED = load_played()
SUMMONED = "*"
"""Joins a side's letter and the id of a Daemon its Servitor may summon (R:688)."""
WITH = "+"
"""Joins a summoned Daemon's id and each upgrade it comes with."""


def unplayed(book: BookCatalog, played: Played, force: ForceList) -> list[str]:
    """Every entry of ``force`` the game does not play yet, one line each with its R: line."""
    found: list[str] = []
    for name, profile, skills, items, upgrades, extra in _entries(force):
        where = f"{name} ({profile.name})"
        found += [f"{where}: {why}" for why in _profile_problems(book, played, profile)]
        found += [f"{where}: {why}" for u in upgrades for why in _upgrade_problems(book, played, u)]
        found += [f"{where}: {why}" for s in skills for why in _skill_problems(played, s)]
        found += [
            f"{where}: {why}" for i in items for why in _item_problems(book, played, i, profile)
        ]
        found += [f"{where}: {why}" for why in extra]
        for animal in _animals(force, name):
            found += [f"{where}: {why}" for why in _profile_problems(book, played, animal)]
    if isinstance(force, ThresholdList):
        for op in force.operatives:
            where = f"{op.name} ({op.profile.name})"
            found += [f"{where}: {why}" for why in _phobia_problems(played, op.phobias)]
    if isinstance(force, LurkerList):
        found += [
            f"the Plot Point {p.name} (R:{p.line}) is not played yet"
            for p in force.plot_points
            if p.id not in played.plot_points
        ]
    return list(dict.fromkeys(found))


def _phobia_problems(played: Played, phobias: Sequence[BookPhobia]) -> Iterator[str]:
    for phobia in phobias:
        if phobia.id not in played.phobias:
            yield f"the Phobia {phobia.name} (R:{phobia.line}) is not played yet"


def _fires_its_ammo(item: BookWeapon) -> bool:
    """Whether an Ammo Choice weapon has no Damage of its own (the Canister Launcher, R:1301)."""
    return item.ammo_choice and any(line.damage is None for line in item.lines)


def _ap(specials: Sequence[RuleRef]) -> int:
    """The AP of these special rules (APX, R:1223)."""
    return sum(int(r.value) for r in specials if r.id == "ap" and isinstance(r.value, int))


def playable(
    book: BookCatalog,
    played: Played,
    entry: BookProfile | BookSkill | Item | BookAbility | BookPhobia,
) -> bool:
    """Whether the game plays ``entry`` (a profile with what it prints, a skill, an item, an
    upgrade or a Phobia): the filter random lists for play are drawn with."""
    if isinstance(entry, BookPhobia):
        return not any(_phobia_problems(played, (entry,)))
    if isinstance(entry, BookProfile):
        return not any(_profile_problems(book, played, entry))
    if isinstance(entry, BookAbility):
        return not any(_upgrade_problems(book, played, entry))
    if isinstance(entry, BookSkill):
        return not any(_skill_problems(played, entry))
    return not any(_item_problems(book, played, entry))


def _entries(
    force: ForceList,
) -> Iterator[
    tuple[str, BookProfile, Sequence[BookSkill], Sequence[Item], Sequence[BookAbility], list[str]]
]:
    """Each entry's name, profile, skills, bought items, upgrades and what else it takes."""
    if isinstance(force, ThresholdList):
        for op in force.operatives:
            extra = []
            if op.power is not None:
                extra.append(f"Psychic Power {op.power.name} (R:309) is not played yet")
            yield op.name, op.profile, op.skills, op.gear, (), extra
        return
    for pick in force.picks:
        extra = []
        if pick.mob:
            extra += _mob_problems(pick.profile)
        if pick.power is not None:
            extra.append(f"Psychic Power {pick.power.name} (R:309) is not played yet")
        yield pick.name, pick.profile, pick.skills, pick.gear, pick.upgrades, extra


def mob_playable(profile: Lurker) -> bool:
    """Whether the game plays a Mob of ``profile``: the filter of random lists' Mobs."""
    return not any(_mob_problems(profile))


def _mob_problems(profile: Lurker) -> Iterator[str]:
    if profile.models_per_point is not None:
        yield "a Mob of Swarms (R:918, R:613) is not played yet"
    if IMPRISONED in profile.abilities:
        yield "a Mob of Scrawny Ones (R:918; each comes forth alone, R:683) is not played yet"


def _upgrade_problems(book: BookCatalog, played: Played, upgrade: BookAbility) -> Iterator[str]:
    """Why an upgrade bought is not played yet: the rule, or the shot it gives."""
    if upgrade.id not in played.abilities:
        yield f"upgrade {upgrade.name} (R:{upgrade.lines[0]}) is not played yet"
        return
    for shot in upgrade.shots:
        yield from _line_problems(book, played, shot, upgrade.lines[0], shot.name or upgrade.name)


def _profile_problems(book: BookCatalog, played: Played, profile: BookProfile) -> Iterator[str]:
    line = profile.lines[0]
    for kind in profile.types:
        if kind not in played.types:
            shown = kind.value.replace("_", " ").title()
            yield f"the Special type {shown} (R:{line}) is not played yet"
    stats = profile.stats
    for label, value in (("Movement", stats.move), ("Attacks", stats.attacks)):
        if isinstance(value, DiceExpr) and not _rolled(value):
            yield f"its rolled {label} {value} (R:{line}) is not played yet"
    if isinstance(stats.resolve, DiceExpr) and str(stats.resolve) != ROLLED_RESOLVE:
        yield f"its rolled Resolve {stats.resolve} (R:{line}) is not played yet"
    for ref in profile.skills:
        skill = book.skills[ref.id]
        if ref.limited and not _limit_played(book, played, profile):
            yield f"its limited Command (R:{skill.line}) is not played yet"
        yield from _skill_problems(played, skill)
    for skill_id in unplayed_skills(MUTATIONS, profile.abilities, played.skills | played.types):
        skill = book.skills[skill_id]
        yield f"the Skill {skill.name} (R:{skill.line}) of a Kindred Mutation is not played yet"
    for ability in profile.abilities:
        if ability not in played.abilities:
            record = book.abilities[ability]
            yield f"{record.name} (R:{record.lines[0]}) is not played yet"
    # An ability played in place of the own weapons' Damage "*" (Engulf, R:591).
    instead = any(book.abilities[a].no_damage and a in played.abilities for a in profile.abilities)
    for stat in _own_lines(profile):
        yield from _line_problems(book, played, stat, line, stat.name or profile.name, instead)
    for carried in profile.gear:
        yield from _item_problems(book, played, book.items[carried.item])


def _limit_played(book: BookCatalog, played: Played, profile: BookProfile) -> bool:
    """Whether the rules limiting the profile's Command (R:1060) are played: it prints one and
    each is (Pharaonic Authority's Undead, R:902; Pack Leader's Wolfmen, R:632)."""
    limits = [a for a in profile.abilities if book.abilities[a].command_only is not None]
    return bool(limits) and all(a in played.abilities for a in limits)


def _rolled(stat: DiceExpr) -> bool:
    """Whether the game rolls this Movement or Attacks: one D3 or D6 plus a number (R:2116,
    notes §6 item 51)."""
    return stat.count == 1 and stat.sides in (3, 6)


def _own_lines(profile: BookProfile) -> list[CloseLine | RangedLine]:
    """The stat lines of the profile's own weapons and shooting attacks."""
    return [*profile.close, *profile.shots]


def _skill_problems(played: Played, skill: BookSkill) -> Iterator[str]:
    if skill.id not in played.skills:
        yield f"the Skill {skill.name} (R:{skill.line}) is not played yet"


def _item_problems(
    book: BookCatalog, played: Played, item: Item, holder: BookProfile | None = None
) -> Iterator[str]:
    """Why ``item`` is not played yet: a weapon's lines that ``holder`` uses, all of them
    when no holder is given."""
    if isinstance(item, Ammo):
        yield from _ammo_problems(book, played, item)
    elif isinstance(item, Gear):
        if item.id not in played.gear:
            yield f"{item.name} (R:{item.line}) is not played yet"
    elif isinstance(item, BookWeapon):
        lines = item.lines if holder is None else _used_lines(book, holder, item)
        for stat_line in lines:
            yield from _line_problems(book, played, stat_line, item.line, item.name)


def _rule_problems(
    book: BookCatalog, played: Played, specials: Sequence[RuleRef], name: str
) -> Iterator[str]:
    for rule in specials:
        if rule.id not in played.weapon_rules:
            record = book.weapon_rules[rule.id]
            yield f"the weapon rule {record.name} of {name} (R:{record.lines[0]}) is not played yet"


def _ammo_problems(book: BookCatalog, played: Played, ammo: Ammo) -> Iterator[str]:
    """What the game does not play of an ammunition: its special rules, a Damage of its own
    other than a D6's or 0 (Rock Salt's, R:1251), or an effect only words give (a Smoke
    Canister's template blocking sight is played, R:1309)."""
    yield from _rule_problems(book, played, ammo.specials, ammo.name)
    own = ammo.damage
    odd = own is not None and own.high != 0 and (own.count != 1 or own.sides != 6)
    if odd or (ammo.summary is not None and ammo.blocks_sight is None):
        yield f"the Damage of {ammo.name} (R:{ammo.line}) is not played yet"


def _line_problems(
    book: BookCatalog,
    played: Played,
    stat: CloseLine | RangedLine,
    line: int,
    name: str,
    no_damage: bool = False,
) -> Iterator[str]:
    """Why a weapon's line is not played yet; ``no_damage`` when a rule of its profile plays
    in place of a Damage "*"."""
    yield from _rule_problems(book, played, stat.specials, name)
    damage = stat.damage
    # A shot that plays an ability of the profile does what the ability says, not damage, and
    # so does a shot of a Damage of none or 0 (the Net Gun's, R:1337); a Repel weapon deals
    # none, printed "-" (notes §6 item 4); an Ammo Choice weapon with no Damage of its own
    # fires its canister's (R:1301).
    repels = any(r.id == "repel" for r in stat.specials)
    own = isinstance(stat, RangedLine) and stat.ability is not None
    own = own or (_harmless(stat) and not has_ammo_choice([stat]))
    own = own or ((no_damage or repels) and damage is None)
    own = own or (damage is None and has_ammo_choice([stat]))
    if not own and (damage is None or damage.count != 1 or damage.sides != 6):
        yield f"{name}'s Damage (R:{line}) is not played yet"
    if isinstance(stat, CloseLine) and isinstance(stat.ccb, DiceExpr) and str(stat.ccb) != D3:
        yield f"{name}'s rolled C.C. bonus {stat.ccb} (R:{line}) is not played yet"
    if isinstance(stat, RangedLine):
        if isinstance(stat.rate, DiceExpr) and not _rolled(stat.rate):
            yield f"{name}'s rolled Rate {stat.rate} (R:{line}) is not played yet"
        # A Spray Template is its own range (notes §6 item 11); a profile's own rule that
        # gives the shot must be played (Scorching Burst, R:655; Blinding Spittle, R:875).
        sprays = any(r.id == "spray_template" for r in stat.specials)
        unplayed = stat.ability is not None and stat.ability not in played.abilities
        if (stat.range is None and not sprays) or unplayed:
            yield f"{name} (R:{line}) is not played yet"


def force_setup(
    book: BookCatalog, force: ForceList, side: int, source: str, dice: Faces
) -> dict[str, Any]:
    """A played list as its game setup holds it: its name, where it came from, and each
    model's profile and weapons, JSON-ready; a Swarm's models are rolled with ``dice`` and
    the throws kept (R:613)."""
    prefix = "TL"[side]
    profiles: list[Profile] = []
    weapons: dict[str, Weapon] = {}
    swarms: list[list[Any]] = []
    firsts: dict[str, str] = {}
    number = 0
    for name, profile, _skills, items, upgrades, _extra in _entries(force):
        count = 1 if isinstance(force, ThresholdList) else _count(force, name)
        if isinstance(profile, Lurker) and profile.models_per_point is not None:
            rolled = roll_models(profile.models_per_point, count, dice)
            swarms.append([name, rolled])
            count = sum(rolled)
        carried = _weapons(book, profile, items, upgrades)
        weapons.update((w.id, w) for w in carried)
        mob = name if isinstance(force, LurkerList) and _mob(force, name) else ""
        firsts[name] = f"{prefix}{number + 1}"
        for copy in range(count):
            number += 1
            shown = name if count == 1 else f"{name} {copy + 1}"
            made = _profile(
                book,
                f"{prefix}{number}",
                shown,
                side,
                profile,
                _skills,
                items,
                carried,
                upgrades,
            )
            update = _phobias(force, name) | ({"mob": mob} if mob else {})
            profiles.append(_with_heir(book, made.model_copy(update=update), profile))
        handler = profiles[-1].id
        for animal in _animals(force, name):
            number += 1
            own = _weapons(book, animal, (), ())
            weapons.update((w.id, w) for w in own)
            made = _profile(
                book, f"{prefix}{number}", f"{name}'s {animal.name}", side, animal, (), (), own
            )
            profiles.append(made.model_copy(update={"handler": handler, "pack": animal.pack}))
    spawns, theirs = _spawns(book, profiles, prefix, side)
    less = sum(p.summon_less for p in force.plot_points) if isinstance(force, LurkerList) else 0
    summons, called = _summons(book, profiles, prefix, side, less)
    agents, kits = _back_up(book, profiles, prefix, side)
    jar, raised, risen = _saltes(book, force, profiles, firsts, prefix)
    weapons.update((w.id, w) for w in (*theirs, *called, *kits, *risen))
    written: dict[str, Any] = {
        "list": force.name,
        "from": source,
        "models": [p.model_dump(mode="json") for p in profiles],
        "weapons": [w.model_dump(mode="json") for w in weapons.values()],
    }
    if isinstance(force, LurkerList) and force.plot_points:
        written[plots.KEY] = [p.id for p in force.plot_points]
    spawns += [p for p, _, _ in summons]
    if jar:
        written[plots.SALTES_KEY] = jar
        known = {p.id for p in spawns}
        spawns += [p for p in raised if p.id not in known]
    if spawns:
        written["spawns"] = [p.model_dump(mode="json") for p in spawns]
    if summons:
        written["summons"] = [[p.id, points, unique] for p, points, unique in summons]
    if agents:
        # A hundred or so kits: their profiles kept short, the defaults left out.
        written["spawns"] = [
            *written.get("spawns", []),
            *(p.model_dump(mode="json", exclude_defaults=True) for p in agents),
        ]
        written["back-up"] = [p.id for p in agents]
    return noted(written, swarms)


def _back_up(
    book: BookCatalog, profiles: Sequence[Profile], prefix: str, side: int
) -> tuple[list[Profile], list[Weapon]]:
    """The Agents a side's Squad Leader may call in (Back Up, R:453), one for each set of
    played items worth 1 EP (:func:`.kits.kits`), and their weapons."""
    if not any(p.can("back_up") for p in profiles):
        return [], []
    agent = book.personnel[BACK_UP_PROFILE]
    made: list[Profile] = []
    weapons: list[Weapon] = []
    for kit in kits(book, agent, BACK_UP_EP, lambda item: playable(book, PLAYED, item)):
        own = _weapons(book, agent, kit, ())
        kit_id = f"{prefix}{CALLED}{KIT.join(i.id for i in kit)}"
        name = f"{agent.name} with {', '.join(i.name for i in kit)}"
        made.append(_profile(book, kit_id, name, side, agent, (), kit, own))
        weapons += own
    return made, weapons


def _summons(
    book: BookCatalog, profiles: Sequence[Profile], prefix: str, side: int, less: int
) -> tuple[list[tuple[Profile, float, bool]], list[Weapon]]:
    """The Daemons a side's Servitor may summon (R:688), each with what it is worth and
    whether it is Unique (R:515), and their weapons: every played profile of the Daemon type,
    as its first Special or a later one (a 'Beast, Daemon', R:108, notes §1.14), that a list
    buys or a summons brings (the Tentacle, R:698), with each set of played upgrades it may buy (a
    Godling's first Eldritch Power free, R:660), as the list would, ``less`` for its Plot
    Points (Between Worlds, R:930; never below nothing)."""
    if not any(p.can("summoner") for p in profiles):
        return [], []
    found: list[tuple[Profile, float, bool]] = []
    weapons: list[Weapon] = []
    for daemon in book.lurkers.values():
        if not daemon.is_a(SpecialType.DAEMON) or daemon.bought not in ("list", "summoned"):
            continue
        if not playable(book, PLAYED, daemon):
            continue
        for upgrades in _upgrade_sets(book, daemon):
            own = _weapons(book, daemon, (), upgrades)
            spawn = WITH.join((f"{prefix}{SUMMONED}{daemon.id}", *(u.id for u in upgrades)))
            name = ", ".join((daemon.name, *(u.name for u in upgrades)))
            made = _profile(book, spawn, name, side, daemon, (), (), own, upgrades)
            pick = LurkerPick(daemon.name, daemon, upgrades=upgrades)
            worth = max(0.0, model_points(book, pick) - less)
            found.append((made, worth, daemon.is_a(SpecialType.UNIQUE)))
            weapons += own
    return found, weapons


def _saltes(
    book: BookCatalog,
    force: ForceList,
    profiles: Sequence[Profile],
    firsts: dict[str, str],
    prefix: str,
) -> tuple[dict[str, Any], list[Profile], list[Weapon]]:
    """A list's jar of Essential Saltes (R:933), if it bought one: its carrier (the first
    model of the entry the list names, else its first Human or Humanoid model out of a Mob),
    the worth it may raise (4 points and the points banked, notes §6 item 68), and every
    played profile of the kinds it raises that a list buys, worth what a list pays for it
    bare, with its profile and weapons. A Swarm's points buy 1D3 models, not one (R:613):
    none is raised."""
    plot = plots.PLOTS[SALTES]
    if not isinstance(force, LurkerList) or plot not in force.plot_points:
        return {}, [], []
    named = {name_key(n): mid for n, mid in firsts.items()}
    bearers = [p for p in profiles if any(t.value in p.types for t in plot.carrier)]
    carrier = (
        named[name_key(force.saltes_carrier)]
        if force.saltes_carrier is not None
        else next((p.id for p in bearers if not p.mob), bearers[0].id)
    )
    found: list[list[Any]] = []
    made: list[Profile] = []
    weapons: list[Weapon] = []
    side = "TL".index(prefix)
    for lurker in book.lurkers.values():
        if lurker.bought != "list" or lurker.models_per_point is not None:
            continue
        if not any(lurker.is_a(t) for t in plot.raises) or not playable(book, PLAYED, lurker):
            continue
        own = _weapons(book, lurker, (), ())
        spawn = reagents.spawn_id(prefix, lurker.id)
        made.append(_profile(book, spawn, lurker.name, side, lurker, (), (), own))
        worth = model_points(book, LurkerPick(lurker.name, lurker))
        found.append([lurker.id, worth, lurker.is_a(SpecialType.UNIQUE)])
        weapons += own
    cap = (plot.raise_points or 0.0) + force.saltes_bank
    return {"carrier": carrier, "cap": cap, "raises": found}, made, weapons


def _upgrade_sets(book: BookCatalog, daemon: Lurker) -> list[tuple[BookAbility, ...]]:
    """Each set of played upgrades ``daemon`` may buy: as many as its own rules give free at
    least (R:660), as many as they allow at most (R:672)."""
    sold = [book.abilities[u] for u in daemon.upgrades]
    sold = [u for u in sold if playable(book, PLAYED, u)]
    most = most_upgrades(book, daemon, len(sold))
    least = starting_upgrades(book, daemon)
    return [c for k in range(least, most + 1) for c in combinations(sold, k)]


def _spawns(
    book: BookCatalog, profiles: Sequence[Profile], prefix: str, side: int
) -> tuple[list[Profile], list[Weapon]]:
    """The profiles a side's models may become or bring in play, and the weapons they and
    the Reagent Table bring: a Mad Scientist's Mutation (R:801) and a Volatile explosion
    (R:797), a Conqueror Worm's Grave Grubs (R:557), the Swarms a Leng Spider's eggs hatch
    into (R:596), a Dark Puppeteer's Puppets (R:645)."""
    made: list[Profile] = []
    weapons: list[Weapon] = []
    serum = any(p.can("diabolical_serum") for p in profiles)
    brought = [reagents.REAGENTS.becomes] if serum else []
    brought += [GRUB] if any(p.can("worm_spawn") for p in profiles) else []
    brought += [HATCHLING] if any(p.can("egg_layer") for p in profiles) else []
    brought += [PUPPET] if any(p.can("dark_spawn") for p in profiles) else []
    for book_id in brought:
        spawned = book.lurkers[book_id]
        own = _weapons(book, spawned, (), ())
        spawn = reagents.spawn_id(prefix, spawned.id)
        made.append(_profile(book, spawn, spawned.name, side, spawned, (), (), own))
        weapons += own
    return made, weapons + ([reagents.blast_weapon(reagents.REAGENTS)] if serum else [])


def _with_heir(book: BookCatalog, made: Profile, profile: BookProfile) -> Profile:
    """A Wolfman's profile, with the unarmed Cultist that takes its place when it
    Transmogrifies (R:627); any other as it is."""
    if TRANSMOGRIFY not in profile.abilities:
        return made
    cultist = book.lurkers[CULTIST]
    name = f"{made.name} ({cultist.name})"
    heir = _profile(book, f"{made.id}{BECOMES}", name, made.side, cultist, (), (), ())
    return made.model_copy(update={"becomes": heir})


def _animals(force: ForceList, name: str) -> tuple[Animal, ...]:
    """The Animals equipped to the entry ``name`` (R:1366): only a Threshold model's."""
    if isinstance(force, LurkerList):
        return ()
    return next(op.animals for op in force.operatives if op.name == name)


def _phobias(force: ForceList, name: str) -> dict[str, Any]:
    """The Phobias of the Threshold entry ``name`` (R:227) and how many of them it gained
    after taking Suicidal (R:1145); none for a Lurker."""
    if isinstance(force, LurkerList):
        return {}
    op = next(op for op in force.operatives if op.name == name)
    carried = {p.id for p in op.phobias}
    ids: tuple[Phobia, ...] = tuple(p for p in get_args(Phobia) if p in carried)
    return {"phobias": ids, "later_phobias": len(set(op.after_suicidal))}


def _count(force: LurkerList, name: str) -> int:
    return next(pick.count for pick in force.picks if pick.name == name)


def _mob(force: LurkerList, name: str) -> bool:
    """Whether the entry ``name`` is bought as a Mob (R:919)."""
    return next(pick.mob for pick in force.picks if pick.name == name)


def model_profile(
    book: BookCatalog,
    profile: BookProfile,
    skills: Sequence[BookSkill] = (),
    items: Sequence[Item] = (),
    upgrades: Sequence[BookAbility] = (),
) -> Profile:
    """The characteristics, skills and worn armour the game builds for one model of a list
    entry (:func:`_profile`), named as its profile and without weapons: what a list's sheet
    shows."""
    return _profile(book, profile.id, profile.name, 0, profile, skills, items, (), upgrades)


def _profile(
    book: BookCatalog,
    model_id: str,
    name: str,
    side: int,
    profile: BookProfile,
    skills: Sequence[BookSkill],
    items: Sequence[Item],
    weapons: Sequence[Weapon],
    upgrades: Sequence[BookAbility] = (),
) -> Profile:
    """A model's profile: the book's, with what it buys; an upgrade adds its armour, with no
    Movement penalty (R:568), its Movement (R:663), its Skills (R:617) and itself. Its Extra
    Gear is what the profile prints and what it buys (a Special Agent's kit, R:378)."""
    stats = profile.stats
    # Armour printed with a profile is in its printed Movement and Constitution (the Squad
    # Leader's "5/4" and "6/7", notes §6 item 38): only the armour bought is added. Both are
    # worn, so Destroy Weapon may take either (R:1069).
    bought = [i for i in items if isinstance(i, Armour)]
    worn = [i for i in _carried(book, profile, ()) if isinstance(i, Armour)] + bought
    move = stats.move_armoured if stats.move_armoured is not None else stats.move
    con = stats.con or 0
    armour = (stats.con_armoured or con) - con + sum(a.con for a in bought)
    armour += sum(u.armour for u in upgrades)
    # Nothing reduces a Mi-Go's Movement, the armour it buys neither (Ether Wings, R:550).
    slows = int(ETHER_WINGS not in profile.abilities)
    move_penalty = sum(a.move for a in bought) + sum(i.move for i in items if isinstance(i, Gear))
    move_penalty = move_penalty * slows + sum(u.move for u in upgrades)
    die, fixed = _die_and_plus(move)
    attacks_die, attacks = _die_and_plus(stats.attacks or 0)  # a Ghost's "-": none (R:116)
    assert stats.wounds is not None
    names = [ref.id for ref in profile.skills] + [s.id for s in skills]
    names += [skill for u in upgrades for skill in u.skills]
    owned = (*profile.abilities, *(u.id for u in upgrades))
    names += [t.value for t in profile.types if t.value in CAUSES_TESTS]
    return Profile(
        id=model_id,
        name=name,
        side=side,
        move=fixed + move_penalty if die else max(1, fixed + move_penalty),
        move_die=die,
        dex=NONE if stats.dex is None else stats.dex,
        con=con,
        armour=armour,
        attacks=attacks,
        attacks_die=attacks_die,
        wounds=stats.wounds,
        res=_resolve(stats.resolve),
        res_rolled=isinstance(stats.resolve, DiceExpr),
        types=tuple(_types(profile)),
        skills=tuple(_skills(names)),
        weapons=tuple(w.id for w in weapons),
        abilities=tuple(a for a in get_args(Ability) if a in owned),
        worn=tuple(ArmourPiece(id=a.id, name=a.name, con=a.con, move=a.move * slows) for a in worn),
        command_types=_command_types(book, profile),
        command_kinds=_command_kinds(book, profile, upgrades),
        eggs=sum(1 for u in upgrades if u.id == PRE_LAID),
        equipment=tuple(
            e for i in _carried(book, profile, items) for e in get_args(Equipment) if e == i.id
        ),
        kind=profile.id,
    )


def _resolve(printed: int | DiceExpr | None) -> int:
    """The Resolve the rules test: as printed, a rolled one's middle, or none (a Ghost's "-",
    rules notes §6 item 61)."""
    if printed is None:
        return NONE
    return printed if isinstance(printed, int) else RESOLVE_MIDDLE


def _command_types(book: BookCatalog, profile: BookProfile) -> tuple[ModelType, ...]:
    """The Special types the profile's limited Command nominates (R:902); none when its
    Command is not limited, or is limited to profiles (:func:`_command_kinds`)."""
    limits = [book.abilities[a].command_only for a in profile.abilities]
    kinds = [
        t.value for limit in limits if limit is not None and not limit.profiles for t in limit.types
    ]
    return tuple(k for k in get_args(ModelType) if k in kinds)


def _command_kinds(
    book: BookCatalog, profile: BookProfile, upgrades: Sequence[BookAbility] = ()
) -> tuple[str, ...]:
    """The book's profiles a limited Command of the profile or its upgrades nominates: the
    Queen's Swarms (R:617), the Conqueror Worm's Grave Grubs (R:557), the Werewolf's Wolfmen
    (R:632), the Dark Puppeteer's Puppets (R:645); none: any."""
    owned = [book.abilities[a] for a in profile.abilities] + list(upgrades)
    return tuple(p for a in owned if a.command_only for p in a.command_only.profiles)


def _die_and_plus(stat: int | DiceExpr | None) -> tuple[Literal[0, 3, 6], int]:
    """A characteristic as the die rolled (0: none) and the number it adds or is."""
    if isinstance(stat, DiceExpr):
        return (3 if stat.sides == 3 else 6), stat.plus
    assert isinstance(stat, int)
    return 0, stat


def _types(profile: BookProfile) -> Iterator[ModelType]:
    for kind in profile.types:
        for known in get_args(ModelType):
            if kind.value == known:
                yield known


def _skills(names: Sequence[str]) -> Iterator[Skill]:
    for name in dict.fromkeys(names):
        for known in get_args(Skill):
            if name == known:
                yield known


def _weapons(
    book: BookCatalog,
    profile: BookProfile,
    bought: Sequence[Item],
    upgrades: Sequence[BookAbility],
) -> list[Weapon]:
    """The profile's own weapons, its close combat ones with the rules its upgrades add
    (Poisonous Barbs, R:570), and the shots its upgrades give (Fish Sauce, R:569); then the
    items it carries and buys that are weapons: one for each line of an item printed with
    several (the Heat Ray's two settings, R:1323), their close combat lines alone where its
    own rules use no other (Faceless, R:860); the Wooden Stake's close combat line among them
    (R:486)."""
    found = [
        _weapon(f"{profile.id}{SETTING}{_slug(line.name or '')}", line.name or "", line)
        for line in _own_lines(profile)
    ]
    added = tuple(r for u in upgrades for r in u.close_specials)
    if added:
        found = [_barbed(w, added, upgrades) if w.kind == "close" else w for w in found]
    found += [
        _weapon(f"{profile.id}{SETTING}{_slug(line.name or '')}", line.name or "", line)
        for u in upgrades
        for line in u.shots
    ]
    items = _carried(book, profile, bought)
    for item in items:
        if isinstance(item, BookWeapon):
            lines = _used_lines(book, profile, item)
            found += [
                w for line in lines for w in _loads(book, item, _item_weapon(item, line), items)
            ]
        if isinstance(item, Gear) and item.close is not None:
            # Extra Gear, of no Weapons Table: Destroy Weapon never takes it (R:460)
            found.append(_weapon(item.id, item.name, item.close))
    return found


def _carried(book: BookCatalog, profile: BookProfile, bought: Sequence[Item]) -> list[Item]:
    """The items a model carries: those printed with its profile (a Special Agent comes with
    its kit, R:378), then those bought for it."""
    return [book.items[ref.item] for ref in profile.gear] + list(bought)


def _barbed(weapon: Weapon, added: Sequence[RuleRef], upgrades: Sequence[BookAbility]) -> Weapon:
    """A profile's own close combat ``weapon`` with the rules its upgrades add, under an id
    of its own, as a model of the same profile without them keeps the printed weapon."""
    specials = tuple(SPECIALS[r.id] for r in added if r.id in SPECIALS)
    suffix = "+".join(u.id for u in upgrades if u.close_specials)
    return weapon.model_copy(
        update={
            "id": f"{weapon.id}.{suffix}",
            "specials": tuple(dict.fromkeys((*weapon.specials, *specials))),
        }
    )


def item_weapons(item: BookWeapon) -> list[Weapon]:
    """A weapon item as the game's weapons: one for each of its lines."""
    return [_item_weapon(item, line) for line in item.lines]


def _loads(
    book: BookCatalog, item: BookWeapon, weapon: Weapon, items: Sequence[Item]
) -> list[Weapon]:
    """``weapon`` as its model may fire it: with each ammunition bought for it (R:1243); an
    Ammo Choice weapon with its own rounds too, where it has a Damage of its own, and with
    the special type it comes with (R:1222): the first listed for it, or with none listed the
    first the book prints for it (a Short Bow's Fire Arrows, a Canister Launcher's Cryo
    Canister). A weapon without Ammo Choice is upgraded, firing only what was bought. One
    type a Turn, as a model fires one ranged weapon a turn (R:174)."""
    loads = [a for a in items if isinstance(a, Ammo) and item.id in a.weapons]
    if item.ammo_choice and not loads:
        loads = [book.standard_ammo(item.id)]
    loaded = [_loaded(weapon, a) for a in loads]
    own = not _fires_its_ammo(item)
    return [weapon, *loaded] if own and (item.ammo_choice or not loaded) else loaded


def _loaded(weapon: Weapon, ammo: Ammo) -> Weapon:
    """``weapon`` firing ``ammo``: its Damage (or the ammunition's own; a bonus against some
    profiles only, Silver Bullets', kept apart), Range and AP changed, the ammunition's rules
    and template added."""
    own = ammo.damage.plus if ammo.damage is not None else weapon.damage
    general = 0 if ammo.only_against else ammo.damage_bonus
    smoke = ammo.blocks_sight
    specials = tuple(SPECIALS[r.id] for r in ammo.specials if r.id in SPECIALS)
    size = next((r.value for r in ammo.specials if r.id in TEMPLATES), weapon.template)
    return weapon.model_copy(
        update={
            "id": f"{weapon.id}{LOADED}{ammo.id}",
            "name": f"{weapon.name} ({ammo.name})",
            "damage": own + general,
            "bonus_against": ammo.only_against,
            "against_bonus": ammo.damage_bonus - general,
            "range": weapon.range + ammo.range_bonus,
            "ap": weapon.ap + ammo.ap_bonus + _ap(ammo.specials),
            "specials": tuple(dict.fromkeys((*weapon.specials, *specials))),
            "template": size if isinstance(size, str) else None,
            "harmless": weapon.harmless if ammo.damage is None else ammo.damage.high == 0,
            "smoke_die": 0 if smoke is None else smoke.sides,
            "smoke_turns": 0 if smoke is None else smoke.plus,
        }
    )


def _item_weapon(item: BookWeapon, line: CloseLine | RangedLine) -> Weapon:
    """An item's weapon, a line of several named after its setting (``heat_ray.low``), with
    the shots it has a game (the Net Gun's three, R:1334); one sold on the Master Weapons
    Table is "earthly" (Surgical Precision, R:550)."""
    weapon_id, name = item.id, item.name
    if len(item.lines) > 1 and line.name is not None:
        weapon_id, name = f"{item.id}{SETTING}{_slug(line.name)}", f"{item.name} ({line.name})"
    weapon = _weapon(weapon_id, name, line, item=True, earthly=Table.MASTER in item.tables)
    return weapon.model_copy(update={"shots": item.shots_per_game or 0})


def _used_lines(
    book: BookCatalog, profile: BookProfile, item: BookWeapon
) -> list[CloseLine | RangedLine]:
    """The lines of ``item`` that ``profile`` fights with: the close combat ones alone where
    its own rules use no other (Faceless, R:860)."""
    close_only = any(book.abilities[a].close_weapons_only for a in profile.abilities)
    return [line for line in item.lines if isinstance(line, CloseLine) or not close_only]


def _weapon(
    weapon_id: str,
    name: str,
    line: CloseLine | RangedLine,
    item: bool = False,
    earthly: bool = False,
) -> Weapon:
    ap = _ap(line.specials)
    specials = tuple(SPECIALS[r.id] for r in line.specials if r.id in SPECIALS)
    size = next((r.value for r in line.specials if r.id in TEMPLATES), None)
    damage = line.damage.plus if line.damage is not None else 0
    if isinstance(line, CloseLine):
        ccb = line.ccb if isinstance(line.ccb, int) else 0
        return Weapon(
            id=weapon_id,
            name=name,
            kind="close",
            damage=damage,
            ccb=ccb,
            ccb_d3=not isinstance(line.ccb, int),
            ap=ap,
            specials=specials,
            item=item,
            earthly=earthly,
            harmless=line.damage is None,
        )
    rate_die, rate = _die_and_plus(line.rate)
    ability = next((a for a in get_args(Ability) if a == line.ability), None)
    harmless = _harmless(line)
    return Weapon(
        id=weapon_id,
        name=name,
        kind="ranged",
        damage=damage,
        range=float(line.range or 0),
        rate=rate,
        rate_die=rate_die,
        ap=ap,
        specials=specials,
        item=item,
        earthly=earthly,
        template=size if isinstance(size, str) else None,
        ability=ability,
        harmless=harmless,
    )


def _harmless(line: CloseLine | RangedLine) -> bool:
    """Whether ``line`` is a shot of a Damage of none or 0 (the Net Gun's, R:1337)."""
    if not isinstance(line, RangedLine):
        return False
    return line.damage is None or line.damage.high == 0


def unarmed_weapon(book: BookCatalog) -> Weapon:
    """The book's Unarmed row (R:1231), which a model with no close combat weapon fights with."""
    row = book.weapons[UNARMED]
    assert row.close is not None
    return _weapon(UNARMED, row.name, row.close)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class _Forces:
    """Both forces of a setup, validated into the rules' records: the models' profiles and
    those the models may become in play (a side's ``spawns``, :func:`_spawns`)."""

    profiles: tuple[Profile, ...]
    weapons: tuple[Weapon, ...]
    roster: tuple[tuple[str, ...], tuple[str, ...]]


def game_catalog(
    base: Catalog,
    setup: dict[str, Any],
    unarmed: Weapon,
    scenario: str,
    quadrants: DeploymentTable | None,
) -> Catalog:
    """The catalog of a game of ``setup``: ``base``'s rules and tables with the setup's models,
    the name of the ``scenario`` played, and the table that deploys at random if it does.

    Raises:
        SkirmishError: the setup's forces are not the shape :func:`force_setup` writes.
    """
    forces = _forces(setup)
    weapons = {unarmed.id: unarmed, **{w.id: w for w in forces.weapons}}
    return Catalog(
        scenario=base.scenario.model_copy(update={"name": scenario}),
        side_names=base.side_names,
        cover_saves=base.cover_saves,
        injury=base.injury,
        insanity=base.insanity,
        weapons=weapons,
        profiles={p.id: p for p in forces.profiles},
        roster=forces.roster,
        forces=_digest(setup),
        quadrants=quadrants,
        terrain=base.terrain,
    )


def _digest(setup: dict[str, Any]) -> str:
    """A digest of the setup's two forces."""
    text = json.dumps([setup["threshold"], setup["lurkers"]], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _forces(setup: dict[str, Any]) -> _Forces:
    try:
        sides = [setup["threshold"], setup["lurkers"]]
        profiles = [[Profile.model_validate(m) for m in side["models"]] for side in sides]
        weapons = [Weapon.model_validate(w) for side in sides for w in side["weapons"]]
        spawns = [Profile.model_validate(m) for side in sides for m in side.get("spawns", [])]
    except (KeyError, TypeError, ValidationError) as exc:
        raise SkirmishError(f"the setup's forces are not as a game stores them: {exc}") from None
    roster = (tuple(p.id for p in profiles[0]), tuple(p.id for p in profiles[1]))
    return _Forces(tuple(profiles[0] + profiles[1] + spawns), tuple(weapons), roster)
