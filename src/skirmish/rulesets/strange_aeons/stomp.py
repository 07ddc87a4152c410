"""The Thousand Young's Stomp (R:622): as an Action it shakes the ground, and every other
Normal model within the catalog's ``stomp_range``, friend or foe (the book says "models"),
takes a Dexterity test, harder on ice (R:266), Lucky and the Lucky Charm offered (R:1101,
R:476); a failure knocks it Face Up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky
from skirmish.rulesets.strange_aeons.afflictions import dexterity_test
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.model import FACE_UP, AeonsModel
from skirmish.rulesets.strange_aeons.space import gap, models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Thousand Young: Stomp (R:622)"


def can_stomp(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has the rule."""
    return catalog_of(game).profile(m.profile).can("stomp")


def shaken(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m``'s Stomp makes test."""
    reach = catalog_of(game).scenario.stomp_range
    return [o for o in models(game) if o.id != m.id and o.normal and gap(game, m, o) <= reach]


def perform(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """Each model shaken tests its Dexterity; those that fail go Face Up."""
    game.emit("stomp", RULE, (m.id,))
    return [Footing(tuple(o.id for o in shaken(game, m)), m.id, RULE, "stomp-test")]


@dataclass(slots=True, eq=False)
class Footing(Step):
    """Each of ``models`` in turn tests its Dexterity, harder on ice, Lucky offered (R:1101,
    R:476), or goes Face Up: the ``kind`` of test ``by`` owes them (Stomp's; Fish Sauce's,
    R:569; a gust of Whistling Winds', R:536, which pushes those that fell once all have
    tested)."""

    rule = RULE
    models: tuple[str, ...]
    by: str
    cite: str
    kind: str
    done: int = 0
    """How many of ``models`` have tested."""
    roll: Roll | None = None

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        while self.done < len(self.models):
            o = game.model(self.models[self.done])
            if o.removed is None:
                need, (self.roll, ask) = dexterity_test(game, o, self.roll, action, self.cite)
                if ask is not None:
                    return ask
                passed = self.roll.value >= need
                game.emit(self.kind, self.cite, (o.id, self.by), need=need, passed=passed)
                if not passed:
                    set_state(game, o, FACE_UP, self.cite)
                    self.fell(game, o)
            self.done += 1
            self.roll, action = None, None
        return self.after(game)

    def fell(self, game: AeonsGame, o: AeonsModel) -> None:
        """What a failed test does beyond knocking ``o`` Face Up: nothing, but for a gust."""

    def after(self, game: AeonsGame) -> list[Step]:
        """The steps once every model has tested: none, but for a gust."""
        return []
