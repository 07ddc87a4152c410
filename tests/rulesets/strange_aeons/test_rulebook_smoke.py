"""The Smoke Canister (R:1309, notes §6 item 56) and Enochlophobia (R:233), each with
scripted dice on forces written by hand, named after the rule with its R: line."""

from __future__ import annotations

from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import apply_all, dice_left, events
from tests.rulesets.strange_aeons.rulebook import agent, book

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import mobs


def crowd(phobias: list[str], dice: list[tuple[str, int]]) -> Game:
    """T1 (carrying ``phobias``) 10" from a Threshold Mob of five Agents T2-T6 centred at
    (10, 10), formed as set-up forms it; L1 far off."""
    mob = [agent(f"T{i}", mob="The squad") for i in range(2, 7)]
    placed: dict[str, Any] = {"T1": (20.0, 10.0), "L1": (30.0, 20.0)}
    placed |= {p["id"]: (10.0, 10.0) for p in mob}
    return book(
        agent("T1", phobias=phobias), *mob, agent("L1"), placed=placed, before=mobs.form, dice=dice
    )


def test_r233_enochlophobia_a_friendly_mob_causes_fear() -> None:
    """R:233: Fear from every Mob, a friendly one too (R:923: an enemy Mob's Fear)."""
    game = crowd(["enochlophobia"], script("resolve", 5))
    apply_all(game, "nominate T1", "move T1 16,10")
    tested = events(game, "resolve")[0]
    assert (tested.models, tested.data["situation"]) == (("T1",), "fear:T2")
    assert not dice_left(game)


def test_r233_without_enochlophobia_a_friendly_mob_causes_no_fear() -> None:
    """R:923: a Mob causes Fear to its enemies; a friend not Enochlophobic tests for none."""
    game = crowd([], [])
    apply_all(game, "nominate T1", "move T1 16,10")
    assert not events(game, "resolve")
