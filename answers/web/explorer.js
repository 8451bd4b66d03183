// The damatb explorer: draws the board and shows what the server's API says about it. Every
// legal move, every result and every position after a move come from /api/v1/probe and
// /api/v1/line; the page only draws, reads and writes FEN, and keeps the history.
"use strict";

const FILES = "abcdefgh";
const SVG = "http://www.w3.org/2000/svg";
const CELL = 100, MARGIN = 20;

const state = {
  board: {},        // square name ("c2") -> "wm", "wk", "bm" or "bk"
  side: "W",
  counter: 0,
  history: [],      // {fen, counter}, the positions visited
  index: -1,        // the one shown
  request: 0,       // the number of the latest request: older answers are dropped
  timer: null,      // the best line being played
};

const $ = (id) => document.getElementById(id);

// ---- FEN, read for drawing and written from the board (the server checks it) ----

// {side, board} of a FEN such as "W:Wa2,Kc5:Bd7,Ke4", or null when it cannot be drawn.
function readFen(text) {
  const parts = text.trim().split(":").map((s) => s.trim());
  if (parts.length !== 3 || !/^[WB]$/i.test(parts[0])) return null;
  const board = {};
  for (const list of parts.slice(1)) {
    const colour = list.charAt(0).toUpperCase();
    if (colour !== "W" && colour !== "B") return null;
    for (const token of list.slice(1).split(",").map((s) => s.trim()).filter((s) => s)) {
      const m = /^(K?)([a-h][1-8])$/i.exec(token);
      if (!m) return null;
      board[m[2].toLowerCase()] = colour.toLowerCase() + (m[1] ? "k" : "m");
    }
  }
  return { side: parts[0].toUpperCase(), board };
}

function squareIndex(name) { return (name.charCodeAt(1) - 49) * 8 + FILES.indexOf(name[0]); }

function writeFen(side, board) {
  const names = Object.keys(board).sort((a, b) => squareIndex(a) - squareIndex(b));
  const list = (colour) => names.filter((s) => board[s][0] === colour)
    .map((s) => (board[s][1] === "k" ? "K" : "") + s).join(",");
  return side + ":W" + list("w") + ":B" + list("b");
}

// ---- drawing ----

function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

function squareXY(name) {
  const file = FILES.indexOf(name[0]), rank = Number(name[1]);
  return [MARGIN + file * CELL, MARGIN + (8 - rank) * CELL];
}

function drawBoard(highlight = []) {
  const board = $("board");
  board.textContent = "";
  for (let rank = 8; rank >= 1; --rank) {
    for (let file = 0; file < 8; ++file) {
      const name = FILES[file] + rank;
      const [x, y] = squareXY(name);
      const sq = svg("rect", { x, y, width: CELL, height: CELL, "data-square": name,
        class: "square " + ((file + rank) % 2 ? "light" : "dark") }, board);
      sq.addEventListener("click", () => squareClicked(name));
    }
  }
  for (const name of highlight) {
    const [x, y] = squareXY(name);
    svg("rect", { x, y, width: CELL, height: CELL, class: "highlight" }, board);
  }
  for (let i = 0; i < 8; ++i) {
    svg("text", { x: MARGIN + i * CELL + CELL / 2 - 6, y: 838, class: "coord" }, board).textContent = FILES[i];
    svg("text", { x: 2, y: MARGIN + i * CELL + CELL / 2 + 8, class: "coord" }, board).textContent = 8 - i;
  }
  for (const [name, piece] of Object.entries(state.board)) {
    const [x, y] = squareXY(name);
    const cx = x + CELL / 2, cy = y + CELL / 2;
    const colour = piece[0] === "w" ? "white" : "black";
    const g = svg("g", { class: "piece", "data-piece": piece, "data-square": name }, board);
    svg("circle", { cx, cy, r: 38, class: colour }, g);
    if (piece[1] === "k") {
      svg("circle", { cx, cy, r: 22, class: "crown " + colour + "-crown" }, g);
      svg("circle", { cx, cy, r: 8, class: "crown " + colour + "-crown" }, g);
    }
  }
}

// ---- showing a position ----

function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message || "";
}

function setValue(answer) {
  for (const key of ["result", "wdl", "dtz"]) {
    const cell = $(key);
    const v = answer ? answer[key] : null;
    cell.textContent = v === null || v === undefined ? "-" : String(v);
    cell.className = key === "result" && v ? v : "";
  }
}

function moveSquares(move) { return move.match(/[a-h][1-8]/gi) || []; }

function showMoves(answer) {
  const body = $("moves").querySelector("tbody");
  body.textContent = "";
  const moves = answer ? answer.moves : [];
  $("moves-heading").textContent = !answer ? "Moves"
    : moves.length ? moves.length + (moves.length === 1 ? " move" : " moves") + ", best first"
    : "No legal move: the game is over";
  for (const m of moves) {
    const row = document.createElement("tr");
    row.className = "move " + m.result;
    row.dataset.fen = m.fen;
    for (const v of [m.move, m.result, m.wdl, m.dtz === null ? "-" : m.dtz, m.counter]) {
      const cell = document.createElement("td");
      cell.textContent = String(v);
      row.appendChild(cell);
    }
    row.addEventListener("click", () => { stopLine(); play(m.fen, m.counter); });
    row.addEventListener("mouseenter", () => drawBoard(moveSquares(m.move)));
    row.addEventListener("mouseleave", () => drawBoard());
    body.appendChild(row);
  }
}

function updateButtons() {
  $("back").disabled = state.index <= 0;
  $("forward").disabled = state.index >= state.history.length - 1;
}

async function getJson(path) {
  const response = await fetch(path);
  let body;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) throw new Error((body && body.error) || "HTTP " + response.status);
  return body;
}

// Shows history[index]: the board at once, then the tables' answer.
async function showCurrent() {
  const { fen, counter } = state.history[state.index];
  const drawn = readFen(fen);
  if (drawn) { state.board = drawn.board; state.side = drawn.side; }
  state.counter = counter;
  $("fen").value = fen;
  $("side").value = state.side;
  $("counter").value = counter;
  updateButtons();
  drawBoard();
  history.replaceState(null, "", "?fen=" + encodeURIComponent(fen) + "&counter=" + counter);
  const request = ++state.request;
  try {
    const answer = await getJson("/api/v1/probe?fen=" + encodeURIComponent(fen) + "&counter=" + counter);
    if (request !== state.request) return;
    const read = readFen(answer.fen);
    if (read) { state.board = read.board; state.side = read.side; }
    $("fen").value = answer.fen;
    state.history[state.index].fen = answer.fen;
    drawBoard();
    showError("");
    setValue(answer);
    showMoves(answer);
  } catch (e) {
    if (request !== state.request) return;
    showError(e.message);
    setValue(null);
    showMoves(null);
  }
}

// A new position, with no history before it.
function start(fen, counter) {
  state.history = [{ fen, counter }];
  state.index = 0;
  $("outcome").textContent = "";
  showCurrent();
}

// The position after a move: the history beyond the current one is dropped.
function play(fen, counter) {
  state.history.splice(state.index + 1, Infinity, { fen, counter });
  state.index += 1;
  $("outcome").textContent = "";
  showCurrent();
}

function go(step) {
  const index = state.index + step;
  if (index < 0 || index >= state.history.length) return;
  stopLine();
  state.index = index;
  showCurrent();
}

function stopLine() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

async function playLine() {
  stopLine();
  const { fen, counter } = state.history[state.index];
  try {
    const line = await getJson("/api/v1/line?fen=" + encodeURIComponent(fen) + "&counter=" + counter);
    state.history.splice(state.index + 1, Infinity,
      ...line.moves.map((m) => ({ fen: m.fen, counter: m.counter })));
    $("outcome").textContent = line.outcome.text + " (" + line.moves.length +
      (line.moves.length === 1 ? " ply)" : " plies)");
    state.timer = setInterval(() => {
      if (state.index >= state.history.length - 1) return stopLine();
      state.index += 1;
      showCurrent();
    }, 400);
  } catch (e) {
    showError(e.message);
  }
}

// ---- setting up ----

function squareClicked(name) {
  const choice = document.querySelector("input[name=piece]:checked").value;
  if (!choice) return;
  stopLine();
  if (choice === "empty") delete state.board[name];
  else state.board[name] = choice;
  start(writeFen(state.side, state.board), Number($("counter").value) || 0);
}

function init() {
  $("position-form").addEventListener("submit", (e) => {
    e.preventDefault();
    stopLine();
    start($("fen").value.trim(), Number($("counter").value) || 0);
  });
  $("side").addEventListener("change", () => {
    stopLine();
    start(writeFen($("side").value, state.board), Number($("counter").value) || 0);
  });
  $("counter").addEventListener("change", () => {
    stopLine();
    start($("fen").value.trim(), Number($("counter").value) || 0);
  });
  $("back").addEventListener("click", () => go(-1));
  $("forward").addEventListener("click", () => go(1));
  $("play-line").addEventListener("click", playLine);
  $("clear").addEventListener("click", () => { stopLine(); state.board = {}; start(writeFen(state.side, {}), 0); });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft") go(-1);
    if (e.key === "ArrowRight") go(1);
  });
  getJson("/api/v1/info").then((info) => {
    $("ruleset").textContent = "ruleset " + info.ruleset.name + ", " + info.totals.classes + " classes";
  }).catch(() => {});
  const params = new URLSearchParams(location.search);
  start(params.get("fen") || $("fen").value, Number(params.get("counter")) || 0);
}

init();
