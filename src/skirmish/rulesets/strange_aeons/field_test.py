"""Field Tester (R:428, rules notes §2.8): before each game a Special Branch Technician rolls
2D6 on the Prototype Testing Table (``data/field_test.toml``, R:429-442) for the prototype it
takes into that game, its EP waived.

The roll is made when the game is set up, with the list seed, and kept in the setup: the
model's profile carries the prototype's weapons, the side the throws, which the game's log
opens with. A 2 lets the Threshold player choose, but the game is set up before any player
exists, so it is rolled again, as is a prototype the game does not play yet (it plays all
ten) or one the team carries already (one of each at a time, R:1316). When the team carries
every prototype the game plays, the Technician takes none.
"""

from __future__ import annotations

from importlib.resources import files
from typing import TYPE_CHECKING, Any

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons.catalog import SETTING, Ability, Profile
from skirmish.rulesets.strange_aeons.forces import Played, item_weapons, playable
from skirmish.rulesets.strange_aeons.rules_data.records import BookCatalog, Item, Record
from skirmish.rulesets.strange_aeons.rules_data.records import Weapon as BookWeapon

if TYPE_CHECKING:
    from skirmish.dice import Faces
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Special Branch Technician: Field Tester (R:428-442)"


class TestRow(Record):
    """A row of the table: the prototype its total gives (none: the player would choose)."""

    roll: int
    prototype: str | None = None


class TestingTable(Record):
    """The Prototype Testing Table and the ability that rolls on it."""

    ability: Ability
    row: tuple[TestRow, ...]


def load_testing() -> TestingTable:
    """The Prototype Testing Table, from the package's data."""
    return read_data(files(__package__) / "data", "field_test.toml", TestingTable)


def field_test(
    table: TestingTable, book: BookCatalog, played: Played, side: dict[str, Any], dice: Faces
) -> dict[str, Any]:
    """The setup of a side whose Field Testers have rolled their prototypes: each one's
    weapons or gear added, and the throws kept as ``field-tests`` (model id, totals,
    prototype)."""
    weapons = list(side["weapons"])
    carried = {w["id"].partition(SETTING)[0] for w in weapons}
    carried |= {e for m in side["models"] for e in m.get("equipment", [])}
    models, tests = [], []
    for raw in side["models"]:
        if Profile.model_validate(raw).can(table.ability):
            totals, item = _roll(table, book, _testable(table, book, played, carried), dice)
            if isinstance(item, BookWeapon):
                given = item_weapons(item)
                weapons += [w.model_dump(mode="json") for w in given]
                raw = {**raw, "weapons": [*raw["weapons"], *(w.id for w in given)]}
            elif item is not None:
                raw = {**raw, "equipment": [*raw.get("equipment", []), item.id]}
            carried |= {item.id} if item is not None else set()
            tests.append([raw["id"], totals, item.name if item is not None else None])
        models.append(raw)
    if not tests:
        return side
    return {**side, "models": models, "weapons": weapons, "field-tests": tests}


def _testable(
    table: TestingTable, book: BookCatalog, played: Played, carried: set[str]
) -> set[str]:
    """The prototypes of the table a Technician may still be given."""
    ids = {r.prototype for r in table.row if r.prototype is not None}
    return {i for i in ids - carried if playable(book, played, book.items[i])}


def _roll(
    table: TestingTable, book: BookCatalog, left: set[str], dice: Faces
) -> tuple[list[int], Item | None]:
    """The totals rolled until one gives a prototype of ``left``, and that prototype."""
    totals: list[int] = []
    while left:
        totals.append(sum(dice.faces(2, 6, "field-test")))
        row = next(r for r in table.row if r.roll == totals[-1])
        if row.prototype in left:
            return totals, book.items[row.prototype]
    return totals, None


def log_field_tests(game: AeonsGame) -> None:
    """Open the log with the prototypes the Field Testers rolled at set-up."""
    for model_id, totals, name in game.setup["threshold"].get("field-tests", []):
        given = name if name is not None else "none left to test"
        game.emit("field-test", RULE, (model_id,), rolled=totals, prototype=given)
