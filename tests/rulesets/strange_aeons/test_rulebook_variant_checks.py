"""Each Basic Scenario Variant's restriction on the Lurker list, checked on a given list when
the game is set up and by ``check-list --variant`` (R:1536-1660): every breach named in the
one message the list check gives, the Variant's own cited by its name and line. Each test is
named after the line printing the restriction."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from tests.command import Ran
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES, ListError
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]


def models(*entries: tuple[str, int]) -> str:
    """A Lurker list's entries: so many models of each profile."""
    return "".join(
        f'\n[[models]]\nprofile = "{name}"\ncount = {count}\n' for name, count in entries
    )


def refused(rules: StrangeAeons, lurkers: str, match: str, **options: str) -> None:
    """Set-up refuses the Lurker list ``lurkers`` against the sample team, in one line."""
    with pytest.raises(ListError, match=match) as raised:
        rules.normalize_setup({"threshold": TEAM, "lurkers": lurkers, **options})
    assert "\n" not in str(raised.value)


COURIER = {"scenario": "the-bag-man", "variant": "capture-the-courier"}


def test_r1573_capture_the_courier_needs_a_human_or_humanoid_courier(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # R:1573: the Bag Man is a Human or Humanoid of the Lurker list; R:1564 still holds, and
    # both breaches are named in the one message.
    zombies = lurker_list(tmp_path, models(("Zombie", 3)))
    both = (
        r"The Bag Man \(R:1564\): 0 of the 15 points go to Human Lurkers; at least 8 must; "
        r"Capture the Courier \(R:1573\): the list holds no Human or Humanoid Lurker to be the "
        r"courier; it needs one$"
    )
    refused(rules, zombies, both, **COURIER)
    with pytest.raises(ListError) as plain:
        rules.normalize_setup({"threshold": TEAM, "lurkers": zombies, "scenario": "the-bag-man"})
    assert "R:1573" not in str(plain.value)
    cult = lurker_list(tmp_path, models(("Cultist", 8), ("Zombie", 1)))
    setup = rules.normalize_setup({"threshold": TEAM, "lurkers": cult, **COURIER})
    assert setup["variant"] == "capture_the_courier"


def test_r1594_street_fight_names_every_lurker_not_human(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # R:1594: only Human Lurkers; each other one is named, cited by the Variant.
    mixed = lurker_list(tmp_path, models(("Cultist", 3), ("Zombie", 1), ("Ghoul", 1)))
    each = (
        r"Street Fight \(R:1594\): Zombie is not Human; only Human Lurkers may be used; "
        r"Street Fight \(R:1594\): Ghoul is not Human; only Human Lurkers may be used"
    )
    refused(rules, mixed, each, variant="street-fight")


def test_r1621_strength_in_numbers_takes_a_single_mob_only(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # R:1621: a single Mob stands for Monster Attack!'s single model (R:1616); two do not.
    two = lurker_list(tmp_path, models(("Cultist", 5)) + "mob = true\n" + models(("Zombie", 1)))
    refused(
        rules,
        two,
        r"Strength in Numbers \(R:1621\): the list fields 2 models; exactly 1 may",
        scenario="monster-attack",
        variant="strength-in-numbers",
    )


def test_r1593_last_stand_lurkers_answer_the_whole_team(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # R:1593: the Lurkers field the Total Points of the whole team (15), and, as in the
    # Fight, one more model than it (R:1587: at least 4), whatever the one model standing.
    three = lurker_list(tmp_path, models(("Cultist", 3)))
    refused(
        rules,
        three,
        r"Fight \(R:1587\): the list fields 3 models against the Threshold's 3; it needs at "
        "least 4",
        variant="last-stand",
    )
    many = lurker_list(tmp_path, models(("Cultist", 16)))
    refused(rules, many, r"the Threshold team it answers has 15 \(R:514", variant="last-stand")
    fifteen = lurker_list(tmp_path, models(("Cultist", 15)))
    setup = rules.normalize_setup({"threshold": TEAM, "lurkers": fifteen, "variant": "last-stand"})
    assert len(setup["lurkers"]["models"]) == 15


ESCAPE = r"Escape \.\.\. Into Danger! \(R:1576\): Night-gaunt is worth 11 points"
THREE = r"\(R:(1587|1625)\): the list fields 3 models"
KEPT = {
    "r1583-run-the-gauntlet": ("escape-into-danger", "Night-gaunt", ESCAPE),
    "r1584-contain-the-area": ("escape-into-danger", "Night-gaunt", ESCAPE),
    "r1595-the-raid": ("fight", "Cultist", THREE),
    "r1622-the-monsters-lair": ("monster-attack", "Cultist", r"\(R:1616\): the list fields 3"),
    "r1642-the-stash": ("retrieve-the-artifacts", "Cultist", THREE),
    "r1660-treasure-map": ("treasure-hunt", "Night-gaunt", r"Hunt \(R:1645\): Night-gaunt is"),
}
"""Each Variant that says nothing of the Lurker list: its scenario, a profile breaking the
scenario's restriction (three of it), and the breach named."""


@pytest.mark.parametrize("case", KEPT)
def test_r1536_a_variant_keeps_its_scenarios_lurker_restriction(
    rules: StrangeAeons, tmp_path: Path, case: str
) -> None:
    # R:1536: a Variant is a small alteration of its scenario: one that says nothing of the
    # Lurker list keeps the scenario's restriction (R:1576, R:1587, R:1616, R:1625, R:1645).
    scenario, profile, match = KEPT[case]
    variant = case.split("-", 1)[1]
    listed = lurker_list(tmp_path, models((profile, 3)))
    refused(rules, listed, match, scenario=scenario, variant=variant)


def test_r1573_check_list_checks_a_variants_restriction(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    # The companion check-list takes a Variant of the scenario it checks (R:1536, R:1573).
    zombies = lurker_list(tmp_path, models(("Zombie", 3)))
    bag_man = ("--scenario", "the-bag-man", "--against", TEAM)
    done = cli("strange-aeons", "check-list", zombies, *bag_man, "--variant", "Capture the Courier")
    assert done.status != 0 and done.out == ""
    assert "Capture the Courier (R:1573): the list holds no Human or Humanoid" in done.err
    cult = lurker_list(tmp_path, models(("Cultist", 8)))
    fine = cli("strange-aeons", "check-list", cult, *bag_man, "--variant", "capture-the-courier")
    assert fine.status == 0, fine.err
    assert fine.out.startswith("The Bag Man, Capture the Courier: Lurker list")
    wrong = cli("strange-aeons", "check-list", cult, *bag_man, "--variant", "the-stash")
    assert "The Bag Man has no Variant 'the-stash'; its Variants: Capture the Courier" in wrong.err
    alone = cli("strange-aeons", "check-list", cult, "--variant", "the-stash")
    assert "--variant names a Variant of the --scenario given" in alone.err


def test_r1594_street_fight_refuses_a_ranged_weapon_bought(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # R:1594: only close combat weapons may be equipped: a Ranged weapon the list buys is
    # named (one the profile prints is left out of play instead); random lists buy none.
    armed = lurker_list(tmp_path, models(("Cultist", 4)) + 'gear = [".22 Handgun", "Knife"]\n')
    refused(
        rules,
        armed,
        r"Street Fight \(R:1594\): Cultist buys \.22 Handgun, a Ranged weapon or its "
        "ammunition; only close combat weapons may be equipped$",
        variant="street-fight",
    )
    for seed in range(1, 9):
        setup = rules.normalize_setup(
            {"threshold": TEAM, "variant": "street-fight", "list-seed": seed}
        )
        assert setup["lurkers"]["models"]


STREET_CULT = """
[[models]]
profile = "Cult Leader"
gear = ["Knife"]

[[models]]
profile = "Cultist"
count = 10
gear = ["Knife"]
"""
"""15 points of Human Lurkers with knives: a Fight's answer to the Sample List, too many for
its Street Fight."""


def test_r1594_check_list_counts_no_ep_of_ranged_weapons_as_set_up_does(
    cli: Callable[..., Ran], rules: StrangeAeons, tmp_path: Path
) -> None:
    # R:1594: the Sample List's 15 points less its handguns, shotgun and Dynamite leave 9.5;
    # check-list and the game's set-up refuse the 15-point list for the one reason.
    sample = str(SAMPLES / "sample_list.toml")
    cult = lurker_list(tmp_path, STREET_CULT)
    reason = "the list spends 15 points; the Threshold team it answers has 9.5 (R:514, R:521)"
    fight = ("--against", sample, "--scenario", "Fight")
    done = cli("strange-aeons", "check-list", cult, *fight, "--variant", "Street Fight")
    assert done.status != 0 and done.out == ""
    assert done.err.strip().endswith(f"is invalid: {reason}")
    with pytest.raises(ListError) as raised:
        rules.normalize_setup({"threshold": sample, "lurkers": cult, "variant": "street-fight"})
    assert str(raised.value).endswith(f"is invalid: {reason}")
    assert cli("strange-aeons", "check-list", cult, *fight).status == 0
