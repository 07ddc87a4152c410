"""What the Strange Aeons rules keep to list a model's options faster holds what they would
find anew: the rows of the offers table each profile asks, found once per profile, give every
Action and point choice the whole table gives, in random games of the introduction and of the
rulebook's scenarios with random lists; a profile changed in play asks its own rows; a clone, a
save and load and a view offer the same; a row that needs something of the game is asked when
the game has it; the most a Move covers, kept by the placement, follows a Chill, a profile
changed and a save read back; every situation a model is in, kept by the placement, follows a
Surly menace; the placement found from the model written last is every model's standing; the
lasting situations and the Actions carried from the placement before, for a
model nothing near changed, are those found anew, and so are a clone's, a loaded game's and a
view's; what an Action leaves owed is put on the stack only where it is owed; the wearers of
an Invisibility Suit, kept by the placement, follow a move, a clone, a save and load, a view,
a profile changed and a model removed or added, and so do the Swarms each side has on the
table, the Lost Souls each side may look for, the most a Move covers and every model's
profile, carried from the placement before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.rulesets.strange_aeons.rulebook import agent, book

from skirmish.engine.action import Action
from skirmish.engine.decision import PointSpec
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Profile
from skirmish.rulesets.strange_aeons.ghosts import AWAY
from skirmish.rulesets.strange_aeons.invisibility import suited, wearers
from skirmish.rulesets.strange_aeons.lost_soul import lost_souls
from skirmish.rulesets.strange_aeons.model import STANDING, AeonsModel
from skirmish.rulesets.strange_aeons.offers import OFFERS, offered
from skirmish.rulesets.strange_aeons.pace import _top, top
from skirmish.rulesets.strange_aeons.psychology import PsychologyCheck, situations
from skirmish.rulesets.strange_aeons.purifying import PURIFY
from skirmish.rulesets.strange_aeons.space import Placement, contacts, placement
from skirmish.rulesets.strange_aeons.tide import SWARM, Tides, _swarms
from skirmish.rulesets.strange_aeons.transmogrify import Shifts
from skirmish.rulesets.strange_aeons.turn import OWED, Owed, _options_reach, action_options

SETUPS: list[tuple[str, dict[str, Any] | None]] = [
    ("strange-aeons-intro", None),
    ("strange-aeons", None),
    ("strange-aeons", {"scenario": "the-bag-man", "list-seed": 1003}),
    ("strange-aeons", {"scenario": "free-for-all", "list-seed": 1078}),
    ("strange-aeons", {"scenario": "treasure-hunt", "list-seed": 1011}),
]


def _free(game: Game[Any, Any], m: AeonsModel) -> bool:
    return m.normal and not contacts(game, m)


def _whole_table(
    game: Game[Any, Any], m: AeonsModel, free: bool
) -> tuple[list[Action], list[PointSpec]]:
    """What every row of the table gives ``m``, none passed over."""
    shown = {"any"} | ({"normal"} if m.normal else set()) | ({"free"} if free else set())
    found = [x for row in OFFERS if row.when in shown for x in row.give(game, m)]
    return [x for x in found if isinstance(x, Action)], [
        x for x in found if isinstance(x, PointSpec)
    ]


def _play(
    ruleset_id: str,
    setup: dict[str, Any] | None,
    seed: int,
    check: Callable[[Game[Any, Any], AeonsModel], None],
) -> None:
    """A random game of ``seed``, ``check`` asked of every model on the table before each
    action."""
    game = find_ruleset(ruleset_id).new_game(setup, seed)
    players = [RandomPlayer(seed * 2 + 1 + side) for side in range(2)]
    while game.result is None and game.decision is not None and len(game.actions) < 1000:
        for m in game.models:
            if m.on_table:
                check(game, m)
        game.apply(players[game.decision.player].choose(game.view(game.decision.player)))


def _offers_whole(game: Game[Any, Any], m: AeonsModel) -> None:
    free = _free(game, m)
    assert offered(game, m, free) == _whole_table(game, m, free), m.id


def test_a_profile_changed_in_play_asks_its_own_rows() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)})
    t1 = game.model("T1")
    aim = next(i for i, row in enumerate(OFFERS) if "accurate" in row.skills)
    assert Action("aim", ("T1",)) not in action_options(game, t1)[0]
    t1.profile = f"{t1.profile}!+accurate"
    assert Action("aim", ("T1",)) not in action_options(game, t1)[0]  # no Rate 1 weapon
    asked = dict(catalog_of(game).offers)
    assert (aim, True) in asked[t1.profile]
    assert (aim, True) not in asked["T1"]


def test_a_clone_a_loaded_game_and_a_view_offer_the_same() -> None:
    game = find_ruleset("strange-aeons").new_game({"list-seed": 1003}, 5)
    players = [RandomPlayer(11 + side) for side in range(2)]
    for _ in range(60):
        assert game.decision is not None
        game.apply(players[game.decision.player].choose(game.view(game.decision.player)))
    loaded = restore(game.to_json())
    assert loaded.catalog is not game.catalog
    for other in (game.clone(), loaded, game.view(0)):
        for m in game.models:
            if m.on_table:
                free = _free(game, m)
                twin = other.model(m.id)
                assert offered(other, twin, free) == offered(game, m, free)
    assert catalog_of(loaded).offers.keys() <= catalog_of(game).offers.keys()


def test_a_row_that_needs_the_game_is_asked_when_the_game_has_it() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)})
    t1 = game.model("T1")
    assert offered(game, t1, True) == ([], [])
    game.state.graves = (("L1", 10.0 + t1.radius * 2, 10.0),)
    assert offered(game, t1, True) == ([Action(PURIFY, ("T1", "L1"))], [])
    # An Agent answers by itself only the rows that need nothing.
    sure = [OFFERS[i] for i, by_itself in catalog_of(game).offers["T1"] if by_itself]
    assert sure == [row for row in OFFERS if row.fits(agent_profile(game))]
    assert all(not (r.skills or r.abilities or r.gear or r.game) for r in sure)


def agent_profile(game: Game[Any, Any]) -> Profile:
    return catalog_of(game).profile("T1")


def test_the_catalog_compares_equal_whatever_it_has_found() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)})
    action_options(game, game.model("T1"))
    assert catalog_of(game).offers
    assert catalog_of(game).scenario.situations_reach > 0.0
    assert game.catalog == find_ruleset("strange-aeons").catalog_for(game.setup)


def test_the_most_a_move_covers_follows_a_chill_a_profile_changed_and_a_reload() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)})
    t1 = game.model("T1")
    assert top(game, t1) == 5.0
    game.state.chilled = (("T1", 1),)
    assert top(game, t1) == 5.0 - catalog_of(game).scenario.chill_move
    game.state.chilled = ()
    t1.profile = f"{t1.profile}!move+1"
    assert top(game, t1) == 6.0
    loaded = restore(game.to_json())
    twin = game.clone()
    assert top(loaded, loaded.model("T1")) == top(twin, twin.model("T1")) == 6.0


def test_the_situations_kept_follow_a_menace_with_the_placement_unchanged_r1149() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)})
    t1, table = game.model("T1"), placement(game)
    assert situations(game, table, t1) == ()
    game.state.surly = ("L1",)
    assert placement(game) is table
    assert situations(game, table, t1) == ("fear:L1",)
    twin = game.clone()
    assert situations(twin, placement(twin), twin.model("T1")) == ("fear:L1",)
    game.state.surly = ()
    assert situations(game, table, t1) == ()


def _carried_as_found_anew(game: Game[Any, Any], m: AeonsModel) -> None:
    fresh = Placement(game, placement(game).standing, None)  # nothing carried
    assert situations(game, placement(game), m) == situations(game, fresh, m), m.id


def _options_as_found_anew(game: Game[Any, Any], m: AeonsModel) -> None:
    """The Actions of ``m``, carried from the placement before or not, are those found anew;
    and so is how far the models stand that they look at."""
    kept = placement(game).options
    found = action_options(game, m)
    held = dict(kept)
    kept.clear()
    assert action_options(game, m) == found, m.id
    for key, (_, reach) in kept.items():
        assert held[key][1] == reach, m.id
    kept.update(held)


def _standing_as_read(game: Game[Any, Any], m: AeonsModel) -> None:
    """The placement, found from the model written last, is keyed by every model's standing
    as it reads."""
    standing = tuple(tuple(getattr(o, f) for f in STANDING) for o in game.models)
    assert placement(game).standing == standing, m.id


def _wearers_as_found(game: Game[Any, Any], m: AeonsModel) -> None:
    """The wearers kept, or carried from the placement before, are those on the table now."""
    found = tuple(i for i, o in enumerate(game.models) if o.on_table and suited(game, o))
    assert wearers(game, placement(game)) == found, m.id


def _swarms_as_found(game: Game[Any, Any], m: AeonsModel) -> None:
    """The Swarms kept, or carried from the placement before, are those on the table now."""
    table, cat = placement(game), catalog_of(game)
    for side in (0, 1):
        found = tuple(
            i
            for i, o in enumerate(game.models)
            if o.on_table and o.side == side and cat.profile(o.profile).kind == SWARM
        )
        assert _swarms(game, table, side) == found, m.id


def _lost_souls_as_found(game: Game[Any, Any], m: AeonsModel) -> None:
    """The Lost Souls kept, or carried from the placement before, are those in play now."""
    cat = catalog_of(game)
    found = [
        o
        for o in game.models
        if (o.on_table or o.removed in AWAY)
        and o.side != m.side
        and cat.profile(o.profile).can("lost_soul")
    ]
    assert lost_souls(game, m) == found, m.id


def _top_as_found(game: Game[Any, Any], m: AeonsModel) -> None:
    """The most a Move covers, kept or carried from the placement before, is found anew."""
    assert top(game, m) == _top(game, m), m.id


def _profiles_as_read(game: Game[Any, Any], m: AeonsModel) -> None:
    """The profiles held, or carried from the placement before, are every model's now."""
    cat = catalog_of(game)
    assert placement(game).profiles(game) == tuple(cat.profile(o.profile) for o in game.models)


@pytest.mark.parametrize(
    "check",
    [
        _offers_whole,
        _carried_as_found_anew,
        _options_as_found_anew,
        _standing_as_read,
        _wearers_as_found,
        _swarms_as_found,
        _lost_souls_as_found,
        _top_as_found,
        _profiles_as_read,
    ],
)
@pytest.mark.parametrize(("ruleset_id", "setup"), SETUPS)
def test_what_is_kept_is_what_is_found_anew_in_random_games(
    ruleset_id: str,
    setup: dict[str, Any] | None,
    check: Callable[[Game[Any, Any], AeonsModel], None],
) -> None:
    """The rows a profile asks give what the whole table gives; the lasting situations
    carried from the placement before are those found anew."""
    _play(ruleset_id, setup, 3, check)


def test_the_situations_follow_a_fear_that_comes_near_and_goes_r211() -> None:
    game = book(
        agent("T1"),
        agent("L1", skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
    )
    t1, l1 = game.model("T1"), game.model("L1")
    assert situations(game, placement(game), t1) == ()
    l1.y = 20.0  # far still: carried
    assert placement(game).before is not None
    assert situations(game, placement(game), t1) == ()
    l1.x, l1.y = 14.0, 10.0
    assert situations(game, placement(game), t1) == ("fear:L1",)
    l1.x = 30.0
    assert situations(game, placement(game), t1) == ()


def test_the_actions_are_carried_past_a_move_beyond_their_reach_and_not_within_it() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_22"]),
        agent("T2"),
        agent("L1"),
        placed={"T1": (5.0, 5.0), "T2": (5.0, 20.0), "L1": (30.0, 20.0)},
    )
    t1, t2, l1 = game.model("T1"), game.model("T2"), game.model("L1")
    found = action_options(game, t1)
    assert _options_reach(game, t1) == (8.0, 5.0)  # the .22 Handgun's Range, a Move's 5"
    kept = dict(placement(game).options)
    l1.y = 12.0  # 22" away still: nothing T1 may do changes
    assert placement(game).options == kept
    t2.y = 12.0  # a friend within its Range, beyond a Move: in the way of no Action
    assert placement(game).options == kept
    assert action_options(game, t1) == found
    l1.x, l1.y = 9.0, 5.0  # within its Range and a Charge: found anew
    assert placement(game).options == {}
    now = action_options(game, t1)[0]
    assert Action("charge", ("T1", "L1")) in now
    assert Action("shoot", ("T1", "L1", "handgun_22")) in now


def test_the_actions_carried_are_those_of_a_clone_a_loaded_game_and_a_view() -> None:
    game = find_ruleset("strange-aeons-intro").new_game(None, 7)
    players = [RandomPlayer(15 + side) for side in range(2)]
    carried = 0
    for _ in range(300):
        assert game.decision is not None
        before = placement(game)
        game.apply(players[game.decision.player].choose(game.view(game.decision.player)))
        carried += placement(game).before is before and bool(placement(game).options)
        if game.result is not None:
            break
    assert carried
    loaded = restore(game.to_json())
    for other in (game.clone(), loaded, game.view(0), game.view(1)):
        for m in game.models:
            if m.on_table:
                assert action_options(other, other.model(m.id)) == action_options(game, m), m.id


def test_the_placement_found_from_the_model_moved_follows_a_clone_moved_between() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)})
    table = placement(game)
    twin = game.clone()
    game.model("T1").x = 12.0
    twin.model("L1").x = 28.0  # the model written last is the clone's
    assert placement(game).standing[0][4] == 12.0
    assert placement(game).standing[1][4] == 30.0
    assert placement(twin).standing[0][4] == 10.0
    assert placement(twin).standing[1][4] == 28.0
    game.model("T1").x = 10.0
    assert placement(game) is table


def test_what_an_action_leaves_owed_is_put_on_the_stack_only_when_owed_r204() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)})
    found = Owed().run(game, None)
    assert [type(s) for s in found] == [PsychologyCheck, Tides]
    game.state.shifting = ("L1",)
    found = Owed().run(game, None)
    assert isinstance(found, list)
    assert [type(s) for s in found] == [Shifts, Owed]
    after = found[1]
    assert isinstance(after, Owed)
    assert after.after == len(OWED)
    game.state.shifting = ()
    assert [type(s) for s in after.run(game, None)] == [PsychologyCheck, Tides]
    twin = restore(game.to_json())
    twin.stack = [*twin.stack, after]
    assert [type(s) for s in restore(twin.to_json()).stack][-1] is Owed


def test_the_wearers_kept_follow_a_move_a_copy_a_profile_changed_and_a_removal_r1330() -> None:
    game = book(
        agent("T1", equipment=["invisibility_suit"]),
        agent("T2"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (14.0, 18.0), "L1": (30.0, 10.0)},
    )
    t1, t2 = game.model("T1"), game.model("T2")
    assert wearers(game, placement(game)) == (0,)
    game.model("L1").x = 20.0  # carried from the placement before
    assert placement(game).before is not None
    assert wearers(game, placement(game)) == (0,)
    loaded = restore(game.to_json())
    for other in (game.clone(), loaded, game.view(0), game.view(1)):
        assert wearers(other, placement(other)) == (0,)
    suit, plain = t1.profile, t2.profile
    t1.profile = plain
    assert wearers(game, placement(game)) == ()
    t1.profile = suit
    assert wearers(game, placement(game)) == (0,)
    t1.removed = "killed"
    assert wearers(game, placement(game)) == ()
    t1.removed = None
    t2.profile = suit
    assert wearers(game, placement(game)) == (0, 1)
    added = book(
        agent("T1", equipment=["invisibility_suit"]),
        agent("T2"),
        agent("T3", equipment=["invisibility_suit"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (14.0, 18.0), "T3": (5.0, 5.0), "L1": (30.0, 10.0)},
    )
    assert wearers(added, placement(added)) == (0, 2)
