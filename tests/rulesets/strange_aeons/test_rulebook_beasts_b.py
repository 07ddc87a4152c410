"""Lurker profiles' own rules: the Elder Thing, the Formless Thing, the Tentacle and the
Conqueror Worm (R:524-528, R:553-575, R:694-698), each with scripted dice on forces written
by hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script
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
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import BOOK, RUBBLE, across_rubble, agent, book, forces
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules

from skirmish.engine.action import Action, kept
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]

# -- Elder Thing: Radial Symmetry and Dormant (R:528) ------------------------------------------

DORMANT = "Elder Thing: Dormant (R:528; notes §6 item 71)"


def elder(**fields: Any) -> dict[str, Any]:
    """The Lurker L1, an Agent's profile with the Elder Thing's two rules."""
    return agent("L1", abilities=["radial_symmetry", "dormant"], **fields)


def sentry() -> dict[str, Any]:
    """The Lurker L2 that keeps its side in play beside a dormant Elder Thing: Undead, so
    immune to psychology, it takes no test as the last model in play (R:528, R:213)."""
    return agent("L2", types=["undead"])


def test_sa_radial_symmetry_no_extra_attack_for_friends_in_contact_r528() -> None:
    """R:528: T1 and T2 both touch the Elder Thing; T1 fights it with its own 2 dice."""
    game = book(
        agent("T1"),
        agent("T2"),
        elder(),
        placed={"T1": (10.0 - TOUCH, 10.0), "T2": (10.0 + TOUCH, 10.0), "L1": (10.0, 10.0)},
        dice=script("close-combat", 3, 2, 3, 2),  # 3 + 1 each: a Draw
    )
    game.apply("fight T1")
    rolled = [(e.roll.model, e.roll.dice) for e in game.log if e.roll is not None]
    assert rolled == [("T1", "2D6"), ("L1", "2D6")]
    radial = events(game, "radial-symmetry")
    assert [(e.models, e.rule) for e in radial] == [
        (("T1", "L1"), "Elder Thing: Radial Symmetry (R:528)")
    ]
    assert not events(game, "outnumbered")
    assert not dice_left(game)


def test_sa_radial_symmetry_heuristic_weighs_no_extra_die_against_it_r528() -> None:
    """T2 Charges L1 with T1 in base-to-base with it: a die more, unless L1 is an Elder
    Thing."""
    scores = []
    for target in (elder(), agent("L1")):
        game = book(
            agent("T1"),
            agent("T2"),
            target,
            placed={"T1": (10.0 - TOUCH, 10.0), "T2": (14.0, 10.0), "L1": (10.0, 10.0)},
            start="nominate",
        )
        scores.append(ai.charge_score(game, model(game, "T2"), model(game, "L1")))
    assert scores[0] < scores[1]


def shot_down(dice: list[tuple[str, int]], *others: dict[str, Any]) -> Game:
    """T1 shoots the Elder Thing L1 (W1) 8" away with a .45 Handgun (Damage 2)."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        elder(),
        *others,
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0), **{o["id"]: (30.0, 20.0) for o in others}},
        dice=dice,
        start="nominate",
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    return game


def test_sa_dormant_at_0_wounds_instead_of_an_injury_roll_r528() -> None:
    """R:528: the Wound that takes its last goes dormant, no Injury rolled; one beyond its
    last is one more Upkeep of sleep."""
    game = shot_down(script("to-hit", 5, "to-wound", 5), sentry())  # 5 + 2: 2 Wounds
    sleeper = model(game, "L1")
    assert (sleeper.state, sleeper.wounds) == ("dormant", 0)
    assert [e.rule for e in events(game, "dormant")] == [DORMANT]
    assert events(game, "sleeps-on")[0].data == {"lost": 1}
    assert not events(game, "injury")
    assert game.state.slumber == ("L1",)
    assert game.result is None
    assert not dice_left(game)


def test_sa_dormant_lurkers_alone_lose_the_game_r528() -> None:
    """R:528 (notes §6 item 71): a dormant Elder Thing is no model in play."""
    game = shot_down(script("to-hit", 5, "to-wound", 4))
    assert model(game, "L1").on_table
    assert game.result is not None and game.result.winner == 0
    assert not dice_left(game)


def dormant_turn(wounds: int, slumber: int = 0) -> Game:
    """The Threshold's T1 forfeits its Actions, and the Lurkers' turn opens with its Upkeep:
    the Elder Thing L1 (W2) lies dormant with ``wounds``, ``slumber`` lost beyond its last;
    L2 and T1 far off."""

    def sleeping(game: Game) -> None:
        game.state.slumber = ("L1",) * slumber

    game = book(
        agent("T1", weapons=["unarmed", "knife", "handgun_45"]),
        elder(wounds=2),
        sentry(),
        placed={
            "T1": (30.0, 20.0),
            "L1": {"pos": (10.0, 10.0), "state": "dormant", "wounds": wounds},
            "L2": (10.0, 20.0),
        },
        start="nominate",
        before=sleeping,
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    return game


def test_sa_dormant_is_never_nominated_r528() -> None:
    game = dormant_turn(0, slumber=1)
    assert options(game) == ["nominate L2"]
    refused(game, "nominate L1", "L1 is dormant: it may not be nominated (R:528)")


def test_sa_dormant_regains_a_wound_each_upkeep_and_wakes_at_full_wounds_r528() -> None:
    game = dormant_turn(1)
    sleeper = model(game, "L1")
    assert (sleeper.state, sleeper.wounds) == ("normal", 2)
    assert [e.kind for e in game.log if e.rule == DORMANT] == ["stirs", "wakes"]
    assert "nominate L1" in options(game)


def test_sa_dormant_a_wound_beyond_its_last_comes_back_first_r528() -> None:
    game = dormant_turn(0, slumber=1)
    sleeper = model(game, "L1")
    assert (sleeper.state, sleeper.wounds) == ("dormant", 0)
    assert game.state.slumber == ()
    assert events(game, "stirs")[0].data == {"wounds": 0, "lost": 0}


def test_sa_dormant_is_hit_automatically_in_close_combat_r528() -> None:
    """R:528: T1 Charges the dormant Elder Thing: no roll to hit, one die to wound with its
    Knife (Damage 1): 5 + 1 against Constitution 6 is a Wound, its sleep one Upkeep longer;
    it fights back with nothing, so T1 is not held in a combat and leaves with no free hit."""
    game = book(
        agent("T1"),
        elder(),
        sentry(),
        placed={
            "T1": (10.0, 10.0),
            "L1": {"pos": (14.0, 10.0), "state": "dormant", "wounds": 0},
            "L2": (30.0, 20.0),
        },
        start="nominate",
        dice=script("to-wound", 5),
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    hit = events(game, "dormant-hit")[0]
    assert (hit.models, hit.rule) == (("T1", "L1"), DORMANT)
    assert not events(game, "combat-totals")
    assert game.state.slumber == ("L1",)
    game.apply("move T1 10,10")
    assert model(game, "T1").pos == (10.0, 10.0)
    assert not dice_left(game)


def test_sa_dormant_makes_nobody_test_r528() -> None:
    """R:528: no model in play, the Hideous Elder Thing asks no test of the Human T1 in
    base-to-base with it (no die is rolled: a test would ask for one)."""
    game = book(
        agent("T1"),
        elder(skills=["hideous"]),
        sentry(),
        placed={
            "T1": (10.0 - TOUCH, 10.0),
            "L1": {"pos": (10.0, 10.0), "state": "dormant", "wounds": 0},
            "L2": (30.0, 20.0),
        },
        start="nominate",
    )
    apply_all(game, "nominate T1", "pass T1")
    assert not events(game, "resolve")
    assert not dice_left(game)


def test_sa_dormant_causes_a_teratophobic_model_no_fear_r528_r2082() -> None:
    """R:528: the Alien Elder Thing 4" from the Teratophobic T1 would cause it Fear awake
    (notes §6 item 7); dormant, none (no die is rolled: a test would ask for one)."""
    game = book(
        agent("T1", phobias=["teratophobia"]),
        elder(types=["alien"]),
        sentry(),
        placed={
            "T1": (10.0, 10.0),
            "L1": {"pos": (14.0, 10.0), "state": "dormant", "wounds": 0},
            "L2": (30.0, 20.0),
        },
        start="nominate",
    )
    apply_all(game, "nominate T1", "pass T1")
    assert not events(game, "resolve")
    assert not dice_left(game)


def test_sa_dormant_touches_a_haphephobic_model_to_no_test_r528_r234() -> None:
    """R:528: no model in play, the dormant Elder Thing in base-to-base with the Haphephobic
    T1 asks it no test (no die is rolled: a test would ask for one)."""
    game = book(
        agent("T1", phobias=["haphephobia"]),
        elder(),
        sentry(),
        placed={
            "T1": (10.0 - TOUCH, 10.0),
            "L1": {"pos": (10.0, 10.0), "state": "dormant", "wounds": 0},
            "L2": (30.0, 20.0),
        },
        start="nominate",
    )
    apply_all(game, "nominate T1", "pass T1")
    assert not events(game, "resolve")
    assert not dice_left(game)


def test_sa_dormant_leaves_its_friend_the_last_model_in_play_r528_r213() -> None:
    """R:528, R:213: with none but the dormant Elder Thing beside it, L2 is the last model
    of its side in play and tests its Resolve, passed on a 6."""
    game = book(
        agent("T1"),
        elder(),
        agent("L2"),
        placed={
            "T1": (30.0, 20.0),
            "L1": {"pos": (20.0, 10.0), "state": "dormant", "wounds": 0},
            "L2": (6.0, 10.0),
        },
        active=1,
        start="nominate",
        dice=script("resolve", 6),
    )
    apply_all(game, "nominate L2", "pass L2")
    tested = events(game, "resolve")[0]
    assert (tested.models, tested.data["situation"], tested.data["passed"]) == (
        ("L2",),
        "last",
        True,
    )
    assert not dice_left(game)


def test_sa_dormant_heuristic_weighs_no_blow_at_a_sleeper_r528() -> None:
    game = dormant_turn(0, slumber=1)
    assert ai.charge_score(game, model(game, "T1"), model(game, "L1")) == 0.0
    assert ai.shoot_score(game, model(game, "T1"), model(game, "L1"), "handgun_45") == 0.0


def test_sa_dormant_and_radial_symmetry_make_the_elder_thing_playable_r528(
    rules: StrangeAeons,
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["elder_thing"])


# -- Formless Thing and Tentacle: Consume (R:575, R:698) ----------------------------------------

CONSUME = "Consume (R:575, R:698)"
PSEUDOPODS = {
    "pseudopods": {
        "id": "pseudopods",
        "name": "Consume",
        "kind": "ranged",
        "damage": 0,
        "range": 8.0,
        "rate": 1,
        "ability": "consume",
        "harmless": True,
    }
}
"""The Formless Thing's Pseudopods as its 8" shot of no damage (R:575)."""


def consuming(dice: list[tuple[str, int]], **target: Any) -> Game:
    """The Hideous Formless Thing L1 at (10, 10) fires its Pseudopods at T1, 5" east."""
    game = book(
        agent("T1", **target),
        agent("L1", skills=["hideous"], weapons=["unarmed", "knife", "pseudopods"]),
        placed={"T1": (10.0 + TOUCH + 5.0, 10.0), "L1": (10.0, 10.0)},
        weapons=PSEUDOPODS,
        active=1,
        start="nominate",
        dice=dice,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 pseudopods")
    return game


def test_sa_consume_a_hit_drags_the_target_in_and_a_round_follows_r575() -> None:
    """R:575: a 5 hits; T1 is placed touching the Thing, tests for its Hideousness (a 4
    passes) and the round of close combat, a Charge, is fought at once (3 + 1 each: a Draw)."""
    dice = script("to-hit", 5, "resolve", 4, "close-combat", 3, 2, 3, 2)
    game = consuming(dice)
    dragged = events(game, "consumed")[0]
    assert (dragged.models, dragged.rule) == (("L1", "T1"), CONSUME)
    assert model(game, "T1").pos == pytest.approx((10.0 + TOUCH, 10.0), abs=0.01)
    assert events(game, "combat-totals")[0].models == ("L1", "T1")
    assert not events(game, "wounded")
    assert not dice_left(game)


def test_sa_consume_a_miss_leaves_the_target_where_it_stands_r575() -> None:
    game = consuming(script("to-hit", 4))
    assert not events(game, "consumed")
    assert model(game, "T1").pos == (10.0 + TOUCH + 5.0, 10.0)
    assert not dice_left(game)


def test_sa_consume_a_saved_hit_drags_nothing_r575() -> None:
    """A Tough T1 saves the hit with a 6: nothing to drag (R:575)."""
    game = consuming(script("to-hit", 5, "save", 6), skills=["tough"])
    assert not events(game, "consumed")
    assert not dice_left(game)


def test_sa_consume_a_rider_is_not_dragged_from_his_horse_r575() -> None:
    """R:575: T1 rides the Horse T2; the hit lands, but the pair stays (our reading)."""

    def mounted(game: Game) -> None:
        game.state.mounts = (("T1", "T2"),)

    game = book(
        agent("T1"),
        agent("T2", name="Horse"),
        agent("L1", weapons=["unarmed", "knife", "pseudopods"]),
        placed={"T1": (16.0, 10.0), "T2": (16.0 + TOUCH, 10.0), "L1": (10.0, 10.0)},
        weapons=PSEUDOPODS,
        active=1,
        start="nominate",
        before=mounted,
        dice=script("to-hit", 5),
    )
    apply_all(game, "nominate L1", "shoot L1 T1 pseudopods")
    assert events(game, "consume-held")[0].models == ("L1", "T1")
    assert model(game, "T1").pos == (16.0, 10.0)
    assert not dice_left(game)


def test_sa_consume_the_formless_thing_and_the_tentacle_play_r575_r698(
    rules: StrangeAeons,
) -> None:
    played = load_played()
    assert playable(rules.book, played, rules.book.lurkers["formless_thing"])
    assert playable(rules.book, played, rules.book.lurkers["tentacle"])


def test_sa_transdimensional_visitor_a_tentacle_is_never_bought_r698(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    path = tmp_path / "lurkers.toml"
    path.write_text('name = "L"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Tentacle"\n')
    with pytest.raises(SkirmishError, match="a Tentacle is only ever summoned"):
        rules.new_game({"threshold": TEAM, "lurkers": str(path)}, 1)


def test_sa_consume_heuristic_weighs_the_round_after_the_drag_r575() -> None:
    """A hit (1 in 3) brings the Thing's round against T1: 3 Attacks with Claws."""
    game = book(
        agent("T1"),
        agent("L1", attacks=3, skills=["hideous"], weapons=["unarmed", "claws", "pseudopods"]),
        placed={"T1": (10.0 + TOUCH + 5.0, 10.0), "L1": (10.0, 10.0)},
        weapons=PSEUDOPODS,
        active=1,
        start="nominate",
    )
    thing, target = model(game, "L1"), model(game, "T1")
    fight = ai.charge_score(game, thing, target)
    assert fight > 0
    assert ai.shoot_score(game, thing, target, "pseudopods") == pytest.approx(fight / 3)


# -- Conqueror Worm: Burrower, Worm-Spawn and its Command (R:557) ----------------------------

BURROWER = agent("L1", abilities=["burrower"])


def test_sa_burrower_rough_terrain_costs_its_move_nothing_r557() -> None:
    game = across_rubble(BURROWER)
    assert model(game, "L1").pos == (15.0, 10.0)


def burrowing(at: tuple[float, float], board_used: Any = RUBBLE) -> Game:
    """The burrower L1 at (9, 10) nominated, T1 at ``at``, on :data:`RUBBLE` (a strip of
    rough terrain at x = 12 to 13) or ``board_used``."""
    game = book(
        agent("T1"),
        BURROWER,
        placed={"T1": at, "L1": (9.0, 10.0)},
        board=board_used,
        active=1,
    )
    game.apply("nominate L1")
    return game


def test_sa_burrower_never_ends_a_move_in_rough_terrain_r557() -> None:
    game = burrowing((30.0, 20.0))
    refused(game, "move L1 12.5,10", "L1 burrows: it never ends a Move in rough terrain (R:557)")


def test_sa_burrower_passes_under_impassable_terrain_r557() -> None:
    wall = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(12, 0, 13, 24)}
    )
    game = burrowing((30.0, 20.0), wall)
    game.apply("move L1 14,10")
    assert model(game, "L1").pos == (14.0, 10.0)


def test_sa_burrower_never_charges_a_model_in_rough_terrain_r557() -> None:
    game = burrowing((12.5, 10.0))
    refused(
        game, "charge L1 T1", "T1 stands in rough terrain: L1 burrows and never Charges it (R:557)"
    )


GRUB = "L:grave_grub"


def worm_game(*others: dict[str, Any], **kwargs: Any) -> Game:
    """The Conqueror Worm L1 (W3, Command) with ``others``; the setup holds the Grave Grub
    its Worm-Spawn brings, as a list with a Worm does."""
    worm = agent(
        "L1",
        wounds=3,
        skills=["command"],
        abilities=["worm_spawn"],
        command_kinds=["grave_grub"],
    )
    setup = forces(worm, *others)
    grub = agent(GRUB, name="Grave Grub", attacks=1, kind="grave_grub")
    setup["lurkers"]["spawns"] = [grub]
    return scenario(kwargs.pop("placed"), ruleset_id=BOOK, setup=setup, **kwargs)


def test_sa_worm_spawn_a_wound_brings_a_grub_that_fights_the_wounder_r557() -> None:
    """R:557: T1, in base-to-base, Charges the Worm and wounds it (5 + 1 beats 3 + 1; 5 + 1
    against Con 6); its player places the Grub touching both, and the Grub (2 dice: the Worm
    touches T1 too) fights T1 at once: 3 + 1 against 3 + 1, a Draw."""
    dice = script("close-combat", 5, 2, 3, 2, "to-wound", 5, 1, "close-combat", 3, 2, 3, 2)
    game = worm_game(
        agent("T1"),
        placed={"T1": (14.0 - TOUCH, 10.0), "L1": (14.0, 10.0)},
        start="nominate",
        dice=dice,
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "worm-spawn")[0].data == {"grubs": 1}
    assert game.decision is not None and game.decision.kind == "grub"
    touching = kept((14.0 - TOUCH / 2, 10.0 + TOUCH * math.sqrt(3) / 2))
    assert touching in ai_points(game)
    refused(game, "grub L1 20,20", "a Grub is placed in base-to-base with L1 (R:557)")
    game.apply(Action("grub", ("L1",), touching))
    grub = model(game, "L1G1")
    assert (grub.profile, grub.side, game.state.grubs) == (GRUB, 1, (("L1G1", "L1"),))
    assert events(game, "combat-totals")[-1].models == ("L1G1", "T1")
    assert not dice_left(game)


def test_sa_worm_spawn_a_grub_touching_two_wounders_fights_the_one_picked_r557() -> None:
    """R:557: T1 and T2 both wounded the Worm this Turn; its Grub, placed touching both,
    fights the one its player picks (2 dice, the Worm touching T2; T2 3, T1 touching the
    Grub): 3 + 1 against 3 + 1, a Draw."""

    def wounded(game: Game) -> None:
        game.state.spawns = ("L1",)
        game.state.wormed = (("L1", "T1", 1), ("L1", "T2", 1))

    step = TOUCH * math.sqrt(3) / 2
    game = worm_game(
        agent("T1"),
        agent("T2"),
        agent("T3"),
        placed={
            "T1": (14.0 - TOUCH, 10.0),
            "T2": (14.0 + TOUCH / 2, 10.0 + step),
            "T3": (30.0, 20.0),
            "L1": (14.0, 10.0),
        },
        start="nominate",
        before=wounded,
        dice=script("close-combat", 3, 2, 3, 2, 2),
    )
    apply_all(game, "nominate T3", "pass T3")
    game.apply(Action("grub", ("L1",), kept((14.0 - TOUCH / 2, 10.0 + step))))
    assert options(game) == ["grub-fight L1G1 T1", "grub-fight L1G1 T2"]
    game.apply("grub-fight L1G1 T2")
    assert events(game, "combat-totals")[-1].models == ("L1G1", "T2")
    assert not dice_left(game)


def ai_points(game: Game) -> list[tuple[float, float]]:
    """The points the pending decision offers the players."""
    assert game.decision is not None
    return game.ruleset.candidate_points(game, game.decision.points[0])


def test_sa_worm_spawn_its_command_nominates_only_its_own_grubs_r1060() -> None:
    def spawned(game: Game) -> None:
        game.state.grubs = (("L1G1", "L1"),)

    game = worm_game(
        agent("T1"),
        agent("L2", name="Grave Grub", kind="grave_grub"),
        placed={
            "T1": (30.0, 20.0),
            "L1": (10.0, 10.0),
            "L2": (14.0, 10.0),
            "L1G1": {"pos": (10.0, 14.0), "profile": GRUB},
        },
        active=1,
        start="nominate",
        before=spawned,
    )
    game.apply("nominate L1")
    assert options(game) == ["nominate L1G1", "done"]
    refused(game, "nominate L2", "L2 is no Grub of L1: its Command nominates only its own (R:557)")


def test_sa_worm_spawn_and_burrower_make_the_conqueror_worm_playable_r557(
    rules: StrangeAeons,
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["conqueror_worm"])
