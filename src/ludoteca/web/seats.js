// One colour and one mark per seat, everywhere on a table page: seat bar, board, log.
// The default palette is Okabe and Ito's, chosen to stay apart for the common colour blindnesses;
// the mark (shape) tells seats apart without colour at all. A renderer whose game has printed
// piece colours (Blue Lagoon) exports its own `seatColours`, and the page follows them.
import { el } from "./api.js";

export const SEAT_COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00"];
export const SEAT_MARKS = ["●", "▲", "■", "◆", "★"];

/** The seat's mark in its colour, for a renderer's headings: the shape says the seat without
 * colour (`data-seat-mark` names the seat, so the page's tests find every mark). */
export function seatMark(seat) {
  return el("span", { class: `seat-mark seat-${seat}`, dataset: { seatMark: seat }, "aria-hidden": "true" },
    `${SEAT_MARKS[seat % SEAT_MARKS.length]} `);
}

/** Make `colours` the page's --seat0 … --seat4, so CSS and SVG share them. */
export function applySeatColours(colours = SEAT_COLOURS) {
  colours.forEach((colour, seat) => document.documentElement.style.setProperty(`--seat${seat}`, colour));
}

/** The colour of `seat` as the page now uses it. */
export function seatColour(seat) {
  return getComputedStyle(document.documentElement).getPropertyValue(`--seat${seat}`).trim()
    || SEAT_COLOURS[seat % SEAT_COLOURS.length];
}
