"""The Dark Puppeteer's Puppets (R:645-650): Dark Spawn, its Command over them and the
Puppet's Mind Bomb.

- **Dark Spawn** (R:645). As an Action a Normal Dark Puppeteer out of base-to-base with any
  enemy (as any Action of this game) creates a Puppet: one of its side's spawn profile
  (``spawns`` of the side's setup, :mod:`.forces`) is set down in base contact with it, where
  its player chooses, with its Wounds whole; then the Puppeteer takes the Wound it inflicts on
  itself, the Injury roll following if it had no more (:func:`.damage.lose_wounds`).
- **Its Command** (R:645, R:1060) nominates only Puppets: the Dark Spawn's ``command_only``
  (:func:`.forces._command_kinds`, ``turn._commands``); our reading: any Puppet of its side,
  every one of which it has spawned while it is the only Dark Puppeteer of its list.
- **Mind Bomb** (R:650). As an Action a Normal Puppet out of base-to-base with any enemy is
  removed from play, by no Injury (our reading: no one tests for it), and a Large Blast
  Template is centred where it stood: every model wholly or partly under it on its surface,
  friend or foe (the book's "any models"), is Stupid for the rest of the game (R:892, notes
  §6 item 4: a D6 before each Action, a 1 forfeits it, ``turn.Activation``); a Ghost is
  under no template (R:116).

The Puppeteer's Compelling Gaze is :mod:`.gaze`'s, the Puppet's Node
:func:`.psychology.resolve_of`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.templates import CircleTemplate
from skirmish.rulesets.strange_aeons import mobs
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import lose_wounds, remove
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.reagents import spawn_id
from skirmish.rulesets.strange_aeons.space import beside_error, beside_spots, newcomer, set_down
from skirmish.rulesets.strange_aeons.templates import under

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.state import AeonsGame

DARK_SPAWN = "Dark Puppeteer: Dark Spawn (R:645)"
MIND_BOMB = "Puppet: Mind Bomb (R:650)"
SPAWN = "dark-spawn"
BOMB = "mind-bomb"
ARITY = {SPAWN: 1, BOMB: 1}
PUPPET = "puppet"
"""The Puppet's profile in the book, the decision and the event of setting one down."""
BOMBED = "Mind Bomb"


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The Dark Spawn and the Mind Bomb ``m`` may take now (it is Normal and out of combat:
    the caller's)."""
    prof = catalog_of(game).profile(m.profile)
    found = [Action(SPAWN, (m.id,))] if prof.can("dark_spawn") and spots(game, m) else []
    return found + ([Action(BOMB, (m.id,))] if prof.can("mind_bomb") else [])


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not take the Dark Spawn or the Mind Bomb now."""
    prof = catalog_of(game).profile(m.profile)
    if action.kind == BOMB:
        return None if prof.can("mind_bomb") else f"{m.id} has no Mind Bomb ({MIND_BOMB})"
    if not prof.can("dark_spawn"):
        return f"{m.id} cannot spawn a Puppet ({DARK_SPAWN})"
    return None if spots(game, m) else f"there is no room beside {m.id} for a Puppet"


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """The Action: a Puppet spawned, or a Puppet's Mind Bomb."""
    if action.kind == SPAWN:
        return [Spawn(m.id)]
    centre = m.pos
    bombed = stupefied(game, m)
    remove(game, m, BOMBED, MIND_BOMB, injured=False)
    ids = tuple(o.id for o in bombed)
    game.emit(BOMB, MIND_BOMB, ids, at=list(centre), count=len(ids))
    game.state.stupefied = (*game.state.stupefied, *(o.id for o in bombed))
    return []


def stupefied(game: AeonsGame, puppet: AeonsModel) -> list[AeonsModel]:
    """The models the Mind Bomb of ``puppet`` would leave Stupid: under a Large Blast
    Template where it stands, itself aside."""
    radius = catalog_of(game).scenario.blast_radius[mobs.LARGE]
    covered = under(game, CircleTemplate(puppet.pos, radius), puppet.level, puppet.id)
    return [o for o in covered if o.id != puppet.id]


def newborn(game: AeonsGame, m: AeonsModel) -> AeonsModel:
    """The Puppet ``m`` would spawn now, as it will be once set down."""
    profile = spawn_id("TL"[m.side], PUPPET)
    name = f"{catalog_of(game).profile(profile).name} {{n}} of {m.name}"
    return newcomer(game, f"{m.id}P", m.side, m.radius, profile, name)


def spot_error(game: AeonsGame, m: AeonsModel, p: Point) -> str | None:
    """Why the Puppet of ``m`` cannot be set down at ``p``, or ``None``."""
    return beside_error(game, m, newborn(game, m), p, "the Puppet", DARK_SPAWN)


def spots(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Spots around ``m`` where its Puppet may be set down."""
    return beside_spots(game, m, newborn(game, m), "the Puppet", DARK_SPAWN)


@dataclass(slots=True, eq=False)
class Spawn(Step):
    """The Puppeteer's player sets its Puppet down; then the Puppeteer takes its Wound."""

    rule = DARK_SPAWN
    model: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is None:
            hint = f"a point where the Puppet's base touches {m.id}'s"
            spec = PointSpec(PUPPET, (m.id,), hint)
            return Decision(m.side, PUPPET, f"set down the Puppet {m.name} spawns", (), (spec,))
        assert action.point is not None
        born = newborn(game, m)
        game.add_model(born)
        set_down(game, born, action.point)
        game.emit(SPAWN, DARK_SPAWN, (m.id, born.id), at=list(action.point))
        steps = lose_wounds(m.id, m, 1)
        game.emit("spawn-wound", DARK_SPAWN, (m.id,), left=m.wounds)
        return steps

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return spot_error(game, game.model(self.model), action.point)
