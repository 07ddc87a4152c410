"""The Daemons' own rules of R:635-713 (notes §3.4): the Byakhee's, the Night Stalker's and
the Winged Nightmare's, each with scripted dice on forces written by hand, named after the
ability and the rulebook line it plays."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    R,
    apply_all,
    dice_left,
    events,
    lurker_profile,
    model,
    options,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_extra_gear import best
from tests.rulesets.strange_aeons.test_rulebook_lurkers import rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_a import RUBBLE, WALL, flying

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import transporter
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, FACE_UP
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


# -- Night Stalker: Drain, Regenerate and its Bite's Damage "*" (R:673-677) --------------------

STALKER_WEAPONS = {
    "stalker_claws": {
        "id": "stalker_claws",
        "name": "Claws",
        "kind": "close",
        "damage": 2,
        "ccb": 3,
        "ap": 1,
    },
    "bite": {"id": "bite", "name": "Bite", "kind": "close", "damage": 0, "ccb": 2},
}
"""The Night Stalker's Claws (C.C.B. +3, Dam. 1D+2, AP1) and Bite (C.C.B. +2, Dam. *)."""


def night_stalker(model_id: str, **fields: Any) -> dict[str, Any]:
    """A Night Stalker (R:673: 6 | 3+ | 8 | 3 | 3 | 3+, Enemy Cover, Parry and Terror left
    out) with its Claws and Bite."""
    base: dict[str, Any] = {
        "name": f"Night Stalker {model_id}",
        "move": 6,
        "dex": 3,
        "con": 8,
        "attacks": 3,
        "wounds": 3,
        "res": 3,
        "types": ["daemon"],
        "weapons": ["unarmed", "stalker_claws", "bite"],
        "abilities": ["drain", "regenerate"],
        "kind": "night_stalker",
    }
    return agent(model_id, **{**base, **fields})


WON = [("close-combat", f) for f in (5, 2, 2, 2, 2, 2)]
"""The Night Stalker's 4 dice with both weapons (5 + 3 - 1 = 7) against T1's 2 (2 + 1)."""


def bitten(
    victim: dict[str, Any], more: list[tuple[str, int]] | None = None, paired: bool = True
) -> Game:
    """Night Stalker L1 (wounded once) Charges ``victim`` (T1) and wins, fighting with both
    weapons when ``paired``; T2 stands far off."""
    game = book(
        victim,
        agent("T2"),
        night_stalker("L1"),
        placed={
            "T1": (10.0, 10.0),
            "T2": (30.0, 20.0),
            "L1": {"pos": (10.0 + TOUCH + 2.0, 10.0), "wounds": 2},
        },
        active=1,
        weapons=STALKER_WEAPONS,
        dice=[*(WON if paired else WON[:3] + WON[4:]), *(more or [])],
    )
    apply_all(game, "nominate L1", "charge L1 T1", "two-weapons L1" if paired else "one-weapon L1")
    return game


def test_sa_drain_or_regenerate_in_place_of_the_bites_damage_r673() -> None:
    game = bitten(agent("T1"))
    assert sorted(options(game)) == ["drain L1", "regenerate L1", "wound L1"]


def test_sa_drain_takes_a_point_of_constitution_for_good_and_the_round_is_a_draw_r677() -> None:
    game = bitten(agent("T1"))
    game.apply("drain L1")
    drained = events(game, "drained")[0]
    assert (drained.rule, drained.models, drained.data) == (
        "Night Stalker: Drain (R:677)",
        ("L1", "T1"),
        {"con": 5},
    )
    assert catalog_of(game).profile(model(game, "T1").profile).con == 5
    assert events(game, "draw")
    assert model(game, "T1").wounds == 1
    assert not dice_left(game)


def test_sa_regenerate_takes_a_wound_and_casts_the_victim_aside_face_down_r677() -> None:
    game = bitten(agent("T1", wounds=2))
    game.apply("regenerate L1")
    regenerated = events(game, "regenerated")[0]
    assert (regenerated.rule, regenerated.data) == (
        "Night Stalker: Regenerate (R:677)",
        {"wounds": 3, "left": 1},
    )
    victim, stalker = model(game, "T1"), model(game, "L1")
    assert victim.state == FACE_DOWN
    gap = math.dist(victim.pos, stalker.pos) - 2 * R
    assert 2.0 <= gap <= 2.1
    assert not events(game, "removed")
    assert not dice_left(game)


def test_sa_regenerate_rolls_the_injury_at_the_last_wound_r677() -> None:
    game = bitten(agent("T1"), [("injury", 4), ("injury", 5), ("resolve", 6)])
    # 9: a Major Injury; T2, the last of its side, tests its Resolve.
    game.apply("regenerate L1")
    assert events(game, "removed")[0].data["reason"] == "Major Injury"
    assert model(game, "L1").wounds == 3
    assert not events(game, "cast-aside")
    assert not dice_left(game)


def test_sa_regenerate_never_beyond_its_starting_wounds_r677() -> None:
    game = bitten(agent("T1", wounds=2))
    model(game, "L1").wounds = 3
    game.apply("regenerate L1")
    assert model(game, "L1").wounds == 3


def test_sa_regenerate_the_victim_cast_aside_is_not_charged_while_others_remain_r677() -> None:
    game = bitten(agent("T1", wounds=2))
    game.apply("regenerate L1")
    refused(game, "charge L1 T1", "L1 cast T1 aside: it Charges it again only when no other")
    assert "charge L1 T1" not in options(game)


def test_sa_drain_and_regenerate_only_after_a_round_fought_with_the_bite_r673() -> None:
    game = bitten(agent("T1"), paired=False)
    assert "drain L1" not in options(game)
    refused(game, "drain L1", "only as a Night Stalker winning a round fought with its Bite")


def test_sa_night_stalker_plays_drain_regenerate_and_its_bite(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["night_stalker"])


# -- The heuristic player's use of them ---------------------------------------------------------


def test_sa_transporter_the_heuristic_lifts_a_slower_friend_while_the_enemy_is_far_r639() -> None:
    assert best(pair(lifted=False)) == "lift L1 L2"


def test_sa_regenerate_the_heuristic_takes_it_over_a_roll_to_wound_r677() -> None:
    assert best(bitten(agent("T1", wounds=2))) == "regenerate L1"
