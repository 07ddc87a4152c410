"""Building a Threshold team (R:343-378, R:459-460, R:489-502, R:2104): the book's Sample List
as a golden test (R:504-507, notes §7.2 S1-S5), then each rule with the one-line message that
names every violation."""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.lists import (
    SAMPLE_LIST,
    book,
    promotion,
    spending_all,
    team,
    threshold_team,
)

from skirmish.rulesets.strange_aeons.lists.costs import (
    operative_ep,
    operative_pp,
    team_ep,
    team_pp,
    team_total,
)
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListError,
    LurkerList,
    ThresholdList,
    refuse_invalid,
)
from skirmish.rulesets.strange_aeons.lists.lurkers import opposition
from skirmish.rulesets.strange_aeons.lists.team import ListOptions, check_team

CHARACTER = 'profile = "Character"\nname = "Chief"'
NO_LURKERS = LurkerList("None yet", ())


def refuse(found: ThresholdList, options: ListOptions | None = None) -> None:
    refuse_invalid("team", check_team(book(), promotion(), found, options))


def test_r504_sample_list_golden_7_pp_8_ep_15_total() -> None:
    howard = team(SAMPLE_LIST)
    assert check_team(book(), promotion(), howard) == []
    assert (team_pp(howard), team_ep(howard), team_total(howard)) == (7, 8, 15)
    costs = [(operative_pp(op), operative_ep(op)) for op in howard.operatives]
    assert costs == [(4, 4), (2, 3), (1, 1)]  # S2-S4: models of 8, 5 and 2 points
    # S5: valid under the 10 PP / 10 EP cap and without it.
    assert check_team(book(), promotion(), howard, ListOptions(starting_caps=False)) == []


def test_r347_one_character_and_only_one() -> None:
    none = threshold_team('profile = "Agent"')
    with pytest.raises(
        ListError, match=r"the team has 0 Characters; it needs exactly one \(R:347\)"
    ):
        refuse(none)
    two = threshold_team(CHARACTER, 'profile = "Character"\nname = "Deputy"')
    with pytest.raises(ListError, match=r"2 Characters \(Chief, Deputy\); it needs exactly one"):
        refuse(two)


def test_r348_one_free_skill_for_a_character_or_an_agent_none_for_a_civilian() -> None:
    found = threshold_team(
        CHARACTER,
        'profile = "Agent"\nskills = ["Duck", "Sprint"]',
        'profile = "Civilian"\nskills = ["Duck"]',
    )
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert "Agent: takes 2 Skills; an Agent gets 1 free Skill (R:348)" in message
    assert "Civilian: takes 1 Skill; a Civilian gets no Skill (R:348)" in message


def test_r1034_a_skill_taken_meets_its_requirements() -> None:
    # Crack Shot needs Dex 4+ (R:1060): the Character has it, an Agent (5+) does not.
    found = threshold_team(
        'profile = "Character"\nskills = ["Crack Shot"]',
        'profile = "Agent"\nskills = ["Crack Shot"]',
    )
    with pytest.raises(ListError, match=r"Agent: Crack Shot needs Dex 4\+ \(R:\d+\)") as caught:
        refuse(found)
    assert "Character:" not in str(caught.value)


def test_r1060_command_is_never_taken_and_a_printed_skill_never_twice() -> None:
    found = threshold_team(
        'profile = "Character"\nskills = ["Command"]', 'profile = "Agent"\nskills = ["Command"]'
    )
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert "Character: has Command already" in message
    assert "Agent: Command needs to be a profile that prints it" in message


def test_r1191_nemesis_skills_are_for_a_nemesis() -> None:
    found = threshold_team('profile = "Character"\nskills = ["Sadistic Creativity"]')
    with pytest.raises(
        ListError, match=r"Sadistic Creativity is a Nemesis Skill, for an active Nemesis only"
    ):
        refuse(found)


def test_r350_items_from_the_master_table_or_the_extra_gear_list() -> None:
    found = threshold_team(f'{CHARACTER}\ngear = ["Long Bow", "Repulsor", "Knife"]')
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    for item in ("Long Bow", "Repulsor"):
        assert (
            f"Chief: {item} is on neither the Master Weapons Table nor the Extra Gear list (R:350)"
            in message
        )
    assert "Knife" not in message


def test_r460_extra_gear_two_for_a_character_one_for_an_agent_none_for_a_child() -> None:
    found = threshold_team(
        f'{CHARACTER}\ngear = ["Garlic", "Whip", "Bait"]',
        'profile = "Agent"\ngear = ["Garlic"]',
        'profile = "Child"\ngear = ["Garlic"]',
    )
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert "Chief: carries 3 Extra Gear items; a Character may carry 2 (R:460)" in message
    assert "Child: carries 1 Extra Gear item; a Child may carry 0 (R:460)" in message
    assert "Agent:" not in message


def test_r1243_ammunition_only_for_a_weapon_the_model_carries() -> None:
    found = threshold_team(
        f'{CHARACTER}\ngear = ["Buckshot"]', 'profile = "Agent"\ngear = ["Shotgun", "Buckshot"]'
    )
    with pytest.raises(
        ListError,
        match=r"Chief: Buckshot is ammunition for a Shotgun or Double-Barrelled Shotgun, which it "
        r"does not carry",
    ) as caught:
        refuse(found)
    assert "Agent:" not in str(caught.value)


def test_r1243_ammunition_is_paid_for_each_weapon_it_upgrades() -> None:
    found = spending_all(f'{CHARACTER}\ngear = [".22 Handgun", ".45 Handgun", "Silver Bullets"]')
    assert check_team(book(), promotion(), found) == []
    # Both guns fire the Silver Bullets (R:1252): 0.5 EP for each gun upgraded.
    assert operative_ep(found.operatives[0]) == 0.5 + 1 + 2 * 0.5


def test_r1222_an_ammo_choice_weapon_comes_with_the_first_type_listed_for_it() -> None:
    found = spending_all(f'{CHARACTER}\ngear = ["Short Bow", "Metal Point Arrows", "Fire Arrows"]')
    assert check_team(book(), promotion(), found) == []
    # The Metal Point Arrows come with the bow; the Fire Arrows are bought.
    assert operative_ep(found.operatives[0]) == 0.5 + 0.5


def test_r376_each_special_agent_costs_a_map_piece() -> None:
    found = threshold_team(CHARACTER, 'profile = "Exorcist"')
    with pytest.raises(
        ListError, match=r"recruits 1 Special Agent with 0 Map Pieces; each costs one \(R:376\)"
    ):
        refuse(found)
    paid = spending_all(CHARACTER, 'profile = "Exorcist"', head="map_pieces = 1")
    assert check_team(book(), promotion(), paid) == []
    assert (operative_pp(paid.operatives[1]), operative_ep(paid.operatives[1])) == (1, 2)


def test_r378_one_special_agent_until_promoted_never_two_alike_and_as_printed() -> None:
    found = threshold_team(
        CHARACTER,
        'profile = "Exorcist"\nname = "Father Iwanicki"\ngear = ["Knife"]',
        'profile = "Exorcist"\nname = "Father Brown"\nskills = ["Duck"]',
        head="map_pieces = 2",
    )
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert (
        "the team has 2 Special Agents; New list allows 1 at a time until promoted (R:378)"
        in message
    )
    assert "the team has 2 Exorcists; never two Special Agents of one profile (R:378)" in message
    assert (
        "Father Iwanicki: a Special Agent comes as printed; no Skill or item may be added (R:378)"
        in message
    )
    assert "Father Brown: a Special Agent comes as printed" in message


def test_r346_a_new_list_has_15_total_points() -> None:
    found = threshold_team(
        f'{CHARACTER}\ngear = ["Elephant Gun", "Dynamite", "Cleaver"]',
        'profile = "Agent"\ngear = ["Double-Barrelled Shotgun", "Sword", ".45 Handgun"]',
        'profile = "Agent"\nname = "Second"',
    )
    assert (team_pp(found), team_ep(found)) == (8, 11)
    with pytest.raises(ListError) as caught:
        refuse(found, ListOptions(starting_caps=False))
    assert str(caught.value) == (
        "team is invalid: the team costs 19 Total Points; a new list has 15 (R:346)"
    )


def test_sa_a_new_list_spends_all_of_its_15_total_points() -> None:
    """R:350, R:352: what the models leave of the 15 points must be spent on items, so a new
    list short of 15 is refused; once promoted, its points are only a maximum."""
    short = threshold_team(f'{CHARACTER}\ngear = [".45 Handgun"]', 'profile = "Agent"')
    assert team_total(short) == 7
    with pytest.raises(
        ListError,
        match=r"^team is invalid: the team costs 7 Total Points; a new list spends all of its "
        r"15 \(R:350, R:352\)$",
    ):
        refuse(short)
    # A Character alone leaves 11 EP, beyond the 10 a new list holds: items cannot fill it.
    alone = threshold_team(f'{CHARACTER}\ngear = ["Knife"]')
    with pytest.raises(
        ListError,
        match=r"^team is invalid: the team costs 4\.5 Total Points; a new list spends all of its "
        r"15 \(R:350, R:352\), and its 4 PP leave 11 EP, more than it may hold \(R:2104, "
        r"notes §6 item 26\): it needs more Personnel$",
    ):
        refuse(alone)
    promoted = threshold_team(
        f'{CHARACTER}\ngear = [".45 Handgun"]', 'profile = "Agent"', head="wins = 5"
    )
    assert check_team(book(), promotion(), promoted) == []


def test_r2104_a_new_list_holds_10_pp_and_10_ep_notes_6_item_26() -> None:
    agents = [f'profile = "Agent"\nname = "Agent {n}"' for n in range(3)]
    found = threshold_team(
        f'{CHARACTER}\ngear = ["Knife", ".45 Handgun"]',
        *agents,
        'profile = "Civilian"\ngear = ["Dynamite", "Knife"]',
    )
    assert (team_pp(found), team_ep(found)) == (11, 4)
    with pytest.raises(
        ListError,
        match=r"the team holds 11 PP; New list allows 10 \(R:2104, notes §6 item 26\)$",
    ):
        refuse(found)
    # The option reads R:346 alone: the 15 points split freely.
    assert check_team(book(), promotion(), found, ListOptions(starting_caps=False)) == []


def test_r1036_accountant_lets_the_team_hold_2_pp_beyond_its_maximum() -> None:
    """R:1036-1037: 2 PP or 2 EP above the normal restrictions, here the new list's 10 PP
    (notes §6 item 26); the team shows which by what it spends."""
    agents = [f'profile = "Agent"\nname = "Agent {n}"' for n in range(3)]
    found = threshold_team(
        f'{CHARACTER}\nskills = ["Accountant"]\ngear = ["Knife", ".45 Handgun"]',
        *agents,
        'profile = "Civilian"\ngear = ["Dynamite", "Knife"]',
    )
    assert (team_pp(found), team_ep(found)) == (11, 4)
    assert check_team(book(), promotion(), found) == []


def test_r1036_accountants_each_allow_2_more_and_no_further() -> None:
    accountant = 'profile = "Agent"\nname = "Agent {n}"\nskills = ["Accountant"]'
    agents = [accountant.format(n=n) for n in range(2)]
    civilians = [f'profile = "Civilian"\nname = "Civilian {n}"' for n in range(3)]
    knives = ", ".join(['"Knife"'] * 8)
    within = threshold_team(f"{CHARACTER}\ngear = [{knives}]", *agents, *civilians)
    assert team_pp(within) == 11
    assert check_team(book(), promotion(), within) == []
    over = threshold_team(
        CHARACTER, accountant.format(n=0), *[f'profile = "Agent"\nname = "B{n}"' for n in range(4)]
    )
    assert team_pp(over) == 14
    with pytest.raises(
        ListError,
        match=r"the team holds 14 PP; New list allows 10 \(R:2104, notes §6 item 26\); "
        r"beyond it, 1 Accountant \(2 PP or 2 EP each, R:1037\) cannot cover it",
    ):
        refuse(over)


def test_r492_extraordinary_heroism_15_pp_15_ep_and_one_prototype() -> None:
    agents = [f'profile = "Agent"\nname = "Agent {n}"' for n in range(6)]
    arms = '"Elephant Gun", "Dynamite", "Sword", "Cleaver", "Shotgun"'
    found = threshold_team(
        f'{CHARACTER}\ngear = ["Stun Pistol", "Tesla Rifle", {arms}]',
        *agents,
        head="wins = 5",
    )
    assert (team_pp(found), team_ep(found)) == (16, 16)
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert "the team holds 16 PP; Extraordinary Heroism allows 15 (R:494)" in message
    assert "the team holds 16 EP; Extraordinary Heroism allows 15 (R:494)" in message
    assert (
        "carries 2 Special Branch prototypes (Stun Pistol, Tesla Rifle); "
        "Extraordinary Heroism allows 1 (R:493)" in message
    )
    assert "Total Points" not in message  # the 15 of a new list is past


def test_r493_a_new_list_carries_no_prototype() -> None:
    found = spending_all(f'{CHARACTER}\ngear = ["Stun Pistol"]')
    with pytest.raises(
        ListError,
        match=r"carries 1 Special Branch prototype \(Stun Pistol\); New list allows none "
        r"\(R:493, R:1316\)$",
    ):
        refuse(found)


def test_r493_gallantry_in_action_still_carries_one_prototype() -> None:
    found = threshold_team(f'{CHARACTER}\ngear = ["Stun Pistol", "Tesla Rifle"]', head="wins = 10")
    assert check_team(book(), promotion(), found) == [
        "the team carries 2 Special Branch prototypes (Stun Pistol, Tesla Rifle); "
        "Gallantry in Action allows 1 (R:493)"
    ]


def test_r1316_no_two_of_one_special_branch_prototype_at_distinguished_service() -> None:
    found = threshold_team(
        f'{CHARACTER}\ngear = ["Stun Pistol"]',
        'profile = "Agent"\nname = "A1"\ngear = ["Stun Pistol"]',
        head="wins = 15\nmap_pieces = 2",
    )
    assert check_team(book(), promotion(), found) == [
        "the team carries 2 Stun Pistols; one of each Special Branch prototype (R:1316)"
    ]


def test_r500_distinguished_service_has_no_maxima_and_any_special_agents() -> None:
    agents = [
        f'profile = "Agent"\nname = "Agent {n}"\ngear = ["Elephant Gun", "Dynamite"]'
        for n in range(10)
    ]
    found = threshold_team(
        f'{CHARACTER}\ngear = ["Stun Pistol", "Tesla Rifle"]',
        *agents,
        'profile = "Exorcist"',
        'profile = "Medic"',
        head="wins = 15\nmap_pieces = 2",
    )
    assert team_pp(found) == 4 + 20 + 1 + 3
    assert check_team(book(), promotion(), found) == []


def test_promotion_level_by_wins() -> None:
    levels = [promotion().level_of(wins).name for wins in (0, 4, 5, 9, 10, 14, 15, 40)]
    assert levels == [
        "New list",
        "New list",
        "Extraordinary Heroism",
        "Extraordinary Heroism",
        "Gallantry in Action",
        "Gallantry in Action",
        "Distinguished Service",
        "Distinguished Service",
    ]


def test_r1057_one_2_hand_weapon_unless_burly_notes_6_item_4() -> None:
    found = spending_all(
        f'{CHARACTER}\ngear = ["Shotgun", "Double-Barrelled Shotgun", "Knife"]',
        'profile = "Agent"\nskills = ["Burly"]\ngear = ["Shotgun", "Double-Barrelled Shotgun"]',
    )
    with pytest.raises(ListError) as caught:
        refuse(found)
    assert str(caught.value) == (
        "team is invalid: Chief: carries 2 2-Hand weapons (Shotgun, Double-Barrelled Shotgun); "
        "it may carry 1 (R:1057, notes §6 item 4); Agent: Burly needs Con 7 (R:1056)"
    )


def test_r496_gallantry_in_action_keeps_one_special_agent_for_good_who_may_buy_gear() -> None:
    exorcist = 'profile = "Exorcist"\nname = "Father Iwanicki"\npermanent = true'
    kept = threshold_team(
        CHARACTER,
        f'{exorcist}\ngear = [".45 Handgun", "Silver Bullets"]',
        head="wins = 10\nmap_pieces = 1",
    )
    assert check_team(book(), promotion(), kept) == []
    # The Silver Bullets upgrade its kit's .22 and the .45 (R:1243).
    assert operative_ep(kept.operatives[1]) == 2 + 1 + 2 * 0.5
    two = threshold_team(
        CHARACTER,
        exorcist,
        'profile = "Medic"\npermanent = true\nskills = ["Dodge"]',
        'profile = "Agent"\npermanent = true',
        head="wins = 10\nmap_pieces = 2",
    )
    with pytest.raises(ListError) as caught:
        refuse(two)
    message = str(caught.value)
    assert (
        "the team keeps 2 Special Agents for good (Father Iwanicki, Medic); "
        "Gallantry in Action allows 1 (R:496, R:500)" in message
    )
    assert "Medic: a Special Agent comes as printed; no Skill may be added (R:378)" in message
    assert "Agent: only a Special Agent joins the team permanently (R:496)" in message


def test_r378_a_temporary_special_agent_buys_nothing_and_a_new_list_keeps_none() -> None:
    found = threshold_team(
        CHARACTER, 'profile = "Exorcist"\npermanent = true\ngear = ["Knife"]', head="map_pieces = 1"
    )
    with pytest.raises(
        ListError, match=r"keeps 1 Special Agent for good \(Exorcist\); New list allows none"
    ):
        refuse(found)
    temporary = threshold_team(
        CHARACTER, 'profile = "Exorcist"\ngear = ["Knife"]', head="wins = 10\nmap_pieces = 1"
    )
    with pytest.raises(ListError, match=r"no Skill or item may be added \(R:378\)"):
        refuse(temporary)


def test_r1365_animals_need_an_animal_handler_add_ep_and_are_no_models() -> None:
    handler = 'profile = "Agent"\nname = "Handler"\nskills = ["Animal Handler"]'
    kennel = spending_all(CHARACTER, f'{handler}\nanimals = ["Attack Dog", "Falcon"]')
    assert check_team(book(), promotion(), kennel) == []
    assert operative_ep(kennel.operatives[1]) == 1 + 1
    # Animals are no models of the list (R:1366): the Chief, the Handler and the Spare.
    assert opposition(book(), NO_LURKERS, kennel).models == 3
    found = threshold_team(
        CHARACTER,
        'profile = "Civilian"\nanimals = ["Guard Dog"]',
        f'{handler}\nanimals = ["Heavy Horse"]',
        'profile = "Exorcist"\nanimals = ["Med Dog"]',
        'profile = "Child"\nanimals = ["Attack Dog"]',
        head="map_pieces = 1",
    )
    with pytest.raises(ListError) as caught:
        refuse(found)
    message = str(caught.value)
    assert (
        "Civilian: a Guard Dog is equipped only to a model with Animal Handler (R:1044)" in message
    )
    assert "Child: an Attack Dog is equipped only to a model with Animal Handler" in message
    assert "Handler: a Heavy Horse is equipped only to a model with Ride (R:1120)" in message
    assert "Exorcist: a Special Agent comes as printed; no Skill or item may be added" in message


def test_r474_one_piece_of_armour_a_lead_breastplate_beside_it() -> None:
    """R:474, R:1157, R:2088: armour pieces are worn one at a time, never adding up past the
    Human maximum; the Lead Breastplate is the one item worn beside armour."""
    vest = 'profile = "Agent"\nname = "Vest"\ngear = ["Heavy Armoured Vest", "Lead Breastplate"]'
    assert check_team(book(), promotion(), spending_all(CHARACTER, vest)) == []
    stacked = spending_all(
        CHARACTER,
        'profile = "Agent"\ngear = ["Light Armoured Vest", "Heavy Armoured Vest", '
        '"Heavy Armoured Vest"]',
    )
    with pytest.raises(ListError) as caught:
        refuse(stacked)
    assert str(caught.value) == (
        "team is invalid: Agent: wears 3 pieces of armour (Light Armoured Vest, Heavy Armoured "
        "Vest, Heavy Armoured Vest); a model wears one, a Lead Breastplate beside it "
        "(R:474, R:1157)"
    )
