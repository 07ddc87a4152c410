"""A squad as it takes the table: each model's profile by the names of its choices and the
numbers its squad file built (C2.1-C2.4), a frozen value the game state holds (DESIGN, second
edition of the contract: State).

A validated :class:`.squad.Squad` holds catalogue records; a :class:`Lineup` holds their names,
which the rules look up in the catalogue of the ruleset the game plays, so a save keeps a squad
as plain values and a shallow copy of the state shares nothing mutable.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.record import register_value
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import HostileUnit
from skirmish.rulesets.sacred_wire.squads.squad import Squad, SquadModel


@register_value
@dataclass(frozen=True, slots=True)
class Profile:
    """One model's profile as its squad built it: its name, contract, whether it is the Boss
    (C2), its final dice (sides of the pair, C2.1), Health and Move (C2.2, C2.4, R3.5-R3.8) and
    its kit and Powers by catalogue names.

    A campaign squad brings what its earlier games left (:meth:`.book.Book.lineup`): ``damage``
    taken off its Health at the start (Performance Review, notes A62), armour classes lost to
    Slag Armor (``slag``, R6.4, notes A71) and ``burned`` DT lost on ranged attacks (Burned
    Out, notes A72); the game's outcome counts only what this game adds to them."""

    name: str
    contract: str
    boss: bool
    combat: int
    defense: int
    wits: int
    health: int
    move: int
    weapons: tuple[str, ...] = ()
    armor: str | None = None
    grenades: tuple[str, ...] = ()
    consumables: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    cybernetics: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    damage: int = 0
    slag: int = 0
    burned: int = 0

    @property
    def is_boss(self) -> bool:
        """True for the squad's one Boss (C2)."""
        return self.boss


@register_value
@dataclass(frozen=True, slots=True)
class Lineup:
    """A squad in play: its name and its models' profiles, in the squad file's order."""

    name: str
    models: tuple[Profile, ...]


def profile_of(model: SquadModel) -> Profile:
    """A validated model's profile as names and numbers."""
    return Profile(
        name=model.name,
        contract=model.contract.name,
        boss=model.is_boss,
        combat=model.combat,
        defense=model.defense,
        wits=model.wits,
        health=model.health,
        move=model.move,
        weapons=tuple(w.name for w in model.weapons),
        armor=model.armor.name if model.armor else None,
        grenades=tuple(g.name for g in model.grenades),
        consumables=tuple(c.name for c in model.consumables),
        gear=tuple(g.name for g in model.gear),
        cybernetics=tuple(c.name for c in model.cybernetics),
        powers=(model.power.name,) if model.power else (),
    )


def hostile_profile(unit: HostileUnit) -> Profile:
    """A hostile unit's profile (I1): its faction's id stands for the contract whose terms it
    plays by (:meth:`.Catalog.model_contract`); it is no Boss and carries its one weapon."""
    return Profile(
        name=unit.name,
        contract=unit.faction,
        boss=False,
        combat=unit.combat,
        defense=unit.defense,
        wits=unit.wits,
        health=unit.health,
        move=unit.move,
        weapons=(unit.weapon.name,),
    )


def lineup_of(squad: Squad) -> Lineup:
    """A validated squad as the state keeps it."""
    return Lineup(squad.name, tuple(profile_of(m) for m in squad.models))
