// The damatb explorer: draws the board and shows what the server's API says about it. Every
// legal move, every result and every position after a move come from /api/v1/probe and
// /api/v1/line; the page reads and writes FEN, draws, and keeps the position in the address
// (?fen=...&counter=...), one browser history entry per position, so that back and forward work.
"use strict";

const FILES = "abcdefgh";
const SVG = "http://www.w3.org/2000/svg";
// The board's drawing, in viewBox units: rank numbers at the left, file letters below (with
// room for the tails of g and the like), the side-to-move mark at the right.
const CELL = 100, LEFT = 36, TOP = 12, RIGHT_COLUMN = 44, BELOW = 40;
const BOARD = 8 * CELL;
const CYCLE = ["", "wm", "wk", "bm", "bk"]; // what a set-up click puts next, in turn
const NAMES = { W: "White", B: "Black" };

const state = {
  board: {},        // square name ("c2") -> "wm", "wk", "bm" or "bk"
  side: "W",
  counter: 0,
  answer: null,     // the probe's answer for the position shown, null while none
  flipped: false,   // Black at the bottom
  setup: false,     // clicks edit the board
  setupEntry: false, // the history entry of this set-up is made: later edits replace it
  selected: null,   // the square of the piece clicked, whose moves a click on a square plays
  drag: null,       // {from, pointer, dx, dy} while a piece is dragged
  entry: 0,         // the history entry shown, 0 for the first this page made
  lastEntry: 0,     // the last entry forward of it
  request: 0,       // the number of the latest request: older answers are dropped
  line: null,       // {timer, plies} while the best line is played
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

// The class of a board, stronger army first (more pieces, then more kings): "KKvK".
function className(board) {
  const army = (colour) => {
    const pieces = Object.values(board).filter((p) => p[0] === colour);
    const kings = pieces.filter((p) => p[1] === "k").length;
    return { name: "K".repeat(kings) + "M".repeat(pieces.length - kings), pieces: pieces.length, kings };
  };
  const w = army("w"), b = army("b");
  const whiteFirst = w.pieces > b.pieces || (w.pieces === b.pieces && w.kings >= b.kings);
  return whiteFirst ? w.name + "v" + b.name : b.name + "v" + w.name;
}

// ---- words ----

function plies(n) { return n + (n === 1 ? " ply" : " plies"); }
function opponent(side) { return side === "W" ? "B" : "W"; }

// The result in words, for the side `mover` whose result, WDL5 and DTZ these are (a move's:
// `afterMove`, DTZ that of the position after it): "White wins; 13 plies to the next capture or
// man move".
function verdict(mover, result, wdl, dtz, afterMove) {
  const winner = result === "win" || wdl === "win" || wdl === "cursed-win" ? mover : opponent(mover);
  if (result !== "draw") {
    if (dtz === 0)
      return NAMES[winner] + (afterMove ? " wins: the game is over after it" : " has won: the game is over");
    return NAMES[winner] + " wins; " + plies(dtz) + " to the next capture or man move";
  }
  if (wdl === "cursed-win" || wdl === "blessed-loss")
    return "Draw: " + NAMES[winner] + " would win without the king-move limit";
  if (wdl === "win" || wdl === "loss")
    return "Draw at this counter: " + NAMES[winner] + " would need " + plies(dtz) +
      " to the next capture or man move, more than the king-move limit leaves";
  return "Draw";
}

// ---- drawing ----

function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

// The top left corner of a square, as the board is turned.
function squareXY(name) {
  const file = FILES.indexOf(name[0]), rank = Number(name[1]);
  const column = state.flipped ? 7 - file : file, row = state.flipped ? rank - 1 : 8 - rank;
  return [LEFT + column * CELL, TOP + row * CELL];
}

// The square under viewBox point (x, y), or null off the board.
function squareAt(x, y) {
  const column = Math.floor((x - LEFT) / CELL), row = Math.floor((y - TOP) / CELL);
  if (column < 0 || column > 7 || row < 0 || row > 7) return null;
  const file = state.flipped ? 7 - column : column, rank = state.flipped ? row + 1 : 8 - row;
  return FILES[file] + rank;
}

function moveSquares(move) { return move.match(/[a-h][1-8]/gi) || []; }
function moveFrom(m) { return moveSquares(m.move)[0]; }
function moveTo(m) { const s = moveSquares(m.move); return s[s.length - 1]; }
function movesFrom(square) { return state.answer ? state.answer.moves.filter((m) => moveFrom(m) === square) : []; }

function drawPiece(parent, name, piece) {
  const [x, y] = squareXY(name);
  const cx = x + CELL / 2, cy = y + CELL / 2;
  const colour = piece[0] === "w" ? "white" : "black";
  const g = svg("g", { class: "piece", "data-piece": piece, "data-square": name }, parent);
  svg("circle", { cx, cy, r: 38, class: colour }, g);
  if (piece[1] === "k") {
    svg("circle", { cx, cy, r: 22, class: "crown " + colour + "-crown" }, g);
    svg("circle", { cx, cy, r: 8, class: "crown " + colour + "-crown" }, g);
  }
  return g;
}

// Draws the board: its squares marked (a move pointed at, the targets of the piece selected or
// dragged), its coordinates as it is turned, the pieces and whose move it is.
function drawBoard(marked = []) {
  const board = $("board");
  board.textContent = "";
  for (let rank = 8; rank >= 1; --rank) {
    for (let file = 0; file < 8; ++file) {
      const name = FILES[file] + rank;
      const [x, y] = squareXY(name);
      svg("rect", { x, y, width: CELL, height: CELL, "data-square": name,
        class: "square " + ((file + rank) % 2 ? "light" : "dark") }, board);
    }
  }
  for (const name of marked) {
    const [x, y] = squareXY(name);
    svg("rect", { x, y, width: CELL, height: CELL, class: "highlight", "data-marked": name }, board);
  }
  for (let i = 0; i < 8; ++i) {
    const file = FILES[state.flipped ? 7 - i : i], rank = state.flipped ? i + 1 : 8 - i;
    svg("text", { x: LEFT + i * CELL + CELL / 2, y: TOP + BOARD + 30, class: "coord",
      "text-anchor": "middle" }, board).textContent = file;
    svg("text", { x: LEFT - 10, y: TOP + i * CELL + CELL / 2 + 8, class: "coord",
      "text-anchor": "end" }, board).textContent = rank;
  }
  for (const [name, piece] of Object.entries(state.board)) {
    const g = drawPiece(board, name, piece);
    if (state.drag && state.drag.from === name) {
      g.classList.add("dragged");
      g.setAttribute("transform", "translate(" + state.drag.dx + " " + state.drag.dy + ")");
      board.appendChild(g); // drawn over the others
    }
  }
  // The side to move: a disc of its colour at its own edge of the board.
  const bottom = (state.side === "W") !== state.flipped;
  const turn = svg("circle", { cx: LEFT + BOARD + RIGHT_COLUMN / 2, cy: bottom ? TOP + BOARD - 20 : TOP + 20,
    r: 17, id: "turn", "data-side": state.side, class: state.side === "W" ? "white" : "black" }, board);
  svg("title", {}, turn).textContent = NAMES[state.side] + " to move";
}

// The squares a move from the selected (or dragged) piece can reach, and that piece's.
function targetMarks() {
  const from = state.drag ? state.drag.from : state.selected;
  return from ? [from, ...movesFrom(from).map(moveTo)] : [];
}

// ---- showing a position ----

function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message || "";
}

function showHint(message) {
  $("hint").hidden = !message;
  $("hint").textContent = message || "";
}

function setValue(answer) {
  const side = state.side;
  $("verdict").textContent = answer ? verdict(side, answer.result, answer.wdl, answer.dtz, false) : "";
  $("verdict").className = answer ? "verdict " + answer.result : "";
  $("result").textContent = answer ? answer.result : "-";
  $("result").className = answer ? answer.result : "";
  $("wdl").textContent = answer ? answer.wdl : "-";
  $("wdl-row").hidden = !answer || answer.wdl === answer.result;
  $("dtz").textContent = answer && answer.dtz !== null ? String(answer.dtz) : "-";
}

const GROUPS = [["win", "Winning"], ["draw", "Drawing"], ["loss", "Losing"]];

// The moves under "Winning", "Drawing" and "Losing", for the side to move; each row gives the
// result in words, and WDL5 only where it differs from the result.
function showMoves(answer) {
  const table = $("moves");
  for (const body of table.querySelectorAll("tbody")) body.remove();
  const moves = answer ? answer.moves : [];
  $("moves-heading").textContent = !answer ? "Moves"
    : moves.length ? moves.length + (moves.length === 1 ? " move" : " moves") + " for " + NAMES[state.side] +
      ", best first"
    : "No legal move: the game is over";
  table.hidden = !moves.length;
  for (const [result, title] of GROUPS) {
    const group = moves.filter((m) => m.result === result);
    if (!group.length) continue;
    const body = document.createElement("tbody");
    body.className = "group";
    body.dataset.group = result;
    const head = document.createElement("tr");
    const th = document.createElement("th");
    th.colSpan = 5;
    th.textContent = title + " (" + group.length + ")";
    head.appendChild(th);
    body.appendChild(head);
    for (const m of group) body.appendChild(moveRow(m));
    table.appendChild(body);
  }
}

function moveRow(m) {
  const row = document.createElement("tr");
  row.className = "move " + m.result;
  row.dataset.fen = m.fen;
  row.dataset.move = m.move;
  const cells = [m.move, verdict(state.side, m.result, m.wdl, m.dtz, true),
    m.dtz === null ? "-" : String(m.dtz), String(m.counter), m.wdl === m.result ? "" : m.wdl];
  for (const text of cells) {
    const cell = document.createElement("td");
    cell.textContent = text;
    row.appendChild(cell);
  }
  row.addEventListener("click", () => play(m));
  row.addEventListener("mouseenter", () => drawBoard(moveSquares(m.move)));
  row.addEventListener("mouseleave", () => drawBoard(targetMarks()));
  return row;
}

function updateButtons() {
  $("back").disabled = state.entry <= 0;
  $("forward").disabled = state.entry >= state.lastEntry;
  $("flip").setAttribute("aria-pressed", String(state.flipped));
  $("setup").setAttribute("aria-pressed", String(state.setup));
  $("palette").hidden = !state.setup;
  $("board-help").textContent = state.setup
    ? "Set up: click squares to put or take pieces; the tables answer once both sides have a piece."
    : "Drag a piece, or click it and then a square, to play a move.";
}

// Why the tables cannot be asked about the board yet, or "": the side not to move needs a
// piece (a side to move without one has lost), and a set-up needs one of each side.
function notYet() {
  const has = (colour) => Object.values(state.board).some((p) => p[0] === colour);
  const missing = ["W", "B"].filter((side) => !has(side.toLowerCase()) &&
    (state.setup || side !== state.side));
  if (!missing.length) return "";
  return (Object.keys(state.board).length ? "Put a piece of " + missing.map((s) => NAMES[s]).join(" and of ")
    : "The board is empty: put a piece of each side") +
    " on the board (set up) and the tables will answer.";
}

// Shows the position of fen at counter: the board at once, then the tables' answer.
async function show(fen, counter) {
  const drawn = readFen(fen);
  if (drawn) { state.board = drawn.board; state.side = drawn.side; }
  state.counter = counter;
  state.answer = null;
  state.selected = null;
  $("fen").value = fen;
  $("side").value = state.side;
  $("counter").value = counter;
  const cls = className(state.board);
  $("class-stats").hidden = cls.startsWith("v") || cls.endsWith("v"); // a side without a piece
  $("class-stats").href = "/stats?class=" + encodeURIComponent(cls);
  $("class-stats").textContent = "statistics of " + cls;
  updateButtons();
  drawBoard();
  const request = ++state.request;
  const wait = drawn ? notYet() : "";
  showError("");
  showHint(wait);
  setValue(null);
  showMoves(null);
  if (wait) return;
  try {
    const answer = await getJson("/api/v1/probe?fen=" + encodeURIComponent(fen) + "&counter=" + counter);
    if (request !== state.request) return;
    const read = readFen(answer.fen);
    if (read) { state.board = read.board; state.side = read.side; }
    state.answer = answer;
    $("fen").value = answer.fen;
    if (answer.fen !== fen) setAddress(answer.fen, counter, "replace");
    drawBoard();
    setValue(answer);
    showMoves(answer);
  } catch (e) {
    if (request !== state.request) return;
    // While setting up, a position the tables cannot answer is a step on the way.
    if (state.setup) showHint("Not a position the tables answer yet: " + e.message);
    else showError(e.message);
  }
}

// ---- the address and the browser's history ----

function address(fen, counter) {
  const params = new URLSearchParams({ fen, counter: String(counter) });
  if (state.flipped) params.set("flip", "1");
  return "?" + params.toString();
}

// Writes the position to the address: a new history entry ("push") or the current one.
function setAddress(fen, counter, how) {
  if (how === "push") state.lastEntry = ++state.entry;
  const entry = { fen, counter, entry: state.entry };
  if (how === "push") history.pushState(entry, "", address(fen, counter));
  else history.replaceState(entry, "", address(fen, counter));
  sessionStorage.setItem("damatb-last-entry", String(state.lastEntry));
  updateButtons();
}

// Goes to a position: a new history entry, shown.
function go(fen, counter, how = "push") {
  setAddress(fen, counter, how);
  show(fen, counter);
}

// Plays a move of the list.
function play(m) {
  stopLine();
  leaveSetup();
  go(m.fen, m.counter);
}

function stopLine() {
  if (state.line) clearInterval(state.line.timer);
  state.line = null;
}

async function playLine() {
  stopLine();
  leaveSetup();
  const fen = $("fen").value, counter = state.counter;
  try {
    const line = await getJson("/api/v1/line?fen=" + encodeURIComponent(fen) + "&counter=" + counter);
    $("outcome").textContent = line.outcome.text + " (" + plies(line.moves.length) + ")";
    const plied = line.moves.slice();
    state.line = { timer: setInterval(() => {
      if (!plied.length) return stopLine();
      const m = plied.shift();
      go(m.fen, m.counter);
    }, 400) };
  } catch (e) {
    showError(e.message);
  }
}

// ---- playing on the board: drag a piece, or click it and then a square ----

// The viewBox point of a pointer event.
function boardPoint(event) {
  const board = $("board");
  const point = board.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(board.getScreenCTM().inverse());
}

// Plays the move from `from` to `to`: the one the list has, or when several captures go there,
// asks for one of them in the list.
function playFromTo(from, to) {
  const matching = movesFrom(from).filter((m) => moveTo(m) === to);
  if (matching.length === 1) return play(matching[0]);
  state.selected = null;
  drawBoard();
  if (matching.length > 1) {
    showHint("Several captures go from " + from + " to " + to + ": click one in the list.");
    for (const row of document.querySelectorAll("#moves tr.move"))
      row.classList.toggle("ambiguous", matching.some((m) => m.move === row.dataset.move));
  }
}

function pointerDown(event) {
  if (event.button !== 0) return;
  const p = boardPoint(event);
  const square = squareAt(p.x, p.y);
  if (!square) return;
  event.preventDefault();
  if (state.setup) return editSquare(square);
  if (state.selected && state.selected !== square && movesFrom(state.selected).some((m) => moveTo(m) === square))
    return playFromTo(state.selected, square);
  if (!movesFrom(square).length) {
    state.selected = null;
    return drawBoard();
  }
  stopLine();
  state.drag = { from: square, start: p, dx: 0, dy: 0, moved: false };
  $("board").setPointerCapture(event.pointerId);
  drawBoard(targetMarks());
}

function pointerMove(event) {
  if (!state.drag) return;
  const p = boardPoint(event);
  state.drag.dx = p.x - state.drag.start.x;
  state.drag.dy = p.y - state.drag.start.y;
  state.drag.moved = state.drag.moved || Math.hypot(state.drag.dx, state.drag.dy) > CELL / 4;
  const g = $("board").querySelector("g.dragged");
  if (g) g.setAttribute("transform", "translate(" + state.drag.dx + " " + state.drag.dy + ")");
}

function pointerUp(event) {
  if (!state.drag) return;
  const p = boardPoint(event);
  const { from, moved } = state.drag;
  state.drag = null;
  const to = squareAt(p.x, p.y);
  if (to && to !== from && moved) return playFromTo(from, to);
  // A click on a piece selects it: a click on one of its targets then plays.
  state.selected = state.selected === from ? null : from;
  drawBoard(targetMarks());
}

// ---- setting up ----

function enterSetup() {
  stopLine();
  state.setup = true;
  state.setupEntry = false;
  state.selected = null;
  show($("fen").value, state.counter);
}

function leaveSetup() {
  if (!state.setup) return;
  state.setup = false;
  updateButtons();
}

// What a set-up click on square puts there: the palette's piece, or the next of the cycle. Men
// never stand on rank 1 or 8: the cycle passes them by there, the palette refuses them.
function nextPiece(square) {
  const choice = document.querySelector("input[name=piece]:checked").value;
  const manAllowed = square[1] !== "1" && square[1] !== "8";
  if (choice === "empty") return "";
  if (choice !== "cycle") return choice[1] === "m" && !manAllowed ? null : choice;
  let at = CYCLE.indexOf(state.board[square] || "");
  do at = (at + 1) % CYCLE.length; while (!manAllowed && CYCLE[at][1] === "m");
  return CYCLE[at];
}

// The board edited: the first edit of a set-up makes a history entry, the later ones replace it.
function setUp(board, side) {
  state.board = board;
  const fen = writeFen(side, board);
  go(fen, Number($("counter").value) || 0, state.setupEntry ? "replace" : "push");
  state.setupEntry = true;
}

function editSquare(square) {
  const piece = nextPiece(square);
  if (piece === null) return showHint("A man cannot stand on rank 1 or 8.");
  const board = { ...state.board };
  if (piece) board[square] = piece;
  else delete board[square];
  setUp(board, state.side);
}

// ---- the page ----

function positionOfAddress() {
  const params = new URLSearchParams(location.search);
  return { fen: params.get("fen") || $("fen").value, counter: Number(params.get("counter")) || 0 };
}

function init() {
  $("position-form").addEventListener("submit", (e) => {
    e.preventDefault();
    stopLine();
    go($("fen").value.trim(), Number($("counter").value) || 0);
  });
  $("side").addEventListener("change", () => {
    stopLine();
    if (state.setup) return setUp(state.board, $("side").value);
    go(writeFen($("side").value, state.board), Number($("counter").value) || 0);
  });
  $("counter").addEventListener("change", () => {
    stopLine();
    go($("fen").value.trim(), Number($("counter").value) || 0);
  });
  $("back").addEventListener("click", () => history.back());
  $("forward").addEventListener("click", () => history.forward());
  $("flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    setAddress($("fen").value, state.counter, "replace");
    drawBoard(targetMarks());
  });
  $("play-line").addEventListener("click", playLine);
  const done = () => { leaveSetup(); show($("fen").value, state.counter); };
  $("setup").addEventListener("click", () => (state.setup ? done() : enterSetup()));
  $("setup-done").addEventListener("click", done);
  $("clear").addEventListener("click", () => { stopLine(); setUp({}, state.side); });
  const board = $("board");
  board.addEventListener("pointerdown", pointerDown);
  board.addEventListener("pointermove", pointerMove);
  board.addEventListener("pointerup", pointerUp);
  board.addEventListener("pointercancel", () => { state.drag = null; drawBoard(); });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft" && state.entry > 0) history.back();
    if (e.key === "ArrowRight" && state.entry < state.lastEntry) history.forward();
  });
  window.addEventListener("popstate", (e) => {
    stopLine();
    state.setupEntry = false;
    const { fen, counter } = positionOfAddress();
    state.entry = e.state && Number.isInteger(e.state.entry) ? e.state.entry : 0;
    show(fen, counter);
  });
  getJson("/api/v1/info").then((info) => {
    $("ruleset").textContent = "ruleset " + info.ruleset.name + ", " + info.totals.classes + " classes";
  }).catch(() => {});
  // The board turned as the address says (later addresses keep it), and after a reload the
  // entries around this one, which the browser's history still has.
  state.flipped = new URLSearchParams(location.search).get("flip") === "1";
  const { fen, counter } = positionOfAddress();
  const reloaded = history.state && Number.isInteger(history.state.entry);
  state.entry = reloaded ? history.state.entry : 0;
  state.lastEntry = reloaded ? Math.max(state.entry, Number(sessionStorage.getItem("damatb-last-entry")) || 0) : 0;
  go(fen, counter, "replace");
}

init();
