"""Special types and rolled characteristics in the rulebook game (R:108-123, R:2116, rules
notes §1.14 and §0), each with scripted dice on forces written by hand (an Agent: 5 | 5+ | 6 |
2 | 1 | 4+, Knife +1) or read from the book's lists."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rulesets.strange_aeons import helpers
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    kinds,
    model,
    options,
)
from tests.rulesets.strange_aeons.rulebook import agent, book, cc

from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.space import in_contact

BOOK = "strange-aeons"
TEAM = str(SAMPLES / "fight_team.toml")
FISHMAN = {"move": 1, "move_die": 6}
"""A Movement of 1D6+1 (the Fishman's, R:830)."""
ZOMBIE = {"move": 1, "move_die": 3}
"""A Movement of 1D3+1 (the Zombie's)."""


# -- A rolled Movement (R:2116) ----------------------------------------------------------------


def test_sa_rolled_movement_is_rolled_for_each_move_and_may_be_used_in_part_r2116() -> None:
    game = book(
        agent("T1", **FISHMAN),
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (30.0, 10.0)},
        dice=[("movement", 4), ("movement", 2)],
    )
    game.apply("nominate T1")
    game.apply("move T1 12,10")  # declared 7" away, the most 1D6+1 gives; 4 + 1 = 5"
    rolled = events(game, "movement-rolled")[0]
    assert (rolled.rule, rolled.data) == (
        "Characteristics: a rolled Movement (R:2116)",
        {"movement": 5},
    )
    assert (model(game, "T1").x, model(game, "T1").y) == (10.0, 10.0)
    game.apply("move T1 11,10")  # 2 + 1 = 3", and it goes the 1" declared
    assert model(game, "T1").x == 11.0
    assert not dice_left(game)


def test_sa_rolled_movement_a_d3_is_read_from_a_d6_notes_0() -> None:
    game = book(
        agent("T1", **ZOMBIE),
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (30.0, 10.0)},
        dice=[("movement", 3)],  # a D3 of 2: 2 + 1 = 3"
    )
    apply_all(game, "nominate T1", "move T1 9,10")
    assert events(game, "movement-rolled")[0].data == {"movement": 3}
    assert model(game, "T1").x == 8.0
    assert not dice_left(game)


def test_sa_rolled_movement_a_move_beyond_its_highest_roll_is_refused() -> None:
    game = book(agent("T1", **ZOMBIE), agent("L1"), placed={"T1": (5.0, 10.0), "L1": (30.0, 10.0)})
    game.apply("nominate T1")
    helpers.refused(game, "move T1 9.5,10", 'the point is 4.5" away, more than the 4" allowed')


def test_sa_rolled_movement_a_charge_in_reach_of_the_roll_fights() -> None:
    game = book(
        agent("T1", **FISHMAN),
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (5.0 + TOUCH + 5.0, 10.0)},
        dice=[
            ("movement", 5),  # 5 + 1 = 6": enough for the 5" between the bases
            ("close-combat", 4),
            ("close-combat", 2),
            ("close-combat", 4),
            ("close-combat", 2),  # 5 against 5: a Draw
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "charge")[0].models == ("T1", "L1")
    assert events(game, "draw")
    assert not dice_left(game)


def test_sa_rolled_movement_a_charge_that_falls_short_is_a_move_notes_6_item_49() -> None:
    game = book(
        agent("T1", **FISHMAN),
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (5.0 + TOUCH + 5.0, 10.0)},
        dice=[("movement", 2)],  # 2 + 1 = 3" of the 5" needed
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    short = events(game, "charge-short")[0]
    assert (short.models, short.data) == (("T1", "L1"), {"movement": 3.0})
    assert model(game, "T1").x == 8.0
    assert not events(game, "charge") and not events(game, "combat-totals")
    assert not dice_left(game)


def test_r160_a_charge_short_of_its_target_removes_a_face_down_enemy_it_ends_touching() -> None:
    # The Charge falls short (notes §6 item 49): a Move, and a Move that ends touching the
    # Face Down L2 engages it, which is removed at once; L1 sees it go and tests (4+).
    game = book(
        agent("T1", **FISHMAN),
        agent("L1"),
        agent("L2"),
        agent("L3"),
        placed={
            "T1": (5.0, 10.0),
            "L1": (5.0 + TOUCH + 5.0, 10.0),
            "L2": {"pos": (8.0, 10.0 + TOUCH), "state": "face-down"},
            "L3": (30.0, 2.0),
        },
        dice=[("movement", 2), ("resolve", 4)],  # 2 + 1 = 3" of the 5" needed
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert model(game, "T1").x == 8.0
    assert model(game, "L2").removed == "Major Injury"
    assert kinds(game)[-4:] == [
        "charge-short",
        "helpless",
        "removed",
        "resolve",
    ]
    assert events(game, "resolve")[0].models == ("L1",)
    assert not events(game, "charge") and not events(game, "combat-totals")
    assert not dice_left(game)


# -- Rolled Attacks (notes §6 item 51) ----------------------------------------------------------


def test_r162_a_charge_short_of_its_target_fights_an_enemy_it_ends_touching() -> None:
    # The Charge falls short (notes §6 item 49): a Move, and a Move that ends touching the
    # Normal L2 and L3 is a Charge: its player chooses L3, and they fight (4 against 4).
    game = book(
        agent("T1", **FISHMAN),
        agent("L1"),
        agent("L2"),
        agent("L3"),
        placed={
            "T1": (5.0, 10.0),
            "L1": (5.0 + TOUCH + 5.0, 10.0),
            "L2": (8.0, 10.0 + TOUCH),
            "L3": (8.0, 10.0 - TOUCH),
        },
        # 2 + 1 = 3" of the 5" needed; T1 tests, isolated; T1 3 + 1, L3 3 + 1 (L2 helps)
        dice=[("movement", 2), ("resolve", 6), *cc(3, 3, 3, 3, 2)],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "charge-short")[0].models == ("T1", "L1")
    assert options(game) == ["foe T1 L2", "foe T1 L3"]
    game.apply("foe T1 L3")
    assert events(game, "charge")[0].models == ("T1", "L3")
    assert events(game, "draw")[0].models == ("T1", "L3")
    assert not dice_left(game)


def short_of_t1(*dice: tuple[str, int], hidden: bool = False, **fields: Any) -> Game:
    """L1 (a Fishman's 1D6+1) Charges T1, 5" away; T2, made by ``fields`` and Hidden if
    ``hidden``, stands where a Move of 3" toward T1 ends touching it."""
    return book(
        agent("L1", **FISHMAN),
        agent("T1"),
        agent("T2", **fields),
        placed={"L1": (5.0, 10.0), "T1": (5.0 + TOUCH + 5.0, 10.0), "T2": (8.0, 10.0 + TOUCH)},
        dice=list(dice),
        active=1,
        before=lambda g: setattr(g.state, "hidden", ("T2",) if hidden else ()),
    )


def test_r1330_a_charge_short_of_its_target_stops_short_of_an_unseen_wearer() -> None:
    # The Charge falls short (notes §6 item 49): its 3" would end touching T2, unseen in its
    # Invisibility Suit, where no Move ends; L1 stops short of it and fights nobody.
    game = short_of_t1(("movement", 2), equipment=["invisibility_suit"])
    apply_all(game, "nominate L1", "charge L1 T1")
    stop = events(game, "suit-short")[0]
    assert (stop.rule, stop.models) == ("Special Branch: Invisibility Suit (R:1330)", ("L1", "T2"))
    assert 7.8 < model(game, "L1").x < 8.0  # within 0.01" of touching T2, diagonally
    assert not in_contact(model(game, "L1"), model(game, "T2"))
    assert kinds(game)[-3:] == ["suit-short", "moved", "charge-short"]
    assert not events(game, "charge") and not events(game, "unveiled")
    assert not dice_left(game)


def test_r1089_a_charge_short_of_its_target_tests_to_fight_a_hidden_enemy_it_touches() -> None:
    # The Move the short Charge becomes ends touching the Hidden T2: as a Move there would,
    # it asks L1's Hide test (4+), failed: no round, the Action spent.
    game = short_of_t1(("movement", 2), ("resolve", 3), hidden=True)
    apply_all(game, "nominate L1", "charge L1 T1")
    dare = events(game, "dare")[0]
    assert (dare.rule, dare.models, dare.data) == (
        "Skills: Hide (R:1089)",
        ("L1", "T2"),
        {"need": 4, "passed": False},
    )
    assert model(game, "L1").x == 8.0
    assert not events(game, "charge") and not events(game, "combat-totals")
    assert not dice_left(game)


def test_r470_a_zombie_short_of_its_target_tests_to_fight_a_garlic_bearer_it_touches() -> None:
    # The Zombie's 1D3+1 gives 2" of the 3.5" to T1, ending touching T2, who carries Garlic:
    # as a Move there would, it asks the Zombie's Resolve test (4+), passed; they fight, 5
    # against 5.
    game = book(
        agent("L1", **ZOMBIE, types=["undead"]),
        agent("T1"),
        agent("T2", equipment=["garlic"]),
        placed={"L1": (5.0, 10.0), "T1": (5.0 + TOUCH + 3.5, 10.0), "T2": (7.0, 10.0 + TOUCH)},
        dice=[("movement", 1), ("resolve", 4), *cc(4, 2, 4, 2)],
        active=1,
    )
    apply_all(game, "nominate L1", "charge L1 T1")
    garlic = events(game, "garlic")[0]
    assert (garlic.rule, garlic.models, garlic.data) == (
        "Extra Gear: Garlic (R:470)",
        ("L1", "T2"),
        {"need": 4, "passed": True},
    )
    assert events(game, "charge")[0].models == ("L1", "T2")
    assert events(game, "draw")[0].models == ("L1", "T2")
    assert not dice_left(game)


def test_sa_rolled_attacks_are_rolled_each_round_of_close_combat_notes_6_item_51() -> None:
    game = book(
        agent("T1", attacks=0, attacks_die=3),
        agent("L1", attacks=1, attacks_die=3),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("attacks", 5),  # a D3 of 3
            ("close-combat", 4),
            ("close-combat", 2),
            ("close-combat", 1),  # T1: 4 + 1 = 5; its 1 adds to L1's highest
            ("attacks", 1),  # a D3 of 1, +1: 2
            ("close-combat", 3),
            ("close-combat", 2),  # L1: 3 + 1 + 1 = 5: a Draw
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert [e.data for e in events(game, "attacks-rolled")] == [{"attacks": 3}, {"attacks": 2}]
    assert (
        events(game, "attacks-rolled")[0].rule
        == "Characteristics: rolled Attacks (notes §6 item 51)"
    )
    assert events(game, "draw")
    assert not dice_left(game)


def test_sa_rolled_attacks_the_fire_daemon_plays_with_its_1d3_attacks(tmp_path: Path) -> None:
    # Its Fire, Fire Born and Scorching Burst are played too (test_rulebook_weapon_status.py).
    fire = tmp_path / "fire.toml"
    fire.write_text(
        'name = "Fire"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Fire Daemon"\n\n'
        '[[models]]\nprofile = "Cultist"\ncount = 4\n',
        "utf-8",
    )
    game = find_ruleset(BOOK).new_game({"threshold": TEAM, "lurkers": str(fire)}, 1)
    daemon = next(m for m in game.models if m.name.startswith("Fire Daemon"))
    profile = catalog_of(game).profile(daemon.profile)
    assert (profile.attacks_die, profile.attacks, profile.attacks_text) == (3, 0, "1D3")


# -- Aquatic (R:112) and the Fishman from the book ---------------------------------------------


def test_sa_aquatic_a_fishman_list_plays_with_its_rolled_movement_and_surefooted(
    tmp_path: Path,
) -> None:
    rules = find_ruleset(BOOK)
    assert isinstance(rules, StrangeAeons)
    assert playable(rules.book, load_played(), rules.book.lurkers["fishman"])
    fish = tmp_path / "fish.toml"
    fish.write_text(
        'name = "Fish"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Fishman"\n\n'
        '[[models]]\nprofile = "Cultist"\ncount = 3\n',
        "utf-8",
    )
    game = rules.new_game({"threshold": TEAM, "lurkers": str(fish)}, 1)
    fishman = catalog_of(game).profile("L1")
    assert (fishman.move, fishman.move_die) == (1, 6)
    assert (fishman.types, fishman.skills) == (("humanoid", "aquatic"), ("surefooted", "hideous"))
    assert dict(rules.model_card(game, model(game, "L1")))["Move"] == '1D6+1"'
