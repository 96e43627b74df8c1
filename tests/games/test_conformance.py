"""One contract suite for every game in ``games.REGISTRY`` (style.md §9.11, items 1-6).

Registering a game brings it under this suite with no extra work. For every supported seat
count it drives seeded random matches (a seeded choice of the acting seat among
``to_move`` and of its move among ``legal_moves``) and checks, at every ply:

1. active seats have legal moves, inactive seats none, and ``outcome`` is set exactly when
   ``to_move`` is empty;
2. every legal move's code is printable ASCII without spaces, unique, round-trips through
   ``parse_move``, and fits a button id ``mv:{10-digit match}:{6-digit version}:{code}``
   of at most 100 characters;
3. ``apply`` leaves its input unchanged and every state round-trips through
   ``encode``/``decode`` and JSON;
4. the match ends within :data:`MAX_PLIES`;
5. replaying (seed, seats, codes) reproduces the final state;

also with each yes/no option of the game's options turned on (or off) in turn;

that the game's option check (``option_rules`` / ``check_options``) covers every option,
refuses unknown options and bad values with ``core.error.bad_option``, and accepts only
what ``initial_state`` can play at the seat count it is asked about;

and that ``describe_move``, ``choice_path``, every seat's view and the public view work,
and that every message key produced by events, errors, outcomes, labels, views and seat names
is in the game's catalog in English and Russian (and formats with the parameters given, none
of them None: a None would print as "None").

Bounded (a 2-core machine runs every suite): :data:`MATCHES` matches per game and seat
count, where items 1, 3 and the event checks run at every ply and the costlier checks
(every legal code, labels, views, errors) at the first ply, the last, and a seeded share
:data:`DEEP_SHARE` of the others; plus Hypothesis with a few seeds per game.
``SERENISSIMA_SOAK=1`` checks every ply of many more matches.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import REGISTRY
from games.core import (
    LOCALES,
    MAX_CUSTOM_ID,
    Choice,
    Event,
    Message,
    MoveError,
    OptionRule,
    Outcome,
    Rng,
    parse_options,
    replay,
)
from games.i18n import expand, placeholders, render

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
MAX_PLIES = 5000
MATCHES = 40 if SOAK else 3
DEEP_SHARE = 1.0 if SOAK else 0.2
HYPOTHESIS = settings(
    max_examples=100 if SOAK else 4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=not SOAK,
)
NOT_A_MOVE = "\x07 definitely not a move ?!"

CASES = [
    pytest.param(key, seats, id=f"{key}-{seats}p")
    for key, game in sorted(REGISTRY.items())
    for seats in range(game.min_players, game.max_players + 1)
]


# --- Message keys ------------------------------------------------------------------------------


def messages_in(value: Any) -> Iterator[Message]:
    """Every Message in ``value``, nested parameters included."""
    if isinstance(value, Message):
        yield value
        for param in value.params.values():
            yield from messages_in(param)
    elif isinstance(value, list | tuple | frozenset | set):
        for item in value:
            yield from messages_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from messages_in(getattr(value, field.name))


def check_message(game: Any, message: Message) -> None:
    """``message`` and its nested messages exist in every locale and format with their params."""
    for inner in messages_in(message):
        for locale in LOCALES:
            template = game.messages[locale].get(inner.key)
            assert template is not None, f"{inner.key!r} missing from the {locale!r} catalog of {game.key}"
            params = {
                name: render(game.messages, locale, v) if isinstance(v, Message) else v
                for name, v in inner.params.items()
            }
            names = placeholders(template)
            assert names <= set(params), f"{inner.key!r} ({locale}) needs {names - set(params)}"
            assert all(params[name] is not None for name in names), f"{inner.key!r} ({locale}) given None: {params}"
            expand(template, locale, params).format(**params)


# --- Driving a match ----------------------------------------------------------------------------


def pick_seat(active: frozenset[int], seed: int, ply: int) -> int:
    ordered = sorted(active)
    return int(ordered[Rng(seed, ply, 101).below(len(ordered))])


def check_state(game: Any, state: Any, num_players: int) -> None:
    encoded = game.encode(state)
    assert game.decode(json.loads(json.dumps(encoded))) == state
    assert json.dumps(game.encode(game.decode(encoded)), sort_keys=True) == json.dumps(encoded, sort_keys=True)
    active = game.to_move(state)
    outcome = game.outcome(state)
    assert (outcome is None) == bool(active), "outcome must be set exactly when no seat is active"
    assert active <= frozenset(range(num_players))
    for seat in range(num_players):
        moves = game.legal_moves(state, seat)
        assert bool(moves) == (seat in active), f"seat {seat} active={seat in active} but has {len(moves)} moves"
    if outcome is not None:
        check_outcome(game, outcome, num_players)


def check_outcome(game: Any, outcome: Outcome, num_players: int) -> None:
    assert outcome.winners <= frozenset(range(num_players))
    assert len(outcome.ranks) == num_players
    assert all(rank >= 1 for rank in outcome.ranks)
    check_message(game, outcome.reason)


def check_moves(game: Any, state: Any, seat: int) -> None:
    moves = game.legal_moves(state, seat)
    codes = [game.move_code(move) for move in moves]
    assert len(set(codes)) == len(codes), "two legal moves share a code"
    assert list(game.legal_moves(state, seat)) == list(moves), "legal_moves must be deterministic"
    for move, code in zip(moves, codes, strict=True):
        assert code and code.isascii() and code.isprintable() and " " not in code, repr(code)
        assert len(f"mv:{9_999_999_999}:{999_999}:{code}") <= MAX_CUSTOM_ID, code
        assert game.parse_move(state, seat, code) == move, code
        label = game.describe_move(state, seat, move)
        assert isinstance(label, Message)
        check_message(game, label)
        path = game.choice_path(state, seat, move)
        assert path and all(isinstance(choice, Choice) and choice.token for choice in path)
        for choice in path:
            check_message(game, choice.label)


def check_errors(game: Any, state: Any, num_players: int) -> None:
    """Nonsense text fails for everyone; a waiting seat cannot play an active seat's move."""
    active = game.to_move(state)
    for seat in range(num_players):
        with pytest.raises(MoveError) as caught:
            game.parse_move(state, seat, NOT_A_MOVE)
        check_message(game, caught.value.message)
    waiting = [seat for seat in range(num_players) if seat not in active]
    if waiting and active:
        other = min(active)
        for move in list(game.legal_moves(state, other))[:2]:
            with pytest.raises(MoveError) as caught:
                game.apply(state, waiting[0], move)
            check_message(game, caught.value.message)
            with pytest.raises(MoveError) as caught:
                game.parse_move(state, waiting[0], game.move_code(move))
            check_message(game, caught.value.message)


def check_views(game: Any, state: Any, num_players: int) -> None:
    for viewer in [*range(num_players), None]:
        view = game.view(state, viewer)
        assert view is not None
        for message in messages_in(view):
            check_message(game, message)


def drive(
    game: Any, seed: int, num_players: int, *, deep: bool, options: Any = None
) -> tuple[Any, list[tuple[int, str]]]:
    """Play one seeded random match, checking the contract at every ply."""
    state = game.initial_state(seed, num_players, options)
    log: list[tuple[int, str]] = []
    for ply in range(MAX_PLIES + 1):
        check_state(game, state, num_players)
        active = game.to_move(state)
        if deep and (ply == 0 or not active or Rng(seed, ply, 103).random() < DEEP_SHARE):
            check_views(game, state, num_players)
            check_errors(game, state, num_players)
            for each in sorted(active):
                check_moves(game, state, each)
        if not active:
            return state, log
        assert ply < MAX_PLIES, f"{game.key} seed={seed} did not end within {MAX_PLIES} plies"
        seat = pick_seat(active, seed, ply)
        moves = game.legal_moves(state, seat)
        move = moves[Rng(seed, ply, 102).below(len(moves))]
        before = json.dumps(game.encode(state), sort_keys=True)
        state_after, events = game.apply(state, seat, move)
        assert json.dumps(game.encode(state), sort_keys=True) == before, "apply mutated its input"
        for event in events:
            assert isinstance(event, Event)
            assert event.audience is None or event.audience <= frozenset(range(num_players))
            check_message(game, event.message)
        log.append((seat, game.move_code(move)))
        state = state_after
    raise AssertionError("unreachable")


# --- The suite ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "num_players"), CASES)
def test_random_matches_keep_the_contract(key, num_players):
    game = REGISTRY[key]
    for number in range(MATCHES):
        seed = 1_000_003 * number + num_players
        final, log = drive(game, seed, num_players, deep=True)
        assert game.outcome(final) is not None
        again = replay(game, seed, num_players, None, log)
        assert again == final
        assert game.encode(again) == game.encode(final)


def variants(game: Any) -> dict[str, Any]:
    """Each yes/no option of the game turned away from its default, one at a time, by name."""
    defaults = game.options_type()
    return {
        field.name: dataclasses.replace(defaults, **{field.name: not getattr(defaults, field.name)})
        for field in dataclasses.fields(defaults)
        if isinstance(getattr(defaults, field.name), bool)
    }


VARIANT_CASES = [
    pytest.param(key, name, id=f"{key}-{name}") for key, game in sorted(REGISTRY.items()) for name in variants(game)
]


@pytest.mark.parametrize(("key", "option"), VARIANT_CASES)
def test_every_variant_keeps_the_contract(key, option):
    """One match per seat count the variant exists for (``initial_state`` refuses the others)."""
    game = REGISTRY[key]
    options = variants(game)[option]
    played = 0
    for num_players in range(game.min_players, game.max_players + 1):
        seed = 7_000_003 + num_players
        try:
            game.initial_state(seed, num_players, options)
        except ValueError:
            continue
        final, log = drive(game, seed, num_players, deep=True, options=options)
        assert game.outcome(final) is not None
        assert replay(game, seed, num_players, options, log) == final
        assert game.decode(json.loads(json.dumps(game.encode(final)))) == final
        played += 1
    assert played, f"{key}: no seat count accepts {option}"


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_hypothesis_seeds_end_and_replay(key):
    game = REGISTRY[key]

    @HYPOTHESIS
    @given(seed=st.integers(0, 2**62), num_players=st.integers(game.min_players, game.max_players))
    def run(seed: int, num_players: int) -> None:
        final, log = drive(game, seed, num_players, deep=False)
        assert replay(game, seed, num_players, None, log) == final

    run()


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_registry_entry_is_well_formed(key):
    game = REGISTRY[key]
    assert game.key == key
    assert isinstance(game.rules_version, int) and game.rules_version >= 1
    assert 1 <= game.min_players <= game.max_players
    assert game.options_type() is not None
    for seat in range(game.max_players):
        name = game.seat_name(seat, game.max_players)
        assert isinstance(name, Message)
        check_message(game, name)
    for locale in LOCALES:
        assert f"{key}.title" in game.messages[locale]
    with pytest.raises(ValueError):
        game.initial_state(1, game.max_players + 1)


# --- Options: the game's own check (``option_rules`` / ``check_options``) ----------------------


def rule_values(rule: OptionRule) -> list[Any]:
    """The values a rule accepts that are worth trying: every choice, or both ends of a range."""
    if rule.choices:
        return list(rule.choices)
    return sorted({value for value in (rule.low, rule.high) if value is not None})


def bad_values(rule: OptionRule) -> list[Any]:
    """Values of the right type that the rule must refuse."""
    if rule.choices:
        return [] if all(isinstance(c, bool) for c in rule.choices) else ["nope", ""]
    below = None if rule.low is None else rule.low - 1
    above = None if rule.high is None else rule.high + 1
    return [value for value in (below, above) if value is not None]


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_option_rules_cover_every_option_and_allow_the_defaults(key):
    game = REGISTRY[key]
    defaults = game.options_type()
    rules = game.option_rules()
    assert [rule.name for rule in rules] == [field.name for field in dataclasses.fields(defaults)]
    game.check_options(defaults, None)
    for num_players in range(game.min_players, game.max_players + 1):
        game.check_options(defaults, num_players)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_unknown_options_and_bad_values_are_refused(key):
    game = REGISTRY[key]
    with pytest.raises(MoveError) as raised:
        parse_options(game.options_type, "no_such_option=1")
    assert raised.value.code == "core.error.bad_option"
    for rule in game.option_rules():
        for value in bad_values(rule):
            with pytest.raises(MoveError) as raised:  # as the service does: parse, then the game's check
                game.check_options(parse_options(game.options_type, f"{rule.name}={value}"), None)
            assert raised.value.code == "core.error.bad_option"
            assert raised.value.params["option"] == f"{rule.name}={value}"
        for value in rule_values(rule):
            typed = str(value).lower() if isinstance(value, bool) else str(value)
            parsed = parse_options(game.options_type, f"{rule.name}={typed}")
            assert getattr(parsed, rule.name) == value, "every allowed value can be typed"


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_options_the_check_accepts_can_be_played_at_that_seat_count(key):
    """Every combination of allowed values at every seat count: refused with a MoveError, or playable.

    And a combination allowed without a seat count is playable at one seat count at least,
    so that a lobby is never opened for options no table can play.
    """
    game = REGISTRY[key]
    rules = game.option_rules()
    for values in itertools.product(*(rule_values(rule) for rule in rules)):
        options = game.options_type(**{rule.name: value for rule, value in zip(rules, values, strict=True)})
        game.check_options(options, None)
        playable = 0
        for num_players in range(game.min_players, game.max_players + 1):
            try:
                game.check_options(options, num_players)
            except MoveError as error:
                if error.code.startswith(f"{key}."):
                    check_message(game, error.message)
                continue
            state = game.initial_state(11, num_players, options)
            for ply in range(6):
                active = game.to_move(state)
                if not active:
                    break
                seat = pick_seat(active, 11, ply)
                state, _ = game.apply(state, seat, game.legal_moves(state, seat)[0])
            playable += 1
        assert playable, f"{key}: {options} is accepted but no seat count can play it"
