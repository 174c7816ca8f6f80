"""The search's mechanisms on toy games whose right move is known: each test can fail.

Informed playouts, progressive widening and budgets that hold; time is a fake clock that moves
only when the toy game works, so nothing here depends on the speed of the machine.
"""

from __future__ import annotations

import gc
import random

import pytest

from ludoteca.bots import MctsBot
from ludoteca.bots.mcts import playout
from ludoteca.core import OptionError

from .toy import (
    Add,
    CountGame,
    CountState,
    FakeClock,
    JumpClock,
    MatchGame,
    MatchState,
    Tree,
    count_state,
    tree_state,
)

SEEDS = range(10)


def _trap_for_random_playouts() -> Tree:
    """`a` loses to the one good reply among five; `b` wins with the one good finish among five.

    Random playouts score `a` at 80% and `b` at 20%; a policy that knows the good moves scores
    them right (0% and 100%).
    """
    replies = {f"a{k}": "seat 0 wins" for k in range(1, 5)} | {"a5": "seat 1 wins"}
    finishes = {"b1": "seat 0 wins"} | {f"b{k}": "seat 1 wins" for k in range(2, 6)}
    return Tree(
        moves={
            "root": (0, {"a": "A", "b": "B"}),
            "A": (1, replies),
            "B": (1, {"pass": "B2"}),
            "B2": (0, finishes),
        },
        winners={"seat 0 wins": 0, "seat 1 wins": 1},
        policy={"A": "a5", "B2": "b1"},
    )


def test_informed_playouts_see_what_random_playouts_miss():
    state = tree_state(_trap_for_random_playouts())
    informed = [str(MctsBot(seed=s, iterations=6, playout_limit=None).choose(state, 0)) for s in SEEDS]
    assert informed == ["b"] * len(SEEDS)
    fooled = [
        str(MctsBot(seed=s, iterations=6, playout_limit=None, playout_policy="random").choose(state, 0))
        for s in SEEDS
    ]
    assert "a" in fooled, "the same budget with random playouts should be fooled at some seed"


def _wide_root_with_a_trap(fillers: int = 150) -> Tree:
    """`trap` evaluates best but the reply wins for seat 1; `good` evaluates lower and wins.

    Telling them apart needs a second visit to each, which a search that tries every one of the
    `fillers` other (lost) moves once before it tries any twice never gets within its budget.
    """
    root = {"trap": "T", "good": "G"} | {f"f{k}": "seat 1 wins" for k in range(fillers)}
    return Tree(
        moves={
            "root": (0, root),
            "T": (1, {"punish": "seat 1 wins", "blunder": "seat 0 wins"}),
            "G": (1, {"pass": "G2"}),
            "G2": (0, {"finish": "seat 0 wins"}),
        },
        winners={"seat 0 wins": 0, "seat 1 wins": 1},
        values={"T": 1.0, "G": 0.5, "G2": 0.5},
        policy={"T": "punish"},
    )


def test_progressive_widening_deepens_the_promising_moves_of_a_wide_position():
    state = tree_state(_wide_root_with_a_trap())
    widened = [str(MctsBot(seed=s, iterations=120, playout_limit=0).choose(state, 0)) for s in SEEDS]
    assert widened == ["good"] * len(SEEDS)
    flat = [
        str(MctsBot(seed=s, iterations=120, playout_limit=0, widening=None).choose(state, 0)) for s in SEEDS
    ]
    assert flat == ["trap"] * len(SEEDS), "without widening each move is tried once: the trap looks best"


def _wide_costly_position(clock: FakeClock, moves: int = 200) -> Tree:
    """Every move leads to an open position; evaluating one costs 4 ms and a move 1 ms of `clock`.

    Valuing all 200 moves for the root prior alone would take a whole second.
    """
    return Tree(
        moves={"root": (0, {f"m{k}": f"P{k}" for k in range(moves)})}
        | {f"P{k}": (1, {"end": "seat 0 wins" if k % 7 == 0 else "seat 1 wins"}) for k in range(moves)},
        winners={"seat 0 wins": 0, "seat 1 wins": 1},
        values={f"P{k}": k % 5 for k in range(moves)},
        clock=clock,
        evaluation_seconds=0.004,
        move_seconds=0.001,
    )


@pytest.mark.parametrize("seconds", [0.05, 0.5, 2.0])
def test_a_timed_move_stays_within_its_seconds_counting_the_prior(seconds):
    clock = FakeClock()
    state = tree_state(_wide_costly_position(clock))
    bot = MctsBot(seed=1, iterations=10**6, seconds=seconds, clock=clock)
    action = bot.choose(state, 0)
    assert action in state.legal_actions(0)
    assert clock.now <= seconds * 1.1, f"the move took {clock.now:.3f} s of a {seconds} s budget"
    assert 0 < bot.last_prior_size < 200, "the prior must stop early, not value every move"
    if seconds >= 0.5:
        assert bot.last_iterations > 10, "the search itself must get most of the time"


def test_an_iteration_budget_values_every_root_move_and_ignores_the_clock():
    clock = FakeClock()
    state = tree_state(_wide_costly_position(clock))
    bot = MctsBot(seed=1, iterations=300, clock=clock)
    bot.choose(state, 0)
    assert (bot.last_prior_size, bot.last_iterations) == (200, 300)


def test_a_level_budget_counts_from_the_call_and_gives_up_nothing_when_time_is_plenty():
    clock = FakeClock()
    state = tree_state(_trap_for_random_playouts())
    bot = MctsBot(seed=1, level="easy", playout_limit=None, clock=clock)  # 60 iterations, 0.25 s
    assert str(bot.choose(state, 0)) == "b"
    assert bot.last_iterations == 60  # the fake clock never moved: the iterations decided


@pytest.mark.parametrize(
    "options",
    [{"playout_policy": "clever"}, {"playout_limit": -1}, {"playout_limit": "deep"}, {"widening": -1.0},
     {"widening": float("nan")}, {"widening": "2"},
     {"prior_weight": -1.0}, {"prior_weight": float("nan")}, {"prior_weight": "4"}, {"exploration": -0.1},
     {"exploration": "wild"}],
)
def test_bad_search_options_are_refused_by_name(options):
    with pytest.raises(OptionError):
        MctsBot(seed=1, **options)


class _PeekingMatch(MatchState):
    """Matching pennies whose playout policy copies seat 0's pick whenever it has been applied."""

    __slots__ = ()

    def playout_action(self, player: int, rng: random.Random) -> Add:
        if player == 1 and self.picks[0] is not None:
            return Add(self.picks[0])
        return rng.choice([Add(1), Add(2)])


class _PeekingGame(MatchGame):
    state_class = _PeekingMatch


def test_playouts_pick_for_every_seat_of_a_simultaneous_round_before_applying_any():
    rng = random.Random(3)
    winners = set()
    for _ in range(40):
        state = _PeekingGame().new_state(2, seed=1)
        assert playout(state, rng, None) == 2
        winners.add(state.winner)
    assert winners == {0, 1}, "seat 1 saw seat 0's pick of the same round and always matched it"


def test_a_playout_until_a_seat_stops_as_soon_as_that_seat_is_to_move():
    rng = random.Random(2)
    for _ in range(20):
        state = count_state(0, players=3)
        state.apply(state.legal_actions(0)[0], 0)
        state.apply(Add(0) if Add(0) in state.legal_actions(0) else state.legal_actions(0)[0], 0)
        assert 0 not in state.to_move
        played = playout(state, rng, None, until=0)
        assert played >= 2, "seats 1 and 2 play their turns first"
        assert state.is_over or state.to_move == (0,)


def test_a_search_with_turn_leaves_judges_them_at_its_own_decisions(monkeypatch):
    judged: list[tuple[int, ...]] = []
    original = CountState.evaluation

    def spy(self, player):
        judged.append(self.to_move)
        return original(self, player)

    monkeypatch.setattr(CountState, "evaluation", spy)
    MctsBot(seed=1, iterations=40, playout_limit="turn").choose(count_state(0, players=3), 0)
    assert judged and all(to_move in ((0,), ()) for to_move in judged)


@pytest.mark.parametrize(
    ("declared", "given", "used"), [(0.7, "tuned", 0.7), (0.1, "tuned", 0.1), (0.1, 0.4, 0.4)]
)
def test_the_search_explores_as_its_game_declares_unless_told_otherwise(monkeypatch, declared, given, used):
    from ludoteca.bots import mcts

    seen = set()
    select = mcts._Node.select

    def spy(self, *args):
        seen.add(args[-1])
        return select(self, *args)

    monkeypatch.setattr(mcts._Node, "select", spy)
    monkeypatch.setattr(CountGame, "exploration", declared)
    MctsBot(seed=1, iterations=20, exploration=given).choose(count_state(0), 0)
    assert seen == {used}


def test_a_search_stops_once_its_choice_cannot_change_and_chooses_as_the_whole_budget_would(monkeypatch):
    from ludoteca.bots import mcts

    from .toy import count_state

    positions = [count_state(start) for start in (0, 3, 5, 7, 8)]
    early = []
    for position in positions:
        bot = MctsBot(seed=2, iterations=2000)
        early.append((str(bot.choose(position, 0)), bot.last_iterations))
    assert early[-1][1] < 2000, "the immediate win settles the choice long before 2000 iterations"
    monkeypatch.setattr(mcts, "_settled", lambda table, left: False)
    full = [str(MctsBot(seed=2, iterations=2000).choose(position, 0)) for position in positions]
    assert [choice for choice, _ in early] == full


class _CollectorWatch(CountState):
    """A position whose evaluation keeps a new object each time, as a game's memo does, and notes
    which generations the collector collects while it is searched."""

    kept: list[list[int]] = []
    generations: list[int] = []

    def evaluation(self, player: int) -> float:
        self.kept.extend([player] for _ in range(8))
        return super().evaluation(player)


class _CollectorWatchGame(CountGame):
    state_class = _CollectorWatch


def _note_collection(phase: str, info: dict) -> None:
    if phase == "start":
        _CollectorWatch.generations.append(info["generation"])


def test_a_search_holds_off_full_collections_and_leaves_no_young_backlog():
    """Young collections go on (short, and seen by the clock), full ones wait until the move is
    made, and the thresholds are restored; objects the search keeps are not left for the first
    allocation after the move to collect all at once."""
    _CollectorWatch.kept, _CollectorWatch.generations = [], []
    state = _CollectorWatchGame().new_state(2, seed=1)
    thresholds = gc.get_threshold()
    gc.collect()
    gc.callbacks.append(_note_collection)
    try:
        MctsBot(seed=1, iterations=1000, widening=None).choose(state, 0)
        count_after = gc.get_count()[0]
    finally:
        gc.callbacks.remove(_note_collection)
    assert len(_CollectorWatch.kept) > 2 * thresholds[0], "the search must keep enough objects to test"
    assert 0 in _CollectorWatch.generations and 2 not in _CollectorWatch.generations
    assert count_after <= thresholds[0], "young objects of the search were left uncollected"
    assert gc.get_threshold() == thresholds


def _wide_position_of_draws(clock: FakeClock, moves: int = 200, **costs) -> Tree:
    """200 moves, each to a position the other seat can only end in a draw: nothing settles the
    choice early, so a timed search runs until its clock says stop."""
    return Tree(
        moves={"root": (0, {f"m{k}": f"P{k}" for k in range(moves)})}
        | {f"P{k}": (1, {"end": "draw"}) for k in range(moves)},
        winners={"draw": None},
        values={f"P{k}": k % 5 for k in range(moves)},
        clock=clock,
        **costs,
    )


@pytest.mark.parametrize("calls", [1, 2, 5, 60, 199, 205, 400])
def test_a_clock_that_jumps_past_the_deadline_stops_the_search_within_one_step(calls):
    """Wherever the deadline passes (the first reading, in the prior's candidates, in the
    iterations), at most one candidate or one iteration is finished after it: 3 units of work
    (a move and two evaluations), and the move is still legal."""
    clock = JumpClock(calls, jump=10.0)
    state = tree_state(_wide_position_of_draws(clock))
    bot = MctsBot(seed=1, iterations=10**6, seconds=1.0, clock=clock)
    action = bot.choose(state, 0)
    assert action in state.legal_actions(0)
    assert clock.work_at_jump is not None, "the search must have read the clock past the jump"
    late = clock.work - clock.work_at_jump
    assert late <= 3, f"{late} units of work after the deadline"


def _endless_wide_position(clock: FakeClock, moves: int = 200, **costs) -> Tree:
    """200 moves, each into a back-and-forth that never ends and is worth nothing to either seat:
    every iteration deepens one line and evaluates a new leaf, and nothing settles the choice."""
    return Tree(
        moves={"root": (0, {f"m{k}": f"P{k}" for k in range(moves)})}
        | {f"P{k}": (1, {"on": f"R{k}"}) for k in range(moves)}
        | {f"R{k}": (0, {"back": f"P{k}"}) for k in range(moves)},
        winners={},
        clock=clock,
        **costs,
    )


def test_iterations_that_grow_slower_do_not_carry_the_move_past_its_seconds():
    """Evaluations cost 0.5 ms until the 300th, then 30 ms (a memo cleared, a costlier part of
    the game): the mean iteration so far lags behind, so a search judging by it alone starts a
    60 ms iteration with less than that left and ends the move late. The slowest recent
    iteration sees the change."""
    clock = FakeClock()
    tree = _endless_wide_position(clock, move_seconds=0.0001, evaluation_seconds=0.0005, slowdown=(300, 0.03))
    state = tree_state(tree)
    bot = MctsBot(seed=1, iterations=10**6, seconds=0.5, clock=clock)
    assert bot.choose(state, 0) in state.legal_actions(0)
    assert tree.evaluations >= 304, "the test is void unless slow iterations were reached"
    assert clock.now <= 0.5, f"the move took {clock.now:.4f} s of a 0.5 s budget"


def _long_chain(clock: FakeClock, length: int = 5000) -> Tree:
    """Two moves into one chain of `length` forced moves, 1 ms each, that ends in a draw: a
    playout to the end takes 5 s."""
    chain = {f"C{k}": (k % 2, {"step": f"C{k + 1}" if k + 1 < length else "draw"}) for k in range(length)}
    return Tree(
        moves={"root": (0, {"a": "C0", "b": "C1"})} | chain,
        winners={"draw": None},
        clock=clock,
        move_seconds=0.001,
    )


@pytest.mark.parametrize("seconds", [0.05, 0.5])
def test_a_playout_to_the_end_is_cut_at_the_deadline(seconds):
    clock = FakeClock()
    state = tree_state(_long_chain(clock))
    bot = MctsBot(seed=1, iterations=10**6, seconds=seconds, playout_limit=None, clock=clock)
    assert bot.choose(state, 0) in state.legal_actions(0)
    assert clock.now <= seconds * 1.1, f"the move took {clock.now:.3f} s of a {seconds} s budget"
    assert bot.last_iterations == 0, "the cut playout is abandoned, not backed up half played"


def test_a_playout_to_the_end_runs_whole_under_an_iteration_budget():
    clock = FakeClock()
    state = tree_state(_long_chain(clock, length=200))
    bot = MctsBot(seed=1, iterations=3, playout_limit=None, clock=clock)
    bot.choose(state, 0)
    assert bot.last_iterations == 3 and clock.now > 0.4, "no time limit: every playout ends the game"


def _long_lines_the_evaluation_misjudges(length: int = 60) -> Tree:
    """`trap` and `good` each start a line of `length` forced moves, too long for a small tree
    to reach the end: the evaluation rates the trap's line higher all the way, but it ends in a
    loss for seat 0, and the good line in a win. Only playouts to the end see it."""
    moves: dict[str, tuple[int, dict[str, str]]] = {"root": (0, {"trap": "T0", "good": "G0"})}
    values = {}
    for line, value, end in (("T", 1.0, "seat 1 wins"), ("G", 0.5, "seat 0 wins")):
        for k in range(length):
            following = f"{line}{k + 1}" if k + 1 < length else end
            moves[f"{line}{k}"] = (k % 2 + 1) % 2, {"on": following}
            values[f"{line}{k}"] = value
    return Tree(moves=moves, winners={"seat 0 wins": 0, "seat 1 wins": 1}, values=values)


def test_a_recheck_by_playouts_to_the_end_overturns_a_misjudging_evaluation():
    state = tree_state(_long_lines_the_evaluation_misjudges())
    fooled = [str(MctsBot(seed=s, iterations=60, playout_limit=0).choose(state, 0)) for s in SEEDS]
    assert fooled == ["trap"] * len(SEEDS), "leaves judged at once must be fooled by the evaluation"
    rechecked = []
    for seed in SEEDS:
        bot = MctsBot(seed=seed, iterations=60, playout_limit=0, recheck=2)
        rechecked.append(str(bot.choose(state, 0)))
        # the tree gets at most 70% (fewer once its choice is settled), the recheck the rest
        assert bot.last_iterations <= 42 and bot.last_recheck == (60 - bot.last_iterations) // 2
    assert rechecked == ["good"] * len(SEEDS)


def test_a_recheck_keeps_the_tree_choice_when_too_few_playouts_fit():
    state = tree_state(_long_lines_the_evaluation_misjudges())
    bot = MctsBot(seed=1, iterations=20, playout_limit=0, recheck=2)  # 6 iterations left: 3 rounds
    assert str(bot.choose(state, 0)) == "trap" and bot.last_recheck == 3


@pytest.mark.parametrize("seconds", [0.05, 0.5, 2.0])
def test_a_timed_move_with_a_recheck_stays_within_its_seconds(seconds):
    clock = FakeClock()
    state = tree_state(_wide_costly_position(clock))
    bot = MctsBot(seed=1, iterations=10**6, seconds=seconds, recheck=3, clock=clock)
    assert bot.choose(state, 0) in state.legal_actions(0)
    assert clock.now <= seconds * 1.1, f"the move took {clock.now:.3f} s of a {seconds} s budget"
    if seconds >= 0.5:
        assert bot.last_recheck >= 8, "the recheck must get its share of the time"


def test_a_recheck_in_a_simultaneous_round_never_sees_the_other_seat_s_pick():
    state = MatchGame().new_state(2, seed=1)
    state.apply(Add(1), 0)  # seat 0's pick, secret until seat 1 has picked
    picks = {str(MctsBot(seed=s, iterations=200, recheck=2).choose(state, 1)) for s in SEEDS}
    assert picks == {"add 1", "add 2"}, "a bot that saw seat 0's pick would always match it"


@pytest.mark.parametrize("recheck", [1, -1, 2.0, "2", True])
def test_a_bad_recheck_is_refused_by_name(recheck):
    with pytest.raises(OptionError, match="recheck"):
        MctsBot(seed=1, recheck=recheck)


def _two_coin_flips() -> Tree:
    """`a` and `b` are worth the same: each ends in a coin flip by seat 1's random playout move,
    `a` after one forced move more, so the two flips use different draws of the same playouts."""
    flip = {"x": "seat 0 wins", "y": "seat 1 wins"}
    return Tree(moves={"root": (0, {"a": "A0", "b": "B1"}), "A0": (1, {"on": "A1"}),
                       "A1": (1, flip), "B1": (1, flip)},
                winners={"seat 0 wins": 0, "seat 1 wins": 1})


class _Watched(MctsBot):
    """Records whether its last recheck overturned the tree's choice (None: no recheck ran)."""

    overturned: bool | None = None

    def _recheck(self, state, player, legal, table, choice, *rest):
        final = super()._recheck(state, player, legal, table, choice, *rest)
        self.overturned = final != choice
        return final


def test_a_recheck_does_not_overturn_the_tree_on_noise():
    """Playouts tell `a` from `b` by chance alone: the tree's choice stands unless a candidate
    wins by more than `RECHECK_Z` standard errors (a recheck by the best mean alone overturns the
    tree at about half the seeds here)."""
    state = tree_state(_two_coin_flips())
    overturned = []
    for seed in range(40):
        bot = _Watched(seed=seed, iterations=200, playout_limit=0, recheck=2)
        bot.choose(state, 0)
        overturned.append(bot.overturned)
    assert None not in overturned, "every search must have reached its recheck"
    assert sum(overturned) <= 3, f"overturned at {sum(overturned)} of 40 seeds"
