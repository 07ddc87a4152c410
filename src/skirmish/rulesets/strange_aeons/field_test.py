"""Field Tester (R:428, rules notes §2.8): before each game a Special Branch Technician rolls
2D6 on the Prototype Testing Table (``data/field_test.toml``, R:429-442) for the prototype it
takes into that game, its EP waived.

The roll is made when the game is set up, with the list seed, and kept in the setup: the
model's profile carries the prototype's weapons, the side the throws, which the game's log
opens with. A prototype the game does not play yet (it plays all ten) or one the team carries
already (one of each at a time, R:1316) is rolled again. A 2 lets the Threshold player choose
(R:431): the setup keeps, beside the Technician's own profile, one profile of it with each
prototype it may take (:data:`CHOSEN`), and the game opens with its player's choice among
them (:class:`Choice`), as Back Up's gear is chosen (:mod:`.back_up`). When the team carries
every prototype the game plays, the Technician takes none.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from pydantic import StrictBool

from skirmish.data_files import read_data
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.catalog import SETTING, Ability, Profile
from skirmish.rulesets.strange_aeons.forces import Played, item_weapons, playable
from skirmish.rulesets.strange_aeons.rules_data.records import BookCatalog, Item, Record
from skirmish.rulesets.strange_aeons.rules_data.records import Weapon as BookWeapon

if TYPE_CHECKING:
    from skirmish.dice import Faces
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Special Branch Technician: Field Tester (R:428-442)"
CHOICE_RULE = "Prototype Testing Table: Threshold Player Chooses (R:431)"
CHOOSE = "field-test"
"""The decision, and its answers, of the prototype a Technician that rolled a 2 takes:
``field-test T2 T2%heat_ray``."""
CHOSEN = "%"
"""Joins a Technician's model id and a prototype's id: its profile with that prototype."""
CHOOSES = "the Threshold player chooses"
"""What the log says a 2 gives."""


class TestRow(Record):
    """A row of the table: the prototype its total gives, or ``chosen``: the Threshold player
    chooses one (R:431)."""

    roll: int
    prototype: str | None = None
    chosen: StrictBool = False


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
    weapons or gear added, or on a 2 a profile of it for each prototype its player may choose
    (``spawns``), and the throws kept as ``field-tests`` (model id, totals, prototype; on a 2
    no prototype and each profile to choose from with its prototype's name)."""
    weapons = list(side["weapons"])
    carried = {w["id"].partition(SETTING)[0] for w in weapons}
    carried |= {e for m in side["models"] for e in m.get("equipment", [])}
    models, tests, spawns = [], [], list(side.get("spawns", []))
    for raw in side["models"]:
        if Profile.model_validate(raw).can(table.ability):
            left = _testable(table, book, played, carried)
            totals, item = _roll(table, book, left, dice)
            if isinstance(item, TestRow):
                offered = [book.items[i] for i in sorted(left)]
                for prototype in offered:
                    chosen, given = _equipped(raw, prototype)
                    spawns.append({**chosen, "id": _chosen_id(raw, prototype)})
                    weapons += given
                named = [[_chosen_id(raw, p), p.name] for p in offered]
                tests.append([raw["id"], totals, None, named])
            elif item is not None:
                raw, given = _equipped(raw, item)
                weapons += given
                carried.add(item.id)
                tests.append([raw["id"], totals, item.name])
            else:
                tests.append([raw["id"], totals, None])
        models.append(raw)
    if not tests:
        return side
    tested = {**side, "models": models, "weapons": weapons, "field-tests": tests}
    return tested | ({"spawns": spawns} if spawns else {})


def _chosen_id(raw: dict[str, Any], prototype: Item) -> str:
    """The id of the profile of the Technician ``raw`` with ``prototype`` (:data:`CHOSEN`)."""
    return f"{raw['id']}{CHOSEN}{prototype.id}"


def _equipped(raw: dict[str, Any], item: Item) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The profile ``raw`` carrying the prototype ``item``, a weapon or gear it wears, and
    the weapons it adds to the side."""
    if isinstance(item, BookWeapon):
        given = item_weapons(item)
        armed = {**raw, "weapons": [*raw["weapons"], *(w.id for w in given)]}
        return armed, [w.model_dump(mode="json") for w in given]
    return {**raw, "equipment": [*raw.get("equipment", []), item.id]}, []


def _testable(
    table: TestingTable, book: BookCatalog, played: Played, carried: set[str]
) -> set[str]:
    """The prototypes of the table a Technician may still be given."""
    ids = {r.prototype for r in table.row if r.prototype is not None}
    return {i for i in ids - carried if playable(book, played, book.items[i])}


def _roll(
    table: TestingTable, book: BookCatalog, left: set[str], dice: Faces
) -> tuple[list[int], Item | TestRow | None]:
    """The totals rolled until one gives a prototype of ``left``, and that prototype, or the
    row whose prototype the player chooses; None when none is left."""
    totals: list[int] = []
    while left:
        totals.append(sum(dice.faces(2, 6, "field-test")))
        row = next(r for r in table.row if r.roll == totals[-1])
        if row.chosen:
            return totals, row
        if row.prototype in left:
            return totals, book.items[row.prototype]
    return totals, None


def log_field_tests(game: AeonsGame) -> None:
    """Open the log with the prototypes the Field Testers rolled at set-up."""
    for model_id, totals, name, *chosen in game.setup["threshold"].get("field-tests", []):
        given = CHOOSES if chosen else name if name is not None else "none left to test"
        game.emit("field-test", RULE, (model_id,), rolled=totals, prototype=given)


def choices(game: AeonsGame) -> list[Step]:
    """The choice of the prototype each Field Tester that rolled a 2 takes (R:431)."""
    tests = game.setup["threshold"].get("field-tests", [])
    return [Choice(test[0], tuple((p, n) for p, n in test[3])) for test in tests if len(test) > 3]


@dataclass(slots=True, eq=False)
class Choice(Step):
    """The Threshold player chooses the prototype its Technician takes: the model takes the
    profile that carries it."""

    rule = CHOICE_RULE
    tester: str = ""
    offered: tuple[tuple[str, str], ...] = ()
    """Each profile the Technician may take, with the name of the prototype it carries."""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.tester)
        if action is None:
            offered = tuple(Action(CHOOSE, (m.id, p)) for p, _ in self.offered)
            prompt = f"{m.name} rolled a 2 on the Prototype Testing Table: choose its prototype"
            return Decision(m.side, CHOOSE, prompt, offered)
        m.profile = action.args[1]
        name = dict(self.offered)[m.profile]
        game.emit("field-test-chosen", CHOICE_RULE, (m.id,), prototype=name)
        return []
