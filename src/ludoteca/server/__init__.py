"""The browser table: a FastAPI server (REST + WebSocket) over live tables stored with SQLAlchemy.

`create_app(database)` builds the application; `run(host, port, database)` serves it with uvicorn.
"""

from .app import create_app, run

__all__ = ["create_app", "run"]
