"""Psychic Powers on a list (rules notes §2.7; R:309-336, R:418): the power a test gave a
Character, an Agent or a Human Lurker, the Psychic Operative's chosen power and Skills, a
Rogue's bought power, and the Psychic Skills a power lets a model take."""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.lists import (
    book,
    lurker_list,
    promotion,
    spending_all,
    threshold_team,
)

from skirmish.rulesets.strange_aeons.lists.costs import model_points
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListError,
    LurkerList,
    ThresholdList,
    refuse_invalid,
)
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.psychic import load_psychic
from skirmish.rulesets.strange_aeons.lists.team import check_team

CHARACTER = 'profile = "Character"\nname = "Chief"'


def refuse_team(found: ThresholdList) -> None:
    refuse_invalid("team", check_team(book(), promotion(), found))


def refuse_lurkers(found: LurkerList) -> None:
    refuse_invalid("lurkers", check_lurkers(book(), found))


def test_notes_2_7_psychic_powers_table_5_results() -> None:
    powers = [(p.roll, p.name, p.real) for p in load_psychic().power]
    assert powers == [
        (1, "Very Minor Psychic Power", False),
        (2, "Pyrokinesis", True),
        (3, "Telekinesis", True),
        (4, "Astral Projection", True),
        (5, "Clairvoyance", True),
    ]


def test_r311_a_tested_agent_with_its_power_takes_a_psychic_skill() -> None:
    psychic = spending_all(
        CHARACTER, 'profile = "Agent"\npower = "Telekinesis"\nskills = ["Psychic Throw"]'
    )
    assert check_team(book(), promotion(), psychic) == []
    assert psychic.operatives[1].power is not None
    untested = threshold_team(CHARACTER, 'profile = "Agent"\nskills = ["Psychic Throw"]')
    with pytest.raises(ListError, match=r"Agent: Psychic Throw needs the telekinesis power"):
        refuse_team(untested)
    wrong = threshold_team(
        CHARACTER, 'profile = "Agent"\npower = "Pyrokinesis"\nskills = ["Psychic Throw"]'
    )
    with pytest.raises(ListError, match=r"Agent: Psychic Throw needs the telekinesis power"):
        refuse_team(wrong)


def test_r311_civilians_children_and_special_agents_are_not_tested() -> None:
    found = threshold_team(
        CHARACTER,
        'profile = "Civilian"\npower = "Clairvoyance"',
        'profile = "Medic"\npower = "Clairvoyance"',
        head="map_pieces = 1",
    )
    with pytest.raises(ListError) as caught:
        refuse_team(found)
    message = str(caught.value)
    assert "Civilian: a Civilian is never tested for Psychic Powers (R:311, R:378)" in message
    assert "Medic: a Medic is never tested for Psychic Powers" in message


def test_r331_a_very_minor_psychic_buys_no_psychic_skill() -> None:
    found = threshold_team(f'{CHARACTER}\npower = "very minor"\nskills = ["Focus"]')
    with pytest.raises(ListError, match=r"Chief: Focus needs a Psychic Power"):
        refuse_team(found)


def test_r418_a_psychic_operative_chooses_a_power_and_1d3_psychic_skills() -> None:
    good = spending_all(
        CHARACTER,
        'profile = "Psychic Operative"\npower = "Pyrokinesis"\nskills = ["Fire Blast", "Focus"]',
        head="map_pieces = 1",
    )
    assert check_team(book(), promotion(), good) == []
    bad = threshold_team(
        CHARACTER,
        'profile = "Psychic Operative"\n'
        'skills = ["Duck", "Focus", "Nullify", "Amplify", "Fire Blast"]',
        head="map_pieces = 1",
    )
    with pytest.raises(ListError) as caught:
        refuse_team(bad)
    message = str(caught.value)
    assert (
        "Psychic Operative: a Psychic Operative chooses a Psychic Power, "
        "not a Very Minor one (R:418)" in message
    )
    assert "comes with 1 to 3 Skills needing a Psychic Power (1D3), not 4 (R:418)" in message
    assert (
        "Psychic Operative: Duck needs no Psychic Power; a Special Agent comes as printed (R:378)"
        in message
    )
    assert "Psychic Operative: Fire Blast needs the pyrokinesis power" in message


def test_r336_a_human_lurker_records_its_rolled_power() -> None:
    cult = lurker_list('profile = "Cultist"\npower = "Pyrokinesis"\nskills = ["Fire Blast"]')
    assert model_points(book(), cult.picks[0]) == 1 + 1
    assert check_lurkers(book(), cult) == []
    fish = lurker_list('profile = "Fishman"\npower = "Pyrokinesis"')
    with pytest.raises(
        ListError,
        match=r"Fishman: a Fishman is never tested for Psychic Powers \(R:336, notes §6 item 76\)",
    ):
        refuse_lurkers(fish)


def test_r336_a_rogue_buys_the_power_of_its_choice_for_4_points() -> None:
    rogue = lurker_list(
        'profile = "Rogue Threshold Agent"\npower = "Clairvoyance"\npower_bought = true'
    )
    assert model_points(book(), rogue.picks[0]) == 6 + 4
    assert check_lurkers(book(), rogue) == []
    found = lurker_list(
        'profile = "Cultist"\npower = "Clairvoyance"\npower_bought = true',
        'profile = "Rogue Threshold Character"\npower_bought = true',
    )
    with pytest.raises(ListError) as caught:
        refuse_lurkers(found)
    message = str(caught.value)
    assert (
        "Cultist: only a Rogue Threshold Agent or Character buys a Psychic Power (R:336)" in message
    )
    assert "Rogue Threshold Character: buys a Psychic Power but names none (R:336)" in message
