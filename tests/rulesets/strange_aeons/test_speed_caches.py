"""What the Strange Aeons rules keep to go faster holds what they would find again: the
game's catalog, kept from its start (and built anew when the scenario comes in the game), right
after a clone, a save and load, and in a view; the
Fire near a model that fears it, the Swarms of a Spider Tide, the models on the table and a
Move's refusal, kept by the placement, and the nearest spot on each roof, kept by the board,
after a model moved or removed or the state beside the placement changed; and an Action
stacks only the checks its game may have."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import TOUCH
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_beasts import tide
from tests.rulesets.strange_aeons.test_rulebook_pregame import CUNNING_SEED
from tests.rulesets.strange_aeons.test_rulebook_prototypes import _suited
from tests.rulesets.strange_aeons.test_rulebook_terrain import jumper

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.alert import AlertShots
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.jumping import jump_spots
from skirmish.rulesets.strange_aeons.movement import move_error
from skirmish.rulesets.strange_aeons.psychology import situations
from skirmish.rulesets.strange_aeons.rulebook import PREGAME
from skirmish.rulesets.strange_aeons.salt import Swept
from skirmish.rulesets.strange_aeons.space import placement
from skirmish.rulesets.strange_aeons.tide import group
from skirmish.rulesets.strange_aeons.trap import Sprung
from skirmish.rulesets.strange_aeons.turn import Owed, _aftermath, _alerted


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


# -- Fire near a model that fears it (R:113): kept by the placement, what burns read anew ----------


def _pyrophobe() -> Game[Any, Any]:
    """T1 fears Fire; L1, an enemy with a Fire weapon, stands 3" off it; T2, 3" off, fears none."""
    return book(
        agent("T1", phobias=["pyrophobia"]),
        agent("T2"),
        agent("L1", weapons=["unarmed", "burn"]),
        placed={"T1": (10.0, 10.0), "T2": (10.0, 7.0), "L1": (14.0, 10.0)},
    )


def _fire(game: Game[Any, Any], mid: str = "T1") -> tuple[str, ...]:
    found = situations(game, placement(game), game.model(mid)) or ()
    return tuple(s for s in found if s.startswith("fire:"))


def test_r113_fire_near_is_found_again_after_a_clone_and_a_save() -> None:
    game = _pyrophobe()
    assert _fire(game) == ("fire:L1",)
    assert _fire(game.clone()) == ("fire:L1",)
    assert _fire(restore(game.to_json())) == ("fire:L1",)
    assert situations(game, placement(game), game.model("T2")) is not None
    assert _fire(game, "T2") == ()


def test_r113_fire_near_follows_a_model_moved_or_removed() -> None:
    game = _pyrophobe()
    assert _fire(game) == ("fire:L1",)
    twin = game.clone()
    twin.model("L1").x = 30.0
    assert _fire(twin) == ()
    assert _fire(game) == ("fire:L1",)  # the game the clone came from is where it was
    game.model("L1").removed = "Injury"
    assert _fire(game) == ()


def test_r113_a_friend_set_on_fire_is_read_with_the_placement_unchanged() -> None:
    game = _pyrophobe()
    table = placement(game)
    assert _fire(game) == ("fire:L1",)
    game.state.burning = (("T2", "L1"),)
    assert placement(game) is table
    assert _fire(game) == ("fire:T2", "fire:L1")
    game.state.burning = ()
    assert _fire(game) == ("fire:L1",)


def test_a_placement_after_a_move_keeps_the_models_on_the_table_and_their_sides() -> None:
    game = _pyrophobe()
    before = placement(game)
    game.model("L1").x = 20.0
    moved = placement(game)
    assert moved.before is before
    assert (moved.present, moved.sides) == ((0, 1, 2), (0, 0, 1))
    game.model("T2").removed = "Injury"
    left = placement(game)
    assert left.before is None
    assert (left.present, left.sides) == ((0, 2), (0, 0, 1))


# -- The Swarms a Spider Tide looks at (R:596): kept by the placement ----------------------------


FIVE = ("L2", "L3", "L4", "L5", "L6")


def test_sa_spider_tide_swarms_are_found_again_after_a_clone_and_a_save() -> None:
    game = tide()
    assert group(game, placement(game), 1) == FIVE
    twin = game.clone()
    assert group(twin, placement(twin), 1) == FIVE
    loaded = restore(game.to_json())
    assert group(loaded, placement(loaded), 1) == FIVE
    assert group(game, placement(game), 0) is None  # T1's side has no Swarm


def test_sa_spider_tide_swarms_follow_a_swarm_moved_or_removed() -> None:
    game = tide()
    twin = game.clone()
    twin.model("L4").y = 20.0
    assert group(twin, placement(twin), 1) is None  # the row is broken in two
    assert group(game, placement(game), 1) == FIVE
    game.model("L6").removed = "Injury"
    assert group(game, placement(game), 1) is None


# -- The nearest spot on each roof (R:271): kept by the board, by where the base stands --------


def test_r271_the_roof_spots_kept_follow_a_jumper_moved() -> None:
    game = jumper(2.5, [])
    here = jump_spots(game, game.model("T1"))
    loaded = restore(game.to_json())
    assert jump_spots(loaded, loaded.model("T1")) == here
    twin = game.clone()
    twin.model("T1").y = 9.0
    there = jump_spots(twin, twin.model("T1"))
    fresh = _jumper_at(9.0)
    assert there != here
    assert there == jump_spots(fresh, fresh.model("T1"))
    assert jump_spots(game, game.model("T1")) == here


def _jumper_at(y: float) -> Game[Any, Any]:
    """The jumper's game on a board of its own (nothing kept), T1 at ``y`` on roof a."""
    game = jumper(2.5, [])
    game.replace_board(game.board.with_terrain(()))
    game.model("T1").y = y
    return game


def test_r1524_the_catalog_is_built_anew_when_the_scenario_comes_in_the_game() -> None:
    rules = find_ruleset("strange-aeons")
    game = rules.new_game({"scenario": "random", "list-seed": CUNNING_SEED}, 0)
    assert catalog_of(game).scenario.name == PREGAME
    game.apply("keep-die")
    assert game.setup["scenario"] != "random"
    assert catalog_of(game).scenario.name != PREGAME
    assert game.catalog == rules.catalog_for(game.setup)
    assert game.clone().catalog is game.catalog
    assert restore(game.to_json()).catalog == game.catalog


# -- A Move's refusal: kept by the placement with what changes while the models stand still ------


def test_r1330_a_move_refused_for_an_unseen_wearer_is_judged_anew_once_it_is_unveiled() -> None:
    game = _suited()
    game.apply("nominate L1")
    lurker, table = game.model("L1"), placement(game)
    into_contact = Action.at("move", ("L1",), 10.0 + TOUCH, 10.0)
    why = "T1 wears an Invisibility Suit and has not Shot or Charged: it is not a target (R:1330)"
    assert move_error(game, lurker, into_contact) == why
    game.state.unveiled = ("T1",)
    assert placement(game) is table
    assert move_error(game, lurker, into_contact) is None
    game.state.unveiled = ()
    assert move_error(game, lurker, into_contact) == why


# -- What follows an Action: only the checks the game may have ---------------------------------


def test_sa_an_action_stacks_only_the_checks_its_game_may_have() -> None:
    game = _pyrophobe()
    t1 = game.model("T1")
    assert _aftermath(game, t1) == []
    assert [type(s) for s in _alerted(game, t1)] == [AlertShots, Owed]  # the rulebook's Alert
    game.state.salt = (("T2", 10.0, 7.0, 12.0, 7.0, ""),)
    game.state.traps = (("L1", 14.0, 12.0, ""),)
    assert [type(s) for s in _aftermath(game, t1)] == [Swept, Sprung]
    intro = find_ruleset("strange-aeons-intro").new_game(None, 1)
    first = intro.models[0]
    assert _aftermath(intro, first) == _alerted(intro, first) == []  # no Alert, salt, trap...
