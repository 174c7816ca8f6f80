// The table page: follows one table over its WebSocket and hands each update to the game's renderer.
// The renderer is games/<game-id>.js when the game has one, else games/generic.js (see its header).
import { SEAT_MARKS, applySeatColours } from "./seats.js";
import { api, el, gameName, games } from "./api.js";
import { getLang, t, translatePage } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.search).get("token");
const $ = (id) => document.getElementById(id);

let info = null; // the game's entry of /api/games
let payload = null; // the latest message for this link
let activeSeat = null; // the seat whose view is shown (hot-seat: one of several)
let coverDismissedFor = null; // hot-seat with hidden information: the seat revealed on this screen
let renderer = null;
let replay = null; // {record, step, data} while stepping through a finished game

function seatName(seat) {
  return `${t("player")} ${seat}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws${query}`);
  socket.onopen = () => { $("connection").hidden = true; };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (event.code === 4403 || event.code === 4404) {
      $("error").textContent = event.reason;
      return;
    }
    $("connection").hidden = false;
    setTimeout(connect, 1000);
  };
}

// The answer to our own move can arrive after a live update that is already newer (a quick bot
// moved meanwhile): never let an older position replace a newer one.
function receive(next) {
  if (payload && next.table.actions < payload.table.actions) return;
  payload = next;
  draw();
}

async function act(text) {
  try {
    // `seen`: the server refuses (409) a move sent from a position that is no longer current, so a
    // double click or a stale page never plays twice.
    const body = { action: text, token, seat: activeSeat, seen: payload ? payload.table.actions : null };
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/actions`, { method: "POST", body: JSON.stringify(body) });
    $("error").textContent = "";
    receive(answer);
  } catch (error) {
    $("error").textContent = `${t("error")}: ${error.message}`;
  }
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

function draw() {
  if (!payload || !info) return;
  const lang = getLang();
  const table = payload.table;
  document.title = `${gameName(info, lang)} · ludoteca`;
  $("game-name").textContent = gameName(info, lang);
  $("rules-link").href = `/rules/${info.id}`;
  chooseSeat();
  drawSeats(table);
  drawTabs();
  drawStatus(table);
  const hidden = needsCover(table);
  $("cover").hidden = !hidden;
  if (hidden) drawCover();
  if (replay) renderer.update({ view: replay.data, table, game: info, lang, replay: true });
  else renderer.update({ view: hidden ? payload.views.find((v) => v.seat === null) || blank() : currentView(),
    table, game: info, lang, replay: false });
  drawLog(replay ? replayLog() : currentView().history);
  drawSummary();
  drawReplayPanel();
  drawInvite(table);
}

function blank() {
  return { seat: null, view: {}, render: { en: "", es: "" }, history: [], legal: [], actions: [], log: { en: [], es: [] } };
}

function needsCover(table) {
  return payload.you.hotseat && info.hidden_information && !table.is_over && !replay
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
    const who = seat.kind === "bot" ? `${t("bot")} ${seat.bot} (${t(seat.level)})` : t("human");
    const moving = table.to_move.includes(seat.seat);
    return el("span", { class: `seat seat-${seat.seat}${moving ? " moving" : ""}`, dataset: { seat: seat.seat } },
      el("span", { class: "mark", "aria-hidden": "true" }, `${SEAT_MARKS[seat.seat]} `),
      el("strong", {}, seatName(seat.seat)), ` ${who}`, mine.includes(seat.seat) ? ` (${t("you")})` : "",
      moving ? el("span", { class: "moving-mark" }, ` · ${t("toMove")}`) : "");
  }));
}

function drawTabs() {
  const tabs = $("seat-tabs");
  tabs.hidden = payload.views.length < 2 || replay !== null;
  tabs.replaceChildren(...payload.views.map((v) =>
    el("button", { class: v.seat === activeSeat ? "tab active" : "tab",
      onclick: () => { activeSeat = v.seat; draw(); } }, seatName(v.seat))));
}

function drawStatus(table) {
  let text;
  if (table.is_over) text = t("gameOver");
  else if (!payload.you.seats.length) text = `${t("spectating")} · ${t("waiting")} ${table.to_move.map(seatName).join(", ")}`;
  else if (table.to_move.includes(activeSeat)) text = `${t("yourTurn")} (${seatName(activeSeat)})`;
  else text = `${t("waiting")} ${table.to_move.map(seatName).join(", ")}`;
  $("status").textContent = text;
  $("status").classList.toggle("your-turn", !table.is_over && table.to_move.includes(activeSeat));
}

function drawLog(history) {
  const log = $("log");
  log.replaceChildren(...history.map(([player, text]) => el("li", {},
    el("span", { class: `who seat-${player}` }, `${SEAT_MARKS[player] || ""} ${seatName(player)}`), ` ${text}`)));
  log.scrollTop = log.scrollHeight;
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

// One column per player and one row per category, so the table stays narrow for any game.
function drawSummary() {
  const result = payload.result;
  const box = $("summary");
  box.hidden = !result;
  if (!result) return;
  const lang = getLang();
  const keys = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))];
  const order = result.scores.map((_, seat) => seat).sort((a, b) => result.ranking[a] - result.ranking[b]);
  const row = (title, values, attrs = {}) => el("tr", attrs, el("th", {}, title), values.map((v) => el("td", {}, v)));
  box.replaceChildren(
    el("h3", {}, t("gameOver")),
    el("p", { class: "winners" }, `${t("winners")}: ${result.winners.map(seatName).join(", ")}`,
      result.tiebreak ? ` · ${t("tiebreak")}: ${label(result.tiebreak, lang)}` : ""),
    el("div", { class: "breakdown-scroll" }, el("table", { class: "breakdown" },
      el("caption", {}, t("breakdown")),
      el("thead", {}, row(t("player"), order.map(seatName))),
      el("tbody", {},
        row(t("place"), order.map((seat) => result.ranking[seat])),
        row(t("score"), order.map((seat) => cell(result.scores[seat])), { class: "total" }),
        keys.map((k) => row(label(k, lang), order.map((seat) => cell(result.breakdown[seat][k]))))),
    )),
  );
}

function replayLog() {
  return replay.record.actions.slice(0, replay.step);
}

async function showStep(step) {
  const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${step}`);
  replay.step = data.step;
  replay.data = { seat: null, view: data.view, render: data.render, history: replayLog(), legal: [], actions: [], log: { en: [], es: [] } };
  draw();
}

async function startReplay() {
  const record = await api(`/api/tables/${encodeURIComponent(tableId)}/record`);
  replay = { record, step: 0, data: null };
  await showStep(0);
}

function drawReplayPanel() {
  const box = $("replay");
  box.hidden = !payload.table.is_over;
  if (box.hidden) return;
  if (!replay) {
    box.replaceChildren(el("h3", {}, t("replay")), el("button", { class: "primary", id: "replay-start", onclick: startReplay }, t("replay")));
    return;
  }
  const total = replay.record.actions.length;
  const last = replay.step ? replay.record.actions[replay.step - 1] : null;
  box.replaceChildren(
    el("h3", {}, t("replay")),
    el("p", { id: "replay-step" }, `${t("step")} ${replay.step} / ${total}`, last ? ` — ${seatName(last[0])}: ${last[1]}` : ""),
    el("div", { class: "row" },
      el("button", { onclick: () => showStep(0), disabled: replay.step === 0 }, "« ", t("first")),
      el("button", { onclick: () => showStep(replay.step - 1), disabled: replay.step === 0, id: "replay-back" }, "◀ ", t("previous")),
      el("button", { onclick: () => showStep(replay.step + 1), disabled: replay.step === total, id: "replay-next" }, t("next"), " ▶"),
      el("button", { onclick: () => showStep(total), disabled: replay.step === total }, t("last"), " »")),
    el("button", { onclick: () => { replay = null; draw(); } }, t("back")));
}

function drawInvite(table) {
  const saved = JSON.parse(localStorage.getItem(`ludoteca.links.${tableId}`) || "null");
  const box = $("invite");
  box.hidden = !saved || table.is_over;
  if (box.hidden) return;
  const link = (label, path) => {
    const url = new URL(path, location.href).href;
    return el("li", {}, el("span", {}, label), " ", el("input", { readonly: true, value: url, "aria-label": label }),
      el("button", { onclick: (e) => { navigator.clipboard?.writeText(url); e.target.textContent = t("copied"); } }, t("copy")));
  };
  box.replaceChildren(el("h3", {}, t("invite")), el("ul", { class: "links" },
    saved.seats.filter((s) => s.link).map((s) => link(`${t("joinAs")} ${s.seat}`, s.link)),
    link(t("spectatorLink"), saved.spectator),
    saved.seats.filter((s) => s.link).length > 1 ? link(t("hotseatLink"), saved.hotseat) : null));
}

async function main() {
  translatePage(draw);
  const catalogue = await games();
  const first = await api(`/api/tables/${encodeURIComponent(tableId)}${token ? `?token=${encodeURIComponent(token)}` : ""}`)
    .catch((error) => { $("error").textContent = error.message; return null; });
  if (!first) return;
  info = catalogue.games.find((g) => g.id === first.table.game);
  const module = await import(`/static/games/${info.renderer}.js`);
  applySeatColours(module.seatColours);
  renderer = module.create($("board"), { act, t, lang: getLang });
  payload = first;
  draw();
  connect();
}

main();
