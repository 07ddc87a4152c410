"""A Wolsung game set up for a rules test: the sample clubs (Ash and Oak as club 1, First
Player by a scripted roll-off, deployed south; the Inventors north) or two clubs the test
names, the deck stacked so each turn-1 hand is known, and the dice scripted; models are then
put where the test needs them.

Club 1: 1H1 Sir Lance Oakroot, 1H2 Lord Pemberton, 1H3 Lady Ashgrove, 1M1 and 1M2 Butlers.
Club 2: 2H1 Thorvald Nielsgaard, 2H2 Hilda Cogsworth, 2H3 Bertram Flux, 2M1 Security Golem,
2M2 Laboratory Golem, 2M3 Clockwork Servant, 2M4 Lab Assistant.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
from tests.dice_script import scripted

from skirmish.cards import ScriptedDeck
from skirmish.engine.action import Action
from skirmish.errors import IllegalActionError
from skirmish.geometry.shapes import Point, mm_to_inches
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.wolsung.combat.combatant import Combatant
from skirmish.rulesets.wolsung.game.base import WolsungRuleset
from skirmish.rulesets.wolsung.game.roster import Member
from skirmish.rulesets.wolsung.game.setup import zone_box
from skirmish.rulesets.wolsung.game.state import WolsungGame

OPEN = {"name": "Open street", "width": 36.0, "height": 36.0}
"""A 36" table with no terrain, for rules that need none."""

HAND_1 = ("2C", "3C", "4C", "5C", "6C", "7C")
HAND_2 = ("2D", "3D", "4D", "5D", "6D", "7D")
"""The turn-1 hands by default: low clubs for club 1, low diamonds for club 2."""

MARKERS = ((4.0, 18.0), (18.0, 18.0), (32.0, 18.0))
"""Where an Infiltrator's three markers go by default: across the middle of the table (L535)."""

SMALL = mm_to_inches(30)
"""Centre to centre, two 30 mm bases in base contact (L14)."""
SMALL_LARGE = (mm_to_inches(30) + mm_to_inches(40)) / 2
"""Centre to centre, a 30 mm and a 40 mm base in base contact (L14)."""


def new_game(
    *dice: str | int,
    hands: tuple[Sequence[str], Sequence[str]] = (HAND_1, HAND_2),
    board: str | dict[str, Any] = OPEN,
    scenario: str = "s1",
    clues: Sequence[Point] = (),
    clubs: list[str | dict[str, Any]] | None = None,
    later: Sequence[str] = (),
    markers: Sequence[Point] = MARKERS,
    options: dict[str, Any] | None = None,
    house: dict[str, bool] | None = None,
    stacked: bool = True,
) -> WolsungGame:
    """A game at its first decision after deployment (the Steal of turn 1, or what comes
    before the first turn: a Death Puppet's choice, the Despotic Ring's activations), with
    ``hands`` dealt and ``dice`` (purposes and faces, :func:`tests.dice_script.script`) to
    come after the roll-off; ``board`` a shipped board's name or a board table, ``clubs`` the
    two clubs (sample names or club-list tables) in place of the sample clubs, ``house`` the
    house rules switched from their defaults; ``later`` the cards stacked beneath the hands,
    for the draws of turn 2 (L40). For The Stolen Blueprints, club 1 places the ``clues`` but
    the centre one, in turn with club 2, before the roll-off. An Infiltrator's ``markers`` are
    laid once all are deployed (L535); ``options`` are more setup options. Not ``stacked``,
    the game's seed shuffles the deck and rolls the dice, nothing scripted, for a test that
    plays on past the reshuffle of the discard pile (§7 item 6)."""
    placer = ("clue placer", 1) if clues else ()
    deck = (
        ScriptedDeck(
            [("deck", (*hands[0], *hands[1], *later))],
            scripted(*placer, "first player", 6, 1, *dice),
        )
        if stacked
        else None
    )
    setup: dict[str, Any] = {"board": board, "scenario": scenario, **(options or {})}
    if clubs is not None:
        setup["clubs"] = clubs
    if house is not None:
        setup["house"] = house
    game: WolsungGame = find_ruleset("wolsung").new_game(setup, dice=deck)
    for x, y in clues:
        game.apply(Action.at("clue", (), x, y))
    spot: dict[int, tuple[float, int]] = {}
    while game.decision is not None and game.decision.kind in ("zone", "deploy"):
        if game.decision.kind == "zone":
            game.apply(game.decision.options[0])
            continue
        m = game.model(game.decision.points[0].args[0])
        x0, y0, x1, _ = zone_box(game, m.side, m.radius)
        x, row = spot.get(m.side, (x0, 0))
        if x > x1:  # the row is full: start the next one
            x, row = x0, row + 1
        game.apply(Action.at("deploy", (m.id,), x, y0 + 1.8 * row))
        spot[m.side] = (x + 1.8, row)
    laid: dict[str, int] = {}
    while markers and game.decision is not None and game.decision.kind == "marker":
        model_id = game.decision.points[0].args[0]
        n = laid.get(model_id, 0)
        game.apply(Action.at("marker", (model_id,), *markers[n]))
        laid[model_id] = n + 1
    return game


def pass_steal(game: WolsungGame) -> None:
    """Both players pass the turn's Steal: Sir Oakroot's top-hat kept, no card bid (L434, L46)."""
    while game.decision is not None and game.decision.kind in ("top-hat", "bid"):
        game.apply(game.decision.options[-1])  # the last option declines: no-top-hat, pass


def pass_deeds(game: WolsungGame) -> None:
    """Every player asked for Heroic Deeds passes (one holding cards is asked even when none
    may play, so that the others learn nothing of the hand)."""
    while game.decision is not None and game.decision.kind == "heroic-deed":
        game.apply("pass")


def on_table(
    *dice: str | int,
    at: dict[str, tuple[float, float]],
    board: str | dict[str, Any] = OPEN,
    hands: tuple[Sequence[str], Sequence[str]] = (HAND_1, HAND_2),
    clubs: list[str | dict[str, Any]] | None = None,
    later: Sequence[str] = (),
    options: dict[str, Any] | None = None,
) -> WolsungGame:
    """A game past turn 1's Steal, nobody bidding, with only the models of ``at`` on the table,
    each at its point, on the ground; ``options`` are more setup options."""
    game = new_game(*dice, hands=hands, board=board, clubs=clubs, later=later, options=options)
    remove_all_but(game, *at)
    for model_id, (x, y) in at.items():
        put(game, model_id, x, y)
    # passed once the table is set, so that the first activation offers the models put on it
    pass_steal(game)
    return game


def hand_over(game: WolsungGame) -> None:
    """Between two activations nobody bids: no Additional Activation, no Delay (L47, L48)."""
    while game.decision is not None and game.decision.kind in ("additional", "delay"):
        game.apply(f"no-{game.decision.kind}")


def refused(game: WolsungGame, action: str, match: str) -> None:
    """``action`` is refused for a reason matching ``match``, and nothing changes: not the
    models, the state, the cards, the dice, the log nor the decision."""
    before = game.dumps()
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action)
    assert game.dumps() == before


OFFERS = ("draw", "recovery", "heroic-move", "blood")
"""The offers made as a Hero's activation begins, declined by ``no-`` and the kind."""


def activate(game: WolsungGame, model_id: str) -> None:
    """Activate a model, declining the offers a Hero is made as its activation begins: Man
    about town's draw (Lord Pemberton), and for a Hero holding cards Heroic Recovery, Heroic
    Move and, for Mr. Cheng, Power of Blood (L414, L211, L213, L789)."""
    game.apply(f"activate {model_id}")
    while game.decision is not None and game.decision.kind in OFFERS:
        game.apply(f"no-{game.decision.kind}")


def put(game: WolsungGame, model_id: str, x: float, y: float, level: str | None = None) -> None:
    """Place a model where a test needs it."""
    m = game.model(model_id)
    m.x, m.y, m.level = x, y, level


def remove_all_but(game: WolsungGame, *keep: str) -> None:
    """Take every model on the table but ``keep`` off it (out of the test's way); those still
    to come into play stay to come (L356, L493, L535)."""
    for m in game.models:
        if m.id not in keep and m.deployed:
            m.removed = "set aside for the test"


def options(game: WolsungGame) -> list[str]:
    """The texts of the pending decision's options."""
    assert game.decision is not None
    return [a.to_text() for a in game.decision.options]


def lines(game: WolsungGame, since: int = 0) -> list[str]:
    """The log from ``since`` on, as sentences."""
    return [game.describe(e) for e in game.log[since:]]


def refit(
    monkeypatch: pytest.MonkeyPatch, change: Callable[[Combatant], Combatant], *model_ids: str
) -> None:
    """Change the profile of ``model_ids`` by ``change`` in the games the test sets up: for
    rules that no shipped model shows."""
    rules = find_ruleset("wolsung")
    assert isinstance(rules, WolsungRuleset)
    shipped = rules.members

    def members(setup: Mapping[str, Any]) -> dict[str, Member]:
        return {
            key: replace(m, fighter=change(m.fighter)) if key in model_ids else m
            for key, m in shipped(setup).items()
        }

    monkeypatch.setattr(rules, "members", members)
