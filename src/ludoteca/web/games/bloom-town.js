// Bloom Town: every player's 5×5 town, the Town Square (market, stacks, community area), hands,
// scores and the current step, drawn in SVG; the turn is played by clicking. Interface: generic.js.
//
// How the view maps to the picture:
//   board.flowers[i], board.blooming  -> the flower glyph of square i (reading order a1, b1, …, e5)
//                                        and the gold frame of blooming squares, in every town;
//   towns[seat][i]                    -> the building tile on square i of that seat's town;
//   flowers[j], market[j], stack_heights[j] -> market space j+1: its flower, face-up tile, pile;
//   community, scored                 -> the community area: 0–2 community tiles per type, ✓ scored;
//   hands[seat]                       -> known tiles face up plus `unknown` face-down tiles;
//   scores, breakdown, tokens, order, kept -> the player cards; phase + turn -> the step prompt.
// Playing: build = click a hand tile (the first one is preselected), then a highlighted square of
// your town (hovering one lights up the market space its flower takes from); take = click a
// highlighted market tile; bonus step and final keep = buttons.
import { SEAT_COLOURS, seatMark } from "../seats.js";
import { componentName, el, svg } from "../api.js";

const TYPES = ["office", "subway", "park", "home", "shop"];
// Display colours of the building types (stand-in colours of the rules data: blue, red, green,
// yellow, purple) and the two roof types of each shop kind (stand-in data of tiles.json).
const COLOURS = { office: "#3267b1", subway: "#d14545", park: "#2f9e5b", home: "#e0a526", shop: "#8b5cc7" };
const ROOFS = {
  cafe: ["office", "subway"], books: ["office", "park"], bakery: ["office", "home"],
  icecream: ["subway", "park"], toys: ["subway", "home"], pets: ["park", "home"],
};
const LETTERS = "abcde";

// ---- small helpers ------------------------------------------------------------------------------

const typeOf = (tile) => (tile.startsWith("shop") ? "shop" : tile);
const squareName = (i) => `${LETTERS[i % 5]}${Math.floor(i / 5) + 1}`;

/** A tile's name; `named(kind, id)` names a component in the page's language (the game's words). */
function tileName(tile, named) {
  return tile.startsWith("shop:") ? named("shop", tile.slice(5)) : named("type", tile);
}

/** A tile's name, and for a shop the two neighbour types its roof scores. */
function tileTitle(tile, named) {
  const roofs = tile.startsWith("shop:") && ROOFS[tile.slice(5)];
  return roofs ? `${tileName(tile, named)}: ${roofs.map((t) => named("type", t)).join(" + ")}` : tileName(tile, named);
}

/** The legal actions (the server's structured form) sorted by step: builds by tile then square,
 * takes by market space, the rest (bonuses, pass, keep) as buttons. */
function groupActions(actions) {
  const builds = new Map();
  const takes = new Map();
  const buttons = [];
  for (const action of actions) {
    if (action.kind === "build") {
      if (!builds.has(action.tile)) builds.set(action.tile, new Map());
      builds.get(action.tile).set(action.square, action.text);
    } else if (action.kind === "take") takes.set(action.space, action.text);
    else buttons.push(action);
  }
  return { builds, takes, buttons };
}

// ---- glyphs (drawn in a 100×100 box, then placed and scaled) ------------------------------------

function petals(count, colour, centre, long, wide, stroke) {
  const parts = [];
  for (let k = 0; k < count; k++) {
    parts.push(svg("ellipse", { cx: 50 + long, cy: 50, rx: long, ry: wide, fill: colour, stroke: stroke || "none",
      "stroke-width": 1.5, transform: `rotate(${(360 / count) * k} 50 50)` }));
  }
  parts.push(svg("circle", { cx: 50, cy: 50, r: 13, fill: centre }));
  return parts;
}

const FLOWER_SHAPES = {
  tulip: () => [
    svg("path", { d: "M50 58 L50 92", stroke: "#38a169", "stroke-width": 6 }),
    svg("path", { d: "M22 22 L36 38 L50 14 L64 38 L78 22 Q80 66 50 66 Q20 66 22 22 Z", fill: "#e4559a" }),
  ],
  rose: () => [
    svg("circle", { cx: 50, cy: 50, r: 38, fill: "#e05252" }),
    svg("circle", { cx: 50, cy: 50, r: 24, fill: "none", stroke: "#9b2c2c", "stroke-width": 4 }),
    svg("path", { d: "M50 38 A12 12 0 1 1 38 50", fill: "none", stroke: "#9b2c2c", "stroke-width": 4 }),
  ],
  daisy: () => petals(10, "#ffffff", "#ecc94b", 19, 8, "#b8c2cc"),
  sunflower: () => petals(12, "#f6c343", "#744210", 19, 8),
  lily: () => petals(6, "#ed8936", "#9c4221", 20, 11),
};

/** A flower glyph centred on (cx, cy), `size` wide. */
function flower(id, cx, cy, size, opacity = 1) {
  return svg("g", { class: `bt-flower flower-${id}`, opacity, "pointer-events": "none",
    transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${size / 100})` }, (FLOWER_SHAPES[id] || FLOWER_SHAPES.daisy)());
}

function icon(type, fg, bg, roofs) {
  switch (type) {
    case "office":
      return [svg("rect", { x: 30, y: 14, width: 40, height: 74, fill: fg }),
        ...[0, 1, 2, 3].flatMap((r) => [0, 1].map((c) => svg("rect", { x: 37 + c * 16, y: 22 + r * 15, width: 10, height: 9, fill: bg })))];
    case "subway":
      return [svg("rect", { x: 24, y: 16, width: 52, height: 58, rx: 13, fill: fg }),
        svg("rect", { x: 32, y: 25, width: 36, height: 20, rx: 4, fill: bg }),
        svg("circle", { cx: 36, cy: 60, r: 5, fill: bg }), svg("circle", { cx: 64, cy: 60, r: 5, fill: bg }),
        svg("path", { d: "M33 74 L24 90 M67 74 L76 90", stroke: fg, "stroke-width": 6 })];
    case "park":
      return [svg("rect", { x: 45, y: 54, width: 10, height: 34, fill: fg }),
        svg("circle", { cx: 50, cy: 40, r: 27, fill: fg }),
        svg("circle", { cx: 41, cy: 34, r: 6, fill: bg, opacity: 0.5 })];
    case "home":
      return [svg("polygon", { points: "50,12 90,46 79,46 79,88 21,88 21,46 10,46", fill: fg }),
        svg("rect", { x: 44, y: 62, width: 13, height: 26, fill: bg }),
        svg("rect", { x: 28, y: 52, width: 11, height: 11, fill: bg }), svg("rect", { x: 62, y: 52, width: 11, height: 11, fill: bg })];
    default: {
      const [left, right] = roofs ? roofs.map((t) => COLOURS[t]) : [bg, bg];
      return [svg("rect", { x: 20, y: 44, width: 60, height: 44, fill: fg }),
        svg("polygon", { points: "12,20 50,20 50,46 18,46", fill: left, stroke: fg, "stroke-width": 4 }),
        svg("polygon", { points: "50,20 88,20 82,46 50,46", fill: right, stroke: fg, "stroke-width": 4 }),
        svg("rect", { x: 43, y: 58, width: 15, height: 30, fill: bg }), svg("rect", { x: 26, y: 56, width: 11, height: 11, fill: bg })];
    }
  }
}

/** A building tile (or, with community true, a community tile: white with a coloured icon). */
function tile(name, x, y, size, { community = false, cls = "" } = {}) {
  const type = typeOf(name);
  const colour = COLOURS[type] || "#718096";
  const roofs = name.startsWith("shop:") ? ROOFS[name.slice(5)] : null;
  const body = community
    ? [svg("rect", { x: 5, y: 5, width: 90, height: 90, rx: 14, fill: "#fff", stroke: colour, "stroke-width": 7 }),
      svg("g", { transform: "translate(15 15) scale(.7)" }, icon(type, colour, "#fff", null))]
    : [svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 12, fill: colour, stroke: "rgba(0,0,0,.25)", "stroke-width": 2 }),
      svg("g", { transform: "translate(10 10) scale(.8)" }, icon(type, "#fff", colour, roofs))];
  return svg("g", { class: `bt-tile ${cls}`.trim(), "data-tile": name, "pointer-events": "none",
    transform: `translate(${x} ${y}) scale(${size / 100})` }, body);
}

function faceDown(x, y, size) {
  return svg("g", { class: "bt-tile face-down", "pointer-events": "none", transform: `translate(${x} ${y}) scale(${size / 100})` },
    svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 12, fill: "#4a5568", stroke: "#2d3748", "stroke-width": 3 }),
    svg("g", { transform: "translate(25 25) scale(.5)", opacity: 0.5 }, FLOWER_SHAPES.daisy()));
}

/** A tile as a small standalone <svg> for HTML (hands, buttons). */
function tileIcon(name, size, hidden = false) {
  return svg("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: "bt-icon", "aria-hidden": "true" },
    hidden ? faceDown(0, 0, size) : tile(name, 0, 0, size));
}

// ---- the renderer -----------------------------------------------------------------------------

export const stylesheet = "/static/games/bloom-town.css";

export function create(root, env) {
  let selected = null; // the hand tile chosen for the next build
  // The words are the page catalogue's `bloom-town.<key>` (web/data/messages.<lang>.json).
  const tr = (key, args) => env.t(`bloom-town.${key}`, args);

  function update(data) {
    const payload = data.view;
    const view = payload.view;
    if (!view || !view.towns) { root.replaceChildren(); return; }
    const seat = payload.seat;
    const me = seat ?? 0;
    const legal = groupActions(data.replay ? [] : payload.actions || []);
    const since = data.since && data.since.towns ? data.since : null;
    const named = (kind, id) => componentName(data.game, data.lang, kind, id);
    if (!legal.builds.has(selected)) selected = legal.builds.keys().next().value ?? null;
    const active = view.to_move.length ? view.to_move[0] : null;
    const flowerOfSquare = view.board.flowers;
    const spaceOfFlower = (f) => view.flowers.indexOf(f) + 1;

    /** Hovering a build square lights up the market space its flower takes from. */
    function target(space) {
      for (const node of root.querySelectorAll(".bt-space")) node.classList.toggle("target", Number(node.dataset.space) === space);
    }

    // ---- towns ----
    function town(owner, cell) {
      const pad = 18;
      const side = pad + cell * 5 + 4;
      const picture = svg("svg", { class: `bt-town${owner === me && seat !== null ? " mine" : ""}`, viewBox: `0 0 ${side} ${side}`,
        width: side, height: side, "data-seat": owner, role: "img", "aria-label": `${tr("town")} ${owner}` });
      const squares = selected && owner === seat ? legal.builds.get(selected) : null;
      const preview = svg("g", { class: "preview", "pointer-events": "none" });
      const blooming = new Set(view.board.blooming);
      for (let i = 0; i < 25; i++) {
        const name = squareName(i);
        const x = pad + (i % 5) * cell;
        const y = pad + Math.floor(i / 5) * cell;
        const flowerId = flowerOfSquare[i];
        const bloom = blooming.has(name);
        picture.append(svg("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 6,
          class: `sq${bloom ? " blooming" : ""}`, "data-square": name, "data-flower": flowerId }));
        const built = view.towns[owner][i];
        if (built) {
          picture.append(tile(built, x + 3, y + 3, cell - 6));
          picture.append(svg("circle", { cx: x + cell - 9, cy: y + cell - 9, r: cell * 0.13, fill: "#fff", opacity: 0.9, "pointer-events": "none" }));
          picture.append(flower(flowerId, x + cell - 9, y + cell - 9, cell * 0.24));
        } else {
          picture.append(flower(flowerId, x + cell / 2, y + cell / 2, cell * 0.5, 0.85));
        }
        if (bloom) picture.append(svg("text", { x: x + 5, y: y + cell * 0.3, class: "bloom-mark", "pointer-events": "none" }, "✦"));
        if (since && since.towns[owner][i] !== built) { // built since the shown seat last acted
          picture.append(svg("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 6, class: "last-move changed",
            "data-square": name, "pointer-events": "none" }));
        }
        if (owner === active && view.turn.last_square === name && ["take", "bonus"].includes(view.phase)) {
          picture.append(svg("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 6, class: "last", "pointer-events": "none" }));
        }
        const action = squares && squares.get(name);
        if (action) {
          const space = spaceOfFlower(flowerId);
          picture.append(svg("rect", { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, rx: 6, class: "anchor",
            "data-square": name, "data-action": action, onclick: () => env.act(action),
            onmouseenter: () => { target(space); preview.replaceChildren(tile(selected, x + 3, y + 3, cell - 6)); },
            onmouseleave: () => { target(null); preview.replaceChildren(); } },
          svg("title", {}, tr("goesTo", { square: name, flower: named("flower", flowerId), space }))));
        }
      }
      picture.append(preview);
      for (let k = 0; k < 5; k++) {
        picture.append(svg("text", { x: pad + k * cell + cell / 2, y: 13, class: "coord", "text-anchor": "middle" }, LETTERS[k]));
        picture.append(svg("text", { x: 8, y: pad + k * cell + cell / 2 + 4, class: "coord", "text-anchor": "middle" }, k + 1));
      }
      return picture;
    }

    // ---- Town Square: market, stacks, community area ----
    function townSquare() {
      const width = 5 * 104 + 8;
      const picture = svg("svg", { class: "bt-square", viewBox: `0 0 ${width} 330`, role: "img", "aria-label": tr("townSquare") });
      picture.append(svg("text", { x: 6, y: 16, class: "heading" }, tr("market")));
      view.flowers.forEach((flowerId, j) => {
        const x = 6 + j * 104;
        const space = j + 1;
        const group = svg("g", { class: "bt-space", "data-space": space });
        group.append(svg("rect", { x, y: 24, width: 96, height: 172, rx: 10, class: "frame" }));
        group.append(flower(flowerId, x + 18, 42, 24));
        group.append(svg("text", { x: x + 34, y: 40, class: "space-num" }, space));
        group.append(svg("text", { x: x + 34, y: 54, class: "small-label" }, named("flower", flowerId)));
        const onMarket = view.market[j];
        if (since && since.market[j] !== onMarket) { // taken (and refilled) since you acted
          group.append(svg("rect", { x: x + 8, y: 60, width: 80, height: 80, rx: 11, class: "last-move changed", "pointer-events": "none" }));
        }
        if (onMarket) group.append(tile(onMarket, x + 12, 64, 72));
        else group.append(svg("rect", { x: x + 12, y: 64, width: 72, height: 72, rx: 9, class: "empty-space" }));
        const height = view.stack_heights[j];
        for (let k = Math.min(height, 8) - 1; k >= 0; k--) {
          group.append(svg("rect", { x: x + 12 + k * 2, y: 162 - k * 2, width: 34, height: 22, rx: 4, class: "stack-card" }));
        }
        group.append(svg("text", { x: x + 74, y: 178, class: height ? "stack-count" : "stack-count out", "text-anchor": "middle" },
          height ? `×${height}` : "✕"));
        group.append(svg("title", {}, `${space} · ${named("flower", flowerId)} · ${tr("stack")}: ${height || tr("exhausted")}`));
        const take = legal.takes.get(space);
        if (take) {
          group.append(svg("rect", { x: x + 10, y: 62, width: 76, height: 76, rx: 10, class: "anchor", "data-action": take,
            onclick: () => env.act(take) }));
        }
        picture.append(group);
      });
      const exhausted = view.stack_heights.filter((h) => h === 0).length;
      const need = view.scores.length === 2 ? 3 : 2;
      picture.append(svg("text", { x: 6, y: 214, class: view.end_triggered ? "trigger on" : "trigger" },
        view.end_triggered ? tr("lastRound") : `${tr("stacksOut")}: ${exhausted} / ${need}`));
      picture.append(svg("text", { x: 6, y: 240, class: "heading" }, tr("community")));
      TYPES.forEach((type, k) => {
        const x = 6 + k * 104;
        const count = view.community[type] || 0;
        const scored = view.scored.includes(type);
        const group = svg("g", { class: `bt-community${scored ? " scored" : ""}`, "data-type": type });
        group.append(svg("rect", { x, y: 248, width: 96, height: 76, rx: 10, class: "frame" }));
        for (let c = 0; c < 2; c++) {
          if (c < count) group.append(tile(type, x + 6 + c * 44, 254, 40, { community: true }));
          else group.append(svg("rect", { x: x + 8 + c * 44, y: 256, width: 36, height: 36, rx: 7, class: "empty-space" }));
        }
        group.append(svg("text", { x: x + 48, y: 314, class: "small-label", "text-anchor": "middle" },
          `${named("type", type)}${scored ? " ✓" : ""}`));
        group.append(svg("title", {}, `${tr("community")}: ${named("type", type)} ×${count}${scored ? ` · ${tr("scored")}` : ""}`));
        picture.append(group);
      });
      return picture;
    }

    // ---- hands and player cards ----
    function myHand() {
      const hand = view.hands[me];
      const keeps = new Map(legal.buttons.filter((a) => a.kind === "keep").map((a) => [a.type, a.text]));
      // identical tiles build the same way: only the first copy is shown as selected
      const first = hand.tiles.indexOf(selected);
      const tiles = hand.tiles.map((name, index) => {
        const choosable = legal.builds.has(name);
        const keep = keeps.get(typeOf(name));
        const cls = ["bt-hand-tile", choosable ? "choosable" : "", index === first ? "selected" : "", keep ? "keepable" : ""];
        return el("button", { class: cls.join(" ").trim(), dataset: { tile: name }, disabled: !choosable && !keep,
          title: tileTitle(name, named),
          onclick: () => { if (keep) env.act(keep); else { selected = name; update(data); } } },
        tileIcon(name, 64), el("span", {}, tileName(name, named)));
      });
      for (let k = 0; k < hand.unknown; k++) tiles.push(el("span", { class: "bt-hand-tile" }, tileIcon("", 64, true), el("span", {}, tr("faceDown"))));
      return el("div", { class: "bt-hand" }, el("h4", {}, tr("hand")), el("div", { class: "bt-hand-tiles" }, tiles));
    }

    function playerCard(owner) {
      const hand = view.hands[owner];
      const parts = Object.entries(view.breakdown[owner]).filter(([, v]) => v).map(([k, v]) => `${tr(`parts.${k}`)} ${v}`);
      const name = `${tr("player")} ${owner}${owner === seat ? ` (${tr("you")})` : ""}`;
      const facts = [view.tokens[owner] ? tr("token") : tr("tokenUsed")];
      if (view.order[0] === owner) facts.push(`★ ${tr("start")}`);
      if (view.kept[owner]) facts.push(`${tr("kept")}: ${named("type", view.kept[owner])}`);
      if (owner === active && ["take", "bonus"].includes(view.phase) && view.turn.last_square) {
        facts.push(tr("builtOn", { square: view.turn.last_square, points: view.turn.last_points }));
      }
      return el("div", { class: `bt-player${owner === active ? " active" : ""}`, dataset: { seat: owner },
        style: `--seat: ${SEAT_COLOURS[owner % 4]}` },
      el("div", { class: "bt-player-head" }, el("strong", {}, seatMark(owner), owner === active ? "● " : "", name),
        el("span", { class: "bt-score", "data-score": view.scores[owner], title: `${view.scores[owner]} ${tr("points")}` }, view.scores[owner])),
      el("div", { class: "muted small" }, el("span", { class: `bt-token${view.tokens[owner] ? "" : " used"}` }), facts.join(" · ")),
      parts.length ? el("div", { class: "muted small" }, parts.join(" · ")) : null,
      owner === me && seat !== null ? null : el("div", { class: "bt-mini-hand" },
        hand.tiles.map((t) => el("span", { title: tileTitle(t, named) }, tileIcon(t, 30))),
        Array.from({ length: hand.unknown }, () => el("span", { title: tr("faceDown") }, tileIcon("", 30, true)))));
    }

    // ---- the prompt and its buttons ----
    function prompt() {
      const mine = seat !== null && view.to_move.includes(seat) && !data.replay;
      let text;
      if (!view.to_move.length) text = tr("over");
      else if (!mine) text = `${tr("player")} ${active} ${tr(`waiting.${view.phase}`)}`;
      else if (view.phase === "build") text = view.turn.extra_used ? tr("extraBuild") : tr("build");
      else if (view.phase === "take") text = tr("take");
      else if (view.phase === "bonus") text = tr("bonus", { square: view.turn.last_square, points: view.turn.last_points });
      else text = tr("keep");
      const buttons = legal.buttons.map((action) => {
        const text = action.text;
        const rescore = action.kind === "bonus" && action.bonus === "rescore";
        let label;
        if (action.kind === "keep") label = tr("actions.keep", { type: tr(`plural.${action.type}`) });
        else if (rescore) label = tr("actions.rescore", { type: tr(`plural.${action.type}`) });
        else if (action.kind === "pass") label = tr("actions.pass");
        else label = tr(`actions.${action.source}_${action.bonus}`, { points: view.turn.last_points });
        const glyph = action.kind === "keep" || rescore ? tileIcon(action.type, 22) : null;
        return el("button", { class: `action bt-action${action.kind === "pass" ? " pass" : ""}`, dataset: { action: text },
          onclick: () => env.act(text) }, glyph, label);
      });
      return el("div", { class: `bt-prompt${mine ? " mine" : ""}`, dataset: { phase: view.phase } },
        el("p", {}, text), buttons.length ? el("div", { class: "bt-buttons" }, buttons) : null);
    }

    const others = view.order.filter((s) => s !== me);
    const otherTowns = others.map((owner) => el("div", { class: "bt-other", dataset: { seat: owner } },
      el("h4", { style: `color: ${SEAT_COLOURS[owner % 4]}` }, seatMark(owner), `${tr("town")} · ${tr("player")} ${owner}`), town(owner, 46)));
    const beside = others.length === 1; // two players: the opponent's town fits beside the market
    const mineTitle = seat !== null ? tr("yourTown") : `${tr("town")} · ${tr("player")} ${me}`;
    root.replaceChildren(el("div", { class: "bt", "data-lang": data.lang },
      prompt(),
      el("div", { class: "bt-main" },
        el("div", { class: "bt-mine" }, el("h3", {}, seatMark(me), mineTitle, el("small", { class: "muted" }, ` · ${tr("side")} ${view.side}`)),
          town(me, 72), seat !== null ? myHand() : null),
        el("div", { class: "bt-centre" }, townSquare(), el("div", { class: "bt-players" }, view.order.map(playerCard)),
          beside ? el("div", { class: "bt-others" }, otherTowns) : null)),
      beside ? null : el("div", { class: "bt-others" }, otherTowns)));
  }

  return { update };
}
