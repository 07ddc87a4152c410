"""How a test is rolled, shared by every rule that rolls: dice tiers, their modifiers and
overflow, and the opposed roll (``tiers.py``, C1.9, C1.10); opposed rolls as the game logs them
(``contest.py``); the Wits test against a fixed 2d6 with its blessings (``wits.py``, C4.2)."""
