"""The table held between questions (:class:`.space.Table`): who is in play, each model's
enemies, engagement and threats and their placement are found once while no model's standing
changes, and found anew after a clone, a save read back, a model moved, added by a spawn or
removed; a view shares its game's (and what it holds is, at every decision of random games,
what the rules find anew). And what is spared for speed spares only what the rules
would refuse: a spawn's search for room spares the rings around its point that a base covers
whole or that the models placed before it took; a Cover move's search spares the spots no
move may end near; a point up on a piece that every way climbs beyond the Move to is refused
unplanned; whether a kit reads how many enemies its model is Engaged with is found once per
kit; and the legal spots nearest a mission marker's point are found once per board and
question."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.rulesets.sacred_wire.helpers import CATALOG, TOUCH, board, rect, scenario

from skirmish.engine.action import Action
from skirmish.engine.game import View
from skirmish.engine.restore import restore
from skirmish.geometry.board import Board
from skirmish.geometry.shapes import Point, edge_distance
from skirmish.players.base import play
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.attack.combat import combatant
from skirmish.rulesets.sacred_wire.game import space
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.movement import may_move, move_error, reach_point
from skirmish.rulesets.sacred_wire.game.space import (
    ENGAGEMENT_RANGE,
    ROUNDED,
    bystander,
    enemies,
    engaged_with,
    gap,
    gaps,
    hostile_to,
    in_play,
    nearest_spots,
    others,
    placement,
    sees,
    table,
    threats,
)
from skirmish.rulesets.sacred_wire.game.state import WireGame
from skirmish.rulesets.sacred_wire.hostiles.arrival import (
    APART,
    SPAWN_ANGLES,
    SPAWN_STEP,
    crowded,
    place_hostile,
)
from skirmish.rulesets.sacred_wire.hostiles.group import COVER_REACHED, room_near
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.squads.roster import (
    melee_reaches,
    melee_weapons,
    reach,
    weapon_reach,
)

RADIUS = 0.5
RADII = (0.5, 0.75, 1.0)
WALL = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(11.8, 4.0, 12.2, 8.0)}
SPAWN_POINTS = st.tuples(st.floats(9.0, 15.0), st.floats(2.0, 10.0))
"""Points a spawn comes to, round the wall."""


def crowd(most: int) -> st.SearchStrategy[list[Point]]:
    """Up to ``most`` squad models standing round the wall and the spawn's point."""
    return st.lists(st.tuples(st.floats(6.0, 18.0), st.floats(0.0, 14.0)), max_size=most)


def ids(models: list[WireModel]) -> list[str]:
    return [m.id for m in models]


def engaged_game() -> WireGame:
    """A1 Engaged with B1; B2 in sight of A1 across the open, 8" away."""
    return scenario(
        {"A1": (6.0, 6.0), "B1": (6.0, 6.0 + TOUCH + 0.5), "B2": (6.0, 14.0)},
        board=board(WALL),
        hostiles="scrapers",
    )


def test_the_table_is_found_once_while_no_standing_changes() -> None:
    """Asked again, every answer is the one kept; a write that changes no standing (a wound,
    an Aim) keeps it, a write of a position drops it."""
    game = engaged_game()
    a1 = game.model("A1")
    held = table(game)
    first = (in_play(game), enemies(game, a1), engaged_with(game, a1), threats(game, a1))
    assert sees(game, a1, game.model("B2")) and placement(game) is placement(game)
    game.model("B1").health -= 1
    a1.aim = "B2"
    assert table(game) is held
    again = (in_play(game), enemies(game, a1), engaged_with(game, a1), threats(game, a1))
    assert all(x is y for x, y in zip(first, again, strict=True))
    before = placement(game)
    game.model("B2").x += 0.5
    assert table(game) is not held and placement(game) is not before


def test_r6_7_an_activation_keeps_the_table_but_a_hijacked_models() -> None:
    """An activation that starts or ends changes no side, so the table holds; a Hijacked
    model's changes its side (R6.7), so it drops the table and its enemies are found anew."""
    game = engaged_game()
    a1, b1 = game.model("A1"), game.model("B1")
    held = table(game)
    a1.start_activation(1)
    a1.end_activation()
    assert table(game) is held
    b1.hijacked_by, b1.hijack_at = 0, b1.activations + 1
    assert table(game) is not held and ids(enemies(game, b1)) == ["A1"]
    held = table(game)
    b1.start_activation(1)
    assert table(game) is not held and ids(enemies(game, b1)) == ["B2"]


def test_a_clone_a_restored_save_and_a_view_find_their_own_table() -> None:
    """A clone or a game read back has models of its own, and so a table of its own: a model
    moved in the clone changes nothing of the game's answers. A view reads its game's."""
    game = engaged_game()
    a1 = game.model("A1")
    assert ids(engaged_with(game, a1)) == ["B1"]
    twin = game.clone()
    assert table(twin) is not table(game)
    twin.model("B1").y += 1.0  # out of reach in the clone only
    assert engaged_with(twin, twin.model("A1")) == []
    assert ids(engaged_with(game, a1)) == ["B1"] and ids(threats(game, a1)) == ["B1"]
    saved: WireGame = restore(json.loads(json.dumps(twin.to_json())))
    assert engaged_with(saved, saved.model("A1")) == [] and table(saved) is not table(twin)
    view = game.view(0)
    assert table(view) is table(game)
    assert ids(enemies(view, view.model("A1"))) == ["B1", "B2"]


def test_a_model_moved_spawned_or_removed_is_seen_at_once() -> None:
    """Sight and engagement follow a model moved behind a wall, a hostile spawned next to A1
    and a model taken Out of Action, as they happen."""
    game = engaged_game()
    a1, b1, b2 = game.model("A1"), game.model("B1"), game.model("B2")
    assert sees(game, a1, b2)
    b2.x, b2.y = 18.0, 6.0  # behind the wall
    assert not sees(game, a1, b2)
    unit = CATALOG.hostiles.faction("scrapers").unit("Gutter Runner")
    runner = place_hostile(game, unit, "G1", (3.0, 3.0))
    assert runner is not None
    assert runner in in_play(game) and runner in enemies(game, a1)
    assert ids(engaged_with(game, a1)) == ["B1"]
    runner.x, runner.y = 6.0 - TOUCH - 0.3, 6.0
    assert ids(engaged_with(game, a1)) == ["B1", runner.id]
    b1.removed = "Out of Action"
    assert b1 not in in_play(game) and ids(threats(game, a1)) == [runner.id]


def test_a_twin_measured_from_is_not_taken_for_its_model() -> None:
    """A move's end is judged from a twin of the model standing there: what it is Engaged
    with is its own, and placing it drops nothing held."""
    game = engaged_game()
    a1 = game.model("A1")
    held = table(game)
    twin = a1.standing_at((6.0, 2.0), None)
    assert table(game) is held
    assert engaged_with(game, twin) == [] and ids(engaged_with(game, a1)) == ["B1"]
    twin.move_twin((a1.x, a1.y), a1.level)  # an AI's stand-in moved on to the next candidate
    assert table(game) is held and ids(engaged_with(game, a1)) == ["B1"]


def test_c4_4_each_enemys_gap_is_measured_anew_wherever_the_bases_stand() -> None:
    """The gaps the table holds follow a model moved, in the game or a clone only, a hostile
    spawned and a model taken Out of Action; a view reads its game's."""
    game = engaged_game()
    a1, b1, b2 = game.model("A1"), game.model("B1"), game.model("B2")
    assert gaps(game, a1) == [(b1, gap(game, a1, b1)), (b2, 8.0 - 2 * a1.radius)]
    twin = game.clone()
    twin.model("B2").y -= 2.0
    assert gaps(twin, twin.model("A1"))[1][1] == 6.0 - 2 * a1.radius
    assert gaps(game, a1)[1] == (b2, 8.0 - 2 * a1.radius)
    assert gaps(game.view(0), a1) is gaps(game, a1)
    b2.y -= 1.0
    assert gaps(game, a1)[1] == (b2, 7.0 - 2 * a1.radius)
    unit = CATALOG.hostiles.faction("scrapers").unit("Gutter Runner")
    runner = place_hostile(game, unit, "G1", (3.0, 3.0))
    assert runner is not None and [e for e, _ in gaps(game, a1)] == [b1, b2, runner]
    b1.removed = "Out of Action"
    assert [e for e, _ in gaps(game, a1)] == [b2, runner] and engaged_with(game, a1) == []


def _fresh(game: WireGame, m: WireModel) -> tuple[object, ...]:
    """What the table holds for ``m``, worked out anew from the rules' definitions (C4.1,
    C4.4, C4.5, I8.1)."""
    foes = [e for e in game.models if e.on_table and hostile_to(m, e)]
    measured = [(e, gap(game, m, e)) for e in foes]
    near = [(e, d) for e, d in measured if not bystander(m) and not bystander(e)]
    engaged = [e for e, d in near if d <= max(ENGAGEMENT_RANGE, reach(game, m))]
    threat = [e for e, d in near if d <= ENGAGEMENT_RANGE or d <= reach(game, e)]
    return foes, measured, engaged, threat


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    setup=st.sampled_from(
        ({}, {"hostiles": "random"}, {"mission": "random", "hostiles": "random"})
    ),
)
def test_what_the_table_holds_is_found_anew_at_every_decision(
    seed: int, setup: dict[str, str]
) -> None:
    """At every decision of random games, the enemies, gaps, engagement and threats the table
    holds for each model are what the rules find anew where the models stand now."""
    game = find_ruleset("sacred-wire").new_game(setup, seed)
    checked = 0

    class Checking(RandomPlayer):
        def choose(self, view: View[Any, Any]) -> Action:
            nonlocal checked
            now = table(game)
            for m, measured in now.gaps.items():
                held = (now.foes[m], measured, now.engaged.get(m), now.threats.get(m))
                fresh = _fresh(game, m)
                assert held[:2] == fresh[:2]
                assert held[2] in (None, fresh[2]) and held[3] in (None, fresh[3])
                checked += 1
            return super().choose(view)

    play(game, [Checking(seed * 2 + 1 + s) for s in range(len(game.sides.names))])
    assert checked


@settings(max_examples=300, deadline=None)
@given(
    near=st.tuples(st.floats(0.0, 6.0), st.floats(0.0, 6.0)),
    bases=st.lists(
        st.tuples(st.tuples(st.floats(0.0, 6.0), st.floats(0.0, 6.0)), st.sampled_from(RADII)),
        max_size=4,
    ),
)
def test_i1_4_a_spawn_spares_only_the_rings_a_base_covers_whole(
    near: Point, bases: list[tuple[Point, float]]
) -> None:
    """The rings a spawn's search spares (:func:`.arrival.crowded`) hold no spot 1"+ from
    every base: the search finds the spots it finds when it looks at every ring."""

    def fits(p: Point) -> bool:
        return all(edge_distance(p, RADIUS, q, r) >= APART for q, r in bases)

    bare = crowded(near, RADIUS, bases)
    full = nearest_spots(near, fits, 8.0, SPAWN_ANGLES, SPAWN_STEP)
    assert nearest_spots(near, fits, 8.0, SPAWN_ANGLES, SPAWN_STEP, bare) == full


DECK = {"id": "deck", "kind": "climbable", "height": 2.0, "polygon": rect(7.0, 0.0, 17.0, 3.0)}


@settings(max_examples=200, deadline=None)
@given(
    spot=st.one_of(
        st.tuples(st.floats(8.0, 16.0), st.floats(0.0, 12.0)),
        st.tuples(st.floats(11.2, 11.4), st.floats(4.5, 7.5)),  # at the wall's west face
        st.tuples(st.floats(8.0, 12.0), st.floats(2.4, 2.6)),  # at the deck's north edge
    ),
    bases=st.lists(st.tuples(st.floats(8.0, 16.0), st.floats(0.0, 12.0)), max_size=3),
    up=st.booleans(),
)
def test_i1_3_a_cover_spot_with_no_room_near_it_is_never_reached(
    spot: Point, bases: list[Point], up: bool
) -> None:
    """A spot a smaller base does not fit at (in the wall, on a base, off the table's edge,
    off the deck the hostile stands on), which a Cover move's search skips
    (:func:`.group.room_near`), is one no move of the hostile ends within reach of: the
    search finds the spots it finds when it tries them all (notes A47)."""
    placed = {"A1": (2.0, 20.0), "B1": (22.0, 20.0), "B2": (20.0, 22.0), "B3": (22.0, 22.0)}
    for mid, p in zip(("A2", "A3", "A4"), bases, strict=False):
        placed[mid] = p
    where = {"level": "deck"} if up else {}
    game = scenario(
        placed,
        board=board(WALL, DECK) if up else board(WALL),
        hostiles="scrapers",
        spawned=(("Gutter Runner", (10.0, 1.0) if up else (10.0, 4.0), where),),
    )
    h1 = game.model("H1")
    if room_near(game, h1, spot, others(game, h1)):
        return
    end = reach_point(game, h1, spot, 0.0)
    assert end is None or math.dist(end, spot) >= COVER_REACHED


def test_k1_2_a_markers_spots_are_found_once_per_board_and_question() -> None:
    """The legal spots nearest a point taken by terrain are the ring search's, kept by the
    board: another game on it is answered the same, a larger base or a marker placed asks
    anew (K1.2, M7.1)."""
    block = {"id": "block", "kind": "impassable", "height": 3.0, "polygon": rect(10, 10, 14, 14)}
    game = scenario({}, board=board(block))
    centre = zones.centre(game)

    def searched(g: WireGame, placed: list[Point]) -> list[Point]:
        return space.nearest_spots(
            centre, lambda p: zones.legal(g, p, placed), 24.0, zones.SEARCH_ANGLES
        )

    first = zones.nearest_spots(game, centre, [])
    assert first == searched(game, []) and first and centre not in first
    other = scenario({}, board=board(block))
    assert isinstance(other.board, Board) and other.board is game.board
    assert zones.nearest_spots(other, centre, []) == first
    other.models[0].radius = 1.0  # a larger base needs more room (K1.2)
    larger = zones.nearest_spots(other, centre, [])
    assert larger == searched(other, []) and larger != first
    placed = [first[0]]
    assert zones.nearest_spots(game, centre, placed) == searched(game, placed)


def test_c4_5_a_kits_melee_reaches_follow_what_it_holds_now() -> None:
    """Each melee weapon a model fights with and its reach, kept per catalogue and kit, are
    those of the weapons it holds now: a Cable Whip's 2" (R3.2), a gun swung as a club when
    it has no melee weapon, its fists when it has none at all (R3.1, C4.5)."""
    game = scenario({"A1": (6.0, 6.0)})
    m = game.model("A1")

    def fresh() -> list[tuple[str, float]]:
        return [(w.name, weapon_reach(w)) for w in melee_weapons(game, m)]

    for kit in ((), ("Cable Whip",), ("Laser",), ("Cable Whip", "Laser"), ()):
        m.weapons = kit
        held = [(w.name, most) for w, most in melee_reaches(game, m)]
        assert held == fresh() and reach(game, m) == max(most for _, most in held)
    m.weapons = ("Cable Whip",)
    assert melee_reaches(game, m)[0][1] == 2.0


def test_a19_a_kit_counts_two_enemies_engaged_by_what_it_holds_now() -> None:
    """A model Engaged with two enemies counts them where its contract (the Zealot) or its
    gear (Peripheral Sensors) reads them (notes A19): the answer follows the gear it holds
    now, and is the same as before a second model of that kit asks."""
    game = scenario(
        {
            "A1": (6.0, 6.0),
            "A3": (16.0, 6.0),
            "B1": (6.0, 6.0 + TOUCH),
            "B2": (6.0, 6.0 - TOUCH),
            "B3": (16.0, 6.0 + TOUCH),
            "B4": (16.0, 6.0 - TOUCH),
        }
    )
    boss, zealot = game.model("A1"), game.model("A3")
    assert len(engaged_with(game, boss)) == 2 and len(engaged_with(game, zealot)) == 2

    def counted(m: WireModel) -> bool:
        return combatant(game, m, None, "defense", False).engaged_with_2

    assert not counted(boss) and counted(zealot)
    boss.gear = ("Peripheral Sensors",)
    assert counted(boss)
    boss.gear = ()
    assert not counted(boss) and counted(zealot)


LOW = {"id": "low", "kind": "climbable", "height": 2.0, "polygon": rect(8.0, 8.0, 16.0, 12.0)}
HIGH = {"id": "high", "kind": "climbable", "height": 3.0, "polygon": rect(4.0, 16.0, 9.0, 20.0)}


@settings(max_examples=200, deadline=None)
@given(
    mover=st.sampled_from(("A1", "A2", "A3", "A3", "A4", "A5")),  # A3 the Zealot
    start=st.tuples(st.floats(6.0, 18.0), st.floats(3.0, 7.5)),
    goal=st.one_of(
        st.tuples(st.floats(8.0, 16.0), st.floats(8.0, 10.0)),  # up on the low piece
        st.tuples(st.floats(3.0, 17.0), st.floats(7.0, 21.0)),
    ),
    grapple=st.booleans(),
)
def test_c4_6_a_climb_is_refused_unplanned_only_where_the_rules_refuse_it(
    mover: str, start: Point, goal: Point, grapple: bool
) -> None:
    """:func:`.movement.may_move`, which refuses a point up on a piece without planning the
    way when the climb and the straight legs alone pass the Move, answers as the rules'
    judgement of the move does (C4.4, C4.6, R3.10 Grapple, C2.4 the Zealot's bonus)."""
    # B1 up on the low piece: a Zealot's Move that ends Engaged with it goes 2" further.
    placed: dict[str, object] = {mover: start, "B1": (12.0, 9.6)}
    if grapple:
        placed[mover] = {"pos": start, "gear": ("Grapple",)}
    game = scenario(placed, board=board(LOW, HIGH))
    m = game.model(mover)
    point = (round(goal[0], 2), round(goal[1], 2))
    assert may_move(game, m, point, "move") == (move_error(game, m, point, "move") is None)


@settings(max_examples=60, deadline=None)
@given(near=SPAWN_POINTS, bases=crowd(4))
def test_i1_4_a_spawns_next_model_spares_the_rings_the_ones_before_took(
    near: Point, bases: list[Point]
) -> None:
    """The models of a spawn placed one after another, each sparing the rings nearer the
    point than the last one taken (as :func:`.arrival.spawn` places them), stand where a
    search of every ring puts them (I1.4, notes A54)."""
    names = ("A1", "A2", "A3", "A4")
    unit = CATALOG.hostiles.faction("scrapers").unit("Gutter Runner")
    spots = []
    for spare in (True, False):
        game = scenario(dict(zip(names, bases, strict=False)), board=board(WALL))
        spared = 0.0
        placed = []
        for _ in range(5):
            m = place_hostile(game, unit, "G1", near, spared=spared if spare else 0.0)
            if m is not None:
                spared = math.dist(near, m.pos) - ROUNDED
            placed.append(None if m is None else m.pos)
        spots.append(placed)
    assert spots[0] == spots[1]
