"""The arena: seat-rotated bot tournaments (inline, local processes or Ray), their statistics,
tables, files and plots; and the engine benchmark behind `ludoteca bench`.

Everything here uses the engine contract and `ludoteca.bots` only.
"""

from .match import MatchSpec, play_match
from .schedule import run_local, run_ray, schedule
from .stats import elo_ratings, pairing_summary, seat_summary, summarise, wilson

__all__ = [
    "MatchSpec",
    "elo_ratings",
    "pairing_summary",
    "play_match",
    "run_local",
    "run_ray",
    "schedule",
    "seat_summary",
    "summarise",
    "wilson",
]
