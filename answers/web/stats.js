// The statistics page (/stats): without a class, the classes of the folder from /api/v1/info;
// with ?class=KKvK, that class's census from /api/v1/stats (the generator's counts, or every
// position probed for a folder whose statistics files are older than the DTZ counts), table by
// table: the positions of each value, the wins and losses by DTZ drawn as SVG bars, and the
// longest ones as links into the explorer. Everything is drawn here, nothing is fetched but the API.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const VALUES = ["win", "cursed-win", "draw", "blessed-loss", "loss"];
const $ = (id) => document.getElementById(id);

function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

function element(tag, attrs, parent, text) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}

const number = (n) => n.toLocaleString("en-US");
const share = (n, total) => (total ? (100 * n / total).toFixed(1) : "0.0") + " %";

// A bar as wide as the chart, cut in parts by value: the shares of a table's positions.
function countsBar(counts, total, parent) {
  const width = 720, height = 28;
  const chart = svg("svg", { class: "chart counts-bar", viewBox: "0 0 " + width + " " + height,
    role: "img", "aria-label": "positions by value" }, parent);
  let x = 0;
  for (const value of VALUES) {
    if (!counts[value]) continue;
    const w = width * counts[value] / total;
    const part = svg("rect", { x, y: 0, width: w, height, class: "part-" + value,
      "data-value": value, "data-count": counts[value] }, chart);
    svg("title", {}, part).textContent =
      value + ": " + number(counts[value]) + " (" + share(counts[value], total) + ")";
    x += w;
  }
}

function countsTable(counts, total, parent) {
  const table = element("table", { class: "counts" }, parent);
  const head = element("tr", {}, table);
  for (const title of ["value", "positions", "share"]) element("th", {}, head, title);
  for (const value of VALUES) {
    const row = element("tr", { "data-value": value }, table);
    element("td", {}, row, value);
    element("td", {}, row, number(counts[value]));
    element("td", {}, row, share(counts[value], total));
  }
}

// A round figure at or above n for the top of an axis: 1, 2, 3, 4, 6 or 8 times a power of 10,
// so that its half is round too.
function axisTop(n) {
  const power = Math.pow(10, Math.floor(Math.log10(Math.max(n, 1))));
  return [1, 2, 3, 4, 6, 8, 10].map((k) => k * power).find((v) => v >= n);
}

// The histogram of byDtz (byDtz[d]: positions with DTZ d), a bar a DTZ that has positions.
function histogram(byDtz, kind, parent) {
  const width = 720, height = 220, left = 64, right = 10, top = 10, bottom = 40;
  const chart = svg("svg", { class: "chart histogram", "data-kind": kind,
    viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": kind + "s by DTZ" }, parent);
  const most = axisTop(Math.max(...byDtz));
  // At least 12 columns, so that one or two DTZ values are not drawn a page wide.
  const step = (width - left - right) / Math.max(byDtz.length, 12);
  const y = (n) => top + (height - top - bottom) * (1 - n / most);
  for (const n of [0, most / 2, most]) {
    svg("line", { x1: left - 4, x2: width - right, y1: y(n), y2: y(n), class: "axis" }, chart);
    svg("text", { x: left - 8, y: y(n) + 4, "text-anchor": "end" }, chart).textContent = number(n);
  }
  const every = Math.ceil(byDtz.length / 24); // DTZ labels that do not overlap
  byDtz.forEach((count, dtz) => {
    const x = left + dtz * step;
    if (dtz % every === 0)
      svg("text", { x: x + step / 2, y: height - bottom + 16, "text-anchor": "middle" }, chart).textContent = dtz;
    if (!count) return;
    // At least a pixel's height, so that the few longest are seen.
    const h = Math.max(y(0) - y(count), 1.5);
    const bar = svg("rect", { x: x + step * 0.1, y: y(0) - h, width: step * 0.8, height: h,
      class: "bar-" + kind, "data-dtz": dtz, "data-count": count }, chart);
    svg("title", {}, bar).textContent = "DTZ " + dtz + ": " + number(count) + " positions";
  });
  svg("text", { x: left + (width - left - right) / 2, y: height - 4, "text-anchor": "middle" }, chart)
    .textContent = "DTZ: plies to the next capture or man move";
}

// Links into the explorer: each position of list with its DTZ.
function longest(list, kind, parent) {
  const ol = element("ol", { class: "longest", "data-kind": kind }, parent);
  for (const p of list) {
    const li = element("li", {}, ol);
    element("a", { href: "/?fen=" + encodeURIComponent(p.fen) + "&counter=0", "data-dtz": p.dtz }, li,
      p.fen + " (DTZ " + p.dtz + ")");
  }
}

function showTable(t, parent) {
  const section = element("section", { class: "stats-table", "data-table": t.table }, parent);
  element("h3", {}, section, t.mover + " to move against " + t.other + " (" + t.table + ")");
  element("p", { class: "muted" }, section, number(t.positions) + " positions, each counted once per index " +
    "(symmetric images folded); the side to move is shown as White");
  countsBar(t.counts, t.positions, section);
  countsTable(t.counts, t.positions, section);
  for (const [kind, byDtz, list, title] of [["win", t.win_dtz, t.longest_wins, "Wins"],
    ["loss", t.loss_dtz, t.longest_losses, "Losses"]]) {
    if (!byDtz.length) {
      element("p", { class: "muted" }, section, "No " + title.toLowerCase() + ".");
      continue;
    }
    element("h4", {}, section, title + " by DTZ");
    histogram(byDtz, kind, section);
    element("h4", {}, section, "The longest " + title.toLowerCase() + " (the explorer shows them)");
    longest(list, kind, section);
  }
}

async function showClass(name, info) {
  $("stats-title").textContent = "Class " + name;
  document.title = name + ": damatb statistics";
  $("stats-note").textContent = "Reading the statistics of " + name + "...";
  try {
    const census = await getJson("/api/v1/stats?class=" + encodeURIComponent(name));
    $("stats-title").textContent = "Class " + census.class;
    $("stats-note").textContent = (census.source === "generator"
      ? "Every position of each table as the generator counted it when it solved the class, at counter 0 "
      : "Every position of each table probed at counter 0 ") +
      "(docs/values.md), from the side to move's point of view.";
    for (const t of census.tables) showTable(t, $("stats-body"));
  } catch (e) {
    $("stats-note").textContent = "";
    $("error").hidden = false;
    $("error").textContent = e.message;
    // A large class whose statistics file has no DTZ counts (written before they were) still has
    // the generator's counts.
    const c = (await info.catch(() => ({ classes: [] }))).classes.find((c) => c.class === name);
    if (c) showGenerated(c);
  }
}

// The generator's statistics of class c (from /api/v1/info): the counts and the longest win and
// loss of each table, without the DTZ histograms.
function showGenerated(c) {
  $("stats-note").textContent = "The generator's counts (no DTZ histogram):";
  for (const t of c.tables) {
    if (!t.stats) continue;
    const section = element("section", { class: "stats-table", "data-table": t.table }, $("stats-body"));
    element("h3", {}, section, t.table);
    countsBar(t.stats.counts, t.positions, section);
    countsTable(t.stats.counts, t.positions, section);
    for (const [kind, p] of [["win", t.stats.longest_win], ["loss", t.stats.longest_loss]]) {
      if (!p || !p.fen) continue;
      element("h4", {}, section, "The longest " + kind);
      longest([p], kind, section);
    }
  }
}

function showClasses(info) {
  $("stats-note").textContent = "The classes of the tables served, from the generator's statistics files; " +
    "a class's page shows its positions by value and by DTZ.";
  const table = element("table", { id: "classes" }, $("stats-body"));
  const head = element("tr", {}, table);
  for (const title of ["class", "positions", "longest win (DTZ)", "longest loss (DTZ)"])
    element("th", {}, head, title);
  for (const c of info.classes) {
    const positions = c.tables.reduce((n, t) => n + t.positions, 0);
    const longest = (key) =>
      c.tables.reduce((n, t) => Math.max(n, t.stats && t.stats[key] ? t.stats[key].dtz : -1), -1);
    const row = element("tr", { "data-class": c.class }, table);
    element("a", { href: "/stats?class=" + encodeURIComponent(c.class) }, element("td", {}, row), c.class);
    element("td", {}, row, number(positions));
    for (const key of ["longest_win", "longest_loss"])
      element("td", {}, row, longest(key) < 0 ? "-" : String(longest(key)));
  }
}

function init() {
  const name = new URLSearchParams(location.search).get("class");
  const info = getJson("/api/v1/info");
  info.then((i) => {
    $("ruleset").textContent = "ruleset " + i.ruleset.name + ", " + i.totals.classes + " classes";
    if (!name) showClasses(i);
  }).catch((e) => { if (!name) { $("error").hidden = false; $("error").textContent = e.message; } });
  if (name) showClass(name, info);
}

init();
