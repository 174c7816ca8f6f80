"""The server's texts (refusals in 4xx answers, WebSocket close reasons), in the message catalogue.

An error answer carries its text in English (`detail`), in Spanish (`detail_es`, which the web page
shows a Spanish reader) and its message `code`, so that a program can tell refusals apart without
reading prose."""

from __future__ import annotations

from ludoteca.core.messages import Catalogue

MESSAGES = Catalogue(__package__)
