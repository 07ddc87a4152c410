"""Sacred Wire 28: the ruleset package (ruleset id ``sacred-wire``).

The package reads like the rulebook, one folder per part of it:

* ``rules_data/``: the typed catalogue of ``data/*.toml`` and the effect vocabulary;
* ``rolls/``: dice tiers and opposed rolls (C1.9, C1.10), the Wits test against 2d6;
* ``squads/``: squad files and their validation (C2), and each model's numbers in play;
* ``game/``: the game in play (C4.1-C4.6, C4.19, C4.20, K1.1, K1.2, R6, R7);
* ``attack/``: one attack die by die, its exact odds, attacks in play (C4.7-C4.18);
* ``powers/``: casting and the eight Broadcast Powers (C5.1, R5.1);
* ``missions/``: the mission generator, deployments, Loot Markers and Search, the missions
  played (K1.2, K1.3, K2, M);
* ``campaign/``: the campaign book and the post-game sequence (K2-K3);
* ``ai/``: the squad heuristic;
* ``ruleset.py`` (the Ruleset), ``log.py`` (the log in words), ``cli.py`` (the companion
  commands).

Shared mechanisms sit below the modules that use them, so no module imports another that imports
it back, directly or through others, and no import hides inside a function
(``tests/rulesets/sacred_wire/test_layout.py`` checks both).

The rules data in ``data/`` is transcribed from *Sacred Wire 28*, version 0.9.0-beta, by
LuisMars, published under the Creative Commons Attribution-ShareAlike 4.0 International licence
(CC BY-SA 4.0, https://creativecommons.org/licenses/by-sa/4.0/). The data files are shared under
the same licence; see ``data/LICENSE-DATA.md``. Names of game terms are kept; effects are
re-expressed as typed keywords (``rules_data/effects.py``), not copied prose.
"""

from skirmish.rulesets.sacred_wire.ruleset import SacredWire

__all__ = ["SacredWire"]
