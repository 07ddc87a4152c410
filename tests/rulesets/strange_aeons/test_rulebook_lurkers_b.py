"""Lurker profiles' own rules, batch B (notes §3.4): each with scripted dice on forces
written by hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

from pathlib import Path

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
from tests.rulesets.strange_aeons.rulebook import BOOK, agent, forces
from tests.rulesets.strange_aeons.rulebook import book as rulebook_game
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, book, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.reagents import REAGENTS, blast_weapon
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.shoggoth import tokens, wear_off
from skirmish.rulesets.strange_aeons.turn import action_options

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
    assert game.describe(reroll) == (
        "Agent L1 (L1) makes Agent T1 (T1) re-roll die 1 of the to-hit 1D6: its 5 becomes 2, "
        f"the dice now [2]  [{VILLAIN}]"
    )
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


def test_sa_master_villain_a_die_it_rerolled_is_not_rerolled_again_r816() -> None:
    """R:816, R:369: a Civilian's Resolve die the Villain re-rolled (5, then 2) is not
    re-rolled by Blissful Ignorance: no die is re-rolled twice."""
    game = book(
        agent("T1", res=5, abilities=["blissful_ignorance"]),
        agent("L1", abilities=["master_villain"], types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 5), ("resolve", 2), ("insanity", 1)],
    )
    apply_all(game, "nominate T1", "pass T1", "villain T1 1 L1")
    assert events(game, "resolve")[0].data["passed"] is False
    assert game.state.bliss_used == ()
    assert not dice_left(game)


def test_sa_master_villain_may_let_the_roll_stand_r816() -> None:
    game = villain_watches([("to-hit", 5), ("to-wound", 1)])
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_45", "let T1")
    assert not events(game, "reroll") and game.state.villainy == ()
    assert events(game, "hits")[0].data == {"hits": 1, "need": 5}
    assert not dice_left(game)


def test_r816_the_heuristic_spoils_an_opponents_wound_by_what_each_face_does() -> None:
    # The Villain's re-roll of T1's to-wound 6 on L2 is weighed as a re-roll of its own side's
    # is (ai._reroll_gain): most faces would spare L2 the Wound, so it is spent, not kept for
    # a save or a test as a to-wound roll once was (let stand, scored below letting it).
    game = villain_watches([("to-hit", 5), ("to-wound", 6)])
    apply_all(game, "nominate T1", "shoot T1 L2 handgun_45", "let T1")
    assert game.decision is not None and game.decision.kind == "villain"
    spoil, let = ai.score_actions(game, list(game.decision.options))
    assert spoil > let, "the Wound a re-roll would spare L2 is worth the Villain's re-roll"


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
    reroll = events(game, "reroll")[0]
    assert reroll.models == ("L1",)
    # Its own side's die: the Villain makes its friend re-roll it, forcing no one.
    assert game.describe(reroll).startswith(
        "Agent L1 (L1) makes Agent L2 (L2) re-roll die 1 of the to-hit 1D6: its 2 becomes 5"
    )
    assert events(game, "hits")[0].data == {"hits": 1, "need": 5}
    assert not dice_left(game)


def test_sa_master_villain_rerolls_a_stupid_friends_forfeit_r816() -> None:
    game = book(
        agent("T1"),
        agent("L1", abilities=["master_villain"]),
        agent("L2", abilities=["stupid"]),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 20.0), "L2": (18.0, 10.0)},
        active=1,
        dice=[("stupid", 1), ("stupid", 4)],
    )
    game.apply("nominate L2")
    assert options(game) == ["villain L2 1 L1", "keep L2"]
    game.apply("villain L2 1 L1")
    assert game.decision is not None and game.decision.kind == "action"
    assert not events(game, "stupid")
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


# -- Mad Scientist: Diabolical Serum and Self-Medicate (R:792-801) ------------------------------

TABLE = "Reagent Table (R:793-801)"
CONSTRUCT = "L:blasphemous_construct"
SCIENTIST = agent("L1", abilities=["diabolical_serum", "self_medicate"])
ZOMBIE = agent("L2", name="Zombie", types=["undead"], con=5, kind="zombie")


def laboratory(
    dice: list[tuple[str, int]],
    *others: dict[str, object],
    zombie: dict[str, object] | None = ZOMBIE,
    nominated: str = "L1",
    **state: tuple[str, ...],
) -> Game:
    """The Mad Scientist L1 at (10, 10), the Zombie L2 ``zombie`` in base-to-base east of him
    (if any), T1 far off; the Lurkers' turn, ``nominated`` nominated, the game's ``state``
    as given. The setup holds the Blasphemous Construct and the Volatile blast ready, as a
    list with a Mad Scientist does."""
    profiles = [SCIENTIST, *([zombie] if zombie else []), agent("T1"), *others]
    setup = forces(*profiles)
    construct = agent(CONSTRUCT, name="Blasphemous Construct", wounds=4, abilities=["deadly_rage"])
    setup["lurkers"]["spawns"] = [construct]
    setup["lurkers"]["weapons"].append(blast_weapon(REAGENTS).model_dump(mode="json"))
    placed = {p["id"]: (10.0 + TOUCH * i, 10.0) for i, p in enumerate(profiles) if p["side"]}
    game = scenario({**placed, "T1": (30.0, 20.0)}, dice, 1, ruleset_id=BOOK, setup=setup)
    for field, value in state.items():
        setattr(game.state, field, value)
    game.apply(f"nominate {nominated}")
    return game


def reagent(first: int, second: int) -> list[tuple[str, int]]:
    """The 2D6 on the Reagent Table."""
    return [("reagent", first), ("reagent", second)]


def test_sa_diabolical_serum_failure_destroys_the_zombie_r796() -> None:
    game = laboratory([*reagent(1, 2), ("resolve", 6)])  # the Scientist is left alone: a test
    game.apply("inject L1 L2")
    injected = events(game, "injected")[0]
    assert (injected.rule, injected.models) == (
        "Mad Scientist: Diabolical Serum (R:792)",
        ("L1", "L2"),
    )
    assert events(game, "reagent")[0].data == {"roll": 3, "result": "Failure!"}
    assert model(game, "L2").removed == "destroyed"
    assert not game.state.pending_tests
    assert not dice_left(game)


def test_sa_diabolical_serum_inert_does_nothing_and_once_a_zombie_r798() -> None:
    game = laboratory(reagent(3, 3))
    game.apply("inject L1 L2")
    assert events(game, "reagent")[0].data == {"roll": 6, "result": "Inert!"}
    assert model(game, "L2").profile == "L2" and game.state.injected == ("L2",)
    assert "inject L1 L2" not in options(game)
    refused(game, "inject L1 L2", "L2 has been injected already: once a model (R:792)")
    assert not dice_left(game)


def test_sa_diabolical_serum_metabolic_boost_adds_3_movement_and_1_constitution_r800() -> None:
    game = laboratory(reagent(4, 5))
    game.apply("inject L1 L2")
    zombie = model(game, "L2")
    prof = catalog_of(game).profile(zombie.profile)
    assert (zombie.profile, prof.move, prof.con) == ("L2!move+3!con+1", 8, 6)
    assert [e.data["change"] for e in events(game, "serum-change")] == ["move+3", "con+1"]
    assert not dice_left(game)


def test_sa_diabolical_serum_slight_success_moves_one_characteristic_r799() -> None:
    game = laboratory(reagent(3, 4))
    game.apply("inject L1 L2")
    assert game.decision is not None and game.decision.kind == "reagent"
    changes = [a.args[1] for a in game.decision.options]
    assert changes == [
        "move+1", "move-1", "dex+1", "dex-1", "con+1", "con-1",
        "attacks+1", "attacks-1", "wounds+1", "res+1", "res-1",
    ]  # fmt: skip
    game.apply("reagent L2 wounds+1")  # Wounds of 0 are not offered
    zombie = model(game, "L2")
    assert (catalog_of(game).profile(zombie.profile).wounds, zombie.wounds) == (2, 2)
    assert not dice_left(game)


def test_r799_a_slight_success_takes_a_1d3_plus_1_movement_down_to_1d3() -> None:
    rolling = agent("L2", name="Zombie", types=["undead"], kind="zombie", move=1, move_die=3)
    game = laboratory(reagent(3, 4), zombie=rolling)
    game.apply("inject L1 L2")
    assert game.decision is not None
    assert [a.args[1] for a in game.decision.options][:2] == ["move+1", "move-1"]
    game.apply("reagent L2 move-1")
    changed = catalog_of(game).profile(model(game, "L2").profile)
    assert (changed.move, changed.move_die, changed.top_move) == (0, 3, 3)
    assert not dice_left(game)


def test_sa_diabolical_serum_mutation_makes_a_raging_construct_r801() -> None:
    game = laboratory(reagent(6, 6))
    game.apply("inject L1 L2")
    zombie = model(game, "L2")
    assert (zombie.profile, zombie.wounds) == (CONSTRUCT, 4)
    assert events(game, "mutated")[0].data == {"becomes": "Blasphemous Construct"}
    assert game.state.raging == ("L2",)
    assert action_options(game, zombie) == ((Action("rage", ("L2",)),), ())
    assert not dice_left(game)


def test_sa_diabolical_serum_the_constructs_first_action_is_its_deadly_rage_r801() -> None:
    game = laboratory([("injury", 1), ("injury", 1)], nominated="L2", raging=("L2",))
    refused(game, "pass L2", "L2 has mutated: its first Action is its Deadly Rage (R:801)")
    game.apply("rage L2")  # the Mad Scientist in base-to-base takes its Wound
    assert events(game, "rage-wound")[0].models == ("L1",)
    assert game.state.raging == ()
    assert not dice_left(game)


def test_sa_diabolical_serum_volatile_rolls_before_each_move_r797() -> None:
    game = laboratory(reagent(2, 3))
    game.apply("inject L1 L2")
    assert game.state.volatile == ("L2",)
    game = laboratory([("volatile", 4)], nominated="L2", volatile=("L2",))
    game.apply("move L2 14,10")
    assert events(game, "volatile")[0].data == {"roll": 4, "blows": False}
    assert model(game, "L2").pos == (14.0, 10.0)
    assert not dice_left(game)


def test_sa_diabolical_serum_volatile_blows_up_on_a_1_then_moves_r797() -> None:
    game = laboratory([("volatile", 1), ("to-wound", 1)], nominated="L2", volatile=("L2",))
    game.apply("move L2 14,10")
    assert events(game, "volatile")[0].data == {"roll": 1, "blows": True}
    assert set(events(game, "template")[0].models) == {"L1", "L2"}  # the Zombie too
    assert model(game, "L2").pos == (14.0, 10.0)  # a 1D+3 of 4 wounds neither: the Move goes on
    assert not dice_left(game)


def test_sa_diabolical_serum_refuses_what_is_no_zombie_in_base_to_base_r792() -> None:
    game = laboratory([], agent("L3"))
    refused(game, "inject L1 L3", "L3 is not a friendly Zombie on the table")
    refused(game, "inject L1 T1", "T1 is not a friendly Zombie on the table")
    refused(game, "inject L1 L1", "L1 injects himself only as the last model of his side")


def test_sa_self_medicate_the_last_lurker_injects_himself_r792() -> None:
    game = laboratory(reagent(3, 3), zombie=None)
    assert "inject L1 L1" in options(game)
    game.apply("inject L1 L1")
    injected = events(game, "injected")[0]
    assert (injected.rule, injected.models) == (
        "Mad Scientist: Self-Medicate (R:792)",
        ("L1", "L1"),
    )
    assert events(game, "reagent")[0].models == ("L1",)
    assert not dice_left(game)


def test_sa_diabolical_serum_makes_the_mad_scientist_playable(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["mad_scientist"])
    text = '[[models]]\nprofile = "Mad Scientist"\n\n[[models]]\nprofile = "Zombie"\n\n'
    text += '[[models]]\nprofile = "Zombie Dog"\ncount = 2\n'
    game = rules.new_game({"threshold": TEAM, "lurkers": lurker_list(tmp_path, text)}, 1)
    assert [p["id"] for p in game.setup["lurkers"]["spawns"]] == [CONSTRUCT]
    construct = catalog_of(game).profile(CONSTRUCT)
    assert (construct.name, construct.abilities) == (
        "Blasphemous Construct",
        ("stupid", "deadly_rage"),
    )
    assert catalog_of(game).profile("L1").can("self_medicate")


# -- Shoggoth: Absorb, Assimilate, Ooze and Tongue-Lashing (R:602-612) --------------------------

SHOGGOTH = ["absorb", "assimilate", "ooze"]


def shoggoth_nominated(*dice: str | int, **placed: object) -> Game:
    """The Shoggoth L1 (5 Wounds, 3 lost unless ``placed`` says) at (10, 10), nominated; T1
    (Fearless, a .45) 8" east and T2 far off."""
    game = book(
        agent("T1", skills=["fearless"]),
        agent("T2"),
        agent("L1", wounds=5, abilities=SHOGGOTH, weapons=["unarmed", "handgun_45"]),
        placed={
            "T1": (18.0, 10.0),
            "T2": (30.0, 22.0),
            "L1": {"pos": (10.0, 10.0), "wounds": 2, **placed},
        },
        active=1,
        dice=script(*dice),
    )
    game.apply("nominate L1")
    return game


def test_sa_absorb_tokens_buy_a_wound_and_an_action_each_once_a_turn_r606() -> None:
    game = shoggoth_nominated()
    assert game.decision is not None and game.decision.kind == "essence"
    assert options(game) == [
        "essence L1 wound",
        "essence L1 armour",
        "essence L1 terror",
        "essence L1 action",
        "essence-done L1",
    ]
    apply_all(game, "essence L1 wound", "essence L1 action")
    refused(game, "essence L1 action", "L1 has bought action this Turn: each once a Turn (R:611)")
    game.apply("essence-done L1")
    assert (model(game, "L1").wounds, tokens(game, model(game, "L1"))) == (3, 1)
    assert game.decision is not None and "Action 1 of 3" in game.decision.prompt
    essence = events(game, "essence")[0]
    assert (essence.rule, essence.data) == (
        "Shoggoth: Absorb (R:606)",
        {"effect": "wound", "left": 2},
    )


def test_sa_absorb_armour_and_terror_last_until_its_sides_next_turn_r608() -> None:
    game = shoggoth_nominated(wounds=5)
    assert "essence L1 wound" not in options(game)  # no Wound lost
    apply_all(game, "essence L1 armour", "essence L1 terror")
    shoggoth = model(game, "L1")
    prof = catalog_of(game).profile(shoggoth.profile)
    assert (prof.armour, prof.has("terror")) == (2, True)
    assert "essence L1 action" in options(game)  # the third token
    game.state.active = 1  # its side's next Turn begins
    wear_off(game)
    assert (shoggoth.profile, tokens(game, shoggoth)) == ("L1", 1)


def test_sa_absorb_and_assimilate_an_enemy_removed_gives_a_token_and_a_skill_r612() -> None:
    # T2, the last of its side, tests its Resolve once the choice is made.
    game = shoggoth_nominated("to-hit", 5, "to-wound", 6, "injury", 6, 5, "resolve", 6)
    apply_all(game, "essence-done L1", "shoot L1 T1 handgun_45")
    assert model(game, "T1").removed == "Major Injury"
    assert tokens(game, model(game, "L1")) == 4
    assert options(game) == ["assimilate L1 fearless", "assimilate-none L1"]
    game.apply("assimilate L1 fearless")
    assert catalog_of(game).profile(model(game, "L1").profile).has("fearless")
    assimilated = events(game, "assimilated")[0]
    assert (assimilated.rule, assimilated.data) == (
        "Shoggoth: Assimilate (R:612)",
        {"skill": "fearless"},
    )
    assert not dice_left(game)


def test_sa_ooze_passes_a_gap_its_base_does_not_fit_r612() -> None:
    walls = board(
        {"id": "north", "kind": "impassable", "height": 3.0, "polygon": rect(12, 10.3, 13, 24)},
        {"id": "south", "kind": "impassable", "height": 3.0, "polygon": rect(12, 0, 13, 9.7)},
    )
    placed = {"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (10.0, 2.0)}
    game = book(
        agent("T1"),
        agent("L1", abilities=["ooze"], move=6),
        agent("L2", move=6),
        placed=placed,
        board=walls,
        active=1,
    )
    game.apply("nominate L1")
    game.apply("move L1 15,10")  # through the 0.6" gap
    assert model(game, "L1").pos == (15.0, 10.0)
    del placed["L1"]
    game = book(agent("T1"), agent("L2", move=6), placed=placed, board=walls, active=1)
    game.apply("nominate L2")
    refused(game, "move L2 15,2", "no path")


def test_sa_absorb_ooze_assimilate_and_tongue_lashing_make_the_shoggoth_playable(
    rules: StrangeAeons,
) -> None:
    shoggoth = rules.book.lurkers["shoggoth"]
    assert playable(rules.book, load_played(), shoggoth)
    assert [line.ability for line in shoggoth.shots] == ["tongue_lashing"]


# -- Conqueror Worm: Expectorate (R:557) ---------------------------------------------------------

GOO_BALL = {
    "id": "goo_ball",
    "name": "Expectorate (ball)",
    "kind": "ranged",
    "damage": 2,
    "range": 12.0,
    "rate_die": 6,
    "ap": 1,
    "template": "L",
    "specials": ["blast_template"],
    "ability": "expectorate",
}
"""The Worm's ball of goo: 12", Rate 1D, 1D+2, AP1, Large Blast Template (R:557)."""


def goo(dice: list[tuple[str, int]]) -> Game:
    """The Worm L1 spits its ball of goo at T1 (Dex 5+, Con 6), 8" east."""
    game = rulebook_game(
        agent("T1"),
        agent("L1", weapons=["unarmed", "goo_ball"]),
        placed={"T1": (18.0, 10.0), "L1": (10.0, 10.0)},
        weapons={"goo_ball": GOO_BALL},
        active=1,
        dice=dice,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 goo_ball")
    return game


def test_sa_expectorate_coats_each_model_hit_1_more_dexterity_r557() -> None:
    game = goo([("rate", 1), ("to-hit", 5), ("to-wound", 1)])  # no wound: coated all the same
    coated = events(game, "coated")[0]
    assert (coated.rule, coated.models, coated.data) == (
        "Conqueror Worm: Expectorate (R:557)",
        ("T1",),
        {"dex": 6},
    )
    assert model(game, "T1").profile == "T1!dex+1"
    assert not dice_left(game)


def test_sa_expectorate_coats_add_up_never_past_6_r557() -> None:
    shots = [("rate", 1), ("to-hit", 5), ("to-wound", 1)]
    game = goo(shots * 2)
    game.apply("shoot L1 T1 goo_ball")  # a second coat: T1 needed 6+ already
    assert [e.data["dex"] for e in events(game, "coated")] == [6, 6]
    assert model(game, "T1").profile == "T1!dex+1"
    assert not dice_left(game)


# -- Conqueror Worm: Sweep (R:557) -------------------------------------------------------------


def sweeping(dice: list[tuple[str, int]], **foe: object) -> Game:
    """The Worm L1 at (10, 10) Sweeps: T1 in base-to-base east, its friend L2 1.5" north, T2
    far off."""
    game = book(
        agent("T1", **foe),
        agent("T2"),
        agent("L1", abilities=["sweep"]),
        agent("L2"),
        placed={
            "T1": (10.0 + TOUCH, 10.0),
            "T2": (30.0, 22.0),
            "L1": (10.0, 10.0),
            "L2": (10.0, 10.0 + TOUCH + 1.5),
        },
        active=1,
        start="nominate",
        dice=dice,
    )
    game.apply("nominate L1")
    assert "sweep L1" in options(game)  # in close combat too
    game.apply("sweep L1")
    return game


def test_sa_sweep_hits_every_model_within_2_inches_then_pushes_it_face_up_r557() -> None:
    pushes = [("sweep push", 4), ("sweep push", 2)]  # 2" and 1"
    game = sweeping([("to-wound", 1), ("to-wound", 1), *pushes])  # 4s: no wound
    sweep = events(game, "sweep")[0]
    assert (sweep.rule, sweep.models) == ("Conqueror Worm: Sweep (R:557)", ("L1", "T1", "L2"))
    assert [model(game, m).state for m in ("T1", "L2", "T2")] == ["face-up", "face-up", "normal"]
    assert [e.data["length"] for e in events(game, "pushed")] == [2.0, 1.0]
    assert model(game, "T1").pos == (10.0 + TOUCH + 2.0, 10.0)
    assert not dice_left(game)


def test_sa_sweep_a_saved_hit_still_pushes_r557() -> None:
    dice = [("save", 6), ("to-wound", 1), ("sweep push", 1), ("sweep push", 1)]
    game = sweeping(dice, skills=["tough"])
    assert events(game, "saved")[0].models == ("T1",)
    assert [e.models for e in events(game, "pushed")] == [("T1",), ("L2",)]
    assert not dice_left(game)
