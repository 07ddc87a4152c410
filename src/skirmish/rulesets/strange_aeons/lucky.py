"""Lucky: the model may re-roll any single die once per game (log sheet skill); The Stars are
Right, an Eldritch Power, gives it three such re-rolls a game (R:667, notes §6 item 8), spent
after Lucky; and the Lucky Charm, Extra Gear that raises or lowers one D6 by 1 once per game
(R:476).

A step that rolls dice for a model asks :func:`offer` right after the roll and, with the
answer, calls :func:`use`. Only dice that could help are offered (a missed shot, a failed
test); a die already re-rolled (by Parry) may not be re-rolled again, and the second
result always stands. The Charm is offered only where 1 more turns a die that fails against
a target into one that meets it (:func:`charmed`): lowering a die, or raising one of a
total, helps too rarely to ask about at every roll.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.extra_gear import RULES, spend, unspent

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Skills: Lucky"
STARS = "Eldritch Powers: The Stars are Right (R:667)"
CHARM = RULES["lucky_charm"]
TOP = 6
"""The highest face of a D6: the Charm raises a die to it at most."""
OFFERS = {
    "reroll": ("Lucky", "a re-roll helps there"),
    "charm": ("the Lucky Charm", "+1 makes it meet its target there"),
}
"""The answers to an offer that name a die: what is offered and why on those dice."""


def offer(
    game: AeonsGame,
    model_id: str,
    roll: Roll,
    useful: tuple[int, ...],
    charm: tuple[int, ...] = (),
) -> Decision | None:
    """Ask whether ``model_id`` spends Lucky on one of the ``useful`` dice of ``roll``, or its
    Lucky Charm's +1 on one of the ``charm`` dice."""
    m = game.model(model_id)
    if m.removed is not None:
        return None
    lucky = _lucky(game, m) or rerolls_left(game, m) > 0
    dice = [i for i in useful if i not in roll.rerolled] if lucky else []
    raised = list(charm) if unspent(game, m, "lucky_charm") else []
    if not dice and not raised:
        return None
    options = [Action("reroll", (model_id, str(i + 1))) for i in dice]
    options += [Action("charm", (model_id, str(i + 1))) for i in raised]
    name = "Lucky" if _lucky(game, m) else "The Stars are Right"
    uses = [
        n for n, on in ((f"{name} to re-roll", dice), ("its Lucky Charm to add 1 to", raised)) if on
    ]
    return Decision(
        m.side,
        "lucky",
        f"{m.name} may use {' or '.join(uses)} a die of the {roll.purpose} roll {list(roll.faces)}",
        (*options, Action("keep", (model_id,))),
    )


def use(game: AeonsGame, action: Action, roll: Roll) -> Roll:
    """Apply the answer to :func:`offer`: the roll after the re-roll or the Charm's +1, or
    unchanged."""
    if action.kind not in OFFERS:
        return roll
    m = game.model(action.args[0])
    index = int(action.args[1]) - 1
    if action.kind == "charm":
        spend(game, m, "lucky_charm")
        raised = roll.with_face(index, roll.faces[index] + 1)
        game.log.append(Event("lucky-charm", CHARM, (m.id,), {"die": index + 1}, raised))
        return raised
    if _lucky(game, m):
        m.lucky_used = True
        return game.reroll(roll, index, RULE, m.id)
    st = game.state
    st.rerolls_used = (*st.rerolls_used, m.id)
    return game.reroll(roll, index, STARS, m.id)


def _lucky(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has Lucky's one re-roll still."""
    return not m.lucky_used and catalog_of(game).profile(m.profile).has("lucky")


def rerolls_left(game: AeonsGame, m: AeonsModel) -> int:
    """The re-rolls ``m``'s own rules have left for the game (The Stars are Right's three)."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    given = sum(n for ability, n in cat.scenario.rerolls.items() if prof.can(ability))
    return given - game.state.rerolls_used.count(m.id)


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
        return rolled, offer(game, model_id, rolled, useful(rolled), charmed(useful, rolled))
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
    kind = action.kind
    if roll is None or decision is None or decision.kind != "lucky" or kind not in OFFERS:
        return None
    holder = decision.options[0].args[0]
    if action.args[:1] != (holder,) or len(action.args) != 2:
        return None  # not this offer's answer: the engine's refusal names the offer
    offered = " or ".join(a.args[1] for a in decision.options if a.kind == kind)
    if not offered:
        return f"{holder} is offered no {OFFERS[kind][0]} on this roll"
    name, helps = OFFERS[kind]
    useful = f"{name} is offered on die {offered} of {list(roll.faces)} only: {helps}"
    return (die_error(roll, action.args[1]) if kind == "reroll" else None) or useful


@dataclass(frozen=True, slots=True)
class Under:
    """The dice below ``target`` (the ones that failed a test, a shot or a save)."""

    target: int

    def __call__(self, roll: Roll) -> tuple[int, ...]:
        return tuple(i for i, f in enumerate(roll.faces) if f < self.target)


def under(target: int) -> Under:
    """Dice below ``target`` (the ones that failed)."""
    return Under(target)


def charmed(useful: Callable[[Roll], tuple[int, ...]], roll: Roll) -> tuple[int, ...]:
    """The dice the Lucky Charm's +1 makes meet their target (R:476): one short of it."""
    if not isinstance(useful, Under) or useful.target > TOP:
        return ()
    return tuple(i for i, f in enumerate(roll.faces) if f == useful.target - 1)


def any_die(roll: Roll) -> tuple[int, ...]:
    """Every die of the roll."""
    return tuple(range(len(roll.faces)))


def below_max(roll: Roll) -> tuple[int, ...]:
    """Indices of dice that are not sixes (a re-roll could raise them)."""
    return tuple(i for i, f in enumerate(roll.faces) if f < 6)


def above_min(roll: Roll) -> tuple[int, ...]:
    """Indices of dice that are not ones (for rolls where low is good)."""
    return tuple(i for i, f in enumerate(roll.faces) if f > 1)
