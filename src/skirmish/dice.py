"""Randomness owned by the game: a seeded generator, a scripted source for tests, and rolls.

A game never touches global random state. Its dice source lives in its state, is copied by
``clone()`` and saved by ``to_json()``, so a restored game rolls exactly the dice the original
would have rolled. Tests swap in :class:`ScriptedDice`, which names the purpose of every face
and fails loudly on a roll it did not expect.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from skirmish.errors import SkirmishError, expect, quoted

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Faces(Protocol):
    """Anything that rolls faces: a dice source, or a game's dice that log each roll."""

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` sides for ``purpose``."""
        ...


class DiceSource(Faces, Protocol):
    """Where faces come from: a seeded generator or a test script."""

    def copy(self) -> DiceSource:
        """An independent copy that continues with the same faces."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The source's state as JSON-ready data."""
        ...


MAX_SEED = 2**63 - 1
"""Seeds are 63-bit: the dice and the seed spawner both take any of them."""


def seed_error(seed: int) -> str | None:
    """Why ``seed`` seeds no game, or ``None``: the one check of a seed's range, for a seed
    given on the command line (:func:`read_seed`), to the API or on the web's form, and one
    read from a save."""
    return None if 0 <= seed <= MAX_SEED else not_a_seed(seed)


def not_a_seed(given: object) -> str:
    """The one wording of a seed refused, quoting what was ``given``: a number out of range,
    or what is no whole number (a command line's or a form's text, the API's JSON)."""
    return f"a seed is 0 to {MAX_SEED}, not {quoted(given)}"


def read_seed(text: str) -> int:
    """The seed written as ``text`` (a command line's ``--seed``, the web's form), checked as
    every seed is (:func:`seed_error`).

    Raises:
        SkirmishError: no whole number, or one out of range (:func:`not_a_seed`).
    """
    try:
        seed = int(text)
    except ValueError:  # no number, or one of too many digits for Python to read
        raise SkirmishError(not_a_seed(text)) from None
    wrong = seed_error(seed)
    if wrong is not None:
        raise SkirmishError(wrong)
    return seed


def seed_or_fresh(seed: int | None) -> int:
    """The seed given, or a fresh one (a companion prints it with its answer, so that the
    roll can be made again)."""
    return secrets.randbelow(2**31) if seed is None else seed


class SeededDice:
    """SplitMix64: a tiny generator whose whole state is one integer.

    One integer makes ``clone()`` and saves trivial, which a stdlib ``random.Random``
    (a 625-word state) would not. A face is drawn with Lemire's multiply-shift; its bias is
    below 2**-58 for any die used in a game.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        return tuple(((self.next64() * sides) >> 64) + 1 for _ in range(count))

    def copy(self) -> SeededDice:
        twin = SeededDice(0)
        twin.state = self.state
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"kind": "seeded", "state": self.state}


class HiddenDice:
    """The dice of a player's view: what they will say is hidden, so rolling is an error
    (a search player determinizes the view into a game with dice of its own)."""

    __slots__ = ()

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        raise SkirmishError(
            f"a player's view cannot roll {purpose!r}: the dice are hidden; determinize it"
        )

    def copy(self) -> HiddenDice:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"kind": "hidden"}


class DiceScriptError(AssertionError):
    """A scripted test asked for a die it did not expect, or left faces unused."""


class ScriptedDice:
    """Faces given in advance, each with the purpose it must be rolled for.

    >>> dice = ScriptedDice([("to-hit", 5), ("to-hit", 2)])
    >>> dice.faces(2, 6, "to-hit")
    (5, 2)
    """

    __slots__ = ("pos", "script")

    def __init__(self, script: Iterable[tuple[str, int]]) -> None:
        self.script: tuple[tuple[str, int], ...] = tuple(script)
        self.pos = 0

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        out = []
        for _ in range(count):
            if self.pos >= len(self.script):
                raise DiceScriptError(
                    f"unexpected roll: {purpose!r} d{sides} after the script ended"
                )
            want, face = self.script[self.pos]
            if want != purpose:
                raise DiceScriptError(
                    f"roll {self.pos}: the rules asked for {purpose!r}, the script has {want!r}"
                )
            if not 1 <= face <= sides:
                raise DiceScriptError(f"roll {self.pos}: face {face} is not on a d{sides}")
            self.pos += 1
            out.append(face)
        return tuple(out)

    @property
    def remaining(self) -> tuple[tuple[str, int], ...]:
        """Faces not rolled yet."""
        return self.script[self.pos :]

    def assert_done(self) -> None:
        """Fail if the script still holds faces."""
        if self.remaining:
            raise DiceScriptError(f"unused scripted faces: {list(self.remaining)}")

    def copy(self) -> ScriptedDice:
        twin = ScriptedDice(self.script)
        twin.pos = self.pos
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"kind": "scripted", "script": [list(s) for s in self.script], "pos": self.pos}


def dice_from_json(data: dict[str, Any]) -> DiceSource:
    """Restore a dice source saved by ``to_json``: its numbers are whole numbers as written
    (no text, fraction or infinity made one).

    Raises:
        SaveError: a number that is not a whole number.
    """
    if data.get("kind") == "seeded":
        src = SeededDice(0)
        src.state = expect(data["state"], int, "the dice state") & _MASK64
        return src
    if data.get("kind") == "scripted":
        scripted = ScriptedDice(
            (str(p), expect(f, int, "a scripted face")) for p, f in data["script"]
        )
        scripted.pos = expect(data["pos"], int, "the dice position")
        return scripted
    raise ValueError(f"unknown dice source {data.get('kind')!r}")


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll as the log shows it: what for, which dice, the faces and the result.

    ``dice`` is the notation (``"D6"``, ``"2D6"``); ``value`` is the sum of the faces;
    ``rerolled`` holds the
    indices of faces that were re-rolled, which may not be re-rolled again.
    """

    purpose: str
    dice: str
    faces: tuple[int, ...]
    value: int
    model: str | None = None
    rerolled: tuple[int, ...] = ()

    @property
    def highest(self) -> int:
        """The highest face (0 for no dice)."""
        return max(self.faces, default=0)

    def with_face(self, index: int, face: int) -> Roll:
        """This roll with one face replaced by a re-roll."""
        faces = (*self.faces[:index], face, *self.faces[index + 1 :])
        return Roll(
            self.purpose,
            self.dice,
            faces,
            value_of(self.dice, faces),
            self.model,
            (*self.rerolled, index),
        )


def value_of(dice: str, faces: tuple[int, ...]) -> int:
    """The rules value of faces rolled as ``dice`` notation: their sum. A ruleset that reads
    faces otherwise (a D66, a D3 from a D6) does so itself."""
    return sum(faces)
