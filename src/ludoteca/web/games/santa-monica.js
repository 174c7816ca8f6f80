// Santa Monica: the two-row card display, the food truck and foodie, and every player's city.
//
// How the view maps to the picture:
//   view.front / view.back      -> the display (SVG): front row F1–F4 above the back row R1–R4,
//                                  view.truck / view.foodie as tokens under the columns, deck size.
//   view.players[p].cards       -> a city (SVG): beach row B on top, street row S below, columns
//                                  left to right; B0/S0 is the starting tile (view.players[p].tile).
//   view.players[p].people      -> tokens on each space: [locals, tourists, VIPs] (L, T, V);
//   view.players[p].footprints  -> a footprint mark on the card.
//   view.catalogue              -> names, tags and text of the shown cards, tiles, faces, objective.
//   view.scores, sand_dollars, supply, faces, objective, phase, move_budget -> the side panels.
// Clicking: a display card, then a highlighted space of your city (take / pick); a person token,
// then a highlighted space (mv), or a highlighted space for the moving person (step); two cards of
// one row (swap). Truck columns are clicked under the display. Everything else is a button.
// Interface: see generic.js.
import { SEAT_COLOURS, seatMark } from "../seats.js";
import { el, svg } from "../api.js";

const W = 118; // card width in SVG units
const H = 84; // card height
const GAP = 6;
const TAG_COLOURS = { local: "#805ad5", tourist: "#d53f8c", business: "#4a5568", sport: "#dd6b20",
  nature: "#38a169", wave: "#3182ce" };
const KINDS = ["L", "T", "V"];

/** A component's name or printed text in `lang` (the view gives both in every language). */
function written(texts, lang) {
  return texts ? texts[lang] ?? texts.en : "";
}

const PLACES = new Map(); // space key -> {row: "B" | "S", col}, for every space met as data

/** The key of a structured space ({row: beach | street, column}), as the view keys its cities. */
function spaceKey(space) {
  const row = space.row === "beach" ? "B" : "S";
  const key = `${row}${space.column}`;
  if (!PLACES.has(key)) PLACES.set(key, { row, col: space.column });
  return key;
}

/** The key of a display slot ({row: front | back, column}). */
function slotKey(slot) {
  return `${slot.row === "back" ? "R" : "F"}${slot.column}`;
}

const PERSON_LETTER = { local: "L", tourist: "T", vip: "V" };

/** The legal actions of this decision (the server's structured form), grouped by what the board
 * offers to click. */
function groupActions(actions) {
  const out = { place: new Map(), mv: new Map(), step: new Map(), swap: new Map(), buttons: [], truck: new Map() };
  const into = (map, key) => map.get(key) ?? map.set(key, new Map()).get(key);
  for (const action of actions) {
    const { kind, text } = action;
    if (kind === "take" || kind === "pick") into(out.place, slotKey(action.slot)).set(spaceKey(action.to), text);
    else if (kind === "move") {
      into(out.mv, `${spaceKey(action.from)} ${PERSON_LETTER[action.person]}`).set(spaceKey(action.to), text);
    } else if (kind === "step") out.step.set(spaceKey(action.to), text);
    else if (kind === "swap") {
      const [a, b] = action.spaces.map(spaceKey);
      into(out.swap, a).set(b, text);
      into(out.swap, b).set(a, text);
    } else if (kind === "truck") out.truck.set(action.column, text);
    else out.buttons.push(action);
  }
  return out;
}

/** A tag name centred in a tag bar of width `room`, squeezed when it would not fit. */
function tagText(label, cx, y, room) {
  const squeeze = label.length * 6.2 > room - 4;
  return svg("text", { x: cx, y, class: "sm-tag", "text-anchor": "middle",
    textLength: squeeze ? room - 6 : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null }, label);
}

export const stylesheet = "/static/games/santa-monica.css";

/** Split a name into at most two lines of about `width` characters. */
function wrap(text, width) {
  if (text.length <= width) return [text];
  const words = text.split(" ");
  let first = "";
  while (words.length && (first + " " + words[0]).trim().length <= width) first = (first + " " + words.shift()).trim();
  if (!first) first = words.shift();
  let second = words.join(" ");
  if (second.length > width + 2) second = `${second.slice(0, width + 1)}…`;
  return second ? [first, second] : [first];
}

export function create(root, env) {
  // The words are the page catalogue's `santa-monica.<key>` (web/data/messages.<lang>.json); the
  // components' names, texts and tags are the game's own, carried by the view (`view.catalogue`).
  const tr = (key, args) => env.t(`santa-monica.${key}`, args);
  let selected = null; // {type: "slot", slot} | {type: "person", key} | {type: "swap", space}
  let lastKey = "";

  function update(data) {
    const { view: payload, replay } = data;
    const view = payload.view;
    if (!view || !view.phase) { // the hot-seat cover hides the table between seats
      root.replaceChildren();
      return;
    }
    const lang = data.lang;
    const cat = view.catalogue || { cards: {}, tiles: {}, faces: {}, tag_names: {} };
    const legal = replay ? [] : payload.actions || [];
    const key = `${view.phase}|${legal.map((a) => a.text).join("|")}`;
    if (key !== lastKey) selected = null;
    lastKey = key;
    const L = groupActions(legal);
    autoSelect(L, view);

    const info = el("div", { class: "sm-info muted" }, tr("hover"));
    const since = data.since && data.since.players ? data.since : null;
    const ctx = { view, lang, cat, L, info, seat: payload.seat, data, since };
    root.replaceChildren(el("div", { class: "sm-board" },
      prompt(ctx),
      el("div", { class: "sm-top" }, displayPicture(ctx), sidePanel(ctx)),
      info,
      view.phase === "choose_tile" ? tileChoice(ctx) : null,
      cities(ctx)));
  }

  /** Preselect the first card / person so that the legal spaces are lit at once. */
  function autoSelect(L, view) {
    if (selected) return;
    if (L.place.size) selected = { type: "slot", slot: L.place.keys().next().value };
    else if (L.mv.size && !view.move_budget?.active) selected = { type: "person", key: L.mv.keys().next().value };
  }

  function rerender(ctx) {
    update(ctx.data);
  }

  // ---- prompt and buttons ------------------------------------------------------------------

  function prompt(ctx) {
    const { view, L } = ctx;
    const box = el("div", { class: "sm-prompt" });
    const mine = ctx.seat !== null && ctx.seat !== undefined && view.to_move.includes(ctx.seat) && !ctx.data.replay;
    if (view.phase === "game_over") box.append(el("strong", {}, tr("ask.game_over")));
    else if (!mine) {
      const who = view.to_move.map((s) => `${tr("player")} ${s}`).join(", ");
      box.append(el("span", {}, tr("waiting", { player: who, phase: tr(`phases.${view.phase}`) })));
    } else box.append(el("strong", { class: "sm-ask" }, askText(ctx)));
    if (view.final_round && view.phase !== "game_over") box.append(el("span", { class: "sm-final" }, tr("finalRound")));
    const buttons = el("div", { class: "sm-buttons" });
    for (const action of L.buttons) {
      if (action.kind === "tile") continue; // drawn as tiles below
      const text = action.text;
      buttons.append(el("button", { class: "action sm-button", dataset: { action: text }, title: text,
        onclick: () => env.act(text) }, buttonLabel(action, ctx)));
    }
    for (const [col, text] of L.truck) {
      buttons.append(el("button", { class: "action sm-button", dataset: { action: text }, onclick: () => env.act(text) },
        `${tr("truck")} → ${col}`));
    }
    if (buttons.children.length) box.append(buttons);
    return box;
  }

  function askText(ctx) {
    const { view } = ctx;
    const budget = view.move_budget;
    if (view.phase === "pick") {
      return tr("ask.pick", { face: faceName(view.face_in_use, ctx), n: view.picks_left });
    }
    if (view.phase === "move" && budget) {
      const kinds = budget.kinds.map((k) => tr(`kindNames.${k}`)).join(` ${tr("or")} `);
      const cap = budget.total_cap ? tr("totalCap", { cap: budget.total_cap }) : "";
      let text = tr("ask.move", { people: budget.people, kinds, distance: budget.distance, cap });
      text += ` ${tr("started", { started: budget.started, people: budget.people })}.`;
      if (budget.active && ctx.L.step.size) {
        text += ` ${tr("active", { kind: tr(`kindOne.${budget.active.kind}`), space: budget.active.space,
          steps: budget.active.steps, distance: budget.distance })}`;
      }
      return text;
    }
    return tr(`ask.${view.phase}`);
  }

  function faceName(code, ctx) {
    const face = ctx.cat.faces[code];
    return face ? written(face.names, ctx.lang) || code : code;
  }

  function buttonLabel(action, ctx) {
    if (["done", "keep", "pass"].includes(action.kind)) return tr(action.kind);
    if (action.kind === "happy") return ["sd", "mix", "move"].includes(action.choice) ? tr(`happy.${action.choice}`) : action.text;
    if (action.kind === "sand_dollar") {
      const face = ctx.cat.faces[action.face];
      return tr("use", { face: faceName(action.face, ctx), cost: face ? face.cost : "?" });
    }
    return action.text;
  }

  // ---- starting tiles ----------------------------------------------------------------------

  function tileChoice(ctx) {
    const { view, cat, lang, L } = ctx;
    const offered = new Map(L.buttons.filter((a) => a.kind === "tile").map((a) => [a.tile, a.text]));
    const taken = new Set(view.players.map((p) => p.tile).filter(Boolean));
    return el("div", { class: "sm-tiles" }, view.drawn_tiles.map((id) => {
      const tile = cat.tiles[id] || {};
      const text = offered.get(id);
      const body = [el("strong", {}, written(tile.names, lang) || id),
        el("div", { class: "sm-tags" }, tagChips([...(tile.tags?.beach || []), ...(tile.tags?.street || [])], ctx)),
        el("small", {}, written(tile.texts, lang))];
      if (text) {
        return el("button", { class: "action sm-tile", dataset: { action: text }, onclick: () => env.act(text) }, body);
      }
      return el("div", { class: `sm-tile${taken.has(id) ? " taken" : ""}` }, body, el("small", {}, ` ${tr("tile")}`));
    }));
  }

  function tagChips(tags, ctx) {
    return tags.map((tag) => el("span", { class: "sm-chip", style: `background:${TAG_COLOURS[tag] || "#718096"}` },
      ctx.cat.tag_names?.[tag]?.[ctx.lang] || tag));
  }

  // ---- side panel --------------------------------------------------------------------------

  function sidePanel(ctx) {
    const { view, cat, lang } = ctx;
    const objective = cat.objective || {};
    const faces = view.faces.map((code) => {
      const face = cat.faces[code] || {};
      return el("li", { dataset: { face: code } }, el("strong", {}, `${faceName(code, ctx)} · ${face.cost ?? "?"} $`),
        el("br"), el("small", {}, written(face.texts, lang)));
    });
    const s = view.supply;
    return el("div", { class: "sm-side" },
      el("div", { class: "sm-panel" }, el("h4", {}, `${tr("objective")}: ${written(objective.names, lang) || view.objective}`),
        el("small", {}, written(objective.texts, lang))),
      el("div", { class: "sm-panel" }, el("h4", {}, tr("faces")), el("ul", {}, faces)),
      el("div", { class: "sm-panel" }, el("h4", {}, tr("supply")),
        el("small", {}, `${s.local} ${tr("locals")} · ${s.tourist} ${tr("tourists")} · ${s.vip} ${tr("vips")} · ${s.footprint} ${tr("footprints")}`),
        view.discard.length ? el("div", {}, el("small", {}, tr("discard", { count: view.discard.length }))) : null));
  }

  // ---- the display -------------------------------------------------------------------------

  function displayPicture(ctx) {
    const { view, L } = ctx;
    const x0 = 58;
    const y0 = 22;
    const width = x0 + 4 * (W + GAP) + 90;
    const height = y0 + 2 * (H + GAP) + 44;
    const picture = svg("svg", { class: "sm-display", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": tr("display") });
    for (let c = 1; c <= 4; c++) {
      picture.append(svg("text", { x: x0 + (c - 1) * (W + GAP) + W / 2, y: 14, class: "sm-label", "text-anchor": "middle" }, String(c)));
    }
    [["F", view.front, tr("front")], ["R", view.back, tr("back")]].forEach(([letter, row, label], r) => {
      const y = y0 + r * (H + GAP);
      picture.append(svg("text", { x: 4, y: y + H / 2 + 4, class: "sm-label" }, label));
      row.forEach((id, i) => {
        const slot = `${letter}${i + 1}`;
        const x = x0 + i * (W + GAP);
        const pickable = L.place.has(slot);
        const isSelected = selected?.type === "slot" && selected.slot === slot;
        const g = id ? cardGroup(id, x, y, ctx, {}) : svg("g", {}, svg("rect", { x, y, width: W, height: H, rx: 6, class: "sm-empty" }));
        g.setAttribute("data-slot", slot);
        const before = ctx.since ? (letter === "F" ? ctx.since.front : ctx.since.back)[i] : id;
        if (before !== id) g.append(changedOutline(x, y)); // taken (and refilled) since you acted
        if (pickable) {
          g.classList.add("sm-pickable");
          if (isSelected) g.classList.add("sm-selected");
          g.append(svg("rect", { x: x - 2, y: y - 2, width: W + 4, height: H + 4, rx: 8, class: "sm-outline" }));
          g.addEventListener("click", () => { selected = { type: "slot", slot }; rerender(ctx); });
        }
        picture.append(g);
      });
    });
    picture.append(tokens(ctx, x0, y0 + 2 * (H + GAP) + 4));
    const dx = x0 + 4 * (W + GAP) + 8;
    picture.append(svg("rect", { x: dx, y: y0, width: 64, height: H, rx: 6, class: "sm-deck" }),
      svg("text", { x: dx + 32, y: y0 + H / 2, class: "sm-deck-n", "text-anchor": "middle" }, String(view.deck_size)),
      svg("text", { x: dx + 32, y: y0 + H / 2 + 18, class: "sm-label", "text-anchor": "middle" }, tr("deck")));
    return picture;
  }

  /** The food truck and foodie under the columns; in the truck phase the columns are clickable. */
  function tokens(ctx, x0, y) {
    const { view, L } = ctx;
    const g = svg("g", { class: "sm-tokens" });
    for (let c = 1; c <= 4; c++) {
      const x = x0 + (c - 1) * (W + GAP);
      const text = L.truck.get(c);
      if (text) {
        g.append(svg("rect", { x, y, width: W, height: 32, rx: 6, class: "anchor sm-anchor", "data-action": text,
          onclick: () => env.act(text) }, svg("title", {}, text)),
        svg("text", { x: x + W / 2, y: y + 20, class: "sm-label", "text-anchor": "middle", "pointer-events": "none" },
          `${tr("truckShort")} ${c}`));
      }
      const here = [];
      if (view.truck === c) here.push(["sm-truck", tr("truckShort"), tr("truck")]);
      if (view.foodie === c) here.push(["sm-foodie", tr("foodie"), tr("foodie")]);
      const tw = W / 2 - 8;
      here.forEach(([cls, label, long], i) => {
        const left = here.length === 1 ? x + (W - tw) / 2 : x + 4 + i * (W / 2);
        g.append(svg("g", { class: cls, "pointer-events": "none", "data-token": cls.slice(3) },
          svg("title", {}, long),
          svg("rect", { x: left, y: y + 5, width: tw, height: 22, rx: 11 }),
          svg("text", { x: left + tw / 2, y: y + 20, "text-anchor": "middle" }, label)));
      });
    }
    return g;
  }

  // ---- a card ------------------------------------------------------------------------------

  function cardGroup(id, x, y, ctx, { people, footprint, layer }) {
    const card = ctx.cat.cards[id] || { tags: [], row: id.startsWith("B") ? "beach" : "street" };
    const name = written(card.names, ctx.lang) || id;
    const text = written(card.texts, ctx.lang);
    const g = svg("g", { class: `sm-card ${card.row}`, "data-card": id },
      svg("title", {}, `${id} ${name}\n${text}`),
      svg("rect", { x, y, width: W, height: H, rx: 6, class: "sm-card-bg" }));
    card.tags.forEach((tag, i) => {
      const cw = W / card.tags.length;
      g.append(svg("rect", { x: x + i * cw, y, width: cw, height: 16, fill: TAG_COLOURS[tag] || "#718096",
        class: i === 0 ? "sm-tagbar first" : "sm-tagbar" }),
      tagText(ctx.cat.tag_names?.[tag]?.[ctx.lang] || tag, x + i * cw + cw / 2, y + 12, cw));
    });
    wrap(name, 17).forEach((line, i) => {
      g.append(svg("text", { x: x + W / 2, y: y + 31 + i * 13, class: "sm-name", "text-anchor": "middle" }, line));
    });
    g.append(svg("text", { x: x + W - 4, y: y + H - 4, class: "sm-id", "text-anchor": "end" }, id));
    if (footprint) g.append(footprintMark(x + W - 16, y + 20));
    if (people) (layer || g).append(...peopleTokens(people, x, y, ctx));
    g.addEventListener("mouseenter", () => showInfo(ctx, id, name, text, card.tags));
    return g;
  }

  function showInfo(ctx, id, name, text, tags) {
    ctx.info.classList.remove("muted");
    ctx.info.replaceChildren(el("strong", {}, `${name} `), el("span", { class: "sm-tags" }, tagChips(tags, ctx)),
      el("small", { class: "muted" }, ` ${id}`), el("div", {}, text));
  }

  function footprintMark(x, y) {
    return svg("g", { class: "sm-footprint", "pointer-events": "none" },
      svg("title", {}, tr("footprint")),
      svg("ellipse", { cx: x + 3, cy: y + 6, rx: 3, ry: 5 }), svg("ellipse", { cx: x + 10, cy: y + 3, rx: 3, ry: 5 }));
  }

  /** People on a space: one token per kind present, with its count; clickable when it may move. */
  function peopleTokens(people, x, y, ctx) {
    const { space, counts, seatOwns, before } = people;
    const budget = ctx.view.move_budget;
    const out = [];
    let i = 0;
    counts.forEach((n, k) => {
      if (!n) return;
      const kind = KINDS[k];
      const key = `${space} ${kind}`;
      const cx = x + 16 + i * 36;
      const cy = y + H - 16;
      i++;
      const movable = seatOwns && ctx.L.mv.has(key);
      const chosen = movable && selected?.type === "person" && selected.key === key;
      const active = seatOwns && budget?.active && budget.active.space === space && budget.active.kind === kind;
      const moved = before && before[k] !== n; // people came or went since you acted
      const cls = `sm-person ${kind}${movable ? " movable" : ""}${chosen ? " chosen" : ""}${active ? " active" : ""}${moved ? " changed" : ""}`;
      const token = svg("g", { class: cls, "data-person": key },
        svg("title", {}, `${n} × ${tr(`kindOne.${kind}`)}`),
        svg("circle", { cx, cy, r: 10 }),
        svg("text", { x: cx, y: cy + 4, "text-anchor": "middle" }, kind),
        n > 1 ? svg("text", { x: cx + 13, y: cy + 5, class: "sm-count" }, `×${n}`) : null);
      if (movable) {
        token.addEventListener("click", (e) => {
          e.stopPropagation();
          selected = chosen && budget?.active ? null : { type: "person", key }; // again: back to the moving person
          rerender(ctx);
        });
      }
      out.push(token);
    });
    return out;
  }

  // ---- cities ------------------------------------------------------------------------------

  function cities(ctx) {
    const { view } = ctx;
    const order = view.players.map((_, p) => p);
    const me = ctx.seat;
    if (me !== null && me !== undefined) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    return el("div", { class: "sm-cities" }, order.map((p) => city(ctx, p)));
  }

  /** What clicking a space of the acting city would play: space -> action text. */
  function targets(ctx) {
    const { L } = ctx;
    if (selected?.type === "slot") return L.place.get(selected.slot) || new Map();
    if (selected?.type === "person") return L.mv.get(selected.key) || new Map();
    if (selected?.type === "swap") return L.swap.get(selected.space) || new Map();
    return L.step;
  }

  function city(ctx, p) {
    const { view, cat, lang } = ctx;
    const player = view.players[p];
    const acting = ctx.seat === p && view.to_move.includes(p) && !ctx.data.replay;
    const spots = acting ? targets(ctx) : new Map();
    const placed = player.spaces.filter((space) => space.card).map((space) => [spaceKey(space), space.card]);
    const cols = [0, ...player.spaces.map((space) => space.column), ...[...spots.keys()].map((key) => PLACES.get(key).col)];
    const lo = Math.min(...cols);
    const hi = Math.max(...cols);
    const x0 = 44;
    const y0 = 18;
    const at = (row, col) => [x0 + (col - lo) * (W + GAP), y0 + (row === "B" ? 0 : H + GAP)];
    const width = x0 + (hi - lo + 1) * (W + GAP) + 4;
    const picture = svg("svg", { class: "sm-city", viewBox: `0 0 ${width} ${y0 + 2 * (H + GAP) + 2}`, "data-seat": p,
      style: `max-width:${width * 1.1}px`, role: "img", "aria-label": tr("city", { seat: p }) });
    for (let c = lo; c <= hi; c++) {
      const [x] = at("B", c);
      picture.append(svg("text", { x: x + W / 2, y: 12, class: "sm-label", "text-anchor": "middle" }, String(c)));
    }
    picture.append(svg("rect", { x: 0, y: y0 - 3, width, height: H + 6, rx: 6, class: "sm-band beach" }),
      svg("rect", { x: 0, y: y0 + H + GAP - 3, width, height: H + 6, rx: 6, class: "sm-band street" }));
    picture.append(svg("text", { x: 2, y: y0 + H / 2 + 4, class: "sm-label" }, tr("beach")),
      svg("text", { x: 2, y: y0 + H + GAP + H / 2 + 4, class: "sm-label" }, tr("street")));
    const layer = svg("g", { class: "sm-people" }); // people above the highlighted spaces
    picture.append(startTile(ctx, player, at, layer, acting));
    for (const [space, id] of placed) {
      const { row, col } = PLACES.get(space);
      const [x, y] = at(row, col);
      const g = cardGroup(id, x, y, ctx, { people: peopleAt(ctx, p, space, acting), footprint: player.footprints.includes(space), layer });
      g.setAttribute("data-space", space);
      if (ctx.since && ctx.since.players[p].cards[space] !== id) g.append(changedOutline(x, y));
      if (acting && ctx.L.swap.has(space)) {
        g.classList.add("sm-pickable");
        if (selected?.type === "swap" && selected.space === space) g.classList.add("sm-selected");
        g.append(svg("rect", { x: x - 2, y: y - 2, width: W + 4, height: H + 4, rx: 8, class: "sm-outline" }));
        if (!spots.has(space)) g.addEventListener("click", () => { selected = { type: "swap", space }; rerender(ctx); });
      }
      picture.append(g);
    }
    for (const [space, text] of spots) {
      const { row, col } = PLACES.get(space);
      const [x, y] = at(row, col);
      const empty = !player.cards[space] && col !== 0;
      picture.append(svg("rect", { x: x + 1, y: y + 1, width: W - 2, height: H - 2, rx: 6,
        class: `anchor sm-anchor${empty ? " empty" : ""}`, "data-action": text, "data-space": space,
        onclick: () => env.act(text) }, svg("title", {}, text)));
    }
    picture.append(layer);
    const tile = cat.tiles[player.tile] || {};
    const wants = (tile.footprint_tags || []).map((t) => cat.tag_names?.[t]?.[lang] || t).join(", ");
    const score = view.scores ? view.scores[p] : null;
    const head = el("div", { class: `sm-city-head seat-${p}` }, seatMark(p),
      el("strong", {}, `${tr("player")} ${p}${ctx.seat === p ? ` (${tr("you")})` : ""}`),
      view.turn === p && view.phase !== "game_over" ? el("span", { class: "sm-turn" }, "●") : null,
      el("span", {}, `${player.sand_dollars} ${tr("sd")}`),
      el("span", {}, `${player.feature_cards} ${tr("cards")}`),
      score !== null ? el("span", { class: "sm-score" }, `${score} ${tr("score")}`) : null,
      player.tile ? el("span", { class: "muted" }, `${written(tile.names, lang) || player.tile} · ${tr("wants")}: ${wants}`) : null);
    return el("div", { class: `sm-city-box${acting ? " acting" : ""}`, style: `border-color:${SEAT_COLOURS[p]}` }, head, picture);
  }

  /** The people on `space`, with the counts it had when the shown seat last acted (`before`). */
  function peopleAt(ctx, p, space, acting) {
    const counts = ctx.view.players[p].people[space];
    const earlier = ctx.since ? ctx.since.players[p].people[space] || [0, 0, 0] : null;
    return counts ? { space, counts, seatOwns: acting, before: earlier } : null;
  }

  /** An outline around a card or space that changed since the shown seat last acted. */
  function changedOutline(x, y) {
    return svg("rect", { x: x - 3, y: y - 3, width: W + 6, height: H + 6, rx: 9, class: "last-move changed", "pointer-events": "none" });
  }

  function startTile(ctx, player, at, layer, acting) {
    const { cat, lang } = ctx;
    const g = svg("g", { class: "sm-start" });
    const [x, y] = at("B", 0);
    const tile = cat.tiles[player.tile] || null;
    g.append(svg("rect", { x: x - 1, y: y - 1, width: W + 2, height: 2 * H + GAP + 2, rx: 8, class: "sm-start-bg" }),
      svg("line", { x1: x + 4, x2: x + W - 4, y1: y + H + GAP / 2, y2: y + H + GAP / 2, class: "sm-start-split" }));
    if (!tile) return g;
    const name = written(tile.names, lang) || player.tile;
    g.append(svg("title", {}, `${name}\n${written(tile.texts, lang)}`));
    for (const row of ["B", "S"]) {
      const [, ry] = at(row, 0);
      const tags = tile.tags?.[row === "B" ? "beach" : "street"] || [];
      tags.forEach((tag, i) => {
        const cw = W / tags.length;
        g.append(svg("rect", { x: x + i * cw, y: ry, width: cw, height: 16, fill: TAG_COLOURS[tag] || "#718096", class: "sm-tagbar" }),
          tagText(cat.tag_names?.[tag]?.[lang] || tag, x + i * cw + cw / 2, ry + 12, cw));
      });
      const space = `${row}0`;
      const people = peopleAt(ctx, ctx.view.players.indexOf(player), space, acting);
      if (people) layer.append(...peopleTokens(people, x, ry, ctx));
    }
    wrap(name, 17).forEach((line, i) => {
      g.append(svg("text", { x: x + W / 2, y: y + 31 + i * 13, class: "sm-name", "text-anchor": "middle" }, line));
    });
    g.addEventListener("mouseenter", () => showInfo(ctx, player.tile, name, written(tile.texts, lang),
      [...(tile.tags?.beach || []), ...(tile.tags?.street || [])]));
    return g;
  }

  return { update };
}
