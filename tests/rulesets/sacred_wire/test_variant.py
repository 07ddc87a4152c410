"""A variant of Sacred Wire is the same rules with other data (DESIGN, second edition of the
contract: Data): a subclass that names another ``data_folder`` plays by its own numbers, read
through ``game.ruleset``, while the shipped ruleset keeps the rulebook's."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    TOUCH,
    apply_all,
    data_copy,
    dice_left,
    edit_data,
    scenario,
    script,
)

from skirmish.dice import ScriptedDice
from skirmish.engine.registry import register_ruleset
from skirmish.engine.restore import restore
from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.base import catalog_of, ruleset_catalog
from skirmish.rulesets.sacred_wire.campaign.ruleset import PostGameRuleset
from skirmish.rulesets.sacred_wire.missions.generator import ORDER, Standing, generate
from skirmish.rulesets.sacred_wire.missions.loot import modifier_of
from skirmish.rulesets.sacred_wire.ruleset import SacredWire
from skirmish.rulesets.sacred_wire.squads.roster import move_allowance
from skirmish.rulesets.sacred_wire.squads.squad import load_sample_squad

BOSS = 'name = "Boss"\nhealth = 16\nmove = 4\n'
SWORD = 'name = "Sword"\ntype = "bladed"\ndamage = "d6"\n'
VICTORY = "victory = 9\n"
DECOYS = 'id = "decoys"\nname = "Decoys"\nsearch_tier = 1\n'
EXTRACTION = 'id = "extraction"\nrule = "M1.1"\nname = "Extraction"\n'
ROLLED = [table.replace("_", "-") for table in ORDER]
"""The dice purposes of the d6 tables the generator rolls after the mission (notes A86)."""
FAR = {"A1": (1.0, 1.0), "B1": (23.0, 23.0)}


@pytest.fixture
def variant(tmp_path: Path, private_registry: None) -> str:
    """The id of a variant whose Boss has 20 Health and Move 6 (16 and 4 in C2.4), whose
    Sword deals d10 (d6 in R3.2), whose campaign is won with 7 Evidence types (9 in K2.3),
    whose Decoys searches at +2 DT (+1 in K1.3) and whose d12 mission 1 is called "Exfil",
    registered for this test only: other tests list the real rulesets."""
    folder = data_copy(tmp_path)
    edit_data(folder / "personnel.toml", BOSS, BOSS.replace("16", "20").replace("4", "6"))
    edit_data(folder / "weapons.toml", SWORD, SWORD.replace("d6", "d10"))
    edit_data(folder / "campaign.toml", VICTORY, VICTORY.replace("9", "7"))
    edit_data(folder / "loot.toml", DECOYS, DECOYS.replace("1", "2"))
    edit_data(folder / "missions.toml", EXTRACTION, EXTRACTION.replace('"Extraction"', '"Exfil"'))

    @register_ruleset
    class BigBoss(SacredWire):
        """Sacred Wire with other data, and nothing else changed."""

        id = "test-big-boss"
        title = "Sacred Wire, a bigger Boss and a heavier Sword (test)"
        aliases = ()
        data_folder = folder

    return BigBoss.id


def test_variant_sets_up_its_squads_by_its_catalog(variant: str) -> None:
    ruleset = find_ruleset(variant)
    game = ruleset.new_game(None, 3)
    boss = game.model("A1")
    assert (boss.max_health, ruleset.model_status(game, boss).health) == (20, "20/20 Health")
    shipped = find_ruleset("sacred-wire").new_game(None, 3)
    assert shipped.model("A1").max_health == 16
    assert move_allowance(game, boss) == move_allowance(shipped, shipped.model("A1")) + 2


def test_variant_rules_read_the_variants_catalog_through_the_game(variant: str) -> None:
    # C4.7 E10a with the variant's Sword: its d10 shows a 9, +1 Brute, -1 Protective Lining.
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **FAR}
    dice = script("attack", 5, 6, "defense", 2, 4, "damage", 9)
    game = scenario(placed, dice, act="A2", ruleset_id=variant)
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert game.model("B5").health == 13 - 9
    assert dice_left(game) == []
    assert catalog_of(game).weapon("Sword").damage.sides == 10


def test_variant_leaves_the_shipped_catalog_as_printed(variant: str) -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **FAR}
    dice = script("attack", 5, 6, "defense", 2, 4, "damage", 4)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert game.model("B5").health == 13 - 4
    assert CATALOG.weapon("Sword").damage.sides == 6
    assert ruleset_catalog(find_ruleset(variant)).weapon("Sword").damage.sides == 10


def test_variant_game_restored_from_a_save_keeps_the_variants_catalog(variant: str) -> None:
    game = find_ruleset(variant).new_game(None, 5)
    again = restore(game.to_json())
    assert again.ruleset is game.ruleset
    assert catalog_of(again).contract("Boss").health == 20


def test_code_with_no_game_takes_the_catalog_it_is_given(variant: str) -> None:
    bigger = ruleset_catalog(find_ruleset(variant))
    assert load_sample_squad("wrecking-crew", catalog=bigger).boss.health == 20
    assert load_sample_squad("wrecking-crew", catalog=CATALOG).boss.health == 16


def test_variant_campaign_tables_bound_its_setup_options(variant: str) -> None:
    # K2.3: Evidence counts up to the types that win the campaign, the variant's 7.
    options = {"mission": "control", "evidence_a": 8}
    assert find_ruleset("sacred-wire").normalize_setup(options)["evidence_a"] == 8
    with pytest.raises(SkirmishError, match="evidence_a must be a whole number from 0 to 7"):
        find_ruleset(variant).normalize_setup(options)


def test_variant_loot_rules_read_its_loot_tables_through_the_game(variant: str) -> None:
    # K1.3 Decoys: the variant's searchers roll 2 DT up, the shipped ruleset's 1.
    setup = {"loot": "scattered", "loot_modifier": "decoys"}
    game = find_ruleset(variant).new_game(setup, 3)
    shipped = find_ruleset("sacred-wire").new_game(setup, 3)
    assert (modifier_of(game).search_tier, modifier_of(shipped).search_tier) == (2, 1)


def test_variant_mission_generator_rolls_on_the_tables_it_is_given(variant: str) -> None:
    # K1.3: the same rolls read mission 1 of the variant's table, then of the shipped one.
    def mission(ruleset_id: str) -> str:
        dice = ScriptedDice([("roles", 1), ("mission", 1), *[(p, 1) for p in ROLLED]])
        tables = ruleset_catalog(find_ruleset(ruleset_id)).missions
        return generate(tables, Standing(0, 0), Standing(0, 0), dice).mission.name

    assert (mission(variant), mission("sacred-wire")) == ("Exfil", "Extraction")


def test_post_game_variant_takes_its_sample_book_from_its_data_folder(
    tmp_path: Path, private_registry: None
) -> None:
    folder = data_copy(tmp_path)
    edit_data(folder / "post-game-book.toml", 'name = "Wrecking Crew"', 'name = "Demolition Crew"')

    @register_ruleset
    class Demolition(PostGameRuleset):
        """The post-game sequence with another sample book, and nothing else changed."""

        id = "test-demolition-post-game"
        title = "Sacred Wire post-game, another sample book (test)"
        aliases = ()
        data_folder = folder

    assert find_ruleset(Demolition.id).normalize_setup({})["book"]["name"] == "Demolition Crew"
    shipped = find_ruleset("sacred-wire-post-game").normalize_setup({})
    assert shipped["book"]["name"] == "Wrecking Crew"
