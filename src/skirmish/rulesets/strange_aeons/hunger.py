"""Infectious Hunger (R:703, notes §3.4.3): a Wendigo removed by an Injury frees its spirit.
Every Human and Humanoid on the table within 6" of where it fell tests against its Resolve,
in the order the killer's player chooses; the first to fail is removed as a Major Injury and
a Wendigo of the fallen one's side and profile stands in its place. If all pass, or none is
near, the spirit is destroyed. The tests are taken after the Action or combat that removed it,
before the psychology tests it owes; a game already over (a side with no models) ends there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky, plots
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.model import MAJOR_INJURY, AeonsModel
from skirmish.rulesets.strange_aeons.psychology import frenzy_passes, mount_holds, test_need
from skirmish.rulesets.strange_aeons.space import gap, models

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Wendigo: Infectious Hunger (R:703)"
HOSTS = frozenset({"human", "humanoid"})


@dataclass(slots=True, eq=False)
class Hungers(Step):
    """The spirits of the Wendigos removed since the last check seek a host, one by one."""

    rule = RULE

    @staticmethod
    def due(game: AeonsGame) -> bool:
        """Whether a feast is owed (:class:`.turn.Owed`)."""
        return bool(game.state.hungers) and not game.is_over

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if not self.due(game):
            return []
        (wendigo, chooser), st.hungers = st.hungers[0], st.hungers[1:]
        return [InfectiousHunger(wendigo, chooser), self]


@dataclass(slots=True, eq=False)
class InfectiousHunger(Step):
    """One spirit: the hosts near test one at a time until one fails."""

    rule = RULE
    wendigo: str
    chooser: int
    tested: tuple[str, ...] = ()
    current: str = ""
    roll: Roll | None = None
    need: int = 0

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None and action.kind == "hunger":
            self.current, action = action.args[1], None
        if not self.current:
            hosts = self._hosts(game)
            if not hosts:
                game.emit("spirit-destroyed", RULE, (self.wendigo,))
                return []
            if len(hosts) > 1:
                options = tuple(Action("hunger", (self.wendigo, h.id)) for h in hosts)
                prompt = "choose the next model to test against the Infectious Hunger"
                return Decision(self.chooser, "hunger", prompt, options)
            self.current = hosts[0].id
        return self._test(game, game.model(self.current), action)

    def _hosts(self, game: AeonsGame) -> list[AeonsModel]:
        cat = catalog_of(game)
        fallen = game.model(self.wendigo)
        reach = cat.scenario.hunger_range
        return [
            m
            for m in models(game)
            if m.id not in self.tested
            and HOSTS.intersection(cat.profile(m.profile).types)
            and gap(game, fallen, m) <= reach
        ]

    def _test(
        self, game: AeonsGame, host: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        if self.roll is None:
            if frenzy_passes(game, host, test=RULE):
                mount_holds(game, host, RULE)
                return self._passed(host)
            self.need = test_need(game, host)
        request = ("D6", "resolve", RULE, host.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.need))
        if ask is not None:
            return ask
        self.roll = plots.retest(game, host, self.roll, self.need)
        passed = self.roll.value >= self.need
        game.emit("hunger-test", RULE, (host.id, self.wendigo), need=self.need, passed=passed)
        mount_holds(game, host, RULE)
        if passed:
            return self._passed(host)
        _possess(game, game.model(self.wendigo), host)
        return []

    def _passed(self, host: AeonsModel) -> list[Step]:
        """``host`` has passed: the next model tests."""
        self.tested, self.current, self.roll = (*self.tested, host.id), "", None
        return [self]


def _possess(game: AeonsGame, wendigo: AeonsModel, host: AeonsModel) -> None:
    """The host is removed as a Major Injury; a Wendigo of the fallen one's side stands there."""
    remove(game, host, MAJOR_INJURY, RULE)
    prof = catalog_of(game).profile(wendigo.profile)
    reborn = AeonsModel(
        f"{wendigo.id}{host.id}",
        wendigo.side,
        f"{wendigo.name} ({host.name})",
        host.x,
        host.y,
        host.radius,
        level=host.level,
        profile=wendigo.profile,
        wounds=prof.wounds,
    )
    game.add_model(reborn)
    game.emit("possessed", RULE, (reborn.id, host.id))
