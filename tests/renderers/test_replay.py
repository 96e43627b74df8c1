"""The animated replay: every frame a public picture, within the upload budget."""

from __future__ import annotations

import io

from PIL import Image

import renderers
from bot.i18n import tr_for
from games.volto import GAME
from tests.games.volto.helpers import random_game


def public_views(seed: int):
    views = []
    for state, _ in random_game(seed):
        view = GAME.view(state, None)
        if not views or views[-1] != view:
            views.append(view)
    return views


def test_a_whole_match_becomes_an_animated_gif_that_ends_on_the_final_board():
    views = public_views(3)[-40:]
    data = renderers.replay_gif("volto", views, tr=tr_for("en"))
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    assert 20 <= image.n_frames <= len(views), "identical consecutive pictures may merge"
    assert len(data) <= 8 * 1024 * 1024
    image.seek(image.n_frames - 1)
    assert image.info["duration"] > 1000, "the last frame is held"


def test_the_budget_is_kept_by_thinning_frames():
    views = public_views(5)[-60:]
    small = renderers.replay_gif("volto", views, tr=tr_for("ru"), max_bytes=100_000)
    assert len(small) <= 100_000
    frames = Image.open(io.BytesIO(small)).n_frames
    assert 2 <= frames < len(views)
