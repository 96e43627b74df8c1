"""A match's history for people and auditors: the log, the catch-up, replays, the export.

Everything here reads the move log's events with their audience
(:meth:`~bot.service.Service.logged_events`: stored while the match runs, replayed once it
ended), so the public log is built from public events only and a player's catch-up from
what that player may know. Replays and the full export need the seed, which stays secret
until the match is over.
"""

from __future__ import annotations

from typing import Any, Final

from bot.codec import event_from_json, message_to_json
from bot.commitment import seed_commitment
from bot.records import ChosenBy, MatchStatus, TakenBackMove
from bot.service import Match, Service
from bot.service.pipeline import forced_seats, turn_goes_on
from bot.service_errors import NoSuchMatch
from games.core import Message, Seat, msg, options_from_dict, quiet_moves_of, replay_states, turn_ends_of

EXPORT_FORMAT: Final = "serenissima-match/1"


async def history(
    service: Service, match: Match, seat: Seat | None, *, since_ply: int = 0
) -> list[tuple[int, list[Message]]]:
    """(ply, messages) of every move from ``since_ply`` that ``seat`` (None: the public) may see.

    A move that was taken back keeps its place, marked: its entry starts with
    ``core.log.taken_back`` and comes before the move later played at the same ply.
    """
    entries = []
    taken = [t for t in await service.taken_back_moves(match.id) if t.ply >= since_ply]
    for move, events in await service.logged_events(match.id, since_ply=since_ply):
        while taken and taken[0].ply <= move.ply:
            entries.extend(_taken_back_entry(match, taken.pop(0), seat))
        visible = [e.message for e in events if e.is_visible_to(seat)]
        if visible:
            entries.append((move.ply, visible))
    for rest in taken:
        entries.extend(_taken_back_entry(match, rest, seat))
    return entries


def _taken_back_entry(match: Match, taken: TakenBackMove, seat: Seat | None) -> list[tuple[int, list[Message]]]:
    """The log entry of a taken-back move: the mark, then its events ``seat`` may see."""
    name = match.game.seat_name(taken.seat, len(match.record.seats))
    visible = [e.message for e in map(event_from_json, taken.events) if e.is_visible_to(seat)]
    return [(taken.ply, [msg("core.log.taken_back", seat=name), *visible])]


async def catch_up(service: Service, match: Match, seat: Seat) -> list[Message]:
    """What happened since the seat's own last move, as it may know it.

    Moves played for the seat (standing answers, autopilot, time-outs) do not count as its
    own: the player has not seen them yet.
    """
    last = await service.last_own_ply(match.id, seat)
    since = 0 if last is None else last + 1
    return [m for _, messages in await history(service, match, seat, since_ply=since) for m in messages]


async def public_views(service: Service, match_id: int) -> list[Any]:
    """The public view at the start and after every move that changed it (for replays).

    Only the views the channel's board posts showed are kept: a step inside a turn and a
    quiet pass waited for the post that ended the turn, so the replay has one frame per
    post, the pictures the thread saw (an autoplayed 5-player Rialto: 87 posts, where a
    frame after every change of the seat to move made 234). The last view is always kept.
    Only for finished matches: replaying needs the seed, which stays secret while a match runs.
    """
    try:
        record = (await service.get_match(match_id)).record
    except NoSuchMatch:
        raise NoSuchMatch("core.error.not_finished", match=match_id) from None
    if record.status != MatchStatus.FINISHED:
        raise NoSuchMatch("core.error.not_finished", match=match_id)
    game = service.game(record.game_key)
    options = options_from_dict(game.options_type, record.options)
    moves = await service.move_log(match_id)
    quieting, ending = quiet_moves_of(game), turn_ends_of(game)
    states = replay_states(game, record.seed, len(record.seats), options, [(m.seat, m.code) for m in moves])
    before = next(states)
    views: list[Any] = [game.view(before, None)]
    for index, (move, state) in enumerate(zip(moves, states, strict=True)):
        # The pipeline's own rule (bot.service.pipeline.move_notifications) for a held post.
        quiet = quieting is not None and quieting.is_quiet(before, move.seat, move.code)
        ends = move.chosen_by is ChosenBy.FORCED or (
            ending is not None and ending.ends_turn(before, move.seat, move.code)
        )
        due, outcome = game.to_move(state), game.outcome(state)
        held = turn_goes_on(game.to_move(before), due, outcome, ends_turn=ends) or (
            (quiet or bool(forced_seats(game, state))) and outcome is None and bool(due)
        )
        before = state
        if held and index < len(moves) - 1:
            continue
        view = game.view(state, None)
        if view != views[-1]:
            views.append(view)
    return views


async def export(service: Service, match_id: int) -> dict[str, Any]:
    """The match record as a file: replayable once the match is over, public-only before.

    While it runs, the export holds what is public (the seed commitment, the seats and
    the public log); at the end it adds the seed and the move codes, so that anyone can
    check the commitment and replay the match to the same result (``python -m bot.verify``).
    Moves taken back are listed apart (``taken_back``: their ply and seat, and at the end
    their codes): replaying ``moves`` never plays them.
    Administrative acts on the match (a cancel, a seat handed to the autopilot, a corrected
    result...) travel with it under ``audit``, from the audit log.
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
    taken = await service.taken_back_moves(match_id)
    data["taken_back"] = [{"ply": t.ply, "seat": t.seat} for t in taken]
    audit = await service.match_audit(match_id)
    if audit:
        data["audit"] = [entry.to_json() for entry in audit]
    if record.status == MatchStatus.FINISHED:
        data["taken_back"] = [
            {"ply": t.ply, "seat": t.seat, "code": t.code, "played_at": t.played_at, "taken_back_at": t.taken_back_at}
            for t in taken
        ]
        moves = await service.move_log(match_id)
        data["seed"] = record.seed
        data["moves"] = [{"seat": m.seat, "code": m.code} for m in moves]
        data["outcome"] = record.outcome
    return data
