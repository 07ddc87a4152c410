"""The Special Branch prototypes in the rulebook game (R:1315-1364, notes §3.9d): who may buy
them (R:1316, R:811, notes §6 item 77), each weapon as the game plays it, with scripted dice
where a rule of its own acts, and what is still refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
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
from tests.rulesets.strange_aeons.rulebook import WEAPONS, agent, book

from skirmish.dice import ScriptedDice, SeededDice
from skirmish.engine.action import Action
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.field_test import field_test, load_testing
from skirmish.rulesets.strange_aeons.fighter import destroyable
from skirmish.rulesets.strange_aeons.forces import force_setup, load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import ListError, ThresholdList, read_list
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.saves import skill_saves
from skirmish.rulesets.strange_aeons.shooting import save_against, shot_error

GAUNTLET = {
    "id": "stun_gauntlet",
    "name": "Stun Gauntlet",
    "kind": "close",
    "damage": 2,
    "ap": 3,
    "specials": ["stun", "unarmed"],
    "item": True,
}


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset("sa")
    assert isinstance(found, StrangeAeons)
    return found


def _team(tmp_path: Path, wins: int, *gear: str) -> str:
    """A team of a Character and an Agent, the Agent buying ``gear``, at ``wins``."""
    path = tmp_path / "team.toml"
    bought = ", ".join(f'"{g}"' for g in gear)
    path.write_text(
        f'name = "Field test"\nfaction = "threshold"\nwins = {wins}\n\n'
        '[[models]]\nprofile = "Character"\nskills = ["Lucky"]\n\n'
        f'[[models]]\nname = "Agent Malone"\nprofile = "Agent"\ngear = [{bought}]\n',
        "utf-8",
    )
    return str(path)


def _weapons(setup: dict[str, Any], side: str) -> dict[str, dict[str, Any]]:
    return {w["id"]: w for w in setup[side]["weapons"]}


# -- List building (R:1316, R:493, R:811; notes §6 item 77) -----------------------------------


def test_sa_prototype_a_promoted_team_fields_one_r1316(rules: StrangeAeons, tmp_path: Path) -> None:
    setup = rules.normalize_setup({"threshold": _team(tmp_path, 5, "Stun Rifle")})
    rifle = _weapons(setup, "threshold")["stun_rifle"]
    assert (rifle["range"], rifle["rate"], rifle["damage"], rifle["ap"]) == (11.0, 1, 3, 3)
    assert rifle["specials"] == ["stun", "two_hand"]


def test_sa_prototype_refused_to_a_team_not_promoted_r1316(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    with pytest.raises(ListError, match=re.escape("Special Branch prototype")):
        rules.normalize_setup({"threshold": _team(tmp_path, 0, "Stun Rifle")})


def test_sa_prototype_internal_espionage_lets_random_lurkers_buy_one_r811(
    rules: StrangeAeons,
) -> None:
    # The first list seeds whose random Lurkers carry a prototype: always a Rogue Threshold
    # Agent's or Character's, the profiles with Internal Espionage among those played.
    prototypes = {i.id for i in rules.book.items.values() if "special_branch" in i.tables}
    owners: list[str] = []
    for seed in range(1, 400):
        setup = rules.normalize_setup({"list-seed": seed})
        weapons = {w["id"] for w in setup["lurkers"]["weapons"]} & prototypes
        owners += [m["name"] for m in setup["lurkers"]["models"] if weapons & set(m["weapons"])]
        if len(owners) >= 2:
            break
    assert len(owners) >= 2
    assert all(name.startswith("Rogue Threshold") for name in owners)


def test_sa_prototype_every_weapon_whose_rules_are_played_is_played(rules: StrangeAeons) -> None:
    played, items = load_played(), rules.book.items
    sold = [
        "hand_cannon",
        "heat_ray",
        "stun_pistol",
        "stun_rifle",
        "stun_cannon",
        "stun_gauntlet",
        "tesla_rifle",
    ]
    assert all(playable(rules.book, played, items[i]) for i in sold)


# -- The Hand Cannon (R:1322) and the Heat Ray's two settings (R:1323) ------------------------


def test_sa_prototype_hand_cannon_rolls_its_rate_and_strafes(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    setup = rules.normalize_setup({"threshold": _team(tmp_path, 5, "Hand Cannon")})
    cannon = _weapons(setup, "threshold")["hand_cannon"]
    assert (cannon["rate"], cannon["rate_die"], cannon["damage"]) == (2, 3, 2)
    assert cannon["specials"] == ["power", "strafe"]
    game = rules.new_game(setup, seed=1)
    assert catalog_of(game).weapon("hand_cannon").rate_text == "1D3+2"


def test_sa_prototype_heat_ray_is_one_item_with_two_settings_r1323(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    setup = rules.normalize_setup({"threshold": _team(tmp_path, 5, "Heat Ray")})
    weapons = _weapons(setup, "threshold")
    low, high = weapons["heat_ray.low"], weapons["heat_ray.high"]
    assert (low["name"], low["range"], low["damage"], low["specials"]) == (
        "Heat Ray (Low)",
        8.0,
        4,
        [],
    )
    assert (high["name"], high["range"], high["damage"], high["specials"]) == (
        "Heat Ray (High)",
        6.0,
        6,
        ["dangerous"],
    )
    agent_weapons = setup["threshold"]["models"][1]["weapons"]
    assert "heat_ray.low" in agent_weapons and "heat_ray.high" in agent_weapons


# -- The Stun Gauntlet (R:1359) ---------------------------------------------------------------


def test_sa_prototype_stun_gauntlet_is_a_weapon_its_wearer_suffers_no_unarmed_hit() -> None:
    # The Gauntlet (+0, 1D+2, AP3, Stun) counts as Unarmed for skills, but is a weapon: no
    # automatic hit before the combat. 5 against the Knife's 3 + 1: won by 1; 4 + 2 = 6 on
    # Con 6 is one of two Wounds, and Stun places L1 Face Up.
    game = book(
        agent("T1", weapons=["unarmed", "stun_gauntlet"]),
        agent("L1", wounds=2),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stun_gauntlet": GAUNTLET},
        dice=[
            ("close-combat", 5),
            ("close-combat", 2),
            ("close-combat", 3),
            ("close-combat", 2),
            ("to-wound", 4),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert not events(game, "unarmed")
    assert (model(game, "L1").state, model(game, "L1").wounds) == ("face-up", 1)
    assert not dice_left(game)


def test_sa_prototype_stun_gauntlet_takes_the_unarmed_skills() -> None:
    # Martial Artist: +1 C.C. bonus and +1 Damage fighting Unarmed (R:1103).
    game = book(
        agent("T1", skills=["martial_artist"], weapons=["unarmed", "stun_gauntlet"]),
        agent("L1", wounds=3),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stun_gauntlet": GAUNTLET},
        dice=[
            ("close-combat", 5),
            ("close-combat", 2),
            ("close-combat", 4),
            ("close-combat", 2),
            ("to-wound", 3),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "combat-totals")[0].data == {"totals": [5 + 1, 4 + 1]}
    assert events(game, "wounded")[0].data["total"] == 3 + 2 + 1
    assert not dice_left(game)


def test_r284_r1359_the_stun_gauntlet_is_a_second_close_combat_weapon() -> None:
    # The Knife (+1) is the best, the Gauntlet the second: three dice at +1 - 1. 4 against
    # L1's 2 + 1 (its Knife): won by 1. Wounding with the Gauntlet, AP3 cancels L1's 3 points
    # of armour: 4 + 2 = 6 on Con 6 is one of two Wounds, and Stun places L1 Face Up.
    game = book(
        agent("T1", weapons=["unarmed", "stun_gauntlet", "knife"]),
        agent("L1", wounds=2, armour=3),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stun_gauntlet": GAUNTLET},
        dice=[
            ("close-combat", 4),
            ("close-combat", 2),
            ("close-combat", 3),
            ("close-combat", 2),
            ("close-combat", 2),
            ("to-wound", 4),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "two-weapons T1")
    assert events(game, "combat-totals")[0].data == {"totals": [4, 3]}
    assert options(game)[:2] == ["wound T1", "wound T1 stun_gauntlet"]
    game.apply("wound T1 stun_gauntlet")
    assert (model(game, "L1").state, model(game, "L1").wounds) == ("face-up", 1)
    assert not dice_left(game)


def test_r1069_r1359_destroy_weapon_takes_the_stun_gauntlet_never_the_bare_hand() -> None:
    # The Unarmed row is a row of the Weapons Tables (R:1231), as a list carries it.
    game = book(
        agent("T1", weapons=["unarmed", "stun_gauntlet"]),
        placed={"T1": (10.0, 10.0)},
        weapons={"unarmed": {**WEAPONS["unarmed"], "item": True}, "stun_gauntlet": GAUNTLET},
    )
    cat = catalog_of(game)
    prof = cat.profile(model(game, "T1").profile)
    assert destroyable(cat, prof) == {"stun_gauntlet": "Stun Gauntlet"}
    assert cat.profile(f"{prof.id}~stun_gauntlet").weapons == ("unarmed",)


# -- Field Tester and the Prototype Testing Table (R:428-442, notes §2.8) ---------------------


def _technicians(tmp_path: Path, *gear: str) -> str:
    """A promoted team with a Special Branch Technician, its Character buying ``gear``."""
    path = tmp_path / "tech.toml"
    bought = ", ".join(f'"{g}"' for g in gear)
    path.write_text(
        'name = "Special Branch"\nfaction = "threshold"\nwins = 5\nmap_pieces = 1\n\n'
        f'[[models]]\nprofile = "Character"\nskills = ["Lucky"]\ngear = [{bought}]\n\n'
        '[[models]]\nname = "Dr. Wells"\nprofile = "Special Branch Technician"\n',
        "utf-8",
    )
    return str(path)


def _technician(rules: StrangeAeons, tmp_path: Path, *gear: str) -> dict[str, Any]:
    """The setup of :func:`_technicians`' team, before the Technician's roll."""
    team = read_list(_technicians(tmp_path, *gear), rules.book)
    assert isinstance(team, ThresholdList)
    return force_setup(rules.book, team, 0, "tech.toml", SeededDice(1))


def _tested(rules: StrangeAeons, side: dict[str, Any], *faces: int) -> dict[str, Any]:
    dice = ScriptedDice(script("field-test", *faces))
    found = field_test(load_testing(), rules.book, load_played(), side, dice)
    dice.assert_done()
    return found


def test_sa_field_tester_rolls_2d6_on_the_prototype_testing_table_r429(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # 7 is the Hand Cannon.
    side = _tested(rules, _technician(rules, tmp_path), 3, 4)
    assert side["field-tests"] == [["T2", [7], "Hand Cannon"]]
    wells = side["models"][1]
    assert wells["name"] == "Dr. Wells" and "hand_cannon" in wells["weapons"]
    assert "hand_cannon" in {w["id"] for w in side["weapons"]}


def _chooses(rules: StrangeAeons, tmp_path: Path, *gear: str) -> Any:
    """A game of :func:`_technicians`' team whose Technician rolled a 2 at set-up."""
    setup = rules.normalize_setup({"threshold": _technicians(tmp_path, *gear)})
    setup["threshold"] = _tested(rules, _technician(rules, tmp_path, *gear), 1, 1)
    return rules.new_game(setup, seed=1)


def test_r431_a_2_lets_the_threshold_player_choose_the_prototype(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # The Character carries the Hand Cannon: the Technician chooses among the other nine.
    side = _tested(rules, _technician(rules, tmp_path, "Hand Cannon"), 1, 1)
    (test,) = side["field-tests"]
    assert test[:3] == ["T2", [2], None]
    assert ["T2%heat_ray", "Heat Ray"] in test[3] and len(test[3]) == 9
    assert "T2%hand_cannon" not in {p for p, _ in test[3]}
    assert "heat_ray" not in side["models"][1]["weapons"]
    game = _chooses(rules, tmp_path, "Hand Cannon")
    assert game.decision is not None and game.decision.kind == "field-test"
    assert game.decision.player == 0 and len(game.decision.options) == 9
    (rolled,) = events(game, "field-test")
    assert rolled.data == {"rolled": [2], "prototype": "the Threshold player chooses"}
    game.apply("field-test T2 T2%heat_ray")
    (chosen,) = events(game, "field-test-chosen")
    assert (chosen.rule, chosen.models, chosen.data) == (
        "Prototype Testing Table: Threshold Player Chooses (R:431)",
        ("T2",),
        {"prototype": "Heat Ray"},
    )
    wells = catalog_of(game).profile(model(game, "T2").profile)
    assert wells.name == "Dr. Wells" and wells.weapons[-2:] == ("heat_ray.low", "heat_ray.high")
    assert game.decision is not None and game.decision.kind != "field-test"


def test_r431_the_heuristic_chooses_the_prototype_that_harms_most(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # As Back Up's gear is chosen: a worn Jet Pack harms no more than the Technician's own
    # weapons, the Heat Ray more.
    game = _chooses(rules, tmp_path)
    assert game.decision is not None
    offered = list(game.decision.options)
    scores = dict(zip(offered, ai.score_actions(game, offered), strict=True))
    heat, jet = (Action("field-test", ("T2", f"T2%{p}")) for p in ("heat_ray", "jet_pack"))
    assert scores[heat] > scores[jet]


def test_sa_field_tester_rolls_again_for_one_carried_already_r1316(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # 7 is the Hand Cannon the Character carries, 9 the Heat Ray with its two settings.
    side = _tested(rules, _technician(rules, tmp_path, "Hand Cannon"), 3, 4, 4, 5)
    assert side["field-tests"] == [["T2", [7, 9], "Heat Ray"]]
    assert side["models"][1]["weapons"][-2:] == ["heat_ray.low", "heat_ray.high"]


def test_sa_field_tester_the_log_opens_with_the_roll(rules: StrangeAeons, tmp_path: Path) -> None:
    setup = rules.normalize_setup({"threshold": _technicians(tmp_path)})
    game = rules.new_game(setup, seed=1)
    (tested,) = [e for e in game.log if e.kind == "field-test"]
    model_id, totals, name = setup["threshold"]["field-tests"][0]
    assert (tested.rule, tested.models) == (
        "Special Branch Technician: Field Tester (R:428-442)",
        (model_id,),
    )
    assert tested.data == {"rolled": totals, "prototype": name}


# -- The Jet Pack (R:1332) --------------------------------------------------------------------


def _flyer(**placed: Any) -> Any:
    positions = {"T1": (10.0, 10.0), "L1": (18.0, 14.0), **placed}
    return book(agent("T1", equipment=["jet_pack"]), agent("L1"), placed=positions)


def test_sa_jet_pack_an_action_prepares_it_the_next_places_the_wearer_within_12_r1332() -> None:
    game = _flyer()
    game.apply("nominate T1")
    assert "prep-jet T1" in options(game)
    game.apply("prep-jet T1")
    assert game.decision is not None
    assert [p.kind for p in game.decision.points if p.args == ("T1",)].count("jet") == 1
    game.apply("jet T1 21,10")  # 11" east, straight over whatever stands between
    flown = events(game, "jetted")[0]
    assert (flown.rule, flown.data) == ("Special Branch: Jet Pack (R:1332)", {"to": [21.0, 10.0]})
    assert model(game, "T1").pos == (21.0, 10.0)
    assert not dice_left(game)


def test_sa_jet_pack_refused_unprepared_beyond_12_or_by_an_enemy() -> None:
    game = _flyer()
    game.apply("nominate T1")
    refused(game, "jet T1 20,10", "the Jet Pack of T1 is not prepared: an Action prepares it")
    game.apply("prep-jet T1")
    refused(game, "jet T1 22.5,10", 'the Jet Pack goes 12" at most: 12.50" away')
    refused(game, f"jet T1 18,{14.0 - TOUCH}", "L1 is there: a placement is no Charge")


def test_sa_jet_pack_the_random_and_heuristic_players_find_landing_points() -> None:
    game = _flyer()
    apply_all(game, "nominate T1", "prep-jet T1")
    rules = find_ruleset("sa")
    assert isinstance(rules, StrangeAeons)
    assert game.decision is not None
    spec = next(p for p in game.decision.points if p.kind == "jet")
    spots = rules.candidate_points(game, spec)
    assert spots and all(((x - 10) ** 2 + (y - 10) ** 2) ** 0.5 <= 12.0 + 1e-9 for x, y in spots)


def test_sa_field_tester_a_jet_pack_is_worn_r1332(rules: StrangeAeons, tmp_path: Path) -> None:
    side = _tested(rules, _technician(rules, tmp_path), 1, 3)
    assert side["field-tests"] == [["T2", [4], "Jet Pack"]]
    assert side["models"][1]["equipment"] == ["jet_pack"]


# -- The Invisibility Suit (R:1330) -----------------------------------------------------------


def _suited(dice: list[tuple[str, int]] | None = None) -> Any:
    """T1 in the suit 3" from the Lurker L1, T2 7" off; the Lurkers' turn."""
    return book(
        agent("T1", equipment=["invisibility_suit"], weapons=["unarmed", "handgun_45"]),
        agent("T2"),
        agent("L1", weapons=["unarmed", "knife", "handgun_45"]),
        placed={"T1": (10.0, 10.0), "T2": (14.0, 18.0), "L1": (13.0 + TOUCH, 10.0)},
        active=1,
        dice=dice,
    )


def test_sa_invisibility_suit_no_enemy_action_targets_the_unseen_wearer_r1330() -> None:
    # T1 is the closest enemy, but no target: L1 shoots T2 with no test to shoot past it.
    game = _suited([("to-hit", 2)])
    game.apply("nominate L1")
    offered = options(game)
    assert "shoot L1 T2 handgun_45" in offered
    assert not [o for o in offered if o.split()[1:3] == ["L1", "T1"]]
    why = "T1 wears an Invisibility Suit and has not Shot or Charged: it is not a target (R:1330)"
    refused(game, "shoot L1 T1 handgun_45", why)
    refused(game, "charge L1 T1", why)
    refused(game, f"move L1 {10.0 + TOUCH},10", why)  # a Move into base-to-base Charges
    game.apply("shoot L1 T2 handgun_45")
    assert not events(game, "priority-test")
    assert not dice_left(game)


def test_sa_invisibility_suit_once_it_shoots_a_target_with_a_5_up_save_r1330() -> None:
    game = book(
        agent("T1", equipment=["invisibility_suit"], weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("to-hit", 2)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    unveiled = events(game, "unveiled")[0]
    assert (unveiled.rule, unveiled.models) == (
        "Special Branch: Invisibility Suit (R:1330)",
        ("T1",),
    )
    wearer, lurker = model(game, "T1"), model(game, "L1")
    assert shot_error(game, lurker, wearer, "knife") == "L1 carries no ranged weapon"
    assert save_against(game, lurker, wearer)[1] == 5
    assert skill_saves(game, wearer, "close") == [5]
    assert not dice_left(game)
