"""Fixed-length observation vectors for learning agents, written feature by feature.

Each game's `observation.py` declares its layout (the sizes of its blocks for a player count) and
fills a `Features` writer from what one seat may see; the writer checks that every observation
has exactly the declared length, so a layout change cannot silently shift the features after it.
Numbers are scaled into roughly [0, 1] by the game (counts divided by their largest value), since
that is what most learning code expects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


class Features:
    """A float32 vector of a declared size, filled from the front by the `add_*` methods."""

    __slots__ = ("array", "at")

    def __init__(self, size: int):
        self.array = np.zeros(size, dtype=np.float32)
        self.at = 0

    @classmethod
    def over(cls, blank: np.ndarray) -> Features:
        """A writer over a copy of `blank`: a vector whose fixed parts (a board's geometry) are
        written once per layout instead of at every observation."""
        out = cls.__new__(cls)
        out.array = blank.copy()
        out.at = 0
        return out

    def one_hot(self, index: int | None, size: int) -> None:
        """`size` slots, with a 1 at `index` (all zeros for None: nothing there)."""
        if index is not None:
            self.array[self.at + index] = 1.0
        self.at += size

    def flags(self, indices: Iterable[int], size: int, value: float = 1.0) -> None:
        """`size` slots with `value` added at each index (repeats count: a multiset of indices)."""
        array, at = self.array, self.at
        for index in indices:  # a few indices at a time: a plain loop beats numpy's fancy indexing
            array[at + index] += value
        self.at += size

    def scalars(self, values: Sequence[float], scale: float = 1.0) -> None:
        """One slot per value, divided by `scale`."""
        array, at = self.array, self.at
        for offset, value in enumerate(values):  # short lists: cheaper than a numpy conversion
            array[at + offset] = value / scale
        self.at += len(values)

    def scalar(self, value: float, scale: float = 1.0) -> None:
        self.array[self.at] = value / scale
        self.at += 1

    def skip(self, size: int) -> None:
        """`size` zero slots (e.g. a seat that a smaller game does not have)."""
        self.at += size

    def done(self) -> np.ndarray:
        """The finished vector; an error if the layout wrote fewer or more slots than declared."""
        if self.at != len(self.array):
            raise ValueError(f"observation layout wrote {self.at} values, declared {len(self.array)}")
        return self.array


def seats_from(player: int, num_players: int) -> list[int]:
    """The seats in turn order starting with `player`: observations put "me" first, then the
    players after me, so one policy can play any seat."""
    return [(player + k) % num_players for k in range(num_players)]


@dataclass(frozen=True)
class Encoder:
    """A game's observation layout: `size(num_players, options)` and `observe(state, player)`.

    A game declares one as `Game.encoder`; `observe` must read only what `state.view(player)`
    shows (the conformance suite checks it against determinized samples).
    """

    size: Callable[[int, dict[str, Any]], int]
    observe: Callable[[Any, int], np.ndarray]
