"""The bots' texts (refusals of a bad name, level or search budget), in the message catalogue."""

from __future__ import annotations

from ludoteca.core.messages import Catalogue

MESSAGES = Catalogue(__package__)
