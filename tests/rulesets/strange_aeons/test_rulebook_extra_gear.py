"""Extra Gear in play (R:459-488, rules notes §3.3), each item with scripted dice on forces
written by hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+, Knife +1, 1D+1, AP1), named
``test_sa_<item>_...``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
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
    snapshot,
)
from tests.rulesets.strange_aeons.lists import padded
from tests.rulesets.strange_aeons.rulebook import (
    BOOK,
    agent,
    bomber,
    book,
    engaged,
    poisoned,
    shot_down,
)
from tests.rulesets.strange_aeons.test_rulebook_terrain import piece

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.extra_gear import unspent
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.rules_data.records import Table

# -- Lucky Charm: +1 to one D6, once a game (R:476) ---------------------------------------------


def facing_terror(faces: list[tuple[str, int]], **fields: Any) -> Game:
    """T1 (Resolve 4+, changed by ``fields``) nominated and forfeiting an Action within 10" of
    a Terror-causing L1: a Resolve test."""
    game = book(
        agent("T1", **fields),
        agent("L1", types=["daemon"], skills=["terror"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=faces,
    )
    apply_all(game, "nominate T1", "pass T1")
    return game


def threshold_game(tmp_path: Path, gear: str) -> Game:
    """A game of a Threshold list of one Character with a Knife and ``gear``, :func:`padded`
    to 15 Total Points."""
    team = tmp_path / "team.toml"
    team.write_text(
        padded(
            f'name = "Kit"\nfaction = "threshold"\n\n[[models]]\nname = "Indy"\n'
            f'profile = "Character"\nskills = ["Lucky"]\ngear = ["Knife", "{gear}"]\n'
        ),
        "utf-8",
    )
    return find_ruleset(BOOK).new_game({"threshold": str(team), "lurkers": "random"}, 1)


def test_sa_lucky_charm_raises_a_die_one_short_and_the_test_passes() -> None:
    game = facing_terror([("resolve", 3)], equipment=["lucky_charm"])
    assert options(game) == ["charm T1 1", "keep T1"]
    game.apply("charm T1 1")
    charm = events(game, "lucky-charm")[0]
    assert (charm.rule, charm.data) == ("Extra Gear: Lucky Charm (R:476)", {"die": 1})
    assert charm.roll is not None and charm.roll.faces == (4,)
    assert game.ruleset.describe(game, charm) == (
        "Agent T1 (T1) adds 1 to die 1 of its resolve roll with its Lucky Charm: [4]  "
        "[Extra Gear: Lucky Charm (R:476)]"
    )
    assert events(game, "resolve")[0].data["passed"] is True
    assert game.state.gear_used == (("T1", "lucky_charm"),)
    assert not dice_left(game)


def test_sa_lucky_charm_is_offered_once_a_game() -> None:
    game = book(
        agent("T1", equipment=["lucky_charm"], weapons=["unarmed", "handgun_22"]),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0), "L2": (16.0, 16.0)},
        dice=[("to-hit", 4), ("to-hit", 2), ("to-wound", 4), ("to-hit", 4), ("to-hit", 4)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_22")
    assert options(game) == ["charm T1 1", "keep T1"]  # the 2 is two short: no offer
    apply_all(game, "charm T1 1")
    assert events(game, "hits")[0].data == {"hits": 1, "need": 5}
    game.apply("shoot T1 L2 handgun_22")
    assert game.decision is not None and game.decision.kind != "lucky"
    assert events(game, "hits")[1].data == {"hits": 0, "need": 5}
    assert not dice_left(game)


def test_sa_lucky_charm_not_offered_on_a_die_two_short_or_a_pass() -> None:
    game = facing_terror([("resolve", 2), ("insanity", 6)], equipment=["lucky_charm"])
    assert events(game, "resolve")[0].data["passed"] is False
    assert game.state.gear_used == ()
    assert not dice_left(game)


def test_sa_lucky_charm_refused_on_a_die_not_offered() -> None:
    game = book(
        agent("T1", equipment=["lucky_charm"], weapons=["unarmed", "handgun_22"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("to-hit", 4), ("to-hit", 2)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_22")
    refused(game, "charm T1 2", "the Lucky Charm is offered on die 1 of [4, 2] only")
    assert game.state.gear_used == ()


def test_sa_lucky_charm_and_lucky_are_offered_together() -> None:
    game = facing_terror([("resolve", 3)], equipment=["lucky_charm"], skills=["lucky"])
    assert options(game) == ["reroll T1 1", "charm T1 1", "keep T1"]
    assert (
        game.decision is not None
        and "Lucky to re-roll or its Lucky Charm to add 1 to a die" in game.decision.prompt
    )


def test_sa_lucky_charm_spent_survives_save_and_load() -> None:
    game = facing_terror([("resolve", 3)], equipment=["lucky_charm"])
    game.apply("charm T1 1")
    loaded = restore(game.to_json())
    assert loaded.state.gear_used == (("T1", "lucky_charm"),)
    assert snapshot(loaded) == snapshot(game)
    assert game.clone().state.gear_used == (("T1", "lucky_charm"),)


# -- Tight Boots: a failed Insanity test passed, once a game (R:482) ----------------------------


def test_sa_tight_boots_pass_a_failed_test_once() -> None:
    game = book(
        agent("T1", equipment=["tight_boots"]),
        agent("L1", types=["daemon"], skills=["terror"]),
        agent("L2", types=["daemon"], skills=["terror"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0), "L2": (10.0, 22.0)},
        dice=[("resolve", 1), ("resolve", 2), ("insanity", 6)],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "resolve")[0].data["passed"] is False
    assert options(game) == ["boots T1", "no-boots T1"]
    game.apply("boots T1")
    boots = events(game, "tight-boots")[0]
    assert (boots.rule, boots.models) == ("Extra Gear: Tight Boots (R:482)", ("T1",))
    assert not events(game, "insanity")
    game.apply("move T1 10,14")  # within 10" of L2's Terror: a second test, failed
    assert len(events(game, "tight-boots")) == 1
    assert events(game, "insanity")
    assert not dice_left(game)


def test_sa_tight_boots_kept_for_a_later_test() -> None:
    game = facing_terror([("resolve", 1), ("insanity", 6)], equipment=["tight_boots"])
    game.apply("no-boots T1")
    assert events(game, "insanity") and not events(game, "tight-boots")
    assert game.state.gear_used == ()
    assert not dice_left(game)


# -- Firearm Cleaning Kit: a Jam cleared with no Action, once a game (R:468) --------------------


def test_sa_firearm_cleaning_kit_clears_the_first_jam_at_once() -> None:
    game = book(
        agent("T1", equipment=["firearm_cleaning_kit"], weapons=["unarmed", "handgun_22"]),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0), "L2": (16.0, 16.0)},
        dice=[
            ("to-hit", 1),
            ("to-hit", 2),
            ("jam", 1),  # Jammed: the kit cleans it
            ("to-hit", 1),
            ("to-hit", 3),
            ("jam", 1),  # Jammed again: the kit is spent
        ],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_22")
    kit = events(game, "cleaning-kit")[0]
    assert (kit.rule, kit.data) == (
        "Extra Gear: Firearm Cleaning Kit (R:468)",
        {"weapon": "handgun_22"},
    )
    assert game.state.jammed == ()
    game.apply("shoot T1 L2 handgun_22")
    assert game.state.jammed == (("T1", "handgun_22"),)
    assert len(events(game, "cleaning-kit")) == 1
    assert not dice_left(game)


# -- Lead Breastplate: -1 Movement (R:474) ------------------------------------------------------


def test_sa_lead_breastplate_costs_an_inch_of_movement(tmp_path: Path) -> None:
    game = threshold_game(tmp_path, "Lead Breastplate")
    assert catalog_of(game).profile("T1").move == 4  # the Character's 5", less 1


# -- Garlic and Wolfsbane: a Resolve test to Charge the bearer (R:470, R:488) -------------------


def charging(charger: dict[str, Any], faces: list[tuple[str, int]], item: str) -> Game:
    """The Lurkers' turn: L1 (``charger``) 4" from T1, who carries ``item``, nominated."""
    game = book(
        agent("T1", equipment=[item]),
        charger,
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=faces,
        active=1,
    )
    game.apply("nominate L1")
    return game


def test_sa_garlic_an_undead_failing_its_test_spends_the_charge() -> None:
    game = charging(agent("L1", types=["undead"]), [("resolve", 3)], "garlic")
    game.apply("charge L1 T1")
    garlic = events(game, "garlic")[0]
    assert (garlic.rule, garlic.models, garlic.data) == (
        "Extra Gear: Garlic (R:470)",
        ("L1", "T1"),
        {"need": 4, "passed": False},
    )
    assert not events(game, "charge")
    assert model(game, "L1").pos == (14.0, 10.0)
    assert game.decision is not None and "Action 2 of 2" in game.decision.prompt
    assert not dice_left(game)


def test_sa_garlic_an_undead_passing_its_test_charges() -> None:
    faces = [("resolve", 4), *[("close-combat", f) for f in (4, 2, 4, 2)]]
    game = charging(agent("L1", types=["undead"]), faces, "garlic")
    game.apply("charge L1 T1")
    assert events(game, "garlic")[0].data["passed"] is True
    assert events(game, "charge")[0].models == ("L1", "T1")
    assert events(game, "draw")
    assert not dice_left(game)


def test_sa_garlic_a_move_into_base_to_base_is_a_charge_and_tests() -> None:
    game = charging(agent("L1", types=["undead"]), [("resolve", 1)], "garlic")
    game.apply(f"move L1 {10.0 + TOUCH},10")
    assert events(game, "garlic")[0].data["passed"] is False
    assert model(game, "L1").pos == (14.0, 10.0)
    assert not dice_left(game)


def test_sa_garlic_a_living_charger_takes_no_test() -> None:
    faces = [("close-combat", f) for f in (4, 2, 4, 2)]
    game = charging(agent("L1", types=["beast"]), faces, "garlic")
    game.apply("charge L1 T1")
    assert not events(game, "garlic") and events(game, "charge")
    assert not dice_left(game)


def test_sa_wolfsbane_a_werewolf_or_wolfman_tests_to_charge() -> None:
    for origin in ("werewolf", "wolfman"):
        wolf = agent("L1", types=["beast"], kind=origin)
        game = charging(wolf, [("resolve", 2)], "wolfsbane")
        game.apply("charge L1 T1")
        test = events(game, "wolfsbane")[0]
        assert (test.rule, test.data) == (
            "Extra Gear: Wolfsbane (R:488)",
            {"need": 4, "passed": False},
        )
        assert not events(game, "charge")
        assert not dice_left(game)


def test_sa_wolfsbane_wards_off_no_undead() -> None:
    faces = [("close-combat", f) for f in (4, 2, 4, 2)]
    game = charging(agent("L1", types=["undead"]), faces, "wolfsbane")
    game.apply("charge L1 T1")
    assert not events(game, "wolfsbane") and events(game, "charge")
    assert not dice_left(game)


def test_r470_the_heuristic_weighs_garlic_s_test_as_play_takes_it() -> None:
    # A Lucky Undead re-rolls a failed 4+ (R:476): its Charge at the Garlic-bearer goes on 3
    # times in 4, not the bare die's 1 in 2.
    charge = Action("charge", ("L1", "T1"))
    bare = charging(agent("L1", types=["undead"], attacks=4), [], "garlic")
    lucky = charging(agent("L1", types=["undead"], attacks=4, skills=["lucky"]), [], "garlic")
    worth = ai.charge_score(bare, model(bare, "L1"), model(bare, "T1"))
    assert worth > 0.1  # four Attacks against two: a Charge worth taking
    assert ai.score_actions(bare, [charge])[0] == pytest.approx(worth / 2)
    assert ai.score_actions(lucky, [charge])[0] == pytest.approx(worth * 3 / 4)


# -- Garlic and the Night Stalker: a Resolve test to act within 5" (R:470) ----------------------


def night_stalker() -> dict[str, Any]:
    """The book's Night Stalker (R:673-678: 6 | 3+ | 8 | 3 | 3 | 3+, Daemon), its Terror left
    out so that no Human tests."""
    return agent(
        "L1",
        name="Night Stalker",
        move=6,
        dex=3,
        con=8,
        attacks=3,
        wounds=3,
        res=3,
        types=["daemon"],
        skills=["enemy_cover", "parry"],
        kind="night_stalker",
    )


def test_sa_garlic_a_night_stalker_within_5_tests_before_each_action() -> None:
    game = charging(night_stalker(), [("resolve", 2), ("resolve", 3)], "garlic")
    game.apply("move L1 18,10")
    assert events(game, "garlic")[0].data == {"need": 3, "passed": False}
    assert model(game, "L1").pos == (14.0, 10.0)
    game.apply("move L1 18,10")
    assert events(game, "garlic")[1].data == {"need": 3, "passed": True}
    assert model(game, "L1").pos == (18.0, 10.0)
    assert not dice_left(game)


def test_sa_garlic_a_night_stalker_beyond_5_or_forfeiting_takes_no_test() -> None:
    game = book(
        agent("T1", equipment=["garlic"]),
        night_stalker(),
        placed={"T1": (10.0, 10.0), "L1": (17.0, 10.0)},
        active=1,
    )
    apply_all(game, "nominate L1", "pass L1", "move L1 20,10")
    assert not events(game, "garlic")
    assert model(game, "L1").pos == (20.0, 10.0)


# -- Holy Book: Daemons within 5" test or roll Insanity at -2, once a game (R:472) ---------------


def reading(faces: list[tuple[str, int]]) -> Game:
    """T1 with a Holy Book, nominated: Daemon L1 4" away, Daemon L2 12" away."""
    game = book(
        agent("T1", equipment=["holy_book"]),
        agent("L1", types=["daemon"]),
        agent("L2", types=["daemon"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (10.0, 22.0)},
        dice=faces,
    )
    game.apply("nominate T1")
    return game


def test_sa_holy_book_a_daemon_within_5_failing_rolls_insanity_at_minus_2() -> None:
    game = reading([("resolve", 3), ("insanity", 4)])
    assert "holy-book T1" in options(game)
    game.apply("holy-book T1")
    read = events(game, "holy-book")[0]
    assert (read.rule, read.data) == ("Extra Gear: Holy Book (R:472)", {"daemons": 1})
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("L1",),
        {"situation": "holy-book:T1", "need": 4, "passed": False},
    )
    assert "the Holy Book of Agent T1" in game.ruleset.describe(game, test)
    assert events(game, "insanity-modifier")[0].data == {"modifier": -2}
    assert events(game, "insanity")[0].data == {"result": "Stupefaction"}  # 4 - 2
    assert model(game, "L1").state == "face-up"
    assert model(game, "L2").state == "normal"
    assert not dice_left(game)


def test_sa_holy_book_a_daemon_passing_is_unharmed() -> None:
    game = reading([("resolve", 4)])
    game.apply("holy-book T1")
    assert events(game, "resolve")[0].data["passed"] is True
    assert not events(game, "insanity")
    assert not dice_left(game)


def face_down_daemon_near(l2: tuple[float, float]) -> Game:
    """T1 with a Holy Book, nominated: Daemon L1 4" away and Face Down, Daemon L2 at ``l2``."""
    game = book(
        agent("T1", equipment=["holy_book"]),
        agent("L1", types=["daemon"]),
        agent("L2", types=["daemon"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": l2},
        dice=[("resolve", 6)],
    )
    model(game, "L1").state = "face-down"
    game.apply("nominate T1")
    return game


def test_r205_holy_book_a_face_down_daemon_takes_no_test() -> None:
    game = face_down_daemon_near((10.0, 22.0))
    assert "holy-book T1" not in options(game)
    refused(game, "holy-book T1", 'no Normal Daemon nor Ghost is within 5" of T1')
    game = face_down_daemon_near((10.0, 14.0))
    game.apply("holy-book T1")
    assert [e.models for e in events(game, "resolve")] == [("L2",)]  # the Normal one alone
    assert events(game, "holy-book")[0].data == {"daemons": 1}
    assert model(game, "L1").state == "face-down"
    assert not dice_left(game)


def test_sa_holy_book_is_read_once_a_game() -> None:
    game = reading([("resolve", 6)])
    game.apply("holy-book T1")
    assert "holy-book T1" not in options(game)
    refused(game, "holy-book T1", "T1 has read its Holy Book: once a game (R:472)")


def test_sa_holy_book_refused_with_no_daemon_within_5() -> None:
    game = book(
        agent("T1", equipment=["holy_book"]),
        agent("L1", types=["daemon"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0, 22.0)},
    )
    game.apply("nominate T1")
    refused(game, "holy-book T1", 'no Normal Daemon nor Ghost is within 5" of T1: the Holy Book')


# -- Wooden Stake: C.C.B. +1, 1D; +2 Damage on Night Stalkers, Criticals from 5 on Daemons (R:486)


def test_sa_wooden_stake_a_team_buys_it_as_a_close_combat_weapon(tmp_path: Path) -> None:
    cat = catalog_of(threshold_game(tmp_path, "Wooden Stake"))
    assert "wooden_stake" in cat.profile("T1").weapons
    stake = cat.weapon("wooden_stake")
    assert (stake.kind, stake.ccb, stake.damage) == ("close", 1, 0)


def staking(foe: dict[str, Any], faces: list[tuple[str, int]], *weapons: str) -> Game:
    """T1 with ``weapons`` charges ``foe`` (L1) and rolls ``faces``."""
    game = book(
        agent("T1", weapons=["unarmed", *weapons]),
        foe,
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=faces,
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    return game


def test_sa_wooden_stake_a_5_starts_a_critical_hit_on_a_daemon() -> None:
    cc = [("close-combat", f) for f in (5, 2, 4, 2)]  # T1: 5 + 1 = 6, L1: 4 + 1 = 5
    faces = [*cc, ("critical-hit", 5), ("to-wound", 3)]  # 3 + 0 + 2 = 5 against Con 6
    game = staking(agent("L1", types=["daemon"]), faces, "wooden_stake")
    assert options(game) == ["wound T1"]  # the Stake is T1's best weapon already
    game.apply("wound T1")
    assert events(game, "critical-hit")[0].data == {"bonus": 2}
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    assert not dice_left(game)


def test_sa_wooden_stake_a_5_is_no_critical_on_a_human() -> None:
    cc = [("close-combat", f) for f in (5, 2, 4, 2)]
    game = staking(agent("L1"), [*cc, ("to-wound", 3)], "wooden_stake")
    game.apply("wound T1")
    assert not events(game, "critical-hit")
    assert events(game, "no-wound")[0].data == {"total": 3, "con": 6}
    assert not dice_left(game)


def test_sa_wooden_stake_a_knife_bearer_wounds_a_night_stalker_with_it() -> None:
    cc = [("close-combat", f) for f in (5, 4, 2, 2, 3)]  # T1: 5 + 1 = 6, L1: 3 + 1 = 4
    faces = [*cc, ("critical-hit", 2), ("to-wound", 6), ("to-wound", 4)]
    stalker = {**night_stalker(), "skills": []}
    game = staking(stalker, faces, "knife", "wooden_stake")
    game.apply("one-weapon T1")  # a Knife and a Stake: it fights with one (R:284)
    assert options(game) == ["wound T1", "wound T1 wooden_stake"]
    game.apply("wound T1 wooden_stake")
    bonus = events(game, "stake")[0]
    assert (bonus.rule, bonus.data) == ("Extra Gear: Wooden Stake (R:486)", {"bonus": 2})
    assert game.describe(bonus).startswith(
        "Agent T1 (T1) strikes the Night Stalker with its Wooden Stake: +2 Damage"
    )
    assert model(game, "L1").wounds == 2  # 6 + 0 + 2 = 8 against Con 8; 4 + 2 = 6 does not
    assert not dice_left(game)


def test_sa_wooden_stake_not_offered_where_the_weapon_fought_with_is_better() -> None:
    cc = [("close-combat", f) for f in (5, 2, 4, 2)]  # T1 fights with its Club, +2
    game = staking(agent("L1", types=["daemon"]), cc, "club", "wooden_stake")
    game.apply("one-weapon T1")
    assert options(game) == ["wound T1"]
    refused(game, "wound T1 wooden_stake", "or a Wooden Stake a Daemon (R:486)")


# -- Morphine: a removed model stays for one Turn of its side, once a game (R:478) --------------


def test_sa_morphine_keeps_the_model_until_its_next_turn_ends() -> None:
    game = shot_down()
    assert options(game) == ["morphine T1", "no-morphine T1"]
    game.apply("morphine T1")
    taken = events(game, "morphine")[0]
    assert (taken.rule, taken.data) == (
        "Extra Gear: Morphine (R:478)",
        {"result": "Minor Injury", "until": "its side's next Turn"},
    )
    assert model(game, "T1").removed is None and model(game, "T1").state == "normal"
    assert game.state.numbed == (("T1", "Minor Injury", 2),)
    assert restore(game.to_json()).state.numbed == game.state.numbed
    apply_all(game, "pass L1", "nominate T1", "pass T1", "pass T1")
    gone = events(game, "removed")[0]
    assert (gone.rule, gone.models, gone.data) == (
        "Extra Gear: Morphine (R:478)",
        ("T1",),
        {"reason": "Minor Injury"},
    )
    assert game.state.numbed == ()
    assert not dice_left(game)


def test_r478_morphine_hurt_in_its_own_turn_stays_for_that_turn_only() -> None:
    # The Threshold's Turn begins with T1 and L1 in combat: L1 wins, wounds T1 and the Injury
    # (3 + 4 + 1 = 8) is Minor. T1 takes Morphine, acts in this Turn and goes as it ends.
    game = engaged(
        agent("T1", equipment=["morphine"]),
        agent("L1"),
        *(2, 2, 4, 2),  # T1 2 + 1 against L1 4 + 1: L1 wins by 2
        *("to-wound", 6, 1, "injury", 3, 4),
    )
    apply_all(game, "wound L1", "morphine T1")
    assert game.state.numbed == (("T1", "Minor Injury", 1),)
    taken = events(game, "morphine")[0]
    assert taken.data == {"result": "Minor Injury", "until": "this Turn"}
    assert game.ruleset.describe(game, taken) == (
        "Agent T1 (T1) takes Morphine: despite the Minor Injury it stays until the end of "
        "this Turn  [Extra Gear: Morphine (R:478)]"
    )
    assert options(game) == ["nominate T1"]
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    gone = events(game, "removed")[0]
    assert (gone.rule, gone.models, gone.data) == (
        "Extra Gear: Morphine (R:478)",
        ("T1",),
        {"reason": "Minor Injury"},
    )
    assert (game.state.turn, game.state.numbed) == (1, ())
    assert not dice_left(game)


def test_r478_morphine_taken_after_its_turns_end_was_checked_goes_at_the_next_end() -> None:
    # A model numbed once a Turn's end has checked Morphine (a Frenzy's Charge after it) has
    # had its Turn: it goes as the next Turn ends, never kept for good.
    game = engaged(
        agent("T1", equipment=["morphine"]),
        agent("L1"),
        *(2, 2, 4, 2),
        *("to-wound", 6, 1, "injury", 3, 4),
    )
    apply_all(game, "wound L1", "morphine T1")
    game.state.numbed = (("T1", "Minor Injury", 0),)  # due as Turn 0 ended, after its check
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    gone = events(game, "removed")[0]
    assert (gone.rule, gone.models, gone.data) == (
        "Extra Gear: Morphine (R:478)",
        ("T1",),
        {"reason": "Minor Injury"},
    )
    assert game.state.numbed == ()
    assert not dice_left(game)


def test_sa_morphine_injured_again_is_a_major_injury_with_no_roll() -> None:
    game = shot_down(("to-hit", 5), ("to-wound", 4))
    apply_all(game, "morphine T1", "shoot L1 T1 handgun_45")
    gone = events(game, "removed")[0]
    assert (gone.rule, gone.data) == ("Extra Gear: Morphine (R:478)", {"reason": "Major Injury"})
    assert len(events(game, "injury")) == 1
    assert not dice_left(game)


def test_sa_morphine_declined_the_model_is_removed_and_keeps_it() -> None:
    game = shot_down()
    game.apply("no-morphine T1")
    assert events(game, "removed")[0].data == {"reason": "Minor Injury"}
    assert game.state.gear_used == ()


def test_r478_morphine_a_model_gone_before_it_wears_off_is_removed_once() -> None:
    # T1, kept by Morphine, walks off the table in its Turn: it is gone then, and the end
    # of the Turn removes it no second time, nor do T2 and T3 near it test for it.
    game = book(
        agent("T1", equipment=["morphine"]),
        agent("T2"),
        agent("T3"),
        agent("L1", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (3.0, 10.0), "T2": (3.0, 14.0), "T3": (3.0, 6.0), "L1": (9.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 4), ("injury", 4), ("injury", 4)],
        active=1,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45", "morphine T1", "pass L1")
    apply_all(game, "nominate T1", "move T1 -1,10")  # and the Threshold's Turn ends
    assert game.state.active == 1 and game.state.numbed == ()
    gone = events(game, "removed")
    assert [(e.rule, e.models, e.data) for e in gone] == [
        ("Leaving the Table", ("T1",), {"reason": "Minor Injury"})
    ]
    assert not events(game, "resolve")
    assert not dice_left(game)


# -- Detonator: a Dynamite marker placed, set off from within 15" (R:466) -----------------------


def test_sa_detonator_places_a_dynamite_marker_where_it_stands() -> None:
    game = bomber((10.0, 10.0), planted=False)
    assert "plant T1" in options(game) and "detonate T1" not in options(game)
    game.apply("plant T1")
    assert game.state.planted == (("T1", 10.0, 10.0, ""),)
    placed = events(game, "planted")[0]
    assert (placed.rule, placed.data) == ("Extra Gear: Detonator (R:466)", {"at": (10.0, 10.0)})
    assert "plant T1" not in options(game)
    refused(game, "plant T1", "T1 has a Dynamite marker out already")
    assert restore(game.to_json()).state.planted == game.state.planted


def test_sa_detonator_sets_the_marker_off_with_no_roll_to_hit() -> None:
    # L1 under the Large Blast over the marker: no save, 1 + 5 = 6 against Con 6, one Wound.
    game = bomber((24.0, 10.0), ("to-wound", 1), ("injury", 3), ("injury", 3))
    game.apply("detonate T1")
    assert events(game, "detonated")[0].data == {"at": (10.0, 10.0)}
    assert events(game, "template")[0].models == ("L1",)
    assert not events(game, "hits")
    assert model(game, "L1").state == "face-down"  # 3 + 3 = 6: Unconscious
    assert game.state.planted == ()
    assert not dice_left(game)


def test_sa_detonator_refused_beyond_15_or_with_no_marker() -> None:
    game = bomber((30.0, 10.0))
    assert "detonate T1" not in options(game)
    refused(game, "detonate T1", 'T1 is 19.5" from its Dynamite marker: the Detonator reaches 15"')
    unplanted = bomber((30.0, 10.0), planted=False)
    refused(unplanted, "detonate T1", "T1 has no Dynamite marker out to set off")


def test_sa_detonator_places_nothing_without_dynamite() -> None:
    game = book(
        agent("T1", equipment=["detonator"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
    )
    game.apply("nominate T1")
    refused(game, "plant T1", "T1 has no Dynamite to place (R:466)")


# -- Bait: a marker that lures Beasts within 10" (R:464) ----------------------------------------


def test_sa_bait_placed_as_a_marker_where_the_bearer_stands() -> None:
    game = book(
        agent("T1", equipment=["bait"]),
        agent("L1", types=["beast"]),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
    )
    game.apply("nominate T1")
    game.apply("place-bait T1")
    placed = events(game, "bait-placed")[0]
    assert (placed.rule, placed.data) == ("Extra Gear: Bait (R:464)", {"at": (10.0, 10.0)})
    assert game.state.baits == (("T1", 10.0, 10.0, ""),)
    assert "place-bait T1" not in options(game)
    refused(game, "place-bait T1", "T1 carries no Bait to place (R:464)")


def lured(beast: tuple[float, float], *faces: tuple[str, int], types: str = "beast") -> Game:
    """The Lurkers' turn: T1's Bait placed at 10,10, T1 far off; L1 at ``beast`` nominated."""
    game = book(
        agent("T1", equipment=["bait"]),
        agent("L1", types=[types]),
        placed={"T1": (30.0, 30.0), "L1": beast},
        dice=list(faces),
        active=1,
    )
    game.state.baits = (("T1", 10.0, 10.0, ""),)
    game.state.gear_used = (("T1", "bait"),)
    game.apply("nominate L1")
    return game


def test_sa_bait_a_beast_failing_its_test_moves_toward_it() -> None:
    game = lured((16.0, 10.0), ("resolve", 3), ("resolve", 4))
    game.apply("move L1 20,10")
    test = events(game, "bait")[0]
    assert (test.rule, test.models, test.data) == (
        "Extra Gear: Bait (R:464)",
        ("L1", "T1"),
        {"need": 4, "passed": False},
    )
    assert events(game, "lured")[0].data == {"at": (10.0, 10.0)}
    assert model(game, "L1").pos == (11.0, 10.0)  # its 5" toward the marker
    game.apply("move L1 15,10")  # passed: the Move goes where it was meant to
    assert model(game, "L1").pos == (15.0, 10.0)
    assert not dice_left(game)


def test_sa_bait_a_beast_touching_the_marker_eats_it() -> None:
    game = lured((10.0 + TOUCH / 2, 10.0))
    assert options(game) == ["eat-bait L1"]
    refused(game, "pass L1", "L1 touches Bait: this Action eats it (R:464)")
    game.apply("eat-bait L1")
    assert events(game, "bait-eaten")[0].data == {"at": (10.0, 10.0)}
    assert game.state.baits == ()
    assert "eat-bait L1" not in options(game)


def test_sa_bait_carried_lures_a_beast_short_of_its_bearer() -> None:
    game = book(
        agent("T1", equipment=["bait"]),
        agent("L1", types=["beast"]),
        placed={"T1": (10.0, 10.0), "L1": (19.0, 10.0)},
        dice=[("resolve", 1)],
        active=1,
    )
    apply_all(game, "nominate L1", "move L1 24,10")
    assert events(game, "lured")[0].models == ("L1", "T1")
    assert model(game, "L1").pos == (14.0, 10.0)
    assert not dice_left(game)


ROOF = {"id": "roof", "kind": "climbable", "height": 1.0, "polygon": rect(16.0, 8.0, 22.0, 12.0)}
"""A roof 1" high, 6" by 4"."""


def test_r464_bait_on_the_ground_lures_a_beast_on_a_roof() -> None:
    """R:464: a Beast on a roof 1" high, 3.5" across the table and 1" up from a Bait marker
    on the ground, is within 10" of it: it tests, and failing, Moves toward it to the roof's
    edge."""
    game = book(
        agent("T1", equipment=["bait"]),
        agent("L1", types=["beast"]),
        placed={"T1": (30.0, 20.0), "L1": {"pos": (18.0, 10.0), "level": "roof"}},
        board=board(ROOF),
        dice=[("resolve", 1)],
        active=1,
    )
    game.state.baits = (("T1", 14.0, 10.0, ""),)
    game.state.gear_used = (("T1", "bait"),)
    apply_all(game, "nominate L1", "move L1 20,10")
    assert events(game, "bait")[0].data == {"need": 4, "passed": False}
    assert events(game, "lured")[0].data == {"at": (14.0, 10.0)}
    beast = model(game, "L1")
    assert (round(beast.x, 3), beast.y, beast.level) == (16.514, 10.0, "roof")
    assert not dice_left(game)


def test_r464_r2116_a_lured_move_rolls_a_rolled_movement() -> None:
    """R:464, R:2116: a Deep One's Movement of 1D3+3 is rolled for the Move Bait forces, as
    for any Move Action: a D3 of 1 takes it 4" toward the marker."""
    game = book(
        agent("T1", equipment=["bait"]),
        agent("L1", types=["beast"], move=3, move_die=3),
        placed={"T1": (30.0, 20.0), "L1": (20.0, 10.0)},
        dice=[("resolve", 1), ("movement", 2)],
        active=1,
    )
    game.state.baits = (("T1", 12.0, 10.0, ""),)
    game.state.gear_used = (("T1", "bait"),)
    apply_all(game, "nominate L1", "move L1 24,10")
    assert events(game, "lured")[0].data == {"at": (12.0, 10.0)}
    assert events(game, "movement-rolled")[0].data == {"movement": 4}
    assert model(game, "L1").pos == (16.0, 10.0)
    assert not dice_left(game)


def test_r464_r266_a_lured_move_across_ice_asks_the_dexterity_test() -> None:
    """R:464, R:266: the 5" Move Bait forces crosses 3.5" of ice, more than half its
    Movement: a Dexterity test of 6+ with the ice, failed with a 5, leaves it Face Up."""
    game = book(
        agent("T1", equipment=["bait"]),
        agent("L1", types=["beast"]),
        placed={"T1": (30.0, 20.0), "L1": (16.0, 10.0)},
        board=board(piece("ice", 11.5, 8, 15, 12)),
        dice=[("resolve", 3), ("dexterity", 5)],
        active=1,
    )
    game.state.baits = (("T1", 10.0, 10.0, ""),)
    game.state.gear_used = (("T1", "bait"),)
    apply_all(game, "nominate L1", "move L1 20,10")
    test = events(game, "slip-test")[0]
    assert (test.rule, test.data) == (
        "Advanced Terrain: Ice (R:266)",
        {"feature": "Ice", "need": 6, "passed": False},
    )
    beast = model(game, "L1")
    assert (beast.pos, beast.state) == ((11.0, 10.0), "face-up")
    assert not dice_left(game)


def test_sa_bait_lures_no_other_model_nor_one_beyond_10() -> None:
    game = lured((16.0, 10.0), types="undead")
    game.apply("move L1 20,10")
    far = lured((21.0, 10.0))
    far.apply("move L1 24,10")
    assert not events(game, "bait") and not events(far, "bait")
    assert model(far, "L1").pos == (24.0, 10.0)


# -- Table Salt: a circle or a line Undead and Daemons test to cross (R:480, notes §6 item 37) --

CIRCLE = ("T1", 10.0, 10.0, 1.25, -1.0, "")
"""A salt circle round T1 at 10,10: the Small Blast's edge."""
LINE = ("T1", 10.0, 6.0, 10.0, 10.0, "")
"""A salt line 4" long, from 10,6 to 10,10."""


def test_sa_table_salt_lays_a_circle_round_the_bearer_once() -> None:
    game = book(
        agent("T1", equipment=["table_salt"]),
        agent("L1", types=["undead"]),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
    )
    apply_all(game, "nominate T1", "salt-circle T1")
    laid = events(game, "salt-circle")[0]
    assert (laid.rule, laid.data) == (
        "Extra Gear: Table Salt (R:480; notes §6 item 37)",
        {"at": (10.0, 10.0), "radius": 1.25},
    )
    assert game.state.salt == (CIRCLE,)
    assert "salt-circle T1" not in options(game)
    refused(game, "salt-circle T1", "T1 has no Table Salt left: one line or circle a game")


def test_sa_table_salt_lays_a_line_up_to_4_long() -> None:
    game = book(
        agent("T1", equipment=["table_salt"]),
        agent("L1", types=["undead"]),
        placed={"T1": (10.0, 6.0), "L1": (30.0, 10.0)},
    )
    game.apply("nominate T1")
    refused(game, "salt-line T1 10,11", 'a salt line is 4" long at most (R:480)')
    game.apply("salt-line T1 10,10")
    assert game.state.salt == (LINE,)
    assert events(game, "salt-line")[0].data == {"at": (10.0, 6.0), "to": (10.0, 10.0)}


def salted(laid: tuple[str, float, float, float, float, str], *faces: tuple[str, int]) -> Game:
    """The Lurkers' turn: ``laid`` salt, T1 at 10,10, the Undead L1 at 14,8 nominated."""
    game = book(
        agent("T1", equipment=["table_salt"]),
        agent("L1", types=["undead"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 8.0)},
        dice=list(faces),
        active=1,
    )
    game.state.salt = (laid,)
    game.state.gear_used = (("T1", "table_salt"),)
    game.apply("nominate L1")
    return game


def test_sa_table_salt_an_undead_failing_its_test_does_not_cross() -> None:
    game = salted(CIRCLE, ("resolve", 3))
    game.apply("charge L1 T1")
    test = events(game, "salt")[0]
    assert (test.rule, test.models, test.data) == (
        "Extra Gear: Table Salt (R:480; notes §6 item 37)",
        ("L1", "T1"),
        {"need": 4, "passed": False},
    )
    assert not events(game, "charge") and model(game, "L1").pos == (14.0, 8.0)
    assert game.state.salt == (CIRCLE,)
    assert not dice_left(game)


def test_sa_table_salt_an_undead_passing_crosses_and_breaks_it() -> None:
    faces = [("resolve", 4), *[("close-combat", f) for f in (4, 2, 4, 2)]]
    game = salted(CIRCLE, *faces)
    game.apply("charge L1 T1")
    assert events(game, "charge") and events(game, "salt-broken")[0].models == ("L1", "T1")
    assert game.state.salt == ()
    assert not dice_left(game)


def test_sa_table_salt_a_line_crossed_by_a_move_asks_the_test() -> None:
    game = salted(LINE, ("resolve", 2))
    game.apply("move L1 9,8")
    assert events(game, "salt")[0].data["passed"] is False
    assert model(game, "L1").pos == (14.0, 8.0)
    game.apply("move L1 18,8")  # away from the line: no test
    assert len(events(game, "salt")) == 1
    assert not dice_left(game)


def test_sa_table_salt_a_human_crossing_breaks_it_with_no_test() -> None:
    game = book(
        agent("T1", equipment=["table_salt"]),
        agent("L1"),
        placed={"T1": (10.0, 14.0), "L1": (14.0, 8.0)},
        active=1,
    )
    game.state.salt = (LINE,)
    apply_all(game, "nominate L1", "move L1 9,8")
    assert not events(game, "salt")
    assert events(game, "salt-broken")[0].models == ("L1", "T1")
    assert game.state.salt == ()


# -- The heuristic player's use of Extra Gear ----------------------------------------------------


def best(game: Game) -> str:
    """The heuristic's choice among the pending decision's options."""
    assert game.decision is not None
    candidates = list(game.decision.options)
    scores = ai.score_actions(game, candidates)
    return candidates[scores.index(max(scores))].to_text()


def test_sa_lucky_charm_the_heuristic_spends_it_where_offered() -> None:
    game = facing_terror([("resolve", 3)], equipment=["lucky_charm"], skills=["lucky"])
    assert best(game) == "charm T1 1"


def test_sa_tight_boots_the_heuristic_wears_them() -> None:
    game = facing_terror([("resolve", 1)], equipment=["tight_boots"])
    assert best(game) == "boots T1"


def test_sa_morphine_the_heuristic_takes_it_out_of_combat() -> None:
    assert best(shot_down()) == "morphine T1"


def test_sa_wooden_stake_the_heuristic_wounds_a_daemon_with_it() -> None:
    cc = [("close-combat", f) for f in (5, 4, 2, 2, 3)]
    game = staking({**night_stalker(), "skills": []}, cc, "knife", "wooden_stake")
    game.apply("one-weapon T1")
    assert best(game) == "wound T1 wooden_stake"


def test_sa_holy_book_the_heuristic_reads_it_with_a_daemon_near() -> None:
    game = reading([])
    assert ai.score_actions(game, [Action("holy-book", ("T1",))])[0] > 0.0


def test_sa_lucky_charm_two_bought_are_two_uses(tmp_path: Path) -> None:
    game = threshold_game(tmp_path, 'Lucky Charm", "Lucky Charm')
    assert catalog_of(game).profile("T1").equipment == ("lucky_charm", "lucky_charm")
    charmed = facing_terror([("resolve", 3)], equipment=["lucky_charm", "lucky_charm"])
    charmed.apply("charm T1 1")
    assert charmed.state.gear_used == (("T1", "lucky_charm"),)
    assert unspent(charmed, model(charmed, "T1"), "lucky_charm")


# -- Antivenom: the Poison of an Injury roll negated for an Action, once a game (R:462) ---------


def test_sa_antivenom_negates_the_poison_and_costs_the_next_action() -> None:
    game = poisoned(("injury", 3), ("injury", 3))  # 6 Unconscious; 7 with Poison, Minor Injury
    assert options(game) == ["antivenom T1 T1", "no-antivenom T1"]
    game.apply("antivenom T1 T1")
    used = events(game, "antivenom")[0]
    assert (used.rule, used.models) == ("Extra Gear: Antivenom (R:462)", ("T1", "T1"))
    assert not events(game, "poisoned")
    assert events(game, "injury")[0].data == {"value": 6, "result": "Unconscious"}
    assert game.state.owed == ("T1",)
    apply_all(game, "pass L1", "nominate T1")
    assert events(game, "owed-action")[0].data == {"actions": 1}
    assert game.decision is not None and "Action 1 of 1" in game.decision.prompt
    assert game.state.owed == ()
    assert not dice_left(game)


def test_sa_antivenom_a_friend_in_base_to_base_may_give_it() -> None:
    # T2 then sees T1 removed, and is the last of its side: two tests.
    game = poisoned(("injury", 3), ("injury", 3), ("resolve", 6), ("resolve", 6), carrier="T2")
    assert options(game) == ["antivenom T2 T1", "no-antivenom T2"]
    game.apply("no-antivenom T2")
    assert events(game, "poisoned")[0].data == {"bonus": 1}
    assert events(game, "removed")[0].data == {"reason": "Minor Injury"}
    assert game.state.gear_used == ()
    assert not dice_left(game)


def test_sa_antivenom_not_offered_where_the_poison_changes_nothing() -> None:
    game = poisoned(("injury", 2), ("injury", 1))  # 3, or 4 with Poison: Stunned either way
    assert events(game, "injury")[0].data == {"value": 4, "result": "Stunned"}
    assert not events(game, "antivenom") and game.state.gear_used == ()
    assert not dice_left(game)


def test_sa_antivenom_r462_judged_on_the_roll_with_dissector_in_it() -> None:
    """R:462, R:458: 3 + 2 and Dissector's +1 is 6, Unconscious; the Poison's +1 makes it 7,
    a Minor Injury, so Antivenom changes the result and is offered on those numbers."""
    game = book(
        agent("T1", types=["undead"], equipment=["antivenom"]),
        agent("L1", weapons=["unarmed", "blow_pipe"], abilities=["dissector"]),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 5), ("injury", 3), ("injury", 2)],
        active=1,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 blow_pipe")
    assert options(game) == ["antivenom T1 T1", "no-antivenom T1"]
    assert game.decision is not None
    assert "6 on the Injury roll, not 7" in game.decision.prompt
    game.apply("antivenom T1 T1")
    assert events(game, "dissector")[0].data == {"bonus": 1}
    assert events(game, "injury")[0].data == {"value": 6, "result": "Unconscious"}
    assert not dice_left(game)


# -- Lists: every item played, and random Threshold lists buy them (R:459-460) ------------------


def test_sa_extra_gear_every_item_is_played_and_random_lists_buy_it() -> None:
    rules = find_ruleset(BOOK)
    assert isinstance(rules, StrangeAeons)
    items = rules.book.on_table(Table.EXTRA_GEAR)
    assert len(items) == 14
    assert all(playable(rules.book, load_played(), item) for item in items)
    gear = {item.id for item in items}
    bought: set[str] = set()
    for seed in range(30):
        setup = rules.normalize_setup({"list-seed": seed})
        bought |= {e for m in setup["threshold"]["models"] for e in m["equipment"]}
        # Never a Lurker's: a Rogue Threshold Agent's equipment is a Special Branch prototype.
        assert not gear & {e for m in setup["lurkers"]["models"] for e in m["equipment"]}
    assert len(bought & gear) >= 8


def test_sa_table_salt_a_revulsion_move_across_it_breaks_it() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["terror"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("resolve", 1), ("insanity", 5)],  # 5 - 1 for Terror: Revulsion, away from L1
    )
    game.state.salt = (("T1", 8.0, 6.0, 8.0, 14.0, ""),)
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    assert model(game, "T1").x < 8.0
    assert events(game, "salt-broken")[0].models == ("T1", "T1")
    assert game.state.salt == ()
    assert not dice_left(game)
