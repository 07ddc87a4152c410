"""Random legal Strange Aeons lists, seeded: a Threshold team, and a Lurker list answering it in
a Basic Scenario (for simulations and the contract suite).

Each list is built by the rules it will be checked by (:mod:`.team`, :mod:`.lurkers`): a team of
one Character and other personnel within its level's PP and a new list's 15 Total Points
(R:346-350, R:489-502, notes §6 item 26), a free Skill each that meets
its Requirements (now and then a Phobia from earlier games first, drawn with an rng of its own
so that the rest of the team is drawn as without it, R:227), then Master Weapons Table items
(and prototypes, as its level allows, R:493; now and then a Shotgun loaded with Rock Salt,
R:1251, with an rng of its own too) and Extra Gear within the EP left and the model's
slots (R:460), one 2-Hand weapon at most unless Burly (R:1057, notes §6 item 4), then Special
Agents for its Map Pieces as its level allows and the points left pay (R:376-378; a Psychic
Operative with its power and Skills, R:418); a new team spends what is left on weapons, the
dearest first, with one more model first where its EP maximum could not take it (R:350,
R:352);
a Lurker list
of profiles bought with the list, within the team's Total Points (R:514), meeting the scenario's
restrictions (notes §3.15): Human Lurkers first up to half the points where asked, the models it
needs kept affordable, one model for Monster Attack!, no model above 10 points where capped, and
nothing bought for a 15-point profile where forbidden; now and then five of a profile come as a
Mob (R:919). Lurkers buy items only within their free "any up to X EP" (R:747), now and then a
Skill at 1 point (R:518), the upgrades that come free (the Godling's first Eldritch Power,
R:660) and now and then one more (R:517); now and then the list buys one Plot Point (R:928):
Essential Saltes bank every point the list leaves (R:933, notes §6 item 68), and are left
unbought where no model may carry them.
The result is checked before it is returned; a list
that breaks a rule is a bug here, raised.

A :class:`ListFilter` narrows what may be drawn: the game draws lists of only what it plays.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from skirmish.rulesets.strange_aeons.lists.costs import (
    SKILL_POINTS,
    items_ep,
    lurker_total,
    most_upgrades,
    pick_points,
    picks_points,
    starting_upgrades,
)
from skirmish.rulesets.strange_aeons.lists.gear import ARMOUR_WORN, is_two_hand, two_hand_limit
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListData,
    LurkerList,
    LurkerPick,
    Operative,
    ThresholdList,
)
from skirmish.rulesets.strange_aeons.lists.lurkers import MOB_MODELS, check_lurkers
from skirmish.rulesets.strange_aeons.lists.phobias import Phobia
from skirmish.rulesets.strange_aeons.lists.plot_points import (
    PLOT_POINT_POINTS,
    SALTES,
    SHARE,
    PlotPoint,
)
from skirmish.rulesets.strange_aeons.lists.promotion import Level, Promotion
from skirmish.rulesets.strange_aeons.lists.psychic import (
    SPECIALIST_SKILLS,
    PsychicRules,
    needs_power,
)
from skirmish.rulesets.strange_aeons.lists.scenarios import (
    Restriction,
    alone_problem,
    answered_total,
    is_ranged,
    lurker_models,
)
from skirmish.rulesets.strange_aeons.lists.skills import skill_problems
from skirmish.rulesets.strange_aeons.lists.team import (
    ACCOUNTANT,
    ANIMAL_HANDLER,
    CHARACTER,
    check_team,
    handler_skills,
)
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ability,
    Ammo,
    Animal,
    Armour,
    BookCatalog,
    Item,
    Lurker,
    Personnel,
    Profile,
    Skill,
    SkillKind,
    SpecialAgent,
    SpecialType,
    Table,
)

__all__ = ["ListFilter", "random_lurkers", "random_team"]

NAMES = ("Ames", "Blake", "Carter", "Dyer", "Eliot", "Gilman", "Hall", "Marsh", "Olmstead")
"""Surnames for the team's models, numbered when they run out."""
MORE_PERSONNEL = 0.7
"""The chance to recruit one more model while the points allow."""
LURKER_SKILL = 0.3
"""The chance that a Lurker buys a Skill it can afford."""
STOP = 0.25
"""The chance to stop adding Lurkers once the scenario's needs are met."""
MOB = 0.2
"""The chance that five of a profile the list can afford come as a Mob."""
UPGRADE = 0.3
"""The chance that a Lurker buys one more upgrade it can afford, beyond those it has free."""
EACH = 2
"""The most of an upgrade bought for each of what it brings that a random Lurker buys."""
LURKER_PROTOTYPE = 0.5
"""The chance that a Lurker that may buy a Special Branch prototype buys one it can afford."""
UNLIMITED = 25
"""The PP and the EP a random team spends at Distinguished Service, which sets no maxima
(R:500): a bound for random lists, not a rule."""
ANIMALS = 2
"""The Animals an Animal Handler of a random team buys at most: a bound, not a rule."""
UNLIMITED_PROTOTYPES = 3
"""The Special Branch prototypes a random team carries at most where any number may (R:500)."""
PHOBIA = 0.2
"""The chance that a model of a random team carries a Phobia from earlier games (R:227)."""
DEAR = 3
FEATURED = 0.5
"""The chance that a Lurker list of several models opens with a profile drawn for it
(:func:`_headliner`)."""
PLOT = 0.3
"""The chance that a Lurker list buys a Plot Point (R:928)."""
BANISHING = 0.5
"""The chance that a model of a random team loads a weapon it bought with ammunition that
Banishes Ghosts (Rock Salt, R:1225, R:1251)."""


Entry = Profile | Skill | Item | Ability | Phobia
"""What a random list may draw: a profile, a Skill, an item, an upgrade or a Phobia."""


def _anything(entry: Entry) -> bool:
    return True


def _any_mob(profile: Lurker) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class ListFilter:
    """What a random list may hold: the profiles, skills, items and upgrades ``allows``
    accepts (a profile judged with everything it prints), Mobs only where ``mobs``, of
    the profiles ``mobs_of`` accepts, and the Plot Points of ``plots`` (none unless given)."""

    allows: Callable[[Entry], bool] = _anything
    mobs: bool = True
    mobs_of: Callable[[Lurker], bool] = _any_mob
    plots: tuple[PlotPoint, ...] = ()


def random_team(
    book: BookCatalog,
    promotion: Promotion,
    seed: int,
    name: str = "Random team",
    wins: int = 0,
    map_pieces: int = 0,
    only: ListFilter | None = None,
) -> ThresholdList:
    """A Threshold team with ``wins`` and ``map_pieces``, random but legal for the seed,
    holding only what ``only`` allows (anything by default)."""
    rng = random.Random(seed)
    allows = (only or ListFilter()).allows
    budget = _Budget(promotion, promotion.level_of(wins))
    people: list[Personnel] = [book.personnel[CHARACTER]]
    budget.spend(people[0].pp, 0.0)
    others = [p for p in book.personnel.values() if p.id != CHARACTER and allows(p)]
    while rng.random() < MORE_PERSONNEL:
        fits = [p for p in others if budget.fits(p.pp, 0.5)]
        if not fits:
            break
        people.append(rng.choice(fits))
        budget.spend(people[-1].pp, 0.0)
    # A new list spends all its points, and its EP maximum cannot take more than the models
    # leave: one more model while it would, drawn with an rng of its own so that the rest of
    # the team is drawn as without it.
    more = random.Random(f"{seed} spends all")
    while budget.spends_all and budget.total > budget.ep:
        fits = [p for p in others if budget.fits(p.pp, 0.0)]
        if not fits:
            break
        people.append(more.choice(fits))
        budget.spend(people[-1].pp, 0.0)
    extras = ListData.load()
    psychic = extras.psychic
    operatives = []
    scars = random.Random(f"{seed} phobias")
    salt = random.Random(f"{seed} banishing")
    for number, profile in enumerate(people):
        phobias = _phobias(scars, extras, allows)
        skills = _skills(book, rng, profile, profile.free_skills, True, allows, len(phobias))
        gear = _threshold_gear(book, rng, profile, skills, budget, allows)
        gear = (*gear, *_banishing(book, salt, gear, budget.ep_left, allows))
        budget.spend(0.0, items_ep(gear))
        animals = _animals(book, rng, skills, budget, allows)
        budget.spend(0.0, sum(a.ep for a in animals))
        operatives.append(
            Operative(_surname(number), profile, skills, gear, animals=animals, phobias=phobias)
        )
    # Special Agents last, with an rng of their own: a team without Map Pieces is drawn as it
    # would be without them.
    hiring = random.Random(f"{seed} agents")
    agents = _special_agents(book, hiring, budget, map_pieces, allows)
    operatives += [_recruit(book, hiring, psychic, agent) for agent in agents]
    team = ThresholdList(name, _spend_the_rest(book, operatives, budget, allows), wins, map_pieces)
    _must_be_legal(check_team(book, promotion, team, extras=extras), name)
    return team


class _Budget:
    """The PP and EP a random team may still spend at its level (R:346, R:2104, R:489-502),
    and the Special Branch prototypes it may still carry (R:493, R:500), none it carries
    already (R:1316)."""

    def __init__(self, promotion: Promotion, level: Level) -> None:
        self.level = level
        self.pp = float(level.pp if level.pp is not None else UNLIMITED)
        self.ep = float(level.ep if level.ep is not None else UNLIMITED)
        self.spends_all = level.wins == 0  # a new list spends all its points (R:350, R:352)
        self.total = float(promotion.starting_points) if self.spends_all else self.pp + self.ep
        self.prototypes = level.prototypes if level.prototypes is not None else UNLIMITED_PROTOTYPES
        self.carried: set[str] = set()

    def fits(self, pp: float, ep: float) -> bool:
        """Whether ``pp`` and ``ep`` more fit, with half a point left for a first item."""
        return pp <= self.pp and ep <= self.ep and pp + ep < self.total

    def affords(self, pp: float, ep: float) -> bool:
        """Whether ``pp`` and ``ep`` more fit, nothing left after them needed."""
        return pp <= self.pp and ep <= self.ep_left and pp + ep <= self.total

    def spend(self, pp: float, ep: float) -> None:
        """Take ``pp`` and ``ep`` off what is left."""
        self.pp, self.ep, self.total = self.pp - pp, self.ep - ep, self.total - pp - ep

    @property
    def ep_left(self) -> float:
        """The EP that may still be spent."""
        return min(self.ep, self.total)


def _spend_the_rest(
    book: BookCatalog,
    operatives: list[Operative],
    budget: _Budget,
    allows: Callable[[Entry], bool],
) -> tuple[Operative, ...]:
    """The team, a new one spending all its Total Points (R:350, R:352): what the draws left
    buys Master Weapons Table items, the dearest that fits first, one to each model in turn
    (a Special Agent comes as printed, R:378)."""
    if not budget.spends_all:
        return tuple(operatives)
    fillers = sorted(
        (i for i in book.on_table(Table.MASTER) if i.ep and allows(i) and not isinstance(i, Ammo)),
        key=lambda i: -(i.ep or 0.0),
    )
    buyers = [n for n, op in enumerate(operatives) if isinstance(op.profile, Personnel)]
    gear = [list(op.gear) for op in operatives]
    kits = {n: _Kit(book, operatives[n].profile, operatives[n].skills) for n in buyers}
    turn, misses = 0, 0  # with no model left that an item fits, the check says what is left
    while budget.total > 0 and misses < len(buyers):
        n = buyers[turn % len(buyers)]
        turn += 1
        fits = [i for i in fillers if (i.ep or 0.0) <= budget.total and kits[n].fit(i, gear[n])]
        if not fits:
            misses += 1
            continue
        misses = 0
        gear[n].append(fits[0])
        budget.spend(0.0, fits[0].ep or 0.0)
    return tuple(replace(op, gear=tuple(g)) for op, g in zip(operatives, gear, strict=True))


def _special_agents(
    book: BookCatalog,
    rng: random.Random,
    budget: _Budget,
    map_pieces: int,
    allows: Callable[[Entry], bool],
) -> list[SpecialAgent]:
    # One Map Piece each (R:376), no profile twice (R:378), as many as the level allows.
    allowed = min(map_pieces, budget.level.special_agents or map_pieces)
    agents: list[SpecialAgent] = []
    while len(agents) < allowed and rng.random() < MORE_PERSONNEL:
        fits = [
            a
            for a in book.agents.values()
            if a not in agents and budget.affords(a.pp, a.ep) and allows(a)
        ]
        if not fits:
            break
        agents.append(rng.choice(fits))
        budget.spend(agents[-1].pp, agents[-1].ep)
    return agents


def _recruit(
    book: BookCatalog, rng: random.Random, psychic: PsychicRules, agent: SpecialAgent
) -> Operative:
    # A Psychic Operative chooses a real power and 1D3 Skills that need one (R:418).
    if psychic.specialist not in agent.abilities:
        return Operative(agent.name, agent)
    power = rng.choice([p for p in psychic.power if p.real])
    needing = [s for s in book.skills.values() if needs_power(s)]
    fits = [s for s in needing if not list(skill_problems(book, "", agent, (s,), True, power))]
    skills = tuple(rng.sample(fits, min(rng.randint(*SPECIALIST_SKILLS), len(fits))))
    return Operative(agent.name, agent, skills, (), power)


def _phobias(
    rng: random.Random, extras: ListData, allows: Callable[[Entry], bool]
) -> tuple[Phobia, ...]:
    # A Phobia now and then (R:227); a new team's is one it carries from a game not logged.
    if rng.random() >= PHOBIA:
        return ()
    known = [p for p in extras.phobias.values() if allows(p)]
    return (rng.choice(known),) if known else ()


def _surname(number: int) -> str:
    base = NAMES[number % len(NAMES)]
    return base if number < len(NAMES) else f"{base} {number // len(NAMES) + 1}"


def _skills(
    book: BookCatalog,
    rng: random.Random,
    profile: Profile,
    count: int,
    threshold: bool,
    allows: Callable[[Entry], bool],
    phobias: int = 0,
) -> tuple[Skill, ...]:
    # Accountant only lets a team exceed the maxima a random team is drawn within: left to
    # teams written by hand.
    general = [
        s
        for s in book.skills.values()
        if s.kind is SkillKind.GENERAL and allows(s) and s.id != ACCOUNTANT
    ]
    fits = [
        s
        for s in general
        if not list(skill_problems(book, profile.name, profile, (s,), threshold, None, phobias))
    ]
    return tuple(rng.sample(fits, min(count, len(fits))))


def _threshold_gear(
    book: BookCatalog,
    rng: random.Random,
    profile: Personnel,
    skills: Sequence[Skill],
    budget: _Budget,
    allows: Callable[[Entry], bool],
) -> tuple[Item, ...]:
    # A weapon or two from the Master table (a prototype too while the level allows one), then
    # Extra Gear in the model's slots.
    master = [i for i in book.on_table(Table.MASTER) if i.ep and not isinstance(i, Ammo)]
    if budget.prototypes:
        master += book.on_table(Table.SPECIAL_BRANCH)
    master = [i for i in master if allows(i) and i.id not in budget.carried]
    extra = [i for i in book.on_table(Table.EXTRA_GEAR) if i.ep and allows(i)]
    kit = _Kit(book, profile, skills)
    gear: list[Item] = []
    for _ in range(rng.randint(0, 2)):
        gear += _affordable(rng, master, budget.ep_left - items_ep(gear), gear, kit)
        if gear and Table.SPECIAL_BRANCH in gear[-1].tables:
            budget.prototypes -= 1
            budget.carried.add(gear[-1].id)
            master = [
                i
                for i in master
                if Table.SPECIAL_BRANCH not in i.tables
                or (budget.prototypes and i.id not in budget.carried)
            ]
    for _ in range(rng.randint(0, profile.extra_gear)):
        gear += _affordable(rng, extra, budget.ep_left - items_ep(gear), gear, kit)
    return tuple(gear)


def _banishing(
    book: BookCatalog,
    rng: random.Random,
    gear: Sequence[Item],
    left: float,
    allows: Callable[[Entry], bool],
) -> list[Item]:
    # Now and then a Shotgun is loaded with Rock Salt (R:1251), drawn with an rng of its own so
    # that the rest of the team is drawn as without it; it is paid for each Shotgun (R:1243).
    fits = [
        a
        for a in book.on_table(Table.MASTER)
        if isinstance(a, Ammo)
        and any(r.id == "banish" for r in a.specials)
        and any(i.id in a.weapons for i in gear)
        and items_ep([*gear, a]) <= left
        and allows(a)
    ]
    return [fits[0]] if fits and rng.random() < BANISHING else []


def _animals(
    book: BookCatalog,
    rng: random.Random,
    skills: Sequence[Skill],
    budget: _Budget,
    allows: Callable[[Entry], bool],
) -> tuple[Animal, ...]:
    # An Animal Handler buys up to two Animals within the EP left (R:1366), a Mount only with
    # Ride (R:1121); nobody else draws, so the other lists of a seed stay as they were.
    owned = {s.id for s in skills}
    if ANIMAL_HANDLER not in owned:
        return ()
    bought: list[Animal] = []
    for _ in range(rng.randint(0, ANIMALS)):
        left = budget.ep_left - sum(a.ep for a in bought)
        fits = [
            a
            for a in book.animals.values()
            if a.ep <= left and allows(a) and owned.issuperset(handler_skills(book, a))
        ]
        if fits:
            bought.append(rng.choice(fits))
    return tuple(bought)


class _Kit:
    """Whether one more item fits what a model carries: a 2-Hand weapon within its limit
    (R:1057, notes §6 item 4), a piece of armour only if it wears none (R:474, :mod:`.gear`)."""

    def __init__(self, book: BookCatalog, profile: Profile, skills: Sequence[Skill]) -> None:
        self.limit = two_hand_limit(book, profile, skills)[0]
        printed = [book.items[ref.item] for ref in profile.gear]
        self.printed = sum(1 for i in printed if is_two_hand(i))
        self.armour = sum(1 for i in printed if isinstance(i, Armour))

    def fit(self, item: Item, taken: Sequence[Item]) -> bool:
        held = self.printed + sum(1 for i in taken if is_two_hand(i))
        hands = self.limit is None or not is_two_hand(item) or held < self.limit
        worn = self.armour + sum(1 for i in taken if isinstance(i, Armour))
        return hands and (not isinstance(item, Armour) or worn < ARMOUR_WORN)


def _affordable(
    rng: random.Random,
    items: Sequence[Item],
    left: float,
    taken: Sequence[Item],
    kit: _Kit,
) -> list[Item]:
    fits = [i for i in items if (i.ep or 0.0) <= left and i not in taken and kit.fit(i, taken)]
    return [rng.choice(fits)] if fits else []


def random_lurkers(
    book: BookCatalog,
    team: ThresholdList,
    seed: int,
    scenario: Restriction | None = None,
    name: str = "Random Lurkers",
    only: ListFilter | None = None,
) -> LurkerList:
    """A Lurker list answering ``team`` in ``scenario``, random but legal for the seed,
    holding only what ``only`` allows (anything by default)."""
    rng = random.Random(seed)
    only = only or ListFilter()
    if scenario is not None and scenario.humans_only:
        only = _narrowed(only, _human)
    if scenario is not None and scenario.close_combat_only:
        only = _narrowed(only, _close_combat)
    sold = _Sold(_bought(book, only))
    budget = answered_total(book, team, scenario)
    need = _models_needed(scenario, len(team.operatives))
    plots = _plot_points(random.Random(f"{seed} plot"), only, budget, sold.reserve(need), scenario)
    spent_on_plots = PLOT_POINT_POINTS * len(plots)
    humans = math.ceil(budget / 2) if scenario is not None and scenario.humans_at_least_half else 0
    picks: list[LurkerPick] = []
    exact = scenario is not None and scenario.models_exactly is not None
    # Half the lists open with a profile drawn for it, with an rng of its own: the others are
    # drawn as without it.
    featured = random.Random(f"{seed} featured").random() < FEATURED
    while not exact or lurker_models(picks) < need:
        left = budget - spent_on_plots - picks_points(book, picks)
        human_left = humans - sum(
            pick_points(book, p, picks) for p in picks if p.profile.is_a(SpecialType.HUMAN)
        )
        spendable = left - sold.reserve(need - lurker_models(picks) - 1)
        pool = _lurker_pool(sold, picks, scenario, spendable, human_left)
        done = lurker_models(picks) >= need and human_left <= 0
        if not pool or (done and rng.random() < STOP):
            break
        single = seed if exact and need == 1 else None
        chosen = rng.choice(pool)
        if not picks and (single is not None or featured):
            chosen = _headliner(random.Random(f"{seed} headliner"), pool, sold, single)
        human = chosen.is_a(SpecialType.HUMAN)
        owed = 0.0 if human else sold.beside_humans(human_left)
        pick = _lurker_pick(book, rng, chosen, len(picks) + 1, scenario, spendable - owed, only)
        mob = replace(pick, count=MOB_MODELS, mob=True)
        room = left - sold.reserve(need - lurker_models(picks) - MOB_MODELS) - owed
        alone = exact and scenario is not None and scenario.mob_for_one
        mobs = only.mobs and (alone or not exact) and _may_mob(pick, scenario, only)
        if mobs and pick_points(book, mob, (*picks, mob)) <= room:
            pick = mob if rng.random() < MOB else pick
        picks.append(pick)
    lurkers = _saltes_kept(
        book, LurkerList(name, tuple(picks), budget, len(team.operatives), plots)
    )
    _must_be_legal(check_lurkers(book, lurkers, team, scenario), name)
    return lurkers


def _plot_points(
    rng: random.Random,
    only: ListFilter,
    budget: float,
    reserve: float,
    scenario: Restriction | None,
) -> tuple[PlotPoint, ...]:
    """Now and then one Plot Point of ``only``'s, where its 4 points take at most half the
    list's ``budget`` (R:928) and leave what the models the scenario needs cost (``reserve``);
    never where Humans must take half the points, which a Plot Point would squeeze."""
    humans = scenario is not None and scenario.humans_at_least_half
    room = budget - PLOT_POINT_POINTS >= reserve and budget * SHARE >= PLOT_POINT_POINTS
    if not only.plots or humans or not room or rng.random() >= PLOT:
        return ()
    return (rng.choice(only.plots),)


def _saltes_kept(book: BookCatalog, lurkers: LurkerList) -> LurkerList:
    """A list that drew Essential Saltes: without them where no model may carry them, else
    banking every point it leaves unspent (R:933, notes §6 item 68)."""
    plot = next((p for p in lurkers.plot_points if p.id == SALTES), None)
    if plot is None or lurkers.points is None:
        return lurkers
    if not any(pick.profile.is_a(t) for pick in lurkers.picks for t in plot.carrier):
        return replace(lurkers, plot_points=tuple(p for p in lurkers.plot_points if p != plot))
    return replace(lurkers, saltes_bank=lurkers.points - lurker_total(book, lurkers))


def _headliner(
    rng: random.Random, pool: Sequence[Lurker], sold: _Sold, single: int | None
) -> Lurker:
    """The first profile of a list: where it is the list's one model, the profile sold whose
    turn it is for the seed ``single``, or the next that fits (so that over the seeds each
    comes); otherwise one drawn with a weight of its points to the power :data:`DEAR`, as a
    dear profile fits fewer lists than a cheap one and cheap ones fill the rest of the
    list."""
    if single is not None:
        turns = sold.profiles[single % len(sold.profiles) :] + sold.profiles
        return next(p for p in turns if p in pool)
    return rng.choices(pool, weights=[(p.points or 0.0) ** DEAR for p in pool])[0]


class _Sold:
    """The profiles a random list may buy, read once: the cheapest overall and the cheapest
    Human among them."""

    def __init__(self, profiles: list[Lurker]) -> None:
        self.profiles = profiles
        self.cheapest = min(p.points or 0.0 for p in profiles)
        human = [p.points or 0.0 for p in profiles if p.is_a(SpecialType.HUMAN)]
        self.cheapest_human = min(human, default=math.inf)

    def reserve(self, models: int) -> float:
        """Enough for ``models`` more, at the cheapest profile's price each."""
        return max(0, models) * self.cheapest

    def beside_humans(self, human_left: float) -> float:
        """What a list must keep for the Human points it still owes (R:1564, R:1598): they
        and, so that Humans can pay them to the last point, the cheapest Human's price
        less one."""
        return human_left + self.cheapest_human - 1 if human_left > 0 else 0.0


def _narrowed(only: ListFilter, keep: Callable[[Entry], bool]) -> ListFilter:
    """``only`` narrowed to the entries ``keep`` accepts (a Variant's limits)."""

    def allows(entry: Entry) -> bool:
        return keep(entry) and only.allows(entry)

    return replace(only, allows=allows)


def _human(entry: Entry) -> bool:
    """Not a Lurker profile but a Human one (Street Fight, R:1594)."""
    return not isinstance(entry, Lurker) or entry.is_a(SpecialType.HUMAN)


def _close_combat(entry: Entry) -> bool:
    """No Ranged weapon nor its ammunition bought (Street Fight, R:1594)."""
    return not (isinstance(entry, Item) and is_ranged(entry))


def _may_mob(pick: LurkerPick, scenario: Restriction | None, only: ListFilter) -> bool:
    # Five of one profile may become a Mob (R:919): never a Unique one, nor, where the
    # scenario takes profiles of 15 points or more as printed, one of those.
    base = pick.profile.points or 0.0
    frozen = scenario is not None and base >= (scenario.no_upgrades_from or math.inf)
    refused = not only.mobs_of(pick.profile)
    return not pick.profile.is_a(SpecialType.UNIQUE) and not frozen and not refused


def _models_needed(scenario: Restriction | None, threshold_models: int) -> int:
    if scenario is None:
        return 1
    if scenario.models_exactly is not None:
        return scenario.models_exactly
    return threshold_models + (scenario.models_more_than_threshold or 0) or 1


def _bought(book: BookCatalog, only: ListFilter) -> list[Lurker]:
    return [
        p
        for p in book.lurkers.values()
        if p.bought == "list" and p.points is not None and only.allows(p)
    ]


def _lurker_pool(
    sold: _Sold,
    picks: Sequence[LurkerPick],
    scenario: Restriction | None,
    spendable: float,
    human_left: float,
) -> list[Lurker]:
    # A Human within what the list may spend; any other within what it may spend beside the
    # Humans it still owes.
    # A list of one holds only a profile that plays alone (R:1616).
    taken = {pick.profile.id for pick in picks}
    cap = scenario.model_points_at_most if scenario is not None else None
    alone = scenario is not None and scenario.models_exactly is not None
    beside = spendable - sold.beside_humans(human_left)
    return [
        p
        for p in sold.profiles
        if (p.points or 0.0) <= (spendable if p.is_a(SpecialType.HUMAN) else beside)
        and (cap is None or (p.points or 0.0) <= cap)
        and not (p.is_a(SpecialType.UNIQUE) and p.id in taken)
        and not (alone and alone_problem(p) is not None)
    ]


def _lurker_pick(
    book: BookCatalog,
    rng: random.Random,
    profile: Lurker,
    number: int,
    scenario: Restriction | None,
    spendable: float,
    only: ListFilter,
) -> LurkerPick:
    base = profile.points or 0.0
    frozen = scenario is not None and scenario.no_upgrades_from is not None
    printed = frozen and scenario is not None and base >= (scenario.no_upgrades_from or 0)
    cap = scenario.model_points_at_most if scenario is not None else None
    room = min(spendable, cap or spendable) - base
    buys_skill = not printed and room >= SKILL_POINTS and rng.random() < LURKER_SKILL
    buys_skill = buys_skill and not profile.is_a(SpecialType.GHOST)  # R:116
    skills = _skills(book, rng, profile, 1, False, only.allows) if buys_skill else ()
    gear = () if printed else _free_gear(book, rng, profile, skills, only.allows)
    # Only a profile that may buy a prototype draws for one, so other lists stay as they were.
    espionage = any(book.abilities[a].prototypes for a in profile.abilities)
    if not printed and espionage and rng.random() < LURKER_PROTOTYPE:
        left = room - SKILL_POINTS * len(skills) - max(0.0, items_ep(gear) - profile.free_gear_ep)
        gear += tuple(_prototype(book, rng, profile, skills, gear, left, only.allows))
    left = room - SKILL_POINTS * len(skills) - max(0.0, items_ep(gear) - profile.free_gear_ep)
    upgrades = _upgrades(book, rng, profile, left, only.allows, buys=not printed)
    return LurkerPick(f"{profile.name} {number}", profile, 1, skills, upgrades, gear)


def _upgrades(
    book: BookCatalog,
    rng: random.Random,
    profile: Lurker,
    left: float,
    allows: Callable[[Entry], bool],
    buys: bool = True,
) -> tuple[Ability, ...]:
    """The upgrades a random ``profile`` takes: those it starts with (the Godling's first
    Eldritch Power, R:660), then, if it ``buys`` any, now and then one more that ``left``
    points pay, within its limit (Minor God's one, R:672)."""
    sold = [book.abilities[u] for u in profile.upgrades if allows(book.abilities[u])]
    if not sold:
        return ()
    limit = most_upgrades(book, profile, len(sold))
    taken = rng.sample(sold, min(limit, starting_upgrades(book, profile)))
    fits = [u for u in sold if u not in taken and (u.cost or 0.0) <= left]
    if buys and fits and len(taken) < limit and rng.random() < UPGRADE:
        chosen = rng.choice(fits)
        # One bought for each of what it brings (a Pre-laid Egg, R:596): one or a few.
        most = min(EACH, int(left // (chosen.cost or 1.0))) if chosen.each else 1
        taken += [chosen] * rng.randint(1, most)
    return tuple(taken)


def _prototype(
    book: BookCatalog,
    rng: random.Random,
    profile: Lurker,
    skills: Sequence[Skill],
    gear: Sequence[Item],
    left: float,
    allows: Callable[[Entry], bool],
) -> list[Item]:
    """A Special Branch prototype the points allow, for a profile that may buy one (the Rogue
    Threshold Agent's Internal Espionage, R:811)."""
    sold = [i for i in book.on_table(Table.SPECIAL_BRANCH) if allows(i)]
    return _affordable(rng, sold, left, gear, _Kit(book, profile, skills))


def _free_gear(
    book: BookCatalog,
    rng: random.Random,
    profile: Lurker,
    skills: Sequence[Skill],
    allows: Callable[[Entry], bool],
) -> tuple[Item, ...]:
    sold = [
        i
        for t in profile.tables
        for i in book.on_table(t)
        if i.ep and not isinstance(i, Ammo) and Table.SPECIAL_BRANCH not in i.tables and allows(i)
    ]
    kit = _Kit(book, profile, skills)
    gear: list[Item] = []
    for _ in range(2):
        gear += _affordable(rng, sold, profile.free_gear_ep - items_ep(gear), gear, kit)
    return tuple(gear)


def _must_be_legal(problems: Sequence[str], name: str) -> None:
    if problems:
        raise RuntimeError(f"random list {name!r} breaks the rules: {'; '.join(problems)}")
