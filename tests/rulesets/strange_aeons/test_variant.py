"""A variant of the introduction is the same rules with another catalog (DESIGN, second
edition of the contract: Data): a subclass that names another ``catalog_file`` plays by its
own numbers, through ``game.ruleset``, while the introduction keeps the log sheets'."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rulesets.strange_aeons.helpers import model, refused, scenario

from skirmish.engine.registry import register_ruleset
from skirmish.engine.restore import restore
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.ruleset import StrangeAeonsIntro

AGENT = (
    'id = "agent"\nname = "Agent"\nside = 0\nmove = 5\ndex = 5\ncon = 6\nattacks = 2\nwounds = 1\n'
)
FAST_AGENT = AGENT.replace("move = 5", "move = 8").replace("wounds = 1", "wounds = 2")
AWAY = {"T1": (2.0, 22.0), "L1": (34.0, 22.0), "L2": (34.0, 12.0), "L3": (34.0, 2.0)}


@pytest.fixture
def variant(tmp_path: Path, private_registry: None) -> str:
    """The id of a variant whose Agent has Move 8 and 2 Wounds (5 and 1 on the log sheet),
    registered for this test only: other tests list the real rulesets."""
    shipped = StrangeAeonsIntro.catalog_file.read_text(encoding="utf-8")
    assert shipped.count(AGENT) == 1
    data = tmp_path / "fast-agent.toml"
    data.write_text(shipped.replace(AGENT, FAST_AGENT), "utf-8")

    @register_ruleset
    class FastAgent(StrangeAeonsIntro):
        """The introduction with another data file, and nothing else changed."""

        id = "test-fast-agent"
        title = "Strange Aeons, a fast Agent (test)"
        aliases = ()
        catalog_file = data

    return FastAgent.id


def test_variant_rules_read_the_variants_catalog_through_the_game(variant: str) -> None:
    game = scenario({"T2": (10.0, 10.0), **AWAY}, ruleset_id=variant)
    game.apply("nominate T2")
    refused(game, "move T2 18.1,10", 'the point is 8.1" away, more than the 8" allowed')
    game.apply("move T2 18,10")
    assert model(game, "T2").pos == (18.0, 10.0)


def test_variant_leaves_the_introductions_catalog_as_printed(variant: str) -> None:
    game = scenario({"T2": (10.0, 10.0), **AWAY})
    game.apply("nominate T2")
    refused(game, "move T2 18,10", 'the point is 8" away, more than the 5" allowed')
    assert catalog_of(game).profile("agent").move == 5
    assert find_ruleset(variant).catalog.profile("agent").move == 8


def test_variant_game_restored_from_a_save_keeps_the_variants_catalog(variant: str) -> None:
    game = scenario({"T2": (10.0, 10.0), **AWAY}, ruleset_id=variant)
    game.apply("nominate T2")
    again = restore(game.to_json())
    assert again.ruleset is game.ruleset
    again.apply("move T2 18,10")
    assert model(again, "T2").pos == (18.0, 10.0)


def test_variant_sets_up_its_forces_from_its_catalog(variant: str) -> None:
    ruleset = find_ruleset(variant)
    game = ruleset.new_game({"board": "open"}, seed=3)
    agent = model(game, "T2")
    assert (agent.profile, agent.wounds) == ("agent", 2)
    assert ruleset.model_status(game, agent).health == "2/2 Wounds"
