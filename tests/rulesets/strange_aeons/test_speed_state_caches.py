"""The placement held between two changes of standing (:func:`.space.placement`) is the one
the board's memo gives for the game as it stands: kept while no model moves, dropped when a
model moves, is removed, changes profile or state, and found anew for a clone, a view, a
loaded game, a model added, a Smoke Canister thrown or a model Compelled; and what the
placement keeps (the Lost Souls of each side) follows it."""

from __future__ import annotations

from typing import Any

from tests.rulesets.strange_aeons.helpers import TOUCH
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_ghosts import lost

from skirmish.engine.game import Game
from skirmish.engine.model import STANDING_WRITES
from skirmish.engine.restore import restore
from skirmish.rulesets.strange_aeons.ghosts import BANISHED, DISPELLED
from skirmish.rulesets.strange_aeons.lost_soul import lost_souls, options
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import PLACEMENTS, Placement, placement
from skirmish.rulesets.strange_aeons.state import Smoke


def _pair() -> Game[Any, Any]:
    """T1 and L1, 4" apart: out of base-to-base."""
    return book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)})


def _foes(game: Game[Any, Any]) -> list[str]:
    """The enemies in base-to-base with T1, as the placement held answers."""
    return [o.id for o in placement(game).contacts(game, game.model("T1"))]


def _remembered(game: Game[Any, Any]) -> list[Placement]:
    """The placements the board's memo holds (of every game on its board)."""
    return list(game.board.memo(PLACEMENTS).values.values())


def test_the_placement_held_is_the_memo_s_and_kept_while_no_model_moves() -> None:
    game = _pair()
    table = placement(game)
    assert table in _remembered(game)
    game.model("T1").wounds = 0  # not where or how it stands
    game.model("T1").faced = ("isolated",)
    game.state.round = 3
    assert placement(game) is table


def test_a_model_moved_drops_the_placement_held() -> None:
    game = _pair()
    assert _foes(game) == []
    game.model("L1").x = 10.0 + TOUCH
    assert _foes(game) == ["L1"]
    game.model("L1").y = 30.0
    assert _foes(game) == []


def test_a_model_removed_or_its_profile_or_state_changed_drops_the_placement_held() -> None:
    game = _pair()
    game.model("L1").x = 10.0 + TOUCH
    table = placement(game)
    lurker = game.model("L1")
    lurker.profile = f"{lurker.profile}!con+1"
    assert placement(game) is not table
    lurker.state = "face-up"
    assert placement(game).models(game) == [game.model("T1"), lurker]
    lurker.removed = "Injury"
    assert placement(game).models(game) == [game.model("T1")]
    assert _foes(game) == []


def test_a_clone_and_a_loaded_game_find_their_own_placement() -> None:
    game = _pair()
    table = placement(game)
    twin = game.clone()
    assert placement(twin) is table  # the same placement: the memo's answers are shared
    twin.model("L1").x = 10.0 + TOUCH
    assert _foes(twin) == ["L1"]
    assert _foes(game) == []  # the game the clone came from stands where it stood
    assert placement(game) is table
    loaded = restore(twin.to_json())
    assert _foes(loaded) == ["L1"]
    loaded.model("L1").x = 30.0
    assert _foes(loaded) == []
    assert _foes(twin) == ["L1"]


def test_a_view_reads_the_placement_of_the_game_it_shows() -> None:
    game = _pair()
    view = game.view(0)
    assert placement(view) is placement(game)
    game.model("L1").x = 10.0 + TOUCH
    assert _foes(view) == ["L1"]


def test_a_model_added_asks_again() -> None:
    game = _pair()
    assert [m.id for m in placement(game).models(game)] == ["T1", "L1"]
    newcomer = AeonsModel("L2", 1, "Agent L2", 20.0, 20.0, game.model("L1").radius)
    newcomer.profile = game.model("L1").profile
    game.add_model(newcomer)
    assert [m.id for m in placement(game).models(game)] == ["T1", "L1", "L2"]


def test_smoke_thrown_and_a_model_compelled_ask_again() -> None:
    game = _pair()
    table = placement(game)
    assert table.sides == (0, 1)
    game.state.compelled = (("T1", "L1"),)
    assert placement(game).sides == (1, 1)
    game.state.smoke = (Smoke(12.0, 10.0, 1.0, "", 1, 3),)
    assert len(placement(game).smoke) == 1
    game.state.smoke, game.state.compelled = (), ()
    assert placement(game) is table


def test_every_answer_held_is_dropped_by_a_change_of_standing() -> None:
    game = _pair()
    table = placement(game)
    writes = STANDING_WRITES.count
    game.model("T1").wounds = 0
    assert STANDING_WRITES.count == writes
    game.model("T1").level = None  # written, but unchanged: kept
    game.model("T1").profile = game.model("T1").profile
    assert STANDING_WRITES.count == writes
    assert placement(game) is table
    game.model("T1").x += 1.0
    assert STANDING_WRITES.count == writes + 1
    assert placement(game) is not table


def _souls(game: Game[Any, Any], mid: str = "T1") -> list[str]:
    return [g.id for g in lost_souls(game, game.model(mid))]


def test_sa_lost_soul_souls_kept_follow_a_clone_a_save_and_a_removal_r725() -> None:
    game = lost((14.0, 4.0), [])
    assert _souls(game) == ["L1"]
    assert [str(a) for a in options(game, game.model("T1"))] == ["seek-remains T1 L1"]
    assert _souls(game, "L1") == []  # the Lurkers look for no remains of their own
    twin = game.clone()
    twin.model("L1").removed = DISPELLED
    assert _souls(twin) == []
    assert _souls(game) == ["L1"]
    assert _souls(restore(game.to_json())) == ["L1"]
    game.model("L1").removed = BANISHED  # off the table, still in play (R:1225)
    assert _souls(game) == ["L1"]
