"""Cards on the table of a game: piles laid, shuffled, drawn from, discarded to and revealed,
each move an event citing its rule and seen, card by card, only by the sides that may look.

:class:`CardTable` holds the card operations of :class:`~skirmish.engine.game.Game`, which
inherits them; the cards themselves, decks and the scripted source live in
:mod:`skirmish.cards`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from skirmish.cards import Card, CardError, Pile, check_seen, shuffled
from skirmish.dice import DiceSource
from skirmish.engine.events import Event

if TYPE_CHECKING:
    from skirmish.engine.ruleset import Ruleset


class CardTable:
    """The piles of cards of a game and what the rules do with them."""

    __slots__ = ("piles",)
    piles: tuple[Pile, ...]
    dice: DiceSource
    log: list[Event]
    ruleset: Ruleset[Any, Any]
    pile_title: Callable[[str], str]  # the game's: a pile's name as its ruleset titles it

    def add_pile(
        self, name: str, cards: Iterable[Card] = (), audience: tuple[int, ...] | None = None
    ) -> None:
        """Lay a pile of cards on the table, top card first.

        ``audience`` is who may look at its cards: ``None`` everyone (a discard pile), some
        sides (a hand: its owner), ``()`` nobody (a face-down draw pile).

        Raises:
            CardError: a pile of that name is on the table already, or it hides its cards
                from someone in a ruleset that declares no hidden information.
        """
        if any(p.name == name for p in self.piles):
            raise CardError(f"a pile named {name!r} is on the table already")
        if audience is not None and not self.ruleset.hidden_information:
            raise CardError(
                f"pile {name!r} hides its cards, but {self.ruleset.id} declares no hidden "
                "information (Ruleset.hidden_information)"
            )
        self.piles = (*self.piles, Pile(name, tuple(cards), audience))

    def pile(self, name: str) -> Pile:
        """The pile of that name.

        Raises:
            CardError: no such pile.
        """
        for pile in self.piles:
            if pile.name == name:
                return pile
        known = ", ".join(p.name for p in self.piles) or "none"
        raise CardError(f"no pile {name!r} on the table; piles: {known}")

    def shuffle(self, name: str, rule: str) -> None:
        """Shuffle a pile with the game's own randomness, and log it."""
        pile = self.pile(name)
        self._lay(pile.holding(shuffled(self.dice, name, pile.cards)))
        self._log_cards("shuffle", rule, None, pile=name, size=len(pile.cards))

    def draw(
        self, name: str, to: str, count: int, rule: str, reshuffle: tuple[str, str] | None = None
    ) -> tuple[Card, ...]:
        """Move the top ``count`` cards of pile ``name`` onto pile ``to``; return them.

        When the pile runs out and a rule says so, ``reshuffle`` names the pile (a discard
        pile) shuffled into it before the rest is drawn, and that rule, which the reshuffle
        cites. The sides that may look at either pile see which cards were drawn.

        Raises:
            CardError: the cards do not suffice, counting the reshuffle; nothing changed.
        """
        have = len(self._pair(name, to)[0].cards)
        spare = 0 if reshuffle is None else len(self._pair(reshuffle[0], name)[0].cards)
        if not 0 <= count <= have + spare:
            also = f" and {reshuffle[0]!r} {spare} to reshuffle" if reshuffle is not None else ""
            raise CardError(f"cannot draw {count} cards from {name!r}: it holds {have}{also}")
        if reshuffle is None or count <= have:
            return self._deal(name, to, count, rule)
        first = self._deal(name, to, have, rule) if have else ()
        discards, why = reshuffle
        self.reshuffle(discards, name, why)
        return (*first, *self._deal(name, to, count - have, rule))

    def reshuffle(self, name: str, into: str, rule: str) -> None:
        """Shuffle every card of pile ``name`` (a discard pile) into pile ``into``, and log it."""
        pile, dest = self._pair(name, into)
        self._lay(pile.holding(()))
        self._lay(dest.holding(shuffled(self.dice, into, (*dest.cards, *pile.cards))))
        self._log_cards("reshuffle", rule, None, pile=name, to=into, size=len(pile.cards))

    def discard(self, name: str, cards: Iterable[Card], to: str, rule: str) -> None:
        """Move ``cards`` from pile ``name`` (a hand) onto pile ``to`` (a discard pile, a
        face-down bid). The sides that may look at either pile see which cards moved.

        Raises:
            CardError: a card is not in the pile; nothing changed.
        """
        pile, dest = self._pair(name, to)
        moved = tuple(cards)
        self._move("discard", rule, pile, moved, pile.without(moved), dest)

    def reveal(
        self,
        name: str,
        rule: str,
        count: int | None = None,
        audience: tuple[int, ...] | None = None,
    ) -> tuple[Card, ...]:
        """Show the top ``count`` cards of a pile (all if ``None``) to ``audience`` (``None``:
        everyone), and return them; they stay where they are.

        Raises:
            CardError: the pile holds fewer cards.
        """
        pile = self.pile(name)
        if count is not None and not 0 <= count <= len(pile.cards):
            raise CardError(f"cannot reveal {count} cards of {name!r}: it holds {len(pile.cards)}")
        shown = pile.cards if count is None else pile.cards[:count]
        check_seen(self.dice, name, shown)
        texts = [c.text for c in shown]
        self._log_cards("reveal", rule, audience, pile=name, count=len(shown), cards=texts)
        return shown

    def card_text(self, event: Event) -> str:
        """A card event as a line of the log, each pile named as the ruleset's
        :meth:`~skirmish.engine.ruleset.Ruleset.pile_title` reads it:
        ``Draw QH, 10S from deck to hand 0  [L40]``."""
        d = event.data
        pile = self.pile_title(d["pile"])
        to = self.pile_title(d["to"]) if "to" in d else ""
        if event.kind == "shuffle":
            what = f"Shuffle {pile} ({d['size']} cards)"
        elif event.kind == "reshuffle":
            what = f"Shuffle {pile} ({d['size']} cards) into {to}"
        else:
            cards = ", ".join(d["cards"]) if "cards" in d else _count(d["count"])
            where = f"from {pile} to {to}" if "to" in d else f"of {pile}"
            what = f"{event.kind.capitalize()} {cards} {where}"
        return f"{what}  [{event.rule}]"

    def _deal(self, name: str, to: str, count: int, rule: str) -> tuple[Card, ...]:
        pile, dest = self._pair(name, to)
        drawn = pile.cards[:count]
        self._move("draw", rule, pile, drawn, pile.holding(pile.cards[count:]), dest)
        return drawn

    def _move(
        self, kind: str, rule: str, pile: Pile, moved: tuple[Card, ...], rest: Pile, dest: Pile
    ) -> None:
        """Lay ``moved``, taken from ``pile`` (leaving ``rest``), on ``dest``; log it.

        The cards go one at a time, as at a table: the last one moved ends on top, so a draw
        split by a reshuffle leaves the same pile as one that was not.
        """
        check_seen(self.dice, pile.name, moved)
        self._lay(rest)
        self._lay(dest.holding((*reversed(moved), *dest.cards)))
        audience = _either(pile.audience, dest.audience)
        texts = [c.text for c in moved]
        self._log_cards(
            kind, rule, audience, pile=pile.name, to=dest.name, count=len(moved), cards=texts
        )

    def _pair(self, name: str, to: str) -> tuple[Pile, Pile]:
        if name == to:
            raise CardError(f"cards cannot move from {name!r} onto itself")
        return self.pile(name), self.pile(to)

    def _lay(self, pile: Pile) -> None:
        """Put ``pile`` in the place of the pile of its name."""
        self.piles = tuple(pile if p.name == pile.name else p for p in self.piles)

    def _log_cards(
        self, kind: str, rule: str, audience: tuple[int, ...] | None, **data: Any
    ) -> None:
        """Log a card event; which cards moved is known only to ``audience``."""
        secret = ("cards",) if audience is not None and "cards" in data else ()
        self.log.append(Event(kind, rule, (), data, None, audience, secret))


def _either(a: tuple[int, ...] | None, b: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The sides that may look at either of two piles (``None``: everyone)."""
    if a is None or b is None:
        return None
    return tuple(sorted({*a, *b}))


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"
