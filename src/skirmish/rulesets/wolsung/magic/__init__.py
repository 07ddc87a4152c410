"""Wolsung magic: casting a spell and what each of the ten spells does (L165-L203; rules notes
§1.8, §2.9)."""
