"""The squads in play: each model's profile and what its kit, losses and effects make of it.

Profiles come from the squads the state holds (:mod:`.lineup`, built from the squads the setup
embeds, validated by :mod:`.squad`); this module turns a model's profile, the kit it still
carries, its permanent losses (R6) and its timed effects into the numbers the rules use: dice
tiers, Move, weapons, armour, reach.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game.model import MOVE, NEXT_ROLL, TIER, WireModel
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier, TierModifier
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Armor,
    ArmorClass,
    Catalog,
    Contract,
    MeleeWeapon,
    RangedWeapon,
    WeaponAccess,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    CanCast,
    Effect,
    EngageMoveBonus,
    FreeClimb,
    FreeDisengage,
    IgnoreFreeAttacks,
    NoRiposte,
    Reach,
    RerollFailed,
    effects_of,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import Roll as RollKind
from skirmish.rulesets.sacred_wire.squads.lineup import Profile
from skirmish.rulesets.sacred_wire.squads.squad import armor_move

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

Weapon = MeleeWeapon | RangedWeapon

CONTRACTS = "C2.4"  # the contracts' specials, which this module reads off the profiles

UNARMED = "Unarmed"  # R3.1: a model with no weapon fights Unarmed
IMPROVISED = "Improvised"  # R3.1: a ranged weapon swung as a club


SOURCE_MARKER = "source"  # M13.2's package: it slows nobody, its holder cannot cast
OBJECTIVE_MARKER = "objective"  # M1.1's package: its carrier cannot Disengage


def slug_name(game: WireGame, word: str) -> str:
    """The name of the weapon, grenade, consumable, Power or blessing an action text names by
    its slug.

    Raises:
        KeyError: the slug names nothing in the game's catalogue.
    """
    name = catalog_of(game).slug_name(word)
    if name is None:
        raise KeyError(word)
    return name


def profile(game: WireGame, m: WireModel) -> Profile:
    """The model's profile as its squad file built it (C2.1-C2.4)."""
    return game.state.lineups[m.side].models[m.slot]


def contract(game: WireGame, m: WireModel) -> Contract:
    """The model's contract (C2.4), or for a hostile its faction's rules (I1)."""
    return catalog_of(game).model_contract(profile(game, m).contract)


# --- dice tiers ----------------------------------------------------------------------------


def tier(game: WireGame, m: WireModel, attribute: str) -> Tier:
    """An attribute's dice tier after permanent losses (R6; never below 2d4, C1.9)."""
    p = profile(game, m)
    sides = {"combat": p.combat, "defense": p.defense, "wits": p.wits}[attribute]
    return _stepped(sides, -m.losses.of(attribute))


@cache  # a handful of pairs, asked for both sides of every attack weighed
def _stepped(sides: int, steps: int) -> Tier:
    return Tier(sides).step(steps)


def _matches(entry_roll: str, roll: str, ranged: bool) -> bool:
    """Whether a timed tier effect on ``entry_roll`` touches the roll being made.

    Rolls being made: ``attack`` (Combat of an attack), ``riposte`` (Combat, C4.7), ``throw``
    (Combat of a grenade), ``defense``, ``wits`` (tests), ``cast``/``resist`` (Wits, C5.1).
    """
    if entry_roll == RollKind.ALL:
        return True
    if entry_roll == RollKind.COMBAT:
        return roll in ("attack", "riposte", "throw")
    if entry_roll == RollKind.ATTACK:
        return roll == "attack"
    if entry_roll == RollKind.DEFENSE:
        return roll == "defense"
    if entry_roll == "defense-ranged":
        return roll == "defense" and ranged
    if entry_roll == RollKind.WITS:
        return roll in ("wits", "cast", "resist")
    if entry_roll == RollKind.CAST:
        return roll == "cast"
    return False


def roll_modifiers(
    m: WireModel, roll: str, ranged: bool = False, use: bool = False
) -> tuple[TierModifier, ...]:
    """Timed DT modifiers on a roll ``m`` makes now (statuses, stims, Powers, fumbles).

    ``use``: the roll is being made, so "next roll" effects (R7) are used up. Burned Out's
    permanent -1 DT applies to ranged attacks only (notes A72).
    """
    found: list[TierModifier] = []
    spent = False
    for entry in m.timed:
        if entry.kind != TIER or not m.applies(entry) or not _matches(entry.roll, roll, ranged):
            continue
        found.append(TierModifier(entry.n, entry.source, entry.rule))
        if entry.end == NEXT_ROLL:
            spent = True
    if roll == "attack" and ranged and m.losses.ranged:
        found.append(TierModifier(-m.losses.ranged, "Burned Out", "R6.4"))
    if spent and use:
        m.timed = tuple(
            e
            for e in m.timed
            if not (e.kind == TIER and e.end == NEXT_ROLL and _matches(e.roll, roll, ranged))
        )
    return tuple(found)


# --- kit ---------------------------------------------------------------------------------


def contract_effects(game: WireGame, m: WireModel) -> tuple[Effect, ...]:
    """The contract's specials (C2.4)."""
    return contract(game, m).effects


def kit_effects(game: WireGame, m: WireModel) -> tuple[Effect, ...]:
    """Contract, armour and gear specials of the model (weapons excluded)."""
    return _kit_effects(catalog_of(game), profile(game, m).contract, m.armor, m.slag, m.gear)


@cache  # a catalogue and a kit are fixed, and the rules ask for a model's specials at every step
def _kit_effects(
    catalog: Catalog, terms: str, worn: str | None, slag: int, gear: tuple[str, ...]
) -> tuple[Effect, ...]:
    found: list[Effect] = [*catalog.model_contract(terms).effects]
    piece = worn_armor(catalog, worn, slag)
    if piece is not None:
        found += piece.effects
    for name in gear:
        found += catalog.gear(name).effects
    return tuple(found)


def has(game: WireGame, m: WireModel, kind: type[Effect]) -> bool:
    """Whether the model's contract, armour or gear has an effect of ``kind``."""
    return any(isinstance(e, kind) for e in kit_effects(game, m))


_CLASSES = (ArmorClass.LIGHT, ArmorClass.MEDIUM, ArmorClass.HEAVY)


def armor(game: WireGame, m: WireModel) -> Armor | None:
    """The model's armour after Slag Armor (R6.4, notes A71): one class lighter per slag,
    destroyed below Light; the piece keeps its own special."""
    return worn_armor(catalog_of(game), m.armor, m.slag)


@cache  # see _kit_effects
def worn_armor(catalog: Catalog, worn: str | None, slag: int) -> Armor | None:
    """The armour piece ``worn`` after ``slag`` classes lost (:func:`armor`), by its name."""
    if worn is None:
        return None
    piece = catalog.armor(worn)
    if not slag:
        return piece
    rank = piece.armor_class.rank - slag
    if rank < 0:
        return None
    info = catalog.armor_class(_CLASSES[rank])
    return replace(piece, armor_class=info.armor_class, reduction=info.reduction)


def weapons(game: WireGame, m: WireModel) -> list[Weapon]:
    """The weapons the model still carries."""
    return list(catalog_of(game).kit(m.weapons))


def melee_weapons(game: WireGame, m: WireModel) -> tuple[MeleeWeapon, ...]:
    """Melee weapons it can fight with: those it carries, else Improvised Combat (R3.1):
    a ranged weapon swung as a club, or Unarmed."""
    return _melee_kit(catalog_of(game), m.weapons)


@cache  # a catalogue and a kit are fixed, and engagement asks for them at every step
def _melee_kit(catalog: Catalog, names: tuple[str, ...]) -> tuple[MeleeWeapon, ...]:
    kit = catalog.kit(names)
    carried = tuple(w for w in kit if isinstance(w, MeleeWeapon))
    if carried:
        return carried
    if any(isinstance(w, RangedWeapon) for w in kit):
        return (catalog.melee_weapon(IMPROVISED),)
    return (catalog.melee_weapon(UNARMED),)


def melee_reaches(game: WireGame, m: WireModel) -> tuple[tuple[MeleeWeapon, float], ...]:
    """Each melee weapon it can fight with (:func:`melee_weapons`) and that weapon's reach."""
    return _melee_reaches(catalog_of(game), m.weapons)


@cache  # see _melee_kit: a weapon's reach is kept by weapon, and a weapon hashes slowly
def _melee_reaches(
    catalog: Catalog, names: tuple[str, ...]
) -> tuple[tuple[MeleeWeapon, float], ...]:
    return tuple((w, weapon_reach(w)) for w in _melee_kit(catalog, names))


def ranged_weapons(game: WireGame, m: WireModel) -> list[RangedWeapon]:
    """Ranged weapons it carries."""
    return list(_ranged_kit(catalog_of(game), m.weapons))


@cache  # see _melee_kit; every activation's options ask for them
def _ranged_kit(catalog: Catalog, names: tuple[str, ...]) -> tuple[RangedWeapon, ...]:
    return tuple(w for w in catalog.kit(names) if isinstance(w, RangedWeapon))


def mean_damage(weapon: Weapon) -> float:
    """The weapon's damage on an average roll (a choice between weapons by their harm)."""
    return (weapon.damage.min + weapon.damage.max) / 2


@cache  # a weapon is frozen data, and engagement asks for its reach at every step
def weapon_reach(weapon: MeleeWeapon) -> float:
    """How far a melee weapon engages: 1", or its Reach (R3.2 Cable Whip, C4.5)."""
    reach = [e.inches for e in effects_of(weapon.effects, Reach)]
    return float(max(reach, default=1))


def reach(game: WireGame, m: WireModel) -> float:
    """The longest reach of the melee weapons it fights with (C4.5)."""
    return _reach(catalog_of(game), m.weapons)


@cache  # see _melee_kit
def _reach(catalog: Catalog, names: tuple[str, ...]) -> float:
    return max(most for _, most in _melee_reaches(catalog, names))


def can_riposte_with(weapon: MeleeWeapon) -> bool:
    """Improvised and Unarmed cannot Riposte (R3.1)."""
    return not any(isinstance(e, NoRiposte) for e in weapon.effects)


def may_carry(game: WireGame, m: WireModel, weapon: Weapon) -> bool:
    """Whether the contract may use ``weapon`` (C2.3), for picking up dropped weapons."""
    access = contract(game, m).weapons
    if access is WeaponAccess.MELEE:
        return isinstance(weapon, MeleeWeapon)
    if access is WeaponAccess.RANGED:
        return isinstance(weapon, RangedWeapon)
    return True


def leaves_freely(game: WireGame, m: WireModel) -> bool:
    """Whether leaving engagement provokes no free attacks and needs no Disengage (notes
    A18): a model with an Inhibitor always (R3.10); a Scout by its free Disengage, which the
    carrier of Extraction's objective, unable to Disengage, has not (C2.4, M1.1)."""
    if has(game, m, IgnoreFreeAttacks):
        return True
    return has(game, m, FreeDisengage) and not carries_objective(game, m)


def carries_objective(game: WireGame, m: WireModel) -> bool:
    """``m`` carries Extraction's objective (M1.1)."""
    return _carries(game, m, lambda marker: marker == OBJECTIVE_MARKER)


def castable(game: WireGame, m: WireModel) -> tuple[str, ...]:
    """The Powers ``m`` may cast now: a Broadcaster's Powers no Fumble locked (C5.1, R7.3),
    none while it holds the Source (M13.2)."""
    if not m.powers or holds_source(game, m) or not has(game, m, CanCast):
        return ()
    return tuple(p for p in m.powers if p not in m.locked)


def holds_source(game: WireGame, m: WireModel) -> bool:
    """``m`` carries the Source (M13.2)."""
    return _carries(game, m, lambda marker: marker == SOURCE_MARKER)


def _carries(game: WireGame, m: WireModel, which: Callable[[str], bool]) -> bool:
    """Whether ``m`` carries a mission's package whose marker ``which`` accepts (M1.1,
    M12.1, M13.2); asked at every move and cast, in games that mostly have none."""
    objectives = game.state.objectives
    return bool(objectives) and any(o.carrier == m.id and which(o.marker) for o in objectives)


def can_cast(game: WireGame, m: WireModel) -> bool:
    """A Broadcaster with a Power it may still cast (:func:`castable`)."""
    return bool(castable(game, m))


def rerolls_failed_wits(game: WireGame, m: WireModel) -> bool:
    """The Agent re-rolls failed Wits tests (C2.4, notes A3)."""
    return any(isinstance(e, RerollFailed) for e in contract_effects(game, m))


def free_climb(game: WireGame, m: WireModel) -> float:
    """The height a Grapple climbs for free (R3.10), else 0."""
    return _free_climb(catalog_of(game), profile(game, m).contract, m.armor, m.slag, m.gear)


@cache  # see _kit_effects: every move asked about reads it
def _free_climb(
    catalog: Catalog, terms: str, worn: str | None, slag: int, gear: tuple[str, ...]
) -> float:
    kit = _kit_effects(catalog, terms, worn, slag, gear)
    return float(max((e.max_vertical for e in effects_of(kit, FreeClimb)), default=0))


def engage_move_bonus(game: WireGame, m: WireModel) -> float:
    """Zealot: +2" on a move that ends Engaged (C2.4, notes A19)."""
    return _engage_move_bonus(catalog_of(game), profile(game, m).contract)


@cache  # see _free_climb
def _engage_move_bonus(catalog: Catalog, terms: str) -> float:
    effects = catalog.model_contract(terms).effects
    return float(sum(e.inches for e in effects_of(effects, EngageMoveBonus)))


def slag_move(
    catalog: Catalog, terms: Contract, built: str | None, worn: str | None, slag: int
) -> int:
    """What Slag Armor changes the Move of a model of contract ``terms`` by (notes A71): the
    change of the piece its Move was built with (``built``) gives way to that of the piece it
    wears (``worn``) ``slag`` classes down, so Heavy's -1" goes with the class and the piece's
    own change stays; a Brute ignores the penalties (notes A22). Play's allowance and the
    campaign sheet both read it."""
    if not slag:
        return 0
    slagged, whole = worn_armor(catalog, worn, slag), worn_armor(catalog, built, 0)
    return armor_move(terms, slagged, catalog) - armor_move(terms, whole, catalog)


def move_allowance(game: WireGame, m: WireModel) -> float:
    """Move in inches (C2.2): the contract's, changed by the armour worn now (R3.6-R3.8; a
    Brute ignores the penalties, notes A22; Slag Armor takes Heavy's -1" with the class, notes
    A71), Adrenaline (R3.9) and permanent losses (R6); never below 0. A model carrying a
    mission's package moves at half of that, rounded down (M1.1, M12.1, notes A102)."""
    built = profile(game, m)
    move = built.move + slag_move(catalog_of(game), contract(game, m), built.armor, m.armor, m.slag)
    bonus = sum(e.n for e in m.timed if e.kind == MOVE and m.applies(e)) if m.timed else 0
    final = max(0, move + bonus - m.move_loss)
    if _carries(game, m, lambda marker: marker != SOURCE_MARKER):
        return float(final // 2)  # the objective or the informant; the Source does not slow
    return float(final)
