"""The Special type Ghost (R:116), Lost Soul (R:725), Kinesis (R:730) and the Holy Book that
dispels Ghosts (R:472), each with scripted dice on forces written by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    R,
    apply_all,
    board,
    dice_left,
    events,
    heuristic_choice,
    model,
    options,
    rect,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import (
    BOOK,
    across_rubble,
    agent,
    book,
    forces,
    from_set_up,
    ghost,
)
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules, undead
from tests.rulesets.strange_aeons.test_rulebook_lurkers_a import polyp
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list
from tests.rulesets.strange_aeons.test_rulebook_terrain import TOWER

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai, objectives
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import read_list
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.psychology import resolve_of
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]  # the ruleset, a fixture

KINESIS = {
    "id": "kinesis",
    "name": "Kinesis",
    "kind": "ranged",
    "damage": 2,
    "range": 12.0,
    "rate_die": 6,
    "ability": "kinesis",
}
"""The Poltergeist's Kinesis: 12", Rate 1D6, Dam. 1D+2 (R:730)."""
FAR = (30.0, 20.0)
"""Where a model stands out of everything's way."""
CRATE = {"id": "crate", "kind": "rough", "height": 1.0, "polygon": rect(4, 9, 5, 11)}


# -- The Special type Ghost (R:116) ----------------------------------------------------------


def test_r116_a_ghost_is_no_target_of_a_shot() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_22"]),
        ghost("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
    )
    game.apply("nominate T1")
    assert not [o for o in options(game) if o.startswith("shoot")]
    refused(game, "shoot T1 L1 handgun_22", "L1 is a Ghost: no Shooting or Close Combat attack")


def test_r116_a_ghost_is_no_target_of_a_charge_nor_of_a_move_into_contact() -> None:
    game = book(agent("T1"), ghost("L1"), placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)})
    game.apply("nominate T1")
    assert "charge T1 L1" not in options(game)
    refused(game, "charge T1 L1", "L1 is a Ghost: no Shooting or Close Combat attack")
    refused(game, f"move T1 {14.0 - TOUCH:.2f},10", "L1 is a Ghost")


def test_r116_a_ghost_never_engages_in_close_combat() -> None:
    game = book(agent("T1"), ghost("L1"), placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)}, active=1)
    game.apply("nominate L1")
    assert "charge L1 T1" not in options(game)
    refused(game, "charge L1 T1", "L1 is a Ghost: it never engages another model")
    refused(game, f"move L1 {10.0 + TOUCH:.2f},10", "L1 is a Ghost: it never engages")


def test_r116_a_template_over_a_ghost_leaves_it_be() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "dynamite"]),
        ghost("L1"),
        agent("L2", con=12),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.5), "L2": (15.0, 9.5)},
        # The Dynamite lands on L2, the template over L1 too: 1 + 5 does not wound L2.
        dice=script("to-hit", 5, "to-wound", 1),
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L2 dynamite")
    assert events(game, "template")[0].data["covered"] == 1
    assert [e.models for e in events(game, "no-wound")] == [("L2",)]
    assert not dice_left(game)


def test_r116_a_shot_into_a_combat_is_never_drawn_onto_a_ghost() -> None:
    """A Man of Faith fights a Ghost and a Cultist; a shot at the Cultist strikes at random
    between the Cultist and him alone: 6 draws the second of the two."""
    game = book(
        agent("T1", abilities=["man_of_faith"]),
        agent("T2", weapons=["unarmed", "handgun_22"]),
        ghost("L1"),
        agent("L2"),
        placed={
            "T1": (30.0, 20.0),
            "T2": (10.0, 4.0),
            "L1": (10.0 + TOUCH, 10.0),
            "L2": (10.0, 10.0 + TOUCH),
        },
        dice=script("random-target", 6, "to-hit", 2, 2),
    )
    game.apply("nominate T2")
    model(game, "T1").x, model(game, "T1").y = 10.0, 10.0
    game.apply("shoot T2 L2 handgun_22")
    assert [e.models for e in events(game, "random-target")] == [("T1",)]
    assert [e.models for e in events(game, "shot")] == [("T2", "T1")]
    assert not dice_left(game)


def test_r116_a_sweep_leaves_a_ghost_be_r557() -> None:
    """The Worm's Sweep strikes the Agent in base-to-base, not the Ghost 1.5" off."""
    game = book(
        agent("T1"),
        ghost("T2"),
        agent("L1", abilities=["sweep"]),
        placed={"T1": (10.0 + TOUCH, 10.0), "T2": (10.0, 10.0 + TOUCH + 1.5), "L1": (10.0, 10.0)},
        active=1,
        start="nominate",
        dice=script("to-wound", 1, "sweep push", 4),
    )
    apply_all(game, "nominate L1", "sweep L1")
    assert events(game, "sweep")[0].models == ("L1", "T1")
    assert model(game, "T2").pos == (10.0, 10.0 + TOUCH + 1.5)
    assert model(game, "T2").state == "normal" and not dice_left(game)


def test_r116_a_deadly_rage_leaves_a_ghost_be_r892() -> None:
    """The Construct's Deadly Rage wounds the Agent in base-to-base, not the Ghost beside it."""
    game = book(
        agent("T1", wounds=2),
        ghost("T2"),
        undead("L1", abilities=["deadly_rage"]),
        placed={"T1": (10.0 + TOUCH, 10.0), "T2": (10.0 - TOUCH, 10.0), "L1": (10.0, 10.0)},
        active=1,
        start="nominate",
    )
    apply_all(game, "nominate L1", "rage L1")
    assert [(e.models, e.data) for e in events(game, "rage-wound")] == [(("T1",), {"left": 1})]
    assert model(game, "T2").wounds == 1


def test_r116_terrain_costs_a_ghost_no_movement() -> None:
    game = across_rubble(ghost("L1"))
    assert model(game, "L1").pos == (15.0, 10.0)
    assert not dice_left(game)


def test_r116_a_ghost_never_crosses_salt_r480() -> None:
    game = book(agent("T1"), ghost("L1"), placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)}, active=1)
    game.state.salt = (("T1", 12.0, 8.0, 12.0, 12.0, ""),)  # a line across L1's way
    game.apply("nominate L1")
    refused(game, "move L1 14,10", "L1 is a Ghost: it never crosses the salt T1 laid (R:480)")
    game.apply("move L1 10,14")
    assert model(game, "L1").pos == (10.0, 14.0)


# -- Lost Soul (R:725) --------------------------------------------------------------------------


def lost(at: tuple[float, float], dice: list[tuple[str, int]], **state: Any) -> Any:
    """T1 at ``at`` against the Lost Soul L1, the search so far as ``state`` says, T1
    nominated."""
    game = book(
        agent("T1"),
        ghost("L1", abilities=["lost_soul"]),
        placed={"T1": at, "L1": (30.0, 20.0)},
        dice=dice,
    )
    for key, value in state.items():
        setattr(game.state, key, value)
    game.apply("nominate T1")
    return game


def test_sa_lost_soul_a_6_finds_the_remains_in_the_searchers_zone_r725() -> None:
    game = lost((14.0, 4.0), [("remains", 6)])  # zone 2 of 3 x 2
    game.apply("seek-remains T1 L1")
    assert game.state.remains == (("L1", 2),)
    assert events(game, "remains-found")[0].rule == "Ghosts: Lost Soul (R:725)"
    assert not dice_left(game)


def test_sa_lost_soul_the_last_unsearched_zone_holds_the_remains_r725() -> None:
    sought = tuple(("L1", z) for z in (1, 2, 4, 5))
    game = lost((30.0, 4.0), [("remains", 5)], sought=sought)  # zone 3
    game.apply("seek-remains T1 L1")
    assert game.state.remains == (("L1", 6),)
    assert not dice_left(game)


def test_sa_lost_soul_a_zone_is_searched_once_for_a_ghost_r725() -> None:
    game = lost((2.0, 2.0), [("remains", 3)])
    game.apply("seek-remains T1 L1")
    assert game.state.sought == (("L1", 1),) and not game.state.remains
    refused(game, "seek-remains T1 L1", "zone 1 has been searched for L1's remains")


def test_sa_lost_soul_two_actions_in_the_zone_purify_the_remains_and_dispel_it_r725() -> None:
    game = lost((2.0, 2.0), [], remains=(("L1", 1),))
    apply_all(game, "purify-remains T1 L1", "purify-remains T1 L1")
    assert model(game, "L1").removed == "dispelled"
    assert [e.data["done"] for e in events(game, "purifying")] == [1, 2]


def test_sa_lost_soul_no_purifying_outside_the_zone_of_the_remains_r725() -> None:
    game = lost((2.0, 2.0), [], remains=(("L1", 2),))
    refused(game, "purify-remains T1 L1", "T1 is not in the zone holding L1's remains")


# -- Kinesis (R:730) ----------------------------------------------------------------------------


def poltergeist(at: tuple[float, float], dice: list[tuple[str, int]]) -> Any:
    """The Poltergeist L1 with Kinesis, T1 12" from the crate, L1 nominated."""
    game = book(
        agent("T1"),
        ghost("L1", weapons=["unarmed", "kinesis"], dex=5, abilities=["kinesis"]),
        placed={"T1": (16.0, 10.0), "L1": at},
        board=board(CRATE),
        dice=dice,
        active=1,
        weapons={"kinesis": KINESIS},
    )
    game.apply("nominate L1")
    return game


def test_sa_kinesis_only_in_base_to_base_with_scenery_r730() -> None:
    game = poltergeist((8.0, 10.0), [])
    refused(game, "shoot L1 T1 kinesis", "L1 is in base-to-base with no scenery")


def test_sa_kinesis_a_rate_of_1d6_from_the_scenery_r730() -> None:
    game = poltergeist((5.3, 10.0), script("rate", 2, "to-hit", 3, 4))
    game.apply("shoot L1 T1 kinesis")
    assert events(game, "rate-rolled")[0].data["rate"] == 2
    assert not dice_left(game)


def test_sa_kinesis_a_critical_miss_depletes_the_scenery_not_the_weapon_r730() -> None:
    game = poltergeist((5.3, 10.0), script("rate", 1, "to-hit", 1, "jam", 1))
    game.apply("shoot L1 T1 kinesis")
    assert game.state.depleted == ("crate",) and not game.state.jammed
    refused(game, "shoot L1 T1 kinesis", "L1 is in base-to-base with no scenery it has not")
    assert not dice_left(game)


# -- The Holy Book dispels Ghosts (R:472) --------------------------------------------------------


def test_r472_the_holy_book_dispels_every_ghost_within_5_inches() -> None:
    game = book(
        agent("T1", equipment=["holy_book"]),
        ghost("L1"),
        ghost("L2"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (20.0, 10.0)},
    )
    apply_all(game, "nominate T1", "holy-book T1")
    assert model(game, "L1").removed == "dispelled"
    assert model(game, "L2").removed is None
    assert not dice_left(game)


def test_r720_r472_a_ghost_dispelled_by_the_holy_book_takes_its_grave_marker_along() -> None:
    # T1 stands at L1's Grave Marker: once the Holy Book dispels L1, nothing is left to purify.
    game = book(
        agent("T1", equipment=["holy_book"]),
        ghost("L1", abilities=["grave_bound"]),
        agent("L2"),
        agent("L3"),  # two left, no last model tests its Resolve
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": FAR, "L3": (30.0, 24.0)},
    )
    game.state.graves = (("L1", 10.0 + TOUCH, 10.0),)
    game.apply("nominate T1")
    assert "purify-grave T1 L1" in options(game)
    game.apply("holy-book T1")
    assert model(game, "L1").removed == "dispelled"
    assert game.state.graves == ()
    assert "purify-grave T1 L1" not in options(game)
    refused(game, "purify-grave T1 L1", "L1 has no Grave Marker on the table")
    assert len(events(game, "removed")) == 1
    assert not dice_left(game)


# -- Lists and what is played -------------------------------------------------------------------


def test_r116_a_ghost_buys_no_skills(rules: StrangeAeons, tmp_path: Path) -> None:
    text = '[[models]]\nprofile = "Poltergeist"\nskills = ["Dodge"]\n'
    found = check_lurkers(rules.book, read_list(Path(lurker_list(tmp_path, text)), rules.book))
    assert any("a Ghost may not have Skills bought (R:116)" in p for p in found)


def test_sa_lost_soul_and_kinesis_make_the_poltergeist_playable(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["poltergeist"])
    entries = (f'[[models]]\nprofile = "{p}"\ncount = 2\n' for p in ("Poltergeist", "Zombie"))
    given = lurker_list(tmp_path, "\n".join(entries))
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    made = catalog_of(game).profile("L1")
    assert (made.types, made.res, made.abilities) == (("ghost",), 7, ("lost_soul", "kinesis"))


def test_r116_the_heuristic_player_looks_for_the_remains_rather_than_attack_a_ghost() -> None:
    game = lost((14.0, 4.0), [])
    cands = [Action.parse(o) for o in options(game)]
    best = max(zip(ai.score_actions(game, cands), cands, strict=True), key=lambda sc: sc[0])
    assert best[1].to_text() == "seek-remains T1 L1"
    assert ai.charge_score(game, model(game, "T1"), model(game, "L1")) == 0.0


# -- Grave-bound (R:720) ------------------------------------------------------------------------


def test_sa_grave_bound_set_up_last_outside_both_zones_its_marker_beside_it_r720() -> None:
    setup = {
        "board": "open",
        **forces(agent("T1"), ghost("L1", abilities=["grave_bound"]), agent("L2")),
    }
    first = script("roll-off deployment", 5, 2, "roll-off first-turn", 5, 2)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(first))
    apply_all(game, "edge west", "deploy T1 2,12", "deploy L2 34,12")
    assert game.decision is not None and game.decision.prompt == "deploy Agent L1 (L1), Grave-bound"
    refused(game, "grave L1 2,20", "the base would be in the enemy's deployment zone")
    refused(game, "grave L1 34,20", "the base would be in its own deployment zone")
    game.apply("grave L1 18,12")
    assert model(game, "L1").pos == (18.0, 12.0)
    assert game.state.graves == (("L1", 18.98, 12.0),)  # toward the centre: here, east
    assert not dice_left(game)


def test_r720_a_grave_bound_ghost_touching_a_zone_is_in_it() -> None:
    # The Fight's 5" strips: a base reaching 0.3" into the west strip is in it, though no
    # model could deploy there (its base not wholly within 5").
    setup = {
        "board": "open",
        **forces(agent("T1"), ghost("L1", abilities=["grave_bound"]), agent("L2")),
    }
    first = script("roll-off deployment", 5, 2, "roll-off first-turn", 5, 2)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(first))
    apply_all(game, "edge west", "deploy T1 2,12", "deploy L2 34,12")
    refused(game, "grave L1 5.2,12", "the base would be in the enemy's deployment zone")
    game.apply("grave L1 5.6,12")
    assert model(game, "L1").pos == (5.6, 12.0)


def test_r720_a_grave_marker_is_laid_outside_the_deployment_zones() -> None:
    # Monster Attack!: the Threshold within 8" of the centre (R:1617). The Ghost's base
    # clears that zone by 0.3", but its marker, laid toward the centre, would lie in it.
    game = from_set_up(
        "monster-attack", agent("T1"), ghost("L1", abilities=["grave_bound"]), agent("L2"), dice=[]
    )
    apply_all(game, "place T1 18,12", f"place L2 {R},2")
    far = 18.0 + 8.0 + R + 0.3
    refused(
        game,
        f"grave L1 {far:.2f},12",
        "its Grave Marker would be in the enemy's deployment zone: it goes outside both",
    )
    game.apply("grave L1 28,12")
    assert game.state.graves == (("L1", 27.02, 12.0),)


def test_r720_with_no_spot_outside_both_halves_the_marker_keeps_out_of_the_enemys() -> None:
    # Treasure Hunt's halves cover the table (R:1646): no notes item says where the marker
    # goes, so (our reading) outside the enemy's half, here the west one.
    game = from_set_up(
        "treasure-hunt",
        agent("T1"),
        ghost("L1", abilities=["grave_bound"]),
        agent("L2"),
        dice=script("roll-off set-up", 5, 1, "roll-off first-turn", 1, 2),
    )
    apply_all(game, "edge west", "place T1 4,12", "place L2 30,12")
    refused(
        game,
        "grave L1 18.6,12",
        "its Grave Marker would be in the enemy's deployment zone: it goes outside the "
        "enemy's, none being outside both",
    )
    refused(game, "grave L1 17,12", "the base would be in the enemy's deployment zone")
    game.apply("grave L1 20,12")
    assert game.state.graves == (("L1", 19.02, 12.0),)
    assert not dice_left(game)


def grave_bound(
    at: tuple[float, float] | dict[str, Any],
    *abilities: str,
    grave: float = 10.0 + TOUCH,
    **fields: Any,
) -> Any:
    """T1 at ``at`` (a position, or a placement with its state) and the Grave-bound L1 at
    10,10, its marker at ``grave``,10; ``fields`` as :func:`.rulebook.book` takes them, T1
    nominated unless the Lurkers play."""
    game = book(
        agent("T1"),
        ghost("L1", abilities=["grave_bound", *abilities]),
        placed={"T1": at, "L1": (10.0, 10.0)},
        **fields,
    )
    game.state.graves = (("L1", grave, 10.0),)
    game.apply("nominate L1" if fields.get("active") else "nominate T1")
    return game


def test_sa_grave_bound_no_move_beyond_12_inches_of_the_marker_r720() -> None:
    game = grave_bound((30.0, 20.0), grave=0.6, active=1)  # 8.42" from L1
    refused(game, "move L1 14,10", 'L1 would be 12.42" from its Grave Marker: it stays within 12"')
    game.apply("move L1 13,10")
    assert model(game, "L1").pos == (13.0, 10.0)


@pytest.mark.parametrize(("gust", "removed"), [(5, "dispelled"), (2, None)])
def test_r720_a_gust_pushing_a_grave_bound_ghost_beyond_12_inches_dispels_it(
    gust: int, removed: str | None
) -> None:
    """R:536, R:116: the gust is no attack, so it catches the Banshee L2 1.5" from the Polyp,
    10.02" from its marker; a D3 of 3 pushes it to 13.02" and it is dispelled at once, a D3
    of 1 to 11.02" and it stays."""
    ghost_x = 14.0 + TOUCH + 1.5
    game = book(
        agent("T1"),
        polyp("L1"),
        ghost("L2", abilities=["grave_bound"], dex=3),
        placed={"T1": (34.0, 22.0), "L1": (14.0, 10.0), "L2": (ghost_x, 10.0)},
        active=1,
        dice=[("dexterity", 1), ("gust", gust)],
    )
    game.state.graves = (("L2", ghost_x - 11.0, 10.0),)
    apply_all(game, "nominate L1", "winds L1 gust")
    l2 = model(game, "L2")
    assert (l2.state, l2.removed) == ("face-up", removed)
    gone = [(e.rule, e.data) for e in events(game, "removed")]
    assert gone == ([("Ghosts: Grave-bound (R:720)", {"reason": "dispelled"})] if removed else [])
    assert not dice_left(game)


def test_r720_a_grave_bound_ghost_set_down_beyond_12_inches_as_it_escapes_is_dispelled() -> None:
    """R:159: the Face Up L1 beats the Blessed T1 (R:403) and is set down 2" east, 12.02"
    from its marker (10.02" before): it is dispelled at once."""
    game = book(
        agent("T1", abilities=["man_of_faith"]),
        ghost("L1", abilities=["grave_bound"]),
        placed={"T1": (12.5 - TOUCH, 10.0), "L1": {"pos": (12.5, 10.0), "state": "face-up"}},
        dice=script("close-combat", 2, 2, 5),
    )
    game.state.graves = (("L1", 1.5, 10.0),)
    assert game.decision is not None and game.decision.kind == "escape"
    game.apply("escape L1 14.5,10")
    assert model(game, "L1").removed == "dispelled"
    assert events(game, "removed")[-1].rule == "Ghosts: Grave-bound (R:720)"
    assert not dice_left(game)


def test_r720_a_grave_bound_ghost_falling_beyond_12_inches_is_dispelled_as_it_lands() -> None:
    """R:268: L1 goes Face Down at the tower's edge, 11" from its marker, and
    falls to the ground 12.1" from it: it is dispelled at once, and no fall is rolled."""
    game = book(
        agent("T1"),
        ghost("L1", abilities=["grave_bound"]),
        agent("L2"),
        placed={"T1": (30.0, 30.0), "L1": {"pos": (16.6, 10.0), "level": "tower"}, "L2": FAR},
        board=board(TOWER),
    )
    game.state.graves = (("L1", 16.6 + 11.0 + TOUCH, 10.0),)
    set_state(game, model(game, "L1"), "face-down", "test")  # as an Injury would leave it
    assert [e.kind for e in game.log[-2:]] == ["fell", "removed"]
    gone = events(game, "removed")[0]
    assert (gone.rule, gone.models, gone.data) == (
        "Ghosts: Grave-bound (R:720)",
        ("L1",),
        {"reason": "dispelled"},
    )
    assert model(game, "L1").level is None
    assert not events(game, "fall-damage")
    assert not dice_left(game)


def test_sa_grave_bound_two_actions_in_contact_purify_the_marker_and_dispel_it_r720() -> None:
    game = grave_bound((10.0 + 2 * TOUCH, 10.0))
    apply_all(game, "purify-grave T1 L1", "purify-grave T1 L1")
    assert model(game, "L1").removed == "dispelled"
    assert game.state.graves == ()


def test_r265_a_grave_marker_in_heavy_snow_is_dug_out_with_an_action_more() -> None:
    snow = {"id": "snow", "kind": "open", "height": 0.0, "tags": ["heavy-snow"]}
    game = grave_bound(
        (10.0 + 2 * TOUCH, 10.0), board=board({**snow, "polygon": rect(9, 8, 14, 12)})
    )
    apply_all(game, "purify-grave T1 L1", "purify-grave T1 L1")
    assert model(game, "L1").removed is None
    assert [e.data["needed"] for e in events(game, "purifying")] == [3, 3]


def test_sa_grave_bound_no_purifying_out_of_contact_r720() -> None:
    game = grave_bound((14.0, 10.0))
    refused(game, "purify-grave T1 L1", "T1 is not in base contact with the Grave Marker of L1")


def test_sa_ai_moves_onto_a_grave_marker_just_out_of_reach_and_purifies_it_r720() -> None:
    """R:720: T1 stands 1.3" from the Grave Marker of the last Lurker, a Ghost it can neither
    shoot nor fight. No straight Move of its ends in contact, and one past the marker leaves
    it further off: the heuristic once passed every Action for good (seed 58 of Retrieve the
    Artifacts). It now weighs a Move onto the marker, takes it, and purifies the marker."""
    game = book(
        agent("T1"),
        ghost("L1", abilities=["grave_bound"]),
        placed={"T1": (12.9, 8.75), "L1": (15.0, 8.0)},
    )
    game.state.graves = (("L1", 12.5, 10.0),)
    game.apply("nominate T1")
    move = heuristic_choice(game)
    assert move.kind == "move" and move.point is not None, move
    game.apply(move)
    assert heuristic_choice(game) == Action("purify-grave", ("T1", "L1"))


# -- The Frighteners (R:735) --------------------------------------------------------------------


def test_sa_the_frighteners_a_move_through_a_model_puts_it_to_the_test_r735() -> None:
    game = grave_bound((12.5, 10.0), "the_frighteners", active=1, dice=[("resolve", 3)])
    game.apply("move L1 15,10")  # through T1: a Ghost moves through models
    assert events(game, "frighteners")[0].data == {"need": 4, "passed": False}
    assert game.state.frightened == ("T1",)
    assert resolve_of(game, model(game, "T1"))[0] == 5  # 4+ made 5+ for the game
    game.apply("move L1 10,10")  # back through T1: never put to the test again
    assert len(events(game, "frighteners")) == 1
    assert not dice_left(game)


def test_sa_the_frighteners_a_passed_test_leaves_the_model_be_r735() -> None:
    game = grave_bound((12.5, 10.0), "the_frighteners", active=1, dice=[("resolve", 4)])
    game.apply("move L1 15,10")
    assert events(game, "frighteners")[0].data == {"need": 4, "passed": True}
    assert game.state.frightened == ()
    assert not dice_left(game)


def test_r205_r735_the_frighteners_leave_a_face_up_model_be() -> None:
    # Only a Normal model is subject to psychology (R:205): T1, Face Up, rolls no test.
    game = grave_bound({"pos": (12.5, 10.0), "state": "face-up"}, "the_frighteners", active=1)
    game.apply("move L1 15,10")
    assert model(game, "L1").pos == (15.0, 10.0)
    assert not events(game, "frighteners")
    assert game.state.frightened == ()


def test_sa_grave_bound_and_the_frighteners_make_the_restless_spirit_playable(
    rules: StrangeAeons,
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["restless_spirit"])


# -- Scream (R:720) -----------------------------------------------------------------------------

SCREAM = {
    "id": "scream",
    "name": "Scream",
    "kind": "ranged",
    "damage": 0,
    "range": 8.0,
    "rate": 1,
    "ability": "scream",
}
"""The Banshee's Scream: 8", Rate 1D, Dam. 0 (R:720)."""


def screamed(dice: list[tuple[str, int]], **fields: Any) -> Any:
    """The Banshee L1 Screams at T1, 6" away (``fields`` change T1)."""
    game = book(
        agent("T1", **fields),
        ghost("L1", weapons=["scream"], dex=3, abilities=["scream"]),
        placed={"T1": (16.0, 10.0), "L1": (10.0, 10.0)},
        dice=dice,
        active=1,
        weapons={"scream": SCREAM},
    )
    apply_all(game, "nominate L1", "shoot L1 T1 scream")
    return game


def test_sa_scream_a_hit_model_that_fails_attacks_itself_r720() -> None:
    # Hit on a 3; Resolve 4+ failed on a 2; the Knife chosen (1-3 of a D6 between two), two
    # dice to wound (its Attacks): 5 + 1 against Con 6 wounds; 2D6 of 7 on the Injury Table.
    dice = script("to-hit", 3, "resolve", 2, "random-target", 4, "to-wound", 5, 2, "injury", 3, 4)
    game = screamed(dice)
    assert events(game, "scream")[0].data == {"need": 4, "passed": False}
    assert events(game, "self-attack")[0].data == {"weapon": "knife", "dice": 2}
    assert events(game, "injury")[0].models == ("T1",)
    assert not dice_left(game)


def test_sa_scream_a_passed_test_leaves_the_model_be_r720() -> None:
    game = screamed(script("to-hit", 3, "resolve", 4))
    assert events(game, "scream")[0].data == {"need": 4, "passed": True}
    assert not events(game, "self-attack")
    assert not dice_left(game)


def test_sa_scream_a_miss_asks_no_test_r720() -> None:
    game = screamed(script("to-hit", 2))
    assert not events(game, "scream")
    assert not dice_left(game)


def test_sa_scream_and_grave_bound_make_the_banshee_playable(rules: StrangeAeons) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["banshee"])


def test_r116_r1584_a_ghost_off_the_escape_edge_takes_no_share_of_the_lurkers_escape() -> None:
    # R:1584: half the Lurkers (rounded down: 1 of 2; the Ghost counts as a model of the list)
    # off the Threshold short edge; R:116: a Ghost interacts with no Objective, so its leaving
    # meets nothing: a Minor Injury (R:172), the heuristic player not drawn to the edge; L2,
    # its friend gone, tests its Resolve (passed on a 6).
    setup = {
        "scenario": "escape-into-danger",
        "variant": "contain-the-area",
        **forces(agent("T1"), ghost("L1"), agent("L2")),
    }
    game = scenario(
        {"T1": (18.0, 20.0), "L1": (34.0, 12.0), "L2": (2.0, 12.0)},
        dice=[("resolve", 6)],
        ruleset_id=BOOK,
        setup=setup,
        edges=("east", "west"),
        active=1,
    )
    setting = catalog_of(game).setting
    assert setting is not None and objectives.needed(game, setting.play.exits[0]) == 1
    assert objectives.goal_edges(game, model(game, "L1")) == ()
    apply_all(game, "nominate L1", "move L1 37,12")
    assert model(game, "L1").removed == "Minor Injury" and not game.is_over
    assert not events(game, "escaped")
    assert not dice_left(game)
