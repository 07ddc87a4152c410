"""Games back from their data: a save restored to the very state it held, a record played
again from its setup and seed. Both find the ruleset by its id in the registry, so this
module sits above the game and the ruleset registry."""

from __future__ import annotations

from typing import Any

from skirmish.cards import chance_from_json
from skirmish.dice import DiceSource
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.engine.game import RECORD_FORMAT, SAVE_FORMAT, Game, Outcome
from skirmish.engine.record import record_from_json, value_from_json
from skirmish.engine.registry import find_registered
from skirmish.errors import SaveError, SkirmishError
from skirmish.geometry.board import Board


def restore(data: dict[str, Any]) -> Game[Any, Any]:
    """Restore a game saved by :meth:`Game.to_json`.

    Raises:
        SaveError: the data is not a save this version can read.
    """
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a skirmish save file")
    try:
        ruleset = find_registered(data["ruleset"])
        game: Game[Any, Any] = Game(
            ruleset, data["setup"], int(data["seed"]), chance_from_json(data["dice"])
        )
        for m in data["models"]:
            game.add_model(record_from_json(m))
        game.state = record_from_json(data["state"])
        game.piles = value_from_json(data.get("piles", []))
        game.stack = [record_from_json(s) for s in data["stack"]]  # type: ignore[misc]
        game.decision = None if data["decision"] is None else Decision.from_json(data["decision"])
        game.sealed = tuple(Decision.from_json(d) for d in data.get("sealed", []))
        game.commits = tuple((int(p), Action.parse(a)) for p, a in data.get("commits", []))
        game.log = _log_from_json(data["rules"], data["log"])
        game.actions = [Action.parse(t) for t in data["actions"]]
        if "board" in data:
            game.replace_board(Board.from_dict(data["board"]))
        if data["result"] is not None:
            placing, reason, rule = data["result"]
            game.result = Outcome(tuple(int(p) for p in placing), str(reason), str(rule))
    except SkirmishError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"corrupt save file: {type(exc).__name__} {exc}") from None
    return game


def restore_checked(data: dict[str, Any]) -> Game[Any, Any]:
    """Restore a save to play on from it, checked against its own record: the game its
    actions make from its setup and seed must be the one saved, so that a save edited by hand
    is refused in one line, not played until it fails.

    Raises:
        SaveError: the data is not a save, or its state is not what its actions make.
    """
    game = restore(data)
    if replay(data).to_json() != game.to_json():
        raise SaveError("corrupt save file: its state is not the one its actions make")
    return game


def replay(record: dict[str, Any], dice: DiceSource | None = None) -> Game[Any, Any]:
    """Play a record's actions again from its setup and seed.

    Raises:
        SaveError: the record is malformed or an action in it is illegal.
    """
    if not isinstance(record, dict) or record.get("format") not in (
        RECORD_FORMAT,
        SAVE_FORMAT,
    ):
        raise SaveError("not a skirmish record or save file")
    try:
        ruleset = find_registered(record["ruleset"])
        game = ruleset.new_game(record["setup"], int(record["seed"]), dice)
        texts = list(record["actions"])
    except SkirmishError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"corrupt record: {type(exc).__name__} {exc}") from None
    for n, text in enumerate(texts):
        try:
            game.apply(text)
        except SkirmishError as exc:
            raise SaveError(f"record action {n + 1} {text!r} does not replay: {exc}") from None
    return game


def _log_from_json(rules: list[str], events: list[dict[str, Any]]) -> list[Event]:
    return [Event.from_json({**e, "r": rules[e["r"]]}) for e in events]
