"""Helpers for the Blue Lagoon tests."""

from ludoteca.games.blue_lagoon import from_notation, score_breakdown, to_notation


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


def spec_list(text: str) -> list[str]:
    """An action list as the spec writes it: `S 0,4 | S 0,8 | ...`."""
    return text.split(" | ")


def totals(state) -> list[int]:
    return [sum(row.values()) for row in score_breakdown(state)]


def with_tokens(position: str, tokens_statement: str) -> str:
    """`position` with its `r` statement replaced (to compare positions after a random deal)."""
    statements = [s + ";" for s in position.split(";")[:-1]]
    return " ".join(tokens_statement if s.strip().startswith("r ") else s.strip()
                    for s in statements)


def tokens_of(position: str) -> str:
    return next(s.strip() + ";" for s in position.split(";") if s.strip().startswith("r "))


def load(text: str, seed: int = 1, **options):
    state = from_notation(text, seed=seed, **options)
    assert to_notation(state) == text
    return state
