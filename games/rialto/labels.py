"""Labels for the mover: what a move does, and its component choices for the Discord layer.

Card-play components show the count the play would reach ("count 3") before the player
confirms it, so nobody has to add Jokers and conversions in their head.
"""

from __future__ import annotations

from games.core import Choice, Message, msg
from games.rialto import model
from games.rialto.cardplay import count, fold, problem
from games.rialto.mechanics import building_name, card_name, cards_message, counts_of, district_name, join
from games.rialto.model import BUILDING_LIMIT, Decision, Phase, building_value
from games.rialto.moves import CARD_INDEX, DISTRICT_INDEX, parse_code, split
from games.rialto.scoring import doge_order
from games.rialto.state import RialtoState


def describe(state: RialtoState, seat: int, code: str) -> Message:
    """A label for ``seat`` choosing canonical ``code`` now."""
    parsed = parse_code(code)
    form = parsed[0] if parsed else ""
    player = state.players[seat]
    if form == "take":
        kind = code[1:]
        if state.phase is Phase.SETUP:
            return msg("rialto.move.start", building=building_name(kind))
        key = "rialto.move.take_return" if len(player.buildings) >= BUILDING_LIMIT else "rialto.move.take"
        return msg(key, building=building_name(kind))
    if form == "return":
        return msg("rialto.move.return", building=building_name(code[1:]), n=building_value(code[1:]))
    if form == "row":
        index = int(code[3:]) - 1
        return msg("rialto.move.row", row=index + 1, cards=cards_message(counts_of(list(state.rows[index]))))
    if form == "green":
        kind, _, source = code.partition("-")
        if not source:
            return msg("rialto.move.green_limit", building=building_name(kind), n=1)
        if source == "deck":
            return msg("rialto.move.green_deck", building=building_name(kind))
        return msg("rialto.move.green_row", building=building_name(kind), card=card_name(CARD_INDEX[source]))
    if form == "discard":
        left = player.discard_need - len(player.discard_pick) - 1
        return msg("rialto.move.discard", card=card_name(CARD_INDEX[code[2]]), left=left)
    if form == "undo":
        return msg("rialto.move.undo")
    if form == "ok":
        if state.phase is Phase.DISCARD:
            return msg("rialto.move.confirm_discard", cards=cards_message(counts_of(list(player.discard_pick))))
        draft = fold(state.step, state.draft)
        uses = draft.building_uses()
        return msg(
            "rialto.move.play",
            n=count(draft),
            card=card_name(state.step),
            cards=cards_message(draft.cards_used()),
            buildings=msg("rialto.cards.with_buildings", buildings=join([building_name(k) for k in uses]))
            if uses
            else msg("rialto.cards.no_buildings"),
        )
    if form == "pass":
        return _pass_label(state)
    if form in ("count", "yellow", "convert"):
        return _play_label(state, seat, code)
    if form == "place":
        return _place_label(state, code)
    if form == "move":
        source = code[2:]
        if source == "sup":
            return msg("rialto.move.from_supply")
        return msg("rialto.move.from_district", district=district_name(DISTRICT_INDEX[source]))
    if form == "upgrade":
        old = code[3:]
        new = f"{old[0]}{building_value(old) + 1}"
        return msg("rialto.move.upgrade", building=building_name("U1"), old=building_name(old), new=building_name(new))
    if code == "U2-no":
        return msg("rialto.move.u2_decline", building=building_name("U2"))
    if code == "U2":
        key = "rialto.move.u2_take" if player.pool else "rialto.move.u2_empty"
        return msg(key, building=building_name("U2"))
    if code == "U3":
        return msg("rialto.move.u3", building=building_name("U3"), n=doge_order(state).index(seat) + 1)
    return msg("rialto.move.u4", building=building_name("U4"))


def _pass_label(state: RialtoState) -> Message:
    if state.phase is Phase.PLAY:
        return msg("rialto.move.pass_play")
    if state.phase in (Phase.GREEN, Phase.BLUE):
        return msg("rialto.move.done")
    if state.decision is Decision.TAKE:
        return msg("rialto.move.pass_take")
    if state.decision is Decision.FALLBACK:
        return msg("rialto.move.pass_fallback")
    return msg("rialto.move.pass_move")


def _play_label(state: RialtoState, seat: int, code: str) -> Message:
    after = fold(state.step, (*state.draft, code))
    holds = state.players[seat].hand[state.step] > 0
    total = msg("rialto.move.total", n=count(after)) if problem(after, holds) is None else msg("rialto.move.no_total")
    step_card = card_name(state.step)
    if code == "Y1":
        return msg("rialto.move.postpone", building=building_name("Y1"))
    if code == "Y3":
        return msg("rialto.move.virtual_joker", building=building_name("Y3"), total=total)
    if code[0] == "Y":
        n = 1 if code[1] == "2" else 2
        source = card_name(CARD_INDEX[code[3]])
        return msg(
            "rialto.move.convert", building=building_name(code[:2]), card=source, n=n, target=step_card, total=total
        )
    n = int(code[1:])
    if code[0] == "J":
        return msg("rialto.move.jokers", n=n, total=total)
    return msg("rialto.move.naturals", n=n, card=step_card, total=total)


def _place_label(state: RialtoState, code: str) -> Message:
    connection, district = int(code[1:3]) - 1, DISTRICT_INDEX[code[4:]]
    other = model.other_end(connection, district)
    if state.decision is Decision.BRIDGE and state.bridges:
        low, high = state.bridges[0]
        return msg("rialto.move.bridge", low=low, high=high, a=district_name(district), b=district_name(other))
    return msg("rialto.move.gondola", a=district_name(district), b=district_name(other))


def connection_label(connection: int) -> Message:
    """``Cannaregio–Santa Croce``."""
    first, second = model.CONNECTIONS[connection]
    return msg("rialto.choice.connection", a=district_name(first), b=district_name(second))


def choice_path(state: RialtoState, seat: int, code: str) -> tuple[Choice, ...]:
    """The move as one choice, or two when its first token is shared (building, connection)."""
    tokens = split(code)
    label = describe(state, seat, code)
    if len(tokens) == 1:
        return (Choice(code, label),)
    head = tokens[0]
    head_label = connection_label(int(head[1:]) - 1) if head[0] == "K" else building_name(head)
    return (Choice(head, head_label), Choice(tokens[1], label))
