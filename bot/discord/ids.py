"""The custom_id codec of every persistent component (at most 100 characters).

A component carries ids only, never game state: the match id, the version of the match it
was drawn for (so an outdated click is recognised), and the choice it stands for.

- ``lb:{match}:{action}``          lobby buttons (join, leave, start, cancel)
- ``bd:{match}:{action}``          board buttons (play, mine)
- ``pk:{match}:{version}:{path}``  a move-building choice; ``path`` is the chosen tokens
                                   joined by ``|`` (a complete path plays the move)
- ``pb:{match}:{version}:{path}``  go back to the step after ``path``
- ``ps:{match}:{version}:{path}``  a select menu offering the next token after ``path``; the
                                   second, third... menu of one step is ``ps1:``, ``ps2:``...
                                   (Discord refuses two components with one custom_id)
- ``tn:{tournament}:{action}``     tournament sign-up buttons (join, leave, checkin)
- ``tb:{match}:{version}:{action}`` take-backs: ``undo`` (the mover's button), ``yes`` / ``no``
                                   (the other players' answers to a request made at ``version``)
- ``so:{offer}:{action}``          a seat offer: ``accept`` (the named member), ``take`` (a
                                   volunteer), ``confirm`` (the organiser or an admin)
- ``al:{page}:{match}:{user}:{kind}``  a page of ``/admin log`` with its filters (0, empty: none)
- ``cf:{owner}:{action}:{scope}:{issued}``  confirming a deletion (``delete``: a server's history
                                   up to match ``scope``; ``forget``: the user ``owner``); only
                                   ``owner`` may press it, and only for a while after ``issued``
"""

from __future__ import annotations

from typing import Final

from games.core import MAX_CUSTOM_ID

SEPARATOR: Final = "|"
LOBBY_TEMPLATE: Final = r"lb:(?P<match>\d+):(?P<action>join|leave|start|cancel)"
BOARD_TEMPLATE: Final = r"bd:(?P<match>\d+):(?P<action>play|mine)"
PICK_TEMPLATE: Final = r"pk:(?P<match>\d+):(?P<version>\d+):(?P<path>.*)"
BACK_TEMPLATE: Final = r"pb:(?P<match>\d+):(?P<version>\d+):(?P<path>.*)"
SELECT_TEMPLATE: Final = r"ps(?P<part>\d*):(?P<match>\d+):(?P<version>\d+):(?P<path>.*)"
SIGNUP_TEMPLATE: Final = r"tn:(?P<tournament>\d+):(?P<action>join|leave|checkin)"
TAKEBACK_TEMPLATE: Final = r"tb:(?P<match>\d+):(?P<version>\d+):(?P<action>undo|yes|no)"
OFFER_TEMPLATE: Final = r"so:(?P<offer>\d+):(?P<action>accept|take|confirm)"


def join_path(tokens: tuple[str, ...]) -> str:
    """Tokens as they travel in a custom_id."""
    return SEPARATOR.join(tokens)


def split_path(path: str) -> tuple[str, ...]:
    """The inverse of :func:`join_path` (the empty path is no tokens)."""
    return tuple(path.split(SEPARATOR)) if path else ()


def custom_id(kind: str, key: int, *parts: object) -> str:
    """``kind:key:part:...`` (``key``: the match or the tournament); ValueError beyond Discord's 100 characters."""
    value = ":".join((kind, str(key), *(str(part) for part in parts)))
    if len(value) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long: {value!r}")
    return value


def lobby(match_id: int, action: str) -> str:
    """A lobby button (``LOBBY_TEMPLATE``)."""
    return custom_id("lb", match_id, action)


def board(match_id: int, action: str) -> str:
    """A board button (``BOARD_TEMPLATE``)."""
    return custom_id("bd", match_id, action)


def pick(match_id: int, version: int, path: tuple[str, ...]) -> str:
    """A move-building choice (``PICK_TEMPLATE``)."""
    return custom_id("pk", match_id, version, join_path(path))


def back(match_id: int, version: int, path: tuple[str, ...]) -> str:
    """Back to the step after ``path`` (``BACK_TEMPLATE``)."""
    return custom_id("pb", match_id, version, join_path(path))


def select(match_id: int, version: int, path: tuple[str, ...], part: int = 0) -> str:
    """The ``part``-th select menu of the step after ``path`` (``SELECT_TEMPLATE``)."""
    return custom_id(f"ps{part or ''}", match_id, version, join_path(path))


def signup(tournament_id: int, action: str) -> str:
    """A tournament sign-up button (``SIGNUP_TEMPLATE``)."""
    return custom_id("tn", tournament_id, action)


def takeback(match_id: int, version: int, action: str) -> str:
    """A take-back button (``TAKEBACK_TEMPLATE``)."""
    return custom_id("tb", match_id, version, action)


def seat_offer(offer_id: int, action: str) -> str:
    """A seat-offer button (``OFFER_TEMPLATE``)."""
    return custom_id("so", offer_id, action)


AUDIT_TEMPLATE: Final = r"al:(?P<page>\d+):(?P<match>\d+):(?P<user>\d+):(?P<kind>[a-z]*)"
CONFIRM_TEMPLATE: Final = r"cf:(?P<owner>\d+):(?P<action>delete|forget):(?P<scope>\d+):(?P<issued>\d+)"


def audit_page(page: int, match_id: int | None, user_id: int | None, kind: str | None) -> str:
    """A page of ``/admin log`` with its filters (``AUDIT_TEMPLATE``; 0 or empty: no filter)."""
    return custom_id("al", page, match_id or 0, user_id or 0, kind or "")


def confirm(owner_id: int, action: str, scope: int, issued: int) -> str:
    """A confirmation button (``CONFIRM_TEMPLATE``): who asked, what, up to which id, when it was asked."""
    return custom_id("cf", owner_id, action, scope, issued)
