"""Essential Saltes, the Plot Point a Lurker carries and empties (R:933, rules notes §3.14).

The list names the Human or Humanoid model carrying the jar (:mod:`.lists.plot_points`), its
first one out of a Mob by default; the game keeps it in the side's setup (``saltes``,
:mod:`.forces`) with what the jar may raise: every played Human, Humanoid or Beast profile a
Lurker list buys, worth what a list pays for it bare, and the worth allowed, 4 points and the
points the list banked (the notes' reading of §6 item 68: points left unspent raise it one
for one). A Swarm, whose points buy 1D3 models (R:613), is none of them.

Once a game, as an Action, the carrier (Normal, out of base-to-base with any enemy, as any
Action of this game) empties it: ``saltes L3 cultist`` names the profile, and its player sets
the model raised down in base contact with the carrier (``raised``, a point refused on another
base, off the table or in terrain no model enters; :func:`.space.beside_error`, as the Dark
Spawn's Puppet; its base its own, though a Mob carries the jar). A Unique profile is raised
only while the side has none (R:515, as the Summoner's Daemons, :func:`.summoning.unclaimed`).
The model raised is a model of the list from then on, with its Wounds whole, counted for
victory as any other and nominated from the next Turn, as every model brought into play in a
Turn. The jar emptied is kept with the
once-a-game gear spent (``gear_used``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import plots
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.lists.plot_points import SALTES
from skirmish.rulesets.strange_aeons.lists.wording import a
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.reagents import spawn_id
from skirmish.rulesets.strange_aeons.space import (
    base_radius,
    beside_error,
    beside_spots,
    newcomer,
    set_down,
)
from skirmish.rulesets.strange_aeons.summoning import Summons, unclaimed

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = plots.cite(plots.PLOTS[SALTES])
LINE = f"R:{plots.PLOTS[SALTES].line}"
EMPTY = "saltes"
ARITY = {EMPTY: 2}
RAISED = "raised"
"""The decision of where the model raised is set down, and its event."""


@dataclass(frozen=True, slots=True)
class Jar:
    """A side's Essential Saltes: who carries them, the worth they raise and what."""

    carrier: str
    cap: float
    raises: dict[str, Summons]
    """Each profile of the book they may raise, by its id, as the game plays it."""


def jar_of(game: AeonsGame, side: int) -> Jar | None:
    """The Essential Saltes ``side``'s list bought, if it did."""
    found = _bought(game, side)
    if found is None:
        return None
    prefix = "TL"[side]
    raises = {b: Summons(spawn_id(prefix, b), pts, unique) for b, pts, unique in found["raises"]}
    return Jar(found["carrier"], found["cap"], raises)


def _bought(game: AeonsGame, side: int) -> dict[str, Any] | None:
    found: dict[str, Any] | None = game.setup.get(plots.SIDES[side], {}).get(plots.SALTES_KEY)
    return found


def bought(game: AeonsGame) -> bool:
    """Whether a side's list bought the Essential Saltes."""
    return any(_bought(game, side) is not None for side in range(len(plots.SIDES)))


def _full(game: AeonsGame, m: AeonsModel) -> Jar | None:
    """``m``'s jar, if it carries one not emptied yet."""
    # The carrier first: every model of the list is asked.
    found = _bought(game, m.side)
    if found is None or found["carrier"] != m.id or (m.id, SALTES) in game.state.gear_used:
        return None
    return jar_of(game, m.side)


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The profiles ``m`` may raise now (it is Normal and out of combat: the caller's)."""
    jar = _full(game, m)
    if jar is None:
        return []
    fit = unclaimed(game, m.side, [s for s in jar.raises.values() if s.points <= jar.cap])
    found = [Action(EMPTY, (m.id, b)) for b, s in jar.raises.items() if s in fit]
    # Every model raised stands on a base of one size: one has room where any has.
    return found if found and spots(game, m, found[0].args[1]) else []


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not empty its Essential Saltes raising ``action``'s profile now."""
    jar = jar_of(game, m.side)
    if jar is None or jar.carrier != m.id:
        return f"{m.id} carries no Essential Saltes ({LINE})"
    if _full(game, m) is None:
        return f"{m.id} has emptied its Essential Saltes already: once a game ({LINE})"
    book_id = action.args[1]
    wanted = jar.raises.get(book_id)
    if wanted is None:
        return (
            f"the Essential Saltes raise no {book_id!r}: a played Human, Humanoid or Beast "
            f"profile a Lurker list buys ({LINE})"
        )
    name = catalog_of(game).profile(wanted.profile).name
    if wanted.points > jar.cap:
        return (
            f"the {name} is worth {wanted.points:g} points; the Essential Saltes of {m.id} "
            f"raise {jar.cap:g} at most ({LINE}, notes §6 item 68)"
        )
    if not unclaimed(game, m.side, [wanted]):
        return f"the {name} is Unique: its side has one already (R:515)"
    return None if spots(game, m, book_id) else f"there is no room beside {m.id} for the {name}"


def worth(game: AeonsGame, m: AeonsModel, book_id: str) -> float:
    """What the profile ``book_id`` that ``m``'s Saltes may raise is worth."""
    jar = jar_of(game, m.side)
    assert jar is not None
    return jar.raises[book_id].points


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """The Action: the jar is emptied; the model raised is set down next."""
    st = game.state
    st.gear_used = (*st.gear_used, (m.id, SALTES))
    name = catalog_of(game).profile(spawn_id("TL"[m.side], action.args[1])).name
    game.emit(EMPTY, RULE, (m.id,), raising=a(name))
    return [Raise(m.id, action.args[1])]


def raised(game: AeonsGame, m: AeonsModel, book_id: str) -> AeonsModel:
    """The model of the book's profile ``book_id`` that ``m``'s Saltes would raise now, as it
    will be once set down."""
    profile = spawn_id("TL"[m.side], book_id)
    name = f"{catalog_of(game).profile(profile).name} {{n}} raised by {m.name}"  # as a Puppet
    return newcomer(game, f"{m.id}S", m.side, base_radius(game), profile, name)


def spot_error(game: AeonsGame, m: AeonsModel, book_id: str, p: Point) -> str | None:
    """Why the model ``m`` raises cannot be set down at ``p``, or ``None``."""
    come = raised(game, m, book_id)
    return beside_error(game, m, come, p, come.name, LINE)


def spots(game: AeonsGame, m: AeonsModel, book_id: str) -> list[Point]:
    """Spots around ``m`` where the model it raises may be set down."""
    come = raised(game, m, book_id)
    return beside_spots(game, m, come, come.name, LINE)


@dataclass(slots=True, eq=False)
class Raise(Step):
    """The carrier's player sets the model raised down in base contact with it."""

    rule = RULE
    model: str
    profile: str
    """The book's profile raised, by id."""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        come = raised(game, m, self.profile)
        if action is None:
            hint = f"a point where the base of {come.name} touches {m.id}'s"
            spec = PointSpec(RAISED, (m.id, self.profile), hint)
            return Decision(m.side, RAISED, f"set down {come.name}", (), (spec,))
        assert action.point is not None
        game.add_model(come)
        set_down(game, come, action.point)
        game.emit(RAISED, RULE, (m.id, come.id), at=list(action.point))
        return []

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return spot_error(game, game.model(self.model), self.profile, action.point)
