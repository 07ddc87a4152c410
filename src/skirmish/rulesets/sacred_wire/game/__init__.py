"""The two-squad game in play.

``model.py`` and ``state.py`` hold the state; ``space.py`` measures the table (C4.4, C4.5,
C4.9, C4.13); ``setup.py`` sets the game up (K1.1, K1.2); ``rounds.py`` runs the rounds and the
length of the game (C4.1, K1.2), ``activation.py`` the bag and each activation (C4.1);
``blessings.py`` the Corporate Blessings (C4.2); ``actions.py`` what an activating model may do
(C4.3) and its Move (C4.4); ``movement.py`` routes, climbs, jumps, pushes and the Flee move
(C4.4, C4.6, C4.19, C4.20); ``items.py`` grenades, consumables and pick-ups (C4.15, R3.4,
R3.9); ``conditions.py`` what Critical and Fumble rows do (R6, R7); ``morale.py`` Morale and Flee
(C4.19); ``casualties.py`` Health, Out of Action and the end of the game (C4.18, K1.2);
``points.py`` the points players pick for deploying, moving and throwing.
"""
