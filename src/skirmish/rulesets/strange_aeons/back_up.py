"""The Squad Leader's Back Up (R:453, rules notes §3.2).

When the Squad Leader is the last man standing, an Action of his calls for Back Up: a D6,
and on ``back_up_calls`` (``data/rulebook.toml``: 5) or more an Agent comes. His player
chooses the Agent's gear, a set of items worth 1 EP (:mod:`.lists.kits`, made with the side's
setup: ``back-up``), then a point on any table edge, the Agent's base touching it in a place
a base may stand (as the Missing Link's mate, :mod:`.mating`). The Agent is a model of his
side from then on, nominated as usual; the book's basic Agent (R:360), with no free Skill and
no Psychic test, which come with a recruit of the list (R:348, R:359). He is no part of the
list: not in its points, and gone before the Post-Game (the campaign is not played).

Our readings:

- **The last man standing** is the one model of his side on the table that is no Animal: a
  friend Face Up or Face Down still stands; one removed or gone off the table does not; an
  Animal, a Horse he rides too, is no man.
- **The call** is an Action like the skills' (:mod:`.skill_actions`): the Squad Leader Normal
  and out of base-to-base with enemies.
- **How often**: after a 1-4 he may call again with any later Action while he is alone; once
  an Agent has come no call is made again that game, even when that Agent is down: the rule
  places "an Agent".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import space
from skirmish.rulesets.strange_aeons.animals import is_animal
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import edge_error, edge_spots, models, set_down

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Squad Leader: Back Up (R:453)"
CALL = "back-up"
ARITY = {CALL: 1}
KIT = "back-up-kit"
"""The decision of the Agent's gear."""
ARRIVES = "back-up-agent"
"""The decision of where the Agent comes."""
SIDES = ("threshold", "lurkers")
"""The setup's key of each side."""
WHO = "the Agent"
AGENT = "A"
"""Joins the Squad Leader's id and the number of the Agent he calls in."""


def kits(game: AeonsGame, side: int) -> list[str]:
    """The profiles, one for each kit, of the Agent ``side``'s Squad Leader may call in."""
    found: list[str] = game.setup[SIDES[side]].get("back-up", [])
    return found


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The call ``m`` may make now (it is Normal and out of combat: the caller's)."""
    return [Action(CALL, (m.id,))] if _why_not(game, m) is None else []


def error(game: AeonsGame, m: AeonsModel) -> str:
    """Why ``m`` may not call for Back Up now."""
    return _why_not(game, m) or f"{m.id} may call for Back Up ({RULE})"


def _why_not(game: AeonsGame, m: AeonsModel) -> str | None:
    if not catalog_of(game).profile(m.profile).can("back_up"):
        return f"{m.id} has no Back Up to call ({RULE})"
    if _came(game, m):
        return f"{m.id}'s Back Up has come already: one Agent a game ({RULE})"
    friend = next((f for f in _men(game, m.side) if f.id != m.id), None)
    if friend is not None:
        return f"{m.id} is not the last man standing: {friend.id} is on the table ({RULE})"
    if not kits(game, m.side):
        return f"the setup holds no Agent for {m.id}'s Back Up ({RULE})"
    return None


def _men(game: AeonsGame, side: int) -> list[AeonsModel]:
    """The models of ``side`` on the table that are no Animal."""
    return [f for f in models(game) if f.side == side and not is_animal(game, f)]


def _came(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether the Agent ``m`` called in has come (standing or not)."""
    return any(o.id.startswith(f"{m.id}{AGENT}") for o in game.models)


def perform(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The call: a D6; the Agent comes on ``back_up_calls`` or more."""
    face = game.roll("D6", "back up", RULE, m.id).value
    comes = face >= catalog_of(game).scenario.back_up_calls
    game.emit("back-up", RULE, (m.id,), comes=comes)
    return [Arrival(m.id)] if comes else []


@dataclass(slots=True, eq=False)
class Arrival(Step):
    """The Agent called in: his player picks his gear, then the table edge where he comes."""

    rule = RULE
    leader: str = ""
    kit: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None and action.point is not None:
            self._arrive(game, action.point)
            return []
        if action is not None:
            self.kit = action.args[1]
        leader = game.model(self.leader)
        if not self.kit:
            offered = tuple(Action(KIT, (leader.id, k)) for k in kits(game, leader.side))
            prompt = f"an Agent comes to back {leader.name} up: choose his 1 EP of gear"
            return Decision(leader.side, KIT, prompt, offered)
        name = catalog_of(game).profile(self.kit).name
        hint = "a point where his base touches a table edge"
        spec = PointSpec(ARRIVES, (leader.id, self.kit), hint)
        return Decision(leader.side, ARRIVES, f"place the {name} on a table edge", (), (spec,))

    def _arrive(self, game: AeonsGame, p: Point) -> None:
        come = newcomer(game, game.model(self.leader), self.kit)
        game.add_model(come)
        set_down(game, come, p)
        game.emit("backed-up", RULE, (come.id, self.leader), at=list(p))

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        come = newcomer(game, game.model(self.leader), self.kit)
        return edge_error(game, come, action.point, WHO, RULE)


def newcomer(game: AeonsGame, leader: AeonsModel, kit: str) -> AeonsModel:
    """The Agent ``leader`` calls in with ``kit``, as he will be once placed."""
    name = f"{catalog_of(game).profile(kit).name} (Back Up)"
    return space.newcomer(game, f"{leader.id}{AGENT}", leader.side, leader.radius, kit, name)


def spots(game: AeonsGame, leader: AeonsModel, kit: str) -> list[Point]:
    """Spots along the table edges where the Agent may come."""
    return edge_spots(game, newcomer(game, leader, kit), WHO, RULE)
