"""What a person reads and sees of a match, built from views only, for any adapter.

Discord and the local console both show a match through these functions: a status line
(whose turn, or the result), the events in words, and board pictures. A picture for the
channel is drawn from the public view (``seat=None``) and nothing else, so a post can never
show what only one seat may see. Rendering is CPU work: adapters call ``picture`` through
``asyncio.to_thread``, and a picture not drawn lately is drawn by ``bot.render_pool``: in
that thread while the bot is quiet, in a worker process (the thread waiting without the
GIL) when pictures queue up.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from bot.records import ENDED_STATUSES, MatchStatus, OfferStatus
from bot.render_pool import POOL, RenderPool
from bot.service import Match, MoveOption, Offer
from games.core import Locale, Message, Seat, turn_status_of
from games.i18n import Translate

NameOf = Callable[[int], str]
"""How an adapter names a user: a Discord mention, or a console player's name."""

TimeOf = Callable[[int], str]
"""How an adapter writes a moment (a Unix time): a Discord timestamp, or plain text."""

PICTURES_KEPT = 128
"""Pictures kept for reuse (up to a few hundred KiB each: some tens of MiB at worst)."""

SEAT_PICTURES_KEPT = 256
"""The last picture of this many seats (and channels) kept with the view it shows: ~80 KiB
each at most (the largest boards measured), ~20 MiB; shared with :data:`PICTURES_KEPT`'s."""

CATCH_UP_LINES = 15
"""The latest lines of the catch-up "since your last move" that a turn's message shows."""

USER_PARAMS = frozenset({"user"})
TIME_SUFFIX = "_at"


def discord_time(timestamp: int) -> str:
    """A Discord timestamp, shown to each reader in their own time zone and language."""
    return f"<t:{timestamp}:f>"


def plain_time(timestamp: int) -> str:
    """A moment as UTC text, for the console."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(timestamp))


@dataclass(frozen=True, slots=True)
class Picture:
    """An encoded board image with its alt text."""

    png: bytes
    alt: str
    filename: str


class Drawn:
    """The pictures drawn lately: a view already drawn is not drawn again.

    A picture is a function of the game, the view and the language alone, so a seat whose
    view did not change (its hand while others play, the board of a held step) gets the
    PNG drawn before. Two memories, both bounded (least recently used first out) and safe
    across the worker threads that draw:

    - by (game, view, language): the pictures of the last few decisions of any match (the
      actor's panel and its direct message are one picture);
    - by (match, seat, language): the last picture each seat was shown, with the view it
      shows. A busy bot draws many matches between two messages to one seat, which pushes
      that seat's picture out of the first memory; this one keeps it, so what a seat sees
      is drawn again only when its view changed. Views are compared whole (not by a hash),
      so a changed view can never get an old picture.

    A miss is drawn by ``pool`` (in this thread when it idles, else in a worker process; the
    kept PNGs stay here), once: a view asked again while it is being drawn waits for that
    drawing. A decision asks for its pictures at once, and at a game's end every seat and
    the channel ask for the one public board (see :func:`picture`).
    """

    def __init__(self, size: int = PICTURES_KEPT, seats: int = SEAT_PICTURES_KEPT, pool: RenderPool = POOL) -> None:
        self.size = size
        self.seats = seats
        self.pool = pool
        self._kept: OrderedDict[tuple[str, object, str], tuple[bytes, str]] = OrderedDict()
        self._last: OrderedDict[tuple[int, Seat | None, str], tuple[str, object, bytes, str]] = OrderedDict()
        self._lock = threading.Lock()
        self._drawing: dict[tuple[str, object, str], Future[tuple[bytes, str]]] = {}
        """The views being drawn now, each with the answer its other askers wait on."""
        self.drawn = 0

    def get(
        self, key: str, view: object, locale: Locale, *, match_id: int | None = None, seat: Seat | None = None
    ) -> tuple[bytes, str]:
        """The PNG and alt text of ``view``, drawn now only if it was not drawn lately.

        With ``match_id``, ``view`` is what ``seat`` (None: the channel) of that match sees:
        the picture that seat was last shown is reused when its view is the same. The match
        id also picks the worker that draws a miss: one match's pictures are drawn by one
        process, which keeps the public picture that the match's private ones are drawn over.
        """
        shown = None if match_id is None else (match_id, seat, locale)
        entry = (key, view, locale)
        with self._lock:
            last = None if shown is None else self._last.get(shown)
            if shown is not None and last is not None and last[0] == key and last[1] == view:
                self._last.move_to_end(shown)
                return last[2], last[3]
            found = self._kept.get(entry)
            waited = drawing = None
            if found is not None:
                self._kept.move_to_end(entry)
            elif (waited := self._drawing.get(entry)) is None:
                drawing = self._drawing[entry] = Future()
        if waited is not None:
            found = waited.result()  # another thread is drawing this view: its picture, or its error
        elif drawing is not None:
            found = self._draw(key, view, locale, match_id or 0, entry, drawing)
        assert found is not None
        if shown is not None:
            with self._lock:
                self._last[shown] = (key, view, *found)
                self._last.move_to_end(shown)
                while len(self._last) > self.seats:
                    self._last.popitem(last=False)
        return found

    def _draw(
        self,
        key: str,
        view: object,
        locale: Locale,
        route: int,
        entry: tuple[str, object, str],
        drawing: Future[tuple[bytes, str]],
    ) -> tuple[bytes, str]:
        """Draw ``view``, keep it, and hand it (or the error) to the threads waiting on ``drawing``."""
        try:
            found = self.pool.draw(key, view, locale, route)
        except BaseException as error:
            with self._lock:
                del self._drawing[entry]
            drawing.set_exception(error)
            raise
        with self._lock:
            del self._drawing[entry]
            self.drawn += 1
            self._kept[entry] = found
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        drawing.set_result(found)
        return found


DRAWN = Drawn()


def picture(match: Match, seat: Seat | None, locale: Locale) -> Picture:
    """The board as ``seat`` sees it (None: the public board for the channel).

    Once the match is over (finished or cancelled), every seat is shown the public board:
    what only a seat could see (a hand, a forecast, a discard to choose) no longer matters
    to anyone, and the final board with its scores is one picture for the channel and every
    seat's message, drawn once, where each seat's own would be drawn again over it (a
    five-seat game's end asked for seven pictures at once: its slowest decision).

    Drawn only when the seat's view changed since the picture it was last shown (:class:`Drawn`).
    """
    if match.record.status in ENDED_STATUSES:
        seat = None
    png, alt = DRAWN.get(match.game.key, match.view(seat), locale, match_id=match.id, seat=seat)
    suffix = "board" if seat is None else f"seat{seat}"
    return Picture(png, alt, f"match{match.id}-v{match.version}-{suffix}.png")


def text(message: Message, tr: Translate, name_of: NameOf, time_of: TimeOf = discord_time) -> str:
    """One message in words, with user ids turned into names and times into timestamps."""
    return tr(_with_names(message, tr, name_of, time_of))


def lines(messages: Iterable[Message], tr: Translate, name_of: NameOf, time_of: TimeOf = discord_time) -> str:
    """Several messages, one per line."""
    return "\n".join(text(message, tr, name_of, time_of) for message in messages)


def user_name(user_id: int, tr: Translate, name_of: NameOf) -> str:
    """A player's name; the autopilot's seats (negative ids) are called "Autopilot"."""
    return tr("core.autopilot.name") if user_id < 0 else name_of(user_id)


def _with_names(message: Message, tr: Translate, name_of: NameOf, time_of: TimeOf) -> Message:
    params: dict[str, Any] = {}
    for name, value in message.params.items():
        if isinstance(value, Message):
            params[name] = _with_names(value, tr, name_of, time_of)
        elif name in USER_PARAMS and isinstance(value, int):
            params[name] = user_name(value, tr, name_of)
        elif name.endswith(TIME_SUFFIX) and isinstance(value, int | float):
            params[name] = time_of(int(value))
        else:
            params[name] = value
    return Message(message.key, params)


def seat_label(match: Match, seat: Seat, tr: Translate, name_of: NameOf) -> str:
    """``"White (@ana)"``: the game's name for the seat and the player in it."""
    seat_name = tr(match.game.seat_name(seat, len(match.record.seats)))
    return f"{seat_name} ({user_name(match.record.seats[seat], tr, name_of)})"


def title(match: Match, tr: Translate) -> str:
    """``"Volto — match #12"``."""
    return tr("core.lobby.title", game=tr(f"{match.game.key}.title"), match=match.id)


def status(match: Match, tr: Translate, name_of: NameOf, said: Iterable[Message] = ()) -> str:
    """Whose turn it is, or how the match ended, in one sentence.

    ``said`` are the messages shown just above in the same post: what they already say
    (the reason of the result, the cancellation) is not said again, so an end post says
    each thing once. The empty string when nothing is left to add.
    """
    record = match.record
    if record.status == MatchStatus.LOBBY:
        return tr("core.status.lobby", taken=len(record.seats), seats=record.max_seats)
    if record.status == MatchStatus.CANCELLED:
        return "" if any(_says(m, "core.event.cancelled") for m in said) else tr("core.status.cancelled")
    outcome = match.outcome
    if outcome is not None:
        told = any(_contains(m, outcome.reason) for m in said)
        reason = "" if told else text(outcome.reason, tr, name_of) + " "
        if outcome.is_draw:
            return f"{reason}{tr('core.status.draw')}"
        who = ", ".join(seat_label(match, seat, tr, name_of) for seat in sorted(outcome.winners))
        key = "core.status.winner" if len(outcome.winners) == 1 else "core.status.winners"
        return f"{reason}{tr(key, who=who)}"
    seats = sorted(match.to_move())
    who = ", ".join(seat_label(match, seat, tr, name_of) for seat in seats)
    wording = turn_status_of(match.game)
    doing = None if wording is None else wording.turn_status(match.state)
    if doing is not None:
        return f"{text(doing, tr, name_of)} {tr('core.status.to_move_many', who=who)}"
    return tr("core.status.to_move" if len(seats) == 1 else "core.status.to_move_many", who=who)


def _contains(message: Message, part: Message) -> bool:
    """Whether ``message`` is ``part`` or says it as one of its (nested) parameters."""
    if message == part:
        return True
    return any(isinstance(value, Message) and _contains(value, part) for value in message.params.values())


def _says(message: Message, key: str) -> bool:
    return message.key == key or any(isinstance(v, Message) and _says(v, key) for v in message.params.values())


def lobby_lines(match: Match, tr: Translate, name_of: NameOf) -> list[str]:
    """The lines of a match's lobby post: title, players, options, status, what happens next.

    The post follows the match (the notifier rewrites it): the players who joined, then once
    started each one's seat and whose turn it is, and finally the result or the cancellation.
    """
    record = match.record
    if record.status == MatchStatus.LOBBY or match.state is None:
        players = ", ".join(user_name(user, tr, name_of) for user in record.seats)
    else:
        players = ", ".join(seat_label(match, seat, tr, name_of) for seat in range(len(record.seats)))
    defaults = match.game.options_type()
    options = ", ".join(f"{k}={v}" for k, v in record.options.items() if v != getattr(defaults, k))
    lines = [
        title(match, tr),
        tr(f"{match.game.key}.summary"),
        tr("core.lobby.players", players=players),
        tr("core.lobby.options", options=options or tr("core.options.none")),
        status(match, tr, name_of),
    ]
    if record.status == MatchStatus.LOBBY:
        lines.append(tr("core.lobby.waiting"))
    return lines


def offer_step(offer: Offer) -> str | None:
    """What a seat offer waits for: ``accept``, ``take``, ``confirm``, or None once taken.

    ``accept``: by the member it names; ``take``: by a volunteer; ``confirm``: by the
    organiser or an admin, once a volunteer pressed "Take this seat". The Discord post's one
    button does that step; the console's command of the same name.
    """
    if offer.offer.status is OfferStatus.DONE:
        return None
    if offer.offer.to_user is not None:
        return "accept"
    return "take" if offer.offer.volunteer is None else "confirm"


def offer_text(offer: Offer, tr: Translate, name_of: NameOf) -> str:
    """A seat offer in words at its step (:func:`offer_step`): who offers whom which seat, or who took it."""
    record = offer.match.record
    seat = tr(offer.match.game.seat_name(offer.offer.seat, len(record.seats)))
    common = {"seat": seat, "match": record.id}
    step = offer_step(offer)
    if step is None:
        return tr("core.sub.done", substitute=user_name(record.seats[offer.offer.seat], tr, name_of), **common)
    if step == "accept":
        assert offer.offer.to_user is not None
        user, substitute = name_of(offer.offer.offered_by), name_of(offer.offer.to_user)
        return tr("core.sub.offer", user=user, substitute=substitute, **common)
    if step == "take":
        return tr("core.sub.call", **common)
    assert offer.offer.volunteer is not None
    return tr("core.sub.volunteered", volunteer=name_of(offer.offer.volunteer), **common)


def headline(match: Match, tr: Translate) -> str:
    """``"Volto · match #12"``."""
    return tr("core.status.match", game=tr(f"{match.game.key}.title"), match=match.id)


def next_choices(options: Sequence[MoveOption], prefix: tuple[str, ...]) -> dict[str, Message]:
    """The distinct next tokens after ``prefix``, in the engine's order, with their labels.

    This is what the buttons (or select menus) of a move picker offer at one step; the
    console numbers the same choices.
    """
    step = len(prefix)
    found: dict[str, Message] = {}
    for option in options:
        tokens = tuple(choice.token for choice in option.path)
        if tokens[:step] == prefix and len(tokens) > step:
            found.setdefault(option.path[step].token, option.path[step].label)
    return found


def complete_move(options: Sequence[MoveOption], path: tuple[str, ...]) -> MoveOption | None:
    """The move whose whole component path is ``path``, if any."""
    for option in options:
        if tuple(choice.token for choice in option.path) == path:
            return option
    return None


def option_label(option: MoveOption, tr: Translate) -> str:
    """A legal move as the mover reads it, with its code for typing."""
    label = tr(option.label)
    return label if option.code in label else f"{label} ({option.code})"
