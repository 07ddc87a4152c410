"""The Flying Polyp's Whistling Winds (R:533-537): once a Turn, as an Action, a Polyp stirs the
air to one of three effects, which lasts until the start of its side's next Turn
(``winds L1 fear``, ``winds L1 gust``, ``winds L1 swirl``):

- **fear**: it causes Fear, as a Surly model does (``surly``, :mod:`.psychology`); an enemy
  tests against it once however often it whistles, the one situation its memory of situations
  tested keeps (R:535);
- **gust**: every other Normal model within the catalog's ``gust_range``, friend or foe (the
  book says "models"), takes a Dexterity test, harder on ice, Lucky offered (:class:`Gust`); one
  that fails goes Face Up and is pushed 1D3" directly away (:class:`.push.Push`), with no free
  hit for leaving the Polyp's base-to-base (R:536). A Ghost is caught too: the gust hits and
  wounds no one, and R:116 shields a Ghost from Shooting and Close Combat attacks alone (as
  from the Sweep's hit, :mod:`.worm`, not from a Stomp, :mod:`.stomp`); a Grave-bound one
  pushed beyond its tether is dispelled (R:720, :func:`.damage.astray`);
- **swirl**: a 5+ cover save (``swirl_save``), the better of it and the cover's, then combined
  with Partially Visible's by R:188 (:func:`.shooting.cover_save`).

A Polyp in base-to-base with an enemy may whistle too, but each opponent there that is Normal
first hits it, a free roll to wound as when a model leaves a combat (R:537); if that leaves the
Polyp not Normal, or takes it from the table, the wind fails (our reading).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import break_away
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.push import Push
from skirmish.rulesets.strange_aeons.space import gap, models
from skirmish.rulesets.strange_aeons.stomp import Footing

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Flying Polyp: Whistling Winds (R:533-537)"
WINDS = "winds"
"""The Action, with the Polyp and the effect chosen."""
EFFECTS = ("fear", "gust", "swirl")
ARITY = {WINDS: 2}


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The winds ``m`` may stir now: each effect, once a Turn, if it has the rule."""
    if not _whistles(game, m) or _stirred(game, m):
        return []
    return [Action(WINDS, (m.id, effect)) for effect in EFFECTS]


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str:
    """Why ``m`` may not stir the winds ``action`` names now."""
    if not _whistles(game, m):
        return f"{m.id} has no Whistling Winds (R:533)"
    if _stirred(game, m):
        return f"{m.id} has stirred its Whistling Winds this Turn: once a Turn (R:533)"
    return f"no such wind {action.args[1]!r}: fear, gust or swirl (R:534-536)"


def perform(game: AeonsGame, m: AeonsModel, effect: str) -> list[Step]:
    """The Action: the free hits of the Normal opponents in base-to-base first, then the wind."""
    game.emit("winds", RULE, (m.id,), effect=effect)
    game.state.winds = (*game.state.winds, (m.id, effect))
    return [*break_away(game, m, RULE), Blow(m.id, effect)]


@dataclass(slots=True, eq=False)
class Blow(Step):
    """The wind takes effect, if the Polyp is still Normal on the table (our reading)."""

    rule = RULE
    polyp: str
    effect: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.polyp)
        st = game.state
        if not (m.on_table and m.normal):
            # Stirred all the same this Turn, to no effect.
            st.winds = (*(w for w in st.winds if w[0] != m.id), (m.id, ""))
            game.emit("winds-fail", RULE, (m.id,))
            return []
        if self.effect == "fear":
            st.surly = (*st.surly, m.id)
        if self.effect != "gust":
            return []
        return [Gust(tuple(o.id for o in blown(game, m)), m.id, RULE, "gust-test")]


@dataclass(slots=True, eq=False)
class Gust(Footing):
    """The models the gust catches keep their footing, or go Face Up and, once all have
    tested, are pushed 1D3" away from the Polyp (R:536)."""

    rule = RULE
    pushes: tuple[tuple[str, int], ...] = ()
    """The models that fell, each with the length of its push, rolled as it fell."""

    def fell(self, game: AeonsGame, o: AeonsModel) -> None:
        length = d3(game.roll("D6", "gust", RULE, self.by).value)
        self.pushes = (*self.pushes, (o.id, length))

    def after(self, game: AeonsGame) -> list[Step]:
        polyp = game.model(self.by)
        return [Push(o, polyp.x, polyp.y, float(n), RULE, polyp.id) for o, n in self.pushes]


def blown(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models a gust of ``m`` makes test."""
    reach = catalog_of(game).scenario.gust_range
    return [o for o in models(game) if o.id != m.id and o.normal and gap(game, m, o) <= reach]


def swirl_saves(game: AeonsGame, m: AeonsModel) -> list[int]:
    """The cover save the swirling winds give ``m`` now (R:536), if they do."""
    swirling = (m.id, "swirl") in game.state.winds
    return [catalog_of(game).scenario.swirl_save] if swirling else []


def calm(game: AeonsGame) -> None:
    """The active side's winds drop as its Turn starts (R:533)."""
    st = game.state
    st.winds = tuple(w for w in st.winds if game.model(w[0]).side != st.active)


def _whistles(game: AeonsGame, m: AeonsModel) -> bool:
    return catalog_of(game).profile(m.profile).can("whistling_winds")


def _stirred(game: AeonsGame, m: AeonsModel) -> bool:
    return any(w[0] == m.id for w in game.state.winds)
