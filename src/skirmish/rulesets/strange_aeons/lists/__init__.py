"""Strange Aeons list building (rules notes §3.1-§3.4, §3.15; R:343-521): ``list_file`` reads a
Threshold team or a Lurker list from TOML or JSON, ``costs`` prices it, ``skills`` checks the
Skills taken, ``promotion`` and ``scenarios`` load the limits the book sets by promotion level
and by Basic Scenario, ``building`` names every violation, ``sheets`` (with ``wording``) writes
what a valid list is, and ``random_lists`` builds random legal lists."""
