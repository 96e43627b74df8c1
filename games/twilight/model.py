"""The fixed material of Twilight of Venice: tracks, tokens, the 54 cards and the board value.

Kept apart from the rules so that the view types (and the renderer, which imports them)
need nothing of the move logic. Coordinates follow ``shared/rules/twilight.md`` §3: the
main track runs from -8 (West's mansion end) to +8 (East's); seat 0 (East, the spec's
player A) owns the positive end, seat 1 (West, player B) the negative end.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.core import Seat

EAST: Final[Seat] = 0
WEST: Final[Seat] = 1
NUM_SEATS: Final = 2

TRACK_END: Final = 8
"""The main track's cells run from -TRACK_END to +TRACK_END (17 cells, rules T1)."""
MANSION_START: Final = 7
"""Cells with |x| >= MANSION_START are a mansion (cells 7 and 8 on each side)."""
FAVOURITE_END: Final = 8
"""The Favourite's own track runs from -FAVOURITE_END to +FAVOURITE_END (rules T2)."""
FAVOURITE_MANSION_START: Final = 7
"""The Favourite wins the round for a side when |F| reaches this cell."""
GUARD_START: Final = 2
HOLDER_START: Final = 1
"""The Merchant and the Harlequin start on their holder's cell 1."""
HAND_SIZE: Final = 8
MAX_DEAL: Final = 3
ROUNDS_BEFORE_DECIDER: Final = 2
MAX_ROUNDS: Final = 3


def side_sign(seat: Seat) -> int:
    """+1 for East (toward +8), -1 for West."""
    return 1 if seat == EAST else -1


def rel(seat: Seat, cell: int) -> int:
    """``cell`` as seen from ``seat``: positive cells are on that seat's half."""
    return cell * side_sign(seat)


def owner_of(cell: int) -> Seat | None:
    """The seat whose half ``cell`` is on; None for the centre."""
    if cell > 0:
        return EAST
    if cell < 0:
        return WEST
    return None


class Token(StrEnum):
    """The five tokens of the main track; the value is the notation."""

    DOGE = "d"
    GUARD_W = "gw"
    GUARD_E = "ge"
    MERCHANT = "m"
    HARLEQUIN = "h"


class CardType(StrEnum):
    """The four card types (one type per turn; Masquerade targets; the redeal check)."""

    DOGE = "doge"
    GUARDS = "guards"
    MERCHANT = "merchant"
    HARLEQUIN = "harlequin"


class CardKind(StrEnum):
    """The 14 kinds of card; the value is the notation used in move codes."""

    DOGE = "d"
    GUARDS_1 = "g1"
    GUARDS_11 = "g11"
    GUARDS_CLOSE = "gx"
    MERCHANT_1 = "m1"
    MERCHANT_2 = "m2"
    MERCHANT_3 = "m3"
    HARLEQUIN_1 = "h1"
    HARLEQUIN_2 = "h2"
    HARLEQUIN_3 = "h3"
    HARLEQUIN_4 = "h4"
    HARLEQUIN_5 = "h5"
    HARLEQUIN_ZERO = "hd"


CARD_COUNTS: Final[dict[CardKind, int]] = {
    CardKind.DOGE: 12,
    CardKind.GUARDS_1: 4,
    CardKind.GUARDS_11: 10,
    CardKind.GUARDS_CLOSE: 2,
    CardKind.MERCHANT_1: 2,
    CardKind.MERCHANT_2: 8,
    CardKind.MERCHANT_3: 2,
    CardKind.HARLEQUIN_1: 1,
    CardKind.HARLEQUIN_2: 3,
    CardKind.HARLEQUIN_3: 4,
    CardKind.HARLEQUIN_4: 3,
    CardKind.HARLEQUIN_5: 1,
    CardKind.HARLEQUIN_ZERO: 2,
}

CARD_KINDS: Final[tuple[CardKind, ...]] = tuple(kind for kind in CardKind for _ in range(CARD_COUNTS[kind]))
"""Card id -> kind: ids 0..53 are the physical cards, in :class:`CardKind` order."""
DECK_SIZE: Final = len(CARD_KINDS)

_TYPES: Final[dict[CardKind, CardType]] = {
    CardKind.DOGE: CardType.DOGE,
    CardKind.GUARDS_1: CardType.GUARDS,
    CardKind.GUARDS_11: CardType.GUARDS,
    CardKind.GUARDS_CLOSE: CardType.GUARDS,
    CardKind.MERCHANT_1: CardType.MERCHANT,
    CardKind.MERCHANT_2: CardType.MERCHANT,
    CardKind.MERCHANT_3: CardType.MERCHANT,
    CardKind.HARLEQUIN_1: CardType.HARLEQUIN,
    CardKind.HARLEQUIN_2: CardType.HARLEQUIN,
    CardKind.HARLEQUIN_3: CardType.HARLEQUIN,
    CardKind.HARLEQUIN_4: CardType.HARLEQUIN,
    CardKind.HARLEQUIN_5: CardType.HARLEQUIN,
    CardKind.HARLEQUIN_ZERO: CardType.HARLEQUIN,
}

_VALUES: Final[dict[CardKind, int]] = {
    CardKind.DOGE: 1,
    CardKind.GUARDS_1: 1,
    CardKind.MERCHANT_1: 1,
    CardKind.MERCHANT_2: 2,
    CardKind.MERCHANT_3: 3,
    CardKind.HARLEQUIN_1: 1,
    CardKind.HARLEQUIN_2: 2,
    CardKind.HARLEQUIN_3: 3,
    CardKind.HARLEQUIN_4: 4,
    CardKind.HARLEQUIN_5: 5,
}


def card_type(kind: CardKind) -> CardType:
    """The type a card kind belongs to."""
    return _TYPES[kind]


def card_value(kind: CardKind) -> int | None:
    """How many cells a numbered card moves its token; None for 1+1, ►◄ and ◊."""
    return _VALUES.get(kind)


def kind_of(card: int) -> CardKind:
    """The kind of the physical card ``card`` (an id 0..53)."""
    return CARD_KINDS[card]


@dataclass(frozen=True, slots=True)
class Board:
    """Where the six tokens stand: five on the main track, the Favourite on her own track."""

    doge: int = 0
    guard_w: int = -GUARD_START
    guard_e: int = GUARD_START
    merchant: int = HOLDER_START
    harlequin: int = -HOLDER_START
    favourite: int = 0

    def cell(self, token: Token) -> int:
        """The cell of a main-track token."""
        return int(getattr(self, _FIELDS[token]))

    def moved(self, token: Token, cell: int) -> Board:
        """A copy with ``token`` on ``cell`` (no legality check)."""
        doge, guard_w, guard_e, merchant, harlequin = (
            self.doge,
            self.guard_w,
            self.guard_e,
            self.merchant,
            self.harlequin,
        )
        if token is Token.DOGE:
            doge = cell
        elif token is Token.GUARD_W:
            guard_w = cell
        elif token is Token.GUARD_E:
            guard_e = cell
        elif token is Token.MERCHANT:
            merchant = cell
        else:
            harlequin = cell
        return Board(doge, guard_w, guard_e, merchant, harlequin, self.favourite)

    def is_noble(self) -> bool:
        """Nobility and Valour: the Doge strictly between the Guards, everyone on the track."""
        return -TRACK_END <= self.guard_w < self.doge < self.guard_e <= TRACK_END

    def is_on_track(self) -> bool:
        """Every main-track token within -TRACK_END..TRACK_END."""
        return (
            -TRACK_END <= self.guard_w <= TRACK_END
            and -TRACK_END <= self.guard_e <= TRACK_END
            and -TRACK_END <= self.doge <= TRACK_END
            and -TRACK_END <= self.merchant <= TRACK_END
            and -TRACK_END <= self.harlequin <= TRACK_END
        )

    @classmethod
    def for_round(cls, first: Seat) -> Board:
        """The setup position: the Merchant on the first player's cell 1, the Harlequin opposite."""
        merchant = HOLDER_START * side_sign(first)
        return cls(merchant=merchant, harlequin=-merchant)


_FIELDS: Final[dict[Token, str]] = {
    Token.DOGE: "doge",
    Token.GUARD_W: "guard_w",
    Token.GUARD_E: "guard_e",
    Token.MERCHANT: "merchant",
    Token.HARLEQUIN: "harlequin",
}
