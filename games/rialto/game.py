"""The Rialto rules object: the engine contract of ``games.core.Game`` wired over the modules here.

The rules are :mod:`games.rialto.rules` (with its helpers :mod:`~games.rialto.flow`,
:mod:`~games.rialto.mechanics` and :mod:`~games.rialto.cardplay`), the view
:mod:`games.rialto.view`, the labels :mod:`games.rialto.labels`; this object passes the
contract's calls on to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core import (
    Catalog,
    Choice,
    InvalidMove,
    Message,
    OptionRule,
    Outcome,
    Rng,
    bool_rule,
    check_option_rules,
    msg,
)
from games.rialto import answers, autopilot, determinize, labels, model, rules, scoring
from games.rialto.messages import MESSAGES
from games.rialto.model import Phase, RialtoOptions
from games.rialto.setup import initial_state
from games.rialto.state import RialtoState, decode, encode, thaw
from games.rialto.view import RialtoView, view_of

HAND_CARD_VP: Final = 0.8
"""What a card still in hand is worth in a search's estimate (a card's step pays about that)."""


class RialtoGame:
    """Rialto (Stefan Feld) for 2-5 players, or 2 against the neutral player."""

    key = "rialto"
    title = "Rialto"
    rules_version = 1
    min_players = 2
    max_players = 5
    options_type = RialtoOptions
    messages: Catalog = MESSAGES

    def option_rules(self) -> Sequence[OptionRule]:
        return (bool_rule("neutral"), bool_rule("y4_any_source"), OptionRule("bridges", tuple(model.BRIDGE_SETS)))

    def check_options(self, options: RialtoOptions, num_players: int | None) -> None:
        """The neutral player exists only in the two-player game (§11)."""
        check_option_rules(self.option_rules(), options)
        if options.neutral and num_players is not None and num_players != 2:
            raise InvalidMove("rialto.error.neutral_players", "The neutral player is for two players only.")

    def initial_state(self, seed: int, num_players: int, options: RialtoOptions | None = None) -> RialtoState:
        return initial_state(seed, num_players, options)

    def to_move(self, state: RialtoState) -> frozenset[int]:
        return rules.to_move(state)

    def legal_moves(self, state: RialtoState, seat: int) -> Sequence[str]:
        return rules.legal_moves(state, seat)

    def apply(self, state: RialtoState, seat: int, move: str) -> tuple[RialtoState, list[Any]]:
        return rules.apply(state, seat, move)

    def outcome(self, state: RialtoState) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: RialtoState, seat: int | None) -> RialtoView:
        return view_of(state, seat)

    def parse_move(self, state: RialtoState, seat: int, text: str) -> str:
        code = rules.code_of(text)
        problem = rules.check(thaw(state), seat, code)
        if problem is not None:
            raise problem.error(text)
        return code

    def move_code(self, move: str) -> str:
        return move

    def describe_move(self, state: RialtoState, seat: int, move: str) -> Message:
        return labels.describe(state, seat, rules.code_of(move))

    def choice_path(self, state: RialtoState, seat: int, move: str) -> tuple[Choice, ...]:
        return labels.choice_path(state, seat, rules.code_of(move))

    def standing_answers(self) -> list[Choice]:
        """One answer in advance: pass when there is nothing to play (see :mod:`games.rialto.answers`)."""
        return answers.standing_answers()

    def standing_move(self, state: RialtoState, seat: int, code: str) -> str | None:
        """``pass`` for a seat that set ``autopass`` and has no card play and no other choice now."""
        return answers.standing_move(state, seat, code)

    def determinize(self, state: RialtoState, seat: int, rng: Rng) -> RialtoState:
        """A state ``seat`` cannot tell from ``state``, for search (see :mod:`games.rialto.determinize`)."""
        return determinize.determinize(state, seat, rng)

    def is_quiet(self, state: RialtoState, seat: int, code: str) -> bool:
        """A pass in a card step: the cards chosen so far were private, the board stays as it was."""
        return code == "pass" and state.phase is Phase.PLAY

    def forced_move(self, state: RialtoState, seat: int) -> str | None:
        """The lone legal move in a decision everyone can follow: the last starting building, a lone placement.

        Card steps, discards and green actions are left out: there a lone move (a pass)
        comes from the seat's hidden hand, and playing it at once would tell the table so
        (§12's note; the player may still ask for that with the standing answer autopass).
        """
        if state.phase in (Phase.PLAY, Phase.DISCARD, Phase.GREEN) or seat not in rules.to_move(state):
            return None
        legal = self.legal_moves(state, seat)
        return legal[0] if len(legal) == 1 else None

    def offered_moves(self, state: RialtoState, seat: int) -> Sequence[str]:
        """The legal moves without the card-play components after which no play can be made.

        "One Joker" with no card of the step's type, no second Joker and no yellow building
        to help leaves only undo or pass: it is legal, but not offered.
        """
        return rules.offered_moves(state, seat)

    def autopilot_move(self, view: RialtoView, legal: Sequence[str]) -> str:
        """A greedy one-step evaluation from the seat's view (see :mod:`games.rialto.autopilot`)."""
        return autopilot.autopilot_move(view, legal)

    def encode(self, state: RialtoState) -> Mapping[str, Any]:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> RialtoState:
        return decode(data)

    def current_scores(self, state: RialtoState) -> tuple[int, ...]:
        """Victory points on the track, by seat (public)."""
        return tuple(player.vp for player in state.players[: state.num_players])

    def estimated_scores(self, state: RialtoState) -> tuple[float, ...]:
        """For search only (``games.ai``, on sampled states): each seat's final score if the match ended now.

        Every card still in hand adds :data:`HAND_CARD_VP`: it is yet to be played for points.
        """
        lines = scoring.final_scores(state)
        return tuple(
            line.total + HAND_CARD_VP * sum(player.hand)
            for line, player in zip(lines, state.players[: state.num_players], strict=False)
        )

    def seat_name(self, seat: int, num_players: int) -> Message:
        return msg(f"rialto.seat.{seat}")


GAME: Final = RialtoGame()
