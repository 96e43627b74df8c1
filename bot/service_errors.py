"""The refusals of the service: each carries a translation key and its parameters."""

from __future__ import annotations

from typing import Any

from games.core import Message


class ServiceError(Exception):
    """A request the service refuses; ``message`` is shown to the person, translated."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def message(self) -> Message:
        """The refusal as a translatable message."""
        return Message(self.code, self.params)


class NoSuchMatch(ServiceError):
    """No match fits the request."""


class NotSeated(ServiceError):
    """The user holds no seat in this match."""


class StaleMove(ServiceError):
    """The board changed since the user looked at it."""


class LobbyError(ServiceError):
    """A lobby action that is not possible now (full, started, too few players...)."""
