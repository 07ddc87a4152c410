"""What every Sacred Wire ruleset is: rules reading the catalogue its instance owns.

The two-squad game and the campaign's post-game sequence read the same rules data, and a variant
is the same rules with other data (DESIGN, second edition of the contract: Data): a subclass that
names another ``data_folder``. The registry keeps one instance per ruleset, so the catalogue is
loaded once per ruleset, and checked then against the places that apply its effects
(``effect_tables``, :mod:`.rules_data.dispatch`): data whose effects no rule handles is refused
before any game. A game keeps it from its start (:meth:`WireRuleset.catalog_for`), and the
rules reach it through the game with :func:`catalog_of`; code with
no game (squad validation, the companion commands, the odds) takes the catalogue as an argument,
given by its caller from the registered ruleset. This module imports no rules, so every rules
module may import it.
"""

from __future__ import annotations

from importlib.resources import files
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.engine.game import M, S
from skirmish.engine.ruleset import Ruleset
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog, load_catalog
from skirmish.rulesets.sacred_wire.rules_data.dispatch import EffectTable, check_handled

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from skirmish.engine.game import Game

DATA: Traversable = files("skirmish.rulesets.sacred_wire") / "data"
"""The rules data shipped with the package: ``data/*.toml``."""


class WireRuleset(Ruleset[M, S]):
    """A Sacred Wire ruleset: its data folder is class metadata, its catalogue loaded once per
    instance."""

    data_folder: ClassVar[Traversable] = DATA
    effect_tables: ClassVar[tuple[EffectTable[Any, Any, Any], ...]] = ()
    """The places this ruleset's rules apply data effects in, each checked against the
    catalogue when it loads."""

    def __init__(self) -> None:
        self.catalog: Catalog = load_catalog(self.data_folder)
        check_handled(self.effect_tables, self.catalog, str(self.data_folder))

    def catalog_for(self, setup: dict[str, Any]) -> Catalog:
        """The catalogue every game of this ruleset plays with, whatever its setup."""
        return self.catalog


def catalog_of(game: Game[Any, Any]) -> Catalog:
    """The catalogue of the ruleset ``game`` plays, as the game keeps it: the rules ask for it
    tens of thousands of times a game, so it is one attribute access and a check that narrows
    what the kernel types as a plain object, without a cast.

    Raises:
        TypeError: the game is not played by a Sacred Wire ruleset.
    """
    catalog = game.catalog
    if not isinstance(catalog, Catalog):
        raise TypeError(f"{game.ruleset.id} is not a Sacred Wire ruleset: it has no catalogue")
    return catalog


def ruleset_catalog(ruleset: Ruleset[Any, Any]) -> Catalog:
    """The catalogue of ``ruleset`` (the registered instance, for code with no game).

    The kernel types a game's ruleset as a plain ``Ruleset``, which has no catalogue; the check
    narrows what it holds without a cast, and says so loudly if another ruleset gets here (it
    looks at the catalogue, a plain class, not at the ruleset's abstract class).

    Raises:
        TypeError: ``ruleset`` is not a Sacred Wire ruleset.
    """
    catalog = getattr(ruleset, "catalog", None)
    if not isinstance(catalog, Catalog):
        raise TypeError(f"{ruleset.id} is not a Sacred Wire ruleset: it has no catalogue")
    return catalog
