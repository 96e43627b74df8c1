"""Venezia 2099 (Leo Colovini, 2014): keep your figures dry while Venice sinks.

Rules in short (``shared/rules/venezia2099.md``, restating the Russian Hobby World rulebook):
an 8×8 random board of 48 districts (six colours, values 2–8 and X) and 16 floating
platforms; 6×6 with two players (no 7s and 8s, one colour and ten platforms fewer). Each
player gets forecast cards (12/9/7, 10 with two), one coin more than cards, 2 gondola cards
and 4 figures (3 with 4–5 or 2 players), placed round-robin on squares of different values.
A turn: optionally move one figure in a straight line in any of 8 directions (not through
water or figures) or play a gondola card to move it to any free square; optionally buy one
treasure of the colour of a district under one of your figures, paying the coins lying
there plus one (1, 2, 4, 8, ...; moving after buying is forbidden); then play one of your
lowest forecast cards (X above 8), which sinks its district: its coins leave the game and a
figure on it drowns unless its owner, asked at once and out of turn, plays a gondola card to
put it on a free district. After the last card: treasures score 6/3/2/1 by the surviving
districts of their colour, figures score their district's value (an X: twice the surviving
districts of its colour), coins 1 each; ties go to more figures on the board.

Notation (see :mod:`games.venezia2099.moves`): ``place-d4``, ``d4-d6`` (normal move),
``gondola-d4-h8``, ``buy-d4`` (buy on the district under your figure on d4), ``play-g3``
(colours ``k p g t r b`` = black purple green turquoise red brown; values ``3``–``8``, ``x``),
``rescue-h8`` and ``decline``. Skipping is implicit: play the card to skip moving and buying.

Hidden: each forecast hand (its owner only) and the cards set aside at setup (until the end).

Decisions where the rules file is silent (beyond its own V1–V21, which are followed):

- seat 0 places first and moves first; the service randomises seat order (style §9.5);
- seats are named Blue, Yellow, Red, White and Orange (the rulebook names only four);
- the two-player removed colour uses ``Rng(seed, 0, 0)``, the board ``Rng(seed, 0, 1)``,
  the deal ``Rng(seed, 0, 2)``; the removed colour's treasures stay unbought in the supply;
- a figure whose owner has a gondola card but no free district to go to drowns at once;
- a buy is chosen by square (a player may hold two figures on districts of one colour at
  different prices); purchases are offered cheapest first;
- the V11 default rescue breaks ties by square order (a1, b1, ..., h8), takes an X only when
  nothing else is free, and never picks a platform even with ``rescue_to_platform``;
- standing rescue answers: ``never``, ``always`` (the V11 default) or ``always-<colour>``
  (same choice among that colour's free districts, else the default);
- with ``gondola_move_additional`` the gondola move and the normal move may come in either
  order, each at most once per turn, and both before buying.

>>> from games.venezia2099 import GAME
>>> state = GAME.initial_state(seed=7, num_players=3)
>>> move = GAME.legal_moves(state, 0)[0]
>>> GAME.move_code(move)
'place-a1'
>>> state, events = GAME.apply(state, 0, move)
>>> sorted(GAME.to_move(state)), events[0].message.key
([1], 'venezia2099.event.placed')
"""

from __future__ import annotations

from games.venezia2099.game import GAME, Venezia2099

__all__ = ["GAME", "Venezia2099"]
