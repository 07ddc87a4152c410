"""Re-rolls after the dice of a test and before its Heroic Deeds: the active side's pool first,
then the defender's, each re-rolled by the rules at work for it (L222, L415, L492, L699,
L756; rules notes §1.9, §6 D16, §7 items 34, 40, 67, 104).

- Beginner's Luck: the whole pool again, once a game, shooting, fighting a melee or being the
  target of an attack: a shot, a blow, or a Magic Projectile or Attack, the spells cast at an
  enemy that the book counts among attacks (L183-L193, L222, L597). The test of a model
  leaving a melee is a melee test (§7 item 34), so the model leaving and the one holding it
  may use it too. Casting is neither shooting nor fighting: the caster's own roll has none.
- Duellist Extraordinaire: one Fight die, once in each Action in which the model rolls Fight,
  attacking, defending or holding a model that leaves the melee (L415, §7 item 104).
- "Master" Gunner: Guns or Fight dice, while a friendly Abhinav Singh on the table has sight of
  the model the test is against (L492, §7 item 67).
- Attunement's re-roll: one die of each casting roll, while it lasts (L699).
- The Amulet of Life and Death: a die for each Essence token spent, on a Fight, Guns or Reflex
  test of a friend within 12" of the bearer, once a roll (L756, :mod:`.essence`).

Each rule re-rolls a pool once; the player is asked again while another rule is left, and
``keep`` ends that pool's re-rolls. A rule that picks its dice re-rolls failed ones: a success
re-rolled could only be lost, and failures are all alike, so the one choice left is how many
(the Amulet's tokens). Every die is re-rolled in the open and logged under its rule, the line
naming the die, the face it had and the face it shows now; Beginner's Luck's whole pool, a
fresh roll, after a line naming the roll it replaces.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.record import register_value
from skirmish.rulesets.wolsung.cards.payments import Contest
from skirmish.rulesets.wolsung.combat.opposed import SUCCESS, successes
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.essence import amulet_near, spend_essence, tokens
from skirmish.rulesets.wolsung.game.sight import sight
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = [
    "SOURCES",
    "Rerolls",
    "RolledPool",
    "answer_rerolls",
    "dice_rerolled",
    "new_action",
    "open_rerolls",
    "reroll_options",
    "rerolls_decision",
]

LUCK_CONTESTS = frozenset({Contest.SHOOTING, Contest.MELEE, Contest.LEAVING_MELEE})
"""The tests Beginner's Luck re-rolls on either side: shooting, fighting a melee, leaving one
or holding the model that leaves (a melee test, §7 item 34), and being attacked by either
(L222)."""
SPELL_ATTACKS = frozenset({Contest.PROJECTILE, Contest.ATTACK})
"""The spells whose target may re-roll its Reflex with Beginner's Luck: the book's attacks on
an enemy (L183, L222, L597)."""
SPOTTER = "abhinav_singh"
"""The henchman whose sight of the target lets "Master" Gunner re-roll (L492)."""


@register_value
@dataclass(frozen=True, slots=True)
class RolledPool:
    """One side's dice in a test, as the re-roll rules read them: the ``model`` that rolled,
    the characteristic it tests (``F``, ``G``, ``R``, or ``MA`` for a casting roll), the model
    the test is against (``""``: a Difficulty), the dice's ``purpose`` and their ``faces``."""

    model: str
    stat: str
    against: str
    purpose: str
    faces: tuple[int, ...]


@register_value
@dataclass(frozen=True, slots=True)
class Rerolls:
    """The re-rolls of one test under way: its ``contest``, its pools (the active side's
    first), the pool whose player is asked (``turn``; past the last once over) and the rules
    already used on that pool."""

    contest: str
    pools: tuple[RolledPool, ...]
    turn: int = 0
    used: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        """Whether every pool is done; ``pools`` then hold the faces that stand."""
        return self.turn >= len(self.pools)


def _failed(faces: tuple[int, ...]) -> int:
    return len(faces) - successes(faces)


def _luck(game: WolsungGame, pool: RolledPool, contest: Contest) -> tuple[int, ...]:
    fresh = (pool.model, "beginners_luck") not in game.state.used_this_game
    attacked = contest in SPELL_ATTACKS and pool.stat == "R"
    lucky = (contest in LUCK_CONTESTS or attacked) and fresh
    return (len(pool.faces),) if lucky and _has(game, pool, "beginners_luck") else ()


def _duellist(game: WolsungGame, pool: RolledPool, contest: Contest) -> tuple[int, ...]:
    fresh = (pool.model, "duellist_reroll") not in game.state.used_this_action
    ready = pool.stat == "F" and fresh and _failed(pool.faces) > 0
    return (1,) if ready and _has(game, pool, "duellist_reroll") else ()


def _gunner(game: WolsungGame, pool: RolledPool, contest: Contest) -> tuple[int, ...]:
    if pool.stat not in ("G", "F") or not pool.against or not _failed(pool.faces):
        return ()
    if not _has(game, pool, "master_gunner"):
        return ()
    m, target = game.model(pool.model), game.model(pool.against)
    spotters = (
        o
        for o in game.models
        if o.on_table and o.side == m.side and member(game, o.id).record == SPOTTER
    )
    seen = any(sight(game, o, target).visible for o in spotters)
    return (_failed(pool.faces),) if seen else ()


def _attuned(game: WolsungGame, pool: RolledPool, contest: Contest) -> tuple[int, ...]:
    ready = pool.stat == "MA" and _failed(pool.faces) > 0
    return (1,) if ready and _has(game, pool, "attuned_casting") else ()


def _amulet(game: WolsungGame, pool: RolledPool, contest: Contest) -> tuple[int, ...]:
    if pool.stat not in ("F", "G", "R"):
        return ()
    bearer = amulet_near(game, game.model(pool.model))
    most = 0 if bearer is None else min(tokens(game, bearer.id), _failed(pool.faces))
    return tuple(range(1, most + 1))


def _has(game: WolsungGame, pool: RolledPool, keyword: str) -> bool:
    return current(game, game.model(pool.model)).has(keyword)


def _spend_luck(game: WolsungGame, pool: RolledPool, count: int) -> None:
    st = game.state
    st.used_this_game = (*st.used_this_game, (pool.model, "beginners_luck"))
    # The whole pool is rolled anew as a fresh roll: this line says which test it replaces.
    models = (pool.model, pool.against) if pool.against else (pool.model,)
    game.emit("luck", "L222", models, purpose=pool.purpose, faces=list(pool.faces))


def _spend_duel(game: WolsungGame, pool: RolledPool, count: int) -> None:
    st = game.state
    st.used_this_action = (*st.used_this_action, (pool.model, "duellist_reroll"))


def _spend_tokens(game: WolsungGame, pool: RolledPool, count: int) -> None:
    bearer = amulet_near(game, game.model(pool.model))
    assert bearer is not None
    spend_essence(game, bearer.id, count)


def _free(game: WolsungGame, pool: RolledPool, count: int) -> None:
    """Nothing to spend: the rule's only limit, once a roll, is kept by ``Rerolls.used``."""


@dataclass(frozen=True, slots=True)
class Source:
    """A rule that re-rolls: its line, the numbers of dice it may re-roll of a pool (none:
    it does not apply), what using it spends, whether it takes the whole pool, and whether
    the player chooses how many dice."""

    rule: str
    counts: Callable[[WolsungGame, RolledPool, Contest], tuple[int, ...]]
    spend: Callable[[WolsungGame, RolledPool, int], None]
    whole: bool = False
    counted: bool = False


SOURCES: Mapping[str, Source] = {
    "beginners_luck": Source("L222", _luck, _spend_luck, whole=True),
    "duellist_reroll": Source("L415", _duellist, _spend_duel),
    "master_gunner": Source("L492", _gunner, _free),
    "attuned_casting": Source("L699", _attuned, _free),
    "life_and_death": Source("L756", _amulet, _spend_tokens, counted=True),
}
"""The rules that re-roll a test's dice, keyed by catalogue keyword id, in the order offered."""


def reroll_options(game: WolsungGame, rerolls: Rerolls) -> tuple[Action, ...]:
    """The re-rolls open to the pool whose turn it is (``keep`` aside)."""
    pool, contest = rerolls.pools[rerolls.turn], Contest(rerolls.contest)
    found = []
    for keyword, source in SOURCES.items():
        if keyword in rerolls.used:
            continue
        for count in source.counts(game, pool, contest):
            extra = (str(count),) if source.counted else ()
            found.append(Action("reroll", (pool.model, keyword, *extra)))
    return tuple(found)


def _settle(game: WolsungGame, rerolls: Rerolls) -> Rerolls:
    """The first pool, from the one whose turn it is, that some rule may re-roll."""
    while not rerolls.over and not reroll_options(game, rerolls):
        rerolls = replace(rerolls, turn=rerolls.turn + 1, used=())
    return rerolls


def open_rerolls(game: WolsungGame, contest: Contest, pools: tuple[RolledPool, ...]) -> Rerolls:
    """The re-rolls after a test's roll: the active side's pool first (§7 item 40)."""
    return _settle(game, Rerolls(contest.value, pools))


def rerolls_decision(game: WolsungGame, rerolls: Rerolls) -> Decision:
    """Ask the player of the pool whose turn it is: a re-roll, or keep the dice."""
    pool = rerolls.pools[rerolls.turn]
    m = game.model(pool.model)
    faces = ", ".join(str(f) for f in pool.faces)
    return Decision(
        m.side,
        "reroll",
        f"{m.name} rolled {pool.purpose} [{faces}]: re-roll, or keep the dice",
        (*reroll_options(game, rerolls), Action("keep", (m.id,))),
    )


def _rolled_again(
    game: WolsungGame, pool: RolledPool, source: Source, count: int
) -> tuple[int, ...]:
    if source.whole:
        return game.roll(f"{count}D6", pool.purpose, source.rule, pool.model).faces
    roll = Roll(pool.purpose, f"{len(pool.faces)}D6", pool.faces, sum(pool.faces), pool.model)
    failed = [i for i, face in enumerate(pool.faces) if face < SUCCESS]
    for index in failed[:count]:
        roll = game.reroll(roll, index, source.rule, pool.model)
    return roll.faces


def dice_rerolled(game: WolsungGame, rerolls: Rerolls, action: Action) -> int:
    """How many dice the re-roll ``action`` names takes of the pool whose turn it is."""
    source, pool = SOURCES[action.args[1]], rerolls.pools[rerolls.turn]
    if source.counted:
        return int(action.args[2])
    return source.counts(game, pool, Contest(rerolls.contest))[0]


def answer_rerolls(game: WolsungGame, rerolls: Rerolls, action: Action) -> Rerolls:
    """Keep the pool's dice or re-roll them as ``action`` says; the re-rolls as they then
    stand."""
    if action.kind == "keep":
        return _settle(game, replace(rerolls, turn=rerolls.turn + 1, used=()))
    keyword = action.args[1]
    source, pool = SOURCES[keyword], rerolls.pools[rerolls.turn]
    count = dice_rerolled(game, rerolls, action)
    source.spend(game, pool, count)
    faces = _rolled_again(game, pool, source, count)
    pools = tuple(
        replace(p, faces=faces) if i == rerolls.turn else p for i, p in enumerate(rerolls.pools)
    )
    return _settle(game, replace(rerolls, pools=pools, used=(*rerolls.used, keyword)))


def new_action(game: WolsungGame) -> None:
    """An Action begins: the rules spent once an Action are fresh again (L415)."""
    game.state.used_this_action = ()
