"""Blast and Spray Templates (R:1226; notes §6 items 5, 11) and Dangerous weapons (item 4).

A weapon with a Blast Template is aimed at an enemy in range and in sight, as any shot, the
template centred on that model; or at a point on the table, its target location (R:1226):
within the weapon's range measured to the point and in sight as a model standing there would
be (:func:`point_error`), the template lying on the surface at the point. Our reading: a
point on an enemy's base is a shot at that enemy, refused as one would be (the unseen wearer
of an Invisibility Suit, R:1330), and each Hidden enemy under the template, aimed at a
point or at a model, asks the firer's Hide test as a shot at it would (R:1089,
:func:`caught_at`). A shot at
a point is tested to shoot past the closest enemy only when no closest enemy is under the
template there (R:177, our reading: the closest is shot at first if the template catches it).
Past the centre, the two shots are one: one to-hit roll is made. A hit leaves it there; a miss
lets the opposing player move it 1D3" (eight ways, the table's compass points); a Dangerous
weapon's 1 centres it on the firer instead (notes §6 item 4), but a Munitions Expert's
Dynamite is a dud then, not used again that game (R:1108). Every model wholly or partly
under it, on the surface it lies on, friends and the firer included, is hit once: each saves
with the cover between it and the template's centre (R:1226), then one roll to wound is
applied to each (R:2122, notes §6 item 41), and to each inanimate object it lies over on the
ground and each Leng Spider's egg under it, with no save (R:273, :mod:`.objects`,
:func:`.eggs.caught`); a Power weapon's (a Shotgun firing Buckshot, notes §6 item 20) then
pushes each model its hit reached 1D3" directly away from the firer, as Power pushes any
target, a D3 rolled for each model. A Spray Template is laid from the
firer's base toward an enemy it reaches, its narrow end touching the base (notes §6 item
11): one to-hit roll as for a Blast, but a miss sprays nothing, the template being tied to
the firer; the models under it, the firer not among them, save with the cover between
them and the firer. The templates' sizes are the rulebook data's (notes §6 item 5); their
geometry is :mod:`skirmish.geometry.templates`'s. A Dangerous weapon with no template (the
Heat Ray's High setting, R:1323) strikes its firer with one hit on a to-hit 1. :func:`shot`
gives each Shoot Action its step: a template's, a Strafe's (:mod:`.strafe`), an Arc's
(:mod:`.arc`, whose jumps follow a template too), a Dangerous one's or the plain one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point, distance, edge_distance
from skirmish.geometry.sight import Body, sight_between
from skirmish.geometry.templates import CircleTemplate, SprayTemplate
from skirmish.rulesets.strange_aeons import (
    eggs,
    fish_sauce,
    lucky,
    magazine,
    natural,
    objects,
    smoke,
    spittle,
    worm,
)
from skirmish.rulesets.strange_aeons.afflictions import harmless_hit
from skirmish.rulesets.strange_aeons.arc import ArcShot, template_arc
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Weapon
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.fire_daemon import (
    FIRE_BORN,
    SIX,
    criticals_against,
    spared,
)
from skirmish.rulesets.strange_aeons.ghosts import is_ghost
from skirmish.rulesets.strange_aeons.invisibility import unseen
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.saves import save_rule
from skirmish.rulesets.strange_aeons.scream import ScreamShot
from skirmish.rulesets.strange_aeons.shooting import (
    DUD,
    DYNAMITE,
    LoneHit,
    Shoot,
    closest_threats,
    cover_save,
    damage_bonus,
    further_cover,
    has_skill,
    owes_priority_test,
    power_push,
    shot_wound,
    target_error,
    weapon_error,
    weapon_range,
    wound_bonus,
)
from skirmish.rulesets.strange_aeons.space import (
    allegiance,
    body,
    foes,
    graded,
    inches,
    lifted,
    models,
    sees,
    sees_point,
)
from skirmish.rulesets.strange_aeons.strafe import StrafeShot

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Weapon special rules: Blast and Spray Templates (R:1226; notes §6 item 11)"
DAMAGE = "Templates: one roll to wound (R:1226, R:2122; notes §6 item 41)"
DANGEROUS = "Weapon special rules: Dangerous (R:1273; notes §6 item 4)"
DIRECTIONS = tuple(range(0, 360, 45))
"""The ways a missed template may be moved, in degrees anticlockwise from east."""


def point_error(game: AeonsGame, m: AeonsModel, weapon_id: str, point: Point) -> str | None:
    """Why ``m`` cannot aim the Blast of ``weapon_id`` at ``point``, its target location
    (R:1226): a point on the table, on the surface there, within the weapon's range measured
    from the firer's base to it, and in sight as a model standing there would be
    (:func:`.space.sees_point`)."""
    why = weapon_error(game, m, weapon_id)
    if why is not None:
        return why
    weapon = catalog_of(game).weapon(weapon_id)
    if not weapon.has("blast_template"):
        return f"the {weapon.name} has no Blast Template: it is aimed at a model"
    if not game.board.on_table(point, 0.0):
        return "the point is off the table"
    level = game.board.surface_at(point)
    d = lifted(game, edge_distance(m.pos, m.radius, point, 0.0), m.level, level)
    reach = weapon_range(game, m, weapon)
    if d > reach:
        return f'out of range: {reach:g}" {weapon.name}, the point {inches(d)} away'
    if not sees_point(game, m, point, level):
        return f"the point is not in sight of {m.id}"
    on = based_on(game, m, point)
    return None if on is None else target_error(game, m, on, weapon)


def based_on(game: AeonsGame, m: AeonsModel, point: Point) -> AeonsModel | None:
    """The enemy of ``m`` on whose base ``point`` lies, on the surface there: a Blast aimed
    at the point is a shot at that enemy, refused as one would be (our reading of R:1226
    with R:1330)."""
    level = game.board.surface_at(point)
    return next(
        (
            e
            for e in models(game)
            if foes(game, e, m) and e.level == level and distance(e.pos, point) <= e.radius
        ),
        None,
    )


def caught_at(game: AeonsGame, m: AeonsModel, weapon_id: str, point: Point) -> list[AeonsModel]:
    """The models under ``m``'s Blast Template of ``weapon_id`` aimed at ``point`` (a point
    on the table, or the model standing there), on the surface there, before any to-hit
    roll: those the shot is taken at, each Hidden one asking its test (R:1089, our reading);
    none for a weapon with no Blast."""
    weapon = catalog_of(game).weapon(weapon_id)
    if not weapon.has("blast_template"):
        return []
    laid = template_of(game, weapon, m, point)
    return under(game, laid, game.board.surface_at(point), m.id)


def point_owes_test(game: AeonsGame, m: AeonsModel, weapon_id: str, point: Point) -> bool:
    """Whether ``m``'s Blast of ``weapon_id`` aimed at ``point`` owes the test to shoot past
    the closest enemy: none of the enemies closest to ``m`` is caught under it (R:177, our
    reading)."""
    return owes_priority_test(closest_threats(game, m), caught_at(game, m, weapon_id, point))


def template_of(
    game: AeonsGame, weapon: Weapon, shooter: AeonsModel, center: Point
) -> CircleTemplate | SprayTemplate:
    """``shooter``'s template for ``weapon`` aimed at ``center``: a Blast centred there, a
    Spray from the firer's base toward it."""
    scenario = catalog_of(game).scenario
    size = _size(weapon)
    if not weapon.has("spray_template"):
        return CircleTemplate(center, blast_radius(game, weapon))
    dx, dy = center[0] - shooter.x, center[1] - shooter.y
    reach = shooter.radius / (math.hypot(dx, dy) or 1.0)
    tip = (shooter.x + dx * reach, shooter.y + dy * reach)
    return SprayTemplate(tip, center, scenario.spray_length[size], *scenario.spray_ends)


def _size(weapon: Weapon) -> int:
    """The template's size: 0 for a Small one, 1 for a Large."""
    return 0 if weapon.template == "S" else 1


def blast_radius(game: AeonsGame, weapon: Weapon) -> float:
    """The radius of ``weapon``'s Blast Template."""
    return catalog_of(game).scenario.blast_radius[_size(weapon)]


def origin(weapon: Weapon, shooter: AeonsModel, center: Point) -> Point:
    """Where cover against the template is judged from: a Blast's centre, a Spray's firer."""
    return shooter.pos if weapon.has("spray_template") else center


def under(
    game: AeonsGame, template: CircleTemplate | SprayTemplate, level: str | None, firer: str
) -> list[AeonsModel]:
    """The models wholly or partly under ``template``, lying on the surface ``level``; not
    the ``firer`` of a Spray, whose base its tip touches."""
    spray = isinstance(template, SprayTemplate)
    return [
        m
        for m in models(game)
        if m.level == level
        and template.covers(m.pos, m.radius) is not None
        and not (spray and m.id == firer)
        and not is_ghost(game, m)
    ]


def template_save(
    game: AeonsGame,
    shooter: AeonsModel,
    center: Point,
    level: str | None,
    m: AeonsModel,
    sure: bool = False,
) -> int:
    """The save of ``m`` under ``shooter``'s template seen from ``center`` (its
    :func:`origin`): the cover between the two (R:1226), with what else it saves by against
    shooting (none of cover when ``sure``, an Accurate shot)."""
    height = catalog_of(game).scenario.body_height
    view = graded(
        game, sight_between(game.board, Body(center, 0.0, level, height), body(m, height))
    )
    return cover_save(game, shooter, m, view.cover, sure, further_cover(game, view))


def moved(center: Point, degrees: int, distance: float) -> Point:
    """``center`` moved ``distance`` inches the way ``degrees`` points."""
    rad = math.radians(degrees)
    x, y = center[0] + distance * math.cos(rad), center[1] + distance * math.sin(rad)
    return (round(x, 2), round(y, 2))


def shot_at(
    game: AeonsGame, shooter: str, weapon_id: str, point: Point, sure: bool = False
) -> TemplateShot:
    """The Shoot Action of a Blast aimed at ``point`` (R:1226): :func:`shot`'s step with no
    target model, centred on the point, on the surface there."""
    step = shot(game, shooter, "", weapon_id, sure=sure)
    assert isinstance(step, TemplateShot)  # the point was judged for a Blast weapon
    step.center, step.level = point, game.board.surface_at(point)
    return step


def blast_spots(game: AeonsGame, m: AeonsModel, weapon_id: str) -> list[Point]:
    """Points worth aiming ``m``'s Blast of ``weapon_id`` at: the midpoint of each two
    enemies ``m`` sees and may target (:func:`.invisibility.unseen`), on one surface within
    the template's width and with that surface at the midpoint (the template lies on the
    surface at its centre), where the template catches two enemies or more and no friend of
    ``m``, and that the rules let it aim at (:func:`point_error`)."""
    weapon = catalog_of(game).weapon(weapon_id)
    width = 2 * blast_radius(game, weapon)
    enemies = [e for e in models(game) if foes(game, e, m) and not is_ghost(game, e)]
    marked = [e for e in enemies if not unseen(game, m, e) and sees(game, m, e)]
    found = []
    for a, b in combinations(marked, 2):
        if a.level != b.level or edge_distance(a.pos, a.radius, b.pos, b.radius) > width:
            continue
        mid = (round((a.x + b.x) / 2, 2), round((a.y + b.y) / 2, 2))
        if game.board.surface_at(mid) != a.level:
            continue
        caught = caught_at(game, m, weapon_id, mid)
        wide = len(caught) >= 2 and all(foes(game, c, m) for c in caught)
        if wide and point_error(game, m, weapon_id, mid) is None:
            found.append(mid)
    return found


def shot(
    game: AeonsGame,
    shooter: str,
    target: str,
    weapon_id: str,
    dice: int = 0,
    penalty: int = 0,
    sure: bool = False,
    chosen: bool = False,
) -> Shoot:
    """The Shoot Action's step, a special weapon's own (:func:`_kind`); ``dice`` is an
    Alert shot's one die (R:245), ``penalty`` what it adds to the Dexterity needed, ``sure``
    an aimed shot, Accurate with a Rate 1D weapon (R:1038); ``chosen`` a target chosen
    already (an Alert shot's, or a second weapon's: no test to shoot past a closer enemy).
    Every shot is made here, so here a weapon with a number of shots spends one (R:1334)."""
    weapon = catalog_of(game).weapon(weapon_id)
    magazine.fired(game, game.model(shooter), weapon)
    kind = _kind(weapon)
    phase = "into-combat" if dice or chosen else "priority"
    sure = sure and weapon.rate == 1
    return kind(shooter, target, weapon_id, phase=phase, dice=dice, penalty=penalty, sure=sure)


def _kind(weapon: Weapon) -> type[Shoot]:
    """The step of a Shoot Action with ``weapon``: a template's, a Strafe's (:mod:`.strafe`),
    an Arc's (:mod:`.arc`), a Dangerous weapon's without a template, the Banshee's Scream
    (:mod:`.scream`), or the plain one."""
    if weapon.ability == "scream":
        return ScreamShot
    if weapon.template:
        return TemplateShot
    if weapon.has("strafe"):
        return StrafeShot
    if weapon.has("arc"):
        return ArcShot
    return DangerousShot if weapon.has("dangerous") else Shoot


@dataclass(slots=True, eq=False)
class DangerousShot(Shoot):
    """A Dangerous weapon with no template (the Heat Ray's High setting, R:1323): a to-hit 1
    strikes its firer with one hit of it, as a template would come down on the firer (notes
    §6 item 4), after the shot's own hits are worked out."""

    def landed(self, game: AeonsGame, faces: tuple[int, ...]) -> list[Step]:
        """The shot's hits, then the firer's own if a 1 was rolled."""
        steps = Shoot.landed(self, game, faces)
        if 1 not in faces:
            return steps
        game.emit("dangerous-hit", DANGEROUS, (self.shooter,))
        return [*steps, LoneHit(self.shooter, self.shooter, self.weapon, DANGEROUS)]


@dataclass(slots=True, eq=False)
class TemplateShot(Shoot):
    """One Shoot Action with a template: aimed, a Blast maybe moved, then every model under
    it saves and takes the one roll to wound."""

    rule = RULE
    center: Point = (0.0, 0.0)
    level: str | None = None
    distance: int = 0
    struck: tuple[str, ...] = ()
    """The models under the template."""
    saving: int = 0
    """How many of them have saved, or had no save."""
    hurt: tuple[str, ...] = ()
    """Those the roll to wound reaches: every one that did not save."""
    pieces: tuple[str, ...] = ()
    """The inanimate objects under the template, by piece id: the roll to wound reaches them
    too."""
    brood: tuple[str, ...] = ()
    """The Leng Spider's eggs under the template, by id: objects its roll to wound reaches
    too (R:273, R:596)."""
    six: bool = False
    """Whether the to-hit roll was a 6: only then does it strike a Fire Born model (R:655)."""
    asked: bool = False
    """Whether a Natural under its own Dynamite has been asked to move it off (R:398)."""

    def resolve(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        """The template shot once its target is chosen: aimed, to hit, laid, saved, wounding."""
        if self.phase == "into-combat":
            self._aim(game, shooter)
            self.phase = "to-hit"
        if self.phase == "to-hit":
            return self._to_hit(game, shooter, action)
        if self.phase == "scatter":
            return self._scatter(game, shooter, action)
        if self.phase == natural.SHIFT:
            return self._shifted(game, shooter, action)
        if self.phase == "saves":
            return self._template_saves(game, action)
        if self.phase == "power":
            return self._pushes(game, shooter)
        return self._damage(game, action)

    def _aim(self, game: AeonsGame, shooter: AeonsModel) -> None:
        """The template centred on the model aimed at, or on the point aimed at, its centre
        set already (the one thing in which the two shots differ)."""
        if not self.target:
            game.emit("template-aimed-at", RULE, (shooter.id,), weapon=self.weapon, at=self.center)
            return
        target = game.model(self.target)
        self.center, self.level = target.pos, target.level
        game.emit("template-aimed", RULE, (shooter.id, target.id), weapon=self.weapon)

    def owes_test(self, game: AeonsGame, shooter: AeonsModel) -> bool:
        """A shot at a model tests as any shot; one at a point when an enemy closest to the
        firer is not caught by the template there (R:177, our reading)."""
        if self.target:
            return Shoot.owes_test(self, game, shooter)
        return point_owes_test(game, shooter, self.weapon, self.center)

    def landed(self, game: AeonsGame, faces: tuple[int, ...]) -> list[Step]:
        """A hit leaves the template where it was aimed; a Dangerous weapon's 1 centres it
        on the firer, unless a Munitions Expert's Dynamite, which is a dud instead; another
        miss lets the opponent move it."""
        shooter = game.model(self.shooter)
        weapon = catalog_of(game).weapon(self.weapon)
        self.six = SIX in faces
        if not self.hits and weapon.has("spray_template"):
            return []
        dangerous = 1 in faces and weapon.has("dangerous")
        expert = self.weapon == DYNAMITE and has_skill(game, shooter, "munitions_expert")
        if not self.hits and dangerous and expert:
            game.state.duds = (*game.state.duds, (shooter.id, self.weapon))
            game.emit("dud", DUD, (shooter.id,), weapon=self.weapon)
            return []
        if not self.hits and dangerous:
            self.center, self.level = shooter.pos, shooter.level
            game.emit("dangerous", DANGEROUS, (shooter.id,))
        elif not self.hits:
            self.phase = "scatter"
            return [self]
        return self._lay(game)

    def _scatter(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        if action is not None and action.kind == "scatter":
            self.center = moved(self.center, int(action.args[1]), self.distance)
            game.emit("scattered", RULE, (shooter.id,), inches=self.distance, to=self.center)
            return self._lay(game)
        self.distance = d3(game.roll("D6", "scatter", RULE, shooter.id).value)
        options = tuple(Action("scatter", (shooter.id, str(d))) for d in DIRECTIONS)
        prompt = f'the template of {shooter.name} missed: move it {self.distance}" one way'
        return Decision(1 - allegiance(game, shooter), "scatter", prompt, options)

    def _shifted(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        """The Natural's player moves the template off it, or leaves it (R:398)."""
        if action is None:
            return natural.ask(shooter, DIRECTIONS)
        if action.kind == natural.SHIFT:
            radius = blast_radius(game, catalog_of(game).weapon(self.weapon))
            self.center = natural.off(self.center, radius, shooter, int(action.args[1]))
            game.emit("natural", natural.RULE, (shooter.id,), to=self.center)
        return self._lay(game)

    def _lay(self, game: AeonsGame) -> list[Step]:
        """The template comes down: which models it covers."""
        weapon = catalog_of(game).weapon(self.weapon)
        shooter = game.model(self.shooter)
        laid = template_of(game, weapon, shooter, self.center)
        if weapon.smoke_die and isinstance(laid, CircleTemplate):
            smoke.lay(game, shooter, weapon, laid, self.level)
            return []
        covered = under(game, laid, self.level, shooter.id)
        if not self.asked and natural.caught(game, shooter, self.weapon, covered):
            self.asked, self.phase = True, natural.SHIFT
            return [self]
        unhurt = [m for m in covered if spared(game, m, self.six)]
        for m in unhurt:
            game.emit("fire-born-unhurt", FIRE_BORN, (m.id,))
        self.struck = tuple(m.id for m in covered if m not in unhurt)
        game.emit("template", RULE, self.struck, at=self.center, covered=len(self.struck))
        if self.level is None and not weapon.harmless:
            self.pieces = objects.caught(game, laid)
        if not weapon.harmless:
            self.brood = eggs.caught(game, laid, self.level)
        self.phase = "saves"
        if not (self.struck or self.pieces or self.brood):
            return []
        return [self, *template_arc(game, self.shooter, weapon, covered, self.center)]

    def _template_saves(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        """Each model under the template saves with the cover between it and the centre,
        one at a time; the roll to wound follows for those that fail."""
        while self.saving < len(self.struck):
            m = game.model(self.struck[self.saving])
            shooter = game.model(self.shooter)
            seen = origin(catalog_of(game).weapon(self.weapon), shooter, self.center)
            save, failed = template_save(game, shooter, seen, self.level, m, self.sure), True
            if save <= 6:
                rule = save_rule(game, m, save, RULE)
                request = ("D6", "save", rule, m.id)
                self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(save))
                if ask is not None:
                    return ask
                action = None
                failed = self.roll.value < save
                self.roll = None
                saved, left = int(not failed), int(failed)
                game.emit("saved", rule, (m.id,), saved=saved, left=left, need=save)
            if failed:
                self.hurt = (*self.hurt, m.id)
            self.saving += 1
        self.phase = "damage"
        return [self] if self.hurt or self.pieces or self.brood else []

    def at_stake(self, game: AeonsGame, holder: str) -> tuple[Roll, lucky.Harm] | None:
        """The template's one roll to wound, and the Wounds each result causes each model
        hurt (:mod:`.lucky`'s re-rolls, weighed by the heuristic); ``None`` for a save."""
        if self.phase != "damage" or self.roll is None:
            return None
        shooter = game.model(self.shooter)
        weapon = catalog_of(game).weapon(self.weapon)
        wounds = {
            model_id: shot_wound(game, shooter, m, 1, self._bonus(game, m), weapon, DAMAGE)
            for model_id in self.hurt
            for m in (game.model(model_id),)
        }
        return self.roll, lambda roll: {
            model_id: w.caused(game, roll.highest + w.bonus) for model_id, w in wounds.items()
        }

    def _bonus(self, game: AeonsGame, m: AeonsModel) -> int:
        """The Damage the template's hit adds against ``m``."""
        shooter, weapon = game.model(self.shooter), catalog_of(game).weapon(self.weapon)
        return damage_bonus(game, shooter, m, weapon) + criticals_against(game, m, self.critical)

    def _damage(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        shooter = game.model(self.shooter)
        weapon = catalog_of(game).weapon(self.weapon)
        if weapon.ability == spittle.BLINDING:
            return spittle.blind(self.hurt)
        if weapon.ability == worm.EXPECTORATE and self.roll is None:
            worm.coat(game, [game.model(h) for h in self.hurt])
        if weapon.ability == fish_sauce.FISH_SAUCE:
            return fish_sauce.slick(game, shooter, [game.model(h) for h in self.hurt])
        if weapon.harmless:
            for model_id in self.hurt:
                harmless_hit(game, shooter.id, game.model(model_id), weapon)
            return []
        request = ("D6", "to-wound", DAMAGE, shooter.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.below_max)
        if ask is not None:
            return ask
        steps: list[Step] = []
        for model_id in self.hurt:
            m = game.model(model_id)
            wound = shot_wound(game, shooter, m, 1, self._bonus(game, m), weapon, DAMAGE)
            steps += wound.apply(game, m, self.roll.highest + wound.bonus)
        # An object is no target measured for Close Range, nor of a profile, nor Fire Born.
        total = self.roll.highest + wound_bonus(game, shooter, weapon, False) + self.critical
        objects.blasted(game, self.pieces, total, shooter.id)
        eggs.blasted(game, self.brood, total, shooter.id)
        if weapon.has("power"):
            self.phase = "power"
            return [*steps, self]
        return steps

    def _pushes(self, game: AeonsGame, shooter: AeonsModel) -> list[Step]:
        """Power pushes each model the template's hit reached, still on the table, away from
        the firer as any shot's target, each with its own D3: the one roll to wound is the
        template's (notes §6 item 41), a push each model's own (as Strafe's)."""
        hurt = [game.model(model_id) for model_id in self.hurt]
        return [power_push(game, shooter, m) for m in hurt if m.on_table]
