"""Chosen of Yog-Sothoth (R:772-781, rules notes §2.9): each Kindred model begins the game
with a Mutation, a D6 on the Kindred Mutations table (``data/mutations.toml``).

The Mutations are rolled when the game is set up, with the list seed, and kept in the setup:
each model's profile holds what its Mutation changed, and the side the rolls, which the
game's log opens with. A Mutation's Skill the game does not play yet keeps the profile from
being played (:func:`unplayed_skills`). An Inbred model (R:772) rolls a second Mutation,
re-rolling a face it has already rolled, so it has two, never more. The Patriarch's re-roll is
not played yet (nor is the Patriarch, whose spells are not).
"""

from __future__ import annotations

from importlib.resources import files
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons.catalog import Ability, Profile
from skirmish.rulesets.strange_aeons.rules_data.records import Record

if TYPE_CHECKING:
    from skirmish.dice import Faces
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Chosen of Yog-Sothoth: Kindred Mutations (R:772-781)"
INBRED: Ability = "inbred"
MOST = 2
"""The Mutations an Inbred model has, never more (R:772)."""
BEST_DEX = 2
WORST_DEX = 6
Stat = Literal["move", "dex", "con", "attacks", "wounds"]


class Mutation(Record):
    """One row of the table: what it adds to the profile."""

    roll: int
    name: str
    stats: dict[Stat, int] = Field(default_factory=dict)
    skills: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()


class MutationTable(Record):
    """The table and the ability that rolls on it."""

    ability: Ability
    mutation: tuple[Mutation, ...]


def load_mutations() -> MutationTable:
    """The Kindred Mutations table, from the package's data."""
    return read_data(files(__package__) / "data", "mutations.toml", MutationTable)


def unplayed_skills(
    table: MutationTable, abilities: tuple[str, ...], played: frozenset[str]
) -> list[str]:
    """The Skills a profile with these ``abilities`` may gain by a Mutation that the game does
    not play (``played``: the Skills and Special types it plays; Grotesque's Hideous is one)."""
    if table.ability not in abilities:
        return []
    return [s for m in table.mutation for s in m.skills if s not in played]


def mutate(table: MutationTable, side: dict[str, Any], dice: Faces) -> dict[str, Any]:
    """The setup of a side whose Kindred models have rolled their Mutation: each profile
    changed, and the rolls kept as ``mutations`` (model id, face)."""
    models, rolls = [], []
    for raw in side["models"]:
        profile = Profile.model_validate(raw)
        if profile.can(table.ability):
            faces = _faces(dice, MOST if profile.can(INBRED) else 1)
            rolls += [[profile.id, face] for face in faces]
            for face in faces:
                profile = _changed(profile, _row(table, face))
            raw = profile.model_dump(mode="json")
        models.append(raw)
    return {**side, "models": models, "mutations": rolls} if rolls else side


def _faces(dice: Faces, count: int) -> list[int]:
    """``count`` different Mutations rolled, a face already rolled rolled again (R:772)."""
    faces: list[int] = []
    while len(faces) < count:
        (face,) = dice.faces(1, 6, "mutation")
        if face not in faces:
            faces.append(face)
    return faces


def _row(table: MutationTable, face: int) -> Mutation:
    return next(m for m in table.mutation if m.roll == face)


def _changed(p: Profile, m: Mutation) -> Profile:
    data = p.model_dump()
    for stat, change in m.stats.items():
        data[stat] += change
    data.update(
        move=max(1, data["move"]),
        dex=min(WORST_DEX, max(BEST_DEX, data["dex"])),
        skills=(*p.skills, *(s for s in m.skills if s not in p.skills)),
        abilities=(*p.abilities, *m.abilities),
    )
    return Profile.model_validate(data)


def log_mutations(game: AeonsGame, table: MutationTable) -> None:
    """Open the log with the Mutations rolled at set-up."""
    for side in ("threshold", "lurkers"):
        for model_id, face in game.setup[side].get("mutations", []):
            row = _row(table, face)
            game.emit("mutation", RULE, (model_id,), roll=face, name=row.name)
