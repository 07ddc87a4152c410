"""Wolsung club building: the club-list file, its validation and the final sheets (L237-L259;
rules notes §1.11)."""
