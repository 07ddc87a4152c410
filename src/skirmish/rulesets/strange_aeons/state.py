"""The introductory game's own slice of state: the turn, its nominations, edges and roll-offs."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.game import Game
from skirmish.engine.record import Record, register_value
from skirmish.rulesets.strange_aeons.catalog import base_weapon_id
from skirmish.rulesets.strange_aeons.model import AeonsModel


@register_value
@dataclass(frozen=True, slots=True)
class Token:
    """A scenario's marker on the table (an Objective Marker, the Treasure, the Bag Man's
    package): its ``kind`` and where it lies, or the model holding it (``holder``)."""

    id: str
    kind: str
    x: float = -1.0
    y: float = -1.0
    holder: str = ""


@register_value
@dataclass(frozen=True, slots=True)
class Grip:
    """``holder`` has fought ``foe`` in every Turn from ``since`` to ``last`` (Constrictor,
    R:580; Crushing Grasp, R:622)."""

    holder: str
    foe: str
    since: int
    last: int

    @property
    def squeeze(self) -> int:
        """What the hold adds now: one for each Turn in a row after the first."""
        return self.last - self.since


@register_value
@dataclass(frozen=True, slots=True)
class Mob:
    """A Mob standing (R:918-926): its list entry's ``name`` and its ``members`` left, the
    first the one whose base is the Mob's template on the table (:mod:`.mobs`), and its
    ``founder``, the member that first bore the template, which names the Mob for the game
    whoever bears it now."""

    name: str
    members: tuple[str, ...]
    founder: str

    @property
    def body(self) -> str:
        """The member standing for the template."""
        return self.members[0]


@register_value
@dataclass(frozen=True, slots=True)
class Egg:
    """A Leng Spider's egg on the table (R:596): laid by ``spider`` at (x, y) on the surface
    ``level`` ("" the ground), hatching in the Lurkers' Upkeep of the round ``hatches``, with
    ``lost`` of its Wounds lost (:mod:`.eggs`)."""

    id: str
    spider: str
    x: float
    y: float
    hatches: int
    level: str = ""
    lost: int = 0


@register_value
@dataclass(frozen=True, slots=True)
class Smoke:
    """A Smoke Canister's template (R:1309): its centre, radius and surface ("" the ground),
    the side that fired it and the round in which it lifts as that side's turn begins."""

    x: float
    y: float
    radius: float
    level: str
    side: int
    lifts: int


@dataclass(slots=True, eq=False)
class AeonsState(Record):
    """Where the game stands.

    A round is one turn of each side (rules notes item 56). ``edges`` are the table edges the
    two sides deployed on; ``first_area`` is the area of a Random Deployment its player numbered
    1, as its place clockwise from the south-west one (-1 until numbered, R:1531, R:1599);
    ``pending_tests`` are Resolve tests owed for friendly removals, as (model id, situation)
    pairs; ``jammed`` the (model id, weapon id) pairs Jammed (R:249);
    ``before`` the models nominated in the turn before this one (not Alert now, R:245), and
    ``alert_shots`` those that have taken their Alert shot this turn; ``smart_used`` the
    models that have taken Smart's free Nomination (R:1135); ``bliss_used`` the Civilians
    that have re-rolled a test with Blissful Ignorance (R:369); ``readied`` the (model id,
    weapon id) pairs of Ready weapons primed (rules notes items 4, 57); ``heroic_used`` the
    models that have taken Heroic's extra Action (R:505); ``rage_used`` those that have used
    their Deadly Rage (R:892); ``feasts`` the Ravenous models that owe an Action eating a
    corpse, ``fed`` those that have eaten this turn (R:703); ``hungers`` the Wendigos removed
    by an Injury whose spirit seeks a host, with the side that chooses the order of the tests
    (R:703); ``damaged`` the (piece id, Wounds lost) of the inanimate objects hit and not
    destroyed yet (R:272); ``surly`` the models
    causing Fear by Surly's Action until their side's next turn (R:1149); ``yawp_used`` those
    that have given their Barbaric Yawp (R:1053); ``feint_used`` those that have Feinted
    (R:1083); ``grappled`` the models a Grappler's win holds in their combat until their next
    round (rules notes §6 item 6); ``hidden`` the models Hidden until their next Action
    (R:1089); ``teams`` the (Team Player, Command model) pairs within 5" as the turn began
    (R:1155); ``duds`` the (model id, weapon id) pairs of Dynamite that a Munitions Expert
    rolled a 1 with (R:1108); ``aimed`` the Accurate models that have taken aim for their next
    Shoot Action (R:1038); ``moved`` the models whose last Action this turn was a Move
    (Sprint, R:1140); ``targeted`` the Falcons that took out their target and owe a return to
    their handler before they Charge (R:1396); ``grips`` the holds of Constrictor and Crushing
    Grasp (R:580, R:622); ``mesmerized`` the models that lose an Action when next nominated
    (R:580); ``howled`` those that have given their once-a-game howl (R:562, R:601); ``mates``
    the Missing Links removed by an Injury whose player owes the roll for a mate (R:601);
    ``blinded`` the models Blinding Spittle blinded, with the Turn they spend clearing their
    eyes (R:875); ``strides`` each Move Action taken this turn, by its model (Predator, R:562);
    ``prey`` each Stalker's prey, or none (R:562); ``engulfed`` a model once for each Grave Grub
    on it, ``pulls`` the models whose last Action pulled at one (R:591); ``gear_used`` the
    (model id, item id) pairs of once-a-game Extra Gear spent (R:459-488); ``numbed`` the
    models kept in play by Morphine, with the Injury they suffered and the turn whose end
    removes them (R:478); ``planted`` the Dynamite markers a Detonator sets off, as (model id,
    x, y, surface; "" the ground) (R:466); ``baits`` the Bait markers placed, alike (R:464);
    ``salt`` the salt laid and unbroken, as (bearer, x, y, radius, -1, surface) for a circle
    and (bearer, x, y, x, y, surface) for a line (R:480); ``owed`` the models whose Antivenom
    takes an Action from their next activation (R:462); ``burning`` the (model id, who set it
    alight) pairs of the models on Fire, ``chilled`` the (model id, the turn at whose end it
    thaws) pairs of the Chilled, ``ensnared`` and ``confused`` the models Ensnared and
    Confused (notes §6 item 4, :mod:`.afflictions`); ``one_shots`` the (model id, weapon id)
    pairs of 1-Shot weapons used in the round of close combat being fought (notes §6 item 4);
    ``jets`` the models whose Jet Pack is prepared to fly (R:1332); ``unveiled`` the wearers
    of an Invisibility Suit that have Shot or Charged (R:1330); ``shots_fired`` the (model
    id, weapon id) of each shot of a weapon with shots a game (the Net Gun's, R:1334);
    ``rerolls_used`` a model's id for each re-roll of The Stars are Right it spent, its own or
    its side's Plot Point's (R:667, notes §6 item 8);
    ``villainy`` the Master Villains whose one re-roll is spent (R:816); ``injected`` the models
    the Diabolical Serum has gone into, ``volatile`` those it made Volatile and ``raging`` those
    it mutated, whose first Action is their Deadly Rage (R:792-801); ``essence_gained`` a
    Shoggoth once for each Essence token it has gained, ``essence_spent`` the (model id, effect,
    Turn) of each token spent, and ``assimilations`` the (Shoggoth, victim) pairs owed a choice
    of Skill (R:606-612); ``mounts`` the (rider, Horse) pairs mounted, ``threw`` the Horses
    that have thrown their riders (R:1121);
    ``winds`` the (model id, effect) pairs of the Polyps that have stirred their Whistling
    Winds, lasting until their side's next Turn (R:533-537; an empty effect one that failed);
    ``transferred`` the victims of a Yithian's Mind Transfer that learned a Skill from them
    (R:543, R:545); ``shifting`` the Wolfmen that have lost a Wound and owe the Transmogrify
    test, ``infected`` the Threshold models a Wolfman or Werewolf Infected (R:627);
    ``mutilated`` the (model id, Major Injury result) of the models a Werewolf removed with a
    Major Injury (R:632); ``cocooned`` the models a Leng Spider cocooned, ``cuts`` a cocooned
    model's id for each Action spent cutting at its cocoon (R:596); ``eggs`` the Leng Spiders'
    eggs on the table, ``laid`` the (Spider, Turn) of each egg laid, ``hatched`` the Swarms
    hatched from them (R:596); ``tides_declined`` the groups of five Swarms whose player chose
    not to form a Mob by Spider Tide (R:596);
    ``mobs`` the Mobs standing (R:918-926);
    ``sought`` the (Ghost id, zone) pairs searched in vain for a Lost Soul's remains,
    ``remains`` the zone found to hold each one's, ``purifying`` the Actions spent purifying
    them (R:725, :mod:`.lost_soul`);
    ``depleted`` the pieces of scenery a Poltergeist's Kinesis has emptied of debris (R:730);
    ``graves`` the Grave Markers on the table, as (Ghost id, x, y) (R:720, :mod:`.graves`);
    ``frightened`` the models that failed a test of The Frighteners, 1 added to their Resolve
    for the game (R:735);
    ``piping`` each Servitor's Points piped, ``summoning`` the (Servitor, profile) of each
    Daemon summoned that comes at the end of the Turn (R:688, :mod:`.summoning`);
    ``stupefied`` the models a Mind Bomb left Stupid for the game (R:650, :mod:`.puppets`);
    ``compelled`` the (model, Dark Puppeteer) pairs of the Compelling Gaze's hold (R:645,
    :mod:`.gaze`);
    ``slumber`` a dormant Elder Thing once for each Wound lost beyond its last (R:528);
    ``spawns`` a Conqueror Worm once for each Wound it suffered whose Grave Grub is still to be
    placed, ``wormed`` the (Worm, enemy, Turn) of each Wound an enemy inflicted on it, ``grubs``
    the (Grub, Worm) pairs of the Grubs it spawned (R:557).
    ``banished`` the (Ghost id, Turn it comes back at, zone it left; 0 for a Grave-bound
    one) of the Ghosts Banished (R:1225, :mod:`.banish`); ``manifest`` the Spectres in a
    physical form until their side's next Turn (R:740, :mod:`.icy_touch`); ``possessed`` the
    (model id, Mojo id, last Turn) of the models a Mojo possesses (R:725, :mod:`.possession`);
    ``smoke`` the Smoke Canisters' templates on the table (R:1309, :mod:`.smoke`);
    ``cunning_used`` the sides whose Cunning re-roll is spent (R:1065);
    ``traps`` the bear traps set and not yet sprung, as (Hunter id, x, y, surface), and
    ``trappers`` the Big Game Hunters that have set theirs, once a game; ``prey`` holds each
    Hunter's prey too (R:388);
    ``carried`` the (Byakhee, passenger) pairs a Transporter carries (R:639);
    ``spurned`` the (Night Stalker, victim) pairs of the victims it Regenerated from and cast
    aside (R:677); ``snatched`` the (Winged Nightmare, foe) pairs it carries, ``nested`` the
    Nightmares away at their nest, with the spot they left (R:713).
    """

    round: int = 0
    turn: int = 0
    active: int = 0
    first: int = -1
    deploy_first: int = -1
    first_area: int = -1
    edges: tuple[str, ...] = ()
    nominated: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    normal_at_start: tuple[str, ...] = ()
    frenzied: tuple[str, ...] = ()
    turn_weapons: tuple[tuple[str, str], ...] = ()
    pending_tests: tuple[tuple[str, str], ...] = ()
    jammed: tuple[tuple[str, str], ...] = ()
    before: tuple[str, ...] = ()
    alert_shots: tuple[str, ...] = ()
    smart_used: tuple[str, ...] = ()
    bliss_used: tuple[str, ...] = ()
    readied: tuple[tuple[str, str], ...] = ()
    heroic_used: tuple[str, ...] = ()
    rage_used: tuple[str, ...] = ()
    feasts: tuple[str, ...] = ()
    fed: tuple[str, ...] = ()
    hungers: tuple[tuple[str, int], ...] = ()
    tokens: tuple[Token, ...] = ()
    searches: tuple[tuple[str, int], ...] = ()
    bag_man: str = ""
    revealed: bool = False
    duds: tuple[tuple[str, str], ...] = ()
    aimed: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    damaged: tuple[tuple[str, int], ...] = ()
    surly: tuple[str, ...] = ()
    yawp_used: tuple[str, ...] = ()
    feint_used: tuple[str, ...] = ()
    grappled: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()
    teams: tuple[tuple[str, str], ...] = ()
    targeted: tuple[str, ...] = ()
    burning: tuple[tuple[str, str], ...] = ()
    chilled: tuple[tuple[str, int], ...] = ()
    ensnared: tuple[str, ...] = ()
    confused: tuple[str, ...] = ()
    grips: tuple[Grip, ...] = ()
    mesmerized: tuple[str, ...] = ()
    howled: tuple[str, ...] = ()
    mates: tuple[str, ...] = ()
    blinded: tuple[tuple[str, int], ...] = ()
    strides: tuple[str, ...] = ()
    prey: tuple[tuple[str, str], ...] = ()
    engulfed: tuple[str, ...] = ()
    pulls: tuple[str, ...] = ()
    gear_used: tuple[tuple[str, str], ...] = ()
    numbed: tuple[tuple[str, str, int], ...] = ()
    planted: tuple[tuple[str, float, float, str], ...] = ()
    baits: tuple[tuple[str, float, float, str], ...] = ()
    salt: tuple[tuple[str, float, float, float, float, str], ...] = ()
    owed: tuple[str, ...] = ()
    one_shots: tuple[tuple[str, str], ...] = ()
    jets: tuple[str, ...] = ()
    unveiled: tuple[str, ...] = ()
    winds: tuple[tuple[str, str], ...] = ()
    transferred: tuple[str, ...] = ()
    shifting: tuple[str, ...] = ()
    infected: tuple[str, ...] = ()
    mutilated: tuple[tuple[str, str], ...] = ()
    cocooned: tuple[str, ...] = ()
    cuts: tuple[str, ...] = ()
    eggs: tuple[Egg, ...] = ()
    laid: tuple[tuple[str, int], ...] = ()
    hatched: tuple[str, ...] = ()
    tides_declined: tuple[tuple[str, ...], ...] = ()
    shots_fired: tuple[tuple[str, str], ...] = ()
    rerolls_used: tuple[str, ...] = ()
    villainy: tuple[str, ...] = ()
    injected: tuple[str, ...] = ()
    volatile: tuple[str, ...] = ()
    raging: tuple[str, ...] = ()
    essence_gained: tuple[str, ...] = ()
    essence_spent: tuple[tuple[str, str, int], ...] = ()
    assimilations: tuple[tuple[str, str], ...] = ()
    mounts: tuple[tuple[str, str], ...] = ()
    threw: tuple[str, ...] = ()
    mobs: tuple[Mob, ...] = ()
    sought: tuple[tuple[str, int], ...] = ()
    remains: tuple[tuple[str, int], ...] = ()
    purifying: tuple[tuple[str, int], ...] = ()
    depleted: tuple[str, ...] = ()
    graves: tuple[tuple[str, float, float], ...] = ()
    frightened: tuple[str, ...] = ()
    piping: tuple[tuple[str, int], ...] = ()
    summoning: tuple[tuple[str, str], ...] = ()
    stupefied: tuple[str, ...] = ()
    compelled: tuple[tuple[str, str], ...] = ()
    slumber: tuple[str, ...] = ()
    spawns: tuple[str, ...] = ()
    wormed: tuple[tuple[str, str, int], ...] = ()
    grubs: tuple[tuple[str, str], ...] = ()
    banished: tuple[tuple[str, int, int], ...] = ()
    manifest: tuple[str, ...] = ()
    possessed: tuple[tuple[str, str, int], ...] = ()
    smoke: tuple[Smoke, ...] = ()
    cunning_used: tuple[int, ...] = ()
    traps: tuple[tuple[str, float, float, str], ...] = ()
    trappers: tuple[str, ...] = ()
    carried: tuple[tuple[str, str], ...] = ()
    spurned: tuple[tuple[str, str], ...] = ()
    snatched: tuple[tuple[str, str], ...] = ()
    nested: tuple[tuple[str, float, float], ...] = ()

    def is_jammed(self, model_id: str, weapon_id: str) -> bool:
        """Whether the model's weapon is Jammed, whatever it is loaded with or set to: the Jam
        is the weapon's, not its ammunition's or setting's (R:249, R:1222, R:1323)."""
        weapon = base_weapon_id(weapon_id)
        return any(m == model_id and base_weapon_id(w) == weapon for m, w in self.jammed)

    def is_readied(self, model_id: str, weapon_id: str) -> bool:
        """Whether the model's Ready weapon is primed."""
        return (model_id, weapon_id) in self.readied

    def turn_weapon(self, model_id: str) -> str | None:
        """The ranged weapon ``model_id`` chose for this turn, if it has shot."""
        for mid, wid in self.turn_weapons:
            if mid == model_id:
                return wid
        return None


AeonsGame = Game[AeonsModel, AeonsState]
"""A game of this ruleset: its models are ``AeonsModel``, its state ``AeonsState``."""
