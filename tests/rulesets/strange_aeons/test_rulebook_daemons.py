"""The Daemons' own rules of R:635-713 (notes §3.4): the Byakhee's, the Night Stalker's and
the Winged Nightmare's, each with scripted dice on forces written by hand, named after the
ability and the rulebook line it plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    lurker_profile,
    model,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_lurkers import rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_a import RUBBLE, WALL, flying

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import transporter
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.model import FACE_UP
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import AeonsState

__all__ = ["rules"]  # the ruleset, a fixture of these tests

# -- Byakhee: Flopping Wings, Transporter (R:639) ----------------------------------------------

BYAKHEE_RULES = ["flopping_wings", "transporter"]


def byakhee(model_id: str, **fields: Any) -> dict[str, Any]:
    """A Byakhee (R:639: 7 | 4+ | 5/6 | 2 | 1 | 4+, Sprint and Hideous left out) with Claws."""
    base: dict[str, Any] = {
        "name": f"Byakhee {model_id}",
        "move": 7,
        "dex": 4,
        "con": 5,
        "armour": 1,
        "types": ["daemon"],
        "weapons": ["unarmed", "claws"],
        "abilities": BYAKHEE_RULES,
        "kind": "byakhee",
    }
    return agent(model_id, **{**base, **fields})


def pair(
    passenger: dict[str, Any] | None = None,
    dice: list[tuple[str, int]] | None = None,
    active: int = 1,
    lifted: bool = True,
) -> Game:
    """Byakhee L1 at (10, 10) with L2 (an Agent, or ``passenger``) in base-to-base, carried
    when ``lifted``; T1, with a .45, 8" off in its own turn, else far away. ``active``'s model
    (L1 or T1) is nominated."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        byakhee("L1"),
        passenger or agent("L2"),
        placed={
            "T1": (10.0, 18.0) if active == 0 else (30.0, 20.0),
            "L1": (10.0, 10.0),
            "L2": (10.0 + TOUCH, 10.0),
        },
        active=active,
        dice=dice,
        before=_lift if lifted else None,
    )
    game.apply("nominate L1" if active else "nominate T1")
    return game


def _lift(game: Game) -> None:
    transporter.lift(game, model(game, "L1"), model(game, "L2"))


def test_sa_flopping_wings_flies_over_impassable_terrain_r639() -> None:
    game = flying(9.0, WALL, byakhee("L1"))
    game.apply("move L1 16,10")  # straight over the wall: 7"
    assert model(game, "L1").pos == (16.0, 10.0)
    assert not dice_left(game)


def test_sa_flopping_wings_never_ends_a_move_in_impassable_terrain_r639() -> None:
    game = flying(9.0, WALL, byakhee("L1"))
    refused(game, "move L1 11.5,10", "the base would overlap the wall (impassable)")


def test_sa_flopping_wings_rough_terrain_costs_it_no_movement_r639() -> None:
    game = flying(8.0, RUBBLE, byakhee("L1"))
    game.apply("move L1 15,10")  # 7" across the rubble: 5" for others
    assert model(game, "L1").pos == (15.0, 10.0)


def test_sa_transporter_lifts_a_friend_in_base_to_base_off_the_table_r639() -> None:
    game = pair(lifted=False)
    game.apply("lift L1 L2")
    lifted = events(game, "lifted")[0]
    assert (lifted.rule, lifted.models, lifted.data) == (
        "Byakhee: Transporter (R:639)",
        ("L1", "L2"),
        {"penalty": 0},
    )
    assert not model(game, "L2").on_table
    state = game.state
    assert isinstance(state, AeonsState)
    assert state.carried == (("L1", "L2"),)


def test_sa_transporter_carries_a_friend_of_con_6_at_no_cost_and_sets_it_down_r639() -> None:
    game = pair()
    apply_all(game, "move L1 17,10", "set-down L1")  # all 7"
    assert model(game, "L1").pos == (17.0, 10.0)
    set_down = events(game, "set-down")[0]
    assert set_down.models == ("L1", "L2")
    passenger = model(game, "L2")
    assert passenger.on_table and passenger.normal
    assert abs(passenger.x - 17.0) ** 2 + abs(passenger.y - 10.0) ** 2 <= (TOUCH + 0.1) ** 2
    assert not dice_left(game)


def test_sa_transporter_minus_2_movement_per_con_above_6_r639() -> None:
    game = pair(agent("L2", con=7, armour=1), lifted=False)  # Con 8: 2 points above 6, -4"
    game.apply("lift L1 L2")
    assert events(game, "lifted")[0].data == {"penalty": 4}
    refused(game, "move L1 14,10", 'the point is 4" away')
    game.apply("move L1 13,10")
    assert model(game, "L1").pos == (13.0, 10.0)


def test_sa_transporter_lifts_only_a_friend_in_base_to_base_r639() -> None:
    game = book(
        agent("T1"),
        byakhee("L1"),
        agent("L2"),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (14.0, 10.0)},
        active=1,
    )
    game.apply("nominate L1")
    refused(game, "lift L1 L2", "L1 lifts only a friend in base-to-base (R:639)")


def test_sa_transporter_sets_down_only_what_it_carries_r639() -> None:
    refused(pair(lifted=False), "set-down L1", "L1 carries nothing")


def test_sa_transporter_a_shot_at_it_may_strike_the_passenger_r639() -> None:
    game = pair(dice=[("random-target", 5), ("to-hit", 5), ("to-wound", 1)], active=0)
    game.apply("shoot T1 L1 handgun_45")
    struck = events(game, "random-target")[0]
    assert (struck.rule, struck.models) == ("Byakhee: Transporter (R:639)", ("L2",))
    assert events(game, "no-wound")[0].models == ("L2",)
    assert not dice_left(game)


def test_sa_transporter_drops_the_passenger_face_up_when_it_goes_face_up_r639() -> None:
    # The Byakhee struck, wounded (5 + 2 against Con 6) and Stunned (2D6 of 3).
    script = [("random-target", 2), ("to-hit", 5), ("to-wound", 5), ("injury", 1), ("injury", 2)]
    game = pair(dice=script, active=0)
    game.apply("shoot T1 L1 handgun_45")
    assert model(game, "L1").state == FACE_UP
    dropped = events(game, "passenger-dropped")[0]
    assert (dropped.rule, dropped.models) == ("Byakhee: Transporter (R:639)", ("L1", "L2"))
    passenger = model(game, "L2")
    assert passenger.on_table and passenger.state == FACE_UP
    assert not dice_left(game)


def test_sa_byakhee_plays_flopping_wings_and_transporter(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["byakhee"])
    entries = (
        '[[models]]\nprofile = "Byakhee"\ncount = 2\n\n[[models]]\nprofile = "Cultist"\ncount = 2\n'
    )
    profile = lurker_profile(rules, tmp_path, entries)
    assert (profile.kind, set(profile.abilities)) == ("byakhee", set(BYAKHEE_RULES))
