"""A campaign book fields the squad of its next game (K3; K3.3 Sidelined, K3.4 Powers gained by
Promotion; notes A62, A66, A71, A72, A81), and the game's record returns to that book only.

The book is ``wrecking-crew`` (see :mod:`.test_post_game`): Mara Voss (Boss; Combat 2d8,
Defense 2d6, Wits 2d6, Health 16, Move 4", Flak Wrap), Tobias Valdez (Brute; Wits 2d4, Mesh
Wrap, Light armour), Sunita Roche (Zealot; Wits 2d6), Pike (Agent; Wits 2d8), Dmitri Osei
(Broadcaster; Wits 2d8, Health 14, Signal Jam, Padded Vest).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import Ran
from tests.rulesets.sacred_wire.helpers import CATALOG, dice_left, events, options, scenario, script
from tests.rulesets.sacred_wire.test_post_game import crew, run

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.engine.restore import replay
from skirmish.errors import SkirmishError
from skirmish.players.factory import make_player
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.book import (
    HIRE,
    STATE,
    Book,
    CampaignError,
    book_from_data,
    book_report,
    book_to_data,
    load_book,
    save_book,
    squad_for_book,
)
from skirmish.rulesets.sacred_wire.campaign.log import describe
from skirmish.rulesets.sacred_wire.campaign.management import hire
from skirmish.rulesets.sacred_wire.campaign.outcome import (
    Fate,
    ModelOutcome,
    Outcome,
    Played,
    book_parts,
    check_outcome,
    outcome_of,
)
from skirmish.rulesets.sacred_wire.campaign.post_game import post_game
from skirmish.rulesets.sacred_wire.game.setup import BOOK, boss
from skirmish.rulesets.sacred_wire.squads.roster import armor, move_allowance, tier
from skirmish.rulesets.sacred_wire.squads.squad import squad_to_data

RULESET = find_ruleset("sacred-wire")
DATA = Path(str(files("skirmish.rulesets.sacred_wire") / "data"))
HOBBLED = {"name": "Hobbled", "rule": "K3.3", "stat": "move", "n": -1}
TRAINED = {"name": "Training", "rule": "K3.4", "stat": "wits", "n": 1}
TOUGHER = {"name": "Promotion", "rule": "K3.4", "stat": "max-health", "n": 1}
BURNED = {"name": "Burned Out", "rule": "R6.4", "stat": "ranged", "n": -1}
OOA = Fate.OUT_OF_ACTION


def scarred() -> Book:
    """A book two games on: Mara Hobbled and reviewed (3 damage), Tobias's armour slagged,
    Pike trained and Burned Out, Dmitri promoted to a second Power, Sunita Sidelined."""
    return crew(
        mara={"changes": [HOBBLED], "damage": 3},
        tobias={"slag": 1},
        sunita={"sidelined": True},
        pike={"changes": [TRAINED, TOUGHER, BURNED]},
        dmitri={"powers": ["Focus"]},
    )


def game_of(book: Book, seed: int = 0) -> Game:
    """A new game with ``book``'s squad as side A against ``firing-line``."""
    setup = RULESET.normalize_setup({"squad_a": {BOOK: book_to_data(book)}})
    return RULESET.new_game(setup, seed)


def played_out(game: Game, seed: int) -> Game:
    players = [make_player("random", seed + n) for n in range(4)]
    while game.decision is not None:
        game.apply(players[game.decision.player].choose(game))
    return game


def test_k3_book_lineup_carries_the_campaigns_changes() -> None:
    found = {p.name: p for p in scarred().lineup(CATALOG.squad.models).models}
    assert "Sunita Roche" not in found  # K3.3: Sidelined, it misses this game
    mara, tobias, pike, dmitri = (
        found[n] for n in ("Mara Voss", "Tobias Valdez", "Pike", "Dmitri Osei")
    )
    assert (mara.boss, mara.move, mara.health, mara.damage) == (True, 3, 16, 3)
    assert tobias.slag == 1
    assert (pike.wits, pike.health, pike.burned) == (10, 15, 1)
    assert dmitri.powers == ("Signal Jam", "Focus")


def test_k3_book_plays_its_next_game_as_the_book_left_it() -> None:
    game = game_of(scarred())
    squad = {m.name: m for m in game.models if m.side == 0}
    assert len(squad) == 4
    mara, tobias, pike = squad["Mara Voss"], squad["Tobias Valdez"], squad["Pike"]
    assert (mara.health, mara.max_health) == (13, 16)  # notes A62: the review's damage stays
    assert tobias.slag == 1 and armor(game, tobias) is None  # R6.4: a Light piece one class down
    assert pike.losses.ranged == 1 and int(tier(game, pike, "wits")) == 10
    assert squad["Dmitri Osei"].powers == ("Signal Jam", "Focus")


def test_r6_4_a_slagged_model_keeps_its_campaigns_move_changes() -> None:
    # Tobias, a Brute (Move 3) moved +2" by a Relocation, wears a slagged Mesh Wrap: the
    # armour's class is his Move's only change that Slag touches (notes A71).
    relocated = {"name": "Relocation", "rule": "K3.4", "stat": "move", "n": 2}
    for slag in (0, 1):
        game = game_of(crew(tobias={"changes": [relocated], "slag": slag}))
        (tobias,) = [m for m in game.models if m.name == "Tobias Valdez"]
        assert move_allowance(game, tobias) == 5.0


def test_a71_the_sheet_gives_the_move_a_slagged_heavy_piece_plays_with() -> None:
    # Mara (Boss, Move 4) wears a Heavy Cuirass (-1") a class down: Medium, the -1" gone
    # (notes A71). The book's sheet says the Move she plays with, 4", not 3".
    book = crew(mara={"armor": "Heavy Cuirass", "slag": 1})
    game = game_of(book)
    (mara,) = [m for m in game.models if m.name == "Mara Voss"]
    assert move_allowance(game, mara) == 4.0
    assert book.member("Mara Voss").move_in_play(CATALOG) == 4
    assert 'Health 16, Move 4"' in book_report(book, CATALOG)


def test_k3_book_file_is_read_as_a_book(tmp_path: Path) -> None:
    path = tmp_path / "crew.toml"
    save_book(scarred(), path, CATALOG)
    setup = RULESET.normalize_setup({"squad_a": str(path)})
    assert setup["squad_a"] == {BOOK: book_to_data(scarred())}
    assert RULESET.normalize_setup(setup) == setup  # the embedded book reads back the same


def test_k3_the_sample_book_file_is_read_as_a_book() -> None:
    # Written by hand, not by save_book: a book by its models' Merits all the same (K3.1).
    setup = RULESET.normalize_setup({"squad_a": str(DATA / "post-game-book.toml")})
    assert set(setup["squad_a"]) == {BOOK}
    assert setup["squad_a"][BOOK]["name"] == "Wrecking Crew"


def test_k3_a_book_written_by_hand_with_merits_left_off_some_models_is_a_book(
    tmp_path: Path,
) -> None:
    # One model's Merits make it a book; the others' default to 0 (K3.1).
    text = (DATA / "post-game-book.toml").read_text()
    first, rest = text.split("merits", 1)
    assert "merits" in rest
    path = tmp_path / "book.toml"
    path.write_text(first + "merits" + rest.replace("merits", "# merits"))
    setup = RULESET.normalize_setup({"squad_a": str(path)})
    assert set(setup["squad_a"]) == {BOOK}


@pytest.mark.parametrize("key", list(STATE))
def test_c2_3_a_squad_file_with_a_stray_campaign_key_is_a_squad_refused_for_it(
    tmp_path: Path, key: str
) -> None:
    # Only a book's models each carry their Merits (K3.1): a squad file with one of a book's
    # keys (its campaign state, or one model's Merits) is a squad still, refused for the key,
    # not a book spared the squad's 60-sub budget (C2.3).
    data = squad_to_data(squad_for_book("wrecking-crew", CATALOG))
    mara = data["models"][0]
    mara.update(weapons=["Rifle", "Missile Pod", "Needle Gun", "Shiv"], armor="Flak Wrap")
    path = tmp_path / "squad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SkirmishError, match=r"is invalid: 112 subs \(at most 60, C2\.3\)$"):
        RULESET.normalize_setup({"squad_a": str(path)})
    data[key] = getattr(Book(""), key)  # its default: false, 0 or none
    path.write_text(json.dumps(data))
    refused = rf"^squad 'Wrecking Crew' is invalid: unknown field '{key}'"
    with pytest.raises(SkirmishError, match=refused):
        RULESET.normalize_setup({"squad_a": str(path)})


def test_k3_a_later_book_file_is_read_afresh(tmp_path: Path) -> None:
    path = tmp_path / "crew.toml"
    save_book(crew(), path, CATALOG)
    RULESET.normalize_setup({"squad_a": str(path)})
    save_book(scarred(), path, CATALOG)
    game = RULESET.new_game(RULESET.normalize_setup({"squad_a": str(path)}), 0)
    assert len([m for m in game.models if m.side == 0]) == 4


def test_k3_3_a_book_with_every_model_sidelined_is_refused() -> None:
    book = crew(**{n: {"sidelined": True} for n in ("mara", "tobias", "sunita", "pike", "dmitri")})
    with pytest.raises(
        SkirmishError, match=r"'Wrecking Crew' has no model fit to play its next game \(K3\.3\)$"
    ):
        game_of(book)


def test_k3_squads_always_have_five_a_dead_model_is_hired_before_the_next_game() -> None:
    mara = ModelOutcome(name="Mara Voss", fate=OOA)
    done, found = run(crew(), [mara], "exploration", 1, 1, "injury", 1, 1)  # Terminated
    assert len(done.members) == 4
    assert [describe(e) for e in found if e.kind == "short"] == [
        "The squad has 4 of its 5 models: hire 1 before its next game, free, or it cannot play "
        f"it: {HIRE}  [K3]"
    ]
    before = book_to_data(done)
    with pytest.raises(
        CampaignError,
        match=r"^'Wrecking Crew' has 4 models: a squad always has 5, so hire 1 first, free "
        r"\(K3\): skirmish sacred-wire campaign hire BOOK --name NAME --contract CONTRACT ",
    ):
        game_of(done)
    assert book_to_data(done) == before
    vex = {"name": "Vex", "contract": "Gunner", "array": "Operative"}
    hired = hire(done, vex | {"combat": "2d6", "defense": "2d6", "wits": "2d6"}, catalog=CATALOG)
    assert len([m for m in game_of(hired).models if m.side == 0]) == 5


def test_k3_a_short_squad_is_refused_from_the_command_line(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    data = book_to_data(crew())
    del data["models"][4]
    path = tmp_path / "crew.toml"
    save_book(book_from_data(data, CATALOG), path, CATALOG)
    before = path.read_bytes()
    refused = cli("play", "sacred-wire", "-o", f"squad_a={path}", "--seed", "1")
    assert refused.status == 2 and path.read_bytes() == before
    assert refused.err.strip() == (
        "error: 'Wrecking Crew' has 4 models: a squad always has 5, so hire 1 first, free (K3): "
        f"{HIRE}"
    )
    hired = cli(
        "sacred-wire",
        "campaign",
        "hire",
        str(path),
        "--name",
        "Vex",
        "--contract",
        "Gunner",
        "--array",
        "Operative",
        "--combat",
        "2d6",
        "--defense",
        "2d6",
        "--wits",
        "2d6",
    )
    assert hired.status == 0, hired.err
    assert cli("play", "sacred-wire", "-o", f"squad_a={path}", "--seed", "1").status == 0


def test_k3_3_a_sidelined_boss_leaves_the_roll_off_to_the_best_wits() -> None:
    game = game_of(crew(mara={"sidelined": True}))
    assert boss(game, 0).name == "Pike"  # Wits 2d8, ahead of Dmitri Osei in the roster
    assert boss(game, 1).name == "Ilse Marrow"


def test_k3_4_a_model_of_two_powers_names_the_one_it_casts() -> None:
    placed = {
        "A5": {"pos": (12.0, 4.0), "powers": ("Signal Jam", "Focus")},
        "B2": (12.0, 12.0),
        "A1": (10.0, 4.0),
    }
    game = scenario(placed, script("cast", 6, 8, "test", 2, 3), act="A5")
    casts = [o for o in options(game) if o.startswith("cast")]
    assert casts == ["cast A5 B2 signal-jam", "cast A5 A1 focus"]
    before = game.to_json()
    with pytest.raises(
        SkirmishError,
        match=r"'cast A5 B2' is cut short: write it whole, as 'cast A5 B2 signal-jam'$",
    ):
        game.apply("cast A5 B2")
    with pytest.raises(
        SkirmishError, match=r"Dmitri Osei \(A5\) has no Power 'ping': it has Signal Jam, Focus$"
    ):
        game.apply("cast A5 B2 ping")
    assert game.to_json() == before
    game.apply("cast A5 A1 focus")
    assert events(game, "cast")[0].data["power"] == "Focus"
    assert dice_left(game) == []


def test_r7_3_a_fumble_locks_only_the_power_cast() -> None:
    placed = {
        "A5": {"pos": (12.0, 4.0), "powers": ("Signal Jam", "Focus")},
        "B2": (12.0, 12.0),
        "A1": (10.0, 4.0),
    }
    dice = script("cast", 1, 1, "resist", 3, 3, "fumble", 5, "fumble-damage", 1)
    game = scenario(placed, dice, act="A5")
    game.apply("cast A5 B2 signal-jam")  # x6: Frequency Lock
    a5 = game.model("A5")
    assert (a5.locked, a5.forgotten) == (("Signal Jam",), ())
    assert dice_left(game) == []


def test_r7_3_broadcast_storm_is_forgotten_in_the_book() -> None:
    book = scarred()
    result = ModelOutcome(name="Dmitri Osei", forgotten=("Signal Jam",))
    done, found = run(book, [result], "exploration", 1, 1)
    dmitri = done.member("Dmitri Osei")
    assert [p.name for p in dmitri.all_powers] == ["Focus"]
    assert [e.data for e in found if e.kind == "forgets"] == [{"power": "Signal Jam"}]
    assert book_from_data(book_to_data(done), CATALOG).member("Dmitri Osei").forgotten == (
        CATALOG.power("Signal Jam"),
    )
    dmitri_next = next(
        p for p in done.lineup(CATALOG.squad.models).models if p.name == "Dmitri Osei"
    )
    assert dmitri_next.powers == ("Focus",)


def test_r7_3_a_book_cannot_forget_a_power_it_never_had() -> None:
    with pytest.raises(
        CampaignError, match=r"model 'Pike' forgot Focus, a Power it never had \(R7\.3\)"
    ):
        crew(pike={"forgotten": ["Focus"]})


def test_r7_3_an_outcome_cannot_forget_a_power_the_model_lacks() -> None:
    outcome = Outcome(models=(ModelOutcome(name="Pike", forgotten=("Focus",)),))
    with pytest.raises(CampaignError, match=r"Pike has no Power Focus to forget \(R7\.3\)"):
        check_outcome(crew(), outcome, CATALOG.campaign, CATALOG)


def test_k3_a_record_counts_only_what_its_game_added() -> None:
    game = played_out(game_of(scarred()), 5)
    outcome = outcome_of(game, 0)
    assert outcome.played == Played(
        book="Wrecking Crew", games=0, parts=book_parts(book_to_data(scarred()))
    )
    tobias = next(m for m in game.models if m.name == "Tobias Valdez")
    pike = next(m for m in game.models if m.name == "Pike")
    results = {r.name: r for r in outcome.models}
    assert results["Tobias Valdez"].slag == tobias.slag - 1
    assert results["Pike"].lost.count("ranged") == pike.losses.ranged - 1
    assert outcome_of(replay(game.record()), 0) == outcome


def _other_book(book: Book, **fields: Any) -> Book:
    data = book_to_data(book)
    data.update(fields)
    return book_from_data(data, CATALOG)


def test_k3_a_record_applies_to_the_book_that_played_it_as_it_stood() -> None:
    outcome = Outcome(played=Played(book="Wrecking Crew", games=0))
    with pytest.raises(
        CampaignError,
        match=r"played by 'Wrecking Crew' after 0 games; "
        r"this book is 'Wrecking Crew' after 1 game$",
    ):
        post_game(_other_book(crew(), games=1), outcome, ScriptedDice([]))
    with pytest.raises(CampaignError, match=r"this book is 'Iron Choir' after 0 games$"):
        post_game(_other_book(crew(), name="Iron Choir"), outcome, ScriptedDice([]))


def _played_by(book: Book) -> Played:
    """What a record keeps of ``book``, the book that played it."""
    return Played(book=book.name, games=book.games, parts=book_parts(book_to_data(book)))


def test_k3_a_record_applies_to_no_other_copy_of_the_book_that_played_it() -> None:
    # Played by a copy at 5 Evidence: the same-named book at 1 Evidence is not that book.
    five = Outcome(played=_played_by(_other_book(crew(), evidence=[1, 2, 3, 4, 5])))
    with pytest.raises(
        CampaignError,
        match=r"^the game was played by 'Wrecking Crew' as it stood then; this book differs in "
        r"its Evidence: a record applies to that book alone \(K3\)$",
    ):
        post_game(_other_book(crew(), evidence=[3]), five, ScriptedDice([]))
    # Pike dismissed after the game and a new Pike hired: the new one did not play it.
    veteran = Outcome(played=_played_by(crew(pike={"merits": 3})))
    with pytest.raises(CampaignError, match=r"this book differs in its roster: "):
        post_game(crew(), veteran, ScriptedDice([]))


def test_k3_a_model_dismissed_before_its_post_game_is_said_to_be_gone_not_the_enemys() -> None:
    played = crew()
    pike, mara = ModelOutcome(name="Pike"), ModelOutcome(name="Mara Voss")
    data = book_to_data(played)
    data["models"] = [m for m in data["models"] if m["name"] != "Pike"]
    dismissed = book_from_data(data, CATALOG)
    record = Outcome(models=(mara, pike), record="ab" * 32, played=_played_by(played))
    with pytest.raises(
        CampaignError,
        match=r"differs in its roster \(Pike played and is not in it now: dismissed since the "
        r"game\?\): ",
    ):
        post_game(dismissed, record, ScriptedDice([]))
    table = Outcome(models=(mara, pike))
    with pytest.raises(
        CampaignError,
        match=r"^no model 'Pike' in 'Wrecking Crew': the squad played it, so was it dismissed or "
        r"renamed since\? an outcome applies to the book as it stood when it played \(K3\)$",
    ):
        post_game(dismissed, table, ScriptedDice([]))


def test_k3_a_record_of_a_side_that_played_without_a_book_applies_to_no_book() -> None:
    squad_file = Outcome(record="ab" * 32)
    with pytest.raises(
        CampaignError,
        match=r"^the side played from a squad file, not a campaign book: its game record "
        r"applies to no book, 'Wrecking Crew' neither \(K3\)",
    ):
        post_game(crew(), squad_file, ScriptedDice([]))


def test_k3_a_book_plays_games_in_turn_from_the_command_line(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    book, first, second = tmp_path / "crew.toml", tmp_path / "g1.json", tmp_path / "g2.json"
    assert cli("sacred-wire", "campaign", "new", "wrecking-crew", str(book)).status == 0
    for seed, save in ((7, first), (8, second)):  # both played from the book after 0 games
        option = f"squad_a={book}"
        done = cli("play", "sacred-wire", "-o", option, "--seed", str(seed), "--save", str(save))
        assert done.status == 0, done.err
    applied = cli(
        "sacred-wire", "campaign", "post-game", str(book), "--record", str(first), "--side", "A"
    )
    assert applied.status == 0, applied.err
    before = book.read_bytes()
    late = cli(
        "sacred-wire", "campaign", "post-game", str(book), "--record", str(second), "--side", "A"
    )
    assert late.status == 2 and book.read_bytes() == before
    assert late.err.strip() == (
        "error: the game was played by 'Wrecking Crew' after 0 games; "
        "this book is 'Wrecking Crew' after 1 game"
    )


def test_k1_3_the_mission_generator_reads_the_books_and_plays_their_squads(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    ours, rivals, save = tmp_path / "crew.toml", tmp_path / "rivals.toml", tmp_path / "m.json"
    save_book(_other_book(crew(), evidence=[1, 2, 3, 4], leads=1), ours, CATALOG)
    assert cli("sacred-wire", "campaign", "new", "firing-line", str(rivals)).status == 0
    books = ["--book-a", str(ours), "--book-b", str(rivals), "--seed", "3"]
    done = cli(
        "sacred-wire", "mission", *books, "--play", "--a", "ai", "--b", "ai", "--save", str(save)
    )
    assert done.status == 0, done.err
    assert "squad A 4 Evidence + 1 Leads = 5, squad B 0 + 0 = 0; the gap is 5" in done.out
    applied = cli(
        "sacred-wire", "campaign", "post-game", str(ours), "--record", str(save), "--side", "A"
    )
    assert applied.status == 0, applied.err
    mixed = cli("sacred-wire", "mission", "--book-a", str(ours), "--evidence-a", "2")
    assert mixed.status == 2 and mixed.err.strip() == (
        "error: --book-a gives side A's Evidence and Leads: leave out --evidence-a and --leads-a"
    )


def test_k1_2_the_signal_comes_once_only_the_books_say_it_was_played(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    ours, rivals = tmp_path / "crew.toml", tmp_path / "rivals.toml"
    save_book(_other_book(crew(), evidence=[1, 2, 3, 4, 5]), ours, CATALOG)
    save_book(_other_book(crew(), signal_played=True), rivals, CATALOG)
    books = ["--book-a", str(ours), "--book-b", str(rivals), "--seed", "3"]
    done = cli("sacred-wire", "mission", *books)
    assert done.status == 0, done.err
    assert "Trigger mission" not in done.out and "Mission [K1.3, d12" in done.out
    save_book(_other_book(crew()), rivals, CATALOG)
    first = cli("sacred-wire", "mission", *books)
    assert first.status == 0 and "M13.1" in first.out


def test_k1_2_a_book_due_the_signal_plays_on_against_a_book_that_played_it(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    # Three squads: B played The Signal against C. A reaches 5 Evidence and meets B: The
    # Signal comes once a campaign, so A plays the generated mission, and its post-game takes
    # the record and keeps that A never plays The Signal.
    ours, rivals, save = tmp_path / "crew.toml", tmp_path / "rivals.toml", tmp_path / "g.json"
    save_book(_other_book(crew(), evidence=[1, 2, 3, 4, 5]), ours, CATALOG)
    assert cli("sacred-wire", "campaign", "new", "firing-line", str(rivals)).status == 0
    fresh = rivals.read_bytes()
    game = ["-o", f"squad_a={ours}", "-o", f"squad_b={rivals}", "--seed", "5"]
    due = cli("play", "sacred-wire", *game, "-o", "mission=sabotage")
    assert due.status == 2 and "'Wrecking Crew' has 5 Evidence and has not played" in due.err
    firing = load_book(rivals, CATALOG)
    save_book(_other_book(firing, signal_played=True), rivals, CATALOG)
    books = ["--book-a", str(ours), "--book-b", str(rivals), "--seed", "3", "--json"]
    generated = cli("sacred-wire", "mission", *books)
    assert generated.status == 0, generated.err
    mission = json.loads(generated.out)["mission"]["id"]
    assert mission not in ("the-signal", "the-source")
    again = cli("play", "sacred-wire", *game, "-o", "mission=the-signal")
    assert again.status == 2 and again.err.strip() == (
        "error: mission the-signal: 'Firing Line' played The Signal already, which comes once "
        "a campaign (K1.2)"
    )
    played = cli("play", "sacred-wire", *game, "-o", f"mission={mission}", "--save", str(save))
    assert played.status == 0, played.err
    applied = cli(
        "sacred-wire", "campaign", "post-game", str(ours), "--record", str(save), "--side", "A"
    )
    assert applied.status == 0, applied.err
    assert "Other squads played The Signal: the book keeps it" in applied.out
    assert load_book(ours, CATALOG).signal_elsewhere
    rivals.write_bytes(fresh)  # A meets a squad that never heard of The Signal: still done
    later = cli("sacred-wire", "mission", *books)
    assert later.status == 0 and json.loads(later.out)["mission"]["id"] != "the-signal"
    never = cli("play", "sacred-wire", *game, "-o", "mission=the-signal")
    assert never.status == 2 and "'Wrecking Crew' knows other squads played" in never.err


def test_k1_2_the_generators_signal_done_reaches_the_game_it_plays(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    # A, at 5 Evidence, has no mark, but its owner says The Signal was played by other squads
    # (--signal-done): the generated mission is played, its record says so and A's post-game
    # marks the book, so A never plays The Signal.
    ours, save = tmp_path / "crew.toml", tmp_path / "g.json"
    save_book(_other_book(crew(), evidence=[1, 2, 3, 4, 5]), ours, CATALOG)
    before = ours.read_bytes()
    game = ["--book-a", str(ours), "--seed", "3", "--play", "--a", "random", "--b", "random"]
    done = cli("sacred-wire", "mission", "--signal-done", *game, "--save", str(save))
    assert done.status == 0, done.err
    assert "Mission [K1.3, d12 = 8]: Sabotage (M8.1)" in done.out and "M13.1" not in done.out
    assert json.loads(save.read_text())["setup"]["signal_done"] is True
    assert ours.read_bytes() == before  # the game leaves the book to its post-game
    signal = cli("sacred-wire", "mission", *game)  # without the owner's word: The Signal
    assert signal.status == 0 and "The Signal (M13.1)" in signal.out
    applied = cli(
        "sacred-wire", "campaign", "post-game", str(ours), "--record", str(save), "--side", "A"
    )
    assert applied.status == 0, applied.err
    assert "Other squads played The Signal: the book keeps it" in applied.out
    marked = load_book(ours, CATALOG)
    assert marked.signal_elsewhere and not marked.signal_played


def test_k1_2_play_takes_the_owners_word_that_the_signal_was_played(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    ours, save = tmp_path / "crew.toml", tmp_path / "g.json"
    save_book(_other_book(crew(), evidence=[1, 2, 3, 4, 5]), ours, CATALOG)
    game = ["-o", f"squad_a={ours}", "-o", "mission=control", "--seed", "4"]
    due = cli("play", "sacred-wire", *game)  # no word, no mark: the refusal stands
    assert due.status == 2 and due.err.strip().endswith(
        "'Wrecking Crew' has 5 Evidence and has not played The Signal: the first time a squad "
        "reaches 5 it plays The Signal instead of a generated mission (K1.2); give mission "
        "the-signal, or signal_done=true if other squads played it"
    )
    false = cli("play", "sacred-wire", *game, "-o", "signal_done=false")
    assert false.status == 2 and "has not played The Signal" in false.err
    told = ["-o", "signal_done=true", "--a", "random", "--b", "random", "--save", str(save)]
    played = cli("play", "sacred-wire", *game, *told)
    assert played.status == 0, played.err
    outcome = outcome_of(replay(json.loads(save.read_text())), 0)
    assert outcome.signal_done and outcome.mission == "M2.1"
    signal = cli("play", "sacred-wire", *game, "-o", "mission=the-signal", "-o", "signal_done=true")
    assert signal.status == 2 and signal.err.strip() == (
        "error: mission the-signal: signal_done says other squads played The Signal already, "
        "which comes once a campaign (K1.2)"
    )


def test_k1_2_a_book_due_the_signal_plays_no_other_mission_from_the_command_line(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    book = tmp_path / "crew.toml"
    save_book(_other_book(crew(), evidence=[1, 2, 3, 4, 5]), book, CATALOG)
    before = book.read_bytes()
    for command in ("play", "simulate"):
        options = ["-o", f"squad_a={book}", "-o", "mission=extraction", "--seed", "1"]
        refused = cli(command, "sacred-wire", *options)
        assert refused.status == 2 and book.read_bytes() == before
        assert refused.err.strip() == (
            "error: mission extraction: 'Wrecking Crew' has 5 Evidence and has not played The "
            "Signal: the first time a squad reaches 5 it plays The Signal instead of a generated "
            "mission (K1.2); give mission the-signal, or signal_done=true if other squads "
            "played it"
        ), refused.err


def test_m13_2_the_mission_generator_offers_the_source_to_the_book_that_held_it(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    ours, rivals = tmp_path / "crew.toml", tmp_path / "rivals.toml"
    eight = list(range(1, 9))
    save_book(_other_book(crew(), evidence=eight), ours, CATALOG)
    save_book(_other_book(crew(), evidence=eight, leads=1, extractor=True), rivals, CATALOG)
    books = ["--book-a", str(ours), "--book-b", str(rivals), "--seed", "3", "--signal-done"]
    done = cli("sacred-wire", "mission", *books)
    assert done.status == 0, done.err
    assert "The Source [K1.2]: squad B may play M13.2 The Source instead" in done.out
    save_book(_other_book(crew(), evidence=eight, extractor=True), ours, CATALOG)
    both = cli("sacred-wire", "mission", *books)
    assert both.status == 2 and "only one can be its next Extractor (M13.2)" in both.err
