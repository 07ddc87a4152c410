"""The Night Stalker's Bite (R:673-677): Drain and Regenerate in place of its Damage "*".

The Bite wounds nothing: the book prints its Damage "*", the mark that the profile's rules
play instead (Drain and Regenerate, ``no_damage`` in the book's data, as Engulf's, R:591).
The Night Stalker fights with its Claws, or with both weapons as any model with two may
(R:284); a round it fought with both it wins "using its Bite" (our reading: the book names no
other way to choose a weapon), and it then chooses to wound with its Claws, or instead to:

- Drain the loser: 1 point off its Constitution for good (``catalog.CHANGED``), never below
  1; the round counts as a Draw (R:677).
- Regenerate: the loser loses 1 Wound, the Injury roll following at its last, and the Night
  Stalker gains it, never beyond its starting Wounds; a loser still in play is cast aside
  Face Down 2" away, with no free roll to wound for leaving the combat, and the Night Stalker
  may not Charge it again while any other enemy is on the table (R:677).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from skirmish.engine.action import Action
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import riding
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import CHANGED, Ability
from skirmish.rulesets.strange_aeons.damage import set_state, suffer
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, AeonsModel
from skirmish.rulesets.strange_aeons.space import models

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.state import AeonsGame

DRAIN: Final[Ability] = "drain"
REGENERATE: Final[Ability] = "regenerate"
KINDS = (DRAIN, REGENERATE)
DRAIN_RULE = "Night Stalker: Drain (R:677)"
REGENERATE_RULE = "Night Stalker: Regenerate (R:677)"
CAST_ASIDE = 2.0
"""How far from the Night Stalker, base to base, a victim it Regenerated from is placed."""


def options(game: AeonsGame, winner: AeonsModel, loser: AeonsModel) -> list[Action]:
    """What a winner that fought with its Bite may do instead of wounding."""
    prof, foe = catalog_of(game).profile(winner.profile), catalog_of(game).profile(loser.profile)
    found = [Action(DRAIN, (winner.id,))] if prof.can(DRAIN) and foe.con > 1 else []
    return found + ([Action(REGENERATE, (winner.id,))] if prof.can(REGENERATE) else [])


def refusal(action: Action) -> str:
    """Why a Drain or a Regenerate is not offered."""
    return (
        f"{action.args[0]} may {action.kind} only as a Night Stalker winning a round fought "
        "with its Bite, and Drain only a Constitution above 1 (R:673, R:677)"
    )


def perform(game: AeonsGame, winner: AeonsModel, loser: AeonsModel, kind: str) -> list[Step]:
    """Drain the loser, or Regenerate from it."""
    if kind == DRAIN:
        loser.profile = f"{loser.profile}{CHANGED}con-1"
        con = catalog_of(game).profile(loser.profile).con
        game.emit("drained", DRAIN_RULE, (winner.id, loser.id), con=con)
        return []
    # The victim is cast aside 2" away unless the Injury removes it (R:677): set there before
    # the roll, so that an Injury leaving it Face Down finds it out of base-to-base, not
    # engaged and removed (R:160).
    far = winner.radius + loser.radius + CAST_ASIDE
    loser.x, loser.y = riding.free_spot(game, loser, winner.pos, far, winner.level)
    loser.level = winner.level
    most = catalog_of(game).profile(winner.profile).wounds
    winner.wounds = min(most, winner.wounds + 1)
    game.emit("regenerated", REGENERATE_RULE, (winner.id, loser.id), wounds=winner.wounds)
    # Told once taken: a Guard Dog may take the Wound in its handler's place (R:1376).
    steps = suffer(game, winner.id, loser, 1, REGENERATE_RULE, report="regenerate-wound")
    return [*steps, CastAside(winner.id, loser.id)]


@dataclass(slots=True, eq=False)
class CastAside(Step):
    """A victim still in play after a Regenerate lies Face Down 2" from the Night Stalker,
    which Charges it no more while other enemies remain (R:677)."""

    rule = REGENERATE_RULE
    stalker: str
    victim: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        stalker, victim = game.model(self.stalker), game.model(self.victim)
        if not victim.on_table:
            return []
        game.emit(
            "cast-aside",
            REGENERATE_RULE,
            (stalker.id, victim.id),
            at=[round(v, 2) for v in victim.pos],
        )
        set_state(game, victim, FACE_DOWN, REGENERATE_RULE)
        game.state.spurned = (*game.state.spurned, (stalker.id, victim.id))
        return []


def charge_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not Charge ``target``: a victim it cast aside, while another enemy is on
    the table (R:677)."""
    if (m.id, target.id) not in game.state.spurned:
        return None
    others = [o for o in models(game) if o.side != m.side and o.id != target.id]
    if not others:
        return None
    return f"{m.id} cast {target.id} aside: it Charges it again only when no other enemy is left"
