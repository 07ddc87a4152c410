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
    board,
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
from tests.rulesets.strange_aeons.test_rulebook_terrain import piece

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import ai, snatch, transporter
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, FACE_UP
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import AeonsState

__all__ = ["rules"]  # the ruleset, a fixture of these tests

# -- Byakhee: Flopping Wings, Transporter (R:639) ----------------------------------------------

BYAKHEE_RULES = ["flopping_wings", "transporter"]


def daemon(
    model_id: str, kind: str, weapons: list[str], rules: list[str], **fields: Any
) -> dict[str, Any]:
    """A Daemon of the book's profile ``kind``, with ``weapons`` and its own ``rules``, its
    characteristics ``fields`` (an Agent's otherwise)."""
    name = kind.replace("_", " ").title()
    return agent(
        model_id,
        **{
            "name": f"{name} {model_id}",
            "types": ["daemon"],
            "weapons": ["unarmed", *weapons],
            "abilities": rules,
            "kind": kind,
            **fields,
        },
    )


def byakhee(model_id: str) -> dict[str, Any]:
    """A Byakhee (R:639: 7 | 4+ | 5/6 | 2 | 1 | 4+, Sprint and Hideous left out) with Claws."""
    return daemon(model_id, "byakhee", ["claws"], BYAKHEE_RULES, move=7, dex=4, con=5, armour=1)


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


def test_r639_flopping_wings_still_pays_for_deep_water() -> None:
    game = flying(10.0, board(piece("deep-water", 12, 8, 16, 12)), byakhee("L1"))
    why = 'no path within 7": the terrain on the path costs 3", leaving 4" for a 5" path'
    refused(game, "move L1 15,10", why)


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


def test_r639_a_heavy_passenger_weighs_on_a_rolled_movement_too() -> None:
    """A Byakhee of Movement 1D6+3 (R:2116) with a passenger of Con 8 (-4") rolls a 1: its 4"
    less 4 leaves it the 1" a Movement never goes below."""
    rolled = daemon("L1", "byakhee", ["claws"], BYAKHEE_RULES, move=3, move_die=6, dex=4, con=5)
    game = book(
        agent("T1"),
        rolled,
        agent("L2", con=7, armour=1),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (10.0 + TOUCH, 10.0)},
        active=1,
        dice=[("movement", 1)],
        before=_lift,
    )
    game.apply("nominate L1")
    refused(game, "move L1 15.5,10", 'the point is 5.5" away')
    game.apply("move L1 15,10")
    assert model(game, "L1").pos == (11.0, 10.0)
    assert events(game, "movement-rolled")[0].data == {"movement": 1}
    assert not dice_left(game)


def test_r1157_thick_skin_weighs_on_a_byakhee_as_on_a_wound_r639() -> None:
    """A Fishman's 6/7 with Thick Skin is 8: two points above 6, 4" off the Byakhee."""
    fishman = agent("L2", con=6, armour=1, skills=["tough", "thick_skin"])
    game = pair(fishman, lifted=False)
    game.apply("lift L1 L2")
    assert events(game, "lifted")[0].data == {"penalty": 4}
    refused(game, "move L1 14,10", 'the point is 4" away')


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


def test_sa_transporter_r639_never_lifts_itself() -> None:
    """R:639: the Byakhee lifts a friend; asked to lift itself it is told so, not that it is
    fighting or carrying."""
    game = book(
        agent("T1"),
        byakhee("L1"),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        active=1,
    )
    game.apply("nominate L1")
    refused(game, "lift L1 L1", "L1 lifts only a friend in base-to-base (R:639)")


def test_sa_transporter_sets_down_only_what_it_carries_r639() -> None:
    refused(pair(lifted=False), "set-down L1", "L1 carries nothing")


def test_sa_transporter_a_shot_at_it_may_strike_the_passenger_r639() -> None:
    game = pair(dice=[("random-target", 5), ("to-hit", 5), ("to-wound", 1)], active=0)
    game.apply("shoot T1 L1 handgun_45")
    struck = events(game, "carried-struck")[0]
    assert (struck.rule, struck.models) == ("Byakhee: Transporter (R:639)", ("L1", "L2"))
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


def test_r639_a_byakhee_flying_off_the_table_takes_its_passenger_along() -> None:
    game = book(
        agent("T1"),
        byakhee("L1"),
        agent("L2"),
        placed={"T1": (30.0, 20.0), "L1": (3.0, 10.0), "L2": (3.0 + TOUCH, 10.0)},
        active=1,
        before=_lift,
    )
    apply_all(game, "nominate L1", "move L1 -1,10")
    assert [e.models for e in events(game, "removed")] == [("L1",), ("L2",)]
    assert not model(game, "L2").on_table


def test_r639_a_byakhee_removed_on_the_table_by_no_injury_drops_its_passenger() -> None:
    game = pair()
    remove(game, model(game, "L1"), "Minor Injury", "a removal by no Injury", injured=False)
    dropped = events(game, "passenger-dropped")[0]
    assert dropped.models == ("L1", "L2")
    passenger = model(game, "L2")
    assert passenger.on_table and passenger.state == FACE_UP


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


def night_stalker(model_id: str) -> dict[str, Any]:
    """A Night Stalker (R:673: 6 | 3+ | 8 | 3 | 3 | 3+, Enemy Cover, Parry and Terror left
    out) with its Claws and Bite."""
    stats = {"move": 6, "dex": 3, "con": 8, "attacks": 3, "wounds": 3, "res": 3}
    weapons = ["stalker_claws", "bite"]
    return daemon(model_id, "night_stalker", weapons, ["drain", "regenerate"], **stats)


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
        {"wounds": 3},
    )
    taken = events(game, "regenerate-wound")[0]
    assert (taken.models, taken.data) == (("T1",), {"left": 1})
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


def test_r677_r160_a_victim_the_injury_leaves_face_down_is_cast_aside_not_removed() -> None:
    # 2 + 3 = 5 at its last Wound: Unconscious. Cast aside 2" away, it is engaged by nobody.
    game = bitten(agent("T1"), [("injury", 2), ("injury", 3)])
    game.apply("regenerate L1")
    victim = model(game, "T1")
    assert victim.on_table and victim.state == FACE_DOWN
    assert not events(game, "removed")
    assert events(game, "cast-aside")[0].models == ("L1", "T1")
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


# -- Winged Nightmare: Snatch, Drop, Nest, Re-emerge (R:713) -----------------------------------

NIGHTMARE_RULES = ["snatch", "drop", "nest", "re_emerge", "hover"]
TAIL = {"id": "tail", "name": "Tail", "kind": "close", "damage": 1, "ccb": 1, "ap": 1}
"""The Winged Nightmare's Tail: C.C.B. +1, Dam. 1D+1, AP1 (R:713)."""


def nightmare(model_id: str) -> dict[str, Any]:
    """A Winged Nightmare (R:713: 8 | 4+ | 7 | 3 | 6 | 3+, Sprint and Fear left out) with its
    Tail."""
    stats = {"move": 8, "dex": 4, "con": 7, "attacks": 3, "wounds": 6, "res": 3}
    return daemon(model_id, "winged_nightmare", ["tail"], NIGHTMARE_RULES, **stats)


def facing(active: int, at: tuple[float, float], t1: tuple[float, float], **kwargs: Any) -> Game:
    """Winged Nightmare L1 at ``at`` and T1 at ``t1``, T2 4" from L1 and T3 far off, at the
    start of ``active``'s turn; ``kwargs`` as :func:`book` takes them."""
    placed = {"T1": t1, "T2": (at[0], at[1] + 4.0), "T3": (30.0, 4.0), "L1": at}
    return book(
        agent("T1"),
        agent("T2"),
        agent("T3"),
        nightmare("L1"),
        placed=placed,
        active=active,
        weapons={"tail": TAIL},
        **kwargs,
    )


def snatching(x: float = 10.0) -> Game:
    """Winged Nightmare L1 at (``x``, 10) Charges T1 2" off and wins by 3 (5 + 1 against
    2 + 1)."""
    dice = [("close-combat", f) for f in (5, 2, 2, 2, 2)]
    game = facing(1, (x, 10.0), (x + TOUCH + 2.0, 10.0), dice=dice)
    apply_all(game, "nominate L1", "charge L1 T1")
    return game


def carried_off(active: int, at: tuple[float, float] = (10.0, 10.0), **kwargs: Any) -> Game:
    """Winged Nightmare L1 at ``at`` carries T1, snatched, at the start of ``active``'s
    turn."""
    return facing(active, at, (at[0] + TOUCH, at[1]), before=_snatched, **kwargs)


def _snatched(game: Game) -> None:
    snatch.seize(game, model(game, "L1"), model(game, "T1"))


def test_sa_snatch_carries_the_loser_off_instead_of_wounding_r713() -> None:
    game = snatching()
    assert "snatch L1" in options(game)
    game.apply("snatch L1")
    snatched = events(game, "snatched")[0]
    assert (snatched.rule, snatched.models) == ("Winged Nightmare: Snatch (R:713)", ("L1", "T1"))
    assert not model(game, "T1").on_table
    assert not events(game, "to-wound") and not events(game, "draw")
    assert not dice_left(game)


def test_sa_snatch_the_nightmare_moves_at_half_rate_while_carrying_r713() -> None:
    game = snatching()
    game.apply("snatch L1")
    x = round(model(game, "L1").x, 2)
    refused(game, f"move L1 {x + 4.2},10", 'more than the 4" allowed')
    game.apply(f"move L1 {x + 3.9},10")
    assert model(game, "L1").pos == (x + 3.9, 10.0)


def test_sa_snatch_a_snatched_model_wriggles_free_on_a_dexterity_test_r713() -> None:
    game = carried_off(0, dice=[("dexterity", 5)])
    game.apply("nominate T1")
    assert options(game) == ["wriggle T1", "pass T1"]
    game.apply("wriggle T1")
    freed = events(game, "wriggled-free")[0]
    assert (freed.rule, freed.models) == ("Winged Nightmare: Snatch (R:713)", ("L1", "T1"))
    victim, carrier = model(game, "T1"), model(game, "L1")
    assert victim.on_table and victim.state == FACE_UP
    assert 2.0 <= math.dist(victim.pos, carrier.pos) - 2 * R <= 2.1
    assert not dice_left(game)


def test_sa_snatch_a_failed_wriggle_leaves_it_carried_r713() -> None:
    game = carried_off(0, dice=[("dexterity", 4)])
    apply_all(game, "nominate T1", "wriggle T1")
    assert events(game, "wriggle")[0].data == {"need": 5, "passed": False}
    assert not model(game, "T1").on_table
    assert not dice_left(game)


def test_sa_snatch_a_snatched_model_may_only_wriggle_or_forfeit_r713() -> None:
    game = carried_off(0)
    game.apply("nominate T1")
    refused(game, "move T1 5,5", "T1 is snatched: it may only wriggle free or forfeit (R:713)")


def test_sa_drop_a_charge_on_the_nightmare_drops_its_foe_face_up_2_inches_away_r713() -> None:
    # T2 Charges: 2 dice + 1 against 3 dice + 1, a Draw.
    cc = [("close-combat", f) for f in (2, 2, 2, 2, 2)]
    game = carried_off(0, dice=cc)
    apply_all(game, "nominate T2", "charge T2 L1")
    dropped = events(game, "passenger-dropped")[0]
    assert (dropped.rule, dropped.models) == ("Winged Nightmare: Drop (R:713)", ("L1", "T1"))
    victim = model(game, "T1")
    assert victim.on_table and victim.state == FACE_UP
    assert 2.0 <= math.dist(victim.pos, model(game, "L1").pos) - 2 * R <= 2.1
    assert not dice_left(game)


def test_sa_nest_flying_off_a_short_edge_spirits_the_foe_away_r713() -> None:
    game = carried_off(1, at=(3.0, 10.0))
    apply_all(game, "nominate L1", "move L1 -1,10")
    nested = events(game, "nested")[0]
    assert (nested.rule, nested.models, nested.data) == (
        "Winged Nightmare: Nest (R:713)",
        ("L1", "T1"),
        {"edge": "west"},
    )
    assert model(game, "T1").removed == "Nest"
    nightmare_ = model(game, "L1")
    assert nightmare_.removed is None and not nightmare_.on_table


def away() -> Game:
    """Winged Nightmare L1, away at its nest since it left the west edge at (R, 10), is
    nominated; T1 stands far off."""
    game = book(
        agent("T1"),
        nightmare("L1"),
        placed={"T1": (30.0, 20.0), "L1": (R, 10.0)},
        active=1,
        weapons={"tail": TAIL},
        before=_nested,
    )
    game.apply("nominate L1")
    return game


def _nested(game: Game) -> None:
    state = game.state
    assert isinstance(state, AeonsState)
    state.nested = (("L1", R, 10.0),)
    m = model(game, "L1")
    m.x, m.y = -1.0, -1.0


def test_sa_re_emerge_an_action_brings_it_back_where_it_left_r713() -> None:
    game = away()
    assert options(game) == ["re-emerge L1", "pass L1"]
    game.apply("re-emerge L1")
    back = events(game, "re-emerged")[0]
    assert (back.rule, back.models) == ("Winged Nightmare: Re-emerge (R:713)", ("L1",))
    assert math.dist(model(game, "L1").pos, (R, 10.0)) <= 0.1
    game.apply("move L1 8,10")  # its Turn goes on
    assert model(game, "L1").pos == (8.0, 10.0)


def test_sa_re_emerge_its_only_action_away_at_the_nest_r713() -> None:
    refused(away(), "move L1 5,5", "L1 is away at its nest: it may only re-emerge or forfeit")


def test_sa_winged_nightmare_plays_snatch_drop_nest_and_re_emerge(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["winged_nightmare"])


def test_sa_snatch_the_heuristic_snatches_within_reach_of_a_short_edge_r713() -> None:
    assert best(snatching(x=2.0)) == "snatch L1"
    assert best(snatching(x=12.0)) == "wound L1"


def test_sa_nest_the_heuristic_carries_its_foe_off_a_short_edge_r713() -> None:
    game = carried_off(1, at=(3.0, 10.0))
    game.apply("nominate L1")
    assert ai.score_actions(game, [Action.at("move", ("L1",), -1.0, 10.0)])[0] > 1.0
