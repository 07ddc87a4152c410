"""The Beasts' own rules: the Werewolf's (R:628-632) and the Leng Spider's (R:592-596), each
with scripted dice on forces written by hand, named after the ability, its R: line in the
docstring."""

from __future__ import annotations

from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    options,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, book, commanding
from tests.rulesets.strange_aeons.test_rulebook_lurkers import rules

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]  # the ruleset, a fixture

# -- Werewolf: Bark at the Moon, Mutilate, Pack Leader (R:628-632) ----------------------------


def werewolf(model_id: str = "L1", **fields: Any) -> dict[str, Any]:
    """A Werewolf (R:630: 6 | 3+ | 7 | 3 | 3 | 3+) with its Claws, Command over Wolfmen only."""
    base: dict[str, Any] = {
        "name": "Werewolf",
        "move": 6,
        "dex": 3,
        "con": 7,
        "attacks": 3,
        "wounds": 3,
        "res": 3,
        "types": ["beast"],
        "skills": ["parry", "dodge", "command"],
        "weapons": ["unarmed", "claws"],
        "abilities": ["bark_at_the_moon", "mutilate", "pack_leader"],
        "command_kinds": ["wolfman"],
        "kind": "werewolf",
    }
    return agent(model_id, **{**base, **fields})


def barked(*faces: str | int) -> Game:
    """The Werewolf L1 barks, the dice ``faces`` (as :func:`script` reads them): T1 is 4"
    off and T2 11" off, the friend L2 is no Human."""
    game = book(
        agent("T1"),
        agent("T2"),
        werewolf(),
        agent("L2", types=["beast"]),
        placed={
            "T1": (14.0, 10.0),
            "T2": (10.0, 21.0 + TOUCH),
            "L1": (10.0, 10.0),
            "L2": (6.0, 10.0),
        },
        active=1,
        dice=script(*faces),
    )
    apply_all(game, "nominate L1", "howl L1")
    return game


def test_sa_bark_at_the_moon_a_failure_rolls_insanity_at_minus_1_r632() -> None:
    """R:632: models subject to Psychology within 10" take an Insanity test; a failure rolls
    on the Insanity Table at -1 (a 4, Revulsion, read as a 3, Stupefaction)."""
    game = barked("resolve", 3, "insanity", 4)
    howl = events(game, "howl")[0]
    assert (howl.rule, howl.models) == ("Werewolf: Bark at the Moon (R:632)", ("L1",))
    tests = [(e.models, e.data["situation"], e.data["passed"]) for e in events(game, "resolve")]
    assert tests == [(("T1",), "howl:L1", False)]  # T2 is beyond 10", L2 no Human
    modifier = events(game, "insanity-modifier")[0]
    assert (modifier.rule, modifier.data) == (
        "Werewolf: Bark at the Moon (R:632)",
        {"modifier": -1},
    )
    assert events(game, "insanity")[0].data == {"result": "Stupefaction"}
    assert model(game, "T1").state == "face-up"
    assert not dice_left(game)


def test_sa_bark_at_the_moon_is_given_again_with_the_next_action_r632() -> None:
    """R:632: an Action with no limit of once a game, as Primal Scream has (R:601)."""
    game = barked("resolve", 4, 5)
    assert events(game, "resolve")[0].data["passed"]
    assert "howl L1" in options(game)
    game.apply("howl L1")
    assert len(events(game, "howl")) == 2
    assert not dice_left(game)


def mauled(victim: dict[str, Any], *faces: str | int) -> Game:
    """The Werewolf L1 Charges ``victim`` (T1) and wins (5 + 2 against 3 + 1), wounds it (5 +
    2 against Con 6) and the Injury roll 5 + 5 is a Major Injury; T2, now the Threshold's
    last model, tests its nerve with ``faces``."""
    game = book(
        victim,
        agent("T2"),
        werewolf(skills=["command"]),  # no Parry asked
        placed={"T1": (10.0, 10.0), "T2": (30.0, 20.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        active=1,
        dice=script(
            "close-combat", 5, 2, 1, 3, 2, "to-wound", 5, 1, "injury", 5, 5, "resolve", *faces
        ),
    )
    apply_all(game, "nominate L1", "charge L1 T1", "wound L1")
    assert model(game, "T1").removed == "Major Injury"
    assert not dice_left(game)
    return game


def test_sa_mutilate_a_major_injury_is_multiple_injuries_at_the_games_end_r632() -> None:
    """R:632: every Major Injury the Werewolf causes is a Multiple Injuries result."""
    game = mauled(agent("T1"), 6)
    mutilated = events(game, "mutilated")[0]
    assert (mutilated.rule, mutilated.models, mutilated.data) == (
        "Werewolf: Mutilate (R:632)",
        ("T1",),
        {"result": "Multiple Injuries"},
    )
    assert game.state.mutilated == (("T1", "Multiple Injuries"),)


def test_sa_mutilate_a_civilian_is_dead_r632() -> None:
    """R:632: a Civilian, a Child or an Animal mutilated is Dead, with no roll."""
    game = mauled(agent("T1", kind="civilian"), 6)
    assert events(game, "mutilated")[0].data == {"result": "Dead"}
    assert game.state.mutilated == (("T1", "Dead"),)


def test_sa_pack_leader_the_werewolf_nominates_only_wolfmen_r632() -> None:
    """R:632, R:1060: the Werewolf's Command nominates Wolfmen alone."""
    game = commanding(werewolf(), agent("L2", kind="wolfman"), agent("L3", kind="cultist"))
    assert options(game) == ["nominate L2", "done"]
    refused(
        game,
        "nominate L3",
        "L3 is no Wolfman: the Command of L1 nominates only them (R:632)",
    )
    game.apply("nominate L2")
    assert not dice_left(game)


def test_sa_pack_leader_the_werewolf_bought_has_command_over_wolfmen_and_plays(
    rules: StrangeAeons,
) -> None:
    """R:628-632: Bark at the Moon, Mutilate, Infect and Pack Leader are played."""
    werewolf = rules.book.lurkers["werewolf"]
    assert playable(rules.book, load_played(), werewolf)


# -- Leng Spider: Cocoon (R:596) ----------------------------------------------------------------


def spider(model_id: str = "L1") -> dict[str, Any]:
    """A Leng Spider's Cocoon on an Agent's profile with Claws (C.C.B. +2, Dam. 1D+2)."""
    return agent(
        model_id,
        types=["beast"],
        weapons=["unarmed", "claws"],
        abilities=["cocoon"],
        kind="leng_spider",
    )


def cocooned(*faces: str | int, **placed: tuple[float, float]) -> Game:
    """T1 cocooned at (10, 10), the Spider L1 and T2 placed as ``placed`` says (far away
    unless given), the Threshold's turn with no combat fought yet; the dice ``faces``."""
    where = {"T1": (10.0, 10.0), "T2": (30.0, 4.0), "L1": (30.0, 20.0), **placed}
    game = book(
        agent("T1", skills=["command"]),
        agent("T2"),
        spider(),
        placed=where,
        start="nominate",
        dice=script(*faces),
    )
    game.state.cocooned = ("T1",)
    return game


def test_sa_cocoon_a_winning_spider_cocoons_the_loser_instead_of_wounding_r596() -> None:
    """R:596: the Spider wins (5 + 2 against 3 + 1) and cocoons T1: no die to wound."""
    game = book(
        agent("T1"),
        agent("T2"),
        spider(),
        placed={"T1": (10.0, 10.0), "T2": (30.0, 4.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        active=1,
        dice=script("close-combat", 5, 2, 3, 2),
    )
    apply_all(game, "nominate L1", "charge L1 T1")
    assert options(game) == ["wound L1", "cocoon L1"]
    game.apply("cocoon L1")
    wrapped = events(game, "cocooned")[0]
    assert (wrapped.rule, wrapped.models) == ("Leng Spider: Cocoon (R:596)", ("L1", "T1"))
    assert game.state.cocooned == ("T1",)
    assert model(game, "T1").wounds == 1 and not events(game, "to-wound")
    assert not dice_left(game)


def test_sa_cocoon_the_trapped_model_fights_at_minus_1_and_breaks_free_by_winning_r596() -> None:
    """R:596: one die of its two Attacks and its Knife's +1 lost: 5 + 0 against 2 + 2; the
    win breaks the cocoon and rolls no die to wound."""
    game = cocooned("close-combat", 5, 2, 2, L1=(10.0 + TOUCH, 10.0))
    game.apply("nominate T1")
    assert options(game) == ["charge T1 L1", "pass T1", "cut T1 T1"]
    game.apply("charge T1 L1")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    assert events(game, "cocoon-broken")[0].models == ("T1",)
    assert game.state.cocooned == () and model(game, "L1").wounds == 1
    assert not dice_left(game)


def test_sa_cocoon_two_actions_cut_the_trapped_model_free_r596() -> None:
    """R:596: it can do nothing but try to escape; two Actions destroy the cocoon."""
    game = cocooned()
    game.apply("nominate T1")
    assert options(game) == ["pass T1", "cut T1 T1"]
    refused(game, "move T1 12,10", "T1 is cocooned: it may only try to escape")
    game.apply("cut T1 T1")
    assert events(game, "cut")[0].data == {"done": 1, "needed": 2}
    assert game.state.cocooned == ("T1",)
    game.apply("cut T1 T1")
    assert events(game, "cocoon-broken")[0].models == ("T1",)
    assert game.state.cocooned == game.state.cuts == ()


def test_sa_cocoon_a_friend_in_base_to_base_cuts_at_it_too_r596() -> None:
    """R:596: another friendly model in base-to-base may spend the two Actions."""
    game = cocooned(T2=(10.0 + TOUCH, 10.0))
    game.apply("nominate T2")
    assert "cut T2 T1" in options(game)
    refused(game, "cut T2 T2", "T2 is not cocooned")
    apply_all(game, "cut T2 T1", "cut T2 T1")
    assert [e.models for e in events(game, "cut")] == [("T2", "T1"), ("T2", "T1")]
    assert game.state.cocooned == ()


def test_sa_cocoon_a_cocooned_model_uses_no_command_r596() -> None:
    """R:596: no Command (nor Lieutenant) from a cocoon: T2, 4" off, is not nominated."""
    game = cocooned(T2=(14.0, 10.0))
    game.apply("nominate T1")
    assert options(game) == ["pass T1", "cut T1 T1"]
