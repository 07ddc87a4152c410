"""Cards owned by the game: cards and piles as state values, decks as data, shuffles, and a
scripted source for tests.

A card is a frozen value (a rank and a suit, written ``"QH"``); a pile is a named stack of
cards on the table (a draw pile, a discard pile, a hand) that knows which sides may look at
it. Both are immutable, so a game holding them clones and saves like any other state. What a
deck is made of (ranks and suits, their names and order) is data: :func:`standard_deck`
reads the 52-card deck shipped in ``data/standard-52.toml``. A shuffle rolls the game's own
dice, so a game's whole chance is one seeded source saved with it; tests stack piles with
:class:`ScriptedDeck`, which fails loudly on a shuffle or a card it did not expect. The
game's methods (``game.shuffle``, ``game.draw``...) move the cards and log each move.

Like :mod:`skirmish.dice`, this module sits below the engine and imports none of it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from skirmish.dice import DiceSource, ScriptedDice, dice_from_json
from skirmish.errors import RulesDataError, SkirmishError, expect


class CardError(SkirmishError):
    """A card operation the piles do not allow: no such pile, too few cards, a card not there."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: the codes of its rank and suit as its deck names them (``"Q"``, ``"H"``).

    A card outside the suits (a Joker) has the suit ``""`` and its own code as its rank.
    """

    rank: str
    suit: str = ""

    @property
    def text(self) -> str:
        """The card's short text: ``"QH"``, ``"10S"``, ``"RJ"``."""
        return self.rank + self.suit


@dataclass(frozen=True, slots=True)
class Pile:
    """A named pile of cards on the table, top card first.

    ``audience`` is who may look at its cards: ``None`` everyone (a discard pile), some sides
    (a hand: its owner), ``()`` nobody (a face-down draw pile).
    """

    name: str
    cards: tuple[Card, ...] = ()
    audience: tuple[int, ...] | None = None

    def holding(self, cards: tuple[Card, ...]) -> Pile:
        """This pile with other cards in it."""
        return Pile(self.name, cards, self.audience)

    def without(self, cards: Iterable[Card]) -> Pile:
        """This pile less ``cards``.

        Raises:
            CardError: a card is not in the pile.
        """
        rest = list(self.cards)
        for card in cards:
            if card not in rest:
                raise CardError(f"{card.text} is not in {self.name!r}")
            rest.remove(card)
        return self.holding(tuple(rest))


# --- decks as data ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank of a deck: its code in card texts, its name, its place (0 the lowest) and whether
    it is a court card."""

    code: str
    name: str
    order: int
    court: bool


@dataclass(frozen=True, slots=True)
class Suit:
    """A suit of a deck: its code in card texts, its name, symbol and colour, and its place
    (0 the lowest)."""

    code: str
    name: str
    symbol: str
    colour: str
    order: int


class Deck:
    """What a kind of deck is made of, as its data file says: ranks and suits, lowest first,
    and the Jokers it may be played with. A deck is data, not state: piles hold its cards."""

    def __init__(
        self, name: str, ranks: tuple[Rank, ...], suits: tuple[Suit, ...], jokers: dict[str, str]
    ) -> None:
        self.name = name
        self.ranks = ranks
        self.suits = suits
        self._ranks = {r.code: r for r in ranks}
        self._suits = {s.code: s for s in suits}
        self._jokers = jokers
        self._suited = tuple(Card(r.code, s.code) for s in suits for r in ranks)
        self._all = (*self._suited, *(Card(code) for code in jokers))
        self._by_text = {c.text: c for c in self._all}
        if len(self._by_text) < len(self._all):
            raise RulesDataError(f"deck {name!r}: two of its cards share a text")

    def cards(self, jokers: bool = False) -> tuple[Card, ...]:
        """One of each card in a new deck's order: suit by suit, each from its lowest rank;
        the Jokers last, if asked for."""
        return self._all if jokers else self._suited

    def card(self, text: str) -> Card:
        """The card written ``text`` (``"QH"``).

        Raises:
            CardError: the deck has no such card.
        """
        try:
            return self._by_text[text]
        except KeyError:
            raise CardError(f"no card {text!r} in the {self.name} deck") from None

    def rank(self, card: Card) -> Rank:
        """The rank of ``card``.

        Raises:
            CardError: the card has no rank of this deck (a Joker).
        """
        try:
            return self._ranks[card.rank]
        except KeyError:
            raise CardError(f"{card.text} has no rank of the {self.name} deck") from None

    def suit(self, card: Card) -> Suit:
        """The suit of ``card``.

        Raises:
            CardError: the card has no suit of this deck (a Joker).
        """
        try:
            return self._suits[card.suit]
        except KeyError:
            raise CardError(f"{card.text} has no suit of the {self.name} deck") from None

    def card_name(self, card: Card) -> str:
        """The card as a reader names it: ``"Queen of Hearts"``, ``"Red Joker"``."""
        joker = self._jokers.get(card.text)
        if joker is not None:
            return joker
        return f"{self.rank(card).name} of {self.suit(card).name}"


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # Letters and digits only: a card's text must read as one word of an action ("play QH").
    code: str = Field(pattern=r"^[0-9A-Za-z]{1,3}$")
    name: str = Field(min_length=1)


class _RankRow(_Row):
    court: bool = False


class _SuitRow(_Row):
    symbol: str = Field(min_length=1)
    colour: Literal["red", "black"]


class _DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    ranks: tuple[_RankRow, ...] = Field(min_length=1)
    suits: tuple[_SuitRow, ...] = Field(min_length=1)
    jokers: tuple[_Row, ...] = ()


def load_deck(file: Traversable) -> Deck:
    """A deck from its TOML data file.

    Raises:
        RulesDataError: the file is not a valid deck.
    """
    try:
        raw = _DeckFile.model_validate(tomllib.loads(file.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise RulesDataError(f"bad deck file {file.name}: {' '.join(str(exc).split())}") from None
    ranks = tuple(Rank(r.code, r.name, n, r.court) for n, r in enumerate(raw.ranks))
    suits = tuple(Suit(s.code, s.name, s.symbol, s.colour, n) for n, s in enumerate(raw.suits))
    return Deck(raw.name, ranks, suits, {j.code: j.name for j in raw.jokers})


@cache
def standard_deck() -> Deck:
    """The standard deck of 52 cards, and two Jokers for the games that play with them."""
    return load_deck(files("skirmish") / "data" / "standard-52.toml")


# --- chance -----------------------------------------------------------------------------------


def shuffled(source: DiceSource, pile: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` in a random order: Fisher–Yates with one die per card from ``source``, rolled
    for ``"shuffle <pile>"``; a :class:`ScriptedDeck` stacks them as its script says."""
    if isinstance(source, ScriptedDeck):
        return source.stack(pile, cards)
    order = list(cards)
    purpose = f"shuffle {pile}"
    for i in range(len(order) - 1, 0, -1):
        (face,) = source.faces(1, i + 1, purpose)
        order[i], order[face - 1] = order[face - 1], order[i]
    return tuple(order)


def check_seen(source: DiceSource, pile: str, cards: tuple[Card, ...]) -> None:
    """Tell a scripted deck that ``cards`` of ``pile`` were drawn or looked at, so that it fails
    on a card it did not stack; a seeded source has nothing to check."""
    if isinstance(source, ScriptedDeck):
        source.seen(pile, cards)


class CardScriptError(AssertionError):
    """A scripted test shuffled or drew cards it did not expect, or left stacked cards unused."""


class ScriptedDeck:
    """A chance source for tests: piles stacked in a given order, dice from another source.

    Each entry of the script names the pile a shuffle must be of and the cards, by text and
    top first, that the shuffle puts on top; the pile's other cards go beneath them in their
    old order. A shuffle the script does not list fails, and so does drawing or looking at a
    card beneath the stacked ones. Dice come from ``dice`` (by default a script of none), so
    scripted dice and stacked cards play in the same game.

    >>> source = ScriptedDeck([("deck", ("QH", "10S"))], ScriptedDice([("to-hit", 5)]))
    >>> [c.text for c in source.stack("deck", (Card("2", "C"), Card("10", "S"), Card("Q", "H")))]
    ['QH', '10S', '2C']
    """

    __slots__ = ("dice", "hidden", "pos", "script", "unseen")

    def __init__(
        self, script: Iterable[tuple[str, Iterable[str]]], dice: DiceSource | None = None
    ) -> None:
        self.script: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
            (pile, tuple(top)) for pile, top in script
        )
        self.dice: DiceSource = dice if dice is not None else ScriptedDice(())
        self.pos = 0
        # For each stacked pile, by card text: the cards beneath its stack, and the stacked
        # cards not drawn or looked at yet.
        self.hidden: dict[str, tuple[str, ...]] = {}
        self.unseen: dict[str, tuple[str, ...]] = {}

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        return self.dice.faces(count, sides, purpose)

    def stack(self, pile: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """The order of ``cards`` after the next shuffle, which must be of ``pile``."""
        if self.pos >= len(self.script):
            raise CardScriptError(f"unexpected shuffle of {pile!r} after the script ended")
        want, top = self.script[self.pos]
        if want != pile:
            raise CardScriptError(
                f"shuffle {self.pos}: the rules shuffled {pile!r}, the script stacks {want!r}"
            )
        if self.unseen.get(pile):
            raise CardScriptError(
                f"{pile!r} shuffled again before its stacked {list(self.unseen[pile])} came out"
            )
        rest = list(cards)
        stacked = []
        for text in top:
            card = next((c for c in rest if c.text == text), None)
            if card is None:
                raise CardScriptError(f"shuffle {self.pos}: {text} is not in {pile!r}")
            rest.remove(card)
            stacked.append(card)
        self.pos += 1
        self.hidden[pile] = tuple(c.text for c in rest)
        self.unseen[pile] = top
        return (*stacked, *rest)

    def seen(self, pile: str, cards: tuple[Card, ...]) -> None:
        """Check ``cards`` drawn or looked at in ``pile``: none may lie beneath its stack."""
        if pile not in self.hidden:
            return
        unseen = list(self.unseen[pile])
        for card in cards:
            if card.text in unseen:
                unseen.remove(card.text)
            elif card.text in self.hidden[pile]:
                raise CardScriptError(
                    f"unexpected card from {pile!r}: {card.text} lies beneath the stacked cards"
                )
        self.unseen[pile] = tuple(unseen)

    @property
    def remaining(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Stacked cards not drawn or looked at yet, then the shuffles not reached."""
        left = tuple((pile, top) for pile, top in self.unseen.items() if top)
        return (*left, *self.script[self.pos :])

    def assert_done(self) -> None:
        """Fail if stacked cards or scripted shuffles are left."""
        if self.remaining:
            raise CardScriptError(f"unused stacked cards: {list(self.remaining)}")

    def copy(self) -> ScriptedDeck:
        twin = ScriptedDeck(self.script, self.dice.copy())
        twin.pos = self.pos
        twin.hidden = dict(self.hidden)
        twin.unseen = dict(self.unseen)
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "scripted-deck",
            "script": [[pile, list(top)] for pile, top in self.script],
            "pos": self.pos,
            "hidden": {pile: list(texts) for pile, texts in self.hidden.items()},
            "unseen": {pile: list(texts) for pile, texts in self.unseen.items()},
            "dice": self.dice.to_json(),
        }


def chance_from_json(data: dict[str, Any]) -> DiceSource:
    """Restore a game's chance source saved by its ``to_json``: dice, or a scripted deck.

    Raises:
        SaveError: the data or a table in it is not a table.
    """
    if expect(data, dict, "a source of chance").get("kind") != "scripted-deck":
        return dice_from_json(data)
    deck = ScriptedDeck(
        ((str(pile), map(str, top)) for pile, top in data["script"]),
        chance_from_json(data["dice"]),
    )
    deck.pos = expect(data["pos"], int, "the deck position")
    hidden, unseen = expect(data["hidden"], dict, "hidden"), expect(data["unseen"], dict, "unseen")
    deck.hidden = {str(p): tuple(map(str, t)) for p, t in hidden.items()}
    deck.unseen = {str(p): tuple(map(str, t)) for p, t in unseen.items()}
    return deck
