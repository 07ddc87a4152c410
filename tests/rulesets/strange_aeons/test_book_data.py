"""The Strange Aeons rulebook's data: counts against rules notes §3.0, printed figures spot-checked
with their rulebook lines (R:<n>), the provisional entries and the notes' items they follow,
and the load errors for unknown skills, items, rules and keys, repeated ids and bad notation."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from skirmish.errors import RulesDataError
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK, BookCatalog, load_book
from skirmish.rulesets.strange_aeons.rules_data.notation import (
    DiceExpr,
    parse_characteristics,
    parse_dice,
)
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Category,
    RuleSource,
    SkillKind,
    SpecialType,
    Table,
)
from skirmish.rulesets.strange_aeons.rules_data.refs import (
    AtLeast,
    HasPower,
    HasSkill,
    OnlyProfile,
    Requirement,
    RuleRef,
    SkillRef,
    TargetAtMost,
)


@pytest.fixture(scope="module")
def book() -> BookCatalog:
    return load_book()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped rulebook data."""
    folder = tmp_path / "book"
    shutil.copytree(Path(str(BOOK)), folder)
    return folder


def edit(folder: Path, filename: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in a data file of the copy."""
    path = folder / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {filename}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def refusal(folder: Path) -> str:
    with pytest.raises(RulesDataError) as caught:
        load_book(folder)
    message = str(caught.value)
    assert "\n" not in message
    return message


def names_on(book: BookCatalog, table: Table, kind: str) -> list[str]:
    items = book.on_table(table)
    chosen = {"weapon": book.weapons, "ammo": book.ammo, "armour": book.armour, "gear": book.gear}
    return [item.name for item in items if item.id in chosen[kind]]


# --- Counts (notes §3.0) -------------------------------------------------------------------


def test_notes_3_0_threshold_personnel_4(book: BookCatalog) -> None:
    assert [p.name for p in book.personnel.values()] == ["Character", "Agent", "Civilian", "Child"]


def test_notes_3_0_special_agents_13(book: BookCatalog) -> None:
    assert len(book.agents) == 13
    assert {a.primary for a in book.agents.values()} == {SpecialType.HUMAN}


def test_notes_3_0_extra_gear_14_items_at_half_an_ep(book: BookCatalog) -> None:
    gear = [g for g in book.gear.values() if Table.EXTRA_GEAR in g.tables]
    assert len(gear) == 14
    assert {g.ep for g in gear} == {0.5}


def test_notes_3_0_lurker_profiles_67_in_7_categories(book: BookCatalog) -> None:
    assert len(book.lurkers) == 67
    assert Counter(lurker.category for lurker in book.lurkers.values()) == {
        Category.ALIENS: 4,
        Category.BEASTS: 14,
        Category.DAEMONS: 14,
        Category.GHOSTS: 5,
        Category.HUMANS: 13,
        Category.HUMANOIDS: 10,
        Category.UNDEAD: 7,
    }
    # The Daemons count the spawned-only Puppet and the summon-only Tentacle, the Humans the
    # Familiar bought with a Witch (notes §3.0).
    bought = {
        lurker.id: lurker.bought for lurker in book.lurkers.values() if lurker.bought != "list"
    }
    assert bought == {"puppet": "spawned", "tentacle": "summoned", "familiar": "with_witch"}


def test_notes_3_0_relic_and_scenario_profiles_8(book: BookCatalog) -> None:
    assert [p.name for p in book.scenario_profiles.values()] == [
        "Damned Soul",
        "The King",
        "Living Idol (Dormant)",
        "Living Idol (Awakened)",
        "Living Idol (Unleashed)",
        "Ether Being",
        "The Thing in the Well",
        "Dr. Armitage Ackerville",
    ]


def test_notes_3_0_animals_6(book: BookCatalog) -> None:
    assert len(book.animals) == 6
    assert {a.types for a in book.animals.values()} == {(SpecialType.ANIMAL,)}


def test_notes_3_0_general_skills_66_defined_and_2_undefined(book: BookCatalog) -> None:
    general = [s for s in book.skills.values() if s.kind is SkillKind.GENERAL]
    assert len([s for s in general if not s.provisional]) == 66
    assert [s.name for s in general if s.provisional] == ["Heroic", "Grapple"]


def test_notes_3_0_psychic_skills_11_and_nemesis_skills_11(book: BookCatalog) -> None:
    kinds = Counter(s.kind for s in book.skills.values())
    assert kinds[SkillKind.PSYCHIC] == 11
    assert kinds[SkillKind.NEMESIS] == 11


def test_notes_3_0_master_table_9_weapons_7_ammo_2_armour(book: BookCatalog) -> None:
    printed = [w.id for w in book.on_table(Table.MASTER) if "§6 item 3" not in w.follows]
    assert printed == [
        "unarmed",
        "stick",
        "stone",
        "club",
        "knife",
        "handgun_22",
        "blow_pipe",
        "short_bow",
        "handgun_45",
        "buckshot",
        "fire_arrows",
        "hollow_point_bullets",
        "metal_point_arrows",
        "poison_tipped_arrows",
        "rock_salt",
        "silver_bullets",
        "light_armoured_vest",
        "heavy_armoured_vest",
    ]


def test_notes_3_0_weapons_referenced_without_stats_8(book: BookCatalog) -> None:
    # Notes §3.0, §3.9a and §6 item 3: the Master table is abridged; these are supplied.
    supplied = [w.name for w in book.weapons.values() if "§6 item 3" in w.follows]
    assert sorted(supplied) == [
        "Bolt-Action Rifle",
        "Bowie Knife",
        "Cleaver",
        "Double-Barrelled Shotgun",
        "Dynamite",
        "Elephant Gun",
        "Shotgun",
        "Sword",
    ]
    assert all(
        book.weapons[w].provisional and Table.MASTER in book.weapons[w].tables
        for w in ("cleaver", "shotgun", "sword")
    )


def test_notes_3_0_ancient_and_backwoods_tables_9_weapons_4_ammo_2_armour(
    book: BookCatalog,
) -> None:
    both = (Table.ANCIENT, Table.BACKWOODS)
    weapons = [w for w in book.weapons.values() if set(both) & set(w.tables)]
    assert [w.name for w in weapons] == [
        "Unarmed",
        "Stick",
        "Stone",
        "Club",
        "Knife",
        "Short Bow",
        "Long Bow",
        "Molotov Cocktail",
        "Shotgun",
    ]
    assert len([w for w in weapons if w.close]) == 5
    ammo = [a.name for a in book.ammo.values() if set(both) & set(a.tables)]
    assert ammo == ["Buckshot", "Fire Arrows", "Metal Point Arrows", "Poison-Tipped Arrows"]
    # R:1259: + is the Ancient list only, * the Backwoods list only.
    assert names_on(book, Table.ANCIENT, "armour") == ["Light Armoured Vest", "Heavy Armoured Vest"]
    assert names_on(book, Table.BACKWOODS, "armour") == []
    assert book.weapons["molotov_cocktail"].tables == (Table.BACKWOODS,)
    assert Table.ANCIENT not in book.ammo["buckshot"].tables


def test_notes_3_0_alien_table_5_close_3_shared_4_ranged_4_ammo_2_armour(book: BookCatalog) -> None:
    weapons = [w for w in book.weapons.values() if Table.ALIEN in w.tables]
    close = [w for w in weapons if w.close]
    assert len(close) == 5
    assert [w.id for w in close if len(w.tables) > 1] == ["unarmed", "stick", "stone"]
    assert len([w for w in weapons if w.is_ranged]) == 4
    assert names_on(book, Table.ALIEN, "ammo") == [
        "Cryo Canister",
        "Pulse Canister",
        "Shock Canister",
        "Smoke Canister",
    ]
    assert names_on(book, Table.ALIEN, "armour") == ["Light Deflector", "Heavy Deflector"]


def test_notes_3_0_special_branch_10_prototypes_8_weapons_9_lines_2_gear(book: BookCatalog) -> None:
    weapons = [w for w in book.weapons.values() if Table.SPECIAL_BRANCH in w.tables]
    gear = names_on(book, Table.SPECIAL_BRANCH, "gear")
    assert len(weapons) + len(gear) == 10
    assert len(weapons) == 8
    assert sum(len(w.lines) for w in weapons) == 9
    assert gear == ["Invisibility Suit", "Jet Pack"]


def test_notes_3_0_special_weapon_rules_6_in_the_rulebook_4_intro_18_undefined(
    book: BookCatalog,
) -> None:
    sources = Counter(rule.source for rule in book.weapon_rules.values())
    assert sources == {RuleSource.RULEBOOK: 6, RuleSource.INTRO: 4, RuleSource.UNDEFINED: 18}
    printed = [r.name for r in book.weapon_rules.values() if r.source is RuleSource.RULEBOOK]
    assert printed == ["Alien", "Ammo Choice", "AP", "Arc", "Banish", "Blast Template"]


def test_notes_3_4_nemesis_capable_profiles_9(book: BookCatalog) -> None:
    # R:340 names the nine.
    nemesis = [p.name for p in book.lurkers.values() if p.is_a(SpecialType.NEMESIS)]
    assert sorted(nemesis) == [
        "Fishman Demagogue",
        "Ghoul King",
        "High Priest",
        "Kindred Patriarch",
        "Mad Scientist",
        "Mummy",
        "Rogue Threshold Character",
        "Serpentman Demagogue",
        "Witch",
    ]


# --- Printed figures (spot checks) ----------------------------------------------------------


def test_r355_character_4pp_command_two_extra_gear_ten_advancements(book: BookCatalog) -> None:
    character = book.personnel["character"]
    assert str(character.stats) == "5 | 4+ | 6 | 3 | 2 | 3+"
    assert (character.pp, character.free_skills) == (4, 1)
    assert (character.extra_gear, character.advancements) == (2, 10)  # R:460, R:2098
    assert character.skills == (SkillRef("command"),)
    assert character.types == (SpecialType.HUMAN, SpecialType.UNIQUE)


def test_r448_squad_leader_split_is_the_light_armoured_vest(book: BookCatalog) -> None:
    leader = book.agents["squad_leader"]
    stats = leader.stats
    assert (stats.move, stats.move_armoured, stats.con, stats.con_armoured) == (5, 4, 6, 7)
    assert book.armour_of(leader) == (-1, 1)
    assert (leader.pp, leader.ep) == (1, 4)
    assert leader.follows == ("§6 item 38",)


def test_r524_elder_thing_natural_armour_and_spines(book: BookCatalog) -> None:
    elder = book.lurkers["elder_thing"]
    assert elder.points == 13
    assert (elder.stats.con, elder.stats.con_armoured) == (7, 8)
    assert book.armour_of(elder) == (0, 0)  # the point of armour is its own
    spines = elder.close[0]
    assert (spines.name, spines.ccb, spines.damage) == ("Spines", 0, DiceExpr(1, 6, 2))
    assert spines.specials == (RuleRef("ap", 1),)
    assert elder.tables == (Table.ALIEN,)


def test_r553_conqueror_worm_rolled_movement_limited_command_two_shots(book: BookCatalog) -> None:
    worm = book.lurkers["conqueror_worm"]
    assert worm.stats.move == DiceExpr(1, 3, 2)
    assert SkillRef("command", limited=True) in worm.skills
    limit = book.abilities["worm_spawn"].command_only
    assert limit is not None and limit.profiles == ("grave_grub",)
    stream, ball = worm.shots
    assert (stream.range, stream.rate, stream.damage) == (None, 1, DiceExpr(1, 6, 3))
    assert stream.specials == (RuleRef("ap", 1), RuleRef("spray_template", "L"))
    assert (ball.range, ball.damage) == (12, DiceExpr(1, 6, 2))
    assert RuleRef("blast_template", "L") in ball.specials


def test_r582_giant_vermin_rolled_close_combat_bonus(book: BookCatalog) -> None:
    bite = book.lurkers["giant_vermin"].close[0]
    assert bite.ccb == DiceExpr(1, 3, 0)
    assert (bite.ccb.low, bite.ccb.high) == (1, 3)


def test_r613_swarm_1d3_models_a_point_and_its_queen(book: BookCatalog) -> None:
    swarm = book.lurkers["swarm"]
    assert (swarm.points, swarm.models_per_point) == (1, DiceExpr(1, 3, 0))
    queen = book.abilities["queen"]
    assert queen.cost == 1
    assert queen.command_only is not None and queen.command_only.profiles == ("swarm",)
    assert swarm.upgrades == ("queen",)


def test_r656_godling_40_points_and_six_eldritch_powers_at_3(book: BookCatalog) -> None:
    godling = book.lurkers["godling"]
    assert godling.points == 40
    assert str(godling.stats) == "4 | 4+ | 9/11 | 4 | 4 | 2+"
    assert [book.abilities[u].cost for u in godling.upgrades] == [3] * 6
    spit = book.abilities["spit_goo"].shots[0]
    assert (spit.range, spit.damage) == (10, DiceExpr(0, 6, 0))
    assert RuleRef("ensnare") in spit.specials
    assert book.lurkers["god_spawn"].upgrades == godling.upgrades  # Minor God, R:672


def test_r716_banshee_figures_against_blessed_in_parentheses(book: BookCatalog) -> None:
    stats = book.lurkers["banshee"].stats
    assert (stats.dex, stats.con, stats.attacks, stats.wounds, stats.resolve) == (
        3,
        5,
        None,
        1,
        None,
    )
    assert stats.against_blessed == frozenset({"Con", "W"})
    scream = book.lurkers["banshee"].shots[0]
    assert (scream.range, scream.rate, scream.damage) == (8, 1, DiceExpr(0, 6, 0))


def test_r726_poltergeist_wounds_read_in_parentheses(book: BookCatalog) -> None:
    poltergeist = book.lurkers["poltergeist"]
    assert poltergeist.stats.attacks == DiceExpr(1, 3, 0)
    assert poltergeist.stats.against_blessed == frozenset({"Con", "A", "W"})
    assert poltergeist.follows == ("§6 item 35",)
    assert poltergeist.shots[0].rate == DiceExpr(1, 6, 0)  # Kinesis, Rate 1D6


def test_r753_degenerate_rolled_resolve_and_violator(book: BookCatalog) -> None:
    degenerate = book.lurkers["degenerate"]
    assert degenerate.stats.resolve == DiceExpr(1, 6, 0)
    assert (degenerate.free_gear_ep, degenerate.tables) == (0.5, (Table.BACKWOODS,))
    assert book.abilities["violator"].as_skill == "violator"


def test_r788_mad_scientist_dex_4_read_as_4_plus_with_a_scalpel(book: BookCatalog) -> None:
    scientist = book.lurkers["mad_scientist"]
    assert scientist.stats.dex == 4
    assert scientist.follows == ("§6 item 34",)
    (scalpel,) = scientist.gear
    assert (scalpel.item, scalpel.name) == ("knife", "Scalpel")


def test_r823_familiar_one_point_with_a_witch(book: BookCatalog) -> None:
    familiar = book.lurkers["familiar"]
    assert (familiar.points, familiar.bought) == (1, "with_witch")
    assert familiar.follows == ("§6 item 28",)
    assert familiar.types == (SpecialType.DAEMON, SpecialType.BEAST)


def test_r833_fishman_movement_1d6_plus_1_as_printed(book: BookCatalog) -> None:
    # The example of play moves it 1D6+2 (R:2116); the profile wins (notes §6 item 22).
    fishman = book.lurkers["fishman"]
    assert fishman.stats.move == DiceExpr(1, 6, 1)
    assert (fishman.stats.con, fishman.stats.con_armoured) == (6, 7)
    claws = fishman.close[0]
    assert (claws.ccb, claws.damage, claws.specials) == (2, DiceExpr(1, 6, 3), ())


def test_r883_ancient_warrior_light_armour_splits(book: BookCatalog) -> None:
    warrior = book.lurkers["ancient_warrior"]
    assert str(warrior.stats) == "4/3 | 5+ | 5/6 | 2 | 2 | 5+"
    assert warrior.gear[0].item == "light_armoured_vest"
    assert book.abilities["archaic_shaman"].cost == 3


def test_r993_living_idol_dormant_is_an_inanimate_object(book: BookCatalog) -> None:
    idol = book.scenario_profiles["living_idol_dormant"]
    assert idol.types == (SpecialType.INANIMATE_OBJECT,)
    assert (idol.stats.move, idol.stats.dex, idol.stats.con, idol.stats.wounds) == (
        None,
        None,
        8,
        5,
    )


def test_r1387_heavy_horse(book: BookCatalog) -> None:
    horse = book.animals["heavy_horse"]
    assert (horse.ep, str(horse.stats)) == (2, "6 | 4+ | 7 | 1 | 2 | 5+")
    assert horse.close[0].damage == DiceExpr(1, 6, 3)
    assert horse.abilities == ("bolt", "mount")


def test_r1242_45_handgun_as_printed_without_ap(book: BookCatalog) -> None:
    # The example gives it AP1 (R:2126); the table is the data (notes §6 item 21).
    (line,) = book.weapons["handgun_45"].ranged
    assert (line.range, line.rate, line.damage, line.specials) == (10, 1, DiceExpr(1, 6, 2), ())
    assert book.weapons["handgun_45"].ep == 1


def test_r1327_heat_ray_one_item_two_settings(book: BookCatalog) -> None:
    low, high = book.weapons["heat_ray"].ranged
    assert (low.name, low.range, low.damage) == ("Low", 8, DiceExpr(1, 6, 4))
    assert (high.name, high.range, high.damage) == ("High", 6, DiceExpr(1, 6, 6))
    assert RuleRef("dangerous") in high.specials and RuleRef("dangerous") not in low.specials
    assert book.weapons["heat_ray"].ep == 4
    assert book.weapons["net_gun"].shots_per_game == 3  # R:1334
    assert book.weapons["hand_cannon"].ranged[0].rate == DiceExpr(1, 3, 2)  # R:1322


def test_r1243_ammunition_changes(book: BookCatalog) -> None:
    salt = book.ammo["rock_salt"]
    assert (salt.damage, salt.specials) == (DiceExpr(0, 6, 0), (RuleRef("banish"),))
    silver = book.ammo["silver_bullets"]
    assert (silver.damage_bonus, silver.only_against) == (2, ("werewolf", "wolfman"))
    hollow = book.ammo["hollow_point_bullets"]
    assert (hollow.damage_bonus, hollow.range_bonus) == (1, -2)
    assert book.ammo["metal_point_arrows"].ap_bonus == 1


def test_r1112_skill_requirements(book: BookCatalog) -> None:
    assert book.skills["parry"].requires == (Requirement((AtLeast("attacks", 3),)),)
    assert book.skills["throw"].requires == (
        Requirement((AtLeast("con", 7), AtLeast("wounds", 3))),
    )
    assert book.skills["ambush"].requires == (Requirement((TargetAtMost("dex", 4),)),)
    assert book.skills["bend_bullets"].requires == (
        Requirement((HasPower("telekinesis"),)),
        Requirement((HasSkill("psychic_throw"),)),
    )
    assert book.skills["battle_croak"].requires == (
        Requirement((OnlyProfile("fishman_demagogue"),)),
    )


def test_r1163_tough_and_the_immolator_shot(book: BookCatalog) -> None:
    assert book.skills["tough"].requires == ()
    (ball,) = book.skills["immolator"].shots
    assert (ball.range, ball.damage) == (8, DiceExpr(1, 6, 2))
    assert ball.specials == (RuleRef("ap", 2), RuleRef("blast_template", "S"), RuleRef("fire"))


# --- Provisional entries --------------------------------------------------------------------


def test_provisional_entries_and_the_notes_items_they_follow(book: BookCatalog) -> None:
    tables = {
        "weapon": book.weapons,
        "skill": book.skills,
        "rule": book.weapon_rules,
        "lurker": book.lurkers,
        "ability": book.abilities,
        "gear": book.gear,
    }
    provisional = {
        (table, entry.id): entry.follows
        for table, entries in tables.items()
        for entry in entries.values()
        if entry.provisional
    }
    placeholder = ("§6 item 4",)
    assert provisional == {
        ("weapon", "shotgun"): ("§6 item 3", "§6 item 19", "§6 item 20"),
        ("weapon", "bowie_knife"): ("§6 item 3",),
        ("weapon", "cleaver"): ("§6 item 3", "§6 item 23"),
        ("weapon", "sword"): ("§6 item 3",),
        ("weapon", "double_barrelled_shotgun"): ("§6 item 3", "§6 item 20"),
        ("weapon", "dynamite"): ("§6 item 3", "§6 item 12"),
        ("weapon", "bolt_action_rifle"): ("§6 item 3",),
        ("weapon", "elephant_gun"): ("§6 item 3",),
        ("skill", "heroic"): ("§6 item 6",),
        ("skill", "grapple"): ("§6 item 6",),
        ("rule", "close_range"): ("§6 item 20",),
        ("rule", "parry"): placeholder,
        ("rule", "power"): ("§6 item 4", "§6 item 20"),
        ("rule", "unarmed"): ("§6 item 4", "§6 item 46"),
        ("rule", "ready"): ("§6 item 4", "§6 item 57"),
        ("rule", "spray_template"): ("§6 item 4", "§6 item 5", "§6 item 11"),
        **{
            ("rule", rule): placeholder
            for rule in (
                "bulky",
                "chill",
                "confusion",
                "dangerous",
                "disrupt",
                "ensnare",
                "fire",
                "loader",
                "poison",
                "prototype",
                "repel",
                "scrounged",
                "one_shot",
                "two_hand",
                "strafe",
                "stun",
            )
        },
    }
    assert all(
        entry.note for entries in tables.values() for entry in entries.values() if entry.provisional
    )


def test_readings_of_printed_entries_cite_their_item_without_being_provisional(
    book: BookCatalog,
) -> None:
    readings = {p.id: p.follows for p in book.profiles.values() if p.follows and not p.provisional}
    assert readings == {
        "squad_leader": ("§6 item 38",),
        "poltergeist": ("§6 item 35",),
        "mad_scientist": ("§6 item 34",),
        "familiar": ("§6 item 28",),
        "ancient_warrior": ("§3.9a",),
    }


# --- Refusals: one line naming the file and the record --------------------------------------


def test_refused_unknown_skill_on_a_profile(data_copy: Path) -> None:
    edit(data_copy, "lurkers.toml", 'skills = ["swim"]', 'skills = ["swimm"]')
    message = refusal(data_copy)
    assert "lurkers.toml: lurker 'elder_thing': unknown skill 'swimm' (did you mean 'swim'?)" in (
        message
    )


def test_refused_unknown_weapon_carried(data_copy: Path) -> None:
    edit(data_copy, "personnel.toml", 'gear = ["bolt_action_rifle"]', 'gear = ["bolt_rifle"]')
    with pytest.raises(
        RulesDataError, match=r"personnel\.toml: agent 'sniper': unknown item 'bolt_rifle'"
    ):
        load_book(data_copy)


def test_refused_unknown_weapon_rule_on_a_weapon(data_copy: Path) -> None:
    edit(
        data_copy,
        "weapons.toml",
        'damage = "1D+1", specials = ["poison"]',
        'damage = "1D+1", specials = ["poisson"]',
    )
    with pytest.raises(
        RulesDataError, match=r"weapons\.toml: weapon 'blow_pipe': unknown weapon rule 'poisson'"
    ):
        load_book(data_copy)


def test_refused_weapon_rule_missing_its_number(data_copy: Path) -> None:
    edit(data_copy, "prototypes.toml", '"stun", "ap[2]", "prototype"', '"stun", "ap", "prototype"')
    with pytest.raises(
        RulesDataError,
        match=r"prototypes\.toml: weapon 'stun_pistol': weapon rule 'ap' takes a number",
    ):
        load_book(data_copy)


def test_refused_unknown_ability_and_upgrade_without_cost(data_copy: Path) -> None:
    edit(data_copy, "lurkers.toml", 'upgrades = ["queen"]', 'upgrades = ["tiny"]')
    with pytest.raises(
        RulesDataError, match=r"lurkers\.toml: lurker 'swarm': upgrade 'tiny' has no cost"
    ):
        load_book(data_copy)


def test_refused_limited_command_without_its_limit(data_copy: Path) -> None:
    edit(data_copy, "lurkers.toml", 'abilities = ["pharaonic_authority"]', "abilities = []")
    with pytest.raises(
        RulesDataError, match=r"lurker 'mummy': a limited Command needs one ability"
    ):
        load_book(data_copy)


def test_refused_unknown_special_type(data_copy: Path) -> None:
    edit(
        data_copy,
        "lurkers.toml",
        'types = ["alien", "hideous"]\nclose = [{ name = "Spines"',
        'types = ["alien", "ethereal"]\nclose = [{ name = "Spines"',
    )
    message = refusal(data_copy)
    assert "lurkers.toml: lurker[0].types[1] ('Elder Thing'): Input should be 'alien'" in message


def test_refused_extra_field(data_copy: Path) -> None:
    edit(data_copy, "gear.toml", 'id = "whip"', 'id = "whip"\ncolour = "black"')
    message = refusal(data_copy)
    assert "gear.toml: gear[11].colour ('Whip'): Extra inputs are not permitted" in message


def test_refused_duplicate_id_in_a_file(data_copy: Path) -> None:
    edit(data_copy, "skills.toml", 'id = "accurate"', 'id = "accountant"')
    message = refusal(data_copy)
    assert message.endswith("skills.toml: skill 'accountant': the id is used twice")


def test_refused_duplicate_id_across_files(data_copy: Path) -> None:
    edit(data_copy, "animals.toml", 'id = "falcon"', 'id = "swarm"')
    message = refusal(data_copy)
    assert message.endswith(
        "animals.toml: animal 'swarm': the id is used twice (first in lurkers.toml: lurker)"
    )


def test_refused_bad_stat_row(data_copy: Path) -> None:
    edit(
        data_copy,
        "personnel.toml",
        'stats = "4 | 6+ | 4 | 1 | 1 | 6+"',
        'stats = "4 | 7+ | 4 | 1 | 1 | 6+"',
    )
    message = refusal(data_copy)
    assert "personnel.toml: personnel[3].stats ('Child')" in message
    assert "a target number is written '2+' to '6+', got '7+'" in message


def test_refused_provisional_without_its_items(data_copy: Path) -> None:
    edit(
        data_copy,
        "skills.toml",
        'follows = ["§6 item 6"]\nnote = "named on profiles',
        'note = "named on profiles',
    )
    message = refusal(data_copy)
    assert "skills.toml: skill[66] ('Heroic')" in message
    assert "a provisional entry names the notes' items it follows" in message


def test_refused_armour_split_that_does_not_add_up(data_copy: Path) -> None:
    edit(data_copy, "personnel.toml", 'stats = "5/4 | 5+ | 6/7', 'stats = "5/3 | 5+ | 6/7')
    with pytest.raises(
        RulesDataError, match=r"agent 'squad_leader': Movement 5 -1 is not the printed 3"
    ):
        load_book(data_copy)


def test_refused_ammunition_for_a_weapon_that_does_not_shoot(data_copy: Path) -> None:
    edit(
        data_copy,
        "weapons.toml",
        'weapons = ["handgun_22", "handgun_45"]',
        'weapons = ["handgun_22", "knife"]',
    )
    with pytest.raises(
        RulesDataError, match=r"ammo 'silver_bullets': weapon 'knife' does not shoot"
    ):
        load_book(data_copy)


# --- Notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected", "shown"),
    [
        ("1D3+2", DiceExpr(1, 3, 2), "1D3+2"),
        ("1D6", DiceExpr(1, 6, 0), "1D6"),
        ("1D+2", DiceExpr(1, 6, 2), "1D6+2"),
        ("1D-1", DiceExpr(1, 6, -1), "1D6-1"),
        ("0", DiceExpr(0, 6, 0), "0"),
    ],
)
def test_notes_0_dice_notation(text: str, expected: DiceExpr, shown: str) -> None:
    assert parse_dice(text) == expected
    assert str(expected) == shown


def test_notes_0_damage_written_as_the_book_writes_it() -> None:
    assert [parse_dice(t).as_damage for t in ("1D+2", "1D", "1D-1", "0")] == [
        "1D+2",
        "1D",
        "1D-1",
        "0",
    ]


def test_every_stat_row_reads_back_as_written(book: BookCatalog) -> None:
    for profile in book.profiles.values():
        assert parse_characteristics(str(profile.stats)) == profile.stats


def test_stat_row_needs_six_cells() -> None:
    with pytest.raises(ValueError, match="a stat row has 6 cells"):
        parse_characteristics("5 | 4+ | 6 | 3 | 2")
