"""Wolsung Steampunk Skirmish Game (Micro Art Studio).

Folders read like the rulebook's chapters, and arrows only point down:

- :mod:`.rules_data`: the catalogue, ``data/*.toml`` (races, clubs, named heroes, henchmen,
  gadgets, weapons, spells and the special-rule keywords they cite) loaded into frozen,
  validated records, with the vocabulary of spell effects parsed from data;
- :mod:`.cards`: the deck, hands, what each card use needs, initiative bids and the Heroic
  Deed exchange (rules notes §4);
- :mod:`.combat`: the opposed test every attack rolls, pools that name each modifier's rule,
  shooting, melee and what a hit does;
- :mod:`.magic`: casting and what each spell does (notes §1.8);
- :mod:`.clubs`: the club-list file, every building restriction and the final sheets (notes
  §1.11, §1.13), behind :mod:`.cli`;
- :mod:`.house_rules`: the open points of the book, as named, switchable options (notes §7).

The numbers and names are the rulebook's (``wolsung-ssg-rulebook.txt``, cited as Lnnn); the
summaries are our own words.
"""
