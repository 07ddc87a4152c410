"""What the Strange Aeons rules keep to go faster holds what they would find again: the
game's catalog, kept from its start, right after a clone, a save and load, and in a view."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of


def _random_actions(game: Game[Any, Any], seed: int, count: int) -> list[str]:
    """The log's sentences after ``count`` more random actions of ``game``."""
    players = [RandomPlayer(seed + side) for side in range(2)]
    for _ in range(count):
        if game.result is not None or game.decision is None:
            break
        game.apply(players[game.decision.player].choose(game.view(game.decision.player)))
    return [game.describe(e) for e in game.log]


def test_the_game_keeps_its_catalog_from_its_start() -> None:
    ruleset = find_ruleset("strange-aeons")
    game = ruleset.new_game(None, 3)
    assert catalog_of(game) is game.catalog
    assert game.catalog == ruleset.catalog_for(game.setup)


def test_the_intro_keeps_the_ruleset_catalog() -> None:
    ruleset = find_ruleset("strange-aeons-intro")
    game = ruleset.new_game(None, 1)
    assert catalog_of(game) is ruleset.catalog_for(game.setup)


def test_a_clone_and_a_view_share_the_catalog() -> None:
    game = find_ruleset("strange-aeons").new_game(None, 5)
    assert game.clone().catalog is game.catalog
    assert game.view(0).catalog is game.catalog


def test_a_loaded_game_builds_the_same_catalog_and_plays_on_identically() -> None:
    game = find_ruleset("strange-aeons").new_game(None, 7)
    loaded = restore(game.to_json())
    assert loaded.catalog == game.catalog
    assert loaded.catalog is not game.catalog
    assert _random_actions(loaded, 11, 60) == _random_actions(game, 11, 60)


def test_a_game_of_another_ruleset_has_no_strange_aeons_catalog() -> None:
    game = find_ruleset("sacred-wire").new_game(None, 1)
    with pytest.raises(TypeError, match="not a Strange Aeons ruleset"):
        catalog_of(game)
