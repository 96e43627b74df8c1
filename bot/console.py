"""Play Serenissima in a terminal, without Discord, with several local players.

    python -m bot.console                       # interactive, players ana and bo
    python -m bot.console --players ana,bo,cy --locale ru --out console-out
    python -m bot.console --auto volto          # a whole random game, images written

The console drives the very same service, store, notifications and renderers as the bot;
only the transport differs: board posts and direct messages are printed and their images
written to ``--out`` (``match<id>-v<version>-board.png`` for the channel, ``...-seat<n>.png``
for a seat's private view). Type ``help`` for the commands.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shlex
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import renderers
from bot import history, present
from bot.clocks import TimeControl, parse_duration
from bot.i18n import tr_for
from bot.notify import BoardNews, Notifier, SeatNews
from bot.records import MatchStatus
from bot.scheduler import Scheduler
from bot.service import LobbyAction, Match, MoveOption, Offer, Service, StoreError, TakeBackStatus, WaitingGame
from bot.service_errors import LobbyError, NoSuchMatch, ServiceError
from games import REGISTRY
from games.ai import Level
from games.core import Message, MoveError, Rng, options_help
from games.i18n import Translate
from locales import LANGUAGES

GUILD = 1

OFFER_STEPS = ("accept", "take", "confirm")
"""The console's commands that press a seat offer's button (``present.offer_step``)."""


MATCH_SETTINGS = ("time=", "bank=", "vs=", "level=")
MAX_NUMBER_DIGITS = 18
"""Typed numbers longer than this are refused (a match id fits in 18 digits; the store's ints in 19)."""
"""Words of ``new`` that set up the match rather than the game's options."""


class ConsoleClock:
    """Real time plus an offset that the ``wait`` command moves forward."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        """Now, as the console's players experience it."""
        return time.time() + self.offset


class ConsoleTransport:
    """Prints what Discord would post, and writes the pictures to a folder."""

    def __init__(
        self,
        service: Service,
        out: Path,
        locale: str,
        name_of: Callable[[int], str],
        echo: Callable[[str], None],
    ) -> None:
        self.service = service
        self.out = out
        self.locale = locale
        self.name_of = name_of
        self.echo = echo
        self.tr = tr_for(locale)
        self._lobbies: dict[int, tuple[str, tuple[int, ...]]] = {}

    async def edit_lobby(self, match: Match) -> None:
        """Print the lobby post when it changes beyond the turn line (the board posts show turns).

        Discord rewrites the lobby post at every change of turn too; here each board post
        already ends with whose turn it is, so the console prints the lobby post when the
        players or the match's status change: joined, started (with the seats), over or cancelled.
        """
        record = match.record
        key = (record.status, record.seats)
        if self._lobbies.get(match.id) == key:
            return
        self._lobbies[match.id] = key
        lines = present.lobby_lines(match, self.tr, self.name_of)
        self.echo(self.tr("core.console.lobby", match=match.id) + "\n  " + "\n  ".join(lines))

    async def post_board(self, match: Match, news: BoardNews) -> None:
        """Print the channel post and write the public image (and the replay GIF at the end).

        A take-back request is printed as its own post, as Discord shows it (without its buttons).
        """
        if news.ask is not None:
            seats = match.record.seats
            asked = " ".join(self.name_of(seats[seat]) for seat in news.ask.asked)
            request = self.tr(
                "core.undo.request", user=self.name_of(seats[news.ask.seat]), match=match.id, players=asked
            )
            self.echo(f"{self.tr('core.console.channel', match=match.id)} {request}")
        if not news.events and not news.final:
            return
        path = self.save(match, None)
        body = present.lines(news.events, self.tr, self.name_of, present.plain_time)
        status = present.status(match, self.tr, self.name_of, news.events)
        where = self.tr("core.console.channel", match=match.id)
        tail = [line for line in (status, self.tr("core.console.image", path=path)) if line]
        if news.final and match.record.status == MatchStatus.FINISHED:
            tail.append(self.tr("core.console.replay", path=await self.save_replay(match)))
        self.echo(f"{where} {body}\n  " + "\n  ".join(tail))

    async def post_offer(self, match: Match, seat: int) -> None:
        """Print the seat's standing offer as its post (without its button; the console's commands press it)."""
        offer = await self.service.standing_offer(match, seat)
        if offer is not None:
            self.print_offer(offer)

    def print_offer(self, offer: Offer) -> None:
        """An offer's post, at its step, as the channel shows it."""
        post = present.offer_text(offer, self.tr, self.name_of)
        self.echo(f"{self.tr('core.console.channel', match=offer.match.id)} {post}")

    async def send_to_seat(self, match: Match, news: SeatNews) -> None:
        """Print the direct message as Discord sends it, and write the seat's private image.

        On the seat's turn: "your turn", the catch-up since its last move, and the first
        step's choices numbered as the buttons offer them; otherwise its private news.
        """
        user_id = match.record.seats[news.seat]
        path = self.save(match, news.seat)
        lines = []
        if news.turn and news.seat in match.to_move():
            lines.append(self.tr("core.turn.your_turn", game=self.tr(f"{match.game.key}.title"), match=match.id))
            since = await history.catch_up(self.service, match, news.seat)
            if since:
                lines.append(self.tr("core.turn.news"))
                lines.extend(self.text(message) for message in since[-present.CATCH_UP_LINES :])
            options = await self.service.move_options(match, user_id)
            lines.extend(choice_lines(options, (), self.tr))
        elif news.events:
            lines.extend(self.text(message) for message in news.events)
        else:  # the end of the match: Discord's DM shows the status line with the view
            lines.append(present.status(match, self.tr, self.name_of))
        lines.append(self.tr("core.console.image", path=path))
        self.echo(f"{self.tr('core.console.dm', name=self.name_of(user_id))} " + "\n  ".join(lines))

    def text(self, message: Message) -> str:
        """One message in words, with the local players' names."""
        return present.text(message, self.tr, self.name_of, present.plain_time)

    async def save_replay(self, match: Match) -> Path:
        """Write the replay GIF the bot attaches to a finished match's last post."""
        views = await history.public_views(self.service, match.id)
        data = await asyncio.to_thread(renderers.replay_gif, match.game.key, views, tr=self.tr)
        path = self.out / f"match{match.id}-replay.gif"
        path.write_bytes(data)
        return path

    async def send_digest(self, user_id: int, games: list[WaitingGame]) -> None:
        """Print a reminder digest."""
        listed = ", ".join(f"#{game.match.id}" for game in games)
        header = self.tr("core.digest.header", count=len(games))
        self.echo(f"{self.tr('core.console.dm', name=self.name_of(user_id))} {header} {listed}")

    def save(self, match: Match, seat: int | None) -> Path:
        """Write the picture ``seat`` sees (None: the channel's) and return its path."""
        if match.state is None:
            return self.out
        picture = present.picture(match, seat, self.locale)
        path = self.out / picture.filename
        path.write_bytes(picture.png)
        return path


class Console:
    """The command loop: one line, one service call, as a named local player."""

    def __init__(
        self, service: Service, players: list[str], out: Path, locale: str, echo: Callable[[str], None] = print
    ) -> None:
        self.service = service
        self.players = players
        self.ids = {name: index + 1 for index, name in enumerate(players)}
        self.current = players[0]
        self.match_id: int | None = None
        self.echo = echo
        self.tr: Translate = tr_for(locale)
        self.transport = ConsoleTransport(service, out, locale, self.name_of, echo)
        self.picking: tuple[str, ...] = ()
        """The tokens picked so far of a move built step by step from numbered choices."""
        self.notifier = Notifier(service, self.transport)
        self.scheduler = Scheduler(service, self.transport)
        self.clock = service.clock if isinstance(service.clock, ConsoleClock) else ConsoleClock()

    def name_of(self, user_id: int) -> str:
        """The local player name of a user id."""
        return self.players[user_id - 1] if 0 < user_id <= len(self.players) else f"user{user_id}"

    @property
    def user_id(self) -> int:
        """The id of the player typing now."""
        return self.ids[self.current]

    async def handle(self, line: str) -> bool:
        """Run one command line; False when the console should stop."""
        try:
            words = shlex.split(line)
        except ValueError:  # an unclosed quote: take the words as typed
            words = line.split()
        if not words:
            return True
        command, args = words[0].lower(), words[1:]
        try:
            keep_going = await self._dispatch(command, args)
        except (ServiceError, MoveError) as error:
            self.echo("! " + present.text(error.message, self.tr, self.name_of))
            return True
        await self.notifier.deliver_due()
        return keep_going

    async def _dispatch(self, command: str, args: list[str]) -> bool:
        if command in ("quit", "exit"):
            return False
        if command == "help":
            self.echo(help_text(self.tr))
        elif command == "wait":
            await self._wait(args[0] if args else "1h")
        elif command == "as":
            self._switch(args[0] if args else "")
        elif command == "new":
            await self._new(args)
        elif command in (*LobbyAction, "resign", "draw", "claim"):
            await self._lobby(command, args)
        elif command == "moves":
            await self._moves()
        elif command == "standing":
            await self._standing(args[0] if args else None)
        elif command == "show":
            await self._show()
        elif command == "list":
            for record in await self.service.list_matches(GUILD, self.user_id):
                players = ", ".join(self.name_of(u) for u in record.seats)
                status = self.tr(f"core.list.status.{record.status}")
                game = self.tr(f"{record.game_key}.title")
                self.echo(self.tr("core.list.row", match=record.id, game=game, status=status, players=players))
        elif command == "undo":
            await self._undo()
        elif command in ("agree", "refuse"):
            await self._answer_undo(agree=command == "agree")
        elif command == "sub":
            await self._sub(args)
        elif command in OFFER_STEPS:
            await self._offer_step(command)
        elif command == "move":
            await self._move(" ".join(args))
        elif command.isdigit() and not args:
            await self._pick(command)
        else:
            await self._move(" ".join([command, *args]))
        return True

    async def _wait(self, duration: str) -> None:
        """Move the console's clock forward and let everything that came due happen."""
        self.clock.offset += parse_duration(duration)
        await self.scheduler.tick()
        self.echo(self.tr("core.console.now", now_at=present.plain_time(int(self.clock()))))

    def _switch(self, name: str) -> None:
        if name not in self.ids:
            self.echo(self.tr("core.console.unknown_player", name=name, players=", ".join(self.players)))
            return
        self.current = name
        self.picking = ()
        self.echo(f"> {name}")

    async def _new(self, args: list[str]) -> None:
        game = args[0] if args else next(iter(REGISTRY))
        players = None
        if len(args) > 1 and args[1].isdigit():
            players = _number(args[1])
            if players is None:
                chosen = self.service.game(game)
                raise LobbyError("core.error.bad_players", low=chosen.min_players, high=chosen.max_players)
        rest = args[2:] if players is not None else args[1:]
        settings = {word.split("=", 1)[0]: word.split("=", 1)[1] for word in rest if word.startswith(MATCH_SETTINGS)}
        options = " ".join(word for word in rest if not word.startswith(MATCH_SETTINGS))
        level = _level(settings.get("level"))
        match = await self.service.create_match(
            game,
            self.user_id,
            guild_id=GUILD,
            channel_id=GUILD,
            players=players,
            options_text=options,
            time_control=TimeControl.from_text(settings.get("time"), settings.get("bank")),
            vs_autopilot=settings.get("vs") == "autopilot" or "level" in settings,
            level=level,
        )
        self.match_id = match.id
        self.echo(present.title(match, self.tr) + " · " + present.status(match, self.tr, self.name_of))
        rules = match.game.option_rules()
        listed = options_help(rules) if rules else self.tr("core.options.none")
        self.echo(self.tr("core.console.game_options", game=self.tr(f"{match.game.key}.title"), options=listed))

    async def _lobby(self, command: str, args: list[str]) -> None:
        match_id = _match_number(args[0]) if args and args[0].isdigit() else self._require_match()
        action = {
            LobbyAction.JOIN: self.service.join,
            LobbyAction.LEAVE: self.service.leave,
            LobbyAction.START: self.service.start,
            LobbyAction.CANCEL: self.service.cancel,
            "resign": self.service.resign,
            "draw": self.service.offer_draw,
            "claim": self.service.claim_win,
        }[command]
        change = await action(match_id, self.user_id)
        self.match_id = match_id
        if change.messages:
            self.echo(present.lines(change.messages, self.tr, self.name_of))
        status = present.status(change.match, self.tr, self.name_of, change.messages)
        if status:
            self.echo(status)

    async def _moves(self) -> None:
        self.picking = ()
        match = await self.service.get_match(self._require_match())
        options = await self.service.move_options(match, self.user_id)
        if not options:
            self.echo(present.status(match, self.tr, self.name_of))
        for option in options:
            self.echo(f"  {option.code:<12} {self.tr(option.label)}")

    async def _standing(self, answer: str | None) -> None:
        """Set (or, with no answer, clear) the current player's standing answer in the match."""
        label = await self.service.set_standing_answer(self._require_match(), self.user_id, answer)
        self.echo(self.tr(label) if answer is None else self.tr("core.standing.set", answer=self.tr(label)))

    async def _show(self) -> None:
        match = await self.service.get_match(self._require_match())
        self.echo(present.headline(match, self.tr) + "\n" + present.status(match, self.tr, self.name_of))
        if match.state is not None:
            self.echo("  " + self.tr("core.console.image", path=self.transport.save(match, None)))
            seat = match.seat_of(self.user_id)
            if seat is not None:
                self.echo(f"  {self.current}: {self.transport.save(match, seat)}")

    async def _pick(self, number: str) -> None:
        """Pick the numbered choice of the current step, as a click on its button would."""
        match = await self.service.get_match(self._require_match())
        options = await self.service.move_options(match, self.user_id)
        if not options:  # nothing to pick: say whose turn it is, as a click out of turn is told
            raise ServiceError("core.error.not_your_turn")
        choices = list(present.next_choices(options, self.picking))
        index = _number(number)
        if index == 0 and self.picking:
            self.picking = self.picking[:-1]
        elif index is None or not 0 < index <= len(choices):
            self.echo("! " + self.tr("core.console.no_choice", number=number))
            return
        else:
            self.picking = (*self.picking, choices[index - 1])
        chosen = present.complete_move(options, self.picking)
        if chosen is not None and not present.next_choices(options, self.picking):
            await self._move(chosen.code)
            return
        self.echo("\n".join(choice_lines(options, self.picking, self.tr)))

    async def _move(self, code: str) -> None:
        self.picking = ()
        change = await self.service.submit_move(self._require_match(), self.user_id, code)
        seat = change.actor_seat
        mine = change.events_for(seat)
        done = [] if change.played is None else [self.tr("core.turn.done", move=self.tr(change.played))]
        lines = [*done, *([present.lines(mine, self.tr, self.name_of)] if mine else [])]
        self.echo(f"{self.current}: " + ("\n  ".join(lines) or code))
        if seat is not None:
            await self._choices_after(change.match)  # a step inside a turn: what comes next, as the buttons offer it

    async def _undo(self) -> None:
        """Take back my last move, or, in a rated match, ask the others (their request post is printed)."""
        self.picking = ()
        result = await self.service.take_back(self._require_match(), self.user_id)
        if result.status is not TakeBackStatus.DONE:
            self.echo(self.tr("core.undo.asked"))
            return
        self.echo(self.tr("core.undo.done"))
        await self._choices_after(result.match)

    async def _answer_undo(self, *, agree: bool) -> None:
        """Agree to (or refuse) the take-back request open in the match, as its buttons do."""
        match = await self.service.get_match(self._require_match())
        result = await self.service.answer_take_back(match.id, self.user_id, match.version, agree=agree)
        if result.status is TakeBackStatus.AGREED:
            self.echo(self.tr("core.undo.agreed", players=", ".join(self.name_of(u) for u in result.waiting)))
        elif result.status is TakeBackStatus.REFUSED:
            self.echo(self.tr("core.undo.refused"))
        else:
            self.echo(self.tr("core.undo.accepted"))

    async def _sub(self, args: list[str]) -> None:
        """``sub [player] [seat=N]``: offer my seat (or an autopilot's, N from 1) to a player, or call for one.

        As ``/game sub``: the offer's post comes from the outbox, printed by the transport.
        """
        to_user, seat_number = None, None
        for word in args:
            if word.startswith("seat="):
                seat_number = _number(word.removeprefix("seat="))
                if seat_number is None:
                    raise ServiceError("core.error.sub_bad_seat", seat=word.removeprefix("seat="))
            elif word in self.ids:
                to_user = self.ids[word]
            else:
                self.echo(self.tr("core.console.unknown_player", name=word, players=", ".join(self.players)))
                return
        match_id = self._require_match()
        await self.service.offer_seat(match_id, self.user_id, to_user=to_user, seat_number=seat_number)
        self.echo(self.tr("core.sub.posted"))

    async def _offer_step(self, step: str) -> None:
        """``accept``, ``take`` or ``confirm``: press the button of the match's offer at that step, as its post does."""
        match = await self.service.get_match(self._require_match())
        standing = [await self.service.standing_offer(match, seat) for seat in range(len(match.record.seats))]
        offers = [o for o in standing if o is not None and present.offer_step(o) == step]
        mine = [o for o in offers if o.offer.to_user == self.user_id] if step == "accept" else offers
        if not mine:
            raise ServiceError("core.error.sub_gone")
        offer_id, user = mine[0].offer.id, self.user_id
        if step == "accept":
            offer = await self.service.accept_seat(offer_id, user)
        elif step == "take":
            offer = await self.service.volunteer(offer_id, user)
        else:
            offer = await self.service.confirm_volunteer(offer_id, user)
        self.transport.print_offer(offer)  # Discord edits the post to its next step
        if step == "take":
            self.echo(self.tr("core.sub.volunteer_noted"))

    async def _choices_after(self, match: Match) -> None:
        """The current player's picture of ``match`` and, if they must act, their choices numbered."""
        seat = match.seat_of(self.user_id)
        if seat is None or match.state is None:
            return
        self.echo(f"  {self.current}: {self.transport.save(match, seat)}")
        if match.is_running and seat in match.to_move():
            options = await self.service.move_options(match, self.user_id)
            self.echo("\n".join(choice_lines(options, (), self.tr)))

    def _require_match(self) -> int:
        if self.match_id is None:
            raise ServiceError("core.error.no_match_here")
        return self.match_id

    async def autoplay(self, game_key: str, seed: int = 0, max_moves: int = 5000) -> Match:
        """Play a whole match with random legal moves for every local player."""
        await self._new([game_key, str(len(self.players))] if REGISTRY[game_key].max_players > 2 else [game_key])
        for name in self.players[1 : REGISTRY[game_key].max_players]:
            self.current = name
            await self.handle(LobbyAction.JOIN)
        match = await self.service.get_match(self._require_match())
        if match.record.status == MatchStatus.LOBBY:
            self.current = self.players[0]
            await self.handle(LobbyAction.START)
        for step in range(max_moves):
            match = await self.service.get_match(self._require_match())
            users = match.users_to_move()
            if not users:
                break
            user = users[step % len(users)]
            self.current = self.name_of(user)
            options = await self.service.move_options(match, user)
            choice = Rng(seed, step).choice(options)
            await self.handle(f"move {choice.code}")
        return await self.service.get_match(self._require_match())


def choice_lines(options: Sequence[MoveOption], prefix: tuple[str, ...], tr: Translate) -> list[str]:
    """The choices of the step after ``prefix``, numbered in the order the buttons show them."""
    choices = present.next_choices(options, prefix)
    if not choices:
        return []
    head = tr("core.console.choices_next" if prefix else "core.console.choices")
    return [head, *(f"  {number}. {tr(label)}" for number, label in enumerate(choices.values(), start=1))]


def _number(text: str) -> int | None:
    """A whole number typed in ASCII digits, or None (also for numbers too long to mean anything)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS else None


def _match_number(text: str) -> int:
    """The match a typed number names; a number too long to be a match id names none."""
    number = _number(text)
    if number is None:
        raise NoSuchMatch("core.error.no_match", match=text)
    return number


def _level(text: str | None) -> Level:
    """The computer opponents' level typed after ``level=`` (easy when not given).

    Raises:
        LobbyError: the text names no level.
    """
    if text is None:
        return Level.EASY
    try:
        return Level(text.lower())
    except ValueError:
        raise LobbyError("core.error.bad_level", given=text, levels=", ".join(level.value for level in Level)) from None


def help_text(tr: Translate) -> str:
    """The console's command list, translated."""
    return tr("core.console.help", games=", ".join(REGISTRY))


async def main(argv: list[str] | None = None) -> None:
    """Run the console."""
    parser = argparse.ArgumentParser(prog="python -m bot.console", description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="ana,bo", help="comma-separated local player names")
    parser.add_argument("--locale", default="en", choices=LANGUAGES)
    parser.add_argument("--out", default="console-out", help="folder for the images")
    parser.add_argument(
        "--db", default=None, help="SQLite file or postgresql:// URL (default: a temporary SQLite file)"
    )
    parser.add_argument("--auto", metavar="GAME", help="play a whole random match of GAME and stop")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices of --auto")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        db = args.db or str(Path(scratch) / "console.sqlite3")
        async with Service.open(db, clock=ConsoleClock()) as service:
            console = Console(service, args.players.split(","), out, args.locale)
            if args.auto:
                match = await console.autoplay(args.auto, args.seed)
                console.echo(present.status(match, console.tr, console.name_of))
                return
            console.echo(help_text(console.tr))
            while True:
                try:
                    line = await asyncio.to_thread(input, f"{console.current}> ")
                except EOFError:
                    return
                if not await console.handle(line):
                    return


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        try:
            asyncio.run(main(sys.argv[1:]))
        except StoreError as error:  # the same refusals as the bot's (held by another process, foreign...)
            sys.stderr.write(f"{error}\n")
            sys.exit(3)
