"""The heuristic player's score for every answer to every decision of a Wolsung game, judged from
the deciding player's view alone: its own hand, the table, and the cards it cannot see as one
pool (rules notes §6).

Higher is better; answers scored alike are chosen among at random by the player. What each
decision weighs is in :mod:`.outlook` (attacks, threats, spots), :mod:`.cards` (cards and bids)
and :mod:`.rolled` (after the dice). Beyond those:

- An Action is worth what it does now and the worth of the spot it leaves the model at with
  the Actions it has left (:meth:`.Outlook.spot_value`); ending the activation, the worth of
  staying put until the model acts again. A Toppled model stands up (L111). An attack by a
  model in the crowd costs it its Crowd Token (L728, :meth:`.Outlook.unmasking`).
- A shot's Wounds on a Noble go to a Butler when they cost less there, its Toppling counted
  (L547).
- The model to activate is the one with the best attack now, or the most to fear where it
  stands (it should act before the threat does); a Toppled one later (L111).
- A Mist Template is laid where it is worth most (:meth:`.Outlook.mist_value`); the one taken
  off to make room, or at the end of the turn, is the one farthest from the club's models
  (L721). Retreat to Shadows goes where the model stands best (L834).
- A melee that splits steps aside the fight that takes the club's moving models away from
  the enemies outside it that may reach them (L161).
- Heroic Recovery is bought when an Action, more in a melee where a Toppled model fights with
  one die, is worth more than the card (L111, L211).
- A deployment spot is worth being toward the front of the zone and across from the enemy
  already deployed, hidden from the enemy zone, and not crowded by friends (L30); a Golem's,
  within the Control Range of a Scientist already deployed (L556).
- A Golem's Charge judged to end beyond its Control Range, or a Hound's more than 6" from
  its pack, is worth no blow: it stops short (L556, L499). In base contact, a Charge attacks
  where the blow is worth more than none (L127).
- The deployment zone is scored alike either way: the house scenario's zones are the two long
  edges of the table, mirror images on the boards it plays.
- Calling henchmen into play (L356, L493) is worth, for each, a little for the body on the
  table and what it may do from beside its bringer; each is placed where it stands best.
- An Infiltrator's markers go where it would stand best; the enemy allows it, or puts it on,
  the spots where it stands worst, and it comes in on the best one allowed (L535).
- A carrier of the Blueprints at its own table edge always leaves the table with them,
  winning the game (scenarios §4.3).
"""

from __future__ import annotations

from collections.abc import Callable

from skirmish.engine.action import Action
from skirmish.engine.game import View
from skirmish.geometry.shapes import Point, distance
from skirmish.geometry.sight import Body, sight_between
from skirmish.rulesets.wolsung.ai.cards import (
    bid_gain,
    bid_score,
    card_worth,
    club_needs,
    keep_chance,
    win_chance,
)
from skirmish.rulesets.wolsung.ai.magic import best_cast, cast_value
from skirmish.rulesets.wolsung.ai.odds import Stake, hit_chance
from skirmish.rulesets.wolsung.ai.outlook import Firing, Outlook, Spot, here
from skirmish.rulesets.wolsung.ai.rolled import (
    REROLL_COSTS,
    deed_score,
    hit_worth,
    reroll_score,
    rolled,
)
from skirmish.rulesets.wolsung.cards.hand import hand_pile
from skirmish.rulesets.wolsung.cards.payments import UseKind, deed_bonus
from skirmish.rulesets.wolsung.combat.melee import Charge, Reaction, fight_value
from skirmish.rulesets.wolsung.combat.opposed import successes
from skirmish.rulesets.wolsung.game.activation import (
    TENDED,
    TENDED_AFTER_MOVE,
    Activation,
    trample_targets,
)
from skirmish.rulesets.wolsung.game.attacks import ChooseShot, MeleeAttack, Shoot, is_swift
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.casting import Cast
from skirmish.rulesets.wolsung.game.charge import ChargeAttack
from skirmish.rulesets.wolsung.game.golems import control_error, control_reach, out_of_range
from skirmish.rulesets.wolsung.game.hands import card_of, hand
from skirmish.rulesets.wolsung.game.heroic_move import climb_targets
from skirmish.rulesets.wolsung.game.infiltration import markers_of
from skirmish.rulesets.wolsung.game.initiative import BidRound
from skirmish.rulesets.wolsung.game.mist import mist_spot
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import LeaveMelee, ladder_end
from skirmish.rulesets.wolsung.game.rerolls import SOURCES, dice_rerolled
from skirmish.rulesets.wolsung.game.setup import zone_box
from skirmish.rulesets.wolsung.game.space import base_at, gap, surface
from skirmish.rulesets.wolsung.game.split import SplitMelee, split_layouts
from skirmish.rulesets.wolsung.game.state import WolsungState
from skirmish.rulesets.wolsung.game.summons import called, summon_of
from skirmish.rulesets.wolsung.game.templates import SMOKE_RADIUS, mists, touching_centre
from skirmish.rulesets.wolsung.game.tethers import tethers
from skirmish.rulesets.wolsung.rules_data.records import RangedWeapon

__all__ = ["score_actions"]

WolsungView = View[WolsungModel, WolsungState]
Scorer = Callable[[Outlook, list[Action]], list[float]]

HEROIC_MOVE_WORTH = 0.05
"""What a Heroic Move's climbs and jumps are worth (L213): a route more, seldom the best."""
BLOOD_WORTH = 0.15
"""What a Magic Ability die more is worth for a caster (L789)."""
MIST_LATER = 0.1
"""What the Mist Template laid after a Quick Move is worth, aimed once the Move is made."""
SMOKE_SHARE = 0.5
"""The share of a Mist Template's worth a Smoke Marker there has: it lasts the turn only (L52)."""
ENTRY = 0.5
"""What a model called into play is worth for being on the table, besides what it may do."""
REVEAL_WORTH = 1.0
"""What True Identity is worth: a dead Hero back with its full Wounds in the Actor's place,
and scoring nothing to the enemy when it falls again (L806, §4.0)."""
RING_WORTH = 0.25
"""What an activation before the first turn is worth, the enemy still far off (L752): less
than half the Wounds of a model that has more than 1 to lose."""
TOP_HAT_KEPT = 0.4
"""What keeping Sir Oakroot's top-hat for a later turn is worth (L434)."""
DRAW_WORTH = 0.2
"""What Man about town's draw is worth: a card more, and the pick of three (L414)."""
ATTUNE_WORTH = {"R": 0.1, "Armour": 0.15, "wide_control_range": 0.05, "attuned_casting": 0.2}
"""What each effect of Attunement is worth on a Scientist (L696-L699); the casting re-roll only
to one that casts; the 18" Control Range a little for the room it gives its Golems, and
:data:`HELD_BACK` more for each of them it saves a Move back (L556, L698)."""
HELD_BACK = 0.3
ENGINEER_WORTH = {"power_flux": 0.15, "overcharge": 0.2}
"""What Power Flux and Overcharge are worth on a Golem (L651-L652); Overcharge nothing to one
that has activated this turn. Repair is worth the Wounds it gives back (L653)."""
TEND_LATER = 0.05
"""What an Attunement or an Engineer's work after a Move is worth, judged once the Move is made
(L228, L650, L695)."""
SCENARIO_ACTIONS = {"search": 1.5, "pick-up": 3.0}
"""The Stolen Blueprints' Special Actions (scenarios §4.3): a Clue is a point or the
Blueprints; the Blueprints carried are 4 points."""
STAND = 1.0
"""Standing up: the one Action open to a Toppled model (L111)."""
ACTION_WORTH = 0.3
"""What an Action saved by Heroic Recovery is worth (L211)."""
TOPPLED_IN_MELEE = 0.3
"""What it is worth more in a melee, where a Toppled model fights with one die (L111)."""
FLEE = 0.5
"""The weight of the threat a model stands under, as a reason to activate it first."""
TOPPLED_LATER = 0.5
"""The weight of a Toppled model's reasons to activate: its first Action only stands it up."""
FRONT = 0.2
FACING = 0.01
HIDDEN = 0.2
CROWD = 0.1
CROWDED = 2.0
ASTRAY = 1.0
"""A deployment spot's worth: at the front of the zone, per inch across from the enemy, hidden
from the enemy zone, less for each friend within :data:`CROWDED` inches, and much less for a
Golem beyond the Control Range of its Scientists deployed (L556)."""


def score_actions(view: WolsungView, candidates: list[Action]) -> list[float]:
    """A score for each candidate answer to the view's decision (higher is better)."""
    decision = view.decision
    assert decision is not None
    scorer = SCORERS.get(decision.kind)
    if scorer is None:
        return [0.0] * len(candidates)
    return scorer(Outlook(view, decision.player), candidates)


# -- setup -------------------------------------------------------------------------------------


def _deploy(seen: Outlook, candidates: list[Action]) -> list[float]:
    game = seen.game
    m = game.model(candidates[0].args[0])
    board = game.board
    placed = [o for o in game.models if o.on_table and o.id != m.id]
    friends = [o.pos for o in placed if o.side == m.side]
    foes = [o.x for o in placed if o.side != m.side]
    across = sum(foes) / len(foes) if foes else board.width / 2
    _, low, _, high = zone_box(game, m.side, m.radius)
    middle, centre = board.height / 2, (low + high) / 2
    enemy = Body((board.width / 2, board.height - centre), m.radius, None, m.height)
    scores = []
    for a in candidates:
        assert a.point is not None
        x, y = a.point
        hidden = sight_between(board, enemy, Body(a.point, m.radius, None, m.height))
        crowd = sum(1 for f in friends if distance(f, a.point) < CROWDED)
        astray = control_error(game, m, a.point, board.surface_at(a.point)) is not None
        scores.append(
            FRONT * (1 - abs(y - middle) / middle)
            - FACING * abs(x - across)
            + HIDDEN * hidden.blocked_fraction
            - CROWD * crowd
            - ASTRAY * astray
        )
    return scores


def _discard(seen: Outlook, candidates: list[Action]) -> list[float]:
    needs = club_needs(seen.game, seen.side)
    return [-card_worth(card_of(a.args[0]), needs) for a in candidates]


# -- the initiative ----------------------------------------------------------------------------


def _tempo(seen: Outlook) -> float:
    """The worth of the best attack each club may make with its next activation, summed."""
    game = seen.game
    total = 0.0
    for seat in game.state.seats:
        waiting = [m for m in game.models if m.side == seat and m.on_table and not m.activated]
        total += max((seen.best_attack(m, here(m), Firing()) for m in waiting), default=0.0)
    return total


def _card_bids(seen: Outlook, kind: UseKind, opens: bool) -> dict[str, float]:
    """What laying each card of the hand on a bid of ``kind`` is worth, by card text: as its
    opener or a Steal's bidder (``opens``), or as a counter."""
    game = seen.game
    needs = club_needs(game, seen.side)
    gain = bid_gain(kind, _tempo(seen))
    others = [s for s in game.state.seats if s != seen.side]
    answered = any(game.pile(hand_pile(s)).cards for s in others)
    keeps = kind is UseKind.STEAL and game.state.first == seen.side
    scores = {}
    for card in hand(game, seen.side):
        if keeps:
            chance = keep_chance(card, seen.unseen, answered)
        else:
            chance = win_chance(card, seen.unseen, opens, answered)
        scores[card.text] = bid_score(gain, chance, card_worth(card, needs))
    return scores


def _bid(seen: Outlook, candidates: list[Action]) -> list[float]:
    step = seen.game.stack[-1]
    assert isinstance(step, BidRound)
    kind = UseKind(step.kind)
    worth = _card_bids(seen, kind, kind is UseKind.STEAL or step.opener == seen.side)
    return [0.0 if a.kind == "pass" else worth[a.args[0]] for a in candidates]


def _declaring(kind: UseKind, word: str) -> Scorer:
    """Scores a declaration of a bid of ``kind`` (the option ``word``) by its best card."""

    def score(seen: Outlook, candidates: list[Action]) -> list[float]:
        best = max(_card_bids(seen, kind, opens=True).values(), default=0.0)
        return [best if a.kind == word else 0.0 for a in candidates]

    return score


def _top_hat(seen: Outlook, candidates: list[Action]) -> list[float]:
    """The top-hat's Steal, no card and no contest, when acting first now is worth more than
    keeping the hat for a later turn; never to the First Player (L434)."""
    first = seen.game.state.first == seen.side
    gain = 0.0 if first else bid_gain(UseKind.STEAL, _tempo(seen))
    return [gain - TOP_HAT_KEPT if a.kind == "top-hat" else 0.0 for a in candidates]


def _leave_table(seen: Outlook, candidates: list[Action]) -> list[float]:
    """Leaving the table with the Blueprints wins the game at once: always (§4.3)."""
    return [1.0 if a.kind == "escape" else 0.0 for a in candidates]


def _true_identity(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A dead Hero brought back for the card it costs (L806)."""
    needs = club_needs(seen.game, seen.side)
    return [
        0.0 if a.kind == "no-reveal" else REVEAL_WORTH - card_worth(card_of(a.args[2]), needs)
        for a in candidates
    ]


def _puppet(seen: Outlook, candidates: list[Action]) -> list[float]:
    """The enemy Hero to tie a Death Puppet to: the one with the most Wounds to lose, which
    its bearer gains (L754)."""
    return [float(seen.game.model(a.args[1]).wounds) for a in candidates]


def _ring(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A model's activation before the first turn against the half of its Wounds it costs
    (L752); passing is 0."""
    scores = []
    for a in candidates:
        if a.kind == "no-ring":
            scores.append(0.0)
            continue
        m = seen.game.model(a.args[0])
        scores.append(RING_WORTH - seen.stake(m).harm(m.wounds // 2))
    return scores


def _activate(seen: Outlook, candidates: list[Action]) -> list[float]:
    return [_urgency(seen, seen.game.model(a.args[0])) for a in candidates]


def _urgency(seen: Outlook, m: WolsungModel) -> float:
    stay = here(m)
    reasons = seen.best_attack(m, stay, Firing()) + FLEE * seen.caution * seen.exposure(m, stay)
    return reasons * (TOPPLED_LATER if m.toppled else 1.0)


# -- the activation ----------------------------------------------------------------------------


def _activation(seen: Outlook) -> tuple[Activation, WolsungModel]:
    step = seen.game.stack[-1]
    assert isinstance(step, Activation)
    return step, seen.game.model(step.model)


def _offer(gain: float) -> Scorer:
    """A card offered for an effect worth ``gain``: the card's worth off it; declining is 0."""

    def score(seen: Outlook, candidates: list[Action]) -> list[float]:
        needs = club_needs(seen.game, seen.side)
        return [
            0.0
            if a.kind.startswith("no-")
            else gain - (card_worth(card_of(a.args[1]), needs) if len(a.args) > 1 else 0.0)
            for a in candidates
        ]

    return score


def _cast(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A spell cast after a Move: each by its worth, giving it up at 0 (L178)."""
    return [
        0.0 if a.kind == "no-cast" else cast_value(seen, seen.game.model(a.args[0]), *a.args[1:3])
        for a in candidates
    ]


def _spell_cost(seen: Outlook, candidates: list[Action]) -> list[float]:
    """The card to pay a spell with: the one least worth keeping (L171-L174)."""
    needs = club_needs(seen.game, seen.side)
    return [-card_worth(card_of(a.args[0]), needs) for a in candidates]


def _recovery(seen: Outlook, candidates: list[Action]) -> list[float]:
    _, m = _activation(seen)
    needs = club_needs(seen.game, seen.side)
    gain = ACTION_WORTH + (TOPPLED_IN_MELEE if seen.engaged(m) else 0.0)
    scores = []
    for a in candidates:
        paid = card_worth(card_of(a.args[1]), needs) if len(a.args) > 1 else 0.0
        scores.append(0.0 if a.kind == "no-recovery" else gain - paid)
    return scores


def _actions(seen: Outlook, candidates: list[Action]) -> list[float]:
    step, m = _activation(seen)
    return [_action(seen, step, m, a) for a in candidates]


def _weapon(seen: Outlook, m: WolsungModel, weapon: str) -> RangedWeapon:
    return next(w for w in seen.combatant(m).ranged if w.id == weapon)


def _action(seen: Outlook, step: Activation, m: WolsungModel, a: Action) -> float:
    special = _special(seen, step, m, a)
    if special is not None:
        return special
    game, kind = seen.game, a.kind
    after, stay = step.left - 1, here(m)
    now = Firing(moved=step.moved, first_shot=not m.fired)
    moved = Firing(moved=True, first_shot=not m.fired)
    if kind == "end":
        return seen.spot_value(m, stay, 0, Firing())
    if kind == "stand-up":
        return STAND + seen.spot_value(m, stay, after, now)
    if kind == "fight":
        blow = seen.fight_value(m, game.model(a.args[1])) - seen.unmasking(m, stay)
        return blow + seen.spot_value(m, stay, after, now)
    if kind == "shoot":
        shot = seen.shot_value(m, stay, _weapon(seen, m, a.args[1]), game.model(a.args[2]), now)
        shot -= seen.unmasking(m, stay)
        return shot + seen.spot_value(m, stay, after, now._replace(first_shot=False))
    if kind == "charge":
        foe = game.model(a.args[1])
        end = seen.charge_end(m, foe)
        spot = base_at(game, m, end.point, end.level)
        held = any(not t.holds(spot) for t in tethers(game, m))  # stops short (L556, L499)
        blow = 0.0
        if not held:
            blow = seen.charge_value(m, stay, foe, seen.detour(m, foe)) - seen.unmasking(m, end)
        return blow + seen.spot_value(m, end, after, moved)
    if kind == "climb":
        ladder = next(lad for lad in game.board.ladders if lad.id == a.args[1])
        top = ladder_end(m, ladder)
        assert top is not None
        return _away(seen, m, seen.spot_value(m, Spot(*top), after, moved), after, now)
    assert a.point is not None
    to = Spot(a.point, m.level)
    if kind == "free-move":
        # An Action more: the Actions left stay as they are (L468).
        kind, after = ("leave" if seen.engaged(m) else "move"), step.left
    if kind == "leave":
        return _away(seen, m, seen.spot_value(m, to, after, moved), after, now)
    if kind == "quick-move":
        w, quick = _weapon(seen, m, a.args[1]), Firing(True, True, 1, not m.fired)
        shot = max((seen.shot_value(m, to, w, e, quick) for e in seen.targets(m)), default=0.0)
        shot -= seen.unmasking(m, to) if shot > 0.0 else 0.0
        return shot + seen.spot_value(m, to, after, moved._replace(first_shot=False))
    if kind == "jump":
        return seen.spot_value(m, Spot(a.point, game.board.surface_at(a.point)), after, moved)
    if kind == "beam":
        beam = seen.beam_value(m, _weapon(seen, m, a.args[1]), a.point, now, a.args[2:])
        return beam + seen.spot_value(m, stay, after, now._replace(first_shot=False))
    if kind == "mist":
        mist = seen.mist_value(m.side, mist_spot(m, a.point), m.level)
        return mist + seen.spot_value(m, stay, after, now)
    if kind == "smoke":
        # Smoke hides as Mist does but is gone at the end of the turn (§7 item 61): a share of
        # what a Mist Template there would be worth.
        centre = touching_centre(m, a.point, SMOKE_RADIUS)
        smoke = SMOKE_SHARE * seen.mist_value(m.side, centre, m.level)
        return smoke + seen.spot_value(m, stay, after, now)
    if kind == "mist-move":
        return MIST_LATER + seen.spot_value(m, to, after, moved)
    if kind == "mistwalk":
        into = next(t for t in mists(game) if t.id == a.args[1])
        return seen.spot_value(m, Spot(a.point, into.level), after, moved)
    if kind == "cast-move":
        return best_cast(seen, m, to) + seen.spot_value(m, to, after, moved)
    if kind == "quick-summon":
        return _called_worth(seen, m, to) + seen.spot_value(m, to, after, moved)
    if kind in TENDED_AFTER_MOVE:
        return TEND_LATER + seen.spot_value(m, to, after, moved)
    return seen.spot_value(m, to, after, moved)


def _called_worth(seen: Outlook, m: WolsungModel, at: Spot) -> float:
    """What the models ``m`` calls into play are worth, coming in beside it standing ``at``:
    each its body on the table and the best it may do from there (L356, L493)."""
    effect = summon_of(seen.game, m)
    assert effect is not None
    return sum(
        ENTRY + max(0.0, seen.spot_value(o, at, seen.combatant(o).profile.A, Firing()))
        for o in called(seen.game, m, effect)
    )


def _special(seen: Outlook, step: Activation, m: WolsungModel, a: Action) -> float | None:
    """The worth of an Action that is neither a Move, a shot nor a blow, or ``None``."""
    after, stay, now = step.left - 1, here(m), Firing(moved=step.moved, first_shot=not m.fired)
    kind = a.kind
    if kind == "cast":
        return cast_value(seen, m, a.args[1], a.args[2]) + seen.spot_value(m, stay, after, now)
    if kind == "heroic-climb":
        to = next(
            (Spot(p, level) for name, p, level in climb_targets(seen.game, m) if name == a.args[1]),
            stay,
        )
        return seen.spot_value(m, to, after, Firing(moved=True))
    if kind in SCENARIO_ACTIONS:
        return SCENARIO_ACTIONS[kind] + seen.spot_value(m, stay, after, now)
    if kind == "summon":
        return _called_worth(seen, m, stay) + seen.spot_value(m, stay, after, now)
    if kind == "trample":
        blows = sum(seen.fight_value(m, foe) for foe in trample_targets(seen.game, m))
        return blows + seen.spot_value(m, stay, after, now)
    if kind in TENDED:
        return _tend_worth(seen, a) + seen.spot_value(m, stay, after, now)
    if kind == "return":
        return 0.0  # the one Action open to a Golem beyond its Control Range (L556)
    return None


def _attune_worth(seen: Outlook, scientist: str, mode: str) -> float:
    """What an Attunement effect ``mode`` on ``scientist`` is worth (L696-L699)."""
    game = seen.game
    casts = bool(member(game, scientist).spells)
    if mode == "attuned_casting" and not casts:
        return 0.0
    wide = control_reach(game, mode)
    if wide is not None:
        held = game.model(scientist)
        saved = [
            g
            for g in game.models
            if g.side == held.side and out_of_range(game, g) and gap(game, g, held) <= wide
        ]
        return ATTUNE_WORTH[mode] + HELD_BACK * len(saved)
    return ATTUNE_WORTH[mode]


def _engineer_worth(seen: Outlook, golem: str, mode: str) -> float:
    """What an Engineer's ``mode`` on ``golem`` is worth (L651-L653)."""
    m = seen.game.model(golem)
    if mode == "repair":
        full = member(seen.game, golem).fighter.profile.W
        return Stake(seen.stake(m).points, full).harm(full - m.wounds)
    return 0.0 if mode == "overcharge" and m.activated else ENGINEER_WORTH[mode]


def _tend_worth(seen: Outlook, a: Action) -> float:
    """What a tending's effect on a friend is worth (L650, L695)."""
    worth = _attune_worth if a.kind == "attune" else _engineer_worth
    return worth(seen, a.args[1], a.args[2])


def _tend(seen: Outlook, candidates: list[Action]) -> list[float]:
    """The friend and effect of an Attunement or an Engineer's work after its Move (L650,
    L695)."""
    return [_tend_worth(seen, a) if a.kind in TENDED else 0.0 for a in candidates]


def _away(seen: Outlook, m: WolsungModel, away: float, after: int, now: Firing) -> float:
    """What a Move of ``m`` to a spot worth ``away`` is worth: out of a melee, only as likely
    as the Leaving Melee test passes, else it stays where it is (L164)."""
    if not seen.engaged(m):
        return away
    chance = _leave_chance(seen, m)
    return chance * away + (1 - chance) * seen.spot_value(m, here(m), after, now)


def _leave_chance(seen: Outlook, m: WolsungModel) -> float:
    """The chance that ``m`` passes the Leaving Melee test: its Reflex against the Fight of
    the strongest enemy in contact (L164)."""
    hold = max(fight_value(seen.fighter(o)) for o in seen.engaged(m))
    return hit_chance(seen.combatant(m).profile.R, hold)


# -- shots and blows ---------------------------------------------------------------------------


def _next_shot(seen: Outlook, candidates: list[Action]) -> list[float]:
    step = seen.game.stack[-1]
    assert isinstance(step, ChooseShot)
    game = seen.game
    m = game.model(step.shooter)
    w = _weapon(seen, m, step.weapon)
    firing = Firing(step.moved, step.quick, step.shot, not m.fired)
    return [
        0.0
        if a.kind == "hold-fire"
        else seen.shot_value(m, here(m), w, game.model(a.args[2]), firing)
        for a in candidates
    ]


def _shot_reaction(seen: Outlook, candidates: list[Action]) -> list[float]:
    step = seen.game.stack[-1]
    assert isinstance(step, Shoot)
    game = seen.game
    shooter, target = game.model(step.shooter), game.model(step.target)
    view = seen.sight(shooter, here(shooter), target, looking=True)
    rise = surface(game, target) - surface(game, shooter)
    firing = Firing(step.moved, step.quick, step.shot, step.first_shot)
    judged = seen.judge(shooter, here(shooter), target)
    w = _weapon(seen, shooter, step.weapon)
    misted = seen.misted(target, here(target))
    worth = seen.shot_harms(shooter, w, target, judged, rise, view.blocked_fraction, firing, misted)
    answers = {
        "hold-nerves": -worth.hold,
        "dive-for-cover": -worth.dive - seen.topple_worth(target),
        "rencontre": -(worth.rencontre or 0.0),
    }
    return [answers[a.kind] for a in candidates]


def _melee_reaction(seen: Outlook, candidates: list[Action]) -> list[float]:
    step = seen.game.stack[-1]
    assert isinstance(step, MeleeAttack)
    game = seen.game
    a, d = game.model(step.attacker), game.model(step.defender)
    charge = Charge(step.start_height) if step.charge else None
    worth = seen.blows(a, d, seen.current_fight(a, d, charge))
    return [-worth[Reaction(option.args[1]), is_swift(option)] for option in candidates]


def _charge_attack(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A Charge's attack goes at the enemy in base contact where it is worth most, if that is
    more than none: its blows, the defender reacting as suits it, less a Crowd Token it costs
    (L127, L155, L728)."""
    step = seen.game.stack[-1]
    assert isinstance(step, ChargeAttack)
    game = seen.game
    a = game.model(step.charger)
    unmasking, charge = seen.unmasking(a, here(a)), Charge(step.start_height)

    def blow(foe: WolsungModel) -> float:
        return seen.melee_value(a, foe, seen.current_fight(a, foe, charge)) - unmasking

    return [blow(game.model(o.args[1])) if o.kind == "attack" else 0.0 for o in candidates]


def _into_melee(seen: Outlook, candidates: list[Action]) -> list[float]:
    step = seen.game.stack[-1]
    assert isinstance(step, Shoot)
    game = seen.game
    shooter = game.model(step.shooter)
    scores = []
    for a in candidates:
        i = int(a.args[0])
        margin = successes(step.guns) - successes(step.reflexes[i])
        scores.append(hit_worth(seen, shooter, step.weapon, game.model(a.args[1]))(margin))
    return scores


def _butler(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A shot's Wounds on a Noble go where they cost least: on the Noble, or on a Butler, which
    is Toppled besides (L547)."""
    game = seen.game
    hit = game.state.pending[0]
    scores = []
    for a in candidates:
        if a.kind == "no-butler":
            scores.append(-seen.stake(game.model(hit.model)).harm(hit.wounds))
            continue
        butler = game.model(a.args[1])
        scores.append(-seen.stake(butler).harm(hit.wounds) - seen.topple_worth(butler))
    return scores


def _split(seen: Outlook, candidates: list[Action]) -> list[float]:
    """The fight to step aside: the one that takes the club's models that move farther from the
    enemies outside the melee that may reach them, by the judged inches (L161)."""
    step = seen.game.stack[-1]
    assert isinstance(step, SplitMelee)
    game = seen.game
    shifts = {k.moved: k.shift for k in split_layouts(game, game.model(step.charger)) or ()}
    melee = {i for moved in shifts for i in moved}
    scores = []
    for a in candidates:
        dx, dy = shifts[a.args]
        score = 0.0
        for m in (game.model(i) for i in a.args if game.model(i).side == seen.side):
            stay, to = here(m), Spot((m.x + dx, m.y + dy), m.level)
            for e in seen.enemies(m):
                near = seen.judge(m, stay, e)
                if e.id not in melee and near <= seen.reach(e) + seen.move(e):
                    score += seen.judge(m, to, e) - near
        scores.append(score)
    return scores


def _mist_aim(seen: Outlook, candidates: list[Action]) -> list[float]:
    """Where to lay the Mist Template after a Quick Move: as for the Mistmaker's Action."""
    m = seen.game.model(candidates[0].args[0])
    scores = []
    for a in candidates:
        assert a.point is not None
        scores.append(seen.mist_value(m.side, mist_spot(m, a.point), m.level))
    return scores


def _lift_mist(seen: Outlook, candidates: list[Action]) -> list[float]:
    """The Mist Template to take off: the one farthest from the club's models (L721)."""
    game = seen.game
    ours = [o.pos for o in game.models if o.on_table and o.side == seen.side]
    lying = {t.id: (t.x, t.y) for t in mists(game)}
    return [min((distance(lying[a.args[0]], p) for p in ours), default=0.0) for a in candidates]


def _retreat(seen: Outlook, candidates: list[Action]) -> list[float]:
    """Retreat to Shadows or stay: where the model stands best (L834)."""
    game = seen.game
    m = game.model(candidates[0].args[0])
    scores = []
    for a in candidates:
        to = here(m) if a.point is None else Spot(a.point, game.board.surface_at(a.point))
        scores.append(seen.spot_value(m, to, 1, Firing(moved=True)))
    return scores


def _waiting_test(seen: Outlook) -> Shoot | MeleeAttack | LeaveMelee | Cast:
    step = seen.game.stack[-1]
    assert isinstance(step, Shoot | MeleeAttack | LeaveMelee | Cast)
    return step


def _reroll(seen: Outlook, candidates: list[Action]) -> list[float]:
    step = _waiting_test(seen)
    assert step.rerolls is not None
    # Every pool after the active side's is a defender's: into a melee, one Reflex roll each.
    test, side = rolled(seen, step), min(step.rerolls.turn, 1)
    scores = []
    for a in candidates:
        if a.kind == "keep":
            scores.append(0.0)
            continue
        source, count = SOURCES[a.args[1]], dice_rerolled(seen.game, step.rerolls, a)
        cost = REROLL_COSTS.get(a.args[1], 0.0) * (count if source.counted else 1)
        scores.append(reroll_score(test, side, None if source.whole else count, cost))
    return scores


def _deed(seen: Outlook, candidates: list[Action]) -> list[float]:
    step = _waiting_test(seen)
    assert step.deeds is not None
    test, side = rolled(seen, step), step.deeds.to_play
    needs = club_needs(seen.game, seen.side)
    cards = [card_of(a.args[0]) for a in candidates if a.kind == "deed"]
    scores = []
    for a in candidates:
        if a.kind != "deed":
            scores.append(0.0)
            continue
        card = card_of(a.args[0])
        others = [(deed_bonus(c), card_worth(c, needs)) for c in cards if c != card]
        scores.append(deed_score(test, side, card_worth(card, needs), deed_bonus(card), others))
    return scores


# -- models coming into play -------------------------------------------------------------------


def _standing(seen: Outlook, m: WolsungModel, point: Point) -> float:
    """What standing at ``point`` is worth to ``m``, a model coming into play, with all its
    Actions to come."""
    at = Spot(point, seen.game.board.surface_at(point))
    return seen.spot_value(m, at, seen.combatant(m).profile.A, Firing())


def _place(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A summoned model comes in where it stands best (L356, L493)."""
    game = seen.game
    return [_standing(seen, game.model(a.args[0]), _point(a)) for a in candidates]


def _carry(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A friend carried along goes where it stands best, if better than where it stands
    (L572, L664)."""
    return [0.0 if a.point is None else _carried_gain(seen, a) for a in candidates]


def _carried_gain(seen: Outlook, a: Action) -> float:
    m = seen.game.model(a.args[0])
    return _standing(seen, m, _point(a)) - _standing(seen, m, m.pos)


def _shift(seen: Outlook, candidates: list[Action]) -> list[float]:
    """Where a Shift puts the model it hit: where it stands best, a friend, or worst, an enemy,
    with the Actions it still has this turn (L579)."""
    m = seen.game.model(candidates[0].args[0])
    sign = 1.0 if m.side == seen.side else -1.0
    actions = 0 if m.activated else seen.combatant(m).profile.A
    return [
        sign * seen.spot_value(m, Spot(_point(a), m.level), actions, Firing()) for a in candidates
    ]


def _point(a: Action) -> Point:
    assert a.point is not None
    return a.point


def _marker(seen: Outlook, candidates: list[Action]) -> list[float]:
    """An Infiltrator's own markers, and where its player brings it in, where it stands best;
    where the enemy puts it, where it stands worst (L535)."""
    game = seen.game
    sign = 1.0 if game.decision is not None and game.decision.kind == "marker" else -1.0
    return [sign * _standing(seen, game.model(a.args[0]), _point(a)) for a in candidates]


def _marker_choice(seen: Outlook, candidates: list[Action]) -> list[float]:
    """A marker the Infiltrator comes in on: the best for its player, the worst for the enemy
    allowing it (L535)."""
    game = seen.game
    scores = []
    for a in candidates:
        m = game.model(a.args[0])
        spot = markers_of(game, m)[int(a.args[1]) - 1]
        worth = _standing(seen, m, (spot.x, spot.y))
        scores.append(worth if a.kind == "arrive" else -worth)
    return scores


SCORERS: dict[str, Scorer] = {
    "deploy": _deploy,
    "discard": _discard,
    "bid": _bid,
    "top-hat": _top_hat,
    "puppet": _puppet,
    "true-identity": _true_identity,
    "escape": _leave_table,
    "ring": _ring,
    "delay": _declaring(UseKind.DELAY, "delay"),
    "additional": _declaring(UseKind.ADDITIONAL, "additional"),
    "activate": _activate,
    "recovery": _recovery,
    "action": _actions,
    "next-shot": _next_shot,
    "instant-shot": _next_shot,
    "shot-reaction": _shot_reaction,
    "melee-reaction": _melee_reaction,
    "charge-attack": _charge_attack,
    "into-melee": _into_melee,
    "butler": _butler,
    "reroll": _reroll,
    "split": _split,
    "mist-aim": _mist_aim,
    "lift-mist": _lift_mist,
    "retreat": _retreat,
    "heroic-deed": _deed,
    "heroic-move": _offer(HEROIC_MOVE_WORTH),
    "blood": _offer(BLOOD_WORTH),
    "draw": _offer(DRAW_WORTH),
    "attune": _tend,
    "engineer": _tend,
    "cast": _cast,
    "spell-cost": _spell_cost,
    "place": _place,
    "carry": _carry,
    "shift": _shift,
    "marker": _marker,
    "infiltrate": _marker,
    "allow": _marker_choice,
    "arrive": _marker_choice,
}
"""The scoring of each decision kind; any other (the deployment zone) scores alike."""
