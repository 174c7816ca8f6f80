// City Square Off: both 9×9 cities in SVG, the current shape card, and placement by clicking.
// Pick a piece (only in the starter phase and City Sprint) and an orientation; the legal anchor
// squares of your city light up; hovering one previews the piece, clicking it places the piece.
// The anchor is the piece's top-left-most square. Everything is read from the server's structured
// actions ({kind, piece, orientation, at, squares}); pieces placed since the shown seat last acted
// are outlined. Interface: generic.js.
import { SEAT_COLOURS, seatMark } from "../seats.js";
import { el, svg } from "../api.js";
import { t } from "../i18n.js";

const LETTERS = "abcdefghi";
const LIGHT = ["#c6f6d5", "#feebc8"];

/** The cells of a placement relative to its anchor (to draw the shape on a button). */
function shapeOf(action) {
  return action ? action.squares.map(([r, c]) => [r - action.at[0], c - action.at[1]]) : null;
}

/** Why the game ended, from the final view's outcome (the table page asks), in the page's language:
 * the page catalogue's `city-square-off.end.<reason>` (web/data/messages.<lang>.json). */
export function endReason(view) {
  const outcome = view && view.outcome;
  if (!outcome) return "";
  const loser = outcome.winners.length === 1 ? 1 - outcome.winners[0] : null;
  const key = `city-square-off.end.${outcome.reason.replace(/\W+/g, "_")}`;
  const text = t(key, { loser, card: view.current_card });
  return text === key ? outcome.reason : text;
}

function squareName(row, col) {
  return row >= 0 && row < 9 && col >= 0 && col < 9 ? `${LETTERS[col]}${row + 1}` : `[${row + 1},${col + 1}]`;
}

function miniShape(cells, colour, size = 12) {
  const rows = Math.max(...cells.map(([r]) => r)) + 1;
  const minC = Math.min(...cells.map(([, c]) => c));
  const cols = Math.max(...cells.map(([, c]) => c)) - minC + 1;
  return svg("svg", { width: cols * size + 2, height: rows * size + 2, class: "mini", "aria-hidden": "true" },
    cells.map(([r, c]) => svg("rect", { x: (c - minC) * size + 1, y: r * size + 1, width: size - 1, height: size - 1, fill: colour, rx: 2 })));
}

/** How many of the other city's pieces the shown seat had seen when it last acted (`since`, the
 * view right after that action): the pieces after them are marked as new. The rounds after the
 * starters are simultaneous and the action that ends a round reveals the other city's placement
 * of that round, so a baseline taken after our own round-ending action already holds it: that
 * piece (index own − 1, one piece a city a round) was never seen before and is still new. While
 * our placement waits for the other city's, the baseline is exact. */
function seenBefore(since, owner, seat) {
  const seen = since.players[owner].pieces.length;
  if (seat === null) return seen;
  const own = since.players[seat].pieces.length;
  return own >= 2 && !since.players[seat].pending_action ? Math.min(seen, own - 1) : seen;
}

export function create(root, env) {
  let piece = null;
  let orient = null;

  function update(data) {
    const { view: payload, table } = data;
    const view = payload.view;
    const seat = payload.seat;
    const me = seat ?? 0;
    const other = 1 - me;
    const actions = data.replay ? [] : payload.actions || [];
    const byPiece = new Map();
    for (const a of actions) {
      if (!byPiece.has(a.piece)) byPiece.set(a.piece, new Map());
      const orients = byPiece.get(a.piece);
      if (!orients.has(a.orientation)) orients.set(a.orientation, new Map());
      orients.get(a.orientation).set(`${a.at[0]},${a.at[1]}`, a);
    }
    if (!byPiece.has(piece)) piece = byPiece.keys().next().value ?? null;
    const orients = piece ? byPiece.get(piece) : new Map();
    if (!orients.has(orient)) orient = orients.keys().next().value ?? null;
    const anchors = orient ? orients.get(orient) : new Map();
    const shapeFor = (p, o) => shapeOf(actions.find((a) => a.piece === p && a.orientation === o));

    const expansion = view.variant === "city_expansion";
    const lo = expansion ? -4 : 0;
    const hi = expansion ? 12 : 8;
    const size = expansion ? 22 : 32;
    const span = (hi - lo + 1) * size;

    const x0 = 24;
    const y0 = 20;
    const at = (r, c) => [x0 + (c - lo) * size, y0 + (r - lo) * size];

    /** The squares a placement would cover, drawn as outlined ghosts. */
    function ghost(action, cls) {
      return action.squares.map(([r, c]) => {
        const [x, y] = at(r, c);
        return svg("rect", { x: x + 2, y: y + 2, width: size - 5, height: size - 5, rx: 3, class: cls, "pointer-events": "none" });
      });
    }

    function grid(owner, interactive) {
      const group = svg("g", { class: `city city-${owner}`, "data-seat": owner });
      const preview = svg("g", { class: "preview-layer" });
      for (let r = lo; r <= hi; r++) {
        for (let c = lo; c <= hi; c++) {
          const onGrid = r >= 0 && r < 9 && c >= 0 && c < 9;
          const [x, y] = at(r, c);
          const anchor = interactive && anchors.get(`${r},${c}`);
          const attrs = { x, y, width: size - 1, height: size - 1, rx: 3,
            class: `sq${onGrid ? "" : " off"}${anchor ? " anchor" : ""}`, "data-square": squareName(r, c) };
          if (anchor) {
            attrs["data-action"] = anchor.text;
            attrs.onclick = () => env.act(anchor.text);
            attrs.onmouseenter = () => preview.replaceChildren(...ghost(anchor, "ghost preview"));
            attrs.onmouseleave = () => preview.replaceChildren();
          }
          if (onGrid || anchor) group.append(svg("rect", attrs));
        }
      }
      for (let i = 0; i < 9; i++) {
        const [x] = at(0, i);
        const [, y] = at(i, 0);
        group.append(svg("text", { x: x + size / 2 - 4, y: y0 + (0 - lo) * size - 6, class: "label" }, LETTERS[i]));
        group.append(svg("text", { x: x0 + (0 - lo) * size - 16, y: y + size / 2 + 4, class: "label" }, i + 1));
      }
      const player = view.players[owner];
      // the other city's pieces placed since this seat acted (its own it placed itself)
      const before = data.since && owner !== seat ? seenBefore(data.since, owner, seat) : player.pieces.length;
      player.pieces.forEach((placed, index) => {
        const starter = index === 0;
        for (const [r, c] of placed.squares) {
          const [x, y] = at(r, c);
          group.append(svg("rect", { x: x + 1, y: y + 1, width: size - 3, height: size - 3, rx: 3, class: "piece",
            fill: SEAT_COLOURS[owner], "fill-opacity": starter ? 1 : 0.55 + 0.4 * ((index * 37) % 10) / 10,
            "pointer-events": "none" }));
        }
        const [r, c] = placed.squares[0];
        const [x, y] = at(r, c);
        group.append(svg("text", { x: x + 3, y: y + size / 2 + 3, class: "piece-label", "pointer-events": "none" },
          starter ? placed.piece.slice(0, 3) : placed.piece));
        if (index >= before) {
          for (const [sr, sc] of placed.squares) {
            const [sx, sy] = at(sr, sc);
            group.append(svg("rect", { x: sx, y: sy, width: size - 1, height: size - 1, rx: 3, class: "last-move changed",
              "data-square": squareName(sr, sc), "pointer-events": "none" }));
          }
        }
      });
      if (owner === me && seat !== null && player.pending_action) {
        const pending = ghost(player.pending_action, "ghost pending");
        pending.forEach((square) => square.setAttribute("style", `stroke: ${SEAT_COLOURS[owner]}; fill: ${SEAT_COLOURS[owner]}55`));
        group.append(...pending);
      }
      group.append(preview);
      return group;
    }

    const cityWidth = span + 40;
    const picture = svg("svg", { class: "cso", viewBox: `0 0 ${cityWidth * 2 + 20} ${span + 40}`, role: "img",
      "aria-label": env.t("city-square-off.board") });
    const mine = grid(me, seat !== null && anchors.size > 0);
    const theirs = grid(other, false);
    theirs.setAttribute("transform", `translate(${cityWidth + 20}, 0)`);
    picture.append(mine, theirs);

    const title = (owner) => {
      const p = view.players[owner];
      const name = seat === owner ? env.t("yourCity") : `${env.t("city")} · ${env.t("player")} ${owner}`;
      const facts = [`${p.open_squares} ${env.t("openSquares")}`];
      if (expansion) facts.push(`overhang ${p.overhang}`);
      if (p.submitted) facts.push(env.t("submitted"));
      return el("div", { class: `city-title seat-${owner}` }, seatMark(owner), el("strong", {}, name), ` · ${facts.join(" · ")}`);
    };

    const controls = el("div", { class: "cso-controls" });
    const card = view.current_card;
    if (card) {
      const first = shapeOf(actions.find((a) => a.piece === card) || view.players[me].pending_action);
      controls.append(el("div", { class: "card", "data-card": card }, el("span", {}, `${env.t("card")}: `), el("strong", {}, card),
        first ? miniShape(first, "#4a5568") : null, el("small", {}, ` (${view.deck_size} ${env.t("deck")})`)));
    }
    if (byPiece.size > 1) {
      controls.append(el("div", { class: "pieces", role: "group", "aria-label": env.t("piece") },
        el("span", {}, `${env.t("piece")}: `),
        [...byPiece.keys()].map((p) => el("button", { class: p === piece ? "choice active" : "choice", dataset: { piece: p },
          onclick: () => { piece = p; orient = null; update(data); } }, p, shapeFor(p, byPiece.get(p).keys().next().value)
          ? miniShape(shapeFor(p, byPiece.get(p).keys().next().value), SEAT_COLOURS[me], 8) : null))));
    }
    if (orients.size) {
      controls.append(el("div", { class: "orients", role: "group", "aria-label": env.t("orientation") },
        el("span", {}, `${env.t("orientation")}: `),
        [...orients.keys()].map((o) => el("button", { class: o === orient ? "choice active" : "choice", dataset: { orient: o },
          title: `${piece} ${o}`, onclick: () => { orient = o; update(data); } },
          shapeFor(piece, o) ? miniShape(shapeFor(piece, o), SEAT_COLOURS[me]) : o, el("small", {}, o)))));
      controls.append(el("p", { class: "hint" }, env.t("clickAnchor")));
    } else if (seat !== null && view.players[me].submitted && !table.is_over) {
      controls.append(el("p", { class: "hint" }, env.t("waitingOther")));
    }
    if (view.outcome) controls.append(el("p", { class: "outcome" }, endReason(view)));
    if (view.revealed.length) controls.append(el("p", { class: "muted small" }, view.revealed.join(" · ")));

    root.replaceChildren(el("div", { class: "cso-board" }, controls,
      el("div", { class: "cso-titles" }, title(me), title(other)), picture));
  }

  return { update, endReason };
}
