"""What the bot says about tournaments and ratings: sign-up posts, standings, rating lines.

Pure builders (a tournament, its standings or ratings, a translation in; a message's parts
out), shared by the tournament cog and the tournament adapter's announcements. The
standings picture is drawn off the event loop.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping, Sequence
from typing import Any, Final

import discord

from bot import present
from bot.clocks import DAY, HOUR
from bot.discord.components import signup_view
from bot.discord.payloads import MESSAGE_LIMIT, mention
from bot.tournaments import ratings
from bot.tournaments.service import Entrant, Standings, Tournament
from games.i18n import Translate
from renderers import kit
from renderers import standings as picture

MAX_TEXT_ROWS: Final = 30


# --- The sign-up post ---------------------------------------------------------------------------


def signup_content(tournament: Tournament, entrants: Sequence[Entrant], tr: Translate) -> str:
    """The sign-up post: what, when, who may join, and who has."""
    rounds = (
        tr("tournament.signup.rounds", count=tournament.rounds)
        if tournament.rounds
        else tr("tournament.signup.rounds_auto")
    )
    clock = duration(tournament.time_limit, tr) if tournament.time_limit else tr("tournament.signup.untimed")
    lines = [
        tr(
            "tournament.signup.title",
            name=tournament.name or tr(f"{tournament.game_key}.title"),
            tournament=tournament.id,
        ),
        tr(
            "tournament.signup.details",
            game=tr(f"{tournament.game_key}.title"),
            format=tr(f"tournament.format.{tournament.format}"),
            rounds=rounds,
            organiser=mention(tournament.organiser_id),
        ),
        tr(
            "tournament.signup.clock",
            clock=clock,
            round=duration(tournament.round_seconds, tr),
            settle=tr(f"tournament.settle.{tournament.settle}"),
        ),
        tr("tournament.signup.rated" if tournament.rated else "tournament.signup.unrated"),
    ]
    if tournament.computer:
        lines.append(tr("tournament.signup.computer", level=tr(f"core.level.{tournament.computer}")))
    if tournament.required_role is not None:
        lines.append(tr("tournament.signup.role", role=tournament.required_role))
    if tournament.min_completion:
        lines.append(tr("tournament.signup.completion", need=tournament.min_completion))
    if tournament.status == "signup":
        lines.append(tr("tournament.signup.closes", closes_at=present.discord_time(int(tournament.signup_closes))))
        if tournament.check_in:
            lines.append(tr("tournament.signup.check_in"))
    else:
        lines.append(tr("tournament.signup.closed", status=status_text(tournament, tr)))
    if entrants:
        names = [
            present.user_name(e.user_id, tr, mention)
            + (f" {tr('tournament.signup.checked')}" if tournament.check_in and e.checked_in else "")
            for e in entrants
        ]
        lines.append(tr("tournament.signup.entrants", count=len(entrants), players=", ".join(names)))
    else:
        lines.append(tr("tournament.signup.nobody"))
    return "\n".join(lines)[:MESSAGE_LIMIT]


def signup_message(tournament: Tournament, entrants: Sequence[Entrant], tr: Translate) -> dict[str, Any]:
    """Content and buttons of the sign-up post."""
    return {"content": signup_content(tournament, entrants, tr), "view": signup_view(tournament, tr)}


# --- Standings as text and as a picture ----------------------------------------------------------


def number(value: float) -> str:
    """1, 1.5, 2½-style points as short text."""
    return f"{value:g}"


def standings_lines(standings: Standings, tr: Translate) -> list[str]:
    """The standings as text rows, then the footer that explains the tie-breaks."""
    rows = []
    for row in standings.rows[:MAX_TEXT_ROWS]:
        breaks = "".join(
            f", {tr(f'tournament.tiebreak.short.{name}')} {number(value)}"
            for name, value in zip(standings.tiebreaks, row.tiebreaks, strict=True)
        )
        rows.append(
            tr(
                "tournament.standings.row",
                rank=row.rank,
                player=present.user_name(row.player, tr, mention),
                points=number(row.points),
                games=row.games,
                tiebreaks=breaks,
                dropped=tr("tournament.standings.dropped") if row.dropped else "",
            )
        )
    if len(standings.rows) > MAX_TEXT_ROWS:
        rows.append(tr("core.list.more", count=len(standings.rows) - MAX_TEXT_ROWS))
    return rows + footer(standings, tr)


def footer(standings: Standings, tr: Translate) -> list[str]:
    """What points and tie-breaks mean in this tournament."""
    tournament = standings.tournament
    if tournament.format == "elimination":
        lines = [tr("tournament.footer.elimination")]
    elif standings.tiebreaks and standings.tiebreaks[0] == "sum_of_places":
        lines = [tr("tournament.footer.tables", points=", ".join(number(p) for p in tournament.place_points))]
    else:
        lines = [tr("tournament.footer.pairs")]
    lines += [tr(f"tournament.footer.{name}") for name in standings.tiebreaks]
    if standings.tiebreaks:
        lines.append(tr("tournament.footer.order"))
    return lines


def standings_table(standings: Standings, tr: Translate, names: dict[int, str]) -> picture.StandingsTable:
    """The standings as the picture's plain text."""
    tournament = standings.tournament
    headers = (
        tr("tournament.column.rank"),
        tr("tournament.column.player"),
        tr("tournament.column.points"),
        tr("tournament.column.games"),
        *(tr(f"tournament.tiebreak.short.{name}") for name in standings.tiebreaks),
    )
    rows = tuple(
        (
            str(row.rank),
            names.get(row.player, str(row.player)),
            number(row.points),
            str(row.games),
            *(number(v) for v in row.tiebreaks),
        )
        for row in standings.rows
    )
    title = tr(
        "tournament.standings.title",
        name=tournament.name or tr(f"{tournament.game_key}.title"),
        round=standings.round,
    )
    muted = frozenset(i for i, row in enumerate(standings.rows) if row.dropped)
    return picture.StandingsTable(title, headers, rows, tuple(footer(standings, tr)), muted)


async def standings_file(standings: Standings, tr: Translate, names: dict[int, str] | None = None) -> discord.File:
    """The standings picture as an attachment with its alt text (drawn off the event loop)."""
    known = names or {}
    resolved = {
        row.player: known.get(row.player) or (tr("core.autopilot.name") if row.player < 0 else f"@{row.player}")
        for row in standings.rows
    }
    table = standings_table(standings, tr, resolved)
    png = await asyncio.to_thread(lambda: kit.to_png(picture.render(table)))
    alt = tr(
        "tournament.standings.alt",
        name=standings.tournament.name or tr(f"{standings.tournament.game_key}.title"),
        count=len(standings.rows),
    )
    return discord.File(io.BytesIO(png), filename=f"tournament{standings.tournament.id}-standings.png", description=alt)


def display_names(guild: Any, users: list[int]) -> dict[int, str]:
    """Members' display names for a picture (mentions do not render in images)."""
    names = {}
    for user in users:
        member = guild.get_member(user) if guild is not None and user > 0 else None
        if member is not None:
            names[user] = member.display_name
    return names


def status_text(tournament: Tournament, tr: Translate) -> str:
    """Where the tournament stands, in a few words."""
    if tournament.status == "running":
        return tr("tournament.status.running", round=tournament.current_round, rounds=tournament.rounds)
    return tr(f"tournament.status.{tournament.status}")


def duration(seconds: int | None, tr: Translate) -> str:
    """A duration in days or hours."""
    if not seconds:
        return "—"
    if seconds >= DAY:
        return tr("core.duration.days", count=round(seconds / DAY, 1))
    return tr("core.duration.hours", count=round(seconds / HOUR, 1))


def rating_text(rating: ratings.Rating, tr: Translate) -> tuple[int, str]:
    """The shown rating and its provisional mark."""
    return ratings.display(rating), tr("rating.provisional") if rating.provisional else ""


def rating_lines(found: Mapping[str, ratings.Rating], tr: Translate) -> list[str]:
    """One line per game a player is rated in: the rating, provisional or not, and games played."""
    lines = []
    for game_key, value in sorted(found.items()):
        shown, provisional = rating_text(value, tr)
        lines.append(
            tr(
                "rating.profile.row",
                game=tr(f"{game_key}.title"),
                rating=shown,
                provisional=provisional,
                games=value.games,
            )
        )
    return lines
