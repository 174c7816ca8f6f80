"""Plain data: copying and JSON encoding of the values a game state is made of.

A state is built from ints, floats, strings, None, booleans, lists, dicts, sets and tuples (tuples
and frozensets are treated as immutable and shared by copies; never put a list inside a tuple).
Keeping states plain is what makes `clone()` cheap and `to_json()` exact without per-game code.
"""

from __future__ import annotations

from typing import Any

_IMMUTABLE = (int, float, str, bool, type(None), tuple, frozenset, bytes)


def copy(value: Any) -> Any:
    """Deep-copy mutable containers; share immutable values (much faster than `copy.deepcopy`)."""
    kind = type(value)
    if kind is list:
        return [v if type(v) in _IMMUTABLE else copy(v) for v in value]
    if kind is dict:
        return {k: (v if type(v) in _IMMUTABLE else copy(v)) for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


def encode(value: Any) -> Any:
    """Turn plain data into JSON-safe data that `decode` turns back into an equal value.

    Lists and string-keyed dicts stay as they are; tuples, sets, frozensets and dicts with other
    keys are tagged so the round trip is exact.
    """
    kind = type(value)
    if kind in (int, float, str, bool, type(None)):
        return value
    if kind is list:
        return [encode(v) for v in value]
    if kind is tuple:
        return {"__tuple__": [encode(v) for v in value]}
    if kind is set or kind is frozenset:
        items = sorted((encode(v) for v in value), key=_sort_key)
        return {"__set__" if kind is set else "__frozenset__": items}
    if kind is dict:
        if all(type(k) is str and not k.startswith("__") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {"__items__": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"not plain data: {value!r} ({kind.__name__})")


def decode(value: Any) -> Any:
    """Inverse of `encode`."""
    if type(value) is list:
        return [decode(v) for v in value]
    if type(value) is not dict:
        return value
    if "__tuple__" in value:
        return tuple(decode(v) for v in value["__tuple__"])
    if "__set__" in value:
        return {_hashable(decode(v)) for v in value["__set__"]}
    if "__frozenset__" in value:
        return frozenset(_hashable(decode(v)) for v in value["__frozenset__"])
    if "__items__" in value:
        return {_hashable(decode(k)): decode(v) for k, v in value["__items__"]}
    return {k: decode(v) for k, v in value.items()}


def _hashable(value: Any) -> Any:
    return tuple(value) if type(value) is list else value


def _sort_key(value: Any) -> str:
    """Sets have no order; sorting their encoding by its repr makes `to_json` deterministic."""
    return repr(value)
