"""Rialto (Stefan Feld, 2013) for 2-5 players, or two players against a neutral player.

Rules in brief (``shared/rules/rialto.md``, from the Russian rulebook in ``shared/seeds``):
six rounds. Phase I: n+1 rows of 6 cards are dealt; in Doge order each player takes a
row and draws 2; then green buildings (1 coin each) give cards or a bigger hand; everyone
keeps 7 (+ bonuses) and discards the rest at the same time. Phase II, steps A-F (Doge,
Gold, Building, Bridge, Gondola, Councillor): clockwise from the step's first player each
plays any number of that type's cards (Jokers add to a real card; two Jokers stand for
one only without a real card; yellow buildings convert, add a Joker or postpone); the
highest count gets the bonus (ties: Doge order); then actions in Doge order: Doge steps,
coins, buildings worth up to the count, bridge VP and placing a bridge, councillors to
the supply and a gondola, councillors into the current district. Phase III: blue
buildings. At the end: half of coins + personal councillors, building values, and each
district's value to its majority (halving down the ranks). Most VP wins; ties: Doge order.

Move notation (full table in :mod:`games.rialto.moves`): ``tY1`` take a building,
``row3`` take a row, ``G1-A`` / ``G3-deck`` / ``G2`` green activations, ``d-B`` pick a
discard then ``ok``, ``B3`` ``J1`` ``Y4-A`` ``Y3`` build a card play then ``ok`` (or
``pass``; ``Y1`` postpones), ``K07-CAN`` a bridge (high value to CAN) or a gondola
(councillor to CAN), ``rG2`` give a building back, ``m-CAS`` / ``m-sup`` move a
councillor, ``U1-G2`` ``U2`` ``U2-no`` ``U3`` ``U4`` blue activations, ``undo``.

Hidden: hands (sizes public), hand-limit choices and a card play being built (their
owner only), the deck order, the discard pile, the bridges under the top one. The seed
never appears in views, events or ``str(state)`` (format: :mod:`games.rialto.state`).

Decisions where the rules file is silent (its §13 decisions D1-D29 are all followed):
- Seat 0 is the first player P1 (the service seats players at random); with the neutral
  player (NP, actor 2, no seat) seat 0 sits on its left and gets 1 coin.
- Seats with nothing to do on *public* information are skipped (no usable green/blue
  building or no coin; nothing affordable in C; no councillor to move). Card-play turns
  are never skipped: that would reveal a hand. A player may ask for it for themselves
  (§12's user setting): the standing answer ``autopass`` passes at once in a card step
  where they have no play at all and cannot postpone (:mod:`games.rialto.answers`).
- A card play is built in private steps: ``B3`` sets the natural cards, ``J2`` the
  Jokers, each yellow building is added once per copy; setting a count to its current
  value is no move; ``pass`` drops an unconfirmed play; ``ok`` commits it publicly.
- Hand-limit discards are chosen one card at a time (``undo``, then ``ok`` when exactly
  enough); the cards leave the hand at ``ok``; the public learns only the number.
- Bridge and gondola bonus placements are compulsory (the text says "places"); declining
  the E-fallback move, F moves from the board and U2's councillor is ``pass``/``U2-no``.
- Giving back a building with several copies returns the activated copy first, then one
  barred by U1, so the usable copy stays. U1 is offered only with a target in stock.
- Step C: after a value-4 building with budget > 4 the player continues only if
  something fits the rest; at 7 buildings the player picks the take, then the return.
- Step C at 7 buildings (the rulebook is silent): the building taken may not be of a kind
  given back in the same action (neither the return that makes room for it nor one made
  earlier in the action for a value-4 building); otherwise a player at 7 could give back
  a building for its VP and take the same kind back, unactivated, every round. At 7
  buildings all of one kind, that kind is therefore not offered.
- The bank lends coins beyond 30 (D13): its count may go below 0, so coins still add up.
- A bridge with two equal values (no default tile has them) has one orientation.

>>> from games.rialto import GAME
>>> state = GAME.initial_state(seed=7, num_players=3)
>>> GAME.legal_moves(state, 2)
['tG1', 'tY1', 'tU1']
>>> state, events = GAME.apply(state, 2, "tY1")
>>> GAME.legal_moves(state, 1)
['tG1', 'tU1']
"""

from games.rialto.game import GAME, RialtoGame
from games.rialto.model import RialtoOptions
from games.rialto.state import RialtoState
from games.rialto.view import RialtoView

__all__ = ["GAME", "RialtoGame", "RialtoOptions", "RialtoState", "RialtoView"]
