"""The former name of `components` (the game's component data), for the modules that still
import it under that name (heuristic, observation and strategy); new code imports `components`."""

from .components import *  # noqa: F403
