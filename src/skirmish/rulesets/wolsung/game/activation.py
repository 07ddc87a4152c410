"""A model's activation: what its Hero may do as it begins (Man about town's draw, Heroic
Recovery, a Heroic Move, Power of Blood), then its Actions, each a Move, a climb, a Charge, a
Fight, a Trample, a Shoot, a Cast, a Special Action or standing up (L61-L71, L110-L111, L126,
L211, L414, L468, L686, L695, L789; rules notes §1.4, §6 D12, D13).

- A model has A Actions (L62), in any order, the same kind again if it likes; it may end its
  activation with Actions unspent.
- A model Toppled as its activation begins spends its first Action standing up, unless its
  Hero pays a card of its suit for Heroic Recovery (L111, L211); one that ends the activation
  with no Action taken stands up all the same, as its Topple lasts only until it activates
  (L111, §7 item 26). A model Toppled during its own activation stays so until its next one.
- A model in melee may only Move (out of it, :class:`.LeaveMelee`), a ladder climb from one
  of its ends among them (L80), or Fight (L126). A Heroic climb or jump is not open to it
  (our reading: a Heroic Move lends special ways to move, not a way out of a melee).
- A Shoot or Charge is declared before anything is measured (L10, L63): any enemy on the
  table may be charged, any enemy in sight shot, but none Concealed in the Crowd
  (:mod:`.crowd`, L731), with any ranged weapon whose profile is
  printed (§7 item 52). A Fast shot [x] weapon fires up to x shots in the Action, each at a
  target of its own (L230); a Quick one may Move first, in the same Action, and shoot at -1
  (L228). A weapon's Move Penalty counts every Action before the shot that is or begins with
  a Move or Charge (L226, :data:`MOVES`): a Quick Action's Move is a Move Action (L228), the
  shot after it in the same Action paying for it too, and Ride follows one (L664). A weapon
  that fires a template lays it over its target and shoots every model under it (L575); a
  Beam is aimed at a point, and shoots every model on its line (L625; :mod:`.area_shots`).
  An Instant weapon (Phoenix's Fireball) may fire one free shot as each Action of its model
  ends, whatever the Action did, in a melee too, its hit landing with the
  Action's (L44, L818, §7 item 99); not after standing up, an Action that does nothing more
  (L111).
- A Mistmaker lays a Mist Template, after a Move if it likes (Quick); a Mistwalker's Move may
  step from one Mist Template into another (L725, L744; :mod:`.mist`). Heavy Smoker lays a
  Smoke Marker as a Special Action (L615, §7 item 61; :mod:`.smoke`).
- Acidic Fumes hurt a model that begins its activation under a Mist Template (L787); after an
  Action that puts an enemy out of the game, Ata Kijao may retreat into a Mist Template
  (L834).
- Attunement and Engineer: a Quick Special Action, once an activation, that puts an effect on
  a friend in base contact (:mod:`.tending`, L650, L695).
- Ride: a Quick Special Action, once an activation, whose Move carries a small friend along;
  a Golem's Action that begins with a Move carries a friend in Magneton Boots along after it
  (:mod:`.carry`, L572, L664).
- In The Stolen Blueprints, as each Action ends, the carrier's player may have it leave the
  table by its own edge (:mod:`.blueprints`, ``wolsung-scenarios.md`` §4.3).
- A model that calls henchmen into play does it as a Special Action, a Quick one after a
  Move in the same Action (:mod:`.summons`; L71, L228, L356, L493); a Hound's Moves keep it
  near its pack (:mod:`.packs`, L499).
- A pre-turn activation of the Despotic Ring costs the model half its Wounds, rounded down, at
  its end (L752, §7 item 90; :mod:`.despotic`).
- Trample: a Fight-type Action of a model in melee that attacks every enemy within 1", one
  attack each (L686, §7 item 85).
- Sir Zachary's Wheelchair: beginning his activation in base contact with a friendly Butler
  or Bruiser, he may make one free Move before any other Action; it counts as a Move for Move
  Penalty (L468, §7 item 66); none of his Moves enters rough ground unless he paid for a
  Heroic Move (:mod:`.movement`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skirmish.cards import Card
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.paths import Path
from skirmish.geometry.terrain import Ladder
from skirmish.rulesets.wolsung.cards.hand import spend
from skirmish.rulesets.wolsung.cards.payments import Use, UseKind, payment_problem
from skirmish.rulesets.wolsung.combat.combatant import has_keyword, keyword_value
from skirmish.rulesets.wolsung.combat.melee import TRAMPLE_REACH
from skirmish.rulesets.wolsung.game.area_shots import (
    BeamShot,
    TemplateShot,
    beam_error,
    mirror_chains,
)
from skirmish.rulesets.wolsung.game.attacks import (
    ChooseShot,
    MeleeAttack,
    Shoot,
    fire,
    melee_targets,
    shot_targets,
)
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.blueprints import (
    LeaveTable,
    blueprint_options,
    pick_up,
    search,
)
from skirmish.rulesets.wolsung.game.carry import (
    BOOTS,
    CarryAlong,
    boot_riders,
    may_ride,
    ride_riders,
)
from skirmish.rulesets.wolsung.game.casting import (
    Cast,
    ChooseCast,
    cast_options,
    cast_problem,
    may_cast,
)
from skirmish.rulesets.wolsung.game.charge import ChargeAt
from skirmish.rulesets.wolsung.game.crowd import crowd_problem, in_crowd, leave_crowd_near
from skirmish.rulesets.wolsung.game.damage import ApplyDamage, queue_wounds
from skirmish.rulesets.wolsung.game.effects import (
    add_effect,
    current,
    end_activation_effects,
    start_activation_effects,
)
from skirmish.rulesets.wolsung.game.golems import (
    CONTROL,
    control_error,
    idle,
    out_of_range,
    way_back,
)
from skirmish.rulesets.wolsung.game.hands import card_of, card_offers, hand
from skirmish.rulesets.wolsung.game.heroic_move import (
    HEROIC_MOVE,
    HeroicClimb,
    Jump,
    climb_targets,
    jump_error,
)
from skirmish.rulesets.wolsung.game.man_about_town import draw_two, may_draw
from skirmish.rulesets.wolsung.game.mist import (
    MISTMAKER,
    RETREAT_TO_SHADOWS,
    LayMist,
    MistWalk,
    RetreatToShadows,
    mistwalk_error,
    mistwalks,
)
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import (
    WHEELCHAIR,
    WHEELCHAIR_RULE,
    Climb,
    LeaveMelee,
    MoveTo,
    allowance,
    climb_error,
    ladder_end,
    ladders_at,
    move_error,
)
from skirmish.rulesets.wolsung.game.packs import pack_error
from skirmish.rulesets.wolsung.game.rerolls import new_action
from skirmish.rulesets.wolsung.game.shift import is_shift
from skirmish.rulesets.wolsung.game.sight import sight
from skirmish.rulesets.wolsung.game.smoke import HEAVY_SMOKER, lay_smoke
from skirmish.rulesets.wolsung.game.space import (
    enemies,
    in_melee,
    on_table,
    touching,
    within_reach,
)
from skirmish.rulesets.wolsung.game.state import Effect, WolsungGame
from skirmish.rulesets.wolsung.game.summons import Summoning, quick_summon_error, summon_options
from skirmish.rulesets.wolsung.game.templates import (
    MIST,
    SMOKE,
    aim_error,
    burn_at_start,
    fume_at_activation,
)
from skirmish.rulesets.wolsung.game.tending import (
    TENDINGS,
    ChooseTending,
    may_tend,
    tend,
    tend_options,
)
from skirmish.rulesets.wolsung.rules_data.records import RangedWeapon
from skirmish.rulesets.wolsung.rules_data.spell_effects import Until

__all__ = ["ACTIONS", "Activation", "action_options", "trample_targets"]

ACTIONS = "L62"
STAND = "L111"
RECOVERY = "L211"
IN_MELEE = "L126"
END = "end"
RECOVERY_USE = Use(UseKind.HEROIC_RECOVERY)
BLOOD_USE = Use(UseKind.POWER_OF_BLOOD)
BLOOD = "L789"
BLOOD_CARDS = 3
POWER_OF_BLOOD = "power_of_blood"
HELPING_HAND = "helping_hand"
HELPING = "L546"
HELPING_REACH = 6.0
"""How near a friendly Butler must stand for a Noble's Helping Hand (L546)."""
HEROIC_MOVE_USE = Use(UseKind.HEROIC_MOVE)
TEMPLATE = "template"
BEAM = "beam"
QUICK = "quick"
INSTANT = "instant"
TENDED = tuple(t.kind for t in TENDINGS)
"""The Actions that tend a friend in base contact (Attunement, Engineer; L650, L695)."""
TENDED_AFTER_MOVE = {f"{kind}-move": kind for kind in TENDED}
"""The Quick Moves that come before a tending, each with the tending (L228)."""
RIDE_MOVE = "ride-move"
MOVES = (
    "charge",
    "climb",
    "move",
    "leave",
    "return",
    "heroic-climb",
    "jump",
    "mistwalk",
    "mist-move",
    "cast-move",
    "quick-summon",
    "quick-move",
    *TENDED_AFTER_MOVE,
    RIDE_MOVE,
    "free-move",
)
"""The Actions that are, or begin with, a Move or Charge (Move Penalty, L226): a Quick
Action's Move is a Move Action (L228), Ride's the Move it follows (L664)."""
MOVE_FIRST = tuple(k for k in MOVES if k != "charge")
"""The Actions that begin with a Move, a Charge aside (an Action of its own, L64-L66): a
Golem's carries a friend in Magneton Boots along (L572)."""
FAST_SHOT = "fast_shot"
TRAMPLE = "trample"
DESPOTIC = "L752"
WHEELCHAIR_HELPERS = ("butler", "bruiser")
"""The friends whose base contact gives Sir Zachary his free Move, by catalogue entry (L468)."""
BACK_OFF = 0.25
"""Inches a Golem's Move back is cut short by, again and again, until it may end there."""


def weapons(game: WolsungGame, m: WolsungModel) -> list[RangedWeapon]:
    """The ranged weapons ``m`` may fire: those whose profile is printed (§7 item 52)."""
    return [w for w in member(game, m.id).fighter.ranged if w.available]


def _card_problem(game: WolsungGame, m: WolsungModel, use: Use, card: str) -> str | None:
    """Why a card may not pay for ``m``'s ``use`` (Heroic Recovery, Heroic Move; L207-L215)."""
    payer = member(game, m.id).payer
    if payer is None:
        return f"{m.name} is no Hero: no {use.kind} (L204)"
    if use == HEROIC_MOVE_USE:
        payer = replace(payer, keywords=payer.keywords | _helping_hand(game, m))
    problem = payment_problem(use, payer, card_of(card), house_of(game))
    if problem is None and card_of(card) not in hand(game, m.side):
        return f"{card} is not in the hand"
    return problem


def _heroic_rule(game: WolsungGame, m: WolsungModel, card: Card) -> str:
    """The rules ``card`` pays for ``m``'s Heroic Move by: the book's (L213), and a friend's
    Helping Hand when the Hero's own rules would refuse the card (L546)."""
    payer = member(game, m.id).payer
    assert payer is not None
    if payment_problem(HEROIC_MOVE_USE, payer, card, house_of(game)) is None:
        return HEROIC_MOVE
    return f"{HEROIC_MOVE}, {HELPING}"


def _target_problem(game: WolsungGame, m: WolsungModel, action: Action) -> str | None:
    """Why ``m`` may not shoot at, charge or fight the model the action names: one with a
    Crowd Token is no target (L731), a shot needs line of sight (L82)."""
    named = action.args[2:3] if action.kind == "shoot" else action.args[1:2]
    aimed = on_table(game) if action.kind == "shoot" else enemies(game, m)
    found = next((o for o in aimed if (o.id,) == named and o.id != m.id), None)
    if found is None:
        return None
    if action.kind == "shoot" and not sight(game, m, found).visible:
        return f"{found.name} is not in {m.name}'s line of sight (L82)"
    return crowd_problem(game, found)


def shot_options(game: WolsungGame, m: WolsungModel) -> list[Action]:
    """Every shot ``m`` may declare at a target: each weapon but a Beam at each enemy in sight,
    a Shift weapon at each friend there too (L82, L579, L625)."""
    fired = [w for w in weapons(game, m) if not has_keyword(w.traits, BEAM)]
    if not fired:
        return []
    widest = next((w for w in fired if is_shift(w)), None)
    return [
        Action("shoot", (m.id, w.id, o.id))
        for o in shot_targets(game, m, widest)
        for w in fired
        if o.side != m.side or is_shift(w)
    ]


def beams(game: WolsungGame, m: WolsungModel) -> list[PointSpec]:
    """A Beam weapon's shot, aimed at a point, straight or relayed by each chain of Mirror
    Servants that may relay it (L625, L637)."""
    fired = [w for w in weapons(game, m) if has_keyword(w.traits, BEAM)]
    if not fired:
        return []
    chains = mirror_chains(game, m)
    return [
        PointSpec(
            "beam",
            (m.id, w.id, *chain),
            f"aim the {w.name} at a point"
            + (f", relayed by {', '.join(chain)} in turn (L637)" if chain else "")
            + ": every model seen on its line to the table's edge is shot (L625)",
        )
        for w in fired
        for chain in chains
    ]


def quick_moves(game: WolsungGame, m: WolsungModel, reach: str) -> list[PointSpec]:
    """A Move and then a shot in one Action, for each Quick weapon (L228)."""
    return [
        PointSpec("quick-move", (m.id, w.id), f"{reach}, then shoot the {w.name} at -1 (L228)")
        for w in weapons(game, m)
        if has_keyword(w.traits, QUICK)
    ]


def _helping_hand(game: WolsungGame, m: WolsungModel) -> frozenset[str]:
    """Helping Hand for ``m``'s Heroic Move: a Noble Hero within 6" of a friendly Butler may pay
    with a card of any suit (L546, notes §4.3)."""
    if not current(game, m).has("noble"):
        return frozenset()
    butlers = (
        o
        for o in game.models
        if o.on_table and o.side == m.side and member(game, o.id).fighter.has(HELPING_HAND)
    )
    near = any(within_reach(game, m, o, HELPING_REACH) for o in butlers)
    return frozenset({HELPING_HAND}) if near else frozenset()


def _extra(
    game: WolsungGame, caster: WolsungModel, model_id: str, actions: int, rule: str
) -> Activation:
    """The extra Actions a spell of ``caster`` gives its player with ``model_id``, the model
    acting as a friend of the caster's club (L459, L563)."""
    lent = caster.side if member(game, model_id).club != caster.side else -1
    game.emit("extra-activation", rule, (model_id, caster.id), actions=actions)
    return Activation(model=model_id, recovery_asked=True, extra=actions, lent_to=lent)


def _special(game: WolsungGame, m: WolsungModel, action: Action) -> None:
    """The Stolen Blueprints' Special Actions (L71; ``wolsung-scenarios.md`` §4.3)."""
    if action.kind == "search":
        search(game, m, int(action.args[1]))
    else:
        pick_up(game, m)


def trample_targets(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """The enemies a Trample of ``m`` attacks: every one within 1" (L686) but those Concealed
    in the Crowd, which no attack may target (L731)."""
    return [
        o
        for o in enemies(game, m)
        if within_reach(game, m, o, TRAMPLE_REACH) and not in_crowd(game, o)
    ]


def _free_move_due(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` has a Wheelchair and a friendly Butler or Bruiser in base contact (L468)."""
    if not current(game, m).has(WHEELCHAIR):
        return False
    return any(
        member(game, o.id).record in WHEELCHAIR_HELPERS
        for o in touching(game, m)
        if o.side == m.side
    )


def action_options(
    game: WolsungGame, m: WolsungModel, step: Activation
) -> tuple[list[Action], list[PointSpec]]:
    """The Actions ``m`` may take now in ``step``, as options and point choices (L62-L71,
    L111, L126), with a Heroic Move's climbs and jump when it paid for one (L213-L215), the
    Wheelchair's free Move before any other (L468), and Attunement, Engineer and Ride once an
    activation each (L650, L664, L695)."""
    end = Action(END, (m.id,))
    if step.rising:
        return [Action("stand-up", (m.id,)), end], []
    reach = f'a point within {allowance(game, m):g}" of Move'
    free = [PointSpec("free-move", (m.id,), f"a free Move first: {reach} ({WHEELCHAIR_RULE})")]
    free = free if step.free_move else []
    ladders = [lad for lad in ladders_at(game, m) if _keeps_up(game, m, lad)]
    climbs = [Action("climb", (m.id, lad.id)) for lad in ladders]
    if in_melee(game, m):
        fights = [Action("fight", (m.id, o.id)) for o in melee_targets(game, m)]
        # Trample needs an enemy it may attack in base contact (§7 item 85, L731).
        tramples = current(game, m).has(TRAMPLE) and fights
        trample = [Action("trample", (m.id,))] if tramples else []
        leave = PointSpec("leave", (m.id,), f"leave the melee: {reach}, after a test (L164)")
        return [*fights, *trample, *climbs, end], [leave, *free]
    charges = [Action("charge", (m.id, o.id)) for o in enemies(game, m) if not in_crowd(game, o)]
    casts = cast_options(game, m)
    points = [PointSpec("move", (m.id,), reach), *quick_moves(game, m, reach), *beams(game, m)]
    if m.heroic:
        climbs += [Action("heroic-climb", (m.id, to)) for to, _, _ in climb_targets(game, m)]
        points.append(
            PointSpec("jump", (m.id,), 'jump to a point within M, landing at most 2" higher (L215)')
        )
    if may_cast(game, m):
        # The target may come into sight only after the Move (L75, L178).
        points.append(PointSpec("cast-move", (m.id,), f"{reach}, then cast a spell (L178)"))
    if current(game, m).has(MISTMAKER):
        lay = "lay a Mist Template in base contact, toward the point"
        points.append(PointSpec("mist", (m.id,), f"{lay} (L744)"))
        points.append(PointSpec("mist-move", (m.id,), f"{reach}, then {lay} (L228, L744)"))
    if current(game, m).has(HEAVY_SMOKER):
        smoke = "lay a Smoke Marker in base contact, toward the point (L615)"
        points.append(PointSpec("smoke", (m.id,), smoke))
    points += mistwalks(game, m)
    summons, quick_summons = summon_options(game, m)
    tendings = [t for t in TENDINGS if t.kind not in step.once_used]
    tends = [a for t in tendings for a in tend_options(game, m, t)]
    for t in tendings:
        if may_tend(game, m, t):
            spec = f"{reach}, then {t.kind} a {t.friend.capitalize()} (L228, {t.rule})"
            points.append(PointSpec(f"{t.kind}-move", (m.id,), spec))
    if RIDE_MOVE not in step.once_used and may_ride(game, m):
        spec = f"{reach}, then carry a small friend along (L228, L664)"
        points.append(PointSpec(RIDE_MOVE, (m.id,), spec))
    specials = [*tends, *blueprint_options(game, m), *summons]
    shots = shot_options(game, m)
    return [*climbs, *charges, *shots, *casts, *specials, end], [
        *points,
        *quick_summons,
        *free,
    ]


def _keeps_up(game: WolsungGame, m: WolsungModel, ladder: Ladder) -> bool:
    """Whether climbing ``ladder`` leaves ``m`` near its pack (L499) and, a Golem, within its
    Control Range (L556)."""
    end = ladder_end(m, ladder)
    return end is None or (pack_error(game, m, *end) or control_error(game, m, *end)) is None


def _back_options(m: WolsungModel, rising: bool) -> list[Action]:
    """A Golem beyond its Control Range: its Action is a Move back, once it stands (L111,
    L556)."""
    return [Action("stand-up", (m.id,))] if rising else [Action("return", (m.id,))]


def _steps(path: Path) -> int:
    return int(path.length / BACK_OFF) + 1


def _go_back(game: WolsungGame, m: WolsungModel) -> list[Step]:
    """A Golem's Move back toward the nearest Scientist: along the shortest way, as
    far as a Move of it may end, out of a melee by the Leaving Melee test (L164, L556)."""
    path = way_back(game, m, allowance(game, m))
    lengths = [] if path is None else [path.length - k * BACK_OFF for k in range(_steps(path))]
    ends = [] if path is None else [path.point_at(length) for length in lengths]
    point = next((p for p in ends if p != m.pos and move_error(game, m, p) is None), None)
    if point is None:
        game.emit("no-way-back", CONTROL, (m.id,))
        return []
    x, y = point
    return [LeaveMelee(model=m.id, x=x, y=y) if in_melee(game, m) else MoveTo(model=m.id, x=x, y=y)]


@dataclass(slots=True, eq=False)
class Activation(Step):
    """``model`` activates: Man about town's draw offered first (``draw_asked``, L414), then Heroic
    Recovery when it is a Toppled Hero (``recovery_asked``), then a Heroic Move
    (``heroic_asked``; the model ``heroic`` once paid for, until the activation ends), then
    Power of Blood's Spades for Mr. Cheng (``blood`` offers made, L789), then its Actions,
    ``left`` of them, ``moved`` once it has made a Move or Charge Action (Move Penalty, L226;
    the model is ``fired`` once it has shot, Hidden, L451), ``free_move`` while the Wheelchair's
    free Move is open (L468), ``once_used`` the Special Actions it has used that it may use once
    (Attunement, Engineer, Ride; L650, L664, L695), ``returning`` when a Golem began it beyond
    its Control Range (:mod:`.golems`, L556), ``rising`` while a model Toppled as it began has
    not stood up (L111). An Action begun under a Fire Template is burnt (L575); each Action's
    hits land at its end (:class:`.ApplyDamage`, L44).
    ``despotic``: a pre-turn activation of the Despotic Ring, paid for at its end (L752).

    An extra activation is the ``extra`` Actions (0: none, the model's own activation) a
    spell gives a caster's player with another model right after the caster's activation
    (Mind Control, Command; L459, L563): the model acts as a friend of the caster's club,
    ``lent_to`` when not its own, for those Actions only, and is its club's again after
    each."""

    rule = ACTIONS
    model: str = ""
    left: int = -1
    moved: bool = False
    draw_asked: bool = False
    recovery_asked: bool = False
    heroic_asked: bool = False
    blood: int = 0
    free_move: bool = False
    once_used: tuple[str, ...] = ()
    extra: int = 0
    lent_to: int = -1
    despotic: bool = False
    returning: bool = False
    rising: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if self.left < 0:
            begun = self._begin(game, m)
            if begun is not None:
                return begun
        if action is not None:
            return self._answer(game, m, action)
        if not m.on_table:
            return self._close(game, m)
        if not self.draw_asked:
            if not self.extra and may_draw(game, m):
                prompt = f"{m.name}, Man about town: draw 2 cards, then discard 1? (L414)"
                return Decision(
                    m.side, "draw", prompt, (Action("draw", (m.id,)), Action("no-draw"))
                )
            self.draw_asked = True
        if not self.recovery_asked:
            offers = card_offers(game, m, RECOVERY_USE, "recover") if m.toppled else None
            if offers is not None:
                prompt = f"{m.name} is Toppled: Heroic Recovery with a card of its suit? (L211)"
                return Decision(m.side, "recovery", prompt, (*offers, Action("no-recovery")))
            self.recovery_asked = True
        if not self.heroic_asked:
            helped = _helping_hand(game, m)
            offers = (
                None if self.extra else card_offers(game, m, HEROIC_MOVE_USE, "heroic-move", helped)
            )
            if offers is not None:
                prompt = f"{m.name}: a Heroic Move this activation, climbing and jumping? (L213)"
                return Decision(m.side, "heroic-move", prompt, (*offers, Action("no-heroic-move")))
            self.heroic_asked = True
        if self.blood < BLOOD_CARDS and not self.extra and current(game, m).has(POWER_OF_BLOOD):
            offers = card_offers(game, m, BLOOD_USE, "blood")
            if offers is not None:
                prompt = f"{m.name}: Power of Blood, a Spade for +1 Magic Ability? (L789)"
                return Decision(m.side, "blood", prompt, (*offers, Action("no-blood")))
            self.blood = BLOOD_CARDS
        if self.left <= 0 or not m.on_table:
            return self._close(game, m)
        options, points = (
            (_back_options(m, self.rising), [])
            if self.returning and out_of_range(game, m)
            else action_options(game, m, self)
        )
        prompt = f"{m.name}: Action {self._number(game, m)}, or end the activation"
        return Decision(m.side, "action", prompt, tuple(options), tuple(points))

    def _begin(self, game: WolsungGame, m: WolsungModel) -> list[Step] | None:
        """The activation begins, an extra one as well (L62, L563), a lent model on the
        caster's club's side (L459): the effects waiting for it count from now (Inspire,
        Overcharge; L460, L652), a Toppled model's first Action stands it up (L111), a Golem
        skips it with no Scientist on the table or spends it Moving back from beyond
        its Control Range (L556, §7 item 74), Acidic Fumes hurt it in a Mist Template (L787).
        An extra one has the spell's Actions, not A, no Wheelchair Move, and leaves the
        model's own activation still to come (§7 item 74). The steps that follow, or ``None``
        to go on to its Actions."""
        if self.lent_to >= 0:
            m.side = self.lent_to
        start_activation_effects(game, m)
        self.free_move = not self.extra and _free_move_due(game, m)
        self.rising = m.toppled
        if not self.extra:
            m.activated = True
        if idle(game, m):
            self.left = 0
            game.emit("golem-idle", CONTROL, (m.id,))
            return self._close(game, m)
        self.left = self.extra or current(game, m).profile.A
        if not self.extra:
            game.emit("activates", ACTIONS, (m.id,), actions=self.left)
        self.returning = out_of_range(game, m)
        if self.returning:
            game.emit("golem-returns", CONTROL, (m.id,))
        return [ApplyDamage(), self] if fume_at_activation(game, m) else None

    def _number(self, game: WolsungGame, m: WolsungModel) -> str:
        if self.extra:
            return f"(an extra one, {self.left} left)"
        return str(current(game, m).profile.A - self.left + 1)

    def _answer(self, game: WolsungGame, m: WolsungModel, action: Action) -> Decision | list[Step]:
        kind = action.kind
        if kind in ("draw", "no-draw"):
            self.draw_asked = True
            return [draw_two(game, m), self] if kind == "draw" else self.run(game, None)
        if kind in ("recover", "no-recovery"):
            self.recovery_asked = True
            if kind == "recover":
                self._recover(game, m, action)
            return self.run(game, None)
        if kind in ("blood", "no-blood"):
            self.blood = BLOOD_CARDS if kind == "no-blood" else self.blood + 1
            if kind == "blood":
                spend(game, m.side, (card_of(action.args[1]),), BLOOD)
                add_effect(game, Effect(m.id, Until.END_OF_ACTIVATION.value, BLOOD, "MA", 1))
            return self.run(game, None)
        if kind in ("heroic-move", "no-heroic-move"):
            self.heroic_asked = True
            if kind == "heroic-move":
                self._heroic(game, m, action)
            return self.run(game, None)
        if kind == END:
            game.emit("activation-ended", ACTIONS, (m.id,), unspent=self.left)
            return self._close(game, m)
        # The Wheelchair's free Move is an Action more; any other Action forgoes it (L468).
        if kind != "free-move":
            self.left -= 1
        self.free_move = False
        new_action(game)
        burn_at_start(game, m)
        fallen = len(game.state.fallen)
        retreats = current(game, m).has(RETREAT_TO_SHADOWS)
        retreat = [RetreatToShadows(model=m.id, fallen=fallen)] if retreats else []
        # The friends in Magneton Boots its Move carries are those touching it now (L572).
        boots = boot_riders(game, m) if kind in MOVE_FIRST else ()
        carried = [CarryAlong(carrier=m.id, riders=(w,), start=m.pos, by=BOOTS) for w in boots]
        acted = self._act(game, m, action)
        instant = self._instant(game, m, action)
        return [*acted, *instant, ApplyDamage(), *carried, *retreat, LeaveTable(), self]

    def _close(self, game: WolsungGame, m: WolsungModel) -> list[Step]:
        """The activation ends: the Crowd Tokens near it go as the side it acted for (L729,
        L730), what lasted through it ends, a lent model goes back to its club, and the extra
        Actions its spells gave come next (L459, L460, L563)."""
        leave_crowd_near(game, m)
        if self.lent_to >= 0:
            m.side = member(game, m.id).club
        m.heroic = m.fired = False
        if self.rising and m.on_table:
            # Toppled only until it activates, an extra Activation too (L563): no Action
            # taken, it stands all the same (L111, §7 item 26).
            self.rising = m.toppled = False
            game.emit("stood-at-end", STAND, (m.id,))
        end_activation_effects(game, m)
        if self.extra:
            return []
        st = game.state
        owed = [e for e in st.effects if e.caster == m.id and e.actions]
        st.effects = tuple(e for e in st.effects if not (e.caster == m.id and e.actions))
        extras: list[Step] = [
            _extra(game, m, e.model, e.actions, e.rule)
            for e in owed
            if game.model(e.model).on_table
        ]
        price = m.wounds // 2 if self.despotic and m.on_table else 0
        if not price:
            return extras
        why = f"half its {m.wounds} Wounds, the Despotic Ring's price"
        queue_wounds(game, m.id, price, why, DESPOTIC, shielded=False, by=-1)
        return [ApplyDamage(), *extras]

    def _heroic(self, game: WolsungGame, m: WolsungModel, action: Action) -> None:
        rule = HEROIC_MOVE
        if len(action.args) > 1:
            card = card_of(action.args[1])
            rule = _heroic_rule(game, m, card)
            spend(game, m.side, (card,), rule)
        m.heroic = True
        game.emit("heroic-move", rule, (m.id,))

    def _recover(self, game: WolsungGame, m: WolsungModel, action: Action) -> None:
        if len(action.args) > 1:
            spend(game, m.side, (card_of(action.args[1]),), RECOVERY)
        self.rising = m.toppled = False
        game.emit("recovered", RECOVERY, (m.id,))

    def _act(self, game: WolsungGame, m: WolsungModel, action: Action) -> list[Step]:
        kind, args = action.kind, action.args
        if kind == "stand-up":
            self.rising = m.toppled = False
            game.emit("stood-up", STAND, (m.id,))
            return []
        if kind == "fight":
            return [MeleeAttack(attacker=m.id, defender=args[1])]
        if kind == "trample":
            return [MeleeAttack(attacker=m.id, defender=o.id) for o in trample_targets(game, m)]
        if kind in TENDED:
            self.once_used = (*self.once_used, kind)
            tend(game, kind, *args)
            return []
        if kind == "shoot":
            return self._shots(game, m, args[1], args[2], quick=False)
        if kind == "cast":
            return [Cast(caster=m.id, spell=args[1], target=args[2])]
        if kind in ("search", "pick-up"):
            _special(game, m, action)
            return []
        if kind == "summon":
            return [Summoning(bringer=m.id, henchman=args[1])]
        if kind in MOVES:
            self.moved = True
        if kind == "return":
            return _go_back(game, m)
        if kind == "free-move":
            game.emit("free-move", WHEELCHAIR_RULE, (m.id,))
        if kind == "charge":
            return [ChargeAt(model=m.id, target=args[1], heroic=m.heroic)]
        if kind == "climb" and in_melee(game, m):
            return [LeaveMelee(model=m.id, ladder=args[1])]
        if kind == "climb":
            return [Climb(model=m.id, ladder=args[1])]
        if kind == "heroic-climb":
            return [HeroicClimb(model=m.id, to=args[1])]
        assert action.point is not None
        x, y = action.point
        if kind == "leave" or (kind == "free-move" and in_melee(game, m)):
            return [LeaveMelee(model=m.id, x=x, y=y)]
        if kind == "quick-move":
            return [MoveTo(model=m.id, x=x, y=y), *self._shots(game, m, args[1], "", quick=True)]
        if kind == "cast-move":
            return [MoveTo(model=m.id, x=x, y=y), ChooseCast(caster=m.id)]
        if kind == "mist":
            return [LayMist(model=m.id, x=x, y=y, aimed=True)]
        if kind == "smoke":
            lay_smoke(game, m, (x, y))
            return []
        if kind == "mist-move":
            return [MoveTo(model=m.id, x=x, y=y), LayMist(model=m.id)]
        if kind == "mistwalk":
            return [MistWalk(model=m.id, to=args[1], x=x, y=y)]
        if kind == "beam":
            return [
                BeamShot(
                    shooter=m.id,
                    weapon=args[1],
                    x=x,
                    y=y,
                    relays=args[2:],
                    moved=self.moved,
                    first_shot=fire(m),
                )
            ]
        if kind == "quick-summon":
            return [MoveTo(model=m.id, x=x, y=y), Summoning(bringer=m.id, henchman=args[1])]
        if kind in TENDED_AFTER_MOVE:
            tended = TENDED_AFTER_MOVE[kind]
            self.once_used = (*self.once_used, tended)
            return [MoveTo(model=m.id, x=x, y=y), ChooseTending(model=m.id, kind=tended)]
        if kind == RIDE_MOVE:
            self.once_used = (*self.once_used, kind)
            riders = ride_riders(game, m)
            carry = CarryAlong(carrier=m.id, riders=riders, start=m.pos, melee=True)
            return [MoveTo(model=m.id, x=x, y=y), carry]
        if kind == "jump":
            return [Jump(model=m.id, x=x, y=y)]
        return [MoveTo(model=m.id, x=x, y=y)]

    def _shots(
        self, game: WolsungGame, m: WolsungModel, weapon: str, target: str, quick: bool
    ) -> list[Step]:
        """The shots of one Shoot Action: the first at ``target`` (chosen after the Move of a
        Quick Action, L228), then up to Fast shot [x] in all, each at a target of its own
        (L230). A Quick Action's Move is a Move Action before its shots, so they pay Move
        Penalty as well as Quick's -1 (L226, L228, §7 item 41)."""
        fired = next(w for w in member(game, m.id).fighter.ranged if w.id == weapon)
        count = keyword_value(fired.traits, FAST_SHOT) or 1
        moved = self.moved
        if has_keyword(fired.traits, TEMPLATE):
            return [
                TemplateShot(
                    shooter=m.id, weapon=weapon, target=target, moved=moved, first_shot=fire(m)
                )
            ]
        shots: list[Step] = [
            ChooseShot(shooter=m.id, weapon=weapon, shot=n, quick=quick, moved=moved)
            for n in range(1, count + 1)
        ]
        if target:
            shots[0] = Shoot(
                shooter=m.id, weapon=weapon, target=target, moved=moved, first_shot=fire(m)
            )
        return shots

    def _instant(self, game: WolsungGame, m: WolsungModel, action: Action) -> list[Step]:
        """The free shot of each Instant weapon of ``m`` as its Action ends, the player's to
        fire or hold (L818, §7 item 99); none after standing up (L111)."""
        if action.kind == "stand-up":
            return []
        return [
            ChooseShot(shooter=m.id, weapon=w.id, moved=self.moved, instant=True)
            for w in weapons(game, m)
            if has_keyword(w.traits, INSTANT)
        ]

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why the point of a Move, a Move out of a melee, a jump, a Beam, a Mist Template's or
        a Smoke Marker's aim, a Mistwalk or a Quick summon is refused, or ``None``."""
        assert action.point is not None
        m = game.model(self.model)
        if action.kind == "quick-summon":
            return quick_summon_error(game, m, action.point)
        if action.kind == "beam":
            origin = game.model(action.args[-1]) if len(action.args) > 2 else m
            return beam_error(game, origin, action.point)
        if action.kind in ("mist", "smoke"):
            return aim_error(game, m, action.point, MIST if action.kind == "mist" else SMOKE)
        if action.kind == "mistwalk":
            return mistwalk_error(game, m, action.args[1], action.point)
        if action.kind == "jump":
            error = jump_error(game, m, action.point)
            level = game.board.surface_at(action.point)
        else:
            error, level = move_error(game, m, action.point), m.level
        return (
            error
            or pack_error(game, m, action.point, level)
            or control_error(game, m, action.point, level)
        )

    def option_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why an Action is not open to the model now, in the player's terms."""
        m = game.model(self.model)
        if action.args[:1] != (m.id,):
            return f"{m.name} is activating, not {action.args[0] if action.args else 'nobody'}"
        if action.kind == "recover" and len(action.args) > 1:
            return _card_problem(game, m, RECOVERY_USE, action.args[1])
        if action.kind == "heroic-move" and len(action.args) > 1:
            return _card_problem(game, m, HEROIC_MOVE_USE, action.args[1])
        if self.rising:
            return f"{m.name} is Toppled: its first Action stands it up (L111)"
        if action.kind in ("shoot", "charge", "summon", *TENDED) and in_melee(game, m):
            return f"{m.name} is in melee and may only Move or Fight (L126)"
        if action.kind in ("shoot", "charge", "fight"):
            return _target_problem(game, m, action)
        if action.kind == "cast" and len(action.args) > 2:
            return cast_problem(game, m, action.args[1], action.args[2])
        if action.kind == "climb" and len(action.args) > 1:
            ladder = next((lad for lad in game.board.ladders if lad.id == action.args[1]), None)
            return None if ladder is None else climb_error(game, m, ladder)
        return None
