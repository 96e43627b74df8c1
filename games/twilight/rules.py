"""The rules of Twilight of Venice: which step is legal, and what a step does.

Every check follows ``shared/rules/twilight.md`` (section numbers below refer to it). The
turn is built step by step (§6.1): the first step chooses between playing cards, the
Guild's Word and discarding the hand; card steps are checked one at a time against the
position the previous card left (§7.0, T4); ``end`` runs the Favourite (§9), the draw and
the exhaustion check (§10). Everything a step changes is derived from ``state.steps``, so
``undo`` is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from games.core import Event, IllegalMove, Message, NotYourTurn, Outcome, Rng, Seat, msg
from games.twilight.labels import (
    card_list,
    card_name,
    cell_name,
    seat_label,
    seat_possessive,
    step_line,
    step_lines,
    token_genitive,
    type_name,
)
from games.twilight.model import (
    CARD_KINDS,
    DECK_SIZE,
    FAVOURITE_END,
    FAVOURITE_MANSION_START,
    HAND_SIZE,
    MAX_DEAL,
    MAX_ROUNDS,
    NUM_SEATS,
    ROUNDS_BEFORE_DECIDER,
    TRACK_END,
    Board,
    CardKind,
    CardType,
    Token,
    card_type,
    kind_of,
    owner_of,
    rel,
)
from games.twilight.moves import (
    DISCARD,
    END,
    SUMMON_TARGETS,
    UNDO,
    Action,
    Cells,
    Move,
    effect,
    effect_cells,
    favourite_shift,
    format_move,
    is_doge_home,
    play_candidates,
)
from games.twilight.state import LastTurn, Reveal, RoundEnd, RoundResult, Step, TwilightOptions, TwilightState

# --- Reading the turn ----------------------------------------------------------------------


def locked_type(steps: Sequence[Step]) -> CardType | None:
    """The card type the turn is locked to by its first card, if a card was played."""
    for step in steps:
        if step.move.card is not None:
            return card_type(step.move.card)
    return None


def harlequin_target(steps: Sequence[Step]) -> Token | None:
    """The token the turn's first Harlequin card moved, which fixes the turn's target (T23)."""
    for step in steps:
        if step.move.card is not None and card_type(step.move.card) is CardType.HARLEQUIN:
            return step.move.token
    return None


_GUARDS: Final = frozenset((Token.GUARD_W, Token.GUARD_E))


def same_target(token: Token | None, target: Token) -> bool:
    """Whether a Harlequin card moving ``token`` keeps the turn's target ``target`` (§8.2, T6).

    The target is a kind of token: for the Guards it is both of them, and each Masquerade
    card chooses which Guard it moves («для Стражников – обе фишки»), so a later card may
    move the other Guard than the first one did.
    """
    return token is target or (token in _GUARDS and target in _GUARDS)


def is_masquerade_available(board: Board, seat: Seat) -> bool:
    """Masquerade test (§8.2, T3): the Harlequin strictly nearer ``seat``'s end than the Doge."""
    return rel(seat, board.harlequin) > rel(seat, board.doge)


# --- Turn order and result -----------------------------------------------------------------


def to_move(state: TwilightState) -> frozenset[Seat]:
    """The seat whose turn it is; nobody once the match is over."""
    return frozenset() if state.to_play is None else frozenset({state.to_play})


def check_turn(state: TwilightState, seat: Seat, move: Move | str) -> None:
    """Raise :class:`NotYourTurn` unless ``seat`` is to play."""
    if seat == state.to_play:
        return
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


def outcome(state: TwilightState) -> Outcome | None:
    """The match's result once it is over: who won more rounds (§12), or a draw."""
    if state.to_play is not None:
        return None
    wins = round_wins(state.results)
    if wins[0] == wins[1]:
        reason = msg("twilight.outcome.draw", east=wins[0], west=wins[1])
        return Outcome(frozenset({0, 1}), (1, 1), reason, scores=wins)
    winner = 0 if wins[0] > wins[1] else 1
    reason = msg("twilight.outcome.won", seat=seat_label(winner), east=wins[0], west=wins[1])
    ranks = (1, 2) if winner == 0 else (2, 1)
    return Outcome(frozenset({winner}), ranks, reason, scores=wins)


# --- Legality --------------------------------------------------------------------------------


_REASONS: Final[dict[str, str]] = {
    "nothing_to_undo": "there is nothing to take back this turn.",
    "nothing_played": "play a card, use the Guild's Word or discard your hand before ending the turn.",
    "start_only": "the Guild's Word and discarding the hand are only allowed at the start of a turn, before any card.",
    "summon_target": "the Guild's Word can summon only the Doge or a Guard.",
    "turn_done": "you used the Guild's Word this turn; end the turn or undo.",
    "doge_home": "the Doge is in a mansion; end the turn to finish the round, or undo.",
    "no_card": "you have no such card in your hand.",
    "cortege_needs_two": "a Cortège needs two Doge cards.",
    "second_type": "only one type of card may be played in a turn.",
    "target_locked": "this turn's Harlequin cards all move the same kind of token.",
    "diamond_off": "in this match the ◊ card only moves the Harlequin.",
    "masquerade_over": "the Doge has reached or passed the Harlequin, so Masquerade is over for this turn.",
    "masquerade_unavailable": "Masquerade needs the Harlequin strictly between you and the Doge.",
    "off_track": "that would move a token off the track.",
    "nobility": "the Doge must stay strictly between the two Guards (Nobility and Valour).",
    "no_effect": "that would not move anything.",
}
"""English reasons by error code suffix (``twilight.error.<suffix>``); the catalog has the translations."""


@dataclass(frozen=True, slots=True)
class _Turn:
    """What the legality checks read from the turn being built, computed once per query."""

    seat: Seat
    board: Board
    counts: dict[CardKind, int]
    has_steps: bool
    summoned: bool
    locked: CardType | None
    target: Token | None
    diamond_masquerade: bool

    @classmethod
    def of(cls, state: TwilightState, seat: Seat) -> _Turn:
        counts: dict[CardKind, int] = {}
        for card in state.hands[seat]:
            kind = CARD_KINDS[card]
            counts[kind] = counts.get(kind, 0) + 1
        steps = state.steps
        return cls(
            seat=seat,
            board=state.board,
            counts=counts,
            has_steps=bool(steps),
            summoned=bool(steps) and steps[0].move.action is Action.SUMMON,
            locked=locked_type(steps) if steps else None,
            target=harlequin_target(steps) if steps else None,
            diamond_masquerade=state.options.diamond_masquerade,
        )


def violation(turn: _Turn, move: Move) -> str | None:
    """The code suffix of the first rule ``move`` breaks (checked in the order of §6-§8), or None."""
    action = move.action
    if action is Action.UNDO:
        return None if turn.has_steps else "nothing_to_undo"
    if action is Action.END:
        return None if turn.has_steps else "nothing_played"
    if action is Action.DISCARD:
        return "start_only" if turn.has_steps else None
    if action is Action.SUMMON:
        if turn.has_steps:
            return "start_only"
        if move.token not in SUMMON_TARGETS:
            return "summon_target"
        return _result_violation(turn.board, effect_cells(turn.board, move))
    return _play_violation(turn, move)


def _play_violation(turn: _Turn, move: Move) -> str | None:
    card = move.card
    assert card is not None
    if turn.summoned:
        return "turn_done"
    if is_doge_home(turn.board):
        return "doge_home"
    held = turn.counts.get(card, 0)
    if held == 0:
        return "no_card"
    if held < move.cards_needed:
        return "cortege_needs_two"
    kind = card_type(card)
    if turn.locked is not None and kind is not turn.locked:
        return "second_type"
    if kind is CardType.HARLEQUIN:
        if turn.target is not None and not same_target(move.token, turn.target):
            return "target_locked"
        if move.token is not Token.HARLEQUIN:
            if card is CardKind.HARLEQUIN_ZERO and not turn.diamond_masquerade:
                return "diamond_off"
            if not is_masquerade_available(turn.board, turn.seat):
                return "masquerade_over" if turn.target is not None else "masquerade_unavailable"
    return _result_violation(turn.board, effect_cells(turn.board, move))


def _result_violation(before: Board, after: Cells) -> str | None:
    """Whether the main-track cells ``after`` a step are on the track, noble and not ``before``'s."""
    doge, guard_w, guard_e, merchant, harlequin = after
    if not (
        -TRACK_END <= guard_w <= TRACK_END
        and -TRACK_END <= guard_e <= TRACK_END
        and -TRACK_END <= doge <= TRACK_END
        and -TRACK_END <= merchant <= TRACK_END
        and -TRACK_END <= harlequin <= TRACK_END
    ):
        return "off_track"
    if not -TRACK_END <= guard_w < doge < guard_e <= TRACK_END:
        return "nobility"
    if after == (before.doge, before.guard_w, before.guard_e, before.merchant, before.harlequin):
        return "no_effect"
    return None


def _error(turn: _Turn, move: Move, reason: str) -> IllegalMove:
    """The IllegalMove for a violation, with the parameters its sentence needs."""
    text = format_move(move)
    params: dict[str, object] = {"code_text": text}
    if reason in ("no_card", "second_type"):
        assert move.card is not None
        params["card"] = card_name(move.card)
    if reason == "second_type":
        assert turn.locked is not None
        params["type"] = type_name(turn.locked)
    token: Token | None = None
    if reason == "target_locked":
        token = turn.target
        if token in _GUARDS:
            params["token_of"] = msg("twilight.token_of.guards")
            token = None
    elif reason == "summon_target":
        token = move.token
    elif reason == "off_track":
        after = effect(turn.board, move)
        token = next(token for token in Token if abs(after.cell(token)) > TRACK_END)
    if token is not None:
        params["token_of"] = token_genitive(token)
    return IllegalMove(f"twilight.error.{reason}", f"{text!r}: {_REASONS[reason]}", **params)


def cards_for(state: TwilightState, seat: Seat, move: Move) -> tuple[int, ...]:
    """The physical cards ``move`` spends: the lowest ids of its kind in hand."""
    if move.card is None:
        return ()
    return tuple(card for card in state.hands[seat] if kind_of(card) is move.card)[: move.cards_needed]


def check_move(state: TwilightState, seat: Seat, move: Move) -> tuple[int, ...]:
    """The cards ``move`` spends if it is legal for ``seat`` (who is to play); raises IllegalMove."""
    turn = _Turn.of(state, seat)
    reason = violation(turn, move)
    if reason is not None:
        raise _error(turn, move, reason)
    return cards_for(state, seat, move)


def legal_moves(state: TwilightState, seat: Seat) -> list[Move]:
    """Card plays (card-kind order, then each card's parameters), summons, discard, end, undo."""
    if state.to_play != seat:
        return []
    turn = _Turn.of(state, seat)
    legal: list[Move] = []
    # Card plays: the turn-wide refusals of _play_violation (Guild's Word used, Doge home,
    # another type locked) are checked once here instead of once per candidate.
    if not turn.summoned and not is_doge_home(turn.board):
        for kind in CardKind:
            count = turn.counts.get(kind, 0)
            if count and (turn.locked is None or card_type(kind) is turn.locked):
                legal.extend(_legal_plays(turn, kind, count))
    if not state.steps:
        legal.extend(move for move in _SUMMONS if violation(turn, move) is None)
        legal.append(DISCARD)
    else:
        legal.extend((END, UNDO))
    return legal


_SUMMONS: Final = tuple(Move(Action.SUMMON, token=token) for token in SUMMON_TARGETS)

_PLAYS: dict[tuple[object, ...], tuple[Move, ...]] = {}
"""Memo of :func:`_legal_plays`: the legal plays of a card kind by what decides them."""
_PLAYS_LIMIT: Final = 1 << 15
"""The memo is emptied when it holds this many entries (a few megabytes)."""


def _legal_plays(turn: _Turn, kind: CardKind, count: int) -> tuple[Move, ...]:
    """The legal plays of ``kind`` (``count`` in hand) in a turn that may play cards of its type.

    Why a memo: search rollouts ask the same few positions again and again, and checking
    every candidate is most of what ``legal_moves`` costs. Past the turn-wide refusals that
    :func:`legal_moves` checks first, the answer depends only on the five main-track cells,
    whether a Cortège is possible (two Doge cards), and for a Harlequin card on the seat
    (Masquerade), the turn's target and the ◊ option; the key holds exactly those.
    """
    board = turn.board
    cells = (board.doge, board.guard_w, board.guard_e, board.merchant, board.harlequin)
    if card_type(kind) is CardType.HARLEQUIN:
        key: tuple[object, ...] = (cells, kind, turn.seat, turn.target, turn.diamond_masquerade)
    else:
        key = (cells, kind, count >= 2)
    plays = _PLAYS.get(key)
    if plays is None:
        if len(_PLAYS) >= _PLAYS_LIMIT:
            _PLAYS.clear()
        plays = tuple(move for move in play_candidates(kind, count) if _play_violation(turn, move) is None)
        _PLAYS[key] = plays
    return plays


_TURN_REASONS: Final = ("turn_done", "doge_home", "second_type", "masquerade_over")
"""Reasons that hold for the whole turn, so they explain a card better than its geometry."""


def why_unplayable(state: TwilightState, seat: Seat, card: CardKind) -> Message | None:
    """Why ``seat`` cannot play ``card`` now, or None when some play of it is legal.

    A reason that holds for the whole turn (Guild's Word used, Doge home, another type
    locked, Masquerade over) comes first; else, when every way to play the card fails for
    the same reason, that reason; otherwise a general "no legal way" message.
    """
    if state.to_play != seat:
        return msg("twilight.why.not_your_turn")
    count = sum(1 for held in state.hands[seat] if kind_of(held) is card)
    if count == 0:
        return msg("twilight.why.not_in_hand", card=card_name(card))
    turn = _Turn.of(state, seat)
    failures: list[tuple[Move, str]] = []
    for move in play_candidates(card, count):
        reason = violation(turn, move)
        if reason is None:
            return None
        failures.append((move, reason))
    if any(reason != "target_locked" for _, reason in failures):
        # the turn's Harlequin target is fixed: explain why the card cannot move that token
        failures = [(move, reason) for move, reason in failures if reason != "target_locked"]
    reasons = {reason for _, reason in failures}
    turn_reasons = [reason for reason in _TURN_REASONS if reason in reasons]
    if turn_reasons or len(reasons) == 1:
        reason = turn_reasons[0] if turn_reasons else failures[0][1]
        move = next(move for move, failed in failures if failed == reason)
        error = _error(turn, move, reason)
        params = {name: value for name, value in error.params.items() if name != "code_text"}
        return Message(f"twilight.why.{reason}", params)
    return msg("twilight.why.blocked", card=card_name(card))


# --- Applying steps --------------------------------------------------------------------------


@dataclass
class _Work:
    """Mutable scratch for one ``apply``: the round's cards and the events so far."""

    state: TwilightState
    deck: list[int]
    hands: list[list[int]]
    discards: list[list[int]]
    deal: int
    events: list[Event] = field(default_factory=list)
    streams: int = 0

    @classmethod
    def of(cls, state: TwilightState) -> _Work:
        return cls(
            state=state,
            deck=list(state.deck),
            hands=[list(hand) for hand in state.hands],
            discards=[list(pile) for pile in state.discards],
            deal=state.deal,
        )

    def rng(self) -> Rng:
        """A fresh stream for this move's ply (draws during a move use the ply it produces)."""
        self.streams += 1
        return Rng(self.state.seed, self.state.ply + 1, self.streams)

    def public(self, key: str, **params: object) -> None:
        self.events.append(Event(msg(key, **params)))

    def private(self, seat: Seat, key: str, **params: object) -> None:
        self.events.append(Event(msg(key, **params), frozenset({seat})))

    def reshuffle(self) -> None:
        """Both discard piles become the new deck (deals 2 and 3)."""
        pile = self.discards[0] + self.discards[1]
        self.deck = list(self.rng().shuffled(pile))
        self.discards = [[], []]
        self.deal += 1

    def draw_up(self, seat: Seat) -> None:
        """§10.1: draw up to 8; in deal 1 an empty deck is reshuffled at once (T13)."""
        hand = self.hands[seat]
        drawn: list[int] = []
        while len(hand) < HAND_SIZE:
            if not self.deck:
                break
            card = self.deck.pop(0)
            hand.append(card)
            drawn.append(card)
            if not self.deck and self.deal == 1 and (self.discards[0] or self.discards[1]):
                self.reshuffle()
                self.public("twilight.event.second_deal", size=len(self.deck))
        hand.sort()
        if drawn:
            self.public("twilight.event.drew", seat=seat_label(seat), count=len(drawn))
            self.private(seat, "twilight.event.you_drew", cards=card_list(drawn))
        elif len(hand) < HAND_SIZE:
            self.public("twilight.event.no_draw", seat=seat_label(seat))


def apply_step(
    state: TwilightState, seat: Seat, move: Move, cards: tuple[int, ...]
) -> tuple[TwilightState, list[Event]]:
    """Apply a move that :func:`check_move` accepted for ``seat``; ``cards`` is what it returned."""
    if move.action is Action.UNDO:
        return _undo(state, seat)
    if move.action is Action.END:
        return _end_turn(state, seat)
    if move.action is Action.DISCARD:
        return _discard(state, seat)
    after = effect(state.board, move)
    hand = tuple(card for card in state.hands[seat] if card not in cards)
    step = Step(move, cards, state.board)
    new = _within_turn(state, after, _with(state.hands, seat, hand), (*state.steps, step))
    events = [Event(msg("twilight.event.step", step=step_line(step, after)), frozenset({seat}))]
    if is_doge_home(after):
        events.append(
            Event(
                msg("twilight.event.doge_home_preview", seat_of=seat_possessive(_mansion_owner(after.doge))),
                frozenset({seat}),
            )
        )
    return new, events


def _within_turn(
    state: TwilightState, board: Board, hands: tuple[tuple[int, ...], tuple[int, ...]], steps: tuple[Step, ...]
) -> TwilightState:
    """The next state within a turn: a step taken or taken back (``dataclasses.replace``, written out for speed)."""
    return TwilightState(
        seed=state.seed,
        ply=state.ply + 1,
        options=state.options,
        round=state.round,
        first=state.first,
        deal=state.deal,
        deck=state.deck,
        hands=hands,
        discards=state.discards,
        board=board,
        to_play=state.to_play,
        steps=steps,
        results=state.results,
        revealed=state.revealed,
        last_turn=state.last_turn,
    )


def _with(
    pair: tuple[tuple[int, ...], tuple[int, ...]], seat: Seat, value: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _mansion_owner(cell: int) -> Seat:
    owner = owner_of(cell)
    assert owner is not None
    return owner


def _undo(state: TwilightState, seat: Seat) -> tuple[TwilightState, list[Event]]:
    step = state.steps[-1]
    hand = tuple(sorted(state.hands[seat] + step.cards))
    new = _within_turn(state, step.before, _with(state.hands, seat, hand), state.steps[:-1])
    label = step_line(step, state.board)
    return new, [Event(msg("twilight.event.undone", step=label), frozenset({seat}))]


def _end_turn(state: TwilightState, seat: Seat) -> tuple[TwilightState, list[Event]]:
    work = _Work.of(state)
    board = state.board
    for step in state.steps:
        work.discards[seat].extend(step.cards)
    for line in step_lines(state.steps, board):
        work.public("twilight.event.played", seat=seat_label(seat), step=line)
    if is_doge_home(board):
        owner = _mansion_owner(board.doge)
        work.public("twilight.event.doge_home", seat_of=seat_possessive(owner))
        last = LastTurn(seat, state.steps, (), board, board.favourite, board.favourite, 0)
        return _end_round(work, board, last, RoundResult(owner, RoundEnd.DOGE))
    shift = favourite_shift(board)
    favourite = max(-FAVOURITE_END, min(FAVOURITE_END, board.favourite + shift))
    if shift:
        work.public(
            "twilight.event.favourite",
            seat_of=seat_possessive(0 if shift > 0 else 1),
            cells=abs(shift),
            cell=cell_name(favourite),
        )
    board = Board(board.doge, board.guard_w, board.guard_e, board.merchant, board.harlequin, favourite)
    if abs(favourite) >= FAVOURITE_MANSION_START:
        owner = _mansion_owner(favourite)
        work.public("twilight.event.favourite_home", seat_of=seat_possessive(owner))
        last = LastTurn(seat, state.steps, (), state.board, state.board.favourite, favourite, 0)
        return _end_round(work, board, last, RoundResult(owner, RoundEnd.FAVOURITE))
    before = len(work.hands[seat])
    work.draw_up(seat)
    last = LastTurn(
        seat, state.steps, (), state.board, state.board.favourite, favourite, len(work.hands[seat]) - before
    )
    return _after_turn(work, seat, board, last)


def _discard(state: TwilightState, seat: Seat) -> tuple[TwilightState, list[Event]]:
    work = _Work.of(state)
    hand = tuple(work.hands[seat])
    work.discards[seat].extend(hand)
    work.hands[seat] = []
    work.public("twilight.event.discarded", seat=seat_label(seat), count=len(hand), cards=card_list(hand))
    work.draw_up(seat)
    board = state.board
    last = LastTurn(seat, (), hand, board, board.favourite, board.favourite, len(work.hands[seat]))
    return _after_turn(work, seat, board, last)


def _after_turn(work: _Work, seat: Seat, board: Board, last: LastTurn) -> tuple[TwilightState, list[Event]]:
    """§10.3: the exhaustion check, then the round-end check or the opponent's turn."""
    state = work.state
    if work.deal >= 2 and not work.deck:
        if seat != state.first:
            return _round_end_check(work, board, last)
        work.public("twilight.event.last_turn", seat=seat_label(1 - seat))
    next_seat = 1 - seat
    return _freeze(work, board, next_seat, last), work.events


def _round_end_check(work: _Work, board: Board, last: LastTurn) -> tuple[TwilightState, list[Event]]:
    """§11.2: the Doge's side, else the Favourite's side, else a third deal or a drawn round."""
    state = work.state
    work.public("twilight.event.check", deal=work.deal)
    if board.doge != 0:
        return _end_round(work, board, last, RoundResult(_mansion_owner(board.doge), RoundEnd.CHECK_DOGE))
    if board.favourite != 0:
        return _end_round(work, board, last, RoundResult(_mansion_owner(board.favourite), RoundEnd.CHECK_FAVOURITE))
    if work.deal >= MAX_DEAL:
        return _end_round(work, board, last, RoundResult(None, RoundEnd.DRAW))
    work.reshuffle()
    work.public("twilight.event.third_deal", size=len(work.deck))
    for seat in (state.first, 1 - state.first):
        work.draw_up(seat)
    return _freeze(work, board, state.first, last), work.events


def _freeze(
    work: _Work, board: Board, to_play: Seat | None, last: LastTurn, results: tuple[RoundResult, ...] | None = None
) -> TwilightState:
    """The state after a finished turn (``results``: when a round was added to them)."""
    state = work.state
    hands, discards = work.hands, work.discards
    return TwilightState(
        seed=state.seed,
        ply=state.ply + 1,
        options=state.options,
        round=state.round,
        first=state.first,
        deal=work.deal,
        deck=tuple(work.deck),
        hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
        discards=(tuple(discards[0]), tuple(discards[1])),
        board=board,
        to_play=to_play,
        steps=(),
        results=state.results if results is None else results,
        revealed=state.revealed,
        last_turn=last,
    )


def round_wins(results: Sequence[RoundResult]) -> tuple[int, int]:
    """Rounds won by each seat."""
    return (
        sum(1 for result in results if result.winner == 0),
        sum(1 for result in results if result.winner == 1),
    )


def is_match_over(results: Sequence[RoundResult]) -> bool:
    """§12: after two rounds unless the wins are equal; always after three."""
    if len(results) >= MAX_ROUNDS:
        return True
    if len(results) < ROUNDS_BEFORE_DECIDER:
        return False
    wins = round_wins(results)
    return wins[0] != wins[1]


def _end_round(work: _Work, board: Board, last: LastTurn, result: RoundResult) -> tuple[TwilightState, list[Event]]:
    state = work.state
    results = (*state.results, result)
    reason = msg(f"twilight.reason.{result.reason.value}")
    if result.winner is None:
        work.public("twilight.event.round_drawn", round=state.round, reason=reason)
    else:
        work.public("twilight.event.round_won", round=state.round, seat=seat_label(result.winner), reason=reason)
    if is_match_over(results):
        return _freeze(work, board, None, last, results), work.events
    first = 1 - state.first
    number = state.round + 1
    deck, hands, reveals = deal_round(state.seed, state.ply + 1, first, stream=work.streams + 1)
    wins = round_wins(results)
    work.public(
        "twilight.event.round_starts",
        round=number,
        seat=seat_label(first),
        wins_east=wins[0],
        wins_west=wins[1],
    )
    for reveal in reveals:
        work.public("twilight.event.revealed", seat=seat_label(reveal.seat), cards=card_list(reveal.cards))
    for seat in range(NUM_SEATS):
        work.private(seat, "twilight.event.new_hand", cards=card_list(hands[seat]))
    new = TwilightState(
        seed=state.seed,
        ply=state.ply + 1,
        options=state.options,
        round=number,
        first=first,
        deal=1,
        deck=deck,
        hands=hands,
        discards=((), ()),
        board=Board.for_round(first),
        to_play=first,
        steps=(),
        results=results,
        revealed=reveals,
        last_turn=last,
    )
    return new, work.events


def _is_single_type(hand: Sequence[int]) -> bool:
    return len({card_type(kind_of(card)) for card in hand}) == 1


def deal_round(
    seed: int, ply: int, first: Seat, stream: int = 1
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]], tuple[Reveal, ...]]:
    """§5.2 steps 2-3: shuffle the 54 cards and deal 8 each, redealing single-type hands (T18).

    Returns the deck, both hands (sorted) and every single-type hand that was revealed.
    """
    reveals: list[Reveal] = []
    while True:
        order = Rng(seed, ply, stream).shuffled(range(DECK_SIZE))
        stream += 1
        dealt: list[tuple[int, ...]] = [(), ()]
        dealt[first] = tuple(sorted(order[:HAND_SIZE]))
        dealt[1 - first] = tuple(sorted(order[HAND_SIZE : 2 * HAND_SIZE]))
        single = [Reveal(seat, dealt[seat]) for seat in range(NUM_SEATS) if _is_single_type(dealt[seat])]
        if not single:
            return tuple(order[2 * HAND_SIZE :]), (dealt[0], dealt[1]), tuple(reveals)
        reveals.extend(single)


def initial_state(seed: int, options: TwilightOptions) -> TwilightState:
    """§5: a fair coin gives the Merchant (round 1's first move); then round 1 is set up."""
    first = Rng(seed, 0, 0).below(NUM_SEATS)
    deck, hands, reveals = deal_round(seed, 0, first)
    return TwilightState(
        seed=seed,
        ply=0,
        options=options,
        round=1,
        first=first,
        deal=1,
        deck=deck,
        hands=hands,
        discards=((), ()),
        board=Board.for_round(first),
        to_play=first,
        revealed=reveals,
    )
