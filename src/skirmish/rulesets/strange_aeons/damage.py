"""Damage: rolling to wound, the Injury table, removal from the table and the end of the Fight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky, mating, objectives, tokens
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Profile, Weapon
from skirmish.rulesets.strange_aeons.falling import FALLING, Fall, edge_fall
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, FACE_UP, NORMAL, AeonsModel
from skirmish.rulesets.strange_aeons.space import gap, in_contact, models, sees
from skirmish.rulesets.strange_aeons.terrain import drowning

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

INJURY = "Injuries"
POISON = "Weapon special rules: Poison (R:1240; notes §6 item 4)"
STUN = "Weapon special rules: Stun (R:1344; notes §6 item 4)"
TOUGH = "Skills: Tough"
THICK_SKIN = 1
VIOLATOR = "Degenerate: Violator (R:757)"
RAVENOUS = "Wendigo: Ravenous (R:703)"
VICTORY = "last side standing"
"""Cited after the scenario's name: the Fight and Free For All! end when one side has none."""


def wounds_caused(total: int, con: int) -> int:
    """Wounds from a damage total: one if it equals Constitution, one more per point over."""
    return 0 if total < con else total - con + 1


def constitution(profile: Profile, ap: int) -> int:
    """The Constitution a hit must reach: natural Constitution (Thick Skin's +1 too, beyond
    the Human maximum, R:1157) and the armour points that Armour Piercing leaves (AP never
    lowers the natural value, R:1223)."""
    natural = profile.con + (THICK_SKIN if profile.has("thick_skin") else 0)
    return natural + max(0, profile.armour - ap)


def poison_bonus(game: AeonsGame, weapon: Weapon) -> int:
    """What a hit of ``weapon`` adds to the Injury roll it causes: Poison's bonus, +1 in the
    rulebook (notes §6 item 4)."""
    return catalog_of(game).scenario.poison_injury if weapon.has("poison") else 0


@dataclass(slots=True, eq=False)
class Wound(Step):
    """Roll to wound: one die per hit, the highest plus the damage bonus against Constitution."""

    attacker: str
    target: str
    dice: int
    bonus: int
    cite: str
    roll: Roll | None = None
    ap: int = 0
    poison: int = 0
    """What a Poison weapon adds to the Injury roll that follows."""
    stun: bool = False
    """A Stun weapon's hit: one that wounds places a Normal target Face Up."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        target = game.model(self.target)
        if target.removed is not None:
            return []
        request = (f"{self.dice}D6", "to-wound", self.cite, self.attacker)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.below_max)
        if ask is not None:
            return ask
        return self.apply(game, target, self.roll.highest + self.bonus)

    def apply(self, game: AeonsGame, target: AeonsModel, total: int) -> list[Step]:
        """The Wounds a damage ``total`` causes ``target``, and its Injury roll if it has no
        Wounds left (a template's one roll is applied to each model under it this way)."""
        con = constitution(catalog_of(game).profile(target.profile), self.ap)
        caused = wounds_caused(total, con)
        if caused == 0:
            game.emit("no-wound", self.cite, (self.target,), total=total, con=con)
            return []
        steps = lose_wounds(self.attacker, target, caused, self.poison)
        game.emit(
            "wounded",
            self.cite,
            (self.target,),
            total=total,
            con=con,
            wounds=caused,
            left=target.wounds,
        )
        if not steps and self.stun and target.normal:
            set_state(game, target, FACE_UP, STUN)
        return steps


def lose_wounds(attacker: str, target: AeonsModel, caused: int, poison: int = 0) -> list[Step]:
    """Take ``caused`` Wounds off ``target``: the Injury roll follows when it had no more,
    one point higher for each Wound beyond its last, and ``poison`` higher for a Poison
    weapon's hit."""
    before = target.wounds
    target.wounds = max(0, before - caused)
    if caused < before:
        return []
    return [Injury(attacker, target.id, caused - before, poison=poison)]


@dataclass(slots=True, eq=False)
class Injury(Step):
    """The Injury table: 2D6 rolled by the attacker, +1 per excess Wound, Tough -2, and a
    Poison weapon's bonus."""

    rule = INJURY
    attacker: str
    target: str
    excess: int
    roll: Roll | None = None
    poison: int = 0

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        target = game.model(self.target)
        if target.removed is not None:
            return []
        request = ("2D6", "injury", INJURY, self.attacker)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.below_max)
        if ask is not None:
            return ask
        cat = catalog_of(game)
        tough = -2 if cat.profile(target.profile).has("tough") else 0
        if tough:
            game.emit("tough", TOUGH, (self.target,))
        if self.poison:
            game.emit("poisoned", POISON, (self.target,), bonus=self.poison)
        value = self.roll.value + self.excess + tough + self.poison
        row = cat.table_row(cat.injury, value)
        game.emit("injury", INJURY, (self.target,), value=value, result=row.name)
        if row.effect == "removed":
            remove(game, target, row.name, INJURY, by=(self.attacker,))
        else:
            set_state(game, target, row.effect, INJURY)
        return []


def set_state(game: AeonsGame, m: AeonsModel, state: str, rule: str) -> None:
    """Place a model Face Up or Face Down (it never worsens its own state by choice); its
    Ready weapons are primed no more (rules notes item 57), and it drops what it holds
    (The Bag Man's package, R:1568). In water that drowns it in that state it is removed
    (R:256-257); Face Down near its roof's edge it falls (R:268)."""
    if m.state != state:
        m.state = state
        game.emit(state, rule, (m.id,))
        st = game.state
        if st.readied:
            st.readied = tuple(r for r in st.readied if r[0] != m.id)
        tokens.drop(game, m)
        _where_it_lies(game, m)


def _where_it_lies(game: AeonsGame, m: AeonsModel) -> None:
    water = drowning(game, m)
    if water is not None:
        game.emit("drowned", water.rule, (m.id,), state_name=m.state_name, feature=water.name)
        remove(game, m, "Major Injury", water.rule)
        return
    fall = edge_fall(game, m)
    if fall is not None:
        fall_down(game, m, fall)


def fall_down(game: AeonsGame, m: AeonsModel, fall: Fall) -> None:
    """A fall: the model comes down where ``fall`` lands it and suffers a hit of 1D plus the
    inches fallen against its Constitution; a Wound it has not got left removes it as a Major
    Injury (R:269). It lies Face Up where it lands (still Face Down if it was), so water there
    may drown it."""
    piece = game.board.piece(m.level).name if m.level is not None else "the ground"
    m.x, m.y = fall.point
    m.level = fall.level
    game.emit("fell", FALLING, (m.id,), height=fall.height, piece=piece)
    total = game.roll("D6", "fall", FALLING, m.id).value + round(fall.height)
    con = constitution(catalog_of(game).profile(m.profile), 0)
    caused = wounds_caused(total, con)
    game.emit("fall-damage", FALLING, (m.id,), total=total, con=con, wounds=caused)
    if caused and m.wounds <= caused:
        m.wounds = 0
        remove(game, m, "Major Injury", FALLING)
        return
    m.wounds -= caused
    if m.state == NORMAL:
        set_state(game, m, FACE_UP, FALLING)
    else:
        _where_it_lies(game, m)


def remove(
    game: AeonsGame,
    m: AeonsModel,
    reason: str,
    rule: str,
    injured: bool = True,
    by: tuple[str, ...] = (),
) -> None:
    """Take a model off the table; friends who see it fall within 5" owe a Resolve test,
    within 10" when one of the models ``by`` which it falls is a Violator (R:757).

    ``injured`` is false for a model that leaves the table, which counts as a Minor Injury
    but is not a removal "due to Injury" for psychology.
    """
    if injured:
        _owe_tests(game, m, by)
        _owe_feasts(game, m)
        mating.owed(game, m)
    if reason != objectives.ESCAPED:
        tokens.drop(game, m)
    m.removed = reason
    game.emit("removed", rule, (m.id,), reason=reason)
    _check_victory(game)


def _owe_tests(game: AeonsGame, fallen: AeonsModel, by: tuple[str, ...]) -> None:
    cat = catalog_of(game)
    reach = cat.scenario.psychology_range
    violator = cat.scenario.violator_range
    if violator is not None and any(cat.profile(game.model(b).profile).can("violator") for b in by):
        reach = violator
        game.emit("violator", VIOLATOR, (fallen.id,), reach=violator)
    state = game.state
    owed = list(state.pending_tests)
    for friend in models(game):
        if friend.side != fallen.side or friend.id == fallen.id:
            continue
        if not friend.normal or not cat.profile(friend.profile).subject_to_psychology:
            continue
        if gap(game, friend, fallen) <= reach and sees(game, friend, fallen):
            owed.append((friend.id, f"removal:{fallen.id}"))
    state.pending_tests = tuple(owed)


def _owe_feasts(game: AeonsGame, fallen: AeonsModel) -> None:
    """A Ravenous model in base-to-base with a model removed by an Injury owes an Action
    eating it, one a turn however many fall (R:703); a Wendigo so removed frees its spirit,
    the killer's side choosing the order of the tests (R:703)."""
    cat, st = catalog_of(game), game.state
    for o in models(game):
        owes = o.id not in st.feasts and o.id not in st.fed
        if (
            o.id != fallen.id
            and owes
            and in_contact(o, fallen)
            and cat.profile(o.profile).can("ravenous")
        ):
            st.feasts = (*st.feasts, o.id)
            game.emit("ravenous", RAVENOUS, (o.id, fallen.id))
    if cat.profile(fallen.profile).can("infectious_hunger"):
        st.hungers = (*st.hungers, (fallen.id, 1 - fallen.side))


def _check_victory(game: AeonsGame) -> None:
    if objectives.settled(game):
        return
    standing = [0, 0]
    for m in models(game):
        standing[m.side] += 1
    cat = catalog_of(game)
    names = cat.side_names
    if standing[0] and standing[1]:
        return
    rule = f"{cat.scenario.name}: {VICTORY}"
    if not standing[0] and not standing[1]:
        game.end(None, "both sides have left the table", rule)
    else:
        winner = 0 if standing[0] else 1
        game.end(winner, f"the {names[1 - winner]} have no models left", rule)


def face_down_removed(game: AeonsGame, m: AeonsModel, by: tuple[str, ...]) -> None:
    """A Face Down model engaged in close combat is removed as a Major Injury, ``by`` the
    enemies it is engaged with."""
    game.emit("helpless", "States: Face Down", (m.id,))
    remove(game, m, "Major Injury", "States: Face Down", by=by)


def is_prone(m: AeonsModel) -> bool:
    """Face Up and Face Down models lie prone."""
    return m.state in (FACE_UP, FACE_DOWN)
