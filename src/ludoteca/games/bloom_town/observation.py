"""The observation vector of a seat, for learning agents: the towns, the market and what is known
of every hand. Another seat's hand shows only the tiles everyone saw it take (unless hands are
open, or the game is over), exactly as in `view`.

Layout (float32, see docs/games/bloom-town.md); `S` = 25 squares (a1, b1, …, e5), `C` = tile codes
(the building tiles, then one community tile per type), `T` = building types, seats from the
observing one in turn order:
  the board side: the flower of each square (S × 5, one-hot) and the blooming squares (S);
  per seat: its town (S × C, one-hot), the hand tiles it may see (C, counts), hand size and unseen
            tiles (/ 10), Bloom points (/ 100), bonus token held, the type kept at the end (T);
  the market (5 × C, one-hot), stack heights (5, / 15), community tiles per type (T, / 4),
  types community-scored (T), tiles removed and left over at setup (C each, counts);
  the phase (5, one-hot), double build used, extra build used and pending, blooming bonus ready,
  the last square built (S, one-hot), its points (/ 10), the market spaces to take from (5),
  the end triggered, and whether the observing seat is to move.

How it is built, for speed (an environment asks for one at every step, and writing the slots one
by one into a numpy array cost twice an engine action): the vector is the bytes of its float32
slots, joined in the layout's order into one bytearray that numpy then reads as the array. The
pieces are premade chunks (a town square or market space holding tile code c is `_TILE[c]`, an
empty one `_TILE[-1]`), numbers packed with `struct` (whose "f" rounds a float to float32 exactly
as numpy does), and blocks that most steps repeat, remembered by the values they are made from:
what setup fixed for the whole game (the board side, the tiles removed and left over), the hands
as seen, each seat's numbers, the community area and the turn block. Towns are not remembered:
looking a town up by its 25 codes costs about as much as joining its 25 chunks.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from struct import Struct
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Encoder, Features

from .components import BLOOMING, CELLS, COMMUNITY_BASE, FLOWER_SPACE, SETUP, SPACES, TYPES

if TYPE_CHECKING:
    from .rules import BloomTownState

PHASES = ("build", "take", "bonus", "keep", "over")
_CODES = COMMUNITY_BASE + len(TYPES)
_PER_SEAT = CELLS * _CODES + _CODES + 2 + 1 + 1 + len(TYPES)


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    board = CELLS * SPACES + CELLS
    public = SPACES * _CODES + SPACES + 2 * len(TYPES) + 2 * _CODES
    turn = len(PHASES) + 4 + CELLS + 1 + SPACES + 2
    return board + num_players * _PER_SEAT + public + turn


def _one_hots(size: int) -> tuple[bytes, ...]:
    """The bytes of `size` slots with a 1 at index i, for every i, then of `size` zeros: indexed
    by a code that is -1 for nothing there (an empty square or market space, no square built,
    no type kept), as the state writes it."""
    return tuple(row.tobytes() for row in np.eye(size + 1, size, dtype=np.float32))


_TILE = _one_hots(_CODES)  # a town square or a market space, by tile code
_TYPE = _one_hots(len(TYPES))  # the type kept at the end
_SQUARE = _one_hots(CELLS)  # the last square built
_PHASE = dict(zip(PHASES, _one_hots(len(PHASES))[:-1], strict=True))
_HEIGHT = tuple(Struct("f").pack(height / 15)  # a stack's height, by its number of tiles
                for height in range(max(rules["stack_size"] for rules in SETUP.values()) + 1))
_HAND_NUMBERS = Struct(f"{_CODES + 2}f")  # counts per code, hand size, unseen tiles
_POINTS_TOKEN = Struct("2f")  # a seat's Bloom points and bonus token held
_FLAGS = Struct("4f")  # double build used, extra build used and pending, blooming bonus ready
_TURN_NUMBERS = Struct(f"{1 + SPACES + 2}f")  # last points, take from, triggered, to move
_FLOAT32 = np.dtype(np.float32)
_VECTOR_BYTES = {n: _FLOAT32.itemsize * observation_size(n, {}) for n in SETUP}


@lru_cache(maxsize=64)
def _fixed(side: str, removed: tuple[int, ...], leftover: tuple[int, ...]) -> tuple[bytes, bytes]:
    """What stays fixed for a whole game: the board side (the flower of every square, one-hot,
    and the blooming squares), and the tiles removed and left over at setup (counts)."""
    board = Features(CELLS * SPACES + CELLS)
    board.flags((at * SPACES + space for at, space in enumerate(FLOWER_SPACE[side])), CELLS * SPACES)
    board.flags(BLOOMING[side], CELLS)
    setup = Features(2 * _CODES)
    setup.flags(removed, _CODES)
    setup.flags(leftover, _CODES)
    return board.done().tobytes(), setup.done().tobytes()


@lru_cache(maxsize=256)
def _hand(seen: tuple[int, ...], size: int) -> bytes:
    """The hand tiles the observer may see (counts per code), the hand size and the tiles it may
    not see (/ 10): hands are a few tiles from a small set, so a few hundred cover many games."""
    counts = [0] * _CODES
    for tile in seen:
        counts[tile] += 1
    return _HAND_NUMBERS.pack(*counts, size / 10, (size - len(seen)) / 10)


@lru_cache(maxsize=256)
def _numbers(points: int, token: bool, kept: int) -> bytes:
    """A seat's Bloom points (/ 100), bonus token held and type kept: they change at most once
    per turn of the seat, and take few values."""
    return _POINTS_TOKEN.pack(points / 100, token) + _TYPE[kept]


@lru_cache(maxsize=256)
def _community(community: tuple[int, ...], scored: tuple[bool, ...]) -> bytes:
    """The community tiles per type (/ 4) and the types scored: they change a few times a game."""
    return Struct(f"{2 * len(TYPES)}f").pack(*[count / 4 for count in community], *scored)


@lru_cache(maxsize=256)
def _turn(phase: str, double_used: bool, extra_used: bool, extra_pending: bool,
          bloom_ready: bool, last_square: int, last_points: int, take_from: tuple[int, ...],
          triggered: bool, to_move: bool) -> bytes:
    """The turn block, from the phase to whether the observing seat is to move: a few hundred
    combinations occur in a whole game, and most steps repeat one already seen."""
    take = [0.0] * SPACES
    for space in take_from:  # distinct spaces
        take[space] = 1.0
    return b"".join((_PHASE[phase], _FLAGS.pack(double_used, extra_used, extra_pending, bloom_ready),
                     _SQUARE[last_square],
                     _TURN_NUMBERS.pack(last_points / 10, *take, triggered, to_move)))


def observe(state: BloomTownState, player: int) -> np.ndarray:
    num_players = state.num_players
    board, setup = _fixed(state.side, tuple(state.removed), tuple(state.leftover))
    chunks = [board]
    for k in range(num_players):
        seat = (player + k) % num_players
        hand = state.hands[seat]
        seen = hand if state._sees_hand(player, seat) else state.known[seat]
        # `itemgetter` of several codes gives a tuple: the chunks of the 25 squares, in order
        chunks += itemgetter(*state.towns[seat])(_TILE)
        chunks += (_hand(tuple(seen), len(hand)),
                   _numbers(state.points[seat], state.tokens[seat], state.kept[seat]))
    chunks += itemgetter(*state.market)(_TILE)  # the 5 spaces
    chunks += [_HEIGHT[len(stack)] for stack in state.stacks]
    chunks += (_community(tuple(state.community), tuple(state.scored)),
               setup,
               _turn(state.phase, state.double_used, state.extra_used, state.extra_pending,
                     state.bloom_ready, state.last_square, state.last_points,
                     tuple(state.take_from), state.triggered, player in state.to_move))
    vector = bytearray().join(chunks)  # a bytearray: the vector handed out is writable
    if len(vector) != _VECTOR_BYTES[num_players]:
        raise ValueError(f"observation layout wrote {len(vector) // _FLOAT32.itemsize} values")
    return np.frombuffer(vector, _FLOAT32)


ENCODER = Encoder(observation_size, observe)
