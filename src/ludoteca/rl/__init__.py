"""The research API: every ludoteca game as a PettingZoo, Gymnasium or OpenSpiel environment.

- `env(game_id, num_players=2, render_mode=None, reward="place", **options)`: PettingZoo AEC;
- `parallel_env(...)`: PettingZoo parallel (City Square Off's simultaneous rounds at once);
- `single_agent_env(game_id, opponents="greedy", seat=0, ...)`: Gymnasium, against bots;
- `ludoteca.rl.openspiel.register()`: every game as an OpenSpiel Python game (needs the
  `openspiel` extra).
Observations come from each game's encoder (`Game.observe`), which sees only what the seat may
see; actions are the fixed ids of `Game.action_id`. See docs/RESEARCH.md.
"""

from .aec import LudotecaEnv, env
from .parallel import LudotecaParallelEnv, parallel_env
from .single import SingleAgentEnv, single_agent_env
from .table import Table

__all__ = [
    "LudotecaEnv",
    "LudotecaParallelEnv",
    "SingleAgentEnv",
    "Table",
    "env",
    "parallel_env",
    "single_agent_env",
]
