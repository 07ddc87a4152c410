"""The setup of a post-game: the campaign book and the game's outcome as plain data (the book
file's and the outcome file's schemas, :mod:`.book`, :mod:`.outcome`), and the option
``exploration_excludes_ooa`` (K3.2, notes A76). Without them, the sample book and outcome of
the ruleset's data folder (``post-game-book.toml``, ``post-game-outcome.toml``).

The setup is checked before anything happens, each problem one line, and nothing is applied:
a book or outcome that does not read (:func:`.book.book_from_data`,
:func:`.outcome.outcome_from_data`), a game record the book took already (K3), the outcome of a
game of another squad or of the book as it no longer stands (an unknown, repeated or Sidelined
model, :func:`.outcome.check_roster`, checked before what the outcome says), an outcome no game
can have (:func:`.outcome.check_outcome`), a trigger mission the campaign did not call for the
book (:func:`.outcome.check_called`, K1.2, M13.1, M13.2), kit it does not carry (R3.9) or a
find that is no stock item (K3).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skirmish.data_files import Source
from skirmish.errors import SkirmishError, quoted
from skirmish.rulesets.sacred_wire.campaign.book import (
    Book,
    CampaignError,
    book_from_data,
    book_to_data,
    load_book,
    stock_item,
)
from skirmish.rulesets.sacred_wire.campaign.outcome import (
    Outcome,
    check_applied_once,
    check_called,
    check_outcome,
    check_roster,
    load_outcome,
    outcome_from_data,
)
from skirmish.rulesets.sacred_wire.campaign.sheet import sheet_of
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog
from skirmish.rulesets.sacred_wire.squads.squad import decode_document

__all__ = [
    "SAMPLE_BOOK",
    "SAMPLE_OUTCOME",
    "SETUP_KEYS",
    "PostGameOptions",
    "normalize_setup",
    "post_game_setup",
    "setup_book",
    "setup_outcome",
]

SETUP_KEYS = ("book", "outcome", "exploration_excludes_ooa")
"""Every setup option a post-game takes."""
SAMPLE_BOOK = "post-game-book.toml"
SAMPLE_OUTCOME = "post-game-outcome.toml"


@dataclass(frozen=True, slots=True)
class PostGameOptions:
    """``exploration_excludes_ooa``: only models still standing roll Exploration, as K3.2's
    "each surviving model" reads; off by default, as worked example E18 rolls for all five
    (notes A76)."""

    exploration_excludes_ooa: bool = False


def post_game_setup(
    book: Book, outcome: Outcome, options: PostGameOptions | None = None
) -> dict[str, Any]:
    """The setup of the post-game of ``outcome`` for ``book`` (not checked yet)."""
    chosen = options or PostGameOptions()
    return {
        "book": book_to_data(book),
        "outcome": outcome.model_dump(mode="json"),
        "exploration_excludes_ooa": chosen.exploration_excludes_ooa,
    }


def normalize_setup(options: dict[str, Any], catalog: Catalog, data: Source) -> dict[str, Any]:
    """Check the setup options against ``catalog`` (the ruleset's) and fill in the samples of
    its data folder ``data``; the result is plain data.

    Raises:
        SkirmishError: an unknown option or one that is not a true/false.
        CampaignError: a book or outcome that does not read, or an outcome that cannot be
            applied to the book (see the module docstring).
    """
    if not isinstance(options, dict):
        raise SkirmishError("setup options must be a table of book, outcome and options")
    unknown = sorted(quoted(key) for key in set(options) - set(SETUP_KEYS))
    if unknown:
        raise SkirmishError(
            f"unknown setup option(s): {', '.join(unknown)}; known: {', '.join(SETUP_KEYS)}"
        )
    excludes = options.get("exploration_excludes_ooa", False)
    if not isinstance(excludes, bool):
        raise SkirmishError(f"exploration_excludes_ooa is true or false, not {quoted(excludes)}")
    book = setup_book(options.get("book", _sample(data, SAMPLE_BOOK)), catalog)
    outcome = setup_outcome(options.get("outcome", _sample(data, SAMPLE_OUTCOME)))
    check_fits(book, outcome, catalog)
    return {
        "book": book_to_data(book),
        "outcome": outcome.model_dump(mode="json"),
        "exploration_excludes_ooa": excludes,
    }


def setup_book(spec: object, catalog: Catalog) -> Book:
    """The book of a setup: its plain data, or the path of a book file.

    Raises:
        CampaignError: it does not read (one line).
    """
    if isinstance(spec, str):
        return load_book(Path(spec), catalog)
    return book_from_data(spec, catalog, "setup option book")


def setup_outcome(spec: object) -> Outcome:
    """The outcome of a setup: its plain data, or the path of an outcome file.

    Raises:
        CampaignError: it does not read (one line).
    """
    if isinstance(spec, str):
        return load_outcome(Path(spec))
    return outcome_from_data(spec, "setup option outcome")


def check_fits(book: Book, outcome: Outcome, catalog: Catalog) -> None:
    """Whether the outcome can be applied to the book: the record taken once, the squad the
    outcome is of (so another squad's outcome is not weighed as this one's), what the outcome
    says, a trigger mission the book was not called to, the kit.

    Raises:
        CampaignError: the first problem found (one line).
    """
    check_applied_once(book, outcome)
    results = check_roster(book, outcome)
    check_outcome(book, outcome, catalog.campaign, catalog)
    check_called(book, outcome, catalog.missions)
    sheets = {m.name: m for m in sheet_of(book).members}
    for member, result in results:
        sheet = sheets[member.name]
        for item in result.spent:
            sheet = sheet.without(stock_item(item, catalog).name)
    for item in outcome.finds.items:
        stock_item(item, catalog)


def _sample(data: Source, name: str) -> object:
    """A sample file of the data folder, decoded (afresh, so no caller shares it)."""
    try:
        return decode_document((data / name).read_text(encoding="utf-8"), "toml", name)
    except SkirmishError as exc:
        raise CampaignError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CampaignError(f"{data / name}: cannot read the sample: {exc}") from None
