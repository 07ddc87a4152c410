"""The Leng Spider's Cocoon (R:596): a Spider that wins a round of close combat may cocoon
the loser instead of rolling to wound (``cocoon S``, answered beside ``wound S``).

A cocooned model (the state's ``cocooned``) nominates no one with Command or Lieutenant, and
takes no Action but an attempt to escape: a Charge of an enemy it touches, to fight on, or an
Action cutting at the cocoon (``cut M M``). It fights at -1 C.C. bonus and -1 Attack (never
below 1, as Face Up, R:139); winning a round it breaks free and rolls no die to wound. Two
Actions cutting at the cocoon in base-to-base, by the trapped model or by a friend out of
close combat (``cut F M``), destroy it: the book does not ask them in a row (Engulf does,
R:591), so each is counted (``cuts``) until the cocoon is gone. No shot frees it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import Options, contacts, in_contact, models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Leng Spider: Cocoon (R:596)"
COCOON = "cocoon"
CUT = "cut"
ACTIONS = 2
"""The Actions that destroy a cocoon."""
PENALTY = 1
"""What a cocooned model loses of its C.C. bonus and its Attacks."""
ESCAPES = ("charge", "pass", CUT)
"""The Actions a cocooned model may take: its attempts to escape, or none."""


def cocoons(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` may cocoon the loser of a round it wins."""
    return catalog_of(game).profile(m.profile).can("cocoon")


def trapped(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is cocooned."""
    return m.id in game.state.cocooned


def penalty(game: AeonsGame, m: AeonsModel) -> int:
    """What the cocoon takes off ``m``'s C.C. bonus and Attacks."""
    return PENALTY if trapped(game, m) else 0


def wrap(game: AeonsGame, spider: AeonsModel, loser: AeonsModel) -> None:
    """The winning Spider cocoons the loser, rolling no die to wound."""
    game.state.cocooned = (*game.state.cocooned, loser.id)
    game.emit("cocooned", RULE, (spider.id, loser.id))


def break_free(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` is out of its cocoon: it won a round, or the cocoon was cut away."""
    st = game.state
    st.cocooned = tuple(c for c in st.cocooned if c != m.id)
    st.cuts = tuple(c for c in st.cuts if c != m.id)
    game.emit("cocoon-broken", RULE, (m.id,))


def escapes(game: AeonsGame, m: AeonsModel, found: Options) -> Options:
    """The Actions of ``found`` a cocooned ``m`` may take (none with a point, no Charge but
    at an enemy it touches); all of them if it is free."""
    if not trapped(game, m):
        return found
    touched = {f.id for f in contacts(game, m)}
    kept = [a for a in found[0] if a.kind in ESCAPES]
    return tuple(a for a in kept if a.kind != "charge" or a.args[1] in touched), ()


def cut_options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The cocoons ``m`` may cut at: its own, or a friend's in base-to-base while ``m`` is
    Normal and out of close combat."""
    own = [Action(CUT, (m.id, m.id))] if trapped(game, m) else []
    if not game.state.cocooned or not m.normal or contacts(game, m):
        return own
    return own + [
        Action(CUT, (m.id, f.id))
        for f in models(game)
        if f.side == m.side and f.id != m.id and trapped(game, f) and in_contact(m, f)
    ]


def cut_error(game: AeonsGame, m: AeonsModel, victim: AeonsModel) -> str:
    """Why ``m`` may not cut at ``victim``'s cocoon now."""
    if not trapped(game, victim):
        return f"{victim.id} is not cocooned ({RULE})"
    return (
        f"{m.id} cuts at the cocoon of {victim.id} only in base-to-base, Normal and out of "
        f"close combat ({RULE})"
    )


def cut(game: AeonsGame, m: AeonsModel, victim: AeonsModel) -> None:
    """An Action cutting at ``victim``'s cocoon: the second destroys it."""
    st = game.state
    done = st.cuts.count(victim.id) + 1
    game.emit("cut", RULE, (m.id, victim.id), done=done, needed=ACTIONS)
    if done < ACTIONS:
        st.cuts = (*st.cuts, victim.id)
        return
    break_free(game, victim)
