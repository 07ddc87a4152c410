"""The Byakhee's Transporter (R:639): it lifts a friend and carries it.

How it is played (our reading where the book says nothing, notes §3.4): lifting a friend in
base-to-base and setting it down again each take an Action of the Byakhee, as mounting a
Horse does (R:1121). The friend must be free of close combat, ride, carry and be carried by
nothing, and be no Ghost (R:116). While carried it is off the table, as a ridden Horse is
(:mod:`.riding`): it takes no Action of its own and travels with the Byakhee, which sets it
down in base-to-base (the first free spot, turning from the table's centre). A passenger of
Constitution 6 or less costs the Byakhee no Movement; each point more takes 2" off it (its
armour counted, as the book prints a Constitution with armour, "5/6", and Thick Skin's +1:
:func:`.constitution.constitution`). A marker the Byakhee
moves along costs it Movement as ever (:func:`.tokens.penalty`).

A Shooting attack at the Byakhee strikes it or its passenger at random, one D6 for the
attack (:func:`.shooting.random_index`): the shot's cover is the Byakhee's, the saves the
struck model's own. A template's hit falls on the Byakhee alone. When the Byakhee stops being
Normal or is removed by an Injury, the passenger is dropped beside it Face Up
(:func:`.damage.set_state`, :func:`.damage.remove`); one that leaves the table takes its
passenger along, and what the passenger holds (The Bag Man's package, R:1569): off an edge
where its side escapes with it, they escape with it (R:1571, :func:`.objectives.leaving`).
A passenger removed from play (an Animal along with its handler, R:1045) is carried no
more: the Byakhee carries nothing, at full Movement again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons import mobs, riding
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.constitution import constitution
from skirmish.rulesets.strange_aeons.ghosts import is_ghost
from skirmish.rulesets.strange_aeons.space import contacts, in_contact, models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Byakhee: Transporter (R:639)"
LIFT = "lift"
SET_DOWN = "set-down"
ARITY = {LIFT: 2, SET_DOWN: 1}
FREE_CON = 6
"""The Constitution a Byakhee carries at no cost to its Movement."""
PER_POINT = 2
"""What each point of Constitution above that takes off its Movement."""


def passenger_of(game: AeonsGame, carrier: AeonsModel) -> AeonsModel | None:
    """The model ``carrier`` carries, if any."""
    return riding.partner(game, game.state.carried, carrier, 0)


def carrier_of(game: AeonsGame, m: AeonsModel) -> AeonsModel | None:
    """The Byakhee carrying ``m``, if any."""
    return riding.partner(game, game.state.carried, m, 1)


def load(game: AeonsGame, carrier: AeonsModel) -> int:
    """What the passenger takes off ``carrier``'s Movement: 2" a point of Constitution above
    6 (R:639)."""
    passenger = passenger_of(game, carrier)
    return 0 if passenger is None else weight(game, passenger)


def weight(game: AeonsGame, passenger: AeonsModel) -> int:
    """What carrying ``passenger`` takes off a Byakhee's Movement (R:639)."""
    con = constitution(catalog_of(game).profile(passenger.profile))
    return PER_POINT * max(0, con - FREE_CON)


def liftable(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The friends ``m`` may lift now: a Byakhee carrying nothing, a friend in base-to-base,
    out of close combat, riding, ridden, carrying and carried by nothing, in no Mob, no
    Ghost."""
    if not catalog_of(game).profile(m.profile).can("transporter"):
        return []  # as for nearly every model: no friend is looked at
    return [f for f in models(game) if _lift_error(game, m, f) is None]


def fares(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The friends ``m`` could fly to and lift, carrying nothing: those free to be lifted
    that the Byakhee, slowed by their Constitution, still carries faster than they walk."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).can("transporter") or passenger_of(game, m):
        return []
    flies = cat.profile(m.profile).top_move
    return [
        f
        for f in models(game)
        if f.side == m.side
        and f.id != m.id
        and _free(game, f)
        and cat.profile(f.profile).top_move < flies - weight(game, f)
    ]


def _free(game: AeonsGame, f: AeonsModel) -> bool:
    busy = riding.mount_of(game, f) or riding.rider_of(game, f) or passenger_of(game, f)
    # A Ghost has no body to lift (R:116).
    return (
        busy is None
        and not contacts(game, f)
        and not mobs.in_mob(game, f)
        and not is_ghost(game, f)
    )


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """Lifting a friend, or setting the passenger down where there is room."""
    found = [Action(LIFT, (m.id, f.id)) for f in liftable(game, m)]
    if _set_down_error(game, m) is None:
        found.append(Action(SET_DOWN, (m.id,)))
    return found


def _room(game: AeonsGame, m: AeonsModel) -> tuple[float, float] | None:
    """Where ``m``'s passenger would be set down beside it, if it carries one."""
    passenger = passenger_of(game, m)
    if passenger is None:
        return None
    return riding.spot(game, passenger, m.pos, m.radius + passenger.radius, m.level)


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not lift or set down now, or ``None``."""
    if not catalog_of(game).profile(m.profile).can("transporter"):
        return f"{m.id} has no Transporter (R:639)"
    if action.kind == SET_DOWN:
        return _set_down_error(game, m)
    return _lift_error(game, m, game.model(action.args[1]))


def _set_down_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not set its passenger down now: it carries none, or has no room."""
    if passenger_of(game, m) is None:
        return f"{m.id} carries nothing"
    if _room(game, m) is None:
        return f"there is no room beside {m.id} to set its passenger down"
    return None


def _lift_error(game: AeonsGame, m: AeonsModel, friend: AeonsModel) -> str | None:
    """Why ``m``, carrying nothing, may not lift ``friend`` now (:func:`liftable`), or
    ``None``."""
    if passenger_of(game, m) is not None:
        return f"{m.id} carries a model already (R:639)"
    mate = friend.side == m.side and friend.id != m.id and friend.on_table
    if not (mate and in_contact(m, friend)):
        return f"{m.id} lifts only a friend in base-to-base (R:639)"
    if not _free(game, friend):
        return (
            f"{friend.id} is fighting, riding, carrying, a Ghost or in a Mob: it cannot be lifted"
        )
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> None:
    """Lift the friend named, or set the passenger down."""
    if action.kind == LIFT:
        lift(game, m, game.model(action.args[1]))
    else:
        set_down(game, m, "set-down")


def lift(game: AeonsGame, carrier: AeonsModel, friend: AeonsModel) -> None:
    """``carrier`` takes ``friend`` up, off the table."""
    st = game.state
    st.carried = (*st.carried, (carrier.id, friend.id))
    friend.x, friend.y, friend.level = -1.0, -1.0, None
    game.emit("lifted", RULE, (carrier.id, friend.id), penalty=load(game, carrier))


def set_down(game: AeonsGame, carrier: AeonsModel, event: str) -> AeonsModel | None:
    """``carrier``'s passenger, if any, set down in base-to-base (further when there is no
    room there) and returned; ``event`` names why."""
    passenger = passenger_of(game, carrier)
    if passenger is None:
        return None
    near = carrier.radius + passenger.radius
    at = riding.free_spot(game, passenger, carrier.pos, near, carrier.level)
    _unload(game, carrier)
    passenger.x, passenger.y = at
    passenger.level = carrier.level
    game.emit(event, RULE, (carrier.id, passenger.id), at=[round(v, 2) for v in at])
    return passenger


def leaves(game: AeonsGame, carrier: AeonsModel) -> AeonsModel | None:
    """The passenger that leaves the table with ``carrier``, carried no more: it leaves
    where the Byakhee does."""
    passenger = passenger_of(game, carrier)
    if passenger is not None:
        _unload(game, carrier)
        passenger.x, passenger.y, passenger.level = carrier.x, carrier.y, carrier.level
    return passenger


def lost(game: AeonsGame, m: AeonsModel) -> None:
    """``m``, removed from play while carried (an Animal along with its handler), is carried
    no more: its Byakhee carries nothing, at full Movement again."""
    carrier = carrier_of(game, m)
    if carrier is not None:
        _unload(game, carrier)


def _unload(game: AeonsGame, carrier: AeonsModel) -> None:
    game.state.carried = tuple(p for p in game.state.carried if p[0] != carrier.id)
