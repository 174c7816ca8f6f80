/*
 * Renderer interface (every games/<game-id>.js follows it; this file is the fallback for any game
 * without its own renderer, so every registered game is playable in the browser):
 *
 *   export function create(root, env) -> { update(data) }
 *
 *   root  an empty element the renderer owns.
 *   env   { act(text) -> Promise: plays an action in the game's notation for the shown seat
 *           (errors are shown by the page), t(key) -> text in the page language, lang() -> "en"|"es" }
 *   data  { view, table, game, lang, replay, since } given on every update:
 *         view  = { seat (null: spectator), view (state.view(seat)), render: {en, es} (text picture),
 *                   history: [[player, text]], legal: [action texts; empty unless this seat acts now],
 *                   actions: [{text, kind, ...}] (the legal actions as data, see Game.action_data),
 *                   log: {en: [[seat, sentence, action, round, notation]], es: [...]} (the moves in
 *                        words, each with the index of its action in the record, its round and
 *                        its notation, null while secret to this seat) }
 *         table = { id, game, num_players, options, seats, to_move, is_over, actions }
 *         game  = the game's entry of /api/games (names, options, components: {lang: {kind: {id:
 *                 name}}}, the names of the game's components from its own catalogue, ...);
 *                 replay: true in the replay viewer.
 *         since = the shown seat's `view` as it was right after its own last action (a spectator's:
 *                 the previous position), or null: the renderer marks what differs (class
 *                 "changed") so a person sees what the others did. Renderers read actions and
 *                 boards as data (`actions`, the view's structures), never by parsing notation.
 *
 *   A renderer may also return endReason(view, lang) -> why the game ended, in words.
 *   A renderer with a stylesheet of its own exports its address as `stylesheet`: the page loads it
 *   before the first update, so that the board is measured (touch.js) at its styled sizes.
 *
 * update() is called after every change; keep choices the person is making (a selected piece, a
 * filter) in the renderer between calls. Legal actions are chosen by clicking; multi-step turns are
 * sequences of small actions, so showing the current legal list after each step guides the turn.
 */
import { el } from "../api.js";

const MANY = 40; // above this many actions in a group, offer a filter box

export function create(root, env) {
  let filter = "";
  let lastLegal = "";

  /** The legal actions grouped by their kind (from the server's structured form). */
  function groups(actions) {
    const byKind = new Map();
    for (const action of actions) {
      if (!byKind.has(action.kind)) byKind.set(action.kind, []);
      byKind.get(action.kind).push(action.text);
    }
    return byKind;
  }

  function update(data) {
    const { view, lang } = data;
    const key = view.legal.join("|");
    if (key !== lastLegal) filter = "";
    lastLegal = key;
    const picture = el("pre", { class: "render", "aria-label": env.t("board") }, view.render[lang] || view.render.en);
    const actions = el("div", { class: "actions" });
    if (view.legal.length) {
      actions.append(el("h3", {}, env.t("legal")));
      for (const [word, texts] of groups(view.actions || [])) {
        const list = el("div", { class: "action-list" });
        const fill = () => list.replaceChildren(...texts
          .filter((text) => text.toLowerCase().includes(filter.toLowerCase()))
          .map((text) => el("button", { class: "action", dataset: { action: text }, onclick: () => env.act(text) }, text)));
        fill();
        const box = el("input", { type: "search", placeholder: env.t("filter"), value: filter, "aria-label": env.t("filter"),
          oninput: (e) => { filter = e.target.value; fill(); } });
        actions.append(el("section", { class: "action-group", dataset: { group: word } },
          el("h4", {}, word, el("small", {}, ` (${texts.length})`)), texts.length > MANY ? box : null, list));
      }
      const typed = el("input", { list: "legal-actions", placeholder: env.t("typeAction"), "aria-label": env.t("typeAction") });
      actions.append(el("form", { class: "typed", onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) env.act(typed.value.trim()); } },
        typed, el("datalist", { id: "legal-actions" }, view.legal.slice(0, 500).map((text) => el("option", { value: text }))),
        el("button", { type: "submit" }, env.t("play"))));
    }
    const focused = document.activeElement;
    const refocus = focused && root.contains(focused) && focused.type === "search";
    root.replaceChildren(el("div", { class: "generic" }, picture, actions));
    if (refocus) root.querySelector('input[type="search"]')?.focus();
  }

  return { update };
}
