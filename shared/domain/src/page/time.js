// Deadlines in the reader's own time, with a countdown: a small
// enhancement of the public pages, which read fully without it. After each
// <time datetime="...Z" data-countdown>, its parent gets a line with that
// instant in the reader's time zone and the time left, kept current.
"use strict";

(() => {
  const local = new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  // "in 2 days, 3 hours", "in 5 hours, 12 minutes", "in 4 minutes", "passed".
  const left = (ms) => {
    if (ms <= 0) return "passed";
    const minutes = Math.ceil(ms / 60000);
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    if (days > 0) return `in ${plural(days, "day")}, ${plural(hours, "hour")}`;
    if (hours > 0) return `in ${plural(hours, "hour")}, ${plural(minutes % 60, "minute")}`;
    return `in ${plural(minutes, "minute")}`;
  };
  const shown = [];
  document.querySelectorAll("time[data-countdown]").forEach((time) => {
    const at = Date.parse(time.getAttribute("datetime"));
    if (Number.isNaN(at) || !time.parentElement) return;
    const line = document.createElement("span");
    line.className = "local-time";
    time.parentElement.append(line);
    shown.push([at, line]);
  });
  const tick = () => {
    shown.forEach(([at, line]) => {
      line.textContent = `Your time: ${local.format(at)} (${left(at - Date.now())})`;
    });
  };
  if (shown.length) {
    tick();
    setInterval(tick, 30000);
  }
})();
