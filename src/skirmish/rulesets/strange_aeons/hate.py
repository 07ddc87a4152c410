"""The Joy of Hate (R:238-239, rules notes §1.7 item 13): what a model that Hates a kind of
Lurker does against it. The one Hate the book prints is the Brute's Crazy with Hate, every
Human Lurker (R:393); the catalog names which Special types each such rule Hates.

Against a Hated enemy the model fights with 1 more Attack and 1 more C.C. bonus (R:239,
:mod:`.combat`). It takes no Insanity test the presence or the deeds of a Hated enemy would
bring (:mod:`.psychology`): it is not Hideous, Fearsome (Surly's menace too) nor Terrible to
it, does not count among the enemies that isolate it, and a friend removed by Hated enemies
alone asks no test (:mod:`.damage`). Hate overrides the Phobias toward a Hated enemy
(:mod:`.phobias`): no Haphephobia for it in base-to-base, no Hemaphobia for its removal, no
Ballistophobia to shoot at it, no Pyrophobia for its Fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "The Joy of Hate (R:239)"


def hated(game: AeonsGame, m: AeonsModel) -> frozenset[str]:
    """The Special types ``m`` Hates by its rules: none for most models."""
    cat = catalog_of(game)
    own = cat.profile(m.profile)
    return frozenset(
        k for rule, kinds in cat.scenario.hates.items() if own.can(rule) for k in kinds
    )


def hates(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> bool:
    """Whether ``m`` Hates ``foe``: an enemy of a Special type one of its rules Hates."""
    if foe.side == m.side:
        return False
    kinds = hated(game, m)
    return bool(kinds) and not kinds.isdisjoint(catalog_of(game).profile(foe.profile).types)


def attacks(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> int:
    """What Hate adds to the Attacks of ``m`` against ``foe`` (R:239), which the log says."""
    scenario = catalog_of(game).scenario
    if hates(game, m, foe):
        game.emit(
            "hate", RULE, (m.id, foe.id), attacks=scenario.hate_attacks, ccb=scenario.hate_ccb
        )
    return added_attacks(game, m, foe)


def added_attacks(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> int:
    """What Hate adds to the Attacks of ``m`` against ``foe`` (R:239), told nowhere."""
    return catalog_of(game).scenario.hate_attacks if hates(game, m, foe) else 0


def ccb(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> int:
    """What Hate adds to the C.C. bonus of ``m`` against ``foe`` (R:239)."""
    return catalog_of(game).scenario.hate_ccb if hates(game, m, foe) else 0


def unmoved(game: AeonsGame, m: AeonsModel, by: tuple[str, ...]) -> bool:
    """Whether a removal by the models ``by`` owes ``m`` no test: all of them it Hates."""
    return bool(by) and all(hates(game, m, game.model(b)) for b in by)
