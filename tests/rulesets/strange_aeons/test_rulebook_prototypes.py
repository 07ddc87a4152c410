"""The Special Branch prototypes in the rulebook game (R:1315-1364, notes §3.9d): who may buy
them (R:1316, R:811, notes §6 item 77), each weapon as the game plays it, with scripted dice
where a rule of its own acts, and what is still refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import TOUCH, apply_all, dice_left, events, model
from tests.rulesets.strange_aeons.rulebook import agent, book

from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import ListError
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

GAUNTLET = {
    "id": "stun_gauntlet",
    "name": "Stun Gauntlet",
    "kind": "close",
    "damage": 2,
    "ap": 3,
    "specials": ["stun", "unarmed"],
    "item": True,
}


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset("sa")
    assert isinstance(found, StrangeAeons)
    return found


def _team(tmp_path: Path, wins: int, *gear: str) -> str:
    """A team of a Character and an Agent, the Agent buying ``gear``, at ``wins``."""
    path = tmp_path / "team.toml"
    bought = ", ".join(f'"{g}"' for g in gear)
    path.write_text(
        f'name = "Field test"\nfaction = "threshold"\nwins = {wins}\n\n'
        '[[models]]\nprofile = "Character"\nskills = ["Lucky"]\n\n'
        f'[[models]]\nname = "Agent Malone"\nprofile = "Agent"\ngear = [{bought}]\n',
        "utf-8",
    )
    return str(path)


def _weapons(setup: dict[str, Any], side: str) -> dict[str, dict[str, Any]]:
    return {w["id"]: w for w in setup[side]["weapons"]}


# -- List building (R:1316, R:493, R:811; notes §6 item 77) -----------------------------------


def test_sa_prototype_a_promoted_team_fields_one_r1316(rules: StrangeAeons, tmp_path: Path) -> None:
    setup = rules.normalize_setup({"threshold": _team(tmp_path, 5, "Stun Rifle")})
    rifle = _weapons(setup, "threshold")["stun_rifle"]
    assert (rifle["range"], rifle["rate"], rifle["damage"], rifle["ap"]) == (11.0, 1, 3, 3)
    assert rifle["specials"] == ["stun", "two_hand"]


def test_sa_prototype_refused_to_a_team_not_promoted_r1316(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    with pytest.raises(ListError, match=re.escape("Special Branch prototype")):
        rules.normalize_setup({"threshold": _team(tmp_path, 0, "Stun Rifle")})


def test_sa_prototype_internal_espionage_lets_random_lurkers_buy_one_r811(
    rules: StrangeAeons,
) -> None:
    # The list seed 370 draws a Rogue Threshold Agent that buys a Hand Cannon.
    setup = rules.normalize_setup({"list-seed": 370})
    owners = [m for m in setup["lurkers"]["models"] if "hand_cannon" in m["weapons"]]
    assert [m["name"] for m in owners] == ["Rogue Threshold Agent 3"]


def test_sa_prototype_every_weapon_whose_rules_are_played_is_played(rules: StrangeAeons) -> None:
    played, items = load_played(), rules.book.items
    sold = [
        "hand_cannon",
        "heat_ray",
        "stun_pistol",
        "stun_rifle",
        "stun_cannon",
        "stun_gauntlet",
        "tesla_rifle",
    ]
    assert all(playable(rules.book, played, items[i]) for i in sold)


# -- The Hand Cannon (R:1322) and the Heat Ray's two settings (R:1323) ------------------------


def test_sa_prototype_hand_cannon_rolls_its_rate_and_strafes(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    setup = rules.normalize_setup({"threshold": _team(tmp_path, 5, "Hand Cannon")})
    cannon = _weapons(setup, "threshold")["hand_cannon"]
    assert (cannon["rate"], cannon["rate_die"], cannon["damage"]) == (2, 3, 2)
    assert cannon["specials"] == ["power", "strafe"]
    game = rules.new_game(setup, seed=1)
    assert catalog_of(game).weapon("hand_cannon").rate_text == "1D3+2"


def test_sa_prototype_heat_ray_is_one_item_with_two_settings_r1323(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    setup = rules.normalize_setup({"threshold": _team(tmp_path, 5, "Heat Ray")})
    weapons = _weapons(setup, "threshold")
    low, high = weapons["heat_ray.low"], weapons["heat_ray.high"]
    assert (low["name"], low["range"], low["damage"], low["specials"]) == (
        "Heat Ray (Low)",
        8.0,
        4,
        [],
    )
    assert (high["name"], high["range"], high["damage"], high["specials"]) == (
        "Heat Ray (High)",
        6.0,
        6,
        ["dangerous"],
    )
    agent_weapons = setup["threshold"]["models"][1]["weapons"]
    assert "heat_ray.low" in agent_weapons and "heat_ray.high" in agent_weapons


# -- The Stun Gauntlet (R:1359) ---------------------------------------------------------------


def test_sa_prototype_stun_gauntlet_is_a_weapon_its_wearer_suffers_no_unarmed_hit() -> None:
    # The Gauntlet (+0, 1D+2, AP3, Stun) counts as Unarmed for skills, but is a weapon: no
    # automatic hit before the combat. 5 against the Knife's 3 + 1: won by 1; 4 + 2 = 6 on
    # Con 6 is one of two Wounds, and Stun places L1 Face Up.
    game = book(
        agent("T1", weapons=["unarmed", "stun_gauntlet"]),
        agent("L1", wounds=2),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stun_gauntlet": GAUNTLET},
        dice=[
            ("close-combat", 5),
            ("close-combat", 2),
            ("close-combat", 3),
            ("close-combat", 2),
            ("to-wound", 4),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert not events(game, "unarmed")
    assert (model(game, "L1").state, model(game, "L1").wounds) == ("face-up", 1)
    assert not dice_left(game)


def test_sa_prototype_stun_gauntlet_takes_the_unarmed_skills() -> None:
    # Martial Artist: +1 C.C. bonus and +1 Damage fighting Unarmed (R:1103).
    game = book(
        agent("T1", skills=["martial_artist"], weapons=["unarmed", "stun_gauntlet"]),
        agent("L1", wounds=3),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        weapons={"stun_gauntlet": GAUNTLET},
        dice=[
            ("close-combat", 5),
            ("close-combat", 2),
            ("close-combat", 4),
            ("close-combat", 2),
            ("to-wound", 3),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "combat-totals")[0].data == {"totals": [5 + 1, 4 + 1]}
    assert events(game, "wounded")[0].data["total"] == 3 + 2 + 1
    assert not dice_left(game)


# -- Still refused ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "why"),
    [
        ("Net Gun", "the weapon rule Ensnare of Net Gun (R:1337) is not played yet"),
        ("Jet Pack", "Jet Pack (R:1332) is not played yet"),
        ("Invisibility Suit", "Invisibility Suit (R:1330) is not played yet"),
    ],
)
def test_sa_prototype_not_played_yet_is_refused(
    rules: StrangeAeons, tmp_path: Path, item: str, why: str
) -> None:
    with pytest.raises(ListError, match=re.escape(f"Agent Malone (Agent): {why}")):
        rules.normalize_setup({"threshold": _team(tmp_path, 5, item)})
