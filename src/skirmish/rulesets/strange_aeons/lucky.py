"""Lucky: the model may re-roll any single die once per game (log sheet skill); The Stars are
Right, an Eldritch Power, gives it three such re-rolls a game (R:667, notes §6 item 8), spent
after Lucky, and the Plot Point of that name three its side's models share (R:667: the same
power; notes §6 item 8), spent after a model's own; and the Lucky Charm, Extra Gear that
raises or lowers one D6 by 1 once per game (R:476).

A step that rolls dice for a model asks :func:`offer` right after the roll and, with the
answer, calls :func:`use`. Only dice that could help are offered (a missed shot, a failed
test); a die already re-rolled (by Parry) may not be re-rolled again, and the second
result always stands. The Charm is offered only where 1 more turns a die that fails against
a target into one that meets it (:func:`charmed`): lowering a die, or raising one of a
total, helps too rarely to ask about at every roll.

Master Villain (R:816, the Rogue Threshold Character): one re-roll in the game, of any die
of any model's roll. It is offered where Lucky is: on its own side's rolls with Lucky's
offer (the dice that could help them), and on the opposing side's rolls once their own offer
is answered or none was made, on the dice that did well for them (a hit, a test or save
passed), which a re-roll could spoil. A close combat roll offers it to its own side only:
the opponent's die is the Parry's to force again (R:1219). No post-game is played, where it
may not be used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.rulesets.strange_aeons import plots
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.extra_gear import RULES, spend, unspent

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Skills: Lucky"
VILLAIN = "Rogue Threshold Character: Master Villain (R:816)"
SPOIL = "villain"
"""The Decision that offers the Master Villain's re-roll of an opponent's roll, and its
answer: (the rolling model, die number, the Master Villain)."""
LET = "let"
"""The answer that lets the opponent's roll stand: (the rolling model)."""
ANSWERS = frozenset({"reroll", "charm", "keep", SPOIL, LET})
"""The answers to the offers of this module."""
STARS = "Eldritch Powers: The Stars are Right (R:667)"
CHARM = RULES["lucky_charm"]
TOP = 6
"""The highest face of a D6: the Charm raises a die to it at most."""
OFFERS = {
    "reroll": ("Lucky", "a re-roll helps there"),
    "charm": ("the Lucky Charm", "+1 makes it meet its target there"),
    SPOIL: ("the Master Villain's re-roll", "a re-roll could help its side there"),
}
"""The answers to an offer that name a die: what is offered and why on those dice."""


Harm = Callable[[Roll], dict[str, int]]
"""What a roll does to each model it touches, had it come up so: a measure that grows with the
harm (hits taken, Wounds, the row of the Injury Table)."""


@runtime_checkable
class Staked(Protocol):
    """A step whose roll's every result can be read before it is played: for the heuristic
    player to weigh a re-roll of one of its dice exactly."""

    def at_stake(self, game: AeonsGame, holder: str) -> tuple[Roll, Harm] | None:
        """The roll of ``holder`` offered a re-roll, and what each result would do; ``None``
        for a test, shot or save, whose failed dice alone are offered (:func:`under`)."""
        ...


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
    dice = [i for i in useful if i not in roll.rerolled] if _rerolls(game, m) else []
    raised = list(charm) if charm_left(game, m) else []
    villain = master_villain(game, m.side)
    plotted = [i for i in useful if i not in roll.rerolled] if villain is not None else []
    if not dice and not raised and not plotted:
        return None
    options = [Action("reroll", (model_id, str(i + 1))) for i in dice]
    options += [Action("charm", (model_id, str(i + 1))) for i in raised]
    if villain is not None:
        options += [Action(SPOIL, (model_id, str(i + 1), villain.id)) for i in plotted]
    name = "Lucky" if _lucky(game, m) else "The Stars are Right"
    uses = [
        n
        for n, on in (
            (f"{name} to re-roll", dice),
            ("its Lucky Charm to add 1 to", raised),
            ("the Master Villain's re-roll on", plotted),
        )
        if on
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
    if action.kind == SPOIL:
        villain = game.model(action.args[2])
        game.state.villainy = (*game.state.villainy, villain.id)
        return game.reroll(roll, index, VILLAIN, villain.id)
    if action.kind == "charm":
        spend(game, m, "lucky_charm")
        raised = roll.with_face(index, roll.faces[index] + 1)
        game.log.append(Event("lucky-charm", CHARM, (m.id,), {"die": index + 1}, raised))
        return raised
    if _lucky(game, m):
        m.lucky_used = True
        return game.reroll(roll, index, RULE, m.id)
    own = _own_left(game, m) > 0
    st = game.state
    st.rerolls_used = (*st.rerolls_used, m.id)
    return game.reroll(roll, index, STARS if own else plots.STARS, m.id)


def own_rerolls(game: AeonsGame, m: AeonsModel) -> int:
    """How many dice of ``m``'s own rolls may yet be re-rolled for it, one each (no die is
    re-rolled twice): by Lucky, The Stars are Right (its own and its side's,
    :func:`rerolls_left`) and its side's Master Villain (R:816)."""
    villain = master_villain(game, m.side) is not None
    return _lucky(game, m) + max(rerolls_left(game, m), 0) + villain


def charm_left(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m``'s Lucky Charm is still to be used (R:476)."""
    return unspent(game, m, "lucky_charm")


def _rerolls(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has a re-roll of its own left: Lucky's, The Stars are Right's."""
    return _lucky(game, m) or rerolls_left(game, m) > 0


def _lucky(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has Lucky's one re-roll still."""
    return not m.lucky_used and catalog_of(game).profile(m.profile).has("lucky")


def rerolls_left(game: AeonsGame, m: AeonsModel) -> int:
    """The re-rolls left to ``m`` for the game: its own rules' (The Stars are Right's three,
    R:667), then those its side's Plot Point of that name gives all its models together
    (notes §6 item 8). ``rerolls_used`` names the model that spent each re-roll; a model
    spends its own first, so what it spent beyond them came from its side's."""
    own = _own_left(game, m)
    shared = plots.rerolls(game, m.side)
    if not shared:
        return own
    spent = sum(
        max(0, game.state.rerolls_used.count(o.id) - _own(game, o))
        for o in game.models
        if o.side == m.side
    )
    return max(own, 0) + shared - spent


def _own(game: AeonsGame, m: AeonsModel) -> int:
    """The re-rolls a game ``m``'s own rules give it (The Stars are Right's, R:667)."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    return sum(n for ability, n in cat.scenario.rerolls.items() if prof.can(ability))


def _own_left(game: AeonsGame, m: AeonsModel) -> int:
    """The re-rolls ``m``'s own rules have left for the game."""
    return _own(game, m) - game.state.rerolls_used.count(m.id)


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
        own = offer(game, model_id, rolled, useful(rolled), charmed(useful, rolled))
        return rolled, own or spoiler(game, model_id, rolled, useful)
    if action is None:
        return current, None
    answered = action.args[:1] == (model_id,) and action.kind in (*OFFERS, "keep")
    rival = action.kind == LET or (
        action.kind == SPOIL and game.model(action.args[2]).side != game.model(model_id).side
    )
    current = use(game, action, current)
    return current, spoiler(game, model_id, current, useful) if answered and not rival else None


def master_villain(game: AeonsGame, side: int) -> AeonsModel | None:
    """The model of ``side`` on the table whose Master Villain re-roll is unspent (R:816)."""
    cat, spent = catalog_of(game), game.state.villainy
    return next(
        (
            v
            for v in game.models
            if v.side == side
            and v.on_table
            and v.id not in spent
            and cat.profile(v.profile).can("master_villain")
        ),
        None,
    )


def spoiler(
    game: AeonsGame, model_id: str, roll: Roll, useful: Callable[[Roll], tuple[int, ...]]
) -> Decision | None:
    """Ask whether the opposing side's Master Villain re-rolls one of the dice of
    ``model_id``'s roll that did well for it (those not ``useful`` to re-roll)."""
    m = game.model(model_id)
    villain = master_villain(game, 1 - m.side)
    if villain is None or m.removed is not None:
        return None
    helped = useful(roll)
    dice = [i for i in range(len(roll.faces)) if i not in helped and i not in roll.rerolled]
    if not dice:
        return None
    options = [Action(SPOIL, (model_id, str(i + 1), villain.id)) for i in dice]
    return Decision(
        villain.side,
        SPOIL,
        f"{villain.name} may use its Master Villain's re-roll on a die of {m.name}'s "
        f"{roll.purpose} roll {list(roll.faces)}",
        (*options, Action(LET, (model_id,))),
    )


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
    asked = decision is not None and decision.kind in ("lucky", SPOIL)
    if roll is None or decision is None or not asked or kind not in OFFERS:
        return None
    holder = decision.options[0].args[0]
    if action.args[:1] != (holder,) or len(action.args) != (3 if kind == SPOIL else 2):
        return None  # not this offer's answer: the engine's refusal names the offer
    offered = " or ".join(a.args[1] for a in decision.options if a.kind == kind)
    if not offered:
        return f"{holder} is offered no {OFFERS[kind][0]} on this roll"
    name, helps = OFFERS[kind]
    useful = f"{name} is offered on die {offered} of {list(roll.faces)} only: {helps}"
    rerolls = kind in ("reroll", SPOIL)
    return (die_error(roll, action.args[1]) if rerolls else None) or useful


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
