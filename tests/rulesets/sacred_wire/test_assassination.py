"""Assassination (M5.1, notes A100): the targets named in secret and kept from the other side's
view, the hunter's kill or Flee winning at once, a target removed otherwise and named anew,
and the most surviving models when no target falls."""

from __future__ import annotations

import random

from tests.rulesets.sacred_wire.helpers import events, options, script
from tests.rulesets.sacred_wire.test_missions import ROLL_OFF_B, RULESET, ended, new_game, reward

from skirmish.contract import fingerprint
from skirmish.engine.game import HIDDEN_ACTION, Game
from skirmish.rulesets.sacred_wire.game import casualties, draws, morale
from skirmish.rulesets.sacred_wire.game.state import WireState
from skirmish.rulesets.sacred_wire.missions.assassination import ChooseTarget
from skirmish.rulesets.sacred_wire.squads.roster import profile
from skirmish.terminal import status

PLACED = {
    "A1": (4.0, 4.0),
    "A2": (6.0, 4.0),
    "A3": (8.0, 4.0),
    "B1": (4.0, 20.0),
    "B2": (6.0, 20.0),
}


def _state(game: Game) -> WireState:
    st = game.state
    assert isinstance(st, WireState)
    return st


def _hunting(**state: object) -> Game:
    """Round 2 of an Assassination game, side A hunting B1 and side B hunting A2."""
    return ended("assassination", PLACED, round=2, steps=[], targets=("B1", "A2"), **state)


def test_m5_1_each_side_names_an_enemy_model_in_secret() -> None:
    game = ended("assassination", PLACED, round=1, steps=[ChooseTarget(0), ChooseTarget(1)])
    assert game.decision is not None and game.decision.kind == "target"
    assert [a.to_text() for a in game.decision.options] == ["target B1", "target B2"]
    game.apply("target B1")
    assert RULESET.keeps_secrets(game)
    theirs, mine = game.view(1), game.view(0)
    assert _state(theirs).targets == ("?", "") and _state(mine).targets == ("B1", "")
    assert theirs.actions[-1] == HIDDEN_ACTION
    (chosen,) = events(game, "target-chosen")
    assert game.describe(chosen) == (
        "side A (Wrecking Crew) names its target: Ilse Marrow (B1)  [M5.1]"
    )
    assert theirs.describe(events(theirs, "target-chosen")[0]) == (
        "side A (Wrecking Crew) names its target in secret  [M5.1]"
    )
    game.apply("target A2")
    assert _state(game).targets == ("B1", "A2")


def test_m5_1_a_side_reads_its_own_target_in_its_status_the_other_does_not() -> None:
    game = ended("assassination", PLACED, round=1, steps=[ChooseTarget(0), ChooseTarget(1)])
    game.apply("target B1")
    mine = "  A's secret: its target is Ilse Marrow (B1)  [M5.1]"
    assert mine in status(game.view(0)).splitlines()
    assert "secret" not in status(game.view(1))


def test_m5_1_after_deployment_the_first_player_names_its_target_then_the_other() -> None:
    # Side B wins the roll-off: once both squads are down and B's Scout has had its move,
    # B names its target, then A, and only then does Round 1 begin.
    dice = [*ROLL_OFF_B, *script("blessing", 1, 2, 3, 4, 5, 6)]
    game = new_game({"mission": "assassination", "evidence_a": 1}, dice)
    game.apply("edge north")
    for n in range(1, 6):
        game.apply(f"deploy A{n} {2 + 4 * n},2")
        game.apply(f"deploy B{n} {2 + 4 * n},22")
    game.apply("skip B4")
    assert game.decision is not None and game.decision.player == 1
    assert game.decision.kind == "target" and _state(game).round == 0
    assert options(game) == ["target A1", "target A2", "target A3", "target A4", "target A5"]
    game.apply("target A2")
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.kind == "target" and _state(game).round == 0
    game.apply("target B5")
    assert _state(game).targets == ("B5", "A2")
    assert [e.data["side"] for e in events(game, "target-chosen")] == [1, 0]
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 1 and _state(game).round == 1


def test_m5_1_a_game_determinized_for_the_other_side_keeps_its_view() -> None:
    game = _hunting()
    game.begin([ChooseTarget(0)])  # a hunter naming again: side B waits
    sample = game.determinize(1, random.Random(3))
    assert _state(sample).targets[0] in ("B1", "B2")
    assert fingerprint(sample.view(1)) == fingerprint(game.view(1))


def test_m5_1_the_hunter_taking_its_target_out_of_action_wins_with_merit_and_intel() -> None:
    game = _hunting()
    casualties.out_of_action(game, game.model("B1"), "C4.18", by="A3")
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "took it Out of Action: the first to take its target"
    (taken,) = events(game, "target-taken")
    assert game.describe(taken) == (
        "side A (Wrecking Crew) takes its target: Sunita Roche (A3) takes Out of Action "
        "Ilse Marrow (B1)  [M5.1]"
    )
    result = reward(game)
    assert (result.scores, result.leads, result.evidence) == ((1, 0), (1, 0), (1, 0))
    assert result.merits == ("A3",)
    (revealed,) = events(game, "targets-revealed")
    assert game.describe(revealed) == (
        "The targets are revealed: side A hunted Ilse Marrow (B1), side B hunted "
        "Tobias Valdez (A2)  [M5.1]"
    )
    assert _state(game.view(1)).targets == ("B1", "A2")  # the game is over: nothing hidden


def test_a100_making_the_target_flee_wins_without_merit_or_intel() -> None:
    game = _hunting()
    morale.flee(game, game.model("B1"), morale.MORALE, "A1")
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "made it Flee: the first to take its target"
    result = reward(game)
    assert (result.evidence, result.merits) == ((0, 0), ())


def test_a100_a_flee_not_of_the_hunters_doing_changes_nothing() -> None:
    game = _hunting()
    morale.flee(game, game.model("B1"), morale.MORALE, None)
    assert game.result is None
    assert _state(game).targets == ("B1", "A2")


def test_a100_a_morale_flee_is_the_doing_of_whoever_took_the_boss() -> None:
    game = _hunting()
    boss = next(m for m in game.models if m.side == 1 and profile(game, m).is_boss)
    boss.ooa_by = "A1"
    assert morale.boss_killer(game, 1) == "A1"


def test_m5_1_a_target_removed_otherwise_is_named_anew_at_the_next_activation() -> None:
    game = _hunting()
    casualties.out_of_action(game, game.model("B1"), "C4.6")  # a fall: nobody's doing
    assert game.result is None
    assert _state(game).targets == ("", "A2")
    (lost,) = events(game, "target-lost")
    assert game.describe(lost) == (
        "Ilse Marrow (B1), the target of side A (Wrecking Crew), is gone: it names a new one "
        "at its next activation  [M5.1]"
    )
    game.begin(draws.activation(game, "A1"))
    assert game.decision is not None and game.decision.kind == "target"
    assert [a.to_text() for a in game.decision.options] == ["target B2"]
    game.apply("target B2")
    assert _state(game).targets == ("B2", "A2")
    assert game.decision is not None and game.decision.kind == "act"


def test_m5_1_no_target_taken_most_surviving_models_win() -> None:
    game = ended("assassination", PLACED, targets=("B1", "A2"))
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "tied on targets taken, most surviving models (3 to 2)"
    assert reward(game).merits == ()
    assert len(events(game, "targets-revealed")) == 1
