"""`Game`: the description of one game (its info, options, notation, action ids) and its factory.

One `Game` object per game id lives in the registry; it holds the loaded component data and makes
states. Each game package defines a subclass and registers an instance (see `register`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from .data import load_text
from .errors import IllegalAction, LudotecaError, NotationError, OptionError
from .messages import CORE, Message, in_game
from .options import Option, parse_options, resolve_options
from .state import Action, ActionT, State, whole_number
from .words import PLAYED, SECRET, language, say, seat_name

StateT = TypeVar("StateT", bound=State[Any])

if TYPE_CHECKING:
    import numpy as np

    from .observation import Encoder

# labels every game shares (a game's own `labels` come first)
COMMON_LABELS = {key: CORE.by_language(f"label.{key}") for key in ("draw", "score")}


@dataclass(frozen=True)
class GameInfo:
    """What a surface needs to list and set up a game, without creating a state."""

    id: str
    names: dict[str, str]
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    simultaneous: bool = False
    hidden_information: bool = False
    summary: dict[str, str] | None = None
    # names of the score-breakdown categories and tie-breaks, {"key": {"en": ..., "es": ...}}
    labels: dict[str, dict[str, str]] | None = None

    def label(self, key: str, lang: str = "en") -> str:
        """A breakdown category or tie-break in the reader's language (the key itself if unnamed)."""
        names = (self.labels or {}).get(key) or COMMON_LABELS.get(key)
        if not names:
            return key.replace("_", " ")
        return names.get(lang) or names["en"]

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "names": dict(self.names),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_dict() for o in self.options],
            "simultaneous": self.simultaneous,
            "hidden_information": self.hidden_information,
            "summary": dict(self.summary or {}),
            "labels": {key: dict(names) for key, names in {**COMMON_LABELS, **(self.labels or {})}.items()},
        }


class Game(Generic[StateT, ActionT]):
    """Base class of the five games. Subclasses set `info`, `state_class` and the notation hooks.

    Generic in the game's state and action classes (`class BlueLagoon(Game[BlueLagoonState,
    Place])`), so a type checker knows what `new_state`, `parse_action` and `replay` return.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    version: ClassVar[str] = "1"
    package: ClassVar[str]  # the game's package, where its data/ folder lives
    # Named option sets worth playing and testing (variants, maps, modes); {} is the default game.
    presets: ClassVar[dict[str, dict[str, Any]]] = {"default": {}}

    # How many random actions a search plays from a new position before it trusts
    # `State.evaluation` (None: play to the end of the game). 0 suits a game whose evaluation is a
    # good guide; a game whose evaluation is coarse says None (measured: docs/BOTS.md).
    playout_limit: ClassVar[int | None] = 0
    # The search's UCB exploration constant for this game (rewards in [0, 1]). Leaves are judged
    # by a squashed evaluation, so sibling moves differ by hundredths; a constant too large for
    # that spreads the visits evenly and the most visited move is chosen by noise (docs/BOTS.md).
    exploration: ClassVar[float] = 0.7

    # Games whose every possible action fits in one short list declare it here, and the fixed
    # action ids are positions in it; games with larger spaces override the three id methods.
    all_actions: ClassVar[tuple[Action, ...]] = ()
    # The classes of this game's actions. `apply` refuses an action of any other class before the
    # game's legality check (which reads the action's fields) ever sees it; () skips that check.
    action_types: ClassVar[tuple[type[Action], ...]] = ()

    # ---- game hooks -------------------------------------------------------------------------

    def _parse_action(self, text: str, state: StateT | None) -> ActionT:
        """Game hook: read canonical (or leniently typed) notation; `NotationError` if malformed.

        Called only with a `str`: the type check is done once, in `parse_action`.
        """
        raise NotImplementedError

    def _action_id(self, action: ActionT) -> int:
        """Game hook: the fixed id of one of this game's actions (default: its place in `all_actions`)."""
        ids = type(self).__dict__.get("_action_ids")
        if ids is None:
            ids = {a: i for i, a in enumerate(self.all_actions)}
            type(self)._action_ids = ids  # type: ignore[attr-defined]
        return ids[action]

    def _action_from_id(self, action_id: int, state: StateT | None) -> ActionT:
        """Game hook: the action with this id, already known to be in `range(action_space_size)`."""
        return cast(ActionT, self.all_actions[action_id])

    def _action_data(self, action: ActionT) -> dict[str, Any]:
        """Game hook: the structured form of `action` (default: `action.to_data()`); a game adds
        what only its component data knows, such as the squares a tile would cover."""
        return action.to_data()

    def _describe(self, state: StateT, action: ActionT, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        """Game hook: `action` by `player` in `state` (before it is applied) as a short sentence.

        `you`: the reader is the mover ("You bought ..."); otherwise name the mover with
        `seat_name`. `secret`: the reader must not learn what the move was, only that it was made
        ("placed a tile in secret"). Never use what `state` hides from the reader: the deck
        order, another hand, the outcome of a draw (the conformance suite compares sentences
        against determinized samples). The default reads the notation.
        """
        who = seat_name(player, lang)
        if secret:
            return say(SECRET, lang, you, who)
        return say(PLAYED, lang, you, who, text=str(action))

    def _is_secret(self, state: StateT, action: ActionT, player: int) -> bool:
        """Game hook: whether the other seats may not learn `action` when it is made (a secret
        placement in a simultaneous round). `visible_history` must leave such moves out."""
        return False

    def _round_of(self, state: StateT) -> int | None:
        """Game hook: the round `state` is in (the next action is made in it), for a log grouped
        by round. None (the default) counts rounds from the turns: a round begins each time the
        seat that opened the game begins a turn again. A game whose rounds are not turns in seat
        order (simultaneous placements, a draft) says its own."""
        return None

    def _reveals(self, before: StateT, action: ActionT, player: int, after: StateT) -> bool:
        """Game hook: whether `action` (from `before` to `after`) showed any seat something it
        could not know before: a card from a shuffled deck, another hand, a secret placement.
        Undo never takes such an action back (draws from the generator are caught by the core).
        The conformance suite checks the answer against determinized samples."""
        return False

    def _render(self, state: StateT, lang: str, player: int | None, markup: bool,
                compact: bool = True) -> str:
        """Game hook: the text picture of `state` as `player` may see it (`State.render`).

        The game wires its `render.py` here, in its `Game`, so that the rules module never imports
        the picture (and the picture may import the rules' types freely)."""
        raise NotImplementedError(f"{self.info.id} has no text picture")

    def _components(self, state: StateT, lang: str) -> dict[str, str]:
        """Game hook: the component texts of `State.components` (from the game's `render.py`)."""
        return {}

    @property
    def action_space_size(self) -> int:
        """The number of fixed action ids (for RL action masks)."""
        if not self.all_actions:
            raise NotImplementedError(f"{type(self).__name__} declares no action ids")
        return len(self.all_actions)

    # ---- notation and ids: checked here, so every game refuses bad input the same way -------

    def parse_action(self, text: str, state: StateT | None = None) -> ActionT:
        """The action written as `text` (canonical or leniently typed); `NotationError` if malformed."""
        if not isinstance(text, str):
            raise self._refuse("action.not_text", kind=type(text).__name__, value=repr(text))
        return self._parse_action(text, state)

    def action_id(self, action: ActionT) -> int:
        """The fixed id of `action`, in `range(action_space_size)`; `NotationError` for a foreign action."""
        if isinstance(action, self.action_types or Action):
            try:
                return self._action_id(action)
            except (LookupError, ValueError, TypeError, AttributeError):
                pass  # an action of another game that happens to look like one of ours
        raise self._refuse("action.foreign", action=repr(action))

    def action_from_id(self, action_id: int, state: StateT | None = None) -> ActionT:
        """The action with this id in `state` (inverse of `action_id`).

        Any integer type is accepted (RL libraries hand out numpy integers), but not `bool`, whose
        `True` would silently mean id 1; an id outside the range is refused, never wrapped around.
        """
        number = whole_number(action_id)
        size = self.action_space_size
        if number is None:
            raise self._refuse("action.id_not_whole", kind=type(action_id).__name__,
                               value=repr(action_id))
        if not 0 <= number < size:
            raise self._refuse("action.id_out_of_range", id=number, last=size - 1)
        return self._action_from_id(number, state)

    def action_data(self, action: ActionT) -> dict[str, Any]:
        """`action` as JSON-safe data: `{"text": canonical text, "kind": ..., ...fields}`.

        This is what surfaces read (renderers, hints, logs): the text to send back, and the
        structure to draw, so no surface needs to understand the game's notation.
        """
        if self.action_types and not isinstance(action, self.action_types):
            raise self._refuse("action.foreign", action=repr(action))
        return {"text": str(action), **self._action_data(action)}

    def _refuse(self, code: str, **args: Any) -> NotationError:
        return NotationError(self.in_game(CORE.message(code, **args)))

    def in_game(self, message: Message) -> Message:
        """`message` prefixed with this game's name, as every error about a game reads."""
        return in_game(self.info.names, message)

    # The observation layout for learning agents (`core.observation.Encoder`), if the game has one.
    encoder: ClassVar[Encoder | None] = None

    # ---- the contract -----------------------------------------------------------------------

    def observation_size(self, num_players: int, **options: Any) -> int:
        """The length of `observe`'s vector for this player count and these options."""
        return self._encoder().size(num_players, resolve_options(self.info.options, options))

    def observe(self, state: State, player: int) -> np.ndarray:
        """A fixed-length float32 vector of what `player` may see, for learning agents.

        It holds only what `state.view(player)` shows; the layout is in the game's docs page.
        """
        if not 0 <= player < state.num_players:
            raise IllegalAction(self.in_game(CORE.message("observe.no_player", player=player)))
        return self._encoder().observe(state, player)

    def _encoder(self) -> Encoder:
        if self.encoder is None:
            raise LudotecaError(CORE.message("observe.no_encoder", game=self.info.names))
        return self.encoder

    def new_state(self, num_players: int | None = None, seed: int | None = None, **options: Any) -> StateT:
        """A new game. `seed=None` picks a fresh seed (kept in the state, so it can be replayed)."""
        info = self.info
        num_players = info.min_players if num_players is None else num_players
        if num_players not in info.player_counts:
            raise OptionError(CORE.message("setup.players", game=info.names, counts=_counts(info),
                                           count=num_players))
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(CORE.message("setup.seed", value=repr(seed)))
        resolved = resolve_options(info.options, options)
        self.check_options(resolved, num_players)
        return cast(StateT, self.state_class(self, num_players, seed, resolved))

    def check_options(self, options: dict[str, Any], num_players: int) -> None:
        """Game hook for rules that relate options to each other; raise `OptionError`."""

    def parse_options(self, pairs: list[str]) -> dict[str, Any]:
        """Options typed as `name=value` (command line, forms), validated and typed."""
        return parse_options(self.info.options, pairs)

    def state_from_json(self, obj: dict[str, Any]) -> StateT:
        if obj.get("game") != self.info.id:
            raise LudotecaError(CORE.message("json.wrong_game", got=repr(obj.get("game")),
                                             want=repr(self.info.id)))
        return cast(StateT, self.state_class.from_json(self, obj))

    def record(self, state: StateT) -> dict[str, Any]:
        """A replayable record: seed, options and every action with the player who made it."""
        return {
            "game": self.info.id,
            "version": self.version,
            "num_players": state.num_players,
            "seed": state.seed,
            "options": state.options,
            "actions": [[player, text] for player, text in state.history],
        }

    def replay(self, record: dict[str, Any], upto: int | None = None) -> StateT:
        """The state reached by a record (after its first `upto` actions, if given)."""
        if record.get("game") != self.info.id:
            raise LudotecaError(CORE.message("record.wrong_game", got=repr(record.get("game")),
                                             want=repr(self.info.id)))
        state = self.new_state(record["num_players"], record["seed"], **record.get("options", {}))
        actions = record["actions"] if upto is None else record["actions"][:upto]
        for number, (player, text) in enumerate(actions, start=1):
            try:
                state.apply(text, player)
            except LudotecaError as error:
                raise IllegalAction(CORE.message("record.bad_action", number=number, text=repr(text),
                                                 error=error.message)) from error
        return state

    def rules_summary(self, lang: str = "en") -> str:
        """The game's rules in our own words (`data/rules.<lang>.md` of the game package)."""
        try:
            return load_text(self.package, f"rules.{language(lang)}.md")
        except FileNotFoundError:  # a language added to the catalogue before the rules are translated
            return load_text(self.package, "rules.en.md")

    def __repr__(self) -> str:
        return f"<game {self.info.id}>"


def _counts(info: GameInfo) -> Message | int:
    if info.min_players == info.max_players:
        return info.min_players
    return CORE.message("setup.player_range", low=info.min_players, high=info.max_players)


_REGISTRY: dict[str, Game[Any, Any]] = {}

GameT = TypeVar("GameT", bound=Game[Any, Any])


def register(game: GameT) -> GameT:
    """Make `game` available to `ludoteca.load`; called once by each game package."""
    _REGISTRY[game.info.id] = game
    return game


def registered() -> dict[str, Game[Any, Any]]:
    return _REGISTRY
