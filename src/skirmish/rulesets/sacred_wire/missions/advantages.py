"""The Evidence-gap advantages in play (K1.4; notes A83, A84, A87): what the Defender of a
mission receives, and which rule each one bends.

Setup option ``advantages``: ``rolled`` (the default) rolls them on K1.4 from the gap of the
setup's Evidence and Leads, the Defender picking the table of an "either" advantage
(``advantage-table setup|tactical``) and a result it already has rolled again (notes A87); a
list of advantage ids gives the Defender exactly those (``[]`` for none). Without a mission
there are no roles and so none; a trigger mission has its own setup (K1.2).

Where each one acts:

* Setup 1, Redeploy: after deployment the Defender may move one Aggressor model to another
  legal spot of the Aggressor's zone (:class:`.setup.Redeploy`).
* Setup 2, Edge first: the Defender makes the deployment's first pick, above the Deployment
  table and the First Player (notes A84; :func:`.deployment.chooser`).
* Setup 3, Spawn choice: the Defender names the Spawn Location row of every spawn, whose random
  parts are rolled as usual (:mod:`..hostiles.arrival`).
* Setup 4, Terrain: once the deployment zones are known, before the first model deploys,
  the Defender places two terrain pieces of the catalogue's kinds, the game playing on from
  then on the board they make (:mod:`.terrain`).
* Setup 5, Place the loot: the Defender places every Loot Marker, anywhere clear of terrain and
  1"+ from the objectives (:mod:`.loot`).
* Setup 6, Place the Coworkers: the Defender places every Coworker anywhere its base fits,
  1"+ from the objectives (:mod:`..hostiles.coworkers`).
* Tactical 1, Deploy last: the Aggressor deploys every model, then the Defender.
* Tactical 2, Hostile focus: until Round 3 the hostiles attack Aggressor models whenever one is
  among the targets they may pick (:mod:`..hostiles.group`).
* Tactical 3, Boss guard: the Defender's Boss rolls Defense at +1 DT all game.
* Tactical 4, First token: the Defender takes the first activation of Round 1 (notes A83).
* Tactical 5, Delayed spawn: the first spawn comes one round later (notes A56).
* Tactical 6, Free search: before deployment the Defender names one of its models, which rolls
  on the find table at once and keeps the find (:class:`.search.FreeSearch`; our reading: the
  d20 alone, no marker and no Wits test).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError, quoted
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game.model import SCENARIO, TIER, TimedEffect
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.missions.generator import ADVANTAGES as ADVANTAGES
from skirmish.rulesets.sacred_wire.missions.generator import (
    SIGNAL,
    SOURCE,
    AdvantageTable,
    Standing,
    advantage_picks,
    roll_advantages,
)
from skirmish.rulesets.sacred_wire.rolls.contest import LoggedDice
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import Entry, MissionTables
from skirmish.rulesets.sacred_wire.squads.roster import profile

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

OPTION = "advantages"
ROLLED = "rolled"
TABLES = ("setup_advantage", "tactical_advantage")
PICK = "advantage-table"

REDEPLOY = "redeploy"
EDGE_FIRST = "edge-first"
SPAWN_CHOICE = "spawn-choice"
TERRAIN = "terrain"
PLACE_LOOT = "place-loot"
PLACE_COWORKERS = "place-coworkers"
DEPLOY_LAST = "deploy-last"
HOSTILE_FOCUS = "hostile-focus"
BOSS_GUARD = "boss-guard"
FIRST_TOKEN = "first-token"
DELAYED_SPAWN = "delayed-spawn"
FREE_SEARCH = "free-search"
FOCUS_UNTIL = 3  # Tactical 2: until Round 3
TRIGGERS = (SIGNAL, SOURCE)  # their setups are their own (K1.2)


def known(tables: MissionTables) -> dict[str, Entry]:
    """Every advantage of both K1.4 tables by id."""
    return {e.id: e for key in TABLES for e in tables.table(key).entries}


def normalize(options: dict[str, Any], tables: MissionTables) -> dict[str, Any]:
    """The ``advantages`` option, checked.

    Raises:
        SkirmishError: not ``rolled`` nor a list of known, distinct advantage ids; a list
            without a mission, or with a trigger mission.
    """
    value = options.get(OPTION, ROLLED)
    if value == ROLLED:
        return {OPTION: ROLLED}
    rows = known(tables)
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise SkirmishError(f"advantages: 'rolled' or a list of advantage ids, not {quoted(value)}")
    unknown = [v for v in value if v not in rows]
    if unknown:
        raise SkirmishError(
            f"advantages: no advantage {quoted(unknown[0])}; known: {', '.join(rows)} (K1.4)"
        )
    if len(set(value)) != len(value):
        raise SkirmishError("advantages: an advantage is named twice (notes A87: no duplicates)")
    mission = options.get("mission")
    if value and mission is None:
        raise SkirmishError("advantages: the Defender receives them, so they need a mission")
    if value and mission in TRIGGERS:
        raise SkirmishError("advantages: a trigger mission has its own setup, with none (K1.2)")
    return {OPTION: list(value)}


def has(game: WireGame, advantage: str) -> bool:
    """Whether the Defender holds ``advantage`` in this game."""
    return advantage in game.state.advantages


def defender(game: WireGame) -> int:
    """The Defender, who holds the advantages (notes A87)."""
    side = zones.defender(game)
    assert side is not None
    return side


def opening(game: WireGame) -> list[Step]:
    """The advantages' step, once the roles are known: with a mission that is not a trigger."""
    if not zones.mission(game) or zones.mission(game) in TRIGGERS:
        return []
    return [Advantages()]


def _gap(game: WireGame) -> int:
    s = game.setup
    a, b = Standing(s["evidence_a"], s["leads_a"]), Standing(s["evidence_b"], s["leads_b"])
    return abs(a.total - b.total)


@dataclass(slots=True, eq=False)
class Advantages(Step):
    """The Defender's advantages: named by the setup, or rolled on the gap's band (K1.4), the
    Defender picking the table of an "either" advantage (notes A87). Boss guard takes effect
    at once."""

    rule = ADVANTAGES

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        chosen = game.setup[OPTION]
        tables = catalog_of(game).missions
        side = defender(game)
        if chosen != ROLLED:
            rows = known(tables)
            self._grant(game, tuple(rows[i] for i in chosen))
            return []
        band = tables.band(_gap(game))
        if band.either and action is None:
            options = tuple(Action(PICK, (t,)) for t in ("setup", "tactical"))
            return Decision(side, PICK, "take the extra advantage from which table?", options)
        either: AdvantageTable = "tactical" if action and action.args[0] == "tactical" else "setup"
        picks = advantage_picks(band, either)
        dice = LoggedDice(game, ADVANTAGES)
        self._grant(game, roll_advantages(tables, picks, dice))
        return []

    def _grant(self, game: WireGame, rows: tuple[Entry, ...]) -> None:
        st = game.state
        st.advantages = tuple(e.id for e in rows)
        side = defender(game)
        game.emit("advantages", ADVANTAGES, (), side=side, names=[e.name for e in rows])
        boss = next((m for m in game.models if m.side == side and profile(game, m).is_boss), None)
        if has(game, BOSS_GUARD) and boss is not None:  # a Sidelined Boss is guarded nowhere
            guard = TimedEffect(TIER, 1, "defense", 0, SCENARIO, "Boss guard", ADVANTAGES)
            boss.add_timed(guard)


def focus(game: WireGame) -> int | None:
    """The side the hostiles go for now (Tactical 2, until Round 3), or None."""
    if has(game, HOSTILE_FOCUS) and game.state.round < FOCUS_UNTIL:
        return 1 - defender(game)
    return None
