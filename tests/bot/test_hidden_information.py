"""Anything posted in a channel is built only from the public view.

For random reachable Volto positions, dealing the still-hidden mask types again (``rehide``)
leaves the public view, and the public image bytes the bot would post, unchanged; and the
bot's channel picture is the rendering of the public view.
"""

from __future__ import annotations

import pytest

import renderers
from bot.i18n import tr_for
from games.core import Rng
from games.volto import GAME
from tests.games.volto.helpers import random_states, rehide

STATES = list(random_states(range(4), every=11))


def public_png(state, locale: str) -> bytes:
    tr = tr_for(locale)
    view = GAME.view(state, None)
    return renderers.to_png(renderers.render("volto", view, tr=tr))


@pytest.mark.parametrize("index", range(0, len(STATES), max(1, len(STATES) // 12)))
def test_rehiding_what_a_seat_cannot_see_leaves_the_public_post_unchanged(index):
    state = STATES[index]
    for seat in (0, 1):
        other = rehide(state, seat, Rng(99, index))
        assert GAME.view(other, None) == GAME.view(state, None)
        assert GAME.view(other, seat) == GAME.view(state, seat)
    # Both seats' secrets at once: the public image bytes do not move.
    both = rehide(rehide(state, 0, Rng(5, index)), 1, Rng(6, index))
    assert public_png(both, "en") == public_png(state, "en")
    assert renderers.alt_text("volto", GAME.view(both, None), tr=tr_for("ru")) == renderers.alt_text(
        "volto", GAME.view(state, None), tr=tr_for("ru")
    )


def test_the_sample_contains_positions_with_hidden_masks():
    hidden = [s for s in STATES if any(m is not None and m.kind is None for m in GAME.view(s, None).board)]
    assert len(hidden) >= 5
