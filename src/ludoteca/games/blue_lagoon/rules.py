"""The Blue Lagoon state: placements, token collection, phase ends, turn passing (spec 4, 7, 8).

The rules specification is docs/specs/blue-lagoon.md in the repository; every "spec" section
number in this package refers to it.

Tiles are numbered row by row (see `components.py`). Besides the position itself the state keeps a few
derived tables, maintained incrementally because they make legal-move generation cheap:
`empty_sea` (sorted) and, per seat, the empty land and sea tiles next to its own pieces.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core import Game, Message, State, rank
from ludoteca.core.result import Result
from ludoteca.core.words import language

from . import heuristic, scoring, strategy
from .components import (
    BOARDS,
    EMPTY,
    STATUETTE,
    TOKEN_BAG,
    TOKEN_LETTERS,
    VILLAGES,
    Board,
    board,
    map_board,
    map_id_of,
    register_board,
    settler_allowance,
)
from .messages import MESSAGES
from .notation import Place
from .position import Position, board_data, to_notation

# `to_move` is read several times per action; handing out shared tuples saves an allocation each.
_TURNS = tuple((seat,) for seat in range(4))


class BlueLagoonState(State):
    """One position. `cells[t]` is EMPTY or 2*seat (+1 for a village); `tokens[t]` is EMPTY or a
    token kind (index into TOKEN_LETTERS)."""

    __slots__ = ("geo", "phase", "current", "finished", "pending", "cells", "tokens", "res_left",
                 "counts", "totals", "settlers", "villages", "empty_sea", "near_land", "near_sea",
                 "pad")

    # How `clone` copies the fields (see `State._copy_fields_into`); `pad` is deep-copied.
    SHARED_FIELDS = ("geo", "phase", "current", "finished", "pending", "res_left")
    FLAT_FIELDS = ("cells", "tokens", "totals", "settlers", "villages", "empty_sea")
    NESTED_FIELDS = ("counts", "near_land", "near_sea")  # per seat, a list or a set

    # ---- setup -------------------------------------------------------------------------------

    def setup(self) -> None:
        b = map_board(self.options["map"])
        n = self.num_players
        self.geo = b.key
        self.phase = "E"
        self.current = 0
        self.finished = False
        self.pending = False
        self.cells = [EMPTY] * len(b.coords)
        self.counts = [[0] * len(TOKEN_LETTERS) for _ in range(n)]
        self.totals = [0] * n
        self.settlers = [settler_allowance(n)] * n
        self.villages = [VILLAGES] * n
        self.pad: list[list[dict[str, int]]] = []  # per phase scored, each seat's lines
        self._deal()
        self._rebuild_near()

    @classmethod
    def from_position(cls, game: Game, position: Position, seed: int,
                      options: dict[str, Any]) -> BlueLagoonState:
        """A state holding exactly `position` (nothing is processed; see `_resolve`)."""
        b = register_board(Board(position.height, position.islands, position.stones))
        state = object.__new__(cls)
        state.game = game
        state.num_players = n = position.num_players
        state.seed = seed
        state.options = {**options, "map": map_id_of(b.key) or "custom"}
        state.rng = random.Random(seed)
        state.history = []
        state._legal_cache = {}
        state._sentences = None
        state.geo = b.key
        state.phase = position.phase
        state.current = position.current
        state.cells = [EMPTY] * len(b.coords)
        for p, seat in enumerate(position.seats):
            for code, tiles in ((2 * p, seat.settlers), (2 * p + 1, seat.villages)):
                for rc in tiles:
                    state.cells[b.index(*rc)] = code
        state.tokens = [EMPTY] * len(b.coords)
        for kind, tiles in enumerate(position.tokens):
            for rc in tiles:
                state.tokens[b.index(*rc)] = kind
        state.res_left = sum(1 for kind in state.tokens if kind not in (EMPTY, STATUETTE))
        state.counts = [list(seat.counts) for seat in position.seats]
        state.totals = [seat.score for seat in position.seats]
        state.settlers = [settler_allowance(n) - len(seat.settlers) for seat in position.seats]
        state.villages = [VILLAGES - len(seat.villages) if position.phase == "E" else 0
                          for seat in position.seats]
        state.pad = []
        state._rebuild_near()
        ends_game = position.phase == "S" or state.options.get("exploration_only", False)
        state.finished = ends_game and state.phase_over() and not state.is_undealt()
        state.pending = not state.finished
        return state

    def _deal(self) -> None:
        """Shuffle the full bag and put the k-th token on the k-th stone circle (spec 7)."""
        b = self.board
        bag = list(TOKEN_BAG)
        self.rng.shuffle(bag)
        self.tokens = [EMPTY] * len(b.coords)
        for t, kind in zip(b.stones, bag, strict=True):
            self.tokens[t] = kind
        self.res_left = sum(1 for kind in bag if kind != STATUETTE)

    def _rebuild_near(self) -> None:
        """Recompute the derived tables from `cells` (after setup, loading or the clean-up)."""
        b = self.board
        cells = self.cells
        self.empty_sea = [t for t in b.sea if cells[t] == EMPTY]
        self.near_land: list[set[int]] = [set() for _ in range(self.num_players)]
        self.near_sea: list[set[int]] = [set() for _ in range(self.num_players)]
        for t, code in enumerate(cells):
            if code != EMPTY:
                self._mark_near(b, t, code >> 1)

    def _mark_near(self, b: Board, t: int, seat: int) -> None:
        """Record the empty neighbours of `t` as reachable by `seat` (the board is passed in
        because this runs on every placement)."""
        cells, is_land = self.cells, b.is_land
        land, sea = self.near_land[seat], self.near_sea[seat]
        for n in b.neighbours[t]:
            if cells[n] == EMPTY:
                if is_land[n]:
                    land.add(n)
                else:
                    sea.add(n)

    @property
    def board(self) -> Board:
        return BOARDS.get(self.geo) or board(self.geo)

    def determinize(self, player: int, rng: random.Random) -> BlueLagoonState:
        """The whole position is public (spec 6); only the future is unknown. The sample keeps
        the position and draws its next deal (the Settlement deal, spec 7) from a generator
        seeded by `rng`, so a search never learns the real one."""
        other = self.clone()
        other.rng = random.Random(rng.getrandbits(64))
        return other

    # ---- turn and legality -------------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.pending:
            self._resolve()
        return () if self.finished else _TURNS[self.current]

    def has_move(self, seat: int) -> bool:
        """Whether `seat` could place a piece now, judged as if it were its turn."""
        if self.phase == "E":
            land = self.near_land[seat]
            return bool((self.settlers[seat] and (self.empty_sea or land))
                        or (self.villages[seat] and land))
        return bool(self.settlers[seat] and (self.near_land[seat] or self.near_sea[seat]))

    def _legal_actions(self, player: int) -> list[Place]:
        """Settlers before villages, each by tile number (= row, column). The tables hold the
        prebuilt actions, so listing is a lookup per tile (done in C by `map`)."""
        b = self.board
        if self.phase == "E":
            land = sorted(self.near_land[player])
            actions = []
            if self.settlers[player]:
                # two sorted runs: the sort only merges them
                actions = list(map(b.settle.__getitem__, sorted(self.empty_sea + land)))
            if self.villages[player]:
                actions += map(b.village.__getitem__, land)
            return actions
        if not self.settlers[player]:
            return []
        return list(map(b.settle.__getitem__, sorted(self.near_land[player] | self.near_sea[player])))

    def is_legal(self, action: Place, player: int) -> bool:
        # A loaded position is continued first (spec 12.6), so the check sees the real one.
        if self.pending:
            self._resolve()
        return not self.finished and self._broken_rule(action, player) is None

    def illegal_reason(self, action: Place, player: int) -> str | None:
        """The first rule of spec 5 that `action` breaks for `player`, or None if it is legal."""
        if self.is_over:
            return "game_over"
        return self._broken_rule(action, player)

    def _broken_rule(self, action: Place, player: int) -> str | None:
        b = self.board
        if type(action) is not Place:
            return "off_board"
        row, col = action.row, action.col
        if not (0 <= row < b.height and 0 <= col < b.lengths[row]):  # `b.on_board`, inlined
            return "off_board"
        village = action.kind == "T"
        if village and self.phase == "S":
            return "village_in_settlement"
        if not (self.villages if village else self.settlers)[player]:
            return "none_in_hand"
        t = b.offsets[row] + col
        if self.cells[t] != EMPTY:
            return "occupied"
        land = b.is_land[t]
        if village and not land:
            return "village_on_sea"
        if self.phase == "E" and not land:
            return None
        near = self.near_land[player] if land else self.near_sea[player]
        return None if t in near else "not_adjacent"

    def explain_illegal(self, action: Place, player: int, lang: str = "en") -> str:
        """The reason code and its text in English ("occupied: a piece already stands on that
        tile"); in Spanish only the text, since the codes are English words."""
        reason = self.illegal_reason(action, player)
        if reason is None:
            return MESSAGES.text("reason.allowed", lang)
        text = MESSAGES.text(f"reason.{reason}", lang)
        return f"{reason}: {text}" if language(lang) == "en" else text  # the codes are English words

    # ---- placing -----------------------------------------------------------------------------

    def _apply(self, action: Place, player: int) -> None:
        b = self.board
        t = b.offsets[action.row] + action.col
        if action.kind == "T":
            self.cells[t] = 2 * player + 1
            self.villages[player] -= 1
        else:
            self.cells[t] = 2 * player
            self.settlers[player] -= 1
        kind = self.tokens[t]
        if kind != EMPTY:
            self.tokens[t] = EMPTY
            self.counts[player][kind] += 1
            if kind != STATUETTE:
                self.res_left -= 1
        if b.is_land[t]:
            for near in self.near_land:
                near.discard(t)
        else:
            self.empty_sea.remove(t)
            for near in self.near_sea:
                near.discard(t)
        self._mark_near(b, t, player)
        if not self.res_left or not self._pass_turn(player):
            self._end_phase(player)

    def _pass_turn(self, mover: int) -> bool:
        """Give the turn to the first seat after `mover` (mover last) that can place (spec 4.6)."""
        n = self.num_players
        for step in range(1, n + 1):
            seat = (mover + step) % n
            if self.has_move(seat):
                self.current = seat
                return True
        return False

    def phase_over(self) -> bool:
        """The phase-end test of spec 4.6: no resource left on the board, or nobody can place."""
        return not self.res_left or not any(self.has_move(p) for p in range(self.num_players))

    # ---- phase ends --------------------------------------------------------------------------

    def _end_phase(self, mover: int) -> None:
        """Score the phase; after Exploration clean up, re-deal and pass the turn (spec 4.7)."""
        self._score_phase()
        if self.phase == "E" and not self.options.get("exploration_only"):
            self._start_settlement()
            if self._pass_turn(mover):
                return
            self._score_phase()
        self.current = mover
        self.finished = True

    def _score_phase(self) -> None:
        rows = self.phase_breakdown()
        for p, row in enumerate(rows):
            self.totals[p] += sum(row.values())
        self.pad.append(rows)

    def _start_settlement(self) -> None:
        b = self.board
        for t, code in enumerate(self.cells):
            if code != EMPTY and (code & 1 == 0 or b.is_stone[t]):
                self.cells[t] = EMPTY
        self._deal()
        self.counts = [[0] * len(TOKEN_LETTERS) for _ in range(self.num_players)]
        self.settlers = [settler_allowance(self.num_players)] * self.num_players
        self.villages = [0] * self.num_players
        self.phase = "S"
        self._rebuild_near()

    def _resolve(self) -> None:
        """Continue play from a loaded position (spec 12.6): deal a template, process a phase
        end, or skip a stuck current player. Never needed for positions reached by play."""
        self.pending = False
        if self.finished:
            return
        if self.is_undealt():
            self._deal()
        if self.phase_over():
            self._end_phase(self.current)
        elif not self.has_move(self.current):
            self._pass_turn(self.current)

    def is_undealt(self) -> bool:
        """A map template: Exploration, no token and no piece on the board."""
        return (self.phase == "E" and all(k == EMPTY for k in self.tokens)
                and all(c == EMPTY for c in self.cells))

    # ---- scores ------------------------------------------------------------------------------

    def phase_breakdown(self) -> list[dict[str, int]]:
        """Per seat, the five categories of the current phase as if it ended now."""
        b = self.board
        owners = [code >> 1 if code != EMPTY else EMPTY for code in self.cells]
        return scoring.phase_breakdown(owners, self.num_players, b.neighbours, b.island_of,
                                       b.bonuses, self.counts)

    def scores(self) -> list[float]:
        """Final totals when over; otherwise banked totals plus the current phase so far."""
        if self.finished:
            return list(self.totals)
        return [total + sum(row.values())
                for total, row in zip(self.totals, self.phase_breakdown(), strict=True)]

    def breakdown(self) -> list[dict[str, Any]]:
        """Per seat: this phase's categories (as scored, or as if it ended now), the points of
        phases already scored before it, and the total."""
        rows = self.phase_breakdown()
        result = []
        for p, row in enumerate(rows):
            phase = sum(row.values())
            banked = self.totals[p] - phase if self.finished else self.totals[p]
            result.append({**row, "phase": self.phase, "earlier": banked, "total": banked + phase})
        return result

    def result(self) -> Result:
        keys = [(score, sum(counts)) for score, counts in zip(self.scores(), self.counts,
                                                               strict=True)]
        return rank(keys, ["score", "most tokens"], self.scores(), self.breakdown(),
                    self.end_reason())

    def end_reason(self) -> Message | None:
        """The last phase ended (spec 4.6): every resource taken, or else nobody could place."""
        if not self.finished:
            return None
        phase = "exploration" if self.phase == "E" else "settlement"
        return MESSAGES.message(f"end.{phase}.{'stuck' if self.res_left else 'resources'}")

    def evaluation(self, player: int) -> float:
        """Lead in the estimated final total, potential included (see `strategy.py`)."""
        return strategy.evaluation(self, player)

    def heuristic_action(self, player: int, rng: random.Random) -> Place:
        """The rule-of-thumb reference player's move (see `heuristic.py`)."""
        return heuristic.heuristic_action(self, player, rng)

    def playout_action(self, player: int, rng: random.Random) -> Place:
        """A cheap informed move for the search's tree and playouts (`strategy.playout_action`)."""
        return strategy.playout_action(self, player, rng)

    # ---- views -------------------------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything is public (spec 6): the whole position, hands and the score pad."""
        return {
            "position": to_notation(self),
            "board": board_data(self),
            "phase": self.phase,
            "current": self.current,
            "finished": self.finished,
            "settlers_in_hand": list(self.settlers),
            "villages_in_hand": list(self.villages),
            "counts": [list(c) for c in self.counts],
            "totals": list(self.totals),
            "score_pad": [[dict(row) for row in phase] for phase in self.pad],
            "phase_so_far": self.phase_breakdown(),
        }

    def __repr__(self) -> str:
        # Unlike the base repr this does not read `to_move`, which may continue a loaded position.
        status = "over" if self.finished else f"seat {self.current} to move"
        return f"<blue-lagoon state, phase {self.phase}, {status}, {len(self.history)} actions>"


# The rule an illegal action breaks (spec 5), by reason code: the messages `reason.<code>`.
REASONS = {code: MESSAGES.templates(f"reason.{code}") for code in (
    "game_over", "off_board", "village_in_settlement", "none_in_hand", "occupied", "village_on_sea",
    "not_adjacent")}
