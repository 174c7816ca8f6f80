"""The Bloom Town state: setup (spec §3, §7), the turn (§4), hidden information (§6), the end (§8.3).

The rules specification is docs/specs/bloom-town.md in the repository; every "spec" section
number in this package refers to it.

A turn is a sequence of small actions: `build`, then (only when the rules leave a choice) `take j`,
then bonus-step actions ending with `pass` (asked only if some bonus action is legal), possibly a
second build after an extra-build bonus; the refill is automatic and ends the turn. After the last
turn each player with two hand types chooses `keep T`.
"""

from __future__ import annotations

import random
from itertools import compress
from typing import Any

from ludoteca.core import Action, Message, State, rank
from ludoteca.core.result import Result

from . import heuristic, messages, strategy
from .components import (
    BLOOMING,
    CELLS,
    COMMUNITY_BASE,
    COMMUNITY_POOL,
    END_TRIGGER,
    FIRST_SHOP,
    FLOWER_SPACE,
    FLOWERS,
    NUM_BUILDING_TILES,
    SETUP,
    SPACES,
    SQUARE_NAMES,
    TILE_COPIES,
    TILE_NAMES,
    TILE_TYPE,
    TYPES,
)
from .notation import (
    BLOOM_DOUBLE,
    BLOOM_EXTRA,
    BONUSES,
    BUILDS,
    KEEPS,
    PASS,
    RESCORE_BASE,
    TAKES,
    TOKEN_DOUBLE,
    TOKEN_EXTRA,
    Bonus,
    Build,
    Keep,
    Take,
)
from .scoring import placement_points, rescore_value

# Score categories of `breakdown()`, indices into each player's `parts` list.
PARTS = ("placement", "double", "community", "final")
PLACEMENT, DOUBLE, COMMUNITY, FINAL = range(len(PARTS))
# `to_move` of each seat, premade: the core asks for it several times per action.
ONLY: tuple[tuple[int], ...] = tuple((seat,) for seat in range(max(SETUP)))


class BloomTownState(State):
    """One Bloom Town position. Tiles are codes from `components`; -1 marks an empty square/space."""

    __slots__ = (
        "side",  # board side used by every town
        "towns",  # per seat, 25 tile codes
        "hands",  # per seat, the tile codes in hand
        "known",  # per seat, the hand tiles everyone saw being taken (a sub-multiset of the hand)
        "stacks",  # 5 face-down piles, top tile last
        "market",  # 5 face-up tiles
        "community",  # per type, community tiles in the community area
        "scored",  # per type, whether it has been community-scored
        "removed",  # building tiles removed at setup (public)
        "leftover",  # left-over building tiles revealed at setup (public)
        "points",  # per seat, Bloom points
        "parts",  # per seat, points per category of PARTS
        "tokens",  # per seat, whether the bonus token is still held
        "order",  # seats in turn order; order[0] is the start player
        "turn",  # turn-order position (0-based) of the active player, or of the keeping player
        "phase",  # "build", "take", "bonus", "keep" or "over"
        "double_used",
        "extra_used",
        "extra_pending",  # an extra build follows the current bonus step
        "bloom_ready",  # the square just built on is blooming and its bonus is unused
        "last_square",  # square of the last build (-1 before any)
        "last_points",  # its placement points P
        "take_from",  # market spaces to choose from in the take step
        "triggered",  # the end of the game has been triggered
        "kept",  # per seat, type kept in the final hand scoring (-1: none yet / empty hand)
    )

    # How `clone` copies each field (a test checks that every field is listed exactly once).
    SHARED_FIELDS = (  # immutable values
        "side", "turn", "phase", "double_used", "extra_used", "extra_pending", "bloom_ready",
        "last_square", "last_points", "triggered",
    )
    FLAT_FIELDS = (  # lists of ints or bools
        "market", "community", "scored", "removed", "leftover", "points", "tokens", "order",
        "take_from", "kept",
    )
    NESTED_FIELDS = ("towns", "hands", "known", "stacks", "parts")  # lists of such lists

    # ---- setup ----------------------------------------------------------------------------

    def setup(self) -> None:
        """Spec §3: deal (random draws in the order of §7), fill the market, reveal left-overs."""
        self._clear()
        for tile in self._deal(SETUP[self.num_players]):
            if tile >= COMMUNITY_BASE:
                self._reveal_community(tile)
            else:
                self.leftover.append(tile)
        self._start_turn()

    def _clear(self) -> None:
        """Empty towns, market and area; every token held; no points; the first turn's flags."""
        n = self.num_players
        self.side = self.options["board_side"]
        self.towns = [[-1] * CELLS for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.market = [-1] * SPACES
        self.community = [0] * len(TYPES)
        self.scored = [False] * len(TYPES)
        self.leftover: list[int] = []
        self.points = [0] * n
        self.parts = [[0] * len(PARTS) for _ in range(n)]
        self.tokens = [True] * n
        self.kept = [-1] * n
        self.turn = 0
        self.phase = "build"
        self.last_square = -1
        self.last_points = 0
        self.take_from: list[int] = []
        self.triggered = False
        self.double_used = self.extra_used = self.extra_pending = self.bloom_ready = False

    def _deal(self, rules: dict[str, int]) -> list[int]:
        """Removal, hands, stacks, market and start player; returns the left-over tiles."""
        n = self.num_players
        self.removed = self._remove_tiles(rules["remove_per_type"])
        tiles = [
            code
            for code in range(NUM_BUILDING_TILES)
            for _ in range(TILE_COPIES[code] - self.removed.count(code))
        ]
        self.rng.shuffle(tiles)
        size = rules["hand_size"]
        self.hands = [tiles[size * i : size * (i + 1)] for i in range(n)]
        pool = tiles[size * n :] + list(COMMUNITY_POOL)
        self.rng.shuffle(pool)
        height = rules["stack_size"]
        self.stacks = [pool[j * height : (j + 1) * height][::-1] for j in range(SPACES)]
        start = self.options["start_player"]
        start = self.rng.randrange(n) if start == "random" else start
        self.order = [(start + i) % n for i in range(n)]
        self._refill()
        return pool[SPACES * height :]

    def _remove_tiles(self, per_type: int) -> list[int]:
        """Tiles removed at setup: `per_type` of each plain type, shops of different kinds."""
        shops = list(range(FIRST_SHOP, NUM_BUILDING_TILES))
        if per_type > len(shops):
            raise ValueError("Bloom Town data: more shops to remove than there are shop kinds")
        if per_type in (0, len(shops)):
            removed_shops = shops[:per_type]
        else:
            removed_shops = sorted(self.rng.sample(shops, per_type))
        return [code for code in range(FIRST_SHOP) for _ in range(per_type)] + removed_shops

    # ---- whose turn, legal actions ------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        return ONLY[self.order[self.turn]]

    def _legal_actions(self, player: int) -> list:
        phase = self.phase
        if phase == "build":
            # BUILDS[tile] lists the builds on squares 0..24; `compress` keeps the empty ones.
            empty = [tile < 0 for tile in self.towns[player]]
            actions: list[Action] = []
            for tile in sorted(set(self.hands[player])):
                actions += compress(BUILDS[tile], empty)
            return actions
        if phase == "bonus":
            return [BONUSES[i] for i in self._bonus_options(player)] + [BONUSES[PASS]]
        if phase == "take":
            return [TAKES[j] for j in self.take_from]
        return [KEEPS[t] for t in self._hand_types(player)]

    def is_legal(self, action: Action, player: int) -> bool:
        if type(action) is Build:
            return (
                self.phase == "build"
                and action.tile in self.hands[player]
                and self.towns[player][action.square] < 0
            )
        if type(action) is Bonus:
            return self.phase == "bonus" and (
                action.index == PASS or action.index in self._bonus_options(player)
            )
        if type(action) is Take:
            return self.phase == "take" and action.space in self.take_from
        if type(action) is Keep:
            return self.phase == "keep" and action.kind in self._hand_types(player)
        return False

    def _bonus_options(self, player: int) -> list[int]:
        """Bonus actions legal now (spec §4.4), in canonical order, without `pass`."""
        options = []
        if self.bloom_ready:
            if not self.double_used:
                options.append(BLOOM_DOUBLE)
            if not self.extra_used:
                options.append(BLOOM_EXTRA)
        if self.tokens[player]:
            if not self.double_used:
                options.append(TOKEN_DOUBLE)
            if not self.extra_used:
                options.append(TOKEN_EXTRA)
            options += [
                RESCORE_BASE + t
                for t in range(len(TYPES))
                if self.community[t] == 1 and not self.scored[t]
            ]
        return options

    def _hand_types(self, player: int) -> list[int]:
        return sorted({TILE_TYPE[t] for t in self.hands[player]})

    # ---- the turn ---------------------------------------------------------------------------

    def _apply(self, action: Action, player: int) -> None:
        if type(action) is Build:
            self._build(player, action.tile, action.square)
        elif type(action) is Bonus:
            self._bonus(player, action.index)
        elif type(action) is Take:
            self._take_space(player, action.space)
            self._bonus_step(player)
        else:
            assert type(action) is Keep  # the only kind left, once checked legal
            self._score_keep(player, action.kind)
            self._next_keep()

    def _build(self, player: int, tile: int, square: int) -> None:
        """Steps 1-3: place, score P, take the tile of the matching flower (spec §4.1-4.3)."""
        town = self.towns[player]
        town[square] = tile
        self.hands[player].remove(tile)
        known = self.known[player]
        if tile in known:
            known.remove(tile)
        points = placement_points(town, square)
        self._gain(player, PLACEMENT, points)
        self.last_square = square
        self.last_points = points
        self.bloom_ready = square in BLOOMING[self.side]
        self._take(player, FLOWER_SPACE[self.side][square])
        if self.phase != "take":
            self._bonus_step(player)

    def _take(self, player: int, space: int) -> None:
        """The matching space's tile; else its stack's top face down; else any market tile."""
        if self.market[space] >= 0:
            self._take_space(player, space)
            return
        tile = self._draw(space)
        if tile >= 0:
            self.hands[player].append(tile)
            return
        spaces = [j for j in range(SPACES) if self.market[j] >= 0]
        if len(spaces) > 1:
            self.phase = "take"
            self.take_from = spaces
        elif spaces:
            self._take_space(player, spaces[0])

    def _take_space(self, player: int, space: int) -> None:
        tile = self.market[space]
        self.market[space] = -1
        self.hands[player].append(tile)
        self.known[player].append(tile)
        self.take_from = []

    def _bonus_step(self, player: int) -> None:
        """Ask for bonus actions while one is legal; otherwise move on (spec §4.4)."""
        if self._bonus_options(player):
            self.phase = "bonus"
        else:
            self._after_bonus(player)

    def _bonus(self, player: int, index: int) -> None:
        if index == PASS:
            self._after_bonus(player)
            return
        if index in (BLOOM_DOUBLE, BLOOM_EXTRA):
            self.bloom_ready = False
        else:
            self.tokens[player] = False
        if index in (BLOOM_DOUBLE, TOKEN_DOUBLE):
            self.double_used = True
            self._gain(player, DOUBLE, self.last_points)
        elif index in (BLOOM_EXTRA, TOKEN_EXTRA):
            self.extra_used = self.extra_pending = True
        else:
            self._community_score(index - RESCORE_BASE)
        self._bonus_step(player)

    def _after_bonus(self, player: int) -> None:
        """The extra build if one is pending (and possible), else the refill ends the turn."""
        self.bloom_ready = False
        if self.extra_pending:
            self.extra_pending = False
            if self._can_build(player):
                self.phase = "build"
                return
        self._refill()
        self._end_turn()

    def _can_build(self, player: int) -> bool:
        return bool(self.hands[player]) and -1 in self.towns[player]

    def _refill(self) -> None:
        """Every empty market space, in order 1-5, from its own stack (spec §4.6)."""
        market = self.market
        for space, tile in enumerate(market):
            if tile < 0:
                market[space] = self._draw(space)

    def _draw(self, space: int) -> int:
        """The next building tile off stack `space`, resolving community tiles met; -1 if none."""
        stack = self.stacks[space]
        while stack:
            tile = stack.pop()
            if not stack:
                self._check_trigger()
            if tile < COMMUNITY_BASE:
                return tile
            self._reveal_community(tile)
        return -1

    def _check_trigger(self) -> None:
        exhausted = sum(1 for stack in self.stacks if not stack)
        if exhausted >= END_TRIGGER[self.num_players]:
            self.triggered = True

    def _reveal_community(self, tile: int) -> None:
        """A community tile goes to the area; the second of an unscored type scores it (§4.5)."""
        kind = tile - COMMUNITY_BASE
        self.community[kind] += 1
        if self.community[kind] == 2 and not self.scored[kind]:
            self._community_score(kind)

    def _community_score(self, kind: int) -> None:
        self.scored[kind] = True
        for player in range(self.num_players):
            self._gain(player, COMMUNITY, rescore_value(self.towns[player], kind))

    def _gain(self, player: int, part: int, points: int) -> None:
        self.points[player] += points
        self.parts[player][part] += points

    def _end_turn(self) -> None:
        if self.triggered and self.turn == self.num_players - 1:
            self.phase = "keep"
            self.turn = -1
            self._next_keep()
        else:
            self.turn = (self.turn + 1) % self.num_players
            self._start_turn()

    def _start_turn(self) -> None:
        self.double_used = self.extra_used = self.extra_pending = self.bloom_ready = False
        if self._can_build(self.order[self.turn]):
            self.phase = "build"
        else:
            self._end_turn()

    # ---- end of game ------------------------------------------------------------------------

    def _next_keep(self) -> None:
        """Final hand scoring in turn order; asks only players holding two different types."""
        while True:
            self.turn += 1
            if self.turn == self.num_players:
                self.phase = "over"
                return
            player = self.order[self.turn]
            types = self._hand_types(player)
            if len(types) > 1:
                return
            if types:
                self._score_keep(player, types[0])

    def _score_keep(self, player: int, kind: int) -> None:
        self.kept[player] = kind
        self._gain(player, FINAL, rescore_value(self.towns[player], kind))

    def scores(self) -> list[float]:
        return list(self.points)

    def breakdown(self) -> list[dict[str, Any]]:
        return [dict(zip(PARTS, parts, strict=True)) for parts in self.parts]

    def result(self) -> Result:
        """Most points; ties go to the player later in turn order (spec §8.3)."""
        position = {seat: i for i, seat in enumerate(self.order)}
        keys = [(self.points[p], position[p]) for p in range(self.num_players)]
        return rank(keys, ["score", "later in turn order"], self.scores(), self.breakdown(),
                    self.end_reason())

    def end_reason(self) -> Message | None:
        """Enough stacks ran out, the round was finished and the hands were scored (spec §8.3)."""
        if self.phase != "over":
            return None
        empty = sum(1 for stack in self.stacks if not stack)
        return messages.MESSAGES.message("end.stacks", empty=empty, needed=END_TRIGGER[self.num_players],
                                         stacks=len(self.stacks))

    def evaluation(self, player: int) -> float:
        """Projected final lead: the score plus what the town, hand and token promise (`strategy`)."""
        return strategy.evaluation(self, player)

    def heuristic_action(self, player: int, rng: random.Random) -> Action:
        """The rule-of-thumb reference player (`heuristic.py`), independent of the evaluation."""
        return heuristic.heuristic_action(self, player, rng)

    def playout_action(self, player: int, rng: random.Random) -> Action:
        """A cheap informed move for search playouts (`strategy.playout_action`)."""
        return strategy.playout_action(self, player, rng)

    # ---- hidden information ------------------------------------------------------------------

    def _sees_hand(self, viewer: int | None, seat: int) -> bool:
        return viewer == seat or self.phase == "over" or self.options["open_hands"]

    def _private(self, seat: int) -> list[int]:
        """The hand tiles of `seat` that the other players have not seen."""
        private = list(self.hands[seat])
        for tile in self.known[seat]:
            private.remove(tile)
        return private

    def view(self, player: int | None) -> dict[str, Any]:
        hands = []
        for seat in range(self.num_players):
            shown = self.hands[seat] if self._sees_hand(player, seat) else self.known[seat]
            hands.append({
                "size": len(self.hands[seat]),
                "tiles": [TILE_NAMES[t] for t in sorted(shown)],
                "unknown": len(self.hands[seat]) - len(shown),
            })
        return {
            "side": self.side,
            # Public component data of the side in use, for pictures drawn from the view alone:
            # the flower of every square (reading order a1, b1, …, e5), its blooming squares,
            # and the flower of each market space 1-5.
            "board": {
                "flowers": [FLOWERS[j] for j in FLOWER_SPACE[self.side]],
                "blooming": [SQUARE_NAMES[i] for i in sorted(BLOOMING[self.side])],
            },
            "flowers": list(FLOWERS),
            "order": list(self.order),
            "to_move": list(self.to_move),
            "phase": self.phase,
            "scores": list(self.points),
            "breakdown": self.breakdown(),
            "tokens": list(self.tokens),
            "towns": [[TILE_NAMES[t] if t >= 0 else None for t in town] for town in self.towns],
            "hands": hands,
            "market": [TILE_NAMES[t] if t >= 0 else None for t in self.market],
            "stack_heights": [len(s) for s in self.stacks],
            "community": dict(zip(TYPES, self.community, strict=True)),
            "scored": [t for t, done in zip(TYPES, self.scored, strict=True) if done],
            "removed": [TILE_NAMES[t] for t in self.removed],
            "leftover": [TILE_NAMES[t] for t in self.leftover],
            "turn": {
                "double_used": self.double_used,
                "extra_used": self.extra_used,
                "extra_pending": self.extra_pending,
                "bloom_ready": self.bloom_ready,
                "last_square": SQUARE_NAMES[self.last_square] if self.last_square >= 0 else None,
                "last_points": self.last_points,
                "take_from": [j + 1 for j in self.take_from],
            },
            "end_triggered": self.triggered,
            "kept": [TYPES[k] if k >= 0 else None for k in self.kept],
        }

    def determinize(self, player: int, rng: random.Random) -> BloomTownState:
        """Re-deal the stacks and the other players' private hand tiles (spec §7).

        Heights and private-hand sizes are kept; only building tiles go into hands, since
        community tiles never reach a hand. Hands the player sees (`open_hands`, or every hand once
        the game is over) are kept as they are.
        """
        other = self.clone()
        seats = [s for s in range(self.num_players) if not self._sees_hand(player, s)]
        private = {s: self._private(s) for s in seats}
        unseen = [t for s in seats for t in private[s]]
        unseen += [t for stack in self.stacks for t in stack]
        buildings = [t for t in unseen if t < COMMUNITY_BASE]
        rng.shuffle(buildings)
        for s in seats:
            count = len(private[s])
            other.hands[s] = list(self.known[s]) + buildings[:count]
            del buildings[:count]
        rest = buildings + [t for t in unseen if t >= COMMUNITY_BASE]
        rng.shuffle(rest)
        for space, stack in enumerate(self.stacks):
            other.stacks[space] = rest[: len(stack)]
            del rest[: len(stack)]
        return other

    # ---- explanations and pictures ------------------------------------------------------------

    def explain_illegal(self, action: Action, player: int, lang: str = "en") -> str:
        code, args = self._illegal_reason(action, player)
        return messages.say(code, lang, **args)

    def _illegal_reason(self, action: Action, player: int) -> tuple[str, dict[str, Any]]:
        """Why `action` is illegal now: a message code of `messages.TEXT` and its arguments."""
        wanted = {Build: "build", Bonus: "bonus", Take: "take", Keep: "keep"}.get(type(action))
        if wanted is None:
            return "foreign action", {}
        if wanted != self.phase:
            return "phase", {"phase": messages.PHASES[self.phase]}
        if type(action) is Build:
            if action.tile not in self.hands[player]:
                return "tile not in hand", {"tile": messages.tile_name(action.tile)}
            return "occupied", {"square": SQUARE_NAMES[action.square]}
        if type(action) is Take:
            return "space empty", {"space": action.space + 1}
        if type(action) is Keep:
            return "type not in hand", {"type": messages.type_name(action.kind)}
        assert type(action) is Bonus  # the only kind left
        return self._bonus_reason(action.index, player)

    def _bonus_reason(self, index: int, player: int) -> tuple[str, dict[str, Any]]:
        if index in (BLOOM_DOUBLE, BLOOM_EXTRA) and not self.bloom_ready:
            return "no bloom", {}
        if index >= TOKEN_DOUBLE and not self.tokens[player]:
            return "token used", {}
        if index in (BLOOM_DOUBLE, TOKEN_DOUBLE):
            return "double used", {}
        if index in (BLOOM_EXTRA, TOKEN_EXTRA):
            return "extra used", {}
        kind = index - RESCORE_BASE
        if self.scored[kind]:
            return "already scored", {"types": messages.type_plural(kind)}
        return "rescore needs one", {"type": messages.type_name(kind)}

