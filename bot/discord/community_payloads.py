"""What the community commands show: a server's setup and a page of the audit log (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot import present
from bot.discord.payloads import MESSAGE_LIMIT, mention
from bot.i18n import language_name
from bot.service import AuditEntry, ServerSettings
from games.i18n import Translate

MAX_REASON_SHOWN: Final = 80
"""A reason is cut to this in the log's rows, so that a page of ten stays within one message."""


def span(seconds: int) -> str:
    """A duration as a person types it back: whole days as ``3d``, else hours."""
    if seconds % 86_400 == 0:
        return f"{seconds // 86_400}d"
    return f"{round(seconds / 3600)}h"


def _clock_time(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def settings_lines(settings: ServerSettings, tr: Translate) -> str:
    """A server's setup, one setting a line."""
    channels = " ".join(f"<#{c}>" for c in settings.match_channels) or tr("community.setup.anywhere")
    forum = (
        tr("community.setup.forum", forum=f"<#{settings.forum_channel_id}>")
        if settings.forum_channel_id is not None
        else tr("community.setup.no_forum")
    )
    language = language_name(settings.locale) if settings.locale else tr("community.setup.server_language")
    control = settings.time_control
    clock = (
        tr("community.setup.clock_value", limit=span(control.limit), bank=span(control.bank) if control.bank else "0")
        if control.limit is not None
        else tr("community.setup.no_clock")
    )
    who = f"<@&{settings.organiser_role}>" if settings.organiser_role is not None else tr("community.setup.anyone")
    autopilot = tr("community.setup.autopilot_on" if settings.autopilot_takeover else "community.setup.autopilot_off")
    stand_in = tr(f"core.level.{settings.autopilot_level.value}")
    quiet = (
        tr(
            "community.setup.quiet_value",
            start=_clock_time(settings.quiet_start),
            end=_clock_time(settings.quiet_end),
            timezone=settings.timezone or "UTC",
        )
        if settings.quiet_start is not None and settings.quiet_end is not None
        else tr("community.setup.no_quiet")
    )
    return "\n".join(
        [
            tr("community.setup.header"),
            "- " + tr("community.setup.channels", channels=channels),
            "- " + forum,
            "- " + tr("community.setup.language", language=language),
            "- " + tr("community.setup.clock", clock=clock),
            "- " + tr("community.setup.organisers", who=who),
            "- " + tr("community.setup.autopilot", what=autopilot),
            "- " + tr("community.setup.stand_in", level=stand_in),
            "- " + tr("community.setup.quiet", quiet=quiet),
        ]
    )


def audit_row(entry: AuditEntry, tr: Translate) -> str:
    """One act of the audit log in one line: when, what, who, to whom, on which match, why."""
    reason = entry.reason.replace("\n", " ")
    if len(reason) > MAX_REASON_SHOWN:
        reason = reason[: MAX_REASON_SHOWN - 1] + "…"
    return tr(
        "community.audit.row",
        at=present.discord_time(int(entry.at)),
        kind=tr(f"community.kind.{entry.kind}"),
        actor=mention(entry.actor_id) if entry.actor_id is not None else tr("community.audit.bot"),
        target=tr("community.audit.target", user=mention(entry.target_id)) if entry.target_id is not None else "",
        match=tr("community.audit.match", match=entry.match_id) if entry.match_id is not None else "",
        reason=tr("community.audit.reason", reason=reason) if reason else "",
    )


def audit_page_text(entries: Sequence[AuditEntry], page: int, tr: Translate) -> str:
    """A page of the audit log, within one message."""
    if not entries:
        return tr("community.audit.empty")
    lines = [tr("community.audit.header", page=page + 1), *(audit_row(entry, tr) for entry in entries)]
    return "\n".join(lines)[:MESSAGE_LIMIT]
