"""What the front doors show of a Sacred Wire game: the contractor's card, the exact odds of
an attack option (C4.7-C4.18, as the companion's attack command computes them), Engagement
(C4.5) and the setup's named choices."""

from __future__ import annotations

from tests.rulesets.sacred_wire.helpers import scenario

from skirmish.engine.action import Action
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.attack.odds import attack_odds, odds_line
from skirmish.rulesets.sacred_wire.base import catalog_of

RULES = find_ruleset("sacred-wire")


def test_c2_model_card_gives_dice_health_and_kit() -> None:
    game = scenario({"A1": (5.0, 5.0)})
    rows = dict(RULES.model_card(game, game.model("A1")))
    assert rows["Name"] == "Mara Voss"
    assert (rows["Combat"], rows["Defense"], rows["Wits"]) == ("2d8", "2d6", "2d6")
    assert rows["Health"] == "16/16"
    assert rows["Weapons"] == "Needle Gun, Shiv"
    assert rows["Armor"] == "Flak Wrap"


def test_c4_7_attack_option_odds_are_the_exact_odds() -> None:
    game = scenario({"A1": (5.0, 5.0), "B2": (5.0, 12.0)}, act="A1")
    shoot = next(o for o in game.decision.options if o.kind == "shoot")  # type: ignore[union-attr]
    expected = attack_odds(Attack.of_option(game, shoot).context(game), catalog_of(game))
    line = RULES.action_odds(game, shoot)
    assert line == odds_line(expected, game.model(shoot.args[1]).health)
    assert line.startswith("hits ")
    assert RULES.action_odds(game, Action("end", ("A1",))) == ""


def test_c4_5_engaged_within_an_inch() -> None:
    game = scenario({"A1": (5.0, 5.0), "B2": (5.0, 6.2), "B3": (15.0, 15.0)})
    assert RULES.engaged(game, game.model("A1")) == ("B2",)
    assert RULES.engaged(game, game.model("B3")) == ()


def test_k1_2_setup_choices_are_accepted_by_the_setup() -> None:
    choices = RULES.setup_choices()
    assert set(choices) <= set(RULES.setup_keys)
    assert choices["mission"] == (
        "extraction",
        "control",
        "quadrants",
        "seizure",
        "assassination",
        "breakthrough",
        "triangulation",
        "sabotage",
        "heist",
        "uplink",
        "lockdown",
        "escort",
        "the-signal",
        "the-source",
        "random",
    )
    for squad in choices["squad_a"]:
        RULES.normalize_setup({"squad_a": squad, "squad_b": squad})
    for mission in choices["mission"]:
        RULES.normalize_setup({"mission": mission})
    for kind in choices["deployment"]:
        RULES.normalize_setup({"mission": "control", "deployment": kind})
