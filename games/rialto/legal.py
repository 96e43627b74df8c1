"""The legal moves of a Rialto position, listed straight from the frozen state.

Why a module of its own: the definition of a legal move is :mod:`games.rialto.rules`'s
``candidates`` filtered by ``check`` (one specific error per illegal code), but checking
every candidate on a thawed copy cost a search's rollout (``games.ai``) about a third of
its time. This module computes the same list, in the same order, with each decision's
conditions worked out once for the whole list; ``tests/games/rialto/test_rialto_legal.py``
holds it equal to the candidates that pass the check over many positions of every phase,
so a rule changed in ``check`` and not here fails that test.
"""

from __future__ import annotations

from typing import Final

from games.rialto import model
from games.rialto.cardplay import fold, problem
from games.rialto.model import (
    BUILDING_KINDS,
    BUILDING_LIMIT,
    CARD_LETTERS,
    JOKER,
    START_BUILDINGS,
    Decision,
    Phase,
)
from games.rialto.state import PlayerState, RialtoState

GREEN_KINDS = ("G1", "G2", "G3", "G4")
CARD_CODES = tuple(enumerate(CARD_LETTERS))
UPGRADE_KINDS = tuple((index, kind) for index, kind in enumerate(BUILDING_KINDS) if int(kind[1]) <= 3)
TAKE_KINDS = tuple((index, kind, int(kind[1])) for index, kind in enumerate(BUILDING_KINDS))
PLACES = tuple(
    (k, d, ends[0], f"{model.connection_code(k)}-{model.DISTRICTS[d]}")
    for k, ends in enumerate(model.CONNECTIONS)
    for d in ends
)
MOVE_CODES = tuple((d, f"m-{code}") for d, code in enumerate(model.DISTRICTS))


class _Latest:
    """The latest list :func:`listed` made, with its state and seat.

    A search lists a state's legal moves and then applies one of them to the same state;
    ``rules.apply`` asks :func:`known_legal` and skips its own check of a code on the list
    (states are immutable, so the identical state has the same legal moves). One entry,
    replaced as a whole tuple, so that a thread reading it never sees half of one.
    """

    __slots__ = ("entry",)

    def __init__(self) -> None:
        self.entry: tuple[RialtoState | None, int, tuple[str, ...]] = (None, -1, ())


LATEST: Final = _Latest()


def listed(state: RialtoState, seat: int) -> list[str]:
    """:func:`legal_codes`, remembered for :func:`known_legal` (the caller may change the list it gets)."""
    codes = tuple(legal_codes(state, seat))
    LATEST.entry = (state, seat, codes)
    return list(codes)


def known_legal(state: RialtoState, seat: int, code: str) -> bool:
    """Whether ``code`` is on the latest list made for this very ``state`` and ``seat`` (False: not known)."""
    known, known_seat, codes = LATEST.entry
    return known is state and known_seat == seat and code in codes


def legal_codes(state: RialtoState, seat: int) -> list[str]:
    """The codes ``seat`` may play now, in the order of ``rules.candidates``."""
    phase = state.phase
    if phase is Phase.DISCARD:
        if seat < 0 or seat >= len(state.players) or state.players[seat].discard_done:
            return []
        return _discard(state.players[seat])
    if phase is Phase.OVER or state.queue[:1] != (seat,):
        return []
    if phase is Phase.PLAY:
        return _play(state, seat)
    if phase is Phase.ACTION:
        return _action(state, seat)
    if phase is Phase.SETUP:
        limit = 2 if state.num_players >= 4 else 1
        return [
            f"t{kind}"
            for kind in START_BUILDINGS
            if sum(1 for player in state.players for text in player.buildings if text == kind) < limit
        ]
    if phase is Phase.ROWS:
        return [f"row{index + 1}" for index in range(len(state.rows)) if state.row_owner[index] < 0]
    if phase is Phase.GREEN:
        return _green(state, seat)
    if phase is Phase.BLUE:
        return _blue(state, seat)
    return []


def _discard(player: PlayerState) -> list[str]:
    pick, need = player.discard_pick, player.discard_need
    codes = []
    if len(pick) < need:
        codes = [f"d-{letter}" for card, letter in CARD_CODES if player.hand[card] - pick.count(card) >= 1]
    if pick:
        codes.append("undo")
    if len(pick) == need:
        codes.append("ok")
    return codes


def _green(state: RialtoState, seat: int) -> list[str]:
    player = state.players[seat]
    codes: list[str] = []
    for kind in GREEN_KINDS:
        if not any(text[:2] == kind for text in player.buildings):
            continue
        if kind not in player.buildings or player.coins < 1:
            continue
        if kind == "G2":
            codes.append(kind)
            continue
        codes.append(f"{kind}-deck")
        row = state.rows[state.row_owner.index(-1)]
        codes += [f"{kind}-{letter}" for card, letter in CARD_CODES if row.count(card)]
    codes.append("pass")
    return codes


def _play(state: RialtoState, seat: int) -> list[str]:
    player = state.players[seat]
    hand, buildings, coins = player.hand, player.buildings, player.coins
    step = state.step
    draft = fold(step, state.draft)
    used = draft.cards_used()
    letter = CARD_LETTERS[step]
    codes = [
        f"{letter}{k}"
        for k in range(hand[step] + 1)
        if k != draft.naturals and k + used[step] - draft.naturals <= hand[step]
    ]
    codes += [
        f"J{k}" for k in range(hand[JOKER] + 1) if k != draft.jokers and k + used[JOKER] - draft.jokers <= hand[JOKER]
    ]
    any_source = state.options.y4_any_source
    for kind in ("Y2", "Y3", "Y4"):
        if not any(text[:2] == kind for text in buildings):
            continue
        free = buildings.count(kind)
        if kind == "Y3":
            if free - draft.y3 >= 1 and coins >= 1 and coins - draft.buildings >= 1:
                codes.append("Y3")
            continue
        uses = len(draft.y2) if kind == "Y2" else len(draft.y4)
        if free - uses < 1 or coins < 1 or coins - draft.buildings < 1:
            continue
        codes += [
            f"{kind}-{letter}"
            for card, letter in CARD_CODES
            if card != JOKER and (card != step or (kind == "Y4" and any_source)) and hand[card] - used[card] >= 1
        ]
    if not state.draft and seat not in state.postponed and "Y1" in buildings and coins >= 1:
        codes.append("Y1")  # an unactivated Y1 (a barred or used one is owned, not usable)
    if state.draft:
        codes.append("undo")
    if problem(draft, hand[step] > 0) is None:
        codes.append("ok")
    codes.append("pass")
    return codes


def _blue(state: RialtoState, seat: int) -> list[str]:
    player = state.players[seat]
    buildings = player.buildings
    if player.coins < 1:
        return ["pass"]
    codes: list[str] = []
    if "U1" in buildings:
        owned = {text[:2] for text in buildings}
        codes += [f"U1-{kind}" for index, kind in UPGRADE_KINDS if kind in owned and state.supply[index + 1] > 0]
    if "U2" in buildings:
        codes.append("U2")
        if player.pool:
            codes.append("U2-no")
    codes += [kind for kind in ("U3", "U4") if kind in buildings]
    codes.append("pass")
    return codes


def _action(state: RialtoState, seat: int) -> list[str]:
    decision = state.decision
    player = state.players[seat]
    if decision is Decision.TAKE:
        budget = min(state.left, 4)
        pending = state.pending
        returned = {pending[i : i + 2] for i in range(0, len(pending), 2)}
        full = len(player.buildings) >= BUILDING_LIMIT
        codes = [
            f"t{kind}"
            for index, kind, value in TAKE_KINDS
            if value <= budget
            and state.supply[index]
            and kind not in returned
            and not (full and all(text[:2] == kind for text in player.buildings))
        ]
        codes.append("pass")
        return codes
    if decision is Decision.RETURN:
        owned = {text[:2] for text in player.buildings}
        taking = state.pending[:2]
        codes = [f"r{kind}" for kind in BUILDING_KINDS if kind in owned and kind != taking]
        codes.append("undo")
        return codes
    if decision is Decision.BRIDGE or decision is Decision.GONDOLA:
        bridge = decision is Decision.BRIDGE
        codes = []
        for k, d, first, code in PLACES:
            if state.tiles[k]:
                continue
            if bridge:
                low, high = state.bridges[0]
                if low == high and d != first:
                    continue
            codes.append(code)
        return codes
    if decision is Decision.FALLBACK or decision is Decision.MOVE:
        if decision is Decision.FALLBACK:
            target = int(state.pending)
            codes = ["m-sup"] if player.personal else []
        else:
            target = state.round_of.index(state.round)
            codes = []
        codes += [code for d, code in MOVE_CODES if d != target and player.districts[d]]
        codes.append("pass")
        return codes
    return []
