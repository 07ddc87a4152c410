// The board page: the game pushed over the WebSocket, models selected by clicking them,
// points chosen by clicking the table and sent to the engine, which accepts or refuses them.
"use strict";

(function () {
  const play = document.getElementById("play");
  if (!play) return;
  const game = play.dataset.game;
  const seat = play.dataset.seat;
  const query = seat ? "?seat=" + encodeURIComponent(seat) : "";
  let selected = null;
  let shownPanel = null;
  if (seat) rememberSeat(game, seat, play.dataset.side);
  let socket = null;
  const FINAL_CLOSES = [1003, 4403, 4404]; // the server's codes for a close not to retry

  // This browser keeps the seats it has opened, so the start page can offer to resume them.
  function rememberSeat(id, token, side) {
    const seats = JSON.parse(localStorage.getItem("skirmish-seats") || "{}");
    seats[id] = { token: token, side: side };
    localStorage.setItem("skirmish-seats", JSON.stringify(seats));
  }

  function notice(text, kind) {
    const box = document.getElementById("notice");
    box.innerHTML = "";
    if (!text) return;
    const p = document.createElement("p");
    p.className = kind;
    p.textContent = text;
    box.appendChild(p);
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/api/games/" + game + "/ws" + query);
    socket.onopen = function () {
      document.body.dataset.live = "yes";
      if (selected) send({ select: selected });
    };
    socket.onmessage = function (event) {
      const state = JSON.parse(event.data);
      if (state.type !== "state") return;
      document.getElementById("status").textContent = state.status;
      document.getElementById("board").innerHTML = state.board;
      // A panel drawn again unchanged (a model selected) is kept: a choice being clicked in
      // it is not lost to a copy of itself.
      if (state.panel !== shownPanel) {
        shownPanel = state.panel;
        document.getElementById("panel").innerHTML = state.panel;
        htmx.process(document.getElementById("panel"));
      }
      document.getElementById("log").innerHTML = state.log;
      markChoice();
      document.body.dataset.moves = String(state.moves);
      const log = document.getElementById("log");
      log.scrollTop = log.scrollHeight;
      // An ended game has nothing playing or paused: a notice of the watch controls is stale.
      if (state.over) notice("", "");
    };
    socket.onclose = function (event) {
      document.body.dataset.live = "no";
      // The server closed it for good (no such game, a seat it may not take, a bad frame):
      // say why instead of asking again.
      if (FINAL_CLOSES.includes(event.code)) {
        notice(event.reason, "refused");
        return;
      }
      setTimeout(connect, 1000);
    };
  }

  // The table point under a click, in inches with y growing north as the rules measure.
  function tablePoint(svg, event) {
    const pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, Number(svg.dataset.height) - p.y];
  }

  // The accepted point whose dot is nearest the click, if one lies within SNAP_PIXELS of it
  // and SNAP_INCHES on the table: its own coordinates are sent, as the pointer misses a dot
  // at the limit by a pixel or two; on a small screen, where dots lie a few pixels apart, a
  // click further off on the table sends its own point.
  const SNAP_PIXELS = 8;
  const SNAP_INCHES = 0.2;
  function snapped(svg, event) {
    const [x, y] = tablePoint(svg, event);
    let best = null;
    let bestDistance = SNAP_PIXELS;
    for (const dot of svg.querySelectorAll("circle.reach-point[data-at]")) {
      const [dx, dy] = dot.dataset.at.split(",").map(Number);
      if (Math.hypot(dx - x, dy - y) > SNAP_INCHES) continue;
      const box = dot.getBoundingClientRect();
      const distance = Math.hypot(
        box.left + box.width / 2 - event.clientX, box.top + box.height / 2 - event.clientY);
      if (distance <= bestDistance) {
        best = dot.dataset.at;
        bestDistance = distance;
      }
    }
    return best;
  }

  function pointChoice() {
    const radios = Array.from(document.querySelectorAll("#panel input[name=point]"));
    const named = radios.find((r) => selected && r.dataset.args.split(" ").includes(selected));
    return named || radios.find((r) => r.checked) || null;
  }

  // How many actions the game had when the panel shown was drawn: the server refuses an
  // action chosen on an older state, so a double click or a retry is played once.
  function shownMoves() {
    const panel = document.querySelector("#panel .panel");
    return panel ? Number(panel.dataset.moves) : null;
  }

  // Send the point (text "x,y" in inches) for the pending point choice.
  async function choosePoint(point) {
    const choice = pointChoice();
    if (!choice) {
      notice("No point is asked for now.", "refused");
      return;
    }
    const words = [choice.dataset.kind];
    if (choice.dataset.args) words.push(choice.dataset.args);
    words.push(point);
    let response;
    try {
      response = await fetch("/api/games/" + game + "/actions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat: seat || null, action: words.join(" "), after: shownMoves() }),
      });
    } catch (error) {
      notice("The server could not be reached: " + error.message, "refused");
      return;
    }
    if (response.ok) {
      notice("", "");
    } else {
      notice(await refusal(response), "refused");
    }
  }

  // Why the server refused: its one-line reason, or the HTTP status where it sent none.
  async function refusal(response) {
    try {
      return (await response.json()).detail;
    } catch (error) {
      return "The server answered " + response.status + " " + response.statusText + ".";
    }
  }

  function select(id) {
    selected = id;
    send({ select: selected });
    if (selected) {
      htmx.ajax("GET", "/games/" + game + "/card/" + encodeURIComponent(selected) + query,
        { target: "#card" });
    }
  }

  // The point choice naming the selected model stays chosen when the panel is drawn again.
  function markChoice() {
    const choice = pointChoice();
    if (choice) choice.checked = true;
  }

  // Choosing a point choice in the panel selects the model it names, on the table or still
  // to deploy, so its accepted points (a deployment zone) are drawn.
  document.getElementById("panel").addEventListener("click", function (event) {
    const radio = event.target.closest("input[name=point]");
    if (!radio || !radio.dataset.args) return;
    const id = radio.dataset.args.split(" ")[0];
    if (id !== selected) select(id);
  });

  document.getElementById("board").addEventListener("click", function (event) {
    const svg = event.currentTarget.querySelector("svg");
    if (!svg) return;
    const model = event.target.closest("g.model");
    if (model) {
      select(model.dataset.id === selected ? null : model.dataset.id);
      return;
    }
    const [x, y] = tablePoint(svg, event);
    if (x < 0 || y < 0 || x > Number(svg.dataset.width) || y > Number(svg.dataset.height)) return;
    choosePoint(snapped(svg, event) || x.toFixed(2) + "," + y.toFixed(2));
  });

  connect();
})();
