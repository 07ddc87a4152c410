"""The game log in words: one sentence per event, each ending with the rule it applies."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from skirmish.rulesets.sacred_wire.game.space import COWORKERS, HOSTILES
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.missions import solo
from skirmish.rulesets.sacred_wire.missions.deployment import zones_text
from skirmish.rulesets.sacred_wire.missions.loot import Finding, findings, in_game
from skirmish.rulesets.sacred_wire.rules_data.loot_tables import FindKind

if TYPE_CHECKING:
    from skirmish.engine.events import Event
    from skirmish.rulesets.sacred_wire.game.state import WireGame

SQUADS = "AB"
SITUATIONS = {"No LoS": "seeing no enemy", "Has LoS": "in sight of an enemy", "Engaged": "Engaged"}

# {a} and {b} are the first and second model of an event; {side_name} names data["side"].
TEMPLATES: dict[str, str] = {
    "roll-off": "Boss roll-off {totals[0]} against {totals[1]}: {winner_name} is First Player",
    "edge": "{side_name} takes the {edge} edge",
    "deployment-zone": "{side_name} deploys {zones_text}",
    "exited": "{a} exits across the {edge} edge for the mission",
    "claimed": "{a} claims signal marker {marker} for {side_name}",
    "takes": "{a} takes the {marker} for {side_name}",
    "discoverer": "{side_name} discovered the signal: it picks its edge, the other side intercepts",
    "extractor": "{side_name} is the Extractor: it picks its edge, the other side intercepts",
    "no-squad-left": "No squad model is left on the board: the game ends now, decided as at "
    "its end",
    "detonation": 'The Source detonates: every model within 3" of it takes d6, armour no help',
    "relay-control": 'Round start: {control_text} ({counts[0]} A, {counts[1]} B within 3")',
    "examined": "{a} examines the relay ({total} vs {against}): {examine_text}",
    "redirected": "{a} tries to redirect the signal ({total} vs {against}): {redirect_text}",
    "target-chosen": "{side_name} names its target{target_text}",
    "target-lost": "{a}, the target of {side_name}, is gone: it names a new one at its next "
    "activation",
    "target-taken": "{side_name} takes its target: {b} {taken_text} {a}",
    "targets-revealed": "The targets are revealed: {targets_text}",
    "drops": "{a} lets go of the {marker} at {at_text} ({why})",
    "cut": "{a} cuts conduit {marker} for {side_name}: {cuts} of 2",
    "mark-removed": 'The mark on conduit {marker} is removed: no model of {side_name} within 1"',
    "progress": "{a} Interacts with the {marker} for {side_name}: {label} {progress[0]} A, "
    "{progress[1]} B",
    "set-back": "{a} sets the other side's progress back at the {marker}: {label} "
    "{progress[0]} A, {progress[1]} B",
    "deployed": "{a} deploys at {at_text}",
    "scout-stays": "{a} stays where it deployed",
    "round": "== Round {round} ==",
    "round-end": "End of round {round}",
    "blessings": "{side_name} rolls its blessings: {blessing_list}",
    "first-player": "{side_name} plays alone: it is the First Player (solo play)",
    "blessed": "{a} receives {blessing}",
    "first-draw": "{side_name} draws the first token",
    "token": "A token of {side_name} is drawn ({bag_text} in the bag)",
    "group-token": "The token of {group_name} is drawn ({bag_text} in the bag)",
    "hostiles": "The hostiles are {faction}, {timing_text}",
    "spawn": "{tier_name} spawn: {unit} ({groups}), Spawn Location {location}, at {at_text}",
    "spawned": "{a} spawns in group {group} at {at_text}",
    "spawn-blocked": "No room left for another {unit}",
    "reboots": "{a} will reboot at the start of round {round}",
    "rebooted": "{a} reboots at {at_text} with {health} Health",
    "reboot-blocked": "{a} finds no room to reboot",
    "group": "{group_title} activates: behaviour roll {face}{order_text}",
    "behaviour": "{a} is {situation_text}: {table} row {face} says {behaviour}",
    "hostile-flees": "{a} is Fleeing and makes for the edge",
    "no-target": "{a} has no enemy to attack",
    "out-of-reach": "{a} cannot reach {b} to attack",
    "holds": "{a} cannot get any nearer ({how})",
    "regrouped": '{a} stays where it stands: it is within 1" of {b} already (regroup)',
    "phased": "{a} phases to {to_text}{level_text}",
    "phase-blocked": "{a} finds no spot to phase to",
    "summoned": "{a} Summons: a cluster of {size} brings {flickers} Flicker(s)",
    "summon-spent": "{a} cannot Summon again this round",
    "summon-short": "{a} has only {size} in its cluster: nothing comes",
    "activation": "{a} activates",
    "activation-end": "{a} ends its activation",
    "activation-lost": "{a} loses this activation",
    "controlled": "{a} is controlled by {side_name} this activation",
    "bonus-action": "{a} gains a bonus action ({source})",
    "bonus-action-capped": (
        "{a} gains no bonus action ({source}): it has the two actions an activation allows "
        "already (C4.1)"
    ),
    "delirium": "{a} must move toward the nearest enemy",
    "ends": "{a} takes no more actions",
    "moved": '{a} moves {length}" to {to_text}{level_text}',
    "move-cancelled": "{a} stays where it stands: {why}",
    "pushed": '{a} is pushed {length}" to {to_text}{level_text}',
    "fell": '{a} falls {height}" ({dice}d6)',
    "flee-blocked": "{a} cannot flee any further",
    "at-edge": "{a} flees no further: it stands at the table's edge already",
    "flee-spent": "{a} flees no further: it has no Move left",
    "left-board": "{a} leaves the board",
    "attack": "{a} attacks {b} with {weapon} ({mode}{free_text})",
    "free-attack": "{a} gets a free attack on {b} with {weapon}",
    "free-attack-lost": "{a} no longer reaches {b}: its free attack is lost",
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
    "injury-modifier": "{a} will roll Injury at {shift:+d} ({injury:+d} in all)",
    "token-discarded": "A token of {side_name} leaves the bag",
    "table-result": "{a}: {row}",
    "status": "{a} now suffers {status}",
    "loses-activation": "{a} will lose its next activation",
    "move-lost": '{a} loses {inches}" Move permanently',
    "tier-lost": "{a} loses {n} DT on {roll} permanently",
    "dropped": "{a} drops its {weapon} ({marker})",
    "weapon-lost": "{a} loses its {weapon} and fights Unarmed",
    "destroyed": "{a}'s {weapon} is destroyed",
    "armor-slagged": "{a}'s armour is slagged, classes down: {slag}",
    "dissolving": "{a} will go Out of Action at the end of round {round}",
    "flees": "{a} Flees",
    "rallies": "{a} stops Fleeing",
    "stops-acting": "{a} Flees and acts no more this activation",
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
    "renewed": "{a} is under {power} already: the new cast renews it, nothing adds up",
    "trapped": "{a} is caught in a Neural Trap for its next activation",
    "focused": "{a} will gain a bonus action in its next activation",
    "swapped": "{a} and {b} swap places",
    "pinged": "{a} sees through walls and ignores cover until its next activation",
    "throw": "{a} throws a grenade, {grenade}, at {at_text}",
    "lands": "The grenade lands at {at_text} ({landing})",
    "smoke": "A smoke column rises at {at_text}",
    "uses": "{a} uses its {item} on {b}",  # its: no article to fit "an Adrenaline"
    "cured": "{a} is cured of {status_list}",
    "picked-up": "{a} picks up the {weapon} ({marker})",
    "mission": "The mission is {name} ({rule_id})",
    "roles": "Evidence gap {gap} (totals {totals[0]} A, {totals[1]} B): {winner_name} is the "
    "Aggressor ({decided}), {side_name} the Defender",
    "marker-nudged": "Terrain blocks marker {marker} at {at_text}: it goes as close as it can, "
    "at {to_text}",
    "marker-placed": "{side_name} places marker {marker} at {at_text}",
    "seizure": "End of round {round}: {winner_name} scores at the beacon ({counts[0]} A, "
    '{counts[1]} B within 3"); points {points[0]} A, {points[1]} B',
    "seizure-end": "Seizure at game end: points {points[0]} A, {points[1]} B; {counts[0]} A and "
    '{counts[1]} B within 3" of the beacon',
    "control": 'Control at game end: {counts[0]} A and {counts[1]} B within 3" of the centre',
    "quadrant": "Quadrant {quadrant}: held by {winner_name} ({counts[0]} A, {counts[1]} B)",
    "node": 'Relay node {marker}: live for {winner_name} ({counts[0]} A, {counts[1]} B within 3")',
    "mission-reward": "Mission reward: side A +{leads[0]} Lead(s) +{evidence[0]} Evidence, side B "
    "+{leads[1]} Lead(s) +{evidence[1]} Evidence ({because})",
    "game-length": "End of round {round}: the game ends on {need}+: {ends_text}",
    "loot-placed": "{side_name} places Loot Marker {marker} at {at_text}{nudged_text}",
    "loot-no-room": "No clear spot is left for Loot Marker {marker}: it is off the table",
    "loot-shifted": 'Loot Marker {marker} lies within 1" of a mission objective: it moves to '
    "the nearest clear spot, {to_text}",
    "stash-edge": "{side_name} puts the Edge Stash along the {edge} edge",
    "decoy-marked": "{side_name} marks {marker_text} as a decoy",
    "advantages": "{side_name}, the Defender, holds {names_text}",
    "redeployed": "{a} is redeployed at {at_text}",
    "terrain-placed": "{side_name} places the {name} {piece} at {at_text}, turned {turn} degrees",
    "terrain-no-room": "No legal spot is left for terrain piece {piece}: it is not placed",
    "free-search": "{a} makes its free Search",
    "coworkers": "The Coworkers: {setup}, {modifier}; {unit} ({groups})",
    "coworker-edge": "The Coworkers stand at the {edge} edge",
    "coworker-placed": "{a} is placed at {at_text}",
    "coworker-no-room": "No room is left for {a}: it is off the table",
    "coworker-shifted": '{a} stands within 1" of a mission objective: it moves to the nearest '
    "clear spot, {to_text}",
    "coworker-hostile": "{a} turns Hostile: {why}",
    "cooperates": "{a} Cooperates: Interrogations of it roll at +1 DT through round {until}",
    "interrogate": "{a} interrogates {b}",
    "interrogated": "The Interrogate {outcome} ({total} against {against})",
    "interrogate-row": "Interrogate table {total}: {row}",
    "search": "{a} searches Loot Marker {marker}",
    "decoy-revealed": "Loot Marker {marker} is a decoy: it is removed, nothing is found",
    "search-result": "The Search {outcome} ({total} against {against})",
    "search-fumble": "{a} sets off a trap at Loot Marker {marker}",
    "find-again": "{a} rolls {rolls} more times on the find table, ignoring 20s",
    "found": "{a} finds {find_text}",
    "loot-expired": "The Loot Markers left are removed at the end of round {round}",
    "game-over": "Game over: {outcome}{finds_text}",
}


def describe(game: WireGame, event: Event) -> str:
    """One line of the log for ``event``."""
    if event.roll is not None:
        return game.roll_text(event, f" = {event.roll.value}")
    fields = _fields(game, event)
    try:
        text = TEMPLATES.get(event.kind, event.kind).format(**fields)
    except (KeyError, IndexError, ValueError):
        text = f"{event.kind} {event.data}"
    return f"{text}  [{event.rule}]"


def side_name(game: WireGame, side: int) -> str:
    """``side A (Wrecking Crew)``; the hostiles by their faction, ``the Scrapers``."""
    name = game.state.lineups[side].name
    if side >= len(SQUADS):
        return f"the {name}"
    return f"side {SQUADS[side]} ({name})"


def _fields(game: WireGame, event: Event) -> dict[str, Any]:
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
            # A squad wins; the hostiles and the Coworkers, named as a crowd, win.
            verb = "wins" if winner is not None and winner < len(SQUADS) else "win"
            data["outcome"] = (
                f"a draw, {data.get('reason', '')}"
                if winner is None
                else f"{side_name(game, winner)} {verb}, {data.get('reason', '')}"
            )
    for key in ("at", "to"):
        if key in data:
            data[f"{key}_text"] = _point_text(data[key])
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
    data["nudged_text"] = ""
    if "nudged_from" in data:
        data["nudged_text"] = f" (moved to a clear spot from {_point_text(data['nudged_from'])})"
    if "tokens" in data:
        groups = f", {data['groups']} group(s)" if data.get("groups") else ""
        data["bag_text"] = f"{data['tokens'][0]} A, {data['tokens'][1]} B{groups}"
    if "group" in data:
        data["group_name"] = _group_name(game, data["group"])
        data["group_title"] = data["group_name"][0].upper() + data["group_name"][1:]
    if "tier" in data:
        data["tier_name"] = str(data["tier"]).capitalize()
    if "situation" in data:
        data["situation_text"] = SITUATIONS.get(data["situation"], data["situation"])
    if event.kind == "group":
        # A Hijacked model, played as a group of one, is named in the title already.
        alone = data["group"] in game.index
        data["order_text"] = "" if alone else ", in turn " + ", ".join(game.label(i) for i in ids)
    if event.kind == "hostiles":
        timing = data["timing"]
        data["timing_text"] = (
            "spawning as the mission says"
            if timing == "none"
            else f"on the {timing} Hostile Timing"
        )
    if event.kind == "relay-control":
        side = data["side"]
        holder = "nobody" if side < 0 else side_name(game, side)
        data["control_text"] = f"{holder} controls the relay"
    if event.kind == "examined":
        data["examine_text"] = (
            ("1 Evidence and 1 Lead" if data["evidence"] else "1 Lead")
            if data["success"]
            else "nothing"
        )
    if event.kind == "redirected":
        data["redirect_text"] = (
            "it succeeds"
            if data["success"]
            else f"it fails: every later spawn has {data['surge']} model(s) more"
        )
    if event.kind == "decoy-marked":
        marker = data.get("marker")
        data["marker_text"] = f"Loot Marker {marker}" if marker else "one of its Loot Markers"
    if event.kind == "target-chosen":
        data["target_text"] = (
            f": {game.label(data['target'])}" if "target" in data else " in secret"
        )
    if event.kind == "target-taken":
        data["taken_text"] = "makes Flee" if data["fled"] else "takes Out of Action"
    if event.kind == "targets-revealed":
        named = [
            f"side {SQUADS[side]} hunted {game.label(target)}"
            for side, target in enumerate(data["targets"])
            if target
        ]
        data["targets_text"] = ", ".join(named) or "none named"
    if event.kind == "deployment-zone":
        data["zones_text"] = zones_text(tuple(data["zones"]))
    if event.kind == "advantages":
        names = data["names"]
        data["names_text"] = ("the advantages " + ", ".join(names)) if names else "no advantage"
    if event.kind == "found":
        data["find_text"] = find_text(FindKind(data["kind"]), data["amount"], data["item"])
    if event.kind == "game-over":
        data["finds_text"] = _finds_summary(game)
    return data


def _group_name(game: WireGame, group: str) -> str:
    """``hostile group G1``, ``Coworker group CW1``; a Hijacked squad model, played as a group
    by its own id (notes A39), ``the Hijacked Pike (A4)``."""
    if group in game.index:
        return f"the Hijacked {game.label(group)}"
    side = next((m.side for m in game.models if m.group == group), HOSTILES)
    return f"{'Coworker' if side == COWORKERS else 'hostile'} group {group}"


def _point_text(p: list[float]) -> str:
    return f"{p[0]:g},{p[1]:g}"


def find_text(kind: FindKind, amount: int, item: str = "") -> str:
    """A find in words: ``12 subs``, ``Frag``, ``1 Evidence (unrecorded)``."""
    if kind is FindKind.ITEM:
        return item
    if kind is FindKind.SUBS:
        return f"{amount} subs"
    if kind is FindKind.EVIDENCE:
        return f"{amount} Evidence (unrecorded)"
    if kind is FindKind.LEAD:
        return f"{amount} Lead{'s' if amount > 1 else ''}"
    if kind is FindKind.EVIDENCE_LOST:
        return f"{amount} Evidence to lose (the owner picks which, K2.4)"
    return f"{amount} Merit{'s' if amount > 1 else ''}"


def _finds_summary(game: WireGame) -> str:
    """What each side found by Search or Interrogate, for the game-end line (only with Loot
    Markers or Coworkers)."""
    if not (in_game(game.setup) or coworkers.in_game(game.setup)):
        return ""
    parts = []
    for side in (0,) if solo.played(game.setup) else (0, 1):
        found = _tallied(findings(game, side))
        listed = ", ".join(_finding_text(game, f) for f in found) or "nothing"
        parts.append(f"{side_name(game, side)} found {listed}")
    return "; " + "; ".join(parts)


def _tallied(found: tuple[Finding, ...]) -> list[Finding]:
    """``found`` with the amounts of each kind added up (a Merit's for each model) where it
    first came, so two Leads read ``2 Leads``; items stay one by one."""
    merged: dict[int | tuple[FindKind, str], Finding] = {}
    for n, f in enumerate(found):
        owner = f.model if f.kind is FindKind.MERIT else ""
        key = n if f.kind is FindKind.ITEM else (f.kind, owner)
        same = merged.get(key)
        merged[key] = f if same is None else replace(same, amount=same.amount + f.amount)
    return list(merged.values())


def _finding_text(game: WireGame, f: Finding) -> str:
    text = find_text(f.kind, f.amount, f.item)
    return f"{text} for {game.label(f.model)}" if f.kind is FindKind.MERIT else text
