"""More of the rulebook's special weapon rules (R:1215-1314, notes §3.10, §6 item 4), each with
scripted dice on forces written by hand: Strafe, Arc, a rolled Rate, a Dangerous weapon with no
template, 1-Shot, Scrounged, Bulky and Ammo Choice. Each test is named after the rule."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
    rolls,
)
from tests.rulesets.strange_aeons.lists import padded
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_terrain import FENCE
from tests.rulesets.strange_aeons.test_rulebook_weapon_status import daemon

from skirmish.dice import SeededDice
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.ai import score_actions, shoot_score
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.fighter import destroyable
from skirmish.rulesets.strange_aeons.forces import force_setup, load_played, playable, unplayed
from skirmish.rulesets.strange_aeons.lists.list_file import ForceList, ListError, read_list
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.rules_data.records import BookCatalog

MORE: dict[str, dict[str, Any]] = {
    "hand_cannon": {
        "id": "hand_cannon",
        "name": "Hand Cannon",
        "kind": "ranged",
        "damage": 2,
        "range": 8.0,
        "rate": 2,
        "rate_die": 3,
        "specials": ["power", "strafe"],
        "item": True,
    },
    "stun_cannon": {
        "id": "stun_cannon",
        "name": "Stun Cannon",
        "kind": "ranged",
        "damage": 3,
        "range": 7.0,
        "rate": 3,
        "ap": 3,
        "specials": ["stun", "strafe", "two_hand"],
        "item": True,
    },
    "tesla_rifle": {
        "id": "tesla_rifle",
        "name": "Tesla Rifle",
        "kind": "ranged",
        "damage": 2,
        "range": 25.0,
        "rate": 1,
        "ap": 2,
        "specials": ["ready", "arc", "two_hand"],
        "item": True,
    },
    "heat_ray.high": {
        "id": "heat_ray.high",
        "name": "Heat Ray (High)",
        "kind": "ranged",
        "damage": 6,
        "range": 6.0,
        "rate": 1,
        "ap": 1,
        "specials": ["dangerous"],
        "item": True,
    },
}
STRAFE = "Weapon special rules: Strafe (R:1299; notes §6 item 4)"
ARC = "Weapon special rules: Arc (R:1224)"


def more(*profiles: dict[str, Any], **kwargs: Any) -> Any:
    """A rulebook game with these weapons known too."""
    return book(*profiles, weapons=MORE, **kwargs)


# -- Strafe (notes §6 item 4) -----------------------------------------------------------------


def _strafing(dice: list[tuple[str, int]]) -> Any:
    return more(
        agent("T1", weapons=["unarmed", "stun_cannon"]),
        agent("L1", wounds=2, types=["humanoid"]),
        agent("L2", wounds=2, types=["humanoid"]),
        agent("L3", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (14.0, 12.5), "L3": (14.0, 16.0)},
        dice=dice,
    )


def test_sa_strafe_the_firers_player_shares_the_hits_among_models_within_2_inches() -> None:
    # Three hits on the Cultist L1; L2 stands 1.5" from it, L3 5" off. The first hit stays on
    # L1, the other two are given one at a time: one to L2, one to L1.
    game = _strafing(
        [
            ("to-hit", 5),
            ("to-hit", 5),
            ("to-hit", 5),
            ("to-wound", 3),
            ("to-wound", 1),  # L1: 3 + 3 = 6 against Con 6: one Wound, Face Up (Stun)
            ("to-wound", 2),  # L2: 2 + 3 = 5: no Wound
        ]
    )
    apply_all(game, "nominate T1", "shoot T1 L1 stun_cannon")
    decision = game.decision
    assert decision is not None
    assert (decision.player, decision.kind) == (0, "strafe")
    assert options(game) == ["strafe T1 L1", "strafe T1 L2"]
    refused(game, "strafe T1 L3", 'L3 is not within 2" of L1')
    apply_all(game, "strafe T1 L2", "strafe T1 L1")
    shared = [(e.rule, e.models, e.data["hits"]) for e in events(game, "strafe-share")]
    assert shared == [(STRAFE, ("L1",), 2), (STRAFE, ("L2",), 1)]
    assert [r for r in rolls(game) if r[0] == "to-wound"] == [
        ("to-wound", (3, 1)),
        ("to-wound", (2,)),
    ]
    assert (model(game, "L1").state, model(game, "L1").wounds) == ("face-up", 1)
    assert (model(game, "L2").state, model(game, "L2").wounds) == ("normal", 2)
    assert not dice_left(game)


def test_sa_strafe_each_model_saves_its_own_hits() -> None:
    # L1 lies Face Up (a prone 6+ save): its one hit is saved; L2's goes through.
    game = _strafing([("to-hit", 5), ("to-hit", 2), ("to-hit", 5), ("save", 6), ("to-wound", 2)])
    model(game, "L1").state = "face-up"
    apply_all(game, "nominate T1", "shoot T1 L1 stun_cannon", "strafe T1 L2")
    saved = [(e.models, e.data) for e in events(game, "saved")]
    assert saved == [(("L1",), {"saved": 1, "left": 0, "need": 6})]
    assert [r for r in rolls(game) if r[0] == "to-wound"] == [("to-wound", (2,))]
    assert not dice_left(game)


def test_sa_strafe_one_hit_is_an_ordinary_shot() -> None:
    game = _strafing([("to-hit", 5), ("to-hit", 2), ("to-hit", 3), ("to-wound", 3)])
    apply_all(game, "nominate T1", "shoot T1 L1 stun_cannon")
    assert not events(game, "strafe-share")
    assert [e.models for e in events(game, "wounded")] == [("L1",)]
    assert not dice_left(game)


def _strafing_by_the_daemon(dice: list[tuple[str, int]]) -> Any:
    # The Fire Daemon L1 and the Cultist L3 stand within 2" of L2, T1's target.
    return more(
        agent("T1", dex=4, skills=["fearless"], weapons=["unarmed", "stun_cannon"]),
        agent("L2", wounds=3, types=["humanoid"]),
        daemon(),
        agent("L3", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L2": (14.0, 10.0), "L1": (14.0, 12.5), "L3": (14.0, 7.5)},
        dice=dice,
    )


def test_r655_a_strafe_hit_goes_to_a_fire_born_model_only_from_a_6() -> None:
    # Two hits on 4s: none may go to the Fire Daemon beside L2.
    game = _strafing_by_the_daemon([("to-hit", 4), ("to-hit", 4), ("to-hit", 2)])
    apply_all(game, "nominate T1", "shoot T1 L2 stun_cannon")
    assert options(game) == ["strafe T1 L2", "strafe T1 L3"]
    refused(game, "strafe T1 L1", "L1 is Fire Born: no hit left to give is a 6 (R:655)")


def test_r655_a_strafe_s_6_given_to_a_fire_born_model_carries_no_critical_hit() -> None:
    # A 6, confirmed, and a 4: the 6 may go to the Daemon, with no Critical Hit: 1 + 3 = 4
    # against its Con 5 wounds nothing; L2 takes 1 + 3 + 2 = 6, one Wound, Face Up (Stun).
    game = _strafing_by_the_daemon(
        [
            ("to-hit", 6),
            ("to-hit", 4),
            ("to-hit", 2),
            ("critical-hit", 6),
            ("to-wound", 1),
            ("to-wound", 1),
            ("resolve", 6),  # T1, alone, tests as its Action ends
        ]
    )
    apply_all(game, "nominate T1", "shoot T1 L2 stun_cannon")
    assert options(game) == ["strafe T1 L2", "strafe T1 L1", "strafe T1 L3"]
    game.apply("strafe T1 L1")
    assert [(e.models, e.data) for e in events(game, "strafe-share")] == [
        (("L2",), {"hits": 1}),
        (("L1",), {"hits": 1}),
    ]
    wounded = [(e.models, e.data) for e in events(game, "wounded")]
    assert wounded == [(("L2",), {"total": 6, "con": 6, "wounds": 1, "left": 2})]
    assert [(e.models, e.data) for e in events(game, "no-wound")] == [
        (("L1",), {"total": 4, "con": 5})
    ]
    assert not dice_left(game)


def test_r1089_a_strafe_hit_never_goes_to_a_hidden_model() -> None:
    # L3, Hidden beside L2, may take none of the hits shared: it is shot only past its test.
    game = _strafing_by_the_daemon(
        [("to-hit", 6), ("to-hit", 4), ("to-hit", 2), ("critical-hit", 1)]
    )
    game.state.hidden = ("L3",)  # as if it had Hidden by scenery
    apply_all(game, "nominate T1", "shoot T1 L2 stun_cannon")
    assert options(game) == ["strafe T1 L2", "strafe T1 L1"]
    refused(game, "strafe T1 L3", "L3 is Hidden: hit only by a shot aimed at it, its test passed")
    assert not dice_left(game)


# -- A rolled Rate and Power with Strafe: the Hand Cannon (R:1322) ----------------------------


def test_sa_rolled_rate_the_hand_cannon_rolls_1d3_plus_2_dice_r1322() -> None:
    game = more(
        agent("T1", weapons=["unarmed", "hand_cannon"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[
            ("rate", 5),
            ("to-hit", 2),
            ("to-hit", 3),
            ("to-hit", 4),
            ("to-hit", 2),
            ("to-hit", 3),
        ],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 hand_cannon")
    rolled = events(game, "rate-rolled")[0]
    assert (rolled.rule, rolled.data) == (
        "Shooting: a rolled Rate (R:1322)",
        {"weapon": "hand_cannon", "rate": 5},
    )
    assert [r for r in rolls(game) if r[0] == "to-hit"] == [("to-hit", (2, 3, 4, 2, 3))]
    assert not dice_left(game)


def test_sa_strafe_power_pushes_each_model_a_hit_got_through_its_saves_to() -> None:
    game = more(
        agent("T1", weapons=["unarmed", "hand_cannon"]),
        agent("L1", wounds=3, types=["humanoid"]),
        agent("L2", wounds=3, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (14.0 + TOUCH + 0.5, 10.0)},
        dice=[
            ("rate", 1),  # 1D3 = 1: three dice
            ("to-hit", 5),
            ("to-hit", 5),
            ("to-hit", 3),
            ("to-wound", 4),  # L1: 4 + 2 = 6, one Wound
            ("to-wound", 5),  # L2: 5 + 2 = 7, two Wounds
            ("power", 1),
            ("power", 3),
        ],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 hand_cannon", "strafe T1 L2")
    pushed = [(e.models, e.data) for e in events(game, "pushed")]
    assert [m for m, _ in pushed] == [("L1",), ("L2",)]
    assert (model(game, "L1").wounds, model(game, "L2").wounds) == (2, 1)
    assert not dice_left(game)


# -- Arc (R:1224) -----------------------------------------------------------------------------


def _arcing(dice: list[tuple[str, int]]) -> Any:
    return more(
        agent("T1", dex=4, weapons=["unarmed", "tesla_rifle"]),
        agent("T2", wounds=2),
        agent("L1", wounds=2, types=["humanoid"]),
        agent("L2", wounds=2, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "T2": (18.0, 14.0), "L1": (18.0, 10.0), "L2": (21.0, 10.0)},
        dice=dice,
    )


def test_sa_arc_jumps_at_random_friends_included_each_model_once_r1224() -> None:
    # L1 is hit; 3 jumps to L2 or T2 (both within 6"), the D6 picks L2 (4-6); from L2 a 4
    # jumps to T2, the only model left within 6"; from T2 none is left: the energy is spent.
    game = _arcing(
        [
            ("to-hit", 5),
            ("to-wound", 1),  # L1: 1 + 2 = 3, no Wound
            ("arc", 3),
            ("random-target", 5),
            ("to-wound", 4),  # L2: 4 + 2 = 6, one Wound
            ("arc", 4),
            ("to-wound", 2),  # T2: 2 + 2 = 4, no Wound
        ]
    )
    apply_all(game, "nominate T1", "ready T1 tesla_rifle", "shoot T1 L1 tesla_rifle")
    arcs = [(e.rule, e.models, e.data) for e in events(game, "arc")]
    assert arcs == [
        (ARC, ("L1", "L2"), {"jump": 1, "need": 3}),
        (ARC, ("L2", "T2"), {"jump": 2, "need": 4}),
    ]
    spent = events(game, "arc-spent")[0]
    assert (spent.models, spent.data) == (("T2",), {"jumps": 2})
    assert model(game, "L2").wounds == 1
    assert not dice_left(game)


def test_sa_arc_a_failed_roll_dissipates_the_energy() -> None:
    game = _arcing([("to-hit", 4), ("to-wound", 1), ("arc", 2)])
    apply_all(game, "nominate T1", "ready T1 tesla_rifle", "shoot T1 L1 tesla_rifle")
    spent = events(game, "arc-spent")[0]
    assert (spent.models, spent.data) == (("L1",), {"jumps": 0, "need": 3})
    assert not events(game, "arc")
    assert not dice_left(game)


def test_sa_arc_a_miss_does_not_arc() -> None:
    game = _arcing([("to-hit", 3)])
    apply_all(game, "nominate T1", "ready T1 tesla_rifle", "shoot T1 L1 tesla_rifle")
    assert not events(game, "arc") and not events(game, "arc-spent")
    assert not dice_left(game)


def test_sa_arc_jumps_at_most_four_times_each_needing_one_more() -> None:
    # A line of models 3" apart: each jump goes on to the next, until the fourth.
    xs = {"L1": 14.0, "L2": 17.0, "L3": 20.0, "L4": 23.0, "L5": 26.0, "L6": 29.0}
    lurkers = [agent(mid, wounds=3, types=["humanoid"]) for mid in xs]
    game = more(
        agent("T1", dex=4, weapons=["unarmed", "tesla_rifle"]),
        *lurkers,
        placed={"T1": (10.0, 30.0), **{mid: (x, 30.0) for mid, x in xs.items()}},
        dice=[
            ("to-hit", 4),
            ("to-wound", 1),
            ("arc", 3),
            ("random-target", 1),  # from L1: L2 (1-3) or L3 (4-6)
            ("to-wound", 1),
            ("arc", 4),
            ("random-target", 4),  # from L2: L3 (1-3) or L4 (4-6)
            ("to-wound", 1),
            ("arc", 5),
            ("random-target", 1),  # from L4: L3 (1-2), L5 (3-4) or L6 (5-6)
            ("to-wound", 1),
            ("arc", 6),  # from L3 only L5 is left within 6"
            ("to-wound", 1),
        ],
    )
    apply_all(game, "nominate T1", "ready T1 tesla_rifle", "shoot T1 L1 tesla_rifle")
    needs = [e.data["need"] for e in events(game, "arc")]
    assert needs == [3, 4, 5, 6]
    assert events(game, "arc-spent")[0].data == {"jumps": 4}
    assert not dice_left(game)


# -- Dangerous with no template: the Heat Ray's High setting (R:1323; notes §6 item 4) --------


def test_sa_dangerous_without_a_template_a_1_strikes_the_firer() -> None:
    game = more(
        agent("T1", wounds=3, weapons=["unarmed", "heat_ray.high"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 1), ("jam", 2), ("to-wound", 1)],  # 1 + 6 = 7 on Con 6: two Wounds
    )
    apply_all(game, "nominate T1", "shoot T1 L1 heat_ray.high")
    dangerous = events(game, "dangerous-hit")[0]
    assert (dangerous.rule, dangerous.models) == (
        "Weapon special rules: Dangerous (R:1273; notes §6 item 4)",
        ("T1",),
    )
    assert model(game, "T1").wounds == 1
    assert model(game, "L1").wounds == 1
    assert not dice_left(game)


# -- The heuristic player ---------------------------------------------------------------------


def test_sa_strafe_heuristic_gives_hits_to_enemies_not_friends() -> None:
    game = more(
        agent("T1", weapons=["unarmed", "stun_cannon"]),
        agent("T2"),
        agent("L1", wounds=2, types=["humanoid"]),
        agent("L2", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "T2": (14.0, 12.5), "L1": (14.0, 10.0), "L2": (14.0, 7.5)},
        dice=[("to-hit", 5), ("to-hit", 5), ("to-hit", 2)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 stun_cannon")
    decision = game.decision
    assert decision is not None
    scores = dict(zip(options(game), score_actions(game, list(decision.options)), strict=True))
    assert scores["strafe T1 T2"] < 0.0 < scores["strafe T1 L1"] < scores["strafe T1 L2"]


def test_sa_arc_heuristic_weighs_the_jump_to_enemies_less_friends() -> None:
    def score(near: str) -> float:
        game = more(
            agent("T1", dex=4, weapons=["unarmed", "tesla_rifle"]),
            agent("T2"),
            agent("L1", types=["humanoid"]),
            agent("L2", types=["humanoid"]),
            placed={
                "T1": (10.0, 10.0),
                "L1": (18.0, 10.0),
                "T2": (18.0, 13.0) if near == "T2" else (2.0, 2.0),
                "L2": (18.0, 13.0) if near == "L2" else (30.0, 2.0),
            },
        )
        return shoot_score(game, model(game, "T1"), model(game, "L1"), "tesla_rifle")

    assert score("T2") < score("none") < score("L2")


# -- Ammo Choice and ammunition (R:1222, R:1243-1252) -----------------------------------------


def _armed(tmp_path: Path, *gear: str) -> dict[str, Any]:
    """The setup of a team whose Agent buys ``gear``, :func:`padded` to 15 Total Points,
    against random Lurkers."""
    path = tmp_path / "team.toml"
    bought = ", ".join(f'"{g}"' for g in gear)
    path.write_text(
        padded(
            'name = "Archers"\nfaction = "threshold"\n\n'
            '[[models]]\nprofile = "Character"\nskills = ["Lucky"]\n\n'
            f'[[models]]\nname = "Agent Marsh"\nprofile = "Agent"\ngear = [{bought}]\n'
        ),
        "utf-8",
    )
    setup: dict[str, Any] = find_ruleset("sa").normalize_setup({"threshold": str(path)})
    return setup


def test_sa_ammo_choice_the_bow_fires_its_own_arrows_or_each_type_bought_r1222(
    tmp_path: Path,
) -> None:
    setup = _armed(tmp_path, "Short Bow", "Metal Point Arrows", "Poison-Tipped Arrows")
    agent_weapons = setup["threshold"]["models"][1]["weapons"]
    assert [w for w in agent_weapons if w.startswith("short_bow")] == [
        "short_bow",
        "short_bow+metal_point_arrows",
        "short_bow+poison_tipped_arrows",
    ]
    weapons = {w["id"]: w for w in setup["threshold"]["weapons"]}
    metal, poison = (
        weapons["short_bow+metal_point_arrows"],
        weapons["short_bow+poison_tipped_arrows"],
    )
    assert (metal["name"], metal["damage"], metal["ap"]) == ("Short Bow (Metal Point Arrows)", 2, 2)
    assert (poison["damage"], poison["ap"], poison["specials"]) == (1, 1, ["two_hand", "poison"])


def test_r1222_an_ammo_choice_weapon_with_no_type_listed_comes_with_the_books_first(
    tmp_path: Path,
) -> None:
    setup = _armed(tmp_path, "Short Bow")
    agent_weapons = setup["threshold"]["models"][1]["weapons"]
    assert [w for w in agent_weapons if w.startswith("short_bow")] == [
        "short_bow",
        "short_bow+fire_arrows",
    ]


def test_sa_ammo_a_weapon_without_ammo_choice_is_upgraded_r1243(tmp_path: Path) -> None:
    # Hollow Point Bullets: +1 Damage, -2" Range (R:1248); the .45 fires only them.
    setup = _armed(tmp_path, ".45 Handgun", "Hollow Point Bullets")
    agent_weapons = setup["threshold"]["models"][1]["weapons"]
    assert [w for w in agent_weapons if w.startswith("handgun_45")] == [
        "handgun_45+hollow_point_bullets"
    ]
    loaded = {w["id"]: w for w in setup["threshold"]["weapons"]}["handgun_45+hollow_point_bullets"]
    assert (loaded["damage"], loaded["range"]) == (3, 8.0)


def test_sa_ammo_buckshot_makes_the_shotgun_a_short_spray_r1246(tmp_path: Path) -> None:
    setup = _armed(tmp_path, "Shotgun", "Buckshot")
    loaded = {w["id"]: w for w in setup["threshold"]["weapons"]}["shotgun+buckshot"]
    assert (loaded["damage"], loaded["template"]) == (1, "S")
    assert "spray_template" in loaded["specials"]


SHOTGUN = {
    "id": "shotgun",
    "name": "Shotgun",
    "kind": "ranged",
    "damage": 2,
    "range": 8.0,
    "rate": 1,
    "specials": ["power", "two_hand"],
    "item": True,
}
BUCKSHOT = {
    **SHOTGUN,
    "id": "shotgun+buckshot",
    "name": "Shotgun (Buckshot)",
    "damage": 1,
    "specials": ["power", "two_hand", "spray_template"],
    "template": "S",
}


@pytest.mark.parametrize("gun", [BUCKSHOT, SHOTGUN])
def test_r1246_power_pushes_a_model_the_buckshot_template_reaches(gun: dict[str, Any]) -> None:
    # 2 + the load's Damage misses Con 9; the hit still pushes L1 D3" (a 6: 3") away from T1.
    game = book(
        agent("T1", weapons=["unarmed", gun["id"]]),
        agent("L1", con=9, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        weapons={gun["id"]: gun},
        dice=[("to-hit", 5), ("to-wound", 2), ("power", 6)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {gun['id']}")
    assert events(game, "no-wound")[0].models == ("L1",)
    push = events(game, "pushed")[0]
    assert (push.rule, push.models, push.data) == (
        "Weapon special rules: Power",
        ("L1",),
        {"to": [17.0, 10.0], "length": 3.0},
    )
    assert not dice_left(game)


def test_sa_ammo_rock_salt_loads_the_shotgun_with_banish_r1251(tmp_path: Path) -> None:
    setup = _armed(tmp_path, "Shotgun", "Rock Salt")
    loaded = {w["id"]: w for w in setup["threshold"]["weapons"]}["shotgun+rock_salt"]
    assert (loaded["damage"], loaded["harmless"]) == (0, True)
    assert "banish" in loaded["specials"]


SILVER = {
    "id": "handgun_45+silver_bullets",
    "name": ".45 Handgun (Silver Bullets)",
    "kind": "ranged",
    "damage": 2,
    "range": 10.0,
    "rate": 1,
    "item": True,
    "bonus_against": ["werewolf", "wolfman"],
    "against_bonus": 2,
}


@pytest.mark.parametrize(("book_id", "total"), [("werewolf", 4 + 2 + 2), ("cultist", 4 + 2)])
def test_sa_ammo_silver_bullets_add_2_against_werewolves_and_wolfmen_r1252(
    book_id: str, total: int
) -> None:
    game = book(
        agent("T1", dex=4, weapons=["unarmed", SILVER["id"]]),
        agent("L1", con=9, wounds=3, kind=book_id),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        weapons={SILVER["id"]: SILVER},
        dice=[("to-hit", 4), ("to-wound", 4)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {SILVER['id']}")
    (judged,) = [*events(game, "wounded"), *events(game, "no-wound")]
    assert judged.data["total"] == total
    assert not events(game, "blast")
    assert not dice_left(game)


def test_sa_ammo_silver_bullets_are_a_load_of_the_handgun(tmp_path: Path) -> None:
    setup = _armed(tmp_path, ".45 Handgun", "Silver Bullets")
    loaded = {w["id"]: w for w in setup["threshold"]["weapons"]}["handgun_45+silver_bullets"]
    assert (loaded["damage"], loaded["against_bonus"], loaded["bonus_against"]) == (
        2,
        2,
        ["werewolf", "wolfman"],
    )
    assert setup["threshold"]["models"][1]["kind"] == "agent"


BOW = {"id": "short_bow", "name": "Short Bow", "kind": "ranged", "damage": 1, "range": 8.0}
LOADS: dict[str, dict[str, Any]] = {
    "short_bow": {**BOW, "rate": 1, "ap": 1, "specials": ["two_hand"], "item": True},
    "short_bow+metal_point_arrows": {
        **BOW,
        "id": "short_bow+metal_point_arrows",
        "name": "Short Bow (Metal Point Arrows)",
        "damage": 2,
        "rate": 1,
        "ap": 2,
        "specials": ["two_hand"],
        "item": True,
    },
}


def test_sa_ammo_choice_one_type_fired_a_turn_r1222() -> None:
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "short_bow", "short_bow+metal_point_arrows"]),
        agent("L1", wounds=3, armour=1, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        weapons=LOADS,
        dice=[("to-hit", 4), ("to-wound", 4)],  # 4 + 2 = 6 against Con 6 + 1 - AP2: 2 Wounds
    )
    apply_all(game, "nominate T1", "shoot T1 L1 short_bow+metal_point_arrows")
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 2}
    refused(
        game,
        "shoot T1 L1 short_bow",
        "T1 shoots the Short Bow (Metal Point Arrows) this turn: one ranged weapon per turn",
    )
    assert not dice_left(game)


def test_sa_ammo_destroy_weapon_takes_the_bow_with_its_arrows() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "short_bow", "short_bow+metal_point_arrows"]),
        placed={"T1": (10.0, 10.0)},
        weapons=LOADS,
    )
    cat = catalog_of(game)
    prof = cat.profile(model(game, "T1").profile)
    assert destroyable(cat, prof) == {"short_bow": "Short Bow"}
    assert cat.profile(f"{prof.id}~short_bow").weapons == ("unarmed",)


HOLLOW = {
    "id": "handgun_45+hollow_point_bullets",
    "name": ".45 Handgun (Hollow Point Bullets)",
    "kind": "ranged",
    "damage": 3,
    "range": 8.0,
    "rate": 1,
    "item": True,
}
LOADED_45 = ["unarmed", HOLLOW["id"], SILVER["id"]]
"""A .45 Handgun with Hollow Point and Silver Bullets: one weapon, two loads (R:1243)."""


def test_r285_r1222_two_loads_of_one_weapon_are_never_fired_as_two_weapons() -> None:
    game = book(
        agent("T1", dex=4, weapons=LOADED_45),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        weapons={HOLLOW["id"]: HOLLOW, SILVER["id"]: SILVER},
    )
    game.apply("nominate T1")
    assert f"shoot T1 L1 {HOLLOW['id']}" in options(game)
    assert not [o for o in options(game) if o.startswith("shoot-two")]
    refused(
        game,
        f"shoot-two T1 L1 {HOLLOW['id']} {SILVER['id']}",
        ".45 Handgun (Hollow Point Bullets) and .45 Handgun (Silver Bullets) are loads or "
        "settings of one weapon, and two weapons fire together (R:1222, R:1323, R:285)",
    )


def test_r249_r1222_a_jam_is_the_weapons_whatever_it_is_loaded_with() -> None:
    game = book(
        agent("T1", dex=4, weapons=LOADED_45),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        weapons={HOLLOW["id"]: HOLLOW, SILVER["id"]: SILVER},
    )
    game.state.jammed = (("T1", HOLLOW["id"]),)
    game.apply("nominate T1")
    assert not [o for o in options(game) if o.startswith("shoot ")]
    refused(
        game,
        f"shoot T1 L1 {SILVER['id']}",
        "the .45 Handgun (Silver Bullets) of T1 is Jammed: an Action cleans it",
    )
    game.apply(f"clear-jam T1 {HOLLOW['id']}")
    assert game.state.jammed == ()
    assert f"shoot T1 L1 {SILVER['id']}" in options(game)


HEAT_RAY: dict[str, dict[str, Any]] = {
    "heat_ray.low": {
        **MORE["heat_ray.high"],
        "id": "heat_ray.low",
        "name": "Heat Ray (Low)",
        "damage": 4,
        "range": 8.0,
        "specials": [],
    },
    "heat_ray.high": MORE["heat_ray.high"],
}
"""The Heat Ray's two settings, one weapon bought once (R:1323)."""


def _heat_ray() -> Any:
    return book(
        agent("T1", dex=4, weapons=["unarmed", *HEAT_RAY]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        weapons=HEAT_RAY,
    )


def test_r1323_r285_the_heat_ray_s_two_settings_are_never_fired_as_two_weapons() -> None:
    game = _heat_ray()
    game.apply("nominate T1")
    assert "shoot T1 L1 heat_ray.low" in options(game)
    assert not [o for o in options(game) if o.startswith("shoot-two")]
    refused(
        game,
        "shoot-two T1 L1 heat_ray.low heat_ray.high",
        "Heat Ray (Low) and Heat Ray (High) are loads or settings of one weapon",
    )


def test_r1323_r249_a_jam_on_one_heat_ray_setting_jams_the_other() -> None:
    game = _heat_ray()
    game.state.jammed = (("T1", "heat_ray.low"),)
    game.apply("nominate T1")
    assert not [o for o in options(game) if o.startswith("shoot ")]
    refused(
        game,
        "shoot T1 L1 heat_ray.high",
        "the Heat Ray (High) of T1 is Jammed: an Action cleans it",
    )


def test_r1323_r1069_destroy_weapon_takes_the_heat_ray_once_with_both_settings() -> None:
    game = _heat_ray()
    cat = catalog_of(game)
    prof = cat.profile(model(game, "T1").profile)
    assert destroyable(cat, prof) == {"heat_ray": "Heat Ray (Low)"}
    assert cat.profile(f"{prof.id}~heat_ray").weapons == ("unarmed",)


# -- 1-Shot and Scrounged: the Stone (R:1233; notes §6 item 4) --------------------------------

STONE = {
    "id": "stone",
    "name": "Stone",
    "kind": "close",
    "damage": -1,
    "specials": ["one_shot"],
    "item": True,
}


def test_sa_one_shot_the_stone_is_gone_after_the_round_it_is_fought_with() -> None:
    # The Stone (+0, 1D-1) is fought with before fists: no Unarmed hit; 5 against the
    # Knife's 3 + 1 wins by 1, 6 - 1 = 5 does not wound Con 6; then the Stone is gone.
    game = book(
        agent("T1", weapons=["unarmed", "stone"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stone": STONE},
        dice=[
            ("close-combat", 5),
            ("close-combat", 2),
            ("close-combat", 3),
            ("close-combat", 2),
            ("to-wound", 6),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert not events(game, "unarmed")
    game.apply("wound T1")
    spent = events(game, "one-shot-spent")[0]
    assert (spent.rule, spent.models, spent.data) == (
        "Weapon special rules: 1-Shot (R:1233; notes §6 item 4)",
        ("T1",),
        {"weapon": "stone"},
    )
    cat = catalog_of(game)
    assert cat.close_weapon(cat.profile(model(game, "T1").profile)).id == "unarmed"
    assert not dice_left(game)


def test_sa_one_shot_a_stone_not_fought_with_is_kept() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "knife", "stone"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stone": STONE},
        dice=[("close-combat", 3), ("close-combat", 2), ("close-combat", 3), ("close-combat", 2)],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "one-weapon T1")  # the Knife alone: a Draw
    assert not events(game, "one-shot-spent")
    assert "stone" in catalog_of(game).profile(model(game, "T1").profile).weapons
    assert not dice_left(game)


def test_sa_one_shot_a_stone_fought_with_as_a_second_weapon_is_gone() -> None:
    # The Knife and the Stone together (R:284): 3 dice, the Knife's +1 - 1; 4 against 3 + 1.
    game = book(
        agent("T1", weapons=["unarmed", "knife", "stone"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stone": STONE},
        dice=[
            ("close-combat", 4),
            ("close-combat", 2),
            ("close-combat", 2),
            ("close-combat", 3),
            ("close-combat", 2),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "two-weapons T1")
    assert events(game, "draw")
    assert [e.data["weapon"] for e in events(game, "one-shot-spent")] == ["stone"]
    assert not dice_left(game)


def test_sa_scrounged_a_list_carries_the_stick_and_the_stone_for_nothing(tmp_path: Path) -> None:
    setup = _armed(tmp_path, "Stick", "Stone")
    marsh = setup["threshold"]["models"][1]
    assert [w for w in marsh["weapons"] if w in ("stick", "stone")] == ["stick", "stone"]
    stone = {w["id"]: w for w in setup["threshold"]["weapons"]}["stone"]
    assert (stone["damage"], stone["specials"]) == (-1, ["one_shot"])


# -- Alien (R:1221) ---------------------------------------------------------------------------


def _mi_go(tmp_path: Path, book: BookCatalog, *gear: str) -> ForceList:
    """A Lurker list of one Mi-Go (an Alien buying from the Alien Weapons Table) with ``gear``."""
    path = tmp_path / "mi_go.toml"
    bought = ", ".join(f'"{g}"' for g in gear)
    path.write_text(
        'name = "Mi-Go"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Mi-Go"\n'
        f"gear = [{bought}]\n",
        "utf-8",
    )
    return read_list(str(path), book)


def test_sa_alien_a_label_the_lists_keep_to_alien_profiles_r1221(tmp_path: Path) -> None:
    rules = find_ruleset("sa")
    assert isinstance(rules, StrangeAeons)
    played, items = load_played(), rules.book.items
    problems = unplayed(rules.book, played, _mi_go(tmp_path, rules.book, "Dispersal Gun"))
    assert not any("Dispersal Gun" in p for p in problems)
    assert playable(rules.book, played, items["dispersal_gun"])
    with pytest.raises(
        ListError, match=re.escape("Disruptor Beam is on neither the Master Weapons Table")
    ):
        _armed(tmp_path, "Disruptor Beam")


# -- The Canister Launcher and its Shock Canister (R:1301, R:1308) ----------------------------

SHOCK = {
    "id": "canister_launcher+shock_canister",
    "name": "Canister Launcher (Shock Canister)",
    "kind": "ranged",
    "damage": 1,
    "range": 12.0,
    "rate": 1,
    "ap": 2,
    "specials": ["ready", "blast_template", "arc"],
    "item": True,
    "template": "L",
}


def test_sa_arc_from_a_template_leaves_the_model_nearest_its_centre_r1308() -> None:
    # L1 and L2 under the Large template; the energy jumps from L1, the centre's, to L3, the
    # one model within 6" not struck (the firer never).
    game = book(
        agent("T1", weapons=["unarmed", SHOCK["id"]]),
        agent("L1", types=["humanoid"]),
        agent("L2", types=["humanoid"]),
        agent("L3", types=["humanoid"]),
        placed={
            "T1": (10.0, 10.0),
            "L1": (14.0, 10.0),
            "L2": (14.0 + TOUCH, 10.0),
            "L3": (14.0, 15.0),
        },
        weapons={SHOCK["id"]: SHOCK},
        dice=[("to-hit", 5), ("to-wound", 1), ("arc", 3), ("to-wound", 2)],
    )
    apply_all(game, "nominate T1", f"ready T1 {SHOCK['id']}", f"shoot T1 L1 {SHOCK['id']}")
    assert events(game, "template")[0].models == ("L1", "L2")
    assert [(e.models, e.data) for e in events(game, "arc")] == [
        (("L1", "L3"), {"jump": 1, "need": 3})
    ]
    assert events(game, "arc-spent")[0].models == ("L3",)
    assert not dice_left(game)


def test_r1224_a_shock_canister_over_an_object_alone_wounds_it_and_does_not_arc() -> None:
    # The missed canister scatters 3" onto the crate, no model under it: the crate takes the
    # roll to wound (3 + 1 against Con 7) and no energy jumps, there being no model to leave.
    game = book(
        agent("T1", weapons=["unarmed", SHOCK["id"]]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        board=board(FENCE | {"polygon": rect(18.0, 8, 18.5, 12)}),
        weapons={SHOCK["id"]: SHOCK},
        dice=[("to-hit", 2), ("scatter", 5), ("to-wound", 3)],
    )
    apply_all(game, "nominate T1", f"ready T1 {SHOCK['id']}", f"shoot T1 L1 {SHOCK['id']}")
    game.apply("scatter T1 0")
    assert events(game, "template")[0].models == ()
    assert events(game, "object-hit")[0].data["total"] == 4
    assert not events(game, "arc") and not events(game, "arc-spent")
    assert not dice_left(game)


def test_sa_ammo_the_canister_launcher_fires_only_its_canisters_r1301(tmp_path: Path) -> None:
    rules = find_ruleset("sa")
    assert isinstance(rules, StrangeAeons)
    both = _mi_go(tmp_path, rules.book, "Canister Launcher", "Shock Canister")
    side = force_setup(rules.book, both, 1, "x", SeededDice(1))
    loads = {w["id"]: w for w in side["weapons"] if w["id"].startswith("canister_launcher")}
    shock = loads.pop("canister_launcher+shock_canister")
    assert not loads  # no Damage of its own: only its canister is fired
    assert (shock["damage"], shock["ap"], shock["template"]) == (1, 2, "L")
    assert "arc" in shock["specials"]


def test_r1222_a_canister_launcher_bought_alone_comes_with_a_cryo_canister(tmp_path: Path) -> None:
    rules = find_ruleset("sa")
    assert isinstance(rules, StrangeAeons)
    alone = _mi_go(tmp_path, rules.book, "Canister Launcher")
    played = load_played()
    assert unplayed(rules.book, played, alone) == []
    side = force_setup(rules.book, alone, 1, "x", SeededDice(1))
    loads = [w["id"] for w in side["weapons"] if w["id"].startswith("canister_launcher")]
    assert loads == ["canister_launcher+cryo_canister"]
    assert playable(rules.book, played, rules.book.items["canister_launcher"])
