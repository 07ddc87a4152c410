"""Heroic Deeds in a game: the successes the cards add stand once the exchange is over (L217,
L218; rules notes §1.9)."""

from __future__ import annotations

from tests.rulesets.wolsung.table_game import lines, new_game, pass_steal, put, remove_all_but

HANDS = (("2H", "3C", "4C", "5C", "6C", "7C"), ("2D", "3D", "4D", "5D", "6D", "7D"))


def test_l217_a_deed_card_played_last_still_adds_its_success() -> None:
    # Pemberton rolls no success against one; his 2H ties the test, and ties hit (L104).
    game = new_game("guns", 1, 1, 1, 1, "reflex", 5, 1, 1, hands=HANDS)
    remove_all_but(game, "1H2", "2M4")
    put(game, "1H2", 10.0, 10.0)
    put(game, "2M4", 10.0, 15.0)
    pass_steal(game)
    for answer in ("activate 1H2", "shoot 1H2 windbuchse 2M4", "hold-nerves 2M4", "keep 1H2"):
        game.apply(answer)
    mark = len(game.log)
    game.apply("deed 2H")
    assert any(
        "shot hits Lab Assistant (2M4) (1 to 1 successes)" in line for line in lines(game, mark)
    )
    assert game.model("2M4").wounds == 6
