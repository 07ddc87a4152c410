"""Casting a spell (L165-L203, L126, L217, L314, L448, L459-L460, L563, L597, L719, L731,
L775-L797; rules notes §1.8, §4.3, §7 items 35-38, 53, 65, 79, 96; golden tests G38-G44 and
golden example X17). Dice are scripted; distances and sight are given, as a game measures
them."""

from __future__ import annotations

import pytest
from tests.dice_script import scripted

from skirmish.cards import Card
from skirmish.dice import ScriptedDice
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.cards.payments import Contest, Payer
from skirmish.rulesets.wolsung.combat.dark_energy import dark_energy
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.magic.casting import (
    Caster,
    CastResult,
    Declaration,
    Modifier,
    blood_modifier,
    declare,
    roll_casting,
)
from skirmish.rulesets.wolsung.magic.spells import (
    Damage,
    Heal,
    Lasting,
    NoEffect,
    ShieldField,
    Subject,
    Toppled,
    WoundLoss,
)
from skirmish.rulesets.wolsung.rules_data.catalog import load_catalog
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef, WolsungCatalog
from skirmish.rulesets.wolsung.rules_data.spell_effects import (
    ExtraActivation,
    GainRule,
    ModelKind,
    Modify,
    Stat,
    Until,
)

RULES = HouseRules()


@pytest.fixture(scope="module")
def catalog() -> WolsungCatalog:
    return load_catalog()


def card(text: str) -> Card:
    return wolsung_deck().card(text)


def hero(
    catalog: WolsungCatalog,
    hero_id: str,
    *,
    in_melee: bool = False,
    modifiers: tuple[Modifier, ...] = (),
) -> Caster:
    return Caster.of(catalog, catalog.heroes[hero_id], in_melee=in_melee, modifiers=modifiers)


def model(
    catalog: WolsungCatalog, model_id: str, *, friendly: bool, distance: float = 6.0
) -> Subject:
    found = catalog.heroes.get(model_id) or catalog.henchmen[model_id]
    return Subject.of(catalog, found, friendly=friendly, distance=distance)


def friend(name: str, distance: float = 3.0, **kwargs: bool) -> Subject:
    return Subject(name, friendly=True, distance=distance, **kwargs)


def cast(
    declaration: Declaration, dice: ScriptedDice, bonus: tuple[int, int] = (0, 0)
) -> CastResult:
    return roll_casting(declaration, dice).result(bonus)


# --- Golden tests ---------------------------------------------------------------------------


def test_g38_xen_ki_strike_topples_the_butler_for_8(catalog: WolsungCatalog) -> None:
    butler = model(catalog, "butler", friendly=False, distance=10.0)
    xen = hero(catalog, "xen_jidao")
    spell = catalog.spells["ki_strike"]
    declared = declare(spell, xen, RULES, target=butler, card=card("7H"))
    result = cast(declared, scripted("casting", 6, 5, 4, 1, "reflex", 5, 2, 1))
    assert [(p.model, p.stat, p.dice) for p in result.pools] == [
        ("xen_jidao", "MA", 4),
        ("butler", "R", 3),
    ]
    assert (result.works, result.criticals, result.card_spent, result.rule) == (
        True,
        2,
        True,
        "L192",
    )
    assert result.outcomes == (Damage("butler", 8, "L193"), Toppled("butler", "L777"))
    # The Butler's 9 Wounds (L536) go down to 1 (in play: test_game_magic.py's G38).
    wounds = catalog.henchmen["butler"].profile.W
    hit = sum(o.wounds for o in result.outcomes if isinstance(o, Damage))
    assert (wounds, wounds - hit) == (9, 1)


@pytest.mark.parametrize(("distance", "reached"), [(12.0, True), (12.01, False)])
def test_g39_lightning_reaches_exactly_12_inches(
    catalog: WolsungCatalog, distance: float, reached: bool
) -> None:
    target = Subject("enemy", friendly=False, distance=distance, reflex=2)
    spell = catalog.spells["lightning"]
    declared = declare(spell, hero(catalog, "thorvald"), RULES, target=target)
    assert declared.in_range is reached
    if not reached:
        assert (declared.fizzle().card_spent, declared.fizzle().works) == (False, False)


@pytest.mark.parametrize(
    ("faces", "works"), [((5, 1, 2, 3), False), ((5, 4, 1, 1), True)], ids=["1S", "2S"]
)
def test_g40_inspire_needs_two_successes(
    catalog: WolsungCatalog, faces: tuple[int, ...], works: bool
) -> None:
    spell = catalog.spells["inspire"]
    ellendeanne = hero(catalog, "ellendeanne")
    declared = declare(spell, ellendeanne, RULES, target=friend("bruiser"), card=card("9H"))
    result = cast(declared, scripted("casting", *faces))
    assert (result.works, result.card_spent, result.rule) == (works, True, "L202")
    lasting = Lasting("bruiser", Modify(Stat.A, 1, Until.NEXT_ACTIVATION), "L460")
    assert result.outcomes == ((lasting,) if works else ())


def test_g40_a_black_five_makes_one_success_two(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["inspire"]
    ellendeanne = hero(catalog, "ellendeanne")
    declared = declare(spell, ellendeanne, RULES, target=friend("bruiser"), card=card("9H"))
    casting = roll_casting(declared, scripted("casting", 5, 1, 2, 3))
    exchange = casting.deeds()
    assert exchange.contest is Contest.BUFF
    hand = (card("5S"), card("5H"))
    assert exchange.playable(hand, RULES) == (card("5S"),)  # black for a Buff (L217)
    exchange = exchange.play(card("5S"), RULES).pass_turn()
    assert exchange.is_over
    assert casting.result(exchange.bonus).works


def test_g41_shimmer_field_covers_friends_in_range_and_sight(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["shimmer_field"]
    friends = (
        friend("near", 5.0),
        friend("far", 6.5),
        friend("hidden", 2.0, in_sight=False),
        friend("at_edge", 6.0),
    )
    declared = declare(spell, hero(catalog, "thorvald"), RULES, friends=friends, card=card("2D"))
    result = cast(declared, scripted("casting", 6, 4, 1, 1))
    field = ShieldField(
        frozenset({"thorvald", "near", "at_edge"}), 10, 0, Until.END_OF_TURN, "L597, §7 item 79"
    )
    assert result.outcomes == (field,)
    first = field.absorb(6)  # a Lightning hit for 6: the model is unharmed
    assert first.excess == 0
    assert first.field is not None and first.field.wounds == 4
    second = first.field.absorb(7)  # 4 - 7 = -3: the field ends, the model takes 3
    assert (second.field, second.excess) == (None, 3)


def test_g42_leech_soul_heals_cheng_into_dark_energy(catalog: WolsungCatalog) -> None:
    cheng = hero(catalog, "mr_cheng")
    target = Subject("fisherman", friendly=False, distance=8.0, reflex=3)
    spell = catalog.spells["leech_soul"]
    declared = declare(spell, cheng, RULES, target=target, card=card("3S"))
    result = cast(declared, scripted("casting", 5, 4, "reflex", 6, 1, 1))
    assert result.criticals == 1
    assert result.outcomes == (Damage("fisherman", 6, "L193"), Heal("mr_cheng", 6, "L793"))
    wounds = 10 + 6
    profile = catalog.heroes["mr_cheng"].profile
    bonus = dark_energy(wounds)
    assert (profile.F + bonus, profile.S + bonus, profile.R + bonus) == (4, 5, 6)
    bonus = dark_energy(21)
    assert (profile.F + bonus, profile.S + bonus, profile.R + bonus) == (7, 8, 9)


def test_g43_bloodboil_on_a_friend(catalog: WolsungCatalog) -> None:
    # The friend of G43 has S3 F3 W9: Mary Fearless's profile (L513).
    mary = model(catalog, "mary_fearless", friendly=True, distance=5.0)
    spell = catalog.spells["bloodboil"]
    declared = declare(spell, hero(catalog, "mr_cheng"), RULES, target=mary)
    assert declared.contest is Contest.BUFF  # MA against Difficulty 1 (§7 item 96)
    result = cast(declared, scripted("casting", 4, 1))
    assert result.outcomes == (
        WoundLoss("mary_fearless", 2, "L797"),
        Lasting("mary_fearless", Modify(Stat.S, 2, Until.END_OF_TURN), "L797"),
        Lasting("mary_fearless", Modify(Stat.F, 2, Until.END_OF_TURN), "L797"),
    )
    # W9 -> W7, S5, F5 until the end of the turn (in play: test_game_magic.py's G43).
    printed = catalog.heroes["mary_fearless"].profile
    lost = sum(o.wounds for o in result.outcomes if isinstance(o, WoundLoss))
    raised = {
        o.effect.stat: o.effect.amount
        for o in result.outcomes
        if isinstance(o, Lasting) and isinstance(o.effect, Modify)
    }
    assert (printed.W, printed.S, printed.F) == (9, 3, 3)
    assert (printed.W - lost, printed.S + raised[Stat.S], printed.F + raised[Stat.F]) == (7, 5, 5)


@pytest.mark.parametrize(
    ("text", "strict", "error"),
    [
        ("10D", True, r"10D cannot pay for a cost-2 spell: it takes a court card or an Ace"),
        ("QS", True, r"QS cannot pay .* Hero's suit, Diamonds, read strictly .*§7 item 35"),
        ("QS", False, None),
        ("KD", True, None),
    ],
)
def test_g44_deflecting_astral_field_takes_a_court_card_or_ace(
    catalog: WolsungCatalog, text: str, strict: bool, error: str | None
) -> None:
    spell = catalog.spells["deflecting_astral_field"]
    rules = HouseRules(spell_suit_for_cost_2=strict)
    thorvald = hero(catalog, "thorvald")
    if error is None:
        assert declare(spell, thorvald, rules, card=card(text)).card == card(text)
    else:
        with pytest.raises(IllegalActionError, match=error):
            declare(spell, thorvald, rules, card=card(text))


def test_x17_power_of_blood_two_spades_raise_ma_2_to_4(catalog: WolsungCatalog) -> None:
    cheng = catalog.heroes["mr_cheng"]
    blood = blood_modifier(Payer.of(catalog, cheng), (card("2S"), card("9S")), RULES)
    assert blood == Modifier(2, "Power of Blood", "L789")
    caster = hero(catalog, "mr_cheng", modifiers=(blood,))
    target = Subject("bruiser", friendly=False, distance=5.0, reflex=2)
    spell = catalog.spells["leech_soul"]
    declared = declare(spell, caster, RULES, target=target, card=card("4S"))
    casting = roll_casting(declared, scripted("casting", 1, 1, 1, 1, "reflex", 1, 1))
    assert (casting.pools[0].base, casting.pools[0].modifiers, casting.pools[0].dice) == (
        2,
        (blood,),
        4,
    )


def test_x17_power_of_blood_takes_spades_only(catalog: WolsungCatalog) -> None:
    payer = Payer.of(catalog, catalog.heroes["mr_cheng"])
    with pytest.raises(IllegalActionError, match=r"2H cannot pay for Power of Blood"):
        blood_modifier(payer, (card("2H"),), RULES)


# --- Casting: the book's order --------------------------------------------------------------


def test_l178_cost_paid_before_range(catalog: WolsungCatalog) -> None:
    target = Subject("butler", friendly=False, distance=12.5, reflex=3)
    spell = catalog.spells["ki_strike"]
    declared = declare(spell, hero(catalog, "xen_jidao"), RULES, target=target, card=card("7H"))
    result = declared.fizzle()
    assert (result.works, result.card_spent, result.test, result.rule) == (
        False,
        True,
        None,
        "L187, §7 item 36",
    )
    with pytest.raises(IllegalActionError, match=r"Ki Strike is out of range: no roll \(L187\)"):
        roll_casting(declared, scripted())


def test_item_36_switch_gives_the_card_back_out_of_range(catalog: WolsungCatalog) -> None:
    target = Subject("butler", friendly=False, distance=12.5, reflex=3)
    rules = HouseRules(out_of_range_loses_card=False)
    declared = declare(
        catalog.spells["ki_strike"],
        hero(catalog, "xen_jidao"),
        rules,
        target=target,
        card=card("7H"),
    )
    assert not declared.fizzle().card_spent


def test_l178_a_move_first_costs_no_dice(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["mistification"]
    declared = declare(spell, hero(catalog, "xen_jidao"), RULES, target=friend("x"), moved=True)
    result = cast(declared, scripted("casting", 4, 1, 1, 1))
    assert declared.moved and result.pools[0].dice == 4
    assert result.outcomes == (Lasting("x", GainRule("mistwalker", Until.END_OF_TURN), "L738"),)


def test_l192_a_tie_hits_and_0_against_0_too(catalog: WolsungCatalog) -> None:
    target = Subject("butler", friendly=False, distance=4.0, reflex=3)
    spell = catalog.spells["lightning"]
    declared = declare(spell, hero(catalog, "thorvald"), RULES, target=target)
    tie = cast(declared, scripted("casting", 4, 1, 1, 1, "reflex", 6, 1, 1))
    assert (tie.works, tie.outcomes) == (True, (Damage("butler", 3, "L193"),))
    nothing = cast(declared, scripted("casting", 1, 1, 1, 1, "reflex", 1, 1, 1))
    assert nothing.works
    miss = cast(declared, scripted("casting", 4, 1, 1, 1, "reflex", 6, 5, 1))
    assert (miss.works, miss.outcomes) == (False, ())


def test_l195_buff_needs_difficulty_successes(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["command"]  # Buff [1]
    golem = Subject("golem", friendly=True, distance=3.0, keywords=frozenset({KeywordRef("golem")}))
    declared = declare(spell, hero(catalog, "alice_tinkerly"), RULES, target=golem, card=card("2C"))
    assert not cast(declared, scripted("casting", 3, 2, 1)).works
    works = cast(declared, scripted("casting", 4, 2, 1))
    extra = ExtraActivation(1, Until.CASTER_ACTIVATION_END, ModelKind.GOLEM)
    assert works.outcomes == (Lasting("golem", extra, "L563"),)


def test_l191_magic_protection_adds_reflex_dice(catalog: WolsungCatalog) -> None:
    xen = model(catalog, "xen_jidao", friendly=False, distance=10.0)
    spell = catalog.spells["mind_control"]
    ellendeanne = hero(catalog, "ellendeanne")
    declared = declare(spell, ellendeanne, RULES, target=xen, card=card("3H"))
    casting = roll_casting(declared, scripted("casting", 1, 1, 1, 1, "reflex", *[1] * 7))
    reflex = casting.pools[1]
    assert (reflex.base, reflex.dice) == (6, 7)
    assert reflex.modifiers == (Modifier(1, "Magic Protection", "L314, L719, §7 item 53"),)
    off = HouseRules(magic_protection_dice=False)
    declared = declare(spell, ellendeanne, off, target=xen, card=card("3H"))
    casting = roll_casting(declared, scripted("casting", 1, 1, 1, 1, "reflex", *[1] * 6))
    assert casting.pools[1].dice == 6


# 12.000000000000002": the gap measured between two models placed exactly 12" apart.
@pytest.mark.parametrize(("distance", "dice"), [(12.0, 5), (12.000000000000002, 5), (12.5, 4)])
def test_l448_umbrella_adds_a_reflex_die_within_12_inches(
    catalog: WolsungCatalog, distance: float, dice: int
) -> None:
    ellendeanne = model(catalog, "ellendeanne", friendly=False, distance=distance)
    spell = catalog.spells["mind_control"]
    declared = declare(
        spell, hero(catalog, "xen_jidao"), RULES, target=ellendeanne, card=card("JH")
    )
    casting = roll_casting(declared, scripted("casting", 1, 1, 1, 1, "reflex", *[1] * dice))
    assert casting.pools[1].dice == dice


def test_l459_mind_control_moves_a_henchman_but_not_a_hero(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["mind_control"]
    xen = hero(catalog, "xen_jidao")
    extra = ExtraActivation(1, Until.CASTER_ACTIVATION_END, ModelKind.HENCHMAN)
    butler = model(catalog, "butler", friendly=False, distance=15.0)
    declared = declare(spell, xen, RULES, target=butler, card=card("4H"))
    hit = cast(declared, scripted("casting", 4, 1, 1, 1, "reflex", 1, 1, 1))
    assert hit.outcomes == (Lasting("butler", extra, "L459"),)
    assert hit.declaration.contest is Contest.ATTACK
    oakroot = model(catalog, "oakroot", friendly=False, distance=15.0)
    declared = declare(spell, xen, RULES, target=oakroot, card=card("4H"))
    hit = cast(declared, scripted("casting", 4, 1, 1, 1, "reflex", *[1] * 5))
    assert hit.outcomes == (NoEffect("oakroot", "it reaches only a henchman", "L459"),)


def test_l217_a_hero_target_plays_red_deeds_against_a_projectile(catalog: WolsungCatalog) -> None:
    ellendeanne = catalog.heroes["ellendeanne"]
    target = Subject.of(catalog, ellendeanne, friendly=False, distance=6.0)
    spell = catalog.spells["ki_strike"]
    declared = declare(spell, hero(catalog, "xen_jidao"), RULES, target=target, card=card("QH"))
    casting = roll_casting(declared, scripted("casting", 5, 4, 1, 1, "reflex", 6, 1, 1, 1, 1))
    exchange = casting.deeds(Payer.of(catalog, ellendeanne))
    assert exchange.contest is Contest.PROJECTILE
    assert exchange.to_play == 1  # 2 against 1: the target is behind and plays first (L218)
    hand = (card("KS"), card("KD"))
    assert exchange.playable(hand, RULES) == (card("KD"),)
    exchange = exchange.play(card("KD"), RULES).pass_turn().pass_turn()
    result = casting.result(exchange.bonus)
    assert (result.works, result.test is not None and result.test.defender_successes) == (
        False,
        3,
    )


def test_item_96_bloodboil_on_an_enemy_is_an_attack(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["bloodboil"]
    enemy = Subject("bruiser", friendly=False, distance=4.0, reflex=2)
    declared = declare(spell, hero(catalog, "mr_cheng"), RULES, target=enemy)
    assert declared.contest is Contest.ATTACK
    result = cast(declared, scripted("casting", 4, 1, "reflex", 4, 1))
    assert result.works and result.outcomes[0] == WoundLoss("bruiser", 2, "L797")
    off = HouseRules(bloodboil_on_enemies=False)
    with pytest.raises(IllegalActionError, match=r"Bloodboil targets a friend as a Buff"):
        declare(spell, hero(catalog, "mr_cheng"), off, target=enemy)


def test_item_37_a_buff_may_target_its_caster(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["mistification"]
    itself = Subject("xen_jidao", friendly=True, distance=0.0)
    assert declare(spell, hero(catalog, "xen_jidao"), RULES, target=itself).in_range
    off = HouseRules(buff_on_caster=False)
    with pytest.raises(IllegalActionError, match=r"may not target its caster \(§7 item 37\)"):
        declare(spell, hero(catalog, "xen_jidao"), off, target=itself)


def test_item_37_an_aura_covers_its_caster_unless_switched_off(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["shimmer_field"]
    rules = HouseRules(aura_covers_caster=False)
    thorvald = hero(catalog, "thorvald")
    declared = declare(spell, thorvald, rules, friends=(friend("a"),), card=card("2D"))
    assert [s.id for s in declared.reached] == ["a"]
    alone = declare(spell, thorvald, rules, card=card("2D"))
    assert not alone.in_range


def test_item_79_an_unshared_shield_gives_each_model_its_own(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["deflecting_astral_field"]
    rules = HouseRules(shared_shield=False)
    declared = declare(
        spell, hero(catalog, "thorvald"), rules, friends=(friend("a"),), card=card("AD")
    )
    result = cast(declared, scripted("casting", 5, 5, 1, 1))
    assert [sorted(o.covers) for o in result.outcomes if isinstance(o, ShieldField)] == [
        ["thorvald"],
        ["a"],
    ]


def test_l731_l785_crowd_and_jade_amulet_are_never_reached(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["shimmer_field"]
    friends = (friend("crowd", crowd_token=True), friend("open"))
    declared = declare(spell, hero(catalog, "thorvald"), RULES, friends=friends, card=card("2D"))
    assert [s.id for s in declared.reached] == ["thorvald", "open"]


# --- Illegal casts --------------------------------------------------------------------------


def test_l167_no_magic_ability_no_cast(catalog: WolsungCatalog) -> None:
    oakroot = hero(catalog, "oakroot")
    spell = catalog.spells["lightning"]
    target = Subject("x", friendly=False, distance=3.0)
    with pytest.raises(IllegalActionError, match=r"oakroot has no Magic Ability.*L167"):
        declare(spell, oakroot, RULES, target=target)


def test_l168_a_caster_casts_only_its_own_spells(catalog: WolsungCatalog) -> None:
    target = Subject("x", friendly=False, distance=3.0)
    with pytest.raises(IllegalActionError, match=r"xen_jidao does not know Lightning"):
        declare(catalog.spells["lightning"], hero(catalog, "xen_jidao"), RULES, target=target)


def test_l126_no_cast_in_melee(catalog: WolsungCatalog) -> None:
    thorvald = hero(catalog, "thorvald", in_melee=True)
    target = Subject("x", friendly=False, distance=1.0)
    with pytest.raises(IllegalActionError, match=r"thorvald is in a melee: only Move or Fight"):
        declare(catalog.spells["lightning"], thorvald, RULES, target=target)


@pytest.mark.parametrize(
    ("given", "error"),
    [
        ("7S", r"7S cannot pay for a cost-1 spell: it takes a card of the Hero's suit, Hearts"),
        (None, r"Ki Strike costs a card of the Hero's suit before the range is measured"),
    ],
)
def test_l173_a_card_that_cannot_pay(
    catalog: WolsungCatalog, given: str | None, error: str
) -> None:
    target = Subject("x", friendly=False, distance=3.0)
    paid = None if given is None else card(given)
    with pytest.raises(IllegalActionError, match=error):
        declare(
            catalog.spells["ki_strike"], hero(catalog, "xen_jidao"), RULES, target=target, card=paid
        )


def test_l172_a_free_spell_takes_no_card(catalog: WolsungCatalog) -> None:
    target = Subject("x", friendly=False, distance=3.0)
    with pytest.raises(IllegalActionError, match=r"a cost-0 spell takes no card"):
        declare(
            catalog.spells["lightning"],
            hero(catalog, "thorvald"),
            RULES,
            target=target,
            card=card("2D"),
        )


ILLEGAL_TARGETS = {
    "L183-projectile-at-a-friend": ("lightning", "thorvald", friend("ally"), r"targets an enemy"),
    "L195-buff-at-an-enemy": (
        "mistification",
        "xen_jidao",
        Subject("foe", friendly=False, distance=3.0),
        r"Mistification targets a friend \(L195\)",
    ),
    "L185-out-of-sight": (
        "lightning",
        "thorvald",
        Subject("foe", friendly=False, distance=3.0, in_sight=False),
        r"foe is not in the caster's line of sight",
    ),
    "L731-crowd-token": (
        "lightning",
        "thorvald",
        Subject("foe", friendly=False, distance=3.0, crowd_token=True),
        r"Lightning cannot target foe: it is Concealed in the Crowd \(L731\)",
    ),
    "L785-jade-amulet": (
        "lightning",
        "thorvald",
        Subject(
            "cheng", friendly=False, distance=3.0, keywords=frozenset({KeywordRef("jade_amulet")})
        ),
        r"cannot target cheng: it wears the Jade Amulet \(L785\)",
    ),
    "L563-command-a-golem": (
        "command",
        "alice_tinkerly",
        friend("butler"),
        r"Command targets a golem",
    ),
    "L185-no-target": ("lightning", "thorvald", None, r"Lightning needs a target"),
    "L203-aura-chooses-no-target": (
        "shimmer_field",
        "thorvald",
        friend("ally"),
        r"Shimmer Field is an Aura: it chooses no target",
    ),
}


@pytest.mark.parametrize(
    ("spell", "caster", "target", "error"),
    list(ILLEGAL_TARGETS.values()),
    ids=list(ILLEGAL_TARGETS),
)
def test_a_target_the_spell_may_not_choose(
    catalog: WolsungCatalog, spell: str, caster: str, target: Subject | None, error: str
) -> None:
    free = {"lightning", "mistification"}
    paid = None if spell in free else card({"thorvald": "5D"}.get(caster, "5C"))
    with pytest.raises(IllegalActionError, match=error):
        declare(catalog.spells[spell], hero(catalog, caster), RULES, target=target, card=paid)


def test_l597_one_friendly_shield_at_a_time(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["shimmer_field"]
    with pytest.raises(IllegalActionError, match=r"a friendly Shield is in effect already"):
        declare(spell, hero(catalog, "thorvald"), RULES, card=card("2D"), shield_in_effect=True)


def test_a_buff_has_no_defender_for_deeds(catalog: WolsungCatalog) -> None:
    spell = catalog.spells["mistification"]
    declared = declare(spell, hero(catalog, "xen_jidao"), RULES, target=friend("x"))
    casting = roll_casting(declared, scripted("casting", 1, 1, 1, 1))
    with pytest.raises(IllegalActionError, match=r"a Buff or Aura has no defender"):
        casting.result((0, 1))
