"""What a player may know: views hide others' hands, the deck's order, others' sealed answers
and the dice to come; a determinized game agrees with the view it came from; sealed answers
are revealed together and survive clone, save and replay. Played on the test-only ruleset of
:mod:`tests.contract.bids`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from tests.command import Ran
from tests.contract.bids import HAND, BidsRuleset, hand

from skirmish.cards import ScriptedDeck
from skirmish.contract import check_replay, fingerprint, other_secrets, random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import HIDDEN_ACTION, UNKNOWN_CARD, Game
from skirmish.engine.restore import restore
from skirmish.errors import IllegalActionError, SkirmishError

RULES = BidsRuleset()
NORTH_TOP = ("AS", "KS", "QS")
SOUTH_TOP = ("2C", "3C", "4C")


def _stacked(extra: tuple[str, ...] = (), setup: dict[str, bool] | None = None) -> Game:
    """A game whose deck deals North the three top spades and South three low clubs."""
    deck = ScriptedDeck([("deck", (*NORTH_TOP, *SOUTH_TOP, *extra))], ScriptedDice(()))
    return RULES.new_game(setup, 0, deck)


def _texts(game: Game, pile: str) -> set[str]:
    return {c.text for c in game.pile(pile).cards}


@pytest.mark.cards_may_remain
def test_a_view_shows_its_own_hand_and_only_the_size_of_the_others() -> None:
    game = _stacked()
    north, south = game.view(0), game.view(1)
    assert _texts(north, hand(0)) == set(NORTH_TOP)
    assert north.pile(hand(1)).cards == (UNKNOWN_CARD,) * HAND
    assert north.pile("deck").cards == (UNKNOWN_CARD,) * 46
    assert len(north.unseen) == 46 + HAND and not set(NORTH_TOP) & {c.text for c in north.unseen}
    assert _texts(south, hand(1)) == set(SOUTH_TOP)


@pytest.mark.cards_may_remain
def test_a_view_withholds_the_cards_others_drew_but_not_how_many() -> None:
    game = _stacked()
    deal_south = game.log[2]
    assert deal_south.data["cards"] and deal_south.audience == (1,)
    seen = game.view(0).log[2]
    assert seen.withheld and "cards" not in seen.data and seen.data["count"] == HAND
    assert RULES.describe(game, seen) == "Draw 3 cards from deck to hand 1  [B1]"


@pytest.mark.cards_may_remain
def test_b3_a_sealed_bid_stays_secret_until_both_are_in() -> None:
    game = _stacked(("5C", "6C", "7C"))  # the House's card, then one to each hand
    game.apply("stake 2")
    assert game.decision is not None and game.decision.sealed and game.decision.player == 0
    game.apply("bid QS")
    assert game.decision.player == 1
    assert game.view(1).commits == ((0, HIDDEN_ACTION),)
    assert game.view(1).actions[-1] == HIDDEN_ACTION
    assert "answer" not in game.view(1).log[-1].data
    assert game.view(0).commits == ((0, Action("bid", ("QS",))),)
    events = game.apply("bid 4C")
    reveal = next(e for e in events if e.kind == "sealed-reveal")
    assert reveal.audience is None and reveal.data["answers"] == [[0, "bid QS"], [1, "bid 4C"]]
    assert RULES.describe(game, reveal) == "Revealed together: North bid QS, South bid 4C  [B3]"
    assert game.state.scores[0] == 2
    assert {"QS", "4C"} <= _texts(game, "discard")


@pytest.mark.cards_may_remain
def test_b3_a_fold_is_public_at_once_a_bid_shows_only_its_kind() -> None:
    for leader, seen in (("fold", Action("fold")), ("bid QS", Action("bid", ("?",)))):
        game = _stacked(("5C", "6C", "7C"), {"fold": True})
        game.apply("stake 2")
        game.apply(leader)
        south = game.view(1)
        assert south.commits == ((0, seen),) and south.actions[-1] == seen
        assert south.decision is not None and south.decision.kind_public
        commit = south.log[-1]
        assert "answer" not in commit.data and commit.data["shown"] == str(seen)
        assert RULES.describe(game, commit) == f"North answers in secret: {seen}  [B3]"
        assert game.view(0).commits == ((0, Action.parse(leader)),)
        assert fingerprint(game.determinize(1, random.Random(5)).view(1)) == fingerprint(south)
    game.apply("bid 4C")
    assert game.state.scores[0] == 2


@pytest.mark.cards_may_remain
def test_a_sealed_answer_must_be_an_option_of_its_player() -> None:
    game = _stacked()
    game.apply("stake 1")
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=r"illegal action 'bid 2C'.*not an option"):
        game.apply("bid 2C")
    assert json.dumps(game.to_json(), sort_keys=True) == before


@pytest.mark.cards_may_remain
def test_a_view_cannot_be_played_nor_roll() -> None:
    view = _stacked().view(0)
    with pytest.raises(SkirmishError, match="a view of side 0 cannot be played"):
        view.apply("stake 1")
    with pytest.raises(SkirmishError, match=r"cannot roll 'test'.*hidden"):
        view.roll("D6", "test", "B0")
    assert view.seed == -1


@pytest.mark.cards_may_remain
def test_a_view_does_not_change_when_only_the_hidden_changes() -> None:
    game = _stacked()
    game.apply("stake 1")
    game.apply("bid AS")
    rng = random.Random(3)
    for player in (0, 1):
        other = other_secrets(game, player, rng)
        assert fingerprint(other.view(player)) == fingerprint(game.view(player))
    assert _texts(other_secrets(game, 0, rng), hand(1)) != set(SOUTH_TOP)


def test_a_determinized_game_keeps_the_own_hand_and_the_view() -> None:
    game = RULES.new_game(None, 21)
    game.apply("stake 1")
    game.apply(game.decision.options[0])
    south = _texts(game, hand(1))
    sample = game.determinize(1, random.Random(8))
    assert _texts(sample, hand(1)) == south and _texts(sample, hand(0)) != _texts(game, hand(0))
    assert fingerprint(sample.view(1)) == fingerprint(game.view(1))
    assert sample.decision is not None and sample.decision.player == 1
    assert sample.commits[0][1] != HIDDEN_ACTION
    sample.apply(sample.decision.options[0])
    assert sample.state.round == 2


def test_random_games_with_secrets_keep_the_contract() -> None:
    for seed in range(40):
        game = random_game(RULES, seed, deep=True)
        assert game.result is not None and len(game.result.placing) == 3


def test_random_games_with_public_kinds_keep_the_contract() -> None:
    for seed in range(20):
        game = random_game(RULES, seed, {"fold": True}, deep=True)
        assert game.result is not None and len(game.result.placing) == 3


def test_a_save_made_between_two_sealed_answers_continues_identically() -> None:
    game = RULES.new_game(None, 11)
    game.apply("stake 2")
    answer = game.decision.options[0]
    game.apply(answer)
    restored = restore(json.loads(game.dumps()))
    assert restored.commits == game.commits and restored.sealed == game.sealed
    for g in (game, restored):
        g.apply(g.decision.options[-1])
    assert restored.dumps() == game.dumps()
    check_replay(game)


def test_a_save_keeps_which_sealed_answers_show_their_kind() -> None:
    game = RULES.new_game({"fold": True}, 11)
    game.apply("stake 2")
    game.apply("fold")
    restored = restore(json.loads(game.dumps()))
    assert restored.sealed == game.sealed and all(d.kind_public for d in restored.sealed)
    assert restored.view(1).commits == ((0, Action("fold")),)


def test_hot_seat_shows_each_player_its_own_hand(cli: Callable[..., Ran]) -> None:
    # Pass to North; North stakes (after a look at its status) and bids; pass to South; South
    # looks and bids. The input then ends at South's stake of round 2.
    answers = "\n" + "status\n1\n" + "1\n" + "\n" + "status\n1\n"
    sides = ("--side", "North=human", "--side", "South=human")
    ran = cli("play", "test-bids", "--seed", "4", *sides, stdin=answers)
    game = RULES.new_game(None, 4)
    north = _texts(game, hand(0))
    first, second = ran.out.split("Pass the screen to South")[:2]
    assert all(card in first for card in north) and "hand 1: 3 cards" in first
    assert "hand 0: 3 cards" in second.split("[South]")[1]
    assert "answers in secret:" not in ran.out
