"""The automatic part of the game: everything between two decisions.

After each move :func:`advance` runs the game forward until some seat must decide again:
it starts rounds and steps, deals, plays for the neutral player, resolves the parts of
actions that need no choice, skips seats that have nothing they could do (only on public
information: buildings and coins, never hands), and ends the match after round 6.
"""

from __future__ import annotations

from games.core import Message, msg
from games.rialto import model
from games.rialto.mechanics import (
    can_take,
    card_name,
    cards_message,
    check_sides,
    clockwise_from,
    councillors_in,
    counts_of,
    discard_cards,
    district_name,
    doge_order,
    draw,
    flip_qualified,
    free_connections,
    gain_coins,
    human_doge_order,
    move_doge,
    place_bridge,
    place_gondola,
    say,
    usable,
    who,
)
from games.rialto.model import (
    BUILDING_KINDS,
    CARD_LETTERS,
    CARD_TYPES,
    HAND_LIMIT,
    JOKER,
    NEUTRAL_DRAW,
    ROUNDS,
    ROW_LENGTH,
    Decision,
    Phase,
    building_index,
    building_value,
)
from games.rialto.state import Work

STEP_A, STEP_B, STEP_C, STEP_D, STEP_E, STEP_F = range(6)


def advance(work: Work) -> None:
    """Run automatic play until a seat must decide or the match is over."""
    while True:
        phase = work.phase
        if phase is Phase.SETUP or phase is Phase.ROWS:
            if work.queue:
                return
            if phase is Phase.SETUP:
                start_round(work)
            else:
                start_green(work)
        elif phase is Phase.GREEN:
            while work.queue and not has_green_turn(work, work.queue[0]):
                work.queue.pop(0)
            if work.queue:
                return
            start_discard(work)
        elif phase is Phase.DISCARD:
            if any(not player.discard_done for player in work.players):
                return
            finish_phase_one(work)
        elif phase is Phase.PLAY:
            if work.queue and work.queue[0] == work.neutral:
                neutral_play(work)
            elif work.queue:
                return
            else:
                resolve_bonus(work)
        elif phase is Phase.ACTION:
            run_actions(work)
            if work.phase is Phase.ACTION:
                return
        elif phase is Phase.BLUE:
            while work.queue and not has_blue_turn(work, work.queue[0]):
                work.queue.pop(0)
            if work.queue:
                return
            end_round(work)
        else:
            return


# --- Phase I --------------------------------------------------------------------------------


def current_district(work: Work) -> int:
    """The district whose round tile shows the current round."""
    return work.round_of.index(work.round)


def start_round(work: Work) -> None:
    """Move the district token and deal the card rows; or end the match after round 6."""
    work.round += 1
    if work.round > ROUNDS:
        work.phase = Phase.OVER
        work.queue = []
        say(work, "rialto.event.game_over")
        return
    say(work, "rialto.event.round", round=work.round, district=district_name_of(work))
    rows = work.num_players + 1
    cards = draw(work, rows * ROW_LENGTH)
    work.rows = [cards[i::rows] for i in range(rows)]
    work.row_owner = [-1] * rows
    for index, row in enumerate(work.rows):
        say(work, "rialto.event.row", row=index + 1, cards=_cards(row))
    work.phase = Phase.ROWS
    work.queue = human_doge_order(work)


def district_name_of(work: Work) -> Message:
    """The current district's name message."""
    return district_name(current_district(work))


def _cards(cards: list[int]) -> Message:
    return cards_message(counts_of(cards))


def start_green(work: Work) -> None:
    """Green buildings, in Doge order, once every player holds a row."""
    work.phase = Phase.GREEN
    work.queue = human_doge_order(work)


def has_green_turn(work: Work, seat: int) -> bool:
    """Whether the seat owns an unactivated green building and a coin to pay for it."""
    player = work.players[seat]
    return player.coins > 0 and any(usable(player, kind) for kind in ("G1", "G2", "G3", "G4"))


def leftover_row(work: Work) -> int:
    """The index of the one row nobody took."""
    return work.row_owner.index(-1)


def start_discard(work: Work) -> None:
    """Hand limits: every player over the limit chooses discards, all at the same time."""
    work.phase = Phase.DISCARD
    work.queue = []
    for player in work.players:
        player.discard_need = max(0, sum(player.hand) - HAND_LIMIT - player.hand_bonus)
        player.discard_pick = []
        player.discard_done = player.discard_need == 0


def finish_phase_one(work: Work) -> None:
    """Discard the leftover row, deal the NP its cards, start step A."""
    for player in work.players:
        player.discard_need = 0
        player.discard_done = False
    leftover = [card for index, row in enumerate(work.rows) if work.row_owner[index] < 0 for card in row]
    if leftover:
        say(work, "rialto.event.leftover", cards=_cards(leftover))
    for card in leftover:
        work.discard[card] += 1
    work.rows = []
    work.row_owner = []
    if work.neutral is not None:
        drawn = draw(work, NEUTRAL_DRAW)
        for card in drawn:
            work.np_cards[card] += 1
        say(work, "rialto.event.neutral_draw", cards=_cards(drawn))
    start_step(work, STEP_A)


# --- Phase II -------------------------------------------------------------------------------


def start_step(work: Work, step: int) -> None:
    """Choose the step's first player and open its clockwise card-play turns."""
    if step == STEP_A:
        work.first = doge_order(work)[0]
    elif work.bonus >= 0:
        work.first = work.bonus
    work.step = step
    work.phase = Phase.PLAY
    work.queue = clockwise_from(work, work.first)
    work.counts = [-1] * work.num_actors
    work.plays = [""] * work.num_actors
    work.postponed = []
    work.bonus = -1
    work.draft = []
    work.qualified = [[], []]
    say(work, "rialto.event.step", step=_step_name(step), player=who(work, work.first))


def _step_name(step: int) -> Message:
    return msg(f"rialto.step.{CARD_LETTERS[step]}")


def neutral_play(work: Work) -> None:
    """The NP plays every card of the step's type (in F also every Joker)."""
    actor = work.queue.pop(0)
    played = [0] * CARD_TYPES
    played[work.step] = work.np_cards[work.step]
    if work.step == STEP_F:
        played[JOKER] = work.np_cards[JOKER]
    for card, count in enumerate(played):
        work.np_cards[card] -= count
    discard_cards(work, played)
    work.counts[actor] = sum(played)
    work.plays[actor] = "pass" if not sum(played) else f"{CARD_LETTERS[work.step]}{sum(played)}"
    if sum(played):
        say(work, "rialto.event.neutral_play", n=sum(played), card=card_name(work.step))
    else:
        say(work, "rialto.event.pass", player=who(work, actor))


def resolve_bonus(work: Work) -> None:
    """The highest count gets the bonus, ties to the Doge order; then actions in Doge order."""
    order = doge_order(work)
    best = max(work.counts)
    if best > 0:
        work.bonus = min((actor for actor in order if work.counts[actor] == best), key=order.index)
        say(work, "rialto.event.bonus", player=who(work, work.bonus), n=best)
    else:
        work.bonus = -1
        say(work, "rialto.event.no_bonus")
    work.phase = Phase.ACTION
    work.queue = order
    work.decision = Decision.NONE


def run_actions(work: Work) -> None:
    """Resolve actions in Doge order until one needs a decision; end the step after the last."""
    while work.queue:
        if work.decision is not Decision.NONE:
            return
        begin_action(work, work.queue[0])
        if work.decision is not Decision.NONE:
            return
        work.queue.pop(0)
    end_step(work)


def finish_action(work: Work) -> None:
    """The acting seat's decision is complete: go on with the next actor."""
    work.decision = Decision.NONE
    work.left = 0
    work.pending = ""
    work.queue.pop(0)


def begin_action(work: Work, actor: int) -> None:
    """Do the automatic part of ``actor``'s action; set ``work.decision`` when it needs a choice."""
    count = max(work.counts[actor], 0)
    bonus = 1 if work.bonus == actor else 0
    step = work.step
    if step == STEP_A:
        move_doge(work, actor, count + bonus)
        return
    if actor == work.neutral:
        _neutral_action(work, actor, count, bonus)
        return
    player = work.players[actor]
    if step == STEP_B:
        if count + bonus:
            gain_coins(work, actor, count + bonus)
            say(work, "rialto.event.gold", player=who(work, actor), n=count + bonus)
    elif step == STEP_C:
        if count + bonus and can_take(work, count + bonus):
            work.decision = Decision.TAKE
            work.left = count + bonus
    elif step == STEP_D:
        if count:
            player.vp += count
            say(work, "rialto.event.bridge_vp", player=who(work, actor), n=count)
        else:
            player.vp -= 1
            say(work, "rialto.event.bridge_penalty", player=who(work, actor))
        if bonus:
            player.vp += 1
            say(work, "rialto.event.bonus_vp", player=who(work, actor), n=1)
            if work.bridges and free_connections(work):
                work.decision = Decision.BRIDGE
    elif step == STEP_E:
        to_supply = min(count, player.pool)
        player.pool -= to_supply
        player.personal += to_supply
        if to_supply:
            say(work, "rialto.event.to_supply", player=who(work, actor), n=to_supply)
        if count - to_supply:
            player.vp += count - to_supply
            say(work, "rialto.event.pool_vp", player=who(work, actor), n=count - to_supply)
        if bonus and work.gondolas and free_connections(work):
            work.decision = Decision.GONDOLA
    else:
        placements = count + bonus
        district = current_district(work)
        from_supply = min(placements, player.personal)
        if from_supply:
            player.personal -= from_supply
            player.districts[district] += from_supply
            say(
                work,
                "rialto.event.councillors",
                player=who(work, actor),
                n=from_supply,
                district=district_name_of(work),
            )
            check_sides(work, actor, delayed=True)
        work.left = placements - from_supply
        if work.left and has_board_councillor(work, actor, district):
            work.decision = Decision.MOVE
        else:
            work.left = 0


def has_board_councillor(work: Work, seat: int, target: int) -> bool:
    """Whether the seat has a councillor in some district other than ``target``."""
    return any(n for d, n in enumerate(work.players[seat].districts) if d != target)


def _neutral_action(work: Work, actor: int, count: int, bonus: int) -> None:
    """The NP's actions (§11.4): bridges and gondolas on its marker, councillors in F."""
    if work.step == STEP_D and bonus and work.marker >= 0 and work.bridges:
        connection = work.marker
        first, second = model.CONNECTIONS[connection]
        low_end = first if work.round_of[first] < work.round_of[second] else second
        place_bridge(work, actor, connection, model.other_end(connection, low_end))
    elif work.step == STEP_E and bonus and work.marker >= 0 and work.gondolas:
        connection = work.marker
        place_gondola(work, actor, connection)
        for district in model.CONNECTIONS[connection]:
            work.np_districts[district] += 1
        first, second = model.CONNECTIONS[connection]
        say(work, "rialto.event.neutral_gondola", a=district_name(first), b=district_name(second))
        check_sides(work, actor, delayed=False)
    elif work.step == STEP_F and count + bonus:
        work.np_districts[current_district(work)] += count + bonus
        say(
            work,
            "rialto.event.councillors",
            player=who(work, actor),
            n=count + bonus,
            district=district_name_of(work),
        )
        check_sides(work, actor, delayed=True)


def end_step(work: Work) -> None:
    """After the last action: flip F bonus tiles, then the next step or Phase III."""
    if work.step == STEP_F:
        flip_qualified(work)
        work.phase = Phase.BLUE
        work.queue = human_doge_order(work)
        work.counts = [-1] * work.num_actors
        work.plays = [""] * work.num_actors
        work.bonus = -1
        say(work, "rialto.event.phase_three")
    else:
        start_step(work, work.step + 1)


# --- Phase III and the end of a round -------------------------------------------------------


def has_blue_turn(work: Work, seat: int) -> bool:
    """Whether the seat has a blue building it can activate to some effect, and a coin."""
    return bool(blue_activations(work, seat))


def blue_activations(work: Work, seat: int) -> list[str]:
    """The blue activation codes open to the seat, in building order (see notation)."""
    player = work.players[seat]
    if player.coins < 1:
        return []
    codes: list[str] = []
    if usable(player, "U1"):
        codes.extend(f"U1-{kind}" for kind in upgradable(work, seat))
    if usable(player, "U2"):
        codes.append("U2")
        if player.pool:
            codes.append("U2-no")
    codes.extend(kind for kind in ("U3", "U4") if usable(player, kind))
    return codes


def upgradable(work: Work, seat: int) -> list[str]:
    """Owned building kinds of value <= 3 whose next value is in the supply (U1)."""
    kinds = []
    for kind in BUILDING_KINDS:
        if building_value(kind) > 3 or not any(text[:2] == kind for text in work.players[seat].buildings):
            continue
        if work.supply[building_index(kind) + 1] > 0:
            kinds.append(kind)
    return kinds


def end_round(work: Work) -> None:
    """Coins on buildings go back to the bank; every building is usable again."""
    returned = 0
    for player in work.players:
        returned += sum(1 for text in player.buildings if text.endswith("*"))
        player.buildings = [text[:2] for text in player.buildings]
        player.hand_bonus = 0
    work.coin_supply += returned
    say(work, "rialto.event.round_end", round=work.round, coins=returned)
    start_round(work)


def board_sources(work: Work, seat: int, target: int) -> list[int]:
    """Districts other than ``target`` holding a councillor of the seat."""
    return [d for d, n in enumerate(councillors_in(work, seat)) if n and d != target]
