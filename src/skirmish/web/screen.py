"""What a viewer's screen shows of a game, as plain data for the pages and the JSON API
alike: the decision (options named, with the ruleset's exact odds where it has them), the
piles of cards, the log and the models, each as the viewer's view of the game gives it."""

from __future__ import annotations

from typing import Any

from skirmish.engine.game import Game
from skirmish.legend import outcome_text
from skirmish.terminal import named, pile_line
from skirmish.web.room import Room, Viewer, game_status


def decision_data(seen: Game[Any, Any], viewer: Viewer) -> dict[str, Any] | None:
    """The pending decision as the viewer sees it: its options and point choices only when
    the viewer decides it (``yours``), else who is to decide what."""
    d = seen.decision
    if d is None:
        return None
    yours = d.player in viewer.sides
    rs = seen.ruleset
    data: dict[str, Any] = {
        "player": d.player,
        "side": seen.sides.names[d.player],
        "kind": d.kind,
        "prompt": d.prompt,
        "sealed": d.sealed,
        "yours": yours,
        "options": [],
        "points": [],
    }
    if yours:
        data["options"] = [
            {
                "action": a.to_text(),
                "named": named(seen, a.args).removeprefix("  - "),
                "odds": rs.action_odds(seen, a),
            }
            for a in d.options
        ]
        data["points"] = [
            {
                "kind": s.kind,
                "args": list(s.args),
                "hint": s.hint,
                "template": s.to_text(),
                "named": named(seen, s.args).removeprefix("  - "),
            }
            for s in d.points
        ]
    return data


def model_data(seen: Game[Any, Any]) -> list[dict[str, Any]]:
    """Every model: where it is (table inches), its state as the ruleset words it."""
    out = []
    for m in seen.models:
        shown = seen.ruleset.model_status(seen, m)
        out.append(
            {
                "id": m.id,
                "name": m.name,
                "side": m.side,
                "x": m.x,
                "y": m.y,
                "radius": m.radius,
                "level": m.level,
                "on_table": m.on_table,
                "removed": m.removed,
                "health": shown.health,
                "conditions": list(shown.conditions),
            }
        )
    return out


def log_lines(seen: Game[Any, Any]) -> list[str]:
    """The log, a sentence per event citing its rule, as the viewer may read it."""
    return [seen.describe(e) for e in seen.log]


def pile_lines(seen: Game[Any, Any]) -> list[str]:
    """Each pile of cards: its cards when the viewer may look, else how many."""
    return [pile_line(seen, p) for p in seen.piles]


def game_data(room: Room, viewer: Viewer) -> dict[str, Any]:
    """The game as the viewer may know it, for the JSON API."""
    seen = room.seen(viewer)
    rs = seen.ruleset
    result = seen.result
    return {
        "id": room.id,
        "ruleset": rs.id,
        "title": rs.title,
        "sides": list(seen.sides.names),
        "players": list(room.kinds),
        "viewer": None if viewer.side is None else seen.sides.names[viewer.side],
        "status": game_status(seen),
        "over": seen.is_over,
        "result": None
        if result is None
        else {"placing": list(result.placing), "reason": result.reason, "text": outcome_text(seen)},
        "moves": len(seen.actions),
        "paused": room.paused,
        "delay": room.delay,
        "passing": room.passing(viewer),
        "decision": None if room.passing(viewer) else decision_data(seen, viewer),
        "piles": [] if room.passing(viewer) else pile_lines(seen),
        "models": model_data(seen),
    }
