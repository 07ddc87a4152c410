"""Attacks: one attack resolved die by die, pure (``resolution.py``, C4.7-C4.18, R3.2-R3.8), a
grenade's throw and blast, pure too (``grenade.py``, C4.15, R3.4), their exact odds
(``odds.py``), and attacks in play (``combat.py``: declaring, Defense or Riposte, the blessing
pauses, then damage, Criticals, Fumbles and knockback)."""
