"""Squads: the squad file, its validation and report (``squad.py``, C2, C2.1-C2.4, R3.5), the
sample squads of ``../data/squads/``, and each model's numbers in play from its profile and kit
(``roster.py``: dice tiers, Move, weapons, armour, reach)."""
