"""`State`: one position of one game, with the moves that change it.

A game subclasses `State`, declares its own fields in `__slots__` (plain data only, see
`ludoteca.core.plain`) and implements the hooks marked "game hook" below. The base class gives
every game the same public behaviour: acting-player checks, legality checks that leave the state
untouched, history, a legal-action cache, cloning, exact JSON round trips and a seeded generator.
"""

from __future__ import annotations

import operator
import random
from collections import Counter
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from . import plain, undo
from .errors import IllegalAction
from .messages import CORE, Message, languages
from .result import Result
from .sentences import LogLine, Sentences
from .words import language

if TYPE_CHECKING:
    from .game import Game
    from .undo import Undo


class Action:
    """Base of every game's actions: immutable, hashable, and `str()` gives canonical notation.

    Games define theirs as `@dataclass(frozen=True, slots=True)` subclasses with a `__str__`
    and a `to_data`.
    """

    __slots__ = ()

    def to_data(self) -> dict[str, Any]:
        """Game hook: the action as structured, JSON-safe data, written next to its notation.

        A dict with a `"kind"` (what sort of move it is) and the fields a surface needs to draw or
        group it (`"at": [row, col]`, a card id, ...), so that no surface ever parses notation.
        `game.action_data` adds the canonical `"text"`.
        """
        raise NotImplementedError(f"{type(self).__name__} has no structured form")


ActionT = TypeVar("ActionT", bound=Action)


class State(Generic[ActionT]):
    """The base of every game's state. Public methods are the engine contract.

    Generic in the game's action class (`class BlueLagoonState(State[Place])`).
    """

    __slots__ = ("game", "num_players", "seed", "options", "_rng", "_rng_shared", "history", "_legal_cache",
                 "_sentences")

    game: Game[Any, ActionT]

    # How `clone` copies the game's fields (see `_copy_fields_into`); undeclared: deep copy.
    SHARED_FIELDS: ClassVar[tuple[str, ...]] = ()
    FLAT_FIELDS: ClassVar[tuple[str, ...]] = ()
    NESTED_FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game[Any, ActionT], num_players: int, seed: int, options: dict[str, Any]):
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self._rng = random.Random(seed)
        self._rng_shared = False
        self.history: list[tuple[int, str]] = []
        self._legal_cache: dict[int, list[ActionT]] = {}
        self._sentences: Sentences | None = None
        self.setup()

    @property
    def rng(self) -> random.Random:
        """The state's own seeded generator: every random event of the game draws from it.

        Clones share the generator until one of them draws (copy on first use), because most
        clones made by search never draw and copying a generator costs more than a move.
        """
        if self._rng_shared:
            self._rng = _copy_rng(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        """Replace the generator (e.g. `determinize` re-seeds the future chance of a sample)."""
        self._rng = generator
        self._rng_shared = False

    # ---- game hooks -------------------------------------------------------------------------

    def setup(self) -> None:
        """Game hook: deal and place everything, drawing from `self.rng` in the spec's order."""
        raise NotImplementedError

    @property
    def to_move(self) -> tuple[int, ...]:
        """Game hook: the players who may act now; () when the game is over."""
        raise NotImplementedError

    def _legal_actions(self, player: int) -> list[ActionT]:
        """Game hook: the legal actions of `player` (who is in `to_move`), in canonical order."""
        raise NotImplementedError

    def _apply(self, action: ActionT, player: int) -> None:
        """Game hook: perform a legal action. Called only after the legality check passed."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return not self.to_move

    def scores(self) -> list[float]:
        """Game hook: each player's score now (final when the game is over)."""
        raise NotImplementedError

    def breakdown(self) -> list[dict[str, Any]]:
        """Game hook: per player, the score split into the game's categories."""
        raise NotImplementedError

    def result(self) -> Result:
        """Game hook: scores, ranking, winners, the deciding tie-break and, once the game is over,
        `end_reason()` as its `reason` (see `core.result.rank`)."""
        raise NotImplementedError

    def end_reason(self) -> Message | None:
        """Game hook: why the game ended, as a message of the game's catalogue ("the deck ran
        out", "no shape fitted either city"); None while it is running. Surfaces show it with the
        result, so it must say only what every seat may know at the end."""
        raise NotImplementedError(f"{self.game.info.id} does not say why a game ends")

    def view(self, player: int | None) -> dict[str, Any]:
        """Game hook: JSON-safe dict of what `player` may see (None: a spectator)."""
        raise NotImplementedError

    def render(self, lang: str = "en", player: int | None = None, markup: bool = False,
               compact: bool = True) -> str:
        """A text picture of what `player` may see (None: a spectator), drawn by the game's
        `Game._render` (its `render.py`), so the rules never import the picture.

        With `markup`, colours are written as Rich console markup (`[green]...[/]`); without it the
        text is plain, for logs and tests. `compact` lets a game draw a crowded table's other
        seats in short lines, so a frame fits 80×24; `compact=False` asks for the full picture
        (the terminal's `board` command pages it).
        """
        return self.game._render(self, language(lang), player, markup, compact)

    def evaluation(self, player: int) -> float:
        """How good the position looks for `player`, for the greedy bot and search cut-offs.

        The default is the score lead over the best opponent; games add cheap positional features.
        """
        scores = self.scores()
        others = [s for p, s in enumerate(scores) if p != player]
        return scores[player] - (max(others) if others else 0)

    def components(self, lang: str = "en") -> dict[str, str]:
        """Every card, building, tile, shop or shape of this game, by the name a player types
        (lower case), with a few lines saying what it is and does — for `show` in the terminal
        (the game's `Game._components`). Printed component facts only, never anything hidden."""
        return self.game._components(self, language(lang))

    def heuristic_action(self, player: int, rng: random.Random) -> ActionT:
        """Game hook: the move of the rule-of-thumb reference player (the `heuristic` bot).

        It plays as a sensible human would from published strategy advice, with no search. It is
        the fixed yardstick the searching bots are measured against, so it must not share the
        evaluation's features or weights: a bot tuned to beat its own evaluation proves nothing.
        """
        raise NotImplementedError(f"{self.game.info.id} has no heuristic player")

    def playout_action(self, player: int, rng: random.Random) -> ActionT:
        """The move a search plays in its playouts: uniformly random unless the game knows better.

        A game may override it with a cheap informed policy (a few hundred nanoseconds a move
        matter here); it must stay cheap, since search plays thousands of these per decision.
        """
        return rng.choice(self._legal_for(player))

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A clone whose hidden information is re-sampled as `player` could believe it.

        Identity (a plain clone) for perfect-information games; hidden-information games override.
        """
        return self.clone()

    def visible_history(self, player: int | None) -> list[tuple[int, str]]:
        """The move log as `player` may see it; games with secret moves override."""
        return list(self.history)

    def is_legal(self, action: ActionT, player: int) -> bool:
        """Whether `action` is legal for `player` (who is to move); games may override it faster."""
        return action in self._legal_for(player)

    def explain_illegal(self, action: ActionT, player: int, lang: str = "en") -> str:
        """Why `action` is not legal now, in `lang`; games override to name the rule."""
        return CORE.text("action.not_legal", lang)

    # ---- the contract -----------------------------------------------------------------------

    def describe(self, action: ActionT | str, player: int, lang: str = "en",
                 viewer: int | None = None) -> str:
        """`action` by `player`, about to be made in this position, as a short sentence in `lang`.

        As `viewer` may read it: the mover (`viewer == player`) reads "You ...", any other seat
        or a spectator (None) "Player 1 ...", and a move the others may not learn yet reads as
        made in secret. For moves already made, see `history_in_words`.
        """
        if not isinstance(action, Action):
            action = self.game.parse_action(action, self)
        self._check_own(action)
        you = viewer == player
        secret = not you and self.game._is_secret(self, action, player)
        return self.game._describe(self, action, player, language(lang), you, secret)

    def undo_check(self, seat: int, humans: Collection[int] | None = None) -> Undo:
        """May `seat` take back its latest action now (with the bots' actions after it)?

        `humans`: the seats played by people (None: all). The answer says how many actions would
        go, or why not (`answer.why(lang)`); see `ludoteca.core.undo` for the rule.
        """
        return undo.check(self, seat, humans)

    def undone(self, seat: int, humans: Collection[int] | None = None) -> State[ActionT]:
        """A new state with `seat`'s latest action taken back by rule; `IllegalAction` says why not."""
        return undo.undone(self, seat, humans)

    def history_in_words(self, lang: str = "en", viewer: int | None = None) -> list[tuple[int, str]]:
        """The move log as sentences, as `viewer` may read it now: `[(player, sentence), ...]`.

        Each move is described in the position before it, which the record recreates exactly (the
        seed fixes every draw), so `to_json` holds nothing more than the history. A secret move
        stays secret until `visible_history(viewer)` shows it. See `log_lines` for the rounds and
        the notation beside each sentence.
        """
        return [(line.player, line.text) for line in self.log_lines(lang, viewer)]

    def log_lines(self, lang: str = "en", viewer: int | None = None) -> list[LogLine]:
        """The move log as `viewer` may read it now, one `LogLine` per action of the history: who
        moved, the sentence, the round it was made in, and its notation (None while the move is
        secret to `viewer`, so a surface can show the notation beside the words without a leak).

        The sentences and rounds are kept with the state (`core.sentences`, never serialized or
        cloned): appending actions describes only the new ones, and a history that no longer
        starts with the described moves is described again, so the answer is always that of a
        fresh replay.
        """
        if self._sentences is None:
            self._sentences = Sentences()
        sentences = self._sentences.upto(self)
        rounds = self._sentences.rounds
        shown = Counter((p, text) for p, text in self.visible_history(viewer))
        lang = language(lang)
        lines = []
        for (player, text), said, made_in in zip(self.history, sentences, rounds, strict=True):
            secret = viewer != player and shown[(player, text)] == 0
            if shown[(player, text)]:
                shown[(player, text)] -= 1
            sentence = said[(lang, viewer == player, secret)]
            lines.append(LogLine(player, sentence, made_in, None if secret else text))
        return lines

    def legal_actions(self, player: int | None = None) -> list[ActionT]:
        """The legal actions of `player` (default: the only player to move). Do not mutate.

        A finished game has none, for every seat (as in OpenSpiel), so a loop over the legal
        actions needs no special case for the end.
        """
        if not self.to_move:
            return []
        return self._legal_for(self._actor(player))

    def _legal_for(self, player: int) -> list[ActionT]:
        """The cached legal list of a player already known to be in `to_move`."""
        cached = self._legal_cache.get(player)
        if cached is None:
            cached = self._legal_cache[player] = self._legal_actions(player)
        return cached

    def apply(self, action: ActionT | str, player: int | None = None) -> None:
        """Apply `action` (an Action or its text) for `player`.

        Raises `NotationError` for malformed text (or something that is neither text nor an
        action) and `IllegalAction` for a move the rules forbid, another game's action included;
        in every case the state is exactly as it was.
        """
        player = self._actor(player)
        if isinstance(action, str):
            action = self.game.parse_action(action, self)
        elif not isinstance(action, Action):
            action = self.game.parse_action(action, self)  # refuses it, naming what was given
        self._check_own(action)
        if not self.is_legal(action, player):
            raise IllegalAction(self._illegal_message(action, player))
        self._apply(action, player)
        self.history.append((player, str(action)))
        self._legal_cache = {}

    def apply_legal(self, index: int, player: int | None = None) -> ActionT:
        """Apply the `index`-th action of `legal_actions(player)` and return it.

        For callers that pick from the legal list (learning environments, playouts): the action
        comes out of that list, so it is legal by construction and `apply`'s second legality check
        (a list scan or a rule check, as dear as a cheap game's whole move) is not needed. Nothing
        illegal can get through: a player not to move, or an `index` that is not a whole number in
        `range(len(legal_actions(player)))`, raises `IllegalAction` and changes nothing.
        """
        # a list is cached only for a player to move in this very position
        if type(player) is int and player in self._legal_cache:
            seat, legal = player, self._legal_cache[player]
        else:
            seat = self._actor(player)
            legal = self._legal_for(seat)
        number = index if type(index) is int else whole_number(index)  # numpy's integers too
        if number is None or not 0 <= number < len(legal):
            raise IllegalAction(self.game.in_game(CORE.message(
                "action.no_such_legal", given=repr(index), last=len(legal) - 1)))
        action = legal[number]
        self._apply(action, seat)
        self.history.append((seat, str(action)))
        self._legal_cache = {}
        return action

    def _check_own(self, action: Action) -> None:
        """Refuse an action of another game before any game code reads its fields."""
        types = self.game.action_types
        if types and not isinstance(action, types):
            raise IllegalAction(self.game.in_game(CORE.message("action.foreign", action=repr(action))))

    def clone(self) -> Self:
        """A fully independent copy (shares only immutable component data)."""
        other = object.__new__(type(self))
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other._rng = self._rng
        other._rng_shared = self._rng_shared = True
        other.history = list(self.history)
        other._legal_cache = {}
        other._sentences = None  # made again on demand: search makes many clones and never reads them
        self._copy_fields_into(other)
        return other

    def _copy_fields_into(self, other: State) -> None:
        """Copy the game's own fields into `other` (a new, empty state of the same class).

        By the groups the game declares (search bots clone a lot, and knowing a field's shape
        copies it several times faster than inspecting it): `SHARED_FIELDS` are immutable values,
        shared; `FLAT_FIELDS` hold immutable values (a list, dict or set, or None), copied one
        level deep; `NESTED_FIELDS` are lists of such containers, copied two levels deep. Every
        other field gets the generic deep copy of plain data.
        """
        cls = type(self)
        groups = cls.__dict__.get("_clone_groups") or cls._group_fields()
        shared, flat, nested, rest = groups
        for name in shared:
            setattr(other, name, getattr(self, name))
        for name in flat:
            value = getattr(self, name)
            setattr(other, name, None if value is None else value.copy())
        for name in nested:
            setattr(other, name, [inner.copy() for inner in getattr(self, name)])
        for name in rest:
            setattr(other, name, plain.copy(getattr(self, name)))

    @classmethod
    def _group_fields(cls) -> tuple[tuple[str, ...], ...]:
        """The clone groups of `_copy_fields_into`, checked once per class: every declared name
        is a field, in one group only."""
        fields = cls._own_fields()
        declared = (*cls.SHARED_FIELDS, *cls.FLAT_FIELDS, *cls.NESTED_FIELDS)
        unknown = set(declared) - set(fields)
        twice = {name for name in declared if declared.count(name) > 1}
        if unknown or twice:
            raise TypeError(f"{cls.__name__}: clone groups name unknown fields {sorted(unknown)} "
                            f"or fields twice {sorted(twice)}")
        rest = tuple(name for name in fields if name not in declared)
        groups = (tuple(cls.SHARED_FIELDS), tuple(cls.FLAT_FIELDS), tuple(cls.NESTED_FIELDS), rest)
        cls._clone_groups = groups  # type: ignore[attr-defined]
        return groups

    def to_json(self) -> dict[str, Any]:
        """Everything needed to restore this exact state, random generator included."""
        return {
            "game": self.game.info.id,
            "version": self.game.version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": plain.encode(self.options),
            "history": [[p, text] for p, text in self.history],
            "rng": plain.encode(self._rng.getstate()),
            "fields": {n: plain.encode(getattr(self, n)) for n in type(self)._own_fields()},
        }

    @classmethod
    def from_json(cls, game: Game, obj: dict[str, Any]) -> State:
        state = object.__new__(cls)
        state.game = game
        state.num_players = obj["num_players"]
        state.seed = obj["seed"]
        state.options = plain.decode(obj["options"])
        state._rng = random.Random.__new__(random.Random)
        state._rng.setstate(plain.decode(obj["rng"]))
        state._rng_shared = False
        state.history = [(p, text) for p, text in obj["history"]]
        state._legal_cache = {}
        state._sentences = None
        fields = obj["fields"]
        for name in cls._own_fields():
            setattr(state, name, plain.decode(fields[name]))
        return state

    # ---- helpers ----------------------------------------------------------------------------

    @classmethod
    def _own_fields(cls) -> tuple[str, ...]:
        """The `__slots__` declared by the game's subclasses (its plain-data fields)."""
        names = cls.__dict__.get("_field_names")
        if names is None:
            names = tuple(
                name
                for klass in reversed(cls.__mro__)
                if klass is not State and issubclass(klass, State)
                for name in klass.__dict__.get("__slots__", ())
            )
            cls._field_names = names  # type: ignore[attr-defined]
        return names

    def _illegal_message(self, action: ActionT, player: int) -> Message:
        why = {lang: self.explain_illegal(action, player, lang) for lang in languages()}
        legal = _summarise(self.legal_actions(player))
        return self.game.in_game(CORE.message("action.illegal", action=str(action), why=why, legal=legal))

    def _actor(self, player: int | None) -> int:
        to_move = self.to_move
        in_game = self.game.in_game
        if not to_move:
            raise IllegalAction(in_game(CORE.message("turn.over")))
        if player is None:
            if len(to_move) == 1:
                return to_move[0]
            raise IllegalAction(in_game(CORE.message("turn.several", seats=_seats(to_move))))
        if player not in to_move:
            raise IllegalAction(in_game(CORE.message("turn.not_yours", player=player,
                                                     seats=_seats(to_move))))
        return player

    def __repr__(self) -> str:
        return f"<{self.game.info.id} state, {len(self.history)} actions, to move {self.to_move}>"


def whole_number(value: object) -> int | None:
    """`value` as an int if it is an integer of any kind (numpy's too) other than a bool."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _copy_rng(rng: random.Random) -> random.Random:
    copy = random.Random.__new__(random.Random)  # skips seeding from the OS, which is slow
    copy.setstate(rng.getstate())
    return copy


def _seats(players: tuple[int, ...]) -> dict[str, str]:
    """"player 0, player 2" in every language."""
    return {lang: ", ".join(CORE.text("seat.lower", lang, seat=p) for p in players) for lang in languages()}


def _summarise(actions: Sequence[Action], limit: int = 12) -> Message | str:
    """The first `limit` actions' notation, and how many more there are."""
    shown = ", ".join(str(a) for a in actions[:limit])
    more = len(actions) - limit
    return CORE.message("list.more", shown=shown, more=more) if more > 0 else shown or "—"
