"""Train a small policy with numpy alone: REINFORCE, a linear softmax over the legal actions.

    python examples/train_reinforce.py                      # Happy City against `random`
    python examples/train_reinforce.py --game bloom-town --batches 30 --plot curve.png

The agent plays one seat of `ludoteca.rl.single_agent_env` (a Gymnasium environment) against a
ludoteca bot. Its policy scores every action id as a linear function of the observation,
masks the illegal ones and samples; after each batch of games the weights move along the
policy gradient with the batch's mean result as the baseline. It prints the win rate of every
batch and, with `--plot`, draws the curve. See docs/RESEARCH.md.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from ludoteca.rl import single_agent_env


class LinearPolicy:
    """Logits = observation · W + b, restricted to the legal actions."""

    def __init__(self, observation_size: int, actions: int, rng: np.random.Generator):
        self.weights = np.zeros((observation_size, actions), dtype=np.float32)
        self.bias = np.zeros(actions, dtype=np.float32)
        self.rng = rng

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
        """A sampled legal action, the legal ids and their probabilities (for the gradient)."""
        legal = np.flatnonzero(mask)
        logits = observation @ self.weights[:, legal] + self.bias[legal]
        logits -= logits.max()
        probabilities = np.exp(logits)
        probabilities /= probabilities.sum()
        choice = int(self.rng.choice(len(legal), p=probabilities))
        return int(legal[choice]), legal, probabilities

    def update(self, steps: list[tuple[np.ndarray, int, np.ndarray, np.ndarray]], advantage: float,
               learning_rate: float) -> None:
        """One REINFORCE step: ∇ log π(a|s) = x ⊗ (onehot(a) − π) over the legal actions."""
        for observation, action, legal, probabilities in steps:
            gradient = -probabilities
            gradient[np.searchsorted(legal, action)] += 1.0
            self.weights[:, legal] += learning_rate * advantage * np.outer(observation, gradient)
            self.bias[legal] += learning_rate * advantage * gradient


def play(env, policy: LinearPolicy, seed: int) -> tuple[float, list]:
    observation, info = env.reset(seed=seed)
    steps, done, total = [], False, 0.0
    while not done:
        action, legal, probabilities = policy.act(observation, info["action_mask"])
        steps.append((observation, action, legal, probabilities))
        observation, reward, done, _, info = env.step(action)
        total += reward
    return total, steps


def train(game: str, opponent: str, batches: int, games: int, learning_rate: float, seed: int) -> list[float]:
    env = single_agent_env(game, opponents=opponent, seat="random")
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(env.observation_space.shape[0], env.action_space.n, rng)
    win_rates = []
    print(f"{'batch':>5}  {'games':>5}  {'win rate':>8}")
    for batch in range(batches):
        played = [play(env, policy, seed * 100_003 + batch * games + g) for g in range(games)]
        results = np.array([result for result, _ in played])
        baseline = results.mean()
        for result, steps in played:
            policy.update(steps, (result - baseline) / games, learning_rate)
        win_rates.append(float((results > 0).mean()))
        print(f"{batch + 1:>5}  {games:>5}  {win_rates[-1]:>8.0%}")
        sys.stdout.flush()
    return win_rates


def plot(win_rates: list[float], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot(range(1, len(win_rates) + 1), win_rates, marker="o")
    axes.set(xlabel="batch", ylabel="win rate", ylim=(0, 1), title=title)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="happy-city")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--batches", type=int, default=20)
    parser.add_argument("--games", type=int, default=40, help="games per batch")
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", help="save the win-rate curve as this PNG")
    args = parser.parse_args(argv)
    rates = train(args.game, args.opponent, args.batches, args.games, args.learning_rate, args.seed)
    if args.plot:
        plot(rates, args.plot, f"REINFORCE in {args.game} against {args.opponent}")
        print(f"curve saved to {args.plot}")


if __name__ == "__main__":
    main()
