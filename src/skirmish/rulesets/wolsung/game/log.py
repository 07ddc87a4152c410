"""A Wolsung game's events as sentences of the log, each ending with the rule it applies."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from skirmish.engine.events import Event
from skirmish.engine.game import Outcome
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["describe"]

Line = Callable[[WolsungGame, Event, Mapping[str, Any]], str]
TEMPLATE_NAMES = {"fire": "Fire Template", "mist": "Mist Template", "smoke": "Smoke Marker"}
"""What the log calls each kind of template on the table (L575, L723, L615)."""


def _name(game: WolsungGame, event: Event, n: int = 0) -> str:
    return game.label(event.models[n])


def _listed(game: WolsungGame, models: tuple[str, ...]) -> str:
    names = [game.label(m) for m in models]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _club(game: WolsungGame, seat: int | None) -> str:
    return "nobody" if seat is None else game.sides.names[seat]


def _game_over(game: WolsungGame, data: Mapping[str, Any]) -> str:
    """Who wins: one club, the clubs sharing first place, or a draw when every club shares it
    (scenarios §4.0)."""
    result = Outcome(tuple(data["placing"]), data["reason"], "")
    firsts = [_club(game, seat) for seat in result.winners]
    if result.drawn:
        verdict = "a draw"
    elif len(firsts) == 1:
        verdict = f"{firsts[0]} wins"
    else:
        verdict = ", ".join(firsts[:-1]) + f" and {firsts[-1]} share the win"
    return f"Game over: {verdict} ({data['reason']})"


def _score(game: WolsungGame, data: Mapping[str, Any]) -> str:
    total = ", ".join(f"{_club(game, s)} {v}" for s, v in enumerate(data["vp"]))
    gained = [f"{_club(game, s)} +{v}" for s, v in enumerate(data["turn_vp"]) if v]
    return f"Victory points: {total}" + (f" ({', '.join(gained)} this turn)" if gained else "")


def _melee_hit(game: WolsungGame, event: Event, data: Mapping[str, Any]) -> str:
    """The model a shot into a melee hits: the one with the fewest successes, or the one the
    shooter's player picked among those tied for them (L123)."""
    shooter, hit, fewest = event.models[0], event.models[1], event.models[2:]
    least = f"the fewest successes ({data['successes']})"
    if len(fewest) == 1:
        return f"{game.label(hit)} has {least}: the shot goes to it"
    club = _club(game, game.model(shooter).side)
    return (
        f"{_listed(game, fewest)} tie with {least}: {game.label(shooter)}'s player ({club}) "
        f"picks {game.label(hit)} to be hit"
    )


_LINES: Mapping[str, Line] = {
    "turn": lambda g, e, d: f"Turn {d['turn']} begins; {_club(g, d['first'])} is First Player",
    "short-draw": lambda g, e, d: (
        f"{_club(g, d['seat'])} draws {d['drawn']} of {d['due']} cards: the deck is out"
    ),
    "first-player": lambda g, e, d: f"{_club(g, d['seat'])} wins the roll-off: First Player",
    "zone": lambda g, e, d: f"{_club(g, d['seat'])} deploys in the {d['zone']} zone",
    "deployed": lambda g, e, d: f"{_name(g, e)} deploys at {d['at'][0]:g},{d['at'][1]:g}",
    "activates": lambda g, e, d: f"{_name(g, e)} activates with {d['actions']} Actions",
    "activation-ended": lambda g, e, d: f"{_name(g, e)} ends its activation",
    "recovered": lambda g, e, d: f"{_name(g, e)} stands up: Heroic Recovery",
    "stood-up": lambda g, e, d: f"{_name(g, e)} spends an Action standing up",
    "stood-at-end": lambda g, e, d: f"{_name(g, e)} stands up as its activation ends",
    "moved": lambda g, e, d: (
        f'{_name(g, e)} moves {d["length"]:g}" to {d["to"][0]:g},{d["to"][1]:g}'
    ),
    "shifted": lambda g, e, d: (
        f'{_name(g, e)} is shifted {d["length"]:g}" to {d["to"][0]:g},{d["to"][1]:g}'
    ),
    "climbed": lambda g, e, d: (
        f"{_name(g, e)} climbs {'up' if d['up'] else 'down'} ladder {d['ladder']}"
    ),
    "charged": lambda g, e, d: f"{_name(g, e)} charges into base contact with {_name(g, e, 1)}",
    "charge-held": lambda g, e, d: (
        f"{_name(g, e)} charges {_name(g, e, 1)}, whose level has no room for it: the two stand "
        "as close as they may and count as in base contact"
    ),
    "charge-no-attack": lambda g, e, d: (
        f"{_name(g, e)} makes no attack on {_name(g, e, 1)} as its charge ends"
    ),
    "charge-short": lambda g, e, d: (
        f"{_name(g, e)}'s charge ends {d['gap']:g}\" short of {_name(g, e, 1)}: no attack"
    ),
    "split": lambda g, e, d: (
        f'{_listed(g, e.models)} step {d["by"]:g}" aside: the melee splits in two'
    ),
    "no-split": lambda g, e, d: (
        f"The melee {_name(g, e)} joins has no room to split in two: it stays whole"
    ),
    "template-laid": lambda g, e, d: (
        f"{TEMPLATE_NAMES[d['kind']]} {d['id']} is laid at {d['at'][0]:g},{d['at'][1]:g}"
    ),
    "template-lifted": lambda g, e, d: f"{TEMPLATE_NAMES[d['kind']]} {d['id']} is removed",
    "template-range": lambda g, e, d: (
        f'Template {d["id"]} lies {d["near"]:g}" to {d["far"]:g}" from {_name(g, e)}: '
        + {
            "all": "every model under it is shot",
            "part": "its farthest point is out of range, no attack; it stays",
            "none": "out of range, the shot does nothing",
        }[d["reached"]]
    ),
    "beam": lambda g, e, d: (
        f"{_name(g, e)}'s beam"
        + (f", relayed by {_listed(g, tuple(d['relays']))}," if d["relays"] else "")
        + f" runs to {d['to'][0]:g},{d['to'][1]:g}: "
        + (
            f"it crosses {_listed(g, e.models[1:])} in sight"
            if len(e.models) > 1
            else "no model in sight on it"
        )
    ),
    "burnt": lambda g, e, d: (
        f"{_name(g, e)} "
        + ("starts its Action under" if d["why"] == "start" else "moves through")
        + f" Fire Template {d['id']}: an S1 Fire hit"
    ),
    "mistwalk": lambda g, e, d: (
        f"{_name(g, e)} steps through the mist into Mist Template {d['id']}"
    ),
    "retreat": lambda g, e, d: f"{_name(g, e)} retreats to the shadows of Mist Template {d['id']}",
    "fumes": lambda g, e, d: (
        f"{_name(g, e)} "
        + ("starts its activation under" if d["why"] == "start" else "moves through")
        + f" Mist Template {d['id']}: the Acidic Fumes of {_name(g, e, 1)}"
    ),
    "shot-reaction": lambda g, e, d: f"{_name(g, e)} reacts: {d['reaction']}",
    "rencontre": lambda g, e, d: f"{_name(g, e)} turns the shot back on {_name(g, e, 1)}",
    "melee-reaction": lambda g, e, d: f"{_name(g, e)} reacts: {d['reaction']}",
    "swift": lambda g, e, d: f"{_name(g, e)} defends with its Reflex: Swift",
    "measured": lambda g, e, d: f'{_name(g, e, 1)} is {d["distance"]:g}" from {_name(g, e)}',
    "out-of-range": lambda g, e, d: (
        f"{_name(g, e, 1)} is beyond the range of {_name(g, e)}'s weapon: the shot misses"
    ),
    "pools": lambda g, e, d: (
        f"{_name(g, e)} rolls {d['active']}; {_name(g, e, 1)} rolls {d['defender']}"
    ),
    "melee-pools": lambda g, e, d: (
        f"Into the melee: {_name(g, e)} rolls {d['active']}; "
        + "; ".join(
            f"{g.label(m)} rolls {pool}" for m, pool in zip(e.models[1:], d["engaged"], strict=True)
        )
    ),
    "melee-hit": _melee_hit,
    "shot": lambda g, e, d: (
        f"{_name(g, e)}'s shot {'hits' if d['hit'] else 'misses'} "
        f"{_name(g, e, 1)} ({d['successes'][0]} to {d['successes'][1]} successes)"
    ),
    "strike": lambda g, e, d: (
        f"{_name(g, e)}'s attack "
        + ("hits" if d["hit"] else "is countered by" if d["countered"] else "is parried by")
        + f" {_name(g, e, 1)} ({d['successes'][0]} to {d['successes'][1]} successes)"
    ),
    "leave-test": lambda g, e, d: (
        f"{_name(g, e)} "
        + ("breaks away from" if d["leaves"] else "is held by")
        + f" {_name(g, e, 1)} ({d['successes'][0]} to {d['successes'][1]} successes)"
    ),
    "wounded": lambda g, e, d: (
        f"{_name(g, e)} loses {d['wounds']} Wounds ({d['why']}), {d['left']} left"
    ),
    "out-of-action": lambda g, e, d: f"{_name(g, e)} is out of the game",
    "toppled": lambda g, e, d: f"{_name(g, e)} is Toppled by {d['why']}",
    "deed": lambda g, e, d: (
        f"{_name(g, e)}'s player lays {d['card']}: +{d['successes']} successes (Heroic Deed)"
    ),
    "deed-pass": lambda g, e, d: f"{_name(g, e)}'s player plays no more Heroic Deeds",
    "top-hat": lambda g, e, d: (
        f"{_name(g, e)}'s top-hat takes the Steal: {_club(g, d['seat'])} is First Player"
    ),
    "bid-won": lambda g, e, d: (
        f"{d['kind']} bid opened by {_club(g, d['opener'])}: {_club(g, d['winner'])} wins it"
    ),
    "bid-lost": lambda g, e, d: (
        f"{d['kind']} bid opened by {_club(g, d['opener'])}: "
        f"{_club(g, d['winner'])} lays the highest card, and it fails"
    ),
    "stands-in": lambda g, e, d: (
        f"{_name(g, e)} takes the shot for {_name(g, e, 1)}, "
        f"stepping into the line of fire at {d['at'][0]:g},{d['at'][1]:g}"
    ),
    "hard-to-kill": lambda g, e, d: f"{_name(g, e)} is Hard to Kill: left on 1 Wound",
    "cast": lambda g, e, d: (
        f"{_name(g, e)} casts {d['spell']}"
        + ("" if d["target"] == "all" else f" at {g.label(d['target'])}")
    ),
    "unpaid-spell": lambda g, e, d: f"{_name(g, e)} holds no card to pay for {d['spell']}",
    "out-of-range-spell": lambda g, e, d: (
        f"{d['spell']} is out of range: it fails"
        + (f", the {d['card']} spent" if d["card"] else "")
    ),
    "spell": lambda g, e, d: f"{d['spell']} " + ("works" if d["works"] else "fails"),
    "effect": lambda g, e, d: f"{_name(g, e)}: {d['what']} until {d['until'].replace('_', ' ')}",
    "shield-up": lambda g, e, d: (
        f"A Shield of {d['wounds']} Wounds covers " + ", ".join(g.label(m) for m in e.models)
    ),
    "shield": lambda g, e, d: (
        f"The Shield around {_name(g, e)} takes {d['held']} Wounds"
        + (" and falls" if d["ended"] else "")
    ),
    "healed": lambda g, e, d: f"{_name(g, e)} gains {d['wounds']} Wounds",
    "attunes": lambda g, e, d: f"{_name(g, e)} attunes {_name(g, e, 1)}",
    "engineers": lambda g, e, d: (
        f"{_name(g, e)} works on {_name(g, e, 1)}: {d['mode'].replace('_', ' ').title()}"
    ),
    "carried": lambda g, e, d: (
        f"{_name(g, e)} is carried along with {_name(g, e, 1)} to {d['at'][0]:g},{d['at'][1]:g}"
    ),
    "no-room-to-carry": lambda g, e, d: (
        f"No room for {_name(g, e)} in base contact with {_name(g, e, 1)}: it stays"
    ),
    "free-move": lambda g, e, d: f"{_name(g, e)} makes the Wheelchair's free Move",
    "true-identity": lambda g, e, d: (
        f"{_name(g, e)} reveals his true identity: {_name(g, e, 1)} stands in his place with "
        f"{d['wounds']} Wounds"
    ),
    "puppet": lambda g, e, d: f"{_name(g, e)}'s Death Puppet is tied to {_name(g, e, 1)}",
    "essence": lambda g, e, d: (
        f"{_name(g, e)} gains {d['gained']} Essence token(s) for the Wounds {_name(g, e, 1)} "
        f"lost ({d['held']} held)"
    ),
    "luck": lambda g, e, d: (
        f"{_name(g, e)} re-rolls all {len(d['faces'])} dice of its {d['purpose']} roll "
        f"[{', '.join(map(str, d['faces']))}]"
        + (f" against {_name(g, e, 1)}" if len(e.models) > 1 else "")
        + ": Beginner's Luck"
    ),
    "essence-spent": lambda g, e, d: (
        f"{_name(g, e)} spends {d['spent']} Essence token(s) on a re-roll ({d['held']} held)"
    ),
    "no-effect": lambda g, e, d: f"The spell does nothing to {_name(g, e)}: {d['reason']}",
    "extra-activation": lambda g, e, d: (
        f"{_name(g, e, 1)}'s player makes {d['actions']} Action(s) with {_name(g, e)}"
    ),
    "crowd-token": lambda g, e, d: f"{_name(g, e)} starts the game Concealed in the Crowd",
    "crowd-token-lost": lambda g, e, d: (
        f"{_name(g, e)} loses its Crowd Token"
        + (f': {_name(g, e, 1)} is within 3"' if len(e.models) > 1 else ": it attacks")
    ),
    "golem-idle": lambda g, e, d: (
        f"{_name(g, e)} has no Scientist on the table: it skips its activation"
    ),
    "golem-returns": lambda g, e, d: (
        f"{_name(g, e)} is beyond its Control Range: it must Move back toward a Scientist"
    ),
    "no-way-back": lambda g, e, d: f"{_name(g, e)} finds no way back toward a Scientist",
    "leashed": lambda g, e, d: f"{_name(g, e)} stops at the edge of its Control Range",
    "pack-held": lambda g, e, d: f"{_name(g, e)} stops where it would stray too far from its pack",
    "heroic-move": lambda g, e, d: f"{_name(g, e)} makes a Heroic Move this activation",
    "heroic-climb": lambda g, e, d: (
        f"{_name(g, e)} climbs "
        + ("down to the ground" if d["to"] == "ground" else f"onto {g.board.piece(d['to']).name}")
    ),
    "jumped": lambda g, e, d: (
        f'{_name(g, e)} jumps {d["length"]:g}" to {d["to"][0]:g},{d["to"][1]:g}'
    ),
    "clue": lambda g, e, d: f"A Clue is placed at {d['at'][0]:g},{d['at'][1]:g}",
    "blueprints-found": lambda g, e, d: f"{_name(g, e)} searches a Clue and finds the Blueprints",
    "clue-empty": lambda g, e, d: f"{_name(g, e)} searches a Clue: empty, +{d['vp']} VP",
    "blueprints-taken": lambda g, e, d: f"{_name(g, e)} picks up the Blueprints",
    "blueprints-dropped": lambda g, e, d: f"{_name(g, e)} drops the Blueprints",
    "escaped": lambda g, e, d: f"{_name(g, e)} leaves the table with the Blueprints",
    "summons": lambda g, e, d: (
        f"{_name(g, e)} calls {d['count']} model(s) into play: {d['rule_name']}"
    ),
    "enters": lambda g, e, d: f"{_name(g, e)} comes into play at {d['at'][0]:g},{d['at'][1]:g}",
    "marker": lambda g, e, d: (
        f"{_club(g, g.model(e.models[0]).side)} lays a marker for {_name(g, e)} "
        f"at {d['at'][0]:g},{d['at'][1]:g}"
    ),
    "infiltration": lambda g, e, d: (
        f"{_name(g, e)} scores {d['hits']} successes: "
        + (f"{d['allows']} of its markers allowed" if d["allows"] else "the enemy places it")
    ),
    "marker-allowed": lambda g, e, d: f"{d['club']} allows {_name(g, e)} its marker {d['marker']}",
    "infiltrated": lambda g, e, d: f"{_name(g, e)} comes in at {d['at'][0]:g},{d['at'][1]:g}",
    "extra-turn": lambda g, e, d: (
        f"Turn {d['turn']} is played, the last" if d["played"] else f"No turn {d['turn']}"
    ),
    "turn-ends": lambda g, e, d: f"Turn {d['turn']} ends",
    "ring-ends": lambda g, e, d: (
        "The Despotic Ring's activations are over: what lasts until the end of the turn ends"
    ),
    "scores-no-more": lambda g, e, d: (
        f"{_club(g, d['seat'])} is wiped out and scores nothing for {_name(g, e)}"
    ),
    "out-of-cards": lambda g, e, d: (
        f"{_club(g, d['seat'])} has no model left: it discards its hand and plays no more cards"
    ),
    "score": lambda g, e, d: _score(g, d),
    "game-over": lambda g, e, d: _game_over(g, d),
}

_CARDS = ("shuffle", "reshuffle", "draw", "discard", "reveal")


def describe(game: WolsungGame, event: Event) -> str:
    """The event as a sentence of the log, its rule cited."""
    if event.kind in ("commit", "sealed-reveal"):
        return game.sealed_text(event)
    if event.kind in _CARDS:
        return game.card_text(event)
    if event.kind in ("roll", "reroll"):
        return game.roll_text(event)
    line = _LINES[event.kind](game, event, event.data)
    return f"{line}  [{event.rule}]"
