"""Deployment zones and their table edges (L30, L219; notes ``wolsung-scenarios.md`` §4.0).

Line deployment: bands along the south and north edges, for two players. Corners: squares in
the four corners; two players take diagonally opposite ones, three or four choose in turn
clockwise from the First Player (L46-L48 play clockwise). Zones are listed clockwise seen from
above, north up (south-west, north-west, north-east, south-east), so a zone's opposite is half
the list on. Seats are numbered clockwise, 0 to players - 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skirmish.errors import SkirmishError
from skirmish.geometry.shapes import CONTACT, Point, point_segment_distance
from skirmish.rulesets.wolsung.cards.bids import clockwise_from
from skirmish.rulesets.wolsung.table.measure import Presence
from skirmish.rulesets.wolsung.table.records import Common, Deployment

__all__ = ["Zone", "deploy_order", "deployment_zones", "may_leave", "open_zones"]

Segment = tuple[Point, Point]


@dataclass(frozen=True, slots=True)
class Zone:
    """A deployment zone: the rectangle x0 <= x <= x1, y0 <= y <= y1, and ``edge``, the
    stretches of table edge that are its club's own (§4.0): the edge along a band, the two
    sides of a corner square."""

    name: str
    x0: float
    y0: float
    x1: float
    y1: float
    edge: tuple[Segment, ...]

    @property
    def centre(self) -> Point:
        """The middle of the rectangle."""
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def holds(self, x: float, y: float, radius: float) -> bool:
        """Whether a base centred at (x, y) lies wholly in the zone, within CONTACT (§4.0).
        Only its footprint counts: a base on a roof above the zone is in it."""
        reach = radius - CONTACT
        return (
            self.x0 <= x - reach
            and x + reach <= self.x1
            and self.y0 <= y - reach
            and y + reach <= self.y1
        )

    def touches_edge(self, x: float, y: float, radius: float) -> bool:
        """Whether a base centred at (x, y) touches the zone's own table edge (within
        CONTACT): a stretch, not the rest of that side of the table."""
        return any(point_segment_distance((x, y), a, b) <= radius + CONTACT for a, b in self.edge)


def deployment_zones(deployment: Deployment, common: Common) -> tuple[Zone, ...]:
    """The zones of a deployment on the common table, clockwise (§4.0)."""
    t = common.table
    if deployment is Deployment.LINE:
        d = common.line.depth
        return (
            Zone("south", 0.0, 0.0, t, d, (((0.0, 0.0), (t, 0.0)),)),
            Zone("north", 0.0, t - d, t, t, (((0.0, t), (t, t)),)),
        )
    s = common.corners.size
    return (
        _corner("south-west", (0.0, 0.0), s),
        _corner("north-west", (0.0, t), s),
        _corner("north-east", (t, t), s),
        _corner("south-east", (t, 0.0), s),
    )


def _corner(name: str, corner: Point, size: float) -> Zone:
    """The square of ``size`` in a table corner, with the two stretches of edge it touches."""
    cx, cy = corner
    # the square reaches from the corner towards the middle of the table
    fx = cx + size if cx == 0.0 else cx - size
    fy = cy + size if cy == 0.0 else cy - size
    edge = (((cx, cy), (fx, cy)), ((cx, cy), (cx, fy)))
    return Zone(name, min(cx, fx), min(cy, fy), max(cx, fx), max(cy, fy), edge)


def open_zones(
    deployment: Deployment, common: Common, players: int, taken: Sequence[str]
) -> tuple[Zone, ...]:
    """The zones the next seat may take, ``taken`` naming those already chosen in order (§4.0,
    L30): any zone for the First Player; with two players, the one opposite the first; with
    more, any zone still free. None once every seat has one.

    Raises:
        SkirmishError: the deployment does not take this many players, or ``taken`` names a
            zone it does not have, or one twice.
    """
    seats = common.line if deployment is Deployment.LINE else common.corners
    if not seats.takes(players):
        raise SkirmishError(f"{deployment} deployment takes {seats.seat_text}, not {players}")
    zones = deployment_zones(deployment, common)
    names = [zone.name for zone in zones]
    for name in taken:
        if name not in names:
            raise SkirmishError(f"no {deployment} zone {name!r}; zones: {', '.join(names)}")
    if len(set(taken)) < len(taken):
        raise SkirmishError(f"a zone is taken twice: {', '.join(taken)}")
    if len(taken) >= players:
        return ()
    if players == 2 and taken:
        first = names.index(taken[0])
        return (zones[(first + len(zones) // 2) % len(zones)],)
    return tuple(zone for zone in zones if zone.name not in taken)


def deploy_order(first: int, players: int) -> tuple[int, ...]:
    """The seats in the order they choose zones and deploy: the First Player, then clockwise
    (L30, L46-L48, §4.0).

    Raises:
        SkirmishError: ``first`` is not a seat.
    """
    return clockwise_from(tuple(range(players)), first)


def may_leave(carrier: Presence, own: Zone) -> bool:
    """Whether S3's Blueprints carrier may leave the table: it is on it and its base touches
    its club's own table edge (``own`` is its zone; §4.3, golden check C6)."""
    return carrier.on_table and own.touches_edge(carrier.x, carrier.y, carrier.radius)
