"""The terminal picture names cards in the chosen language and marks colours with Rich markup."""

from .positions import position


def test_render_in_both_languages():
    state = position(2, {0: ["museum", "film_studios"]}, display=["zoo"], row=["cat_cafe"])
    english = state.render("en", player=0)
    spanish = state.render("es")
    assert "Museum (B 4)" in english and "Film Studios" in english and "Cat Café [G2]" in english
    assert "Museo (B 4)" in spanish and "Estudios de cine" in spanish and "Zona central: Zoo (O 8)" in spanish
    assert "[blue]Museum (B 4)[/]" in state.render("en", markup=True)


def test_render_shows_the_expert_market_colour():
    state = position(2, {0: ["school"]}, expert=True, markets="PY")
    assert "Happy Market (P) | School (B 2)" in state.render("en")
