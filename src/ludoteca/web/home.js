// The home page: the games, the table-creation form, and the recent tables.
import { api, choiceLabel, el, fragmentLink, gameName, games, optionLabel } from "./api.js";
import { getLang, t, translatePage } from "./i18n.js";

let catalogue; // /api/games: the games, and the server's facts about its bots (which have levels, the stand-in)
let chosen = null;
const DEFAULT_BOT = "mcts"; // a good first game

/** Only the bots the server says have levels play differently by level; the others are not asked. */
function hasLevels(bot) {
  return catalogue.leveled_bots.includes(bot);
}

async function main() {
  catalogue = await games();
  translatePage(draw);
  draw();
}

function draw() {
  drawGames();
  if (chosen) {
    const kept = formChoices();  // a language switch redraws the form: keep what was chosen
    drawForm(chosen, false);
    restoreChoices(kept);
  }
  drawTables();
  drawLobby();
}

function formChoices() {
  const form = document.getElementById("create-form");
  return Array.from(form.elements).filter((field) => field.name).map((field) => ({
    name: field.name, value: field.value, checked: field.checked, type: field.type,
  }));
}

function restoreChoices(kept) {
  const form = document.getElementById("create-form");
  const count = kept.find((field) => field.name === "num_players");
  if (count) {
    form.elements.num_players.value = count.value;
    form.elements.num_players.dispatchEvent(new Event("change"));
  }
  for (const field of kept) {
    const matches = Array.from(form.elements).filter((f) => f.name === field.name
      && (field.type !== "checkbox" || f.value === field.value));
    for (const target of matches) {
      if (field.type === "checkbox") target.checked = field.checked;
      else target.value = field.value;
      target.dispatchEvent(new Event("change"));
    }
  }
}

function playerRange(info) {
  return info.min_players === info.max_players ? `${info.min_players}` : `${info.min_players}–${info.max_players}`;
}

function drawGames() {
  const lang = getLang();
  const grid = document.getElementById("games");
  grid.replaceChildren(
    ...catalogue.games.map((info) =>
      el("article", { class: "game-card", dataset: { game: info.id } },
        el("h3", {}, gameName(info, lang)),
        el("p", { class: "summary" }, info.summary[lang] || info.summary.en || ""),
        el("p", { class: "meta" }, `${t("players")}: ${playerRange(info)}`),
        el("div", { class: "row" },
          el("button", { class: "primary", onclick: () => { chosen = info; drawForm(info); } }, t("newTable")),
          el("a", { class: "button", href: `/rules/${info.id}` }, t("rules")),
        ),
      ),
    ),
  );
}

function optionField(option, lang) {
  const help = (option.helps || {})[lang] || (lang === "es" ? option.help_es : option.help);
  const id = `opt-${option.name}`;
  const label = optionLabel(option, lang);
  const helpId = `${id}-help`;
  const note = el("small", { id: helpId }, help);
  if (option.kind === "bool") {  // the label is the tap target, as wide as the text
    return el("div", { class: "field" },
      el("label", { class: "check", for: id },
        el("input", { type: "checkbox", id, name: option.name, checked: option.default === true, "aria-describedby": helpId }),
        ` ${label}`),
      note);
  }
  let input;
  if (option.kind === "list") {
    input = el("span", { id, class: "checks", role: "group", "aria-label": label, "aria-describedby": helpId },
      option.choices.map((choice) =>
        el("label", {},
          el("input", { type: "checkbox", name: option.name, value: String(choice),
            checked: (option.default || []).includes(choice) }),
          ` ${choiceLabel(option, choice, lang)}`)));
  } else if (option.choices.length) {
    input = el("select", { id, name: option.name, "aria-describedby": helpId },
      option.choices.map((choice) =>
        el("option", { value: String(choice), selected: choice === option.default }, choiceLabel(option, choice, lang))));
  } else {
    input = el("input", { id, name: option.name, type: option.kind === "int" ? "number" : "text",
      value: option.default ?? "", min: option.minimum, max: option.maximum, "aria-describedby": helpId });
  }
  return el("div", { class: "field" }, el("label", { for: id }, label), input, note);
}

/** The clock chosen at creation: none, seconds for every decision (with the bot that stands in
 * when a decision's time runs out), or minutes per seat for the game (with an increment). The
 * server checks the bounds and answers in the page's language. */
function clockField() {
  const kind = el("select", { id: "clock-kind", name: "clock_kind", "aria-describedby": "clock-help" },
    ["none", "move", "game"].map((k) => el("option", { value: k }, t(`clock_${k}`))));
  const amount = el("input", { id: "clock-amount", name: "clock_amount", type: "number", min: 1, step: "any", required: true });
  const increment = el("input", { id: "clock-increment", name: "clock_increment", type: "number", min: 0, max: 600, value: 0 });
  const amountLabel = el("label", { for: "clock-amount" });
  const amountField = el("div", { class: "field" }, amountLabel, amount);
  const incrementField = el("div", { class: "field" }, el("label", { for: "clock-increment" }, t("clockIncrement")), increment);
  const standin = el("select", { id: "clock-bot", name: "clock_bot", "aria-describedby": "clock-bot-help" },
    catalogue.bots.map((name) => el("option", { value: name, selected: name === catalogue.standin.bot }, name)));
  const standinLevel = el("select", { id: "clock-level", name: "clock_level", "aria-label": t("level") },
    catalogue.standin_levels.map((name) => el("option", { value: name, selected: name === "normal" }, t(name))));
  const standinField = el("div", { class: "field" }, el("label", { for: "clock-bot" }, t("clockStandin")),
    el("span", { class: "bot-part" }, standin, standinLevel), el("small", { id: "clock-bot-help" }, t("clockStandinHelp")));
  const sync = () => {
    amountField.hidden = kind.value === "none";
    amount.disabled = amountField.hidden;
    incrementField.hidden = kind.value !== "game";
    increment.disabled = incrementField.hidden;
    standinField.hidden = kind.value !== "move";
    standin.disabled = standinField.hidden;
    standinLevel.hidden = !hasLevels(standin.value);
    standinLevel.disabled = standinField.hidden || standinLevel.hidden;
    amountLabel.textContent = t(kind.value === "game" ? "clockMinutes" : "clockSeconds");
    if (!amount.value) amount.value = kind.value === "game" ? 10 : 60;
  };
  kind.addEventListener("change", () => { amount.value = ""; sync(); });
  amount.addEventListener("change", sync);
  standin.addEventListener("change", sync);
  sync();
  return el("fieldset", { class: "clock-choice" }, el("legend", {}, t("clock")),
    el("div", { class: "field" }, el("label", { for: "clock-kind" }, t("clockKind")), kind), amountField, incrementField, standinField,
    el("small", { id: "clock-help" }, t("clockHelp")));
}

/** The `clock` of a creation request from the form (the server checks the bounds). */
function chosenClock(data) {
  const kind = data.get("clock_kind") || "none";
  if (kind === "none") return null;
  const amount = Number(data.get("clock_amount"));
  if (kind === "move") {
    const bot = String(data.get("clock_bot") || catalogue.standin.bot);
    return { kind, seconds: Math.round(amount), bot, ...(hasLevels(bot) ? { level: data.get("clock_level") } : {}) };
  }
  return { kind, seconds: Math.round(amount * 60), increment: Math.round(Number(data.get("clock_increment") || 0)) };
}

function seatRow(index) {
  const kind = el("select", { name: `seat-${index}`, "aria-label": `${t("seat")} ${index}` },
    el("option", { value: "human", selected: index === 0 }, t("human")),
    el("option", { value: "bot", selected: index > 0 }, t("bot")));
  const bot = el("select", { name: `bot-${index}`, "aria-label": t("bot") },
    catalogue.bots.map((name) => el("option", { value: name, selected: name === DEFAULT_BOT }, name)));
  const level = el("select", { name: `level-${index}`, "aria-label": t("level") },
    catalogue.levels.map((name) => el("option", { value: name, selected: name === "normal" }, t(name))));
  const botPart = el("span", { class: "bot-part" }, bot, level);
  const sync = () => {
    botPart.hidden = kind.value !== "bot";
    level.hidden = !hasLevels(bot.value);
  };
  kind.addEventListener("change", sync);
  bot.addEventListener("change", sync);
  sync();
  return el("div", { class: "seat-row" }, el("span", {}, `${t("player")} ${index}`), kind, botPart);
}

function drawForm(info, scroll = true) {
  const lang = getLang();
  document.getElementById("create").hidden = false;
  document.getElementById("create-name").textContent = gameName(info, lang);
  const form = document.getElementById("create-form");
  const count = el("select", { name: "num_players", id: "num-players" });
  for (let n = info.min_players; n <= info.max_players; n++) count.append(el("option", { value: n }, n));
  const seats = el("div", { class: "seats" });
  const fillSeats = () => seats.replaceChildren(
    ...Array.from({ length: Number(count.value) }, (_, i) => seatRow(i)));
  count.addEventListener("change", fillSeats);
  fillSeats();
  form.replaceChildren(
    el("div", { class: "field" }, el("label", { for: "num-players" }, t("players")), count),
    info.options.length ? el("fieldset", {}, el("legend", {}, t("options")),
      info.options.map((o) => optionField(o, lang))) : null,
    el("fieldset", {}, el("legend", {}, t("seats")), seats),
    clockField(),
    el("div", { class: "field" }, el("label", { for: "creator-name" }, t("yourName")),
      el("input", { id: "creator-name", name: "creator_name", maxlength: 24, autocomplete: "nickname",
        value: localStorage.getItem("ludoteca.name") || "" }),
      el("small", {}, t("nameRule"))),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "public", id: "public" }), ` ${t("publicTable")}`),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "hotseat" }), ` ${t("hotseat")}`),
    el("p", { class: "error", role: "alert", id: "create-error" }),
    el("button", { class: "primary", type: "submit", id: "create-button" }, t("create")),
  );
  form.onsubmit = (event) => { event.preventDefault(); submit(info, form); };
  if (scroll) document.getElementById("create").scrollIntoView({ behavior: "smooth" });
}

async function submit(info, form) {
  const data = new FormData(form);
  const options = {};
  for (const option of info.options) {
    // Send only what the person changed, so defaults that no form field can express stay intact.
    if (option.kind === "list") {
      const checked = data.getAll(option.name);
      const fallback = Array.isArray(option.default) ? option.default.map(String) : [];
      if (checked.join(",") !== fallback.join(",")) options[option.name] = checked;
    } else {
      const value = option.kind === "bool" ? String(data.has(option.name)) : String(data.get(option.name));
      if (value !== String(option.default ?? "")) options[option.name] = value;
    }
  }
  const n = Number(data.get("num_players"));
  const seats = Array.from({ length: n }, (_, i) =>
    data.get(`seat-${i}`) === "bot"
      ? { kind: "bot", bot: data.get(`bot-${i}`),
          level: hasLevels(data.get(`bot-${i}`)) ? data.get(`level-${i}`) : "normal" }
      : { kind: "human" });
  const name = String(data.get("creator_name") || "").trim();
  const people = { name: name || null, public: data.has("public") };
  try {
    const table = await api("/api/tables", {
      method: "POST", body: JSON.stringify({ game: info.id, num_players: n, options, seats, people, clock: chosenClock(data) }),
    });
    if (name) localStorage.setItem("ludoteca.name", name);
    localStorage.setItem(`ludoteca.links.${table.id}`, JSON.stringify(table));
    const human = table.seats.find((s) => s.link);
    const humans = table.seats.filter((s) => s.link).length;
    location.href = fragmentLink(data.has("hotseat") && humans > 1 ? table.hotseat : human ? human.link : table.spectator);
  } catch (error) {
    document.getElementById("create-error").textContent = error.message;
  }
}

async function drawTables() {
  const list = document.getElementById("tables");
  const tables = await api("/api/tables");
  const names = Object.fromEntries(catalogue.games.map((g) => [g.id, g]));
  const lang = getLang();
  if (!tables.length) return list.replaceChildren(el("li", { class: "muted" }, t("none")));
  list.replaceChildren(...tables.map((table) => {
    const saved = JSON.parse(localStorage.getItem(`ludoteca.links.${table.id}`) || "null");
    const mine = saved && (saved.seats.find((s) => s.link) || null);
    const who = table.seats.map((s) => (s.kind === "bot" ? `${t("bot")} ${s.bot}` : t("human"))).join(" · ");
    return el("li", {},
      el("strong", {}, names[table.game] ? gameName(names[table.game], lang) : table.game), ` — ${who} — `,
      el("span", { class: "muted" }, `${table.finished ? t("finished") : t("playing")}, ${table.actions} ${t("actions")}`),
      " ",
      !table.finished && mine ? el("a", { class: "button", href: fragmentLink(mine.link) }, t("play")) : null,
      el("a", { class: "button", href: `/table/${table.id}` }, table.finished ? t("replay") : t("watch")));
  }));
}

/** Public tables with a free seat: take one under the name typed above the list. */
async function drawLobby() {
  const list = document.getElementById("lobby");
  const open = await api("/api/lobby");
  const names = Object.fromEntries(catalogue.games.map((g) => [g.id, g]));
  const lang = getLang();
  const nameInput = document.getElementById("lobby-name");
  nameInput.placeholder = t("yourName");
  nameInput.setAttribute("aria-label", t("yourName"));
  if (!nameInput.value) nameInput.value = localStorage.getItem("ludoteca.name") || "";
  if (!open.length) return list.replaceChildren(el("li", { class: "muted" }, t("lobbyNone")));
  list.replaceChildren(...open.map((table) => el("li", { dataset: { table: table.id } },
    el("strong", {}, names[table.game] ? gameName(names[table.game], lang) : table.game), " — ",
    table.seats.map((seat) => seat.free
      ? el("button", { class: "join-seat", dataset: { seat: seat.seat }, onclick: () => join(table.id, seat.seat) },
        `${t("joinSeat")} ${seat.seat}`)
      : el("span", { class: "lobby-seat" }, seat.kind === "bot" ? `${seat.bot} (${t(seat.level)})` : seat.name, " ")))));
}

async function join(tableId, seat) {
  const name = document.getElementById("lobby-name").value.trim();
  try {
    const answer = await api(`/api/lobby/${encodeURIComponent(tableId)}/join`, {
      method: "POST", body: JSON.stringify({ seat, name }) });
    localStorage.setItem("ludoteca.name", name);
    location.href = answer.link;
  } catch (error) {
    document.getElementById("lobby-error").textContent = error.message;
    drawLobby();
  }
}

main();
