// Blue Lagoon: the hex map in SVG, the players' hands and tokens, the score sheet, and placement
// by clicking a hex. Interface: generic.js.
//
// How the view maps to the picture. The view's `board` holds the whole map as data (height,
// islands with their tiles, stone circles, tokens, pieces), read by boardOf(). Row r has h−1 tiles when
// r is even and h when odd; even rows sit half a hex to the right (hexCentre). Island tiles are
// tinted per island, with a coastline where a neighbour is sea or another island, and one badge
// per island with its letter and majority bonus. Stone circles are dashed rings; tokens sit on
// them as small glyphs; settlers (a round pawn on land, a boat on sea) and villages (a house) are
// drawn in their owner's colour. The panel beside the map lists, per player, the pieces left in
// hand (`settlers_in_hand`, `villages_in_hand`), the tokens collected this phase (`counts`) and
// the score sheet: phases already scored (`score_pad`) and the current one "if it ended now"
// (`phase_so_far`), plus `totals`.
//
// Playing: the legal actions, as data ({kind: settler | village, at: [r, c]}), light up their hexes
// for the chosen piece; pieces placed since the shown seat last acted are outlined. When
// both kinds are legal somewhere, a Settler/Village toggle (keys S and T) picks the piece. The
// click target over each legal hex is a transparent `rect.anchor` carrying `data-action`, the same
// convention as the other renderers (the browser tests click it).
import { componentName, el, svg } from "../api.js";
import { seatMark } from "../seats.js";

const COLOURS = ["#e85a9b", "#2f6fd6", "#f08a24", "#3aa655"]; // pink, blue, orange, green (components.json)
// The printed pieces' colours are the seats' colours on the whole page (seat bar and log too).
export const seatColours = COLOURS;
export const stylesheet = "/static/games/blue-lagoon.css";
const ISLAND_TINTS = ["#f3e3b5", "#d9e8a6", "#efd59b", "#c9e2a0", "#f1dcae", "#d4e6b0", "#e8d5a0", "#cde5b8"];
const R = 22; // hex radius (centre to corner)
const W = Math.sqrt(3) * R; // hex width
const PAD = 8;
const CATEGORIES = ["islands", "links", "majorities", "resources", "statuettes"];

// ---- the board as data ------------------------------------------------------------------------

const hexKey = ([r, c]) => `${r},${c}`;
const PIECE = { settler: "S", village: "T" };

/** The view's structured board as the picture needs it: tokens and pieces keyed by "r,c". */
function boardOf(view) {
  const board = view.board;
  return {
    height: board.height,
    islands: board.islands,
    stones: board.stones,
    tokens: new Map(board.tokens.map((t) => [hexKey(t.at), t.resource])),
    tokenKinds: board.token_kinds, // [{letter, type}] in the order of a seat's counts
    pieces: new Map(board.pieces.map((p) => [hexKey(p.at), { seat: p.seat, kind: PIECE[p.kind] }])),
    seats: view.settlers_in_hand.map((_, seat) => seat),
  };
}

/** The parts of a board that never change during a game: height, islands and stone circles. */
function mapSignature(board) {
  return JSON.stringify([board.height, board.islands, board.stones]);
}

/** The hexes where a piece stands now that stood empty in `since` (what moved since you acted). */
function newPieces(pos, since) {
  if (!since || !since.board) return new Set();
  const before = new Set(since.board.pieces.map((p) => hexKey(p.at)));
  return new Set([...pos.pieces.keys()].filter((k) => !before.has(k)));
}

// ---- geometry ---------------------------------------------------------------------------------

const rowLength = (h, r) => (r % 2 === 0 ? h - 1 : h);

function hexCentre(r, c) {
  return [PAD + W / 2 + c * W + (r % 2 === 0 ? W / 2 : 0), PAD + R + r * 1.5 * R];
}

/** Corner k of a pointy-top hex, k = 0 at the top, clockwise. */
function corner(x, y, k, radius = R) {
  const angle = (Math.PI / 180) * (-90 + 60 * k);
  return [x + radius * Math.cos(angle), y + radius * Math.sin(angle)];
}

function hexPoints(x, y, radius = R) {
  return [0, 1, 2, 3, 4, 5].map((k) => corner(x, y, k, radius).map((v) => v.toFixed(1)).join(",")).join(" ");
}

/** The neighbour across edge k (between corners k and k+1): upper-right, right, lower-right, … */
function across(r, c, k) {
  const even = r % 2 === 0;
  return [
    [r - 1, even ? c + 1 : c], [r, c + 1], [r + 1, even ? c + 1 : c],
    [r + 1, even ? c : c - 1], [r, c - 1], [r - 1, even ? c : c - 1],
  ][k];
}

// ---- glyphs -----------------------------------------------------------------------------------

function tokenGlyph(letter, x, y, name) {
  const s = R * 0.42;
  const title = svg("title", {}, name);
  const shapes = {
    C: () => [svg("circle", { cx: x, cy: y, r: s, fill: "#7b4a24", stroke: "#3e2512" }),
      ...[-1, 0, 1].map((i) => svg("circle", { cx: x + i * s * 0.35, cy: y - s * 0.25 + Math.abs(i) * s * 0.15, r: s * 0.13, fill: "#2b1a0c" }))],
    B: () => [svg("rect", { x: x - s * 0.35, y: y - s, width: s * 0.7, height: s * 2, rx: s * 0.2, fill: "#7fb23a", stroke: "#3f6b16" }),
      ...[-0.35, 0.35].map((d) => svg("line", { x1: x - s * 0.35, x2: x + s * 0.35, y1: y + d * s, y2: y + d * s, stroke: "#3f6b16", "stroke-width": 1.5 }))],
    W: () => [svg("path", { d: `M ${x} ${y - s} C ${x + s * 0.3} ${y - s * 0.4} ${x + s} ${y} ${x + s * 0.75} ${y + s * 0.55} `
      + `A ${s * 0.8} ${s * 0.8} 0 0 1 ${x - s * 0.75} ${y + s * 0.55} C ${x - s} ${y} ${x - s * 0.3} ${y - s * 0.4} ${x} ${y - s} Z`,
    fill: "#39a0e6", stroke: "#145a8c" })],
    P: () => [svg("path", { d: `M ${x} ${y - s} L ${x + s * 0.9} ${y - s * 0.2} L ${x} ${y + s} L ${x - s * 0.9} ${y - s * 0.2} Z`,
      fill: "#a855f7", stroke: "#5b1f9c" }),
    svg("path", { d: `M ${x - s * 0.9} ${y - s * 0.2} L ${x + s * 0.9} ${y - s * 0.2}`, stroke: "#5b1f9c", "stroke-width": 1 })],
    S: () => [svg("path", { d: `M ${x - s * 0.5} ${y + s} L ${x - s * 0.45} ${y - s * 0.55} Q ${x} ${y - s * 1.15} ${x + s * 0.45} ${y - s * 0.55} `
      + `L ${x + s * 0.5} ${y + s} Z`, fill: "#8a8f98", stroke: "#3b3f46" }),
    svg("rect", { x: x - s * 0.3, y: y - s * 0.35, width: s * 0.6, height: s * 0.14, fill: "#3b3f46" })],
  };
  return svg("g", { class: `token token-${letter}`, "data-token": letter, "pointer-events": "none" }, title, shapes[letter]());
}

/** A seat's mark as a white badge on its pieces (as in the seat bar: ● ▲ ■ ◆), so that seats
 * whose colours look alike to a colour-blind player still differ on the map. */
function markBadge(seat, x, y) {
  const r = R * 0.2;
  const corners = (points) => points.map(([dx, dy]) => `${x + dx * r} ${y + dy * r}`).join(" L ");
  const shapes = [
    () => svg("circle", { cx: x, cy: y, r: r * 0.9 }),
    () => svg("path", { d: `M ${corners([[0, -1.1], [1, 0.8], [-1, 0.8]])} Z` }),
    () => svg("path", { d: `M ${corners([[-0.85, -0.85], [0.85, -0.85], [0.85, 0.85], [-0.85, 0.85]])} Z` }),
    () => svg("path", { d: `M ${corners([[0, -1.15], [1, 0], [0, 1.15], [-1, 0]])} Z` }),
  ];
  const badge = shapes[seat % shapes.length]();
  badge.setAttribute("class", "seat-badge");
  return badge;
}

function pieceGlyph(kind, onSea, x, y, colour, cls = "", seat = null) {
  const s = R * 0.5;
  let shape;
  if (kind === "T") {
    shape = svg("path", { d: `M ${x - s * 0.85} ${y + s * 0.8} L ${x - s * 0.85} ${y - s * 0.1} L ${x} ${y - s * 0.9} `
      + `L ${x + s * 0.85} ${y - s * 0.1} L ${x + s * 0.85} ${y + s * 0.8} Z`, fill: colour });
  } else if (onSea) {
    shape = svg("path", { d: `M ${x - s} ${y - s * 0.05} L ${x + s} ${y - s * 0.05} Q ${x + s * 0.7} ${y + s * 0.75} ${x} ${y + s * 0.75} `
      + `Q ${x - s * 0.7} ${y + s * 0.75} ${x - s} ${y - s * 0.05} Z M ${x - s * 0.1} ${y - s * 0.15} L ${x - s * 0.1} ${y - s * 0.95} `
      + `L ${x + s * 0.6} ${y - s * 0.25} Z`, fill: colour });
  } else {
    shape = svg("g", {}, svg("circle", { cx: x, cy: y - s * 0.45, r: s * 0.38, fill: colour }),
      svg("path", { d: `M ${x - s * 0.6} ${y + s * 0.75} Q ${x} ${y - s * 0.5} ${x + s * 0.6} ${y + s * 0.75} Z`, fill: colour }));
  }
  const base = svg("circle", { cx: x, cy: y, r: R * 0.62, class: "piece-base" }); // contrast on sea and land alike
  const glyph = svg("g", { class: `piece piece-${kind} ${cls}`.trim(), "pointer-events": "none" }, base, shape);
  if (seat !== null) {
    glyph.setAttribute("data-seat-mark", seat);
    glyph.append(markBadge(seat, x + R * 0.42, y - R * 0.42));
  }
  return glyph;
}

// ---- the renderer -----------------------------------------------------------------------------

export function create(root, env) {
  let chosen = "S"; // the piece being placed: "S" settler or "T" village
  let last = null; // the latest data, to redraw when the toggle changes
  let cache = null; // the static part of the map (see board())
  // The words are the page catalogue's `blue-lagoon.<key>` (web/data/messages.<lang>.json); the
  // components' names (pieces, tokens, the score pad) the game's own, as its /api/games entry has them.
  const tr = (key, args) => env.t(`blue-lagoon.${key}`, args);
  let named = (kind, id) => id;
  const capital = (name) => name.charAt(0).toLocaleUpperCase(env.lang()) + name.slice(1);
  const tokenName = (pos, letter) => named("token", pos.tokenKinds.find((kind) => kind.letter === letter)?.type ?? letter);

  document.addEventListener("keydown", (event) => {
    if (!root.isConnected || !last || event.target.closest?.("input, select, textarea")) return;
    const key = event.key.toUpperCase();
    if ((key === "S" || key === "T") && legalByKind(last).get(key)?.size) choose(key);
  });

  function choose(kind) {
    chosen = kind;
    update(last);
  }

  /** "S" / "T" -> Map("r,c" -> action text) of the shown seat's legal placements. */
  function legalByKind(data) {
    const byKind = new Map([["S", new Map()], ["T", new Map()]]);
    if (data.replay) return byKind;
    for (const action of data.view.actions || []) {
      byKind.get(PIECE[action.kind])?.set(hexKey(action.at), action.text);
    }
    return byKind;
  }

  function update(data) {
    last = data;
    named = (kind, id) => componentName(data.game, data.lang, kind, id);
    const payload = data.view;
    const view = payload.view;
    if (!view || !view.board) {
      root.replaceChildren();
      return;
    }
    const pos = boardOf(view);
    const byKind = legalByKind(data);
    if (!byKind.get(chosen).size && byKind.get(chosen === "S" ? "T" : "S").size) chosen = chosen === "S" ? "T" : "S";
    const targets = byKind.get(chosen);
    const changed = newPieces(pos, data.since);

    root.replaceChildren(el("div", { class: "bl" },
      header(view, payload.seat, byKind),
      el("div", { class: "bl-main" },
        el("div", { class: "bl-map" }, board(pos, targets, changed)),
        el("div", { class: "bl-side" }, players(view, pos, payload.seat), scoreSheet(view, pos)))));
  }

  // ---- header: phase, whose turn, the piece toggle and what to do -------------------------------

  function header(view, seat, byKind) {
    const turn = view.finished
      ? el("strong", {}, tr("over"))
      : el("span", { class: "bl-turn" }, swatch(view.current), seatMark(view.current), el("strong", {}, `${tr("player")} ${view.current}`),
        seat === view.current ? ` (${tr("you")})` : "", ` ${tr("toMove")}`);
    const box = el("div", { class: "bl-header" },
      el("div", { class: "bl-phase", "data-phase": view.phase }, el("strong", {}, tr(`phase.${view.phase}`)), " · ", turn));
    const kinds = ["S", "T"].filter((k) => byKind.get(k).size);
    if (kinds.length === 2) {
      box.append(el("div", { class: "bl-toggle", role: "group", "aria-label": tr("place") }, el("span", {}, tr("place")),
        kinds.map((k) => el("button", { class: k === chosen ? "choice active" : "choice", dataset: { kind: k },
          "aria-pressed": k === chosen ? "true" : "false", onclick: () => choose(k) },
        miniPiece(k, seat), `${capital(named("piece", k === "S" ? "settler" : "village"))} (${k})`)),
        el("small", { class: "muted" }, tr("keys"))));
    }
    if (kinds.length) {
      box.append(el("p", { class: "bl-hint" }, tr(chosen === "S" ? "clickSettler" : "clickVillage"), " ",
        el("span", { class: "muted" }, tr(`rule.${view.phase}`))));
    }
    return box;
  }

  function swatch(seat) {
    return el("span", { class: "bl-swatch", style: `background:${COLOURS[seat]}` });
  }

  function miniPiece(kind, seat) {
    return svg("svg", { width: 18, height: 18, viewBox: `${-R / 2 - 2} ${-R / 2 - 2} ${R + 4} ${R + 4}`, "aria-hidden": "true" },
      pieceGlyph(kind, false, 0, 0, COLOURS[seat ?? 0]));
  }

  // ---- the map ---------------------------------------------------------------------------------

  /**
   * The map: a static part (sea, islands, coastline, stone circles, badges) built once per map and
   * language and kept between updates, and dynamic layers (tokens, pieces, lit hexes) redrawn on
   * every update. Rebuilding all ~1,500 SVG nodes per move would make bot-fast games sluggish.
   */
  function board(pos, targets, changed) {
    const signature = `${env.lang()}|${mapSignature(pos)}`;
    if (!cache || cache.signature !== signature) cache = staticMap(pos, signature);
    const { tiles, marks, pieces, hits, preview } = cache;
    for (const [key, polygon] of tiles) polygon.classList.toggle("legal", targets.has(key));
    marks.replaceChildren();
    pieces.replaceChildren();
    hits.replaceChildren();
    preview.replaceChildren();
    for (const [key, token] of pos.tokens) {
      const [x, y] = cache.centre(key);
      marks.append(tokenGlyph(token, x, y, tokenName(pos, token)));
    }
    for (const [key, piece] of pos.pieces) {
      const [x, y] = cache.centre(key);
      const glyph = pieceGlyph(piece.kind, !cache.land.has(key), x, y, COLOURS[piece.seat], `seat-${piece.seat}`, piece.seat);
      glyph.setAttribute("data-tile", key);
      pieces.append(glyph);
      if (changed.has(key)) {
        pieces.append(svg("polygon", { points: hexPoints(x, y, R * 0.86), class: "last-move changed", "data-tile": key },
          svg("title", {}, tr("last"))));
      }
    }
    for (const [key, action] of targets) {
      const [x, y] = cache.centre(key);
      hits.append(target(action, key, x, y, !cache.land.has(key), preview));
    }
    return cache.picture;
  }

  function staticMap(pos, signature) {
    const h = pos.height;
    const islandOf = new Map();
    pos.islands.forEach((island, index) => island.tiles.forEach(([r, c]) => islandOf.set(`${r},${c}`, index)));
    const stones = new Set(pos.stones.map(([r, c]) => `${r},${c}`));
    const width = 2 * PAD + W * h;
    const height = 2 * PAD + 2 * R + (h - 1) * 1.5 * R;
    const picture = svg("svg", { class: "bl-board", viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, role: "img",
      "aria-label": tr("board") });
    const layer = (name, extra = {}) => svg("g", { class: name, ...extra });
    const [tileLayer, coast, stoneLayer, marks, pieces, preview, hits] = [layer("tiles"), layer("coast"), layer("stones"),
      layer("marks"), layer("pieces"), layer("preview", { "pointer-events": "none" }), layer("hits")];
    const tiles = new Map();
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < rowLength(h, r); c++) {
        const key = `${r},${c}`;
        const [x, y] = hexCentre(r, c);
        const island = islandOf.get(key);
        const onSea = island === undefined;
        const name = onSea ? tr("sea") : `${tr("island")} ${pos.islands[island].letter}`;
        const polygon = svg("polygon", { points: hexPoints(x, y), class: `hex ${onSea ? "sea" : "land"}`,
          fill: onSea ? null : ISLAND_TINTS[island % ISLAND_TINTS.length], "data-tile": key },
        svg("title", {}, `${key} · ${name}${stones.has(key) ? ` · ${tr("stone")}` : ""}`));
        tiles.set(key, polygon);
        tileLayer.append(polygon);
        if (!onSea) coastline(coast, r, c, x, y, island, islandOf, h);
        if (stones.has(key)) stoneLayer.append(svg("circle", { cx: x, cy: y, r: R * 0.68, class: "stone" }));
      }
    }
    picture.append(tileLayer, coast, stoneLayer, marks, pieces, badges(pos), preview, hits);
    const centre = (key) => hexCentre(...key.split(",").map(Number));
    return { signature, picture, tiles, marks, pieces, hits, preview, centre, land: new Set(islandOf.keys()) };
  }

  function coastline(group, r, c, x, y, island, islandOf, h) {
    for (let k = 0; k < 6; k++) {
      const [nr, nc] = across(r, c, k);
      const inside = nr >= 0 && nr < h && nc >= 0 && nc < rowLength(h, nr);
      if (inside && islandOf.get(`${nr},${nc}`) === island) continue;
      const [x1, y1] = corner(x, y, k);
      const [x2, y2] = corner(x, y, (k + 1) % 6);
      group.append(svg("line", { x1, y1, x2, y2 }));
    }
  }

  /** One badge per island (letter and majority bonus), on the tile nearest the island's middle. */
  function badges(pos) {
    const group = svg("g", { class: "badges", "pointer-events": "none" });
    for (const island of pos.islands) {
      const points = island.tiles.map(([r, c]) => hexCentre(r, c));
      const mx = points.reduce((s, p) => s + p[0], 0) / points.length;
      const my = points.reduce((s, p) => s + p[1], 0) / points.length;
      const [x, y] = points.reduce((best, p) => (Math.hypot(p[0] - mx, p[1] - my) < Math.hypot(best[0] - mx, best[1] - my) ? p : best));
      const bx = x + R * 0.55;
      const by = y - R * 0.55;
      group.append(svg("g", { class: "badge", "data-island": island.letter },
        svg("title", {}, `${tr("island")} ${island.letter}: ${island.bonus} (${tr("bonus")})`),
        svg("rect", { x: bx - R * 0.78, y: by - R * 0.42, width: R * 1.56, height: R * 0.84, rx: R * 0.42 }),
        svg("text", { x: bx, y: by + R * 0.2, "text-anchor": "middle" }, `${island.letter} ${island.bonus}`)));
    }
    return group;
  }

  /** The click target over a legal hex; hovering shows the piece that would be placed. */
  function target(action, key, x, y, onSea, preview) {
    const side = R * 1.5;
    const seat = last.view.seat ?? 0;
    return svg("rect", { x: x - side / 2, y: y - side / 2, width: side, height: side, rx: R * 0.3, class: "anchor",
      "data-action": action, "data-tile": key,
      onclick: () => env.act(action),
      onmouseenter: () => preview.replaceChildren(pieceGlyph(chosen, onSea, x, y, COLOURS[seat], "ghost")),
      onmouseleave: () => preview.replaceChildren() },
    svg("title", {}, action));
  }

  // ---- players and scores ----------------------------------------------------------------------

  function players(view, pos, seat) {
    const list = el("div", { class: "bl-players" });
    pos.seats.forEach((p) => {
      const counts = view.counts[p];
      list.append(el("div", { class: `bl-player${!view.finished && view.current === p ? " moving" : ""}`, dataset: { seat: p } },
        el("div", { class: "bl-player-name" }, swatch(p), seatMark(p), el("strong", {}, `${tr("player")} ${p}`), seat === p ? ` (${tr("you")})` : "",
          el("span", { class: "bl-total", title: tr("total") }, String(total(view, p)))),
        el("div", { class: "bl-hand", title: tr("hand") }, miniPiece("S", p), ` ${view.settlers_in_hand[p]} ${tr("settlers")} · `,
          miniPiece("T", p), ` ${view.villages_in_hand[p]} ${tr("villages")}`),
        el("div", { class: "bl-tokens", title: tr("collected") }, pos.tokenKinds.map(({ letter }, i) => el("span", {
          class: `bl-token${counts[i] ? "" : " none"}`, dataset: { token: letter }, title: tokenName(pos, letter) },
        svg("svg", { width: 18, height: 18, viewBox: `${-R / 2} ${-R / 2} ${R} ${R}`, "aria-hidden": "true" }, tokenGlyph(letter, 0, 0, "")),
        String(counts[i]))))));
    });
    return list;
  }

  function total(view, p) {
    return view.finished ? view.totals[p] : view.totals[p] + sum(view.phase_so_far[p]);
  }

  function scoreSheet(view, pos) {
    const seats = pos.seats;
    const phases = view.score_pad.map((rows, i) => ({ rows, phase: i === 0 ? "E" : "S", live: false }));
    if (!view.finished) phases.push({ rows: view.phase_so_far, phase: view.phase, live: true });
    const head = el("tr", {}, el("th", {}, ""), seats.map((p) => el("th", {}, swatch(p), ` ${p}`)));
    const body = [];
    for (const phase of phases) {
      body.push(el("tr", { class: "bl-phase-row" }, el("th", { colspan: seats.length + 1 }, tr(`sheetPhase.${phase.phase}`),
        phase.live ? el("small", { class: "muted" }, ` (${tr("soFar")})`) : "")));
      for (const category of CATEGORIES) {
        body.push(el("tr", {}, el("td", {}, tr(`category.${category}`)), seats.map((p) => el("td", {}, String(phase.rows[p][category])))));
      }
      body.push(el("tr", { class: "bl-subtotal" }, el("td", {}, tr("subtotal")), seats.map((p) => el("td", {}, String(sum(phase.rows[p]))))));
    }
    body.push(el("tr", { class: "bl-grand" }, el("td", {}, tr("total")), seats.map((p) => el("td", { dataset: { seat: p } }, String(total(view, p))))));
    return el("table", { class: "bl-sheet" }, el("caption", {}, capital(named("other", "score_pad"))), el("thead", {}, head), el("tbody", {}, body));
  }

  return { update };
}

function sum(row) {
  return CATEGORIES.reduce((s, k) => s + (row[k] || 0), 0);
}

