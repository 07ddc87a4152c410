"""The Mi-Go's Hive Mind (R:550; notes §6 item 54): a Mi-Go, as it is nominated, may nominate
one more Mi-Go within the catalog's ``hive_mind_range``, which may do the same in turn, a
chain of nominations as Command's (:class:`.turn.Nominate`). A Mi-Go that is not Normal may be
nominated so but nominates none; one in close combat still does, as the book asks that of
Command and Lieutenant only (R:138). A Mi-Go is any model with the rule (only its profile
prints it).
"""

from __future__ import annotations

from skirmish.rulesets.strange_aeons.catalog import Profile

RULE = "Mi-Go: Hive Mind (R:550)"
NAME = "Hive Mind"
EXTRA = 1
"""The Mi-Go a nominated Mi-Go nominates."""


def links(prof: Profile) -> bool:
    """Whether a model of ``prof`` is of the Hive Mind: nominates, and is nominated, by it."""
    return prof.can("hive_mind")


def refusal(model_id: str) -> str:
    """Why a Mi-Go's Hive Mind does not nominate ``model_id``."""
    return f"{model_id} is no Mi-Go: Hive Mind nominates only another Mi-Go (R:550)"
