"""The campaign: the book of a squad between games (``book.py``, K2, K3), what one game meant for a
side (``outcome.py``), the post-game sequence as a game of the kernel (``ruleset.py``,
``sequence.py``, ``evidence.py``, ``rows.py``, the owner's choices in ``choices.py``, the book as
its state in ``sheet.py`` and ``state.py``; played to its end by ``post_game.py``, K3) and the
owner's squad management (``management.py``, post-game steps 5-8)."""
