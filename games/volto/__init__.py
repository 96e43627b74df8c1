"""Volto (Emi Yusuke; Blue Orange; on Board Game Arena as *Volto*): masks with hidden faces.

Rules in brief (``shared/rules/volto.md``; decisions M1-M14 are the defaults):

* 5 x 7 board; each seat has 10 masks: 3 Nobles (1 step orthogonally), 3 Advisors (1 step
  diagonally), 1 Candidate and 2 Ladies (1 step any way; a Lady only onto an empty cell),
  1 Soldier (straight forward any distance through empty cells, capturing only at the
  end; frozen on the opponent's palace row). Variant: the Soldier may go any of 4 ways.
* Secret simultaneous setup on one's own two back rows; then White moves first and each
  turn moves one mask to an empty cell or onto an opponent mask, capturing it.
* Capturing a Lady removes the capturer too. You win by capturing the Candidate, by
  walking your Candidate onto the opponent's palace row (rank 7 for White, 1 for Black),
  or when the opponent captures both of your Ladies or takes a Lady with their Candidate;
  a seat with no legal move loses (M6). Repetition, 50 quiet plies and 300 plies draw (M7).

Move codes: ``c2-c4`` (a step or a capture), and during setup ``a1=N`` (put a Noble on
a1), ``undo``, ``auto`` (fill the rest at random) and ``ready``.

Decision (issue #15, the rules file is silent on the order of a secret setup): a player
places any remaining mask on ANY free cell of their own two back rows, in any order (until
then the cells were filled in a fixed order, a1..e1 then a2..e2, Black a7..e7 then
a6..e6). ``undo`` takes the latest placement back, wherever it was; ``auto`` fills the
free cells that remain at random. The picker offers a placement as two choices, the mask
type then the cell. The opponent still learns nothing but that a seat has confirmed.

Hidden: the type of every opponent mask, except captured ones (and, with the option
``reveal_removed_capturer``, capturers removed with a Lady); all is revealed at the end.

>>> from games.volto import GAME
>>> state = GAME.initial_state(seed=7, num_players=2)
>>> for seat in (0, 1):
...     for letter in "NNNAAACLLS":
...         step = next(m for m in GAME.legal_moves(state, seat) if GAME.move_code(m).endswith(letter))
...         state, _ = GAME.apply(state, seat, step)
...     state, _ = GAME.apply(state, seat, GAME.parse_move(state, seat, "ready"))
>>> state, events = GAME.apply(state, 0, GAME.parse_move(state, 0, "b2-b3"))
>>> str(state)
'nnnaa/aclls/5/5/1C3/A1LLS/NNNAA b 0,0 1 1 *'
>>> [event.message.key for event in events]
['volto.event.moved']
"""

from __future__ import annotations

from games.volto.game import GAME, Volto
from games.volto.model import BLACK, WHITE, LastMove, MaskType, Phase, RemovedMask, cell_index, cell_name
from games.volto.moves import Place, SetupCommand, Step, VoltoMove
from games.volto.state import VoltoOptions, VoltoState, position_from_text
from games.volto.view import SeenMask, VoltoView

__all__ = [
    "BLACK",
    "GAME",
    "WHITE",
    "LastMove",
    "MaskType",
    "Phase",
    "Place",
    "RemovedMask",
    "SeenMask",
    "SetupCommand",
    "Step",
    "Volto",
    "VoltoMove",
    "VoltoOptions",
    "VoltoState",
    "VoltoView",
    "cell_index",
    "cell_name",
    "position_from_text",
]
