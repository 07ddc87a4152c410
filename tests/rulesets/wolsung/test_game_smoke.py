"""Golden tests of Heavy Smoker's Smoke Marker in play, the house rule of the notes: a 3" disc
laid in base contact that hides what lies beyond it, gives Cover [1] within it and is removed
at the end of the turn; Night Vision and the Arcantric Monocle see through it, the Monocle's
target in Cover [2] (L615, L398, L470, L52; rules notes §7 item 61). Dice are scripted by
purpose; each test checks the options, the refusals and the exact outcome, with the log lines
and the rules they cite."""

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
    refused,
)

from skirmish.rulesets.wolsung.game.sight import sight
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import expire_templates, smokes, under

SMOKERS: dict[str, Any] = {
    "name": "Rockheart's Works",
    "club": "Inventors",
    "heroes": [{"named": "Thomas Rockheart Jr."}],
    "henchmen": [{"henchman": "Lab Assistant"}],
}
"""Thomas Rockheart Jr. (1H1; Heavy Smoker, a Dwarf's Night Vision) and a Lab Assistant (1M1)."""
MONOCLE: dict[str, Any] = {
    "name": "The Colonel's Household",
    "club": "Ash and Oak",
    "heroes": [{"named": "Sir Zachary Fiercebatten"}],
    "henchmen": [{"henchman": "Butler"}, {"henchman": "Bruiser"}],
}
"""Sir Zachary Fiercebatten (2H1; the Arcantric Monocle, his Windbüchse) and a Butler (2M1)."""


def smoked(*dice: str | int, lab: tuple[float, float] = (14.0, 10.0)) -> WolsungGame:
    """Thomas at 10,10 lays a Smoke Marker toward 10,14: its middle at 10,12.09; his Lab
    Assistant at ``lab``; Sir Zachary at 6,20 and his Butler at 10,20 beyond the smoke."""
    at = {"1H1": (10.0, 10.0), "1M1": lab, "2H1": (6.0, 20.0), "2M1": (10.0, 20.0)}
    hands = (HAND_1[:4], HAND_2[:4])
    game = on_table(*dice, at=at, clubs=[SMOKERS, MONOCLE], hands=hands)
    activate(game, "1H1")
    game.apply("smoke 1H1 10,14")
    return game


def zachary_shoots(game: WolsungGame, target: str) -> None:
    """Thomas ends his activation; Sir Zachary shoots his Windbüchse at ``target``, who holds
    its nerves."""
    _after_thomas(game)
    game.apply(f"shoot 2H1 girardoni_windbuchse {target}")
    game.apply(f"hold-nerves {target}")


def test_l615_heavy_smoker_lays_a_smoke_marker_in_base_contact() -> None:
    at = {"1H1": (10.0, 10.0), "2M1": (10.0, 20.0)}
    game = on_table(at=at, clubs=[SMOKERS, MONOCLE], hands=(HAND_1[:4], HAND_2[:4]))
    activate(game, "1H1")
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["move", "smoke"]
    refused(game, "smoke 1H1 10,10", r"off the centre of the Heavy Smoker's base \(L615\)")
    mark = len(game.log)
    game.apply("smoke 1H1 10,14")
    assert lines(game, mark) == ["Smoke Marker S1 is laid at 10,12.09  [L615]"]
    # An Action: the second is still to come; Thomas touches its rim, not within it.
    assert game.decision is not None
    assert game.decision.prompt == "Thomas Rockheart Jr.: Action 2, or end the activation"
    assert under(smokes(game)[0], game.model("1H1")) is None


def test_item_61_smoke_hides_what_lies_beyond_it_but_not_from_night_vision() -> None:
    game = smoked()
    thomas, butler = game.model("1H1"), game.model("2M1")
    assert not sight(game, butler, thomas).visible
    # Thomas is a Dwarf: his Night Vision sees through it (L398).
    assert sight(game, thomas, butler).visible


def test_l470_the_monocle_sees_through_smoke_the_target_in_cover_2() -> None:
    game = smoked("guns", 4, 4, 4, 4, 1, 1, 1, 1, "reflex", 4, 4, 1, 1)
    # Sir Zachary may shoot Thomas through the smoke, his Butler may not see him (L470).
    assert "shoot 2H1 girardoni_windbuchse 1H1" in _after_thomas(game)
    mark = len(game.log)
    game.apply("shoot 2H1 girardoni_windbuchse 1H1")
    game.apply("hold-nerves 1H1")
    assert lines(game, mark)[2] == (
        "Sir Zachary Fiercebatten (2H1) rolls 8 dice: +7 Guns (L97), "
        '+0 range 9.59" up to 16" (L107), +1 Girardoni Windbüchse (L473, §7 item 63); '
        "Thomas Rockheart Jr. (1H1) rolls 4 dice: +2 Reflex (L101), "
        "+2 cover: seen through smoke with the Arcantric Monocle (L470)  [L88]"
    )


def _after_thomas(game: WolsungGame) -> list[str]:
    """Sir Zachary's options once Thomas ends his activation."""
    game.apply("end 1H1")
    hand_over(game)
    activate(game, "2H1")
    return options(game)


def test_item_61_a_model_in_a_smoke_marker_has_cover_1() -> None:
    game = smoked("guns", 4, 4, 4, 4, 1, 1, 1, 1, 1, "reflex", 4, 4, 1, 1, lab=(10.0, 12.09))
    zachary_shoots(game, "1M1")
    pools = next(e for e in reversed(game.log) if e.kind == "pools")
    # In the smoke, it hides none of him from the Monocle: Cover [1], not [2].
    assert game.describe(pools).endswith(
        "Lab Assistant (1M1) rolls 4 dice: +3 Reflex (L101), "
        "+1 cover: in a Smoke Marker (§7 item 61)  [L88]"
    )


def test_l52_smoke_markers_are_removed_at_the_end_of_the_turn() -> None:
    game = smoked()
    mark = len(game.log)
    expire_templates(game)
    assert lines(game, mark) == ["Smoke Marker S1 is removed  [L52]"]
    assert not smokes(game)


def test_l126_no_smoke_marker_in_a_melee() -> None:
    at = {"1H1": (10.0, 10.0), "2M1": (10.0, 10.0 + SMALL)}
    game = on_table(at=at, clubs=[SMOKERS, MONOCLE], hands=(HAND_1[:4], HAND_2[:4]))
    activate(game, "1H1")
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["leave"]
    refused(game, "smoke 1H1 10,6", "not an option")
