"""Plain state records and the immutable values they hold: one mechanism to copy and save
models, ruleset state and steps.

A record is a slots dataclass whose fields hold only immutable values: ``str``, ``int``,
``float``, ``bool``, ``None``, tuples of values (a mapping is a tuple of pairs) and instances
of frozen dataclasses registered with :func:`register_value` (a roll, a card, a timed effect),
nested to any depth. That restriction makes a shallow copy a full copy (cheap ``clone()``)
and makes saving generic: every record and every value type registers under its qualified
name, so a save can be read back, and a value of any other type is refused when saved.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from skirmish.cards import Card, Pile
from skirmish.dice import Roll
from skirmish.errors import SaveError, expect, quoted

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

V = TypeVar("V", bound="DataclassInstance")
R = TypeVar("R", bound="Record")

_RECORDS: dict[str, type[Record]] = {}
_VALUES: dict[str, type[Any]] = {}
_VALUE_FIELDS: dict[type[Any], tuple[str, tuple[str, ...]]] = {}
"""Each registered value type's key and field names, looked up by type when saving."""

_PRIMITIVES = (str, int, float, bool, type(None))


class StateError(TypeError):
    """A record holds a value that is mutable or of an unregistered type: a bug in the rules
    that wrote it, which a shallow copy would turn into state shared between games."""


class Record:
    """Base of every mutable piece of game state."""

    __slots__ = ()
    _names: ClassVar[tuple[str, ...]] = ()
    type_key: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.type_key = f"{cls.__module__}.{cls.__qualname__}"
        _RECORDS[cls.type_key] = cls

    @classmethod
    def _field_names(cls) -> tuple[str, ...]:
        names = cls.__dict__.get("_names")
        if names is None:
            names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
            cls._names = names
        return names

    def copy(self) -> Self:
        """A copy sharing only immutable values."""
        twin = object.__new__(type(self))
        for name in self._field_names():
            object.__setattr__(twin, name, getattr(self, name))
        return twin

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data, tagged with its type.

        Raises:
            StateError: a field holds a mutable or unregistered value.
        """
        data: dict[str, Any] = {"type": self.type_key}
        for name in self._field_names():
            try:
                data[name] = value_to_json(getattr(self, name))
            except StateError as exc:
                raise StateError(f"{self.type_key}.{name}: {exc}") from None
        return data


def check_immutable(record: Record) -> None:
    """Fail if ``record`` holds a value a shallow copy would share mutably or a save could not
    read back: the check every save makes, for tests and debugging to call at any moment.

    Raises:
        StateError: naming the field and the value.
    """
    record.to_json()


def record_from_json(data: Any, kind: type[R]) -> R:
    """Rebuild a record of ``kind`` (or a subclass) saved by :meth:`Record.to_json`.

    Raises:
        SaveError: the data is not a table naming a registered record type of ``kind``, or
            lacks a field or holds one the record does not have.
    """
    key = expect(data, dict, "a state record").get("type")
    cls = _RECORDS.get(key) if isinstance(key, str) else None
    if cls is None:
        raise SaveError(f"unknown state record {quoted(key, 60)}")
    if not issubclass(cls, kind):
        raise SaveError(f"state record {key!r} does not belong here: {kind.__name__} expected")
    twin = object.__new__(cls)
    try:
        for name in cls._field_names():
            object.__setattr__(twin, name, value_from_json(data[name]))
    except KeyError as exc:
        raise SaveError(f"state record {key!r} lacks field {exc.args[0]!r}") from exc
    _refuse_unknown_fields("state record", data, cls._field_names())
    return twin


def _refuse_unknown_fields(kind: str, data: dict[str, Any], names: tuple[str, ...]) -> None:
    """A save whose state holds a field this version does not keep was written by another
    version: reading it would drop what that field meant, so it is refused.

    Raises:
        SaveError: naming the first unknown field.
    """
    unknown = [key for key in data if key != "type" and key not in names]
    if unknown:
        raise SaveError(f"{kind} {data['type']!r} has unknown field {unknown[0]!r}")


def register_value(cls: type[V]) -> type[V]:
    """Class decorator: records may hold instances of this frozen dataclass, saved tagged with
    its qualified name. Put it above ``@dataclass(frozen=True, slots=True)``.

    Raises:
        StateError: the class is not a frozen dataclass.
    """
    params = vars(cls).get("__dataclass_params__")
    if params is None or not params.frozen:
        raise StateError(f"{cls.__qualname__} is not a frozen dataclass, so it cannot be state")
    key = f"{cls.__module__}.{cls.__qualname__}"
    _VALUES[key] = cls
    _VALUE_FIELDS[cls] = (key, tuple(f.name for f in dataclasses.fields(cls)))
    return cls


def value_to_json(value: object) -> Any:
    """A state value as JSON-ready data: tuples as lists, registered values as tables tagged
    with their type.

    Raises:
        StateError: the value is mutable or of an unregistered type.
    """
    if isinstance(value, _PRIMITIVES):
        return value
    if isinstance(value, tuple):
        return [value_to_json(v) for v in value]
    form = _VALUE_FIELDS.get(type(value))
    if form is None:
        raise StateError(
            f"a {type(value).__qualname__} ({quoted(value, 60)}) is not a state value; "
            "records hold str, int, float, bool, None, tuples and frozen types made with "
            "@register_value"
        )
    key, names = form
    data: dict[str, Any] = {"type": key}
    for name in names:
        data[name] = value_to_json(getattr(value, name))
    return data


def value_from_json(data: Any) -> Any:
    """Rebuild a state value saved by :func:`value_to_json`.

    Raises:
        SaveError: the data names a value type that is not registered, or lacks a field or
            holds one the value does not have.
    """
    if isinstance(data, list):
        return tuple(value_from_json(v) for v in data)
    if not isinstance(data, dict):
        return data
    key = data.get("type")
    cls = _VALUES.get(key) if isinstance(key, str) else None
    if cls is None:
        raise SaveError(f"unknown state value {quoted(key, 60)}")
    try:
        fields = {name: value_from_json(data[name]) for name in _VALUE_FIELDS[cls][1]}
    except KeyError as exc:
        raise SaveError(f"state value {data['type']!r} lacks field {exc.args[0]!r}") from exc
    _refuse_unknown_fields("state value", data, _VALUE_FIELDS[cls][1])
    return cls(**fields)


# Rolls and cards sit below the engine and may not import it, so their types register here.
register_value(Roll)
register_value(Card)
register_value(Pile)
