"""A contractor's card: its squad profile (contract, dice, Health, Move, C2), what it still
carries, and the conditions on it, as the table reads them now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.squads.roster import move_allowance, profile, tier

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame


def _listed(items: tuple[str, ...]) -> str:
    return ", ".join(items) or "none"


def _power_text(m: WireModel, name: str) -> str:
    if name in m.forgotten:
        return f"{name} (forgotten)"
    return f"{name} (locked)" if name in m.locked else name


def model_card(game: WireGame, m: WireModel) -> tuple[tuple[str, str], ...]:
    """The rows of ``m``'s card."""
    p = profile(game, m)
    conditions = ("Fleeing",) if m.fleeing else ()
    return (
        ("Name", m.name),
        ("Squad", game.ruleset.sides[m.side]),
        ("Contract", p.contract if not p.boss or "Boss" in p.contract else f"{p.contract}, Boss"),
        ("Combat", str(tier(game, m, "combat"))),
        ("Defense", str(tier(game, m, "defense"))),
        ("Wits", str(tier(game, m, "wits"))),
        ("Health", f"{m.health}/{m.max_health}"),
        ("Move", f'{move_allowance(game, m):g}"'),
        ("Weapons", _listed(m.weapons)),
        ("Armor", m.armor or "none"),
        ("Grenades", _listed(m.grenades)),
        ("Consumables", _listed(m.consumables)),
        ("Gear", _listed(m.gear)),
        ("Cybernetics", _listed(p.cybernetics)),
        ("Powers", _listed(tuple(_power_text(m, name) for name in m.powers))),
        ("Conditions", _listed((*conditions, *(s.capitalize() for s in m.statuses)))),
    )
