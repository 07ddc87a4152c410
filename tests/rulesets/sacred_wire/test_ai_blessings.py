"""The heuristic squad spends a Reroll or a Severance (C4.2) only where it may better the
result: a Reroll only where some face of the die re-rolled gives a better result (a win, or a
loss by a margin that costs less), never on a roll it already wins (a tie it wins included),
and on the die whose faces give the best chance of the best result; no Severance on a Double
or better, which already deals maximum damage (C4.16). A Reroll is logged with the face it
replaced."""

from __future__ import annotations

from tests.rulesets.sacred_wire.helpers import (
    apply_all,
    dice_left,
    options,
    scenario,
    script,
    text,
)

from skirmish.rulesets.sacred_wire.ai.heuristic import score_actions
from skirmish.rulesets.sacred_wire.game import blessings
from skirmish.rulesets.sacred_wire.game.blessings import reroll_chances
from skirmish.rulesets.sacred_wire.game.state import WireGame

# Sunita (A3, Combat 2d8, Injector) fights Ilse (B1, Defense 2d6), base to base.
PLACED = {"A3": (10.0, 10.0), "B1": (10.0, 11.0 + 0.984), "A2": (3.0, 3.0)}


def scores(game: WireGame) -> dict[str, float]:
    """The heuristic's score of each option of the pending decision."""
    assert game.decision is not None
    found = score_actions(game, list(game.decision.options))
    return dict(zip(options(game), found, strict=True))


def test_c4_2_the_ai_rerolls_a_losing_roll_on_a_die_below_its_maximum() -> None:
    # 3 against 7: either die may better it; the AI re-rolls (the 1 becomes a 6: 8 to 7).
    dice = script("attack", 1, 2, "defense", 3, 4, "blessing-reroll", 6, "damage", 5)
    game = scenario(PLACED, dice, act="A3", blessings=(("Reroll",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert found["reroll A3 1"] > found["no-blessing"] and found["reroll A3 2"] > 0
    apply_all(game, "reroll A3 1")
    assert dice_left(game) == []


def test_c4_2_the_ai_never_rerolls_a_die_at_its_maximum() -> None:
    # 8 and 2 against 12: the 8 is the d8's maximum; only the 2 is worth re-rolling.
    dice = script("attack", 8, 2, "defense", 6, 6, "blessing-reroll", 1)
    game = scenario(PLACED, dice, act="A3", blessings=(("Reroll",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert found["reroll A3 1"] < found["no-blessing"] < found["reroll A3 2"]
    apply_all(game, "reroll A3 2")
    assert dice_left(game) == []


def test_c4_2_the_ai_never_rerolls_a_tie_it_already_wins() -> None:
    # 7 against 7: the lower dice tier, Ilse's 2d6, wins the tie (C1.9); her Reroll stays.
    dice = script("attack", 3, 4, "defense", 3, 4)
    game = scenario(PLACED, dice, act="A3", blessings=((), ("Reroll",)))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert max(found, key=lambda o: found[o]) == "no-blessing"
    apply_all(game, "no-blessing")
    assert dice_left(game) == []


def test_c4_2_the_ai_spends_no_severance_on_a_double() -> None:
    # 12 against 6 is a Double: maximum damage already (C4.16).
    dice = script("attack", 6, 6, "defense", 3, 3)
    game = scenario(PLACED, dice, act="A3", blessings=(("Severance",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert found["bless A3 severance"] < found["no-blessing"]
    apply_all(game, "no-blessing")
    assert dice_left(game) == []


def test_c4_2_the_ai_spends_severance_on_a_plain_hit() -> None:
    dice = script("attack", 5, 4, "defense", 3, 3)
    game = scenario(PLACED, dice, act="A3", blessings=(("Severance",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert found["bless A3 severance"] > found["no-blessing"]
    apply_all(game, "bless A3 severance")
    assert dice_left(game) == []


def test_c4_2_the_ai_rerolls_a_losing_throw_on_a_die_below_its_maximum() -> None:
    # Gideon Hask's throw 6 and 1 against the 2d6's 3+5: the 6 is the d6's maximum; only the 1
    # is worth re-rolling.
    placed = {"B5": {"pos": (5.0, 5.0), "grenades": ("Frag",)}, "A2": (20.0, 20.0)}
    dice = script("throw", 6, 1, "throw-target", 3, 5, "blessing-reroll", 4)
    game = scenario(placed, dice, act="B5", blessings=((), ("Reroll",)))
    apply_all(game, "throw B5 frag 10,5")
    found = scores(game)
    assert found["reroll B5 1"] < found["no-blessing"] < found["reroll B5 2"]
    apply_all(game, "reroll B5 2")
    assert dice_left(game) == []


def test_c4_2_the_ai_spends_no_reroll_that_no_face_can_turn() -> None:
    # 3 and 3 against 12: a d8 re-rolled reaches 11 at most, and 12 covers 6 to 11 no more
    # than twice, as it covers 6 now: no Fumble either way (C4.17). The Reroll stays.
    dice = script("attack", 3, 3, "defense", 6, 6)
    game = scenario(PLACED, dice, act="A3", blessings=(("Reroll",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert found["reroll A3 1"] < found["no-blessing"] and found["reroll A3 2"] < 0
    apply_all(game, "no-blessing")
    assert dice_left(game) == []


def test_c4_2_the_ai_rerolls_a_loss_whose_margin_a_face_lowers() -> None:
    # 1 and 1 against 12 is a Triple and more: a Fumble at +3 (C4.17). A 3 or more on either
    # die lowers it, a 6 or more ends it: the Reroll is spent though no face wins.
    dice = script("attack", 1, 1, "defense", 6, 6, "blessing-reroll", 6)
    game = scenario(PLACED, dice, act="A3", blessings=(("Reroll",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert found["reroll A3 1"] > found["no-blessing"]
    apply_all(game, "reroll A3 1")
    assert dice_left(game) == []


def test_c4_2_a_reroll_ranks_a_loss_by_what_its_margin_costs() -> None:
    # A d6 pair against 12, a Triple's Fumble mattering (C4.17): a 1 and a 1 re-rolled shows
    # 2-7; 12 over 2 is x6, over 3 x4, over 4 x3 (still a Fumble, but at less), over 5-7 less
    # than a Triple, which costs nothing more than any loss.
    chances = reroll_chances((1, 1), 12, (6, 6), 0, 1, blessings.from_triple)
    assert chances.now == -6 and chances.faces == (-6, -4, -3, -1, -1, -1)
    assert chances.chances() == ((-1, 3), (-3, 1), (-4, 1))
    # A Wits test's failure is a failure whatever its margin: no face of the 1 passes.
    assert not reroll_chances((1, 1), 12, (6, 6), 0, 1).chances()


def test_c4_2_the_ai_rerolls_the_die_with_the_best_chance() -> None:
    # Ilse's Defense 1 and 4 against Sunita's 3 and 3: the 1 re-rolled wins on a 2 to 6 (a tie
    # goes to her lower dice, C1.9), the 4 only on a 5 or 6: she re-rolls the 1.
    dice = script("attack", 3, 3, "defense", 1, 4, "blessing-reroll", 2)
    game = scenario(PLACED, dice, act="A3", blessings=((), ("Reroll",)))
    apply_all(game, "fight A3 B1 injector", "defend B1")
    found = scores(game)
    assert found["reroll B1 1"] > found["reroll B1 2"] > found["no-blessing"]
    apply_all(game, "reroll B1 1")
    assert dice_left(game) == []
    assert (
        "Ilse Marrow (B1) re-rolls die 1 of the defense 2D6: its 1 becomes 2, the dice now [2, 4]"
        in text(game)
    )
