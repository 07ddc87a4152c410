"""Wolsung's catalogue: the typed records, the loader and its cross-reference checks, and
the vocabulary of spell effects parsed from data (rules notes §2, §3)."""
