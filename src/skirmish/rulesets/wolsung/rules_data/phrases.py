"""Effects written as short phrases in the catalogue's data: ``name [value ...] [field=value
...]``, the first fields of an effect given bare, in order, the rest as ``field=value``.

A :class:`Vocabulary` names the effects one table may write (the spells' effects,
:mod:`.spell_effects`; the special rules', :mod:`.rule_effects`) and reads each phrase into
its frozen dataclass: an unknown name, field or value, a missing field and a stray one are
refused, so a phrase no rule handles never loads. :meth:`Vocabulary.write` gives the canonical
phrase back: the required fields bare, defaults left out.
"""

from __future__ import annotations

import difflib
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from skirmish.errors import RulesDataError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["Vocabulary"]

E = TypeVar("E", bound="DataclassInstance")


@dataclass(frozen=True, slots=True)
class Vocabulary(Generic[E]):
    """The effects a table may write: each phrase's ``name`` and the effect it reads into;
    ``noun`` and ``example`` say what a phrase is in a refusal."""

    noun: str
    example: str
    kinds: Mapping[str, type[E]]

    def read(self, phrase: object) -> E:
        """The effect a phrase names (an effect passes through unchanged).

        Raises:
            RulesDataError: not a phrase, an unknown name or field, a bad value, a field
                missing or given twice.
        """
        for known in self.kinds.values():
            if isinstance(phrase, known):
                return phrase
        if not isinstance(phrase, str) or not phrase.split():
            raise RulesDataError(f"a {self.noun} is a phrase like {self.example!r}, got {phrase!r}")
        name, *words = phrase.split()
        kind = self.kinds.get(name)
        if kind is None:
            close = difflib.get_close_matches(name, list(self.kinds), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            where = f" in {phrase!r}" if words else ""
            raise RulesDataError(f"unknown {self.noun} {name!r}{where}{hint}")
        return kind(**self._field_values(name, kind, words, phrase))

    def write(self, effect: E) -> str:
        """The canonical phrase of ``effect``: required fields bare, defaults left out."""
        words = [self._name(effect)]
        for spec in fields(effect):
            value = getattr(effect, spec.name)
            text = f"{value:+d}" if spec.name == "amount" else str(value)
            if spec.default is MISSING:
                words.append(text)
            elif value != spec.default:
                words.append(f"{spec.name}={text}")
        return " ".join(words)

    def _name(self, effect: E) -> str:
        return next(name for name, kind in self.kinds.items() if type(effect) is kind)

    def _field_values(
        self, name: str, kind: type[E], words: list[str], phrase: str
    ) -> dict[str, Any]:
        # Fields are written in declaration order: the ones without a default first
        # (dataclasses require it), so "the first fields bare" are exactly the required ones.
        specs = fields(kind)
        hints = typing.get_type_hints(kind)
        bare = [w for w in words if "=" not in w]
        named = [w.split("=", 1) for w in words if "=" in w]
        if len(bare) > len(specs):
            raise RulesDataError(f"{phrase!r}: {len(bare)} values for {len(specs)} fields")
        given = {spec.name: text for spec, text in zip(specs, bare, strict=False)}
        for key, text in named:
            if key not in hints:
                raise RulesDataError(f"{phrase!r}: {name} has no field {key!r}")
            if key in given:
                raise RulesDataError(f"{phrase!r}: field {key!r} given twice")
            given[key] = text
        missing = [s.name for s in specs if s.default is MISSING and s.name not in given]
        if missing:
            raise RulesDataError(f"{phrase!r}: {name} needs {', '.join(missing)}")
        return {key: _value(hints[key], key, text, phrase) for key, text in given.items()}


def _value(read: Callable[[str], Any], key: str, text: str, phrase: str) -> Any:
    """``text`` read as its field's type: a number, an id, or one of an effect's enums."""
    try:
        return read(text)
    except ValueError:
        raise RulesDataError(f"{phrase!r}: {text!r} is no {key}") from None
