"""The Special type Ghost (R:116; rules notes §1.14, §0 and §6 items 37 and 61).

No Shooting or Close Combat attack is made against a Ghost: it is no target of a Shoot
Action, of a Charge nor of a Move ending in base-to-base with it (R:133), and a template laid
over it, a Strafe hit or an Arc leaves it be. The book makes an attack on a Ghost possible only
for a Blessed model or weapon, the figures printed in parentheses then fighting
(:mod:`.blessed`), and a Banish weapon targets one (:mod:`.banish`). A Ghost never engages
another model in close combat: it does not Charge, nor end a Move in base-to-base with an
enemy (that Move would be a Charge, R:133), and it moves through models
(:meth:`.space.Placement.blockers`); in base contact, it is engaged only with a model Blessed
against it (:func:`.blessed.engaged`). It buys no Skills, weapons nor equipment (the list says
so) and never searches, drags nor picks up a scenario's marker. Terrain costs its Moves
nothing (R:116), though impassable terrain still stops it as it stops every model (a wall is
no penalty); and no model blocks sight in this game, a Ghost no more than any. It never
crosses Table Salt (R:480, notes §6 item 37). A Dexterity, Attacks or Resolve printed "-" is
none: no roll passes it (item 61). A Spectre manifested is no Ghost for Movement, combat,
searching and damage (R:740, :mod:`.icy_touch`). Every Ghost is dispelled, removed from play,
by its own rule (:mod:`.lost_soul`, :mod:`.graves`, :mod:`.purifying`), by a Holy Book (R:472,
:mod:`.wards`) or a Sermon (R:403, :mod:`.sermon`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.geometry.shapes import CONTACT, edge_distance
from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Special types: Ghost (R:116)"
DISPELLED = "dispelled"
"""Why a dispelled Ghost is off the table (R:116)."""
BANISHED = "banished"
"""Why a Banished Ghost is off the table for a while (R:1225, :mod:`.banish`)."""
POSSESSING = "possessing"
"""Why a Mojo is off the table while it possesses a model (R:725, :mod:`.possession`)."""
POSSESSOR = "Mojo: Possessor (R:725)"
"""The rule a possession's events cite (:mod:`.possession`, :func:`.damage.dispossess`)."""
AWAY = (BANISHED, POSSESSING)
"""Why a Ghost off the table is still in play, to come back or to be dispelled."""


def is_ghost(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is a Ghost for Movement, combat, searching and damage: a Spectre
    manifested is none (R:740, :mod:`.icy_touch`)."""
    return is_spirit(game, m) and m.id not in game.state.manifest


def is_spirit(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is of the Special type Ghost, manifested or not: what a Holy Book
    dispels (R:472) and Banish sends away (R:1225)."""
    return "ghost" in catalog_of(game).profile(m.profile).types


def untouchable_error(game: AeonsGame, target: AeonsModel) -> str | None:
    """Why no model may Shoot or Charge ``target``, a Ghost, or ``None``."""
    if not is_ghost(game, target):
        return None
    return f"{target.id} is a Ghost: no Shooting or Close Combat attack is made against it (R:116)"


def engage_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m``, a Ghost, may not Charge, or ``None``."""
    if not is_ghost(game, m):
        return None
    return f"{m.id} is a Ghost: it never engages another model in close combat (R:116)"


def contact_error(game: AeonsGame, m: AeonsModel, point: Point, level: str | None) -> str | None:
    """Why a Move of ``m`` may not end at ``point``: in base-to-base with an enemy when one of
    the two is a Ghost, the Charge it would be refused (R:116, R:133)."""
    for o in game.models:
        if o.side == m.side or not o.on_table or o.level != level:
            continue
        if edge_distance(point, m.radius, o.pos, o.radius) <= CONTACT:
            why = engage_error(game, m) or untouchable_error(game, o)
            if why is not None:
                return why
    return None


def objective_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m``, a Ghost, may not search or move a scenario's marker, or ``None``."""
    if not is_ghost(game, m):
        return None
    return f"{m.id} is a Ghost: it never searches nor interacts with an Objective (R:116)"
