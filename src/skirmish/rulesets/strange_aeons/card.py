"""A Strange Aeons model's card: its log-sheet profile, skills and weapons, and how it stands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons import afflictions
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Weapon
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame


def weapon_text(w: Weapon) -> str:
    """``Handgun .45 (ranged 12", Rate 2, Damage +1)``."""
    parts = [
        f'ranged {w.range:g}", Rate {w.rate_text}'
        if w.kind == "ranged"
        else f"close, CCB {w.ccb:+d}"
    ]
    parts.append(f"Damage {w.damage:+d}")
    parts.extend(s.capitalize() for s in w.specials)
    return f"{w.name} ({', '.join(parts)})"


def model_card(game: AeonsGame, m: AeonsModel) -> tuple[tuple[str, str], ...]:
    """The rows of ``m``'s card."""
    cat = catalog_of(game)
    p = cat.profile(m.profile)
    lucky_used = ("Lucky used",) if m.lucky_used else ()
    # Only a model carrying Phobias shows the row (R:227).
    fears = (("Phobias", ", ".join(f.capitalize() for f in p.phobias)),) if p.phobias else ()
    return (
        ("Name", m.name),
        ("Side", game.ruleset.sides[m.side]),
        ("Move", p.move_text),
        ("Dex", f"{p.dex}+"),
        ("Con", str(p.con)),
        ("Attacks", p.attacks_text),
        ("Wounds", f"{m.wounds}/{p.wounds}"),
        ("Res", "1D6" if p.res_rolled else f"{p.res}+"),
        ("Types", ", ".join(t.capitalize() for t in p.types)),
        ("Skills", ", ".join(s.capitalize() for s in p.skills) or "none"),
        ("Weapons", "; ".join(weapon_text(cat.weapon(w)) for w in p.weapons)),
        *fears,
        ("State", ", ".join((m.state_name, *afflictions.conditions(game, m), *lucky_used))),
    )
