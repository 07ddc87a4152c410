"""The game state holds typed values (DESIGN, second edition of the contract: State): the
squads as lineups of profiles, timed effects, losses and markers as registered frozen values,
so a shallow copy is a full copy, a save needs nothing of its own, and a save of the earlier
format (squads as JSON text) fails in one line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from skirmish.engine.record import check_immutable
from skirmish.engine.restore import restore
from skirmish.errors import SaveError
from skirmish.players.base import play
from skirmish.players.factory import make_player
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game.model import Losses, TimedEffect
from skirmish.rulesets.sacred_wire.game.state import LootMarker, Objective, WireGame
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup, Profile

RULESET = find_ruleset("sacred-wire")


def _played(setup: dict[str, Any], seed: int) -> WireGame:
    game: WireGame = RULESET.new_game(setup, seed)
    play(game, [make_player("ai", seed * 2 + 1 + side) for side in range(2)])
    return game


def test_the_state_keeps_both_squads_as_lineups_of_profiles() -> None:
    game: WireGame = RULESET.new_game(None, 1)
    a, b = game.state.lineups
    assert isinstance(a, Lineup) and (a.name, b.name) == ("Wrecking Crew", "Firing Line")
    boss = a.models[0]
    assert isinstance(boss, Profile) and boss.is_boss and boss.contract == "Boss"
    assert [p.name for p in a.models] == [m.name for m in game.models if m.side == 0]


def test_a_played_game_holds_only_registered_values_and_a_save_restores_them() -> None:
    game = _played({"mission": "uplink", "loot": "scattered"}, 3)
    check_immutable(game.state)
    for m in game.models:
        check_immutable(m)
    again = restore(json.loads(json.dumps(game.to_json())))
    assert again.state.to_json() == game.state.to_json()
    assert all(isinstance(o, Objective) for o in again.state.objectives)
    assert again.state.mission_result == game.state.mission_result
    assert [m.to_json() for m in again.models] == [m.to_json() for m in game.models]


def test_a_clone_shares_values_and_changes_nothing_of_the_game() -> None:
    game: WireGame = RULESET.new_game({"loot": "scattered"}, 2)
    twin = game.clone()
    assert twin.state.lineups is game.state.lineups
    marker = LootMarker("L9", 1.0, 1.0)
    twin.state.loot = (*twin.state.loot, marker)
    twin.models[0].timed = (TimedEffect("move", 2, "", 0, -1, "test", "R3.9"),)
    twin.models[0].losses = Losses(ranged=1)
    assert marker not in game.state.loot
    assert game.models[0].timed == () and game.models[0].losses == Losses()


def test_r6_losses_add_up_per_attribute() -> None:
    losses = Losses().plus(("combat", "defense", "wits"), 1).plus(("ranged",), 2)
    assert losses == Losses(1, 1, 1, 2)
    assert [losses.of(a) for a in ("combat", "defense", "wits", "ranged")] == [1, 1, 1, 2]


def test_a_save_of_the_earlier_format_fails_in_one_line() -> None:
    game: WireGame = RULESET.new_game(None, 1)
    data = game.to_json()
    state = data["state"]
    # Before the typed state the squads were JSON text under "squads".
    state["squads"] = [json.dumps(data["setup"]["squad_a"]), json.dumps(data["setup"]["squad_b"])]
    del state["lineups"]
    with pytest.raises(SaveError, match=r"WireState' lacks field 'lineups'$") as err:
        restore(data)
    assert "\n" not in str(err.value)


def test_a_corrupt_profile_in_a_save_fails_in_one_line() -> None:
    data = RULESET.new_game(None, 1).to_json()
    del data["state"]["lineups"][0]["models"][2]["contract"]
    with pytest.raises(
        SaveError,
        match=r"^corrupt save file: field 'state': state value '.*lineup\.Profile' lacks field "
        r"'contract'$",
    ):
        restore(data)
