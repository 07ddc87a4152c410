"""Howls that chill the soul: the Missing Link's Primal Scream (R:601), the Daemonic Hound's
Baleful Howl (R:562) and the Werewolf's Bark at the Moon (R:632). As an Action, every other
Normal model subject to psychology within the howl's reach (the catalog's ``howl_ranges``),
friend or foe (the book says "all models"), takes a Resolve test: none in a Mob (R:923) nor a
Drug Crazed Human Lurker (R:932), whom psychology spares. A Primal Scream or a
Baleful Howl is given once a game, and a failure is Revulsion at once, as the catalog's
Insanity Table plays it, away from the howler in the rulebook, with no roll on the table.
The Werewolf barks as often as it has Actions (the book sets no limit), and a failure rolls
on the Insanity Table with what the catalog's ``howl_insanity`` adds to the roll (-1). Each
howler's howl is one situation, however often it is given: a model that has tested against
it is not tested again (R:215, rules notes item 44, as the Polyp's repeated Fear is, R:534).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Ability
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import ResolveTest, subject
from skirmish.rulesets.strange_aeons.space import gap, models

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULES: dict[Ability, str] = {
    "primal_scream": "Missing Link: Primal Scream (R:601)",
    "baleful_howl": "Daemonic Hound: Baleful Howl (R:562)",
    "bark_at_the_moon": "Werewolf: Bark at the Moon (R:632)",
}
ONCE_A_GAME: tuple[Ability, ...] = ("primal_scream", "baleful_howl")
HOWL = "howl"
"""The kind of the situation a howl makes models test for, its howler the source."""


def _howl(game: AeonsGame, m: AeonsModel) -> Ability | None:
    prof = catalog_of(game).profile(m.profile)
    return next((a for a in RULES if prof.can(a)), None)


def may_howl(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has a howl it may give: one not given yet if it is once a game."""
    ability = _howl(game, m)
    return ability is not None and not (ability in ONCE_A_GAME and m.id in game.state.howled)


def error(game: AeonsGame, m: AeonsModel) -> str:
    """Why ``m`` may not howl now."""
    if _howl(game, m) is None:
        return f"{m.id} has no howl (R:562, R:601, R:632)"
    return f"{m.id} has howled already: once a game"


def situation(m: AeonsModel) -> str:
    """The situation ``m``'s howl makes models test for, the same at each howl (R:215)."""
    return f"{HOWL}:{m.id}"


def hearers(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m``'s howl makes test: those psychology tests (:func:`.psychology.subject`:
    no Mob, R:923, nor Drug Crazed Lurker, R:932) that have not tested against it already
    (R:215)."""
    ability = _howl(game, m)
    if ability is None:
        return []
    reach = catalog_of(game).scenario.howl_ranges[ability]
    heard = situation(m)
    return [
        o
        for o in models(game)
        if o.id != m.id and heard not in o.faced and subject(game, o) and gap(game, m, o) <= reach
    ]


def modifier(game: AeonsGame, m: AeonsModel) -> int | None:
    """What ``m``'s howl adds to a failed hearer's roll on the Insanity Table, or ``None``:
    a failure is Revulsion with no roll."""
    ability = _howl(game, m)
    return None if ability is None else catalog_of(game).scenario.howl_insanity.get(ability)


def perform(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The howl: each hearer's Resolve test; a failure is Revulsion, or an Insanity roll
    with the howl's modifier."""
    ability = _howl(game, m)
    assert ability is not None
    if ability in ONCE_A_GAME:
        game.state.howled = (*game.state.howled, m.id)
    game.emit("howl", RULES[ability], (m.id,))
    heard = situation(m)
    added = modifier(game, m)
    if added is None:
        return [ResolveTest(o.id, heard, revulsion=True) for o in hearers(game, m)]
    rule = RULES[ability]
    return [ResolveTest(o.id, heard, modifier=added, modifier_rule=rule) for o in hearers(game, m)]
