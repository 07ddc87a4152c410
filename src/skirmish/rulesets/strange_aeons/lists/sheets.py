"""What a valid Strange Aeons list is and costs, as text: the Log Sheet's figures (R:351-352,
R:508), a line for the list and one per model or entry with its characteristics as the game
builds them (:func:`.forces.model_profile`: Winged's +3 Movement, R:663, Barnacle Encrusted's
+1 Armour, R:568, no Movement penalty for a Mi-Go, R:550), a Movement or Constitution after a
slash being the value with what it wears (notes §0, R:2114, R:2122)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from skirmish.rulesets.strange_aeons.forces import model_profile
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
from skirmish.rulesets.strange_aeons.rules_data.notation import COLUMNS, DiceExpr
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ability,
    BookCatalog,
    Item,
    Profile,
    Skill,
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
        _stats(book, profile, operative.skills, operative.gear),
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
            _stats(book, pick.profile, pick.skills, pick.gear, pick.upgrades),
            _listed("Psychic Power", [pick.power.name] if pick.power else []),
            _listed("Skills", [s.name for s in pick.skills]),
            _listed("upgrades", [u.name for u in pick.upgrades]),
            _listed("gear", [item.name for item in pick.gear]),
        ]
        rows.append("; ".join(part for part in parts if part))
    return "\n".join([head, *rows])


def _stats(
    book: BookCatalog,
    profile: Profile,
    skills: Sequence[Skill],
    gear: Sequence[Item],
    upgrades: Sequence[Ability] = (),
) -> str:
    """The model's characteristics as the game builds them, with what it buys: Movement
    without anything worn, then with it (a vest's -1, R:1256, a Lead Breastplate's, R:474), a
    rolled one as the game rolls it; natural Constitution, then with its armour points."""
    made = model_profile(book, profile, skills, gear, upgrades)
    # Built bare, less what its printed armour costs: its Movement without anything worn.
    bare = model_profile(book, profile, skills, (), upgrades)
    unworn = bare.move - sum(piece.move for piece in bare.worn)
    stats = profile.stats
    if made.move_die:
        stats = replace(stats, move=DiceExpr(1, made.move_die, made.move), move_armoured=None)
    else:
        worn = made.move if made.move != unworn else None
        stats = replace(stats, move=unworn, move_armoured=worn)
    if stats.con is not None:
        armoured = made.con + made.armour if made.armour else None
        stats = replace(stats, con=made.con, con_armoured=armoured)
    cells = str(stats).split(" | ")
    return ", ".join(f"{column} {cell}" for column, cell in zip(COLUMNS, cells, strict=True))


def _listed(label: str, names: Iterable[str]) -> str:
    shown = list(names)
    return f"{label}: {', '.join(shown)}" if shown else ""
