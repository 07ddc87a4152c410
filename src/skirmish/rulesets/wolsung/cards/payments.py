"""Which card pays for what in Wolsung (rules notes §4.3): every use of a card, the card it
needs, and the special rules that loosen that need.

The uses and what each needs by the book:

| use | card | line |
|---|---|---|
| Steal, Additional Activation, Delay | any | L46-L48 |
| Heroic Recovery, Heroic Move | of the Hero's suit | L207, L211, L213 |
| Heroic Deed | red for shooting, Projectiles, Attacks; black for melee, Buffs, Auras | L217 |
| spell of cost 0 / 1 / 2 | none / of the Hero's suit / a court card or Ace | L171-L174, L178 |
| Power of Blood (Mr. Cheng) | Spades, up to three | L789 |
| True Identity (Wandering Actor) | of the dead Hero's suit | L806 |
| Man about town | any (the discard after drawing two) | L414 |

A cost-2 spell also wants the caster's suit by default (L178 read strictly, §7 item 35,
:attr:`.HouseRules.spell_suit_for_cost_2`); leaving a melee takes black cards, as melee
does (§7 item 34). Only a Hero pays for the heroic uses and casts (§7 item 38); Power of
Blood, True Identity and Man about town belong to models with that rule.

The overrides are a table keyed by the catalogue's keyword ids (:data:`OVERRIDES`): War hero
(L416), Famous Explorer (L417), Magneton Boots (L572, L609), Flea jump of the Golemic Flea
(L664), Helping Hand (L546: any colour is any card), All Suits (L805) and Sir Oakroot's
top-hat (L434, §7 item 64). A payer's keywords are the rules at work for this payment: its
own, its gear's, and a friend's that reach it (a Butler's Helping Hand for a Noble Hero
within 6", measured by the caller; the top-hat only while it is unused and its owner uses it).
Where several apply, the loosest wins. A free use takes no card, so a card offered for it is
refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from skirmish.cards import Card
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.rulesets.wolsung.cards.deck import colour, is_high, suit_of
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import Hero, Suit, WolsungCatalog

__all__ = [
    "DEED_COLOUR",
    "OVERRIDES",
    "Contest",
    "Need",
    "Override",
    "Payer",
    "Requirement",
    "Use",
    "UseKind",
    "card_needed",
    "check_payment",
    "deed_bonus",
    "payment_problem",
    "power_of_blood",
    "requirement",
]


class UseKind(StrEnum):
    """What a card is spent on (notes §4.3)."""

    STEAL = "Steal"
    ADDITIONAL = "Additional Activation"
    DELAY = "Delay"
    HEROIC_RECOVERY = "Heroic Recovery"
    HEROIC_MOVE = "Heroic Move"
    HEROIC_DEED = "Heroic Deed"
    SPELL = "spell"
    POWER_OF_BLOOD = "Power of Blood"
    TRUE_IDENTITY = "True Identity"
    MAN_ABOUT_TOWN = "Man about town"


class Contest(StrEnum):
    """The opposed test a Heroic Deed adds successes to (L217, L164)."""

    SHOOTING = "shooting"
    MELEE = "melee"
    LEAVING_MELEE = "leaving melee"
    PROJECTILE = "a Projectile spell"
    ATTACK = "an Attack spell"
    BUFF = "a Buff spell"
    AURA = "an Aura spell"


DEED_COLOUR: Mapping[Contest, str] = {
    Contest.SHOOTING: "red",
    Contest.PROJECTILE: "red",
    Contest.ATTACK: "red",
    Contest.MELEE: "black",
    Contest.BUFF: "black",
    Contest.AURA: "black",
    # L164 gives no colour; leaving a melee is a melee test (§7 item 34).
    Contest.LEAVING_MELEE: "black",
}
"""The colour of card a Heroic Deed takes in each test (L217)."""

DEED_HIGH = 2
DEED_LOW = 1
MAX_BLOOD_CARDS = 3


class Need(StrEnum):
    """What card a use takes."""

    NONE = "no card"
    ANY = "any card"
    HERO_SUIT = "a card of the Hero's suit"
    DEED_COLOUR = "a card of the test's colour"
    HIGH = "a court card or an Ace"
    SPADES = "a Spade"
    NAMED_SUIT = "a card of the dead Hero's suit"


# Overrides only ever loosen a need: no card at all, then any card, then what the book asks.
_LOOSENESS: Mapping[Need, int] = {Need.NONE: 0, Need.ANY: 1}
_STRICT = 2


@dataclass(frozen=True, slots=True)
class Use:
    """One use of a card: its kind, and what the kind needs to know (the test of a Heroic
    Deed, a spell's cost, the suit of the Hero True Identity brings back).

    Raises:
        SkirmishError: a detail missing or given to a use that has none.
    """

    kind: UseKind
    contest: Contest | None = None
    cost: int | None = None
    suit: Suit | None = None

    def __post_init__(self) -> None:
        wanted = {
            "a contest": self.kind is UseKind.HEROIC_DEED,
            "a cost of 0, 1 or 2": self.kind is UseKind.SPELL,
            "a suit": self.kind is UseKind.TRUE_IDENTITY,
        }
        given = (self.contest, self.cost, self.suit)
        stray = any(want != (g is not None) for want, g in zip(wanted.values(), given, strict=True))
        if stray or self.cost not in (None, *_SPELL_NEEDS):
            wants = next((name for name, want in wanted.items() if want), "no details")
            raise SkirmishError(f"{self.kind} takes {wants}: {self!r}")

    @property
    def text(self) -> str:
        """The use as a message names it: ``Heroic Deed in shooting``, ``a cost-2 spell``."""
        if self.contest is not None:
            return f"{self.kind} in {self.contest}"
        if self.cost is not None:
            return f"a cost-{self.cost} spell"
        return str(self.kind)


@dataclass(frozen=True, slots=True)
class Payer:
    """Who pays: a Hero (``hero``) with its ``suit`` (none for the Wandering Actor, §7 item
    97) and the keyword ids at work for this payment; a player bidding is ``Payer()``."""

    suit: Suit | None = None
    keywords: frozenset[str] = frozenset()
    hero: bool = False

    @staticmethod
    def of(catalog: WolsungCatalog, hero: Hero, *also: str) -> Payer:
        """A named Hero as a payer: its own abilities and its gear's, and ``also`` (a friend's
        rule that reaches it now)."""
        gear = (ref.id for gadget in catalog.gear_of(hero) for ref in gadget.abilities)
        own = (ref.id for ref in hero.abilities)
        return Payer(hero.suit, frozenset((*own, *gear, *also)), hero=True)


@dataclass(frozen=True, slots=True)
class Override:
    """A special rule's change to what one use needs."""

    use: UseKind
    need: Need
    line: int


OVERRIDES: Mapping[str, tuple[Override, ...]] = {
    "war_hero": (
        Override(UseKind.HEROIC_DEED, Need.ANY, 416),
        Override(UseKind.HEROIC_RECOVERY, Need.NONE, 416),
    ),
    "famous_explorer": (Override(UseKind.HEROIC_MOVE, Need.NONE, 417),),
    "magneton_boots": (
        Override(UseKind.HEROIC_MOVE, Need.NONE, 572),
        Override(UseKind.HEROIC_RECOVERY, Need.NONE, 572),
    ),
    "flea_jump": (Override(UseKind.HEROIC_MOVE, Need.NONE, 664),),
    "helping_hand": (Override(UseKind.HEROIC_MOVE, Need.ANY, 546),),
    "all_suits": (
        Override(UseKind.HEROIC_MOVE, Need.ANY, 805),
        Override(UseKind.HEROIC_RECOVERY, Need.ANY, 805),
    ),
    "top_hat": (Override(UseKind.STEAL, Need.NONE, 434),),
}
"""The special rules that change what a card use needs, keyed by catalogue keyword id."""


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a use needs of a payer, and the rule that says so (``L211``, ``war_hero (L416)``)."""

    need: Need
    source: str


_BOOK: Mapping[UseKind, Requirement] = {
    UseKind.STEAL: Requirement(Need.ANY, "L46"),
    UseKind.ADDITIONAL: Requirement(Need.ANY, "L47"),
    UseKind.DELAY: Requirement(Need.ANY, "L48"),
    UseKind.HEROIC_RECOVERY: Requirement(Need.HERO_SUIT, "L211"),
    UseKind.HEROIC_MOVE: Requirement(Need.HERO_SUIT, "L213"),
    UseKind.HEROIC_DEED: Requirement(Need.DEED_COLOUR, "L217"),
    UseKind.POWER_OF_BLOOD: Requirement(Need.SPADES, "L789"),
    UseKind.TRUE_IDENTITY: Requirement(Need.NAMED_SUIT, "L806"),
    UseKind.MAN_ABOUT_TOWN: Requirement(Need.ANY, "L414"),
}

_SPELL_NEEDS: Mapping[int, Requirement] = {
    0: Requirement(Need.NONE, "L172"),
    1: Requirement(Need.HERO_SUIT, "L173"),
    2: Requirement(Need.HIGH, "L174"),
}

# Uses only a Hero makes (L209-L218, L178; §7 item 38), and uses that are one model's own rule.
_HEROIC = frozenset(
    {UseKind.HEROIC_RECOVERY, UseKind.HEROIC_MOVE, UseKind.HEROIC_DEED, UseKind.SPELL}
)
_OWN_RULE: Mapping[UseKind, str] = {
    UseKind.POWER_OF_BLOOD: "power_of_blood",
    UseKind.TRUE_IDENTITY: "true_identity",
    UseKind.MAN_ABOUT_TOWN: "man_about_town",
}


def requirement(use: Use, payer: Payer) -> Requirement:
    """What ``use`` needs of ``payer``: the book's need, or the loosest override at work."""
    book = _BOOK[use.kind] if use.cost is None else _SPELL_NEEDS[use.cost]
    overrides = [
        Requirement(o.need, f"{keyword} (L{o.line})")
        for keyword in sorted(payer.keywords)
        for o in OVERRIDES.get(keyword, ())
        if o.use is use.kind
    ]
    return min((*overrides, book), key=lambda r: _LOOSENESS.get(r.need, _STRICT))


def card_needed(use: Use, payer: Payer) -> bool:
    """Whether ``use`` costs ``payer`` a card at all."""
    return requirement(use, payer).need is not Need.NONE


def payment_problem(use: Use, payer: Payer, card: Card, rules: HouseRules) -> str | None:
    """Why ``card`` may not pay for ``use`` by ``payer``, in one line; ``None`` if it may."""
    refusal = _who_problem(use, payer)
    if refusal is not None:
        return refusal
    req = requirement(use, payer)
    problem = _CHECKS[req.need](card, use, payer, rules)
    if problem is None:
        return None
    return f"{card.text} cannot pay for {use.text}: {problem} ({req.source})"


def check_payment(use: Use, payer: Payer, card: Card, rules: HouseRules) -> None:
    """Refuse ``card`` as payment for ``use`` by ``payer`` if the rules do.

    Raises:
        IllegalActionError: the reason, in one line.
    """
    problem = payment_problem(use, payer, card, rules)
    if problem is not None:
        raise IllegalActionError(problem)


def deed_bonus(card: Card) -> int:
    """The successes a card adds as a Heroic Deed: +2 for a court card or Ace, else +1 (L218)."""
    return DEED_HIGH if is_high(card) else DEED_LOW


def power_of_blood(payer: Payer, cards: Iterable[Card], rules: HouseRules) -> int:
    """The Magic Ability Power of Blood adds for the Spades discarded: one per card, up to
    three (L789, golden example X17).

    Raises:
        IllegalActionError: more than three cards, or a card that may not pay.
    """
    spent = tuple(cards)
    if len(spent) > MAX_BLOOD_CARDS:
        raise IllegalActionError(
            f"Power of Blood takes up to {MAX_BLOOD_CARDS} cards, not {len(spent)} (L789)"
        )
    for card in spent:
        check_payment(Use(UseKind.POWER_OF_BLOOD), payer, card, rules)
    return len(spent)


def _who_problem(use: Use, payer: Payer) -> str | None:
    own = _OWN_RULE.get(use.kind)
    if own is not None and own not in payer.keywords:
        return f"only a model with {own} pays for {use.text} ({_BOOK[use.kind].source})"
    if use.kind in _HEROIC and not payer.hero:
        return f"only a Hero pays for {use.text} (L209, §7 item 38)"
    return None


def _no_card(card: Card, use: Use, payer: Payer, rules: HouseRules) -> str | None:
    return f"{use.text} takes no card"


def _any_card(card: Card, use: Use, payer: Payer, rules: HouseRules) -> str | None:
    return None


def _hero_suit(card: Card, use: Use, payer: Payer, rules: HouseRules) -> str | None:
    if payer.suit is None:
        return "this Hero has no suit"
    if suit_of(card) is not payer.suit:
        return f"it takes a card of the Hero's suit, {payer.suit.capitalize()}"
    return None


def _deed_colour(card: Card, use: Use, payer: Payer, rules: HouseRules) -> str | None:
    assert use.contest is not None, "a Heroic Deed always names its test"
    wanted = DEED_COLOUR[use.contest]
    return None if colour(card) == wanted else f"it takes a {wanted} card"


def _high(card: Card, use: Use, payer: Payer, rules: HouseRules) -> str | None:
    if not is_high(card):
        return "it takes a court card or an Ace"
    if not rules.spell_suit_for_cost_2:
        return None
    problem = _hero_suit(card, use, payer, rules)
    return None if problem is None else f"{problem}, read strictly (L178, §7 item 35)"


def _spades(card: Card, use: Use, payer: Payer, rules: HouseRules) -> str | None:
    return None if suit_of(card) is Suit.SPADES else "it takes Spades"


def _named_suit(card: Card, use: Use, payer: Payer, rules: HouseRules) -> str | None:
    assert use.suit is not None, "True Identity always names the dead Hero's suit"
    return None if suit_of(card) is use.suit else f"it takes {use.suit.capitalize()}"


_CHECKS: Mapping[Need, Callable[[Card, Use, Payer, HouseRules], str | None]] = {
    Need.NONE: _no_card,
    Need.ANY: _any_card,
    Need.HERO_SUIT: _hero_suit,
    Need.DEED_COLOUR: _deed_colour,
    Need.HIGH: _high,
    Need.SPADES: _spades,
    Need.NAMED_SUIT: _named_suit,
}
