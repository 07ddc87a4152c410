"""The rule coverage tables of the rulesets' docs name code and tests that exist.

Each ruleset's doc keeps tables whose header has an ``Implemented`` and/or a ``Tests`` column
(``| Rule | Implemented in | Tests |``, the worked examples' ``| # | Example | Tests |``).
Every backticked reference in those two columns is checked, the code read with ``ast`` (nothing
is imported, and a module is parsed only if a reference may name something in it), so that a
row cannot go on naming a function renamed or a test gone.

Forms of the Implemented column:

- a file: ``golems.py``, ``attack/combat.py``, ``data/intro.toml``, ``boards/x.toml``,
  ``standard-52.toml``, ``x.md``: a file of the ruleset's package (any sub-package), of the
  kernel (``src/skirmish``) or of ``docs``;
- a dotted name: ``movement.Climb``, ``game.actions.option_error``,
  ``combat.CombatRound._start``, ``geometry.slides.ray_move``: the longest leading part that
  is a module of the ruleset (its dotted path or a tail of it: ``movement`` may be
  ``game/movement.py``) or of the kernel, then a top-level name of it, then attributes of that
  class; with no module, ``Class.attr``: a top-level class of the ruleset, else of the kernel
  (``Shoot._saves``, ``Game.reroll``), its attributes looked up through its bases too;
- a bare name: a name of the function, class or module the reference before it in the cell
  leads through (``setup.FirstPlayer``, ``ChooseZone``), else a module (``lucky``); first in
  its cell, a top-level name of any of the ruleset's modules;
- ``Shot/Strike/Leaving.exchange``: each of the alternatives;
- names in parentheses after a reference: ``golems.py`` (``idle``, ``way_back``),
  ``space.move_route`` (``off_rough``), ``bids.resolve_bid`` (``acts_next``): a name the code
  it names uses (a field, a method, a parameter, a string constant), or a module;
- a call: ``declare(moved=True)``, ``bids.bidders(mindless_left=…)``: the callee, taking each
  keyword as a parameter (or field, for a class);
- a word of the rules' data or log after ``event``, ``effect``, ``keyword``, ``rule``,
  ``option``, ``terrain``, ``logs`` (``event `luck```), or after a data file in parentheses,
  or hyphenated (``melee-pools``): a word of the ruleset's sources or data;
- a phrase: an effect line, a command, an expression (``lose_wounds 2``,
  ``cast A5 B2 focus``, ``Shot.test is None``): its head is a word of the sources or data,
  or, dotted, a name as above.

Forms of the Tests column (the ruleset's tests folder unless a path from the repository's
root is given):

- a test file or a pattern of them: ``test_deck.py``, ``test_rules_*.py``,
  ``tests/contract/test_contract.py``;
- ``file.py::name`` and ``::name`` (the file of the reference before it in the cell), the
  name possibly a pattern;
- a test name or pattern (fnmatch): ``test_l30_*``, ``test_i1_x[*]`` (a parametrized id),
  ``..._found_anew`` (an elided head); after a file outside the folder, in that file too;
- a helper: ``helpers.refused`` (a name of a module of the tests folder), ``_swarms_as_found``
  (a name defined in one of its files);
- an environment variable read by the tests: ``SKIRMISH_DEPLOYMENT_GAMES``;
- the code a test checks against (``move_error``): a top-level name of the ruleset.

The tests' names are read from their ``def`` lines (parsing every test would take seconds).
A reference of any other form fails with its row, so the tables stay checkable. The kernel's
and the web's docs have no such table; a test says so, so that one added there is checked too.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatch, translate
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "skirmish"
DOCS = ROOT / "docs"
# Each ruleset doc, by its file stem, with its package and tests folder.
RULESETS = {
    "sacred-wire": "sacred_wire",
    "strange-aeons": "strange_aeons",
    "strange-aeons-intro": "strange_aeons",
    "wolsung": "wolsung",
}
FILE_EXTENSIONS = (".py", ".toml", ".md", ".json")
IDENT = r"[A-Za-z_]\w*"
DOTTED = re.compile(rf"{IDENT}(?:\.{IDENT})*")
ALTERNATIVES = re.compile(rf"{IDENT}(?:/{IDENT})+\.{IDENT}")
# A word of the rules' data or log (``melee-pools``), or a phrase: an effect line, a command,
# an expression, whose head is a word of the sources or, dotted, a name of the code.
PHRASE = re.compile(r"([A-Za-z_][\w-]*(?:\.[A-Za-z_]\w*)*)(?:\s.*)?")
TEST_PATTERN = re.compile(r"(?:\.\.\.)?[\w*]+(?:\[[^\]]*\])?")
HELPER = re.compile(rf"{IDENT}\.{IDENT}|_\w+")
ENV_VAR = re.compile(r"[A-Z][A-Z0-9_]+")
TOP_LEVEL = re.compile(r"^(?:(?:async\s+)?def|class)\s+(\w+)|^(\w+)\s*[:=]", re.MULTILINE)
SUITE_NAME = re.compile(r"^[ \t]*(?:async\s+)?def\s+(\w+)|^(\w+)\s*[:=]", re.MULTILINE)
# The words after which a name is a word of the rules' data or log, not a Python name.
CUE = re.compile(r"\b(?:events?|effect|logs|rule|keyword|option|terrain)\s*\(?$")


class UnknownForm(Exception):
    """A backticked reference of no form the checker knows."""


# -- the tables -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    """A backticked reference in a cell; ``nested`` if inside parentheses, ``lead`` the prose
    before it."""

    text: str
    nested: bool
    lead: str


@dataclass(frozen=True)
class Row:
    line: int
    text: str
    code: list[list[Token]] = field(default_factory=list)
    tests: list[list[Token]] = field(default_factory=list)


def cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def tokens(cell: str) -> list[Token]:
    """The backticked parts of a cell, each knowing whether it stands inside parentheses."""
    found: list[Token] = []
    depth = 0
    parts = cell.split("`")
    for index, part in enumerate(parts):
        if index % 2:
            found.append(Token(part, depth > 0, parts[index - 1]))
        else:
            depth = max(0, depth + part.count("(") - part.count(")"))
    return found


def coverage_rows(path: Path) -> Iterator[Row]:
    """Every row of every table with an Implemented or a Tests column."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        is_header = (
            line.startswith("|")
            and number + 1 < len(lines)
            and re.fullmatch(r"\|[-| :]+\|", lines[number + 1]) is not None
        )
        if not is_header:
            continue
        kinds = [column_kind(title) for title in cells(line)]
        if not any(kinds):
            continue
        for at in range(number + 2, len(lines)):
            if not lines[at].startswith("|"):
                break
            yield table_row(at + 1, lines[at], kinds)


def column_kind(title: str) -> str:
    lowered = title.lower()
    if lowered.startswith("implemented"):
        return "code"
    if lowered.startswith("tests"):
        return "tests"
    return ""


def table_row(line: int, text: str, kinds: list[str]) -> Row:
    row = Row(line, text)
    found = cells(text)
    if len(found) != len(kinds):
        raise UnknownForm(f"line {line}: {len(found)} cells for {len(kinds)} columns: {text}")
    for kind, cell in zip(kinds, found, strict=True):
        if kind == "code":
            row.code.append(tokens(cell))
        elif kind == "tests":
            row.tests.append(tokens(cell))
    return row


# -- the sources, each parsed once -------------------------------------------------------------


@dataclass
class Scope:
    """The names a module, class or function defines, for the references into it."""

    names: dict[str, ast.AST]
    bases: list[str] = field(default_factory=list)


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(text_of(path), filename=str(path))


@cache
def sources_text(folder: Path) -> str:
    """Every source and data file of a folder, for the words of phrases and variables."""
    return "\n".join(
        path.read_text(encoding="utf-8", errors="replace")
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.suffix in (".py", ".toml", ".json", ".txt")
    )


def statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A body's statements, those under ``if``/``try`` (TYPE_CHECKING imports) included."""
    for node in body:
        if isinstance(node, ast.If):
            yield from statements(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            yield from statements(node.body + node.orelse + node.finalbody)
            for handler in node.handlers:
                yield from statements(handler.body)
        else:
            yield node


def defined_names(body: list[ast.stmt]) -> dict[str, ast.AST]:
    names: dict[str, ast.AST] = {}
    for node in statements(body):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        names[name.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = node
    return names


@cache
def scope_of(node: ast.AST) -> Scope:
    """What a reference may name inside a module, a class or a function."""
    if isinstance(node, ast.Module):
        return Scope(defined_names(node.body))
    if isinstance(node, ast.ClassDef):
        names = defined_names(node.body)
        for method in node.body:
            if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
                names.update(dict.fromkeys(self_attributes(method), method))
        return Scope(names, [base_name(base) for base in node.bases])
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return Scope(dict.fromkeys(function_words(node), node))
    return Scope({})


def self_attributes(method: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[str]:
    for node in ast.walk(method):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            yield node.attr


@cache
def words(scope: ast.AST) -> frozenset[str]:
    return frozenset(function_words(scope))


def function_words(scope: ast.AST) -> Iterator[str]:
    """A scope's parameters, the names it uses and defines, and its constants."""
    for node in ast.walk(scope):
        if isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Constant):
            yield node.value if isinstance(node.value, str) else repr(node.value)


def base_name(base: ast.expr) -> str:
    if isinstance(base, ast.Subscript):
        return base_name(base.value)
    if isinstance(base, ast.Attribute):
        return base.attr
    return base.id if isinstance(base, ast.Name) else ""


@dataclass(frozen=True)
class Package:
    """The modules and files a doc's references may name: its ruleset's, then the kernel's."""

    root: Path
    tests: Path

    @property
    def name(self) -> str:
        return self.root.name

    def modules(self, dotted: str) -> list[Path]:
        """The ruleset's modules whose dotted path ends with ``dotted``, else the kernel's."""
        found = [path for tail, path in ruleset_modules(self.root) if tail == dotted]
        return found or [path for tail, path in kernel_modules() if tail == dotted]

    def classes(self, name: str) -> list[tuple[ast.Module, ast.ClassDef]]:
        """The top-level classes of that name, the ruleset's, else the kernel's."""
        ruleset = top_level_classes(self.root, name)
        return ruleset or top_level_classes(SRC, name)

    def top_level(self, name: str) -> list[list[ast.AST]]:
        """Each def, class or assignment of that name in the ruleset's modules, after its
        module."""
        found: list[list[ast.AST]] = []
        for path in defining(self.root, name):
            node = scope_of(parsed(path)).names.get(name)
            if node is not None and not isinstance(node, ast.Import | ast.ImportFrom):
                found.append([parsed(path), node])
        return found

    def has_file(self, relative: str) -> bool:
        if relative.startswith(("tests/", "docs/", "src/")):
            return (ROOT / relative).is_file()
        return (
            any(
                str(path).endswith("/" + relative)
                for folder in (self.root, SRC)
                for path in files_of(folder)
            )
            or (DOCS / relative).is_file()
            or any(path.name == relative for path in (DOCS / "rulesets").glob("*.md"))
        )


@cache
def files_of(folder: Path) -> tuple[Path, ...]:
    return tuple(
        path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts
    )


def module_paths(folder: Path) -> Iterator[tuple[list[str], Path]]:
    for path in files_of(folder):
        if path.suffix == ".py":
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            if parts:
                yield [folder.name, *parts], path


@cache
def ruleset_modules(root: Path) -> tuple[tuple[str, Path], ...]:
    """Every module by each tail of its dotted path, the package's name first too:
    ``wolsung.game.movement``, ``game.movement`` and ``movement``."""
    return tuple(
        (".".join(parts[start:]), path)
        for parts, path in module_paths(root)
        for start in range(len(parts))
    )


@cache
def kernel_modules() -> tuple[tuple[str, Path], ...]:
    """Every module of the kernel by its dotted path from ``skirmish``: ``engine.game``."""
    return tuple(
        (".".join(parts[1:]), path) for parts, path in module_paths(SRC) if not is_ruleset(path)
    )


def is_ruleset(path: Path) -> bool:
    return path.is_relative_to(SRC / "rulesets")


@cache
@cache
def top_level_classes(folder: Path, name: str) -> list[tuple[ast.Module, ast.ClassDef]]:
    """The classes of that name of a ruleset, or of the kernel (``SRC``) without the rulesets."""
    return [
        (parsed(path), node)
        for path in defining(folder, name)
        if folder != SRC or not is_ruleset(path)
        for node in parsed(path).body
        if isinstance(node, ast.ClassDef) and node.name == name
    ]


def defining(folder: Path, name: str) -> list[Path]:
    """The modules whose text may define ``name`` at their top level: only those are parsed."""
    return top_level_lines(folder).get(name, [])


@cache
def top_level_lines(folder: Path) -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for _, path in module_paths(folder):
        for match in TOP_LEVEL.finditer(text_of(path)):
            found.setdefault(match[1] or match[2], []).append(path)
    return found


@cache
def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# -- the Implemented column --------------------------------------------------------------------


def attribute(package: Package, node: ast.AST, name: str, seen: int = 0) -> ast.AST | None:
    """``name`` in a module, class (through its bases) or function, if it is there."""
    scope = scope_of(node)
    if name in scope.names:
        return scope.names[name]
    if seen > 8:
        return None
    for base in scope.bases:
        for _, parent in package.classes(base):
            found = attribute(package, parent, name, seen + 1)
            if found is not None:
                return found
    return None


def walk(package: Package, node: ast.AST, names: list[str]) -> list[ast.AST] | None:
    """The nodes ``names`` lead through from ``node``, ``node`` first."""
    chain = [node]
    for name in names:
        found = attribute(package, chain[-1], name)
        if found is None:
            return None
        chain.append(found)
    return chain


def resolve_dotted(package: Package, dotted: str) -> list[ast.AST] | None:
    """The nodes a dotted reference leads through: a module, then names in it; or a class's
    module, the class, then names in it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        for path in package.modules(".".join(parts[:cut])):
            found = walk(package, parsed(path), parts[cut:])
            if found is not None:
                return found
    for module, node in package.classes(parts[0]):
        found = walk(package, node, parts[1:])
        if found is not None:
            return [module, *found]
    return None


@dataclass
class Context:
    """Where a bare name is looked up: the nodes the last reference of its cell leads through
    (its module, class, function), innermost first; ``data`` after a data file."""

    chain: list[ast.AST] = field(default_factory=list)
    data: bool = False

    def lookup(self, package: Package, name: str) -> ast.AST | None:
        for scope in reversed(self.chain):
            found = attribute(package, scope, name)
            if found is not None:
                return found
        return None

    def follow(self, chain: list[ast.AST]) -> None:
        self.chain, self.data = chain, False


def check_code(package: Package, cell: list[Token]) -> Iterator[str]:
    """The references of an Implemented cell that do not resolve."""
    context = Context()
    for token in cell:
        try:
            resolves = resolve_code(package, token, context)
        except UnknownForm:
            raise UnknownForm(token.text) from None
        if not resolves:
            yield token.text


def resolve_code(package: Package, token: Token, context: Context) -> bool:
    """Whether a reference of the Implemented column resolves; the context moves on to it."""
    text = token.text.strip()
    if text.endswith(FILE_EXTENSIONS) and re.fullmatch(r"[\w./-]+", text):
        return resolve_file(package, text, token, context)
    if ALTERNATIVES.fullmatch(text):
        heads, name = text.rsplit(".", 1)
        return all(resolve_dotted(package, f"{head}.{name}") for head in heads.split("/"))
    if re.fullmatch(IDENT, text) and CUE.search(token.lead):
        if not token.nested:
            context.chain, context.data = [], True
        return word_in_sources(package, text)
    if re.fullmatch(IDENT, text) and token.nested and context.data:
        return word_in_sources(package, text)
    if re.fullmatch(IDENT, text):
        return resolve_bare(package, text, token, context)
    if DOTTED.fullmatch(text):
        found = resolve_dotted(package, text)
        if found is not None and not token.nested:
            context.follow(found)
        return found is not None
    call = as_call(text)
    if call is not None:
        return resolves_call(package, call, context)
    phrase = PHRASE.fullmatch(text)
    if phrase is None:
        raise UnknownForm(text)
    head = phrase[1]
    return (
        resolve_dotted(package, head) is not None if "." in head else word_in_sources(package, head)
    )


def resolve_file(package: Package, text: str, token: Token, context: Context) -> bool:
    if not token.nested and text.endswith(".py"):
        context.follow([parsed(module_file(package, text))])
    elif not token.nested:
        context.chain, context.data = [], True
    return package.has_file(text)


def resolve_bare(package: Package, name: str, token: Token, context: Context) -> bool:
    """A name in parentheses is one the reference before it uses (a field, a parameter, a
    method of a class of a module, a string constant); else a name of the last reference's
    function, class or module; else a module; first in its cell, a top-level name of any."""
    if token.nested:
        return any(name in words(scope) for scope in context.chain) or bool(package.modules(name))
    found = context.lookup(package, name)
    if found is not None:
        context.chain = (
            [*context.chain[:-1], found] if len(context.chain) > 1 else [*context.chain, found]
        )
        return True
    for path in package.modules(name):
        context.follow([parsed(path)])
        return True
    anywhere = package.top_level(name) if not context.chain else []
    if anywhere:
        context.follow(anywhere[0])
    return bool(anywhere)


def module_file(package: Package, relative: str) -> Path:
    for folder in (package.root, SRC):
        for path in files_of(folder):
            if str(path).endswith("/" + relative):
                return path
    return ROOT / relative


def word_in_sources(package: Package, word: str) -> bool:
    return (
        re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", sources_text(package.root)) is not None
    )


def as_call(text: str) -> ast.Call | None:
    try:
        tree = ast.parse(text.replace("…", "..."), mode="eval")
    except SyntaxError:
        return None
    body = tree.body
    if isinstance(body, ast.Call) and DOTTED.fullmatch(ast.unparse(body.func)):
        return body
    return None


def resolves_call(package: Package, call: ast.Call, context: Context) -> bool:
    """The callee resolves and takes each keyword (a parameter, or a field of a class)."""
    callee = ast.unparse(call.func)
    found = resolve_dotted(package, callee)
    in_context = context.lookup(package, callee)
    if found is not None:
        candidates = [found[-1]]
    elif in_context is not None:
        candidates = [in_context]
    else:
        candidates = [chain[-1] for chain in package.top_level(callee)]
    named = [keyword.arg for keyword in call.keywords] + [
        arg.id for arg in call.args if isinstance(arg, ast.Name)
    ]
    return any(all(name in takes(node) for name in named if name) for node in candidates)


def takes(callee: ast.AST) -> set[str]:
    """The names a call may pass: a function's parameters, a class's fields or ``__init__``'s."""
    if isinstance(callee, ast.FunctionDef | ast.AsyncFunctionDef):
        arguments = callee.args
        every = arguments.posonlyargs + arguments.args + arguments.kwonlyargs
        return {argument.arg for argument in every}
    taken = set(scope_of(callee).names)
    init = taken and scope_of(callee).names.get("__init__")
    return taken | takes(init) if init else taken


# -- the Tests column --------------------------------------------------------------------------


@dataclass(frozen=True)
class SuiteFile:
    path: Path
    names: frozenset[str]


@cache
def suite_files(folder: Path) -> tuple[SuiteFile, ...]:
    """The tests' files with the names they define: their ``def`` lines (tests, methods and
    helpers) and top-level assignments, read from the text: the tests are not parsed, as
    that alone would take seconds."""
    return tuple(
        SuiteFile(path, frozenset(m[1] or m[2] for m in SUITE_NAME.finditer(text_of(path))))
        for path in sorted(folder.rglob("*.py"))
        if "__pycache__" not in path.parts
    )


def matches(files: tuple[SuiteFile, ...], pattern: str) -> bool:
    """Whether a name of the files matches: only those sharing the pattern's fixed head are
    tried, so a pattern costs a search, not a pass over every test."""
    names = sorted_names(files)
    head = re.split(r"[*?\[]", pattern, maxsplit=1)[0]
    match = re.compile(translate(pattern)).match
    for name in names[bisect_left(names, head) :]:
        if not name.startswith(head):
            return False
        if match(name):
            return True
    return False


@cache
def sorted_names(files: tuple[SuiteFile, ...]) -> list[str]:
    return sorted({name for suite_file in files for name in suite_file.names})


def files_named(package: Package, pattern: str) -> tuple[SuiteFile, ...]:
    if pattern.startswith("tests/"):
        return (
            suite_files(ROOT / pattern)
            if (ROOT / pattern).is_dir()
            else tuple(
                suite_file
                for suite_file in suite_files(ROOT / "tests")
                if suite_file.path == ROOT / pattern
            )
        )
    return tuple(
        suite_file
        for suite_file in suite_files(package.tests)
        if fnmatch(suite_file.path.name, pattern)
    )


def resolve_test(package: Package, text: str, last_file: str | None) -> tuple[bool, str | None]:
    """Whether a reference of the Tests column resolves, and the test file it names."""
    if text.endswith(".py"):
        return bool(files_named(package, text)), text
    if "::" in text:
        file, name = text.split("::", 1)
        file = file or last_file or ""
        if not file:
            raise UnknownForm(text)
        return matches(files_named(package, file), name), file
    if text.startswith(("test", "...")) and TEST_PATTERN.fullmatch(text):
        pattern = re.sub(r"\[[^\]]*\]$", "", text).replace("...", "*")
        outside = files_named(package, last_file) if last_file else ()
        return matches(suite_files(package.tests) + outside, pattern), last_file
    if HELPER.fullmatch(text):
        *module, name = text.split(".")
        files = files_named(package, f"{module[0]}.py") if module else suite_files(package.tests)
        return any(name in suite_file.names for suite_file in files), last_file
    if ENV_VAR.fullmatch(text):
        return word_in_sources(package, text) or text in sources_text(ROOT / "tests"), last_file
    if re.fullmatch(IDENT, text):
        return bool(package.top_level(text)), last_file
    raise UnknownForm(text)


def check_tests(package: Package, cell: list[Token]) -> Iterator[str]:
    """The references of a Tests cell that do not resolve."""
    last_file: str | None = None
    for token in cell:
        resolves, last_file = resolve_test(package, token.text, last_file)
        if not resolves:
            yield token.text


# -- the tests -------------------------------------------------------------------------------


def stale_references(path: Path, ruleset: str) -> tuple[int, list[str]]:
    """How many references the doc's tables hold, and a line for each that is stale."""
    package = Package(SRC / "rulesets" / ruleset, ROOT / "tests" / "rulesets" / ruleset)
    checked = 0
    stale: list[str] = []
    for row in coverage_rows(path):
        cells_found = [(check_code, cell) for cell in row.code] + [
            (check_tests, cell) for cell in row.tests
        ]
        for check, cell in cells_found:
            checked += len(cell)
            try:
                missing = list(check(package, cell))
            except UnknownForm as error:
                raise AssertionError(
                    f"{path.name}:{row.line}: a reference of no known form `{error}` in: {row.text}"
                ) from error
            stale.extend(
                f"{path.name}:{row.line}: `{text}` in: {row.text[:160]}" for text in missing
            )
    return checked, stale


@pytest.mark.parametrize("doc", sorted(RULESETS), ids=str)
def test_every_coverage_reference_names_code_and_tests_that_exist(doc: str) -> None:
    checked, stale = stale_references(DOCS / "rulesets" / f"{doc}.md", RULESETS[doc])
    assert checked > 0, f"{doc}.md has no coverage table"
    assert not stale, f"{len(stale)} of {checked} references stale:\n" + "\n".join(stale)


def test_every_ruleset_doc_is_checked() -> None:
    assert sorted(path.stem for path in (DOCS / "rulesets").glob("*.md")) == sorted(RULESETS)


@pytest.mark.parametrize("doc", ["kernel.md", "web.md"])
def test_the_kernels_docs_keep_no_coverage_table(doc: str) -> None:
    """A coverage table added there would need a package to check it against."""
    assert list(coverage_rows(DOCS / doc)) == []


WOLSUNG_TABLE = """
| Rule | Implemented | Tests |
|---|---|---|
| Control Range | {code} | {tests} |
"""


@pytest.mark.parametrize(
    ("code", "tests", "stale"),
    [
        ("`golems.py` (`idle`, `way_back`)", "`test_game_golems.py`", []),
        ("`golems.leash`", "`test_g49_*`", ["golems.leash"]),
        (
            "`golems.py` (`leash`)",
            "`test_game_golems.py::test_leash`",
            ["leash", "test_game_golems.py::test_leash"],
        ),
        ("`charge.ChargeAt` (`_held_back`)", "`test_no_such_rule_*`", ["test_no_such_rule_*"]),
        (
            "`movement.Climb.no_such`",
            "`test_game_nothing.py`",
            ["movement.Climb.no_such", "test_game_nothing.py"],
        ),
    ],
)
def test_a_row_naming_code_or_tests_gone_is_stale(
    tmp_path: Path, code: str, tests: str, stale: list[str]
) -> None:
    doc = tmp_path / "wolsung.md"
    doc.write_text(WOLSUNG_TABLE.format(code=code, tests=tests), encoding="utf-8")
    checked, found = stale_references(doc, "wolsung")
    assert checked == (code + tests).count("`") // 2
    assert [re.sub(r"^wolsung.md:4: `(.*)` in: .*$", r"\1", line) for line in found] == stale


def test_a_reference_of_no_known_form_fails_with_its_row(tmp_path: Path) -> None:
    doc = tmp_path / "wolsung.md"
    doc.write_text(WOLSUNG_TABLE.format(code="`→ golems`", tests="`test_g49_*`"), encoding="utf-8")
    with pytest.raises(
        AssertionError,
        match=r"wolsung.md:4: a reference of no known form `→ golems` in: \| Control",
    ):
        stale_references(doc, "wolsung")
