"""The Attack Dog's Man's Best Friend (R:1371, rules notes §3.6): when its handler is attacked
in close combat (our reading: the target of a Charge Action), each of his Attack Dogs on the
table and Normal takes a free Move towards him at once, before the round is fought. A Dog in
base-to-base with an enemy breaks from that combat by the usual rule first (a free Wound from
each Normal opponent, R:157); one already touching its handler stays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import animals, tokens
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import break_away
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.pace import top
from skirmish.rulesets.strange_aeons.space import contacts, in_contact, path_toward

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

BEST_FRIEND = "Attack Dog: Man's Best Friend (R:1371)"


def to_the_rescue(game: AeonsGame, handler: AeonsModel) -> list[Step]:
    """The free Moves of ``handler``'s Attack Dogs as he is charged."""
    cat = catalog_of(game)
    return [
        BestFriend(dog.id, handler.id)
        for dog in animals.animals_of(game, handler)
        if cat.profile(dog.profile).can("mans_best_friend")
        and dog.normal
        and not in_contact(dog, handler)
    ]


@dataclass(slots=True, eq=False)
class BestFriend(Step):
    """One Attack Dog's free Move towards its handler, after breaking from its combat."""

    rule = BEST_FRIEND
    dog: str
    handler: str
    broken: bool = False

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        dog, handler = game.model(self.dog), game.model(self.handler)
        if not dog.on_table or not dog.normal or not handler.on_table:
            return []
        if not self.broken and contacts(game, dog):
            self.broken = True
            return [*break_away(game, dog), self]
        game.emit("best-friend", BEST_FRIEND, (dog.id, handler.id))
        stop = dog.radius + handler.radius
        path = path_toward(game, dog, handler.pos, top(game, dog), stop, (handler.id,))
        if path is not None:
            tokens.travel(game, dog, path, BEST_FRIEND)
        return []
