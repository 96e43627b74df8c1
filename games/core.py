"""The engine contract shared by every game: seats, events, outcomes, errors, randomness.

Nothing here knows a rule of any game. A game is a stateless object that satisfies
:class:`Game` and works on a frozen state value; the bot and the renderers only ever talk
to games through this protocol (see ``shared/design.md``).

Randomness: the only module of ``games/`` that imports :mod:`random` is this one. Every
draw goes through :class:`Rng`, derived from the match seed and the ply, so replaying the
stored moves from the stored seed always gives the same state.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeAlias, TypeVar, cast

from locales import LANGUAGES

Seat: TypeAlias = int
Locale: TypeAlias = str
Catalog: TypeAlias = Mapping[Locale, Mapping[str, str]]
"""Translation templates: locale -> message key -> ``str.format`` template, with plural blocks.

See :mod:`games.i18n` for the ``{n, plural, one {…} other {…}}`` blocks counts are written with.
"""

LOCALES: Final = LANGUAGES
"""Every language of ``locales/`` (one folder each), English first; a catalog holds them all."""


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence to show a person, as a translation key and its parameters.

    Parameter values may themselves be :class:`Message` values (for example the name of a
    mask type); the translation layer renders those first.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, str(v)) for k, v in self.params.items()))))


def msg(key: str, **params: Any) -> Message:
    """Build a :class:`Message`."""
    return Message(key, params)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened during ``apply``; ``audience`` None means everyone."""

    message: Message
    audience: frozenset[Seat] | None = None

    def is_visible_to(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (None: the public) may be told about this event."""
        return self.audience is None or (seat is not None and seat in self.audience)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended.

    ``ranks[seat]`` is 1 for the winners; a draw ranks everyone 1. ``reason`` is a
    message explaining the ending ("captured the Candidate"); ``scores`` is set by games
    that keep a score.
    """

    winners: frozenset[Seat]
    ranks: tuple[int, ...]
    reason: Message
    scores: tuple[int, ...] | None = None

    @property
    def is_draw(self) -> bool:
        """True when nobody won alone and nobody lost: everyone shares first place."""
        return all(rank == 1 for rank in self.ranks)

    @classmethod
    def from_winner(cls, winner: Seat, num_players: int, reason: Message) -> Outcome:
        """One winner; every other seat ranked second."""
        ranks = tuple(1 if seat == winner else 2 for seat in range(num_players))
        return cls(frozenset({winner}), ranks, reason)

    @classmethod
    def from_draw(cls, num_players: int, reason: Message) -> Outcome:
        """Everyone shares first place."""
        return cls(frozenset(range(num_players)), (1,) * num_players, reason)


# --- Errors -------------------------------------------------------------------------------


class MoveError(ValueError):
    """A move that cannot be applied. ``code`` is a stable translation key.

    ``str(error)`` is an English sentence for logs and tests; the bot shows players the
    translated ``error.message``.
    """

    def __init__(self, code: str, text: str = "", **params: Any) -> None:
        super().__init__(text or code)
        self.code = code
        self.params = params

    @property
    def message(self) -> Message:
        """The error as a translatable message."""
        return Message(self.code, self.params)


class InvalidMove(MoveError):
    """The text is not a move of this game at all (syntax)."""


class IllegalMove(MoveError):
    """A well-formed move that the rules do not allow now."""


class AmbiguousMove(MoveError):
    """Text that matches more than one legal move."""


class NotYourTurn(MoveError):
    """The seat is not among the seats that must act now."""


# --- Randomness ---------------------------------------------------------------------------


class Rng:
    """Deterministic draws for one ply of one match.

    Built only on :meth:`random.Random.random`, whose sequence Python promises to keep
    stable across versions (``shuffle``, ``choice`` and ``randrange`` carry no promise).
    """

    def __init__(self, seed: int, ply: int, stream: int = 0) -> None:
        self._random = random.Random(f"{seed}:{ply}:{stream}")

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._random.random()

    def below(self, n: int) -> int:
        """An int in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        return min(int(self._random.random() * n), n - 1)

    def choice(self, items: Sequence[Any]) -> Any:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[Any]) -> tuple[Any, ...]:
        """A Fisher-Yates shuffle of ``items``, as a new tuple."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result)


def new_seed() -> int:
    """A fresh random 63-bit seed, for the service when it creates a match."""
    return random.SystemRandom().getrandbits(63)


# --- User-interface hints -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """One step of building a move from components: a stable token and its label.

    Moves whose paths share a prefix are offered as one choice at that step (for Volto:
    first the mask, then its destination).
    """

    token: str
    label: Message


# --- Options --------------------------------------------------------------------------------


def parse_options(options_type: type[Any], text: str) -> Any:
    """Build an options dataclass from ``"name=value name=value"`` text.

    Raises:
        InvalidMove: with code ``core.error.bad_option`` for an unknown name or a bad value.
    """
    fields = {f.name: f for f in dataclasses.fields(options_type)}
    values: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        name, sep, raw = part.partition("=")
        name = name.strip().lower().replace("-", "_")
        if not sep or name not in fields:
            raise InvalidMove("core.error.bad_option", f"{part!r} is not an option.", option=part)
        default = getattr(options_type(), name)
        try:
            values[name] = _coerce(type(default), raw.strip())
        except ValueError as error:
            raise InvalidMove("core.error.bad_option", f"{part!r} has a bad value.", option=part) from error
    try:
        return options_type(**values)
    except (TypeError, ValueError) as error:
        raise InvalidMove("core.error.bad_option", f"{text!r} is not a valid combination.", option=text) from error


def _coerce(kind: type[Any], raw: str) -> Any:
    if kind is bool:
        lowered = raw.lower()
        if lowered in ("1", "true", "yes", "on", "да"):
            return True
        if lowered in ("0", "false", "no", "off", "нет"):
            return False
        raise ValueError(raw)
    if kind is int:
        return int(raw)
    return kind(raw)


@dataclass(frozen=True, slots=True)
class OptionRule:
    """One option of a game and the values it accepts, for checking and for help texts.

    ``choices`` lists the accepted values (True/False, the names of a set); whole numbers
    are bounded by ``low`` and ``high`` instead. The values are what players type, so they
    are shown untranslated (``bridges: pairs/mirror``).
    """

    name: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one this option accepts."""
        if self.choices:
            return any(type(value) is type(choice) and value == choice for choice in self.choices)
        if type(value) is not int:
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    @property
    def allowed_text(self) -> str:
        """The accepted values as a player types them: ``true/false``, ``pairs/mirror``, ``2-100``."""
        if self.choices:
            return "/".join(_typed(choice) for choice in self.choices)
        return f"{'' if self.low is None else self.low}-{'' if self.high is None else self.high}"


def _typed(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def bool_rule(name: str) -> OptionRule:
    """A yes/no option."""
    return OptionRule(name, (True, False))


def check_option_rules(rules: Sequence[OptionRule], options: Any) -> None:
    """Refuse the first field of ``options`` that its rule does not allow.

    Raises:
        InvalidMove: ``core.error.bad_option`` quoting ``name=value``.
    """
    for rule in rules:
        value = getattr(options, rule.name)
        if not rule.allows(value):
            shown = f"{rule.name}={_typed(value)}"
            raise InvalidMove("core.error.bad_option", f"{shown!r} is not allowed.", option=shown)


def options_help(rules: Sequence[OptionRule]) -> str:
    """Every option with its accepted values, as typed: ``neutral=true/false · bridges=pairs/mirror``."""
    return " · ".join(f"{rule.name}={rule.allowed_text}" for rule in rules)


def options_to_dict(options: Any) -> dict[str, Any]:
    """An options dataclass as plain JSON-ready values."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


def options_from_dict(options_type: type[Any], data: Mapping[str, Any]) -> Any:
    """The inverse of :func:`options_to_dict`; unknown keys are ignored."""
    names = {f.name for f in dataclasses.fields(options_type)}
    return options_type(**{k: v for k, v in data.items() if k in names})


# --- The protocol ---------------------------------------------------------------------------

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V", covariant=True)


class Game(Protocol, Generic[S, M, V]):
    """A rule set. Stateless: every method is a function of its arguments.

    Attributes:
        key: permanent registry key, e.g. ``"volto"``; stored with every match.
        rules_version: bumped when replaying an old move log would give another result.
        min_players / max_players: the seat counts the game supports.
        options_type: a frozen dataclass of variant flags, defaults from the rules file.
        messages: this game's translation catalog (every locale of ``LOCALES``); holds at
            least ``"<key>.title"`` and every key its events, errors and views use.
    """

    @property
    def key(self) -> str: ...
    @property
    def rules_version(self) -> int: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def options_type(self) -> type[Any]: ...
    @property
    def messages(self) -> Catalog: ...

    def option_rules(self) -> Sequence[OptionRule]:
        """Every field of ``options_type`` with the values it accepts, in the order help lists them."""
        ...

    def check_options(self, options: Any, num_players: int | None) -> None:
        """Refuse options this game cannot play; with ``num_players``, also at that seat count.

        The service calls it when a match is created (with the seat count when it is known)
        and again just before the start, so ``initial_state`` never meets options it refuses.

        Raises:
            MoveError: a translated reason; ``core.error.bad_option`` for a value outside
                its :class:`OptionRule`.
        """
        ...

    def initial_state(self, seed: int, num_players: int, options: Any = None) -> S:
        """The state before the first move; shuffles use ``seed``. None options: defaults."""
        ...

    def to_move(self, state: S) -> frozenset[Seat]:
        """The seats that must decide now; empty exactly when the match is over."""
        ...

    def legal_moves(self, state: S, seat: Seat) -> Sequence[M]:
        """Every legal move of ``seat``, complete and in a fixed order; empty if it may not act."""
        ...

    def apply(self, state: S, seat: Seat, move: M) -> tuple[S, list[Event]]:
        """The next state and what happened. Never mutates ``state``.

        Raises:
            NotYourTurn: ``seat`` may not act now.
            IllegalMove: ``move`` is not legal for ``seat`` now.
        """
        ...

    def outcome(self, state: S) -> Outcome | None:
        """How the match ended, or None while it runs."""
        ...

    def view(self, state: S, seat: Seat | None) -> V:
        """Exactly what ``seat`` may know; None is the public view."""
        ...

    def parse_move(self, state: S, seat: Seat, text: str) -> M:
        """The legal move ``text`` names for ``seat``; raises a :class:`MoveError`."""
        ...

    def move_code(self, move: M) -> str:
        """The move's canonical code: short printable ASCII, no spaces, stable forever."""
        ...

    def describe_move(self, state: S, seat: Seat, move: M) -> Message:
        """A label for the mover (autocomplete, buttons); may use what ``seat`` knows."""
        ...

    def choice_path(self, state: S, seat: Seat, move: M) -> tuple[Choice, ...]:
        """The move as successive component choices (one or more)."""
        ...

    def encode(self, state: S) -> Mapping[str, Any]:
        """The state as JSON-ready data."""
        ...

    def decode(self, data: Mapping[str, Any]) -> S:
        """The inverse of :meth:`encode`."""
        ...

    def seat_name(self, seat: Seat, num_players: int) -> Message:
        """What the game calls a seat ("White", "Red")."""
        ...


S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


class StandingAnswers(Protocol, Generic[S_contra, M_co]):
    """Optional capability: answers a player may give in advance to a recurring question.

    A game whose rules ask a seat the same thing again and again (Venezia 2099's rescue,
    asked out of turn; Rialto's card step when the seat has nothing to play) may let the
    player answer once for the whole match ("always rescue", "pass when I have nothing").
    The service stores the chosen code and, whenever that seat must act, submits
    ``standing_move`` for it when that returns a move.
    """

    def standing_answers(self) -> Sequence[Choice]:
        """Every standing answer a player may choose, as (code, label), in display order."""
        ...

    def standing_move(self, state: S_contra, seat: Seat, code: str) -> M_co | None:
        """The move ``code`` makes for ``seat`` now, or None when it does not apply now.

        Raises:
            InvalidMove: ``code`` is not one of :meth:`standing_answers`.
        """
        ...


def standing_answers_of(game: object) -> StandingAnswers[Any, Any] | None:
    """``game`` as :class:`StandingAnswers` when it offers them, else None."""
    if callable(getattr(game, "standing_answers", None)) and callable(getattr(game, "standing_move", None)):
        return cast("StandingAnswers[Any, Any]", game)
    return None


V_contra = TypeVar("V_contra", contravariant=True)


class Autopilot(Protocol, Generic[V_contra, M]):
    """Capability every game provides: a reasonable move chosen from what a seat may see.

    It plays for absent seats (timeouts, vacations) and against players who want to try a
    game alone. It receives the seat's own view and its legal moves, never the state, so it
    cannot read hidden information; for the same arguments it returns the same move.
    """

    def autopilot_move(self, view: V_contra, legal: Sequence[M]) -> M:
        """One of ``legal`` (non-empty), chosen from ``view`` alone, deterministically."""
        ...


class Determinizer(Protocol, Generic[S]):
    """Capability for search: a full state sampled from what one seat knows.

    ``determinize(state, seat, rng)`` keeps everything ``seat`` may see and deals again,
    with ``rng``, everything it may not (the other hands, the deck order, unrevealed types,
    the seed that fixes future shuffles), consistently with what the match proves to
    ``seat``. Its result depends only on ``view(state, seat)`` and ``rng``: two states that
    look the same to ``seat`` give the same sample, so a search built on it cannot read
    hidden information (``tests/games/test_determinize.py`` checks this with each game's
    ``rehide``). The sample's view for ``seat`` equals the given state's, and ``seat`` has
    the same legal moves in it.
    """

    def determinize(self, state: S, seat: Seat, rng: Rng) -> S:
        """A state ``seat`` cannot tell from ``state``, drawn with ``rng``."""
        ...


def determinizer_of(game: object) -> Determinizer[Any] | None:
    """``game`` as :class:`Determinizer` when it can sample hidden information, else None."""
    return cast("Determinizer[Any]", game) if callable(getattr(game, "determinize", None)) else None


class TimeoutAnswer(Protocol, Generic[S_contra, M_co]):
    """Optional capability: the rules' own answer when a seat lets a decision time out.

    Venezia 2099's rescue has one (the rules file's default); where a game has none, the
    autopilot plays the timed-out decision.
    """

    def timeout_move(self, state: S_contra, seat: Seat) -> M_co | None:
        """The rules' answer for ``seat`` now, or None to let the autopilot decide."""
        ...


class CurrentScores(Protocol, Generic[S_contra]):
    """Optional capability: a running score that everyone can see (victory points, rounds won).

    Tournaments use it to adjudicate a match that runs past the round's deadline. Games
    without a public running score (Volto, Venezia 2099's hidden treasures) leave it out.
    """

    def current_scores(self, state: S_contra) -> tuple[int, ...] | None:
        """Each seat's public score now (higher is better), or None when there is none yet."""
        ...


class QuietMoves(Protocol, Generic[S_contra]):
    """Optional capability: moves that end a turn without changing the public board.

    Declining a step (Rialto's "play no cards" in a card step) changes nothing anyone sees
    on the board but whose turn it is. The bot does not post the board for such a turn:
    its news ("Bo passes") goes with the next post that shows a change, so a table of
    passing players does not flood the channel with the same picture.
    """

    def is_quiet(self, state: S_contra, seat: Seat, code: str) -> bool:
        """Whether the move ``code`` of ``seat`` in ``state`` leaves the public board as it was."""
        ...


def quiet_moves_of(game: object) -> QuietMoves[Any] | None:
    """``game`` as :class:`QuietMoves` when it has quiet moves, else None."""
    return cast("QuietMoves[Any]", game) if callable(getattr(game, "is_quiet", None)) else None


class TurnEnds(Protocol, Generic[S_contra]):
    """Optional capability: moves that end a seat's turn even when the same seat acts next.

    Most turns end when someone else must act; in some games the same seat plays on in a
    new turn (a Twilight round won by the seat that starts the next one). The bot posts
    the board once per turn, so it must know such an end.
    """

    def ends_turn(self, state: S_contra, seat: Seat, code: str) -> bool:
        """Whether the move ``code`` of ``seat`` in ``state`` closes that seat's turn."""
        ...


def turn_ends_of(game: object) -> TurnEnds[Any] | None:
    """``game`` as :class:`TurnEnds` when it marks its turns' ends, else None."""
    return cast("TurnEnds[Any]", game) if callable(getattr(game, "ends_turn", None)) else None


class ForcedMoves(Protocol, Generic[S_contra, M_co]):
    """Optional capability: a seat's lone choice, played for it at once.

    When the rules leave a seat exactly one legal move and everyone can see so (the last
    starting building left on the table, the last forecast card in a hand), asking the
    player to click it only costs a round trip; the bot plays it and says so in the post.
    A lone move that only the seat's hidden cards make lone is *not* forced here: playing
    it at once would tell everyone what the seat holds (Rialto's pass with no card of the
    step's type, rules §12).
    """

    def forced_move(self, state: S_contra, seat: Seat) -> M_co | None:
        """The seat's only legal move when everyone can see it is the only one, else None."""
        ...


def forced_moves_of(game: object) -> ForcedMoves[Any, Any] | None:
    """``game`` as :class:`ForcedMoves` when it names publicly forced moves, else None."""
    return cast("ForcedMoves[Any, Any]", game) if callable(getattr(game, "forced_move", None)) else None


class OfferedMoves(Protocol, Generic[S_contra, M_co]):
    """Optional capability: the legal moves worth offering as buttons.

    A move built of components (a Rialto card play: naturals, Jokers, yellow buildings, then
    "play") has components that are legal on their own but lead nowhere: after them no
    choice completes a play, only undo or pass. They stay legal (typed, they are accepted),
    but a picker does not offer them.
    """

    def offered_moves(self, state: S_contra, seat: Seat) -> Sequence[M_co]:
        """The legal moves of ``seat`` minus those that cannot lead to a complete move."""
        ...


def offered_moves_of(game: object) -> OfferedMoves[Any, Any] | None:
    """``game`` as :class:`OfferedMoves` when it drops dead-end components, else None."""
    return cast("OfferedMoves[Any, Any]", game) if callable(getattr(game, "offered_moves", None)) else None


class TurnStatus(Protocol, Generic[S_contra]):
    """Optional capability: what the seats due are doing, when "X to move" would mislead.

    During Volto's secret setup both players arrange their masks at once; "Black to move"
    (White has confirmed) reads as if play had begun. The status line then says this
    instead, followed by whom the match waits for.
    """

    def turn_status(self, state: S_contra) -> Message | None:
        """A public sentence on what the seats due are doing now, or None for the usual "to move"."""
        ...


def turn_status_of(game: object) -> TurnStatus[Any] | None:
    """``game`` as :class:`TurnStatus` when it words some phases' status itself, else None."""
    return cast("TurnStatus[Any]", game) if callable(getattr(game, "turn_status", None)) else None


def current_scores_of(game: object) -> CurrentScores[Any] | None:
    """``game`` as :class:`CurrentScores` when it keeps a public running score, else None."""
    return cast("CurrentScores[Any]", game) if callable(getattr(game, "current_scores", None)) else None


def autopilot_of(game: object) -> Autopilot[Any, Any] | None:
    """``game`` as :class:`Autopilot` when it has one, else None."""
    return cast("Autopilot[Any, Any]", game) if callable(getattr(game, "autopilot_move", None)) else None


def timeout_answer_of(game: object) -> TimeoutAnswer[Any, Any] | None:
    """``game`` as :class:`TimeoutAnswer` when it has one, else None."""
    return cast("TimeoutAnswer[Any, Any]", game) if callable(getattr(game, "timeout_move", None)) else None


AnyGame: TypeAlias = Game[Any, Any, Any]


# --- Replaying ---------------------------------------------------------------------------------


def replay_states(
    game: Game[S, Any, Any], seed: int, num_players: int, options: Any, moves: Iterable[tuple[Seat, str]]
) -> Iterator[S]:
    """The setup from ``seed`` and then the state after each move, rebuilt from move codes alone.

    The engines are deterministic, so this is how a match is recovered, audited and shown
    again: the store's move log, an export file and a test's scripted game all come here.
    A code that does not parse or apply raises the engine's :class:`MoveError`.
    """
    state = game.initial_state(seed, num_players, options)
    yield state
    for seat, code in moves:
        state, _ = game.apply(state, seat, game.parse_move(state, seat, code))
        yield state


def replay_events(
    game: Game[S, Any, Any], seed: int, num_players: int, options: Any, moves: Iterable[tuple[Seat, str]]
) -> Iterator[list[Event]]:
    """The events of each move, rebuilt from the seed and the move codes (as :func:`replay_states`).

    The store keeps no events of a finished match: its log is replayed from here.
    """
    state = game.initial_state(seed, num_players, options)
    for seat, code in moves:
        state, events = game.apply(state, seat, game.parse_move(state, seat, code))
        yield events


def replay(game: Game[S, Any, Any], seed: int, num_players: int, options: Any, moves: Iterable[tuple[Seat, str]]) -> S:
    """The state after replaying ``moves`` from the setup (see :func:`replay_states`)."""
    for state in replay_states(game, seed, num_players, options, moves):
        last = state
    return last


MAX_CUSTOM_ID: Final = 100
"""Discord's limit on a component's custom_id; move codes must fit with their prefix."""
