"""Wolsung Steampunk Skirmish Game (Micro Art Studio): the catalogue as data, no play yet.

:mod:`.catalog` loads ``data/*.toml`` (races, clubs, named heroes, henchmen, gadgets, weapons,
spells and the special-rule keywords they cite) into frozen, validated records. The numbers
and names are the rulebook's (``wolsung-ssg-rulebook.txt``, cited as Lnnn); the summaries are
our own words. Nothing here is registered as a ruleset.
"""
