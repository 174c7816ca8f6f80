"""The Happy City state: setup, the four-step turn, income phases and the end (spec sections 3-8).

The rules specification is docs/specs/happy-city.md in the repository; every "spec" section
number in this package refers to it.

A turn is a chain of small decisions (`phase`): optional `discard`, one `refill` decision per
missing display card, the `main` action, then the optional `special`. Steps with no decision are
skipped, and the income phase is resolved automatically when a new round starts. Expert mode adds
the Happy Market `draft` before round 1 and the Sphinx `final_choice` after the last turn.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core import Message, State, rank
from ludoteca.core.result import Result

from . import heuristic, scoring, strategy
from .components import (
    CARDS,
    COLOUR,
    COLOUR_WORDS,
    COLOURS,
    CONDITION,
    COST,
    DECK,
    DECK_CARDS,
    EFFECT,
    EXPERT_SPECIALS,
    FAMILY_SPECIALS,
    INDEX,
    LIBERTY,
    MARKET,
    RESIDENCES,
    SPHINX,
    START_COINS,
    card_facts,
)
from .messages import MESSAGES
from .notation import BOX, BUY, COIN, DISCARD, DRAW, PASS, Move
from .notation import MARKET as MARKET_MOVES
from .notation import SPECIAL as SPECIAL_MOVES
from .notation import SPHINX as SPHINX_MOVES

CITY_SIZE = 10
DISPLAY_SIZE = 3
_index = INDEX.__getitem__


class HappyCityState(State):
    """One position of Happy City. All fields are plain data (see `ludoteca.core.plain`)."""

    __slots__ = (
        "expert",  # the `expert` option
        "young",  # the `young_players` option
        "round_limit",  # the `round_limit` option (0 = none)
        "decks",  # three lists of keys, top card first; hidden order
        "discards",  # three lists of keys, in discard order; hidden contents
        "display",  # keys of the central display, in catalogue order
        "piles",  # residence key -> cards left in its pile
        "row",  # specials still face up, in catalogue order
        "box",  # specials not dealt at setup, in catalogue order
        "cities",  # per player, card keys in slot order (slot 1 = the Happy Market)
        "coins",  # per player
        "markets",  # per player, colour index of the Happy Market (None in family mode)
        "specials",  # per player, the special taken (None until then)
        "round",  # current round, from 1 (0 during the expert draft)
        "current",  # the seat whose turn (or draft pick, or Sphinx choice) it is
        "phase",  # draft, discard, refill, main, special, final_choice or game_over
        "triggered",  # some city has reached 10 cards
        "free_purchase",  # per player, an Open Road discount is pending (X12)
        "pyramid_left",  # per player, Glass Pyramid Museum income phases left (X15)
        "sphinx_copy",  # the special the Sphinx copies (X10), once chosen
        "log",  # the public log, "<seat>: <action>" and "*: <chance event>" lines
    )

    # ---- setup ----------------------------------------------------------------------------

    def setup(self) -> None:
        """Spec section 3, drawing from `self.rng` exactly as in the reference procedure (7)."""
        n, options = self.num_players, self.options
        self.expert = options["expert"]
        self.young = options["young_players"]
        self.round_limit = options["round_limit"]
        self.decks = []
        for d in (1, 2, 3):
            deck = list(DECK_CARDS[d])
            self.rng.shuffle(deck)
            self.decks.append(deck)
        self.discards: list[list[str]] = [[], [], []]
        self.display: list[str] = []
        self.piles = {key: n - 1 for key in RESIDENCES}
        specials = list(EXPERT_SPECIALS if self.expert else FAMILY_SPECIALS)
        self.rng.shuffle(specials)
        self.row = sorted(specials[: n + 2], key=_index)
        self.box = sorted(specials[n + 2 :], key=_index)
        self.log = ["*: specials " + ",".join(self.row)]
        self.cities = [[MARKET] for _ in range(n)]
        self.coins = [START_COINS] * n
        self.markets: list[int | None] = [None] * n  # Happy Market colour
        self.specials: list[str | None] = [None] * n
        self.free_purchase = [False] * n
        self.pyramid_left = [0] * n
        self.sphinx_copy: str | None = None
        self.triggered = False
        self.round = 0
        if self.expert:
            self.phase, self.current = "draft", n - 1
        else:
            self._start_round()

    # ---- contract -------------------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == "game_over" else (self.current,)

    def _legal_actions(self, player: int) -> list[Move]:
        phase = self.phase
        if phase == "main":
            return self._main_actions(player)
        if phase == "refill":
            return [DRAW[d] for d in (1, 2, 3) if self.decks[d - 1] or self.discards[d - 1]]
        if phase == "discard":
            return [PASS] + [DISCARD[k] for k in dict.fromkeys(self.display)]
        if phase == "special":
            return [PASS] + [SPECIAL_MOVES[k] for k in self._special_options(player)]
        if phase == "draft":
            taken = set(self.markets)
            return [move for colour, move in MARKET_MOVES.items() if colour not in taken]
        return self._sphinx_actions(player)

    def _main_actions(self, player: int) -> list[Move]:
        city, coins = self.cities[player], self.coins[player]
        if len(city) >= CITY_SIZE:
            return [COIN]
        cost = self.cost
        moves = [BUY[k] for k in dict.fromkeys(self.display) if k not in city and cost(player, k) <= coins]
        moves += [BUY[k] for k in RESIDENCES
                  if self.piles[k] and k not in city and cost(player, k) <= coins]
        moves.append(COIN)
        return moves

    def _special_options(self, player: int) -> list[str]:
        """Specials `player` may take now (spec 4.6); the row is already in catalogue order."""
        if self.specials[player] is not None:
            return []
        city = self.cities[player]
        full = len(city) >= CITY_SIZE
        counts = scoring.colour_counts(city, self.markets[player])
        return [
            key for key in self.row
            if (not full or key == LIBERTY) and all(counts[c] >= need for c, need in CONDITION[key])
        ]

    def _sphinx_actions(self, player: int) -> list[Move]:
        owned = [k for p, k in enumerate(self.specials) if p != player and k is not None]
        return [SPHINX_MOVES[k] for k in sorted(owned, key=_index)] + [SPHINX_MOVES[BOX]]

    def _apply(self, action: Move, player: int) -> None:
        self.log.append(f"{player}: {action}")
        verb, arg = action.verb, action.arg
        if verb == "draw":
            self._draw(int(arg))
        elif verb == "buy":
            self._buy(player, arg)
        elif verb == "coin":
            self._take_coins(player)
        elif verb == "discard":
            self.display.remove(arg)
            self.discards[DECK[arg] - 1].append(arg)
            self._enter_refill()
        elif verb == "pass":
            if self.phase == "discard":
                self._enter_refill()
            else:
                self._end_turn()
        elif verb == "special":
            self._take_special(player, arg)
            self._end_turn()
        elif verb == "market":
            self._draft(player, action)
        else:
            self._sphinx(arg)

    # ---- costs ----------------------------------------------------------------------------

    def cost(self, player: int, key: str) -> int:
        """What `player` pays for building or residence `key` (spec 4.5, expert cost effects)."""
        printed = COST[key]
        special = self.specials[player]
        if special is None or not self.expert:
            return printed
        if self.free_purchase[player]:
            return 0
        effect = EFFECT[special]
        kind = effect.get("kind")
        if kind == "colour_discount" and COLOUR[key] == COLOURS.index(effect["colour"]):
            return max(effect["floor"], printed - effect["amount"])
        if kind == "display_costs_deck_minimum" and DECK[key]:
            return effect["deck_cost"][str(DECK[key])]
        return printed

    # ---- steps ----------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        if self.display:
            self.phase = "discard"
        else:
            self._enter_refill()

    def _enter_refill(self) -> None:
        """Refill decisions while the display is short and some deck can be drawn (spec 4.4)."""
        if len(self.display) < DISPLAY_SIZE and any(
            self.decks[d] or self.discards[d] for d in range(3)
        ):
            self.phase = "refill"
        else:
            self.phase = "main"

    def _draw(self, deck: int) -> None:
        pile = self.decks[deck - 1]
        if not pile:
            pile = self.decks[deck - 1] = self.discards[deck - 1]
            self.discards[deck - 1] = []
            self.rng.shuffle(pile)
            self.log.append(f"*: reshuffle {deck}")
        key = pile.pop(0)
        self.log.append(f"*: reveal {deck} {key}")
        self.display.append(key)
        self.display.sort(key=_index)
        self._enter_refill()

    def _buy(self, player: int, key: str) -> None:
        paid = self.cost(player, key)
        self.coins[player] -= paid
        self.free_purchase[player] = False
        if key in self.piles:
            self.piles[key] -= 1
        else:
            self.display.remove(key)
        self.cities[player].append(key)
        if self.expert:
            self._fairy_castles(player, paid)
        self._after_main(player)

    def _take_coins(self, player: int) -> None:
        """The `coin` main action: 1 coin, or the Clock Tower's amount for its owner."""
        special = self.specials[player]
        effect = EFFECT[special] if special else {}
        self.coins[player] += effect["gain"] if effect.get("kind") == "coin_action_gain" else 1
        self._after_main(player)

    def _fairy_castles(self, buyer: int, paid: int) -> None:
        """X3: a neighbour's purchase paying at least the threshold gives the owner coins."""
        for owner, special in enumerate(self.specials):
            if special is None or owner == buyer:
                continue
            effect = EFFECT[special]
            if (effect.get("kind") == "gain_when_neighbour_spends" and paid >= effect["threshold"]
                    and buyer in scoring.neighbours(owner, self.num_players)):
                self.coins[owner] += effect["gain"]

    def _after_main(self, player: int) -> None:
        if self._special_options(player):
            self.phase = "special"
        else:
            self._end_turn()

    def _take_special(self, player: int, key: str) -> None:
        city = self.cities[player]
        self.row.remove(key)
        self.specials[player] = key
        if key == LIBERTY:
            self._return_card(city.pop())
        city.append(key)
        if self.expert:
            self._on_take(player, key)

    def _return_card(self, key: str) -> None:
        """X7: the card replaced by the Liberty Statue goes back where it came from."""
        if key in self.piles:
            self.piles[key] += 1
        else:
            self.discards[DECK[key] - 1].append(key)

    def _on_take(self, player: int, key: str) -> None:
        """Expert effects that act once, when the special is placed (X21), or start then."""
        effect = EFFECT[key]
        kind = effect.get("kind")
        if kind == "gain_per_card_in_city":
            self.coins[player] += effect["per_card"] * len(self.cities[player])
        elif kind == "double_income_now_lose_income_at_end":
            self.coins[player] += effect["now_multiplier"] * self._income(player)
        elif kind == "everyone_gains":
            self.coins = [c + effect["amount"] for c in self.coins]
        elif kind == "next_purchase_free":
            self.free_purchase[player] = True
        elif kind == "extra_income_copy_opponent":
            self.pyramid_left[player] = effect["phases"]

    def _end_turn(self) -> None:
        """Spec 4.7: set the trigger, then the next seat, a new round, or the end."""
        if not self.triggered and any(len(city) >= CITY_SIZE for city in self.cities):
            self.triggered = True
        if self.current < self.num_players - 1:
            self.current += 1
            self._begin_turn()
        elif self.triggered or (self.round_limit and self.round >= self.round_limit):
            self._end_game()
        else:
            self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self._income_phase()
        self.current = 0
        self._begin_turn()

    def _income_phase(self) -> None:
        """Spec 4.2; in expert mode the three sub-steps of X24, each read from its own start."""
        n, coins = self.num_players, self.coins
        if not self.expert:
            for p in range(n):
                coins[p] += scoring.family_income(self.cities[p])
            return
        effects: list[dict[str, Any]] = [EFFECT[s] if s else {} for s in self.specials]
        for p, effect in enumerate(effects):
            if effect.get("kind") == "gain_before_income_if_has_coins" and coins[p] >= effect["min_coins"]:
                coins[p] += effect["gain"]
        incomes = [self._income(p) for p in range(n)]
        for p in range(n):
            coins[p] += incomes[p]
            if self.pyramid_left[p]:
                self.pyramid_left[p] -= 1
                coins[p] += max(incomes[q] for q in range(n) if q != p)
        for p, effect in enumerate(effects):
            if effect.get("kind") == "steal_from_richest_opponents":
                self._royal_palace(p, effect["amount"])

    def _royal_palace(self, owner: int, amount: int) -> None:
        """X11: each opponent with the most coins gives `amount` (never more than they have)."""
        richest = max(c for q, c in enumerate(self.coins) if q != owner)
        if richest < 1:
            return
        for q in range(self.num_players):
            if q != owner and self.coins[q] == richest:
                taken = min(amount, self.coins[q])
                self.coins[q] -= taken
                self.coins[owner] += taken

    def _income(self, player: int) -> int:
        if not self.expert:
            return scoring.family_income(self.cities[player])
        return scoring.income(self.cities, self.markets, player)

    def _draft(self, player: int, action: Move) -> None:
        self.markets[player] = next(c for c, move in MARKET_MOVES.items() if move == action)
        if player == 0:
            self._start_round()
        else:
            self.current -= 1

    def _end_game(self) -> None:
        owner = next((p for p, s in enumerate(self.specials) if s == SPHINX), None)
        if owner is None:
            self.phase = "game_over"
        else:
            self.phase, self.current = "final_choice", owner

    def _sphinx(self, arg: str) -> None:
        """X10: copy an opponent's special, or one drawn at random from the box."""
        if arg == BOX:
            arg = self.rng.choice(self.box)
            self.log.append(f"*: sphinx_box {arg}")
        self.sphinx_copy = arg
        self.phase = "game_over"

    # ---- scores ---------------------------------------------------------------------------

    def breakdown(self) -> list[dict[str, Any]]:
        parts = []
        for p in range(self.num_players):
            score = scoring.score_city(self.cities, self.markets, p, self.young, self.sphinx_copy)
            parts.append({**score, "coins": self.coins[p], "income": self._income(p)})
        return parts

    def scores(self) -> list[float]:
        return [part["score"] for part in self.breakdown()]

    def result(self) -> Result:
        parts = self.breakdown()
        scores = [part["score"] for part in parts]
        keys = [(s, self.coins[p]) for p, s in enumerate(scores)]
        return rank(keys, ["score", "coins"], scores, parts, self.end_reason())

    def end_reason(self) -> Message | None:
        """A city reached 10 cards and the round was finished, or the round limit was reached (4.7)."""
        if self.phase != "game_over":
            return None
        if self.triggered:
            return MESSAGES.message("end.city_size", cards=CITY_SIZE)
        return MESSAGES.message("end.round_limit", rounds=self.round_limit)

    def evaluation(self, player: int) -> float:
        """The real score lead once the game is over; before that, the lead in projected final
        score (`strategy.evaluate`: what coins, income and a special in reach will still add)."""
        if self.phase == "game_over":
            return super().evaluation(player)
        return strategy.evaluate(self, player)

    def heuristic_action(self, player: int, rng: random.Random) -> Move:
        """The rule-of-thumb reference player (`heuristic.choose`), independent of `evaluation`."""
        return heuristic.choose(self, player, rng)

    # ---- hidden information ---------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        """The public view: the same for every seat (spec 6); deck order and discards never appear.

        For renderers it also spells out public facts that follow from the data files: `cards`
        (what every face-up card shows, for each key in the display, the residence piles, the
        special row and the cities), and per player the running `score` / `people` / `hearts`
        (as `breakdown`) and `costs`, what that player would pay for each display building and
        residence (expert specials change costs).
        """
        n = self.num_players
        shown = {*self.display, *RESIDENCES, *self.row, *(k for city in self.cities for k in city)}
        if self.sphinx_copy:
            shown.add(self.sphinx_copy)
        parts = self.breakdown()
        return {
            "round": self.round,
            "phase": self.phase,
            "to_move": list(self.to_move),
            "current": self.current,
            "triggered": self.triggered,
            "options": dict(self.options),
            "display": list(self.display),
            "deck_sizes": [len(d) for d in self.decks],
            "discard_sizes": [len(d) for d in self.discards],
            "residence_piles": dict(self.piles),
            "special_row": list(self.row),
            "special_box": list(self.box) if self.expert else [],
            "sphinx_copy": self.sphinx_copy,
            "players": [
                {
                    "coins": self.coins[p],
                    "city": list(self.cities[p]),
                    "market_colour": _colour_name(self.markets[p]),
                    "special": self.specials[p],
                    "income": self._income(p),
                    "free_purchase": self.free_purchase[p],
                    "pyramid_phases_left": self.pyramid_left[p],
                    "score": parts[p]["score"],
                    "people": parts[p]["people"],
                    "hearts": parts[p]["hearts"],
                    "costs": {k: self.cost(p, k) for k in (*self.display, *RESIDENCES)},
                }
                for p in range(n)
            ],
            "log": list(self.log),
            "cards": {k: card_facts(k) for k in sorted(shown, key=_index)},
        }

    def determinize(self, player: int, rng: random.Random) -> HappyCityState:
        """Deck orders are hidden from everyone: shuffle them, and reseed the future chance.

        Discard piles keep their (face-down) contents: every discarded card was named in the
        public log, so a player may know them; their order never matters (they are shuffled).
        """
        other = self.clone()
        for deck in other.decks:
            rng.shuffle(deck)
        other.rng = random.Random(rng.getrandbits(64))
        return other

    # ---- explanations ---------------------------------------------------------------------

    def explain_illegal(self, action: Move, player: int, lang: str = "en") -> str:
        code, facts = self._why_illegal(action, player)
        return _REASONS[code][lang].format(**{name: _word(name, fact, lang) for name, fact in facts.items()})

    def _why_illegal(self, action: Move, player: int) -> tuple[str, dict[str, Any]]:
        """The reason code of `_REASONS` and its facts (card keys, numbers), the same in every language."""
        verb, arg, phase = action.verb, action.arg, self.phase
        if verb not in _PHASE_VERBS[phase]:
            return "wrong_step", {"verb": verb, "step": phase}
        if verb == "buy":
            return self._why_not_buy(player, arg)
        if verb == "special":
            return self._why_not_special(player, arg)
        if verb == "draw":
            return "deck_empty", {"deck": arg}
        if verb == "discard":
            return "not_displayed", {"card": arg}
        if verb == "market":
            return "market_taken", {"market": arg}
        return "not_owned", {"card": arg}

    def _why_not_buy(self, player: int, key: str) -> tuple[str, dict[str, Any]]:
        city = self.cities[player]
        if key in self.piles and not self.piles[key]:
            return "pile_empty", {"name": key}
        if key not in self.piles and key not in self.display:
            return "not_displayed", {"card": key}
        if len(city) >= CITY_SIZE:
            return "city_full", {}
        if key in city:
            return "same_name", {"card": key}
        return "too_expensive", {"name": key, "cost": self.cost(player, key), "coins": self.coins[player]}

    def _why_not_special(self, player: int, key: str) -> tuple[str, dict[str, Any]]:
        if self.specials[player] is not None:
            return "special_taken", {}
        if key not in self.row:
            return "not_in_row", {"card": key}
        if len(self.cities[player]) >= CITY_SIZE and key != LIBERTY:
            return "city_full", {}
        counts = scoring.colour_counts(self.cities[player], self.markets[player])
        return "condition", {"name": key, "needs": key, "has": counts}


# ---- why an action is illegal, in English and Spanish ----------------------------------------

# each decision step: the verbs it accepts, and what to do instead
_PHASE_VERBS = {
    "draft": ("market",),
    "discard": ("pass", "discard"),
    "refill": ("draw",),
    "main": ("buy", "coin"),
    "special": ("pass", "special"),
    "final_choice": ("sphinx",),
}
_STEPS = {
    "draft": MESSAGES.templates("step.draft"),
    "discard": MESSAGES.templates("step.discard"),
    "refill": MESSAGES.templates("step.refill"),
    "main": MESSAGES.templates("step.main"),
    "special": MESSAGES.templates("step.special"),
    "final_choice": MESSAGES.templates("step.final_choice"),
}
_REASONS = {
    "wrong_step": MESSAGES.templates("reason.wrong_step"),
    "deck_empty": MESSAGES.templates("reason.deck_empty"),
    "not_displayed": MESSAGES.templates("reason.not_displayed"),
    "market_taken": MESSAGES.templates("reason.market_taken"),
    "not_owned": MESSAGES.templates("reason.not_owned"),
    "pile_empty": MESSAGES.templates("reason.pile_empty"),
    "city_full": MESSAGES.templates("reason.city_full"),
    "same_name": MESSAGES.templates("reason.same_name"),
    "too_expensive": MESSAGES.templates("reason.too_expensive"),
    "special_taken": MESSAGES.templates("reason.special_taken"),
    "not_in_row": MESSAGES.templates("reason.not_in_row"),
    "condition": MESSAGES.templates("reason.condition"),
}


def _word(name: str, value: Any, lang: str) -> str:
    """One fact of a reason, written in `lang`."""
    if name == "card":  # English gives both names, e.g. "School (Escuela)"; Spanish only its own
        return _card_in_reason(value, lang)
    if name == "name":
        return CARDS[value].name(lang)
    if name == "step":
        return _STEPS[value][lang]
    if name == "market":  # the notation word in English, the colour's name in Spanish
        return MESSAGES.text(f"market_colour.{value}", lang)
    if name == "coins":  # English follows "you have" with the number alone
        return MESSAGES.text("reason_coins.one" if value == 1 else "reason_coins.many", lang, n=value)
    if name == "needs":
        return _colour_counts(CONDITION[value], lang)
    if name == "has":
        return _colour_counts(tuple(enumerate(value)), lang)
    return str(value)


def _colour_counts(counts: tuple[tuple[int, int], ...], lang: str) -> str:
    """Colour counts as a reason reads them ("B2 G1", "2 cartas azules y 1 verde"), colours with
    no card left out. The grammar is the catalogue's: the first count and the others, one card
    and several, per colour (`colour_count.<first|rest>.<one|many>.<colour>`), then the joins."""
    parts: list[str] = []
    for c, n in counts:
        if n:
            form = f"{'rest' if parts else 'first'}.{'one' if n == 1 else 'many'}"
            parts.append(MESSAGES.text(f"colour_count.{form}.{COLOUR_WORDS[c]}", lang, n=n))
    if not parts:
        return MESSAGES.text("colour_count.none", lang)
    text = parts[0]
    for number, part in enumerate(parts[1:], start=2):
        join = "colour_count.last" if number == len(parts) else "colour_count.join"
        text = MESSAGES.text(join, lang, list=text, item=part)
    return text


def _card_in_reason(key: str, lang: str) -> str:
    """A card in a reason: English gives both names, "School (Escuela)"; other languages their
    own name only."""
    card = CARDS[key]
    return f"{card.name('en')} ({card.name('es')})" if lang == "en" else card.name(lang)


def _colour_name(market: int | None) -> str | None:
    """A Happy Market's colour by name (None: no market built)."""
    return None if market is None else COLOURS[market]
