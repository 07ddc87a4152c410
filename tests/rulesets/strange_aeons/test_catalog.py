"""The log sheets as data: profiles, weapons and tables of the introductory game, as the
ruleset instance loads them from its ``catalog_file``."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.errors import RulesDataError
from skirmish.rulesets.strange_aeons.catalog import Catalog, load_catalog, parse_catalog
from skirmish.rulesets.strange_aeons.ruleset import StrangeAeonsIntro


@pytest.fixture(scope="module")
def cat() -> Catalog:
    """The introduction's catalog, loaded by a ruleset instance of its own."""
    return StrangeAeonsIntro().catalog


@pytest.mark.parametrize(
    ("pid", "stats"),
    [
        # M, Dex, Con, A, W, Res (Dex and Res as target numbers)
        ("frank-howard", (5, 3, 6, 3, 2, 3)),  # Dex 4+ less Characteristic Decrease
        ("agent", (5, 5, 6, 2, 1, 4)),
        ("cult-leader", (5, 4, 6, 2, 1, 2)),
        ("cultist", (5, 5, 5, 1, 1, 5)),
        ("zombie", (3, 6, 5, 2, 1, 5)),
    ],
)
def test_characteristics_as_printed_on_the_log_sheets(
    cat: Catalog, pid: str, stats: tuple[int, int, int, int, int, int]
) -> None:
    p = cat.profile(pid)
    assert (p.move, p.dex, p.con, p.attacks, p.wounds, p.res) == stats


def test_skills_and_types_of_the_log_sheets(cat: Catalog) -> None:
    assert cat.profile("frank-howard").skills == ("command",)
    assert cat.profile("agent").skills == ("lucky",)
    assert cat.profile("cult-leader").skills == ("command",)  # rules notes item 16
    assert set(cat.profile("zombie").skills) == {"tough", "hideous"}
    assert not cat.profile("zombie").subject_to_psychology  # Undead
    assert all(
        cat.profile(p).subject_to_psychology
        for p in ("frank-howard", "agent", "cult-leader", "cultist")
    )


@pytest.mark.parametrize(
    ("wid", "ccb", "damage", "rng", "rate", "specials"),
    [
        ("unarmed", 0, 0, 0.0, 0, ("unarmed",)),
        ("club", 1, 2, 0.0, 0, ()),
        ("bowie-knife", 1, 1, 0.0, 0, ()),
        ("meat-cleaver", 2, 2, 0.0, 0, ("parry",)),
        ("handgun-22", 0, 1, 8.0, 2, ()),
        ("handgun-45", 0, 2, 10.0, 1, ()),
        ("shotgun", 0, 2, 10.0, 1, ("blast", "power")),
        ("double-barrelled-shotgun", 0, 2, 10.0, 2, ("blast", "power")),
    ],
)
def test_weapons_table(
    cat: Catalog, wid: str, ccb: int, damage: int, rng: float, rate: int, specials: tuple[str, ...]
) -> None:
    w = cat.weapon(wid)
    assert (w.ccb, w.damage, w.range, w.rate, w.specials) == (ccb, damage, rng, rate, specials)


def test_close_weapon_is_the_best_carried_else_unarmed(cat: Catalog) -> None:
    assert cat.close_weapon(cat.profile("agent")).id == "meat-cleaver"
    assert cat.close_weapon(cat.profile("frank-howard")).id == "bowie-knife"
    assert cat.close_weapon(cat.profile("cultist")).id == "unarmed"
    assert cat.close_weapon(cat.profile("zombie")).id == "unarmed"


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (-1, "Stunned"),
        (2, "Stunned"),
        (4, "Stunned"),
        (5, "Unconscious"),
        (6, "Unconscious"),
        (7, "Minor Injury"),
        (8, "Minor Injury"),
        (9, "Major Injury"),
        (14, "Major Injury"),
    ],
)
def test_injury_table_rows(cat: Catalog, value: int, name: str) -> None:
    assert cat.table_row(cat.injury, value).name == name


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (1, "Catatonia"),
        (2, "Stupefaction"),
        (3, "Revulsion"),
        (4, "Revulsion"),
        (5, "Frenzy"),
        (6, "Frenzy"),
    ],
)
def test_insanity_table_rows_of_the_introduction(cat: Catalog, value: int, name: str) -> None:
    assert cat.table_row(cat.insanity, value).name == name


def test_catalog_unknown_keyword_is_a_load_error() -> None:
    text = "[scenario]\nname='x'\n"
    with pytest.raises(RulesDataError, match=r"scenario\.deployment_depth: Field required"):
        parse_catalog(text)
    good = StrangeAeonsIntro.catalog_file.read_text(encoding="utf-8")
    bad = good.replace('specials = ["parry"]', 'specials = ["riposte"]')
    with pytest.raises(RulesDataError, match="specials"):
        parse_catalog(bad)


def test_catalog_file_that_cannot_be_read_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"missing\.toml: cannot be read"):
        load_catalog(tmp_path / "missing.toml")


def test_catalog_errors_name_the_file_they_come_from(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[scenario\n", encoding="utf-8")
    with pytest.raises(RulesDataError, match=r"broken\.toml is not valid TOML"):
        load_catalog(broken)
