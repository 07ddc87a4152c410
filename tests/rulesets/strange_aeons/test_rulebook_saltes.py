"""Essential Saltes (R:933, rules notes §3.14, §6 item 68): the list's carrier empties the jar
as an Action, once a game, to raise a Human, Humanoid or Beast Lurker worth up to 4 points
and the points banked, in base contact with it; on forces written by hand, with the lists
that buy them and the heuristic player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons import lists
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    R,
    apply_all,
    board,
    dice_left,
    events,
    heuristic_choice,
    model,
    options,
    rect,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import (
    NEAR,
    agent,
    book,
    cc,
    forces,
    holding,
    mid_game,
    shot_at,
)
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.rulesets.strange_aeons import mobs, saltes
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.lists.costs import lurker_total, team_total
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.plot_points import SALTES, load_plot_points
from skirmish.rulesets.strange_aeons.lists.random_lists import (
    ListFilter,
    random_lurkers,
    random_team,
)
from skirmish.rulesets.strange_aeons.plots import SALTES_KEY
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import Token

__all__ = ["rules"]

RULE = "Essential Saltes (R:933)"
CULTIST = agent("L:cultist", name="Cultist", kind="cultist")
LEADER = agent("L:cult_leader", name="Cult Leader", kind="cult_leader")
GHOUL = agent("L:ghoul", name="Ghoul", kind="ghoul", types=["humanoid"])
JAR = [["cultist", 1.0, False], ["ghoul", 4.0, False], ["cult_leader", 5.0, True]]
"""What the hand-written jar raises: the book's id, its worth, whether Unique."""
BESIDE = f"{10 + TOUCH:.2f},10"
"""A point in base contact with a model at 10,10, east of it."""


def carrying(*others: dict[str, Any], cap: float = 4.0, **kwargs: Any) -> Game:
    """The Lurkers' turn: L1 (an Agent, or ``l1``) carries the jar (worth ``cap``) at 10,10,
    T1 far off, and ``others`` placed as ``placed`` says."""
    placed = {"T1": (30.0, 20.0), "L1": (10.0, 10.0), **kwargs.pop("placed", {})}
    profiles = (agent("T1"), kwargs.pop("l1", agent("L1")), *others)
    setup = jar_setup(*profiles, cap=cap)
    return book(*profiles, placed=placed, setup=setup, active=1, start="nominate", **kwargs)


def jar_setup(*profiles: dict[str, Any], cap: float = 4.0) -> dict[str, Any]:
    """The Lurkers' side of ``profiles``, L1 carrying a jar worth ``cap`` that raises
    :data:`JAR`'s profiles."""
    lurkers = forces(*profiles)["lurkers"]
    jar = {"carrier": "L1", "cap": cap, "raises": JAR}
    return {"lurkers": {**lurkers, "spawns": [CULTIST, LEADER, GHOUL], SALTES_KEY: jar}}


def test_r933_saltes_raise_a_profile_in_base_contact_with_the_carrier() -> None:
    game = carrying()
    apply_all(game, "nominate L1", "saltes L1 ghoul", f"raised L1 ghoul {BESIDE}")
    come = model(game, "L1S1")
    assert (come.profile, come.side, come.wounds, come.name) == (
        "L:ghoul",
        1,
        1,
        "Ghoul 1 raised by Agent L1",
    )
    assert come.pos == (10.98, 10.0)
    emptied, raised = events(game, "saltes")[0], events(game, "raised")[0]
    assert (emptied.rule, emptied.data["raising"]) == (RULE, "a Ghoul")
    assert (raised.rule, raised.models) == (RULE, ("L1", "L1S1"))
    assert ("L1", "essential_saltes") in game.state.gear_used
    assert not dice_left(game)


def test_r933_saltes_once_a_game() -> None:
    game = carrying()
    apply_all(game, "nominate L1", "saltes L1 cultist", f"raised L1 cultist {BESIDE}")
    assert not [o for o in options(game) if o.startswith("saltes")]
    refused(game, "saltes L1 cultist", "L1 has emptied its Essential Saltes already: once a game")


def test_r933_saltes_only_the_carrier_empties_them() -> None:
    game = carrying(agent("L2"), placed={"L2": (10.0, 14.0)})
    apply_all(game, "nominate L2")
    refused(game, "saltes L2 cultist", "L2 carries no Essential Saltes (R:933)")


def test_r933_saltes_offer_each_profile_the_jar_affords() -> None:
    game = carrying()
    game.apply("nominate L1")
    assert [o for o in options(game) if o.startswith("saltes")] == [
        "saltes L1 cultist",
        "saltes L1 ghoul",
    ]


@pytest.mark.parametrize(
    ("profile", "reason"),
    [
        ("deep_one", "the Essential Saltes raise no 'deep_one': a played Human, Humanoid or Beast"),
        ("servitor", "the Essential Saltes raise no 'servitor'"),
        ("cult_leader", "the Cult Leader is worth 5 points; the Essential Saltes of L1 raise 4"),
    ],
)
def test_r933_saltes_raise_no_other_profile_nor_one_worth_more(profile: str, reason: str) -> None:
    game = carrying()
    game.apply("nominate L1")
    refused(game, f"saltes L1 {profile}", reason)


def test_r933_notes_6_item_68_points_banked_raise_the_worth_allowed() -> None:
    game = carrying(cap=5.0)
    apply_all(game, "nominate L1", "saltes L1 cult_leader", f"raised L1 cult_leader {BESIDE}")
    assert model(game, "L1S1").profile == "L:cult_leader"


def test_r933_r515_saltes_raise_a_unique_profile_only_while_the_side_has_none() -> None:
    game = carrying(agent("L2", kind="cult_leader"), cap=5.0, placed={"L2": (10.0, 14.0)})
    game.apply("nominate L1")
    refused(game, "saltes L1 cult_leader", "the Cult Leader is Unique: its side has one already")


def test_r933_saltes_need_the_carrier_out_of_close_combat() -> None:
    game = carrying(placed={"T1": (10 + TOUCH, 10.0)})
    game.apply("nominate L1")
    assert not [o for o in options(game) if o.startswith("saltes")]
    refused(game, "saltes L1 cultist", "L1 is in base-to-base")


WALL = board({"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(11, 0, 13, 24)})
"""Impassable terrain from x = 11 to 13."""
EDGE = 0.6
"""L1's y, its base 0.1" from the table's edge."""


@pytest.mark.parametrize(
    ("spot", "reason"),
    [
        ("14,4", "Cultist 1 raised by Agent L1 is set down in base contact with L1 (R:933)"),
        (f"10,{EDGE + TOUCH:.2f}", "the base would overlap L2"),
        (f"10,{EDGE - TOUCH:.2f}", "off the table"),
        (f"{10 + TOUCH:.2f},{EDGE}", "impassable"),
    ],
)
def test_r933_saltes_set_the_model_down_on_no_base_on_the_table_off_impassable_terrain(
    spot: str, reason: str
) -> None:
    placed = {"L1": (10.0, EDGE), "L2": (10.0, EDGE + TOUCH)}
    game = carrying(agent("L2"), placed=placed, board=WALL)
    apply_all(game, "nominate L1", "saltes L1 cultist")
    refused(game, f"raised L1 cultist {spot}", reason)


def test_r933_saltes_are_not_emptied_where_no_model_has_room_beside_the_carrier() -> None:
    corner = board(
        {"id": "above", "kind": "impassable", "height": 3.0, "polygon": rect(0, 1.2, 3, 4)},
        {"id": "beside", "kind": "impassable", "height": 3.0, "polygon": rect(1.6, 0, 3, 1.2)},
    )
    game = carrying(placed={"L1": (1.0, EDGE)}, board=corner)
    game.apply("nominate L1")
    assert not [o for o in options(game) if o.startswith("saltes")]
    refused(game, "saltes L1 cultist", "there is no room beside L1 for the Cultist")


def test_r933_r921_a_mob_carrying_the_saltes_raises_a_model_on_a_base_of_its_own() -> None:
    mob = [agent(f"L{i}", mob="The mob") for i in range(2, 6)]
    game = carrying(
        *mob,
        l1=agent("L1", mob="The mob"),
        placed={p["id"]: (10.0, 10.0) for p in mob},
        before=mobs.form,
    )
    apply_all(game, "nominate L1", "saltes L1 cultist")
    x, y = saltes.spots(game, model(game, "L1"), "cultist")[0]
    game.apply(f"raised L1 cultist {x},{y}")
    assert model(game, "L1S1").radius == R
    assert model(game, "L1").radius > 2.0  # the Mob's template


def test_r933_the_model_raised_is_nominated_from_the_next_turn() -> None:
    game = carrying()
    apply_all(game, "nominate L1", "saltes L1 cultist", f"raised L1 cultist {BESIDE}", "pass L1")
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert "nominate L1S1" in options(game)
    game.apply("nominate L1S1")


def test_r933_the_heuristic_raises_the_dearest_profile_nearest_the_enemy() -> None:
    game = carrying(placed={"T1": (20.0, 10.0)})
    game.apply("nominate L1")
    assert heuristic_choice(game).to_text() == "saltes L1 ghoul"
    game.apply("saltes L1 ghoul")
    point = heuristic_choice(game).point
    assert point is not None and point[0] > 10.0 + TOUCH - 0.05


# -- The list (R:933, notes §6 item 68) ---------------------------------------------------------

SALTES_LIST = 'points = 15\nplot_points = ["Essential Saltes"]'
ZOMBIE_GHOUL = (
    'profile = "Zombie"\ncount = 2\n\n[[models]]\nprofile = "Ghoul"\n\n'
    '[[models]]\nprofile = "Cultist"'
)
"""Two Zombies, a Ghoul and a Cultist: 9 points, 13 with the Saltes."""


def saltes_list(tmp_path: Path, head: str, entries: str = ZOMBIE_GHOUL) -> str:
    """A Lurker list file: ``head``'s fields, then ``entries`` (TOML ``[[models]]`` tables)."""
    return lurker_list(tmp_path, f"{head}\n\n[[models]]\n{entries}")


def test_r933_the_game_keeps_the_carrier_the_worth_and_every_profile_it_may_raise(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    path = saltes_list(
        tmp_path,
        f'{SALTES_LIST}\nsaltes_carrier = "Cultist"\nsaltes_bank = 2',
        'profile = "Ghoul"\n\n[[models]]\nprofile = "Cultist"\ncount = 3',
    )
    game = rules.new_game({"threshold": TEAM, "lurkers": str(path)}, 1)
    jar = game.setup["lurkers"][SALTES_KEY]
    assert (jar["carrier"], jar["cap"]) == ("L2", 6.0)
    raises = {book_id: (worth, unique) for book_id, worth, unique in jar["raises"]}
    assert raises["cultist"] == (1.0, False)
    assert raises["wolfman"] == (7.0, False)  # a Beast
    assert raises["maniac"] == (7.0, True)
    assert "swarm" not in raises  # its points buy 1D3 models (R:613)
    assert "zombie" not in raises and "servitor" not in raises  # Undead, Daemon
    assert "familiar" not in raises  # it comes only with its Witch (R:822)
    cat = catalog_of(game)
    carried = {w for b in raises for w in cat.profile(f"L:{b}").weapons}
    assert carried <= set(cat.weapons)


def test_r933_the_first_human_or_humanoid_carries_them_unless_the_list_says(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    path = saltes_list(tmp_path, SALTES_LIST)
    game = rules.new_game({"threshold": TEAM, "lurkers": str(path)}, 1)
    assert game.setup["lurkers"][SALTES_KEY]["carrier"] == "L3"


@pytest.mark.parametrize(
    ("head", "reason"),
    [
        (
            f'{SALTES_LIST}\nsaltes_carrier = "Zombie"',
            "the Essential Saltes' carrier 'Zombie' is no Human or Humanoid model of the list",
        ),
        (
            f"{SALTES_LIST}\nsaltes_bank = 5",
            "the list banks 5 points for its Essential Saltes but leaves 2 unspent (R:933, "
            "notes §6 item 68)",
        ),
        ("points = 15\nsaltes_bank = 1", "saltes_carrier and saltes_bank go with the Plot Point"),
    ],
)
def test_r933_notes_6_item_68_a_carrier_or_a_bank_the_list_cannot_have_is_refused(
    rules: StrangeAeons, tmp_path: Path, head: str, reason: str
) -> None:
    path = saltes_list(tmp_path, head)
    with pytest.raises(SkirmishError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        rules.new_game({"threshold": TEAM, "lurkers": str(path)}, 1)


# -- The saves a Plot Point gives cite its line (R:929, R:930, R:935) --------------------------


@pytest.mark.parametrize(
    ("plot", "types", "save", "rule"),
    [
        ("black_sabbath", ["human"], 6, "Black Sabbath (R:929)"),
        ("between_worlds", ["daemon"], 5, "Between Worlds (R:930)"),
        ("full_moon", ["beast"], 6, "Full Moon (R:935)"),
    ],
)
def test_r929_r930_r935_a_plot_point_s_save_alone_cites_its_line(
    plot: str, types: list[str], save: int, rule: str
) -> None:
    game = shot_at(agent("L1", types=types), ("to-hit", 5), ("save", save), plots=[plot])
    saved = events(game, "saved")[0]
    assert (saved.rule, saved.data) == (rule, {"saved": 1, "left": 0})
    assert [e.rule for e in game.log if e.roll is not None and e.roll.purpose == "save"] == [rule]
    assert not dice_left(game)


def test_r929_r188_a_plot_point_s_save_combined_cites_it_beside_the_saves_rule() -> None:
    tough = agent("L1", skills=["tough"])  # a 6+ save of its own (R:1163): 5+ together
    game = shot_at(tough, ("to-hit", 5), ("save", 5), plots=["black_sabbath"])
    assert events(game, "saved")[0].rule == "Saves (R:149, R:188); Black Sabbath (R:929)"
    assert not dice_left(game)


def test_r935_full_moon_a_beast_s_close_combat_save_cites_full_moon() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["beast"]),
        placed={"T1": (10.0, 10.0), "L1": (NEAR, 10.0)},
        plots=["full_moon"],
        dice=[*cc(5, 5, 2, 1), *[("save", 6)] * 4],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "saved")[0].rule == "Full Moon (R:935)"
    assert not dice_left(game)


def test_r149_a_save_of_no_plot_point_cites_the_saves_rule() -> None:
    # L1 in the open has Tough's 6+ alone (R:1163): no Cover Save, so the saves' own rule.
    game = shot_at(agent("L1", skills=["tough"]), ("to-hit", 5), ("save", 6))
    assert events(game, "saved")[0].rule == "Saves (R:149, R:188)"
    assert [e.rule for e in game.log if e.roll is not None and e.roll.purpose == "save"] == [
        "Saves (R:149, R:188)"
    ]
    assert not dice_left(game)


# -- Dark Night: every Move Action of a Human stumbles on a 1 (R:931) --------------------------

DARK = ["dark_night"]
STUMBLE = "Dark Night (R:931)"


def stumbled(game: Game, mover: str, at: tuple[float, float]) -> None:
    """``mover`` rolled its Dark Night die, stumbled and stayed at ``at``, no die left."""
    assert [(e.rule, e.models) for e in events(game, "stumble")] == [(STUMBLE, (mover,))]
    assert model(game, mover).pos == at
    assert not dice_left(game)


def test_r931_r131_dark_night_a_human_forfeits_its_charge_on_a_1() -> None:
    game = book(
        agent("T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (NEAR, 10.0)},
        plots=DARK,
        dice=[("stumble", 1)],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    stumbled(game, "T1", (10.0, 10.0))
    assert not events(game, "charge")


def test_r931_r921_dark_night_a_mob_of_humans_stumbles_as_it_moves() -> None:
    mob = [agent(f"L{i}", mob="The mob") for i in range(1, 6)]
    placed = {"T1": (30.0, 20.0), **{p["id"]: (10.0, 10.0) for p in mob}}
    game = book(
        agent("T1"),
        *mob,
        placed=placed,
        before=mobs.form,
        active=1,
        plots=DARK,
        dice=[("stumble", 1)],
    )
    apply_all(game, "nominate L1", "move L1 10,14")
    stumbled(game, "L1", (10.0, 10.0))


def test_r931_r645_dark_night_a_compelled_human_stumbles_as_the_puppeteer_moves_it() -> None:
    puppeteer = agent("L1", res=2, types=["daemon"], abilities=["compelling_gaze"])
    game = book(
        agent("T1"),
        puppeteer,
        placed={"T1": (20.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
        start="nominate",
        before=lambda g: setattr(g.state, "compelled", (("T1", "L1"),)),
        plots=DARK,
        dice=[("stumble", 1)],
    )
    apply_all(game, "nominate L1", "direct L1", "move T1 20,14")
    stumbled(game, "T1", (20.0, 10.0))


def in_the_farmstead(l1: Any) -> Game:
    """A Dark Night on the Farmstead: the Lurkers' turn, L1 (a Human) at ``l1``, T1 far off,
    one stumble die, a 1."""
    return book(
        agent("T1"),
        agent("L1"),
        placed={"T1": (30.0, 2.0), "L1": l1},
        board="default",
        active=1,
        start="nominate",
        plots=DARK,
        dice=[("stumble", 1)],
    )


def test_r931_r170_dark_night_a_human_stumbles_at_the_foot_of_the_ladder() -> None:
    game = in_the_farmstead((12.0, 8.9))
    apply_all(game, "nominate L1", "climb L1 house-ladder")
    stumbled(game, "L1", (12.0, 8.9))


def test_r931_r271_dark_night_a_human_stumbles_before_it_jumps() -> None:
    game = in_the_farmstead({"pos": (14.0, 14.0), "level": "house"})
    apply_all(game, "nominate L1", "jump L1 14,17")
    stumbled(game, "L1", (14.0, 14.0))
    assert model(game, "L1").level == "house"


def test_r931_r1629_dark_night_a_human_lurker_stumbles_dragging_a_marker() -> None:
    game = mid_game(
        "retrieve-the-artifacts",
        agent("T1"),
        agent("L1"),
        placed={"T1": (30.0, 4.0), "L1": (10.0, 20.0 - TOUCH)},
        active=1,
        plots=DARK,
        dice=[("stumble", 1)],
    )
    holding(game, Token("M1", "objective", 10.0, 20.0))
    apply_all(game, "nominate L1", "drag L1 M1 10,21.9")
    stumbled(game, "L1", (10.0, 20.0 - TOUCH))
    assert (game.state.tokens[0].x, game.state.tokens[0].y) == (10.0, 20.0)


def test_r933_notes_6_item_68_random_lists_with_saltes_bank_what_they_leave() -> None:
    book_data = lists.book()
    only = ListFilter(plots=(load_plot_points()[SALTES],))
    team = random_team(book_data, lists.promotion(), 1)
    drawn = [random_lurkers(book_data, team, seed, only=only) for seed in range(30)]
    saltes = [d for d in drawn if d.plot_points]
    assert saltes and all(check_lurkers(book_data, d, team) == [] for d in saltes)
    assert all(d.saltes_bank == team_total(team) - lurker_total(book_data, d) for d in saltes)
    assert drawn == [random_lurkers(book_data, team, seed, only=only) for seed in range(30)]


def test_r933_the_model_raised_counts_for_its_side_when_the_carrier_falls() -> None:
    gunman = agent("T1", weapons=["unarmed", "handgun_45"])
    game = book(
        gunman,
        agent("L1"),
        placed={"T1": (23.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
        start="nominate",
        setup=jar_setup(gunman, agent("L1")),
        dice=[("to-hit", 5), ("to-wound", 6), ("injury", 6), ("injury", 6), ("resolve", 4)],
    )
    apply_all(game, "nominate L1", "saltes L1 cultist", "raised L1 cultist 9.02,10", "pass L1")
    apply_all(game, "nominate T1", "move T1 18,10", "shoot T1 L1 handgun_45")
    assert model(game, "L1").removed == "Major Injury"
    assert model(game, "L1S1").removed is None and not game.is_over  # the Fight goes on
    assert not dice_left(game)
