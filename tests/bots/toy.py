"""A tiny game on the core contract, small enough to know the best move in any position.

Count to ten: players take turns adding 1 or 2 to a running total, up to `steps` additions in a
row per turn (a multi-step turn; `pass` ends it after at least one). Whoever reaches exactly
the target wins; the evaluation hook says nothing useful (always 0), so only search sees wins
that need more than one step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ludoteca.core import Action, Game, GameInfo, NotationError, State, rank


@dataclass(frozen=True, slots=True)
class Add(Action):
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}" if self.amount else "pass"


class CountState(State):
    __slots__ = ("total", "turn", "taken", "winner")

    target = 10
    steps = 2

    def setup(self) -> None:
        self.total = self.options.get("start", 0)
        self.turn = 0
        self.taken = 0
        self.winner = None

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def _legal_actions(self, player: int) -> list[Action]:
        actions = [Add(k) for k in (1, 2) if self.total + k <= self.target]
        if self.taken:
            actions.append(Add(0))
        return actions

    def _apply(self, action: Add, player: int) -> None:
        self.total += action.amount
        if self.total == self.target:
            self.winner = player
            return
        self.taken = self.taken + 1 if action.amount else self.steps
        if self.taken >= self.steps or len(self._legal_actions(player)) == 1 and self.taken:
            self.turn = (self.turn + 1) % self.num_players
            self.taken = 0

    def scores(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def breakdown(self) -> list[dict]:
        return [{} for _ in range(self.num_players)]

    def result(self):
        return rank([(s,) for s in self.scores()], ["win"], self.scores())

    def evaluation(self, player: int) -> float:
        return 0.0

    def view(self, player):
        return {"total": self.total}


class CountGame(Game):
    info = GameInfo(id="count", names={"en": "Count", "es": "Cuenta"}, min_players=2, max_players=3)
    state_class = CountState
    package = __name__

    def parse_action(self, text: str, state=None) -> Add:
        if text == "pass":
            return Add(0)
        try:
            return Add(int(text.split()[1]))
        except (IndexError, ValueError) as error:
            raise NotationError(f"not an action: {text!r}") from error


def count_state(start: int, players: int = 2) -> CountState:
    """A fresh game whose total starts at `start` (seat 0 to move, at the start of its turn)."""
    state = CountGame().new_state(players, seed=1)
    state.total = start
    return state


class MatchState(State):
    """Matching pennies, played at once: seat 1 wins if both pick the same side, seat 0 otherwise.

    A submitted pick stays secret until both have picked, so a bot that peeked would always win
    as seat 1; `determinize` withdraws the other seat's pending pick, as City Square Off does.
    """

    __slots__ = ("picks", "winner")

    def setup(self) -> None:
        self.picks = [None, None]
        self.winner = None

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.winner is not None else tuple(p for p in (0, 1) if self.picks[p] is None)

    def _legal_actions(self, player: int) -> list[Action]:
        return [Add(1), Add(2)]

    def _apply(self, action: Add, player: int) -> None:
        self.picks[player] = action.amount
        if None not in self.picks:
            self.winner = 1 if self.picks[0] == self.picks[1] else 0

    def determinize(self, player: int, rng) -> MatchState:
        sample = self.clone()
        other = 1 - player
        if sample.picks[other] is not None and sample.winner is None:
            sample.picks[other] = None
            sample.history = [entry for entry in sample.history if entry[0] != other]
        return sample

    scores = CountState.scores
    breakdown = CountState.breakdown
    result = CountState.result
    evaluation = CountState.evaluation
    view = CountState.view


class MatchGame(CountGame):
    info = GameInfo(
        id="match",
        names={"en": "Match", "es": "Pares"},
        min_players=2,
        max_players=2,
        simultaneous=True,
        hidden_information=True,
    )
    state_class = MatchState


@dataclass(frozen=True, slots=True)
class Move(Action):
    name: str

    def __str__(self) -> str:
        return self.name


class FakeClock:
    """Seconds that pass only when the toy game works, so time budgets are tested without timing.

    `work` counts the toy game's moves and evaluations, to see how much was done after a moment.
    """

    def __init__(self) -> None:
        self.now = 0.0
        self.work = 0

    def __call__(self) -> float:
        return self.now


class JumpClock(FakeClock):
    """A clock that stands still for its first `calls` readings, then jumps `jump` seconds ahead
    (a move past its deadline all at once); `work_at_jump` is the game's work at that reading."""

    def __init__(self, calls: int, jump: float) -> None:
        super().__init__()
        self.calls_left = calls
        self.jump = jump
        self.work_at_jump: int | None = None

    def __call__(self) -> float:
        if self.calls_left == 0 and self.work_at_jump is None:
            self.now += self.jump
            self.work_at_jump = self.work
        self.calls_left -= 1
        return self.now


@dataclass
class Tree:
    """A two-player game written out as a table, to build positions whose right move is known.

    `moves[position]` is (seat to move, {move: next position}); `winners` lists the finished
    positions; `values` is the evaluation for seat 0 (seat 1 gets its opposite); `policy` is the
    playout policy's move (uniformly random where none is given). With a `clock`, every
    evaluation costs `evaluation_seconds` and every move `move_seconds` of it.
    """

    moves: dict[str, tuple[int, dict[str, str]]]
    winners: dict[str, int | None]  # finished positions and their winner (None: a draw)
    values: dict[str, float] = field(default_factory=dict)
    policy: dict[str, str] = field(default_factory=dict)
    clock: FakeClock | None = None
    evaluation_seconds: float = 0.0
    move_seconds: float = 0.0
    slowdown: tuple[int, float] | None = None  # after this many evaluations, each costs this much
    evaluations: int = 0

    def spend(self, seconds: float) -> None:
        if self.clock is not None:
            self.clock.now += seconds
            self.clock.work += 1

    def spend_on_evaluation(self) -> None:
        self.evaluations += 1
        slow = self.slowdown is not None and self.evaluations > self.slowdown[0]
        self.spend(self.slowdown[1] if slow else self.evaluation_seconds)


class TreeState(State):
    __slots__ = ("position",)

    @property
    def tree(self) -> Tree:
        return self.game.tree

    def setup(self) -> None:
        self.position = "root"

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.position in self.tree.winners else (self.tree.moves[self.position][0],)

    def _legal_actions(self, player: int) -> list[Action]:
        return [Move(name) for name in self.tree.moves[self.position][1]]

    def _apply(self, action: Move, player: int) -> None:
        self.tree.spend(self.tree.move_seconds)
        self.position = self.tree.moves[self.position][1][action.name]

    def scores(self) -> list[float]:
        winner = self.tree.winners.get(self.position)
        return [1.0 if seat == winner else 0.0 for seat in range(self.num_players)]

    def breakdown(self) -> list[dict]:
        return [{} for _ in range(self.num_players)]

    def result(self):
        return rank([(s,) for s in self.scores()], ["win"], self.scores())

    def evaluation(self, player: int) -> float:
        self.tree.spend_on_evaluation()
        value = self.tree.values.get(self.position, 0.0)
        return value if player == 0 else -value

    def playout_action(self, player: int, rng) -> Action:
        name = self.tree.policy.get(self.position)
        return Move(name) if name else rng.choice(self.legal_actions(player))

    def view(self, player):
        return {"position": self.position}


class TreeGame(CountGame):
    info = GameInfo(id="tree", names={"en": "Tree", "es": "Árbol"}, min_players=2, max_players=2)
    state_class = TreeState

    def __init__(self, tree: Tree) -> None:
        self.tree = tree

    def parse_action(self, text: str, state=None) -> Move:
        return Move(text)


def tree_state(tree: Tree) -> TreeState:
    return TreeGame(tree).new_state(2, seed=1)
