"""Missions (K1, K2, M): the mission generator (``generator.py``, K1.2-K1.4), deployments
(``deployment.py``), the Evidence-gap advantages in play (``advantages.py``, ``terrain.py``,
``decoys.py``), Loot Markers and the Search (``loot.py``, ``search.py``, K2.1), and the
fourteen missions: the zone missions, Breakthrough's exits and the results of every mission
(``zones.py``), those worked by Interact (``interact.py``, with ``carry.py``, ``sabotage.py``
and ``signal.py``), Assassination (``assassination.py``), the ways to an exit edge
(``ways.py``), and solo play against the hostiles (``solo.py``, a house variant)."""
