"""Animals and their handlers (R:1365-1396, rules notes §3.6, §1.14).

An Animal is a model of its own equipped to a Threshold model with Animal Handler (R:1366);
its profile names that handler. It is nominated only through its handler: a handler nominated
may in turn nominate one of its Animals within 5" (R:1045), within 15" with Shrill Whistle
(R:1131), or up to three Dogs with Pack Master (R:1111); never by the first Nomination, a
Command, a Lieutenant nor Smart, since an Animal is the handler's, as its weapons are
(R:1366). An Animal with Shrill Whistle's handler within 10" may test on the handler's
Resolve (R:1131). When the handler leaves play its Animals leave with it, as Minor Injuries
(R:1045, R:1366; after the game, notes §6 item 30: the campaign is not played). An Animal
Lover whose friendly Animal within 5" is removed Frenzies without a test (R:1047). Animals
do not count as models of their list (R:1366): not in an Escape's share, and a handler left
with only his Animals is the last model of his side (R:214).

The Animals' own rules that only ask where models stand are here too: a Guard Dog within 5"
of its handler may take a Wound meant for him (Sacrifice, R:1376; the choice is
:class:`.damage.Sacrifice`); a Med Dog in base-to-base lifts a friend out of close combat
from Face Down to Normal in one Change State (Medicine, R:1381); a Falcon that took out its
close combat target Charges no more until it has been back in base-to-base with its
handler (Targeted, R:1396). Flight's terrain and save are data (``data/rulebook.toml``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, AeonsModel
from skirmish.rulesets.strange_aeons.space import contacts, gap, in_contact, inches, models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

HANDLER = "Skills: Animal Handler (R:1045)"
PACK_MASTER = "Skills: Pack Master (R:1111)"
WHISTLE = "Skills: Shrill Whistle (R:1131)"
LOVER = "Skills: Animal Lover (R:1047)"
LEAVES = "Animals: removed with their handler (R:1045, R:1366; notes §6 item 30)"
SACRIFICE = "Guard Dog: Sacrifice (R:1376)"
MEDICINE = "Med Dog: Medicine (R:1381)"
TARGETED = "Falcon: Targeted (R:1396)"
HANDLER_RANGE = 5.0
WHISTLE_RANGE = 15.0
WHISTLE_RESOLVE_RANGE = 10.0
PACK = 3
"""The Dogs a Pack Master nominates in one Turn (R:1111)."""
LOVER_RANGE = 5.0
SACRIFICE_RANGE = 5.0
BELOVED = "beloved:"
"""The situation of an Animal Lover's friendly Animal removed: a Frenzy with no test."""


def is_animal(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is an Animal equipped to a handler."""
    return bool(catalog_of(game).profile(m.profile).handler)


def list_size(game: AeonsGame, side: int) -> int:
    """The models ``side``'s list began with, its Animals not counted (R:1366)."""
    cat = catalog_of(game)
    return sum(1 for pid in cat.roster[side] if not cat.profile(pid).handler)


def equipped(game: AeonsGame, handler: AeonsModel) -> list[AeonsModel]:
    """The Animals equipped to ``handler`` still in play, on the table or carried off it (a
    ridden Horse, one a Winged Nightmare snatched): all leave play with him (R:1045)."""
    cat = catalog_of(game)
    return [
        a for a in game.models if a.removed is None and cat.profile(a.profile).handler == handler.id
    ]


def animals_of(game: AeonsGame, handler: AeonsModel) -> list[AeonsModel]:
    """The Animals on the table equipped to ``handler``."""
    return [a for a in equipped(game, handler) if a.on_table]


def handler_of(game: AeonsGame, animal: AeonsModel) -> AeonsModel | None:
    """The handler of ``animal`` on the table, if it is an Animal and its handler is."""
    handler = catalog_of(game).profile(animal.profile).handler
    found = game.model(handler) if handler else None
    return found if found is not None and found.on_table else None


def reach(game: AeonsGame, handler: AeonsModel) -> tuple[str, float]:
    """How far ``handler`` nominates its Animals, and by which rule."""
    if catalog_of(game).profile(handler.profile).has("shrill_whistle"):
        return WHISTLE, WHISTLE_RANGE
    return HANDLER, HANDLER_RANGE


def picks(game: AeonsGame, handler: AeonsModel) -> list[AeonsModel]:
    """The Animals ``handler`` may nominate now: one of its own within reach, not nominated
    yet; with Pack Master up to three Dogs (R:1111), so more Dogs while all it has nominated
    this turn are Dogs."""
    cat, nominated = catalog_of(game), game.state.nominated
    own = animals_of(game, handler)
    taken = [a for a in own if a.id in nominated]
    dogs = all(cat.profile(a.profile).pack for a in taken)
    most = PACK if cat.profile(handler.profile).has("pack_master") and dogs else 1
    if len(taken) >= most:
        return []
    _, far = reach(game, handler)
    return [
        a
        for a in own
        if a.id not in nominated
        and gap(game, handler, a) <= far
        and (not taken or cat.profile(a.profile).pack)
    ]


def pick_rule(game: AeonsGame, handler: AeonsModel, animal: AeonsModel) -> str:
    """The rule by which ``handler`` nominates ``animal``: a second or third Dog is Pack
    Master's, one beyond 5" Shrill Whistle's, any other Animal Handler's."""
    if any(a.id in game.state.nominated for a in animals_of(game, handler)):
        return PACK_MASTER
    return WHISTLE if gap(game, handler, animal) > HANDLER_RANGE else HANDLER


def pick_error(game: AeonsGame, handler: AeonsModel, m: AeonsModel) -> str:
    """Why ``handler`` may not nominate ``m`` now."""
    if catalog_of(game).profile(m.profile).handler != handler.id:
        return f"{m.id} is not an Animal of {handler.id}: a handler nominates only its own (R:1045)"
    if m.id in game.state.nominated:
        return f"{m.id} is already nominated"
    rule, far = reach(game, handler)
    away = gap(game, handler, m)
    if away > far:
        return f'{m.id} is {inches(away)} from {handler.id}: {rule} reaches {far:g}"'
    return f"{handler.id} has nominated its Animal: only a Pack Master nominates more, all Dogs"


def lender(game: AeonsGame, animal: AeonsModel, friend: AeonsModel) -> str | None:
    """Shrill Whistle: the rule by which ``friend`` lends ``animal`` its Resolve, when it is
    the Animal's handler with the skill within 10" (R:1131)."""
    cat = catalog_of(game)
    if cat.profile(animal.profile).handler != friend.id:
        return None
    near = gap(game, animal, friend) <= WHISTLE_RESOLVE_RANGE
    return WHISTLE if near and cat.profile(friend.profile).has("shrill_whistle") else None


def lovers(game: AeonsGame, fallen: AeonsModel) -> list[AeonsModel]:
    """The Animal Lovers that Frenzy as the Animal ``fallen`` is removed: friends with the
    skill within 5" of it (R:1047); one carried off the table (snatched) is within nobody's
    reach."""
    cat = catalog_of(game)
    if not (cat.profile(fallen.profile).handler and fallen.deployed):
        return []
    return [
        f
        for f in models(game)
        if f.side == fallen.side
        and f.id != fallen.id
        and cat.profile(f.profile).has("animal_lover")
        and gap(game, f, fallen) <= LOVER_RANGE
    ]


def guard_dog(game: AeonsGame, target: AeonsModel) -> AeonsModel | None:
    """A Guard Dog of ``target`` within 5" of it that may take its Wound (R:1376): on its
    feet, Normal with a Wound left (a hit that also took its last one leaves it none to
    give)."""
    cat = catalog_of(game)
    return next(
        (
            a
            for a in animals_of(game, target)
            if cat.profile(a.profile).can("sacrifice")
            and a.normal
            and a.wounds > 0
            and gap(game, a, target) <= SACRIFICE_RANGE
        ),
        None,
    )


def tended(game: AeonsGame, m: AeonsModel) -> AeonsModel | None:
    """A Med Dog that lifts ``m`` from Face Down to Normal in one Change State: a friend in
    base-to-base, ``m`` Face Down and out of close combat, never the Dog itself (R:1381)."""
    return next((d for d in models(game) if _tends(game, d, m) and in_contact(d, m)), None)


def patients(game: AeonsGame, dog: AeonsModel) -> list[AeonsModel]:
    """The friends the Med Dog ``dog`` would lift in base-to-base (R:1381)."""
    return [m for m in models(game) if _tends(game, dog, m)]


def _tends(game: AeonsGame, dog: AeonsModel, m: AeonsModel) -> bool:
    """Whether ``dog`` is a Med Dog that tends ``m`` once in base-to-base (R:1381)."""
    if m.state != FACE_DOWN or dog.side != m.side or dog.id == m.id:
        return False
    return catalog_of(game).profile(dog.profile).can("medicine") and not contacts(game, m)


def dispatched(game: AeonsGame, fallen: AeonsModel, by: tuple[str, ...]) -> None:
    """A Falcon among ``by`` that took out ``fallen`` in base-to-base must go back to its
    handler before it Charges again (R:1396)."""
    cat, st = catalog_of(game), game.state
    for mid in by:
        falcon = game.model(mid)
        owes = falcon.id not in st.targeted and in_contact(falcon, fallen)
        if owes and cat.profile(falcon.profile).can("targeted"):
            st.targeted = (*st.targeted, falcon.id)
            game.emit("falcon-targeted", TARGETED, (falcon.id, fallen.id))


def returned(game: AeonsGame) -> None:
    """The Falcons that owe a return and are back in base-to-base with their handlers owe it
    no more (R:1396), nor one off the table."""
    st = game.state
    if not st.targeted:
        return
    back = [mid for mid in st.targeted if not owes_return(game, game.model(mid))]
    for mid in back:
        if game.model(mid).on_table:
            game.emit("falcon-returned", TARGETED, (mid,))
    st.targeted = tuple(mid for mid in st.targeted if mid not in back)


def owes_return(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether the Falcon ``m`` took out its target and is not back with its handler yet, so
    it may not Charge (R:1396)."""
    if m.id not in game.state.targeted or not m.on_table:
        return False
    handler = handler_of(game, m)
    return handler is not None and not in_contact(m, handler)


def targeted_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why the Falcon ``m`` may not Charge: it has not gone back to its handler (R:1396)."""
    if not owes_return(game, m):
        return None
    return f"{m.id} took out its target: it goes back to its handler before it Charges (R:1396)"
