"""Monte Carlo tree search for every game: UCT, and ISMCTS for hidden information.

One search handles every kind of turn the contract allows:
- perfect information: each iteration searches a clone of the position (plain UCT);
- hidden information: each iteration searches `state.determinize(player, rng)`, a position
  sampled from what the searching seat may know, and the tree is shared by all samples
  (single-observer ISMCTS); an action's exploration term counts the iterations in which it was
  available, since different samples allow different actions;
- chance: the sample's random generator is re-seeded, so the search never knows future draws;
- simultaneous rounds (City Square Off): every seat in `to_move` chooses from its own statistics
  before any of the choices is applied (decoupled UCT), so no seat sees another's move of the
  same round; at the root, `determinize` withdraws the other seat's pending secret move;
- multi-step turns: nodes are keyed by who acts, so a seat acting several times in a row is
  just several levels of the tree for the same seat.

What makes it scale with time:
- playouts: a new leaf is played on for `playout_limit` actions (None: to the end; "turn":
  until the searching seat is to move again) with the game's cheap informed policy,
  `State.playout_action`, then judged by the evaluation hook squashed into [0, 1]; a finished
  game gives `outcome_rewards` (place plus a small margin);
- progressive widening: a seat at a node considers only its first
  `WIDEN_BASE + widening × √visits` actions, so with hundreds of legal actions the iterations
  deepen the promising ones instead of trying each once. New actions are taken in prior order
  at the root and the playout policy's choice first elsewhere;
- root prior: the greedy bot's one-ply values, as ranks, are a progressive bias that fades with
  visits and the root's expansion order. They cost one evaluation per legal action, so a timed
  search values the actions in random order and stops at `PRIOR_SHARE` of its seconds;
- budgets that hold: the clock starts when `choose` is called (determinizing and the prior
  count); an iteration is not started if it would end past the deadline less a small reserve
  for choosing the move and freeing the tree (`FINISH_SHARE`), judged by the slower of the mean
  iteration so far and the slowest recent one (iterations grow as the tree deepens or a game's
  memo is cleared); a playout checks the clock every `PLAYOUT_CHECK_EVERY` actions and is
  abandoned past the deadline, so no single iteration can run on unchecked;
- early stop: the search ends as soon as the most visited root action cannot be overtaken by
  the iterations left, since the rest of the budget could not change the choice;
- recheck (optional, `recheck=K`): the tree stops at `1 - RECHECK_SHARE` of the time, and the
  rest goes to playouts to the end of the game from each of its K most visited root actions, on
  the same samples and the same random draws for every one of them; the best mean outcome is
  played if it beats the tree's choice by more than chance would (`RECHECK_Z` standard errors of
  the round-by-round gain). Leaves judged by the evaluation share its blind spots however deep
  the tree grows, while a playout to the end is judged by the rules' own scoring;
- no collector pauses: Python's full collections are held off while a move is searched. A
  search allocates many short-lived objects that reference counting frees at once (the tree
  has no cycles), and a full collection, which walks every object of the process, took 50 ms
  and more in the middle of a move: a pause the deadline cannot foresee. The young generations
  are still collected, in short steps the clock sees, so no backlog is left for after the move.
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ludoteca.core import Action, OptionError, State

from .base import Bot
from .greedy import iter_one_ply_values
from .messages import MESSAGES
from .rewards import outcome_rewards

Clock = Callable[[], float]


@dataclass(frozen=True)
class Budget:
    """At most `iterations` playouts, stopping early after `seconds` (None: no time limit).

    A search is reproducible under its seed whenever it is bounded by iterations alone (or the
    iterations run out before the time does).
    """

    iterations: int
    seconds: float | None = None


LEVEL_BUDGETS = {
    "easy": Budget(iterations=60, seconds=0.25),
    "normal": Budget(iterations=3000, seconds=0.9),
    "hard": Budget(iterations=30000, seconds=4.5),
}

PRIOR_WEIGHT = 1.0  # weight of the root's one-ply prior; it decays as 1 / (visits + 1)
PRIOR_SHARE = 0.3  # a timed search stops valuing root actions after this share of its seconds
WIDEN_BASE = 4  # actions a seat considers at a node before widening with its visits
WIDENING = 2.0  # default widening rate: WIDEN_BASE + WIDENING × √visits actions are considered
PLAYOUT_POLICIES = ("informed", "random")
SETTLED_CHECK_EVERY = 32  # iterations between checks that the choice can no longer change
FINISH_SHARE = 0.01  # share of a timed move kept for choosing the move and freeing the tree
SLOW_MEMORY = 0.9  # per iteration, how much of the slowest recent iteration's cost is remembered
PLAYOUT_CHECK_EVERY = 16  # playout actions between two looks at the clock
FULL_COLLECTIONS_HELD = 2**31 - 1  # the oldest generation's threshold while a move is searched
RECHECK_SHARE = 0.3  # share of a rechecking search's time (or iterations) left for the recheck
RECHECK_LEAST = 8  # playouts each candidate needs before the recheck may overturn the tree
RECHECK_Z = 2.0  # standard errors by which a candidate's mean gain must beat the tree's choice


class _Deadline:
    """The time a move may take, counted from the call of `choose`; None: no time limit.

    The search itself must end `FINISH_SHARE` of the seconds early (`search_seconds`): choosing
    the move and freeing the tree come after its last iteration, and they count too.
    """

    __slots__ = ("clock", "start", "seconds", "search_seconds")

    def __init__(self, clock: Clock, seconds: float | None):
        self.clock = clock
        self.start = clock()
        self.seconds = seconds
        self.search_seconds = None if seconds is None else seconds * (1 - FINISH_SHARE)

    def elapsed(self) -> float:
        return self.clock() - self.start

    def allows(self, cost: float, share: float = 1.0, elapsed: float | None = None) -> bool:
        """Whether work expected to take `cost` seconds still ends within `share` of the search's
        time (`elapsed`: the time already read from the clock, to save a reading)."""
        if self.search_seconds is None:
            return True
        return (self.elapsed() if elapsed is None else elapsed) + cost <= self.search_seconds * share

    def passed(self) -> bool:
        """Whether the search's time is over (always False without a time limit)."""
        return self.search_seconds is not None and self.elapsed() > self.search_seconds


class _Pace:
    """What the next iteration is expected to cost, from the clock read once per iteration.

    The slower of the mean so far and the slowest recent iteration (whose memory fades by
    `SLOW_MEMORY` an iteration): the mean alone lags when iterations grow, as the tree deepens
    or a game's evaluation memo is cleared, and then the last iteration would end late.
    """

    __slots__ = ("begun", "last", "laps", "slowest")

    def __init__(self, now: float):
        self.begun = self.last = now
        self.laps = 0
        self.slowest = 0.0

    def lap(self, now: float) -> None:
        """Note that an iteration ended at `now` (seconds since the move began)."""
        self.slowest = max(now - self.last, self.slowest * SLOW_MEMORY)
        self.last = now
        self.laps += 1

    @property
    def mean(self) -> float:
        return (self.last - self.begun) / self.laps if self.laps else 0.0

    def next_cost(self) -> float:
        return max(self.mean, self.slowest)


class _OutOfTime(Exception):
    """A playout passed the deadline: its iteration is abandoned, with nothing backed up."""


class _Node:
    """Statistics for the seats acting at one point of the tree, and the children by joint choice.

    `stats[seat][action]` is [visits, total reward, availability], in the order the actions were
    first tried; `visits[seat]` counts the seat's choices here (it drives the widening).
    """

    __slots__ = ("stats", "visits", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.visits: dict[int, int] = {}
        self.children: dict[tuple[tuple[int, Action], ...], _Node] = {}

    def select(
        self,
        seat: int,
        state: State,
        rng: random.Random,
        prior: dict[Action, float] | None,
        widening: float | None,
        informed: bool,
        prior_weight: float,
        exploration: float,
    ) -> tuple[Action, bool]:
        """UCB choice of `seat` in `state`; True when the action is tried here for the first time.

        With `widening`, only the first few actions tried here (that are legal in this sample)
        compete, and a new one joins as the visits grow.
        """
        legal = state.legal_actions(seat)
        table = self.stats.setdefault(seat, {})
        visits = self.visits[seat] = self.visits.get(seat, 0) + 1
        known = [a for a in legal if a in table]
        for action in known:
            table[action][2] += 1
        width = len(legal) if widening is None else WIDEN_BASE + widening * math.sqrt(visits - 1)
        if len(known) < min(len(legal), width):
            action = _fresh_action(state, seat, [a for a in legal if a not in table], rng, prior, informed)
            table[action] = [0, 0.0, 1]
            return action, True
        best_value, best = -math.inf, []
        for action in known:
            tried, total, available = table[action]
            value = total / tried + exploration * math.sqrt(math.log(available) / tried)
            if prior:
                value += prior_weight * prior.get(action, 0.0) / (tried + 1)
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return (best[0] if len(best) == 1 else rng.choice(best)), False


def _fresh_action(
    state: State,
    seat: int,
    fresh: list[Action],
    rng: random.Random,
    prior: dict[Action, float] | None,
    informed: bool,
) -> Action:
    """The next action to try at a node: best prior first at the root, else the policy's choice."""
    if prior:
        top = max(prior.get(a, 0.0) for a in fresh)
        return rng.choice([a for a in fresh if prior.get(a, 0.0) == top])
    if len(fresh) == 1 or not informed:
        return rng.choice(fresh)
    suggested = state.playout_action(seat, rng)
    return suggested if suggested in fresh else rng.choice(fresh)


class MctsBot(Bot):
    """UCT / ISMCTS with an iteration or time budget; `level` picks one of `LEVEL_BUDGETS`.

    `playout_limit`: actions played from a new leaf before the evaluation judges it ("tuned":
    what the game declares, `Game.playout_limit`; None: to the end; "turn": until the searching
    seat is to move again, so that every leaf is judged at one of its own decisions, not some
    right after its move and others after the replies). `playout_policy`: "informed"
    (the game's `State.playout_action`) or "random". `widening`: the progressive widening rate
    (None: every legal action is tried before any is tried twice). `prior_weight`: how much the
    root's one-ply prior counts (it fades as 1 / (visits + 1)). `exploration`: the UCB constant
    ("tuned": what the game declares, `Game.exploration`). `recheck`: 0, or how many of the most
    visited root actions are played to the end before choosing (see the module docstring).
    `clock`: seconds, for tests.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        level: str = "normal",
        iterations: int | None = None,
        seconds: float | None = None,
        playout_limit: int | None | str = "tuned",
        playout_policy: str = "informed",
        widening: float | None = WIDENING,
        prior_weight: float = PRIOR_WEIGHT,
        exploration: float | str = "tuned",
        recheck: int = 0,
        clock: Clock = time.perf_counter,
    ):
        super().__init__(seed, level)
        budget = LEVEL_BUDGETS[level]
        if iterations is not None:  # an explicit budget replaces the level's, time limit included
            budget = Budget(iterations, seconds)
        elif seconds is not None:
            budget = Budget(budget.iterations, seconds)
        if budget.iterations < 1:
            raise OptionError(MESSAGES.message("iterations", iterations=budget.iterations))
        _check_search_options(playout_limit, playout_policy, widening, prior_weight, exploration)
        if type(recheck) is not int or recheck < 0 or recheck == 1:
            raise OptionError(MESSAGES.message("recheck", recheck=repr(recheck)))
        self.budget = budget
        self.playout_limit = playout_limit
        self.informed = playout_policy == "informed"
        self.widening = widening
        self.prior_weight = prior_weight
        self.exploration = exploration
        self.recheck = recheck
        self.clock = clock
        self.last_iterations = 0  # iterations of the last search (for benchmarks and logs)
        self.last_prior_size = 0  # root actions the last search valued for its prior
        self.last_recheck = 0  # playouts per candidate in the last search's recheck

    def choose(self, state: State, player: int) -> Action:
        with _collector_paused():
            return self._search(state, player)

    def _search(self, state: State, player: int) -> Action:
        deadline = _Deadline(self.clock, self.budget.seconds)
        legal = state.legal_actions(player)
        self.last_iterations = self.last_prior_size = self.last_recheck = 0
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(self.rng.getrandbits(64))
        prior = _root_prior(state, player, legal, rng, deadline)
        self.last_prior_size = len(prior)
        limit = state.game.playout_limit if self.playout_limit == "tuned" else self.playout_limit
        until = None  # "turn": to the end, but stopped as soon as the searching seat is to move
        if isinstance(limit, str):  # "turn", the only text left once "tuned" is resolved
            limit, until = None, player
        # "tuned" is the only text the option accepts (`_check_search_options`)
        exploration = state.game.exploration if isinstance(self.exploration, str) else self.exploration
        root = _Node()
        leaf = _LeafValue()
        stop = deadline.passed if deadline.seconds is not None else None
        pace = _Pace(deadline.elapsed())
        tree_share = 1 - RECHECK_SHARE if self.recheck else 1.0
        iterations = self.budget.iterations if deadline.seconds is not None else round(
            self.budget.iterations * tree_share)
        done = 0
        while done < iterations:
            if done:
                pace.lap(deadline.elapsed())
            if self._spent(root, player, deadline, done, pace, iterations, tree_share):
                break
            sample = state.determinize(player, rng)
            sample.rng.seed(rng.getrandbits(64))
            if not self._iterate(root, sample, player, rng, prior, limit, until, exploration, leaf, stop):
                break
            done += 1
        self.last_iterations = done
        table = root.stats.get(player, {})
        choice = _most_visited(legal, table, prior, rng)
        if self.recheck and len(table) > 1:
            choice = self._recheck(state, player, legal, table, choice, rng, deadline,
                                   self.budget.iterations - done)
        return choice

    def _spent(self, root: _Node, player: int, deadline: _Deadline, done: int, pace: _Pace,
               iterations: int, share: float) -> bool:
        """Whether to stop before iteration `done + 1` of at most `iterations`.

        Stop when the next iteration is expected to end past `share` of the search's time (see
        `_Pace`), or when the choice is settled (checked every `SETTLED_CHECK_EVERY` iterations).
        """
        if not deadline.allows(pace.next_cost(), share, elapsed=pace.last):
            return True
        if not done or done % SETTLED_CHECK_EVERY:
            return False
        left = iterations - done
        if deadline.search_seconds is not None and pace.mean > 0:
            left = min(left, int((deadline.search_seconds * share - pace.last) / pace.mean) + 1)
        return _settled(root.stats[player], left)

    def _recheck(self, state: State, player: int, legal: list[Action], table: dict[Action, list[float]],
                 choice: Action, rng: random.Random, deadline: _Deadline, limit: int) -> Action:
        """The best by playouts to the end of the tree's `recheck` most visited root actions
        (`choice`, the tree's own, kept unless another beats it by more than chance, and when too
        few playouts fit the time left).

        Each round samples one position and plays every candidate from it with the same random
        draws, so the candidates' outcomes differ by the move more than by the luck of the deal.
        An untimed search plays `limit` playouts in all (its iterations left for the recheck).
        """
        allowed = set(legal)  # a sample's root may allow actions the real position does not
        others = sorted((a for a in table if a != choice and a in allowed), key=lambda a: table[a][0],
                        reverse=True)
        candidates = [choice, *others[:self.recheck - 1]]  # the tree's choice first: it wins ties
        results: list[list[float]] = []  # per round, each candidate's outcome
        stop = deadline.passed if deadline.seconds is not None else None
        pace = _Pace(deadline.elapsed())
        tried = 0
        while deadline.seconds is not None or (tried + 1) * len(candidates) <= limit:
            if tried:
                pace.lap(deadline.elapsed())
            if not deadline.allows(pace.next_cost(), elapsed=pace.last):
                break
            tried += 1
            sample = state.determinize(player, rng)
            if not all(sample.is_legal(action, player) for action in candidates):
                continue  # a sample where a root action is not allowed (hidden information)
            try:
                outcomes = _outcomes(sample, player, candidates, rng, self.informed, stop)
            except _OutOfTime:
                break
            results.append(outcomes)
        self.last_recheck = len(results)
        return _rechecked_choice(candidates, results) if len(results) >= RECHECK_LEAST else choice

    def _iterate(
        self,
        root: _Node,
        state: State,
        player: int,
        rng: random.Random,
        prior: dict[Action, float],
        limit: int | None,
        until: int | None,
        exploration: float,
        leaf: _LeafValue,
        stop: Callable[[], bool] | None = None,
    ) -> bool:
        """One iteration: select and expand down the tree, play out, back up the rewards.

        Returns False, backing up nothing, when `stop` said during the playout that time is up.
        """
        node = root
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        while not state.is_over:
            choices = []
            expanded = False
            for seat in state.to_move:
                seat_prior = prior if node is root and seat == player else None
                action, new = node.select(seat, state, rng, seat_prior, self.widening, self.informed,
                                          self.prior_weight, exploration)
                choices.append((seat, action))
                expanded = expanded or new
            for seat, action in choices:
                if seat in state.to_move:
                    state.apply(action, seat)
            path.append((node, choices))
            key = tuple(choices)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
            node = child
            if expanded:
                break
        try:
            playout(state, rng, limit, self.informed, stop, until)
        except _OutOfTime:
            return False
        rewards = outcome_rewards(state) if state.is_over else leaf.rewards(state)
        for visited, choices in path:
            for seat, action in choices:
                entry = visited.stats[seat][action]
                entry[0] += 1
                entry[1] += rewards[seat]
        return True


def _rechecked_choice(candidates: list[Action], results: list[list[float]]) -> Action:
    """The candidate of best mean outcome over the recheck's rounds if its gain over the tree's
    choice (`candidates[0]`), round by round, is above `RECHECK_Z` standard errors; else the
    tree's choice.

    Why: two moves of nearly equal worth are told apart by the noise of the playouts, and an
    overturn on noise throws away the tree's judgement: in Santa Monica the recheck without this
    test overturned a third of the hard level's decisions, several on gains of under one standard
    error, and made the hard level weaker (docs/BOTS.md)."""
    rounds = len(results)
    means = [sum(column) / rounds for column in zip(*results, strict=True)]
    best = max(range(len(candidates)), key=means.__getitem__)  # the first on a tie: the tree's
    if best == 0:
        return candidates[0]
    gains = [outcomes[best] - outcomes[0] for outcomes in results]
    error = statistics.stdev(gains) / math.sqrt(rounds)
    return candidates[best] if means[best] - means[0] > RECHECK_Z * error else candidates[0]


def _outcomes(sample: State, player: int, candidates: list[Action], rng: random.Random, informed: bool,
              stop: Callable[[], bool] | None) -> list[float]:
    """`player`'s outcome of each candidate played from `sample` to the end, every line with the
    same chance draws and the same playout draws."""
    chance, moves = rng.getrandbits(64), rng.getrandbits(64)
    outcomes = []
    for action in candidates:
        line, draws = sample.clone(), random.Random(moves)
        line.rng.seed(chance)
        # the other seats of a simultaneous round choose before the candidate is applied
        choices = [(player, action)] + [(seat, _policy_action(line, seat, draws, informed))
                                        for seat in line.to_move if seat != player]
        for seat, move in choices:
            if seat in line.to_move:
                line.apply(move, seat)
        playout(line, draws, None, informed, stop)
        outcomes.append(outcome_rewards(line)[player])
    return outcomes


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Hold off full collections for a search (see the module docstring), and restore the
    collector's thresholds as they were.

    Only the oldest generation is held off: collections of the young ones go on during the
    search, short and seen by its clock. Switching the whole collector off instead left every
    object a search keeps (a game's evaluation memo: thousands of entries) young, and the first
    allocation after switching it back on collected them all, on the move's time after its
    last look at the clock (9 ms of a City Square Off move, more when a full one followed).
    """
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], FULL_COLLECTIONS_HELD)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def _check_search_options(limit: int | None | str, policy: str, widening: float | None,
                          prior_weight: float, exploration: float | str) -> None:
    if policy not in PLAYOUT_POLICIES:
        raise OptionError(MESSAGES.message("playout_policy", policies=", ".join(PLAYOUT_POLICIES),
                                           policy=repr(policy)))
    if not (limit is None or limit in ("tuned", "turn") or isinstance(limit, int) and limit >= 0):
        raise OptionError(MESSAGES.message("playout_limit", limit=repr(limit)))
    if widening is not None and not _non_negative(widening):
        raise OptionError(MESSAGES.message("widening", widening=widening))
    if not _non_negative(prior_weight):
        raise OptionError(MESSAGES.message("prior_weight", weight=prior_weight))
    if exploration != "tuned" and not _non_negative(exploration):
        raise OptionError(MESSAGES.message("exploration", exploration=exploration))


def _non_negative(value: object) -> bool:
    """A number ≥ 0 (NaN is not)."""
    return isinstance(value, (int, float)) and value >= 0


def _settled(table: dict[Action, list[float]], left: int) -> bool:
    """Whether the most visited root action stays so even if every iteration left went elsewhere.

    Every iteration visits one root action of the searching seat, so then the choice is already
    the one the whole budget would make, and the rest of the budget would be spent for nothing
    (decisions with a clear best move, frequent in multi-step turns, end early).
    """
    visits = sorted((entry[0] for entry in table.values()), reverse=True)
    return len(visits) >= 1 and visits[0] - (visits[1] if len(visits) > 1 else 0) > left


def _most_visited(
    legal: list[Action], table: dict[Action, list[float]], prior: dict[Action, float], rng: random.Random
) -> Action:
    """Most visits first; then the better mean reward; then the prior (searched or not)."""
    if not table and not prior:  # out of time before anything was valued
        return rng.choice(legal)

    def preference(action: Action) -> tuple[float, float, float]:
        if action not in table:
            return 0, 0.0, prior.get(action, -1.0)
        visits, total, _ = table[action]
        return visits, total / visits if visits else 0.0, prior.get(action, -1.0)

    return max(legal, key=preference)


def _root_prior(
    state: State, player: int, legal: list[Action], rng: random.Random, deadline: _Deadline
) -> dict[Action, float]:
    """The greedy one-ply values of the root's actions as ranks in [0, 1] (1 for the best).

    Valued in random order, so a timed search that stops at `PRIOR_SHARE` of its seconds has an
    unbiased sample; the actions it did not reach get no prior (they are tried after the rest).
    """
    values = []
    for action, value in iter_one_ply_values(state, player, rng, rng.sample(legal, len(legal))):
        values.append((action, value))
        if not deadline.allows(0.0, PRIOR_SHARE):
            break
    return _rank_prior(values)


def playout(
    state: State,
    rng: random.Random,
    limit: int | None,
    informed: bool = True,
    stop: Callable[[], bool] | None = None,
    until: int | None = None,
) -> int:
    """Play on for `limit` actions (None: to the end) with the game's playout policy (or at random);
    with `until`, stop as soon as that seat is to move.

    In a simultaneous round every owing seat picks before any pick is applied, as in the tree, so
    no seat's policy sees a move of the same round. Returns how many actions were played. `stop`
    is asked every `PLAYOUT_CHECK_EVERY` actions whether time is up; if it is, `_OutOfTime` is
    raised, since a playout to the end may take longer than a whole move's budget.
    """
    moves = 0
    checked = 0
    while not state.is_over and (limit is None or moves < limit):
        if until is not None and until in state.to_move:
            break
        if stop is not None and moves - checked >= PLAYOUT_CHECK_EVERY:
            checked = moves
            if stop():
                raise _OutOfTime
        choices = [(seat, _policy_action(state, seat, rng, informed)) for seat in state.to_move]
        for seat, action in choices:
            if seat in state.to_move:
                state.apply(action, seat)
                moves += 1
    return moves


def _policy_action(state: State, seat: int, rng: random.Random, informed: bool) -> Action:
    """The playout policy's move: the game's informed one, or uniformly random."""
    return state.playout_action(seat, rng) if informed else rng.choice(state.legal_actions(seat))


def random_playout(state: State, rng: random.Random, limit: int | None = None) -> int:
    """Play uniformly random legal actions to the end (or `limit` actions); returns how many."""
    moves = 0
    while not state.is_over and (limit is None or moves < limit):
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        moves += 1
    return moves


class _LeafValue:
    """Rewards in [0, 1] for a playout cut off before the end, from the game's evaluation hook.

    Evaluations come on each game's own scale (points, squares, ...), so they are squashed with a
    logistic curve whose scale is the mean absolute evaluation seen so far in this search.
    """

    __slots__ = ("total", "count")

    def __init__(self) -> None:
        self.total = 0.0
        self.count = 0

    def rewards(self, state: State) -> list[float]:
        values = [state.evaluation(seat) for seat in range(state.num_players)]
        self.total += sum(abs(v) for v in values)
        self.count += len(values)
        scale = self.total / self.count or 1.0
        return [1 / (1 + math.exp(max(-60.0, min(60.0, -v / scale)))) for v in values]


def _rank_prior(values: list[tuple[Action, tuple[float, float]]]) -> dict[Action, float]:
    """One-ply values turned into [0, 1] by rank (1 for the best), so any evaluation scale works."""
    distinct = sorted({value for _, value in values})
    if len(distinct) == 1:
        return {action: 0.5 for action, _ in values}
    position = {value: index / (len(distinct) - 1) for index, value in enumerate(distinct)}
    return {action: position[value] for action, value in values}
