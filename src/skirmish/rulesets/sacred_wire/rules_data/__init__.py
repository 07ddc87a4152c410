"""The rules data: ``catalog.py`` validates the TOML tables of ``../data/`` into typed frozen
records (contracts, arrays, weapons, armour, items, Powers, blessings, the Critical and Fumble
tables: C2, R3-R7) and holds them with the loot tables (``loot_tables.py``, K1.3, K2.1), the
mission generator's (``mission_tables.py``, K1.2-K1.4) and the campaign's
(``campaign_tables.py``, K2.3, K3.1-K3.4); ``reading.py`` reads a TOML file into its model
with one-line errors, ``effects.py`` is the vocabulary every special is written in, and
``dispatch.py`` the places that apply them."""
