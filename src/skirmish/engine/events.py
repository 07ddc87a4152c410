"""Events: what happened, which rule made it happen, the dice rolled and who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skirmish.dice import Roll
from skirmish.errors import expect

SEALED_KINDS = frozenset({"commit", "sealed-reveal"})
"""The events the game logs for sealed answers (see ``Game.sealed_text``)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a game log.

    ``kind`` is named by the ruleset (``"wounded"``, ``"roll"``); ``rule`` cites the rule that
    produced it (a rulebook section or rule id); ``models`` are the ids involved; ``data``
    holds the numbers a reader or a test needs; ``roll`` is set for dice events.
    ``audience`` names the sides that may see the event's ``secret`` data (which cards were
    drawn into a hand: its owner; what a sealed bid was: its bidder); ``None`` is everyone.
    ``secret`` names the keys of ``data`` that only the audience sees; the rest is public (how
    many cards were drawn, that a bid was made).
    """

    kind: str
    rule: str
    models: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    roll: Roll | None = None
    audience: tuple[int, ...] | None = None
    secret: tuple[str, ...] = ()

    def seen_by(self, player: int) -> Event:
        """The event as ``player`` sees it: without its secret data unless it is among the
        audience (the secret keys stay named, so a reader knows something is withheld)."""
        if self.audience is None or player in self.audience or not self.secret:
            return self
        public = {k: v for k, v in self.data.items() if k not in self.secret}
        return Event(
            self.kind, self.rule, self.models, public, self.roll, self.audience, self.secret
        )

    @property
    def reveals(self) -> bool:
        """Whether the event lets a player learn what chance or another player decided: dice
        rolled, cards moved, shuffled or shown (card events name their ``pile``), answers
        sealed or revealed. An action followed by such an event cannot be taken back."""
        return self.roll is not None or "pile" in self.data or self.kind in SEALED_KINDS

    @property
    def withheld(self) -> bool:
        """Whether this is a view of the event without its secret data."""
        return any(k not in self.data for k in self.secret)

    def to_json(self) -> dict[str, Any]:
        """The event as compact JSON-ready data."""
        out: dict[str, Any] = {"k": self.kind, "r": self.rule}
        if self.models:
            out["m"] = list(self.models)
        if self.data:
            out["d"] = self.data
        if self.roll is not None:
            r = self.roll
            out["roll"] = [r.purpose, r.dice, list(r.faces), r.value, r.model, list(r.rerolled)]
        if self.audience is not None:
            out["a"] = list(self.audience)
        if self.secret:
            out["s"] = list(self.secret)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Event:
        """Rebuild an event saved by :meth:`to_json`.

        Raises:
            SaveError: the data is not a table.
        """
        data = expect(data, dict, "an event")
        roll = None
        if "roll" in data:
            p, d, faces, value, model, rerolled = data["roll"]
            roll = Roll(p, d, tuple(faces), value, model, tuple(rerolled))
        audience = tuple(data["a"]) if "a" in data else None
        return Event(
            data["k"],
            data["r"],
            tuple(data.get("m", ())),
            data.get("d", {}),
            roll,
            audience,
            tuple(data.get("s", ())),
        )
