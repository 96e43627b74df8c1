"""The Rialto rules object: the engine contract of ``games.core.Game`` over the modules here."""

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
from games.i18n import render
from games.rialto import answers, autopilot, board, determinize, labels, moves, scoring
from games.rialto.flow import advance
from games.rialto.messages import MESSAGES
from games.rialto.model import Phase, RialtoOptions
from games.rialto.notation import canonical
from games.rialto.setup import initial_state
from games.rialto.state import RialtoState, decode, encode, freeze, thaw
from games.rialto.view import NeutralView, PlayerView, RialtoView

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
        return (bool_rule("neutral"), bool_rule("y4_any_source"), OptionRule("bridges", tuple(board.BRIDGE_SETS)))

    def check_options(self, options: RialtoOptions, num_players: int | None) -> None:
        """The neutral player exists only in the two-player game (§11)."""
        check_option_rules(self.option_rules(), options)
        if options.neutral and num_players is not None and num_players != 2:
            raise InvalidMove("rialto.error.neutral_players", "The neutral player is for two players only.")

    def initial_state(self, seed: int, num_players: int, options: RialtoOptions | None = None) -> RialtoState:
        return initial_state(seed, num_players, options)

    def to_move(self, state: RialtoState) -> frozenset[int]:
        return moves.to_move(state)

    def legal_moves(self, state: RialtoState, seat: int) -> Sequence[str]:
        """Legal codes in the order of ``moves.candidates``; ``pass``/``ok`` come last."""
        if seat not in moves.to_move(state):
            return []
        work = thaw(state)
        return [code for code in moves.candidates(work, seat) if moves.check(work, seat, code) is None]

    def apply(self, state: RialtoState, seat: int, move: str) -> tuple[RialtoState, list[Any]]:
        code = self._code(move)
        work = thaw(state)
        problem = moves.check(work, seat, code)
        if problem is not None:
            raise problem.error(move)
        phase = work.phase
        moves.perform(work, seat, code)
        if phase is Phase.PLAY and code == "ok":
            work.last_actor, work.last_move = seat, work.plays[seat]
        elif phase is Phase.DISCARD and code == "ok":
            work.last_actor, work.last_move = seat, "discarded"
        elif not _is_private(code, phase):
            work.last_actor, work.last_move = seat, code
        advance(work)
        work.ply += 1
        return freeze(work), list(work.events)

    def outcome(self, state: RialtoState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        lines = scoring.final_scores(state)
        order = scoring.ranking(state, lines)
        ranks = [0] * state.num_players
        for position, seat in enumerate(order):
            ranks[seat] = position + 1
        winner = order[0]
        tied = len(order) > 1 and lines[order[1]].total == lines[winner].total
        key = "rialto.outcome.win_doge" if tied else "rialto.outcome.win"
        reason = msg(key, player=self.seat_name(winner, state.num_players), n=lines[winner].total)
        return Outcome(frozenset({winner}), tuple(ranks), reason, tuple(line.total for line in lines))

    def view(self, state: RialtoState, seat: int | None) -> RialtoView:
        own = state.players[seat] if seat is not None else None
        acting = seat is not None and state.queue[:1] == (seat,) and state.phase is Phase.PLAY
        return RialtoView(
            viewer=seat,
            num_players=state.num_players,
            phase=state.phase,
            round=state.round,
            step=state.step,
            round_of=state.round_of,
            current_district=state.round_of.index(state.round) if 1 <= state.round <= 6 else -1,
            tiles=state.tiles,
            bridge_top=state.bridges[0] if state.bridges else None,
            bridges_left=len(state.bridges),
            gondolas_left=state.gondolas,
            bonus_tiles=state.bonus_tiles,
            supply=state.supply,
            players=tuple(
                PlayerView(
                    seat=index,
                    vp=p.vp,
                    coins=p.coins,
                    pool=p.pool,
                    personal=p.personal,
                    districts=p.districts,
                    buildings=p.buildings,
                    hand_size=sum(p.hand),
                    hand_bonus=p.hand_bonus,
                    discard_need=p.discard_need,
                    discard_done=p.discard_done,
                )
                for index, p in enumerate(state.players)
            ),
            neutral=NeutralView(state.np_districts, state.np_cards, state.marker) if state.options.neutral else None,
            doge_space=state.doge_space,
            doge_seq=state.doge_seq,
            doge_order=tuple(scoring.doge_order(state)),
            rows=tuple(_counts(row) for row in state.rows),
            row_owner=state.row_owner,
            deck_size=len(state.deck),
            discard_size=sum(state.discard),
            to_move=self.to_move(state),
            first=state.first,
            counts=state.counts,
            plays=state.plays,
            bonus=state.bonus,
            decision=state.decision,
            left=state.left,
            pending=state.pending,
            hand=own.hand if own is not None else (),
            draft=state.draft if acting else (),
            discard_pick=own.discard_pick if own is not None else (),
            last_actor=state.last_actor,
            last_move=state.last_move,
            scores=scoring.final_scores(state) if state.phase is Phase.OVER else None,
            outcome=self.outcome(state),
        )

    def parse_move(self, state: RialtoState, seat: int, text: str) -> str:
        code = self._code(text)
        problem = moves.check(thaw(state), seat, code)
        if problem is not None:
            raise problem.error(text)
        return code

    def move_code(self, move: str) -> str:
        return move

    def describe_move(self, state: RialtoState, seat: int, move: str) -> Message:
        return labels.describe(state, seat, self._code(move))

    def choice_path(self, state: RialtoState, seat: int, move: str) -> tuple[Choice, ...]:
        return labels.choice_path(state, seat, self._code(move))

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

    @staticmethod
    def _code(text: str) -> str:
        code = canonical(text)
        if code is None:
            params = {"move": repr(text)}
            raise InvalidMove(
                "rialto.error.bad_code", render(MESSAGES, "en", msg("rialto.error.bad_code", **params)), **params
            )
        return code


def _is_private(code: str, phase: Phase) -> bool:
    """A private step of building a card play or a discard (not shown as the last action)."""
    if phase is Phase.DISCARD:
        return True
    return phase is Phase.PLAY and code not in ("pass", "Y1", "ok")


def _counts(row: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * 7
    for card in row:
        counts[card] += 1
    return tuple(counts)


GAME: Final = RialtoGame()
