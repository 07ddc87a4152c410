"""The mission generator of a Sacred Wire campaign (K1.2-K1.4): who attacks, which mission, and
how it is set up, from each squad's Evidence and Leads.

The Evidence gap names the Aggressor and the Defender (K1.3); a squad reaching 5 Evidence forces
The Signal once, and 8 Evidence makes The Source available (K1.2). Otherwise the d12 mission and
the d6 tables are rolled in the fixed order of notes A86, each die with its own purpose, and the
Defender gets the advantages of the gap's band (K1.4, notes A87). The tables are the
catalogue's (``data/missions.toml``, :mod:`..rules_data.mission_tables`), given by the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from skirmish.dice import DiceSource, Faces
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import (
    Band,
    Entry,
    MissionTables,
    Table,
)

GENERATOR = "K1.3"
ADVANTAGES = "K1.4"
SIGNAL = "the-signal"
SOURCE = "the-source"
SIDES = ("A", "B")
STANDARD = "standard"  # the Deployment row of opposite edges
TIE = "a die roll"  # how roles are decided when Evidence and Leads tie (K1.3)
#: The missions played on the Standard deployment whatever the setup says, and why.
STANDARD_ONLY = {
    "breakthrough": "Breakthrough is always played on the Standard deployment (M6.1)",
    SIGNAL: "The Signal's squads deploy on opposite edges (M13.1)",
    SOURCE: "The Source's Extractor and Interceptor deploy on opposite edges (M13.2)",
}
#: The generator tables in the order they are rolled (notes A86), after the d12 mission.
ORDER = (
    "deployment",
    "loot_layout",
    "loot_modifier",
    "coworker_setup",
    "coworker_modifier",
    "hostile_type",
    "hostile_timing",
)
AdvantageTable = Literal["setup", "tactical"]
#: The setup option that plays the row of each generator table.
OPTION_OF = {
    "deployment": "deployment",
    "loot_layout": "loot",
    "loot_modifier": "loot_modifier",
    "coworker_setup": "coworkers",
    "coworker_modifier": "coworker_modifier",
    "hostile_type": "hostiles",
    "hostile_timing": "hostile_timing",
}


# --- the Evidence gap (K1.3) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """A squad's campaign standing: its Evidence and Leads."""

    evidence: int = 0
    leads: int = 0

    @property
    def total(self) -> int:
        """Evidence + Leads (K1.3)."""
        return self.evidence + self.leads


@dataclass(frozen=True, slots=True)
class Roles:
    """The Evidence gap and who attacks (K1.3). Sides are 0 (A) and 1 (B); ``decided`` says
    how: ``"higher total"``, ``"more Evidence"`` or ``"a die roll"``."""

    gap: int
    aggressor: int
    decided: str

    @property
    def defender(self) -> int:
        """The squad with the lower total."""
        return 1 - self.aggressor


def roles(a: Standing, b: Standing, d2: Callable[[], int]) -> Roles:
    """The gap and the roles: the higher total attacks; equal totals, more Evidence; still
    equal, ``d2()`` (1: A, 2: B) decides (K1.3)."""
    gap = abs(a.total - b.total)
    if a.total != b.total:
        return Roles(gap, 0 if a.total > b.total else 1, "higher total")
    if a.evidence != b.evidence:
        return Roles(gap, 0 if a.evidence > b.evidence else 1, "more Evidence")
    return Roles(gap, d2() - 1, TIE)


# --- generating a mission (K1.2-K1.4) --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MissionSetup:
    """A generated mission: the standings and roles, the mission (a trigger mission's
    ``discoverer`` is the squad that set it off), every table rolled in notes A86's order, the
    Defender's advantages with the table it took for the "either" pick, and the squads that
    may play The Source instead (K1.2)."""

    standings: tuple[Standing, Standing]
    roles: Roles
    band: Band
    mission: Entry
    tables: tuple[Entry, ...] = ()
    advantages: tuple[Entry, ...] = ()
    either: str = ""
    discoverer: int | None = None
    source: tuple[int, ...] = ()

    @property
    def trigger(self) -> bool:
        """Whether the mission is a trigger mission (M13.1, M13.2)."""
        return self.mission.table == "triggers"

    def result(self, table: str) -> Entry:
        """The row rolled on ``table`` (``"loot_layout"``)."""
        return next(e for e in self.tables if e.table == table)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; :meth:`from_dict` reads it back."""
        return {
            "evidence": [s.evidence for s in self.standings],
            "leads": [s.leads for s in self.standings],
            "gap": self.roles.gap,
            "aggressor": SIDES[self.roles.aggressor],
            "defender": SIDES[self.roles.defender],
            "decided": self.roles.decided,
            "band": self.band.label,
            "mission": self.mission.to_dict(),
            "discoverer": None if self.discoverer is None else SIDES[self.discoverer],
            "tables": [e.to_dict() for e in self.tables],
            "advantages": [e.to_dict() for e in self.advantages],
            "either": self.either,
            "source": [SIDES[s] for s in self.source],
        }

    @staticmethod
    def from_dict(data: dict[str, Any], tables: MissionTables) -> MissionSetup:
        """Rebuild a setup saved by :meth:`to_dict`, its rows found in ``tables``.

        Raises:
            SkirmishError: the data is not a generated mission.
        """

        def entry(raw: dict[str, Any]) -> Entry:
            return tables.entry(raw["table"], raw["id"])

        try:
            standings = (
                Standing(data["evidence"][0], data["leads"][0]),
                Standing(data["evidence"][1], data["leads"][1]),
            )
            discoverer = data["discoverer"]
            return MissionSetup(
                standings=standings,
                roles=Roles(data["gap"], SIDES.index(data["aggressor"]), data["decided"]),
                band=tables.band(data["gap"]),
                mission=entry(data["mission"]),
                tables=tuple(entry(e) for e in data["tables"]),
                advantages=tuple(entry(e) for e in data["advantages"]),
                either=data["either"],
                discoverer=None if discoverer is None else SIDES.index(discoverer),
                source=tuple(SIDES.index(s) for s in data["source"]),
            )
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise SkirmishError(f"not a generated mission: {type(exc).__name__} {exc}") from None

    def options(self) -> dict[str, Any]:
        """The setup options of a game that plays this mission (:mod:`.zones`, the hostiles,
        the Coworkers, the loot, the advantages the Defender holds): every rolled row by id."""
        a, b = self.standings
        chosen: dict[str, Any] = {
            "mission": self.mission.id,
            "evidence_a": a.evidence,
            "leads_a": a.leads,
            "evidence_b": b.evidence,
            "leads_b": b.leads,
        }
        rolled = {e.table: e.id for e in self.tables}
        for table, option in OPTION_OF.items():
            if table in rolled:
                chosen[option] = rolled[table]
        if self.mission.id in STANDARD_ONLY and "deployment" in chosen:
            chosen["deployment"] = STANDARD  # the rolled one is ignored (STANDARD_ONLY's rule)
        if chosen.get("loot") == "none":
            chosen.pop("loot_modifier", None)  # no markers, nothing to modify
        if not self.trigger:
            chosen["advantages"] = [e.id for e in self.advantages]
        if self.roles.decided == TIE:
            chosen["aggressor"] = SIDES[self.roles.aggressor].lower()  # the die rolled here
        return chosen

    def describe(self, tables: MissionTables) -> str:
        """The setup in plain words, one line per result, each with its rule ID (``tables``
        are the ones it was rolled on)."""
        return "\n".join(_lines(self, tables))


def roll_on(table: Table, dice: Faces) -> Entry:
    """One roll on ``table`` with its own dice purpose."""
    (face,) = dice.faces(1, table.die, table.purpose)
    return table.row(face)


def generate(
    tables: MissionTables,
    a: Standing,
    b: Standing,
    dice: DiceSource,
    *,
    signal_done: bool = False,
    either: AdvantageTable = "setup",
    extractor: int | None = None,
) -> MissionSetup:
    """Generate the next mission of a campaign between squads A and B on ``tables``.

    ``signal_done`` says The Signal was played already; ``either`` is the Defender's choice of
    table for the band's "either" advantage (notes A87); ``extractor`` is the squad that held
    the Source at the end of the last attempt, the only one that may call the next (M13.2).

    Raises:
        SkirmishError: a negative Evidence or Leads count.
    """
    if min(a.evidence, a.leads, b.evidence, b.leads) < 0:
        raise SkirmishError("Evidence and Leads cannot be negative")
    gap = roles(a, b, lambda: dice.faces(1, 2, "roles")[0])
    band = tables.band(gap.gap)
    can_source = tuple(
        s
        for s, st in enumerate((a, b))
        if reaches(tables, SOURCE, st.evidence) and extractor in (None, s)
    )
    reached = [s for s, st in enumerate((a, b)) if reaches(tables, SIGNAL, st.evidence)]
    if reached and not signal_done:
        # The Signal replaces the generator (K1.2); it rolls its own Hostile Type once.
        return MissionSetup(
            standings=(a, b),
            roles=gap,
            band=band,
            mission=tables.trigger(SIGNAL),
            tables=(roll_on(tables.table("hostile_type"), dice),),
            discoverer=discoverer(a, b, reached, gap),
        )
    mission = roll_on(tables.table("missions"), dice)
    rolled = tuple(roll_on(tables.table(key), dice) for key in ORDER)
    picks = advantage_picks(band, either)
    return MissionSetup(
        standings=(a, b),
        roles=gap,
        band=band,
        mission=mission,
        tables=rolled,
        advantages=roll_advantages(tables, picks, dice),
        either=either if band.either else "",
        source=can_source,
    )


def reaches(tables: MissionTables, kind: str, evidence: int) -> bool:
    """Whether a squad with ``evidence`` Evidence has reached the Evidence of trigger mission
    ``kind`` (K1.2): The Signal is then due to it (once a campaign), or it may call The Source.
    The generator, a setup's checks, the Roles step and the post-game all ask it here."""
    return evidence >= tables.trigger(kind).evidence


def discoverer(a: Standing, b: Standing, reached: list[int], gap: Roles) -> int:
    """The squad that set off The Signal: the one at 5+ Evidence; both, the one with more
    Evidence; still equal, the Aggressor (our reading: the rules assume one squad got there
    first)."""
    if len(reached) == 1:
        return reached[0]
    if a.evidence != b.evidence:
        return 0 if a.evidence > b.evidence else 1
    return gap.aggressor


def advantage_picks(band: Band, either: AdvantageTable) -> list[str]:
    """The tables to roll on, in order: Setup, Tactical, then the "either" picks."""
    return (
        ["setup_advantage"] * band.setup
        + ["tactical_advantage"] * band.tactical
        + [f"{either}_advantage"] * band.either
    )


def roll_advantages(tables: MissionTables, picks: list[str], dice: Faces) -> tuple[Entry, ...]:
    """Roll each pick; a result the Defender already has is rolled again (notes A87)."""
    got: list[Entry] = []
    for key in picks:
        entry = roll_on(tables.table(key), dice)
        while entry in got:
            entry = roll_on(tables.table(key), dice)
        got.append(entry)
    return tuple(got)


# --- plain words --------------------------------------------------------------------------------


def _lines(setup: MissionSetup, tables: MissionTables) -> list[str]:
    a, b = setup.standings
    r = setup.roles
    lines = [
        f"Evidence gap [{GENERATOR}]: squad A {a.evidence} Evidence + {a.leads} Leads = {a.total}, "
        f"squad B {b.evidence} + {b.leads} = {b.total}; the gap is {r.gap}",
        f"Roles [{GENERATOR}]: squad {SIDES[r.aggressor]} is the Aggressor ({r.decided}), "
        f"squad {SIDES[r.defender]} the Defender",
    ]
    m = setup.mission
    if setup.trigger:
        assert setup.discoverer is not None
        lines.append(
            f"Trigger mission [K1.2]: {m.name} ({m.rule}), set off by squad "
            f"{SIDES[setup.discoverer]}: {m.summary}"
        )
    else:
        lines.append(f"Mission [{GENERATOR}, d12 = {m.roll}]: {m.name} ({m.rule}): {m.summary}")
    overrides = STANDARD_ONLY.get(m.id)
    for e in setup.tables:
        head = f"{e.title} [{e.rule}, d6 = {e.roll}]: {e.name}"
        if overrides is not None and e.table == "deployment" and e.id != STANDARD:
            lines.append(f"{head}, ignored: {overrides}")
        else:
            lines.append(f"{head}: {e.summary}")
    if not setup.trigger:
        spawn = tables.table("spawn_location")
        lines.append(f"Spawn Location [{spawn.rule}]: rolled at every spawn (d6)")
    lines += _advantage_lines(setup)
    if setup.source:
        who = " and ".join(f"squad {SIDES[s]}" for s in setup.source)
        lines.append(f"The Source [K1.2]: {who} may play M13.2 The Source instead")
    return lines


def _advantage_lines(setup: MissionSetup) -> list[str]:
    band = setup.band
    defender = SIDES[setup.roles.defender]
    if setup.trigger:
        return [f"Advantages [{ADVANTAGES}]: none, a trigger mission has its own setup"]
    if not setup.advantages:
        return [f"Advantages [{ADVANTAGES}]: none for a gap of {band.label}"]
    head = f"Advantages [{ADVANTAGES}] for the Defender, squad {defender} (gap {band.label})"
    if setup.either:
        head += f"; the Defender took its extra pick from the {setup.either.title()} table"
    rows = [
        f"  {e.title} [{e.rule}, d6 = {e.roll}]: {e.name}: {e.summary}" for e in setup.advantages
    ]
    return [f"{head}:", *rows]
