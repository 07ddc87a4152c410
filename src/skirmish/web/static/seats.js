// The start page: a stored game whose seat this browser has opened gets a link to resume it.
"use strict";

(function () {
  const seats = JSON.parse(localStorage.getItem("skirmish-seats") || "{}");
  document.querySelectorAll("tr[data-game]").forEach(function (row) {
    const seat = seats[row.dataset.game];
    if (!seat) return;
    const link = document.createElement("a");
    link.href = "/games/" + row.dataset.game + "?seat=" + encodeURIComponent(seat.token);
    link.className = "resume-seat";
    link.textContent = "resume as " + (seat.side || "your seat");
    row.querySelector(".resume").appendChild(link);
  });
})();
