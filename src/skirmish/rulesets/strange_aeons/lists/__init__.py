"""Strange Aeons list building (rules notes §3.1-§3.4, §3.15; R:343-521): ``list_file`` reads a
Threshold team or a Lurker list from TOML or JSON, ``costs`` prices it; ``team`` and ``lurkers``
name every violation of each, with ``skills``, ``psychic`` and ``gear`` for what a model takes
and carries, and ``promotion`` and ``scenarios`` for the limits the book sets by promotion level
and by Basic Scenario; ``sheets`` (with ``wording``) writes what a valid list is, and
``random_lists`` builds random legal lists."""
