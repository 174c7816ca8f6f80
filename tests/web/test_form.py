"""The table-creation form speaks to people: every option has a label and help in the page's
language, its choices are named (Santa Monica's sand dollar faces by name, not `TWO`/`COL`), the
seats start as a good first game (mcts, normal), and a language switch keeps what was chosen."""

from __future__ import annotations

import httpx
import pytest

import ludoteca

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser

GAMES = [info.id for info in ludoteca.list_games()]


def _options(base_url: str, game_id: str) -> list[dict]:
    catalogue = httpx.get(f"{base_url}/api/games", timeout=60).json()
    return next(game for game in catalogue["games"] if game["id"] == game_id)["options"]


def _field_texts(page, option: dict) -> tuple[str, list[str], str]:
    """The label, the shown choices and the help of one option's field."""
    field = page.locator(f"#create-form .field:has(#opt-{option['name']})")
    label = field.locator("label").first.inner_text().strip()
    if option["kind"] == "list":
        choices = [text.strip() for text in field.locator(".checks label").all_inner_texts()]
    elif option["choices"]:
        choices = [text.strip() for text in field.locator("option").all_inner_texts()]
    else:
        choices = []
    return label, choices, field.locator("small").inner_text().strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_a_label_help_and_named_choices_in_both_languages(page, base_url, game_id):
    options = _options(base_url, game_id)
    assert "content" not in [option["name"] for option in options]  # the operator's, not the form's
    page.goto(base_url)
    for lang in ("en", "es"):
        choose_language(page, lang)
        page.locator(f'.game-card[data-game="{game_id}"] button').click()
        page.wait_for_selector("#create-form select[name=num_players]")
        for option in options:
            label, choices, help_text = _field_texts(page, option)
            assert label == option["labels"][lang] and label != option["name"], (game_id, option["name"])
            assert help_text == option["helps"][lang] and help_text, (game_id, option["name"])
            names = option["choice_labels"][lang]
            assert choices == [names[str(choice)] for choice in option["choices"]], (game_id, option["name"])
        assert page.locator("select[name=bot-1]").input_value() == "mcts"
        assert page.locator("select[name=level-1]").input_value() == "normal"
        shot(page, f"{game_id}-form-{lang}")
    if game_id == "santa-monica":  # the sand dollar faces, by name
        assert "TWO" not in page.locator("#opt-sand_dollar_faces").inner_text()
        assert "Doble Elección" in page.locator("#opt-sand_dollar_faces").inner_text()


def test_a_language_switch_keeps_translated_choices(page, base_url):
    page.goto(base_url)
    choose_language(page, "en")
    page.locator('.game-card[data-game="city-square-off"] button').click()
    page.wait_for_selector("#create-form select[name=num_players]")
    page.select_option("#opt-variant", "city_sprint")
    page.locator("#opt-excluded_starters input[value=modern]").check()
    page.locator("#opt-starter_anywhere").check()
    choose_language(page, "es")
    page.wait_for_selector("#create-button:text('Crear mesa')")
    assert page.locator("#opt-variant").input_value() == "city_sprint"
    assert page.locator("#opt-variant option:checked").inner_text() == "City Sprint"
    assert page.locator("#opt-excluded_starters input[value=modern]").is_checked()
    assert page.locator("#opt-starter_anywhere").is_checked()
    label = page.locator("label[for=opt-starter_anywhere]").inner_text().strip()
    assert label == "Ficha de inicio en cualquier lugar"
    assert page.locator("#opt-excluded_starters").inner_text().count("Moderna") == 1
