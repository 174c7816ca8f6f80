"""The engine benchmark behind `ludoteca bench`: playout speed, hot-path timings, MCTS speed.

Numbers are wall-clock on one core of this process; they belong in docs and CI logs, never in
unit-test assertions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import ludoteca
from ludoteca.bots import MctsBot
from ludoteca.bots.mcts import random_playout
from ludoteca.core import State

SAMPLE_STATES = 300


def bench_game(game_id: str, players: int, seconds: float = 1.0, seed: int = 0) -> dict[str, Any]:
    """Measure one game at one player count for about 3 × `seconds`."""
    game = ludoteca.load(game_id)
    rng = random.Random(seed)
    game.new_state(players, seed=seed).legal_actions(game.new_state(players, seed=seed).to_move[0])  # warm up

    games = moves = 0
    start = time.perf_counter()
    while True:
        state = game.new_state(players, seed=seed + games)
        moves += random_playout(state, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break

    samples = _sample_states(game, players, seed, rng)
    micro = seconds / 3
    legal_s = _per_call(samples, micro, lambda s: s.clone(), lambda s, seat, _: s.legal_actions(seat))
    apply_s = _per_call(samples, micro, _warm_clone, lambda s, seat, action: s.apply(action, seat), rng)
    clone_s = _per_call(samples, micro, lambda s: s, lambda s, seat, _: s.clone())

    # At least 0.1 s a search: a shorter one can spend its whole time on the root prior.
    bot = MctsBot(seed=seed, iterations=10**9, seconds=max(0.1, seconds / 4))
    iterations = searched = 0.0
    for state in samples[:: max(1, len(samples) // 4)][:4]:
        begin = time.perf_counter()
        bot.choose(state, state.to_move[0])
        searched += time.perf_counter() - begin
        iterations += bot.last_iterations
    return {
        "game": game_id,
        "players": players,
        "random_games_per_s": games / elapsed,
        "random_moves_per_s": moves / elapsed,
        "moves_per_game": moves / games,
        "legal_actions_us": legal_s * 1e6,
        "apply_us": apply_s * 1e6,
        "clone_us": clone_s * 1e6,
        "mcts_iterations_per_s": iterations / searched if searched else 0.0,
    }


def _sample_states(game: ludoteca.Game, players: int, seed: int, rng: random.Random) -> list[State]:
    """Positions from a few random games, spread over whole games (openings to endgames)."""
    states = []
    for offset in range(1000):
        state = game.new_state(players, seed=seed + 10_000 + offset)
        while not state.is_over:
            states.append(state.clone())
            seat = state.to_move[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        if len(states) >= SAMPLE_STATES:
            break
    return states


def _warm_clone(state: State) -> State:
    """A clone whose legal actions are already listed, as they are when a playout applies one."""
    clone = state.clone()
    clone.legal_actions(clone.to_move[0])
    return clone


def _per_call(
    samples: list[State],
    seconds: float,
    prepare: Callable[[State], State],
    call: Callable[[State, int, Any], Any],
    rng: random.Random | None = None,
) -> float:
    """Mean seconds per `call` over the sample positions, each prepared outside the timing."""
    total, calls = 0.0, 0
    while total < seconds:
        for state in samples:
            prepared = prepare(state)
            seat = prepared.to_move[0]
            action = rng.choice(prepared.legal_actions(seat)) if rng else None
            begin = time.perf_counter()
            call(prepared, seat, action)
            total += time.perf_counter() - begin
            calls += 1
    return total / calls
