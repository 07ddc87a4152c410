"""The campaign: the book of a squad between games (``book.py``, K2, K3), the campaign's tables
(``tables.py``, K2.3, K3.1-K3.4), the post-game sequence (``post_game.py``, K3) and the owner's
squad management (``management.py``, post-game steps 5-8)."""
