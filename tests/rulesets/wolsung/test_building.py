"""Wolsung list building (notes §1.11, §1.13; L237-L259): every restriction, one test each,
named after its rulebook line, worked example or golden test (notes §8 X11, X12, G7-G13)."""

from __future__ import annotations

import dataclasses

import pytest
from tests.rulesets.wolsung.clubs import catalog, club_list, custom, hire, named, problems

from skirmish.rulesets.wolsung.clubs.building import (
    check_club,
    hero_funds,
    hero_spent,
    pool_left,
)
from skirmish.rulesets.wolsung.clubs.club_list import read_club_list, sample_club_lists


@pytest.mark.parametrize("sample", sorted(sample_club_lists()))
def test_each_sample_club_is_valid(sample: str) -> None:
    resource = sample_club_lists()[sample]
    club = read_club_list(str(resource), catalog())
    assert check_club(catalog(), club) == []


def test_one_sample_per_club() -> None:
    clubs = {read_club_list(str(r), catalog()).club.id for r in sample_club_lists().values()}
    assert clubs == set(catalog().clubs)


def test_g7_ash_and_oak_elf_pays_one_for_her_vocation() -> None:
    club = club_list("Ash and Oak", custom("Ila", "Elf", "Duellist Extraordinaire"))
    hero = club.heroes[0]
    assert (hero_funds(hero), hero_spent(club.club, hero), pool_left(club)) == (5, 1, 4)


def test_g8_custom_human_funds() -> None:
    pemberton = custom("Pem", "Human", "Man about town", "Windbüchse", "Hidden Umbrella Blade")
    club = club_list("Ash and Oak", pemberton)
    assert check_club(catalog(), club) == []
    assert pool_left(club) == 1


def test_l257_pool_pays_a_heros_gadgets() -> None:
    # Kao's 5 Funds buy the Bodyguard's profession (0) and 5 of his 7 Funds of gadgets; the
    # Wandering Actor's 5 go to the pool, which pays the other 2 and keeps 3 (notes §1.2).
    kao = custom("Kao", "Orc", "Bodyguard", "Armor of Damnation", "Duellist's Sabre")
    club = club_list("Triad", named("Wandering Actor"), kao)
    assert check_club(catalog(), club) == []
    assert (hero_funds(club.heroes[1]), hero_spent(club.club, club.heroes[1])) == (5, 7)
    assert pool_left(club) == 3


def test_l259_gadgets_taking_the_pool_below_zero_refused() -> None:
    greedy = custom(
        "Greedy",
        "Human",
        "Man about town",
        "Windbüchse",
        "Brass Knuckles",
        "Hunting Monocle",
        "Pain Relief",
        "Hidden Umbrella Blade",
    )
    assert problems("Ash and Oak", greedy) == [
        "the Funds pool ends at -2: the heroes bring 6, spend 8 on professions and gadgets, and "
        "the henchmen cost 0; the pool may not go below 0 (L259)"
    ]


def test_l208_named_heroes_add_their_funds_to_the_pool() -> None:
    club = club_list("Ash and Oak", named("Lady Ellendeanne"), named("Sir Lance Oakroot"))
    assert pool_left(club) == 3 + 1


def test_g9_henchmen_per_hero() -> None:
    heroes = (named("Lady Ellendeanne"), named("Sir Zachary"), named("Zachary Third"))
    assert problems("Ash and Oak", *heroes, henchmen=(hire("Butler", 6),)) == []
    assert problems("Ash and Oak", *heroes, henchmen=(hire("Butler", 7),)) == [
        "Test Club: 7 henchmen for 3 heroes; at most twice as many as the heroes, 6 (L258)"
    ]


def test_g10_funds_pool_below_zero() -> None:
    builder = custom("Ada", "Human", "Golemologist", "Hidden Umbrella Blade")
    golems = (hire("Security Golem"), hire("Laboratory Golem"))
    assert problems("Inventors", builder, henchmen=golems) == [
        "the Funds pool ends at -1: the heroes bring 6, spend 2 on professions and gadgets, and "
        "the henchmen cost 5; the pool may not go below 0 (L259)"
    ]


def test_g11_l252_two_heroes_share_one_common_gadget_at_most() -> None:
    first = custom("H1", "Human", "War hero", "Brass Knuckles", "Pain Relief")
    second = custom("H2", "Human", "War hero", "Mechanic Biceps")
    assert problems("Ash and Oak", first, second) == []
    second = custom("H2", "Human", "War hero", "Mechanic Biceps", "Steam Powered Limb Replacement")
    assert problems("Ash and Oak", first, second) == [
        "H1 and H2: share 2 common gadgets (Brass Knuckles/Mechanic Biceps/Twinkle's Elixir of "
        "Strength; Doc Anna's Pain Relief/Steam Powered Limb Replacement); two heroes share one "
        "at most (L252)"
    ]


def test_g11_l251_common_gadget_once_per_hero() -> None:
    twice = custom("H1", "Human", "War hero", "Brass Knuckles", "Twinkle's Elixir of Strength")
    (found,) = problems("Ash and Oak", twice)
    assert found.startswith("H1: Brass Knuckles/Mechanic Biceps")
    assert found.endswith("2 times; a common gadget is taken once per hero (L251)")


def test_l250_gadget_once_per_club() -> None:
    found = problems(
        "Ash and Oak",
        custom("Shot", "Human", "War hero", "Windbüchse"),
        custom("Other", "Dwarf", "War hero", "Windbuchse"),
    )
    assert found == [
        "Windbüchse: taken 2 times (Shot, Other); a gadget that is not common is taken once in "
        "a club (L250)"
    ]


def test_l250_s7_94_a_named_heros_printed_kit_is_not_chosen() -> None:
    # Thorvald comes with a Reflector Field (L238): no one chose it, so a custom hero may.
    copy = custom("Copy", "Human", "Technomage", "Reflector Field")
    assert problems("Inventors", named("Thorvald"), copy) == []
    again = custom("Again", "Gnome", "Technomage", "Reflector Field")
    assert problems("Inventors", named("Thorvald"), copy, again) == [
        "Reflector Field: taken 2 times (Copy, Again); a gadget that is not common is taken "
        "once in a club (L250)"
    ]


def test_l253_one_gadget_of_each_type() -> None:
    found = problems("Ash and Oak", custom("Guns", "Human", "War hero", "Windbüchse", "Pigeon Gun"))
    assert found == [
        "Guns: 2 ranged gadgets (Windbüchse, Uncle Hoggart's Pigeon Gun/Finger Pistol); one "
        "gadget of each type per hero (L253)"
    ]


def test_x11_l253_a_second_armour_gadget_refused() -> None:
    tank = custom("Tank", "Troll", "Technomage", "Bulletproof Suit", "Reflector Field")
    assert problems("Inventors", tank) == [
        "Tank: 2 armour gadgets (Bulletproof Suit/Bowler Hat of Protection, Reflector Field); "
        "one gadget of each type per hero (L253)"
    ]


def test_x12_l255_the_funds_a_hero_leaves_go_to_the_pool() -> None:
    # 6 Funds, a profession for 2 and a gadget for 3. No gadget an Ash and Oak Human may buy
    # costs 3, so a Triad Human with the Duellist's Sabre makes the book's sums; Xen Jidao
    # brings his 2 Funds (L208), the Triad's Orc Hero a Human needs (L732).
    hiro = custom("Hiro", "Human", "Stealth Killer", "Duellist's Sabre")
    club = club_list("Triad", named("Xen Jidao"), hiro)
    assert check_club(catalog(), club) == []
    hero = club.heroes[1]
    assert (hero_funds(hero), hero_spent(club.club, hero)) == (6, 2 + 3)
    assert pool_left(club) == 1 + 2


def test_g13_ash_and_oak_elf_wears_no_armour() -> None:
    found = problems("Ash and Oak", custom("Ila", "Elf", "War hero", "Bulletproof Suit"))
    assert (
        "Ila: an Elf of the Ash and Oak Club wears no Armour gadget (Bulletproof Suit/Bowler Hat "
        "of Protection; L410, notes §7 item 62)"
    ) in found


def test_l410_the_vocations_armour_still_counts_for_an_elf() -> None:
    assert problems("Ash and Oak", custom("Ila", "Elf", "Famous Explorer")) == []


def test_l245_gadget_from_another_pool_refused() -> None:
    found = problems(
        "Ash and Oak",
        custom("Bow", "Human", "War hero", "Repeater Crossbow"),
        custom("Arm", "Human", "Man about town", "Golemic Limb"),
    )
    assert found == [
        "Bow: Repeater Crossbow is in neither the Human pool nor the Ash and Oak Club pool "
        "(L245-L247)",
        "Arm: Golemic Limb is in neither the Human pool nor the Ash and Oak Club pool (L245-L247)",
    ]


def test_l245_a_named_models_item_is_not_for_sale() -> None:
    (found,) = problems("Ash and Oak", custom("Thief", "Elf", "War hero", "Creidnallen Rapier"))
    assert found == (
        "Thief: Creidnallen Rapier is Sir Lance Oakroot's own item, not for sale (L436, L245-L247)"
    )


def test_item_52_a_cut_short_gadget_cannot_be_taken() -> None:
    (found,) = problems("Ash and Oak", custom("Volt", "Human", "War hero", "Galvanic Rifle"))
    assert found.startswith("Volt: Galvanic Rifle cannot be taken (L423; §7 item 52")


def test_l244_profession_of_another_club() -> None:
    assert problems("Ash and Oak", custom("Wiz", "Human", "Mage")) == [
        "Wiz: Mage is a profession of the Triad of Lotus Dragon, not of the Ash and Oak Club; a "
        "hero takes one of its club's (L244)"
    ]


def test_l244_the_profession_sets_the_suit() -> None:
    found = problems("Ash and Oak", custom("Odd", "Human", "War hero", suit="spades"))
    assert found == ["Odd: suit spades, but War hero gives diamonds (L244)"]


def test_l240_a_race_the_club_does_not_take() -> None:
    shipped = catalog()
    humans_only = shipped.clubs["ash_and_oak"].model_copy(update={"races": ("human",)})
    narrow = dataclasses.replace(shipped, clubs={**shipped.clubs, "ash_and_oak": humans_only})
    club = club_list("Ash and Oak", custom("Ila", "Elf", "War hero"))
    club = dataclasses.replace(club, club=humans_only)
    assert check_club(narrow, club) == ["Ila: the Ash and Oak Club takes no Elf heroes (L240)"]


def test_l238_named_hero_of_another_club() -> None:
    assert problems("Ash and Oak", named("Phoenix")) == [
        "Phoenix: a hero of the Triad of Lotus Dragon (L807), not of the Ash and Oak Club"
    ]


def test_l238_named_hero_fielded_once() -> None:
    assert problems("Ash and Oak", named("Oakroot"), named("Sir Lance Oakroot")) == [
        "Sir Lance Oakroot: fielded 2 times; a named hero is one character (L238)"
    ]


def test_item_49_named_hero_buys_no_gadgets() -> None:
    assert problems("Ash and Oak", named("Mary Fearless", "Brass Knuckles")) == [
        "Mary Fearless: a named hero is complete as printed and buys no gadgets (Brass "
        "Knuckles/Mechanic Biceps/Twinkle's Elixir of Strength; L238, notes §7 item 49)"
    ]


def test_l239_a_club_fields_heroes() -> None:
    assert problems("Triad") == [
        "Test Club: fields no hero; a club is built from its heroes (L239-L244)"
    ]


def test_l732_triad_takes_one_hero_of_each_other_race() -> None:
    found = problems(
        "Triad",
        named("Xen Jidao"),
        named("Mr. Cheng"),
        custom("A", "Human", "Bodyguard"),
        custom("B", "Human", "Bodyguard"),
    )
    assert found == [
        "Test Club: 2 Human heroes; the Triad of Lotus Dragon takes one of each race but Orc "
        "(L732, notes §7 item 88)"
    ]


def test_l732_triad_never_more_other_races_than_orcs() -> None:
    found = problems(
        "Triad",
        named("Xen Jidao"),
        custom("A", "Human", "Bodyguard"),
        custom("B", "Elf", "Bodyguard"),
    )
    assert found == [
        "Test Club: 2 heroes of other races but 1 Orc; never more of them than Orcs (L732)"
    ]


def test_henchman_of_another_club() -> None:
    found = problems("Triad", named("Xen Jidao"), henchmen=(hire("Butler"),))
    assert found == ["henchman Butler: not a henchman of the Triad of Lotus Dragon (L536)"]


def test_item_50_a_model_that_comes_with_a_hero_is_never_hired() -> None:
    found = problems("Inventors", named("Thorvald"), henchmen=(hire("Mirror Servant"),))
    assert found == [
        "henchman Mirror Servant: comes with Ingrid Rangvaldottir and is never hired (L630, "
        "notes §7 item 50)"
    ]


def test_l257_henchmen_buy_no_gadgets() -> None:
    found = problems(
        "Ash and Oak", named("Lady Ellendeanne"), henchmen=(hire("Butler", 1, "Brass Knuckles"),)
    )
    assert found == [
        "henchman Butler: buys no gadgets (Brass Knuckles/Mechanic Biceps/Twinkle's Elixir of "
        "Strength); the pool buys them for heroes (L257)"
    ]


def test_every_violation_is_listed_at_once() -> None:
    found = problems(
        "Ash and Oak",
        named("Phoenix"),
        custom("Wiz", "Human", "Mage", "Windbüchse", "Pigeon Gun"),
        henchmen=(hire("Butler", 5),),
    )
    rules = [line[line.rindex("(") :] for line in found]
    assert rules == ["(L807), not of the Ash and Oak Club", "(L244)", "(L259)", "(L253)", "(L258)"]
