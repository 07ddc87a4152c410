"""Cards owned by the game: the standard deck as data; shuffle, draw, discard, reshuffle and
reveal as logged events; stacked decks for tests; clone, save and replay of a card game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from skirmish.cards import (
    Card,
    CardError,
    CardScriptError,
    ScriptedDeck,
    load_deck,
    standard_deck,
)
from skirmish.contract import check_replay, random_game, snapshot
from skirmish.dice import ScriptedDice
from skirmish.engine import registry
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.engine.game import UNKNOWN_CARD, Game, SeenPiles
from skirmish.engine.record import Record
from skirmish.engine.registry import register_ruleset
from skirmish.engine.restore import replay, restore
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.step import Step
from skirmish.errors import RulesDataError, SkirmishError
from skirmish.geometry.board import Board, load_board
from skirmish.players import RandomPlayer, play

DECK = standard_deck()
HAND = 3
TURNS = 40


# --- a tiny card game: deal hands, then play, draw or peek in turn ------------------------------


@dataclass(slots=True, eq=False)
class CardsState(Record):
    turn: int = 0
    scores: tuple[int, ...] = (0, 0)


def _state(game: Game) -> CardsState:
    state = game.state
    assert isinstance(state, CardsState)
    return state


@dataclass(slots=True, eq=False)
class Turn(Step):
    """One side plays a card for its rank and a die, draws a card, peeks or passes."""

    rule = "T2"

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        state = _state(game)
        side = state.turn % 2
        hand = f"hand {side}"
        if action is None:
            options = [Action("play", (c.text,)) for c in game.pile(hand).cards]
            if game.pile("deck").cards or game.pile("discard").cards:
                options.append(Action("draw"))
            if game.pile("deck").cards:
                options.append(Action("peek"))
            return Decision(side, "turn", "play, draw, peek or pass", (*options, Action("pass")))
        if action.kind == "play":
            card = DECK.card(action.args[0])
            game.discard(hand, (card,), "discard", "T3")
            bonus = game.roll("D6", "bonus", "T3").value
            points = DECK.rank(card).order + bonus
            scores = list(state.scores)
            scores[side] += points
            state.scores = tuple(scores)
            game.emit("scored", "T3", (), side=side, points=points)
        elif action.kind == "draw":
            game.draw("deck", hand, 1, "T4", reshuffle=("discard", "T4"))
        elif action.kind == "peek":
            game.reveal("deck", "T5", 1, (side,))
        state.turn += 1
        if state.turn < TURNS:
            return [Turn()]
        a, b = state.scores
        game.end(None if a == b else int(b > a), "most points", "T6")
        return []


@dataclass(slots=True, eq=False)
class Deal(Step):
    rule = "T1"

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        game.shuffle("deck", "T1")
        for side in (0, 1):
            game.draw("deck", f"hand {side}", HAND, "T1")
        return [Turn()]


class CardGame(Ruleset):
    id = "test-cards"
    title = "A test card game"
    sides = ("North", "South")
    max_actions = TURNS
    hidden_information = True
    setup_keys = ()

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        if options:
            raise SkirmishError("the card game takes no setup options")
        return {}

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board("open")

    def new_state(self, setup: dict[str, Any]) -> Record:
        return CardsState()

    def start(self, game: Game) -> None:
        game.add_pile("deck", DECK.cards(), audience=())
        game.add_pile("discard")
        for side in (0, 1):
            game.add_pile(f"hand {side}", audience=(side,))
        game.begin([Deal()])

    def describe(self, game: Game, event: Event) -> str:
        if event.roll is not None:
            return game.roll_text(event)
        if event.kind in ("scored", "game-over"):
            return f"{event.kind}: {event.data}  [{event.rule}]"
        return game.card_text(event)

    def where(self, game: Game) -> str:
        return f"turn {_state(game).turn}"

    def invariant_errors(self, game: Game) -> list[str]:
        held = sorted(c.text for p in game.piles for c in p.cards)
        whole = sorted(c.text for c in DECK.cards())
        return [] if held == whole else [f"the piles hold {len(held)} cards, not the deck"]


@pytest.fixture
def ruleset(private_registry: None) -> Iterator[Ruleset]:
    """The card game, registered for this test only: other tests list the real rulesets."""
    register_ruleset(CardGame)
    yield registry.find_registered("test-cards")


def _texts(game: Game, pile: str) -> list[str]:
    return [c.text for c in game.pile(pile).cards]


def _kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# --- the deck as data ---------------------------------------------------------------------------


def test_the_standard_deck_is_52_distinct_cards_of_4_suits_and_13_ranks() -> None:
    cards = DECK.cards()
    assert len(cards) == len(set(cards)) == 52
    assert [r.code for r in DECK.ranks] == [*map(str, range(2, 11)), "J", "Q", "K", "A"]
    assert [s.code for s in DECK.suits] == ["C", "D", "H", "S"]
    assert {(DECK.rank(c).code, DECK.suit(c).code) for c in cards} == {
        (r.code, s.code) for r in DECK.ranks for s in DECK.suits
    }
    assert [DECK.rank(c).order for c in cards[:13]] == list(range(13))
    assert [r.code for r in DECK.ranks if r.court] == ["J", "Q", "K"]
    assert {s.code: s.colour for s in DECK.suits} == {
        "C": "black",
        "D": "red",
        "H": "red",
        "S": "black",
    }


def test_cards_have_a_text_form_and_a_display_name() -> None:
    queen = DECK.card("QH")
    assert queen == Card("Q", "H") and queen.text == "QH"
    assert DECK.card_name(queen) == "Queen of Hearts"
    assert DECK.card_name(DECK.card("10S")) == "Ten of Spades"
    assert all(DECK.card(c.text) == c for c in DECK.cards(jokers=True))
    with pytest.raises(CardError, match="no card 'QX' in the standard-52 deck"):
        DECK.card("QX")


def test_jokers_are_an_option_of_the_deck() -> None:
    assert len(DECK.cards(jokers=True)) == 54
    joker = DECK.card("RJ")
    assert joker not in DECK.cards() and DECK.card_name(joker) == "Red Joker"
    with pytest.raises(CardError, match="RJ has no suit"):
        DECK.suit(joker)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "x"\nranks = []\nsuits = []', "ranks"),
        ('name = "x"\nranks = [{code = "A", name = "Ace"}]\nsuits = [{code = "S"}]', "suits"),
        (
            'name = "x"\nranks = [{code = "A", name = "Ace"}, {code = "A", name = "Ace"}]\n'
            'suits = [{code = "S", name = "Spades", symbol = "S", colour = "black"}]',
            "share a text",
        ),
        ('name = "x"\nranks = [{code = "1 1", name = "One"}]', "code"),
    ],
)
def test_a_bad_deck_file_is_a_one_line_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(text)
    with pytest.raises(RulesDataError, match=message) as err:
        load_deck(path)
    assert "\n" not in str(err.value)


# --- shuffle, draw, discard, reshuffle, reveal --------------------------------------------------


def test_shuffles_repeat_per_seed_and_differ_across_seeds(ruleset: Ruleset) -> None:
    def order(seed: int) -> list[str]:
        game = ruleset.new_game(None, seed)
        return [*_texts(game, "hand 0"), *_texts(game, "hand 1"), *_texts(game, "deck")]

    assert order(1) == order(1)
    assert order(1) != order(2)
    assert sorted(order(1)) == sorted(c.text for c in DECK.cards())


def test_each_card_move_is_an_event_citing_its_rule(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 3)
    assert _kinds(game.log) == ["shuffle", "draw", "draw"]
    shuffle, deal = game.log[0], game.log[1]
    assert (shuffle.rule, shuffle.data) == ("T1", {"pile": "deck", "size": 52})
    assert deal.rule == "T1"
    assert deal.data == {
        "pile": "deck",
        "to": "hand 0",
        "count": HAND,
        "cards": _texts(game, "hand 0")[::-1],
    }
    card = game.pile("hand 0").cards[0]
    game.discard("hand 0", (card,), "discard", "T3")
    assert game.log[-1].data == {
        "pile": "hand 0",
        "to": "discard",
        "count": 1,
        "cards": [card.text],
    }
    assert game.pile("discard").cards == (card,)
    top = game.reveal("deck", "T5", 2, (1,))
    assert game.log[-1].data == {
        "pile": "deck",
        "count": len(top),
        "cards": [c.text for c in top],
    }
    assert game.pile("deck").cards[:2] == top
    assert [game.describe(e) for e in game.log[-2:]] == [
        f"Discard {card.text} from hand 0 to discard  [T3]",
        f"Reveal {top[0].text}, {top[1].text} of deck  [T5]",
    ]


class TitledCardGame(CardGame):
    """The card game with each hand read as its side's."""

    id = "test-cards-titled"

    def pile_title(self, game: Game, name: str) -> str:
        side = name.removeprefix("hand ")
        return f"{self.sides[int(side)]}'s hand" if side != name else name


def test_card_lines_name_the_piles_as_the_ruleset_titles_them(private_registry: None) -> None:
    register_ruleset(TitledCardGame)
    game = registry.find_registered("test-cards-titled").new_game(None, 3)
    card = game.pile("hand 1").cards[0]
    game.discard("hand 1", (card,), "discard", "T3")
    assert game.describe(game.log[-1]) == f"Discard {card.text} from South's hand to discard  [T3]"
    assert game.describe(game.log[1]).endswith("from deck to North's hand  [T1]")


def test_a_draw_into_a_hand_is_seen_by_its_owner_only(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 3)
    shuffle, deal0, deal1 = game.log
    assert (shuffle.audience, deal0.audience, deal1.audience) == (None, (0,), (1,))
    game.discard("hand 1", game.pile("hand 1").cards[:1], "discard", "T3")
    peek = game.reveal("deck", "T5", 1, (0,))
    assert (game.log[-2].audience, game.log[-1].audience) == (None, (0,))
    assert Event.from_json(deal1.to_json()) == deal1
    assert "a" not in shuffle.to_json() and deal0.to_json()["a"] == [0]
    assert peek == game.pile("deck").cards[:1]


def test_a_view_of_the_log_follows_the_log_as_it_grows_and_is_cut(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 3)
    play(game, [RandomPlayer(1), RandomPlayer(2)], max_actions=6)
    for player in (0, 1):
        assert game.view(player).log == [e.seen_by(player) for e in game.log]
    game.draw("deck", "hand 1", 1, "T4")
    assert game.view(0).log == [e.seen_by(0) for e in game.log]
    assert game.view(0).log[-1].withheld and not game.view(1).log[-1].withheld
    del game.log[-3:]
    game.draw("deck", "hand 0", 1, "T4")
    assert game.view(1).log == [e.seen_by(1) for e in game.log]


def test_a_view_of_the_piles_follows_every_card_move(ruleset: Ruleset) -> None:
    # The piles a player sees are kept per player between views: a kept answer must never
    # outlive the piles it was found from.
    game = ruleset.new_game(None, 3)
    play(game, [RandomPlayer(1), RandomPlayer(2)], max_actions=6)
    game.view(0)
    game.draw("deck", "hand 0", 1, "T4")
    game.discard("hand 1", game.pile("hand 1").cards[:1], "discard", "T3")
    for player in (0, 1):
        fresh = SeenPiles.of(game.piles, player)
        view = game.view(player)
        assert (view.piles, view.unseen) == (fresh.shown, fresh.unseen)
        assert game.view(player).piles is view.piles  # nothing moved: the answer is kept
    assert game.view(0).pile("hand 0").cards == game.pile("hand 0").cards
    assert set(game.view(1).pile("hand 0").cards) == {UNKNOWN_CARD}


def test_the_discard_pile_is_reshuffled_only_when_the_rule_allows(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 5)
    game.draw("deck", "discard", 45, "T9")
    before = snapshot(game)
    with pytest.raises(CardError, match=r"cannot draw 2 cards from 'deck': it holds 1$") as err:
        game.draw("deck", "hand 0", 2, "T4")
    assert "\n" not in str(err.value)
    assert snapshot(game) == before
    mark = len(game.log)
    drawn = game.draw("deck", "hand 0", 2, "T4", reshuffle=("discard", "T7"))
    assert _kinds(game.log[mark:]) == ["draw", "reshuffle", "draw"]
    # The reshuffle cites its own rule, the draws the draw's.
    assert [e.rule for e in game.log[mark:]] == ["T4", "T7", "T4"]
    assert game.log[mark + 1].data == {"pile": "discard", "to": "deck", "size": 45}
    assert len(drawn) == 2 and game.pile("hand 0").cards[:2] == drawn[::-1]
    assert (len(game.pile("deck").cards), game.pile("discard").cards) == (44, ())


def test_a_draw_the_reshuffle_cannot_cover_changes_nothing(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 5)
    game.draw("deck", "discard", 40, "T9")
    before = snapshot(game)
    with pytest.raises(CardError, match="it holds 6 and 'discard' 40 to reshuffle"):
        game.draw("deck", "hand 0", 47, "T4", reshuffle=("discard", "T7"))
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (lambda g: g.draw("deck", "hand 9", 1, "T4"), "no pile 'hand 9' on the table"),
        (lambda g: g.draw("deck", "deck", 1, "T4"), "from 'deck' onto itself"),
        (lambda g: g.draw("deck", "hand 0", 50, "T4", ("deck", "T4")), "from 'deck' onto itself"),
        (lambda g: g.draw("deck", "hand 0", -1, "T4"), "cannot draw -1 cards"),
        (lambda g: g.discard("hand 0", [Card("X")], "discard", "T3"), "X is not in 'hand 0'"),
        (lambda g: g.reveal("hand 0", "T5", 4), "cannot reveal 4 cards of 'hand 0'"),
        (lambda g: g.add_pile("deck"), "a pile named 'deck' is on the table already"),
    ],
)
def test_a_refused_card_move_is_a_clear_error_that_changes_nothing(
    ruleset: Ruleset, move: Any, message: str
) -> None:
    game = ruleset.new_game(None, 5)
    before = snapshot(game)
    with pytest.raises(CardError, match=message):
        move(game)
    assert snapshot(game) == before


def test_a_clone_draws_apart_from_its_original(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 8)
    before = snapshot(game)
    twin = game.clone()
    twin.draw("deck", "hand 0", 5, "T4")
    twin.shuffle("deck", "T1")
    assert snapshot(game) == before


# --- stacked decks ------------------------------------------------------------------------------


def _stacked(*top: str, dice: list[tuple[str, int]] | None = None) -> ScriptedDeck:
    return ScriptedDeck([("deck", top)], ScriptedDice(dice or []))


def test_a_stacked_deck_deals_its_cards_in_order(ruleset: Ruleset) -> None:
    source = _stacked("QH", "10S", "2C", "3D", "4S", "5H", dice=[("bonus", 4)])
    game = ruleset.new_game(None, 0, source)
    assert _texts(game, "hand 0") == ["2C", "10S", "QH"]
    assert _texts(game, "hand 1") == ["5H", "4S", "3D"]
    game.apply("play QH")
    assert _state(game).scores == (10 + 4, 0)
    assert game.decision is not None and game.decision.player == 1


def test_a_draw_beneath_the_stacked_cards_fails_loudly(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 0, _stacked("QH", "10S", "2C", "3D", "4S", "5H"))
    with pytest.raises(CardScriptError, match="unexpected card from 'deck': 3C lies beneath"):
        game.apply("draw")


def test_a_peek_beneath_the_stacked_cards_fails_loudly(ruleset: Ruleset) -> None:
    game = ruleset.new_game(None, 0, _stacked("QH", "10S", "2C", "3D", "4S", "5H", "AS"))
    game.apply("peek")
    game.apply("peek")
    game.apply("draw")
    with pytest.raises(CardScriptError, match="unexpected card"):
        game.apply("peek")


@pytest.mark.cards_may_remain
@pytest.mark.parametrize(
    ("script", "message"),
    [
        ([], "unexpected shuffle of 'deck' after the script ended"),
        ([("discard", ())], "the rules shuffled 'deck', the script stacks 'discard'"),
        ([("deck", ("QH", "QH"))], "QH is not in 'deck'"),
    ],
)
def test_a_shuffle_the_script_does_not_expect_fails_loudly(
    ruleset: Ruleset, script: list[tuple[str, tuple[str, ...]]], message: str
) -> None:
    with pytest.raises(CardScriptError, match=message):
        ruleset.new_game(None, 0, ScriptedDeck(script))


def test_a_stacked_game_saves_clones_and_replays(ruleset: Ruleset) -> None:
    top = ("QH", "10S", "2C", "3D", "4S", "5H")
    game = ruleset.new_game(None, 0, _stacked(*top, dice=[("bonus", 4), ("bonus", 1)]))
    game.apply("play QH")
    restored = restore(json.loads(game.dumps()))
    twin = game.clone()
    again = replay(game.record(), _stacked(*top, dice=[("bonus", 4), ("bonus", 1)]))
    for copy in (game, restored, twin, again):
        copy.apply("play 3D")
    assert snapshot(restored) == snapshot(twin) == snapshot(game) == snapshot(again)
    assert restored.dice.to_json() == game.dice.to_json()


def test_stacked_cards_left_undrawn_fail_the_test(pytester: pytest.Pytester) -> None:
    pytester.makeconftest((Path(__file__).parents[1] / "conftest.py").read_text())
    pytester.makepyfile(
        """
        from skirmish.cards import Card, ScriptedDeck, shuffled

        DECK = (Card("2", "C"), Card("Q", "H"), Card("10", "S"))

        def test_leaves_a_card():
            deck = ScriptedDeck([("deck", ("QH", "10S"))])
            top = shuffled(deck, "deck", DECK)
            deck.seen("deck", top[:1])

        def test_a_copy_deals_them_all():
            deck = ScriptedDeck([("deck", ("QH", "10S"))])
            twin = deck.copy()
            twin.seen("deck", shuffled(twin, "deck", DECK)[:2])
        """
    )
    result = pytester.runpytest("-p", "no:xdist", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*unused stacked cards: [[]('deck', ('10S',))[]]*"])


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_random_card_games_keep_the_contract(ruleset: Ruleset, seed: int) -> None:
    game = random_game(ruleset, seed, deep=True)
    assert game.is_over and _kinds(game.log).count("scored") > 0


def test_a_card_game_saved_mid_way_ends_like_the_uninterrupted_one(ruleset: Ruleset) -> None:
    whole = ruleset.new_game(None, 21)
    play(whole, [RandomPlayer(1), RandomPlayer(2)])
    first = ruleset.new_game(None, 21)
    players = [RandomPlayer(1), RandomPlayer(2)]
    play(first, players, max_actions=17)
    restored = restore(json.loads(first.dumps()))
    assert restored.piles == first.piles
    play(restored, players)
    assert snapshot(restored) == snapshot(whole)
    assert [whole.describe(e) for e in restored.log] == [whole.describe(e) for e in whole.log]
    check_replay(whole)
