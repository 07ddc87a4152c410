"""Casting a spell in play: the spells a Hero may declare, the card it pays before anything is
measured, the roll, the Heroic Deeds and what the spell does (L165-L203, L217; rules notes
§1.8, §6 D13, D17; §7 items 35-38, 96).

The rules of a cast are :mod:`..magic.casting` and :mod:`..magic.spells`; this module
measures the models the spell may reach (:mod:`.space`), asks the caster's player for the
card, rolls with the game's dice and applies the outcomes: a Projectile's Wounds and a price
in Wounds at the end of the Action (:mod:`.damage`), Wounds gained and Topple at once, and
lasting effects and Shields into the game's state (:mod:`.effects`).

- A Hero with a Magic Ability casts the spells it knows, not in a melee (L126, L167); a
  Projectile or Attack at an enemy in sight, a Buff at a friend in sight or itself, an Aura
  at every friend in range and sight (L183-L203, §7 item 37); Bloodboil at either (§7 item
  96), its Wounds a price on a friend, an Attack's on an enemy, whose casualty counts to the
  caster's club (scenarios §4.0). A spell is offered only when the hand holds a card that
  pays for it (L171-L174).
- The card is chosen in secret and paid before the range is measured; out of range the spell
  fails with the card spent (L178, L185-L187, §7 item 36).
- The model may Move first, in the same Action, with no penalty (L75, L178): the spell and
  its target are then chosen after the Move, so the Move is open whenever the model may cast,
  a target in sight or not; with nothing to cast at once it is made, the Action was a Move.
- A spell is never cast at a model Concealed in the Crowd (L731, :mod:`.crowd`).
- After the roll come the re-rolls (:mod:`.rerolls`), then the Heroic Deeds (§7 item 40).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.cards import Card
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.hand import spend
from skirmish.rulesets.wolsung.cards.payments import Use, UseKind, card_needed, payment_problem
from skirmish.rulesets.wolsung.combat.combatant import Combatant
from skirmish.rulesets.wolsung.combat.opposed import OpposedTest
from skirmish.rulesets.wolsung.game.base import house_of, member, rules_of
from skirmish.rulesets.wolsung.game.crowd import in_crowd
from skirmish.rulesets.wolsung.game.damage import gain_wounds, queue_wounds
from skirmish.rulesets.wolsung.game.effects import add_effect, current, lasting, magic_ability
from skirmish.rulesets.wolsung.game.hands import card_actions, card_of, hand
from skirmish.rulesets.wolsung.game.heroics import Deeds, open_deeds
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.rerolls import RolledPool
from skirmish.rulesets.wolsung.game.resolution import ResolvedTest
from skirmish.rulesets.wolsung.game.rolls import LoggedDice
from skirmish.rulesets.wolsung.game.sight import sight
from skirmish.rulesets.wolsung.game.space import gap, in_melee
from skirmish.rulesets.wolsung.game.state import Field, WolsungGame
from skirmish.rulesets.wolsung.magic.casting import (
    CASTING,
    REFLEX,
    Caster,
    Casting,
    Declaration,
    Pool,
    declare,
    roll_casting,
)
from skirmish.rulesets.wolsung.magic.spells import (
    Damage,
    Heal,
    Lasting,
    NoEffect,
    Outcome,
    ShieldField,
    Subject,
    Toppled,
    WoundLoss,
)
from skirmish.rulesets.wolsung.rules_data.records import Spell, SpellType

__all__ = [
    "ALL",
    "CAST",
    "Cast",
    "ChooseCast",
    "cast_options",
    "cast_problem",
    "cast_subject",
    "may_cast",
    "payable",
]

CAST = "L178"
ALL = "all"
"""The target an Aura is cast at: every friend it reaches (L203)."""


def _spell(game: WolsungGame, spell_id: str) -> Spell:
    return rules_of(game).catalog.spells[spell_id]


def _as_cast(game: WolsungGame, caster: str, spell_id: str) -> Spell:
    """``spell_id`` as ``caster`` casts it: citing first the line its own entry prints the
    spell at (Xen Jidao's Mistification, L775), else the spell's first line (a Mage's, L738)."""
    spell = _spell(game, spell_id)
    own = rules_of(game).catalog.printed_in(member(game, caster).record, spell.lines)
    if own is None:
        return spell
    return spell.model_copy(update={"lines": (own, *(n for n in spell.lines if n != own))})


def payable(game: WolsungGame, m: WolsungModel, spell: Spell) -> tuple[Card, ...] | None:
    """The cards that pay for ``spell`` (``()``: it costs none), or ``None`` if none does."""
    payer = member(game, m.id).payer
    if payer is None:
        return None
    use = Use(UseKind.SPELL, cost=spell.cost)
    if not card_needed(use, payer):
        return ()
    rules = house_of(game)
    cards = tuple(c for c in hand(game, m.side) if payment_problem(use, payer, c, rules) is None)
    return cards or None


def _sides(game: WolsungGame, m: WolsungModel, spell: Spell) -> list[WolsungModel]:
    """The models in sight of the sides ``spell`` takes (L183, L195, §7 items 37, 96)."""
    rules = house_of(game)
    seen = [o for o in game.models if o.on_table and o.id != m.id and sight(game, m, o).visible]
    friends = [o for o in seen if o.side == m.side]
    if rules.buff_on_caster:
        friends.insert(0, m)
    foes = [o for o in seen if o.side != m.side]
    if spell.type in (SpellType.PROJECTILE, SpellType.ATTACK):
        return foes
    if spell.type is SpellType.ATTACK_OR_BUFF and rules.bloodboil_on_enemies:
        return friends + foes
    return friends


def _targets(game: WolsungGame, m: WolsungModel, spell: Spell, card: Card | None) -> list[str]:
    """The targets ``spell`` may be declared at, as the casting rules judge them (L183-L203,
    L459, L563, L731, L785)."""
    caster, rules = _caster(game, m), house_of(game)
    if spell.type is SpellType.AURA:
        try:
            declare(spell, caster, rules, card=card, shield_in_effect=_shielded(game, m))
        except IllegalActionError:
            return []
        return [ALL]
    found = []
    for o in _sides(game, m, spell):
        try:
            declare(spell, caster, rules, target=_subject(game, m, o), card=card)
        except IllegalActionError:
            continue
        found.append(o.id)
    return found


def _shielded(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether a Shield of ``m``'s club is up: one at a time (L597)."""
    return any(game.model(f.covers[0]).side == m.side for f in game.state.shields)


def _caster(game: WolsungGame, m: WolsungModel) -> Caster:
    who = member(game, m.id)
    assert who.payer is not None  # only Heroes know spells
    return Caster(m.id, magic_ability(game, m), frozenset(who.spells), who.payer)


def _declared(
    game: WolsungGame,
    m: WolsungModel,
    spell: Spell,
    target: str,
    card: Card | None,
    moved: bool = False,
) -> Declaration:
    """``m``'s ``spell`` declared at ``target`` (a model's id, or :data:`ALL`: every friend on
    the table), paid with ``card``, as a cast and its refusal alike read it (L167-L203).

    Raises:
        IllegalActionError: the casting rules refuse it.
    """
    caster, rules = _caster(game, m), house_of(game)
    if target != ALL:
        subject = _subject(game, m, game.model(target))
        return declare(spell, caster, rules, target=subject, card=card, moved=moved)
    friends = tuple(
        _subject(game, m, o)
        for o in game.models
        if o.on_table and o.side == m.side and o.id != m.id
    )
    shielded = _shielded(game, m)
    return declare(
        spell, caster, rules, friends=friends, card=card, moved=moved, shield_in_effect=shielded
    )


def cast_problem(game: WolsungGame, m: WolsungModel, spell_id: str, target: str) -> str | None:
    """Why ``m`` may not cast ``spell_id`` at ``target`` now, in the player's terms: the
    casting rules' reason, or a hand with no card that pays (L126, L167-L203)."""
    spell = rules_of(game).catalog.spells.get(spell_id)
    if spell is None or spell_id not in member(game, m.id).spells:
        return f"{m.name} knows no spell {spell_id!r} (L168)"
    if in_melee(game, m):
        return f"{m.name} is in melee and may only Move or Fight (L126)"
    cards = payable(game, m, spell)
    if cards is None:
        return f"no card in hand pays for {spell.name} (L171-L174)"
    if target != ALL and target not in game.index:
        return f"no model {target!r}"
    try:
        _declared(game, m, spell, target, cards[0] if cards else None)
    except IllegalActionError as refusal:
        return str(refusal)
    return None


def _paid_spells(game: WolsungGame, m: WolsungModel) -> list[tuple[Spell, tuple[Card, ...]]]:
    """The spells ``m`` knows that its hand pays for, each with the cards that may, while it
    may cast at all: with a Magic Ability, not in a melee (L126, L167-L174)."""
    known = member(game, m.id).spells
    if not known or not magic_ability(game, m) or in_melee(game, m):
        return []
    spells = [_spell(game, spell_id) for spell_id in known]
    return [(s, cards) for s in spells if (cards := payable(game, m, s)) is not None]


def may_cast(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` may cast a spell now, wherever its targets stand: the Move that may come
    first in the Action may bring one into sight and range (L75, L178)."""
    return bool(_paid_spells(game, m))


def cast_options(game: WolsungGame, m: WolsungModel) -> list[Action]:
    """Every cast ``m`` may declare now (L167-L203)."""
    return [
        Action("cast", (m.id, spell.id, t))
        for spell, cards in _paid_spells(game, m)
        for t in _targets(game, m, spell, cards[0] if cards else None)
    ]


def _subject(game: WolsungGame, caster: WolsungModel, o: WolsungModel) -> Subject:
    """``o`` as a target of ``caster``'s spell where both stand now (L10, L185)."""
    in_sight = o.id == caster.id or sight(game, caster, o).visible
    return cast_subject(game, caster, o, gap(game, caster, o), in_sight, current(game, o))


def cast_subject(
    game: WolsungGame,
    caster: WolsungModel,
    o: WolsungModel,
    distance: float,
    in_sight: bool,
    now: Combatant,
) -> Subject:
    """``o``, whose profile is ``now``, as a target of ``caster``'s spell, ``distance`` away
    (none, itself) and ``in_sight`` or not: measured where the two stand, or judged by the AI
    from a spot the caster may move to (L10, L185, L197)."""
    return Subject(
        id=o.id,
        friendly=o.side == caster.side,
        distance=0.0 if o.id == caster.id else distance,
        in_sight=in_sight,
        reflex=now.profile.R,
        armour=now.armour,
        henchman=not o.hero,
        keywords=frozenset(now.rules),
        crowd_token=in_crowd(game, o),
    )


@dataclass(slots=True, eq=False)
class ChooseCast(Step):
    """The spell and target of a Cast Action whose Move came first (L178)."""

    rule = CAST
    caster: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.caster)
        if action is not None:
            if action.kind == "no-cast":
                return []
            return [Cast(caster=m.id, spell=action.args[1], target=action.args[2], moved=True)]
        # Asked whether or not a card pays: the others may not learn that none does.
        options = [*cast_options(game, m), Action("no-cast", (m.id,))] if m.on_table else []
        if len(options) < 2 and not member(game, m.id).spells:
            return []
        return Decision(
            m.side, "cast", f"{m.name} casts after its Move: choose the spell", tuple(options)
        )


@dataclass(slots=True, eq=False)
class Cast(ResolvedTest):
    """``caster`` casts ``spell`` at ``target`` (``"all"`` for an Aura) (L178-L203): the card
    (``card``, ``""`` for none) once chosen, the faces rolled (the caster's, the target's),
    the re-rolls and the Heroic Deeds."""

    rule = CAST
    caster: str = ""
    spell: str = ""
    target: str = ""
    moved: bool = False
    card: str = ""
    paid: bool = False
    active: tuple[int, ...] = ()
    passive: tuple[int, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m, spell = game.model(self.caster), _spell(game, self.spell)
        if not self.paid:
            if action is not None:
                self.card = action.args[0]
            else:
                cards = payable(game, m, spell)
                if cards is None:
                    # Only a game re-dealt for another player's search gets here: the hand
                    # it dealt holds no card that pays, so the spell is not cast, and the
                    # deal, which the searching player knows to be wrong, is drawn again.
                    game.emit("unpaid-spell", CAST, (m.id,), spell=spell.name)
                    return []
                if cards:
                    return Decision(
                        m.side,
                        "spell-cost",
                        f"pay for {spell.name}: a card, before the range is measured (L178)",
                        card_actions("pay", cards),
                    )
            self.paid = True
            return self._declare(game)
        return self.resume(game, action)

    def _declaration(self, game: WolsungGame) -> Declaration:
        m, spell = game.model(self.caster), _as_cast(game, self.caster, self.spell)
        card = card_of(self.card) if self.card else None
        return _declared(game, m, spell, self.target, card, self.moved)

    def _declare(self, game: WolsungGame) -> Decision | list[Step]:
        decl = self._declaration(game)
        spent = decl.in_range or decl.fizzle().card_spent
        if self.card and spent:
            spend(game, game.model(self.caster).side, (card_of(self.card),), CAST)
        game.emit("cast", CAST, (self.caster,), spell=decl.spell.name, target=self.target)
        if not decl.in_range:
            card = self.card if spent else ""
            game.emit(
                "out-of-range-spell",
                decl.range_rule,
                (self.caster,),
                spell=decl.spell.name,
                card=card,
            )
            return []
        rollers = (self.caster, decl.reached[0].id)
        casting = roll_casting(decl, LoggedDice(game, CAST, rollers))
        self.active, self.passive = casting.test.active, casting.test.defender
        against = decl.reached[0].id if decl.opposed else ""
        pools: tuple[RolledPool, ...] = (
            RolledPool(self.caster, "MA", against, CASTING, self.active),
        )
        if decl.opposed:
            pools += (RolledPool(against, "R", self.caster, REFLEX, self.passive),)
        return self.rolled(game, decl.contest, pools)

    def rerolled(self, pools: tuple[RolledPool, ...]) -> None:
        self.active, self.passive = pools[0].faces, pools[1].faces if pools[1:] else ()

    def heroic_deeds(self, game: WolsungGame) -> Deeds | None:
        decl = self._declaration(game)
        test = OpposedTest(self.active, self.passive)
        against = test.defender_successes if decl.opposed else decl.spell.difficulty or 0
        models = (self.caster, decl.reached[0].id if decl.opposed else self.caster)
        return open_deeds(
            game, decl.contest, models, (test.active_successes, against), solo=not decl.opposed
        )

    def finish(self, game: WolsungGame, bonus: tuple[int, int]) -> list[Step]:
        decl = self._declaration(game)
        pools = (Pool(self.caster, "MA", decl.caster.magic_ability or 0),)
        casting = Casting(decl, pools, OpposedTest(self.active, self.passive))
        result = casting.result(bonus if decl.opposed else (bonus[0], 0))
        game.emit("spell", result.rule, (self.caster,), spell=decl.spell.name, works=result.works)
        for outcome in result.outcomes:
            _apply(game, self.caster, outcome)
        return []


def _apply(game: WolsungGame, caster: str, outcome: Outcome) -> None:
    """What one outcome of a spell does in the game."""
    match outcome:
        case Damage(model, wounds, rule):
            why, by = f"{wounds} Wounds of a Projectile", game.model(caster).side
            queue_wounds(game, model, wounds, why, rule, shielded=True, by=by)
        case WoundLoss(model, wounds, rule):
            side = game.model(caster).side
            if game.model(model).side == side:
                why, by = f"{wounds} Wounds, the spell's price", -1
            else:
                # An Attack on an enemy (§7 item 96): its casualty counts to the caster's club.
                why, by = f"{wounds} Wounds of a Magic Attack", side
            queue_wounds(game, model, wounds, why, rule, shielded=False, by=by)
        case Heal(model, wounds, rule):
            gain_wounds(game, game.model(model), wounds, rule)
        case Toppled(model, rule):
            game.model(model).toppled = True
            game.emit("toppled", rule, (model,), why=f"the spell ({rule})")
        case Lasting(model, effect, rule):
            add_effect(game, lasting(model, effect, rule, caster))
        case ShieldField():
            field = Field(
                tuple(sorted(outcome.covers)),
                outcome.wounds,
                outcome.armour,
                outcome.until.value,
                outcome.rule,
            )
            game.state.shields = (*game.state.shields, field)
            game.emit("shield-up", outcome.rule, field.covers, wounds=field.wounds)
        case NoEffect(model, reason, rule):
            game.emit("no-effect", rule, (model,), reason=reason)
