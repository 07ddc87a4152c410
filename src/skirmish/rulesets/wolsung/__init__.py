"""Wolsung Steampunk Skirmish Game (Micro Art Studio): the catalogue as data, and the card,
opposed-test, shooting, melee and magic rules as library modules; no game yet.

:mod:`.catalog` loads ``data/*.toml`` (races, clubs, named heroes, henchmen, gadgets, weapons,
spells and the special-rule keywords they cite) into frozen, validated records. The card rules
(rules notes §4) are :mod:`.deck` (card order, colours, high cards), :mod:`.hand` (the turn's
draw and discard), :mod:`.payments` (which card pays for what), :mod:`.bids` (Steal,
Additional Activation, Delay) and :mod:`.deeds` (the Heroic Deed exchange), with their open
points in :mod:`.house_rules`; :mod:`.opposed` is the opposed test every attack rolls.
:mod:`.shooting` and :mod:`.melee` resolve one Shoot or Fight from a model's fighting profile
(:mod:`.combatant`) and the measures the game takes, with pools that name each modifier's
rule (:mod:`.modifiers`) and hits that do the same (:mod:`.hits`). Magic (notes §1.8) is
:mod:`.magic` (casting), :mod:`.spell_effects` (spell effects as data) and :mod:`.spells`
(what they do), with :mod:`.dark_energy`. Club building (notes §1.11, §1.13) is
:mod:`.club_list` (the file), :mod:`.building` (every restriction) and :mod:`.sheets` (final
profiles and Funds), behind :mod:`.cli`. The numbers and names are the rulebook's
(``wolsung-ssg-rulebook.txt``, cited as Lnnn); the summaries are our own words. Nothing here
is registered as a ruleset.
"""
