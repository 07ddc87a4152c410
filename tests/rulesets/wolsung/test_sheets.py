"""Wolsung club sheets: final profiles (golden test G12, X13), Armour, magic and the Funds
summary (``sheets.py``)."""

from __future__ import annotations

from tests.rulesets.wolsung.clubs import catalog, club_list, custom, hire, named

from skirmish.rulesets.wolsung.clubs.sheets import club_summary, hero_sheet, summary_text
from skirmish.rulesets.wolsung.rules_data.records import Profile


def test_g12_orc_in_armor_of_damnation() -> None:
    club = club_list("Triad", custom("Brute", "Orc", "Mage", "Armor of Damnation"))
    sheet = hero_sheet(catalog(), club, club.heroes[0])
    assert sheet.profile == Profile(A=2, M=4, F=5, S=9, G=3, R=3, W=14)
    assert (sheet.armour, sheet.magic_ability) == (4, 4)
    assert sheet.spells == ("Ki Strike", "Mistification")


def test_x13_a_named_hero_is_as_printed() -> None:
    club = club_list("Ash and Oak", named("Oakroot"))
    sheet = hero_sheet(catalog(), club, club.heroes[0])
    assert (sheet.profile.F, sheet.profile.R, sheet.suit) == (9, 5, "spades")


def test_armour_against_shooting_and_a_raised_magic_ability() -> None:
    club = club_list(
        "Inventors",
        custom("Field", "Human", "Famous Explorer"),
        custom("Hilda", "Gnome", "Technomage", "Manic Battery", "Reflector Field"),
    )
    sheet = hero_sheet(catalog(), club, club.heroes[1])
    assert (sheet.armour, sheet.armour_shooting, sheet.magic_ability) == (0, 3, 4)


def test_g8_summary_shows_the_funds() -> None:
    pemberton = custom("Pem", "Human", "Man about town", "Windbüchse", "Hidden Umbrella Blade")
    club = club_list("Ash and Oak", pemberton, henchmen=(hire("Butler"),))
    summary = club_summary(catalog(), club)
    assert (summary.funds, summary.spent, summary.left) == (6, 6, 0)
    assert summary_text(summary).splitlines() == [
        "Club 'Test Club' (Ash and Oak Club): 1 hero, 1 henchman; Funds 6, spent 6, 0 left in "
        "the pool",
        "1. Pem: Human, Man about town, hearts; 6 Funds, spent 5, 1 to the pool",
        "   A2 M5 F4 S3 G3 R4 W9; Armour 0",
        '   Gadgets: Windbüchse (2, ranged S3 48"); Hidden Umbrella Blade/Shanginian Fighting '
        "Bands (1, +1F)",
        "1 x Butler (1 Funds each): A2 M5 F2 S3 G2 R3 W9; Armour 0",
    ]


def test_l257_summary_shows_what_the_pool_tops_up() -> None:
    kao = custom("Kao", "Orc", "Bodyguard", "Armor of Damnation", "Duellist's Sabre")
    club = club_list("Triad", named("Wandering Actor"), kao)
    lines = summary_text(club_summary(catalog(), club)).splitlines()
    assert lines[0].endswith("Funds 10, spent 7, 3 left in the pool")
    assert lines[3] == "2. Kao: Orc, Bodyguard, clubs; 5 Funds, spent 7, 2 from the pool (L257)"
