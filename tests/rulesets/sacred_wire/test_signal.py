"""The Signal (M13.1, notes A96): the Discoverer and the Interceptor, the relay at the centre,
control at the start of each round, Examine and Redirect with fixed dice, the mission's own
hostile spawns and their surge, the Broadcast Powers' -1 DT, and the rewards."""

from __future__ import annotations

import copy

import pytest
from tests.rulesets.sacred_wire.helpers import booked, events, options, script, unchanged
from tests.rulesets.sacred_wire.test_missions import RULESET, ended, new_game, reward

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.campaign.outcome import outcome_of
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.game.state import Objective, WireState
from skirmish.rulesets.sacred_wire.hostiles import arrival
from skirmish.rulesets.sacred_wire.missions import signal
from skirmish.rulesets.sacred_wire.rolls.tiers import TierModifier
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import RANDOM_EDGE, Spawn
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup

RELAY = (Objective("relay", 12.0, 12.0),)
AT_RELAY = (12.0, 11.0)  # a base 0.51" from the relay
FAR = {"B1": (20.0, 22.0)}
ROLL_OFF_A = script("roll-off", 4, 5, "roll-off", 2, 3)  # side A is First Player


def _state(game: Game) -> WireState:
    st = game.state
    assert isinstance(st, WireState)
    return st


def _at_relay(control: int = 0, **state: object) -> Game:
    placed = {"A1": AT_RELAY, **FAR}
    steps = [Activation("A1")]
    return ended("the-signal", placed, RELAY, round=2, steps=steps, control=control, **state)


def test_m13_1_the_discoverer_picks_its_edge_and_the_interceptor_places_the_relay() -> None:
    dice = script("hostile-type", 3) + ROLL_OFF_A
    game = new_game({"mission": "the-signal", "evidence_b": 5, "evidence_a": 4}, dice)
    st = _state(game)
    assert (st.hostiles, st.defender) == ("wave-callers", 0)  # B discovered it: A intercepts
    assert st.objectives == RELAY
    (placed,) = events(game, "marker-placed")
    assert (placed.rule, placed.data["side"]) == ("M13.1", 0)
    assert game.describe(events(game, "hostiles")[0]) == (
        "The hostiles are Wave Callers, spawning as the mission says  [K1.2]"
    )
    assert game.describe(events(game, "discoverer")[0]) == (
        "side B (Firing Line) discovered the signal: it picks its edge, the other side "
        "intercepts  [M13.1]"
    )
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "edge")  # not the First Player


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"loot": "scattered"}, r"^loot: The Signal is played without Loot Markers \(notes A96\)$"),
        ({"deployment": "corners"}, r"The Signal's squads deploy on opposite edges \(M13\.1\)$"),
        ({"hostiles": "none"}, r"^hostiles: the mission always has hostiles \(M13\.1\)"),
        ({"hostile_timing": "early"}, r"spawns its hostiles itself \(M13\.1\)$"),
    ],
)
def test_m13_1_bad_setup_options_are_refused(options: dict[str, str], message: str) -> None:
    with pytest.raises(SkirmishError, match=message):
        RULESET.normalize_setup({"mission": "the-signal", **options})
    setup = RULESET.normalize_setup({"mission": "the-signal"})
    assert (setup["hostiles"], setup["hostile_timing"]) == ("random", "none")
    assert RULESET.normalize_setup(setup) == setup


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        (
            {"squad_a": booked(4), "evidence_b": 2},
            r"^mission the-signal: side A has 4 Evidence, side B 2; The Signal comes when the "
            r"first squad reaches 5 \(K1\.2, M13\.1\)$",
        ),
        (
            {"squad_a": booked(5), "squad_b": booked(2, signal_played=True)},
            r"^mission the-signal: 'Wrecking Crew' played The Signal already, which comes once "
            r"a campaign \(K1\.2\)$",
        ),
    ],
)
def test_l1140_a_game_of_books_plays_the_signal_once_a_squad_reached_5_and_never_again(
    chosen: dict[str, object], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message):
        RULESET.normalize_setup({"mission": "the-signal", **chosen})
    setup = RULESET.normalize_setup({"mission": "the-signal", "squad_b": booked(5)})
    assert (setup["evidence_a"], setup["evidence_b"]) == (0, 5)  # B's book reached 5


@pytest.mark.parametrize("mission", ["extraction", "random", "the-source"])
def test_k1_2_a_book_due_the_signal_is_refused_any_other_mission_at_setup(mission: str) -> None:
    # At 5 Evidence, The Signal not played, the book's next game is The Signal: its post-game
    # would refuse any other mission's outcome, so the setup refuses it first.
    chosen = {"mission": mission, "squad_b": booked(2), "squad_a": booked(5)}
    before = copy.deepcopy(chosen)
    with pytest.raises(
        SkirmishError,
        match=rf"^mission {mission}: 'Wrecking Crew' has 5 Evidence and has not played The "
        r"Signal: the first time a squad reaches 5 it plays The Signal instead of a generated "
        r"mission \(K1\.2\); give mission the-signal, or signal_done=true if other squads "
        r"played it$",
    ):
        RULESET.normalize_setup(chosen)
    assert chosen == before
    played = {**chosen, "squad_a": booked(5, signal_played=True)}
    if mission != "the-source":  # The Source wants 8 Evidence (K1.2)
        assert RULESET.normalize_setup(played)["mission"] == mission
    assert "mission" not in RULESET.normalize_setup({"squad_a": booked(5)})  # no mission: free


@pytest.mark.parametrize(
    ("mark", "message"),
    [
        ("signal_played", r"'Wrecking Crew' played The Signal already"),
        ("signal_elsewhere", r"'Wrecking Crew' knows other squads played The Signal already"),
    ],
)
def test_k1_2_a_book_due_the_signal_plays_another_mission_against_a_book_that_had_it(
    mark: str, message: str
) -> None:
    # B played The Signal against C (or met a squad that had): once a campaign, so A, at 5
    # Evidence, plays the generated mission against B, and The Signal no more.
    chosen = {"mission": "extraction", "squad_a": booked(5), "squad_b": booked(2, **{mark: True})}
    assert RULESET.normalize_setup(chosen)["mission"] == "extraction"
    with pytest.raises(
        SkirmishError, match=rf"^mission the-signal: {message}, which comes once a campaign"
    ):
        RULESET.normalize_setup({**chosen, "mission": "the-signal"})


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ({"mission": "control", "signal_done": "yes"}, r"^signal_done: true or false \(The "),
        ({"mission": "control", "signal_done": 1}, r"^signal_done: true or false .*, not 1$"),
        ({"signal_done": True}, r"^signal_done needs a mission \(the mission option\): "),
        (
            {"mission": "the-signal", "signal_done": True},
            r"^mission the-signal: signal_done says other squads played The Signal already, "
            r"which comes once a campaign \(K1\.2\)$",
        ),
    ],
)
def test_k1_2_bad_signal_done_options_are_refused_in_one_line(
    chosen: dict[str, object], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message):
        RULESET.normalize_setup({"squad_a": booked(5), **chosen})


def test_k1_2_a_book_due_the_signal_plays_the_mission_given_on_the_owners_word() -> None:
    # The owner says The Signal was played by other squads (signal_done): once a campaign, so
    # the book due it by its own Evidence plays the mission given; the setup keeps the word.
    chosen = {"mission": "extraction", "squad_a": booked(5), "squad_b": booked(2)}
    with pytest.raises(SkirmishError, match=r"^mission extraction: 'Wrecking Crew' has 5 "):
        RULESET.normalize_setup(chosen)
    setup = RULESET.normalize_setup({**chosen, "signal_done": True})
    assert setup["mission"] == "extraction" and setup["signal_done"] is True
    left_out = RULESET.normalize_setup({**chosen, "squad_a": booked(2), "signal_done": False})
    assert "signal_done" not in left_out  # false is the default: a setup as before it came
    assert RULESET.normalize_setup({"mission": "control", "signal_done": True})["signal_done"]


def test_m13_1_control_goes_to_more_models_within_3_inches_at_round_start() -> None:
    placed = {"A1": (12.0, 10.0), "A2": (10.0, 12.0), "B1": (14.0, 12.0), "B2": (20.0, 20.0)}
    game = ended("the-signal", placed, RELAY, round=2, steps=[])
    signal.take_control(game)
    assert _state(game).control == 0
    assert game.describe(events(game, "relay-control")[0]) == (
        'Round start: side A (Wrecking Crew) controls the relay (2 A, 1 B within 3")  [M13.1]'
    )
    game.model("B2").x, game.model("B2").y = (12.0, 14.0)
    signal.take_control(game)
    assert _state(game).control == -1  # equal: nobody (notes A96)


def test_m13_1_examine_a_triple_finds_evidence_and_a_lead() -> None:
    game = _at_relay()
    assert "interact A1 relay" in options(game) and "interact A1 relay redirect" in options(game)
    game.dice = ScriptedDice(script("examine", 6, 6, "fixed", 2, 2))
    game.apply("interact A1 relay")
    assert (_state(game).examined, _state(game).signalled) == ((1, 0), (1, 0))
    assert game.describe(events(game, "examined")[0]) == (
        "Mara Voss (A1) examines the relay (12 vs 4): 1 Evidence and 1 Lead  [M13.1]"
    )


def test_m13_1_examine_a_plain_pass_finds_a_lead_and_a_fail_nothing() -> None:
    game = _at_relay()
    game.dice = ScriptedDice(script("examine", 4, 4, "fixed", 3, 3))
    game.apply("interact A1 relay")
    assert (_state(game).examined, _state(game).signalled) == ((1, 0), (0, 0))
    game = _at_relay()
    game.dice = ScriptedDice(script("examine", 1, 2, "fixed", 5, 5))
    game.apply("interact A1 relay")
    assert (_state(game).examined, _state(game).signalled) == ((0, 0), (0, 0))


def test_m13_1_only_the_controlling_squad_works_the_relay_even_engaged() -> None:
    game = _at_relay(control=1)
    assert not [o for o in options(game) if o.startswith("interact")]
    unchanged(
        game,
        "interact A1 relay",
        r"side A does not control the relay this round \(M13\.1\)$",
    )
    placed = {"A1": AT_RELAY, "B1": (12.0, 9.9)}
    game = ended("the-signal", placed, RELAY, round=2, steps=[Activation("A1")], control=0)
    assert "interact A1 relay" in options(game)  # Engaged with B1, and still allowed


def test_m13_1_a_redirect_at_minus_1_dt_wins_at_once_with_2_evidence() -> None:
    game = _at_relay(examined=(1, 2))
    game.dice = ScriptedDice(script("redirect", 4, 4, "fixed", 2, 2))  # 2d6 -1 DT: 2d4
    game.apply("interact A1 relay redirect")
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "redirected the signal"
    result = reward(game)
    assert (result.leads, result.evidence, result.evidence_lost) == ((1, 2), (2, 0), (0, 0))
    assert outcome_of(game, 0).gives_winner_evidence is False  # its own rewards replace K2.3's


def test_m13_1_a_failed_redirect_swells_every_later_spawn_once_a_game() -> None:
    game = _at_relay()
    game.dice = ScriptedDice(script("redirect", 1, 1, "fixed", 5, 5))
    game.apply("interact A1 relay redirect")
    assert (_state(game).surge, _state(game).redirects) == (1, ("failed", ""))
    assert game.describe(events(game, "redirected")[0]) == (
        "Mara Voss (A1) tries to redirect the signal (2 vs 10): it fails: every later spawn "
        "has 1 model(s) more  [M13.1]"
    )
    assert "interact A1 relay redirect" not in options(game)
    game.dice = ScriptedDice(script("spawn-unit", 1, "spawn-edge", 2))
    st = _state(game)
    st.hostiles, st.lineups = "scrapers", (*st.lineups, Lineup("Scrapers", ()))
    arrival.spawn(game, Spawn(2, "normal", RANDOM_EDGE))
    unit = arrival.faction_of(game).tier("normal")[0]
    assert len([m for m in game.models if m.group]) == sum(unit.groups) + 1
    (spawn,) = events(game, "spawn")
    assert spawn.data["location"] == "the south edge" and spawn.rule == "I1.4"


def test_m13_1_broadcast_powers_roll_at_minus_1_dt() -> None:
    assert signal.broadcast_penalty(_at_relay()) == [TierModifier(-1, "the relay", "M13.1")]
    assert signal.broadcast_penalty(ended("control", FAR, round=2, steps=[])) == []


def test_m13_1_at_the_end_the_squad_in_control_since_the_round_start_wins() -> None:
    # A took control at the start of Round 7; B has more models within 3" at its end.
    placed = {"A1": (12.0, 10.0), "B1": (12.0, 14.0), "B2": (10.0, 12.0)}
    game = ended("the-signal", placed, RELAY, control=0)
    assert game.result is not None and game.result.winner == 0
    assert (game.result.reason, game.result.rule) == ("controls the relay", "M13.1")
    result = reward(game)
    assert (result.scores, result.evidence) == ((1, 0), (1, 0))
    assert result.reasons == ("winner +1 Evidence",)


def test_m13_1_nobody_in_control_the_most_surviving_models_win() -> None:
    placed = {"A1": (12.0, 10.0), "B1": (12.0, 14.0), "B2": (10.0, 12.0)}
    game = ended("the-signal", placed, RELAY, control=-1)
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "tied on relay control, most surviving models (2 to 1)"


def test_m13_1_at_the_end_the_controller_wins_and_a_wiped_out_squad_loses_evidence() -> None:
    placed = {"A1": AT_RELAY, "A2": (10.0, 12.0)}
    game = ended("the-signal", placed, RELAY, examined=(2, 0), signalled=(1, 0))
    assert game.result is not None and game.result.winner == 0
    result = reward(game)
    assert (result.leads, result.evidence, result.evidence_lost) == ((2, 0), (2, 0), (0, 1))
    assert "side B wiped out: -1 Evidence" in result.reasons
    assert outcome_of(game, 1).evidence_lost == 1


def test_m13_1_no_squad_model_left_plays_on_and_nobody_holds_the_relay_at_the_end() -> None:
    # B was wiped out; A held the relay from the start of Round 6 and loses its last model.
    # The relay's control may change as a round starts, so play goes on (K1.2): Round 7
    # starts with nobody at the relay, and at its end the tie of survivors goes to the
    # Defender.
    game = ended("the-signal", {"A1": AT_RELAY}, RELAY, round=6, steps=[], control=0)
    casualties.out_of_action(game, game.model("A1"), "C4.18")
    assert game.result is None
    st = _state(game)
    st.round = 7
    signal.take_control(game)  # Round 7 starts: nobody at the relay
    game.begin([EndRound()])
    assert game.result is not None and game.result.winner == 1
    assert st.control == -1
    assert reward(game).evidence[0] == 0  # A no longer held the relay at the end


def test_k1_2_both_squads_outcomes_say_the_game_was_the_signal_for_their_books() -> None:
    game = ended("the-signal", {"A1": AT_RELAY}, RELAY)
    assert outcome_of(game, 0).signal and outcome_of(game, 1).mission == "M13.1"
    control = outcome_of(ended("control", {"A1": AT_RELAY}), 0)
    assert control.mission == "M2.1" and not control.signal
