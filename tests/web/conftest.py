"""A real server (uvicorn in a thread, on a free port) and headless Debian chromium via Playwright."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items):
    if not CHROMIUM.exists():
        skip = pytest.mark.skip(reason="Debian's chromium (/usr/bin/chromium) is not installed")
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory) -> Iterator[str]:
    import uvicorn

    from ludoteca.server import create_app
    from ludoteca.server.settings import Settings

    port = _free_port()
    database = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    # One client (the tests) opens a few hundred tables in minutes: the creation limit, which
    # tests/server checks, would refuse some of them on a fast machine, so it is lifted here.
    settings = Settings(tables_burst=10**6, tables_per_minute=10**6)
    app = create_app(str(database), settings=settings)
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:  # a readiness wait, not a timing assertion
        if not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, request):
    """A fresh browser context per test; its console errors fail the test."""
    # Playwright's own waiting helpers evaluate strings, which the server's CSP (script-src 'self')
    # forbids; test_csp.py checks the pages themselves under the real policy.
    context = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.set_default_timeout(15000)
    page.console_errors = errors  # a test that provokes a refusal removes the browser's note of it
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    name = request.node.name.replace("[", "-").replace("]", "").replace("/", "-")
    page.screenshot(path=str(ARTIFACTS / f"{name}-final.png"), full_page=True)
    context.close()
    assert not errors, errors


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def choose_language(page, lang: str) -> None:
    """Pick the page language once the page's script has wired the switcher (else the choice is lost)."""
    page.wait_for_selector("#lang[data-wired]", state="attached")
    page.select_option("#lang", lang)
