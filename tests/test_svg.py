"""The SVG drawing: models' state marks, the scale bar and legend, labels that never overlap."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from typing import Any

import pytest
import shapely

from skirmish.engine.game import Game
from skirmish.geometry.board import Board, load_board
from skirmish.geometry.terrain import Cover, Movement, Terrain
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game.state import SmokeColumn
from skirmish.rulesets.strange_aeons.state import Smoke
from skirmish.rulesets.wolsung.game.templates import FIRE, MIST, SMOKE, lay
from skirmish.svg import Label, place_labels, render_svg, text_box

NS = {"s": "http://www.w3.org/2000/svg"}
Box = tuple[float, float, float, float]


def _placed(game: Game, spots: dict[str, tuple[float, float]]) -> Game:
    """``game`` with the models named in ``spots`` deployed there."""
    for model_id, (x, y) in spots.items():
        m = game.model(model_id)
        m.x, m.y = x, y
    return game


def aeons() -> Game:
    game = find_ruleset("strange-aeons-intro").new_game({}, 1)
    return _placed(game, {"T1": (10.0, 20.0), "T2": (20.0, 20.0), "L1": (20.0, 4.0)})


def wire(setup: dict[str, Any] | None = None) -> Game:
    game = find_ruleset("sacred-wire").new_game(setup or {}, 1)
    return _placed(game, {"A1": (2.0, 10.0), "A2": (22.0, 10.0), "B1": (12.0, 21.0)})


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # fails on anything that is not well-formed XML


def model_group(root: ET.Element, model_id: str) -> ET.Element:
    groups = [g for g in root.iter(f"{{{NS['s']}}}g") if g.get("data-id") == model_id]
    assert len(groups) == 1, model_id
    return groups[0]


def classes(element: ET.Element) -> set[str]:
    return {c for e in element.iter() for c in (e.get("class") or "").split()}


def texts(root: ET.Element, css: str) -> list[ET.Element]:
    return [t for t in root.iter(f"{{{NS['s']}}}text") if css in (t.get("class") or "").split()]


def label_boxes(root: ET.Element) -> list[Box]:
    return [
        text_box(
            float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("font-size", 0)), t.text or ""
        )
        for t in texts(root, "label")
    ]


def legend_box(root: ET.Element) -> Box:
    (rect,) = [r for r in root.iter(f"{{{NS['s']}}}rect") if r.get("class") == "legend"]
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    return (x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0)))


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# --- state ----------------------------------------------------------------------------------


def test_a_hurt_face_down_model_has_both_rings_a_tag_and_a_hover_title() -> None:
    game = aeons()
    t1 = game.model("T1")
    t1.state, t1.wounds = "face-down", 1
    root = parse(render_svg(game.board, game))
    group = model_group(root, "T1")
    assert {"hurt", "conditioned", "base"} <= classes(group)
    title = group.find("s:title", NS)
    assert title is not None and t1.name in (title.text or "")
    assert "1/2 Wounds" in (title.text or "") and "Face Down" in (title.text or "")
    tag = " ".join(t.text or "" for t in texts(root, "tag") if t.get("data-for") == "T1")
    assert "1/2 Wounds" in tag and "Face Down" in tag


def test_a_model_at_full_health_without_conditions_has_no_marks() -> None:
    game = aeons()
    root = parse(render_svg(game.board, game))
    assert not {"hurt", "conditioned"} & classes(model_group(root, "T2"))
    assert not [t for t in texts(root, "tag") if t.get("data-for") == "T2"]


def test_a_fleeing_wounded_sacred_wire_model_is_marked_with_its_health() -> None:
    game = wire()
    a1 = game.model("A1")
    a1.fleeing = True
    a1.health -= 3
    status = game.ruleset.model_status(game, a1)
    root = parse(render_svg(game.board, game))
    assert {"hurt", "conditioned"} <= classes(model_group(root, "A1"))
    tag = " ".join(t.text or "" for t in texts(root, "tag") if t.get("data-for") == "A1")
    assert status.health in tag and "Fleeing" in tag


def test_models_off_the_table_are_not_drawn() -> None:
    game = find_ruleset("strange-aeons-intro").new_game({}, 1)
    root = parse(render_svg(game.board, game))
    assert "model" not in classes(root)


# --- scale and legend -----------------------------------------------------------------------


def test_the_scale_bar_has_one_segment_per_inch_and_its_length_written() -> None:
    root = parse(render_svg(load_board("default")))
    (scale,) = [g for g in root.iter(f"{{{NS['s']}}}g") if g.get("class") == "scale"]
    segments = scale.findall("s:rect", NS)
    assert [float(r.get("x", -1)) for r in segments] == [0, 1, 2, 3, 4, 5]
    assert {float(r.get("width", 0)) for r in segments} == {1.0}
    assert '6"' in [t.text for t in scale.iter(f"{{{NS['s']}}}text")]


def test_the_legend_names_terrain_kinds_present_sides_markers_and_state_cues() -> None:
    game = wire({"loot": [[6.0, 10.0], [18.0, 14.0]]})
    game.model("A1").fleeing = True
    root = parse(render_svg(game.board, game))
    legend = {t.text for t in texts(root, "legend-text")}
    kinds = {t.movement.value for t in game.board.terrain}
    assert kinds == {"open", "impassable", "climbable"}
    assert kinds <= legend and "rough" not in legend
    assert set(game.sides.names) <= legend
    assert "loot" in legend and "ladder" not in legend
    assert "condition (named by it)" in legend and "hurt (health by it)" not in legend
    assert {"legend-marker", "legend-conditioned"} <= classes(root)


def test_a_board_alone_has_a_legend_of_terrain_and_ladders_only() -> None:
    root = parse(render_svg(load_board("default")))
    legend = {t.text for t in texts(root, "legend-text")}
    assert {"open", "rough", "impassable", "climbable", "ladder"} <= legend
    assert "Sides" not in legend and "State" not in legend


def test_one_unit_is_one_inch_with_north_up() -> None:
    board = load_board("default")
    root = parse(render_svg(board))
    (table,) = [r for r in root.iter(f"{{{NS['s']}}}rect") if r.get("class") == "table"]
    assert (float(table.get("width", 0)), float(table.get("height", 0))) == (36, 24)
    (house,) = [p for p in root.iter(f"{{{NS['s']}}}polygon") if p.get("data-id") == "house"]
    ys = {float(pt.split(",")[1]) for pt in (house.get("points") or "").split()}
    assert ys == {24 - 10.0, 24 - 15.0}  # y = 15 (north side) is drawn nearer the top


# --- labels ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["default", "sacred-wire"])
def test_terrain_labels_neither_overlap_nor_leave_the_table(name: str) -> None:
    board = load_board(name)
    root = parse(render_svg(board))
    boxes = label_boxes(root)
    assert len({t.get("data-for") for t in texts(root, "terrain-label")}) == len(board.terrain)
    for a, b in itertools.combinations(boxes, 2):
        assert not overlap(a, b), (a, b)
    legend = legend_box(root)
    for box in boxes:
        assert not overlap(box, legend)
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= board.width and box[3] <= board.height


def hurt_aeons() -> Game:
    game = aeons()
    t1 = game.model("T1")
    t1.wounds, t1.state = 1, "face-up"
    return game


def crowded_wire() -> Game:
    """Five hurt, fleeing models in a tight knot by the conduit core."""
    game = wire()
    knot = [(11.0, 14.0), (12.0, 14.2), (13.0, 14.0), (11.5, 15.0), (12.6, 15.1)]
    for n, spot in enumerate(knot, start=1):
        m = game.model(f"A{n}")
        m.x, m.y = spot
        m.health -= 2
        m.fleeing = True
    return game


@pytest.mark.parametrize("make", [hurt_aeons, crowded_wire])
def test_labels_and_state_tags_neither_overlap_nor_cover_a_base(make: Any) -> None:
    game = make()
    root = parse(render_svg(game.board, game))
    boxes = label_boxes(root)
    for a, b in itertools.combinations(boxes, 2):
        assert not overlap(a, b), (a, b)
    tagged = {t.get("data-for") for t in texts(root, "tag")}
    for m in game.models:
        if m.on_table:
            y = game.board.height - m.y
            base = (m.x - m.radius, y - m.radius, m.x + m.radius, y + m.radius)
            assert not any(overlap(base, box) for box in boxes), m.id
            status = game.ruleset.model_status(game, m)
            assert (m.id in tagged) == (status.hurt or bool(status.conditions)), m.id


def test_a_label_too_big_for_anywhere_is_reported_not_forced() -> None:
    wide = Label((("a label far too wide",),), (1.0,), (1.0, 1.0), shapely.Point(1, 1), "x", "k")
    small = Label((("ok",),), (0.3,), (1.0, 1.0), shapely.Point(1, 1), "x", "s")
    placed, missing = place_labels([wide, small], [], (0.0, 0.0, 2.0, 2.0))
    assert missing == [wide] and [p.label for p in placed] == [small]


def test_labels_that_fit_nowhere_on_the_table_are_listed_in_the_legend() -> None:
    pieces = tuple(
        Terrain(
            f"p{i}",
            f"Very long piece name {i}",
            ((i, 0.0), (i + 1.0, 0.0), (i, 1.0)),
            1.0,
            Movement.ROUGH,
            Cover.LIGHT,
        )
        for i in range(3)
    )
    root = parse(render_svg(Board("Tiny", 4.0, 2.0, pieces)))
    legend = [t.text or "" for t in texts(root, "legend-text")]
    drawn = {t.get("data-for") for t in texts(root, "terrain-label")}
    listed = {p.id for p in pieces if any(f"({p.id})" in line for line in legend)}
    assert listed and drawn | listed == {"p0", "p1", "p2"} and not drawn & listed
    assert "Not labelled on the table" in legend


def drawn_templates(root: ET.Element) -> dict[str, tuple[str, str]]:
    """Each template drawn: its id, with its kind and hover title."""
    return {
        p.get("data-id") or "": (p.get("data-kind") or "", p.findtext("s:title", "", NS))
        for p in root.iter(f"{{{NS['s']}}}polygon")
        if p.get("class") == "template"
    }


def test_l575_l723_l615_wolsung_fire_mist_and_smoke_templates_are_drawn_with_their_ids() -> None:
    game = find_ruleset("wolsung").new_game({}, 1)
    lay(game, FIRE, (10.0, 10.0), 1.5, None, 0, "L575")
    lay(game, MIST, (20.0, 20.0), 1.5, None, 1, "L744")
    lay(game, SMOKE, (30.0, 8.0), 1.5, None, 1, "L615")
    root = parse(render_svg(game.board, game))
    assert drawn_templates(root) == {
        "F1": ("Fire Template", "F1: Fire Template"),
        "M2": ("Mist Template", "M2: Mist Template"),
        "S3": ("Smoke Marker", "S3: Smoke Marker"),
    }
    assert {t.get("data-for") for t in texts(root, "template-label")} == {"F1", "M2", "S3"}
    legend = [t.text for t in texts(root, "legend-text")]
    assert legend[legend.index("Templates") + 1 :][:3] == [
        "Fire Template",
        "Mist Template",
        "Smoke Marker",
    ]


def test_a_template_is_a_disc_of_its_radius_about_its_centre() -> None:
    game = find_ruleset("wolsung").new_game({}, 1)
    lay(game, FIRE, (10.0, 10.0), 1.5, None, 0, "L575")
    root = parse(render_svg(game.board, game))
    (fire,) = (p for p in root.iter(f"{{{NS['s']}}}polygon") if p.get("class") == "template")
    points = [tuple(map(float, xy.split(","))) for xy in (fire.get("points") or "").split()]
    centre = (10.0, game.board.height - 10.0)  # north up
    assert all(abs(shapely.Point(p).distance(shapely.Point(centre)) - 1.5) < 1e-2 for p in points)


def test_sa_r1309_smoke_canister_templates_are_drawn_until_they_lift() -> None:
    game = aeons()
    game.state.smoke = (Smoke(12.0, 12.0, 2.5, "", 0, 3),)
    root = parse(render_svg(game.board, game))
    assert drawn_templates(root) == {
        "S1": ("Smoke Canister", "S1: Smoke Canister, lifts in round 3")
    }


def test_r3_4_sacred_wire_smoke_columns_are_drawn() -> None:
    game = wire()
    game.state.smoke = (SmokeColumn(8.0, 8.0, 1.5, 1),)
    root = parse(render_svg(game.board, game))
    assert drawn_templates(root) == {"S1": ("Smoke", "S1: Smoke, thrown in round 1")}


def test_a_game_without_templates_draws_none_and_has_no_templates_legend() -> None:
    root = parse(render_svg(aeons().board, aeons()))
    assert not drawn_templates(root)
    assert "Templates" not in [t.text for t in texts(root, "legend-text")]
