"""Forces of a rulebook game written by hand, for rules tests: each model's profile as the
game stores it (:mod:`skirmish.rulesets.strange_aeons.forces`), its id the model's."""

from __future__ import annotations

from typing import Any

from tests.rulesets.strange_aeons.helpers import scenario

from skirmish.engine.game import Game

BOOK = "strange-aeons"

WEAPONS: dict[str, dict[str, Any]] = {
    "unarmed": {
        "id": "unarmed",
        "name": "Unarmed",
        "kind": "close",
        "damage": 0,
        "specials": ["unarmed"],
    },
    "knife": {"id": "knife", "name": "Knife", "kind": "close", "damage": 1, "ccb": 1, "ap": 1},
    "club": {"id": "club", "name": "Club", "kind": "close", "damage": 1, "ccb": 2},
    "claws": {"id": "claws", "name": "Claws", "kind": "close", "damage": 2, "ccb": 2},
    "venomous_claws": {
        "id": "venomous_claws",
        "name": "Venomous Claws",
        "kind": "close",
        "damage": 2,
        "ccb": 2,
        "ap": 2,
        "specials": ["poison"],
    },
    "sledgehammer": {"id": "sledgehammer", "name": "Sledgehammer", "kind": "close", "damage": 4},
    "handgun_22": {
        "id": "handgun_22",
        "name": ".22 Handgun",
        "kind": "ranged",
        "damage": 1,
        "range": 8.0,
        "rate": 2,
    },
    "bolt_action_rifle": {
        "id": "bolt_action_rifle",
        "name": "Bolt-Action Rifle",
        "kind": "ranged",
        "damage": 3,
        "range": 18.0,
        "rate": 1,
        "ap": 1,
        "specials": ["ready"],
    },
    "dynamite": {
        "id": "dynamite",
        "name": "Dynamite",
        "kind": "ranged",
        "damage": 5,
        "range": 6.0,
        "rate": 1,
        "ap": 2,
        "specials": ["ready", "dangerous", "blast_template"],
        "template": "L",
    },
    "shotgun": {
        "id": "shotgun",
        "name": "Shotgun",
        "kind": "ranged",
        "damage": 2,
        "range": 8.0,
        "rate": 2,
        "specials": ["two_hand"],
    },
    "heavy_gun": {
        "id": "heavy_gun",
        "name": "Heavy Gun",
        "kind": "ranged",
        "damage": 1,
        "range": 12.0,
        "rate": 3,
        "specials": ["loader"],
    },
    "stun_pistol": {
        "id": "stun_pistol",
        "name": "Stun Pistol",
        "kind": "ranged",
        "damage": 2,
        "range": 5.0,
        "rate": 1,
        "ap": 2,
        "specials": ["stun"],
    },
    "spray": {
        "id": "spray",
        "name": "Spray",
        "kind": "ranged",
        "damage": 2,
        "rate": 1,
        "specials": ["spray_template"],
        "template": "L",
    },
    "blow_pipe": {
        "id": "blow_pipe",
        "name": "Blow Pipe",
        "kind": "ranged",
        "damage": 1,
        "range": 6.0,
        "rate": 1,
        "specials": ["poison"],
    },
    "elephant_gun": {
        "id": "elephant_gun",
        "name": "Elephant Gun",
        "kind": "ranged",
        "damage": 3,
        "range": 18.0,
        "rate": 1,
        "specials": ["power"],
    },
    "handgun_45": {
        "id": "handgun_45",
        "name": ".45 Handgun",
        "kind": "ranged",
        "damage": 2,
        "range": 10.0,
        "rate": 1,
    },
    "rifle": {
        "id": "rifle",
        "name": "Bolt-Action Rifle",
        "kind": "ranged",
        "damage": 3,
        "range": 18.0,
        "rate": 1,
        "ap": 1,
    },
}


def agent(model_id: str, **fields: Any) -> dict[str, Any]:
    """An Agent's profile (R:360: 5 | 5+ | 6 | 2 | 1 | 4+) with a Knife, changed by
    ``fields``."""
    side = 0 if model_id.startswith("T") else 1
    base: dict[str, Any] = {
        "id": model_id,
        "name": f"Agent {model_id}",
        "side": side,
        "move": 5,
        "dex": 5,
        "con": 6,
        "armour": 0,
        "attacks": 2,
        "wounds": 1,
        "res": 4,
        "types": ["human"],
        "skills": [],
        "weapons": ["unarmed", "knife"],
    }
    return {**base, **fields}


def forces(
    *profiles: dict[str, Any], weapons: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    """Setup options holding these profiles, each on its side, with every weapon named
    (:data:`WEAPONS` and ``weapons``)."""
    known = {**WEAPONS, **(weapons or {})}
    sides: list[list[dict[str, Any]]] = [[], []]
    for p in profiles:
        sides[p["side"]].append(p)
    return {
        key: {
            "list": key,
            "from": "test",
            "models": models,
            "weapons": [known[w] for w in sorted({w for m in models for w in m["weapons"]})],
        }
        for key, models in zip(("threshold", "lurkers"), sides, strict=True)
    }


def book(*profiles: dict[str, Any], **kwargs: Any) -> Game:
    """A rulebook game mid-turn with these forces; ``kwargs`` as :func:`scenario` takes them
    (``placed`` first), and ``weapons`` beyond :data:`WEAPONS`."""
    placed, weapons = kwargs.pop("placed"), kwargs.pop("weapons", None)
    return scenario(placed, ruleset_id=BOOK, setup=forces(*profiles, weapons=weapons), **kwargs)
