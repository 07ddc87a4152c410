"""Games back from their data: a save restored to the very state it held, a record played
again from its setup and seed. Both find the ruleset by its id in the registry, so this
module sits above the game and the ruleset registry."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from skirmish.cards import chance_from_json
from skirmish.dice import DiceSource, seed_error
from skirmish.engine.action import SHOWN, Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.engine.game import RECORD_FORMAT, SAVE_FORMAT, Game, Outcome
from skirmish.engine.model import Model
from skirmish.engine.record import record_from_json, value_from_json
from skirmish.engine.registry import find_registered
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.step import Step
from skirmish.errors import SaveError, SkirmishError, expect, quoted
from skirmish.geometry.board import Board

T = TypeVar("T")


def restore(data: dict[str, Any]) -> Game[Any, Any]:
    """Restore a game saved by :meth:`Game.to_json`.

    Raises:
        SaveError: the data is not a save this version can read, naming the part that is
            not.
    """
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a skirmish save file")
    try:
        return _restored(data)
    except SaveError as exc:
        raise SaveError(f"corrupt save file: {exc}") from None


def _restored(data: dict[str, Any]) -> Game[Any, Any]:
    ruleset = _field(data, "ruleset", _ruleset)
    game: Game[Any, Any] = _part(
        _setup_of(ruleset),
        Game,
        ruleset,
        _field(data, "setup", _table),
        _field(data, "seed", _seed),
        _field(data, "dice", chance_from_json),
    )
    _each(data, "models", partial(_add_model, game))
    # A fresh game holds its ruleset's state, so a save's state must be of that class too.
    game.state = _field(data, "state", partial(record_from_json, kind=type(game.state)))
    game.piles = _field(data, "piles", value_from_json, [])
    game.stack = _each(data, "stack", _step)
    game.decision = _field(data, "decision", _decision)
    game.sealed = tuple(_each(data, "sealed", Decision.from_json, []))
    game.commits = tuple(_each(data, "commits", _commit, []))
    rules = _each(data, "rules", _text)
    game.log = _each(data, "log", partial(_event, rules))
    game.actions = _each(data, "actions", Action.parse)
    if "board" in data:
        game.replace_board(_field(data, "board", Board.from_dict))
    game.result = _field(data, "result", _outcome)
    return game


def restore_checked(data: dict[str, Any]) -> Game[Any, Any]:
    """Restore a save to play on from it, checked against its own record: the game its
    actions make from its setup and seed must be the one saved, so that a save edited by hand
    is refused in one line, not played until it fails. A save of a version whose rules
    differ (a log line added, a rule fixed) is refused the same way: playing on from either
    the saved state or the replayed one would not be the game its players saw.

    Raises:
        SaveError: the data is not a save, or its state is not what its actions make.
    """
    game = restore(data)
    if replay(data).to_json() != game.to_json():
        raise SaveError(
            "corrupt save file: its state is not the one its actions make (edited by hand, or "
            "saved by a version of skirmish whose rules differ: skirmish replay still reads it)"
        )
    return game


def replay(record: dict[str, Any], dice: DiceSource | None = None) -> Game[Any, Any]:
    """Play a record's actions again from its setup and seed.

    Raises:
        SaveError: the record is malformed (naming the part) or an action in it is illegal.
    """
    if not isinstance(record, dict) or record.get("format") not in (
        RECORD_FORMAT,
        SAVE_FORMAT,
    ):
        raise SaveError("not a skirmish record or save file")
    try:
        ruleset = _field(record, "ruleset", _ruleset)
        game = _part(
            _setup_of(ruleset),
            ruleset.new_game,
            _field(record, "setup", _table),
            _field(record, "seed", _seed),
            dice,
        )
        texts = _each(record, "actions", _text)
    except SaveError as exc:
        raise SaveError(f"corrupt record: {exc}") from None
    for n, text in enumerate(texts):
        try:
            game.apply(text)
        except SkirmishError as exc:
            raise SaveError(
                f"record action {n + 1} {quoted(text, SHOWN)} does not replay: {exc}"
            ) from None
    return game


_REQUIRED: Any = object()
"""The default of a field a save must hold."""


def _field(
    data: dict[str, Any], name: str, read: Callable[[Any], T], default: Any = _REQUIRED
) -> T:
    """The save's field ``name`` as ``read`` reads it (``default`` if the save has none).

    Raises:
        SaveError: the field is missing or ``read`` refuses it, naming the field.
    """
    if name not in data and default is _REQUIRED:
        raise SaveError(f"it has no field {name!r}")
    return _part(f"field {name!r}", read, data.get(name, default))


def _each(
    data: dict[str, Any], name: str, read: Callable[[Any], T], default: Any = _REQUIRED
) -> list[T]:
    """Each item of the save's list field ``name`` as ``read`` reads it.

    Raises:
        SaveError: the field is missing or not a list, or ``read`` refuses an item, naming it.
    """
    items = _field(data, name, partial(expect, kind=list, what="it"), default)
    return [_part(f"{name}[{n}]", read, item) for n, item in enumerate(items)]


def _part(what: str, read: Callable[..., T], *values: Any) -> T:
    """``read(*values)``, where the values come from the part ``what`` of a save: whatever
    a file edited out of shape makes ``read`` raise is one line naming the part.

    Raises:
        SaveError: ``read`` refused the values.
    """
    try:
        return read(*values)
    except SkirmishError as exc:
        raise SaveError(f"{what}: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
        # OverflowError: a number a save cannot hold (infinity, or too large) made a whole one.
        raise SaveError(f"{what}: {type(exc).__name__} {exc}") from None


def _ruleset(value: Any) -> Ruleset[Any, Any]:
    return find_registered(expect(value, str, "a ruleset id"))


def _setup_of(ruleset: Ruleset[Any, Any]) -> str:
    # A setup that fails is one the save's ruleset cannot play: most often a save whose
    # ruleset was changed by hand, its setup another ruleset's.
    return f"its setup does not fit the ruleset {ruleset.id}"


def _table(value: Any) -> dict[str, Any]:
    return expect(value, dict, "it")


def _text(value: Any) -> str:
    return expect(value, str, "it")


def _seed(value: Any) -> int:
    """A seed as ``--seed`` takes it: the dice of any other were never rolled by a game."""
    seed = expect(value, int, "a seed")
    wrong = seed_error(seed)
    if wrong is not None:
        raise SaveError(wrong)
    return seed


def _add_model(game: Game[Any, Any], value: Any) -> None:
    """Add the saved model to the game, so that a model it refuses (a duplicate id) is named
    as the item of the save's models it is."""
    game.add_model(record_from_json(value, Model))


def _step(value: Any) -> Step:
    # Step is abstract; the record's own class is one of its concrete subclasses.
    return record_from_json(value, Step)  # type: ignore[type-abstract]


def _decision(value: Any) -> Decision | None:
    return None if value is None else Decision.from_json(value)


def _commit(value: Any) -> tuple[int, Action]:
    player, text = expect(value, list, "a commit")
    return expect(player, int, "a player"), Action.parse(text)


def _event(rules: list[str], value: Any) -> Event:
    """An event of the log, whose rule is saved as its index in the save's ``rules``."""
    data = expect(value, dict, "an event")
    index = expect(data.get("r"), int, "a rule index")
    if not 0 <= index < len(rules):
        raise SaveError(f"its rule index {quoted(index)} is none of the {len(rules)} rules saved")
    return Event.from_json({**data, "r": rules[index]})


def _outcome(value: Any) -> Outcome | None:
    if value is None:
        return None
    placing, reason, rule = expect(value, list, "a result")
    places = expect(placing, list, "a placing")
    return Outcome(tuple(expect(p, int, "a place") for p in places), str(reason), str(rule))
