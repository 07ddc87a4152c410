"""Every row of the eight Critical tables (R6.1-R6.8) and the three Fumble tables (R7.1-R7.3),
rolled in play with fixed dice and checked for its effect (C4.16, C4.17, C5.1)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    TOUCH,
    dice_left,
    events,
    options,
    scenario,
    script,
)

from skirmish.engine.game import Game
from skirmish.rulesets.sacred_wire.rules_data.catalog import CriticalTable, FumbleTable, TableRow
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    ArmorSlag,
    DamageOverTime,
    DestroyWeapon,
    Dissolved,
    DropWeapon,
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
from skirmish.rulesets.sacred_wire.squads.roster import armor, move_allowance, roll_modifiers, tier

#: A weapon of each Critical table's type, and whether the attack is "fight" or "shoot".
#: None of them has a Critical roll modifier, a Knockback or a chain hit.
CRITICAL_WEAPONS = {
    "bladed": ("Knife", "fight"),
    "blunt": ("Knuckles", "fight"),
    "projectile": ("Pistol", "shoot"),
    "energy": ("Laser", "shoot"),
    "explosive": ("Frag Pistol", "shoot"),
    "toxic": ("Shiv", "fight"),
    "static": ("Cable Whip", "fight"),
    "broadcast": ("Screamer", "shoot"),
}

#: The Permanent tier losses by attribute (notes A70, A72).
LOSSES = {
    RollKind.COMBAT: ("combat",),
    RollKind.DEFENSE: ("defense",),
    RollKind.WITS: ("wits",),
    RollKind.ALL: ("combat", "defense", "wits"),
}

EXTRA = 3  # the +d4 / +d6 face of a Critical's bonus damage
PUSH = 2  # Blown Back's d6"
SELF = 3  # a Fumble's "take weapon damage" (or d4) face
ALLY = 3  # the damage face of a Wild Swing, Friendly Fire or Wave Bounce on an ally


def face(row: TableRow) -> int:
    """The d6 face that lands on ``row`` with no modifier ("6+" -> 6)."""
    return row.roll if isinstance(row.roll, int) else int(str(row.roll).rstrip("+"))


def rows(tables: tuple[CriticalTable, ...] | tuple[FumbleTable, ...]) -> list[Any]:
    return [
        pytest.param(table, row, id=f"{table.rule}-{row.name}")
        for table in tables
        for row in table.rows
    ]


def table_results(game: Game) -> list[tuple[str, str]]:
    return [(e.rule, e.data["row"]) for e in events(game, "table-result")]


# --- R6: Critical tables -------------------------------------------------------------------------


@pytest.mark.parametrize(("table", "row"), rows(CATALOG.critical_tables))
def test_r6_critical_rows_apply_their_effect(table: CriticalTable, row: TableRow) -> None:
    # The Boss (A1, no damage bonus) hits the Veteran (B5, armour taken off so that neither
    # Protective Lining's -1 on the Critical roll nor armour blurs the numbers): 6 against 2
    # is a Triple, maximum damage and the table's d6 at +0 (C4.16).
    weapon, verb = CRITICAL_WEAPONS[str(table.weapon_type)]
    effects = row.effects
    target = (10.0, 10.0 + TOUCH) if verb == "fight" else (10.0, 14.0)
    slag = any(isinstance(e, ArmorSlag) for e in effects)
    placed = {
        "A1": {"pos": (10.0, 10.0), "weapons": (weapon,)},
        "B5": {"pos": target, "armor": "Heavy Cuirass" if slag else None},
        "A2": (1.0, 1.0),
        "B1": (23.0, 23.0),
    }
    dice = script("attack", 3, 3, "defense", 1, 1, "critical", face(row))
    if any(isinstance(e, ExtraDamage) for e in effects):
        dice += script("critical-damage", EXTRA)
    if any(isinstance(e, Push) for e in effects):
        dice += script("push", PUSH)
    game = scenario(placed, dice, act="A1")
    b5 = game.model("B5")
    before = {a: tier(game, b5, a) for a in ("combat", "defense", "wits")}
    move = move_allowance(game, b5)
    piece = armor(game, b5)
    reduction = piece.reduction if piece is not None else 0

    game.apply(f"{verb} A1 B5 {weapon.lower().replace(' ', '-')}")
    if game.decision is not None and game.decision.kind == "defense":
        game.apply("defend B5")

    assert table_results(game) == [(table.rule, row.name)]
    damage = CATALOG.weapon(weapon).damage.max - reduction  # a Triple: the maximum (C4.16)
    for effect in effects:
        if isinstance(effect, ExtraDamage):
            damage += EXTRA
        elif isinstance(effect, DamageOverTime):
            assert str(effect.status) in b5.statuses
        elif isinstance(effect, LoseNextActivation):
            assert b5.lose_activation == table.rule
        elif isinstance(effect, PermanentTierLoss) and effect.roll is RollKind.RANGED_ATTACK:
            assert [m.steps for m in roll_modifiers(b5, "attack", ranged=True)] == [-effect.n]
            assert roll_modifiers(b5, "attack", ranged=False) == ()
        elif isinstance(effect, PermanentTierLoss):
            for attribute in LOSSES[effect.roll]:
                assert tier(game, b5, attribute) == before[attribute].step(-effect.n)
        elif isinstance(effect, PermanentMoveLoss):
            assert move_allowance(game, b5) == move - effect.inches
        elif isinstance(effect, DropWeapon):
            # The attacker picks the weapon (notes A65).
            assert game.decision is not None and game.decision.player == 0
            assert options(game) == ["drop B5 pistol", "drop B5 shiv"]
            game.apply("drop B5 shiv")
            assert b5.weapons == ("Pistol",)
            assert [e.data["weapon"] for e in events(game, "dropped")] == ["Shiv"]
        elif isinstance(effect, ArmorSlag):
            slagged = armor(game, b5)
            assert slagged is not None and slagged.armor_class == "medium"  # Heavy -> Medium
        elif isinstance(effect, Push):
            assert b5.pos == pytest.approx((target[0], target[1] + PUSH))  # away from A1
        elif isinstance(effect, Dissolved):
            assert (b5.dissolve_round, b5.injury, b5.removed) == (2, -2, None)
        elif isinstance(effect, OutOfAction):
            assert (b5.removed, b5.injury) == ("out of action", effect.injury_modifier)
        elif isinstance(effect, Flee):
            assert b5.fleeing
        elif isinstance(effect, Hijacked):
            assert (b5.hijacked_by, b5.hijack_at) == (0, 1)
        elif isinstance(effect, TimedTierBonus):
            assert roll_modifiers(b5, "attack") == ()  # only during its next activation
            assert [(e.kind, e.n, e.roll, e.source) for e in b5.timed] == [
                ("tier", effect.n, str(effect.roll), row.name)
            ]
        elif isinstance(effect, ForcedAdvance):
            assert [e.kind for e in b5.timed] == ["advance"]
        else:
            pytest.fail(f"no check for {effect!r}")
    assert [e.data["amount"] for e in events(game, "damaged")] == [damage]
    assert dice_left(game) == []


# --- R7: Fumble tables ---------------------------------------------------------------------------

#: Per Fumble table: the models placed, the fumbler, the ally within reach, the weapon fumbled,
#: the action(s) and the opposed dice where the other side triples the fumbler.
FUMBLES: dict[str, dict[str, Any]] = {
    # The Brute (A2) swings its Sword at the Veteran (B5), who Defends: 2 against 6.
    "melee": {
        "placed": {
            "A2": (10.0, 10.0),
            "B5": (10.0, 10.0 + TOUCH),
            "A3": (10.0 - TOUCH - 0.5, 10.0),
            "A1": (1.0, 1.0),
            "B1": (23.0, 23.0),
        },
        "fumbler": "A2",
        "ally": "A3",
        "weapon": "Sword",
        "actions": ("fight A2 B5 sword", "defend B5"),
        "opposed": script("attack", 1, 1, "defense", 3, 3),
        "ally_damage": ALLY,  # the Sword's damage, no Brute's +1; the Zealot has no armour
    },
    # A Gunner (B2) shoots the Agent (A4) with its Pistol: 2 against 6.
    "ranged": {
        "placed": {"B2": (10.0, 4.0), "A4": (10.0, 9.5), "B3": (14.0, 4.0), "A1": (1.0, 1.0)},
        "fumbler": "B2",
        "ally": "B3",
        "weapon": "Pistol",
        "actions": ("shoot B2 A4 pistol",),
        "opposed": script("attack", 1, 1, "defense", 3, 3),
        "ally_damage": ALLY,
    },
    # The Broadcaster (A5) casts Signal Jam at a Gunner (B2): 2 against 6 (C5.1, R7.3).
    "broadcast": {
        "placed": {
            "A5": (12.0, 4.0),
            "A3": (12.0, 7.0),
            "B2": (12.0, 12.0),
            "A1": (1.0, 1.0),
        },
        "fumbler": "A5",
        "ally": "A3",
        "weapon": "",
        "actions": ("cast A5 B2",),
        "opposed": script("cast", 1, 1, "resist", 3, 3),
        "ally_damage": ALLY,  # Wave Bounce's d4; the Zealot has no armour
    },
}


@pytest.mark.parametrize(("table", "row"), rows(CATALOG.fumble_tables))
def test_r7_fumble_rows_apply_their_effect(table: FumbleTable, row: TableRow) -> None:
    setup = FUMBLES[str(table.kind)]
    effects = row.effects
    dice = [*setup["opposed"], *script("fumble", face(row))]
    self_damage = next((e for e in effects if isinstance(e, SelfDamage)), None)
    if self_damage is not None and not self_damage.maximum:
        dice += script("fumble-damage", SELF)
    for effect in effects:
        if isinstance(effect, HitAlly):
            # An ally in reach takes the weapon's damage (Wave Bounce: its own d4).
            dice += script("fumble-damage", ALLY)
    game = scenario(setup["placed"], dice, act=setup["fumbler"])
    fumbler, ally = game.model(setup["fumbler"]), game.model(setup["ally"])
    piece = armor(game, fumbler)
    reduction = piece.reduction if piece is not None else 0
    weapon = setup["weapon"]

    for action in setup["actions"]:
        game.apply(action)

    assert table_results(game) == [(table.rule, row.name)]
    lost = 0
    for effect in effects:
        if isinstance(effect, LoseNextActivation):
            assert fumbler.lose_activation == table.rule
        elif isinstance(effect, TimedTierBonus):
            ranged = table.kind == "ranged"
            mods = roll_modifiers(fumbler, str(effect.roll), ranged=ranged)
            assert [m.steps for m in mods] == [effect.n]
            roll_modifiers(fumbler, str(effect.roll), ranged=ranged, use=True)
            assert roll_modifiers(fumbler, str(effect.roll), ranged=ranged) == ()  # next roll
        elif isinstance(effect, SelfDamage):
            rolled = CATALOG.weapon(weapon).damage.max if effect.maximum else SELF
            lost += max(0, rolled - reduction)
        elif isinstance(effect, HitAlly):
            assert ally.health == ally.max_health - setup["ally_damage"]
        elif isinstance(effect, DropWeapon):
            assert weapon not in fumbler.weapons
            assert [d.weapon for d in game.state.dropped] == [weapon]
        elif isinstance(effect, DestroyWeapon):
            assert weapon not in fumbler.weapons
            assert game.state.dropped == ()
            assert [e.data["weapon"] for e in events(game, "destroyed")] == [weapon]
        elif isinstance(effect, LockPower):
            assert fumbler.locked == fumbler.powers
            assert not [o for o in options(game) if o.startswith("cast")]
        elif isinstance(effect, ForgetPower):
            assert fumbler.forgotten == fumbler.powers
        else:
            pytest.fail(f"no check for {effect!r}")
    assert fumbler.health == fumbler.max_health - lost
    assert dice_left(game) == []
