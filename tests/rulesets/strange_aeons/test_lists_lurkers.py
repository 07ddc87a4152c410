"""Building a Lurker list (R:509-521, R:613, R:646, R:698, R:822, R:919) and the 7 Basic
Scenarios' Lurker restrictions (notes §3.15, R:1561-1650): the Example of Play's list as a golden
test (R:2110, notes §7.3 E2), then each rule with the one-line message naming every violation."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.rulesets.strange_aeons.lists import (
    SAMPLE_LIST,
    book,
    lurker_list,
    restrictions,
    team,
)

from skirmish.errors import RulesDataError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.lists.costs import lurker_total, model_points
from skirmish.rulesets.strange_aeons.lists.list_file import ListError, LurkerList, refuse_invalid
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.plot_points import load_plot_points
from skirmish.rulesets.strange_aeons.lists.scenarios import find_scenario, lurker_models
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK, load_book

HOWARD = team(SAMPLE_LIST)
CULT = (
    'profile = "Cult Leader"\ngear = [".22 Handgun", "Knife"]',
    'profile = "Cultist"\nname = "Cultist 1"\ngear = [".22 Handgun"]',
    'profile = "Cultist"\nname = "Cultists"\ncount = 2\ngear = ["Knife"]',
    'profile = "Fishman"',
)


def refuse(found: LurkerList, scenario: str | None = None, against: bool = True) -> None:
    rule = None if scenario is None else restrictions()[scenario]
    opponent = HOWARD if against else None
    refuse_invalid("lurkers", check_lurkers(book(), found, opponent, rule))


def problems(found: LurkerList, scenario: str | None = None) -> list[str]:
    rule = None if scenario is None else restrictions()[scenario]
    return check_lurkers(book(), found, HOWARD, rule)


def test_r2110_example_of_play_lurkers_15_points_5_models_golden() -> None:
    cult = lurker_list(*CULT)
    assert lurker_total(book(), cult) == 15
    assert lurker_models(cult.picks) == 5
    # Every item is within its profile's free allowance (E2).
    assert [model_points(book(), pick) for pick in cult.picks] == [5, 1, 1, 7]
    assert problems(cult, "fight") == []


def test_r514_the_lurkers_spend_no_more_than_the_threshold_total() -> None:
    over = lurker_list(*CULT, 'profile = "Zombie"')
    with pytest.raises(
        ListError, match=r"the list spends 17 points; the Threshold team it answers has 15"
    ):
        refuse(over)
    stated = lurker_list(*CULT, 'profile = "Zombie"', head="points = 17")
    assert check_lurkers(book(), stated, None, None) == []


def test_r514_what_the_list_states_matches_the_team_it_answers() -> None:
    found = lurker_list(*CULT, head="points = 16\nthreshold_models = 4")
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert 'the list says it answers 16 points; the team "Howard\'s team" has 15 (R:514)' in message
    assert 'the list says it faces 4 models; the team "Howard\'s team" has 3' in message


def test_r515_one_model_of_a_unique_profile_archaic_shaman_makes_one() -> None:
    found = lurker_list(
        'profile = "Maniac"\ncount = 2',
        'profile = "Ancient Warrior"\nname = "Shaman"\nupgrades = ["Archaic Shaman"]',
        'profile = "Ancient Warrior"\nname = "Priest"\nupgrades = ["Archaic Shaman"]',
        'profile = "Ancient Warrior"\nname = "Guard"',
        head="points = 40",
    )
    with pytest.raises(ListError) as caught:
        refuse(found, against=False)
    message = str(caught.value)
    assert "the list has 2 Maniac models; a Unique one is taken once (R:515)" in message
    assert "the list has 2 Ancient Warrior models; a Unique one is taken once" in message


def test_r518_skills_cost_a_point_each_five_at_most() -> None:
    six = '["Dodge", "Sprint", "Duck", "Sneaky", "Jump Up", "Surefooted"]'
    found = lurker_list(f'profile = "Zombie"\nskills = {six}', head="points = 20")
    assert model_points(book(), found.picks[0]) == 2 + 6
    with pytest.raises(
        ListError, match=r"Zombie: buys 6 Skills; a Zombie buys 5 at most \(R:518\)"
    ):
        refuse(found, against=False)


def test_r772_a_kindred_buys_two_skills_at_most() -> None:
    found = lurker_list('profile = "The Kindred"\nskills = ["Dodge", "Sprint", "Duck"]')
    with pytest.raises(
        ListError, match=r"buys 3 Skills; The Kindred buys 2 at most \(R:518, R:772\)"
    ):
        refuse(found)


def test_r567_upgrades_that_count_as_skills() -> None:
    found = lurker_list(
        'profile = "Deep One"\nskills = ["Dodge", "Sprint", "Duck"]\n'
        'upgrades = ["Barnacle Encrusted", "Fish Sauce", "Poisonous Barbs"]',
        head="points = 30",
    )
    assert model_points(book(), found.picks[0]) == 16 + 3 + 3
    with pytest.raises(ListError, match=r"Deep One: buys 6 Skills; a Deep One buys 5 at most"):
        refuse(found, against=False)


def test_r1060_a_lurker_buys_no_command() -> None:
    found = lurker_list('profile = "Cultist"\nskills = ["Command"]')
    with pytest.raises(ListError, match=r"Cultist: Command needs to be a profile that prints it"):
        refuse(found)


def test_r517_items_beyond_the_free_allowance_cost_their_ep_in_points() -> None:
    found = lurker_list('profile = "Cultist"\ngear = [".45 Handgun", "Knife"]')
    assert model_points(book(), found.picks[0]) == 1 + (1.5 - 0.5)
    assert problems(found) == []


def test_r517_items_only_from_the_profiles_tables_never_extra_gear() -> None:
    found = lurker_list(
        'profile = "Cultist"\ngear = ["Long Bow", "Garlic"]',
        'profile = "Zombie Dog"\ngear = ["Knife"]',
        'profile = "Cult Leader"\ngear = ["Stun Pistol"]',
    )
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert "Cultist: Long Bow is not on the tables a Cultist buys from (Master) (R:" in message
    assert "Cultist: Garlic is Extra Gear, which no Lurker may carry (R:460)" in message
    assert "Zombie Dog: Knife is not on the tables a Zombie Dog buys from (none)" in message
    assert "Cult Leader: a Cult Leader may not buy Special Branch prototypes (R:811)" in message


def test_r811_internal_espionage_buys_one_prototype() -> None:
    one = lurker_list('profile = "Rogue Threshold Agent"\ngear = ["Stun Pistol"]')
    assert model_points(book(), one.picks[0]) == 6 + 2
    assert problems(one) == []
    two = lurker_list(
        'profile = "Rogue Threshold Agent"\ngear = ["Stun Pistol", "Net Gun"]', head="points = 20"
    )
    with pytest.raises(ListError, match=r"buys 2 prototypes; a Rogue Threshold Agent may buy 1"):
        refuse(two, against=False)


def test_r660_the_godlings_first_eldritch_power_is_free_each_once() -> None:
    found = lurker_list(
        'profile = "Godling"\nupgrades = ["Winged", "Spit Goo", "Spit Goo"]', head="points = 50"
    )
    assert model_points(book(), found.picks[0]) == 40 + 3 + 3
    with pytest.raises(ListError, match=r"Godling: buys Spit Goo 2 times; each upgrade once"):
        refuse(found, against=False)
    assert (
        check_lurkers(
            book(), lurker_list('profile = "Godling"\nupgrades = ["Winged"]', head="points = 40")
        )
        == []
    )


def test_r660_a_godling_starts_with_an_eldritch_power() -> None:
    bare = lurker_list('profile = "Godling"', head="points = 40")
    with pytest.raises(
        ListError, match=r"Godling: takes 0 upgrades; a Godling starts with 1 of its own \(R:660\)$"
    ):
        refuse(bare, against=False)


def test_r672_the_god_spawn_buys_one_eldritch_power() -> None:
    found = lurker_list(
        'profile = "God-Spawn"\nupgrades = ["Winged", "Spit Goo"]\n', head="points = 30"
    )
    with pytest.raises(ListError, match=r"God-Spawn: buys 2 upgrades; a God-Spawn buys 1 at most"):
        refuse(found, against=False)


def test_an_upgrade_belongs_to_its_profile() -> None:
    found = lurker_list('profile = "Zombie"\nupgrades = ["Queen"]')
    with pytest.raises(ListError, match=r"Zombie: Queen is not an upgrade of the Zombie"):
        refuse(found)


def test_r822_a_witch_brings_three_familiars_free_more_at_a_point() -> None:
    coven = lurker_list('profile = "Witch"', 'profile = "Familiar"\ncount = 5')
    assert lurker_total(book(), coven) == 4 + 2
    assert problems(coven) == []
    alone = lurker_list('profile = "Familiar"')
    with pytest.raises(
        ListError, match=r"Familiar: a Familiar comes only with the profile it serves"
    ):
        refuse(alone)


def test_r870_a_serpentman_demagogue_s_list_buys_giant_snakes_two_points_cheaper() -> None:
    serpents = lurker_list(
        'profile = "Serpentman Demagogue"', 'profile = "Giant Snake"\ncount = 2', head="points = 22"
    )
    assert lurker_total(book(), serpents) == 10 + 2 * 6
    refuse(serpents, against=False)
    snake = serpents.picks[1]
    assert model_points(book(), snake, serpents.picks) == 6
    assert model_points(book(), snake) == 8
    # A snake with 3 Skills is worth 9 beside the Demagogue, within Treasure Hunt's 10.
    skilled = 'profile = "Giant Snake"\nskills = ["Tough", "Dodge", "Duck"]'
    refuse(lurker_list('profile = "Serpentman Demagogue"', skilled), "treasure_hunt", False)
    with pytest.raises(ListError, match=r"Giant Snake is worth 11 points; no Lurker model"):
        refuse(lurker_list(skilled), "treasure_hunt", False)


def test_r698_r646_summoned_and_spawned_profiles_are_never_bought() -> None:
    found = lurker_list('profile = "Tentacle"', 'profile = "Puppet"')
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    never = "never bought with the list"
    assert f"Tentacle: a Tentacle is only ever summoned, {never} (R:698)" in message
    assert f"Puppet: a Puppet is only ever spawned, {never} (R:646)" in message


def test_r919_a_mob_is_five_models_for_four_points() -> None:
    mob = lurker_list('profile = "Cultist"\ncount = 5\nmob = true')
    assert lurker_total(book(), mob) == 5 + 4
    assert lurker_models(mob.picks) == 5
    assert problems(mob) == []
    short = lurker_list('profile = "Cultist"\ncount = 4\nmob = true')
    with pytest.raises(
        ListError, match=r"Cultist: a Mob is 5 models of one profile, not 4 \(R:919\)"
    ):
        refuse(short)


def test_r613_a_swarm_counts_one_model_a_point_at_least() -> None:
    swarms = lurker_list('profile = "Swarm"\ncount = 4')
    assert (lurker_total(book(), swarms), lurker_models(swarms.picks)) == (4, 4)
    assert problems(swarms, "fight") == []


# --------------------------------------------------------------------------------------------
# The 7 Basic Scenarios (notes §3.15)
# --------------------------------------------------------------------------------------------


def test_notes_3_15_seven_basic_scenarios_each_with_its_lurker_line() -> None:
    lines = {rule.name: rule.line for rule in restrictions().values()}
    assert lines == {
        "The Bag Man": 1564,
        "Escape ... Into Danger!": 1576,
        "Fight": 1587,
        "Free For All!": 1598,
        "Monster Attack!": 1616,
        "Retrieve the Artifacts": 1625,
        "Treasure Hunt": 1645,
    }
    assert find_scenario(restrictions(), "free for all").id == "free_for_all"
    with pytest.raises(
        ListError, match=r"unknown Basic Scenario 'Fihgt' \(did you mean 'Fight'\?\)"
    ):
        find_scenario(restrictions(), "Fihgt")


@pytest.mark.parametrize(("scenario", "line"), [("the_bag_man", 1564), ("free_for_all", 1598)])
def test_r1564_r1598_half_the_points_rounded_up_on_human_lurkers(scenario: str, line: int) -> None:
    # 7.5 of 15 is not enough: half of 15 rounded up is 8.
    rogue = 'profile = "Rogue Threshold Agent"\nname = "Rogue"'
    short = lurker_list(rogue, 'profile = "Cultist"\ngear = [".45 Handgun"]', 'profile = "Fishman"')
    assert lurker_total(book(), short) == 6 + 1.5 + 7
    with pytest.raises(
        ListError,
        match=rf"\(R:{line}\): 7.5 of the 15 points go to Human Lurkers; at least 8 must",
    ):
        refuse(short, scenario)
    enough = lurker_list(rogue, 'profile = "Cultist"\ncount = 2', 'profile = "Fishman"')
    assert problems(enough, scenario) == []


@pytest.mark.parametrize(
    ("scenario", "line"), [("escape_into_danger", 1576), ("treasure_hunt", 1645)]
)
def test_r1576_r1645_no_lurker_model_worth_more_than_10(scenario: str, line: int) -> None:
    found = lurker_list(
        'profile = "Fishman"\nskills = ["Dodge", "Sprint", "Duck", "Sneaky"]',
        'profile = "Cult Leader"',
    )
    with pytest.raises(
        ListError,
        match=rf"\(R:{line}\): Fishman is worth 11 points; "
        "no Lurker model may be worth more than 10",
    ) as caught:
        refuse(found, scenario)
    assert "Cult Leader is worth" not in str(caught.value)


@pytest.mark.parametrize(("scenario", "line"), [("fight", 1587), ("retrieve_the_artifacts", 1625)])
def test_r1587_r1625_one_more_model_and_no_upgrade_from_15_points(scenario: str, line: int) -> None:
    found = lurker_list('profile = "Formless Thing"\nskills = ["Dodge"]', head="points = 16")
    with pytest.raises(ListError) as caught:
        refuse(found, scenario, against=False)
    message = str(caught.value)
    assert (
        f"(R:{line}): Formless Thing (15 points) buys Skills, upgrades or gear; "
        "a profile of 15 points or more is taken as printed" in message
    )
    assert (
        "needs the Threshold team's number of models: "
        "give --against its list or threshold_models in this one" in message
    )
    few = lurker_list('profile = "Cultist"\ncount = 3')
    with pytest.raises(
        ListError,
        match=rf"\(R:{line}\): the list fields 3 models against the Threshold's 3; "
        "it needs at least 4",
    ):
        refuse(few, scenario)


@pytest.mark.parametrize(("scenario", "line"), [("fight", 1587), ("retrieve_the_artifacts", 1625)])
def test_r1587_r1625_r660_a_godling_keeps_the_eldritch_power_it_starts_with(
    scenario: str, line: int
) -> None:
    head = "points = 45\nthreshold_models = 1"
    started = lurker_list(
        'profile = "Godling"\nupgrades = ["Winged"]', 'profile = "Cultist"', head=head
    )
    assert check_lurkers(book(), started, None, restrictions()[scenario]) == []
    bought = lurker_list(
        'profile = "Godling"\nupgrades = ["Winged", "Spit Goo"]', 'profile = "Cultist"', head=head
    )
    with pytest.raises(
        ListError, match=rf"\(R:{line}\): Godling \(40 points\) buys Skills, upgrades or gear"
    ):
        refuse(bought, scenario, against=False)


def test_r1616_monster_attack_one_lurker_model_upgraded_as_usual() -> None:
    one = lurker_list('profile = "Shambler"\nskills = ["Dodge"]')
    assert problems(one, "monster_attack") == []
    two = lurker_list('profile = "Shambler"', 'profile = "Cultist"')
    with pytest.raises(
        ListError, match=r"Monster Attack! \(R:1616\): the list fields 2 models; exactly 1 may"
    ):
        refuse(two, "monster_attack")


@pytest.mark.parametrize(
    ("profile", "why"),
    [
        ("Swarm", r"Swarm: a Swarm fields 1D3 models a point \(R:613\), not one"),
        (
            "Scrawny Ones",
            r"Scrawny Ones: an Imprisoned model comes forth only when another model commits "
            r"suicide at a Pentacle \(R:683\), and the list has no other",
        ),
    ],
)
def test_r1616_monster_attack_refuses_a_model_that_cannot_be_its_one_model(
    profile: str, why: str
) -> None:
    # A Swarm may field 3 models (R:613); a Scrawny One alone never enters play (R:683).
    alone = lurker_list(f'profile = "{profile}"')
    assert lurker_models(alone.picks) == 1
    with pytest.raises(ListError, match=rf"^lurkers is invalid: Monster Attack! \(R:1616\): {why}"):
        refuse(alone, "monster_attack")
    assert problems(alone) == []  # in a scenario without the limit


def test_r1616_the_game_refuses_a_swarm_as_the_monster(tmp_path: Path) -> None:
    swarm = tmp_path / "swarm.toml"
    swarm.write_text('name = "One"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Swarm"\n')
    rules = find_ruleset("strange-aeons")
    with pytest.raises(ListError, match=r"Monster Attack! \(R:1616\): Swarm: a Swarm fields"):
        rules.normalize_setup({"scenario": "monster-attack", "lurkers": str(swarm)})


def test_refused_followers_of_an_unknown_profile(tmp_path: Path) -> None:
    folder = tmp_path / "book"
    shutil.copytree(Path(str(BOOK)), folder)
    path = folder / "abilities.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('profile = "familiar", free = 3', 'profile = "imp", free = 3'))
    with pytest.raises(RulesDataError, match=r"ability 'dark_allegiance': unknown profile 'imp'"):
        load_book(folder)


def test_r907_a_re_animated_limb_carries_no_2_hand_weapon() -> None:
    limb = lurker_list('profile = "Re-animated Limb"\ngear = ["Shotgun"]', head="points = 5")
    with pytest.raises(
        ListError,
        match=r"Re-animated Limb: carries 1 2-Hand weapon \(Shotgun\); it may carry 0 "
        r"\(Body Part, R:907\)",
    ):
        refuse(limb, against=False)


def test_r1057_a_burly_lurker_carries_any_2_hand_weapons() -> None:
    # The Blasphemous Construct (Con 7) buys Burly and two 2-Hand weapons.
    found = lurker_list(
        'profile = "Blasphemous Construct"\nskills = ["Burly"]\ngear = ["Shotgun", "Short Bow"]',
        head="points = 25",
    )
    assert check_lurkers(book(), found) == []


# --------------------------------------------------------------------------------------------
# Plot Points (notes §3.14)
# --------------------------------------------------------------------------------------------


def test_notes_3_14_plot_points_7_printed_and_2_named_after_6_item_8() -> None:
    plots = load_plot_points()
    assert len(plots) == 9
    provisional = sorted(p.name for p in plots.values() if p.provisional)
    assert provisional == ["Scene of Horror", "The Stars are Right"]
    assert all(p.follows == ("§6 item 8",) for p in plots.values() if p.provisional)


def test_r928_plot_points_cost_4_and_take_half_the_starting_points_notes_7_4_d14() -> None:
    one = lurker_list('profile = "Zombie"\ncount = 5', head='plot_points = ["Drug Crazed"]')
    assert lurker_total(book(), one) == 10 + 4
    assert problems(one) == []
    two = lurker_list(
        'profile = "Zombie"\ncount = 3', head='plot_points = ["Drug Crazed", "Flesh Eaters"]'
    )
    assert lurker_total(book(), two) == 6 + 8
    with pytest.raises(
        ListError,
        match=r"2 Plot Points cost 8 points; they may take half the 15 starting points at most "
        r"\(R:928\)",
    ):
        refuse(two)


def test_r931_r933_dark_night_never_with_full_moon_and_saltes_need_a_carrier() -> None:
    found = lurker_list(
        'profile = "Zombie"',
        head='points = 40\nplot_points = ["Dark Night", "Full Moon", "Essential Saltes"]',
    )
    with pytest.raises(ListError) as caught:
        refuse(found, against=False)
    message = str(caught.value)
    assert "Dark Night is never taken with Full Moon (R:931)" in message
    assert "Essential Saltes needs a Human or Humanoid Lurker to carry it (R:933)" in message
    assert message.count("never taken with") == 1
    carried = lurker_list(
        'profile = "Cultist"', head='points = 10\nplot_points = ["Essential Saltes"]'
    )
    assert check_lurkers(book(), carried) == []


def test_r474_an_ancient_warrior_wears_its_light_armour_and_no_vest_beside_it() -> None:
    # R:474, R:1157: one piece of armour, its printed Light Armour counted (R:886).
    warrior = lurker_list('profile = "Ancient Warrior"\ngear = ["Heavy Armoured Vest"]')
    with pytest.raises(
        ListError,
        match=r"Ancient Warrior: wears 2 pieces of armour \(Light Armour, Heavy Armoured Vest\); "
        r"a model wears one, a Lead Breastplate beside it \(R:474, R:1157\)",
    ):
        refuse(warrior, against=False)
