"""State records hold immutable values, registered frozen types among them, nested: a shallow
copy is a full copy, and a save reads back to equal values."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, dataclass, replace

import pytest

from skirmish.cards import Card, Pile
from skirmish.dice import Roll
from skirmish.engine.record import (
    Record,
    StateError,
    check_immutable,
    record_from_json,
    register_value,
)
from skirmish.errors import SaveError


@register_value
@dataclass(frozen=True, slots=True)
class Effect:
    """A timed effect: what, for how many rounds, and the roll that caused it."""

    name: str
    rounds: int
    cause: Roll | None = None


@register_value
@dataclass(frozen=True, slots=True)
class Squad:
    """A squad with its hand of cards, its effects and a frozen mapping of counts."""

    name: str
    hand: Pile
    effects: tuple[Effect, ...] = ()
    counts: tuple[tuple[str, int], ...] = ()


@dataclass(slots=True, eq=False)
class Camp(Record):
    squads: tuple[Squad, ...] = ()
    leader: Squad | None = None
    morale: float = 1.0


@dataclass(frozen=True, slots=True)
class Unregistered:
    name: str


@dataclass(slots=True)
class Mutable:
    name: str


def _camp() -> Camp:
    burn = Effect("burning", 2, Roll("ignite", "D6", (6,), 6, "T1"))
    squad = Squad(
        "Threshold",
        Pile("hand 0", (Card("Q", "H"), Card("10", "S")), (0,)),
        (burn, Effect("stunned", 1)),
        (("ammo", 3), ("loot", 0)),
    )
    return Camp((squad, Squad("Lurkers", Pile("hand 1"))), squad, 0.5)


def _fields(record: Record) -> dict[str, object]:
    return {name: getattr(record, name) for name in record._field_names()}


def test_registered_values_nest_and_read_back_equal() -> None:
    camp = _camp()
    again = record_from_json(json.loads(json.dumps(camp.to_json())), Record)
    assert isinstance(again, Camp)
    assert _fields(again) == _fields(camp)
    assert again.squads[0].effects[0].cause == Roll("ignite", "D6", (6,), 6, "T1")
    assert again.squads[0].hand.cards[0] == Card("Q", "H")


def test_a_save_tags_each_value_with_its_type() -> None:
    saved = _camp().to_json()["leader"]
    assert saved["type"] == f"{Squad.__module__}.Squad"
    assert saved["effects"][0]["cause"]["type"] == "skirmish.dice.Roll"
    assert saved["hand"]["cards"][0] == {"type": "skirmish.cards.Card", "rank": "Q", "suit": "H"}
    assert saved["counts"] == [["ammo", 3], ["loot", 0]]


def test_a_shallow_copy_is_a_full_copy() -> None:
    camp = _camp()
    before = camp.to_json()
    twin = camp.copy()
    twin.leader = replace(camp.squads[0], name="Renamed")
    twin.squads = (*twin.squads, Squad("Third", Pile("hand 2")))
    twin.morale = 0.0
    with pytest.raises(FrozenInstanceError):
        twin.squads[0].effects[0].rounds = 9  # type: ignore[misc]
    assert camp.to_json() == before


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ([1, 2], "a list"),
        ({"a": 1}, "a dict"),
        (Unregistered("x"), "a Unregistered"),
        ((1, (Mutable("x"),)), "a Mutable"),
        (Squad("s", Pile("h"), (Effect("e", 1, Mutable("deep")),)), "a Mutable"),  # type: ignore[arg-type]
    ],
)
def test_a_mutable_or_unregistered_value_is_refused_with_a_clear_message(
    value: object, named: str
) -> None:
    camp = Camp(morale=value)  # type: ignore[arg-type]
    with pytest.raises(StateError, match=rf"Camp\.morale: {named} .* is not a state value") as err:
        check_immutable(camp)
    assert "\n" not in str(err.value)
    with pytest.raises(StateError):
        camp.to_json()


def test_a_record_of_immutable_values_passes_the_check() -> None:
    check_immutable(_camp())


def test_only_frozen_dataclasses_register() -> None:
    with pytest.raises(StateError, match="Mutable is not a frozen dataclass"):
        register_value(Mutable)


@pytest.mark.parametrize(
    ("leader", "message"),
    [
        ({"type": "no.such.Value", "name": "x"}, "unknown state value 'no.such.Value'"),
        ({"name": "x"}, "unknown state value None"),
        ({"type": f"{Squad.__module__}.Squad", "name": "x"}, "lacks field 'hand'"),
    ],
)
def test_a_save_naming_an_unknown_value_type_is_a_one_line_error(
    leader: dict[str, object], message: str
) -> None:
    data = {**Camp().to_json(), "leader": leader}
    with pytest.raises(SaveError, match=message) as err:
        record_from_json(data, Record)
    assert "\n" not in str(err.value)


def test_a_save_holding_a_field_the_record_does_not_keep_is_a_one_line_error() -> None:
    data = {**_camp().to_json(), "banner": "red"}
    with pytest.raises(SaveError, match=r"^state record '.*Camp' has unknown field 'banner'$"):
        record_from_json(data, Record)


def test_a_save_holding_a_field_a_value_does_not_keep_is_a_one_line_error() -> None:
    data = _camp().to_json()
    data["leader"] = {**data["leader"], "banner": "red"}
    with pytest.raises(SaveError, match=r"^state value '.*Squad' has unknown field 'banner'$"):
        record_from_json(data, Record)
