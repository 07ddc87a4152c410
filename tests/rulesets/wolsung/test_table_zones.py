"""Deployment zones of the house deployments (L30, L219; notes ``wolsung-scenarios.md`` §4.0),
their own table edges and S3's escape (golden check C6), and the 3D distance of L10."""

from __future__ import annotations

import pytest

from skirmish.errors import SkirmishError
from skirmish.geometry import CONTACT, mm_to_inches
from skirmish.rulesets.wolsung.table.measure import Presence, Spot, distance, within
from skirmish.rulesets.wolsung.table.records import Common, Deployment
from skirmish.rulesets.wolsung.table.scenarios import load_scenarios
from skirmish.rulesets.wolsung.table.zones import (
    Zone,
    deploy_order,
    deployment_zones,
    may_leave,
    open_zones,
)

R30 = mm_to_inches(30) / 2
LINE = Deployment.LINE
CORNERS = Deployment.CORNERS


@pytest.fixture(scope="module")
def common() -> Common:
    return load_scenarios().common


def names(zones: tuple[Zone, ...]) -> list[str]:
    return [zone.name for zone in zones]


def carrier(x: float, y: float) -> Presence:
    return Presence(side=0, x=x, y=y, z=0.0, radius=R30, hero=True)


# --- zones ---------------------------------------------------------------------------------


def test_line_bands_6_deep_along_south_and_north(common: Common) -> None:
    south, north = deployment_zones(LINE, common)
    assert (south.name, south.x0, south.y0, south.x1, south.y1) == ("south", 0, 0, 36, 6)
    assert (north.name, north.x0, north.y0, north.x1, north.y1) == ("north", 0, 30, 36, 36)


def test_corners_10_squares_listed_clockwise(common: Common) -> None:
    zones = deployment_zones(CORNERS, common)
    assert names(zones) == ["south-west", "north-west", "north-east", "south-east"]
    boxes = [(z.x0, z.y0, z.x1, z.y1) for z in zones]
    assert boxes == [(0, 0, 10, 10), (0, 26, 10, 36), (26, 26, 36, 36), (26, 0, 36, 10)]


def test_base_wholly_in_zone(common: Common) -> None:
    south = deployment_zones(LINE, common)[0]
    assert south.holds(18.0, 6.0 - R30, R30)  # touching the zone's inner boundary
    assert south.holds(18.0, 6.0 - R30 + CONTACT / 2, R30)
    assert not south.holds(18.0, 6.0, R30)  # straddling it
    assert not south.holds(-0.1 + R30, 3.0, R30)  # over the table's edge


def test_line_second_player_deploys_opposite(common: Common) -> None:
    assert names(open_zones(LINE, common, 2, [])) == ["south", "north"]
    assert names(open_zones(LINE, common, 2, ["north"])) == ["south"]
    assert open_zones(LINE, common, 2, ["north", "south"]) == ()


def test_corners_two_players_diagonally_opposite(common: Common) -> None:
    assert names(open_zones(CORNERS, common, 2, ["south-east"])) == ["north-west"]
    assert names(open_zones(CORNERS, common, 2, ["north-east"])) == ["south-west"]


def test_corners_three_or_four_choose_clockwise_from_the_first_player(common: Common) -> None:
    assert deploy_order(2, 4) == (2, 3, 0, 1)
    assert deploy_order(0, 3) == (0, 1, 2)
    free = open_zones(CORNERS, common, 3, ["north-west"])
    assert names(free) == ["south-west", "north-east", "south-east"]
    assert names(open_zones(CORNERS, common, 4, ["north-west", "south-west", "south-east"])) == [
        "north-east"
    ]


def test_line_is_for_two_players_only(common: Common) -> None:
    with pytest.raises(SkirmishError, match="line deployment takes 2 players, not 3"):
        open_zones(LINE, common, 3, [])
    with pytest.raises(SkirmishError, match="corners deployment takes 2 to 4 players, not 5"):
        open_zones(CORNERS, common, 5, [])


def test_unknown_or_repeated_zone_refused(common: Common) -> None:
    with pytest.raises(SkirmishError, match="no line zone 'east'; zones: south, north"):
        open_zones(LINE, common, 2, ["east"])
    with pytest.raises(SkirmishError, match="a zone is taken twice: south-west, south-west"):
        open_zones(CORNERS, common, 3, ["south-west", "south-west"])


def test_deploy_order_refuses_a_seat_not_at_the_table() -> None:
    with pytest.raises(SkirmishError, match=r"seat 4 is not at the table \(0, 1, 2, 3\)"):
        deploy_order(4, 4)


# --- own table edges and S3's escape (C6) -------------------------------------------------


def test_own_edge_of_a_band_is_its_whole_edge(common: Common) -> None:
    south, north = deployment_zones(LINE, common)
    assert south.touches_edge(35.0, R30, R30) and south.touches_edge(1.0, R30, R30)
    assert not south.touches_edge(18.0, R30 + 2 * CONTACT, R30)
    assert north.touches_edge(18.0, 36.0 - R30, R30)


def test_own_edge_of_a_corner_is_its_two_10_inch_stretches(common: Common) -> None:
    south_west = deployment_zones(CORNERS, common)[0]
    assert south_west.touches_edge(9.0, R30, R30)  # the south stretch
    assert south_west.touches_edge(R30, 9.0, R30)  # the west stretch
    assert not south_west.touches_edge(11.0, R30, R30)  # the south edge, past the square
    assert not south_west.touches_edge(R30, 12.0, R30)


def test_c6_carrier_leaves_by_own_edge(common: Common) -> None:
    south = deployment_zones(LINE, common)[0]
    assert may_leave(carrier(20.0, R30), south)


def test_c6_carrier_on_enemy_edge_may_not_leave(common: Common) -> None:
    south = deployment_zones(LINE, common)[0]
    assert not may_leave(carrier(20.0, 36.0 - R30), south)
    assert not may_leave(carrier(R30, 18.0), south)  # a side edge is nobody's


# --- distances (L10) ------------------------------------------------------------------------


def test_l10_distance_3d_edge_to_edge() -> None:
    a = Presence(side=0, x=0.0, y=0.0, z=0.0, radius=0.5, hero=True)
    b = Presence(side=1, x=4.0, y=0.0, z=2.0, radius=0.5, hero=False)
    # 3" between the rims across the table, 2" up: the nearest edges are sqrt(13) apart
    assert distance(a, b) == pytest.approx(13**0.5)
    assert distance(a, b) == distance(b, a)


def test_l10_disc_over_another_measures_the_height() -> None:
    marker = Spot(x=18.0, y=18.0, z=0.0, radius=R30)
    above = Presence(side=0, x=18.5, y=18.0, z=3.0, radius=R30, hero=True)
    assert distance(marker, above) == 3.0


def test_l10_within_includes_its_bound() -> None:
    marker = Spot(x=0.0, y=0.0, z=0.0, radius=0.5)
    at_one = Presence(side=0, x=2.0, y=0.0, z=0.0, radius=0.5, hero=True)
    assert distance(marker, at_one) == 1.0
    assert within(marker, at_one, 1.0)
    assert not within(marker, at_one, 0.99)
