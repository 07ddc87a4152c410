"""Sacred Wire 28 squads: the squad file, its validation (C2, C2.1-C2.4, R3.5) and a report.

The squad file
==============

A squad is one TOML or JSON document (chosen by the file extension, ``.toml`` or ``.json``;
both have the same schema). Names of contracts, arrays, items and Powers are matched without
regard to case or extra spaces, and are stored with the catalogue's spelling::

    name = "Night Shift"                 # required
    description = "Close-quarters crew"  # optional

    [[models]]                           # exactly five (C2)
    name = "Mara Voss"                   # required, unique within the squad
    contract = "Boss"                    # Boss, Brute, Veteran, Gunner, Scout, Zealot, Agent,
                                         # Broadcaster (C2.4)
    array = "Technician"                 # Technician {2d4, 2d6, 2d8} or Operative {2d6 x3} (C2.1)
    combat = "2d8"                       # the array's dice as assigned, BEFORE the Boss bonus
    defense = "2d6"
    wits = "2d4"
    boss_bonus = "wits"                  # the Boss only: the attribute that gets +1 DT (C2.1)
    weapons = ["Needle Gun", "Shiv"]     # melee and ranged weapons (R3.2, R3.3)
    armor = "Flak Wrap"                  # optional, at most one piece (R3.5)
    grenades = ["Smoke"]                 # optional lists, repeats allowed (R3.4, R3.9-R3.11)
    consumables = ["Medkit"]
    gear = ["Scanner"]
    cybernetics = []
    power = "Signal Jam"                 # a Broadcaster's free starting Power (C2.3, C5.1)

In JSON the same document is ``{"name": ..., "models": [{"name": ..., "contract": ...}]}``, and a
``null`` equals an omitted field. ``armor``, ``boss_bonus`` and ``power`` take one name; a list of
names is read too, so that "two armour pieces" is reported as a rule violation, not a typo.

Validation
==========

:func:`load_squad` and :func:`parse_squad` check, in three stages, and raise one
:class:`SquadError` whose message is a single line listing every problem of the stage that
failed: the syntax of the file; its shape (field names and types); then every name and every
rule at once. The rules, each cited in its message:

* C2: exactly five models, exactly one Boss (hence four Resources).
* C2.4: at most "Max" models of each contract (Broadcaster 1, the others 2).
* C2.1: each model's dice are its array used exactly as printed, one die per attribute; the
  Boss, and only the Boss, adds +1 DT to exactly one attribute; C1.9: never above 2d12.
* C2.3: weapons from the R3 lists only (never a hostile's), by contract access (Melee only,
  Ranged only, Both); Improvised Combat (R3.1) is always available and is never bought.
* R3.5, C2.4: at most one armour piece, of a class no heavier than the contract's Max Armor.
* C2.3, C5.1: a Broadcaster has exactly one starting Power, free; no other contract has one
  (C2.4 "Can Cast"; notes A66).
* R3.9, R3.11: a cybernetic only repairs a matching permanent penalty, and a new squad has none,
  so it cannot buy one (notes A70); :attr:`SquadOptions.cybernetics_as_buffs` reads the R3.11
  table literally instead.
* C2.3: everything bought costs at most 60 subs in total; unspent subs are allowed (notes A67).
* Every name exists in the catalogue and is listed under its own kind; unknown names come with
  close matches. Model names differ, since they identify models in logs.

Nothing limits how many weapons, grenades, consumables or gear a model carries (notes A67).

A campaign book (:mod:`.book`) is a squad file whose models carry more fields; it reuses
these stages one model at a time: :class:`ModelSpec` (a model's shape), :func:`resolve_model`,
:func:`check_model`, :func:`check_model_names` and :func:`build_model`, with
:func:`decode_document` for the syntax and :func:`model_label` for messages.
"""

from __future__ import annotations

import atexit
import difflib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, PlainValidator, ValidationError

from skirmish import documents
from skirmish.data_files import TABLE_ERRORS, plural, problem_list
from skirmish.documents import FORMATS, file_label, printable_line
from skirmish.errors import SkirmishError, quoted
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Armor,
    ArmorClass,
    AttributeArray,
    Catalog,
    Consumable,
    Contract,
    Cybernetic,
    Gear,
    Grenade,
    MeleeWeapon,
    Power,
    RangedWeapon,
    UnknownEntryError,
    WeaponAccess,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    DamageBonus,
    IgnoreArmorMovePenalty,
    MoveModifier,
    Penalty,
    RepairPenalty,
    When,
    effects_of,
)
from skirmish.rulesets.sacred_wire.rules_data.reading import TIER_SIDES, name_key

__all__ = [
    "Attribute",
    "ModelDraft",
    "ModelSpec",
    "Squad",
    "SquadError",
    "SquadModel",
    "SquadOptions",
    "Tiers",
    "build_model",
    "check_model",
    "check_model_names",
    "decode_document",
    "dice_text",
    "did_you_mean",
    "file_label",
    "item_list",
    "load_sample_squad",
    "load_squad",
    "model_label",
    "parse_squad",
    "plural",
    "problem_list",
    "read_document",
    "resolve_model",
    "sample_squad_names",
    "sample_squad_path",
    "squad_from_data",
    "squad_report",
    "squad_to_data",
]


class SquadError(SkirmishError):
    """A squad file that cannot be read, or a squad that breaks the squad-building rules."""


class Attribute(StrEnum):
    """The three attributes every model has (C2.1)."""

    COMBAT = "combat"
    DEFENSE = "defense"
    WITS = "wits"


@dataclass(frozen=True, slots=True)
class SquadOptions:
    """Squad-building rule options.

    ``cybernetics_as_buffs``: read R3.11 literally (Leg +1" Move, Targeting +1 DT Combat, ...)
    and let a new squad buy cybernetics as plain bonuses. Off by default: R3.9 says they repair
    a matching penalty, and notes A70 rules out buying them as buffs.
    """

    cybernetics_as_buffs: bool = False


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------

Weapon = MeleeWeapon | RangedWeapon
Bought = MeleeWeapon | RangedWeapon | Armor | Grenade | Consumable | Gear | Cybernetic


def dice_text(sides: int) -> str:
    """An attribute's pair of dice as printed, e.g. ``2d8`` for 8 sides (C1.9)."""
    return f"2d{sides}"


@dataclass(frozen=True, slots=True)
class Tiers:
    """Combat, Defense and Wits as the sides of the pair of dice each rolls (C2.1)."""

    combat: int
    defense: int
    wits: int

    def get(self, attribute: Attribute) -> int:
        """The sides of one attribute's dice."""
        sides: int = getattr(self, attribute.value)
        return sides

    def raised(self, attribute: Attribute, steps: int = 1) -> Tiers:
        """These tiers with ``attribute`` moved ``steps`` up the ladder, capped at 2d12 (C1.9)."""
        index = min(TIER_SIDES.index(self.get(attribute)) + steps, len(TIER_SIDES) - 1)
        values = {a.value: self.get(a) for a in Attribute}
        values[attribute.value] = TIER_SIDES[index]
        return Tiers(**values)

    def __str__(self) -> str:
        return ", ".join(f"{a.value.title()} {dice_text(self.get(a))}" for a in Attribute)


@dataclass(frozen=True, slots=True)
class SquadModel:
    """One validated model: its choices as catalogue records, and its computed profile.

    ``assigned`` is the array as assigned (C2.1), ``tiers`` the final dice after the Boss bonus;
    ``health``, ``move`` and ``cost`` (subs, the free Power excluded) are computed by the loader.
    """

    name: str
    contract: Contract
    array: AttributeArray
    assigned: Tiers
    boss_bonus: Attribute | None
    weapons: tuple[Weapon, ...]
    armor: Armor | None
    grenades: tuple[Grenade, ...]
    consumables: tuple[Consumable, ...]
    gear: tuple[Gear, ...]
    cybernetics: tuple[Cybernetic, ...]
    power: Power | None
    tiers: Tiers
    health: int
    move: int
    cost: int

    @property
    def is_boss(self) -> bool:
        """True for the squad's one Boss (C2)."""
        return self.contract.unique

    @property
    def combat(self) -> int:
        """Final Combat dice sides."""
        return self.tiers.combat

    @property
    def defense(self) -> int:
        """Final Defense dice sides."""
        return self.tiers.defense

    @property
    def wits(self) -> int:
        """Final Wits dice sides."""
        return self.tiers.wits

    @property
    def items(self) -> tuple[Bought, ...]:
        """Everything the model bought, in file order by kind."""
        armor: tuple[Armor, ...] = (self.armor,) if self.armor else ()
        return (
            *self.weapons,
            *armor,
            *self.grenades,
            *self.consumables,
            *self.gear,
            *self.cybernetics,
        )


@dataclass(frozen=True, slots=True)
class Squad:
    """A validated squad of five models (C2) within its budget (C2.3)."""

    name: str
    description: str
    models: tuple[SquadModel, ...]
    budget: int

    @property
    def boss(self) -> SquadModel:
        """The squad's Boss (exactly one, C2)."""
        return next(model for model in self.models if model.is_boss)

    @property
    def cost(self) -> int:
        """Subs spent on the whole squad (C2.3)."""
        return sum(model.cost for model in self.models)

    @property
    def unspent(self) -> int:
        """Subs left over; they go to the squad's treasury (notes A67)."""
        return self.budget - self.cost


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def load_squad(
    path: str | Path,
    *,
    catalog: Catalog,
    options: SquadOptions | None = None,
) -> Squad:
    """Read and validate a squad file against ``catalog`` (the ruleset's); ``.toml`` or
    ``.json`` picks the format.

    :raises SquadError: one line listing every problem found.
    """
    text, fmt = read_document(path, "squad file")
    label = file_label("squad file", path)
    return _parse(text, fmt, label, catalog, options or SquadOptions())


def read_document(path: str | Path, kind: str) -> tuple[str, str]:
    """The text and format of a squad file or a file built on it (``kind`` names it in
    messages), by :func:`skirmish.documents.read_document`.

    :raises SquadError: another extension, or the file cannot be read (one line).
    """
    return documents.read_document(path, kind, SquadError)


def parse_squad(
    text: str,
    fmt: str,
    *,
    catalog: Catalog,
    options: SquadOptions | None = None,
) -> Squad:
    """Validate a squad given as TOML or JSON text (``fmt`` is ``"toml"`` or ``"json"``).

    :raises SquadError: one line listing every problem found.
    """
    wanted = fmt.lower().lstrip(".")
    if wanted not in FORMATS:
        raise SquadError(f"unknown squad format {fmt!r} (one of: toml, json)")
    return _parse(text, wanted, "squad", catalog, options or SquadOptions())


def squad_to_data(squad: Squad) -> dict[str, Any]:
    """The squad as a plain mapping of the file schema (``json.dumps`` writes a squad file)."""
    data: dict[str, Any] = {"name": squad.name}
    if squad.description:
        data["description"] = squad.description
    data["models"] = [_model_data(model) for model in squad.models]
    return data


def squad_report(squad: Squad) -> str:
    """A readable summary: each model's contract, dice, Health, Move and kit with costs."""
    lines = [f"Squad {squad.name!r}: {len(squad.models)} models, {_subs_line(squad)}"]
    if squad.description:
        lines.append(squad.description)
    for number, model in enumerate(squad.models, start=1):
        lines.extend(_model_report(number, model))
    lines.append(f"Total: {_subs_line(squad)}")
    return "\n".join(lines)


@cache  # the package's files do not change while it runs, and every new game asks
def sample_squad_names() -> tuple[str, ...]:
    """The names of the sample squads shipped with the package, sorted."""
    folder = _squads_folder()
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if _is_toml(p)))


def sample_squad_path(name: str) -> Path:
    """The file of a shipped sample squad, e.g. ``sample_squad_path("wrecking-crew")``.

    :raises SquadError: if there is no sample squad of that name.
    """
    names = sample_squad_names()
    if name not in names:
        raise SquadError(f"no sample squad {name!r}{did_you_mean(name, names)}")
    resource = _squads_folder() / f"{name}.toml"
    if isinstance(resource, Path):
        return resource
    # A zipped install has no real path: extract once, kept until the interpreter exits.
    return _EXTRACTED.enter_context(as_file(resource))


def load_sample_squad(name: str, *, catalog: Catalog) -> Squad:
    """Load and validate a shipped sample squad by name."""
    return load_squad(sample_squad_path(name), catalog=catalog)


_EXTRACTED = ExitStack()
atexit.register(_EXTRACTED.close)


def _squads_folder() -> Traversable:
    return files("skirmish.rulesets.sacred_wire") / "data" / "squads"


def _is_toml(resource: Traversable) -> bool:
    return resource.is_file() and resource.name.endswith(".toml")


# --------------------------------------------------------------------------------------------
# Small text helpers
# --------------------------------------------------------------------------------------------


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'Sword' or 'Shiv'?)``: the candidates close to ``name`` (any case),
    or "" when none is."""
    by_key = {c.casefold(): c for c in candidates}
    close = difflib.get_close_matches(name.casefold(), list(by_key), n=3, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {' or '.join(repr(by_key[c]) for c in close)}?)"


# --------------------------------------------------------------------------------------------
# Stage 1 and 2: syntax and shape
# --------------------------------------------------------------------------------------------


#: Names end up in logs, action menus, drawings and error lines: one short printable line.
MAX_NAME = 40
#: A squad's description: a sentence or two, on one line.
MAX_TEXT = 200


def _name(value: object) -> str:
    text = _line(value, MAX_NAME)
    if not text:
        raise ValueError("must not be blank")
    return text


def _text(value: object) -> str:
    return "" if value is None else _line(value, MAX_TEXT)


def _line(value: object, limit: int) -> str:
    """``value`` stripped, if it is printable text of at most ``limit`` characters."""
    if not isinstance(value, str):
        raise ValueError(f"must be a text string (got {quoted(value)})")
    text = value.strip()
    if len(text) > limit:
        raise ValueError(f"must be at most {limit} characters (got {len(text)})")
    return printable_line(text)


def _names(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ValueError(f"must be a list of names (got {quoted(value)})")
    bad = [item for item in value if not isinstance(item, str)]
    if bad:
        raise ValueError(f"must be a list of names (got {quoted(bad[0])} in it)")
    try:
        return tuple(_name(item) for item in value)
    except ValueError as exc:
        raise ValueError(f"has a name that {exc}") from None


def _one_or_more(value: object) -> tuple[str, ...]:
    # One name is the normal form; a list is read so that two armour pieces or two Boss bonuses
    # are reported as the rule they break (R3.5, C2.1), not as a type error.
    if isinstance(value, str):
        return (_name(value),)
    return _names(value)


_DICE = {dice_text(sides): sides for sides in TIER_SIDES}


def _die(value: object) -> int:
    if isinstance(value, str) and value.strip().lower() in _DICE:
        return _DICE[value.strip().lower()]
    raise ValueError(f"must be one of {', '.join(_DICE)} (got {quoted(value)})")


Name = Annotated[str, PlainValidator(_name)]
Text = Annotated[str, PlainValidator(_text)]
Names = Annotated[tuple[str, ...], PlainValidator(_names)]
OneOrMore = Annotated[tuple[str, ...], PlainValidator(_one_or_more)]
Die = Annotated[int, PlainValidator(_die)]


class ModelSpec(BaseModel):
    """One model of a squad file as written (its shape checked, names not yet looked up)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    contract: Name
    array: Name
    combat: Die
    defense: Die
    wits: Die
    boss_bonus: OneOrMore = ()
    weapons: Names = ()
    armor: OneOrMore = ()
    grenades: Names = ()
    consumables: Names = ()
    gear: Names = ()
    cybernetics: Names = ()
    power: OneOrMore = ()


class _SquadIn(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    description: Text = ""
    models: list[ModelSpec]


def squad_from_data(
    raw: object,
    *,
    catalog: Catalog,
    options: SquadOptions | None = None,
    label: str = "squad",
) -> Squad:
    """Validate a squad given as plain data of the file schema (:func:`squad_to_data`'s);
    ``label`` names it in messages.

    :raises SquadError: one line listing every problem found.
    """
    return _validate(raw, label, catalog, options or SquadOptions())


def _parse(text: str, fmt: str, label: str, catalog: Catalog, options: SquadOptions) -> Squad:
    return _validate(decode_document(text, fmt, label), label, catalog, options)


def _validate(raw: object, label: str, catalog: Catalog, options: SquadOptions) -> Squad:
    header = _header(raw, label)
    try:
        spec = _SquadIn.model_validate(raw)
    except ValidationError as exc:
        raise SquadError(f"{header} is invalid: {_shape_problems(raw, exc)}") from None
    problems: list[str] = []
    drafts = [
        resolve_model(index, model, catalog, problems) for index, model in enumerate(spec.models)
    ]
    _check_squad(drafts, catalog, options, problems)
    if problems:
        raise SquadError(f"{header} is invalid: {problem_list(problems)}")
    return _build(spec, drafts, catalog, options)


def decode_document(text: str, fmt: str, label: str) -> object:
    """The data of a TOML or JSON (``fmt``) document: a squad file or a file built on it, by
    :func:`skirmish.documents.decode_document`.

    :raises SquadError: one line naming ``label`` and the syntax error.
    """
    return documents.decode_document(text, fmt, label, SquadError)


def _header(raw: object, label: str) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    if isinstance(name, str) and name.strip():
        return f"squad {quoted(name.strip())}"
    return label


_FIELDS = {
    (): tuple(_SquadIn.model_fields),
    ("models",): tuple(ModelSpec.model_fields),
}


def _shape_problems(raw: object, exc: ValidationError) -> str:
    seen: list[str] = []
    for error in exc.errors(include_url=False):
        text = _shape_problem(raw, error["loc"], error)
        if text not in seen:
            seen.append(text)
    return problem_list(seen)


def _shape_problem(raw: object, loc: tuple[int | str, ...], error: Mapping[str, Any]) -> str:
    kind = error["type"]
    got = quoted(error["input"])
    if kind in TABLE_ERRORS:
        whole = _prefix(raw, loc) or "the document "
        return f"{whole}must be a table of fields (got {got})"
    *parents, last = loc or ("document",)
    prefix = _prefix(raw, tuple(parents))
    if kind == "missing":
        return f"{prefix}missing field {last!r}"
    if kind == "extra_forbidden":
        known = _FIELDS.get(tuple(p for p in parents if isinstance(p, str)), ())
        return f"{prefix}unknown field {quoted(last)}{did_you_mean(str(last), known)}"
    subject = f"{last!r} "
    if kind == "list_type":
        return f"{prefix}{subject}must be a list (got {got})"
    cause = error.get("ctx", {}).get("error")
    message = str(cause) if cause is not None else f"{error['msg'].lower()} (got {got})"
    return f"{prefix}{subject}{message}"


def _prefix(raw: object, loc: tuple[int | str, ...]) -> str:
    # ("models", 2) -> "model 3 'Rook': "; the top level has no prefix.
    if len(loc) == 2 and loc[0] == "models" and isinstance(loc[1], int):
        models = raw.get("models") if isinstance(raw, dict) else None
        index = loc[1]
        node = models[index] if isinstance(models, list) and index < len(models) else None
        return model_label(index, node) + ": "
    return ""


def model_label(index: int, raw_model: object) -> str:
    """``model 3 'Rook'``: how messages name the model at ``index`` of a file's ``models``
    list, from its raw data (the name is left out when it has none)."""
    name = raw_model.get("name") if isinstance(raw_model, dict) else None
    shown = f" {quoted(name.strip())}" if isinstance(name, str) and name.strip() else ""
    return f"model {index + 1}{shown}"


# --------------------------------------------------------------------------------------------
# Stage 3a: names to catalogue records
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class ModelDraft:
    """A model whose names are resolved where they exist; ``None`` or a gap where they do not."""

    number: int
    spec: ModelSpec
    contract: Contract | None = None
    array: AttributeArray | None = None
    boss_bonus: list[Attribute] = field(default_factory=list)
    weapons: list[Weapon] = field(default_factory=list)
    armor: list[Armor] = field(default_factory=list)
    grenades: list[Grenade] = field(default_factory=list)
    consumables: list[Consumable] = field(default_factory=list)
    gear: list[Gear] = field(default_factory=list)
    cybernetics: list[Cybernetic] = field(default_factory=list)
    powers: list[Power] = field(default_factory=list)
    unknown: int = 0

    @property
    def label(self) -> str:
        """``model 3 'Rook'``, as messages name it."""
        return f"model {self.number} {self.spec.name!r}"

    @property
    def items(self) -> list[Bought]:
        """Everything it bought that resolved, in file order by kind."""
        return [
            *self.weapons,
            *self.armor,
            *self.grenades,
            *self.consumables,
            *self.gear,
            *self.cybernetics,
        ]


_R = TypeVar("_R")

# The file's list for each kind of item, and what the message calls the kind.
_KIND_OF: dict[type, tuple[str, str]] = {
    MeleeWeapon: ("weapons", "a melee weapon"),
    RangedWeapon: ("weapons", "a ranged weapon"),
    Grenade: ("grenades", "a grenade"),
    Armor: ("armor", "an armour piece"),
    Consumable: ("consumables", "a consumable"),
    Gear: ("gear", "gear"),
    Cybernetic: ("cybernetics", "a cybernetic"),
}


def resolve_model(index: int, spec: ModelSpec, catalog: Catalog, problems: list[str]) -> ModelDraft:
    """Stage 3a for the model at ``index``: every name looked up in the catalogue; a name not
    found adds a problem (with close matches) and leaves a gap in the draft."""
    draft = ModelDraft(index + 1, spec)
    contracts = [c.name for c in catalog.contracts]
    draft.contract = _lookup(
        draft, "contract", spec.contract, catalog.contract, contracts, problems
    )
    arrays = [a.name for a in catalog.arrays]
    draft.array = _lookup(draft, "array", spec.array, catalog.array, arrays, problems)
    draft.boss_bonus = _attributes(draft, problems)
    draft.weapons = _items(draft, "weapons", catalog.squad_weapon, catalog, problems)
    draft.armor = _items(draft, "armor", catalog.armor, catalog, problems)
    draft.grenades = _items(draft, "grenades", catalog.grenade, catalog, problems)
    draft.consumables = _items(draft, "consumables", catalog.consumable, catalog, problems)
    draft.gear = _items(draft, "gear", catalog.gear, catalog, problems)
    draft.cybernetics = _items(draft, "cybernetics", catalog.cybernetic, catalog, problems)
    draft.powers = _powers(draft, catalog, problems)
    return draft


def _lookup(
    draft: ModelDraft,
    kind: str,
    name: str,
    get: Callable[[str], _R],
    names: Sequence[str],
    problems: list[str],
) -> _R | None:
    try:
        return get(name)
    except UnknownEntryError:
        problems.append(f"{draft.label}: unknown {kind} {name!r}{did_you_mean(name, names)}")
        draft.unknown += 1
        return None


def _attributes(draft: ModelDraft, problems: list[str]) -> list[Attribute]:
    found: list[Attribute] = []
    names = [a.value for a in Attribute]
    for name in draft.spec.boss_bonus:
        if name.casefold() in names:
            found.append(Attribute(name.casefold()))
        else:
            hint = did_you_mean(name, names) or f" (one of: {', '.join(names)})"
            problems.append(f"{draft.label}: 'boss_bonus' names no attribute {name!r}{hint}")
    return found


def _items(
    draft: ModelDraft,
    kind: str,
    get: Callable[[str], _R],
    catalog: Catalog,
    problems: list[str],
) -> list[_R]:
    found: list[_R] = []
    for name in getattr(draft.spec, kind):
        try:
            record = get(name)
        except UnknownEntryError:
            problems.append(_misplaced(draft, kind, name, catalog))
            draft.unknown += 1
            continue
        if isinstance(record, MeleeWeapon) and record.improvised:
            problems.append(
                f"{draft.label} lists {record.name!r}: Improvised Combat is always available "
                "and never bought (R3.1)"
            )
            continue
        found.append(record)
    return found


def item_list(record: Bought) -> str:
    """The list of the squad file that holds ``record``: ``weapons``, ``armor``,
    ``grenades``, ``consumables``, ``gear`` or ``cybernetics``."""
    return _KIND_OF[type(record)][0]


def _misplaced(draft: ModelDraft, kind: str, name: str, catalog: Catalog) -> str:
    # A name that exists under another kind gets pointed there, a hostile's weapon is named as
    # one; otherwise close matches of its own kind are suggested.
    try:
        record = catalog.item(name)
    except UnknownEntryError:
        hostile = catalog.hostile_weapon(name)
        if hostile is not None:
            return (
                f"{draft.label} lists {hostile.name!r}: a hostile's weapon, not on the R3 "
                "lists (C2.3)"
            )
        hint = did_you_mean(name, _names_of(kind, catalog))
        return f"{draft.label}: unknown {_SINGULAR[kind]} {name!r}{hint}"
    where, what = _KIND_OF[type(record)]
    return (
        f"{draft.label} lists {record.name!r} under {kind!r}, but it is {what} "
        f"(list it under {where!r})"
    )


_SINGULAR = {
    "weapons": "weapon",
    "armor": "armour piece",
    "grenades": "grenade",
    "consumables": "consumable",
    "gear": "gear",
    "cybernetics": "cybernetic",
}


def _names_of(kind: str, catalog: Catalog) -> list[str]:
    records: dict[str, Iterable[Any]] = {
        "weapons": (*catalog.melee_weapons, *catalog.ranged_weapons),
        "armor": catalog.armor_pieces,
        "grenades": catalog.grenades,
        "consumables": catalog.consumables,
        "gear": catalog.gear_items,
        "cybernetics": catalog.cybernetics,
    }
    return [record.name for record in records[kind]]


def _powers(draft: ModelDraft, catalog: Catalog, problems: list[str]) -> list[Power]:
    names = [p.name for p in catalog.powers]
    found = (
        _lookup(draft, "Power", name, catalog.power, names, problems) for name in draft.spec.power
    )
    return [power for power in found if power is not None]


# --------------------------------------------------------------------------------------------
# Stage 3b: the squad-building rules
# --------------------------------------------------------------------------------------------


def _check_squad(
    drafts: Sequence[ModelDraft], catalog: Catalog, options: SquadOptions, problems: list[str]
) -> None:
    """Every rule of C2-C2.4 and R3.5, squad-wide and per model; all problems are collected."""
    for draft in drafts:
        check_model(draft, options, problems)
    _check_size(drafts, catalog, problems)
    _check_contract_counts(drafts, catalog, problems)
    check_model_names(drafts, problems)
    _check_budget(drafts, catalog, problems)


def check_model(draft: ModelDraft, options: SquadOptions, problems: list[str]) -> None:
    """Stage 3b for one model: its array (C2.1), armour count (R3.5) and cybernetics (R3.9);
    with a known contract, its Boss bonus, weapon access, armour class and Power (C2.1-C2.4,
    C5.1). Each broken rule adds a problem."""
    _check_array(draft, problems)
    _check_armor_count(draft, problems)
    _check_cybernetics(draft, options, problems)
    if draft.contract is None:
        return  # already reported as unknown; the contract-bound rules cannot be judged
    _check_boss_bonus(draft, draft.contract, problems)
    _check_weapons(draft, draft.contract, problems)
    _check_armor(draft, draft.contract, problems)
    _check_power(draft, draft.contract, problems)


def _check_size(drafts: Sequence[ModelDraft], catalog: Catalog, problems: list[str]) -> None:
    """C2: a squad is exactly five models."""
    wanted = catalog.squad.models
    if len(drafts) != wanted:
        problems.append(f"{plural(len(drafts), 'model')} (exactly {wanted}, C2)")


def _check_contract_counts(
    drafts: Sequence[ModelDraft], catalog: Catalog, problems: list[str]
) -> None:
    """C2: exactly one Boss; C2.4: at most "Max" models of each other contract."""
    counts = Counter(d.contract.name for d in drafts if d.contract is not None)
    # An unknown contract (reported already) may be the missing Boss: do not also report it.
    unresolved = any(d.contract is None for d in drafts)
    for contract in catalog.contracts:
        count = counts[contract.name]
        if contract.unique and count == 0 and unresolved:
            continue
        if contract.unique and count != 1:
            shown = f"no {contract.name}" if count == 0 else plural(count, contract.name)
            problems.append(f"{shown} (exactly 1, C2)")
        elif not contract.unique and count > contract.max_per_squad:
            shown = plural(count, contract.name)
            problems.append(f"{shown} (at most {contract.max_per_squad}, C2.4)")


def check_model_names(drafts: Sequence[ModelDraft], problems: list[str]) -> None:
    """Model names identify models in logs and actions, so they must differ."""
    counts = Counter(name_key(d.spec.name) for d in drafts)
    reported: set[str] = set()
    for draft in drafts:
        key = name_key(draft.spec.name)
        if counts[key] > 1 and key not in reported:
            reported.add(key)
            problems.append(
                f"{counts[key]} models are named {draft.spec.name!r} (names must differ)"
            )


def _check_budget(drafts: Sequence[ModelDraft], catalog: Catalog, problems: list[str]) -> None:
    """C2.3: everything bought costs at most 60 subs; the starting Power is free."""
    spent = sum(_cost(draft.items) for draft in drafts)
    budget = catalog.squad.budget
    if spent > budget:
        # With unknown items the true total is higher still.
        least = "at least " if any(d.unknown for d in drafts) else ""
        problems.append(f"{least}{spent} subs (at most {budget}, C2.3)")


def _check_array(draft: ModelDraft, problems: list[str]) -> None:
    """C2.1: one die of the array on each attribute, each die used exactly once."""
    if draft.array is None:
        return
    spec = draft.spec
    given = sorted((spec.combat, spec.defense, spec.wits))
    if given != sorted(draft.array.dice):
        shown = "/".join(dice_text(s) for s in (spec.combat, spec.defense, spec.wits))
        printed = ", ".join(dice_text(s) for s in sorted(draft.array.dice))
        problems.append(
            f"{draft.label} assigns Combat/Defense/Wits {shown}, not the {draft.array.name} "
            f"array {{{printed}}} in some order (dice before the Boss bonus, C2.1)"
        )


def _check_boss_bonus(draft: ModelDraft, contract: Contract, problems: list[str]) -> None:
    """C2.1, C2.4: the Boss, and no one else, puts +1 DT on exactly one attribute (max 2d12)."""
    bonuses = draft.boss_bonus
    if not contract.unique:
        if draft.spec.boss_bonus:
            problems.append(
                f"{draft.label} is a {contract.name} and cannot take a Boss bonus (C2.1)"
            )
        return
    if len(draft.spec.boss_bonus) != 1:
        count = len(draft.spec.boss_bonus)
        problems.append(
            f"{draft.label} is the Boss and puts +1 DT on {plural(count, 'attribute')} "
            "(exactly one: combat, defense or wits, C2.1)"
        )
    for attribute in bonuses:
        if _assigned(draft.spec).get(attribute) == TIER_SIDES[-1]:
            problems.append(f"{draft.label}'s {attribute.value.title()} would go above 2d12 (C1.9)")


def _check_weapons(draft: ModelDraft, contract: Contract, problems: list[str]) -> None:
    """C2.3: Melee contracts buy melee weapons only, Ranged contracts ranged weapons only."""
    barred = {WeaponAccess.MELEE: RangedWeapon, WeaponAccess.RANGED: MeleeWeapon}.get(
        contract.weapons
    )
    allowed = {WeaponAccess.MELEE: "melee", WeaponAccess.RANGED: "ranged"}.get(contract.weapons)
    for weapon in draft.weapons:
        if barred is not None and isinstance(weapon, barred):
            kind = "ranged" if isinstance(weapon, RangedWeapon) else "melee"
            problems.append(
                f"{draft.label} is a {contract.name} with a {kind} weapon {weapon.name!r} "
                f"({allowed} weapons only, C2.3)"
            )


def _check_armor_count(draft: ModelDraft, problems: list[str]) -> None:
    """R3.5: one armour piece per model at most."""
    if len(draft.spec.armor) > 1:
        problems.append(
            f"{draft.label} wears {len(draft.spec.armor)} armour pieces (at most 1, R3.5)"
        )


def _check_armor(draft: ModelDraft, contract: Contract, problems: list[str]) -> None:
    """C2.4, R3.5: armour no heavier than the contract's Max Armor."""
    for armor in draft.armor:
        if armor.armor_class.rank > contract.max_armor.rank:
            problems.append(
                f"{draft.label} is a {contract.name} in {_class(armor.armor_class)} armour "
                f"{armor.name!r} (at most {_class(contract.max_armor)}, C2.4)"
            )


def _class(armor_class: ArmorClass) -> str:
    return armor_class.value.title()


def _check_power(draft: ModelDraft, contract: Contract, problems: list[str]) -> None:
    """C2.3, C5.1: a Broadcaster picks exactly one free starting Power; C2.4: only it can Cast."""
    count = len(draft.spec.power)
    if not _can_cast(contract):
        if count:
            problems.append(
                f"{draft.label} is a {contract.name} with a Power (only a Broadcaster can "
                "Cast, C2.4)"
            )
        return
    if count != 1:
        shown = "no starting Power" if count == 0 else plural(count, "starting Power")
        problems.append(f"{draft.label} is a {contract.name} with {shown} (exactly 1, C2.3, C5.1)")


def _can_cast(contract: Contract) -> bool:
    return any(effect.keyword == "can-cast" for effect in contract.effects)


def _check_cybernetics(draft: ModelDraft, options: SquadOptions, problems: list[str]) -> None:
    """R3.9, R3.11: a cybernetic repairs a matching permanent penalty; a new model has none."""
    if options.cybernetics_as_buffs:
        return
    for cybernetic in draft.cybernetics:
        problems.append(
            f"{draft.label} has cybernetic {cybernetic.name!r}, but a new model has no "
            "permanent penalty for it to repair (R3.9, notes A70)"
        )


# --------------------------------------------------------------------------------------------
# Stage 4: the validated squad and its computed values
# --------------------------------------------------------------------------------------------


def _cost(items: Iterable[Bought]) -> int:
    # Improvised weapons never reach here (rejected by _items), so every cost is set.
    return sum(item.cost or 0 for item in items)


def _assigned(spec: ModelSpec) -> Tiers:
    return Tiers(spec.combat, spec.defense, spec.wits)


def _build(
    spec: _SquadIn, drafts: Sequence[ModelDraft], catalog: Catalog, options: SquadOptions
) -> Squad:
    models = tuple(build_model(draft, catalog, options) for draft in drafts)
    return Squad(spec.name, spec.description, models, catalog.squad.budget)


def build_model(draft: ModelDraft, catalog: Catalog, options: SquadOptions) -> SquadModel:
    """Stage 4 for one model: its final dice, Health, Move and cost (C2.1, C2.4, R3.5-R3.11).

    Call it only on a draft with no problem: every name resolved, every list as long as the
    rules allow.
    """
    contract, array = draft.contract, draft.array
    if contract is None or array is None:
        raise SquadError(f"{draft.label}: unresolved contract or array")
    armor = draft.armor[0] if draft.armor else None
    buffs = tuple(draft.cybernetics) if options.cybernetics_as_buffs else ()
    bonus = draft.boss_bonus[0] if draft.boss_bonus else None
    return SquadModel(
        name=draft.spec.name,
        contract=contract,
        array=array,
        assigned=_assigned(draft.spec),
        boss_bonus=bonus,
        weapons=tuple(draft.weapons),
        armor=armor,
        grenades=tuple(draft.grenades),
        consumables=tuple(draft.consumables),
        gear=tuple(draft.gear),
        cybernetics=tuple(draft.cybernetics),
        power=draft.powers[0] if draft.powers else None,
        tiers=_tiers(_assigned(draft.spec), bonus, buffs),
        health=contract.health + _repairs(buffs, Penalty.MAX_HEALTH),
        move=_move(contract, armor, catalog) + _repairs(buffs, Penalty.MOVE),
        cost=_cost(draft.items),
    )


_ATTRIBUTE_PENALTY = {
    Attribute.COMBAT: Penalty.COMBAT,
    Attribute.DEFENSE: Penalty.DEFENSE,
    Attribute.WITS: Penalty.WITS,
}


def _tiers(assigned: Tiers, bonus: Attribute | None, buffs: Sequence[Cybernetic]) -> Tiers:
    """C2.1: the Boss's +1 DT; with ``cybernetics_as_buffs`` the R3.11 +1 DT as well (C1.9 cap)."""
    tiers = assigned.raised(bonus) if bonus else assigned
    for attribute, penalty in _ATTRIBUTE_PENALTY.items():
        steps = _repairs(buffs, penalty)
        if steps:
            tiers = tiers.raised(attribute, steps)
    return tiers


def _repairs(cybernetics: Iterable[Cybernetic], penalty: Penalty) -> int:
    return sum(
        1
        for cybernetic in cybernetics
        for effect in effects_of(cybernetic.effects, RepairPenalty)
        if effect.penalty is penalty
    )


def _move(contract: Contract, armor: Armor | None, catalog: Catalog) -> int:
    """C2.4 Move plus the armour's Move effects (:func:`armor_move`)."""
    return contract.move + armor_move(contract, armor, catalog)


def armor_move(contract: Contract, armor: Armor | None, catalog: Catalog) -> int:
    """What an armour piece changes a model's Move by, its class and its own rules
    (R3.6-R3.8); a Brute ignores the penalties (notes A22)."""
    if armor is None:
        return 0
    effects = (*catalog.armor_class(armor.armor_class).effects, *armor.effects)
    changes = [effect.inches for effect in effects_of(effects, MoveModifier)]
    if effects_of(contract.effects, IgnoreArmorMovePenalty):
        changes = [inches for inches in changes if inches > 0]
    return sum(changes)


# --------------------------------------------------------------------------------------------
# Writing: file data and the report
# --------------------------------------------------------------------------------------------


def _model_data(model: SquadModel) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": model.name,
        "contract": model.contract.name,
        "array": model.array.name,
        **{a.value: dice_text(model.assigned.get(a)) for a in Attribute},
    }
    if model.boss_bonus is not None:
        data["boss_bonus"] = model.boss_bonus.value
    lists: dict[str, Sequence[Any]] = {
        "weapons": model.weapons,
        "armor": (model.armor,) if model.armor else (),
        "grenades": model.grenades,
        "consumables": model.consumables,
        "gear": model.gear,
        "cybernetics": model.cybernetics,
        "power": (model.power,) if model.power else (),
    }
    for key, records in lists.items():
        if records:
            names = [record.name for record in records]
            data[key] = names[0] if key in ("armor", "power") else names
    return data


def _subs_line(squad: Squad) -> str:
    return f"{squad.cost} of {squad.budget} subs ({squad.unspent} unspent)"


def _model_report(number: int, model: SquadModel) -> list[str]:
    bonus = f", Boss +1 DT on {model.boss_bonus.value.title()}" if model.boss_bonus else ""
    lines = [
        f"{number}. {model.name}: {model.contract.name} ({model.array.name}{bonus}), "
        f"{model.cost} subs",
        f'   {model.tiers}; Health {model.health}, Move {model.move}"',
        f"   Weapons: {_weapons_text(model)}",
    ]
    if model.armor is not None:
        armor = model.armor
        lines.append(
            f"   Armour: {armor.name}, {armor.cost} subs ({_class(armor.armor_class)}, "
            f"reduction {armor.reduction})"
        )
    for title, records in (
        ("Grenades", model.grenades),
        ("Consumables", model.consumables),
        ("Gear", model.gear),
        ("Cybernetics", model.cybernetics),
    ):
        if records:
            lines.append(f"   {title}: {', '.join(f'{r.name}, {r.cost} subs' for r in records)}")
    if model.power is not None:
        lines.append(f"   Power: {model.power.name} ({model.power.kind.value}, free)")
    return lines


def _weapons_text(model: SquadModel) -> str:
    if not model.weapons:
        return "none (Unarmed or Improvised Combat, R3.1)"
    return ", ".join(_weapon_text(model.contract, weapon) for weapon in model.weapons)


def _weapon_text(contract: Contract, weapon: Weapon) -> str:
    # Melee damage shows the contract's flat bonus, as the Brute sample prints "d6+1" (R8.2).
    kind = "ranged" if isinstance(weapon, RangedWeapon) else "melee"
    bonus = sum(
        effect.n
        for effect in effects_of(contract.effects, DamageBonus)
        if effect.when is When.ALWAYS or (effect.when is When.MELEE and kind == "melee")
    )
    damage = replace(weapon.damage, bonus=weapon.damage.bonus + bonus)
    return f"{weapon.name}, {weapon.cost} subs ({kind} {damage} {weapon.weapon_type.value})"
