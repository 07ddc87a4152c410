"""What a scenario scores at the end of each turn, and how the game ends (house scenarios,
``wolsung-scenarios.md`` §4; the book has none, rules notes §1.14, §7 item 2).

Casualty points go to every club for the enemy models put out of action: 2 for a Hero, 1 for
a Henchman (§4.0). The game ends after the scenario's last turn, or at the end of a turn in
which one club alone still has models on the table (sudden death, §4.0). The most points
win; casualty points break a tie; still level, the clubs share the place.
"""

from __future__ import annotations

from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["CASUALTY_VP", "end_of_turn", "placing"]

SCENARIOS = "wolsung-scenarios.md §4.0"
CASUALTY_VP = {True: 2, False: 1}
"""Casualty points by whether the model put out of action was a Hero (§4.0)."""
TURNS = 6


def _casualties(game: WolsungGame) -> tuple[int, ...]:
    st = game.state
    return tuple(
        sum(CASUALTY_VP[m.hero] for m in game.models if m.side != seat and m.removed is not None)
        for seat in st.seats
    )


def placing(points: tuple[int, ...], tiebreak: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's place: the most points first, ``tiebreak`` between equals, still level
    sharing the place (1 is first)."""
    keys = list(zip(points, tiebreak, strict=True))
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def end_of_turn(game: WolsungGame) -> None:
    """Score the turn and end the game if it is over (§4.0)."""
    st = game.state
    st.casualties = _casualties(game)
    st.vp = st.casualties
    game.emit("score", SCENARIOS, (), turn=st.turn, vp=list(st.vp))
    standing = {m.side for m in game.models if m.on_table}
    if len(standing) <= 1:
        reason = "one club alone is left on the table" if standing else "no club is left"
    elif st.turn >= TURNS:
        reason = f"the last of {TURNS} turns is played"
    else:
        return
    game.end_placed(placing(st.vp, st.casualties), reason, SCENARIOS)
