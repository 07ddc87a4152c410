"""What the Critical (R6) and Fumble (R7) tables and on-hit specials do to a model: damage over
time, lost activations, permanent losses, dropped and destroyed weapons, Slag Armor, Flee,
Hijacked, Dissolved, pushes, and timed DT modifiers (Prod, Flash, Signal Jam...).
"""

from __future__ import annotations

from collections.abc import Iterator
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
from skirmish.rulesets.sacred_wire.game.morale import flee
from skirmish.rulesets.sacred_wire.game.movement import push
from skirmish.rulesets.sacred_wire.game.space import HOSTILES, side_of
from skirmish.rulesets.sacred_wire.game.state import DroppedWeapon
from skirmish.rulesets.sacred_wire.rolls.contest import roll_amount
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Catalog,
    CriticalTable,
    FumbleTable,
    TableRow,
    slug,
)
from skirmish.rulesets.sacred_wire.rules_data.dispatch import DataRow, EffectTable
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    ArmorSlag,
    DamageOverTime,
    DestroyWeapon,
    Direction,
    Dissolved,
    DropWeapon,
    Duration,
    Effect,
    ExtraDamage,
    Flee,
    ForcedAdvance,
    ForgetPower,
    Hijacked,
    HitAlly,
    LockPower,
    LoseNextActivation,
    OutOfAction,
    PermanentMoveLoss,
    PermanentTierLoss,
    Push,
    SelfDamage,
    TimedTierBonus,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import Roll as RollKind
from skirmish.rulesets.sacred_wire.squads.roster import mean_damage

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
    """``m`` drops a weapon at its position; any model may pick it up (C4.3 Interact). A
    hostile or a Coworker fights Unarmed from then on, and nothing is left to pick up (notes
    A43)."""
    if name not in m.weapons:
        return
    weapons = list(m.weapons)
    weapons.remove(name)
    m.weapons = tuple(weapons)
    if m.side >= HOSTILES:  # the Coworkers as well: neither ever Interacts
        game.emit("weapon-lost", rule, (m.id,), weapon=name)
        return
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
    A65); a hostile inflicter takes the one of most mean damage (first of equals)."""

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
        if self.chooser in game.ruleset.automata:
            # Our reading for hostiles, which the rules play: the weapon of most mean damage.
            kit = catalog_of(game).kit(tuple(names))
            drop_weapon(game, m, max(kit, key=mean_damage).name, self.cite)
            return []
        options = tuple(Action("drop", (m.id, slug(n))) for n in names)
        return Decision(self.chooser, "drop", f"choose the weapon {m.name} ({m.id}) drops", options)


@dataclass(frozen=True, slots=True)
class RowContext:
    """Where a row's effect lands: on ``m`` in ``game``, by the row ``name`` of the table
    ``rule``; ``inflicter`` dealt the Critical (None for a Fumble), ``weapon`` is the one a
    Fumble was rolled with, ``by`` the inflicter's id ("" for nobody)."""

    game: WireGame
    m: WireModel
    rule: str
    name: str
    inflicter: WireModel | None
    weapon: str
    by: str


def _rows(catalog: Catalog) -> Iterator[DataRow[Effect]]:
    tables: list[CriticalTable | FumbleTable] = [*catalog.critical_tables, *catalog.fumble_tables]
    for table in tables:
        for entry in table.rows:
            yield DataRow(f"{table.rule} {entry.name}", entry.effects)


ROWS: EffectTable[Effect, RowContext, Step] = EffectTable(
    "the Critical and Fumble rows (R6, R7; game/conditions.py)", _rows
)
"""What each effect of a Critical or Fumble row does to the model it lands on."""
ROWS.elsewhere("the attack's damage roll (C4.16, attack/resolution.py)", ExtraDamage)
ROWS.elsewhere(
    "the Fumble's own step (C4.17; attack/combat.py Fumble, powers/casting.py broadcast_fumble)",
    SelfDamage,
    HitAlly,
)


def apply_row(
    game: WireGame,
    m: WireModel,
    effects: tuple[Effect, ...],
    rule: str,
    name: str,
    inflicter: WireModel | None,
    weapon: str = "",
) -> list[Step]:
    """Apply a table row's effects to ``m`` (R6, R7) through :data:`ROWS`; bonus and self
    damage are dealt by the caller. ``inflicter`` dealt a Critical; ``weapon`` is the one a
    Fumble was rolled with. A damage-over-time condition or Dissolved records its inflicter as
    it lands, for the credit if it finishes ``m`` (K3.1)."""
    steps: list[Step] = []
    at = RowContext(game, m, rule, name, inflicter, weapon, inflicter.id if inflicter else "")
    game.emit("table-result", rule, (m.id,), row=name)
    for effect in effects:
        if m.removed is not None:
            break
        steps += ROWS.apply(effect, at)
    return steps


def apply_injury(
    game: WireGame, m: WireModel, effects: tuple[Effect, ...], rule: str, name: str
) -> None:
    """A row whose damage alone already took ``m`` Out of Action: its Injury modifier still
    counts for a squad model (R6, the 6+ rows' "-2 Injury roll"; C4.18), the rest of it is
    moot. A hostile or a Coworker is removed and rolls no Injury (I1.1)."""
    shift = sum(e.injury_modifier for e in effects if isinstance(e, OutOfAction | Dissolved))
    game.emit("table-result", rule, (m.id,), row=name)
    if shift and m.side < HOSTILES:
        m.injury += shift
        game.emit("injury-modifier", rule, (m.id,), shift=shift, injury=m.injury)


@ROWS.on(DamageOverTime)
def _damage_over_time(effect: DamageOverTime, at: RowContext) -> list[Step]:
    m = at.m
    if effect.status not in m.statuses:  # the same condition never stacks (notes A73)
        m.statuses = (*m.statuses, str(effect.status))
        m.inflict(str(effect.status), at.by)
        at.game.emit("status", at.rule, (m.id,), status=str(effect.status))
    return []


@ROWS.on(LoseNextActivation)
def _lose_next_activation(effect: LoseNextActivation, at: RowContext) -> list[Step]:
    at.m.lose_activation = at.rule
    at.game.emit("loses-activation", at.rule, (at.m.id,))
    return []


@ROWS.on(PermanentMoveLoss)
def _move_loss(effect: PermanentMoveLoss, at: RowContext) -> list[Step]:
    at.m.move_loss += effect.inches
    at.game.emit("move-lost", at.rule, (at.m.id,), inches=effect.inches)
    return []


@ROWS.on(PermanentTierLoss)
def _tier_loss(effect: PermanentTierLoss, at: RowContext) -> list[Step]:
    at.m.losses = at.m.losses.plus(_LOSS[effect.roll], effect.n)
    at.game.emit("tier-lost", at.rule, (at.m.id,), roll=str(effect.roll), n=effect.n)
    return []


@ROWS.on(DropWeapon)
def _drop_weapon(effect: DropWeapon, at: RowContext) -> list[Step]:
    if effect.pick == "used" or at.inflicter is None:
        drop_weapon(at.game, at.m, at.weapon, at.rule)
        return []
    return [ChooseDrop(at.m.id, side_of(at.inflicter), at.rule)]


@ROWS.on(DestroyWeapon)
def _destroy_weapon(effect: DestroyWeapon, at: RowContext) -> list[Step]:
    destroy_weapon(at.game, at.m, at.weapon, at.rule)
    return []


@ROWS.on(ArmorSlag)
def _armor_slag(effect: ArmorSlag, at: RowContext) -> list[Step]:
    m = at.m
    if m.armor is not None:
        m.slag += effect.tiers
        at.game.emit("armor-slagged", at.rule, (m.id,), slag=m.slag)
    return []


@ROWS.on(Push)
def _push(effect: Push, at: RowContext) -> list[Step]:
    m, inflicter = at.m, at.inflicter
    if inflicter is None:
        return []  # a push away from whoever dealt the Critical: no one, no push
    inches = roll_amount(at.game, effect.distance, "push", at.rule, m.id)
    if effect.direction != Direction.AWAY:
        return []
    away = (m.x - inflicter.x, m.y - inflicter.y)
    return push(at.game, m, away, inches, at.rule, inflicter.id)


@ROWS.on(Dissolved)
def _dissolved(effect: Dissolved, at: RowContext) -> list[Step]:
    m = at.m
    if m.dissolve_round:  # one Out of Action at one round's end, one -2 (notes A73, A74)
        return []
    m.inflict(casualties.DISSOLVED, at.by)
    m.dissolve_round = at.game.state.round + 1
    m.injury += effect.injury_modifier
    at.game.emit("dissolving", at.rule, (m.id,), round=m.dissolve_round)
    return []


@ROWS.on(OutOfAction)
def _out_of_action(effect: OutOfAction, at: RowContext) -> list[Step]:
    if at.by:
        return casualties.felled(at.game, at.m, at.rule, at.by, effect.injury_modifier)
    return casualties.out_of_action(at.game, at.m, at.rule, None, effect.injury_modifier)


@ROWS.on(Flee)
def _flee(effect: Flee, at: RowContext) -> list[Step]:
    flee(at.game, at.m, at.rule, at.by or None)
    return []


@ROWS.on(Hijacked)
def _hijacked(effect: Hijacked, at: RowContext) -> list[Step]:
    m = at.m
    if at.inflicter is None:
        return []  # another player controls it: the inflicter's, and a Fumble has none
    m.hijacked_by = side_of(at.inflicter)
    m.hijack_at = m.next_activation()
    at.game.emit("hijacked", at.rule, (m.id,), by=m.hijacked_by)
    return []


@ROWS.on(TimedTierBonus)
def _timed_tier(effect: TimedTierBonus, at: RowContext) -> list[Step]:
    mark(at.game, at.m, effect, at.name, at.rule)
    return []


@ROWS.on(ForcedAdvance)
def _forced_advance(effect: ForcedAdvance, at: RowContext) -> list[Step]:
    nxt = at.m.next_activation()
    at.m.add_timed(TimedEffect(ADVANCE, 0, "", nxt, nxt, at.name, at.rule))
    return []


@ROWS.on(LockPower)
def _lock_power(effect: LockPower, at: RowContext) -> list[Step]:
    at.m.locked += (at.weapon,)
    at.game.emit("power-locked", at.rule, (at.m.id,), power=at.weapon)
    return []


@ROWS.on(ForgetPower)
def _forget_power(effect: ForgetPower, at: RowContext) -> list[Step]:
    at.m.locked += (at.weapon,)
    at.m.forgotten += (at.weapon,)
    at.game.emit("power-forgotten", at.rule, (at.m.id,), power=at.weapon)
    return []
