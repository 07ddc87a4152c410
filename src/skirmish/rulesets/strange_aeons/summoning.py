"""The Servitor's Celestial Herald and Summoner (R:688).

- **Celestial Herald.** As an Action a Normal Servitor out of base-to-base with any enemy
  pipes: a D6 less ``piping_less`` (``data/rulebook.toml``) adds to its Points, kept from Turn
  to Turn (``piping`` in the state).
- **Summoner.** As an Action, out of base-to-base with any enemy too (our reading: the Action
  of a Servitor that "seldom attacks"), it spends all its Points to summon one Daemon worth
  no more. The Daemons it may summon are set when the game is: every played Daemon profile a
  list buys, with each set of played upgrades it may buy, at what the list would pay
  (``summons`` of a side's setup, :mod:`.forces`); a Unique one only while its side has no
  model of that profile (R:515, our reading); once its Points reach ``summon_must``, only that
  profile (a Godling, with what more Eldritch Powers its Points buy). At the end of its side's
  Turn each Daemon summoned is placed where its player chooses, its base within
  ``summon_range`` of the Servitor's (where it stands, or stood if it has fallen since): a
  model of that side from then on, with its Wounds whole, nominated from the next Turn. The
  Resolve tests it brings (its Fear, a Hideous one in base-to-base) are taken as it is placed,
  before the next Daemon is (R:205).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import edge_distance
from skirmish.rulesets.strange_aeons import space
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import PsychologyCheck
from skirmish.rulesets.strange_aeons.space import inches, placement_reason, set_down

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.state import AeonsGame

HERALD = "Servitor: Celestial Herald (R:688)"
SUMMONER = "Servitor: Summoner (R:688)"
PIPE = "pipe"
SUMMON = "summon"
ARITY = {PIPE: 1, SUMMON: 2}
ARRIVES = "summoned"
"""The decision of where a Daemon summoned is placed."""
SIDES = ("threshold", "lurkers")
"""The setup's key of each side."""


@dataclass(frozen=True, slots=True)
class Summons:
    """A Daemon a side's Servitor may summon: its game profile, its worth, whether Unique."""

    profile: str
    points: float
    unique: bool


def summons(game: AeonsGame, side: int) -> list[Summons]:
    """The Daemons ``side``'s Servitors may summon."""
    return [Summons(*entry) for entry in game.setup[SIDES[side]].get("summons", [])]


def points(game: AeonsGame, m: AeonsModel) -> int:
    """The Points ``m`` has piped and not spent."""
    return next((p for mid, p in game.state.piping if mid == m.id), 0)


def _keep(game: AeonsGame, m: AeonsModel, total: int) -> None:
    st = game.state
    st.piping = (*((mid, p) for mid, p in st.piping if mid != m.id), (m.id, total))


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The piping and the summons ``m`` may take now (it is Normal and out of combat: the
    caller's)."""
    prof = catalog_of(game).profile(m.profile)
    found = [Action(PIPE, (m.id,))] if prof.can("celestial_herald") else []
    if prof.can("summoner"):
        found += [Action(SUMMON, (m.id, s.profile)) for s in _affordable(game, m)]
    return found


def _affordable(game: AeonsGame, m: AeonsModel) -> list[Summons]:
    """What ``m`` may summon with its Points now."""
    have = points(game, m)
    must = catalog_of(game).scenario.summon_must
    found = unclaimed(game, m.side, [s for s in summons(game, m.side) if s.points <= have])
    if must is not None and have >= must[0]:
        found = [s for s in found if _kind(game, s) == must[1]]
    return found


def unclaimed(game: AeonsGame, side: int, found: list[Summons]) -> list[Summons]:
    """Those of ``found`` that ``side`` may bring into play: a Unique profile only while it
    has no model of it (R:515, our reading)."""
    kinds = {catalog_of(game).profile(o.profile).kind for o in game.models if o.side == side}
    return [s for s in found if not (s.unique and _kind(game, s) in kinds)]


def _kind(game: AeonsGame, s: Summons) -> str:
    return catalog_of(game).profile(s.profile).kind


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not pipe or summon now."""
    prof = catalog_of(game).profile(m.profile)
    if action.kind == PIPE:
        return None if prof.can("celestial_herald") else f"{m.id} cannot pipe ({HERALD})"
    if not prof.can("summoner"):
        return f"{m.id} cannot summon ({SUMMONER})"
    wanted = next((s for s in summons(game, m.side) if s.profile == action.args[1]), None)
    if wanted is None:
        return f"{m.id} summons no Daemon {action.args[1]!r} ({SUMMONER})"
    if wanted not in _affordable(game, m):
        name = catalog_of(game).profile(wanted.profile).name
        return (
            f"{m.id} has {points(game, m)} Points: it may not summon the {name}, worth "
            f"{wanted.points:g} ({SUMMONER})"
        )
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """The Action: piping adds to the Points; a summon spends them all."""
    if action.kind == PIPE:
        less = catalog_of(game).scenario.piping_less
        face = game.roll("D6", "piping", HERALD, m.id).value
        total = points(game, m) + max(0, face - less)
        _keep(game, m, total)
        game.emit("piped", HERALD, (m.id,), gained=max(0, face - less), points=total)
        return []
    spent = points(game, m)
    _keep(game, m, 0)
    st = game.state
    st.summoning = (*st.summoning, (m.id, action.args[1]))
    name = catalog_of(game).profile(action.args[1]).name
    game.emit("summon", SUMMONER, (m.id,), daemon=name, spent=spent)
    return []


def arrivals(game: AeonsGame) -> list[Step]:
    """At the end of the Turn, the Daemons summoned in it come."""
    return [Arrival()] if game.state.summoning else []


@dataclass(slots=True, eq=False)
class Arrival(Step):
    """Each Daemon summoned is placed within reach of its Servitor, where its player
    chooses."""

    rule = SUMMONER

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            assert action.point is not None
            come, caller = newcomer(game), st.summoning[0][0]
            game.add_model(come)
            set_down(game, come, action.point)
            st.summoning = st.summoning[1:]
            game.emit(ARRIVES, SUMMONER, (come.id, caller), at=list(action.point))
            # The Fear and Hideous tests it brings are taken as soon as it stands (R:205).
            return [PsychologyCheck(), self]
        if not st.summoning or game.is_over:
            return []
        come = newcomer(game)
        servitor = game.model(st.summoning[0][0])
        reach = catalog_of(game).scenario.summon_range
        hint = f'a point within {reach:g}" of {servitor.id}'
        spec = PointSpec(ARRIVES, (servitor.id, come.profile), hint)
        prompt = f"place {come.name}, summoned by {servitor.name}"
        return Decision(come.side, ARRIVES, prompt, (), (spec,))

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return spot_error(game, newcomer(game), action.point)


def newcomer(game: AeonsGame) -> AeonsModel:
    """The first Daemon summoned and not placed yet, as it will be once placed."""
    servitor_id, profile = game.state.summoning[0]
    servitor = game.model(servitor_id)
    name = f"{catalog_of(game).profile(profile).name} (summoned)"
    return space.newcomer(game, f"{servitor_id}D", servitor.side, servitor.radius, profile, name)


def spot_error(game: AeonsGame, come: AeonsModel, p: Point) -> str | None:
    """Why the Daemon summoned ``come`` cannot be placed at ``p``, or ``None``."""
    servitor = game.model(game.state.summoning[0][0])
    reach = catalog_of(game).scenario.summon_range
    gap = edge_distance(p, come.radius, servitor.pos, servitor.radius)
    if gap > reach:
        where = f'within {reach:g}" of {servitor.id}, not {inches(gap)}'
        return f"{come.name} is placed {where} ({SUMMONER})"
    return placement_reason(game, come, p, game.board.surface_at(p))


def spots(game: AeonsGame, come: AeonsModel) -> list[Point]:
    """Spots an inch apart within reach of the Servitor where ``come`` may be placed."""
    servitor = game.model(game.state.summoning[0][0])
    reach = int(catalog_of(game).scenario.summon_range)
    found = [
        (round(servitor.x + dx, 2), round(servitor.y + dy, 2))
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    ]
    return [p for p in found if spot_error(game, come, p) is None]
