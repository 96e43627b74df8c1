"""The Twilight rules object: the :class:`games.core.Game` protocol over the rules module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core import (
    Catalog,
    Choice,
    Event,
    IllegalMove,
    Message,
    NotYourTurn,
    OptionRule,
    Outcome,
    Rng,
    Seat,
    bool_rule,
    check_option_rules,
    msg,
)
from games.twilight import autopilot, determinize, rules
from games.twilight.messages import MESSAGES
from games.twilight.moves import Action, Move, effect, format_move, move_tokens, parse_code
from games.twilight.pieces import NUM_SEATS, CardKind, Token, kind_of
from games.twilight.state import LastTurn, TwilightOptions, TwilightState, decode_state, encode_state
from games.twilight.text import (
    card_list,
    card_name,
    cell_name,
    direction_name,
    move_line,
    seat_label,
    seat_possessive,
    step_lines,
    token_genitive,
)
from games.twilight.view import RevealedHand, TurnSummary, TwilightView

_FIRST_TOKEN_LABELS: Final[dict[str, Message]] = {
    "dd": msg("twilight.choice.cortege"),
    "s": msg("twilight.choice.summon"),
}


class TwilightGame:
    """Twilight of Venice: two seats, East (0) and West (1). See the package docstring."""

    key: Final = "twilight"
    rules_version: Final = 1
    min_players: Final = 2
    max_players: Final = 2
    options_type: Final = TwilightOptions
    messages: Final[Catalog] = MESSAGES

    def option_rules(self) -> Sequence[OptionRule]:
        return (bool_rule("diamond_masquerade"),)

    def check_options(self, options: TwilightOptions, num_players: int | None) -> None:
        check_option_rules(self.option_rules(), options)

    def initial_state(self, seed: int, num_players: int, options: Any = None) -> TwilightState:
        if num_players != NUM_SEATS:
            raise ValueError(f"Twilight of Venice is for exactly 2 players, not {num_players}.")
        return rules.initial_state(seed, options if options is not None else TwilightOptions())

    def to_move(self, state: TwilightState) -> frozenset[Seat]:
        return frozenset() if state.to_play is None else frozenset({state.to_play})

    def legal_moves(self, state: TwilightState, seat: Seat) -> list[Move]:
        """Every legal step, in this fixed order.

        Card plays in card order (Doge, Cortège, Guards 1, 1+1 splits then doubles, ►◄,
        Merchant 1-3, Harlequin 1-5 then ◊; Harlequin targets in the order Harlequin, Doge,
        west Guard, east Guard, Merchant; east before west), then Guild's Word summons (Doge,
        west Guard, east Guard) and ``discard`` at the start of a turn, or ``end`` and
        ``undo`` once a step was taken.
        """
        return rules.legal_moves(state, seat)

    def apply(self, state: TwilightState, seat: Seat, move: Move) -> tuple[TwilightState, list[Event]]:
        self._check_turn(state, seat, move)
        cards = rules.check_move(state, seat, move)
        return rules.apply_step(state, seat, move, cards)

    def _check_turn(self, state: TwilightState, seat: Seat, move: Move | str) -> None:
        text = move if isinstance(move, str) else format_move(move)
        if state.to_play is None:
            raise NotYourTurn("twilight.error.match_over", f"{text!r}: the match is over.", code_text=text)
        if seat != state.to_play:
            raise NotYourTurn(
                "twilight.error.not_your_turn",
                f"{text!r}: it is not your turn.",
                code_text=text,
                seat=seat_label(state.to_play),
            )

    def outcome(self, state: TwilightState) -> Outcome | None:
        if state.to_play is not None:
            return None
        wins = rules.round_wins(state.results)
        if wins[0] == wins[1]:
            reason = msg("twilight.outcome.draw", east=wins[0], west=wins[1])
            return Outcome(frozenset({0, 1}), (1, 1), reason, scores=wins)
        winner = 0 if wins[0] > wins[1] else 1
        reason = msg("twilight.outcome.won", seat=seat_label(winner), east=wins[0], west=wins[1])
        ranks = (1, 2) if winner == 0 else (2, 1)
        return Outcome(frozenset({winner}), ranks, reason, scores=wins)

    def view(self, state: TwilightState, seat: Seat | None) -> TwilightView:
        is_mover = seat is not None and seat == state.to_play
        board = state.board if is_mover else state.public_board
        in_steps = sum(len(step.cards) for step in state.steps)
        hand_sizes = tuple(len(state.hands[s]) + (in_steps if s == state.to_play else 0) for s in range(NUM_SEATS))
        hand = () if seat is None else tuple(kind_of(card) for card in state.hands[seat])
        unplayable: list[tuple[CardKind, Message]] = []
        if is_mover:
            assert seat is not None
            for kind in dict.fromkeys(hand):
                reason = rules.why_unplayable(state, seat, kind)
                if reason is not None:
                    unplayable.append((kind, reason))
        return TwilightView(
            viewer=seat,
            board=board,
            is_preview=is_mover and bool(state.steps),
            to_move=self.to_move(state),
            round=state.round,
            deal=state.deal,
            first=state.first,
            deck_size=len(state.deck),
            hand_sizes=(hand_sizes[0], hand_sizes[1]),
            discards=(
                tuple(kind_of(card) for card in state.discards[0]),
                tuple(kind_of(card) for card in state.discards[1]),
            ),
            hand=hand,
            steps=tuple(step_lines(state.steps, state.board)) if is_mover else (),
            unplayable=tuple(unplayable),
            results=state.results,
            wins=rules.round_wins(state.results),
            revealed=tuple(
                RevealedHand(reveal.seat, tuple(kind_of(card) for card in reveal.cards)) for reveal in state.revealed
            ),
            last_turn=None if state.last_turn is None else summarize(state.last_turn),
            outcome=self.outcome(state),
        )

    def parse_move(self, state: TwilightState, seat: Seat, text: str) -> Move:
        move = parse_code(text)
        self._check_turn(state, seat, text)
        try:
            rules.check_move(state, seat, move)
        except IllegalMove as error:
            sentence = str(error).replace(repr(format_move(move)), repr(text), 1)
            params = {**error.params, "code_text": text}
            raise IllegalMove(error.code, sentence, **params) from None
        return move

    def move_code(self, move: Move) -> str:
        return format_move(move)

    def ends_turn(self, state: TwilightState, seat: Seat, code: str) -> bool:
        """``end`` and ``discard`` close a turn, also when the same seat starts the next round."""
        return code in ("end", "discard")

    def describe_move(self, state: TwilightState, seat: Seat, move: Move) -> Message:
        if move.action is Action.END:
            if rules.is_doge_home(state.board):
                owner = 0 if state.board.doge > 0 else 1
                return msg("twilight.move.end_round", seat_of=seat_possessive(owner))
            return msg("twilight.move.end", shift=_favourite_preview(state))
        if move.action is Action.UNDO:
            if not state.steps:
                return msg("twilight.move.undo_nothing")
            return msg("twilight.move.undo", step=step_lines(state.steps[-1:], state.board)[0])
        if move.action is Action.DISCARD:
            return msg("twilight.move.discard", count=len(state.hands[seat]))
        return move_line(move, state.board, effect(state.board, move))

    def choice_path(self, state: TwilightState, seat: Seat, move: Move) -> tuple[Choice, ...]:
        tokens = move_tokens(move)
        full = self.describe_move(state, seat, move)
        if len(tokens) == 1:
            return (Choice(tokens[0], full),)
        labels: list[Message] = [_first_label(tokens[0])]
        for token in tokens[1:-1]:
            labels.append(_target_label(move, token))
        labels.append(_last_label(move, tokens[-1], full))
        return tuple(Choice(token, label) for token, label in zip(tokens, labels, strict=True))

    def encode(self, state: TwilightState) -> Mapping[str, Any]:
        return encode_state(state)

    def decode(self, data: Mapping[str, Any]) -> TwilightState:
        return decode_state(data)

    def determinize(self, state: TwilightState, seat: Seat, rng: Rng) -> TwilightState:
        """A state ``seat`` cannot tell from ``state``, for search (see :mod:`games.twilight.determinize`)."""
        return determinize.determinize(state, seat, rng)

    def autopilot_move(self, view: TwilightView, legal: Sequence[Move]) -> Move:
        """A greedy step-by-step turn from the seat's view (see :mod:`games.twilight.autopilot`)."""
        return autopilot.autopilot_move(view, legal)

    def current_scores(self, state: TwilightState) -> tuple[int, ...]:
        """Rounds won so far, by seat (public)."""
        return tuple(rules.round_wins(state.results))

    def seat_name(self, seat: Seat, num_players: int) -> Message:
        return seat_label(seat)


def _favourite_preview(state: TwilightState) -> Message:
    shift = rules.favourite_shift(state.board)
    if shift == 0:
        return msg("twilight.move.favourite_stays")
    return msg("twilight.move.favourite_moves", cells=abs(shift), dir=direction_name(shift))


def _first_label(token: str) -> Message:
    if token in _FIRST_TOKEN_LABELS:
        return _FIRST_TOKEN_LABELS[token]
    return card_name(CardKind(token))


def _target_label(move: Move, token: str) -> Message:
    """Which token a step moves: "Masquerade" only for a Harlequin card moving another token."""
    target = Token(token)
    if target is Token.HARLEQUIN:
        return msg("twilight.choice.harlequin_self")
    if move.is_masquerade:
        return msg("twilight.choice.target", token_of=token_genitive(target))
    return msg("twilight.choice.token", token_of=token_genitive(target))


def _last_label(move: Move, token: str, full: Message) -> Message:
    if token in ("+", "-"):
        return msg("twilight.choice.direction", dir=direction_name(1 if token == "+" else -1), effect=full)
    return full


def summarize(last: LastTurn) -> TurnSummary:
    """The previous turn in words, as public events told it."""
    lines: list[Message] = []
    if last.discarded or not last.steps:
        lines.append(msg("twilight.line.discard", count=len(last.discarded), cards=card_list(last.discarded)))
    else:
        lines.extend(step_lines(last.steps, last.after))
    if last.favourite_from != last.favourite_to:
        lines.append(
            msg("twilight.line.favourite", start=cell_name(last.favourite_from), end=cell_name(last.favourite_to))
        )
    if last.drawn:
        lines.append(msg("twilight.line.drew", count=last.drawn))
    start = last.steps[0].before if last.steps else last.after
    moved = tuple(
        (token, start.cell(token), last.after.cell(token))
        for token in Token
        if start.cell(token) != last.after.cell(token)
    )
    favourite = (last.favourite_from, last.favourite_to) if last.favourite_from != last.favourite_to else None
    return TurnSummary(last.seat, tuple(lines), moved, favourite)


GAME: Final = TwilightGame()
