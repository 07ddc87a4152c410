"""Missions: the mission generator (``generator.py``, K1.2-K1.4), Loot Markers and their
placement (``loot.py``, K1.2, K1.3), the Search action and its find table (``search.py``, K2.1),
and the zone missions Control, Quadrants, Seizure and Uplink (``zones.py``, M2.1, M3.1, M4.1,
M10.1)."""
