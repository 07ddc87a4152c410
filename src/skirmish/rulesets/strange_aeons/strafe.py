"""Strafe (R:1299, R:1322; rules notes §6 item 4): a Strafe weapon's hits may be shared among
the models within 2" of its target but a Hidden one (R:1089); Fire Born (R:655) holds back
from a Fire Daemon every hit but a 6, and every Critical Hit.

The book names the rule and never says what it does; the notes' suggested reading is played.
The hits are counted as for any shot; the first stays on the target, and the firer's player
gives each further one, one at a time, to the target or to another model within 2" of it
(base edge to base edge) that the firer sees, friends included, the firer never
(``strafe M T``), never to a model Hidden from the firer, which is shot only as the target
of a passed test (R:1089, our reading); a Fire Born model takes one only while a 6 is among
those left to give.
Each model struck then saves with the cover it has from the firer, and rolls to wound with
the dice of its own hits, a Critical Hit's +2 on each but a Fire Born model's; a Power weapon
pushes each model still on the table that one of its hits got through the saves to, wounded
or not, as it pushes a target (the Hand Cannon, R:1322).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.fire_daemon import (
    SIX,
    criticals_against,
    fire_born,
    spared,
)
from skirmish.rulesets.strange_aeons.ghosts import untouchable_error
from skirmish.rulesets.strange_aeons.invisibility import unseen
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.saves import save_rule
from skirmish.rulesets.strange_aeons.shooting import (
    Shoot,
    damage_bonus,
    power_push,
    save_against,
    shot_wound,
)
from skirmish.rulesets.strange_aeons.skill_actions import hidden_from
from skirmish.rulesets.strange_aeons.space import allegiance, gap, models, sees

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Weapon special rules: Strafe (R:1299; notes §6 item 4)"
STRAFE_REACH = 2.0
"""How near the target a model must be to take a share of the hits (notes §6 item 4)."""


def strafe_targets(
    game: AeonsGame, shooter: AeonsModel, target: AeonsModel, six: bool
) -> list[AeonsModel]:
    """The models a Strafe shot at ``target`` may give a hit to: the target, then every other
    model :func:`strafe_error` lets take it (``six``: a 6 is among the hits left to give)."""
    near = [
        m
        for m in models(game)
        if m is not target and strafe_error(game, shooter, target, m, six) is None
    ]
    return [target, *near]


def strafe_error(
    game: AeonsGame, shooter: AeonsModel, target: AeonsModel, m: AeonsModel, six: bool
) -> str | None:
    """Why a hit of ``shooter``'s Strafe shot at ``target`` may not be given to ``m``, another
    model: the firer never takes one; a model taking one is within 2" of the target in the
    firer's sight, no Ghost (R:116), not Hidden from the firer (R:1089), and Fire Born only
    from a 6 (``six``: a 6 is among the hits left to give, R:655)."""
    if m is shooter:
        return f"{m.id} fires the Strafe: never given a hit of it"
    near = gap(game, m, target) <= STRAFE_REACH
    if not near or not sees(game, shooter, m) or unseen(game, shooter, m):
        return f'{m.id} is not within 2" of {target.id} in sight of {shooter.id}'
    ghost = untouchable_error(game, m)
    if ghost is not None:
        return ghost
    if hidden_from(game, shooter, m):
        return f"{m.id} is Hidden: hit only by a shot aimed at it, its test passed (R:1089)"
    if spared(game, m, six):
        return f"{m.id} is Fire Born: no hit left to give is a 6 (R:655)"
    return None


def shares(struck: tuple[str, ...]) -> list[tuple[str, int]]:
    """Each model given hits and how many, in the order they were first given one."""
    return [(m, struck.count(m)) for m in dict.fromkeys(struck)]


@dataclass(slots=True, eq=False)
class StrafeShot(Shoot):
    """One Shoot Action with a Strafe weapon: the hits shared, then each share saved and
    rolled to wound."""

    rule = RULE
    struck: tuple[str, ...] = ()
    """The model each hit was given to, in order."""
    sixes: int = 0
    """How many of the to-hit dice were 6s: the hits a Fire Born model may take (R:655)."""
    saving: int = 0
    """How many of the models struck have saved."""
    kept: tuple[str, ...] = ()
    """The model of each hit no save stopped."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A hit given to a model the Strafe does not reach; else as any shot."""
        if action.kind == "strafe" and len(action.args) == 2:
            shooter, target = game.model(self.shooter), game.model(self.target)
            for m in models(game):
                if m.id == action.args[1]:
                    return strafe_error(game, shooter, target, m, self._six_left(game))
            return f'{action.args[1]} is not within 2" of {self.target} in sight of {self.shooter}'
        return Shoot.option_error(self, game, action)

    def _six_left(self, game: AeonsGame, struck: tuple[str, ...] | None = None) -> bool:
        """Whether a 6 is among the hits left to give, those given being ``struck`` (the hits
        given so far by default): each hit given to a Fire Born model was one."""
        given = self.struck if struck is None else struck
        born = sum(1 for m in given if fire_born(game, game.model(m)))
        return self.sixes > born

    def landed(self, game: AeonsGame, faces: tuple[int, ...]) -> list[Step]:
        """Hits to share go to the firer's player, one at a time; a single hit, or a target
        with no model near, is an ordinary shot's."""
        shooter, target = game.model(self.shooter), game.model(self.target)
        self.sixes = faces.count(SIX)
        six = self._six_left(game, (target.id,))
        if self.hits < 2 or len(strafe_targets(game, shooter, target, six)) < 2:
            return Shoot.landed(self, game, faces)
        self.struck, self.phase = (target.id,), "strafe"
        return [self]

    def resolve(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        """The shares once the hits are counted; an unshared shot as any other."""
        if self.phase == "strafe":
            return self._share(game, shooter, action)
        if self.phase == "strafe-saves":
            return self._share_saves(game, shooter, action)
        if self.phase == "strafe-damage":
            return self._share_damage(game, shooter)
        if self.phase == "strafe-power":
            return self._pushes(game, shooter)
        return Shoot.resolve(self, game, shooter, action)

    def _share(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        if action is not None and action.kind == "strafe":
            self.struck = (*self.struck, action.args[1])
        if len(self.struck) < self.hits:
            near = strafe_targets(game, shooter, game.model(self.target), self._six_left(game))
            options = tuple(Action("strafe", (shooter.id, m.id)) for m in near)
            left = self.hits - len(self.struck)
            prompt = f"{shooter.name} strafes: give one of {left} more hits to a model"
            return Decision(allegiance(game, shooter), "strafe", prompt, options)
        for model_id, count in shares(self.struck):
            game.emit("strafe-share", RULE, (model_id,), hits=count)
        self.phase = "strafe-saves"
        return [self]

    def _share_saves(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        """Each model struck saves its hits with the cover it has from the firer."""
        shared = shares(self.struck)
        while self.saving < len(shared):
            model_id, count = shared[self.saving]
            m = game.model(model_id)
            save = save_against(game, shooter, m, self.sure)[1]
            left = count
            if save <= 6:
                rule = save_rule(game, m, save, RULE)
                request = (f"{count}D6", "save", rule, m.id)
                self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(save))
                if ask is not None:
                    return ask
                action = None
                saved = sum(1 for f in self.roll.faces if f >= save)
                self.roll, left = None, count - saved
                game.emit("saved", rule, (m.id,), saved=saved, left=left, need=save)
            self.kept = (*self.kept, *([model_id] * left))
            self.saving += 1
        self.phase = "strafe-damage"
        return [self] if self.kept else []

    def _share_damage(self, game: AeonsGame, shooter: AeonsModel) -> list[Step]:
        weapon = catalog_of(game).weapon(self.weapon)
        wounds: list[Step] = []
        for model_id, count in shares(self.kept):
            m = game.model(model_id)
            bonus = damage_bonus(game, shooter, m, weapon) + criticals_against(
                game, m, self.critical
            )
            wounds.append(shot_wound(game, shooter, m, count, bonus, weapon))
        self.phase = "strafe-power"
        return [*wounds, self] if weapon.has("power") else wounds

    def _pushes(self, game: AeonsGame, shooter: AeonsModel) -> list[Step]:
        struck = [game.model(model_id) for model_id, _ in shares(self.kept)]
        return [power_push(game, shooter, m) for m in struck if m.removed is None]
