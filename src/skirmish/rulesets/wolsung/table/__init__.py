"""Wolsung's table: the four house scenarios and the rules of deployment, objectives and
scoring they share (notes ``wolsung-scenarios.md`` §4, §5; the rulebook has none, notes
``wolsung.md`` §1.14).

- :mod:`.records` and :mod:`.scenarios`: ``data/scenarios.toml`` (the common rules and
  parameters, S1-S4) loaded into frozen records, every one a house rule citing its section;
- :mod:`.zones`: the deployment zones of Line and Corners, who may take which, the order of
  choosing, and each zone's own table edge (S3's escape, golden check C6);
- :mod:`.measure`: the model as scoring sees it (:class:`~.measure.Presence`), marker spots,
  and the 3D edge-to-edge distance of L10;
- :mod:`.markers`: where markers lie on a board (moved out of solid terrain, onto roofs) and
  where S3's Clues may go;
- :mod:`.scoring`: objective and district control, the end-of-turn VP of S2 and S4, Casualty
  VP, sudden death and the final placing.

Everything here is a pure function of plain values and the board; the game calls it and keeps
the state. The board the scenarios are drawn for is shipped as ``boards/wolsung.toml``
(``load_board("wolsung")``).
"""
