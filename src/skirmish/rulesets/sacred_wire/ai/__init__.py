"""The squad heuristic the AI player scores actions with (``heuristic.py``)."""
