"""The Search action and its find table (C4.3, K2.1; notes A89, A90).

Search needs the searcher's base within 1" of a Loot Marker (inclusive; the height between
surfaces counts) and the searcher not Engaged; Heavy needs one more friendly model within 1" of
the marker (notes A89). Searching a Decoys fake reveals it at once: it is removed, no roll is
made and nothing is found, but the action is spent. Otherwise Wits against a fixed 2d6 (no
overflow, C1.10; the flow of :mod:`.wits`), +1 DT with a Scanner (R3.10), the Loot Modifier's
DT (notes A89), Boost and Reroll (C4.2), the Agent's re-roll (C2.4). Success removes the marker
and rolls d20 on the find table; a 2d6 of at least three times the searcher's total is a fumble
(notes A90), which only Trapped punishes (d6 damage, armour does not help: it is not an
attack). Finds are kept per side, with the searcher, for the post-game (:func:`.loot.findings`).

Dice purposes: ``search`` (the searcher's Wits), ``fixed`` (the marker's 2d6), ``find`` (the
d20), ``find-item`` (the die of the item table a find names), ``trap`` (Trapped damage).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import engaged_text, friends, is_engaged, point_gap
from skirmish.rulesets.sacred_wire.game.state import Find, LootMarker
from skirmish.rulesets.sacred_wire.missions import advantages
from skirmish.rulesets.sacred_wire.missions.generator import GENERATOR
from skirmish.rulesets.sacred_wire.missions.loot import EPS, REACH, modifier_of
from skirmish.rulesets.sacred_wire.rolls.contest import roll_amount
from skirmish.rulesets.sacred_wire.rolls.tiers import TierModifier
from skirmish.rulesets.sacred_wire.rolls.wits import WitsRoll
from skirmish.rulesets.sacred_wire.rules_data.catalog import ArmorClass, Catalog, Item
from skirmish.rulesets.sacred_wire.rules_data.effects import TierBonus, When
from skirmish.rulesets.sacred_wire.rules_data.loot_tables import FindKind, FindRow, ItemTable

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

SEARCH = "K2.1"
EVIDENCE = "K2.3"
MERIT = "K3.1"
FUMBLE = 3  # notes A90: the 2d6 at least three times the searcher's total


def _within(game: WireGame, m: WireModel, marker: LootMarker) -> bool:
    """The model's base within 1" of the marker, inclusive (C4.3)."""
    return point_gap(game, m, marker.point, marker.level or None) <= REACH + EPS


def searchable(game: WireGame, m: WireModel) -> list[str]:
    """The markers ``m`` may Search now: within 1", not Engaged (C4.3), and with Heavy one
    more friendly model within 1" of the marker (notes A89)."""
    st = game.state
    if not st.loot or is_engaged(game, m):
        return []
    helpers = modifier_of(game).helpers
    found = []
    for marker in st.loot:
        if not _within(game, m, marker):
            continue
        if helpers and sum(1 for f in friends(game, m) if _within(game, f, marker)) < helpers:
            continue
        found.append(marker.marker)
    return found


def search_error(game: WireGame, m: WireModel, marker_id: str) -> str | None:
    """Why ``m`` cannot Search the Loot Marker ``marker_id`` now (C4.3, notes A89), or None:
    the refusal's reason, on the conditions of :func:`searchable`."""
    marker = next((mk for mk in game.state.loot if mk.marker == marker_id), None)
    if marker is None:
        return f"no Loot Marker {marker_id!r} on the table"
    engaged = engaged_text(game, m)
    if engaged is not None:
        return f"{engaged}: no Search while Engaged (C4.3)"
    if not _within(game, m, marker):
        distance = point_gap(game, m, marker.point, marker.level or None)
        return f'{marker_id} is {distance:.2f}" from {m.label}: Search within {REACH:g}" (C4.3)'
    helpers = modifier_of(game).helpers
    near = sum(1 for f in friends(game, m) if _within(game, f, marker))
    if near < helpers:
        return (
            f'a Heavy Loot Marker needs {helpers} more friendly model(s) within {REACH:g}" '
            f"of it, {marker_id} has {near} (K1.3, notes A89)"
        )
    return None


def _remove(game: WireGame, marker_id: str) -> None:
    st = game.state
    st.loot = tuple(mk for mk in st.loot if mk.marker != marker_id)


def _scanner(game: WireGame, m: WireModel) -> list[TierModifier]:
    """Gear that helps a Search: the Scanner's +1 DT Wits (R3.10)."""
    kit = [catalog_of(game).gear(name) for name in m.gear]
    return [
        TierModifier(e.n, gear.name, gear.rule)
        for gear in kit
        for e in gear.effects
        if isinstance(e, TierBonus) and e.when is When.SEARCHING
    ]


@dataclass(slots=True, eq=False)
class Search(WitsRoll):
    """Search a Loot Marker (C4.3, K2.1): Wits against a fixed 2d6; success removes the
    marker and rolls on the find table, a fumble may spring a trap."""

    rule = SEARCH
    purposes = ("search", "fixed")
    labels = ("Wits", "Loot Marker")
    blessing_name = "Search"
    reroll_name = "Search"
    marker: str

    def begin(self, game: WireGame, m: WireModel) -> bool:
        """A fake (Decoys) is revealed and removed with no roll; the action is spent all the
        same (its event is the activation's, C4.3). Where it is made is kept for the Spawn
        Location (K1.3)."""
        game.state.searched = m.pos
        if next(mk for mk in game.state.loot if mk.marker == self.marker).decoy:
            _remove(game, self.marker)
            game.emit("decoy-revealed", GENERATOR, (m.id,), marker=self.marker)
            return False
        return True

    def modifiers(self, game: WireGame, m: WireModel) -> list[TierModifier]:
        modifier = modifier_of(game)
        mods = [*self.boosted(), *_scanner(game, m)]
        if modifier.search_tier:
            mods.append(TierModifier(modifier.search_tier, modifier.name, GENERATOR))
        return mods

    def outcome(self, game: WireGame, m: WireModel, passed: bool) -> list[Step]:
        total, against = self.total, self.against
        game.emit(
            "search-result",
            SEARCH,
            (m.id,),
            marker=self.marker,
            success=passed,
            total=total,
            against=against,
        )
        if passed:
            _remove(game, self.marker)
            game.state.recovered += (self.marker,)
            _find(game, m)
            return []
        trap = modifier_of(game).fumble_damage
        if trap is None or against < FUMBLE * total:
            return []
        game.emit("search-fumble", GENERATOR, (m.id,), marker=self.marker)
        amount = roll_amount(game, trap, "trap", GENERATOR, m.id)
        return casualties.wound(game, m, amount, GENERATOR, source="trap")


# --- the find table -----------------------------------------------------------------------------


#: The armour class of each armour table of the Requisitions booklet.
_ARMOUR_TABLES = {
    ItemTable.LIGHT_ARMOUR: ArmorClass.LIGHT,
    ItemTable.MEDIUM_ARMOUR: ArmorClass.MEDIUM,
    ItemTable.HEAVY_ARMOUR: ArmorClass.HEAVY,
}


def _item_table(catalog: Catalog, table: ItemTable) -> Sequence[Item]:
    """The Requisitions table a "Random X" find rolls on (K2.1)."""
    if table in _ARMOUR_TABLES:
        return [a for a in catalog.armor_pieces if a.armor_class is _ARMOUR_TABLES[table]]
    tables: dict[ItemTable, Sequence[Item]] = {
        ItemTable.GRENADE: catalog.grenades,
        ItemTable.MELEE: catalog.melee_weapons,
        ItemTable.RANGED: catalog.ranged_weapons,
        ItemTable.CONSUMABLE: catalog.consumables,
        ItemTable.GEAR: catalog.gear_items,
    }
    return tables[table]


def _roll_row(game: WireGame, m: WireModel, again: bool) -> FindRow:
    """A d20 on the find table; with ``again`` False a roll-again row is rolled over."""
    tables = catalog_of(game).loot
    while True:
        row = tables.find(game.roll("D20", "find", SEARCH, m.id).value)
        if again or not row.again:
            return row


@dataclass(slots=True, eq=False)
class FreeSearch(Step):
    """Free search (K1.4 Tactical 6): the Defender names one of its models (``free-search
    A3``), which rolls on the find table at once and keeps the find (our reading: the d20
    alone, no marker and no Wits test)."""

    rule = advantages.ADVANTAGES

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if not advantages.has(game, advantages.FREE_SEARCH):
            return []
        side = advantages.defender(game)
        if action is None:
            options = tuple(Action("free-search", (m.id,)) for m in game.models if m.side == side)
            return Decision(side, "free-search", "Free search: which model searches?", options)
        m = game.model(action.args[0])
        game.emit("free-search", advantages.ADVANTAGES, (m.id,))
        _find(game, m, advantages.ADVANTAGES)
        return []


def _find(game: WireGame, m: WireModel, rule: str = "") -> None:
    """What a successful Search finds (K2.1): one row, or two more ignoring 20s; kept as found
    by ``rule`` where that is no Search at a marker (the free search's K1.4)."""
    first = _roll_row(game, m, again=True)
    rows = [first]
    if first.again:
        game.emit("find-again", SEARCH, (m.id,), rolls=first.again)
        rows = [_roll_row(game, m, again=False) for _ in range(first.again)]
    for row in rows:
        _gain(game, m, row, rule)


def _gain(game: WireGame, m: WireModel, row: FindRow, rule: str) -> None:
    if row.subs:
        record_find(game, m, FindKind.SUBS, row.subs, rule=rule)
    if row.item is not None:
        record_find(game, m, FindKind.ITEM, 1, _random_item(game, m, row.item), rule)
    if row.evidence:
        record_find(game, m, FindKind.EVIDENCE, row.evidence, rule=rule)
    if row.leads:
        record_find(game, m, FindKind.LEAD, row.leads, rule=rule)
    if row.merits:
        record_find(game, m, FindKind.MERIT, row.merits, rule=rule)


def _random_item(game: WireGame, m: WireModel, table: ItemTable) -> str:
    """Roll the table's own die on the Requisitions table (K2.1 "Random X")."""
    items = _item_table(catalog_of(game), table)
    sides = max(item.roll or 0 for item in items)
    face = game.roll(f"D{sides}", "find-item", items[0].rule, m.id).value
    return next(item.name for item in items if item.roll == face)


_FIND_RULE = {FindKind.EVIDENCE: EVIDENCE, FindKind.MERIT: MERIT, FindKind.EVIDENCE_LOST: "K2.4"}


def record_find(
    game: WireGame, m: WireModel, kind: FindKind, amount: int, item: str = "", rule: str = ""
) -> None:
    """Keep what ``m`` found for its side's post-game, by a Search (K2.1) or by ``rule`` (an
    Interrogate, K2.2; the free search, K1.4), and log it."""
    st = game.state
    st.finds = (*st.finds, Find(m.side, m.id, st.round, kind.value, amount, item, rule))
    rule = _FIND_RULE.get(kind, rule or SEARCH)
    game.emit("found", rule, (m.id,), side=m.side, kind=kind.value, amount=amount, item=item)
