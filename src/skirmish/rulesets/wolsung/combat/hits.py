"""What a hit does: the wounds it takes off and whether it topples (rules notes §1.6 step 7,
§1.7 melee damage; L115-L121, L140-L148).

Damage is the Strength (the weapon's when shooting, the model's plus its weapon's in melee)
plus one per critical hit, less the target's Armour, never below 0 (L119, L145, §7 item 27;
:func:`.opposed.damage`). Every term carries its reason, as pools do (:mod:`.modifiers`), and
cites the chapter of the hit: Armour and critical hits of a shot (L120, L121) or of a melee
blow (L146, L148); a Fire Template's burn, which rolls nothing, meets the Armour of L120.

The special rules that change a hit are tables keyed by the catalogue's keyword ids, taken
from the attack (the weapon's traits and the attacker's rules) or from the target:

- Small Calibre doubles the Armour (L421, golden test G19); Armour Piercing [x] takes x off
  it, not below 0 ([HOUSE] §7 item 55, :attr:`.HouseRules.armour_piercing`).
- Gruesome Damage adds one more per critical hit ([HOUSE] §7 item 56, off by default,
  :attr:`.HouseRules.gruesome_damage`). As a model's own rule (the Amulet of Burning Hatred's,
  L750, with no "in Melee") it goes with the model's shots too (:func:`shot_rules`); the
  Stealth Killer's is limited to melee (L735), a trait of its melee attacks.
- A Fire attack is cut by Resistance to Fire [x] (Fiery Passion is [3], L234) and does nothing
  to a model with Fire Immunity, every Golem included (L556; [HOUSE] §7 item 54,
  :attr:`.HouseRules.fire_rules`). Cutting after Armour with a floor of 0 is the same as
  adding the resistance to the Armour, so it is one more term there.
- Topple (L845) and Bash (L664) topple the model hit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from skirmish.rulesets.wolsung.combat.combatant import Combatant, has_keyword, keyword_value
from skirmish.rulesets.wolsung.combat.modifiers import Modifier
from skirmish.rulesets.wolsung.combat.opposed import damage
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef

__all__ = [
    "ARMOUR_RULES",
    "FIRE_IMMUNE",
    "FIRE_RESISTANT",
    "TOPPLES_ON_HIT",
    "Damage",
    "HitKind",
    "damage_of",
    "shot_rules",
]

FIRE = "fire"
GRUESOME = "gruesome_damage"


class HitKind(StrEnum):
    """What dealt a hit: a shot, a melee blow, or a burn with no roll (L575)."""

    SHOT = "shot"
    BLOW = "blow"
    BURN = "burn"


ARMOUR_LINES: Mapping[HitKind, int] = {HitKind.SHOT: 120, HitKind.BLOW: 146, HitKind.BURN: 120}
"""The line that takes a hit's Armour off its damage, by what dealt it."""
CRITICAL_LINES: Mapping[HitKind, int] = {HitKind.SHOT: 121, HitKind.BLOW: 148}
"""The line that adds a hit's critical hits to its damage; a burn rolls none."""


@dataclass(frozen=True, slots=True)
class Damage:
    """One hit's damage: Strength terms, critical-hit terms, and what is taken off (Armour
    and the like); ``immune`` names a rule that stops it all, ``topples`` one that topples
    the model hit."""

    strength: tuple[Modifier, ...]
    criticals: tuple[Modifier, ...]
    armour: tuple[Modifier, ...]
    immune: str | None = None
    topples: str | None = None

    @property
    def wounds(self) -> int:
        """The wounds the hit takes off (L119, L145), at least 0 (§7 item 27)."""
        if self.immune is not None:
            return 0
        return damage(_total(self.strength), _total(self.criticals), _total(self.armour))

    def __str__(self) -> str:
        taken = [f"{-t.amount:+d} {t.reason}" for t in self.armour]
        terms = [*map(str, self.strength), *map(str, self.criticals), *taken]
        text = f"{self.wounds} wounds: " + ", ".join(terms)
        return text if self.immune is None else f"{text}; immune: {self.immune}"


ArmourRule = Callable[[int, int | None, HouseRules], Modifier | None]


def _small_calibre(armour: int, value: int | None, rules: HouseRules) -> Modifier | None:
    return Modifier(armour, "Small Calibre: Armour counts double (L421)") if armour else None


def _armour_piercing(armour: int, value: int | None, rules: HouseRules) -> Modifier | None:
    if not (rules.armour_piercing and value and armour):
        return None
    return Modifier(-min(value, armour), f"Armour Piercing [{value}] ([HOUSE] §7 item 55)")


ARMOUR_RULES: Mapping[str, ArmourRule] = {
    "small_calibre": _small_calibre,
    "armour_piercing": _armour_piercing,
}
"""Attack keywords that change the Armour a hit meets, in the order they apply."""

FIRE_IMMUNE: Mapping[str, int] = {"fire_immunity": 556, "golem": 556}
"""Target keywords that ignore Fire damage, with the line that grants it."""

FIRE_RESISTANT: Mapping[str, int | None] = {"resistance_to_fire": None, "fiery_passion": 3}
"""Target keywords that cut Fire damage, by how much (``None``: the keyword's own [x]);
Fiery Passion is Resistance to Fire [3] (L234)."""

TOPPLES_ON_HIT: Mapping[str, int] = {"topple": 845, "bash": 664}
"""Attack keywords whose hit topples the model hit, with their line."""

SHOT_RULES: frozenset[str] = frozenset({GRUESOME})
"""A model's own rules that change the damage of its shots as well as of its blows (L750);
the others, as Bash, are for melee only (L664)."""


def shot_rules(shooter: Combatant) -> tuple[KeywordRef, ...]:
    """The rules of ``shooter`` that go with its shots' damage (:data:`SHOT_RULES`)."""
    return tuple(ref for ref in shooter.rules if ref.id in SHOT_RULES)


def damage_of(
    strength: tuple[Modifier, ...],
    criticals: int,
    attack: tuple[KeywordRef, ...],
    target: Combatant,
    *,
    kind: HitKind,
    rules: HouseRules,
) -> Damage:
    """The damage of a hit of ``kind`` with ``strength`` and ``criticals`` from an attack with
    the keywords ``attack`` on ``target``; a shot meets Armour against shooting too."""
    crits = [Modifier(criticals, f"critical hits (L{CRITICAL_LINES[kind]})")] if criticals else []
    if criticals and rules.gruesome_damage and has_keyword(attack, GRUESOME):
        crits.append(Modifier(criticals, "Gruesome Damage ([HOUSE] §7 item 56)"))
    fire = rules.fire_rules and has_keyword(attack, FIRE)
    immune = next((f"{k} (L{line})" for k, line in FIRE_IMMUNE.items() if target.has(k)), None)
    return Damage(
        strength=strength,
        criticals=tuple(crits),
        armour=_armour(attack, target, kind, rules) + (_resistance(target) if fire else ()),
        immune=immune if fire else None,
        topples=next(
            (f"{r} (L{TOPPLES_ON_HIT[r.id]})" for r in attack if r.id in TOPPLES_ON_HIT), None
        ),
    )


def _armour(
    attack: tuple[KeywordRef, ...], target: Combatant, kind: HitKind, rules: HouseRules
) -> tuple[Modifier, ...]:
    terms = [Modifier(target.armour, f"Armour (L{ARMOUR_LINES[kind]})")] if target.armour else []
    if kind is HitKind.SHOT and target.shot_armour:
        terms.append(Modifier(target.shot_armour, "Armour against shooting (L570)"))
    for keyword, rule in ARMOUR_RULES.items():
        if has_keyword(attack, keyword):
            term = rule(_total(terms), keyword_value(attack, keyword), rules)
            terms += [term] if term else []
    return tuple(terms)


def _resistance(target: Combatant) -> tuple[Modifier, ...]:
    cuts = [FIRE_RESISTANT[r.id] or r.value or 0 for r in target.rules if r.id in FIRE_RESISTANT]
    cut = max(cuts, default=0)
    return (Modifier(cut, f"Resistance to Fire [{cut}] ([HOUSE] §7 item 54)"),) if cut else ()


def _total(terms: Sequence[Modifier]) -> int:
    return sum(term.amount for term in terms)
