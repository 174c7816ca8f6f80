"""The end-of-game result, and the ranking helper every game uses to build it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .messages import Message, languages


@dataclass(frozen=True)
class Result:
    """Scores, places and winners of a game (provisional while it is running).

    `ranking[p]` is player p's place, 1 = first; tied players share a place. `tiebreak` names the
    rule that separated the leaders when their first criterion was equal ("draw" when nothing
    did, None when the first criterion decided). `reason` says why the game ended ("every
    resource had been taken"), as a catalogue message a surface writes in the reader's language
    (`result.reason.text(lang)`; `to_dict()["reason"]` holds it in every language); None while
    the game is running.
    """

    scores: list[float]
    ranking: list[int]
    winners: list[int]
    tiebreak: str | None
    breakdown: list[dict[str, Any]] = field(default_factory=list)
    reason: Message | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
            "breakdown": [dict(b) for b in self.breakdown],
            "reason": None if self.reason is None else {
                lang: self.reason.text(lang) for lang in languages()},
        }


def rank(
    keys: list[tuple],
    criteria: list[str],
    scores: list[float],
    breakdown: list[dict[str, Any]] | None = None,
    reason: Message | None = None,
) -> Result:
    """Rank players by `keys` (tuples compared element by element, larger is better).

    `criteria[i]` names element i of the keys, e.g. ["score", "most money", "fewest cards"];
    `reason` is why the game ended (`State.end_reason`), None while it runs.
    """
    order = sorted(range(len(keys)), key=lambda p: keys[p], reverse=True)
    ranking = [0] * len(keys)
    for position, player in enumerate(order):
        previous = order[position - 1]
        same = position > 0 and keys[previous] == keys[player]
        ranking[player] = ranking[previous] if same else position + 1
    winners = [p for p in range(len(keys)) if ranking[p] == 1]
    return Result(
        scores=list(scores),
        ranking=ranking,
        winners=winners,
        tiebreak=_deciding_criterion(keys, criteria, order, winners),
        breakdown=breakdown or [{} for _ in keys],
        reason=reason,
    )


def _deciding_criterion(
    keys: Sequence[tuple[Any, ...]], criteria: Sequence[str], order: list[int], winners: list[int]
) -> str | None:
    if len(winners) > 1:
        return "draw"
    if len(order) < 2:
        return None
    best, runner_up = keys[order[0]], keys[order[1]]
    for index, (a, b) in enumerate(zip(best, runner_up, strict=True)):
        if a != b:
            return None if index == 0 else criteria[index]
    return "draw"
