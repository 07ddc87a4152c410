"""What a Wolsung spell does, as typed effects read from ``data/spells.toml`` (rules notes §2.9),
and the effects a special rule lets its player choose (``modes`` in ``data/keywords.toml``).

A spell's ``effects`` are short phrases (:mod:`.phrases`), ``name [value ...]
[field=value ...]``: the first fields of an effect may be given bare, in order, the rest as
``field=value``. The vocabulary:

- ``topple``: the model hit is Toppled (Ki Strike, L777);
- ``leech``: the caster gains the Wounds the hit deals (Leech Soul, L794);
- ``lose_wounds 2``: the model loses Wounds (Bloodboil, L797);
- ``modify S +2 end_of_turn``: a characteristic, the Magic Ability or Armour changes for a
  while (Inspire L460, Bloodboil, Attunement L697);
- ``gain mistwalker end_of_turn``: a special rule for a while (Mistification, L775);
- ``extra_activation 1 caster_activation_end only=golem``: Actions right after the caster's
  activation (Mind Control L459, Command L563);
- ``shield 10 end_of_turn armour=2``: a pool of Wounds that soaks ranged and magic hits
  (Shimmer Field, Deflecting Astral Field, L595-L597).

A rule's modes (:data:`MODE_EFFECTS`) write ``modify`` and ``gain`` as a spell does, and
``repair``: the model is back at its full Wounds at once (Engineer's Repair, L653).

A Projectile's damage (L193) belongs to its type, not to a phrase. How long a lasting effect
holds (:class:`Until`) is data too: the end of the turn (L52), the target's next activation
(that turn's only, if so), or the extra activation after the caster's. :func:`parse_effect`
refuses an unknown name, field or value, a missing field and a stray one, so a phrase no rule
handles never loads; :func:`format_effect` writes the canonical phrase back. What each effect
does when a spell works is :mod:`..magic.spells`; what a mode does, :mod:`..game.tending`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from skirmish.rulesets.wolsung.rules_data.phrases import Vocabulary

__all__ = [
    "EFFECT_KINDS",
    "MODE_EFFECTS",
    "SPELL_EFFECTS",
    "ExtraActivation",
    "GainRule",
    "Leech",
    "LoseWounds",
    "ModeEffect",
    "ModelKind",
    "Modify",
    "Repair",
    "Shield",
    "SpellEffect",
    "Stat",
    "Topple",
    "Until",
    "format_effect",
    "parse_effect",
    "parse_mode_effect",
]


class Until(StrEnum):
    """How long a lasting effect holds."""

    END_OF_TURN = "end_of_turn"
    """Until the turn ends (L52)."""
    NEXT_ACTIVATION = "next_activation"
    """Through the target's next activation (Inspire, L460)."""
    NEXT_ACTIVATION_THIS_TURN = "next_activation_this_turn"
    """Through the target's next activation if it comes this turn, else until the turn ends
    (Engineer's Overcharge, L652)."""
    CASTER_ACTIVATION_END = "caster_activation_end"
    """For one extra activation right after the caster's, then gone (L459, L563)."""
    END_OF_ACTIVATION = "end_of_activation"
    """Until the current activation ends (Power of Blood, L789)."""


class Stat(StrEnum):
    """A characteristic an effect may change (L17-L27), the Magic Ability (L167) and Armour
    (L120; Attunement, L697)."""

    A = "A"
    M = "M"
    F = "F"
    S = "S"
    G = "G"
    R = "R"
    W = "W"
    MA = "MA"
    ARMOUR = "Armour"


class ModelKind(StrEnum):
    """Which models an effect reaches: any, only Henchmen (L459), only Golems (L563)."""

    ANY = "any"
    HENCHMAN = "henchman"
    GOLEM = "golem"


@dataclass(frozen=True, slots=True)
class Topple:
    """The model hit is Toppled (L777)."""


@dataclass(frozen=True, slots=True)
class Leech:
    """The caster gains as many Wounds as the hit deals, with no upper limit (L794, §7 item
    91)."""


@dataclass(frozen=True, slots=True)
class LoseWounds:
    """The model loses ``wounds`` Wounds; no Armour stops it (L797)."""

    wounds: int


@dataclass(frozen=True, slots=True)
class Modify:
    """``stat`` changes by ``amount`` until ``until``."""

    stat: Stat
    amount: int
    until: Until


@dataclass(frozen=True, slots=True)
class GainRule:
    """The model has the special rule ``keyword`` (a catalogue keyword id) until ``until``."""

    keyword: str
    until: Until


@dataclass(frozen=True, slots=True)
class ExtraActivation:
    """The caster's player makes ``actions`` Actions with the model, as an extra activation
    right after the caster's (L459, L563); ``only`` the models of that kind are reached."""

    actions: int
    until: Until
    only: ModelKind = ModelKind.ANY


@dataclass(frozen=True, slots=True)
class Shield:
    """A field of ``wounds`` Wounds that takes ranged and magic hits on the models it covers;
    its own Armour [``armour``] takes each hit down first (L597, §7 item 79)."""

    wounds: int
    until: Until
    armour: int = 0


@dataclass(frozen=True, slots=True)
class Repair:
    """The model is back at its full Wounds at once (L653)."""


SpellEffect: TypeAlias = Topple | Leech | LoseWounds | Modify | GainRule | ExtraActivation | Shield

EFFECT_KINDS: dict[str, type[SpellEffect]] = {
    "topple": Topple,
    "leech": Leech,
    "lose_wounds": LoseWounds,
    "modify": Modify,
    "gain": GainRule,
    "extra_activation": ExtraActivation,
    "shield": Shield,
}
"""Each phrase's name and the effect it reads into."""

SPELL_EFFECTS: Vocabulary[SpellEffect] = Vocabulary("spell effect", "topple", EFFECT_KINDS)
"""The phrases a spell's ``effects`` may write."""


ModeEffect: TypeAlias = Modify | GainRule | Repair

MODE_EFFECTS: Vocabulary[ModeEffect] = Vocabulary(
    "mode effect",
    "modify Armour +2 end_of_turn",
    {"modify": Modify, "gain": GainRule, "repair": Repair},
)
"""The phrases a rule's ``modes`` may write: what lasts a while, or a repair."""


def parse_effect(phrase: object) -> SpellEffect:
    """The effect a phrase names (an effect passes through unchanged).

    Raises:
        RulesDataError: not a phrase, an unknown name or field, a bad value, a field missing
            or given twice.
    """
    return SPELL_EFFECTS.read(phrase)


def parse_mode_effect(phrase: object) -> ModeEffect:
    """The effect a phrase of a rule's mode names (an effect passes through unchanged).

    Raises:
        RulesDataError: as :func:`parse_effect`, for the phrases a mode may write.
    """
    return MODE_EFFECTS.read(phrase)


def format_effect(effect: SpellEffect) -> str:
    """The canonical phrase of ``effect``: required fields bare, defaults left out."""
    return SPELL_EFFECTS.write(effect)
