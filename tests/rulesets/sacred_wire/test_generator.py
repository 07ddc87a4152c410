"""The mission generator (K1.2-K1.4): the Evidence gap and roles, the trigger missions, every
table in notes A86's order with its own dice purpose, and the Defender's advantages by band."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.command import Ran
from tests.rulesets.sacred_wire.helpers import CATALOG, data_copy, edit_data, script
from typer.testing import CliRunner

from skirmish.cli import app
from skirmish.dice import ScriptedDice, SeededDice
from skirmish.errors import RulesDataError, SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.rolls import (
    GENERATOR,
    post_game_stream,
    stream_seed,
)
from skirmish.rulesets.sacred_wire.missions.generator import (
    MissionSetup,
    Standing,
    generate,
    roles,
    roll_on,
)
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import load_mission_tables

#: The generator's dice after the roles, in notes A86's order: mission d12, then the d6 tables.
TABLE_PURPOSES = (
    "mission",
    "deployment",
    "loot-layout",
    "loot-modifier",
    "coworker-setup",
    "coworker-modifier",
    "hostile-type",
    "hostile-timing",
)

TABLES = CATALOG.missions
"""The mission tables of the registered ruleset."""
RULESET = find_ruleset("sacred-wire")


def _tables(*faces: int) -> list[tuple[str, int]]:
    """Faces for the d12 and the seven tables, in order (1 for any left out)."""
    padded = [*faces, *([1] * (len(TABLE_PURPOSES) - len(faces)))]
    return list(zip(TABLE_PURPOSES, padded, strict=True))


def _no_die() -> int:
    raise AssertionError("no die is needed")


# --- the Evidence gap (K1.3) ----------------------------------------------------------------


def test_k1_3_example_e19_gap_four_makes_a_the_aggressor_with_three_advantages() -> None:
    # Squad A: 4 Evidence + 3 Leads = 7; squad B: 2 + 1 = 3. Gap 4: A attacks, B defends, and
    # the 4+ band gives one Setup, one Tactical and one more from either table.
    dice = ScriptedDice(
        [
            *_tables(10),
            *script("setup-advantage", 2, "tactical-advantage", 4, "setup-advantage", 5),
        ]
    )
    setup = generate(TABLES, Standing(4, 3), Standing(2, 1), dice, either="setup")
    dice.assert_done()
    assert (setup.roles.gap, setup.roles.aggressor, setup.roles.defender) == (4, 0, 1)
    assert setup.roles.decided == "higher total"
    assert setup.band.label == "4+"
    assert [(e.table, e.id) for e in setup.advantages] == [
        ("setup_advantage", "edge-first"),
        ("tactical_advantage", "first-token"),
        ("setup_advantage", "place-loot"),
    ]
    assert setup.either == "setup"
    assert setup.mission.rule == "M10.1"


def test_k1_3_equal_totals_more_evidence_attacks() -> None:
    gap = roles(Standing(1, 3), Standing(3, 1), _no_die)
    assert (gap.gap, gap.aggressor, gap.defender, gap.decided) == (0, 1, 0, "more Evidence")


@pytest.mark.parametrize(("face", "aggressor"), [(1, 0), (2, 1)])
def test_k1_3_still_equal_a_die_decides(face: int, aggressor: int) -> None:
    dice = ScriptedDice([("roles", face), *_tables()])
    setup = generate(TABLES, Standing(2, 2), Standing(2, 2), dice)
    dice.assert_done()
    assert (setup.roles.aggressor, setup.roles.decided) == (aggressor, "a die roll")


def test_k1_3_the_lower_total_defends_whichever_side_it_is() -> None:
    gap = roles(Standing(0, 1), Standing(2, 3), _no_die)
    assert (gap.gap, gap.aggressor, gap.defender) == (4, 1, 0)


# --- the advantages (K1.4) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("b_total", "band", "picks"),
    [
        (10, "0-1", []),  # gap 0
        (9, "0-1", []),  # gap 1
        (8, "2-3", ["setup-advantage", "tactical-advantage"]),  # gap 2
        (7, "2-3", ["setup-advantage", "tactical-advantage"]),  # gap 3
        (6, "4+", ["setup-advantage", "tactical-advantage", "tactical-advantage"]),  # gap 4
    ],
)
def test_k1_4_gap_band_edges(b_total: int, band: str, picks: list[str]) -> None:
    faces = [(purpose, n + 1) for n, purpose in enumerate(picks)]
    dice = ScriptedDice([*_tables(), *faces])
    a, b = Standing(4, 6), Standing(3, b_total - 3)
    setup = generate(TABLES, a, b, dice, either="tactical")
    dice.assert_done()
    assert setup.band.label == band
    assert len(setup.advantages) == len(picks)
    assert setup.either == ("tactical" if band == "4+" else "")


def test_k1_4_the_defender_receives_the_advantages_in_words() -> None:
    dice = ScriptedDice([*_tables(), *script("setup-advantage", 3, "tactical-advantage", 3)])
    setup = generate(TABLES, Standing(0, 1), Standing(2, 1), dice)
    text = setup.describe(TABLES)
    assert "for the Defender, squad A (gap 2-3)" in text
    assert "Spawn choice" in text and "Boss guard" in text


def test_k1_4_a_duplicate_advantage_is_rolled_again_notes_a87() -> None:
    dice = ScriptedDice(
        [
            *_tables(),
            *script("setup-advantage", 6, "tactical-advantage", 1),
            *script("tactical-advantage", 1, "tactical-advantage", 1, "tactical-advantage", 2),
        ]
    )
    setup = generate(TABLES, Standing(0, 9), Standing(0, 0), dice, either="tactical")
    dice.assert_done()
    assert [e.id for e in setup.advantages] == ["place-coworkers", "deploy-last", "hostile-focus"]


# --- the tables (K1.3) ----------------------------------------------------------------------

ROWS = {
    "deployment": ["standard", "flanked", "corners", "split", "center", "crossfire"],
    "coworker_setup": [
        "swarm-centre",
        "swarm-edge",
        "normal-ring",
        "elite-anywhere",
        "normal-loot",
        "elite-centre",
    ],
    "coworker_modifier": [
        "standard",
        "skittish",
        "buddy-system",
        "grudge-holder",
        "talkative",
        "claustrophobic",
    ],
    "hostile_timing": ["early", "standard", "late", "waves", "surge", "ambush"],
    "loot_layout": ["scattered", "none", "central-cache", "edge-stash", "trail", "heavy-drop"],
    "hostile_type": [
        "scrapers",
        "feral-crews",
        "wave-callers",
        "static-wraiths",
        "feral-automata",
        "cable-feeders",
    ],
    "spawn_location": [
        "open-edge",
        "centre",
        "search-edge",
        "aggressor-edge",
        "near-centre",
        "off-centre",
    ],
    "loot_modifier": ["standard", "decoys", "timed", "heavy", "trapped", "contaminated"],
    "setup_advantage": [
        "redeploy",
        "edge-first",
        "spawn-choice",
        "terrain",
        "place-loot",
        "place-coworkers",
    ],
    "tactical_advantage": [
        "deploy-last",
        "hostile-focus",
        "boss-guard",
        "first-token",
        "delayed-spawn",
        "free-search",
    ],
}


@pytest.mark.parametrize("key", sorted(ROWS))
def test_k1_3_every_d6_table_row(key: str) -> None:
    table = TABLES.table(key)
    assert table.die == 6
    assert table.rule == ("K1.4" if key.endswith("advantage") else "K1.3")
    for face, wanted in enumerate(ROWS[key], start=1):
        dice = ScriptedDice([(table.purpose, face)])
        entry = roll_on(table, dice)
        assert (entry.roll, entry.id) == (face, wanted)
        assert entry.summary and entry.name


def test_k1_3_the_d12_mission_rows() -> None:
    table = TABLES.table("missions")
    rules = [roll_on(table, ScriptedDice([("mission", f)])).rule for f in range(1, 13)]
    assert rules == [f"M{n}.1" for n in range(1, 13)]
    assert roll_on(table, ScriptedDice([("mission", 2)])).id == "control"


def test_k1_3_hostile_timing_rows_list_their_spawns() -> None:
    table = TABLES.table("hostile_timing")
    spawns = {e.id: [(s.round, s.tier) for s in e.spawns] for e in table.entries}
    assert spawns["early"] == [(1, "swarm"), (2, "normal")]
    assert spawns["surge"] == [(2, "normal"), (2, "elite")]  # notes A56: two spawns
    assert spawns["ambush"] == [(1, "elite"), (3, "normal")]
    tiers = [e.tier for e in TABLES.table("coworker_setup").entries]
    assert tiers == ["swarm", "swarm", "normal", "elite", "normal", "elite"]


def test_k1_3_tables_are_rolled_in_the_order_of_notes_a86() -> None:
    faces = (3, 2, 4, 6, 5, 1, 2, 3)
    dice = ScriptedDice(_tables(*faces))
    setup = generate(TABLES, Standing(1, 0), Standing(0, 0), dice)
    dice.assert_done()
    assert setup.mission.id == "quadrants"
    assert [(e.table, e.roll) for e in setup.tables] == [
        ("deployment", 2),
        ("loot_layout", 4),
        ("loot_modifier", 6),
        ("coworker_setup", 5),
        ("coworker_modifier", 1),
        ("hostile_type", 2),
        ("hostile_timing", 3),
    ]
    assert setup.result("loot_layout").id == "edge-stash"
    assert setup.result("loot_modifier").id == "contaminated"


# --- trigger missions (K1.2) ----------------------------------------------------------------


def test_k1_2_the_signal_replaces_the_generator_when_a_squad_reaches_5_evidence() -> None:
    dice = ScriptedDice([("hostile-type", 3)])
    setup = generate(TABLES, Standing(5, 0), Standing(1, 2), dice)
    dice.assert_done()
    assert setup.trigger and setup.mission.rule == "M13.1"
    assert setup.discoverer == 0
    assert [e.id for e in setup.tables] == ["wave-callers"]
    assert setup.advantages == ()
    assert "The Signal (M13.1), set off by squad A" in setup.describe(TABLES)


def test_k1_2_the_signal_goes_to_the_squad_with_more_evidence_when_both_reach_5() -> None:
    setup = generate(TABLES, Standing(5, 4), Standing(6, 0), ScriptedDice([("hostile-type", 1)]))
    assert setup.discoverer == 1


def test_k1_2_the_signal_is_played_once_only() -> None:
    dice = ScriptedDice(_tables(2))
    setup = generate(TABLES, Standing(5, 0), Standing(4, 0), dice, signal_done=True)
    dice.assert_done()
    assert not setup.trigger and setup.mission.id == "control"


def test_k1_2_the_source_is_open_to_a_squad_with_8_evidence() -> None:
    setup = generate(
        TABLES, Standing(8, 0), Standing(7, 0), ScriptedDice(_tables()), signal_done=True
    )
    setup_7 = generate(
        TABLES, Standing(7, 0), Standing(7, 1), ScriptedDice(_tables()), signal_done=True
    )
    assert setup.source == (0,) and setup_7.source == ()
    assert "squad A may play M13.2 The Source instead" in setup.describe(TABLES)


def test_m13_2_only_the_squad_that_held_the_source_may_call_the_next_attempt() -> None:
    def open_to(extractor: int) -> tuple[int, ...]:
        dice = ScriptedDice(_tables())
        return generate(
            TABLES, Standing(8, 0), Standing(8, 1), dice, signal_done=True, extractor=extractor
        ).source

    assert (open_to(1), open_to(0)) == ((1,), (0,))
    dice = ScriptedDice(_tables())
    held = generate(TABLES, Standing(7, 0), Standing(8, 0), dice, signal_done=True, extractor=0)
    assert held.source == ()  # A held it, but has no 8 Evidence yet; B may not call it


# --- data and serialisation -------------------------------------------------------------------


@pytest.mark.parametrize("deployment", [2, 3, 4, 5, 6])
def test_m6_1_a_rolled_breakthrough_is_played_on_the_standard_deployment(deployment: int) -> None:
    # d12 = 6: Breakthrough; whatever Deployment rolls, the game it starts plays Standard.
    dice = ScriptedDice(
        [*_tables(6, deployment), *script("setup-advantage", 1, "tactical-advantage", 2)]
    )
    setup = generate(TABLES, Standing(2, 0), Standing(0, 0), dice)
    options = setup.options()
    assert options["deployment"] == "standard"
    assert RULESET.normalize_setup(options)["deployment"] == "standard"
    assert "ignored: Breakthrough is always played on the Standard deployment (M6.1)" in (
        setup.describe(TABLES)
    )


@pytest.mark.parametrize("face", [1, 2])
def test_k1_3_a_tie_settled_by_the_generators_die_is_the_games_too(face: int) -> None:
    # Equal standings: the generator's d2 names the Aggressor, and the game it sets up
    # takes it (the option ``aggressor``) instead of rolling another.
    dice = ScriptedDice([("roles", face), *_tables(4)])
    setup = generate(TABLES, Standing(0, 0), Standing(0, 0), dice)
    options = setup.options()
    assert options["aggressor"] == ("a", "b")[face - 1]
    game = RULESET.new_game(RULESET.normalize_setup(options), 1)
    assert game.state.defender == setup.roles.defender == 2 - face


def test_k1_3_the_aggressor_option_is_for_a_full_tie_only() -> None:
    tie = {"mission": "control", "aggressor": "b"}
    assert RULESET.normalize_setup(tie)["aggressor"] == "b"
    with pytest.raises(SkirmishError, match=r"^aggressor is a or b .* not 'c'$"):
        RULESET.normalize_setup({**tie, "aggressor": "c"})
    with pytest.raises(SkirmishError, match="only a full tie of Evidence and Leads"):
        RULESET.normalize_setup({**tie, "evidence_a": 1})


def test_mission_setup_round_trips_through_json() -> None:
    dice = ScriptedDice([*_tables(4), *script("setup-advantage", 1, "tactical-advantage", 2)])
    setup = generate(TABLES, Standing(3, 0), Standing(0, 0), dice)
    assert MissionSetup.from_dict(json.loads(json.dumps(setup.to_dict())), TABLES) == setup
    signal = generate(TABLES, Standing(5, 0), Standing(0, 0), ScriptedDice([("hostile-type", 6)]))
    assert MissionSetup.from_dict(signal.to_dict(), TABLES) == signal
    with pytest.raises(SkirmishError, match="not a generated mission"):
        MissionSetup.from_dict({"gap": 1}, TABLES)


def test_negative_evidence_is_refused() -> None:
    with pytest.raises(SkirmishError, match="cannot be negative"):
        generate(TABLES, Standing(-1, 0), Standing(0, 0), ScriptedDice([]))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('summary = "Search as usual."', 'summary = "Search as usual."\ncolour = "red"', "colour"),
        ("low = 2\nhigh = 3", "low = 3\nhigh = 3", "bands must run from 0"),
        ('id = "heavy-drop"', 'id = "Heavy Drop"', "loot_layout"),
    ],
)
def test_a_bad_data_file_is_one_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    folder = data_copy(tmp_path)
    edit_data(folder / "missions.toml", old, new)
    with pytest.raises(RulesDataError, match=message) as err:
        load_mission_tables(folder)
    assert "\n" not in str(err.value)


# --- the command line --------------------------------------------------------------------------


def test_cli_mission_prints_the_gap_roles_tables_and_advantages() -> None:
    args = ["sacred-wire", "mission", "--evidence-a", "4", "--leads-a", "3"]
    args += ["--evidence-b", "2", "--leads-b", "1", "--seed", "7"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Mission generator, seed 7" in out
    assert "squad A 4 Evidence + 3 Leads = 7, squad B 2 + 1 = 3; the gap is 4" in out
    assert "squad A is the Aggressor (higher total), squad B the Defender" in out
    for title in ("Mission [K1.3, d12", "Deployment [K1.3", "Hostile Timing [K1.3"):
        assert title in out
    assert "Advantages [K1.4] for the Defender, squad B (gap 4+)" in out
    assert out.count("[K1.4, d6 =") == 3
    again = CliRunner().invoke(app, args)
    assert again.output == out  # the same seed gives the same mission


def test_k1_3_the_generator_rolls_on_its_own_stream_of_the_seed_not_the_games() -> None:
    # The generator's d2 and d12 are not the game's first faces (its roll-off), nor are the two
    # sides' post-games (K3) the same dice: each purpose has its own stream of one seed.
    args = ["sacred-wire", "mission", "--evidence-a", "4", "--seed", "5", "--json"]
    data = json.loads(CliRunner().invoke(app, args).output)
    own = generate(TABLES, Standing(4, 0), Standing(0, 0), SeededDice(stream_seed(5, GENERATOR)))
    assert data["seed"] == 5 and data["mission"] == own.to_dict()["mission"]
    assert stream_seed(5, GENERATOR) == stream_seed(5, "mission generator") != 5
    seeds = {5, stream_seed(5, GENERATOR), post_game_stream(5, 0), post_game_stream(5, 1)}
    assert len(seeds) == 4
    assert SeededDice(post_game_stream(5, 0)).faces(8, 6, "injury") != SeededDice(
        post_game_stream(5, 1)
    ).faces(8, 6, "injury")


def test_cli_mission_json_and_the_signal() -> None:
    args = ["sacred-wire", "mission", "--evidence-a", "5", "--seed", "2", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["seed"] == 2 and data["mission"]["rule"] == "M13.1"
    later = CliRunner().invoke(app, [*args[:-1], "--signal-done"])
    assert "Trigger mission" not in later.output and "Mission [K1.3, d12" in later.output


def test_cli_mission_play_plays_the_generated_mission_on_screen(cli: Callable[..., Ran]) -> None:
    # Seed 5's generator stream: Sabotage on the Flanked deployment, Elite Coworkers at the
    # centre, Wave Callers; squad B defends with Spawn choice, Deploy last and Place the
    # Coworkers (K1.4). The game rolls on the seed itself.
    args = ["sacred-wire", "mission", "--evidence-a", "4", "--leads-a", "1", "--seed", "5"]
    ran = cli(*args, "--play", "--a", "random", "--b", "random")
    assert ran.status == 0, ran.err
    out = ran.out
    assert "Mission [K1.3, d12 = 8]: Sabotage (M8.1)" in out
    assert "Sacred Wire 28 (v0.9.0-beta), seed 5: A (random) against B (random) against " in out
    assert "holds the advantages Spawn choice, Deploy last, Place the Coworkers  [K1.4]" in out
    assert "The Coworkers: Elite at the centre, Buddy System; Middle Manager (2)  [K1.3]" in out
    assert "Game over" in out or " wins" in out.splitlines()[-1]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--play", "--json"], "--play plays the mission at the terminal: leave out --json"),
        (["--a", "human"], "--a, --b and --save choose the players of --play"),
    ],
)
def test_cli_mission_play_options_are_refused_in_one_line(
    cli: Callable[..., Ran], extra: list[str], message: str
) -> None:
    ran = cli("sacred-wire", "mission", "--seed", "5", *extra)
    assert ran.status == 2 and ran.err.strip() == f"error: {message}"
