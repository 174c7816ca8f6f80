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
Finished games give `outcome_rewards` (place plus a small score margin, in [0, 1]); a new leaf is
judged by the evaluation hook, squashed into [0, 1] (optionally after some random actions:
`playout_limit`, None for full random playouts). At the root, the one-ply values of the greedy
bot give a progressive bias that fades with visits, so few iterations already play like greedy
and more iterations correct it.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ludoteca.core import Action, OptionError, State

from .base import Bot
from .greedy import one_ply_values
from .rewards import outcome_rewards


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

EXPLORATION = 0.7  # UCB constant for rewards in [0, 1]
PRIOR_WEIGHT = 1.0  # weight of the root's one-ply prior; it decays as 1 / (visits + 1)


class _Node:
    """Statistics for the seats acting at one point of the tree, and the children by joint choice.

    `stats[seat][action]` is [visits, total reward, availability].
    """

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[tuple[tuple[int, Action], ...], _Node] = {}

    def select(
        self, seat: int, legal: list[Action], rng: random.Random, prior: dict[Action, float] | None
    ) -> tuple[Action, bool]:
        """UCB choice of `seat` among `legal`; True when the action is tried here for the first time."""
        table = self.stats.setdefault(seat, {})
        fresh = [a for a in legal if a not in table]
        for action in legal:
            if action in table:
                table[action][2] += 1
        if fresh:
            if prior:
                top = max(prior.get(a, 0.0) for a in fresh)
                fresh = [a for a in fresh if prior.get(a, 0.0) == top]
            action = rng.choice(fresh)
            table[action] = [0, 0.0, 1]
            return action, True
        best_value, best = -math.inf, []
        for action in legal:
            visits, total, available = table[action]
            value = total / visits + EXPLORATION * math.sqrt(math.log(available) / visits)
            if prior:
                value += PRIOR_WEIGHT * prior.get(action, 0.0) / (visits + 1)
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return (best[0] if len(best) == 1 else rng.choice(best)), False


class MctsBot(Bot):
    """UCT / ISMCTS with an iteration or time budget; `level` picks one of `LEVEL_BUDGETS`."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        level: str = "normal",
        iterations: int | None = None,
        seconds: float | None = None,
        playout_limit: int | None | str = "tuned",
    ):
        super().__init__(seed, level)
        self.playout_limit = playout_limit  # "tuned": what the game declares (Game.playout_limit)
        budget = LEVEL_BUDGETS[level]
        if iterations is not None:  # an explicit budget replaces the level's, time limit included
            budget = Budget(iterations, seconds)
        elif seconds is not None:
            budget = Budget(budget.iterations, seconds)
        if budget.iterations < 1:
            raise OptionError(f"MCTS needs at least one iteration, not {budget.iterations}")
        self.budget = budget
        self.last_iterations = 0  # iterations of the last search (for benchmarks and logs)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = random.Random(self.rng.getrandbits(64))
        start = time.perf_counter()
        prior = _rank_prior(one_ply_values(state, player, rng))
        limit = self.playout_limit
        if limit == "tuned":
            limit = state.game.playout_limit
        root = _Node()
        leaf = _LeafValue()
        budget = self.budget
        done = 0
        while done < budget.iterations:
            if budget.seconds is not None and done and time.perf_counter() - start >= budget.seconds:
                break
            sample = state.determinize(player, rng)
            sample.rng.seed(rng.getrandbits(64))
            _iterate(root, sample, player, rng, prior, limit, leaf)
            done += 1
        self.last_iterations = done
        table = root.stats[player]

        def preference(action: Action) -> tuple[float, float, float]:
            """Most visits first; then the better mean reward; then the prior."""
            if action not in table:
                return 0, 0.0, prior[action]
            visits, total, _ = table[action]
            return visits, total / visits, prior[action]

        return max(legal, key=preference)


def _iterate(
    root: _Node,
    state: State,
    player: int,
    rng: random.Random,
    prior: dict[Action, float],
    limit: int | None,
    leaf: _LeafValue,
) -> None:
    """One iteration: select and expand down the tree, play out at random, back up the rewards."""
    node = root
    path: list[tuple[_Node, list[tuple[int, Action]]]] = []
    while not state.is_over:
        choices = []
        expanded = False
        for seat in state.to_move:
            seat_prior = prior if node is root and seat == player else None
            action, new = node.select(seat, state.legal_actions(seat), rng, seat_prior)
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
    random_playout(state, rng, limit)
    rewards = outcome_rewards(state) if state.is_over else leaf.rewards(state)
    for visited, choices in path:
        for seat, action in choices:
            entry = visited.stats[seat][action]
            entry[0] += 1
            entry[1] += rewards[seat]


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
