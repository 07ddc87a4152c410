"""Rounds and activations (C4.1), Corporate Blessings (C4.2) and the actions of C4.3."""

from __future__ import annotations

import pytest
from tests.rulesets.sacred_wire.helpers import (
    apply_all,
    dice_left,
    events,
    kinds,
    options,
    rules,
    scenario,
    script,
    specs,
    text,
    unchanged,
)

from skirmish.legend import outcome_text
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.bag import waiting
from skirmish.rulesets.sacred_wire.game.blessings import RollBlessings
from skirmish.rulesets.sacred_wire.game.draws import Draws
from skirmish.rulesets.sacred_wire.game.model import NEXT_ROLL, TIER, TimedEffect
from skirmish.rulesets.sacred_wire.game.rounds import EndRound, GameLength
from skirmish.rulesets.sacred_wire.hostiles.group import waiting_groups

FAR = {"A1": (3.0, 3.0), "A2": (6.0, 3.0), "B1": (3.0, 21.0)}


def test_c4_1_token_draw_is_a_roll_and_the_player_picks_the_model() -> None:
    # Three tokens: faces 1-2 are side A's, 3 side B's (notes A5).
    game = scenario(FAR, script("token", 3), steps=[Draws()])
    assert [e.data["side"] for e in events(game, "token")] == [1]
    assert game.decision is not None and game.decision.kind == "act"
    assert game.decision.player == 1
    game.apply("end B1")
    assert options(game) == ["activate A1", "activate A2"]
    assert game.decision.player == 0
    game.apply("activate A2")
    assert game.model("A2").active
    game.apply("end A2")
    # The last token needs no roll.
    assert game.decision is not None and "A1" in game.decision.prompt
    game.apply("end A1")
    assert game.decision is None
    assert dice_left(game) == []
    assert rules(game, "token") == ["C4.1", "C4.1", "C4.1"]


def test_c4_1_each_model_activates_exactly_once_per_round() -> None:
    game = scenario(FAR, script("token", 1, "token", 1), steps=[Draws()])
    game.apply("activate A1")
    game.apply("end A1")
    # A1 has activated: no longer a choice; A2 and B1 hold the two tokens left.
    game.apply("end A2")
    game.apply("end B1")
    assert [e.models[0] for e in events(game, "activation")] == ["A1", "A2", "B1"]


def test_c4_1_example_e15_an_out_of_action_model_takes_its_token_out() -> None:
    # Sunita is reduced to 0 Health before activating: her token leaves the bag at once.
    placed = {
        "A3": {"pos": (10.0, 10.0), "health": 1, "statuses": ("bleed",)},
        "A1": (3.0, 3.0),
        "B1": (3.0, 21.0),
    }
    game = scenario(placed, act="A3")
    assert "out-of-action" in kinds(game)
    assert rules(game, "token-discarded") == []  # she had started her activation
    game = scenario(
        {"A3": (10.0, 10.0), "A1": (3.0, 3.0), "B1": (3.0, 21.0), "B4": (3.0, 18.0)},
        script("token", 2),
    )

    casualties.out_of_action(game, game.model("A3"), "C4.18")
    assert rules(game, "token-discarded") == ["C4.1"]
    game.stack.append(Draws())
    game._advance(None)
    # Three tokens remain: the roll is a d3 (faces 1 for A1, 2-3 for side B).
    assert events(game, "token")[0].data["tokens"] == [1, 2]


def test_c4_1_example_e15_ten_tokens_remain() -> None:
    # Both squads on the table and a hostile group: eleven tokens. Sunita goes Out of Action
    # before activating: her token leaves the bag at once, and ten remain.
    placed = {
        f"{s}{n}": (2.0 + 4 * n, 3.0 if s == "A" else 21.0) for s in "AB" for n in range(1, 6)
    }
    game = scenario(placed, hostiles="feral-automata", spawned=(("Heavy Unit", (12.0, 12.0)),))

    def tokens() -> int:
        return len(waiting(game, 0)) + len(waiting(game, 1)) + len(waiting_groups(game))

    assert tokens() == 11
    casualties.out_of_action(game, game.model("A3"), "C4.18")
    assert rules(game, "token-discarded") == ["C4.1"]
    assert tokens() == 10


def test_c4_1_move_and_action_in_either_order() -> None:
    game = scenario(FAR, act="A2")
    assert "move A2 <x,y>" in specs(game)
    assert "end A2" in options(game)
    game.apply("move A2 6,6")
    assert "move A2 <x,y>" not in specs(game)
    assert "move-again A2 <x,y>" in specs(game)
    game.apply("move-again A2 6,9")  # the action: a second move
    assert specs(game) == []
    assert options(game) == ["end A2"]


def test_c4_1_action_first_then_move() -> None:
    game = scenario(FAR, act="A2")
    unchanged(  # offered only once the Move is used
        game,
        "move-again A2 6,6",
        r"Tobias Valdez \(A2\) has not made its Move yet: Move Again is a second move \(C4\.3\)$",
    )
    game.apply("move A2 6,6")
    assert game.model("A2").pos == (6.0, 6.0)


def test_c4_1_never_more_than_two_actions() -> None:
    # Overtime gives a bonus action; a Focus bonus on top is wasted (notes A9).
    placed = {
        "A2": {
            "pos": (6.0, 3.0),
            "timed": (TimedEffect("bonus-action", 1, "", 1, 1, "Focus", "R5.1"),),
        },
        "A1": (3.0, 3.0),
        "B1": (3.0, 21.0),
    }
    game = scenario(placed, act="A2", blessings=(("Overtime",), ()))
    game.apply("bless A2 overtime")
    assert game.model("A2").blessed_round == 1
    game.apply("move A2 6,6")
    game.apply("move-again A2 6,9")
    game.apply("move-again A2 6,12")
    assert specs(game) == []
    assert options(game) == ["end A2"]


@pytest.mark.parametrize("blessing", ["Denied", "Overtime", "Synergy"])
def test_c4_1_a_blessings_bonus_action_past_two_actions_is_logged_as_none(blessing: str) -> None:
    # Focus already gives Tobias Valdez his second action (notes A9): the blessing adds none,
    # and the log says so instead of a bonus action he never gets.
    focus = TimedEffect("bonus-action", 1, "", 1, 1, "Focus", "R5.1")
    placed = {"A2": {"pos": (6.0, 3.0), "timed": (focus,)}, "A1": (3.0, 3.0), "B1": (3.0, 21.0)}
    game = scenario(placed, act="A2", blessings=((blessing,), ()))
    game.apply(f"bless A2 {blessing.lower()}")
    assert text(game).splitlines()[-1] == (
        f"Tobias Valdez (A2) gains no bonus action ({blessing}): it has the two actions an "
        "activation allows already (C4.1)  [C4.2]"
    )
    assert game.decision is not None and "2 action(s) left" in game.decision.prompt


def test_c4_1_end_of_round_and_game_length() -> None:
    # K1.2: no roll before round 5; after round 5 the game ends on 3+.
    game = scenario(FAR, script("game-length", 2), steps=[EndRound()], round=5)
    assert game.result is None
    assert events(game, "game-length")[0].data == {"round": 5, "need": 3, "ends": False}
    game = scenario(FAR, script("game-length", 3), steps=[EndRound()], round=5)
    assert game.result is not None and game.result.rule == "K1.2"
    assert game.result.winner == 0  # two A models against one B model
    game = scenario(FAR, script("game-length", 1), steps=[GameLength()], round=6)
    assert game.result is None
    game = scenario(FAR, script("game-length", 2), steps=[GameLength()], round=6)
    assert game.result is not None
    game = scenario(FAR, steps=[GameLength()], round=7)
    assert game.result is not None and game.result.winner == 0
    game = scenario(FAR, steps=[GameLength()], round=4)
    assert game.result is None


def test_k1_2_equal_survivors_is_a_draw() -> None:
    game = scenario({"A1": (3.0, 3.0), "B1": (3.0, 21.0)}, steps=[GameLength()], round=7)
    assert game.result is not None and game.result.winner is None


def test_k1_2_a_wiped_out_squad_leaves_the_other_to_play_the_rounds_to_the_end() -> None:
    game = scenario(FAR, script("blessing", 2, 2, 3, "blessing", 4, 6, 7))
    casualties.out_of_action(game, game.model("B1"), "C4.18")
    assert game.result is None
    # A round with side A's tokens alone: no token die; side B rolls blessings for no model.
    game.begin([RollBlessings(0), RollBlessings(1), Draws(), EndRound()])
    assert [e.data["side"] for e in events(game, "blessings")] == [0, 1]
    assert options(game) == ["activate A1", "activate A2"]
    game.apply("activate A1")
    game.apply("end A1")
    game.apply("end A2")
    assert game.decision is None and game.result is None
    assert [e.data["tokens"] for e in events(game, "token")] == [[2, 0], [1, 0]]
    assert dice_left(game) == []
    game.state.round = 7
    game.begin([GameLength()])
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (0, "most surviving models (2 to 0)")


def test_k1_2_the_places_name_the_hostiles_only_when_they_play() -> None:
    # Hostiles and Coworkers keep their seats in every game; only those that play are named.
    game = scenario(FAR, hostiles="scrapers", steps=[GameLength()], round=7)
    assert outcome_text(game) == (
        "Result: A won (most surviving models (2 to 1)); places: A 1, B 2, Hostiles 2."
    )
    game = scenario(FAR, steps=[GameLength()], round=7)
    assert outcome_text(game) == "Result: A won (most surviving models (2 to 1))."


# --- Corporate Blessings (C4.2) -----------------------------------------------------------------


def test_c4_2_three_d8_per_player_surplus_rolls_twice_rerolling_eights() -> None:
    game = scenario(FAR, script("blessing", 3, 8, 8, 5, 1, "blessing", 6), steps=[RollBlessings(0)])
    # 3 Boost; 8 Surplus -> 8 (again), 5 Severance, then 1 Denied; 6 Synergy.
    assert events(game, "blessings")[0].data["blessings"] == [
        "Boost",
        "Severance",
        "Denied",
        "Synergy",
    ]
    assert dice_left(game) == []


def test_c4_2_the_blessing_rolls_name_no_side() -> None:
    # Rolled by the rules for a side: "A player rolls" would read as side A rolling.
    game = scenario(FAR, script("blessing", 3, 5, 6), steps=[RollBlessings(1)])
    assert text(game).splitlines()[0] == "Rolled blessing D8: [3] = 3  [C4.2]"


def test_c4_2_example_e16_one_blessing_per_model_per_round() -> None:
    # Ines (here Sunita, Combat 2d8) has Boost: she rolls 2d10; Severance cannot go to her.
    placed = {"A3": (10.0, 10.0), "B1": (10.0, 11.0 + 0.984), "A2": (3.0, 3.0)}
    game = scenario(
        placed,
        script("attack", 3, 3, "defense", 2, 2, "damage", 3),
        act="A3",
        blessings=(("Boost", "Severance"), ()),
    )
    game.apply("fight A3 B1 injector")
    game.apply("defend B1")
    game.apply("bless A3 boost")
    boosted = [e for e in events(game, "resolution") if e.rule == "C1.10"]
    assert "2d8 +1 DT Boost (C4.2) -> 2d10" in boosted[0].data["text"]
    # She won, but Severance is not offered: she already has a blessing this round.
    assert game.decision is not None and game.decision.kind == "act"
    assert "Severance" in [*game.state.blessings[0]]


def test_c4_2_blessings_expire_at_the_end_of_the_round() -> None:
    game = scenario(FAR, steps=[EndRound()], blessings=(("Boost",), ("Reroll",)), round=1)
    assert game.state.blessings == ((), ())


def test_c4_2_synergy_needs_an_ally_within_6() -> None:
    alone = {"A2": (6.0, 3.0), "A1": (20.0, 3.0), "B1": (3.0, 21.0)}
    game = scenario(alone, act="A2", blessings=(("Synergy", "Overtime"), ()))
    assert options(game) == ["bless A2 overtime", "no-blessing"]
    game = scenario(FAR, act="A2", blessings=(("Synergy",), ()))
    assert options(game) == ["bless A2 synergy", "no-blessing"]
    game.apply("bless A2 synergy")
    assert rules(game, "bonus-action") == ["C4.2"]


def test_c4_2_wellness_restores_d4_during_the_activation() -> None:
    placed = {**FAR, "A2": {"pos": (6.0, 3.0), "health": 5}}
    game = scenario(placed, script("heal", 3), act="A2", blessings=(("Wellness",), ()))
    game.apply("bless A2 wellness")
    assert game.model("A2").health == 8


def test_c4_2_denied_gives_a_bonus_action_as_printed() -> None:
    # notes A7: "No blessing" yet one model gains a bonus action.
    game = scenario(FAR, act="A2", blessings=(("Denied",), ()))
    game.apply("bless A2 denied")
    game.apply("move A2 6,6")
    game.apply("move-again A2 6,9")
    assert "move-again A2 <x,y>" in specs(game)


def test_c1_9_a_tie_left_by_a_reroll_is_rolled_again_at_the_same_tiers() -> None:
    # Corin Hale (Combat 2d8) is Misaligned: 2d6 for this attack (R7.2). The Reroll leaves 7
    # against 7 at the same tier; both roll again at 2d6, though the roll spent Misaligned.
    placed = {"B2": (10.0, 10.0), "A1": (10.0, 14.0), "A2": (3.0, 3.0)}
    dice = script(
        "attack", 1, 2, "defense", 3, 4, "blessing-reroll", 5, "attack", 2, 2, "defense", 3, 4
    )
    game = scenario(placed, dice, act="B2", blessings=((), ("Reroll",)))
    misaligned = TimedEffect(TIER, -1, "attack", 0, NEXT_ROLL, "Misaligned", "R7.2")
    game.model("B2").timed = (misaligned,)
    apply_all(game, "shoot B2 A1 stapler", "reroll B2 1")
    attacks = [e.roll.dice for e in events(game, "roll") if e.roll and e.roll.purpose == "attack"]
    assert attacks == ["2D6", "2D6"]
    assert events(game, "attack-result")[0].data["winner"] == "defender"
    assert dice_left(game) == []


def test_c4_2_reroll_is_declared_after_the_roll() -> None:
    placed = {"A3": (10.0, 10.0), "B1": (10.0, 11.0 + 0.984), "A2": (3.0, 3.0)}
    dice = script("attack", 1, 2, "defense", 3, 4, "blessing-reroll", 6, "damage", 5)
    game = scenario(placed, dice, act="A3", blessings=(("Reroll",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    assert options(game) == ["reroll A3 1", "reroll A3 2", "no-blessing"]
    game.apply("reroll A3 1")  # the 1 becomes a 6: 8 against 7
    assert events(game, "attack-result")[0].data["winner"] == "attacker"
    assert game.model("B1").health == 16 - (5 - 1)  # d6 5 through Flak Wrap 1
    assert dice_left(game) == []
