"""Wolsung combat: the opposed test, pools and their modifiers, shooting, melee and what a hit
does (L81-L164; rules notes §1.6, §1.7)."""
