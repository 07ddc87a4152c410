"""Action texts round-trip: the canonical form needs no game to read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.errors import InvalidActionError

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=8)
coords = st.floats(min_value=-100, max_value=100, allow_nan=False).map(lambda v: round(v, 2))


@given(words, st.lists(words, max_size=3), st.one_of(st.none(), st.tuples(coords, coords)))
def test_action_text_round_trips(
    kind: str, args: list[str], point: tuple[float, float] | None
) -> None:
    action = Action(kind, tuple(args), point)
    assert Action.parse(action.to_text()) == action


def test_points_are_kept_to_a_hundredth() -> None:
    assert Action.parse("move T1 1.234,5.678").point == (1.23, 5.68)
    assert Action.at("move", ("T1",), 1.005, 2.0).to_text() == "move T1 1,2"


@pytest.mark.parametrize("text", ["", "   ", "move T1 1,x", "1,2"])
def test_malformed_action_text_is_a_one_line_error(text: str) -> None:
    with pytest.raises(InvalidActionError) as err:
        Action.parse(text)
    assert "\n" not in str(err.value)


def test_a_decision_names_every_whole_answer_an_answer_cut_short_begins() -> None:
    options = tuple(Action.parse(t) for t in ("use A4 salve A3 bleed", "use A4 salve A3 burn"))
    decision = Decision(0, "act", "A4 acts", options, (PointSpec("move", ("A4",), 'within 5"'),))
    assert decision.wholes_of(Action.parse("use A4 salve A3")) == [
        "use A4 salve A3 bleed",
        "use A4 salve A3 burn",
    ]
    assert decision.wholes_of(Action.parse("move A4")) == ["move A4 <x,y>"]
    assert decision.wholes_of(Action.parse("use A4 salve A2")) == []
