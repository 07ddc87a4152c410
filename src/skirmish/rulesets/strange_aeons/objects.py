"""Destroying inanimate objects (R:272-281, rules notes §2.6): a piece whose tag the catalog
gives a Constitution and Wounds (a fence, a fuel container, a wall) may be attacked and taken
off the table.

The book gives the object's numbers but not the attack, so the game reads it as a close
combat against something that neither fights back nor parries: an Action of a Normal model
touching the object on the ground, out of base-to-base with any enemy, whose Attacks all hit;
as in a won combat, one die is rolled to wound per hit and the highest adds the model's close
combat Damage against the object's Constitution (R:151-154): its weapon's, with Martial
Artist's and Strike to Kill's +1 when it fights Unarmed (R:1103, R:1143,
:func:`.fighter.damage`). At 0 Wounds the object is removed (R:274); the Wounds it has lost
are kept until then.

A template laid on the ground catches every object it lies over (R:273): with no save, the
template's one roll to wound is applied to each, as to the models under it (:mod:`.templates`,
notes §6 item 41), with what the shot adds to it whatever it strikes: the weapon's Damage,
Crack Shot's +1 (R:1062) and a Critical Hit's +2 (:func:`.shooting.wound_bonus`); Close
Range, counted to a model shot at, does not reach it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT
from skirmish.geometry.templates import CircleTemplate, SprayTemplate
from skirmish.geometry.terrain import Terrain
from skirmish.rulesets.strange_aeons import fighter
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import TerrainFeature
from skirmish.rulesets.strange_aeons.combat import own_attacks
from skirmish.rulesets.strange_aeons.damage import wounds_caused
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

DESTROY = "Advanced Terrain: Destroying Inanimate Objects (R:272-281)"


def object_of(game: AeonsGame, piece: Terrain) -> TerrainFeature | None:
    """What inanimate object ``piece`` is (its Constitution and Wounds), or ``None``."""
    table = catalog_of(game).terrain
    return next((table[t] for t in piece.tags if t in table and table[t].con), None)


def smash_options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The objects ``m`` may attack now (it is Normal and out of combat: the caller's)."""
    if m.level is not None or not catalog_of(game).terrain:
        return []
    return [
        Action("smash", (m.id, t.id))
        for t in game.board.terrain
        if object_of(game, t) is not None and t.base_overlaps(m.pos, m.radius, -CONTACT)
    ]


def smash_error(game: AeonsGame, m: AeonsModel, piece_id: str) -> str | None:
    """Why ``m`` may not attack the piece ``piece_id``, or ``None``."""
    found = [t for t in game.board.terrain if t.id == piece_id]
    if not found or object_of(game, found[0]) is None:
        return f"there is no object {piece_id!r} that can be destroyed"
    if m.level is not None or not found[0].base_overlaps(m.pos, m.radius, -CONTACT):
        return f"{m.id} is not in base contact with the {found[0].name} on the ground"
    return None


def strike(game: AeonsGame, m: AeonsModel, con: int, rule: str) -> tuple[int, int]:
    """``m``'s Action against an object of Constitution ``con`` (the ``rule`` that lets it be
    destroyed): every Attack hits (rolled Attacks rolled now, notes §6 item 51), the highest
    die adds its close combat Damage; the total and the Wounds it causes."""
    cat = catalog_of(game)
    bonus = fighter.damage(cat, cat.profile(m.profile))
    total = game.roll(f"{own_attacks(game, m)}D6", "to-wound", rule, m.id).highest + bonus
    return total, wounds_caused(total, con)


def caught(game: AeonsGame, template: CircleTemplate | SprayTemplate) -> tuple[str, ...]:
    """The objects a template laid on the ground lies over (R:273), by piece id."""
    return tuple(
        t.id
        for t in game.board.terrain
        if object_of(game, t) is not None and template.reaches(t.polygon)
    )


def blasted(game: AeonsGame, pieces: tuple[str, ...], total: int, by: str) -> None:
    """A template's roll to wound, ``total`` with what the shot adds to it, applied to each of
    ``pieces`` (R:273); those brought to 0 Wounds are removed."""
    for piece_id in pieces:
        _hit(game, game.board.piece(piece_id), total, by)


def wounds_lost(game: AeonsGame, piece_id: str) -> int:
    """The Wounds the object has lost so far."""
    return next((w for pid, w in game.state.damaged if pid == piece_id), 0)


def _lose(game: AeonsGame, piece_id: str, caused: int) -> int:
    """Count ``caused`` more Wounds lost by the object; the Wounds it has lost in all."""
    lost = wounds_lost(game, piece_id) + caused
    st = game.state
    st.damaged = (*(d for d in st.damaged if d[0] != piece_id), (piece_id, lost))
    return lost


def _destroy(game: AeonsGame, piece: Terrain, rule: str) -> None:
    """Take the object off the table: the game plays on a board without it."""
    st = game.state
    st.damaged = tuple(d for d in st.damaged if d[0] != piece.id)
    game.replace_board(game.board.without_terrain((piece.id,)))
    game.emit("destroyed", rule, (), piece=piece.name)


@dataclass(slots=True, eq=False)
class Smash(Step):
    """An Action against an inanimate object: every Attack hits, one die to wound each."""

    rule = DESTROY
    model: str
    piece: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        piece = game.board.piece(self.piece)
        kind = object_of(game, piece)
        assert kind is not None and kind.con is not None
        total, _ = strike(game, game.model(self.model), kind.con, kind.rule)
        _hit(game, piece, total, self.model)
        return []


def _hit(game: AeonsGame, piece: Terrain, total: int, by: str) -> None:
    """A to-wound ``total`` against the object ``piece``, by the model ``by``: the Wounds it
    causes are lost, and at 0 left the object is removed."""
    kind = object_of(game, piece)
    assert kind is not None and kind.con is not None
    caused = wounds_caused(total, kind.con)
    left = max(0, kind.wounds - _lose(game, piece.id, caused))
    game.emit(
        "object-hit",
        kind.rule,
        (by,),
        piece=piece.name,
        total=total,
        con=kind.con,
        wounds=caused,
        left=left,
    )
    if left == 0:
        _destroy(game, piece, kind.rule)
