"""The your-turn signal: besides the tab's title, an opt-in sound and an opt-in system notification
(asked for only when the person ticks it), remembered across visits.

Chromium headless has no notification service or speakers, so the page's `Notification` and
`AudioContext` are replaced by recorders before the page's scripts run, and the page is told it is
not in view (a notification is only sent while the tab is in the background)."""

from __future__ import annotations

import httpx
import pytest

from .test_browser import play_one_turn

pytestmark = pytest.mark.browser

RECORDERS = """
window.__notes = []; window.__chimes = 0; window.__asked = 0;
class RecordedNotification {
  constructor(title, options) { window.__notes.push({ title, body: options.body, tag: options.tag }); }
  close() {}
}
RecordedNotification.permission = sessionStorage.getItem("permission") || "default";
RecordedNotification.requestPermission = async () => {
  window.__asked += 1;
  sessionStorage.setItem("permission", "granted");
  RecordedNotification.permission = "granted";
  return "granted";
};
window.Notification = RecordedNotification;
class RecordedAudio {
  constructor() { window.__chimes += 1; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (next) => next, start() {}, stop() {} }; }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next) => next };
  }
  close() {}
}
window.AudioContext = RecordedAudio;
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
"""


def _table(base_url: str) -> tuple[str, str]:
    table = httpx.post(f"{base_url}/api/tables", timeout=60, json={
        "game": "blue-lagoon", "seed": 5, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }).json()
    return table["id"], next(seat["link"] for seat in table["seats"] if seat.get("link"))


def _back_to_my_turn(page) -> None:
    """Play a move and wait for the bot's answer (a readiness wait: a loaded machine is slow)."""
    assert play_one_turn(page)
    page.wait_for_selector(".status.your-turn", timeout=90000)


def test_sound_and_notification_only_when_chosen_and_remembered(page, base_url):
    table_id, link = _table(base_url)
    page.add_init_script(RECORDERS)
    page.goto(base_url + link)
    page.wait_for_selector(".status.your-turn")
    assert not page.locator("#signal-sound").is_checked()
    assert not page.locator("#signal-notify").is_checked()

    _back_to_my_turn(page)  # not chosen: the title changes, nothing else
    assert page.evaluate("[window.__notes.length, window.__chimes, window.__asked]") == [0, 0, 0]
    assert page.title().startswith("● Your turn")

    page.locator("#signal-sound").check()
    page.locator("#signal-notify").check()
    page.wait_for_function("window.__asked === 1")
    _back_to_my_turn(page)
    page.wait_for_function("window.__notes.length === 1")
    note = page.evaluate("window.__notes[0]")
    assert note["title"] == "● Your turn" and note["tag"] == table_id and "Blue Lagoon" in note["body"]
    assert page.evaluate("window.__chimes") == 1

    page.reload()  # remembered, and permission is not asked again
    page.wait_for_selector(".status.your-turn")
    assert page.locator("#signal-sound").is_checked()
    assert page.locator("#signal-notify").is_checked()
    _back_to_my_turn(page)
    # (the recorders count afresh on every page load)
    page.wait_for_function("window.__notes.length === 1 && window.__chimes === 1")
    assert page.evaluate("window.__asked") == 0

    page.locator("#signal-sound").uncheck()
    _back_to_my_turn(page)
    page.wait_for_function("window.__notes.length === 2")
    assert page.evaluate("window.__chimes") == 1
