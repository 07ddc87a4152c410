"""Shooting: choosing a target, cover, Rate dice against Dexterity, saves, damage and Power;
where the catalog plays them, each piece of cover beyond the first bettering the cover save
(R:187, :func:`further_cover`), critical hits and Jams (:mod:`.criticals`); and the shooting
skills (R:1036-1167): Accurate (an Action to aim: +1 to hit and no Cover Saves on the next
Shoot Action with a Rate 1D weapon, R:1038), Armour Piercing (+2 AP, R:1050), Crack Shot (+1
to wound, R:1062), Deadeye (Critical Hits from 5s, R:1066), Enemy Cover (left out when a shot
into its combat strikes at random, R:1076), Firearms Enthusiast (1s read as 2s, no Jams,
R:1084), Lightning Fast (no Action to Ready, R:1098), Master Shot (+2" range, no Cover Saves,
the prone 6+ included, R:1104) and Munitions Expert (its Dynamite's 1 a dud, R:1108). A Loader
weapon fires its full Rate only with a friend in base-to-base, else one die (notes §6 item
4), unless its firer is an Action Hero (R:1040). A Firearm Cleaning Kit clears a Jam without
an Action once a game (R:468); a rolled Rate is rolled for each Shoot Action (the Hand
Cannon's 1D3+2, R:1322). A hit no shot brought (an Arc's jump, a Dangerous weapon's 1 with no
template) is a :class:`LoneHit`. A shot at a Byakhee carrying a friend strikes one of the two
at random, under the Byakhee's cover (Transporter, R:639, :mod:`.transporter`). A shot into a
close combat is never drawn onto a model it could not be aimed at, a Ghost (R:116). A model
Hidden from the shooter is no closest enemy it must shoot first (R:177): it is shot only
after a test of its own (R:1089, our reading), so a failed test never turns a shot onto it;
among enemies tied for closest, the shooter's player chooses (notes §6 item 70). A Blast
weapon's Shoot Action may name a point instead of a model (:data:`SHOOT_AT`, judged and
played by :mod:`.templates`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.sight import Sight
from skirmish.geometry.terrain import Cover
from skirmish.rulesets.strange_aeons import (
    banish,
    consume,
    criticals,
    eggs,
    kinesis,
    lucky,
    magazine,
    mobs,
    non_lethal,
    plots,
    predator,
    riding,
    stalker,
    transporter,
)
from skirmish.rulesets.strange_aeons.afflictions import dex_penalty, effects_of, harmless_hit
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog, Profile, Skill, Weapon, base_weapon_id
from skirmish.rulesets.strange_aeons.damage import (
    Carried,
    Wound,
    conductive_bonus,
    is_prone,
    poison_bonus,
)
from skirmish.rulesets.strange_aeons.dice import d3, read_die
from skirmish.rulesets.strange_aeons.extra_gear import RULES, spend, unspent
from skirmish.rulesets.strange_aeons.fire_daemon import (
    FIRE_BORN,
    fire_born,
    hit_need,
    once_a_turn_error,
)
from skirmish.rulesets.strange_aeons.ghosts import is_ghost, untouchable_error
from skirmish.rulesets.strange_aeons.invisibility import unseen, unseen_error
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import (
    frenzy_passes,
    madness,
    mount_holds,
    test_need,
)
from skirmish.rulesets.strange_aeons.push import Push
from skirmish.rulesets.strange_aeons.saves import (
    NO_SAVE,
    combined,
    cover_bonus,
    save_rule,
    skill_saves,
)
from skirmish.rulesets.strange_aeons.saves import RULE as SAVES
from skirmish.rulesets.strange_aeons.skill_actions import hidden_from
from skirmish.rulesets.strange_aeons.space import (
    CLOSEST,
    Placement,
    allegiance,
    contacts,
    foes,
    gap,
    in_contact,
    inches,
    models,
    sees,
    sight,
    tied_closest,
)
from skirmish.rulesets.strange_aeons.terrain import cover_saves, prone_save
from skirmish.rulesets.strange_aeons.whistling_winds import swirl_saves

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Shooting"
ROLLED_RATE = "Shooting: a rolled Rate (R:1322)"
PRIORITY = "Shooting: Choose Target"
TIED = "Shooting: Choose Target, closest enemies tied (notes §6 item 70)"
COVER_PIECES = "Cover Saves: several pieces of cover (R:187)"
COVER = "Cover Saves"
PRONE = "Back To Normal: prone save"
DAMAGE = "Shooting: Damage"
POWER = "Weapon special rules: Power"
INTO_COMBAT = "Shooting into close combat (rules notes item 40)"
THROWN = "thrown"
"""The phase of a shot whose firer his Horse threw at his test to shoot past the closest
enemy: it is spent (R:1121)."""
DUD = "Skills: Munitions Expert (R:1108)"
ENEMY_COVER = "Skills: Enemy Cover (R:1076)"
DYNAMITE = "dynamite"
"""The weapon Munitions Expert acts on (R:1108)."""
MASTER_SHOT_RANGE = 2.0  # R:1104
ARMOUR_PIERCING_AP = 2  # R:1050
CRACK_SHOT_DAMAGE = 1  # R:1062
DEADEYE_CRITICAL = 5  # R:1066: a Critical Hit from a 5 or a 6
ACCURATE = "Skills: Accurate (R:1038)"
LOADER = "Weapon special rules: Loader (R:1041; notes §6 item 4)"
ACCURATE_BONUS = 1
SHOOT_AT = "shoot-at"
"""A Shoot Action of a Blast weapon at a point on the table (R:1226)."""
AT_A_MODEL = ("shoot", "shoot-two")
"""The Shoot Actions taken at a model, with one weapon or two."""
SHOTS = (*AT_A_MODEL, SHOOT_AT)
"""Every Shoot Action."""
POINT_HINT = "the centre of its Blast Template: a point on the table, in range and in sight"


def weapons_for_turn(game: AeonsGame, m: AeonsModel) -> list[Weapon]:
    """The ranged weapons ``m`` may fire now: one, or two fired together, are chosen for the
    whole turn (R:174, R:285)."""
    cat = catalog_of(game)
    chosen = [cat.weapon(w) for mid, w in game.state.turn_weapons if mid == m.id]
    return chosen or cat.ranged_weapons(cat.profile(m.profile))


def shooter_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not Shoot at all now: only a Normal model with a ranged weapon and no
    enemy in base-to-base may, and none in a Mob (R:924)."""
    slung = mobs.shoot_error(game, m)
    if slung is not None:
        return slung
    if not m.normal:
        return f"{m.id} is {m.state_name}: its Actions are Change State or forfeit"
    if not weapons_for_turn(game, m):
        return f"{m.id} carries no ranged weapon"
    foes = contacts(game, m)
    if foes:
        return f"{m.id} is in base-to-base with {foes[0].id}: it may only Charge or forfeit"
    return None


def target_error(game: AeonsGame, m: AeonsModel, target: AeonsModel, weapon: Weapon) -> str | None:
    """Why ``m`` cannot Shoot ``target`` with ``weapon``: it must be an enemy within the
    weapon's range and in sight."""
    if not foes(game, target, m):
        return f"{target.id} is not an enemy of {m.id}"
    unseen = unseen_error(game, m, target)
    unseen = unseen or spared_error(game, target, weapon)
    if unseen is not None:
        return unseen
    d = gap(game, m, target)
    reach = weapon_range(game, m, weapon)
    if d > reach:
        return f'out of range: {reach:g}" {weapon.name}, {target.id} {inches(d)} away'
    if not sees(game, m, target):
        return f"{target.id} is not in sight of {m.id}"
    return None


def spared_error(game: AeonsGame, target: AeonsModel, weapon: Weapon) -> str | None:
    """Why no shot of ``weapon`` is made at ``target``, declared or drawn into a combat: a
    Ghost, unless the weapon Banishes (R:116, notes §6 item 60), or ``None``."""
    return None if banish.may_target(weapon) else untouchable_error(game, target)


def shot_error(game: AeonsGame, m: AeonsModel, target: AeonsModel, weapon_id: str) -> str | None:
    """Why ``m`` cannot Shoot ``target`` with the weapon ``weapon_id`` now, or ``None``."""
    why = weapon_error(game, m, weapon_id)
    return why or target_error(game, m, target, catalog_of(game).weapon(weapon_id))


def weapon_error(game: AeonsGame, m: AeonsModel, weapon_id: str) -> str | None:
    """Why ``m`` cannot fire the weapon ``weapon_id`` now, whatever it aims at, or ``None``."""
    why = shooter_error(game, m)
    if why is not None:
        return why
    cat = catalog_of(game)
    carried = {w.id: w for w in cat.ranged_weapons(cat.profile(m.profile))}
    if weapon_id not in carried:
        return f"{m.id} carries no ranged weapon {weapon_id!r}"
    chosen = weapons_for_turn(game, m)
    if carried[weapon_id] not in chosen:
        return f"{m.id} shoots the {chosen[0].name} this turn: one ranged weapon per turn"
    return fire_error(game, m, carried[weapon_id])


def pair_error(
    game: AeonsGame, m: AeonsModel, target: AeonsModel, first: str, second: str
) -> str | None:
    """Why ``m`` cannot fire the weapons ``first`` and ``second`` together at ``target``
    (R:285): two carried, not two loads or settings of one weapon (R:1222, R:1323), neither
    2-Hand, chosen together for the turn if it has shot."""
    why = shooter_error(game, m)
    if why is not None:
        return why
    cat = catalog_of(game)
    if not cat.scenario.two_weapons:
        return "two weapons are never fired in one Shoot Action in this game"
    carried = {w.id: w for w in cat.ranged_weapons(cat.profile(m.profile))}
    missing = [w for w in (first, second) if w not in carried]
    if missing or first == second:
        return f"{m.id} carries no two ranged weapons {first!r} and {second!r}"
    pair = [carried[first], carried[second]]
    if base_weapon_id(first) == base_weapon_id(second):
        return (
            f"{pair[0].name} and {pair[1].name} are loads or settings of one weapon, and two "
            "weapons fire together (R:1222, R:1323, R:285)"
        )
    heavy = [w.name for w in pair if w.has("two_hand")]
    if heavy:
        return f"the {heavy[0]} is 2-Hand: it is never fired with a second weapon (R:285)"
    chosen = weapons_for_turn(game, m)
    if game.state.turn_weapon(m.id) is not None and sorted((first, second)) != sorted(
        w.id for w in chosen
    ):
        names = " and ".join(w.name for w in chosen)
        return f"{m.id} shoots the {names} this turn: the same weapons all turn"
    for w in pair:
        why = _weapon_error(game, m, target, w)
        if why is not None:
            return why
    return None


def _weapon_error(game: AeonsGame, m: AeonsModel, target: AeonsModel, w: Weapon) -> str | None:
    """Why ``m``'s ``w`` cannot fire at ``target`` now: it cannot fire, or the target is out
    of its reach."""
    return fire_error(game, m, w) or target_error(game, m, target, w)


def fire_error(game: AeonsGame, m: AeonsModel, w: Weapon) -> str | None:
    """Why ``m``'s ``w`` cannot fire now, at any target: a dud, Jammed, not readied, or spent
    (fired this Turn, its shots used, its scenery depleted)."""
    if (m.id, w.id) in game.state.duds:
        return f"the {w.name} of {m.id} is a dud: not used again this game"
    if game.state.is_jammed(m.id, w.id):
        return f"the {w.name} of {m.id} is Jammed: an Action cleans it"
    if not ready_to_fire(game, m, w):
        return f"the {w.name} of {m.id} is a Ready weapon: an Action readies it"
    spent = once_a_turn_error(game, m, w) or magazine.empty_error(game, m, w)
    return spent or kinesis.error(game, m, w)


def shot_options(game: AeonsGame, table: Placement, m: AeonsModel) -> list[Action]:
    """Every (target, weapon) the model may Shoot now: in sight and within range, the shots
    :func:`shot_error` refuses none of (``table`` being the game's placement); and every two
    of those weapons it may fire together (R:285), none 2-Hand."""
    weapons = _firing(game, table, m)
    if not weapons:
        return []
    reaches = [(w, weapon_range(game, m, w)) for w in weapons]  # the same at every target
    found = []
    for e in table.models(game):
        if not foes(game, e, m) or unseen(game, m, e):
            continue
        d = gap(game, m, e)
        ghost = is_ghost(game, e)
        in_range = [w for w, most in reaches if d <= most and (not ghost or banish.may_target(w))]
        if in_range and table.sight(game, m, e).visible:
            found += [Action("shoot", (m.id, e.id, w.id)) for w in in_range]
            found += _pairs(game, m, e, in_range)
    return found


def blast_points(game: AeonsGame, table: Placement, m: AeonsModel) -> list[PointSpec]:
    """A point choice for each Blast weapon ``m`` may fire now: its template aimed at a point
    on the table (R:1226), which :func:`.templates.point_error` judges."""
    # Asked with every model's options: most carry no Blast, so look for one before judging.
    if not any(w.has("blast_template") for w in weapons_for_turn(game, m)):
        return []
    return [
        PointSpec(SHOOT_AT, (m.id, w.id), POINT_HINT)
        for w in _firing(game, table, m)
        if w.has("blast_template")
    ]


def _firing(game: AeonsGame, table: Placement, m: AeonsModel) -> list[Weapon]:
    """The weapons ``m`` may fire now, at whatever it aims (:func:`weapon_error`), none
    while it is not Normal, in close combat or in a Mob."""
    if not m.normal or table.contacts(game, m) or mobs.in_mob(game, m):
        return []
    return [w for w in weapons_for_turn(game, m) if fire_error(game, m, w) is None]


def fired(action: Action) -> tuple[str, ...]:
    """The weapons a Shoot Action fires: those after its model and target, after its model
    alone for a Blast aimed at a point; none for another Action."""
    if action.kind == SHOOT_AT:
        return action.args[1:]
    return action.args[2:] if action.kind in AT_A_MODEL else ()


def _pairs(game: AeonsGame, m: AeonsModel, e: AeonsModel, weapons: list[Weapon]) -> list[Action]:
    """The Shoot Actions of ``m`` firing two of ``weapons`` at ``e``, where the game plays
    two weapons (R:285): none 2-Hand, nor two loads or settings of one weapon (R:1222,
    R:1323)."""
    if not catalog_of(game).scenario.two_weapons:
        return []
    light = [w.id for w in weapons if not w.has("two_hand")]
    pairs = [p for p in combinations(light, 2) if base_weapon_id(p[0]) != base_weapon_id(p[1])]
    return [Action("shoot-two", (m.id, e.id, *p)) for p in pairs]


def ready_to_fire(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> bool:
    """Whether ``weapon`` may fire: a Ready weapon only once an Action has primed it, unless
    its model is Lightning Fast."""
    if not weapon.has("ready") or has_skill(game, m, "lightning_fast"):
        return True
    return game.state.is_readied(m.id, weapon.id)


def aim_options(game: AeonsGame, m: AeonsModel) -> tuple[Action, ...]:
    """The Accurate model's Action to take aim, while it has a Rate 1D weapon and has not
    aimed yet."""
    cat = catalog_of(game)
    if not has_skill(game, m, "accurate") or m.id in game.state.aimed:
        return ()
    if not m.normal or contacts(game, m):
        return ()
    if not any(w.rate == 1 for w in cat.ranged_weapons(cat.profile(m.profile))):
        return ()
    return (Action("aim", (m.id,)),)


def take_aim(game: AeonsGame, m: AeonsModel, weapons: list[Weapon]) -> bool:
    """Whether ``m`` had taken aim for the Shoot Action firing ``weapons``: the aim is spent
    by it, and helps only a Rate 1D weapon."""
    st = game.state
    if m.id not in st.aimed:
        return False
    st.aimed = tuple(a for a in st.aimed if a != m.id)
    if any(w.rate == 1 for w in weapons):
        game.emit("accurate", ACCURATE, (m.id,), bonus=ACCURATE_BONUS)
    return True


def loaded_rate(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> int:
    """The Rate ``m`` fires ``weapon`` at: a rolled Rate rolled (the Hand Cannon's 1D3+2,
    R:1322); a Loader weapon's one die when no friend is in base-to-base with it, an Action
    Hero's in full."""
    if weapon.rate_die:
        face = game.roll("D6", "rate", ROLLED_RATE, m.id).value
        rate = weapon.rate + read_die(weapon.rate_die, face)
        game.emit("rate-rolled", ROLLED_RATE, (m.id,), weapon=weapon.id, rate=rate)
        return rate
    if not weapon.has("loader") or has_skill(game, m, "action_hero"):
        return weapon.rate
    if any(not foes(game, f, m) and f is not m and in_contact(m, f) for f in models(game)):
        return weapon.rate
    game.emit("unloaded", LOADER, (m.id,), weapon=weapon.id)
    return 1


def has_skill(game: AeonsGame, m: AeonsModel, skill: Skill) -> bool:
    """Whether ``m``'s profile has ``skill``."""
    return catalog_of(game).profile(m.profile).has(skill)


def weapon_range(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> float:
    """How far ``m`` shoots with ``weapon``: its Range, 2" more for a Master Shot, never
    beyond a Dark Night's reach (R:931); a Spray Template's length (notes §6 item 11)."""
    cat = catalog_of(game)
    reach = _range(cat, cat.profile(m.profile), weapon)
    return reach if weapon.has("spray_template") else min(reach, plots.shot_limit(game))


def longest_range(game: AeonsGame, m: AeonsModel) -> float:
    """The farthest ``m`` shoots with any ranged weapon it carries, a Dark Night aside
    (:func:`weapon_range`; none without one): kept by the catalog per profile."""
    cat = catalog_of(game)
    found = cat.ranges.get(m.profile)
    if found is None:
        prof = cat.profile(m.profile)
        shots = (_range(cat, prof, w) for w in cat.ranged_weapons(prof))
        found = cat.ranges[m.profile] = max(shots, default=0.0)
    return found


def _range(cat: Catalog, prof: Profile, weapon: Weapon) -> float:
    """:func:`weapon_range` but a Dark Night's."""
    if weapon.has("spray_template"):
        short, long = cat.scenario.spray_length
        return short if weapon.template == "S" else long
    return weapon.range + (MASTER_SHOT_RANGE if prof.has("master_shot") else 0.0)


def shot_ap(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> int:
    """The AP of ``m``'s shots with ``weapon``: 2 more with Armour Piercing."""
    return weapon.ap + (ARMOUR_PIERCING_AP if has_skill(game, m, "armour_piercing") else 0)


def closest_threats(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The closest enemies within 5" and in sight that are not in close combat; these must be
    shot first unless a Resolve test is passed. A model Hidden from ``m`` is none: it is shot
    only after a test of its own (R:1089), so no failed test turns a shot onto it."""
    reach = catalog_of(game).scenario.target_priority_range
    near = [
        e
        for e in models(game)
        if foes(game, e, m)
        and not unseen(game, m, e)
        and not is_ghost(game, e)
        and not hidden_from(game, m, e)
        and not contacts(game, e)
        and gap(game, m, e) <= reach
        and sees(game, m, e)
    ]
    return tied_closest(game, m, near)


def combat_of(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """``m`` and every model of its close combat: all those joined to it by base-to-base
    contact with an enemy, friends included (rules notes item 40)."""
    group = [m]
    for fighter in group:  # the list grows while it is read
        group.extend(o for o in contacts(game, fighter) if o not in group)
    return group


def drawn_into(game: AeonsGame, fighters: list[AeonsModel]) -> list[AeonsModel]:
    """The models of a close combat (``fighters``) a shot into it may strike, one drawn at
    random (rules notes item 40): Enemy Cover keeps a model out of the draw, but when all
    have it none is left out (R:1076)."""
    drawn = [f for f in fighters if not has_skill(game, f, "enemy_cover")]
    return drawn if drawn else fighters


def needs_priority_test(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> bool:
    """Whether shooting ``target`` first needs a passed Resolve test."""
    return owes_priority_test(closest_threats(game, m), (target,))


def owes_priority_test(closest: Collection[AeonsModel], struck: Iterable[AeonsModel]) -> bool:
    """Whether a shot that would strike ``struck`` (its target, or those under its Blast) owes
    the test to shoot past the ``closest`` enemies: there are some, and it strikes none
    (R:177)."""
    ids = {c.id for c in closest}
    return bool(ids) and not any(s.id in ids for s in struck)


def save_against(
    game: AeonsGame,
    shooter: AeonsModel,
    target: AeonsModel,
    sure: bool = False,
    seen: AeonsModel | None = None,
) -> tuple[Cover, int, str]:
    """The cover the target has from the shooter, the save it gets and the rule that save
    cites: the better of its cover's and, prone, 6+ (as the introduction plays them; 5+ in
    heavy snow), combined with the saves of the terrain it stands in and of its skills
    (:mod:`.terrain`, :mod:`.saves`); a Master Shot's target has no Cover Saves, the prone
    one and the terrain's included. The save cites Cover Saves where cover gives it a part,
    else the saves' own rule (R:149, R:188). The cover is that of ``seen`` when given: the
    Byakhee carrying the target (R:639)."""
    view = sight(game, shooter, seen or target)
    covers = _cover_part(game, shooter, target, view.cover, sure, further_cover(game, view))
    save = combined([*covers, *skill_saves(game, target, "shooting")])
    return view.cover, save, COVER if covers else SAVES


def critical_face(game: AeonsGame, shooter: AeonsModel) -> int:
    """The lowest to-hit face that starts a Critical Hit of ``shooter``'s shot: a 6, or
    Deadeye's 5 (R:248, R:1066)."""
    return DEADEYE_CRITICAL if has_skill(game, shooter, "deadeye") else 6


def further_cover(game: AeonsGame, view: Sight) -> int:
    """How much better the cover save of a shot seen as ``view`` is for the pieces of cover
    beyond the first (R:187): the catalog's ``further_cover`` for each. A piece of cover is a
    terrain piece that blocks a ray of the shot and can grant cover; a Smoke Canister's cloud
    is no terrain piece. The best cover granted is the shot's, graded from all the rays."""
    if view.cover == Cover.NONE:
        return 0
    board = game.board
    pieces = sum(1 for p in view.pieces if board.piece(p).cover > Cover.NONE)
    return max(0, pieces - 1) * catalog_of(game).scenario.further_cover


def cover_denied(game: AeonsGame, shooter: AeonsModel, sure: bool) -> bool:
    """Whether ``shooter``'s shot leaves its target no Cover Saves: an Accurate shot
    (``sure``, R:1038) or a Master Shot's (R:1104)."""
    return sure or has_skill(game, shooter, "master_shot")


def cover_save(
    game: AeonsGame,
    shooter: AeonsModel,
    target: AeonsModel,
    cover: Cover,
    sure: bool = False,
    further: int = 0,
) -> int:
    """The save of ``target`` against a shot with ``cover``, as :func:`save_against` reads it:
    its Cover Saves (:func:`_cover_part`) combined with its skills' saves."""
    covers = _cover_part(game, shooter, target, cover, sure, further)
    return combined([*covers, *skill_saves(game, target, "shooting")])


def _cover_part(
    game: AeonsGame,
    shooter: AeonsModel,
    target: AeonsModel,
    cover: Cover,
    sure: bool,
    further: int,
) -> list[int]:
    """The Cover Saves of ``target`` against a shot with ``cover`` (``further`` better for
    the pieces of cover beyond the first, :func:`further_cover`; Duck adds 1 to every Cover
    Save, R:1073: the cover's, the prone 6+, R:141, the terrain's it stands in and its own);
    none against an Accurate shot (``sure``) or a Master Shot's."""
    cat = catalog_of(game)
    save = NO_SAVE
    if cover > Cover.NONE:
        save = cat.cover_saves[cover - 1] - further
    if is_prone(target):
        save = min(save, prone_save(game, target) or cat.scenario.prone_save)
    prof = cat.profile(target.profile)
    # A cover save of its own (Elusive, R:586; swirling winds, R:536) is cover: the better
    # one counts.
    own = [s for a, s in cat.scenario.cover_saves_of.items() if prof.can(a)]
    save = min([save, *own, *swirl_saves(game, target)])
    found = [save, *cover_saves(game, target)]
    if cover_denied(game, shooter, sure):
        found = [NO_SAVE]
    bonus = cover_bonus(game, target)
    return [s - bonus for s in found if s < NO_SAVE]


def damage_bonus(game: AeonsGame, shooter: AeonsModel, target: AeonsModel, weapon: Weapon) -> int:
    """What a hit on the model ``target`` adds to its roll to wound: :func:`wound_bonus`, with
    Close Range when ``target`` is within 6", and what the weapon adds against the target's
    profile (Silver Bullets, R:1252)."""
    near = close_range(game, shooter, target, weapon)
    against = catalog_of(game).profile(target.profile).kind in weapon.bonus_against
    return wound_bonus(game, shooter, weapon, near) + weapon.against_bonus * against


def wound_bonus(game: AeonsGame, shooter: AeonsModel, weapon: Weapon, near: bool) -> int:
    """What a hit of ``shooter``'s ``weapon`` adds to its roll to wound whatever it strikes, a
    model, an egg or an object: the weapon's Damage, +1 at Close Range when ``near`` (notes §6
    item 20), +1 for a Crack Shot (R:1062)."""
    crack = CRACK_SHOT_DAMAGE if has_skill(game, shooter, "crack_shot") else 0
    return weapon.damage + (1 if near else 0) + crack


def close_range(game: AeonsGame, shooter: AeonsModel, target: AeonsModel, weapon: Weapon) -> bool:
    """Whether ``weapon``'s +1 Damage within 6" acts on this shot (Close Range, the
    introduction's Blast; notes §6 item 20)."""
    reach = catalog_of(game).scenario.blast_range
    near = transporter.carrier_of(game, target) or target  # a passenger is where it is carried
    return weapon.has("blast") and gap(game, shooter, near) <= reach


def close_range_said(
    game: AeonsGame, shooter: AeonsModel, target: AeonsModel, weapon: Weapon
) -> bool:
    """:func:`close_range`, which the log says when it acts."""
    if not close_range(game, shooter, target, weapon):
        return False
    scenario = catalog_of(game).scenario
    name, reach = scenario.close_range_name, scenario.blast_range
    game.emit("blast", f"Weapon special rules: {name}", (target.id,), name=name, reach=reach)
    return True


def shot_wound(
    game: AeonsGame,
    shooter: AeonsModel,
    target: AeonsModel,
    dice: int,
    bonus: int,
    weapon: Weapon,
    cite: str = DAMAGE,
) -> Wound:
    """The roll to wound of ``dice`` hits of ``shooter``'s ``weapon`` on ``target``, with
    ``bonus`` Damage: its AP (Armour Piercing's too), Poison, Stun and the states it leaves
    (:mod:`.afflictions`)."""
    ap, poison = shot_ap(game, shooter, weapon), poison_bonus(game, weapon)
    stun, effects = weapon.has("stun"), effects_of(weapon)
    bonus += conductive_bonus(game, weapon, target)
    carried = Carried(poison=poison, stun=stun, effects=effects)
    return Wound(shooter.id, target.id, dice, bonus, cite, ap=ap, carried=carried)


@dataclass(slots=True, eq=False)
class LoneHit(Step):
    """One hit of ``shooter``'s ``weapon`` on ``target`` that no shot brought (an Arc's jump,
    R:1224; a Dangerous weapon's 1, notes §6 item 4; a Scream's victim on itself, R:720): no
    cover stands between, so the target saves with the rest of its saves (prone, terrain,
    skills), then rolls to wound with ``dice`` dice (one but the Scream's) and the weapon's
    Damage."""

    shooter: str
    target: str
    weapon: str
    cite: str
    roll: Roll | None = None
    dice: int = 1

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        shooter, target = game.model(self.shooter), game.model(self.target)
        if target.removed is not None:
            return []
        save = cover_save(game, shooter, target, Cover.NONE)
        if save <= 6:
            rule = save_rule(game, target, save, self.cite)
            request = ("D6", "save", rule, target.id)
            self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(save))
            if ask is not None:
                return ask
            saved = int(self.roll.value >= save)
            game.emit("saved", rule, (target.id,), saved=saved, left=1 - saved, need=save)
            if saved:
                return []
        weapon = catalog_of(game).weapon(self.weapon)
        bonus = damage_bonus(game, shooter, target, weapon)
        return [shot_wound(game, shooter, target, self.dice, bonus, weapon, self.cite)]


@dataclass(slots=True, eq=False)
class Shoot(Step):
    """One Shoot Action, from choosing the target to the Power push."""

    rule = RULE
    shooter: str
    target: str
    weapon: str
    phase: str = "priority"
    roll: Roll | None = None
    save: int = 7
    save_cite: str = COVER
    """The rule the save cites: Cover Saves where cover gives it a part (:func:`save_against`)."""
    hits: int = 0
    need: int = 0
    critical: int = 0
    dice: int = 0
    """To-hit dice: the weapon's Rate, unless an Alert shot's one (R:245)."""
    penalty: int = 0
    """Added to the Dexterity the to-hit dice need (an Ambush shot's +1, R:1042)."""
    sure: bool = False
    """An Accurate shot: +1 to hit, no Cover Saves (R:1038)."""
    egg: str = ""
    """The Leng Spider's egg the shot fell on, randomized from its target's (R:596)."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered; an enemy not tied for closest."""
        if action.kind == CLOSEST and len(action.args) == 2:
            return f"{action.args[1]} is not one of the enemies tied closest to {self.shooter}"
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        shooter = game.model(self.shooter)
        if self.phase == "priority":
            ask = self._priority(game, shooter, action)
            if isinstance(ask, Decision):
                return ask
            if self.phase == THROWN:
                return ask or []
            action = None
            self.phase = "into-combat"
            if ask:
                return [self, *ask]
        return self.resolve(game, shooter, action)

    def resolve(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        """The shot once its target is chosen: to hit, saves, damage and Power."""
        target = game.model(self.target)
        if self.phase == "into-combat":
            seen = self._into_combat(game, target)
            target = self._carried(game, seen)
            self.egg = self._on_egg(game, target)
            cover, self.save, self.save_cite = save_against(game, shooter, target, self.sure, seen)
            further = further_cover(game, sight(game, shooter, seen))
            if further and not cover_denied(game, shooter, self.sure):
                game.emit("cover-pieces", COVER_PIECES, (target.id,), bonus=further)
            game.emit(
                "shot",
                RULE,
                (shooter.id, target.id),
                weapon=self.weapon,
                cover=cover.name.lower(),
                save=self.save,
            )
            self.phase = "to-hit"
        if self.phase == "to-hit":
            return self._to_hit(game, shooter, action)
        if self.phase == "saves":
            return self._saves(game, target, action)
        return self._power(game, shooter, target)

    def _priority(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step] | None:
        """The test to shoot past the closest enemy, if one is owed: a failure turns the shot
        on the closest, and the steps a Madman's failure brings come after the shot; a rider
        his Horse throws, testing beside him, fires no more (R:1121, the phase :data:`THROWN`),
        as when it fails its own test before a shot from the saddle. Enemies tied for closest
        are the shooter's player's to choose among (notes §6 item 70)."""
        state = game.state
        if state.turn_weapon(shooter.id) is None:
            state.turn_weapons = (*state.turn_weapons, (shooter.id, self.weapon))
        if action is not None and action.kind == CLOSEST:
            return self._retarget(game, shooter, action.args[1], TIED)
        if self.roll is None:
            if not self.owes_test(game, shooter):
                return None
            if frenzy_passes(game, shooter, test=PRIORITY):
                self._mounted(game, shooter)
                return None
            self.need = test_need(game, shooter)
        request = ("D6", "resolve", PRIORITY, shooter.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.need))
        if ask is not None:
            return ask
        self.roll = plots.retest(game, shooter, self.roll, self.need)
        passed = self.roll.value >= self.need
        game.emit("priority-test", PRIORITY, (shooter.id,), need=self.need, passed=passed)
        self._mounted(game, shooter)
        self.roll = None
        if passed:
            return None
        tied = closest_threats(game, shooter)
        if len(tied) == 1 or self.phase == THROWN:
            return self._retarget(game, shooter, tied[0].id, PRIORITY)
        options = tuple(Action(CLOSEST, (shooter.id, e.id)) for e in tied)
        prompt = f"{shooter.name} must shoot the closest enemy: choose one of those tied"
        return Decision(allegiance(game, shooter), CLOSEST, prompt, options)

    def owes_test(self, game: AeonsGame, shooter: AeonsModel) -> bool:
        """Whether the shot needs a passed test to shoot past the closest enemy."""
        return needs_priority_test(game, shooter, game.model(self.target))

    def _retarget(
        self, game: AeonsGame, shooter: AeonsModel, closest: str, rule: str
    ) -> list[Step]:
        """The shot turned on the ``closest`` enemy after a failed test; the steps a
        Madman's failure brings, to come after the shot."""
        self.target = closest
        game.emit("retarget", rule, (shooter.id, closest))
        return madness(game, shooter, False)

    def _mounted(self, game: AeonsGame, shooter: AeonsModel) -> None:
        """The Horse's roll beside its rider's test to shoot past the closest enemy: the shot
        is spent when it throws him (R:1121)."""
        if not mount_holds(game, shooter, PRIORITY):
            self.phase = THROWN

    def _into_combat(self, game: AeonsGame, target: AeonsModel) -> AeonsModel:
        weapon = catalog_of(game).weapon(self.weapon)
        fighters = [f for f in combat_of(game, target) if not spared_error(game, f, weapon)]
        if len(fighters) == 1:
            return target
        drawn = drawn_into(game, fighters)
        if len(drawn) < len(fighters):
            game.emit("enemy-cover", ENEMY_COVER, tuple(f.id for f in fighters if f not in drawn))
        fighters = drawn
        chosen = fighters[random_index(game, len(fighters), self.shooter)]
        self.target = chosen.id
        game.emit("random-target", INTO_COMBAT, (chosen.id,))
        return chosen

    def _on_egg(self, game: AeonsGame, target: AeonsModel) -> str:
        """The egg the shot falls on, randomized between ``target`` and the eggs it touches
        (R:596); none when it falls on ``target``."""
        near = eggs.touching(game, target)
        if not near:
            return ""
        pick = random_index(game, len(near) + 1, self.shooter, eggs.RULE)
        if not pick:
            game.emit("egg-spared", eggs.RULE, (target.id,))
            return ""
        game.emit("egg-randomized", eggs.RULE, (target.id,), egg=near[pick - 1].id)
        return near[pick - 1].id

    def _carried(self, game: AeonsGame, target: AeonsModel) -> AeonsModel:
        """A shot at a Byakhee carrying a friend strikes one of the two at random (R:639)."""
        passenger = transporter.passenger_of(game, target)
        if passenger is None:
            return target
        struck = (target, passenger)[random_index(game, 2, self.shooter, transporter.RULE)]
        self.target = struck.id
        game.emit("carried-struck", transporter.RULE, (target.id, struck.id))
        return struck

    def _to_hit(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        cat = catalog_of(game)
        # A Blast aimed at a point has no target model to make it harder or easier to hit.
        target = game.model(self.target) if self.target else None
        if self.roll is None:
            self.penalty += predator.penalty(game, target) if target else 0
            self.penalty += riding.penalty(game, shooter)
            self.penalty -= stalker.aim(game, shooter, target) if target else 0
        dex = cat.profile(shooter.profile).dex + self.penalty - ACCURATE_BONUS * self.sure
        dex += dex_penalty(game, shooter)
        if self.roll is None and target and fire_born(game, target):
            game.emit("fire-born", FIRE_BORN, (target.id,))
        dex = hit_need(game, dex, target) if target else dex
        weapon = cat.weapon(self.weapon)
        if weapon.has("ready") and self.roll is None:
            state = game.state
            state.readied = tuple(r for r in state.readied if r != (shooter.id, weapon.id))
        rate = self.dice or weapon.rate
        if self.roll is None and not self.dice:
            rate = loaded_rate(game, shooter, weapon)
        request = (f"{rate}D6", "to-hit", RULE, shooter.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(dex))
        if ask is not None:
            return ask
        if target:
            self.roll = non_lethal.read(game, self.roll, shooter, target)
        enthusiast = has_skill(game, shooter, "firearms_enthusiast") and not weapon.has("dangerous")
        hits = tuple(f for f in self.roll.faces if max(f, 1 + enthusiast) >= dex)
        self.hits = len(hits)
        game.emit("hits", RULE, (shooter.id,), hits=self.hits, need=dex)
        # None against a Fire Born target; a template's counts for the others under it.
        if self.hits and (weapon.template is not None or not (target and fire_born(game, target))):
            lowest = critical_face(game, shooter)
            self.critical = criticals.critical_hit(game, hits, shooter.id, lowest)
        if not enthusiast and criticals.jams(game, self.roll, shooter.id):
            jam(game, shooter, self.weapon)
        faces = self.roll.faces
        self.roll = None
        return self.landed(game, faces)

    def landed(self, game: AeonsGame, faces: tuple[int, ...]) -> list[Step]:
        """What follows the to-hit ``faces``: the saves of the hits, if any."""
        if self.hits == 0:
            return []
        self.phase = "saves" if self.save <= 6 and not self.egg else "damage"
        return [self]

    def _saves(
        self, game: AeonsGame, target: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        rule = save_rule(game, target, self.save, self.save_cite)
        request = (f"{self.hits}D6", "save", rule, target.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.save))
        if ask is not None:
            return ask
        saved = sum(1 for f in self.roll.faces if f >= self.save)
        self.hits -= saved
        game.emit("saved", rule, (target.id,), saved=saved, left=self.hits)
        self.roll = None
        self.phase = "damage"
        return [self] if self.hits else []

    def _power(self, game: AeonsGame, shooter: AeonsModel, target: AeonsModel) -> list[Step]:
        weapon = catalog_of(game).weapon(self.weapon)
        if self.phase == "damage" and self.egg:
            # An egg has no save, and no Power pushes it (R:596); Close Range is the model's
            # the shot was aimed at, which the egg touches.
            if not weapon.harmless:
                near = close_range_said(game, shooter, target, weapon)
                bonus = wound_bonus(game, shooter, weapon, near) + self.critical
                eggs.shot(game, shooter, self.egg, self.hits, bonus)
            return []
        if self.phase == "damage" and consume.drags(weapon):
            self.phase = "power"
            return consume.drag(game, shooter, target)
        if self.phase == "damage" and weapon.harmless:
            self.phase = "power"
            harmless_hit(game, shooter.id, target, weapon)
            banish.hit(game, target, weapon)
            return [self]
        if self.phase == "damage":
            self.phase = "power"
            bonus = damage_bonus(game, shooter, target, weapon) + self.critical
            close_range_said(game, shooter, target, weapon)
            return [shot_wound(game, shooter, target, self.hits, bonus, weapon), self]
        if weapon.has("power") and target.on_table:
            return [power_push(game, shooter, target)]
        return []


def power_push(game: AeonsGame, shooter: AeonsModel, struck: AeonsModel) -> Push:
    """Power: ``struck``, hit by ``shooter`` and still on the table, is pushed 1D3" directly
    away from the firer (notes §3.10, §6 item 20), its own D3 rolled."""
    push = d3(game.roll("D6", "power", POWER, shooter.id).value)
    return Push(struck.id, shooter.x, shooter.y, float(push), POWER, shooter.id)


def random_index(game: AeonsGame, count: int, who: str, cite: str = INTO_COMBAT) -> int:
    """One of ``count`` models at random, read from D6s (the game uses no other die): 1-3 or
    4-6 for two, the D3 for three, faces past the last whole share rolled again; beyond six,
    one D6 more for each power of six, read as the digits of a number (so two D6 for up to
    36); the one model there is when ``count`` is 1."""
    if count == 1:
        return 0
    digits, span = 1, 6
    while span < count:
        digits, span = digits + 1, span * 6
    share = span // count
    while True:
        value = 0
        for _ in range(digits):
            value = value * 6 + game.roll("D6", "random-target", cite, who).value - 1
        if value < share * count:
            return value // share


def jam(game: AeonsGame, shooter: AeonsModel, weapon: str) -> None:
    """``shooter``'s ``weapon`` Jams (R:249), unless its Firearm Cleaning Kit, unused, clears
    it at once without an Action (R:468): spent at the first Jam, since every Jam costs the
    same Action to clean. A Kinesis shot Jams nothing: its scenery is depleted (R:730)."""
    if kinesis.flung(game, weapon):
        kinesis.deplete(game, shooter)
        return
    game.emit("jammed", criticals.RULE, (shooter.id,), weapon=weapon)
    if unspent(game, shooter, "firearm_cleaning_kit"):
        spend(game, shooter, "firearm_cleaning_kit")
        game.emit("cleaning-kit", RULES["firearm_cleaning_kit"], (shooter.id,), weapon=weapon)
        return
    state = game.state
    state.jammed = (*state.jammed, (shooter.id, weapon))
