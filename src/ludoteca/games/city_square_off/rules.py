"""City Square Off: the state and its rules (spec §3–§8).

The rules specification is docs/specs/city-square-off.md in the repository; every "spec" section
number in this package refers to it.

Both players own a city (a bitmask, see `pieces`). After the starters, every round either reveals
a shape card that both must place (standard, City Expansion) or lets each place any unplaced tile
(City Sprint). Placements within a round are simultaneous: each seat submits one, it stays pending
and invisible to the other seat until every owed placement has arrived, then all are applied.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core import Message, State
from ludoteca.core.messages import CORE
from ludoteca.core.result import Result

from . import heuristic, scoring, strategy
from .components import Catalogue, catalogue
from .messages import MESSAGES
from .notation import STARTER_IDS, Place, Placement
from .placing import placer

SPRINT, EXPANSION = "city_sprint", "city_expansion"

# why an action is illegal (spec §5.4), in English and Spanish
# Why a placement is not legal now, by reason code: the messages `reason.<code>`.
REASONS = {code: MESSAGES.templates(f"reason.{code}") for code in (
    "same_orientation", "starter_first", "starters_placed", "already_placed", "not_the_card",
    "off_grid_entirely", "over_the_edge", "covered", "not_touching", "not_dealt", "starter_taken",
    "starter_excluded", "starter_off_grid", "starter_centre")}


class CitySquareOffState(State):
    __slots__ = (
        "covered",  # per seat: bitmask of covered squares on the plane
        "placed",  # per seat: [(piece, orientation, row, col), ...] in placement order
        "starters",  # per seat: the starter id, or None before it is placed
        "dealt",  # per seat: the starter dealt (starter_choice = "random"), else None
        "first",  # the seat that chooses its starter first
        "deck",  # shape cards not yet revealed, top first (hidden order)
        "revealed",  # shape cards revealed so far, in order; the last is the current card
        "owes",  # seats that owe a placement this round
        "pending",  # per seat: the submitted, not yet applied placement, or None
        "stuck",  # per seat (City Sprint): no unplaced tile fits any more
        "outcome",  # None while playing; then {"winners": [...], "reason": str, "end": why}
    )

    # How `clone` copies the fields (see `State._copy_fields_into`); `outcome` is deep-copied.
    SHARED_FIELDS = ("first", "owes")
    FLAT_FIELDS = ("covered", "starters", "dealt", "deck", "revealed", "pending", "stuck")
    NESTED_FIELDS = ("placed",)

    # ---- setup --------------------------------------------------------------------------------

    def setup(self) -> None:
        options = self.options
        chosen = options["first_chooser"]
        self.first = self.rng.randrange(2) if chosen == "random" else chosen
        self.dealt: list[str | None] = [None, None]  # the starter each seat was dealt, if dealt
        if options["starter_choice"] == "random":
            available = [s for s in STARTER_IDS if s not in options["excluded_starters"]]
            dealt = self.rng.sample(available, 2)
            self.dealt[self.first], self.dealt[1 - self.first] = dealt
        self.deck = []
        if options["variant"] != SPRINT:
            self.deck = [tile.id for tile in self.catalogue.tiles]
            self.rng.shuffle(self.deck)
        self.covered = [0, 0]
        self.placed: list[list[Placement]] = [[], []]
        self.starters: list[str | None] = [None, None]
        self.revealed: list[str] = []
        self.owes: tuple[int, ...] = ()
        self.pending: list[Placement | None] = [None, None]  # the round's secret placements
        self.stuck = [False, False]
        self.outcome: dict[str, Any] | None = None

    @property
    def catalogue(self) -> Catalogue:
        return catalogue()

    @property
    def variant(self) -> str:
        return self.options["variant"]

    # ---- whose move ---------------------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.outcome is not None:
            return ()
        pending = self.pending
        if None in self.starters:
            first = self.first
            return (first,) if self.starters[first] is None else (1 - first,)
        if pending[0] is None and pending[1] is None:  # most of the time: nobody has submitted
            return self.owes
        return tuple(seat for seat in self.owes if pending[seat] is None)

    @property
    def current_card(self) -> str | None:
        return self.revealed[-1] if self.revealed and self.variant != SPRINT else None

    @property
    def in_starter_phase(self) -> bool:
        return None in self.starters

    # ---- legal actions ------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[Place]:
        if None in self.starters:
            return self._starter_actions(player)
        return self._placements_of(player, self._playable_pieces(player))

    def _placements_of(self, player: int, pieces: list[str]) -> list[Place]:
        """Every legal placement of these pieces in `player`'s city (spec §4.1, §8.3)."""
        placements = placer().placements
        covered = self.covered[player]
        expansion = self.options["variant"] == EXPANSION
        if len(pieces) == 1:
            return list(placements(covered, pieces[0], expansion))
        return [action for piece in pieces for action in placements(covered, piece, expansion)]

    def _any_placement(self, player: int) -> bool:
        placements = placer().placements
        covered = self.covered[player]
        expansion = self.options["variant"] == EXPANSION
        return any(placements(covered, piece, expansion) for piece in self._playable_pieces(player))

    def _playable_pieces(self, player: int) -> list[str]:
        if self.options["variant"] == SPRINT:
            used = {piece for piece, *_ in self.placed[player]}
            return [t.id for t in self.catalogue.tiles if t.id not in used]
        return self.revealed[-1:]  # the current card, none before the first reveal

    def _starter_actions(self, player: int) -> list[Place]:
        dealt = self.dealt[player]
        if dealt is not None:
            allowed = [dealt]
        else:
            excluded = self.options["excluded_starters"]
            allowed = [s for s in STARTER_IDS if s != self.starters[1 - player] and s not in excluded]
        table = self.catalogue.starter_placements[self.options["starter_anywhere"]]
        return [action for starter in allowed for action in table[starter]]

    def is_legal(self, action: Place, player: int) -> bool:
        footprint = catalogue().footprints.get(action)
        if footprint is None:
            return False
        if None in self.starters:
            return action in self._starter_actions(player)
        variant = self.options["variant"]
        if variant == SPRINT:
            if action.piece not in self._playable_pieces(player):
                return False
        elif not self.revealed or action.piece != self.revealed[-1]:  # the current card
            return False
        covered = self.covered[player]
        return (
            not footprint.mask & covered
            and footprint.border & covered != 0
            and (footprint.whole or variant == EXPANSION)
        )

    def explain_illegal(self, action: Place, player: int, lang: str = "en") -> str:
        code, values = self._illegal_reason(action, player)
        return MESSAGES.text(f"reason.{code}", lang, **values)

    def _illegal_reason(self, action: Place, player: int) -> tuple[str, dict]:
        """Which rule `action` breaks (a key of REASONS) and the values its message names."""
        catalogue = self.catalogue
        piece = catalogue.pieces[action.piece]
        if action.orient not in piece.orientations:  # only an action built by id can be non-canonical
            return "same_orientation", {"piece": action.piece, "orient": action.orient,
                                        "canonical": piece.aliases[action.orient]}
        if piece.is_starter != self.in_starter_phase:
            return ("starter_first" if self.in_starter_phase else "starters_placed"), {}
        if self.in_starter_phase:
            return self._starter_reason(action, player)
        if action.piece not in self._playable_pieces(player):
            if self.variant == SPRINT:
                return "already_placed", {"piece": action.piece}
            return "not_the_card", {"card": self.current_card, "piece": action.piece}
        squares = catalogue.squares_of(action)
        geometry = catalogue.geometry
        if self.variant == EXPANSION:
            if not any(geometry.on_grid(*square) for square in squares):
                return "off_grid_entirely", {}
        elif not all(geometry.on_grid(*square) for square in squares):
            return "over_the_edge", {}
        if catalogue.footprints[action].mask & self.covered[player]:
            return "covered", {}
        return "not_touching", {}

    def _starter_reason(self, action: Place, player: int) -> tuple[str, dict]:
        if self.dealt[player] is not None and action.piece != self.dealt[player]:
            return "not_dealt", {"starter": self.dealt[player]}
        if action.piece == self.starters[1 - player]:
            return "starter_taken", {}
        if action.piece in self.options["excluded_starters"]:
            return "starter_excluded", {}
        squares = self.catalogue.squares_of(action)
        if not all(self.catalogue.geometry.on_grid(*square) for square in squares):
            return "starter_off_grid", {}
        return "starter_centre", {"logo": self.catalogue.geometry.min_logo}

    # ---- applying actions ---------------------------------------------------------------------

    def _apply(self, action: Place, player: int) -> None:
        entry = (action.piece, action.orient, action.row, action.col)
        if None in self.starters:
            self._cover(player, entry)
            self.starters[player] = action.piece
            if None not in self.starters:
                self._start_round()
            return
        pending = self.pending
        pending[player] = entry
        for seat in self.owes:
            if pending[seat] is None:
                return
        self._finish_round()

    def _cover(self, player: int, entry: Placement) -> None:
        """Cover the squares of a placement, given as stored: (piece, orientation, row, col).

        A `Place` is a named tuple, so the plain tuple finds its footprint too."""
        self.covered[player] |= catalogue().footprints[entry].mask
        self.placed[player].append(entry)

    def _finish_round(self) -> None:
        for seat in self.owes:
            entry = self.pending[seat]
            assert entry is not None  # the round resolves once every seat owed has chosen
            self._cover(seat, entry)
        self.pending = [None, None]
        variant = self.options["variant"]
        if variant == "standard":  # a full grid simply cannot take the next card (spec §8.1)
            self._start_round()
            return
        full = [seat for seat in (0, 1) if self._open_count(seat) == 0]
        if variant == SPRINT and full:
            self._end(full, "full grid", _why("full", seats=full))
        elif variant == EXPANSION and len(self.owes) < 2:
            self._end_expansion(_why("blocked", shape=self.revealed[-1], seat=1 - self.owes[0]))
        elif variant == EXPANSION and (full or not self.deck):
            self._end_expansion(_why("full", seats=full) if full else _why("deck"))
        else:
            self._start_round()

    def _start_round(self) -> None:
        if self.options["variant"] == SPRINT:
            self._start_sprint_round()
            return
        if not self.deck:
            self._end_by_regions("deck exhausted", _why("deck"))
            return
        card = self.deck.pop(0)
        self.revealed.append(card)
        placements = placer().placements
        expansion = self.options["variant"] == EXPANSION
        covered = self.covered
        can_place = [bool(placements(covered[seat], card, expansion)) for seat in (0, 1)]
        self.owes = (0, 1) if all(can_place) else tuple(s for s in (0, 1) if can_place[s])
        if expansion:
            if not self.owes:
                self._end_expansion(_why("both_blocked", shape=card))
        elif len(self.owes) == 1:
            self._end(list(self.owes), "opponent blocked", _why("blocked", shape=card, seat=1 - self.owes[0]))
        elif not self.owes:
            self._end_by_regions("both blocked", _why("both_blocked", shape=card))

    def _start_sprint_round(self) -> None:
        for seat in (0, 1):
            if not self.stuck[seat] and not self._any_placement(seat):
                self.stuck[seat] = True
        self.owes = tuple(seat for seat in (0, 1) if not self.stuck[seat])
        if not self.owes:
            counts = [self._open_count(seat) for seat in (0, 1)]
            self._end(scoring.fewest_wins(counts), "fewer uncovered squares", _why("stuck"))

    def _end_by_regions(self, reason: str, why: dict[str, Any]) -> None:
        regions = [self._open_regions(seat) for seat in (0, 1)]
        verdict = scoring.compare_regions(regions[0], regions[1])
        self._end([0] if verdict > 0 else [1] if verdict < 0 else [0, 1], f"{reason}: open regions", why)

    def _end_expansion(self, why: dict[str, Any]) -> None:
        self._end(scoring.fewest_wins([self._overhang(seat) for seat in (0, 1)]), "fewer overhanging squares",
                  why)

    def _end(self, winners: list[int], reason: str, why: dict[str, Any]) -> None:
        """`reason`: the comparison that decided (the tie-break label); `why`: what ended the
        game, for `end_reason` (`_why`)."""
        self.owes = ()
        self.outcome = {"winners": winners, "reason": reason, "end": why}

    # ---- measures -----------------------------------------------------------------------------

    def _open_count(self, player: int) -> int:
        return (self.catalogue.grid_mask & ~self.covered[player]).bit_count()

    def _open_regions(self, player: int) -> list[int]:
        return scoring.region_sizes(self.catalogue.grid_mask & ~self.covered[player])

    def _overhang(self, player: int) -> int:
        return (self.covered[player] & ~self.catalogue.grid_mask).bit_count()

    # ---- results ------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        if self.outcome is None:
            return [0.0, 0.0]
        winners = self.outcome["winners"]
        share = 1 / len(winners)
        return [share if seat in winners else 0.0 for seat in (0, 1)]

    def breakdown(self) -> list[dict[str, Any]]:
        if self.variant == SPRINT:
            return [{"uncovered": self._open_count(seat)} for seat in (0, 1)]
        if self.variant == EXPANSION:
            return [{"overhang": self._overhang(seat)} for seat in (0, 1)]
        return [{"open_regions": self._open_regions(seat)} for seat in (0, 1)]

    def result(self) -> Result:
        scores = self.scores()
        winners = self.outcome["winners"] if self.outcome else [0, 1]
        ranking = [1 if seat in winners else 2 for seat in (0, 1)]
        tiebreak = None
        if self.outcome:
            tiebreak = "draw" if len(winners) == 2 else self.outcome["reason"]
        return Result(scores, ranking, winners, tiebreak, self.breakdown(), self.end_reason())

    def end_reason(self) -> Message | None:
        """What ended the game: the shape that did not fit, a full grid, the deck, no tile left."""
        if self.outcome is None:
            return None
        why = self.outcome["end"]
        args: dict[str, Any] = {}
        if "shape" in why:
            args["shape"] = MESSAGES.message("end.shape", name=self.catalogue.pieces[why["shape"]].names,
                                             id=why["shape"])
        if "seat" in why:
            args["who"] = CORE.message("seat", seat=why["seat"])
        code = why["code"]
        if code == "full":
            code = "full.both" if len(why["seats"]) == 2 else "full.one"
            args["who"] = CORE.message("seat", seat=why["seats"][0])
        return MESSAGES.message(f"end.{code}", **args)

    def evaluation(self, player: int) -> float:
        """How much better `player`'s open space is than the other city's (see `strategy`).

        Both cities get the same shapes, so only the difference matters. City Sprint also counts
        the squares still to cover (the race), City Expansion the overhang (the score); those are
        squares, while the learned city value is in cards, so they are turned into cards by the
        mean size of a shape card (untuned: the weights were learned on the standard game).
        """
        if self.outcome is not None:
            return self.scores()[player] * 2 - 1
        value = self._city_value(player) - self._city_value(1 - player)
        squares_per_card = self.catalogue.squares_per_card
        if self.variant == SPRINT:
            value += (self._open_count(1 - player) - self._open_count(player)) / squares_per_card
        elif self.variant == EXPANSION:
            value += (self._overhang(1 - player) - self._overhang(player)) / squares_per_card
        return value

    def heuristic_action(self, player: int, rng: random.Random) -> Place:
        """The simple packer of `heuristic`: tight against the walls, no sealed squares, from a
        corner picked by the game's seed. It looks only at the seat's own city."""
        geometry = self.catalogue.geometry
        corner = heuristic.corner_of(self.seed * 2 + player, geometry.rows, geometry.cols)
        legal = self._legal_for(player)
        return heuristic.packer_choice(self.catalogue, self.covered[player], legal, corner, rng)

    def _city_value(self, seat: int) -> float:
        return strategy.city_value(self.catalogue, self.covered[seat], self._to_come(seat))

    def _to_come(self, seat: int) -> list[str]:
        """The shapes `seat` may still have to place: its unplaced tiles in City Sprint, else the
        unrevealed cards plus the current one if it owes it (submitted or not, so that a pending
        placement, which is not in the city yet, is not counted as done)."""
        if self.variant == SPRINT:
            return self._playable_pieces(seat)
        return self.deck + self.revealed[-1:] if seat in self.owes else self.deck

    # ---- copies -------------------------------------------------------------------------------

    # ---- what each seat sees ------------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        catalogue = self.catalogue
        geometry = catalogue.geometry
        secret = self.pending[player] if player is not None else None
        own = Place(*secret) if secret is not None else None  # the seat's own secret placement
        return {
            "game": "city-square-off",
            "variant": self.variant,
            "to_move": list(self.to_move),
            "first_chooser": self.first,
            "current_card": self.current_card,
            "revealed": list(self.revealed),
            "deck_size": len(self.deck),
            "unrevealed": sorted(self.deck, key=catalogue.piece_order.__getitem__),
            "players": [
                {
                    "starter": self.starters[seat],
                    "dealt_starter": self.dealt[seat],
                    "pieces": [
                        {
                            "piece": piece,
                            "orientation": orient,
                            "anchor": geometry.square_name(row, col),
                            "squares": [
                                list(s) for s in catalogue.squares_of(Place(piece, orient, row, col))
                            ],
                        }
                        for piece, orient, row, col in self.placed[seat]
                    ],
                    "open_squares": self._open_count(seat),
                    "overhang": self._overhang(seat),
                    "stuck": self.stuck[seat],
                    "submitted": self.pending[seat] is not None,
                    "pending": str(own) if own is not None and seat == player else None,
                    "pending_action": self.game.action_data(own)
                    if own is not None and seat == player
                    else None,
                }
                for seat in (0, 1)
            ],
            "outcome": dict(self.outcome) if self.outcome else None,
            "scores": self.scores(),
        }

    def visible_history(self, player: int | None) -> list[tuple[int, str]]:
        """The log without the other seat's still-pending placement (it is secret until applied).

        Pending placements are always the last entries: a round resolves as soon as all arrive.
        """
        count = sum(p is not None for p in self.pending)
        if not count:
            return list(self.history)
        return self.history[:-count] + [e for e in self.history[-count:] if e[0] == player]

    def determinize(self, player: int, rng: random.Random) -> CitySquareOffState:
        """Re-shuffle the unrevealed cards and withdraw the other seat's secret placement."""
        sample = self.clone()
        rng.shuffle(sample.deck)
        other = 1 - player
        if sample.pending[other] is not None:
            sample.pending[other] = None
            last = max(i for i, (seat, _) in enumerate(sample.history) if seat == other)
            del sample.history[last]
        return sample


def _why(code: str, **args: Any) -> dict[str, Any]:
    """What ended a game, as plain data kept in `outcome` (read by `end_reason`)."""
    return {"code": code, **args}
