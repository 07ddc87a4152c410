"""The rules data: ``catalog.py`` validates the TOML tables of ``../data/`` into typed frozen
records (contracts, arrays, weapons, armour, items, Powers, blessings, the Critical and Fumble
tables: C2, R3-R7), and ``effects.py`` is the vocabulary every special is written in."""
