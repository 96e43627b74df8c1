"""The Rialto board as data: six districts, the twelve connections and the bridge tiles.

Kept apart from the rules because two parts of it are *not verified* against a physical
board (``shared/rules/rialto.md`` §4.2, §4.3, §13 D1/D2):

- which three district pairs have no connection. The default follows real Venice: the
  three districts on each side of the Grand Canal are all connected, and four real canal
  crossings (CAN–SCR, CAN–SPO, SMA–SPO, SMA–DOR) plus the only completion to a 4-regular
  graph (CAS–SCR, CAS–DOR) cross it;
- the six bridge tiles' values. The default is every pair of distinct values from 3..6,
  which matches the reviewed maximum of 23 and average of 11 per district; the
  alternative ``{3|6 ×3, 4|5 ×3}`` fits those figures too and is an option.

Every rule that uses the topology (district values, gondola districts, the neutral
player's marker) reads it from here, so changing the table changes nothing else.
"""

from __future__ import annotations

from typing import Final

DISTRICTS: Final = ("CAN", "CAS", "SMA", "SCR", "SPO", "DOR")
"""District codes by index: Cannaregio, Castello, San Marco, Santa Croce, San Polo, Dorsoduro."""

NORTH: Final = 0
SOUTH: Final = 1
SIDES: Final = ("north", "south")
SIDE_DISTRICTS: Final[tuple[tuple[int, ...], ...]] = ((0, 1, 2), (3, 4, 5))
"""The three districts on each side of the Grand Canal (each side has a bonus tile)."""

CONNECTIONS: Final[tuple[tuple[int, int], ...]] = (
    (0, 1),  # K01 CAN-CAS (north)
    (0, 2),  # K02 CAN-SMA (north)
    (1, 2),  # K03 CAS-SMA (north)
    (3, 4),  # K04 SCR-SPO (south)
    (3, 5),  # K05 SCR-DOR (south)
    (4, 5),  # K06 SPO-DOR (south)
    (0, 3),  # K07 CAN-SCR (across; real crossing)
    (0, 4),  # K08 CAN-SPO (across; real crossing)
    (2, 4),  # K09 SMA-SPO (across; the Rialto bridge)
    (2, 5),  # K10 SMA-DOR (across; the Accademia)
    (1, 3),  # K11 CAS-SCR (across; completion, not verified)
    (1, 5),  # K12 CAS-DOR (across; completion, not verified)
)
"""Connection ``Kxx`` (index xx-1) joins these two districts (first, second endpoint)."""

BRIDGE_SETS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "pairs": ((3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6)),
    "mirror": ((3, 6), (3, 6), (3, 6), (4, 5), (4, 5), (4, 5)),
}
"""Candidate bridge tile sets, each tile as (low, high); ``pairs`` is the default (§4.3)."""

GONDOLAS: Final = 6
GONDOLA_VALUE: Final = 1


def connection_code(index: int) -> str:
    """``0`` -> ``"K01"``."""
    return f"K{index + 1:02d}"


def connections_of(district: int) -> tuple[int, ...]:
    """The indexes of the connections touching ``district``."""
    return tuple(k for k, ends in enumerate(CONNECTIONS) if district in ends)


def other_end(connection: int, district: int) -> int:
    """The district at the other end of ``connection`` from ``district``."""
    first, second = CONNECTIONS[connection]
    return second if district == first else first


def side_of(district: int) -> int:
    """NORTH or SOUTH."""
    return NORTH if district in SIDE_DISTRICTS[NORTH] else SOUTH


def tile_value_at(tile: str, connection: int, district: int) -> int:
    """What a placed tile adds to ``district`` (0 for a free connection).

    Tiles are stored as text: ``""`` free, ``"G"`` gondola, ``"a|b"`` a bridge showing ``a``
    to the connection's first endpoint and ``b`` to its second.
    """
    if not tile:
        return 0
    if tile == "G":
        return GONDOLA_VALUE
    first_value, second_value = (int(part) for part in tile.split("|"))
    return first_value if CONNECTIONS[connection][0] == district else second_value


def district_value(tiles: tuple[str, ...], district: int) -> int:
    """``V(d)``: the sum of the tile ends facing ``district`` (§4.4)."""
    return sum(tile_value_at(tiles[k], k, district) for k in connections_of(district))


def bridge_tile(connection: int, high_district: int, low: int, high: int) -> str:
    """The stored text of a bridge (low, high) placed with ``high`` facing ``high_district``."""
    first, _ = CONNECTIONS[connection]
    return f"{high}|{low}" if first == high_district else f"{low}|{high}"
