"""Sacred Wire 28: the ruleset package (ruleset id ``sacred-wire``).

The rules data in ``data/`` is transcribed from *Sacred Wire 28*, version 0.9.0-beta, by
LuisMars, published under the Creative Commons Attribution-ShareAlike 4.0 International licence
(CC BY-SA 4.0, https://creativecommons.org/licenses/by-sa/4.0/). The data files are shared under
the same licence; see ``data/LICENSE-DATA.md``. Names of game terms are kept; effects are
re-expressed as typed keywords (``effects.py``), not copied prose.
"""

from skirmish.rulesets.sacred_wire.ruleset import SacredWire

__all__ = ["SacredWire"]
