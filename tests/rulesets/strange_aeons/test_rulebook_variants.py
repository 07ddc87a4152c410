"""The Basic Scenarios' Variants that change the lists (R:1593, R:1594, R:1621), each named
after its rule with the R: line in its docstring."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.errors import SkirmishError
from skirmish.rulesets.strange_aeons.lists.list_file import ListError
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]

CULTISTS = """
[[models]]
profile = "Cultist"
count = 5
gear = ["Knife"]
"""


def test_r1593_last_stand_fields_the_named_model_against_the_whole_team(
    rules: StrangeAeons,
) -> None:
    """R:1593: one Threshold model of its player's choice; the Lurkers answer the whole team
    (R:1587: one more model than its three)."""
    options = {"threshold": TEAM, "lurkers": "fight_cult", "variant": "last-stand"}
    setup = rules.normalize_setup({**options, "stand": "Warren Rice"})
    assert [m["name"] for m in setup["threshold"]["models"]] == ["Warren Rice"]
    assert len(setup["lurkers"]["models"]) == 10
    first = rules.normalize_setup(options)
    assert [m["name"] for m in first["threshold"]["models"]] == ["Henry Armitage"]


def test_r1593_last_stand_refuses_a_model_not_of_the_team(rules: StrangeAeons) -> None:
    """R:1593: the model that stands is one of the team's."""
    options = {"threshold": TEAM, "lurkers": "fight_cult", "variant": "last-stand"}
    with pytest.raises(SkirmishError, match="stand: the team has no model 'Wilbur'"):
        rules.normalize_setup({**options, "stand": "Wilbur"})
    with pytest.raises(SkirmishError, match="stand names the model of a Last Stand"):
        rules.normalize_setup({"threshold": TEAM, "lurkers": "fight_cult", "stand": "Wilbur"})


def test_r1594_street_fight_takes_human_lurkers_only(rules: StrangeAeons, tmp_path: Path) -> None:
    """R:1594: only Human Lurkers; a Zombie is refused, five Cultists are not."""
    zombies = lurker_list(tmp_path, f'{CULTISTS}\n[[models]]\nprofile = "Zombie"\n')
    options = {"threshold": TEAM, "variant": "street-fight"}
    with pytest.raises(ListError, match="Zombie is not Human; only Human Lurkers may be used"):
        rules.normalize_setup({**options, "lurkers": zombies})
    setup = rules.normalize_setup({**options, "lurkers": lurker_list(tmp_path, CULTISTS)})
    assert len(setup["lurkers"]["models"]) == 5


def test_r1594_street_fight_counts_no_ep_of_ranged_weapons(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    """R:1594: the team's 14 points less its three handguns and shotgun (3.5 EP) leave the
    Lurkers 10.5: eleven Cultists (11 points) are too many, as they are not in the Fight."""
    eleven = lurker_list(tmp_path, CULTISTS.replace("count = 5", "count = 11"))
    options = {"threshold": TEAM, "lurkers": eleven}
    with pytest.raises(ListError, match=r"10\.5"):
        rules.normalize_setup({**options, "variant": "street-fight"})
    assert len(rules.normalize_setup(options)["lurkers"]["models"]) == 11


def test_r1594_street_fight_equips_close_combat_weapons_only(rules: StrangeAeons) -> None:
    """R:1594: the team's handguns and shotgun and the Rogue Threshold Agent's handgun are
    left out; knives, clubs and cleavers stay."""
    setup = rules.normalize_setup({"threshold": TEAM, "variant": "street-fight", "list-seed": 2})
    carried = [m["weapons"] for m in setup["threshold"]["models"]]
    assert carried == [["unarmed", "knife"], ["unarmed", "cleaver"], ["unarmed", "club"]]
    lurkers = setup["lurkers"]["models"]
    assert all(m["types"][0] == "human" for m in lurkers)
    ranged = {w["id"] for w in setup["lurkers"]["weapons"] if w["kind"] == "ranged"}
    assert "handgun_45" in ranged
    assert not ranged & {w for m in lurkers for w in m["weapons"]}


def test_r1621_strength_in_numbers_fields_a_single_mob(rules: StrangeAeons, tmp_path: Path) -> None:
    """R:1621: a single Mob (five Cultists and its 4 points) instead of Monster Attack!'s
    single model (R:1616)."""
    mob = lurker_list(tmp_path, CULTISTS + "mob = true\n")
    options = {"threshold": TEAM, "lurkers": mob, "scenario": "monster-attack"}
    with pytest.raises(ListError, match="exactly 1 may"):
        rules.normalize_setup(options)
    setup = rules.normalize_setup({**options, "variant": "strength-in-numbers"})
    assert {m["mob"] for m in setup["lurkers"]["models"]} == {"Cultist"}
    two = lurker_list(tmp_path, CULTISTS + 'mob = true\n\n[[models]]\nprofile = "Zombie"\n')
    with pytest.raises(ListError, match="exactly 1 may"):
        rules.normalize_setup({**options, "lurkers": two, "variant": "strength-in-numbers"})
