"""What may attack a Ghost: Banish and Rock Salt (R:1225, R:1251), Blessed models (R:116) and
the Exorcist's Man of Faith and Sermon (R:403), each with scripted dice on forces written by
hand."""

from __future__ import annotations

from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    model,
    options,
    rect,
    refused,
    snapshot,
)
from tests.rulesets.strange_aeons.rulebook import agent, book, ghost
from tests.rulesets.strange_aeons.test_rulebook_lurkers import rules

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.promotion import load_promotion
from skirmish.rulesets.strange_aeons.lists.random_lists import ListFilter, random_team
from skirmish.rulesets.strange_aeons.model import MAJOR_INJURY
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]  # the ruleset, a fixture

SALT_ID = "shotgun+rock_salt"
ROCK_SALT = {
    SALT_ID: {
        "id": SALT_ID,
        "name": "Shotgun (Rock Salt)",
        "kind": "ranged",
        "damage": 0,
        "range": 8.0,
        "rate": 1,
        "specials": ["banish"],
        "harmless": True,
    }
}
"""A Shotgun loaded with Rock Salt: 0 Damage, Banish (R:1251)."""
BANISH = "Weapon special rules: Banish (R:1225; notes §6 items 56, 60)"


def salted(target: dict[str, Any], dice: list[tuple[str, int]], **kwargs: Any) -> Any:
    """T1 with Rock Salt 4" from ``target`` (L1), L2 far off; T1 nominated."""
    game = book(
        agent("T1", weapons=["unarmed", SALT_ID]),
        target,
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (40.0, 30.0)},
        weapons=ROCK_SALT,
        dice=dice,
        **kwargs,
    )
    game.apply("nominate T1")
    return game


def away(target: dict[str, Any], left: int, board: Any = "open", **state: Any) -> Any:
    """L1 (``target``) Banished from zone ``left`` and due back at the next Turn, the
    Threshold's Turn ending, L2 and L3 far off, on ``board``; ``state`` as the game holds
    it."""
    game = book(
        agent("T1"),
        target,
        agent("L2"),
        agent("L3"),
        placed={
            "T1": (10.0, 10.0),
            "L1": {"pos": (14.0, 10.0), "removed": "banished"},
            "L2": (40.0, 30.0),
            "L3": (40.0, 28.0),
        },
        board=board,
    )
    game.state.banished = (("L1", 2, left),)
    for key, value in state.items():
        setattr(game.state, key, value)
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    return game


# -- Banish and Rock Salt (R:1225, R:1251) -----------------------------------------------------


def test_sa_banish_rock_salt_banishes_a_ghost_for_1d3_turns() -> None:
    """R:1225: a hit Banishes the Ghost for 1D3 Turns, each a Game Round (item 56)."""
    game = salted(
        ghost("L1", abilities=["grave_bound"]), script("to-hit", 5, "banish", 3, "resolve", 6)
    )
    game.state.graves = (("L1", 15.0, 10.0),)
    assert "shoot T1 L1 shotgun+rock_salt" in options(game)
    game.apply("shoot T1 L1 shotgun+rock_salt")
    assert model(game, "L1").removed == "banished"
    assert game.state.banished == (("L1", 5, 0),)  # Turn 1 and two rounds: Turn 5
    banished = events(game, "banished")[0]
    assert (banished.rule, banished.data["turns"]) == (BANISH, 2)
    assert not events(game, "wound")
    assert not dice_left(game)


def test_sa_banish_rock_salt_deals_no_damage_to_other_models() -> None:
    """R:1251: Rock Salt's Damage is 0: a hit on a model not a Ghost rolls nothing to wound."""
    game = salted(agent("L1"), script("to-hit", 5))
    game.apply("shoot T1 L1 shotgun+rock_salt")
    assert model(game, "L1").removed is None
    assert [e.models for e in events(game, "harmless-hit")] == [("L1",)]
    assert not events(game, "banished")
    assert not dice_left(game)


def test_sa_banish_no_other_weapon_targets_a_ghost() -> None:
    """R:116, notes §6 item 60: the Banish weapon alone may target the Ghost."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_22", SALT_ID]),
        ghost("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        weapons=ROCK_SALT,
    )
    game.apply("nominate T1")
    assert [o for o in options(game) if o.startswith("shoot ")] == ["shoot T1 L1 shotgun+rock_salt"]
    refused(game, "shoot T1 L1 handgun_22", "L1 is a Ghost: no Shooting or Close Combat attack")


def test_sa_banish_a_grave_bound_ghost_returns_at_its_grave() -> None:
    """R:1225: a Grave-bound spirit returns at its grave, where its player places it."""
    game = away(ghost("L1", abilities=["grave_bound"]), 0, graves=(("L1", 20.0, 10.0),))
    assert game.decision.kind == "return" and game.decision.player == 1
    before = snapshot(game)
    refused(game, "return L1 30,10", "L1 comes back in base contact with its Grave Marker")
    assert snapshot(game) == before
    game.apply(f"return L1 {20.0 + TOUCH:.2f},10")
    assert model(game, "L1").removed is None
    assert model(game, "L1").pos == (round(20.0 + TOUCH, 2), 10.0)
    assert game.state.banished == ()
    assert events(game, "returned")[0].rule == BANISH


def test_r205_a_ghost_back_from_banishment_within_5_is_tested_at_once() -> None:
    """R:205, R:210: the Agent 3" from its Grave Marker tests for the Fear Ghost as it comes
    back, before the Lurkers nominate."""
    game = away(
        ghost("L1", abilities=["grave_bound"], skills=["fear"]), 0, graves=(("L1", 14.0, 10.0),)
    )
    game.dice = ScriptedDice(script("resolve", 4))
    game.apply(f"return L1 {14.0 + TOUCH:.2f},10")
    assert kinds(game)[-2:] == ["returned", "resolve"]
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T1",),
        {"situation": "fear:L1", "need": 4, "passed": True},
    )
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_sa_banish_no_room_at_its_grave_and_it_waits_a_turn() -> None:
    """R:1225: a Grave-bound Ghost with no free spot beside its grave waits for the next Turn."""
    walled = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(17, 7, 23, 13)}
    )
    game = away(
        ghost("L1", abilities=["grave_bound"]), 0, graves=(("L1", 20.0, 10.0),), board=walled
    )
    assert events(game, "no-room")[0].rule == BANISH
    assert game.state.banished == (("L1", 3, 0),)
    assert model(game, "L1").removed == "banished"


def test_sa_banish_a_lost_soul_returns_in_another_zone() -> None:
    """R:1225: a Lost Soul is placed in any zone but the one it was Banished in."""
    game = away(ghost("L1", abilities=["lost_soul"]), 1)
    refused(game, "return L1 3,3", "L1 comes back in any zone but zone 1")
    game.apply("return L1 30,20")
    assert model(game, "L1").pos == (30.0, 20.0)


def test_sa_banish_a_ghost_dispelled_while_away_never_returns() -> None:
    """R:1225, R:720: its Grave Marker purified meanwhile, the Ghost stays dispelled."""
    game = away(ghost("L1", abilities=["grave_bound"]), 0, banished=(("L1", 4, 0),))
    model(game, "L1").removed = "dispelled"
    apply_all(game, "nominate L2", "pass L2", "pass L2", "nominate T1", "pass T1", "pass T1")
    assert game.state.banished == ()
    assert not events(game, "returned")


def test_sa_banish_the_game_goes_on_while_a_banished_ghost_is_away() -> None:
    """R:1225: a Banished Ghost comes back, so its side still stands while it is away."""
    game = book(
        agent("T1", weapons=["unarmed", SALT_ID]),
        ghost("L1", abilities=["lost_soul"]),
        agent("L2", wounds=1),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": {"pos": (10.0, 11.0)}},
        weapons=ROCK_SALT,
        dice=script("to-hit", 5, "banish", 1),
    )
    game.apply("nominate T1")
    model(game, "L2").removed = "Major Injury"
    game.apply("shoot T1 L1 shotgun+rock_salt")
    game.apply("pass T1")
    assert not game.is_over


def test_sa_banish_rock_salt_is_played_and_random_teams_load_it(rules: StrangeAeons) -> None:
    """R:1251: Rock Salt is played; random teams now and then load a Shotgun with it."""
    played = load_played()
    assert playable(rules.book, played, rules.book.items["rock_salt"])
    only = ListFilter(lambda e: playable(rules.book, played, e))
    promotion = load_promotion()
    salted_teams = [
        seed
        for seed in range(60)
        if any(
            i.id == "rock_salt"
            for op in random_team(rules.book, promotion, seed, only=only).operatives
            for i in op.gear
        )
    ]
    assert salted_teams


def test_sa_banish_the_heuristic_player_shoots_a_ghost_with_rock_salt() -> None:
    """R:1225: the heuristic player values Banishing a Ghost over waiting."""
    game = salted(ghost("L1"), [])
    cands = [Action.parse(o) for o in options(game)]
    best = max(zip(ai.score_actions(game, cands), cands, strict=True), key=lambda sc: sc[0])
    assert best[1].to_text() == "shoot T1 L1 shotgun+rock_salt"


# -- Blessed: the Exorcist's Man of Faith (R:116, R:403) ---------------------------------------


def faithful(dice: list[tuple[str, int]]) -> Any:
    """The Exorcist T1, a Man of Faith, 4" from the Ghost L1 (Con 6, 2 Attacks); T1
    nominated."""
    game = book(
        agent("T1", abilities=["man_of_faith"]),
        ghost("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=dice,
    )
    game.apply("nominate T1")
    return game


def test_sa_man_of_faith_a_blessed_model_charges_and_fights_a_ghost() -> None:
    """R:403, R:116: Blessed in close combat, the Exorcist Charges a Ghost, which fights
    back, and wounds it with its figures in parentheses."""
    game = faithful(
        script(
            "close-combat", 5, 2,  # T1: 5 + 1 = 6
            "close-combat", 3, 2,  # L1 fights back: 3 + 1 = 4
            "to-wound", 6, 1,  # 6 + 1 against Con 6: a Wound
            "injury", 6, 6,
        )
    )  # fmt: skip
    assert "charge T1 L1" in options(game)
    apply_all(game, "charge T1 L1", "wound T1")
    assert events(game, "combat-totals")[0].data["totals"] == [6, 4]
    assert model(game, "L1").removed == "Major Injury"
    assert not dice_left(game)


def test_sa_man_of_faith_is_blessed_in_close_combat_only() -> None:
    """R:403: Man of Faith Blesses the Exorcist in close combat, not his shots."""
    game = book(
        agent("T1", abilities=["man_of_faith"], weapons=["unarmed", "handgun_22"]),
        ghost("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
    )
    game.apply("nominate T1")
    before = snapshot(game)
    refused(game, "shoot T1 L1 handgun_22", "L1 is a Ghost: no Shooting or Close Combat attack")
    assert snapshot(game) == before


def test_sa_man_of_faith_the_heuristic_player_weighs_a_charge_on_a_ghost() -> None:
    """R:403: a Blessed model's Charge on a Ghost is worth something, another's nothing."""
    game = faithful([])
    assert ai.charge_score(game, model(game, "T1"), model(game, "L1")) > 0.0


# -- Sermon (R:403) ------------------------------------------------------------------------------


def preaching(dice: list[tuple[str, int]], **state: Any) -> Any:
    """The Exorcist T1 with his Holy Book: the Ghost L1 8" away, the Daemon L2 9" away, the
    Grave Marker of L3 (a Ghost over 10" away) 7" away; ``state`` as the game holds it; T1
    nominated."""
    game = book(
        agent("T1", abilities=["sermon"], equipment=["holy_book"]),
        ghost("L1"),
        agent("L2", types=["daemon"]),
        ghost("L3", abilities=["grave_bound"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0), "L2": (10.0, 19.0), "L3": (2.0, 2.0)},
        dice=dice,
    )
    game.state.graves = (("L3", 10.0, 2.0),)
    for key, value in state.items():
        setattr(game.state, key, value)
    game.apply("nominate T1")
    return game


def test_sa_sermon_reads_the_holy_book_to_10_inches_and_purifies_grave_markers() -> None:
    """R:403, R:472: the Holy Book acts to 10"; the Grave Markers there are purified."""
    game = preaching(script("resolve", 3, "insanity", 6))
    assert "sermon T1" in options(game)
    game.apply("sermon T1")
    assert model(game, "L1").removed == "dispelled"  # 8" away
    assert model(game, "L3").removed == "dispelled"  # its Grave Marker 7" away
    assert game.state.graves == ()
    assert [e.models for e in events(game, "sermon-grave")] == [("T1", "L3")]
    assert [e.models for e in events(game, "resolve")] == [("L2",)]
    assert events(game, "sermon")[0].rule == "Exorcist: Sermon (R:403)"
    assert not dice_left(game)


def test_sa_sermon_is_the_holy_books_one_use() -> None:
    """R:403: the Sermon counts as the Holy Book's one use a game, both ways."""
    game = preaching(script("resolve", 6))
    game.apply("sermon T1")
    assert "holy-book T1" not in options(game)
    refused(game, "holy-book T1", "T1 has read its Holy Book: once a game (R:472)")
    read = preaching([], gear_used=(("T1", "holy_book"),))
    before = snapshot(read)
    refused(read, "sermon T1", "T1 has read its Holy Book: once a game (R:472): the Sermon")
    assert snapshot(read) == before


def test_sa_sermon_refused_with_nothing_within_10_inches() -> None:
    """R:403: as the Holy Book, the Sermon is offered only where it would do something."""
    game = book(
        agent("T1", abilities=["sermon"], equipment=["holy_book"]),
        ghost("L1"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
    )
    game.apply("nominate T1")
    assert "sermon T1" not in options(game)
    refused(game, "sermon T1", 'no Normal Daemon, Ghost nor Grave Marker is within 10" of T1')


def test_sa_sermon_the_exorcist_is_played(rules: StrangeAeons) -> None:
    """R:403: the Exorcist, Man of Faith and Sermon with his kit, plays."""
    assert playable(rules.book, load_played(), rules.book.agents["exorcist"])


# -- Icy Touch (R:740) ---------------------------------------------------------------------------


def spectre(**kwargs: Any) -> Any:
    """The Spectre L1 with Icy Touch, 4" from T1; ``kwargs`` as :func:`book` takes them."""
    return book(
        agent("T1"),
        ghost("L1", abilities=["icy_touch"]),
        placed=kwargs.pop("placed", {"T1": (10.0, 10.0), "L1": (14.0, 10.0)}),
        **kwargs,
    )


def test_sa_icy_touch_a_manifested_spectre_charges_and_fights() -> None:
    """R:740: an Action gives the Spectre a physical form: no Ghost for combat, it Charges."""
    game = spectre(
        active=1,
        dice=script(
            "close-combat", 5, 2,  # L1: 5 + 1 = 6
            "close-combat", 3, 2,  # T1: 3 + 1 = 4: L1 wins by 2
            "to-wound", 6, 6,
            "injury", 6, 6,
        ),
    )  # fmt: skip
    game.apply("nominate L1")
    assert "charge L1 T1" not in options(game)
    game.apply("icy-touch L1")
    assert game.state.manifest == ("L1",)
    assert events(game, "manifest")[0].rule == "Spectre: Icy Touch (R:740)"
    assert "charge L1 T1" in options(game)
    apply_all(game, "charge L1 T1", "wound L1")
    assert events(game, "combat-totals")[0].data["totals"] == [6, 4]
    assert model(game, "T1").removed == "Major Injury"
    assert not dice_left(game)


def test_sa_icy_touch_once_until_it_fades() -> None:
    """R:740: a Spectre with a physical form has none more to take."""
    game = spectre(active=1)
    apply_all(game, "nominate L1", "icy-touch L1")
    before = snapshot(game)
    refused(game, "icy-touch L1", "L1 has a physical form already")
    assert snapshot(game) == before


def test_sa_icy_touch_fades_as_its_next_turn_begins_and_leaves_the_combat() -> None:
    """R:740, R:116: it fades as its side's Turn begins; a Ghost again, the combat it was in
    ends: no dice are rolled for it."""
    game = spectre(placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)}, start="nominate")
    game.state.manifest = ("L1",)
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert game.state.manifest == ()
    assert events(game, "fade")[0].models == ("L1",)
    assert not events(game, "combat-totals")
    assert game.decision.kind == "nominate" and game.decision.player == 1
    assert not dice_left(game)


def test_sa_icy_touch_the_heuristic_player_manifests_near_an_enemy() -> None:
    """R:740: the Spectre takes a physical form with an enemy within a Move."""
    game = spectre(active=1)
    game.apply("nominate L1")
    cands = [Action.parse(o) for o in options(game)]
    best = max(zip(ai.score_actions(game, cands), cands, strict=True), key=lambda sc: sc[0])
    assert best[1].to_text() == "icy-touch L1"


def test_sa_icy_touch_the_spectre_is_played(rules: StrangeAeons) -> None:
    """R:736-740: the Spectre, Icy Touch and Lost Soul, plays."""
    assert playable(rules.book, load_played(), rules.book.lurkers["spectre"])


# -- Possessor (R:725) ---------------------------------------------------------------------------


def mojo(dice: list[tuple[str, int]], active: int = 1, **state: Any) -> Any:
    """The Mojo L1 (M 6, a Lost Soul with Possessor) 4" from the Human T1; T2, T3, L2 and L3
    far off; ``state`` as the game holds it, T1 possessed by L1 if ``possessed`` says so."""

    def before(game: Any) -> None:
        for key, value in state.items():
            setattr(game.state, key, value)
        if game.state.possessed:
            model(game, "T1").side, model(game, "L1").removed = 1, "possessing"

    return book(
        agent("T1"),
        agent("T2"),
        agent("T3"),
        ghost("L1", move=6, abilities=["possessor", "lost_soul"]),
        agent("L2"),
        agent("L3"),
        placed={
            "T1": (14.0, 10.0),
            "T2": (40.0, 4.0),
            "T3": (40.0, 6.0),
            "L1": (10.0, 10.0),
            "L2": (40.0, 30.0),
            "L3": (40.0, 28.0),
        },
        active=active,
        dice=dice,
        before=before,
    )


def test_sa_possessor_a_human_moved_through_fails_and_is_possessed() -> None:
    """R:725: a Human the Mojo Moves through tests Resolve; failing, it is possessed for
    1D3 Lurker Turns, a Lurker, and the Mojo leaves the table."""
    game = mojo(script("resolve", 3, "possession", 3))
    apply_all(game, "nominate L1", "move L1 16,10")
    assert model(game, "T1").side == 1
    assert model(game, "L1").removed == "possessing"
    assert game.state.possessed == (("T1", "L1", 5),)  # Turn 1 and two Lurker Turns after
    test = events(game, "possessor")[0]
    assert (test.rule, test.data["passed"]) == ("Mojo: Possessor (R:725)", False)
    assert not dice_left(game)


def test_sa_possessor_a_human_passing_stays_itself() -> None:
    """R:725: a Human that passes its Resolve test is not possessed."""
    game = mojo(script("resolve", 4))
    apply_all(game, "nominate L1", "move L1 16,10")
    assert model(game, "T1").side == 0 and model(game, "L1").removed is None
    assert not dice_left(game)


def test_sa_possessor_the_possessed_acts_as_a_lurker_until_its_time_is_up() -> None:
    """R:725, notes §6 item 56: the Lurker player uses it in its Lurker Turns; then it is the
    Threshold's again and the Mojo is dispelled."""
    game = mojo([], possessed=(("T1", "L1", 2),))
    assert "nominate T1" in options(game)
    apply_all(game, "nominate T1", "pass T1", "pass T1", "nominate T2", "pass T2", "pass T2")
    assert model(game, "T1").side == 0
    assert model(game, "L1").removed == "dispelled"
    assert game.state.possessed == ()
    assert events(game, "possession-over")[0].models == ("T1", "L1")


def test_sa_possessor_removing_the_possessed_model_dispels_the_mojo_at_once_r725() -> None:
    """R:725: the possessed model removed from play, the Mojo is dispelled then and there,
    not as the next Turn begins; the model falls as the Threshold's."""
    game = mojo([], possessed=(("T1", "L1", 9),))
    game.apply("nominate L2")
    remove(game, model(game, "T1"), MAJOR_INJURY, "a test")
    assert model(game, "L1").removed == "dispelled"
    assert (model(game, "T1").side, game.state.possessed) == (0, ())
    assert game.state.active == 1  # still the Lurkers' Turn


def test_sa_possessor_the_mojos_remains_purified_free_its_model_at_once_r725() -> None:
    """R:725: the Mojo may be dispelled by its remains while it possesses a model, and the
    model is the Threshold's from then on, not from the next Turn: not nominated as the Turn
    began, it takes no Action in it."""
    game = mojo(
        [], active=0, possessed=(("T1", "L1", 9),), remains=(("L1", 3),), purifying=(("L1", 1),)
    )
    apply_all(game, "nominate T2", "purify-remains T2 L1")
    assert model(game, "L1").removed == "dispelled"
    assert (model(game, "T1").side, game.state.possessed) == (0, ())
    assert game.state.active == 0  # T2 has an Action left in this Turn; T1 none
    assert options(game) and not [o for o in options(game) if " T1" in o]


def test_sa_possessor_the_heuristic_mojo_seeks_humans() -> None:
    """R:725: the Mojo's Move through a Human is worth more than one past none."""
    game = mojo([])
    game.apply("nominate L1")
    through, past = Action.at("move", ("L1",), 16, 10), Action.at("move", ("L1",), 10, 14)
    scores = ai.score_actions(game, [through, past])
    assert scores[0] > scores[1]


def test_sa_possessor_the_mojo_is_played(rules: StrangeAeons) -> None:
    """R:721-725: the Mojo, Possessor and Lost Soul, plays."""
    assert playable(rules.book, load_played(), rules.book.lurkers["mojo"])
