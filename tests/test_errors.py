"""How messages quote what they were given (errors.quoted)."""

from __future__ import annotations

import ast

import pytest

from skirmish.errors import quoted


@pytest.mark.parametrize("char", ["\x00", "\u2028", "\U000e0001", "\\", "'", "\n"])
@pytest.mark.parametrize("lead", range(12))
def test_a_long_value_is_cut_before_an_escape_sequence_never_inside_one(
    char: str, lead: int
) -> None:
    value = "a" * lead + char * 40
    shown = quoted(value)
    assert len(shown) <= 40 and shown.endswith("...")
    # What is left before the ellipsis reads back as the start of the value, whole.
    start = ast.literal_eval(shown.removesuffix("...") + shown[0])
    assert value.startswith(start) and len(start) > lead - 3


def test_a_short_value_is_its_repr_and_a_long_one_is_cut_to_the_limit() -> None:
    assert quoted("abc") == "'abc'"
    assert quoted("x" * 100) == "'" + "x" * 36 + "..."
    assert quoted(list(range(50)), 20) == "[0, 1, 2, 3, 4, 5..."
