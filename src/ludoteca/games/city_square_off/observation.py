"""The observation vector of a seat, for learning agents: both cities, the card, the seat's own
pending placement, and never the other seat's pending one (it is secret until the round resolves).

Layout (float32, see docs/games/city-square-off.md), the observing seat first. `P` is the 17×17
plane of the bitmasks (the 9×9 grid with a 4-square margin, for City Expansion's overhang), row by
row; `K` is the number of pieces (21 tiles, then the starters, in `shapes.json` order):
  per seat: covered squares (P), pieces placed (K), uncovered grid squares (/ 81),
            overhanging squares (/ 81), stuck (City Sprint), placement submitted this round;
  the observing seat's own pending placement (P); the current shape card (K, one-hot);
  the cards revealed so far (K); the starter phase; whether the observing seat owes a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Encoder, Features

from .components import catalogue
from .notation import Place

if TYPE_CHECKING:
    from .rules import CitySquareOffState


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    plane, pieces = _sizes()
    return 2 * (plane + pieces + 4) + plane + 2 * pieces + 2


def observe(state: CitySquareOffState, player: int) -> np.ndarray:
    shapes = catalogue()
    plane, pieces = _sizes()
    grid = shapes.geometry.rows * shapes.geometry.cols
    order = shapes.piece_order
    out = Features(observation_size(2, state.options))
    for seat in (player, 1 - player):
        _write_mask(out, state.covered[seat], plane)
        out.flags((order[piece] for piece, *_ in state.placed[seat]), pieces)
        out.scalar(state._open_count(seat), grid)
        out.scalar(state._overhang(seat), grid)
        out.scalar(1.0 if state.stuck[seat] else 0.0)
        out.scalar(0.0 if state.pending[seat] is None else 1.0)
    own = state.pending[player]
    _write_mask(out, 0 if own is None else shapes.footprints[Place(*own)].mask, plane)
    card = state.current_card
    out.one_hot(None if card is None else order[card], pieces)
    out.flags((order[piece] for piece in state.revealed), pieces)
    out.scalar(1.0 if state.in_starter_phase else 0.0)
    out.scalar(1.0 if player in state.to_move else 0.0)
    return out.done()


def _sizes() -> tuple[int, int]:
    shapes = catalogue()
    return shapes.geometry.plane ** 2, len(shapes.piece_order)


_PLANES: dict[int, np.ndarray] = {}
_PLANES_LIMIT = 8192


def _write_mask(out: Features, mask: int, plane: int) -> None:
    """A plane bitmask as `plane` zeros and ones (bit k is square k of the plane, row by row).

    Unpacked once per mask and then copied: a city changes only when its seat places a shape,
    so most observations meet the same masks again."""
    if mask:
        bits = _PLANES.get(mask)
        if bits is None:
            if len(_PLANES) >= _PLANES_LIMIT:
                _PLANES.clear()
            raw = np.frombuffer(mask.to_bytes((plane + 7) // 8, "little"), dtype=np.uint8)
            bits = _PLANES[mask] = np.unpackbits(raw, bitorder="little")[:plane].astype(np.float32)
        out.array[out.at:out.at + plane] = bits
    out.skip(plane)


ENCODER = Encoder(observation_size, observe)
