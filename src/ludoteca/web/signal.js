// The your-turn signal beyond the tab's title ("● Your turn"): an optional short sound and, when
// the person allows it, a system notification while the table's tab is not in view. Both are
// opt-in, chosen on the table page and remembered in localStorage for every table.
import { el } from "./api.js";
import { t } from "./i18n.js";

const SOUND = "ludoteca.signal.sound";
const NOTIFY = "ludoteca.signal.notify";

let wasMyTurn = null; // null until the first position is seen: opening a table is no signal

function wanted(key) {
  return localStorage.getItem(key) === "1";
}

function remember(key, on) {
  localStorage.setItem(key, on ? "1" : "0");
}

/** A short two-note chime, made on the spot (no sound file to fetch). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  [660, 880].forEach((pitch, index) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    const start = audio.currentTime + index * 0.16;
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.15, start);
    volume.gain.exponentialRampToValueAtTime(0.001, start + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.32);
  });
  setTimeout(() => audio.close?.(), 1000);
}

function notify(title, body, tag) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  if (document.visibilityState === "visible") return; // the page itself already says so
  const note = new Notification(title, { body, tag, icon: "/static/logo.svg" });
  note.onclick = () => { window.focus(); note.close(); };
}

/** Call on every drawn position: signals once when the turn passes to this page's seat. */
export function turnSignal(myTurn, { title, body, tag }) {
  const started = wasMyTurn === false && myTurn;
  wasMyTurn = myTurn;
  if (!started) return;
  if (wanted(SOUND)) chime();
  if (wanted(NOTIFY)) notify(title, body, tag);
}

async function askNotifications(reason) {
  if (!("Notification" in window)) {
    reason.textContent = t("notifyUnsupported");
    return false;
  }
  const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  reason.textContent = answer === "granted" ? "" : t("notifyDenied");
  return answer === "granted";
}

/** The two opt-in switches, in the page's language (drawn again on a language switch). */
export function drawSignalControls(box) {
  const reason = el("small", { class: "muted", id: "notify-why" });
  const sound = el("input", { type: "checkbox", id: "signal-sound", checked: wanted(SOUND),
    onchange: () => remember(SOUND, sound.checked) });
  const note = el("input", { type: "checkbox", id: "signal-notify", checked: wanted(NOTIFY) && canNotify(),
    onchange: async () => {
      const on = note.checked && await askNotifications(reason);
      note.checked = on;
      remember(NOTIFY, on);
    } });
  box.replaceChildren(
    el("label", { class: "check" }, sound, ` ${t("signalSound")}`),
    el("label", { class: "check" }, note, ` ${t("signalNotify")}`),
    reason);
}

function canNotify() {
  return "Notification" in window && Notification.permission === "granted";
}
