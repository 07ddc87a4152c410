"""Damage at the end of the Action: every hit an Action lands waits until the Action ends, then
each takes its Wounds off in turn; a model left with none is out of the game (L27, L44, L63,
L236; rules notes §1.3 II, §7 item 43).

A model hit is still on the table until its Action ends, so a later shot of the same Action
may target it again (§7 item 43). Hard to Kill leaves on 1 Wound a model that had more than 1
when a hit would take it to 0, hit by hit (L236, §7 item 43). Topple and Bash topple the model
hit (L664, L845). The Wounds a model loses put as many Essence tokens on a friendly Amulet of
Life and Death within 12" (L756, :mod:`.essence`), and are gained by the model a Death Puppet
ties it to (L754, :mod:`.puppets`). Wounds gained have no upper limit (§7 item 91). A Butler
may take a shot's Wounds for a Noble (L547, :mod:`.butlers`). A model out of the game counts
to the club whose attack it was, unless that club had no model left as the Action began
(:func:`.scoring.credited`); a club whose last model falls leaves the card game
(:func:`.scoring.leave_card_game`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.combat.hits import Damage
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.blueprints import drop
from skirmish.rulesets.wolsung.game.butlers import stand_in, stand_ins
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.essence import gain_essence
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.puppets import PUPPET, puppet_gains
from skirmish.rulesets.wolsung.game.scoring import credited, in_game, leave_card_game
from skirmish.rulesets.wolsung.game.space import forget_moved_links
from skirmish.rulesets.wolsung.game.state import Hit, WolsungGame
from skirmish.rulesets.wolsung.magic.spells import ShieldField
from skirmish.rulesets.wolsung.rules_data.spell_effects import Until

__all__ = ["END_OF_ACTION", "ApplyDamage", "gain_wounds", "queue_damage", "queue_wounds"]

END_OF_ACTION = "L44"
OUT = "L27"
HARD_TO_KILL = "L236"


def queue_damage(
    game: WolsungGame,
    model_id: str,
    damage: Damage,
    rule: str,
    *,
    shielded: bool,
    by: int,
    shooter: str = "",
) -> None:
    """Keep a hit's damage for the end of the Action (L44); a ranged one may meet a Shield;
    ``by`` is the attacker's seat, to whom a casualty counts; ``shooter`` the model whose shot
    it is (L547)."""
    topples = damage.topples or ""
    hit = Hit(model_id, damage.wounds, str(damage), rule, topples, shielded, by, shooter)
    game.state.pending = (*game.state.pending, hit)


def queue_wounds(
    game: WolsungGame, model_id: str, wounds: int, why: str, rule: str, *, shielded: bool, by: int
) -> None:
    """Keep Wounds a spell takes for the end of the Action: a Projectile's, which a Shield
    takes first (``shielded``), or Wounds lost outright, which nothing stops (our reading of
    L193 and L597: a Shield takes a Projectile's Damage, not an Attack's effect, L797);
    ``by`` is the seat to whom a casualty counts, or -1 for a price paid."""
    hit = Hit(model_id, wounds, why, rule, shielded=shielded, scorer=by)
    game.state.pending = (*game.state.pending, hit)


def gain_wounds(game: WolsungGame, m: WolsungModel, wounds: int, rule: str) -> None:
    """``m`` gains ``wounds`` Wounds, past its W if so (§7 item 91)."""
    m.wounds, m.gained = m.wounds + wounds, m.gained + wounds
    game.emit("healed", rule, (m.id,), wounds=wounds)


def _shielded(game: WolsungGame, m: WolsungModel, wounds: int) -> int:
    """What a Shield around ``m`` leaves of a hit's ``wounds`` (L597, §7 item 79)."""
    st = game.state
    field = next((f for f in st.shields if m.id in f.covers), None)
    if field is None:
        return wounds
    held = ShieldField(frozenset(field.covers), field.wounds, field.armour, Until(field.until))
    after = held.absorb(wounds)
    kept = () if after.field is None else (replace(field, wounds=after.field.wounds),)
    st.shields = tuple(f for f in st.shields if f is not field) + kept
    game.emit("shield", field.rule, (m.id,), held=wounds - after.excess, ended=after.field is None)
    return after.excess


def _apply(game: WolsungGame, hit: Hit, standing: frozenset[int]) -> None:
    """``hit`` takes its Wounds; ``standing`` are the clubs in the game as its Action began,
    to whom its casualty may count (:func:`.scoring.credited`)."""
    m = game.model(hit.model)
    if not m.on_table:
        return
    wounds = _shielded(game, m, hit.wounds) if hit.shielded else hit.wounds
    if m.wounds > 1 and wounds >= m.wounds and current(game, m).has("hard_to_kill"):
        wounds = m.wounds - 1
        game.emit("hard-to-kill", HARD_TO_KILL, (m.id,))
    lost = min(wounds, m.wounds)
    m.wounds -= wounds
    game.emit("wounded", hit.rule, (m.id,), wounds=lost, left=max(m.wounds, 0), why=hit.why)
    if m.wounds <= 0:
        m.removed = "out of action"
        drop(game, m)
        game.emit("out-of-action", OUT, (m.id,))
        scorer = credited(game, m.id, hit.scorer, standing)
        game.state.fallen = (*game.state.fallen, (m.id, scorer))
        club = member(game, m.id).club
        if club not in in_game(game):
            leave_card_game(game, club)
    else:
        _topple(game, m, hit)
    gain_essence(game, m, lost)
    for other, wounds in puppet_gains(game, m, lost):
        gain_wounds(game, other, wounds, PUPPET)


def _topple(game: WolsungGame, m: WolsungModel, hit: Hit) -> None:
    """``m`` is Toppled by ``hit``'s rule, if the hit topples and it stands (L664, L845)."""
    if hit.topples and not m.toppled:
        m.toppled = True
        game.emit("toppled", hit.rule, (m.id,), why=hit.topples)


@dataclass(slots=True, eq=False)
class ApplyDamage(Step):
    """The end of an Action: its hits take their Wounds, one after another (L44, §7 item 43);
    the next Action may be burnt anew (L575); models that moved or fell count as in contact
    across levels no more (L150); a shot's Wounds on a Noble go to a Butler if its player says
    so (L547, :mod:`.butlers`). ``standing`` are the clubs in the game before any hit lands:
    the hits land together, so a casualty counts as of the Action's start (§4.0)."""

    rule = END_OF_ACTION
    standing: tuple[int, ...] | None = None

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if self.standing is None and st.pending:  # none when no hit lands: most Actions
            self.standing = tuple(sorted(in_game(game)))
        standing = frozenset(self.standing or ())
        if action is None:
            st.burnt = ()
        else:
            hit, st.pending = st.pending[0], st.pending[1:]
            if action.kind == "butler":
                _apply(game, stand_in(game, hit, action.args[1]), standing)
                _topple(game, game.model(hit.model), hit)
            else:
                _apply(game, hit, standing)
        while st.pending:
            offer = _offer(game)
            if offer is not None:
                return offer
            hit, st.pending = st.pending[0], st.pending[1:]
            _apply(game, hit, standing)
        forget_moved_links(game)
        return []


def _offer(game: WolsungGame) -> Decision | None:
    """The choice of What do I pay you for! for the next hit, its Shield taken first (L547,
    L597), or ``None`` when no Butler may take it."""
    st = game.state
    hit = st.pending[0]
    if not stand_ins(game, hit):
        return None
    if hit.shielded:
        hit = replace(
            hit, wounds=_shielded(game, game.model(hit.model), hit.wounds), shielded=False
        )
        st.pending = (hit, *st.pending[1:])
    butlers = stand_ins(game, hit)
    if not butlers:
        return None
    noble = game.model(hit.model)
    return Decision(
        noble.side,
        "butler",
        f'{noble.name} loses {hit.wounds} Wounds to a shot: a Butler within 6" may lose them '
        "instead, placed in the line of fire and Toppled (L547)",
        (
            *(Action("butler", (noble.id, b.id)) for b, _ in butlers),
            Action("no-butler", (noble.id,)),
        ),
    )
