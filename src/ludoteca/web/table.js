// The table page: follows one table over its WebSocket and hands each update to the game's renderer.
// The renderer is games/<game-id>.js when the game has one, else games/generic.js (see its header).
import { SEAT_MARKS, applySeatColours } from "./seats.js";
import { fitBoards, tapForTooltips } from "./touch.js";
import { drawSignalControls, turnSignal } from "./signal.js";
import { openRules } from "./drawer.js";
import { api, el, fragmentLink, gameName, games } from "./api.js";
import { getLang, t, translatePage } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = linkToken();
const $ = (id) => document.getElementById(id);

let info = null; // the game's entry of /api/games
let bots = null; // what /api/games says of the bots: which have levels, the default stand-in
let payload = null; // the latest message for this link
let activeSeat = null; // the seat whose view is shown (hot-seat: one of several)
let coverDismissedFor = null; // hot-seat with hidden information: the seat revealed on this screen
let renderer = null;
let replay = null; // {record, step, data} while stepping through a finished game
let busy = false; // a move or an undo is on its way: the board is locked so nothing is sent twice
let online = false; // the live connection is open (the board is locked while it is not)
let notice = null; // {key, detail}: a readable message after a refused move, kept until the next move
let undoAnswer = null; // {seat, actions, allowed, reason} from the server, for the shown seat
let notation = false; // the log shows the game's notation instead of sentences
let retries = 0; // reconnection attempts since the connection was last open
let receivedAt = 0; // performance.now() when the latest payload arrived: clocks count down from it
// What each seat saw right after its own last action: {view, moves}. Everything that changed since
// is marked on the board (and in the log) until that seat acts again. A spectator's baseline is the
// position it saw before the latest change.
const baselines = new Map();
const SPECTATOR = "spectator";

/** The seat's secret from the link: `#token=` (a fragment never reaches the server, its logs or a
 * Referer), or an older `?token=` link, which is rewritten to the fragment form at once so that a
 * reload, a bookmark or a shared address no longer carries it in the query. Requests then send it
 * in an `Authorization: Bearer` header and the live socket as a subprotocol, never in a URL. */
function linkToken() {
  const fragment = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fragment) return fragment;
  const query = new URLSearchParams(location.search);
  const old = query.get("token");
  if (old) {
    query.delete("token");
    const rest = query.toString();
    history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}#token=${encodeURIComponent(old)}`);
  }
  return old;
}

function authorised(options = {}) {
  return token ? { ...options, headers: { ...(options.headers || {}), authorization: `Bearer ${token}` } } : options;
}

/** A seat as people know it: the name its person chose, a bot's name and level, else "Player N". */
function seatName(seat) {
  const name = payload?.table.people?.names?.[seat];
  if (name) return name;
  const spec = payload?.table.seats[seat];
  if (spec && spec.kind === "bot") return `${spec.bot} (${t(spec.level)})`;
  return `${t("player")} ${seat}`;
}

/** The game is over for the table: finished by its rules, or a seat resigned. */
function isOver(table) {
  return table.is_over || (table.people?.resigned ?? null) !== null;
}

/** The final result: the game's own, or the one fixed when a seat resigned. */
function resultOf() {
  return payload.result || payload.table.people?.result || null;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const protocols = token ? ["ludoteca", `ludoteca-token.${token}`] : ["ludoteca"];
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`, protocols);
  socket.onopen = () => { online = true; retries = 0; $("connection").hidden = true; lockBoard(); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    online = false;
    lockBoard();
    if (event.code === 4403 || event.code === 4404) {
      $("error").textContent = event.reason;
      return;
    }
    $("connection").hidden = false;
    // Back off (1, 2, 4 … 15 s) so that a server that is down is not hammered by every open tab.
    const wait = Math.min(15000, 1000 * 2 ** retries);
    retries += 1;
    setTimeout(connect, wait);
  };
}

/** Take a newer position. The live socket sends positions in order (and after an undo, a shorter
 * game), so its messages are always taken; the answer to our own request can arrive after a live
 * update that is already newer (a quick bot moved meanwhile), so an answer never replaces a longer
 * game unless `force` (a resync or an undo, which the server has just confirmed). */
function receive(next, { answer = false, force = false } = {}) {
  if (answer && !force && payload && next.table.actions < payload.table.actions) {
    draw(); // the position stays, but the marks follow the new baseline
    return;
  }
  const previous = payload;
  payload = next;
  receivedAt = performance.now();
  if (!next.you.seats.length && previous) baselines.set(SPECTATOR, snapshot(previous.views[0], previous));
  for (const view of next.views) {
    if (view.seat !== null && !baselines.has(view.seat)) baselines.set(view.seat, snapshot(view, next));
  }
  draw();
  refreshUndo();
}

/** A seat's view and how many actions the table had then: log lines of later actions are new. */
function snapshot(seatView, message) {
  return { view: seatView.view, actions: message.table.actions };
}

function baselineOf(seatView) {
  return baselines.get(seatView.seat === null ? SPECTATOR : seatView.seat) || null;
}

/** Send one move or undo: the board is locked until the server answers, and a refusal shows the
 * server's reason over the position as it now is (fetched again), never over a stale one. */
async function send(path, body) {
  if (busy || !payload) return null;
  busy = true;
  lockBoard();
  const seat = activeSeat;
  try {
    const answer = await api(path, authorised({ method: "POST", body: JSON.stringify({ ...body, seat, seen: payload.table.actions }) }));
    notice = null;
    const mine = answer.views.find((v) => v.seat === seat);
    if (mine) baselines.set(seat, snapshot(mine, answer));
    busy = false;
    receive(answer, { answer: true, force: path.endsWith("/undo") });
    return answer;
  } catch (error) {
    notice = { text: error.message, network: error.network };
    busy = false;
    await resync();
    if (notice && payload) notice.at = payload.table.actions; // shown until the table moves on
    drawStatus(payload.table);
    return null;
  } finally {
    busy = false;
    lockBoard();
  }
}

function act(text) {
  return send(`/api/tables/${encodeURIComponent(tableId)}/actions`, { action: text });
}

function undo() {  // (the undo request names its link in its body, as the server asks)
  return send(`/api/tables/${encodeURIComponent(tableId)}/undo`, { token });
}

async function resync() {
  try {
    receive(await api(tablePath(), authorised()), { answer: true, force: true });
  } catch (error) {
    notice = { text: error.message, network: error.network };
    draw();
  }
}

function tablePath() {
  return `/api/tables/${encodeURIComponent(tableId)}`;
}

/** Ask the server whether the shown seat may take its last move back (the core's undo rule). */
async function refreshUndo() {
  if (!payload || !token || isOver(payload.table) || activeSeat === null) {
    undoAnswer = null;
    drawUndo();
    return;
  }
  const seat = activeSeat;
  const actions = payload.table.actions;
  if (undoAnswer && undoAnswer.seat === seat && undoAnswer.actions === actions) return;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/undo?seat=${seat}`, authorised());
    if (payload.table.actions === actions) undoAnswer = { seat, actions, ...answer };
  } catch {
    undoAnswer = null;
  }
  drawUndo();
}

function lockBoard() {
  const locked = busy || !online;
  $("board").inert = locked;
  $("board").classList.toggle("locked", locked);
  $("board").setAttribute("aria-busy", busy ? "true" : "false");
  drawUndo();
}

function chooseSeat() {
  const mine = payload.views.map((v) => v.seat);
  const toMove = payload.table.to_move;
  if (activeSeat !== null && mine.includes(activeSeat) && (toMove.includes(activeSeat) || !payload.you.hotseat)) {
    return;
  }
  activeSeat = mine.find((s) => toMove.includes(s)) ?? (mine.includes(activeSeat) ? activeSeat : mine[0]);
}

function currentView() {
  return payload.views.find((v) => v.seat === activeSeat) || payload.views[0];
}

/** A board's column can change width after it was fitted (a phone turned sideways, a window
 * resized, a side panel growing): fit it again at the new width, once the width has settled. */
function refitWhenTheBoardResizes() {
  let fittedWidth = null;
  let pending = null;
  new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (fittedWidth === null) { fittedWidth = width; return; }
    if (width === fittedWidth) return;
    fittedWidth = width;
    clearTimeout(pending);
    pending = setTimeout(draw, 150);
  }).observe($("board"));
}

function draw() {
  if (!payload || !info) return;
  const lang = getLang();
  const table = payload.table;
  $("game-name").textContent = gameName(info, lang);
  $("rules-link").href = `/rules/${info.id}`;
  chooseSeat();
  drawSeats(table);
  drawTabs();
  drawStatus(table);
  const hidden = needsCover(table);
  $("cover").hidden = !hidden;
  if (hidden) drawCover();
  if (replay) renderer.update({ view: replay.data, table, game: info, lang, replay: true, since: null });
  else {
    let shown = hidden ? payload.views.find((v) => v.seat === null) || blank() : currentView();
    if (isOver(table)) shown = { ...shown, legal: [], actions: [] }; // a resigned game takes no move
    const base = hidden ? null : baselineOf(shown);
    renderer.update({ view: shown, table, game: info, lang, replay: false, since: base ? base.view : null });
  }
  drawLog();
  drawUndo();
  drawSummary();
  drawReplayPanel();
  drawInvite(table);
  drawJoin(table);
  drawResign(table);
  fitBoards($("board")); // last: what is drawn above may change the column's width
}

/** A person who opened a seat's link and has no name yet is asked for one (kept for next time). */
function drawJoin(table) {
  const box = $("join");
  const mine = payload.you.seats;
  box.hidden = mine.length !== 1 || payload.you.hotseat || isOver(table) || Boolean(table.people?.names?.[mine[0]]);
  if (box.hidden || box.dataset.lang === getLang()) return;
  box.dataset.lang = getLang(); // drawn once per language, so typing is never interrupted
  const typed = $("join-name")?.value;
  const input = el("input", { id: "join-name", name: "name", maxlength: 24, required: true, autocomplete: "nickname",
    value: typed ?? (localStorage.getItem("ludoteca.name") || ""), "aria-label": t("yourName") });
  const problem = el("p", { class: "error", role: "alert", id: "join-error" });
  const form = el("form", { class: "row" }, input, el("button", { class: "primary", type: "submit", id: "join-button" }, t("joinTable")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/name`, {
        method: "POST", body: JSON.stringify({ name: input.value, token }) });
      localStorage.setItem("ludoteca.name", input.value.trim());
      payload.table.people = answer.people; // the socket brings the same a moment later
      draw();
    } catch (error) {
      problem.textContent = error.message;
    }
  });
  box.replaceChildren(el("h3", {}, t("yourName")), el("small", { class: "muted" }, t("nameRule")), form, problem);
}

/** Resigning asks first; once confirmed the game ends for everyone (docs/SERVER.md says how places go). */
function drawResign(table) {
  const box = $("resign-box");
  box.hidden = !token || isOver(table) || replay !== null || !payload.you.seats.length;
  if (box.hidden) { box.replaceChildren(); return; }
  if (box.dataset.asking === String(activeSeat)) return;
  box.replaceChildren(el("button", { id: "resign", type: "button", onclick: askResign }, t("resign")));
}

function askResign() {
  const box = $("resign-box");
  box.dataset.asking = String(activeSeat);
  const keep = () => { delete box.dataset.asking; draw(); };
  box.replaceChildren(
    el("span", { id: "resign-question" }, t("resignConfirm")), " ",
    el("button", { id: "resign-yes", type: "button", class: "danger", onclick: async () => {
      delete box.dataset.asking;
      try {
        await api(`/api/tables/${encodeURIComponent(tableId)}/resign`, {
          method: "POST", body: JSON.stringify({ token, seat: activeSeat }) });
      } catch (error) {
        notice = { text: error.message, network: error.network };
      }
      await resync();
    } }, t("resignYes")),
    el("button", { id: "resign-no", type: "button", onclick: keep }, t("resignNo")));
}

function blank() {
  return { seat: null, view: {}, render: { en: "", es: "" }, history: [], legal: [], actions: [], log: { en: [], es: [] } };
}

function needsCover(table) {
  return payload.you.hotseat && info.hidden_information && !isOver(table) && !replay
    && payload.views.length > 1 && coverDismissedFor !== activeSeat;
}

function drawCover() {
  $("cover").replaceChildren(el("div", { class: "panel" },
    el("h2", {}, `${t("passTo")} ${seatName(activeSeat)}`),
    el("button", { class: "primary", onclick: () => { coverDismissedFor = activeSeat; draw(); } }, t("show"))));
}

function drawSeats(table) {
  const mine = payload.you.seats;
  $("seats").replaceChildren(...table.seats.map((seat) => {
    const who = seat.kind === "bot" ? ` · ${t("bot")}` : "";
    const moving = table.to_move.includes(seat.seat);
    return el("span", { class: `seat seat-${seat.seat}${moving ? " moving" : ""}`, dataset: { seat: seat.seat } },
      el("span", { class: "mark", "aria-hidden": "true" }, `${SEAT_MARKS[seat.seat]} `),
      el("strong", { class: "seat-name" }, seatName(seat.seat)), who, mine.includes(seat.seat) ? ` (${t("you")})` : "",
      moving ? el("span", { class: "moving-mark" }, ` · ${t("toMove")}`) : "",
      seat.kind === "human" ? presence(seat.seat) : "",
      seat.kind === "human" && table.clock ? el("span", { class: "clock", dataset: { clock: seat.seat } }) : "");
  }));
  tickClocks();
}

/** The seconds `seat` has left now: the server's figure at `clock.at`, less what has passed since
 * (on the server's clock until the message was sent, on this page's since it arrived). */
function secondsLeft(clock, seat) {
  if (!clock.running[seat]) return clock.left[seat];
  const sent = (payload.now ?? clock.at) - clock.at;
  return Math.max(0, clock.left[seat] - sent - (performance.now() - receivedAt) / 1000);
}

function formatClock(seconds) {
  const whole = Math.ceil(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const ss = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Who plays a decision whose per-move clock ran out (the choice made with the clock, else the
 * server's default); its level only for a bot that has levels. */
function standinName(clock) {
  const standin = clock.standin || bots.standin;
  return bots.leveled_bots.includes(standin.bot) ? `${standin.bot} (${t(standin.level)})` : standin.bot;
}

/** Redraw only the clocks of the seat bar, several times a second, so the running ones tick. */
function tickClocks() {
  const clock = payload?.table.clock;
  if (!clock) return;
  for (const box of document.querySelectorAll("[data-clock]")) {
    const seat = Number(box.dataset.clock);
    const left = secondsLeft(clock, seat);
    const running = clock.running[seat] && !isOver(payload.table);
    box.textContent = ` ⏱ ${formatClock(left)}`;
    box.classList.toggle("running", running);
    box.classList.toggle("low", running && left <= 10);
    box.classList.toggle("out", left <= 0);
    box.title = t(clock.kind === "move" ? "clockMoveLeft" : "clockGameLeft", { time: formatClock(left), bot: standinName(clock) });
    box.setAttribute("aria-label", box.title);
  }
}

/** Online while a link of the seat has the table open (as the server counts its sockets). */
function presence(seat) {
  const online = Boolean(payload.table.people?.online?.[seat]);
  return el("span", { class: `presence ${online ? "online" : "away"}`, dataset: { presence: online ? "online" : "away" } },
    ` ${online ? "●" : "○"} ${t(online ? "online" : "away")}`);
}

function drawTabs() {
  const tabs = $("seat-tabs");
  tabs.hidden = payload.views.length < 2 || replay !== null;
  tabs.replaceChildren(...payload.views.map((v) =>
    el("button", { class: v.seat === activeSeat ? "tab active" : "tab",
      onclick: () => { activeSeat = v.seat; draw(); refreshUndo(); } }, seatName(v.seat))));
}

function drawStatus(table) {
  let text;
  const myTurn = !isOver(table) && payload.you.seats.length > 0 && table.to_move.includes(activeSeat);
  const waitingFor = `${t("waiting")} ${table.to_move.map(seatName).join(", ")}…`;
  if (isOver(table)) text = t("gameOver");
  else if (!payload.you.seats.length) text = `${t("spectating")} · ${waitingFor}`;
  else if (myTurn) text = `${t("yourTurn")} (${seatName(activeSeat)})`;
  else text = waitingFor;
  $("status").textContent = text;
  $("status").classList.toggle("your-turn", myTurn);
  // The tab's title tells a person in another tab that it is their turn.
  document.title = `${myTurn ? `● ${t("yourTurn")} · ` : ""}${gameName(info, getLang())} · ludoteca`;
  turnSignal(myTurn, { title: `● ${t("yourTurn")}`, body: `${gameName(info, getLang())} · ${seatName(activeSeat)}`, tag: tableId });
  const signals = $("signal-box");
  signals.hidden = !payload.you.seats.length || table.is_over;
  if (!signals.hidden && signals.dataset.lang !== getLang()) { // drawn once per language, not per move
    signals.dataset.lang = getLang();
    drawSignalControls(signals);
  }
  const current = notice && (notice.at === undefined || notice.at === table.actions);
  $("error").textContent = current ? `${t(notice.network ? "networkError" : "refused")} ${notice.network ? "" : notice.text}`.trim() : "";
}

/** The moves as sentences in the page's language (or, one click away, in the game's notation);
 * a replay's too, up to its step, grouped by round, each sentence's notation shown on hover (or a
 * tap). Moves made since the shown seat last acted are marked, as the board marks what they
 * changed. A sentence carries the index of its action in the record: lines are numbered, marked
 * and stepped by it. */
function drawLog() {
  const log = $("log");
  const shown = currentView();
  const base = replay ? null : baselineOf(shown);
  const words = wordsOf(shown);
  const lines = notation ? (replay ? replayLog() : shown.history).map(([player, text], index) => [player, text, index])
    : replay ? words.filter((line) => line[2] < replay.step) : words;
  log.replaceChildren(...lines.map(([player, text, action, round, said], index) => el("li", {
    class: !replay && !notation && base && action >= base.actions ? "recent" : null, title: notation ? null : said },
  !notation && round !== lines[index - 1]?.[3] ? el("span", { class: "round" }, roundName(round)) : "",
  el("span", { class: "number" }, `${action + 1}.`),
  el("span", { class: `who seat-${player}` }, `${SEAT_MARKS[player] || ""} ${seatName(player)}`),
  el("span", { class: "text" }, text))));
  log.classList.toggle("notation", notation);
  const toggle = $("log-notation");
  toggle.textContent = t(notation ? "inWords" : "inNotation");
  toggle.setAttribute("aria-pressed", notation ? "true" : "false");
  log.scrollTop = log.scrollHeight;
}

/** The heading of a round in the log: the game's setup (a draft, the starters) is round 0. */
function roundName(round) {
  return round ? t("logRound", { number: round }) : t("logSetup");
}

/** A seat view's log in `lang` (the page's by default): `[player, sentence, action, round,
 * notation]` lines, the notation null while the move is secret to this seat. */
function wordsOf(seatView, lang = getLang()) {
  return seatView.log[lang] || seatView.log.en;
}

/** The undo button follows the core's rule, as the server answers it: enabled when the shown seat
 * may take its last move back, else disabled with the reason in the page's language. */
function drawUndo() {
  const box = $("undo-box");
  if (!box || !payload) return;
  const answer = undoAnswer && undoAnswer.seat === activeSeat && undoAnswer.actions === payload.table.actions ? undoAnswer : null;
  box.hidden = !token || isOver(payload.table) || replay !== null || !payload.you.seats.length;
  $("undo").disabled = !answer || !answer.allowed || busy || !online;
  $("undo-why").textContent = answer && !answer.allowed ? answer.reason[getLang()] || answer.reason.en : "";
}

function cell(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return Array.isArray(value) ? value.join(", ") : JSON.stringify(value);
  return String(value);
}

function label(key, lang) {
  const names = (info.labels || {})[key];
  return names ? names[lang] || names.en : key.replaceAll("_", " ");
}

// One column per player and one row per category, so the table stays narrow for any game. The end
// screen gives way to the replay while one is shown, and comes back, replay button and all, after.
function drawSummary() {
  const result = resultOf();
  const box = $("summary");
  box.hidden = !result || replay !== null;
  if (box.hidden) return;
  const lang = getLang();
  // A game's own total ("total", "score") repeats the Score row for every seat: shown once, as Score.
  const repeatsScore = (k) => result.breakdown.every((b, seat) => b[k] === result.scores[seat]);
  const keys = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))].filter((k) => !repeatsScore(k));
  const order = result.scores.map((_, seat) => seat).sort((a, b) => result.ranking[a] - result.ranking[b]);
  const row = (title, values, attrs = {}) => el("tr", attrs, el("th", {}, title), values.map((v) => el("td", {}, v)));
  box.replaceChildren(
    el("h3", {}, t("gameOver")),
    el("p", { class: "verdict", id: "verdict" }, verdict(result)),
    el("p", { class: "winners" }, `${t("winners")}: ${result.winners.map(seatName).join(", ")}`,
      result.tiebreak && result.tiebreak !== "draw" ? ` · ${t("tiebreak")}: ${label(result.tiebreak, lang)}` : ""),
    el("p", { class: "why-ended", id: "why-ended" }, `${t("whyEnded")} `, endReason(lang)),
    el("div", { class: "breakdown-scroll" }, el("table", { class: "breakdown" },
      el("caption", {}, t("breakdown")),
      el("thead", {}, row(t("player"), order.map(seatName))),
      el("tbody", {},
        row(t("place"), order.map((seat) => result.ranking[seat])),
        row(t("score"), order.map((seat) => cell(result.scores[seat])), { class: "total" }),
        keys.map((k) => row(label(k, lang), order.map((seat) => cell(result.breakdown[seat][k]))))),
    )),
    // only a game its rules ended has a record to replay (a resigned one is not over for its state)
    payload.table.is_over ? el("button", { class: "primary", id: "replay-start", onclick: startReplay }, t("replay")) : "",
  );
}

/** "You won", "You lost (2nd of 3)", a shared win, or for a spectator (or a hot-seat) who won. */
function verdict(result) {
  const mine = payload.you.seats;
  const count = result.scores.length;
  if (mine.length !== 1) {
    if (result.winners.length > 1) return `${t("drawBetween")} ${result.winners.map(seatName).join(", ")}`;
    return `${seatName(result.winners[0])} ${t("wins")}`;
  }
  const seat = mine[0];
  if (result.winners.includes(seat)) return result.winners.length > 1 ? t("youDrew") : t("youWon");
  return `${t("youLost")} (${t("placeOf", { place: result.ranking[seat], count })})`;
}

/** Why the game ended: the renderer's reading of its final view when it has one (a shape that did
 * not fit, the last round played), else the last move in words. */
function endReason(lang) {
  const resigned = payload.table.people?.resigned ?? null;
  const timedOut = payload.table.people?.result?.timeout ?? null;
  if (timedOut !== null) return `${seatName(timedOut)} ${t("ranOutOfTime")}`;
  if (resigned !== null) return `${seatName(resigned)} ${t("resignedWho")}`;
  const shown = currentView();
  const own = renderer.endReason?.(shown.view, lang);
  if (own) return own;
  const lines = wordsOf(shown, lang);
  if (!lines.length) return "";
  const [player, text] = lines[lines.length - 1];
  return `${t("lastMoveWas")} ${seatName(player)}: ${text}`;
}

function replayLog() {
  return replay.record.actions.slice(0, replay.step);
}

/** The replay's latest action as the log says it: the sentence of that very action of the record
 * (found by the action index the server gives each line), or its notation when asked for, or when
 * no sentence is its own. */
function stepLine(action) {
  const said = notation ? null : wordsOf(currentView()).find((line) => line[2] === action);
  return said || replay.record.actions[action];
}

/** The finished game after its first `step` actions, as the server replays it for a spectator. */
async function replayStep(record, step) {
  const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${step}`);
  const history = record.actions.slice(0, data.step);
  return { step: data.step, data: { seat: null, view: data.view, render: data.render, history, legal: [], actions: [], log: { en: [], es: [] } } };
}

async function showStep(step) {
  const shown = replay;
  const next = await replayStep(shown.record, step);
  if (replay !== shown) return; // left while the step was on its way
  Object.assign(replay, next);
  draw();
}

/** The replay begins once its first position is here, so no drawing ever meets a replay without one. */
async function startReplay() {
  const record = await api(`/api/tables/${encodeURIComponent(tableId)}/record`);
  replay = { record, ...await replayStep(record, 0) };
  draw();
}

/** The replay's controls, shown only while a replay is (the end screen holds the button that starts it). */
function drawReplayPanel() {
  const box = $("replay");
  box.hidden = !replay || !payload.table.is_over;
  if (box.hidden) return;
  const total = replay.record.actions.length;
  const last = replay.step ? stepLine(replay.step - 1) : null;
  box.replaceChildren(
    el("h3", {}, t("replay")),
    el("p", { id: "replay-step" }, `${t("step")} ${replay.step} / ${total}`, last ? ` — ${seatName(last[0])}: ${last[1]}` : ""),
    el("div", { class: "row" },
      el("button", { onclick: () => showStep(0), disabled: replay.step === 0 }, "« ", t("first")),
      el("button", { onclick: () => showStep(replay.step - 1), disabled: replay.step === 0, id: "replay-back" }, "◀ ", t("previous")),
      el("button", { onclick: () => showStep(replay.step + 1), disabled: replay.step === total, id: "replay-next" }, t("next"), " ▶"),
      el("button", { onclick: () => showStep(total), disabled: replay.step === total }, t("last"), " »")),
    el("button", { id: "replay-exit", onclick: () => { replay = null; draw(); } }, t("back")));
}

function drawInvite(table) {
  const saved = JSON.parse(localStorage.getItem(`ludoteca.links.${tableId}`) || "null");
  const box = $("invite");
  box.hidden = !saved || isOver(table);
  if (box.hidden) return;
  const link = (label, path) => {
    const url = new URL(fragmentLink(path), location.href).href;
    return el("li", {}, el("span", {}, label), " ", el("input", { readonly: true, value: url, "aria-label": label }),
      el("button", { onclick: (e) => { navigator.clipboard?.writeText(url); e.target.textContent = t("copied"); } }, t("copy")));
  };
  box.replaceChildren(el("h3", {}, t("invite")), el("ul", { class: "links" },
    saved.seats.filter((s) => s.link).map((s) => link(`${t("joinAs")} ${s.seat}`, s.link)),
    link(t("spectatorLink"), saved.spectator),
    saved.seats.filter((s) => s.link).length > 1 ? link(t("hotseatLink"), saved.hotseat) : null));
}

/** Load a renderer's stylesheet and wait for it: a board measured before its styles apply would be
 * fitted (touch.js) at the browser's default text sizes. A stylesheet that fails to load is not
 * fatal: the board is drawn unstyled. */
function loadStylesheet(href) {
  return new Promise((resolve) => {
    const link = el("link", { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}

async function main() {
  translatePage(draw);
  const catalogue = await games();
  const first = await api(tablePath(), authorised())
    .catch((error) => { $("error").textContent = error.message; return null; });
  if (!first) return;
  info = catalogue.games.find((g) => g.id === first.table.game);
  bots = { leveled_bots: catalogue.leveled_bots, standin: catalogue.standin };
  const module = await import(`/static/games/${info.renderer}.js`);
  if (module.stylesheet) await loadStylesheet(module.stylesheet);
  applySeatColours(module.seatColours);
  renderer = module.create($("board"), { act, t, lang: getLang });
  $("undo").addEventListener("click", undo);
  $("rules-link").addEventListener("click", (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return; // a new tab, as asked
    event.preventDefault();
    openRules(info.id, gameName(info, getLang()));
  });
  $("log-notation").addEventListener("click", () => { notation = !notation; drawLog(); });
  // The second click of a double click is never a move of its own: a quick server may have
  // answered the first already, unlocking a board whose next target sits under the pointer.
  $("board").addEventListener("click", (event) => { if (event.detail > 1) event.stopPropagation(); }, true);
  lockBoard();
  tapForTooltips();
  refitWhenTheBoardResizes();
  receive(first);
  connect();
  setInterval(tickClocks, 250);
}

main();
