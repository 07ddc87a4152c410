"""Set up a Sacred Wire game at any point: models placed by hand, dice scripted by purpose.

The default squads are the samples ``wrecking-crew`` (side A: A1 Mara Voss, Boss; A2 Tobias
Valdez, Brute; A3 Sunita Roche, Zealot; A4 Pike, Agent; A5 Dmitri Osei, Broadcaster) and
``firing-line`` (side B: B1 Ilse Marrow, Boss; B2 Corin Hale and B3 Nadia Brandt, Gunners;
B4 Wren Okafor, Scout; B5 Gideon Hask, Veteran).
"""

from __future__ import annotations

import re
import shutil
from importlib.resources import as_file
from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script as script  # re-exported: the tests here import it from here

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.step import Step
from skirmish.errors import IllegalActionError, InvalidActionError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.base import DATA, ruleset_catalog
from skirmish.rulesets.sacred_wire.campaign.book import book_to_data, new_book, squad_for_book
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.setup import RADIUS, add_models
from skirmish.rulesets.sacred_wire.game.space import HOSTILES
from skirmish.rulesets.sacred_wire.game.state import WireGame
from skirmish.rulesets.sacred_wire.hostiles.arrival import place_hostile
from skirmish.rulesets.sacred_wire.hostiles.coworkers import add_coworker
from skirmish.rulesets.sacred_wire.missions.loot import PlaceLoot
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup

CATALOG = ruleset_catalog(find_ruleset("sacred-wire"))
"""The catalogue of the registered ruleset, for the code that takes one (the odds, squads)."""
R = RADIUS  # a 25 mm base: 0.492"
TOUCH = 2 * R  # centre distance of two bases in contact


def board(*pieces: dict[str, Any], size: float = 24.0) -> dict[str, Any]:
    """A 24" x 24" board (dict form) with the given terrain pieces.

    A piece is ``{"id", "kind", "height", "polygon"}`` plus optional ``cover`` and
    ``blocks_sight``; its name is its id.
    """
    return {
        "name": "test board",
        "width": size,
        "height": size,
        "terrain": [{"name": p["id"], **p} for p in pieces],
        "ladder": [],
    }


def rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    """The polygon of an axis-aligned rectangle."""
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def scenario(
    placed: dict[str, Any],
    dice: list[tuple[str, int]] | None = None,
    board: Any = None,
    squads: tuple[Any, Any] = ("wrecking-crew", "firing-line"),
    act: str | None = None,
    steps: list[Step] | None = None,
    blessings: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    round: int = 1,
    loot: Any = None,
    loot_modifier: str = "standard",
    ruleset_id: str = "sacred-wire",
    hostiles: str | None = None,
    spawned: tuple[Spawned, ...] = (),
    coworkers: tuple[Spawned, ...] = (),
    coworker_modifier: str = "standard",
) -> WireGame:
    """A game in ``round`` with only the ``placed`` models on the table.

    ``placed`` maps a model id to ``(x, y)`` or to a dict with ``pos`` and any model fields
    (``health``, ``weapons``, ``gear``, ``level``, ``fleeing``...). ``act`` starts that
    model's activation; ``steps`` starts any steps instead. With neither, nothing runs.
    ``loot`` (a Loot Layout id or a list of points) places Loot Markers first, side B (the
    Second Player) placing first. ``ruleset_id`` picks a variant of the ruleset.
    ``hostiles`` names the hostile faction (on the Early timing), and ``spawned`` places its
    models: ``("Cable Rat", (x, y))``, or with a dict of model fields (``group`` defaults to
    ``"G1"``; ``faction`` takes a unit of another faction); they are H1, H2... in order.
    ``coworkers`` places Coworkers the same way (``group`` defaults to ``"CW1"``), C1, C2...,
    with the Coworker Modifier ``coworker_modifier``.
    """
    ruleset = find_ruleset(ruleset_id)
    options = {"board": board or open_board(), "squad_a": squads[0], "squad_b": squads[1]}
    if loot is not None:
        options.update(loot=loot, loot_modifier=loot_modifier)
    if hostiles is not None:
        options.update(hostiles=hostiles, hostile_timing="early")
    if coworkers:
        options.update(coworkers="elite-centre", coworker_modifier=coworker_modifier)
    setup = ruleset.normalize_setup(options)
    game: WireGame = Game(ruleset, setup, 0, ScriptedDice(dice or []))
    add_models(game)
    if hostiles is not None:
        game.state.hostiles, game.state.hostile_timing = hostiles, "early"
        name = CATALOG.hostiles.faction(hostiles).name
        game.state.lineups = (*game.state.lineups, Lineup(name, ()))
    for unit, pos, *more in spawned:
        fields = dict(more[0]) if more else {}
        group = CATALOG.hostiles.faction(fields.pop("faction", hostiles))
        m = place_hostile(game, group.unit(unit), fields.pop("group", "G1"), pos)
        assert m is not None
        m.x, m.y = pos
        for key, value in fields.items():
            setattr(m, key, value)
    # The spawn groups placed count as the game's (I1.4): a group made later is the next.
    game.state.groups = len({m.group for m in game.models if m.side == HOSTILES})
    if coworkers:
        game.state.coworker_setup, game.state.coworker_modifier = "elite-centre", coworker_modifier
    for unit, pos, *more in coworkers:
        fields = dict(more[0]) if more else {}
        c = add_coworker(game, CATALOG.hostiles.faction("coworkers").unit(unit), "CW1")
        c.x, c.y = pos
        for key, value in fields.items():
            setattr(c, key, value)
    for mid, spec in placed.items():
        fields = spec if isinstance(spec, dict) else {"pos": spec}
        m = game.model(mid)
        m.x, m.y = fields["pos"]
        m.level = game.board.surface_at(m.pos)
        for key, value in fields.items():
            if key != "pos":
                setattr(m, key, value)
    st = game.state
    st.round, st.first, st.first_draw = round, 0, False
    st.edges, st.zones = ("south", "north"), (("south",), ("north",))
    st.blessings = blessings
    opening = list(steps or [])
    if act is not None:
        opening.insert(0, Activation(act))
    if loot is not None:
        opening.insert(0, PlaceLoot())
    game.begin(opening)
    return game


Spawned = tuple[str, tuple[float, float]] | tuple[str, tuple[float, float], dict[str, Any]]
"""A hostile placed by :func:`scenario`: its unit, where it stands, and other model fields."""


def open_board() -> dict[str, Any]:
    """A 24" x 24" board without terrain."""
    return board()


def apply_all(game: WireGame, *actions: str) -> None:
    for text in actions:
        game.apply(text)


def options(game: WireGame) -> list[str]:
    """The finite options of the pending decision, as action texts."""
    assert game.decision is not None
    return [a.to_text() for a in game.decision.options]


def specs(game: WireGame) -> list[str]:
    """The point choices of the pending decision, as templates."""
    assert game.decision is not None
    return [s.to_text() for s in game.decision.points]


def events(game: WireGame, kind: str) -> list[Event]:
    """The events of one kind, in log order."""
    return [e for e in game.log if e.kind == kind]


def kinds(game: WireGame) -> list[str]:
    """Event kinds of the log, dice left out."""
    return [e.kind for e in game.log if e.roll is None]


def rules(game: WireGame, kind: str) -> list[str]:
    """The rules cited by the events of one kind."""
    return [e.rule for e in events(game, kind)]


def played_out(game: WireGame, side: int) -> None:
    """The game ended with models of ``side`` in it, and every event of its log cites a rule
    and reads as words (no template left unfilled)."""
    assert game.result is not None
    assert any(m.side == side for m in game.models)
    for e in game.log:
        assert e.rule, e.kind
        assert not game.describe(e).startswith(f"{e.kind} {{"), game.describe(e)


def place_models(game: WireGame, placed: dict[str, Any]) -> None:
    """Put each model of ``placed`` where it says: an id to ``(x, y)``, or to a dict with
    ``pos`` and any other model fields."""
    for mid, spec in placed.items():
        fields = spec if isinstance(spec, dict) else {"pos": spec}
        m = game.model(mid)
        m.x, m.y = fields["pos"]
        for key, value in fields.items():
            if key != "pos":
                setattr(m, key, value)


def advance_to(game: WireGame, kind: str) -> None:
    """Take the first option, or the first candidate point, until a decision of ``kind``."""
    while game.decision is not None and game.decision.kind != kind:
        d = game.decision
        if d.options:
            game.apply(d.options[0])
        else:
            spec = d.points[0]
            x, y = game.ruleset.candidate_points(game, spec)[0]
            game.apply(Action.at(spec.kind, spec.args, x, y))


def dice_left(game: WireGame) -> list[tuple[str, int]]:
    """Scripted faces not rolled yet."""
    assert isinstance(game.dice, ScriptedDice)
    return list(game.dice.remaining)


def rolls(game: WireGame) -> list[tuple[str, tuple[int, ...]]]:
    """(purpose, faces) of every roll and re-roll of the log."""
    return [(e.roll.purpose, e.roll.faces) for e in game.log if e.roll is not None]


def text(game: WireGame) -> str:
    """The whole log in words."""
    return "\n".join(game.describe(e) for e in game.log)


def unchanged(game: WireGame, action: str, match: str) -> None:
    """``action`` is refused on one line for a reason matching the regular expression
    ``match``, and nothing changes: not the models, the state, the steps, the log, the dice
    nor the decision."""
    before = game.dumps()
    with pytest.raises((IllegalActionError, InvalidActionError)) as refused:
        game.apply(action)
    assert game.dumps() == before
    why = str(refused.value)
    assert "\n" not in why
    assert re.search(match, why), why


def data_copy(tmp_path: Path) -> Path:
    """A copy of the shipped data folder, for a variant to read once a test edits it."""
    folder = tmp_path / "data"
    with as_file(DATA) as shipped:
        shutil.copytree(shipped, folder)
    return folder


def edit_data(path: Path, old: str, new: str) -> None:
    """Replace the one place ``old`` stands in a data file."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def booked(evidence: int, **fields: object) -> dict[str, Any]:
    """A squad option playing the wrecking-crew book with ``evidence`` recorded types."""
    data = book_to_data(new_book(squad_for_book("wrecking-crew", CATALOG)))
    return {"book": {**data, "evidence": list(range(1, evidence + 1)), **fields}}
