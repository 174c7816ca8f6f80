// A game's rules page: its rules summary (Markdown from the server) and its options.
import { api, choiceLabel, el, gameName, games, optionLabel } from "./api.js";
import { getLang, t, translatePage } from "./i18n.js";
import { markdown } from "./markdown.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());

function defaultText(option, lang) {
  const value = option.default;
  if (Array.isArray(value)) return value.length ? value.map((v) => choiceLabel(option, v, lang)).join(", ") : "—";
  return option.choices.length ? choiceLabel(option, value, lang) : JSON.stringify(value);
}

async function draw() {
  const lang = getLang();
  const catalogue = await games();
  const info = catalogue.games.find((g) => g.id === gameId);
  if (!info) {
    document.getElementById("rules").textContent = `unknown game ${gameId}`;
    return;
  }
  document.title = `${gameName(info, lang)} · ${t("rules")}`;
  document.getElementById("game-name").textContent = `${gameName(info, lang)} · ${t("rules")}`;
  const { text } = await api(`/api/games/${encodeURIComponent(gameId)}/rules?lang=${lang}`);
  document.getElementById("rules").replaceChildren(...markdown(text));
  document.getElementById("options").replaceChildren(
    el("h2", {}, t("options")),
    info.options.length
      ? el("dl", {}, info.options.flatMap((o) => [
        el("dt", {}, el("strong", {}, optionLabel(o, lang)), " ", el("code", {}, o.name), ` = ${defaultText(o, lang)}`),
        el("dd", {}, (o.helps || {})[lang] || (lang === "es" ? o.help_es : o.help))]))
      : el("p", {}, "—"),
  );
}

translatePage(draw);
draw();
