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
import { SEAT_MARKS, seatMark } from "../seats.js";

export const stylesheet = "/static/games/happy-city.css";
const COLOURS = { Y: "yellow", B: "blue", G: "green", O: "orange", P: "purple" };
const STEPS = ["discard", "refill", "main", "special"];
const MARKET_COLOUR = { yellow: "Y", blue: "B", green: "G", orange: "O", purple: "P" };

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
  // The words are the page catalogue's `happy-city.<key>` (web/data/messages.<lang>.json); the
  // cards' names and effect texts are the game's own, carried by the view in every language.
  const tr = (key, args) => env.t(`happy-city.${key}`, args);
  const written = (texts) => (texts ? texts[env.lang()] ?? texts.en : "");
  const nameOf = (facts) => written(facts.names);

  /** A card's tooltip: every printed fact in words. */
  function describe(key, facts, colour) {
    const lines = [nameOf(facts)];
    if (colour) lines.push(`${tr(`colour.${colour}`)} (${tr(`kind.${colour}`)})`);
    if (facts.kind === "building" || facts.kind === "residence") lines.push(tr("cost", { cost: facts.cost }));
    lines.push(tr("symbols", { income: facts.income, people: facts.people, hearts: facts.hearts }));
    if (facts.condition) {
      lines.push(tr("needs", { colours: Object.entries(facts.condition).map(([c, n]) => `${n} ${tr(`colour.${c}`)}`).join(", ") }));
    }
    const text = written(facts.texts);
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
    const text = written(facts.texts);
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
    const phase = view.phase;
    const mine = legal.size > 0;
    const head = el("div", { class: "hc-head" },
      el("strong", {}, phase === "draft" ? tr("draft") : tr("round", { round: view.round })),
      phase === "game_over" ? el("span", { class: "hc-over" }, tr("over"))
        : el("span", { class: `hc-who seat-${view.current}` }, `${SEAT_MARKS[view.current]} ${tr("player")} ${view.current}${view.current === me ? ` (${tr("you")})` : ""}`),
      STEPS.includes(phase) ? el("ol", { class: "hc-steps" },
        STEPS.map((s) => el("li", { class: s === phase ? "now" : STEPS.indexOf(s) < STEPS.indexOf(phase) ? "done" : "" }, tr(`steps.${s}`))))
        : null);
    const box = el("div", { class: `hc-banner${mine ? " mine" : ""}` }, head);
    if (phase !== "game_over") {
      const missing = phase === "refill" ? ` (${tr("toDraw", { count: 3 - view.display.length })})` : "";
      const who = `${tr("player")} ${view.current}`;
      box.append(el("p", { class: "hc-ask" }, mine ? tr(`ask.${phase}`) + missing : `${tr(`doing.${phase}`, { player: who })}${missing}.`));
    }
    box.append(buttons(view, legal));
    if (view.triggered && phase !== "game_over") box.append(el("p", { class: "hc-warn" }, tr("triggered")));
    if (view.sphinx_copy && view.cards[view.sphinx_copy]) {
      box.append(el("p", {}, tr("copies", { card: nameOf(view.cards[view.sphinx_copy]) })));
    }
    return box;
  }

  /** Buttons for the actions that have no card to click: pass, coin, draft colours, Sphinx. */
  function buttons(view, legal) {
    const row = el("div", { class: "hc-buttons" });
    const button = (text, label, cls = "") => row.append(el("button", { class: `action hc-btn ${cls}`, type: "button",
      dataset: { action: text }, onclick: () => env.act(text) }, label));
    for (const action of legal.list) {
      const text = action.text;
      if (action.kind === "pass") button(text, view.phase === "discard" ? tr("noDiscard") : tr("noSpecial"));
      else if (action.kind === "coin") button(text, [icon("coin"), ` ${tr("coin")}`], "coin");
      else if (action.kind === "market") {
        const c = MARKET_COLOUR[action.colour];
        button(text, tr("market", { colour: tr(`colour.${c}`) }), `c-${c} market`);
      } else if (action.kind === "sphinx") {
        button(text, action.box ? tr("box") : view.cards[action.card] ? nameOf(view.cards[action.card]) : action.card, "sphinx");
      }
    }
    return row;
  }

  // ---- decks, display, residences ---------------------------------------------------------

  function market(view, legal, me, since) {
    const costs = me !== null && me !== undefined ? view.players[me].costs : {};
    const verbFor = (key) => legal.of("buy", key) ?? legal.of("discard", key);
    const buying = view.phase === "main" && legal.size > 0;
    const decks = [0, 1, 2].map((d) => {
      const text = legal.of("draw", d + 1);
      const clickable = text !== null;
      const children = [el("span", { class: "hc-pile-no" }, "I".repeat(d + 1)),
        el("span", { class: "hc-pile-count" }, tr("cards", { count: view.deck_sizes[d] })),
        el("span", { class: "hc-pile-discard" }, tr("discarded", { count: view.discard_sizes[d] }))];
      const discarded = since && view.discard_sizes[d] > since.discard_sizes[d]; // a card went to this pile
      const attrs = { class: `hc-pile d${d + 1}${clickable ? " action legal" : ""}${discarded ? " changed" : ""}`, dataset: { deck: d + 1 },
        title: tr("deck", { deck: d + 1, cards: view.deck_sizes[d], discarded: view.discard_sizes[d] }) };
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
      section(tr("decks"), "hc-decks", decks),
      section(tr("display"), `hc-display${view.phase === "discard" && legal.size ? " discarding" : ""}`, slots),
      section(tr("residences"), "hc-residences", residences));
  }

  function section(title, cls, children) {
    return el("section", { class: `hc-section ${cls}` }, el("h4", {}, title), el("div", { class: "hc-row" }, children));
  }

  function specialRow(view, legal) {
    const cards = view.special_row.map((key) => card(key, view.cards[key], {
      action: legal.of("special", key), size: view.options.expert ? "wide" : "big",
      dim: view.phase === "special" && legal.size > 0 && !legal.of("special", key) }));
    if (!cards.length) cards.push(el("span", { class: "muted" }, tr("empty")));
    return section(tr("specials"), "hc-specials", cards);
  }

  // ---- the cities -------------------------------------------------------------------------

  function cities(view, me, since) {
    const order = view.players.map((_, p) => p);
    if (me !== null && me !== undefined) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    return el("div", { class: "hc-cities" }, order.map((p) => city(view, p, me, since)));
  }

  function city(view, p, me, since) {
    const player = view.players[p];
    const earlier = since ? since.players[p] : null;
    const stat = (cls, label, value, ...pic) => el("span", {
      class: `hc-stat ${cls}${earlier && String(earlier[cls]) !== String(player[cls]) ? " changed" : ""}`, title: label },
    pic, el("b", {}, String(value)), el("small", {}, ` ${label}`));
    const stats = el("div", { class: "hc-stats" },
      stat("coins", tr("coins"), player.coins, icon("coin")),
      stat("income", tr("income"), `+${player.income}`),
      stat("people", tr("people"), player.people, icon("person")),
      stat("hearts", tr("hearts"), player.hearts, icon("heart")),
      stat("score", tr("score"), player.score, "= "));
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
    const title = el("h4", { class: `seat-${p}` }, seatMark(p), `${tr("player")} ${p}`, p === me ? ` (${tr("you")})` : "",
      p === 0 ? el("span", { class: "hc-first", title: tr("first") }, " ★") : null,
      el("small", { class: "muted" }, ` · ${tr("slots", { count: player.city.length })}`),
      player.free_purchase ? el("small", { class: "hc-free" }, ` · ${tr("free")}`) : null);
    return el("section", { class: `hc-city${active ? " active" : ""}${p === me ? " mine" : ""}`, dataset: { seat: p } },
      title, stats, el("div", { class: "hc-slots" }, slots));
  }

  return { update };
}
