"""What a Strange Aeons list costs, in the book's Points.

A Threshold team pays Personnel Points for its models and Equipment Points for their items;
its Total Points is the sum (R:346, R:350-352). An ammunition is paid for each weapon it
upgrades, every weapon its model carries that it fits (R:1243), but for the one type an Ammo
Choice weapon comes with, the first listed that fits it (R:1222). A Special Agent costs the
PP and EP printed with it, its kit included (R:376, R:378), and what a permanent one buys
besides (R:496). An Animal is equipped to its handler for its EP (R:1366).

A Lurker model costs its profile's points (R:515), less what an ability of a profile in its
list takes off them (Father of Serpents' Giant Snakes, R:870), 1 point per Skill bought
(R:518), each upgrade its own cost (R:567, R:617, R:660), of which the profile's
``free_upgrades`` cost nothing (the Godling's first Eldritch Power, R:660), and the items it
buys at their EP in points (R:517) once its "any up to X EP" allowance is spent (R:747). A Mob
adds 4 points to its five models (R:919), a Psychic Power a Rogue chooses 4 (R:336); a Witch's
first three Familiars come free, more cost 1 point each (R:822, notes §6 item 28). A Plot Point
costs the list 4 points (R:928). A Swarm bought for its points is 1D3 models rolled at the
table (R:613): counted here as the one it fields at least.
"""

from __future__ import annotations

from collections.abc import Sequence

from skirmish.rulesets.strange_aeons.lists.list_file import (
    LurkerList,
    LurkerPick,
    Operative,
    ThresholdList,
)
from skirmish.rulesets.strange_aeons.lists.plot_points import PLOT_POINT_POINTS
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ability,
    Ammo,
    BookCatalog,
    Item,
    Profile,
    SpecialAgent,
    Weapon,
)

__all__ = [
    "MOB_POINTS",
    "POWER_POINTS",
    "SKILL_POINTS",
    "discount",
    "followers_value",
    "free_followers",
    "items_ep",
    "kit_items",
    "lurker_total",
    "model_points",
    "operative_ep",
    "operative_pp",
    "own_abilities",
    "pick_points",
    "picks_points",
    "starting_upgrades",
    "team_ep",
    "team_pp",
    "team_total",
]

SKILL_POINTS = 1.0
"""A Skill bought for a Lurker (R:518)."""
MOB_POINTS = 4.0
"""Five models of one profile upgraded to a Mob (R:919)."""
POWER_POINTS = 4.0
"""A Psychic Power a Rogue Threshold Agent or Character buys instead of rolling (R:336)."""


def items_ep(items: Sequence[Item], kit: Sequence[str] = ()) -> float:
    """The EP of the items a model buys beside the ``kit`` (item ids) its profile comes with;
    a row without a cost is free (R:1231), an ammunition paid for each weapon it upgrades."""
    return sum((item.ep or 0.0) * _paid(item, items, kit) for item in items)


def _paid(item: Item, items: Sequence[Item], kit: Sequence[str]) -> int:
    """How many times ``item`` is paid for: an ammunition once for each weapon carried, the
    ``kit``'s or bought, that it fits (R:1243), none for the Ammo Choice weapon whose first
    type listed it is (R:1222; the book puts no Ammo Choice weapon in a kit); another item
    once."""
    if not isinstance(item, Ammo):
        return 1
    bought = [(i.id, i.ammo_choice) for i in items if isinstance(i, Weapon)]
    carried = [*((w, False) for w in kit), *bought]
    return sum(
        w in item.weapons and not (free and _first_ammo(items, w) is item) for w, free in carried
    )


def _first_ammo(items: Sequence[Item], weapon: str) -> Ammo | None:
    """The first ammunition listed that fits ``weapon``."""
    return next((a for a in items if isinstance(a, Ammo) and weapon in a.weapons), None)


def kit_items(book: BookCatalog, profile: Profile) -> tuple[Item, ...]:
    """The items a profile comes with, each priced at its EP as a list buys it: what a
    Special Agent's printed EP pays for (the Sniper's 2 EP, its Bolt-Action Rifle, R:376)."""
    return tuple(book.items[i] for i in _kit_ids(profile))


def _kit_ids(profile: Profile) -> tuple[str, ...]:
    """The ids of the items a profile comes with."""
    return tuple(ref.item for ref in profile.gear)


def operative_pp(operative: Operative) -> float:
    """The Personnel Points of a Threshold model (R:347, R:376)."""
    return operative.profile.pp


def operative_ep(operative: Operative) -> float:
    """The Equipment Points of a Threshold model: its items (R:350) and Animals (R:1366), and a
    Special Agent's printed EP, which pays for the kit it comes with (R:376)."""
    printed = operative.profile.ep if isinstance(operative.profile, SpecialAgent) else 0.0
    bought = items_ep(operative.gear, _kit_ids(operative.profile))
    return printed + bought + sum(animal.ep for animal in operative.animals)


def team_pp(team: ThresholdList) -> float:
    """The team's Personnel Points."""
    return sum(operative_pp(op) for op in team.operatives)


def team_ep(team: ThresholdList) -> float:
    """The team's Equipment Points."""
    return sum(operative_ep(op) for op in team.operatives)


def team_total(team: ThresholdList) -> float:
    """The team's Total Points, which a Lurker list matches (R:352, R:514)."""
    return team_pp(team) + team_ep(team)


def own_abilities(book: BookCatalog, profile: Profile) -> tuple[Ability, ...]:
    """The abilities a profile prints."""
    return tuple(book.abilities[a] for a in profile.abilities)


def starting_upgrades(book: BookCatalog, profile: Profile) -> int:
    """How many of its upgrades a profile starts with, at no cost (the Godling's Eldritch
    Power, R:660)."""
    return sum(a.free_upgrades for a in own_abilities(book, profile))


def upgrade_limit(book: BookCatalog, profile: Profile) -> int | None:
    """The most upgrades a profile may take, where its own rules set a limit (Minor God's
    one, R:672); ``None`` where they set none."""
    limits = [a.upgrade_limit for a in own_abilities(book, profile) if a.upgrade_limit is not None]
    return min(limits) if limits else None


def most_upgrades(book: BookCatalog, profile: Profile, offered: int) -> int:
    """How many of ``offered`` different upgrades a profile may take (:func:`upgrade_limit`)."""
    limit = upgrade_limit(book, profile)
    return offered if limit is None else min(offered, limit)


def discount(book: BookCatalog, profile: Profile, among: Sequence[LurkerPick]) -> float:
    """How many points less a model of ``profile`` costs in a list of the picks ``among``:
    what each ability printed there takes off, once however many models print it (Father of
    Serpents, R:870)."""
    owned = {a for pick in among for a in pick.profile.abilities}
    cheaper = [book.abilities[a].cheapens for a in sorted(owned)]
    return sum(c.points for c in cheaper if c is not None and c.profile == profile.id)


def model_points(book: BookCatalog, pick: LurkerPick, among: Sequence[LurkerPick] = ()) -> float:
    """What one model of ``pick`` is worth, gear and upgrades included (R:515-518), in a list
    of the picks ``among`` (:func:`discount`; never below nothing)."""
    free = starting_upgrades(book, pick.profile)
    costs = sorted((a.cost or 0.0 for a in pick.upgrades), reverse=True)
    gear = max(0.0, items_ep(pick.gear, _kit_ids(pick.profile)) - pick.profile.free_gear_ep)
    printed = max(0.0, (pick.profile.points or 0.0) - discount(book, pick.profile, among))
    base = printed + (POWER_POINTS if pick.power_bought else 0.0)
    return base + SKILL_POINTS * len(pick.skills) + sum(costs[free:]) + gear


def pick_points(book: BookCatalog, pick: LurkerPick, among: Sequence[LurkerPick] = ()) -> float:
    """What the models of ``pick`` cost together in a list of the picks ``among``, a Mob's 4
    points included (R:919)."""
    return model_points(book, pick, among) * pick.count + (MOB_POINTS if pick.mob else 0.0)


def picks_points(book: BookCatalog, picks: Sequence[LurkerPick]) -> float:
    """What a list's ``picks`` cost together, each in that list."""
    return sum(pick_points(book, pick, picks) for pick in picks)


def free_followers(book: BookCatalog, lurkers: LurkerList) -> dict[str, int]:
    """How many models of each follower profile come free with the list (the Witch's three
    Familiars each, R:822)."""
    free: dict[str, int] = {}
    for pick in lurkers.picks:
        for ability in own_abilities(book, pick.profile):
            if ability.followers is not None:
                key = ability.followers.profile
                free[key] = free.get(key, 0) + ability.followers.free * pick.count
    return free


def followers_value(book: BookCatalog, lurkers: LurkerList) -> float:
    """The points of the followers that come free (their profiles' cost; what they buy is
    paid), taken off the list's total."""
    left = free_followers(book, lurkers)
    value = 0.0
    for pick in lurkers.picks:
        taken = min(pick.count, left.get(pick.profile.id, 0))
        if taken:
            left[pick.profile.id] -= taken
            value += taken * (pick.profile.points or 0.0)
    return value


def lurker_total(book: BookCatalog, lurkers: LurkerList) -> float:
    """The Lurker list's Total Points (R:514, R:521), its Plot Points included (R:928)."""
    spent = picks_points(book, lurkers.picks)
    plots = PLOT_POINT_POINTS * len(lurkers.plot_points)
    return spent + plots - followers_value(book, lurkers)
