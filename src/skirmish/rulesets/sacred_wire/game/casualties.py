"""What hurts and removes models: Health loss, Out of Action, falls, damage over time, the
Neural Trap, leaving the board, and the end of the game (K1.2), at its length or when no squad
model is left on the board.

Functions return the steps the loss sets off (a Boss going Out of Action sets off the Morale
tests of its squad, C4.19), for the caller to run next.

Each Out of Action is credited to a model for the campaign's Merits (K3.1), kept in
``WireModel.ooa_by``. The credit is passed along with the harm, never guessed afterwards: an
attack, Critical or grenade names its attacker (``by``); a push names its pusher, who is
credited for the fall it causes (knockback and Blown Back: the attacker; Resonance Push: the
caster); a Neural Trap, a damage-over-time condition or Dissolved is recorded with whoever
inflicted it when its Power or its Critical row applies it (``WireModel.inflicted``). A fall
from the model's own move, a Fumble and other self-inflicted damage credit nobody.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.rulesets.sacred_wire.game.bag import discard_token
from skirmish.rulesets.sacred_wire.game.model import NEURAL_TRAP, WireModel
from skirmish.rulesets.sacred_wire.game.morale import Morale
from skirmish.rulesets.sacred_wire.game.space import in_play, point_gap, squad_models
from skirmish.rulesets.sacred_wire.missions import assassination, carry, signal, solo, zones
from skirmish.rulesets.sacred_wire.missions.generator import SOURCE
from skirmish.rulesets.sacred_wire.missions.zones import SETUP
from skirmish.rulesets.sacred_wire.rolls.contest import roll_amount
from skirmish.rulesets.sacred_wire.rules_data.effects import Consume, Reboot, effects_of
from skirmish.rulesets.sacred_wire.squads.roster import contract, profile
from skirmish.rulesets.sacred_wire.squads.squad import plural

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.sacred_wire.game.state import WireGame

DAMAGE = "C4.18"
VERTICAL = "C4.6"
LEAVE = "C4.20"
DISSOLVE = "R6.6"
OUT_OF_ACTION = "out of action"
BLAST = 3.0  # M13.2: the Source's detonation reaches 3"
LEFT = "left the board"
DISSOLVED = "dissolved"
DOT = {"bleed": "R6.1", "punctured": "R6.3", "corroding": "R6.6"}


def wound(
    game: WireGame, m: WireModel, amount: int, rule: str, by: str | None = None, source: str = ""
) -> list[Step]:
    """``m`` loses ``amount`` Health (C4.18); at 0 or below it goes Out of Action, credited to
    ``by``, or for damage over time (``source`` a condition ``m`` holds) to whoever inflicted
    that condition (K3.1). Taking damage loses an Aim (C4.3, notes A13)."""
    if m.removed is not None:
        return []
    if amount <= 0:
        game.emit("no-damage", rule, (m.id,), source=source)
        return []
    m.health -= amount
    m.aim = ""
    ids = (m.id,) if by is None else (m.id, by)
    game.emit("damaged", rule, ids, amount=amount, health=m.health, source=source)
    if m.health <= 0 and by is not None:
        return felled(game, m, DAMAGE, by)
    if m.health <= 0:
        return out_of_action(game, m, DAMAGE, m.inflicted_by(source))
    return []


def felled(game: WireGame, m: WireModel, rule: str, by: str, injury: int = 0) -> list[Step]:
    """``m`` goes Out of Action by ``by``'s own harm, its damage or its Critical's row (R6):
    ``by`` may Consume (I7.1, notes A51), which a condition it left never gives."""
    steps = out_of_action(game, m, rule, by, injury)
    if not game.is_over:
        _consume(game, game.model(by))
    return steps


def damage_over_time(game: WireGame, m: WireModel) -> list[Step]:
    """As its activation starts, a model loses 2 Health for each damage-over-time condition it
    suffers (Bleed R6.1, Punctured R6.3, Corroding R6.6), ignoring armour (C4.18)."""
    steps: list[Step] = []
    for status in m.statuses:
        if m.removed is None:
            steps += wound(game, m, 2, DOT.get(status, DAMAGE), source=status)
    return steps


def heal(game: WireGame, m: WireModel, amount: int, rule: str, source: str) -> None:
    """``m`` regains Health, never above its max (R3.9, C4.2)."""
    before = m.health
    m.health = min(m.max_health, m.health + amount)
    game.emit("healed", rule, (m.id,), amount=m.health - before, health=m.health, source=source)


def out_of_action(
    game: WireGame, m: WireModel, rule: str, by: str | None = None, injury: int = 0
) -> list[Step]:
    """``m`` goes Out of Action: removed from play, its token leaves the bag if it had not
    activated yet (C4.1, notes A5), it will roll Injury after the game (C4.18). A Boss sets off
    the Morale tests of its squad (C4.19). ``by`` is credited (K3.1); Dissolved (R6.6) with no
    ``by`` is credited to whoever inflicted it."""
    if m.removed is not None:
        return []
    if by is None and rule == DISSOLVE:
        by = m.inflicted_by(DISSOLVED)
    carry.drop(game, m, "Out of Action")
    m.removed = OUT_OF_ACTION
    m.ooa_by = by or ""
    m.injury += injury
    m.active = False
    ids = (m.id,) if by is None else (m.id, by)
    game.emit("out-of-action", rule, ids, injury=m.injury)
    discard_token(game, m)
    _reboot(game, m)
    assassination.fallen(game, m, by, fled=False)
    check_end(game)
    if profile(game, m).is_boss and not game.is_over:
        return [Morale(m.side)]
    return []


def _reboot(game: WireGame, m: WireModel) -> None:
    """Reboot (I6.1, notes A50): a d6 as it goes Out of Action; high enough, it stands up again
    at the start of the next round (:mod:`..hostiles.arrival`)."""
    terms = contract(game, m)
    for effect in effects_of(terms.effects, Reboot):
        face = game.roll("D6", "reboot", terms.rule, m.id).value
        if face >= effect.on:
            m.reboot = game.state.round + 1
            game.emit("reboots", terms.rule, (m.id,), round=m.reboot)


def _consume(game: WireGame, killer: WireModel) -> None:
    """Consume (I7.1, notes A51): a model whose attack puts its target Out of Action regains
    Health, never above its max."""
    if killer.removed is not None:
        return
    terms = contract(game, killer)
    for effect in effects_of(terms.effects, Consume):
        amount = roll_amount(game, effect.dice, "consume", terms.rule, killer.id)
        heal(game, killer, amount, terms.rule, "Consume")


def leave_board(game: WireGame, m: WireModel, rule: str = LEAVE) -> list[Step]:
    """``m`` leaves the board (C4.20): it takes no further part, and faces the Performance
    Review after the game (no Merits, d6 damage after Health is restored)."""
    if m.removed is not None:
        return []
    carry.drop(game, m, "left the board")
    m.removed = LEFT
    m.active = False
    m.post_game = (*m.post_game, "performance-review")
    game.emit("left-board", rule, (m.id,))
    discard_token(game, m)
    assassination.fallen(game, m, None, fled=False)
    check_end(game)
    return []


def exit_board(game: WireGame, m: WireModel, edge: str) -> list[Step]:
    """``m`` exits across ``edge`` for the mission (K1.2 Mission Exits, M6.1): it is removed
    and counts for its side, and faces no Performance Review. A model already out of play
    (C4.18) cannot exit."""
    if m.removed is not None:
        return []
    m.removed = zones.EXITED
    m.active = False
    game.emit("exited", zones.MISSIONS[zones.mission(game)], (m.id,), edge=edge)
    discard_token(game, m)
    carry.exited(game, m)
    check_end(game)
    return []


def fall(game: WireGame, m: WireModel, height: float, by: str | None = None) -> list[Step]:
    """Falling (C4.6): the first 3" are free, then 1d6 per started 3" (4-6" 1d6, 7-9" 2d6...);
    armour does not reduce it (notes A14). ``by`` pushed ``m`` off (None: its own move), and
    is credited if the fall takes it Out of Action (K3.1)."""
    dice = math.ceil((height - 3.0) / 3.0 - 1e-9) if height > 3.0 else 0
    game.emit("fell", VERTICAL, (m.id,), height=round(height, 2), dice=dice)
    if dice <= 0:
        return []
    amount = game.roll(f"{dice}D6", "fall", VERTICAL, m.id).value
    return wound(game, m, amount, VERTICAL, by, "fall")


def neural_trap(game: WireGame, m: WireModel) -> list[Step]:
    """Neural Trap: moving in the marked activation deals d6 ignoring armour, once (R5.1, the
    rule the trap carries), credited to its caster, recorded as who inflicted it (K3.1). A
    model holds one trap at most: a second renews the first (R5.1, ``powers/casting.py``)."""
    trap = next((e for e in m.timed if e.kind == NEURAL_TRAP and m.applies(e)), None)
    if trap is None:
        return []
    m.timed = tuple(e for e in m.timed if e != trap)
    amount = game.roll(f"D{trap.n}", "neural-trap", trap.rule, m.id).value
    return wound(game, m, amount, trap.rule, m.inflicted_by(trap.source), trap.source)


def check_end(game: WireGame) -> None:
    """A squad wiped out does not end the game: the other squad, the hostiles and the
    Coworkers play on to the end K1.2 or the mission sets. Only when no squad model is left
    on the board, so none can act or score, does the game end at once, decided as at the end
    (:func:`finish`; exited models still score in Breakthrough, M6.1). A solo game ends as
    X1 says."""
    if game.is_over:
        return
    if solo.played(game.setup):
        solo.check_end(game)
        return
    # In The Signal the relay's control may still change as a round starts (M13.1): played on.
    if squad_models(game) or signal.played(game):
        return
    game.emit("no-squad-left", SETUP, ())
    finish(game)


def finish(game: WireGame) -> None:
    """The game ends: a mission decides (:mod:`.zones`); without one, most surviving models
    wins (K1.2), an equal count is a draw; a solo game by its haul (X1)."""
    if zones.finish(game):
        detonate(game)
        return
    if solo.played(game.setup):
        solo.finish(game)
        return
    counts = zones.survivors(game)
    if counts[0] == counts[1]:
        game.end(None, f"both squads have {plural(counts[0], 'model')} left", SETUP)
    else:
        winner = 0 if counts[0] > counts[1] else 1
        game.end(winner, f"most surviving models ({counts[winner]} to {counts[1 - winner]})", SETUP)


def detonate(game: WireGame) -> None:
    """The Source detonates as the game ends (M13.2): every model within 3" of it takes d6
    damage, armour no help (notes A36); after the verdict, so it changes no winner (notes
    A97), only what the models carry into the post-game."""
    if zones.mission(game) != SOURCE or game.state.extracted:
        return
    ((_, p),) = zones.objectives(game)
    level = game.board.surface_at(p)
    rule = zones.MISSIONS[SOURCE]
    game.emit("detonation", rule, ())
    for m in in_play(game):
        if point_gap(game, m, p, level) > BLAST:
            continue
        amount = game.roll("D6", "detonation", rule, m.id).value
        m.health = max(0, m.health - amount)
        game.emit("damaged", rule, (m.id,), amount=amount, source="detonation", health=m.health)
        if not m.health:
            m.removed = OUT_OF_ACTION
            game.emit("out-of-action", rule, (m.id,), injury=m.injury)
