"""One shot: range bands, the Guns and Reflex pools with every modifier named, reactions,
cover, elevation, Move Penalty, Quick, Fast shot, Heroic Deeds before the damage, and shooting
into a melee (L81-L124, L226-L230; rules notes §1.6, §7 items 22, 23, 29, 41, 42, 54, 55, 63
and 65; golden tests X7, X15, X18, X19, G14-G25). Dice are scripted."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

import pytest
from tests.dice_script import scripted
from tests.rulesets.wolsung.clubs import catalog
from tests.rulesets.wolsung.fighters import model, ranged, refs

from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.cards.deeds import ACTIVE
from skirmish.rulesets.wolsung.cards.payments import Payer
from skirmish.rulesets.wolsung.combat.combatant import Combatant
from skirmish.rulesets.wolsung.combat.shooting import (
    COVER_RULES,
    SHOOTER_RULES,
    TARGET_RULES,
    Shooter,
    ShotReaction,
    Target,
    aim_into_melee,
    cover_grade,
    guns_pool,
    reflex_pool,
    roll_into_melee,
    shoot,
)
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import Profile

BUTLER = Shooter(model("butler"), ranged("butler_pistol"))


def dummy(armour: int = 0, r: int = 2, *rules: str, base_mm: int = 30) -> Combatant:
    """A test model with the given Armour, Reflex and rules."""
    profile = Profile(A=2, M=5, F=3, S=3, G=3, R=r, W=9)
    return Combatant("Dummy", profile, base_mm=base_mm, armour=armour, rules=refs(*rules))


def guns(shooter: Shooter, distance: float, rise: float = 0.0) -> int:
    aim = Target(dummy(), distance, rise=rise)
    return guns_pool(shooter, aim, shooter.weapon.band_at(distance)).dice


def reflex(target: Target) -> int:
    return reflex_pool(BUTLER, target).dice


def test_g14_butler_pistol_at_bruiser() -> None:
    shot = shoot(scripted("guns", 5, "reflex", 2, 3), BUTLER, Target(model("bruiser"), 10))
    assert [(t.amount, t.reason) for t in shot.guns.terms] == [
        (2, "Guns (L97)"),
        (-1, 'range 10" up to 16" (L107)'),
    ]
    assert (shot.guns.dice, shot.reflex.dice) == (1, 2)
    assert shot.hits
    assert shot.damage is not None
    assert shot.damage.wounds == 4
    assert (
        str(shot.damage)
        == "4 wounds: +4 Pistol S (L119), +1 critical hits (L121), -1 Armour (L120)"
    )


def test_g15_both_zero_successes_hit() -> None:
    shot = shoot(scripted("guns", 1, "reflex", 2, 3), BUTLER, Target(model("bruiser"), 10))
    assert shot.hits
    assert shot.damage is not None and shot.damage.wounds == 3


def test_l104_fewer_successes_miss() -> None:
    shot = shoot(scripted("guns", 5, "reflex", 6, 4), BUTLER, Target(model("bruiser"), 10))
    assert not shot.hits
    assert shot.damage is None


def test_g16_dive_for_cover_topples_and_adds_two_reflex() -> None:
    target = Target(dummy(r=3), 10, reaction=ShotReaction.DIVE_FOR_COVER)
    assert target.is_toppled
    assert reflex(target) == 5
    assert reflex_pool(BUTLER, target).terms[-1].reason == "Dived For Cover, Toppled (L95, L111)"


def test_l111_a_toppled_target_gets_two_reflex_against_shooting() -> None:
    assert reflex(Target(dummy(r=3), 10, toppled=True)) == 5


def test_g17_elevation_three_inches_gives_a_die() -> None:
    assert guns(BUTLER, 10, rise=-3.0) == 2
    assert guns(BUTLER, 10, rise=-2.9) == 1
    assert reflex(Target(dummy(r=2), 10, rise=3.0)) == 3
    assert reflex(Target(dummy(r=2), 10, rise=2.9)) == 2


def test_g18_cover_by_the_share_of_the_body_hidden() -> None:
    assert [cover_grade(h) for h in (0.0, 0.3, 0.5, 0.6, 1.0)] == [0, 1, 1, 2, 2]
    assert reflex(Target(dummy(r=2), 10, hidden=0.3)) == 3
    assert reflex(Target(dummy(r=2), 10, hidden=0.6)) == 4


def test_l723_a_mist_template_gives_cover_1_at_least() -> None:
    assert reflex(Target(dummy(r=2), 10, misted=True)) == 3
    assert reflex(Target(dummy(r=2), 10, hidden=0.6, misted=True)) == 4
    # Mistress of Concealment doubles it, as any cover (L833, §7 item 86).
    assert reflex(Target(model("ata_kijao"), 10, misted=True)) == 5 + 2


def test_x18_mistress_of_concealment_doubles_cover() -> None:
    ata = model("ata_kijao")
    assert reflex(Target(ata, 10, hidden=0.3)) == 5 + 2
    assert reflex(Target(ata, 10, hidden=0.6)) == 5 + 4


def test_x19_concealment_art_adept_makes_light_cover_heavy() -> None:
    shade = model("shade")
    assert reflex(Target(shade, 10, hidden=0.3)) == 4 + 2
    assert reflex(Target(shade, 10, hidden=0.6)) == 4 + 2
    assert reflex(Target(shade, 10)) == 4


def test_x15_xen_jidaos_silk_cloth_is_printed_in_his_reflex() -> None:
    xen = catalog().heroes["xen_jidao"]
    assert xen.printed_base["R"] + catalog().gadgets["silk_cloth"].bonus.R == 6
    # A shot at him rolls his printed R 6: the Cloth is not added again.
    assert reflex(Target(model("xen_jidao"), 10)) == 6


def test_l435_the_dress_suit_never_counts_as_in_cover() -> None:
    assert reflex(Target(model("oakroot"), 10, hidden=0.6)) == 5


def test_x7_range_bands_are_inclusive() -> None:
    pistol = ranged("pistol_example")
    bands = [pistol.band_at(d) for d in (8.0, 8.01, 16.0, 24.0, 24.01)]
    assert [b.mod if b else None for b in bands] == [1, -1, -1, -2, None]


@pytest.mark.dice_may_remain
def test_g24_beyond_the_last_band_misses_with_no_roll() -> None:
    dice = scripted("guns", 6)
    zachary = Shooter(model("zachary_third"), ranged("nitro_express"))
    shot = shoot(dice, zachary, Target(model("bruiser"), 24.5))
    assert shot.test is None and shot.band is None
    assert not shot.hits
    assert dice.remaining == (("guns", 6),)
    with pytest.raises(IllegalActionError, match=r"beyond .* range: it missed with no roll"):
        shot.with_deeds((2, 0))


def test_g24_nitro_express_one_critical_against_armour_one() -> None:
    zachary = Shooter(model("zachary_third"), ranged("nitro_express"))
    shot = shoot(scripted("guns", 5, 5, 1, "reflex", 4, 2), zachary, Target(model("bruiser"), 10))
    assert shot.test is not None and shot.test.criticals == 1
    assert shot.damage is not None and shot.damage.wounds == 10


def test_g19_windbuchse_small_calibre_doubles_armour() -> None:
    zachary = Shooter(model("sir_zachary"), ranged("girardoni_windbuchse"))
    two_crits = shoot(
        scripted("guns", 5, 5, *[1] * 6, "reflex", 1, 1), zachary, Target(dummy(1), 10)
    )
    assert two_crits.damage is not None
    assert str(two_crits.damage).endswith(
        "-1 Armour (L120), -1 Small Calibre: Armour counts double (L421)"
    )
    one_crit = shoot(
        scripted("guns", 5, 5, *[1] * 6, "reflex", 4, 1), zachary, Target(dummy(3), 10)
    )
    assert one_crit.damage is not None and one_crit.damage.wounds == 0


def test_item_63_sir_zacharys_printed_guns_get_the_windbuchse_bonus_on_top() -> None:
    zachary = Shooter(model("sir_zachary"), ranged("girardoni_windbuchse"))
    assert guns(zachary, 10) == 7 + 0 + 1


def test_g20_butler_moves_then_fires_quick() -> None:
    quick = Shooter(model("butler"), ranged("butler_pistol"), moved=True, quick_move=True)
    pool = guns_pool(quick, Target(dummy(), 5), ranged("butler_pistol").band_at(5))
    assert pool.dice == 2
    assert pool.terms[-1].reason == "Quick: shot after a Move in this Action, last (L228)"


def test_l107_the_range_is_logged_to_the_hundredth_and_beyond_a_bound_to_what_shows_it() -> None:
    # A shot in base contact measures a float's noise: the log says 0", not 1.55431e-15".
    shooter = Shooter(model("butler"), ranged("butler_pistol"))
    pistol = ranged("butler_pistol")
    near = guns_pool(shooter, Target(dummy(), 1.55431e-15), pistol.band_at(0))
    assert str(near) == '3 dice: +2 Guns (L97), +1 range 0" up to 8" (L107)'
    mid = guns_pool(shooter, Target(dummy(), 10.004999), pistol.band_at(10.004999))
    assert str(mid) == '1 dice: +2 Guns (L97), -1 range 10" up to 16" (L107)'
    # Just beyond the 16" bound: as many places as show it beyond, never "16".
    far = guns_pool(shooter, Target(dummy(), 16.0000003), pistol.band_at(16.0000003))
    assert str(far) == '0 dice: +2 Guns (L97), -2 range 16.0000003" up to 24" (L107)'


def test_l228_quick_is_applied_after_every_other_modifier() -> None:
    quick = Shooter(model("butler"), ranged("butler_pistol"), moved=True, quick_move=True)
    assert guns(quick, 20) == 2 - 2 - 1


def test_g21_move_penalty_after_a_move() -> None:
    zachary = Shooter(model("zachary_third"), ranged("nitro_express"), moved=True)
    assert guns(zachary, 10) == 2
    abhinav = Shooter(model("abhinav_singh"), ranged("hunting_rifle"), moved=True)
    assert guns(abhinav, 12) == 1
    assert guns(abhinav, 20) == 1


def test_item_41_move_penalty_stops_at_one_and_says_so() -> None:
    abhinav = Shooter(model("abhinav_singh"), ranged("hunting_rifle"), moved=True)
    pool = guns_pool(abhinav, Target(dummy(), 20), ranged("hunting_rifle").band_at(20))
    assert str(pool.terms[-1]) == "-1 Move Penalty [2], not below 1 (L226, §7 item 41)"
    still = Shooter(model("abhinav_singh"), ranged("hunting_rifle"))
    assert guns(still, 20) == 2


def test_g22_colt_navy_fast_shot() -> None:
    mary = model("mary_fearless")
    colt = ranged("colt_navy")
    assert [guns(Shooter(mary, colt, shot=n), 6) for n in (1, 2)] == [5, 4]
    quick = [Shooter(mary, colt, moved=True, quick_move=True, shot=n) for n in (1, 2)]
    assert [guns(s, 6) for s in quick] == [4, 3]
    assert [guns(Shooter(mary, colt, shot=n), 20) for n in (1, 2)] == [2, 1]


def test_g23_virtue_is_hidden_on_the_first_shot_only() -> None:
    ellendeanne, virtue = model("ellendeanne"), ranged("virtue")
    assert guns(Shooter(ellendeanne, virtue), 10) == 3
    assert guns(Shooter(ellendeanne, virtue, first_shot=False), 10) == 2


def test_l448_item_65_the_umbrella_against_a_living_shooter_within_12() -> None:
    ellendeanne = model("ellendeanne")
    assert reflex(Target(ellendeanne, 12)) == 5
    assert reflex(Target(ellendeanne, 12.5)) == 4
    golem = Combatant("Golem", model("butler").profile, rules=refs("golem"))
    golem_shot = Shooter(golem, ranged("butler_pistol"))
    assert reflex_pool(golem_shot, Target(ellendeanne, 6)).dice == 4


def test_l477_military_experience_gives_nobles_alone_1_guns_rencontre_included() -> None:
    mary, colt = model("mary_fearless"), ranged("colt_navy")
    # G4 and +1 for 6" (L107), +1 beside Sir Zachary.
    assert guns(Shooter(mary, colt, veteran_near=True), 6) == 6
    assert guns(Shooter(mary, colt), 6) == 5
    # A Butler is no Noble.
    assert guns(replace(BUTLER, veteran_near=True), 6) == guns(BUTLER, 6) == 3
    # Her Rencontre rolls her Guns, and the rule adds to them (§7 item 69).
    answer = Target(mary, 6, rencontre=True, veteran_near=True)
    assert str(reflex_pool(BUTLER, answer)) == (
        "5 dice: +4 Guns in place of Reflex: Rencontre (L513), "
        '+1 Military Experience: a friend with it within 3" (L477)'
    )


def test_l570_armour_against_shooting_counts_on_a_shot() -> None:
    thorvald = model("thorvald")
    shot = shoot(scripted("guns", 5, "reflex", 1, 1, 1), BUTLER, Target(thorvald, 10))
    assert shot.damage is not None
    assert shot.damage.wounds == 4 + 1 - 3


def test_item_55_armour_piercing_lowers_armour() -> None:
    shade = Shooter(model("shade"), ranged("repeater_crossbow"))
    shot = shoot(scripted("guns", 5, 1, 1, 1, "reflex", 1, 1), shade, Target(model("bruiser"), 10))
    assert shot.damage is not None and shot.damage.wounds == 3 + 1 - 0
    off = HouseRules(armour_piercing=False)
    shot = shoot(
        scripted("guns", 5, 1, 1, 1, "reflex", 1, 1), shade, Target(model("bruiser"), 10), off
    )
    assert shot.damage is not None and shot.damage.wounds == 3 + 1 - 1


def test_item_54_fire_against_resistance_and_immunity() -> None:
    thomas = Shooter(model("thomas_rockheart"), ranged("scorcher"))
    faces = ("guns", 5, 1, 1, 1, 1, "reflex", 1, 1, 1, 1)
    at_ingrid = shoot(scripted(*faces), thomas, Target(model("ingrid"), 4))
    assert at_ingrid.damage is not None and at_ingrid.damage.wounds == 5 + 1 - 3
    golem = shoot(
        scripted("guns", 5, 1, 1, 1, 1, "reflex", 1, 1), thomas, Target(model("security_golem"), 4)
    )
    assert golem.damage is not None
    assert (golem.damage.immune, golem.damage.wounds) == ("golem (L556)", 0)
    plain = shoot(
        scripted(*faces), thomas, Target(model("ingrid"), 4), HouseRules(fire_rules=False)
    )
    assert plain.damage is not None and plain.damage.wounds == 6


def test_l845_the_fishing_net_topples_the_model_it_hits() -> None:
    net = Shooter(model("fisherman"), ranged("fishing_net"))
    shot = shoot(
        scripted("guns", 5, 1, 1, 1, 1, "reflex", 1, 1, 1), net, Target(model("butler"), 2)
    )
    assert shot.damage is not None
    assert shot.damage.topples == "topple (L845)"
    assert shot.damage.wounds == 0 + 1


def test_l217_a_heroic_deed_turns_a_miss_into_a_hit_before_the_damage() -> None:
    mary = Shooter(model("mary_fearless"), ranged("colt_navy"))
    shot = shoot(scripted("guns", 5, 1, 1, 1, 1, "reflex", 6, 6), mary, Target(model("bruiser"), 6))
    assert not shot.hits
    hero = Payer.of(catalog(), catalog().heroes["mary_fearless"])
    exchange = shot.exchange((hero, None))
    assert exchange.to_play == ACTIVE
    exchange = exchange.play(wolsung_deck().card("KH"), HouseRules()).pass_turn()
    assert exchange.is_over
    with_deed = shot.with_deeds(exchange.bonus)
    assert with_deed.hits
    assert with_deed.damage is not None and with_deed.damage.wounds == 4 + 1 - 1


@pytest.mark.dice_may_remain
def test_l82_a_shot_at_a_model_out_of_line_of_sight_is_refused() -> None:
    with pytest.raises(
        IllegalActionError, match=r"cannot shoot Bruiser: .*not in its line of sight \(L82\)"
    ):
        shoot(scripted(), BUTLER, Target(model("bruiser"), 10, in_sight=False))


@pytest.mark.dice_may_remain
def test_l126_a_model_in_melee_cannot_shoot() -> None:
    engaged = Shooter(model("butler"), ranged("butler_pistol"), in_melee=True)
    with pytest.raises(IllegalActionError, match=r"may only Move or Fight \(L126\)"):
        shoot(scripted(), engaged, Target(model("bruiser"), 10))


@pytest.mark.dice_may_remain
def test_l228_no_shot_after_a_move_in_the_same_action_without_quick() -> None:
    rifle = Shooter(model("zachary_third"), ranged("nitro_express"), quick_move=True)
    with pytest.raises(IllegalActionError, match=r"not Quick.*\(L228\)"):
        shoot(scripted(), rifle, Target(model("bruiser"), 10))


@pytest.mark.dice_may_remain
def test_l230_no_more_shots_than_fast_shot_allows() -> None:
    third = Shooter(model("mary_fearless"), ranged("colt_navy"), shot=3)
    with pytest.raises(IllegalActionError, match=r"fires 2 shot\(s\) a Shoot Action, not shot 3"):
        shoot(scripted(), third, Target(model("bruiser"), 10))


@pytest.mark.dice_may_remain
def test_item_52_a_cut_short_weapon_cannot_shoot() -> None:
    buzzardo = Shooter(model("butler"), ranged("buzzardo_rifle"))
    with pytest.raises(IllegalActionError, match=r"profile is not printed \(§7 item 52"):
        shoot(scripted(), buzzardo, Target(model("bruiser"), 10))


def test_g25_shade_shoots_into_a_melee_with_a_larger_base() -> None:
    shade = Shooter(model("shade"), ranged("repeater_crossbow"))
    a, x, y = Target(dummy(r=2), 10), Target(dummy(r=3), 10), Target(model("security_golem"), 10)
    dice = scripted("guns", 5, 4, 1, 1, "reflex", 5, 5, 1, "reflex", 6, 1, 1, 1, "reflex", 4, 1)
    volley = roll_into_melee(dice, aim_into_melee(shade, a, (x, y)))
    assert [pool.dice for pool in volley.reflexes] == [3, 4, 2]
    assert volley.reflexes[0].terms[-1].reason == "smaller base in a melee with a larger one (L124)"
    assert volley.fewest == (1, 2)
    with pytest.raises(
        IllegalActionError, match=r"one of the fewest successes \(1 Dummy, 2 Security Golem\)"
    ):
        volley.shot()
    with pytest.raises(IllegalActionError, match=r"not 0 \(L123\)"):
        volley.shot(0)
    at_golem = volley.shot(2)
    assert at_golem.target.model.name == "Security Golem"
    assert at_golem.hits
    assert at_golem.test is not None and at_golem.test.criticals == 1


def test_l123_the_fewest_successes_alone_is_the_target() -> None:
    shade = Shooter(model("shade"), ranged("repeater_crossbow"))
    a, x = Target(dummy(r=1), 10), Target(dummy(r=1), 10)
    dice = scripted("guns", 1, 1, 1, 1, "reflex", 5, "reflex", 1)
    volley = roll_into_melee(dice, aim_into_melee(shade, a, (x,)))
    assert volley.fewest == (1,)
    assert volley.shot().target is x
    assert volley.shot().hits


@pytest.mark.dice_may_remain
def test_l123_shooting_into_melee_needs_a_melee() -> None:
    with pytest.raises(IllegalActionError, match="in no melee"):
        aim_into_melee(BUTLER, Target(dummy(), 10), ())


def test_l107_shooting_into_melee_out_of_range_rolls_nothing() -> None:
    aimed = aim_into_melee(BUTLER, Target(dummy(), 30), (Target(dummy(), 30),))
    volley = roll_into_melee(scripted(), aimed)
    assert volley.fewest == (0,)
    assert not volley.shot().hits


def test_sun_spear_has_no_range_limit() -> None:
    assert ranged("sun_spear").band_at(math.inf) is not None


def test_g28_mary_answers_a_shot_with_rencontre() -> None:
    mary = Target(model("mary_fearless"), 6, rencontre=True)
    shot = shoot(scripted("guns", 5, 5, 1, "guns", 6, 5, 5, 1), BUTLER, mary)
    assert str(shot.reflex) == "4 dice: +4 Guns in place of Reflex: Rencontre (L513)"
    assert not shot.hits and shot.reflected
    assert shot.damage is not None
    assert str(shot.damage) == "5 wounds: +4 Colt Navy S (L119), +1 critical hits (L121)"


def test_g28_item_69_a_rencontre_tie_goes_to_the_shooter() -> None:
    mary = Target(model("mary_fearless"), 6, rencontre=True)
    shot = shoot(scripted("guns", 5, 5, 1, "guns", 6, 5, 1, 1), BUTLER, mary)
    assert shot.hits and not shot.reflected
    assert shot.damage is not None and shot.damage.wounds == 4


@pytest.mark.dice_may_remain
def test_l513_only_a_model_with_rencontre_may_use_it() -> None:
    with pytest.raises(IllegalActionError, match=r"Bruiser has no Rencontre .* \(L513\)"):
        shoot(scripted(), BUTLER, Target(model("bruiser"), 6, rencontre=True))


@pytest.mark.parametrize(
    "table", [SHOOTER_RULES, TARGET_RULES, COVER_RULES], ids=["shooter", "target", "cover"]
)
def test_every_rule_table_is_keyed_by_catalogue_keyword_ids(table: Mapping[str, object]) -> None:
    assert set(table) <= set(catalog().keywords)
