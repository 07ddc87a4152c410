"""Set up an introductory game mid-turn: models placed by hand, dice scripted."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.step import Step
from skirmish.errors import IllegalActionError
from skirmish.geometry.shapes import mm_to_inches
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Profile
from skirmish.rulesets.strange_aeons.combat import CombatRound
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.quadrants import NUMBER, QUEUE
from skirmish.rulesets.strange_aeons.state import AeonsState
from skirmish.rulesets.strange_aeons.turn import (
    Activations,
    EndTurn,
    GameLoop,
    Nominate,
    ResolveCombats,
)

ASKED_BEFORE_ROLLING = (NUMBER, QUEUE)
"""The decisions of a Random Deployment before its first die (:func:`as_listed`)."""
R = 25 / 25.4 / 2  # the 25 mm base radius in inches (0.492")
TOUCH = 2 * R  # centre distance of two bases in base-to-base

ROSTER = {
    "T1": "frank-howard",
    "T2": "agent",
    "L1": "cult-leader",
    "L2": "cultist",
    "L3": "zombie",
}


def scenario(
    placed: dict[str, Any],
    dice: list[tuple[str, int]] | None = None,
    active: int = 0,
    board: Any = "open",
    edges: tuple[str, str] = ("south", "north"),
    start: str = "turn",
    ruleset_id: str = "strange-aeons-intro",
    setup: dict[str, Any] | None = None,
    before: Callable[[Game], None] | None = None,
    first: Sequence[Step] = (),
) -> Game:
    """A game at the start of ``active``'s turn (round 1) with only the ``placed`` models.

    ``placed`` maps a model id (T1, T2, L1, L2, L3) to ``(x, y)`` or to a dict with ``pos``
    and any model fields (``state``, ``wounds``, ``level``, ``lucky_used``, ``profile``).
    Models not placed are not in the game. A model id not of the roster (``T3``) needs a
    ``profile``; its side is read from its first letter. ``start="turn"`` begins with the
    start-of-turn combats, ``"nominate"`` skips them. ``ruleset_id`` names the ruleset
    played, the introduction or a variant of it with another catalog; ``setup`` holds its
    other setup options (the rulebook's forces, whose profiles are named by model id).
    ``before`` does what the set-up would have done before the turn begins (Mobs formed);
    ``first`` are steps of the set-up played before it (the Pre-laid Eggs placed).
    """
    ruleset = find_ruleset(ruleset_id)
    scripted = ScriptedDice(dice or [])
    game = Game(ruleset, ruleset.normalize_setup({"board": board, **(setup or {})}), 0, scripted)
    cat = catalog_of(game)
    radius = mm_to_inches(cat.scenario.base_mm) / 2
    for mid, spec in placed.items():
        fields = spec if isinstance(spec, dict) else {"pos": spec}
        profile = fields.get("profile") or (mid if mid in cat.profiles else ROSTER[mid[:2]])
        prof = cat.profile(profile)
        x, y = fields["pos"]
        m = AeonsModel(
            mid,
            0 if mid.startswith("T") else 1,
            prof.name,
            x,
            y,
            radius,
            profile=profile,
            wounds=prof.wounds,
        )
        for key, value in fields.items():
            if key not in ("pos", "profile"):
                setattr(m, key, value)
        game.add_model(m)
    state = game.state
    assert isinstance(state, AeonsState)
    state.round, state.turn, state.first, state.active = 1, 1, active, active
    state.edges = edges
    state.normal_at_start = tuple(m.id for m in game.models if model(game, m.id).normal)
    opening = [*first, Nominate(), Activations(), EndTurn(), GameLoop()]
    if start == "turn":
        opening.insert(0, ResolveCombats())
    if before is not None:
        before(game)
    game.begin(opening)
    return game


def board(*pieces: dict[str, Any], ladders: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """A 36" x 24" board (dict form) with the given terrain pieces and ladders.

    A piece is ``{"id", "kind", "height", "polygon"}`` plus optional ``cover`` and
    ``blocks_sight``; its name is its id.
    """
    return {
        "name": "test board",
        "width": 36.0,
        "height": 24.0,
        "terrain": [{"name": p["id"], **p} for p in pieces],
        "ladder": list(ladders),
    }


def rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    """The polygon of an axis-aligned rectangle."""
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


HEDGE = {"kind": "open", "height": 0.5, "cover": "light"}
HEDGE_PIECES = (
    {"id": "hedge-a", **HEDGE, "polygon": rect(16.0, 8.0, 16.2, 12.0)},
    {"id": "hedge-b", **HEDGE, "polygon": rect(16.8, 8.0, 17.0, 12.0)},
)
"""Two light hedges across the line from (10, 10) to (18, 10), each blocking a ray."""
HEDGES = board(*HEDGE_PIECES)


def dice_left(game: Game) -> list[tuple[str, int]]:
    """Scripted faces not rolled yet."""
    assert isinstance(game.dice, ScriptedDice)
    return list(game.dice.remaining)


def kinds(game: Game) -> list[str]:
    """Event kinds of the log, dice left out."""
    return [e.kind for e in game.log if e.roll is None]


def model(game: Game, mid: str) -> AeonsModel:
    m = game.model(mid)
    assert isinstance(m, AeonsModel)
    return m


def apply_all(game: Game, *actions: str) -> None:
    for text in actions:
        game.apply(text)


def options(game: Game) -> list[str]:
    """The finite options of the pending decision, as action texts."""
    assert game.decision is not None
    return [a.to_text() for a in game.decision.options]


def as_listed(game: Game) -> None:
    """Answer a Random Deployment's own questions as the lists run (R:1531, R:1599): area 1
    the south-west one, and each queue in list order: the first offered each time."""
    while game.decision is not None and game.decision.kind in ASKED_BEFORE_ROLLING:
        game.apply(options(game)[0])


def events(game: Game, kind: str) -> list[Event]:
    """The events of one kind, in log order."""
    return [e for e in game.log if e.kind == kind]


def snapshot(game: Game) -> str:
    """The whole game, dice and log included, as JSON text: equal texts, equal games."""
    return json.dumps(game.to_json(), sort_keys=True)


def refused(game: Game, action: str, reason: str) -> None:
    """``action`` is refused with ``reason`` in its message, and the game is unchanged."""
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=re.escape(reason)):
        game.apply(action)
    assert snapshot(game) == before


def lurker_profile(rules: Ruleset, tmp_path: Path, entries: str) -> Profile:
    """The first Lurker's profile in a rulebook game of the sample Fight team against a list
    of ``entries`` (TOML ``[[models]]`` tables), which set-up accepts."""
    path = tmp_path / "lurkers.toml"
    path.write_text(f'name = "Lurkers"\nfaction = "lurkers"\n\n{entries}\n', "utf-8")
    game = rules.new_game({"threshold": str(SAMPLES / "fight_team.toml"), "lurkers": str(path)}, 1)
    return catalog_of(game).profile("L1")


def heuristic_choice(game: Game) -> Action:
    """What the heuristic player chooses for the pending decision, its points weighed too."""
    assert game.decision is not None
    return HeuristicPlayer(0).choose(game.view(game.decision.player))


def rolls(game: Game) -> list[tuple[str, tuple[int, ...]]]:
    """(purpose, faces) of every roll and re-roll of the log."""
    return [(e.roll.purpose, e.roll.faces) for e in game.log if e.roll is not None]


__all__ = [
    "TOUCH",
    "CombatRound",
    "R",
    "apply_all",
    "board",
    "dice_left",
    "events",
    "heuristic_choice",
    "kinds",
    "lurker_profile",
    "model",
    "options",
    "rect",
    "refused",
    "rolls",
    "scenario",
    "snapshot",
]
