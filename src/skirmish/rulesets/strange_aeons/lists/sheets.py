"""What a valid Strange Aeons list is and costs, as text: the Log Sheet's figures (R:351-352,
R:508), a line for the list and one per model or entry with its characteristics, a Movement or
Constitution after a slash being the value with the armour it carries (notes §0, R:2114,
R:2122)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from skirmish.rulesets.strange_aeons.lists.costs import (
    lurker_total,
    model_points,
    operative_ep,
    operative_pp,
    team_ep,
    team_pp,
    team_total,
)
from skirmish.rulesets.strange_aeons.lists.list_file import LurkerList, Operative, ThresholdList
from skirmish.rulesets.strange_aeons.lists.promotion import Promotion
from skirmish.rulesets.strange_aeons.lists.scenarios import Opposition, lurker_models
from skirmish.rulesets.strange_aeons.lists.wording import counted, points
from skirmish.rulesets.strange_aeons.rules_data.notation import COLUMNS
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Armour,
    BookCatalog,
    Gear,
    Item,
    Profile,
)

__all__ = ["lurker_sheet", "team_sheet"]


def team_sheet(book: BookCatalog, promotion: Promotion, team: ThresholdList) -> str:
    """A Threshold team: its level, its points and each model with its Skills and items."""
    level = promotion.level_of(team.wins)
    limit = f" of {promotion.starting_points}" if level.wins == 0 else ""
    head = (
        f"Threshold team {team.name!r} ({level.name}, {counted(team.wins, 'win')}, "
        f"{counted(team.map_pieces, 'Map Piece')}): {counted(len(team.operatives), 'model')}, "
        f"{points(team_pp(team))} PP + "
        f"{points(team_ep(team))} EP = {points(team_total(team))}{limit} Total Points"
    )
    rows = [_operative_row(book, i, op) for i, op in enumerate(team.operatives, 1)]
    return "\n".join([head, *rows])


def _operative_row(book: BookCatalog, number: int, operative: Operative) -> str:
    # The printed Skills and kit first: a Special Agent comes with them (R:378).
    profile = operative.profile
    skills = [book.skills[ref.id].name for ref in profile.skills]
    kit = [ref.name or book.items[ref.item].name for ref in profile.gear if book.items[ref.item].ep]
    kept = " (permanent)" if operative.permanent else ""
    parts = [
        f"{number}. {operative.name}: {profile.name}{kept}, "
        f"{points(operative_pp(operative))} PP + "
        f"{points(operative_ep(operative))} EP",
        _stats(profile, operative.gear),
        _listed("Psychic Power", [operative.power.name] if operative.power else []),
        _listed("Skills", [*skills, *(s.name for s in operative.skills)]),
        _listed("gear", [*kit, *(item.name for item in operative.gear)]),
        _listed("Animals", [animal.name for animal in operative.animals]),
        _listed("Phobias", [phobia.name for phobia in operative.phobias]),
    ]
    return "; ".join(part for part in parts if part)


def lurker_sheet(book: BookCatalog, lurkers: LurkerList, against: Opposition) -> str:
    """A Lurker list: its models and points, what it answers, and each entry's purchases."""
    answers = f" against {points(against.points)}" if against.points is not None else ""
    head = (
        f"Lurker list {lurkers.name!r}: {counted(lurker_models(lurkers.picks), 'model')}, "
        f"{counted(lurker_total(book, lurkers), 'point')}{answers}"
    )
    rows = []
    if lurkers.plot_points:
        rows.append(_listed("Plot Points", [plot.name for plot in lurkers.plot_points]))
    for number, pick in enumerate(lurkers.picks, 1):
        count = f" x{pick.count}" if pick.count > 1 else ""
        each = " each" if pick.count > 1 else ""
        mob = " (a Mob, +4)" if pick.mob else ""
        parts = [
            f"{number}. {pick.name}: {pick.profile.name}{count}{mob}, "
            f"{counted(model_points(book, pick, lurkers.picks), 'point')}{each}",
            _stats(pick.profile, pick.gear),
            _listed("Psychic Power", [pick.power.name] if pick.power else []),
            _listed("Skills", [s.name for s in pick.skills]),
            _listed("upgrades", [u.name for u in pick.upgrades]),
            _listed("gear", [item.name for item in pick.gear]),
        ]
        rows.append("; ".join(part for part in parts if part))
    return "\n".join([head, *rows])


def _stats(profile: Profile, gear: Iterable[Item]) -> str:
    """The profile's characteristics with the armour and gear bought (a vest's -1 M and +1 Con,
    R:1256; a Lead Breastplate's -1 M, R:474) after the printed values; a rolled Movement
    keeps its roll."""
    stats = profile.stats
    move = sum(item.move for item in gear if isinstance(item, Armour | Gear))
    con = sum(item.con for item in gear if isinstance(item, Armour))
    if isinstance(stats.move, int) and move:
        stats = replace(stats, move_armoured=(stats.move_armoured or stats.move) + move)
    if stats.con is not None and con:
        stats = replace(stats, con_armoured=(stats.con_armoured or stats.con) + con)
    cells = str(stats).split(" | ")
    return ", ".join(f"{column} {cell}" for column, cell in zip(COLUMNS, cells, strict=True))


def _listed(label: str, names: Iterable[str]) -> str:
    shown = list(names)
    return f"{label}: {', '.join(shown)}" if shown else ""
