"""Wolsung's cards: the shared deck, hands, what each card use needs, initiative bids and
the Heroic Deed exchange (rules notes §4)."""
