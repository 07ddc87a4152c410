"""The bench scripts' counts on the command line: a whole number, refused below its least
with argparse's one-line error (no traceback from a count of 0 games)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def count(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of ``least`` or more."""

    def parse(text: str) -> int:
        if not text.lstrip("-").isdigit() or int(text) < least:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of {least} or more")
        return int(text)

    return parse
