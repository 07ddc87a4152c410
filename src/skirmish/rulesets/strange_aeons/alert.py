"""Alert (R:245, rules notes §1.13.1), where the catalog gives its reach (the rulebook; the
introduction has no Alert).

A model not nominated in its side's last turn and not in base-to-base with an enemy is Alert;
every model is at the start. In the opposing turn, right after an enemy model completes an
Action within 10" and in sight, an Alert model may shoot it, with one die whatever the Rate
and never a Ready weapon, once per opposing turn (rules notes item 39), nor a weapon the
Shoot Action may not fire (:func:`.shooting.fire_error`: a dud, Jammed, spent). The shot
goes at the model that just acted, so no other target is chosen: no test to shoot past a
closer enemy. Its player chooses which Alert model shoots, one at a time, or none.
A model with Ambush is Alert even when nominated in its side's last turn, its shot then
needing 1 more on the die (R:1042). The Sniper's Ever Watchful lets it fire a Ready weapon
when Alert (primed, unless it is Lightning Fast), and its Deadeye reaches 20" (R:423; not the
Skill Deadeye).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky, mobs, skill_actions, templates
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog, Profile
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.shooting import fire_error, has_skill, target_error
from skirmish.rulesets.strange_aeons.space import allegiance, contacts, foes, gap, models
from skirmish.rulesets.strange_aeons.spittle import is_blinded

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Alert (R:245)"
ALERT_DICE = 1
AMBUSH = "Skills: Ambush (R:1042)"
AMBUSH_PENALTY = 1


def is_alert(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is Alert: not nominated in its side's last turn (unless it has Ambush),
    not in base-to-base, and it has not taken its Alert shot this turn (a Normal model), nor
    blinded by spittle (R:875); a Mob never Shoots (R:924)."""
    st = game.state
    rested = m.id not in st.before or has_skill(game, m, "ambush")
    free = m.id not in st.alert_shots and not contacts(game, m)
    slung = mobs.in_mob(game, m)
    return m.normal and rested and free and not is_blinded(game, m) and not slung


def alerts(game: AeonsGame) -> bool:
    """Whether the game plays Alert shots: the rulebook's, not the introduction's (no
    ``alert_range``)."""
    return catalog_of(game).scenario.alert_range is not None


def alert_options(game: AeonsGame, target: AeonsModel) -> list[Action]:
    """Every Alert shot at ``target``: (model, weapon) within reach, range and sight."""
    cat = catalog_of(game)
    reach = cat.scenario.alert_range
    if reach is None or not target.on_table:
        return []
    found = []
    for m in models(game):
        if not foes(game, m, target):  # before the reach, which asks the profile
            continue
        apart = gap(game, m, target)
        if apart > cat.scenario.alert_reach:  # beyond every profile's reach: none read
            continue
        prof = cat.profile(m.profile)
        if apart > _reach(cat, prof, reach) or not is_alert(game, m):
            continue
        watchful = any(prof.can(a) for a in cat.scenario.alert_ready)
        for w in cat.ranged_weapons(prof):
            barred = w.has("ready") and not watchful
            if barred or fire_error(game, m, w) or target_error(game, m, target, w):
                continue
            found.append(Action("alert", (m.id, target.id, w.id)))
    return found


def _reach(cat: Catalog, prof: Profile, reach: float) -> float:
    """How far ``prof``'s Alert shots reach: the Sniper's Deadeye's 20" (R:423), or ``reach``."""
    return max((r for a, r in cat.scenario.alert_ranges.items() if prof.can(a)), default=reach)


@dataclass(slots=True, eq=False)
class AlertShots(Step):
    """After ``target`` completes an Action, the opposing player's Alert shots at it."""

    rule = RULE
    target: str
    shooter: str = ""
    weapon: str = ""
    roll: Roll | None = None

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None and action.kind == "no-alert":
            return []
        if action is not None and action.kind == "alert":
            self.shooter, self.weapon = action.args[0], action.args[2]
            st = game.state
            st.alert_shots = (*st.alert_shots, self.shooter)
            game.emit("alert", RULE, (self.shooter, self.target), weapon=self.weapon)
            if self.shooter in st.before:
                game.emit("ambush", AMBUSH, (self.shooter,), penalty=AMBUSH_PENALTY)
            action = None
        if self.shooter:
            return self._shoot(game, action)
        target = game.model(self.target)
        options = alert_options(game, target)
        if not options:
            return []
        return Decision(
            1 - allegiance(game, target),
            "alert",
            f"an Alert model may shoot {target.name} ({target.id}) with one die, or none",
            (*options, Action("no-alert", ())),
        )

    def _shoot(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        """The Alert shot chosen: at a Hidden model, after a passed Resolve test (R:1089)."""
        shooter, weapon = self.shooter, self.weapon
        if self.target in game.state.hidden:
            m = game.model(shooter)
            self.roll, ask, passed = skill_actions.dare(game, m, self.target, self.roll, action)
            if ask is not None:
                return ask
            self.shooter, self.weapon, self.roll = "", "", None
            if not passed:
                return [self]
        self.shooter, self.weapon = "", ""
        penalty = AMBUSH_PENALTY if shooter in game.state.before else 0
        return [templates.shot(game, shooter, self.target, weapon, ALERT_DICE, penalty), self]
