// Orders by clicking the board's map: a small enhancement over the orders
// form, which works without it. The map's figure carries the power's legal
// orders (the options resource's, per unit). Click one of your units: its
// orders are listed as buttons and the places it may move to light up.
// Click it again to hold; click a place to move there; click another unit
// to support or convoy it, then where that unit goes (or that unit again to
// support it holding). The order is written into the orders box in place of
// that unit's earlier one; the box stays the plain-English source of truth.
// A retreat is clicked as a move (or disbanded from the list); in an
// adjustment phase a click on a home centre builds there.
"use strict";

document.querySelectorAll("figure.orders-map").forEach((figure) => {
  const form = figure.closest("form");
  const box = form && form.querySelector("textarea[name=orders]");
  let units;
  let builds;
  try {
    const options = JSON.parse(figure.dataset.options || "{}");
    units = options.units; // "A PAR" -> orders
    builds = options.builds || []; // "BUILD A PAR", ..., in an adjustment phase
  } catch (_) {
    return;
  }
  if (!box || !units) return;
  const list = document.createElement("div");
  list.className = "order-choices";
  list.setAttribute("aria-live", "polite");
  figure.after(list);
  let unit = null; // the unit being ordered: "A PAR"
  let other = null; // the unit it supports or convoys: "A MAR"

  const province = (loc) => loc.split("/")[0].toLowerCase();
  const unitAt = (loc) =>
    Object.keys(units).find((u) => province(u.split(" ")[1]) === province(loc));
  // The unit another order names after S or C, if any: "A PAR S A MAR - BUR" -> "A MAR".
  const helped = (order) => {
    const m = order.match(/^[AF] \S+ [SC] ([AF] \S+)/);
    return m ? m[1] : null;
  };
  // Where an order sends or supports a unit: the place after its last "-",
  // or a supported unit's own place.
  const place = (order) => {
    const m = order.match(/ - (\S+)( via convoy)?$/);
    if (m) return province(m[1]);
    const h = helped(order);
    return h ? province(h.split(" ")[1]) : null;
  };
  const orders = () =>
    (units[unit] || []).filter((o) => (other ? helped(o) === other : true));
  const othersAt = (loc) =>
    (units[unit] || []).map(helped).find((h) => h && province(h.split(" ")[1]) === province(loc));

  const light = (codes) => {
    figure.querySelectorAll(".province.lit").forEach((p) => p.classList.remove("lit"));
    codes.forEach((c) => {
      const p = figure.querySelector(`.province[data-province="${c}"]`);
      if (p) p.classList.add("lit");
    });
  };

  const show = (choices) => {
    list.replaceChildren();
    light([]);
    if (!unit && builds.length === 0) return;
    const head = document.createElement("p");
    head.textContent = !unit
      ? "Builds: click a home centre, or choose."
      : other
        ? `${unit} with ${other}: click where ${other} goes, or choose.`
        : `${unit}: click where it goes, or the unit it supports, or choose.`;
    list.append(head);
    if (!unit) choices = builds;
    choices.forEach((order) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "quiet";
      b.textContent = order;
      b.addEventListener("click", () => write(order));
      list.append(b);
    });
    light(choices.filter((o) => other || / - /.test(o)).map(place).filter(Boolean));
  };

  const select = (u, o) => {
    unit = u;
    other = o;
    const choices = orders();
    const move = u && o && units[u].find((x) => x === `${u} - ${o.split(" ")[1]}`);
    show(move ? [move, ...choices] : choices);
  };

  // Writes `order` into the box, in place of the unit's earlier order (a
  // build is added beside the others).
  const write = (order) => {
    const who = /^(BUILD|WAIVE)/.test(order) ? order : order.split(" ").slice(0, 2).join(" ");
    const lines = box.value
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && l.toUpperCase() !== who && !l.toUpperCase().startsWith(who + " "));
    lines.push(order);
    box.value = lines.join("\n");
    select(null, null);
  };

  figure.addEventListener("click", (event) => {
    const el = event.target.closest(".unit[data-location], [data-province], [data-location]");
    if (!el) return;
    const loc = el.dataset.location || el.dataset.province;
    const mine = unitAt(loc);
    if (!unit && !mine) {
      const here = builds.filter((b) => b.split(" ").slice(-1)[0].split("/")[0].toLowerCase() === province(loc));
      if (here.length === 1) return write(here[0]);
      if (here.length > 1) return show(here);
      return;
    }
    if (!unit) return select(mine, null);
    if (!other && mine === unit) {
      const hold = units[unit].find((o) => o === `${unit} H`);
      return hold ? write(hold) : undefined;
    }
    if (!other) {
      const helpedHere = el.closest(".unit") ? othersAt(loc) : null;
      if (helpedHere) return select(unit, helpedHere);
      const moves = units[unit].filter((o) => / - /.test(o) && !helped(o) && place(o) === province(loc));
      if (moves.length === 1) return write(moves[0]);
      if (moves.length > 1) return show(moves);
      if (othersAt(loc)) return select(unit, othersAt(loc));
      return mine ? select(mine, null) : undefined;
    }
    const chosen = orders().filter((o) => place(o) === province(loc));
    if (chosen.length === 1) return write(chosen[0]);
    if (chosen.length > 1) return show(chosen);
  });
  if (builds.length) show([]);
});
