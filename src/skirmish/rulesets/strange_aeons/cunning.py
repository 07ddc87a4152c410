"""Cunning (R:1065, rules notes §1.1): a player whose list holds a Cunning model wins the
pre-game rolls that tie and may re-roll one die of its own in them, once a game; when both
lists hold one, the two cancel out and a tie stays a tie (rolled again, notes §6 item 70).

The pre-game rolls the game holds with its players are its roll-offs (:class:`.setup.RollOff`:
who picks the edge or deploys first, and who takes the first Turn). The re-roll is offered
when the player's die loses, the one time a re-roll could change the result; a re-rolled die
that ties wins, as any tie does for it. The scenario die, rolled in the game when the
Threshold list holds a Cunning model, is re-rolled in :mod:`.pregame`, with Tactician's ±1
(R:1153).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Skills: Cunning (R:1065)"
REROLL = "cunning"
"""The decision and Action of a Cunning player re-rolling its roll-off die."""
KEEP = "keep-die"


def cunning_side(game: AeonsGame) -> int | None:
    """The one side whose list holds a Cunning model, or ``None`` (none, or both: they
    cancel out)."""
    cat = catalog_of(game)
    sides = {
        m.side for m in game.models if m.removed is None and cat.profile(m.profile).has("cunning")
    }
    return next(iter(sides)) if len(sides) == 1 else None


def offer(game: AeonsGame, dice: tuple[int, int]) -> Decision | None:
    """The Cunning player's re-roll of its losing die of a roll-off, when it has not spent it."""
    side = cunning_side(game)
    if side is None or side in game.state.cunning_used or dice[side] >= dice[1 - side]:
        return None
    return ask(side, REROLL, f"your roll-off die of {dice[side]}")


def ask(side: int, kind: str, die: str) -> Decision:
    """The Cunning player asked whether to re-roll ``die`` (``cunning`` or ``keep-die``)."""
    options = (Action(REROLL, ()), Action(KEEP, ()))
    return Decision(side, kind, f"re-roll {die} (Cunning, once a game)?", options)


def reroll(game: AeonsGame, dice: tuple[int, int], purpose: str) -> tuple[int, int]:
    """The Cunning player's die rolled again, the re-roll spent."""
    side = cunning_side(game)
    assert side is not None
    face = spend(game, side, dice[side], f"roll-off {purpose}")
    return (face, dice[1]) if side == 0 else (dice[0], face)


def unspent(game: AeonsGame, side: int) -> bool:
    """Whether ``side`` is the Cunning player and has its re-roll still."""
    return cunning_side(game) == side and side not in game.state.cunning_used


def spend(game: AeonsGame, side: int, was: int, purpose: str) -> int:
    """The Cunning player's one re-roll of the Pre-Game: its D6 of ``was``, rolled for
    ``purpose``, rolled again; the new face, the re-roll spent."""
    face = game.roll("D6", purpose, RULE).value
    spent(game, side, was, face)
    return face


def spent(game: AeonsGame, side: int, was: int, now: int) -> None:
    """The Cunning re-roll of a die of ``was`` that came up ``now``, logged and spent."""
    st = game.state
    st.cunning_used = (*st.cunning_used, side)
    game.emit("cunning-reroll", RULE, (), side=side, was=was, now=now)
