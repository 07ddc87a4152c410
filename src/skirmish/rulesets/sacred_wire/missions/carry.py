"""The package of Extraction (M1.1), Escort (M12.1) and The Source (M13.2): the objective, the
informant or the Source that the Defender places at the centre (:mod:`.zones`) and a model
takes with Interact (:mod:`.interact`).

* A model within 1" that is not Engaged takes it (Engaged or not, the Source: M13.2 bars
  none, :mod:`.interact`). In Extraction a dropped objective is picked
  up again; in Escort any model may also take the informant over from its escort.
* The carrier of the objective or the informant moves at half its Move, rounded down, on
  every move (notes A102, applied in :func:`..squads.roster.move_allowance`); in Extraction
  it cannot Disengage. The Source's holder rolls Wits at -1 DT and cannot cast; every Power
  cast within 6" of it is at -1 DT (M13.2; hostile Power weapons are no Broadcast Powers,
  notes A41).
* It lets go where it stands when it goes Out of Action, and where it crossed the edge when
  it leaves the board (C4.20, notes A63). A carrier that Flees drops it (M1.1): it keeps it
  along its Flee moves and lets go at the edge if it flees off the table (M1.1's own case,
  C4.20), or where it stands as it rallies, its Flee
  over on the table; a Fleeing carrier holds nothing at the end (notes A103). Notes A63 places
  the informant and the Source as the objective, so M1.1 rules all three (our reading: M12.1
  and M13.2 say nothing of a Flee). In Escort, Engaged models cannot escort: an escort that
  moves while Engaged, a behaviour table's Flee move too, leaves the informant where it stood
  (our reading).
* Across its side's deployment edge the carrier takes the package off the table and its side
  wins at once (:func:`.zones.exit_edges`; K1.2 Mission Exits: not a Flee, no Performance
  Review); the Source only the Extractor, across the far edge, which wins it the campaign.

Hostiles ignore the package: they never Interact.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire.game.model import SCENARIO, TIER, TimedEffect, WireModel
from skirmish.rulesets.sacred_wire.game.space import gap, in_play, is_engaged, side_of
from skirmish.rulesets.sacred_wire.game.state import Objective
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.missions.generator import SOURCE
from skirmish.rulesets.sacred_wire.rolls.tiers import TierModifier
from skirmish.rulesets.sacred_wire.squads.roster import carries_objective

SOURCE_RULE = "M13.2"
#: The Source's hold on its holder's Wits (M13.2), for as long as it holds it.
HOLDER = TimedEffect(TIER, -1, "wits", 0, SCENARIO, "holding the Source", SOURCE_RULE)
JAMMING = 6.0  # M13.2: Broadcast Powers within 6" of the holder

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame


def package(game: WireGame) -> Objective | None:
    """The mission's package, when the mission has one."""
    if zones.mission(game) not in zones.CARRIED:
        return None
    return game.state.objectives[0] if game.state.objectives else None


def take_error(game: WireGame, m: WireModel, o: Objective) -> str | None:
    """The mission's own reason against ``m`` taking the package ``o``, or None."""
    rule = zones.MISSIONS[zones.mission(game)]
    if o.carrier == m.id:
        return f"{m.label} already has the {o.marker} ({rule})"
    if o.carrier and zones.mission(game) in ("extraction", SOURCE):
        return (
            f"{game.label(o.carrier)} carries the objective: it is picked up once dropped ({rule})"
        )
    return None


def take(game: WireGame, m: WireModel, marker: str) -> None:
    """``m`` takes the package (from the ground, or over from its escort)."""
    st = game.state
    side = side_of(m)
    st.objectives = tuple(
        replace(o, carrier=m.id, last=m.id) if o.marker == marker else o for o in st.objectives
    )
    if zones.mission(game) == SOURCE:
        m.add_timed(HOLDER)
    carried = list(st.carried)
    carried[side] = True
    st.carried = (carried[0], carried[1])
    game.emit("takes", zones.MISSIONS[zones.mission(game)], (m.id,), marker=marker, side=side)


def drop(game: WireGame, m: WireModel, why: str, rule: str = "") -> None:
    """``m`` lets go of the package, if it has it: it lies where ``m`` stands, on the table
    (notes A63: where it crossed the edge when it left); the log cites ``rule``, else the
    mission's own."""
    o = package(game)
    if o is None or o.carrier != m.id:
        return
    spot = _on_table(game, m.pos)
    game.state.objectives = (replace(o, carrier="", x=spot[0], y=spot[1]),)
    m.timed = tuple(e for e in m.timed if e != HOLDER)
    cite = rule or zones.MISSIONS[zones.mission(game)]
    game.emit("drops", cite, (m.id,), marker=o.marker, at=[round(v, 2) for v in spot], why=why)


def rallies(game: WireGame, m: WireModel) -> None:
    """The Fleeing ``m`` rallies, its Flee over on the table: it lets go of the package where
    it stands, as a carrier that Flees drops it (M1.1; the informant and the Source alike,
    notes A63)."""
    drop(game, m, "rallied from its Flee", zones.MISSIONS["extraction"])


def _on_table(game: WireGame, p: Point) -> Point:
    board = game.board
    return (min(max(p[0], 0.0), board.width), min(max(p[1], 0.0), board.height))


def before_move(game: WireGame, m: WireModel) -> None:
    """Engaged models cannot escort (M12.1): an escort that moves while Engaged lets go."""
    if zones.mission(game) == "escort" and is_engaged(game, m):
        drop(game, m, "Engaged models cannot escort")


def disengage_error(game: WireGame, m: WireModel) -> str | None:
    """The carrier of Extraction's objective cannot Disengage (M1.1), not even a Scout by its
    free Disengage (notes A18)."""
    if carries_objective(game, m):
        return f"{m.label} carries the objective: the carrier cannot Disengage (M1.1)"
    return None


def exited(game: WireGame, m: WireModel) -> None:
    """The carrier took the package off its deployment edge: its side wins at once; the
    Source off the far edge, the campaign (M13.2)."""
    o = package(game)
    if o is None or o.carrier != m.id:
        return
    if zones.mission(game) == SOURCE:
        game.state.extracted = True
        zones.win_now(game, side_of(m), "carried the Source off the far edge: campaign victory")
        return
    zones.win_now(game, side_of(m), f"carried the {o.marker} off its deployment edge")


def source_penalty(game: WireGame, caster: WireModel) -> list[TierModifier]:
    """-1 DT to a Broadcast Power cast within 6" of the Source's holder (M13.2)."""
    o = package(game)
    if zones.mission(game) != SOURCE or o is None or not o.carrier:
        return []
    holder = next((h for h in in_play(game) if h.id == o.carrier), None)
    if holder is None or gap(game, caster, holder) > JAMMING:
        return []
    return [TierModifier(-1, "the Source nearby", SOURCE_RULE)]
