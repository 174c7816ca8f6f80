// The game's rules in a drawer over the table: reading them never leaves the table (its socket,
// its marks, a half-chosen move all stay). The rules page itself stays for a link of its own.
import { api, el } from "./api.js";
import { getLang, t } from "./i18n.js";
import { markdown } from "./markdown.js";

let opener = null; // what had the focus, given back on closing

function drawer() {
  let box = document.getElementById("rules-drawer");
  if (!box) {
    box = el("aside", { id: "rules-drawer", class: "drawer", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "rules-drawer-title", hidden: true });
    document.body.append(box);
    document.addEventListener("keydown", (event) => { if (event.key === "Escape" && !box.hidden) closeRules(); });
  }
  return box;
}

export function closeRules() {
  drawer().hidden = true;
  opener?.focus();
}

/** Open the rules of `gameId` in the page's language. */
export async function openRules(gameId, title) {
  opener = document.activeElement;
  const box = drawer();
  const lang = getLang();
  const body = el("div", { class: "drawer-body" }, el("p", { class: "muted" }, "…"));
  box.replaceChildren(
    el("div", { class: "drawer-head" },
      el("h2", { id: "rules-drawer-title" }, `${title} · ${t("rules")}`),
      el("button", { type: "button", id: "rules-close", onclick: closeRules, "aria-label": t("close") }, "✕")),
    body);
  box.hidden = false;
  box.querySelector("#rules-close").focus();
  try {
    const { text } = await api(`/api/games/${encodeURIComponent(gameId)}/rules?lang=${lang}`);
    body.replaceChildren(...markdown(text));
  } catch (error) {
    body.replaceChildren(el("p", { class: "error" }, error.message));
  }
}
