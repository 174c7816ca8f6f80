"""The arena's texts (tables, plots, refusals of a bad bot spec), in the message catalogue."""

from __future__ import annotations

from ludoteca.core.messages import Catalogue

MESSAGES = Catalogue(__package__)
