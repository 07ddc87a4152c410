"""The Plot Points a Lurker list bought, in play (R:927-935, rules notes §3.14).

A list's Plot Points are kept in its side's setup (``plot-points``, :mod:`.forces`) and act on
that side's models of the kinds ``data/book/plot_points.toml`` names (our reading: a Plot Point
is the Lurker player's favour, R:928, so "Daemons" and "Beasts" are the Lurkers' own):

- Drug Crazed: Human Lurkers take no Resolve test for psychology (R:932).
- Black Sabbath, Between Worlds, Full Moon: a save against every hit, 6+ for Human Lurkers,
  5+ for Daemons, 6+ for Beasts (R:929, R:930, R:935), combined with other saves (R:188);
  with Between Worlds the Daemons a Servitor summons cost 2 points less (R:930, set when the
  game is, :mod:`.forces`).
- Black Sabbath: Human Lurkers re-roll every failed Resolve test (R:929), psychology's and
  every rule's own (:func:`retest`); Full Moon: Beasts re-roll those Fire brings (R:935). A
  Mesmerize or Mind Transfer contest of D6 plus Resolve is no test with a failure (our
  reading), and its tester is never a Lurker.
- Dark Night: every Human model, of either side (the book says "All Human models"), rolls a
  D6 before each Move or Charge Action and forfeits the Action on a 1 (every Action the book
  calls a Move: a climb, a jump, a drag; a Mob's and a Compelled model's too,
  ``turn.STUMBLING``); no shot reaches beyond 15" (R:931).
- The Stars are Right (provisional, notes §6 item 8): three re-rolls a game that the
  Lurkers' models share, a die re-rolled once at most, as the Eldritch Power of that name
  gives one model (R:667; offered and spent by :mod:`.lucky`).
- Scene of Horror (provisional, notes §6 item 8): laid at set-up, an Insanity test for who
  enters it or ends an Action in it (:mod:`.scene`).
- Flesh Eaters: a close combat to-hit 6 of a Human, Humanoid or Undead Lurker is confirmed as
  a Critical Hit on 4-6 (R:934).

That a Plot Point is never bought in two consecutive games against one list (R:928) belongs to
the campaign, as do Full Moon's Wolfmen (R:935).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.lists.plot_points import PlotPoint, load_plot_points
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.rulesets.strange_aeons.state import AeonsGame

KEY = "plot-points"
"""Where a side's setup keeps the ids of the Plot Points its list bought."""
SALTES_KEY = "saltes"
"""Where a side's setup keeps its jar of Essential Saltes (:mod:`.saltes`)."""
SIDES = ("threshold", "lurkers")
PLOTS = load_plot_points()
DRUG_CRAZED = "drug_crazed"
STARS = "Plot Points: The Stars are Right (R:667, notes §6 item 8)"
"""The rule a re-roll of The Stars are Right bought as a Plot Point cites."""
FIRE = "fire:"
"""The situation of a Fire that a Beast fears (:mod:`.psychology`)."""


def bought(game: AeonsGame, side: int) -> list[PlotPoint]:
    """The Plot Points ``side``'s list bought."""
    return [PLOTS[p] for p in game.setup.get(SIDES[side], {}).get(KEY, [])]


def acting_on(game: AeonsGame, m: AeonsModel) -> list[PlotPoint]:
    """The Plot Points of ``m``'s side that act on a model of its kinds."""
    plots = bought(game, m.side)
    if not plots:  # as nearly always: asked at every save and psychology check
        return []
    types = catalog_of(game).profile(m.profile).types
    return [p for p in plots if any(t.value in types for t in p.kinds)]


def cite(plot: PlotPoint) -> str:
    """The rule a Plot Point's effect cites in the log."""
    return f"{plot.name} (R:{plot.line})"


def drug_crazed(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` ignores psychology for Drug Crazed (R:932)."""
    return any(p.id == DRUG_CRAZED for p in acting_on(game, m))


def saves(game: AeonsGame, m: AeonsModel) -> list[int]:
    """The saves ``m``'s side's Plot Points give it against every hit (R:929, R:930, R:935)."""
    return [p.save for p in acting_on(game, m) if p.save is not None]


def saving(game: AeonsGame, m: AeonsModel) -> PlotPoint | None:
    """The Plot Point giving ``m`` a save against every hit, if one does."""
    return next((p for p in acting_on(game, m) if p.save is not None), None)


def rerolling(game: AeonsGame, m: AeonsModel, situation: str, roll: Roll) -> PlotPoint | None:
    """The Plot Point by which ``m`` re-rolls its failed Resolve test of ``situation`` (Black
    Sabbath every one, R:929; Full Moon those Fire brings, R:935), the die not re-rolled
    already (no die is re-rolled twice). Taken always, as the Medic's re-roll is: a
    failed test re-rolled can only pass or stay failed."""
    if roll.rerolled:
        return None
    fire = situation.startswith(FIRE)
    found = (p for p in acting_on(game, m) if p.rerolls == "resolve" or (p.rerolls and fire))
    return next(found, None)


def retest(game: AeonsGame, m: AeonsModel, roll: Roll, need: int, situation: str = "") -> Roll:
    """``m``'s Resolve test ``roll``, which needs ``need``: re-rolled, the re-roll citing the
    Plot Point, when it failed and one of its side's re-rolls it (:func:`rerolling`). Every
    Resolve test passes here, psychology's and every rule's own (a Trial, a dare, a priority
    test, the Hunger's); ``situation`` names a psychology test's, for Full Moon's Fire."""
    if roll.value >= need:
        return roll
    plot = rerolling(game, m, situation, roll)
    return roll if plot is None else game.reroll(roll, 0, cite(plot), m.id)


def rerolls(game: AeonsGame, side: int) -> int:
    """The re-rolls a game ``side``'s Plot Points give its models together: The Stars are
    Right's, as many as the Eldritch Power of that name gives (the catalog's ``rerolls``, by
    the id both share: "the same as the Plot Point", R:667, notes §6 item 8)."""
    ids = {p.id for p in bought(game, side)}
    if not ids:
        return 0
    return sum(n for given, n in catalog_of(game).scenario.rerolls.items() if given in ids)


def stumbles(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` forfeits the Move or Charge Action it takes (Dark Night, R:931): every
    Human model of either side rolls a D6 first, and stumbles on a 1."""
    dark = [p for p in in_play(game) if p.stumble]
    if not dark:
        return False
    types = catalog_of(game).profile(m.profile).types
    plot = next((p for p in dark if any(t.value in types for t in p.kinds)), None)
    if plot is None or plot.stumble is None:
        return False
    if game.roll("D6", "stumble", cite(plot), m.id).value > plot.stumble:
        return False
    game.emit("stumble", cite(plot), (m.id,))
    return True


def shot_limit(game: AeonsGame) -> float:
    """The longest shot the game allows (Dark Night: 15", R:931), unbounded by default."""
    return min((p.shot_limit for p in in_play(game) if p.shot_limit), default=math.inf)


def in_play(game: AeonsGame) -> list[PlotPoint]:
    """The Plot Points of both sides."""
    return [*bought(game, 0), *bought(game, 1)]


def confirming(game: AeonsGame, m: AeonsModel) -> PlotPoint | None:
    """The Plot Point widening the dice confirming ``m``'s close combat Critical Hits (Flesh
    Eaters, R:934), if one does."""
    return next((p for p in acting_on(game, m) if p.confirm is not None), None)
