"""Decisions: who must choose what now, as finite options and point choices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skirmish.engine.action import Action
from skirmish.errors import SkirmishError, expect


@dataclass(frozen=True, slots=True)
class PointSpec:
    """A continuous choice: an action of ``kind`` with ``args`` and any point the rules allow.

    The step that asked validates the point; ``hint`` tells a human what is allowed
    (``'a point within 5" along a legal path'``). Candidate points for AIs come from the
    ruleset.
    """

    kind: str
    args: tuple[str, ...]
    hint: str

    def matches(self, action: Action) -> bool:
        """Whether ``action`` answers this spec (its point still to be validated)."""
        return action.point is not None and action.kind == self.kind and action.args == self.args

    def to_text(self) -> str:
        """The spec as an action template: ``move T1 <x,y>``."""
        return " ".join([self.kind, *self.args, "<x,y>"])


@dataclass(frozen=True, slots=True)
class Decision:
    """What side ``player`` must decide now.

    ``options`` are the finite choices; ``points`` the continuous ones. An action answers the
    decision if it is one of the options or matches a point spec with a valid point.
    ``sealed`` marks one player's part of a :class:`Sealed` decision: its answer stays secret
    until every part is answered, all of it, or with ``kind_public`` all but its kind.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Action, ...] = ()
    points: tuple[PointSpec, ...] = ()
    sealed: bool = False
    kind_public: bool = False

    def __len__(self) -> int:
        return len(self.options) + len(self.points)

    def spec_for(self, action: Action) -> PointSpec | None:
        """The point spec ``action`` answers, if any."""
        for spec in self.points:
            if spec.matches(action):
                return spec
        return None

    def wholes_of(self, action: Action) -> list[str]:
        """The answers that ``action``, answering none, is the start of, its last words left
        out (``move A2`` of ``move A2 <x,y>``): a malformed action, not one the rules refuse."""
        start = f"{action.to_text()} "
        answers = [a.to_text() for a in self.options] + [s.to_text() for s in self.points]
        return [text for text in answers if text.startswith(start)]

    def withheld(self) -> Decision:
        """The decision as another player sees it: who must decide what, not the options
        (they may show a hand)."""
        return Decision(
            self.player, self.kind, self.prompt, sealed=self.sealed, kind_public=self.kind_public
        )

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON-ready data."""
        data = {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [a.to_text() for a in self.options],
            "points": [[s.kind, list(s.args), s.hint] for s in self.points],
        }
        if self.sealed:
            data["sealed"] = True
        if self.kind_public:
            data["kind_public"] = True
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Decision:
        """Rebuild a decision saved by :meth:`to_json`.

        Raises:
            SaveError: the data is not a table.
        """
        data = expect(data, dict, "a decision")
        return Decision(
            data["player"],
            data["kind"],
            data["prompt"],
            tuple(Action.parse(t) for t in data["options"]),
            tuple(PointSpec(k, tuple(a), h) for k, a, h in data["points"]),
            bool(data.get("sealed", False)),
            bool(data.get("kind_public", False)),
        )


@dataclass(frozen=True, slots=True)
class Sealed:
    """A decision several players answer in secret, revealed together (face-down bids).

    A step returns one :class:`Decision` per player, in the order they are asked; the game
    asks each in turn, keeps every answer hidden from the others, and when the last is in
    reveals them all and passes them to the step's ``reveal``.

    With ``kinds_public`` the others learn each answer's kind as it is given (that a card was
    laid or that a player passed) and only its arguments stay secret until the reveal (which
    card).
    """

    parts: tuple[Decision, ...]
    kinds_public: bool = False

    def __post_init__(self) -> None:
        players = [d.player for d in self.parts]
        if not players or len(set(players)) != len(players):
            raise SkirmishError(f"a sealed decision asks each of its players once: {players}")
