"""The move log in words is kept with the state (`core.sentences`): it must read exactly as a
fresh replay of the record reads, for every game, seat and language, however the history grew
(appended moves, an undo, a clone that went another way, a state restored from JSON)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import ludoteca
from ludoteca.core.messages import languages

CASES = [pytest.param(info.id, preset, id=f"{info.id}-{preset}")
         for info in ludoteca.list_games() for preset in ludoteca.load(info.id).presets]


def _fresh_replay_in_words(state, lang, viewer):
    """The log as it reads with nothing kept: every move described in a new replay of the record."""
    game = state.game
    shown = Counter(state.visible_history(viewer))
    replay = game.new_state(state.num_players, state.seed, **state.options)
    lines = []
    for player, text in state.history:
        action = game.parse_action(text, replay)
        you = viewer == player
        secret = not you and shown[(player, text)] == 0
        if shown[(player, text)]:
            shown[(player, text)] -= 1
        lines.append((player, game._describe(replay, action, player, lang, you, secret)))
        replay.apply(action, player)
    return lines


def _check_reads_as_fresh(state):
    for viewer in (*range(state.num_players), None):
        for lang in languages():
            assert state.history_in_words(lang, viewer) == _fresh_replay_in_words(state, lang, viewer), (
                f"the kept log differs from a fresh replay after {len(state.history)} moves "
                f"({lang}, viewer {viewer})")


def _play(state, chooser, moves):
    for _ in range(moves):
        if state.is_over:
            return
        player = chooser.choice(state.to_move)
        state.apply(chooser.choice(state.legal_actions(player)), player)


@pytest.mark.parametrize("game_id,preset", CASES)
def test_the_kept_log_reads_as_a_fresh_replay(game_id, preset):
    game = ludoteca.load(game_id)
    players = game.info.max_players
    state = game.new_state(players, seed=5, **game.presets[preset])
    chooser = random.Random(11)
    checkpoints = 0
    while not state.is_over:
        _play(state, chooser, chooser.randint(1, 25))  # the log is read between runs of moves
        _check_reads_as_fresh(state)
        checkpoints += 1
        if checkpoints % 3 == 0:
            _check_after_undo_and_divergence(state, chooser)
    assert state.history_in_words("en", 0), "a finished game with an empty log"


def _check_after_undo_and_divergence(state, chooser):
    """A shorter history (undo) and another continuation of the same start (a clone) read as
    fresh replays too, and the original's log is not disturbed by them."""
    game = state.game
    seat = state.history[-1][0]
    answer = state.undo_check(seat, humans=())
    if answer.allowed:
        _check_reads_as_fresh(state.undone(seat, humans=()))
    shorter = game.replay(game.record(state), upto=len(state.history) // 2)
    shorter.history_in_words("en", None)
    other = shorter.clone()
    _play(other, random.Random(chooser.random()), 10)
    _check_reads_as_fresh(other)
    restored = game.state_from_json(state.to_json())
    _check_reads_as_fresh(restored)
    _check_reads_as_fresh(state)


def test_a_history_rewritten_in_place_is_described_again():
    """Whatever shortens or rewrites `history` in place, the kept sentences of the old moves are
    never served for the new ones."""
    game = ludoteca.load("blue-lagoon")
    state = game.new_state(2, seed=3)
    _play(state, random.Random(4), 6)
    state.history_in_words("en", 0)
    other = game.replay(game.record(state), upto=4)
    _play(other, random.Random(99), 2)
    assert other.history[4:] != state.history[4:], "the two continuations should differ"
    state.history[:] = other.history  # same length, another ending
    assert state.history_in_words("en", 0) == _fresh_replay_in_words(state, "en", 0)
    del state.history[3:]  # shorter
    assert state.history_in_words("es", 1) == _fresh_replay_in_words(state, "es", 1)


@pytest.mark.parametrize("game_id,preset", CASES)
def test_the_log_groups_moves_by_round_and_shows_only_notation_the_reader_may_see(game_id, preset):
    """Rounds start at 0 (a setup such as a draft or the starters) or 1 and never go back; each
    line's notation is the recorded move's where the reader may see it and None where it is secret
    (the sentence then reads as made in secret); a determinized sample of the reader's seat reads
    the same rounds and notations, so neither carries anything hidden."""
    game = ludoteca.load(game_id)
    state = game.new_state(game.info.max_players, 2, **game.presets[preset])
    chooser = random.Random(2)
    while not state.is_over and len(state.history) < 120:
        _play(state, chooser, 1)
        if state.history and chooser.random() < 0.1:
            for viewer in range(state.num_players):
                lines = state.log_lines("en", viewer)
                rounds = [line.round for line in lines]
                assert rounds[0] in (0, 1) and rounds == sorted(rounds), rounds
                shown = Counter(line.notation for line in lines if line.notation is not None)
                assert shown <= Counter(text for _, text in state.visible_history(viewer))  # no leak
                for line, (player, text) in zip(lines, state.history, strict=True):
                    assert line.notation in (text, None)
                    assert line.notation is not None or player != viewer
                sample = state.determinize(viewer, random.Random(5))  # (it may drop a secret move)
                assert _seen(sample.log_lines("en", viewer)) == _seen(lines)


def _seen(lines):
    """The rounds and notations of the moves the reader may see."""
    return [(line.round, line.notation) for line in lines if line.notation is not None]
