"""Psychology: the situations that make Normal Human models test their Resolve, and Insanity.

The four situations of the introductory rules: a friend removed by Injury within 5" and in
sight; no friend within 5" with three or more enemies within 5" and in sight; a Hideous
enemy in base-to-base; being the last model of one's side. The rulebook adds a Fear-causing
enemy within 5" and a Terror-causing one within 10", sight or not (R:210-211; Terror takes 1
off the Insanity roll, R:121), where its catalog gives their reach, and spares the last model
a side started with alone (R:214). A dormant Elder Thing is no model in play (R:528): it
makes nobody test, nor is it a friend near or left. Beasts, not otherwise subject, suffer
Fear from Fire (R:113): a hit of a Fire weapon, a model on Fire or an enemy with a Fire weapon
within Fear's reach (:func:`fire_situations`). A Fearless model is not tested for Fear
(R:1081), a Rugged one for Hideous enemies (R:1123). A model tests once per situation (rules
notes item 44): each situation is keyed by its kind and source (a Mob by the member that
first bore its template, whoever bears it now: :func:`.mobs.source_id`), and a lasting
situation that ends may arise anew.

The catalog's Insanity rows say what Revulsion and Frenzy do: the introduction's Revulsion
runs to the model's own edge and its Frenzy moves at the closest enemy; the rulebook's
Revulsion moves directly away from what caused the test (toward the nearest edge without a
source, R:222, rules notes item 52), and its Frenzy Charges and passes every further test
against Resolve of the turn, whatever rule asks it (R:223, :func:`frenzy_passes`). Of enemies
tied for closest, the Frenzied model's controlling player chooses (rules notes item 70). Each
goes as far as a Move Action would: a rolled Movement is rolled (R:2116), a Chill's and a
load's inches taken off (:mod:`.pace`). A Frenzy's Charge begins as any Charge does
(:func:`charge_round`): a Falcon owing its handler a return makes none (R:1396), and the
Attack Dogs of the handler it reaches run to him (R:1371).

A model tests on the best Resolve lent to it: a Normal Command friend's within 5", an
Inspiring one's within 10" (R:1093), one with Presence anywhere on the table (R:1115). A
Suicidal model adds 2 to its Insanity roll, and 1 more for each Phobia it gained after the
Skill (R:1145). Phobias (:mod:`.phobias`) add situations: every model in base-to-base with a
Haphephobic one (R:234), and, to a Teratophobic one, the Fear of every enemy that is not Human
(notes §6 item 7). A Hated enemy brings no test by its presence (R:239, :mod:`.hate`).
Drug Crazed spares Human Lurkers every test (R:932); Black Sabbath and Full Moon re-roll
failed ones (R:929, R:935, :mod:`.plots`).
Tight Boots pass a failed test once a game (R:482), offered at each failure until used.
A Mounted model's Horse tests beside him (R:1121): psychology's test in full, any other rule's
by a roll whose failure throws him (:func:`mount_holds`), each measured from where he stands;
before he fires a heavy weapon it tests on its own Resolve, no friend's lent (our reading of
R:1121, :func:`mounts_resolve`); and the rider of a Horse faces the Fire it fears (R:111,
:func:`.afflictions.fears_fire`).
Animals test as Humans do (R:111), on their handler's Resolve with Shrill Whistle (R:1131); an
Animal Lover Frenzies with no test when a friendly Animal within 5" is removed
(R:1047, :mod:`.animals`), which his Horse, not tested, does not share.

Tests are taken as soon as the situation arises: after each Action (before any Alert shot at
the model that took it, R:205, R:245), removal or combat. The
test for a Hideous enemy in base-to-base comes before the round fought with it, and that round
is fought whatever the result (Charge Actions): a Frenzy rolled then fights that one round.
A Move that ends in base-to-base is a Charge (R:162), a Frenzy's Move short of its target
too: the round is fought with the enemy touched, of several the one its player chooses
(:class:`Engage`, :func:`contact_charge`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import shapely

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.board import Edge
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.terrain import nearest_in
from skirmish.rulesets.strange_aeons import (
    animals,
    elder_thing,
    fighter,
    hate,
    lucky,
    medic,
    mobs,
    plots,
    riding,
    salt,
    scene,
    tokens,
)
from skirmish.rulesets.strange_aeons.afflictions import (
    FIRE_SITUATION,
    fears_fire,
    has_fire_weapon,
)
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.best_friend import to_the_rescue
from skirmish.rulesets.strange_aeons.catalog import Ability, Profile, Skill
from skirmish.rulesets.strange_aeons.combat import MULTIPLE, CombatRound
from skirmish.rulesets.strange_aeons.damage import (
    break_away,
    can_fight,
    remove,
    remove_helpless_around,
    set_state,
    unseat,
)
from skirmish.rulesets.strange_aeons.extra_gear import RULES, spend, unspent
from skirmish.rulesets.strange_aeons.ghosts import is_ghost
from skirmish.rulesets.strange_aeons.ice import slip
from skirmish.rulesets.strange_aeons.invisibility import clear_of, unseen, unveil
from skirmish.rulesets.strange_aeons.model import MINOR_INJURY, AeonsModel
from skirmish.rulesets.strange_aeons.pace import stride, top
from skirmish.rulesets.strange_aeons.push import LEAVE
from skirmish.rulesets.strange_aeons.space import (
    CLOSEST,
    Placement,
    allegiance,
    carried,
    contacts,
    gap,
    in_contact,
    master_of,
    models,
    path_toward,
    placement,
    rough_stops_charge,
    tied_closest,
)

if TYPE_CHECKING:
    from skirmish.geometry.paths import Path
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Psychology"
TERROR = "Special types: Terror"
FATHER = "Child: Father Knows Best (R:374)"
CHILD = "Child: Child Psychology (R:374)"
CHILD_MODIFIER = -1
BLISS = "Civilian: Blissful Ignorance (R:369)"
COMMAND = "Psychology: Command"
INSPIRE = "Skills: Inspire (R:1093)"
INSPIRE_RANGE = 10.0
PRESENCE = "Skills: Presence (R:1115)"
COMMANDING = (COMMAND, INSPIRE, PRESENCE)
"""The lendings that are Command's, widened by Inspire and Presence (their requirement)."""
SUICIDAL = "Skills: Suicidal (R:1145)"
SUICIDAL_MODIFIER = 2
"""Suicidal adds 2 to the Insanity roll, and 1 for each Phobia gained after it (R:1145)."""
BOOTS = RULES["tight_boots"]
MOUNT_TEST = "Skills: Ride, the Mount's roll beside its rider's test (R:1121)"

INSANITY = "Insanity Table"
CHARGE = "Charge Actions"
FOE = "foe"
"""The decision of the enemy a model fights, of several in base-to-base, and its answers."""
HIDEOUS = "hideous:"
"""The situation of a Hideous enemy in base-to-base, its source's id after it (R:209)."""
LASTING = ("isolated", HIDEOUS, "fear:", "terror:", "last", "fire:", "haphephobia:")
WINDS = "winds"
"""The situation of a Polyp's Whistling Winds' Fear: no lasting one (R:534)."""
FRENZY_PASS = "Insanity Table: Frenzy (R:223)"
FRENZY_TIED = "Insanity Table: Frenzy, closest enemies tied (notes §6 item 70)"
ROLLED = "Resolve rolled for each test (R:806, rules notes item 51)"
MADMAN = "Maniac: Madman (R:806)"
UNNERVING = "Re-animated Limb: Unnerving (R:907)"
UNNERVING_PENALTY = 1
NODE = "Puppet: Node (R:650)"
NODE_PENALTY = 1
REVULSIONS = ("revulsion", "revulsion-away")
"""The Insanity effects that are Revulsion: the introduction's and the rulebook's."""
SCENERY = ("acrophobia", "claustrophobia", "hydrophobia")
"""The situations whose source is a piece of scenery, keyed by their kind and the piece's id
(the Phobias of a piece climbed, entered or waded into, :mod:`.phobias`): a Revulsion
moves directly away from the point of that piece nearest the model (R:222)."""


def resolve_of(game: AeonsGame, m: AeonsModel, own: int | None = None) -> tuple[int, str, str]:
    """The Resolve ``m`` tests on, whose it is and the rule that lends it: its own (a D6 rolled for
    this test when its Resolve is rolled, R:806, rules notes item 51: a 1 passes whatever the
    test's die), or a friend's if better that lends it (:func:`_lending`: a Normal one's by
    Command within 5", Inspire, Presence, in the rulebook only out of base-to-base with an
    enemy, R:153; a Child any friend's within 5", Normal or not, in base-to-base with an enemy
    or not, Father Knows Best, R:374; an Animal its handler's with Shrill Whistle within 10",
    R:1131); a Human within 5" of an Unnerving model, friend or foe, has 1 added to it (R:907),
    once however many there are, a model that failed the Frighteners' test 1 more (R:735), and a
    Compelled model within the catalog's ``node_range`` of a Puppet 1 more, once however many
    (Node, R:650). A ridden Horse is measured from where its rider stands
    (:func:`.riding.standing_for`). ``own`` is its own Resolve when known already (one of
    :func:`own_resolves`, for the odds), else it is read, or rolled, now."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    here = riding.standing_for(game, m)
    best = own_resolve(game, m) if own is None else own
    source, rule = m.id, RULE
    for f in models(game):
        # A ridden Horse's rider lends it his Resolve by Ride alone (:func:`test_need`).
        if f.side != m.side or f.id in (m.id, here.id):
            continue
        lender = cat.profile(f.profile)
        if lender.res >= best:
            continue
        rules = _lending(gap(game, here, f), cat.scenario.resolve_share_range, lender, prof)
        if not f.normal:
            # Father Knows Best names any Threshold model (R:374); the others a Normal one.
            rules = [r for r in rules if r == FATHER]
        commanding = set(rules) & set(COMMANDING)
        if commanding and cat.scenario.command_out_of_combat and contacts(game, f):
            # No Command from base-to-base with an enemy, a Draw (R:153); a rule without
            # that limit may still lend (Father Knows Best, R:374).
            rules = [r for r in rules if r not in commanding]
        lent = (animals.lender(game, m, f) if f.normal else None) or next(iter(rules), None)
        if lent is not None:
            best, source, rule = lender.res, f.id, lent
    return best + worsened(game, m, here), source, rule


def mounts_resolve(game: AeonsGame, horse: AeonsModel) -> int:
    """The Resolve a ridden ``horse`` tests on before its rider fires a heavy weapon: its own,
    as what worsens it leaves it (:func:`worsened`), no friend's lent, since the book names
    the Mount's for that test where it lets the rider's serve every other (R:1121, our
    reading)."""
    return own_resolve(game, horse) + worsened(game, horse, riding.standing_for(game, horse))


def worsened(game: AeonsGame, m: AeonsModel, here: AeonsModel) -> int:
    """What is added to the Resolve ``m`` tests on: Unnerving's and the Node's near ``here``,
    where ``m`` stands (a ridden Horse where its rider does, :func:`.riding.standing_for`),
    and the Frighteners' for the game. Read only: a test taken logs them
    (:func:`announce_worsened`), and the odds read them too."""
    frightened = m.id in game.state.frightened  # The Frighteners' +1 for the game (R:735)
    return sum(penalty for *_, penalty in _worsening(game, m, here)) + frightened


def announce_worsened(game: AeonsGame, m: AeonsModel) -> None:
    """Log what worsens the Resolve ``m`` tests on now (Unnerving, R:907; the Node, R:650),
    as a test is taken."""
    for kind, rule, source, reach, _ in _worsening(game, m, riding.standing_for(game, m)):
        game.emit(kind, rule, (m.id, source), reach=reach)


def own_resolve(game: AeonsGame, m: AeonsModel) -> int:
    """``m``'s own Resolve: its profile's, or a D6 rolled now when it is rolled (R:806, rules
    notes item 51)."""
    own = catalog_of(game).profile(m.profile)
    return game.roll("D6", "rolled resolve", ROLLED, m.id).value if own.res_rolled else own.res


def own_resolves(game: AeonsGame, m: AeonsModel) -> tuple[tuple[int, Fraction], ...]:
    """Each own Resolve :func:`own_resolve` may give ``m``, with its chance: its profile's,
    or each face of the D6 rolled for it."""
    prof = catalog_of(game).profile(m.profile)
    if prof.res_rolled:
        return tuple((face, Fraction(1, 6)) for face in range(1, 7))
    return ((prof.res, Fraction(1)),)


def need_of(
    game: AeonsGame, m: AeonsModel, own: int | None = None, rider_own: int | None = None
) -> tuple[int, str, str]:
    """What ``m`` needs on the die of a test against its Resolve (:func:`resolve_of`), whose
    Resolve it is and the rule that lends it; a ridden Horse tests on its rider's when better
    (R:1121). ``own`` and ``rider_own`` are their own Resolves when known already."""
    found = resolve_of(game, m, own)
    rider = riding.rider_of(game, m)
    if rider is not None:
        ridden = resolve_of(game, rider, rider_own)[0]
        if ridden < found[0]:
            return ridden, rider.id, riding.RIDE
    return found


def test_need(game: AeonsGame, m: AeonsModel) -> int:
    """What ``m`` needs on the die of a test against its Resolve (:func:`need_of`), what
    worsens it and a friend's lent Resolve logged."""
    announce_worsened(game, m)
    rider = riding.rider_of(game, m)
    if rider is not None:
        announce_worsened(game, rider)
    need, source, lends = need_of(game, m)
    if source != m.id:
        game.emit("shared-resolve", lends, (m.id, source), need=need)
    return need


def mount_holds(game: AeonsGame, rider: AeonsModel, test: str) -> bool:
    """Whether ``rider`` stays in the saddle through his Resolve test of the rule ``test``:
    his Horse, if he rides one, rolls too, on his Resolve when better (:func:`test_need`), and
    throws him when it fails (R:1121). Every Resolve test of a rider asks it after his own
    roll but psychology's, whose Horse takes a whole test (:class:`ResolveTest`), and the
    Horse's own before a shot from the saddle. Its die offers no Lucky re-roll (our reading:
    the Horse's roll is taken within its rider's test)."""
    horse = riding.mount_of(game, rider)
    if horse is None or frenzy_passes(game, horse, test=test):
        return True
    need = test_need(game, horse)
    roll = plots.retest(game, horse, game.roll("D6", "resolve", MOUNT_TEST, horse.id), need)
    passed = roll.value >= need
    game.emit("mount-test", MOUNT_TEST, (horse.id, rider.id), test=test, need=need, passed=passed)
    if not passed:
        unseat(game, rider, True)
    return passed


@dataclass(slots=True, eq=False)
class Trial(Step):
    """The Resolve test ``model``'s rule makes ``target`` take, its owner free to spend Lucky
    on it (the Evil Eye's, R:708; a Neural Shock's, R:545): logged as ``kind``, ``penalty``
    worse, and :meth:`failed` says what a failure brings."""

    kind = "trial"
    model: str
    target: str
    roll: Roll | None = None
    need: int = 0

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        target = game.model(self.target)
        if self.roll is None:
            if frenzy_passes(game, target, test=self.rule):
                mount_holds(game, target, self.rule)
                return self.passes(game, target)
            self.need = test_need(game, target) + self.penalty(game, target)
        request = ("D6", "resolve", self.rule, target.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.need))
        if ask is not None:
            return ask
        self.roll = plots.retest(game, target, self.roll, self.need)
        passed = self.roll.value >= self.need
        game.emit(self.kind, self.rule, (self.model, target.id), need=self.need, passed=passed)
        mount_holds(game, target, self.rule)
        return self.passes(game, target) if passed else self.failed(game, target)

    def passes(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """What a passed test brings beyond the logged result: nothing unless the rule says
        (the Compelling Gaze's, :mod:`.gaze`)."""
        return []

    def penalty(self, game: AeonsGame, target: AeonsModel) -> int:
        """What the rule adds to the Resolve ``target`` needs: nothing unless it says so."""
        return 0

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """What a failed test brings ``target`` beyond the logged result: nothing unless the
        rule says (each rule's Trial says)."""
        return []


def _worsening(
    game: AeonsGame, m: AeonsModel, here: AeonsModel
) -> list[tuple[str, str, str, float, int]]:
    """What worsens ``m``'s Resolve, measured from ``here``, each as its event, rule, source,
    reach and penalty: Unnerving (R:907), 1 for a Human near an Unnerving model, and the Node
    (R:650), 1 while Compelled near a Puppet, each once however many."""
    cat = catalog_of(game)
    found = []
    if "human" in cat.profile(m.profile).types:
        reach = cat.scenario.unnerving_range
        near = _near_with(game, m.id, here, "unnerving", reach)
        if near is not None:
            found.append(("unnerved", UNNERVING, near.id, reach, UNNERVING_PENALTY))
    if master_of(game, m) is not None:
        reach = cat.scenario.node_range
        near = _near_with(game, "", here, "node", reach)  # a Compelled Puppet heeds its own
        if near is not None:
            found.append(("node", NODE, near.id, reach, NODE_PENALTY))
    return found


def _near_with(
    game: AeonsGame, skip: str, here: AeonsModel, ability: Ability, reach: float
) -> AeonsModel | None:
    """The first model but ``skip`` with ``ability`` within ``reach`` of ``here``, if any."""
    cat = catalog_of(game)
    return next(
        (
            o
            for o in models(game)
            if o.id != skip and cat.profile(o.profile).can(ability) and gap(game, here, o) <= reach
        ),
        None,
    )


def _lending(distance: float, near: float, lender: Profile, own: Profile) -> list[str]:
    """The rules by which a friend ``distance`` away lends its Resolve, the first cited:
    Presence over the whole table, Inspire within 10", Command and Father Knows Best within
    ``near``."""
    rules = [PRESENCE] if lender.has("presence") else []
    if lender.has("inspire") and distance <= INSPIRE_RANGE:
        rules.append(INSPIRE)
    if distance > near:
        return rules
    if lender.has("command"):
        rules.append(COMMAND)
    return [*rules, FATHER] if own.can("father_knows_best") else rules


def situations(game: AeonsGame, table: Placement, m: AeonsModel) -> tuple[str, ...] | None:
    """The situations ``m`` is in now, or ``None`` if it is neither subject to psychology nor
    a Beast that fears Fire (``table`` being the game's placement, which holds the state of
    every model): kept by the placement with the models made Surly and those on Fire, which
    are not of it (R:1149, R:113), as every check asks them of every model."""
    st = game.state
    key = (game.index[m.id], st.surly, st.burning)
    known = table.faced
    if key not in known:
        i, before = key[0], table.before
        if before is not None and key in before.faced and _unchanged_near(game, table, i):
            known[key] = before.faced[key]  # with the same models Surly and on Fire
            if i in before.situations:
                table.situations.setdefault(i, before.situations[i])
        else:
            known[key] = _now(game, table, m)
    return known[key]


def _now(game: AeonsGame, table: Placement, m: AeonsModel) -> tuple[str, ...] | None:
    known, i = table.situations, game.index[m.id]
    if i not in known:
        known[i] = _lasting(game, table, m, i)
    found = known[i]
    # Surly's Fear and Fire are not of the placement: they last from an Action to a turn.
    if found is not None and game.state.surly:
        found = (*found, *_menaced(game, m))
    armed = _fire_near(game, table, m)
    if found is None and armed is None:
        return None
    fire = () if armed is None else fire_situations(game, table, m, armed)
    return (*(found or ()), *fire) if fire else found or ()


def _lasting(game: AeonsGame, table: Placement, m: AeonsModel, i: int) -> tuple[str, ...] | None:
    """The lasting situations of ``m``, the model at ``i`` (``None``: it is not subject to
    psychology): those of the placement before when nothing changed near it, as after a
    Move far from it; anew when a Mob stands, as a Mob's Fear is not of the placement."""
    if game.state.mobs:
        table.mobbed = True
    before = table.before
    if before is not None and i in before.situations and _unchanged_near(game, table, i):
        return before.situations[i]
    return _situations(game, table, m) if subject(game, m) else None


def _unchanged_near(game: AeonsGame, table: Placement, i: int) -> bool:
    """Whether the situations of the model at ``i`` found in the placement before hold: no
    Mob stood then nor stands now (a Mob's Fear is not of the placement), and nothing changed
    near it (:func:`.space.carried`) as far as Fear, Terror, isolation and Fire reach."""
    before = table.before
    if before is None or before.mobbed or table.mobbed or game.state.mobs:
        return False
    return carried(table, i, catalog_of(game).scenario.situations_reach)


def fire_situations(
    game: AeonsGame, table: Placement, m: AeonsModel, armed: tuple[str, ...]
) -> tuple[str, ...]:
    """The Fire that ``m``, which fears it, faces now: each enemy with a Fire weapon within
    Fear's reach (``armed``, kept by the placement, :func:`_fire_near`) and each model on Fire
    there, of a kind it does not Hate, in the order of the table's models (R:113)."""
    lit = {mid for mid, _ in game.state.burning}
    reach = catalog_of(game).scenario.fear_range
    if not lit or reach is None:
        return tuple(f"{FIRE_SITUATION}:{oid}" for oid in armed)
    return tuple(
        f"{FIRE_SITUATION}:{o.id}"
        for o in table.models(game)
        if o.id in armed
        or (
            o.id in lit and o.id != m.id and gap(game, m, o) <= reach and not hate.hates(game, m, o)
        )
    )


def _fire_near(game: AeonsGame, table: Placement, m: AeonsModel) -> tuple[str, ...] | None:
    """The enemies with a Fire weapon within Fear's reach of ``m``, of a kind it does not
    Hate, or ``None`` when ``m`` fears no Fire: the same while the placement is (what is on
    Fire is not of it)."""
    known, i = table.fire, game.index[m.id]
    if i not in known:
        known[i] = _armed(game, table, m) if fears_fire(game, m) else None
    return known[i]


def _armed(game: AeonsGame, table: Placement, m: AeonsModel) -> tuple[str, ...]:
    cat = catalog_of(game)
    reach = cat.scenario.fear_range
    if reach is None:
        return ()
    return tuple(
        o.id
        for o in table.models(game)
        if o.side != m.side
        and gap(game, m, o) <= reach  # before the weapons: most enemies stand beyond it
        and has_fire_weapon(cat, cat.profile(o.profile))
        and not hate.hates(game, m, o)
    )


def _menaced(game: AeonsGame, m: AeonsModel) -> tuple[str, ...]:
    """The Fear of enemies made Surly within its reach (R:1149), unless ``m`` is Fearless."""
    cat = catalog_of(game)
    reach = cat.scenario.fear_range
    if reach is None or cat.profile(m.profile).has("fearless"):
        return ()
    return tuple(
        _menace(game, o)
        for o in map(game.model, game.state.surly)
        if o.side != m.side
        and o.on_table
        and not hate.hates(game, m, o)
        and not cat.profile(o.profile).has("fear")
        and gap(game, m, o) <= reach
    )


def _menace(game: AeonsGame, o: AeonsModel) -> str:
    """The situation of ``o``'s Fear as a Surly model causes it: a Polyp's Whistling Winds are
    one situation however often it stirs them, tested once for the game (R:534), so not a
    lasting one that lapses with the winds; a Surly model's Fear lasts while it is near."""
    if catalog_of(game).profile(o.profile).can("whistling_winds"):
        return f"{WINDS}:{o.id}"
    return f"fear:{mobs.source_id(game, o)}"


def _present(
    game: AeonsGame, table: Placement, m: AeonsModel
) -> tuple[list[AeonsModel], list[AeonsModel]]:
    """The models but ``m`` whose presence may make it test, a Hated enemy none (R:239), and
    those of them in play: a dormant Elder Thing is none, making nobody test nor counting as
    a friend left (R:528)."""
    others = [o for o in table.models(game) if o.id != m.id]
    if hate.hated(game, m):
        others = [o for o in others if not hate.hates(game, m, o)]
    return others, [o for o in others if not elder_thing.is_dormant(o)]


def _isolating(
    game: AeonsGame, table: Placement, m: AeonsModel, awake: list[AeonsModel]
) -> list[AeonsModel]:
    """The enemies of ``awake`` (:func:`_present`) that isolate ``m`` when no friend is near:
    those within psychology's reach and in its sight (R:208), the sources a Revulsion moves
    away from (rules notes item 52)."""
    reach = catalog_of(game).scenario.psychology_range
    return [
        o
        for o in awake
        if o.side != m.side and gap(game, m, o) <= reach and table.sight(game, m, o).visible
    ]


def _situations(game: AeonsGame, table: Placement, m: AeonsModel) -> tuple[str, ...]:
    cat = catalog_of(game)
    reach, crowd = cat.scenario.psychology_range, cat.scenario.isolation_enemies
    others, awake = _present(game, table, m)
    friends = [o for o in awake if o.side == m.side]
    enemies = [o for o in awake if o.side != m.side]
    held, index = table.profiles(game), game.index
    own = held[index[m.id]]
    profiles = {o.id: held[index[o.id]] for o in others}  # each read once, not per rule
    found = [
        f"{HIDEOUS}{mobs.source_id(game, o)}"
        for o in enemies
        if in_contact(m, o) and profiles[o.id].has("hideous") and not own.has("rugged")
    ]
    if own.fears("haphephobia"):
        found += [f"haphephobia:{o.id}" for o in awake if in_contact(m, o)]
    traits: tuple[tuple[Skill, float | None], ...] = (
        ("fear", cat.scenario.fear_range),
        ("terror", cat.scenario.terror_range),
    )
    mobbed = bool(game.state.mobs)  # no Mob standing makes no Mob's Fear to look for
    for trait, reach_of in traits:
        if reach_of is not None and not (trait == "fear" and own.has("fearless")):
            found += [
                f"{trait}:{mobs.source_id(game, o)}"
                for o in awake
                if (
                    (o.side != m.side and _causes(profiles[o.id], own, trait))
                    or (mobbed and _mob_fear(game, m, o, trait))
                )
                and gap(game, m, o) <= reach_of
            ]
    # Sight is looked at only when no friend is near and enough enemies are on the table.
    alone = len(enemies) >= crowd and not any(gap(game, m, f) <= reach for f in friends)
    if alone and len(_isolating(game, table, m, enemies)) >= crowd:
        found.insert(0, "isolated")
    # Animals count as no models of the list (R:1366): a handler with only his left is last.
    people = [f for f in friends if not profiles[f.id].handler]
    if not people and animals.list_size(game, m.side) > 1:
        found.append("last")
    return tuple(found)


def _mob_fear(game: AeonsGame, m: AeonsModel, o: AeonsModel, trait: Skill) -> bool:
    """Whether ``o`` causes ``m`` Fear as a Mob: an enemy Mob does (R:923), and a friendly one
    too when ``m`` is Enochlophobic (R:233)."""
    if trait != "fear" or not mobs.causes_fear(game, o):
        return False
    return o.side != m.side or catalog_of(game).profile(m.profile).fears("enochlophobia")


def _causes(enemy: Profile, own: Profile, trait: Skill) -> bool:
    """Whether ``enemy`` causes ``trait`` (Fear, Terror) to ``own``: its own, or Fear to a
    Teratophobic model when it is not Human (notes §6 item 7)."""
    if enemy.has(trait):
        return True
    alien = "human" not in enemy.types and not enemy.has("terror")
    return trait == "fear" and own.fears("teratophobia") and alien


def subject(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` takes psychology's Resolve tests now (a howl's too, :mod:`.howl`): a
    Normal model subject to psychology, not in a Mob (R:923) nor a Drug Crazed Human Lurker
    (R:932)."""
    if not m.normal:  # before the profile's types, read anew each time
        return False
    subject = catalog_of(game).profile(m.profile).subject_to_psychology
    return subject and not mobs.in_mob(game, m) and not plots.drug_crazed(game, m)


def next_test(game: AeonsGame) -> tuple[str, str] | None:
    """The next Resolve test owed, as (model id, situation), or ``None``.

    Tests owed at once are taken in this fixed order, not one the active player chooses (our
    reading of rules notes item 45, the docs say why): tests owed for removals first, in the
    order they arose; then lasting situations, the active side's models first. A test whose
    model no longer takes it is dropped, and situations that have ended are forgotten here.
    """
    state = game.state
    while state.pending_tests:
        (mid, situation), rest = state.pending_tests[0], state.pending_tests[1:]
        state.pending_tests = rest
        m = game.model(mid)
        tested = subject(game, m) or (situation.startswith("fire:") and fears_fire(game, m))
        if m.removed is None and tested and situation not in m.faced:
            return mid, situation
    table = placement(game)
    for m in sorted(table.models(game), key=lambda o: o.side != state.active):
        now = situations(game, table, m)
        if now is None:
            continue
        if m.faced:
            kept = tuple(s for s in m.faced if s in now or not s.startswith(LASTING))
            if kept != m.faced:
                m.faced = kept
        for s in now:
            if s not in m.faced:
                return m.id, s
    return None


@dataclass(slots=True, eq=False)
class PsychologyCheck(Step):
    """Run every Resolve test owed now, one after another.

    ``fighters`` are the two models of the round of close combat that follows the check, if
    one does (a Charge, a Change State in base-to-base).
    """

    rule = RULE
    fighters: tuple[str, ...] = ()

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        owed = next_test(game)
        if owed is None:
            return []
        mid, situation = owed
        return [ResolveTest(mid, situation, mid in self.fighters), self]


def charge_round(game: AeonsGame, m: AeonsModel, target: AeonsModel, fresh: bool) -> list[Step]:
    """The round a Charge of ``m`` brings it into with ``target``, however the Charge began
    (a Charge Action, a Move into base-to-base, R:162, a Frenzy, R:223): the Face Down
    enemies ``m`` touches are removed (R:160), ``target``'s Attack Dogs run to him (R:1371),
    then the round after the tests owed."""
    remove_helpless_around(game, m)
    return _rescued_round(game, m, target, fresh)


def _rescued_round(game: AeonsGame, m: AeonsModel, target: AeonsModel, fresh: bool) -> list[Step]:
    """The round of ``m``'s Charge at ``target``, its Face Down enemies removed already:
    ``target``'s Attack Dogs run to him (R:1371), then the round after the tests owed."""
    return [*to_the_rescue(game, target), *round_after_tests(m.id, target.id, fresh)]


def round_after_tests(a: str, b: str, charge: bool = False) -> list[Step]:
    """A round of close combat between ``a`` and ``b``, after the Resolve tests owed now: a
    Hideous enemy in base-to-base is tested before the round, which is fought whatever the
    result; ``charge`` when ``a`` has just Charged into a new combat."""
    return [PsychologyCheck((a, b)), CombatRound(a, b, charge)]


@dataclass(slots=True, eq=False)
class Engage(Step):
    """The round of close combat a model fights as it comes into base-to-base with enemies:
    after a Move, as a Charge (``charge``, R:162), or after a Change State. A Face Down enemy
    it touches is removed at once (R:160); of several able to fight, its player chooses the
    one it fights, as a model targets one enemy at a time (R:155, notes §5.6)."""

    rule = MULTIPLE
    model: str
    charge: bool = False

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is not None:
            return self._fight(game, m, game.model(action.args[1]))
        remove_helpless_around(game, m)
        able = [f for f in contacts(game, m) if can_fight(f)]
        if len(able) > 1:
            return Decision(
                allegiance(game, m),
                FOE,
                f"choose the enemy in base-to-base {m.name} fights",
                tuple(Action(FOE, (m.id, f.id)) for f in able),
            )
        return self._fight(game, m, able[0]) if able else []

    def _fight(self, game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> list[Step]:
        if not self.charge:
            return round_after_tests(m.id, foe.id)
        game.emit("charge", CHARGE, (m.id, foe.id))
        return _rescued_round(game, m, foe, True)  # the Face Down removed as it began


def contact_charge(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """What a Move of ``m`` that ends in base-to-base brings, a Charge (R:162): the round with
    an enemy it touches (:class:`Engage`); none when it touches no enemy."""
    if not contacts(game, m):
        return []
    unveil(game, m)
    return [Engage(m.id, charge=True)]


@dataclass(slots=True, eq=False)
class ResolveTest(Step):
    """A Resolve test: D6 equal to or above Resolve passes; a failure rolls on Insanity.

    ``fights_next``: a round of close combat with this model follows the test; ``modifier``
    is what a failure adds to the Insanity roll by the rule ``modifier_rule`` (the Holy Book's -2,
    R:472).
    """

    rule = RULE
    model: str
    situation: str
    fights_next: bool = False
    roll: Roll | None = None
    need: int = 0
    modifier: int = 0
    modifier_rule: str = ""
    revulsion: bool = False
    """A failure is Revulsion at once, with no Insanity roll (a howl: :mod:`.howl`)."""
    paired: bool = False
    """Whether a Mounted model's Horse has been given its own test (R:1121)."""
    passed: bool = False
    """Whether the test was passed, once taken (a Phobia's Action goes on: :mod:`.phobias`)."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        horse = riding.mount_of(game, m)
        beloved = self.situation.startswith(animals.BELOVED)
        if horse is not None and not self.paired and not beloved:
            # Rider and Mount both test, the rider first (R:1121); an Animal Lover's Frenzy is
            # no test (R:1047): his Horse rolls beside him for the removal's own test alone.
            self.paired = True
            return [self, ResolveTest(horse.id, self.situation)]
        if self.roll is None:
            m.faced = (*m.faced, self.situation)
            if frenzy_passes(game, m, situation=self.situation):
                self.passed = True
                return []
            if beloved:
                game.emit("animal-lover", animals.LOVER, (m.id,), situation=self.situation)
                return frenzy(game, m, self.fights_next)
            self.need = test_need(game, m)
        if action is not None and action.kind in ("bliss", "no-bliss"):
            return self._bliss(game, m, action)
        if action is not None and action.kind in ("boots", "no-boots"):
            return self._result(game, m, action)
        request = ("D6", "resolve", RULE, m.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.need))
        if ask is not None:
            return ask
        if self.roll.value < self.need and medic.rerolls(game, m, self.situation, self.roll):
            self.roll = game.reroll(self.roll, 0, medic.RULE, m.id)
        self.roll = plots.retest(game, m, self.roll, self.need, self.situation)
        if self.roll.value < self.need and _may_bliss(game, m, self.roll):
            return Decision(
                m.side,
                "bliss",
                f"{m.name} failed: re-roll the test with Blissful Ignorance (once a game)?",
                (Action("bliss", (m.id,)), Action("no-bliss", (m.id,))),
            )
        return self._result(game, m)

    def _bliss(self, game: AeonsGame, m: AeonsModel, action: Action) -> Decision | list[Step]:
        """Blissful Ignorance: the Civilian re-rolls one failed test a game (R:369)."""
        if action.kind == "bliss" and self.roll is not None:
            st = game.state
            st.bliss_used = (*st.bliss_used, m.id)
            self.roll = game.reroll(self.roll, 0, BLISS, m.id)
        return self._result(game, m)

    def _result(
        self, game: AeonsGame, m: AeonsModel, boots: Action | None = None
    ) -> Decision | list[Step]:
        """The test's outcome; a failure offers Tight Boots first, ``boots`` the answer."""
        assert self.roll is not None
        if boots is None:
            passed = self.roll.value >= self.need
            game.emit(
                "resolve", RULE, (m.id,), situation=self.situation, need=self.need, passed=passed
            )
            if passed:
                self.passed = True
                return []
            if unspent(game, m, "tight_boots"):
                return Decision(
                    m.side,
                    "tight-boots",
                    f"{m.name} failed: pass the test after all with its Tight Boots (once a game)?",
                    (Action("boots", (m.id,)), Action("no-boots", (m.id,))),
                )
        elif boots.kind == "boots":
            spend(game, m, "tight_boots")
            game.emit("tight-boots", BOOTS, (m.id,))
            self.passed = True
            return []
        rider = riding.rider_of(game, m)
        if rider is not None:
            unseat(game, rider, True)
        bolts = catalog_of(game).profile(m.profile).can("bolt")
        if bolts:
            game.emit("bolt", riding.BOLT, (m.id,))
        mad = madness(game, m, self.fights_next)
        if mad or not (self.revulsion or bolts):
            insane = Insanity(
                m.id, self.fights_next, None, self.situation, self.modifier, self.modifier_rule
            )
            return mad or [insane]
        return revulse(game, m, _effect_of(game, REVULSIONS), self.situation)


def _may_bliss(game: AeonsGame, m: AeonsModel, roll: Roll) -> bool:
    """Whether ``m`` may re-roll its failed test with Blissful Ignorance now: not a die
    re-rolled already (a Master Villain's, say), since no die is re-rolled twice."""
    prof = catalog_of(game).profile(m.profile)
    fresh = not roll.rerolled
    return fresh and prof.can("blissful_ignorance") and m.id not in game.state.bliss_used


def frenzy_charging(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is Frenzied where the catalog's Frenzy Charges, so passing every test
    against its Resolve of the turn (R:223)."""
    if m.id not in game.state.frenzied:
        return False
    return any(row.effect == "frenzy-charge" for row in catalog_of(game).insanity)


def frenzy_passes(game: AeonsGame, m: AeonsModel, situation: str = "", test: str = "") -> bool:
    """Whether a test against ``m``'s Resolve passes with no roll, as every test of the turn
    does once ``m`` is Frenzied where the catalog's Frenzy Charges (the rulebook's, R:223; the
    introduction's Frenzy passes none). Every Resolve test asks it first; the pass is logged
    with the psychology ``situation`` tested, or else the rule ``test`` of the test."""
    if not frenzy_charging(game, m):
        return False
    if situation:
        game.emit("frenzy-passes", FRENZY_PASS, (m.id,), situation=situation)
    else:
        game.emit("frenzy-passes-test", FRENZY_PASS, (m.id,), test=test)
    return True


@dataclass(slots=True, eq=False)
class Insanity(Step):
    """The Insanity table (D6) of the catalog; Terror takes 1 off the roll in the rulebook
    (R:121), the result clamped to the table; ``modifier`` is what another rule adds to the
    roll, ``modifier_rule`` that rule (the Holy Book's -2, R:472)."""

    rule = INSANITY
    model: str
    fights_next: bool = False
    roll: Roll | None = None
    situation: str = ""
    modifier: int = 0
    modifier_rule: str = ""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def at_stake(self, game: AeonsGame, holder: str) -> tuple[Roll, lucky.Harm]:
        """The Insanity roll, and how far down the table each result lands the model (its
        first row, Catatonia, the worst), every modifier added (:mod:`.lucky`'s re-rolls,
        weighed by the heuristic)."""
        assert self.roll is not None
        m, table = game.model(self.model), catalog_of(game).insanity
        shift = self.shift(game, m)

        def row(roll: Roll) -> dict[str, int]:
            found = catalog_of(game).table_row(table, roll.value + shift)
            return {m.id: len(table) - 1 - table.index(found)}

        return self.roll, row

    def shift(self, game: AeonsGame, m: AeonsModel) -> int:
        """What is added to the Insanity roll of ``m``: :func:`insanity_shift` and
        ``modifier``."""
        return insanity_shift(game, m, self.situation) + self.modifier

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None:
            return []
        request = ("D6", "insanity", INSANITY, m.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.any_die)
        if ask is not None:
            return ask
        for kind, rule, modifier in insanity_modifiers(game, m, self.situation):
            game.emit(kind, rule, (m.id,), modifier=modifier)
        if self.modifier:
            game.emit("insanity-modifier", self.modifier_rule, (m.id,), modifier=self.modifier)
        cat = catalog_of(game)
        row = cat.table_row(cat.insanity, self.roll.value + self.shift(game, m))
        game.emit("insanity", INSANITY, (m.id,), result=row.name)
        if row.effect in ("face-up", "face-down"):
            set_state(game, m, row.effect, INSANITY)
            return []
        if row.effect in REVULSIONS:
            return revulse(game, m, row.effect, self.situation)
        return frenzy(game, m, self.fights_next)


def insanity_modifiers(
    game: AeonsGame, m: AeonsModel, situation: str
) -> tuple[tuple[str, str, int], ...]:
    """What is added to ``m``'s Insanity roll after a failed test of ``situation``, each as
    (log event, rule, modifier): Terror's in the rulebook (R:121), a Child's (R:374),
    Suicidal's and its later Phobias' (R:1145)."""
    cat = catalog_of(game)
    own = cat.profile(m.profile)
    found: list[tuple[str, str, int]] = []
    if situation.startswith("terror:") and cat.scenario.terror_modifier:
        found.append(("terror", TERROR, cat.scenario.terror_modifier))
    if own.can("child_psychology"):
        found.append(("child", CHILD, CHILD_MODIFIER))
    if own.has("suicidal"):
        found.append(("suicidal", SUICIDAL, SUICIDAL_MODIFIER + own.later_phobias))
    return tuple(found)


def insanity_shift(game: AeonsGame, m: AeonsModel, situation: str) -> int:
    """The sum of :func:`insanity_modifiers`."""
    return sum(modifier for _, _, modifier in insanity_modifiers(game, m, situation))


def failure_effects(game: AeonsGame, m: AeonsModel, situation: str) -> dict[str, Fraction]:
    """The chance of each Insanity effect (the catalog's rows' effects) that a failed test of
    ``situation`` brings ``m``, as :class:`ResolveTest` plays it, unrolled: Madman's Frenzy
    (R:806), a bolting Horse's Revulsion (R:1121), else the Insanity Table's row at each face,
    the roll modified (:func:`insanity_modifiers`). A Lucky re-roll of the Insanity die, a
    choice, is left to play."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    if prof.can("madman"):
        return {_effect_of(game, ("frenzy", "frenzy-charge")): Fraction(1)}
    if prof.can("bolt"):
        return {_effect_of(game, REVULSIONS): Fraction(1)}
    shift = insanity_shift(game, m, situation)
    effects: dict[str, Fraction] = {}
    for face in range(1, 7):
        effect = cat.table_row(cat.insanity, face + shift).effect
        effects[effect] = effects.get(effect, Fraction(0)) + Fraction(1, 6)
    return effects


def _effect_of(game: AeonsGame, kinds: tuple[str, ...]) -> str:
    """The catalog's Insanity effect of one of ``kinds`` (the introduction's or the
    rulebook's)."""
    return next(r.effect for r in catalog_of(game).insanity if r.effect in kinds)


def revulse(game: AeonsGame, m: AeonsModel, effect: str, situation: str) -> list[Step]:
    """Revulsion, as the catalog's ``effect`` plays it, unless a Grappler holds ``m``."""
    if fighter.held(game, m):
        game.emit("held", fighter.GRAPPLE, (m.id,))
        return []
    if effect == "revulsion":
        return [*break_away(game, m), RevulsionMove(m.id)]
    return [*break_away(game, m), RevulsionAway(m.id, situation)]


def madness(game: AeonsGame, m: AeonsModel, fights_next: bool) -> list[Step]:
    """Madman (R:806): any failed test against its Resolve sends the model into a Frenzy,
    with no roll on the Insanity Table; none for a model without it."""
    if not catalog_of(game).profile(m.profile).can("madman"):
        return []
    game.emit("madman", MADMAN, (m.id,))
    return frenzy(game, m, fights_next)


def frenzy(game: AeonsGame, m: AeonsModel, fights_next: bool) -> list[Step]:
    """Frenzy: ``m`` is frenzied for the turn and moves at the closest enemy (no Move when
    a round of close combat with it follows)."""
    state = game.state
    state.frenzied = (*state.frenzied, m.id)
    return [FrenzyMove(m.id, fights_next)]


@dataclass(slots=True, eq=False)
class RevulsionMove(Step):
    """Revulsion: the model runs one Move towards its own table edge, off it if it gets there."""

    rule = INSANITY
    model: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None or not m.normal:
            return []
        edge = Edge(game.state.edges[m.side])
        goal = game.board.edge_contact(m.pos, m.radius, edge)
        path = path_toward(game, m, goal, top(game, m), 0.0, ())
        if path is None:
            return []
        _driven(game, m, path)
        if game.board.distance_to_edge(m.pos, m.radius, edge) <= CONTACT:
            remove(game, m, MINOR_INJURY, LEAVE, injured=False, left_table=True)
        return []


@dataclass(slots=True, eq=False)
class RevulsionAway(Step):
    """The rulebook's Revulsion: a free Move directly away from what caused the test, or
    toward the nearest table edge when nothing did (R:222). Several sources (the enemies
    that isolate a model) count from their middle (rules notes item 52); a piece of scenery
    (:data:`SCENERY`) from its point nearest the model."""

    rule = INSANITY
    model: str
    situation: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None or not m.normal:
            return []
        allowance = top(game, m)
        goal = _away_goal(game, m, self.situation, allowance)
        path = path_toward(game, m, goal, allowance, 0.0, ())
        if path is not None:
            _driven(game, m, path)
        return []


def _driven(game: AeonsGame, m: AeonsModel, path: Path, charged: AeonsModel | None = None) -> None:
    """A Move the Insanity Table drives ``m`` along ``path`` (found within the most its
    Movement gives), as far as its Movement for this Move takes it (rolled when it is, as a
    Move Action's: :func:`.pace.stride`), breaking the salt it crosses (R:480) and slipping on
    the ice it crosses as any Move does (R:266). A Frenzy's Move short of the enemy it
    Charges (``charged``) ends where a Move may: short of an unseen wearer (R:1330)."""
    start, level = m.pos, m.level or ""
    walked, movement = stride(game, m, path)
    end = walked.end
    if charged is not None and edge_distance(end, m.radius, charged.pos, charged.radius) > CONTACT:
        walked = clear_of(game, m, walked)
    tokens.travel(game, m, walked, INSANITY)
    salt.sweep(game, m, start, level)
    slip(game, m, walked, movement)


def _away_goal(game: AeonsGame, m: AeonsModel, situation: str, allowance: float) -> Point:
    """Where a Move directly away from the situation's source aims, kept on the table."""
    board = game.board
    source = _source(game, m, situation)
    dx, dy = (m.x - source[0], m.y - source[1]) if source is not None else (0.0, 0.0)
    norm = math.hypot(dx, dy)
    if norm == 0.0:
        edge = min(Edge, key=lambda e: board.distance_to_edge(m.pos, m.radius, e))
        return board.edge_contact(m.pos, m.radius, edge)
    x = m.x + dx / norm * allowance
    y = m.y + dy / norm * allowance
    return (
        min(max(x, m.radius), board.width - m.radius),
        min(max(y, m.radius), board.height - m.radius),
    )


def _source(game: AeonsGame, m: AeonsModel, situation: str) -> Point | None:
    kind, _, source = situation.partition(":")
    if kind in SCENERY and source:
        return nearest_in(shapely.Polygon(game.board.piece(source).polygon), m.pos)
    if source:
        return mobs.standing_for(game, source).pos
    if kind == scene.SITUATION:
        return scene.nearest(game, m)
    if kind != "isolated":
        return None
    table = placement(game)
    near = _isolating(game, table, m, _present(game, table, m)[1])
    if not near:
        return None
    return (sum(o.x for o in near) / len(near), sum(o.y for o in near) / len(near))


@dataclass(slots=True, eq=False)
class FrenzyMove(Step):
    """Frenzy: one Move towards the closest enemy, and a close combat if it gets there; of
    enemies tied for closest, the model's controlling player chooses (notes §6 item 70).

    A model whose test comes just before a round it fights (a Charge at it or by it) makes
    no move: that round, fought whatever the result of the test, is its fight.
    """

    rule = INSANITY
    model: str
    fights_next: bool = False

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """An enemy not tied for closest."""
        if action.kind == CLOSEST and len(action.args) == 2:
            return f"{action.args[1]} is not one of the enemies tied closest to {self.model}"
        return None

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None or not m.normal or self.fights_next:
            return []
        if animals.owes_return(game, m):
            game.emit("falcon-held", animals.TARGETED, (m.id,))
            return []
        if action is not None and action.kind == CLOSEST:
            target = game.model(action.args[1])
            game.emit("frenzy-target", FRENZY_TIED, (m.id, target.id))
            return self._charge(game, m, target)
        enemies = [
            o
            for o in models(game)
            if o.side != m.side and not unseen(game, m, o) and not is_ghost(game, o)
        ]
        tied = tied_closest(game, m, enemies)
        if len(tied) > 1:
            options = tuple(Action(CLOSEST, (m.id, o.id)) for o in tied)
            prompt = f"{m.name} Frenzies at the closest enemy: choose one of those tied"
            return Decision(allegiance(game, m), CLOSEST, prompt, options)
        return self._charge(game, m, tied[0]) if tied else []

    def _charge(self, game: AeonsGame, m: AeonsModel, target: AeonsModel) -> list[Step]:
        """The Frenzy's Move at ``target``, and the round if it gets there."""
        fresh = not in_contact(m, target)
        if fresh:
            stop = m.radius + target.radius
            clear = rough_stops_charge(game, m)  # the rulebook's Frenzy Charges (R:223, R:166)
            path = path_toward(game, m, target.pos, top(game, m), stop, (target.id,), not clear)
            if path is None:
                return []
            _driven(game, m, path, target)
        if not in_contact(m, target):
            return contact_charge(game, m)  # short of its target, a Move (R:162)
        unveil(game, m)
        return charge_round(game, m, target, fresh)
