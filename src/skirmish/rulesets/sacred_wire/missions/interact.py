"""The missions worked by Interact (C4.3): Extraction (M1.1), Triangulation (M7.1), Sabotage
(M8.1), Heist (M9.1), Lockdown (M11.1), Escort (M12.1), The Signal (M13.1) and The Source
(M13.2). Their markers are placed by
:mod:`.zones` (Sabotage's conduits by :mod:`.sabotage`), which also scores them at the end.

``interact A1 S2`` spends an action of a model within 1" of the marker (inclusive, the height
between surfaces counted) that is not Engaged (but in The Signal and The Source, below):

* Triangulation: claims the signal marker for the model's side; an enemy claims it back, and a
  marker stays with the last side to claim it (a marker already its side's is not offered);
* Heist: one download for its side; only one model per side downloads in a round (it may
  download again with another action); the first side to 3 downloads wins at once;
* Lockdown: one step of its own side's progress, or ``interact A1 terminal set-back`` one step
  of the opponent's back (not below 0, so offered only while the opponent has a step); the
  first side to 3 steps wins at once;
* Extraction and Escort: takes the objective or the informant (:mod:`.carry`; within 1" of
  its carrier when one has it);
* Sabotage: one cut of the enemy's conduit (:mod:`.sabotage`);
* The Signal: Examine the relay, or ``interact A1 relay redirect`` Redirect it, a Wits test
  each (:mod:`.signal`);
* The Source: takes the Source (:mod:`.carry`).

The relay and the Source may be worked while Engaged: C4.3 bars no Engaged model from an
Interact (only Search, notes A95), and M13.1 and M13.2, unlike the other missions, add no bar.

A Hijacked model works for the side that controls it (notes A39).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import (
    engaged_text,
    gap,
    is_engaged,
    point_gap,
    side_of,
)
from skirmish.rulesets.sacred_wire.game.state import Objective
from skirmish.rulesets.sacred_wire.missions import carry, sabotage, signal, zones
from skirmish.rulesets.sacred_wire.missions.generator import SIGNAL, SOURCE
from skirmish.rulesets.sacred_wire.missions.loot import EPS, REACH

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.sacred_wire.game.state import WireGame

INTERACT = "C4.3"
WORKED = ("extraction", "triangulation", "sabotage", "heist", "lockdown", "escort", SIGNAL, SOURCE)
SET_BACK = "set-back"
#: The word after the marker that makes another Interact of a mission's marker.
EXTRAS = {"lockdown": SET_BACK, SIGNAL: signal.REDIRECT}
#: The missions whose marker an Engaged model may work: their rules add no Engaged bar.
WHILE_ENGAGED = (SIGNAL, SOURCE)


def _marker(game: WireGame, marker_id: str) -> Objective | None:
    return next((o for o in game.state.objectives if o.marker == marker_id), None)


def _why_not(game: WireGame, m: WireModel, o: Objective, extra: str) -> str | None:
    """The mission's own reason against this Interact, or None."""
    kind, st, side = zones.mission(game), game.state, side_of(m)
    name = game.ruleset.sides[side]
    set_back = extra == SET_BACK
    if kind == SIGNAL:
        return signal.relay_error(game, m, extra == signal.REDIRECT)
    if kind in zones.CARRIED:
        return carry.take_error(game, m, o)
    if kind == "sabotage":
        return sabotage.cut_error(game, m, o)
    if kind == "triangulation" and o.held_by == side:
        return f"{o.marker} is already claimed by side {name} (M7.1)"
    if kind == "heist" and st.downloaders[side] not in ("", m.id):
        return (
            f"{game.label(st.downloaders[side])} has downloaded for side {name} this "
            "round: one model per side a round (M9.1)"
        )
    if set_back and st.progress[1 - side] == 0:
        return "the opponent has no step of progress to set back (M11.1)"
    return None


def interact_error(
    game: WireGame, m: WireModel, marker_id: str, extra: tuple[str, ...]
) -> str | None:
    """Why ``m`` cannot Interact with the mission marker ``marker_id`` now (C4.3 and the
    mission's rule), or None."""
    kind = zones.mission(game)
    o = _marker(game, marker_id) if kind in WORKED else None
    if o is None:
        return f"no mission marker {marker_id!r} to Interact with"
    word = EXTRAS.get(kind)
    if extra == (SET_BACK,) and word != SET_BACK:
        return f"only Lockdown's terminal is set back (M11.1), not {marker_id}"
    if extra not in ((), (word,)):
        written = f" [{word}]" if word else ""
        return f"an Interact is written interact A1 {marker_id}{written}"
    engaged = engaged_text(game, m)
    if engaged is not None and kind not in WHILE_ENGAGED:
        rule = zones.MISSIONS[zones.mission(game)]
        return f"{engaged}: no Interact with {marker_id} while Engaged ({rule})"
    if o.carrier:  # within 1" of the model that has it
        distance = gap(game, m, game.model(o.carrier))
    else:
        distance = point_gap(game, m, o.point, game.board.surface_at(o.point))
    if distance > REACH + EPS:
        return f'{marker_id} is {distance:.2f}" from {m.label}: Interact within {REACH:g}" (C4.3)'
    return _why_not(game, m, o, extra[0] if extra else "")


def options(game: WireGame, m: WireModel) -> list[Action]:
    """The Interacts ``m`` may make now."""
    kind = zones.mission(game)
    if kind not in WORKED or (kind not in WHILE_ENGAGED and is_engaged(game, m)):
        return []
    word = EXTRAS.get(kind)
    extras: tuple[tuple[str, ...], ...] = ((), (word,)) if word else ((),)
    found = []
    for o in game.state.objectives:
        for extra in extras:
            if interact_error(game, m, o.marker, extra) is None:
                found.append(Action("interact", (m.id, o.marker, *extra)))
    return found


def work_points(game: WireGame, m: WireModel) -> tuple[Point, ...]:
    """Where ``m`` may further its mission with an Interact once within reach (the heuristic
    player's goals): a package on the ground (M1.1, M12.1, M13.2), or each marker the mission
    lets ``m`` work (:func:`_why_not`): a signal marker not its side's (M7.1), the enemy's
    conduit (M8.1), the terminal while no friend downloaded this round (M9.1, M11.1), the
    relay while its side controls it (M13.1)."""
    kind = zones.mission(game)
    if kind in zones.CARRIED:
        return zones.packages_down(game)
    if kind not in WORKED:
        return ()
    return tuple(o.point for o in game.state.objectives if _why_not(game, m, o, "") is None)


@dataclass(slots=True, eq=False)
class Interact(Step):
    """One Interact with a mission marker (see the module docstring)."""

    rule = INTERACT
    model: str
    marker: str
    extra: str = ""

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m, st = game.model(self.model), game.state
        kind = zones.mission(game)
        rule = zones.MISSIONS[kind]
        side = side_of(m)
        if kind == SIGNAL:
            return [signal.Redirect(m.id) if self.extra else signal.Examine(m.id)]
        if kind in zones.CARRIED:
            carry.take(game, m, self.marker)
            return []
        if kind == "sabotage":
            sabotage.cut(game, m, self.marker)
            return []
        if kind == "triangulation":
            st.objectives = tuple(
                replace(o, held_by=side) if o.marker == self.marker else o for o in st.objectives
            )
            game.emit("claimed", rule, (m.id,), marker=self.marker, side=side)
            return []
        progress = list(st.progress)
        set_back = self.extra == SET_BACK
        if set_back:
            progress[1 - side] -= 1
        else:
            progress[side] += 1
        st.progress = (progress[0], progress[1])
        if kind == "heist":
            downloaders = list(st.downloaders)
            downloaders[side] = m.id
            st.downloaders = (downloaders[0], downloaders[1])
        what = "set-back" if set_back else "progress"
        label = zones.LABELS[kind]
        game.emit(
            what, rule, (m.id,), marker=self.marker, side=side, progress=progress, label=label
        )
        if progress[side] >= zones.GOAL:
            zones.win_now(game, side, f"first to {zones.GOAL} {label}")
        return []
