"""What the scenario scores at the end of each turn, and how the game ends (house scenarios,
``wolsung-scenarios.md`` §4; the book has none, rules notes §1.14, §7 item 2).

The scoring rules are :mod:`..table.scoring`; this module hands them the models as they
stand (:class:`..table.measure.Presence`) and the casualties so far. Every scenario counts
casualty points: 2 for an enemy Hero put out of action, 1 for a Henchman, none for a model
that entered play during the game, as a Hero the Wandering Actor brought back (§4.0, L806);
with the Funds tally, the model's Funds instead (:attr:`..roster.Member.funds`, §4.0).
They are Back-Alley Brawl's (S1) only points. Rooftop Claims (S2) scores the markers each club
controls, Four Districts (S4) the districts, on the scoring turns, and The Stolen Blueprints
(S3) the Blueprints carried at the end (:mod:`.blueprints`, which also scores its searches);
there the casualty points only break a tie (§4.2-§4.4). The game ends after the last turn, or
at the end of a turn when one club alone still has models (sudden death, §4.0), that club
then placing first; otherwise the most points win, casualty points break a tie, and clubs
still level share the place. With three or four clubs, a club wiped out keeps its points but
scores no more: a casualty counts to nobody when the club whose attack it was had no model
left as the Action that hit it began, as when a Fire Template it laid earlier in the turn
burns an enemy; the hits of one Action land together (L44), so a last model that kills and
falls in the same Action scores its kill (§4.0, :func:`credited`). With two clubs the game
ends with the turn a club is wiped out in, and that turn's casualties all count. A club wiped
out, whatever the number of clubs, is out of the card game as well (our house reading,
:func:`leave_card_game`).

With the setup's ``extra_turn_roll``, a D6 is rolled at the end of the sixth turn, unless
sudden death ends the game then: on a success (L9) a seventh and last turn is played (§4.0,
§5). The roll comes before that turn's scoring, so the Blueprints carried are scored once,
at the end of the game's last turn. The scoring turns stay those of the scenario (§5,
``score_turns``): a seventh turn scores casualties and the Blueprints, no objectives.

Models as scoring sees them (:class:`..table.measure.Presence`): those on the table, and a
model still to arrive (an Infiltrator before its turn, L535), which counts for nothing but
keeps its club in the game. A casualty that came in during the game (summoned Hounds or a
Golem) is worth no casualty points (§4.0, ``spawned``).
"""

from __future__ import annotations

from skirmish.geometry.memo import Memo
from skirmish.rulesets.wolsung.cards.hand import spend
from skirmish.rulesets.wolsung.combat.opposed import SUCCESS
from skirmish.rulesets.wolsung.game.base import common_of, last_turn, member, scenario_of
from skirmish.rulesets.wolsung.game.blueprints import carried_vp
from skirmish.rulesets.wolsung.game.hands import hand
from skirmish.rulesets.wolsung.game.infiltration import waiting
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.roster import Arrival
from skirmish.rulesets.wolsung.game.setup import zone_of
from skirmish.rulesets.wolsung.game.space import surface
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.table.markers import scenario_markers
from skirmish.rulesets.wolsung.table.measure import Presence, Spot
from skirmish.rulesets.wolsung.table.records import Marker
from skirmish.rulesets.wolsung.table.scoring import (
    Casualty,
    casualty_vp,
    district_vp,
    objective_vp,
    placing,
    standing,
    sudden_death,
)

__all__ = [
    "SCENARIOS",
    "credited",
    "end_of_turn",
    "in_game",
    "leave_card_game",
    "presences",
    "spots",
]

SCENARIOS = "wolsung-scenarios.md §4.0"
SCORES_NO_MORE_FROM = 3
"""The clubs in play from which a club wiped out scores no more (§4.0)."""


def presences(game: WolsungGame) -> list[Presence]:
    """Every model on the table as scoring sees it, and every one still to arrive, off the
    table (L535)."""
    placed = [
        Presence(m.side, m.x, m.y, surface(game, m), m.radius, m.hero, m.toppled)
        for m in game.models
        if m.on_table
    ]
    coming = [
        Presence(m.side, m.x, m.y, 0.0, m.radius, m.hero, on_table=False) for m in waiting(game)
    ]
    return placed + coming


def spots(game: WolsungGame) -> dict[str, Spot]:
    """Where the scenario's markers lie on this board (§4.0, §4.2)."""
    board, common = game.board, common_of(game)
    markers = scenario_of(game).markers
    memo: Memo[tuple[Marker, ...], dict[str, Spot]] = board.memo("wolsung-markers")
    return memo.remember(markers, lambda: scenario_markers(board, markers, common))


def in_game(game: WolsungGame) -> frozenset[int]:
    """The clubs with a model on the table or still to arrive (L535); any other is wiped out
    (§4.0). A model lent to another club for a spell's Actions (L459) stands for its own."""
    present = [m for m in game.models if m.on_table] + waiting(game)
    return frozenset(member(game, m.id).club for m in present)


def leave_card_game(game: WolsungGame, seat: int) -> None:
    """``seat``'s club, wiped out, is out of the card game (a house reading of ours beside
    §4.0 and rules notes §7 item 6; the book has no player without models): it discards its
    hand at once, so no card-asking rule asks it again and the cards go back to the pile the
    deck is reshuffled from; it draws no more (:mod:`.turn`)."""
    game.emit("out-of-cards", SCENARIOS, (), seat=seat)
    held = hand(game, seat)
    if held:
        spend(game, seat, held, SCENARIOS)


def credited(game: WolsungGame, model_id: str, seat: int, standing: frozenset[int]) -> int:
    """The seat a casualty falling now counts to: ``seat``, whose attack it was, unless its
    club was wiped out when the Action that hits began (not in ``standing``, the clubs
    :func:`in_game` then), which with three or four clubs scores no more (§4.0); then nobody
    (-1). Every hit of an Action lands together at its end (L44), so a club's last model
    scores what it kills in the Action it falls in. With two clubs the clause does not apply:
    the game ends with the turn, and the turn's kills all count. A club's own casualty scores
    for nobody anyway."""
    if (
        seat < 0
        or seat == member(game, model_id).club
        or seat in standing
        or len(game.state.seats) < SCORES_NO_MORE_FROM
    ):
        return seat
    game.emit("scores-no-more", SCENARIOS, (model_id,), seat=seat)
    return -1


def _turn_vp(game: WolsungGame, models: list[Presence]) -> tuple[int, ...]:
    """The points of objectives and districts this turn (S2 §4.2, S4 §4.4)."""
    scenario, common, st = scenario_of(game), common_of(game), game.state
    players = len(st.seats)
    if scenario.markers:
        return objective_vp(st.turn, scenario.markers, spots(game), models, players, common)
    if scenario.districts is not None:
        zones = [zone_of(game, seat) for seat in st.seats]
        return district_vp(st.turn, models, zones, common, scenario.districts)
    return carried_vp(game)


def casualty(
    game: WolsungGame, m: WolsungModel, scorer: int | None, before: tuple[tuple[str, int], ...]
) -> Casualty:
    """``m`` as a casualty scored by ``scorer``, after those that fell ``before`` it: a model
    called in during the game scores nothing, nor one that falls again, which had come back
    into play (True Identity, L806)."""
    fielded = member(game, m.id)
    again = any(earlier == m.id for earlier, _ in before)
    spawned = again or fielded.arrival is Arrival.SUMMONED
    return Casualty(m.side, scorer, m.hero, spawned, fielded.funds)


def end_of_turn(game: WolsungGame) -> None:
    """Score the turn and end the game if it is over (§4.0)."""
    st, common = game.state, common_of(game)
    models = presences(game)
    if st.turn == common.turns and game.setup["extra_turn_roll"]:
        _roll_for_extra_turn(game, models)
    casualties = [
        casualty(game, game.model(mid), None if by < 0 else by, st.fallen[:n])
        for n, (mid, by) in enumerate(st.fallen)
    ]
    st.casualties = casualty_vp(casualties, len(st.seats), common)
    turn_vp = _turn_vp(game, models)
    st.scored = tuple(a + b for a, b in zip(st.scored, turn_vp, strict=True))
    st.vp = st.casualties if scenario_of(game).scores_casualties else st.scored
    game.emit("score", SCENARIOS, (), turn=st.turn, vp=list(st.vp), turn_vp=list(turn_vp))
    if sudden_death(models, common):
        left = standing(models)
        first = next(iter(left)) if left else None
        reason = "one club alone is left on the table" if left else "no club is left"
    elif st.turn >= last_turn(game):
        first, reason = None, f"the last of {last_turn(game)} turns is played"
    else:
        return
    game.end_placed(placing(st.vp, st.casualties, first), reason, SCENARIOS)


def _roll_for_extra_turn(game: WolsungGame, models: list[Presence]) -> None:
    """At the end of the sixth turn, unless sudden death ends the game, a D6: on a success a
    seventh and last turn is played (§4.0, §5)."""
    if sudden_death(models, common_of(game)):
        return
    st = game.state
    st.extra_turn = game.roll("D6", "seventh turn", SCENARIOS).value >= SUCCESS
    game.emit("extra-turn", SCENARIOS, (), played=st.extra_turn, turn=st.turn + 1)
