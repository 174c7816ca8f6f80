"""Santa Monica's State: setup, the turn sequence, legal actions and their effects (spec 3–6).

The rules specification is docs/specs/santa-monica.md in the repository; every "spec" section
number in this package refers to it.

A turn is a queue of small automatic tasks (placement actions, face extras, the truck/foodie
reward, the end of turn) that stops whenever a player must decide (a move budget, a happy day).
Decisions with a single legal action are applied automatically and written to `log`, the full
game log (spec 5); `history` keeps only the actions players chose, so records replay exactly.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ludoteca.core import Action, Message, State, rank
from ludoteca.core.result import Result

from . import heuristic, strategy
from .components import Content, load_content
from .messages import MESSAGES
from .notation import (
    DONE,
    KEEP,
    PASS,
    ChooseTile,
    Happy,
    Move,
    Pick,
    Step,
    Swap,
    Take,
    Truck,
    UseFace,
    Word,
    pair,
    space_data,
    space_text,
)
from .scoring import LINES, rank_penalties, score_city

SUPPLY = (30, 30, 8, 28)  # locals, tourists, VIPs, footprints
ANY_KIND = 7  # move budget kinds: bit 0 local, bit 1 tourist, bit 2 VIP
B0, S0 = 0, 1
_KINDS_OF = [tuple(k for k in (0, 1, 2) if mask >> k & 1) for mask in range(8)]  # kinds of a mask
_SEATS = tuple((seat,) for seat in range(8))  # shared one-seat tuples for `to_move`
DECISIONS = ("choose_tile", "place_truck", "acquire", "pick", "swap", "move", "happy_day")


@lru_cache(maxsize=1 << 14)
def _frontier(spaces: frozenset[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per row, the sorted empty spaces off column 0 touching `spaces`. Cached: cities of a few
    cards recur across games and turns, and the lookup hashes the set in C."""
    around = {n for s in spaces for n in (s - 2, s + 2, s ^ 1)}
    around.difference_update(spaces)
    around.difference_update((B0, S0))  # column 0 (always in the city anyway)
    return tuple(sorted(n for n in around if not n & 1)), tuple(sorted(n for n in around if n & 1))


def _wrap(column: int, k: int) -> int:
    return (column - 1 + k) % 4 + 1


def _canonical(pairs: list[tuple[str, Action]]) -> list[Action]:
    """The actions of (canonical text, action) pairs, sorted by text (spec 5: code-point order)."""
    pairs.sort()
    return [action for _, action in pairs]


@lru_cache(maxsize=64)
def _face_actions(content: Content, faces: tuple[str, ...]) -> tuple[tuple[int, int, Action], ...]:
    """(face index, cost, `sd` action) of the faces in play, in canonical order (by code)."""
    return tuple((content.face_index[code], content.face_rules[content.face_index[code]][0],
                  pair(UseFace, code, content.face_index[code])[1]) for code in sorted(faces))


@lru_cache(maxsize=1 << 14)
def _takes(col: int, spaces: tuple[int, ...]) -> tuple[Action, ...]:
    """The `take F<col>` actions onto these free spaces, in canonical order. Cached: a frontier
    recurs all game long, and a turn then costs a look-up per slot instead of building and sorting
    a dozen actions; "take F1 ..." < "take F2 ...", so the slots simply follow each other."""
    return tuple(_canonical([pair(Take, col, s) for s in spaces]))


@lru_cache(maxsize=1 << 12)
def _moves_from(kind: int, src: int, around: int) -> tuple[Action, ...]:
    """The `mv` actions of one person of `kind` on `src`, in canonical order, given the mask of
    its occupied neighbours (bit 0 left, 1 right, 2 across). Few keys, so the cache always hits."""
    return tuple(_canonical([pair(Move, kind, src, n)
                             for bit, n in enumerate((src - 2, src + 2, src ^ 1)) if around >> bit & 1]))


class SantaMonicaState(State):
    __slots__ = (
        "phase", "turn", "objective", "faces", "drawn", "tiles", "deck", "front", "back", "discard",
        "truck", "foodie", "supply", "cities", "people", "footprints", "sand", "tasks", "face",
        "picks_left", "lock_col", "placed", "budget", "moved", "passes", "final_round", "log",
    )

    # How `clone` copies the fields (see `State._copy_fields_into`); `people` is deep-copied.
    SHARED_FIELDS = ("phase", "turn", "objective", "truck", "foodie", "face", "picks_left", "lock_col",
                     "passes", "final_round")
    FLAT_FIELDS = ("faces", "drawn", "tiles", "deck", "front", "back", "discard", "supply", "sand",
                   "tasks", "placed", "log", "budget", "moved")
    NESTED_FIELDS = ("cities", "footprints")

    # ---- setup (spec 3 and 7) -----------------------------------------------------------------

    @property
    def content(self) -> Content:
        return load_content(self.options["content"])

    def setup(self) -> None:
        c, rng, n = self.content, self.rng, self.num_players
        choice = self.options["objective"]
        ids = [o["id"] for o in c.objectives]
        self.objective = c.objective_index[rng.choice(ids) if choice == "random" else choice]
        faces = self.options["sand_dollar_faces"]
        if faces == "random":
            in_play = rng.sample(range(len(c.face_tiles)), 2)
            faces = [c.faces[rng.choice(c.face_tiles[t])]["code"] for t in in_play]
        self.faces = list(faces)
        self.drawn = [c.tile_index[t] for t in rng.sample([t["id"] for t in c.tiles], n)]
        deck = list(range(len(c.cards)))
        rng.shuffle(deck)
        self.front = [deck[i] if i < len(deck) else -1 for i in range(4)]
        self.back = [deck[i] if i < len(deck) else -1 for i in range(4, 8)]
        self.deck = deck[8:]
        self.discard: list[int] = []
        self.truck = self.foodie = 0
        self.supply = list(SUPPLY)
        self.tiles = [-1] * n
        self.cities = [{B0: -1, S0: -1} for _ in range(n)]
        self.people: list[dict[int, list[int]]] = [{} for _ in range(n)]  # space → locals, tourists, VIPs
        self.footprints: list[set[int]] = [set() for _ in range(n)]
        self.sand = [0] * n
        self.passes = 0
        self.final_round = False
        self.log: list[tuple[int, str]] = []
        self._reset_turn()
        if self.options["starting_tiles"] == "random":
            for seat in range(n):
                self._give_tile(seat, self.drawn[seat])
            self.phase = "place_truck"
        else:
            self.phase = "choose_tile"
        self.turn = n - 1
        self._settle()

    def _reset_turn(self) -> None:
        self.tasks: list[tuple[Any, ...]] = []
        self.face, self.picks_left, self.lock_col = "", 0, 0
        self.placed: list[int] = []
        self.moved: dict[int, int] = {}  # space × 3 + kind → people moved there this budget
        # the move budget being spent (spec 4.6), while one is open: [kinds allowed (bits), people
        # who may move, steps each, cap on steps in all (0: none), people started, steps taken in
        # all, the active person's space (None before the first), its kind, its steps]
        self.budget: list[Any] | None = None

    def _give_tile(self, seat: int, tile: int) -> None:
        """The tile's bonus: sand dollars, and its people and VIPs on the street half (spec 3.6)."""
        data = self.content.tiles[tile]
        self.tiles[seat] = tile
        self.sand[seat] += data["bonus"]["sand_dollars"]
        self._add_people(seat, S0, (data["bonus"]["local"], data["bonus"]["tourist"], data["vips"]))

    # ---- contract hooks -----------------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == "game_over" else _SEATS[self.turn]

    def _legal_actions(self, player: int) -> list[Action]:
        """Each phase lists its actions already in canonical order (see `_canonical`)."""
        return _PHASE_LEGAL[self.phase](self, player)

    def is_legal(self, action: Action, player: int) -> bool:
        """Legal lists hold the actions `pair` interned, so an action picked from one (as in every
        playout) is found by identity, sparing a Python-level dataclass `__eq__` per listed action;
        any other action is compared by value. A cached list proves `player` is to move."""
        legal = self._legal_cache.get(player)
        if legal is None:
            legal = self.legal_actions(player)
        for listed in legal:
            if listed is action:
                return True
        return action in legal

    def _apply(self, action: Action, player: int) -> None:
        self.log.append((player, str(action)))
        self._do(action, player)
        self._settle()

    def evaluation(self, player: int) -> float:
        """The estimated final score lead, potential included (`strategy.py`)."""
        return strategy.evaluation(self, player)

    def heuristic_action(self, player: int, rng: random.Random) -> Action:
        """The rule-of-thumb reference player (`heuristic.py`)."""
        return heuristic.choose(self, player, rng)

    def visible_history(self, player: int | None) -> list[tuple[int, str]]:
        """The full game log, forced actions included (spec 5)."""
        return list(self.log)

    def determinize(self, player: int, rng: random.Random) -> SantaMonicaState:
        """Only the deck order is hidden (from everyone): shuffle it."""
        other = self.clone()
        rng.shuffle(other.deck)
        return other

    # ---- legal actions per phase: lists of (canonical text, action) ---------------------------

    def _legal_choose_tile(self, player: int) -> list[Action]:
        return _canonical([pair(ChooseTile, self.content.tiles[t]["id"], t) for t in self._free_tiles()])

    def _legal_place_truck(self, player: int) -> list[Action]:
        return [pair(Truck, col)[1] for col in (1, 2, 3, 4)]

    def _legal_acquire(self, player: int) -> list[Action]:
        """`sd` codes sort before every `take`, so the two parts join in canonical order."""
        c = self.content
        sand = self.sand[player]
        out = [action for index, cost, action in _face_actions(c, tuple(self.faces))
               if sand >= cost and self._face_usable(index)]
        row_of, free = c.card_row, self._placement_rows(player)
        for col, card in enumerate(self.front, 1):
            if card >= 0:
                out += _takes(col, free[row_of[card]])
        return out or [PASS]

    def _legal_pick(self, player: int) -> list[Action]:
        row_of, spaces = self.content.card_row, self._placement_rows(player)
        return _canonical([
            pair(Pick, back, col, s)
            for back, col in self._pick_slots()
            for s in spaces[row_of[(self.back if back else self.front)[col - 1]]]
        ])

    def _legal_swap(self, player: int) -> list[Action]:
        return [KEEP, *_canonical([pair(Swap, a, b) for a, b in self._swaps(player)])]

    def _legal_move(self, player: int) -> list[Action]:
        """`done` < `mv ...` < `step ...` in code-point order."""
        return [DONE, *self._starts(player), *_canonical([pair(Step, n) for n in self._steps(player)])]

    def _legal_happy_day(self, player: int) -> list[Action]:
        return [pair(Happy, choice)[1] for choice in ("mix", "move", "sd")]

    def _free_tiles(self) -> list[int]:
        return [t for t in self.drawn if t not in self.tiles]

    def placements(self, player: int) -> tuple[list[int], list[int]]:
        """Per row (beach, street): the empty spaces off column 0 touching the city (spec 4.4)."""
        beach, street = self._placement_rows(player)
        return list(beach), list(street)

    def _placement_rows(self, player: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """`placements` as shared cached tuples, for the legal-action lists."""
        return _frontier(frozenset(self.cities[player]))

    def _face_usable(self, index: int) -> bool:
        _, picks, source, extra = self.content.face_rules[index]
        front = 4 - self.front.count(-1)
        back = 4 - self.back.count(-1)
        if extra == "discard_front_row_first":
            return back + len(self.deck) >= picks
        if source == "front":
            return front >= picks
        if source == "back":
            return back >= picks
        if source == "any":
            return front + back >= picks
        return any(f >= 0 and b >= 0 for f, b in zip(self.front, self.back, strict=True))

    def _pick_slots(self) -> list[tuple[bool, int]]:
        """The display slots the current sand dollar face lets the player pick from."""
        source = self.content.faces[self.content.face_index[self.face]]["effect"]["from"]
        if source == "column":
            if self.lock_col:
                col = self.lock_col
                return [(self.back[col - 1] >= 0, col)]
            columns = [c + 1 for c in range(4) if self.front[c] >= 0 and self.back[c] >= 0]
            return [(back, col) for col in columns for back in (False, True)]
        rows = {"front": (False,), "back": (True,), "any": (False, True)}[source]
        return [
            (back, c + 1) for back in rows for c in range(4) if (self.back if back else self.front)[c] >= 0
        ]

    def _swaps(self, player: int) -> list[tuple[int, int]]:
        city = self.cities[player]
        out: list[tuple[int, int]] = []
        for row in (0, 1):
            cards = sorted(s for s, card in city.items() if card >= 0 and s & 1 == row)
            out.extend((a, b) for i, a in enumerate(cards) for b in cards[i + 1:])
        return out

    def _starts(self, player: int) -> list[Action]:
        """The `mv` actions of every person the open budget may start moving (spec 4.6), in
        canonical order: by kind letter, then the source's text, then the destination's."""
        if not self._may_start():
            return []
        budget = self.budget
        assert budget is not None  # asked only while a budget is open
        city, moved, allowed = self.cities[player], self.moved, _KINDS_OF[budget[0]]
        movable = []
        for s, here in self.people[player].items():
            for k in allowed:
                if here[k] > moved.get(s * 3 + k, 0):
                    movable.append((k, space_text(s), s))
        movable.sort()
        out: list[Action] = []
        for k, _, s in movable:
            out += _moves_from(k, s, (s - 2 in city) | (s + 2 in city) << 1 | (s ^ 1 in city) << 2)
        return out

    def _may_start(self) -> bool:
        """Whether the open budget still allows starting another person."""
        assert self.budget is not None  # asked only while a budget is open
        _, most, _, cap, started, total = self.budget[:6]
        return started < most and not (cap and total >= cap)

    def _can_start(self, player: int) -> bool:
        """Whether `_starts` is not empty, without listing it (asked after every step).

        Every person stands on a city space, and every city space has a neighbour in the city
        (B0 and S0 touch, and each card is placed touching the city), so a person who may start
        always has somewhere to go: only the people need checking.
        """
        if not self._may_start():
            return False
        assert self.budget is not None  # `_may_start` read it
        moved, allowed = self.moved, _KINDS_OF[self.budget[0]]
        return any(here[k] > moved.get(s * 3 + k, 0)
                   for s, here in self.people[player].items() for k in allowed)

    def _steps(self, player: int) -> list[int]:
        """Destinations of the active person's next step."""
        assert self.budget is not None  # asked only while a budget is open
        _, _, distance, cap, _, total, active, _, steps = self.budget
        if active is None or steps >= distance or (cap and total >= cap):
            return []
        city = self.cities[player]
        return [n for n in (active - 2, active + 2, active ^ 1) if n in city]

    def _can_move(self, player: int) -> bool:
        return bool(self._steps(player)) or self._can_start(player)

    # ---- effects ------------------------------------------------------------------------------

    def _do(self, action: Action, player: int) -> None:
        if type(action) is ChooseTile:
            self._do_tile(action, player)
        elif type(action) is Truck:
            self.truck, self.foodie = action.col, _wrap(action.col, 2)
            self._start_turn(0)
        elif type(action) is Take:
            card = self.front[action.col - 1]
            self.front[action.col - 1] = -1
            self._place(player, card, action.space)
            self.tasks = [*self.content.card_tasks[card], ("reward", action.col), ("end",)]
            self._run()
        elif type(action) is UseFace:
            self._do_face(action, player)
        elif type(action) is Pick:
            self._do_pick(action, player)
        elif type(action) is Swap:
            self._swap(player, action.a, action.b)
            self._run()
        elif type(action) is Move or type(action) is Step:
            self._do_move(action, player)
        elif type(action) is Happy:
            self._do_happy(action, player)
        elif action == KEEP:
            self._run()
        elif action == DONE:
            self.budget, self.moved = None, {}
            self._run()
        elif action == PASS:
            self.passes += 1
            self._end_turn()

    def _settle(self) -> None:
        """Apply every forced decision (exactly one legal action) and log it (spec 4.1)."""
        while self.phase in DECISIONS:
            forced = self._forced()
            if forced is None:
                return
            self.log.append((self.turn, str(forced)))
            self._do(forced, self.turn)

    def _forced(self) -> Action | None:
        if self.phase == "choose_tile":
            free = self._free_tiles()
            return ChooseTile(self.content.tiles[free[0]]["id"], free[0]) if len(free) == 1 else None
        if self.phase == "swap":
            return None if self._swaps(self.turn) else KEEP
        if self.phase == "acquire":
            return PASS if self.front.count(-1) == 4 else None  # an empty slot holds -1
        return None

    def _do_tile(self, action: ChooseTile, player: int) -> None:
        self._give_tile(player, action.index)
        if player > 0:
            self.turn = player - 1
        else:
            self.phase, self.turn = "place_truck", self.num_players - 1

    def _do_face(self, action: UseFace, player: int) -> None:
        face = self.content.faces[action.index]
        self.sand[player] -= face["cost"]
        self.face, self.picks_left = action.code, face["effect"]["picks"]
        if face["effect"]["extra"] == "discard_front_row_first":
            self.discard.extend(c for c in self.front if c >= 0)
            self.front = [-1] * 4
            self.refresh()
        self.phase = "pick"

    def _do_pick(self, action: Pick, player: int) -> None:
        slots = self.back if action.back else self.front
        card = slots[action.col - 1]
        slots[action.col - 1] = -1
        self._place(player, card, action.space)
        self.lock_col, self.picks_left = action.col, self.picks_left - 1
        if self.picks_left:
            return
        extra = self.content.faces[self.content.face_index[self.face]]["effect"]["extra"]
        tasks = self.content.card_tasks
        self.tasks = [task for c in self.placed for task in tasks[c]]
        if extra == "move_any_2x2":
            self.tasks.append(("move", ANY_KIND, 2, 2, 0))
        elif extra == "add_local_tourist":
            self.tasks.append(("add", 1, 1, 0, self.placed[-1]))
        self.tasks.append(("end",))
        if extra == "optional_swap":
            self.phase = "swap"
        else:
            self._run()

    def _do_happy(self, action: Happy, player: int) -> None:
        self.truck = _wrap(self.truck, 2)
        if action.choice in ("sd", "mix"):
            self.sand[player] += 2 if action.choice == "sd" else 1
        if action.choice == "mix":
            self.tasks.insert(0, ("move", ANY_KIND, 1, 1, 0))
        elif action.choice == "move":
            self.tasks.insert(0, ("move", ANY_KIND, 2, 2, 2))
        self._run()

    def _place(self, player: int, card: int, space: int) -> None:
        self.cities[player][space] = card
        self.placed.append(card)

    def _swap(self, player: int, a: int, b: int) -> None:
        city, people = self.cities[player], self.people[player]
        city[a], city[b] = city[b], city[a]
        here_a, here_b = people.pop(a, None), people.pop(b, None)
        if here_a:
            people[b] = here_a
        if here_b:
            people[a] = here_b

    def _space_of(self, player: int, card: int) -> int:
        return next(s for s, c in self.cities[player].items() if c == card)

    def _add_people(self, player: int, space: int, counts: tuple[int, ...]) -> None:
        """Mandatory adds: as many as the supply allows (spec 4.5)."""
        limited = self.options["limited_supply"]
        here = self.people[player].get(space) or [0, 0, 0]
        for k, wanted in enumerate(counts):
            given = min(wanted, self.supply[k]) if limited else wanted
            if limited:
                self.supply[k] -= given
            here[k] += given
        if any(here):
            self.people[player][space] = here

    def _run(self) -> None:
        """Carry out queued tasks until a player must decide or the turn ends."""
        self.phase = "auto"
        while self.tasks:
            task = self.tasks.pop(0)
            kind = task[0]
            if kind == "sd":
                self.sand[self.turn] += task[1]
            elif kind == "add":
                self._add_people(self.turn, self._space_of(self.turn, task[4]), task[1:4])
            elif kind == "move":
                self.budget, self.moved = list(task[1:]) + [0, 0, None, 0, 0], {}
                if self._can_move(self.turn):
                    self.phase = "move"
                    return
                self.budget = None
            elif kind == "reward":
                if self._reward(task[1]):
                    return
            else:
                self._end_turn()
                return

    def _reward(self, col: int) -> bool:
        """The food truck / foodie reward after a free take (spec 4.8); True for a happy day."""
        truck, foodie = self.truck == col, self.foodie == col
        if truck and foodie:
            self.phase = "happy_day"
            return True
        if truck:
            self.sand[self.turn] += 1
            self.truck = _wrap(self.truck, 1)
        elif foodie:
            self.foodie = _wrap(self.foodie, 1)
            self.tasks.insert(0, ("move", ANY_KIND, 1, 1, 0))
        return False

    def _do_move(self, action: Move | Step, player: int) -> None:
        budget, moved, people = self.budget, self.moved, self.people[player]
        assert budget is not None  # a move is legal only while a budget is open
        if type(action) is Move:
            kind, src = action.kind, action.src
            budget[4] += 1
            budget[8] = 0
        else:
            kind, src = budget[7], budget[6]
            key = src * 3 + kind
            moved[key] -= 1
            if not moved[key]:
                del moved[key]
        dst = action.dst
        here = people[src]
        here[kind] -= 1
        if not any(here):
            del people[src]
        people.setdefault(dst, [0, 0, 0])[kind] += 1
        moved[dst * 3 + kind] = moved.get(dst * 3 + kind, 0) + 1
        budget[5] += 1
        budget[6], budget[7] = dst, kind
        budget[8] += 1
        if kind == 2:
            self._footprint(player, dst)
        if not self._can_move(player):
            self.budget, self.moved = None, {}
            self._run()

    def _footprint(self, player: int, space: int) -> None:
        """A VIP entering a wanted card leaves a footprint there, one per card (spec 4.7)."""
        card = self.cities[player][space]
        prints = self.footprints[player]
        if card < 0 or card in prints:
            return
        if not self.content.card_tags[card] & self.content.tile_wants[self.tiles[player]]:
            return
        if self.options["limited_supply"]:
            if not self.supply[3]:
                return
            self.supply[3] -= 1
        prints.add(card)

    def refresh(self) -> None:
        """Slide back-row cards forward and draw from the deck, column by column (spec 4.9)."""
        front, back, deck = self.front, self.back, self.deck
        for c in range(4):
            while front[c] < 0 and (back[c] >= 0 or deck):
                if back[c] >= 0:
                    front[c], back[c] = back[c], -1
                else:
                    front[c] = deck.pop(0)
            if back[c] < 0 and deck:
                back[c] = deck.pop(0)

    def _end_turn(self) -> None:
        self.refresh()
        if self.phase != "acquire":  # any turn but a pass
            self.passes = 0
        end = self.options["end_cards"]
        if max(map(len, self.cities)) - 2 >= end:  # B0 and S0 are not feature cards
            self.final_round = True
        if (self.final_round and self.turn == self.num_players - 1) or self.passes >= self.num_players:
            self.phase = "game_over"
            self._reset_turn()
            return
        self._start_turn((self.turn + 1) % self.num_players)

    def _start_turn(self, seat: int) -> None:
        self._reset_turn()
        self.turn, self.phase = seat, "acquire"

    # ---- scoring ------------------------------------------------------------------------------

    def score_lines(self) -> tuple[list[dict[str, int]], list[int]]:
        """Every player's nine scorepad lines and unplaced people (spec 8)."""
        c = self.content
        objective = c.objectives[self.objective]
        lines, unplaced = [], []
        for p in range(self.num_players):
            if self.tiles[p] < 0:
                lines.append(dict.fromkeys(LINES, 0))
                unplaced.append(0)
                continue
            line, u = score_city(c, objective, self.tiles[p], self.cities[p], self.people[p],
                                 self.footprints[p], self.sand[p])
            lines.append(line)
            unplaced.append(u)
        for line, penalty in zip(lines, rank_penalties(objective, unplaced), strict=True):
            line["penalty"] += penalty
        return lines, unplaced

    def scores(self) -> list[float]:
        return [sum(line.values()) for line in self.score_lines()[0]]

    def breakdown(self) -> list[dict[str, Any]]:
        lines, unplaced = self.score_lines()
        return [
            {**line, "total": sum(line.values()), "unplaced": u, "sand_dollars_left": self.sand[p]}
            for p, (line, u) in enumerate(zip(lines, unplaced, strict=True))
        ]

    def result(self) -> Result:
        breakdown = self.breakdown()
        totals = [b["total"] for b in breakdown]
        keys = [(totals[p], self.sand[p]) for p in range(self.num_players)]
        return rank(keys, ["score", "most sand dollars left"], totals, breakdown, self.end_reason())

    def end_reason(self) -> Message | None:
        """Every player passed in a row, or a city reached the end size and the round ended (4.10)."""
        if self.phase != "game_over":
            return None
        if self.passes >= self.num_players:
            return MESSAGES.message("end.passes")
        return MESSAGES.message("end.cards", cards=self.options["end_cards"])

    # ---- presentation -------------------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything is public except the deck order (only its size is shown)."""
        c = self.content

        def card_id(i: int) -> str | None:
            return c.cards[i]["id"] if i >= 0 else None

        budget = None
        if self.budget is not None:
            kinds, most, distance, cap, started, total, active, kind, steps = self.budget
            budget = {"kinds": [k for i, k in enumerate(("local", "tourist", "vip")) if kinds >> i & 1],
                      "people": most, "distance": distance, "total_cap": cap or None,
                      "started": started, "total": total,
                      "active": None if active is None else {"space": space_text(active),
                                                             "kind": "LTV"[kind], "steps": steps},
                      "moved": {f"{space_text(key // 3)} {'LTV'[key % 3]}": n
                                for key, n in self.moved.items()}}
        return {
            "you": player,
            "phase": self.phase,
            "turn": self.turn,
            "to_move": list(self.to_move),
            "objective": c.objectives[self.objective]["id"],
            "faces": list(self.faces),
            "front": [card_id(i) for i in self.front],
            "back": [card_id(i) for i in self.back],
            "deck_size": len(self.deck),
            "discard": [card_id(i) for i in self.discard],
            "truck": self.truck,
            "foodie": self.foodie,
            "supply": dict(zip(("local", "tourist", "vip", "footprint"), self.supply, strict=True)),
            "drawn_tiles": [c.tiles[t]["id"] for t in self.drawn],
            "face_in_use": self.face or None,
            "picks_left": self.picks_left,
            "move_budget": budget,
            "final_round": self.final_round,
            "passes": self.passes,
            "players": [self._player_view(p) for p in range(self.num_players)],
            "scores": self.scores(),
            "catalogue": self._catalogue(),
        }

    def _catalogue(self) -> dict[str, Any]:
        """Printed (public) text of every component this view shows, for graphical surfaces:
        the cards in the display and the cities (never the deck's), the drawn starting tiles,
        the two faces in play, the objective, and the tag names."""
        c = self.content
        shown = [i for i in (*self.front, *self.back) if i >= 0]
        shown += [card for city in self.cities for card in city.values() if card >= 0]
        keys = ("row", "tags")
        tile_keys = ("vips", "tags", "footprint_tags")
        face_keys = ("cost",)

        def printed(kind: str, entry: dict, keys: tuple[str, ...]) -> dict[str, Any]:
            return {**c.printed_fields(kind, entry), **{k: entry.get(k) for k in keys}}

        objective = c.objectives[self.objective]
        return {
            "cards": {c.cards[i]["id"]: printed("card", c.cards[i], keys) for i in sorted(set(shown))},
            "tiles": {c.tiles[t]["id"]: printed("tile", c.tiles[t], tile_keys) for t in self.drawn},
            "faces": {code: printed("face", c.faces[c.face_index[code]], face_keys) for code in self.faces},
            "objective": printed("objective", objective, ()),
            "tag_names": c.tag_names,
        }

    def _player_view(self, p: int) -> dict[str, Any]:
        c = self.content
        city = self.cities[p]
        return {
            "tile": c.tiles[self.tiles[p]]["id"] if self.tiles[p] >= 0 else None,
            "sand_dollars": self.sand[p],
            "feature_cards": len(city) - 2,
            "cards": {space_text(s): c.cards[card]["id"] for s, card in sorted(city.items()) if card >= 0},
            "people": {space_text(s): list(here) for s, here in sorted(self.people[p].items())},
            "footprints": sorted(space_text(s) for s, card in city.items() if card in self.footprints[p]),
            # the same city as structures, for renderers that should not read space notation
            "spaces": [
                {**space_data(s), "card": c.cards[card]["id"] if card >= 0 else None,
                 "people": list(self.people[p].get(s, ())), "footprint": card in self.footprints[p]}
                for s, card in sorted(city.items())
            ],
        }

    def explain_illegal(self, action: Action, player: int, lang: str = "en") -> str:
        code, values = _explain(self, action, player)
        return MESSAGES.text(f"reason.{code}", lang, **values)


_PHASE_LEGAL = {phase: getattr(SantaMonicaState, f"_legal_{phase}") for phase in DECISIONS}

_PHASE_VERBS = {
    "choose_tile": (ChooseTile,), "place_truck": (Truck,), "acquire": (Take, UseFace, Word),
    "pick": (Pick,), "swap": (Swap, Word), "move": (Move, Step, Word), "happy_day": (Happy,),
}

# Why an action is not legal now, by reason code: the messages `reason.<code>`. A value may
# itself be a message or a {lang: text} (phase and row names, counted words).
REASONS = {
    "phase": MESSAGES.templates("reason.phase"),
    "empty_slot": MESSAGES.templates("reason.empty_slot"),
    "face_slot": MESSAGES.templates("reason.face_slot"),
    "face_not_in_play": MESSAGES.templates("reason.face_not_in_play"),
    "face_cost": MESSAGES.templates("reason.face_cost"),
    "face_unusable": MESSAGES.templates("reason.face_unusable"),
    "nobody": MESSAGES.templates("reason.nobody"),
    "moved": MESSAGES.templates("reason.moved"),
    "move_budget": MESSAGES.templates("reason.move_budget"),
    "step": MESSAGES.templates("reason.step"),
    "tile": MESSAGES.templates("reason.tile"),
    "other": MESSAGES.templates("reason.other"),
    "row": MESSAGES.templates("reason.row"),
    "column_0": MESSAGES.templates("reason.column_0"),
    "occupied": MESSAGES.templates("reason.occupied"),
    "apart": MESSAGES.templates("reason.apart"),
}
_ROWS = (MESSAGES.templates("rules.beach"), MESSAGES.templates("rules.street"))


def _explain(state: SantaMonicaState, action: Action, player: int) -> tuple[str, dict[str, Any]]:
    """A precise reason why a well-formed action is not legal now (spec 5): a code of `REASONS`
    and the values its texts need."""
    if type(action) not in _PHASE_VERBS.get(state.phase, ()):
        return "phase", {"phase": MESSAGES.message(f"phase.{state.phase}")}
    c = state.content
    if isinstance(action, (Take, Pick)):
        back = isinstance(action, Pick) and action.back
        slot = f"{'RF'[not back]}{action.col}"
        card = (state.back if back else state.front)[action.col - 1]
        if card < 0:
            return "empty_slot", {"slot": slot}
        if type(action) is Pick and (back, action.col) not in state._pick_slots():
            return "face_slot", {"face": state.face, "slot": slot}
        return _explain_space(state, player, c.card_row[card], action.space)
    if type(action) is UseFace:
        if action.code not in state.faces:
            return "face_not_in_play", {"code": action.code, "faces": ", ".join(state.faces)}
        cost = c.faces[action.index]["cost"]
        sand = state.sand[player]
        if sand < cost:
            dollars = MESSAGES.message("sand_dollars.one" if sand == 1 else "sand_dollars.many")
            return "face_cost", {"sand": sand, "code": action.code, "cost": cost, "dollars": dollars}
        return "face_unusable", {"code": action.code}
    if type(action) is Move:
        here = state.people[player].get(action.src, [0, 0, 0])[action.kind]
        if not here:
            return "nobody", {"space": space_text(action.src)}
        if here <= state.moved.get(action.src * 3 + action.kind, 0):
            return "moved", {}
        return "move_budget", {}
    if type(action) is Step:
        return "step", {}
    if type(action) is ChooseTile:
        return "tile", {"tile": action.tile}
    return "other", {}


def _explain_space(state: SantaMonicaState, player: int, row: int, space: int) -> tuple[str, dict[str, Any]]:
    where = space_text(space)
    if space & 1 != row:
        return "row", {"kind": _ROWS[row], "row": "BS"[row]}
    if space >> 1 == 0:
        return "column_0", {}
    if space in state.cities[player]:
        return "occupied", {"space": where}
    return "apart", {"space": where}
