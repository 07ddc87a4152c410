"""The Basic Scenarios' Variants that change the lists (R:1593, R:1594, R:1621), The Raid's
set-up (R:1595) and the pre-game Skill Cunning (R:1065), each named after its rule with the
R: line in its docstring."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import as_listed, dice_left, events, options, refused
from tests.rulesets.strange_aeons.rulebook import BOOK, agent, forces
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
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
    opened = events(rules.new_game(setup, 1), "variant")[0]
    assert opened.rule == "Fight: Last Stand (R:1593)"
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
    """R:1594: the team's 15 points less its three handguns and shotgun (3.5 EP) leave the
    Lurkers 11.5: twelve Cultists (12 points) are too many, as they are not in the Fight."""
    twelve = lurker_list(tmp_path, CULTISTS.replace("count = 5", "count = 12"))
    options = {"threshold": TEAM, "lurkers": twelve}
    with pytest.raises(ListError, match=r"11\.5"):
        rules.normalize_setup({**options, "variant": "street-fight"})
    assert len(rules.normalize_setup(options)["lurkers"]["models"]) == 12


AGENTS = """name = "Agents"
faction = "threshold"
map_pieces = 1

[[models]]
profile = "Character"
gear = [".45 Handgun", "Knife", "Sword", "Cleaver", "Club"]

[[models]]
profile = "Sniper"
"""
"""A Character with a .45 Handgun and a Sniper, 15 Total Points, of which 3 EP of Ranged
weapons: the .45 bought and the Sniper's Bolt-Action Rifle, all of his 2 printed EP."""


def test_r1594_street_fight_counts_no_ep_of_a_special_agent_s_printed_ranged_weapons(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    """R:1594: all EP of the team's Ranged weapons are left out, those a Special Agent's
    printed EP pays for too (R:376): 15 less 3 leave the Lurkers 12."""
    team = tmp_path / "agents.toml"
    team.write_text(AGENTS, "utf-8")
    thirteen = lurker_list(tmp_path, CULTISTS.replace("count = 5", "count = 13"))
    options = {"threshold": str(team), "variant": "street-fight"}
    with pytest.raises(ListError, match=r"the Threshold team it answers has 12 "):
        rules.normalize_setup({**options, "lurkers": thirteen})
    twelve = lurker_list(tmp_path, CULTISTS.replace("count = 5", "count = 12"))
    assert len(rules.normalize_setup({**options, "lurkers": twelve})["lurkers"]["models"]) == 12


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


def test_r1594_street_fight_leaves_ranged_weapons_out_of_the_profiles_taken_in_play(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    """R:1594, R:431: a Field Tester that rolled a 2 chooses among profiles each carrying a
    prototype; in a Street Fight none keeps a Ranged one, nor the printed .45 left out."""
    team = tmp_path / "technician.toml"
    team.write_text(
        'name = "Special Branch"\nfaction = "threshold"\nwins = 5\nmap_pieces = 1\n\n'
        '[[models]]\nprofile = "Character"\nskills = ["Lucky"]\n\n'
        '[[models]]\nname = "Dr. Wells"\nprofile = "Special Branch Technician"\n',
        encoding="utf-8",
    )
    options = {"threshold": str(team), "list-seed": 100, "variant": "street-fight"}
    side = rules.normalize_setup(options)["threshold"]
    assert side["field-tests"][0][1][-1] == 2  # the player chooses
    ranged = {w["id"] for w in side["weapons"] if w["kind"] == "ranged"}
    assert "handgun_45" in ranged and "heat_ray.low" in ranged
    assert side["spawns"]
    for profile in side["spawns"]:
        assert not ranged & set(profile["weapons"]), profile["id"]


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


def cunning_game(t1: list[str], l1: list[str], dice: list[tuple[str, int]]) -> Game:
    """A Fight from its set-up: T1 with the Skills ``t1`` against L1 with ``l1``."""
    setup = {"board": "open", **forces(agent("T1", skills=t1), agent("L1", skills=l1))}
    return find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))


def test_r1065_cunning_wins_a_tied_roll_off() -> None:
    """R:1065: a tie of the pre-game roll-off is won by the Cunning player, not rolled
    again."""
    game = cunning_game([], ["command", "cunning"], script("roll-off deployment", 4, 4))
    won = events(game, "cunning-tie")[0]
    assert (won.rule, won.data) == ("Skills: Cunning (R:1065)", {"side": 1})
    assert events(game, "roll-off")[0].data["winner"] == 1
    assert game.decision is not None and game.decision.kind == "edge"
    assert not dice_left(game)


def test_r1065_cunning_on_both_sides_cancels_out() -> None:
    """R:1065: both lists Cunning: the tie stays a tie, rolled again (notes §6 item 70)."""
    dice = script("roll-off deployment", 4, 4, 5, 2)
    game = cunning_game(["command", "cunning"], ["command", "cunning"], dice)
    assert len(events(game, "roll-off-tie")) == 1 and not events(game, "cunning-tie")
    assert events(game, "roll-off")[0].data["winner"] == 0
    assert not dice_left(game)


def test_r1065_cunning_re_rolls_one_losing_die_once_a_game() -> None:
    """R:1065: the Cunning player re-rolls its losing 2 to a 5 and wins; its re-roll spent,
    the first-turn roll-off it loses is not offered again."""
    dice = script("roll-off deployment", 2, 4, 5, "roll-off first-turn", 1, 6)
    game = cunning_game(["command", "cunning"], [], dice)
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["cunning", "keep-die"]
    refused(game, "edge north", "not an option of set-up")
    game.apply("cunning")
    rerolled = events(game, "cunning-reroll")[0]
    assert rerolled.data == {"side": 0, "was": 2, "now": 5}
    assert events(game, "roll-off")[0].data == {
        "purpose": "deployment",
        "winner": 0,
        "dice": [5, 4],
    }
    assert game.state.cunning_used == (0,)
    game.apply("edge west")
    game.apply("deploy T1 2,12")
    game.apply("deploy L1 34,12")
    assert events(game, "roll-off")[1].data["winner"] == 1
    assert not dice_left(game)


def test_r1065_cunning_may_keep_its_die() -> None:
    """R:1065: the re-roll is the player's to take: kept, the die loses and the re-roll
    stays for a later roll-off."""
    dice = script("roll-off deployment", 2, 4, "roll-off first-turn", 1, 6, 6)
    game = cunning_game(["command", "cunning"], [], dice)
    game.apply("keep-die")
    assert events(game, "roll-off")[0].data["winner"] == 1
    assert not game.state.cunning_used
    for action in ("edge west", "deploy L1 2,12", "deploy T1 34,12", "cunning"):
        game.apply(action)
    assert events(game, "roll-off")[1].data == {
        "purpose": "first-turn",
        "winner": 0,
        "dice": [6, 6],
    }
    assert not dice_left(game)


def test_r1595_the_raid_lurkers_placed_at_random_then_the_threshold_on_a_short_edge() -> None:
    """R:1595: the Lurkers first by Random Deployment (a 4: section 4, R:1530-1532), then the
    Threshold in base contact with either short edge; the Fight's roll-off for the first
    Turn (R:1589)."""
    setup = {"board": "open", "variant": "the-raid", **forces(agent("T1"), agent("L1"))}
    dice = script("Random Deployment: section", 4, "roll-off first-turn", 2, 5)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))
    assert game.decision is not None and game.decision.player == 1
    assert game.decision.kind == "first-area"  # the side placed alone numbers the sections
    as_listed(game)
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == []
    game.apply("deploy L1 4 30,16")
    assert events(game, "deployed-in")[0].rule == "Fight: Random Deployment (R:1530-1532)"
    refused(game, "place T1 10,12", "the base must be in base contact with a short table edge")
    game.apply("place T1 35.51,12")
    placed = events(game, "deployed")[0]
    assert (placed.rule, placed.models) == ("Fight: set-up (R:1595)", ("T1",))
    assert events(game, "roll-off")[0].data["winner"] == 1
    assert not dice_left(game)


def test_r1065_cunning_wins_the_free_for_all_quadrant_roll_off() -> None:
    """R:1065, R:1600: as many models a side, the roll-off for who rolls first on the Free
    For All Deployment Table is won on a tie by the Cunning player, who then rolls first."""
    setup = {
        "board": "open",
        "scenario": "free-for-all",
        **forces(agent("T1", skills=["command", "cunning"]), agent("L1")),
    }
    dice = script("roll-off deployment", 4, 4, "Free For All Deployment Table: quadrant", 2)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))
    assert events(game, "cunning-tie")[0].data == {"side": 0}
    assert events(game, "roll-off")[0].data["winner"] == 0
    assert game.state.deploy_first == 0
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.kind == "first-area"  # the winner numbers the quadrants
    as_listed(game)
    assert game.decision is not None and game.decision.player == 0
    assert "the quadrant die of T1: 2" in game.decision.prompt
    assert not dice_left(game)
