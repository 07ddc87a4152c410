"""Scoring for the heuristic player: expected harm dealt and suffered, from exact odds.

Harm is the chance of taking a model out of the fight, weighted by the model's worth,
with smaller credit for putting it Face Down or Face Up. A position is worth the best shot
it offers minus the fire it draws from every enemy that could see it (sight read through
smoke as the rules read it, R:1309), and what it closes on the nearest enemy, one on another
surface by way of a ladder (:mod:`.ways`, R:169-170). A game gone on past
:data:`PRESS_ROUND` rounds has stalled: the player takes ever worse fights rather than
forfeit (:func:`press`). No Charge starts on rough terrain (R:166): none is weighed from a spot
there, and a stalled game leaves such spots (:data:`STALLED_ROUGH`).

A decision's Moves, and the models it might pick, are weighed exactly only where they could
be chosen: each is first bounded without sight (:func:`position_bounds`), and the best bounds
are weighed in turn until no other could be the best legal candidate or tie with it
(:func:`_best_first`), so that the player chooses as if all were weighed exactly. Where an
option beats the most any Move or leaving a combat could score (:func:`points_ceiling`), their
spots are not even looked for.
"""

from __future__ import annotations

import heapq
import math
from bisect import bisect_left
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from skirmish.engine.action import Action
from skirmish.engine.decision import PointSpec
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.sight import Body, sight_among
from skirmish.geometry.terrain import Cover, Movement
from skirmish.odds import binomial, highest
from skirmish.rulesets.strange_aeons import (
    animals,
    back_up,
    bait,
    banish,
    blessed,
    cocoon,
    consume,
    cunning,
    detonator,
    eggs,
    elder_thing,
    engulf,
    field_test,
    fighter,
    frighteners,
    gaze,
    graves,
    howl,
    icy_touch,
    lost_soul,
    lucky,
    mating,
    medic,
    mind_transfer,
    mobs,
    natural,
    neural_shock,
    objectives,
    pentacles,
    phobias,
    plots,
    possession,
    pregame,
    puppets,
    purifying,
    quadrants,
    riding,
    salt,
    saltes,
    scenario_odds,
    scene,
    sermon,
    serum,
    shoggoth,
    snatch,
    stake,
    stomp,
    summoning,
    swallow,
    tide,
    tokens,
    transporter,
    trap,
    wards,
    whistling_winds,
    worm,
)
from skirmish.rulesets.strange_aeons.afflictions import (
    STRUGGLE,
    burning,
    fears_fire,
    has_fire_weapon,
)
from skirmish.rulesets.strange_aeons.arc import FIRST_NEED, arc_reach
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Ability, Catalog, Profile, Weapon
from skirmish.rulesets.strange_aeons.combat import CombatRound
from skirmish.rulesets.strange_aeons.fire_daemon import hit_need
from skirmish.rulesets.strange_aeons.ghosts import is_ghost
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, FACE_UP, MAJOR_INJURY, AeonsModel
from skirmish.rulesets.strange_aeons.movement import allowance, charge_targets
from skirmish.rulesets.strange_aeons.odds import (
    FACE_DOWN_RESULT,
    FACE_UP_RESULT,
    OUT,
    WOUNDS,
    Bands,
    Priority,
    Target,
    all_pass,
    fight_dice,
    priority_chances,
    resolve_odds,
    save_of,
    steady_odds,
    target_of,
    through_chance,
    where_charged,
    wound_results,
)
from skirmish.rulesets.strange_aeons.pace import top
from skirmish.rulesets.strange_aeons.psychology import FOE, ResolveTest, Trial
from skirmish.rulesets.strange_aeons.rage import struck
from skirmish.rulesets.strange_aeons.shooting import (
    AT_A_MODEL,
    DYNAMITE,
    SHOOT_AT,
    Shoot,
    closest_threats,
    combat_of,
    damage_bonus,
    drawn_into,
    fired,
    owes_priority_test,
    ready_to_fire,
    save_against,
    shot_options,
    weapons_for_turn,
)
from skirmish.rulesets.strange_aeons.space import (
    CLOSEST,
    contacts,
    foes,
    gap,
    graded,
    master_of,
    models,
    placement,
    rough_penalty,
    rough_stops_charge,
    sight,
)
from skirmish.rulesets.strange_aeons.strafe import StrafeShot
from skirmish.rulesets.strange_aeons.templates import (
    TemplateShot,
    blast_radius,
    caught_at,
    moved,
    origin,
    template_of,
    template_save,
    under,
)
from skirmish.rulesets.strange_aeons.turn import Activation, leads, may_lead
from skirmish.rulesets.strange_aeons.two_weapons import pair_penalty
from skirmish.rulesets.strange_aeons.ways import Leg, legs, way

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.rulesets.strange_aeons.state import AeonsGame

_FACE_DOWN_WORTH = 0.6
_FACE_UP_WORTH = 0.3
RESULT_WORTH = {OUT: 1.0, FACE_DOWN_RESULT: _FACE_DOWN_WORTH, FACE_UP_RESULT: _FACE_UP_WORTH}
INSANITY_WORTH = {
    "face-down": _FACE_DOWN_WORTH,
    "face-up": _FACE_UP_WORTH,
    "removed": 1.0,
    "revulsion": 0.2,
    "revulsion-away": 0.2,
    "frenzy": -0.3,
    "frenzy-charge": -0.3,
}
"""What each Insanity result is worth against the model that rolls it: a Revulsion a lost
Move, a Frenzy a Charge with doubled Attacks at the enemy."""
# A failed Resolve test: Catatonia removes an engaged model, Stupefaction and Revulsion hurt.
_TERROR = 1 / 6 + _FACE_UP_WORTH / 6 + 0.2 / 3
APPROACH = {True: 0.1, False: 0.3}  # per inch further off than wanted (shooters, fighters)
CAUTION = {True: 0.3, False: 0.0}  # weight of exposure for shooters and for fighters
COHESION = 0.05  # per inch beyond Command range
COHESION_ALL = 0.25  # per inch beyond it, where Command nominates the whole side
COHESION_RANGE = 9.0  # inches: within Command range of the side's commander
COMMAND_WORTH = 0.6  # how much more a model with Command matters
CHARGE_THREAT = 1.0  # weight of the harm an enemy could do by charging a spot
ESSENCE_WORTH = {"action": 1.0, "wound": 0.8, "armour": -0.2, "terror": -0.5, "engaged": 0.4}
"""What an Essence token is worth spent on each thing, and more when in close combat."""
INJECT_WORTH = 0.4
"""The Diabolical Serum's worth: on the Reagent Table a Zombie gains more often than it is
lost (R:793-801)."""
REAGENT_WORTH = {
    "attacks+1": 3.0,
    "wounds+1": 2.5,
    "con+1": 2.0,
    "dex-1": 1.5,
    "move+1": 1.0,
    "res-1": 0.5,
}
"""The Slight Success the heuristic makes (R:799): a better characteristic, the fight first."""
HIDEOUS = 1.0  # weight of the Resolve test a Hideous charger forces on its target
END_OF_TURN = 2.0  # caution is doubled where a turn ends: the enemy acts before we move again
NEXT_TURN_SHOT = 0.5  # a shot from where a turn ends comes only after the enemy's turn
COVER_CORNERS = "strange-aeons cover corners"  # the board's memo of them
HEROIC_REACH = 10.0  # inches: an enemy this close makes Heroic's extra Action worth taking
READY_WORTH = 0.3  # priming a Ready weapon: worth a modest shot, less than a good one
PIN = 0.2  # worth of tying up an enemy shooter in close combat, per point of its worth
D3_MIDDLE = 2  # a C.C. bonus of 1D3 is weighed as its middle
GOAL_PULL = 0.4  # per inch nearer an edge that meets a scenario's objective
MARKER_PULL = 0.15  # per inch nearer a marker that wins, or an Objective Marker moved along
EXIT_WORTH = 20.0  # leaving by an edge that meets an objective
LOST_WORTH = -5.0  # leaving by an edge that meets none: the model is lost to its side
KEPT = 0.01  # inches a point may move as records keep it (to the hundredth), at most
COURIER_AWAY = 0.5  # per inch farther from the nearest enemy, for a courier: above APPROACH
COURIER_NEAR = 12.0  # inches: an enemy this close makes moving the courier away worth a turn
CHARM_SCORE = 2.0  # above keeping a die (0) or any Lucky re-roll (at most 1)
FAILED_REROLL = 0.5  # a failed die of a test, shot or save re-rolled: only better, if at all
NO_HELP = -1.0  # a re-roll no face of which would help: below keeping the die
REROLL_SPENT = 0.05  # a re-roll is spent for good: an even gamble keeps it for another roll
STAKE_WORTH = 1.1  # wounding a Daemon with a Wooden Stake beats the weapon fought with
BITE_WORTH = {"regenerate": 1.2, "drain": 0.5}  # a sure Wound and one healed; a Draw's -1 Con
NEST_WORTH = 2.0  # a foe snatched within reach of a short edge: lost to its side for good
PLANT_REACH = 10.0  # inches: an enemy this close makes a Dynamite marker worth placing
SALT_REACH = 12.0  # inches: an Undead or a Daemon this close makes a salt circle worth laying
TRAP_REACH = (
    10.0  # inches: an enemy this close to a bear trap, and no friend, makes it worth setting
)
FRIGHT_WORTH = 0.3  # a Resolve test put to an enemy by The Frighteners (R:735)
POSSESS_WORTH = 0.6  # a Human put to the Possessor's test: its failure turns it Lurker (R:725)
SEARCH_WORTH = 2.0  # a search for the Treasure: the scenario's objective beats most shots
PULL_WORTH = 0.3  # a Grave Grub pulled off: its -1 C.C. bonus gone after two Actions
MESMERIZE_WORTH = 0.2  # an Action the target may lose, about even odds: less than a shot
LOOT_WORTH = 0.4  # a search for loot: it wins nothing in the game, so less than a good shot
LOST_MARKER_WORTH = 2 * LOOT_WORTH  # an Objective Marker lost to the Threshold: its searches
SUMMON_WORTH = 2.0  # a Scrawny One brought forth, in its worth: it Teleports and swallows
PIPE_WORTH = 1.0  # a Servitor piping: 2.5 Points toward a Daemon, what it is for (R:688)
SUMMONED_POINT_WORTH = 0.15  # a Point of a Daemon summoned: from 7 Points, more than piping
RAISED_WORTH = 2.0  # a model raised by Essential Saltes, and its Points as a summons: a Move less
# A whole model for a side of one (R:453): the call beats all but a shot or blow that is
# likely to remove an enemy.
BACK_UP_WORTH = 3.0
GAZE_WORTH = 0.8  # an enemy turned on its friends until it breaks free: more than a shot
DIRECT_WORTH = 0.5  # an Action of an enemy's spent against its own side
SPAWN_WORTH = 0.6  # a Puppet spawned, for a Wound of a Puppeteer that has three or more
SPAWN_WOUNDS = 2
STUPID_WORTH = 0.3  # a model Stupid for the game: one Action in six lost, and the Puppet
PENTACLE_SMASH_WORTH = 0.3  # a blow at a Pentacle while Scrawny Ones wait: Con 9 rarely falls
MOVE_COST = 0.01  # what a Move must gain over standing still
MOVE_UP = 1.0  # the most a Move's gain adds to a model's claim to be nominated
MOVES = frozenset({"move", "climb", "jump", "jet"})
"""The Actions weighed by the spot they reach (:func:`_move_score`)."""
ANIMAL_SLACK = 1.0  # inches an Animal keeps inside its handler's reach, as he moves too
ANIMAL_COHESION = 0.4  # per inch an Animal strays beyond its handler's reach
MOUNT_WORTH = 0.5  # mounting: more than priming a weapon, as every Move after goes further
TRANSPORT_REACH = 10.0  # inches: a Byakhee sets its passenger down with an enemy this close
# What a hit's lasting state is worth, in its target's worth (notes §6 item 4): a slower and
# clumsier model for a turn, one that spends an Action to move again, an Action lost.
STATUS_WORTH = {"chill": 0.05, "ensnare": 0.15, "confusion": 0.1}
# And a harmless shot's own rule: even odds of a model Face Up (Fish Sauce, R:569) or kept
# from its next Nomination (Blinding Spittle, R:875).
SHOT_WORTH = {"deep_one_fish_sauce": 0.2, "blinding_spittle": 0.2}
MANIFEST_WORTH = 0.3  # a Spectre made physical: the Charge it may make next, or its risk
BANISH_WORTH = 0.5  # a Ghost Banished is off the table for two rounds on average (R:1225)
# A Smoke Canister's template over a model that shoots: its shots blocked until it walks out
# (R:1309), about as much as a Nomination lost.
SMOKE_WORTH = 0.2
NO_DAMAGE = -6  # a Repel weapon's win wounds nothing: no roll of 1D6 + this reaches a Con
SPARED = {FACE_DOWN: 2.0, FACE_UP: 1.0}
"""How little a Mob loses when a member in this State takes its Wounds (R:926)."""
COCOON_WORTH = {True: 1.5, False: 0.5}  # a leader or a hard loser: above a wound roll (1.0)
HARD_TO_WOUND = 6  # a wound roll needing this more than the Damage adds: only a 6 wounds
CUT_WORTH = 0.3  # an Action cutting at a cocoon: free after two (R:596)
EGG_WORTH = 0.8  # an egg laid: 1D3 Swarms in a few Turns, if it is not crushed (R:596)
CRUSH_WORTH = 0.6  # an Action at an enemy egg: two Swarms fewer, at even odds
STRUGGLE_WORTH = 0.2  # an Ensnared model's try to break free: better than waiting, not a shot
SHOCK_HIT = 0.1  # a Neural Shock's 1D+1 hit, in its target's worth: rarely a wound
SWIRL_WORTH = 0.2  # a Polyp's 5+ cover save for a turn, enemies in sight: less than a shot
DREAD_COST = 1.0  # a Phobia's test failed before a Move: the Move lost and an Insanity roll
PRESS_ROUND = 12  # rounds after which a game has stalled: beyond most games' length
PRESS_STEP = 0.05  # per round beyond it, what a Charge gains in its target's worth
STALLED_ROUGH = 1.0  # a stalled game: what a spot on rough terrain within a Charge costs
STUCK = 2.0  # a deployment spot the model could never leave: below any other spot
DEPLOYED_TOGETHER = 4.0  # straying weighs this much more at deployment: a side set up apart
# spends its first turns gathering, nominating one model where Command would move three
TIE = 1e-9  # scores this close to the best tie with it (the player's margin)
SLACK = 1e-9  # inches a bound takes off each gap, as its arrays round them otherwise
NEAR_TIE = 1e-9  # squares of distances this close, relatively, may be the nearest either way
STIRRING: tuple[Ability, ...] = ("the_frighteners", "possessor", "transporter")
"""The rules by which a Move gains more than its spot and pull: tests put to the enemies it
touches (R:725, R:735), a lift it opens (R:639)."""
OPEN_COST = 0.5  # an Agoraphobic model ending in the open: its next Action can only Move


@cache
def harm(hits: int, bonus: int, con: int, wounds_left: int, added: int, bands: Bands) -> float:
    """Expected harm of ``hits`` to-wound dice: 1 for a removal, less for Face Down/Up; the
    Injury roll with ``added`` added, read on ``bands`` (:data:`.odds.Target`)."""
    if hits == 0:
        return 0.0
    total = Fraction(0)
    for result, caused, p in wound_results(hits, bonus, con, wounds_left, added, bands):
        if result == WOUNDS:
            total += p * Fraction(caused, 4 * max(wounds_left, 1))
        else:
            total += p * Fraction(RESULT_WORTH[result])
    return float(total)


@cache
def shot_harm(
    rate: int, dex: int, save: int, bonus: int, con: int, wounds: int, added: int, bands: Bands
) -> float:
    """Expected harm of one Shoot Action."""
    through = through_chance(dex, save)
    return sum(
        float(p) * harm(k, bonus, con, wounds, added, bands)
        for k, p in binomial(rate, through).items()
    )


@cache
def melee_harm(
    dice_a: int,
    ccb_a: int,
    dmg_a: int,
    dice_b: int,
    ccb_b: int,
    dmg_b: int,
    target_b: Target,
    target_a: Target,
) -> float:
    """Expected harm ``a`` deals minus harm it suffers in one round of close combat."""
    net = 0.0
    for ta, pa in highest(dice_a, 6).items():
        for tb, pb in highest(dice_b, 6).items():
            diff = (ta + ccb_a) - (tb + ccb_b)
            if diff > 0:
                net += float(pa * pb) * harm(diff, dmg_a, *target_b)
            elif diff < 0:
                net -= float(pa * pb) * harm(-diff, dmg_b, *target_a)
    return net


def worth(cat: Catalog, m: AeonsModel) -> float:
    """How much a model matters: Command models and those with more Wounds matter more."""
    prof = cat.profile(m.profile)
    return 1.0 + COMMAND_WORTH * prof.has("command") + 0.2 * (prof.wounds - 1)


def shoot_score(
    game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str, penalty: int = 0
) -> float:
    """Expected worth of shooting ``e`` with ``weapon_id`` now, needing ``penalty`` more
    to hit: a shot into a close combat strikes one of its models drawn at random, a friend
    as likely as ``e`` (rules notes item 40)."""
    cat = catalog_of(game)
    w = cat.weapon(weapon_id)
    if w.template is not None:
        return template_score(game, m, e, weapon_id, penalty)
    drawn = drawn_into(game, combat_of(game, e)) if contacts(game, e) else [e]
    sides = [1.0 if foes(game, f, m) else -1.0 for f in drawn]
    mean = sum(s * _shot_at(game, m, f, w, penalty) for s, f in zip(sides, drawn, strict=True))
    mean /= len(drawn)
    if w.has("dangerous"):
        # A Dangerous weapon with no template strikes its firer on a 1.
        mean -= worth(cat, m) * harm(1, w.damage, *target_of(cat, m)) / 6
    return mean


def _shot_at(game: AeonsGame, m: AeonsModel, e: AeonsModel, w: Weapon, penalty: int) -> float:
    """Expected worth of a shot of ``m`` with ``w`` that strikes ``e``."""
    cat = catalog_of(game)
    dex = min(7, cat.profile(m.profile).dex + penalty)
    if elder_thing.is_dormant(e):
        return 0.0  # a shot only puts off its waking, as a blow does (R:528)
    dex = hit_need(game, dex, e)
    save = save_against(game, m, e)[1]
    bonus = damage_bonus(game, m, e, w)
    harmed = (
        0.0 if w.harmless else shot_harm(w.typical_rate, dex, save, bonus, *target_of(cat, e, w))
    )
    lands = float(1 - (1 - through_chance(dex, save)) ** w.typical_rate)
    if w.has("power"):
        harmed += lands * _push_off_chance(game, m, e) * (1 - harmed)
    total = worth(cat, e) * (harmed + lands * status_harm(cat, w, e))
    if consume.drags(w):
        total += lands * charge_score(game, m, e)  # the round after the drag (R:575)
    if w.has("banish") and is_ghost(game, e):
        total += worth(cat, e) * lands * BANISH_WORTH
    if w.has("arc"):
        total += _arc_worth(game, m, e, w, dex)
    return total


def status_harm(cat: Catalog, w: Weapon, e: AeonsModel) -> float:
    """What the states a hit of ``w`` leaves on ``e`` add to its harm (notes §6 item 4): the
    burning of Fire, when the hit wounds, in the Upkeep that follows; the worth of a
    Chill, a snare and a Confusion, and of a harmless shot's own rule (Fish Sauce, R:569)."""
    total = sum(STATUS_WORTH.get(s, 0.0) for s in w.specials)
    total += SHOT_WORTH.get(w.ability or "", 0.0) if w.harmless else 0.0
    if w.has("fire"):
        scenario = cat.scenario
        target = target_of(cat, e, w)
        wounding = min(6, max(0, 7 - target[0] + w.damage)) / 6
        burns = (scenario.fire_out - 1) / 6
        total += wounding * burns * harm(1, scenario.fire_damage, *target)
    return total


def _arc_worth(game: AeonsGame, m: AeonsModel, e: AeonsModel, w: Weapon, dex: int) -> float:
    """The expected worth of an Arc weapon's first jump from ``e``: the chance the shot hits
    and the energy jumps, times the mean harm of one hit to a model it may reach, enemies'
    counted for and friends' against (later jumps, rarer, are not weighed)."""
    cat = catalog_of(game)
    reach = arc_reach(game, e, (m.id, e.id))
    if not reach:
        return 0.0
    lands = 1 - (1 - Fraction(7 - dex, 6)) ** w.typical_rate
    jumps = Fraction(7 - FIRST_NEED, 6)
    each = [
        worth(cat, o) * harm(1, w.damage, *target_of(cat, o)) * (1 if foes(game, o, m) else -1)
        for o in reach
    ]
    return float(lands * jumps) * sum(each) / len(each)


def _strafe_score(game: AeonsGame, a: Action) -> float:
    """The worth of giving one more Strafe hit to a model: the harm it adds to an enemy, or
    takes off for a friend, with the save it has from the firer."""
    shot = game.stack[-1]
    assert isinstance(shot, StrafeShot)
    cat, shooter, o = catalog_of(game), game.model(shot.shooter), game.model(a.args[1])
    save = save_against(game, shooter, o)[1]
    bonus = damage_bonus(game, shooter, o, cat.weapon(shot.weapon))
    given = shot.struck.count(o.id)
    more = shot_harm(given + 1, 1, save, bonus, *target_of(cat, o))
    added = more - shot_harm(given, 1, save, bonus, *target_of(cat, o))
    return worth(cat, o) * added * (1 if o.side != shooter.side else -1)


def _closest_score(game: AeonsGame, a: Action) -> float:
    """The worth of turning on one of the enemies tied for closest: a shot's at it, or a
    Frenzy's Charge at it."""
    m, e = game.model(a.args[0]), game.model(a.args[1])
    shot = game.stack[-1]
    if isinstance(shot, Shoot):
        return shoot_score(game, m, e, shot.weapon)
    return charge_score(game, m, e)


def template_score(
    game: AeonsGame, m: AeonsModel, e: AeonsModel, weapon_id: str, penalty: int = 0
) -> float:
    """Expected worth of a template aimed at ``e``: the expected harm to the enemies under it
    less the harm to the friends, and a Dangerous weapon's 1 in 6 of coming down on the
    thrower (a Blast's miss that moves it is not weighed)."""
    cat = catalog_of(game)
    w, dex = cat.weapon(weapon_id), min(7, cat.profile(m.profile).dex + penalty)
    if w.smoke_die:
        return _smoke_worth(game, m, w, e.pos, e.level, hit_need(game, dex, e))
    return _blast_worth(game, m, w, e.pos, e.level, dex)


def point_score(
    game: AeonsGame, m: AeonsModel, point: Point, weapon_id: str, penalty: int = 0
) -> float:
    """Expected worth of a Blast aimed at ``point`` (R:1226), weighed as
    :func:`template_score` weighs one aimed at a model, on the surface at the point."""
    cat = catalog_of(game)
    w, dex = cat.weapon(weapon_id), min(7, cat.profile(m.profile).dex + penalty)
    level = game.board.surface_at(point)
    if w.smoke_die:
        return _smoke_worth(game, m, w, point, level, dex)
    return _blast_worth(game, m, w, point, level, dex)


def _blast_worth(
    game: AeonsGame, m: AeonsModel, w: Weapon, center: Point, level: str | None, dex: int
) -> float:
    """The expected worth of ``m``'s template of ``w`` aimed at ``center``: the models under
    it (:func:`_covered_worth`), and a Dangerous weapon's 1 in 6 of coming down on ``m``."""
    total = _covered_worth(game, m, w, center, level, dex)
    dud = w.id == DYNAMITE and catalog_of(game).profile(m.profile).has("munitions_expert")
    if w.has("dangerous") and not dud:
        total += _covered_worth(game, m, w, m.pos, m.level, 1) / 6
    return total


def _covered_worth(
    game: AeonsGame, m: AeonsModel, w: Weapon, center: Point, level: str | None, dex: int
) -> float:
    """The expected harm to the enemies of ``m`` under its template of ``w`` at ``center``,
    less that to its friends, the to-hit roll needing ``dex``, each hit wounding as play's
    does (:func:`.shooting.damage_bonus`)."""
    cat = catalog_of(game)
    seen = origin(w, m, center)
    total = 0.0
    for o in under(game, template_of(game, w, m, center), level, m.id):
        save, need = template_save(game, m, seen, level, o), hit_need(game, dex, o)
        bonus = damage_bonus(game, m, o, w)
        harmed = (
            0.0
            if w.harmless
            else shot_harm(w.typical_rate, need, save, bonus, *target_of(cat, o, w))
        )
        harmed += float(through_chance(need, save)) * status_harm(cat, w, o)
        total += worth(cat, o) * (harmed if foes(game, o, m) else -harmed)
    return total


def _smoke_worth(
    game: AeonsGame, m: AeonsModel, w: Weapon, center: Point, level: str | None, need: int
) -> float:
    """The worth of smoke laid at ``center`` (R:1309), the to-hit roll needing ``need``: the
    models under it that shoot, enemies less friends, each blinded at :data:`SMOKE_WORTH`,
    as likely as the template lands."""
    cat = catalog_of(game)
    total = 0.0
    for o in under(game, template_of(game, w, m, center), level, m.id):
        if any(cat.weapon(x).kind == "ranged" for x in cat.profile(o.profile).weapons):
            total += worth(cat, o) * (SMOKE_WORTH if foes(game, o, m) else -SMOKE_WORTH)
    return total * float(through_chance(need, 7))


def _scatter_score(game: AeonsGame, a: Action) -> float:
    """Where a missed template is moved: over the most worth of the shooter's side, the
    least of the deciding one's."""
    shot = _template_shot(game)
    return _laid_worth(game, shot, moved(shot.center, int(a.args[1]), shot.distance))


def _natural_score(game: AeonsGame, a: Action) -> float:
    """Where a Natural moves its Dynamite's template off itself (R:398): over the most worth
    of the enemy, the least of its own side's; or left where it lies."""
    shot = _template_shot(game)
    center = shot.center
    if a.kind == natural.SHIFT:
        radius = blast_radius(game, catalog_of(game).weapon(shot.weapon))
        center = natural.off(center, radius, game.model(shot.shooter), int(a.args[1]))
    return -_laid_worth(game, shot, center)


def _template_shot(game: AeonsGame) -> TemplateShot:
    shot = game.stack[-1]
    assert isinstance(shot, TemplateShot)
    return shot


def _laid_worth(game: AeonsGame, shot: TemplateShot, center: Point) -> float:
    """The worth of the shooter's side under ``shot``'s template at ``center``, less the
    other side's."""
    cat = catalog_of(game)
    shooter = game.model(shot.shooter)
    laid = template_of(game, cat.weapon(shot.weapon), shooter, center)
    covered = under(game, laid, shot.level, shooter.id)
    return sum(worth(cat, o) if o.side == shooter.side else -worth(cat, o) for o in covered)


def _push_off_chance(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> float:
    """The chance that Power's D3" push carries ``e`` off the table (a Minor Injury)."""
    dx, dy = e.x - m.x, e.y - m.y
    norm = math.hypot(dx, dy)
    if norm == 0.0 or e.level is not None:
        return 0.0
    dx, dy = dx / norm, dy / norm
    room = math.inf
    for gap_to_edge, toward in (
        (e.x, -dx),
        (game.board.width - e.x, dx),
        (e.y, -dy),
        (game.board.height - e.y, dy),
    ):
        if toward > 1e-9:
            room = min(room, (gap_to_edge - e.radius) / toward)
    return sum(1 for push in (1, 2, 3) if push > room) / 3


def charge_score(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> float:
    """Expected worth of a round of close combat against ``e``: none where one of the two is
    a Ghost, which never engages nor is attacked but by a Blessed model (R:116). A Beast's
    Fear of Fire is priced where it stands, before it charges (R:113); the Hideous tests
    where the Charge ends, in base-to-base (R:117, :func:`.odds.where_charged`)."""
    cat = catalog_of(game)
    # A dormant Elder Thing's sleep is only put off, never ended, by a blow (R:528).
    if is_ghost(game, m) or elder_thing.is_dormant(e) or blessed.close_error(game, m, e):
        return 0.0
    if e.state == FACE_DOWN:
        return worth(cat, e)
    pa, pb = cat.profile(m.profile), cat.profile(e.profile)
    wa, wb = cat.close_weapon(pa), cat.close_weapon(pb)
    # Every other friend in base-to-base with the opponent adds a die (Multiple Opponents).
    ours = sum(1 for f in contacts(game, e) if f.side == m.side and f.id != m.id)
    ours = 0 if elder_thing.radial(game, e) else ours + _joining(game, m, e)
    theirs = sum(1 for f in contacts(game, m) if f.side == e.side and f.id != e.id)
    net = melee_harm(
        fight_dice(game, m, e) + ours,
        wa.ccb + D3_MIDDLE * wa.ccb_d3,
        NO_DAMAGE if wa.has("repel") else wa.damage,
        fight_dice(game, e, m) + theirs,
        wb.ccb + D3_MIDDLE * wb.ccb_d3,
        NO_DAMAGE if wb.has("repel") else wb.damage,
        target_of(cat, e, wa),
        target_of(cat, m, wb),
    )
    score = net * (worth(cat, e) + worth(cat, m)) / 2
    # A model in base-to-base cannot shoot: the charge ties up the enemy's gun and the
    # charger's own.
    if cat.ranged_weapons(pb) and not contacts(game, e):
        score += PIN * worth(cat, e)
    if cat.ranged_weapons(pa) and not contacts(game, m):
        score -= PIN * worth(cat, m)
    # A fighter with no close combat weapon suffers a hit before the round, whoever charged.
    if fighter.suffers_unarmed_hit(cat, pa):
        score -= free_harm(cat, wb, m)
    if fighter.suffers_unarmed_hit(cat, pb):
        score += free_harm(cat, wa, e)
    # Each psychology test (R:117, a Beast's Fear of Fire R:113) as play takes it.
    if fears_fire(game, m) and (has_fire_weapon(cat, pb) or burning(game, e)):
        score -= _TERROR * worth(cat, m) * _fails(game, m)
    fearing = pb.has("hideous") and pa.subject_to_psychology
    feared = pa.has("hideous") and pb.subject_to_psychology and "hideous:" + m.id not in e.faced
    if not (fearing or feared):
        return score
    # The Hideous tests are taken in base-to-base, where the Charge ends (an Unnerving
    # enemy, a friend's lent Resolve in reach there), as the odds shown take them.
    there = where_charged(game, m, e)
    if fearing:
        score -= _TERROR * worth(cat, m) * _fails(there, there.model(m.id))
    if feared:
        score += _TERROR * worth(cat, e) * _fails(there, there.model(e.id)) * HIDEOUS
    return score


def _fails(game: AeonsGame, m: AeonsModel, worse: int = 0) -> float:
    """The chance ``m`` fails a test against its Resolve, as play takes it
    (:func:`.odds.resolve_odds`: a lent Resolve, Lucky, the Lucky Charm, a Plot Point's
    re-roll, a Frenzy's pass), ``worse`` added to its need by the rule that asks it."""
    return 1.0 - float(resolve_odds(game, m, worse=worse).passes)


def _fight_score(game: AeonsGame, a: Action, odds: float = 1.0) -> float:
    """The worth of ``a``'s model fighting the enemy its second argument names (a Charge, or
    the enemy chosen of several in base-to-base), taken with ``odds``."""
    m, target = game.model(a.args[0]), game.model(a.args[1])
    return charge_score(game, m, target) * odds + press(game) * worth(catalog_of(game), target)


def press(game: AeonsGame) -> float:
    """What a Charge gains, in its target's worth, once a game has gone on past
    :data:`PRESS_ROUND` rounds: it has stalled, each side forfeiting what it could only
    lose by, and a game is won only by taking fights, ever worse ones as it drags on."""
    return PRESS_STEP * max(0, game.state.round - PRESS_ROUND)


def _joining(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> int:
    """Friends still to act this turn that can Move and Charge ``e`` to join the fight."""
    st, cat = game.state, catalog_of(game)
    count = 0
    for mid in st.nominated:
        f = game.model(mid)
        waiting = f.side == m.side and mid != m.id and mid not in st.acted and f.removed is None
        waiting = waiting and f.normal
        if waiting and not contacts(game, f) and gap(game, f, e) <= 2 * ep_move(cat, f):
            count += 1
    return count


class Outlook:
    """What the worth of every spot that ``m`` might stand at shares within one decision: the
    enemies and friends on the table, the reach of each enemy's guns, the friends that share
    its fire and the Charges it threatens. They depend on the table, not on the spot, so a
    decision computes each once however many spots it weighs; each spot's worth is kept too
    (every Move is weighed against the spot the model stands on)."""

    def __init__(self, game: AeonsGame, m: AeonsModel) -> None:
        cat = catalog_of(game)
        self.game, self.model, self.cat = game, m, cat
        self.guns = [
            w
            for w in weapons_for_turn(game, m)
            if not game.state.is_jammed(m.id, w.id) and ready_to_fire(game, m, w)
        ]
        on = models(game)
        # A Compelled model's enemies are its own side's (R:645): it is steered at them.
        self.enemies = [e for e in on if foes(game, e, m)]
        friends = [f for f in on if not foes(game, f, m) and f.id != m.id]
        prof = cat.profile(m.profile)
        self.plain = plain(prof)
        """Whether the model's Moves gain nothing but their spot and pull: they put no tests
        to enemies on the way and open no lift (:func:`_aside`)."""
        commands = prof.has("command")
        self.leaders = [
            f for f in friends if commands or (cat.profile(f.profile).has("command") and f.normal)
        ]
        """The friends the model keeps within Command range of: its Normal commanders, or all
        if it commands; an Animal its handler, whom it guards and fights beside, or a Med Dog
        the friend it would lift."""
        self.cohesion = (COHESION_RANGE, _cohesion(game, m) if self.leaders else COHESION)
        """How far from its leaders the model may go, and what each inch beyond costs."""
        handler = animals.handler_of(game, m)
        patients = animals.patients(game, m)
        if patients:  # a Med Dog runs to the nearest friend it would lift (R:1381)
            self.leaders = [min(patients, key=lambda f: gap(game, m, f))]
            self.cohesion = (0.0, ANIMAL_COHESION)
        elif handler is not None:
            self.leaders = [handler]
            self.cohesion = (animals.reach(game, handler)[1] - ANIMAL_SLACK, ANIMAL_COHESION)
            if riding.awaits(game, m, handler):  # a Horse goes to its rider to be mounted
                self.cohesion = (0.0, ANIMAL_COHESION)
        fares = transporter.fares(game, m)
        if fares and _nearest_foe(game, m) > TRANSPORT_REACH:  # a Byakhee flies to lift one
            self.leaders = [min(fares, key=lambda f: gap(game, m, f))]
            self.cohesion = (0.0, ANIMAL_COHESION)
        blast = cat.scenario.blast_range
        # A shot's harm changes with the distance only where it crosses a range (a weapon's,
        # Blast's, an enemy's Move beyond them): the bands between are weighed once.
        self.offence_bands = sorted({w.range for w in self.guns} | {blast})
        self.moves: dict[str, float] = {}
        self.targets: dict[str, bool] = {}
        self.reach: dict[str, float] = {}
        self.eyes: dict[str, Body] = {}
        self.threat_bands: dict[str, list[float]] = {}
        longest = [w.range for w in self.guns]
        height = cat.scenario.body_height
        for e in self.enemies:  # each enemy's profile read once
            move = self.moves[e.id] = ep_move(cat, e)
            # A Ghost is no target (R:116) but of a Blessed model (R:403) or a Banish weapon
            # (R:1225): nothing else is gained closing in on it.
            self.targets[e.id] = not is_ghost(game, e) or _may_attack(game, m, e, self.guns)
            ranged = cat.ranged_weapons(cat.profile(e.profile))
            self.reach[e.id] = max(longest + [w.range + move for w in ranged] + [0.0])
            self.eyes[e.id] = Body(e.pos, e.radius, e.level, height)
            self.threat_bands[e.id] = sorted(
                {band for w in ranged for band in (w.range, w.range + move, blast + move)}
            )
        self.pressed = press(game) > 0.0
        """Whether the game has stalled (:func:`press`)."""
        self.hemmed = rough_stops_charge(game, m)
        """Whether rough terrain stops the model's Charges (R:166)."""
        self.smoke = placement(game).smoke
        """The Smoke Canisters' templates: a spot's sight is read through them (R:1309)."""
        self.climb = ep_move(cat, m)
        """The inches a ladder climbed is counted as: a Move spent on it (R:170); the reach
        of a Charge from a spot."""
        self.wanted = max((w.range for w in self.guns), default=-2.0)
        """How near the model closes: fighters to base contact, shooters to their longest
        range."""
        self.closing, self.caution = APPROACH[bool(self.guns)], CAUTION[bool(self.guns)]
        """What each inch short of it costs, and the weight of exposure."""
        self._legs: dict[tuple[str | None, str | None], list[Leg]] = {}
        self._decoys: dict[str, int] = {}
        self._charges: dict[tuple[str, str], float] = {}
        self._spots: dict[tuple[Point, str | None, bool], float] = {}
        self._bounds: dict[tuple[Point, str | None, bool], float] = {}
        self._offence: dict[tuple[str, Cover, int], float] = {}
        self._threats: dict[tuple[str, Cover, int], float] = {}
        self._objective: tuple[float, tuple[Edge, ...], list[Point]] | None = None
        self._pulls: dict[Point, float] = {}
        self._breaking: float | None = None
        self._closest: list[AeonsModel] | None = None
        self._priority: Priority | None = None

    def breaking(self) -> float:
        """:func:`_breaking` of the model, found once for the decision."""
        if self._breaking is None:
            self._breaking = _breaking(self.game, self.model)
        return self._breaking

    def past_the_closest(self, caught: list[AeonsModel]) -> Priority | None:
        """The test a shot of the model that would strike ``caught`` (its target, or those
        under its Blast) owes to shoot past the closest enemy, if it owes one: none when one of
        them is among the closest (:func:`.shooting.owes_priority_test`). The closest and the
        test's chances are the same for every shot of the decision, so each is found once."""
        if self._closest is None:
            self._closest = closest_threats(self.game, self.model)
        if not owes_priority_test(self._closest, caught):
            return None
        if self._priority is None:
            self._priority = priority_chances(self.game, self.model, self._closest)
        return self._priority

    def decoys(self, e: AeonsModel) -> int:
        """Friends ``e`` could shoot instead of the model (see :func:`_decoys`)."""
        found = self._decoys.get(e.id)
        if found is None:
            found = self._decoys[e.id] = _decoys(self.game, self.model, e)
        return found

    def offence(self, e: AeonsModel, d: float, cover: Cover) -> float:
        """:func:`_best_shot` of the model at ``e``, ``d`` away in ``cover``."""
        key = (e.id, cover, bisect_left(self.offence_bands, d))
        found = self._offence.get(key)
        if found is None:
            found = self._offence[key] = _best_shot(self.cat, self.model, e, d, cover, self.guns)
        return found

    def gaps(self, p: Point) -> list[float]:
        """How far the model at ``p`` is from each enemy, bases apart."""
        r = self.model.radius
        return [edge_distance(p, r, e.pos, e.radius) for e in self.enemies]

    def threat(self, e: AeonsModel, d: float, cover: Cover) -> float:
        """:func:`_threat` of ``e`` to the model, ``d`` away in ``cover``."""
        key = (e.id, cover, bisect_left(self.threat_bands[e.id], d))
        found = self._threats.get(key)
        if found is None:
            found = self._threats[key] = _threat(self.cat, e, self.model, d, cover)
        return found

    def charge(self, a: AeonsModel, b: AeonsModel) -> float:
        """:func:`charge_score` of ``a`` charging ``b`` from where they stand."""
        key = (a.id, b.id)
        found = self._charges.get(key)
        if found is None:
            found = self._charges[key] = charge_score(self.game, a, b)
        return found

    def apart(self, e: AeonsModel, p: Point, level: str | None, d: float) -> float:
        """How far the model at ``p`` on ``level`` is from ``e``, ``d`` apart on the table:
        ``d`` on one surface, else the way by ladders (:mod:`.ways`), bases apart."""
        if e.level == level:
            return d
        key = (level, e.level)
        found = self._legs.get(key)
        if found is None:
            found = self._legs[key] = legs(self.game.board, level, e.level)
        return max(0.0, way(p, e.pos, found, self.climb) - self.model.radius - e.radius)

    def pull(self, p: Point) -> float:
        """What standing at ``p`` is worth to the model for its scenario's objectives
        (:func:`_objective`, found once for the decision)."""
        found = self._pulls.get(p)
        if found is None:
            found = self._pulls[p] = self._pull(p)
        return found

    def pulls(self, spots: list[Point]) -> list[float]:
        """:meth:`pull` of each of ``spots``; none where nothing draws the model."""
        _, edges, points = self._drawn()
        return [self.pull(p) for p in spots] if edges or points else [0.0] * len(spots)

    def _drawn(self) -> tuple[float, tuple[Edge, ...], list[Point]]:
        """:func:`_objective` of the model, found once for the decision."""
        if self._objective is None:
            self._objective = _objective(self.game, self.model)
        return self._objective

    def _pull(self, p: Point) -> float:
        worth, edges, points = self._drawn()
        if edges:
            board, radius = self.game.board, self.model.radius
            return worth * min(board.distance_to_edge(p, radius, e) for e in edges)
        return worth * min(math.dist(p, w) for w in points) if points else 0.0

    def score(self, p: Point, level: str | None, action_left: bool = False) -> float:
        """:func:`position_score` of the spot, kept for the decision."""
        key = (p, level, action_left)
        found = self._spots.get(key)
        if found is None:
            found = self._spots[key] = position_score(self, p, level, action_left)
        return found

    def bound(self, p: Point, level: str | None, action_left: bool = False) -> float:
        """:func:`position_bounds` of the spot, or its score where that is known already."""
        key = (p, level, action_left)
        found = self._spots.get(key)
        if found is None:
            found = self._bounds.get(key)
        if found is None:
            found = self._bounds[key] = float(position_bounds(self, [p], level, action_left)[0])
        return found

    def known(
        self, spots: list[Point], bounds: np.ndarray, level: str | None, action_left: bool
    ) -> np.ndarray:
        """The ``bounds`` of ``spots``, but each spot's score where that is known already, as
        :meth:`bound` reads them."""
        found = bounds.copy()
        for i, p in enumerate(spots):
            score = self._spots.get((p, level, action_left))
            if score is not None:
                found[i] = score
        return found

    def weigh_bounds(self, spots: list[Point], level: str | None, action_left: bool) -> np.ndarray:
        """Work out the bounds of ``spots`` at once, for :meth:`bound` to read; returned too."""
        found = position_bounds(self, spots, level, action_left)
        for p, bound in zip(spots, found.tolist(), strict=True):
            self._bounds[(p, level, action_left)] = bound
        return found


def _cohesion(game: AeonsGame, m: AeonsModel) -> float:
    """What each inch ``m`` strays beyond Command range costs: :data:`COHESION_ALL` where a
    commander of its side nominates every other model of it (R:1061: the Actions of the
    whole side hang on keeping together), :data:`COHESION` where it never could."""
    cat = catalog_of(game)
    side = [f for f in models(game) if f.side == m.side and not animals.is_animal(game, f)]
    commanders = [f for f in side if cat.profile(f.profile).has("command")]
    most = max((leads(game, f)[2] for f in commanders), default=-1)
    return COHESION_ALL if len(side) - 1 <= most else COHESION


def plain(prof: Profile) -> bool:
    """Whether the Moves of a model of profile ``prof`` gain nothing but their spot and pull:
    it has none of the rules :data:`STIRRING`."""
    return not any(prof.can(rule) for rule in STIRRING)


def position_score(seen: Outlook, p: Point, level: str | None, action_left: bool = False) -> float:
    """What standing at ``p`` is worth to the outlook's model: the best shot from there (or,
    when an Action is left after getting there, the best Charge, none from rough terrain that
    stops it), closing in on the enemy, minus the harm enemy shots could do there next turn;
    in a stalled game, less :data:`STALLED_ROUGH` on such terrain."""
    board, m = seen.game.board, seen.model
    here = Body(p, m.radius, level, seen.cat.scenario.body_height)
    offence = exposure = 0.0
    nearest = hidden = math.inf
    gaps = seen.gaps(p)
    for e, d in zip(seen.enemies, gaps, strict=True):
        target = seen.targets[e.id]
        far = seen.apart(e, p, level, d)
        view = (
            graded(seen.game, sight_among(board, seen.eyes[e.id], here, seen.smoke))
            if d <= seen.reach[e.id]
            else None
        )
        unseen = not view.visible if view is not None else bool(seen.guns)
        if target and seen.pressed and unseen:
            # A stalled game: close in on an enemy unseen from here, a shooter on one beyond
            # its reach too (where sight is not read): else, kept just out of reach, it would
            # find every spot nearer worse while the enemy stays unseen from there.
            hidden = min(hidden, far)
        elif target:
            nearest = min(nearest, far)
        if view is None or not view.visible:
            continue
        offence = max(offence, seen.offence(e, d, view.cover)) if target else offence
        if e.normal:
            exposure += seen.threat(e, d, view.cover) / 2 ** seen.decoys(e)
    if CHARGE_THREAT:
        for e, d in zip(seen.enemies, gaps, strict=True):
            if e.normal and e.level == level and d <= seen.moves[e.id]:
                exposure += CHARGE_THREAT * max(0.0, seen.charge(e, m))
    # No Charge starts on rough terrain (R:166): none from a spot there, and in a stalled
    # game, which only a fight ends, a spot there within a Charge of an enemy is left, or two
    # sides in it would wait each other out for good.
    rough = seen.hemmed and (action_left or seen.pressed) and _rough_under(seen.game, m, p, level)
    melee = _charge_from(seen, gaps, level) if action_left and not rough else 0.0
    short = min(nearest - seen.wanted, hidden)  # inches to close, to a range or an unseen enemy
    held = rough and seen.pressed and bool(_reached(seen, gaps, level))
    stalled = STALLED_ROUGH if held else 0.0
    worth = _worth(seen, action_left, (offence, melee), exposure, short)
    return worth - _straggling(seen, p) - stalled


def position_bounds(
    seen: Outlook, spots: Sequence[Point], level: str | None, action_left: bool = False
) -> np.ndarray:
    """Worths :func:`position_score` never exceeds at ``spots`` on ``level``, found without
    sight, all at once: each enemy within reach in sight of the model's shots and in the open
    (cover only saves it), yet blind to the model and unseen where that is nearer to close on;
    only the Charges feared counted against it, and its straying. The worth grows with each of
    these, and each gap is taken :data:`SLACK` short (long for a Charge feared), so the bounds
    hold whatever the rounding."""
    m = seen.model
    xy = np.array(spots, dtype=float).reshape(-1, 2)
    offence, melee = np.zeros(len(xy)), np.zeros(len(xy))
    exposure, short = np.zeros(len(xy)), np.full(len(xy), math.inf)
    gaps = [_gaps(xy, e.pos, m.radius + e.radius) for e in seen.enemies]
    for e, gap_e in zip(seen.enemies, gaps, strict=True):
        d = gap_e - SLACK
        reached = d <= seen.climb
        if action_left and e.level == level and reached.any():
            melee = np.where(reached, np.maximum(melee, seen.charge(m, e)), melee)
        if not seen.targets[e.id]:
            continue
        far = d
        if e.level != level:
            ways = [seen.apart(e, p, level, g) for p, g in zip(spots, d.tolist(), strict=True)]
            far = np.array(ways) - SLACK
        short = np.minimum(short, far - seen.wanted)
        near = d <= seen.reach[e.id]
        if near.any():
            offence[near] = np.maximum(offence[near], _open_offence(seen, e, d[near]))
        if seen.pressed:
            short = np.where(near, np.minimum(short, far), short)
    if CHARGE_THREAT:
        for e, gap_e in zip(seen.enemies, gaps, strict=True):
            feared = gap_e + SLACK <= seen.moves[e.id]
            if e.normal and e.level == level and feared.any():
                threat = CHARGE_THREAT * max(0.0, seen.charge(e, m))
                exposure = np.where(feared, exposure + threat, exposure)
    caution = seen.caution
    if not action_left:
        caution *= END_OF_TURN
        offence = offence * NEXT_TURN_SHOT
    approach = np.where(short < math.inf, -seen.closing * np.maximum(0.0, short), 0.0)
    value = np.maximum(offence, melee) - caution * exposure + approach
    worths: np.ndarray = value - _strays(seen, xy)
    return worths


def _open_offence(seen: Outlook, e: AeonsModel, d: np.ndarray) -> np.ndarray:
    """:meth:`Outlook.offence` at ``e`` in the open from each of the gaps ``d``: weighed once
    for each band they fall in, at its far end (the same in all the band)."""
    ends = [*seen.offence_bands, math.inf]
    bands = np.searchsorted(seen.offence_bands, d)
    best = np.zeros(len(ends))
    for band in set(bands.tolist()):
        best[band] = seen.offence(e, ends[band], Cover.NONE)
    found: np.ndarray = best[bands]
    return found


def _gaps(xy: np.ndarray, centre: Point, radii: float) -> np.ndarray:
    """How far bases at ``xy`` are from a base at ``centre``, ``radii`` their radii summed."""
    return np.hypot(centre[0] - xy[:, 0], centre[1] - xy[:, 1]) - radii


def _strays(seen: Outlook, xy: np.ndarray) -> np.ndarray:
    """At most :func:`_straggling` at each of ``xy``: each gap taken :data:`SLACK` short."""
    reach, weight = seen.cohesion
    far = np.zeros(len(xy))
    for f in seen.leaders:
        far = np.maximum(far, _gaps(xy, f.pos, seen.model.radius + f.radius) - SLACK - reach)
    return weight * far


def _worth(
    seen: Outlook, action_left: bool, attacks: tuple[float, float], exposure: float, short: float
) -> float:
    """A spot's worth before straying: its best shot or Charge (``attacks``), less its
    ``exposure`` and the ``short`` inches it leaves to close (to a range or an unseen enemy)."""
    offence, melee = attacks
    caution = seen.caution
    if not action_left:
        caution *= END_OF_TURN
        offence *= NEXT_TURN_SHOT
    approach = -seen.closing * max(0.0, short) if short < math.inf else 0.0
    return max(offence, melee) - caution * exposure + approach


def _may_attack(game: AeonsGame, m: AeonsModel, ghost: AeonsModel, guns: Sequence[Weapon]) -> bool:
    """Whether ``m`` may attack the Ghost ``ghost``: Blessed in close combat against it, or
    with a Banish weapon among ``guns``."""
    return blessed.in_close_combat(game, m, ghost) or any(banish.may_target(w) for w in guns)


def _decoys(game: AeonsGame, m: AeonsModel, e: AeonsModel) -> int:
    """Other friends ``e`` could shoot instead of ``m``: its fire is shared among them."""
    cat = catalog_of(game)
    reach = max((w.range for w in cat.ranged_weapons(cat.profile(e.profile))), default=0.0)
    return sum(
        1
        for f in models(game)
        if f.side == m.side
        and f.id != m.id
        and f.normal
        and gap(game, e, f) <= reach
        and sight(game, e, f).visible
    )


def _charge_from(seen: Outlook, gaps: list[float], level: str | None) -> float:
    """The best Charge the outlook's model could make with its next Action from a spot on
    ``level``, ``gaps`` from each enemy."""
    m = seen.model
    return max((seen.charge(m, e) for e in _reached(seen, gaps, level)), default=0.0)


def _reached(seen: Outlook, gaps: list[float], level: str | None) -> list[AeonsModel]:
    """The enemies within a Charge of the outlook's model at a spot on ``level``, ``gaps``
    from each."""
    return [
        e for e, d in zip(seen.enemies, gaps, strict=True) if e.level == level and d <= seen.climb
    ]


def _straggling(seen: Outlook, p: Point) -> float:
    """What straying costs: inches beyond Command range, so a side moves together and Command
    can nominate it; an Animal's beyond its handler's reach, dearer, as it guards him and
    fights beside him."""
    m, far = seen.model, 0.0
    reach, weight = seen.cohesion
    for f in seen.leaders:
        far = max(far, edge_distance(p, m.radius, f.pos, f.radius) - reach)
    return weight * far


def _best_shot(
    cat: Catalog, m: AeonsModel, e: AeonsModel, d: float, cover: Cover, guns: list[Weapon]
) -> float:
    dex, near = cat.profile(m.profile).dex, d <= cat.scenario.blast_range
    shots = [
        shot_harm(
            w.typical_rate,
            dex,
            save_of(cat, cover, e),
            w.damage + (near and w.has("blast")),
            *target_of(cat, e),
        )
        for w in guns
        if d <= w.range
    ]
    return worth(cat, e) * max(shots, default=0.0)


def ep_move(cat: Catalog, m: AeonsModel) -> float:
    """How far an enemy can close before it shoots (the most a rolled Movement gives)."""
    return float(cat.profile(m.profile).top_move)


def _threat(cat: Catalog, e: AeonsModel, m: AeonsModel, d: float, cover: Cover) -> float:
    """Expected harm ``e`` can shoot at ``m`` next turn from ``d`` away: in full within
    range, half if it must move into range first."""
    ep = cat.profile(e.profile)
    best = 0.0
    for w in cat.ranged_weapons(ep):
        if d > w.range + ep.top_move:
            continue
        blast = w.has("blast") and d <= cat.scenario.blast_range + ep.top_move
        harm_ = shot_harm(
            w.typical_rate, ep.dex, save_of(cat, cover, m), w.damage + blast, *target_of(cat, m)
        )
        # In range it may shoot with both Actions; out of range it spends one moving.
        twice = 1.0 - (1.0 - harm_) ** 2
        best = max(best, twice if d <= w.range else 0.5 * harm_)
    return worth(cat, m) * best


def points_ceiling(game: AeonsGame, spec: PointSpec) -> float:
    """A score no rough point of ``spec`` is given above, so that the heuristic weighs none of
    them when an option scores more: leaving a combat won or throwing the loser is scored by
    its kind alone (:func:`_wound_score` reads no point), below a wound, which is always
    offered; a Move, where a shot is offered, at most :func:`_moves_ceiling`; else
    none is known."""
    decision = game.decision
    if decision is None:
        return math.inf
    if decision.kind == "combat-won":
        return _wound_score(game, Action(spec.kind, spec.args))
    # Shots most often score above every Move of the model: with none offered, no ceiling of
    # its Moves is looked for, as it would seldom spare them (a Blast's points are no option).
    shots = any(a.kind in AT_A_MODEL for a in decision.options)
    if decision.kind == "action" and spec.kind == "move" and shots:
        return _moves_ceiling(game, game.model(spec.args[0]))
    return math.inf


def _moves_ceiling(game: AeonsGame, m: AeonsModel) -> float:
    """A worth no Move of ``m`` to a rough point exceeds (:func:`_move_score`): the best shot
    in the open or Charge from a spot within its Move (:func:`_best_within`; every rough point
    of a Move lies within it, to the hundredth records keep), less what its own spot is worth;
    leaving the table loses the model. None is known for a model whose Move may gain more than
    its spot (:func:`plain`), drawn by an objective (:func:`_objective`), or Compelled (an edge
    may then win it back)."""
    if not plain(catalog_of(game).profile(m.profile)) or master_of(game, m) is not None:
        return math.inf
    _, edges, points = _objective(game, m)
    if edges or points:
        return math.inf
    seen = Outlook(game, m)
    after = _actions_left(game) > 1
    best = _best_within(seen, allowance(game, m) + KEPT, after)
    return max(best - seen.score(m.pos, m.level, after) - MOVE_COST, LOST_WORTH)


def _best_within(seen: Outlook, reach: float, after: bool) -> float:
    """A worth :func:`position_score` never exceeds within ``reach`` of the model, on its
    surface: the best shot at a target in the open (after the enemy's turn when no Action is
    left) or Charge, from its nearest there, no fire drawn, nothing to close, no straying."""
    m = seen.model
    offence = melee = 0.0
    for e in seen.enemies:
        nearest = edge_distance(m.pos, m.radius, e.pos, e.radius) - reach - SLACK
        if seen.targets[e.id] and nearest <= seen.reach[e.id]:
            offence = max(offence, seen.offence(e, nearest, Cover.NONE))
        if after and e.level == m.level and nearest <= seen.climb:
            melee = max(melee, seen.charge(m, e))
    return max(offence if after else offence * NEXT_TURN_SHOT, melee)


def score_actions(game: AeonsGame, candidates: list[Action]) -> list[float]:
    """Scores for the candidates of the current decision (higher is better)."""
    decision = game.decision
    assert decision is not None
    kind = decision.kind
    if kind == "action":
        return _action_scores(game, candidates)
    if kind == "deploy":
        return _deploy_scores(game, candidates)
    if kind == "marker":
        return [_marker_score(game, a) for a in candidates]
    if kind == tokens.BAG_MAN:
        return [_bag_man_score(game, a) for a in candidates]
    if kind == "lucky":
        return [_lucky_score(game, a) for a in candidates]
    if kind == lucky.SPOIL:
        return [_spoil_score(game, a) for a in candidates]
    if kind == serum.CHANGE:
        return [REAGENT_WORTH.get(a.args[1], -1.0) for a in candidates]
    if kind == shoggoth.ESSENCE:
        return [_essence_score(game, a) for a in candidates]
    if kind == shoggoth.TAKE:
        return [0.0 if a.kind == shoggoth.PASS else 1.0 for a in candidates]
    if kind == "parry":
        return [_parry_score(game, a) for a in candidates]
    if kind == FOE:
        return [_fight_score(game, a) for a in candidates]
    if kind in ("nominate", "command", "smart", "handler", "activate", "fight"):
        return _pick_scores(game, candidates)
    if kind == "sacrifice":
        return [_sacrifice_score(game, a) for a in candidates]
    if kind == mobs.ASSIGN:
        return [_assign_score(game, a) for a in candidates]
    if kind == "alert":
        return [_alert_score(game, a) for a in candidates]
    if kind == "heroic":
        return [_heroic_score(game, a) for a in candidates]
    if kind == "prey":
        return [_prey_score(game, a) for a in candidates]
    if kind == "jump-up":
        return [1.0 if a.kind == "jump-up" else 0.0 for a in candidates]
    if kind == "bliss":
        return [1.0 if a.kind == "bliss" else 0.0 for a in candidates]
    if kind == "tight-boots":
        return [1.0 if a.kind == "boots" else 0.0 for a in candidates]
    if kind == "morphine":
        return [_morphine_score(game, a) for a in candidates]
    if kind == "antivenom":
        return [1.0 if a.kind == "antivenom" else 0.0 for a in candidates]
    if kind == "combat-won":
        return [_wound_score(game, a) for a in candidates]
    if kind == "feint":
        return [_feint_score(game, a) for a in candidates]
    if kind == back_up.KIT:
        return [_kit_score(game, a) for a in candidates]
    if kind == field_test.CHOOSE:
        return [_prototype_score(game, a) for a in candidates]
    if kind == tide.TIDE:
        # A Mob of Swarms adds their Attacks, causes Fear and takes no test (R:921-923).
        return [1.0 if a.kind == tide.TIDE else 0.0 for a in candidates]
    if kind == "two-weapons":
        return [1.0 if a.kind == "two-weapons" else 0.0 for a in candidates]
    if kind == cunning.REROLL:  # offered only to a losing die: nothing to lose by it
        return [1.0 if a.kind == cunning.REROLL else 0.0 for a in candidates]
    if kind == pregame.REROLL:
        return scenario_odds.reroll_scores(game, candidates)
    if kind == pregame.TACTICIAN:
        return scenario_odds.shift_scores(game, candidates)
    if kind == quadrants.REROLL:  # kept for a roll-off, where a losing die is known
        return [1.0 if a.kind == cunning.KEEP else 0.0 for a in candidates]
    if kind == quadrants.NUMBER:
        # Every area is as likely to be rolled however they are numbered: the first offered.
        first = quadrants.area_names(game)[0]
        return [1.0 if a.args == (first,) else 0.0 for a in candidates]
    if kind == quadrants.QUEUE:
        # The front of the queue is placed first, with the most room 5" from every model: the
        # models that matter most go there.
        cat = catalog_of(game)
        return [worth(cat, game.model(a.args[0])) for a in candidates]
    if kind == "trick-rider":
        return [{"mount": 1.0, riding.STAY: 0.5}.get(a.kind, 0.0) for a in candidates]
    if kind == "scatter":
        return [_scatter_score(game, a) for a in candidates]
    if kind == "the-natural":
        return [_natural_score(game, a) for a in candidates]
    if kind == "strafe":
        return [_strafe_score(game, a) for a in candidates]
    if kind == CLOSEST:
        return [_closest_score(game, a) for a in candidates]
    if kind in ("escape", "feint-away"):
        return [_distance_from_enemies(game, a) for a in candidates]
    placed = (mating.MATE, worm.PLACE_GRUB, pentacles.ARRIVE, summoning.ARRIVES, puppets.PUPPET)
    if kind in placed or kind in (back_up.ARRIVES, saltes.RAISED):
        # The mate comes to avenge: as near the enemy as an edge allows (R:601); a Grub
        # touching its Worm's wounder fights it at once (R:557); a Scrawny One, a Daemon
        # summoned, a Puppet and a model the Essential Saltes raise come to fight too.
        return [-_distance_from_enemies(game, a) for a in candidates]
    if kind == pentacles.PENTACLE:
        return [_pentacle_score(game, a) for a in candidates]
    if kind == scene.SCENE:
        return _scene_scores(game, decision.player, candidates)
    return [0.0] * len(candidates)


def _action_scores(game: AeonsGame, candidates: list[Action]) -> list[float]:
    """The scores of an Action decision's candidates, each Move's bounded first without sight
    (:func:`position_bounds`, all of a model's spots at once) and weighed exactly only where
    it could still be chosen (:func:`_best_first`)."""
    outlooks: dict[str, Outlook] = {}
    moves: dict[str, list[tuple[int, Point]]] = {}
    for i, a in enumerate(candidates):
        if a.kind == "move" and a.point is not None:
            moves.setdefault(a.args[0], []).append((i, a.point))
    after = _actions_left(game) > 1
    found: dict[int, float] = {}
    for mid, ends in moves.items():
        m = game.model(mid)
        seen = outlooks[mid] = Outlook(game, m)
        spots = [p for _, p in ends]
        if not seen.plain:
            seen.weigh_bounds(spots, m.level, after)  # for _move_score to read each
            continue
        bounds = position_bounds(seen, spots, m.level, after)
        worths = _plain_bounds(seen, spots, bounds, after)
        for (i, p), worth in zip(ends, worths, strict=True):
            if game.board.beyond_edge(p) is None:  # else weighed as it leaves the table
                found[i] = worth
    scores = [
        found[i] if i in found else _action_score(game, a, outlooks, bounded=True)
        for i, a in enumerate(candidates)
    ]
    exact = [a.kind not in MOVES for a in candidates]
    return _best_first(game, candidates, scores, exact, lambda a: _action_score(game, a, outlooks))


def _plain_bounds(
    seen: Outlook, spots: list[Point], bounds: np.ndarray, after: bool
) -> list[float]:
    """:func:`_move_score`'s bounds of the plain Moves of the outlook's model to ``spots`` on
    the table, all at once from their spots' ``bounds``: the same sums, in the same order."""
    m = seen.model
    here = seen.score(m.pos, m.level, after)
    reached = seen.known(spots, bounds, m.level, after)
    pulls = np.array(seen.pulls(spots)) - seen.pull(m.pos)
    worths: list[float] = ((reached - here) - MOVE_COST + pulls - seen.breaking()).tolist()
    return worths


def _pick_scores(game: AeonsGame, candidates: list[Action]) -> list[float]:
    """The scores of a decision picking a model (:func:`_pick_score`), each first with the
    usefulness of every model it brings at its most (:data:`MOVE_UP`, or as found already)
    and weighed exactly only where it could still be chosen (:func:`_best_first`)."""
    useful: dict[str, float] = {}

    def most(m: AeonsModel) -> float:
        return useful.get(m.id, MOVE_UP)

    def kept(m: AeonsModel) -> float:
        return _kept_usefulness(game, m, useful)

    scores = [_pick_score(game, a, most) for a in candidates]
    exact = [False] * len(candidates)
    return _best_first(game, candidates, scores, exact, lambda a: _pick_score(game, a, kept))


def _best_first(
    game: AeonsGame,
    candidates: list[Action],
    scores: list[float],
    exact: list[bool],
    weigh: Callable[[Action], float],
) -> list[float]:
    """``scores`` of the candidates, bounds where not ``exact``, weighed exactly (``weigh``)
    best bound first, only while each could still be the best legal candidate or tie with
    it: the others keep their bounds, below the best legal score by more than the player's
    margin, so that the player chooses as if every candidate were weighed exactly."""
    options = set(game.decision.options) if game.decision is not None else set()
    scores, exact = list(scores), list(exact)
    ranked = [(-s, i) for i, s in enumerate(scores)]
    heapq.heapify(ranked)
    best = None
    while ranked and (best is None or -ranked[0][0] >= best - TIE):
        i = heapq.heappop(ranked)[1]
        a = candidates[i]
        if not exact[i]:
            exact[i] = True
            scores[i] = weigh(a)
            heapq.heappush(ranked, (-scores[i], i))
        elif best is None and (a in options or game.point_error(a) is None):
            best = scores[i]
    return scores


def _kit_score(game: AeonsGame, a: Action) -> float:
    """The Agent's gear called in by Back Up (R:453): its best expected harm against the
    enemies on the table (:func:`_armed_harm`)."""
    agent = back_up.newcomer(game, game.model(a.args[0]), a.args[1])
    return _armed_harm(game, agent, [e for e in models(game) if e.side != agent.side])


def _prototype_score(game: AeonsGame, a: Action) -> float:
    """The prototype a Field Tester's player chooses on a 2 (R:431), as Back Up's gear: the
    Technician's best expected harm with it against the enemy's models, none placed yet."""
    m = game.model(a.args[0])
    armed = AeonsModel(m.id, m.side, m.name, -1.0, -1.0, m.radius, profile=a.args[1])
    return _armed_harm(game, armed, [e for e in game.models if e.side != m.side])


def _armed_harm(game: AeonsGame, agent: AeonsModel, enemies: list[AeonsModel]) -> float:
    """The best expected harm of ``agent``, a shot in the open or a round of close combat,
    against ``enemies`` on average."""
    cat = catalog_of(game)
    prof = cat.profile(agent.profile)
    wa = cat.close_weapon(prof)
    total = 0.0
    for e in enemies:
        wb = cat.close_weapon(cat.profile(e.profile))
        shots = [
            shot_harm(w.typical_rate, prof.dex, 7, w.damage, *target_of(cat, e, w))
            for w in cat.ranged_weapons(prof)
        ]
        blows = melee_harm(
            max(1, prof.attacks),
            wa.ccb + D3_MIDDLE * wa.ccb_d3,
            wa.damage,
            fight_dice(game, e, agent),
            wb.ccb + D3_MIDDLE * wb.ccb_d3,
            wb.damage,
            target_of(cat, e, wa),
            target_of(cat, agent, wb),
        )
        total += worth(cat, e) * max([blows, *shots])
    return total / max(1, len(enemies))


def _transport_score(game: AeonsGame, m: AeonsModel, a: Action) -> float:
    """A Byakhee lifts a slower friend while the enemy is far, worth the inches the friend
    gains toward it over a turn's two Moves, and sets it down once the enemy is near: a
    passenger neither fights nor shoots (R:639)."""
    near = _nearest_foe(game, m)
    if a.kind == transporter.SET_DOWN:
        return MOUNT_WORTH if near <= TRANSPORT_REACH else -1.0
    friend = game.model(a.args[1])
    if near <= TRANSPORT_REACH or all(f.id != friend.id for f in transporter.fares(game, m)):
        return -1.0
    return _lift_worth(game, m, friend)


def _lift_worth(game: AeonsGame, m: AeonsModel, friend: AeonsModel) -> float:
    """What the Byakhee ``m`` lifting ``friend`` is worth: the inches the friend gains toward
    the enemy over a turn's two Moves, at what closing in is worth to it."""
    cat = catalog_of(game)
    walks = cat.profile(friend.profile)
    gained = cat.profile(m.profile).top_move - transporter.weight(game, friend) - walks.top_move
    return MOUNT_WORTH + 2 * gained * APPROACH[bool(cat.ranged_weapons(walks))]


def _fare_worth(game: AeonsGame, m: AeonsModel, p: Point, action_left: bool) -> float:
    """A Byakhee's Move into base-to-base with a friend it would lift, the enemy far:
    the lift it opens, half of it when the lift waits for the next turn (R:639)."""
    fares = transporter.fares(game, m)
    if not fares or _nearest_foe(game, m) <= TRANSPORT_REACH:
        return 0.0
    lifts = [
        _lift_worth(game, m, f)
        for f in fares
        if edge_distance(p, m.radius, f.pos, f.radius) <= CONTACT < gap(game, m, f)
    ]
    return max(lifts, default=0.0) * (1.0 if action_left else NEXT_TURN_SHOT)


def _nearest_foe(game: AeonsGame, m: AeonsModel) -> float:
    """How far the nearest enemy of ``m`` is."""
    return min((gap(game, m, o) for o in models(game) if o.side != m.side), default=math.inf)


def _assign_score(game: AeonsGame, a: Action) -> float:
    """A Mob's Wounds go where they harm it least (R:926): to the member with the most
    Wounds to spare, else to one that adds fewest Attacks, Face Down before Face Up."""
    member = game.model(a.args[1])
    return 10.0 * member.wounds + SPARED.get(member.state, 0.0)


def _action_score(
    game: AeonsGame, a: Action, outlooks: dict[str, Outlook], bounded: bool = False
) -> float:
    """The worth of one Action; ``outlooks`` keeps each model's outlook for the decision. A
    Move's with ``bounded`` is a bound (:func:`_move_score`)."""
    m = game.model(a.args[0])
    if a.kind in MOVES:  # most of a decision's candidates
        return _move_score(game, m, a, outlooks, bounded)
    if a.kind in AT_A_MODEL or (a.kind == SHOOT_AT and a.point is not None):
        return _shot_score(game, m, a, _outlook(outlooks, game, m))
    if a.kind == "charge":
        return _fight_score(game, a, _ward_odds(game, m, a) * _brave_odds(game, m, a))
    if a.kind == wards.HOLY_BOOK:
        dispelled = sum(worth(catalog_of(game), g) for g in wards.ghosts_near(game, m))
        return dispelled + sum(_evil_eye_score(game, d) for d in wards.daemons_near(game, m))
    if a.kind == sermon.SERMON:
        reach = sermon.REACH
        ghosts = {g.id for g in wards.ghosts_near(game, m, reach)} | set(
            sermon.graves_near(game, m)
        )
        dispelled = sum(worth(catalog_of(game), game.model(g)) for g in ghosts)
        daemons = wards.daemons_near(game, m, reach)
        return dispelled + sum(_evil_eye_score(game, d) for d in daemons)
    if a.kind == icy_touch.MANIFEST:
        # A physical form is worth the Charge it opens on an enemy within a Move (R:740).
        reach = allowance(game, m)
        prey = [e for e in models(game) if e.side != m.side and gap(game, m, e) <= reach]
        return MANIFEST_WORTH if any(not is_ghost(game, e) for e in prey) else 0.0
    if a.kind == detonator.DETONATE:
        return _detonation_score(game, m)
    if a.kind == bait.PLACE:
        return READY_WORTH if _near_kind(game, m, ("beast",), bait.REACH) else 0.0
    if a.kind == salt.CIRCLE:
        return READY_WORTH if _near_kind(game, m, salt.HALTED, SALT_REACH) else 0.0
    if a.kind == trap.SET:
        return READY_WORTH if _baited(game, m, a.point) else 0.0
    if a.kind == detonator.PLANT:
        near = any(o.side != m.side and gap(game, m, o) <= PLANT_REACH for o in models(game))
        return READY_WORTH if near else 0.0
    if a.kind in ("change-state", "clear-jam", "treat"):
        return 1.0
    if a.kind in riding.ARITY:
        return MOUNT_WORTH if a.kind == "mount" else -1.0
    if a.kind in transporter.ARITY:
        return _transport_score(game, m, a)
    if a.kind in snatch.ARITY:
        return 1.0  # wriggling free or back on the table: anything but waiting
    if a.kind in ("ready", "prep-jet"):
        return READY_WORTH
    if a.kind == STRUGGLE:
        return STRUGGLE_WORTH
    if a.kind == "rage":
        return _rage_score(game, m)
    if a.kind == swallow.SWALLOW:
        # Every model swallowed is removed for good: its whole worth.
        return sum(worth(catalog_of(game), e) for e in swallow.prey(game, m))
    if a.kind == "evil-eye":
        return _evil_eye_score(game, game.model(a.args[1]))
    if a.kind == "mesmerize":
        return MESMERIZE_WORTH * worth(catalog_of(game), game.model(a.args[1]))
    if a.kind == engulf.PULL:
        return PULL_WORTH
    if a.kind == cocoon.CUT:
        return CUT_WORTH
    if a.kind == eggs.LAY:
        return EGG_WORTH
    if a.kind == eggs.CRUSH:
        return CRUSH_WORTH
    if a.kind == serum.INJECT:
        return INJECT_WORTH
    if a.kind == "stomp":
        return _spread_score(game, m, stomp.shaken(game, m), _dex_fails)
    if a.kind == worm.SWEEPS:
        return _sweep_score(game, m)
    if a.kind == "howl":
        return _howl_score(game, m)
    if a.kind == whistling_winds.WINDS:
        return _winds_score(game, m, a.args[1])
    if a.kind == mind_transfer.TRANSFER:
        return _transfer_score(game, m, game.model(a.args[1]))
    if a.kind == neural_shock.SHOCK:
        return _shock_score(game, game.model(a.args[1]))
    if a.kind == pentacles.SUICIDE:
        return _suicide_score(game, m)
    if a.kind == gaze.GAZE:
        return GAZE_WORTH * worth(catalog_of(game), game.model(a.args[1]))
    if a.kind == gaze.DIRECT:
        return DIRECT_WORTH
    if a.kind == puppets.SPAWN:
        return SPAWN_WORTH if m.wounds > SPAWN_WOUNDS else -1.0
    if a.kind == puppets.BOMB:
        bombed = puppets.stupefied(game, m)
        cat = catalog_of(game)
        gain = sum(worth(cat, o) * (1 if o.side != m.side else -1) for o in bombed)
        return STUPID_WORTH * gain - worth(cat, m)
    if a.kind == summoning.PIPE:
        return PIPE_WORTH
    if a.kind == summoning.SUMMON:
        return SUMMONED_POINT_WORTH * _summon_points(game, m, a.args[1])
    if a.kind == saltes.EMPTY:  # the dearest profile the jar allows
        return RAISED_WORTH + SUMMONED_POINT_WORTH * saltes.worth(game, m, a.args[1])
    if a.kind == back_up.CALL:
        calls = catalog_of(game).scenario.back_up_calls
        return BACK_UP_WORTH * max(0, 7 - calls) / 6
    if a.kind == pentacles.TELEPORT:
        return _teleport_score(game, m, a.args[1])
    if a.kind == "smash" and pentacles.PENTACLE in game.board.piece(a.args[1]).tags:
        return PENTACLE_SMASH_WORTH if pentacles.imprisoned(game, 1 - m.side) else 0.0
    if a.kind in lost_soul.ARITY or a.kind in purifying.ARITY:
        return SEARCH_WORTH  # a Ghost dispelled: the only way to be rid of a Lost Soul
    if a.kind == tokens.SEARCH:
        search = tokens.search_of(game)
        return SEARCH_WORTH if search is not None and search.section else LOOT_WORTH
    if a.kind == tokens.DRAG and a.point is not None:
        return _drag_score(game, m, a.args[1], a.point)
    return 0.0


def _shot_score(game: AeonsGame, m: AeonsModel, a: Action, seen: Outlook) -> float:
    """The worth of a Shoot Action at a model or at a point (a Blast's), taken after the test
    to shoot past the closest enemy that it owes, its Horse's and its Phobias'."""
    saddle = riding.penalty(game, m)
    if a.kind == SHOOT_AT and a.point is not None:
        weapon = a.args[1]
        aimed = point_score(game, m, a.point, weapon, saddle)
        test = seen.past_the_closest(caught_at(game, m, weapon, a.point))
        total = _past_the_closest(test, aimed, lambda e: shoot_score(game, m, e, weapon, saddle))
    else:
        # Two weapons fired together each need 1 more to hit (R:285), from the saddle 1 more.
        target = game.model(a.args[1])
        penalty = saddle + (pair_penalty(game, m) if a.kind == "shoot-two" else 0)

        def at(e: AeonsModel) -> float:
            return sum(shoot_score(game, m, e, w, penalty) for w in a.args[2:])

        total = _past_the_closest(seen.past_the_closest([target]), at(target), at)
    return total * _steady_odds(game, m, a) * _brave_odds(game, m, a)


def _outlook(outlooks: dict[str, Outlook], game: AeonsGame, m: AeonsModel) -> Outlook:
    """``m``'s outlook for the decision, made on first use."""
    seen = outlooks.get(m.id)
    if seen is None:
        seen = outlooks[m.id] = Outlook(game, m)
    return seen


def _move_score(
    game: AeonsGame,
    m: AeonsModel,
    a: Action,
    outlooks: dict[str, Outlook],
    bounded: bool = False,
) -> float:
    """The worth of a Move, a climb, a jump or a jet's leap: what the spot reached gains over
    the one left, toward the objective, less the Phobias it braves; with ``bounded``, a worth
    the Move's never exceeds: the spot reached weighed by :meth:`Outlook.bound`, and nothing
    lost to Phobias where the Move can gain nothing but its pull (:attr:`Outlook.plain`)."""
    seen = _outlook(outlooks, game, m)
    reached = seen.bound if bounded else seen.score
    if a.kind == "move" and a.point is not None:
        edge = game.board.beyond_edge(a.point)
        if edge is not None:
            wins = edge in objectives.goal_edges(game, m) or snatch.nests(game, m, edge)
            # A Compelled model walked off the table is lost to its side, unless it wins so.
            held = master_of(game, m) is not None
            return EXIT_WORTH if wins != held else LOST_WORTH
        after = _actions_left(game) > 1
        pull, scared = _aside(game, m, a, seen, after)
        # The spot left is scored first, as :func:`_plain_bounds` does, so that a Move to it
        # reads that score, not its bound.
        here = seen.score(m.pos, m.level, after)
        gain = reached(a.point, m.level, after) - here
        return gain - MOVE_COST + pull + scared - seen.breaking()
    if a.kind in ("jump", "jet") and a.point is not None:
        return reached(a.point, game.board.surface_at(a.point)) - seen.score(m.pos, m.level)
    if a.kind == "climb":
        ladder = next(lad for lad in game.board.ladders if lad.id == a.args[1])
        up = m.level is None
        spot, level = (ladder.top, ladder.terrain) if up else (ladder.foot, None)
        return reached(spot, level) - seen.score(m.pos, m.level) - _dread(game, m, a)
    return 0.0


def _breaking(game: AeonsGame, m: AeonsModel) -> float:
    """What a Move out of a combat costs ``m``: the harm of each Normal opponent's free roll
    to wound, one die and its weapon's Damage (R:157; notes §6 item 47); none where no Move
    leaves a combat (the introduction)."""
    cat = catalog_of(game)
    if not cat.scenario.break_from_combat:
        return 0.0
    return sum(
        free_harm(cat, cat.close_weapon(cat.profile(e.profile)), m)
        for e in contacts(game, m)
        if e.normal
    )


def free_harm(cat: Catalog, w: Weapon, m: AeonsModel) -> float:
    """What one free hit of the close combat weapon ``w`` on ``m`` costs its side
    (:func:`.damage.free_hit`): one die and the weapon's Damage to wound, none from a harmless
    weapon (the Repulsor's "-", R:1295)."""
    return 0.0 if w.harmless else worth(cat, m) * harm(1, w.damage, *target_of(cat, m, w))


def _aside(
    game: AeonsGame, m: AeonsModel, a: Action, seen: Outlook, after: bool
) -> tuple[float, float]:
    """What the Move ``a`` of ``m`` gains besides the worth of the spot it reaches: toward
    the objective, less the Phobias and Scenes of Horror it braves, with a lift it opens; and
    the tests it puts to enemies (The Frighteners, the Possessor)."""
    p = a.point
    assert p is not None
    pull = seen.pull(p) - seen.pull(m.pos)
    pull -= _dread(game, m, a) + _horror(game, m, p)
    if seen.plain:  # no Frighteners, no Possessor, no lift (:attr:`Outlook.plain`)
        return pull, 0.0
    way = (m.pos, p)
    scared = FRIGHT_WORTH * len(frighteners.frights(game, m, way))
    scared += POSSESS_WORTH * len(possession.possessions(game, m, way))
    pull += _fare_worth(game, m, p, after)
    return pull, scared


def _past_the_closest(
    test: Priority | None, aimed: float, turned: Callable[[AeonsModel], float]
) -> float:
    """A shot worth ``aimed`` at what it is aimed at, taken after its ``test`` to shoot past
    the closest enemy, if it owes one (R:177): that worth when the test passes, else the
    worth of the shot turned on the closest enemy (``turned``; of several tied, the best),
    nothing when his Horse throws the firer (R:1121)."""
    if test is None:
        return aimed
    best = max(turned(c) for c in test.closest)
    return float(test.passes) * aimed + float(test.turned) * best


def _brave_odds(game: AeonsGame, m: AeonsModel, a: Action) -> float:
    """The chance ``m`` passes the Insanity tests its Phobias ask before ``a`` (R:228-236),
    a Haphephobic one's before the round of its Charge too (R:234), as play takes them
    (:func:`.odds.all_pass`: each once-a-game aid spent on one of them only)."""
    prof = catalog_of(game).profile(m.profile)
    tests = len(phobias.dreads(game, m, a))
    tests += a.kind == "charge" and prof.fears("haphephobia") and not contacts(game, m)
    return float(all_pass(game, m, tests)) if tests else 1.0


def _dread(game: AeonsGame, m: AeonsModel, a: Action) -> float:
    """What a Move or a climb loses to ``m``'s Phobias: the tests it would fail before it
    (water, scenery, heights), and an Agoraphobic model's end in the open (R:229)."""
    prof = catalog_of(game).profile(m.profile)
    if not prof.phobias:
        return 0.0
    lost = DREAD_COST * (1 - _brave_odds(game, m, a))
    if a.point is not None and prof.fears("agoraphobia"):
        lost += OPEN_COST if phobias.in_the_open(game, m, a.point, m.level) else 0.0
    return lost


def _horror(game: AeonsGame, m: AeonsModel, point: Point) -> float:
    """What a Move into or through a Scene of Horror costs ``m``: the Insanity test it would
    fail there (notes §6 item 8), as play takes it (:func:`_fails`), for a model on the
    ground subject to psychology."""
    prof = catalog_of(game).profile(m.profile)
    if not prof.subject_to_psychology or m.level is not None:
        return 0.0
    return DREAD_COST * _fails(game, m) if scene.crosses(game, m, m.pos, point) else 0.0


def _morphine_score(game: AeonsGame, a: Action) -> float:
    """Take Morphine against a Major Injury, which staying cannot worsen; against a Minor one
    only out of combat, where a second Injury, which would make it Major, is less likely."""
    if a.kind == "no-morphine":
        return 0.5
    m = game.model(a.args[0])
    injury = next(e for e in reversed(game.log) if e.kind == "injury" and e.models == (m.id,))
    return 1.0 if injury.data["result"] == MAJOR_INJURY or not contacts(game, m) else 0.0


def _detonation_score(game: AeonsGame, m: AeonsModel) -> float:
    """Setting off ``m``'s Dynamite: the worth of the enemies under its template, less that of
    the friends (``m`` too), each hit about half the time."""
    placed = detonator.marker(game, m)
    assert placed is not None
    cat = catalog_of(game)
    laid = template_of(game, cat.weapon(DYNAMITE), m, placed[0])
    caught = under(game, laid, placed[1], m.id)
    return sum((0.5 if o.side != m.side else -0.5) * worth(cat, o) for o in caught)


def _baited(game: AeonsGame, m: AeonsModel, at: Point | None) -> bool:
    """Whether a bear trap set at ``at`` lies in an enemy's way: one within reach of it, and
    no friend within the 4" that springs it."""
    if at is None:
        return False
    near = [(o, math.dist(o.pos, at) - o.radius) for o in models(game) if o.id != m.id]
    foes = any(o.side != m.side and d <= TRAP_REACH for o, d in near)
    return foes and not any(o.side == m.side and d <= trap.SPRING_REACH for o, d in near)


def _near_kind(game: AeonsGame, m: AeonsModel, kinds: tuple[str, ...], reach: float) -> bool:
    """Whether an enemy of one of the Special types ``kinds`` is within ``reach`` of ``m``:
    Bait placed here holds a Beast, a salt circle round it makes an Undead or a Daemon test."""
    cat = catalog_of(game)
    return any(
        o.side != m.side
        and set(kinds) & set(cat.profile(o.profile).types)
        and gap(game, m, o) <= reach
        for o in models(game)
    )


def _wound_score(game: AeonsGame, a: Action) -> float:
    """Wound rather than leave; with a Wooden Stake where offered (a Daemon: a Critical Hit
    from a 5, and 2 more Damage against a Night Stalker); cocoon a loser that leads others or
    that only a 6 wounds (R:596); a Night Stalker's sure Wound of a Regenerate before a roll to
    wound, a Drain after (R:677); a Winged Nightmare's Snatch where a short edge is within its
    halved Movement, to carry the foe to its nest (R:713); else wound."""
    if a.kind == cocoon.COCOON:
        return _cocoon_score(game, game.model(a.args[0]))
    if a.kind in BITE_WORTH:
        return BITE_WORTH[a.kind]
    if a.kind == snatch.SNATCH:
        m = game.model(a.args[0])
        near = min(
            game.board.distance_to_edge(m.pos, m.radius, e) for e in snatch.short_edges(game)
        )
        return NEST_WORTH if near <= top(game, m) / 2 else 0.0
    if a.kind != "wound":
        return 0.0
    return STAKE_WORTH if a.args[1:] == (stake.STAKE,) else 1.0


def _cocoon_score(game: AeonsGame, winner: AeonsModel) -> float:
    """A cocoon (R:596) is worth more than a wound against a leader or a loser hard to wound:
    it fights at -1, nominates no one and spends its Actions cutting itself free."""
    fight = game.stack[-1]
    assert isinstance(fight, CombatRound)
    cat = catalog_of(game)
    loser = game.model(fight.b if fight.a == winner.id else fight.a)
    led = cat.profile(loser.profile)
    con = target_of(cat, loser)[0]
    bonus = fighter.damage(cat, cat.profile(winner.profile))
    hard = con - bonus >= HARD_TO_WOUND
    return COCOON_WORTH[hard or led.has("command") or led.has("lieutenant")]


def _steady_odds(game: AeonsGame, m: AeonsModel, a: Action) -> float:
    """The chance ``m``'s Horse passes the test before he fires ``a``'s weapons, as play
    takes it (R:1121, :func:`.odds.steady_odds`)."""
    cat = catalog_of(game)
    found = (riding.steadied(game, m, cat.weapon(w)) for w in fired(a))
    horse = next((h for h in found if h is not None), None)
    return 1.0 if horse is None else float(steady_odds(game, horse).passes)


def _ward_odds(game: AeonsGame, m: AeonsModel, a: Action) -> float:
    """The chance ``m`` passes the Resolve test Garlic or Wolfsbane asks before ``a``, as
    play takes it (:func:`.odds.resolve_odds`)."""
    if wards.ward(game, m, a) is None:
        return 1.0
    return float(resolve_odds(game, m).passes)


def _rage_score(game: AeonsGame, m: AeonsModel) -> float:
    """Deadly Rage: a sure Wound on each enemy in base-to-base, and on each friend there."""
    cat = catalog_of(game)
    return sum(
        (1.0 if o.side != m.side else -1.0) * worth(cat, o) / max(o.wounds, 1)
        for o in struck(game, m)
    )


def _prey_score(game: AeonsGame, a: Action) -> float:
    """A Stalker hunts the enemy that matters most (R:562)."""
    return worth(catalog_of(game), game.model(a.args[1])) if a.kind == "prey" else 0.0


def _spread_score(
    game: AeonsGame,
    m: AeonsModel,
    struck: list[AeonsModel],
    fails: Callable[[AeonsGame, AeonsModel], float],
) -> float:
    """An Action that makes each of ``struck`` test (``fails`` the chance it fails), a failure
    costing it about as much as going Face Up: an enemy's failure a gain, a friend's a loss."""
    cat = catalog_of(game)
    return sum(
        (1.0 if o.side != m.side else -1.0) * worth(cat, o) * _FACE_UP_WORTH * fails(game, o)
        for o in struck
    )


def _dex_fails(game: AeonsGame, o: AeonsModel) -> float:
    """The chance ``o`` fails a Dexterity test (a Stomp's, a gust's), on the bare die: it is
    no test against Resolve, so no Resolve is lent to it and the odds module prices none."""
    return (catalog_of(game).profile(o.profile).dex - 1) / 6


def _howl_score(game: AeonsGame, m: AeonsModel) -> float:
    """A howl: each hearer's failed Resolve test (R:562, R:601), or, for a Werewolf's Bark at
    the Moon, its roll on the Insanity Table with the bark's -1 (R:632): a Catatonia more
    likely, a Frenzy at the barker never."""
    cat = catalog_of(game)
    modifier = howl.modifier(game, m)
    failed = _FACE_UP_WORTH if modifier is None else _insanity_worth(cat, modifier)
    return _spread_score(game, m, howl.hearers(game, m), _fails) * (failed / _FACE_UP_WORTH)


def _insanity_worth(cat: Catalog, modifier: int) -> float:
    """What a roll on the Insanity Table (R:217-223) with ``modifier`` is worth against its
    roller, every face alike."""
    rows = (cat.table_row(cat.insanity, face + modifier) for face in range(1, 7))
    return sum(INSANITY_WORTH[row.effect] for row in rows) / 6


def _sweep_score(game: AeonsGame, m: AeonsModel) -> float:
    """The Sweep (R:557): each model near goes Face Up at least, an enemy a gain, a friend a
    loss."""
    cat = catalog_of(game)
    return sum(
        (1.0 if o.side != m.side else -1.0) * worth(cat, o) * _FACE_UP_WORTH
        for o in worm.swept(game, m)
    )


def _transfer_score(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> float:
    """A Mind Transfer, worth a Mesmerize when the target has a Skill the Yithian lacks."""
    known = set(mind_transfer.skills(game, m))
    new = [s for s in mind_transfer.skills(game, target) if s not in known]
    return MESMERIZE_WORTH if new else 0.0


def _shock_score(game: AeonsGame, target: AeonsModel) -> float:
    """A Neural Shock: the chance the target fails its test as play takes it, a Mind
    Transfer's victim's worse (:func:`.neural_shock.penalty`), for its Confusion and a 1D+1
    hit."""
    fails = _fails(game, target, neural_shock.penalty(game, target))
    return worth(catalog_of(game), target) * (STATUS_WORTH["confusion"] + SHOCK_HIT) * fails


def _winds_score(game: AeonsGame, m: AeonsModel, effect: str) -> float:
    """A Polyp's Whistling Winds, never stirred in base-to-base (its opponents hit it first):
    a gust as any Dexterity test around it (the push beside), a swirl while enemies see it;
    its Fear, as a Surly menace, is not weighed."""
    if contacts(game, m):
        return 0.0
    if effect == "gust":
        return _spread_score(game, m, whistling_winds.blown(game, m), _dex_fails)
    seen = any(o.side != m.side and sight(game, o, m).visible for o in models(game))
    return SWIRL_WORTH if effect == "swirl" and seen else 0.0


def _evil_eye_score(game: AeonsGame, target: AeonsModel) -> float:
    """The Evil Eye, the Holy Book: the chance the target fails its test as play takes it,
    for a Face Down enemy."""
    return worth(catalog_of(game), target) * _FACE_DOWN_WORTH * _fails(game, target)


def _summon_points(game: AeonsGame, m: AeonsModel, profile: str) -> float:
    """What the Daemon ``profile`` that ``m`` would summon is worth."""
    return next(s.points for s in summoning.summons(game, m.side) if s.profile == profile)


def _suicide_score(game: AeonsGame, m: AeonsModel) -> float:
    """A suicide at a Pentacle: the Scrawny One brought forth, for a model worth no more."""
    cat = catalog_of(game)
    freed, own = worth(cat, pentacles.imprisoned(game, m.side)[0]), worth(cat, m)
    return SUMMON_WORTH * freed - own if own <= freed else -own


def _altars(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The Pentacles ``m`` would go to kill itself at, worth no more than what it brings."""
    if not pentacles.may_sacrifice(game, m) or _suicide_score(game, m) < 0:
        return []
    return [pentacles.centre(t) for t in pentacles.pentacles(game)]


def _pentacle_score(game: AeonsGame, a: Action) -> float:
    """A Pentacle is placed near the models that would kill themselves at it."""
    assert a.point is not None
    side = game.model(a.args[0]).side
    near = [
        math.dist(a.point, f.pos)
        for f in models(game)
        if f.side == side and pentacles.may_sacrifice(game, f)
    ]
    return -min(near, default=0.0)


def _scene_scores(game: AeonsGame, side: int, candidates: list[Action]) -> list[float]:
    """The Scene of Horror is laid where the enemy must cross (notes §6 item 8): nearest, on
    average, the points halfway from each enemy to what draws it, its scenario's objective
    (:func:`_objective`: a marker, the nearest point of an edge) or else its nearest foe."""
    ways = []
    for e in models(game):
        if e.side == side:
            continue
        _, edges, points = _objective(game, e)
        goals = points + [game.board.edge_contact(e.pos, e.radius, edge) for edge in edges]
        goals = goals or [f.pos for f in models(game) if f.side == side]
        goal = min(goals, key=lambda p: math.dist(p, e.pos), default=e.pos)
        ways.append(((e.x + goal[0]) / 2, (e.y + goal[1]) / 2))
    return [
        -sum(math.dist(a.point, w) for w in ways) / max(len(ways), 1) if a.point else 0.0
        for a in candidates
    ]


def _teleport_score(game: AeonsGame, m: AeonsModel, piece: str) -> float:
    """A Teleport is worth the inches it saves toward the nearest enemy."""
    there = pentacles.centre(game.board.piece(piece))
    foes = [e for e in models(game) if e.side != m.side]
    if not foes:
        return 0.0
    before = min(math.dist(m.pos, e.pos) for e in foes)
    after = min(math.dist(there, e.pos) for e in foes)
    return MARKER_PULL * (before - after)


def _objective(game: AeonsGame, m: AeonsModel) -> tuple[float, tuple[Edge, ...], list[Point]]:
    """What ``m`` is drawn to for its scenario's objectives, and how much an inch nearer is
    worth: an edge it would win or escape by (a short one for a Winged Nightmare carrying its
    foe to the nest, R:713); away from the enemy for a courier, who wins nothing by an edge
    (R:1573); the package lying on the table where carrying it off wins; else a marker it
    would take (none in the Fight)."""
    goals = objectives.goal_edges(game, m)
    goals += snatch.short_edges(game) if snatch.victim_of(game, m) else ()
    if goals:
        return -GOAL_PULL, goals, []
    foes = [e.pos for e in models(game) if e.side != m.side]
    if foes and _courier(game, m):
        return COURIER_AWAY, (), foes
    loose = tokens.loose_package(game, m)
    if loose:
        return -GOAL_PULL, (), list(loose)
    wanted = tokens.wanted(game, m) + lost_soul.wanted(game, m) + graves.wanted(game, m)
    return -MARKER_PULL, (), wanted + _altars(game, m)


def sought(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The markers ``m`` is drawn to (:func:`_objective`) that it must touch: a Move onto each
    is weighed with the rough spots of its Moves, as an approach to each enemy is, or a model
    a Move short of one would never reach it (a Grave Marker to purify, an Objective Marker to
    search). Not a Lost Soul's zone, searched anywhere in it: its middle only draws the model."""
    pull, _, points = _objective(game, m)
    zones = lost_soul.wanted(game, m)
    return [p for p in points if p not in zones] if pull < 0 else []


def _drag_score(game: AeonsGame, m: AeonsModel, token_id: str, p: Point) -> float:
    """A Move taking a marker along: off an edge that wins with it, or nearer where the
    marker is wanted (the mover's winning edge; an Objective Marker, the Lurker edge)."""
    board = game.board
    edge = board.beyond_edge(p)
    if edge is not None:
        return EXIT_WORTH
    pull, goals = _drag_goals(game, m, token_id)
    if not goals:
        return 0.0
    t = tokens.token(game, token_id)
    if t.kind == "objective":
        # The marker itself is lost once it touches the Lurker edge (R:1629).
        at = tokens.trail(game, m, t, m.pos, p)
        if tokens.lost_at(game, at):
            return LOST_MARKER_WORTH
        before = board.distance_to_edge((t.x, t.y), 0.0, goals[0])
        return pull * (before - board.distance_to_edge(at, 0.0, goals[0]))
    before = min(board.distance_to_edge(m.pos, m.radius, e) for e in goals)
    after = min(board.distance_to_edge(p, m.radius, e) for e in goals)
    return pull * (before - after)


def _drag_goals(game: AeonsGame, m: AeonsModel, token_id: str) -> tuple[float, tuple[Edge, ...]]:
    """Where ``m`` would take the marker ``token_id`` along, and what an inch nearer is worth:
    an Objective Marker to the Lurker edge (losing the Threshold a marker denies it loot, and
    wins nothing in the game), another marker to an edge that wins with it."""
    if tokens.token(game, token_id).kind == "objective":
        return MARKER_PULL, (Edge(game.state.edges[1]),)
    return GOAL_PULL, objectives.goal_edges(game, m, token_id)


def _marker_score(game: AeonsGame, a: Action) -> float:
    """An Objective Marker is placed near the placing side's own edge: the Threshold search
    it sooner, the Lurkers drag it off sooner."""
    assert a.point is not None and game.decision is not None
    edge = Edge(game.state.edges[game.decision.player])
    return -game.board.distance_to_edge(a.point, 0.0, edge)


def _bag_man_score(game: AeonsGame, a: Action) -> float:
    """The Bag Man is the fastest model, the hardiest among those."""
    prof = catalog_of(game).profile(game.model(a.args[0]).profile)
    return prof.move + 0.1 * (prof.wounds + prof.con)


def _heroic_score(game: AeonsGame, a: Action) -> float:
    """Heroic's extra Action is kept for when an enemy is near enough to shoot or fight."""
    m = game.model(a.args[0])
    near = any(e.side != m.side and gap(game, m, e) <= HEROIC_REACH for e in models(game))
    return float(near) if a.kind == "heroic" else 0.5


def _alert_score(game: AeonsGame, a: Action) -> float:
    """An Alert shot costs nothing: its worth is the harm it may do (none declines)."""
    if a.kind != "alert":
        return 0.0
    return shoot_score(game, game.model(a.args[0]), game.model(a.args[1]), a.args[2])


def _actions_left(game: AeonsGame) -> int:
    """Actions the deciding model has left, this one included."""
    top = game.stack[-1]
    return top.left if isinstance(top, Activation) else 1


def _deploy_scores(game: AeonsGame, candidates: list[Action]) -> list[float]:
    """Near a corner of cover, toward the middle, within Command range of the friends set
    up already (:func:`_straggling`); never in rough terrain that costs the model all its
    Move (R:166: it could never walk out). The nearest corners are found for
    all the spots at once, and whether rough terrain could hold each model once."""
    board = game.board
    spots = [a.point for a in candidates if a.point is not None]
    assert len(spots) == len(candidates)
    movers = {a.args[0] for a in candidates}
    slow = {mid: _slow(game, game.model(mid)) for mid in movers}
    seen = {mid: Outlook(game, game.model(mid)) for mid in movers}
    scores = []
    for a, (x, y), nearest in zip(
        candidates, spots, _nearest_corners(_cover_corners(board), spots), strict=True
    ):
        m = game.model(a.args[0])
        stuck = STUCK if slow[m.id] and _rough_under(game, m, (x, y)) else 0.0
        apart = DEPLOYED_TOGETHER * _straggling(seen[m.id], (x, y))
        middle = abs(x - board.width / 2) / board.width * 0.2
        scores.append(1.0 / (1.0 + nearest) - middle - stuck - apart)
    return scores


def _stuck(game: AeonsGame, m: AeonsModel, p: Point) -> bool:
    """Whether ``m`` standing at ``p`` touches rough terrain that costs it its whole Move."""
    return _slow(game, m) and _rough_under(game, m, p)


def _slow(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether rough terrain costs ``m`` its whole Move (R:166)."""
    return allowance(game, m) <= rough_penalty(game, m)


def _rough_under(game: AeonsGame, m: AeonsModel, p: Point, level: str | None = None) -> bool:
    """Whether ``m`` standing at ``p`` on ``level`` touches rough terrain."""
    pieces = game.board.pieces_touching(p, m.radius, level)
    return any(t.movement == Movement.ROUGH for t in pieces)


def _cover_corners(board: Board) -> np.ndarray:
    """The corners of every piece that gives cover, one a row: a deployment is worth more
    near one."""
    memo: Memo[str, np.ndarray] = board.memo(COVER_CORNERS)
    return memo.remember(
        COVER_CORNERS,
        lambda: np.array(
            [v for piece in board.terrain if piece.cover > Cover.NONE for v in piece.polygon],
            dtype=float,
        ).reshape(-1, 2),
    )


def _nearest_corners(corners: np.ndarray, spots: list[Point]) -> list[float]:
    """How far the nearest of ``corners`` is from each of ``spots``, as :func:`math.hypot`
    measures it: the corners nearly as near as the nearest in the arrays' squares are
    measured again so, as the two may round apart."""
    if not len(corners):
        return [math.inf] * len(spots)
    xy = np.array(spots, dtype=float).reshape(-1, 2)
    squares = (corners[:, 0] - xy[:, :1]) ** 2 + (corners[:, 1] - xy[:, 1:]) ** 2
    lows = squares.min(axis=1, keepdims=True)
    nearest = [math.inf] * len(spots)
    for i, j in zip(*np.nonzero(squares <= lows * (1 + NEAR_TIE) + NEAR_TIE), strict=True):
        x, y = spots[i]
        cx, cy = corners[j].tolist()
        nearest[i] = min(nearest[i], math.hypot(x - cx, y - cy))
    return nearest


def _lucky_score(game: AeonsGame, a: Action) -> float:
    """A die of the model's own roll re-rolled (Lucky, The Stars are Right, its side's Master
    Villain) for the chance it comes up better for the deciding side less the chance it comes
    up worse (:func:`_reroll_gain`), less what spending it costs; kept at 0: never where
    no face would help, nor on an even gamble."""
    if a.kind == "charm":
        return CHARM_SCORE  # offered only where +1 passes the die: the swing is certain
    if a.kind == "keep":
        return 0.0
    if _free_reroll_to_come(game):
        return NO_HELP
    return _reroll_gain(game, a.args[0], int(a.args[1]) - 1)


def _free_reroll_to_come(game: AeonsGame) -> bool:
    """Whether the failed Resolve test offered a re-roll is re-rolled for free once the offer
    is declined: by a Combat Doctor (:func:`.medic.rerolls`) or a Plot Point (Black Sabbath,
    R:929; Full Moon, R:935: :func:`.plots.rerolling`), which both take a die not re-rolled
    already, so that Lucky spent on it first would only waste theirs."""
    top = game.stack[-1]
    if isinstance(top, ResolveTest) and top.roll is not None:
        m, situation = game.model(top.model), top.situation
        doctor = medic.rerolls(game, m, situation, top.roll)
        return doctor or plots.rerolling(game, m, situation, top.roll) is not None
    if isinstance(top, Trial) and top.roll is not None:
        return plots.rerolling(game, game.model(top.target), "", top.roll) is not None
    return False


def _reroll_gain(game: AeonsGame, holder: str, index: int) -> float:
    """Over the six faces the die ``index`` of ``holder``'s roll may come up, the chance the
    result is better for the deciding side less the chance it is worse: each result weighed
    by the harm it does each model, an enemy's a gain, a friend's a loss, in its worth, with
    the real totals and modifiers of the step that rolled (:class:`.lucky.Staked`); where no
    face is better, :data:`NO_HELP`. A test, shot or save offers only its failed dice, which
    a re-roll can pass and never make worse (:data:`FAILED_REROLL`)."""
    top, decision = game.stack[-1], game.decision
    staked = top.at_stake(game, holder) if isinstance(top, lucky.Staked) else None
    if staked is None or decision is None:
        return FAILED_REROLL
    roll, harm = staked
    cat, side = catalog_of(game), decision.player

    def gain(result: Roll) -> float:
        done = [(game.model(mid), n) for mid, n in harm(result).items()]
        return sum(worth(cat, o) * n * (1 if o.side != side else -1) for o, n in done)

    now = gain(roll)
    after = [gain(roll.with_face(index, face)) for face in range(1, 7)]
    better = sum(g > now for g in after)
    if not better:
        return NO_HELP
    return (better - sum(g < now for g in after)) / 6 - REROLL_SPENT


def _essence_score(game: AeonsGame, a: Action) -> float:
    """A Shoggoth's Essence (R:606-611): an Action and a Wound always, Armour in close combat;
    Terror it keeps the tokens from."""
    if a.kind == shoggoth.DONE:
        return 0.0
    m = game.model(a.args[0])
    engaged = bool(contacts(game, m))
    return ESSENCE_WORTH[a.args[1]] + (ESSENCE_WORTH["engaged"] if engaged else 0.0)


def _spoil_score(game: AeonsGame, a: Action) -> float:
    """The Master Villain's one re-roll of an opponent's die (R:816), weighed as a re-roll of
    its own side's is (:func:`_reroll_gain`): for the chance the die comes up better for its
    side less the chance it comes up worse; a test, shot or save offers it only the dice that
    did well for the opponent, which a re-roll can only spoil."""
    if a.kind == lucky.LET:
        return 0.0
    return _reroll_gain(game, a.args[0], int(a.args[1]) - 1)


def _parry_score(game: AeonsGame, a: Action) -> float:
    if a.kind == "no-parry":
        return 0.0
    holder = a.args[0]
    for event in reversed(game.log):
        roll = event.roll
        if roll is not None and roll.purpose == "close-combat" and roll.model != holder:
            index = int(a.args[1]) - 1
            face = roll.faces[index]
            return (face - 3.5) if face == max(roll.faces) else -1.0
    return -1.0


def _pick_score(game: AeonsGame, a: Action, useful: Callable[[AeonsModel], float]) -> float:
    """Nominate whoever brings the most useful models into action: the most urgent (not
    Normal, engaged, with a shot), else those that gain most by moving up. ``useful`` gives
    each model's :func:`_usefulness`, or a bound of it: the score grows with each."""
    if a.kind == "done":
        return -1.0
    if a.kind == "yawp":
        return -0.5  # only when nobody is within the usual reach
    cat = catalog_of(game)
    m = game.model(a.args[0])
    prof = cat.profile(m.profile)
    score = 1.0 + prof.typical_attacks * 0.05 + useful(m)
    if a.kind == "nominate" and prof.has("command") and may_lead(game, m):
        reach = cat.scenario.command_range
        near = [
            f
            for f in models(game)
            if f.side == m.side and f.id != m.id and gap(game, m, f) <= reach
        ]
        brought = sorted((useful(f) for f in near), reverse=True)
        score += sum(1.0 + u for u in brought[: cat.scenario.command_extra])
    if a.kind == "nominate" and game.decision is not None and game.decision.kind == "nominate":
        # A handler brings one of its Animals along (R:1045).
        picks = animals.picks(game, m)
        score += max((1.0 + useful(x) for x in picks), default=0.0)
    return score


def _kept_usefulness(game: AeonsGame, m: AeonsModel, useful: dict[str, float]) -> float:
    """:func:`_usefulness` of ``m``, found once in ``useful`` (at most :data:`MOVE_UP`)."""
    found = useful.get(m.id)
    if found is None:
        found = useful[m.id] = _usefulness(game, m)
    return found


def _sacrifice_score(game: AeonsGame, a: Action) -> float:
    """A Guard Dog takes the Wound when its handler has no Wound to spare (R:1376)."""
    handler = animals.handler_of(game, game.model(a.args[0]))
    spent = handler is not None and handler.wounds <= 1
    return 1.0 if (a.kind == "sacrifice") == spent else 0.0


def _feint_score(game: AeonsGame, a: Action) -> float:
    """Feint when the opponent fights with the better C.C. bonus."""
    cat = catalog_of(game)
    m = game.model(a.args[0])
    own = cat.close_weapon(cat.profile(m.profile)).ccb
    worse = any(cat.close_weapon(cat.profile(e.profile)).ccb > own for e in contacts(game, m))
    return 1.0 if (a.kind == "feint") == worse else 0.0


def _courier(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` holds the package, wins nothing by an edge with it (Capture the
    Courier's courier, R:1573) and has friends on the table to fight for it: alone, it fights
    as any model, its side's one way left to win (R:1571)."""
    if not tokens.held_by(game, m) or objectives.goal_edges(game, m):
        return False
    return any(f.side == m.side and f.id != m.id for f in models(game))


def _drags(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` touches a marker it would take somewhere (:func:`_drag_goals`)."""
    return any(_drag_goals(game, m, t.id)[1] for t in tokens.draggable(game, m))


def _usefulness(game: AeonsGame, m: AeonsModel) -> float:
    """What acting now is worth to ``m`` beyond any model's turn: getting back to Normal,
    fighting or shooting; else what it gains by two Moves straight at the nearest enemy (an
    estimate: terrain and bases in the way are not looked at), so models left behind are
    brought up instead of a side nominating one that has nothing to do."""
    if not m.normal:
        return 0.5
    if contacts(game, m) or shot_options(game, placement(game), m):
        return 0.3
    if objectives.goal_edges(game, m) or tokens.search_options(game, m) or _drags(game, m):
        return MOVE_UP  # a scenario's objective within its Actions' reach
    if press(game) and charge_targets(game, placement(game), m):
        return MOVE_UP  # a stalled game: a model that can Charge is brought into action
    enemies = [e for e in models(game) if e.side != m.side]
    if not enemies:
        return 0.0
    if _courier(game, m):
        # It moves only to keep away, when an enemy comes near: its friends do the fighting.
        return MOVE_UP / 2 if min(gap(game, m, e) for e in enemies) < COURIER_NEAR else 0.0
    e = min(enemies, key=lambda o: gap(game, m, o))
    d = math.dist(m.pos, e.pos)
    step = min(2 * ep_move(catalog_of(game), m), gap(game, m, e))
    if d == 0.0 or step <= 0.0:
        return 0.0
    toward = (m.x + (e.x - m.x) * step / d, m.y + (e.y - m.y) * step / d)
    seen = Outlook(game, m)
    return min(MOVE_UP, max(0.0, seen.score(toward, m.level) - seen.score(m.pos, m.level)))


def _distance_from_enemies(game: AeonsGame, a: Action) -> float:
    assert a.point is not None
    return min(
        (
            math.hypot(a.point[0] - e.x, a.point[1] - e.y)
            for e in models(game)
            if e.side != game.model(a.args[0]).side
        ),
        default=0.0,
    )
