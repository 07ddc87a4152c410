"""The scenarios, their rolls and their tables in plain words, each part citing the book's
line (R:<n>) and each provisional reading its notes item (notes §6)."""

from __future__ import annotations

from skirmish.rulesets.strange_aeons.lists.scenarios import Restriction
from skirmish.rulesets.strange_aeons.lists.wording import counted
from skirmish.rulesets.strange_aeons.rules_data.records import Flagged, Span
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import (
    Deployment,
    DeploymentTable,
    Kind,
    Scenario,
    SelectionRow,
)
from skirmish.rulesets.strange_aeons.scenarios.book import ScenarioBook
from skirmish.rulesets.strange_aeons.scenarios.loot import LootRoll
from skirmish.rulesets.strange_aeons.scenarios.selection import SelectionRoll

__all__ = ["cite", "loot_lines", "restriction_text", "roll_lines", "scenario_lines"]

_KIND = {Kind.BASIC: "Basic", Kind.ADVANCED: "Advanced", Kind.QUEST: "Quest"}
_SCENERY = {
    "lurker": "the Lurker player sets up the board",
    "both": "the players set up the scenery to mutual satisfaction",
    "alternate": "the players place scenery in turn",
}
_FIRST = {
    "roll_off": "the higher of a D6 each takes the first Turn",
    "lurker": "the Lurker player takes the first Turn",
    "threshold": "the Threshold player takes the first Turn",
}
_CHOOSER = {
    "roll_off": "the higher of a D6 each",
    "lurker": "the Lurker player",
    "threshold": "the Threshold player",
}
_EDGES = {
    "all": "every edge",
    "all_but_lurker_short": "every edge but the Lurker short edge",
    "long": "both long edges",
}
_SIDES = {"threshold": "Threshold", "lurkers": "the Lurkers"}


def cite(span: Span) -> str:
    """``R:1537-1548``, or ``R:1544`` for one line."""
    first, last = span
    return f"R:{first}" if first == last else f"R:{first}-{last}"


def restriction_text(rule: Restriction) -> str:
    """A Basic Scenario's Lurker restriction in words, from its fields (R:1561-1650)."""
    parts: list[str] = []
    if rule.humans_at_least_half:
        parts.append("at least half the Total Points, rounded up, on Human Lurkers")
    if rule.model_points_at_most is not None:
        parts.append(
            f"no Lurker model worth more than {rule.model_points_at_most} points, gear and "
            "upgrades included"
        )
    if rule.models_more_than_threshold is not None:
        more = counted(rule.models_more_than_threshold, "model")
        parts.append(f"at least {more} more than the Threshold list")
    if rule.no_upgrades_from is not None:
        parts.append(f"a profile of {rule.no_upgrades_from} points or more is taken as printed")
    if rule.models_exactly is not None:
        parts.append(f"exactly {counted(rule.models_exactly, 'Lurker model')}, upgraded as usual")
    return "; ".join(parts)


def scenario_lines(book: ScenarioBook, scenario: Scenario) -> list[str]:
    """Everything a scenario asks of the players, part by part, each with its line."""
    at = scenario.at
    cost = "" if scenario.map_pieces is None else f", {counted(scenario.map_pieces, 'Map Piece')}"
    page = "" if scenario.page is None else f", p.{scenario.page}"
    rule = book.restriction(scenario)
    lurkers = restriction_text(rule) if rule is not None else scenario.lurkers
    lines = [
        f"{scenario.name}: {_KIND[scenario.kind]} Scenario{cost}{page} ({cite(scenario.lines)})"
    ]
    lines.append(f"Lurkers (R:{at.lurkers}): {lurkers}")
    if scenario.threshold is not None:
        lines.append(f"Threshold (R:{at.threshold}): {scenario.threshold}")
    placing = book.data.deployment[scenario.deployment.table]
    deployment = _deployment(scenario.deployment, placing)
    lines.append(f"Set-up (R:{at.setup}): {_SCENERY[scenario.scenery]}{deployment}")
    lines += [f"  - {step}" for step in scenario.setup]
    lines.append(f"First Turn (R:{at.first}): {_FIRST[scenario.first]}")
    if scenario.enclosed is not None:
        only = "" if scenario.enclosed.only is None else f", to {scenario.enclosed.only} only"
        lines.append(f"Enclosed (R:{at.enclosed}, R:1529): {_EDGES[scenario.enclosed.edges]}{only}")
    if scenario.special:
        lines.append(f"Special rules (R:{at.special}):")
        lines += [f"  - {rule}" for rule in scenario.special]
    lines.append(f"Threshold wins (R:{at.threshold_wins}): {scenario.threshold_wins}")
    lines.append(f"Lurkers win (R:{at.lurkers_win}): {scenario.lurkers_win}")
    lines.append(f"Aftermath (R:{at.aftermath}): {scenario.aftermath}")
    for name in scenario.tables:
        table = book.data.loot[name]
        lines.append(f"  - rolls on the {table.name} ({cite(table.lines)}){_flag(table)}")
    if scenario.variant:
        lines.append("Variants (R:1536: a rolled scenario takes one if both players agree):")
        for v in scenario.variant:
            lines.append(f"  - {v.name} (R:{v.line}): {v.summary}")
            lines += [f"      our reading: {reading}" for reading in v.readings]
    else:
        lines.append("Variants: none")
    if scenario.follows:
        lines.append(f"Reading:{_flag(scenario)}")
    return lines


def _deployment(deployment: Deployment, table: DeploymentTable) -> str:
    parts: list[str] = []
    if deployment.edge is not None:
        chooser = deployment.chosen_by
        picked = "" if chooser is None else f", picked by {_CHOOSER[chooser]}"
        parts.append(f"deployment at the {deployment.edge} edges{picked}")
    if deployment.within is not None:
        parts.append(f'within {deployment.within}" of the edge')
    if deployment.contact:
        parts.append("in base contact with the edge")
    if deployment.random:
        sides = " and ".join(_SIDES[s] for s in deployment.random)
        areas = counted(table.areas, table.area)
        parts.append(
            f"Random Deployment for {sides} on {areas} ({table.name}, {cite(table.lines)})"
        )
    return "; " + ", ".join(parts) if parts else ""


def _flag(entry: Flagged) -> str:
    if not entry.follows:
        return ""
    marked = "provisional, " if entry.provisional else ""
    return f" [{marked}notes {', '.join(entry.follows)}: {entry.note}]"


def roll_lines(book: ScenarioBook, rolled: SelectionRoll) -> list[str]:
    """The scenario roll die by die, and the row it gives (R:1521)."""
    table = rolled.table
    lines = [f"Scenario roll (R:1521), {table.name} ({cite(table.lines)}):"]
    for throw in rolled.throws[:-1]:
        row = next(r for r in table.row if r.rolls[0] <= throw.total <= r.rolls[1])
        lines.append(
            f"  Threshold player {throw.threshold} + Lurker player {throw.lurker} = "
            f"{throw.total}: not printed (R:{row.line}), rolled again (--missing-rows reroll)"
        )
    last = rolled.throws[-1]
    lines.append(
        f"  Threshold player {last.threshold} + Lurker player {last.lurker} = {last.total}: "
        f"{_row_text(book, rolled.row)}"
    )
    return lines


def _row_text(book: ScenarioBook, row: SelectionRow) -> str:
    where = f" (R:{row.line}){_flag(row)}"
    if row.scenario is not None:
        return book.data.scenarios[row.scenario].name + where
    names = [_KIND[k] for k in row.kinds]
    kinds = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
    quests = (
        ""
        if row.quest_map_pieces is None
        else (f" (a Quest of up to {counted(row.quest_map_pieces, 'Map Piece')}, none spent)")
    )
    who = _CHOOSER[str(row.chooser)]
    extra = "" if row.summary is None else f": {row.summary}"
    return f"{who} chooses a {kinds} Scenario{quests}{where}{extra}"


def loot_lines(rolled: LootRoll, depth: int = 0) -> list[str]:
    """A loot roll die by die, and what each row leads to."""
    table = rolled.table
    pad = "  " * depth
    lines: list[str] = []
    if rolled.stands_for is not None:
        stand_in = rolled.stands_for
        lines.append(f"{pad}{stand_in.name} ({cite(stand_in.lines)}){_flag(stand_in)}")
    bonus = f" + {rolled.bonus} ({table.bonus}) = {rolled.total}" if table.bonus else ""
    again = "".join(f"{face} (rolled again), " for face in rolled.rerolled)
    first, last = rolled.row.rolls
    band = str(first) if first == last else f"{first}-{last}"
    found = rolled.row.found
    if rolled.amount is not None:
        rolled_as = f"({rolled.row.amount} rolled)"
        if rolled.row.counts is None:
            found = f"{counted(rolled.amount, found)} {rolled_as}"
        else:
            found = f"{found} for {counted(rolled.amount, rolled.row.counts)} {rolled_as}"
    summary = "" if rolled.row.summary is None else f": {rolled.row.summary}"
    lines.append(
        f"{pad}{table.name} ({cite(table.lines)}){_flag(table)}: D6 {again}{rolled.face}{bonus} "
        f"-> {band}: {found}{summary}"
    )
    if rolled.next is not None:
        lines += loot_lines(rolled.next, depth + 1)
    return lines
