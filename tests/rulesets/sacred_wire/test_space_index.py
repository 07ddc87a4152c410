"""Who is whose enemy, who is Engaged with whom, and the range a shot reads: the answers follow
the table as it stands, in a clone and a restored save as in the game itself."""

from __future__ import annotations

import json
from dataclasses import replace

from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    TOUCH,
    dice_left,
    events,
    scenario,
    script,
)

from skirmish.engine.restore import restore
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.attack.resolution import Combatant, range_band
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import (
    enemies,
    engaged_with,
    friends,
    hostile_to,
    side_of,
    threats,
)
from skirmish.rulesets.sacred_wire.game.state import WireGame
from skirmish.rulesets.sacred_wire.hostiles.arrival import place_hostile

AWAY_B = {"B1": (23.0, 23.0)}
CLERK = "Data Clerk"  # a Coworker


def ids(models: list[WireModel]) -> list[str]:
    return [m.id for m in models]


def test_c4_1_enemies_and_friends_follow_the_table() -> None:
    """A model's enemies are the other side's models on the table (C4.1): one moved off the
    table or taken Out of Action leaves them, in the game, its clone and its restored save."""
    game = scenario({"A1": (5.0, 5.0), "A2": (7.0, 5.0), "B1": (5.0, 15.0), "B2": (9.0, 15.0)})
    a1 = game.model("A1")
    assert ids(enemies(game, a1)) == ["B1", "B2"] and ids(friends(game, a1)) == ["A2"]
    twin = game.clone()
    twin.model("B2").removed = "Out of Action"
    assert ids(enemies(twin, twin.model("A1"))) == ["B1"]
    assert ids(enemies(game, a1)) == ["B1", "B2"]
    saved: WireGame = restore(json.loads(json.dumps(twin.to_json())))
    assert ids(enemies(saved, saved.model("A1"))) == ["B1"]
    game.model("B1").x = -1.0  # not deployed
    assert ids(enemies(game, a1)) == ["B2"]


def test_r6_7_a_hijacked_model_fights_for_its_controller_in_its_activation_only() -> None:
    """Hijacked (R6.7, notes A39), a model is of its controller's side while the activation it
    took runs: its squad are its enemies then, and its own again once it ends."""
    game = scenario({"A1": (5.0, 5.0), "A2": (7.0, 5.0), "B1": (5.0, 15.0)})
    a2 = game.model("A2")
    a2.hijacked_by, a2.hijack_at = 1, a2.activations + 1
    assert side_of(a2) == 0 and ids(enemies(game, a2)) == ["B1"]
    a2.start_activation(1)
    assert side_of(a2) == 1 and hostile_to(game.model("A1"), a2)
    assert ids(enemies(game, a2)) == ["A1"] and ids(friends(game, a2)) == ["B1"]
    a2.end_activation()
    assert side_of(a2) == 0 and ids(enemies(game, a2)) == ["B1"]


def test_i8_1_a_coworker_marked_hostile_is_everyones_enemy() -> None:
    """A Coworker marked Hostile treats every other model as an enemy, and every model it
    (I8.1); one not marked is nobody's enemy but the squads' and Engages nobody (notes A42)."""
    game = scenario({"A1": (5.0, 5.0), "B1": (5.0, 15.0)}, coworkers=((CLERK, (5.0, 6.2)),))
    c1, a1 = game.model("C1"), game.model("A1")
    assert engaged_with(game, a1) == [] and engaged_with(game, c1) == []
    c1.marked = True
    assert ids(enemies(game, a1)) == ["B1", "C1"] and ids(engaged_with(game, a1)) == ["C1"]
    assert ids(enemies(game, c1)) == ["A1", "B1"] and friends(game, c1) == []


def test_c4_5_engagement_follows_a_model_moved_wounded_removed_or_spawned() -> None:
    """Engaged within 1" (C4.5): a model that moves away, is taken Out of Action or arrives
    is counted at once; a wound changes nothing of it; a clone and a save keep their own."""
    game = scenario(
        {"A1": (5.0, 5.0), "B1": (5.0, 5.0 + TOUCH + 0.5), "B2": (5.0 + TOUCH + 0.9, 5.0)},
        hostiles="scrapers",
    )
    a1 = game.model("A1")
    assert ids(engaged_with(game, a1)) == ["B1", "B2"] and ids(threats(game, a1)) == ["B1", "B2"]
    twin = game.clone()
    twin.model("B2").x += 0.2  # 1.1" away
    assert ids(engaged_with(twin, twin.model("A1"))) == ["B1"]
    assert ids(engaged_with(game, a1)) == ["B1", "B2"]
    game.model("B1").health -= 3
    assert ids(engaged_with(game, a1)) == ["B1", "B2"]
    game.model("B1").removed = "Out of Action"
    assert ids(engaged_with(game, a1)) == ["B2"]
    saved: WireGame = restore(json.loads(json.dumps(game.to_json())))
    assert ids(engaged_with(saved, saved.model("A1"))) == ["B2"]
    unit = CATALOG.hostiles.faction("scrapers").unit("Gutter Runner")
    runner = place_hostile(game, unit, "G1", (3.0, 3.0))
    assert runner is not None and ids(engaged_with(game, a1)) == ["B2"]
    runner.x, runner.y = 5.0 - TOUCH - 0.3, 5.0
    assert ids(engaged_with(game, a1)) == ["B2", runner.id]
    assert ids(engaged_with(saved, saved.model("A1"))) == ["B2"]


def test_c4_14_a_shot_reads_its_range_by_the_marks_it_is_compared_with() -> None:
    """A shot's range is read only against its weapon's range (C4.14) and the "beyond" of a
    range special (R3.3 Pistol, R3.10 Scope): a shot's context holds the least of those at or
    above the distance, one context for every distance between two marks."""
    pistol = Combatant(weapon=CATALOG.ranged_weapon("Pistol"))
    scoped = replace(pistol, gear=(CATALOG.gear("Scope"),))
    assert [range_band(pistol, d, CATALOG) for d in (-0.2, 0.0, 5.9, 6.0, 6.01, 35.0)] == [
        6.0,
        6.0,
        6.0,
        6.0,
        36.0,
        36.0,
    ]
    assert [range_band(scoped, d, CATALOG) for d in (6.5, 12.0, 12.5)] == [12.0, 12.0, 36.0]
    assert range_band(pistol, 36.5, CATALOG) == 36.5  # out of range: refused as it is
    contexts = []
    for far in (6.3, 11.8, 5.9):
        game = scenario({"B2": (10.0, 4.0), "A4": (10.0, 4.0 + TOUCH + far), **AWAY_B})
        contexts.append(Attack("B2", "A4", "pistol", "ranged").context(game))
    assert contexts[0] == contexts[1] != contexts[2]
    assert [c.range_inches for c in contexts] == [36.0, 36.0, 6.0]


def test_r3_3_pistol_minus_one_beyond_six_inches_read_by_the_band() -> None:
    """The Pistol's -1 DT beyond 6" (R3.3) holds at 6.2", and not at 5.8"."""
    for far, beyond in ((6.2, True), (5.8, False)):
        placed = {"B2": (10.0, 4.0), "A4": (10.0, 4.0 + TOUCH + far), **AWAY_B}
        game = scenario(placed, script("attack", 2, 2, "defense", 3, 3), act="B2")
        game.apply("shoot B2 A4 pistol")
        line = [e for e in events(game, "resolution") if e.rule == "C1.10"][-1].data["text"]
        assert ('Pistol beyond 6"' in line) is beyond
        assert dice_left(game) == []


def test_a19_engagement_is_counted_only_for_a_special_that_reads_it() -> None:
    """Engaged with two enemies, the Zealot fights at +1 DT (notes A19), so its side of an
    attack counts them; a Boss Engaged with the same two has no such special, and its side
    of the attack is the same whether it is Engaged with one or two."""
    placed = {
        "A1": (5.0, 5.0),
        "A3": (12.0, 5.0),
        "B4": (5.0, 5.0 + TOUCH),
        "B5": (5.0 + TOUCH, 5.0),
        "B2": (12.0, 5.0 + TOUCH),
        "B3": (12.0 + TOUCH, 5.0),
    }
    game = scenario(placed)
    boss = Attack("A1", "B4", "unarmed", "melee").context(game).attacker
    zealot = Attack("A3", "B2", "unarmed", "melee").context(game).attacker
    assert not boss.engaged_with_2 and zealot.engaged_with_2
    game.model("B5").removed = game.model("B3").removed = "Out of Action"
    assert Attack("A1", "B4", "unarmed", "melee").context(game).attacker == boss
    assert not Attack("A3", "B2", "unarmed", "melee").context(game).attacker.engaged_with_2
