"""Close combat rules, each with scripted dice."""

from tests.rulesets.strange_aeons.helpers import apply_all, dice_left, kinds, model, scenario

R = 0.984 / 2  # 25 mm base radius in inches
TOUCH = 2 * R  # centre distance of two bases in base-to-base


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
