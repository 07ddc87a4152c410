"""What hurts and removes models: Health loss, Out of Action, falls, damage over time, the
Neural Trap, leaving the board, and the end of the game when a squad is gone.

Functions return the steps the loss sets off (a Boss going Out of Action sets off the Morale
tests of its squad, C4.19), for the caller to run next.

Each Out of Action is credited to a model for the campaign's Merits (K3.1), kept in
``WireModel.ooa_by``: the attacker whose attack, Critical or grenade took the last Health, the
model that pushed it into a deadly fall (knockback, Blown Back, Resonance Push), the caster of a
Neural Trap, or whoever inflicted the damage over time or Dissolved that finished it. A fall
with no pusher, a Fumble and other self-inflicted damage credit nobody.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.rulesets.sacred_wire import missions
from skirmish.rulesets.sacred_wire.model import WireModel
from skirmish.rulesets.sacred_wire.roster import profile, state
from skirmish.rulesets.sacred_wire.space import in_play

if TYPE_CHECKING:
    from skirmish.engine.game import Game
    from skirmish.engine.step import Step

DAMAGE = "C4.18"
FALLING = "C4.6"
BAG = "C4.1"
LEAVE = "C4.20"
VICTORY = "K1.2"
POWER = "R5.1"
DISSOLVE = "R6.6"
OUT_OF_ACTION = "out of action"
LEFT = "left the board"
DISSOLVED = "dissolved"


def wound(
    game: Game, m: WireModel, amount: int, rule: str, by: str | None = None, source: str = ""
) -> list[Step]:
    """``m`` loses ``amount`` Health (C4.18); at 0 or below it goes Out of Action. Taking
    damage loses an Aim (C4.3, notes A13)."""
    if m.removed is not None:
        return []
    _strike(m, by)
    if amount <= 0:
        game.emit("no-damage", rule, (m.id,), source=source)
        return []
    m.health -= amount
    m.aim = ""
    ids = (m.id,) if by is None else (m.id, by)
    game.emit("damaged", rule, ids, amount=amount, health=m.health, source=source)
    if m.health <= 0:
        return out_of_action(game, m, DAMAGE, by if by is not None else _inflicter(m, source))
    return []


def heal(game: Game, m: WireModel, amount: int, rule: str, source: str) -> None:
    """``m`` regains Health, never above its max (R3.9, C4.2)."""
    before = m.health
    m.health = min(m.max_health, m.health + amount)
    game.emit("healed", rule, (m.id,), amount=m.health - before, health=m.health, source=source)


def out_of_action(
    game: Game, m: WireModel, rule: str, by: str | None = None, injury: int = 0
) -> list[Step]:
    """``m`` goes Out of Action: removed from play, its token leaves the bag if it had not
    activated yet (C4.1, notes A5), it will roll Injury after the game (C4.18). A Boss sets off
    the Morale tests of its squad (C4.19)."""
    from skirmish.rulesets.sacred_wire.morale import Morale

    if m.removed is not None:
        return []
    if by is None and rule == DISSOLVE:
        _bind_conditions(m)
        by = _inflicter(m, DISSOLVED)
    m.removed = OUT_OF_ACTION
    m.ooa_by = by or ""
    m.injury += injury
    m.active = False
    ids = (m.id,) if by is None else (m.id, by)
    game.emit("out-of-action", rule, ids, injury=m.injury)
    if m.activated_round != state(game).round:
        game.emit("token-discarded", BAG, (m.id,), side=m.side)
    check_end(game)
    if profile(game, m).is_boss and not game.is_over:
        return [Morale(m.side)]
    return []


def leave_board(game: Game, m: WireModel, rule: str = LEAVE) -> list[Step]:
    """``m`` leaves the board (C4.20): it takes no further part, and faces the Performance
    Review after the game (no Merits, d6 damage after Health is restored)."""
    if m.removed is not None:
        return []
    m.removed = LEFT
    m.active = False
    m.post_game = (*m.post_game, "performance-review")
    game.emit("left-board", rule, (m.id,))
    if m.activated_round != state(game).round:
        game.emit("token-discarded", BAG, (m.id,), side=m.side)
    check_end(game)
    return []


def fall(game: Game, m: WireModel, height: float) -> list[Step]:
    """Falling (C4.6): the first 3" are free, then 1d6 per started 3" (4-6" 1d6, 7-9" 2d6...);
    armour does not reduce it (notes A14)."""
    pusher = _pusher(game, m)
    dice = math.ceil((height - 3.0) / 3.0 - 1e-9) if height > 3.0 else 0
    game.emit("fell", FALLING, (m.id,), height=round(height, 2), dice=dice)
    if dice <= 0:
        return []
    amount = game.roll(f"{dice}D6", "fall", FALLING, m.id).value
    return wound(game, m, amount, FALLING, pusher, "fall")


def neural_trap(game: Game, m: WireModel) -> list[Step]:
    """Neural Trap: moving in the marked activation deals d6 ignoring armour, once (R5.1)."""
    traps = [e for e in m.timed if e[0] == "neural-trap" and m.applies(e)]
    if not traps:
        return []
    m.timed = tuple(e for e in m.timed if e not in traps)
    sides = traps[0][1]
    amount = game.roll(f"D{sides}", "neural-trap", POWER, m.id).value
    return wound(game, m, amount, POWER, _trap_caster(game, m), "Neural Trap")


def check_end(game: Game) -> None:
    """The last squad standing wins at once, even in a mission; if both are gone, a draw, or
    with a mission the Defender wins (K1.2 tiebreaker). A mission then records its reward."""
    if game.is_over:
        return
    sides = {m.side for m in in_play(game)}
    if len(sides) == 2:
        return
    if not sides:
        defender = missions.defender(game)
        tie = "" if defender is None else ": the Defender wins the tie"
        game.end(defender, f"no squad is left standing{tie}", VICTORY)
    else:
        (winner,) = sides
        game.end(winner, "last squad standing", VICTORY)
    missions.conclude(game)


# --- credit for Merits (K3.1) ----------------------------------------------------------------


def _strike(m: WireModel, by: str | None) -> None:
    """``by``'s attack, grenade, push or Power now strikes ``m``."""
    _bind_conditions(m)
    if by is not None:
        m.struck_by = by


def _bind_conditions(m: WireModel) -> None:
    """Pair each new damage-over-time condition (and Dissolved) with its inflicter.

    They come only from Critical rows, which the striker's Damage step applies right after it
    wounds the model (``combat.Damage``, ``conditions.apply_row``); so a condition not yet
    paired when the model next comes here belongs to its last striker. Cured conditions lose
    their pair, so a later infliction is credited afresh."""
    held = {*m.statuses, *((DISSOLVED,) if m.dissolve_round else ())}
    kept = tuple(pair for pair in m.inflicted if pair[0] in held)
    new = sorted(held - {condition for condition, _ in kept})
    if new or len(kept) != len(m.inflicted):
        m.inflicted = (*kept, *((condition, m.struck_by) for condition in new))


def _inflicter(m: WireModel, condition: str) -> str | None:
    """Who inflicted ``condition`` on ``m`` (None for anything else, or nobody)."""
    return dict(m.inflicted).get(condition) or None


def _pusher(game: Game, m: WireModel) -> str | None:
    """Who pushed ``m`` into the fall it is about to take: a push's fall follows its "pushed"
    event at once (``movement.push``). Knockback and Blown Back come from the attack that has
    just struck it (C4.6, R6.5); a Resonance Push from its caster, the model activating (R5.1).
    A fall from the model's own move follows a "moved" event: nobody pushed it."""
    last = game.log[-1] if game.log else None
    if last is None or last.kind != "pushed" or last.models[:1] != (m.id,):
        return None
    if last.rule == POWER:
        return state(game).active or None
    return m.struck_by or None


def _trap_caster(game: Game, m: WireModel) -> str | None:
    """The caster of the Neural Trap on ``m``: the Cast just before its "trapped" event
    (R5.1; the trap lasts one activation, so the search stays short)."""
    trapped = False
    for event in reversed(game.log):
        if event.kind == "trapped" and event.models[:1] == (m.id,):
            trapped = True
        elif trapped and event.kind == "cast":
            return event.models[0]
    return None
