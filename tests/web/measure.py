"""What a phone user meets on a page, measured in the browser as rendered (after CSS and SVG scaling).

Each function returns the offenders (a short description each), so that a failing test names them.
"""

from __future__ import annotations

OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"

# Tap targets: what the page makes clickable (a pointer cursor set on the element itself, not
# inherited from a clickable parent) and form controls, when visible. Size is the rendered box
# (a tick box's: its label's, when the label holds it).
_TARGETS = """(minimum) => {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none"
      && !el.closest("[hidden], [inert]");
  };
  const clickable = (el) => {
    if (el.matches("button, select, input:not([type=hidden]), a[href]")) return true;
    const cursor = getComputedStyle(el).cursor;
    const parent = el.parentElement;
    return cursor === "pointer" && !(parent && getComputedStyle(parent).cursor === "pointer");
  };
  const small = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!clickable(el) || !visible(el)) continue;
    // A tick box inside its label is tapped through the whole label: the label is the target.
    const wrapped = el.matches("input[type=checkbox], input[type=radio]") ? el.closest("label") : null;
    const box = (wrapped || el).getBoundingClientRect();
    if (box.width < minimum || box.height < minimum) {
      const name = el.getAttribute("data-action") || el.id || el.className.baseVal || el.className
        || el.textContent.trim().slice(0, 20);
      small.push(`${el.tagName.toLowerCase()} ${name}: ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
    }
  }
  return small;
}"""

# Text: every element that holds its own visible text, at its rendered size (an SVG text's font
# size times the scale its SVG is drawn at).
_TEXT = """(minimum) => {
  const small = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("[hidden], title, script, style, option")) continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === "hidden" || style.display === "none") continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      const matrix = el.getScreenCTM();
      if (matrix) size *= Math.hypot(matrix.a, matrix.b);
    }
    if (size < minimum - 0.01) {
      small.push(`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className} `
        + `"${el.textContent.trim().slice(0, 24)}": ${size.toFixed(1)}px`);
    }
  }
  return small;
}"""


def overflow(page) -> int:
    """How far the document is wider than the window (0 or less: no sideways scroll)."""
    return page.evaluate(OVERFLOW)


def small_targets(page, minimum: float = 40) -> list[str]:
    return page.evaluate(_TARGETS, minimum)


def small_text(page, minimum: float = 12) -> list[str]:
    return page.evaluate(_TEXT, minimum)
