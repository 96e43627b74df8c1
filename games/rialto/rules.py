"""The Rialto rules. Decisions: who must act, the candidate moves, why a move is illegal, its effect.

Each decision accepts a few code forms (see :mod:`games.rialto.moves`). For the
decision in progress, :func:`candidates` lists every code that could be legal, in a fixed
order, and :func:`check` explains in one specific error why a code is not legal now;
the legal moves are the candidates that pass the check (:func:`checked_moves`), so the two
can never disagree; ``legal_moves`` lists them faster (:mod:`games.rialto.legal`), held
equal to that definition by a test.

What runs between two decisions is :mod:`games.rialto.flow`; the small rules every phase
uses are :mod:`games.rialto.mechanics`; how a card play counts is
:mod:`games.rialto.cardplay`. The engine contract's entry points (``apply``, ``outcome``)
close this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.core import IllegalMove, InvalidMove, Message, MoveError, NotYourTurn, Outcome, msg
from games.i18n import render
from games.rialto import flow, model, scoring
from games.rialto.cardplay import count, fold, problem, summary
from games.rialto.flow import advance, board_sources, current_district, leftover_row, upgradable
from games.rialto.legal import known_legal, listed
from games.rialto.mechanics import (
    activate,
    building_name,
    can_take,
    card_name,
    cards_message,
    check_sides,
    counts_of,
    discard_cards,
    district_name,
    draw,
    gain_building,
    gain_coins,
    join,
    move_doge,
    place_bridge,
    place_gondola,
    rank,
    return_building,
    say,
    usable,
    who,
)
from games.rialto.messages import MESSAGES
from games.rialto.model import (
    BUILDING_KINDS,
    BUILDING_LIMIT,
    CARD_LETTERS,
    CARD_TYPES,
    GREEN_DRAW,
    JOKER,
    ROW_DRAW,
    START_BUILDINGS,
    Decision,
    Phase,
    building_value,
)
from games.rialto.moves import CARD_INDEX, DISTRICT_INDEX, canonical, parse_code
from games.rialto.state import PlayerState, PlayerWork, RialtoState, Work, freeze, thaw

HAND_BONUS = {"G1": 0, "G2": 1, "G3": 1, "G4": 2}
GREEN_KINDS = ("G1", "G2", "G3", "G4")
PLAY_FORMS = frozenset({"count", "yellow", "convert", "pass", "undo", "ok"})


def to_move(work: Work | RialtoState) -> frozenset[int]:
    """Every seat still discarding in the hand-limit phase; otherwise the head of the queue."""
    if work.phase is Phase.OVER:
        return frozenset()
    if work.phase is Phase.DISCARD:
        players: Sequence[PlayerState | PlayerWork] = work.players
        return frozenset(seat for seat, player in enumerate(players) if not player.discard_done)
    return frozenset(work.queue[:1])


def forms(work: Work) -> frozenset[str]:
    """The code forms the decision in progress accepts."""
    phase = work.phase
    if phase is Phase.SETUP:
        return frozenset({"take"})
    if phase is Phase.ROWS:
        return frozenset({"row"})
    if phase is Phase.GREEN:
        return frozenset({"green", "pass"})
    if phase is Phase.DISCARD:
        return frozenset({"discard", "undo", "ok"})
    if phase is Phase.PLAY:
        return PLAY_FORMS
    if phase is Phase.BLUE:
        return frozenset({"upgrade", "blue", "decline", "pass"})
    if phase is Phase.ACTION:
        return {
            Decision.TAKE: frozenset({"take", "pass"}),
            Decision.RETURN: frozenset({"return", "undo"}),
            Decision.BRIDGE: frozenset({"place"}),
            Decision.GONDOLA: frozenset({"place"}),
            Decision.FALLBACK: frozenset({"move", "pass"}),
            Decision.MOVE: frozenset({"move", "pass"}),
        }.get(work.decision, frozenset())
    return frozenset()


def candidates(work: Work, seat: int) -> list[str]:
    """Every code that could be legal for ``seat`` now, in the documented order."""
    if seat not in to_move(work):
        return []
    phase = work.phase
    kinds = [f"t{kind}" for kind in BUILDING_KINDS]
    if phase is Phase.SETUP:
        return [f"t{kind}" for kind in START_BUILDINGS]
    if phase is Phase.ROWS:
        return [f"row{index + 1}" for index in range(len(work.rows))]
    owned = {text[:2] for text in work.players[seat].buildings}
    if phase is Phase.GREEN:
        codes = []
        for kind in (kind for kind in GREEN_KINDS if kind in owned):
            codes.extend([kind] if kind == "G2" else [f"{kind}-deck", *(f"{kind}-{c}" for c in CARD_LETTERS)])
        return [*codes, "pass"]
    if phase is Phase.DISCARD:
        return [*(f"d-{c}" for c in CARD_LETTERS), "undo", "ok"]
    if phase is Phase.PLAY:
        letter = CARD_LETTERS[work.step]
        hand = work.players[seat].hand
        codes = [f"{letter}{k}" for k in range(hand[work.step] + 1)]
        codes += [f"J{k}" for k in range(hand[JOKER] + 1)]
        for kind in ("Y2", "Y3", "Y4"):
            if kind in owned:
                codes += [kind] if kind == "Y3" else [f"{kind}-{c}" for c in CARD_LETTERS]
        return [*codes, *(["Y1"] if "Y1" in owned else []), "undo", "ok", "pass"]
    if phase is Phase.BLUE:
        return [
            *(f"U1-{kind}" for kind in BUILDING_KINDS if building_value(kind) <= 3),
            "U2",
            "U2-no",
            "U3",
            "U4",
            "pass",
        ]
    decision = work.decision
    if decision is Decision.TAKE:
        return [*kinds, "pass"]
    if decision is Decision.RETURN:
        return [*(f"r{kind}" for kind in BUILDING_KINDS), "undo"]
    if decision in (Decision.BRIDGE, Decision.GONDOLA):
        return [
            f"{model.connection_code(k)}-{model.DISTRICTS[d]}" for k, ends in enumerate(model.CONNECTIONS) for d in ends
        ]
    moves = [f"m-{code}" for code in model.DISTRICTS]
    if decision is Decision.FALLBACK:
        return ["m-sup", *moves, "pass"]
    return [*moves, "pass"]


# --- Errors ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a move is illegal, cheap to build; :meth:`error` makes the exception to raise."""

    kind: type[MoveError]
    name: str
    move: str
    params: dict[str, object]

    def error(self, shown: str | None = None) -> MoveError:
        """The exception, quoting ``shown`` (the player's input) or else the code."""
        key = f"rialto.error.{self.name}"
        params = {"move": repr(self.move if shown is None else shown), **self.params}
        return self.kind(key, render(MESSAGES, "en", msg(key, **params)), **params)


def error(kind: type[MoveError], name: str, move: str, **params: object) -> Problem:
    """A problem of type ``kind`` with code ``rialto.error.<name>``."""
    return Problem(kind, name, move, params)


def check(work: Work, seat: int, code: str) -> Problem | None:
    """Why ``seat`` may not play canonical ``code`` now, or None when it may."""
    if seat not in to_move(work):
        return error(NotYourTurn, "not_your_turn", code)
    parsed = parse_code(code)
    if parsed is None or parsed[0] not in forms(work):
        return error(IllegalMove, "not_now", code)
    form = parsed[0]
    phase = work.phase
    if phase is Phase.SETUP:
        return _check_start(work, code)
    if phase is Phase.ROWS:
        index = int(code[3:]) - 1
        if index >= len(work.rows) or work.row_owner[index] >= 0:
            return error(IllegalMove, "row_taken", code)
        return None
    if phase is Phase.GREEN:
        return None if form == "pass" else _check_green(work, seat, code)
    if phase is Phase.DISCARD:
        return _check_discard(work, seat, code)
    if phase is Phase.PLAY:
        return _check_play(work, seat, code)
    if phase is Phase.BLUE:
        return None if form == "pass" else _check_blue(work, seat, code)
    return _check_action(work, seat, code, form)


def _check_start(work: Work, code: str) -> Problem | None:
    kind = code[1:]
    if kind not in START_BUILDINGS:
        return error(IllegalMove, "not_start_building", code)
    taken = sum(1 for player in work.players for text in player.buildings if text == kind)
    limit = 2 if work.num_players >= 4 else 1
    if taken >= limit:
        return error(IllegalMove, "start_taken", code, building=building_name(kind), limit=limit)
    return None


def _check_green(work: Work, seat: int, code: str) -> Problem | None:
    player = work.players[seat]
    kind, _, source = code.partition("-")
    if not usable(player, kind):
        return error(IllegalMove, "no_building", code, building=building_name(kind))
    if player.coins < 1:
        return error(IllegalMove, "no_coin", code)
    if kind == "G2" and source:
        return error(IllegalMove, "no_card_choice", code)
    if kind != "G2" and not source:
        return error(IllegalMove, "needs_card_choice", code)
    if source and source != "deck" and not work.rows[leftover_row(work)].count(CARD_INDEX[source]):
        return error(IllegalMove, "not_in_row", code, card=card_name(CARD_INDEX[source]))
    return None


def _check_discard(work: Work, seat: int, code: str) -> Problem | None:
    player = work.players[seat]
    if code == "undo":
        return None if player.discard_pick else error(IllegalMove, "nothing_to_undo", code)
    if code == "ok":
        if len(player.discard_pick) != player.discard_need:
            return error(IllegalMove, "discard_count", code, need=player.discard_need, chosen=len(player.discard_pick))
        return None
    card = CARD_INDEX[code[2]]
    if len(player.discard_pick) >= player.discard_need:
        return error(IllegalMove, "discard_too_many", code, need=player.discard_need)
    if player.hand[card] - player.discard_pick.count(card) < 1:
        return error(IllegalMove, "not_enough_cards", code, card=card_name(card))
    return None


def _check_play(work: Work, seat: int, code: str) -> Problem | None:
    player = work.players[seat]
    step = work.step
    draft = fold(step, work.draft)
    used = draft.cards_used()
    if code == "pass":
        return None
    if code == "undo":
        return None if work.draft else error(IllegalMove, "nothing_to_undo", code)
    if code == "ok":
        reason = problem(draft, player.hand[step] > 0)
        return error(IllegalMove, reason, code, card=card_name(step)) if reason else None
    if code == "Y1":
        if work.draft:
            return error(IllegalMove, "postpone_with_cards", code)
        if seat in work.postponed:
            return error(IllegalMove, "already_postponed", code)
        return _check_building(work, seat, code, "Y1", 0)
    if code == "Y3":
        return _check_building(work, seat, code, "Y3", draft.y3) or _check_coin(work, seat, code, draft.buildings)
    if code[0] == "Y":
        kind, card = code[:2], CARD_INDEX[code[3]]
        if card == JOKER:
            return error(IllegalMove, "convert_joker", code)
        if card == step and not (kind == "Y4" and work.options.y4_any_source):
            return error(IllegalMove, "convert_same", code, card=card_name(step))
        uses = len(draft.y2) if kind == "Y2" else len(draft.y4)
        problem_ = _check_building(work, seat, code, kind, uses) or _check_coin(work, seat, code, draft.buildings)
        if problem_:
            return problem_
        if player.hand[card] - used[card] < 1:
            return error(IllegalMove, "not_enough_cards", code, card=card_name(card))
        return None
    card, k = CARD_INDEX[code[0]], int(code[1:])
    if card not in (step, JOKER):
        return error(IllegalMove, "wrong_type", code, card=card_name(step))
    current = draft.naturals if card == step else draft.jokers
    if k == current:
        return error(IllegalMove, "unchanged", code)
    if k + used[card] - current > player.hand[card]:
        return error(IllegalMove, "not_enough_cards", code, card=card_name(card))
    return None


def _check_building(work: Work, seat: int, code: str, kind: str, uses: int) -> Problem | None:
    if usable(work.players[seat], kind) - uses < 1:
        return error(IllegalMove, "no_building", code, building=building_name(kind))
    return _check_coin(work, seat, code, uses if kind == "Y1" else 0)


def _check_coin(work: Work, seat: int, code: str, committed: int) -> Problem | None:
    if work.players[seat].coins - committed < 1:
        return error(IllegalMove, "no_coin", code)
    return None


def _check_blue(work: Work, seat: int, code: str) -> Problem | None:
    player = work.players[seat]
    kind = code[:2]
    if not usable(player, kind):
        return error(IllegalMove, "no_building", code, building=building_name(kind))
    if player.coins < 1:
        return error(IllegalMove, "no_coin", code)
    if kind == "U1":
        target = code[3:]
        if not any(text[:2] == target for text in player.buildings):
            return error(IllegalMove, "not_owned", code, building=building_name(target))
        if building_value(target) >= 4:
            return error(IllegalMove, "top_value", code, building=building_name(target))
        if target not in upgradable(work, seat):
            return error(IllegalMove, "sold_out", code, building=building_name(_next(target)))
    if code == "U2-no" and not player.pool:
        return error(IllegalMove, "pool_empty", code)
    return None


def returned_kinds(pending: str) -> list[str]:
    """The building kinds given back so far in the current step C action.

    In step C ``pending`` is these kinds, two letters each, in the order returned; while
    the seat chooses what to give back (``Decision.RETURN``) the kind being taken comes
    first. A kind returned in an action may not be taken in it (module docstring).
    """
    return [pending[i : i + 2] for i in range(0, len(pending), 2)]


def _next(kind: str) -> str:
    return f"{kind[0]}{building_value(kind) + 1}"


def _check_action(work: Work, seat: int, code: str, form: str) -> Problem | None:
    decision = work.decision
    player = work.players[seat]
    if form in ("pass", "undo"):
        return None
    if decision is Decision.TAKE:
        kind = code[1:]
        if building_value(kind) > min(work.left, 4):
            return error(IllegalMove, "over_budget", code, building=building_name(kind), budget=min(work.left, 4))
        if not work.supply[BUILDING_KINDS.index(kind)]:
            return error(IllegalMove, "sold_out", code, building=building_name(kind))
        if kind in returned_kinds(work.pending):
            return error(IllegalMove, "take_returned", code, building=building_name(kind))
        if len(player.buildings) >= BUILDING_LIMIT and all(text[:2] == kind for text in player.buildings):
            return error(IllegalMove, "take_returned", code, building=building_name(kind))
        return None
    if decision is Decision.RETURN:
        kind = code[1:]
        if not any(text[:2] == kind for text in player.buildings):
            return error(IllegalMove, "not_owned", code, building=building_name(kind))
        if kind == work.pending[:2]:
            return error(IllegalMove, "take_returned", code, building=building_name(kind))
        return None
    if decision in (Decision.BRIDGE, Decision.GONDOLA):
        connection = int(code[1:3]) - 1
        if work.tiles[connection]:
            return error(IllegalMove, "occupied", code)
        if decision is Decision.BRIDGE:
            low, high = work.bridges[0]
            first = model.CONNECTIONS[connection][0]
            if low == high and DISTRICT_INDEX[code[4:]] != first:
                return error(IllegalMove, "same_bridge", code)
        return None
    source = code[2:]
    target = int(work.pending) if decision is Decision.FALLBACK else current_district(work)
    if source == "sup":
        return None if player.personal else error(IllegalMove, "no_personal", code)
    district = DISTRICT_INDEX[source]
    if district == target:
        return error(IllegalMove, "same_district", code, district=district_name(district))
    if not player.districts[district]:
        return error(IllegalMove, "no_councillor", code, district=district_name(district))
    return None


# --- Effects --------------------------------------------------------------------------------


def perform(work: Work, seat: int, code: str) -> None:
    """Apply a code that :func:`check` accepted (then the caller runs ``flow.advance``)."""
    phase = work.phase
    if phase is Phase.SETUP:
        gain_building(work, seat, code[1:])
        say(work, "rialto.event.start_building", player=who(work, seat), building=building_name(code[1:]))
        work.queue.pop(0)
    elif phase is Phase.ROWS:
        _take_row(work, seat, int(code[3:]) - 1)
    elif phase in (Phase.GREEN, Phase.BLUE) and code == "pass":
        work.queue.pop(0)
        say(work, "rialto.event.done", player=who(work, seat))
    elif phase is Phase.GREEN:
        _green(work, seat, code)
    elif phase is Phase.DISCARD:
        _discard(work, seat, code)
    elif phase is Phase.PLAY:
        _play(work, seat, code)
    elif phase is Phase.BLUE:
        _blue(work, seat, code)
    else:
        _action(work, seat, code)


def _take_row(work: Work, seat: int, index: int) -> None:
    row = work.rows[index]
    work.row_owner[index] = seat
    player = work.players[seat]
    for card in row:
        player.hand[card] += 1
    work.rows[index] = []
    drawn = draw(work, ROW_DRAW)
    for card in drawn:
        player.hand[card] += 1
    say(
        work,
        "rialto.event.take_row",
        player=who(work, seat),
        row=index + 1,
        cards=cards_message(counts_of(row)),
        n=len(drawn),
    )
    say(work, "rialto.event.you_draw", frozenset({seat}), cards=cards_message(counts_of(drawn)))
    work.queue.pop(0)


def _green(work: Work, seat: int, code: str) -> None:
    kind, _, source = code.partition("-")
    activate(work, seat, kind)
    player = work.players[seat]
    player.hand_bonus += HAND_BONUS[kind]
    name = building_name(kind)
    if not source:
        say(work, "rialto.event.green_limit", player=who(work, seat), building=name, n=HAND_BONUS[kind])
    elif source == "deck":
        drawn = draw(work, GREEN_DRAW)
        for card in drawn:
            player.hand[card] += 1
        say(work, "rialto.event.green_deck", player=who(work, seat), building=name, n=len(drawn))
        say(work, "rialto.event.you_draw", frozenset({seat}), cards=cards_message(counts_of(drawn)))
    else:
        card = CARD_INDEX[source]
        work.rows[leftover_row(work)].remove(card)
        player.hand[card] += 1
        say(work, "rialto.event.green_row", player=who(work, seat), building=name, card=card_name(card))
    if HAND_BONUS[kind] and source:
        say(work, "rialto.event.green_limit", player=who(work, seat), building=name, n=HAND_BONUS[kind])


def _discard(work: Work, seat: int, code: str) -> None:
    player = work.players[seat]
    if code == "undo":
        player.discard_pick.pop()
    elif code == "ok":
        chosen = counts_of(player.discard_pick)
        for card, n in enumerate(chosen):
            player.hand[card] -= n
        discard_cards(work, chosen)
        player.discard_pick = []
        player.discard_done = True
        say(work, "rialto.event.discard", player=who(work, seat), n=sum(chosen))
        say(work, "rialto.event.you_discard", frozenset({seat}), cards=cards_message(chosen))
    else:
        player.discard_pick.append(CARD_INDEX[code[2]])


def _play(work: Work, seat: int, code: str) -> None:
    player = work.players[seat]
    if code == "undo":
        work.draft.pop()
    elif code == "pass":
        work.draft = []
        work.counts[seat] = max(work.counts[seat], 0)
        work.plays[seat] = "pass"
        work.queue.pop(0)
        say(work, "rialto.event.pass", player=who(work, seat))
    elif code == "Y1":
        activate(work, seat, "Y1")
        gain_coins(work, seat, 1)
        work.postponed.append(seat)
        work.plays[seat] = "post"
        work.queue.append(work.queue.pop(0))
        say(work, "rialto.event.postpone", player=who(work, seat), building=building_name("Y1"))
    elif code == "ok":
        draft = fold(work.step, work.draft)
        for kind in draft.building_uses():
            activate(work, seat, kind)
        used = draft.cards_used()
        for card in range(CARD_TYPES):
            player.hand[card] -= used[card]
        discard_cards(work, used)
        work.counts[seat] = count(draft)
        work.plays[seat] = summary(draft)
        work.draft = []
        work.queue.pop(0)
        say(
            work,
            "rialto.event.play",
            player=who(work, seat),
            n=count(draft),
            card=card_name(work.step),
            cards=cards_message(used),
            buildings=_uses_message(draft.building_uses()),
        )
    else:
        work.draft.append(code)


def _uses_message(uses: list[str]) -> Message:
    if not uses:
        return msg("rialto.cards.no_buildings")
    return msg("rialto.cards.with_buildings", buildings=join([building_name(kind) for kind in uses]))


def _blue(work: Work, seat: int, code: str) -> None:
    player = work.players[seat]
    kind = code[:2]
    activate(work, seat, kind)
    name = building_name(kind)
    if kind == "U1":
        old = code[3:]
        return_building(work, seat, old)
        gain_building(work, seat, _next(old), blocked=True)
        say(
            work,
            "rialto.event.upgrade",
            player=who(work, seat),
            building=name,
            old=building_name(old),
            new=building_name(_next(old)),
        )
    elif kind == "U2":
        player.vp += 1
        if code == "U2" and player.pool:
            player.pool -= 1
            player.personal += 1
            say(work, "rialto.event.u2_take", player=who(work, seat), building=name)
        elif code == "U2":
            player.vp += 1
            say(work, "rialto.event.u2_empty", player=who(work, seat), building=name)
        else:
            say(work, "rialto.event.u2_decline", player=who(work, seat), building=name)
    elif kind == "U3":
        steps = rank(work, seat)
        say(work, "rialto.event.u3", player=who(work, seat), building=name, rank=steps)
        move_doge(work, seat, steps)
    else:
        player.vp += 3
        say(work, "rialto.event.u4", player=who(work, seat), building=name, n=3)


def _action(work: Work, seat: int, code: str) -> None:
    decision = work.decision
    player = work.players[seat]
    if decision is Decision.TAKE:
        if code == "pass":
            flow.finish_action(work)
        elif len(player.buildings) >= BUILDING_LIMIT:
            work.pending = code[1:] + work.pending
            work.decision = Decision.RETURN
        else:
            _take(work, seat, code[1:])
    elif decision is Decision.RETURN:
        if code == "undo":
            work.pending = work.pending[2:]
            work.decision = Decision.TAKE
        else:
            kind = code[1:]
            taking, work.pending = work.pending[:2], work.pending[2:] + kind
            return_building(work, seat, kind)
            player.vp += building_value(kind)
            say(
                work,
                "rialto.event.return",
                player=who(work, seat),
                building=building_name(kind),
                n=building_value(kind),
            )
            _take(work, seat, taking)
    elif decision is Decision.BRIDGE:
        connection, district = int(code[1:3]) - 1, DISTRICT_INDEX[code[4:]]
        place_bridge(work, seat, connection, district)
        flow.finish_action(work)
    elif decision is Decision.GONDOLA:
        _gondola(work, seat, code)
    elif decision is Decision.FALLBACK:
        if code != "pass":
            target = int(work.pending)
            _move_councillor(work, seat, code[2:], target)
            check_sides(work, seat, delayed=False)
        flow.finish_action(work)
    else:
        if code == "pass":
            flow.finish_action(work)
            return
        target = current_district(work)
        _move_councillor(work, seat, code[2:], target)
        check_sides(work, seat, delayed=True)
        work.left -= 1
        if not work.left or not board_sources(work, seat, target):
            flow.finish_action(work)


def _take(work: Work, seat: int, kind: str) -> None:
    """Gain ``kind``; ``work.pending`` keeps the kinds returned so far in this action."""
    gain_building(work, seat, kind)
    say(work, "rialto.event.take", player=who(work, seat), building=building_name(kind))
    work.decision = Decision.TAKE
    value = building_value(kind)
    if value == 4 and work.left > 4 and can_take(work, work.left - 4):
        work.left -= 4
    else:
        flow.finish_action(work)


def _gondola(work: Work, seat: int, code: str) -> None:
    player = work.players[seat]
    connection, district = int(code[1:3]) - 1, DISTRICT_INDEX[code[4:]]
    place_gondola(work, seat, connection)
    if player.pool:
        player.pool -= 1
        player.districts[district] += 1
        say(work, "rialto.event.gondola_councillor", player=who(work, seat), district=district_name(district))
        check_sides(work, seat, delayed=False)
        flow.finish_action(work)
        return
    player.vp += 1
    say(work, "rialto.event.pool_vp", player=who(work, seat), n=1)
    work.pending = str(district)
    if player.personal or board_sources(work, seat, district):
        work.decision = Decision.FALLBACK
    else:
        flow.finish_action(work)


def _move_councillor(work: Work, seat: int, source: str, target: int) -> None:
    player = work.players[seat]
    if source == "sup":
        player.personal -= 1
        origin = msg("rialto.supply")
    else:
        player.districts[DISTRICT_INDEX[source]] -= 1
        origin = district_name(DISTRICT_INDEX[source])
    player.districts[target] += 1
    say(work, "rialto.event.move", player=who(work, seat), origin=origin, district=district_name(target))


# --- The engine contract's entry points -----------------------------------------------------


def code_of(text: str) -> str:
    """The canonical code of typed text; :class:`InvalidMove` when it is no Rialto move code."""
    code = canonical(text)
    if code is None:
        params = {"move": repr(text)}
        raise InvalidMove(
            "rialto.error.bad_code", render(MESSAGES, "en", msg("rialto.error.bad_code", **params)), **params
        )
    return code


def legal_moves(state: RialtoState, seat: int) -> Sequence[str]:
    """Legal codes in the order of ``candidates``; ``pass``/``ok`` come last.

    Listed by :func:`games.rialto.legal.legal_codes` (fast, for search), which a test holds
    equal to :func:`checked_moves`; remembered, so that :func:`apply` to the same state
    need not check the move again.
    """
    return listed(state, seat)


def checked_moves(state: RialtoState, seat: int) -> list[str]:
    """The definition of the legal moves: the candidates that pass :func:`check`."""
    if seat not in to_move(state):
        return []
    work = thaw(state)
    return [code for code in candidates(work, seat) if check(work, seat, code) is None]


NOT_COMPONENTS: Final = frozenset({"pass", "undo", "ok", "Y1"})
"""Card-step moves that are not components of a play: always worth offering when legal."""


def offered_moves(state: RialtoState, seat: int) -> Sequence[str]:
    """The legal moves without the card-play components after which no play can be made.

    "One Joker" with no card of the step's type, no second Joker and no yellow building to
    help leaves only undo or pass: it is legal (a typed code is accepted), but not offered.
    """
    legal = legal_moves(state, seat)
    if state.phase is not Phase.PLAY:
        return legal
    work = thaw(state)
    return [code for code in legal if code in NOT_COMPONENTS or _leads_to_play(work, seat, code)]


def _leads_to_play(work: Work, seat: int, code: str, depth: int = 2) -> bool:
    """Whether the draft with component ``code`` added can become a play ("ok") within ``depth`` more components.

    Two more are always enough when any are: a draft needs at most one more card of the
    step's type, or two Jokers (``J2``, or ``J1`` and a virtual Joker ``Y3``).
    """
    work.draft.append(code)
    try:
        if check(work, seat, "ok") is None:
            return True
        if depth == 0:
            return False
        return any(
            check(work, seat, more) is None and _leads_to_play(work, seat, more, depth - 1)
            for more in _growing(work, seat)
        )
    finally:
        work.draft.pop()


def _growing(work: Work, seat: int) -> list[str]:
    """The components that add to the draft: one more natural or Joker, a virtual Joker, a conversion."""
    draft = fold(work.step, work.draft)
    letter = CARD_LETTERS[work.step]
    codes = [f"{letter}{draft.naturals + 1}", f"J{draft.jokers + 1}", "Y3"]
    owned = {text[:2] for text in work.players[seat].buildings}
    for kind in ("Y2", "Y4"):
        if kind in owned:
            codes += [f"{kind}-{card}" for card in CARD_LETTERS[:JOKER]]
    return codes


def apply(state: RialtoState, seat: int, move: str) -> tuple[RialtoState, list[Any]]:
    """Check ``move``, perform it and run the game on to the next decision (:func:`flow.advance`)."""
    code = code_of(move)
    work = thaw(state)
    if not known_legal(state, seat, code):  # a code just listed as legal for this state needs no check
        problem = check(work, seat, code)
        if problem is not None:
            raise problem.error(move)
    phase = work.phase
    perform(work, seat, code)
    if phase is Phase.PLAY and code == "ok":
        work.last_actor, work.last_move = seat, work.plays[seat]
    elif phase is Phase.DISCARD and code == "ok":
        work.last_actor, work.last_move = seat, "discarded"
    elif not _is_private(code, phase):
        work.last_actor, work.last_move = seat, code
    advance(work)
    work.ply += 1
    return freeze(work), list(work.events)


def outcome(state: RialtoState) -> Outcome | None:
    """The result once the match is over: the final scores (§10), ties broken by Doge order."""
    if state.phase is not Phase.OVER:
        return None
    lines = scoring.final_scores(state)
    order = scoring.ranking(state, lines)
    ranks = [0] * state.num_players
    for position, seat in enumerate(order):
        ranks[seat] = position + 1
    winner = order[0]
    tied = len(order) > 1 and lines[order[1]].total == lines[winner].total
    key = "rialto.outcome.win_doge" if tied else "rialto.outcome.win"
    reason = msg(key, player=msg(f"rialto.seat.{winner}"), n=lines[winner].total)
    return Outcome(frozenset({winner}), tuple(ranks), reason, tuple(line.total for line in lines))


def _is_private(code: str, phase: Phase) -> bool:
    """A private step of building a card play or a discard (not shown as the last action)."""
    if phase is Phase.DISCARD:
        return True
    return phase is Phase.PLAY and code not in ("pass", "Y1", "ok")
