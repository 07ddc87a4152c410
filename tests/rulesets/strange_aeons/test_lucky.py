"""Lucky (the Agent, T2): re-roll any single die once per game.

Only dice a re-roll could help are offered (a miss, a failed test or save, a die below 6 where
higher is better); the second result stands.
"""

from __future__ import annotations

from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
    rolls,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import agent, book

from skirmish.engine.game import Game


def agent_shoots(dice: list[tuple[str, int]], **agent: object) -> Game:
    """The Agent (Dex 5+, .45 Handgun 1D+2) at (10, 10); the Cult Leader 7" east."""
    return scenario(
        {
            "T2": {"pos": (10.0, 10.0), **agent},
            "L1": (10.0 + TOUCH + 7.0, 10.0),
            "T1": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=dice,
    )


def test_lucky_rerolls_a_missed_shot() -> None:
    game = agent_shoots([("to-hit", 2), ("to-hit", 5), ("to-wound", 1)])
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    assert game.decision is not None and game.decision.kind == "lucky"
    assert options(game) == ["reroll T2 1", "keep T2"]
    game.apply("reroll T2 1")
    reroll = next(e for e in game.log if e.kind == "reroll")
    assert (reroll.rule, reroll.models) == ("Skills: Lucky", ("T2",))
    assert events(game, "hits")[0].data == {"hits": 1, "need": 5}
    assert model(game, "T2").lucky_used is True
    assert not dice_left(game)


def test_lucky_once_per_game() -> None:
    game = agent_shoots([("to-hit", 2), ("to-hit", 3), ("to-hit", 1)])
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45", "reroll T2 1")
    assert rolls(game) == [("to-hit", (2,)), ("to-hit", (3,))]  # the second result stands
    game.apply("shoot T2 L1 handgun-45")  # another miss: no second Lucky
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_lucky_not_offered_once_used() -> None:
    game = agent_shoots([("to-hit", 2)], lucky_used=True)
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    assert game.decision is not None and game.decision.kind == "action"
    assert not dice_left(game)


def test_lucky_not_offered_on_a_hit() -> None:
    game = agent_shoots([("to-hit", 5), ("to-wound", 6), ("injury", 3), ("injury", 3)])
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    # 6 + 2 = 8 against Con 6; Lucky was offered on the Injury dice (below 6) only.
    assert game.decision is not None and game.decision.kind == "lucky"
    assert options(game) == ["reroll T2 1", "reroll T2 2", "keep T2"]
    assert "injury" in game.decision.prompt
    refused(game, "reroll T2 3", "the injury roll [3, 3] has no die 3")
    game.apply("keep T2")
    assert events(game, "injury")[0].data == {"value": 8, "result": "Minor Injury"}
    assert not dice_left(game)


def test_lucky_refused_on_a_die_a_reroll_cannot_help() -> None:
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T1": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[("close-combat", 6), ("close-combat", 2), ("close-combat", 1), ("close-combat", 1)],
    )
    apply_all(game, "nominate T2", "charge T2 L1", "no-parry T2")
    assert options(game) == ["reroll T2 2", "keep T2"]  # the 6 cannot be bettered
    refused(game, "reroll T2 1", "Lucky is offered on die 2 of [6, 2] only: a re-roll helps there")
    game.apply("keep T2")
    assert events(game, "combat-won")[0].data == {"hits": 6}


def test_lucky_on_a_failed_resolve_test() -> None:
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": (10.0 + TOUCH + 2.0, 10.0),
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        active=1,
        dice=[
            ("resolve", 3),  # fails (4+)
            ("resolve", 4),  # Lucky: passes
            ("to-wound", 1),
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 2),
        ],
    )
    apply_all(game, "nominate L3", "charge L3 T2")
    assert options(game) == ["reroll T2 1", "keep T2"]
    game.apply("reroll T2 1")
    assert events(game, "resolve")[0].data["passed"] is True
    game.apply("no-parry T2")
    assert not dice_left(game)


def test_lucky_on_a_failed_cover_save() -> None:
    wall = board(
        {
            "id": "wall",
            "kind": "open",
            "height": 0.7,
            "cover": "heavy",
            "polygon": rect(17.0, 8.0, 17.2, 12.0),
        }
    )
    game = scenario(
        {
            "L1": (10.0, 10.0),
            "T2": (17.2 + 0.492 + 0.05, 10.0),
            "T1": (2.0, 22.0),
            "L2": (2.0, 2.0),
            "L3": (4.0, 2.0),
        },
        board=wall,
        active=1,
        dice=[("to-hit", 4), ("save", 2), ("save", 4)],  # 4+ save: failed, then Lucky: saved
    )
    apply_all(game, "nominate L1", "done", "shoot L1 T2 shotgun")
    assert options(game) == ["reroll T2 1", "keep T2"]
    game.apply("reroll T2 1")
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def _lucky_scores(game: Game) -> dict[str, float]:
    """The heuristic player's score of each answer to the Lucky offer now."""
    assert game.decision is not None and game.decision.kind == "lucky"
    found = game.decision.options
    scores = game.ruleset.score_actions(game.view(game.decision.player), list(found))
    return {a.to_text(): s for a, s in zip(found, scores, strict=True)}


def test_sa_lucky_heuristic_keeps_an_injury_roll_no_face_would_better() -> None:
    # 6 + 2 = 8 against Con 6: three Wounds, two in excess; 6 + 5 + 2 = 13 is a Major Injury
    # and whatever the 5 re-rolls to, 8 + 2 at least still is: no face helps, the die is kept.
    dice = [("to-hit", 5), ("to-wound", 6), ("injury", 6), ("injury", 5)]
    game = agent_shoots(dice)
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    scores = _lucky_scores(game)
    assert scores["keep T2"] > scores["reroll T2 2"]
    game.apply("keep T2")
    assert not dice_left(game)


def test_sa_lucky_heuristic_rerolls_an_injury_roll_more_faces_would_better() -> None:
    # 3 + 3 + 2 = 8, a Minor Injury on the enemy: re-rolling a 3, a 4 to 6 makes it Major, a 1
    # Unconscious; three faces better, one worse: worth the re-roll.
    dice = [("to-hit", 5), ("to-wound", 6), ("injury", 3), ("injury", 3)]
    game = agent_shoots(dice)
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    scores = _lucky_scores(game)
    assert scores["reroll T2 1"] > scores["keep T2"]
    assert scores["reroll T2 1"] == scores["reroll T2 2"]


def test_sa_lucky_heuristic_rerolls_a_close_combat_1_beside_its_best_die() -> None:
    # R:1219's 1s: T1's 1 adds 1 to L1's highest die; re-rolled, any face but another 1 takes
    # that away (and a 5 or 6 raises T1's own): five faces better, none worse.
    game = book(
        agent("T1", skills=["lucky"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)},
        dice=[("close-combat", 4), ("close-combat", 1), ("close-combat", 3), ("close-combat", 2)],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    scores = _lucky_scores(game)
    assert scores["reroll T1 2"] == 5 / 6 - 0.05
    assert scores["reroll T1 2"] > max(scores["keep T1"], scores["reroll T1 1"])


def test_sa_lucky_heuristic_keeps_an_insanity_roll_no_face_would_better() -> None:
    # Suicidal adds 2 (R:1145): the 4 rolled is a 6, a Frenzy, as any face above it would be; a
    # face below it falls to Revulsion or worse: no face helps, the die is kept.
    game = book(
        agent("T1", skills=["suicidal", "lucky"], phobias=["agoraphobia"]),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 1), ("insanity", 4)],
    )
    apply_all(game, "nominate T1", "move T1 10,9", "keep T1")
    assert game.decision is not None and "insanity roll [4]" in game.decision.prompt
    scores = _lucky_scores(game)
    assert scores["keep T1"] > scores["reroll T1 1"]


def test_sa_lucky_heuristic_keeps_a_close_combat_die_where_no_face_wounds() -> None:
    # L1's 2s against the Face Up T1's one die, a 6: L1 cannot win, and a Face Up winner
    # escapes rather than rolls to wound, so no face changes the harm done: the die is kept.
    game = book(
        agent("T1"),
        agent("L1", skills=["lucky"]),
        placed={"T1": {"pos": (10.0, 10.0), "state": "face-up"}, "L1": (15.0, 10.0)},
        active=1,
        dice=[("close-combat", 2), ("close-combat", 2), ("close-combat", 6)],
    )
    apply_all(game, "nominate L1", "charge L1 T1")
    scores = _lucky_scores(game)
    assert scores["keep L1"] > max(scores["reroll L1 1"], scores["reroll L1 2"])
