"""The Invisibility Suit (R:1330), a Special Branch prototype: while its wearer has made no
Shoot or Charge Action, no Lurker Action may target it; once it has, it is targeted as any
model, and has a 5+ save against all attacks.

Our reading: the book's "Lurker Action" is any enemy's (a Rogue Threshold Agent may wear the
suit too). An unseen wearer is never the target of a Shoot Action (an Alert shot, a template
aimed at it, a Strafe hit given to it included), of a Charge, of a Move ending in
base-to-base with it (a rolled Charge's or a Frenzy's Move short of its target stops short
of it, :func:`clear_of`), nor of an Evil Eye; a template laid over it, or an Arc jumping to it,
targets another and still strikes it. It is no closest enemy either, whom a shooter must
shoot first (R:177). A Move ending in base-to-base that Charges counts as its Charge, and
the 5+ save is a save of its own, combined with the others (R:188).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.space import Placement, placement, stop_short

if TYPE_CHECKING:
    from skirmish.geometry.paths import Path
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Special Branch: Invisibility Suit (R:1330)"
SUIT_SAVE = 5  # R:1330


def suited(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` wears an Invisibility Suit."""
    return catalog_of(game).profile(m.profile).carries("invisibility_suit")


def unseen(game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> bool:
    """Whether ``viewer``'s Actions may not target ``target``: an enemy wearing the suit that
    has not Shot or Charged yet."""
    # The side first: asked of every model a rule may target, most of them friends.
    if target.side == viewer.side:
        return False
    return suited(game, target) and target.id not in game.state.unveiled


def unseen_error(game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``viewer`` may not target ``target``, or ``None``."""
    if not unseen(game, viewer, target):
        return None
    return (
        f"{target.id} wears an Invisibility Suit and has not Shot or Charged: "
        "it is not a target (R:1330)"
    )


def contact_error(game: AeonsGame, m: AeonsModel, point: Point, level: str | None) -> str | None:
    """Why a Move of ``m`` may not end at ``point``: in base-to-base with an unseen wearer."""
    near = _unseen_at(game, m, point, level)
    return None if near is None else unseen_error(game, m, near)


def _unseen_at(
    game: AeonsGame, m: AeonsModel, point: Point, level: str | None
) -> AeonsModel | None:
    """The unseen wearer ``m`` standing at ``point`` on ``level`` would touch, if any."""
    # Only the wearers on the table: nearly no game has one, and each Move point asks.
    suits = wearers(game, placement(game))
    if not suits:
        return None
    everyone = game.models
    near = (
        o
        for o in (everyone[i] for i in suits)
        if o.level == level
        and unseen(game, m, o)
        and edge_distance(point, m.radius, o.pos, o.radius) <= CONTACT
    )
    return next(near, None)


def clear_of(game: AeonsGame, m: AeonsModel, walked: Path) -> Path:
    """Where a Move of ``m`` along ``walked`` that falls short of the enemy it Charges ends
    (a rolled Movement's, notes §6 item 49; a Frenzy's): short of base-to-base with an unseen
    wearer, where no Move may end (:func:`contact_error`), as Sprint stops a Move short of a
    Charge (R:1140)."""
    surface = game.board.surface_at
    wearer = _unseen_at(game, m, walked.end, surface(walked.end))
    if wearer is None:
        return walked
    short = stop_short(game, m, walked, lambda p: _unseen_at(game, m, p, surface(p)) is not None)
    game.emit("suit-short", RULE, (m.id, wearer.id))
    return short


def wearers(game: AeonsGame, table: Placement) -> tuple[int, ...]:
    """The models on the table that wear a suit, by index, in game order (``table`` being the
    game's placement): kept by it, or carried from the one before (:attr:`.Placement.before`,
    the same models on the table, each of the same profile, of which a suit is)."""
    if table.suits is None:
        before = table.before
        if before is not None and before.suits is not None:
            table.suits = before.suits
        else:
            table.suits = tuple(i for i in table.present if suited(game, game.models[i]))
    return table.suits


def unveil(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` Shoots or Charges: a suit it wears no longer hides it."""
    if suited(game, m) and m.id not in game.state.unveiled:
        game.state.unveiled = (*game.state.unveiled, m.id)
        game.emit("unveiled", RULE, (m.id,))


def suit_saves(game: AeonsGame, m: AeonsModel) -> list[int]:
    """The suit's 5+ save against all attacks, once its wearer has Shot or Charged."""
    return [SUIT_SAVE] if m.id in game.state.unveiled and suited(game, m) else []
