// The Markdown the rules summaries use, built as DOM nodes (text is never parsed as HTML).
import { el } from "./api.js";

/** Inline Markdown: **bold**, *italic*, `code`; the text is escaped by building text nodes. */
function inline(text) {
  const parts = [];
  const pattern = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("**")) parts.push(el("strong", {}, token.slice(2, -2)));
    else if (token.startsWith("`")) parts.push(el("code", {}, token.slice(1, -1)));
    else parts.push(el("em", {}, token.slice(1, -1)));
    last = match.index + token.length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** The Markdown the rules summaries use: headings, paragraphs, bullet and numbered lists, tables. */
export function markdown(source) {
  const blocks = [];
  let list = null;
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) blocks.push(el("p", {}, inline(paragraph.join(" "))));
    paragraph = [];
  };
  for (const raw of source.split("\n")) {
    const line = raw.trimEnd();
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    const item = line.match(/^\s*(?:[-*]|\d+\.)\s+(.*)$/);
    if (heading) {
      flush(); list = null;
      blocks.push(el(`h${Math.min(heading[1].length + 1, 5)}`, {}, inline(heading[2])));
    } else if (item) {
      flush();
      if (!list) { list = el(/^\s*\d/.test(line) ? "ol" : "ul"); blocks.push(list); }
      list.append(el("li", {}, inline(item[1])));
    } else if (line.startsWith("|")) {
      flush(); list = null;
      if (/^\|[\s:|-]+\|$/.test(line)) continue;
      const cells = line.slice(1, -1).split("|").map((c) => el("td", {}, inline(c.trim())));
      let tableEl = blocks[blocks.length - 1];
      if (!(tableEl instanceof HTMLTableElement)) { tableEl = el("table", { class: "md" }); blocks.push(tableEl); }
      tableEl.append(el("tr", {}, cells));
    } else if (!line.trim()) {
      flush(); list = null;
    } else if (list && raw.startsWith("  ")) {
      list.lastChild.append(" ", ...inline(line.trim()));
    } else {
      list = null; paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
