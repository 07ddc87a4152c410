"""Golden tests of templates in play: the Fire Template a Scorcher lays, the range to its
nearest and farthest points, the shot at every model under it, and the Fire it burns with
until the end of the turn; the Sun Spear's Beam, the models on its line and the Mirror
Servants relaying it; the Mist Templates (L44, L52, L575, L612, L625, L637, L721-L725, L744,
L787, L834, L863; rules notes §5, §7 items 43, 76, 81, 86, 95; §8.1 X3, G52, G53, G59). Dice
are scripted by purpose and hands stacked, and each test checks the exact outcome: the
templates on the table, the pools, the Wounds and the log lines with the rules they cite."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.wolsung.table_game import (
    HAND_2,
    SMALL,
    activate,
    hand_over,
    lines,
    on_table,
    options,
    pass_deeds,
    refused,
    remove_all_but,
)
from tests.rulesets.wolsung.test_game_magic import HEARTS, QUIET

from skirmish.rulesets.wolsung.game.mist import mistmaker_rule, mistmakers
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame
from skirmish.rulesets.wolsung.game.templates import MIST, MIST_RADIUS, lay, models_under

FIRE_BRIGADE: dict[str, Any] = {
    "name": "The Fire Brigade",
    "club": "Inventors",
    "heroes": [{"named": "Thomas Rockheart Jr."}],
    "henchmen": [{"henchman": "Lab Assistant"}],
}
"""An Inventors club whose Hero, Thomas Rockheart Jr. (1H1, G4), fires the Scorcher (S5,
8"/16": +1/-1, Fire, Template; L612); a Lab Assistant is 1M1. Against it, the Ash and Oak
sample: Sir Lance Oakroot 2H1, Lord Pemberton 2H2, Lady Ashgrove 2H3, Butlers 2M1 and 2M2."""

THOMAS = (10.0, 22.0)
HANDS = (("2C", "3C", "4C", "5C"), HAND_2)
"""The turn-1 hands: one Hero, four cards for club 1 (L40)."""
TURN_2 = ("8C", "9C", "10C", "JC", "8D", "9D", "10D", "JD", "QD", "KD")
"""The cards drawn at the start of turn 2, club 1's four first."""


def scorching(
    *dice: str | int, at: dict[str, tuple[float, float]], later: tuple[str, ...] = ()
) -> WolsungGame:
    """Thomas at :data:`THOMAS` activating, the models of ``at`` on the table too."""
    game = on_table(
        *dice,
        at={"1H1": THOMAS, **at},
        clubs=[FIRE_BRIGADE, "ash-and-oak"],
        hands=HANDS,
        later=later,
    )
    activate(game, "1H1")
    return game


def answer_shots(game: WolsungGame) -> None:
    """Each model shot holds its nerve, and Thomas's player plays no Heroic Deed."""
    while game.decision is not None and game.decision.kind in ("shot-reaction", "heroic-deed"):
        if game.decision.kind == "shot-reaction":
            game.apply(game.decision.options[0])
        pass_deeds(game)


def test_l575_the_template_shoots_every_model_under_it_friend_or_foe() -> None:
    # The template is laid centred on the Butler 2M1 (§7 item 76); the other Butler and the
    # Lab Assistant, one on each side of it, lie under it too; Sir Lance, 4" off, does not.
    dice = (
        *("guns", 5, 4, 1, 1, 1, "reflex", 1, 1, 1),
        *("guns", 6, 1, 1, 1, 1, "reflex", 4, 1, 1),
        *("guns", 1, 1, 1, 1, 1, "reflex", 1, 1, 1),
    )
    at = {
        "2M1": (10.0, 14.0),
        "1M1": (10.0 - SMALL, 14.0),
        "2M2": (10.0 + SMALL, 14.0),
        "2H1": (14.0, 14.0),
    }
    game = scorching(*dice, at=at)
    assert "shoot 1H1 scorcher 2M1" in options(game)
    mark = len(game.log)
    game.apply("shoot 1H1 scorcher 2M1")
    answer_shots(game)
    assert game.state.templates == (Template("F1", "fire", 10.0, 14.0, 1.5, None, 0),)
    shots = [line for line in lines(game, mark) if "'s shot" in line or "Template" in line]
    assert shots == [
        "Fire Template F1 is laid at 10,14  [L575]",
        'Template F1 lies 5.91" to 8.91" from Thomas Rockheart Jr. (1H1): every model under '
        "it is shot  [L575]",
        "Thomas Rockheart Jr. (1H1)'s shot hits Butler (2M1) (2 to 0 successes)  [L88]",
        "Thomas Rockheart Jr. (1H1)'s shot hits Lab Assistant (1M1) (1 to 1 successes)  [L88]",
        "Thomas Rockheart Jr. (1H1)'s shot hits Butler (2M2) (0 to 0 successes)  [L88]",
    ]
    # Each shot has its own range band: the Lab Assistant is 6.91" off, +1 (L107).
    assert (
        'Thomas Rockheart Jr. (1H1) rolls 5 dice: +4 Guns (L97), +1 range 6.91" up to 8" '
        "(L107); Lab Assistant (1M1) rolls 3 dice: +3 Reflex (L101)  [L88]"
    ) in lines(game, mark)
    # The hits land together at the end of the Action (L44).
    assert lines(game, mark)[-3:] == [
        "Butler (2M1) loses 7 Wounds (7 wounds: +5 Scorcher S (L119), +2 critical hits (L121)), "
        "2 left  [L119]",
        "Lab Assistant (1M1) loses 5 Wounds (5 wounds: +5 Scorcher S (L119)), 4 left  [L119]",
        "Butler (2M2) loses 5 Wounds (5 wounds: +5 Scorcher S (L119)), 4 left  [L119]",
    ]


def test_l575_the_shooter_under_its_own_template_is_not_shot() -> None:
    # Half an inch off the Butler, Thomas lies under the template laid on it: a shot is made
    # at another model, seen and measured from the shooter (L81-L91), so only the Butler is
    # shot.
    dice = ("guns", 5, 4, 1, 1, 1, "reflex", 1, 1, 1)
    game = scorching(*dice, at={"2M1": (10.0, THOMAS[1] - SMALL - 0.5)})
    mark = len(game.log)
    game.apply("shoot 1H1 scorcher 2M1")
    answer_shots(game)
    assert [o.id for o in models_under(game, game.state.templates[0])] == ["1H1", "2M1"]
    shots = [line for line in lines(game, mark) if "'s shot" in line]
    assert shots == [
        "Thomas Rockheart Jr. (1H1)'s shot hits Butler (2M1) (2 to 0 successes)  [L88]"
    ]


def test_l575_farthest_point_beyond_range_no_attack_the_template_stays() -> None:
    # 16.5" to the target's centre: its nearest point 14.41", its farthest 17.41" (16" range).
    game = scorching(at={"2M1": (10.0, THOMAS[1] - 16.5)})
    mark = len(game.log)
    game.apply("shoot 1H1 scorcher 2M1")
    assert lines(game, mark) == [
        "Fire Template F1 is laid at 10,5.5  [L575]",
        'Template F1 lies 14.41" to 17.41" from Thomas Rockheart Jr. (1H1): its farthest point '
        "is out of range, no attack; it stays  [L575]",
    ]
    assert [t.id for t in game.state.templates] == ["F1"]
    assert game.model("2M1").wounds == 9


def test_l575_nearest_point_beyond_range_the_shot_does_nothing() -> None:
    game = scorching(at={"2M1": (10.0, THOMAS[1] - 19.0)})
    mark = len(game.log)
    game.apply("shoot 1H1 scorcher 2M1")
    assert lines(game, mark) == [
        "Fire Template F1 is laid at 10,3  [L575]",
        'Template F1 lies 16.91" to 19.91" from Thomas Rockheart Jr. (1H1): out of range, the '
        "shot does nothing  [L575]",
        "Fire Template F1 is removed  [L575]",
    ]
    assert game.state.templates == ()


def _burning(
    *dice: str | int, at: dict[str, tuple[float, float]], later: tuple[str, ...] = ()
) -> WolsungGame:
    """Thomas lays a Fire Template at 10,5.5 over the Butler 2M1, out of his range for an
    attack, and ends his activation; club 2 is to activate."""
    game = scorching(*dice, at={"2M1": (10.0, 5.5), **at}, later=later)
    game.apply("shoot 1H1 scorcher 2M1")
    game.apply("end 1H1")
    hand_over(game)
    return game


def test_x3_l44_a_model_shooting_from_under_a_fire_template_is_burnt_at_the_action_end() -> None:
    # The Butler under the template shoots Thomas: the S1 Fire hit (no roll, §7 item 76) and
    # the shot's damage land together at the end of the Action (L44, X3).
    game = _burning("guns", 4, "reflex", 1, 1, at={})
    activate(game, "2M1")
    mark = len(game.log)
    game.apply("shoot 2M1 butler_pistol 1H1")
    game.apply("hold-nerves 1H1")
    pass_deeds(game)
    assert lines(game, mark)[0] == (
        "Butler (2M1) starts its Action under Fire Template F1: an S1 Fire hit  [L575]"
    )
    assert lines(game, mark)[-2:] == [
        "Butler (2M1) loses 1 Wounds (1 wounds: +1 Fire Template S1 (L575)), 8 left  [L575]",
        "Thomas Rockheart Jr. (1H1) loses 5 Wounds "
        "(5 wounds: +4 Pistol S (L119), +1 critical hits (L121)), 8 left  [L119]",
    ]


def test_l44_a_clubs_last_model_burnt_as_it_shoots_scores_its_kill() -> None:
    # Club 2's last model, the Butler, shoots from under the template: its burn and its shot
    # land together at the end of the Action, so its kill of Thomas counts (L44, §4.0).
    game = _burning("guns", 4, "reflex", 1, 1, at={})
    remove_all_but(game, "1H1", "1H2", "2M1")
    game.model("2M1").wounds = 1
    game.model("1H1").wounds = 5
    activate(game, "2M1")
    mark = len(game.log)
    game.apply("shoot 2M1 butler_pistol 1H1")
    game.apply("hold-nerves 1H1")
    pass_deeds(game)
    assert "wiped out" not in "\n".join(lines(game, mark))
    assert game.state.fallen == (("2M1", 0), ("1H1", 1))
    assert game.state.casualties == (1, 2)


def test_l575_moving_through_a_fire_template_burns_once_an_action() -> None:
    # The Butler 2M2 walks across the template; the Butler 2M1 starts under it and walks out
    # through it again: one S1 hit each (G53: a Butler loses 1 Wound).
    game = _burning(at={"2M2": (6.0, 7.0)})
    activate(game, "2M2")
    mark = len(game.log)
    game.apply("move 2M2 11,7")
    assert lines(game, mark) == [
        'Butler (2M2) moves 5" to 11,7  [L73]',
        "Butler (2M2) moves through Fire Template F1: an S1 Fire hit  [L575]",
        "Butler (2M2) loses 1 Wounds (1 wounds: +1 Fire Template S1 (L575)), 8 left  [L575]",
    ]
    game.apply("end 2M2")
    hand_over(game)
    activate(game, "2M1")
    mark = len(game.log)
    game.apply("move 2M1 14,5.5")
    assert [line for line in lines(game, mark) if "Fire" in line] == [
        "Butler (2M1) starts its Action under Fire Template F1: an S1 Fire hit  [L575]",
        "Butler (2M1) loses 1 Wounds (1 wounds: +1 Fire Template S1 (L575)), 8 left  [L575]",
    ]


def _walk_through_fire(
    club: str | dict[str, Any], target: str, walker: str, **at: Any
) -> WolsungGame:
    """Thomas lays his Fire Template over ``target`` at 10,5.5, out of range for an attack;
    then ``walker`` of the club ``club`` activates."""
    game = on_table(
        at={"1H1": THOMAS, target: (10.0, 5.5), **at}, clubs=[FIRE_BRIGADE, club], hands=HANDS
    )
    activate(game, "1H1")
    game.apply(f"shoot 1H1 scorcher {target}")
    game.apply("end 1H1")
    hand_over(game)
    activate(game, walker)
    return game


def test_g53_the_fire_template_burns_a_troll_and_a_golem_for_nothing() -> None:
    # Ingrid's Fiery Passion cuts the S1 Fire by 3 (L234); a Golem ignores Fire (L556). Both
    # are [HOUSE] readings of the undefined Fire rules (§7 item 54).
    game = _walk_through_fire(SUN_AND_STEEL, "2H1", "2H1")
    game.apply("move 2H1 10,9")
    assert lines(game)[-1] == (
        "Ingrid Rangvaldottir (2H1) loses 0 Wounds (0 wounds: +1 Fire Template S1 (L575), "
        "-3 Resistance to Fire [3] ([HOUSE] §7 item 54)), 10 left  [L575]"
    )
    # Hilda (2H2) holds the Golem within her Control Range (L556).
    game = _walk_through_fire("inventors", "2M4", "2M2", **{"2M2": (8.0, 7.0), "2H2": (4.0, 12.0)})
    game.apply("move 2M2 12,7")
    assert lines(game)[-1] == (
        "Laboratory Golem (2M2) loses 0 Wounds (0 wounds: +1 Fire Template S1 (L575), "
        "-7 Armour (L120); immune: golem (L556)), 4 left  [L575]"
    )


def test_l52_fire_templates_are_removed_at_the_end_of_the_turn() -> None:
    game = _burning(at={}, later=TURN_2)
    activate(game, "2M1")
    game.apply("end 2M1")
    assert "Fire Template F1 is removed  [L52]" in lines(game)
    assert game.state.templates == ()


# -- the Sun Spear's Beam (L625) ---------------------------------------------------------------

SUN_AND_STEEL: dict[str, Any] = {
    "name": "Sun and Steel",
    "club": "Inventors",
    "heroes": [{"named": "Ingrid Rangvaldottir"}],
    "henchmen": [],
}
"""An Inventors club of Ingrid Rangvaldottir (1H1, G4) and her Sun Spear (S4, range without
bound, Beam, Fire; L625), with the three Mirror Servants she comes with, 1M1 to 1M3 (L629)."""

INGRID = (10.0, 4.0)

ALLEY: dict[str, Any] = {
    "name": "Alley wall",
    "width": 36.0,
    "height": 36.0,
    "terrain": [
        {
            "id": "wall",
            "name": "Alley wall",
            "kind": "impassable",
            "height": 4.0,
            "polygon": [[8.0, 12.5], [12.0, 12.5], [12.0, 13.0], [8.0, 13.0]],
        }
    ],
}
"""A 4" wall across the line from Ingrid north, between y 12.5 and 13."""


def beaming(
    *dice: str | int, at: dict[str, tuple[float, float]], board: dict[str, Any] | None = None
) -> WolsungGame:
    """Ingrid at :data:`INGRID` activating, the models of ``at`` on the table too."""
    game = on_table(
        *dice,
        at={"1H1": INGRID, **at},
        clubs=[SUN_AND_STEEL, "ash-and-oak"],
        hands=HANDS,
        **({"board": board} if board else {}),
    )
    activate(game, "1H1")
    return game


def test_l625_the_beam_shoots_every_model_on_its_line_nearest_first() -> None:
    # The Butlers stand one behind the other north of Ingrid; Sir Lance is off the line. The
    # beam goes through the first Butler: the second has no cover from it.
    dice = ("guns", 5, 4, 1, 1, "reflex", 1, 1, 1, "guns", 1, 1, 1, 1, "reflex", 4, 1, 1)
    game = beaming(*dice, at={"2M1": (10.0, 10.0), "2M2": (10.0, 16.0), "2H1": (16.0, 10.0)})
    assert [p.kind for p in game.decision.points] == ["move", "beam"]
    mark = len(game.log)
    game.apply("beam 1H1 sun_spear 10,30")
    answer_shots(game)
    assert lines(game, mark)[0] == (
        "Ingrid Rangvaldottir (1H1)'s beam runs to 10,36: it crosses Butler (2M1) and "
        "Butler (2M2) in sight  [L625]"
    )
    assert [line for line in lines(game, mark) if "rolls 4 dice" in line] == [
        'Ingrid Rangvaldottir (1H1) rolls 4 dice: +4 Guns (L97), +0 range 4.82" up to inf" '
        "(L107); Butler (2M1) rolls 3 dice: +3 Reflex (L101)  [L88]",
        'Ingrid Rangvaldottir (1H1) rolls 4 dice: +4 Guns (L97), +0 range 10.82" up to inf" '
        "(L107); Butler (2M2) rolls 3 dice: +3 Reflex (L101)  [L88]",
    ]
    assert lines(game, mark)[-1] == (
        "Butler (2M1) loses 6 Wounds (6 wounds: +4 Sun Spear S (L119), +2 critical hits "
        "(L121)), 3 left  [L119]"
    )
    assert game.model("2M2").wounds == 9


def test_l625_a_model_on_the_line_out_of_sight_is_not_shot() -> None:
    dice = ("guns", 5, 4, 1, 1, "reflex", 1, 1, 1)
    game = beaming(*dice, at={"2M1": (10.0, 10.0), "2M2": (10.0, 16.0)}, board=ALLEY)
    mark = len(game.log)
    game.apply("beam 1H1 sun_spear 10,30")
    answer_shots(game)
    assert lines(game, mark)[0] == (
        "Ingrid Rangvaldottir (1H1)'s beam runs to 10,36: it crosses Butler (2M1) in sight  [L625]"
    )
    assert game.model("2M2").wounds == 9


def test_l625_a_beam_is_aimed_at_a_point_of_the_table() -> None:
    game = beaming(at={"2M1": (10.0, 10.0)})
    refused(game, "shoot 1H1 sun_spear 2M1", r"not an option")
    refused(
        game,
        "beam 1H1 sun_spear 10,4.3",
        r"aim at a point off Ingrid Rangvaldottir's own base \(L625\)",
    )
    refused(game, "beam 1H1 sun_spear 40,4", r"aim at a point of the table \(L625\)")
    # Aimed away from everyone, the beam crosses no model.
    game.apply("beam 1H1 sun_spear 4,4")
    assert lines(game)[-1] == (
        "Ingrid Rangvaldottir (1H1)'s beam runs to 0,4: no model in sight on it  [L625]"
    )


def test_l637_a_mirror_servant_relays_the_beam_to_a_target_she_cannot_see() -> None:
    # The alley wall hides the Butler from Ingrid; her Mirror Servant 1M1, east of it, sees
    # both: the beam runs to the Servant and from it through the Butler, seen from there.
    dice = ("guns", 5, 4, 1, 1, "reflex", 1, 1, 1)
    at = {"1M1": (16.0, 10.0), "1M2": (10.0, 20.0), "2M1": (10.0, 16.0)}
    game = beaming(*dice, at=at, board=ALLEY)
    # A chain of Servants, each seen by the one before: the Servant behind the wall only
    # after 1M1 (L637, §7 item 81).
    assert [p.args for p in game.decision.points if p.kind == "beam"] == [
        ("1H1", "sun_spear"),
        ("1H1", "sun_spear", "1M1"),
        ("1H1", "sun_spear", "1M1", "1M2"),
    ]
    refused(
        game,
        "beam 1H1 sun_spear 1M1 16,10.3",
        r"aim at a point off Mirror Servant's own base \(L625\)",
    )
    mark = len(game.log)
    game.apply("beam 1H1 sun_spear 1M1 10,16")
    answer_shots(game)
    assert lines(game, mark)[0] == (
        "Ingrid Rangvaldottir (1H1)'s beam, relayed by Mirror Servant (1M1), runs to 0,26: "
        "it crosses Butler (2M1) in sight  [L637]"
    )
    # Seen from the Servant, the Butler has no cover.
    assert lines(game, mark)[3] == (
        'Ingrid Rangvaldottir (1H1) rolls 4 dice: +4 Guns (L97), +0 range 10.82" up to inf" '
        "(L107); Butler (2M1) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )
    assert game.model("2M1").wounds == 3


# -- Mist Templates (L721-L725, L744, L787) ----------------------------------------------------

TRIAD: list[str | dict[str, Any]] = ["triad", "inventors"]
"""The sample Triad as club 1: 1H1 Xen Jidao (Mistmaker, Magic Ability 4: Mistification), 1H2
Kao the Silent (Mistmaker), 1H3 Mei Lin, 1M1 Shade (Repeater Crossbow); the sample Inventors
as club 2, 2M2 its Laboratory Golem and 2M4 its Lab Assistant."""

LANTERN: dict[str, Any] = {
    "name": "The Red Lantern",
    "club": "Triad of Lotus Dragon",
    "heroes": [{"named": "Mr. Cheng"}, {"named": "Xen Jidao"}, {"named": "Ata Kijao"}],
    "henchmen": [{"henchman": "Shade"}],
}
"""A Triad club with Mr. Cheng (1H1, Acidic Fumes), Xen Jidao (1H2) and Ata Kijao (1H3)."""

TURN_2_TRIAD = (*TURN_2, "QC", "KC")
"""The cards drawn at the start of turn 2 by two clubs of three Heroes each."""


def misty(*dice: str | int, at: dict[str, tuple[float, float]], **more: Any) -> WolsungGame:
    """The Triad against the Inventors, the models of ``at`` on the table."""
    return on_table(*dice, at=at, clubs=more.pop("clubs", TRIAD), **more)


def mist_at(game: WolsungGame, x: float, y: float, side: int = 0) -> Template:
    """A Mist Template of club ``side + 1`` lying at ``x, y``, as a test needs it."""
    return lay(game, MIST, (x, y), MIST_RADIUS, None, side, "L744")


def test_l744_a_mistmaker_lays_a_mist_template_in_base_contact_toward_its_aim() -> None:
    game = misty(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    assert [p.kind for p in game.decision.points] == ["move", "cast-move", "mist", "mist-move"]
    refused(game, "mist 1H1 10,10", r"aim at a point off the centre of the Mistmaker's base")
    mark = len(game.log)
    game.apply("mist 1H1 10,20")
    # 3" across, its rim touching Xen's base: its centre 1.5" + a 30 mm base's radius away.
    assert game.state.templates == (
        Template("M1", "mist", 10.0, 10.0 + SMALL / 2 + 1.5, 1.5, None, 0),
    )
    assert lines(game, mark) == ["Mist Template M1 is laid at 10,12.09  [L771]"]


def test_l744_l771_each_mistmaker_lays_its_mist_by_the_rule_that_gives_it() -> None:
    # Kao the Silent is a Mistmaker by his Mystic Incense (L744), Xen Jidao by his own entry
    # (L771).
    game = misty(at={"1H2": (10.0, 10.0), "1H1": (20.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H2")
    mark = len(game.log)
    game.apply("mist 1H2 10,20")
    assert lines(game, mark) == ["Mist Template M1 is laid at 10,12.09  [L744]"]
    assert mistmaker_rule(game, game.model("1H1")) == "L771"


def test_l744_a_mist_template_lies_on_the_table() -> None:
    game = misty(at={"1H1": (1.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    refused(game, "mist 1H1 0,10", r"the Mist Template would lie off the table \(L744\)")


def test_l228_a_mistmaker_moves_then_lays_its_mist_in_one_action() -> None:
    game = misty(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("mist-move 1H1 13,10")
    assert game.decision is not None and game.decision.kind == "mist-aim"
    assert game.decision.prompt == "Xen Jidao lays a Mist Template (L744)"
    game.apply("mist-aim 1H1 20,10")
    assert lines(game, mark) == [
        'Xen Jidao (1H1) moves 3" to 13,10  [L73]',
        "Mist Template M1 is laid at 15.09,10  [L771]",
    ]
    assert game.decision is not None
    assert game.decision.prompt == "Xen Jidao: Action 2, or end the activation"


def test_l721_laying_more_mists_than_mistmakers_takes_one_off_first() -> None:
    # Xen is the club's one Mistmaker on the table: his second Mist Template takes the first
    # off.
    game = misty(at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, "1H1")
    game.apply("mist 1H1 10,20")
    game.apply("mist 1H1 20,10")
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.prompt == (
        "The club has as many Mist Templates as Mistmakers and lays another: take one of the "
        "club's Mist Templates off (L721)"
    )
    assert options(game) == ["lift-mist M1"]
    mark = len(game.log)
    game.apply("lift-mist M1")
    assert lines(game, mark) == [
        "Mist Template M1 is removed  [L721]",
        "Mist Template M2 is laid at 12.09,10  [L771]",
    ]


def test_l721_at_the_end_of_the_turn_mists_more_than_mistmakers_go() -> None:
    # Two Mistmakers lay two Mist Templates; Kao then leaves the table: at the end of the turn
    # the Triad keeps one (G59).
    at = {"1H1": (10.0, 10.0), "1H2": (20.0, 10.0), "2M4": (30.0, 30.0)}
    game = misty(at=at, later=TURN_2_TRIAD)
    activate(game, "1H1")
    game.apply("mist 1H1 10,20")
    game.apply("mist 1H1 10,0")
    game.model("1H2").removed = "set aside for the test"
    hand_over(game)
    activate(game, "2M4")
    game.apply("end 2M4")
    assert game.decision is not None and game.decision.kind == "lift-mist"
    assert game.decision.prompt == (
        "The club holds more Mist Templates than Mistmakers as what lasts until the end of the "
        "turn ends: take one of the club's Mist Templates off (L721)"
    )
    assert options(game) == ["lift-mist M1", "lift-mist M2"]
    game.apply("lift-mist M2")
    assert [t.id for t in game.state.templates] == ["M1"]
    assert "Mist Template M2 is removed  [L721]" in lines(game)


def test_l863_the_trader_is_a_mistmaker_and_raises_the_clubs_mist_cap() -> None:
    # Xen Jidao and the Trader (1M3) are two Mistmakers: with the club's first Mist Template
    # on the table, the Trader lays a second and none is taken off (L721).
    at = {"1H1": (20.0, 5.0), "1M3": (10.0, 10.0), "2M1": (10.0, 30.0)}
    game = misty(at=at, clubs=["triad", "ash-and-oak"])
    assert mistmakers(game, 0) == 2
    mist_at(game, 20.0, 20.0)
    activate(game, "1M3")
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["move", "mist", "mist-move"]
    mark = len(game.log)
    game.apply("mist 1M3 10,0")
    assert lines(game, mark) == ["Mist Template M2 is laid at 10,7.91  [L863]"]
    assert [t.id for t in game.state.templates] == ["M1", "M2"]


def test_l723_mist_hides_what_lies_beyond_and_covers_what_lies_under() -> None:
    # The Shade looks north through the mist: the Lab Assistant beyond it is out of sight, the
    # Laboratory Golem under its rim in sight, with Cover [1] (§7 item 86).
    dice = ("guns", 5, 4, 1, 1, "reflex", 1, 1, 1)
    at = {"1M1": (10.0, 4.0), "2M4": (10.0, 16.0), "2M2": (11.5, 10.0)}
    game = misty(*dice, at=at)
    mist_at(game, 10.0, 10.0)
    activate(game, "1M1")
    assert "shoot 1M1 repeater_crossbow 2M4" not in options(game)
    mark = len(game.log)
    game.apply("shoot 1M1 repeater_crossbow 2M2")
    game.apply("hold-nerves 2M2")
    assert lines(game, mark)[2] == (
        'Shade (1M1) rolls 4 dice: +3 Guns (L97), +1 range 5" up to 12" (L107); '
        "Laboratory Golem (2M2) rolls 3 dice: +2 Reflex (L101), "
        "+1 cover: under a Mist Template (L723)  [L88]"
    )


def test_l725_a_mistwalker_steps_from_one_mist_into_another_and_moves_on() -> None:
    # Xen stands in a Mist Template and casts Mistification on himself (L775): his Move may
    # step into the other Mist Template, 20" away, and go on from there (L725).
    game = misty("casting", 4, 1, 1, 1, at={"1H1": (10.0, 10.0), "2M4": (30.0, 30.0)})
    mist_at(game, 10.0, 10.0)
    mist_at(game, 30.0, 10.0)
    activate(game, "1H1")
    assert "mistwalk" not in [p.kind for p in game.decision.points]
    game.apply("cast 1H1 mistification 1H1")
    pass_deeds(game)
    assert [p.args for p in game.decision.points if p.kind == "mistwalk"] == [("1H1", "M2")]
    refused(game, "mistwalk 1H1 M1 10,12", r"not an option")
    refused(game, "mistwalk 1H1 M2 30,20", r'the point is .* away, more than the 5" allowed')
    mark = len(game.log)
    game.apply("mistwalk 1H1 M2 30,14")
    xen = game.model("1H1")
    assert xen.pos == (30.0, 14.0)
    assert lines(game, mark) == [
        "Mist Template M1 is removed  [L725]",
        "Xen Jidao (1H1) steps through the mist into Mist Template M2  [L725]",
        # From the spot wholly under M2 nearest 30,14: 1.5" less his base's radius less 0.02".
        'Xen Jidao (1H1) moves 3.11" to 30,14  [L73]',
    ]


@pytest.mark.parametrize(("caster", "rule"), [("1H1", "L775"), ("1H3", "L738")])
def test_l738_l775_mistification_cites_the_entry_that_gives_its_caster_the_spell(
    caster: str, rule: str
) -> None:
    # Xen Jidao knows it by his own entry (L775), Mei Lin as a Mage (L738).
    game = misty("casting", 4, 1, 1, 1, at={caster: (10.0, 10.0), "2M4": (30.0, 30.0)})
    activate(game, caster)
    game.apply(f"cast {caster} mistification {caster}")
    mark = len(game.log)
    pass_deeds(game)
    name = game.model(caster).name
    assert f"{name} ({caster}): mistwalker until end of turn  [{rule}]" in lines(game, mark)


def test_l787_acidic_fumes_hurt_a_model_starting_its_activation_in_the_mist() -> None:
    # Mr. Cheng is on the table: the Laboratory Golem starts its activation under a Mist
    # Template and loses a Wound, its Armour 7 ignored (G52). Hilda (2H2) holds it (L556).
    at = {"1H1": (20.0, 4.0), "2M2": (10.0, 10.0), "2H2": (4.0, 16.0)}
    game = misty(at=at, clubs=[LANTERN, "inventors"])
    mist_at(game, 10.0, 10.0)
    activate(game, "1H1")
    game.apply("end 1H1")
    hand_over(game)
    mark = len(game.log)
    activate(game, "2M2")
    assert lines(game, mark)[1:3] == [
        "Laboratory Golem (2M2) starts its activation under Mist Template M1: the Acidic Fumes "
        "of Mr. Cheng (1H1)  [L787]",
        "Laboratory Golem (2M2) loses 1 Wounds "
        "(1 wound: Acidic Fumes, Armour ignored (L787)), 3 left  [L787]",
    ]
    # Walking out of it, the path crosses the template: another Wound (§7 item 95).
    mark = len(game.log)
    game.apply("move 2M2 10,14")
    assert lines(game, mark)[1] == (
        "Laboratory Golem (2M2) moves through Mist Template M1: the Acidic Fumes of Mr. Cheng "
        "(1H1)  [L787]"
    )
    assert game.model("2M2").wounds == 2


def test_l787_acidic_fumes_hurt_a_mind_controlled_henchman_starting_in_the_mist() -> None:
    # Xen Jidao (1H2) takes the Lab Assistant (2M4), standing under a Mist Template, with Mind
    # Control: the Action his player makes with it is its Activation (L62, L459).
    dice = ("casting", 4, 4, 1, 1, "reflex", 1, 1, 1)
    at = {"1H1": (20.0, 4.0), "1H2": (10.0, 20.0), "2M4": (10.0, 10.0)}
    game = misty(*dice, at=at, clubs=[LANTERN, "inventors"], hands=(HEARTS, QUIET))
    mist_at(game, 10.0, 10.0)
    activate(game, "1H2")
    game.apply("cast 1H2 mind_control 2M4")
    game.apply("pay 5H")
    pass_deeds(game)
    mark = len(game.log)
    game.apply("end 1H2")
    assert lines(game, mark)[2:] == [
        "Lab Assistant (2M4) starts its activation under Mist Template M1: the Acidic Fumes "
        "of Mr. Cheng (1H1)  [L787]",
        "Lab Assistant (2M4) loses 1 Wounds "
        "(1 wound: Acidic Fumes, Armour ignored (L787)), 8 left  [L787]",
    ]
    assert game.decision is not None and game.decision.player == 0


def test_l787_no_mistwalk_while_acidic_fumes_work() -> None:
    game = misty(
        "casting",
        4,
        1,
        1,
        1,
        at={"1H1": (20.0, 4.0), "1H2": (10.0, 10.0), "2M2": (30.0, 30.0)},
        clubs=[LANTERN, "inventors"],
    )
    mist_at(game, 10.0, 10.0)
    mist_at(game, 30.0, 10.0)
    activate(game, "1H2")
    game.apply("cast 1H2 mistification 1H2")
    pass_deeds(game)
    assert "mistwalk" not in [p.kind for p in game.decision.points]


def test_l834_retreat_to_shadows_after_a_kill_into_a_mist_template() -> None:
    # Ata Kijao fights the Lab Assistant, 1 Wound left, and puts it out of the game: at the
    # end of the Action she may be placed wholly under a Mist Template.
    dice = ("fight", 5, 4, 1, 1, "fight", 1, 1)
    at = {"1H3": (10.0, 10.0), "2M4": (10.0 + SMALL, 10.0), "2M2": (30.0, 30.0)}
    game = misty(*dice, at=at, clubs=[LANTERN, "inventors"])
    mist_at(game, 20.0, 20.0)
    game.model("2M4").wounds = 1
    activate(game, "1H3")
    game.apply("fight 1H3 2M4")
    game.apply("react 2M4 Fence")
    pass_deeds(game)
    assert game.decision is not None and game.decision.kind == "retreat"
    assert game.decision.prompt == (
        "Ata Kijao put Lab Assistant out of the game: retreat into a Mist Template? (L834)"
    )
    assert options(game) == ["stay 1H3"]
    refused(game, "retreat 1H3 20,21.2", r"a spot wholly under a Mist Template \(L834\)")
    mark = len(game.log)
    game.apply("retreat 1H3 20,20.5")
    assert game.model("1H3").pos == (20.0, 20.5)
    assert lines(game, mark) == [
        "Ata Kijao (1H3) retreats to the shadows of Mist Template M1  [L834]"
    ]


def test_l834_no_retreat_without_a_kill() -> None:
    dice = ("fight", 5, 4, 1, 1, "fight", 1, 1)
    at = {"1H3": (10.0, 10.0), "2M4": (10.0 + SMALL, 10.0), "2M2": (30.0, 30.0)}
    game = misty(*dice, at=at, clubs=[LANTERN, "inventors"])
    mist_at(game, 20.0, 20.0)
    activate(game, "1H3")
    game.apply("fight 1H3 2M4")
    game.apply("react 2M4 Fence")
    pass_deeds(game)
    assert game.decision is not None and game.decision.kind == "action"
