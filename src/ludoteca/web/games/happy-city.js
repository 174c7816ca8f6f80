// Happy City: the market (three decks, the central display, the residence piles), the special
// row and every player's 10-slot city, drawn as cards in HTML; legal actions are chosen by clicking.
//
// How the view maps to the picture (view = state.view(seat), the same public data for every seat):
//   deck_sizes / discard_sizes  -> three face-down piles; a pile is a button when `draw d` is legal
//   display                     -> face-up cards; clicking one plays `buy key` (main step) or
//                                  `discard key` (discard step)
//   residence_piles             -> three residence cards with their pile size; clicking plays `buy key`
//   special_row                 -> special cards with their colour condition; clicking plays `special key`
//   players[p]                  -> a city panel: coins, income, people, hearts, score, 10 slots
//   cards                       -> what each shown card prints (names, colour, cost, symbols, text)
//   phase / current / round     -> the turn banner with the four steps of a turn
// Actions without a natural place (coin, pass, the expert draft and the Sphinx) are buttons.
// Interface: see generic.js.
import { el, svg } from "../api.js";

const STYLE_ID = "happy-city-css";
const COLOURS = { Y: "yellow", B: "blue", G: "green", O: "orange", P: "purple" };
const STEPS = ["discard", "refill", "main", "special"];
const MARKET_COLOUR = { yellow: "Y", blue: "B", green: "G", orange: "O", purple: "P" };

const TEXT = {
  en: {
    round: "Round", decks: "Decks", deck: "Deck", display: "Central display", residences: "Residences",
    specials: "Special buildings", cards: "cards", discarded: "discarded", left: "left", empty: "empty",
    coins: "coins", income: "income", people: "people", hearts: "hearts", score: "happiness",
    cost: "cost", you: "you", first: "first player", slots: "cards", special: "special",
    colour: { Y: "yellow", B: "blue", G: "green", O: "orange", P: "purple" },
    kind: { Y: "shop", B: "public building", G: "housing", O: "leisure", P: "industry" },
    steps: { discard: "1 Discard", refill: "2 Draw", main: "3 Main action", special: "4 Special" },
    ask: {
      discard: "Click a display card to discard it, or pass.",
      refill: "Click a deck to draw a card into the display.",
      main: "Click a card to buy it (display or residence), or take a coin.",
      special: "Click a highlighted special building to take it for free, or pass.",
      draft: "Choose the colour of your Happy Market.",
      final_choice: "Sphinx: choose the special building to copy.",
    },
    doing: {
      discard: "may discard a display card", refill: "is drawing cards", main: "is choosing the main action",
      special: "may take a special building", draft: "is choosing a Happy Market",
      final_choice: "is choosing what the Sphinx copies",
    },
    over: "Game over", draft: "Happy Market draft", final_choice: "Sphinx choice",
    pass: "Pass", noDiscard: "Keep the display (pass)", noSpecial: "No special (pass)",
    coin: "Take a coin", market: "Happy Market", box: "A random one from the box",
    triggered: "A city has 10 cards: this is the last round.", copies: "The Sphinx copies",
    free: "next purchase free", toDraw: "to draw", needs: "needs", player: "Player",
  },
  es: {
    round: "Ronda", decks: "Mazos", deck: "Mazo", display: "Zona central", residences: "Viviendas",
    specials: "Edificios especiales", cards: "cartas", discarded: "descartadas", left: "quedan", empty: "vacía",
    coins: "monedas", income: "ingresos", people: "personas", hearts: "corazones", score: "felicidad",
    cost: "coste", you: "tú", first: "jugador inicial", slots: "cartas", special: "especial",
    colour: { Y: "amarillo", B: "azul", G: "verde", O: "naranja", P: "morado" },
    kind: { Y: "comercio", B: "edificio público", G: "vivienda", O: "ocio", P: "industria" },
    steps: { discard: "1 Descartar", refill: "2 Robar", main: "3 Acción principal", special: "4 Especial" },
    ask: {
      discard: "Pulsa una carta de la zona central para descartarla, o pasa.",
      refill: "Pulsa un mazo para robar una carta a la zona central.",
      main: "Pulsa una carta para comprarla (zona central o vivienda), o coge una moneda.",
      special: "Pulsa un edificio especial resaltado para llevártelo gratis, o pasa.",
      draft: "Elige el color de tu Mercado Feliz.",
      final_choice: "Esfinge: elige el edificio especial que copia.",
    },
    doing: {
      discard: "puede descartar una carta", refill: "está robando cartas", main: "elige su acción principal",
      special: "puede coger un edificio especial", draft: "elige un Mercado Feliz",
      final_choice: "elige qué copia la Esfinge",
    },
    over: "Fin de la partida", draft: "Elección del Mercado Feliz", final_choice: "Elección de la Esfinge",
    pass: "Pasar", noDiscard: "No descartar (pasar)", noSpecial: "Ningún especial (pasar)",
    coin: "Coger una moneda", market: "Mercado Feliz", box: "Uno al azar de la caja",
    triggered: "Una ciudad tiene 10 cartas: es la última ronda.", copies: "La Esfinge copia",
    free: "próxima compra gratis", toDraw: "por robar", needs: "requiere", player: "Jugador",
  },
};

function ensureStyle() {
  if (document.getElementById(STYLE_ID)) return;
  document.head.append(el("link", { id: STYLE_ID, rel: "stylesheet", href: "/static/games/happy-city.css" }));
}

// ---- symbols ------------------------------------------------------------------------------

function icon(kind, crossed = false) {
  const parts = {
    person: [svg("circle", { cx: 8, cy: 4.5, r: 3.2 }), svg("path", { d: "M2.5 15.5 C2.5 9 13.5 9 13.5 15.5 Z" })],
    heart: [svg("path", { d: "M8 15 C-4 6 3 -2 8 4 C13 -2 20 6 8 15 Z" })],
    coin: [svg("circle", { cx: 8, cy: 8, r: 7 })],
  }[kind];
  return svg("svg", { class: `hc-icon ${kind}${crossed ? " crossed" : ""}`, viewBox: "0 0 16 16", "aria-hidden": "true" },
    parts, crossed ? svg("line", { x1: 1, y1: 15, x2: 15, y2: 1, class: "cross" }) : null);
}

/** `n` symbols of a kind; negative numbers are crossed-out symbols. */
function symbols(kind, n) {
  const count = Math.abs(n);
  return Array.from({ length: count }, () => icon(kind, n < 0));
}

function coinBadge(n, cls) {
  return el("span", { class: `hc-coin ${cls}` }, String(n));
}

function conditionChips(condition) {
  return el("span", { class: "hc-cond" },
    Object.entries(condition || {}).map(([c, n]) => el("span", { class: `chip c-${c}` }, String(n))));
}

// ---- the renderer -------------------------------------------------------------------------

export function create(root, env) {
  ensureStyle();
  const words = () => TEXT[env.lang()] || TEXT.en;
  const nameOf = (facts) => (env.lang() === "es" ? facts.name_es : facts.name_en);

  /** A card's tooltip: every printed fact in words. */
  function describe(key, facts, colour) {
    const w = words();
    const lines = [nameOf(facts)];
    if (colour) lines.push(`${w.colour[colour]} (${w.kind[colour]})`);
    if (facts.kind === "building" || facts.kind === "residence") lines.push(`${w.cost} ${facts.cost}`);
    lines.push(`${w.income} ${facts.income} · ${w.people} ${facts.people} · ${w.hearts} ${facts.hearts}`);
    if (facts.condition) {
      lines.push(`${w.needs} ${Object.entries(facts.condition).map(([c, n]) => `${n} ${w.colour[c]}`).join(", ")}`);
    }
    const text = env.lang() === "es" ? facts.text_es : facts.text_en;
    if (text) lines.push(text);
    return lines.join("\n");
  }

  /**
   * One card. opts: action (legal action text: the card becomes a button), colour (overrides the
   * printed one: the expert Happy Market), cost (what the viewer pays), size ("big" | "small"),
   * badge (a corner label such as the pile size), verb (shown on hover when clickable).
   */
  function card(key, facts, opts = {}) {
    const colour = opts.colour ?? facts.colour;
    const special = facts.kind === "family" || facts.kind === "expert";
    const classes = ["hc-card", opts.size || "big", colour ? `c-${colour}` : "c-none", `k-${facts.kind}`];
    if (opts.action) classes.push("action", "legal");
    if (opts.dim) classes.push("dim");
    if (opts.changed) classes.push("changed");
    const priced = facts.kind === "building" || facts.kind === "residence";
    const cost = opts.cost ?? facts.cost;
    const top = el("div", { class: "hc-top" },
      priced ? el("span", { class: "hc-price" }, cost !== facts.cost ? el("s", {}, String(facts.cost)) : null, String(cost)) : null,
      special ? conditionChips(facts.condition) : null,
      facts.deck ? el("span", { class: "hc-deckno" }, "I".repeat(facts.deck)) : null);
    const text = env.lang() === "es" ? facts.text_es : facts.text_en;
    const body = el("div", { class: "hc-name" }, nameOf(facts));
    const effect = text && opts.size !== "small" ? el("div", { class: "hc-text" }, text) : null;
    const bottom = el("div", { class: "hc-symbols" },
      facts.income ? el("span", { class: "hc-income" }, coinBadge(facts.income > 0 ? `+${facts.income}` : facts.income, "income")) : null,
      el("span", { class: "hc-ph" }, symbols("person", facts.people), symbols("heart", facts.hearts)));
    const attrs = { class: classes.join(" "), title: describe(key, facts, colour), dataset: { card: key } };
    const children = [top, body, effect, bottom, opts.badge ? el("span", { class: "hc-badge" }, opts.badge) : null,
      opts.action && opts.verb ? el("span", { class: "hc-verb" }, opts.verb) : null];
    if (!opts.action) return el("div", attrs, children);
    attrs.dataset.action = opts.action;
    attrs.type = "button";
    attrs.onclick = () => env.act(opts.action);
    return el("button", attrs, children);
  }

  function update(data) {
    const payload = data.view;
    const view = payload.view;
    if (!view || !view.players) {
      root.replaceChildren();
      return;
    }
    const legal = offered(data.replay ? [] : payload.actions || []);
    const me = payload.seat;
    const since = data.since && data.since.players ? data.since : null;
    const parts = [banner(view, legal, me), market(view, legal, me, since), specialRow(view, legal, me), cities(view, me, since)];
    root.replaceChildren(el("div", { class: "hc" }, parts));
  }

  /** The legal actions (the server's structured form) by what they act on: `legal.of(kind, card)`
   * is the text of that action or null, `legal.list` all of them, `legal.size` how many. */
  function offered(actions) {
    const byKey = new Map(actions.map((a) => [`${a.kind}|${a.card ?? a.deck ?? ""}`, a.text]));
    return { list: actions, size: actions.length, of: (kind, what = "") => byKey.get(`${kind}|${what}`) ?? null };
  }

  // ---- the turn banner --------------------------------------------------------------------

  function banner(view, legal, me) {
    const w = words();
    const phase = view.phase;
    const mine = legal.size > 0;
    const head = el("div", { class: "hc-head" },
      el("strong", {}, phase === "draft" ? w.draft : `${w.round} ${view.round}`),
      phase === "game_over" ? el("span", { class: "hc-over" }, w.over)
        : el("span", { class: `hc-who seat-${view.current}` }, `● ${w.player} ${view.current}${view.current === me ? ` (${w.you})` : ""}`),
      STEPS.includes(phase) ? el("ol", { class: "hc-steps" },
        STEPS.map((s) => el("li", { class: s === phase ? "now" : STEPS.indexOf(s) < STEPS.indexOf(phase) ? "done" : "" }, w.steps[s])))
        : null);
    const box = el("div", { class: `hc-banner${mine ? " mine" : ""}` }, head);
    if (phase !== "game_over") {
      const missing = phase === "refill" ? ` (${3 - view.display.length} ${w.toDraw})` : "";
      box.append(el("p", { class: "hc-ask" }, mine ? w.ask[phase] + missing : `${w.player} ${view.current} ${w.doing[phase]}${missing}.`));
    }
    box.append(buttons(view, legal));
    if (view.triggered && phase !== "game_over") box.append(el("p", { class: "hc-warn" }, w.triggered));
    if (view.sphinx_copy && view.cards[view.sphinx_copy]) {
      box.append(el("p", {}, `${w.copies}: ${nameOf(view.cards[view.sphinx_copy])}`));
    }
    return box;
  }

  /** Buttons for the actions that have no card to click: pass, coin, draft colours, Sphinx. */
  function buttons(view, legal) {
    const w = words();
    const row = el("div", { class: "hc-buttons" });
    const button = (text, label, cls = "") => row.append(el("button", { class: `action hc-btn ${cls}`, type: "button",
      dataset: { action: text }, onclick: () => env.act(text) }, label));
    for (const action of legal.list) {
      const text = action.text;
      if (action.kind === "pass") button(text, view.phase === "discard" ? w.noDiscard : w.noSpecial);
      else if (action.kind === "coin") button(text, [icon("coin"), ` ${w.coin}`], "coin");
      else if (action.kind === "market") {
        const c = MARKET_COLOUR[action.colour];
        button(text, `${w.market} · ${w.colour[c]}`, `c-${c} market`);
      } else if (action.kind === "sphinx") {
        button(text, action.box ? w.box : view.cards[action.card] ? nameOf(view.cards[action.card]) : action.card, "sphinx");
      }
    }
    return row;
  }

  // ---- decks, display, residences ---------------------------------------------------------

  function market(view, legal, me, since) {
    const w = words();
    const costs = me !== null && me !== undefined ? view.players[me].costs : {};
    const verbFor = (key) => legal.of("buy", key) ?? legal.of("discard", key);
    const buying = view.phase === "main" && legal.size > 0;
    const decks = [0, 1, 2].map((d) => {
      const text = legal.of("draw", d + 1);
      const clickable = text !== null;
      const children = [el("span", { class: "hc-pile-no" }, "I".repeat(d + 1)),
        el("span", { class: "hc-pile-count" }, `${view.deck_sizes[d]} ${w.cards}`),
        el("span", { class: "hc-pile-discard" }, `${view.discard_sizes[d]} ${w.discarded}`)];
      const discarded = since && view.discard_sizes[d] > since.discard_sizes[d]; // a card went to this pile
      const attrs = { class: `hc-pile d${d + 1}${clickable ? " action legal" : ""}${discarded ? " changed" : ""}`, dataset: { deck: d + 1 },
        title: `${w.deck} ${d + 1}: ${view.deck_sizes[d]} ${w.cards}, ${view.discard_sizes[d]} ${w.discarded}` };
      if (!clickable) return el("div", attrs, children);
      return el("button", { ...attrs, type: "button", dataset: { deck: d + 1, action: text }, onclick: () => env.act(text) }, children);
    });
    const slots = [];
    view.display.forEach((key) => {
      const action = verbFor(key);
      const verb = action && action.startsWith("discard") ? "✕" : null;
      slots.push(card(key, view.cards[key], { action, cost: costs[key], verb, dim: buying && !action,
        changed: since && !since.display.includes(key) }));
    });
    for (let i = view.display.length; i < 3; i++) slots.push(el("div", { class: "hc-card big hc-empty" }));
    const residences = Object.entries(view.residence_piles).map(([key, n]) => card(key, view.cards[key], {
      action: legal.of("buy", key), cost: costs[key], badge: `×${n}`,
      dim: n === 0 || (buying && !legal.of("buy", key)), changed: since && n < since.residence_piles[key] }));
    return el("div", { class: "hc-market" },
      section(w.decks, "hc-decks", decks),
      section(w.display, `hc-display${view.phase === "discard" && legal.size ? " discarding" : ""}`, slots),
      section(w.residences, "hc-residences", residences));
  }

  function section(title, cls, children) {
    return el("section", { class: `hc-section ${cls}` }, el("h4", {}, title), el("div", { class: "hc-row" }, children));
  }

  function specialRow(view, legal) {
    const w = words();
    const cards = view.special_row.map((key) => card(key, view.cards[key], {
      action: legal.of("special", key), size: view.options.expert ? "wide" : "big",
      dim: view.phase === "special" && legal.size > 0 && !legal.of("special", key) }));
    if (!cards.length) cards.push(el("span", { class: "muted" }, w.empty));
    return section(w.specials, "hc-specials", cards);
  }

  // ---- the cities -------------------------------------------------------------------------

  function cities(view, me, since) {
    const order = view.players.map((_, p) => p);
    if (me !== null && me !== undefined) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    return el("div", { class: "hc-cities" }, order.map((p) => city(view, p, me, since)));
  }

  function city(view, p, me, since) {
    const w = words();
    const player = view.players[p];
    const earlier = since ? since.players[p] : null;
    const stat = (cls, label, value, ...pic) => el("span", {
      class: `hc-stat ${cls}${earlier && String(earlier[cls]) !== String(player[cls]) ? " changed" : ""}`, title: label },
    pic, el("b", {}, String(value)), el("small", {}, ` ${label}`));
    const stats = el("div", { class: "hc-stats" },
      stat("coins", w.coins, player.coins, icon("coin")),
      stat("income", w.income, `+${player.income}`),
      stat("people", w.people, player.people, icon("person")),
      stat("hearts", w.hearts, player.hearts, icon("heart")),
      stat("score", w.score, player.score, "= "));
    const slots = [];
    for (let s = 0; s < 10; s++) {
      const key = player.city[s];
      if (!key) {
        slots.push(el("div", { class: "hc-card small hc-empty" }, el("span", { class: "hc-slotno" }, String(s + 1))));
        continue;
      }
      const colour = key === "happy_market" && player.market_colour ? player.market_colour : undefined;
      const bought = since && since.players[p].city[s] !== key; // new in this slot since you acted
      slots.push(card(key, view.cards[key], { size: "small", colour, changed: bought }));
    }
    const active = view.phase !== "game_over" && view.current === p;
    const title = el("h4", { class: `seat-${p}` }, `${w.player} ${p}`, p === me ? ` (${w.you})` : "",
      p === 0 ? el("span", { class: "hc-first", title: w.first }, " ★") : null,
      el("small", { class: "muted" }, ` · ${player.city.length}/10 ${w.slots}`),
      player.free_purchase ? el("small", { class: "hc-free" }, ` · ${w.free}`) : null);
    return el("section", { class: `hc-city${active ? " active" : ""}${p === me ? " mine" : ""}`, dataset: { seat: p } },
      title, stats, el("div", { class: "hc-slots" }, slots));
  }

  return { update };
}
