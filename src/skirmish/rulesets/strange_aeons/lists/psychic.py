"""Psychic Powers on a list (rules notes §1.13.5, §2.7; R:309-336, R:418, R:519).

A list records a model's power as rolled at the table; ``data/book/psychic_powers.toml`` says
which powers there are and who may have one. A Character or an Agent is tested when recruited
(R:311), a Human Lurker when the list is built (R:336, notes §6 item 76); a Rogue Threshold
Agent or Character may instead pay 4 points for the power of its choice (R:336); a Psychic
Operative chooses a real power and comes with 1D3 Skills that need one (R:418); no other model
has a power (a Special Agent comes as printed, R:378). A Very Minor Psychic Power buys no
Psychic Skill (R:331). :func:`power_problems` names every breach.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated

from pydantic import Field, StrictBool, StrictInt

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons.lists.wording import a
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Id,
    Line,
    Name,
    Profile,
    Record,
    Skill,
    SpecialType,
)
from skirmish.rulesets.strange_aeons.rules_data.refs import HasPower

__all__ = ["PsychicPower", "PsychicRules", "load_psychic", "needs_power", "power_problems"]

SPECIALIST_SKILLS = (1, 3)
"""The Psychic Operative's 1D3 Skills that need a power (R:418)."""


class PsychicPower(Record):
    """One result of the Psychic Powers Table (R:312-318)."""

    id: Id
    name: Name
    roll: Annotated[StrictInt, Field(ge=1, le=6)]
    line: Line
    real: StrictBool = True


class PsychicRules(Record):
    """The powers and who may have one."""

    tested: tuple[Id, ...]
    bought_by: tuple[Id, ...]
    specialist: Id
    power: tuple[PsychicPower, ...]


def load_psychic() -> PsychicRules:
    """The Psychic Powers of the book's data (``data/book/psychic_powers.toml``)."""
    return read_data(BOOK, "psychic_powers.toml", PsychicRules)


def needs_power(skill: Skill) -> bool:
    """Whether a Skill has a Psychic Power among its Requirements (R:418)."""
    return any(isinstance(c, HasPower) for r in skill.requires for c in r.any_of)


def power_problems(
    rules: PsychicRules,
    name: str,
    profile: Profile,
    power: PsychicPower | None,
    skills: Sequence[Skill],
    threshold: bool,
    bought: bool = False,
) -> Iterator[str]:
    """Every way model ``name`` of ``profile`` breaks the rules of Psychic Powers with
    ``power`` and ``skills``; ``threshold`` says whose side it is on, ``bought`` that a Lurker
    pays for its power (R:336)."""
    if bought and profile.id not in rules.bought_by:
        yield f"{name}: only a Rogue Threshold Agent or Character buys a Psychic Power (R:336)"
    elif bought and power is None:
        yield f"{name}: buys a Psychic Power but names none (R:336)"
    if rules.specialist in profile.abilities:
        yield from _specialist_problems(name, power, skills)
        return
    tested = profile.id in rules.tested if threshold else profile.is_a(SpecialType.HUMAN)
    if power is not None and not tested:
        cite = "R:311, R:378" if threshold else "R:336, notes §6 item 76"
        yield f"{name}: {a(profile.name)} is never tested for Psychic Powers ({cite})"


def _specialist_problems(
    name: str, power: PsychicPower | None, skills: Sequence[Skill]
) -> Iterator[str]:
    if power is None or not power.real:
        yield f"{name}: a Psychic Operative chooses a Psychic Power, not a Very Minor one (R:418)"
    low, high = SPECIALIST_SKILLS
    psychic = [skill for skill in skills if needs_power(skill)]
    if not low <= len(psychic) <= high:
        yield (
            f"{name}: a Psychic Operative comes with {low} to {high} Skills needing a Psychic "
            f"Power (1D3), not {len(psychic)} (R:418)"
        )
    for skill in skills:
        if not needs_power(skill):
            yield (
                f"{name}: {skill.name} needs no Psychic Power; a Special Agent comes as printed "
                "(R:378)"
            )
