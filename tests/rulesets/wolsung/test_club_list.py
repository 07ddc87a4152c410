"""Wolsung club-list files: names matched loosely, unknown names with close matches, the
file's shape, and one-line errors for files that cannot be read (``club_list.py``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from tests.rulesets.wolsung.clubs import catalog, club_list, custom, hire, named

from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.wolsung.clubs.club_list import (
    ClubListError,
    CustomHero,
    NamedPick,
    parse_club_list,
    read_club_list,
)
from skirmish.rulesets.wolsung.rules_data.records import Suit


def test_names_match_any_case_accent_punctuation_and_id() -> None:
    club = club_list(
        "ash and oak",
        named("oakroot"),
        custom("Ila", "ELF", "duellist_extraordinaire", "Silk Duelling Gloves", suit="Spades"),
        custom("Pem", "human", "Man About Town", "WINDBUCHSE"),
        henchmen=(hire("butler", 2),),
    )
    oakroot, ila, pem = club.heroes
    assert club.club.id == "ash_and_oak" and club.henchman_count == 2
    assert isinstance(oakroot, NamedPick) and oakroot.name == "Sir Lance Oakroot"
    assert isinstance(ila, CustomHero) and ila.suit is Suit.SPADES
    assert [g.id for g in ila.gadgets] == ["fighting_bands"]
    assert isinstance(pem, CustomHero) and [g.id for g in pem.gadgets] == ["windbuchse"]


def test_mr_cheng_without_the_dot() -> None:
    (cheng,) = club_list("Triad", named("Mr Cheng")).heroes
    assert isinstance(cheng, NamedPick) and cheng.hero.id == "mr_cheng"


def test_unknown_names_are_listed_at_once_with_close_matches() -> None:
    with pytest.raises(ClubListError) as caught:
        club_list(
            "Ash and Oak",
            custom("Ila", "Elfe", "War hero", "Windbuchs"),
            henchmen=(hire("Butlr"),),
        )
    assert str(caught.value) == (
        "club list is invalid: heroes[0]: unknown race 'Elfe' (did you mean 'Elf'?); "
        "heroes[0]: unknown gadget 'Windbuchs' (did you mean 'Windbüchse'?); "
        "henchmen[0]: unknown henchman 'Butlr' (did you mean 'Butler'?)"
    )


def test_unknown_club_and_named_hero() -> None:
    with pytest.raises(ClubListError, match=r"unknown club 'Ash and Elm' \(did you mean "):
        club_list("Ash and Elm", named("Oakroot"))
    with pytest.raises(ClubListError, match=r"heroes\[0\]: unknown named hero 'Sir Lance'"):
        club_list("Ash and Oak", named("Sir Lance"))


def test_unknown_suit() -> None:
    with pytest.raises(ClubListError, match=r"unknown suit 'heart' \(did you mean 'hearts'\?\)"):
        club_list("Ash and Oak", custom("Pem", "Human", "Man about town", suit="heart"))


def test_a_named_hero_takes_no_race_or_profession() -> None:
    entry = {**named("Oakroot"), "race": "Elf"}
    with pytest.raises(ClubListError, match=r"heroes\[0\]: a named hero's race are printed"):
        club_list("Ash and Oak", entry)


def test_a_custom_hero_needs_its_race_and_profession() -> None:
    with pytest.raises(ClubListError, match=r"a custom hero needs race, profession"):
        club_list("Ash and Oak", {"name": "Nobody"})


def test_two_heroes_may_not_share_a_name() -> None:
    with pytest.raises(ClubListError, match=r"two heroes are named 'Pem'; each needs its own"):
        club_list(
            "Ash and Oak", custom("Pem", "Human", "War hero"), custom("pem", "Elf", "War hero")
        )


def test_shape_errors_name_the_field() -> None:
    bad_count = {"henchman": "Butler", "count": "2"}
    with pytest.raises(
        ClubListError, match=r"henchmen\[0\]\.count: input should be a valid integer"
    ):
        club_list("Ash and Oak", named("Oakroot"), henchmen=(bad_count,))
    with pytest.raises(ClubListError, match=r"<top>|club: field required"):
        parse_club_list('name = "x"\nheroes = []\n', "toml", catalog())


def test_toml_and_json_read_alike(tmp_path: Path) -> None:
    toml = tmp_path / "club.toml"
    toml.write_text('name = "T"\nclub = "Triad"\n[[heroes]]\nnamed = "Phoenix"\n', encoding="utf-8")
    json = tmp_path / "club.json"
    json.write_text('{"name": "T", "club": "Triad", "heroes": [{"named": "Phoenix"}]}')
    assert read_club_list(toml, catalog()) == read_club_list(json, catalog())


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("club.toml", "name = [", r"club file '.*club\.toml' is not valid TOML: "),
        ("club.json", "{", r"club file '.*club\.json' is not valid JSON: "),
        ("club.yaml", "name: x", r"club file '.*club\.yaml': the file name must end in \.toml"),
        ("club.toml", "\udcff", r"club file: .* is not UTF-8 text"),
    ],
)
def test_bad_files_are_one_line(tmp_path: Path, name: str, text: str, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(ClubListError, match=message) as caught:
        read_club_list(path, catalog())
    assert "\n" not in str(caught.value)


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ClubListError, match=r"^club file: no such file: .*gone\.toml$"):
        read_club_list(tmp_path / "gone.toml", catalog())


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ClubListError, match=r"unknown club-list format 'yaml'"):
        parse_club_list("", "yaml", catalog())


def test_a_club_of_many_problems_is_refused_for_play_with_the_first_20_and_a_count() -> None:
    # 25 Orc Blademasters, each with a gadget of no pool of theirs and a shared one taken again.
    heroes = "".join(
        f'\n[[heroes]]\nname = "Kao {n}"\nrace = "Orc"\nprofession = "Blademaster"\n'
        'gadgets = ["Mystic Incense", "Fitzgerald\'s Hunting Monocle"]\n'
        for n in range(25)
    )
    big = 'name = "Big"\nclub = "Triad of Lotus Dragon"\n' + heroes
    with pytest.raises(SkirmishError, match=r"; and \d+ more problems$") as refused:
        find_ruleset("wolsung").new_game({"clubs": [tomllib.loads(big), "inventors"]}, 1)
    assert str(refused.value).count(";") == 20
