"""What the Critical (R6) and Fumble (R7) tables and on-hit specials do to a model: damage over
time, lost activations, permanent losses, dropped and destroyed weapons, Slag Armor, Flee,
Hijacked, Dissolved, pushes, and timed DT modifiers (Prod, Flash, Signal Jam...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.model import (
    ADVANCE,
    NEXT_ROLL,
    ROUND,
    SCENARIO,
    TIER,
    TimedEffect,
    WireModel,
)
from skirmish.rulesets.sacred_wire.game.movement import push
from skirmish.rulesets.sacred_wire.game.space import side_of
from skirmish.rulesets.sacred_wire.game.state import DroppedWeapon
from skirmish.rulesets.sacred_wire.rolls.contest import roll_amount
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    CriticalTable,
    FumbleTable,
    TableRow,
    slug,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    ArmorSlag,
    DamageOverTime,
    DestroyWeapon,
    Direction,
    Dissolved,
    DropWeapon,
    Duration,
    Effect,
    Flee,
    ForcedAdvance,
    ForgetPower,
    Hijacked,
    LockPower,
    LoseNextActivation,
    OutOfAction,
    PermanentMoveLoss,
    PermanentTierLoss,
    Push,
    TimedTierBonus,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import Roll as RollKind

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

#: The attributes a permanent DT loss on a roll takes from (R6, notes A72).
_LOSS = {
    RollKind.COMBAT: ("combat",),
    RollKind.DEFENSE: ("defense",),
    RollKind.WITS: ("wits",),
    RollKind.ALL: ("combat", "defense", "wits"),
    RollKind.RANGED_ATTACK: ("ranged",),
}


def row(game: WireGame, table_rule: str, name: str) -> TableRow:
    """A Critical or Fumble table row by its table's rule id and its name."""
    catalog = catalog_of(game)
    tables: list[CriticalTable | FumbleTable] = [*catalog.critical_tables, *catalog.fumble_tables]
    for table in tables:
        if table.rule == table_rule:
            found: TableRow = next(r for r in table.rows if r.name == name)
            return found
    raise KeyError(f"no table {table_rule}")


def timed_entry(m: WireModel, effect: TimedTierBonus, source: str, rule: str) -> TimedEffect:
    """A timed DT modifier as a model's timed effect (notes A32)."""
    roll = "defense-ranged" if effect.when == "vs-ranged" else str(effect.roll)
    nxt = m.next_activation()
    span = {
        Duration.NEXT_ACTIVATION: (nxt, nxt),
        Duration.UNTIL_NEXT_ACTIVATION: (0, nxt),
        Duration.END_OF_ROUND: (0, ROUND),
        Duration.END_OF_SCENARIO: (0, SCENARIO),
        Duration.NEXT_ROLL: (0, NEXT_ROLL),
    }.get(effect.duration, (nxt, nxt))
    start, end = span
    return TimedEffect(TIER, effect.n, roll, start, end, source, rule)


def mark(game: WireGame, m: WireModel, effect: TimedTierBonus, source: str, rule: str) -> None:
    """Give ``m`` a timed DT modifier and log it."""
    m.add_timed(timed_entry(m, effect, source, rule))
    game.emit(
        "marked",
        rule,
        (m.id,),
        source=source,
        n=effect.n,
        roll=str(effect.roll),
        duration=str(effect.duration),
    )


def drop_weapon(game: WireGame, m: WireModel, name: str, rule: str) -> None:
    """``m`` drops a weapon at its position; any model may pick it up (C4.3 Interact)."""
    if name not in m.weapons:
        return
    weapons = list(m.weapons)
    weapons.remove(name)
    m.weapons = tuple(weapons)
    st = game.state
    st.markers += 1
    marker = f"W{st.markers}"
    st.dropped = (*st.dropped, DroppedWeapon(marker, name, m.x, m.y, m.level or ""))
    game.emit("dropped", rule, (m.id,), weapon=name, marker=marker)


def destroy_weapon(game: WireGame, m: WireModel, name: str, rule: str) -> None:
    """The weapon used is destroyed (R7.1, R7.2); Improvised and Unarmed cannot be."""
    if name not in m.weapons:
        return
    weapons = list(m.weapons)
    weapons.remove(name)
    m.weapons = tuple(weapons)
    game.emit("destroyed", rule, (m.id,), weapon=name)


@dataclass(slots=True, eq=False)
class ChooseDrop(Step):
    """Disarmed, Shot Through, Weapon Lock: the inflicter picks the weapon dropped (notes
    A65)."""

    rule = "R6.1"
    model: str
    chooser: int
    cite: str

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None or not m.weapons:
            return []
        if action is not None:
            name = next(w for w in m.weapons if slug(w) == action.args[1])
            drop_weapon(game, m, name, self.cite)
            return []
        names = list(dict.fromkeys(m.weapons))
        if len(names) == 1:
            drop_weapon(game, m, names[0], self.cite)
            return []
        options = tuple(Action("drop", (m.id, slug(n))) for n in names)
        return Decision(self.chooser, "drop", f"choose the weapon {m.name} ({m.id}) drops", options)


def apply_row(
    game: WireGame,
    m: WireModel,
    effects: tuple[Effect, ...],
    rule: str,
    name: str,
    inflicter: WireModel | None,
    weapon: str = "",
) -> list[Step]:
    """Apply a table row's effects to ``m`` (R6, R7); bonus and self damage are dealt by the
    caller. ``inflicter`` dealt a Critical; ``weapon`` is the one a Fumble was rolled with.
    A damage-over-time condition or Dissolved records its inflicter as it lands, for the
    credit if it finishes ``m`` (K3.1)."""
    steps: list[Step] = []
    by = inflicter.id if inflicter is not None else ""
    game.emit("table-result", rule, (m.id,), row=name)
    for effect in effects:
        if m.removed is not None:
            break
        if isinstance(effect, DamageOverTime):
            if effect.status not in m.statuses:  # the same condition never stacks (notes A73)
                m.statuses = (*m.statuses, str(effect.status))
                m.inflict(str(effect.status), by)
                game.emit("status", rule, (m.id,), status=str(effect.status))
        elif isinstance(effect, LoseNextActivation):
            m.lose_activation = rule
            game.emit("loses-activation", rule, (m.id,))
        elif isinstance(effect, PermanentMoveLoss):
            m.move_loss += effect.inches
            game.emit("move-lost", rule, (m.id,), inches=effect.inches)
        elif isinstance(effect, PermanentTierLoss):
            m.losses = m.losses.plus(_LOSS[effect.roll], effect.n)
            game.emit("tier-lost", rule, (m.id,), roll=str(effect.roll), n=effect.n)
        elif isinstance(effect, DropWeapon):
            if effect.pick == "used" or inflicter is None:
                drop_weapon(game, m, weapon, rule)
            else:
                steps.append(ChooseDrop(m.id, side_of(inflicter), rule))
        elif isinstance(effect, DestroyWeapon):
            destroy_weapon(game, m, weapon, rule)
        elif isinstance(effect, ArmorSlag):
            if m.armor is not None:
                m.slag += effect.tiers
                game.emit("armor-slagged", rule, (m.id,), slag=m.slag)
        elif isinstance(effect, Push) and inflicter is not None:
            inches = roll_amount(game, effect.distance, "push", rule, m.id)
            if effect.direction == Direction.AWAY:
                away = (m.x - inflicter.x, m.y - inflicter.y)
                steps += push(game, m, away, inches, rule, inflicter.id)
        elif isinstance(effect, Dissolved):
            if not m.dissolve_round:  # a second Dissolved keeps the first one's inflicter
                m.inflict(casualties.DISSOLVED, by)
            m.dissolve_round = game.state.round + 1
            m.injury += effect.injury_modifier
            game.emit("dissolving", rule, (m.id,), round=m.dissolve_round)
        elif isinstance(effect, OutOfAction):
            steps += casualties.out_of_action(game, m, rule, by or None, effect.injury_modifier)
        elif isinstance(effect, Flee):
            m.fleeing = True
            game.emit("flees", rule, (m.id,))
        elif isinstance(effect, Hijacked) and inflicter is not None:
            m.hijacked_by = side_of(inflicter)
            m.hijack_at = m.next_activation()
            game.emit("hijacked", rule, (m.id,), by=m.hijacked_by)
        elif isinstance(effect, TimedTierBonus):
            mark(game, m, effect, name, rule)
        elif isinstance(effect, ForcedAdvance):
            nxt = m.next_activation()
            m.add_timed(TimedEffect(ADVANCE, 0, "", nxt, nxt, name, rule))
        elif isinstance(effect, LockPower):
            m.power_state = "locked"
            game.emit("power-locked", rule, (m.id,), power=m.power)
        elif isinstance(effect, ForgetPower):
            m.power_state = "forgotten"
            game.emit("power-forgotten", rule, (m.id,), power=m.power)
    return steps
