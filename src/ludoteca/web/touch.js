// Fingers, not mice: boards drawn large enough to tap and read, and a tap that shows what a hover shows.
//
// A board SVG scales with its column, so on a phone its squares and hexes can shrink below a
// fingertip and its labels below legibility. fitBoards() reads each board's own smallest target
// and smallest text (in the SVG's units) and, when the board is drawn smaller than both need,
// gives it a minimum width and puts it in a strip that pans sideways: the page itself never
// scrolls sideways, the board does. No renderer has to know.
export const MIN_TARGET = 40; // px: a fingertip (phones and touch screens)
export const MIN_POINTER_TARGET = 24; // px: a mouse pointer (the WCAG minimum target size)
export const MIN_TEXT = 12; // px: the smallest text a page shows
const FINGERS = "(max-width: 600px), (pointer: coarse)"; // as style.css sizes its controls

const panScroll = new Map(); // board index → how far it was panned, kept across redraws

function clickable(node) {
  const parent = node.parentElement;
  return getComputedStyle(node).cursor === "pointer" && !(parent && getComputedStyle(parent).cursor === "pointer");
}

/** The scale (screen px per SVG unit) at which `picture`'s smallest target and text are big enough. */
function neededScale(picture) {
  const target = matchMedia(FINGERS).matches ? MIN_TARGET : MIN_POINTER_TARGET;
  let scale = 0;
  for (const text of picture.querySelectorAll("text")) {
    if (!text.textContent.trim() || text.closest("title")) continue;
    const size = parseFloat(getComputedStyle(text).fontSize);
    if (size > 0) scale = Math.max(scale, MIN_TEXT / size);
  }
  for (const node of picture.querySelectorAll("*")) {
    if (!(node instanceof SVGGraphicsElement) || !clickable(node)) continue;
    const box = node.getBBox();
    const side = Math.min(box.width, box.height);
    if (side > 0) scale = Math.max(scale, target / side);
  }
  return scale;
}

function drawnScale(picture) {
  const matrix = picture.getScreenCTM();
  return matrix ? Math.hypot(matrix.a, matrix.b) : 1;
}

/** Enlarge, inside a sideways-panning strip, every board picture of `root` drawn too small to use. */
export function fitBoards(root) {
  const pictures = [...root.querySelectorAll("svg[viewBox]")].filter((p) => !p.closest("button, .pan")
    && p.getAttribute("aria-hidden") !== "true" && p.viewBox.baseVal.width > 0);
  pictures.forEach((picture, index) => {
    if (picture.dataset.fitted) { // a renderer that keeps its picture between updates: measure afresh
      for (const name of ["width", "min-width", "height", "max-width", "max-height"]) picture.style.removeProperty(name);
      delete picture.dataset.fitted;
    }
    const needed = neededScale(picture);
    if (!needed || drawnScale(picture) >= needed - 0.001) return;
    const strip = document.createElement("div");
    strip.className = "pan";
    strip.dataset.board = String(index);
    picture.replaceWith(strip);
    strip.append(picture);
    const { width, height } = picture.viewBox.baseVal;
    picture.dataset.fitted = "1";
    Object.assign(picture.style, {
      width: `${Math.ceil(width * needed)}px`, minWidth: `${Math.ceil(width * needed)}px`,
      height: `${Math.ceil(height * needed)}px`, maxWidth: "none", maxHeight: "none",
    });
    strip.scrollLeft = panScroll.get(index) || 0;
    strip.addEventListener("scroll", () => panScroll.set(index, strip.scrollLeft), { passive: true });
  });
}

// ---- tap to see what hover shows --------------------------------------------------------------

/** The text a mouse would see on hovering `node`: its own or an ancestor's title (HTML attribute
 * or SVG <title> child). */
function hoverText(node) {
  for (let at = node; at && at !== document.body; at = at.parentElement) {
    if (at.getAttribute?.("title")) return at.getAttribute("title");
    const title = at instanceof SVGElement ? [...at.children].find((c) => c.tagName === "title") : null;
    if (title && title.textContent.trim()) return title.textContent.trim();
  }
  return "";
}

function bubble() {
  let tip = document.getElementById("tip");
  if (!tip) {
    tip = document.createElement("div");
    tip.id = "tip";
    tip.className = "tip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    document.body.append(tip);
  }
  return tip;
}

function showTip(text, x, y) {
  const tip = bubble();
  tip.textContent = text;
  tip.hidden = false;
  const width = Math.min(tip.offsetWidth, document.documentElement.clientWidth - 16);
  tip.style.left = `${Math.max(8, Math.min(x - width / 2, document.documentElement.clientWidth - width - 8))}px`;
  tip.style.top = `${Math.max(8, y - tip.offsetHeight - 14)}px`;
}

/** On touch screens a tap on anything that has a tooltip shows it in a bubble (a mouse still
 * hovers); the next tap anywhere, or a scroll, hides it. */
export function tapForTooltips() {
  document.addEventListener("pointerdown", () => { bubble().hidden = true; }, true);
  window.addEventListener("scroll", () => { bubble().hidden = true; }, { passive: true });
  document.addEventListener("pointerup", (event) => {
    if (event.pointerType === "mouse") return;
    const text = hoverText(event.target);
    if (text) showTip(text, event.clientX, event.clientY);
  });
}
