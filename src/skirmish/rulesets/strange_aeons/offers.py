"""The Actions and point choices that a model's own rules, its gear and the game's scenery add
to its turn, as one table: :data:`OFFERS` (each row's module cites the rules it plays).

Each row says what it needs of a model's profile (a Skill, an ability of its own, an item of
Extra Gear) or of the game (a rider, a Grave Marker, a Pentacle, a Plot Point bought). A profile
asks only the rows it may answer, found once per profile (:attr:`.catalog.Catalog.offers`,
a profile changed in play has an id of its own); a row that needs something of the game is
asked when the game has it. A row with no needs is asked of every model. Adding an Action
is one row here, and its check and effect in the turn's :data:`.turn.KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Literal

from skirmish.engine.action import Action
from skirmish.engine.decision import PointSpec
from skirmish.rulesets.strange_aeons import (
    back_up,
    bait,
    cocoon,
    detonator,
    eggs,
    engulf,
    gaze,
    howl,
    icy_touch,
    jet_pack,
    lost_soul,
    mesmerize,
    mind_transfer,
    neural_shock,
    pentacles,
    puppets,
    purifying,
    riding,
    salt,
    saltes,
    sermon,
    serum,
    skill_actions,
    stomp,
    summoning,
    transporter,
    trap,
    wards,
    whistling_winds,
    worm,
)
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.extra_gear import MEDICAL_BAG
from skirmish.rulesets.strange_aeons.shooting import aim_options

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.catalog import Ability, Equipment, Profile, Skill
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

Offered = Sequence[Action | PointSpec]
When = Literal["free", "normal", "any"]
"""Which models a row is asked of: ``free`` a Normal model out of close combat, ``normal``
a Normal one, ``any`` every model (the row checks the rest itself)."""


@dataclass(frozen=True, slots=True)
class Offer:
    """One rule's Actions and point choices (``give``), asked of a model whose profile has
    one of ``skills``, ``abilities`` or ``gear``, or while ``game`` holds for the game."""

    give: Callable[[AeonsGame, AeonsModel], Offered]
    when: When = "free"
    skills: tuple[Skill, ...] = ()
    abilities: tuple[Ability, ...] = ()
    gear: tuple[Equipment, ...] = ()
    game: Callable[[AeonsGame], object] | None = None

    def fits(self, prof: Profile) -> bool:
        """Whether ``prof`` answers the row by itself, whatever the game."""
        if not (self.skills or self.abilities or self.gear or self.game):
            return True
        return (
            any(prof.has(s) for s in self.skills)
            or any(prof.can(a) for a in self.abilities)
            or any(prof.carries(g) for g in self.gear)
        )


def _mesmerize(game: AeonsGame, m: AeonsModel) -> list[Action]:
    return [Action("mesmerize", (m.id, t.id)) for t in mesmerize.targets(game, m)]


def _transfer(game: AeonsGame, m: AeonsModel) -> list[Action]:
    return [Action(mind_transfer.TRANSFER, (m.id, t.id)) for t in mind_transfer.targets(game, m)]


def _shock(game: AeonsGame, m: AeonsModel) -> list[Action]:
    return [Action(neural_shock.SHOCK, (m.id, t.id)) for t in neural_shock.targets(game, m)]


def _alone(
    kind: str, may: Callable[[AeonsGame, AeonsModel], bool]
) -> Callable[[AeonsGame, AeonsModel], Offered]:
    """The Action ``kind`` of the model alone, while ``may`` allows it."""

    def give(game: AeonsGame, m: AeonsModel) -> list[Action]:
        return [Action(kind, (m.id,))] if may(game, m) else []

    return give


def _jet(game: AeonsGame, m: AeonsModel) -> Offered:
    actions, flights = jet_pack.options(game, m)
    return [*actions, *flights]


OFFERS: tuple[Offer, ...] = (
    Offer(
        skill_actions.options,
        skills=("med_student", "surly", "hide"),
        abilities=("war_display",),
    ),
    Offer(wards.options, gear=("holy_book",)),
    Offer(detonator.options, gear=("detonator",)),
    # The Medic's bag holds a dose of the catalog's items (R:413).
    Offer(bait.options, gear=("bait",), abilities=(MEDICAL_BAG,)),
    Offer(salt.options, gear=("table_salt",), abilities=(MEDICAL_BAG,)),
    Offer(sermon.options, abilities=("sermon",)),
    Offer(icy_touch.options, abilities=("icy_touch",)),
    Offer(riding.options, skills=("ride",), game=attrgetter("state.mounts")),
    Offer(lost_soul.options),
    Offer(purifying.grave_options, game=attrgetter("state.graves")),
    Offer(transporter.options, abilities=("transporter",), game=attrgetter("state.carried")),
    Offer(_mesmerize, abilities=("mesmerize",)),
    Offer(_transfer, abilities=("mind_transfer",)),
    Offer(_shock, abilities=("neural_shock",)),
    Offer(_alone("stomp", stomp.can_stomp), abilities=("stomp",)),
    Offer(_alone("howl", howl.may_howl), abilities=tuple(howl.RULES)),
    Offer(_alone(engulf.PULL, engulf.may_pull), game=attrgetter("state.engulfed")),
    Offer(serum.options, abilities=("diabolical_serum",)),
    Offer(pentacles.options, game=pentacles.pentacles),
    Offer(summoning.options, abilities=("celestial_herald", "summoner")),
    Offer(back_up.options, abilities=("back_up",)),
    Offer(puppets.options, abilities=("dark_spawn", "mind_bomb")),
    Offer(saltes.options, game=saltes.bought),
    Offer(gaze.options, abilities=("compelling_gaze",)),
    Offer(_alone(worm.SWEEPS, worm.can_sweep), abilities=("sweep",)),
    Offer(whistling_winds.options, "normal", abilities=("whistling_winds",)),
    Offer(aim_options, "any", skills=("accurate",)),
    Offer(cocoon.cut_options, "any", game=attrgetter("state.cocooned")),
    Offer(eggs.crush_options, "any", game=attrgetter("state.eggs")),
    Offer(salt.points, gear=("table_salt",), abilities=(MEDICAL_BAG,)),
    Offer(trap.points, abilities=("trapper",)),
    Offer(_jet, "any", gear=("jet_pack",)),
    Offer(eggs.lay_options, "any", abilities=("egg_layer",)),
)
"""Every rule that adds an Action or a point choice to a model's turn, in the order they are
offered."""


def offered(game: AeonsGame, m: AeonsModel, free: bool) -> tuple[list[Action], list[PointSpec]]:
    """The Actions and point choices the rows of :data:`OFFERS` give ``m`` now; ``free``:
    whether it is Normal and out of close combat."""
    actions: list[Action] = []
    points: list[PointSpec] = []
    if not m.normal:
        shown: tuple[When, ...] = ("any",)
    else:
        shown = ("free", "normal", "any") if free else ("normal", "any")
    for i, sure in _rows(game, m):
        row = OFFERS[i]
        if row.when not in shown or not (sure or (row.game is not None and row.game(game))):
            continue
        for found in row.give(game, m):
            if isinstance(found, Action):
                actions.append(found)
            else:
                points.append(found)
    return actions, points


def _rows(game: AeonsGame, m: AeonsModel) -> tuple[tuple[int, bool], ...]:
    """The rows of :data:`OFFERS` ``m``'s profile may answer, by index, each with whether it
    answers it by itself (else the game is asked), found once per profile."""
    cat = catalog_of(game)
    found = cat.offers.get(m.profile)
    if found is None:
        prof = cat.profile(m.profile)
        found = cat.offers[m.profile] = tuple(
            (i, row.fits(prof)) for i, row in enumerate(OFFERS) if row.fits(prof) or row.game
        )
    return found
