"""Wolsung's table: the four house scenarios and the rules of deployment, objectives and
scoring they share (notes ``wolsung-scenarios.md`` §4, §5; the rulebook has none, notes
``wolsung.md`` §1.14).

- :mod:`.records` and :mod:`.scenarios`: ``data/scenarios.toml`` (the common rules and
  parameters, S1-S4) loaded into frozen records, every one a house rule citing its section.
"""
