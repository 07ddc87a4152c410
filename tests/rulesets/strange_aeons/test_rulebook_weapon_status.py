"""The status weapon rules (notes §3.10, played as §6 item 4 suggests): Fire with its Upkeep
roll (R:127) and the Fear of Fire of Beasts (R:113), Chill, Ensnare, Confusion, Disrupt and
Repel, each with scripted dice on forces written by hand. Each test is named after its rule."""

from __future__ import annotations

from typing import Any

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
)
from tests.rulesets.strange_aeons.rulebook import NEAR, agent, book, cc, duel

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.afflictions import (
    CHILL,
    CONFUSION,
    DISRUPT,
    ENSNARE,
    FIRE,
    HARMLESS,
)
from skirmish.rulesets.strange_aeons.ai import (
    charge_score,
    free_harm,
    harm,
    score_actions,
    shoot_score,
    status_harm,
)
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.combat import REPEL
from skirmish.rulesets.strange_aeons.fire_daemon import FIRE_BORN
from skirmish.rulesets.strange_aeons.forces import item_weapons, load_played, playable
from skirmish.rulesets.strange_aeons.odds import injury_bands, target_of
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import AeonsState

THROWER = {"dex": 4, "weapons": ["unarmed", "knife", "molotov_cocktail"]}


def state(game: Game) -> AeonsState:
    st = game.state
    assert isinstance(st, AeonsState)
    return st


def molotov(
    dice: list[tuple[str, int]], target: dict[str, Any] | None = None, at: float = 14.0
) -> Game:
    """T1 (Dex 4+) throws a Molotov Cocktail (1D+3, Large Blast) at L1 (Con 6, 3 Wounds) 4"
    away (its centre at ``at``): its second Action, so the Lurkers' turn follows."""
    game = book(
        agent("T1", **THROWER),
        target or agent("L1", wounds=3, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (at, 10.0)},
        dice=dice,
    )
    apply_all(game, "nominate T1", "ready T1 molotov_cocktail", "shoot T1 L1 molotov_cocktail")
    return game


# -- Fire (R:127, notes §6 item 4) ------------------------------------------------------------


def test_sa_fire_a_hit_that_wounds_sets_the_target_on_fire() -> None:
    # A 4 hits; 3 + 3 = 6 against Con 6: one Wound, and L1 catches Fire. The Lurkers' turn
    # opens with its Upkeep: a 4 puts the flames out.
    game = molotov([("to-hit", 4), ("to-wound", 3), ("fire", 4)])
    caught = events(game, "caught-fire")[0]
    assert (caught.rule, caught.models) == (FIRE, ("L1",))
    assert state(game).burning == ()
    out = events(game, "fire-out")[0]
    assert (out.rule, out.data) == (FIRE, {"need": 4, "passed": True})
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_sa_fire_a_hit_that_does_not_wound_sets_nothing_alight() -> None:
    game = molotov([("to-hit", 4), ("to-wound", 2)])  # 2 + 3 = 5 against Con 6
    assert not events(game, "caught-fire")
    assert state(game).burning == ()
    assert not dice_left(game)


def test_sa_fire_upkeep_a_failed_roll_is_a_1d_plus_1_hit_and_it_burns_on() -> None:
    # The Upkeep's 3 fails: a hit of 5 + 1 = 6 against Con 6, rolled by the thrower, takes a
    # second Wound and L1 still burns.
    game = molotov([("to-hit", 4), ("to-wound", 3), ("fire", 3), ("to-wound", 5)])
    assert events(game, "fire-out")[0].data == {"need": 4, "passed": False}
    burns = events(game, "burns")[0]
    assert (burns.rule, burns.data) == (FIRE, {"damage": 1})
    second = events(game, "wounded")[1]
    assert (second.rule, second.data) == (FIRE, {"total": 6, "con": 6, "wounds": 1, "left": 1})
    assert state(game).burning == (("L1", "T1"),)
    assert not dice_left(game)


def test_r1163_tough_saves_the_hit_of_fire_in_the_upkeep() -> None:
    """R:1163: Tough's 6+ is against all hits, the Fire's in the Upkeep too (R:127): a 6
    saves it, and no roll to wound follows."""
    tough = agent("L1", wounds=3, types=["humanoid"], skills=["tough"])
    dice = [("to-hit", 4), ("save", 1), ("to-wound", 3), ("fire", 3), ("save", 6)]
    game = molotov(dice, target=tough)
    saved = events(game, "saved")[1]
    assert (saved.rule, saved.models, saved.data) == (
        "Saves (R:149, R:188)",
        ("L1",),
        {"saved": 1, "left": 0},
    )
    assert len(events(game, "wounded")) == 1
    assert state(game).burning == (("L1", "T1"),)
    assert not dice_left(game)


def test_sa_fire_the_upkeep_of_the_other_side_leaves_the_flames_alone() -> None:
    # L1 burns from the Lurkers' turn; the Threshold's turn that follows has no roll for it.
    game = molotov([("to-hit", 4), ("to-wound", 3), ("fire", 3), ("to-wound", 1)])
    apply_all(game, "nominate L1", "pass L1", "pass L1")
    assert game.decision is not None and game.decision.kind == "nominate"
    assert len(events(game, "fire-out")) == 1
    assert not dice_left(game)


def test_sa_fire_a_burning_model_shows_on_the_table_its_card_and_the_log() -> None:
    game = molotov([("to-hit", 4), ("to-wound", 3), ("fire", 3), ("to-wound", 1)])
    burning = model(game, "L1")
    assert game.ruleset.model_status(game, burning).conditions == ("On Fire",)
    assert dict(game.ruleset.model_card(game, burning))["State"] == "Normal, On Fire"
    text = [game.ruleset.describe(game, e) for e in game.log if e.kind in ("caught-fire", "burns")]
    assert text == [
        f"Agent L1 (L1) catches Fire  [{FIRE}]",
        f"Agent L1 (L1) burns on: a hit of 1D+1  [{FIRE}]",
    ]


def test_sa_fire_chill_ensnare_confusion_survive_clone_save_and_load() -> None:
    # The other states are set here by hand.
    game = molotov([("to-hit", 4), ("to-wound", 3), ("fire", 3), ("to-wound", 1)])
    st = state(game)
    st.chilled, st.ensnared, st.confused = (("L1", 3),), ("L1",), ("L1",)
    kept = (st.burning, st.chilled, st.ensnared, st.confused)
    assert kept[0] == (("L1", "T1"),)
    for again in (restore(game.to_json()), game.clone()):
        st = state(again)
        assert (st.burning, st.chilled, st.ensnared, st.confused) == kept
    status = game.ruleset.model_status(restore(game.to_json()), model(game, "L1"))
    assert status.conditions == ("On Fire", "Chilled", "Ensnared", "Confused")


BURN_WINS = [("close-combat", 5), ("close-combat", 3), *[("to-wound", f) for f in (4, 2, 3)]]
"""T1's Burn against L1's Knife: 5 + 2 against 3 + 1, won by 3; the best of three dice, 4, + 1
= 5 against Con 5 is one Wound of two."""


def burn(*others: dict[str, Any], dice: list[tuple[str, int]], **placed: Any) -> Game:
    """T1, with the Fire Daemon's Burn (R:655), Charges L1 3" away and wins (``BURN_WINS``)."""
    game = book(
        agent("T1", attacks=1, weapons=["unarmed", "burn"]),
        agent("L1", con=5, wounds=2, attacks=1),
        *others,
        placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0), **placed},
        dice=[*BURN_WINS, *dice],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    return game


def fear_test(game: Game) -> tuple[tuple[str, ...], str, bool]:
    """The first Resolve test of ``game``: who took it, for what, and whether it passed."""
    test = events(game, "resolve")[0]
    return test.models, test.data["situation"], test.data["passed"]


def test_sa_fire_a_burn_in_close_combat_sets_the_loser_alight() -> None:
    game = burn(dice=[])
    assert events(game, "caught-fire")[0].models == ("L1",)
    assert state(game).burning == (("L1", "T1"),)
    assert not dice_left(game)


# -- Fear of Fire: Beasts (R:111, R:113) -------------------------------------------------------


def test_sa_fire_a_beast_hit_by_a_fire_weapon_tests_its_fear() -> None:
    # The Beast, 5.5" away, beyond Fear's reach of the thrower, is not wounded (2 + 3 = 5)
    # but faced with Fire: a Resolve test, passed on a 5.
    beast = agent("L1", wounds=3, types=["beast"])
    game = molotov([("to-hit", 4), ("to-wound", 2), ("resolve", 5)], target=beast, at=16.5)
    assert fear_test(game) == (("L1",), "fire:T1", True)
    assert not dice_left(game)


def test_sa_fire_a_beast_near_an_enemy_with_a_fire_weapon_tests_its_fear() -> None:
    # A Molotov Cocktail within 5" of the Beast: it tests as it stands (a Fear trigger),
    # fails on a 1 and rolls Insanity: 2, Stupefaction, Face Up.
    game = book(
        agent("T1", **THROWER),
        agent("L1", types=["beast"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 1), ("insanity", 2)],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert fear_test(game) == (("L1",), "fire:T1", False)
    test = events(game, "resolve")[0]
    assert game.ruleset.describe(game, test).startswith("Agent L1 (L1) tests Resolve for the Fire")
    assert model(game, "L1").state == "face-up"
    assert not dice_left(game)


def test_sa_fire_a_beast_near_a_burning_model_tests_its_fear() -> None:
    # L2, a Beast, stands 4.8" from L1 and 5.8" from T1 where its Charge ends: it tests when
    # L1 catches Fire, not for T1's Burn beyond its reach.
    game = burn(agent("L2", types=["beast"]), dice=[("resolve", 6)], L2=(18.8, 10.0))
    assert fear_test(game) == (("L2",), "fire:L1", True)
    assert not dice_left(game)


def test_sa_fire_a_fearless_beast_does_not_test() -> None:
    beast = agent("L1", wounds=3, types=["beast"], skills=["fearless"])
    game = molotov([("to-hit", 4), ("to-wound", 2)], target=beast, at=16.5)
    assert not events(game, "resolve")
    assert not dice_left(game)


# -- Chill (R:1302, notes §6 item 4) -----------------------------------------------------------


def chilled() -> Game:
    """T1's Freeze Ray (Long Spray, 1D+2, AP1) catches L1 (Move 5, Dex 5+) 4" away: a 4 hits
    and 2 + 2 = 4 wounds nothing, but L1 is Chilled until the end of its next turn."""
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "freeze_ray"]),
        agent("L1", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 2), ("to-hit", 5)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 freeze_ray")
    return game


def test_sa_chill_plus_1_on_the_dexterity_a_shot_needs() -> None:
    # Alert, L1 shoots back at once: its Dex 5+ needs a 6, so the 5 misses.
    game = chilled()
    chill = events(game, "chilled")[0]
    assert (chill.rule, chill.models, chill.data) == (CHILL, ("L1",), {"move": 1, "dex": 1})
    game.apply("alert L1 T1 handgun_45")
    assert events(game, "hits")[-1].data == {"hits": 0, "need": 6}
    assert not dice_left(game)


def test_sa_chill_minus_1_movement_until_the_end_of_its_next_turn() -> None:
    game = chilled()
    apply_all(game, "alert L1 T1 handgun_45", "pass T1", "nominate L1")
    assert state(game).chilled == (("L1", 2),)
    assert game.ruleset.model_status(game, model(game, "L1")).conditions == ("Chilled",)
    refused(game, "move L1 18.6,10", 'more than the 4" allowed')
    apply_all(game, "move L1 18,10", "pass L1")
    thawed = events(game, "thawed")[0]
    assert (thawed.rule, thawed.models) == (CHILL, ("L1",))
    assert state(game).chilled == ()
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


# -- Ensnare (R:1337, notes §6 item 4) ---------------------------------------------------------


def netted(*dice: tuple[str, int], **fields: Any) -> Game:
    """The Net Gun's hit (a 4, and 1 + 0 wounds nothing) Ensnares L1 (Dex 5+), nominated in
    the Lurkers' turn that follows; ``dice`` come after, ``fields`` as :func:`book` takes
    them."""
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "net_gun"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 1), *dice],
        **fields,
    )
    apply_all(game, "nominate T1", "shoot T1 L1 net_gun", "pass T1", "nominate L1")
    return game


def test_sa_ensnare_no_move_until_an_action_passes_a_dexterity_test() -> None:
    # L1 may not Move or Charge; its first struggle, a 4, fails, its second, a 5, frees it.
    game = netted(("dexterity", 4), ("dexterity", 5))
    snare = events(game, "ensnared")[0]
    assert (snare.rule, snare.models) == (ENSNARE, ("L1",))
    assert options(game) == ["struggle L1", "pass L1"]
    assert game.decision is not None and not game.decision.points
    refused(game, "move L1 12,12", "L1 is Ensnared: it may not Move until an Action's Dexterity")
    refused(game, "charge L1 T1", "(struggle L1)")
    game.apply("struggle L1")
    assert events(game, "struggle")[0].data == {"need": 5, "passed": False}
    assert state(game).ensnared == ("L1",)
    game.apply("struggle L1")
    assert events(game, "struggle")[1].data == {"need": 5, "passed": True}
    assert state(game).ensnared == ()
    assert not dice_left(game)


def test_r266_the_struggle_against_a_snare_on_ice_needs_1_more() -> None:
    ice = {
        "id": "ice",
        "kind": "open",
        "height": 0.0,
        "tags": ["ice"],
        "polygon": rect(12, 8, 16, 12),
    }
    game = netted(("dexterity", 5), ("dexterity", 6), board=board(ice))
    game.apply("struggle L1")
    assert events(game, "struggle")[0].data == {"need": 6, "passed": False}
    game.apply("struggle L1")
    assert events(game, "struggle")[1].data == {"need": 6, "passed": True}
    assert state(game).ensnared == ()
    assert not dice_left(game)


def test_sa_ensnare_a_model_not_ensnared_has_no_snare_to_struggle_against() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)})
    game.apply("nominate T1")
    refused(game, "struggle T1", "T1 is not Ensnared: it has no snare to struggle against")


def test_sa_ensnare_a_winner_may_not_leave_the_combat_but_wounds() -> None:
    """Notes §6 item 4, R:157: an Ensnared winner may not Move out of the combat; it may
    still roll to wound."""
    game = book(
        agent("T1"),
        agent("L1", attacks=1),
        placed={"T1": (10.0, 10.0), "L1": (NEAR, 10.0)},
        dice=[*cc(2, 5, 4), *[("to-wound", 1)] * 3],  # 2 + 1 against 5 + 1: T1 wins by 3
        active=1,
    )
    state(game).ensnared = ("T1",)
    apply_all(game, "nominate L1", "charge L1 T1")
    assert game.decision is not None and game.decision.kind == "combat-won"
    assert not game.decision.points
    refused(game, "withdraw T1 6,10", "T1 is Ensnared: it may not Move until")
    game.apply("wound T1")
    assert events(game, "no-wound")[0].data == {"total": 2, "con": 6}
    assert model(game, "T1").pos == (10.0, 10.0)
    assert not dice_left(game)


def test_r1083_an_ensnared_model_is_offered_no_feint() -> None:
    """R:1083, notes §6 item 4: a Feint's winner may only Move away, which an Ensnared model
    may not: the combat is fought."""
    game = book(
        agent("T1"),
        agent("L1", skills=["feint"]),
        placed={"T1": (10.0, 10.0), "L1": (NEAR, 10.0)},
        dice=cc(4, 2, 3, 2),  # 4 + 1 against 3 + 1
    )
    state(game).ensnared = ("L1",)
    apply_all(game, "nominate T1", "charge T1 L1")
    assert not events(game, "feint")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    assert not dice_left(game)


# -- Confusion (R:1299, notes §6 item 4) -------------------------------------------------------


def test_sa_confusion_one_action_fewer_at_its_next_nomination() -> None:
    # The Dispersal Gun's two dice hit once (4, 2 against Dex 4+); 3 + 1 wounds nothing, but
    # L1 is Confused: nominated, it has one Action, and the Confusion is spent.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "dispersal_gun"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 4), ("to-hit", 2), ("to-wound", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 dispersal_gun", "pass T1")
    confused = events(game, "confused")[0]
    assert (confused.rule, confused.models) == (CONFUSION, ("L1",))
    assert game.ruleset.model_status(game, model(game, "L1")).conditions == ("Confused",)
    game.apply("nominate L1")
    lost = events(game, "confusion")[0]
    assert (lost.rule, lost.data) == (CONFUSION, {"lost": 1})
    assert game.decision is not None and game.decision.prompt == "Agent L1 (L1): Action 1 of 1"
    game.apply("pass L1")
    assert game.decision is not None and game.decision.kind == "nominate"
    assert state(game).confused == ()
    assert not dice_left(game)


# -- Disrupt (R:1294, notes §6 item 4) ---------------------------------------------------------


def test_sa_disrupt_a_hit_ignores_armour() -> None:
    # L1 has Con 6 and 2 points of armour: 4 + 2 = 6 wounds it, as against Con 6 alone.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "disruptor_beam"]),
        agent("L1", armour=2, wounds=2),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 4)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 disruptor_beam")
    disrupted = events(game, "disrupted")[0]
    assert (disrupted.rule, disrupted.models) == (DISRUPT, ("L1",))
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 1}
    assert not dice_left(game)


def test_r1294_disrupt_ignores_armour_on_the_unarmed_hit_too() -> None:
    """R:1294 (notes §6 items 4, 46): the automatic hit of a Disruption Gauntlet on an Unarmed
    model in a Heavy Armoured Vest (Con 6 + 2): 5 + 2 = 7 against Con 6, two Wounds."""
    vest = agent("T1", armour=2, wounds=3, weapons=["unarmed"])
    gauntlet = agent("L1", weapons=["unarmed", "disruption_gauntlet"])
    game = duel(vest, gauntlet, [("to-wound", 5), *cc(3, 2, 3, 2)])
    disrupted = events(game, "disrupted")[0]
    assert (disrupted.rule, disrupted.models) == (DISRUPT, ("T1",))
    assert events(game, "wounded")[0].data == {"total": 7, "con": 6, "wounds": 2, "left": 1}
    assert not dice_left(game)


# -- Repel (R:1295, notes §6 item 4) -----------------------------------------------------------


def test_sa_repel_the_winner_pushes_the_loser_1d3_and_deals_no_damage() -> None:
    # The Repulsor (C.C.B. +3): 4 + 3 against 3 + 1 wins; a D6 of 5 is a D3 of 3: L1 is
    # pushed 3" straight away from T1, unhurt, and the combat is over.
    game = book(
        agent("T1", attacks=1, weapons=["unarmed", "repulsor"]),
        agent("L1", attacks=1),
        placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0)},
        dice=[("close-combat", 4), ("close-combat", 3), ("repel", 5)],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    repelled = events(game, "repelled")[0]
    assert (repelled.rule, repelled.models, repelled.data) == (REPEL, ("T1", "L1"), {"length": 3})
    pushed = events(game, "pushed")[0]
    assert (pushed.rule, pushed.data["length"]) == (REPEL, 3.0)
    assert not events(game, "wounded") and not events(game, "no-wound")
    assert model(game, "L1").wounds == 1 and model(game, "L1").x == 16.0
    assert not events(game, "draw")
    assert not dice_left(game)


def test_r1295_the_repulsor_s_dash_damage_makes_no_unarmed_hit_roll_to_wound() -> None:
    # The book's Repulsor, Damage "-", deals none: Unarmed L1's hit from it rolls no die to
    # wound; T1 then wins 4 + 3 against 3 and repels L1 3", unhurt.
    (repulsor,) = item_weapons(find_ruleset("strange-aeons").book.weapons["repulsor"])
    assert repulsor.harmless
    game = book(
        agent("T1", attacks=1, weapons=["unarmed", "repulsor"]),
        agent("L1", attacks=1, weapons=["unarmed"]),
        placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0)},
        weapons={"repulsor": repulsor.model_dump(mode="json")},
        dice=[("close-combat", 4), ("close-combat", 3), ("repel", 5)],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    hit = events(game, "harmless-hit")[0]
    assert (hit.rule, hit.models, hit.data) == (HARMLESS, ("L1",), {"weapon": "repulsor"})
    assert events(game, "unarmed")[0].models == ("L1",)
    assert not events(game, "wounded") and not events(game, "no-wound")
    assert model(game, "L1").wounds == 1 and model(game, "L1").x == 16.0
    assert not dice_left(game)


def test_r1295_a_model_leaving_a_repulsor_s_combat_takes_no_roll_to_wound() -> None:
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "repulsor"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        start="nominate",
    )
    apply_all(game, "nominate T1", "move T1 5,10")
    assert events(game, "harmless-hit")[0].models == ("T1",)
    assert not events(game, "wounded") and not events(game, "no-wound")
    assert model(game, "T1").pos == (5.0, 10.0) and model(game, "T1").wounds == 1
    assert not dice_left(game)


def test_r1295_the_heuristic_weighs_no_free_roll_from_a_repulsor() -> None:
    # A free hit of the Repulsor (leaving its combat, the Unarmed hit) costs nothing; a
    # knife's, its roll to wound.
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "repulsor", "knife"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
    )
    cat, t1 = catalog_of(game), model(game, "T1")
    assert free_harm(cat, cat.weapon("repulsor"), t1) == 0.0
    assert free_harm(cat, cat.weapon("knife"), t1) > 0.0


# -- The heuristic player ----------------------------------------------------------------------


def test_sa_fire_heuristic_weighs_the_burning_of_the_next_upkeep() -> None:
    # The Molotov's 1D+3 wounds Con 6 on a 3 or more (4 in 6); the fire then fails to go
    # out on 1-3 (3 in 6) and burns for a hit of 1D+1.
    game = molotov([("to-hit", 4), ("to-wound", 2)])
    cat = catalog_of(game)
    target = model(game, "L1")
    expected = 4 / 6 * 3 / 6 * harm(1, 1, 6, 3, 0, injury_bands(cat))
    assert status_harm(cat, cat.weapon("molotov_cocktail"), target) == expected > 0
    assert status_harm(cat, cat.weapon("knife"), target) == 0


def test_sa_chill_ensnare_confusion_heuristic_adds_the_worth_of_the_state() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "net_gun", "dispersal_gun", "freeze_ray"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
    )
    cat, target = catalog_of(game), model(game, "L1")
    worths = [status_harm(cat, cat.weapon(w), target) for w in ("freeze_ray", "net_gun")]
    assert worths == [0.05, 0.15]
    assert status_harm(cat, cat.weapon("dispersal_gun"), target) == 0.1
    assert shoot_score(game, model(game, "T1"), target, "net_gun") > 0


def test_sa_disrupt_heuristic_leaves_out_the_armour() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "disruptor_beam"]),
        agent("L1", armour=2),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
    )
    cat, target = catalog_of(game), model(game, "L1")
    assert target_of(cat, target)[0] == 8
    assert target_of(cat, target, cat.weapon("disruptor_beam"))[0] == 6


def test_sa_repel_heuristic_expects_no_wound_from_its_win() -> None:
    # Knife or Repulsor, the Agent's fight: the Repulsor wins more often and harms nothing.
    placed = {"T1": (10.0, 10.0), "L1": (13.0, 10.0)}
    knife = book(agent("T1"), agent("L1"), placed=placed)
    repulsor = book(agent("T1", weapons=["unarmed", "repulsor"]), agent("L1"), placed=placed)
    assert charge_score(knife, model(knife, "T1"), model(knife, "L1")) > 0
    assert charge_score(repulsor, model(repulsor, "T1"), model(repulsor, "L1")) < 0


# -- Lists ---------------------------------------------------------------------------------------


def test_sa_fire_makes_the_molotov_cocktail_playable() -> None:
    rules = find_ruleset("strange-aeons")
    assert isinstance(rules, StrangeAeons)
    played = load_played()
    assert playable(rules.book, played, rules.book.items["molotov_cocktail"])
    # So are the Alien table's, with Alien, Chill, Disrupt, Repel, Confusion and Strafe.
    for alien in ("freeze_ray", "disruptor_beam", "disruption_gauntlet", "repulsor"):
        assert playable(rules.book, played, rules.book.items[alien])


# -- The Fire Daemon: Fire Born and Scorching Burst (R:655) ------------------------------------


def daemon(model_id: str = "L1", **fields: Any) -> dict[str, Any]:
    """The Fire Daemon as the book prints it (R:651-655): 4 | 4+ | 5 | 1D3 | 2 | 5+, Burn and
    Scorching Burst, a Fear-causing Daemon."""
    profile = {
        "name": "Fire Daemon",
        "move": 4,
        "dex": 4,
        "con": 5,
        "attacks": 0,
        "attacks_die": 3,
        "wounds": 2,
        "res": 5,
        "types": ["daemon"],
        "skills": ["fear", "ambush"],
        "abilities": ["fire_born", "scorching_burst"],
        "weapons": ["burn", "scorching_burst"],
    }
    return agent(model_id, **{**profile, **fields})


def test_sa_fire_born_a_shot_hits_it_only_on_a_6() -> None:
    # T1 (Dex 4+) rolls a 5 with its .45 Handgun: no hit on a Fire Born model.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "handgun_45"]),
        daemon(),
        placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)},
        dice=[("to-hit", 5)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    born = events(game, "fire-born")[0]
    assert (born.rule, born.models) == (FIRE_BORN, ("L1",))
    assert events(game, "hits")[0].data == {"hits": 0, "need": 6}
    assert not dice_left(game)


def test_r655_fire_born_does_not_lower_a_need_above_6() -> None:
    # T1 (Dex 6+) fires two Handguns together: each die needs a 7, so its 6s miss the Daemon.
    game = book(
        agent("T1", dex=6, skills=["fearless"], weapons=["unarmed", "handgun_45", "handgun_22"]),
        daemon(),
        placed={"T1": (10.0, 10.0), "L1": (17.0, 10.0)},
        dice=[("to-hit", 6), ("to-hit", 6), ("to-hit", 6)],
    )
    apply_all(game, "nominate T1", "shoot-two T1 L1 handgun_45 handgun_22")
    assert [e.data for e in events(game, "hits")] == [{"hits": 0, "need": 7}] * 2
    assert not events(game, "wounded")
    assert not dice_left(game)


def test_sa_fire_born_no_critical_hit_against_it_in_close_combat() -> None:
    # T1's 6 wins (6 + 1 against 3 + 2 with a rolled Attack of 1) by 2: no die confirms a
    # Critical Hit; the best of 4 and 2, + 1 = 5 against Con 5 is one Wound.
    game = book(
        agent("T1", attacks=1, skills=["fearless"]),
        daemon(),
        placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0)},
        dice=[
            ("close-combat", 6),
            ("attacks", 1),
            ("close-combat", 3),
            ("to-wound", 4),
            ("to-wound", 2),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert not events(game, "critical-hit")
    assert events(game, "wounded")[0].data == {"total": 5, "con": 5, "wounds": 1, "left": 1}
    assert not dice_left(game)


def test_sa_fire_born_a_template_without_a_6_spares_it() -> None:
    # The Molotov aimed at L2 hits on a 4; the Fire Daemon beside L2, under the template, is
    # not struck; 3 + 3 = 6 wounds L2.
    game = book(
        agent("T1", skills=["fearless"], **THROWER),
        daemon(),
        agent("L2", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L2": (14.0, 10.0), "L1": (15.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 3), ("injury", 2), ("injury", 2)],
    )
    # The Daemon may take its Alert shot with Scorching Burst, and lets it pass.
    apply_all(game, "nominate T1", "ready T1 molotov_cocktail")
    assert "alert L1 T1 scorching_burst" in options(game)
    game.apply("no-alert")
    game.apply("shoot T1 L2 molotov_cocktail")
    spared = events(game, "fire-born-unhurt")[0]
    assert (spared.rule, spared.models) == (FIRE_BORN, ("L1",))
    assert events(game, "template")[0].models == ("L2",)
    assert not dice_left(game)


def test_sa_scorching_burst_once_a_turn() -> None:
    # The Daemon's Long Spray hits T1 on a 4: 1 + 2 = 3 wounds nothing; a second Scorching
    # Burst this turn is refused.
    game = book(
        agent("T1", skills=["fearless"]),
        daemon(),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 1)],
        active=1,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 scorching_burst")
    assert "shoot L1 T1 scorching_burst" not in options(game)
    refused(game, "shoot L1 T1 scorching_burst", "L1 has fired its Scorching Burst this turn")
    assert not dice_left(game)


def test_sa_fire_born_and_scorching_burst_make_the_fire_daemon_playable() -> None:
    rules = find_ruleset("strange-aeons")
    assert isinstance(rules, StrangeAeons)
    assert playable(rules.book, load_played(), rules.book.lurkers["fire_daemon"])


def test_sa_gaseous_rot_a_fire_hit_sets_the_shambler_alight_unwounded() -> None:
    # The Shambler (Con 5 and 3 of hide, R:689-693): 2 + 3 = 5 wounds nothing, yet it burns.
    shambler = agent(
        "L1",
        con=5,
        armour=3,
        wounds=3,
        types=["daemon", "undead"],
        skills=["tough", "throw"],
        abilities=["dead_thing", "gaseous_rot"],
    )
    game = molotov([("to-hit", 4), ("save", 1), ("to-wound", 2), ("fire", 4)], target=shambler)
    caught = events(game, "caught-fire")[0]
    assert (caught.rule, caught.models) == ("Shambler: Gaseous Rot (R:693)", ("L1",))
    assert not events(game, "wounded")
    rules = find_ruleset("strange-aeons")
    assert isinstance(rules, StrangeAeons)
    assert playable(rules.book, load_played(), rules.book.lurkers["shambler"])


def test_sa_repel_chill_disrupt_the_alien_table_s_status_weapons_play() -> None:
    # The Repulsor's "-" Damage is no refusal of its own; the Dispersal Gun's Strafe plays.
    rules = find_ruleset("strange-aeons")
    assert isinstance(rules, StrangeAeons)
    played = load_played()
    for name in ("freeze_ray", "disruptor_beam", "disruption_gauntlet", "repulsor"):
        assert playable(rules.book, played, rules.book.items[name])
    assert playable(rules.book, played, rules.book.items["dispersal_gun"])


def test_sa_fire_a_model_the_flames_remove_makes_its_friends_test() -> None:
    # L1 (2 Wounds) burns with 1 left; its Upkeep's 2 fails, 5 + 1 = 6 takes the last and
    # the Injury roll, 4 + 4, removes it: L2, a Human friend 3" away who saw it, tests at once.
    game = book(
        agent("T1", **THROWER),
        agent("L1", wounds=2, types=["humanoid"]),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (14.0, 14.0)},
        dice=[
            ("to-hit", 4),
            ("to-wound", 3),
            ("fire", 2),
            ("to-wound", 5),
            ("injury", 4),
            ("injury", 4),
            ("resolve", 5),
            ("resolve", 6),  # and as the last of its side
        ],
    )
    apply_all(game, "nominate T1", "ready T1 molotov_cocktail", "shoot T1 L1 molotov_cocktail")
    removed = events(game, "removed")[0]
    assert (removed.models, removed.data) == (("L1",), {"reason": "Minor Injury"})
    assert fear_test(game) == (("L2",), "removal:L1", True)
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_sa_fire_born_the_odds_shown_need_a_6() -> None:
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "handgun_45"]),
        daemon(),
        placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)},
    )
    line = game.ruleset.action_odds(game, Action("shoot", ("T1", "L1", "handgun_45")))
    assert line.startswith("a shot gets through 17%")


def test_sa_fire_born_a_template_s_critical_hit_spares_it_alone() -> None:
    # The Molotov aimed at the Daemon hits on a 6, confirmed: under it, L2 takes 2 + 3 + 2 =
    # 7 against Con 6, two Wounds; the Daemon 2 + 3 = 5 against Con 5, one, with no +2.
    game = book(
        agent("T1", skills=["fearless"], **THROWER),
        daemon(),
        agent("L2", wounds=3, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (15.0, 10.0)},
        dice=[("to-hit", 6), ("critical-hit", 6), ("to-wound", 2)],
    )
    apply_all(game, "nominate T1", "ready T1 molotov_cocktail", "no-alert")
    game.apply("shoot T1 L1 molotov_cocktail")
    wounded = {e.models[0]: (e.data["total"], e.data["wounds"]) for e in events(game, "wounded")}
    assert wounded == {"L1": (5, 1), "L2": (7, 2)}
    assert not dice_left(game)


def test_sa_fire_heuristic_a_beast_weighs_its_fear_before_charging_fire() -> None:
    # The same fight at T1's Burn for a Humanoid, a Beast and a Fearless Beast: only the
    # Beast that fears Fire weighs its test, and its charge is worth less.
    scores = []
    for kind, skills in (("humanoid", []), ("beast", []), ("beast", ["fearless"])):
        game = book(
            agent("T1", weapons=["unarmed", "burn"]),
            agent("L1", types=[kind], skills=skills),
            placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0)},
            active=1,
        )
        scores.append(charge_score(game, model(game, "L1"), model(game, "T1")))
    calm, afraid, fearless = scores
    assert afraid < calm == fearless


def test_sa_chill_hit_in_its_own_turn_lasts_to_the_end_of_the_next() -> None:
    # T1's Alert shot Chills L1 in the Lurkers' turn: it stays Chilled through the Threshold's
    # turn and thaws only at the end of the Lurkers' next one.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "freeze_ray"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 2)],
        active=1,
    )
    apply_all(game, "nominate L1", "pass L1", "alert T1 L1 freeze_ray", "pass L1")
    assert state(game).chilled == (("L1", 3),)
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert state(game).chilled == (("L1", 3),) and not events(game, "thawed")
    apply_all(game, "nominate L1", "pass L1", "pass L1")
    assert events(game, "thawed")[0].models == ("L1",)
    assert not dice_left(game)


def test_sa_chill_takes_1_off_a_rolled_movement_too() -> None:
    # L1 moves 1D6+1: Chilled, its most is 6" and a roll of 3 takes it 3".
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "freeze_ray"]),
        agent("L1", move=1, move_die=6),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 2), ("movement", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 freeze_ray", "pass T1", "nominate L1")
    refused(game, "move L1 20.5,10", 'more than the 6" allowed')
    game.apply("move L1 20,10")
    assert events(game, "movement-rolled")[0].data == {"movement": 3.0}
    assert model(game, "L1").x == 17.0
    assert not dice_left(game)


def test_sa_ensnare_heuristic_struggles_rather_than_waits() -> None:
    game = netted()
    candidates = [Action("struggle", ("L1",)), Action("pass", ("L1",))]
    struggle, wait = score_actions(game, candidates)
    assert struggle > wait
