"""The effect vocabulary: dice, the keyword form, and its parse/format round trip."""

from __future__ import annotations

import re
import tomllib
import types
import typing
from collections.abc import Iterator
from enum import StrEnum
from importlib.resources import files
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.errors import RulesDataError
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    DIE_SIDES,
    Cure,
    DamageDice,
    Duration,
    Effect,
    HitAlly,
    IgnoresCover,
    Knockback,
    Reroll,
    Roll,
    SelfDamage,
    Status,
    TierBonus,
    When,
    effect_classes,
    effects_of,
    field_kinds,
    format_effect,
    parse_dice,
    parse_effect,
)

DATA = files("skirmish.rulesets.sacred_wire") / "data"
RULE_ID = re.compile(r"\b[CRIKM]\d+(\.\d+)?\b")


def _specials(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from value if key == "special" else _specials(value)
    elif isinstance(node, list):
        for value in node:
            yield from _specials(value)


def _all_specials() -> list[str]:
    texts: list[str] = []
    for path in DATA.iterdir():
        if path.name.endswith(".toml"):
            texts.extend(_specials(tomllib.loads(path.read_text(encoding="utf-8"))))
    return texts


# --- dice -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dice", "low", "high"),
    [
        ("d6", DamageDice(1, 6), 1, 6),
        ("2d6", DamageDice(2, 6), 2, 12),
        ("d4+1", DamageDice(1, 4, 1), 2, 5),
        ("2", DamageDice(0, 0, 2), 2, 2),
        ("d20", DamageDice(1, 20), 1, 20),
    ],
)
def test_parse_dice(text: str, dice: DamageDice, low: int, high: int) -> None:
    parsed = parse_dice(text)
    assert parsed == dice
    assert (parsed.min, parsed.max) == (low, high)
    assert str(parsed) == text


def test_one_d6_is_written_d6() -> None:
    assert str(parse_dice("1d6")) == "d6"


def test_dice_are_read_the_rulebook_way_and_rolled_in_the_kernel_notation() -> None:
    notations = [parse_dice(text).notation for text in ("d6", "1d6", "2d6", "d4+1")]
    assert notations == ["D6", "D6", "2D6", "D4"]
    assert str(parse_dice("2d6+1")) == "2d6+1"  # as the data and the log write it


@pytest.mark.parametrize("text", ["", "d", "d7", "0d6", "2d", "d6-1", "0", "x", "d6 +1"])
def test_bad_dice_raise(text: str) -> None:
    with pytest.raises(RulesDataError, match="bad dice"):
        parse_dice(text)


def test_doubled_dice_follow_notes_a25() -> None:
    # A Riposted attacker rolls twice the dice; a fixed amount doubles; a bonus is added once.
    assert parse_dice("d6").doubled() == parse_dice("2d6")
    assert parse_dice("2").doubled() == parse_dice("4")
    assert parse_dice("d6+1").doubled() == parse_dice("2d6+1")


# --- the keyword form -------------------------------------------------------------------------


def test_parse_examples() -> None:
    assert parse_effect("knockback 1") == Knockback(inches=1)
    assert parse_effect("reroll 2 roll=defense") == Reroll(up_to=2, roll=Roll.DEFENSE)
    assert parse_effect("tier-bonus +1 roll=combat when=riposting") == TierBonus(
        1, Roll.COMBAT, When.RIPOSTING
    )
    assert parse_effect("tier-bonus -2 roll=combat") == TierBonus(-2, Roll.COMBAT, When.ALWAYS)
    assert parse_effect("self-damage maximum=true") == SelfDamage(maximum=True)
    assert parse_effect("hit-ally 6 dice=d4") == HitAlly(6, DamageDice(1, 4))
    assert parse_effect("ignores-cover") == IgnoresCover(Duration.PASSIVE)


def test_first_field_may_also_be_named() -> None:
    assert parse_effect("knockback inches=2") == Knockback(2)


def test_format_omits_defaults_and_signs_modifiers() -> None:
    assert format_effect(TierBonus(1, Roll.DEFENSE)) == "tier-bonus +1 roll=defense"
    assert format_effect(SelfDamage()) == "self-damage"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("knockbak 1", r"unknown effect keyword 'knockbak' in 'knockbak 1'.*knockback"),
        ("knockback", r"bad effect 'knockback': missing inches"),
        ("knockback one", r"'one' is not a whole number"),
        ("knockback 0", r"must be at least 1"),
        ("knockback 1 2", r"unexpected value '2'"),
        ("knockback 1 inches=2", r"field 'inches' given twice"),
        ("knockback 1 range=2", r"unknown field 'range' \(fields: inches\)"),
        ("reroll 1 roll=defence", r"'defence' is not one of: combat, defense"),
        ("tier-bonus 0 roll=combat", r"a modifier of 0 does nothing"),
        ("self-damage maximum=yes", r"'yes' is not true or false"),
        ("extra-damage d7", r"bad dice expression 'd7'"),
        ("cure bleed,bleed", r"repeats a value"),
        ("no-riposte 1", r"unexpected value '1'"),
        ("", r"non-empty string"),
    ],
)
def test_bad_effects_raise_one_line(text: str, message: str) -> None:
    with pytest.raises(RulesDataError, match=message) as caught:
        parse_effect(text, where="weapons.toml: melee[7] 'Sword'")
    assert str(caught.value).startswith("weapons.toml: melee[7] 'Sword': ")
    assert "\n" not in str(caught.value)


def test_a_table_instead_of_a_string_is_refused() -> None:
    with pytest.raises(RulesDataError, match="must be a non-empty string"):
        parse_effect({"effect": "knockback", "inches": 1})


def test_effects_of_filters_by_class() -> None:
    effects = (Knockback(1), Reroll(1, Roll.DAMAGE), Knockback(2))
    assert effects_of(effects, Knockback) == (Knockback(1), Knockback(2))


# --- the vocabulary ---------------------------------------------------------------------------


def test_every_effect_class_cites_a_rule() -> None:
    for cls in effect_classes():
        assert cls.__doc__ and RULE_ID.search(cls.__doc__), cls.__name__


def test_keywords_are_unique_and_lowercase() -> None:
    keywords = [cls.keyword for cls in effect_classes()]
    assert len(keywords) == len(set(keywords))
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", keyword) for keyword in keywords)


def test_every_special_in_the_data_is_canonical() -> None:
    # One form everywhere: each special is exactly what the formatter writes for it.
    texts = _all_specials()
    assert len(texts) > 150
    for text in texts:
        assert format_effect(parse_effect(text)) == text


# --- round trip over the whole vocabulary -----------------------------------------------------

_DICE = st.one_of(
    st.builds(DamageDice, st.just(0), st.just(0), st.integers(1, 20)),
    st.builds(DamageDice, st.integers(1, 4), st.sampled_from(sorted(DIE_SIDES)), st.integers(0, 3)),
)


def _strategy(kind: Any, signed: bool) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        inner = next(arg for arg in typing.get_args(kind) if arg is not type(None))
        return st.none() | _strategy(inner, signed)
    if origin is tuple:
        members = list(typing.get_args(kind)[0])
        return st.lists(st.sampled_from(members), min_size=1, unique=True).map(tuple)
    if kind is bool:
        return st.booleans()
    if kind is int:
        return st.integers(-6, 6).filter(bool) if signed else st.integers(1, 36)
    if kind is DamageDice:
        return _DICE
    assert isinstance(kind, type) and issubclass(kind, StrEnum), kind
    return st.sampled_from(list(kind))


def _effect_strategy(cls: type[Effect]) -> st.SearchStrategy[Effect]:
    kwargs = {name: _strategy(kind, signed) for name, (kind, signed) in field_kinds(cls).items()}
    return st.builds(cls, **kwargs)


EFFECTS = st.one_of([_effect_strategy(cls) for cls in effect_classes()])


@settings(max_examples=300, deadline=None)
@given(EFFECTS)
def test_parse_inverts_format(effect: Effect) -> None:
    assert parse_effect(format_effect(effect)) == effect


def test_statuses_round_trip_in_order() -> None:
    text = "cure punctured,bleed"
    effect = parse_effect(text)
    assert isinstance(effect, Cure)
    assert effect.statuses == (Status.PUNCTURED, Status.BLEED)
    assert format_effect(effect) == text
