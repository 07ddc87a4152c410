"""A model's Movement for one Move: fixed, or rolled for each Move or Charge (R:2116).

A rolled Movement (a Fishman's 1D6+1, a Zombie's 1D3+1; a D3 is read from a D6, rules notes
§0) is rolled when the Move is made, and the model may go less than the roll (R:2116). A
Move is declared to a point within the most the roll could give; the model then goes along
its path as far as the roll takes it (the same reading as a Charge that falls short, rules
notes item 49). A Lurching Zombie whose die shows a 6 may go the catalog's ``lurch_move``
instead (Lurch, R:912; the D6's face is kept, notes §0), so a Move may be declared that far;
where its own roll gives more (a Metabolic Boost's 1D3+4, R:800), it goes that. What takes
Movement off a fixed Movement takes it off the roll too: a Chill, a heavy passenger
(R:639) and a marker moved along (R:1629, R:1648), the last even to nothing.

Sprint adds 2" to a Move Action right after another of the same turn (R:1140, notes §6 item
65): a climb (R:170) and a jump (R:271) are Move Actions too, so each counts as the first of
two and goes the further 2" as the second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.geometry.paths import Path
from skirmish.rulesets.strange_aeons import snatch
from skirmish.rulesets.strange_aeons.afflictions import chill_move
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.dice import read_die
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.riding import bearer
from skirmish.rulesets.strange_aeons.space import move_path, placement, reach_along
from skirmish.rulesets.strange_aeons.transporter import load

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

ROLLED = "Characteristics: a rolled Movement (R:2116)"
LURCH = "Lurch (R:912)"
LURCH_FACE = 6
SPRINT = "Skills: Sprint (R:1140; notes §6 item 65)"
SPRINT_BONUS = 2.0


def top(game: AeonsGame, m: AeonsModel) -> float:
    """The most a Move of ``m`` may cover: its Movement, or the highest its roll gives (a
    Lurch's, R:912, when that is more), less a Chill's (notes §6 item 4) and a heavy
    passenger's (Transporter, R:639), halved while a Winged Nightmare carries a foe (R:713),
    never below 1"; a rider's, his Horse's Movement
    (R:1121). Kept by the placement, with the riders, the snatched, the Chilled and the
    passengers it was found for: a random game asks it three times an Action."""
    st = game.state
    key = (game.index[m.id], st.mounts, st.snatched, st.chilled, st.carried)
    known = placement(game).tops
    found = known.get(key)
    if found is None:
        found = known[key] = _top(game, m)
    return found


def _top(game: AeonsGame, m: AeonsModel) -> float:
    cat = catalog_of(game)
    prof = cat.profile(bearer(game, m).profile)
    most = float(prof.top_move)
    if prof.move_die and prof.can("lurch"):
        most = max(most, cat.scenario.lurch_move)
    if snatch.halved(game, m):
        most /= 2
    return max(1.0, most - slowing(game, m))


def slowing(game: AeonsGame, m: AeonsModel) -> int:
    """What ``m``'s Movement loses now, fixed or rolled: a Chill's (notes §6 item 4) and a
    heavy passenger's (Transporter, R:639)."""
    return chill_move(game, m) + load(game, m)


def rolled(game: AeonsGame, m: AeonsModel) -> float | None:
    """The Movement ``m`` rolls for this Move (at least 1), or ``None`` if it is fixed."""
    prof = catalog_of(game).profile(bearer(game, m).profile)
    if not prof.move_die:
        return None
    face = game.roll("D6", "movement", ROLLED, m.id).value
    move = max(1, read_die(prof.move_die, face) + prof.move - slowing(game, m))
    lurch = catalog_of(game).scenario.lurch_move
    if face == LURCH_FACE and prof.can("lurch") and lurch > move:
        game.emit("lurch", LURCH, (m.id,), movement=lurch)
        return lurch
    game.emit("movement-rolled", ROLLED, (m.id,), movement=move)
    return float(move)


def sprint_bonus(game: AeonsGame, m: AeonsModel) -> float:
    """The inches Sprint adds to a Move Action of ``m`` now: 2" when its last Action was a
    Move of this turn (R:1140, notes §6 item 65), none else; a Charge never sprints."""
    sprint = m.id in game.state.moved and catalog_of(game).profile(m.profile).has("sprint")
    return SPRINT_BONUS if sprint else 0.0


def sprinted(game: AeonsGame, m: AeonsModel, length: float, move: float, bonus: float) -> None:
    """Log Sprint's ``bonus`` when a Move Action of ``length`` needs more than the ``move``
    it has without it."""
    if bonus and length > move + 1e-9:
        game.emit("sprint", SPRINT, (m.id,), bonus=bonus)


def stride(
    game: AeonsGame, m: AeonsModel, path: Path, bonus: float = 0.0, burden: int = 0
) -> tuple[Path, float]:
    """The part of ``path`` (a legal Move within :func:`top` and ``bonus``, a Sprint's, less
    ``burden``, a marker's moved along) that ``m`` covers, and its Movement for this Move:
    all of it with a fixed Movement, else as far as its roll and ``bonus`` less ``burden``
    take it (nowhere when that leaves nothing, R:1629, R:1648), the terrain's cost paid."""
    move = rolled(game, m)
    if move is None:
        return path, top(game, m) + bonus
    move += bonus
    reach = max(0.0, reach_along(game, m, path, move - burden))
    if path.length <= reach + 1e-9:
        return path, move
    short = move_path(game, m, path.point_at(reach), top(game, m) + bonus)
    assert short is not None
    return short, move
