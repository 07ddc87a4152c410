"""The Net Gun's ammunition (R:1334): a weapon with a number of shots a game fires that many
times and no more. A shot is one Shoot Action with it, whatever its Rate rolls (our reading
of "fire it three times"); an Alert shot counts as one, and so does its firing beside a
second weapon (R:285). None is fired, nor offered, once they are spent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.catalog import Weapon

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Net Gun: three shots a game (R:1334)"


def left(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> int:
    """The shots ``m`` has left with ``weapon``, which has a number of them."""
    return weapon.shots - game.state.shots_fired.count((m.id, weapon.id))


def empty_error(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> str | None:
    """Why ``m`` may not fire ``weapon`` again: its shots for the game are spent."""
    if weapon.shots and left(game, m, weapon) <= 0:
        return f"{m.id} has fired its {weapon.name} {weapon.shots} times: no shots left (R:1334)"
    return None


def fired(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> None:
    """``m`` fires ``weapon``: a shot spent, if it counts them."""
    if weapon.shots:
        st = game.state
        st.shots_fired = (*st.shots_fired, (m.id, weapon.id))
        game.emit("shot-spent", RULE, (m.id,), weapon=weapon.id, left=left(game, m, weapon))
