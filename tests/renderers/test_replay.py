"""The animated replay: every frame a public picture, within the upload budget."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass

import pytest
from PIL import Image, ImageChops, ImageStat

import renderers
from bot.i18n import tr_for
from games import REGISTRY
from games.core import Rng
from games.volto import GAME
from renderers.replay import FRAME_WIDTH, MAX_BYTES, turn_ends
from renderers.theme import DEFAULT_THEME
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


def _random_public_views(key: str, seed: int):
    """A random match of ``key`` at its largest seat count, as its distinct public views."""
    game = REGISTRY[key]
    state = game.initial_state(seed, game.max_players)
    views = [game.view(state, None)]
    ply = 0
    while seats := sorted(game.to_move(state)):
        seat = seats[ply % len(seats)]
        state, _ = game.apply(state, seat, Rng(seed, ply).choice(game.legal_moves(state, seat)))
        view = game.view(state, None)
        if view != views[-1]:
            views.append(view)
        ply += 1
    return views


@dataclass(frozen=True)
class _Turn:
    to_move: frozenset[int]


def test_one_frame_per_turn_and_one_for_a_simultaneous_phase():
    moments = [_Turn(frozenset(seats)) for seats in ({0}, {0}, {0}, {1}, {1}, {0, 1, 2}, {1, 2}, {2}, {0}, set())]
    # Seat 0's three steps end at index 2, seat 1's at 4, the simultaneous phase at 7; seat 0's
    # last turn ends the match: the final board (index 9) is its frame.
    assert turn_ends(moments) == [0, 2, 4, 7, 9]


def test_frames_are_one_size_padded_with_the_board_background_and_decode_to_the_pictures():
    views = _random_public_views("venezia2099", 4)[-12:]
    data = renderers.replay_gif("venezia2099", views, tr=tr_for("en"))
    gif = Image.open(io.BytesIO(data))
    kept = turn_ends(views)
    assert gif.n_frames == len(kept)
    pictures = [renderers.render("venezia2099", views[i], tr=tr_for("en")) for i in kept]
    for index, picture in enumerate(pictures):
        gif.seek(index)
        frame = gif.convert("RGB")
        assert frame.size == (FRAME_WIDTH, frame.height) and frame.width == FRAME_WIDTH
        shrunk = picture.convert("RGB").resize(
            (FRAME_WIDTH, round(picture.height * FRAME_WIDTH / picture.width)), Image.Resampling.LANCZOS
        )
        # Every frame is its picture (up to the shared palette), then the theme's background.
        error = ImageStat.Stat(ImageChops.difference(frame.crop((0, 0, *shrunk.size)), shrunk)).mean
        assert max(error) < 4, (index, error)
        if frame.height > shrunk.height:
            pad = frame.crop((0, shrunk.height, frame.width, frame.height))
            assert pad.getcolors() is not None and len(pad.getcolors()) == 1
            assert pad.getpixel((0, 0)) == DEFAULT_THEME.background


@pytest.mark.soak
@pytest.mark.skipif(os.environ.get("SERENISSIMA_SOAK") != "1", reason="long: SERENISSIMA_SOAK=1")
@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_game_at_its_largest_seat_count_replays_within_the_upload_limit(key):
    views = _random_public_views(key, 11)
    data = renderers.replay_gif(key, views, tr=tr_for("ru"))
    assert len(data) <= MAX_BYTES < 10 * 1024 * 1024
    assert Image.open(io.BytesIO(data)).n_frames == len(turn_ends(views)), "one frame per turn, none thinned"
