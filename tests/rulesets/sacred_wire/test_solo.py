"""Solo play, the house variant X1 (:mod:`skirmish.rulesets.sacred_wire.missions.solo`): its
setup options, the squad alone at every setup decision, the verdict by the haul, the hostiles'
win when the squad is gone, the heuristic squad playing it to the end and the front doors.
Random solo games under the engine contract are in :mod:`.test_contract_setups`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import Ran
from tests.rulesets.sacred_wire.helpers import events, open_board, place_models, text
from tests.rulesets.sacred_wire.test_contract_setups import solo_setup

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.legend import outcome_text
from skirmish.players import HeuristicPlayer, RandomPlayer, play
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.game.setup import NO_SQUAD, add_models
from skirmish.rulesets.sacred_wire.game.space import HOSTILES
from skirmish.rulesets.sacred_wire.hostiles.arrival import HostileSetup
from skirmish.rulesets.sacred_wire.missions import solo

RULESET = find_ruleset("sacred-wire")
SOLO = {"solo": True, "board": open_board(), "hostiles": "scrapers", "hostile_timing": "late"}


def ended(laid: int, recovered: int, standing: tuple[str, ...]) -> Game:
    """A solo game at the end of Round 7 (the last, K1.2) with ``laid`` markers laid, the
    first ``recovered`` of them searched, and only the ``standing`` squad models on the table."""
    game = Game(RULESET, RULESET.normalize_setup(SOLO), 0, ScriptedDice([]))
    add_models(game)
    place_models(game, {mid: (2.0 + 2 * n, 2.0) for n, mid in enumerate(standing)})
    st = game.state
    st.round, st.first, st.first_draw = 7, 0, False
    st.laid, st.recovered = laid, tuple(f"L{n}" for n in range(1, recovered + 1))
    game.begin([HostileSetup(), EndRound()])
    return game


def test_x1_solo_setup_fills_its_defaults() -> None:
    setup = RULESET.normalize_setup({"solo": True})
    assert setup["solo"] is True and "squad_b" not in setup
    assert (setup["hostiles"], setup["loot"]) == ("random", solo.DEFAULT_LOOT)
    assert RULESET.normalize_setup(setup) == setup
    assert "solo" not in RULESET.normalize_setup({"solo": False})


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"squad_b": "firing-line"}, r"^squad_b: a solo game has one squad \(squad_a\); "),
        ({"mission": "control"}, r"^mission: a solo game plays no mission: "),
        ({"hostiles": "none"}, r"^hostiles 'none': a solo game is played against hostiles \(X1\)$"),
        ({"loot": "none"}, r"^loot 'none': a solo game needs Loot Markers to search \(X1\)$"),
        ({"deployment": "flanked"}, r"^deployment 'flanked': a solo game uses the Standard "),
        ({"solo": "yes"}, r"^solo: true or false, not 'yes'$"),
        ({"loot_modifier": "decoys"}, r"^loot_modifier 'decoys': the squad would mark its own "),
    ],
)
def test_x1_solo_refuses_what_it_does_not_play(options: dict[str, Any], match: str) -> None:
    with pytest.raises(SkirmishError, match=match):
        RULESET.normalize_setup({"solo": True, **options})


def test_x1_the_squad_is_first_player_and_places_every_marker() -> None:
    setup = RULESET.normalize_setup({**SOLO, "loot": "scattered", "coworkers": "elite-centre"})
    game = RULESET.new_game(setup, 3)
    deciders = set()
    while game.decision is not None and not events(game, "round"):
        deciders.add(game.decision.player)
        game.apply(RandomPlayer(1).choose(game))
    assert deciders == {0}  # the loot, the Coworkers, the edge and the deployment
    assert [e.data["side"] for e in events(game, "first-player")] == [0]
    assert not events(game, "roll-off")
    assert {e.data["side"] for e in events(game, "loot-placed")} == {0}
    assert game.state.lineups[1].name == NO_SQUAD
    assert not [m for m in game.models if m.side == 1]


def test_x1_the_missing_squad_rolls_no_blessings() -> None:
    game = RULESET.new_game(RULESET.normalize_setup(SOLO), 4)
    while game.decision is not None and len(events(game, "round")) < 2:
        game.apply(RandomPlayer(1).choose(game))
    assert {e.data["side"] for e in events(game, "blessings")} == {0}


def test_x1_the_squad_wins_with_half_the_markers_and_a_model_standing() -> None:
    game = ended(laid=5, recovered=3, standing=("A2",))
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "the squad holds the table with 3 markers searched (3 needed)"
    assert game.result.rule == solo.RULE


def test_x1_the_hostiles_win_when_the_squad_falls_short_of_the_haul() -> None:
    game = ended(laid=4, recovered=1, standing=("A1", "A2", "A3"))
    assert game.result is not None and game.result.winner == HOSTILES
    assert game.result.reason == "the squad searched 1 of the 2 markers it needed"


def test_x1_the_hostiles_faction_wins_in_the_plural() -> None:
    game = ended(laid=4, recovered=1, standing=("A1", "A2", "A3"))
    over = next(line for line in text(game).splitlines() if line.startswith("Game over"))
    assert over.startswith("Game over: the Scrapers win, the squad searched 1 of the 2 markers")


def test_x1_the_hostiles_win_at_once_when_no_squad_model_is_left() -> None:
    game = Game(RULESET, RULESET.normalize_setup(SOLO), 0, ScriptedDice([]))
    add_models(game)
    place_models(game, {"A1": (2.0, 2.0)})
    game.state.round = 2
    game.begin([])
    game.model("A1").removed = casualties.OUT_OF_ACTION
    casualties.check_end(game)
    assert game.result is not None and game.result.winner == HOSTILES
    assert game.result.reason == "no model of the squad is left on the table"


@pytest.mark.parametrize("seed", [1, 2])
def test_x1_the_heuristic_squad_plays_a_solo_game_to_its_end(seed: int) -> None:
    game = RULESET.new_game(RULESET.normalize_setup(solo_setup(seed)), seed)
    play(game, [HeuristicPlayer(), HeuristicPlayer()])
    assert game.result is not None and game.result.rule == solo.RULE


def test_x1_a_solo_result_names_no_side_b_and_no_places() -> None:
    # Side B and the Coworkers keep their seats but take no part: the result names neither.
    game = ended(laid=4, recovered=1, standing=("A1", "A2", "A3"))
    assert outcome_text(game) == (
        "Result: Hostiles won (the squad searched 1 of the 2 markers it needed)."
    )


def test_x1_solo_plays_replays_renders_and_simulates_from_the_command_line(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    save, svg = tmp_path / "solo.json", tmp_path / "solo.svg"
    played = cli("play", "sacred-wire", "-o", "solo=true", "--seed", "5", "--save", str(save))
    assert played.status == 0, played.err
    assert "plays alone: it is the First Player (solo play)  [X1]" in played.out
    header = played.out.splitlines()[0]
    assert header.startswith("Sacred Wire 28 (v0.9.0-beta), seed 5: A (ai) against Hostiles")
    assert " against B " not in header and "Coworkers" not in header
    replayed = cli("replay", str(save))
    assert replayed.status == 0 and replayed.out.splitlines()[-1] == played.out.splitlines()[-1]
    assert cli("render", str(save), "--svg", str(svg)).status == 0
    assert svg.read_text().startswith("<svg")
    simulated = cli("simulate", "sacred-wire", "-o", "solo=true", "--games", "2", "--seed", "1")
    assert simulated.status == 0 and "Hostiles win" in simulated.out


def test_x1_a_bad_solo_option_is_one_line(cli: Callable[..., Ran]) -> None:
    done = cli("play", "sacred-wire", "-o", "solo=true", "-o", "squad_b=firing-line")
    assert done.status == 2 and done.out == ""
    assert done.err.strip() == (
        "error: squad_b: a solo game has one squad (squad_a); leave squad_b out (X1)"
    )
