"""Solo play: one squad against the hostiles, a house variant (the rulebook has no solo rules;
the log cites it as rule X1, X for this project's own house rules).

Setup option ``solo = true``:

* Side A's squad plays alone. Side B fields no squad (``squad_b`` is refused) and takes no
  decision: the squad is the First Player, with no roll-off, and places every Loot Marker and
  every Coworker itself.
* Hostiles always play (``hostiles`` defaults to ``random``; ``none`` is refused), by their
  timing, type and spawn tables as in the two-squad game (K1.2, I1.4).
* Loot Markers are the squad's haul: ``loot`` defaults to the Heavy Drop layout and may be any
  layout but None (K1.3); any Loot Modifier but Decoys applies (the squad would mark its own
  fakes).
* No mission (``mission`` is refused) and the Standard deployment: the squad picks its edge.
* The game lasts as K1.2 says: rolls for the end from Round 5, Round 7 at the latest.

Victory: the squad wins when the game ends with one of its models on the table and at least
half the Loot Markers laid (rounded up) searched successfully; the hostiles win as soon as no
model of the squad is left on the table (Out of Action, fled or gone off the board), or when
the game ends short of that haul.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.game.space import HOSTILES, squad_models

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

OPTION = "solo"
RULE = "X1"
DEFAULT_LOOT = "heavy-drop"
#: Options a solo game does not take: there is no second squad and no mission.
REFUSED = {
    "squad_b": "a solo game has one squad (squad_a); leave squad_b out",
    "mission": "a solo game plays no mission: the squad's haul is its Loot Markers",
}


def normalize(options: dict[str, Any]) -> dict[str, Any]:
    """The options of a solo game, checked and with the solo defaults filled in (``hostiles``
    random, ``loot`` the Heavy Drop), so the other options' checks read them; the options as
    they were when the game is not solo.

    Raises:
        SkirmishError: ``solo`` is not true or false, or an option a solo game refuses.
    """
    solo = options.get(OPTION, False)
    if not isinstance(solo, bool):
        raise SkirmishError(f"solo: true or false, not {solo!r}")
    if not solo:
        return {key: value for key, value in options.items() if key != OPTION}
    refused = [key for key in REFUSED if key in options]
    if refused:
        raise SkirmishError(f"{refused[0]}: {REFUSED[refused[0]]} (X1)")
    if options.get("hostiles") == "none":
        raise SkirmishError("hostiles 'none': a solo game is played against hostiles (X1)")
    if options.get("loot") in ("none", []):
        raise SkirmishError("loot 'none': a solo game needs Loot Markers to search (X1)")
    if options.get("loot_modifier") == "decoys":
        raise SkirmishError(
            "loot_modifier 'decoys': the squad would mark its own fakes in a solo game (X1)"
        )
    deployment = options.get("deployment", "standard")
    if deployment != "standard":
        raise SkirmishError(
            f"deployment {deployment!r}: a solo game uses the Standard deployment (X1)"
        )
    defaults = {"hostiles": "random", "loot": DEFAULT_LOOT}
    return {**defaults, **{k: v for k, v in options.items() if k != OPTION}}


def played(setup: dict[str, Any]) -> bool:
    """Whether a setup is a solo game."""
    return bool(setup.get(OPTION, False))


def haul_needed(game: WireGame) -> int:
    """The Loot Markers the squad must search: half of those laid, rounded up."""
    return (game.state.laid + 1) // 2


def check_end(game: WireGame) -> None:
    """The hostiles win at once when no model of the squad is left on the table."""
    if not game.is_over and not squad_models(game):
        game.end(HOSTILES, "no model of the squad is left on the table", RULE)


def finish(game: WireGame) -> None:
    """The verdict when the game ends on its length (K1.2): the haul, with a model standing."""
    got, need = len(game.state.recovered), haul_needed(game)
    standing = len(squad_models(game))
    if standing and got >= need:
        game.end(0, f"the squad holds the table with {got} markers searched ({need} needed)", RULE)
    else:
        game.end(HOSTILES, f"the squad searched {got} of the {need} markers it needed", RULE)
