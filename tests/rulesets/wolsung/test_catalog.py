"""The Wolsung SSG catalogue: counts against notes §3, printed values spot-checked with their
rulebook lines, and the load errors for bad keywords, references and files."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from skirmish.errors import RulesDataError
from skirmish.rulesets.wolsung.rules_data.catalog import DATA, WolsungCatalog, load_catalog
from skirmish.rulesets.wolsung.rules_data.records import (
    Bonus,
    KeywordKind,
    KeywordRef,
    Profile,
    Suit,
)
from skirmish.rulesets.wolsung.rules_data.spell_effects import Shield, Until


@pytest.fixture(scope="module")
def catalog() -> WolsungCatalog:
    return load_catalog()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped data folder."""
    folder = tmp_path / "data"
    shutil.copytree(Path(str(DATA)), folder)
    return folder


def edit(folder: Path, filename: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in a data file of the copy."""
    path = folder / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {filename}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def refusal(folder: Path) -> str:
    with pytest.raises(RulesDataError) as caught:
        load_catalog(folder)
    message = str(caught.value)
    assert "\n" not in message
    return message


# --- Counts (notes §3) ---------------------------------------------------------------------


def test_wolsung_races_8_templates(catalog: WolsungCatalog) -> None:
    names = [race.name for race in catalog.races.values()]
    assert names == ["Human", "Elf", "Orc", "Troll", "Ogre", "Gnome", "Halfling", "Dwarf"]
    assert {race.base_mm for race in catalog.races.values()} == {30}
    assert {race.profile.A for race in catalog.races.values()} == {2}


def test_wolsung_racial_gadget_pools_36_rows_21_names(catalog: WolsungCatalog) -> None:
    rows = {race.id: race.pool for race in catalog.races.values()}
    sizes = {race: len(pool) for race, pool in rows.items()}
    assert sizes == {
        "human": 6,
        "elf": 4,
        "orc": 5,
        "troll": 6,
        "ogre": 3,
        "gnome": 3,
        "halfling": 3,
        "dwarf": 6,
    }
    printed = {
        row.printed or catalog.gadgets[row.gadget].name for pool in rows.values() for row in pool
    }
    assert len(printed) == 21
    # The +1F aliases are one gadget (§7 item 46), so 21 printed names make 19 gadgets.
    assert len({row.gadget for pool in rows.values() for row in pool}) == 19


def test_wolsung_clubs_3(catalog: WolsungCatalog) -> None:
    names = [club.name for club in catalog.clubs.values()]
    assert names == ["Ash and Oak Club", "Inventors Club", "Triad of Lotus Dragon"]
    for club in catalog.clubs.values():
        assert len(club.races) == 8


def test_wolsung_club_gadgets_15(catalog: WolsungCatalog) -> None:
    sizes = {club.id: len(club.gadgets) for club in catalog.clubs.values()}
    assert sizes == {"ash_and_oak": 2, "inventors": 5, "triad": 8}


def test_wolsung_professions_10_of_12(catalog: WolsungCatalog) -> None:
    assert len(catalog.professions) == 10
    inventors = catalog.clubs["inventors"]
    assert inventors.unprinted_suits == (Suit.HEARTS, Suit.CLUBS)
    assert [p.name for p in inventors.professions] == ["Golemologist", "Technomage"]


def test_wolsung_named_heroes_15_five_per_club(catalog: WolsungCatalog) -> None:
    assert len(catalog.heroes) == 15
    assert Counter(hero.club for hero in catalog.heroes.values()) == {
        "ash_and_oak": 5,
        "inventors": 5,
        "triad": 5,
    }


def test_wolsung_henchmen_13_profiles(catalog: WolsungCatalog) -> None:
    assert len(catalog.henchmen) == 13
    hired = [h.name for h in catalog.henchmen.values() if h.cost is not None]
    brought = {h.name: h.count for h in catalog.henchmen.values() if h.comes_with is not None}
    assert len(hired) == 10
    assert brought == {"Hound": 2, "Mirror Servant": 3, "Golem": 1}


def test_wolsung_named_equipment_34_items(catalog: WolsungCatalog) -> None:
    models = [*catalog.heroes.values(), *catalog.henchmen.values()]
    assert sum(len(model.gear) for model in models) == 34


def test_wolsung_ranged_weapons_22_rows_20_profiles(catalog: WolsungCatalog) -> None:
    assert len(catalog.ranged) == 22
    profiles = {
        (w.strength, w.guns, w.bands, w.traits) for w in catalog.ranged.values() if w.is_complete
    }
    incomplete = [w.id for w in catalog.ranged.values() if not w.is_complete]
    assert incomplete == ["buzzardo_rifle", "galvanic_rifle"]
    # Two pairs repeat a profile: the example Pistol and the Butler's, the two Scorchers.
    assert len(profiles) + len(incomplete) == 20


def test_wolsung_melee_weapons_9(catalog: WolsungCatalog) -> None:
    assert len(catalog.melee) == 9


def test_wolsung_spells_10(catalog: WolsungCatalog) -> None:
    assert [spell.name for spell in catalog.spells.values()] == [
        "Lightning",
        "Mind Control",
        "Inspire",
        "Command",
        "Shimmer Field",
        "Deflecting Astral Field",
        "Mistification",
        "Ki Strike",
        "Leech Soul",
        "Bloodboil",
    ]


def test_wolsung_universal_special_rules_8(catalog: WolsungCatalog) -> None:
    printed = [
        k.name for k in catalog.keywords.values() if k.kind is KeywordKind.UNIVERSAL and not k.house
    ]
    assert printed == [
        "Beginner's Luck",
        "Hypnotic Aura",
        "Move Penalty",
        "Quick",
        "Fast shot",
        "Fast strike",
        "Fiery Passion",
        "Hard to Kill",
    ]
    heroic = [k.name for k in catalog.keywords.values() if k.kind is KeywordKind.HERO]
    assert heroic == ["Heroic Recovery", "Heroic Move", "Heroic Deed"]


def test_wolsung_house_keywords_cite_the_notes(catalog: WolsungCatalog) -> None:
    house = {k.id: k.house_ref for k in catalog.keywords.values() if k.house}
    assert house["armour_piercing"] == "§7 item 55"
    assert house["gruesome_damage"] == "§7 item 56"
    assert house["magic_protection"] == "§7 item 53"
    assert all(ref and ref.startswith("§") for ref in house.values())


def test_wolsung_provisional_entries_follow_section_7(catalog: WolsungCatalog) -> None:
    tables = {
        "ranged": catalog.ranged,
        "melee": catalog.melee,
        "gadget": catalog.gadgets,
        "club": catalog.clubs,
        "hero": catalog.heroes,
        "henchman": catalog.henchmen,
    }
    provisional = {
        (table, entry.id)
        for table, entries in tables.items()
        for entry in entries.values()
        if entry.provisional
    }
    assert provisional == {
        ("ranged", "buzzardo_rifle"),
        ("ranged", "galvanic_rifle"),
        ("ranged", "lab_flask"),
        ("gadget", "buzzardo_rifle"),
        ("gadget", "galvanic_rifle"),
        ("gadget", "matter_shifter"),
        ("gadget", "shapeshifter_tattoos"),
        ("gadget", "lab_flask"),
        ("club", "inventors"),
        ("hero", "snorri"),
        ("henchman", "gnome_golem"),
    }
    unavailable = {g.id for g in catalog.gadgets.values() if not g.available}
    assert unavailable == {"buzzardo_rifle", "galvanic_rifle", "shapeshifter_tattoos"}


# --- Printed values ------------------------------------------------------------------------


def test_wolsung_race_profiles_as_printed(catalog: WolsungCatalog) -> None:
    # L268, L334, L368: Human, Ogre and Halfling basic profiles and Funds.
    assert catalog.races["human"].profile == Profile(A=2, M=5, F=3, S=3, G=3, R=3, W=9)
    assert catalog.races["ogre"].profile == Profile(A=2, M=5, F=4, S=6, G=2, R=2, W=15)
    assert catalog.races["halfling"].profile == Profile(A=2, M=6, F=2, S=1, G=3, R=5, W=7)
    assert [r.funds for r in catalog.races.values()] == [6, 5, 5, 5, 3, 5, 6, 6]
    assert catalog.races["orc"].abilities == (KeywordRef("magic_protection", 1),)


def test_wolsung_character_creation_funds(catalog: WolsungCatalog) -> None:
    # G7 (L411): an Ash and Oak Elf pays 1 for its Vocation, keeping 4 of 5 Funds.
    ash = catalog.clubs["ash_and_oak"]
    assert catalog.races["elf"].funds - ash.vocation_cost_by_race["elf"] == 4
    # G8 (L255): Human 6 - Man about town 2 - Windbüchse 2 - Hidden Umbrella Blade 1 = 1.
    spent = [catalog.professions["man_about_town"].cost]
    spent += [catalog.gadgets[g].cost or 0 for g in ("windbuchse", "fighting_bands")]
    assert catalog.races["human"].funds - sum(spent) == 1


def test_wolsung_armor_of_damnation_on_an_orc(catalog: WolsungCatalog) -> None:
    # G12 (L746): 2/5/4/3/3/4/8 becomes A2 M4 F5 S9 G3 R3 W14, Armour 4.
    armour = catalog.gadgets["armor_of_damnation"]
    base = catalog.races["orc"].profile
    raised = {stat: base.stat(stat) + armour.bonus.stat(stat) for stat in "AMFSGRW"}
    assert raised == {"A": 2, "M": 4, "F": 5, "S": 9, "G": 3, "R": 3, "W": 14}
    assert armour.armour == 4


def test_wolsung_named_hero_profiles(catalog: WolsungCatalog) -> None:
    oakroot = catalog.heroes["oakroot"]  # X13, L427-L440
    assert oakroot.profile == Profile(A=2, M=6, F=9, S=2, G=3, R=5, W=9)
    assert oakroot.printed_base == {"F": 6, "R": 4}
    assert (oakroot.suit, oakroot.funds) == (Suit.SPADES, 1)
    snorri = catalog.heroes["snorri"]  # L658-L668
    assert (snorri.base_mm, snorri.profile.A, snorri.profile.W) == (40, 3, 12)
    assert catalog.heroes["ingrid"].funds == 0  # "NO FUNDS", §7 item 80
    assert catalog.heroes["wandering_actor"].suit is None  # §7 item 97
    assert catalog.heroes["phoenix"].profile.S == 7  # X16: 4 + Fire Sabre 3


def test_wolsung_named_hero_armour_and_magic(catalog: WolsungCatalog) -> None:
    thorvald = catalog.heroes["thorvald"]  # Reflector Field: Armour [3] against shooting only
    assert catalog.armour_of(thorvald) == 0
    assert catalog.armour_of(thorvald, shooting=True) == 3
    assert catalog.magic_ability_of(thorvald) == 4
    assert thorvald.spells == ("lightning", "shimmer_field", "deflecting_astral_field")
    assert catalog.armour_of(catalog.heroes["zachary_third"]) == 1
    cheng = catalog.heroes["mr_cheng"]  # Ring of Ichiko, L784
    assert cheng.magic_ability is None
    assert catalog.magic_ability_of(cheng) == 2
    assert catalog.magic_ability_of(catalog.heroes["mary_fearless"]) is None


def test_wolsung_henchman_profiles(catalog: WolsungCatalog) -> None:
    golem = catalog.henchmen["security_golem"]  # L679-L687
    assert (golem.base_mm, golem.cost, golem.profile.S, golem.armour) == (40, 3, 8, 8)
    bruiser = catalog.henchmen["bruiser"]  # L514-L522, Bodyguard livery
    assert bruiser.profile == Profile(A=2, M=5, F=4, S=7, G=2, R=2, W=15)
    assert catalog.armour_of(bruiser) == 1
    hound = catalog.henchmen["hound"]
    assert (hound.cost, hound.comes_with, hound.profile.M) == (None, "zachary_third", 9)


def test_wolsung_weapon_bands_inclusive(catalog: WolsungCatalog) -> None:
    # X7 (L84-L87, L107): the example Pistol, +1 / -1 / -2 up to 8 / 16 / 24 inches.
    pistol = catalog.ranged["pistol_example"]
    mods = [pistol.band_at(d) for d in (8.0, 8.01, 16.0, 24.0)]
    assert [band.mod for band in mods if band] == [1, -1, -1, -2]
    assert pistol.band_at(24.01) is None
    # A model placed at exactly a bound, as a measure between two models carries it.
    assert [
        b.mod for b in (pistol.band_at(8.000000000000002), pistol.band_at(24.000000000000004)) if b
    ] == [1, -2]
    assert catalog.ranged["nitro_express"].band_at(24.5) is None  # G24
    sun_spear = catalog.ranged["sun_spear"]
    assert sun_spear.max_range == float("inf")
    far = sun_spear.band_at(1000.0)
    assert far is not None and far.mod == 0


def test_wolsung_weapon_rows_as_printed(catalog: WolsungCatalog) -> None:
    rifle = catalog.ranged["hunting_rifle"]  # L533
    assert rifle.strength == 6
    assert [(b.max, b.mod) for b in rifle.bands] == [(8, 0), (16, -1), (24, -2)]
    assert rifle.traits == (KeywordRef("move_penalty", 2),)
    dwarf = catalog.ranged["pigeon_gun_dwarf"]  # L397, unlike the Human one (§7 item 51)
    assert [(b.max, b.mod) for b in dwarf.bands] == [(6, 1), (12, 0), (24, -2)]
    assert catalog.ranged["windbuchse"].guns == 1  # L420
    crossbow = catalog.ranged["repeater_crossbow"]  # L313
    assert [str(t) for t in crossbow.traits] == ["armour_piercing[2]", "fast_shot[2]"]
    sabre = catalog.melee["duellists_sabre"]  # L748
    assert (sabre.fight, sabre.strength, sabre.traits) == (4, 0, (KeywordRef("single_opponent"),))
    assert catalog.melee["golemic_limb"].strength == 4  # L568


def test_wolsung_spells_as_printed(catalog: WolsungCatalog) -> None:
    ki = catalog.spells["ki_strike"]  # L777
    assert (ki.type, ki.cost, ki.range, ki.strength) == ("projectile", 1, 12, 6)
    inspire = catalog.spells["inspire"]  # L460
    assert (inspire.type, inspire.difficulty, inspire.cost, inspire.range) == ("buff", 2, 1, 12)
    field = catalog.spells["deflecting_astral_field"]  # L596
    assert (field.type, field.difficulty, field.cost) == ("aura", 2, 2)
    assert field.effects == (Shield(10, Until.END_OF_TURN, armour=2),)
    assert catalog.spells["lightning"].strength == 3  # L594
    assert catalog.spells["bloodboil"].type == "attack_or_buff"  # §7 item 96


def test_wolsung_gadget_pools_by_printed_name(catalog: WolsungCatalog) -> None:
    troll = {row.gadget: row for row in catalog.races["troll"].pool}
    assert troll["fighting_bands"].printed == "Magical Warpaint/Shanginian Fighting Bands"
    bulletproof = catalog.gadgets["bulletproof_suit"]  # L327, Armour per §7 item 45
    assert (bulletproof.cost, bulletproof.common, bulletproof.armour) == (2, True, 3)
    assert catalog.gadgets["matter_shifter"].cost == 2  # §7 item 77
    assert catalog.gadgets["weekly_ritualism"].bonus == Bonus(MA=1)


# --- Refusals ------------------------------------------------------------------------------


def test_wolsung_unknown_keyword_refused(data_copy: Path) -> None:
    edit(data_copy, "heroes.toml", '"hypnotic_aura", "do_not_be_silly"', '"hypnotic_aur"')
    message = refusal(data_copy)
    assert "heroes.toml: hero 'oakroot': unknown keyword 'hypnotic_aur'" in message
    assert "(did you mean 'hypnotic_aura'?)" in message


def test_wolsung_keyword_value_refused(data_copy: Path) -> None:
    edit(data_copy, "weapons.toml", '"quick", "hidden"', '"quick[1]", "hidden"')
    edit(data_copy, "weapons.toml", 'traits = ["move_penalty[1]"]', 'traits = ["move_penalty"]')
    with pytest.raises(RulesDataError, match=r"ranged 'virtue': keyword 'quick\[1\]' takes no"):
        load_catalog(data_copy)
    assert "ranged 'nitro_express': keyword 'move_penalty' needs a value" in refusal(data_copy)


def test_wolsung_bad_cross_reference_refused(data_copy: Path) -> None:
    edit(data_copy, "heroes.toml", 'gear = ["colt_navy"]', 'gear = ["harper_sword"]')
    edit(data_copy, "henchmen.toml", 'race = "ogre"', 'race = "goblin"')
    message = refusal(data_copy)
    assert "hero 'mary_fearless': gadget 'harper_sword' is neither its own nor in" in message
    assert "henchman 'bruiser': unknown race 'goblin'" in message
    # Mary's Colt Navy is now carried by no one.
    assert "gadget 'colt_navy': its owner 'mary_fearless' does not carry it" in message


def test_wolsung_wrong_value_types_refused(data_copy: Path) -> None:
    edit(data_copy, "races.toml", "funds = 3", 'funds = "3"')
    edit(data_copy, "races.toml", 'name = "Dwarf"', 'name = "Dwarf"\nheight = 4')
    message = refusal(data_copy)
    assert "races.toml: race[4].funds ('Ogre'): Input should be a valid integer" in message
    assert message.endswith("(and 1 more problems)")  # the second: race[7].height


def test_wolsung_missing_file_refused(data_copy: Path) -> None:
    (data_copy / "henchmen.toml").unlink()
    with pytest.raises(RulesDataError, match=r"no such file: .*henchmen\.toml"):
        load_catalog(data_copy)


# One edit each: (file, printed text, broken text, what the one-line error must say).
SINGLE_EDIT_REFUSALS = {
    "L399-unknown-club": (
        "heroes.toml",
        'club = "triad"\nrace = "orc"\nbase_mm = 30\nfunds = 5',
        'club = "triads"\nrace = "orc"\nbase_mm = 30\nfunds = 5',
        r"hero 'wandering_actor': unknown club 'triads' \(did you mean 'triad'\?\)",
    ),
    "L432-printed-base-plus-gear": (
        "heroes.toml",
        "printed_base = { S = 4 }",
        "printed_base = { S = 5 }",
        r"hero 'phoenix': S base 5 \+ gear \+3 is not the printed 7",
    ),
    "L171-spell-cost-0-to-2": (
        "spells.toml",
        "cost = 2",
        "cost = 3",
        r"spell\[5\]\.cost \('Deflecting Astral Field'\)",
    ),
    "L107-bands-grow": (
        "weapons.toml",
        "{ max = 6, mod = 2 }, { max = 12, mod = 1 }",
        "{ max = 12, mod = 2 }, { max = 6, mod = 1 }",
        r"ranged\[5\] \(\"Peruzzi's Pocket Crossbow/Handmade Sling\"\): band bounds must grow",
    ),
    "L282-incomplete-row-provisional": (
        "weapons.toml",
        "line = 282\navailable = false\nprovisional = true\n",
        "line = 282\n",
        r"Buzzardo's Hunting Rifle\"\): a row with a missing Strength or modifier must be "
        r"unavailable",
    ),
    "L777-unknown-spell-effect": (
        "spells.toml",
        'effects = ["topple"]',
        'effects = ["toplpe"]',
        r"spell\[7\]\.effects\[0\] \('Ki Strike'\): unknown spell effect 'toplpe' \(did you mean "
        r"'topple'\?\)",
    ),
    "L775-gained-rule-is-a-keyword": (
        "spells.toml",
        'effects = ["gain mistwalker end_of_turn"]',
        'effects = ["gain mistwalking end_of_turn"]',
        r"spell 'mistification': unknown keyword 'mistwalking' \(did you mean 'mistwalker'",
    ),
    "L697-a-mode-lasts": (
        "keywords.toml",
        'name = "Armour", effects = ["modify Armour +2 end_of_turn"]',
        'name = "Armour", effects = ["topple"]',
        r"modes\[1\]\.effects\[0\] \('Armour'\): unknown mode effect 'topple'",
    ),
    "L653-a-mode-repairs": (
        "keywords.toml",
        'effects = ["repair"]',
        'effects = ["repairs"]',
        r"modes\[2\]\.effects\[0\] \('repair'\): unknown mode effect 'repairs' "
        r"\(did you mean 'repair'\?\)",
    ),
    "L699-a-mode-gains-a-keyword": (
        "keywords.toml",
        '"gain attuned_casting end_of_turn"',
        '"gain attuned_cast end_of_turn"',
        r"keyword 'attunement': unknown keyword 'attuned_cast' \(did you mean 'attuned_casting'",
    ),
    "malformed-toml": (
        "spells.toml",
        'id = "inspire"',
        'id = "inspire',
        r"spells\.toml is not valid TOML",
    ),
    "repeated-id": (
        "spells.toml",
        'id = "inspire"',
        'id = "mind_control"',
        r"spell 'mind_control': the id is used twice",
    ),
}


@pytest.mark.parametrize(
    ("filename", "printed", "broken", "error"),
    list(SINGLE_EDIT_REFUSALS.values()),
    ids=list(SINGLE_EDIT_REFUSALS),
)
def test_wolsung_data_refused(
    data_copy: Path, filename: str, printed: str, broken: str, error: str
) -> None:
    edit(data_copy, filename, printed, broken)
    with pytest.raises(RulesDataError, match=error):
        load_catalog(data_copy)
