"""Plain state records: one mechanism to copy and save models, ruleset state and steps.

A record is a slots dataclass whose fields hold only immutable values: ``str``,
``int``, ``float``, ``bool``, ``None``, :class:`~skirmish.dice.Roll` and tuples of those.
That restriction makes a shallow copy a full copy (cheap ``clone()``) and makes saving
generic. Every subclass registers under
its qualified name so a save can be read back.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Self

from skirmish.dice import Roll
from skirmish.errors import SaveError

_REGISTRY: dict[str, type[Record]] = {}


class Record:
    """Base of every mutable piece of game state."""

    __slots__ = ()
    _names: ClassVar[tuple[str, ...]] = ()
    type_key: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.type_key = f"{cls.__module__}.{cls.__qualname__}"
        _REGISTRY[cls.type_key] = cls

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
        """The record as JSON-ready data, tagged with its type."""
        data: dict[str, Any] = {"type": self.type_key}
        for name in self._field_names():
            data[name] = _plain(getattr(self, name))
        return data


def record_from_json(data: dict[str, Any]) -> Record:
    """Rebuild a record saved by :meth:`Record.to_json`."""
    try:
        cls = _REGISTRY[data["type"]]
    except (KeyError, TypeError) as exc:
        raise SaveError(f"unknown state record {data.get('type')!r}") from exc
    twin = object.__new__(cls)
    try:
        for name in cls._field_names():
            object.__setattr__(twin, name, _frozen(data[name]))
    except KeyError as exc:
        raise SaveError(f"state record {data['type']!r} lacks field {exc.args[0]!r}") from exc
    return twin


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Roll):
        return {
            "roll": [
                value.purpose,
                value.dice,
                list(value.faces),
                value.value,
                value.model,
                list(value.rerolled),
            ]
        }
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict) and "roll" in value:
        p, d, faces, v, model, rerolled = value["roll"]
        return Roll(p, d, tuple(faces), v, model, tuple(rerolled))
    return value
