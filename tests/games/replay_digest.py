"""Fingerprints of seeded random games, to prove that engine speed-ups change no rule.

A game's fingerprint hashes, at every step, every seat to move with its whole legal list (in
order) and the action chosen, then the history, the scores and the result. The fixtures were
written by the code before the speed work; a test replays the same games and compares.
Some steps continue on a clone, so that copies must behave exactly like the original.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import ludoteca


def fingerprint(game_id: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The fingerprint of one game: random choices drawn from `Random(seed)`."""
    game = ludoteca.load(game_id)
    state = game.new_state(players, seed=seed, **options)
    rng = random.Random(seed)
    legal_hash = hashlib.sha256()
    while not state.is_over:
        for seat in state.to_move:
            legal_hash.update(f"{seat}:{'|'.join(map(str, state.legal_actions(seat)))}\n".encode())
        seat = rng.choice(state.to_move)
        action = rng.choice(state.legal_actions(seat))
        legal_hash.update(f"{seat}>{action}\n".encode())
        if rng.random() < 0.2:
            state = state.clone()
        state.apply(action, seat)
    history = json.dumps([[list(e) for e in state.history], [list(e) for e in state.visible_history(None)]])
    return {
        "seed": seed,
        "legal": legal_hash.hexdigest(),
        "history": hashlib.sha256(history.encode()).hexdigest(),
        "actions": len(state.history),
        "scores": state.scores(),
        "winners": state.result().winners,
    }


def fingerprints(game_id: str, cases: list[tuple[int, dict[str, Any]]], games: int) -> dict[str, list]:
    """Fingerprints of `games` seeds for each (players, options) case, keyed by the case."""
    return {
        json.dumps([players, options], sort_keys=True): [
            fingerprint(game_id, players, seed, options) for seed in range(games)
        ]
        for players, options in cases
    }


def write(path: Path, game_id: str, cases: list[tuple[int, dict[str, Any]]], games: int) -> None:
    """Record the fixtures (run once, on the code whose behaviour is the reference)."""
    path.write_text(json.dumps(fingerprints(game_id, cases, games), indent=0) + "\n")
