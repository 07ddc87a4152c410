"""The game log in words: one sentence per event, each ending with the rule it applies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.rulesets.sacred_wire.roster import squad_from_text, state

if TYPE_CHECKING:
    from skirmish.engine.events import Event
    from skirmish.engine.game import Game

# {a} and {b} are the first and second model of an event; {side_name} names data["side"].
TEMPLATES: dict[str, str] = {
    "roll-off": "Boss roll-off {totals[0]} against {totals[1]}: {winner_name} is First Player",
    "edge": "{side_name} takes the {edge} edge",
    "deployed": "{a} deploys at {at_text}",
    "scout-stays": "{a} stays where it deployed",
    "round": "== Round {round} ==",
    "round-end": "End of round {round}",
    "blessings": "{side_name} rolls its blessings: {blessing_list}",
    "blessed": "{a} receives {blessing}",
    "first-draw": "{side_name} draws the first token",
    "token": "A token of {side_name} is drawn ({tokens[0]} A, {tokens[1]} B in the bag)",
    "activation": "{a} activates",
    "activation-end": "{a} ends its activation",
    "activation-lost": "{a} loses this activation",
    "controlled": "{a} is controlled by {side_name} this activation",
    "bonus-action": "{a} gains a bonus action ({source})",
    "delirium": "{a} must move toward the nearest enemy",
    "ends": "{a} takes no more actions",
    "moved": '{a} moves {length}" to {to_text}{level_text}',
    "move-cancelled": "{a} no longer makes its move",
    "pushed": '{a} is pushed {length}" to {to_text}{level_text}',
    "fell": '{a} falls {height}" ({dice}d6)',
    "flee-blocked": "{a} cannot flee any further",
    "left-board": "{a} leaves the board",
    "attack": "{a} attacks {b} with {weapon} ({mode}{free_text})",
    "free-attack": "{a} gets a free attack on {b} with {weapon}",
    "defense": "{a} rolls Defense against {b}",
    "riposte": "{a} Ripostes {b} with {weapon}",
    "resolution": "{text}",
    "tiers": "{text}",
    "tie": "A tie at the same dice tier: both roll again",
    "attack-result": "The {winner} wins (x{multiple})",
    "shot-misses": 'No model within 1" of {b}: the shot misses',
    "damaged": "{a} loses {amount} Health ({source}), {health} left",
    "no-damage": "{a} takes no damage ({source})",
    "healed": "{a} regains {amount} Health ({source}), {health} now",
    "out-of-action": "{a} is Out of Action",
    "token-discarded": "A token of {side_name} leaves the bag",
    "table-result": "{a}: {row}",
    "status": "{a} now suffers {status}",
    "loses-activation": "{a} will lose its next activation",
    "move-lost": '{a} loses {inches}" Move permanently',
    "tier-lost": "{a} loses {n} DT on {roll} permanently",
    "dropped": "{a} drops its {weapon} ({marker})",
    "destroyed": "{a}'s {weapon} is destroyed",
    "armor-slagged": "{a}'s armour is slagged ({slag} class(es) down)",
    "dissolving": "{a} will go Out of Action at the end of round {round}",
    "flees": "{a} Flees",
    "rallies": "{a} stops Fleeing",
    "hijacked": "{a} will be controlled by {by_name} in its next activation",
    "marked": "{a}: {n:+d} DT on {roll} ({source}, {duration})",
    "power-locked": "{a} cannot cast {power} again this game",
    "power-forgotten": "{a} forgets {power}",
    "trauma-kit": "{a} uses a Trauma Kit: {b}'s {row} is cancelled",
    "morale": "The Boss is down: {side_name} tests morale",
    "wits-test": "{a} tests Wits ({reason}): {total} against {against}, {result}",
    "agent-reroll": "{a} re-rolls its failed Wits test",
    "aims": "{a} aims at {b}",
    "disengages": "{a} disengages",
    "cast": "{a} casts {power} on {b}",
    "cast-result": "The Cast {outcome} ({totals[0]} against {totals[1]}, x{multiple})",
    "cast-spreads": 'The Power spreads to every valid target within 3"',
    "trapped": "{a} is caught in a Neural Trap for its next activation",
    "focused": "{a} will gain a bonus action in its next activation",
    "swapped": "{a} and {b} swap places",
    "pinged": "{a} sees through walls and ignores cover until its next activation",
    "throw": "{a} throws a {grenade} grenade at {at_text}",
    "lands": "The grenade lands at {at_text} ({landing})",
    "smoke": "A smoke column rises at {at_text}",
    "uses": "{a} uses a {item} on {b}",
    "cured": "{a} is cured of {status_list}",
    "picked-up": "{a} picks up a {weapon} ({marker})",
    "game-length": "End of round {round}: the game ends on {need}+: {ends_text}",
    "game-over": "Game over: {outcome}",
}


def describe(game: Game, event: Event) -> str:
    """One line of the log for ``event``."""
    if event.roll is not None:
        return _roll_text(game, event)
    fields = _fields(game, event)
    try:
        text = TEMPLATES.get(event.kind, event.kind).format(**fields)
    except (KeyError, IndexError, ValueError):
        text = f"{event.kind} {event.data}"
    return f"{text}  [{event.rule}]"


def side_name(game: Game, side: int) -> str:
    """``side A (Wrecking Crew)``."""
    name = squad_from_text(state(game).squads[side]).name
    return f"side {'AB'[side]} ({name})"


def _roll_text(game: Game, event: Event) -> str:
    roll = event.roll
    assert roll is not None
    return game.roll_text(event, f" = {roll.value}")


def _fields(game: Game, event: Event) -> dict[str, Any]:
    data: dict[str, Any] = dict(event.data)
    ids = event.models
    data["a"] = game.label(ids[0]) if ids else ""
    data["b"] = game.label(ids[1]) if len(ids) > 1 else ""
    if "side" in data:
        data["side_name"] = side_name(game, data["side"])
    if "by" in data and isinstance(data["by"], int):
        data["by_name"] = side_name(game, data["by"])
    if "winner" in data:
        winner = data["winner"]
        if isinstance(winner, int) or winner is None:
            data["winner_name"] = "nobody" if winner is None else side_name(game, winner)
            data["outcome"] = (
                f"a draw, {data.get('reason', '')}"
                if winner is None
                else f"{side_name(game, winner)} wins, {data.get('reason', '')}"
            )
    for key in ("at", "to"):
        if key in data:
            data[f"{key}_text"] = f"{data[key][0]:g},{data[key][1]:g}"
    data["level_text"] = f" on {data['level']}" if data.get("level") else ""
    data["free_text"] = ", free attack at -1 DT" if data.get("free") else ""
    if "blessings" in data:
        data["blessing_list"] = ", ".join(data["blessings"]) or "none"
    if "statuses" in data:
        data["status_list"] = ", ".join(data["statuses"])
    if "passed" in data:
        data["result"] = "passed" if data["passed"] else "failed"
    if "success" in data:
        data["outcome"] = "succeeds" if data["success"] else "fails"
    if "ends" in data:
        data["ends_text"] = "it ends" if data["ends"] else "it goes on"
    return data
