"""An animated replay of a whole match, from its public views, small enough for Discord.

Every frame is the public picture of one moment of the match, so the replay shows exactly
what the channel saw, ending on the final, fully revealed board. There is one frame per
turn (:func:`turn_ends`): the sub-steps of one player's turn, and a simultaneous phase,
show as their outcome. Frames are shrunk to :data:`FRAME_WIDTH` (legible: the boards' text
is drawn at 18 px or more on 900, so 12 px here), padded to one size with the theme's own
background, and share one palette taken from frames across the match; when the GIF would
still exceed the upload budget, frames are thinned (the first and the last are always kept)
and, if need be, shrunk further.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import Image

from games.i18n import Translate
from renderers.theme import DEFAULT_THEME, Theme

MAX_BYTES: Final = 7 * 1024 * 1024
"""Discord's smallest upload limit is 10 MB; keep a wide margin."""
FRAME_WIDTH: Final = 600
MAX_FRAMES: Final = 400
"""Enough for one frame per turn of the longest match (5-player Rialto: ~230 turns)."""
PALETTE_FRAMES: Final = 8
"""Frames, spread over the match, whose colours make the shared palette."""
FRAME_MS: Final = 600
LAST_FRAME_MS: Final = 4000


def replay_gif(
    game_key: str,
    views: Sequence[object],
    *,
    tr: Translate,
    theme: Theme = DEFAULT_THEME,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The match as an animated GIF of its public ``views`` (oldest first, at least one)."""
    from renderers import render

    if not views:
        raise ValueError("a replay needs at least one view")
    chosen = _thin(turn_ends(views), MAX_FRAMES)
    width = FRAME_WIDTH
    while True:
        frames = [_shrink(render(game_key, views[i], tr=tr, theme=theme), width) for i in chosen]
        data = _encode(frames, theme.background)
        if len(data) <= max_bytes or (len(chosen) <= 2 and width <= 160):
            return data
        if len(chosen) > 2:
            chosen = _thin(chosen, max(2, len(chosen) // 2))
        else:
            width = max(160, width * 3 // 4)


def turn_ends(views: Sequence[object]) -> list[int]:
    """The indices of the views that end a turn, for one frame per turn.

    Those are the first, the last, and each view after which a seat not yet due becomes
    due (a new turn begins). Views with no ``to_move`` (a game without one) are all kept. The steps of one turn
    (same seat to move) and a simultaneous phase (the seats due only shrink) thus give one
    frame each, showing their outcome.
    """
    kept = [0]
    for index in range(1, len(views)):
        here = getattr(views[index], "to_move", None)
        after = getattr(views[index + 1], "to_move", None) if index + 1 < len(views) else None
        if here is None or after is None or not set(after) <= set(here):
            kept.append(index)
    return kept


def _thin(indices: list[int], limit: int) -> list[int]:
    """At most ``limit`` indices spread evenly, keeping the first and the last."""
    if len(indices) <= limit:
        return indices
    step = (len(indices) - 1) / (limit - 1)
    return sorted({indices[round(k * step)] for k in range(limit)})


def _shrink(image: Image.Image, width: int) -> Image.Image:
    if image.width <= width:
        return image.convert("RGB")
    height = round(image.height * width / image.width)
    return image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)


def _encode(frames: list[Image.Image], background: tuple[int, int, int]) -> bytes:
    """Frames of possibly different heights as one GIF, under one palette.

    Frames are padded to one size with the board's ``background``; the palette comes from
    frames across the match (not only the last one's colours) and keeps one index free, so
    that each frame stores only what changed (the rest transparent), which makes a frame of
    a 600 px board a few KB instead of ~70 KB.
    """
    width = max(frame.width for frame in frames)
    height = max(frame.height for frame in frames)
    padded = []
    for frame in frames:
        canvas = Image.new("RGB", (width, height), background)
        canvas.paste(frame, (0, 0))
        padded.append(canvas)
    step = max(1, len(padded) // PALETTE_FRAMES)
    samples = [*padded[::step][:PALETTE_FRAMES], padded[-1]]
    strip = Image.new("RGB", (width // 2, (height // 2) * len(samples)), background)
    for index, sample in enumerate(samples):
        strip.paste(sample.resize((width // 2, height // 2), Image.Resampling.NEAREST), (0, index * (height // 2)))
    palette = strip.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in padded]
    durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    indexed[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return buffer.getvalue()
