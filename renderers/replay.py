"""An animated replay of a whole match, from its public views, small enough for Discord.

Every frame is the public picture of one moment of the match, so the replay shows exactly
what the channel saw, ending on the final, fully revealed board. Frames are shrunk and share
one palette; when the GIF would still exceed the upload budget, frames are thinned (the
first and the last are always kept) and, if need be, shrunk further.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import Image

from games.i18n import Translate
from renderers.theme import DEFAULT_THEME, Theme

MAX_BYTES: Final = 8 * 1024 * 1024
"""Discord's smallest upload limit is 10 MB; keep a margin."""
FRAME_WIDTH: Final = 480
MAX_FRAMES: Final = 150
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
    chosen = _thin(list(range(len(views))), MAX_FRAMES)
    width = FRAME_WIDTH
    while True:
        frames = [_shrink(render(game_key, views[i], tr=tr, theme=theme), width) for i in chosen]
        data = _encode(frames)
        if len(data) <= max_bytes or (len(chosen) <= 2 and width <= 160):
            return data
        if len(chosen) > 2:
            chosen = _thin(chosen, max(2, len(chosen) // 2))
        else:
            width = max(160, width * 3 // 4)


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


def _encode(frames: list[Image.Image]) -> bytes:
    """Frames of possibly different heights, padded to one size, with one shared palette."""
    width = max(frame.width for frame in frames)
    height = max(frame.height for frame in frames)
    background = frames[-1].getpixel((0, 0))
    padded = []
    for frame in frames:
        canvas = Image.new("RGB", (width, height), background)
        canvas.paste(frame, (0, 0))
        padded.append(canvas)
    palette = padded[-1].quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
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
        optimize=False,
        disposal=1,
    )
    return buffer.getvalue()
