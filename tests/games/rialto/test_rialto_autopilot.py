"""The Rialto autopilot's judgement in positions with one sensible answer, and the neutral variant.

Positions are built directly (``helpers.build``); seats are Orange (0), Sky (1), Teal (2).
The shared suite ``tests/games/test_autopilot.py`` covers self-play, the win rate against
random seats, ``rehide`` and determinism for the standard game; the two-player game against
the neutral player, which it does not cover, is checked here.
"""

from __future__ import annotations

from dataclasses import fields, replace

from games.core import Rng
from games.rialto import GAME, RialtoOptions, RialtoState, autopilot
from games.rialto.model import Decision, Phase
from tests.games.rialto.helpers import act, at_phase, at_step, build, cards, doge, random_trail

ORANGE, SKY, TEAL = 0, 1, 2


def choose(state: RialtoState, seat: int) -> str:
    """The autopilot's code for ``seat``."""
    move = GAME.autopilot_move(GAME.view(state, seat), GAME.legal_moves(state, seat))
    assert move in GAME.legal_moves(state, seat)
    return GAME.move_code(move)


def play_out(state: RialtoState, seat: int) -> tuple[RialtoState, list[str]]:
    """Let the autopilot act for ``seat`` while it is the only seat to move, in the same phase."""
    codes: list[str] = []
    phase = state.phase
    while GAME.to_move(state) == frozenset({seat}) and state.phase is phase and len(codes) < 30:
        code = choose(state, seat)
        codes.append(code)
        state, _ = GAME.apply(state, seat, code)
    return state, codes


def test_a_card_play_uses_every_natural_card_and_is_confirmed():
    state = build(2, players={ORANGE: {"hand": "BBBDE"}})
    state = at_step(state, "B", first=ORANGE)
    after, codes = play_out(state, ORANGE)
    assert codes == ["B3", "ok"]
    assert after.counts[ORANGE] == 3


def test_jokers_are_added_when_they_win_the_bonus():
    state = build(2, players={ORANGE: {"hand": "DDDDD"}, SKY: {"hand": "DDJJFFF"}})
    state = doge(state, (ORANGE, 1), (SKY, 1))
    state = at_step(state, "D", first=ORANGE)
    state, _ = act(state, ORANGE, "D5", "ok")
    after, codes = play_out(state, SKY)
    # 2 + 2 Jokers loses to 5; the Jokers are kept for the Councillor step.
    assert codes == ["D2", "ok"]
    state = build(2, players={ORANGE: {"hand": "DDD"}, SKY: {"hand": "DDJJ"}})
    state = doge(state, (ORANGE, 1), (SKY, 1))
    state = at_step(state, "D", first=ORANGE)
    state, _ = act(state, ORANGE, "D3", "ok")
    after, codes = play_out(state, SKY)
    # 2 + 2 Jokers beats 3: both Jokers go in, and Sky gets the bonus.
    assert codes == ["D2", "J2", "ok"]
    assert after.bonus == SKY and after.decision is Decision.BRIDGE


def test_two_jokers_stand_in_for_a_missing_type_only_to_win():
    state = build(2, players={ORANGE: {"hand": "A"}, SKY: {"hand": "JJ"}})
    state = doge(state, (ORANGE, 1), (SKY, 1))
    state = at_step(state, "F", first=ORANGE, round=6)
    state, _ = act(state, ORANGE, "pass")
    _, codes = play_out(state, SKY)
    assert codes == ["J2", "ok"]


def test_a_yellow_building_converts_a_card_whose_step_is_over():
    state = build(2, players={ORANGE: {"hand": "AADD", "coins": 3, "buildings": ["Y4"]}})
    state = at_step(state, "D", first=ORANGE)
    after, codes = play_out(state, ORANGE)
    assert codes == ["D2", "Y4-A", "ok"]
    assert after.counts[ORANGE] == 4


def test_discards_the_least_useful_cards():
    # No councillors left to place: Councillor cards are the first to go.
    state = build(
        2,
        players={
            ORANGE: {"hand": "CCCDDFFFF", "personal": 0, "pool": 18, "discard_need": 2},
            SKY: {"discard_done": True},
        },
    )
    state = at_phase(state, Phase.DISCARD, [])
    after, codes = play_out(state, ORANGE)
    assert codes == ["d-F", "d-F", "ok"]
    assert after.players[ORANGE].hand == cards("CCCDDFF")


def test_takes_the_row_that_fits_the_hand():
    rows = (tuple(cards("FFFFFF")), tuple(cards("CCCDDD")), tuple(cards("AABCDE")))
    state = build(2, players={ORANGE: {"hand": "", "personal": 0}})
    state = replace(
        state,
        phase=Phase.ROWS,
        round=1,
        queue=(ORANGE, SKY),
        rows=tuple(tuple(card for card, n in enumerate(row) for _ in range(n)) for row in rows),
        row_owner=(-1, -1, -1),
    )
    assert choose(state, ORANGE) == "row2"


def test_step_c_takes_the_most_valuable_building_in_budget():
    state = build(2, players={ORANGE: {"hand": "CCCC"}})
    state = at_step(state, "C", first=ORANGE)
    state, _ = act(state, ORANGE, "C4", "ok")
    state, _ = act(state, SKY, "pass")
    assert state.decision is Decision.TAKE and GAME.to_move(state) == frozenset({ORANGE})
    assert choose(state, ORANGE) == "tU4"


def test_blue_buildings_take_victory_points_first():
    state = build(2, players={ORANGE: {"coins": 1, "buildings": ["U1", "U4"]}})
    state = at_phase(state, Phase.BLUE, [ORANGE])
    assert choose(state, ORANGE) == "U4"


def test_the_bridge_turns_its_high_value_toward_the_seats_majority():
    # Orange leads Cannaregio, Sky leads Castello; the bridge goes on K01 (CAN-CAS) or elsewhere,
    # never with its high end toward Sky's district.
    state = build(
        2,
        players={ORANGE: {"districts": [3, 0, 0, 0, 0, 0]}, SKY: {"districts": [0, 3, 0, 0, 0, 0]}},
        round_of=(1, 2, 3, 4, 5, 6),
    )
    state = at_step(state, "D", first=ORANGE, round=6)
    state, _ = act(state, ORANGE, "pass")
    state = replace(state, phase=Phase.ACTION, decision=Decision.BRIDGE, queue=(ORANGE,), bonus=ORANGE)
    code = choose(state, ORANGE)
    assert code.endswith("-CAN")


def test_neutral_variant_self_play_ends_and_beats_random_seats():
    options = RialtoOptions(neutral=True)
    wins = 0
    games = 6
    for number in range(games):
        pilot = number % 2
        state = GAME.initial_state(900 + number, 2, options)
        ply = 0
        while GAME.to_move(state):
            seat = sorted(GAME.to_move(state))[Rng(number, ply, 1).below(len(GAME.to_move(state)))]
            legal = GAME.legal_moves(state, seat)
            if seat == pilot:
                move = GAME.autopilot_move(GAME.view(state, seat), legal)
            else:
                move = legal[Rng(number, ply, 2).below(len(legal))]
            state, _ = GAME.apply(state, seat, move)
            ply += 1
            assert ply < 5000
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += outcome.winners == frozenset({pilot})
    assert wins >= games - 1


def test_cached_card_play_plans_equal_fresh_ones():
    """The plan cache keys on every input the plan reads: a plan found there is the one the view asks for."""
    autopilot._PLANS.clear()
    hits = 0
    for seed, seats in ((21, 2), (22, 3), (23, 5)):
        for state, _, _ in random_trail(seed, seats):
            if state.phase is not Phase.PLAY or not state.queue or state.queue[0] >= seats:
                continue
            seat = state.queue[0]
            view = GAME.view(state, seat)
            hits += autopilot.plan_inputs(view, seat) in autopilot._PLANS
            cached, fresh = autopilot._plan(view, seat), autopilot._make_plan(view, seat)
            assert [getattr(cached, name) for name in cached.__slots__] == [
                getattr(fresh, name) for name in fresh.__slots__
            ], str(state)
    assert hits > 20


def test_card_play_plans_read_nothing_outside_their_cache_key():
    """Every other view field (and every other player field) taken from another position leaves the plan as it was."""
    key_fields = {"viewer", "step", "round", "hand", "counts", "doge_order", "players"}
    key_player_fields = {"seat", "coins", "buildings", "pool", "personal"}
    compared = 0
    for seed, seats in ((31, 2), (32, 4)):
        views = []
        for state, _, _ in random_trail(seed, seats):
            if state.phase is Phase.PLAY and state.queue and state.queue[0] < seats:
                views.append((GAME.view(state, state.queue[0]), state.queue[0]))
        for index, (view, seat) in enumerate(views):
            donor = views[(index * 7 + 3) % len(views)][0]
            me = view.players[seat]
            mine = {name: getattr(me, name) for name in key_player_fields}
            players = tuple(replace(player, **mine) if player.seat == seat else player for player in donor.players)
            others = {f.name: getattr(donor, f.name) for f in fields(view) if f.name not in key_fields}
            mixed = replace(view, players=players, **others)
            key = autopilot.plan_inputs(view, seat)
            assert autopilot.plan_inputs(mixed, seat) == key
            for name in key_fields - {"viewer", "players"}:
                if getattr(donor, name) != getattr(view, name):
                    assert autopilot.plan_inputs(replace(view, **{name: getattr(donor, name)}), seat) != key, name
            for name in key_player_fields - {"seat"}:
                if getattr(donor.players[seat], name) != mine[name]:
                    changed = replace(me, **{name: getattr(donor.players[seat], name)})
                    swapped = tuple(changed if player.seat == seat else player for player in view.players)
                    assert autopilot.plan_inputs(replace(view, players=swapped), seat) != key, name
            plan, again = autopilot._make_plan(view, seat), autopilot._make_plan(mixed, seat)
            assert [getattr(plan, name) for name in plan.__slots__] == [
                getattr(again, name) for name in again.__slots__
            ]
            compared += 1
    assert compared > 100
