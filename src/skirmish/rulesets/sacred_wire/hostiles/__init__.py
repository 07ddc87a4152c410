"""Hostiles and Coworkers (Inhuman Resources I1-I8): what a group does when its token is drawn
(``behaviour.py``), what a spawn brings (``spawning.py``), and the table companion's answers in
words (``companion.py``). Their data is ``data/hostiles.toml``, read by
:mod:`..rules_data.hostile_tables`."""
