"""Squad files and the squad-building rules (C2, C2.1-C2.4, R3.5) of Sacred Wire 28."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.rulesets.sacred_wire.helpers import CATALOG

from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    ArmorClass,
    AttributeArray,
    Catalog,
    Contract,
    WeaponAccess,
)
from skirmish.rulesets.sacred_wire.squads.squad import (
    Attribute,
    Squad,
    SquadError,
    SquadOptions,
    Tiers,
    file_label,
    load_sample_squad,
    load_squad,
    parse_squad,
    sample_squad_names,
    sample_squad_path,
    squad_report,
    squad_to_data,
)

DATA = Path(__file__).parent / "data"

# --------------------------------------------------------------------------------------------
# Helpers: squads as plain data, checked through the JSON front door
# --------------------------------------------------------------------------------------------


def model(name: str, contract: str, **fields: Any) -> dict[str, Any]:
    """An Operative model with no kit; a Boss gets its bonus, a Broadcaster its Power."""
    data: dict[str, Any] = {
        "name": name,
        "contract": contract,
        "array": "Operative",
        "combat": "2d6",
        "defense": "2d6",
        "wits": "2d6",
    }
    if contract == "Boss":
        data["boss_bonus"] = "combat"
    if contract == "Broadcaster":
        data["power"] = "Focus"
    data.update(fields)
    return data


def squad(*models: dict[str, Any], name: str = "Test") -> dict[str, Any]:
    return {"name": name, "models": list(models)}


def basic() -> dict[str, Any]:
    """Boss, Brute, Gunner, Scout and Broadcaster with no kit: valid, 0 subs."""
    return squad(
        model("Ada", "Boss"),
        model("Bo", "Brute"),
        model("Cy", "Gunner"),
        model("Di", "Scout"),
        model("Ed", "Broadcaster"),
    )


def with_model(index: int, **fields: Any) -> dict[str, Any]:
    """:func:`basic` with fields of one model replaced (``None`` deletes a field)."""
    data = basic()
    for key, value in fields.items():
        if value is None:
            data["models"][index].pop(key, None)
        else:
            data["models"][index][key] = value
    return data


RESOURCES = [c for c in CATALOG.contracts if not c.unique]


def crew(contract: str, count: int) -> dict[str, Any]:
    """A Boss, ``count`` models of ``contract`` and other contracts to make five."""
    fillers = [c.name for c in RESOURCES if c.name != contract]
    models = [model("Boss", "Boss")]
    models += [model(f"{contract} {i}", contract) for i in range(count)]
    models += [model(f"Filler {i}", name) for i, name in enumerate(fillers[: 4 - count])]
    return squad(*models)


def one_of(contract: str, **fields: Any) -> tuple[dict[str, Any], int]:
    """A valid squad with one model of ``contract`` (given ``fields``) and that model's index."""
    data, index = (basic(), 0) if contract == "Boss" else (crew(contract, 1), 1)
    data["models"][index].update(fields)
    return data, index


def load(data: Any, **kwargs: Any) -> Squad:
    return parse_squad(json.dumps(data), "json", **{"catalog": CATALOG, **kwargs})


def error(data: Any, **kwargs: Any) -> str:
    """The one-line SquadError message for a squad given as data."""
    with pytest.raises(SquadError) as caught:
        parse_squad(json.dumps(data), "json", **{"catalog": CATALOG, **kwargs})
    message = str(caught.value)
    assert "\n" not in message
    return message


def sample_data(name: str) -> dict[str, Any]:
    return tomllib.loads(sample_squad_path(name).read_text(encoding="utf-8"))


# --------------------------------------------------------------------------------------------
# Sample squads and the R8 sample models
# --------------------------------------------------------------------------------------------


def test_at_least_two_sample_squads_ship() -> None:
    names = sample_squad_names()
    assert {"wrecking-crew", "firing-line"} <= set(names)
    assert len(names) >= 2


@pytest.mark.parametrize("name", sample_squad_names())
def test_every_sample_squad_validates(name: str) -> None:
    loaded = load_sample_squad(name, catalog=CATALOG)
    assert len(loaded.models) == 5
    assert loaded.boss.contract.name == "Boss"
    assert loaded.cost <= 60
    assert sample_squad_path(name).is_file()


def test_sample_squads_differ_in_style() -> None:
    # The melee-heavy and the ranged squad are the defaults of two-squad games.
    melee = load_sample_squad("wrecking-crew", catalog=CATALOG)
    ranged = load_sample_squad("firing-line", catalog=CATALOG)
    gunners = [m for m in ranged.models if m.contract.weapons is WeaponAccess.RANGED]
    melee_only = [m for m in melee.models if m.contract.weapons is WeaponAccess.MELEE]
    assert len(gunners) == 2
    assert len(melee_only) == 3


@pytest.mark.parametrize("name", ["wrecking-crew", "firing-line"])
def test_sample_squads_rebuild_the_printed_r8_profiles(name: str) -> None:
    # R8: each sample model prints its final Health, Move, dice and kit and costs 12 subs.
    for built in load_sample_squad(name, catalog=CATALOG).models:
        printed = CATALOG.sample(built.contract.name)
        assert (built.health, built.move, built.cost) == (
            printed.health,
            printed.move,
            printed.cost,
        )
        assert built.tiers == Tiers(printed.combat, printed.defense, printed.wits)
        assert tuple(item.name for item in built.items) == printed.kit


def test_the_two_r8_squads_cover_all_eight_samples() -> None:
    contracts = {
        m.contract.name
        for n in ("wrecking-crew", "firing-line")
        for m in load_sample_squad(n, catalog=CATALOG).models
    }
    assert contracts == {sample.contract for sample in CATALOG.samples}


def test_unknown_sample_squad_has_a_hint() -> None:
    with pytest.raises(SquadError, match="did you mean 'firing-line'"):
        sample_squad_path("firing-lines")


@pytest.mark.parametrize("name", sample_squad_names())
def test_squad_to_data_round_trips(name: str) -> None:
    loaded = load_sample_squad(name, catalog=CATALOG)
    assert load(squad_to_data(loaded)) == loaded


# --------------------------------------------------------------------------------------------
# The file format
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sample_squad_names())
def test_sample_squads_load_equal_from_json(name: str) -> None:
    assert load(sample_data(name)) == load_sample_squad(name, catalog=CATALOG)


def test_toml_and_json_of_the_same_squad_load_equal() -> None:
    from_toml = load_squad(DATA / "squad-valid.toml", catalog=CATALOG)
    from_json = load_squad(DATA / "squad-valid.json", catalog=CATALOG)
    assert from_toml == from_json
    assert from_toml.name == "Test Crew"
    assert from_toml.description == "Every kind of kit once"


def test_parse_squad_reads_both_formats() -> None:
    text = (DATA / "squad-valid.toml").read_text(encoding="utf-8")
    assert parse_squad(text, "toml", catalog=CATALOG) == parse_squad(text, ".TOML", catalog=CATALOG)
    assert (
        parse_squad((DATA / "squad-valid.json").read_text(), "json", catalog=CATALOG).name
        == "Test Crew"
    )


def test_names_resolve_to_catalogue_records_with_their_own_spelling() -> None:
    loaded = load_squad(DATA / "squad-valid.json", catalog=CATALOG)
    boss = loaded.boss
    assert boss.contract is CATALOG.contract("Boss")
    assert boss.array is CATALOG.array("Technician")
    assert [w.name for w in boss.weapons] == ["Pistol"]
    assert boss.armor is CATALOG.armor("Heavy Cuirass")
    assert boss.boss_bonus is Attribute.DEFENSE


def test_computed_profile_of_the_fixture() -> None:
    models = {m.name: m for m in load_squad(DATA / "squad-valid.toml", catalog=CATALOG).models}
    boss = models["Hollis"]
    assert boss.assigned == Tiers(4, 8, 6)
    assert boss.tiers == Tiers(4, 10, 6)  # +1 DT on Defense (C2.1)
    assert (boss.health, boss.move, boss.cost) == (16, 3, 14)  # Heavy: -1" (R3.8)
    brute = models["Brakk"]
    assert (brute.health, brute.move, brute.cost) == (14, 3, 4)  # Brute ignores Mesh Wrap
    assert [g.name for g in models["Quill"].grenades] == ["Smoke"]
    agent = models["Vesper"]
    assert [c.name for c in agent.consumables] == ["Adrenaline"]
    assert [g.name for g in agent.gear] == ["Mask"]
    echo = models["Echo"]
    assert echo.power is not None and echo.power.name == "Ping"
    assert echo.cost == 9  # the Power is free (C2.3)


@pytest.mark.parametrize(
    ("contract", "armor", "move"),
    [
        ("Boss", "Heavy Cuirass", 3),  # Heavy class -1" (R3.8)
        ("Boss", "Bunker Suit", 2),  # and the Bunker Suit's further -1"
        ("Brute", "Bunker Suit", 3),  # the Brute ignores both (C2.4, notes A22)
        ("Scout", "Light Vest", 6),  # R8.5
        ("Scout", "Runner's Harness", 7),
        ("Veteran", "Assault Rig", 6),
        ("Veteran", "Standard Cuirass", 4),
        ("Zealot", "Mesh Wrap", 4),
    ],
)
def test_move_includes_armour(contract: str, armor: str, move: int) -> None:
    data, index = one_of(contract, armor=armor)
    assert load(data).models[index].move == move


def test_report_lists_every_model_and_the_total() -> None:
    text = squad_report(load_sample_squad("wrecking-crew", catalog=CATALOG))
    for name in ("Mara Voss", "Tobias Valdez", "Sunita Roche", "Pike", "Dmitri Osei"):
        assert name in text
    assert 'Combat 2d8, Defense 2d6, Wits 2d6; Health 16, Move 4"' in text
    assert "Sword, 10 subs (melee d6+1 bladed)" in text  # the Brute's +1 (R8.2)
    assert "Power: Signal Jam (offensive, free)" in text
    assert text.splitlines()[-1] == "Total: 60 of 60 subs (0 unspent)"


def test_report_shows_every_kind_of_kit() -> None:
    text = squad_report(load_squad(DATA / "squad-valid.toml", catalog=CATALOG))
    for line in (
        "Armour: Heavy Cuirass, 12 subs (Heavy, reduction 3)",
        "Grenades: Smoke, 8 subs",
        "Consumables: Adrenaline, 4 subs",
        "Gear: Mask, 6 subs",
        "Total: 49 of 60 subs (11 unspent)",
    ):
        assert line in text


# --------------------------------------------------------------------------------------------
# C2: five models, one Boss
# --------------------------------------------------------------------------------------------


def test_five_models_with_one_boss_is_valid() -> None:
    loaded = load(basic())
    assert len(loaded.models) == 5
    assert loaded.boss.name == "Ada"
    assert sum(not m.is_boss for m in loaded.models) == 4


@pytest.mark.parametrize("count", [0, 1, 4, 6])
def test_squad_size_is_exactly_five(count: int) -> None:
    models = [model("Ada", "Boss")] + [model(f"M{i}", "Agent") for i in range(count - 1)]
    data = squad(*models[:count])
    assert f"{count} model" in error(data)
    assert "(exactly 5, C2)" in error(data)


def test_no_boss() -> None:
    data = with_model(0, contract="Veteran", boss_bonus=None)
    assert "no Boss (exactly 1, C2)" in error(data)


def test_two_bosses() -> None:
    data = with_model(1, contract="Boss", boss_bonus="wits")
    assert "2 Bosses (exactly 1, C2)" in error(data)


# --------------------------------------------------------------------------------------------
# C2.4: contract maxima
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("contract", RESOURCES, ids=lambda c: c.name)
def test_contract_maximum_is_allowed(contract: Contract) -> None:
    loaded = load(crew(contract.name, contract.max_per_squad))
    assert sum(m.contract is contract for m in loaded.models) == contract.max_per_squad


@pytest.mark.parametrize("contract", RESOURCES, ids=lambda c: c.name)
def test_contract_maximum_exceeded(contract: Contract) -> None:
    count = contract.max_per_squad + 1
    message = error(crew(contract.name, count))
    assert f"{count} {contract.name}s (at most {contract.max_per_squad}, C2.4)" in message


def test_contract_maxima_match_c2_4() -> None:
    maxima = {c.name: c.max_per_squad for c in RESOURCES}
    assert maxima == {
        "Brute": 2,
        "Veteran": 2,
        "Gunner": 2,
        "Scout": 2,
        "Zealot": 2,
        "Agent": 2,
        "Broadcaster": 1,
    }


# --------------------------------------------------------------------------------------------
# C2.1: arrays and the Boss bonus
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dice", sorted(set(itertools.permutations(["2d4", "2d6", "2d8"]))))
def test_technician_array_in_any_order(dice: tuple[str, str, str]) -> None:
    fields = dict(zip(("combat", "defense", "wits"), dice, strict=True))
    loaded = load(with_model(2, array="Technician", **fields))
    assert loaded.models[2].tiers == Tiers(*(int(d[2:]) for d in dice))


@pytest.mark.parametrize(
    ("array", "dice"),
    [
        ("Technician", ("2d6", "2d6", "2d6")),
        ("Technician", ("2d8", "2d8", "2d4")),
        ("Technician", ("2d10", "2d6", "2d4")),
        ("Operative", ("2d8", "2d6", "2d4")),
        ("Operative", ("2d6", "2d6", "2d8")),
    ],
)
def test_array_used_exactly_as_printed(array: str, dice: tuple[str, str, str]) -> None:
    fields = dict(zip(("combat", "defense", "wits"), dice, strict=True))
    message = error(with_model(2, array=array, **fields))
    assert f"model 3 'Cy' assigns Combat/Defense/Wits {'/'.join(dice)}, not the {array}" in message
    assert "C2.1" in message


@pytest.mark.parametrize("attribute", list(Attribute))
def test_boss_bonus_on_each_attribute(attribute: Attribute) -> None:
    boss = load(with_model(0, boss_bonus=attribute.value.upper())).boss
    assert boss.boss_bonus is attribute
    assert boss.assigned == Tiers(6, 6, 6)
    assert boss.tiers == Tiers(6, 6, 6).raised(attribute)
    assert boss.tiers.get(attribute) == 8


def test_boss_without_bonus() -> None:
    message = error(with_model(0, boss_bonus=None))
    assert "model 1 'Ada' is the Boss and puts +1 DT on 0 attributes (exactly one" in message


def test_boss_bonus_on_two_attributes() -> None:
    message = error(with_model(0, boss_bonus=["combat", "wits"]))
    assert "puts +1 DT on 2 attributes (exactly one" in message


def test_resource_cannot_take_the_boss_bonus() -> None:
    message = error(with_model(3, boss_bonus="wits"))
    assert "model 4 'Di' is a Scout and cannot take a Boss bonus (C2.1)" in message


def test_unknown_boss_bonus_attribute() -> None:
    assert "'boss_bonus' names no attribute 'defence' (did you mean 'defense'?)" in error(
        with_model(0, boss_bonus="defence")
    )


def test_boss_bonus_never_above_2d12() -> None:
    # No printed array reaches 2d12, so the cap (C1.9) is checked with a made-up array.
    arrays = (*CATALOG.arrays, AttributeArray("Prodigy", "C2.1", (12, 6, 4)))
    catalog: Catalog = dataclasses.replace(CATALOG, arrays=arrays)
    data = with_model(0, array="Prodigy", combat="2d12", defense="2d6", wits="2d4")
    assert "Combat would go above 2d12 (C1.9)" in error(data, catalog=catalog)
    data["models"][0]["boss_bonus"] = "wits"
    assert load(data, catalog=catalog).boss.tiers == Tiers(12, 6, 6)


def test_tiers_cap_at_2d12() -> None:
    assert Tiers(12, 10, 4).raised(Attribute.COMBAT) == Tiers(12, 10, 4)
    assert Tiers(12, 10, 4).raised(Attribute.DEFENSE, 3) == Tiers(12, 12, 4)


# --------------------------------------------------------------------------------------------
# C2.3: weapon access by contract
# --------------------------------------------------------------------------------------------

ACCESS = {c.name: c.weapons for c in CATALOG.contracts}


@pytest.mark.parametrize(
    ("contract", "weapon"), list(itertools.product(ACCESS, ["Sword", "Carbine"]))
)
def test_weapon_access(contract: str, weapon: str) -> None:
    data, index = one_of(contract, weapons=[weapon])
    ranged = weapon == "Carbine"
    access = ACCESS[contract]
    allowed = access is WeaponAccess.BOTH or (access is WeaponAccess.RANGED) == ranged
    if allowed:
        assert [w.name for w in load(data).models[index].weapons] == [weapon]
        return
    kind = "ranged" if ranged else "melee"
    expected = (
        f"is a {contract} with a {kind} weapon '{weapon}' ({access.value} weapons only, C2.3)"
    )
    assert expected in error(data)


def test_gunner_with_a_sword_example_message() -> None:
    message = error(with_model(2, weapons=["Sword"]))
    assert "model 3 'Cy' is a Gunner with a melee weapon 'Sword' (ranged weapons only" in message


def test_improvised_combat_is_never_bought() -> None:
    for name in ("Unarmed", "improvised"):
        assert "Improvised Combat is always available and never bought (R3.1)" in error(
            with_model(1, weapons=[name])
        )


@pytest.mark.parametrize("name", ["Slug Gun", "static hiss", "Crush Fist"])
def test_c2_3_a_hostile_weapon_is_not_on_the_r3_lists(name: str) -> None:
    message = error(with_model(0, weapons=["Knife", name]))
    hostile = CATALOG.hostile_weapon(name)
    assert hostile is not None and CATALOG.weapon(name) is hostile  # the hostiles still use it
    assert message.endswith(
        f"model 1 'Ada' lists {hostile.name!r}: a hostile's weapon, not on the R3 lists (C2.3)"
    )


def test_c2_3_a_squad_file_with_a_hostile_weapon_does_not_load(tmp_path: Path) -> None:
    path = tmp_path / "squad.json"
    path.write_text(json.dumps(with_model(0, weapons=["Static Hiss"])), encoding="utf-8")
    with pytest.raises(SquadError, match=r"'Static Hiss': a hostile's weapon, not on the R3"):
        load_squad(path, catalog=CATALOG)


@pytest.mark.parametrize("contract", ["Brute", "Gunner", "Broadcaster", "Zealot"])
def test_grenades_consumables_and_gear_for_any_contract(contract: str) -> None:
    kit = {"grenades": ["Flash"], "consumables": ["Medkit"], "gear": ["Camo"]}
    data = crew(contract, 1)
    data["models"][1].update(kit)
    assert load(data).models[1].cost == 28


def test_several_weapons_and_repeated_items_are_allowed() -> None:
    # notes A67: no cap on weapons, gear or consumables; only armour is limited.
    data = with_model(0, weapons=["Pistol", "Pistol", "Knife"], consumables=["Medkit"] * 2)
    assert load(data).boss.cost == 2 + 2 + 3 + 16


# --------------------------------------------------------------------------------------------
# R3.5, C2.4: armour
# --------------------------------------------------------------------------------------------

ARMOR_BY_CLASS = {
    ArmorClass.LIGHT: "Flak Wrap",
    ArmorClass.MEDIUM: "Standard Cuirass",
    ArmorClass.HEAVY: "Heavy Cuirass",
}


@pytest.mark.parametrize(("contract", "armor_class"), list(itertools.product(ACCESS, ArmorClass)))
def test_armour_class_within_contract_maximum(contract: str, armor_class: ArmorClass) -> None:
    data, index = one_of(contract, armor=ARMOR_BY_CLASS[armor_class])
    maximum = CATALOG.contract(contract).max_armor
    if armor_class.rank <= maximum.rank:
        assert load(data).models[index].armor is CATALOG.armor(ARMOR_BY_CLASS[armor_class])
        return
    expected = (
        f"is a {contract} in {armor_class.value.title()} armour '{ARMOR_BY_CLASS[armor_class]}' "
        f"(at most {maximum.value.title()}, C2.4)"
    )
    assert expected in error(data)


def test_one_armour_piece_in_a_list_is_fine() -> None:
    assert load(with_model(0, armor=["Flak Wrap"])).boss.armor is CATALOG.armor("Flak Wrap")


def test_at_most_one_armour_piece() -> None:
    message = error(with_model(0, armor=["Flak Wrap", "Mesh Wrap"]))
    assert "model 1 'Ada' wears 2 armour pieces (at most 1, R3.5)" in message


# --------------------------------------------------------------------------------------------
# C2.3, C5.1: the Broadcaster's free starting Power
# --------------------------------------------------------------------------------------------


def test_broadcaster_power_is_free() -> None:
    loaded = load(basic())
    caster = loaded.models[4]
    assert caster.power is CATALOG.power("Focus")
    assert caster.cost == 0


def test_broadcaster_without_a_power() -> None:
    message = error(with_model(4, power=None))
    assert "model 5 'Ed' is a Broadcaster with no starting Power (exactly 1, C2.3, C5.1)" in message


def test_broadcaster_with_two_powers() -> None:
    message = error(with_model(4, power=["Ping", "Swap"]))
    assert "with 2 starting Powers (exactly 1, C2.3, C5.1)" in message


def test_only_a_broadcaster_has_a_power() -> None:
    message = error(with_model(0, power="Ping"))
    assert "model 1 'Ada' is a Boss with a Power (only a Broadcaster can Cast, C2.4)" in message


# --------------------------------------------------------------------------------------------
# R3.9, R3.11: cybernetics
# --------------------------------------------------------------------------------------------


def test_a_new_squad_cannot_buy_cybernetics() -> None:
    message = error(with_model(1, cybernetics=["Leg"]))
    assert "model 2 'Bo' has cybernetic 'Leg', but a new model has no permanent penalty" in message
    assert "notes A70" in message


def test_cybernetics_as_buffs_option() -> None:
    data = with_model(1, cybernetics=["Targeting", "Leg", "Organs"])
    brute = load(data, options=SquadOptions(cybernetics_as_buffs=True)).models[1]
    assert brute.tiers == Tiers(8, 6, 6)
    assert (brute.move, brute.health, brute.cost) == (4, 15, 30)


# --------------------------------------------------------------------------------------------
# C2.3: 60 subs
# --------------------------------------------------------------------------------------------


def test_exactly_sixty_subs_is_allowed() -> None:
    # Rifle 25 + Missile Pod 27 + Needle Gun 4 + Shiv 4 = 60.
    data = with_model(0, weapons=["Rifle", "Missile Pod", "Needle Gun", "Shiv"])
    assert load(data).cost == 60


def test_more_than_sixty_subs() -> None:
    data = with_model(0, weapons=["Rifle", "Missile Pod", "Needle Gun", "Shiv"], armor="Flak Wrap")
    assert "64 subs (at most 60, C2.3)" in error(data)


def test_unspent_subs_are_allowed() -> None:
    loaded = load(basic())
    assert (loaded.cost, loaded.unspent) == (0, 60)


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------


def test_unknown_names_come_with_close_matches() -> None:
    with pytest.raises(SquadError) as caught:
        load_squad(DATA / "squad-unknown-names.toml", catalog=CATALOG)
    message = str(caught.value)
    assert message.startswith("squad 'Typos' is invalid: ")
    for part in (
        "model 1 'Hollis': unknown contract 'Bos' (did you mean 'Boss'?)",
        "model 1 'Hollis': unknown weapon 'Swrod' (did you mean 'Sword'",
        "model 1 'Hollis': unknown armour piece 'Flak Wrapp' (did you mean 'Flak Wrap'?)",
        "model 3 'Quill': unknown array 'Operatve' (did you mean 'Operative'?)",
        "model 3 'Quill': unknown grenade 'Fragg' (did you mean 'Frag'?)",
        "model 3 'Quill': unknown consumable 'Medkitt' (did you mean 'Medkit'?)",
        "model 3 'Quill': unknown gear 'Scaner' (did you mean 'Scanner'?)",
        "model 4 'Vesper': unknown cybernetic 'Targetting' (did you mean 'Targeting'?)",
        "model 5 'Echo': unknown Power 'Signal Jamm' (did you mean 'Signal Jam'?)",
    ):
        assert part in message
    # The Boss's contract is unknown, so "no Boss" would only repeat that problem.
    assert "no Boss" not in message


def test_item_listed_under_the_wrong_kind() -> None:
    message = error(with_model(0, weapons=["Frag"], gear=["Medkit"]))
    assert "lists 'Frag' under 'weapons', but it is a grenade (list it under 'grenades')" in message
    assert "lists 'Medkit' under 'gear', but it is a consumable" in message


def test_unknown_name_without_close_match() -> None:
    message = error(with_model(0, weapons=["Lightsaber of Doom"]))
    assert message.endswith("unknown weapon 'Lightsaber of Doom'")


def test_unknown_weapon_still_counts_known_costs() -> None:
    data = with_model(0, weapons=["Rifle", "Missile Pod", "Chainsword", "Rifle"])
    assert "at least 77 subs (at most 60, C2.3)" in error(data)


def test_model_names_must_differ() -> None:
    message = error(with_model(1, name=" ada "))
    assert "2 models are named 'Ada' (names must differ)" in message


def test_names_are_matched_without_case_or_extra_spaces() -> None:
    data = with_model(0, contract="  BOSS ", array="operative", weapons=["needle   gun"])
    boss = load(data).boss
    assert boss.contract.name == "Boss"
    assert [w.name for w in boss.weapons] == ["Needle Gun"]


# --------------------------------------------------------------------------------------------
# Several violations at once: one message naming them all
# --------------------------------------------------------------------------------------------


def test_every_violation_is_named_in_one_line() -> None:
    with pytest.raises(SquadError) as caught:
        load_squad(DATA / "squad-many-violations.toml", catalog=CATALOG)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("squad 'Night Shift' is invalid: ")
    expected = [
        "model 1 'Mara' is the Boss and puts +1 DT on 0 attributes (exactly one",
        "model 1 'Mara' wears 2 armour pieces (at most 1, R3.5)",
        "model 3 'Rook' is a Gunner with a melee weapon 'Sword' (ranged weapons only, C2.3)",
        "model 3 'Rook' is a Gunner and cannot take a Boss bonus (C2.1)",
        "model 4 'Vale' assigns Combat/Defense/Wits 2d8/2d8/2d4, not the Technician array",
        "model 4 'Vale' is a Gunner in Heavy armour 'Heavy Cuirass' (at most Medium, C2.4)",
        "model 5 'Ox' is a Brute with a ranged weapon 'Shotgun' (melee weapons only, C2.3)",
        "model 5 'Ox' has cybernetic 'Organs'",
        "model 6 'Tam' is a Scout in Medium armour 'Standard Cuirass' (at most Light, C2.4)",
        "model 6 'Tam' is a Scout with a Power (only a Broadcaster can Cast, C2.4)",
        "6 models (exactly 5, C2)",
        "3 Gunners (at most 2, C2.4)",
        "2 models are named 'Tam' (names must differ)",
        "105 subs (at most 60, C2.3)",
    ]
    for part in expected:
        assert part in message
    assert message.count(";") == len(expected) - 1


def test_the_whole_message_for_three_violations() -> None:
    data = basic()
    data["name"] = "Night Shift"
    data["models"][0]["weapons"] = ["Rifle", "Missile Pod", "Knuckles"]
    data["models"][1]["contract"] = "Gunner"
    data["models"][2].update(name="Rook", weapons=["Sword"])
    data["models"][3]["contract"] = "Gunner"
    assert error(data) == (
        "squad 'Night Shift' is invalid: model 3 'Rook' is a Gunner with a melee weapon 'Sword' "
        "(ranged weapons only, C2.3); 3 Gunners (at most 2, C2.4); 64 subs (at most 60, C2.3)"
    )


def test_problems_of_a_valid_model_are_not_reported() -> None:
    message = error(with_model(2, weapons=["Sword"]))
    assert message.count(";") == 0
    assert "model 1" not in message


# --------------------------------------------------------------------------------------------
# Malformed input: one line, never a traceback
# --------------------------------------------------------------------------------------------


def test_toml_syntax_error() -> None:
    with pytest.raises(SquadError) as caught:
        load_squad(DATA / "squad-bad-syntax.toml", catalog=CATALOG)
    message = str(caught.value)
    assert "squad-bad-syntax.toml' is not valid TOML: " in message
    assert "line 4" in message
    assert "\n" not in message


def test_json_syntax_error() -> None:
    with pytest.raises(SquadError) as caught:
        load_squad(DATA / "squad-bad-syntax.json", catalog=CATALOG)
    message = str(caught.value)
    assert "squad-bad-syntax.json' is not valid JSON: " in message
    assert "line 1" in message


def test_wrong_types_are_all_reported() -> None:
    with pytest.raises(SquadError) as caught:
        load_squad(DATA / "squad-wrong-types.toml", catalog=CATALOG)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("squad 'Wrong Types' is invalid: ")
    for part in (
        "model 1: 'name' must be a text string (got 7)",
        "model 1: 'combat' must be one of 2d4, 2d6, 2d8, 2d10, 2d12 (got 8)",
        "model 1: 'weapons' must be a list of names (got 'Sword')",
        "model 1: unknown field 'armour' (did you mean 'armor'?)",
        "model 2: missing field 'name'",
        "model 2: 'gear' must be a list of names (got 1 in it)",
    ):
        assert part in message


@pytest.mark.parametrize(
    ("data", "part"),
    [
        ([1, 2], "the document must be a table of fields (got [1, 2])"),
        ("text", "the document must be a table of fields (got 'text')"),
        (None, "the document must be a table of fields (got None)"),
        ({"name": "X"}, "squad 'X' is invalid: missing field 'models'"),
        ({"name": "X", "models": {"a": 1}}, "'models' must be a list (got {'a': 1})"),
        ({"name": "X", "models": [3]}, "model 1: must be a table of fields (got 3)"),
        ({"name": "", "models": []}, "'name' must not be blank"),
        ({"name": "X", "models": [], "squad": 1}, "unknown field 'squad'"),
        ({"name": "X", "models": [], "description": 5}, "'description' must be a text string"),
        ({"name": "X", "models": [], "nmae": "Y"}, "unknown field 'nmae' (did you mean 'name'?)"),
    ],
)
def test_wrong_shapes(data: Any, part: str) -> None:
    assert part in error(data)


def test_unknown_contract_and_array() -> None:
    message = error(with_model(1, contract="Bruiser", array="Technican"))
    assert "model 2 'Bo': unknown contract 'Bruiser'" in message
    assert "model 2 'Bo': unknown array 'Technican' (did you mean 'Technician'?)" in message


def test_unknown_file_extension(tmp_path: Path) -> None:
    path = tmp_path / "squad.yaml"
    path.write_text("name: x")
    with pytest.raises(SquadError, match=r"must end in \.toml or \.json"):
        load_squad(path, catalog=CATALOG)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SquadError, match=r"^squad file: no such file: .*none\.toml$"):
        load_squad(tmp_path / "none.toml", catalog=CATALOG)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "squad.json"
    path.write_bytes(b'{"name": "\xff"}')
    with pytest.raises(SquadError, match=r"squad\.json is not UTF-8 text"):
        load_squad(path, catalog=CATALOG)


def test_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "squad.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(basic()).encode())
    assert load_squad(path, catalog=CATALOG).name == "Test"


def test_unknown_format_name() -> None:
    with pytest.raises(SquadError, match="unknown squad format 'yaml'"):
        parse_squad("", "yaml", catalog=CATALOG)


def test_squad_error_is_a_skirmish_error() -> None:
    assert issubclass(SquadError, SkirmishError)


def test_deeply_nested_json_is_one_line() -> None:
    with pytest.raises(SquadError) as caught:
        parse_squad("[" * 100_000 + "]" * 100_000, "json", catalog=CATALOG)
    message = str(caught.value)
    assert "is not valid JSON" in message or "must be a table of fields" in message


# --------------------------------------------------------------------------------------------
# Fuzzing: any mutation of a valid file loads or raises SquadError, nothing else
# --------------------------------------------------------------------------------------------

VALID_TOML = (DATA / "squad-valid.toml").read_text(encoding="utf-8")
VALID_DATA = tomllib.loads(VALID_TOML)
FIELD_NAMES = sorted({key for m in VALID_DATA["models"] for key in m} | {"power", "boss_bonus"})
CATALOG_NAMES = sorted(
    {
        *(r.name for r in CATALOG.melee_weapons),
        *(r.name for r in CATALOG.ranged_weapons),
        *(r.name for r in CATALOG.grenades),
        *(r.name for r in CATALOG.armor_pieces),
        *(r.name for r in CATALOG.consumables),
        *(r.name for r in CATALOG.gear_items),
        *(r.name for r in CATALOG.cybernetics),
        *(r.name for r in CATALOG.powers),
        *(r.name for r in CATALOG.contracts),
        *("Technician", "Operative", "combat", "defense", "wits", "2d4", "2d6", "2d8", "2d12"),
    }
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(CATALOG_NAMES),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


DICE_FIELDS = ("combat", "defense", "wits")
LIST_FIELDS = ("weapons", "grenades", "consumables", "gear", "cybernetics")
names = st.sampled_from(CATALOG_NAMES)


def well_typed(key: str) -> st.SearchStrategy[Any]:
    """A value of the right type for ``key`` (so the rules, not the shape, get exercised)."""
    if key in DICE_FIELDS:
        return st.sampled_from(["2d4", "2d6", "2d8", "2d10", "2d12"])
    if key in LIST_FIELDS:
        return st.lists(names, max_size=4)
    if key in ("boss_bonus", "armor", "power"):
        return names | st.lists(names, min_size=1, max_size=2)
    return names


@st.composite
def mutated_data(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(VALID_DATA)
    # Half the examples keep every value well typed, so that they reach the rule checks.
    actions = ["typed"] if draw(st.booleans()) else ["any", "delete", "typed"]
    for _ in range(draw(st.integers(1, 4))):
        models = data.get("models") if isinstance(data, dict) else None
        target: Any = data
        keys = ["name", "description"] if actions == ["typed"] else ["name", "models", "extra"]
        if isinstance(models, list) and models and draw(st.booleans()):
            target = models[draw(st.integers(0, len(models) - 1))]
            keys = FIELD_NAMES if actions == ["typed"] else [*FIELD_NAMES, "extra"]
        if not isinstance(target, dict):
            break
        key = draw(st.sampled_from(keys))
        action = draw(st.sampled_from(actions))
        if action == "delete":
            target.pop(key, None)
        elif action == "typed":
            target[key] = draw(well_typed(key))
        else:
            target[key] = draw(json_values)
    if draw(st.booleans()) and isinstance(data.get("models"), list) and data["models"]:
        models = data["models"]
        data["models"] = draw(st.permutations(models)) + draw(
            st.lists(st.sampled_from(models), max_size=2)
        )
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_data())
def test_structural_mutations_load_or_raise_squad_error(data: Any) -> None:
    text = json.dumps(data)
    try:
        loaded = parse_squad(text, "json", catalog=CATALOG)
    except SquadError as exc:
        assert "\n" not in str(exc)
        return
    assert len(loaded.models) == 5
    assert loaded.cost <= 60
    assert load(squad_to_data(loaded)) == loaded


VALID_JSON = (DATA / "squad-valid.json").read_text(encoding="utf-8")
TOKENS = ['"', "[", "]", "{", "}", "=", ":", ",", "\n", "null", "2d10", "Boss", "[[models]]"]


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    for _ in range(draw(st.integers(1, 5))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 12)))
        insert = draw(st.text(max_size=6) | st.sampled_from(TOKENS))
        text = text[:start] + insert + text[end:]
    return text


@settings(max_examples=200, deadline=None)
@given(mutated_text(VALID_TOML))
def test_toml_text_mutations_load_or_raise_squad_error(text: str) -> None:
    _load_or_squad_error(text, "toml")


@settings(max_examples=200, deadline=None)
@given(mutated_text(VALID_JSON))
def test_json_text_mutations_load_or_raise_squad_error(text: str) -> None:
    _load_or_squad_error(text, "json")


def _load_or_squad_error(text: str, fmt: str) -> None:
    try:
        parse_squad(text, fmt, catalog=CATALOG)
    except SquadError as exc:
        assert "\n" not in str(exc)


def test_c2_1_example_e9_technician_boss_with_its_bonus_on_wits() -> None:
    """Worked example E9 (C2.1): the Boss takes the Technician array as Combat 2d8, Defense
    2d6, Wits 2d4 and puts its +1 DT on Wits: it rolls Combat 2d8, Defense 2d6, Wits 2d6."""
    technician = {"array": "Technician", "combat": "2d8", "defense": "2d6", "wits": "2d4"}
    boss = load(with_model(0, boss_bonus="wits", **technician)).boss
    assert boss.assigned == Tiers(combat=8, defense=6, wits=4)
    assert boss.boss_bonus is Attribute.WITS
    assert boss.tiers == Tiers(combat=8, defense=6, wits=6)


def test_c2_3_example_e11_budget_and_weapon_access() -> None:
    """Worked example E11 (C2.3): Gunner Carbine + Pistol = 15, Brute Sword + Mesh Wrap = 12,
    Zealot Injector + Knife = 12; 21 of the 60 subs are left for the other two models."""
    bought = load(
        squad(
            model("Boss", "Boss"),
            model("Gunner", "Gunner", weapons=["Carbine", "Pistol"]),
            model("Tobias Valdez", "Brute", weapons=["Sword"], armor="Mesh Wrap"),
            model("Sunita Roche", "Zealot", weapons=["Injector", "Knife"]),
            model("Scout", "Scout"),
        )
    )
    costs = [m.cost for m in bought.models]
    assert costs[1:4] == [15, 12, 12]
    assert bought.budget - sum(costs[1:4]) == 21
    assert bought.unspent == 21


def test_c2_4_example_e12_brute_melee_only_and_heavy_armour_move() -> None:
    """Worked example E12 (C2.4): a Brute has Health 14 and Move 3"; a Carbine is refused
    (melee weapons only); Heavy armour leaves its Move at 3" (notes A22)."""
    brute = load(with_model(1, armor="Heavy Cuirass")).models[1]
    assert (brute.health, brute.move) == (14, 3)
    with pytest.raises(SquadError, match="Brute with a ranged weapon 'Carbine'"):
        load(with_model(1, weapons=["Carbine"]))


# --------------------------------------------------------------------------------------------
# Free text: every name and the description is short printable text (messages quote them)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            with_model(0, name="A" * 100_000),
            r"^squad 'Test' is invalid: model 1 'A{36}\.\.\.: 'name' must be at most 40 "
            r"characters \(got 100000\)$",
        ),
        (with_model(0, name="Ada\x00"), r"model 1 'Ada\\x00': 'name' must be printable text"),
        (with_model(0, name="Ada\nLovelace"), r"'name' must be printable text on one line"),
        (with_model(0, name="A" * 41), r"'name' must be at most 40 characters \(got 41\)"),
        (with_model(0, contract="B" * 5000), r"'contract' must be at most 40 characters"),
        (with_model(0, weapons=["Sword", "S" * 5000]), r"'weapons' has a name that must be at"),
        (with_model(0, gear=["Scan\x1bner"]), r"'gear' has a name that must be printable text"),
        (
            {**basic(), "name": "N" * 41},
            r"^squad 'N{36}\.\.\. is invalid: 'name' must be at most 40 characters \(got 41\)$",
        ),
        ({**basic(), "name": "Night\rShift"}, r"'name' must be printable text on one line"),
        ({**basic(), "description": "d" * 201}, r"'description' must be at most 200 characters"),
        ({**basic(), "description": "a\tb"}, r"'description' must be printable text on one line"),
    ],
)
def test_c2_names_and_description_are_short_printable_text(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(SquadError, match=message) as caught:
        parse_squad(json.dumps(data), "json", catalog=CATALOG)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


def test_c2_names_up_to_forty_characters_are_kept() -> None:
    squad = parse_squad(json.dumps(with_model(0, name="Ä" * 40)), "json", catalog=CATALOG)
    assert squad.models[0].name == "Ä" * 40


def test_a_file_with_thousands_of_problems_is_still_one_short_line() -> None:
    data = with_model(0, weapons=[f"Spork {n}" for n in range(5000)])
    with pytest.raises(SquadError) as caught:
        parse_squad(json.dumps(data), "json", catalog=CATALOG)
    message = str(caught.value)
    assert message.endswith("; and 4980 more problems") and "\n" not in message
    assert len(message) < 3000


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_a_number_too_long_to_read_is_a_syntax_error(fmt: str) -> None:
    text = '{"name": ' + "9" * 5000 + "}" if fmt == "json" else "name = " + "9" * 5000
    with pytest.raises(SquadError, match=f"is not valid {fmt.upper()}: Exceeds the limit"):
        parse_squad(text, fmt, catalog=CATALOG)


def test_a_long_path_in_a_message_keeps_its_file_name() -> None:
    deep = "/very/" + "deep/" * 30 + "squad-bad-syntax.json"
    label = file_label("squad file", deep)
    assert label.startswith("squad file '...") and label.endswith("/squad-bad-syntax.json'")
    assert len(label) < 100
