"""Choices after the dice of an opposed test: re-rolls, Heroic Deeds and the model a shot into a
melee hits (L122-L124, L164, L217-L218, L222, L415, L492, L699, L756; rules notes §1.9, §6
D16-D18).

The test waiting on the top step (a shot, a melee attack, a Leaving Melee test) is read as its
faces, the successes Heroic Deeds have added, and what each final margin is worth to the active
side (:class:`Rolled`): a shot's or a blow's hit as its Wounds are worth (:mod:`.odds`), a
Fence's blow back against it, leaving a melee a fixed worth.

- A re-roll is made when its exact expectation beats the roll by more than what it spends is
  worth: Beginner's Luck, kept for later, re-rolls the whole pool (L222); Essence tokens are
  worth a little each (L756); the Duellist's die, "Master" Gunner's and Attunement's cost
  nothing (L415, L492, L699).
- A Heroic Deed card is played when it, with the cheapest of the player's other cards of the
  colour if one card is not enough, changes the outcome by more than the cards are worth:
  turning a miss into a hit, adding the critical hit that takes the last Wound, or saving a
  model. A card that changes nothing (a hit already certain to kill, a miss still a miss, a
  Buff's cast at a friend that holds what it gives already) is worth only its loss.
- A shot into a melee that ties between models goes to the one whose hit is worth most to the
  shooter: an enemy, never a friend when there is a choice (L123).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from skirmish.rulesets.wolsung.ai.magic import BUFF_WORTH, buff_held
from skirmish.rulesets.wolsung.ai.odds import rolls
from skirmish.rulesets.wolsung.ai.outlook import Outlook
from skirmish.rulesets.wolsung.combat.melee import Charge, Reaction
from skirmish.rulesets.wolsung.combat.opposed import successes
from skirmish.rulesets.wolsung.combat.shooting import fewest_successes
from skirmish.rulesets.wolsung.game.attacks import MeleeAttack, Shoot
from skirmish.rulesets.wolsung.game.base import rules_of
from skirmish.rulesets.wolsung.game.casting import ALL, Cast
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import LeaveMelee
from skirmish.rulesets.wolsung.rules_data.records import SpellType

__all__ = ["REROLL_COSTS", "Rolled", "deed_score", "hit_worth", "reroll_score", "rolled"]

REROLL_COSTS = {"beginners_luck": 0.15, "life_and_death": 0.05}
"""What a re-roll spends, by its rule: Beginner's Luck kept for a later roll (L222), each
Essence token (L756); the others cost nothing."""
LEAVE_WORTH = 0.3
"""What getting out of a melee is worth."""


@dataclass(frozen=True, slots=True)
class Rolled:
    """A test rolled and waiting: each side's faces, the successes Heroic Deeds added, and
    ``worth``, what each final margin (active less defender) is worth to the active side."""

    active: tuple[int, ...]
    defender: tuple[int, ...]
    bonus: tuple[int, int]
    worth: Callable[[int], float]

    @property
    def margin(self) -> int:
        """The active side's successes less the defender's, the deeds' included."""
        return successes(self.active) + self.bonus[0] - successes(self.defender) - self.bonus[1]

    def mine(self, side: int, margin: int) -> float:
        """What ``margin`` is worth to the test's ``side`` (0 active, 1 defender)."""
        return self.worth(margin) if side == 0 else -self.worth(margin)


SURE = 6
"""A face that is a success, to stand for a Difficulty as the successes to beat."""


def rolled(seen: Outlook, step: Shoot | MeleeAttack | LeaveMelee | Cast) -> Rolled:
    """The test the step waits on."""
    bonus = step.deeds.bonus if step.deeds is not None else (0, 0)
    if isinstance(step, Cast):
        return _cast_rolled(seen, step, bonus)
    if isinstance(step, Shoot):
        return _shot_rolled(seen, step, bonus)
    if isinstance(step, MeleeAttack):
        return Rolled(step.active, step.passive, bonus, _blow_worth(seen, step))
    return Rolled(step.escape, step.hold, bonus, lambda k: LEAVE_WORTH if k >= 0 else 0.0)


def _shot_rolled(seen: Outlook, step: Shoot, bonus: tuple[int, int]) -> Rolled:
    """A shot's roll against the model it hits. Into a melee, while the re-rolls leave that
    open (L123): a Reflex roll's against the model that rolled it, its hit worth what it costs
    that model's club, whichever club re-rolls it; the shooter's against the first of the
    fewest successes as the dice stand."""
    game = seen.game
    shooter = game.model(step.shooter)
    if step.hit >= 0:
        hit = game.model(step.engaged[step.hit])
        worth = hit_worth(seen, shooter, step.weapon, hit)
        return Rolled(step.guns, step.reflexes[step.hit], bonus, worth)
    assert step.rerolls is not None
    turn = step.rerolls.turn
    if turn > 0:
        hit = game.model(step.engaged[turn - 1])
        harm = _hit_harm(seen, shooter, step.weapon, hit)
        return Rolled(step.guns, step.reflexes[turn - 1], bonus, harm)
    first = fewest_successes(step.reflexes)[0]
    hit = game.model(step.engaged[first])
    worth = hit_worth(seen, shooter, step.weapon, hit)
    return Rolled(step.guns, step.reflexes[first], bonus, worth)


def _cast_rolled(seen: Outlook, step: Cast, bonus: tuple[int, int]) -> Rolled:
    """A cast's roll: against the target's Reflex, or against the Difficulty as that many
    sure successes (L188-L202); a Projectile's margin worth its Wounds, a spell that works
    its share of an Action, or nothing at a friend that holds what it gives already."""
    game = seen.game
    spell = rules_of(game).catalog.spells[step.spell]
    caster = game.model(step.caster)
    solo = step.target == ALL or game.model(step.target).side == caster.side
    against = (SURE,) * (spell.difficulty or 0) if solo else step.passive
    if spell.type is SpellType.PROJECTILE and spell.strength is not None and not solo:
        foe = game.model(step.target)
        base, stake = max(0, spell.strength - seen.combatant(foe).armour), seen.stake(foe)
        return Rolled(
            step.active, against, bonus, lambda k: stake.harm(base + k) if k >= 0 else 0.0
        )
    held = step.target != ALL and buff_held(game, spell, game.model(step.target))
    worked = 0.0 if held else BUFF_WORTH
    return Rolled(step.active, against, bonus, lambda k: worked if k >= 0 else 0.0)


def hit_worth(
    seen: Outlook, shooter: WolsungModel, weapon: str, hit: WolsungModel
) -> Callable[[int], float]:
    """What a shot's margin is worth to the shooter when it hits ``hit``: its Wounds, against
    the shooter's own side if ``hit`` is a friend (L119-L124)."""
    harm = _hit_harm(seen, shooter, weapon, hit)
    sign = 1.0 if hit.side != shooter.side else -1.0
    return lambda k: sign * harm(k)


def _hit_harm(
    seen: Outlook, shooter: WolsungModel, weapon: str, hit: WolsungModel
) -> Callable[[int], float]:
    """What a shot's margin costs ``hit``'s club when it hits ``hit``: its Wounds."""
    fired = next(w for w in seen.combatant(shooter).ranged if w.id == weapon)
    base = seen.shot_base(shooter, fired, hit)
    stake = seen.stake(hit)
    if base is None:
        return lambda k: 0.0
    return lambda k: stake.harm(base + k) if k >= 0 else 0.0


def _blow_worth(seen: Outlook, step: MeleeAttack) -> Callable[[int], float]:
    game = seen.game
    attacker, defender = game.model(step.attacker), game.model(step.defender)
    charge = Charge(step.start_height) if step.charge else None
    fight = seen.current_fight(attacker, defender, charge)
    hit, back = seen.blow_bases(fight, Reaction(step.reaction))
    dealt, taken = seen.stake(defender), seen.stake(attacker)

    def worth(k: int) -> float:
        if k >= 0:
            return 0.0 if hit is None else dealt.harm(hit + k)
        return 0.0 if back is None else -taken.harm(back - k)

    return worth


def reroll_score(test: Rolled, side: int, dice: int | None, cost: float) -> float:
    """What re-rolling ``dice`` failed dice of ``side``'s pool (``None``: the whole pool) is
    worth against keeping the roll, less ``cost``."""
    faces = test.active if side == 0 else test.defender
    mine = successes(faces)
    sign = 1 if side == 0 else -1
    whole = [(s - mine, p) for s, p in rolls(len(faces))]
    after = whole if dice is None else list(rolls(dice))
    expected = sum(p * test.mine(side, test.margin + gained * sign) for gained, p in after)
    return expected - test.mine(side, test.margin) - cost


def deed_score(
    test: Rolled, side: int, card_worth: float, bonus: int, others: Sequence[tuple[int, float]]
) -> float:
    """What playing a card worth ``card_worth`` that adds ``bonus`` successes to ``side`` is
    worth against passing, the best that it and the cheapest of ``others`` (each card's bonus
    and worth) may reach (L217-L218)."""
    sign = 1 if side == 0 else -1
    now = test.mine(side, test.margin)
    best, added, spent = -math.inf, 0, 0.0
    for more, cost in [(bonus, card_worth), *sorted(others, key=lambda o: o[1])]:
        added, spent = added + more, spent + cost
        best = max(best, test.mine(side, test.margin + sign * added) - now - spent)
    return best
