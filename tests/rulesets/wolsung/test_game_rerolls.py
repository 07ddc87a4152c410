"""Golden tests of the re-rolls in play, between a test's roll and its Heroic Deeds: Beginner's
Luck, Duellist Extraordinaire, "Master" Gunner, the Amulet of Life and Death, and Attunement,
the Clockwork Servant's Special Action that gives one (L222, L415, L492, L695-L699, L756;
rules notes §6 D16, §7 items 34, 40, 67, 104, G48). Dice are scripted by purpose and hands
stacked; each test checks the options offered, the dice that stand and the exact outcome, with
the log lines and the rules they cite."""

from __future__ import annotations

from typing import Any

from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    SMALL,
    activate,
    hand_over,
    lines,
    on_table,
    options,
    pass_deeds,
    refused,
)

from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.state import Effect, WolsungGame

GUNNERS: dict[str, Any] = {
    "name": "The Third's Shikar",
    "club": "Ash and Oak",
    "heroes": [{"named": "Zachary Fiercebatten Third"}],
    "henchmen": [{"henchman": "Abhinav Singh"}],
}
"""Zachary Fiercebatten Third ("Master" Gunner, Beginner's Luck; 1H1) and Abhinav Singh (1M1):
Funds 2 hire him."""

AMULET: dict[str, Any] = {
    "name": "The Jade Amulet",
    "club": "Triad of Lotus Dragon",
    "heroes": [
        {
            "name": "Madame Lo",
            "race": "Orc",
            "profession": "Bodyguard",
            "gadgets": ["Amulet of Life and Death"],
        }
    ],
    "henchmen": [{"henchman": "Fisherman"}, {"henchman": "Trader"}],
}
"""Madame Lo (2H1), an Orc Bodyguard with the Amulet of Life and Death, a Fisherman (2M1) and
a Trader (2M2): Funds 5 - 0 - 2 leave 3, which hire both."""

ONE_HERO_HAND = HAND_1[:4]
"""A hand of 3 + 1 cards, for a club of one Hero (L40)."""


# -- Beginner's Luck through the same rules (L222) ---------------------------------------------


def test_l222_beginners_luck_is_one_re_roll_among_others() -> None:
    dice = ("guns", 1, 1, 5, "reflex", 4, 1, 1, "guns", 5, 6, 1)
    game = gunners(*dice, spotter=False)
    # Abhinav Singh is off the table: Beginner's Luck alone is offered.
    assert options(game) == ["reroll 1H1 beginners_luck", "keep 1H1"]
    mark = len(game.log)
    game.apply("reroll 1H1 beginners_luck")
    assert lines(game, mark) == [
        "Zachary Fiercebatten Third (1H1) re-rolls all 3 dice of its guns roll [1, 1, 5] "
        "against Lab Assistant (2M4): Beginner's Luck  [L222]",
        "Zachary Fiercebatten Third (1H1) rolls guns 3D6: [5, 6, 1]  [L222]",
    ]
    assert game.state.used_this_game == (("1H1", "beginners_luck"),)


def test_l222_the_log_names_beginners_luck_and_the_roll_it_re_rolls() -> None:
    # The fresh roll alone reads as a first roll: the line before it says whose roll of which
    # test Beginner's Luck throws away, and its faces.
    game = gunners("guns", 1, 1, 5, "reflex", 4, 1, 1, "guns", 5, 6, 1, spotter=False)
    mark = len(game.log)
    game.apply("reroll 1H1 beginners_luck")
    assert lines(game, mark)[0] == (
        "Zachary Fiercebatten Third (1H1) re-rolls all 3 dice of its guns roll [1, 1, 5] "
        "against Lab Assistant (2M4): Beginner's Luck  [L222]"
    )


def leaving(*dice: str | int) -> WolsungGame:
    """Thorvald Nielsgaard (2H1, Beginner's Luck, R 3, F 4) in base contact with a Butler (1M1,
    R 3, F 2), club 1 activating first."""
    return on_table(*dice, at={"1M1": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL)})


def test_item_34_beginners_luck_re_rolls_the_test_to_leave_a_melee() -> None:
    game = leaving("reflex", 1, 1, 1, "fight", 6, 1, "reflex", 6, 6, 1)
    activate(game, "1M1")
    game.apply("end 1M1")
    hand_over(game)
    activate(game, "2H1")
    mark = len(game.log)
    game.apply("leave 2H1 10,16")
    assert options(game) == ["reroll 2H1 beginners_luck", "keep 2H1"]
    game.apply("reroll 2H1 beginners_luck")
    pass_deeds(game)
    assert lines(game, mark) == [
        "Thorvald Nielsgaard (2H1) rolls reflex 3D6: [1, 1, 1]  [L164]",
        "Butler (1M1) rolls fight 2D6: [6, 1]  [L164]",
        "Thorvald Nielsgaard (2H1) re-rolls all 3 dice of its reflex roll [1, 1, 1] "
        "against Butler (1M1): Beginner's Luck  [L222]",
        "Thorvald Nielsgaard (2H1) rolls reflex 3D6: [6, 6, 1]  [L222]",
        "Thorvald Nielsgaard (2H1)'s player plays no more Heroic Deeds  [L217]",
        "Thorvald Nielsgaard (2H1) breaks away from Butler (1M1) (2 to 1 successes)  [L164]",
        'Thorvald Nielsgaard (2H1) moves 4.82" to 10,16  [L73]',
    ]
    assert game.model("2H1").pos == (10.0, 16.0)
    assert game.state.used_this_game == (("2H1", "beginners_luck"),)


def test_item_34_beginners_luck_re_rolls_the_test_to_hold_a_model_that_leaves() -> None:
    game = leaving("reflex", 6, 6, 1, "fight", 1, 1, 1, 1, "fight", 6, 6, 6, 1)
    activate(game, "1M1")
    game.apply("leave 1M1 10,6")
    # The Butler has no re-roll; Thorvald, holding, re-rolls his whole pool.
    assert options(game) == ["reroll 2H1 beginners_luck", "keep 2H1"]
    game.apply("reroll 2H1 beginners_luck")
    pass_deeds(game)
    assert (
        lines(game)[-1]
        == "Butler (1M1) is held by Thorvald Nielsgaard (2H1) (2 to 3 successes)  [L164]"
    )
    assert game.model("1M1").pos == (10.0, 10.0)


# -- Duellist Extraordinaire (L415) ------------------------------------------------------------


def duel(*dice: str | int) -> WolsungGame:
    """Lady Ashgrove (1H3, Duellist Extraordinaire, F 8 with her sword) in base contact with
    the Lab Assistant (2M4), activating."""
    game = on_table(*dice, at={"1H3": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)})
    activate(game, "1H3")
    return game


def test_l415_duellist_re_rolls_one_failed_fight_die() -> None:
    first = ("fight", 6, 5, 4, 3, 2, 1, 1, 1, "fight", 6, 6, 5, 5)
    game = duel(*first, "fight", 5)
    # Her Hypnotic Aura leaves the Lab Assistant only Parry (L224): 2 + 2 dice.
    game.apply("fight 1H3 2M4")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["reroll 1H3 duellist_reroll", "keep 1H3"]
    mark = len(game.log)
    game.apply("reroll 1H3 duellist_reroll")
    pass_deeds(game)
    assert lines(game, mark) == [
        # Her first failed die, the 3, is re-rolled: the line says which and what it shows.
        "Lady Ashgrove (1H3) re-rolls die 4 of the fight 8D6: its 3 becomes 5, "
        "the dice now [6, 5, 4, 5, 2, 1, 1, 1]  [L415]",
        "Lady Ashgrove (1H3)'s player plays no more Heroic Deeds  [L217]",
        "Lady Ashgrove (1H3)'s attack hits Lab Assistant (2M4) (4 to 4 successes)  [L128]",
        "Lab Assistant (2M4) loses 2 Wounds (2 wounds: +2 Lady Ashgrove S (L145)), 7 left  [L145]",
    ]
    assert game.state.used_this_action == (("1H3", "duellist_reroll"),)


def test_item_104_duellist_re_rolls_again_in_the_next_action() -> None:
    roll = ("fight", 6, 5, 4, 3, 2, 1, 1, 1, "fight", 6, 6, 5, 5)
    game = duel(*roll, "fight", 1, *roll)
    game.apply("fight 1H3 2M4")
    game.apply("reroll 1H3 duellist_reroll")
    pass_deeds(game)
    # Her second Action: the die is hers again.
    game.apply("fight 1H3 2M4")
    assert options(game) == ["reroll 1H3 duellist_reroll", "keep 1H3"]
    game.apply("keep 1H3")
    pass_deeds(game)
    assert game.model("2M4").wounds == 9


def test_item_104_duellist_re_rolls_a_fight_die_in_defence() -> None:
    dice = ("fight", 6, 6, "fight", 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, "fight", 4)
    game = duel(*dice)
    game.apply("end 1H3")
    hand_over(game)
    activate(game, "2M4")
    game.apply("fight 2M4 1H3")
    game.apply("react 1H3 Parry")
    # The Lab Assistant has no re-roll; Lady Ashgrove, defending, re-rolls one die.
    assert options(game) == ["reroll 1H3 duellist_reroll", "keep 1H3"]
    game.apply("reroll 1H3 duellist_reroll")
    pass_deeds(game)
    assert lines(game)[-1] == (
        "Lab Assistant (2M4)'s attack is parried by Lady Ashgrove (1H3) (2 to 3 successes)  [L128]"
    )


def test_item_104_duellist_re_rolls_a_fight_die_holding_a_model_that_leaves() -> None:
    dice = ("reflex", 6, 6, 1, "fight", 6, 5, 1, 1, 1, 1, 1, 1, "fight", 4)
    game = duel(*dice)
    game.apply("end 1H3")
    hand_over(game)
    activate(game, "2M4")
    game.apply("leave 2M4 10,16")
    # Lady Ashgrove holds with Fight (L164): her die is re-rolled too.
    assert options(game) == ["reroll 1H3 duellist_reroll", "keep 1H3"]
    game.apply("reroll 1H3 duellist_reroll")
    pass_deeds(game)
    assert lines(game)[-1] == (
        "Lab Assistant (2M4) is held by Lady Ashgrove (1H3) (2 to 3 successes)  [L164]"
    )


def test_l415_no_duellist_re_roll_when_no_die_failed() -> None:
    game = duel("fight", 6, 5, 4, 6, 5, 4, 6, 5, "fight", 1, 1, 1, 1)
    game.apply("fight 1H3 2M4")
    # Nothing to re-roll: the Heroic Deeds come at once.
    assert game.decision is not None and game.decision.kind == "heroic-deed"


# -- "Master" Gunner (L492) ---------------------------------------------------------------------


def gunners(*dice: str | int, spotter: bool = True) -> WolsungGame:
    """Zachary Fiercebatten Third's shot at the Lab Assistant 10" away rolled (3 Guns dice to
    3 Reflex), Abhinav Singh beside him with the target in sight, or off the table."""
    at = {"1H1": (10.0, 10.0), "2M4": (20.0 + SMALL, 10.0)}
    if spotter:
        at["1M1"] = (10.0, 14.0)
    game = on_table(*dice, at=at, clubs=[GUNNERS, "inventors"], hands=(ONE_HERO_HAND, HAND_2))
    activate(game, "1H1")
    game.apply("shoot 1H1 nitro_express 2M4")
    game.apply("hold-nerves 2M4")
    return game


def test_l492_master_gunner_re_rolls_the_failed_guns_dice_while_abhinav_sees_the_target() -> None:
    game = gunners("guns", 1, 2, 5, "reflex", 4, 1, 1, "guns", 6, 3)
    assert options(game) == [
        "reroll 1H1 beginners_luck",
        "reroll 1H1 master_gunner",
        "keep 1H1",
    ]
    mark = len(game.log)
    game.apply("reroll 1H1 master_gunner")
    assert lines(game, mark) == [
        "Zachary Fiercebatten Third (1H1) re-rolls die 1 of the guns 3D6: its 1 becomes 6, "
        "the dice now [6, 2, 5]  [L492]",
        "Zachary Fiercebatten Third (1H1) re-rolls die 2 of the guns 3D6: its 2 becomes 3, "
        "the dice now [6, 3, 5]  [L492]",
    ]
    # Beginner's Luck is still his to spend on this roll; he keeps it.
    assert options(game) == ["reroll 1H1 beginners_luck", "keep 1H1"]
    game.apply("keep 1H1")
    pass_deeds(game)
    # 2 successes to 1: the Nitro Express's S10 and a critical hit.
    assert not game.model("2M4").on_table


def test_l492_no_master_gunner_without_abhinav_in_sight_of_the_target() -> None:
    game = gunners("guns", 1, 2, 5, "reflex", 4, 1, 1, spotter=False)
    refused(game, "reroll 1H1 master_gunner", "not an option")
    game.apply("keep 1H1")
    pass_deeds(game)


# -- the Amulet of Life and Death (L756, G48) --------------------------------------------------


def amulet(*dice: str | int, bearer: tuple[float, float] = (10.0, 20.0)) -> WolsungGame:
    """The Butler 1M1 shooting Madame Lo's Fisherman 1.5" away: guns 3 dice, Reflex 4. The
    Fisherman and the Trader have lost their Crowd Tokens already (L729-L731)."""
    game = on_table(
        *dice,
        at={"1M1": (10.0, 10.0), "2M1": (10.0, 11.5 + SMALL), "2H1": bearer},
        clubs=["ash-and-oak", AMULET],
        hands=(HAND_1, HAND_2[:4]),
    )
    game.state.crowd = ()
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2M1")
    game.apply("hold-nerves 2M1")
    return game


def test_g48_a_friend_within_12_inches_loses_4_wounds_4_essence_tokens() -> None:
    game = amulet("guns", 1, 1, 1, "reflex", 1, 1, 1, 1)
    assert game.model("2M1").wounds == 4
    assert lines(game)[-2:] == [
        "Fisherman (2M1) loses 4 Wounds (4 wounds: +4 Pistol S (L119)), 4 left  [L119]",
        "Madame Lo (2H1) gains 4 Essence token(s) for the Wounds Fisherman (2M1) lost "
        "(4 held)  [L756]",
    ]
    assert game.state.essence == (("2H1", 4),)


def test_l756_a_friend_beyond_12_inches_brings_no_tokens() -> None:
    game = amulet("guns", 1, 1, 1, "reflex", 1, 1, 1, 1, bearer=(30.0, 30.0))
    assert game.model("2M1").wounds == 4
    assert game.state.essence == ()


def test_l756_a_friend_placed_exactly_12_inches_off_brings_tokens() -> None:
    # Madame Lo stands 12" east of the Fisherman, a gap measured as 12.000000000000002".
    bearer = (10.0 + 12.0 + SMALL, 11.5 + SMALL)
    game = amulet("guns", 1, 1, 1, "reflex", 1, 1, 1, 1, bearer=bearer)
    assert game.model("2M1").wounds == 4
    assert game.state.essence == (("2H1", 4),)


def test_g48_tokens_spent_re_roll_as_many_dice_once_a_roll() -> None:
    shot = ("guns", 1, 1, 1, "reflex", 1, 1, 1, 1)
    net = ("guns", 6, 1, 1, 1, 1, "reflex", 5, 5, 1, "guns", 5, 4)
    game = amulet(*shot, *net)
    game.apply("end 1M1")
    hand_over(game)
    activate(game, "2M1")
    game.apply("shoot 2M1 fishing_net 1M1")
    game.apply("hold-nerves 1M1")
    # 1 success to 2: up to four failed dice, one token each.
    assert options(game) == [f"reroll 2M1 life_and_death {n}" for n in (1, 2, 3, 4)] + ["keep 2M1"]
    mark = len(game.log)
    game.apply("reroll 2M1 life_and_death 2")
    assert lines(game, mark) == [
        "Madame Lo (2H1) spends 2 Essence token(s) on a re-roll (2 held)  [L756]",
        "Fisherman (2M1) re-rolls die 2 of the guns 5D6: its 1 becomes 5, "
        "the dice now [6, 5, 1, 1, 1]  [L756]",
        "Fisherman (2M1) re-rolls die 3 of the guns 5D6: its 1 becomes 4, "
        "the dice now [6, 5, 4, 1, 1]  [L756]",
        # Once a roll: the Fishing Net's S0 and a critical hit land, and topple the Butler.
        "Fisherman (2M1)'s shot hits Butler (1M1) (3 to 2 successes)  [L88]",
        "Butler (1M1) loses 1 Wounds (1 wounds: +0 Fishing Net S (L119), +1 critical hits (L121)), "
        "8 left  [L119]",
        "Butler (1M1) is Toppled by topple (L845)  [L119]",
    ]
    assert game.state.essence == (("2H1", 2),)


def test_l756_the_amulet_re_rolls_a_reflex_roll_of_a_shot_into_a_melee() -> None:
    # The Butler 1M1 shoots the Fisherman, the Butler 1M2 in base contact with it: the
    # Fisherman's Reflex has the fewest successes, but Madame Lo's tokens re-roll two of its
    # dice before the model hit is known, and then the Butler 1M2 has the fewest (L123).
    target = (10.0, 11.5 + SMALL)
    at = {"1M1": (10.0, 10.0), "2M1": target, "1M2": (10.0 - SMALL, target[1])}
    at["2H1"] = (10.0, 20.0)
    dice = ("guns", 5, 4, 1, "reflex", 1, 1, 1, 1, "reflex", 4, 1, 1, "reflex", 5, 5)
    game = on_table(*dice, at=at, clubs=["ash-and-oak", AMULET], hands=(HAND_1, HAND_2[:4]))
    game.state.crowd = ()
    game.state.essence = (("2H1", 2),)
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2M1")
    game.apply("hold-nerves 2M1")
    assert options(game) == [f"reroll 2M1 life_and_death {n}" for n in (1, 2)] + ["keep 2M1"]
    mark = len(game.log)
    game.apply("reroll 2M1 life_and_death 2")
    assert lines(game, mark) == [
        "Madame Lo (2H1) spends 2 Essence token(s) on a re-roll (0 held)  [L756]",
        "Fisherman (2M1) re-rolls die 1 of the reflex 4D6: its 1 becomes 5, "
        "the dice now [5, 1, 1, 1]  [L756]",
        "Fisherman (2M1) re-rolls die 2 of the reflex 4D6: its 1 becomes 5, "
        "the dice now [5, 5, 1, 1]  [L756]",
        "Butler (1M2) has the fewest successes (1): the shot goes to it  [L123]",
        "Butler (1M1)'s shot hits Butler (1M2) (2 to 1 successes)  [L88]",
        "Butler (1M2) loses 5 Wounds "
        "(5 wounds: +4 Pistol S (L119), +1 critical hits (L121)), 4 left  [L119]",
    ]


# -- Attunement (L695-L699) --------------------------------------------------------------------


def attuning(*dice: str | int, servant: tuple[float, float] = (10.0, 10.0 + SMALL)) -> WolsungGame:
    """The Inventors as club 1: their Clockwork Servant (1M3) activating at ``servant``, beside
    Thorvald Nielsgaard (1H1, a Scientist, MA 4) by default; a Butler (2M1) 10" off."""
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "1M3": servant, "2M1": (20.0 + SMALL, 10.0)},
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, "1M3")
    return game


def test_l695_attunement_puts_an_effect_on_a_scientist_in_contact() -> None:
    game = attuning()
    assert [o for o in options(game) if o.startswith("attune")] == [
        "attune 1M3 1H1 R",
        "attune 1M3 1H1 Armour",
        "attune 1M3 1H1 wide_control_range",
        "attune 1M3 1H1 attuned_casting",
    ]
    mark = len(game.log)
    game.apply("attune 1M3 1H1 Armour")
    assert lines(game, mark)[:2] == [
        "Clockwork Servant (1M3) attunes Thorvald Nielsgaard (1H1)  [L695]",
        "Thorvald Nielsgaard (1H1): Armour +2 until end of turn  [L697]",
    ]
    assert current(game, game.model("1H1")).armour == 2


def test_l695_attunement_once_an_activation() -> None:
    game = on_table(
        at={"1H1": (10.0, 10.0), "1M3": (10.0, 10.0 + SMALL)}, clubs=["inventors", "ash-and-oak"]
    )
    # An Action more for the test (as Inspire gives one, L460).
    game.state.effects = (Effect("1M3", "end_of_turn", "L460", "A", 1),)
    activate(game, "1M3")
    game.apply("attune 1M3 1H1 R")
    assert game.decision is not None
    assert not [o for o in options(game) if o.startswith("attune")]
    assert "attune-move" not in [p.kind for p in game.decision.points]
    refused(game, "attune 1M3 1H1 Armour", "not an option")


def test_l228_attunement_after_a_quick_move() -> None:
    game = attuning(servant=(14.0, 10.0))
    # No Scientist in contact yet: only the Quick Move then the Attunement.
    assert not [o for o in options(game) if o.startswith("attune")]
    game.apply(f"attune-move 1M3 {10.0 + SMALL:.2f},10")
    assert game.decision is not None and game.decision.kind == "attune"
    assert options(game)[-1] == "no-attune 1M3"
    game.apply("attune 1M3 1H1 R")
    assert current(game, game.model("1H1")).profile.R == 4


def test_l126_no_attunement_in_a_melee() -> None:
    game = on_table(
        at={"1H1": (10.0, 10.0), "1M3": (10.0, 10.0 + SMALL), "2M1": (10.0, 10.0 + 2 * SMALL)},
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, "1M3")
    refused(game, "attune 1M3 1H1 R", r"in melee and may only Move or Fight \(L126\)")


def test_l699_attuned_scientist_re_rolls_one_die_of_a_casting_roll() -> None:
    cast = ("casting", 1, 2, 5, 6, "reflex", 4, 4, 1, "casting", 5)
    game = attuning(*cast)
    game.apply("attune 1M3 1H1 attuned_casting")
    hand_over(game)
    activate(game, "2M1")
    game.apply("end 2M1")
    hand_over(game)
    activate(game, "1H1")
    game.apply("cast 1H1 lightning 2M1")
    # Beginner's Luck takes no casting roll (L222); Attunement's die does.
    assert options(game) == ["reroll 1H1 attuned_casting", "keep 1H1"]
    mark = len(game.log)
    game.apply("reroll 1H1 attuned_casting")
    pass_deeds(game)
    assert lines(game, mark)[0] == (
        "Thorvald Nielsgaard (1H1) re-rolls die 1 of the casting 4D6: its 1 becomes 5, "
        "the dice now [5, 2, 5, 6]  [L699]"
    )
    # 3 successes to 2: Lightning's S3 and a critical hit.
    assert game.model("2M1").wounds == 5
