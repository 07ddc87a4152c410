"""Golden tests of magic in play: the casts a Hero is offered, the card it pays in secret before
the range is measured, Projectiles and Attacks against Reflex, Buffs and Auras against their
Difficulty, the Heroic Deeds of a cast, and what the spells leave on the table: changed
profiles, Shields, Wounds gained, Topple and the Actions given with another model (L126,
L165-L203, L217, L459, L460, L563, L597, L777, L789, L793-L797; rules notes §1.8, §2.9, §4.3,
§7 items 35-37, 53, 79, 91, 96; golden tests X17, G38-G44). Dice are scripted by purpose
(``casting`` for the caster, ``reflex`` for the target) and hands stacked, and each test checks
the exact outcome: successes, Wounds, the effects and Shields in the game's state, and the log
lines with the rules they cite. A refused action leaves the game exactly as it was."""

from __future__ import annotations

from typing import Any

from tests.rulesets.wolsung.table_game import (
    SMALL,
    activate,
    hand_over,
    lines,
    on_table,
    options,
    pass_deeds,
    refused,
)
from tests.rulesets.wolsung.test_game_actions import BOARD

from skirmish.geometry.board import Board
from skirmish.rulesets.wolsung.cards.hand import hand_pile
from skirmish.rulesets.wolsung.game.activation import Activation
from skirmish.rulesets.wolsung.game.crowd import in_crowd
from skirmish.rulesets.wolsung.game.effects import current, magic_ability
from skirmish.rulesets.wolsung.game.scoring import end_of_turn
from skirmish.rulesets.wolsung.game.state import Effect, Field, WolsungGame

INVENTORS: list[str | dict[str, Any]] = ["inventors", "ash-and-oak"]
"""The sample Inventors as club 1: 1H1 Thorvald Nielsgaard (Diamonds, Magic Ability 4:
Lightning, Shimmer Field, Deflecting Astral Field), 1H3 Bertram Flux (Spades, 3: Command),
1M1 Security Golem, 1M2 Laboratory Golem, 1M3 Clockwork Servant, 1M4 Lab Assistant; the sample
Ash and Oak as club 2, its Butlers 2M1 and 2M2."""
TRIAD: list[str | dict[str, Any]] = ["triad", "ash-and-oak"]
"""The sample Triad as club 1: 1H1 Xen Jidao (Hearts, Magic Ability 4: Mistification, Mind
Control, Ki Strike); Ash and Oak as club 2, 2H3 Lady Ashgrove and the Butlers 2M1, 2M2."""
AGAINST_TRIAD: list[str | dict[str, Any]] = ["inventors", "triad"]
"""Thorvald's Inventors against the sample Triad: 2H1 Xen Jidao and 2H2 Kao the Silent (Orcs),
2H3 Mei Lin (Human)."""

SALON: dict[str, Any] = {
    "name": "Lady Ellendeanne's Salon",
    "club": "Ash and Oak",
    "heroes": [
        {"named": "Lady Ellendeanne"},
        {"named": "Sir Lance Oakroot"},
        {"named": "Mary Fearless"},
    ],
    "henchmen": [{"henchman": "Butler", "count": 2}],
}
"""An Ash and Oak club with Lady Ellendeanne (1H1, Hearts, Magic Ability 4: Mind Control,
Inspire); Butlers 1M1 and 1M2."""

LANTERN: dict[str, Any] = {
    "name": "The Red Lantern",
    "club": "Triad of Lotus Dragon",
    "heroes": [{"named": "Mr. Cheng"}, {"named": "Xen Jidao"}, {"named": "Ata Kijao"}],
    "henchmen": [{"henchman": "Shade"}],
}
"""A Triad club with Mr. Cheng (1H1, Spades, Magic Ability 2 from the Ring of Ichiko: Leech
Soul, Bloodboil); a Shade (S3 F4 W8) is 1M1."""

DIAMONDS = ("5D", "6D", "2S", "3S", "2C", "3C")
"""Club 1's hand for Thorvald: two Diamonds of his suit, four black cards."""
HEARTS = ("5H", "6H", "2S", "3S", "2C", "3C")
"""Club 1's hand for Xen Jidao or Lady Ellendeanne: two Hearts of their suit, four black."""
SPADES = ("5S", "6S", "5H", "2C", "3C", "7C")
"""Club 1's hand for Mr. Cheng or Bertram Flux: two Spades of their suit, a Heart."""
BLACK = ("2S", "3S", "4S", "2C", "3C", "7C")
"""Club 1's hand of black cards only: no red card for a Projectile's Heroic Deed."""
QUIET = ("4C", "5C", "6C", "8C", "9C", "10C")
"""Club 2's hand of Clubs: no red card, so a Hero it fields plays no Heroic Deed against a
Projectile or Attack (L217)."""
RED = ("7H", "8H", "4S", "5S", "4C", "5C")
"""Club 2's hand with two Hearts: Xen Jidao's suit, and red cards for Heroic Deeds."""

ALLEY: dict[str, Any] = Board.from_dict(
    {
        "name": "Alley",
        "width": 36.0,
        "height": 36.0,
        "terrain": [
            {
                "id": "tower",
                "name": "Tower",
                "kind": "climbable",
                "height": 6.0,
                "polygon": [[30.0, 8.0], [34.0, 8.0], [34.0, 12.0], [30.0, 12.0]],
            },
            {
                "id": "hedge",
                "name": "Hedge",
                "kind": "open",
                "height": 0.5,
                "polygon": [[26.0, 18.0], [34.0, 18.0], [34.0, 18.2], [26.0, 18.2]],
            },
        ],
    }
).to_dict()
"""A 6" tower that hides what stands behind it (L82), and a 0.5" hedge that hides a third of a
body behind it (L109)."""


def east_of(x: float, gap: float) -> float:
    """The x of a 30 mm base ``gap`` inches east of one at ``x``, edge to edge (L10)."""
    return x + gap + SMALL


# -- the casts a Hero is offered (L126, L167-L178, L183, L195) ---------------------------------


def test_l167_a_hero_with_magic_ability_is_offered_the_spells_it_knows() -> None:
    game = on_table(
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, 10.0), 10.0)},
        clubs=INVENTORS,
        hands=(("5D", "KD", "2S", "3S", "2C", "3C"), QUIET),
    )
    activate(game, "1H1")
    # The Projectile at the enemy in sight, the Auras at every friend: "all" (L183, L203).
    assert options(game) == [
        "charge 1H1 2M1",
        "cast 1H1 lightning 2M1",
        "cast 1H1 shimmer_field all",
        "cast 1H1 deflecting_astral_field all",
        "end 1H1",
    ]
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["move", "cast-move"]


def test_l167_a_model_without_magic_ability_casts_nothing() -> None:
    game = on_table(at={"1M4": (2.0, 10.0), "2M1": (east_of(2.0, 10.0), 10.0)}, clubs=INVENTORS)
    game.apply("activate 1M4")
    assert not [o for o in options(game) if o.startswith("cast")]
    assert game.decision is not None
    assert "cast-move" not in [p.kind for p in game.decision.points]


def test_l171_a_spell_is_offered_only_with_a_card_in_hand_that_pays_for_it() -> None:
    # No Diamond: Lightning costs no card (L172), the Auras a card of Thorvald's suit (L173).
    game = on_table(
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, 10.0), 10.0)},
        clubs=INVENTORS,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    assert options(game) == ["charge 1H1 2M1", "cast 1H1 lightning 2M1", "end 1H1"]
    refused(game, "cast 1H1 shimmer_field all", r"no card in hand pays for Shimmer Field \(L171")


def test_l183_a_projectile_is_cast_at_an_enemy_in_sight() -> None:
    # The tower hides the Butler 2M2 from Thorvald; the Butler 2M1 and the Lab Assistant, a
    # friend, stand in the open.
    game = on_table(
        at={"1H1": (32.0, 6.0), "1M4": (28.0, 4.0), "2M1": (26.0, 6.0), "2M2": (32.0, 14.0)},
        board=ALLEY,
        clubs=INVENTORS,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    assert options(game) == [
        "charge 1H1 2M1",
        "charge 1H1 2M2",
        "cast 1H1 lightning 2M1",
        "end 1H1",
    ]
    refused(game, "cast 1H1 lightning 2M2", r"2M2 is not in the caster's line of sight \(L185\)")
    refused(game, "cast 1H1 lightning 1M4", r"Lightning targets an enemy \(L183\)")


def test_l126_no_spell_in_a_melee() -> None:
    game = on_table(
        at={"1H1": (10.0, 10.0), "2M1": (10.0, 10.0 + SMALL)},
        clubs=INVENTORS,
        hands=(DIAMONDS, QUIET),
    )
    activate(game, "1H1")
    assert options(game) == ["fight 1H1 2M1", "end 1H1"]
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["leave"]
    refused(game, "cast 1H1 lightning 2M1", r"in melee and may only Move or Fight \(L126\)")


# -- the cost, then the range (L171-L178, L185-L187; §7 items 35, 36) --------------------------


def test_l178_the_card_is_chosen_in_secret_before_anything_is_measured() -> None:
    game = on_table(
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, 10.0), 10.0)},
        clubs=TRIAD,
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 ki_strike 2M1")
    assert game.decision is not None and game.decision.kind == "spell-cost"
    assert game.decision.player == 0
    assert game.decision.prompt == (
        "pay for Ki Strike: a card, before the range is measured (L178)"
    )
    # A card of Xen Jidao's suit, Hearts (L173); the other player sees that a card is chosen,
    # not which cards could be.
    assert options(game) == ["pay 6H", "pay 5H"]
    assert game.view(0).decision == game.decision
    seen = game.view(1).decision
    assert seen is not None and seen.options == ()
    refused(game, "pay 2S", r"not an option")


def test_item_36_out_of_range_the_spell_fails_with_its_card_spent() -> None:
    # Ki Strike reaches 12"; the Butler is 15" away, which nobody measured before paying.
    game = on_table(
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, 15.0), 10.0)},
        clubs=TRIAD,
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("cast 1H1 ki_strike 2M1")
    game.apply("pay 5H")
    assert lines(game, mark) == [
        "Discard 5H from Club 1's hand to discards  [L178]",
        "Xen Jidao (1H1) casts Ki Strike at Butler (2M1)  [L178]",
        "Ki Strike is out of range: it fails, the 5H spent  [L187]",
    ]
    assert "5H" in [c.text for c in game.pile("discards").cards]
    assert game.model("2M1").wounds == 9
    # The Action is spent all the same.
    assert game.decision is not None
    assert game.decision.prompt == "Xen Jidao: Action 2, or end the activation"


def lightning_at(gap: float, *dice: str | int) -> WolsungGame:
    """Thorvald, holding no red card, casting Lightning (12", cost 0) at a Butler ``gap``
    inches away; his player, asked for Heroic Deeds as one holding cards is (L217), passes."""
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, gap), 10.0)},
        clubs=INVENTORS,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 lightning 2M1")
    pass_deeds(game)
    return game


def test_g39_lightning_reaches_a_target_12_inches_away() -> None:
    game = lightning_at(12.0, "casting", 4, 1, 1, 1, "reflex", 1, 1, 1)
    assert lines(game)[-6:] == [
        "Thorvald Nielsgaard (1H1) casts Lightning at Butler (2M1)  [L178]",
        "Thorvald Nielsgaard (1H1) rolls casting 4D6: [4, 1, 1, 1]  [L178]",
        "Butler (2M1) rolls reflex 3D6: [1, 1, 1]  [L178]",
        "Thorvald Nielsgaard (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Lightning works  [L192]",
        "Butler (2M1) loses 4 Wounds (4 Wounds of a Projectile), 5 left  [L193]",
    ]


def test_g39_lightning_beyond_12_inches_fails_and_costs_nothing() -> None:
    game = lightning_at(12.01)
    assert lines(game)[-2] == "Thorvald Nielsgaard (1H1) casts Lightning at Butler (2M1)  [L178]"
    assert "out of range" in lines(game)[-1]
    # No roll, and the cost was no card: the hand is whole.
    assert sorted(c.text for c in game.pile(hand_pile(0)).cards) == sorted(BLACK)
    assert game.model("2M1").wounds == 9


def test_g39_the_log_spends_no_card_on_a_free_spell() -> None:
    game = lightning_at(12.01)
    assert lines(game)[-1] == "Lightning is out of range: it fails  [L187]"


def test_l199_a_buff_out_of_range_fails_citing_the_buffs_own_line() -> None:
    # Inspire reaches 12"; the Butler stands 13" off: a Buff's range is L199, not L187.
    game = on_table(
        at={"1H1": (2.0, 10.0), "1M1": (east_of(2.0, 13.0), 10.0), "2H1": (30.0, 30.0)},
        clubs=[SALON, "inventors"],
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 inspire 1M1")
    game.apply("pay 5H")
    assert lines(game)[-1] == "Inspire is out of range: it fails, the 5H spent  [L199]"


def test_item_35_cost_2_takes_a_court_card_or_ace_of_the_heros_suit() -> None:
    game = on_table(
        at={"1H1": (2.0, 10.0), "2M1": (30.0, 30.0)},
        clubs=INVENTORS,
        hands=(("10D", "KD", "AS", "QH", "9D", "7C"), QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 deflecting_astral_field all")
    # The King of Diamonds alone: a court card or Ace (L174) of Thorvald's suit (L178, read
    # strictly, §7 item 35).
    assert options(game) == ["pay KD"]
    refused(game, "pay AS", r"not an option")
    refused(game, "pay QH", r"not an option")
    refused(game, "pay 10D", r"not an option")


def test_g44_a_ten_of_the_heros_suit_does_not_pay_cost_2() -> None:
    game = on_table(
        at={"1H1": (2.0, 10.0), "2M1": (30.0, 30.0)},
        clubs=INVENTORS,
        hands=(("10D", "9D", "AS", "QH", "2C", "7C"), QUIET),
    )
    activate(game, "1H1")
    assert "cast 1H1 shimmer_field all" in options(game)
    refused(
        game,
        "cast 1H1 deflecting_astral_field all",
        r"no card in hand pays for Deflecting Astral Field \(L171",
    )


# -- Projectiles and Attacks (L182-L193) -------------------------------------------------------


def test_g38_ki_strike_deals_its_s_and_the_criticals_and_topples() -> None:
    dice = ("casting", 4, 4, 4, 1, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, 10.0), 10.0)},
        clubs=TRIAD,
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("cast 1H1 ki_strike 2M1")
    game.apply("pay 5H")
    # A Projectile takes red cards as Heroic Deeds (L217); the Butler is untouched until the
    # cards are done.
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["deed 6H", "pass"]
    butler = game.model("2M1")
    assert (butler.wounds, butler.toppled) == (9, False)
    game.apply("pass")
    # 3 successes to 1: S6 and 2 critical hits, 8 Wounds (L193).
    assert (butler.wounds, butler.toppled) == (1, True)
    assert lines(game, mark) == [
        "Discard 5H from Club 1's hand to discards  [L178]",
        "Xen Jidao (1H1) casts Ki Strike at Butler (2M1)  [L178]",
        "Xen Jidao (1H1) rolls casting 4D6: [4, 4, 4, 1]  [L178]",
        "Butler (2M1) rolls reflex 3D6: [4, 1, 1]  [L178]",
        "Xen Jidao (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Ki Strike works  [L192]",
        "Butler (2M1) is Toppled by the spell (L777)  [L777]",
        "Butler (2M1) loses 8 Wounds (8 Wounds of a Projectile), 1 left  [L193]",
    ]


def test_l192_a_projectile_hits_on_a_tie() -> None:
    game = lightning_at(6.0, "casting", 4, 1, 1, 1, "reflex", 4, 1, 1)
    # 1 success to 1: S3 and no critical hit.
    assert lines(game)[-2:] == [
        "Lightning works  [L192]",
        "Butler (2M1) loses 3 Wounds (3 Wounds of a Projectile), 6 left  [L193]",
    ]


def test_l193_armour_takes_its_value_off_a_projectile() -> None:
    # Ki Strike at the Security Golem (R2, Armour 8, W6): 3 successes to none.
    dice = ("casting", 4, 4, 4, 1, "reflex", 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, 10.0), 10.0)},
        clubs=["triad", "inventors"],
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 ki_strike 2M1")
    game.apply("pay 5H")
    game.apply("pass")
    # S6 and 3 critical hits less Armour 8.
    assert lines(game)[-1] == (
        "Security Golem (2M1) loses 1 Wounds (1 Wounds of a Projectile), 5 left  [L193]"
    )


def test_l190_the_target_rolls_its_reflex_with_no_cover_and_no_reaction() -> None:
    # A third of the Butler hides behind the hedge: +1 Reflex against a shot (L109), not here.
    dice = ("casting", 4, 1, 1, 1, "reflex", 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (30.0, 14.0), "2M1": (30.0, 18.0 + SMALL)},
        board=ALLEY,
        clubs=INVENTORS,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    mark = len(game.log)
    # Nobody is asked to Hold Nerves or Dive For Cover (L93): the dice are rolled at once.
    game.apply("cast 1H1 lightning 2M1")
    assert lines(game, mark)[2] == "Butler (2M1) rolls reflex 3D6: [1, 1, 1]  [L178]"


def test_item_53_magic_protection_adds_reflex_dice() -> None:
    # Kao the Silent, an Orc, has Magic Protection [1] (L314): R4 and 1 die more. Mei Lin, a
    # Human, rolls her R3.
    kao = ("casting", 1, 1, 1, 1, "reflex", 4, 1, 1, 1, 1)
    mei_lin = ("casting", 1, 1, 1, 1, "reflex", 4, 1, 1)
    game = on_table(
        *kao,
        *mei_lin,
        at={"1H1": (2.0, 10.0), "2H2": (east_of(2.0, 10.0), 10.0), "2H3": (2.0, 20.0)},
        clubs=AGAINST_TRIAD,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 lightning 2H2")
    pass_deeds(game)
    game.apply("cast 1H1 lightning 2H3")
    pass_deeds(game)
    assert [line for line in lines(game) if "rolls reflex" in line] == [
        "Kao the Silent (2H2) rolls reflex 5D6: [4, 1, 1, 1, 1]  [L178]",
        "Mei Lin (2H3) rolls reflex 3D6: [4, 1, 1]  [L178]",
    ]


def test_item_53_a_named_orc_hero_has_magic_protection_too() -> None:
    # Xen Jidao, an Orc of the Triad (L314, L719): R6 and 1 die more.
    dice = ("casting", 1, 1, 1, 1, "reflex", 4, 1, 1, 1, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2H1": (east_of(2.0, 10.0), 10.0)},
        clubs=AGAINST_TRIAD,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 lightning 2H1")
    assert [line for line in lines(game) if "rolls reflex" in line] == [
        "Xen Jidao (2H1) rolls reflex 7D6: [4, 1, 1, 1, 1, 1, 1]  [L178]"
    ]


def test_l217_a_projectile_takes_red_cards_the_target_behind_playing_first() -> None:
    dice = ("casting", 4, 4, 1, 1, "reflex", 4, 1, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2H2": (east_of(2.0, 10.0), 10.0)},
        clubs=AGAINST_TRIAD,
        hands=(("2S", "3S", "4D", "2C", "3C", "7C"), RED),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 lightning 2H2")
    # Kao rolled 1 success to Thorvald's 2: his player lays first, red cards only (L218).
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["deed 8H", "deed 7H", "pass"]
    game.apply("deed 8H")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["deed 4D", "pass"]
    game.apply("pass")
    game.apply("pass")
    # 2 successes to 2: the tie hits (L192).
    assert lines(game)[-2:] == [
        "Lightning works  [L192]",
        "Kao the Silent (2H2) loses 3 Wounds (3 Wounds of a Projectile), 5 left  [L193]",
    ]


def test_l178_a_move_then_a_cast_in_one_action() -> None:
    # Kao stands 16" away: Thorvald walks 5" into Lightning's 12" first.
    dice = ("casting", 4, 1, 1, 1, "reflex", 1, 1, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2H2": (east_of(2.0, 16.0), 10.0)},
        clubs=AGAINST_TRIAD,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("cast-move 1H1 7,10")
    # The spell and its target are chosen after the Move, in secret like the card; the cast
    # may be given up.
    assert game.decision is not None and game.decision.kind == "cast"
    assert options(game) == ["cast 1H1 lightning 2H2", "no-cast 1H1"]
    seen = game.view(1).decision
    assert seen is not None and seen.options == ()
    game.apply("cast 1H1 lightning 2H2")
    # Both players hold cards, and are asked for Heroic Deeds, the target's first (L218).
    pass_deeds(game)
    assert lines(game, mark) == [
        'Thorvald Nielsgaard (1H1) moves 5" to 7,10  [L73]',
        "Thorvald Nielsgaard (1H1) casts Lightning at Kao the Silent (2H2)  [L178]",
        "Thorvald Nielsgaard (1H1) rolls casting 4D6: [4, 1, 1, 1]  [L178]",
        "Kao the Silent (2H2) rolls reflex 5D6: [1, 1, 1, 1, 1]  [L178]",
        "Kao the Silent (2H2)'s player plays no more Heroic Deeds  [L217]",
        "Thorvald Nielsgaard (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Lightning works  [L192]",
        "Kao the Silent (2H2) loses 4 Wounds (4 Wounds of a Projectile), 4 left  [L193]",
    ]
    # The Move and the cast were one Action (L178).
    assert game.decision is not None
    assert game.decision.prompt == "Thorvald Nielsgaard: Action 2, or end the activation"


def behind_the_tower(*dice: str | int) -> WolsungGame:
    """Thorvald (1H1) activating west of the tower, his hand paying for Lightning alone; the
    Butler 2M1 hidden behind the tower from where he stands (L82)."""
    game = on_table(
        *dice,
        at={"1H1": (27.0, 10.0), "2M1": (35.3, 12.6)},
        board=ALLEY,
        clubs=INVENTORS,
        hands=(BLACK, QUIET),
    )
    activate(game, "1H1")
    return game


def test_l178_a_cast_move_is_offered_when_the_target_comes_into_sight_only_after_it() -> None:
    dice = ("casting", 4, 4, 1, 1, "reflex", 1, 1, 1)
    game = behind_the_tower(*dice)
    # No spell has a target from where Thorvald stands, yet he may cast after a Move (L75).
    assert options(game) == ["charge 1H1 2M1", "end 1H1"]
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["move", "cast-move"]
    mark = len(game.log)
    game.apply("cast-move 1H1 30,14")
    assert options(game) == ["cast 1H1 lightning 2M1", "no-cast 1H1"]
    game.apply("cast 1H1 lightning 2M1")
    pass_deeds(game)
    assert lines(game, mark)[1:3] == [
        "Thorvald Nielsgaard (1H1) casts Lightning at Butler (2M1)  [L178]",
        "Thorvald Nielsgaard (1H1) rolls casting 4D6: [4, 4, 1, 1]  [L178]",
    ]
    assert game.model("2M1").wounds == 4
    assert game.decision is not None
    assert game.decision.prompt == "Thorvald Nielsgaard: Action 2, or end the activation"


def test_l178_a_cast_move_with_no_target_after_the_move_ends_as_a_move() -> None:
    game = behind_the_tower()
    mark = len(game.log)
    game.apply("cast-move 1H1 27,11")
    # The tower still hides the Butler: the cast is given up, the Move stays made.
    assert options(game) == ["no-cast 1H1"]
    game.apply("no-cast 1H1")
    assert lines(game, mark) == ['Thorvald Nielsgaard (1H1) moves 1" to 27,11  [L73]']
    assert game.model("1H1").pos == (27.0, 11.0)
    assert game.decision is not None
    assert game.decision.prompt == "Thorvald Nielsgaard: Action 2, or end the activation"
    # A Move all the same: a later shot that activation pays its Move Penalty (L226).
    step = game.stack[-1]
    assert isinstance(step, Activation) and step.moved


# -- Buffs (L194-L202, L460) -------------------------------------------------------------------


def inspire(*dice: str | int, target: str = "1M1") -> WolsungGame:
    """Lady Ellendeanne casting Inspire (Buff [2], cost 1) at ``target``, paid with the 5 of
    Hearts; the Butler 1M1 beside her, Thorvald (a Hero, club 2 holding black cards) in sight,
    and the Laboratory Golem 2M2 still to activate."""
    game = on_table(
        *dice,
        at={
            "1H1": (10.0, 10.0),
            "1M1": (12.0, 10.0),
            "2H1": (10.0, 20.0),
            "2M2": (30.0, 30.0),
        },
        clubs=[SALON, "inventors"],
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    game.apply(f"cast 1H1 inspire {target}")
    game.apply("pay 5H")
    return game


def test_l202_a_buff_works_with_as_many_successes_as_its_difficulty() -> None:
    game = inspire("casting", 4, 4, 1, 1)
    # A Buff takes black cards as Heroic Deeds (L217).
    assert options(game) == ["deed 3C", "deed 2C", "deed 3S", "deed 2S", "pass"]
    mark = len(game.log)
    game.apply("pass")
    assert lines(game, mark) == [
        "Lady Ellendeanne (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Inspire works  [L202]",
        "Butler (1M1): A +1 until next activation  [L460]",
    ]
    assert game.state.effects == (Effect("1M1", "next_activation", "L460", stat="A", amount=1),)


def test_g40_a_buff_short_of_its_difficulty_fails_its_card_spent() -> None:
    game = inspire("casting", 4, 1, 1, 1)
    game.apply("pass")
    assert lines(game)[-1] == "Inspire fails  [L202]"
    assert not game.state.effects
    assert "5H" in [c.text for c in game.pile("discards").cards]


def test_g40_a_black_card_laid_as_a_heroic_deed_makes_the_buff_work() -> None:
    game = inspire("casting", 4, 1, 1, 1)
    refused(game, "deed 6H", r"not an option")
    game.apply("deed 2S")
    game.apply("pass")
    assert lines(game)[-4:] == [
        "Lady Ellendeanne (1H1)'s player lays 2S: +1 successes (Heroic Deed)  [L217]",
        "Lady Ellendeanne (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Inspire works  [L202]",
        "Butler (1M1): A +1 until next activation  [L460]",
    ]


def test_l217_the_heroic_deeds_of_a_buff_are_its_casters_alone() -> None:
    game = inspire("casting", 4, 1, 1, 1)
    game.apply("pass")
    # Thorvald's player holds black cards, but a Buff has no defender (L200): the cast is over.
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.prompt == "Lady Ellendeanne: Action 2, or end the activation"


def test_l460_inspire_gives_one_more_action_in_the_next_activation_then_ends() -> None:
    game = inspire("casting", 4, 4, 1, 1)
    game.apply("pass")
    game.apply("end 1H1")
    hand_over(game)
    activate(game, "2H1")
    game.apply("end 2H1")
    hand_over(game)
    butler = game.model("1M1")
    mark = len(game.log)
    game.apply("activate 1M1")
    for x in (13, 14, 15):
        game.apply(f"move 1M1 {x},10")
    assert lines(game, mark) == [
        "Butler (1M1) activates with 3 Actions  [L62]",
        'Butler (1M1) moves 1" to 13,10  [L73]',
        'Butler (1M1) moves 1" to 14,10  [L73]',
        'Butler (1M1) moves 1" to 15,10  [L73]',
    ]
    # The activation over, so is the spell: the Butler is back to A2.
    assert not game.state.effects
    assert current(game, butler).profile.A == 2
    assert game.decision is not None and game.decision.player == 1


def test_l460_inspire_on_its_caster_waits_for_her_next_activation() -> None:
    game = inspire("casting", 4, 4, 1, 1, target="1H1")
    game.apply("pass")
    assert current(game, game.model("1H1")).profile.A == 2
    assert game.decision is not None
    assert game.decision.prompt == "Lady Ellendeanne: Action 2, or end the activation"


def test_l460_a_second_inspire_on_one_model_adds_a_second_action() -> None:
    # The book is silent on a Buff cast on a model that holds it already: our reading adds
    # every change to a characteristic, as several Armour sources add (§7 item 28).
    game = inspire("casting", 4, 4, 1, 1, "casting", 4, 4, 1, 1)
    game.apply("pass")
    game.apply("cast 1H1 inspire 1M1")
    game.apply("pay 6H")
    game.apply("pass")
    hand_over(game)
    activate(game, "2H1")
    game.apply("end 2H1")
    hand_over(game)
    mark = len(game.log)
    game.apply("activate 1M1")
    assert lines(game, mark) == ["Butler (1M1) activates with 4 Actions  [L62]"]


TURN_2 = ("8S", "9S", "10S", "JS", "QS", "KS", "8D", "9D", "10D", "JD", "QD", "KD")
"""The cards both players draw as turn 2 begins (L40)."""


def bloodboil(*dice: str | int, later: tuple[str, ...] = ()) -> WolsungGame:
    """Mr. Cheng's Bloodboil (Attack/Buff [1], cost 0) on the Shade 1M1, in base contact with
    a Butler 2M1, cast and worked: 1 success of Cheng's 2 dice; ``later`` the cards of turn
    2's draws."""
    works = ("casting", 4, 1)
    game = on_table(
        *works,
        *dice,
        at={"1H1": (10.0, 10.0), "1M1": (14.0, 10.0), "2M1": (14.0 + SMALL, 10.0)},
        clubs=[LANTERN, "ash-and-oak"],
        hands=(SPADES, QUIET),
        later=later,
    )
    activate(game, "1H1")
    game.apply("cast 1H1 bloodboil 1M1")
    game.apply("pass")
    return game


def test_g43_bloodboil_2_wounds_for_2_strength_and_2_fight() -> None:
    game = bloodboil()
    assert lines(game)[-7:] == [
        "Mr. Cheng (1H1) casts Bloodboil at Shade (1M1)  [L178]",
        "Mr. Cheng (1H1) rolls casting 2D6: [4, 1]  [L178]",
        "Mr. Cheng (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Bloodboil works  [L202]",
        "Shade (1M1): S +2 until end of turn  [L797]",
        "Shade (1M1): F +2 until end of turn  [L797]",
        "Shade (1M1) loses 2 Wounds (2 Wounds, the spell's price), 6 left  [L797]",
    ]
    assert game.state.effects == (
        Effect("1M1", "end_of_turn", "L797", stat="S", amount=2),
        Effect("1M1", "end_of_turn", "L797", stat="F", amount=2),
    )
    shade = current(game, game.model("1M1")).profile
    assert (shade.S, shade.F) == (5, 6)


def test_l797_a_second_bloodboil_on_one_model_adds_its_price_and_its_gains() -> None:
    # As a second Inspire does (the reading above): S3 F4 W8, then S5 F6 W6, then S7 F8 W4.
    game = bloodboil("casting", 4, 1)
    game.apply("cast 1H1 bloodboil 1M1")
    game.apply("pass")
    assert lines(game)[-3:] == [
        "Shade (1M1): S +2 until end of turn  [L797]",
        "Shade (1M1): F +2 until end of turn  [L797]",
        "Shade (1M1) loses 2 Wounds (2 Wounds, the spell's price), 4 left  [L797]",
    ]
    shade = current(game, game.model("1M1")).profile
    assert (shade.S, shade.F) == (7, 8)


def test_l52_bloodboil_fights_with_its_f_and_s_until_the_end_of_the_turn() -> None:
    # The Shade's 6 dice to the Butler's 2: 2 successes to 1, S5 and a critical hit.
    game = bloodboil("fight", 4, 4, 1, 1, 1, 1, "fight", 4, 1, later=TURN_2)
    game.apply("end 1H1")
    hand_over(game)
    game.apply("activate 2M1")
    game.apply("end 2M1")
    hand_over(game)
    game.apply("activate 1M1")
    mark = len(game.log)
    game.apply("fight 1M1 2M1")
    game.apply("react 2M1 Fence")
    assert lines(game, mark)[1] == (
        "Shade (1M1) rolls 6 dice: +6 Fight (L134); "
        "Butler (2M1) rolls 2 dice: +2 Fight (L134)  [L128]"
    )
    assert lines(game)[-1] == (
        "Butler (2M1) loses 6 Wounds (6 wounds: +5 Shade S (L145), +1 critical hits (L148)), "
        "3 left  [L145]"
    )
    # Every model has activated: the turn ends (L51), and the spell with it (L52). The
    # Wounds it cost stay lost.
    game.apply("end 1M1")
    assert "Turn 1 ends  [L51]" in lines(game, mark)
    assert game.state.turn == 2
    assert not game.state.effects
    shade = game.model("1M1")
    profile = current(game, shade).profile
    assert (profile.S, profile.F, shade.wounds) == (3, 4, 6)


def test_item_96_bloodboil_on_an_enemy_is_an_attack_against_reflex() -> None:
    dice = ("casting", 4, 4, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "2M1": (15.0, 10.0)},
        clubs=[LANTERN, "ash-and-oak"],
        hands=(SPADES, QUIET),
    )
    activate(game, "1H1")
    assert options(game) == [
        "charge 1H1 2M1",
        "cast 1H1 leech_soul 2M1",
        "cast 1H1 bloodboil 2M1",
        "end 1H1",
    ]
    game.apply("cast 1H1 bloodboil 2M1")
    # Red cards, as for an Attack (L217): Cheng's Heart.
    assert options(game) == ["deed 5H", "pass"]
    game.apply("pass")
    assert lines(game)[-7:] == [
        "Mr. Cheng (1H1) rolls casting 2D6: [4, 4]  [L178]",
        "Butler (2M1) rolls reflex 3D6: [4, 1, 1]  [L178]",
        "Mr. Cheng (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Bloodboil works  [L192]",
        "Butler (2M1): S +2 until end of turn  [L797]",
        "Butler (2M1): F +2 until end of turn  [L797]",
        "Butler (2M1) loses 2 Wounds (2 Wounds of a Magic Attack), 7 left  [L797]",
    ]


def test_item_96_a_bloodboil_that_kills_an_enemy_scores_its_casualty() -> None:
    dice = ("casting", 4, 4, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "2M1": (15.0, 10.0)},
        clubs=[LANTERN, "ash-and-oak"],
        hands=(SPADES, QUIET),
    )
    game.model("2M1").wounds = 2
    activate(game, "1H1")
    game.apply("cast 1H1 bloodboil 2M1")
    game.apply("pass")
    assert lines(game)[-4:-2] == [
        "Butler (2M1) loses 2 Wounds (2 Wounds of a Magic Attack), 0 left  [L797]",
        "Butler (2M1) is out of the game  [L27]",
    ]
    # An Attack's casualty, the Triad's Henchman point (scenarios §4.0).
    assert game.state.fallen == (("2M1", 0),)
    end_of_turn(game)
    assert game.state.casualties == (1, 0)


def test_item_96_a_bloodboil_that_kills_a_friend_is_a_price_no_one_scores() -> None:
    game = on_table(
        "casting",
        4,
        1,
        at={"1H1": (10.0, 10.0), "1M1": (14.0, 10.0), "2M1": (30.0, 30.0)},
        clubs=[LANTERN, "ash-and-oak"],
        hands=(SPADES, QUIET),
    )
    game.model("1M1").wounds = 2
    activate(game, "1H1")
    game.apply("cast 1H1 bloodboil 1M1")
    game.apply("pass")
    assert lines(game)[-2:] == [
        "Shade (1M1) loses 2 Wounds (2 Wounds, the spell's price), 0 left  [L797]",
        "Shade (1M1) is out of the game  [L27]",
    ]
    assert game.state.fallen == (("1M1", -1),)
    end_of_turn(game)
    assert game.state.casualties == (0, 0)


def test_x17_power_of_blood_is_offered_as_chengs_activation_begins() -> None:
    # Bloodboil at the Butler with Cheng's Magic Ability 2 and a Spade more: 3 casting dice.
    dice = ("casting", 4, 1, 1, "reflex", 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "2M1": (15.0, 10.0)},
        clubs=[LANTERN, "ash-and-oak"],
        hands=(SPADES, QUIET),
    )
    game.apply("activate 1H1")
    game.apply("no-heroic-move")
    # Two Spades in hand: each may raise his Magic Ability by 1 until the activation ends,
    # one at a time (L789).
    assert game.decision is not None and game.decision.kind == "blood"
    assert game.decision.prompt == (
        "Mr. Cheng: Power of Blood, a Spade for +1 Magic Ability? (L789)"
    )
    assert options(game) == ["blood 1H1 6S", "blood 1H1 5S", "no-blood"]
    refused(game, "blood 1H1 5H", r"not an option")
    mark = len(game.log)
    game.apply("blood 1H1 5S")
    assert options(game) == ["blood 1H1 6S", "no-blood"]
    game.apply("no-blood")
    cheng = game.model("1H1")
    assert magic_ability(game, cheng) == 3
    assert game.decision is not None
    assert game.decision.prompt == "Mr. Cheng: Action 1, or end the activation"
    game.apply("cast 1H1 bloodboil 2M1")
    pass_deeds(game)
    assert lines(game, mark)[:4] == [
        "Discard 5S from Club 1's hand to discards  [L789]",
        "Mr. Cheng (1H1): MA +1 until end of activation  [L789]",
        "Mr. Cheng (1H1) casts Bloodboil at Butler (2M1)  [L178]",
        "Mr. Cheng (1H1) rolls casting 3D6: [4, 1, 1]  [L178]",
    ]
    # The activation over, so is the Magic Ability the Spade gave.
    game.apply("end 1H1")
    assert magic_ability(game, cheng) == 2
    assert not [e for e in game.state.effects if e.rule == "L789"]


def test_l789_power_of_blood_takes_three_spades_at_most() -> None:
    game = on_table(
        at={"1H1": (10.0, 10.0), "2M1": (30.0, 30.0)},
        clubs=[LANTERN, "ash-and-oak"],
        hands=(("5S", "6S", "7S", "8S", "2C", "3C"), QUIET),
    )
    game.apply("activate 1H1")
    game.apply("no-heroic-move")
    for card in ("8S", "7S", "6S"):
        game.apply(f"blood 1H1 {card}")
    # The fourth Spade is not asked for: the Actions come.
    assert game.decision is not None and game.decision.kind == "action"
    assert magic_ability(game, game.model("1H1")) == 5
    assert sorted(c.text for c in game.pile(hand_pile(0)).cards) == ["2C", "3C", "5S"]


# -- Auras and Shields (L203, L595-L597; §7 items 37, 79) --------------------------------------


def test_l203_an_aura_reaches_every_friend_in_range_and_sight_and_its_caster() -> None:
    # The Clockwork Servant stands 2.82" from Thorvald; the Lab Assistant 4.82", hidden
    # behind the tower; the Laboratory Golem 6.82", beyond Shimmer Field's 6".
    dice = ("casting", 4, 4, 1, 1)
    game = on_table(
        *dice,
        at={
            "1H1": (32.0, 7.0),
            "1M3": (28.0, 7.0),
            "1M4": (32.0, 13.0),
            "1M2": (24.0, 7.0),
            "2M1": (10.0, 30.0),
        },
        board=ALLEY,
        clubs=INVENTORS,
        hands=(DIAMONDS, QUIET),
    )
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("cast 1H1 shimmer_field all")
    game.apply("pay 5D")
    game.apply("pass")
    assert lines(game, mark) == [
        "Discard 5D from Club 1's hand to discards  [L178]",
        "Thorvald Nielsgaard (1H1) casts Shimmer Field  [L178]",
        "Thorvald Nielsgaard (1H1) rolls casting 4D6: [4, 4, 1, 1]  [L178]",
        "Thorvald Nielsgaard (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Shimmer Field works  [L202]",
        "A Shield of 10 Wounds covers Thorvald Nielsgaard (1H1), Clockwork Servant (1M3)  "
        "[L597, §7 item 79]",
    ]
    assert game.state.shields == (Field(("1H1", "1M3"), 10, 0, "end_of_turn", "L597, §7 item 79"),)


def test_l203_l83_an_aura_reaches_a_friend_in_rough_ground_taller_than_it() -> None:
    # The Lab Assistant stands in the 2" rubble, its body all beneath the heap's top, 0.5"
    # from Thorvald: seen all the same (L78, L83), so the Shield covers it too.
    dice = ("casting", 4, 4, 1, 1)
    at = {"1H1": (11.0, 12.0), "1M4": (12.5 + SMALL / 2, 12.0), "2M1": (30.0, 30.0)}
    game = on_table(*dice, at=at, board=BOARD, clubs=INVENTORS, hands=(DIAMONDS, QUIET))
    activate(game, "1H1")
    mark = len(game.log)
    for answer in ("cast 1H1 shimmer_field all", "pay 5D", "pass"):
        game.apply(answer)
    assert lines(game, mark)[-1] == (
        "A Shield of 10 Wounds covers Thorvald Nielsgaard (1H1), Lab Assistant (1M4)  "
        "[L597, §7 item 79]"
    )


def shielded(
    *dice: str | int,
    spell: str = "shimmer_field",
    card: str = "5D",
    at: dict[str, tuple[float, float]] | None = None,
    clubs: list[str | dict[str, Any]] | None = None,
    hands: tuple[tuple[str, ...], tuple[str, ...]] = (DIAMONDS, QUIET),
) -> WolsungGame:
    """Thorvald's ``spell`` (paid with ``card``) covering him and the Lab Assistant 1M4 beside
    him, his activation ended: club 2 to activate ``at`` (by default a Butler 6" from the Lab
    Assistant)."""
    models = {"1H1": (2.0, 10.0), "1M4": (2.0, 12.0)}
    models |= at or {"2M1": (east_of(2.0, 6.0), 12.0)}
    game = on_table("casting", 4, 4, 1, 1, *dice, at=models, clubs=clubs or INVENTORS, hands=hands)
    activate(game, "1H1")
    game.apply(f"cast 1H1 {spell} all")
    game.apply(f"pay {card}")
    game.apply("pass")
    game.apply("end 1H1")
    hand_over(game)
    return game


def butler_shoots(game: WolsungGame) -> None:
    """The Butler 2M1 shoots its Pistol at the Lab Assistant, which Holds Nerves."""
    game.apply("shoot 2M1 butler_pistol 1M4")
    game.apply("hold-nerves 1M4")


def test_g41_a_shield_takes_a_ranged_hit_for_the_model_it_covers() -> None:
    game = shielded("guns", 4, 4, 1, "reflex", 1, 1, 1)
    game.apply("activate 2M1")
    mark = len(game.log)
    butler_shoots(game)
    # S4 and 2 critical hits: 6 Wounds, all of them on the field.
    assert lines(game, mark)[-2:] == [
        "The Shield around Lab Assistant (1M4) takes 6 Wounds  [L597, §7 item 79]",
        "Lab Assistant (1M4) loses 0 Wounds "
        "(6 wounds: +4 Pistol S (L119), +2 critical hits (L121)), 9 left  [L119]",
    ]
    assert game.state.shields == (Field(("1H1", "1M4"), 4, 0, "end_of_turn", "L597, §7 item 79"),)


def test_g41_a_shield_at_0_falls_and_the_model_takes_the_excess() -> None:
    game = shielded("guns", 4, 4, 1, "reflex", 1, 1, 1, "guns", 4, 4, 4, "reflex", 1, 1, 1)
    game.apply("activate 2M1")
    butler_shoots(game)
    mark = len(game.log)
    butler_shoots(game)
    # 7 Wounds on a field of 4: it falls, and 3 go through (L597).
    assert lines(game, mark)[-2:] == [
        "The Shield around Lab Assistant (1M4) takes 4 Wounds and falls  [L597, §7 item 79]",
        "Lab Assistant (1M4) loses 3 Wounds "
        "(7 wounds: +4 Pistol S (L119), +3 critical hits (L121)), 6 left  [L119]",
    ]
    assert not game.state.shields


def test_item_79_a_shield_takes_magic_hits_too() -> None:
    # Xen Jidao's Ki Strike at the Lab Assistant: S6 and 2 critical hits.
    dice = ("casting", 4, 4, 1, 1, "reflex", 1, 1, 1)
    game = shielded(
        *dice,
        at={"2H1": (east_of(2.0, 10.0), 12.0)},
        clubs=AGAINST_TRIAD,
        hands=(DIAMONDS, RED),
    )
    activate(game, "2H1")
    game.apply("cast 2H1 ki_strike 1M4")
    game.apply("pay 7H")
    game.apply("pass")
    assert lines(game)[-2:] == [
        "The Shield around Lab Assistant (1M4) takes 8 Wounds  [L597, §7 item 79]",
        "Lab Assistant (1M4) loses 0 Wounds (8 Wounds of a Projectile), 9 left  [L193]",
    ]
    assert game.state.shields[0].wounds == 2


def test_item_79_a_shield_takes_no_melee_hit() -> None:
    # The Butler fights the Lab Assistant in base contact: 2 successes to none, S3 and 2.
    game = shielded("fight", 4, 4, "fight", 1, 1, at={"2M1": (2.0 + SMALL, 12.0)})
    game.apply("activate 2M1")
    game.apply("fight 2M1 1M4")
    game.apply("react 1M4 Fence")
    assert lines(game)[-1] == (
        "Lab Assistant (1M4) loses 5 Wounds "
        "(5 wounds: +3 Butler S (L145), +2 critical hits (L148)), 4 left  [L145]"
    )
    assert game.state.shields[0].wounds == 10


def test_l193_a_shield_takes_none_of_the_wounds_a_magic_attacks_effect_takes() -> None:
    # Mr. Cheng's Bloodboil at the Lab Assistant: the Wounds it takes are the spell's effect,
    # not a hit's Damage, so they go past the field (our reading of L193 and L597).
    dice = ("casting", 4, 4, "reflex", 4, 1, 1)
    game = shielded(
        *dice,
        at={"2H1": (east_of(2.0, 5.0), 12.0)},
        clubs=["inventors", LANTERN],
        hands=(DIAMONDS, QUIET),
    )
    activate(game, "2H1")
    game.apply("cast 2H1 bloodboil 1M4")
    game.apply("pass")
    assert lines(game)[-1] == (
        "Lab Assistant (1M4) loses 2 Wounds (2 Wounds of a Magic Attack), 7 left  [L797]"
    )
    assert game.state.shields == (Field(("1H1", "1M4"), 10, 0, "end_of_turn", "L597, §7 item 79"),)


def test_l596_deflecting_astral_fields_armour_takes_2_off_each_hit() -> None:
    dice = ("guns", 4, 4, 4, "reflex", 1, 1, 1)
    game = shielded(
        *dice,
        spell="deflecting_astral_field",
        card="KD",
        hands=(("KD", "6D", "2S", "3S", "2C", "3C"), QUIET),
    )
    game.apply("activate 2M1")
    butler_shoots(game)
    # 7 Wounds less the field's Armour [2]: 5 off its 10.
    assert game.state.shields == (Field(("1H1", "1M4"), 5, 2, "end_of_turn", "L597, §7 item 79"),)
    assert game.model("1M4").wounds == 9


def test_l597_one_friendly_shield_at_a_time() -> None:
    dice = ("casting", 4, 4, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "1M4": (2.0, 12.0), "2M1": (30.0, 30.0)},
        clubs=INVENTORS,
        hands=(("5D", "6D", "KD", "2S", "2C", "3C"), QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 shimmer_field all")
    game.apply("pay 5D")
    game.apply("pass")
    assert not [o for o in options(game) if o.endswith(" all")]
    refused(game, "cast 1H1 deflecting_astral_field all", r"one at a time \(L597\)")


# -- Leech Soul (L793-L794; §7 item 91) --------------------------------------------------------


def leech_soul() -> WolsungGame:
    """Mr. Cheng's Leech Soul (S5) at a Butler 10" away: 2 successes to none."""
    dice = ("casting", 4, 4, "reflex", 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2M1": (east_of(2.0, 10.0), 10.0)},
        clubs=[LANTERN, "ash-and-oak"],
        hands=(SPADES, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 leech_soul 2M1")
    game.apply("pay 5S")
    game.apply("pass")
    return game


def test_item_91_leech_soul_heals_cheng_past_his_starting_wounds() -> None:
    game = leech_soul()
    # S5 and 2 critical hits: 7 for the Butler, and 7 more for Cheng's 10, with no upper limit.
    assert lines(game)[-3:] == [
        "Leech Soul works  [L192]",
        "Mr. Cheng (1H1) gains 7 Wounds  [L793]",
        "Butler (2M1) loses 7 Wounds (7 Wounds of a Projectile), 2 left  [L193]",
    ]
    cheng = game.model("1H1")
    assert (cheng.wounds, cheng.gained) == (17, 7)
    assert game.ruleset.invariant_errors(game) == []


def test_g42_dark_energy_at_14_wounds_and_more() -> None:
    game = leech_soul()
    # 17 Wounds: +2 Fight, Strength and Reflex.
    cheng = current(game, game.model("1H1")).profile
    assert (cheng.F, cheng.S, cheng.R) == (4, 5, 6)


# -- the Actions a spell gives (L459, L563) ----------------------------------------------------


def test_l459_mind_control_gives_one_action_with_an_enemy_henchman_after_the_casters() -> None:
    dice = ("casting", 4, 4, 1, 1, "reflex", 4, 1, 1, "guns", 4, 4, 1, "reflex", 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "2M1": (10.0, 20.0), "2M2": (east_of(10.0, 6.0), 20.0)},
        clubs=TRIAD,
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 mind_control 2M1")
    game.apply("pay 5H")
    game.apply("pass")
    assert lines(game)[-2:] == [
        "Mind Control works  [L192]",
        "Butler (2M1): 1 extra Action(s) until caster activation end  [L776]",
    ]
    assert game.state.effects == (
        Effect("2M1", "caster_activation_end", "L776", actions=1, caster="1H1"),
    )
    mark = len(game.log)
    game.apply("end 1H1")
    # Right after Xen Jidao's activation, his player acts with the Butler, as a friend: its
    # own club's Butler is the enemy now, Xen Jidao is not.
    butler = game.model("2M1")
    assert game.decision is not None and game.decision.player == 0
    assert butler.side == 0
    assert game.decision.prompt == "Butler: Action (an extra one, 1 left), or end the activation"
    assert options(game) == ["charge 2M1 2M2", "shoot 2M1 butler_pistol 2M2", "end 2M1"]
    game.apply("shoot 2M1 butler_pistol 2M2")
    game.apply("hold-nerves 2M2")
    assert lines(game, mark)[:2] == [
        "Xen Jidao (1H1) ends its activation  [L62]",
        "Xen Jidao (1H1)'s player makes 1 Action(s) with Butler (2M1)  [L776]",
    ]
    assert game.model("2M2").wounds == 3
    # One Action, and the Butler is club 2's again.
    assert butler.side == 1
    assert not game.state.effects
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["activate 2M1", "activate 2M2"]


def test_l459_two_mind_controls_on_one_henchman_lend_it_for_each_extra_activation() -> None:
    # Xen Jidao takes the same Butler twice in his activation: each of the two extra
    # activations after his runs with the Butler on club 1's side, and then it is club 2's.
    cast = ("casting", 4, 4, 1, 1, "reflex", 4, 1, 1)
    game = on_table(
        *cast,
        *cast,
        at={"1H1": (10.0, 10.0), "2M1": (10.0, 20.0), "2M2": (east_of(10.0, 6.0), 20.0)},
        clubs=TRIAD,
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    for card in ("5H", "6H"):
        game.apply("cast 1H1 mind_control 2M1")
        game.apply(f"pay {card}")
        game.apply("pass")
    # His two Actions spent, his activation is over and the Butler's first extra one begins.
    butler = game.model("2M1")
    for _ in range(2):
        assert game.decision is not None and game.decision.player == 0
        assert butler.side == 0
        assert options(game) == ["charge 2M1 2M2", "shoot 2M1 butler_pistol 2M2", "end 2M1"]
        game.apply("end 2M1")
    assert butler.side == 1
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["activate 2M1", "activate 2M2"]


def test_l730_a_mind_controlled_henchman_ends_its_activation_as_the_casters_friend() -> None:
    # The Butler ends the activation Xen Jidao's player makes with it 1" from the Triad's own
    # Fisherman: it acts as a friend of his (L459), so the Fisherman keeps his Crowd Token.
    cast = ("casting", 4, 4, 1, 1, "reflex", 1, 1, 1)
    game = on_table(
        *cast,
        at={"1H1": (10.0, 10.0), "2M1": (10.0, 20.0), "1M2": (east_of(10.0, 1.0), 20.0)},
        clubs=["triad", "ash-and-oak"],
        hands=(HEARTS, QUIET),
    )
    assert in_crowd(game, game.model("1M2"))
    activate(game, "1H1")
    game.apply("cast 1H1 mind_control 2M1")
    game.apply("pay 5H")
    game.apply("pass")
    game.apply("end 1H1")
    mark = len(game.log)
    game.apply("end 2M1")
    assert lines(game, mark) == ["Butler (2M1) ends its activation  [L62]"]
    assert in_crowd(game, game.model("1M2"))


def test_l459_mind_control_does_nothing_to_a_hero() -> None:
    # Lady Ashgrove's R4 and her SuperComfort Suit's +1.
    dice = ("casting", 4, 4, 1, 1, "reflex", 4, 1, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2H3": (east_of(2.0, 10.0), 10.0)},
        clubs=TRIAD,
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 mind_control 2H3")
    game.apply("pay 5H")
    # Lady Ashgrove's player, behind and holding cards, is asked first (L218); both pass.
    pass_deeds(game)
    assert lines(game)[-4:] == [
        "Lady Ashgrove (2H3)'s player plays no more Heroic Deeds  [L217]",
        "Xen Jidao (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Mind Control works  [L192]",
        "The spell does nothing to Lady Ashgrove (2H3): it reaches only a henchman  [L776]",
    ]
    assert not game.state.effects


def test_l222_beginners_luck_re_rolls_the_reflex_of_a_magic_attacks_target() -> None:
    # Lord Pemberton, a Human, rolls his R4 against Mind Control, 1 success to 2; his Luck
    # rolls all four again, once a game (L183, L222).
    dice = ("casting", 4, 4, 1, 1, "reflex", 4, 1, 1, 1, "reflex", 5, 5, 4, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2H2": (east_of(2.0, 10.0), 10.0)},
        clubs=TRIAD,
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    game.apply("cast 1H1 mind_control 2H2")
    game.apply("pay 5H")
    # Casting is no shot nor blow: Xen Jidao's roll has no Luck to re-roll it.
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["reroll 2H2 beginners_luck", "keep 2H2"]
    mark = len(game.log)
    game.apply("reroll 2H2 beginners_luck")
    pass_deeds(game)
    assert lines(game, mark)[:2] == [
        "Lord Pemberton (2H2) re-rolls all 4 dice of its reflex roll [4, 1, 1, 1] "
        "against Xen Jidao (1H1): Beginner's Luck  [L222]",
        "Lord Pemberton (2H2) rolls reflex 4D6: [5, 5, 4, 1]  [L222]",
    ]
    assert lines(game)[-1] == "Mind Control fails  [L192]"
    assert game.state.used_this_game == (("2H2", "beginners_luck"),)


def test_l111_l563_a_toppled_golem_commanded_stands_up_with_its_extra_action() -> None:
    # Thorvald (1H1), a Scientist, holds the Golem (L556).
    game = on_table(
        "casting",
        4,
        1,
        1,
        at={"1H1": (20.0, 10.0), "1H3": (10.0, 10.0), "1M1": (13.0, 10.0), "2M1": (10.0, 30.0)},
        clubs=INVENTORS,
        hands=(SPADES, QUIET),
    )
    game.model("1M1").toppled = True
    activate(game, "1H3")
    for answer in ("cast 1H3 command 1M1", "pay 5S", "pass", "end 1H3"):
        game.apply(answer)
    assert options(game) == ["stand-up 1M1", "end 1M1"]
    refused(game, "move 1M1 13,13", "Security Golem is Toppled: its first Action stands it up")
    game.apply("end 1M1")  # no Action taken: it stands all the same as the Activation ends
    assert not game.model("1M1").toppled


def test_l563_command_gives_a_golem_one_action_after_the_casters() -> None:
    dice = ("casting", 4, 1, 1)
    # Thorvald (1H1), a Scientist, holds the Golems (L556).
    game = on_table(
        *dice,
        at={
            "1H1": (20.0, 10.0),
            "1H3": (10.0, 10.0),
            "1M1": (13.0, 10.0),
            "1M3": (10.0, 13.0),
            "1M4": (7.0, 10.0),
            "2M1": (10.0, 30.0),
        },
        clubs=INVENTORS,
        hands=(SPADES, QUIET),
    )
    activate(game, "1H3")
    # Command chooses a Golem (L563): the Security Golem or the Clockwork Servant, not the Lab
    # Assistant.
    assert options(game) == [
        "charge 1H3 2M1",
        "cast 1H3 command 1M1",
        "cast 1H3 command 1M3",
        "end 1H3",
    ]
    game.apply("cast 1H3 command 1M1")
    game.apply("pay 5S")
    game.apply("pass")
    assert lines(game)[-1] == (
        "Security Golem (1M1): 1 extra Action(s) until caster activation end  [L563]"
    )
    mark = len(game.log)
    game.apply("end 1H3")
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.prompt == (
        "Security Golem: Action (an extra one, 1 left), or end the activation"
    )
    game.apply("move 1M1 13,13")
    assert lines(game, mark) == [
        "Bertram Flux (1H3) ends its activation  [L62]",
        "Bertram Flux (1H3)'s player makes 1 Action(s) with Security Golem (1M1)  [L563]",
        'Security Golem (1M1) moves 3" to 13,13  [L73]',
    ]
    # Then the spell ends (L563); the Golem has its own activation still to come.
    assert not game.state.effects
    assert not game.model("1M1").activated
