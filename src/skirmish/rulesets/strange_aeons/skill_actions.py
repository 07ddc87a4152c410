"""The Actions that skills give a Normal model out of close combat (rules notes §3.8a).

Med Student (R:1107): an Action restores one lost Wound to a friend in base-to-base, never
above the Wounds its profile starts with (so only a model of several Wounds gains by it).
Surly (R:1149): an Action makes the model cause Fear in enemy models until the start of its
side's next turn; psychology (:mod:`.psychology`) reads who is menacing so. The Serpentman
Warrior's War Display (R:875) is the same Action, its Hood flared.
Hide (R:1089): in base-to-base with scenery, an Action hides the model until it takes another
Action (a forfeit takes none); an enemy not in base-to-base with it must pass a Resolve test to
take an Action aimed at it (a Shoot, with one weapon or two, a Charge, an ability turned on it:
the turn's table of Actions says which aim, :data:`.turn.KINDS`; a Move that ends in
base-to-base is a Charge too, a rolled Charge's Move short of its target tested after that
Move, :class:`.movement.ContactDares`; a Blast whose template lies over it, aimed at a point or at a
model, a test for each Hidden enemy under it, our reading), and a failed test costs that
Action; an Alert shot at it, aimed by an ability, needs the test as well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, edge_distance
from skirmish.rulesets.strange_aeons import lucky, plots
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Profile
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import (
    announce_worsened,
    frenzy_passes,
    mount_holds,
    mounts_resolve,
    resolve_of,
)
from skirmish.rulesets.strange_aeons.space import in_contact, models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

MED_STUDENT = "Skills: Med Student (R:1107)"
SURLY = "Skills: Surly (R:1149)"
HIDE = "Skills: Hide (R:1089)"
TEST = ("dare", HIDE)
"""The event and rule of the test to act against a Hidden enemy."""
WAR_DISPLAY = "Serpentman Warrior: War Display (R:875)"
ARITY = {"treat": 2, "menace": 1, "hide": 1}
"""The Actions skills give, with how many arguments each has, its model first."""


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The skills' Actions ``m`` may take now (a Normal model out of close combat): those
    :func:`error` refuses nothing."""
    found = [Action("treat", (m.id, f.id)) for f in _patients(game, m)]
    alone = (Action("menace", (m.id,)), Action("hide", (m.id,)))
    return found + [a for a in alone if error(game, m, a) is None]


def _menaces(prof: Profile) -> bool:
    """Whether the profile may take the Action that makes it cause Fear."""
    return prof.has("surly") or prof.can("war_display")


def _by_scenery(game: AeonsGame, m: AeonsModel) -> bool:
    return bool(game.board.pieces_touching(m.pos, m.radius, m.level))


def hidden_targets(
    game: AeonsGame, m: AeonsModel, action: Action, aimed: tuple[str, ...]
) -> tuple[str, ...]:
    """The Hidden enemies ``action`` is taken at, those ``m`` is not in base-to-base with
    already, each asking its own test: the models it aims at (``aimed``: a Shoot's target, a
    Charge's, an ability's, each the template of a Blast lies over), or the one a Move into
    base-to-base Charges."""
    if not game.state.hidden:  # as after nearly every Action: no target to look for
        return ()
    hidden = [game.model(h) for h in game.state.hidden]
    found = tuple(h.id for h in hidden if h.id in aimed and hidden_from(game, m, h))
    charges = (h.id for h in charged(m, action, hidden) if hidden_from(game, m, h))
    return found or tuple(charges)[:1]


def hidden_from(game: AeonsGame, m: AeonsModel, h: AeonsModel) -> bool:
    """Whether ``h`` is Hidden from ``m``: Hidden, an enemy and not in base-to-base with it
    already, so that ``m`` acts against it only after a passed test."""
    return h.id in game.state.hidden and h.side != m.side and not in_contact(m, h)


def charged(m: AeonsModel, action: Action, among: list[AeonsModel]) -> list[AeonsModel]:
    """Those of ``among`` that ``m``'s ``action`` Charges, a Move that ends in base-to-base
    with them counting as a Charge."""
    if action.kind == "charge":
        return [h for h in among if h.id == action.args[1]]
    if action.kind == "move" and action.point is not None:
        point = action.point
        return [
            h
            for h in among
            if h.level == m.level and edge_distance(point, m.radius, h.pos, h.radius) <= CONTACT
        ]
    return []


def dare(
    game: AeonsGame,
    m: AeonsModel,
    target: str,
    roll: Roll | None,
    action: Action | None,
    test: tuple[str, str] = TEST,
    mount: bool = False,
) -> tuple[Roll | None, Decision | None, bool]:
    """``m``'s Resolve test to act against the Hidden ``target`` (or, with another ``test``,
    its event kind and rule, against what else asks one first): the roll (none when a Frenzy
    passes it), the Lucky offer to ask (if any, the test not decided yet) and whether it
    passed: a rider his Horse throws, testing beside him, has failed it too (R:1121, as the
    Horse's own test before a shot from the saddle spends the Action). ``mount``: ``m`` is a
    ridden Horse steadying itself before that shot, on its own Resolve (R:1121)."""
    kind, rule = test
    if roll is None and frenzy_passes(game, m, test=rule):
        return None, None, mount_holds(game, m, rule)
    announce_worsened(game, m)
    need = mounts_resolve(game, m) if mount else resolve_of(game, m)[0]
    request = ("D6", "resolve", rule, m.id)
    rolled, ask = lucky.roll(game, roll, action, request, lucky.under(need))
    if ask is not None:
        return rolled, ask, False
    rolled = plots.retest(game, m, rolled, need)
    passed = rolled.value >= need
    game.emit(kind, rule, (m.id, target), need=need, passed=passed)
    held = mount_holds(game, m, rule)
    return rolled, None, passed and held


def reveal(game: AeonsGame, m: AeonsModel) -> None:
    """A Hidden model that takes an Action is Hidden no more."""
    st = game.state
    if m.id in st.hidden:
        st.hidden = tuple(h for h in st.hidden if h != m.id)
        game.emit("unhidden", HIDE, (m.id,))


def _patients(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The friends in base-to-base ``m`` may restore a Wound to (:func:`_treat_error`)."""
    if not catalog_of(game).profile(m.profile).has("med_student"):
        return []  # as for nearly every model: no friend is looked at
    return [f for f in models(game) if _treat_error(game, m, f) is None]


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not take the skill's ``action`` now (a Normal model out of combat), or
    ``None``."""
    prof = catalog_of(game).profile(m.profile)
    if action.kind == "hide":
        if not prof.has("hide"):
            return f"{m.id} has no Hide skill (R:1089)"
        if m.id in game.state.hidden:
            return f"{m.id} is Hidden already"
        if not _by_scenery(game, m):
            return f"{m.id} is in base-to-base with no scenery to Hide by"
        return None
    if action.kind == "menace":
        if not _menaces(prof):
            return f"{m.id} is not Surly (R:1149) and has no War Display (R:875)"
        if m.id in game.state.surly:
            return f"{m.id} already causes Fear until its side's next turn"
        return None
    return _treat_error(game, m, game.model(action.args[1]))


def _treat_error(game: AeonsGame, m: AeonsModel, friend: AeonsModel) -> str | None:
    """Why ``m`` may not restore a Wound to ``friend`` (Med Student, R:1107), or ``None``."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).has("med_student"):
        return f"{m.id} is no Med Student (R:1107)"
    mate = friend.side == m.side and friend.id != m.id and friend.on_table
    if not (mate and in_contact(m, friend)):
        return f"{friend.id} is not a friend in base-to-base with {m.id}"
    if friend.wounds >= cat.profile(friend.profile).wounds:
        return f"{friend.id} has lost no Wound"
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """Carry out a skill's Action."""
    st = game.state
    if action.kind == "hide":
        st.hidden = (*st.hidden, m.id)
        game.emit("hidden", HIDE, (m.id,))
        return []
    if action.kind == "menace":
        st.surly = (*st.surly, m.id)
        if catalog_of(game).profile(m.profile).has("surly"):
            game.emit("menace", SURLY, (m.id,))
        else:
            game.emit("war-display", WAR_DISPLAY, (m.id,))
        return []
    friend = game.model(action.args[1])
    friend.wounds += 1
    game.emit("treated", MED_STUDENT, (m.id, friend.id), wounds=friend.wounds)
    return []
