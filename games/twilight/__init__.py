"""Twilight of Venice (Сумерки Венеции, Reiner Knizia; also *Times Square*, *Royal Visit*).

Rules (``shared/rules/twilight.md``, restating the Zvezda rulebook in ``shared/seeds/``):
two houses, East (seat 0, mansion at cells E7-E8) and West (seat 1, W7-W8), pull the Doge
along a 17-cell track (W8..0..E8). The Doge always stands strictly between two Guards
(Nobility and Valour); the Merchant and the Harlequin go anywhere. A turn is one of: play
1-8 cards of ONE type one at a time (Doge 1, or two as a Cortège moving Doge and Guards
together; Guards 1 / 1+1 / ►◄; Merchant 1-3; Harlequin 1-5 / ◊, which may move another
token by Masquerade while the Harlequin is between you and the Doge; the turn's first
Harlequin card fixes the target kind, and with the Guards each card moves either Guard),
the Guild's Word (summon the Doge or a Guard to the Merchant's cell), or discarding the
whole hand. Then the Favourite moves on her own track by the difference of the houses'
scores (tokens in each mansion, +1 for the whole court on one half), and the mover draws
back to 8. The Doge or the Favourite entering a mansion wins the round for its house; when
the deck runs out the second time, the Doge's side wins, else the Favourite's, else a
third deal. A match is two rounds, three if the wins are level; the Merchant and
Harlequin swap sides.

Move notation: the components of a move joined by dots; ``+`` is toward East, ``-`` toward
West. ``d.+`` Doge 1 east, ``dd.-`` Cortège west, ``g1.gw.+`` Guards 1 on the west Guard,
``g11.+-`` Guards 1+1 split (west Guard east, east Guard west), ``g11.ge.+`` east Guard two
cells, ``gx`` Guards ►◄, ``m2.-`` Merchant 2, ``h3.h.+`` Harlequin 3 on the Harlequin,
``h3.d.+`` / ``h3.m.-`` / ``h3.gw.+`` Masquerade, ``hd.h`` / ``hd.d`` Harlequin ◊, ``s.d`` /
``s.gw`` / ``s.ge`` Guild's Word, ``discard``, ``end`` (finish the turn), ``undo`` (take back
the last step). Text position: see :meth:`state.TwilightState.__str__`.

Hidden: each hand from the opponent, the deck order from everyone, and the steps of the
turn being built from everyone but the mover until ``end`` (they see the start-of-turn
board). The seed never appears in views or events.

Decisions where the rules file is silent (each also noted where it is implemented):

- Seat 0 is the spec's player A (East, positive cells), seat 1 is B (West). Cells are named
  as on the printed board: 0, E1..E8, W1..W8 (Russian "вост. 1", "зап. 1", since a
  capital З reads like the digit 3).
- A turn is built from steps; ``end`` is always an explicit step, also when no card can
  follow (the rules' "phase 1 ends automatically" means only ``end`` and ``undo`` remain).
- The Guild's Word is a step of its own followed by ``end``, so it can be taken back too.
- A step that brings the Doge into a mansion ends phase 1: only ``end`` (which ends the
  round, without Favourite or draw) and ``undo`` remain, so a slip can be taken back.
- ``undo`` takes back the last card, Cortège or summon of the turn being built; discarding
  the hand ends the turn at once and cannot be undone (new cards were seen).
- Identical cards are interchangeable: a move names a card kind and spends the copy with
  the lowest id. Ids 0..53 follow :class:`model.CardKind` order.
- Dealing is in blocks: the first player takes the top 8 cards, the other the next 8.
- Randomness: setup uses ``Rng(seed, 0, stream)`` (stream 0 is the Merchant coin); the
  shuffles of a move use ``Rng(seed, ply + 1, stream)``.
- Single-type hands revealed at round 1's deal are kept in the state (``revealed``) and
  shown in every view, since ``initial_state`` emits no events; later rounds also emit them.
- When the match ends, the final position stays on the board and no seat is to move.
- :func:`rules.why_unplayable`: if every way to play a card fails for one reason, that
  reason; otherwise a general "no legal way" message.

>>> from games.twilight import GAME
>>> state = GAME.initial_state(seed=7, num_players=2)
>>> str(state).split(" | ")[1]
'D0 W-2 E2 M1 H-1 F0'
>>> [GAME.move_code(move) for move in GAME.legal_moves(state, 0)][:4]
['d.+', 'd.-', 'dd.+', 'dd.-']
>>> state, events = GAME.apply(state, 0, GAME.parse_move(state, 0, "D.+"))
>>> str(state).split(" | ")[1], GAME.view(state, None).board.doge
('D1 W-2 E2 M1 H-1 F0', 0)
"""

from __future__ import annotations

from games.twilight.game import GAME, TwilightGame
from games.twilight.rules import why_unplayable
from games.twilight.state import TwilightOptions, TwilightState
from games.twilight.view import TwilightView

__all__ = ["GAME", "TwilightGame", "TwilightOptions", "TwilightState", "TwilightView", "why_unplayable"]
