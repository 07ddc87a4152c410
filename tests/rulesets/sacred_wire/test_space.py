"""Measuring the table: sight between two models, kept per pair of bases where they stand."""

from __future__ import annotations

from tests.rulesets.sacred_wire.helpers import board, rect, scenario

from skirmish.rulesets.sacred_wire.game.space import (
    SIGHTS,
    SIGHTS_KEPT,
    VISIBLE,
    Looks,
    _blockers,
    blockers,
    in_cover,
    others,
    placement_problem,
    sees,
    sight,
)

WALL = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(11.8, 4.0, 12.2, 8.0)}


def test_sight_is_asked_anew_wherever_the_bases_stand() -> None:
    """A model moved behind a wall, by hand or in a clone, is out of sight at once; the game
    it left keeps its own sight."""
    game = scenario({"A1": (6.0, 6.0), "B1": (12.0, 14.0)}, board=board(WALL))
    a1, b1 = game.model("A1"), game.model("B1")
    assert sees(game, a1, b1) and not in_cover(game, a1, b1)
    twin = game.clone()
    twin.model("B1").x, twin.model("B1").y = 18.0, 6.0  # behind the wall
    assert not sees(twin, twin.model("A1"), twin.model("B1"))
    assert sees(game, a1, b1)
    b1.x, b1.y = 18.0, 6.0
    assert not sees(game, a1, b1) and in_cover(game, a1, b1)


def test_whether_a_model_is_seen_is_read_from_its_graded_sight_where_the_rules_have_it() -> None:
    """The kernel is asked once per pair of bases: the early-exit check only where the rules
    have not graded that sight; each answer is kept by both bases' centre, radius and level."""
    game = scenario({"A1": (5.0, 5.0), "B1": (11.0, 13.0)}, board=board(WALL))
    a1, b1 = game.model("A1"), game.model("B1")
    graded, quick = game.board.memo(SIGHTS, SIGHTS_KEPT), game.board.memo(VISIBLE, SIGHTS_KEPT)
    kept = (len(graded.values), len(quick.values))

    def asked() -> tuple[int, int]:
        return len(graded.values) - kept[0], len(quick.values) - kept[1]

    seen = sight(game, a1, b1)
    assert sees(game, a1, b1) == seen.visible and asked() == (1, 0)
    b1.x, b1.y = 17.0, 5.0  # behind the wall
    assert not sees(game, a1, b1) and asked() == (1, 1)
    b1.radius += 0.25  # a larger base, where the smaller one stood: asked anew
    assert not sees(game, a1, b1) and asked() == (1, 2)
    b1.level = "wall"  # standing on another surface: asked anew
    sees(game, a1, b1)
    assert asked() == (1, 3)


def test_the_looks_of_one_set_of_options_answer_as_sight_and_are_made_anew_for_the_next() -> None:
    """An activation's options ask whether the model sees each enemy for every attack and for
    Aim: their :class:`Looks` answer as :func:`sees` and keep the answer, so a Looks made
    before a move answers for where the models stood; the next options make a new one."""
    game = scenario({"A1": (6.0, 6.0), "B1": (12.0, 14.0), "B2": (18.0, 5.0)}, board=board(WALL))
    a1, b1, b2 = game.model("A1"), game.model("B1"), game.model("B2")
    looks = Looks(game, a1)
    assert [looks(b1), looks(b2)] == [sees(game, a1, b1), sees(game, a1, b2)] == [True, False]
    b1.x, b1.y = 18.0, 6.0  # behind the wall
    assert looks(b1) and not sees(game, a1, b1) and not Looks(game, a1)(b1)


def test_the_bases_in_a_models_way_are_kept_until_a_model_moves() -> None:
    """The bases a move of a model may not cross are kept by the table, by the model's id and
    the level: they equal those worked out anew, before and after a base moves, and a twin
    measured from on another level has that level's."""
    game = scenario({"A1": (6.0, 6.0), "B1": (12.0, 14.0), "B2": (18.0, 5.0)}, board=board(WALL))
    a1, b1 = game.model("A1"), game.model("B1")
    kept = blockers(game, a1, a1.level)
    assert blockers(game, a1, a1.level) is kept and kept == _blockers(game, "A1", None, ())
    b1.x, b1.y = 20.0, 14.0
    assert blockers(game, a1, a1.level) == _blockers(game, "A1", None, ()) != kept
    assert blockers(game, a1.standing_at((12.0, 6.0), "wall"), "wall") == []
    b2 = game.model("B2")
    assert blockers(game, a1, a1.level, ignore=("B1",)) == [(b2.pos, b2.radius)]
    # Measured for the ground from on the wall, the bases on the ground are in its way.
    assert blockers(game, a1.standing_at((12.0, 6.0), "wall"), None) == [
        (b1.pos, b1.radius),
        (b2.pos, b2.radius),
    ]


def test_the_other_bases_are_kept_until_a_model_moves_and_name_the_one_overlapped() -> None:
    """The other bases in play are kept by the table, by the model's id: a base that moves
    makes them anew, and a point on a base names that model."""
    game = scenario({"A1": (6.0, 6.0), "B1": (12.0, 14.0), "B2": (18.0, 5.0)}, board=board(WALL))
    a1, b1, b2 = game.model("A1"), game.model("B1"), game.model("B2")
    kept = others(game, a1)
    assert others(game, a1) is kept and [c[0] for c in kept] == [b1.pos, b2.pos]
    b1.x, b1.y = 20.0, 14.0
    assert [c[0] for c in others(game, a1)] == [b1.pos, b2.pos]
    assert placement_problem(game, a1, (20.0, 14.0), None) == f"the base would overlap {b1.label}"
    assert placement_problem(game, a1, (18.0, 5.0), None) == f"the base would overlap {b2.label}"
