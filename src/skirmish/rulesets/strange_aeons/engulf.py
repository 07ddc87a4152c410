"""The Grave Grub's Engulf (R:591): its Gnaw does no damage (Dam. *). When a Grub wins a
round of close combat it latches on: the Grub is removed from play (no Injury, so no test
for it) and the loser fights at -1 C.C. bonus for each Grub on it until it spends two Actions
in a row pulling one off (`pull M`, a Normal model out of close combat; another Action in
between starts again). A Mob of Grubs latches one Grub riding on its template on, while one
rides (R:921, :mod:`.mobs`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons import mobs
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Grave Grub: Engulf (R:591)"
PULL = "pull"
ACTIONS = 2
"""The Actions in a row that pull a Grub off."""


def engulfs(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` latches on when it wins."""
    return catalog_of(game).profile(m.profile).can("engulf")


def latch(game: AeonsGame, grub: AeonsModel, loser: AeonsModel) -> list[Step]:
    """The winning Grub latches on to the loser and is removed: one riding on the template
    of a Mob of Grubs, while one rides."""
    game.state.engulfed = (*game.state.engulfed, loser.id)
    latched = next(iter(mobs.riders(game, grub)), grub)
    game.emit("engulfed", RULE, (latched.id, loser.id))
    remove(game, latched, "Engulf", RULE, injured=False)
    return []


def penalty(game: AeonsGame, m: AeonsModel) -> int:
    """What the Grubs on ``m`` take off its C.C. bonus."""
    return game.state.engulfed.count(m.id)


def may_pull(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has a Grub to pull off."""
    return m.id in game.state.engulfed


def pull(game: AeonsGame, m: AeonsModel) -> None:
    """An Action pulling at a Grub: the second in a row pulls it off."""
    st = game.state
    done = st.pulls.count(m.id) + 1
    game.emit("pull", RULE, (m.id,), done=done, needed=ACTIONS)
    if done < ACTIONS:
        st.pulls = (*st.pulls, m.id)
        return
    st.pulls = tuple(p for p in st.pulls if p != m.id)
    at = st.engulfed.index(m.id)
    st.engulfed = (*st.engulfed[:at], *st.engulfed[at + 1 :])


def other_action(game: AeonsGame, m: AeonsModel, kind: str) -> None:
    """An Action that is not a pull breaks the pulls in a row."""
    st = game.state
    if kind != PULL and m.id in st.pulls:
        st.pulls = tuple(p for p in st.pulls if p != m.id)
