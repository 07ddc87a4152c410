"""What the status weapon rules leave on a model they hit (notes §3.10): Fire, Chill, Ensnare
and Confusion, and Disrupt's hit that ignores armour.

The book names these rules and never defines them; the game plays the definitions notes §6
item 4 suggests, with the numbers of ``data/rulebook.toml``:

- **Fire**: a hit of a Fire weapon that wounds sets the target on Fire (a wound is needed:
  the Shambler's Gaseous Rot, R:693, which burns it unwounded, is the exception). In its
  side's Upkeep a model on Fire rolls to put it out or takes a 1D+1 hit (R:127, :mod:`.upkeep`).
- **Chill**: the target's Movement is 1 lower and the Dexterity it needs 1 higher until the end
  of its side's next Turn.
- **Ensnare**: the target may not Move, Charge, jump, climb or take a marker along until it
  spends an Action on a Dexterity test and passes it (``struggle``).
- **Confusion**: the target has one Action fewer at its next Nomination.
- **Disrupt**: the hit ignores armour: it needs only the natural Constitution
  (:func:`.constitution.constitution`).

Each lands with a hit that gets through the saves, wounded or not (Fire only with a wound); a
model hit again keeps one of each, a Chill lasting from the latest hit. Beasts suffer Fear from
Fire (R:113), and Animals (R:111), a ridden Horse with its rider (R:1121), none in a Mob
(R:923, :func:`fears_fire`): a Fire weapon's hit owes a test here, Fire near them is
:func:`.psychology.fire_situations`.
Each state shows on the model's card and the table (:func:`conditions`) and lives in the
game's state, so clones and saves keep it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky, mobs, riding
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog, Profile, Weapon, WeaponSpecial
from skirmish.rulesets.strange_aeons.ether_wings import unslowed
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.terrain import features

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.state import AeonsGame

FIRE = "Weapon special rules: Fire (R:127; notes §6 item 4)"
GASEOUS_ROT = "Shambler: Gaseous Rot (R:693)"
CHILL = "Weapon special rules: Chill (R:1302; notes §6 item 4)"
ENSNARE = "Weapon special rules: Ensnare (R:1337; notes §6 item 4)"
CONFUSION = "Weapon special rules: Confusion (R:1299; notes §6 item 4)"
DISRUPT = "Weapon special rules: Disrupt (R:1294; notes §6 item 4)"
HARMLESS = "Weapons: a Damage of none or 0 deals none (R:1337, R:664, R:1295)"
EFFECTS: tuple[WeaponSpecial, ...] = ("fire", "chill", "ensnare", "confusion", "disrupt")
"""The weapon rules that act on the model a hit lands on."""
UNMARKED: tuple[WeaponSpecial, ...] = ("disrupt",)
"""Those of :data:`EFFECTS` that change how a hit's damage is worked out and leave no
status on the model."""
MOVES = ("move", "charge", "jump", "climb", "drag")
"""The Actions an Ensnared model may not take: those that move it."""
STRUGGLE = "struggle"
FIRE_SITUATION = "fire"


def effects_of(weapon: Weapon) -> tuple[WeaponSpecial, ...]:
    """The status rules of ``weapon`` that its hits carry."""
    return tuple(s for s in weapon.specials if s in EFFECTS)


def damage_rules(weapon: Weapon) -> tuple[WeaponSpecial, ...]:
    """The rules of ``weapon`` that even a hit carrying no status keeps (Disrupt)."""
    return tuple(s for s in effects_of(weapon) if s in UNMARKED)


def strike(
    game: AeonsGame,
    attacker: str,
    target: AeonsModel,
    effects: tuple[WeaponSpecial, ...],
    wounded: bool,
) -> None:
    """A hit carrying ``effects`` has landed on ``target`` (``wounded`` when it caused a
    Wound): Fire sets it alight, Chill, Ensnare and Confusion take hold, and a Beast hit by
    Fire owes a test of its Fear (R:113), a Horse's rider with it (R:1121)."""
    if not effects or target.removed is not None:
        return
    st, cat = game.state, catalog_of(game)
    prof = cat.profile(target.profile)
    if "fire" in effects and (_fears_fire(cat, prof) or _ridden_fears(game, target)):
        st.pending_tests = (*st.pending_tests, (target.id, f"{FIRE_SITUATION}:{attacker}"))
    rot = prof.can("gaseous_rot")
    if "fire" in effects and (wounded or rot) and not burning(game, target):
        st.burning = (*st.burning, (target.id, attacker))
        game.emit("caught-fire", FIRE if wounded else GASEOUS_ROT, (target.id,))
    if "chill" in effects:
        # Its side's next Turn: the coming one, or the one after when it is its side's now.
        until = st.turn + (2 if target.side == st.active else 1)
        st.chilled = (*((mid, t) for mid, t in st.chilled if mid != target.id), (target.id, until))
        scenario = cat.scenario
        game.emit("chilled", CHILL, (target.id,), move=scenario.chill_move, dex=scenario.chill_dex)
    if "ensnare" in effects and target.id not in st.ensnared:
        st.ensnared = (*st.ensnared, target.id)
        game.emit("ensnared", ENSNARE, (target.id,))
    if "confusion" in effects and target.id not in st.confused:
        st.confused = (*st.confused, target.id)
        game.emit("confused", CONFUSION, (target.id,))


def harmless_hit(game: AeonsGame, attacker: str, target: AeonsModel, weapon: Weapon) -> None:
    """A hit of a ``weapon`` of no Damage on ``target``, through its saves: no roll to wound,
    its rules take hold as a hit's that does not wound (the Net Gun's Ensnare, R:1337)."""
    game.emit("harmless-hit", HARMLESS, (target.id,), weapon=weapon.id)
    strike(game, attacker, target, effects_of(weapon), False)


def burning(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is on Fire."""
    lit = game.state.burning
    return bool(lit) and any(mid == m.id for mid, _ in lit)  # asked often, of no Fire


def put_out(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` is on Fire no more."""
    st = game.state
    st.burning = tuple(b for b in st.burning if b[0] != m.id)


def chilled(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is Chilled."""
    chills = game.state.chilled
    return bool(chills) and any(mid == m.id for mid, _ in chills)  # asked of every Move


def chill_move(game: AeonsGame, m: AeonsModel) -> int:
    """What Chill takes off the Movement of ``m`` now: nothing off a Mi-Go's (Ether Wings,
    R:550)."""
    cat = catalog_of(game)
    slowed = chilled(game, m) and not unslowed(cat.profile(m.profile))
    return cat.scenario.chill_move if slowed else 0


def dex_penalty(game: AeonsGame, m: AeonsModel) -> int:
    """What Chill adds to the Dexterity ``m`` needs now."""
    return catalog_of(game).scenario.chill_dex if chilled(game, m) else 0


def dex_need(game: AeonsGame, m: AeonsModel, where: tuple[Point, ...] = ()) -> int:
    """What a Dexterity test of ``m`` needs, every one of them: its Dexterity, harder for a
    Chill (notes §6 item 4) and on a piece that makes every test taken on it so (ice,
    R:266), where it stands or along ``where`` (the path of a Move crossing it)."""
    dex = catalog_of(game).profile(m.profile).dex + dex_penalty(game, m)
    return dex + sum(f.dex_penalty for f in features(game, m, where or (m.pos,)))


def thaw(game: AeonsGame) -> None:
    """At the end of a Turn, the Chills that last until it end."""
    st = game.state
    if not st.chilled:
        return
    for mid, until in st.chilled:
        if until <= st.turn:
            game.emit("thawed", CHILL, (mid,))
    st.chilled = tuple((mid, until) for mid, until in st.chilled if until > st.turn)


def lost_actions(game: AeonsGame, m: AeonsModel) -> int:
    """The Actions Confusion takes from ``m`` as it is nominated; the Confusion is spent."""
    st = game.state
    if m.id not in st.confused:
        return 0
    st.confused = tuple(mid for mid in st.confused if mid != m.id)
    lost = catalog_of(game).scenario.confusion_actions
    game.emit("confusion", CONFUSION, (m.id,), lost=lost)
    return lost


def ensnared(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is Ensnared."""
    return m.id in game.state.ensnared


def ensnare_error(game: AeonsGame, m: AeonsModel, kind: str) -> str | None:
    """Why ``m`` may not take an Action of ``kind`` for its snare, or why it need not
    struggle."""
    if kind == STRUGGLE and not ensnared(game, m):
        return f"{m.id} is not Ensnared: it has no snare to struggle against"
    if kind in MOVES and ensnared(game, m):
        return (
            f"{m.id} is Ensnared: it may not Move until an Action's Dexterity test frees it "
            f"(struggle {m.id})"
        )
    return None


def conditions(game: AeonsGame, m: AeonsModel) -> tuple[str, ...]:
    """The states these rules leave on ``m``, as the table and its card show them."""
    st = game.state
    found = (
        (burning(game, m), "On Fire"),
        (chilled(game, m), "Chilled"),
        (m.id in st.ensnared, "Ensnared"),
        (m.id in st.confused, "Confused"),
    )
    return tuple(name for on, name in found if on)


def has_fire_weapon(cat: Catalog, prof: Profile) -> bool:
    """Whether a model of ``prof`` carries a Fire weapon."""
    return any(cat.weapon(w).has("fire") for w in prof.weapons)


def _fears_fire(cat: Catalog, prof: Profile) -> bool:
    # Pyrophobia is Fear of Fire as a Beast's (notes §6 item 7, :mod:`.phobias`).
    return bool(set(cat.scenario.fire_fear).intersection(prof.types)) or prof.fears("pyrophobia")


def fears_fire(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` suffers Fear from Fire (R:111, R:113): a Normal Beast or Animal (or
    Pyrophobic model), not Fearless; or a Normal rider whose Horse does, the Horse being
    carried off the table and the pair testing together where he stands (R:1121). A Mob's
    members fear none: the Fire's test is psychology's (R:935), to which a Mob is immune
    (R:923)."""
    if not m.normal or mobs.in_mob(game, m):
        return False
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    return _ridden_fears(game, m) or (_fears_fire(cat, prof) and not prof.has("fearless"))


def _ridden_fears(game: AeonsGame, rider: AeonsModel) -> bool:
    """Whether ``rider`` rides a Horse that fears Fire."""
    horse = riding.mount_of(game, rider)
    return horse is not None and fears_fire(game, horse)


def dexterity_test(
    game: AeonsGame, m: AeonsModel, roll: Roll | None, action: Action | None, cite: str
) -> tuple[int, tuple[Roll, Decision | None]]:
    """The D6 of a test of ``m``'s Dexterity (:func:`dex_need`), Lucky offered, and the face
    it needs."""
    need = dex_need(game, m)
    request = ("D6", "dexterity", cite, m.id)
    return need, lucky.roll(game, roll, action, request, lucky.under(need))


@dataclass(slots=True, eq=False)
class DexterityTest(Step):
    """A test of ``model``'s Dexterity (:func:`dexterity_test`) under the step's ``rule``,
    Lucky and the Lucky Charm offered (R:1101, R:476), logged as its ``event``; each kind says
    whether it is still taken, whom the event names and what a pass or a failure does."""

    rule = ""
    event = ""
    model: str
    roll: Roll | None = None

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if not self.taken(game, m):
            return []
        need, (self.roll, ask) = dexterity_test(game, m, self.roll, action, self.rule)
        if ask is not None:
            return ask
        passed = self.roll.value >= need
        game.emit(self.event, self.rule, self.named(m), need=need, passed=passed)
        return self.passes(game, m) if passed else self.fails(game, m)

    def taken(self, game: AeonsGame, m: AeonsModel) -> bool:
        """Whether the test is still taken (by default, always)."""
        return True

    def named(self, m: AeonsModel) -> tuple[str, ...]:
        """The models the event names."""
        return (m.id,)

    def passes(self, game: AeonsGame, m: AeonsModel) -> list[Step]:
        """What a pass does, and the steps it sets off."""
        return []

    def fails(self, game: AeonsGame, m: AeonsModel) -> list[Step]:
        """What a failure does, and the steps it sets off."""
        return []


@dataclass(slots=True, eq=False)
class Struggle(DexterityTest):
    """An Ensnared model's Action against its snare: a D6 of its Dexterity or more (harder
    for a Chill and on ice, :func:`dex_need`) frees it."""

    rule = ENSNARE
    event = "struggle"

    def passes(self, game: AeonsGame, m: AeonsModel) -> list[Step]:
        st = game.state
        st.ensnared = tuple(mid for mid in st.ensnared if mid != m.id)
        return []
