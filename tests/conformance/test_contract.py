"""The conformance suite: what every registered game must do, whatever its rules.

Like PettingZoo's `api_test`, it needs nothing from a game but the contract, so a game added
later is checked by it for free. Each case plays random legal games (every player count, every
preset of the game's options, several seeds) and checks the contract at every step.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

import ludoteca
from ludoteca import Action, IllegalAction, NotationError
from ludoteca.core.game import COMMON_LABELS

from .cases import game_cases

# Two seeds per game, preset and player count: every step of each game is checked in full, and a
# third seed cost about a minute of the whole check, which CI must finish in 15 minutes.
SEEDS = (1, 2)
MAX_STEPS = 5000
GAME_IDS = [info.id for info in ludoteca.list_games()]


@dataclass(frozen=True, slots=True)
class Foreign(Action):
    """An action of no game: every game must refuse it without looking at its fields."""

    kind: str = "S"
    row: int = 0
    col: int = 0

    def __str__(self) -> str:
        return "foreign"


CASES = game_cases(SEEDS)


def _random_playout(state, chooser: random.Random, check_step=None):
    steps = 0
    while not state.is_over:
        player = chooser.choice(state.to_move)
        legal = state.legal_actions(player)
        assert legal, f"player {player} is to move but has no legal action"
        if check_step:
            check_step(state, player, legal)
        state.apply(chooser.choice(legal), player)
        steps += 1
        assert steps < MAX_STEPS, "random playout did not end"
    return state


@pytest.mark.parametrize("game_id,players,options,seed", CASES)
def test_random_playout_keeps_the_contract(game_id, players, options, seed):
    game = ludoteca.load(game_id)
    state = game.new_state(players, seed=seed, **options)
    chooser = random.Random(seed * 7919)
    seen_actions = {}
    said = {"offered": {}, "moves": {}}  # what the mover read before each move, by history index

    def check_step(state, player, legal):
        before = state.to_json()
        assert game.state_from_json(json.loads(json.dumps(before))).to_json() == before
        sample = legal if len(legal) <= 40 else chooser.sample(legal, 40)
        for action in sample:
            text = str(action)
            assert game.parse_action(text, state) == action, text
            action_id = game.action_id(action)
            assert 0 <= action_id < game.action_space_size
            assert game.action_from_id(action_id, state) == action
            seen_actions.setdefault(text, action)
        _check_action_data(game, legal)
        _check_descriptions(state, player, sample, chooser)
        _remember_what_was_said(state, player, legal, said)
        _check_illegal_inputs_change_nothing(game, state, player, legal, seen_actions, before)
        _check_clone_is_independent(state, player, legal, before)
        _check_views(state, player, chooser)

    _random_playout(state, chooser, check_step)
    _check_finished(state)
    _remember_what_was_said(state, None, [], said)
    _check_history_in_words(state, said["moves"])
    replayed = game.replay(json.loads(json.dumps(game.record(state))))
    assert replayed.to_json() == state.to_json()


def _check_action_data(game, legal):
    """Every legal action has a JSON-safe structured form that names it completely."""
    structures = set()
    for action in legal:
        data = game.action_data(action)
        assert json.loads(json.dumps(data)) == data, f"{action}: not JSON-safe data: {data!r}"
        assert data["text"] == str(action)
        assert isinstance(data.get("kind"), str) and data["kind"], f"{action}: no kind in {data!r}"
        structures.add(json.dumps({k: v for k, v in data.items() if k != "text"}, sort_keys=True))
    assert len(structures) == len(legal), "two legal actions have the same structured form"


def _check_descriptions(state, player, sample, chooser):
    """Every legal action reads as a sentence in English and Spanish, for the mover and the others,
    and what another seat reads is the same in every world that seat cannot tell from this one."""
    readers = [seat for seat in range(state.num_players) if seat != player]
    worlds = {seat: state.determinize(seat, random.Random(chooser.random())) for seat in readers}
    for action in sample:
        for lang in ("en", "es"):
            mine = state.describe(action, player, lang, viewer=player)
            public = state.describe(action, player, lang)
            assert mine and public and isinstance(mine, str), f"{action}: no sentence in {lang}"
            for seat, world in worlds.items():
                theirs = state.describe(action, player, lang, viewer=seat)
                assert theirs == public, f"{action}: seat {seat} reads something a spectator does not"
                assert world.describe(action, player, lang, viewer=seat) == theirs, (
                    f"{action}: the sentence seat {seat} reads depends on what is hidden from it")
        assert state.describe(action, player, "es") != state.describe(action, player, "en"), (
            f"{action}: the Spanish sentence is the English one")
    assert state.describe(str(sample[0]), player, "en") == state.describe(sample[0], player, "en")


def _remember_what_was_said(state, player, legal, said):
    """Keep the sentence the mover read for the move just made, to compare with the log later."""
    if state.history:
        mover, text = state.history[-1]
        sentence = said["offered"].get((mover, text))
        if sentence is not None:
            said["moves"][len(state.history) - 1] = sentence
    if len(legal) <= 40:
        said["offered"] = {(player, str(a)): state.describe(a, player, "en", viewer=player) for a in legal}


def _check_history_in_words(state, said_before):
    """The log in words has one sentence per move, for every reader, in both languages, and a
    mover reads each of its moves as it read it when it chose it."""
    assert said_before, "no move was described before it was made"
    for viewer in (*range(state.num_players), None):
        for lang in ("en", "es"):
            lines = state.history_in_words(lang, viewer)
            assert [p for p, _ in lines] == [p for p, _ in state.history]
            assert all(isinstance(text, str) and text for _, text in lines)
            if lang == "en" and viewer is not None:
                for index, sentence in said_before.items():
                    if state.history[index][0] == viewer:
                        assert lines[index][1] == sentence, f"move {index} reads differently in the log"


def _check_illegal_inputs_change_nothing(game, state, player, legal, seen_actions, before):
    with pytest.raises(NotationError) as malformed:
        state.apply("%% not an action %%", player)
    assert malformed.value.es, "a notation error without a Spanish message"
    legal_texts = {str(a) for a in legal}
    stale = next((a for t, a in seen_actions.items() if t not in legal_texts), None)
    if stale is not None:
        with pytest.raises((IllegalAction, NotationError)):
            state.apply(stale, player)
        reasons = {lang: state.explain_illegal(stale, player, lang) for lang in ("en", "es")}
        assert reasons["en"] != reasons["es"], f"no Spanish reason for {stale}: {reasons['en']}"
        with pytest.raises((IllegalAction, NotationError)):
            state.apply(str(stale), player)
    others = [p for p in range(state.num_players) if p not in state.to_move]
    if others:
        with pytest.raises(IllegalAction):
            state.apply(legal[0], others[0])
    assert state.to_json() == before, "a rejected action changed the state"
    assert [str(a) for a in state.legal_actions(player)] == [str(a) for a in legal]


def _check_clone_is_independent(state, player, legal, before):
    copy = state.clone()
    assert copy.to_json() == before
    copy.apply(legal[-1], player)
    assert state.to_json() == before, "applying to a clone changed the original"


def _check_views(state, player, chooser):
    for seat in (*range(state.num_players), None):
        json.dumps(state.view(seat))
    json.dumps(state.result().to_dict())
    for lang in ("en", "es"):
        assert isinstance(state.render(lang), str)
        assert isinstance(state.render(lang, player=player, markup=True), str)
    assert isinstance(state.evaluation(player), (int, float))
    sample = state.determinize(player, random.Random(chooser.random()))
    if not state.game.info.simultaneous:
        # A sample is a world the player cannot tell from the real one, so everything shown to the
        # player must be the same in both: otherwise something hidden leaks into what they see.
        # (A simultaneous game's sample withdraws the others' secret moves, so they owe them again.)
        assert sample.view(player) == state.view(player), "determinize changed what the player sees"
        assert sample.render("en", player) == state.render("en", player), "the picture leaks"
        assert sample.visible_history(player) == state.visible_history(player), "the log leaks"
    assert [str(a) for a in sample.legal_actions(player)] == [
        str(a) for a in state.legal_actions(player)
    ]


def _check_finished(state):
    assert state.to_move == ()
    if not state.game.info.simultaneous:
        for seat in range(state.num_players):  # a finished game's sample shows what the seat saw
            sample = state.determinize(seat, random.Random(seat))
            assert sample.view(seat) == state.view(seat), "determinize changed a finished game"
    result = state.result()
    assert len(result.scores) == len(result.ranking) == state.num_players
    assert result.winners and all(result.ranking[w] == 1 for w in result.winners)
    assert list(result.scores) == list(state.scores())
    assert len(state.breakdown()) == state.num_players
    info = state.game.info
    named = [key for part in state.breakdown() for key in part] + [result.tiebreak] * bool(result.tiebreak)
    for key in named:  # every category and tie-break has a name in English and Spanish
        names = (info.labels or {}).get(key) or COMMON_LABELS.get(key)
        assert names and set(names) == {"en", "es"}, f"no English and Spanish name for {key!r}"
    for seat in (*range(state.num_players), None):
        assert state.legal_actions(seat) == [], "a finished game has no legal actions"


@pytest.mark.parametrize("game_id,players,options,seed", CASES[:: len(SEEDS)])
def test_same_seed_same_game(game_id, players, options, seed):
    game = ludoteca.load(game_id)
    first = _random_playout(game.new_state(players, seed=seed, **options), random.Random(5))
    second = _random_playout(game.new_state(players, seed=seed, **options), random.Random(5))
    assert first.to_json() == second.to_json()
    assert first.history == second.history


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_ids_and_types_are_refused_alike(game_id):
    game = ludoteca.load(game_id)
    state = game.new_state(seed=1)
    player = state.to_move[0]
    before = state.to_json()
    size = game.action_space_size
    for bad_id in (-1, size, size + 7, True, False, "3", 2.0, None, [1]):
        with pytest.raises(NotationError) as caught:
            game.action_from_id(bad_id, state)
        assert caught.value.es and caught.value.text("es") != str(caught.value)
    assert game.action_from_id(size - 1, state) is not None  # the last id is in range
    for not_text in (7, None, b"S 1,1", ["pass"], 2.5):
        with pytest.raises(NotationError) as caught:
            game.parse_action(not_text, state)
        assert caught.value.es
        with pytest.raises(NotationError):
            state.apply(not_text, player)
    for foreign in (Foreign(), "pass", 3, None):
        with pytest.raises(NotationError):
            game.action_id(foreign)
    with pytest.raises(IllegalAction) as caught:
        state.apply(Foreign(), player)
    assert caught.value.es
    assert state.to_json() == before, "a refused input changed the state"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_info_and_options(game_id):
    game = ludoteca.load(game_id)
    info = game.info
    assert set(info.names) == {"en", "es"}
    json.dumps(info.to_dict())
    for lang in ("en", "es"):
        assert game.rules_summary(lang).strip()
    with pytest.raises(ludoteca.OptionError):
        game.new_state(info.max_players + 1)
    with pytest.raises(ludoteca.OptionError):
        game.new_state(info.min_players, no_such_option=1)


UNDO_STEPS = 120  # undo is checked after each of the first moves of a game (each check replays)


@pytest.mark.parametrize("game_id,players,options,seed", CASES[:: len(SEEDS)])
def test_undo_follows_the_rule(game_id, players, options, seed):
    """Undo takes back a seat's latest action (and the bots' after it) by replaying the record,
    never across a draw, a reveal or another person's move; and every game declares its reveals."""
    game = ludoteca.load(game_id)
    state = game.new_state(players, seed=seed, **options)
    chooser = random.Random(seed * 31)
    refusals = set()
    for _ in range(UNDO_STEPS):
        if state.is_over:
            break
        player = chooser.choice(state.to_move)
        before = state.clone()
        action = chooser.choice(state.legal_actions(player))
        state.apply(action, player)
        _check_reveals_are_declared(game, before, action, player, state)
        for seat in range(players):
            for humans in (None, {seat}):
                refusals.add(_check_undo(game, state, seat, humans))
    assert "human" in refusals, "no undo was ever refused for another person's move"
    if game.info.hidden_information:
        assert refusals & {"draw", "reveal"}, "no undo was ever refused for a draw or a reveal"


def _check_reveals_are_declared(game, before, action, player, after):
    """An action that moved no generator and is not declared revealing must look the same to every
    seat in every world that seat could believe in: otherwise it showed something hidden."""
    if after._rng.getstate() != before._rng.getstate() or game._reveals(before, action, player, after):
        return
    for viewer in range(after.num_players):
        for sample_seed in range(2):
            sample = before.determinize(viewer, random.Random(sample_seed))
            try:
                sample.apply(action, player)
            except ludoteca.LudotecaError:
                pytest.fail(f"{action} is legal only in some worlds seat {viewer} believes in: "
                            "it reveals, but the game does not say so")
            assert sample.view(viewer) == after.view(viewer), (
                f"{action} showed seat {viewer} something hidden, but the game does not declare it")


def _check_undo(game, state, seat, humans):
    answer = state.undo_check(seat, humans)
    history = state.history
    mine = [i for i, (p, _) in enumerate(history) if p == seat]
    if not answer.allowed:
        assert answer.why("en") and answer.why("es") and answer.why("en") != answer.why("es")
        with pytest.raises(IllegalAction) as caught:
            state.undone(seat, humans)
        assert caught.value.text("es") != str(caught.value)
        if not mine:
            assert answer.reason == "nothing"
        others = [p for p, _ in history[mine[-1] + 1:]] if mine else []
        if humans is None and any(p != seat for p in others):
            assert answer.reason == "human"
        return answer.reason
    assert mine and answer.steps == len(history) - mine[-1], "undo must go back to the seat's move"
    assert all(p == seat or p not in (humans or range(state.num_players))
               for p, _ in history[mine[-1]:]), "undo took back another person's move"
    back = state.undone(seat, humans)
    assert back.history == history[: len(history) - answer.steps]
    assert back.to_json() == game.replay(game.record(state), upto=len(back.history)).to_json()
    assert back._rng.getstate() == state._rng.getstate(), "undo crossed a draw from the generator"
    return None
