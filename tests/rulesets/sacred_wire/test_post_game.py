"""The post-game sequence (K2.3, K2.4, K3.1-K3.4, C4.20; notes A62, A76-A81) with every die
scripted by purpose, the worked example E18, and the credit for putting a model Out of Action
that the game keeps for Merits (K3.1).

The book is ``wrecking-crew``: Mara Voss (Boss; Combat 2d8, Defense 2d6, Wits 2d6, Health 16,
Move 4"), Tobias Valdez (Brute; Wits 2d4), Sunita Roche (Zealot), Pike (Agent), Dmitri Osei
(Broadcaster, Signal Jam). Dice purposes: ``evidence`` (d10), ``exploration`` (each Wits),
``injury`` (2d6), ``promotion`` (2d6), ``review`` (the d6 and the Rage Stim's d4).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    TOUCH,
    apply_all,
    board,
    rect,
    scenario,
    script,
)
from tests.rulesets.sacred_wire.test_missions import ended

from skirmish.dice import ScriptedDice, SeededDice
from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.game import Game, View
from skirmish.engine.restore import replay, restore
from skirmish.players.base import play
from skirmish.players.factory import make_player
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.book import (
    Book,
    CampaignError,
    Member,
    Perk,
    book_from_data,
    book_report,
    book_to_data,
    new_book,
    squad_for_book,
)
from skirmish.rulesets.sacred_wire.campaign.log import describe
from skirmish.rulesets.sacred_wire.campaign.management import buy
from skirmish.rulesets.sacred_wire.campaign.outcome import (
    Fate,
    Finds,
    ModelOutcome,
    Outcome,
    Rewards,
    applied_id,
    check_outcome,
    load_outcome,
    outcome_of,
    record_id,
)
from skirmish.rulesets.sacred_wire.campaign.post_game import (
    final_book,
    new_post_game,
    post_game,
    sequence_events,
)
from skirmish.rulesets.sacred_wire.campaign.setup import PostGameOptions
from skirmish.rulesets.sacred_wire.game import casualties, conditions
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.missions import loot, zones
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier
from skirmish.rulesets.sacred_wire.squads.squad import Attribute

COMBAT, DEFENSE, WITS = Attribute.COMBAT, Attribute.DEFENSE, Attribute.WITS
OOA = Fate.OUT_OF_ACTION
SIGNAL, SOURCE = "M13.1", "M13.2"
NAMES = ("Mara Voss", "Tobias Valdez", "Sunita Roche", "Pike", "Dmitri Osei")


def crew(**fields: dict[str, Any]) -> Book:
    """The wrecking-crew book, with model fields of the file schema changed by name."""
    data = book_to_data(new_book(squad_for_book("wrecking-crew", CATALOG)))
    for entry in data["models"]:
        entry.update(fields.get(entry["name"].split()[0].lower(), {}))
    return book_from_data(data, CATALOG)


EIGHT = (1, 2, 3, 4, 5, 6, 7, 8)  # the recorded types of a squad that may call The Source


def extractor_crew() -> Book:
    """The wrecking-crew book with 8 Evidence, The Signal played on the way: it may call The
    Source, as its Extractor (K1.2, M13.2)."""
    book = crew()
    book.evidence = EIGHT
    book.signal_played = True
    return book


class Owner:
    """A scripted owner: answers each of the post-game's choices with the next action of
    ``picks`` (the default policy's answers are the heuristic player's)."""

    def __init__(self, picks: tuple[str, ...]) -> None:
        self.picks = list(picks)

    def choose(self, game: View[Any, Any]) -> Action:
        assert self.picks, f"an unexpected choice: {game.decision}"
        return Action.parse(self.picks.pop(0))


def run(
    book: Book,
    models: list[ModelOutcome],
    *dice: str | int,
    picks: tuple[str, ...] = (),
    options: PostGameOptions | None = None,
    **fields: Any,
) -> tuple[Book, list[Event]]:
    """The post-game of ``models`` and the outcome's other ``fields`` for ``book``, its dice
    scripted; the default policy chooses, or the owner answers with ``picks``, all of them."""
    source = ScriptedDice(script(*dice))
    outcome = Outcome(models=tuple(models), **fields)
    if picks:
        owner = Owner(picks)
        game = play(new_post_game(book, outcome, source, options), [owner])
        assert owner.picks == [], f"choices never asked: {owner.picks}"
        done, events = final_book(game), sequence_events(game)
    else:
        done, events = post_game(book, outcome, source, options)
    source.assert_done()
    for event in events:  # every event reads as a line of the log and cites its rule
        assert re.search(r"  \[([CRIKM]\d+(\.\d+)?|M)\]$", describe(event)), event
    return done, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events if e.roll is None]


def member(book: Book, name: str) -> Member:
    return book.member(name)


# --- the worked example ------------------------------------------------------------------------


def test_k3_1_example_e18_post_game_steps_one_to_four() -> None:
    # A model with 3 Merits puts the enemy Boss Out of Action, then goes Out of Action itself.
    book = crew(tobias={"merits": 3})
    models = [ModelOutcome(name=n) for n in NAMES]
    models[1] = ModelOutcome(name="Tobias Valdez", fate=OOA, kills=["Ilse Marrow"], boss_kill=True)
    dice = ["exploration", 3, 4, 2, 3, 3, 3, 4, 3, 3, 3]  # 7 + 5 + 6 + 7 + 6 = 31
    done, events = run(book, models, *dice, "injury", 4, 5, "promotion", 3, 5)
    lines = [describe(e) for e in events]
    tobias = member(done, "Tobias Valdez")
    # Step 1: +1 for the kill, +1 for the Boss: 5 Merits.
    assert tobias.merits == 5
    assert "Tobias Valdez logs 2 Merits (1 for kills, 1 for the Boss): 5 in all  [K3.1]" in lines
    # Step 2: five Wits rolls, OoA included (notes A76): 31, Above Quota, +20 subs.
    assert sum(1 for e in events if e.roll and e.roll.purpose == "exploration") == 5
    assert done.subs == 20
    assert "Exploration: the Wits total 31 is Above Quota, +20 subs (20 now)  [K3.2]" in lines
    # Step 3: Injury 9, Hobbled, -1" Move.
    assert tobias.move == 3 - 1
    # Step 4: 3 -> 5 crosses 4 only: one Promotion roll, 8, Training, +1 DT Wits.
    assert [e.data["threshold"] for e in events if e.kind == "threshold"] == [4]
    assert tobias.tier(WITS) == Tier.D6
    assert [str(c) for c in tobias.changes] == [
        '-1" Move (Hobbled, K3.3)',
        "+1 DT Wits (Training, K3.4)",
    ]
    assert done.games == 1


# --- step 1: Merits (K3.1) ---------------------------------------------------------------------


def test_k3_1_merits_for_kills_the_enemy_boss_and_other_sources() -> None:
    pike = ModelOutcome(name="Pike", kills=["Ilse Marrow", "Corin Hale"], boss_kill=True, merits=1)
    done, _ = run(crew(), [pike], "exploration", 1, 1, *["promotion", 3, 4] * 3)
    assert member(done, "Pike").merits == 2 + 1 + 1


def test_c4_20_a_model_that_fled_earns_no_merits_and_faces_the_review() -> None:
    pike = ModelOutcome(name="Pike", fate=Fate.FLED, kills=["Corin Hale"])
    done, events = run(crew(), [pike], "exploration", 1, 1, "review", 4)
    pike_after = member(done, "Pike")
    assert pike_after.merits == 0 and "no-merits" in kinds(events)
    assert (pike_after.damage, pike_after.health) == (4, 14 - 4)  # notes A62


def test_c4_20_a_model_that_left_is_reviewed_one_that_exited_is_not() -> None:
    left = ModelOutcome(name="Pike", fate=Fate.LEFT)
    exited = ModelOutcome(name="Sunita Roche", fate=Fate.EXITED, merits=1)
    dice = ["exploration", 1, 1, 1, 1, "promotion", 3, 4, "review", 2]
    done, _ = run(crew(), [exited, left], *dice)
    assert member(done, "Pike").damage == 2
    assert member(done, "Sunita Roche").merits == 1 and member(done, "Sunita Roche").damage == 0


def test_r3_9_rage_stim_d4_after_health_is_restored() -> None:
    done, events = run(
        crew(pike={"damage": 5, "consumables": ["Rage Stim"]}),
        [ModelOutcome(name="Pike", rage_stim=True, spent=["Rage Stim"])],
        *["exploration", 1, 1, "review", 3],
    )
    assert member(done, "Pike").damage == 3  # the old 5 healed at step 9
    assert kinds(events)[-2:] == ["restored", "review"]


def test_r3_9_each_rage_stim_taken_costs_its_own_d4_at_step_10() -> None:
    # Sunita Roche (Zealot) takes one Rage Stim in round 1 and the other in round 2.
    stims = ("Rage Stim", "Rage Stim")
    game = ended("control", {"A3": {"pos": (12.0, 4.0), "consumables": stims}}, steps=[])
    lineup = game.state.lineups[0]  # and its squad file lists them
    carried = replace(lineup.models[2], consumables=stims)
    models = (*lineup.models[:2], carried, *lineup.models[3:])
    game.state.lineups = (replace(lineup, models=models), *game.state.lineups[1:])
    for round in (1, 2):
        game.state.round = round
        settle(game, [Activation("A3")])
        apply_all(game, "use A3 rage-stim A3", "end A3")
    game.state.round = 7
    settle(game, [EndRound()])
    sunita = next(r for r in outcome_of(game, 0).models if r.name == "Sunita Roche")
    assert (sunita.rage_stim, sunita.spent) == (2, stims)
    book = crew(sunita={"damage": 4, "consumables": list(stims)})
    done, events = run(book, [sunita], *["exploration", 1, 1, "review", 3, "review", 2])
    assert member(done, "Sunita Roche").damage == 3 + 2  # the old 4 healed at step 9
    assert [(e.data["source"], e.data["amount"]) for e in events if e.kind == "review"] == [
        ("Rage Stim", 3),
        ("Rage Stim", 2),
    ]


def test_r6_permanent_losses_in_play_stay_in_the_book_notes_a72() -> None:
    # Tobias lost 1 DT Combat to a Critical, 1 DT on ranged attacks (Burned Out) and 1" of Move.
    done, events = run(
        crew(),
        [ModelOutcome(name="Tobias Valdez", lost=("combat", "ranged", "move"))],
        *["exploration", 1, 1],
    )
    tobias = member(done, "Tobias Valdez")
    assert [(c.stat.value, c.n, c.rule) for c in tobias.changes] == [
        ("combat", -1, "R6"),
        ("ranged", -1, "R6"),
        ("move", -1, "R6"),
    ]
    assert tobias.tier(COMBAT) == Tier.D6  # 2d8 a step down
    assert kinds(events).count("change") == 3


def test_r6_4_slag_armor_in_play_stays_with_the_armour_notes_a71() -> None:
    # Mara's Standard Cuirass (Medium) one class down in play: a Light piece from now on.
    book = crew(mara={"armor": "Standard Cuirass"})
    done, events = run(book, [ModelOutcome(name="Mara Voss", slag=1)], *["exploration", 1, 1])
    mara = member(done, "Mara Voss")
    assert (mara.slag, mara.model.armor is not None) == (1, True)
    assert "slagged" in kinds(events)
    assert "Slag Armor: its armour 1 class down" in book_report(done, CATALOG)


def test_r6_4_the_slag_armor_lines_name_the_model() -> None:
    book = crew(mara={"armor": "Heavy Cuirass"})
    _, events = run(book, [ModelOutcome(name="Mara Voss", slag=2)], *["exploration", 1, 1])
    lines = [describe(e) for e in events if e.kind == "slagged"]
    assert lines == ["Mara Voss's armour stays slagged: 2 classes down  [R6.4]"]


def test_r6_4_armour_slagged_below_light_is_destroyed_and_gone_from_the_kit() -> None:
    # Mara's Standard Cuirass (Medium), already a class down, loses one more: destroyed.
    book = crew(mara={"armor": "Standard Cuirass", "slag": 1})
    done, events = run(book, [ModelOutcome(name="Mara Voss", slag=1)], *["exploration", 1, 1])
    mara = member(done, "Mara Voss")
    assert (mara.slag, mara.model.armor) == (0, None)
    (gone,) = [e for e in events if e.kind == "armor-destroyed"]
    assert (gone.rule, gone.data["armor"]) == ("R6.4", "Standard Cuirass")


def test_l903_a71_a_terminated_models_slagged_armour_goes_to_the_lockers_as_it_is() -> None:
    # Tobias's Mesh Wrap (Light) is slagged in the game he dies in: destroyed first, so only
    # his Sword goes to the Lockers. Mara's Standard Cuirass, slagged before, goes there with
    # the rest of her kit (L903), still a class down (A71: Slag Armor persists).
    book = crew(mara={"armor": "Standard Cuirass", "slag": 1})
    models = [
        ModelOutcome(name="Tobias Valdez", fate=OOA, slag=1),
        ModelOutcome(name="Mara Voss", fate=OOA),
    ]
    dice = ("exploration", 1, 1, 1, 1, "injury", 1, 2, "injury", 1, 1)
    done, events = run(book, models, *dice)
    assert done.lockers == ("Needle Gun", "Shiv", "Standard Cuirass", "Sword")
    assert done.slagged == (("Standard Cuirass", 1),)
    assert [e.data["armor"] for e in events if e.kind == "armor-destroyed"] == ["Mesh Wrap"]
    stored = [describe(e) for e in events if e.kind == "armor-stored"]
    assert stored == [
        "Mara Voss's Standard Cuirass goes to the Lockers slagged as it is, 1 class down  [R6.4]"
    ]


def test_r6_a_game_record_carries_each_models_permanent_losses() -> None:
    placed = {"A4": (12.0, 12.0), "B1": (20.0, 22.0)}
    game = ended("control", placed)
    pike = game.model("A4")
    pike.losses = pike.losses.plus(("combat",), 1)
    pike.move_loss, pike.slag = 2, 1
    result = next(r for r in outcome_of(game, 0).models if r.name == "Pike")
    assert result.lost == ("combat", "move", "move") and result.slag == 1


def test_c4_20_the_review_never_leaves_less_than_one_health() -> None:
    frail = {"changes": [{"name": "Degraded", "rule": "K3.3", "stat": "max-health", "n": -12}]}
    done, _ = run(
        crew(pike=frail),
        [ModelOutcome(name="Pike", fate=Fate.LEFT)],
        *["exploration", 1, 1, "review", 6],
    )
    assert member(done, "Pike").health == 1


# --- step 1b: finds, rewards, Evidence (K2.3, K2.4, notes A77) ---------------------------------


def test_k2_3_derived_vector_a_spent_lead_a_duplicate_and_a_lead_instead() -> None:
    # Recorded {3, 7}; spend 1 Lead; d10 3 (duplicate), re-roll 7 (duplicate): 1 Lead instead.
    book = crew()
    book.evidence, book.leads = (3, 7), 1
    done, events = run(book, [], "evidence", 3, 7, won=True, picks=("spend 1",))
    assert (done.evidence, done.leads, done.unrecorded) == ((3, 7), 1, 0)
    assert kinds(events)[:4] == ["winner-evidence", "choice", "leads-spent", "duplicate"]
    assert "duplicate-lead" in kinds(events)


def test_k2_3_the_winner_records_a_new_type() -> None:
    done, events = run(crew(), [], "evidence", 5, won=True)
    assert done.evidence == (5,)
    assert "Evidence type 5 is recorded (1 of 9 types)  [K2.3]" in [describe(e) for e in events]


def test_k2_3_a_duplicate_without_leads_gives_a_lead() -> None:
    book = crew()
    book.evidence = (5,)
    done, _ = run(book, [], "evidence", 5, won=True)
    assert (done.evidence, done.leads) == ((5,), 1)


def test_k2_3_the_default_spends_a_lead_once_half_the_types_are_recorded() -> None:
    book = crew()
    book.evidence, book.leads = (1, 2, 3, 4, 5), 1
    done, _ = run(book, [], "evidence", 2, 9, won=True)
    assert (done.evidence, done.leads) == ((1, 2, 3, 4, 5, 9), 0)


def test_k2_3_a_mission_may_replace_the_winner_evidence() -> None:
    done, events = run(crew(), [], won=True, winner_evidence=False)
    assert done.evidence == () and "winner-evidence" not in kinds(events)


@pytest.mark.parametrize(
    ("mission", "fields", "dice", "evidence"),
    [
        (SIGNAL, {"rewards": Rewards(evidence=1)}, ("evidence", 4), (4,)),  # the mission's 1
        (SOURCE, {"campaign_won": True}, (), EIGHT),
    ],
)
def test_k2_3_the_trigger_missions_own_rewards_replace_the_winner_evidence_notes_a96_a97(
    mission: str, fields: dict[str, Any], dice: tuple[str | int, ...], evidence: tuple[int, ...]
) -> None:
    book = extractor_crew() if mission == SOURCE else crew()
    done, events = run(book, [], *dice, won=True, mission=mission, **fields)
    assert (done.evidence, done.unrecorded) == (evidence, 0)  # no K2.3 Evidence
    assert "winner-evidence" not in kinds(events)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"won": True, "winner_evidence": True, "mission": SIGNAL},
            r"winner_evidence true on mission M13\.1: its own rewards replace the winner's "
            r"Evidence \(K2\.3, notes A96, A97\)$",
        ),
        ({"winner_evidence": True, "mission": SOURCE}, r"winner_evidence true on mission M13\.2"),
        (
            {"won": True, "winner_evidence": False, "mission": "M4.1"},
            r"winner_evidence false on mission M4\.1: it leaves the winner its Evidence "
            r"\(K2\.3\)$",
        ),
        (
            {"leads_lost": True, "mission": "M4.1"},
            r"leads_lost on mission M4\.1: only The Source has it \(M13\.2\)$",
        ),
        (
            {"campaign_won": True, "mission": SIGNAL},
            r"campaign_won on mission M13\.1: only The Source has it \(M13\.2\)$",
        ),
        (
            {"next_extractor": False},
            r"next_extractor on a mission not known: only The Source has it \(M13\.2\)$",
        ),
    ],
)
def test_k2_3_m13_2_fields_the_mission_contradicts_are_refused_in_one_line(
    fields: dict[str, Any], message: str
) -> None:
    book = crew()
    before = book_to_data(book)
    with pytest.raises(CampaignError, match=IMPOSSIBLE + message) as caught:
        run(book, [], **fields)
    assert "\n" not in str(caught.value)
    assert book_to_data(book) == before


def refused(fields: dict[str, Any], message: str, models: tuple[ModelOutcome, ...] = ()) -> None:
    """The outcome is refused in one line matching ``message`` and the book is unchanged."""
    book = crew()
    before = book_to_data(book)
    with pytest.raises(CampaignError, match=IMPOSSIBLE + message) as caught:
        run(book, list(models), **fields)
    assert "\n" not in str(caught.value)
    assert book_to_data(book) == before


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {
                "campaign_won": True,
                "leads_lost": True,
                "evidence_lost": 3,
                "next_extractor": True,
            },
            r"campaign_won with won false: the extraction wins the game \(M13\.2\); "
            r"campaign_won with leads_lost: an extracted Source costs nothing \(M13\.2\); "
            r"campaign_won with evidence_lost 3: an extracted Source costs nothing \(M13\.2\); "
            r"campaign_won with next_extractor: there is no next attempt \(M13\.2\)$",
        ),
        (
            {"won": True, "leads_lost": True},
            r"leads_lost with won true: the Interceptor wins the game the Extractor loses "
            r"\(M13\.2\); leads_lost with evidence_lost 0: the Leads go with a d6 of Evidence "
            r"\(M13\.2\); leads_lost with next_extractor left out: say whether it holds the "
            r"Source \(M13\.2\)$",
        ),
        (
            {"won": True, "evidence_lost": 2, "next_extractor": True},
            r"evidence_lost 2 without leads_lost: only the Extractor that fails loses Evidence, "
            r"and all its Leads with it \(M13\.2\)$",
        ),
        (
            {"won": True},
            r"won true without campaign_won or next_extractor: the Source not extracted, say "
            r"whether the side holds it \(M13\.2\)$",
        ),
        (
            {"next_extractor": False},
            r"next_extractor with won false: the Interceptor loses only to an extraction, which "
            r"ends the attempts \(M13\.2\)$",
        ),
    ],
)
def test_m13_2_an_end_the_source_cannot_have_is_refused_in_one_line(
    fields: dict[str, Any], message: str
) -> None:
    refused({"mission": SOURCE, **fields}, message)


@pytest.mark.parametrize(
    "fields",
    [
        {"won": True, "campaign_won": True},  # extracted: the Extractor
        {},  # extracted: the Interceptor
        {"leads_lost": True, "evidence_lost": 7, "next_extractor": True},  # Interception, Failure
        {"won": True, "next_extractor": False},  # not extracted: the Interceptor
    ],
)
def test_m13_2_each_end_the_source_has_is_taken(fields: dict[str, Any]) -> None:
    run(extractor_crew(), [], mission=SOURCE, **fields)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"mission": "M4.1", "rewards": Rewards(leads=50, evidence=7)},
            r"rewards\.leads 50 on mission M4\.1: its loser gains at most 0 \(M4\.1\); "
            r"rewards\.evidence 7 on mission M4\.1: its loser gains at most 0 \(M4\.1\)$",
        ),
        (
            {"won": True, "mission": "M3.1", "rewards": Rewards(leads=3, evidence=1)},
            r"rewards\.leads 3 on mission M3\.1: its winner gains at most 2 \(M3\.1\); "
            r"rewards\.evidence 1 on mission M3\.1: its winner gains at most 0 \(M3\.1\)$",
        ),
        (
            {"won": True, "mission": "M9.1", "rewards": Rewards(evidence=2)},
            r"rewards\.evidence 2 on mission M9\.1: its winner gains at most 1 \(M9\.1\)$",
        ),
        (
            {"mission": "M9.1", "rewards": Rewards(leads=2)},
            r"rewards\.leads 2 on mission M9\.1: its loser gains at most 1 \(M9\.1\)$",
        ),
        (
            {"won": True, "campaign_won": True, "mission": SOURCE, "rewards": Rewards(leads=1)},
            r"rewards\.leads 1 on mission M13\.2: its winner gains at most 0 \(M13\.2\)$",
        ),
        ({"rewards": Rewards(leads=100)}, r"rewards\.leads 100 \(at most 99 in one game\)$"),
        (
            {"mission": SIGNAL, "rewards": Rewards(evidence=100)},
            r"rewards\.evidence 100 \(at most 99 in one game\)$",
        ),
    ],
)
def test_m_rewards_beyond_the_missions_reward_are_refused_in_one_line(
    fields: dict[str, Any], message: str
) -> None:
    refused(fields, message)


@pytest.mark.parametrize(
    ("won", "mission", "rewards", "dice"),
    [
        (True, "M2.1", Rewards(leads=2), (4,)),  # the winner's Lead and the bonus
        (True, "M5.1", Rewards(leads=1, evidence=1), (4, 6)),  # the target's Intel
        (True, "M10.1", Rewards(leads=2, evidence=1), (4, 6)),  # the bonus and Intel
        (False, "M11.1", Rewards(leads=1), ()),  # the loser's Lead, a step taken
        (False, "M12.1", Rewards(leads=1), ()),  # the loser's Lead, the informant held
        (False, SIGNAL, Rewards(leads=3, evidence=1), (4,)),  # what it examined
    ],
)
def test_m_each_missions_reward_is_taken(
    won: bool, mission: str, rewards: Rewards, dice: tuple[int, ...]
) -> None:
    evidence = ("evidence", *dice) if dice else ()
    done, _ = run(crew(), [], *evidence, won=won, mission=mission, rewards=rewards)
    assert done.leads == rewards.leads


@pytest.mark.parametrize(
    ("fields", "models", "message"),
    [
        (
            {"won": True, "mission": "M2.1"},
            (ModelOutcome(name="Pike", fate=Fate.EXITED, kills=["Ilse Marrow"]),),
            r"Pike: fate exited on mission M2\.1, which has no Mission Exit \(K1\.2\): off the "
            r"board it left or fled \(C4\.20\)$",
        ),
        (
            {"won": True, "mission": "M1.1"},
            (
                ModelOutcome(name="Pike", fate=Fate.EXITED),
                ModelOutcome(name="Mara Voss", fate=Fate.EXITED),
            ),
            r"fate exited for Pike and Mara Voss on mission M1\.1: only the carrier of its "
            r"package exits \(M1\.1\)$",
        ),
        (
            {"mission": "M12.1"},
            (ModelOutcome(name="Pike", fate=Fate.EXITED),),
            r"fate exited with won false on mission M12\.1: the carrier's exit wins it "
            r"\(M12\.1\)$",
        ),
        (
            {"won": True, "mission": SOURCE, "next_extractor": False},
            (ModelOutcome(name="Pike", fate=Fate.EXITED),),
            r"fate exited with campaign_won false on mission M13\.2: the carrier's exit wins it "
            r"\(M13\.2\)$",
        ),
    ],
)
def test_k1_2_a_model_exits_only_by_its_missions_exit_in_one_line(
    fields: dict[str, Any], models: tuple[ModelOutcome, ...], message: str
) -> None:
    refused(fields, message, models)


def test_k1_2_breakthrough_exits_any_number_and_a_mission_not_known_is_the_players_word() -> None:
    exited = [ModelOutcome(name=n, fate=Fate.EXITED) for n in ("Pike", "Mara Voss")]
    run(crew(), exited, "exploration", 1, 1, 1, 1, mission="M6.1")
    run(crew(), exited, "exploration", 1, 1, 1, 1)


def test_k2_1_finds_and_mission_rewards_reach_the_squad_after_the_game() -> None:
    finds = Finds(subs=12, items=["frag"], evidence=1, leads=1)
    done, _ = run(crew(), [], "evidence", 4, finds=finds, rewards=Rewards(leads=1))
    assert (done.subs, done.lockers, done.leads, done.evidence) == (12, ("Frag",), 2, (4,))


def test_m_the_mission_rewards_cite_the_mission_or_the_missions() -> None:
    rewards = Rewards(leads=1, evidence=1)
    _, events = run(crew(), [], "evidence", 4, 6, won=True, rewards=rewards, mission="M7.1")
    cited = [describe(e) for e in events if e.kind == "rewards"]
    assert cited == ["Mission rewards: Leads +1, Evidence +1  [M7.1]"]
    _, events = run(crew(), [], "evidence", 4, rewards=rewards)
    assert next(describe(e) for e in events if e.kind == "rewards").endswith("  [M]")


def test_k2_the_finds_of_search_and_interrogate_cite_gathering_evidence() -> None:
    _, events = run(crew(), [], finds=Finds(subs=10, leads=1))
    cited = [describe(e) for e in events if e.kind == "finds"]
    assert cited == ["The squad's finds reach it: subs +10; Leads +1  [K2]"]


def test_k2_4_lost_evidence_is_an_unrecorded_one_first() -> None:
    book = crew()
    book.evidence = (2,)
    done, _ = run(book, [], finds=Finds(evidence=1), evidence_lost=1)
    assert (done.evidence, done.unrecorded) == ((2,), 0)


def test_k2_4_the_owner_may_lose_a_recorded_type_instead() -> None:
    book = crew()
    book.evidence = (2,)
    done, _ = run(
        book, [], "evidence", 6, finds=Finds(evidence=1), evidence_lost=1, picks=("lose 2",)
    )
    assert done.evidence == (6,)


def test_k2_4_with_no_evidence_a_loss_does_nothing() -> None:
    done, events = run(crew(), [], evidence_lost=1)
    assert done.evidence == () and "nothing-to-lose" in kinds(events)


def test_k2_4_a_loss_in_play_cannot_take_the_winners_evidence_notes_a93() -> None:
    # No Evidence; False Data in play (2d4 = 2), then the squad wins: the winner's is recorded.
    done, events = run(crew(), [], "evidence", 5, won=True, finds=Finds(losses=(0,)))
    assert (done.evidence, done.unrecorded) == ((5,), 0)
    assert kinds(events)[:3] == ["nothing-to-lose", "winner-evidence", "recorded"]


def test_k2_4_a_loss_in_play_takes_only_the_evidence_found_before_it() -> None:
    # Found 1, False Data, found 1 more: the second find and the mission's reward are kept.
    finds = Finds(evidence=2, losses=(1,))
    done, events = run(crew(), [], "evidence", 4, 8, finds=finds, rewards=Rewards(evidence=1))
    assert done.evidence == (4, 8)
    assert kinds(events)[:4] == ["finds", "evidence-lost", "finds", "rewards"]


def test_k2_4_a_loss_at_the_games_end_takes_the_finds_and_rewards_not_the_winners() -> None:
    finds, rewards = Finds(evidence=1), Rewards(evidence=1)
    done, events = run(
        crew(), [], "evidence", 3, won=True, finds=finds, rewards=rewards, evidence_lost=3
    )
    assert done.evidence == (3,)
    assert kinds(events)[2:6] == [
        "evidence-lost",
        "evidence-lost",
        "nothing-to-lose",
        "winner-evidence",
    ]


def test_k2_nine_types_win_the_campaign() -> None:
    book = crew()
    book.evidence = (1, 2, 3, 4, 5, 6, 7, 8)
    done, events = run(book, [], "evidence", 9, won=True)
    assert len(done.evidence) == 9 and "campaign-won" in kinds(events)


def test_m13_2_the_source_not_extracted_loses_every_lead() -> None:
    book = extractor_crew()
    book.leads = 4
    fields = {"evidence_lost": 1, "next_extractor": False}
    done, events = run(book, [], leads_lost=True, mission=SOURCE, **fields)
    assert done.leads == 0 and "leads-lost" in kinds(events)


def test_m13_2_the_source_extracted_wins_the_campaign() -> None:
    _, events = run(extractor_crew(), [], won=True, campaign_won=True, mission=SOURCE)
    assert "source-extracted" in kinds(events)


def test_m13_2_the_holder_at_the_end_is_the_books_next_extractor() -> None:
    # The Interceptor won, holding the Source at the end.
    done, events = run(crew(), [], won=True, next_extractor=True, mission=SOURCE)
    assert done.extractor and book_to_data(done)["extractor"] is True
    assert book_from_data(book_to_data(done), CATALOG).extractor
    assert "the Extractor of the next attempt (M13.2)" in book_report(done, CATALOG)
    assert [describe(e) for e in events if e.kind == "next-extractor"] == [
        "The squad held the Source at the end: it is the Extractor of the next attempt  [M13.2]"
    ]
    done.evidence = EIGHT  # it calls the next attempt, as its Extractor, and fails it
    done.signal_played = True  # as a book at 8 Evidence has (K1.2)
    fields = {"leads_lost": True, "evidence_lost": 1, "next_extractor": False}
    again, events = run(done, [], mission=SOURCE, **fields)
    assert not again.extractor and "not-extractor" in kinds(events)
    kept, _ = run(done, [])  # another mission leaves it be
    assert kept.extractor
    assert "extractor" not in book_to_data(again)  # left out when not


@pytest.mark.parametrize(
    ("book", "fields", "message"),
    [
        (
            crew(),
            {"won": True, "campaign_won": True, "mission": SOURCE},
            r"^'Wrecking Crew' has 0 Evidence, and the outcome makes it The Source's Extractor; "
            r"The Source is called by a squad with 8 or more Evidence \(K1\.2, M13\.2\)$",
        ),
        (
            crew(),
            {"leads_lost": True, "evidence_lost": 2, "next_extractor": True, "mission": SOURCE},
            r"^'Wrecking Crew' has 0 Evidence, and the outcome makes it The Source's Extractor",
        ),
        (
            replace(extractor_crew(), extractor=True),
            {"won": True, "next_extractor": False, "mission": SOURCE},
            r"^'Wrecking Crew' held the Source at the end of the last attempt: it is the "
            r"Extractor of the next, and the outcome makes it the Interceptor \(M13\.2\)$",
        ),
        (
            replace(crew(), evidence=(1, 2, 3, 4, 5), signal_played=True),
            {"won": True, "mission": SIGNAL},
            r"^'Wrecking Crew' played The Signal already, which comes once a campaign "
            r"\(K1\.2\)$",
        ),
    ],
)
def test_l946_l1140_a_trigger_mission_the_book_was_not_called_to_is_refused_in_one_line(
    book: Book, fields: dict[str, Any], message: str
) -> None:
    before = book_to_data(book)
    with pytest.raises(CampaignError, match=message):
        run(book, [], **fields)
    assert book_to_data(book) == before
    run(crew(), [], won=True, next_extractor=True, mission=SOURCE)  # an Interceptor needs none


def test_k1_2_a_book_at_5_evidence_that_has_not_played_the_signal_plays_nothing_else() -> None:
    due = replace(crew(), evidence=(1, 2, 3, 4, 5))
    with pytest.raises(
        CampaignError,
        match=r"^'Wrecking Crew' has 5 Evidence and has not played The Signal: the first time a "
        r"squad reaches 5 it plays The Signal instead of a generated mission \(K1\.2\), not "
        r"mission M2\.1 \(where other squads played it, the game's setup or the outcome file "
        r"says signal_done = true\)$",
    ):
        run(due, [], won=True, mission="M2.1")
    with pytest.raises(CampaignError, match=r"^'Wrecking Crew' has 8 Evidence and has not "):
        run(replace(crew(), evidence=EIGHT), [], won=True, campaign_won=True, mission=SOURCE)
    assert run(due, [], mission=SIGNAL)[0].signal_played
    run(due, [])  # a table game's mission not known: the owner's word


def test_k1_2_the_signal_played_stays_in_the_book_as_it_comes_once_only() -> None:
    done, events = run(crew(), [], mission="M13.1")
    assert done.signal_played and book_to_data(done)["signal_played"] is True
    assert book_from_data(book_to_data(done), CATALOG).signal_played
    assert "The Signal: played, it comes once only (K1.2)" in book_report(done, CATALOG)
    assert [describe(e) for e in events if e.kind == "signal-played"] == [
        "The squad played The Signal: the book keeps it, as it comes once only  [K1.2]"
    ]
    kept, _ = run(done, [], mission="M2.1")  # another mission leaves it be
    assert kept.signal_played
    assert "signal_played" not in book_to_data(crew())  # left out when not


ELSEWHERE = (
    r"^'Wrecking Crew' knows other squads played The Signal already, which comes once a "
    r"campaign \(K1\.2\)$"
)


def test_k1_2_a_book_due_the_signal_takes_another_mission_once_the_campaign_had_it() -> None:
    # A, at 5 Evidence, met B, which had played The Signal against C: the Signal comes once a
    # campaign, so A played the generated mission, and its book keeps that it never plays it.
    due = replace(crew(), evidence=(1, 2, 3, 4, 5))
    done, events = run(due, [], mission="M2.1", signal_done=True)
    assert done.signal_elsewhere and done.signal_done and not done.signal_played
    assert book_to_data(done)["signal_elsewhere"] is True
    assert book_from_data(book_to_data(done), CATALOG).signal_elsewhere
    assert "The Signal: played by other squads, it comes once a campaign (K1.2)" in book_report(
        done, CATALOG
    )
    assert [describe(e) for e in events if e.kind == "signal-elsewhere"] == [
        "Other squads played The Signal: the book keeps it, as it comes once a campaign  [K1.2]"
    ]
    again, events = run(done, [], mission="M2.1")  # never due again, by its own mark
    assert again.signal_elsewhere and "signal-elsewhere" not in kinds(events)
    for book, fields in ((done, {}), (due, {"signal_done": True})):
        with pytest.raises(CampaignError, match=ELSEWHERE):
            run(book, [], mission=SIGNAL, **fields)
    short, _ = run(crew(), [], mission="M2.1", signal_done=True)  # learnt before it reaches 5
    assert short.signal_elsewhere
    played, events = run(replace(due, signal_played=True), [], mission="M2.1", signal_done=True)
    assert not played.signal_elsewhere and "signal-elsewhere" not in kinds(events)
    assert "signal_elsewhere" not in book_to_data(crew())  # left out when not


def test_k1_2_a_table_games_id_is_as_before_signal_done_was_kept() -> None:
    # An outcome a book took before the field came keeps its id, so it still counts once.
    fields = {"won": True, "mission": "M2.1"}
    assert applied_id(Outcome(**fields)) == (
        "53b0f1536533bf377d900da9461ccfe7873d450a8de2b6a37792157bcb7fb3d9"
    )
    assert applied_id(Outcome(signal_done=True, **fields)) != applied_id(Outcome(**fields))


# --- step 2: Exploration (K3.2) ----------------------------------------------------------------


def test_k3_2_exploration_may_leave_out_the_models_out_of_action() -> None:
    # notes A76: by default every model that played rolls; the option follows "surviving".
    models = [ModelOutcome(name="Pike"), ModelOutcome(name="Sunita Roche", fate=OOA)]
    options = PostGameOptions(exploration_excludes_ooa=True)
    done, events = run(crew(), models, "exploration", 3, 3, "injury", 3, 4, options=options)
    assert [e.models for e in events if e.roll and e.roll.purpose == "exploration"] == [("Pike",)]
    assert done.subs == 5  # 6: Standard Haul


def test_k3_2_models_that_stayed_home_do_not_explore() -> None:
    done, events = run(crew(), [ModelOutcome(name="Pike")], "exploration", 8, 8)
    assert done.subs == 15 and len([e for e in events if e.roll]) == 1


def test_k3_2_exploration_rolls_the_wits_a_critical_took_in_the_game() -> None:
    # Pike (Wits 2d8) lost a Wits step to a Logic Crash in play: it is lost from then on
    # (R6), so he explores on 2d6, though the book records it at step 3.
    _, events = run(crew(), [ModelOutcome(name="Pike", lost=("wits",))], "exploration", 1, 1)
    (rolled,) = [e.roll for e in events if e.roll and e.roll.purpose == "exploration"]
    assert rolled.dice == "2D6"
    assert kinds(events).index("exploration") < kinds(events).index("change")


# --- step 3: Injuries (K3.3) -------------------------------------------------------------------


def _unchanged(mara: Member) -> bool:
    return mara.changes == () and not mara.sidelined


INJURIES: list[tuple[tuple[int, int], str, Callable[[Member], bool]]] = [
    ((1, 3), "Degraded", lambda m: m.max_health == 15),
    ((2, 3), "Scrambled", lambda m: m.tier(WITS) == Tier.D4),
    ((3, 3), "Exposed", lambda m: m.tier(DEFENSE) == Tier.D4),
    ((3, 4), "Scarred", _unchanged),
    ((4, 4), "Diminished", lambda m: m.tier(COMBAT) == Tier.D6),
    ((4, 5), "Hobbled", lambda m: m.move == 3),
    ((5, 5), "Sidelined", lambda m: m.sidelined and m.changes == ()),
    ((5, 6), "Glitch", _unchanged),
    ((6, 6), "Reviewed", _unchanged),
]


@pytest.mark.parametrize(("faces", "row", "check"), INJURIES, ids=[i[1] for i in INJURIES])
def test_k3_3_injury_row(faces: tuple[int, int], row: str, check: Callable[[Member], bool]) -> None:
    mara = ModelOutcome(name="Mara Voss", fate=OOA)
    done, events = run(crew(), [mara], "exploration", 1, 1, "injury", *faces)
    assert [e.data["row"] for e in events if e.kind == "injury"] == [row]
    assert check(member(done, "Mara Voss"))


def test_k3_3_injury_terminated_sends_the_kit_to_the_lockers() -> None:
    tobias = ModelOutcome(name="Tobias Valdez", fate=OOA)
    done, events = run(crew(), [tobias], "exploration", 1, 1, "injury", 1, 2)
    assert "Tobias Valdez" not in [m.name for m in done.members]
    assert done.lockers == ("Sword", "Mesh Wrap")
    assert "Tobias Valdez leaves the squad (Terminated); its kit goes to the Lockers: " in (
        describe(events[-3])
    )


def test_k3_3_critical_injury_modifiers_lower_the_roll() -> None:
    # Two Criticals' "-2 Injury roll": 5 - 4 = 1, read as "3 or less".
    tobias = ModelOutcome(name="Tobias Valdez", fate=OOA, injury=-4)
    done, _ = run(crew(), [tobias], "exploration", 1, 1, "injury", 2, 3)
    assert len(done.members) == 4


def test_k3_3_a_dead_boss_is_replaced_by_the_resource_with_most_merits() -> None:
    # notes A81: Pike (3 Merits) becomes the Boss; an Agent (Both, Light) can only gain armour.
    mara = ModelOutcome(name="Mara Voss", fate=OOA)
    done, events = run(crew(pike={"merits": 3}), [mara], "exploration", 1, 1, "injury", 1, 1)
    pike = member(done, "Pike")
    assert done.boss is pike and pike.promoted is Perk.ARMOR
    assert pike.model.contract.max_armor.value == "medium"
    assert done.lockers == ("Needle Gun", "Shiv", "Flak Wrap")
    assert kinds(events)[-4:-2] == ["choice", "boss-promoted"]


def test_k3_3_the_owner_picks_the_new_boss_and_its_perk() -> None:
    mara = ModelOutcome(name="Mara Voss", fate=OOA)
    picks = ("boss 2 Sunita_Roche", f"perk {Perk.BOTH_WEAPONS.value}")  # Mara was first
    done, _ = run(crew(), [mara], "exploration", 1, 1, "injury", 1, 1, picks=picks)
    sunita = member(done, "Sunita Roche")
    assert done.boss is sunita and sunita.promoted is Perk.BOTH_WEAPONS


def test_k3_3_a_model_at_max_health_zero_leaves_the_squad() -> None:
    frail = {"changes": [{"name": "Degraded", "rule": "K3.3", "stat": "max-health", "n": -13}]}
    tobias = ModelOutcome(name="Tobias Valdez", fate=OOA)
    done, events = run(crew(tobias=frail), [tobias], "exploration", 1, 1, "injury", 1, 3)
    assert len(done.members) == 4 and done.lockers == ("Sword", "Mesh Wrap")
    assert [e.data["why"] for e in events if e.kind == "removed"] == ["max Health 0"]


def test_k3_3_attribute_limits_waste_a_step_below_2d4() -> None:
    tobias = ModelOutcome(name="Tobias Valdez", fate=OOA)
    done, events = run(crew(), [tobias], "exploration", 1, 1, "injury", 2, 3)
    assert member(done, "Tobias Valdez").changes == ()
    assert "wasted" in kinds(events)


def test_k3_3_a_sidelined_model_misses_the_next_game_then_returns() -> None:
    mara = ModelOutcome(name="Mara Voss", fate=OOA)
    once, _ = run(crew(), [mara], "exploration", 1, 1, "injury", 5, 5)
    assert member(once, "Mara Voss").sidelined
    with pytest.raises(CampaignError, match="Sidelined: it misses this game"):
        run(once, [ModelOutcome(name="Mara Voss")])
    twice, events = run(once, [ModelOutcome(name="Pike")], "exploration", 1, 1)
    assert not member(twice, "Mara Voss").sidelined and kinds(events)[0] == "back"


# --- step 4: Promotions (K3.4, notes A78, A79) --------------------------------------------------


PROMOTIONS: list[tuple[tuple[int, int], str, Callable[[Member], bool]]] = [
    ((1, 1), "Demotion", lambda m: m.tier(WITS) == Tier.D4),  # tie: Wits goes first
    ((1, 2), "Bonus", lambda m: m.max_health == 17),
    ((1, 3), "Transfer", lambda m: m.move == 5),
    ((2, 3), "Clearance", lambda m: m.tier(COMBAT) == Tier.D10),
    ((3, 3), "Coverage", lambda m: m.tier(DEFENSE) == Tier.D8),
    ((3, 4), "Promotion", lambda m: m.tier(DEFENSE) == Tier.D8),  # the lowest, Defense first
    ((4, 4), "Training", lambda m: m.tier(WITS) == Tier.D8),
    ((4, 5), "Raise", lambda m: m.tier(COMBAT) == Tier.D10),
    ((5, 5), "Benefits", lambda m: m.max_health == 18),
    ((5, 6), "Relocation", lambda m: m.move == 6),
    ((6, 6), "Fast-track", lambda m: (m.tier(DEFENSE), m.tier(WITS)) == (Tier.D8, Tier.D8)),
]


@pytest.mark.parametrize(("faces", "row", "check"), PROMOTIONS, ids=[p[1] for p in PROMOTIONS])
def test_k3_4_promotion_row(
    faces: tuple[int, int], row: str, check: Callable[[Member], bool]
) -> None:
    mara = ModelOutcome(name="Mara Voss", merits=1)
    done, events = run(crew(), [mara], "exploration", 1, 1, "promotion", *faces)
    assert [e.data["row"] for e in events if e.kind == "promotion"] == [row]
    assert check(member(done, "Mara Voss"))


def test_k3_4_one_roll_per_threshold_crossed() -> None:
    # 0 -> 4 Merits crosses 1, 2 and 4: three rolls (notes A78).
    mara = ModelOutcome(name="Mara Voss", merits=4)
    dice = ["exploration", 1, 1, "promotion", 1, 2, "promotion", 1, 3, "promotion", 5, 5]
    done, events = run(crew(), [mara], *dice)
    assert [e.data["threshold"] for e in events if e.kind == "threshold"] == [1, 2, 4]
    mara_after = member(done, "Mara Voss")
    assert (mara_after.max_health, mara_after.move) == (16 + 1 + 2, 5)


def test_k3_4_a_broadcaster_may_take_a_power_instead_of_combat() -> None:
    # notes A66: chosen, not rolled; no Power twice.
    dmitri = ModelOutcome(name="Dmitri Osei", merits=1)
    dice = ["exploration", 1, 1, "promotion", 2, 3]
    default, _ = run(crew(), [dmitri], *dice)
    assert member(default, "Dmitri Osei").tier(COMBAT) == Tier.D6
    chosen, events = run(crew(), [dmitri], *dice, picks=("gain power Neural_Trap",))
    powers = [p.name for p in member(chosen, "Dmitri Osei").all_powers]
    assert powers == ["Signal Jam", "Neural Trap"]
    offered = next(e.data for e in events if e.kind == "choice")
    assert "the Power Signal Jam" not in str(offered)


def test_k3_4_row_seven_is_the_owners_pick() -> None:
    mara = ModelOutcome(name="Mara Voss", merits=1)
    dice = ["exploration", 1, 1, "promotion", 3, 4]
    done, _ = run(crew(), [mara], *dice, picks=("gain move+1",))
    assert member(done, "Mara Voss").move == 5


def test_k3_4_a_demotion_tie_is_the_owners_pick() -> None:
    mara = ModelOutcome(name="Mara Voss", merits=1)
    dice = ["exploration", 1, 1, "promotion", 1, 1]
    done, _ = run(crew(), [mara], *dice, picks=("gain defense-1",))
    assert member(done, "Mara Voss").tier(DEFENSE) == Tier.D4


def test_k3_4_a_step_past_2d12_is_wasted_unless_the_row_offers_another() -> None:
    # notes A79: Raise at Combat 2d12 does nothing; row 7 at 2d12 everywhere gives Move.
    capped = [
        {"name": "Training", "rule": "K3.4", "stat": stat, "n": n}
        for stat, n in (("combat", 2), ("defense", 3), ("wits", 3))
    ]
    mara = ModelOutcome(name="Mara Voss", merits=1)
    book = crew(mara={"changes": capped})
    raised, events = run(book, [mara], "exploration", 6, 6, "promotion", 4, 5)
    assert "wasted" in kinds(events) and member(raised, "Mara Voss").changes[-1].name == "Training"
    picked, _ = run(book, [mara], "exploration", 6, 6, "promotion", 3, 4)
    assert member(picked, "Mara Voss").move == 5


# --- before step 1, and bad outcomes -----------------------------------------------------------


def test_r3_9_items_used_up_in_play_leave_the_kit() -> None:
    book = crew()
    book.subs = 8
    book = buy(book, "Medkit", "Pike", catalog=CATALOG)
    done, events = run(book, [ModelOutcome(name="Pike", spent=["medkit"])], "exploration", 1, 1)
    assert "Medkit" not in member(done, "Pike").kit and kinds(events)[0] == "spent"
    with pytest.raises(CampaignError, match="carries no Medkit"):
        run(done, [ModelOutcome(name="Pike", spent=["Medkit"])])


def test_r7_1_r7_2_a_weapon_a_fumble_destroyed_leaves_the_kit_citing_the_fumble() -> None:
    book = crew()
    book.subs = 8
    book = buy(book, "Medkit", "Pike", catalog=CATALOG)
    pike = ModelOutcome(name="Pike", spent=["Medkit", "pistol", "Sword"])
    done, events = run(book, [pike], "exploration", 1, 1)
    assert not {"Medkit", "Pistol", "Sword"} & set(member(done, "Pike").kit)
    assert [describe(e) for e in events if e.kind in ("spent", "destroyed")] == [
        "Pike used up Medkit  [R3.9]",
        "Pike's Pistol was destroyed by a Fumble: it leaves the kit  [R7.2]",
        "Pike's Sword was destroyed by a Fumble: it leaves the kit  [R7.1]",
    ]


@pytest.mark.parametrize(
    ("models", "message"),
    [
        ([ModelOutcome(name="Nobody")], "no model 'Nobody'"),
        ([ModelOutcome(name="Pike"), ModelOutcome(name="pike")], "twice"),
        ([ModelOutcome(name="Pike", boss_kill=True)], "boss_kill needs"),
    ],
)
def test_k3_an_outcome_that_does_not_fit_the_book_is_one_line(
    models: list[ModelOutcome], message: str
) -> None:
    book = crew()
    before = book_to_data(book)
    with pytest.raises(CampaignError, match=message):
        run(book, models)
    assert book_to_data(book) == before


def test_k3_1_the_other_sides_outcome_is_refused_for_its_models_not_weighed_as_ours() -> None:
    """The enemy's outcome names our models among its kills: it is not this book's squad's,
    which is said first, not as kills of its own squad (K3.1)."""
    theirs = [
        ModelOutcome(name="Ilse Marrow", kills=("Pike", "Tobias Valdez")),
        ModelOutcome(name="Corin Hale", kills=("Mara Voss",), boss_kill=True),
    ]
    book = crew()
    before = book_to_data(book)
    with pytest.raises(
        CampaignError,
        match=r"^no model 'Ilse Marrow', 'Corin Hale' in 'Wrecking Crew': an outcome applies "
        r"only to the book of the squad that played it \(is it the other side's\?\)$",
    ):
        run(book, theirs, won=True, mission="M4.1")
    assert book_to_data(book) == before


IMPOSSIBLE = "^the outcome is impossible: "


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"models": [ModelOutcome(name="Pike", kills=["pike"])]},
            IMPOSSIBLE + r"Pike cannot put itself Out of Action \(K3\.1\)$",
        ),
        (
            {"models": [ModelOutcome(name="Pike", kills=["Mara Voss"])]},
            IMPOSSIBLE + "Pike's kill Mara Voss is of its own squad: only enemy player models "
            r"earn Merits \(K3\.1\)$",
        ),
        (
            {
                "models": [
                    ModelOutcome(name="Pike", kills=["Ilse Marrow"]),
                    ModelOutcome(name="Mara Voss", kills=["ilse marrow"]),
                ]
            },
            IMPOSSIBLE + r"Ilse Marrow is put Out of Action twice \(once a game, K3\.1\)$",
        ),
        (
            {"models": [ModelOutcome(name="Pike", kills=[f"Enemy {n}" for n in range(6)])]},
            IMPOSSIBLE + r"6 kills \(an enemy squad has 5 models, C2\)$",
        ),
        (
            {
                "models": [
                    ModelOutcome(name="Pike", kills=["Ilse Marrow"], boss_kill=True),
                    ModelOutcome(name="Mara Voss", kills=["Wren Okafor"], boss_kill=True),
                ]
            },
            IMPOSSIBLE + r"Pike and Mara Voss each put the enemy Boss Out of Action \(one, C2\)$",
        ),
        (
            {"models": [ModelOutcome(name="Pike", merits=18)]},
            IMPOSSIBLE + r"Pike: 18 Merits beyond kills \(at most 17\)$",
        ),
        (
            {"models": [ModelOutcome(name="Pike", fate=OOA, injury=2)]},
            IMPOSSIBLE + r"Pike: Injury modifier \+2 \(Criticals only lower the roll, -12 to 0",
        ),
        (
            {"models": [ModelOutcome(name="Pike", fate=OOA, injury=-13)]},
            IMPOSSIBLE + r"Pike: Injury modifier -13",
        ),
        ({"finds": Finds(subs=281)}, IMPOSSIBLE + r"finds\.subs 281 \(at most 280 in one game\)$"),
        ({"finds": Finds(items=["Frag"] * 13)}, IMPOSSIBLE + r"finds\.items 13 \(at most 12"),
        ({"finds": Finds(evidence=17)}, IMPOSSIBLE + r"finds\.evidence 17 \(at most 16"),
        ({"finds": Finds(leads=17)}, IMPOSSIBLE + r"finds\.leads 17 \(at most 16"),
        ({"rewards": Rewards(leads=100)}, IMPOSSIBLE + r"rewards\.leads 100 \(at most 99"),
        ({"rewards": Rewards(evidence=100)}, IMPOSSIBLE + r"rewards\.evidence 100"),
        (
            {"evidence_lost": 17, "finds": Finds(evidence=1, losses=(1,))},
            IMPOSSIBLE + r"18 Evidence lost \(evidence_lost and finds\.losses, at most 17 in one",
        ),
        (
            {"finds": Finds(evidence=1, losses=(1, 0))},
            IMPOSSIBLE + r"finds\.losses \[1, 0\] \(each the Evidence found before it, in order",
        ),
        ({"finds": Finds(evidence=1, losses=(2,))}, IMPOSSIBLE + r"finds\.losses \[2\]"),
        ({"mission": "M14.1"}, IMPOSSIBLE + r"mission M14\.1 is none of the missions \(M\)$"),
        (
            {"models": [ModelOutcome(name="Pike", kills=["Mara Voss"], kill_ids=["B1"])]},
            IMPOSSIBLE + r"Pike: kill_ids come only from a game record \(K3\.1\)$",
        ),
    ],
)
def test_k3_1_an_outcome_no_game_can_have_is_refused_in_one_line(
    fields: dict[str, Any], message: str
) -> None:
    book = crew()
    before = book_to_data(book)
    rest = {key: value for key, value in fields.items() if key != "models"}
    with pytest.raises(CampaignError, match=message) as caught:
        run(book, fields.get("models", []), **rest)
    assert "\n" not in str(caught.value)
    assert book_to_data(book) == before


def test_k1_4_tactical_6_the_free_search_counts_in_the_most_one_game_gives() -> None:
    # 5 Loot Markers and the free Search: 6 Searches of two finds each (K2.1 row 20), and 4
    # Interrogates (K2.2): 20 subs a find and 10 a Bribe Offer; a Merit, an item, an Evidence
    # and a Lead a find and an Interrogate; the mission's bonus Merit.
    searches, interrogates = 5 + 1, 4
    finds = Finds(
        subs=2 * searches * 20 + interrogates * 10,
        items=["Frag"] * 2 * searches,
        evidence=2 * searches + interrogates,
        leads=2 * searches + interrogates,
    )
    most = Outcome(
        models=(ModelOutcome(name="Pike", merits=2 * searches + interrogates + 1),), finds=finds
    )
    check_outcome(crew(), most, CATALOG.campaign, CATALOG)
    more = [
        most.model_copy(update={"models": (ModelOutcome(name="Pike", merits=18),)}),
        *(
            most.model_copy(update={"finds": finds.model_copy(update={key: value})})
            for key, value in [
                ("subs", 281),
                ("items", ("Frag",) * 13),
                ("evidence", 17),
                ("leads", 17),
            ]
        ),
    ]
    for outcome in more:
        with pytest.raises(CampaignError, match="at most"):
            check_outcome(crew(), outcome, CATALOG.campaign, CATALOG)


def test_k3_1_every_impossible_count_is_named_at_once() -> None:
    models = [ModelOutcome(name="Pike", kills=["Pike"], merits=20, injury=1)]
    with pytest.raises(CampaignError) as caught:
        run(crew(), models, evidence_lost=30)
    assert str(caught.value).count(";") == 3  # itself, the Merits, the Injury, evidence_lost


def test_k3_a_game_record_counts_once() -> None:
    book = crew()
    game = _finished_game(11, book)
    outcome = outcome_of(game, 0)
    assert outcome.record == record_id(game.record()) == record_id(replay(game.record()).record())
    assert re.fullmatch(r"[0-9a-f]{64}", outcome.record)
    done, _ = post_game(book, outcome, _dice())
    assert done.records == (outcome.record,) and done.games == 1
    again = book_from_data(book_to_data(done), CATALOG)
    assert again.records == done.records
    with pytest.raises(CampaignError, match=r"^'Wrecking Crew' took this game record already "):
        post_game(again, outcome, _dice())
    other = outcome_of(_finished_game(12, again), 0)
    assert other.record != outcome.record
    assert post_game(again, other, _dice())[0].records == (
        outcome.record,
        other.record,
    )


def test_k3_an_old_book_without_records_takes_a_table_game() -> None:
    data = book_to_data(crew())
    del data["records"]  # a book written before it kept them
    book = book_from_data(data, CATALOG)
    assert book.records == ()
    outcome = Outcome(models=(ModelOutcome(name="Pike"),))
    done, _ = run(book, [ModelOutcome(name="Pike")], "exploration", 1, 1)
    assert done.records == (applied_id(outcome),) and done.games == 1


def test_k3_a_table_games_outcome_counts_once_and_a_label_tells_another_game() -> None:
    fields = {"won": True, "mission": "M2.1"}
    done, _ = run(crew(), [], "evidence", 3, **fields)
    taken = applied_id(Outcome(**fields))
    assert re.fullmatch(r"[0-9a-f]{64}", taken) and done.records == (taken,)
    again = book_from_data(book_to_data(done), CATALOG)
    before = book_to_data(again)
    with pytest.raises(
        CampaignError,
        match=rf"^'Wrecking Crew' took this outcome already \(outcome {taken[:12]}\.\.\.\): a "
        r"game's post-game counts once \(K3\); if it is another game's, tell it apart with a "
        r"label$",
    ):
        run(again, [], **fields)
    assert book_to_data(again) == before and again.games == 1
    later, _ = run(again, [], "evidence", 4, label="game 2, the rematch", **fields)
    assert later.games == 2 and len(later.records) == 2


def test_k3_the_outcome_file_of_a_table_game(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(
        """
won = true
evidence_lost = 0

[finds]
subs = 12
items = ["Frag"]

[rewards]
leads = 1

[[models]]
name = "Pike"
fate = "out-of-action"
kills = ["Ilse Marrow"]
boss_kill = true
injury = -2
""",
        encoding="utf-8",
    )
    outcome = load_outcome(path)
    assert outcome.won and outcome.finds.subs == 12 and outcome.rewards.leads == 1
    assert outcome.models[0].fate is OOA and outcome.models[0].injury == -2
    path.write_text('[[models]]\nname = "Pike"\nfate = "vanished"\n', encoding="utf-8")
    with pytest.raises(CampaignError, match="model 1 'Pike': fate") as caught:
        load_outcome(path)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("given", "uses"), [("2", 2), ("true", 1), ("false", 0)])
def test_r3_9_an_outcome_file_counts_the_rage_stims_a_flag_of_before_as_one(
    tmp_path: Path, given: str, uses: int
) -> None:
    path = tmp_path / "game.toml"
    path.write_text(f'[[models]]\nname = "Pike"\nrage_stim = {given}\n', encoding="utf-8")
    assert load_outcome(path).models[0].rage_stim == uses


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ("-1", r"greater than or equal to 0 \(got -1\)"),
        ("1.5", r"valid integer \(got 1\.5\)"),
        ('"two"', r"valid integer \(got 'two'\)"),
    ],
)
def test_r3_9_a_rage_stim_count_that_is_no_count_is_refused_in_one_line(
    tmp_path: Path, given: str, problem: str
) -> None:
    path = tmp_path / "game.toml"
    path.write_text(f'[[models]]\nname = "Pike"\nrage_stim = {given}\n', encoding="utf-8")
    with pytest.raises(CampaignError, match=f"model 1 'Pike': rage_stim: .*{problem}") as caught:
        load_outcome(path)
    assert "\n" not in str(caught.value)


def test_r3_9_a_rage_stim_is_one_the_model_carried_and_used_up() -> None:
    book = crew(pike={"consumables": ["Rage Stim"]})
    before = book_to_data(book)
    one = ["Rage Stim"]
    for taken, spent, found in [(1, [], 0), (2, one, 1)]:
        pike = ModelOutcome(name="Pike", rage_stim=taken, spent=spent)
        message = (
            rf"{IMPOSSIBLE}Pike: rage_stim {taken} but {found} Rage Stims? in spent \(each one "
            r"taken is one of its own used up, R3\.9\)$"
        )
        with pytest.raises(CampaignError, match=message):
            run(book, [pike])
        assert book_to_data(book) == before
    with pytest.raises(CampaignError, match="Pike carries no Rage Stim"):
        run(crew(), [ModelOutcome(name="Pike", rage_stim=1, spent=one)])
    done, _ = run(
        book,
        [ModelOutcome(name="Pike", rage_stim=1, spent=["rage stim"])],
        "exploration",
        1,
        1,
        "review",
        2,
    )
    assert member(done, "Pike").damage == 2 and "Rage Stim" not in member(done, "Pike").kit


def test_k3_a_whole_post_game_reads_rule_by_rule() -> None:
    book = crew(tobias={"merits": 3, "consumables": ["Rage Stim"]})
    book.evidence, book.leads = (1, 2, 3, 4, 5), 2
    stim = ["Rage Stim"]
    models = [
        ModelOutcome(name="Mara Voss", fate=OOA),
        ModelOutcome(name="Tobias Valdez", kills=["X"], boss_kill=True, rage_stim=1, spent=stim),
        ModelOutcome(name="Pike", fate=Fate.FLED, kills=["Y"]),
    ]
    dice = [
        *["evidence", 1, 6, "exploration", 1, 1, 1, 1, 1, 1],
        *["injury", 1, 1, "promotion", 2, 3, "review", 3, "review", 2],
    ]
    finds = Finds(subs=3, items=["Frag"], leads=1, evidence=2)
    done, events = run(book, models, *dice, finds=finds, evidence_lost=1)
    assert done.boss is member(done, "Tobias Valdez")
    assert {"duplicate", "recorded", "removed", "boss-promoted", "change", "review"} <= set(
        kinds(events)
    )


# --- credit for putting a model Out of Action (K3.1) -------------------------------------------

BASE = {"A2": (10.0, 10.0), "A1": (1.0, 1.0), "B1": (23.0, 23.0)}
TOWER = {
    "id": "tower",
    "kind": "climbable",
    "height": 8.0,
    "cover": "heavy",
    "polygon": rect(8.0, 8.0, 16.0, 12.0),
}


def settle(game: Game, steps: list[Any]) -> None:
    game.stack.extend(reversed(steps))
    game._advance(None)


def test_k3_1_credit_the_attacker_whose_attack_takes_the_last_health() -> None:
    placed = {**BASE, "B5": {"pos": (10.0, 10.0 + TOUCH), "health": 4}}
    dice = script("attack", 5, 6, "defense", 2, 4, "damage", 4)
    game = scenario(placed, dice, act="A2")
    game.apply("fight A2 B5 sword")
    game.apply("defend B5")
    assert game.model("B5").ooa_by == "A2"


def test_k3_1_credit_a_knockback_fall_to_the_attacker() -> None:
    y = 12.0 - 0.492 - 0.3
    placed = {
        "A2": {"pos": (12.0, y - TOUCH), "weapons": ("Mace",)},
        "B2": {"pos": (12.0, y), "health": 5},
        "A5": (1.0, 1.0),
        "B1": (23.0, 23.0),
    }
    dice = script("attack", 5, 6, "defense", 3, 3, "damage", 3, "fall", 3, 5)
    game = scenario(placed, dice, act="A2", board=board(TOWER))
    game.apply("fight A2 B2 mace")
    gunner = game.model("B2")
    assert gunner.removed == casualties.OUT_OF_ACTION and gunner.ooa_by == "A2"


def test_k3_1_a_fall_from_the_models_own_move_credits_nobody() -> None:
    placed = {"A1": {"pos": (12.0, 10.0), "health": 4}, "B1": (23, 23)}
    game = scenario(placed, script("fall", 3, 5), act="A1", board=board(TOWER))
    casualties.wound(game, game.model("A1"), 1, "C4.18", "B1")  # an earlier hit by B1
    game.apply("jump A1 12,6")
    assert game.model("A1").removed == casualties.OUT_OF_ACTION
    assert game.model("A1").ooa_by == ""


def test_k3_1_damage_over_time_credits_whoever_inflicted_it() -> None:
    placed = {**BASE, "A3": (12.0, 10.0), "B5": {"pos": (10.0, 10.0 + TOUCH), "health": 5}}
    game = scenario(placed)
    b5 = game.model("B5")
    casualties.wound(game, b5, 1, "C4.18", "A2")  # the Critical's attack, then its Bleed
    bleed = conditions.row(game, "R6.1", "Bleed")
    conditions.apply_row(game, b5, bleed.effects, "R6.1", "Bleed", game.model("A2"), "Sword")
    casualties.wound(game, b5, 2, "C4.18", "A3")  # a later hit by another model
    settle(game, [Activation("B5")])  # the Bleed's 2 takes the last Health
    assert b5.removed == casualties.OUT_OF_ACTION and b5.ooa_by == "A2"


def test_k3_1_dissolved_credits_whoever_inflicted_it() -> None:
    placed = {**BASE, "B5": (10.0, 10.0 + TOUCH)}
    game = scenario(placed)
    b5 = game.model("B5")
    casualties.wound(game, b5, 1, "C4.18", "A2")
    row = conditions.row(game, "R6.6", "Dissolved")
    conditions.apply_row(game, b5, row.effects, "R6.6", "Dissolved", game.model("A2"), "Injector")
    game.state.round = 2
    settle(game, [EndRound()])
    assert b5.ooa_by == "A2"


def test_k3_1_neural_trap_credits_its_caster() -> None:
    placed = {
        "A5": {"pos": (12.0, 4.0), "powers": ("Neural Trap",)},
        "B2": {"pos": (12.0, 12.0), "health": 3},
        "B3": (14.0, 12.0),
        "A1": (1.0, 1.0),
    }
    game = scenario(placed, script("cast", 5, 5, "resist", 2, 2, "neural-trap", 4), act="A5")
    game.apply("cast A5 B2")
    game.apply("end A5")
    settle(game, [Activation("B2")])
    game.apply("move B2 12,13")
    assert game.model("B2").ooa_by == "A5"


def test_k3_1_a_resonance_push_off_a_ledge_credits_the_caster() -> None:
    placed = {
        "A5": {"pos": (9.0, 10.0), "powers": ("Resonance Push",)},
        "B2": {"pos": (15.2, 10.0), "health": 3},
        "A1": (1.0, 1.0),
        "B1": (23.0, 23.0),
    }
    dice = script("cast", 5, 5, "resist", 2, 2, "push", 3, "fall", 3, 5)
    game = scenario(placed, dice, act="A5", board=board(TOWER))
    game.apply("cast A5 B2")
    game.apply("push B2 3")
    assert game.model("B2").removed == casualties.OUT_OF_ACTION
    assert game.model("B2").ooa_by == "A5"


def _dice() -> SeededDice:
    return SeededDice(0)


def _finished_game(seed: int, book: Book | None = None) -> Game:
    """A game of random players; side A ``book``'s squad, if given, else the default's."""
    options = {} if book is None else {"squad_a": {"book": book_to_data(book)}}
    ruleset = find_ruleset("sacred-wire")
    game = ruleset.new_game(ruleset.normalize_setup(options), seed)
    players = [make_player("random", seed * 2 + 1), make_player("random", seed * 2 + 2)]
    while game.decision is not None:
        game.apply(players[game.decision.player].choose(game))
    return game


def test_k3_1_outcome_of_a_played_game_reads_the_credit() -> None:
    game = _finished_game(11)
    outcome = outcome_of(game, 0)
    enemies = [m for m in game.models if m.side == 1]
    credited = {m.name for m in enemies if getattr(m, "ooa_by", "").startswith("A")}
    assert {k for m in outcome.models for k in m.kills} == credited
    assert outcome.won == (game.result is not None and game.result.winner == 0)
    assert [m.name for m in outcome.models] == list(NAMES)
    saved = restore(game.to_json())
    assert outcome_of(saved, 0) == outcome == outcome_of(game.clone(), 0)
    replayed = replay(game.record())
    assert outcome_of(replayed, 0) == outcome


def test_k3_1_a_record_of_mirror_squads_names_its_kills_as_the_enemys() -> None:
    """Both squads are firing-line's: side A's Ilse Marrow puts side B's, the enemy Boss, Out
    of Action. The record names the kill by its id in the game (B1), so it is neither the
    model itself nor one of its squad, and it earns the kill's Merit and the Boss's (K3.1)."""
    book = new_book(squad_for_book("firing-line", CATALOG))
    outcome = outcome_of(_finished_game(118, book), 0)
    ilse = outcome.models[0]
    assert (ilse.name, ilse.kills, ilse.kill_ids, ilse.boss_kill) == (
        "Ilse Marrow",
        ("Ilse Marrow",),
        ("B1",),
        True,
    )
    done, events = post_game(book, outcome, _dice())
    assert "Ilse Marrow logs 2 Merits (1 for kills, 1 for the Boss): 2 in all  [K3.1]" in [
        describe(e) for e in events
    ]
    assert done.member("Ilse Marrow").merits == 2


def test_k3_1_a_records_kill_ids_name_one_enemy_each() -> None:
    record = "0" * 64
    odd = ModelOutcome(name="Pike", kills=("Ilse Marrow",), kill_ids=("B1", "B2"))
    with pytest.raises(CampaignError, match=r"Pike: 2 kill ids for 1 kill \(one each, K3\.1\)"):
        check_outcome(crew(), Outcome(models=(odd,), record=record), CATALOG.campaign, CATALOG)
    both = (
        ModelOutcome(name="Pike", kills=("Ilse Marrow",), kill_ids=("B1",)),
        ModelOutcome(name="Mara Voss", kills=("Sunita Roche",), kill_ids=("A3",)),
    )
    with pytest.raises(CampaignError, match=r"kill_ids of sides A and B: one enemy \(K3\.1\)$"):
        check_outcome(crew(), Outcome(models=both, record=record), CATALOG.campaign, CATALOG)


def test_k3_1_kill_ids_leave_a_table_games_id_as_before() -> None:
    # The ids come from a record alone, whose id is the record's: a table game keeps its own.
    pike = ModelOutcome(name="Pike", kills=("Ilse Marrow",))
    assert applied_id(Outcome(models=(pike,), won=True, mission="M2.1")) == (
        "2947243b3a43192ada23a708fad7e80a861a5f80e273be9fc63250841d845700"
    )


def test_k3_outcome_of_needs_a_finished_game() -> None:
    game = find_ruleset("sacred-wire").new_game({}, 1)
    with pytest.raises(CampaignError, match="not finished"):
        outcome_of(game, 0)


def test_k2_1_outcome_of_brings_the_finds_and_the_mission_reward(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _finished_game(11)
    found = (
        loot.Finding(0, "A4", 2, loot.FindKind.SUBS, 12),
        loot.Finding(0, "A4", 3, loot.FindKind.ITEM, 1, "Frag"),
        loot.Finding(0, "A4", 3, loot.FindKind.MERIT, 1),
        loot.Finding(0, "A2", 4, loot.FindKind.EVIDENCE, 1),
    )
    monkeypatch.setattr(loot, "findings", lambda g, side: found)
    result = zones.MissionResult("control", "M2.1", 1, 0, (3, 0), (2, 0), (0, 0), ())
    monkeypatch.setattr(zones, "result", lambda g: result)
    outcome = outcome_of(game, 0)
    assert outcome.finds == Finds(subs=12, items=["Frag"], evidence=1)
    assert outcome.rewards == Rewards(leads=2)
    assert next(m for m in outcome.models if m.name == "Pike").merits == 1


def test_k3_3_a_boss_dying_alone_leaves_the_next_hire_to_lead() -> None:
    data = book_to_data(crew())
    data["models"] = data["models"][:1]
    mara = ModelOutcome(name="Mara Voss", fate=OOA)
    done, events = run(book_from_data(data, CATALOG), [mara], "exploration", 1, 1, "injury", 1, 1)
    assert done.members == [] and done.boss is None and "no-boss" in kinds(events)
