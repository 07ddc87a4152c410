"""The Strange Aeons rulebook's data (rules notes §3): ``catalog.py`` loads ``../data/book/``
into one typed :class:`~.records.BookCatalog` with the records of ``records.py``, the book's
notation parsed by ``notation.py`` and its cross references typed by ``refs.py`` and checked by
``checks.py``; ``scenario_records.py`` loads the scenario chapter (§2.14-§2.17, §3.15)."""
