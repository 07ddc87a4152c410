"""The Lurker upgrades (R:567-570, R:617, R:663-667, R:772), each with scripted dice on forces
written by hand or read from a list, named after the upgrade and the rulebook line it plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.dice_script import script, scripted
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
)
from tests.rulesets.strange_aeons.rulebook import agent, book, commanding, forces
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, kindred, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.catalog import Profile
from skirmish.rulesets.strange_aeons.forces import force_setup, item_weapons, load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import read_list
from skirmish.rulesets.strange_aeons.lists.promotion import load_promotion
from skirmish.rulesets.strange_aeons.lists.random_lists import (
    ListFilter,
    random_lurkers,
    random_team,
)
from skirmish.rulesets.strange_aeons.mutations import load_mutations, mutate
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]


def bought(rules: StrangeAeons, tmp_path: Path, entry: str, *faces: str | int) -> list[Profile]:
    """The models a Lurker list of ``entry`` makes (its legality aside)."""
    setup = setup_of(rules, tmp_path, entry, *faces)
    return [Profile.model_validate(m) for m in setup["models"]]


def setup_of(rules: StrangeAeons, tmp_path: Path, entry: str, *faces: str | int) -> dict[str, Any]:
    """The setup of a Lurker list of ``entry`` (its legality aside), rolled with ``faces``."""
    force = read_list(lurker_list(tmp_path, entry), rules.book)
    return force_setup(rules.book, force, 1, "test", scripted(*faces))


# -- The Deep One's Ichthyic Adaptations (R:567-570) -------------------------------------------


def test_sa_barnacle_encrusted_1_more_armour_with_no_movement_penalty_r568(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    entry = '[[models]]\nprofile = "Deep One"\nupgrades = ["Barnacle Encrusted"]\n'
    (deep_one,) = bought(rules, tmp_path, entry)
    # Con 7/8: 7 and 1 point of hide, and 1 of barnacles; Movement 1D3+3 as printed.
    assert (deep_one.con, deep_one.armour, deep_one.move, deep_one.move_die) == (7, 2, 3, 3)


def test_sa_barnacle_encrusted_a_damage_total_of_8_no_longer_wounds_r568() -> None:
    crusted = agent("L1", con=7, armour=2, types=["beast"])
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        crusted,
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=script("to-hit", 5, "to-wound", 6),  # 6 + 2 = 8 against Con 7 + 2
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "no-wound")[0].data == {"total": 8, "con": 9}
    assert model(game, "L1").wounds == 1
    assert not dice_left(game)


def test_sa_poisonous_barbs_the_deep_ones_claws_gain_poison_r570(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    entry = (
        '[[models]]\nprofile = "Deep One"\nupgrades = ["Poisonous Barbs"]\n\n'
        '[[models]]\nname = "Plain"\nprofile = "Deep One"\n'
    )
    setup = setup_of(rules, tmp_path, entry)
    barbed, plain = (m["weapons"][0] for m in setup["models"])
    weapons = {w["id"]: w for w in setup["weapons"]}
    claws = weapons[barbed]
    assert (claws["id"], claws["specials"], claws["ap"], claws["damage"]) == (
        "deep_one.claws.poisonous_barbs",
        ["power", "poison"],
        3,
        3,
    )
    assert weapons[plain]["specials"] == ["power"]


# -- The Swarm's Queen (R:617) -----------------------------------------------------------------


def queen(model_id: str) -> dict[str, Any]:
    """A Swarm upgraded to Queen: Command over Swarms only (R:617)."""
    return swarm(model_id, skills=["command"], command_kinds=["swarm"])


def swarm(model_id: str, **fields: Any) -> dict[str, Any]:
    return agent(model_id, types=["beast"], kind="swarm", **fields)


def test_sa_queen_a_swarm_with_command_nominates_only_swarms_r617() -> None:
    game = commanding(queen("L1"), swarm("L2"), agent("L3"))
    assert options(game) == ["nominate L2", "done"]
    refused(game, "nominate L3", "L3 is no Swarm: the Command of L1 nominates only them (R:617)")
    game.apply("nominate L2")
    assert not dice_left(game)


def test_sa_queen_the_swarm_bought_so_has_command_limited_to_swarms_r617(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    entry = '[[models]]\nprofile = "Swarm"\nupgrades = ["Queen"]\n'
    (first,) = bought(rules, tmp_path, entry, "swarm", 1)  # 1D3 models: a 1 or 2 is 1
    assert (first.skills, first.command_kinds) == (("command",), ("swarm",))


# -- The Eldritch Powers of the Godling and the God-Spawn (R:660-667) --------------------------


def test_sa_winged_3_more_inches_of_movement_r663(rules: StrangeAeons, tmp_path: Path) -> None:
    entry = '[[models]]\nprofile = "God-Spawn"\nupgrades = ["Winged"]\n'
    (spawn,) = bought(rules, tmp_path, entry)
    assert (spawn.move, spawn.abilities) == (8, ("violator", "winged"))


def test_sa_winged_terrain_costs_it_no_movement_and_it_flies_over_impassable_r663() -> None:
    rubble = {"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)}
    wall = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(16, 0, 17, 24)}
    game = book(
        agent("T1"),
        agent("L1", move=8, abilities=["winged"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        board=board(rubble, wall),
        active=1,
    )
    game.apply("nominate L1")
    refused(game, "move L1 16.5,10", "the base would overlap the wall (impassable)")
    game.apply("move L1 15,10")  # 5" across the rubble, which costs others 2"
    assert model(game, "L1").pos == (15.0, 10.0)
    game.apply("move L1 18,10")  # over the wall (R:168)
    assert model(game, "L1").pos == (18.0, 10.0)
    assert not dice_left(game)


# -- The Kindred's Inbred (R:772, R:786) --------------------------------------------------------


def test_sa_inbred_a_second_mutation_a_face_rolled_again_r772() -> None:
    inbred = {**kindred("L1"), "abilities": ["chosen_of_yog_sothoth", "inbred"]}
    side = forces(inbred, kindred("L2"))["lurkers"]
    lurkers = mutate(load_mutations(), side, scripted("mutation", 3, 3, 6, 2))
    twice, once = lurkers["models"]
    assert lurkers["mutations"] == [["L1", 3], ["L1", 6], ["L2", 2]]
    # Goat Legs (+2 M, R:779) and Massive Build (-1 M, +1 Con, +1 W, R:781).
    assert (twice["move"], twice["con"], twice["wounds"]) == (6, 7, 2)
    assert once["abilities"] == ["chosen_of_yog_sothoth", "partially_visible"]


def test_sa_inbred_the_kindred_bought_so_rolls_two_mutations_at_set_up(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    entry = (
        '[[models]]\nprofile = "The Kindred"\nupgrades = ["Inbred"]\ncount = 3\n\n'
        '[[models]]\nprofile = "Cultist"\n'
    )
    game = rules.new_game({"threshold": TEAM, "lurkers": lurker_list(tmp_path, entry)}, 1)
    rolled = [e.models[0] for e in game.log if e.kind == "mutation"]
    assert rolled == ["L1", "L1", "L2", "L2", "L3", "L3"]


# -- Random lists buy upgrades (R:517) ----------------------------------------------------------


def test_sa_upgrades_random_lists_buy_those_played(rules: StrangeAeons) -> None:
    played = load_played()
    only = ListFilter(lambda entry: playable(rules.book, played, entry), mobs=False)
    teams = [random_team(rules.book, load_promotion(), seed, only=only) for seed in range(60)]
    bought = {
        u.id
        for seed, team in enumerate(teams)
        for pick in random_lurkers(rules.book, team, seed, only=only).picks
        for u in pick.upgrades
    }
    assert bought and bought <= played.abilities


# -- Shots of no Damage: the Net Gun (R:1334-1337), Spit Goo (R:664) and Fish Sauce (R:569) -----


def own_weapon(rules: StrangeAeons, tmp_path: Path, entry: str, weapon: str) -> dict[str, Any]:
    """The weapon ``weapon`` of a Lurker list of ``entry``, as the game stores it."""
    return next(w for w in setup_of(rules, tmp_path, entry)["weapons"] if w["id"] == weapon)


def test_sa_net_gun_a_hit_ensnares_with_no_roll_to_wound_r1337(rules: StrangeAeons) -> None:
    (net_gun,) = item_weapons(rules.book.weapons["net_gun"])
    assert (net_gun.harmless, net_gun.shots, net_gun.specials) == (True, 3, ("ensnare",))
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "net_gun"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        weapons={"net_gun": net_gun.model_dump(mode="json")},
        dice=script("to-hit", 4),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 net_gun")
    spent, hit = events(game, "shot-spent")[0], events(game, "harmless-hit")[0]
    assert (spent.rule, spent.data) == (
        "Net Gun: three shots a game (R:1334)",
        {
            "weapon": "net_gun",
            "left": 2,
        },
    )
    assert (hit.rule, hit.models) == (
        "Weapons: a Damage of none or 0 deals none (R:1337, R:664, R:1295)",
        ("L1",),
    )
    assert game.state.ensnared == ("L1",)
    assert not events(game, "no-wound") and not dice_left(game)


def test_sa_net_gun_three_shots_a_game_r1334(rules: StrangeAeons) -> None:
    (net_gun,) = item_weapons(rules.book.weapons["net_gun"])
    game = book(
        agent("T1", weapons=["unarmed", "net_gun"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        weapons={"net_gun": net_gun.model_dump(mode="json")},
    )
    game.state.shots_fired = (("T1", "net_gun"),) * 3
    game.apply("nominate T1")
    assert "shoot T1 L1 net_gun" not in options(game)
    refused(game, "shoot T1 L1 net_gun", "T1 has fired its Net Gun 3 times: no shots left (R:1334)")


def test_r1334_an_alert_shot_spends_a_net_gun_shot_and_none_is_offered_when_spent(
    rules: StrangeAeons,
) -> None:
    (net_gun,) = item_weapons(rules.book.weapons["net_gun"])
    placed = {"T1": (10.0, 10.0), "L1": (22.0, 10.0)}
    weapons = {"net_gun": net_gun.model_dump(mode="json")}
    armed = agent("L1", weapons=["unarmed", "net_gun"])
    game = book(agent("T1"), armed, placed=placed, weapons=weapons, dice=script("to-hit", 4))
    game.state.shots_fired = (("L1", "net_gun"),) * 2
    apply_all(game, "nominate T1", "move T1 13,10", "alert L1 T1 net_gun")  # 9" away
    assert events(game, "shot-spent")[0].data == {"weapon": "net_gun", "left": 0}
    assert game.state.shots_fired == (("L1", "net_gun"),) * 3
    spent = book(agent("T1"), armed, placed=placed, weapons=weapons)
    spent.state.shots_fired = (("L1", "net_gun"),) * 3
    apply_all(spent, "nominate T1", "move T1 13,10")
    assert spent.decision is not None and spent.decision.kind == "action"  # no Alert shot


def test_r1334_r285_a_net_gun_fired_beside_a_second_weapon_spends_a_shot(
    rules: StrangeAeons,
) -> None:
    (net_gun,) = item_weapons(rules.book.weapons["net_gun"])
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "handgun_45", "net_gun"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        weapons={"net_gun": net_gun.model_dump(mode="json")},
        dice=script("to-hit", 2, "to-hit", 2),  # both miss
    )
    game.state.shots_fired = (("T1", "net_gun"),) * 2
    apply_all(game, "nominate T1", "shoot-two T1 L1 handgun_45 net_gun")
    assert [e.data for e in events(game, "shot-spent")] == [{"weapon": "net_gun", "left": 0}]
    assert "shoot T1 L1 handgun_45" in options(game)
    assert not [o for o in options(game) if "net_gun" in o]
    assert not dice_left(game)


SPAWN_GOO = '[[models]]\nprofile = "God-Spawn"\nupgrades = ["Spit Goo"]\n'


def test_sa_spit_goo_a_large_blast_that_ensnares_once_a_turn_r664(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    goo = own_weapon(rules, tmp_path, SPAWN_GOO, "god_spawn.spit-goo")
    assert (goo["range"], goo["template"], goo["harmless"]) == (10.0, "L", True)
    game = book(
        agent("T1"),
        agent("L1", dex=4, weapons=["unarmed", "god_spawn.spit-goo"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        weapons={goo["id"]: goo},
        dice=script("to-hit", 4),
        active=1,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 god_spawn.spit-goo")
    assert events(game, "harmless-hit")[0].models == ("T1",)
    assert game.state.ensnared == ("T1",)
    refused(
        game,
        "shoot L1 T1 god_spawn.spit-goo",
        "L1 has fired its Spit Goo this turn: once a Turn (R:664)",
    )
    assert not dice_left(game)


DEEP_SAUCE = '[[models]]\nprofile = "Deep One"\nupgrades = ["Fish Sauce"]\n'


def sauced(rules: StrangeAeons, tmp_path: Path, dexterity: int) -> Game:
    """The Deep One L1 vomits on T1, 4" off: a hit; T1 rolls ``dexterity`` to keep its feet."""
    sauce = own_weapon(rules, tmp_path, DEEP_SAUCE, "deep_one.fish-sauce")
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "deep_one.fish-sauce"]),
        placed={"T1": (14.0, 10.0), "L1": (10.0, 10.0)},
        weapons={sauce["id"]: sauce},
        dice=script("to-hit", 5, "dexterity", dexterity),
        active=1,
    )
    apply_all(game, "nominate L1", "shoot L1 T1 deep_one.fish-sauce")
    assert not dice_left(game)
    return game


def test_sa_fish_sauce_a_failed_dexterity_test_puts_the_model_face_up_r569(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    game = sauced(rules, tmp_path, 4)  # T1 needs 5+
    test = events(game, "fish-sauce-test")[0]
    assert (test.rule, test.models, test.data) == (
        "Deep One: Fish Sauce (R:569)",
        ("T1", "L1"),
        {"need": 5, "passed": False},
    )
    assert model(game, "T1").state_name == "Face Up"
    assert not events(game, "wounded") and not events(game, "no-wound")


def test_sa_fish_sauce_a_passed_test_leaves_the_model_standing_r569(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    game = sauced(rules, tmp_path, 5)
    assert model(game, "T1").normal


# -- Swallow Whole: the Eldritch Power (R:665) and the Scrawny Ones' (R:683) ---------------------


def swallower(ability: str, *faces: str | int) -> Game:
    """L1, with ``ability``, touches T1 Face Up and T2 Face Down; T3 stands far off."""
    return book(
        agent("T1"),
        agent("T2"),
        agent("T3"),
        agent("L1", abilities=[ability]),
        placed={
            "T1": {"pos": (10.0 + TOUCH, 10.0), "state": "face-up"},
            "T2": {"pos": (10.0, 10.0 + TOUCH), "state": "face-down"},
            "T3": (30.0, 20.0),
            "L1": (10.0, 10.0),
        },
        active=1,
        start="nominate",
        dice=script(*faces),
    )


def test_sa_swallow_whole_every_enemy_face_up_or_face_down_in_base_to_base_is_dead_r665() -> None:
    game = swallower("swallow_whole", "resolve", 6)  # T3, the last of its side, tests (R:214)
    apply_all(game, "nominate L1", "swallow L1")
    gulps = events(game, "swallowed")
    assert [(e.rule, e.models) for e in gulps] == [
        ("Swallow Whole (R:665)", ("L1", "T1")),
        ("Swallow Whole (R:665)", ("L1", "T2")),
    ]
    assert (model(game, "T1").removed, model(game, "T2").removed) == ("Swallowed whole",) * 2
    assert model(game, "T3").removed is None
    assert events(game, "resolve")[0].models == ("T3",)
    assert not dice_left(game)


def test_sa_swallow_whole_the_scrawny_ones_swallow_only_the_face_down_r683() -> None:
    game = swallower("scrawny_swallow_whole")
    apply_all(game, "nominate L1", "swallow L1")
    assert [e.models for e in events(game, "swallowed")] == [("L1", "T2")]
    assert model(game, "T1").removed is None
    game.state.acted = ()
    refused(game, "swallow L1", "L1 touches no enemy Face Down: nothing to swallow (R:683)")


# -- The Stars are Right (R:667, notes §6 item 8) -----------------------------------------------


def test_sa_the_stars_are_right_three_re_rolls_a_game_r667() -> None:
    game = book(
        agent("T1"),
        agent("L1", abilities=["the_stars_are_right"], weapons=["unarmed", "handgun_45"]),
        placed={"T1": (18.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
        dice=script("to-hit", 2, 3, 4),  # misses, needing 5+
    )
    game.state.rerolls_used = ("L1", "L1")  # two spent already
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    assert options(game) == ["reroll L1 1", "keep L1"]
    game.apply("reroll L1 1")
    reroll = events(game, "reroll")[0]
    assert (reroll.rule, reroll.models) == ("Eldritch Powers: The Stars are Right (R:667)", ("L1",))
    game.apply("shoot L1 T1 handgun_45")  # the third is spent: no offer for this miss
    assert game.state.rerolls_used == ("L1",) * 3
    assert events(game, "hits")[-1].data == {"hits": 0, "need": 5}
    assert not dice_left(game)
