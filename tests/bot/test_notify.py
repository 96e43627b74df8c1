"""The notifier (bot/notify.py): delivering the outbox to the right people, folding lobby
edits, retrying failed deliveries and giving up on undeliverable ones."""

from __future__ import annotations

import asyncio

import pytest

from bot import notify, outbox, present
from bot.codec import message_from_json
from bot.i18n import tr_for
from bot.notify import MAX_ATTEMPTS, MAX_RETRY_SECONDS, BoardNews, GiveUp, Notifier, SeatNews
from bot.service import Match
from games.core import Seat, msg
from tests.bot.test_service import arranged, lobby
from tests.postgres import BOTH_BACKENDS


class Recorder:
    def __init__(self, fail_times: int = 0, give_up: bool = False) -> None:
        self.boards: list[BoardNews] = []
        self.seats: list[SeatNews] = []
        self.lobbies: list[tuple[str, int]] = []
        self.offers: list[Seat] = []
        self.fail_times = fail_times
        self.give_up = give_up

    async def post_board(self, match, news):
        if self.give_up:
            raise GiveUp("channel gone")
        if self.fail_times:
            self.fail_times -= 1
            raise ConnectionError("Discord is down")
        self.boards.append(news)

    async def send_to_seat(self, match, news):
        self.seats.append(news)

    async def edit_lobby(self, match):
        self.lobbies.append((match.record.status, match.version))

    async def post_offer(self, match, seat):
        self.offers.append(seat)


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_notifications_after_a_move_reach_the_right_people(service):
    match_id = await arranged(service)
    notifier = Notifier(service, Recorder())
    await notifier.deliver_due()
    recorder: Recorder = notifier.transport  # type: ignore[assignment]
    recorder.boards.clear()
    recorder.seats.clear()
    match = await service.get_match(match_id)
    [mover] = match.users_to_move()
    mover_seat = match.seat_of(mover)
    option = (await service.move_options(match, mover))[0]
    await service.submit_move(match_id, mover, option.code)
    await notifier.deliver_due()
    [board] = recorder.boards
    assert board.events, "the channel hears what happened"
    assert board.mention == [1 - mover_seat], "and who must act"
    assert [news.seat for news in recorder.seats] == [1 - mover_seat], "only the next seat gets a DM"
    assert recorder.seats[0].turn
    assert await notifier.deliver_due() == 0, "nothing is delivered twice"


async def test_a_take_back_request_alone_is_posted_and_folded_posts_keep_the_latest_request(service):
    match_id = await arranged(service)
    recorder = Recorder()
    notifier = Notifier(service, recorder)
    await notifier.deliver_due()
    recorder.boards.clear()
    version = (await service.get_match(match_id)).version
    first, latest = outbox.UndoAsk(0, version - 1, (1,)), outbox.UndoAsk(1, version, (0,))
    await service.store.add_notifications(match_id, [outbox.board((), ask=first)], service.clock())
    await notifier.deliver_due()
    [alone] = recorder.boards
    assert alone.ask == first, "a request is posted (with the held news of the set-up, if any)"
    recorder.boards.clear()
    note = msg("core.event.back", user=10)
    news = [outbox.board((), ask=first), outbox.board([note]), outbox.board((), ask=latest)]
    await service.store.add_notifications(match_id, news, service.clock())
    await notifier.deliver_due()
    [folded] = recorder.boards
    assert folded.ask == latest and folded.events == [note], "one post: the news, and only the latest request"
    recorder.boards.clear()
    await service.store.add_notifications(match_id, [outbox.board((), ask=latest)], service.clock())
    await notifier.deliver_due()
    assert [(news.ask, news.events) for news in recorder.boards] == [(latest, [])], "a request alone is posted"


async def test_the_offers_of_one_seat_fold_into_one_post_and_hold_no_board_post_back(service):
    match_id = await arranged(service)
    recorder = Recorder()
    notifier = Notifier(service, recorder)
    await notifier.deliver_due()
    recorder.boards.clear()
    step = msg("core.event.back", user=10)
    await service.store.add_notifications(match_id, [outbox.board([step], held=True)], service.clock())
    offers = [outbox.offer_post(1), outbox.offer_post(0), outbox.offer_post(1)]
    await service.store.add_notifications(match_id, offers, service.clock())
    await notifier.deliver_due()
    assert sorted(recorder.offers) == [0, 1], "each seat's offer is posted once (its latest stands)"
    assert recorder.boards == [], "a board post held for the turn's end stays held"
    assert await notifier.deliver_due() == 0


async def test_the_lobby_post_follows_the_match_one_edit_per_decision(service):
    recorder = Recorder()
    notifier = Notifier(service, recorder)
    match_id = await lobby(service)
    await service.join(match_id, 11)
    await notifier.deliver_due()
    assert recorder.lobbies == [("active", (await service.get_match(match_id)).version)], "started: one edit"
    turn_changes = 0
    for user, code in ((10, "auto"), (10, "ready"), (11, "auto"), (11, "ready")):
        recorder.lobbies.clear()
        before = await service.get_match(match_id)
        await service.submit_move(match_id, user, code)
        await notifier.deliver_due()
        after = await service.get_match(match_id)
        # What the lobby post says of the turn: who is due, and the status line (during
        # Volto's secret setup it says the players are arranging, even with the same seat due).
        changed = after.to_move() != before.to_move() or _status(after) != _status(before)
        turn_changes += changed
        assert len(recorder.lobbies) == (1 if changed else 0), "one edit when the turn's status changes, else none"
    assert turn_changes >= 1
    match = await service.get_match(match_id)
    [mover] = match.users_to_move()
    recorder.lobbies.clear()
    await service.resign(match_id, mover)
    await notifier.deliver_due()
    assert recorder.lobbies == [("finished", (await service.get_match(match_id)).version)]


async def test_several_changes_in_one_round_fold_into_one_lobby_edit(service):
    recorder = Recorder()
    notifier = Notifier(service, recorder)
    match_id = (await service.create_match("rialto", 10, guild_id=1, channel_id=2, players=3)).id
    await service.join(match_id, 11)
    await service.leave(match_id, 11)
    await service.join(match_id, 12)
    await service.cancel(match_id, 10)
    await notifier.deliver_due()
    assert recorder.lobbies == [("cancelled", (await service.get_match(match_id)).version)]


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_failed_delivery_is_retried_later(service, clock):
    match_id = await lobby(service)
    await service.join(match_id, 11)
    recorder = Recorder(fail_times=1)
    notifier = Notifier(service, recorder)
    await notifier.deliver_due()
    assert recorder.boards == []
    clock.advance(60)
    await notifier.deliver_due()
    assert len(recorder.boards) == 1
    assert message_from_json({"key": "x", "params": {}}).key == "x"


async def test_an_undeliverable_notification_is_given_up(service):
    match_id = await lobby(service)
    await service.join(match_id, 11)
    notifier = Notifier(service, Recorder(give_up=True))
    await notifier.deliver_due()
    assert await service.store.due_notifications(service.clock() + 10_000) == []


class Poisoned(Recorder):
    """A transport that fails on every board post carrying one piece of news (a bug, say: not
    Discord saying never, so it is retried), and posts the rest."""

    async def post_board(self, match, news):
        if any(message.key == "test.poison" for message in news.events):
            raise ValueError("cannot draw this")
        await super().post_board(match, news)


def posted(recorder: Recorder) -> list[list[str]]:
    return [[message.key for message in news.events] for news in recorder.boards]


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_post_that_keeps_failing_holds_back_its_channel_until_given_up_and_only_it_is_given_up(service, clock):
    match_id = await lobby(service)
    await service.join(match_id, 11)
    recorder = Poisoned()
    notifier = Notifier(service, recorder)
    await notifier.deliver_due()
    recorder.boards.clear()
    await service.post_to_board(match_id, [msg("test.poison")])
    assert await notifier.deliver_due() == 0, "failed: retried later"
    clock.advance(1)
    await service.post_to_board(match_id, [msg("test.after")])
    await notifier.deliver_due()
    assert posted(recorder) == [], "the later post does not overtake the failing one"
    for _ in range(MAX_ATTEMPTS + 2):
        clock.advance(MAX_RETRY_SECONDS)
        await notifier.deliver_due()
    assert posted(recorder) == [["test.after"]], "it was given up; the post behind it was not, and went"
    assert await service.store.due_notifications(clock() + 10 * MAX_RETRY_SECONDS) == []


async def test_a_post_given_up_holds_nothing_back(service):
    match_id = await lobby(service)
    await service.join(match_id, 11)
    recorder = Recorder(give_up=True)
    notifier = Notifier(service, recorder)
    await service.post_to_board(match_id, [msg("test.lost")])
    await notifier.deliver_due()
    recorder.give_up = False  # the channel's permission given back
    await service.post_to_board(match_id, [msg("test.after")])
    await notifier.deliver_due()
    assert posted(recorder) == [["test.after"]]


def _status(match: Match) -> str:
    """The status line of the lobby post, in English, players by id."""
    return present.status(match, tr_for("en"), str)


class SlowChannel(Recorder):
    """Discord holding up one match's channel (a rate limit): its posts wait for ``opened``."""

    def __init__(self, slow_match: int) -> None:
        super().__init__()
        self.slow_match = slow_match
        self.opened = asyncio.Event()
        self.waiting = asyncio.Event()
        self.sent: list[tuple[int, str, Seat | None]] = []

    async def send_to_seat(self, match, news):
        self.sent.append((match.id, "dm", news.seat))
        await super().send_to_seat(match, news)

    async def post_board(self, match, news):
        if match.id == self.slow_match:
            self.waiting.set()
            await self.opened.wait()
        self.sent.append((match.id, "board", None))
        await super().post_board(match, news)


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_slow_channel_holds_up_only_its_own_posts(service):
    slow_match = await arranged(service)
    other_match = await arranged(service)
    transport = SlowChannel(slow_match)
    transport.opened.set()
    notifier = Notifier(service, transport)
    await notifier.deliver_due()  # the starts' news, delivered at once
    transport.opened.clear()
    transport.sent.clear()

    async def move(match_id: int) -> Seat:
        match = await service.get_match(match_id)
        [mover] = match.users_to_move()
        await service.submit_move(match_id, mover, (await service.move_options(match, mover))[0].code)
        return match.seat_of(mover)

    await move(slow_match)
    sender = asyncio.create_task(notifier.deliver_due())
    await asyncio.wait_for(transport.waiting.wait(), 5)
    mover = await move(other_match)
    caller = asyncio.create_task(notifier.deliver_due())  # the bot flushes after the move
    news_of_other = [(other_match, "dm", 1 - mover), (other_match, "board", None)]
    try:
        for _ in range(500):
            if all(sent in transport.sent for sent in news_of_other):
                break
            await asyncio.sleep(0.01)
        assert news_of_other[0] in transport.sent, "the other match's DM is not held up"
        assert news_of_other[1] in transport.sent, "nor its board post"
        assert (slow_match, "board", None) not in transport.sent
        assert not sender.done() and not caller.done(), "the slow post is still being sent"
    finally:
        transport.opened.set()
    assert await asyncio.wait_for(sender, 5) >= 2, "then the slow post is settled with the rest"
    assert await asyncio.wait_for(caller, 5) == 0
    assert (slow_match, "board", None) in transport.sent
    assert await notifier.deliver_due() == 0, "nothing is delivered twice"


class Together(Recorder):
    """Sends that end at the same moment: each waits until all ``expected`` of them have begun."""

    def __init__(self, expected: int) -> None:
        super().__init__()
        self.expected = expected
        self.begun = 0
        self.all_begun = asyncio.Event()

    async def _together(self) -> None:
        self.begun += 1
        if self.begun == self.expected:
            self.all_begun.set()
        await self.all_begun.wait()

    async def post_board(self, match, news):
        await self._together()
        await super().post_board(match, news)

    async def send_to_seat(self, match, news):
        await self._together()
        await super().send_to_seat(match, news)

    async def edit_lobby(self, match):
        await self._together()
        await super().edit_lobby(match)


class Outbox:
    """The notifier's calls to the service's outbox, in order, each with what it passed or got."""

    def __init__(self, service) -> None:
        self.calls: list[tuple[str, object]] = []
        claim, delivered, get_match = service.claim_notifications, service.delivered, service.get_match

        async def claiming(now, *args):
            due = await claim(now, *args)
            self.calls.append(("claim", [n.id for n in due]))
            return due

        async def marking(ids, now):
            await delivered(ids, now)
            self.calls.append(("delivered", sorted(ids)))

        async def reading(match_id):
            self.calls.append(("get_match", match_id))
            return await get_match(match_id)

        service.claim_notifications, service.delivered, service.get_match = claiming, marking, reading

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_destinations_settled_together_are_marked_in_one_transaction_and_their_match_read_once(service):
    match_id = await arranged(service)
    due = [n.id for n in await service.store.due_notifications(service.clock())]
    outbox = Outbox(service)
    recorder = Together(4)
    assert await Notifier(service, recorder).deliver_due() == len(due)
    assert len(recorder.boards) == 1 and len(recorder.lobbies) == 1 and len(recorder.seats) == 2, "four destinations"
    assert outbox.calls == [
        ("claim", due),
        ("get_match", match_id),  # once for the four of them
        ("delivered", due),  # all four sent at once: one transaction
        ("claim", []),  # after the marking, for news that waited behind them; not before
    ]


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_full_claim_is_followed_by_another_at_once(service, monkeypatch):
    monkeypatch.setattr(notify, "CLAIM_LIMIT", 1)
    first, second = await lobby(service), await lobby(service)
    await Notifier(service, Recorder()).deliver_due()
    await service.post_to_board(first, [msg("test.first")])
    await service.post_to_board(second, [msg("test.second")])

    class Waiting(Recorder):
        """The first match's channel answers only once the second's post is out."""

        def __init__(self) -> None:
            super().__init__()
            self.second_posted = asyncio.Event()

        async def post_board(self, match, news):
            if match.id == first:
                await self.second_posted.wait()
            await super().post_board(match, news)
            if match.id == second:
                self.second_posted.set()

    transport = Waiting()
    assert await asyncio.wait_for(Notifier(service, transport).deliver_due(), 30) == 2, "not held by the first"
    assert posted(transport) == [["test.second"], ["test.first"]]


class Gated(Recorder):
    """One match's channel held up (a rate limit) until ``opened``; every send is announced to ``changed``."""

    def __init__(self, slow_match: int) -> None:
        super().__init__()
        self.slow_match = slow_match
        self.opened = asyncio.Event()
        self.changed = asyncio.Condition()
        self.waiting = 0

    async def until(self, predicate) -> None:
        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(predicate), 30)

    async def _announce(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    async def post_board(self, match, news):
        if match.id == self.slow_match:
            self.waiting += 1
            await self._announce()
            await self.opened.wait()
        await super().post_board(match, news)
        await self._announce()

    async def send_to_seat(self, match, news):
        await super().send_to_seat(match, news)
        await self._announce()


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_news_held_behind_a_slow_post_goes_after_it_is_marked_in_the_same_round(service):
    match_id = await arranged(service)
    transport = Gated(match_id)
    transport.opened.set()
    notifier = Notifier(service, transport)
    await notifier.deliver_due()
    transport.opened.clear()
    transport.waiting = 0
    transport.boards.clear()
    transport.seats.clear()

    async def move() -> None:
        match = await service.get_match(match_id)
        [mover] = match.users_to_move()
        await service.submit_move(match_id, mover, (await service.move_options(match, mover))[0].code)

    await move()
    outbox = Outbox(service)
    sender = asyncio.create_task(notifier.deliver_due())
    await transport.until(lambda: transport.waiting == 1 and len(transport.seats) == 1)
    await move()
    caller = asyncio.create_task(notifier.deliver_due())
    await transport.until(lambda: len(transport.seats) == 2)  # the second move's DM is not held up
    assert transport.waiting == 1 and transport.boards == [], "the second board post waits behind the first"
    transport.opened.set()
    assert await asyncio.wait_for(sender, 30) >= 2
    assert await asyncio.wait_for(caller, 30) == 0
    first, second = transport.boards
    assert first.events and second.events and first.events != second.events, "two posts, in the order queued"
    claims = [ids for name, ids in outbox.calls if name == "claim"]
    marks = [ids for name, ids in outbox.calls if name == "delivered"]
    board = await service.store.fetch_all("SELECT id FROM outbox WHERE kind = 'board' ORDER BY id DESC LIMIT 2")
    later, earlier = board[0][0], board[1][0]
    claimed_later = next(i for i, (name, ids) in enumerate(outbox.calls) if name == "claim" and later in ids)
    marked_earlier = next(i for i, (name, ids) in enumerate(outbox.calls) if name == "delivered" and earlier in ids)
    assert marked_earlier < claimed_later, "the later post is claimed only once the earlier is marked"
    assert sorted(i for ids in claims for i in ids) == sorted(i for ids in marks for i in ids), "each once"


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_cancelled_sender_marks_what_it_sent_and_leaves_the_rest_to_the_next_claimer(service, clock):
    match_id = await arranged(service)
    board = [n.id for n in await service.store.due_notifications(service.clock()) if n.kind == "board"]

    class Closing(Recorder):
        """The board post hangs; the bot closes (cancelling the sender) once the other three are sent."""

        sender: asyncio.Task[int]

        async def post_board(self, match, news):
            await asyncio.Event().wait()

        async def edit_lobby(self, match):
            await super().edit_lobby(match)
            self.close_when_sent()

        async def send_to_seat(self, match, news):
            await super().send_to_seat(match, news)
            self.close_when_sent()

        def close_when_sent(self) -> None:
            if len(self.lobbies) + len(self.seats) == 3:
                self.sender.cancel()

    transport = Closing()
    transport.sender = asyncio.create_task(Notifier(service, transport).deliver_due())
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(transport.sender, 30)
    assert len(transport.lobbies) == 1 and len(transport.seats) == 2
    rows = await service.store.fetch_all(
        "SELECT kind, done_at IS NOT NULL FROM outbox WHERE match_id = ? AND next_attempt_at <= ?",
        (match_id, service.clock()),
    )
    marked = {(kind, bool(done)) for kind, done in rows}
    assert marked == {("board", False), ("lobby", True), ("seat", True)}, "what was sent is marked, only that"
    recorder = Recorder()
    assert await Notifier(service, recorder).deliver_due() == 0, "the board post is still claimed"
    clock.advance(service.lease_seconds + 1)
    assert await Notifier(service, recorder).deliver_due() == len(board), "the lease ran out: the next claimer sends it"
    assert len(recorder.boards) == 1 and recorder.lobbies == [] and recorder.seats == [], "and nothing else again"
