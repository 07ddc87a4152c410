"""What a special rule does where the game needs more than its name: typed effects read from
``data/keywords.toml`` (rules notes §1.13, §2.5, §2.6; §7 items 50, 58, 68, 70, 82).

A keyword's ``effects`` are phrases (:mod:`.phrases`). The vocabulary:

- ``summon hound before=quick then=next``: a Special Action [A] (L71) puts the henchmen of
  that profile its bearer comes with (``comes_with`` in ``henchmen.toml``) in base contact
  with it (Release the Hounds! L493, Natural Engineer L356, L668); ``before=quick`` lets a Move
  come first in the same Action (L228); ``then=next`` makes them the next models activated
  (L493, §7 item 68). Once they are in play none is left to call, so it is once a game (§7
  items 58, 68).
- ``accompany mirror_servant activation=together``: those henchmen are deployed with the club
  (L629, §7 item 82); ``together``, they activate as one activation (L629, L71).
- ``pack 6``: the models with it that came in together activate as one activation and stay
  within 6" of one another (Hunting Pack, L499).
- ``infiltrate markers=3 apart=12 turn=2 penalty=1``: in place of deploying, the model's
  player lays 3 markers 12" apart outside the enemy's zone; it comes in on one of them at the
  start of turn 2, and its Actions suffer Move Penalty [1] that turn (L535, §7 item 70).
- ``control reach=12``: the bearer holds its club's Golems within 12" of it, their Control
  Range (a Scientist, L556-L557; 18" while Attunement stretches it, L698).

:func:`parse_rule_effect` refuses an unknown name, field or value, a missing field and a stray
one; what each effect does in play is the game's (``game/summons.py``, ``game/packs.py``,
``game/infiltration.py``, ``game/golems.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from skirmish.rulesets.wolsung.rules_data.phrases import Vocabulary

__all__ = [
    "RULE_EFFECTS",
    "Accompany",
    "Activating",
    "Before",
    "Control",
    "Infiltrate",
    "Pack",
    "RuleEffect",
    "Summon",
    "Then",
    "format_rule_effect",
    "parse_rule_effect",
]


class Before(StrEnum):
    """What may come before a Special Action in the same Action."""

    NONE = "none"
    QUICK = "quick"
    """A Move first (Quick, L228)."""


class Then(StrEnum):
    """When the models a Special Action puts in play activate."""

    ANY = "any"
    """When their player chooses, as any model not yet activated this turn."""
    NEXT = "next"
    """Right after their bringer's activation, before any bid (L493, §7 item 68)."""


class Activating(StrEnum):
    """How the models one rule brings activate."""

    ALONE = "alone"
    TOGETHER = "together"
    """As one activation, one model's Actions after another's (L71, L499, L629)."""


@dataclass(frozen=True, slots=True)
class Summon:
    """A Special Action puts the bearer's henchmen of profile ``model`` in base contact with it."""

    model: str
    before: Before = Before.NONE
    then: Then = Then.ANY


@dataclass(frozen=True, slots=True)
class Accompany:
    """The bearer's henchmen of profile ``model`` are deployed with its club."""

    model: str
    activation: Activating = Activating.ALONE


@dataclass(frozen=True, slots=True)
class Pack:
    """The models with it that came in together activate as one and stay within ``reach``
    inches of one another."""

    reach: float


@dataclass(frozen=True, slots=True)
class Infiltrate:
    """In place of deploying: ``markers`` markers at least ``apart`` inches from one another
    outside the enemy's zone; the model comes in on one at the start of turn ``turn``, with
    Move Penalty [``penalty``] on its Actions that turn."""

    markers: int
    apart: float
    turn: int
    penalty: int


@dataclass(frozen=True, slots=True)
class Control:
    """The bearer holds its club's Golems within ``reach`` inches of it: their Control Range."""

    reach: float


RuleEffect: TypeAlias = Summon | Accompany | Pack | Infiltrate | Control

RULE_EFFECTS: Vocabulary[RuleEffect] = Vocabulary(
    "rule effect",
    "pack 6",
    {
        "summon": Summon,
        "accompany": Accompany,
        "pack": Pack,
        "infiltrate": Infiltrate,
        "control": Control,
    },
)
"""The phrases a keyword's ``effects`` may write."""


def parse_rule_effect(phrase: object) -> RuleEffect:
    """The effect a phrase names (an effect passes through unchanged).

    Raises:
        RulesDataError: not a phrase, an unknown name or field, a bad value, a field missing
            or given twice.
    """
    return RULE_EFFECTS.read(phrase)


def format_rule_effect(effect: RuleEffect) -> str:
    """The canonical phrase of ``effect``: required fields bare, defaults left out."""
    return RULE_EFFECTS.write(effect)
