"""One place per effect (DESIGN, second edition of the contract): where the rules apply the
effects of data rows one by one (a Critical row, a consumable used, a Power cast, a campaign
row), a table keyed by the effect's type says what each effect does there: the steps it sets off
in a game, or what else the place collects of it (the options a Promotion offers).

A place registers a handler per effect type with :meth:`EffectTable.on`, or names the rule that
applies an effect in another place with :meth:`EffectTable.elsewhere` (the extra damage of a
Critical row is the attack's damage roll, C4.16). An effect the table does not know is an error,
never silently dropped: :meth:`EffectTable.apply` raises :class:`UnhandledEffectError`, and
:meth:`EffectTable.problems` lists, when a ruleset loads its data, every effect of the rows the
place reads that it does not know, so data the rules cannot play is refused before any game.

Read-only queries ("the Armor Piercing of this weapon") are no places: they sum or pick the
effects they look for and leave the rest to the rules that read them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from skirmish.errors import RulesDataError

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog

B = TypeVar("B")
"""The base type of the effects a place applies."""
C = TypeVar("C")
"""What a handler is told about where the effect lands: the game, the model, the rule..."""
R = TypeVar("R")
"""What a handler gives back: the steps an effect sets off, or the options it offers."""
E = TypeVar("E")

Handler = Callable[[E, C], list[R]]
"""What an effect does in a place and the things it gives back (often none: it acted at once)."""


class UnhandledEffectError(RulesDataError):
    """A data row holds an effect that no rule of the place applying it handles."""


@dataclass(frozen=True, slots=True)
class DataRow(Generic[B]):
    """The effects of one data record a place applies, named for messages (``"R6.1 Bleed"``)."""

    where: str
    effects: tuple[B, ...]


class EffectTable(Generic[B, C, R]):
    """The handlers of one place, keyed by effect type; each returns a list of ``R``.

    ``place`` names it in messages (``"a Critical or Fumble row (game/conditions.py)"``);
    ``reads`` lists the catalogue's rows it applies, for :meth:`problems`.
    """

    __slots__ = ("_elsewhere", "_handlers", "place", "reads")

    def __init__(
        self, place: str, reads: Callable[[Catalog], Iterable[DataRow[B]]] | None = None
    ) -> None:
        self.place = place
        self.reads = reads
        self._handlers: dict[type, Handler[Any, C, R]] = {}
        self._elsewhere: dict[type, str] = {}

    def on(self, kind: type[E]) -> Callable[[Handler[E, C, R]], Handler[E, C, R]]:
        """Decorator: the handler of effects of ``kind`` here.

        Raises:
            RulesDataError: ``kind`` has a handler here already.
        """

        def register(handler: Handler[E, C, R]) -> Handler[E, C, R]:
            self._claim(kind)
            self._handlers[kind] = handler
            return handler

        return register

    def elsewhere(self, why: str, *kinds: type[B]) -> None:
        """Effects of ``kinds`` in this place's rows are applied by the rule ``why`` names."""
        for kind in kinds:
            self._claim(kind)
            self._elsewhere[kind] = why

    def apply(self, effect: B, context: C) -> list[R]:
        """Do what ``effect`` does here; nothing when another rule applies it.

        Raises:
            UnhandledEffectError: nothing here knows the effect's type.
        """
        handler = self._handlers.get(type(effect))
        if handler is not None:
            return handler(effect, context)
        if type(effect) in self._elsewhere:
            return []
        raise UnhandledEffectError(self._unknown(type(effect), "a rules row"))

    def knows(self, kind: type) -> bool:
        """Whether this place handles ``kind`` or names where it is applied."""
        return kind in self._handlers or kind in self._elsewhere

    def unknown(self, rows: Iterable[DataRow[B]]) -> list[str]:
        """A message for each effect of ``rows`` this place does not know."""
        return [
            self._unknown(type(effect), row.where)
            for row in rows
            for effect in row.effects
            if not self.knows(type(effect))
        ]

    def problems(self, catalog: Catalog) -> list[str]:
        """A message for each effect of the catalogue's rows this place reads and does not
        know (none for a place that reads no catalogue rows)."""
        return self.unknown(self.reads(catalog)) if self.reads is not None else []

    def _claim(self, kind: type) -> None:
        if self.knows(kind):
            raise RulesDataError(f"{self.place}: {kind.__name__} is handled twice")

    def _unknown(self, kind: type, where: str) -> str:
        return f"{where}: no rule of {self.place} applies a {kind.__name__} effect"


def check_handled(
    tables: Iterable[EffectTable[Any, Any, Any]], catalog: Catalog, label: str
) -> None:
    """Refuse a catalogue with effects the places applying them do not handle.

    Raises:
        UnhandledEffectError: one line naming every such effect and its row.
    """
    problems = [p for table in tables for p in table.problems(catalog)]
    if problems:
        raise UnhandledEffectError(f"{label}: {'; '.join(problems)}")
