"""Forces of a rulebook game written by hand, for rules tests: each model's profile as the
game stores it (:mod:`skirmish.rulesets.strange_aeons.forces`), its id the model's."""

from __future__ import annotations

from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import TOUCH, apply_all, board, rect, scenario

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.plots import KEY
from skirmish.rulesets.strange_aeons.state import Token

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
    "wooden_stake": {
        "id": "wooden_stake",
        "name": "Wooden Stake",
        "kind": "close",
        "damage": 0,
        "ccb": 1,
    },
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
    # The status weapon rules (notes §6 item 4): the Fire Daemon's Burn (R:655), the Molotov
    # Cocktail (R:1273) and the Alien table's (R:1294-1302), their other rules left out.
    "burn": {
        "id": "burn",
        "name": "Burn",
        "kind": "close",
        "damage": 1,
        "ccb": 2,
        "ap": 2,
        "specials": ["fire"],
    },
    "molotov_cocktail": {
        "id": "molotov_cocktail",
        "name": "Molotov Cocktail",
        "kind": "ranged",
        "damage": 3,
        "range": 6.0,
        "rate": 1,
        "specials": ["ready", "fire", "dangerous", "blast_template"],
        "template": "L",
    },
    "freeze_ray": {
        "id": "freeze_ray",
        "name": "Freeze Ray",
        "kind": "ranged",
        "damage": 2,
        "rate": 1,
        "ap": 1,
        "specials": ["chill", "spray_template"],
        "template": "L",
    },
    "dispersal_gun": {
        "id": "dispersal_gun",
        "name": "Dispersal Gun",
        "kind": "ranged",
        "damage": 1,
        "range": 8.0,
        "rate": 2,
        "specials": ["confusion"],
    },
    "disruptor_beam": {
        "id": "disruptor_beam",
        "name": "Disruptor Beam",
        "kind": "ranged",
        "damage": 2,
        "range": 10.0,
        "rate": 1,
        "specials": ["disrupt"],
    },
    "disruption_gauntlet": {
        "id": "disruption_gauntlet",
        "name": "Disruption Gauntlet",
        "kind": "close",
        "damage": 2,
        "ccb": 1,
        "specials": ["disrupt"],
    },
    "repulsor": {
        "id": "repulsor",
        "name": "Repulsor",
        "kind": "close",
        "damage": 0,
        "ccb": 3,
        "specials": ["repel"],
        "harmless": True,
    },
    "net_gun": {
        "id": "net_gun",
        "name": "Net Gun",
        "kind": "ranged",
        "damage": 0,
        "range": 12.0,
        "rate": 1,
        "specials": ["ensnare"],
    },
    "scorching_burst": {
        "id": "scorching_burst",
        "name": "Scorching Burst",
        "kind": "ranged",
        "damage": 2,
        "rate": 1,
        "specials": ["fire", "spray_template"],
        "template": "L",
        "ability": "scorching_burst",
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


def animal(model_id: str, handler: str, *abilities: str, **fields: Any) -> dict[str, Any]:
    """An Animal of ``handler``: a Dog's profile (the Attack Dog's, R:1367: 7 | 4+ | 4 | 3 |
    1 | 4+) with a Knife for its Teeth and Claws (C.C.B. +1, Dam. 1D+1, R:1371; the Knife adds
    AP1), changed by ``fields``."""
    dog: dict[str, Any] = {
        "name": f"Dog {model_id}",
        "move": 7,
        "dex": 4,
        "con": 4,
        "attacks": 3,
        "types": ["animal"],
        "weapons": ["unarmed", "knife"],
        "abilities": list(abilities),
        "handler": handler,
        "pack": True,
    }
    return agent(model_id, **{**dog, **fields})


def handler(model_id: str, *skills: str, **fields: Any) -> dict[str, Any]:
    """An Agent with Animal Handler and ``skills``."""
    return agent(model_id, skills=["animal_handler", *skills], **fields)


def ghost(model_id: str, **fields: Any) -> dict[str, Any]:
    """An Agent's profile made a Ghost with no Resolve (R:116, notes §6 item 61)."""
    return agent(model_id, types=["ghost"], res=7, **fields)


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
    (``placed`` first, ``setup`` the options beside the forces), ``weapons`` beyond
    :data:`WEAPONS`, and ``plots`` the ids of the Plot Points the Lurkers bought (R:927-935)."""
    placed, weapons = kwargs.pop("placed"), kwargs.pop("weapons", None)
    setup = {**forces(*profiles, weapons=weapons), **kwargs.pop("setup", {})}
    return scenario(placed, ruleset_id=BOOK, setup=plotted(setup, kwargs), **kwargs)


def plotted(setup: dict[str, Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """``setup`` with the Plot Points the Lurkers bought, the ids ``kwargs`` holds as
    ``plots`` (R:927-935), taken out of it."""
    plots = kwargs.pop("plots", ())
    if plots:
        setup["lurkers"] = {**setup["lurkers"], KEY: list(plots)}
    return setup


def commanding(leader: dict[str, Any], led: dict[str, Any], other: dict[str, Any]) -> Game:
    """The Lurkers' turn, ``leader`` (L1), with a limited Command, just nominated; ``led``
    (L2) and ``other`` (L3) 4" from it, T1 far away."""
    game = book(
        agent("T1"),
        leader,
        led,
        other,
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (14.0, 10.0), "L3": (10.0, 14.0)},
        active=1,
    )
    game.apply("nominate L1")
    return game


NEAR = 10.0 + TOUCH + 2.0
"""An x 2" from base-to-base with a model at (10, 10): a Charge reaches it."""


def duel(t1: dict[str, Any], l1: dict[str, Any], dice: list[tuple[str, int]]) -> Game:
    """T1 and L1 2" apart, T1 nominated and charging L1."""
    game = book(t1, l1, placed={"T1": (10.0, 10.0), "L1": (NEAR, 10.0)}, dice=dice)
    apply_all(game, "nominate T1", "charge T1 L1")
    return game


def engaged(t1: dict[str, Any], l1: dict[str, Any], *faces: int | str) -> Game:
    """T1 and L1 in base-to-base as a Threshold Turn begins, the dice given by ``faces``
    (close combat dice until another purpose is named, :func:`tests.dice_script.script`)."""
    return book(
        t1,
        l1,
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        dice=script("close-combat", *faces),
    )


def cc(*faces: int) -> list[tuple[str, int]]:
    """Scripted close combat dice."""
    return [("close-combat", f) for f in faces]


def shot_at(target: dict[str, Any], *faces: tuple[str, int], **kwargs: Any) -> Game:
    """T1, with a .45 Handgun, shoots ``target`` (L1) 8" away; ``kwargs`` as :func:`book`."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        target,
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=list(faces),
        **kwargs,
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    return game


def shot_down(*faces: tuple[str, int], kit: dict[str, Any] | None = None) -> Game:
    """The Lurkers' turn: L1 shoots T1, who carries Morphine (or ``kit``, its profile's
    fields), and the Injury roll removes it (4 + 4 = 8: a Minor Injury)."""
    game = book(
        agent("T1", **(kit or {"equipment": ["morphine"]})),
        agent("L1", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 4), ("injury", 4), ("injury", 4), *faces],
        active=1,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    return game


def poisoned(
    *faces: tuple[str, int], carrier: str = "T1", kit: dict[str, Any] | None = None
) -> Game:
    """The Lurkers' turn: L1 hits T1 with a Blow Pipe (Poison) and wounds it; ``carrier``
    (T1, or T2 in base-to-base with it) has Antivenom (or ``kit``, its profile's fields); the
    Injury roll is ``faces``."""
    carried = kit or {"equipment": ["antivenom"]}
    game = book(
        agent("T1", **(carried if carrier == "T1" else {})),
        agent("T2", **(carried if carrier == "T2" else {})),
        agent("L1", weapons=["unarmed", "blow_pipe"]),
        placed={"T1": (10.0, 10.0), "T2": (10.0, 10.0 + TOUCH), "L1": (15.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 5), *faces],  # 5 + 1 = 6 against Con 6
        active=1,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 blow_pipe")
    return game


def bomber(
    t1: tuple[float, float],
    *faces: tuple[str, int],
    planted: bool = True,
    abilities: tuple[str, ...] = (),
) -> Game:
    """T1 with Dynamite, a Detonator and ``abilities`` at ``t1``, nominated; its marker at
    10,10 if ``planted``; L1 2" from the marker."""
    game = book(
        agent("T1", weapons=["unarmed", "dynamite"], equipment=["detonator"], abilities=abilities),
        agent("L1"),
        placed={"T1": t1, "L1": (12.0, 10.0)},
        dice=list(faces),
    )
    if planted:
        game.state.planted = (("T1", 10.0, 10.0, ""),)
    game.apply("nominate T1")
    return game


RUBBLE = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})
"""A strip of rough terrain across the board at x = 12 to 13."""


def across_rubble(mover: dict[str, Any]) -> Game:
    """L1 (``mover``) Moves 5" across :data:`RUBBLE`, from 10,10 to 15,10: 3" for a model
    rough terrain costs 2"."""
    game = book(
        agent("T1"), mover, placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)}, board=RUBBLE, active=1
    )
    apply_all(game, "nominate L1", "move L1 15,10")
    return game


def from_set_up(
    name: str, *profiles: dict[str, Any], dice: list[tuple[str, int]], **options: Any
) -> Game:
    """A game of the scenario ``name`` from the start of its set-up, with other setup
    ``options`` (a ``variant``)."""
    setup = {"board": "open", "scenario": name, **options, **forces(*profiles)}
    return find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))


def mid_game(name: str, *profiles: dict[str, Any], **kwargs: Any) -> Game:
    """A game of the scenario ``name`` at the start of a turn, models placed by hand; other
    setup options (a ``variant``) in ``setup``, the Plot Points bought in ``plots``,
    ``weapons`` beyond :data:`WEAPONS`."""
    placed, weapons = kwargs.pop("placed"), kwargs.pop("weapons", None)
    setup = {"scenario": name, **kwargs.pop("setup", {}), **forces(*profiles, weapons=weapons)}
    return scenario(placed, ruleset_id=BOOK, setup=plotted(setup, kwargs), **kwargs)


def holding(game: Game, token: Token, **state: Any) -> None:
    """Put ``token`` (and any other state fields) into the game."""
    st = game.state
    st.tokens = (*st.tokens, token)
    for key, value in state.items():
        setattr(st, key, value)


def winner(game: Game) -> int | None:
    """The side that won the game over (``None``: a draw)."""
    assert game.result is not None
    return game.result.winner
