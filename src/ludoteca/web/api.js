// Small helpers shared by the pages: JSON requests with readable errors, and DOM building.
import { getLang } from "./i18n.js";

/** A JSON request. A refusal throws an Error with the server's reason in the page's language and
 * its `status`; a request that never reached the server throws one with `network` set. */
export async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, {
      ...options,
      headers: { "content-type": "application/json", ...(options.headers || {}) },
    });
  } catch (cause) {
    throw Object.assign(new Error(String(cause)), { network: true });
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const spanish = getLang() === "es" && body.detail_es;
    const error = new Error(spanish || body.detail || `${response.status} ${response.statusText}`);
    throw Object.assign(error, { status: response.status });
  }
  return body;
}

/** el("button", {class: "x", onclick: f}, "text", child) — attributes, then children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A seat link with its secret in the fragment (`/table/x#token=…`), which the browser never sends
 * to the server, from the `?token=` form the REST API answers with. */
export function fragmentLink(link) {
  if (!link) return link;
  const url = new URL(link, location.href);
  const token = url.searchParams.get("token");
  if (!token) return link;
  url.searchParams.delete("token");
  url.hash = `token=${encodeURIComponent(token)}`;
  return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** A game's name in the page language. */
export function gameName(info, lang) {
  return info.names[lang] || info.names.en;
}

/** An option's name and its choices' names for people, in `lang` (the raw name as a fallback). */
export function optionLabel(option, lang) {
  return (option.labels || {})[lang] || (option.labels || {}).en || option.name;
}

export function choiceLabel(option, choice, lang) {
  const names = (option.choice_labels || {})[lang] || (option.choice_labels || {}).en || {};
  return names[String(choice)] || String(choice);
}

/** The name of a game's component (`kind` "flower", `id` "tulip") in `lang`, from the game's own
 * catalogue as its /api/games entry carries it; English where `lang` has none, else the id. */
export function componentName(info, lang, kind, id) {
  const names = info?.components || {};
  return names[lang]?.[kind]?.[id] ?? names.en?.[kind]?.[id] ?? id;
}

/** Options and renderers of every game, fetched once per page. */
let gamesPromise;
export function games() {
  gamesPromise ??= api("/api/games");
  return gamesPromise;
}
