"""The missions worked by Interact (C4.3): Triangulation (M7.1), Heist (M9.1) and Lockdown
(M11.1): their markers, the Interact action and its refusals, the wins at once, the count at
the end and the rewards."""

from __future__ import annotations

from tests.rulesets.sacred_wire.helpers import events, options, unchanged
from tests.rulesets.sacred_wire.test_missions import ROLL_OFF_B, ended, new_game, reward

from skirmish.engine.game import Game
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.state import Objective, WireState

SIGNALS = (Objective("S1", 6.0, 12.0), Objective("S2", 12.0, 12.0), Objective("S3", 18.0, 12.0))
TERMINAL = (Objective("terminal", 12.0, 12.0),)
AT_S1 = (6.0, 11.0)  # a base 0.51" from S1
AT_TERMINAL = (12.0, 11.0)
FAR = {"B1": (20.0, 22.0)}


def _state(game: Game) -> WireState:
    st = game.state
    assert isinstance(st, WireState)
    return st


def _acting(
    kind: str, objectives: tuple[Objective, ...], where: tuple[float, float], **state: object
) -> Game:
    return ended(kind, {"A1": where, **FAR}, objectives, round=2, steps=[Activation("A1")], **state)


def test_m7_1_the_defender_places_three_signal_markers_6_inches_apart() -> None:
    game = new_game({"mission": "triangulation", "evidence_a": 2, "advantages": []}, ROLL_OFF_B)
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "signal")
    game.apply("signal S1 6,6")
    unchanged(
        game,
        "signal S2 11.9,6",
        r'signal markers must be 6" or more apart; this point is 5\.90" from the signal marker '
        r"at 6,6$",
    )
    game.apply("signal S2 12,6")
    game.apply("signal S3 9,12")
    assert [o.marker for o in _state(game).objectives] == ["S1", "S2", "S3"]
    assert [e.rule for e in events(game, "marker-placed")] == ["M7.1"] * 3


def test_m9_1_the_terminal_goes_at_the_centre() -> None:
    for kind, rule in (("heist", "M9.1"), ("lockdown", "M11.1")):
        game = new_game({"mission": kind, "evidence_a": 1}, ROLL_OFF_B)
        assert _state(game).objectives == TERMINAL
        assert [e.rule for e in events(game, "marker-placed")] == [rule]


def test_m7_1_interact_claims_a_signal_marker() -> None:
    game = _acting("triangulation", SIGNALS, AT_S1)
    assert "interact A1 S1" in options(game) and "interact A1 S2" not in options(game)
    game.apply("interact A1 S1")
    assert _state(game).objectives[0] == Objective("S1", 6.0, 12.0, held_by=0)
    (claim,) = events(game, "claimed")
    assert game.describe(claim) == (
        "Mara Voss (A1) claims signal marker S1 for side A (Wrecking Crew)  [M7.1]"
    )


def test_m7_1_an_enemy_claims_a_marker_back_but_not_its_own() -> None:
    held = (Objective("S1", 6.0, 12.0, held_by=0), *SIGNALS[1:])
    game = _acting("triangulation", held, AT_S1)
    assert "interact A1 S1" not in options(game)
    unchanged(game, "interact A1 S1", r"S1 is already claimed by side A \(M7\.1\)$")
    game = ended(
        "triangulation", {"B1": AT_S1, "A1": (20, 2)}, held, round=2, steps=[Activation("B1")]
    )
    game.apply("interact B1 S1")
    assert _state(game).objectives[0].held_by == 1


def test_c4_3_interact_is_within_1_inch_and_not_engaged() -> None:
    game = _acting("triangulation", SIGNALS, (6.0, 10.0))
    unchanged(
        game, "interact A1 S1", r'S1 is 1\.51" from Mara Voss \(A1\): Interact within 1" \(C4\.3\)$'
    )
    game = ended(
        "triangulation",
        {"A1": AT_S1, "B1": (6.0, 10.0)},
        SIGNALS,
        round=2,
        steps=[Activation("A1")],
    )
    unchanged(
        game,
        "interact A1 S1",
        r"Mara Voss \(A1\) is Engaged with Ilse Marrow \(B1\): no Interact with S1 while Engaged "
        r"\(M7\.1\)$",
    )
    unchanged(game, "interact A1 S9", r"no mission marker 'S9' to Interact with$")
    unchanged(game, "interact A1 S1 now", r"an Interact is written interact A1 S1$")


def test_m7_1_most_markers_held_at_the_end_wins_with_bonus_and_intel() -> None:
    held = tuple(Objective(o.marker, o.x, o.y, held_by=0) for o in SIGNALS)
    game = ended("triangulation", {"A1": (2, 2), "B1": (22, 22)}, held)
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "most signal markers held (3 to 0)"
    result = reward(game)
    assert (result.leads, result.evidence) == ((2, 0), (1, 0))


def test_m9_1_a_download_and_the_first_to_3_wins_at_once() -> None:
    game = _acting("heist", TERMINAL, AT_TERMINAL, progress=(1, 1))
    game.apply("interact A1 terminal")
    st = _state(game)
    assert st.progress == (2, 1) and st.downloaders == ("A1", "")
    assert game.describe(events(game, "progress")[0]) == (
        "Mara Voss (A1) Interacts with the terminal for side A (Wrecking Crew): downloads 2 A, "
        "1 B  [M9.1]"
    )
    assert game.result is None
    game = _acting("heist", TERMINAL, AT_TERMINAL, progress=(2, 1), downloaders=("A1", ""))
    game.apply("interact A1 terminal")  # the round's downloader may download again
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "first to 3 downloads"
    result = reward(game)
    # +1 Lead, +1 for 3 downloads, Intel +1 Evidence; the loser's 1 download: +1 Lead.
    assert (result.leads, result.evidence) == ((2, 1), (1, 0))
    assert game.decision is None


def test_m9_1_one_model_per_side_downloads_in_a_round() -> None:
    game = _acting("heist", TERMINAL, AT_TERMINAL, downloaders=("A2", ""))
    assert "interact A1 terminal" not in options(game)
    unchanged(
        game,
        "interact A1 terminal",
        r"Tobias Valdez \(A2\) has downloaded for side A this round: one model per side a round "
        r"\(M9\.1\)$",
    )
    game = ended("heist", {"A1": (2, 2), "B1": (22, 22)}, TERMINAL, round=2, downloaders=("A2", ""))
    assert _state(game).downloaders == ("", "")  # the round has ended


def test_m11_1_interact_advances_or_sets_the_opponent_back() -> None:
    game = _acting("lockdown", TERMINAL, AT_TERMINAL, progress=(0, 2))
    assert options(game)[-3:] == [
        "interact A1 terminal",
        "interact A1 terminal set-back",
        "end A1",
    ]
    game.apply("interact A1 terminal set-back")
    assert _state(game).progress == (0, 1)
    (line,) = events(game, "set-back")
    assert line.rule == "M11.1"
    game = _acting("lockdown", TERMINAL, AT_TERMINAL)
    assert "interact A1 terminal set-back" not in options(game)
    unchanged(
        game,
        "interact A1 terminal set-back",
        r"the opponent has no step of progress to set back \(M11\.1\)$",
    )


def test_m11_1_first_to_3_steps_wins_at_once() -> None:
    game = _acting("lockdown", TERMINAL, AT_TERMINAL, progress=(2, 0))
    game.apply("interact A1 terminal")
    assert game.result is not None and game.result.winner == 0
    assert game.result.rule == "M11.1"
    assert reward(game).leads == (2, 0)  # the loser completed no step


def test_m11_1_most_steps_at_the_end_and_the_losers_lead() -> None:
    game = ended("lockdown", {"A1": (2, 2), "B1": (22, 22)}, TERMINAL, progress=(1, 2))
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "most steps of progress (2 to 1)"
    assert reward(game).leads == (1, 1)


def test_set_back_is_lockdown_only() -> None:
    game = _acting("heist", TERMINAL, AT_TERMINAL, progress=(0, 1))
    unchanged(
        game,
        "interact A1 terminal set-back",
        r"only Lockdown's terminal is set back \(M11\.1\), not terminal$",
    )
