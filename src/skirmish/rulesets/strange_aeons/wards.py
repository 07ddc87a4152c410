"""Extra Gear that wards its bearer off the Lurkers (R:470, R:472, R:488, rules notes §3.3).

Garlic: an Undead model must pass a Resolve test to Charge its bearer, a Move that ends in
base-to-base with it counting as a Charge (a rolled Charge's Move short of its target too,
tested after that Move: :class:`.movement.ContactDares`), or the Action is spent (R:470);
Wolfsbane the same for a Werewolf or a Wolfman (R:488). Garlic causes Fear in Night
Stalkers, which must pass a Resolve test to take any Action within 5" of its bearer (R:470):
the test is that Fear, a failure spending the Action, as a Daemon takes no Insanity test of
psychology (R:113). Each test is taken when the Action is chosen, before it is carried out
(the short Charge's, once its Move is made). Wolfsbane's re-roll of an Infected model's
transformation acts between games, which this game does not play.

The Holy Book: once a game, an Action makes every Normal Daemon within 5" of the bearer test
Resolve (a Face Up or Face Down one takes no test, as only Normal models take psychology's,
R:205); each that fails rolls on the Insanity Table with 2 taken off (R:472). It dispels
every Ghost within 5" too, removed from play (R:116), with no test (a Ghost has no Resolve,
notes §6 item 61). The Action is offered only with a Normal Daemon or a Ghost within 5": read
elsewhere, the book would do nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.extra_gear import (
    NIGHT_STALKER,
    RULES,
    carries,
    spend,
    unspent,
)
from skirmish.rulesets.strange_aeons.ghosts import DISPELLED, is_spirit
from skirmish.rulesets.strange_aeons.psychology import ResolveTest
from skirmish.rulesets.strange_aeons.skill_actions import charged
from skirmish.rulesets.strange_aeons.space import gap, models

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.catalog import Equipment
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

WARD_RANGE = 5.0
"""The reach of Garlic over a Night Stalker and of the Holy Book (R:470, R:472)."""
WOLVES = frozenset({"werewolf", "wolfman"})
"""The profiles Wolfsbane wards off (R:488)."""
HOLY_BOOK = "holy-book"
"""The Action of reading the Holy Book."""
INSANITY_MODIFIER = -2
"""What a Daemon that fails the Holy Book's test adds to its Insanity roll (R:472)."""
TESTS: dict[str, tuple[str, str]] = {
    "garlic": ("garlic", RULES["garlic"]),
    "wolfsbane": ("wolfsbane", RULES["wolfsbane"]),
}
"""Each ward's test: the event it logs and the rule it cites."""


def ward(game: AeonsGame, m: AeonsModel, action: Action) -> tuple[str, Equipment] | None:
    """The enemy and the item that make ``m`` test its Resolve before ``action``: the bearer
    of Garlic or Wolfsbane it Charges, or the Garlic-bearer a Night Stalker acts within 5"
    of."""
    if action.kind == "pass":
        return None
    prof = catalog_of(game).profile(m.profile)
    # The profile first: nearly no model is warded off, and every Action asks.
    if prof.kind != NIGHT_STALKER and "undead" not in prof.types and prof.kind not in WOLVES:
        return None
    foes = [o for o in models(game) if o.side != m.side]
    if prof.kind == NIGHT_STALKER:
        near = [o for o in foes if carries(game, o, "garlic") and gap(game, m, o) <= WARD_RANGE]
        if near:
            return near[0].id, "garlic"
    for target in charged(m, action, foes):
        if "undead" in prof.types and carries(game, target, "garlic"):
            return target.id, "garlic"
        if prof.kind in WOLVES and carries(game, target, "wolfsbane"):
            return target.id, "wolfsbane"
    return None


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """Reading the Holy Book, where a Normal Daemon or a Ghost is within 5" and the book is
    unread."""
    return [] if error(game, m) else [Action(HOLY_BOOK, (m.id,))]


def error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not read a Holy Book now."""
    unread = unread_error(game, m)
    if unread is not None:
        return unread
    if not daemons_near(game, m) and not ghosts_near(game, m):
        near = f'no Normal Daemon nor Ghost is within 5" of {m.id}'
        return f"{near}: the Holy Book would do nothing (R:472, R:205)"
    return None


def unread_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` has no Holy Book to read now: none carried, or read already."""
    if not carries(game, m, "holy_book"):
        return f"{m.id} carries no Holy Book"
    if not unspent(game, m, "holy_book"):
        return f"{m.id} has read its Holy Book: once a game (R:472)"
    return None


def read(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Holy Book read: every Ghost within 5" dispelled, a Resolve test for each Daemon."""
    game.emit("holy-book", RULES["holy_book"], (m.id,), daemons=len(daemons_near(game, m)))
    return purge(game, m, WARD_RANGE)


def purge(game: AeonsGame, m: AeonsModel, reach: float) -> list[Step]:
    """The Holy Book's one use, within ``reach`` of ``m`` (5", or a Sermon's 10", R:403):
    every Ghost there dispelled, a Resolve test for each Daemon (R:472)."""
    spend(game, m, "holy_book")
    rule = RULES["holy_book"]
    for ghost in ghosts_near(game, m, reach):
        remove(game, ghost, DISPELLED, rule, injured=False)
    situation = f"{HOLY_BOOK}:{m.id}"
    return [
        ResolveTest(d.id, situation, modifier=INSANITY_MODIFIER, modifier_rule=rule)
        for d in daemons_near(game, m, reach)
    ]


def daemons_near(game: AeonsGame, m: AeonsModel, reach: float = WARD_RANGE) -> list[AeonsModel]:
    """The Normal Daemons within ``reach`` of ``m``, which its Holy Book makes test (R:472):
    a Face Up or Face Down one is spared, as psychology spares it (R:205)."""
    cat = catalog_of(game)
    return [
        o for o in _near(game, m, reach) if o.normal and "daemon" in cat.profile(o.profile).types
    ]


def ghosts_near(game: AeonsGame, m: AeonsModel, reach: float = WARD_RANGE) -> list[AeonsModel]:
    """The Ghosts within ``reach`` of ``m``, which its Holy Book dispels (R:472)."""
    return [o for o in _near(game, m, reach) if is_spirit(game, o)]


def _near(game: AeonsGame, m: AeonsModel, reach: float) -> list[AeonsModel]:
    return [o for o in models(game) if o.id != m.id and gap(game, m, o) <= reach]
