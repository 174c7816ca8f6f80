"""Every finished game says why it ended (`Result.reason`), in every language ludoteca speaks,
and a game still running gives no reason."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.core import Message
from ludoteca.core.messages import languages

CASES = [pytest.param(info.id, preset, players, id=f"{info.id}-{preset}-{players}p")
         for info in ludoteca.list_games() for preset in ludoteca.load(info.id).presets
         for players in info.player_counts]


@pytest.mark.parametrize("game_id,preset,players", CASES)
def test_a_finished_game_says_why_it_ended_in_every_language(game_id, preset, players):
    game = ludoteca.load(game_id)
    state = game.new_state(players, seed=8, **game.presets[preset])
    chooser = random.Random(players)
    assert state.result().reason is None, "a game that has not started gave an end reason"
    while not state.is_over:
        player = chooser.choice(state.to_move)
        state.apply(chooser.choice(state.legal_actions(player)), player)
        if not state.is_over and chooser.random() < 0.05:
            assert state.result().reason is None, "a running game gave an end reason"
    result = state.result()
    assert isinstance(result.reason, Message), "a finished game without a reason"
    texts = {lang: result.reason.text(lang) for lang in languages()}
    assert all(texts.values()), f"an empty reason: {texts}"
    assert len(set(texts.values())) == len(texts), f"a reason not translated: {texts}"
    assert result.to_dict()["reason"] == texts
    assert state.end_reason() == result.reason
    restored = game.state_from_json(state.to_json())
    assert restored.result().to_dict()["reason"] == texts, "the reason was lost in a JSON round trip"
