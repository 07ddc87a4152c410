"""Broadcast Powers: casting them and what the eight of them do (``casting.py``; C5.1, R5.1,
and the Broadcast Fumble table, R7.3)."""
