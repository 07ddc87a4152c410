"""The Phobias a Threshold model carries from earlier games (rules notes §2.3; R:225-237).

``data/book/phobias.toml`` holds the twelve Phobias (ten printed, two named by the Major
Injury Table alone, which follow notes §6 item 7 and are provisional). A list names a model's
Phobias, each once (R:227, R:1520), and, for a Suicidal model, those it gained after taking
the Skill (``after_suicidal``): each adds 1 to its Insanity rolls (R:1145), and the Skill's
Requirement of a Phobia is met by those it had before. :func:`phobia_problems` names every
breach.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Annotated

from pydantic import Field

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Flagged,
    Id,
    Line,
    Name,
    Record,
    Skill,
    Summary,
)

__all__ = ["SUICIDAL", "Phobia", "load_phobias", "phobia_problems"]

SUICIDAL = "suicidal"
"""The Skill whose Insanity bonus grows with the Phobias gained after it (R:1145)."""


class Phobia(Flagged):
    """One Phobia: what it does in our words."""

    id: Id
    name: Name
    line: Line
    summary: Summary


class _Phobias(Record):
    phobia: Annotated[tuple[Phobia, ...], Field(min_length=1)]


def load_phobias() -> dict[str, Phobia]:
    """The Phobias of the book's data (``data/book/phobias.toml``), keyed by id."""
    return {p.id: p for p in read_data(BOOK, "phobias.toml", _Phobias).phobia}


def phobia_problems(
    name: str,
    phobias: Sequence[Phobia],
    later: Sequence[Phobia],
    skills: Sequence[Skill],
) -> Iterator[str]:
    """Every way model ``name``'s Phobias and the ``later`` ones it gained after Suicidal
    break their rules, the model taking ``skills``."""
    for phobia, count in Counter(phobias).items():
        if count > 1:
            yield f"{name}: has {phobia.name} {count} times; a Phobia is had once (R:{phobia.line})"
    if later and SUICIDAL not in {s.id for s in skills}:
        yield f"{name}: names Phobias gained after Suicidal but has not the Skill (R:1145)"
    for phobia in dict.fromkeys(later):
        if phobia not in phobias:
            yield f"{name}: gained {phobia.name} after Suicidal but has not that Phobia (R:1145)"
