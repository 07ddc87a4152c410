"""Wolsung's hands: 3 + H0 cards drawn and kept each turn, the discard down, the [HOUSE]
reshuffle of the discard pile, Man about town (L30, L40-L41, L414; rules notes §4.2, §7 items
5 and 6, golden test G1 and golden example X2). Cards are stacked with ``ScriptedDeck``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from skirmish.cards import Card, CardError, ScriptedDeck
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.engine.record import Record
from skirmish.engine.ruleset import Ruleset
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.geometry.board import Board, load_board
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.cards.hand import (
    DECK,
    DISCARDS,
    discard_down,
    discards_due,
    draw_for_man_about_town,
    draw_for_turn,
    hand_pile,
    hand_size,
    lay_out,
    spend,
)
from skirmish.rulesets.wolsung.house_rules import HouseRules

RULES = HouseRules()


@dataclass(slots=True, eq=False)
class TableState(Record):
    pass


class CardsOnly(Ruleset[Model, TableState]):
    """Just a card table for two players: no models, no steps."""

    id = "test-wolsung-cards"
    title = "Wolsung cards (test)"
    sides = ("A", "B")
    hidden_information = True
    max_actions = 1
    setup_keys = ()

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        return {}

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board("open")

    def new_state(self, setup: dict[str, Any]) -> TableState:
        return TableState()

    def start(self, game: Game[Model, TableState]) -> None:
        pass

    def describe(self, game: Game[Model, TableState], event: Event) -> str:
        return game.card_text(event)

    def where(self, game: Game[Model, TableState]) -> str:
        return "the card table"


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(wolsung_deck().card(t) for t in texts)


def table(*stacks: tuple[str, tuple[str, ...]]) -> Game[Model, TableState]:
    return Game(CardsOnly(), {}, 0, ScriptedDeck(stacks))


def texts(game: Game[Model, TableState], pile: str) -> list[str]:
    return [c.text for c in game.pile(pile).cards]


@pytest.mark.parametrize(("heroes", "size"), [(1, 4), (2, 5), (3, 6), (4, 7)])
def test_g1_hand_size_is_three_plus_heroes_fielded(heroes: int, size: int) -> None:
    assert hand_size(heroes) == size


def test_l40_heroes_fielded_cannot_be_negative() -> None:
    with pytest.raises(SkirmishError, match="not -1"):
        hand_size(-1)


def test_l30_the_deck_is_shuffled_face_down_hands_seen_by_their_owners() -> None:
    game = table((DECK, ()))
    lay_out(game, (0, 1))
    assert len(game.pile(DECK).cards) == 52
    assert game.pile(DECK).audience == ()
    assert game.pile(DISCARDS).audience is None
    assert [game.pile(hand_pile(s)).audience for s in (0, 1)] == [(0,), (1,)]
    assert [e.kind for e in game.log] == ["shuffle"]


def test_g1_turn_one_draws_three_plus_heroes_and_discards_nothing() -> None:
    game = table((DECK, ("AS", "KS", "QS", "JS", "10S")))
    lay_out(game, (0, 1))
    drawn = draw_for_turn(game, 0, 2, RULES)
    assert [c.text for c in drawn] == ["AS", "KS", "QS", "JS", "10S"]
    assert discards_due(game, 0, 2) == 0
    discard_down(game, 0, 2, ())
    assert len(game.pile(hand_pile(0)).cards) == 5


def test_x2_l41_three_heroes_carry_two_draw_six_and_discard_two() -> None:
    game = table((DECK, ("2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C")))
    lay_out(game, (0,))
    game.draw(DECK, hand_pile(0), 2, "carried from last turn")
    draw_for_turn(game, 0, 3, RULES)
    assert len(game.pile(hand_pile(0)).cards) == 8
    assert discards_due(game, 0, 3) == 2
    discard_down(game, 0, 3, cards("2C", "5C"))
    assert sorted(texts(game, hand_pile(0))) == sorted(["3C", "4C", "6C", "7C", "8C", "9C"])
    assert texts(game, DISCARDS) == ["5C", "2C"]
    assert game.log[-1].rule == "L40"


@pytest.mark.parametrize("chosen", [("2C",), ("2C", "3C", "4C")])
def test_l40_discard_down_to_exactly_the_hand_size(chosen: tuple[str, ...]) -> None:
    game = table((DECK, ("2C", "3C", "4C", "5C", "6C", "7C")))
    lay_out(game, (0,))
    game.draw(DECK, hand_pile(0), 2, "carried from last turn")
    draw_for_turn(game, 0, 1, RULES)
    with pytest.raises(
        IllegalActionError, match=rf"keeps 4 cards \(L40\): discard 2, not {len(chosen)}"
    ):
        discard_down(game, 0, 1, cards(*chosen))
    assert len(game.pile(hand_pile(0)).cards) == 6


def test_l40_a_discard_must_come_from_the_hand() -> None:
    game = table((DECK, ("2C", "3C", "4C", "5C", "6C")))
    lay_out(game, (0,))
    game.draw(DECK, hand_pile(0), 1, "carried from last turn")
    draw_for_turn(game, 0, 1, RULES)
    with pytest.raises(CardError, match="AS is not in 'hand 0'"):
        discard_down(game, 0, 1, cards("AS"))


def test_item_6_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    game = table((DECK, ("QH", "JH")), (DECK, ("5D", "2D")))
    game.add_pile(DECK, cards("QH", "JH"), audience=())
    game.shuffle(DECK, "L30")
    game.add_pile(DISCARDS, cards("2D", "3D", "4D", "5D", "6D"))
    game.add_pile(hand_pile(0), audience=(0,))
    drawn = draw_for_turn(game, 0, 1, RULES)
    assert [c.text for c in drawn] == ["QH", "JH", "5D", "2D"]
    assert texts(game, DISCARDS) == []
    assert len(game.pile(DECK).cards) == 3
    assert [(e.kind, e.rule) for e in game.log] == [
        ("shuffle", "L30"),
        ("draw", "L40"),
        ("reshuffle", "§7 item 6"),
        ("draw", "L40"),
    ]


def test_item_6_a_turn_draw_the_deck_cannot_supply_after_the_reshuffle_is_short() -> None:
    game = table((DECK, ("QH", "JH")), (DECK, ("5D",)))
    game.add_pile(DECK, cards("QH", "JH"), audience=())
    game.shuffle(DECK, "L30")
    game.add_pile(DISCARDS, cards("5D"))
    game.add_pile(hand_pile(0), audience=(0,))
    drawn = draw_for_turn(game, 0, 1, RULES)
    assert [c.text for c in drawn] == ["QH", "JH", "5D"]
    assert (texts(game, DECK), texts(game, DISCARDS)) == ([], [])
    assert discards_due(game, 0, 1) == 0


def test_item_6_without_the_house_reshuffle_the_turn_draw_takes_the_deck_alone() -> None:
    game = table()
    game.add_pile(DECK, cards("QH", "JH"), audience=())
    game.add_pile(DISCARDS, cards("2D", "3D", "4D", "5D", "6D"))
    game.add_pile(hand_pile(0), audience=(0,))
    drawn = draw_for_turn(game, 0, 1, HouseRules(reshuffle_discards=False))
    assert [c.text for c in drawn] == ["QH", "JH"]
    assert len(game.pile(DISCARDS).cards) == 5


def test_l414_man_about_town_draws_two_then_spends_one() -> None:
    game = table((DECK, ("2C", "3C", "4C", "5C", "6C", "7C")))
    lay_out(game, (0,))
    draw_for_turn(game, 0, 1, RULES)
    assert [c.text for c in draw_for_man_about_town(game, 0, RULES)] == ["6C", "7C"]
    spend(game, 0, cards("2C"), "L414")
    assert len(game.pile(hand_pile(0)).cards) == 5
    assert (game.log[-2].rule, game.log[-1].rule) == ("L414", "L414")
