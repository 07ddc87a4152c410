"""The owner's choices in the post-game sequence: each is a step that asks the squad's owner a
:class:`~skirmish.engine.decision.Decision` whose options are actions, and knows which option
the default policy takes.

The choices (Leads to spend, K2.3; which Evidence is lost, K2.4; the options of Promotion rows
5, 7, 9 and 12 and Demotion ties, K3.4, notes A79; the new Boss and its perk, K3, notes A81) and
the default policy, which the heuristic player and the non-interactive CLI play (the ruleset
scores its pick above every other, :meth:`OwnerChoice.default`):

* Leads: spend one on each Evidence once half the types are recorded, else none;
* Evidence lost: an unrecorded one first, else the lowest recorded type;
* "+1 DT to any attribute": the lowest one (ties Combat, Defense, Wits), never one at 2d12
  while another option does something (notes A79); "+1 DT Combat or a Power": Combat, unless
  it is at 2d12; "two different attributes": the two lowest;
* Demotion tie: Wits goes down before Defense, Defense before Combat;
* the new Boss: the Resource with the most Merits (roster order breaks ties), which takes the
  first perk that changes something (weapon access before armour).

A question with one option asks nothing and logs nothing; an answered one logs a ``choice``
event with the question and the answer.
"""

from __future__ import annotations

import re
from abc import abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.campaign.state import OWNER, PostGame

if TYPE_CHECKING:
    from skirmish.engine.decision import Sealed

__all__ = ["Offer", "OwnerChoice", "Question", "word"]

T = TypeVar("T")


def word(text: str) -> str:
    """``text`` as one word of an action's text (``Sunita_Roche``): an action's arguments are
    split at spaces, and a comma in its last word would read as a point."""
    return re.sub(r"[\s,]+", "_", text.strip())


@dataclass(frozen=True, slots=True)
class Offer(Generic[T]):
    """One option: the action that takes it, how the log names it, and what it stands for."""

    action: Action
    label: str
    value: T


@dataclass(frozen=True, slots=True)
class Question(Generic[T]):
    """What the owner is asked, citing ``rule``, about ``model`` ("" for the squad); the
    default policy takes ``offers[default]``."""

    rule: str
    model: str
    text: str
    offers: tuple[Offer[T], ...]
    default: int = 0

    def answer(self, action: Action) -> Offer[T]:
        """The offer ``action`` takes (the game checked it is one of the options)."""
        return next(offer for offer in self.offers if offer.action == action)


class OwnerChoice(Step, Generic[T]):
    """A step that asks the owner: it puts the :meth:`question`, then does what the pick
    says (:meth:`take`); with no offer at all, :meth:`nothing`. Run again with the answer,
    it puts the same question (nothing changed meanwhile) and takes the answer."""

    __slots__ = ()
    kind: ClassVar[str]

    @abstractmethod
    def question(self, game: PostGame) -> Question[T]:
        """The question as the book stands."""

    @abstractmethod
    def take(self, game: PostGame, offer: Offer[T]) -> list[Step]:
        """Do what ``offer`` says; return the steps to run next."""

    def nothing(self, game: PostGame) -> list[Step]:
        """What happens when there is nothing to choose from (default: nothing)."""
        return []

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        asked = self.question(game)
        if not asked.offers:
            return self.nothing(game)
        if action is None and len(asked.offers) > 1:
            options = tuple(offer.action for offer in asked.offers)
            return Decision(OWNER, self.kind, asked.text, options)
        if action is None:
            return self.take(game, asked.offers[0])
        offer = asked.answer(action)
        models = (asked.model,) if asked.model else ()
        game.emit("choice", asked.rule, models, question=asked.text, answer=offer.label)
        return self.take(game, offer)

    def default(self, game: PostGame) -> Action:
        """The default policy's answer to the question this step asks."""
        asked = self.question(game)
        return asked.offers[asked.default].action
