"""What every Strange Aeons ruleset is: the same rules reading the catalog its instance owns.

The introduction and the full rulebook differ in their data, not in the code that reads it
(DESIGN, second edition of the contract: Data), so a variant is a subclass that names another
``catalog_file``. The rules reach the catalog through the game with :func:`catalog_of`; this
module imports no rules, so every rules module may import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.engine.ruleset import Ruleset
from skirmish.errors import SkirmishError
from skirmish.rulesets.strange_aeons.catalog import Catalog, load_catalog
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.state import AeonsState

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.state import AeonsGame


class AeonsRuleset(Ruleset[AeonsModel, AeonsState]):
    """A Strange Aeons ruleset: its data file is class metadata, its catalog loaded once per
    instance (the registry keeps one instance per ruleset)."""

    catalog_file: ClassVar[Traversable]

    def __init__(self) -> None:
        self.catalog: Catalog = load_catalog(self.catalog_file)

    def catalog_for(self, setup: dict[str, Any]) -> Catalog:
        """The catalog a game of ``setup`` plays with: the ruleset's own, unless its setup
        brings the models (the rulebook's lists)."""
        return self.catalog

    def scenario_thrown(self, total: int) -> tuple[str | None, str]:
        """What a scenario throw of ``total`` gives on the Basic Scenario Table (R:1521,
        R:1537-1548): the played scenario's id, or ``None`` when it is rolled again; and the
        result in words. Only a ruleset whose scenario is rolled in the game reads it.

        Raises:
            SkirmishError: this ruleset rolls no scenario.
        """
        raise SkirmishError(f"{self.id} rolls no scenario")

    def scenario_came(self, game: AeonsGame, scenario: str) -> list[Step]:
        """The game of ``scenario``, rolled in the game's Pre-Game (R:1522-1524): its
        Lurker list and its set-up, the steps that follow.

        Raises:
            SkirmishError: this ruleset rolls no scenario.
        """
        raise SkirmishError(f"{self.id} rolls no scenario")


def catalog_of(game: AeonsGame) -> Catalog:
    """The catalog the game ``game`` plays with: one access path for every Strange Aeons
    ruleset, whether its models come from the data file or from the game's lists.

    The kernel types ``game.ruleset`` as a plain ``Ruleset``, which has no catalog; the check
    narrows what it returns without a cast, and says so loudly if a game of another ruleset
    gets here. (It looks at the catalog, a plain class, not at the ruleset's abstract class:
    the rules ask for the catalog tens of thousands of times a game.)

    Raises:
        TypeError: the game is not played by a Strange Aeons ruleset.
    """
    catalog_for = getattr(game.ruleset, "catalog_for", None)
    catalog = None if catalog_for is None else catalog_for(game.setup)
    if not isinstance(catalog, Catalog):
        raise TypeError(f"{game.ruleset.id} is not a Strange Aeons ruleset: it has no catalog")
    return catalog
