"""The Special Agents' own rules (R:375-458, rules notes §3.2), each with scripted dice on
forces written by hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+, Knife +1, 1D+1, AP1, given the
Special Agent's rule). Each test is named after the rule it plays and cites its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    apply_all,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
)
from tests.rulesets.strange_aeons.lists import book as catalog
from tests.rulesets.strange_aeons.lists import padded
from tests.rulesets.strange_aeons.rulebook import (
    BOOK,
    agent,
    bomber,
    book,
    cc,
    duel,
    engaged,
    forces,
    poisoned,
    shot_down,
)

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.extra_gear import unspent
from skirmish.rulesets.strange_aeons.forces import load_played, playable

GUN = ["unarmed", "handgun_45"]
BRUTE = ["crazy_with_hate"]
AGENT_RULES = {
    "crazy_with_hate",
    "wushu_master",
    "hunter",
    "ever_watchful",
    "the_natural",
    "medical_bag",
    "dissector",
    "back_up",
}
WAITING = {
    "psychic_operative",
    "spiritualist",
}


def test_sa_special_agents_play_but_those_waiting_for_spells_and_powers() -> None:
    """R:375-458: the Special Agents whose rules the game plays are drawn for random teams;
    the Psychic Operative (R:418) and the Spiritualist (R:447) wait."""
    book_data, played = catalog(), load_played()
    waiting = {a.id for a in book_data.agents.values() if not playable(book_data, played, a)}
    assert waiting == WAITING


def test_sa_special_agents_random_teams_for_play_hire_them_r376() -> None:
    """R:376: a random team for play holds a Map Piece, so it hires a Special Agent now and
    then, one the game plays, in the points left."""
    rules = find_ruleset(BOOK)
    hired = set()
    for seed in range(12):
        models = rules.normalize_setup({"list-seed": seed})["threshold"]["models"]
        hired |= {a for m in models for a in m["abilities"] if a in AGENT_RULES}
    assert len(hired) >= 3


# -- A Special Agent comes as printed, its Extra Gear too (R:378) ------------------------------

HIRED = """name = "Field office"
faction = "threshold"
map_pieces = 1

[[models]]
name = "Ames"
profile = "Character"
gear = ["Knife"]

[[models]]
name = "Blake"
profile = "{agent}"
"""
"""A team of a Character (T1) and the Special Agent ``agent`` (T2), hired with its Map Piece;
:func:`padded` to 15 Total Points by a spare left out of play."""
FAR_OFF = (40.0, 40.0)
"""Where the Character stands, beyond lending its Resolve."""


def with_agent(tmp_path: Path, special_agent: str, lurker: dict[str, Any], **kwargs: Any) -> Game:
    """A game of :data:`HIRED` with ``special_agent``, as its list file sets it up, against
    ``lurker`` (L1); ``kwargs`` as :func:`book` takes them."""
    team = tmp_path / "team.toml"
    team.write_text(padded(HIRED.format(agent=special_agent)), "utf-8")
    return book(lurker, setup={"threshold": str(team)}, **kwargs)


def test_r378_the_exorcist_may_preach_or_read_his_printed_holy_book(tmp_path: Path) -> None:
    """R:378, R:403, R:472: the Exorcist comes with his Holy Book: a Daemon 3" away, the
    Sermon and the book are offered; the book read, the Daemon tests, and neither is left."""
    game = with_agent(
        tmp_path,
        "Exorcist",
        agent("L1", types=["daemon"]),
        placed={"T1": FAR_OFF, "T2": (10.0, 10.0), "L1": (13.0, 10.0)},
        dice=script("resolve", 4),
    )
    game.apply("nominate T2")
    assert {"sermon T2", "holy-book T2"} <= set(options(game))
    game.apply("holy-book T2")
    read = events(game, "holy-book")[0]
    assert (read.rule, read.models) == ("Extra Gear: Holy Book (R:472)", ("T2",))
    assert events(game, "resolve")[0].data["passed"] is True
    assert not {"sermon T2", "holy-book T2"} & set(options(game))
    assert not dice_left(game)


def test_r378_an_undead_tests_to_charge_the_exorcist_for_his_printed_garlic(
    tmp_path: Path,
) -> None:
    """R:378, R:470: the Exorcist's Garlic wards him: an Undead 4" away fails its test and
    spends the Charge."""
    game = with_agent(
        tmp_path,
        "Exorcist",
        agent("L1", types=["undead"]),
        placed={"T1": FAR_OFF, "T2": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=script("resolve", 3),
        active=1,
    )
    apply_all(game, "nominate L1", "charge L1 T2")
    garlic = events(game, "garlic")[0]
    assert (garlic.rule, garlic.models, garlic.data) == (
        "Extra Gear: Garlic (R:470)",
        ("L1", "T2"),
        {"need": 4, "passed": False},
    )
    assert not events(game, "charge")
    assert not dice_left(game)


def test_r378_the_squad_leaders_printed_tight_boots_pass_a_failed_test(tmp_path: Path) -> None:
    """R:378, R:482: the Squad Leader (Resolve 4+) rolls a 1 within 10" of a Terror-causing
    Daemon; his Tight Boots are offered, and worn the test passes."""
    game = with_agent(
        tmp_path,
        "Squad Leader",
        agent("L1", types=["daemon"], skills=["terror"]),
        placed={"T1": FAR_OFF, "T2": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=script("resolve", 1),
    )
    apply_all(game, "nominate T2", "pass T2")
    assert options(game) == ["boots T2", "no-boots T2"]
    game.apply("boots T2")
    assert events(game, "tight-boots")[0].models == ("T2",)
    assert not events(game, "insanity")
    assert not dice_left(game)


def test_r378_the_demolitionist_plants_dynamite_with_his_printed_detonator(
    tmp_path: Path,
) -> None:
    """R:378, R:466: the Demolitionist's Detonator places a Dynamite marker where he stands."""
    game = with_agent(
        tmp_path,
        "Demolitionist",
        agent("L1"),
        placed={"T1": FAR_OFF, "T2": (10.0, 10.0), "L1": (30.0, 10.0)},
    )
    game.apply("nominate T2")
    game.apply("plant T2")
    assert game.state.planted == (("T2", 10.0, 10.0, ""),)
    assert events(game, "planted")[0].rule == "Extra Gear: Detonator (R:466)"


# -- Brute: Crazy with Hate (R:393) and the Joy of Hate (R:239) -------------------------------


def test_sa_crazy_with_hate_one_more_attack_and_ccb_against_a_human_lurker_r239() -> None:
    """R:239, R:393: against a Human Lurker the Brute rolls 3 dice, not 2, and adds 1 more."""
    game = duel(agent("T1", abilities=BRUTE), agent("L1"), cc(4, 2, 2, 3, 2))
    hate = events(game, "hate")[0]
    assert (hate.rule, hate.models, hate.data) == (
        "The Joy of Hate (R:239)",
        ("T1", "L1"),
        {"attacks": 1, "ccb": 1},
    )
    assert events(game, "combat-totals")[0].data == {"totals": [6, 4]}  # 4 + 1 + 1, 3 + 1
    assert not dice_left(game)


def test_sa_crazy_with_hate_nothing_against_a_lurker_that_is_no_human_r393() -> None:
    """R:393: the Brute Hates Human Lurkers only."""
    game = duel(agent("T1", abilities=BRUTE), agent("L1", types=["daemon"]), cc(4, 2, 3, 2))
    assert not events(game, "hate")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    assert not dice_left(game)


def test_sa_crazy_with_hate_no_test_for_a_hated_enemys_fear_r239() -> None:
    """R:239: a Fear-causing Human Lurker within 5" brings the Brute no Insanity test."""
    game = book(
        agent("T1", abilities=BRUTE),
        agent("L1", skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert not events(game, "resolve")


def test_sa_crazy_with_hate_no_test_for_a_hated_enemys_surly_menace_r239() -> None:
    """R:239, R:1149: a Surly Human Lurker's Fear brings the Brute no test either."""
    game = book(
        agent("T1", abilities=BRUTE),
        agent("L1", skills=["surly"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        active=1,
    )
    apply_all(game, "nominate L1", "menace L1")
    assert events(game, "menace") and not events(game, "resolve")


def test_sa_crazy_with_hate_a_friend_removed_by_a_hated_enemy_asks_no_test_r239() -> None:
    """R:239: a friend's removal by a Human Lurker is a deed of it: no test for the Brute,
    while the Agent beside it tests."""
    game = book(
        agent("T1", abilities=BRUTE),
        agent("T2"),
        agent("T3"),
        agent("L1", weapons=GUN),
        placed={"T1": (14.0, 10.0), "T2": (10.0, 10.0), "T3": (10.0, 14.0), "L1": (10.0, 4.0)},
        active=1,
        dice=[
            ("to-hit", 5),
            ("to-wound", 6),  # 6 + 2 = 8 against Con 6
            ("injury", 4),
            ("injury", 3),  # 7 + 2 = 9: Major Injury
            ("resolve", 4),  # T3 alone tests
        ],
    )
    apply_all(game, "nominate L1", "shoot L1 T2 handgun_45")
    assert model(game, "T2").removed == "Major Injury"
    assert [e.models for e in events(game, "resolve")] == [("T3",)]
    assert not dice_left(game)


def test_sa_crazy_with_hate_overrides_haphephobia_toward_a_hated_enemy_r239() -> None:
    """R:239: a Haphephobic Brute charged by a Human Lurker takes no test before the round."""
    game = book(
        agent("T1", abilities=BRUTE, phobias=["haphephobia"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0, 14.0)},
        active=1,
        dice=cc(2, 2, 4, 2, 2),  # L1 2 + 1 against T1 4 + 1 + 1
    )
    apply_all(game, "nominate L1", "charge L1 T1")
    assert not events(game, "resolve")
    assert events(game, "combat-totals")[0].data == {"totals": [3, 6]}
    assert not dice_left(game)


def test_sa_crazy_with_hate_overrides_ballistophobia_to_shoot_a_hated_enemy_r239() -> None:
    """R:239: a Ballistophobic Brute shoots a Human Lurker with no test first."""
    game = book(
        agent("T1", abilities=BRUTE, phobias=["ballistophobia"], weapons=GUN),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 2)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert not events(game, "phobia")
    assert len(events(game, "shot")) == 1
    assert not dice_left(game)


# -- Kung Fu Expert: Wushu Master (R:408) ---------------------------------------------------


def test_sa_wushu_master_plus_1_ccb_for_each_turn_in_a_row_with_the_same_model_r408() -> None:
    """R:408: nothing in the first Turn of the combat, +1 in the second, +2 in the third."""
    game = engaged(
        agent("T1", abilities=["wushu_master"]),
        agent("L1"),
        *(4, 2, 4, 3),  # Turn 1: T1 4 + 1 against L1 4 + 1, a Draw
        *(4, 3, 3, 2),  # Turn 2: L1 4 + 1 against T1 3 + 1 + 1, a Draw
        *(4, 2, 5, 2),  # Turn 3: T1 4 + 1 + 2 against L1 5 + 1: T1 wins by 1
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1", "nominate L1", "pass L1", "pass L1")
    grips = events(game, "grip")
    assert [(g.rule, g.models, g.data["bonus"]) for g in grips] == [
        ("Kung Fu Expert: Wushu Master (R:408)", ("T1", "L1"), 1),
        ("Kung Fu Expert: Wushu Master (R:408)", ("T1", "L1"), 2),
    ]
    totals = [e.data["totals"] for e in events(game, "combat-totals")]
    assert totals == [[5, 5], [5, 5], [7, 6]]
    assert events(game, "combat-won")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_sa_wushu_master_is_lost_when_the_combat_ends_r408() -> None:
    """R:408: the bonus goes with the combat; a new one with the same model starts anew."""
    game = engaged(
        agent("T1", abilities=["wushu_master"]),
        agent("L1"),
        *(5, 2, 3, 2),  # Turn 1: T1 5 + 1 against 3 + 1: T1 wins and leaves the combat
        *(4, 3, 4, 2),  # Turn 2: L1 Charges T1 again: 4 + 1 against 4 + 1, no bonus yet
    )
    apply_all(game, "withdraw T1 8,10", "nominate T1", "pass T1", "pass T1")
    apply_all(game, "nominate L1", "charge L1 T1")
    assert not events(game, "grip")
    assert [e.data["totals"] for e in events(game, "combat-totals")] == [[6, 4], [5, 5]]
    assert not dice_left(game)


# -- Sniper: Ever Watchful and Deadeye (R:423) ----------------------------------------------

RIFLE = ["unarmed", "bolt_action_rifle"]
SNIPER = ["ever_watchful", "sniper_deadeye"]


def watched(sniper: dict[str, object], l1_at: float, *dice: tuple[str, int]) -> Game:
    """T1 (``sniper``) at 10,10 watches L1 Move to ``l1_at``,10 in the Lurkers' Turn, the dice
    of its Alert shot ``dice`` if it takes one."""
    game = book(
        sniper,
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (l1_at + 1.0, 10.0)},
        active=1,
        dice=list(dice),
    )
    apply_all(game, "nominate L1", f"move L1 {l1_at},10")
    return game


def test_sa_ever_watchful_fires_a_ready_weapon_when_alert_r423() -> None:
    """R:423: the Sniper (Lightning Fast) takes its Alert shot with the Bolt-Action Rifle."""
    game = watched(
        agent("T1", weapons=RIFLE, skills=["lightning_fast"], abilities=SNIPER), 18.0, ("to-hit", 2)
    )
    assert options(game) == ["alert T1 L1 bolt_action_rifle", "no-alert"]
    game.apply("alert T1 L1 bolt_action_rifle")
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert not dice_left(game)


def test_sa_ever_watchful_an_unprimed_ready_weapon_still_waits_r423() -> None:
    """R:423, R:1225: not Lightning Fast, the Ready weapon fires once an Action has primed it."""
    unprimed = watched(agent("T1", weapons=RIFLE, abilities=SNIPER), 18.0)
    assert unprimed.decision is not None and unprimed.decision.kind == "action"
    plain = watched(agent("T1", weapons=RIFLE, skills=["lightning_fast"]), 18.0)
    assert plain.decision is not None and plain.decision.kind == "action"


def test_sa_sniper_deadeye_alert_shots_reach_20_inches_r423() -> None:
    """R:423: 15" away, beyond the 10" of Alert, the Sniper still shoots; an Agent does not."""
    sniper = agent("T1", weapons=RIFLE, skills=["lightning_fast"], abilities=SNIPER)
    game = watched(sniper, 10.0 + 15.0, ("to-hit", 5), ("to-wound", 1))
    assert options(game) == ["alert T1 L1 bolt_action_rifle", "no-alert"]
    game.apply("alert T1 L1 bolt_action_rifle")
    assert events(game, "hits")[0].data == {"hits": 1, "need": 5}
    assert not dice_left(game)
    rifleman = watched(agent("T1", weapons=RIFLE, skills=["lightning_fast"]), 10.0 + 15.0)
    assert rifleman.decision is not None and rifleman.decision.kind == "action"


# -- Undertaker: Dissector (R:458) -------------------------------------------------------------


def dissected(target: dict[str, object], *injury: tuple[str, int]) -> Game:
    """T1, an Undertaker with a .45 Handgun, shoots ``target`` (L1) 8" away and wounds it."""
    game = book(
        agent("T1", weapons=GUN, abilities=["dissector"]),
        target,
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 4), *injury],  # 4 + 2 = 6 against Con 6: 1 Wound
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    return game


def test_sa_dissector_plus_1_to_injury_rolls_against_undead_r458() -> None:
    """R:458: 2 + 2 on the Injury roll against a Zombie reads 5."""
    game = dissected(agent("L1", types=["undead"]), ("injury", 2), ("injury", 2))
    bonus = events(game, "dissector")[0]
    assert (bonus.rule, bonus.models, bonus.data) == (
        "Undertaker: Dissector (R:458)",
        ("T1", "L1"),
        {"bonus": 1},
    )
    assert events(game, "injury")[0].data["value"] == 5
    assert not dice_left(game)


def test_sa_dissector_plus_1_against_ghouls_not_other_lurkers_r458() -> None:
    """R:458: a Ghoul (a Humanoid) is dissected too; a Human Lurker is not."""
    ghoul = dissected(agent("L1", types=["humanoid"], kind="ghoul"), ("injury", 2), ("injury", 2))
    assert events(ghoul, "injury")[0].data["value"] == 5
    human = dissected(agent("L1"), ("injury", 2), ("injury", 2))
    assert not events(human, "dissector")
    assert events(human, "injury")[0].data["value"] == 4
    assert not dice_left(ghoul) and not dice_left(human)


# -- Medic: Medical Bag and Combat Doctor (R:413) ---------------------------------------------

BAG = {"abilities": ["medical_bag"]}


def test_sa_medical_bag_gives_a_dose_of_morphine_r413() -> None:
    """R:413, R:478: the Medic, carrying no Morphine, takes the dose from its bag."""
    game = shot_down(kit=BAG)
    assert options(game) == ["morphine T1", "no-morphine T1"]
    game.apply("morphine T1")
    bag = events(game, "medical-bag")[0]
    assert (bag.rule, bag.models, bag.data) == (
        "Medic: Medical Bag (R:413)",
        ("T1",),
        {"item": "morphine"},
    )
    assert model(game, "T1").removed is None
    assert game.state.gear_used == (("T1", "medical_bag"),)
    assert not dice_left(game)


def test_sa_medical_bag_gives_a_dose_of_antivenom_to_a_friend_r413() -> None:
    """R:413, R:462: the Medic in base-to-base gives its dose of Antivenom."""
    game = poisoned(("injury", 3), ("injury", 3), carrier="T2", kit=BAG)
    assert options(game) == ["antivenom T2 T1", "no-antivenom T2"]
    game.apply("antivenom T2 T1")
    assert events(game, "medical-bag")[0].data == {"item": "antivenom"}
    assert events(game, "injury")[0].data == {"value": 6, "result": "Unconscious"}
    assert not dice_left(game)


def test_sa_medical_bag_one_dose_a_game_of_either_r413() -> None:
    """R:413: once its dose of Morphine is taken, the bag holds no Antivenom either; declined,
    it still holds both."""
    taken = shot_down(kit=BAG)
    taken.apply("morphine T1")
    medic = model(taken, "T1")
    assert not unspent(taken, medic, "antivenom") and not unspent(taken, medic, "morphine")
    declined = shot_down(kit=BAG)
    declined.apply("no-morphine T1")
    assert unspent(declined, model(declined, "T1"), "antivenom")


def removal_near(medic: dict[str, object], *faces: tuple[str, int]) -> Game:
    """The Lurkers' turn: L1 shoots T2 dead 4" from T1 (``medic``), who tests with ``faces``."""
    game = book(
        medic,
        agent("T2"),
        agent("L1", weapons=GUN),
        placed={"T1": (14.0, 10.0), "T2": (10.0, 10.0), "L1": (10.0, 4.0)},
        active=1,
        dice=[("to-hit", 5), ("to-wound", 6), ("injury", 4), ("injury", 3), *faces],
    )
    apply_all(game, "nominate L1", "shoot L1 T2 handgun_45")
    return game


def test_sa_combat_doctor_re_rolls_a_failed_test_for_a_friends_removal_r413() -> None:
    """R:413: the Medic fails its test for T2's removal 4" away with a 2, and re-rolls a 5;
    its test as the last of its side follows."""
    medic = agent("T1", abilities=["combat_doctor"])
    game = removal_near(medic, ("resolve", 2), ("resolve", 5), ("resolve", 6))
    again = events(game, "reroll")[0]
    assert (again.rule, again.models) == ("Medic: Combat Doctor (R:413)", ("T1",))
    assert events(game, "resolve")[0].data == {"situation": "removal:T2", "need": 4, "passed": True}
    assert not dice_left(game)


def test_sa_combat_doctor_re_rolls_no_other_test_r413() -> None:
    """R:413: a failed test of another situation (a Fear-causing enemy) stands."""
    game = book(
        agent("T1", abilities=["combat_doctor"]),
        agent("L1", skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 2), ("insanity", 2)],  # Stupefaction
    )
    apply_all(game, "nominate T1", "pass T1")
    assert not events(game, "reroll")
    assert events(game, "resolve")[0].data["passed"] is False
    assert not dice_left(game)


# -- Big Game Hunter: Hunter (R:388) ----------------------------------------------------------

HUNTER = ["hunter"]


def test_sa_hunter_picks_a_lurker_as_its_prey_once_every_model_is_deployed_r388() -> None:
    """R:388: after deployment the Hunter's player picks one Lurker model, or none; the
    heuristic picks the one worth most."""
    leader = agent("L2", skills=["command"])
    setup = {"board": "open", **forces(agent("T1", abilities=HUNTER), agent("L1"), leader)}
    first = script("roll-off deployment", 5, 2, "roll-off first-turn", 5, 2)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(first))
    apply_all(game, "edge west", "deploy T1 2,12", "deploy L1 34,12", "deploy L2 34,16")
    assert options(game) == ["prey T1 L1", "prey T1 L2", "no-prey T1"]
    assert game.decision is not None
    scores = ai.score_actions(game, list(game.decision.options))
    assert scores.index(max(scores)) == 1
    game.apply("prey T1 L2")
    assert events(game, "prey")[0].rule == "Big Game Hunter: Hunter (R:388)"
    assert game.state.prey == (("T1", "L2"),)
    assert not dice_left(game)


def test_sa_hunter_shoots_its_prey_with_1_less_to_hit_r388() -> None:
    """R:388: the Hunter (Dex 5+) hits its prey on a 4; another Lurker it does not."""
    game = book(
        agent("T1", weapons=GUN, abilities=HUNTER),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0), "L2": (16.0, 14.0)},
        dice=[("to-hit", 4), ("to-wound", 1), ("to-hit", 4)],
    )
    game.state.prey = (("T1", "L1"),)
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    aimed = events(game, "prey-shot")[0]
    assert (aimed.rule, aimed.models) == ("Big Game Hunter: Hunter (R:388)", ("T1", "L1"))
    assert events(game, "hits")[0].data == {"hits": 1, "need": 4}
    game.apply("shoot T1 L2 handgun_45")
    assert events(game, "hits")[1].data == {"hits": 0, "need": 5}
    assert not dice_left(game)


def test_sa_hunter_adds_1_in_close_combat_with_its_prey_and_need_not_charge_it_r388() -> None:
    """R:388: +1 to hit in close combat; unlike a Stalker, the Hunter is never made to Charge."""
    game = book(
        agent("T1", abilities=HUNTER),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (10.0, 14.0)},
        dice=cc(3, 2, 4, 2),  # 3 + 1 + 1 against 4 + 1
    )
    game.state.prey = (("T1", "L1"),)
    game.apply("nominate T1")
    assert "charge T1 L2" in options(game)
    game.apply("charge T1 L1")
    assert events(game, "stalked")[0].rule == "Big Game Hunter: Hunter (R:388)"
    assert events(game, "combat-totals")[0].data == {"totals": [5, 5]}
    assert not dice_left(game)


# -- Big Game Hunter: Trapper (R:388) -----------------------------------------------------------

TRAPPER = ["hunter", "trapper"]


def test_sa_trapper_sets_a_bear_trap_within_1_inch_once_a_game_r388() -> None:
    """R:388: an Action places the counter within 1" of the Hunter; never a second one."""
    game = book(
        agent("T1", abilities=TRAPPER),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 20.0)},
    )
    game.apply("nominate T1")
    refused(game, "set-trap T1 12,10", 'a bear trap goes within 1" of T1 (R:388)')
    game.apply("set-trap T1 11.49,10")
    placed = events(game, "trap-set")[0]
    assert (placed.rule, placed.models) == ("Big Game Hunter: Trapper (R:388)", ("T1",))
    assert game.state.traps == (("T1", 11.49, 10.0, ""),)
    refused(game, "set-trap T1 8.51,10", "T1 sets no bear trap: a Big Game Hunter sets one a game")


def trapped(*dice: tuple[str, int]) -> Game:
    """A bear trap of T1's at 10,10; the Lurkers' turn, L1 at 20,10 and T2, a friend, at 10,16."""
    game = book(
        agent("T1", abilities=TRAPPER),
        agent("T2"),
        agent("L1"),
        placed={"T1": (6.0, 4.0), "T2": (10.0, 16.0), "L1": (20.0, 10.0)},
        active=1,
        dice=list(dice),
    )
    game.state.traps, game.state.trappers = (("T1", 10.0, 10.0, ""),), ("T1",)
    game.apply("nominate L1")
    return game


def test_sa_trapper_a_model_moving_within_4_inches_tests_dexterity_or_takes_a_wound_r388() -> None:
    """R:388: L1 Moves to 4" from the counter (its base nearer still), fails its Dexterity test
    with a 3 and loses its one Wound; the trap is removed."""
    game = trapped(("dexterity", 3), ("injury", 2), ("injury", 2))
    game.apply("move L1 15,10")  # 5" from the counter: nothing
    assert not events(game, "trap-sprung")
    game.apply("move L1 14,10")
    sprung = events(game, "trap-sprung")[0]
    assert (sprung.rule, sprung.models, sprung.data) == (
        "Big Game Hunter: Trapper (R:388)",
        ("L1", "T1"),
        {"need": 5, "passed": False},
    )
    assert events(game, "injury")[0].data["value"] == 4
    assert game.state.traps == ()
    assert not dice_left(game)


def test_sa_trapper_springs_on_friends_too_a_pass_costing_nothing_r388() -> None:
    """R:388: friend or foe springs it: T2 passes its Dexterity test with a 5."""
    game = trapped(("dexterity", 5))
    apply_all(game, "pass L1", "pass L1", "nominate T2", "move T2 10,13")
    assert events(game, "trap-sprung")[0].models == ("T2", "T1")
    assert events(game, "trap-sprung")[0].data == {"need": 5, "passed": True}
    assert model(game, "T2").wounds == 1 and game.state.traps == ()
    assert not dice_left(game)


def roofed_trap(height: float) -> Game:
    """A bear trap of T1's on the ground at 14,10; the Lurkers' turn, L1 on a roof ``height``
    high over 16-22 by 8-12, Moving along it from 20,10 to 18,10, 4" from the counter."""
    roof = {"id": "roof", "kind": "climbable", "height": height, "polygon": rect(16, 8, 22, 12)}
    game = book(
        agent("T1", abilities=TRAPPER),
        agent("L1"),
        placed={"T1": (6.0, 4.0), "L1": {"pos": (20.0, 10.0), "level": "roof"}},
        board=board(roof),
        active=1,
        dice=[("dexterity", 6)],
    )
    game.state.traps, game.state.trappers = (("T1", 14.0, 10.0, ""),), ("T1",)
    apply_all(game, "nominate L1", "move L1 18,10")
    return game


def test_r388_a_move_on_a_roof_springs_a_trap_on_the_ground_within_4() -> None:
    """R:388: its base 3.5" across the table and 1" up from the counter, L1 Moves within 4"
    of it and tests; on a roof 3" high it is further than 4" and Moves on untested."""
    game = roofed_trap(1.0)
    sprung = events(game, "trap-sprung")[0]
    assert (sprung.models, sprung.data) == (("L1", "T1"), {"need": 5, "passed": True})
    assert model(game, "L1").wounds == 1 and game.state.traps == ()
    assert not dice_left(game)
    high = roofed_trap(3.0)
    assert not events(high, "trap-sprung")
    assert high.state.traps == (("T1", 14.0, 10.0, ""),)
    assert dice_left(high) == [("dexterity", 6)]


def test_r1101_lucky_re_rolls_the_trap_test_r388() -> None:
    game = book(
        agent("T1", abilities=TRAPPER),
        agent("L1", skills=["lucky"]),
        placed={"T1": (6.0, 4.0), "L1": (20.0, 10.0)},
        active=1,
        dice=[("dexterity", 3), ("dexterity", 6)],
    )
    game.state.traps, game.state.trappers = (("T1", 10.0, 10.0, ""),), ("T1",)
    apply_all(game, "nominate L1", "move L1 15,10", "move L1 14,10")
    assert game.decision is not None and game.decision.kind == "lucky"
    game.apply("reroll L1 1")
    assert events(game, "reroll")[0].rule == "Skills: Lucky"
    assert events(game, "trap-sprung")[0].data == {"need": 5, "passed": True}
    assert model(game, "L1").wounds == 1 and game.state.traps == ()
    assert not dice_left(game)


def test_sa_trapper_never_springs_on_its_hunter_r388() -> None:
    """R:388: the Hunter is immune to its own trap."""
    game = trapped()
    apply_all(game, "pass L1", "pass L1", "nominate T1", "move T1 8,7")  # 3.6" from it
    assert not events(game, "trap-sprung")
    assert game.state.traps == (("T1", 10.0, 10.0, ""),)


def test_sa_trapper_the_heuristic_sets_it_in_an_enemys_way_r388() -> None:
    """R:388: the heuristic sets the trap with an enemy near and no friend beside it."""
    game = book(
        agent("T1", abilities=TRAPPER),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
    )
    game.apply("nominate T1")
    trap = Action("set-trap", ("T1",), (11.49, 10.0))
    assert ai.score_actions(game, [trap])[0] > 0.0


# -- Demolitionist: The Natural (R:398) -------------------------------------------------------

NATURAL = ("the_natural",)


def test_sa_the_natural_moves_its_dynamites_template_off_itself_r398() -> None:
    """R:398: set off 1" from the Demolitionist, the Large Blast covers it; its player moves the
    template east just off its base, over L1 alone."""
    game = bomber((9.0, 10.0), ("to-wound", 1), ("injury", 3), ("injury", 3), abilities=NATURAL)
    game.apply("detonate T1")
    assert game.decision is not None and game.decision.kind == "the-natural"
    assert options(game)[-1] == "no-natural T1" and len(options(game)) == 9
    scores = ai.score_actions(game, list(game.decision.options))
    assert scores.index(max(scores)) in (0, 1, 7)  # the heuristic moves it eastward, onto L1
    game.apply("natural T1 0")
    moved = events(game, "natural")[0]
    assert (moved.rule, moved.models, moved.data) == (
        "Demolitionist: The Natural (R:398)",
        ("T1",),
        {"to": (11.86, 10.0)},
    )
    assert events(game, "template")[0].models == ("L1",)
    assert model(game, "T1").wounds == 1
    assert not dice_left(game)


def test_sa_the_natural_may_leave_the_template_where_it_lies_r398() -> None:
    """R:398: "may": left, the template strikes the Demolitionist as any model under it."""
    injuries = [("injury", 3)] * 4  # 3 + 3 = 6 each: Unconscious
    game = bomber((11.0, 12.0), ("to-wound", 1), *injuries, abilities=NATURAL)
    game.apply("detonate T1")
    game.apply("no-natural T1")
    assert not events(game, "natural")
    assert events(game, "template")[0].models == ("T1", "L1")
    assert model(game, "T1").state == model(game, "L1").state == "face-down"
    assert not dice_left(game)
