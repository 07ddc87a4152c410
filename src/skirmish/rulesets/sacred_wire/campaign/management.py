"""Squad management between games: the owner's bookkeeping, post-game steps 5-8 (K3).

Each step takes a campaign book (:mod:`.book`) and returns the book after it, checked as a
whole like a book read from a file, so a step the rules do not allow raises
:class:`~.book.CampaignError` and changes nothing:

* step 5, the Trading Post: :func:`buy` at the list price (a cybernetic is fitted at once and
  repairs one penalty, R3.11, notes A70), :func:`sell` for half, rounded down (notes A81);
* step 6: :func:`dismiss` a model, its kit to the Lockers, a slagged armour piece with its
  damage (R6.4, notes A71: Slag Armor persists);
* step 7: :func:`hire` a new Resource, free, with base attributes and no kit (notes A80);
* step 8: :func:`move_item` between models and the Lockers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.errors import quoted
from skirmish.rulesets.sacred_wire.campaign.book import (
    CYBERNETICS,
    LOCKERS,
    Book,
    CampaignError,
    Member,
    Perk,
    book_from_data,
    book_to_data,
    from_lockers,
    matching,
    perks,
    repairable,
    stock_item,
    to_lockers,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Catalog,
    Contract,
    Cybernetic,
    Item,
    UnknownEntryError,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import Penalty, RepairPenalty, effects_of
from skirmish.rulesets.sacred_wire.rules_data.reading import name_key
from skirmish.rulesets.sacred_wire.squads.squad import did_you_mean, item_list, plural

__all__ = ["buy", "dismiss", "hire", "move_item", "sell"]

_NEW_MODEL_KEYS = frozenset({"name", "contract", "array", "combat", "defense", "wits", "power"})


def buy(book: Book, item: str, to: str = LOCKERS, *, catalog: Catalog) -> Book:
    """Step 5: buy ``item`` of ``catalog`` at its list price for a model or the Lockers (K3);
    a cybernetic is fitted at once and repairs one matching penalty of that model (R3.11,
    notes A70).

    :raises CampaignError: unknown item, too few subs, or a kit the rules do not allow.
    """
    record = stock_item(item, catalog)
    cost = record.cost or 0
    if cost > book.subs:
        raise CampaignError(f"{record.name} costs {cost} subs; the squad has {book.subs} (K3)")
    if isinstance(record, Cybernetic):
        return _fit(book, record, to, catalog)
    data = book_to_data(book)
    data["subs"] -= cost
    _put(data, record, to)
    return _rebuilt(data, f"buy {record.name} for {to}", catalog)


def sell(book: Book, item: str, source: str = LOCKERS, *, catalog: Catalog) -> Book:
    """Step 5: sell ``item`` from a model or the Lockers for half its cost, rounded down (K3,
    notes A81)."""
    rules = catalog.campaign
    record = stock_item(item, catalog)
    data = book_to_data(book)
    _take(data, record, source)  # a slagged piece is sold as it is (the rules price no damage)
    data["subs"] += (record.cost or 0) // rules.trading_post.sell_divisor
    return _rebuilt(data, f"sell {record.name}", catalog)


def dismiss(book: Book, name: str, *, catalog: Catalog) -> Book:
    """Step 6: a model leaves the squad; its kit goes to the Lockers (K3). The Boss stays: it
    only leaves when it dies (our choice; the rules promote a Resource only then, notes A81)."""
    member = book.member(name)
    if member.is_boss:
        raise CampaignError(f"{member.name} is the Boss and cannot be dismissed (K3)")
    data = book_to_data(book)
    data["models"] = [m for m in data["models"] if m["name"] != member.name]
    data["lockers"] += list(member.kit)
    piece = member.model.armor
    _store_slag(data, piece.name if piece is not None else "", member.slag)
    return _rebuilt(data, f"dismiss {member.name}", catalog)


def hire(
    book: Book, model: Mapping[str, Any], perk: Perk | None = None, *, catalog: Catalog
) -> Book:
    """Step 7: a new Resource, free, with base attributes and no kit (K3, notes A80). The Boss
    is never replaced: a squad left without one promotes the newcomer with ``perk`` (or the
    first perk that changes something, notes A81).

    ``model`` holds the squad file's model fields: name, contract, array, combat, defense,
    wits, and a Broadcaster's starting power.
    """
    size = catalog.squad.models
    if len(book.members) >= size:
        raise CampaignError(
            f"{book.name!r} is full: {plural(len(book.members), 'model')}, at most {size} (C2); "
            "dismiss one first (K3)"
        )
    extra = sorted(set(model) - _NEW_MODEL_KEYS)
    if extra:
        raise CampaignError(
            f"a new Resource has base attributes and no kit, not {extra[0]!r} (K3, notes A80)"
        )
    contract = _contract(str(model.get("contract", "")), catalog)
    if contract is not None and contract.unique:
        raise CampaignError("the Boss is never replaced: a Resource is promoted instead (K3)")
    if book.boss is not None and perk is not None:
        raise CampaignError(f"{book.boss.name} is the Boss: the newcomer gets no perk (K3)")
    new = {**model, "merits": 0}
    if book.boss is None and contract is not None:
        chosen = perk or next(iter(perks(contract)), None)
        if chosen is not None:
            new["promoted"] = chosen.value
    data = book_to_data(book)
    data["models"].append(new)
    return _rebuilt(data, f"hire {quoted(model.get('name'))}", catalog)


def move_item(book: Book, item: str, source: str, to: str, *, catalog: Catalog) -> Book:
    """Step 8: move ``item`` between models and the Lockers (K3); the new kit must be one the
    model's contract allows (C2.3, C2.4, R3.5)."""
    record = stock_item(item, catalog)
    if name_key(source) == name_key(to):
        raise CampaignError(f"{record.name} would move from {source} to {source}: nothing to do")
    data = book_to_data(book)
    slag = _take(data, record, source)
    _put(data, record, to, slag)
    return _rebuilt(data, f"move {record.name} to {to}", catalog)


def _contract(name: str, catalog: Catalog) -> Contract | None:
    try:
        return catalog.contract(name)
    except UnknownEntryError:
        return None  # the validation of the new model reports it


def _rebuilt(data: dict[str, Any], change: str, catalog: Catalog) -> Book:
    """The book after a step, checked whole; its problems are what the step may not do."""
    return book_from_data(data, catalog, change=change)


def _holder(data: dict[str, Any], name: str) -> dict[str, Any]:
    for model in data["models"]:
        if name_key(model["name"]) == name_key(name):
            found: dict[str, Any] = model
            return found
    names = [m["name"] for m in data["models"]]
    raise CampaignError(f"no model {name!r} (nor the {LOCKERS!r}){did_you_mean(name, names)}")


def _put(data: dict[str, Any], record: Item, to: str, slag: int = 0) -> None:
    """``record`` to a model or the Lockers; an armour piece with the classes Slag Armor took
    from it (``slag``), which go with the piece wherever it goes (R6.4, notes A71)."""
    if name_key(to) == LOCKERS:
        data["lockers"].append(record.name)
        _store_slag(data, record.name, slag)
        return
    model = _holder(data, to)
    key = item_list(record)
    if key == "armor":
        if "armor" in model:
            raise CampaignError(
                f"{model['name']} already wears {model['armor']}: one armour piece (R3.5)"
            )
        model["armor"] = record.name
        if slag:
            model["slag"] = slag
    else:
        model[key] = [*model.get(key, []), record.name]


def _take(data: dict[str, Any], record: Item, source: str) -> int:
    """``record`` from a model or the Lockers; the classes Slag Armor took from an armour
    piece, which leave the model or the Lockers with it (R6.4, notes A71)."""
    if name_key(source) == LOCKERS:
        items: list[str] = data["lockers"]
        if record.name not in items:
            raise CampaignError(f"{record.name} is not in the Lockers")
        left, stored = from_lockers(items, _slagged(data), record.name)
        items.remove(record.name)
        data["slagged"] = [list(entry) for entry in left]
        return stored
    model = _holder(data, source)
    key = item_list(record)
    where = model["name"]
    if key == "armor":
        if model.get("armor") != record.name:
            raise CampaignError(f"{where} does not wear {record.name}")
        del model["armor"]
        slag: int = model.pop("slag", 0)
        return slag
    carried = list(model.get(key, []))
    if record.name not in carried:
        raise CampaignError(f"{where} does not carry {record.name}")
    carried.remove(record.name)
    model[key] = carried
    return 0


def _slagged(data: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    """The Lockers' slagged pieces of a book's data (left out when none)."""
    return tuple((name, slag) for name, slag in data.get("slagged", ()))


def _store_slag(data: dict[str, Any], armor: str, slag: int) -> None:
    """The piece ``armor`` ("" for none) goes to the Lockers ``slag`` classes down: its damage
    stays with it there (R6.4, notes A71)."""
    data["slagged"] = [list(entry) for entry in to_lockers(_slagged(data), armor, slag)]


def _fit(book: Book, cybernetic: Cybernetic, to: str, catalog: Catalog) -> Book:
    """R3.11, notes A70: fitted at purchase; it repairs one matching penalty of an Injury,
    Critical or Fumble (R3.9; Targeting a Combat one, Burned Out included, notes A72;
    Regenerator: the next game missed), never a plain bonus nor a Demotion (K3.4)."""
    if name_key(to) == LOCKERS:
        raise CampaignError(f"{cybernetic.name} is fitted to a model when bought (R3.11)")
    member = book.member(to)
    penalty = effects_of(cybernetic.effects, RepairPenalty)[0].penalty
    data = book_to_data(book)
    data["subs"] -= cybernetic.cost
    model = _holder(data, member.name)
    if penalty is Penalty.MISSED_GAME:
        if not member.sidelined:
            raise CampaignError(f"{member.name} is not Sidelined: nothing to repair (A70)")
        model["sidelined"] = False
        return _rebuilt(data, f"fit {cybernetic.name} to {member.name}", catalog)
    stats = matching(penalty)
    stat = next((s for s in stats if _unrepaired(member, s, catalog) > 0), None)
    if stat is None:
        raise CampaignError(
            f"{member.name} has no {' or '.join(s.value for s in stats)} penalty of an Injury, "
            f"Critical or Fumble for {cybernetic.name} to repair (R3.9, A70)"
        )
    change = {"name": cybernetic.name, "rule": CYBERNETICS, "stat": stat.value, "n": 1}
    model["changes"] = [*model.get("changes", []), change]
    return _rebuilt(data, f"fit {cybernetic.name} to {member.name}", catalog)


def _unrepaired(member: Member, stat: Penalty, catalog: Catalog) -> int:
    penalties = sum(1 for c in member.changes if c.stat is stat and repairable(c, catalog))
    repairs = sum(1 for c in member.changes if c.stat is stat and c.rule == CYBERNETICS)
    return penalties - repairs
