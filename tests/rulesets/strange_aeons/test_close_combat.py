"""Close combat rules, each with scripted dice."""

from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    kinds,
    model,
    options,
    refused,
    scenario,
)


def test_close_combat_charge_highest_die_plus_ccb_wins_by_difference() -> None:
    # Frank (A3, Bowie Knife +1, 1D+1) charges the Cultist (A1, Unarmed: suffers a hit first).
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "T2": (2.0, 2.0),
            "L2": (10.0 + TOUCH + 3.0, 10.0),
            "L1": (30.0, 20.0),
            "L3": (30.0, 2.0),
        },
        dice=[
            ("to-wound", 1),  # Unarmed: the Cultist suffers a hit: 1 + 1 = 2 < Con 5
            ("close-combat", 2),
            ("close-combat", 5),
            ("close-combat", 3),  # Frank: 5 + 1 = 6
            ("close-combat", 4),  # Cultist: 4 + 0 = 4 -> Frank wins by 2
            ("to-wound", 2),
            ("to-wound", 4),  # highest 4 + 1 = 5 = Con 5: one Wound
            ("injury", 3),
            ("injury", 4),  # 7: Minor Injury
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L2", "wound T1")
    assert model(game, "L2").removed == "Minor Injury"
    assert "combat-won" in kinds(game)
    assert not dice_left(game)


# ---------------------------------------------------------------------------------------------
# More close combat rules. Frank (T1): A3, Bowie Knife +1, 1D+1. Agent (T2): A2, Meat Cleaver
# +2, 1D+2, Parry, Lucky. Cult Leader (L1): A2, Bowie Knife +1, 1D+1. Cultist (L2): A1, Unarmed.

FAR_T2 = (2.0, 22.0)
FAR_L3 = (34.0, 2.0)


def test_close_combat_draw_on_equal_totals() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T2": FAR_T2,
            "L2": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[
            ("close-combat", 4),
            ("close-combat", 1),
            ("close-combat", 2),  # Frank 4 + 1 = 5
            ("close-combat", 4),
            ("close-combat", 3),  # Cult Leader 4 + 1 = 5
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 5]}
    draw = events(game, "draw")[0]
    assert (draw.rule, draw.models) == ("Close Combat: It's a Draw", ("T1", "L1"))
    assert model(game, "T1").wounds == 2 and model(game, "L1").wounds == 1
    assert not dice_left(game)


def test_close_combat_winner_who_does_not_remove_the_loser_is_a_draw() -> None:
    # The Cult Leader wins by 1 and wounds Frank (W2) once: Frank stays, so it is a Draw.
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T2": FAR_T2,
            "L2": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[
            ("close-combat", 3),
            ("close-combat", 1),
            ("close-combat", 2),  # Frank 3 + 1 = 4
            ("close-combat", 4),
            ("close-combat", 1),  # Cult Leader 4 + 1 = 5: wins by 1
            ("to-wound", 5),  # 5 + 1 = 6 = Con 6: one Wound
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("combat-won", 1)
    game.apply("wound L1")
    assert model(game, "T1").wounds == 1
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 1}
    assert events(game, "draw")[0].models == ("L1", "T1")
    # Still in base-to-base: Frank may only fight on (Charge) or forfeit.
    assert options(game) == ["charge T1 L1", "pass T1"]
    assert not dice_left(game)


def test_close_combat_engaged_model_may_only_charge_or_pass() -> None:
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L1": (10.0 + TOUCH, 10.0),
            "L2": (14.0, 10.0),
            "T1": (2.0, 22.0),
            "L3": FAR_L3,
        },
        start="nominate",
    )
    game.apply("nominate T2")
    # No Move, no Shoot (the Cultist 4" away is in range), no charge of the Cultist.
    assert options(game) == ["charge T2 L1", "pass T2"]
    assert game.decision is not None and not game.decision.points
    engaged = "T2 is in base-to-base with L1: it may only Charge or forfeit"
    refused(game, "move T2 8,10", engaged)
    refused(game, "shoot T2 L2 handgun-45", engaged)
    touching = "T2 is in base-to-base with L1: it Charges only a model it touches"
    refused(game, "charge T2 L2", touching)


def test_close_combat_draws_fought_again_at_the_start_of_each_turn_before_nomination() -> None:
    """Draws are fought at the start of every turn, either side's (rules notes item 48)."""
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH, 10.0),
            "T2": FAR_T2,
            "L2": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 3),  # Frank 3 + 1 = 4 (his side's turn: he rolls first)
            ("close-combat", 3),
            ("close-combat", 2),  # Cult Leader 3 + 1 = 4: Draw
            ("close-combat", 4),
            ("close-combat", 4),  # Lurker turn: Cult Leader 4 + 1 = 5
            ("close-combat", 4),
            ("close-combat", 2),
            ("close-combat", 1),  # Frank 4 + 1 = 5: Draw
        ],
    )
    # The Threshold turn opened with the combat, before any nomination.
    assert kinds(game) == ["combat-totals", "draw"]
    assert game.decision is not None and game.decision.kind == "nominate"
    apply_all(game, "nominate T2", "pass T2", "pass T2")
    # The Lurker turn opens with the same combat again.
    assert kinds(game)[-3:] == ["turn", "combat-totals", "draw"]
    cc = [(e.roll.model, e.roll.faces) for e in game.log if e.roll is not None]
    assert cc[2:] == [("L1", (4, 4)), ("T1", (4, 2, 1))]
    assert game.decision.kind == "nominate"
    assert game.decision.player == 1
    assert not dice_left(game)


def test_close_combat_multiple_opponents_plus_one_attack_per_other_friend() -> None:
    # The Cult Leader and the Cultist both touch Frank. The Cult Leader attacks Frank with
    # A2 + 1 for the Cultist; Frank attacks the Cult Leader with A3 and no bonus.
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH, 10.0),
            "L2": (10.0 - TOUCH, 10.0),
            "T2": FAR_T2,
            "L3": FAR_L3,
        },
        dice=[
            ("close-combat", 2),
            ("close-combat", 2),
            ("close-combat", 3),  # Cult Leader: 3 dice, 3 + 1 = 4
            ("close-combat", 3),
            ("close-combat", 1),
            ("close-combat", 1),  # Frank: 3 dice, 3 + 1 = 4: Draw
        ],
        active=1,
    )
    # The Lurker player chooses which of his models fights (and gets the bonus Attacks).
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("fight", 1)
    assert options(game) == ["fight L1", "fight L2"]
    game.apply("fight L1")
    rolled = [(e.roll.model, e.roll.dice) for e in game.log if e.roll is not None]
    assert rolled == [("L1", "3D6"), ("T1", "3D6")]
    bonus = events(game, "outnumbered")
    assert [(e.models, e.data, e.rule) for e in bonus] == [
        (("L1", "T1"), {"bonus": 1}, "Close Combat: Multiple Opponents")
    ]
    # Only the chosen model fought: the Cultist did not; nominations follow.
    assert game.decision.kind == "nominate"
    assert not dice_left(game)


def test_close_combat_multiple_opponents_player_chooses_the_opponent_to_fight() -> None:
    # Frank's turn: each player picks his own model to fight (rules notes §1.2), so the Lurker
    # player picks which of his two fights Frank; the Cultist gets +1 for the Cult Leader.
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH, 10.0),
            "L2": (10.0 - TOUCH, 10.0),
            "T2": FAR_T2,
            "L3": FAR_L3,
        },
        dice=[
            ("to-wound", 2),  # the Unarmed Cultist suffers a hit: 2 + 1 = 3 < Con 5
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 1),  # Frank 1 + 1 = 2
            ("close-combat", 2),
            ("close-combat", 1),  # Cultist: A1 + 1 = 2 dice: 2 + 0 = 2: Draw
        ],
    )
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("fight", 1)
    assert options(game) == ["fight L1", "fight L2"]
    game.apply("fight L2")
    rolled = [(e.roll.model, e.roll.dice) for e in game.log if e.roll is not None]
    assert rolled == [("T1", "1D6"), ("T1", "3D6"), ("L2", "2D6")]
    assert events(game, "outnumbered")[0].models == ("L2", "T1")
    assert game.decision.kind == "nominate"
    assert not dice_left(game)


def test_r160_a_charge_touching_a_face_down_enemy_removes_it_before_the_round() -> None:
    # Frank charges the Cult Leader and ends touching the Face Down Cultist too: the Cultist
    # is removed at once (a Major Injury, no dice), the Cult Leader sees it and tests (2+),
    # then fights alone with his own 2 dice: no +1 for a friend who can do nothing (R:140).
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 3.0, 10.0),
            "L2": {"pos": (13.0, 10.0 + TOUCH - 0.001), "state": "face-down"},
            "T2": FAR_T2,
            "L3": FAR_L3,
        },
        dice=[
            ("resolve", 6),
            ("close-combat", 2),
            ("close-combat", 5),
            ("close-combat", 3),  # Frank: 5 + 1 = 6
            ("close-combat", 1),
            ("close-combat", 1),  # Cult Leader: 1 + 1 = 2
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert model(game, "L2").removed == "Major Injury"
    assert kinds(game) == [
        "nominated",
        "moved",
        "charge",
        "helpless",
        "removed",
        "resolve",
        "combat-totals",
        "combat-won",
    ]
    assert events(game, "resolve")[0].data["situation"] == "removal:L2"
    rolled = [(e.roll.model, e.roll.dice) for e in game.log if e.roll is not None]
    assert rolled == [("L1", "D6"), ("T1", "3D6"), ("L1", "2D6")]
    assert events(game, "combat-totals")[0].data == {"totals": [6, 2]}
    assert not dice_left(game)


def test_leaving_close_combat_after_winning_instead_of_wounding() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH, 10.0),
            "T2": FAR_T2,
            "L2": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[
            ("close-combat", 6),
            ("close-combat", 1),
            ("close-combat", 1),  # Frank 6 + 1 = 7
            ("close-combat", 2),
            ("close-combat", 2),  # Cult Leader 2 + 1 = 3: Frank wins by 4
        ],
    )
    assert game.decision is not None
    assert game.decision.kind == "combat-won"
    assert options(game) == ["wound T1"]
    assert [p.kind for p in game.decision.points] == ["withdraw"]
    refused(game, "withdraw T1 4.9,10", 'the point is 5.1" away, more than the 5" allowed')
    # Staying put is not leaving.
    refused(game, "withdraw T1 10,10", "the point is still in base-to-base with L1")
    game.apply("withdraw T1 5,10")
    assert model(game, "T1").pos == (5.0, 10.0)
    assert events(game, "moved")[0].rule == "Leaving Close Combat"
    assert "to-wound" not in [e.roll.purpose for e in game.log if e.roll is not None]
    assert model(game, "L1").wounds == 1
    assert game.decision.kind == "nominate"
    assert not dice_left(game)


def test_unarmed_suffers_a_hit_before_close_combat() -> None:
    """The hit is one die plus the opponent's weapon Damage (rules notes item 46)."""
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L2": (10.0 + TOUCH + 2.0, 10.0),
            "T1": FAR_T2,
            "L1": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[
            ("to-wound", 4),  # 4 + 2 (Meat Cleaver) = 6 > Con 5: 2 Wounds on W1, Injury +1
            ("injury", 3),
            ("injury", 3),  # 6 + 1 = 7: Minor Injury
        ],
    )
    apply_all(game, "nominate T2", "charge T2 L2", "keep T2", "keep T2")  # Lucky not used
    assert kinds(game)[1:] == ["moved", "charge", "unarmed", "wounded", "injury", "removed"]
    assert events(game, "unarmed")[0].rule == "Weapon special rules: Unarmed"
    assert events(game, "wounded")[0].data == {"total": 6, "con": 5, "wounds": 2, "left": 0}
    assert events(game, "injury")[0].data == {"value": 7, "result": "Minor Injury"}
    assert model(game, "L2").removed == "Minor Injury"
    # The Cultist was gone before the combat: no close combat dice were rolled.
    assert "close-combat" not in [e.roll.purpose for e in game.log if e.roll is not None]
    assert not dice_left(game)


def test_unarmed_hit_before_every_round() -> None:
    """Rules notes item 46: the Unarmed hit comes before each round, start-of-turn ones too."""
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L2": (10.0 + TOUCH, 10.0),
            "T2": FAR_T2,
            "L1": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[
            ("to-wound", 1),  # 1 + 1 < Con 5
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 2),  # 2 vs 2: Draw
        ],
    )
    assert kinds(game) == ["unarmed", "no-wound", "combat-totals", "draw"]
    assert not dice_left(game)


def test_unarmed_zombie_suffers_a_hit() -> None:
    """The Zombie has no weapon on the log sheet: it fights Unarmed."""
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L3": (10.0 + TOUCH + 2.0, 10.0),
            "T2": FAR_T2,
            "L1": (34.0, 22.0),
            "L2": (34.0, 12.0),
        },
        dice=[
            ("resolve", 3),  # Frank tests for the Hideous Zombie first, and passes (3+)
            ("to-wound", 3),  # the Unarmed Zombie suffers a hit: 3 + 1 = 4 < Con 5
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 2),  # Frank 2 + 1 = 3
            ("close-combat", 3),
            ("close-combat", 1),  # Zombie 3 + 0 = 3: Draw
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L3")
    assert kinds(game)[3:] == ["resolve", "unarmed", "no-wound", "combat-totals", "draw"]
    assert events(game, "unarmed")[0].models == ("L3",)
    assert not dice_left(game)


def test_parry_forces_one_reroll() -> None:
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T1": FAR_T2,
            "L2": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[
            ("close-combat", 4),
            ("close-combat", 3),  # Agent 4 + 2 = 6
            ("close-combat", 6),
            ("close-combat", 2),  # Cult Leader 6 + 1 = 7
            ("close-combat", 1),  # Parry: the 6 is re-rolled into a 1: 2 + 1 = 3
        ],
    )
    apply_all(game, "nominate T2", "charge T2 L1")
    assert game.decision is not None and game.decision.kind == "parry"
    assert options(game) == ["parry T2 1", "parry T2 2", "no-parry T2"]
    game.apply("parry T2 1")
    reroll = next(e for e in game.log if e.kind == "reroll")
    assert (reroll.rule, reroll.models) == ("Weapon special rules: Parry", ("T2",))
    assert reroll.roll is not None and reroll.roll.faces == (1, 2)
    assert game.describe(reroll) == (
        "Agent (T2) makes Cult Leader (L1) re-roll die 1 of the close-combat 2D6: "
        "its 6 becomes 1, the dice now [1, 2]  [Weapon special rules: Parry]"
    )
    game.apply("keep T2")  # Lucky not used
    assert events(game, "combat-totals")[0].data == {"totals": [6, 3]}
    assert events(game, "combat-won")[0].data == {"hits": 3}
    assert not dice_left(game)


def test_parry_only_with_a_parry_weapon() -> None:
    # Frank's Bowie Knife has no Parry: no decision between the roll and the totals.
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T2": FAR_T2,
            "L2": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[("close-combat", 2)] * 3 + [("close-combat", 3)] * 2,
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert "reroll" not in [e.kind for e in game.log]
    assert events(game, "combat-totals")[0].data == {"totals": [3, 4]}


def test_close_combat_best_weapon_used_automatically() -> None:
    # The Agent carries a Meat Cleaver and a Bowie Knife: she fights with the Cleaver (+2).
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T1": FAR_T2,
            "L2": (34.0, 22.0),
            "L3": FAR_L3,
        },
        dice=[("close-combat", 3), ("close-combat", 3), ("close-combat", 3), ("close-combat", 3)],
    )
    apply_all(game, "nominate T2", "charge T2 L1", "no-parry T2", "keep T2")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
