"""A seat's picture is drawn again only when what it shows changed (issue #15 §6).

``present.Drawn`` keeps the last picture each seat of each match was shown, with its view:
the same view gets the same bytes without drawing, even after many other matches' pictures
pushed it out of the shared memory; a changed view (the board, or only the seat's own hand)
is drawn again, so nobody is shown a stale picture.
"""

from __future__ import annotations

import dataclasses
import threading
import time

import pytest

import renderers
from bot import present
from bot.i18n import tr_for
from bot.render_pool import RenderPool
from games.core import Rng
from games.venezia2099 import GAME

KEY = "venezia2099"


def states(count: int, seed: int = 3) -> list[object]:
    """The first ``count`` positions of a seeded random two-player match."""
    state = GAME.initial_state(seed, 2)
    found = [state]
    ply = 0
    while len(found) < count and (seats := sorted(GAME.to_move(state))):
        seat = seats[ply % len(seats)]
        state, _ = GAME.apply(state, seat, Rng(seed, ply).choice(GAME.legal_moves(state, seat)))
        found.append(state)
        ply += 1
    return found


IN_PROCESS = RenderPool(0)
"""Pictures drawn in this process, where the test counts what ``renderers.render`` is asked."""


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The views ``renderers.render`` is asked to draw, in order."""
    asked: list[object] = []
    real = renderers.render

    def counting(key: str, view: object, **kwargs: object) -> object:
        asked.append(view)
        return real(key, view, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(renderers, "render", counting)
    return asked


def fresh_png(view: object) -> bytes:
    return renderers.to_png(renderers.render(KEY, view, tr=tr_for("en")))


def test_an_unchanged_seat_view_is_not_drawn_again_even_after_other_matches_pushed_it_out(renders):
    drawn = present.Drawn(size=1, seats=8, pool=IN_PROCESS)
    first, later = states(2)
    view = GAME.view(first, 0)
    png, alt = drawn.get(KEY, view, "en", match_id=1, seat=0)
    # Another match's picture takes the only place of the shared memory.
    drawn.get(KEY, GAME.view(later, None), "en", match_id=2, seat=None)
    assert len(renders) == 2
    again = drawn.get(KEY, GAME.view(first, 0), "en", match_id=1, seat=0)  # an equal view, built anew
    assert len(renders) == 2, "the seat's unchanged view was drawn again"
    assert again == (png, alt)
    assert drawn.drawn == 2


def test_a_changed_seat_view_is_drawn_again_and_shows_the_change(renders):
    drawn = present.Drawn(pool=IN_PROCESS)
    positions = states(6)
    before, after = positions[0], positions[-1]
    old, _ = drawn.get(KEY, GAME.view(before, 1), "en", match_id=1, seat=1)
    new, _ = drawn.get(KEY, GAME.view(after, 1), "en", match_id=1, seat=1)
    assert len(renders) == 2
    assert new != old
    assert new == fresh_png(GAME.view(after, 1))


def test_a_change_in_the_seats_hand_alone_is_drawn_again(renders):
    drawn = present.Drawn(pool=IN_PROCESS)
    view = GAME.view(states(1)[0], 0)
    assert view.hand, "the sample position must show a hand"
    other_hand = dataclasses.replace(view, hand=view.hand[1:])
    old, _ = drawn.get(KEY, view, "en", match_id=1, seat=0)
    new, _ = drawn.get(KEY, other_hand, "en", match_id=1, seat=0)
    assert len(renders) == 2, "a hand that changed, on an unchanged board, must be drawn again"
    assert new != old and new == fresh_png(other_hand)


def test_seats_languages_and_matches_keep_their_own_pictures(renders):
    drawn = present.Drawn(size=1, seats=8, pool=IN_PROCESS)
    state = states(1)[0]
    mine, _ = drawn.get(KEY, GAME.view(state, 0), "en", match_id=1, seat=0)
    theirs, _ = drawn.get(KEY, GAME.view(state, 1), "en", match_id=1, seat=1)
    russian, _ = drawn.get(KEY, GAME.view(state, 0), "ru", match_id=1, seat=0)
    assert len(renders) == 3 and len({mine, theirs, russian}) == 3
    # The same view in another match (or a seat of it) is the same picture, shown as it was drawn.
    assert drawn.get(KEY, GAME.view(state, 1), "en", match_id=1, seat=1)[0] == theirs
    assert drawn.get(KEY, GAME.view(state, 0), "en", match_id=1, seat=0)[0] == mine
    assert len(renders) == 3


def test_the_seats_memory_is_bounded():
    drawn = present.Drawn(size=1, seats=2, pool=IN_PROCESS)
    view = GAME.view(states(1)[0], None)
    for match_id in range(5):
        drawn.get(KEY, view, "en", match_id=match_id, seat=None)
    assert len(drawn._last) == 2 and len(drawn._kept) == 1


async def test_the_service_picture_path_draws_a_seat_again_only_after_its_view_changed(service, monkeypatch, renders):
    monkeypatch.setattr(present, "DRAWN", present.Drawn(size=1, pool=IN_PROCESS))
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2)
    await service.join(match.id, 11)
    first = await service.get_match(match.id)
    shown = present.picture(first, 0, "en")
    present.picture(first, None, "en")  # the channel's picture takes the only shared place
    again = present.picture(await service.get_match(match.id), 0, "en")  # the match read anew: an equal view
    assert len(renders) == 2 and again.png == shown.png
    await service.submit_move(match.id, 10, "auto")  # seat 0 arranges its masks: its view changes
    now = await service.get_match(match.id)
    assert now.view(0) != first.view(0)
    changed = present.picture(now, 0, "en")
    assert len(renders) == 3
    assert changed.png == renderers.to_png(renderers.render("volto", now.view(0), tr=tr_for("en")))


def test_a_match_computes_each_seats_view_once(monkeypatch):
    from bot.service import Match

    calls: list[object] = []
    real = GAME.view
    monkeypatch.setattr(GAME, "view", lambda state, seat: calls.append(seat) or real(state, seat))
    match = Match(record=object(), game=GAME, state=states(1)[0])  # type: ignore[arg-type]
    assert match.view(0) is match.view(0) and match.view(None) is match.view(None)
    assert match.view(1) != match.view(0)
    assert calls == [0, None, 1]


async def test_once_a_match_is_over_every_seat_is_shown_the_public_board(service, monkeypatch, renders):
    """While it runs a seat sees its own hand; at the end, seats and channel get one picture, drawn once."""
    monkeypatch.setattr(present, "DRAWN", present.Drawn(pool=IN_PROCESS))
    match = await service.create_match(KEY, 10, guild_id=1, channel_id=2)
    await service.join(match.id, 11)
    await service.start(match.id, 10)
    running = await service.get_match(match.id)
    assert present.picture(running, 0, "en").png != present.picture(running, None, "en").png
    await service.resign(match.id, 11)
    over = await service.get_match(match.id)
    assert over.view(0) != over.view(None)  # the view still holds the hand; the picture leaves it out
    del renders[:]
    pictures = [present.picture(over, seat, "en") for seat in (None, 0, 1)]
    assert all(view == over.view(None) for view in renders)  # no seat's own picture (the board was drawn before)
    assert {picture.png for picture in pictures} == {fresh_png(over.view(None))}
    assert [picture.filename.endswith("-board.png") for picture in pictures] == [True, True, True]


class GatedPool(RenderPool):
    """Draws in the calling thread once ``gate`` opens, counting the drawings; fails while ``failing``."""

    def __init__(self) -> None:
        super().__init__(0)
        self.gate = threading.Event()
        self.started = threading.Event()
        self.calls = 0
        self.failing = False

    def draw(self, key: str, view: object, locale: str, route: int = 0) -> tuple[bytes, str]:
        self.calls += 1
        self.started.set()
        assert self.gate.wait(10)
        if self.failing:
            raise RuntimeError("the drawing failed")
        return super().draw(key, view, locale, route)


class Watched(dict):  # type: ignore[type-arg]
    """``Drawn``'s views being drawn, counting the askers that found one under way."""

    found = 0

    def get(self, key: object, default: object = None) -> object:
        value = super().get(key, default)
        self.found += value is not None
        return value


@pytest.mark.parametrize("failing", [False, True], ids=["drawn", "failed"])
def test_a_view_asked_while_it_is_drawn_waits_for_that_drawing(failing):
    """Seats asking for one view at once (a game's end: the channel and every seat) get one drawing, or its error."""
    pool = GatedPool()
    pool.failing = failing
    drawn = present.Drawn(pool=pool)
    drawn._drawing = drawing = Watched()
    view = GAME.view(states(5)[-1], None)
    answers: list[object] = []

    def ask(seat: int | None) -> None:
        try:
            answers.append(drawn.get(KEY, view, "en", match_id=7, seat=seat))
        except RuntimeError as error:
            answers.append(str(error))

    first = threading.Thread(target=ask, args=(None,))
    first.start()
    assert pool.started.wait(10)
    others = [threading.Thread(target=ask, args=(seat,)) for seat in (0, 1)]
    for thread in others:
        thread.start()
    deadline = time.monotonic() + 10
    while drawing.found < 2:  # both found the drawing under way: they wait for it
        assert time.monotonic() < deadline
        time.sleep(0.001)
    pool.gate.set()
    for thread in (first, *others):
        thread.join(10)
    assert pool.calls == 1 and drawn._drawing == {}
    expected = "the drawing failed" if failing else (fresh_png(view), renderers.alt_text(KEY, view, tr=tr_for("en")))
    assert answers == [expected] * 3
    if failing:  # nothing kept: the next ask draws again
        pool.failing = False
        assert drawn.get(KEY, view, "en")[0] == fresh_png(view) and pool.calls == 2
