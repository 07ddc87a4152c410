"""The post-game log: each event of the sequence as one line that ends with the rule it
applies (``Exploration: the Wits total 31 is Above Quota, +20 subs (20 now)  [K3.2]``)."""

from __future__ import annotations

from typing import Any

from skirmish.data_files import plural
from skirmish.engine.events import Event

__all__ = ["TEMPLATES", "describe"]

TEMPLATES: dict[str, str] = {
    "back": "{a} sat out this game as Sidelined and is available again",
    "spent": "{a} used up {item_list}",
    "destroyed": "{a}'s {weapon} was destroyed by a Fumble: it leaves the kit",
    "merits": "{a} logs {gained_text} ({detail}): {merits} in all",
    "no-merits": "{a} left the board: it earns no Merits this game ({lost} lost)",
    "finds": "The squad's finds reach it: {find_list}",
    "rewards": "Mission rewards: Leads +{leads}, Evidence +{evidence}",
    "winner-evidence": "The winner gains {n} Evidence to record",
    "nothing-to-lose": "No Evidence left to lose",
    "evidence-lost": "Lost: {what}",
    "leads-spent": "Leads spent: {n} ({leads} left)",
    "duplicate": "Type {type} is recorded already: a spent Lead re-rolls it",
    "duplicate-lead": "Type {type} is recorded already: 1 Lead instead ({leads} now)",
    "recorded": "Evidence type {type} is recorded ({count} of {victory} types)",
    "campaign-won": "{types} Evidence types: the squad wins the campaign",
    "leads-lost": "All {n} Leads are lost",
    "slagged": "{a}'s armour stays slagged: {slag_text} down",
    "armor-destroyed": "{a}'s {armor}, slagged below Light, is destroyed",
    "armor-stored": "{a}'s {armor} goes to the Lockers slagged as it is, {slag_text} down",
    "forgets": "{a} has forgotten {power} for good",
    "source-extracted": "The Source was extracted: the squad wins the campaign",
    "next-extractor": "The squad held the Source at the end: it is the Extractor of the next "
    "attempt",
    "not-extractor": "The squad did not hold the Source at the end: another is the Extractor of "
    "the next attempt, or the squads' Evidence names it",
    "signal-played": "The squad played The Signal: the book keeps it, as it comes once only",
    "signal-elsewhere": "Other squads played The Signal: the book keeps it, as it comes once a "
    "campaign",
    "exploration": "Exploration: the Wits total {total} is {band}, +{subs} subs ({treasury} now)",
    "injury": "{a}'s Injury roll: {total}{modifier_text}, {row}",
    "threshold": "{a} passes Promotion threshold {threshold}: a Promotion roll",
    "promotion": "{a}'s Promotion roll: {total}, {row}",
    "no-effect": "{a}: {row}, no effect",
    "sidelined": "{a} is Sidelined: it misses the next game",
    "change": "{a}: {change} ({row})",
    "wasted": "{a}: {change} would leave the limits, no effect",
    "power": "{a} gains the Power {power}",
    "removed": "{a} leaves the squad ({why}); its kit goes to the Lockers: {kit_list}",
    "boss-promoted": "{a} becomes the Boss and gains {perk}",
    "no-boss": "No Resource is left to become the Boss: the next one hired will be",
    "restored": "Every model restores full Health",
    "short": "The squad has {models} of its {size} models: hire {short} before its next game, "
    "free, or it cannot play it: {hire}",
    "review": "{a} takes {amount} damage ({source}): it starts the next game at {health} Health",
    "choice": "{question} {answer}",
    "game-over": "The post-game sequence is done: the book is ready",
}


def describe(event: Event) -> str:
    """One line of the post-game log, ending with the rule it applies."""
    if event.roll is not None:
        roll = event.roll
        who = roll.model or "The squad"
        faces = ", ".join(str(f) for f in roll.faces)
        return f"{who} rolls {roll.purpose} {roll.dice}: [{faces}] = {roll.value}  [{event.rule}]"
    data = dict(event.data)
    data["a"] = event.models[0] if event.models else "The squad"
    if "items" in data:
        data["item_list"] = ", ".join(data["items"])
    if "kit" in data:
        data["kit_list"] = ", ".join(data["kit"]) or "nothing"
    if event.kind == "merits":
        data["gained_text"] = f"{data['gained']} Merit{'s' if data['gained'] != 1 else ''}"
        parts = [
            f"{data['kills']} for kills",
            f"{data['boss']} for the Boss",
            f"{data['other']} more",
        ]
        data["detail"] = ", ".join(p for p in parts if not p.startswith("0 "))
    if event.kind == "finds":
        data["find_list"] = _finds_text(data)
    if "slag" in data:
        data["slag_text"] = plural(data["slag"], "class")
    modifier = data.get("modifier", 0)
    data["modifier_text"] = f" ({modifier:+d})" if modifier else ""
    return f"{TEMPLATES[event.kind].format(**data)}  [{event.rule}]"


def _finds_text(data: dict[str, Any]) -> str:
    parts = [(data["subs"], "subs +"), (data["leads"], "Leads +"), (data["evidence"], "Evidence +")]
    shown = [f"{label}{n}" for n, label in parts if n]
    if data["items"]:
        shown.append(", ".join(data["items"]))
    return "; ".join(shown) or "nothing"
