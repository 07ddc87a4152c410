"""The objectives of the Basic Scenarios beyond the Fight and Free For All! (rules notes
§3.15): the Enclosed edges, leaving the board as an objective, and when the game ends.

- **Enclosed** (R:1529): the edges the book's record names cannot be crossed (by the
  Threshold alone in The Bag Man, R:1568; by everyone in Escape ... Into Danger!, R:1579,
  but the Threshold short edge in its Contain the Area, R:1584, and on Treasure Hunt's long
  edges, R:1646; every edge in The Monster's Lair, R:1622); in Capture the Courier every
  edge to the Lurkers besides (R:1573).
- **Leaving by an edge** (``data/scenario_play.toml``'s exits): the Bag Man's package off the
  Lurker short edge wins for the Threshold, off any edge for the Lurkers (R:1570-1571), and
  in Capture the Courier the Threshold alone, off the Lurker short edge (R:1573); the
  Treasure off a side's own short edge wins for it (R:1649-1650); half the Threshold squad,
  rounded down, off the Lurker short edge wins Escape ... Into Danger! (R:1580), half the
  Lurkers off the Threshold short edge its Contain the Area (R:1584): a force of one needs
  its one model (our reading). A marker's carrier meets its exit whoever it is, an Animal
  too (any model picks the package up, R:1569); a share counts only models of the list, no
  Animal (R:1366), nor a Ghost, which interacts with no Objective (R:116), whose leaving by
  that edge is then a Minor Injury (the Ghosts count in the squad the share is of: they are
  models of the list); a Byakhee carries its
  passenger's markers off with it (R:639). A model so leaving has ``Escaped``, not a Minor
  Injury (R:172 "unless the scenario says otherwise"). A marker moved along leaves only by
  an edge that wins with it.
- **The game's end**, whatever ends it, shows the Bag Man still a secret (R:1566).
- **The last side standing** ends the game as in the Fight (R:125, notes §1.12), except that
  in The Bag Man (and Capture the Courier, mirrored) the last Lurker's removal wins for the
  Threshold only if it holds the package then (R:1570); else neither side has met its
  objective and the game is drawn (our reading).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.geometry.board import Board, Edge
from skirmish.rulesets.strange_aeons import animals, elder_thing, tokens, transporter
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.ghosts import BANISHED, objective_error
from skirmish.rulesets.strange_aeons.model import MINOR_INJURY, AeonsModel
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import Enclosed
from skirmish.rulesets.strange_aeons.scenario_play import Exit, Setting
from skirmish.rulesets.strange_aeons.space import models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

ESCAPED = "Escaped"
"""What a model that left the board as an objective is removed as."""


def exit_edge(game: AeonsGame, ex: Exit) -> Edge | None:
    """The edge ``ex`` names (``None``: any)."""
    if ex.edge == "any":
        return None
    return Edge(game.state.edges[1 if ex.edge == "lurker_short" else 0])


def enclosed(game: AeonsGame, m: AeonsModel) -> tuple[Edge, ...]:
    """The edges ``m`` may not cross (R:1529)."""
    setting = catalog_of(game).setting
    if setting is None:
        return ()
    walls, _ = _walls(setting, m)
    if walls is None or (walls.only is not None and m.side != 0):
        return ()
    board = game.board
    if walls.edges == "long":
        return tuple(e for e in Edge if _length(board, e) >= max(board.width, board.height))
    if walls.edges == "all":
        return tuple(Edge)
    open_edge = game.state.edges[0 if walls.edges == "all_but_threshold_short" else 1]
    return tuple(e for e in Edge if e.value != open_edge)


def _walls(setting: Setting, m: AeonsModel) -> tuple[Enclosed | None, int | None]:
    """The Enclosed edges that hold ``m`` and the line printing them: the Lurkers' own where
    the scenario gives them (R:1573), else a Variant's (R:1584, R:1622), else the book
    record's."""
    lurkers, played = setting.play.lurkers_enclosed, setting.play.enclosed
    if m.side and lurkers is not None:
        return lurkers, lurkers.line
    if played is not None:
        return played, played.line
    return setting.book.enclosed, setting.book.at.enclosed


def _length(board: Board, edge: Edge) -> float:
    return board.width if edge in (Edge.NORTH, Edge.SOUTH) else board.height


def exit_error(game: AeonsGame, m: AeonsModel, edge: Edge, dragged: str = "") -> str | None:
    """Why ``m`` may not leave the table by ``edge`` (dragging the marker ``dragged``), or
    ``None``."""
    setting = catalog_of(game).setting
    if setting is None:
        return None
    if edge in enclosed(game, m):
        _, line = _walls(setting, m)
        cited = "" if line is None else f", R:{line}"
        return f"the {edge.value} edge is Enclosed to {m.id} (R:1529{cited})"
    if dragged and _winning_exit(game, setting, m, edge, dragged) is None:
        line = setting.book.at.special
        return f"a marker leaves the table only by an edge that wins with it (R:{line})"
    return None


def _winning_exit(
    game: AeonsGame, setting: Setting, m: AeonsModel, edge: Edge, dragged: str
) -> Exit | None:
    """The exit of ``m``'s side that leaving by ``edge`` meets, if any."""
    kinds = _carried(game, m)
    if dragged:
        kinds.add(tokens.token(game, dragged).kind)
    side = ("threshold", "lurkers")[m.side]
    for ex in setting.play.exits:
        wanted = exit_edge(game, ex)
        if ex.side == side and wanted in (None, edge) and _counts_for(game, m, ex, kinds):
            return ex
    return None


def _carried(game: AeonsGame, m: AeonsModel) -> set[str]:
    """The kinds of the markers ``m`` holds, and its passenger's, which a Byakhee carries
    off the table with it (R:639)."""
    passenger = transporter.passenger_of(game, m)
    holders = [m] if passenger is None else [m, passenger]
    return {t.kind for h in holders for t in tokens.held_by(game, h)}


def _counts_for(game: AeonsGame, m: AeonsModel, ex: Exit, kinds: set[str]) -> bool:
    """Whether ``m`` leaving with markers of ``kinds`` meets what ``ex`` needs: the marker it
    names, whoever carries it (any model Moving over the package picks it up, R:1569), else
    a place in the side's share, which only a model of the list takes, never an Animal
    (R:1366) nor a Ghost, which interacts with no Objective (R:116)."""
    if ex.carries is not None:
        return ex.carries in kinds
    return not animals.is_animal(game, m) and objective_error(game, m) is None


def leaving(game: AeonsGame, m: AeonsModel, edge: Edge, dragged: str) -> str:
    """``m`` leaves the table by ``edge``: how it is removed, ``Escaped`` where that meets an
    objective (the marker it drags goes with it), else a Minor Injury (R:172)."""
    setting = catalog_of(game).setting
    if setting is None:
        return MINOR_INJURY
    ex = _winning_exit(game, setting, m, edge, dragged)
    if ex is None:
        return MINOR_INJURY
    tokens.carry_off(game, m, dragged)
    game.emit("escaped", f"{setting.book.name}: objective (R:{ex.line})", (m.id,), edge=edge.value)
    return ESCAPED


def settled(game: AeonsGame) -> bool:
    """Whether a Basic Scenario's objectives ended the game now. ``False``: the last side
    standing decides, as in the Fight."""
    setting = catalog_of(game).setting
    if setting is None:
        return False
    won = _exit_won(game, setting)
    if won is not None:
        side, ex = won
        names = catalog_of(game).side_names
        rule = f"{setting.book.name}: objective (R:{ex.line})"
        end(game, side, f"the {names[side]} have met their objective", rule)
        return True
    standing = standing_models(game)
    if standing[0] and not standing[1] and setting.play.secret:
        rule = f"{setting.book.name}: objective (R:{setting.book.at.threshold_wins})"
        if _holding(game, "package") is None:
            end(game, None, "no Lurker is left, but the Threshold do not hold the package", rule)
        else:
            end(game, 0, "the Threshold hold the package and no Lurker is left", rule)
        return True
    return False


def end(game: AeonsGame, winner: int | None, reason: str, rule: str) -> None:
    """End the game (:meth:`Game.end`), the Bag Man still a secret shown first (R:1566)."""
    tokens.unmask(game)
    game.end(winner, reason, rule)


def standing_models(game: AeonsGame) -> list[int]:
    """How many models of each side are in play: on the table and not a dormant Elder Thing
    (R:528, notes §6 item 71), or a Banished Ghost, which comes back (R:1225)."""
    standing = [0, 0]
    for m in models(game):
        standing[m.side] += not elder_thing.is_dormant(m)
    for m in game.models:
        standing[m.side] += m.removed == BANISHED
    return standing


def _exit_won(game: AeonsGame, setting: Setting) -> tuple[int, Exit] | None:
    """The side whose models' escapes meet one of its exits, with the exit."""
    escaped = [m for m in game.models if m.removed == ESCAPED]
    for ex in setting.play.exits:
        side = setting.side_of(ex.side)
        mine = [
            m for m in escaped if m.side == side and _counts_for(game, m, ex, _carried(game, m))
        ]
        if mine and (ex.carries is not None or len(mine) >= needed(game, ex)):
            return side, ex
    return None


def needed(game: AeonsGame, ex: Exit) -> int:
    """How many models of the exit's side must leave: its share of the squad (its Animals not
    counted, R:1366; its Ghosts counted, though they never leave as an objective, R:116),
    rounded down, at least one."""
    squad = animals.list_size(game, 0 if ex.side == "threshold" else 1)
    return max(1, math.floor(squad * ex.share))


def _holding(game: AeonsGame, kind: str) -> AeonsModel | None:
    """The model on the table holding a marker of ``kind``, if any."""
    for m in models(game):
        if any(t.kind == kind for t in tokens.held_by(game, m)):
            return m
    return None


def goal_edges(game: AeonsGame, m: AeonsModel, dragged: str = "") -> tuple[Edge, ...]:
    """The edges by which ``m`` (taking the marker ``dragged`` along) would meet an objective
    if it left now: those of its side's exits that it carries what they need for, or its
    share (for the heuristic player)."""
    setting = catalog_of(game).setting
    if setting is None:
        return ()
    return tuple(
        edge
        for edge in Edge
        if edge not in enclosed(game, m)
        and _winning_exit(game, setting, m, edge, dragged) is not None
    )
