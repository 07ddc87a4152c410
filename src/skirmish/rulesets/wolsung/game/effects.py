"""What spells and rules leave on models for a while: changed characteristics and Armour,
special rules gained, extra Actions owed to a caster, and Shields (L52, L194-L203, L459-L460,
L563, L597, L695-L699; rules notes §1.8, §2.9, §7 item 79).

A lasting effect is a plain value in the game's state (:class:`.state.Effect`,
:class:`.state.Field`), so saves and clones carry it. A model's fighting profile *now*
(:func:`current`) is its club profile with every effect on it applied; the rules read that
one. Effects end when their :class:`..rules_data.spell_effects.Until` says: at the end of
the turn (L52), after the model's next activation (Inspire, L460), after it or at the end of
the turn, whichever comes first (Overcharge, L652), or once the extra Actions right after the
caster's activation are made (Mind Control, Command; L459, L563). No effect lowers the Move
of a model in Magneton Boots (L572, L609): the effects the book means are those spells and
rules leave on a model, not the ground it crosses ([HOUSE] reading).
"""

from __future__ import annotations

from dataclasses import replace

from skirmish.rulesets.wolsung.combat.combatant import Combatant
from skirmish.rulesets.wolsung.combat.dark_energy import dark_energy
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import Effect, WolsungGame
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef, StatName
from skirmish.rulesets.wolsung.rules_data.spell_effects import (
    ExtraActivation,
    GainRule,
    Modify,
    Stat,
    Until,
)

__all__ = [
    "add_effect",
    "current",
    "end_activation_effects",
    "end_turn_effects",
    "lasting",
    "magic_ability",
    "start_activation_effects",
]

PROFILE_STATS: tuple[StatName, ...] = ("A", "M", "F", "S", "G", "R", "W")
DARK_ENERGY = "dark_energy"
MAGNETON_BOOTS = "magneton_boots"
GRANTS: dict[str, tuple[str, str]] = {"butler": ("do_not_be_silly", "hard_to_kill")}
"""Rules a model has while a friend with another rule is on the table, by the model's
catalogue entry: Sir Lance Oakroot's "Do not be silly!" makes friendly Butlers Hard to Kill
(L439)."""


def lasting(
    model: str, effect: Modify | GainRule | ExtraActivation, rule: str, caster: str
) -> Effect:
    """A lasting effect of a spell or a rule (``caster``'s) on ``model`` as the game keeps it."""
    until = effect.until.value
    if isinstance(effect, GainRule):
        return Effect(model, until, rule, keyword=effect.keyword)
    if isinstance(effect, ExtraActivation):
        return Effect(model, until, rule, actions=effect.actions, caster=caster)
    return Effect(model, until, rule, stat=effect.stat.value, amount=effect.amount)


def add_effect(game: WolsungGame, effect: Effect) -> None:
    """Put ``effect`` on its model and log it."""
    game.state.effects = (*game.state.effects, effect)
    what = (
        f"{effect.stat} {effect.amount:+d}"
        if effect.stat
        else str(_gained(effect))
        if effect.keyword
        else f"{effect.actions} extra Action(s)"
    )
    game.emit("effect", effect.rule, (effect.model,), what=what, until=effect.until)


def _gained(effect: Effect) -> KeywordRef:
    """The rule an effect gives, with its ``amount`` as the rule's value when it takes one
    (the Infiltrator's Move Penalty [1] on its arrival turn, L535)."""
    return KeywordRef(effect.keyword, effect.amount or None)


WAITING = (Until.NEXT_ACTIVATION.value, Until.NEXT_ACTIVATION_THIS_TURN.value)
"""How long the effects last that wait for their model's next activation (L460, L652)."""
TURN_LONG = (Until.END_OF_TURN.value, Until.NEXT_ACTIVATION_THIS_TURN.value)
"""How long the effects last that the end of the turn ends (L52, L652)."""


def _on(game: WolsungGame, m: WolsungModel) -> list[Effect]:
    """The effects at work on ``m`` now: one meant for its next activation only once that
    has begun (Inspire on its own caster waits, L460)."""
    return [
        e for e in game.state.effects if e.model == m.id and (e.until not in WAITING or e.started)
    ]


def _dark_energy(base: Combatant, m: WolsungModel) -> tuple[Effect, ...]:
    """Mr. Cheng's Dark Energy as changes to F, S and R at his Wounds now (L788, G42)."""
    bonus = dark_energy(m.wounds) if base.has(DARK_ENERGY) else 0
    if not bonus:
        return ()
    return tuple(Effect(m.id, "", "L788", stat, bonus) for stat in ("F", "S", "R"))


def _granted(game: WolsungGame, m: WolsungModel) -> tuple[KeywordRef, ...]:
    """The rules friends on the table give ``m`` (:data:`GRANTS`)."""
    grant = GRANTS.get(member(game, m.id).record)
    if grant is None:
        return ()
    giver, rule = grant
    friends = (o for o in game.models if o.on_table and o.side == m.side and o.id != m.id)
    return (
        (KeywordRef(rule),) if any(member(game, o.id).fighter.has(giver) for o in friends) else ()
    )


def _unslowed(base: Combatant, effects: list[Effect]) -> list[Effect]:
    """``effects`` but those that would lower the Move of a model in Magneton Boots (L572)."""
    if not base.has(MAGNETON_BOOTS):
        return effects
    return [e for e in effects if not (e.stat == Stat.M.value and e.amount < 0)]


def current(game: WolsungGame, m: WolsungModel) -> Combatant:
    """``m``'s fighting profile now: its own, with every effect on it applied and the rules
    its friends give it."""
    base = member(game, m.id).fighter
    effects = _unslowed(base, [*_on(game, m), *_dark_energy(base, m)])
    granted = _granted(game, m)
    if not effects and not granted:
        return base
    changed = {e.stat for e in effects}
    changes: dict[str, int] = {
        stat: max(0, base.profile.stat(stat) + sum(e.amount for e in effects if e.stat == stat))
        for stat in PROFILE_STATS
        if stat in changed
    }
    gained = (*(_gained(e) for e in effects if e.keyword), *granted)
    profile = base.profile.model_copy(update=changes) if changes else base.profile
    armour = sum(e.amount for e in effects if e.stat == Stat.ARMOUR.value)
    return replace(base, profile=profile, armour=base.armour + armour, rules=(*base.rules, *gained))


def magic_ability(game: WolsungGame, m: WolsungModel) -> int | None:
    """``m``'s casting dice now: its Magic Ability and the changes to it (L167)."""
    printed = member(game, m.id).magic_ability
    if printed is None:
        return None
    return printed + sum(e.amount for e in _on(game, m) if e.stat == Stat.MA.value)


def start_activation_effects(game: WolsungGame, m: WolsungModel) -> None:
    """``m`` activates: the effects meant for its next activation are now at work (L460)."""
    st = game.state
    st.effects = tuple(
        Effect(e.model, e.until, e.rule, e.stat, e.amount, e.keyword, e.actions, e.caster, True)
        if e.model == m.id and e.until in WAITING
        else e
        for e in st.effects
    )


def end_activation_effects(game: WolsungGame, m: WolsungModel) -> None:
    """``m``'s activation ends: the effects that lasted through it end (L460, L789)."""
    st = game.state
    st.effects = tuple(
        e
        for e in st.effects
        if not (
            e.model == m.id
            and (e.until == Until.END_OF_ACTIVATION.value or (e.until in WAITING and e.started))
        )
    )


def end_turn_effects(game: WolsungGame) -> None:
    """The turn ends: effects and Shields that last until then end (L52), and what waited
    for an activation this turn that never came (L652)."""
    st = game.state
    st.effects = tuple(e for e in st.effects if e.until not in TURN_LONG)
    st.shields = tuple(f for f in st.shields if f.until != Until.END_OF_TURN.value)
