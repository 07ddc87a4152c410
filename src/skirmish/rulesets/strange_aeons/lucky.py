"""Lucky: the model may re-roll any single die once per game (log sheet skill).

A step that rolls dice for a model asks :func:`offer` right after the roll and, with the
answer, calls :func:`use`. Only dice that could help are offered (a missed shot, a failed
test); a die already re-rolled (by Parry) may not be re-rolled again, and the second
result always stands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Skills: Lucky"


def offer(game: AeonsGame, model_id: str, roll: Roll, useful: tuple[int, ...]) -> Decision | None:
    """Ask whether ``model_id`` spends Lucky on one of the ``useful`` dice of ``roll``."""
    m = game.model(model_id)
    if m.lucky_used or m.removed is not None:
        return None
    if not catalog_of(game).profile(m.profile).has("lucky"):
        return None
    dice = [i for i in useful if i not in roll.rerolled]
    if not dice:
        return None
    options = tuple(Action("reroll", (model_id, str(i + 1))) for i in dice)
    return Decision(
        m.side,
        "lucky",
        f"{m.name} may use Lucky to re-roll a die of the {roll.purpose} roll {list(roll.faces)}",
        (*options, Action("keep", (model_id,))),
    )


def use(game: AeonsGame, action: Action, roll: Roll) -> Roll:
    """Apply the answer to :func:`offer`: the roll after the re-roll, or unchanged."""
    if action.kind != "reroll":
        return roll
    m = game.model(action.args[0])
    m.lucky_used = True
    return game.reroll(roll, int(action.args[1]) - 1, RULE, m.id)


def roll(
    game: AeonsGame,
    current: Roll | None,
    action: Action | None,
    request: tuple[str, str, str, str],
    useful: Callable[[Roll], tuple[int, ...]],
) -> tuple[Roll, Decision | None]:
    """Roll for a model and offer it Lucky, or take the answer to that offer.

    ``request`` is (dice, purpose, rule, model id). The first call rolls and returns the
    Lucky decision to ask, if any; the call with the answer applies it.
    """
    notation, purpose, rule, model_id = request
    if current is None:
        rolled = game.roll(notation, purpose, rule, model_id)
        return rolled, offer(game, model_id, rolled, useful(rolled))
    if action is not None:
        current = use(game, action, current)
    return current, None


def die_error(roll: Roll, die: str) -> str | None:
    """Why die number ``die`` of ``roll`` may not be re-rolled: there is no such die, or it
    was re-rolled already and the second result stands."""
    if not die.isdecimal() or not 1 <= int(die) <= len(roll.faces):
        return f"the {roll.purpose} roll {list(roll.faces)} has no die {die}"
    if int(die) - 1 in roll.rerolled:
        return f"die {die} of the {roll.purpose} roll was re-rolled: the second result stands"
    return None


def refusal(game: AeonsGame, action: Action, roll: Roll | None) -> str | None:
    """Why a Lucky re-roll of a die of ``roll`` is refused: only the dice that could help are
    offered."""
    decision = game.decision
    if roll is None or decision is None or decision.kind != "lucky" or action.kind != "reroll":
        return None
    holder = decision.options[0].args[0]
    if action.args[:1] != (holder,) or len(action.args) != 2:
        return None  # not this offer's answer: the engine's refusal names the offer
    offered = " or ".join(a.args[1] for a in decision.options if a.kind == "reroll")
    useful = f"Lucky is offered on die {offered} of {list(roll.faces)} only: a re-roll helps there"
    return die_error(roll, action.args[1]) or useful


def under(target: int) -> Callable[[Roll], tuple[int, ...]]:
    """Dice below ``target`` (the ones that failed)."""
    return lambda roll: tuple(i for i, f in enumerate(roll.faces) if f < target)


def any_die(roll: Roll) -> tuple[int, ...]:
    """Every die of the roll."""
    return tuple(range(len(roll.faces)))


def below_max(roll: Roll) -> tuple[int, ...]:
    """Indices of dice that are not sixes (a re-roll could raise them)."""
    return tuple(i for i, f in enumerate(roll.faces) if f < 6)


def above_min(roll: Roll) -> tuple[int, ...]:
    """Indices of dice that are not ones (for rolls where low is good)."""
    return tuple(i for i, f in enumerate(roll.faces) if f > 1)
