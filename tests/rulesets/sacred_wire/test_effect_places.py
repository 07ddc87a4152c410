"""One place per effect (DESIGN, second edition of the contract): where the rules apply the
effects of data rows (a Critical or Fumble row, a consumable used, a grenade, a Power, an Injury
or Promotion row), each effect type has its handler registered in that place's table or is named
as applied elsewhere; an effect nothing handles is refused when the data loads, never dropped."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rulesets.sacred_wire.helpers import CATALOG, data_copy, edit_data, scenario, script

from skirmish.engine.registry import register_ruleset
from skirmish.errors import RulesDataError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.rows import GAINS, ROW_EFFECTS, row_problems
from skirmish.rulesets.sacred_wire.game import conditions, items
from skirmish.rulesets.sacred_wire.game.conditions import ROWS, RowContext
from skirmish.rulesets.sacred_wire.powers import casting
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import (
    ChoiceEffect,
    MissGame,
    PowerEffect,
    StatEffect,
    Terminated,
    TierEffect,
    load_campaign_tables,
)
from skirmish.rulesets.sacred_wire.rules_data.dispatch import EffectTable, UnhandledEffectError
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    ExtraDamage,
    IgnoresCover,
    Reach,
    SmokeCloud,
    TimedTierBonus,
)
from skirmish.rulesets.sacred_wire.ruleset import SacredWire

BLEED = 'name = "Bleed"\nspecial = ["dot bleed damage=2"]'
MEDKIT = 'special = ["heal d6"]'
FOCUS = 'special = ["bonus-action"]'
CLEARANCE = 'name = "Clearance"\neffects = [\n  { kind = "choice", options = [\n'


@pytest.fixture
def variant_with(tmp_path: Path, private_registry: None) -> tuple[Path, type[SacredWire]]:
    """A data folder to edit and a variant reading it, registered for this test only."""
    folder = data_copy(tmp_path)

    @register_ruleset
    class Edited(SacredWire):
        id = "test-edited-data"
        title = "Sacred Wire with edited data (test)"
        aliases = ()
        data_folder = folder

    return folder, Edited


def test_every_effect_of_the_shipped_data_has_a_rule_where_it_is_applied() -> None:
    assert [p for table in SacredWire.effect_tables for p in table.problems(CATALOG)] == []
    assert row_problems(CATALOG.campaign) == []
    assert find_ruleset("sacred-wire-post-game") is not None


def test_effects_applied_elsewhere_are_named_in_the_place() -> None:
    assert ROWS.knows(ExtraDamage)  # the attack's damage roll (C4.16)
    assert items.LANDS.knows(IgnoresCover) and items.HITS.knows(IgnoresCover)  # notes A34
    assert items.LANDS.knows(TimedTierBonus) and items.HITS.knows(SmokeCloud)
    assert not casting.POWERS.knows(Reach)


@pytest.mark.parametrize(
    ("filename", "old", "new", "message"),
    [
        (
            "criticals.toml",
            BLEED,
            BLEED.replace('"]', '", "reach 2"]'),
            r"R6\.1 Bleed: no rule of the Critical and Fumble rows .* applies a Reach effect",
        ),
        (
            "equipment.toml",
            MEDKIT,
            'special = ["heal d6", "reach 2"]',
            r"Medkit: no rule of a consumable used .* applies a Reach effect",
        ),
        (
            "powers.toml",
            FOCUS,
            'special = ["bonus-action", "reach 2"]',
            r"Focus: no rule of a Power's effect .* applies a Reach effect",
        ),
        (
            "weapons.toml",
            'special = ["smoke 3"]',
            'special = ["smoke 3", "reach 2"]',
            r"Smoke: no rule of a grenade landing .* applies a Reach effect",
        ),
    ],
)
def test_a_data_row_with_an_effect_no_rule_applies_is_refused_when_the_data_loads(
    variant_with: tuple[Path, type[SacredWire]],
    filename: str,
    old: str,
    new: str,
    message: str,
) -> None:
    folder, variant = variant_with
    edit_data(folder / filename, old, new)
    with pytest.raises(UnhandledEffectError, match=message) as caught:
        find_ruleset(variant.id)
    assert "\n" not in str(caught.value)


def test_c4_2_wellness_heals_the_dice_its_data_says(
    variant_with: tuple[Path, type[SacredWire]],
) -> None:
    folder, variant = variant_with
    edit_data(folder / "blessings.toml", 'special = ["heal d4"]', 'special = ["heal d6"]')
    placed = {"A1": (1.0, 1.0), "B1": (23.0, 23.0), "A2": {"pos": (6.0, 3.0), "health": 5}}
    wellness = (("Wellness",), ())
    game = scenario(placed, script("heal", 6), act="A2", blessings=wellness, ruleset_id=variant.id)
    game.apply("bless A2 wellness")  # a 6: only a d6 shows it, the printed d4 cannot
    assert game.model("A2").health == 11


def test_an_effect_nothing_handles_fails_loudly_in_play() -> None:
    game = scenario({"B5": (10.0, 10.0)})
    at = RowContext(game, game.model("B5"), "R6.1", "Bleed", None, "", "")
    with pytest.raises(UnhandledEffectError, match=r"applies a Reach effect"):
        ROWS.apply(Reach(2), at)


def test_a_place_handles_each_effect_type_once() -> None:
    place: EffectTable[object, None, object] = EffectTable("a test place")
    place.elsewhere("another rule", Reach)
    with pytest.raises(RulesDataError, match=r"a test place: Reach is handled twice"):
        place.on(Reach)(lambda effect, at: [])


def test_k3_injury_and_promotion_effects_each_have_their_rule() -> None:
    for kind in (TierEffect, StatEffect, PowerEffect, ChoiceEffect, MissGame, Terminated):
        assert ROW_EFFECTS.knows(kind)
    for kind in (TierEffect, StatEffect, PowerEffect, ChoiceEffect):
        assert GAINS.knows(kind)


def test_k3_4_a_choice_offering_what_is_never_gained_is_refused(tmp_path: Path) -> None:
    folder = data_copy(tmp_path)
    edit_data(folder / "campaign.toml", CLEARANCE, CLEARANCE + '    { kind = "miss-game" },\n')
    problems = row_problems(load_campaign_tables(folder))
    assert problems == [
        "K3.4 Clearance, a choice: no rule of a change gained from an Injury or Promotion row "
        "(K3.3, K3.4; campaign/rows.py) applies a MissGame effect"
    ]


def test_conditions_reads_every_critical_and_fumble_row() -> None:
    assert ROWS.reads is not None
    rows = list(ROWS.reads(CATALOG))
    assert len(rows) == sum(len(t.rows) for t in (*CATALOG.critical_tables, *CATALOG.fumble_tables))
    assert conditions.ROWS is ROWS
