"""The campaign's tables (K2.3, K3.1-K3.4) and the campaign book: its file, its validation, and
the owner's bookkeeping of post-game steps 5-8 (K3, notes A70, A80, A81).

The book of ``wrecking-crew``: Mara Voss (Boss), Tobias Valdez (Brute), Sunita Roche (Zealot),
Pike (Agent), Dmitri Osei (Broadcaster); 60 subs spent, none left.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import CATALOG

from skirmish.errors import RulesDataError
from skirmish.rulesets.sacred_wire.campaign.book import (
    LOCKERS,
    STATE,
    Book,
    CampaignError,
    Perk,
    _BookIn,
    book_from_data,
    book_report,
    book_to_data,
    load_book,
    new_book,
    save_book,
    squad_for_book,
)
from skirmish.rulesets.sacred_wire.campaign.management import buy, dismiss, hire, move_item, sell
from skirmish.rulesets.sacred_wire.campaign.outcome import BOOK_PARTS
from skirmish.rulesets.sacred_wire.campaign.sheet import BookSheet, book_of, sheet_of, standing_book
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import load_campaign_tables
from skirmish.rulesets.sacred_wire.rules_data.catalog import ArmorClass
from skirmish.rulesets.sacred_wire.squads.roster import worn_armor
from skirmish.rulesets.sacred_wire.squads.squad import Attribute

DATA = Path(__file__).parents[3] / "src" / "skirmish" / "rulesets" / "sacred_wire" / "data"


def crew(subs: int = 0) -> Book:
    book = new_book(squad_for_book("wrecking-crew", CATALOG))
    book.subs = subs
    return book


def edited(book: Book, name: str, **fields: Any) -> Book:
    """The book with one model's fields of the file schema changed."""
    data = book_to_data(book)
    model = next(m for m in data["models"] if m["name"] == name)
    model.update(fields)
    return book_from_data(data, CATALOG)


# --- the tables ------------------------------------------------------------------------------


def test_k3_tables_load_with_every_row() -> None:
    rules = CATALOG.campaign
    assert len(rules.exploration.entries) == 7
    assert [r.name for r in rules.injury.entries][:2] == ["Terminated", "Degraded"]
    assert len(rules.injury.entries) == 10
    assert len(rules.promotion.entries) == 11
    assert rules.promotion.thresholds == (1, 2, 4, 7, 11, 16, 22)
    assert (rules.evidence.die, rules.evidence.victory, rules.evidence.winner) == (10, 9, 1)
    assert (rules.merits.kill, rules.merits.boss) == (1, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{ kind = "teleport" }', "teleport"),
        ('{ kind = "tier", attribute = "luck", n = 1 }', "attribute"),
        ('{ kind = "move", n = 0 }', "does nothing"),
        ('{ kind = "tier", attribute = "wits", n = 1, count = 2 }', "only attribute"),
    ],
)
def test_k3_an_unknown_or_bad_effect_is_a_load_error(
    tmp_path: Path, text: str, message: str
) -> None:
    shutil.copy(DATA / "campaign.toml", tmp_path / "campaign.toml")
    path = tmp_path / "campaign.toml"
    source = path.read_text(encoding="utf-8")
    good = 'effects = [{ kind = "move", n = -1 }]'
    path.write_text(source.replace(good, f"effects = [{text}]"), encoding="utf-8")
    with pytest.raises(RulesDataError, match=message) as caught:
        load_campaign_tables(tmp_path)
    assert "\n" not in str(caught.value)


def test_k3_3_injury_rows_must_cover_two_to_twelve(tmp_path: Path) -> None:
    shutil.copy(DATA / "campaign.toml", tmp_path / "campaign.toml")
    path = tmp_path / "campaign.toml"
    path.write_text(path.read_text().replace('roll = "2-3"', 'roll = "2-4"'), encoding="utf-8")
    with pytest.raises(RulesDataError, match="without gaps or overlaps"):
        load_campaign_tables(tmp_path)


@pytest.mark.parametrize(
    ("before", "after", "crossed"),
    [(0, 1, [1]), (0, 4, [1, 2, 4]), (10, 12, [11]), (22, 29, [29]), (3, 5, [4]), (5, 6, [])],
)
def test_k3_4_promotion_thresholds_crossed(before: int, after: int, crossed: list[int]) -> None:
    assert CATALOG.campaign.promotion.crossed(before, after) == crossed


def test_k3_4_thresholds_continue_past_22_with_a_growing_gap() -> None:
    # notes A78: 1, 2, 4, 7, 11, 16, 22 and then 29, 37, 46.
    promotion = CATALOG.campaign.promotion
    assert promotion.crossed(22, 46) == [29, 37, 46]
    assert promotion.next_threshold(29) == 37


@pytest.mark.parametrize(
    ("total", "band", "subs"),
    [
        (0, "Marginal Returns", 0),
        (5, "Marginal Returns", 0),
        (6, "Standard Haul", 5),
        (10, "Standard Haul", 5),
        (11, "Fair Extraction", 10),
        (15, "Fair Extraction", 10),
        (16, "Acceptable Yield", 15),
        (25, "Acceptable Yield", 15),
        (26, "Above Quota", 20),
        (40, "Above Quota", 20),
        (41, "Surplus Discovery", 25),
        (60, "Surplus Discovery", 25),
        (61, "Windfall Dividend", 30),
        (96, "Windfall Dividend", 30),
    ],
)
def test_k3_2_exploration_band_edges(total: int, band: str, subs: int) -> None:
    found = CATALOG.campaign.exploration.band(total)
    assert (found.name, found.subs) == (band, subs)


def test_k3_3_injury_totals_below_two_read_as_terminated() -> None:
    # Criticals subtract 2 from the Injury roll: 2d6 - 2 can reach 0 ("3 or less").
    injury = CATALOG.campaign.injury
    assert [injury.row(t).name for t in (0, 1, 3, 4, 12)] == [
        "Terminated",
        "Terminated",
        "Terminated",
        "Degraded",
        "Reviewed",
    ]


# --- the book ---------------------------------------------------------------------------------


def test_k2_a_new_book_starts_with_no_merits_evidence_or_leads() -> None:
    book = new_book(squad_for_book("firing-line", CATALOG))
    assert [m.merits for m in book.members] == [0] * 5
    assert (book.evidence, book.leads, book.unrecorded, book.games) == ((), 0, 0, 0)
    assert book.subs == squad_for_book("firing-line", CATALOG).unspent  # notes A67
    assert book.boss is not None and book.boss.name == "Ilse Marrow"


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_k3_the_book_round_trips_through_its_file(tmp_path: Path, suffix: str) -> None:
    book = crew(subs=17)
    book.leads, book.evidence, book.lockers = 2, (3, 7), ("Sword", "Frag")
    book = edited(
        book,
        "Tobias Valdez",
        merits=5,
        sidelined=True,
        damage=3,
        changes=[{"name": "Hobbled", "rule": "K3.3", "stat": "move", "n": -1}],
    )
    path = tmp_path / f"book{suffix}"
    save_book(book, path, CATALOG)
    again = load_book(path, CATALOG)
    assert book_to_data(again) == book_to_data(book)
    tobias = again.member("tobias valdez")
    assert (tobias.merits, tobias.sidelined, tobias.damage, tobias.move) == (5, True, 3, 2)
    assert tobias.health == 14 - 3  # notes A62
    assert not list(tmp_path.glob(".*.tmp"))


def test_k3_the_books_campaign_state_is_listed_once_and_held_by_every_form_of_the_book() -> None:
    # Book's fields after the roster are the campaign state (STATE): the file's schema checks
    # each, the post-game's sheet keeps each, a record digests each.
    assert set(STATE) <= set(_BookIn.model_fields), "a state field the book file cannot hold"
    assert set(STATE) <= {f.name for f in fields(BookSheet)}, "a state field the sheet drops"
    assert list(BOOK_PARTS) == ["name", "description", *STATE, "models"]
    book = crew(subs=17)
    book.leads, book.evidence, book.records = 2, (3, 7), ("ab" * 32,)
    book.extractor = book.signal_played = book.signal_elsewhere = True
    book.lockers, book.slagged = ("Standard Cuirass",), (("Standard Cuirass", 1),)
    data = book_to_data(book)
    assert data["signal_elsewhere"] is True and "signal_elsewhere" not in book_to_data(crew())
    assert book_to_data(book_from_data(data, CATALOG)) == data
    assert sheet_of(book).to_data() == data
    assert book_to_data(book_of(sheet_of(book), CATALOG)) == data
    assert book_to_data(standing_book(sheet_of(book), CATALOG)) == data


def test_k3_the_report_shows_the_campaign_squad() -> None:
    book = edited(crew(), "Pike", merits=3)
    text = book_report(book, CATALOG)
    assert "Evidence: 0 of 9 types recorded" in text
    assert "4. Pike: Agent, 3 Merits (next Promotion at 4)" in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = ", "not valid TOML"),
        ('name = "X"\nmodels = []\nleadz = 1', "unknown field"),
        ('name = "X"\nmodels = []\nevidence = [3, 3]', "recorded twice"),
        ('name = "X"\nmodels = []\nevidence = [11]', "not a face of the d10"),
        ('name = "X"\nmodels = []\nlockers = ["Sword of Kings"]', "unknown item"),
    ],
)
def test_k3_a_corrupt_book_is_one_line_and_changes_nothing(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "book.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CampaignError, match=message) as caught:
        load_book(path, CATALOG)
    assert "\n" not in str(caught.value)
    assert path.read_text(encoding="utf-8") == text


def test_k3_a_book_breaking_the_squad_rules_names_each_problem() -> None:
    data = book_to_data(crew())
    data["models"][1]["weapons"] = ["Laser"]  # a Brute: melee weapons only (C2.3)
    data["models"][2]["promoted"] = "armor"  # a second Boss (C2, K3)
    data["models"][3]["changes"] = [{"name": "X", "rule": "K3.4", "stat": "wits", "n": 4}]
    with pytest.raises(CampaignError) as caught:
        book_from_data(data, CATALOG)
    message = str(caught.value)
    assert "ranged weapon 'Laser' (melee weapons only, C2.3)" in message
    assert "2 Bosses" in message
    data["models"][1]["weapons"], data["models"][2]["promoted"] = ["Sword"], None
    with pytest.raises(CampaignError, match=r"Wits leaves 2d4\.\.2d12"):
        book_from_data(data, CATALOG)


def test_c2_3_a_book_lists_no_hostile_weapon(tmp_path: Path) -> None:
    path = tmp_path / "book.toml"
    save_book(crew(), path, CATALOG)
    text = path.read_text(encoding="utf-8").replace('["Sword"]', '["Crush Fist"]', 1)
    path.write_text(text, encoding="utf-8")
    message = r"'Tobias Valdez' lists 'Crush Fist': a hostile's weapon, not on the R3 lists"
    with pytest.raises(CampaignError, match=message):
        load_book(path, CATALOG)
    assert path.read_text(encoding="utf-8") == text


def test_k3_saving_never_replaces_a_book_by_an_unreadable_one(tmp_path: Path) -> None:
    path = tmp_path / "book.toml"
    save_book(crew(), path, CATALOG)
    before = path.read_text(encoding="utf-8")
    broken = crew()
    broken.evidence = (4, 4)
    with pytest.raises(CampaignError, match="recorded twice"):
        save_book(broken, path, CATALOG)
    assert path.read_text(encoding="utf-8") == before


def test_k3_3_attribute_limits_hold_in_the_book() -> None:
    book = edited(
        crew(),
        "Mara Voss",
        changes=[{"name": "Training", "rule": "K3.4", "stat": "combat", "n": 2}],
    )
    assert book.member("Mara Voss").tier(Attribute.COMBAT) == Tier.D12
    data = book_to_data(book)
    data["models"][0]["changes"][0]["n"] = 3
    with pytest.raises(CampaignError, match=r"Combat leaves 2d4\.\.2d12"):
        book_from_data(data, CATALOG)
    data["models"][0]["changes"] = [{"name": "D", "rule": "K3.3", "stat": "max-health", "n": -16}]
    with pytest.raises(CampaignError, match="max Health 0"):
        book_from_data(data, CATALOG)


# --- steps 5-8: the Trading Post, dismissals, new hires, the Lockers --------------------------


def test_k3_buy_at_list_price_for_a_model_or_the_lockers() -> None:
    book = buy(crew(subs=24), "Medkit", "Pike", catalog=CATALOG)
    assert book.subs == 16 and "Medkit" in book.member("Pike").kit
    book = buy(book, "frag", catalog=CATALOG)
    assert book.subs == 2 and book.lockers == ("Frag",)
    with pytest.raises(CampaignError, match="costs 8 subs; the squad has 2"):
        buy(book, "Medkit", catalog=CATALOG)


def test_k3_sell_at_half_price_rounded_down() -> None:
    # notes A81: floor(cost / 2): the Injector (9) brings 4.
    book = sell(crew(), "Injector", "Sunita Roche", catalog=CATALOG)
    assert book.subs == 4 and "Injector" not in book.member("Sunita Roche").kit
    with pytest.raises(CampaignError, match="not in the Lockers"):
        sell(book, "Sword", catalog=CATALOG)


def test_k3_moved_kit_must_suit_the_contract() -> None:
    book = move_item(crew(), "Sword", "Pike", LOCKERS, catalog=CATALOG)
    assert book.lockers == ("Sword",)
    book = move_item(book, "Sword", LOCKERS, "Tobias Valdez", catalog=CATALOG)
    assert book.member("Tobias Valdez").kit == ("Sword", "Sword", "Mesh Wrap")
    book = move_item(book, "Needle Gun", "Mara Voss", LOCKERS, catalog=CATALOG)
    with pytest.raises(CampaignError, match=r"melee weapons only, C2\.3"):
        move_item(book, "Needle Gun", LOCKERS, "Tobias Valdez", catalog=CATALOG)
    with pytest.raises(CampaignError, match="one armour piece"):
        move_item(book, "Flak Wrap", "Mara Voss", "Tobias Valdez", catalog=CATALOG)


def test_r6_4_slag_goes_with_the_armour_piece_notes_a71() -> None:
    # Mara's Standard Cuirass is a class down. Given to Tobias, it is still; Mara's new
    # Flak Wrap is whole. Sold, the slag leaves with the piece.
    book = edited(crew(subs=20), "Mara Voss", armor="Standard Cuirass", slag=1)
    book = sell(book, "Mesh Wrap", "Tobias Valdez", catalog=CATALOG)
    book = move_item(book, "Standard Cuirass", "Mara Voss", "Tobias Valdez", catalog=CATALOG)
    assert (book.member("Tobias Valdez").slag, book.member("Mara Voss").slag) == (1, 0)
    book = buy(book, "Flak Wrap", "Mara Voss", catalog=CATALOG)
    assert book.member("Mara Voss").slag == 0
    book = sell(book, "Standard Cuirass", "Tobias Valdez", catalog=CATALOG)
    assert book.member("Tobias Valdez").slag == 0


def test_l873_a71_a_slagged_piece_goes_to_the_lockers_and_out_again_a_class_down() -> None:
    # Lockers have no limits (L877) and Slag Armor persists (A71): Mara's Standard Cuirass,
    # a class down, is stored as it is; a whole one bought beside it leaves first; the
    # slagged one, worn by Tobias, is still a class down (Light).
    book = edited(crew(subs=20), "Mara Voss", armor="Standard Cuirass", slag=1)
    book = sell(book, "Mesh Wrap", "Tobias Valdez", catalog=CATALOG)
    book = move_item(book, "Standard Cuirass", "Mara Voss", LOCKERS, catalog=CATALOG)
    assert (book.lockers, book.slagged) == (("Standard Cuirass",), (("Standard Cuirass", 1),))
    assert book.member("Mara Voss").slag == 0
    assert "Slag Armor in the Lockers: Standard Cuirass 1 class down" in book_report(book, CATALOG)
    assert book_from_data(book_to_data(book), CATALOG) == book
    book = buy(book, "Standard Cuirass", LOCKERS, catalog=CATALOG)
    book = move_item(book, "Standard Cuirass", LOCKERS, "Mara Voss", catalog=CATALOG)
    assert book.member("Mara Voss").slag == 0 and book.slagged == (("Standard Cuirass", 1),)
    book = move_item(book, "Standard Cuirass", LOCKERS, "Tobias Valdez", catalog=CATALOG)
    tobias = book.member("Tobias Valdez")
    assert (tobias.slag, book.lockers, book.slagged) == (1, (), ())
    piece = worn_armor(CATALOG, "Standard Cuirass", tobias.slag)
    assert piece is not None and piece.armor_class is ArmorClass.LIGHT


def test_l873_a71_a_dismissed_model_leaves_its_slagged_armour_in_the_lockers_as_it_is() -> None:
    book = edited(crew(), "Tobias Valdez", armor="Standard Cuirass", slag=1)
    book = dismiss(book, "Tobias Valdez", catalog=CATALOG)
    assert "Standard Cuirass" in book.lockers and book.slagged == (("Standard Cuirass", 1),)


def test_a71_the_lockers_slagged_pieces_are_left_out_when_none_and_checked_when_some() -> None:
    assert "slagged" not in book_to_data(crew())  # a book from before reads and writes the same
    data = book_to_data(crew())
    data["slagged"] = [["Standard Cuirass", 1]]
    with pytest.raises(CampaignError, match=r"slagged: 1 Standard Cuirass but the Lockers hold 0"):
        book_from_data(data, CATALOG)
    data["lockers"], data["slagged"] = ["Flak Wrap"], [["Flak Wrap", 1]]
    with pytest.raises(CampaignError, match=r"Flak Wrap 1 class down is destroyed"):
        book_from_data(data, CATALOG)


def test_k3_a_dismissed_model_leaves_its_kit_in_the_lockers() -> None:
    book = dismiss(crew(), "Pike", catalog=CATALOG)
    assert [m.name for m in book.members] == [
        "Mara Voss",
        "Tobias Valdez",
        "Sunita Roche",
        "Dmitri Osei",
    ]
    assert book.lockers == ("Pistol", "Sword")
    with pytest.raises(CampaignError, match="is the Boss"):
        dismiss(book, "Mara Voss", catalog=CATALOG)


def test_k3_a_new_resource_is_free_with_base_attributes_and_no_kit() -> None:
    # notes A80: contract and array are chosen; no kit, no Merits.
    book = dismiss(crew(), "Pike", catalog=CATALOG)
    new = {"name": "Vex", "contract": "Gunner", "array": "Operative"}
    new |= {"combat": "2d6", "defense": "2d6", "wits": "2d6"}
    book = hire(book, new, catalog=CATALOG)
    vex = book.member("Vex")
    assert (vex.merits, vex.kit, vex.model.contract.name, book.subs) == (0, (), "Gunner", 0)
    with pytest.raises(CampaignError, match="at most 5"):
        hire(book, {**new, "name": "Six"}, catalog=CATALOG)
    with pytest.raises(CampaignError, match="no kit, not 'weapons'"):
        hire(dismiss(book, "Vex", catalog=CATALOG), {**new, "weapons": ["Laser"]}, catalog=CATALOG)
    with pytest.raises(CampaignError, match="never replaced"):
        hire(dismiss(book, "Vex", catalog=CATALOG), {**new, "contract": "Boss"}, catalog=CATALOG)
    with pytest.raises(CampaignError, match="gets no perk"):
        hire(dismiss(book, "Vex", catalog=CATALOG), new, Perk.ARMOR, catalog=CATALOG)


def test_k3_a_squad_without_a_boss_promotes_its_new_hire() -> None:
    # notes A81: the Boss is never replaced; the newcomer becomes Boss with a perk.
    data = book_to_data(crew())
    data["models"] = []  # the Boss died and no Resource was left to promote
    empty = book_from_data(data, CATALOG)
    new = {"name": "Vex", "contract": "Gunner", "array": "Operative"}
    new |= {"combat": "2d6", "defense": "2d6", "wits": "2d6"}
    book = hire(empty, new, Perk.ARMOR, catalog=CATALOG)
    vex = book.member("Vex")
    assert vex.is_boss and vex.promoted is Perk.ARMOR
    assert vex.model.contract.max_armor.value == "heavy"  # Medium -> Heavy
    assert hire(empty, new, catalog=CATALOG).member("Vex").promoted is Perk.BOTH_WEAPONS


def test_r3_11_a_cybernetic_repairs_one_matching_penalty() -> None:
    # notes A70: bought at the Trading Post, it cancels a penalty; never a plain bonus.
    scrambled = [{"name": "Scrambled", "rule": "K3.3", "stat": "wits", "n": -1}]
    book = edited(crew(subs=30), "Pike", changes=scrambled)
    assert book.member("Pike").tier(Attribute.WITS) == Tier.D6
    book = buy(book, "Processor", "Pike", catalog=CATALOG)
    pike = book.member("Pike")
    assert pike.tier(Attribute.WITS) == Tier.D8 and book.subs == 20
    assert str(pike.changes[-1]) == "+1 DT Wits (Processor, R3.11)"
    with pytest.raises(CampaignError, match="no wits penalty"):
        buy(book, "Processor", "Pike", catalog=CATALOG)
    with pytest.raises(CampaignError, match="fitted to a model"):
        buy(book, "Leg", catalog=CATALOG)


BURNED_OUT = {"name": "Burned Out", "rule": "R6", "stat": "ranged", "n": -1}


def test_r3_9_targeting_repairs_burned_out_a_combat_penalty_notes_a72() -> None:
    book = edited(crew(subs=30), "Pike", changes=[BURNED_OUT])
    assert book.member("Pike").profile().burned == 1
    book = buy(book, "Targeting", "Pike", catalog=CATALOG)
    pike = book.member("Pike")
    assert pike.profile().burned == 0 and pike.tier(Attribute.COMBAT) == Tier.D4
    assert str(pike.changes[-1]) == "+1 DT Combat on ranged attacks (Targeting, R3.11)"
    assert book_from_data(book_to_data(book), CATALOG).member("Pike").profile().burned == 0
    with pytest.raises(CampaignError, match=r"no combat or ranged penalty .*\(R3\.9, A70\)$"):
        buy(book, "Targeting", "Pike", catalog=CATALOG)


def test_r3_9_targeting_repairs_a_plain_combat_penalty_before_burned_out() -> None:
    diminished = {"name": "Diminished", "rule": "K3.3", "stat": "combat", "n": -1}
    book = edited(crew(subs=30), "Tobias Valdez", changes=[BURNED_OUT, diminished])
    assert book.member("Tobias Valdez").tier(Attribute.COMBAT) == Tier.D6
    book = buy(book, "Targeting", "Tobias Valdez", catalog=CATALOG)
    tobias = book.member("Tobias Valdez")
    assert tobias.tier(Attribute.COMBAT) == Tier.D8 and tobias.profile().burned == 1
    book = buy(book, "Targeting", "Tobias Valdez", catalog=CATALOG)
    assert book.member("Tobias Valdez").profile().burned == 0 and book.subs == 10


def test_r3_9_a_cybernetic_repairs_no_demotion_k3_4() -> None:
    # R3.9 names the penalties of Injuries, Criticals and Fumbles; a Promotion roll's is none.
    demotion = {"name": "Demotion", "rule": "K3.4", "stat": "defense", "n": -1}
    book = edited(crew(subs=30), "Pike", changes=[demotion])
    before = book_to_data(book)
    message = r"^Pike has no defense penalty of an Injury, Critical or Fumble for Reflexes to "
    with pytest.raises(CampaignError, match=message + r"repair \(R3\.9, A70\)$"):
        buy(book, "Reflexes", "Pike", catalog=CATALOG)
    assert book_to_data(book) == before
    repaired = {"name": "Reflexes", "rule": "R3.11", "stat": "defense", "n": 1}
    with pytest.raises(CampaignError, match="more defense repairs than penalties"):
        edited(book, "Pike", changes=[demotion, repaired])


def test_r3_11_the_regenerator_cancels_a_missed_game() -> None:
    book = edited(crew(subs=5), "Pike", sidelined=True)
    book = buy(book, "Regenerator", "Pike", catalog=CATALOG)
    assert not book.member("Pike").sidelined and book.subs == 0


def test_k3_a_book_lists_no_cybernetics_among_the_kit() -> None:
    data = book_to_data(crew())
    data["models"][0]["cybernetics"] = ["Leg"]
    with pytest.raises(CampaignError, match="among the changes it repaired"):
        book_from_data(data, CATALOG)


def test_k3_json_book_is_plain_data(tmp_path: Path) -> None:
    path = tmp_path / "book.json"
    save_book(crew(), path, CATALOG)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["models"][0]["merits"] == 0 and data["subs"] == 0


# --- refusals that say what the step may not do --------------------------------------------


def test_k3_hiring_into_a_full_squad_says_it_is_full() -> None:
    new = {"name": "Vex", "contract": "Gunner", "array": "Operative"}
    new |= {"combat": "2d6", "defense": "2d6", "wits": "2d6"}
    with pytest.raises(CampaignError) as caught:
        hire(crew(), new, catalog=CATALOG)
    assert str(caught.value) == (
        "'Wrecking Crew' is full: 5 models, at most 5 (C2); dismiss one first (K3)"
    )


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (
            lambda b: buy(b, "Laser", "Tobias Valdez", catalog=CATALOG),
            r"^cannot buy Laser for Tobias Valdez: model 2 'Tobias Valdez' is a Brute with a "
            r"ranged weapon 'Laser' \(melee weapons only, C2\.3\)$",
        ),
        (
            lambda b: move_item(b, "Needle Gun", "Mara Voss", "Tobias Valdez", catalog=CATALOG),
            r"^cannot move Needle Gun to Tobias Valdez: model 2 'Tobias Valdez' is a Brute with a "
            r"ranged weapon 'Needle Gun' \(melee weapons only, C2\.3\)$",
        ),
        (
            lambda b: move_item(b, "Sword", "Pike", "pike", catalog=CATALOG),
            r"^Sword would move from Pike to Pike: nothing to do$",
        ),
        (
            lambda b: hire(
                dismiss(b, "Pike", catalog=CATALOG),
                {"name": "Vex", "contract": "Gunner", "array": "Operative", "combat": "2d9"},
                catalog=CATALOG,
            ),
            r"^cannot hire 'Vex': model 5 'Vex': combat: must be one of 2d4, 2d6, 2d8, 2d10, 2d12 "
            r"\(got '2d9'\); model 5 'Vex': defense: missing field",
        ),
        (
            lambda b: hire(
                dismiss(b, "Pike", catalog=CATALOG),
                {
                    "name": "Mara Voss",
                    "contract": "Gunner",
                    "array": "Operative",
                    **{"combat": "2d6", "defense": "2d6", "wits": "2d6"},
                },
                catalog=CATALOG,
            ),
            r"^cannot hire 'Mara Voss': 2 models are named 'Mara Voss' \(names must differ\)$",
        ),
        (
            lambda b: hire(
                dismiss(b, "Pike", catalog=CATALOG),
                {"name": "x" * 100_000, "contract": "Gunner"},
                catalog=CATALOG,
            ),
            r"^cannot hire 'x{36}\.\.\.: model 5 'x{36}\.\.\.: name: must be at most 40 characters "
            r"\(got 100000\)",
        ),
    ],
)
def test_k3_a_bookkeeping_step_the_rules_refuse_says_what_it_may_not_do(
    step: Callable[[Book], Book], message: str
) -> None:
    book = crew(100)
    before = book_to_data(book)
    with pytest.raises(CampaignError, match=message) as caught:
        step(book)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 600
    assert book_to_data(book) == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "N" * 41}, r"^campaign book is invalid: name: must be at most 40 characters"),
        ({"name": "Crew\x00"}, r"^campaign book is invalid: name: must be printable text"),
        ({"description": "d" * 201}, r"description: must be at most 200 characters \(got 201\)"),
        ({"description": "two\nlines"}, r"description: must be printable text on one line"),
        ({"lockers": ["Sw\tord"]}, r"^campaign book is invalid: lockers: has a name that must be "),
        ({"lockers": ["S" * 50]}, r"lockers: has a name that must be at most 40 characters"),
        ({"merits": 1000}, r"merits: input should be less than or equal to 999"),
        ({"leads": 1000}, r"leads: input should be less than or equal to 999"),
        ({"unrecorded": 1000}, r"unrecorded: input should be less than or equal to 999"),
        ({"records": ["abc"]}, r"records\[0\]: string should match pattern"),
        ({"records": ["a" * 64, "a" * 64]}, r"records: a game record is listed twice"),
    ],
)
def test_k3_every_field_of_a_book_is_checked(change: dict[str, Any], message: str) -> None:
    data = book_to_data(crew())
    if "merits" in change:
        data["models"][0].update(change)
    else:
        data.update(change)
    with pytest.raises(CampaignError, match=message) as caught:
        book_from_data(data, CATALOG)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"name": "\x1b[31mRed"},
            r"model 1 '\\x1b\[31mRed': name: must be printable text on one line",
        ),
        ({"powers": ["F" * 41]}, r"'Mara Voss': powers: has a name that must be at most 40 char"),
        (
            {"changes": [{"name": "Hobbled\x07", "rule": "K3.3", "stat": "move", "n": -1}]},
            r"changes\[0\]\.name: must be printable text on one line",
        ),
        (
            {"changes": [{"name": "Hobbled", "rule": "K3.33333", "stat": "move", "n": -1}]},
            r"changes\[0\]\.rule: string should match pattern",
        ),
    ],
)
def test_k3_every_text_field_of_a_book_model_is_checked(
    change: dict[str, Any], message: str
) -> None:
    data = book_to_data(crew())
    data["models"][0].update(change)
    with pytest.raises(CampaignError, match=message) as caught:
        book_from_data(data, CATALOG)
    assert "\n" not in str(caught.value)
