"""The table companion's answers about hostiles, in words: what a group does now (I1.1-I1.3,
the factions' own rules, I8.1 for Coworkers), what a spawn brings (I1.4, I1.5, K1.3) and what an
Interrogate of a Coworker may tell (K2.2), one line per step, each citing its rule.
"""

from __future__ import annotations

from skirmish.rulesets.sacred_wire.hostiles.behaviour import (
    ACTIVATION,
    COWORKERS,
    SITUATION,
    Reading,
)
from skirmish.rulesets.sacred_wire.hostiles.interrogation import (
    COWORKER_MODIFIER,
    INTERROGATE,
    Interrogated,
    Interrogation,
    InterrogationOdds,
)
from skirmish.rulesets.sacred_wire.hostiles.spawning import SPAWNING, TIER_TABLE, SpawnRoll
from skirmish.rulesets.sacred_wire.hostiles.targeting import TARGETING, Enemy, distance, ranked
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import (
    HostileUnit,
    Situation,
    WeaponMode,
)
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import Entry
from skirmish.rulesets.sacred_wire.squads.squad import plural

#: What each situation means (I1.2), evaluated in this order (notes §5.2).
MEANING = {
    Situation.ENGAGED: 'it is within 1" of an enemy',
    Situation.HAS_LOS: 'it sees an enemy, none within 1"',
    Situation.NO_LOS: "it sees no enemy",
}
ATTACKS = ("attack", "mob-up", "frenzy")
SUMMON_AT = 3  # the smallest cluster that Summons (I4.1)


def activation_lines(
    reading: Reading,
    unit: HostileUnit | None,
    enemies: tuple[Enemy, ...] = (),
    cluster: int | None = None,
) -> list[str]:
    """What the group does on ``reading``, step by step; with ``unit``, what that unit does;
    with ``enemies`` around it, whom it attacks (or which one it takes cover from); with the
    size of its ``cluster`` of Wave Callers and Static Wraiths, what a Summon brings."""
    f, row = reading.faction, reading.row
    columns = " / ".join(
        f"{s.heading} {b.name}" for s, b in zip(Situation, reading.columns, strict=True)
    )
    lines = [
        f"{reading.situation.heading}: {MEANING[reading.situation]} ({SITUATION})",
        f"Behaviour d6 = {reading.face}, one roll for the whole group ({ACTIVATION}): "
        f"{reading.behaviour.name}",
        f"  {reading.table.capitalize()} table, row {row.faces}: {columns} ({f.rule})",
    ]
    if "attacked" in f.tables:
        which = "was attacked" if reading.table == "attacked" else "has not been attacked"
        lines.append(
            f"  This Coworker {which}: it reads the {reading.table.capitalize()} table "
            f"({COWORKERS})"
        )
    behaviour = reading.behaviour
    lines.append(f"{behaviour.name} ({behaviour.cited}): {behaviour.summary}")
    lines += _random_part(reading, unit)
    if behaviour.id == "summon":
        lines.append(_summon(cluster))
    lines.append(
        "The models act one at a time, the closest to a squad model first, all on this roll; "
        f"each reads it on its own situation's column ({ACTIVATION}, notes A48)."
    )
    if unit is not None:
        lines.append(_profile(unit))
        if behaviour.id in ATTACKS:
            lines.append(_weapon_use(unit, reading.situation))
            if enemies:
                lines += _targets(unit, reading, enemies)
    closest = min(enemies, key=distance, default=None)
    if behaviour.id == "cover" and closest is not None and closest.gap is not None:
        lines.append(f"The closest enemy: {closest.name}{_away(closest)} (I1.3)")
    special = f.special_rule
    lines.append(f"{f.name}' special rule, {special.name} ({f.rule}): {special.summary}")
    return lines


def spawn_lines(spawn: SpawnRoll, faction_name: str) -> list[str]:
    """What a spawn (or a mission's Coworkers) brings and where, step by step."""
    u = spawn.unit
    groups = " and ".join(plural(n, "model") for n in spawn.groups)
    split = "two groups, one token each" if len(spawn.groups) > 1 else "one group, one token"
    where = spawn.location
    placed = f"{where.title} d6 = {where.roll} ({where.rule}): {where.name}: {where.summary}"
    coworkers = where.table == "coworker_setup"
    lines = [placed] if coworkers else [f"Tier: {spawn.tier.capitalize()} ({TIER_TABLE})"]
    lines += [
        f"Unit d2 = {spawn.d2} among rows {_tier_rows(spawn)} ({SPAWNING}): {u.name} of the "
        f'{faction_name}, "#" {u.spawn}: {groups}, {split} in the activation bag',
        _profile(u),
    ]
    if coworkers:
        order = 'the First Player first, then alternating, none within 1" of an objective'
        return [*lines, f"Place them as that row says, {order} (K1.2, {where.rule})."]
    lines.append(placed)
    if spawn.distance is not None and spawn.clock is not None:
        lines.append(
            f"  {spawn.distance}\" from the centre toward {spawn.clock} o'clock "
            "(12 o'clock: the board's north, notes A33)"
        )
    lines.append(
        "Place the models around that point (on an edge, its point nearest the centre), as near "
        'it as they can stand, 1" or more apart, not in terrain nor within 1" of an enemy or an '
        f"objective ({SPAWNING}, notes A54)."
    )
    return lines


def interrogation_lines(
    it: Interrogation,
    coworker: HostileUnit,
    odds: InterrogationOdds,
    modifier: Entry,
    rolled: Interrogated | None,
) -> list[str]:
    """An Interrogate of ``coworker``: the roll and its exact odds, the table's, what the
    mission's Coworker Modifier changes, and the roll made (if any)."""
    names = ("Interrogator", coworker.name)
    chance = odds.success
    lines = [
        f"Interrogate ({INTERROGATE}): Wits against Wits: "
        f"{it.settled.describe(it.interrogator, it.coworker, names)}",
        f"  The interrogator wins {float(chance):.1%} ({chance}); a win removes the Coworker "
        f"({INTERROGATE}).",
        f"Coworker Modifier {modifier.name} ({COWORKER_MODIFIER}): {modifier.summary}",
        f"Once the Coworker is beaten, 2d4 on the table ({INTERROGATE}):",
    ]
    for row, p in odds.rows:
        lines.append(f"  {row.roll} {row.name}: {row.gains}: {float(p):.1%} ({p})")
    lines.append("Evidence from an Interrogate stays unrecorded until the post-game (K2.3).")
    if rolled is not None:
        lines += _interrogated(rolled, names, modifier)
    return lines


def _interrogated(rolled: Interrogated, names: tuple[str, str], modifier: Entry) -> list[str]:
    lines = [f"Rolled: {rolled.roll.describe(names)} ({INTERROGATE}, C1.9)"]
    if rolled.row is None:
        after = {
            "skittish": " The Coworker starts to Flee (Skittish, K1.3, notes A95).",
            "grudge-holder": " The Coworker turns Hostile (Grudge Holder, K1.3, notes A95).",
        }
        return [*lines, "The Coworker holds out: nothing learned." + after.get(modifier.id, "")]
    faces = " + ".join(str(f) for f in rolled.faces)
    extra = rolled.total - sum(rolled.faces)
    talk = f" + {extra} Talkative" if extra else ""
    row = rolled.row
    return [*lines, f"Table 2d4 = {faces}{talk} = {rolled.total}: {row.name}: {row.gains}"]


def _targets(unit: HostileUnit, reading: Reading, enemies: tuple[Enemy, ...]) -> list[str]:
    chances = ranked(unit, reading.behaviour.id, reading.situation, list(enemies))
    lines = [f"Targets, best chance to hit first, ties to the closest ({TARGETING}, notes §5.3):"]
    for c in chances:
        roll = c.settled.describe(c.attacker, c.defender, (unit.name, c.enemy.name))
        reroll = f", re-rolling Defense {_low_faces(c.enemy.reroll)}" if c.enemy.reroll else ""
        lines.append(
            f"  {c.enemy.name}: {roll}{reroll}: {float(c.chance):.1%} ({c.chance}){_away(c.enemy)}"
        )
    first = chances[0].enemy.name
    if reading.behaviour.id == "frenzy":
        lines.append(
            f"It attacks {first} twice; the second attack picks again if the first "
            f"took {first} out (notes A46)."
        )
    else:
        lines.append(f"It attacks {first}.")
    return lines


def _summon(cluster: int | None) -> str:
    if cluster is None:
        return (
            f"  Count its cluster: {SUMMON_AT} or more bring that many Flickers less "
            f"{SUMMON_AT - 1} (I4.1, notes A49)."
        )
    if cluster < SUMMON_AT:
        return f"  A cluster of {cluster}: too few to Summon ({SUMMON_AT} or more, I4.1)."
    flickers = cluster - (SUMMON_AT - 1)
    come = plural(flickers, "Flicker") + (" arrives" if flickers == 1 else " arrive")
    return f"  A cluster of {cluster}: {come} (I4.1, notes A49)."


def _away(enemy: Enemy) -> str:
    return "" if enemy.gap is None else f', {enemy.gap:g}" away'


def _low_faces(up_to: int) -> str:
    return "1s" if up_to == 1 else f"1-{up_to}s"


def _random_part(reading: Reading, unit: HostileUnit | None) -> list[str]:
    distance = reading.extra("phase-distance")
    clock = reading.extra("phase-direction")
    if distance is not None and clock is not None:
        return [f"  Phase: {distance}\" toward {clock} o'clock (d6 = {distance}, d12 = {clock})"]
    clock = reading.extra("patrol-direction")
    if clock is None:
        return []
    move = f'{unit.move}"' if unit is not None else "its Move"
    return [f"  With no Loot Marker in sight: {move} toward {clock} o'clock (d12 = {clock})"]


def _profile(u: HostileUnit) -> str:
    w = u.weapon
    return (
        f"{u.name}: Combat 2d{u.combat}, Defense 2d{u.defense}, Wits 2d{u.wits}, "
        f'Health {u.health}, Move {u.move}"; {w.name} ({w.weapon_type.value}, {w.damage}, '
        f"{w.mode.value})"
    )


def _weapon_use(u: HostileUnit, situation: Situation) -> str:
    w = u.weapon
    if w.mode is WeaponMode.POWER:
        return (
            f"{u.name} attacks with {w.name}, a Power: Wits 2d{u.wits} against the target's "
            "Defense, then damage as a normal attack (I1.3); it needs sight only, no range, "
            "and works while Engaged (notes A40)."
        )
    if w.mode is WeaponMode.MELEE:
        return (
            f"{u.name} fights with {w.name}: out of reach, it charges its full Move along the "
            'shortest way and attacks if it ends within 1" (notes A45).'
        )
    if situation is Situation.ENGAGED:
        return (
            f"{u.name} is Engaged: it fights with Improvised Combat (d4, -2 DT), not its "
            f"{w.name} (notes A45)."
        )
    return (
        f'{u.name} shoots its {w.name} (36", notes A40) from where it stands; it moves toward '
        "the target only when it cannot see it (notes A45)."
    )


def _tier_rows(spawn: SpawnRoll) -> str:
    low = (spawn.unit.roll - 1) // 2 * 2 + 1
    return f"{low}-{low + 1}"
