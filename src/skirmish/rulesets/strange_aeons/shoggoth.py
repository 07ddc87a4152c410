"""The Shoggoth's own rules (R:602-612, notes §3.4): Absorb, Assimilate and Ooze; its
Tongue-Lashing is its own shot (6", Rate 1D, 1D+3, AP1), an ordinary Shoot Action.

Absorb (R:606-611): it begins the game with 3 Essence tokens and gains one for each enemy it
removes from play by an Injury. Each time it is nominated, before its first Action, it may
spend tokens, one on each of these at most once a Turn (``essence L1 wound``): a lost Wound
restored (never above its profile's), +2 Armour or Terror until its side's next Turn begins,
one more Action now; ``essence-done L1`` spends no more.

Assimilate (R:612): an enemy it removes from play by an Injury lets its player add one Skill
of the victim's profile to its own for the rest of the game (``assimilate L1 dodge``), its
requirements ignored, or none (``assimilate-none L1``); the Special types that cause tests
(Hideous, Fear, Terror) are no Skills. The choice comes after the Action or combat that
removed it.

Ooze (R:612): its Moves pass through any gap in the scenery, its base fitting or not: the
path is planned as a point's among the scenery, the other models' bases kept a base's width
away (:func:`clearance`), and it ends where its base may stand (our reading: a Charge, which
ends in base-to-base with its target, keeps its base's width on the way).

A change lasting the game or the Turn is the model's profile with the change
(``catalog.CHANGED``: ``L1!armour+2``, ``L1!+terror``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import CHANGED

if TYPE_CHECKING:
    from skirmish.geometry.clearance import Blockers
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

ABSORB = "Shoggoth: Absorb (R:606)"
ASSIMILATE = "Shoggoth: Assimilate (R:612)"
ESSENCE = "essence"
DONE = "essence-done"
ABSORBING = frozenset({ESSENCE, DONE})
"""The answers to the offer of Essence tokens."""
TAKE = "assimilate"
PASS = "assimilate-none"
START = 3
"""The Essence tokens a Shoggoth begins the game with (R:606)."""
UNTIL_NEXT_TURN = {"armour": f"{CHANGED}armour+2", "terror": f"{CHANGED}+terror"}
"""What an Essence token gives until its side's next Turn, as the change to its profile."""
EFFECTS = ("wound", "armour", "terror", "action")
NO_SKILLS = frozenset({"hideous", "fear", "terror"})
"""The Special types a profile carries among its skills: they are not Skills to assimilate."""


def tokens(game: AeonsGame, m: AeonsModel) -> int:
    """The Essence tokens ``m`` holds now."""
    st = game.state
    return START + st.essence_gained.count(m.id) - sum(1 for s in st.essence_spent if s[0] == m.id)


def offer(game: AeonsGame, m: AeonsModel) -> Decision | None:
    """The Essence tokens ``m`` may spend as it is nominated, or ``None``."""
    if not catalog_of(game).profile(m.profile).can("absorb") or tokens(game, m) < 1:
        return None
    found = [Action(ESSENCE, (m.id, e)) for e in EFFECTS if effect_error(game, m, e) is None]
    if not found:
        return None
    prompt = f"{m.name} ({m.id}) holds {tokens(game, m)} Essence token(s): spend one?"
    return Decision(m.side, ESSENCE, prompt, (*found, Action(DONE, (m.id,))))


def effect_error(game: AeonsGame, m: AeonsModel, effect: str) -> str | None:
    """Why ``m`` may not spend a token on ``effect`` now."""
    if effect not in EFFECTS:
        return f"an Essence token buys a wound, armour, terror or an action, not {effect!r}"
    if (m.id, effect, game.state.turn) in game.state.essence_spent:
        return f"{m.id} has bought {effect} this Turn: each once a Turn (R:611)"
    prof = catalog_of(game).profile(m.profile)
    if effect == "wound" and m.wounds >= prof.wounds:
        return f"{m.id} has lost no Wound"
    if effect == "terror" and prof.has("terror"):
        return f"{m.id} causes Terror already"
    return None


def spend(game: AeonsGame, m: AeonsModel, effect: str) -> int:
    """A token spent on ``effect``: the Actions it adds to the model's activation."""
    st = game.state
    st.essence_spent = (*st.essence_spent, (m.id, effect, st.turn))
    game.emit("essence", ABSORB, (m.id,), effect=effect, left=tokens(game, m))
    if effect == "wound":
        m.wounds += 1
    elif effect in UNTIL_NEXT_TURN:
        m.profile += UNTIL_NEXT_TURN[effect]
    return int(effect == "action")


def wear_off(game: AeonsGame) -> None:
    """The Armour and Terror bought last Turn end as their side's Turn begins (R:608-609)."""
    for m in game.models:
        if m.side == game.state.active:
            for change in UNTIL_NEXT_TURN.values():
                if change in m.profile:  # nearly never: no profile to write again
                    m.profile = m.profile.replace(change, "")


def removed_by(game: AeonsGame, fallen: AeonsModel, by: tuple[str, ...]) -> None:
    """An enemy removed by an Injury gives each Shoggoth that removed it a token, and a
    Skill to assimilate."""
    cat, st = catalog_of(game), game.state
    for mid in by:
        shoggoth = game.model(mid)
        prof = cat.profile(shoggoth.profile)
        if shoggoth.side == fallen.side:
            continue
        if prof.can("absorb"):
            st.essence_gained = (*st.essence_gained, mid)
        if prof.can("assimilate") and _skills(game, shoggoth, fallen):
            st.assimilations = (*st.assimilations, (mid, fallen.id))


def _skills(game: AeonsGame, m: AeonsModel, victim: AeonsModel) -> list[str]:
    """The Skills of ``victim``'s profile that ``m`` may assimilate."""
    cat = catalog_of(game)
    own = cat.profile(m.profile).skills
    return [s for s in cat.profile(victim.profile).skills if s not in NO_SKILLS and s not in own]


@dataclass(slots=True, eq=False)
class Assimilations(Step):
    """The Skills owed to the Shoggoths that removed an enemy, one choice at a time."""

    rule = ASSIMILATE

    @staticmethod
    def due(game: AeonsGame) -> bool:
        """Whether a Shoggoth's Skill is owed (:class:`.turn.Owed`)."""
        return bool(game.state.assimilations) and not game.is_over

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            (mid, _), st.assimilations = st.assimilations[0], st.assimilations[1:]
            if action.kind == TAKE:
                game.model(mid).profile += f"{CHANGED}+{action.args[1]}"
                game.emit("assimilated", ASSIMILATE, (mid,), skill=action.args[1])
        if not self.due(game):
            return []
        mid, victim = st.assimilations[0]
        m = game.model(mid)
        skills = _skills(game, m, game.model(victim))
        options = tuple(Action(TAKE, (mid, s)) for s in skills)
        prompt = f"{m.name} ({mid}) may assimilate one Skill of {victim}"
        return Decision(m.side, TAKE, prompt, (*options, Action(PASS, (mid,))))


def clearance(game: AeonsGame, m: AeonsModel, others: Blockers) -> tuple[float, Blockers]:
    """The radius ``m``'s path is planned with and the bases it keeps clear of: its own
    among the scenery, or an Oozing model's point with the bases widened by its own."""
    if not catalog_of(game).profile(m.profile).can("ooze"):
        return m.radius, others
    return 0.0, tuple((pos, r + m.radius) for pos, r in others)
