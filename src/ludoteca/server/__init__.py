"""The browser table: a FastAPI server (REST + WebSocket) over live tables stored with SQLAlchemy.

`create_app(database)` builds the application; `run(host, port, settings)` serves it with uvicorn.
They are imported on first use, so a bot process (`thinking`) never loads the web stack.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "run"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(name)
