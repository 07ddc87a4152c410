"""The Sacred Wire 28 rules data against the rules text (notes section 2 for the counts)."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import fields
from importlib.resources import as_file, files
from pathlib import Path
from typing import Protocol

import pytest
from tests.rulesets.sacred_wire.helpers import CATALOG

from skirmish.errors import RulesDataError, SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.base import ruleset_catalog
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    ArmorClass,
    Catalog,
    CriticalTable,
    FumbleKind,
    FumbleTable,
    ItemTarget,
    ItemTiming,
    MeleeWeapon,
    PowerKind,
    RangedWeapon,
    UnknownEntryError,
    WeaponAccess,
    WeaponType,
    load_catalog,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    ArmorPiercing,
    ChainHit,
    ChosenAttributeBonus,
    DamageDice,
    DamageOverTime,
    Dissolved,
    Duration,
    Effect,
    ExtraDamage,
    Flee,
    Heal,
    Hijacked,
    IgnoreArmorMovePenalty,
    Knockback,
    MoveModifier,
    NegateCritical,
    OutOfAction,
    Overcharge,
    PermanentTierLoss,
    RangeTierModifier,
    Reach,
    Reroll,
    Roll,
    SelfDamage,
    Status,
    TierBonus,
    TimedTierBonus,
    When,
    effect_classes,
    effects_of,
    parse_dice,
)
from skirmish.rulesets.sacred_wire.rules_data.reading import RollRange


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return CATALOG


def _d(text: str) -> DamageDice:
    return parse_dice(text)


# --- counts (notes section 2) -----------------------------------------------------------------


def test_table_sizes(catalog: Catalog) -> None:
    assert len(catalog.improvised_weapons) == 2
    assert len(catalog.melee_weapons) == 20
    assert len(catalog.ranged_weapons) == 20
    assert len(catalog.grenades) == 6
    assert len(catalog.armor_pieces) == 20
    assert Counter(a.armor_class for a in catalog.armor_pieces) == {
        ArmorClass.LIGHT: 8,
        ArmorClass.MEDIUM: 6,
        ArmorClass.HEAVY: 6,
    }
    assert len(catalog.consumables) == 8
    assert len(catalog.gear_items) == 8
    assert len(catalog.cybernetics) == 6
    assert len(catalog.powers) == 8
    assert len(catalog.contracts) == 8
    assert len(catalog.arrays) == 2
    assert len(catalog.blessings) == 8
    assert len(catalog.samples) == 8


def test_one_critical_table_of_six_rows_per_weapon_type(catalog: Catalog) -> None:
    assert [t.weapon_type for t in catalog.critical_tables] == list(WeaponType)
    assert [t.rule for t in catalog.critical_tables] == [f"R6.{n}" for n in range(1, 9)]
    expected = [RollRange(n, n) for n in range(1, 6)] + [RollRange(6, None)]
    for table in catalog.critical_tables:
        assert [row.roll for row in table.rows] == expected
    assert sum(len(t.rows) for t in catalog.critical_tables) == 48


def test_three_fumble_tables_of_six_rows(catalog: Catalog) -> None:
    assert [t.kind for t in catalog.fumble_tables] == list(FumbleKind)
    assert [t.rule for t in catalog.fumble_tables] == ["R7.1", "R7.2", "R7.3"]
    expected = [RollRange(n, n) for n in range(1, 6)] + [RollRange(6, None)]
    for table in catalog.fumble_tables:
        assert [row.roll for row in table.rows] == expected


def test_powers_are_four_offensive_and_four_support(catalog: Catalog) -> None:
    assert Counter(p.kind for p in catalog.powers) == {PowerKind.OFFENSIVE: 4, PowerKind.SUPPORT: 4}
    assert [p.name for p in catalog.powers if not p.spreads] == ["Focus", "Swap"]


@pytest.mark.parametrize(
    ("table", "size"),
    [
        ("melee_weapons", 20),
        ("ranged_weapons", 20),
        ("grenades", 6),
        ("consumables", 8),
        ("gear_items", 8),
        ("cybernetics", 6),
        ("powers", 8),
        ("blessings", 8),
    ],
)
def test_roll_indices_cover_the_die(catalog: Catalog, table: str, size: int) -> None:
    assert [entry.roll for entry in getattr(catalog, table)] == list(range(1, size + 1))


# --- the tables, line by line ------------------------------------------------------------------


# Damage by d20 row is the same in both weapon tables (R3.2, R3.3).
D20_DAMAGE = ["2", "d4", "d4", "d4", *["d6"] * 4, *["d8"] * 4, *["d10"] * 4, *["d12"] * 4]


def test_melee_columns(catalog: Catalog) -> None:
    melee = catalog.melee_weapons
    assert [w.name for w in melee][::5] == ["Knuckles", "Mace", "Hammer", "Gauntlet"]
    assert [w.cost for w in melee] == [2, 3, 4, 5, 9, 9, 10, 11, 13, 13,
                                       15, 15, 17, 19, 19, 21, 22, 25, 27, 27]  # fmt: skip
    assert [str(w.damage) for w in melee] == D20_DAMAGE
    assert " ".join(w.weapon_type for w in melee) == (
        "blunt bladed toxic energy toxic blunt bladed static bladed energy "
        "blunt static toxic static bladed blunt toxic static bladed energy"
    )


def test_ranged_columns(catalog: Catalog) -> None:
    ranged = catalog.ranged_weapons
    assert [w.name for w in ranged][::5] == ["Stapler", "Frag Pistol", "Sonic Gun", "Arc Cannon"]
    assert [w.cost for w in ranged] == [1, 2, 4, 5, 9, 9, 9, 11, 13, 15,
                                        15, 15, 19, 19, 19, 21, 25, 25, 25, 27]  # fmt: skip
    assert [str(w.damage) for w in ranged] == D20_DAMAGE
    assert [w.range for w in ranged] == [6] + [36] * 19
    assert " ".join(w.weapon_type for w in ranged) == (
        "projectile projectile toxic static toxic explosive energy broadcast projectile energy "
        "broadcast static toxic explosive projectile static energy energy broadcast explosive"
    )


def test_sword(catalog: Catalog) -> None:
    sword = catalog.weapon("Sword")
    assert isinstance(sword, MeleeWeapon)
    assert (sword.roll, sword.weapon_type, sword.damage, sword.cost) == (
        7,
        WeaponType.BLADED,
        _d("d6"),
        10,
    )
    assert sword.effects == (Reroll(1, Roll.DAMAGE), TierBonus(1, Roll.COMBAT, When.RIPOSTING))


def test_knuckles_and_knife_rows_are_unshifted(catalog: Catalog) -> None:
    # notes A75: the rules text prints their costs in the Special column.
    knuckles, knife = catalog.melee_weapons[:2]
    assert (knuckles.name, knuckles.damage, knuckles.cost, knuckles.effects) == (
        "Knuckles",
        _d("2"),
        2,
        (),
    )
    assert (knife.name, knife.weapon_type, knife.cost, knife.effects) == (
        "Knife",
        WeaponType.BLADED,
        3,
        (),
    )


def test_improvised_weapons(catalog: Catalog) -> None:
    unarmed, improvised = catalog.improvised_weapons
    assert unarmed.damage == _d("1") and improvised.damage == _d("d4")
    for weapon in (unarmed, improvised):
        assert weapon.improvised and weapon.cost is None and weapon.roll is None
        assert TierBonus(-2, Roll.COMBAT) in weapon.effects


@pytest.mark.parametrize(
    ("name", "effect"),
    [
        ("Mace", Knockback(1)),
        ("Cable Whip", Reach(2)),
        ("Corrosive Blade", ArmorPiercing(1)),
        ("Chain Blade", ArmorPiercing(2)),
        ("Saber", Reroll(2, Roll.DAMAGE)),
        ("Static Blade", TierBonus(1, Roll.COMBAT, When.VS_WOUNDED)),
        ("Prod", TimedTierBonus(-1, Roll.ALL, Duration.NEXT_ACTIVATION)),
        ("Pistol", RangeTierModifier(-1, beyond=6)),
        ("Laser", TierBonus(1, Roll.COMBAT, When.NOT_MOVED)),
        ("Tesla Gun", ChainHit(1, within=2)),
        ("Arc Cannon", ChainHit(2, within=2)),
        ("Rifle", Overcharge(1)),
        ("Missile Pod", ArmorPiercing(2)),
    ],
)
def test_weapon_specials(catalog: Catalog, name: str, effect: Effect) -> None:
    assert effect in catalog.weapon(name).effects


def test_grenades(catalog: Catalog) -> None:
    rows = [(g.name, str(g.damage), g.weapon_type, g.cost) for g in catalog.grenades]
    assert rows == [
        ("Smoke", "1", None, 8),
        ("Flash", "1", None, 10),
        ("Gas", "d6", WeaponType.TOXIC, 10),
        ("EMP", "d6", WeaponType.STATIC, 12),
        ("Frag", "d8", WeaponType.EXPLOSIVE, 14),
        ("Incendiary", "d6", WeaponType.ENERGY, 14),
    ]
    assert all((g.range, g.blast) == (6, 3) for g in catalog.grenades)


def test_armor(catalog: Catalog) -> None:
    costs = {c: [a.cost for a in catalog.armor_pieces if a.armor_class is c] for c in ArmorClass}
    assert costs == {
        ArmorClass.LIGHT: [2, 4, 6, 7, 7, 8, 10, 11],
        ArmorClass.MEDIUM: [8, 11, 12, 14, 14, 15],
        ArmorClass.HEAVY: [12, 16, 15, 16, 18, 20],
    }
    assert [c.reduction for c in catalog.armor_classes] == [1, 2, 3]
    assert catalog.armor_class("heavy").effects == (MoveModifier(-1),)
    assert catalog.armor("Bunker Suit").effects == (MoveModifier(-1), Reroll(2, Roll.DEFENSE))
    assert catalog.armor("Fortress Plating").effects == (Reroll(3, Roll.DEFENSE),)
    assert catalog.armor("scout suit").effects == (Reroll(1, Roll.DEFENSE), MoveModifier(1))


def test_consumables_gear_cybernetics(catalog: Catalog) -> None:
    assert [c.cost for c in catalog.consumables] == [4, 6, 6, 6, 6, 8, 10, 14]
    assert [g.cost for g in catalog.gear_items] == [6, 8, 8, 10, 10, 10, 12, 12]
    assert [c.cost for c in catalog.cybernetics] == [5, 8, 10, 10, 10, 12]
    trauma = catalog.consumable("Trauma Kit")
    assert (trauma.timing, trauma.target, trauma.effects) == (
        ItemTiming.REACTION,
        ItemTarget.ADJACENT,
        (NegateCritical(),),
    )
    assert [c.name for c in catalog.consumables if c.timing is ItemTiming.REACTION] == [
        "Trauma Kit"
    ]
    assert catalog.consumable("Medkit").effects == (Heal(_d("d6")),)
    assert catalog.gear("Mask").effects == (TierBonus(1, Roll.DEFENSE, When.VS_TOXIC),)


def test_critical_rows(catalog: Catalog) -> None:
    bladed = catalog.critical_table("Bladed")
    assert [row.name for row in bladed.rows] == [
        "Gash", "Bleed", "Hamstrung", "Disarmed", "Maimed", "Severed",
    ]  # fmt: skip
    assert bladed.row(1).effects == (ExtraDamage(_d("d4")),)
    assert bladed.row(2).effects == (DamageOverTime(Status.BLEED, 2),)
    assert catalog.critical_table(WeaponType.STATIC).row(1).effects == (ExtraDamage(_d("d6")),)
    assert catalog.critical_table("static").row(5).effects == (Hijacked(),)
    assert catalog.critical_table("broadcast").row(5).effects == (Flee(),)
    assert catalog.critical_table("projectile").row(5).effects == (PermanentTierLoss(Roll.ALL),)
    assert catalog.critical_table("toxic").row(6).effects == (Dissolved(-2),)


def test_critical_totals_outside_one_to_six(catalog: Catalog) -> None:
    energy = catalog.critical_table("energy")
    assert energy.row(9).name == "Overloaded"
    assert energy.row(9).effects == (OutOfAction(-2),)
    assert energy.row(0).name == "Scorched"  # notes A37: never below 1


def test_fumble_rows(catalog: Catalog) -> None:
    melee = catalog.fumble_table("melee")
    assert [row.name for row in melee.rows] == [
        "Stumbled", "Off Balance", "Self-Wound", "Wild Swing", "Dropped", "Shattered",
    ]  # fmt: skip
    broadcast = catalog.fumble_table(FumbleKind.BROADCAST)
    assert broadcast.row(3).effects == (SelfDamage(_d("d4")),)
    assert broadcast.row(7).name == "Broadcast Storm"
    assert SelfDamage(maximum=True) in catalog.fumble_table("ranged").row(6).effects


def test_contracts(catalog: Catalog) -> None:
    rows = [
        (c.name, c.health, c.move, c.weapons.value, c.max_armor.value, c.max_per_squad)
        for c in catalog.contracts
    ]
    assert rows == [
        ("Boss", 16, 4, "both", "heavy", 1),
        ("Brute", 14, 3, "melee", "heavy", 2),
        ("Veteran", 13, 4, "both", "medium", 2),
        ("Gunner", 14, 4, "ranged", "medium", 2),
        ("Scout", 12, 5, "both", "light", 2),
        ("Zealot", 12, 5, "melee", "light", 2),
        ("Agent", 14, 4, "both", "light", 2),
        ("Broadcaster", 14, 4, "melee", "light", 1),
    ]
    assert [c.name for c in catalog.contracts if c.unique] == ["Boss"]
    assert catalog.contract("boss").effects == (ChosenAttributeBonus(1),)


def test_arrays_and_squad(catalog: Catalog) -> None:
    assert [(a.name, a.dice) for a in catalog.arrays] == [
        ("Technician", (4, 6, 8)),
        ("Operative", (6, 6, 6)),
    ]
    assert (catalog.squad.models, catalog.squad.budget) == (5, 60)


def test_blessings(catalog: Catalog) -> None:
    assert [b.name for b in catalog.blessings] == [
        "Denied", "Reroll", "Boost", "Overtime", "Severance", "Synergy", "Wellness", "Surplus",
    ]  # fmt: skip
    assert catalog.blessing("Wellness").effects == (Heal(_d("d4")),)


def test_cost_ranges_match_the_notes(catalog: Catalog) -> None:
    def span(costs: list[int]) -> tuple[int, int]:
        return min(costs), max(costs)

    armor = {c: [a.cost for a in catalog.armor_pieces if a.armor_class is c] for c in ArmorClass}
    assert span([w.cost or 0 for w in catalog.melee_weapons]) == (2, 27)
    assert span([w.cost for w in catalog.ranged_weapons]) == (1, 27)
    assert span([g.cost for g in catalog.grenades]) == (8, 14)
    assert [span(armor[c]) for c in ArmorClass] == [(2, 11), (8, 15), (12, 20)]
    assert span([c.cost for c in catalog.consumables]) == (4, 14)


# --- sample models: consistency with contracts, arrays and kit ----------------------------------


def test_sample_kits_cost_twelve_and_fill_the_budget(catalog: Catalog) -> None:
    for sample in catalog.samples:
        assert sum(catalog.item(name).cost or 0 for name in sample.kit) == sample.cost == 12
    assert 12 * catalog.squad.models == catalog.squad.budget


def test_sample_health_and_move_follow_contract_and_armour(catalog: Catalog) -> None:
    for sample in catalog.samples:
        contract = catalog.contract(sample.contract)
        moves = [
            m.inches for name in sample.kit for m in effects_of(_kit(catalog, name), MoveModifier)
        ]
        if effects_of(contract.effects, IgnoreArmorMovePenalty):
            moves = [m for m in moves if m > 0]  # notes A22: R8.2 Brute keeps 3" with Mesh Wrap
        assert sample.health == contract.health, sample.name
        assert sample.move == contract.move + sum(moves), sample.name


def test_sample_dice_come_from_an_array(catalog: Catalog) -> None:
    arrays = [sorted(a.dice) for a in catalog.arrays]
    for sample in catalog.samples:
        dice = [sample.combat, sample.defense, sample.wits]
        if sample.contract == "Boss":  # one attribute one tier up (C2.1 example, R8.1)
            candidates = [[*dice[:i], dice[i] - 2, *dice[i + 1 :]] for i in range(3)]
            assert any(sorted(c) in arrays for c in candidates)
        else:
            assert sorted(dice) in arrays, sample.name


def test_sample_kits_respect_contract_access(catalog: Catalog) -> None:
    for sample in catalog.samples:
        contract = catalog.contract(sample.contract)
        for name in sample.kit:
            item = catalog.item(name)
            if isinstance(item, RangedWeapon):
                assert contract.weapons is not WeaponAccess.MELEE, (sample.name, name)
            if isinstance(item, MeleeWeapon):
                assert contract.weapons is not WeaponAccess.RANGED, (sample.name, name)
            if name in (a.name for a in catalog.armor_pieces):
                assert catalog.armor(name).armor_class.rank <= contract.max_armor.rank


def _kit(catalog: Catalog, name: str) -> tuple[Effect, ...]:
    return catalog.item(name).effects


# --- effects -----------------------------------------------------------------------------------


class _HasEffects(Protocol):
    @property
    def effects(self) -> tuple[Effect, ...]: ...


def _every_effect(catalog: Catalog) -> list[Effect]:
    records: list[_HasEffects] = [
        *catalog.improvised_weapons,
        *catalog.melee_weapons,
        *catalog.ranged_weapons,
        *catalog.grenades,
        *catalog.armor_classes,
        *catalog.armor_pieces,
        *catalog.consumables,
        *catalog.gear_items,
        *catalog.cybernetics,
        *catalog.powers,
        *catalog.contracts,
        *catalog.blessings,
        *(row for table in catalog.critical_tables for row in table.rows),
        *(row for table in catalog.fumble_tables for row in table.rows),
    ]
    return [effect for record in records for effect in record.effects]


def test_every_special_is_a_known_effect(catalog: Catalog) -> None:
    known = set(effect_classes())
    effects = _every_effect(catalog)
    assert len(effects) > 150
    assert all(type(effect) in known for effect in effects)


def test_every_critical_and_fumble_row_does_something(catalog: Catalog) -> None:
    tables: list[CriticalTable | FumbleTable] = [*catalog.critical_tables, *catalog.fumble_tables]
    assert all(row.effects for table in tables for row in table.rows)


# --- lookups -----------------------------------------------------------------------------------


def test_lookups_ignore_case_and_spacing(catalog: Catalog) -> None:
    assert catalog.weapon("sWORD") is catalog.weapon("Sword")
    assert catalog.weapon("  cable   whip ").name == "Cable Whip"
    assert catalog.item("trauma kit").name == "Trauma Kit"
    assert catalog.melee_weapon("Unarmed").improvised


def test_unknown_name_lists_close_matches(catalog: Catalog) -> None:
    with pytest.raises(UnknownEntryError, match=r"unknown weapon 'Swrod'; close matches: Sword"):
        catalog.weapon("Swrod")
    with pytest.raises(SkirmishError, match="unknown power 'Telekinesis'"):
        catalog.power("Telekinesis")


def test_wrong_kind_of_weapon(catalog: Catalog) -> None:
    with pytest.raises(UnknownEntryError, match="ranged weapon, not a melee"):
        catalog.melee_weapon("Pistol")
    with pytest.raises(UnknownEntryError, match="melee weapon, not a ranged"):
        catalog.ranged_weapon("Sword")
    with pytest.raises(UnknownEntryError, match="unknown weapon type 'laser'"):
        catalog.critical_table("laser")


def test_item_names_are_unique_across_tables(catalog: Catalog) -> None:
    names = [
        record.name.casefold()
        for table in (
            catalog.melee_weapons,
            catalog.ranged_weapons,
            catalog.grenades,
            catalog.armor_pieces,
            catalog.consumables,
            catalog.gear_items,
            catalog.cybernetics,
        )
        for record in table
    ]
    assert len(names) == len(set(names)) == 88


def test_each_ruleset_instance_owns_its_catalog_loaded_once() -> None:
    ruleset = find_ruleset("sacred-wire")
    assert ruleset_catalog(ruleset) is ruleset_catalog(find_ruleset("sacred-wire"))
    post_game = ruleset_catalog(find_ruleset("sacred-wire-post-game"))
    assert post_game is not CATALOG and _tables(post_game) == _tables(CATALOG)


def _tables(catalog: Catalog) -> list[object]:
    """A catalogue's tables: catalogues compare by identity, their tables by value."""
    return [getattr(catalog, f.name) for f in fields(catalog) if f.init]


# --- load errors -------------------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    with as_file(files("skirmish.rulesets.sacred_wire") / "data") as source:
        shutil.copytree(source, tmp_path / "data")
    return tmp_path / "data"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_copy_of_the_data_loads(data_copy: Path) -> None:
    assert _tables(load_catalog(data_copy)) == _tables(CATALOG)


def test_unknown_effect_keyword_names_file_table_entry_and_phrase(data_copy: Path) -> None:
    _edit(data_copy / "weapons.toml", 'special = ["knockback 1"]', 'special = ["knockbak 1"]')
    with pytest.raises(RulesDataError) as caught:
        load_catalog(data_copy)
    message = str(caught.value)
    assert "weapons.toml: melee.entries[5].special ('Mace')" in message
    assert "unknown effect keyword 'knockbak' in 'knockbak 1'" in message
    assert "\n" not in message


def test_malformed_toml(data_copy: Path) -> None:
    _edit(data_copy / "armor.toml", "[medium]", "[medium")
    with pytest.raises(RulesDataError, match=r"armor\.toml is not valid TOML"):
        load_catalog(data_copy)


@pytest.mark.parametrize(
    ("filename", "old", "new", "message"),
    [
        ("weapons.toml", "cost = 10", 'cost = "10"', r"melee\.entries\[6\]\.cost \('Sword'\)"),
        ("weapons.toml", 'damage = "d8"', 'damage = "d9"', r"bad dice expression 'd9'"),
        ("weapons.toml", "roll = 7", "roll = 8", r"melee: rolls must run 1\.\.20"),
        ("criticals.toml", 'roll = "6+"', "roll = 6", r"bladed: the last row must cover"),
        ("equipment.toml", 'target = "self"', 'target = "me"', r"target \('Adrenaline'\)"),
        ("personnel.toml", "unique = true", "unique = true\nbonus = 1", r"Extra inputs"),
        ("samples.toml", '"Laser"', '"Lazer"', r"\('Gunner'\): unknown item 'Lazer'"),
        ("blessings.toml", 'name = "Boost"', 'name = "Reroll"', r"two entries are named"),
        ("armor.toml", "reroll 3 roll=defense", "reroll 3 roll=defence", r"Fortress Plating"),
    ],
)
def test_bad_data_is_one_clear_line(
    data_copy: Path, filename: str, old: str, new: str, message: str
) -> None:
    _edit(data_copy / filename, old, new)
    with pytest.raises(RulesDataError, match=message) as caught:
        load_catalog(data_copy)
    assert filename in str(caught.value)
    assert "\n" not in str(caught.value)


def test_missing_file(data_copy: Path) -> None:
    (data_copy / "powers.toml").unlink()
    with pytest.raises(
        RulesDataError, match=r"cannot read rules data: no such file: .*powers\.toml"
    ):
        load_catalog(data_copy)
