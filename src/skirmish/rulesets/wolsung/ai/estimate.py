"""Distances as the heuristic player judges them: by eye, never measured (L10, L63; rules
notes §5 "No pre-measuring", §7 item 33).

A Shoot or a Charge is declared before anything is measured, so a player who chose by the exact
distance would be measuring first. The player instead misjudges every distance to an enemy by
a share of up to :data:`ERROR` either way: the same share for the same two models all turn
long, another share the next turn (:func:`misjudged`). The share is drawn from the models' ids,
the turn and the judging side (a checksum, the same on every machine), never from the game's
dice, which a view does not hold. Knowing it may be wrong, the player weighs a judged distance
as any true distance within :data:`ERROR` of it (:func:`reach_chance`, :func:`spread`).
"""

from __future__ import annotations

import zlib

__all__ = ["ERROR", "misjudged", "reach_chance", "spread"]

ERROR = 0.12
"""The largest share by which a judged distance misses the true one, either way."""


def misjudged(distance: float, side: int, a: str, b: str, turn: int) -> float:
    """``distance`` between models ``a`` and ``b`` as ``side`` judges it on ``turn``: off by a
    share of up to :data:`ERROR`, the same for the pair all turn, whichever model it looks
    from."""
    first, second = sorted((a, b))
    key = f"{side}:{first}:{second}:{turn}".encode()
    share = zlib.crc32(key) / 0xFFFFFFFF  # 0 to 1
    return distance * (1.0 + ERROR * (2.0 * share - 1.0))


def reach_chance(judged: float, reach: float) -> float:
    """The chance that a distance judged ``judged`` is in truth within ``reach``, the truth
    taken as anywhere within :data:`ERROR` of the judgement."""
    low, high = judged * (1.0 - ERROR), judged * (1.0 + ERROR)
    if reach >= high:
        return 1.0
    if reach < low:
        return 0.0
    return (reach - low) / (high - low)


def spread(judged: float) -> tuple[float, float, float]:
    """Three distances standing for what ``judged`` may truly be: short of it, it, beyond it."""
    return (judged * (1.0 - ERROR), judged, judged * (1.0 + ERROR))
