// The page's own words, in every language ludoteca speaks: read from the web catalogue,
// data/messages.<lang>.json (a flat {"code": "template with {named} arguments"}, as every
// catalogue of the project), for the languages listed in data/languages.json. A third language is
// a data change: its file, translated, and its code in the list. The choice is remembered in
// localStorage.
const KEY = "ludoteca.lang";
const FALLBACK = "en";

async function load(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return response.json();
}

/** The languages of the page, in the order the language switcher lists them. */
export const LANGUAGES = await load("/static/data/languages.json");
const TEXT = Object.fromEntries(await Promise.all(
  LANGUAGES.map(async (lang) => [lang, await load(`/static/data/messages.${lang}.json`)])));

export function getLang() {
  const saved = localStorage.getItem(KEY);
  if (LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.language || FALLBACK).toLowerCase().split("-")[0];
  return LANGUAGES.includes(browser) ? browser : FALLBACK;
}

export function setLang(lang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

/** The text of `key` in the page's language (English when that language lacks it), its
 * `{named}` arguments filled from `args`. */
export function t(key, args = {}) {
  const template = TEXT[getLang()][key] ?? TEXT[FALLBACK][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/** Fill every [data-i18n] element of the page and wire the language switcher (#lang). */
export function translatePage(onChange) {
  document.documentElement.lang = getLang();
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  const select = document.getElementById("lang");
  if (select && !select.dataset.wired) {
    select.replaceChildren(...LANGUAGES.map((lang) => new Option(TEXT[lang].language, lang)));
    select.dataset.wired = "1";
    select.value = getLang();
    select.addEventListener("change", () => {
      setLang(select.value);
      translatePage(onChange);
      onChange?.();
    });
  }
}
