"""The carried packages of Extraction (M1.1) and Escort (M12.1): taking them with Interact,
half Move, no Disengage for Extraction's carrier, letting go (Out of Action, Flee, leaving the
board, notes A63; an Engaged escort), the win at once off the deployment edge (K1.2 Mission
Exits), the holder at the end, and the rewards and Merits."""

from __future__ import annotations

from tests.rulesets.sacred_wire.helpers import dice_left, events, options, script, unchanged
from tests.rulesets.sacred_wire.test_missions import ROLL_OFF_B, ended, new_game, reward

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.geometry.board import Edge
from skirmish.players import HeuristicPlayer
from skirmish.rulesets.sacred_wire.campaign.outcome import Fate, outcome_of
from skirmish.rulesets.sacred_wire.game import casualties, morale
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.game.state import Objective, WireState
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.squads.roster import move_allowance

SLATE = (Objective("objective", 12.0, 12.0),)
INFORMANT = (Objective("informant", 12.0, 12.0),)
AT_CENTRE = (12.0, 11.0)  # a base 0.51" from the centre
FAR = {"B1": (20.0, 22.0)}


def _state(game: Game) -> WireState:
    st = game.state
    assert isinstance(st, WireState)
    return st


def _carried(marker: str, by: str) -> tuple[Objective, ...]:
    return (Objective(marker, 12.0, 12.0, carrier=by, last=by),)


def _acting(
    kind: str, objectives: tuple[Objective, ...], placed: dict[str, object], mover: str = "A1"
) -> Game:
    return ended(kind, placed, objectives, round=2, steps=[Activation(mover)])


def test_m1_1_the_defender_places_the_objective_at_the_centre() -> None:
    for kind, marker, rule in (
        ("extraction", "objective", "M1.1"),
        ("escort", "informant", "M12.1"),
    ):
        game = new_game({"mission": kind, "evidence_a": 1}, ROLL_OFF_B)
        assert _state(game).objectives == (Objective(marker, 12.0, 12.0),)
        (placed,) = events(game, "marker-placed")
        assert (placed.rule, placed.data["side"]) == (rule, 1)


def test_m1_1_interact_picks_up_the_objective() -> None:
    game = _acting("extraction", SLATE, {"A1": AT_CENTRE, **FAR})
    assert "interact A1 objective" in options(game)
    game.apply("interact A1 objective")
    assert _state(game).objectives == _carried("objective", "A1")
    assert _state(game).carried == (True, False)
    (taken,) = events(game, "takes")
    assert game.describe(taken) == (
        "Mara Voss (A1) takes the objective for side A (Wrecking Crew)  [M1.1]"
    )
    assert zones.objectives(game) == [("objective", game.model("A1").pos)]


def test_m1_1_engaged_models_cannot_pick_it_up() -> None:
    game = _acting("extraction", SLATE, {"A1": AT_CENTRE, "B1": (12.0, 10.0)})
    assert "interact A1 objective" not in options(game)
    unchanged(
        game,
        "interact A1 objective",
        r"Mara Voss \(A1\) is Engaged with Ilse Marrow \(B1\): no Interact with objective while "
        r"Engaged \(M1\.1\)$",
    )


def test_m1_1_a_carried_objective_is_not_taken_from_its_carrier() -> None:
    placed = {"A1": (12.0, 12.0), "A2": (13.2, 12.0), **FAR}
    game = _acting("extraction", _carried("objective", "A1"), placed, mover="A2")
    unchanged(
        game,
        "interact A2 objective",
        r"Mara Voss \(A1\) carries the objective: it is picked up once dropped \(M1\.1\)$",
    )


def test_m1_1_the_carrier_moves_at_half_move_rounded_down_notes_a102() -> None:
    game = _acting("extraction", _carried("objective", "A1"), {"A1": (12.0, 12.0), **FAR})
    a1 = game.model("A1")
    assert move_allowance(game, a1) == 2.0  # Move 5, halved and rounded down
    unchanged(game, "move A1 12,14.5", r'too far: the point is 2\.50" away in a straight line')
    game.apply("move A1 12,14")
    assert zones.objectives(game) == [("objective", (12.0, 14.0))]


def test_m1_1_the_carrier_cannot_disengage() -> None:
    placed = {"A1": (12.0, 12.0), "B1": (12.0, 13.0)}
    game = _acting("extraction", _carried("objective", "A1"), placed)
    assert "disengage A1" not in options(game)
    unchanged(
        game,
        "disengage A1",
        r"Mara Voss \(A1\) carries the objective: the carrier cannot Disengage \(M1\.1\)$",
    )


def test_m1_1_a_scout_carrier_has_no_free_disengage_and_provokes_free_attacks() -> None:
    # Round 2: the Scout B4 carries the objective, Engaged with A2; it walks away.
    placed = {"B4": (12.0, 12.0), "A2": (12.0, 13.0), "A1": (2.0, 22.0), "B1": (20.0, 2.0)}
    dice = script("attack", 2, 2, "defense", 3, 3)
    game = ended(
        "extraction", placed, _carried("objective", "B4"), 2, steps=[Activation("B4")], dice=dice
    )
    assert "disengage B4" not in options(game)
    unchanged(
        game,
        "disengage B4",
        r"Wren Okafor \(B4\) carries the objective: the carrier cannot Disengage \(M1\.1\)$",
    )
    game.apply("move B4 12,10.5")
    (free,) = events(game, "free-attack")
    assert (free.models, free.rule) == (("A2", "B4"), "C4.5")
    assert game.model("B4").pos == (12.0, 10.5)
    assert dice_left(game) == []


def test_m1_1_a_carrier_with_an_inhibitor_leaves_engagement_freely_notes_a18() -> None:
    # The Inhibitor ignores free attacks (R3.10): no Disengage, so M1.1 takes nothing from it.
    placed = {"B1": {"pos": (12.0, 12.0), "gear": ("Inhibitor",)}, "A2": (12.0, 13.0)}
    game = ended("extraction", placed, _carried("objective", "B1"), 2, steps=[Activation("B1")])
    game.apply("move B1 12,10.5")
    assert not events(game, "free-attack")
    assert game.model("B1").pos == (12.0, 10.5)


def test_m12_1_the_escort_may_disengage() -> None:
    placed = {"A1": (12.0, 12.0), "B1": (12.0, 13.0)}
    game = _acting("escort", _carried("informant", "A1"), placed)
    assert "disengage A1" in options(game)


def test_m1_1_a_carrier_out_of_action_drops_it_where_it_fell() -> None:
    game = ended(
        "extraction", {"A1": (8.0, 9.0), "A2": (2.0, 2.0), **FAR}, _carried("objective", "A1")
    )
    casualties.out_of_action(game, game.model("A1"), "C4.18")
    assert _state(game).objectives == (Objective("objective", 8.0, 9.0, last="A1"),)
    (dropped,) = events(game, "drops")
    assert game.describe(dropped) == (
        "Mara Voss (A1) lets go of the objective at 8,9 (Out of Action)  [M1.1]"
    )


def test_m1_1_a_carrier_failing_its_morale_test_keeps_it_while_it_flees() -> None:
    # A1 fails its Morale test (2 against 12): it Flees with the objective, which it drops only
    # as its Flee ends; meanwhile it holds nothing for the end (notes A103).
    dice = script("wits", 1, 1, "test", 6, 6)
    placed = {"A1": (8.0, 9.0), **FAR}
    game = ended(
        "extraction", placed, _carried("objective", "A1"), 2, steps=[morale.Morale(0)], dice=dice
    )
    assert game.model("A1").fleeing
    assert _state(game).objectives == _carried("objective", "A1")
    assert events(game, "drops") == []
    assert zones.holder(game) is None
    assert zones.exit_edges(game, game.model("A1")) == ()
    assert dice_left(game) == []


def test_m1_1_a_carrier_that_rallies_lets_go_where_it_stands() -> None:
    # A1 fails its Morale test; at its activation it passes its retest (12 against 2): its
    # Flee is over on the table, so it lets go of the package where it stands (notes A63: the
    # informant too).
    for kind, marker in (("extraction", "objective"), ("escort", "informant")):
        dice = script("wits", 1, 1, "test", 6, 6, "wits", 6, 6, "test", 1, 1)
        placed = {"A1": (8.0, 9.0), **FAR}
        steps = [morale.Morale(0), Activation("A1")]
        game = ended(kind, placed, _carried(marker, "A1"), 2, steps=steps, dice=dice)
        assert [e.models for e in events(game, "rallies")] == [("A1",)]
        assert not game.model("A1").fleeing
        assert _state(game).objectives == (Objective(marker, 8.0, 9.0, last="A1"),)
        (dropped,) = events(game, "drops")
        assert game.describe(dropped) == (
            f"Mara Voss (A1) lets go of the {marker} at 8,9 (rallied from its Flee)  [M1.1]"
        )
        assert dice_left(game) == []


def test_m1_1_a_fleeing_carrier_moves_at_half_move_notes_a102() -> None:
    # A1 Flees with the objective: its Flee move is half its Move, rounded down.
    placed = {"A1": {"pos": (8.0, 9.0), "fleeing": True}, **FAR}
    game = ended("extraction", placed, _carried("objective", "A1"), 2, steps=[])
    loose = ended(
        "extraction", {"A1": {"pos": (8.0, 9.0), "fleeing": True}, **FAR}, SLATE, 2, steps=[]
    )
    assert move_allowance(game, game.model("A1")) == move_allowance(loose, loose.model("A1")) // 2


def test_m12_1_the_heuristic_takes_the_informant_over_from_a_fleeing_escort() -> None:
    # A1 escorts the informant but Flees, holding it for nothing at the end (notes A103): A2
    # within 1" takes it over (M12.1: any model may), where from a steady escort it would not.
    placed = {"A1": {"pos": (8.0, 9.0), "fleeing": True}, "A2": (8.0, 10.2), **FAR}
    game = ended("escort", placed, _carried("informant", "A1"), 2, steps=[Activation("A2")])
    assert "interact A2 informant" in options(game)
    assert HeuristicPlayer(0).choose(game) == Action("interact", ("A2", "informant"))


def test_m1_1_a_carrier_made_to_flee_by_a_critical_keeps_it_while_it_flees() -> None:
    # B1 shoots A1 with an Arc Pistol: 6 against 2 is a Triple, Static Critical 2, Frequency
    # Terror: A1 Flees with the package (notes A63: the informant too), holding it for nothing.
    for kind, marker in (("extraction", "objective"), ("escort", "informant")):
        placed = {
            "A1": (8.0, 9.0),
            "A2": (2.0, 2.0),
            "B1": {"pos": (8.0, 16.0), "weapons": ("Arc Pistol",)},
        }
        dice = script("attack", 3, 3, "defense", 1, 1, "critical", 2)
        game = ended(kind, placed, _carried(marker, "A1"), 2, steps=[Activation("B1")], dice=dice)
        game.apply("shoot B1 A1 arc-pistol")
        assert game.model("A1").fleeing and game.model("A1").removed is None
        assert _state(game).objectives == _carried(marker, "A1")
        assert events(game, "drops") == []
        assert zones.holder(game) is None
        assert dice_left(game) == []


def test_m1_1_a_carrier_that_fled_off_its_deployment_edge_drops_it_at_the_edge_not_exited() -> None:
    # A1 fails its Morale test by its own deployment edge; at its activation it fails the
    # retest and flees off that edge: the objective lies at the edge (M1.1, C4.20), and a Flee
    # is no Mission Exit (K1.2).
    dice = script("wits", 1, 1, "test", 6, 6, "wits", 4, 4, "test", 1, 1)
    dice += script("wits", 1, 1, "test", 6, 6)
    placed = {"A1": (8.0, 2.0), "A2": (2.0, 12.0), **FAR}
    steps = [morale.Morale(0), Activation("A1")]
    game = ended("extraction", placed, _carried("objective", "A1"), 2, steps=steps, dice=dice)
    assert [e.rule for e in events(game, "left-board")] == ["C4.20"]
    assert events(game, "exited") == [] and game.result is None
    (lying,) = _state(game).objectives  # where its base stood at the edge as it went off
    assert (lying.x, round(lying.y, 2), lying.carrier, lying.last) == (8.0, 0.49, "", "A1")
    assert [(e.rule, e.data["why"]) for e in events(game, "drops")] == [("M1.1", "left the board")]
    assert dice_left(game) == []


def test_m1_1_a_fleeing_carrier_at_the_end_holds_nothing() -> None:
    # A1 fails its Morale test as Round 7 ends and Flees with the package: nobody holds it at
    # the end and nobody gains the carrier's Merit (notes A103).
    for kind, marker, held in (
        ("extraction", "objective", "holding the objective"),
        ("escort", "informant", "escorting the informant"),
    ):
        placed = {"A1": (8.0, 9.0), "A2": (2.0, 2.0), **FAR}
        dice = script("wits", 1, 1, "test", 6, 6, "wits", 4, 4, "test", 1, 1)
        game = ended(
            kind, placed, _carried(marker, "A1"), steps=[morale.Morale(0), EndRound()], dice=dice
        )
        assert game.model("A1").fleeing
        assert _state(game).objectives == _carried(marker, "A1")
        assert game.result is not None and game.result.reason == (
            f"tied on models {held}, most surviving models (2 to 1)"
        )
        assert reward(game).merits == ()


def test_m1_1_a_fleeing_model_cannot_pick_it_up() -> None:
    # A1 stands within 1" of the objective but Flees: it fails its retest and flees, no action.
    placed = {"A1": {"pos": AT_CENTRE, "fleeing": True}, **FAR}
    dice = script("wits", 1, 1, "test", 6, 6)
    game = ended("extraction", placed, SLATE, 2, steps=[Activation("A1")], dice=dice)
    assert events(game, "takes") == []
    assert _state(game).objectives == SLATE


def test_a63_a_carrier_leaving_by_another_edge_drops_it_at_the_edge() -> None:
    placed = {"A1": (1.0, 12.0), "A2": (2.0, 2.0), **FAR}
    game = _acting("extraction", _carried("objective", "A1"), placed)
    game.apply("move A1 -0.5,12")
    assert [e.rule for e in events(game, "left-board")] == ["C4.20"]
    (o,) = _state(game).objectives  # where the base touched the edge
    assert (o.carrier, o.point) == ("", game.model("A1").pos)
    assert o.x == game.model("A1").radius
    assert game.result is None


def test_m1_1_carrying_it_off_the_deployment_edge_wins_at_once_with_a_merit() -> None:
    placed = {"A1": (12.0, 1.0), "A2": (2.0, 2.0), **FAR}
    game = _acting("extraction", _carried("objective", "A1"), placed)
    game.apply("move A1 12,-0.5")
    assert game.model("A1").removed == zones.EXITED
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "carried the objective off its deployment edge"
    result = reward(game)
    assert (result.leads, result.evidence, result.merits) == ((1, 0), (0, 0), ("A1",))
    assert "Mara Voss (A1) +1 Merit: carrying the objective at victory" in result.reasons
    a1 = outcome_of(game, 0).models[0]
    assert (a1.fate, a1.merits) == (Fate.EXITED, 1)


def test_k1_2_the_center_defender_carries_it_off_the_nearest_edge() -> None:
    game = ended(
        "extraction", {"B1": (12.0, 22.5), **{"A1": (2.0, 2.0)}}, _carried("objective", "B1")
    )
    _state(game).edges = ("south", "")
    assert zones.exit_edges(game, game.model("B1")) == tuple(Edge)
    assert zones.exit_edges(game, game.model("A1")) == ()


def test_m1_1_the_holder_at_the_end_wins() -> None:
    game = ended("extraction", {"A1": (2.0, 2.0), "B1": (20.0, 20.0)}, _carried("objective", "B1"))
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "most models holding the objective (1 to 0)"
    assert reward(game).merits == ("B1",)


def test_m1_1_no_holder_most_surviving_models_win() -> None:
    placed = {"A1": (2.0, 2.0), "A2": (4.0, 2.0), "B1": (20.0, 20.0)}
    game = ended("extraction", placed, SLATE)
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == (
        "tied on models holding the objective, most surviving models (2 to 1)"
    )
    assert reward(game).merits == ()


def test_m12_1_any_model_takes_the_informant_over_from_its_escort() -> None:
    # An enemy within 1" of the escort is Engaged with it, so it cannot take the informant.
    placed = {"A1": (12.0, 12.0), "B1": (13.2, 12.0)}
    game = _acting("escort", _carried("informant", "A1"), placed, mover="B1")
    assert "interact B1 informant" not in options(game)
    unchanged(game, "interact B1 informant", r"Ilse Marrow \(B1\) is Engaged with Mara Voss")
    placed = {"A1": (12.0, 12.0), "A2": (13.2, 12.0), **FAR}
    game = _acting("escort", _carried("informant", "A1"), placed, mover="A2")
    game.apply("interact A2 informant")
    assert _state(game).objectives == _carried("informant", "A2")


def test_m12_1_an_escort_moving_while_engaged_lets_go() -> None:
    placed = {"A1": (12.0, 12.0), "B1": (12.0, 13.0)}
    game = _acting("escort", _carried("informant", "A1"), placed)
    game.apply("disengage A1")
    game.apply("move A1 12,10.5")
    (o,) = _state(game).objectives
    assert (o.carrier, o.point) == ("", (12.0, 12.0))
    assert [e.data["why"] for e in events(game, "drops")] == ["Engaged models cannot escort"]


def test_m12_1_the_escort_out_of_action_leaves_the_informant_in_place() -> None:
    placed = {"A1": (8.0, 9.0), "A2": (2.0, 2.0), **FAR}
    game = ended("escort", placed, _carried("informant", "A1"))
    assert game.result is not None  # the end of Round 7: A1 held it
    game = ended("escort", placed, _carried("informant", "A1"), round=2, steps=[])
    casualties.out_of_action(game, game.model("A1"), "C4.18")
    assert _state(game).objectives == (Objective("informant", 8.0, 9.0, last="A1"),)


def test_m12_1_the_loser_gains_a_lead_if_it_ever_controlled_the_informant() -> None:
    placed = {"A1": (2.0, 2.0), "B1": (20.0, 20.0)}
    game = ended("escort", placed, _carried("informant", "A1"), carried=(True, True))
    assert game.result is not None and game.result.winner == 0
    result = reward(game)
    assert (result.leads, result.merits) == ((1, 1), ("A1",))
    assert "loser +1 Lead: controlled the informant" in result.reasons
    game = ended("escort", placed, _carried("informant", "A1"), carried=(True, False))
    assert reward(game).leads == (1, 0)
