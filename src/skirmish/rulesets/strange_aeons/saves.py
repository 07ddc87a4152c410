"""Saves from a model's own skills, and how several saves combine (R:149, R:186-188).

Tough gives a save against every hit where the catalog's rules give one (the rulebook's 6+,
R:1163; the introduction's Tough has none), Dodge a 5+ against shooting (R:1070), Duck a 6+ in
close combat and +1 on cover saves (R:1073); profiles' own rules give theirs as the catalog
says (Partially Visible and Stunted against every hit, R:777, R:880; Skeletal and Hover
against shooting, R:887, R:860), and so do Plot Points (:mod:`.plots`). Several
saves count as the best of them improved by 1 for each other one, never better than 3+ (R:188,
applied to every kind of save: rules notes item 42); one die is rolled per hit against it.
A save rolled cites the Plot Point's own line when it is that Plot Point's alone, and the
Plot Point beside the rule of the roll when it is combined with others (:func:`save_rule`).
A hit that neither a shot nor a round's dice brought (an Unarmed model's, a free roll to
wound, Fire's, a Sweep's) is saved alone, by :func:`save_hit`: Tough's save is against all
hits, Duck's against those of close combat; a fall's too (R:269), by :func:`save_at_once`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from skirmish.dice import Roll
from skirmish.rulesets.strange_aeons import lucky, plots
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.invisibility import suit_saves
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Saves (R:149, R:188)"
DUCK_SAVE = 6
"""Duck: a 6+ save against close combat hits (R:1073)."""
DUCK_COVER = 1
"""Duck: +1 on each die rolled for a cover save (R:1073), as a save one better."""
BEST_SAVE = 3
"""No combination of saves is better than 3+ (R:188)."""
NO_SAVE = 7
Hit = Literal["shooting", "close", "other"]
"""What brought a hit: a shot, close combat, or neither (Fire burning on, R:127)."""


def skill_saves(game: AeonsGame, m: AeonsModel, hit: Hit) -> list[int]:
    """The saves ``m``'s skills and own rules give against a hit of the kind ``hit``."""
    cat = catalog_of(game)
    prof, scenario = cat.profile(m.profile), cat.scenario
    found = []
    if prof.has("tough") and scenario.tough_save is not None:
        found.append(scenario.tough_save)
    if hit == "shooting" and prof.has("dodge") and scenario.dodge_save is not None:
        found.append(scenario.dodge_save)
    if hit == "close" and prof.has("duck"):
        found.append(DUCK_SAVE)
    found += [save for a, save in scenario.ability_saves.items() if prof.can(a)]
    if hit == "shooting":
        found += [save for a, save in scenario.shooting_saves.items() if prof.can(a)]
    return found + suit_saves(game, m) + plots.saves(game, m)


def save_hit(
    game: AeonsGame, m: AeonsModel, hit: Hit, rule: str, roll: Roll | None, action: Action | None
) -> tuple[Roll | None, Decision | None, bool]:
    """``m``'s save, one die, against one hit of the kind ``hit`` that nothing else saves:
    the die (none when ``m`` has no save), the Lucky offer to ask (if any, the save not
    decided yet) and whether the hit is saved. ``rule``: what the roll cites."""
    found = _lone_save(game, m, hit, rule)
    if found is None:
        return None, None, False
    save, rule = found
    request = ("D6", "save", rule, m.id)
    rolled, ask = lucky.roll(game, roll, action, request, lucky.under(save))
    if ask is not None:
        return rolled, ask, False
    return rolled, None, _saved(game, m, rolled, save, rule)


def save_at_once(game: AeonsGame, m: AeonsModel, hit: Hit, rule: str) -> bool:
    """``m``'s save against one hit of the kind ``hit``, worked out at once within the rule
    that brought it, so with no re-roll offered, as its damage die is not (a fall's, R:269):
    whether it is saved."""
    found = _lone_save(game, m, hit, rule)
    if found is None:
        return False
    save, rule = found
    return _saved(game, m, game.roll("D6", "save", rule, m.id), save, rule)


def _lone_save(game: AeonsGame, m: AeonsModel, hit: Hit, rule: str) -> tuple[int, str] | None:
    """The save ``m`` has against one hit of the kind ``hit``, and the rule its die cites
    (``rule`` by default), or ``None`` when it has none."""
    save = combined(skill_saves(game, m, hit))
    return None if save > lucky.TOP else (save, save_rule(game, m, save, rule))


def _saved(game: AeonsGame, m: AeonsModel, rolled: Roll, save: int, rule: str) -> bool:
    saved = rolled.value >= save
    game.emit("saved", rule, (m.id,), saved=int(saved), left=int(not saved))
    return saved


def cover_bonus(game: AeonsGame, m: AeonsModel) -> int:
    """What ``m``'s skills add to its cover save dice."""
    return DUCK_COVER if catalog_of(game).profile(m.profile).has("duck") else 0


def combined(saves: list[int]) -> int:
    """The save several give together (:data:`NO_SAVE` for none)."""
    real = [s for s in saves if s < NO_SAVE]
    if not real:
        return NO_SAVE
    return max(BEST_SAVE, min(real) - (len(real) - 1))


def save_rule(game: AeonsGame, m: AeonsModel, save: int, rule: str) -> str:
    """The rule a save of ``save`` that ``m`` rolls cites, ``rule`` by default: a Plot
    Point's save alone cites its line (R:929, R:930, R:935); combined with others, which
    leaves it better than the Plot Point's (R:188), both."""
    plot = plots.saving(game, m)
    if plot is None or save >= NO_SAVE:
        return rule
    return plots.cite(plot) if save == plot.save else f"{rule}; {plots.cite(plot)}"
