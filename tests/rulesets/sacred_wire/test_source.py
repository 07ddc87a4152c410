"""The Source (M13.2, notes A97), with fixed dice: the Extractor and the Interceptor, the
Source taken with Interact and what it does to its holder and to Powers near it, its own
spawns, the end after Round 6, the detonation, and the campaign's stakes: victory by
extraction, Interception and Failure."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    booked,
    dice_left,
    events,
    open_board,
    options,
    place_models,
    script,
)
from tests.rulesets.sacred_wire.test_missions import ROLL_OFF_B, new_game

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Edge
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.book import book_to_data, new_book, squad_for_book
from skirmish.rulesets.sacred_wire.campaign.outcome import outcome_of
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.casualties import OUT_OF_ACTION
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.game.setup import add_models
from skirmish.rulesets.sacred_wire.game.space import is_engaged
from skirmish.rulesets.sacred_wire.game.state import Objective, WireGame
from skirmish.rulesets.sacred_wire.hostiles.arrival import Arrivals, place_hostile
from skirmish.rulesets.sacred_wire.missions import carry, zones
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup
from skirmish.rulesets.sacred_wire.squads.roster import can_cast, move_allowance, roll_modifiers

RULESET = find_ruleset("sacred-wire")
SOURCE = (Objective("source", 12.0, 12.0),)
AT_SOURCE = (12.0, 11.0)  # a base 0.51" from the centre
PLAYED = {"signal_played": True}  # a book past 5 Evidence played The Signal first (K1.2)


def carried(by: str, x: float = 12.0, y: float = 12.0) -> tuple[Objective, ...]:
    return (Objective("source", x, y, carrier=by, last=by),)


def source_game(
    placed: dict[str, Any],
    objectives: tuple[Objective, ...] = SOURCE,
    round: int = 6,
    steps: list[Step] | None = None,
    dice: list[tuple[str, int]] | None = None,
    hostile: tuple[str, tuple[float, float]] | None = None,
    board: dict[str, Any] | None = None,
) -> WireGame:
    """The Source with only the ``placed`` models on ``board`` (open by default): side A the
    Extractor on the south edge, side B the Interceptor on the north; at the end of ``round``
    (Round 6 ends it) unless ``steps`` run instead."""
    setup = RULESET.normalize_setup(
        {"board": board or open_board(), "mission": "the-source", "hostiles": "scrapers"}
    )
    game: WireGame = Game(RULESET, setup, 0, ScriptedDice(dice or []))
    add_models(game)
    st = game.state
    st.hostiles, st.lineups = "scrapers", (*st.lineups, Lineup("Scrapers", ()))
    if hostile is not None:
        unit = CATALOG.hostiles.faction("scrapers").unit(hostile[0])
        h = place_hostile(game, unit, "G1", hostile[1])
        assert h is not None
    place_models(game, placed)
    st.round, st.first, st.first_draw = round, 0, False
    st.edges, st.zones = ("south", "north"), (("south",), ("north",))
    st.defender, st.objectives = 1, objectives
    game.begin(list(steps) if steps is not None else [EndRound()])
    return game


def result(game: WireGame) -> zones.MissionResult:
    found = zones.result(game)
    assert found is not None
    return found


# --- setup ------------------------------------------------------------------------------------


def test_m13_2_the_extractor_picks_its_edge_and_the_source_lies_at_the_centre() -> None:
    game = new_game({"mission": "the-source", "evidence_b": 8, "hostiles": "scrapers"}, ROLL_OFF_B)
    (extractor,) = events(game, "extractor")
    assert extractor.data["side"] == 1 and extractor.rule == "M13.2"
    assert game.state.defender == 0  # side A intercepts
    assert game.state.objectives == SOURCE
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (1, "edge")


def test_m13_2_the_holder_at_the_last_attempts_end_is_the_extractor() -> None:
    # B reached 8 Evidence, but A held the Source when the last attempt ended.
    chosen = {"mission": "the-source", "evidence_b": 8, "hostiles": "scrapers"}
    game = new_game({**chosen, "extractor": "a"}, ROLL_OFF_B)
    (extractor,) = events(game, "extractor")
    assert extractor.data["side"] == 0 and game.state.defender == 1
    data = book_to_data(new_book(squad_for_book("wrecking-crew", CATALOG)))
    # its 8 evidence_b; past 5, so it played The Signal (K1.2)
    book = {**data, "evidence": list(range(1, 9)), "extractor": True, "signal_played": True}
    booked = RULESET.normalize_setup({**chosen, "squad_b": {"book": book}})
    assert booked["extractor"] == "b"
    with pytest.raises(SkirmishError, match=r"extractor: both sides are named.*\(M13\.2\)$"):
        RULESET.normalize_setup({**booked, "extractor": "a"})
    with pytest.raises(SkirmishError, match=r"the Extractor of The Source only"):
        RULESET.normalize_setup({"mission": "heist", "extractor": "a"})


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        (
            {"squad_a": booked(0), "squad_b": booked(2)},
            r"^mission the-source: side A has 0 Evidence, side B 2; The Source is called by a "
            r"squad with 8 or more Evidence \(K1\.2, M13\.2\)$",
        ),
        (  # the option's 8 is not the book's: the book is the squad's standing
            {"squad_a": booked(0), "evidence_a": 8},
            r"^evidence_a=8 contradicts side A's campaign book 'Wrecking Crew', which holds 0: a "
            r"book's squad plays with its own Evidence and Leads \(K1\.3\); leave the option "
            r"out$",
        ),
        (
            {"squad_a": booked(8, **PLAYED), "squad_b": booked(5, extractor=True, **PLAYED)},
            r"^mission the-source: side B held the Source at the end of the last attempt, so "
            r"only it calls the next, but it has 5 Evidence; The Source is called by a squad "
            r"with 8 or more Evidence \(K1\.2, M13\.2\)$",
        ),
    ],
)
def test_l946_a_game_of_books_plays_the_source_only_as_the_campaign_calls_it(
    chosen: dict[str, Any], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message):
        RULESET.normalize_setup({"mission": "the-source", **chosen})


def test_l946_l1134_the_extractor_of_books_is_the_squad_with_8_evidence_in_its_book() -> None:
    chosen = {"mission": "the-source", "hostiles": "scrapers", "squad_a": booked(2)}
    # Side A's book has 2 Evidence and the Aggressor's higher total; B's book 8, not an option.
    game = new_game({**chosen, "squad_b": booked(8, leads=0, **PLAYED)}, ROLL_OFF_B)
    assert (game.setup["evidence_a"], game.setup["evidence_b"]) == (2, 8)
    (extractor,) = events(game, "extractor")
    assert extractor.data["side"] == 1 and game.state.defender == 0
    same = RULESET.normalize_setup({**chosen, "squad_b": booked(8, **PLAYED), "evidence_b": 8})
    assert same["evidence_b"] == 8  # an option that agrees with the book is no contradiction
    # The holder of the last attempt calls it again once it has 8 (M13.2).
    again = RULESET.normalize_setup({**chosen, "squad_b": booked(8, extractor=True, **PLAYED)})
    assert again["extractor"] == "b"


def test_l946_the_free_source_without_books_keeps_its_options() -> None:
    # A designer's game: the Evidence options, neither at 8, the Aggressor the Extractor.
    dice = ROLL_OFF_B + script("roles", 1)  # a full tie: the d2 makes A the Aggressor
    game = new_game({"mission": "the-source", "hostiles": "scrapers"}, dice)
    assert [e.data["side"] for e in events(game, "extractor")] == [0]
    chosen = {"mission": "the-source", "evidence_a": 3, "extractor": "b"}
    assert RULESET.normalize_setup(chosen)["extractor"] == "b"


def test_m13_2_its_own_spawns_an_elite_at_the_centre_then_the_edges() -> None:
    first = source_game(
        {"A1": (3.0, 1.0)}, round=1, steps=[Arrivals()], dice=script("spawn-unit", 1)
    )
    (elite,) = events(first, "spawn")
    assert (elite.data["tier"], elite.data["location"]) == ("elite", "the centre")
    dice = script("spawn-unit", 1, "spawn-unit", 1)
    fourth = source_game({"A1": (3.0, 1.0)}, round=4, steps=[Arrivals()], dice=dice)
    said = [(e.data["tier"], e.data["location"]) for e in events(fourth, "spawn")]
    assert said == [("normal", "the south edge"), ("elite", "the north edge")]
    assert dice_left(fourth) == []


# --- the Source in play ------------------------------------------------------------------------


def test_m13_2_interact_takes_it_and_its_holder_rolls_wits_at_minus_1_and_cannot_cast() -> None:
    game = source_game({"A5": AT_SOURCE, "B1": (20.0, 22.0)}, round=2, steps=[Activation("A5")])
    assert can_cast(game, game.model("A5"))
    pace = move_allowance(game, game.model("A5"))
    assert "interact A5 source" in options(game)
    game.apply("interact A5 source")
    dmitri = game.model("A5")
    assert [(t.steps, t.source) for t in roll_modifiers(dmitri, "wits")] == [
        (-1, "holding the Source")
    ]
    assert not can_cast(game, dmitri)
    assert move_allowance(game, dmitri) == pace  # the Source slows nobody


def test_m13_2_an_engaged_model_takes_it_too() -> None:
    # Unlike the generator's missions, M13.2 bars no Engaged model (C4.3, notes A95).
    game = source_game({"A5": AT_SOURCE, "B1": (12.0, 9.98)}, round=2, steps=[Activation("A5")])
    assert is_engaged(game, game.model("A5"))
    assert "interact A5 source" in options(game)
    game.apply("interact A5 source")
    (o,) = game.state.objectives
    assert o.carrier == "A5"
    assert [e.rule for e in events(game, "takes")] == ["M13.2"]


def test_m13_2_a_holder_out_of_action_drops_it_and_any_model_may_pick_it_up() -> None:
    placed = {"A5": AT_SOURCE, "A1": (3.0, 2.0), "B1": (12.0, 13.0)}
    game = source_game(placed, carried("A5"), round=2, steps=[])
    dmitri = game.model("A5")
    dmitri.add_timed(carry.HOLDER)
    casualties.out_of_action(game, dmitri, "C4.18", by="B1")
    (o,) = game.state.objectives
    assert (o.carrier, o.last) == ("", "A5") and roll_modifiers(dmitri, "wits") == ()


def test_m13_2_powers_within_6in_of_the_holder_are_at_minus_1_dt() -> None:
    game = source_game(
        {"A1": (12.0, 12.0), "A5": (12.0, 17.0), "B5": (12.0, 20.0)}, carried("A1"), steps=[]
    )
    assert [m.source for m in carry.source_penalty(game, game.model("A5"))] == ["the Source nearby"]
    assert carry.source_penalty(game, game.model("B5")) == []


# --- the end ----------------------------------------------------------------------------------


def test_m13_2_carried_off_the_far_edge_the_extractor_wins_the_campaign() -> None:
    game = source_game(
        {"A1": (12.0, 23.0), "B1": (2.0, 2.0)},
        carried("A1", 12.0, 23.0),
        round=3,
        steps=[Activation("A1")],
    )
    assert zones.exit_edges(game, game.model("A1")) == (Edge.NORTH,)
    game.apply("move A1 12,24.6")
    assert game.result is not None and game.result.winner == 0
    assert result(game).campaign == 0 and result(game).evidence_lost == (0, 0)
    assert "detonation" not in [e.kind for e in game.log]
    outcome = outcome_of(game, 0)
    assert outcome.campaign_won and not outcome.gives_winner_evidence


def test_m13_2_the_extractor_left_alone_plays_on_to_carry_the_source_off() -> None:
    # Round 3: the Interceptor's last model falls. The game goes on: only an extraction wins
    # The Source, and A1 carries it off the far edge next.
    game = source_game({"A1": (12.0, 23.0), "B1": (20.0, 20.0)}, carried("A1", 12.0, 23.0), 3, [])
    casualties.out_of_action(game, game.model("B1"), "test")
    assert not game.is_over
    game.begin([Activation("A1")])
    game.apply("move A1 12,24.6")
    assert game.result is not None and game.result.winner == 0
    assert result(game).campaign == 0 and result(game).evidence_lost == (0, 0)


def test_m13_2_the_interceptor_left_alone_plays_on_to_the_end_of_round_6() -> None:
    # The Extractor's last model falls in Round 3: B plays on; Round 6 ends it, Interception
    # and Failure.
    dice = script("evidence-lost", 4, 2)
    game = source_game({"A1": (12.0, 12.0), "B1": (20.0, 20.0)}, round=3, steps=[], dice=dice)
    casualties.out_of_action(game, game.model("A1"), "test")
    assert game.result is None
    game.state.round = 6
    game.begin([EndRound()])
    assert game.result is not None and game.result.winner == 1
    assert result(game).evidence_lost == (6, 0)


def test_m13_2_the_interceptor_holding_it_has_no_exit() -> None:
    game = source_game({"B1": (12.0, 23.0), "A1": (2.0, 2.0)}, carried("B1", 12.0, 23.0), steps=[])
    assert zones.exit_edges(game, game.model("B1")) == ()


def test_m13_2_not_extracted_after_round_6_the_interceptor_wins_interception() -> None:
    game = source_game({"A1": (3.0, 2.0), "B1": (20.0, 22.0)}, dice=script("evidence-lost", 4))
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "the Source was not extracted"
    found = result(game)
    assert found.evidence_lost == (4, 0) and found.leads_lost == (True, False)
    assert found.campaign is None
    outcome = outcome_of(game, 0)
    assert outcome.evidence_lost == 4 and outcome.leads_lost and not outcome.campaign_won
    assert dice_left(game) == []


def test_m13_2_whoever_holds_it_at_the_end_is_the_extractor_of_the_next_attempt() -> None:
    # The Interceptor's B1 holds it after Round 6: B is the Extractor of the next attempt.
    placed = {"A1": (3.0, 2.0), "B1": (20.0, 22.0)}
    dice = script("evidence-lost", 4, "detonation", 1)  # the Source blasts its holder B1
    game = source_game(placed, carried("B1", 20.0, 22.0), dice=dice)
    found = result(game)
    assert found.extractor == 1
    assert found.reasons[-1] == "side B holds the Source: it is the Extractor of the next attempt"
    assert (outcome_of(game, 0).next_extractor, outcome_of(game, 1).next_extractor) == (False, True)
    on_ground = source_game(placed, dice=script("evidence-lost", 4))
    assert result(on_ground).extractor is None
    assert outcome_of(on_ground, 1).next_extractor is False


def test_m1_1_a_holder_made_to_flee_by_a_critical_keeps_the_source_for_nothing_notes_a63() -> None:
    # B1 shoots A1 with an Arc Pistol: 6 against 2 is a Triple, Static Critical 2, Frequency
    # Terror: A1 Flees with the Source, its hold on Wits too, but holds it for nothing at the
    # end (notes A103) and has no Mission Exit (K1.2).
    placed = {
        "A1": (8.0, 9.0),
        "A2": (2.0, 2.0),
        "B1": {"pos": (8.0, 16.0), "weapons": ("Arc Pistol",)},
    }
    dice = script("attack", 3, 3, "defense", 1, 1, "critical", 2)
    game = source_game(placed, carried("A1"), round=2, steps=[Activation("B1")], dice=dice)
    game.model("A1").add_timed(carry.HOLDER)
    game.apply("shoot B1 A1 arc-pistol")
    assert game.model("A1").fleeing and game.model("A1").removed is None
    assert game.state.objectives == carried("A1")
    assert events(game, "drops") == []
    assert carry.HOLDER in game.model("A1").timed
    assert zones.holder(game) is None
    assert zones.exit_edges(game, game.model("A1")) == ()
    assert dice_left(game) == []


def test_m13_2_a_wiped_out_extractor_suffers_interception_and_failure() -> None:
    game = source_game({"B1": (20.0, 22.0)}, dice=script("evidence-lost", 4, 2))
    found = result(game)
    assert found.evidence_lost == (6, 0)
    assert any("Failure (no Extractor model is left)" in r for r in found.reasons)


def test_notes_a97_the_source_lost_to_hostiles_is_a_failure() -> None:
    placed = {
        "A1": {"pos": (12.0, 12.0), "removed": OUT_OF_ACTION, "ooa_by": "H1"},
        "A2": (3.0, 2.0),
        "B1": (20.0, 22.0),
    }
    lost = (Objective("source", 12.0, 12.0, last="A1"),)
    dice = script("evidence-lost", 3, 5)
    game = source_game(placed, lost, dice=dice, hostile=("Gutter Runner", (20.0, 2.0)))
    found = result(game)
    assert found.evidence_lost == (8, 0)
    assert any("fell to Gutter Runner (H1)" in r for r in found.reasons)


def test_m13_2_the_source_detonates_at_the_end_armour_no_help() -> None:
    # Mara Voss (A1) wears Flak Wrap; 1" from the Source she takes the whole d6.
    placed = {"A1": (12.0, 13.5), "B1": (20.0, 22.0)}
    game = source_game(placed, dice=script("evidence-lost", 4, "detonation", 5))
    assert game.model("A1").health == game.model("A1").max_health - 5
    assert [e.kind for e in game.log if e.roll is None][-2:] == ["detonation", "damaged"]
    assert dice_left(game) == []
