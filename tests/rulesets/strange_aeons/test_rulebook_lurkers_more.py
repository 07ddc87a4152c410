"""More Lurker profiles' own rules (notes §3.4), each with scripted dice on forces written by
hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rulesets.strange_aeons.helpers import (
    apply_all,
    board,
    dice_left,
    events,
    model,
    rect,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, book, rules, shot_at

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]  # the ruleset, a fixture of the tests of the other Lurker profiles


def lurker_list(tmp_path: Path, text: str) -> str:
    """A Lurker list file of ``text``'s entries."""
    path = tmp_path / "lurkers.toml"
    path.write_text(f'name = "Lurkers"\nfaction = "lurkers"\n\n{text}\n', "utf-8")
    return str(path)


# -- Zombie: Lurch (R:912) --------------------------------------------------------------------


def zombie(model_id: str) -> dict[str, Any]:
    """A Zombie's Movement of 1D3+1 with Lurch (R:912)."""
    return agent(model_id, types=["undead"], move=1, move_die=3, abilities=["lurch"])


def test_sa_lurch_a_6_on_the_movement_die_moves_the_zombie_6_inches_r912() -> None:
    game = book(
        agent("T1"),
        zombie("L1"),
        placed={"T1": (30.0, 20.0), "L1": (5.0, 10.0)},
        active=1,
        dice=[("movement", 6)],
    )
    apply_all(game, "nominate L1", "move L1 11,10")  # 6" away: beyond the 4" a D3 + 1 gives
    lurch = events(game, "lurch")[0]
    assert (lurch.rule, lurch.models, lurch.data) == ("Lurch (R:912)", ("L1",), {"movement": 6.0})
    assert model(game, "L1").pos == (11.0, 10.0)
    assert not dice_left(game)


def test_sa_lurch_another_face_is_read_as_a_d3_r912() -> None:
    game = book(
        agent("T1"),
        zombie("L1"),
        placed={"T1": (30.0, 20.0), "L1": (5.0, 10.0)},
        active=1,
        dice=[("movement", 5)],
    )
    apply_all(game, "nominate L1", "move L1 11,10")  # a D3 of 3: 3 + 1 = 4" of the 6"
    assert not events(game, "lurch")
    assert events(game, "movement-rolled")[0].data == {"movement": 4}
    assert model(game, "L1").pos == (9.0, 10.0)
    assert not dice_left(game)


def test_sa_lurch_a_move_beyond_6_inches_is_refused_r912() -> None:
    game = book(agent("T1"), zombie("L1"), placed={"T1": (30.0, 20.0), "L1": (5.0, 10.0)}, active=1)
    game.apply("nominate L1")
    refused(game, "move L1 11.5,10", 'the point is 6.5" away, more than the 6" allowed')


def test_sa_lurch_makes_the_zombie_playable(rules: StrangeAeons, tmp_path: Path) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["zombie"])
    given = lurker_list(tmp_path, '[[models]]\nprofile = "Zombie"\ncount = 5\n')
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    zombie = catalog_of(game).profile("L1")
    assert (zombie.move, zombie.move_die, zombie.abilities) == (1, 3, ("lurch",))


# -- Night-gaunt: Hover and Faceless (R:860) ---------------------------------------------------


def test_sa_hover_terrain_costs_it_no_movement_r860() -> None:
    rubble = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})
    game = book(
        agent("T1"),
        agent("L1", abilities=["hover"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        board=rubble,
        active=1,
    )
    apply_all(game, "nominate L1", "move L1 15,10")  # 5" across the rubble: 3" for others
    assert model(game, "L1").pos == (15.0, 10.0)
    assert not dice_left(game)


def test_sa_hover_impassable_terrain_still_stops_it_r860() -> None:
    wall = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(11, 8, 12, 12)}
    )
    game = book(
        agent("T1"),
        agent("L1", abilities=["hover"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        board=wall,
        active=1,
    )
    game.apply("nominate L1")
    refused(game, "move L1 11.5,10", "the base would overlap the wall (impassable)")


def test_sa_hover_a_6_up_save_against_shots_r860() -> None:
    game = shot_at(agent("L1", abilities=["hover"]), 6)
    assert events(game, "shot")[0].data["save"] == 6


def test_sa_faceless_the_night_gaunt_uses_only_its_close_combat_weapons_r860(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["night_gaunt"])
    given = lurker_list(
        tmp_path,
        '[[models]]\nprofile = "Night-gaunt"\ngear = ["Knife", "Short Bow"]\n\n'
        '[[models]]\nprofile = "Re-animated Limb"\ncount = 3\n',
    )
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    gaunt = catalog_of(game).profile("L1")
    assert gaunt.weapons == ("night_gaunt.barbed-tail", "knife")
    assert gaunt.abilities == ("hover",)
