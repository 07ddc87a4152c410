"""Models that come into play during the game, the Infiltrator, and the seventh turn (L71,
L356, L493-L500, L535, L629, L668; rules notes §7 items 50, 58, 68, 70, 82; golden test G50,
G55; house scenarios ``wolsung-scenarios.md`` §4.0, §5). Dice and decks are scripted; each
test checks the exact outcome and the log lines with the rules they cite. A refused action
leaves the game exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    OFFERS,
    OPEN,
    SMALL,
    activate,
    hand_over,
    lines,
    new_game,
    on_table,
    options,
    pass_steal,
    put,
    refused,
    remove_all_but,
)

from skirmish.errors import SkirmishError
from skirmish.geometry.shapes import CONTACT, mm_to_inches
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.damage import ApplyDamage
from skirmish.rulesets.wolsung.game.effects import current, end_turn_effects
from skirmish.rulesets.wolsung.game.roster import Arrival
from skirmish.rulesets.wolsung.game.scoring import end_of_turn
from skirmish.rulesets.wolsung.game.space import in_contact
from skirmish.rulesets.wolsung.game.state import Hit, WolsungGame
from skirmish.rulesets.wolsung.game.summons import place_error, summon_options

HOUNDS: dict[str, Any] = {
    "name": "The Fiercebattens",
    "club": "Ash and Oak",
    "heroes": [{"named": "Zachary Fiercebatten Third"}, {"named": "Sir Lance Oakroot"}],
    "henchmen": [{"henchman": "Butler"}],
}
"""1H1 Zachary Fiercebatten Third (Release the Hounds!, L493), 1H2 Sir Lance Oakroot, 1M1 a
Butler; 1M2 and 1M3 his two Hounds, free (§7 item 50). Funds: 2 + 1 hire the Butler."""

MIRRORS: dict[str, Any] = {
    "name": "The Sun Works",
    "club": "Inventors",
    "heroes": [{"named": "Ingrid Rangvaldottir"}, {"named": "Thorvald Nielsgaard"}],
    "henchmen": [{"henchman": "Lab Assistant"}],
}
"""2H1 Ingrid Rangvaldottir and her three Mirror Servants 2M2-2M4 (L629), 2H2 Thorvald
Nielsgaard, 2M1 a Lab Assistant."""

FLEA: dict[str, Any] = {
    "name": "Rottstein's Own",
    "club": "Inventors",
    "heroes": [{"named": "Snorri Rottstein"}, {"named": "Thorvald Nielsgaard"}],
    "henchmen": [{"henchman": "Lab Assistant"}, {"henchman": "Clockwork Servant"}],
}
"""2H1 Snorri Rottstein (a Gnome, Natural Engineer L668), 2H2 Thorvald, 2M1 a Lab Assistant,
2M2 a Clockwork Servant; 2M3 the Golem Snorri may call in (§7 item 58)."""

MARKSMEN: dict[str, Any] = {
    "name": "Pemberton's Marksmen",
    "club": "Ash and Oak",
    "heroes": [
        {"named": "Sir Lance Oakroot"},
        {
            "name": "Lord Pemberton",
            "race": "Human",
            "profession": "Man about town",
            "gadgets": ["Windbüchse", "Hidden Umbrella Blade"],
        },
        {"named": "Lady Ellendeanne"},
    ],
    "henchmen": [{"henchman": "Abhinav Singh"}, {"henchman": "Butler"}],
}
"""An Ash and Oak club with Abhinav Singh, the Infiltrator (L535), as 1M1."""


def _nook(north: float, south: float) -> dict[str, Any]:
    """A table with two walls reaching 3" in from the west edge, their inner sides at y =
    ``north`` and ``south``: a model at 0.6,10 against the edge between them has only a slice
    of its base contact free, to the east (L14)."""
    walls = (
        [[0.0, north], [3.0, north], [3.0, north + 0.5], [0.0, north + 0.5]],
        [[0.0, south - 0.5], [3.0, south - 0.5], [3.0, south], [0.0, south]],
    )
    return {
        "name": "A nook",
        "width": 36.0,
        "height": 36.0,
        "terrain": [
            {"id": f"wall{n}", "name": "Wall", "kind": "impassable", "height": 4.0, "polygon": w}
            for n, w in enumerate(walls)
        ],
    }


HAND_5 = HAND_1[:5]
"""A two-Hero club's turn-1 hand (L40)."""
LATER = ("8C", "9C", "10C", "JC", "QC", "KC", "8D", "9D", "10D", "JD", "QD", "KD")
"""The cards of turn 2's draws: six for each club (L40)."""
RADIUS = mm_to_inches(30) / 2


def _hounds(
    *dice: str | int, at: dict[str, tuple[float, float]], board: dict[str, Any] = OPEN
) -> WolsungGame:
    return on_table(*dice, at=at, clubs=[HOUNDS, "inventors"], hands=(HAND_5, HAND_2), board=board)


def _release(game: WolsungGame) -> None:
    """Zachary calls his Hounds in from where he stands, east of him then west."""
    z = game.model("1H1")
    game.apply("summon 1H1 hound")
    game.apply(f"place 1M2 {z.x + SMALL:.2f},{z.y:g}")
    game.apply(f"place 1M3 {z.x - SMALL:.2f},{z.y:g}")


def _end(game: WolsungGame) -> None:
    """The model acting ends its activation."""
    end = next(a for a in game.decision.options if a.kind == "end") if game.decision else None
    assert end is not None
    game.apply(end)


# -- Release the Hounds! (L493-L500) ------------------------------------------------------------


def test_l493_release_the_hounds_places_two_hounds_in_base_contact() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    assert "summon 1H1 hound" in options(game)
    mark = len(game.log)
    _release(game)
    assert [game.model(h).pos for h in ("1M2", "1M3")] == [(11.18, 10.0), (8.82, 10.0)]
    assert lines(game, mark) == [
        "Zachary Fiercebatten Third (1H1) calls 2 model(s) into play: Release the Hounds!  [L493]",
        "Hound (1M2) comes into play at 11.18,10  [L493]",
        "Hound (1M3) comes into play at 8.82,10  [L493]",
    ]
    hound = current(game, game.model("1M2"))
    assert (hound.profile.A, hound.profile.M, hound.profile.F, hound.profile.W) == (1, 9, 2, 2)
    assert member(game, "1M2").arrival is Arrival.SUMMONED
    # The Special Action took one of Zachary's two Actions (L71).
    assert game.decision is not None and game.decision.prompt.startswith(
        "Zachary Fiercebatten Third: Action 2"
    )


def test_g55_the_hounds_activate_next_as_one_activation() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "1H2": (20.0, 4.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    _release(game)
    _end(game)
    # Before any bid, the Hounds: their player picks which goes first (L493, L499).
    assert game.decision is not None and game.decision.kind == "activate"
    assert options(game) == ["activate 1M2", "activate 1M3"]
    game.apply("activate 1M3")
    game.apply("move 1M3 8.82,14")
    assert game.decision is not None and game.decision.prompt.startswith("Hound: Action")
    assert game.model("1M2").activated
    _end(game)
    # The pack has activated: now the Additional Activation bid (L47).
    assert game.decision is not None and game.decision.kind == "additional"
    assert [e.models[0] for e in game.log if e.kind == "activates"][-2:] == ["1M3", "1M2"]


def test_l228_release_the_hounds_after_a_quick_move() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("quick-summon 1H1 hound 10,14")
    game.apply(f"place 1M2 {10 + SMALL:.2f},14")
    game.apply(f"place 1M3 {10 - SMALL:.2f},14")
    assert lines(game, mark)[:2] == [
        'Zachary Fiercebatten Third (1H1) moves 4" to 10,14  [L73]',
        "Zachary Fiercebatten Third (1H1) calls 2 model(s) into play: Release the Hounds!  [L493]",
    ]
    assert game.model("1M2").pos == (11.18, 14.0)


def test_l493_release_the_hounds_once_a_game() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    _release(game)
    assert game.decision is not None
    assert not any(a.kind == "summon" for a in game.decision.options)
    assert not any(p.kind == "quick-summon" for p in game.decision.points)
    # Nor once the Hounds are out of the game (§7 item 68).
    for hound in ("1M2", "1M3"):
        game.model(hound).removed = "out of action"
    assert summon_options(game, game.model("1H1")) == ([], [])


def test_l493_a_hound_out_of_base_contact_is_refused() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    game.apply("summon 1H1 hound")
    refused(game, "place 1M2 12,10", r'comes in in base contact with Zachary .*: 0.82" apart')
    refused(game, "place 1M2 10.5,10", "does not fit there")


def test_l14_l493_a_hound_comes_in_where_the_bases_count_as_touching() -> None:
    # In base contact is one band for every rule: a Hound placed a hair inside CONTACT of
    # Zachary's base comes in, and touches him; a hair beyond, it is refused, and would not.
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    game.apply("summon 1H1 hound")
    zachary, hound = game.model("1H1"), game.model("1M2")
    for gap in (CONTACT - 1e-9, CONTACT + 1e-9):
        point = (zachary.x + zachary.radius + hound.radius + gap, zachary.y)
        refusal = place_error(game, zachary, hound, point)
        put(game, "1M2", *point)
        touching = gap < CONTACT
        assert (refusal is None, in_contact(game, zachary, hound)) == (touching, touching), refusal


def test_l493_a_hound_leaves_room_for_the_other() -> None:
    # Walls leave Zachary's east side free, about 100 degrees of his base contact: two
    # Hounds fit there side by side, but not one in the middle and another (L14).
    game = _hounds(at={"1H1": (0.6, 10.0), "2M4": (30.0, 30.0)}, board=_nook(11.5, 8.5))
    activate(game, "1H1")
    game.apply("summon 1H1 hound")
    refused(game, f"place 1M2 {0.6 + SMALL:.2f},10", "would leave no room for the others")
    east = (0.6 + SMALL * 0.707, 10.0 - SMALL * 0.707)
    game.apply(f"place 1M2 {east[0]:.2f},{east[1]:.2f}")
    assert game.decision is not None and game.decision.kind == "place"


def test_l493_no_room_in_base_contact_no_release() -> None:
    # Walls leave room in contact for one Hound only: no release where Zachary stands.
    game = _hounds(at={"1H1": (0.6, 10.0), "2M4": (30.0, 30.0)}, board=_nook(10.9, 9.1))
    activate(game, "1H1")
    assert not any(o.startswith("summon") for o in options(game))
    refused(game, "summon 1H1 hound", "not an option")


def test_l126_no_release_in_melee() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)})
    activate(game, "1H1")
    assert not any(o.startswith("summon") for o in options(game))
    refused(game, "summon 1H1 hound", r"in melee and may only Move or Fight \(L126\)")


def _pack_out(*dice: Any, enemy: tuple[float, float], mate_x: float | None = None) -> WolsungGame:
    """Zachary (1H1) at 10,10 released the Hounds (1M2 east of him, 1M3 west, at 8.82,10),
    the enemy Lab Assistant 2M4 at ``enemy``; 1M3 moved to ``mate_x`` (as a Shift might,
    L579); 1M2's activation begun."""
    game = _hounds(*dice, at={"1H1": (10.0, 10.0), "2M4": enemy})
    activate(game, "1H1")
    _release(game)
    _end(game)
    if mate_x is not None:
        game.model("1M3").x = mate_x
    game.apply("activate 1M2")
    return game


def test_l499_a_hound_keeps_within_6_of_its_pack() -> None:
    game = _pack_out(enemy=(30.0, 30.0))
    # 1M3 stands at 8.82,10: ending 7.2" east of it is more than 6" edge to edge.
    refused(game, "move 1M2 17.2,10", r'Hound stays within 6" of Hound \(Hunting Pack, L499\)')
    game.apply("move 1M2 15,10")
    assert game.model("1M2").pos == (15.0, 10.0)


def test_l499_a_hounds_charge_stops_where_it_would_stray_from_its_pack() -> None:
    game = _pack_out(enemy=(19.0, 10.0))
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    # 1M3 stands at 8.82,10: 6" edge to edge from it is 16.0,10, short of contact at 17.82.
    assert lines(game, mark)[:2] == [
        "Hound (1M2) stops where it would stray too far from its pack  [L499]",
        'Hound (1M2) moves 4.82" to 16,10  [L127]',
    ]
    hound = game.model("1M2")
    assert hound.pos == pytest.approx((16.0, 10.0), abs=0.01)
    assert "short of Lab Assistant" in lines(game, mark)[2]


def test_l499_a_hound_set_off_apart_from_its_pack_is_held_only_once_its_charge_mends_it() -> None:
    # A Shift (L579) left 1M3 at 21.5,10, past the enemy: 1M2 sets off 8" from it, and its
    # Charge, closing up, goes into base contact.
    game = _pack_out(enemy=(16.0, 10.0), mate_x=21.5)
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    assert lines(game, mark)[:2] == [
        'Hound (1M2) moves 3.64" to 14.82,10  [L127]',
        "Hound (1M2) charges into base contact with Lab Assistant (2M4)  [L127]",
    ]


def test_l499_a_hound_apart_from_its_pack_charges_no_farther_from_it() -> None:
    # Shifted away west (L579), 1M3 stands at 1,10: 1M2's Charge east never closes up, so it
    # does not set off, as a Move there would be refused.
    game = _pack_out(enemy=(16.0, 10.0), mate_x=1.0)
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    assert game.model("1M2").pos == (11.18, 10.0)
    assert lines(game, mark)[0] == (
        "Hound (1M2) stops where it would stray too far from its pack  [L499]"
    )


def test_l500_a_hound_attacking_allows_no_fence() -> None:
    dice = ("fight", 4, 4, "fight", 1, 1, 1, 1)
    game = _pack_out(*dice, enemy=(10.0 + 3 * SMALL, 10.0))
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    game.apply("attack 1M2 2M4")
    # Parry is the one reaction left, so nobody is asked (L131, L500): 2 dice against 2 + 2.
    assert lines(game, mark)[2:4] == [
        "Lab Assistant (2M4) reacts: Parry  [L131]",
        "Hound (1M2) rolls 2 dice: +2 Fight (L134); "
        "Lab Assistant (2M4) rolls 4 dice: +2 Fight (L134), +2 Parry (L133)  [L128]",
    ]
    # Two critical hits: S3 + 2 (L145).
    assert game.model("2M4").wounds == 9 - 5


# -- Natural Engineer (L356-L362, L668) --------------------------------------------------------


def test_l356_natural_engineer_calls_in_a_golem_of_the_printed_profile() -> None:
    # Hilda Cogsworth (2H2) is a Gnome: her Golem is 2M5.
    game = on_table(at={"2H2": (10.0, 30.0), "1M1": (30.0, 10.0)})
    game.apply("activate 1M1")
    _end(game)
    activate(game, "2H2")
    mark = len(game.log)
    game.apply("summon 2H2 gnome_golem")
    game.apply(f"place 2M5 10,{30 - SMALL:.2f}")
    assert lines(game, mark) == [
        "Hilda Cogsworth (2H2) calls 1 model(s) into play: Natural Engineer  [L356]",
        "Golem (2M5) comes into play at 10,28.82  [L356]",
    ]
    golem = game.model("2M5")
    fighter = current(game, golem)
    assert (fighter.profile.A, fighter.profile.M, fighter.profile.F, fighter.profile.S) == (
        2,
        4,
        3,
        4,
    )
    assert (fighter.profile.R, fighter.profile.W, fighter.armour) == (2, 4, 5)
    # A 30 mm base, no size being printed (§7 item 58).
    assert golem.radius == pytest.approx(RADIUS)
    # Once a game; it is not made to activate next, but may later this turn.
    assert "summon 2H2 gnome_golem" not in options(game)
    _end(game)
    assert options(game) == ["activate 2M5"]


def test_item_58_snorri_calls_in_the_gnome_golem_once() -> None:
    game = on_table(
        at={"2H1": (10.0, 30.0), "1M1": (30.0, 10.0)},
        clubs=["ash-and-oak", FLEA],
        hands=(HAND_1, HAND_2[:5]),
    )
    game.apply("activate 1M1")
    _end(game)
    activate(game, "2H1")
    snorri = game.model("2H1")
    big = (mm_to_inches(40) + mm_to_inches(30)) / 2
    game.apply("summon 2H1 gnome_golem")
    game.apply(f"place 2M3 {10 + big:.2f},30")
    assert game.model("2M3").name == "Golem" and game.model("2M3").on_table
    assert snorri.on_table
    assert not any(o.startswith("summon") for o in options(game))


# -- Mirror Servants (L629) ----------------------------------------------------------------------


def test_l629_ingrids_mirror_servants_deploy_with_her_club() -> None:
    game = new_game(clubs=["ash-and-oak", MIRRORS], hands=(HAND_1, HAND_2[:5]))
    servants = [m for m in game.models if m.name == "Mirror Servant"]
    assert [m.id for m in servants] == ["2M2", "2M3", "2M4"]
    assert all(m.on_table and m.y >= 30.0 for m in servants)
    assert all(member(game, m.id).bringer == "2H1" for m in servants)


def test_l629_the_mirror_servants_activate_as_one_activation() -> None:
    # Ingrid stands by: the Servants are Golems, and she the Scientist whose Control Range
    # holds them (L556).
    at = {"1M1": (30.0, 10.0), "2M2": (10.0, 30.0), "2M3": (12.0, 30.0), "2M4": (14.0, 30.0)}
    at["2H1"] = (12.0, 33.0)
    game = on_table(at=at, clubs=["ash-and-oak", MIRRORS], hands=(HAND_1, HAND_2[:5]))
    game.apply("activate 1M1")
    _end(game)
    game.apply("activate 2M3")
    _end(game)
    assert options(game) == ["activate 2M2", "activate 2M4"]
    game.apply("activate 2M4")
    _end(game)
    # The last of them follows with no question asked.
    assert game.decision is not None and game.decision.prompt.startswith("Mirror Servant: Action")
    activated = [e.models[0] for e in game.log if e.kind == "activates"]
    assert activated[-3:] == ["2M3", "2M4", "2M2"]


# -- how they count (house scenarios §4.0, §7 item 50) ----------------------------------------


def test_item_50_models_brought_cost_nothing_and_stay_outside_the_cap() -> None:
    # Two Heroes hire four Butlers with their 2 + 2 Funds, the most they may (L258, L259);
    # Zachary's two Hounds come on top, free: the club is legal.
    full = {
        "name": "At the cap",
        "club": "Ash and Oak",
        "heroes": [{"named": "Zachary Fiercebatten Third"}, {"named": "Mary Fearless"}],
        "henchmen": [{"henchman": "Butler", "count": 4}],
    }
    game = new_game(clubs=[full, "inventors"], hands=(HAND_5, HAND_2))
    henchmen = [m.name for m in game.models if m.side == 0 and not m.hero]
    assert henchmen == ["Butler"] * 4 + ["Hound"] * 2


def test_s4_0_a_summoned_hound_is_worth_no_casualty_points() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    _release(game)
    game.state.pending = (Hit("1M2", 5, "a test's blow", "L44", scorer=1),)
    ApplyDamage().run(game, None)
    assert not game.model("1M2").on_table
    game.state.turn = 2
    end_of_turn(game)
    assert game.state.casualties == (0, 0)


def test_s4_0_a_mirror_servant_deployed_counts_as_a_henchman() -> None:
    at = {"1M1": (30.0, 10.0), "2M2": (10.0, 30.0), "2H2": (14.0, 30.0)}
    game = on_table(at=at, clubs=["ash-and-oak", MIRRORS], hands=(HAND_1, HAND_2[:5]))
    game.state.pending = (Hit("2M2", 5, "a test's blow", "L44", scorer=0),)
    ApplyDamage().run(game, None)
    game.state.turn = 2
    end_of_turn(game)
    assert game.state.casualties == (1, 0)


def test_s4_0_hounds_on_the_table_keep_their_club_standing() -> None:
    game = _hounds(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    _release(game)
    game.model("1H1").removed = "set aside for the test"
    game.state.turn = 2
    end_of_turn(game)
    assert game.result is None


# -- Infiltrator (L535) ----------------------------------------------------------------------------


def test_l535_the_infiltrator_lays_three_markers_in_place_of_deploying() -> None:
    game = new_game(clubs=[MARKSMEN, "inventors"], markers=())
    assert not game.model("1M1").deployed
    assert game.decision is not None and game.decision.kind == "marker"
    refused(game, "marker 1M1 4,31", r"base would reach into the enemy's zone \(north\)")
    refused(game, "marker 1M1 4,29.5", r"base would reach into the enemy's zone \(north\)")
    game.apply("marker 1M1 4,18")
    refused(game, "marker 1M1 16,18", r'a marker lies 12" or more from the model\'s other markers')
    game.apply("marker 1M1 4,4")
    game.apply("marker 1M1 30,18")
    assert [(k.spot.x, k.spot.y) for k in game.state.infiltrator_markers] == [
        (4.0, 18.0),
        (4.0, 4.0),
        (30.0, 18.0),
    ]
    assert next(line for line in lines(game) if "marker" in line) == (
        "Club 1 lays a marker for Abhinav Singh (1M1) at 4,18  [L535]"
    )
    # Then the turn's Steal, Sir Lance's top-hat first (L434).
    assert game.decision is not None and game.decision.kind == "top-hat"


def _to_turn_2(game: WolsungGame) -> None:
    """Every model left ends its activation, nobody bids, and each player discards its first
    cards down to its hand (L40)."""
    while game.decision is not None and game.state.turn == 1:
        kind = game.decision.kind
        if kind == "activate":
            game.apply(game.decision.options[0])
        elif kind in ("additional", "delay", *OFFERS):
            game.apply(f"no-{kind}")
        elif kind in ("top-hat", "bid"):
            pass_steal(game)
        else:
            _end(game)
    while game.decision is not None and game.decision.kind == "discard":
        game.apply(game.decision.options[0])


def _infiltrating(*dice: str | int) -> WolsungGame:
    """Sir Lance and Abhinav, still to come in on his markers at 4,18, 18,18 and 32,18,
    against Thorvald."""
    game = new_game(*dice, clubs=[MARKSMEN, "inventors"], later=LATER)
    remove_all_but(game, "1H1", "1M1", "2H1")
    put(game, "1H1", 4.0, 4.0)
    put(game, "2H1", 30.0, 32.0)
    return game


def test_g50_the_enemy_narrows_the_markers_by_the_infiltrators_successes() -> None:
    game = _infiltrating("infiltrator", 5, 4, 1, 2)
    _to_turn_2(game)
    assert game.state.turn == 2
    # Abhinav rolls R4: two successes; Club 2 (the enemy) allows two of the three markers.
    assert game.decision is not None and game.decision.kind == "allow"
    assert game.decision.player == 1
    assert options(game) == ["allow 1M1 1", "allow 1M1 2", "allow 1M1 3"]
    game.apply("allow 1M1 3")
    assert options(game) == ["allow 1M1 1", "allow 1M1 2"]
    game.apply("allow 1M1 1")
    # Abhinav's player puts him on one of those two (§7 item 70).
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["arrive 1M1 3", "arrive 1M1 1"]
    mark = len(game.log)
    game.apply("arrive 1M1 1")
    assert game.model("1M1").pos == (4.0, 18.0)
    assert lines(game, mark) == [
        "Abhinav Singh (1M1) comes in at 4,18  [L535]",
        "Abhinav Singh (1M1): move_penalty[1] until end of turn  [L535]",
    ]
    assert game.state.infiltrator_markers == ()
    log = lines(game)
    assert "Abhinav Singh (1M1) rolls infiltrator 4D6: [5, 4, 1, 2]  [L535]" in log
    assert "Abhinav Singh (1M1) scores 2 successes: 2 of its markers allowed  [L535]" in log
    assert "Club 2 allows Abhinav Singh (1M1) its marker 3  [L535]" in log


def test_l535_as_many_successes_as_markers_allows_them_all() -> None:
    game = _infiltrating("infiltrator", 5, 5, 6, 1)
    _to_turn_2(game)
    assert game.decision is not None and game.decision.kind == "arrive"
    assert options(game) == ["arrive 1M1 1", "arrive 1M1 2", "arrive 1M1 3"]


def test_l535_a_marker_the_model_does_not_fit_on_is_not_allowed() -> None:
    game = _infiltrating("infiltrator", 5, 4, 1, 2)
    put(game, "2H1", 18.0, 18.0)  # Thorvald stands on the second marker
    _to_turn_2(game)
    # Two successes and two free markers: both allowed, no question for the enemy.
    assert options(game) == ["arrive 1M1 1", "arrive 1M1 3"]


def test_item_70_no_success_the_enemy_places_it_outside_the_enemy_zones() -> None:
    game = _infiltrating("infiltrator", 1, 2, 3, 1)
    _to_turn_2(game)
    assert game.decision is not None and game.decision.kind == "infiltrate"
    assert game.decision.player == 1
    refused(game, "infiltrate 1M1 20,32", r"base would reach into the enemy's zone \(north\)")
    game.apply("infiltrate 1M1 35,1")
    assert game.model("1M1").pos == (35.0, 1.0)


def test_l535_the_infiltrator_is_not_the_first_model_activated_on_its_turn() -> None:
    game = _infiltrating("infiltrator", 5, 5, 6, 1)
    _to_turn_2(game)
    game.apply("arrive 1M1 2")
    pass_steal(game)
    # Club 1 holds the initiative: Sir Lance may go first, Abhinav may not.
    assert options(game) == ["activate 1H1"]
    refused(game, "activate 1M1", "not an option")


def test_l535_with_nothing_else_to_activate_the_initiative_passes_on() -> None:
    game = _infiltrating("infiltrator", 5, 5, 6, 1)
    game.model("1H1").removed = "set aside for the test"
    _to_turn_2(game)
    game.apply("arrive 1M1 2")
    pass_steal(game)
    # Abhinav is all Club 1 has: Club 2 activates first (L535).
    assert game.decision is not None and game.decision.player == 1
    game.apply("activate 2H1")
    while game.decision is not None and game.decision.kind in OFFERS:
        game.apply(f"no-{game.decision.kind}")
    _end(game)
    while game.decision is not None and game.decision.kind in ("additional", "delay"):
        game.apply(f"no-{game.decision.kind}")
    assert options(game) == ["activate 1M1"]


def _abhinav_acts(*dice: str | int) -> WolsungGame:
    """Abhinav has come in on his first marker, 4,18, all his markers allowed; Sir Lance and
    Thorvald, who stands 10" north of that marker, have activated; Abhinav activates."""
    game = _infiltrating("infiltrator", 5, 5, 6, 1, *dice)
    put(game, "2H1", 4.0, 18.0 + 2 * RADIUS + 10.0)
    _to_turn_2(game)
    game.apply("arrive 1M1 1")
    pass_steal(game)
    activate(game, "1H1")
    _end(game)
    hand_over(game)
    activate(game, "2H1")
    _end(game)
    game.apply("activate 1M1")
    return game


def test_g50_move_penalty_1_on_a_shot_of_the_arrival_turn_without_a_move() -> None:
    game = _abhinav_acts("guns", 4, 4, "reflex", 1, 1, 1)
    mark = len(game.log)
    game.apply("shoot 1M1 hunting_rifle 2H1")
    game.apply("hold-nerves 2H1")
    # Hunting Rifle at 10": 4 Guns - 1 (band) - 1 (Move Penalty [1], though he has not moved).
    assert lines(game, mark)[2].startswith(
        'Abhinav Singh (1M1) rolls 2 dice: +4 Guns (L97), -1 range 10" up to 16" (L107), '
        "-1 Move Penalty [1], not below 1 (L226, §7 item 41, the Infiltrator's on its arrival "
        "turn, L535, G50); Thorvald Nielsgaard (2H1) rolls 3 dice"
    )


def test_g50_after_a_move_the_rifles_penalty_adds_up_and_stops_at_1() -> None:
    game = _abhinav_acts("guns", 4, "reflex", 1, 1, 1)
    game.apply("move 1M1 4,16")
    mark = len(game.log)
    game.apply("shoot 1M1 hunting_rifle 2H1")
    game.apply("hold-nerves 2H1")
    # 12" now: 4 - 1 (band), then Move Penalty [2] + [1] takes the 3 dice down to 1, not 0.
    assert lines(game, mark)[2].startswith(
        'Abhinav Singh (1M1) rolls 1 dice: +4 Guns (L97), -1 range 12" up to 16" (L107), '
        "-2 Move Penalty [3], not below 1"
    )


def test_l535_the_move_penalty_ends_with_the_arrival_turn() -> None:
    game = _infiltrating("infiltrator", 5, 5, 6, 1)
    _to_turn_2(game)
    game.apply("arrive 1M1 1")
    assert current(game, game.model("1M1")).has("move_penalty")
    end_turn_effects(game)
    assert not current(game, game.model("1M1")).has("move_penalty")


@pytest.mark.cards_may_remain
def test_l535_an_infiltrator_to_come_keeps_its_club_standing() -> None:
    game = _infiltrating()
    game.model("1H1").removed = "set aside for the test"
    end_of_turn(game)
    # Only Club 2 is on the table, but Abhinav is still to come: no sudden death (§4.0).
    assert game.result is None


# -- the seventh turn (house scenarios §4.0, §5) -------------------------------------------------


def _at_turn_6(*dice: str | int, extra: bool) -> WolsungGame:
    game = new_game(*dice, options={"extra_turn_roll": extra})
    game.state.turn = 6
    return game


def test_s4_0_a_success_after_turn_6_plays_a_seventh_and_last_turn() -> None:
    game = _at_turn_6("seventh turn", 4, extra=True)
    mark = len(game.log)
    end_of_turn(game)
    assert game.result is None and game.state.extra_turn
    assert lines(game, mark)[:2] == [
        "Rolled seventh turn D6: [4]  [wolsung-scenarios.md §4.0]",
        "Turn 7 is played, the last  [wolsung-scenarios.md §4.0]",
    ]
    game.state.turn = 7
    end_of_turn(game)
    assert game.result is not None and game.result.reason == "the last of 7 turns is played"


def test_s4_0_a_failure_after_turn_6_ends_the_game() -> None:
    game = _at_turn_6("seventh turn", 3, extra=True)
    end_of_turn(game)
    assert "No turn 7  [wolsung-scenarios.md §4.0]" in lines(game)
    assert game.result is not None and game.result.reason == "the last of 6 turns is played"


def test_s4_0_no_seventh_turn_roll_by_default() -> None:
    # Off by default: no die is rolled (the scripted dice would refuse one).
    game = _at_turn_6(extra=False)
    end_of_turn(game)
    assert game.result is not None and not game.state.extra_turn
    assert game.setup["extra_turn_roll"] is False


def test_s4_0_no_seventh_turn_roll_when_sudden_death_ends_the_game() -> None:
    game = _at_turn_6(extra=True)
    for m in game.models:
        if m.side == 1:
            m.removed = "set aside for the test"
    end_of_turn(game)
    assert game.result is not None and game.result.placing == (1, 2)


def test_setup_extra_turn_roll_is_true_or_false() -> None:
    with pytest.raises(SkirmishError, match=r"^extra_turn_roll: true or false, not 'yes'$"):
        find_ruleset("wolsung").new_game({"extra_turn_roll": "yes"})
