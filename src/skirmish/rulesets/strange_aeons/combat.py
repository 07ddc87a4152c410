"""Close combat: a round between two models in base-to-base, and the combats that open a turn.

Each side rolls its Attacks, adds its weapon's C.C. bonus to the highest die, and the higher
total wins by the difference in hits; equal totals are a Draw, and so is a winner who fails
to remove the loser. Models stay in base-to-base and fight again at the start of each turn.
Where the catalog plays them, 1s rolled add to the opponent's highest die and a confirmed 6
adds 2 to the winner's roll to wound (:mod:`.criticals`), and skills save hits (:mod:`.saves`).
A Parry (a weapon's or the skill) forces one re-roll of the opponent's dice a round; in the
rulebook each Parry of the opponent cancels one (R:1113), where its catalog says so. A
winner may wound a Daemon with a Wooden Stake (:mod:`.stake`). An Ensnared model takes no
Move out of a combat, nor a Feint, whose winner may only Move away (notes §6 item 4).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import KEPT_PLAY, Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.strange_aeons import (
    bite,
    cocoon,
    criticals,
    elder_thing,
    engulf,
    fighter,
    grip,
    hate,
    lucky,
    mobs,
    non_lethal,
    one_shot,
    plots,
    snatch,
    spittle,
    stake,
    stalker,
    tokens,
)
from skirmish.rulesets.strange_aeons.afflictions import effects_of, ensnare_error
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Weapon
from skirmish.rulesets.strange_aeons.damage import (
    Carried,
    Wound,
    astray,
    can_fight,
    conductive_bonus,
    free_hit,
    poison_bonus,
    remove_helpless,
    set_state,
    surgical_bonus,
)
from skirmish.rulesets.strange_aeons.dice import d3, read_die
from skirmish.rulesets.strange_aeons.fire_daemon import fire_born
from skirmish.rulesets.strange_aeons.model import FACE_UP, AeonsModel
from skirmish.rulesets.strange_aeons.pace import stride, top
from skirmish.rulesets.strange_aeons.push import Push
from skirmish.rulesets.strange_aeons.saves import NO_SAVE, combined, save_rule, skill_saves
from skirmish.rulesets.strange_aeons.saves import RULE as SAVES
from skirmish.rulesets.strange_aeons.space import (
    allegiance,
    contacts,
    foes,
    in_contact,
    in_the_way,
    inches,
    models,
    move_path,
    move_route,
    placement_reason,
    surface_name,
)

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Close Combat"
DAMAGE = "Close Combat: Damage"
MULTIPLE = "Close Combat: Multiple Opponents"
DRAW = "Close Combat: It's a Draw"
LEAVING = "Leaving Close Combat"
PARRY = "Weapon special rules: Parry"
UNARMED = "Weapon special rules: Unarmed"
FACE_UP_RULE = "States: Face Up"
THROW = "Skills: Throw (R:1159)"
REPEL = "Weapon special rules: Repel (R:1295; notes §6 item 4)"
THROW_HINT = 3.0
"""How far from a thrown model the points offered to give the direction lie."""
ROLLED_CCB = "C.C. bonus 1D3, rolled each round (rules notes item 51)"
ROLLED_ATTACKS = "Characteristics: rolled Attacks (notes §6 item 51)"


def attacks(game: AeonsGame, m: AeonsModel, opponent: AeonsModel, charging: bool = False) -> int:
    """Dice ``m`` rolls against ``opponent``: its Attacks (Face Up -1, minimum 1; doubled in
    Frenzy; as its skills change them, ``charging`` into a new combat) plus one for every
    other friend in base-to-base with the opponent."""
    n = _attacks(game, m) + hate.attacks(game, m, opponent)
    if not mobs.bears(game, m):
        n = m.attacks_in_state(n)
    if cocoon.trapped(game, m):
        n = max(1, n - cocoon.PENALTY)
    if spittle.is_blinded(game, m):
        game.emit("blinded", spittle.RULE, (m.id,))
        n = max(1, n - 1)
    n = fighter.dice(game, m, fighter.frenzied(game, m, n), charging)
    helpers = sum(1 for f in contacts(game, opponent) if not foes(game, f, m) and f.id != m.id)
    if helpers and elder_thing.radial(game, opponent):
        game.emit("radial-symmetry", elder_thing.RADIAL, (m.id, opponent.id), bonus=helpers)
        return n
    if helpers:
        game.emit("outnumbered", MULTIPLE, (m.id, opponent.id), bonus=helpers)
    return n + helpers


def rolled_bonus(game: AeonsGame, m: AeonsModel) -> int:
    """What a rolled C.C. bonus adds this round to the weapon's fixed part: a D3 rolled now
    when it is 1D3 (rules notes item 51), else nothing."""
    cat = catalog_of(game)
    weapon = cat.close_weapon(cat.profile(m.profile))
    if not weapon.ccb_d3:
        return 0
    return read_die(3, game.roll("D6", "rolled ccb", ROLLED_CCB, m.id).value)


def _attacks(game: AeonsGame, m: AeonsModel) -> int:
    """The model's Attacks this round, a Mob's its members' added (:func:`.mobs.summed`)."""
    return mobs.summed(game, m, own_attacks) if mobs.bears(game, m) else own_attacks(game, m)


def own_attacks(game: AeonsGame, m: AeonsModel) -> int:
    """One model's Attacks this round: fixed, or rolled at the start of each round of close
    combat (rules notes item 51), at least 1."""
    prof = catalog_of(game).profile(m.profile)
    if not prof.attacks_die:
        return prof.attacks
    face = game.roll("D6", "attacks", ROLLED_ATTACKS, m.id).value
    n = max(1, read_die(prof.attacks_die, face) + prof.attacks)
    game.emit("attacks-rolled", ROLLED_ATTACKS, (m.id,), attacks=n)
    return n


def parries(game: AeonsGame, m: AeonsModel) -> int:
    """How many Parries ``m`` has: its weapon's and the skill's (R:1113); a Mob's, those its
    members hold, one of each at most (R:925, :mod:`.mobs`)."""
    cat = catalog_of(game)
    held = [cat.profile(o.profile) for o in mobs.members(game, m)]
    weapon = any(cat.close_weapon(prof).has("parry") for prof in held)
    return int(weapon) + int(any(prof.has("parry") for prof in held))


@dataclass(slots=True, eq=False)
class CombatRound(Step):
    """One round of close combat between ``a`` (who charged, or whose side is active) and
    ``b``; ``charge`` when ``a`` has just Charged into a new combat (:mod:`.fighter`).

    Before the dice, each model may Feint, once a game: it wins without dice and may only move
    out of the combat (R:1083); then each with two close combat weapons chooses whether it
    fights with both (``paired``, R:284). A winner that fought with two chooses the ``weapon``
    it wounds with. A winner with Throw may instead throw the loser 1D6" in the direction of a
    point it chooses: pushed as by Power, it lands Face Up, with no free roll to wound as it
    leaves (R:1159); over a roof's edge it comes down as a push does (R:268). A winner with Destroy
    Weapon may instead destroy an item of the loser's, and the two fight on (R:1069). A Night
    Stalker that fought with its Bite may instead Drain or Regenerate (:mod:`.bite`, R:677);
    a Winged Nightmare may instead snatch the loser (:mod:`.snatch`, R:713).
    A winner with a Repel weapon deals no damage but pushes the loser 1D3" away (notes §6
    item 4)."""

    rule = RULE
    a: str
    b: str
    charge: bool = False
    phase: str = "start"
    roll_a: Roll | None = None
    roll_b: Roll | None = None
    asked: tuple[str, ...] = ()
    winner: str = ""
    hits: int = 0
    save_roll: Roll | None = None
    critical: int = 0
    paired: tuple[str, ...] = ()
    weapon: str = ""
    bonus_a: int = 0
    bonus_b: int = 0

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if self.phase == "thrown":
            return self._landed(game)
        a, b = self._pair(game)
        if not in_contact(a, b) or a.removed or b.removed:
            return []
        if self.phase == "start":
            return self._start(game, a, b)
        if self.phase == "dice":
            if self._helpless(game, a, b):
                return []
            ask = self._before_dice(game, action)
            if ask is not None:
                return ask
            if self.winner:
                return self._feinted(game)
            action = None
            self.bonus_a, self.bonus_b = rolled_bonus(game, a), rolled_bonus(game, b)
            for m in (a, b):
                one_shot.fought_with(game, m, m.id in self.paired)
            # Each side's dice are counted just before it rolls them, as the log tells it.
            dice_a = attacks(game, a, b, self.charge) + self._paired_dice(game, a)
            self.roll_a = game.roll(f"{dice_a}D6", "close-combat", RULE, a.id)
            dice_b = attacks(game, b, a) + self._paired_dice(game, b)
            self.roll_b = game.roll(f"{dice_b}D6", "close-combat", RULE, b.id)
            self.phase = "rerolls"
        if self.phase == "rerolls":
            ask = self._rerolls(game, action)
            if ask is not None:
                return ask
            return self._compare(game, a, b)
        return self._finish(game, action)

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Parry or Lucky re-roll refused: a Parry re-rolls a die of the opponent's roll,
        Lucky one of the model's own; a winner's second weapon chosen when it fought with one."""
        if action.kind == "destroy" and len(action.args) == 2:
            return (
                f"{action.args[0]} destroys only as a winner with Destroy Weapon, and only an "
                "item of the Weapons Tables the loser has (R:1069)"
            )
        if action.kind in bite.KINDS:
            return bite.refusal(action)
        if action.kind == snatch.SNATCH:
            return f"{action.args[0]} snatches only as a Winged Nightmare that won (R:713)"
        if action.kind == "withdraw" and action.args == (self.winner,):
            return _snared_error(game, game.model(self.winner))
        if action.kind == "wound" and len(action.args) == 2:
            return (
                f"{action.args[0]} wounds with {action.args[1]!r} only as the second of two "
                "weapons it fought with (R:284), or a Wooden Stake a Daemon (R:486)"
            )
        if len(action.args) != 2 or action.args[0] not in (self.a, self.b):
            return None
        if self.phase == "saves":
            return lucky.refusal(game, action, self.save_roll)
        own, foes = (
            (self.roll_a, self.roll_b) if action.args[0] == self.a else (self.roll_b, self.roll_a)
        )
        parrying = game.decision is not None and game.decision.kind == "parry"
        if action.kind == "parry" and parrying and foes is not None:
            return lucky.die_error(foes, action.args[1])
        return lucky.refusal(game, action, own)

    def _pair(self, game: AeonsGame) -> tuple[AeonsModel, AeonsModel]:
        return game.model(self.a), game.model(self.b)

    def _before_dice(self, game: AeonsGame, action: Action | None) -> Decision | None:
        """Each model's Feint, then each one's two weapons, one decision at a time."""
        if action is not None:
            self._choose(game, action)
        if self.winner:
            return None
        cat = catalog_of(game)
        for key, mid in (("fa", self.a), ("fb", self.b)):
            if key not in self.asked:
                self.asked = (*self.asked, key)
                m = game.model(mid)
                if _may_feint(game, m):
                    return Decision(
                        allegiance(game, m),
                        "feint",
                        f"{m.name} may Feint (once a game): win without dice, then move away",
                        (Action("feint", (mid,)), Action("no-feint", (mid,))),
                    )
        for key, mid in (("wa", self.a), ("wb", self.b)):
            if key not in self.asked:
                self.asked = (*self.asked, key)
                m = game.model(mid)
                if fighter.second_weapon(cat, cat.profile(m.profile)) is not None:
                    return Decision(
                        allegiance(game, m),
                        "two-weapons",
                        f"{m.name} may fight with two weapons: more dice, -1 C.C. bonus (R:284)",
                        (Action("two-weapons", (mid,)), Action("one-weapon", (mid,))),
                    )
        return None

    def _choose(self, game: AeonsGame, action: Action) -> None:
        mid = action.args[0]
        if action.kind == "feint":
            self.winner = mid
            game.state.feint_used = (*game.state.feint_used, mid)
            game.emit("feint", fighter.FEINT, (mid,))
        elif action.kind == "two-weapons":
            self.paired = (*self.paired, mid)
            game.emit("two-weapons", fighter.TWO_WEAPONS, (mid,))

    def _feinted(self, game: AeonsGame) -> Decision:
        """The Feint's winner moves out of the combat, as it must."""
        winner = game.model(self.winner)
        self.phase = "winner"
        return Decision(
            allegiance(game, winner),
            "feint-away",
            f"{winner.name} Feints: move it out of the combat",
            (),
            (PointSpec("withdraw", (winner.id,), leave_hint(game, winner)),),
        )

    def _paired_dice(self, game: AeonsGame, m: AeonsModel) -> int:
        if m.id not in self.paired:
            return 0
        return fighter.paired_dice(catalog_of(game).profile(m.profile))

    def _start(self, game: AeonsGame, a: AeonsModel, b: AeonsModel) -> list[Step]:
        for sleeper, foe in ((a, b), (b, a)):
            if elder_thing.is_dormant(sleeper) and can_fight(foe):
                game.emit("dormant-hit", elder_thing.RULE, (foe.id, sleeper.id))
                return free_hit(game, foe, sleeper, elder_thing.RULE)
        if self._helpless(game, a, b):
            return []
        grip.tighten(game, a, b)
        cat = catalog_of(game)
        self.phase = "dice"
        hits: list[Step] = []
        for victim, foe in ((a, b), (b, a)):
            if fighter.suffers_unarmed_hit(cat, cat.profile(victim.profile)):
                game.emit("unarmed", UNARMED, (victim.id,))
                hits += free_hit(game, foe, victim, UNARMED)
        return [*hits, self, *one_shot.after_round(cat, a, b)]

    def _helpless(self, game: AeonsGame, a: AeonsModel, b: AeonsModel) -> bool:
        """A Face Down fighter is removed; the round is over if either side can't fight."""
        if remove_helpless(game, a) or remove_helpless(game, b):
            return True
        return not (can_fight(a) and can_fight(b))

    def _rerolls(self, game: AeonsGame, action: Action | None) -> Decision | None:
        """Parry (each side's weapon), then Lucky (each side), one decision at a time."""
        if action is not None:
            self._answer(game, action)
        cat = catalog_of(game)
        pairs = (("pa", self.a, self.b, self.roll_b), ("pb", self.b, self.a, self.roll_a))
        for key, holder, foe, foe_roll in pairs:
            if key in self.asked or foe_roll is None:
                continue
            self.asked = (*self.asked, key)
            m = game.model(holder)
            them = game.model(foe)
            mine = fighter.parries_left(game, m, them, parries(game, m))
            # The Parries a Combat Veteran cancels no longer cancel its own (R:1059).
            theirs = fighter.less_veteran(cat.profile(m.profile), parries(game, them))
            if mine and cat.scenario.parries_cancel and theirs >= mine:
                game.emit("parry-cancelled", PARRY, (holder, foe))
            elif mine:
                dice = [i for i in range(len(foe_roll.faces)) if i not in foe_roll.rerolled]
                if dice:
                    options = tuple(Action("parry", (holder, str(i + 1))) for i in dice)
                    return Decision(
                        allegiance(game, m),
                        "parry",
                        f"{m.name} may Parry: force a re-roll of one die of {list(foe_roll.faces)}",
                        (*options, Action("no-parry", (holder,))),
                    )
        for key, holder, roll in (("la", self.a, self.roll_a), ("lb", self.b, self.roll_b)):
            if key in self.asked or roll is None:
                continue
            self.asked = (*self.asked, key)
            ask = lucky.offer(game, holder, roll, lucky.below_max(roll))
            if ask is not None:
                return ask
        return None

    def _answer(self, game: AeonsGame, action: Action) -> None:
        holder = action.args[0]
        mine_a = holder == self.a
        if action.kind == "parry":
            # The re-roll is the Parry holder's doing, of the opponent's die.
            index = int(action.args[1]) - 1
            if mine_a and self.roll_b is not None:
                self.roll_b = game.reroll(self.roll_b, index, PARRY, holder)
            elif self.roll_a is not None:
                self.roll_a = game.reroll(self.roll_a, index, PARRY, holder)
        elif action.kind in ("reroll", lucky.SPOIL):
            if mine_a and self.roll_a is not None:
                self.roll_a = lucky.use(game, action, self.roll_a)
            elif self.roll_b is not None:
                self.roll_b = lucky.use(game, action, self.roll_b)

    def at_stake(self, game: AeonsGame, holder: str) -> tuple[Roll, lucky.Harm]:
        """``holder``'s close combat roll, and the hits each model would take with it: the
        winner's margin, on the loser, but for a winner that rolls no die to wound, Face Up
        (it escapes) or cocooned (it breaks free) (:mod:`.lucky`'s re-rolls, weighed by the
        heuristic)."""
        a, b = self._pair(game)
        mine = self.roll_a if holder == self.a else self.roll_b
        other = self.roll_b if holder == self.a else self.roll_a
        assert mine is not None and other is not None

        def hits(roll: Roll) -> dict[str, int]:
            rolls = (roll, other) if holder == self.a else (other, roll)
            read_a = non_lethal.held_back(game, rolls[0], a, b)
            read_b = non_lethal.held_back(game, rolls[1], b, a)
            (total_a, total_b), _ = self._totals(game, a, b, read_a, read_b)
            winner, loser = (a, b) if total_a > total_b else (b, a)
            if total_a == total_b or winner.state == FACE_UP or cocoon.trapped(game, winner):
                return {}
            return {loser.id: abs(total_a - total_b)}

        return mine, hits

    def _totals(
        self, game: AeonsGame, a: AeonsModel, b: AeonsModel, roll_a: Roll, roll_b: Roll
    ) -> tuple[tuple[int, int], tuple[int, int]]:
        """The close combat totals of ``a`` and ``b`` with these rolls, and the 1s each
        rolled, every one adding 1 to the other's highest die (its total counts them)."""
        cat = catalog_of(game)
        prof_a, prof_b = cat.profile(a.profile), cat.profile(b.profile)
        ccb_a = fighter.ccb(cat, prof_a, self.charge, a.id in self.paired) + self.bonus_a
        ccb_b = fighter.ccb(cat, prof_b, False, b.id in self.paired) + self.bonus_b
        ccb_a, ccb_b = ccb_a + grip.ccb(game, a, b), ccb_b + grip.ccb(game, b, a)
        ccb_a, ccb_b = ccb_a + stalker.bonus(game, a, b), ccb_b + stalker.bonus(game, b, a)
        ccb_a, ccb_b = ccb_a - engulf.penalty(game, a), ccb_b - engulf.penalty(game, b)
        ccb_a, ccb_b = ccb_a + hate.ccb(game, a, b), ccb_b + hate.ccb(game, b, a)
        ccb_a, ccb_b = ccb_a - cocoon.penalty(game, a), ccb_b - cocoon.penalty(game, b)
        ones_a = fighter.misses(game, prof_a, roll_a)
        ones_b = fighter.misses(game, prof_b, roll_b)
        total_a = fighter.highest(prof_a, roll_a) + ccb_a + ones_b
        total_b = fighter.highest(prof_b, roll_b) + ccb_b + ones_a
        return (total_a, total_b), (ones_a, ones_b)

    def _compare(self, game: AeonsGame, a: AeonsModel, b: AeonsModel) -> Decision | list[Step]:
        assert self.roll_a is not None and self.roll_b is not None
        self.roll_a = non_lethal.read(game, self.roll_a, a, b)
        self.roll_b = non_lethal.read(game, self.roll_b, b, a)
        stalker.stalked(game, a, b)
        stalker.stalked(game, b, a)
        (total_a, total_b), (ones_a, ones_b) = self._totals(game, a, b, self.roll_a, self.roll_b)
        for who, foe, ones in ((a, b, ones_a), (b, a, ones_b)):
            if ones:
                game.emit("critical-miss", criticals.RULE, (who.id, foe.id), ones=ones)
        game.emit("combat-totals", RULE, (a.id, b.id), totals=[total_a, total_b])
        cat = catalog_of(game)
        if total_a == total_b:
            game.emit("draw", DRAW, (a.id, b.id))
            return []
        winner, loser = (a, b) if total_a > total_b else (b, a)
        if cocoon.trapped(game, winner):
            cocoon.break_free(game, winner)  # and no die to wound (R:596)
            return []
        if engulf.engulfs(game, winner):
            return engulf.latch(game, winner, loser)
        fighter.grapple(game, winner, loser)
        self.winner, self.hits = winner.id, abs(total_a - total_b)
        game.emit("combat-won", RULE, (winner.id, loser.id), hits=self.hits)
        self.phase = "winner"
        if winner.state == FACE_UP:
            return [Escape(winner.id)]
        wounds = [Action("wound", (winner.id,))]
        second = fighter.second_weapon(cat, cat.profile(winner.profile))
        if winner.id in self.paired and second is not None:
            # A Night Stalker's Bite wounds nothing: it Drains or Regenerates (R:677).
            wounds += bite.options(game, winner, loser) or [Action("wound", (winner.id, second.id))]
        elif stake.offered(cat, cat.profile(winner.profile), cat.profile(loser.profile)):
            wounds.append(Action("wound", (winner.id, stake.STAKE)))
        if cocoon.cocoons(game, winner) and not cocoon.trapped(game, loser):
            wounds.append(Action(cocoon.COCOON, (winner.id,)))
        if snatch.may_snatch(game, winner, loser):
            wounds.append(Action(snatch.SNATCH, (winner.id,)))
        if cat.profile(winner.profile).has("destroy_weapon"):
            items = fighter.destroyable(cat, cat.profile(loser.profile))
            wounds += [Action("destroy", (winner.id, item)) for item in items]
        points = []
        if _snared_error(game, winner) is None:
            points.append(PointSpec("withdraw", (winner.id,), leave_hint(game, winner)))
        if cat.profile(winner.profile).has("throw"):
            hint = f'a point giving the direction to throw {loser.id} 1D6"'
            points.append(PointSpec("throw", (winner.id, loser.id), hint))
        return Decision(
            allegiance(game, winner),
            "combat-won",
            f"{winner.name} won by {self.hits}: roll to wound, or leave the combat",
            tuple(wounds),
            tuple(points),
        )

    def _finish(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        winner = game.model(self.winner)
        loser = game.model(self.b if self.winner == self.a else self.a)
        if self.phase == "winner" and action is not None and action.kind == "withdraw":
            assert action.point is not None
            return self._withdraw(game, winner, loser, action.point)
        if self.phase == "winner" and action is not None and action.kind == "throw":
            return self._throw(game, winner, loser, action)
        if self.phase == "winner" and action is not None and action.kind == cocoon.COCOON:
            cocoon.wrap(game, winner, loser)
            return []
        if self.phase == "winner" and action is not None and action.kind in bite.KINDS:
            self.phase = "after"
            return [*bite.perform(game, winner, loser, action.kind), self]
        if self.phase == "winner" and action is not None and action.kind == snatch.SNATCH:
            snatch.seize(game, winner, loser)
            return []
        if self.phase == "winner" and action is not None and action.kind == "destroy":
            fighter.destroy(game, winner, loser, action.args[1])
            game.emit("draw", DRAW, (winner.id, loser.id))
            return []
        if self.phase == "winner":
            if action is not None and len(action.args) == 2:
                self.weapon = action.args[1]
            if self._wielded(game, winner).has("repel"):
                return self._repel(game, winner, loser)
            self.phase, action = "saves", None
            roll = self.roll_a if self.winner == self.a else self.roll_b
            assert roll is not None
            cat = catalog_of(game)
            prof, foe = cat.profile(winner.profile), cat.profile(loser.profile)
            wielded = cat.weapon(self.weapon) if self.weapon else cat.close_weapon(prof)
            face = stake.critical_face(fighter.critical_face(cat, prof), wielded, foe)
            if not fire_born(game, loser):
                eaters = plots.confirming(game, winner)
                self.critical = criticals.critical_hit(game, roll.faces, winner.id, face, eaters)
        if self.phase == "saves":
            ask = self._saves(game, loser, action)
            if ask is not None:
                return ask
            self.phase = "after"
            if self.hits:
                cat = catalog_of(game)
                prof = cat.profile(winner.profile)
                used = cat.weapon(self.weapon) if self.weapon else None
                weapon = self._wielded(game, winner)
                bonus = fighter.damage(cat, prof, used) + self.critical
                bonus += stake.damage(game, weapon, winner.id, cat.profile(loser.profile))
                bonus += grip.damage(game, winner, loser)
                bonus += conductive_bonus(game, weapon, loser)
                ap = fighter.armour_piercing(cat, prof, used)
                wound = Wound(
                    winner.id,
                    loser.id,
                    self.hits,
                    bonus,
                    DAMAGE,
                    ap=ap,
                    carried=Carried(
                        poison=poison_bonus(game, weapon),
                        precise=surgical_bonus(prof, weapon),
                        stun=weapon.has("stun"),
                        effects=effects_of(weapon),
                    ),
                )
                return [wound, self]
        if loser.removed is None:
            game.emit("draw", DRAW, (winner.id, loser.id))
        return []

    def _withdraw(
        self, game: AeonsGame, winner: AeonsModel, loser: AeonsModel, point: Point
    ) -> list[Step]:
        """The winner Moves out of the combat toward ``point`` (R:157), as far along its path
        as its Movement takes it: a rolled Movement may stop it short, as it stops any Move
        (R:2116; a Charge short of its target goes its whole roll, notes §6 item 49). Cut
        short in base-to-base with an enemy, it has not left: having rolled no die to wound,
        it wounded nobody, so the round with a loser it still touches is a Draw (R:153) and
        they fight on."""
        path = move_path(game, winner, point, leave_allowance(game, winner))
        assert path is not None
        tokens.travel(game, winner, stride(game, winner, path)[0], LEAVING)
        if held_back(game, winner) is not None and in_contact(winner, loser):
            game.emit("draw", DRAW, (winner.id, loser.id))
        return []

    def _wielded(self, game: AeonsGame, winner: AeonsModel) -> Weapon:
        """The weapon the winner wounds with: the one it chose of two, or its close combat
        weapon."""
        cat = catalog_of(game)
        return (
            cat.weapon(self.weapon)
            if self.weapon
            else cat.close_weapon(cat.profile(winner.profile))
        )

    def _repel(self, game: AeonsGame, winner: AeonsModel, loser: AeonsModel) -> list[Step]:
        """A Repel weapon's win deals no damage: the loser is pushed 1D3" directly away from
        the winner (notes §6 item 4), as Power pushes (:mod:`.push`)."""
        length = d3(game.roll("D6", "repel", REPEL, winner.id).value)
        game.emit("repelled", REPEL, (winner.id, loser.id), length=length)
        self.phase = "after"
        return [Push(loser.id, winner.x, winner.y, float(length), REPEL, winner.id)]

    def _throw(
        self, game: AeonsGame, winner: AeonsModel, loser: AeonsModel, action: Action
    ) -> list[Step]:
        """Throw the loser 1D6" toward the point chosen: a push away from its mirror image."""
        assert action.point is not None
        length = game.roll("D6", "throw", THROW, winner.id).value
        game.emit("throw", THROW, (winner.id, loser.id), length=length)
        self.phase = "thrown"
        back = (2 * loser.x - action.point[0], 2 * loser.y - action.point[1])
        return [Push(loser.id, *back, float(length), THROW, winner.id, owed=False), self]

    def _landed(self, game: AeonsGame) -> list[Step]:
        """A thrown model lands Face Up."""
        loser = game.model(self.b if self.winner == self.a else self.a)
        if loser.removed is None:
            set_state(game, loser, FACE_UP, THROW)
        return []

    def _saves(self, game: AeonsGame, loser: AeonsModel, action: Action | None) -> Decision | None:
        """The loser's saves against the hits, one die each (its skills', R:149)."""
        save = combined(skill_saves(game, loser, "close"))
        if save == NO_SAVE:
            return None
        rule = save_rule(game, loser, save, SAVES)
        request = (f"{self.hits}D6", "save", rule, loser.id)
        self.save_roll, ask = lucky.roll(game, self.save_roll, action, request, lucky.under(save))
        if ask is not None:
            return ask
        saved = sum(1 for f in self.save_roll.faces if f >= save)
        self.hits -= saved
        game.emit("saved", rule, (loser.id,), saved=saved, left=self.hits)
        return None

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        winner = game.model(self.winner)
        if action.kind == "throw":
            loser = game.model(self.b if self.winner == self.a else self.a)
            assert action.point is not None
            if math.dist(action.point, loser.pos) <= loser.radius:
                return f"a throw needs a point beyond the base of {loser.id}, to give its direction"
            return None
        return away_error(game, winner, action, leave_allowance(game, winner))


def _may_feint(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` may Feint now: it has the skill unused, is Normal and can move away."""
    prof = catalog_of(game).profile(m.profile)
    if not prof.has("feint") or not m.normal or m.id in game.state.feint_used:
        return False
    return bool(away_points(game, m, leave_allowance(game, m), "withdraw"))


def leave_allowance(game: AeonsGame, m: AeonsModel) -> float:
    """A winner leaves close combat with a Move of up to its Movement (rolled, see pace)."""
    return top(game, m)


def leave_hint(game: AeonsGame, m: AeonsModel) -> str:
    """What a point of a move out of combat must be."""
    return f'a point out of base-to-base within {leave_allowance(game, m):g}" along a legal path'


def away_error(
    game: AeonsGame,
    m: AeonsModel,
    action: Action,
    allowance: float,
    least: float | None = None,
) -> str | None:
    """Why ``action``'s point is not a legal move of ``m`` out of base-to-base: a Move along
    a path within ``allowance`` less what its terrain costs, none while Ensnared; or, with
    ``least``, a spot it is set down at, from ``least`` to ``allowance`` away, straight on,
    whatever the ground there costs (a Face Up winner, :class:`Escape`)."""
    assert action.point is not None
    placed = least is not None
    snared = None if placed else _snared_error(game, m)
    if snared is not None:
        return snared
    level = game.board.surface_at(action.point)
    if level != m.level:
        there, here = surface_name(game, level), surface_name(game, m.level)
        return f"the point is on {there}, {m.id} on {here}: leaving a combat stays on its surface"
    where = placement_reason(game, m, action.point, level)
    if where is not None:
        return where
    way = (
        _straight_error(game, m, action.point, least, allowance)
        if least is not None
        else move_route(game, m, action.point, allowance)
    )
    if isinstance(way, str):
        return way
    held = touched_foe(game, m, action.point)
    return None if held is None else f"the point is still in base-to-base with {held.id}"


def touched_foe(
    game: AeonsGame, m: AeonsModel, point: Point, among: Sequence[AeonsModel] | None = None
) -> AeonsModel | None:
    """An enemy on ``m``'s surface (of ``among``, if given) that ``m`` standing at ``point``
    is in base-to-base with: one it has not left a combat with."""
    for o in models(game) if among is None else among:
        near = edge_distance(point, m.radius, o.pos, o.radius) <= CONTACT
        if foes(game, o, m) and o.level == m.level and near:
            return o
    return None


def held_back(
    game: AeonsGame, m: AeonsModel, among: Sequence[AeonsModel] | None = None
) -> AeonsModel | None:
    """The enemy (of ``among``, those it was leaving, if given) that ``m``, having Moved out
    of its combat (R:157) only as far as its rolled Movement took it (R:2116), still stands in
    base-to-base with: it has not left that combat, and the log says so. ``None`` when it
    left, or left the table."""
    held = touched_foe(game, m, m.pos, among)
    if held is None or m.removed is not None:
        return None
    game.emit("not-left", LEAVING, (m.id, held.id))
    return held


def _snared_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not Move out of a combat: Ensnared, it takes no Move (notes §6 item 4),
    nor the free one of a winner or a Feint (R:157, R:1083)."""
    return ensnare_error(game, m, "move")


def _straight_error(
    game: AeonsGame, m: AeonsModel, p: Point, least: float, reach: float
) -> str | None:
    """Why ``m`` cannot be set down at ``p``, ``least`` to ``reach`` away (give or take a
    point's rounding) in a straight line that no base or piece stops."""
    far = math.dist(m.pos, p)
    if far > reach + KEPT_PLAY:
        return f'the point is {inches(far)} away, more than the {reach:g}" allowed'
    if far < least - KEPT_PLAY:
        return f"the point is {inches(far)} away, short of the {inches(least)} it is set down"
    blocker = in_the_way(game, m, p)
    return None if blocker is None else f"{blocker} is in the way"


@dataclass(slots=True, eq=False)
class Escape(Step):
    """A Face Up winner does not wound: it is set down 2" away, out of base-to-base, in the
    direction its owner says (:func:`escape_reach`). No Move, it is never shortened by the
    terrain's costs, which fall on the Movement (R:139, R:159, R:166; the introduction's
    rough terrain alike). A Grave-bound Ghost set down beyond its tether is dispelled
    (:func:`.damage.astray`)."""

    rule = FACE_UP_RULE
    model: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is None:
            reach = escape_reach(game, m)
            if reach is None:
                game.emit("cannot-escape", FACE_UP_RULE, (m.id,))
                return []
            away = f"{inches(reach)} away"
            return Decision(
                allegiance(game, m),
                "escape",
                f"{m.name} (Face Up) won: set it down {away}, out of base-to-base",
                (),
                (PointSpec("escape", (m.id,), f"a point out of base-to-base {away}"),),
            )
        if action.kind == "escape":
            assert action.point is not None
            far = math.dist(m.pos, action.point)
            m.x, m.y = action.point
            to = [round(m.x, 2), round(m.y, 2)]
            game.emit("moved", FACE_UP_RULE, (m.id,), to=to, length=round(far, 2))
            astray(game, m)
        return []

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        m = game.model(self.model)
        reach = escape_reach(game, m)
        if reach is None:
            return f"no spot is free to set {m.id} down at"
        full = catalog_of(game).scenario.face_up_escape
        return away_error(game, m, action, full, least=reach)


ESCAPE_STEP = 0.1
"""Inches between the distances tried short of a Face Up winner's full 2" (:func:`escape_reach`)."""


def escape_reach(game: AeonsGame, m: AeonsModel) -> float | None:
    """How far the Face Up winner ``m`` is set down: its full 2" where a spot that far is free
    in some direction (R:139, R:159); blocked all round, the farthest free spot short of it,
    found in steps of :data:`ESCAPE_STEP` (our reading); ``None`` where none is free."""
    full = catalog_of(game).scenario.face_up_escape
    for k in range(round(full / ESCAPE_STEP)):
        reach = full - k * ESCAPE_STEP
        if away_points(game, m, full, "escape", least=reach):
            return reach
    return None


def escape_points(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The spots the Face Up winner ``m`` may be set down at (:func:`escape_reach`)."""
    reach = escape_reach(game, m)
    full = catalog_of(game).scenario.face_up_escape
    return [] if reach is None else away_points(game, m, full, "escape", least=reach)


def throw_points(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Points on the table in eight directions around ``m``, to throw it toward."""
    found = []
    for k in range(8):
        angle = math.tau * k / 8
        p = (
            round(m.x + math.cos(angle) * THROW_HINT, 2),
            round(m.y + math.sin(angle) * THROW_HINT, 2),
        )
        if game.board.on_table(p, 0.0):
            found.append(p)
    return found


def away_points(
    game: AeonsGame, m: AeonsModel, reach: float, kind: str, least: float | None = None
) -> list[Point]:
    """Points a straight move of up to ``reach`` takes ``m`` to, out of base-to-base; or, with
    ``least``, the spots that far it is set down at (:func:`away_error`)."""
    found: list[Point] = []
    fracs = (1.0, 0.6) if least is None else (least / reach,)
    for k in range(16):
        angle = math.tau * k / 16
        for frac in fracs:
            p = (m.x + math.cos(angle) * reach * frac, m.y + math.sin(angle) * reach * frac)
            if away_error(game, m, Action.at(kind, (m.id,), *p), reach, least) is None:
                found.append((round(p[0], 2), round(p[1], 2)))
                break
    return found
