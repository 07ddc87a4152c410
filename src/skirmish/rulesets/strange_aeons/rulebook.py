"""The Strange Aeons rulebook as a ruleset: a Threshold team against a Lurker list, both
given as list files or drawn at random, in a Basic Scenario (rules notes §1, §3.15): the
Fight (R:1585-1595) or Free For All! (R:1596-1613), or one rolled on the Basic Scenario
Table (R:1537-1548) when the game is set up, rolled again until it gives a scenario the game
plays (a row where a player chooses included), every throw in the game's log.

The rules modules are those the introduction plays too (:mod:`.ruleset`), read through
another catalog:
``data/rulebook.toml`` holds the rulebook's tables and numbers where the two differ (notes
§1.15), and each game's models come from its lists (:mod:`.forces`), checked by the rules of
list building (:mod:`.lists`) and refused where they hold what the game does not play yet.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.dice import SeededDice
from skirmish.documents import decode_document, file_label, read_document
from skirmish.engine.decision import Decision
from skirmish.engine.registry import register_ruleset
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Board, load_board, shipped_boards
from skirmish.geometry.shapes import mm_to_inches
from skirmish.rulesets.strange_aeons import mobs, pentacles, scene, tokens, zones
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog, Weapon
from skirmish.rulesets.strange_aeons.eggs import PreLaid
from skirmish.rulesets.strange_aeons.field_test import (
    choices,
    field_test,
    load_testing,
    log_field_tests,
)
from skirmish.rulesets.strange_aeons.forces import (
    MUTATIONS,
    force_setup,
    game_catalog,
    load_played,
    mob_playable,
    playable,
    unarmed_weapon,
    unplayed,
)
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListData,
    ListError,
    LurkerList,
    ThresholdList,
    parse_list,
    read_list,
    refuse_invalid,
    sample_lists,
)
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.phobias import Phobia
from skirmish.rulesets.strange_aeons.lists.promotion import load_promotion
from skirmish.rulesets.strange_aeons.lists.random_lists import (
    ListFilter,
    random_lurkers,
    random_team,
)
from skirmish.rulesets.strange_aeons.lists.scenarios import Restriction
from skirmish.rulesets.strange_aeons.lists.team import check_team
from skirmish.rulesets.strange_aeons.mutations import log_mutations, mutate
from skirmish.rulesets.strange_aeons.plots import PLOTS
from skirmish.rulesets.strange_aeons.pregame import ScenarioRoll
from skirmish.rulesets.strange_aeons.quadrants import QuadrantDeployment
from skirmish.rulesets.strange_aeons.rules_data.catalog import load_book
from skirmish.rulesets.strange_aeons.rules_data.checks import unknown
from skirmish.rulesets.strange_aeons.rules_data.records import Ability, Item, Profile, Skill
from skirmish.rulesets.strange_aeons.ruleset import AeonsRules
from skirmish.rulesets.strange_aeons.scenario_play import Setting, load_plays, narrowed
from skirmish.rulesets.strange_aeons.scenarios.book import ScenarioError, load_scenario_book
from skirmish.rulesets.strange_aeons.scenarios.selection import roll_scenario, table_for
from skirmish.rulesets.strange_aeons.setup import RollOff, deployment_room_error
from skirmish.rulesets.strange_aeons.sneaky import Sneak
from skirmish.rulesets.strange_aeons.state import AeonsGame, AeonsState
from skirmish.rulesets.strange_aeons.swarms import log_swarms
from skirmish.rulesets.strange_aeons.turn import GameLoop
from skirmish.rulesets.strange_aeons.variant_lists import (
    find_variant,
    load_list_changes,
    ranged_left_out,
    standing,
)

if TYPE_CHECKING:
    import random

    from skirmish.engine.game import View
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.rules_data.scenario_records import Scenario

RANDOM = "random"
PLAYED_SAMPLES = ("fight_team", "fight_cult")
"""The shipped sample lists the game plays: a Threshold team and a Lurker list for it."""
SCENARIO_TABLE = "Basic Scenario Table (R:1537-1548)"
BASIC = "basic"
"""The scenario table rolled: the Basic one, as its scenarios alone are played (R:1521)."""
PREGAME = "Pre-Game Sequence"
"""What a game's catalog names as its scenario before the scenario is rolled in the game."""
NO_LIST: dict[str, Any] = {"list": "", "from": "", "models": [], "weapons": []}
"""The Lurkers' side before their list is built (R:1523)."""
TESTING = load_testing()


@register_ruleset
class StrangeAeons(AeonsRules):
    """A game of the rulebook: the Threshold and the Lurkers from their lists, to the last
    side standing (the Fight, R:1585-1595, or Free For All!, R:1596-1613)."""

    id = "strange-aeons"
    title = "Strange Aeons: the rulebook"
    aliases = ("sa", "strange-aeons-rulebook")
    setup_keys = (
        "board",
        "scenario",
        "variant",
        "stand",
        "threshold",
        "lurkers",
        "list-seed",
        "scenario-roll",
        "pregame-team",
    )
    catalog_file = resources.files(__package__) / "data" / "rulebook.toml"

    def __init__(self) -> None:
        super().__init__()
        self.book = load_book()
        self.played = load_played()
        self.unarmed: Weapon = unarmed_weapon(self.book)
        self.scenarios = load_scenario_book()
        self.plays = load_plays()
        self.list_changes = load_list_changes()

    def catalog_for(self, setup: dict[str, Any]) -> Catalog:
        """The book's catalog with the game's lists and scenario, built once a game (and
        again when its scenario comes in the game, :meth:`scenario_came`)."""
        if setup["scenario"] == RANDOM:
            # Before the scenario comes, only the Threshold's list exists (R:1523).
            waiting = {**setup, "lurkers": NO_LIST}
            return game_catalog(self.catalog, waiting, self.unarmed, PREGAME, None)
        scenario = self.scenarios.scenario(setup["scenario"])
        table = self.scenarios.data.deployment.get(scenario.deployment.table)
        quadrants = table if scenario.deployment.random else None
        catalog = game_catalog(self.catalog, setup, self.unarmed, scenario.name, quadrants)
        play = self.plays.get(scenario.id)
        if play is None or not play.plays(setup.get("variant")):
            return catalog
        if "variant" in setup:
            play = play.with_variant(setup["variant"])
        if play.random or play.random_side() is not None:
            catalog = replace(catalog, quadrants=self.scenarios.data.deployment["random"])
        # The edges a side picks and the strip whose room set-up checks (R:1565, R:1626).
        edges = scenario.deployment.edge or "short"
        depth = play.threshold.within or catalog.scenario.deployment_depth
        if play.threshold.kind == "contact":
            depth = mm_to_inches(catalog.scenario.base_mm)
        rules = catalog.scenario.model_copy(
            update={"deployment_edges": edges, "deployment_depth": depth}
        )
        setting = Setting(scenario, play, self.scenarios.data)
        return replace(catalog, scenario=rules, setting=setting)

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        self.refuse_unknown(options)
        board = load_board(options.get("board"))
        seed = options.get("list-seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise SkirmishError(f"list-seed is a whole number 0 or more, not {seed!r}")
        _refuse_loose_rolls(options.get("scenario"), options.get("scenario-roll"))
        if options.get("scenario") == RANDOM:
            self._refuse_unrolled(self._threshold(options.get("threshold", RANDOM), seed)[0])
        rolled_in_game = self._pregame(options, seed)
        if rolled_in_game is not None:
            waiting = {"board": board.to_dict(), **rolled_in_game}
            for scenario in self._throwable():
                self._check_room(self._came(waiting, scenario), board)
            return waiting
        scenario, rolls = self._scenario(
            options.get("scenario"), options.get("scenario-roll"), seed
        )
        variant = self._variant(scenario, options.get("variant"), bool(rolls))
        change = self.list_changes.get(variant or "")
        rule = self.scenarios.restrictions[scenario]
        stand = options.get("stand")
        if stand is not None and (change is None or change.fielded is None):
            raise SkirmishError("stand names the model of a Last Stand (-o variant=last-stand)")
        fielded = None if change is None else change.fielded
        team, threshold = self._threshold(options.get("threshold", RANDOM), seed, fielded, stand)
        if change is not None:
            found = find_variant(self.scenarios.scenario(scenario), change.id)
            assert found is not None
            rule = change.restriction(rule, found.name)
        lurkers = self._lurkers(options.get("lurkers", RANDOM), seed, team, rule)
        if change is not None and change.close_combat_only:
            threshold, lurkers = ranged_left_out(threshold), ranged_left_out(lurkers)
        setup: dict[str, Any] = {
            "board": board.to_dict(),
            "scenario": scenario,
            "list-seed": seed,
            "threshold": threshold,
            "lurkers": lurkers,
        }
        if rolls:
            setup["scenario-roll"] = rolls
        if stand is not None:
            setup["stand"] = stand
        if variant is not None:
            setup["variant"] = variant
            play = self.plays.get(scenario)
            width = None if play is None else play.with_variant(variant).width
            if width is not None:
                setup["board"] = narrowed(setup["board"], width)
                board = load_board(setup["board"])
        self._check_room(setup, board)
        return setup

    def _check_room(self, setup: dict[str, Any], board: Board) -> None:
        """Refuse a board whose deployment strips cannot hold the forces of ``setup``.

        Raises:
            SkirmishError: no two opposite edges have room for every model.
        """
        catalog = self.catalog_for(setup)
        if catalog.quadrants is None:
            room = deployment_room_error(catalog, board)
            if room is not None:
                raise SkirmishError(room)

    def _throwable(self) -> list[str]:
        """The played scenarios a throw of the scenario dice can give (R:1537-1548)."""
        found = (self.scenario_thrown(total)[0] for total in range(2, 13))
        return sorted({s for s in found if s is not None})

    def _pregame(self, options: dict[str, Any], seed: int) -> dict[str, Any] | None:
        """The setup of a game that rolls its scenario in its Pre-Game (:mod:`.pregame`),
        as it stands before the roll, or ``None`` for another game: a rolled scenario and a
        Threshold list holding a model with Cunning or Tactician (R:1065, R:1153). The list
        its Lurkers are drawn against once the scenario comes is kept (``pregame-team``):
        ``random`` for the team of the list seed, or the team file's data. A setup after the
        roll (the scenario and the Lurkers in it) reads back as the setup before it, so a
        record replays the roll.

        Raises:
            SkirmishError: a Lurker list is given, not drawn for the scenario that comes; or
                the team is given as a setup entry, with no list to draw the Lurkers against.
        """
        team = options.get("pregame-team")
        named = options.get("scenario") != RANDOM
        if team is None and (named or "variant" in options or "stand" in options):
            return None  # set-up refuses a Variant or its stand with a rolled scenario
        given = options.get("threshold", RANDOM)
        _, threshold = self._threshold(given, seed)
        if team is None and not _plans_scenario(threshold):
            return None
        if team is None and options.get("lurkers", RANDOM) != RANDOM:
            raise SkirmishError(
                "the lurkers option is random here: the Lurker list is built once the scenario "
                "is known (R:1524), and this scenario is rolled in the game for the Threshold "
                "list's Cunning or Tactician (R:1065, R:1153)"
            )
        if team is None and isinstance(given, dict):
            raise SkirmishError(
                "a scenario rolled in the game draws the Lurker list against the Threshold "
                "team's list (R:1524): give the team as a list file or random"
            )
        if team is None:
            team = RANDOM if given == RANDOM else _list_data(given)
        return {
            "scenario": RANDOM,
            "list-seed": seed,
            "threshold": threshold,
            "lurkers": RANDOM,
            "pregame-team": team,
        }

    def scenario_thrown(self, total: int) -> tuple[str | None, str]:
        table = self.scenarios.selection(BASIC)
        row = next(r for r in table.row if r.rolls[0] <= total <= r.rolls[1])
        if row.scenario in self.played.scenarios:
            return row.scenario, self.scenarios.scenario(row.scenario).name
        if row.scenario is not None:
            name = self.scenarios.scenario(row.scenario).name
            return None, f"{name}, not played yet: rolled again"
        return None, f"the {row.chooser} player chooses: rolled again"

    def scenario_came(self, game: AeonsGame, scenario: str) -> list[Step]:
        """The scenario's Lurker list drawn against the team (R:1524), checked as set-up
        checks it; its models join the game, and the scenario's set-up follows."""
        game.replace_setup(self._came(game.setup, scenario))
        self.add_side(game, 1)
        return self.opening(game)

    def _came(self, setup: dict[str, Any], scenario: str) -> dict[str, Any]:
        """The setup of a game rolling its scenario in the Pre-Game once ``scenario`` came:
        with the Lurker list drawn against the kept team for it (R:1524)."""
        seed = setup["list-seed"]
        team = setup["pregame-team"]
        drawn = self._threshold(RANDOM, seed)[0] if team == RANDOM else None
        found = drawn or parse_list(json.dumps(team), "json", self.book)
        assert isinstance(found, ThresholdList)
        rule = self.scenarios.restrictions[scenario]
        lurkers = self._lurkers(RANDOM, seed, found, rule)
        return {**setup, "scenario": scenario, "lurkers": lurkers}

    def _scenario(self, given: object, rolls: object, seed: int) -> tuple[str, list[list[int]]]:
        """The Basic Scenario's id, and the throws that rolled it (none when named; throws
        given without the scenario they rolled are refused before, :func:`_refuse_loose_rolls`).

        Raises:
            SkirmishError: the throws are not throws.
        """
        played = self.played.scenarios
        if given is None:
            return played[0], []
        if given == RANDOM:
            return self._roll(seed)
        try:
            found = self.scenarios.scenario(str(given))
        except ScenarioError:
            # Named as the option names them: the played ones, as the README writes them.
            named = [s.replace("_", "-") for s in played]
            raise SkirmishError(
                f"{unknown('scenario', str(given), named)}; played: {', '.join(named)}, or {RANDOM}"
            ) from None
        if found.id not in played:
            names = ", ".join(self.scenarios.scenario(s).name for s in played)
            raise SkirmishError(f"scenario {found.name} is not played yet; played: {names}")
        if rolls is None:
            return found.id, []
        if not (isinstance(rolls, list) and all(_throw(t) for t in rolls)):
            raise SkirmishError("scenario-roll is a list of [Threshold die, Lurker die] throws")
        return found.id, rolls

    def _refuse_unrolled(self, team: ThresholdList | None) -> None:
        """Refuse to roll the scenario of a team whose wins send it past the Basic Scenario
        Table (R:1521): to the Advanced one, or to a choice, neither played yet.

        Raises:
            SkirmishError: the team has 10 wins or more.
        """
        wins = 0 if team is None else team.wins
        table = table_for(self.scenarios.data, wins)
        if table.id != BASIC:
            raise SkirmishError(
                f"a team of {wins} wins finds its scenario by the {table.name} (R:1521), "
                "whose scenarios are not played yet: name a played one with -o scenario=NAME"
            )

    def _variant(self, scenario: str, given: object, rolled: bool) -> str | None:
        """The Variant played, by id, if one is given (R:1536): of the scenario, played, and
        only where the scenario was named, not rolled (both players agree to a Variant of a
        rolled one, which a roll at set-up cannot ask)."""
        if given is None:
            return None
        if rolled:
            raise SkirmishError("a variant is played with a named scenario, not a rolled one")
        book = self.scenarios.scenario(scenario)
        found = find_variant(book, given)
        owner = self._owner(given)
        if found is None and owner is not None:
            raise SkirmishError(
                f"variant {given!r} is a Variant of {owner.name}, not of {book.name}: "
                f"play it with -o scenario={owner.id.replace('_', '-')}"
            )
        play = self.plays.get(scenario)
        played = [v.id for v in play.variant] if play is not None else []
        played += [v.id for v in self.list_changes.values() if v.scenario == scenario]
        played = list(dict.fromkeys(played))
        if found is None or found.id not in played:
            names = ", ".join(v.replace("_", "-") for v in played) or "none"
            raise SkirmishError(
                f"variant {given!r} of {book.name} is not played yet; played: {names}"
            )
        return found.id

    def _owner(self, given: object) -> Scenario | None:
        """The scenario with a Variant called ``given``, if any."""
        books = self.scenarios.data.scenarios.values()
        return next((book for book in books if find_variant(book, given) is not None), None)

    def _roll(self, seed: int) -> tuple[str, list[list[int]]]:
        """Roll the Basic Scenario Table with the list seed until a played scenario comes."""
        table = self.scenarios.selection(BASIC)
        dice = SeededDice(seed)
        throws: list[list[int]] = []
        while True:
            rolled = roll_scenario(table, dice)
            throws += [[t.threshold, t.lurker] for t in rolled.throws]
            if rolled.row.scenario in self.played.scenarios:
                return rolled.row.scenario, throws

    def opening(self, game: AeonsGame) -> list[Step]:
        """The rolls of the scenario, logged; then the prototype a Field Tester's player
        chooses on a 2 (R:431), the scenario's set-up and the game."""
        if game.setup["scenario"] == RANDOM:
            return [ScenarioRoll()]
        for threshold, lurker in game.setup.get("scenario-roll", []):
            _, result = self.scenario_thrown(threshold + lurker)
            game.emit("scenario-roll", SCENARIO_TABLE, (), dice=[threshold, lurker], result=result)
        log_swarms(game)
        log_mutations(game, MUTATIONS)
        log_field_tests(game)
        chosen = choices(game)
        mobs.form(game)
        pentacles.imprison(game)
        placing = [*pentacles.setup(game), *scene.setup(game)]
        if "variant" in game.setup:
            book = self.scenarios.scenario(game.setup["scenario"])
            found = next(v for v in book.variant if v.id == game.setup["variant"])
            game.emit("variant", f"{book.name}: {found.name} (R:{found.line})", ())
        return [*chosen, *self._set_up(game, placing)]

    def _set_up(self, game: AeonsGame, placing: list[Step]) -> list[Step]:
        """The scenario's deployment, its placings and the game, as its setting has them."""
        cat = catalog_of(game)
        if cat.setting is not None:
            placed = cat.quadrants is not None and cat.setting.play.random_side() is None
            return [
                *([QuadrantDeployment(), Sneak("quadrant")] if placed else zones.deployment(game)),
                PreLaid(),
                *tokens.setup(game),
                *placing,
                *zones.first_turn(game),
                GameLoop(),
            ]
        if cat.quadrants is None:
            return [RollOff("deployment"), PreLaid(), *placing, RollOff("first-turn"), GameLoop()]
        return [
            QuadrantDeployment(),
            Sneak("quadrant"),
            PreLaid(),
            *placing,
            RollOff("first-turn"),
            GameLoop(),
        ]

    def keeps_secrets(self, game: AeonsGame) -> bool:
        """The Bag Man is the Threshold player's secret (R:1566)."""
        setting = catalog_of(game).setting
        return setting is not None and setting.play.secret

    def hides_options(self, game: AeonsGame, decision: Decision) -> bool:
        return False  # the options name models every player sees; only the choice is secret

    def redact(self, view: View[AeonsModel, AeonsState], player: int) -> None:
        tokens.redact(view, player)

    def own_secrets(self, game: AeonsGame, side: int) -> tuple[str, ...]:
        return tokens.own_secrets(game, side)

    def resample(self, game: AeonsGame, player: int, rng: random.Random) -> None:
        tokens.resample(game, player, rng)

    def _filter(self) -> ListFilter:
        book, played = self.book, self.played

        def allows(entry: Profile | Skill | Item | Ability | Phobia) -> bool:
            return playable(book, played, entry)

        plots = tuple(p for p in PLOTS.values() if p.id in played.plot_points)
        return ListFilter(allows, mobs_of=mob_playable, plots=plots)

    def _threshold(
        self, given: object, seed: int, fielded: int | None = None, stand: object = None
    ) -> tuple[ThresholdList | None, dict[str, Any]]:
        """The Threshold team and its setup entry: drawn, read from a file, or kept as a
        setup already holds it; the entry holds the ``fielded`` models that stand, when a
        Variant fields fewer than the team (R:1593)."""
        if isinstance(given, dict):
            return None, given
        dice = SeededDice(seed)
        if given == RANDOM:
            name = f"Random team (list seed {seed})"
            only = self._filter()
            team = random_team(self.book, load_promotion(), seed, name, map_pieces=1, only=only)
            played = team if fielded is None else standing(team, fielded, stand)
            return team, self._tested(force_setup(self.book, played, 0, RANDOM, dice), dice)
        force = read_list(_list_path(given), self.book)
        if not isinstance(force, ThresholdList):
            raise ListError(f"{given}: the threshold option takes a Threshold team")
        refuse_invalid(str(given), check_team(self.book, load_promotion(), force))
        self._refuse_unplayed(str(given), force)
        source = Path(_list_path(given)).name
        played = force if fielded is None else standing(force, fielded, stand)
        return force, self._tested(force_setup(self.book, played, 0, source, dice), dice)

    def _tested(self, side: dict[str, Any], dice: SeededDice) -> dict[str, Any]:
        """A team's setup with its Field Testers' prototypes rolled (R:428)."""
        return field_test(TESTING, self.book, self.played, side, dice)

    def _lurkers(
        self, given: object, seed: int, team: ThresholdList | None, rule: Restriction
    ) -> dict[str, Any]:
        """The Lurker list's setup entry, checked against the team and the scenario."""
        if isinstance(given, dict):
            return given
        if team is None:
            raise SkirmishError("a Lurker list is checked against its Threshold team's list")
        if given == RANDOM:
            name = f"Random Lurkers (list seed {seed})"
            force = random_lurkers(self.book, team, seed, rule, name, self._filter())
            dice = SeededDice(seed)
            return mutate(MUTATIONS, force_setup(self.book, force, 1, RANDOM, dice), dice)
        found = read_list(_list_path(given), self.book)
        if not isinstance(found, LurkerList):
            raise ListError(f"{given}: the lurkers option takes a Lurker list")
        problems = check_lurkers(self.book, found, team, rule, ListData.load())
        refuse_invalid(str(given), problems)
        self._refuse_unplayed(str(given), found)
        dice = SeededDice(seed)
        side = force_setup(self.book, found, 1, Path(_list_path(given)).name, dice)
        return mutate(MUTATIONS, side, dice)

    def setup_choices(self) -> dict[str, tuple[str, ...]]:
        return {
            "scenario": (*(s.replace("_", "-") for s in self.played.scenarios), RANDOM),
            "variant": tuple(
                v.replace("_", "-")
                for v in dict.fromkeys(
                    [*(v.id for p in self.plays.values() for v in p.variant), *self.list_changes]
                )
            ),
            "threshold": (RANDOM, *PLAYED_SAMPLES[:1]),
            "lurkers": (RANDOM, *PLAYED_SAMPLES[1:]),
            "board": shipped_boards(),
        }

    def _refuse_unplayed(self, label: str, force: ThresholdList | LurkerList) -> None:
        found = unplayed(self.book, self.played, force)
        if found:
            raise ListError(f"{label} holds what the game does not play yet: {'; '.join(found)}")


def _list_path(given: object) -> str:
    """A list file's path, or a shipped sample's by its name (``fight_team``)."""
    sample = sample_lists().get(str(given))
    return str(given) if sample is None else str(sample)


def _plans_scenario(threshold: dict[str, Any]) -> bool:
    """Whether a Threshold team's setup holds a model whose Skills act on the scenario roll."""
    return any(
        {"cunning", "tactician"} & set(m.get("skills", ())) for m in threshold.get("models", ())
    )


def _list_data(given: object) -> Any:
    """The data of a list file, as the setup keeps it."""
    path = _list_path(given)
    text, fmt = read_document(path, "list file", ListError)
    return decode_document(text, fmt, file_label("list file", path), ListError)


def _throw(value: object) -> bool:
    """Whether ``value`` is one throw of the scenario roll: two D6 faces."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(f, int) and 1 <= f <= 6 for f in value)
    )


def _refuse_loose_rolls(given: object, rolls: object) -> None:
    """Refuse scenario throws given with no scenario named, or with a roll still to make (at
    set-up or in the Pre-Game): they record the roll that named one, and would be dropped
    unread.

    Raises:
        SkirmishError: throws given without the scenario they rolled.
    """
    if rolls is not None and given in (None, RANDOM):
        raise SkirmishError("scenario-roll is given only with the scenario it rolled")
