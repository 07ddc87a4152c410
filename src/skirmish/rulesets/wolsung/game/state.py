"""Where a Wolsung game stands: the turn, the seats and the initiative, the activation under
way, and the score (L28-L52; rules notes §1.2, §1.3, §4)."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.game import Game
from skirmish.engine.record import Record, register_value
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.table.measure import Spot

__all__ = [
    "Effect",
    "Field",
    "Hit",
    "InfiltratorMarker",
    "Link",
    "Template",
    "WolsungGame",
    "WolsungState",
]

register_value(Spot)  # a marker's place, held by The Stolen Blueprints' state


@register_value
@dataclass(frozen=True, slots=True)
class Hit:
    """A hit waiting for the end of its Action (L44): the model, the Wounds, why (the damage's
    terms), the rule of the attack, the rule that topples the model ("" for none), whether a
    Shield takes it (a ranged or magic hit, L597), the seat whose attack it is (-1: none, as
    a spell's price), and the model whose shot it is ("" for none; What do I pay you for!,
    L547)."""

    model: str
    wounds: int
    why: str
    rule: str
    topples: str = ""
    shielded: bool = False
    scorer: int = -1
    shooter: str = ""


@register_value
@dataclass(frozen=True, slots=True)
class Effect:
    """An effect on ``model`` until ``until``: ``stat`` changed by ``amount``, or the rule
    ``keyword`` gained (``amount`` its value, if it takes one: ``move_penalty[1]``), or
    (``actions``) extra Actions ``caster``'s player makes with it;
    ``rule`` cites the spell; ``started`` once the model's next activation has begun."""

    model: str
    until: str
    rule: str
    stat: str = ""
    amount: int = 0
    keyword: str = ""
    actions: int = 0
    caster: str = ""
    started: bool = False


@register_value
@dataclass(frozen=True, slots=True)
class Field:
    """A Shield: ``wounds`` left over the models it ``covers``, its own Armour, until
    ``until`` (L597, §7 item 79)."""

    covers: tuple[str, ...]
    wounds: int
    armour: int
    until: str
    rule: str


@register_value
@dataclass(frozen=True, slots=True)
class Link:
    """Two models that count as in base contact though their bases do not touch: a Charge
    held short of its target on another level by enemies taking the room there (L150). It
    holds while both stand where they stood then (``a_at``, ``b_at``)."""

    a: str
    b: str
    a_at: Spot
    b_at: Spot


@register_value
@dataclass(frozen=True, slots=True)
class Template:
    """A template lying on the table: ``id`` (``F1``, ``M2``...), ``kind`` (``fire``,
    ``mist``), a disc of ``radius`` centred at ``x, y`` on ``level``, laid by the club of seat
    ``side`` (L575, L723)."""

    id: str
    kind: str
    x: float
    y: float
    radius: float
    level: str | None
    side: int


@register_value
@dataclass(frozen=True, slots=True)
class InfiltratorMarker:
    """One of the markers an Infiltrator may come in on: the ``model``'s base at ``spot``
    (L535)."""

    model: str
    spot: Spot


@dataclass(slots=True, eq=False)
class WolsungState(Record):
    """The game's own state.

    ``seats`` are the sides clockwise (L46); ``first`` is the First Player (L30, L46);
    ``initiative`` the seat to activate next, ``returns_to`` the seat a won Delay gives the
    initiative back to (L48); ``offer_delay`` whether the seat holding the initiative has just
    received it and may bid to Delay; ``last_active`` the seat whose activation came last this
    turn (-1 before the turn's first), the previous player a Delay makes activate again (L48);
    ``stolen`` whether this turn's Steal has gone round (L46); ``extra_turn`` once the roll for
    a seventh turn is won (``wolsung-scenarios.md`` §4.0). ``heroes_fielded`` counts each seat's
    Heroes at the start of the game, dead ones included (L40, §7 item 5). ``zones`` are the
    deployment zones taken, each with the seat that took it, in the order they were chosen.
    ``vp`` are each seat's victory points, ``casualties`` its casualty points (the victory
    points of S1, a tie-break elsewhere), ``scored`` the points of objectives, districts, Clues
    and the Blueprints; ``fallen`` the models put out of action, each with the seat it counts
    to: the one whose attack did it (-1: none, or a club that was wiped out by then). ``clues``,
    ``blueprints`` and ``carrier`` are The Stolen Blueprints' Clues left, the Blueprints where
    they were dropped, and the model carrying them (:mod:`.blueprints`). ``infiltrator_markers``
    are the markers of the Infiltrators still to come in (L535); ``next_up`` the models that
    must activate next, as one activation (L493). ``crowd`` the models holding a Crowd Token
    (L727-L731, :mod:`.crowd`). ``pending`` are the hits of the Action under way, applied at its
    end (L44). ``used_this_game`` and ``used_this_action`` are the rules each model has spent,
    as (model, keyword id): once a game (Beginner's Luck L222, the top-hat L434), once in the
    Action under way (Duellist Extraordinaire L415). ``effects`` and ``shields`` are what spells
    left on models (:mod:`.effects`); ``essence`` the Essence tokens on each bearer of an Amulet
    of Life and Death (L756); ``puppets`` each Death Puppet's bearer and the enemy Hero tied to
    it (L754). ``links`` are the models that count as in base contact across levels (L150).
    ``templates`` lie on the table, ``laid`` counts those laid this game (their ids), ``burnt``
    the models a template has hurt in the Action under way, with its id (L575, L787).
    """

    seats: tuple[int, ...] = (0, 1)
    turn: int = 0
    first: int = 0
    initiative: int = 0
    returns_to: int = -1
    offer_delay: bool = False
    last_active: int = -1
    stolen: bool = False
    extra_turn: bool = False
    heroes_fielded: tuple[int, ...] = ()
    zones: tuple[tuple[int, str], ...] = ()
    vp: tuple[int, ...] = ()
    casualties: tuple[int, ...] = ()
    scored: tuple[int, ...] = ()
    fallen: tuple[tuple[str, int], ...] = ()
    clues: tuple[Spot, ...] = ()
    blueprints: Spot | None = None
    carrier: str = ""
    infiltrator_markers: tuple[InfiltratorMarker, ...] = ()
    next_up: tuple[str, ...] = ()
    crowd: tuple[str, ...] = ()
    pending: tuple[Hit, ...] = ()
    used_this_game: tuple[tuple[str, str], ...] = ()
    used_this_action: tuple[tuple[str, str], ...] = ()
    effects: tuple[Effect, ...] = ()
    shields: tuple[Field, ...] = ()
    essence: tuple[tuple[str, int], ...] = ()
    puppets: tuple[tuple[str, str], ...] = ()
    links: tuple[Link, ...] = ()
    templates: tuple[Template, ...] = ()
    laid: int = 0
    burnt: tuple[tuple[str, str], ...] = ()


WolsungGame = Game[WolsungModel, WolsungState]
"""A game of Wolsung: its models are ``WolsungModel``, its state ``WolsungState``."""
