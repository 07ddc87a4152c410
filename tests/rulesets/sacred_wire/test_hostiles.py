"""Hostiles and Coworkers as data and as the table companion reads them (I1-I8, K2.2): every
unit of every faction against the rules text, the tiers, each behaviour table row by situation,
the random parts of Phase and Patrol, the target with the best chance to hit, spawns with their
d2, groups and Spawn Location, Interrogate and its odds, and the ``sacred-wire hostiles``,
``spawn`` and ``interrogate`` commands."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.conftest import Ran
from tests.rulesets.sacred_wire.helpers import CATALOG, data_copy, edit_data, script

from skirmish.dice import ScriptedDice, SeededDice
from skirmish.errors import RulesDataError, SkirmishError
from skirmish.rulesets.sacred_wire.hostiles.behaviour import group_roll, read
from skirmish.rulesets.sacred_wire.hostiles.companion import activation_lines, spawn_lines
from skirmish.rulesets.sacred_wire.hostiles.interrogation import (
    interrogate,
    interrogation,
    interrogation_odds,
)
from skirmish.rulesets.sacred_wire.hostiles.spawning import (
    random_tier,
    roll_coworkers,
    roll_spawn,
)
from skirmish.rulesets.sacred_wire.hostiles.targeting import (
    Enemy,
    attack_roll,
    check_situation,
    ranked,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier
from skirmish.rulesets.sacred_wire.rules_data.catalog import WeaponType
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import (
    HostileUnit,
    Situation,
    WeaponMode,
    load_hostile_tables,
)

Cli = Callable[..., Ran]
TABLES = CATALOG.hostiles
HAS = Situation.HAS_LOS
HOSTILE_FACTIONS = (
    "scrapers",
    "feral-crews",
    "wave-callers",
    "static-wraiths",
    "feral-automata",
    "cable-feeders",
)

#: Each faction's units by d6 row as the rules text prints them (name, "#", COM, DEF, WIT, HP,
#: MOV, weapon, type, damage, mode), matched to the faction by name (notes §1.I).
UNITS = {
    "scrapers": [
        ("Gutter Runner", "4+4", 6, 4, 4, 6, 5, "Zip Gun", "projectile", "d4", "ranged"),
        ("Cable Rat", "2+2", 6, 6, 4, 8, 4, "Sharpened Cable", "bladed", "d4", "melee"),
        ("Picker", "3", 4, 4, 6, 10, 5, "Junk Launcher", "projectile", "d4", "ranged"),
        ("Pit Boss", "2", 8, 6, 4, 12, 5, "Power Chain", "blunt", "d6", "melee"),
        ("Rogue Broadcaster", "1", 6, 4, 8, 12, 5, "Static Hiss", "broadcast", "d6", "power"),
        ("Repo Man", "1", 8, 6, 8, 14, 5, "Impound Claw", "blunt", "d6", "melee"),
    ],
    "feral-crews": [
        ("Runt", "4+4", 4, 4, 4, 6, 4, "Zip Gun", "projectile", "d4", "ranged"),
        ("Bruiser", "2+2", 8, 6, 4, 8, 4, "Cleaver", "bladed", "d6", "melee"),
        ("Gunner", "3", 6, 6, 4, 10, 4, "Slug Gun", "projectile", "d6", "ranged"),
        ("Torch", "2", 6, 6, 4, 12, 4, "Flame Fist", "energy", "d6", "melee"),
        ("Heavy", "1", 10, 6, 4, 12, 4, "Slug Cannon", "projectile", "d8", "ranged"),
        ("Boss", "1", 10, 6, 6, 14, 4, "Crush Fist", "blunt", "d10", "melee"),
    ],
    "wave-callers": [
        ("Initiate", "4+4", 4, 4, 4, 6, 5, "Arc Spitter", "energy", "d4", "ranged"),
        ("Antenna-Grafted", "2+2", 6, 4, 4, 8, 4, "Signal Claws", "static", "d4", "melee"),
        ("Turncoat", "3", 6, 6, 6, 10, 5, "Arc Blade", "energy", "d4", "melee"),
        ("Frequency Priest", "2", 6, 4, 8, 12, 5, "Wave Bolt", "broadcast", "d6", "power"),
        ("Signal Champion", "1", 8, 6, 6, 12, 5, "Resonance Blade", "broadcast", "d6", "melee"),
        ("Vessel", "1", 10, 6, 4, 14, 5, "Static Burst", "static", "d8", "power"),
    ],
    "static-wraiths": [
        ("Flicker", "4+4", 6, 4, 4, 6, 6, "Arc Bolt", "static", "d4", "power"),
        ("Drift", "2+2", 8, 6, 6, 8, 6, "Phase Claws", "static", "d6", "melee"),
        ("Echo", "3", 6, 4, 8, 10, 4, "Signal Flame", "static", "d6", "power"),
        ("Interference", "2", 6, 8, 4, 12, 3, "Distortion Fists", "static", "d6", "melee"),
        ("Surge", "1", 10, 6, 4, 12, 5, "Frequency Blade", "static", "d8", "melee"),
        ("Broadcast", "1", 8, 6, 4, 14, 4, "Wave Pulse", "static", "d8", "power"),
    ],
    "feral-automata": [
        ("Maintenance Swarm", "4+4", 4, 4, 4, 6, 6, "Cutting Mandibles", "bladed", "d4", "melee"),
        ("Security Drone", "2+2", 6, 6, 4, 8, 4, "Pulse Carbine", "energy", "d6", "ranged"),
        ("Targeting Unit", "3", 6, 6, 8, 10, 4, "Neural Lance", "energy", "d8", "ranged"),
        ("Heavy Unit", "2", 8, 8, 4, 12, 3, "Crushing Claw", "blunt", "d8", "melee"),
        ("Hunter-Killer", "1", 8, 6, 6, 12, 6, "Shredder Blades", "bladed", "d6", "melee"),
        ("Defense Platform", "1", 10, 6, 4, 14, 3, "Pulse Cannon", "energy", "d10", "ranged"),
    ],
    "cable-feeders": [
        ("Reaper", "4+4", 6, 4, 4, 6, 6, "Venom Spit", "toxic", "d4", "ranged"),
        ("Larva", "2+2", 6, 4, 6, 8, 4, "Feeder Tendrils", "toxic", "d6", "melee"),
        ("Stalker", "3", 8, 6, 4, 10, 4, "Talons", "bladed", "d6", "melee"),
        ("Lure", "2", 4, 4, 10, 12, 4, "Mind Spike", "static", "d6", "power"),
        ("Feeder", "1", 10, 6, 4, 12, 5, "Drain Tubes", "toxic", "d8", "melee"),
        ("Agonist", "1", 10, 6, 6, 14, 5, "Acid Spray", "toxic", "d8", "ranged"),
    ],
    "coworkers": [
        ("Shift Drone", "2+2", 4, 4, 10, 8, 4, "Tired Fists", "blunt", "d4", "melee"),
        ("Temp", "2+2", 4, 4, 10, 8, 5, "Emergency Flare", "energy", "d4", "ranged"),
        ("Commuter", "4", 4, 6, 8, 8, 7, "Walking Cane", "blunt", "d4", "melee"),
        ("Data Clerk", "3", 4, 6, 8, 10, 5, "Stun Gun", "energy", "d4", "ranged"),
        ("Middle Manager", "2", 8, 8, 6, 10, 5, "Stun Baton", "static", "d6", "melee"),
        (
            "Assistant to the Regional Manager",
            *("2", 10, 8, 6, 8, 6, "Holdout Pistol", "projectile", "d4", "ranged"),
        ),
    ],
}

#: Rows 5 and 6 of each behaviour table (No LoS, Has LoS, Engaged); rows 1-4 are shared.
ROWS_5_AND_6 = {
    "scrapers": (("patrol", "cover", "attack"), ("regroup", "attack", "frenzy")),
    "feral-crews": (("patrol", "mob-up", "mob-up"), ("regroup", "attack", "frenzy")),
    "wave-callers": (("summon", "summon", "attack"), ("regroup", "attack", "frenzy")),
    "static-wraiths": (("phase", "phase", "attack"), ("regroup", "attack", "frenzy")),
    "feral-automata": (("wait", "wait", "attack"), ("regroup", "attack", "frenzy")),
    "cable-feeders": (("patrol", "regroup", "attack"), ("regroup", "attack", "frenzy")),
}


# --- the data (I1.5, I2.1-I8.1) --------------------------------------------------------------


def test_i1_six_factions_and_the_coworkers_with_six_units_each() -> None:
    assert tuple(TABLES.factions) == (*HOSTILE_FACTIONS, "coworkers")
    assert sum(len(f.units) for f in TABLES.factions.values()) == 42


@pytest.mark.parametrize("faction", UNITS)
def test_i1_every_unit_matches_the_rules_text(faction: str) -> None:
    got = [
        (
            u.name,
            u.spawn,
            u.combat,
            u.defense,
            u.wits,
            u.health,
            u.move,
            u.weapon.name,
            u.weapon.weapon_type.value,
            str(u.weapon.damage),
            u.weapon.mode.value,
        )
        for u in TABLES.faction(faction).units
    ]
    assert got == UNITS[faction]


def test_i1_5_tiers_are_rows_one_two_swarm_three_four_normal_five_six_elite() -> None:
    crews = TABLES.faction("feral-crews")
    assert [u.name for u in crews.tier("swarm")] == ["Runt", "Bruiser"]
    assert [u.name for u in crews.tier("normal")] == ["Gunner", "Torch"]
    assert [u.name for u in crews.tier("elite")] == ["Heavy", "Boss"]


def test_i1_4_a_split_spawn_is_two_groups() -> None:
    scrapers = TABLES.faction("scrapers")
    assert scrapers.unit("gutter runner").groups == (4, 4)
    assert scrapers.unit("Picker").groups == (3,)


@pytest.mark.parametrize("faction", HOSTILE_FACTIONS)
def test_i1_3_behaviour_tables_by_situation(faction: str) -> None:
    f = TABLES.faction(faction)
    shared = ("patrol", "attack", "attack")
    rows = [tuple(f.row("normal", face).on(s) for s in Situation) for face in range(1, 7)]
    assert rows == [shared] * 4 + list(ROWS_5_AND_6[faction])


def test_i8_1_coworkers_read_a_normal_and_an_attacked_table() -> None:
    f = TABLES.faction("coworkers")
    normal = [tuple(f.row("normal", face).on(s) for s in Situation) for face in (1, 5, 6)]
    attacked = [tuple(f.row("attacked", face).on(s) for s in Situation) for face in (4, 5, 6)]
    assert normal == [
        ("wait", "wait", "wait"),
        ("cooperate", "cooperate", "cooperate"),
        ("patrol", "patrol", "flee"),
    ]
    assert attacked == [
        ("patrol", "attack", "attack"),
        ("patrol", "cover", "attack"),
        ("flee", "flee", "flee"),
    ]


def test_i1_3_hostile_weapon_types_are_the_critical_tables_types() -> None:
    kinds = {u.weapon.weapon_type for f in TABLES.factions.values() for u in f.units}
    assert kinds <= set(WeaponType)
    assert TABLES.faction("cable-feeders").unit("Lure").weapon.mode is WeaponMode.POWER


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('id = "scrapers"', 'id = "Scrapers"', r"factions\[0\]\.id"),
        (
            '"mob-up"\nengaged = "mob-up"',
            '"phase"\nengaged = "mob-up"',
            r"'phase' is no behaviour of",
        ),
        ('rule = "I2.1"', 'rule = "I2.1"\ncolour = "grey"', r"colour"),
        ('roll = "6"\nno-los = "flee"', 'roll = "5"\nno-los = "flee"', r"rolls must run 1\.\.6"),
        ('spawn = "4"', 'spawn = "4+4+4"', r"spawn must be a count \('3'\) or a split"),
        (
            'name = "Picker"\nspawn = "3"\ncombat = "2d4"',
            'name = "Picker"\nspawn = "3"\ncombat = "2d7"',
            r"attribute dice must be one of 2d4",
        ),
        ('d4", mode = "power"', 'd4", mode = "thrown"', r"weapon\.mode"),
        ('id = "wait"', 'id = "idle"', r"missing wait; unused idle"),
    ],
)
def test_i1_a_broken_hostiles_file_is_one_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    folder = data_copy(tmp_path)
    edit_data(folder / "hostiles.toml", old, new)
    with pytest.raises(RulesDataError, match=message) as err:
        load_hostile_tables(folder)
    assert "\n" not in str(err.value)


# --- the group's roll (I1.1, I1.2) -----------------------------------------------------------


def test_i1_1_one_roll_for_the_whole_group_read_on_each_situation() -> None:
    dice = ScriptedDice(script("hostile-behaviour", 6))
    face = group_roll(dice)
    crews = TABLES.faction("feral-crews")
    read_as = [read(TABLES, crews, face, s, dice).behaviour.id for s in Situation]
    assert read_as == ["regroup", "attack", "frenzy"]


def test_i5_1_phase_rolls_its_distance_and_clock_direction() -> None:
    dice = ScriptedDice(script("phase-distance", 4, "phase-direction", 7))
    wraiths = TABLES.faction("static-wraiths")
    reading = read(TABLES, wraiths, 5, Situation.HAS_LOS, dice)
    assert reading.behaviour.id == "phase"
    assert reading.extras == (("phase-distance", 4), ("phase-direction", 7))
    lines = activation_lines(reading, wraiths.unit("Echo"))
    assert "  Phase: 4\" toward 7 o'clock (d6 = 4, d12 = 7)" in lines


def test_i1_3_patrol_rolls_the_direction_it_takes_with_no_marker_in_sight() -> None:
    dice = ScriptedDice(script("patrol-direction", 3))
    automata = TABLES.faction("feral-automata")
    reading = read(TABLES, automata, 2, Situation.NO_LOS, dice)
    lines = activation_lines(reading, automata.unit("Heavy Unit"))
    assert "  With no Loot Marker in sight: 3\" toward 3 o'clock (d12 = 3)" in lines


def test_i8_1_an_attacked_coworker_reads_the_attacked_table() -> None:
    coworkers = TABLES.faction("coworkers")
    calm = read(TABLES, coworkers, 3, Situation.ENGAGED, ScriptedDice([]))
    hit = read(TABLES, coworkers, 3, Situation.ENGAGED, ScriptedDice([]), attacked=True)
    assert (calm.table, calm.behaviour.id) == ("normal", "wait")
    assert (hit.table, hit.behaviour.id) == ("attacked", "attack")


@pytest.mark.parametrize(
    ("unit", "situation", "says"),
    [
        ("Bruiser", Situation.HAS_LOS, r"charges its full Move .* \(notes A45\)"),
        ("Gunner", Situation.HAS_LOS, r"shoots its Slug Gun \(36\", notes A40\)"),
        ("Gunner", Situation.ENGAGED, r"Improvised Combat \(d4, -2 DT\)"),
    ],
)
def test_i1_3_attack_says_how_the_unit_uses_its_weapon(
    unit: str, situation: Situation, says: str
) -> None:
    crews = TABLES.faction("feral-crews")
    reading = read(TABLES, crews, 1, situation, ScriptedDice([]))
    assert any(re.search(says, line) for line in activation_lines(reading, crews.unit(unit)))


def test_i1_an_unknown_unit_names_the_known_ones() -> None:
    with pytest.raises(SkirmishError, match=r"^Feral Crews have no unit 'Cleaver'; known: Runt"):
        TABLES.faction("feral-crews").unit("Cleaver")


def test_i1_3_a_power_weapon_rolls_wits_against_defense() -> None:
    feeders = TABLES.faction("cable-feeders")
    reading = read(TABLES, feeders, 6, Situation.ENGAGED, ScriptedDice([]))
    assert reading.behaviour.id == "frenzy"
    lines = activation_lines(reading, feeders.unit("Lure"))
    assert any("a Power: Wits 2d10 against the target's Defense" in line for line in lines)


# --- spawning (I1.4, I1.5, K1.3 Spawn Location) ----------------------------------------------


def test_i1_5_a_random_tier_is_the_d6_table() -> None:
    tiers = [random_tier(ScriptedDice(script("hostile-tier", f))) for f in range(1, 7)]
    assert tiers == ["swarm", "swarm", "normal", "normal", "elite", "elite"]


def test_i1_4_the_d2_picks_the_unit_and_its_groups() -> None:
    dice = ScriptedDice(script("spawn-unit", 1, "spawn-location", 2))
    spawn = roll_spawn(TABLES.faction("scrapers"), "swarm", CATALOG.missions, dice)
    assert (spawn.unit.name, spawn.groups, spawn.location.id) == ("Gutter Runner", (4, 4), "centre")
    lines = spawn_lines(spawn, "Scrapers")
    assert lines[1] == (
        'Unit d2 = 1 among rows 1-2 (I1.4): Gutter Runner of the Scrapers, "#" 4+4: '
        "4 models and 4 models, two groups, one token each in the activation bag"
    )


def test_k1_3_coworkers_come_as_the_coworker_setup_row_says() -> None:
    dice = ScriptedDice(script("coworker-setup", 3, "spawn-unit", 2))
    spawn = roll_coworkers(TABLES.faction("coworkers"), CATALOG.missions, dice)
    assert (spawn.tier, spawn.unit.name, spawn.location.id) == (
        "normal",
        "Data Clerk",
        "normal-ring",
    )
    lines = spawn_lines(spawn, "Coworkers")
    assert lines[0].startswith("Coworker Setup d6 = 3 (K1.3): Normal in a ring: ")
    assert lines[-1] == (
        "Place them as that row says, the First Player first, then alternating, none within"
        ' 1" of an objective (K1.2, K1.3).'
    )


@pytest.mark.parametrize(("face", "add"), [(5, 0), (6, 2)])
def test_k1_3_spawn_location_off_the_centre_rolls_distance_and_direction(
    face: int, add: int
) -> None:
    dice = ScriptedDice(
        script("spawn-unit", 2, "spawn-location", face, "spawn-distance", 3, "spawn-direction", 9)
    )
    spawn = roll_spawn(TABLES.faction("cable-feeders"), "elite", CATALOG.missions, dice)
    assert (spawn.unit.name, spawn.distance, spawn.clock) == ("Agonist", 3 + add, 9)


# --- the commands -----------------------------------------------------------------------------


def test_i1_the_hostiles_command_explains_the_roll(cli: Cli) -> None:
    done = cli("sacred-wire", "hostiles", "--faction", "feral-crews", "--situation", "has-los")
    assert done.status == 0, done.err
    assert done.out.startswith("Feral Crews (I3.1), seed ")
    assert "one roll for the whole group (I1.1)" in done.out


def test_i1_the_hostiles_command_is_reproducible_by_seed_and_speaks_json(cli: Cli) -> None:
    args = ("sacred-wire", "hostiles", "--faction", "static-wraiths", "--situation", "no-los")
    first = cli(*args, "--unit", "Echo", "--seed", "11", "--json")
    again = cli(*args, "--unit", "Echo", "--seed", "11", "--json")
    assert first.out == again.out
    answer = json.loads(first.out)
    assert answer["seed"] == 11 and answer["unit"] == "Echo"
    assert answer["behaviour"] in {"patrol", "phase", "regroup"}


def test_i1_the_spawn_command_rolls_a_spawn(cli: Cli) -> None:
    done = cli("sacred-wire", "spawn", "--faction", "wave-callers", "--tier", "elite", "--json")
    assert done.status == 0, done.err
    answer = json.loads(done.out)
    assert answer["unit"] in {"Signal Champion", "Vessel"} and answer["groups"] == [1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("hostiles", "--faction", "goblins", "--situation", "engaged"),
            r"^error: no hostile faction 'goblins'; known: scrapers, feral-crews",
        ),
        (
            ("hostiles", "--faction", "scrapers", "--situation", "engaged", "--attacked"),
            r"^error: only Coworkers read an Attacked table \(I8\.1\), not Scrapers$",
        ),
        (
            ("hostiles", "--faction", "scrapers", "--situation", "engaged", "--unit", "Runt"),
            r"^error: Scrapers have no unit 'Runt'; known: Gutter Runner",
        ),
        (("spawn", "--faction", "spiders"), r"^error: no hostile faction 'spiders'"),
        (
            ("spawn", "--faction", "coworkers", "--tier", "elite"),
            r"^error: the Coworkers' tier is the Coworker Setup row's \(K1\.3\): leave --tier$",
        ),
    ],
)
def test_i1_bad_companion_options_are_one_line(
    cli: Cli, args: tuple[str, ...], message: str
) -> None:
    done = cli("sacred-wire", *args)
    assert done.status != 0 and done.out == ""
    assert re.search(message, done.err.strip()), done.err
    assert len(done.err.strip().splitlines()) == 1


# --- whom it attacks (I1.3, notes §5.3) -------------------------------------------------------

#: notes §5.3's reference chances to hit, plain dice (attacker rows, defender columns).
REFERENCE = {
    4: (0.5000, 0.3090, 0.1758, 0.1125, 0.0781),
    6: (0.6910, 0.5000, 0.3607, 0.2386, 0.1661),
    8: (0.8242, 0.6393, 0.5000, 0.3906, 0.2832),
    10: (0.8875, 0.7614, 0.6094, 0.5000, 0.4101),
    12: (0.9219, 0.8339, 0.7168, 0.5899, 0.5000),
}


def _unit(combat: int) -> HostileUnit:
    base = TABLES.faction("feral-crews").unit("Bruiser")
    return replace(base, combat=combat)


@pytest.mark.parametrize("attack", REFERENCE)
def test_notes_5_3_best_chance_to_hit_reference_table(attack: int) -> None:
    enemies = [Enemy(f"d{d}", Tier(d)) for d in (4, 6, 8, 10, 12)]
    chances = {c.enemy.name: c.chance for c in ranked(_unit(attack), "attack", HAS, enemies)}
    got = tuple(round(float(chances[f"d{d}"]), 4) for d in (4, 6, 8, 10, 12))
    assert got == REFERENCE[attack]


def test_i1_3_ties_go_to_the_closest_then_the_first_named() -> None:
    enemies = [
        Enemy("far", Tier.D6, gap=8),
        Enemy("near", Tier.D6, gap=2),
        Enemy("also", Tier.D6, 2),
    ]
    assert [c.enemy.name for c in ranked(_unit(6), "attack", HAS, enemies)] == [
        "near",
        "also",
        "far",
    ]


def test_i1_3_engaged_it_attacks_only_an_enemy_it_is_engaged_with() -> None:
    enemies = [Enemy("soft", Tier.D4, gap=3), Enemy("hard", Tier.D12, engaged=True)]
    engaged = ranked(_unit(6), "attack", Situation.ENGAGED, enemies)
    assert [c.enemy.name for c in engaged] == ["hard"]
    assert [c.enemy.name for c in ranked(_unit(6), "attack", HAS, enemies)] == ["soft", "hard"]


def test_r3_1_an_engaged_ranged_hostile_swings_improvised_at_minus_two() -> None:
    gunner = TABLES.faction("feral-crews").unit("Gunner")
    roll = attack_roll(gunner, "attack", Situation.ENGAGED, Enemy("x", Tier.D6, engaged=True))
    assert [(m.steps, m.rule) for m in roll.modifiers] == [(-2, "R3.1")]


@pytest.mark.parametrize(
    ("faction", "unit", "steps"),
    [("feral-crews", "Gunner", [-1]), ("cable-feeders", "Lure", [-1]), ("feral-crews", "Boss", [])],
)
def test_c4_13_cover_costs_a_shot_or_a_power_one_die_not_a_blow(
    faction: str, unit: str, steps: list[int]
) -> None:
    u = TABLES.faction(faction).unit(unit)
    roll = attack_roll(u, "attack", HAS, Enemy("x", Tier.D6, cover=True))
    assert [m.steps for m in roll.modifiers] == steps


def test_i2_1_opportunists_add_a_die_to_combat_against_the_wounded() -> None:
    scrapers = TABLES.faction("scrapers")
    hurt = Enemy("x", Tier.D6, wounded=True)
    boss = attack_roll(scrapers.unit("Pit Boss"), "attack", HAS, hurt)
    assert [(m.steps, m.rule) for m in boss.modifiers] == [(1, "I2.1")]
    # A Power rolls Wits, not Combat: Opportunists do not add to it.
    assert attack_roll(scrapers.unit("Rogue Broadcaster"), "attack", HAS, hurt).modifiers == ()


def test_i3_1_mob_up_attacks_at_plus_one_to_combat() -> None:
    roll = attack_roll(_unit(6), "mob-up", HAS, Enemy("x", Tier.D6))
    assert [(m.steps, m.rule) for m in roll.modifiers] == [(1, "I3.1")]
    assert roll.base is Tier.D6


def test_i1_3_a_power_rolls_wits() -> None:
    lure = TABLES.faction("cable-feeders").unit("Lure")
    assert attack_roll(lure, "attack", HAS, Enemy("x", Tier.D6)).base is Tier.D10


def test_notes_5_3_armour_rerolls_lower_the_chance() -> None:
    plain, armoured = Enemy("plain", Tier.D6), Enemy("armoured", Tier.D6, reroll=2)
    chances = ranked(_unit(6), "attack", HAS, [armoured, plain])
    assert [c.enemy.name for c in chances] == ["plain", "armoured"]
    assert chances[1].chance < Fraction(1, 2) == chances[0].chance


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Mara", r"^an enemy is written NAME=DEFENSE"),
        ("Mara=2d9", r"^enemy 'Mara': bad dice tier '2d9'"),
        ("Mara=2d8,gap=-1", r"^enemy 'Mara': gap must be a number from 0 to 999$"),
        ("Mara=2d8,reroll=4", r"^enemy 'Mara': reroll must be a whole number from 0 to 3$"),
        ("Mara=2d8,cover=1", r"^enemy 'Mara': 'cover=1' is not one of gap=INCHES"),
        ("Mara=2d8,cover,cover", r"^enemy 'Mara': 'cover' is not one of"),
        ("Mara=2d8,hidden", r"^enemy 'Mara': 'hidden' is not one of"),
    ],
)
def test_i1_3_a_badly_written_enemy_is_one_line(text: str, message: str) -> None:
    with pytest.raises(SkirmishError, match=message):
        Enemy.parse(text)


def test_i1_3_the_hostiles_command_names_the_target(cli: Cli) -> None:
    args = ["sacred-wire", "hostiles", "--faction", "feral-crews", "--situation", "has-los"]
    args += ["--unit", "Gunner", "--seed", "4", "--target", "Mara=2d8,gap=6,cover"]
    done = cli(*args, "--target", "Wren=2d6,gap=3")
    assert done.status == 0, done.err
    assert '  Wren: Gunner 2d6; Wren 2d6: 50.0% (1/2), 3" away' in done.out
    assert "-1 DT target in Cover (C4.13) -> 2d4; Mara 2d8: 17.6% (45/256)" in done.out
    assert "It attacks Wren." in done.out


def test_i1_3_an_enemy_named_twice_is_one_line(cli: Cli) -> None:
    args = ("--faction", "feral-crews", "--situation", "has-los", "--unit", "Gunner")
    done = cli("sacred-wire", "hostiles", *args, "--target", "Wren=2d6", "--target", "Wren=2d8")
    assert done.status != 0
    assert done.err.strip() == "error: --target names 'Wren' twice: each enemy once"


def test_i1_3_targets_need_a_unit(cli: Cli) -> None:
    args = ("--faction", "feral-crews", "--situation", "has-los", "--target", "Wren=2d6")
    done = cli("sacred-wire", "hostiles", *args)
    assert done.status != 0
    assert done.err.strip() == (
        "error: --target needs --unit: the chance to hit is the unit's (notes §5.3)"
    )


@pytest.mark.parametrize(
    ("text", "gap", "engaged"),
    [
        ("X=2d8,gap=0.5", 0.5, True),
        ("X=2d8,gap=1", 1.0, True),
        ("X=2d8,gap=1.5", 1.5, False),
        ("X=2d8", None, False),
        ("X=2d8,engaged", None, True),
    ],
)
def test_i1_2_a_target_within_1in_is_engaged(text: str, gap: float | None, engaged: bool) -> None:
    enemy = Enemy.parse(text)
    assert (enemy.gap, enemy.engaged) == (gap, engaged)


def test_i1_3_engaged_it_attacks_the_target_within_1in_unmarked(cli: Cli) -> None:
    # X is 0.5" away, so Engaged though not marked: Z, easier to hit, is 2" away (L704).
    args = ["sacred-wire", "hostiles", "--faction", "scrapers", "--situation", "engaged"]
    args += ["--seed", "3", "--unit", "Pit Boss", "--target", "X=2d8,gap=0.5"]
    done = cli(*args, "--target", "Z=2d4,gap=2")
    assert done.status == 0, done.err
    assert "It attacks X." in done.out and "  Z:" not in done.out


@pytest.mark.parametrize(
    ("situation", "targets", "message"),
    [
        (
            Situation.ENGAGED,
            ["X=2d8,gap=1.5", "Z=2d4"],
            r'^--situation engaged, but no --target is within 1"',
        ),
        (HAS, ["X=2d8,gap=0.5"], r'^--target X is 0\.5" away, so .*: say --situation engaged,'),
        (
            Situation.NO_LOS,
            ["Z=2d4", "X=2d8,engaged"],
            r"^--target X is marked engaged, .*drop X's engaged$",
        ),
    ],
)
def test_i1_2_a_situation_the_targets_contradict_is_refused(
    situation: Situation, targets: list[str], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message):
        check_situation(situation, [Enemy.parse(t) for t in targets])


def test_i1_2_a_target_marked_engaged_beyond_1in_is_refused() -> None:
    with pytest.raises(SkirmishError, match=r'^enemy \'X\': engaged, yet 3" away; .*drop engaged'):
        Enemy.parse("X=2d8,gap=3,engaged")


def test_i1_2_the_hostiles_command_refuses_a_contradicted_situation_in_one_line(cli: Cli) -> None:
    args = ["sacred-wire", "hostiles", "--faction", "scrapers", "--situation", "has-los"]
    done = cli(*args, "--unit", "Pit Boss", "--target", "X=2d8,gap=0.5")
    assert done.status != 0 and done.out == ""
    assert done.err.strip() == (
        'error: --target X is 0.5" away, so the model is Engaged (I1.2): say --situation '
        'engaged, or give X a gap over 1"'
    )


# --- Interrogate (K2.2) -------------------------------------------------------------------------


def _clerk() -> HostileUnit:
    return TABLES.faction("coworkers").unit("Data Clerk")


def test_k2_2_interrogate_table_rows() -> None:
    rows = [(r.roll, r.name, r.gains) for r in TABLES.interrogate]
    assert rows == [
        (2, "False Data", "loses 1 Evidence"),
        (3, "Misdirection", "nothing learned; the interrogator gains a bonus action"),
        (4, "Bribe Offer", "10 subs"),
        (5, "Rumor", "1 Lead"),
        (6, "Cooperates", "1 Evidence"),
        (7, "Talkative", "1 Evidence, 1 Lead"),
        (8, "Full Disclosure", "1 Merit"),
    ]


def test_k2_2_example_e20_teodor_interrogates_a_data_clerk() -> None:
    # Teodor, Wits 2d6, against an unwounded Data Clerk, Wits 2d8, not Cooperating: 5 + 3 = 8
    # beats 4 + 2 = 6; the Clerk is removed and the table's 2d4 = 4 + 2 = 6: Cooperates.
    it = interrogation(Tier.D6, _clerk(), wounded=False, cooperates=False)
    dice = ScriptedDice(
        script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", 4, 2)
    )
    done = interrogate(it, TABLES, dice)
    assert (done.roll.first_total, done.roll.second_total, done.roll.first_wins) == (8, 6, True)
    assert done.row is not None and (done.total, done.row.name, done.row.evidence) == (
        6,
        "Cooperates",
        1,
    )


def test_k2_2_wounded_and_cooperating_each_add_a_die() -> None:
    it = interrogation(Tier.D6, _clerk(), wounded=True, cooperates=True)
    assert [(m.steps, m.rule) for m in it.interrogator.modifiers] == [(1, "K2.2"), (1, "I8.1")]
    assert (it.settled.first, it.settled.second) == (Tier.D10, Tier.D8)


def test_k2_2_a_coworker_that_holds_out_tells_nothing() -> None:
    it = interrogation(Tier.D4, _clerk(), wounded=False, cooperates=False)
    done = interrogate(it, TABLES, ScriptedDice(script("interrogate", 1, 1, "coworker-wits", 4, 4)))
    assert done.row is None and done.faces == ()


def test_k1_3_talkative_adds_one_per_multiple_past_the_first_up_to_the_last_row() -> None:
    it = interrogation(Tier.D12, TABLES.faction("coworkers").unit("Temp"), False, False, True)
    # 12 + 12 = 24 against 1 + 1 = 2: twelve times over, so 11 more: the total reads as row 8.
    dice = ScriptedDice(
        script("interrogate", 12, 12, "coworker-wits", 1, 1, "interrogate-table", 1, 1)
    )
    done = interrogate(it, TABLES, dice)
    assert done.total == 2 + 11 and done.row is not None and done.row.roll == 8


def test_k2_2_interrogate_odds_walk_every_pair() -> None:
    it = interrogation(Tier.D6, _clerk(), wounded=False, cooperates=False)
    odds = interrogation_odds(it, TABLES)
    assert odds.success == Fraction(277, 768)  # notes §5.3: 2d6 against 2d8, 0.3607
    assert [p for _, p in odds.rows] == [Fraction(n, 16) for n in (1, 2, 3, 4, 3, 2, 1)]
    talkative = interrogation_odds(replace(it, talkative=True), TABLES)
    assert sum(p for _, p in talkative.rows) == 1
    assert talkative.rows[-1][1] > Fraction(1, 16)


def test_k2_2_interrogate_odds_agree_with_a_sampled_run() -> None:
    it = interrogation(Tier.D8, _clerk(), wounded=False, cooperates=False, talkative=True)
    odds = interrogation_odds(it, TABLES)
    dice = SeededDice(5)
    runs = 6000
    done = [interrogate(it, TABLES, dice) for _ in range(runs)]
    wins = [d.row.roll for d in done if d.row is not None]
    assert abs(len(wins) / runs - float(odds.success)) < 0.02
    for row, p in odds.rows:
        assert abs(wins.count(row.roll) / len(wins) - float(p)) < 0.03, row.name


def test_k2_2_the_interrogate_command_prints_the_odds_and_a_roll(cli: Cli) -> None:
    args = ("--wits", "2d6", "--coworker", "data clerk", "--roll", "--seed", "3")
    done = cli("sacred-wire", "interrogate", *args)
    assert done.status == 0, done.err
    assert "  The interrogator wins 36.1% (277/768)" in done.out
    assert "  6 Cooperates: 1 Evidence: 18.8% (3/16)" in done.out
    assert "Rolled: Interrogator 2d6 = " in done.out
    answer = json.loads(cli("sacred-wire", "interrogate", *args, "--json").out)
    assert answer["success"] == "277/768" and answer["seed"] == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--wits", "2d7", "--coworker", "Temp"), r"^error: --wits: bad dice tier '2d7'"),
        (("--wits", "2d6", "--coworker", "Intern"), r"^error: Coworkers have no unit 'Intern'"),
        (
            ("--wits", "2d6", "--coworker", "Temp", "--modifier", "chatty"),
            r"^error: no 'chatty' in the Coworker Modifier table; known: standard, skittish",
        ),
    ],
)
def test_k2_2_bad_interrogate_options_are_one_line(
    cli: Cli, args: tuple[str, ...], message: str
) -> None:
    done = cli("sacred-wire", "interrogate", *args)
    assert done.status != 0 and done.out == ""
    assert re.search(message, done.err.strip()), done.err
    assert len(done.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("cluster", "says"),
    [
        (None, "  Count its cluster: 3 or more bring that many Flickers less 2 (I4.1, notes A49)."),
        (2, "  A cluster of 2: too few to Summon (3 or more, I4.1)."),
        (3, "  A cluster of 3: 1 Flicker arrives (I4.1, notes A49)."),
        (6, "  A cluster of 6: 4 Flickers arrive (I4.1, notes A49)."),
    ],
)
def test_i4_1_summon_brings_the_cluster_less_two_flickers(cluster: int | None, says: str) -> None:
    callers = TABLES.faction("wave-callers")
    reading = read(TABLES, callers, 5, HAS, ScriptedDice([]))
    assert reading.behaviour.id == "summon"
    assert says in activation_lines(reading, None, (), cluster)


def test_i4_1_only_wave_callers_take_a_cluster(cli: Cli) -> None:
    args = ("--faction", "scrapers", "--situation", "has-los", "--cluster", "4")
    done = cli("sacred-wire", "hostiles", *args)
    assert done.status != 0
    assert (
        done.err.strip() == "error: only Wave Callers Summon (I4.1): --cluster is not for Scrapers"
    )


def test_c4_11_a_shot_into_melee_costs_one_die_more() -> None:
    gunner = TABLES.faction("feral-crews").unit("Gunner")
    target = Enemy.parse("Pike=2d6,cover,in-melee")
    roll = attack_roll(gunner, "attack", HAS, target)
    assert [(m.steps, m.rule) for m in roll.modifiers] == [(-1, "C4.13"), (-1, "C4.11")]
    boss = TABLES.faction("feral-crews").unit("Boss")
    assert attack_roll(boss, "attack", HAS, target).modifiers == ()


def test_notes_5_3_the_targets_own_defense_steps_count() -> None:
    veteran = Enemy.parse("Vet=2d6,dt=+1")
    (chance,) = ranked(_unit(6), "attack", HAS, [veteran])
    assert chance.settled.second is Tier.D8 and chance.chance == Fraction(277, 768)
    with pytest.raises(SkirmishError, match=r"^enemy 'Vet': dt must be a whole number from -8"):
        Enemy.parse("Vet=2d6,dt=9")


@given(st.sampled_from(list(Tier)), st.sampled_from(list(Tier)))
def test_notes_5_3_chances_to_hit_are_symmetric(attack: Tier, defense: Tier) -> None:
    # Once ties are settled, one side or the other wins: P(x hits y) + P(y hits x) = 1.
    there = ranked(_unit(attack.sides), "attack", HAS, [Enemy("y", defense)])[0].chance
    back = ranked(_unit(defense.sides), "attack", HAS, [Enemy("x", attack)])[0].chance
    assert there + back == 1
