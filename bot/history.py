"""A match's history for people and auditors: the log, the catch-up, replays, the export.

Everything here reads the move log (each move is stored with its events and their
audience), so the public log is built from public events only and a player's catch-up from
what that player may know. Replays and the full export need the seed, which stays secret
until the match is over.
"""

from __future__ import annotations

from typing import Any, Final

from bot.codec import event_from_json, message_to_json
from bot.service import Match, Service
from bot.service_errors import NoSuchMatch
from bot.verify import seed_commitment
from games.core import Message, Seat, options_from_dict

EXPORT_FORMAT: Final = "serenissima-match/1"


async def history(
    service: Service, match: Match, seat: Seat | None, *, since_ply: int = 0
) -> list[tuple[int, list[Message]]]:
    """(ply, messages) of every move from ``since_ply`` that ``seat`` (None: the public) may see."""
    entries = []
    for move in await service.store.moves(match.id, since_ply=since_ply):
        events = [event_from_json(e) for e in move.events or []]
        visible = [e.message for e in events if e.is_visible_to(seat)]
        if visible:
            entries.append((move.ply, visible))
    return entries


async def catch_up(service: Service, match: Match, seat: Seat) -> list[Message]:
    """What happened since the seat's own last move, as it may know it.

    Moves played for the seat (standing answers, autopilot, time-outs) do not count as its
    own: the player has not seen them yet.
    """
    last = await service.store.last_ply_of(match.id, seat, chosen_by="player")
    since = 0 if last is None else last + 1
    return [m for _, messages in await history(service, match, seat, since_ply=since) for m in messages]


async def public_views(service: Service, match_id: int) -> list[Any]:
    """The public view at the start and after every move that changed it (for replays).

    Only for finished matches: replaying needs the seed, which stays secret while a match runs.
    """
    record = await service.store.get_match(match_id)
    if record is None or record.status != "finished":
        raise NoSuchMatch("core.error.not_finished", match=match_id)
    game = service.game(record.game_key)
    state = game.initial_state(record.seed, len(record.seats), options_from_dict(game.options_type, record.options))
    views = [game.view(state, None)]
    for move in await service.store.moves(match_id):
        state, _ = game.apply(state, move.seat, game.parse_move(state, move.seat, move.code))
        view = game.view(state, None)
        if view != views[-1]:
            views.append(view)
    return views


async def export(service: Service, match_id: int) -> dict[str, Any]:
    """The match record as a file: replayable once the match is over, public-only before.

    While it runs, the export holds what is public (the seed commitment, the seats and
    the public log); at the end it adds the seed and the move codes, so that anyone can
    check the commitment and replay the match to the same result (``python -m bot.verify``).
    """
    match = await service.get_match(match_id)
    record = match.record
    data: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "match": record.id,
        "game": record.game_key,
        "rules_version": record.rules_version,
        "options": record.options,
        "seats": list(record.seats),
        "status": record.status,
        "seed_commitment": seed_commitment(record.seed),
        "public_log": [
            {"ply": ply, "events": [message_to_json(m) for m in messages]}
            for ply, messages in await history(service, match, None)
        ],
    }
    if record.status == "finished":
        moves = await service.store.moves(match_id)
        data["seed"] = record.seed
        data["moves"] = [{"seat": m.seat, "code": m.code} for m in moves]
        data["outcome"] = record.outcome
    return data
