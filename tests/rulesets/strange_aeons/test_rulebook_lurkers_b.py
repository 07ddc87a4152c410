"""Lurker profiles' own rules, batch B (notes §3.4): each with scripted dice on forces
written by hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.strange_aeons.helpers import (
    apply_all,
    dice_left,
    events,
    options,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent
from tests.rulesets.strange_aeons.rulebook import book as rulebook_game
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, book, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]

# -- Rogue Threshold Character: Master Villain (R:816) -----------------------------------------

VILLAIN = "Rogue Threshold Character: Master Villain (R:816)"


def villain_watches(dice: list[tuple[str, int]], **shooter: object) -> Game:
    """T1 (Dex 5+) shoots the Lurker L2 8" away with a .45; L1, a Master Villain, watches."""
    return book(
        agent("T1", weapons=["unarmed", "handgun_45"], **shooter),
        agent("L1", abilities=["master_villain"]),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 20.0), "L2": (18.0, 10.0)},
        dice=dice,
    )


def test_sa_master_villain_rerolls_an_opponents_hit_r816() -> None:
    game = villain_watches([("to-hit", 5), ("to-hit", 2)])
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_45")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["villain T1 1 L1", "let T1"]
    game.apply("villain T1 1 L1")
    reroll = events(game, "reroll")[0]
    assert (reroll.rule, reroll.models) == (VILLAIN, ("L1",))
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert game.state.villainy == ("L1",)
    assert not dice_left(game)


def test_sa_master_villain_is_offered_after_the_rollers_own_lucky_r816() -> None:
    burst = {"id": "burst", "name": "Burst", "kind": "ranged", "damage": 2, "range": 10.0}
    game = rulebook_game(
        agent("T1", weapons=["unarmed", "burst"], skills=["lucky"]),
        agent("L1", abilities=["master_villain"]),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 20.0), "L2": (18.0, 10.0)},
        weapons={"burst": {**burst, "rate": 2}},
        dice=[("to-hit", 2), ("to-hit", 5), ("to-hit", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L2 burst")
    assert options(game) == ["reroll T1 1", "keep T1"]
    game.apply("keep T1")
    assert options(game) == ["villain T1 2 L1", "let T1"]  # the hit, once Lucky is answered
    game.apply("villain T1 2 L1")
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert not dice_left(game)


def test_sa_master_villain_may_let_the_roll_stand_r816() -> None:
    game = villain_watches([("to-hit", 5), ("to-wound", 1)])
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_45", "let T1")
    assert not events(game, "reroll") and game.state.villainy == ()
    assert events(game, "hits")[0].data == {"hits": 1, "need": 5}
    assert not dice_left(game)


def test_sa_master_villain_once_a_game_r816() -> None:
    game = villain_watches([("to-hit", 5), ("to-hit", 2), ("to-hit", 5), ("to-wound", 1)])
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_45", "villain T1 1 L1")
    game.apply("shoot T1 L2 handgun_45")  # a hit again: the re-roll is spent
    assert [e.data["hits"] for e in events(game, "hits")] == [0, 1]
    assert len(events(game, "reroll")) == 1
    assert not dice_left(game)


def test_sa_master_villain_rerolls_its_own_sides_miss_r816() -> None:
    game = book(
        agent("T1"),
        agent("L1", abilities=["master_villain"]),
        agent("L2", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 20.0), "L2": (18.0, 10.0)},
        active=1,
        dice=[("to-hit", 2), ("to-hit", 5), ("to-wound", 1)],
    )
    apply_all(game, "nominate L2", "shoot L2 T1 handgun_45")
    assert options(game) == ["villain L2 1 L1", "keep L2"]
    game.apply("villain L2 1 L1")
    assert events(game, "reroll")[0].models == ("L1",)
    assert events(game, "hits")[0].data == {"hits": 1, "need": 5}
    assert not dice_left(game)


def test_sa_master_villain_refuses_a_die_not_rolled_r816() -> None:
    game = villain_watches([("to-hit", 5)])
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_45")
    refused(game, "villain T1 2 L1", "the to-hit roll [5] has no die 2")


def test_sa_master_villain_makes_the_rogue_threshold_character_playable(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    profile = rules.book.lurkers["rogue_threshold_character"]
    assert playable(rules.book, load_played(), profile)
    text = '[[models]]\nprofile = "Rogue Threshold Character"\n\n'
    given = lurker_list(tmp_path, text + '[[models]]\nprofile = "Cultist"\ncount = 3\n')
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    assert catalog_of(game).profile("L1").can("master_villain")
