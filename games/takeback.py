"""Whether a move may be taken back: did it show anyone something that was hidden?

A take-back replays the match without the move. That is fair only when nobody keeps, from
the move, knowledge that could change their play afterwards (a card drawn, a mask revealed,
a shuffle's or a roll's result). Whose knowledge matters:

- the mover's: they asked for the take-back and would play again knowing more. What the
  mover sees after the move (their view and the events they are told) must depend only on
  what they saw before it and on the move itself. It is tested by drawing states the mover
  cannot tell from the real one (``determinize(state, mover, rng)``, the capability every
  game has for search), applying the move to each, and comparing the mover's view and news
  with the real ones: one difference, in any of :data:`SAMPLES` re-deals, and the move
  revealed something to the mover (a capture showing the taken mask, a card drawn);
- anyone else's, privately: an event addressed to some seats other than the mover (a card
  dealt to an opponent because of the move) is hidden news the mover does not share;
- everyone's future: a move that draws on the random stream (a shuffle, a roll) is never
  taken back, even when nobody has seen the result yet: replaying it with another seed
  changes the state (checked exactly, by applying it under another seed).

What the others learn publicly is seen by the mover too, so the first test covers it. What
the others learn about the mover's *own* hidden things (the Volto mask that could reach a
cell, a card played from the mover's hand) is not counted: taking the move back can only
cost the mover, who asked for it.

The samples come from a stream fixed by the match's seed and ply, so the answer is the same
on every call and in every process. The test is one-sided: a move judged revealing may be a
false alarm, but a move judged harmless left the mover's view unchanged across every re-deal
of what the mover could not see. ``tests/games/test_takeback.py`` holds known cases of each
kind for every game.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from games.core import AnyGame, MoveError, Rng, Seat, determinizer_of

SAMPLES: Final = 16
"""Re-deals per seat; a hidden fact is missed only if every sample guesses it exactly."""
TAKEBACK_STREAM: Final = 7_411
"""The ``Rng`` stream of the samples, apart from the engines' own streams."""


def reveals_hidden(game: AnyGame, state: Any, seat: Seat, move: Any) -> bool:
    """Whether ``seat`` playing ``move`` in ``state`` revealed something hidden (see the module).

    A game without ``determinize`` cannot be checked: every move counts as revealing.
    """
    determinizer = determinizer_of(game)
    if determinizer is None:
        return True
    after, events = game.apply(state, seat, move)
    if any(event.audience is not None and seat not in event.audience for event in events):
        return True
    if _uses_randomness(game, state, seat, move, after):
        return True
    seen_after = game.view(after, seat)
    told = [event.message for event in events if event.is_visible_to(seat)]
    code = game.move_code(move)
    ply = getattr(state, "ply", 0)
    for sample_no in range(SAMPLES):
        rng = Rng(getattr(state, "seed", 0), ply, TAKEBACK_STREAM + sample_no)
        sample = determinizer.determinize(state, seat, rng)
        try:
            sample_after, sample_events = game.apply(sample, seat, game.parse_move(sample, seat, code))
        except MoveError:
            return True
        if game.view(sample_after, seat) != seen_after:
            return True
        if [event.message for event in sample_events if event.is_visible_to(seat)] != told:
            return True
    return False


def _uses_randomness(game: AnyGame, state: Any, seat: Seat, move: Any, after: Any) -> bool:
    """Whether the move's result depends on the match's seed (the random stream was drawn on)."""
    if isinstance(state, type) or not dataclasses.is_dataclass(state):
        return False
    if "seed" not in {f.name for f in dataclasses.fields(state)}:
        return False
    original: Any = state
    other_seed = original.seed ^ 0x5EED_5EED_5EED
    reseeded, _ = game.apply(dataclasses.replace(original, seed=other_seed), seat, move)
    return bool(reseeded != dataclasses.replace(after, seed=other_seed))
