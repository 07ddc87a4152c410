"""The two-squad game in play, from the bottom up:

* ``model.py``, ``state.py``: a model in play and the game's own state;
* ``space.py``: measuring the table: distances, engagement, sight, cover (C4.4, C4.5, C4.9,
  C4.13);
* ``bag.py``: the activation bag's tokens (C4.1);
* ``blessings.py``: the Corporate Blessings (C4.2);
* ``morale.py``: Morale and Flee (C4.19);
* ``casualties.py``: Health, Out of Action, falls, leaving the board, the end of the game (C4.18,
  C4.6, C4.20, K1.2);
* ``movement.py``: routes, climbs, jumps, pushes and the Flee move (C4.4, C4.6, C4.19, C4.20);
* ``conditions.py``: what Critical and Fumble rows do (R6, R7);
* ``items.py``: grenades and consumables (C4.15, R3.4, R3.9);
* ``actions.py``: what an activating model may do, Interact among it (C4.3), and its Move (C4.4);
* ``activation.py``: the draws from the bag and one model's activation (C4.1);
* ``rounds.py``: the rounds and the length of the game (C4.1, K1.2);

and, for the Ruleset, ``setup.py`` (setting the game up, K1.1, K1.2) and ``points.py`` (the
points players pick for deploying, moving and throwing).
"""
