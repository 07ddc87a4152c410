"""The turn: combats still in a Draw, nominations with Command, and two Actions per model;
and why an Action, a nomination or an activation is not allowed now."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import (
    afflictions,
    animals,
    back_up,
    bait,
    bite,
    blessed,
    cocoon,
    detonator,
    eggs,
    elder_thing,
    engulf,
    gaze,
    gibber,
    grip,
    hive_mind,
    howl,
    icy_touch,
    jet_pack,
    lost_soul,
    lucky,
    mesmerize,
    mind_transfer,
    mobs,
    neural_shock,
    objectives,
    pentacles,
    phobias,
    plots,
    possession,
    predator,
    puppets,
    purifying,
    riding,
    salt,
    saltes,
    scene,
    sermon,
    serum,
    shoggoth,
    skill_actions,
    snatch,
    spittle,
    stalker,
    stomp,
    summoning,
    swallow,
    templates,
    tokens,
    transporter,
    trap,
    wards,
    whistling_winds,
    worm,
)
from skirmish.rulesets.strange_aeons.alert import AlertShots, alerts
from skirmish.rulesets.strange_aeons.banish import Returns
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.breaking import BREAK_HINT, leave, may_break
from skirmish.rulesets.strange_aeons.catalog import Ability, Weapon
from skirmish.rulesets.strange_aeons.combat import DRAW
from skirmish.rulesets.strange_aeons.damage import (
    RAVENOUS,
    can_fight,
    owed_actions,
    remove_helpless,
    unseat,
    wear_off,
)
from skirmish.rulesets.strange_aeons.evil_eye import EvilEye, evil_eye_error, evil_eye_targets
from skirmish.rulesets.strange_aeons.hunger import Hungers
from skirmish.rulesets.strange_aeons.invisibility import unveil
from skirmish.rulesets.strange_aeons.jumping import FREE_GAP, Jump, jump_error, jump_spots
from skirmish.rulesets.strange_aeons.mating import Mates
from skirmish.rulesets.strange_aeons.mind_transfer import TRANSFER
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, FACE_UP, NORMAL, AeonsModel
from skirmish.rulesets.strange_aeons.movement import (
    Charge,
    Climb,
    MoveTo,
    allowance,
    charge_error,
    charge_targets,
    climb_error,
    climb_options,
    ladder_reach,
    move_allowance,
    move_error,
)
from skirmish.rulesets.strange_aeons.neural_shock import SHOCK
from skirmish.rulesets.strange_aeons.objects import Smash, smash_error, smash_options
from skirmish.rulesets.strange_aeons.offers import offered
from skirmish.rulesets.strange_aeons.psychology import (
    Engage,
    PsychologyCheck,
    ResolveTest,
    round_after_tests,
)
from skirmish.rulesets.strange_aeons.rage import deadly_rage, rage_error
from skirmish.rulesets.strange_aeons.shoggoth import Assimilations
from skirmish.rulesets.strange_aeons.shooting import (
    ACCURATE,
    AT_A_MODEL,
    SHOOT_AT,
    blast_points,
    fired,
    longest_range,
    pair_error,
    ready_to_fire,
    shot_error,
    shot_options,
    take_aim,
)
from skirmish.rulesets.strange_aeons.space import (
    Options,
    Placement,
    allegiance,
    contacts,
    gap,
    in_contact,
    inches,
    master_of,
    models,
    placement,
    rough_penalty,
)
from skirmish.rulesets.strange_aeons.spittle import unseeing
from skirmish.rulesets.strange_aeons.stalker import Stalk
from skirmish.rulesets.strange_aeons.tide import Tides
from skirmish.rulesets.strange_aeons.transmogrify import Shifts
from skirmish.rulesets.strange_aeons.two_weapons import PairShot
from skirmish.rulesets.strange_aeons.upkeep import Upkeep
from skirmish.rulesets.strange_aeons.wriggle import Wriggle

if TYPE_CHECKING:
    from collections.abc import Callable

    from skirmish.rulesets.strange_aeons.state import AeonsGame

TURNS = "Turns"
NOMINATION = "Turns: nomination"
COMMAND = "Skills: Command"
LIEUTENANT = "Skills: Lieutenant"
SMART = "Skills: Smart"
ACTIONS = "Actions"
CHANGE_STATE = "Change State Actions"
PASS = "Actions: forfeit (rules notes item 31)"
STUMBLING = ("move", "charge", "climb", "jump", "drag")
"""The Actions a Dark Night may make a Human forfeit (R:931): every Move Action, a Charge
being one (R:131), a climb taken with one (R:170), a jump (the model Moves across the gap,
R:271) and a marker dragged along (a Move at -2 Movement, R:1629), whoever orders it (a
Compelled Move, R:645) and whatever moves (a Mob's template, R:921). A Jet Pack's flight
places the model, after an Action of its own that readies it (R:1332): no Move."""
ROUND_LIMIT = "Round limit (safeguard)"
JAM = "Critical Hits and Misses: cleaning a Jam"
READY = "Weapon special rules: Ready (rules notes items 4, 57)"
HEROIC = "Skills: Heroic (R:505, rules notes item 6)"
JUMP_UP = "Skills: Jump Up (R:1095)"
YAWP = "Skills: Barbaric Yawp (R:1053)"
TEAM_PLAYER = "Skills: Team Player (R:1155, rules notes item 55)"
TEAM_RANGE = 5.0
YAWP_RANGE = 15.0
YAWP_EXTRA = 1
LEAD_RULES = {"Command": COMMAND, "Lieutenant": LIEUTENANT, hive_mind.NAME: hive_mind.RULE}
"""The rule a nomination by another model cites, by how that model nominates."""
IMPROVED_COMMAND_EXTRA = 3
"""Improved Command: a Command model nominates three more, not two (R:1091)."""
STUPID = "Stupid (R:892, rules notes item 4)"
TENACIOUS = 3
"""The Actions a Turn of a model with Tenacity (R:897)."""
QUEEN = "R:617"
LIMITED: dict[Ability, str] = {
    "pack_leader": "R:632",
    "brood_mother": "R:596",
    "dark_spawn": "R:645",
}
"""The lines of the profiles' own rules that limit their Command to profiles (the Werewolf's
Pack Leader, the Leng Spider's Brood Mother, the Dark Puppeteer's Dark Spawn); else it is the
Queen's upgrade."""


@dataclass(slots=True, eq=False)
class GameLoop(Step):
    """Turns alternate, the first player's first, until one side has no models left."""

    rule = TURNS

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        limit = catalog_of(game).scenario.round_limit
        if st.turn % 2 == 0 and st.round >= limit:
            objectives.end(game, None, f"round limit of {limit} reached", ROUND_LIMIT)
            return []
        if st.turn == 0 and stalker.hunters(game):
            return [Stalk(), self]
        st.turn += 1
        if st.turn % 2 == 1:
            st.round += 1
        st.active = st.first if st.turn % 2 == 1 else 1 - st.first
        st.before = st.nominated
        # Surly's Fear lasts until the start of its side's next turn (R:1149).
        st.surly = tuple(mid for mid in st.surly if game.model(mid).side != st.active)
        whistling_winds.calm(game)
        grip.loosen(game)
        spittle.recover(game)
        icy_touch.fade(game)
        possession.expire(game)
        shoggoth.wear_off(game)
        st.nominated = st.acted = st.frenzied = st.turn_weapons = st.alert_shots = st.fed = ()
        st.moved = st.strides = ()
        st.normal_at_start = tuple(m.id for m in models(game) if m.normal)
        st.teams = _teams(game)
        game.emit("turn", TURNS, (), round=st.round, side=st.active)
        return [
            Returns(),
            JumpUp(),
            ResolveCombats(),
            Upkeep(),
            Nominate(),
            Activations(),
            EndTurn(),
            self,
        ]


@dataclass(slots=True, eq=False)
class JumpUp(Step):
    """At the start of its side's turn, before the combats, a Jump Up model not Normal may
    take a free Change State (R:1095), one model at a time, each once, a member riding on its
    Mob's template too (:func:`.mobs.with_riders`). The combats fought next are its round of
    close combat, so none follows the change here. It is an Action like any other: a Hidden
    model is Hidden no more (R:1089), and the Alert shots at it follow (R:245)."""

    rule = JUMP_UP
    asked: tuple[str, ...] = ()

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None and action.kind == "jump-up":
            m = game.model(action.args[0])
            self.asked = (*self.asked, m.id)
            skill_actions.reveal(game, m)
            rise(game, m, JUMP_UP)
            return [PsychologyCheck(), *_alerted(game, m), self]
        if action is not None:
            self.asked = (*self.asked, *action.args)
        cat = catalog_of(game)
        waiting = [
            m
            for m in mobs.with_riders(game)
            if m.side == game.state.active
            and not m.normal
            and m.id not in self.asked
            and cat.profile(m.profile).has("jump_up")
        ]
        if not waiting:
            return []
        m = waiting[0]
        return Decision(
            m.side,
            "jump-up",
            f"{m.name} ({m.id}) may Jump Up: a free Change State before the combats",
            (Action("jump-up", (m.id,)), Action("stay", (m.id,))),
        )


def _teams(game: AeonsGame) -> tuple[tuple[str, str], ...]:
    """(Team Player, Command model) pairs of the active side within 5" as the turn begins."""
    cat, side = catalog_of(game), game.state.active
    mine = [m for m in models(game) if m.side == side]
    players = [m for m in mine if cat.profile(m.profile).has("team_player")]
    if not players:
        return ()
    leaders = [m for m in mine if cat.profile(m.profile).has("command")]
    return tuple(
        (p.id, c.id)
        for p in players
        for c in leaders
        if c.id != p.id and gap(game, p, c) <= TEAM_RANGE
    )


@dataclass(slots=True, eq=False)
class EndTurn(Step):
    """Effects that last for the turn end with it (Frenzy's double Attacks, the Morphine of a
    model whose side's next Turn it was, R:478), and Chills that last until it
    (:mod:`.afflictions`)."""

    rule = TURNS

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        game.state.frenzied = ()
        animals.returned(game)
        afflictions.thaw(game)
        settled = [Hungers(), Shifts(), PsychologyCheck()] if wear_off(game) else []
        return [*summoning.arrivals(game), *settled]


class _Owing(Protocol):
    """A step of :data:`OWED`: made with nothing, and asked whether it owes anything."""

    def __call__(self) -> Step: ...

    def due(self, game: AeonsGame) -> bool: ...


OWED: tuple[_Owing, ...] = (Hungers, Mates, worm.Spawns, Assimilations, Shifts)
"""What an Action, a combat or a removal may leave owed before the psychology tests, in the
order it is settled: the Infectious Hunger's feasts, the mate's roll, the Worm's Grubs
(R:557), the Shoggoth's Skills, the Wolfmen's Transmogrify tests."""


@dataclass(slots=True, eq=False)
class Owed(Step):
    """What an Action, a combat or a removal leaves owed, in the order it is settled: those of
    :data:`OWED` from ``after`` on, then the psychology tests (R:204), then a Spider Tide
    (R:596). A step of :data:`OWED` is put on the stack only when it owes something, this one
    after it for the rest: after nearly every Action none does, and the stack runs three
    steps, not seven."""

    rule = TURNS
    after: int = 0

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        for i in range(self.after, len(OWED)):
            if OWED[i].due(game):
                return [OWED[i](), Owed(i + 1)]
        return [PsychologyCheck(), Tides()]


@dataclass(slots=True, eq=False)
class ResolveCombats(Step):
    """At the start of each turn, before nominations, every combat still in base-to-base is
    fought. Face Down models engaged in one are removed first, and the friends who saw it
    test at once; the tests owed are taken before each round, as before a Charge's (a Hideous
    enemy in base-to-base, R:119). Against several opponents a player picks the one model that
    fights and gets the bonus Attacks; each model fights at most once in this phase."""

    rule = DRAW
    fought: tuple[str, ...] = ()
    chosen: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            if not self.chosen:
                self.chosen = action.args[0]
            else:
                return self._fight(self.chosen, action.args[0])
        if not self.chosen:
            if _remove_helpless(game):
                # Friends who saw a model removed test at once, before any combat is fought.
                return [Owed(), self]
            group = self._next_group(game)
            if group is None:
                return []
            mine = [m for m in group if allegiance(game, m) == game.state.active]
            if len(mine) > 1:
                return _pick(game, mine, "choose the model that fights and gets the bonus Attacks")
            self.chosen = mine[0].id
        a = game.model(self.chosen)
        foes = [o for o in contacts(game, a) if can_fight(o) and o.id not in self.fought]
        if len(foes) > 1:
            return _pick(game, foes, f"choose the model that fights {a.name}")
        return self._fight(a.id, foes[0].id)

    def _fight(self, a: str, b: str) -> list[Step]:
        self.fought = (*self.fought, a, b)
        self.chosen = ""
        return [*round_after_tests(a, b), Owed(), self]

    def _next_group(self, game: AeonsGame) -> list[AeonsModel] | None:
        """The next combat: models joined by base-to-base contact, none of them fought yet;
        it begins with a model fighting for the side whose turn it is (a Compelled one for
        its Puppeteer's, R:645)."""
        active = game.state.active
        able = [m for m in models(game) if can_fight(m) and m.id not in self.fought]
        # Each model's side read once (:func:`.space.foes`'s): every pair is tried.
        side = {m.id: allegiance(game, m) for m in able}
        for start in able:
            if side[start.id] != active:
                continue
            group, frontier = [start], [start]
            while frontier:
                m = frontier.pop()
                for o in able:
                    if (
                        o not in group
                        and side[o.id] != side[m.id]
                        and in_contact(m, o)
                        and blessed.engaged(game, m, o)
                    ):
                        group.append(o)
                        frontier.append(o)
            if len(group) > 1:
                return group
        return None


def _remove_helpless(game: AeonsGame) -> bool:
    """Remove every Face Down model engaged in close combat, as the combats begin: one that
    came into contact lying so (one falling Face Down in contact is removed as it falls,
    :func:`.damage.remove_helpless`); whether there was any."""
    removed = [m for m in models(game) if remove_helpless(game, m)]
    return bool(removed)


def _pick(game: AeonsGame, choices: list[AeonsModel], prompt: str) -> Decision:
    fights = tuple(Action("fight", (m.id,)) for m in choices)
    return Decision(allegiance(game, choices[0]), "fight", prompt, fights)


@dataclass(slots=True, eq=False)
class Nominate(Step):
    """The player nominates one model; a Command model nominates up to two more friends
    within 10" (three with Improved Command, R:1091), a Lieutenant one more within 5" (R:1061,
    R:1097), and so may each such model it brings in (rules notes item 54). The introduction
    asks that the Command model started the turn Normal; the rulebook that it be Normal and
    out of close combat as it nominates (R:138), where the catalog says so. Barbaric Yawp,
    once a game, takes a Command model's reach to 15" and its nominations one further for the
    turn (R:1053). A handler nominated may then nominate its Animals (:mod:`.animals`), which
    nothing else nominates (R:1045). Then a Smart model not yet nominated may take its free
    Nomination, once a game (R:1135)."""

    rule = NOMINATION
    commanders: tuple[str, ...] = ()
    handlers: tuple[str, ...] = ()
    extra: int = 0
    smart_done: bool = False
    yawp: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            if action.kind == "yawp":
                self.yawp = action.args[0]
                st.yawp_used = (*st.yawp_used, self.yawp)
                game.emit("yawp", YAWP, (self.yawp,), reach=YAWP_RANGE)
            elif action.kind == "done" and self.commanders:
                self.commanders, self.extra = self.commanders[1:], 0
            elif action.kind == "done" and self.handlers:
                self.handlers = self.handlers[1:]
            elif action.kind == "done":
                self.smart_done = True
            else:
                self._nominate(game, action.args[0])
        if not st.nominated:
            mine = [
                m for m in models(game) if m.side == st.active and not animals.is_animal(game, m)
            ]
            mine += snatch.aloft(game, st.active)
            options = tuple(Action("nominate", (m.id,)) for m in mine if not _barred(game, m))
            if not options:
                game.emit("none-nominated", spittle.RULE, ())
                return []
            return Decision(st.active, "nominate", "nominate a model", options)
        while self.commanders:
            boss = game.model(self.commanders[0])
            skill, reach, most = self._leads(game, boss)
            eligible = self._eligible(game, boss, reach) if self.extra < most else []
            picks = [Action("nominate", (m.id,)) for m in eligible]
            if self._may_yawp(game, boss):
                picks.append(Action("yawp", (boss.id,)))
            if picks:
                return Decision(
                    st.active,
                    "command",
                    f'{boss.name} has {skill}: nominate another model within {reach:g}", or done',
                    (*picks, Action("done", ())),
                )
            self.commanders, self.extra = self.commanders[1:], 0
        while self.handlers:
            handler = game.model(self.handlers[0])
            found = animals.picks(game, handler)
            if found:
                options = tuple(Action("nominate", (a.id,)) for a in found)
                return Decision(
                    st.active,
                    "handler",
                    f"{handler.name} may nominate an Animal of its own, or done",
                    (*options, Action("done", ())),
                )
            self.handlers = self.handlers[1:]
        smart = [] if self.smart_done else _smart(game)
        if smart:
            options = tuple(Action("nominate", (m.id,)) for m in smart)
            return Decision(
                st.active,
                "smart",
                "a Smart model may take its free Nomination (once a game), or done",
                (*options, Action("done", ())),
            )
        return []

    def _nominate(self, game: AeonsGame, model_id: str) -> None:
        st = game.state
        rule = NOMINATION
        if st.nominated and not self.commanders and self.handlers:
            rule = animals.pick_rule(game, game.model(self.handlers[0]), game.model(model_id))
        elif st.nominated and not self.commanders:
            rule = SMART
            st.smart_used = (*st.smart_used, model_id)
        elif st.nominated:
            self.extra += 1
            rule = LEAD_RULES[self._leads(game, game.model(self.commanders[0]))[0]]
        st.nominated = (*st.nominated, model_id)
        game.emit("nominated", rule, (model_id,))
        m = game.model(model_id)
        if not m.on_table:  # aloft, it reaches no other model (R:713)
            return
        for ghoul in gibber.gathered(game, m):
            st.nominated = (*st.nominated, ghoul.id)
            game.emit("nominated", gibber.RULE, (ghoul.id,))
        if may_lead(game, m):
            self.commanders = (*self.commanders, m.id)
        if animals.animals_of(game, m):
            self.handlers = (*self.handlers, m.id)

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """Why a model may not be nominated now, or give its Barbaric Yawp."""
        if action.kind == "yawp" and len(action.args) == 1:
            return (
                f"{action.args[0]} gives no Barbaric Yawp now: once a game, as a Command model "
                "with the skill nominates (R:1053)"
            )
        if action.kind != "nominate" or len(action.args) != 1:
            return None
        st = game.state
        m = game.model(action.args[0])
        names = catalog_of(game).side_names
        if not m.on_table and (not snatch.is_aloft(game, m) or st.nominated):
            return snatch.nomination_error(game, m)
        if m.side != st.active:
            return f"{m.id} is one of the {names[m.side]}: it is the {names[st.active]} turn"
        if m.id in st.nominated:
            return f"{m.id} is already nominated"
        if unseeing(game, m):
            return f"{m.id} is clearing the spittle from its eyes this Turn (R:875)"
        if elder_thing.is_dormant(m):
            return f"{m.id} is dormant: it may not be nominated (R:528)"
        if self.handlers and not self.commanders and st.nominated:
            return animals.pick_error(game, game.model(self.handlers[0]), m)
        if animals.is_animal(game, m):
            return f"{m.id} is an Animal: only its handler nominates it (R:1045)"
        if not self.commanders and st.nominated:
            return f"{m.id} has no free Nomination: only a Smart model that has not used it"
        if not self.commanders:
            return None
        boss = game.model(self.commanders[0])
        skill, reach, _ = self._leads(game, boss)
        if skill == hive_mind.NAME and not _commands(game, boss, m):
            return hive_mind.refusal(m.id)
        if not _commands(game, boss, m):
            return _command_limit(game, boss, m)
        return f'{m.id} is {inches(gap(game, boss, m))} from {boss.id}: {skill} reaches {reach:g}"'

    def _leads(self, game: AeonsGame, boss: AeonsModel) -> tuple[str, float, int]:
        """How ``boss`` nominates others, its Barbaric Yawp counted."""
        skill, reach, most = leads(game, boss)
        if boss.id == self.yawp:
            return skill, YAWP_RANGE, most + YAWP_EXTRA
        return skill, reach, most

    def _may_yawp(self, game: AeonsGame, boss: AeonsModel) -> bool:
        """Whether ``boss`` may give its Barbaric Yawp now: once a game, with Command, and a
        friend not nominated yet within the Yawp's reach."""
        prof = catalog_of(game).profile(boss.profile)
        if not (prof.has("barbaric_yawp") and prof.has("command")) or self.yawp:
            return False
        return boss.id not in game.state.yawp_used and bool(self._eligible(game, boss, YAWP_RANGE))

    def _eligible(self, game: AeonsGame, boss: AeonsModel, reach: float) -> list[AeonsModel]:
        st = game.state
        return [
            m
            for m in models(game)
            if m.side == boss.side
            and m.id not in st.nominated
            and not animals.is_animal(game, m)
            and gap(game, boss, m) <= reach
            and _commands(game, boss, m)
            and not _barred(game, m)
        ]


def _smart(game: AeonsGame) -> list[AeonsModel]:
    """The active side's Smart models not nominated yet that have not used Smart."""
    st, cat = game.state, catalog_of(game)
    return [
        m
        for m in models(game)
        if m.side == st.active
        and m.id not in st.nominated
        and m.id not in st.smart_used
        and cat.profile(m.profile).has("smart")
        and not _barred(game, m)
    ]


def _barred(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` may not be nominated now: clearing its eyes (R:875) or dormant (R:528)."""
    return unseeing(game, m) or elder_thing.is_dormant(m)


def leads(game: AeonsGame, m: AeonsModel) -> tuple[str, float, int]:
    """How ``m`` nominates others: Command or Lieutenant, its reach and how many."""
    cat = catalog_of(game)
    scenario = cat.scenario
    prof = cat.profile(m.profile)
    if prof.has("command"):
        extra = IMPROVED_COMMAND_EXTRA if prof.has("improved_command") else scenario.command_extra
        return "Command", scenario.command_range, extra
    if hive_mind.links(prof):
        return hive_mind.NAME, scenario.hive_mind_range, hive_mind.EXTRA
    return "Lieutenant", scenario.lieutenant_range, scenario.lieutenant_extra


def _commands(game: AeonsGame, boss: AeonsModel, m: AeonsModel) -> bool:
    """Whether ``boss`` may nominate ``m`` as to its kind: a limited Command nominates only
    its Special types (the Mummy's Pharaonic Authority, R:902) or its profiles (the Queen's
    Swarms, R:617); a Lieutenant anyone; Hive Mind only another Mi-Go (R:550)."""
    cat = catalog_of(game)
    if leads(game, boss)[0] == hive_mind.NAME:
        return hive_mind.links(cat.profile(m.profile))
    leader, led = cat.profile(boss.profile), cat.profile(m.profile)
    kinds, profiles = leader.command_types, leader.command_kinds
    if not (kinds or profiles) or leads(game, boss)[0] != "Command":
        return True
    if leader.can("worm_spawn"):
        return worm.own_grub(game, boss, m)
    brood = eggs.brood_error(game, boss, m) is None
    return bool(set(kinds).intersection(led.types)) or (led.kind in profiles and brood)


def _command_limit(game: AeonsGame, boss: AeonsModel, m: AeonsModel) -> str:
    """Why the limited Command of ``boss`` does not nominate ``m``."""
    leader = catalog_of(game).profile(boss.profile)
    if leader.can("worm_spawn"):
        return f"{m.id} is no Grub of {boss.id}: its Command nominates only its own (R:557)"
    brood = eggs.brood_error(game, boss, m)
    if brood is not None and catalog_of(game).profile(m.profile).kind in leader.command_kinds:
        return brood
    if leader.command_kinds:
        kinds = " or ".join(k.replace("_", " ").title() for k in leader.command_kinds)
        rule = next((r for a, r in LIMITED.items() if leader.can(a)), QUEEN)
        return f"{m.id} is no {kinds}: the Command of {boss.id} nominates only them ({rule})"
    kinds = " or ".join(t.title() for t in leader.command_types)
    return f"{m.id} is not {kinds}: the Command of {boss.id} nominates only {kinds} (R:902)"


def may_lead(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m``, just nominated, nominates others: a Mi-Go of the Hive Mind that is
    Normal (R:550); or it has Command (or Lieutenant, in the rulebook) and is Normal now: in
    the introduction since the turn began too, so a commander knocked down in a start-of-turn
    combat leads nobody (notes §1.15); in the rulebook out of close combat too (R:1061,
    R:1097)."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    if cocoon.trapped(game, m):
        return False  # no Command nor Lieutenant from a cocoon (R:596)
    if hive_mind.links(prof) and not prof.has("command"):
        return m.normal
    if not (prof.has("command") or (prof.has("lieutenant") and cat.scenario.lieutenant_extra)):
        return False
    if not m.normal:
        return False
    if cat.scenario.command_out_of_combat:
        return not contacts(game, m)
    return m.id in game.state.normal_at_start


@dataclass(slots=True, eq=False)
class Activations(Step):
    """Nominated models act one at a time; each finishes both Actions before the next."""

    rule = ACTIONS

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            return [activation(game, action.args[0]), self]
        waiting = [
            mid for mid in st.nominated if mid not in st.acted and game.model(mid).removed is None
        ]
        if not waiting:
            return []
        if len(waiting) == 1:
            return [activation(game, waiting[0]), self]
        options = tuple(Action("activate", (mid,)) for mid in waiting)
        return Decision(st.active, "activate", "choose the nominated model to act next", options)

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """Only a nominated model that has not acted yet may act."""
        st = game.state
        if action.kind != "activate" or len(action.args) != 1:
            return None
        if action.args[0] not in st.nominated:
            return f"{action.args[0]} is not nominated this turn"
        return f"{action.args[0]} has taken its Actions"


def activation(game: AeonsGame, model_id: str) -> Activation:
    """The Actions of a nominated model: two, three with Tenacity (R:897), one fewer when it
    is Mesmerized (R:580), less any its Antivenom took (R:462), one fewer for a Confusion (notes
    §6 item 4)."""
    m = game.model(model_id)
    prof = catalog_of(game).profile(m.profile)
    n = TENACIOUS if prof.can("tenacity") else 2
    n -= mesmerize.lost_actions(game, m) + afflictions.lost_actions(game, m)
    n = max(0, n - owed_actions(game, model_id))
    return Activation(model_id, left=n, total=n)


@dataclass(slots=True, eq=False)
class Activation(Step):
    """A nominated model's two Actions; a Heroic model may take a third, once a game (R:505,
    rules notes item 6), offered when it has taken its two.

    A Team Player that began the turn within 5" of a friendly Command model and is not
    nominated takes, when that model has acted, the same Actions in the same order
    (``follows``, the ``leader``'s ``kinds``), with its own targets (R:1155, rules notes item
    55); any of them it may forfeit. A Stupid model rolls a D6 before each Action, and a 1
    forfeits it (R:892, rules notes item 4).

    A Compelled model takes, nominated by its own player, the test to regain control first,
    and after a failure none (:mod:`.gaze`); ``directed`` by its Dark Puppeteer, one Move,
    Shoot or Charge its Puppeteer's player chooses (R:645), which makes no Nomination of it."""

    rule = ACTIONS
    model: str
    left: int = 2
    total: int = 2
    offered: bool = False
    kinds: tuple[str, ...] = ()
    follows: tuple[str, ...] = ()
    leader: str = ""
    stupid: Roll | None = None
    absorbed: bool = False
    directed: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        st = game.state
        if action is not None and action.kind in lucky.ANSWERS:
            return self._stupidity(game, m, action)
        if action is not None and action.kind in shoggoth.ABSORBING:
            more = shoggoth.spend(game, m, action.args[1]) if action.kind == shoggoth.ESSENCE else 0
            self.left, self.total = self.left + more, self.total + more
            self.absorbed, action = action.kind == shoggoth.DONE, None
        if not self.absorbed and not self.kinds:
            essence = shoggoth.offer(game, m)
            if essence is not None:
                return essence
            self.absorbed = True
        if action is not None and action.kind in ("heroic", "no-heroic"):
            if action.kind == "heroic":
                st.heroic_used = (*st.heroic_used, m.id)
                self.left, self.total = 1, self.total + 1
                game.emit("heroic", HEROIC, (m.id,))
            action = None
        if gaze.REGAIN in self.kinds and master_of(game, m) is not None:
            self.left = 0  # a failed test spends its Actions (R:1427, R:1447)
        # The profile last: it is asked only once the model's own Actions are spent.
        spent = m.removed is None and self.left == 0 and not self.offered
        if spent and not self.follows and not self.directed and _may_be_heroic(game, m):
            self.offered = True
            return Decision(
                m.side,
                "heroic",
                f"{m.name} ({m.id}) is Heroic: take one more Action (once a game)?",
                (Action("heroic", (m.id,)), Action("no-heroic", (m.id,))),
            )
        if self.directed and (m.removed is not None or self.left == 0):
            return []
        if m.removed is not None or self.left == 0:
            st.acted = (*st.acted, m.id)
            return self._team(game, m)
        if action is None and self.stupid is None and _is_stupid(game, m):
            return self._stupidity(game, m, None)
        if action is None:
            options, points = self._controlled(game, m, action_options(game, m))
            done = self.total - self.left + 1
            prompt = f"{m.name} ({m.id}): Action {done} of {self.total}"
            if self.follows:
                kind = self._copied()
                options = tuple(o for o in options if o.kind in (kind, "pass"))
                points = tuple(p for p in points if p.kind == kind)
                prompt += f", a {kind} as {self.leader} took (Team Player), or forfeit"
            player = allegiance(game, m) if self.directed else m.side
            return Decision(player, "action", prompt, options, points)
        self.left -= 1
        self.stupid = None
        self.kinds = (*self.kinds, action.kind)
        if action.kind != "pass":
            skill_actions.reveal(game, m)
        # Nobody Hidden, as nearly always: no template need be laid to find who is aimed at.
        aimed = aimed_at(game, m, action) if game.state.hidden else ()
        hidden = skill_actions.hidden_targets(game, m, action, aimed)
        first = dared(game, m, action, hidden)
        return [*first, *_aftermath(game, m), Owed(), *_alerted(game, m), self]

    def _stupidity(
        self, game: AeonsGame, m: AeonsModel, answer: Action | None
    ) -> Decision | list[Step]:
        """The D6 of a Stupid model before its Action (Lucky may re-roll a 1): a 1 forfeits
        the Action, which counts as taken."""
        request = ("D6", "stupid", STUPID, m.id)
        self.stupid, ask = lucky.roll(game, self.stupid, answer, request, lucky.under(2))
        if ask is not None:
            return ask
        if self.stupid.value > 1:
            return self.run(game, None)
        self.left -= 1
        self.stupid = None
        game.emit("stupid", STUPID, (m.id,))
        return [PsychologyCheck(), *_alerted(game, m), self]

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        m = game.model(self.model)
        copied = self._copy_error(action) or self._control_error(game, m, action)
        if copied is not None:
            return copied
        if action.kind == "jump":
            assert action.point is not None
            return jump_error(game, m, action.point)
        if action.kind == salt.LINE:
            return salt.error(game, m, action)
        if action.kind == trap.SET:
            return trap.error(game, m, action)
        if action.kind == "jet":
            assert action.point is not None
            return jet_pack.jet_error(game, m, action.point)
        if action.kind == eggs.LAY:
            assert action.point is not None
            return eggs.lay_error(game, m, action.point)
        if action.kind == SHOOT_AT:
            return _shoot_at_error(game, m, action)
        return move_error(game, m, action)

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """Why an Action that is not among the options may not be taken."""
        if game.decision is not None and game.decision.kind in ("lucky", lucky.SPOIL):
            return lucky.refusal(game, action, self.stupid)
        if game.decision is not None and game.decision.kind == shoggoth.ESSENCE:
            return shoggoth.effect_error(game, game.model(self.model), action.args[-1])
        if action.kind not in KINDS:
            return None
            return None
        if action.args[:1] != (self.model,):
            return f"{self.model} is taking its Actions: the others wait until it has finished"
        m = game.model(self.model)
        refused = self._copy_error(action) or self._control_error(game, m, action)
        return refused or action_error(game, m, action)

    def _controlled(self, game: AeonsGame, m: AeonsModel, found: Options) -> Options:
        """The Actions of ``found`` a Compelled model takes now (R:645): those its Puppeteer
        directs, or its test to regain control."""
        if self.directed:
            return _directed(found)
        if master_of(game, m) is not None:
            return (Action(gaze.REGAIN, (m.id,)),), ()
        return found

    def _control_error(self, game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
        """Why a Compelled model may not take ``action`` now (R:645)."""
        if self.directed and action.kind not in gaze.DIRECTED:
            return f"{self.directed} makes {m.id} Move, Shoot or Charge ({gaze.RULE})"
        held = not self.directed and master_of(game, m) is not None
        if held and action.kind != gaze.REGAIN:
            return f"{m.id} is Compelled: its Action is the test to regain control ({gaze.RULE})"
        return None

    def _copied(self) -> str:
        """The kind of the leader's Action a Team Player takes now."""
        return self.follows[self.total - self.left]

    def _copy_error(self, action: Action) -> str | None:
        """Why a Team Player may not take ``action`` now: it is not the leader's."""
        if not self.follows or action.kind in (self._copied(), "pass"):
            return None
        return (
            f"{self.model} takes the Actions of {self.leader} (Team Player, R:1155): "
            f"now a {self._copied()}, or a forfeit"
        )

    def _team(self, game: AeonsGame, m: AeonsModel) -> list[Step]:
        """The Team Players who take the Actions ``m`` has just taken."""
        st = game.state
        steps: list[Step] = []
        for player, leader in st.teams:
            if leader != m.id or not self.kinds or player in (*st.nominated, *st.acted):
                continue
            if not game.model(player).on_table:
                continue
            game.emit("team-player", TEAM_PLAYER, (player, m.id))
            n = len(self.kinds)
            steps.append(Activation(player, n, n, follows=self.kinds, leader=m.id))
        return steps


def _aftermath(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """What follows ``m``'s Action, from where it stands as the Action begins: the salt it
    breaks, the traps and Scenes of Horror it comes near; each only where the game may have
    any. Salt and traps are laid by the model acting, where it stands, and no trap springs
    on the model that set it; Scenes lie from the set-up on."""
    st = game.state
    start = (m.id, m.x, m.y, m.level or "")
    steps: list[Step] = [salt.Swept(*start)] if st.salt else []
    steps += [trap.Sprung(*start)] if st.traps else []
    steps += [scene.Horrified(m.id, m.x, m.y)] if scene.scenes(game) else []
    return steps


def _alerted(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Alert shots at ``m`` once its Action is over, and what they leave owed: after the
    psychology tests the Action brought, taken as soon as it arose (R:205), so a model they
    leave other than Normal takes no shot (R:245). Alert is of the rulebook alone: with none
    now, the Action meets none."""
    return [AlertShots(m.id), Owed()] if alerts(game) else []


def _directed(found: Options) -> Options:
    """The Actions of ``found`` a Puppeteer makes its Compelled model take (R:645)."""
    options = tuple(a for a in found[0] if a.kind in gaze.DIRECTED)
    return options, tuple(p for p in found[1] if p.kind in gaze.DIRECTED)


def _capable(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether the model ``m`` Compels may Move, Shoot or Charge now."""
    victim = gaze.victim_of(game, m)
    if victim is None:
        return False
    options, points = _directed(action_options(game, victim))
    return bool(options or points)


def aimed_at(game: AeonsGame, m: AeonsModel, action: Action) -> tuple[str, ...]:
    """The models ``m``'s ``action`` is taken at: the one its second argument names, for the
    kinds that aim at one (:attr:`Kind.aims`); each the template of a Blast it fires lies
    over, aimed at a point or at a model (:func:`.templates.caught_at`)."""
    named = (action.args[1],) if KINDS[action.kind].aims else ()
    if action.kind == SHOOT_AT:
        center = _point(action)
    elif action.kind in AT_A_MODEL:
        center = game.model(action.args[1]).pos
    else:
        return named
    caught = (c.id for w in fired(action) for c in templates.caught_at(game, m, w, center))
    return tuple(dict.fromkeys((*named, *caught)))


def dared(
    game: AeonsGame, m: AeonsModel, action: Action, hidden: tuple[str, ...], after: int = 0
) -> list[Step]:
    """``m``'s ``action``, after every Resolve test it asks first, in this order, each passed
    before the next is taken: against each ``hidden`` enemy it is aimed at (R:1089),
    against the Garlic or Wolfsbane of the enemy it Charges or acts near (R:470, R:488),
    against the Table Salt it would cross (R:480), against the Bait that lures a Beast
    (R:464), its Horse's test before a shot from the saddle (R:1121), then the Insanity tests
    of the Phobias it braves (R:228-236). ``after``: how many of the tests of :data:`DARES`
    are behind it."""
    args = (m.id, action.kind, action.args, action.point)
    if hidden:
        return [Dare(args[0], hidden[0], *args[1:], hidden=hidden[1:])]
    for stage, find in enumerate(DARES[after:], start=after + 1):
        found = find(game, m, action)
        if found is not None:
            return [Dare(args[0], found[0], *args[1:], ward=found[1], stage=stage)]
    dreads = phobias.dreads(game, m, action)
    if dreads:
        return [Braved(args[0], *args[1:], dreads)]
    return perform(game, m, action)


def _salted(game: AeonsGame, m: AeonsModel, action: Action) -> tuple[str, str] | None:
    """The bearer of the Table Salt ``m`` would cross, and its test (R:480)."""
    bearer = salt.barrier(game, m, action)
    return None if bearer is None else (bearer, salt.TEST[0])


def _baited(game: AeonsGame, m: AeonsModel, action: Action) -> tuple[str, str] | None:
    """The bearer of the Bait that lures ``m``, and its test (R:464)."""
    bearer = bait.lure(game, m, action)
    return None if bearer is None else (bearer, bait.TEST[0])


def _steadied(game: AeonsGame, m: AeonsModel, action: Action) -> tuple[str, str] | None:
    """The Horse that tests before ``m`` fires ``action``'s weapons from the saddle (R:1121),
    and its test."""
    cat = catalog_of(game)
    found = (riding.steadied(game, m, cat.weapon(w)) for w in fired(action))
    horse = next((h for h in found if h is not None), None)
    return None if horse is None else (horse.id, STEADY[0])


DARES: tuple[Callable[[AeonsGame, AeonsModel, Action], tuple[str, str] | None], ...] = (
    wards.ward,
    _salted,
    _baited,
    _steadied,
)
"""The tests before an Action beside Hide's and the Phobias', in the order they are taken:
each finds the model that asks it and what asks it, or ``None``."""


STEADY = ("steady", riding.STEADY)
"""The event and rule of the Horse's test before its rider fires a heavy weapon (R:1121)."""
TESTS = {
    "": skill_actions.TEST,
    STEADY[0]: STEADY,
    **wards.TESTS,
    bait.TEST[0]: bait.TEST,
    salt.TEST[0]: salt.TEST,
}
"""The event and rule of each test a Dare takes, by what asks it (none: Hide)."""


@dataclass(slots=True, eq=False)
class Dare(Step):
    """A Resolve test to take an Action aimed at a Hidden enemy (R:1089), or to act against the
    ``ward`` an enemy carries (Garlic, Wolfsbane, :mod:`.wards`; Bait, :mod:`.bait`; Table
    Salt, :mod:`.salt`): passed, the Action goes on; failed, it is spent, or a Move toward
    the Bait."""

    rule = skill_actions.HIDE
    model: str
    target: str
    kind: str
    args: tuple[str, ...]
    point: tuple[float, float] | None
    roll: Roll | None = None
    ward: str = ""
    stage: int = 0
    """How many of :data:`DARES` are behind this test (0: Hide's)."""
    hidden: tuple[str, ...] = ()
    """The Hidden enemies the Action is aimed at that test after this one."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        test = TESTS[self.ward]
        # The Horse tests on its own Resolve before its rider fires (R:1121).
        steady = self.ward == STEADY[0]
        tester, other = (game.model(self.target), m.id) if steady else (m, self.target)
        self.roll, ask, passed = skill_actions.dare(
            game, tester, other, self.roll, action, test, mount=steady
        )
        if ask is not None:
            return ask
        if not passed and steady:
            unseat(game, m, True)
        if not passed:
            return bait.drawn(game, m) if self.ward == bait.TEST[0] else []
        taken = Action(self.kind, self.args, self.point)
        return dared(game, m, taken, self.hidden, self.stage)


@dataclass(slots=True, eq=False)
class Braved(Step):
    """An Action a model's Phobias ask an Insanity test for first, one after another
    (:mod:`.phobias`): all passed, the Action goes on; one failed, it is spent and the
    failure rolls on the Insanity Table."""

    rule = phobias.RULE
    model: str
    kind: str
    args: tuple[str, ...]
    point: tuple[float, float] | None
    feared: tuple[phobias.Dread, ...]
    test: ResolveTest | None = None

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if self.test is not None and not self.test.passed:
            return []
        if self.feared:
            dread, self.feared = self.feared[0], self.feared[1:]
            game.emit("phobia", phobias.RULES[dread.phobia], (m.id,), phobia=dread.phobia)
            self.test = phobias.braving(m, dread)
            return [self.test, self]
        if m.removed is not None or not m.normal:
            return []
        taken = Action(self.kind, self.args, self.point)
        return perform(game, m, taken)


def action_options(game: AeonsGame, m: AeonsModel) -> Options:
    """Every Action ``m`` may take now, as options and point choices: the same while the
    placement, the ranged weapon chosen for the turn and the model's Jammed and primed
    weapons are (and carried to the next placement while no model comes within their reach,
    :func:`_options_reach`), with a Basic Scenario's searches and marker Moves added as they
    stand."""
    if snatch.is_aloft(game, m):
        return snatch.options(game, m), ()
    if m.normal and bait.owed(game, m):
        return (Action(bait.EAT, (m.id,)),), ()
    if m.normal and m.id in game.state.raging:
        return (Action("rage", (m.id,)),), ()
    table = placement(game)
    st = game.state
    # Jammed and primed weapons change what may be fired, the placement staying the same;
    # a Deadly Rage used is not offered again, and a feast owed is the only Action.
    weapons = tuple(r for r in (*st.jammed, *st.readied) if r[0] == m.id)
    weapons += tuple(("turn", w) for mid, w in st.turn_weapons if mid == m.id)
    snared = afflictions.ensnared(game, m)
    # A Move Action just made lets the next climb or jump Sprint (R:1140).
    flags = (
        m.id in st.moved,
        m.id in st.rage_used,
        m.id in st.feasts,
        snared,
        afflictions.chilled(game, m),
    )
    # An unveiled Invisibility Suit makes its wearer a target, and scenery a Poltergeist
    # depletes changes its shots, the placement staying the same.
    key = (game.index[m.id], st.turn_weapon(m.id), weapons, flags, st.unveiled, st.depleted)
    kept = table.options.get(key)
    if kept is None:
        kept = table.options[key] = (_action_options(game, table, m), _options_reach(game, m))
    found = kept[0]
    charge = stalker.forced(game, m, found[0])
    if charge is not None:
        return (charge,), ()
    engaged = bool(table.contacts(game, m))
    if m.normal and not snared and engaged and may_break(game, m):
        found = (found[0], (PointSpec("move", (m.id,), BREAK_HINT),))
    found = _marker_options(game, m, found)
    if swallow.prey(game, m):
        found = ((*found[0], Action(swallow.SWALLOW, (m.id,))), found[1])
    if animals.owes_return(game, m):
        found = (tuple(a for a in found[0] if a.kind != "charge"), found[1])
    if st.spurned:
        found = (tuple(a for a in found[0] if not _spurned(game, m, a)), found[1])
    if riding.stationary(game, m):
        found = (tuple(a for a in found[0] if a.kind not in riding.MOVES), ())
    # The rules' own Actions hang on more than the placement (Wounds lost, a Surly menace),
    # and taking aim on the model's own aim: added afterwards.
    extra, points = offered(game, m, m.normal and not engaged)
    # A Compelled model is directed only "if the model has the capacity" (R:645).
    extra = [a for a in extra if a.kind != gaze.DIRECT or _capable(game, m)]
    found = ((*found[0], *extra), (*found[1], *points)) if extra or points else found
    found = phobias.open_ground(game, m, riding.grounded(game, m, found))
    return cocoon.escapes(game, m, found)


def _options_reach(game: AeonsGame, m: AeonsModel) -> tuple[float, float]:
    """How far from ``m`` (base edge to base edge) the enemies and the friends stand that its
    Actions look at: any model whose base its path goes round or that stands where it would
    jump or climb to (its Movement, a ladder it stands at, a Charge's jump across a gap
    under 2", R:271); an enemy it Shoots (its weapons' reach) or turns an Evil Eye on.
    Beyond them a model moves and its Actions stay the same (:class:`.space.Placement`
    carries them); while a model is Compelled, friend and foe are not its side, and a
    friend's reach is an enemy's."""
    cat = catalog_of(game)
    ladders = (ladder_reach(game, m, lad) for lad in game.board.ladders)
    near = max(allowance(game, m), FREE_GAP, *ladders)
    eye = cat.scenario.evil_eye_range if cat.profile(m.profile).can("evil_eye") else 0.0
    far = max(near, eye, longest_range(game, m))
    return far, far if game.state.compelled else near


def _action_options(game: AeonsGame, table: Placement, m: AeonsModel) -> Options:
    if not m.normal:
        return (Action("change-state", (m.id,)), Action("pass", (m.id,))), ()
    if m.id in game.state.feasts:
        return (Action("feast", (m.id,)),), ()
    foes = table.contacts(game, m)
    if foes:
        # Models in a Draw stay in base-to-base and must Charge to fight on.
        fights = [Action("charge", (m.id, f.id)) for f in foes]
        fights += [Action("rage", (m.id,))] if rage_error(game, m) is None else []
        fights += [Action(worm.SWEEPS, (m.id,))] if worm.can_sweep(game, m) else []
        return (*fights, Action("pass", (m.id,))), ()
    # An Ensnared model takes no Action that moves it; one frees it (notes §6 item 4).
    snared = afflictions.ensnared(game, m)
    if snared:
        options = [Action(afflictions.STRUGGLE, (m.id,))]
    else:
        options = [Action("charge", (m.id, e.id)) for e in charge_targets(game, table, m)]
    options += shot_options(game, table, m)
    aims = blast_points(game, table, m)
    options += [Action("evil-eye", (m.id, t.id)) for t in evil_eye_targets(game, m)]
    options += [Action("clear-jam", (m.id, w)) for mid, w in game.state.jammed if mid == m.id]
    options += [Action("ready", (m.id, w.id)) for w in _unprimed(game, m)]
    options += [] if snared else climb_options(game, m)
    options += smash_options(game, m)
    options.append(Action("pass", (m.id,)))
    if snared:
        return tuple(options), tuple(aims)
    points = [PointSpec("move", (m.id,), _move_hint(game, m))]
    if jump_spots(game, m):
        points.append(PointSpec("jump", (m.id,), JUMP_HINT))
    return tuple(options), (*points, *aims)


def _move_hint(game: AeonsGame, m: AeonsModel) -> str:
    penalty = rough_penalty(game, m)
    return (
        f'a point within {move_allowance(game, m):g}" along a legal path (rough terrain costs '
        f'{penalty:g}"), or beyond a table edge to leave the table'
    )


def _marker_options(game: AeonsGame, m: AeonsModel, found: Options) -> Options:
    """``found`` with a Basic Scenario's search Actions and Moves taking a marker along
    (:mod:`.tokens`): they change with the markers and the round, not the placement."""
    if not game.state.tokens and tokens.search_of(game) is None:
        return found
    if not m.normal or contacts(game, m):
        return found
    searches = tokens.search_options(game, m)
    drags = tuple(
        PointSpec(
            tokens.DRAG, (m.id, t.id), f"a Move taking marker {t.id} along: {_move_hint(game, m)}"
        )
        for t in tokens.draggable(game, m)
        if not afflictions.ensnared(game, m)
    )
    return (*found[0], *searches), (*found[1], *drags)


JUMP_HINT = 'a point on another surface: a gap of 2" to 6" asks a Dexterity test (R:271)'


def action_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not take ``action`` now, or ``None`` when there is nothing to explain
    (an Action the rules do not know, or one written wrong): the checks of :data:`GATES`
    its kind passes first, in their order, then its own."""
    kind = KINDS.get(action.kind)
    if kind is None or kind.arity != len(action.args):
        return None
    for gate in GATES[: kind.gates]:
        refused = gate(game, m, action)
        if refused is not None:
            return refused
    return kind.error(game, m, action)


def _stalked(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    charge = stalker.forced(game, m, action_options(game, m)[0])
    if charge is None:
        return None
    return f"{m.id} must Charge its prey {charge.args[1]} with this Action (R:562)"


def _ravenous(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    if m.id in game.state.feasts:
        return f"{m.id} is Ravenous: this Action eats the corpse it owes (R:703)"
    return None


def _bait_owed(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    if bait.owed(game, m) and action.kind != bait.EAT:
        return f"{m.id} touches Bait: this Action eats it (R:464)"
    return None


def _raging(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    if m.id in game.state.raging and action.kind != "rage":
        return f"{m.id} has mutated: its first Action is its Deadly Rage (R:801)"
    return None


def _engaged(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    foes = contacts(game, m)
    if not foes:
        return None
    if not may_break(game, m):
        return f"{m.id} is in base-to-base with {foes[0].id}: it may only Charge or forfeit"
    if action.kind == "move":
        return None
    return (
        f"{m.id} is in base-to-base with {foes[0].id}: it may only Charge, Move out of the "
        "combat (R:157) or forfeit"
    )


GATES: tuple[Callable[[AeonsGame, AeonsModel, Action], str | None], ...] = (
    lambda g, m, a: snatch.refusal(g, m) if snatch.is_aloft(g, m) else None,
    lambda g, m, a: (
        f"{m.id} is cocooned: it may only try to escape ({cocoon.RULE})"
        if cocoon.trapped(g, m)
        else None
    ),
    lambda g, m, a: phobias.agoraphobia_error(g, m, a.kind),
    _stalked,
    lambda g, m, a: (
        None if m.normal else f"{m.id} is {m.state_name}: its Actions are Change State or forfeit"
    ),
    _ravenous,
    _bait_owed,
    _raging,
    lambda g, m, a: afflictions.ensnare_error(g, m, a.kind),
    _engaged,
)
"""The checks every Action kind passes, in this order, before its own (as many as its
:attr:`Kind.gates`): one snatched or cocooned, Agoraphobic, stalking its prey, not Normal,
owing a feast, a Bait or a Deadly Rage, Ensnared, then in base-to-base with an enemy."""
ALOFT, COCOONED, STALKED, RAGING, ENSNARED, ENGAGED = 1, 2, 4, 8, 9, 10
"""How many checks of :data:`GATES` a kind passes: up to the snatch, the cocoon, the prey,
the Deadly Rage, the snare, and all of them."""


def _charge_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """A model in base-to-base fights on only with the enemies it touches; a Falcon that took
    out its target Charges again only once back with its handler (R:1396); a Night Stalker
    Charges a victim it cast aside only once no other enemy is left (R:677)."""
    foes = contacts(game, m)
    if foes and target not in foes:
        return f"{m.id} is in base-to-base with {foes[0].id}: it Charges only a model it touches"
    refused = _absent(target) or animals.targeted_error(game, m)
    return refused or bite.charge_error(game, m, target) or charge_error(game, m, target)


def _spurned(game: AeonsGame, m: AeonsModel, a: Action) -> bool:
    """Whether ``a`` Charges a victim ``m`` cast aside after a Regenerate (R:677)."""
    return a.kind == "charge" and bite.charge_error(game, m, game.model(a.args[1])) is not None


def _absent(target: AeonsModel) -> str | None:
    return None if target.on_table else f"{target.id} is not on the table"


def _climb_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    ladder = next((lad for lad in game.board.ladders if lad.id == action.args[1]), None)
    if ladder is None:
        return f"there is no ladder {action.args[1]!r}"
    return climb_error(game, m, ladder)


def _drag_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    refused = tokens.drag_error(game, m, action.args[1])
    return refused or f"a Move needs a point: drag {m.id} {action.args[1]} x,y"


def _shoot_at_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not aim a Blast at ``action``'s point (:func:`.templates.point_error`),
    or the point it must name."""
    if action.point is None:
        return f"{SHOOT_AT} {m.id} {action.args[1]} x,y"
    return templates.point_error(game, m, action.args[1], action.point)


def _pointed(
    check: Callable[[AeonsGame, AeonsModel, tuple[float, float]], str | None],
) -> Callable[[AeonsGame, AeonsModel, Action], str | None]:
    """The check of an Action taken to a point, which asks for the point when it has none."""

    def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
        if action.point is None:
            return f"{action.kind} {m.id} x,y"
        return check(game, m, action.point)

    return error


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """The steps that carry out an Action (an Action the rules do not know is a forfeit)."""
    st = game.state
    kind = KINDS.get(action.kind, KINDS["pass"])
    # Before this Action counts as the model's last; only a Move reads it.
    reach = move_allowance(game, m) if kind.moves else 0.0
    animals.returned(game)
    st.moved = tuple(mid for mid in st.moved if mid != m.id)
    engulf.other_action(game, m, action.kind)
    if action.kind in STUMBLING and plots.stumbles(game, m):
        return []
    return kind.effect(game, m, action, reach)


def _moving(game: AeonsGame, m: AeonsModel) -> None:
    """``m``'s Action is a Move Action: the next, if a Move too, may Sprint (R:1140), and
    Predator counts it (R:562)."""
    st = game.state
    st.moved = (*st.moved, m.id)
    predator.strode(game, m)


def _move(game: AeonsGame, m: AeonsModel, action: Action, reach: float) -> list[Step]:
    _moving(game, m)
    move = MoveTo(m.id, *_point(action), reach)
    if contacts(game, m):
        return leave(game, m, move)
    return [*serum.before_move(game, m, move), *riding.after_move(game, m)]


def _drag(game: AeonsGame, m: AeonsModel, action: Action, reach: float) -> list[Step]:
    _moving(game, m)
    return serum.before_move(game, m, MoveTo(m.id, *_point(action), reach, action.args[1]))


def _climb(game: AeonsGame, m: AeonsModel, action: Action, reach: float) -> list[Step]:
    _moving(game, m)  # a climb is made with a Move Action (R:170)
    return [Climb(m.id, action.args[1], reach)]


def _jump(game: AeonsGame, m: AeonsModel, action: Action, reach: float) -> list[Step]:
    _moving(game, m)  # the model Moves across the gap (R:271)
    return [Jump(m.id, _point(action), reach)]


def _shoot(game: AeonsGame, m: AeonsModel, action: Action, reach: float) -> list[Step]:
    unveil(game, m)
    cat = catalog_of(game)
    sure = take_aim(game, m, [cat.weapon(w) for w in fired(action)])
    if action.kind == SHOOT_AT:
        return [templates.shot_at(game, m.id, action.args[1], _point(action), sure)]
    if action.kind == "shoot-two":
        target, first, second = action.args[1:]
        return [PairShot(m.id, target, first, second=second, sure=sure)]
    return [templates.shot(game, m.id, action.args[1], action.args[2], sure=sure)]


def _charge(game: AeonsGame, m: AeonsModel, action: Action, reach: float) -> list[Step]:
    predator.strode(game, m)  # a Charge is a Move Action (R:131, R:144)
    unveil(game, m)
    return [Charge(m.id, action.args[1])]


def _aim(game: AeonsGame, m: AeonsModel, action: Action) -> None:
    game.state.aimed = (*game.state.aimed, m.id)
    game.emit("aim", ACCURATE, (m.id,))


def _ready(game: AeonsGame, m: AeonsModel, action: Action) -> None:
    st, weapon = game.state, action.args[1]
    st.readied = (*st.readied, (m.id, weapon))
    game.emit("readied", READY, (m.id,), weapon=weapon)


def _clear_jam(game: AeonsGame, m: AeonsModel, action: Action) -> None:
    st, weapon = game.state, action.args[1]
    st.jammed = tuple(j for j in st.jammed if j != (m.id, weapon))
    game.emit("cleared", JAM, (m.id,), weapon=weapon)


def _feast(game: AeonsGame, m: AeonsModel, action: Action) -> None:
    st = game.state
    st.feasts = tuple(f for f in st.feasts if f != m.id)
    st.fed = (*st.fed, m.id)
    game.emit("feast", RAVENOUS, (m.id,))


def _forfeit(game: AeonsGame, m: AeonsModel, action: Action) -> None:
    game.emit("pass", PASS, (m.id,))


def _point(action: Action) -> tuple[float, float]:
    assert action.point is not None
    return action.point


def _quiet(
    effect: Callable[[AeonsGame, AeonsModel, Action], object],
) -> Callable[[AeonsGame, AeonsModel, Action, float], list[Step]]:
    """The effect of an Action carried out at once, with no steps to follow."""

    def done(game: AeonsGame, m: AeonsModel, action: Action, reach: float) -> list[Step]:
        effect(game, m, action)
        return []

    return done


def _direct_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why the Puppeteer ``m`` may not direct the model it Compels: the Gaze's own reasons,
    or that model unable to Move, Shoot or Charge now (R:645)."""
    refused = gaze.error(game, m, action)
    if refused is None and not _capable(game, m):
        return f"the model {m.id} Compels may not Move, Shoot or Charge now ({gaze.RULE})"
    return refused


def _direct(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Puppeteer's Action: the model it Compels takes one Move, Shoot or Charge (R:645)."""
    victim = gaze.victim_of(game, m)
    assert victim is not None
    game.emit(gaze.DIRECT, gaze.RULE, (m.id, victim.id))
    return [Activation(victim.id, 1, 1, absorbed=True, directed=m.id)]


def _is_stupid(game: AeonsGame, m: AeonsModel) -> bool:
    """Stupid by its profile (R:892) or by a Mind Bomb (R:650)."""
    return catalog_of(game).profile(m.profile).can("stupid") or m.id in game.state.stupefied


def _may_be_heroic(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` may still take Heroic's extra Action."""
    prof = catalog_of(game).profile(m.profile)
    return prof.has("heroic") and m.id not in game.state.heroic_used


def _unprimed(game: AeonsGame, m: AeonsModel) -> list[Weapon]:
    """The model's Ready weapons not primed (nor Jammed, nor a dud, never used again,
    R:1108): an Action readies one."""
    cat, st = catalog_of(game), game.state
    return [
        w
        for w in cat.ranged_weapons(cat.profile(m.profile))
        if not ready_to_fire(game, m, w)
        and not st.is_jammed(m.id, w.id)
        and (m.id, w.id) not in st.duds
    ]


def rise(game: AeonsGame, m: AeonsModel, rule: str) -> None:
    """Face Down to Face Up, or Face Up to Normal (back with 1 Wound if it had none)."""
    if m.state == FACE_DOWN:
        m.state = FACE_UP
    elif m.state == FACE_UP:
        m.state = NORMAL
        m.wounds = max(m.wounds, 1)
    game.emit("changed-state", rule, (m.id,), state=m.state)


def change_state(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """Face Down to Face Up, or Face Up to Normal (back with 1 Wound if it had none); Face
    Down to Normal at once with a Med Dog in base-to-base, out of close combat (R:1381); in
    base-to-base with an enemy a round of close combat follows each Change State, after the
    Resolve tests the new state owes (a Hideous enemy is tested before the round); a Face Down
    enemy it now engages, able to fight again, is removed (R:141, R:160), and of several
    enemies its player chooses the one it fights (:class:`.psychology.Engage`)."""
    dog = animals.tended(game, m)
    if dog is not None:
        game.emit("medicine", animals.MEDICINE, (dog.id, m.id))
        rise(game, m, animals.MEDICINE)
    rise(game, m, CHANGE_STATE)
    return [Engage(m.id)] if contacts(game, m) else []


@dataclass(frozen=True)
class Kind:
    """An Action kind: how many arguments it has (its model first), how many checks of
    :data:`GATES` it passes before its own, its own check, and its effect (given how far a
    Move would take the model, judged before the Action, where ``moves``: 0 else); ``aims``
    when it is taken at the model its second argument names (a Shoot, a Charge, an ability
    turned on a model), which a Hidden enemy tests against first (R:1089)."""

    arity: int
    gates: int
    error: Callable[[AeonsGame, AeonsModel, Action], str | None]
    effect: Callable[[AeonsGame, AeonsModel, Action, float], list[Step]]
    moves: bool = False
    aims: bool = False


def _each(
    arity: dict[str, int],
    error: Callable[[AeonsGame, AeonsModel, Action], str | None],
    effect: Callable[[AeonsGame, AeonsModel, Action, float], list[Step]],
) -> dict[str, Kind]:
    """The kinds of one rule's Actions, sharing its check and its effect, after every gate."""
    return {kind: Kind(n, ENGAGED, error, effect) for kind, n in arity.items()}


def _unsnatched(game: AeonsGame, m: AeonsModel, action: Action) -> str:
    return f"{m.id} is neither snatched nor away at its nest (R:713)"


KINDS: dict[str, Kind] = {
    snatch.WRIGGLE: Kind(1, ALOFT, _unsnatched, lambda g, m, a, _: [Wriggle(m.id)]),
    snatch.RE_EMERGE: Kind(1, ALOFT, _unsnatched, _quiet(lambda g, m, a: snatch.re_emerge(g, m))),
    cocoon.CUT: Kind(
        2,
        ALOFT,
        lambda g, m, a: cocoon.cut_error(g, m, g.model(a.args[1])),
        _quiet(lambda g, m, a: cocoon.cut(g, m, g.model(a.args[1]))),
    ),
    eggs.CRUSH: Kind(
        2,
        COCOONED,
        lambda g, m, a: eggs.crush_error(g, m, a.args[1]),
        _quiet(lambda g, m, a: eggs.crush(g, m, a.args[1])),
    ),
    eggs.LAY: Kind(
        1,
        COCOONED,
        _pointed(eggs.lay_error),
        _quiet(lambda g, m, a: eggs.lay(g, m, _point(a), m.level)),
    ),
    "change-state": Kind(
        1,
        STALKED,
        lambda g, m, a: f"{m.id} is Normal: only a model Face Up or Face Down Changes State",
        lambda g, m, a, _: change_state(g, m),
    ),
    "shoot": Kind(
        3,
        STALKED,
        lambda g, m, a: _absent(t := g.model(a.args[1])) or shot_error(g, m, t, a.args[2]),
        _shoot,
        aims=True,
    ),
    "shoot-two": Kind(
        4,
        STALKED,
        lambda g, m, a: _absent(t := g.model(a.args[1])) or pair_error(g, m, t, *a.args[2:]),
        _shoot,
        aims=True,
    ),
    SHOOT_AT: Kind(2, STALKED, _shoot_at_error, _shoot),
    "feast": Kind(1, RAGING, lambda g, m, a: f"{m.id} owes no feast", _quiet(_feast)),
    "charge": Kind(
        2,
        ENSNARED,
        lambda g, m, a: _charge_error(g, m, g.model(a.args[1])),
        _charge,
        aims=True,
    ),
    "rage": Kind(
        1, ENSNARED, lambda g, m, a: rage_error(g, m), lambda g, m, a, _: deadly_rage(g, m)
    ),
    worm.SWEEPS: Kind(
        1,
        ENSNARED,
        lambda g, m, a: f"{m.id} cannot Sweep (R:557)",
        lambda g, m, a, _: worm.sweep(g, m),
    ),
    whistling_winds.WINDS: Kind(
        2,
        ENSNARED,
        whistling_winds.error,
        lambda g, m, a, _: whistling_winds.perform(g, m, a.args[1]),
    ),
    swallow.SWALLOW: Kind(
        1, ENSNARED, lambda g, m, a: swallow.error(g, m), lambda g, m, a, _: swallow.perform(g, m)
    ),
    "evil-eye": Kind(
        2,
        ENGAGED,
        lambda g, m, a: evil_eye_error(g, m, g.model(a.args[1])),
        lambda g, m, a, _: [EvilEye(m.id, a.args[1])],
        aims=True,
    ),
    **_each(
        skill_actions.ARITY, skill_actions.error, lambda g, m, a, _: skill_actions.perform(g, m, a)
    ),
    **_each(riding.ARITY, riding.error, _quiet(riding.perform)),
    **_each(transporter.ARITY, transporter.error, _quiet(transporter.perform)),
    wards.HOLY_BOOK: Kind(
        1, ENGAGED, lambda g, m, a: wards.error(g, m), lambda g, m, a, _: wards.read(g, m)
    ),
    sermon.SERMON: Kind(
        1, ENGAGED, lambda g, m, a: sermon.error(g, m), lambda g, m, a, _: sermon.preach(g, m)
    ),
    **_each(
        icy_touch.ARITY,
        lambda g, m, a: icy_touch.error(g, m),
        _quiet(lambda g, m, a: icy_touch.manifest(g, m)),
    ),
    **_each(
        detonator.ARITY,
        lambda g, m, a: detonator.error(g, m, a.kind),
        lambda g, m, a, _: detonator.perform(g, m, a.kind),
    ),
    **_each(
        bait.ARITY,
        lambda g, m, a: bait.error(g, m, a.kind),
        lambda g, m, a, _: bait.perform(g, m, a.kind),
    ),
    **_each(salt.ARITY, salt.error, lambda g, m, a, _: salt.perform(g, m, a)),
    **_each(trap.ARITY, trap.error, lambda g, m, a, _: trap.perform(g, m, a)),
    **_each(
        serum.ARITY,
        lambda g, m, a: serum.error(g, m, g.model(a.args[1])),
        lambda g, m, a, _: serum.perform(g, m, a),
    ),
    **_each(
        lost_soul.ARITY,
        lambda g, m, a: lost_soul.error(g, m, a.kind, a.args[1]),
        _quiet(lost_soul.perform),
    ),
    **_each(
        purifying.ARITY,
        lambda g, m, a: purifying.grave_error(g, m, a.args[1]),
        _quiet(lambda g, m, a: purifying.purify_grave(g, m, a.args[1])),
    ),
    **_each(pentacles.ARITY, pentacles.error, lambda g, m, a, _: pentacles.perform(g, m, a)),
    **_each(summoning.ARITY, summoning.error, lambda g, m, a, _: summoning.perform(g, m, a)),
    **_each(
        back_up.ARITY,
        lambda g, m, a: back_up.error(g, m),
        lambda g, m, a, _: back_up.perform(g, m),
    ),
    **_each(puppets.ARITY, puppets.error, lambda g, m, a, _: puppets.perform(g, m, a)),
    **_each(saltes.ARITY, saltes.error, lambda g, m, a, _: saltes.perform(g, m, a)),
    gaze.REGAIN: Kind(1, 0, gaze.error, lambda g, m, a, _: gaze.perform(g, m, a)),
    gaze.GAZE: Kind(2, ENGAGED, gaze.error, lambda g, m, a, _: gaze.perform(g, m, a), aims=True),
    gaze.DIRECT: Kind(1, ENGAGED, _direct_error, lambda g, m, a, _: _direct(g, m)),
    **_each(jet_pack.ARITY, jet_pack.error, lambda g, m, a, _: jet_pack.prepare(g, m)),
    "jet": Kind(
        1,
        ENGAGED,
        _pointed(jet_pack.jet_error),
        lambda g, m, a, _: [jet_pack.Flight(m.id, _point(a))],
    ),
    "mesmerize": Kind(
        2,
        ENGAGED,
        lambda g, m, a: mesmerize.error(g, m, g.model(a.args[1])),
        lambda g, m, a, _: mesmerize.perform(g, m, g.model(a.args[1])),
        aims=True,
    ),
    TRANSFER: Kind(
        2,
        ENGAGED,
        lambda g, m, a: mind_transfer.error(g, m, g.model(a.args[1])),
        lambda g, m, a, _: mind_transfer.perform(g, m, g.model(a.args[1])),
        aims=True,
    ),
    SHOCK: Kind(
        2,
        ENGAGED,
        lambda g, m, a: neural_shock.error(g, m, g.model(a.args[1])),
        lambda g, m, a, _: [neural_shock.Shock(m.id, a.args[1])],
        aims=True,
    ),
    "stomp": Kind(
        1,
        ENGAGED,
        lambda g, m, a: f"{m.id} cannot Stomp (R:622)",
        lambda g, m, a, _: stomp.perform(g, m),
    ),
    "howl": Kind(
        1, ENGAGED, lambda g, m, a: howl.error(g, m), lambda g, m, a, _: howl.perform(g, m)
    ),
    engulf.PULL: Kind(
        1,
        ENGAGED,
        lambda g, m, a: f"{m.id} has no Grave Grub on it (R:591)",
        _quiet(lambda g, m, a: engulf.pull(g, m)),
    ),
    "move": Kind(1, ENGAGED, lambda g, m, a: f"a Move needs a point: move {m.id} x,y", _move, True),
    "drag": Kind(2, ENGAGED, _drag_error, _drag, True),
    "search": Kind(
        2,
        ENGAGED,
        lambda g, m, a: tokens.search_error(g, m, a.args[1]),
        _quiet(lambda g, m, a: tokens.searched(g, m, a.args[1])),
    ),
    "jump": Kind(1, ENGAGED, _pointed(jump_error), _jump, True),
    "clear-jam": Kind(
        2,
        ENGAGED,
        lambda g, m, a: f"{m.id} has no Jammed weapon {a.args[1]!r}",
        _quiet(_clear_jam),
    ),
    "ready": Kind(
        2,
        ENGAGED,
        lambda g, m, a: f"{m.id} has no Ready weapon {a.args[1]!r} to ready",
        _quiet(_ready),
    ),
    "aim": Kind(
        1,
        ENGAGED,
        lambda g, m, a: (
            f"{m.id} may not take aim: it needs Accurate, a Rate 1D weapon and no aim taken"
        ),
        _quiet(_aim),
    ),
    "smash": Kind(
        2,
        ENGAGED,
        lambda g, m, a: smash_error(g, m, a.args[1]),
        lambda g, m, a, _: [Smash(m.id, a.args[1])],
    ),
    "climb": Kind(2, ENGAGED, _climb_error, _climb, True),
    afflictions.STRUGGLE: Kind(
        1, ENGAGED, lambda g, m, a: None, lambda g, m, a, _: [afflictions.Struggle(m.id)]
    ),
    "pass": Kind(1, ENGAGED, lambda g, m, a: None, _quiet(_forfeit)),
}
"""Every Action kind, its check and its effect side by side: a new Action is one row here
(most pass every gate, :data:`ENGAGED`)."""
