"""The research API's texts (refusals of a bad option or action id), in the message catalogue."""

from __future__ import annotations

from ludoteca.core.messages import Catalogue

MESSAGES = Catalogue(__package__)
