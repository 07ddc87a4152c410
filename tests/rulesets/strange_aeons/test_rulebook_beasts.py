"""The Beasts' own rules: the Werewolf's (R:628-632) and the Leng Spider's (R:592-596), each
with scripted dice on forces written by hand, named after the ability, its R: line in the
docstring."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script, scripted
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    options,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import BOOK, agent, book, commanding, forces
from tests.rulesets.strange_aeons.test_rulebook_lurkers import rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.engine.action import kept
from skirmish.engine.game import Game
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.eggs import PreLaid, lay_error, spots
from skirmish.rulesets.strange_aeons.forces import force_setup, load_played, playable
from skirmish.rulesets.strange_aeons.lists.costs import model_points
from skirmish.rulesets.strange_aeons.lists.list_file import read_list
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.mobs import CARRIED
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import Egg, Mob

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


def test_r932_a_drug_crazed_human_lurker_hears_no_howl() -> None:
    """R:932: Drug Crazed Human Lurkers suffer no Psychology: the Werewolf's bark tests no
    Cultist within 10"."""
    game = book(
        agent("T1"),
        werewolf(),
        agent("L2", types=["human"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (14.0, 10.0)},
        active=1,
        plots=("drug_crazed",),
    )
    apply_all(game, "nominate L1", "howl L1")
    assert len(events(game, "howl")) == 1
    assert not events(game, "resolve")
    assert model(game, "L2").state == "normal"


def test_sa_bark_at_the_moon_is_given_again_with_the_next_action_r632() -> None:
    """R:632: an Action with no limit of once a game, as Primal Scream has (R:601)."""
    game = barked("resolve", 4)
    assert events(game, "resolve")[0].data["passed"]
    assert "howl L1" in options(game)
    game.apply("howl L1")
    assert len(events(game, "howl")) == 2
    assert not dice_left(game)


def test_r215_a_model_that_passed_against_a_bark_is_not_tested_at_the_next() -> None:
    """R:215, R:534, notes §6 item 44: the same Werewolf's bark is the same situation each
    time: T1, which passed at the first, takes no test at the second."""
    game = barked("resolve", 4)
    game.apply("howl L1")
    assert len(events(game, "howl")) == 2
    tests = [(e.models, e.data["situation"], e.data["passed"]) for e in events(game, "resolve")]
    assert tests == [(("T1",), "howl:L1", True)]
    assert model(game, "T1").state == "normal"
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


# -- Leng Spider: Egg Layer and Brood Mother (R:596) -------------------------------------------

HATCHLING = "L:swarm"
"""The profile of the Swarms the Lurkers' eggs hatch into, as set-up names it."""


def nest(*faces: str | int, active: int = 1, first: Sequence[Step] = (), **state: Any) -> Game:
    """The Spider L1 at (10, 10) with Command over hatched Swarms and a Pre-laid Egg, a Swarm
    L2 its list bought at (20, 10), T1 far off; the game's ``state`` set before the turn
    begins, the set-up steps ``first`` played before it."""
    mother = agent(
        "L1",
        types=["beast"],
        skills=["command"],
        abilities=["egg_layer", "brood_mother"],
        command_kinds=["swarm"],
        kind="leng_spider",
        eggs=1,
    )
    setup = forces(agent("T1", weapons=["unarmed", "knife", "handgun_45"]), mother, swarm("L2"))
    setup["lurkers"]["spawns"] = [swarm(HATCHLING, name="Swarm")]
    placed = {"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (20.0, 10.0), **state.pop("placed", {})}

    def laid(game: Game) -> None:
        for field, value in state.items():
            setattr(game.state, field, value)

    return scenario(
        placed, script(*faces), active, ruleset_id=BOOK, setup=setup, before=laid, first=first
    )


def swarm(model_id: str, **fields: Any) -> dict[str, Any]:
    return agent(model_id, types=["beast"], kind="swarm", **fields)


def test_sa_egg_layer_an_action_lays_an_egg_in_base_to_base_once_a_turn_r596() -> None:
    """R:596: the egg's marker touches the Spider; it incubates 1D3+1 Turns (a 3: 2 + 1)."""
    game = nest("incubation", 3)
    game.apply("nominate L1")
    refused(game, "lay L1 15,10", "the egg is laid in base-to-base with L1")
    game.apply("lay L1 10.98,10")
    laid = events(game, "egg-laid")[0]
    assert (laid.rule, laid.data["turns"], laid.data["hatches"]) == (
        "Leng Spider: Egg Layer (R:596)",
        3,
        4,
    )
    assert game.state.eggs == (Egg("L1E1", "L1", 10.98, 10.0, 4),)
    refused(game, "lay L1 10,10.98", "L1 lays an egg once a Turn")
    assert not dice_left(game)


def test_sa_egg_layer_every_spot_offered_is_legal_as_an_action_keeps_it_r596() -> None:
    """R:596: a spot is offered rounded as the Action records it, so playing it is legal."""
    game = nest()
    spider = model(game, "L1")
    offered = spots(game, spider)
    assert offered and all(p == kept(p) for p in offered)
    assert all(lay_error(game, spider, p) is None for p in offered)


def test_sa_egg_layer_the_egg_hatches_into_1d3_swarms_in_the_lurkers_upkeep_r596() -> None:
    """R:596: in the Upkeep of the round it reaches, 1D3 Swarms (a 5: 3) take its place."""
    game = nest("hatching", 5, active=0, eggs=(Egg("L1E1", "L1", 5.0, 5.0, 1),))
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    hatched = events(game, "hatched")[0]
    assert hatched.models == ("L1E1S1", "L1E1S2", "L1E1S3")
    assert model(game, "L1E1S1").pos == (5.0, 5.0)
    assert [model(game, s).profile for s in hatched.models] == [HATCHLING] * 3
    assert game.state.eggs == () and game.state.hatched == hatched.models
    assert not dice_left(game)


def test_sa_egg_layer_an_egg_is_destroyed_as_an_object_of_con_5_and_2_wounds_r596() -> None:
    """R:596, notes §2.6: T1's Attacks all hit; 4 + 1 is a Wound, 6 + 1 two more."""
    egg = Egg("L1E1", "L1", 30.0 + TOUCH, 20.0, 4)
    game = nest("to-wound", 4, 2, 6, 1, active=0, eggs=(egg,))
    game.apply("nominate T1")
    assert "crush T1 L1E1" in options(game)
    game.apply("crush T1 L1E1")
    assert game.state.eggs == (Egg("L1E1", "L1", 30.0 + TOUCH, 20.0, 4, lost=1),)
    game.apply("crush T1 L1E1")
    assert events(game, "egg-destroyed")[0].data == {"egg": "L1E1"}
    assert game.state.eggs == ()
    assert not dice_left(game)


def test_sa_egg_layer_a_shot_at_a_model_touching_an_egg_is_randomized_r596() -> None:
    """R:596: a 5 of the two picks the egg, hit with no save, 3 + 2 against Con 5."""
    egg = Egg("L1E1", "L1", 20.0, 10.0 + TOUCH, 4)
    placed = {"T1": (28.0, 10.0)}
    game = nest(
        "random-target", 5, "to-hit", 5, "to-wound", 3, active=0, eggs=(egg,), placed=placed
    )
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_45")
    assert events(game, "egg-randomized")[0].data == {"egg": "L1E1"}
    assert game.state.eggs[0].lost == 1 and model(game, "L2").wounds == 1
    assert not dice_left(game)


def test_r191_two_hits_on_an_egg_make_one_roll_to_wound_r596() -> None:
    """R:191, R:596: a .22's two hits fall on the egg: one roll of 2D6, the highest 4 adding
    the Damage 1, is 5 against Con 5, one Wound; the egg stands."""
    egg = Egg("L1E1", "L1", 20.0, 10.0 + TOUCH, 4)
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "handgun_22"]),
        agent("L1", types=["beast"], abilities=["egg_layer"], kind="leng_spider"),
        swarm("L2"),
        placed={"T1": (28.0, 10.0), "L1": (10.0, 10.0), "L2": (20.0, 10.0)},
        dice=script("random-target", 5, "to-hit", 4, 4, "to-wound", 4, 4),
        before=lambda g: setattr(g.state, "eggs", (egg,)),
    )
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_22")
    assert events(game, "hits")[0].data == {"hits": 2, "need": 4}
    hits = [e.data for e in events(game, "egg-hit")]
    assert hits == [{"egg": "L1E1", "total": 5, "con": 5, "wounds": 1, "left": 1}]
    assert game.state.eggs == (Egg("L1E1", "L1", 20.0, 10.0 + TOUCH, 4, lost=1),)
    assert not events(game, "egg-destroyed")
    assert not dice_left(game)


CLOSE_GUN = {
    "id": "sawn_off",
    "name": "Sawn-Off",
    "kind": "ranged",
    "damage": 2,
    "range": 8.0,
    "rate": 1,
    "specials": ["blast"],
}
"""A gun of 1D+2 with Close Range's +1 within 6" (notes §6 item 20)."""


def test_r1062_crack_shot_and_close_range_add_to_the_roll_to_wound_an_egg_r596() -> None:
    """R:1062, R:596: a Crack Shot's shot 5" from L2 falls on its egg: 1 + 2, +1 at Close
    Range, +1 for the Crack Shot, is 5 against Con 5, a Wound."""
    egg = Egg("L1E1", "L1", 20.0, 10.0 + TOUCH, 4)
    game = book(
        agent("T1", skills=["crack_shot"], weapons=["unarmed", CLOSE_GUN["id"]]),
        agent("L1", types=["beast"], abilities=["egg_layer"], kind="leng_spider"),
        swarm("L2"),
        placed={"T1": (26.0, 10.0), "L1": (10.0, 10.0), "L2": (20.0, 10.0)},
        weapons={CLOSE_GUN["id"]: CLOSE_GUN},
        dice=[("random-target", 5), ("to-hit", 5), ("to-wound", 1)],
        before=lambda g: setattr(g.state, "eggs", (egg,)),
    )
    apply_all(game, "nominate T1", f"shoot T1 L2 {CLOSE_GUN['id']}")
    assert events(game, "blast")[0].data == {"name": "Close Range", "reach": 6.0}
    hit = events(game, "egg-hit")[0]
    assert hit.data == {"egg": "L1E1", "total": 5, "con": 5, "wounds": 1, "left": 1}
    assert model(game, "L2").wounds == 1
    assert not dice_left(game)


def test_r273_a_template_catches_an_egg_under_it_r596() -> None:
    """R:273, R:596: Dynamite on L2 lies over its egg too: the one roll to wound, 1 + 5, is
    applied to the egg with no save, as to any object under a template: its 2 Wounds go."""
    egg = Egg("L1E1", "L1", 20.0, 10.0 + TOUCH, 4)
    game = book(
        agent("T1", weapons=["unarmed", "dynamite"]),
        agent("L1", types=["beast"], abilities=["egg_layer"], kind="leng_spider"),
        swarm("L2", con=12),
        placed={"T1": (26.0, 10.0), "L1": (10.0, 10.0), "L2": (20.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 1)],
        before=lambda g: setattr(g.state, "eggs", (egg,)),
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L2 dynamite")
    assert events(game, "template")[0].models == ("L2",)
    hit = events(game, "egg-hit")[0]
    assert (hit.rule, hit.models) == ("Leng Spider: Egg Layer (R:596)", ("T1",))
    assert hit.data == {"egg": "L1E1", "total": 6, "con": 5, "wounds": 2, "left": 0}
    assert events(game, "egg-destroyed")[0].data == {"egg": "L1E1"}
    assert game.state.eggs == ()
    assert not dice_left(game)


def test_sa_brood_mother_nominates_only_swarms_hatched_from_eggs_r596() -> None:
    """R:596: the Spider's Command reaches L3, hatched, and not L2, bought."""
    hatched = {"pos": (14.0, 10.0), "profile": HATCHLING}
    game = nest(placed={"L3": hatched, "L2": (10.0, 14.0)}, hatched=("L3",))
    game.apply("nominate L1")
    refused(game, "nominate L2", "L2 was not hatched from an egg: L1 nominates only those")
    game.apply("nominate L3")
    assert not dice_left(game)


# -- Leng Spider: Spider Tide (R:596, R:946) ----------------------------------------------------


def tide(t1: tuple[float, float] = (30.0, 20.0), *dice: tuple[str, int]) -> Game:
    """The Spider L1 and five Swarms L2-L6 in a row, base to base, T1 at ``t1``; L1 has just
    passed, the dice ``dice``."""
    swarms = [swarm(f"L{i}") for i in range(2, 7)]
    game = book(
        agent("T1"),
        agent("L1", types=["beast"], abilities=["spider_tide"], kind="leng_spider"),
        *swarms,
        placed={
            "T1": t1,
            "L1": (10.0, 4.0),
            **{s["id"]: (10.0 + TOUCH * i, 10.0) for i, s in enumerate(swarms)},
        },
        active=1,
        dice=list(dice),
    )
    apply_all(game, "nominate L1", "pass L1")
    return game


def test_sa_spider_tide_five_swarms_in_base_to_base_form_a_mob_r596() -> None:
    """R:596, R:946: the five form a Mob at once, its template centred amid them."""
    game = tide()
    assert options(game) == ["tide L2 L3 L4 L5 L6", "no-tide L2 L3 L4 L5 L6"]
    game.apply("tide L2 L3 L4 L5 L6")
    assert events(game, "spider-tide")[0].rule == "Leng Spider: Spider Tide (R:596, R:946)"
    assert game.state.mobs == (Mob("Spider Tide L2", ("L2", "L3", "L4", "L5", "L6"), "L2"),)
    body = model(game, "L2")
    assert (body.x, body.y, body.radius) == (pytest.approx(10.0 + 2 * TOUCH), 10.0, 2.35)
    assert model(game, "L3").removed == CARRIED


def test_sa_spider_tide_no_mob_where_its_template_fits_nowhere_r596() -> None:
    """R:921: with T1 beside the row, the template fits neither amid the five nor on L2: the
    five stay as they are, and the group counts as declined."""
    game = tide((11.0, 12.3), ("resolve", 6))  # T1, alone by three Swarms, tests
    game.apply("tide L2 L3 L4 L5 L6")
    blocked = events(game, "spider-tide-blocked")[0]
    assert (blocked.rule, blocked.models) == (
        "Leng Spider: Spider Tide (R:596, R:946)",
        ("L2", "L3", "L4", "L5", "L6"),
    )
    assert game.state.mobs == () and model(game, "L3").pos == (10.0 + TOUCH, 10.0)
    assert game.state.tides_declined == (("L2", "L3", "L4", "L5", "L6"),)


def test_sa_spider_tide_a_group_declined_is_not_asked_again_r596() -> None:
    """R:596: they "may" form a Mob; the player who would not is not asked again."""
    game = tide()
    game.apply("no-tide L2 L3 L4 L5 L6")
    assert game.state.tides_declined == (("L2", "L3", "L4", "L5", "L6"),)
    game.apply("pass L1")
    assert not events(game, "spider-tide") and game.state.mobs == ()


def test_sa_egg_layer_a_list_with_a_spider_holds_its_hatched_swarms_and_plays(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    """R:592-596: Egg Layer, Spider Tide, Brood Mother and Cocoon are played; the Swarms its
    eggs hatch into are in the setup from the start."""
    assert playable(rules.book, load_played(), rules.book.lurkers["leng_spider"])
    force = read_list(lurker_list(tmp_path, '[[models]]\nprofile = "Leng Spider"\n'), rules.book)
    setup = force_setup(rules.book, force, 1, "test", scripted())
    assert [p["id"] for p in setup["spawns"]] == [HATCHLING]
    assert [w["id"] for w in setup["weapons"]] == ["leng_spider.venomous-bite", "swarm.bite"]


def test_sa_pre_laid_egg_placed_within_6_inches_at_the_end_of_deployment_r596() -> None:
    """R:596: the egg bought with the list is placed within 6" of the Spider before the first
    Turn, its incubation rolled then (a 1: 1 + 1 Turns, hatching in round 2)."""
    game = nest("incubation", 1, first=[PreLaid()], round=0)  # the set-up, before round 1
    assert game.decision is not None and game.decision.kind == "egg"
    refused(game, "egg L1 17.5,10", 'a Pre-laid Egg is placed within 6" of L1')
    game.apply("egg L1 16.5,10")
    laid = events(game, "egg-laid")[0]
    assert (laid.data["egg"], laid.data["hatches"]) == ("L1E1", 2)
    assert game.state.eggs == (Egg("L1E1", "L1", 16.5, 10.0, 2),)
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_sa_pre_laid_egg_bought_once_for_each_egg_r596(rules: StrangeAeons, tmp_path: Path) -> None:
    """R:596: +1 point an egg, bought as many times as eggs are wanted."""
    entry = '[[models]]\nprofile = "Leng Spider"\nupgrades = ["Pre-laid Egg", "Pre-laid Egg"]\n'
    force = read_list(lurker_list(tmp_path, entry), rules.book)
    setup = force_setup(rules.book, force, 1, "test", scripted())
    assert setup["models"][0]["eggs"] == 2
    assert check_lurkers(rules.book, force) == []
    assert model_points(rules.book, force.picks[0]) == 15


def test_sa_cocoon_the_trapped_model_charges_no_enemy_it_does_not_touch_r596() -> None:
    """R:596: a Charge out of the cocoon is no attempt to escape: L1, 4" off, is not one."""
    game = cocooned(L1=(10.0 + TOUCH + 4.0, 10.0))
    game.apply("nominate T1")
    refused(game, "charge T1 L1", "T1 is cocooned: it may only try to escape")
