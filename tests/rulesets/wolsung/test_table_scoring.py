"""Scoring the house scenarios (notes ``wolsung-scenarios.md`` §4.0, §4.2, §4.4): control and
the golden checks C1-C5, the end-of-turn VP of S2 and S4, Casualty VP, sudden death and the
final placing."""

from __future__ import annotations

import pytest

from skirmish.errors import SkirmishError
from skirmish.geometry import mm_to_inches
from skirmish.rulesets.wolsung.table.measure import Presence, Spot, inches
from skirmish.rulesets.wolsung.table.records import (
    Common,
    Deployment,
    Districts,
    Marker,
    ScenarioBook,
)
from skirmish.rulesets.wolsung.table.scenarios import load_scenarios
from skirmish.rulesets.wolsung.table.scoring import (
    Casualty,
    District,
    casualty_vp,
    control_value,
    district_controller,
    district_of,
    district_vp,
    objective_controller,
    objective_vp,
    placing,
    standing,
    sudden_death,
)
from skirmish.rulesets.wolsung.table.zones import deployment_zones

R30 = mm_to_inches(30) / 2
R40 = mm_to_inches(40) / 2


@pytest.fixture(scope="module")
def book() -> ScenarioBook:
    return load_scenarios()


@pytest.fixture(scope="module")
def common(book: ScenarioBook) -> Common:
    return book.common


@pytest.fixture(scope="module")
def marker(common: Common) -> Spot:
    """Marker B on the street (golden checks C1-C4)."""
    return Spot(18.0, 18.0, 0.0, mm_to_inches(common.marker_mm) / 2)


@pytest.fixture(scope="module")
def districts(book: ScenarioBook) -> Districts:
    found = book.get("s4").districts
    assert found is not None
    return found


def model(
    side: int,
    x: float,
    y: float,
    *,
    hero: bool = False,
    z: float = 0.0,
    toppled: bool = False,
    on_table: bool = True,
) -> Presence:
    return Presence(side, x, y, z, R30, hero, toppled, on_table)


def gap_east(spot: Spot, gap: float) -> float:
    """The x of a 30 mm base whose rim is ``gap`` east of the marker's."""
    return spot.x + spot.radius + gap + R30


# --- control and the golden checks --------------------------------------------------------


def test_c1_hero_outweighs_henchman(marker: Spot, common: Common) -> None:
    hero = model(0, gap_east(marker, 0.9), 18.0, hero=True)
    henchman = model(1, 18.0, 18.0 - marker.radius - 0.5 - R30)
    assert objective_controller(marker, [hero, henchman], common) == 0


def test_c2_toppled_hero_counts_nothing(marker: Spot, common: Common) -> None:
    hero = model(0, gap_east(marker, 0.9), 18.0, hero=True, toppled=True)
    henchman = model(1, 18.0, 18.0 - marker.radius - 0.5 - R30)
    assert control_value(hero, common.control) == 0
    assert objective_controller(marker, [hero, henchman], common) == 1


def test_c3_model_above_marker_does_not_count(marker: Spot, common: Common) -> None:
    on_walkway = model(0, 18.0, 18.0, hero=True, z=3.0)
    assert objective_controller(marker, [on_walkway], common) is None


def test_c4_tie_controls_nothing(marker: Spot, common: Common) -> None:
    ours = [model(0, gap_east(marker, 0.2), 18.0), model(0, 18.0, 18.0 + 1.4)]
    theirs = [model(1, 18.0 - 1.4, 18.0), model(1, 18.0, 18.0 - 1.4)]
    assert objective_controller(marker, ours + theirs, common) is None


def test_control_counts_within_1_inclusive(marker: Spot, common: Common) -> None:
    at_one = model(0, gap_east(marker, 1.0), 18.0)
    past_one = model(1, 18.0 - marker.radius - 1.01 - R30, 18.0, hero=True)
    assert objective_controller(marker, [at_one, past_one], common) == 0


def test_model_not_on_table_counts_nothing(marker: Spot, common: Common) -> None:
    waiting = model(0, gap_east(marker, 0.5), 18.0, hero=True, on_table=False)
    assert control_value(waiting, common.control) == 0
    assert objective_controller(marker, [waiting], common) is None


def test_model_counts_for_every_objective_it_reaches(common: Common) -> None:
    r = mm_to_inches(common.marker_mm) / 2
    a, b = Spot(10.0, 10.0, 0.0, r), Spot(12.5, 10.0, 0.0, r)
    between = model(0, 11.25, 10.0)
    assert objective_controller(a, [between], common) == 0
    assert objective_controller(b, [between], common) == 0


def test_c5_district_boundary_is_east(districts: Districts) -> None:
    assert district_of(18.0, 5.0, districts) is District.SOUTH_EAST
    assert district_of(17.999, 5.0, districts) is District.SOUTH_WEST
    assert district_of(5.0, 18.0, districts) is District.NORTH_WEST
    assert district_of(18.0, 18.0, districts) is District.NORTH_EAST


def test_s4_district_counts_base_centres(common: Common, districts: Districts) -> None:
    # a Hero whose base reaches over the line into the west still counts for the east
    hero = model(0, 18.0, 9.0, hero=True)
    henchmen = [model(1, 16.8, 9.0), model(1, 15.5, 9.0)]
    assert district_controller(District.SOUTH_EAST, [hero, *henchmen], common, districts) == 0
    assert district_controller(District.SOUTH_WEST, [hero, *henchmen], common, districts) == 1


# --- end-of-turn VP -----------------------------------------------------------------------


def s2_spots(common: Common) -> dict[str, Spot]:
    r = mm_to_inches(common.marker_mm) / 2
    return {
        "A": Spot(6.0, 18.0, 0.0, r),
        "B": Spot(18.0, 18.0, 5.0, r),
        "C": Spot(30.0, 18.0, 0.0, r),
    }


def s2_markers(book: ScenarioBook) -> tuple[Marker, ...]:
    return book.get("s2").markers


def test_s2_vp_on_scoring_turns_only(book: ScenarioBook, common: Common) -> None:
    models = [model(0, 18.0, 19.5, hero=True, z=5.0), model(1, 30.0, 19.5)]
    assert objective_vp(1, s2_markers(book), s2_spots(common), models, 2, common) == (0, 0)
    assert objective_vp(2, s2_markers(book), s2_spots(common), models, 2, common) == (2, 1)
    assert objective_vp(7, s2_markers(book), s2_spots(common), models, 2, common) == (0, 0)


def test_s2_most_possible_is_20(book: ScenarioBook, common: Common) -> None:
    models = [
        model(0, 6.0, 19.5),
        model(0, 18.0, 19.5, hero=True, z=5.0),
        model(0, 30.0, 19.5),
    ]
    spots = s2_spots(common)
    total = sum(
        objective_vp(turn, s2_markers(book), spots, models, 2, common)[0]
        for turn in range(1, common.turns + 1)
    )
    assert total == 20


def test_s4_enemy_corner_worth_2(common: Common, districts: Districts) -> None:
    zones = [deployment_zones(Deployment.CORNERS, common)[i] for i in (0, 2)]  # SW, NE
    ours = [model(0, 5.0, 5.0), model(0, 30.0, 30.0), model(0, 30.0, 5.0)]
    assert district_vp(3, ours, zones, common, districts) == (1 + 2 + 1, 0)


def test_s4_three_players_each_enemy_corner(common: Common, districts: Districts) -> None:
    sw, nw, ne, _ = deployment_zones(Deployment.CORNERS, common)
    models = [model(2, 5.0, 5.0), model(2, 5.0, 30.0), model(2, 30.0, 5.0), model(1, 30.0, 30.0)]
    # seat 2 holds the corners of seats 0 (SW) and 1 (NW) and an empty one (SE)
    assert district_vp(2, models, [sw, nw, ne], common, districts) == (0, 2, 2 + 2 + 1)
    assert district_vp(1, models, [sw, nw, ne], common, districts) == (0, 0, 0)


# --- casualties, sudden death, placing ----------------------------------------------------


def test_casualty_vp_hero_2_henchman_1_spawned_0(common: Common) -> None:
    removed = [
        Casualty(side=1, scorer=0, hero=True),
        Casualty(side=1, scorer=0, hero=False),
        Casualty(side=1, scorer=0, hero=False, spawned=True),
        Casualty(side=0, scorer=1, hero=False),
    ]
    assert casualty_vp(removed, 2, common) == (3, 1)


def test_casualty_vp_only_for_enemies_removed(common: Common) -> None:
    removed = [Casualty(side=0, scorer=0, hero=True), Casualty(side=1, scorer=None, hero=True)]
    assert casualty_vp(removed, 2, common) == (0, 0)


def test_casualty_vp_funds_tally_option(common: Common) -> None:
    funds = common.model_copy(
        update={"casualties": common.casualties.model_copy(update={"tally": "funds"})}
    )
    removed = [
        Casualty(side=1, scorer=0, hero=True, funds=7),
        Casualty(side=1, scorer=0, hero=False, funds=2),
        Casualty(side=1, scorer=0, hero=False, spawned=True, funds=0),
    ]
    assert casualty_vp(removed, 2, funds) == (9, 0)


def test_sudden_death_when_one_club_is_left(common: Common) -> None:
    assert sudden_death([model(0, 5.0, 5.0), model(0, 6.0, 5.0)], common)
    assert not sudden_death([model(0, 5.0, 5.0), model(1, 30.0, 30.0)], common)
    assert sudden_death([], common)


def test_sudden_death_waits_for_a_club_still_to_arrive(common: Common) -> None:
    infiltrator = model(1, 20.0, 20.0, on_table=False)
    assert standing([model(0, 5.0, 5.0), infiltrator]) == {0, 1}
    assert not sudden_death([model(0, 5.0, 5.0), infiltrator], common)


def test_sudden_death_option_off(common: Common) -> None:
    off = common.model_copy(update={"sudden_death": False})
    assert not sudden_death([model(0, 5.0, 5.0)], off)


def test_placing_most_vp_first() -> None:
    assert placing([5, 9], [3, 0]) == (2, 1)


def test_placing_tie_broken_by_casualty_vp() -> None:
    assert placing([6, 6], [2, 3]) == (2, 1)


def test_placing_still_level_shares_the_place() -> None:
    assert placing([6, 6], [2, 2]) == (1, 1)
    assert placing([4, 6, 6, 1], [0, 2, 2, 5]) == (3, 1, 1, 4)


def test_placing_outright_winner_first() -> None:
    # the last club standing, or S3's carrier escaped, wins whatever the tallies say
    assert placing([8, 2, 5], [4, 0, 1], first=1) == (2, 1, 3)


def test_placing_refuses_tallies_that_do_not_match() -> None:
    with pytest.raises(SkirmishError, match=r"one tally per seat.*vp \(1, 2\), casualty vp \(0,\)"):
        placing([1, 2], [0])
    with pytest.raises(SkirmishError, match="first 2"):
        placing([1, 2], [0, 0], first=2)


def test_l10_a_distance_is_shown_to_the_hundredth_or_as_far_as_shows_it_past_a_bound() -> None:
    assert inches(2.818898, (12.0,)) == "2.82"
    assert inches(1.55431e-15, (8.0,)) == "0"
    # Just past a bound, never shown as the bound: a shift past its roll, a jump past M.
    assert inches(4.001, (4.0,)) == "4.001"
    assert inches(6.0000003, (6.0,)) == "6.0000003"
    # Within the float noise a bound forgives, shown as the bound.
    assert inches(6.0000000001, (6.0,)) == "6"
