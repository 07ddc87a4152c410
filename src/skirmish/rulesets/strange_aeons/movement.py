"""Movement: Move, Charge, ladders and leaving the table.

A Move to a point beyond a table edge leaves the table by that edge, if the edge is within
the model's Movement: it counts as a Minor Injury and the model takes no further part, unless
a Basic Scenario makes it an objective or the edge is Enclosed (:mod:`.objectives`). A Move
may take a scenario's marker along (:mod:`.tokens`). A model with Sprint moves 2" further on
a Move right after a Move of the same turn, but never into a Charge that only the extra
inches reach (R:1140, notes §6 item 65): a Move declared into one is refused, and a rolled
Movement that needs them to reach base-to-base stops short of it (notes §6 item 49). A Move
into base-to-base is a Charge (R:162), and so is a rolled Charge that falls short, a Move
(notes §6 item 49), ending in base-to-base with another enemy
(:func:`.psychology.contact_charge`): that Move ends short of an unseen Invisibility Suit
wearer, as no Move ends touching one (R:1330), and its contact asks the tests a Move there
asks (a Hidden enemy's, R:1089; Garlic's or Wolfsbane's, R:470, R:488) before the round; a
Falcon owing its handler a return makes none (R:1396, :mod:`.animals`), and a handler it
reaches has his Attack Dogs run to him (R:1371, :func:`.psychology.charge_round`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.board import Edge
from skirmish.geometry.paths import Path
from skirmish.geometry.shapes import CONTACT, Point, distance, edge_distance
from skirmish.geometry.terrain import Ladder
from skirmish.rulesets.strange_aeons import (
    animals,
    blessed,
    burrower,
    frighteners,
    ghosts,
    graves,
    lucky,
    objectives,
    salt,
    skill_actions,
    snatch,
    tokens,
    wards,
)
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.combat import held_back
from skirmish.rulesets.strange_aeons.damage import (
    drop_carried,
    remove,
)
from skirmish.rulesets.strange_aeons.ghosts import engage_error, is_ghost
from skirmish.rulesets.strange_aeons.ice import slip
from skirmish.rulesets.strange_aeons.invisibility import (
    clear_of,
    contact_error,
    unseen,
    unseen_error,
)
from skirmish.rulesets.strange_aeons.jumping import charge_spot, leap
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.pace import rolled, sprint_bonus, sprinted, stride, top
from skirmish.rulesets.strange_aeons.possession import possessions
from skirmish.rulesets.strange_aeons.psychology import CHARGE, charge_round, contact_charge
from skirmish.rulesets.strange_aeons.push import LEAVE
from skirmish.rulesets.strange_aeons.space import (
    Placement,
    contacts,
    foes,
    in_contact,
    in_the_way,
    inches,
    models,
    move_path,
    path_toward,
    placement,
    placement_reason,
    reach_along,
    rough_penalty,
    rough_stops_charge,
    stop_short,
    surface_name,
)

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

MOVE = "Move Actions"
LADDER = "Terrain: Ladders"
SHORT = "Charge Actions: a rolled Movement falls short (notes §6 item 49)"
SPRINT_SHORT = "Skills: Sprint: never into a Charge (R:1140; notes §6 item 49)"
CLIMB_SHORT = "Terrain: Ladders: a rolled Movement falls short (R:170, R:2116; notes §6 item 49)"
PATH_KEPT = 0.01
"""Inches a path's end may come nearer than its length allows, kept to the hundredth."""


def allowance(game: AeonsGame, m: AeonsModel) -> float:
    """How far a Move or Charge may take the model (rough terrain costs more, see space; a
    rolled Movement the most its roll gives, see pace)."""
    return top(game, m)


def move_allowance(game: AeonsGame, m: AeonsModel) -> float:
    """How far a Move Action (a ladder climbed one) may take the model: 2" more with Sprint
    when its last Action was a Move of this turn (:func:`.pace.sprint_bonus`); a Charge
    never sprints."""
    return allowance(game, m) + sprint_bonus(game, m)


def move_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why a Move of ``m`` to ``action.point`` is not legal, or ``None``: judged once though
    the rules ask when the point is sampled and when it is checked.

    Kept by the placement with what else the answer reads: the Invisibility Suits unveiled
    (an unseen wearer is no Charge's target, R:1330), the Grave Markers (R:116), the
    salt laid (R:480) and the Falcons owing a return (R:1396), which change while the models
    stand still."""
    point = action.point
    assert point is not None
    table = placement(game)
    reach = move_allowance(game, m)
    if action.kind == tokens.DRAG:
        return _drag_error(game, table, m, reach, action.args[1], point)
    st = game.state
    key = (
        game.index[m.id],
        action.kind,
        action.args,
        point,
        reach,
        st.unveiled,
        st.graves,
        st.salt,
        st.targeted,
    )
    kept = table.moves
    if key not in kept:
        kept[key] = _move_error(game, table, m, reach, point) or _arrival_error(game, m, action)
    return kept[key]


def _arrival_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why a Move of ``m`` to ``action.point``, which its path reaches, may not end there:
    in contact with an unseen wearer or, one of the two a Ghost, with an enemy; beyond its
    Grave Marker's tether; or, a Ghost, across salt."""
    point = action.point
    assert point is not None
    level = game.board.surface_at(point)
    found = contact_error(game, m, point, level)
    found = found or ghosts.contact_error(game, m, point, level)
    found = found or graves.tether_error(game, m, point)
    return found or salt.ghost_error(game, m, action)


def _drag_error(
    game: AeonsGame, table: Placement, m: AeonsModel, most: float, token_id: str, point: Point
) -> str | None:
    """Why ``m``, whose Move may cover ``most``, may not Move to ``point`` taking the marker
    ``token_id`` along."""
    why = tokens.drag_error(game, m, token_id)
    return why or _move_error(game, table, m, most, point, token_id)


def _move_error(
    game: AeonsGame, table: Placement, m: AeonsModel, most: float, point: Point, dragged: str = ""
) -> str | None:
    """Why ``m``, whose Move may cover ``most`` (:func:`move_allowance`, found once by the
    caller), may not Move to ``point`` dragging ``dragged``, or ``None``."""
    reach = most - tokens.penalty(game, m, dragged)
    exit_edge = game.board.beyond_edge(point)
    if exit_edge is not None:
        if m.level is not None:
            roof = surface_name(game, m.level)
            return f"{m.id} is on {roof}: a model leaves the table from the ground"
        walled = objectives.exit_error(game, m, exit_edge, dragged)
        if walled is not None:
            return walled
        goal = game.board.edge_contact(m.pos, m.radius, exit_edge)
        what = f"the {exit_edge.value} edge"
        route = table.route(game, m, goal, reach, what)
        return route if isinstance(route, str) else None
    level = game.board.surface_at(point)
    if level != m.level:
        there, here = surface_name(game, level), surface_name(game, m.level)
        return (
            f"the point is on {there}, {m.id} on {here}: "
            "a Move stays on its surface (a ladder changes it)"
        )
    where = table.reason(game, m, point, level) or burrower.end_error(game, m, point, level)
    if where is not None:
        return where
    route = table.route(game, m, point, reach, "the point")
    if isinstance(route, str):
        return route
    found = _stays_engaged(game, table, m, point) or _rough_charge(game, table, m, route)
    found = found or _targeted_charge(game, table, m, point)
    return found or _sprint_charge(game, table, m, point, most)


def _charged(game: AeonsGame, table: Placement, m: AeonsModel, point: Point) -> list[AeonsModel]:
    """The enemies a Move of ``m`` ending at ``point`` comes into base-to-base with, which
    makes it a Charge (R:162)."""
    return [
        e
        for e in table.models(game)
        if foes(game, e, m)
        and e.level == m.level
        and edge_distance(point, m.radius, e.pos, e.radius) <= CONTACT
    ]


def _stays_engaged(game: AeonsGame, table: Placement, m: AeonsModel, point: Point) -> str | None:
    """Why a Move of ``m`` out of its combat may not end at ``point``: still in base-to-base
    with an enemy it leaves (R:157, :mod:`.breaking`), or ``None``."""
    left = table.contacts(game, m)
    if not left:  # out of combat, as nearly every Move: no enemy to look for at the end
        return None
    still = [e.id for e in _charged(game, table, m, point) if e in left]
    if not still:
        return None
    return f"a Move from close combat ends out of base-to-base with {still[0]} (R:157)"


def _rough_charge(game: AeonsGame, table: Placement, m: AeonsModel, path: Path) -> str | None:
    """Why a Move of ``m`` along ``path`` would be a Charge through rough terrain (R:166), or
    ``None``."""
    if not path.touches_rough or not rough_stops_charge(game, m):
        return None
    near = _charged(game, table, m, path.end)
    if not near:
        return None
    return (
        f"a Move into base-to-base with {near[0].id} is a Charge (R:162), and no Charge goes "
        "through rough terrain (R:166)"
    )


def _targeted_charge(game: AeonsGame, table: Placement, m: AeonsModel, point: Point) -> str | None:
    """Why a Move of ``m`` to ``point`` would be a Charge of a Falcon that owes its handler
    a return (R:1396), or ``None``."""
    held = animals.targeted_error(game, m)
    near = _charged(game, table, m, point) if held is not None else []
    if not near:
        return None
    return f"a Move into base-to-base with {near[0].id} is a Charge (R:162): {held}"


def _sprint_charge(
    game: AeonsGame, table: Placement, m: AeonsModel, point: Point, most: float
) -> str | None:
    """Why a Move to ``point``, found within ``most``, would be a Charge only a Sprint reaches
    (R:1140), or ``None``."""
    if most <= allowance(game, m):
        # No Sprint in it (nearly every Move): a path within less is one within the Charge's.
        return None
    near = _charged(game, table, m, point)
    if not near or not isinstance(table.route(game, m, point, allowance(game, m), ""), str):
        return None
    return f"a Sprint-assisted Move never Charges (R:1140): {near[0].id} is out of a Charge's reach"


def _met(game: AeonsGame, table: Placement, m: AeonsModel, point: Point) -> list[AeonsModel]:
    """The enemies a Move of ``m`` ending at ``point`` comes into base-to-base with: not those
    it leaves, which it may end touching none of (R:157)."""
    fought = table.contacts(game, m)
    return [e for e in _charged(game, table, m, point) if e not in fought]


def _sprint_stop(game: AeonsGame, m: AeonsModel, walked: Path, unsprinted: float) -> Path:
    """Where a Move of ``m`` along ``walked`` ends: at its end, unless that comes into
    base-to-base with an enemy its Movement without Sprint's 2" (``unsprinted``) falls short
    of. A Sprint-assisted Move never Charges (R:1140): those 2" take it on toward the enemy,
    as a rolled Movement short of a Charge's target goes its whole roll (notes §6 item 49),
    up to base-to-base but not into it, and the Action is a Move."""
    if walked.length <= reach_along(game, m, walked, unsprinted) + 1e-9:
        return walked
    table = placement(game)
    met = _met(game, table, m, walked.end)
    if not met:
        return walked
    short = stop_short(game, m, walked, lambda p: bool(_met(game, table, m, p)))
    game.emit("sprint-short", SPRINT_SHORT, (m.id, met[0].id))
    return short


def charge_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` cannot Charge ``target`` now, or ``None``."""
    if not foes(game, target, m):
        return f"{target.id} is not an enemy of {m.id}"
    unseen = unseen_error(game, m, target)
    unseen = unseen or engage_error(game, m) or blessed.close_error(game, m, target)
    unseen = unseen or burrower.charge_error(game, m, target)
    if unseen is not None:
        return unseen
    if m.level != target.level and charge_spot(game, m, target) is None:
        there, here = surface_name(game, target.level), surface_name(game, m.level)
        across = ' or jumps a gap under 2"' if catalog_of(game).scenario.jumping else ""
        return f"{target.id} is on {there}, {m.id} on {here}: a Charge stays on its surface{across}"
    if m.level != target.level:
        return None
    reach = allowance(game, m)
    gap = edge_distance(m.pos, m.radius, target.pos, target.radius)
    if gap > reach:
        return f'{target.id} is {inches(gap)} away, more than the {reach:g}" of a Charge'
    if charge_path(game, m, target) is None:
        within = f'no path into base-to-base with {target.id} within {reach:g}"'
        if rough_stops_charge(game, m) and _charge_path(game, m, target, reach, True):
            return f"{within} clear of rough terrain, which no Charge goes through (R:166)"
        blocker = in_the_way(game, m, target.pos, (target.id,))
        if blocker is not None:
            return f"{within}: {blocker} is in the way"
        return f'{within} (rough terrain costs {rough_penalty(game, m):g}")'
    return None


def charge_path(
    game: AeonsGame, m: AeonsModel, target: AeonsModel, reach: float | None = None
) -> Path | None:
    """The path of a Charge at ``target``, on its surface and within reach as the crow flies
    (``charge_error`` checks both first): into base-to-base within the model's Move (or
    ``reach``, a rolled Movement), clear of rough terrain where it must be (R:166) unless
    the two already touch (no Move)."""
    most = allowance(game, m) if reach is None else reach
    through = in_contact(m, target) or not rough_stops_charge(game, m)
    return _charge_path(game, m, target, most, through)


def _charge_path(
    game: AeonsGame, m: AeonsModel, target: AeonsModel, most: float, through_rough: bool
) -> Path | None:
    """The path of a Charge at ``target`` within ``most``, through rough terrain or not."""
    # A path of ``most`` ends no nearer the target than it stands less ``most``, as the crow
    # flies (a point kept to the hundredth, :data:`PATH_KEPT`, aside): further, no path
    # reaches base-to-base and none is looked for.
    if edge_distance(m.pos, m.radius, target.pos, target.radius) > most + CONTACT + PATH_KEPT:
        return None
    stop = m.radius + target.radius + CONTACT / 2
    path = path_toward(game, m, target.pos, most, stop, (target.id,), through_rough)
    if path is None:
        return None
    end = path.points[-1]
    if distance(end, target.pos) - (m.radius + target.radius) > CONTACT:
        return None
    return path


def charge_targets(game: AeonsGame, table: Placement, m: AeonsModel) -> list[AeonsModel]:
    """Enemies the model can reach in base-to-base with a Charge: those
    :func:`charge_error` refuses none of, ``table`` being the game's placement."""
    reach = allowance(game, m)
    if is_ghost(game, m):
        return []
    # The distance first: the cheapest test, and it leaves out most enemies.
    enemies = [
        e
        for e in table.models(game)
        if foes(game, e, m)
        and (e.level != m.level or edge_distance(m.pos, m.radius, e.pos, e.radius) <= reach)
        and not unseen(game, m, e)
        and blessed.close_error(game, m, e) is None
        and burrower.charge_error(game, m, e) is None
    ]
    return [
        e
        for e in enemies
        if (charge_spot(game, m, e) if e.level != m.level else charge_path(game, m, e)) is not None
    ]


@dataclass(slots=True, eq=False)
class MoveTo(Step):
    """A Move to a point, taking the marker ``token`` along if given (a Basic Scenario's,
    :mod:`.tokens`); one that ends in base-to-base with an enemy is a Charge."""

    rule = MOVE
    model: str
    x: float
    y: float
    reach: float
    """How far it may go: the model's Movement, or more for a Sprint (:func:`move_allowance`)."""
    token: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        fought = contacts(game, m)  # a Move out of a combat: breaking away (R:157)
        burden = tokens.penalty(game, m, self.token)
        reach = self.reach - burden
        edge = game.board.beyond_edge((self.x, self.y))
        bonus = self.reach - allowance(game, m)  # Sprint's, if any
        if edge is not None:
            exit_route = exit_path(game, m, edge, reach)
            assert exit_route is not None
            start = m.pos
            walked, _ = stride(game, m, exit_route, bonus, burden)
            tokens.travel(game, m, walked, LEAVE if walked is exit_route else MOVE)
            if walked is exit_route and snatch.nests(game, m, edge):
                victim = snatch.fly_off(game, m, edge)
                remove(game, victim, snatch.NEST, snatch.NEST_RULE, injured=False, left_table=True)
            elif walked is exit_route:
                reason = objectives.leaving(game, m, edge, self.token)
                remove(game, m, reason, LEAVE, injured=False, left_table=True)
            else:
                tokens.follow(game, m, self.token, start)
                held_back(game, m, fought)
            return []
        path = move_path(game, m, (self.x, self.y), reach)
        assert path is not None
        start = m.pos
        walked, move = stride(game, m, path, bonus, burden)
        if bonus:
            walked = _sprint_stop(game, m, walked, move - bonus - burden)
        rough = rough_penalty(game, m) if walked.touches_rough else 0
        sprinted(game, m, walked.length + rough, move - bonus - burden, bonus)
        tokens.travel(game, m, walked, MOVE)
        tokens.follow(game, m, self.token, start)
        slip(game, m, walked, move)
        if held_back(game, m, fought) is not None:
            # Stopped short in its combat: no Charge, the combat goes on (R:153, R:157).
            return []
        if not contacts(game, m):
            points = walked.points
            return [*frighteners.frights(game, m, points), *possessions(game, m, points)]
        return contact_charge(game, m)


@dataclass(slots=True, eq=False)
class Charge(Step):
    """A Charge: a Move into base-to-base (or staying there) and a round of close combat; the
    target's Attack Dogs run to him first (R:1371); a Winged Nightmare charged drops the foe
    it carries (Drop, R:713)."""

    rule = CHARGE
    model: str
    target: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        target = game.model(self.target)
        fresh = not contacts(game, m)
        if snatch.victim_of(game, target) is not None:
            drop_carried(game, target, "passenger-dropped")
        short = _reach(game, m, target)
        if short is not None:
            return short  # short, a Move; into base-to-base, a Charge
        game.emit("charge", CHARGE, (m.id, target.id))
        return charge_round(game, m, target, fresh)


def charge_end(
    game: AeonsGame, m: AeonsModel, target: AeonsModel
) -> tuple[Point, str | None] | None:
    """Where ``m``'s Charge at ``target`` ends, as :func:`_reach` takes it there, and on which
    surface: the spot of a jump across a gap (R:271), else the end of its path within its Move
    (a rolled Movement's most, which any roll that reaches ends at too); ``None`` when it
    cannot reach."""
    spot = charge_spot(game, m, target)
    if spot is not None:
        return spot, target.level
    path = charge_path(game, m, target)
    return None if path is None else (path.end, m.level)


def _reach(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> list[Step] | None:
    """Take ``m`` into base-to-base with ``target`` for a Charge: along its path, or by a jump
    across a gap under 2" (R:271); ``None`` if it got there, else what its Move short of it
    brings."""
    spot = charge_spot(game, m, target)
    if spot is not None:
        leap(game, m, spot)
        return None if m.level == target.level else contact_charge(game, m)
    move = rolled(game, m)
    path = charge_path(game, m, target, move)
    if path is None:
        assert move is not None
        return _short(game, m, target, move)
    tokens.travel(game, m, path, CHARGE)
    slip(game, m, path, allowance(game, m) if move is None else move)
    return None


def _short(game: AeonsGame, m: AeonsModel, target: AeonsModel, move: float) -> list[Step]:
    """A rolled Movement short of the target: the model goes its whole roll toward it and
    the Action counts as a Move (rules notes item 49), across ice as any Move (R:266), and
    ends where a Move may: short of an unseen wearer (:func:`.invisibility.clear_of`). One
    that ends in base-to-base with an enemy is a Charge (R:162), fought as a Move's
    (:func:`.psychology.contact_charge`) once the tests a Move there asks are passed
    (:class:`ContactDares`)."""
    path = path_toward(game, m, target.pos, move, m.radius + target.radius, (target.id,))
    dares = ContactDares(m.id)
    if path is not None:
        path = clear_of(game, m, path)
        dares = _contact_dares(game, m, target, path.end)
        tokens.travel(game, m, path, MOVE)
    game.emit("charge-short", SHORT, (m.id, target.id), movement=move)
    if path is not None:
        slip(game, m, path, move)
    return [dares]


def _contact_dares(game: AeonsGame, m: AeonsModel, target: AeonsModel, end: Point) -> ContactDares:
    """The tests a Move of ``m`` to ``end`` asks before it is made, as the Action it is
    (:func:`.skill_actions.hidden_targets`, :func:`.wards.ward`), but one its Charge at
    ``target`` asked already (a Night Stalker's near Garlic, R:470)."""
    move = Action("move", (m.id,), end)
    hidden = skill_actions.hidden_targets(game, m, move, ())
    found = wards.ward(game, m, move)
    if found is None or found == wards.ward(game, m, Action("charge", (m.id, target.id))):
        return ContactDares(m.id, hidden)
    return ContactDares(m.id, hidden, *found)


@dataclass(slots=True, eq=False)
class ContactDares(Step):
    """The Resolve tests a Move into base-to-base asks, taken once a rolled Charge short of
    its target has made that Move (notes §6 item 49): of each ``hidden`` enemy it touches
    (R:1089), then of the ``bearer`` of the ``ward`` (Garlic, R:470; Wolfsbane, R:488). Each
    passed, the round its contact brings (R:162); one failed, none: the Action is spent."""

    rule = SHORT
    model: str
    hidden: tuple[str, ...] = ()
    bearer: str = ""
    ward: str = ""
    roll: Roll | None = None

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if not self.hidden and not self.bearer:
            return contact_charge(game, m)
        if self.hidden:
            target, test = self.hidden[0], skill_actions.TEST
            after = ContactDares(m.id, self.hidden[1:], self.bearer, self.ward)
        else:
            target, test, after = self.bearer, wards.TESTS[self.ward], ContactDares(m.id)
        self.roll, ask, passed = skill_actions.dare(game, m, target, self.roll, action, test)
        if ask is not None:
            return ask
        return [after] if passed else []


def ladder_end(
    game: AeonsGame, m: AeonsModel, ladder: Ladder
) -> tuple[float, float, str | None] | None:
    """Where climbing ``ladder`` takes ``m`` (top or foot), or ``None`` if it is not at an end."""
    if m.level is None and distance(m.pos, ladder.foot) <= m.radius + CONTACT:
        return (*ladder.top, ladder.terrain)
    if m.level == ladder.terrain and distance(m.pos, ladder.top) <= m.radius + CONTACT:
        return (*ladder.foot, None)
    return None


def ladder_reach(game: AeonsGame, m: AeonsModel, ladder: Ladder) -> float:
    """How far from ``m`` (base edge to base edge) a model may stand and still bar its climb
    of ``ladder``: at either end, or where ``m`` would stand at the other (none when ``m`` is
    at neither end)."""
    if ladder_end(game, m, ladder) is None:
        return 0.0
    return distance(ladder.foot, ladder.top) + 2 * (m.radius + CONTACT)


def climb_error(game: AeonsGame, m: AeonsModel, ladder: Ladder) -> str | None:
    """Why ``m`` cannot climb ``ladder`` now, or ``None``."""
    end = ladder_end(game, m, ladder)
    if end is None:
        return f"{m.id} is at neither end of ladder {ladder.id}"
    height = game.board.piece(ladder.terrain).height
    # The introduction climbs a fixed 6", the rulebook up to the model's Movement (R:170),
    # a Move Action's: with Sprint's 2" after a Move.
    most = catalog_of(game).scenario.ladder_climb or move_allowance(game, m)
    if height > most:
        return f'ladder {ladder.id} is {height:g}" high: a Move climbs {most:g}" at most'
    x, y, level = end
    for o in models(game):
        if o.id == m.id:
            continue
        for point, lvl, name in ((ladder.foot, None, "foot"), (ladder.top, ladder.terrain, "top")):
            if o.level == lvl and distance(o.pos, point) <= o.radius + CONTACT:
                return f"{o.id} blocks ladder {ladder.id} at its {name}"
    where = placement_reason(game, m, (x, y), level)
    return None if where is None else f"at the other end of ladder {ladder.id}, {where}"


def climb_options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """Ladders ``m`` may climb up or down with a Move."""
    return [
        Action("climb", (m.id, lad.id))
        for lad in game.board.ladders
        if climb_error(game, m, lad) is None
    ]


@dataclass(slots=True, eq=False)
class Climb(Step):
    """A Move up or down a ladder: the model is placed at the other end. In the rulebook a
    rolled Movement is rolled for it as for any Move (R:170, R:2116): declared within the most
    the roll could give, a roll short of the ladder's height leaves the model where it
    stands, nowhere on the ladder to stop, and the Action counts as a Move (as a Charge falls
    short, rules notes item 49). A Move Action, it goes 2" further with Sprint after a Move
    (R:1140)."""

    rule = LADDER
    model: str
    ladder: str
    reach: float
    """How far it may climb: the model's Movement, or more for a Sprint (:func:`move_allowance`)."""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        ladder = next(lad for lad in game.board.ladders if lad.id == self.ladder)
        end = ladder_end(game, m, ladder)
        assert end is not None
        height = game.board.piece(ladder.terrain).height
        fixed = catalog_of(game).scenario.ladder_climb
        move = None if fixed else rolled(game, m)
        bonus = self.reach - allowance(game, m)  # Sprint's, if any
        if move is not None and move + bonus < height:
            short = move + bonus
            game.emit("climb-short", CLIMB_SHORT, (m.id,), ladder=ladder.id, movement=short)
            return []
        if not fixed:
            sprinted(game, m, height, allowance(game, m) if move is None else move, bonus)
        m.x, m.y, m.level = end
        game.emit("climbed", LADDER, (m.id,), ladder=ladder.id, up=m.level is not None)
        return []


def exit_path(game: AeonsGame, m: AeonsModel, edge: Edge, reach: float) -> Path | None:
    """The Move that takes ``m`` to ``edge`` and off the table, if within ``reach``."""
    return move_path(game, m, game.board.edge_contact(m.pos, m.radius, edge), reach)
