"""The two-player game against the neutral player (§11): marker, cards, automated actions.

Worked examples R-EX9, R-EX10 and R-EX16. District numbering of R-EX9: n(CAN)=1, n(DOR)=2,
n(SCR)=3, n(SPO)=4, n(CAS)=5, n(SMA)=6; districts are indexed CAN, CAS, SMA, SCR, SPO, DOR.
"""

from __future__ import annotations

from games.rialto import GAME, RialtoOptions
from games.rialto.mechanics import mark
from games.rialto.model import Decision, Phase
from games.rialto.state import thaw
from tests.games.rialto import rulebook
from tests.games.rialto.helpers import act, at_step, build, cards, doge, play, texts

P2, P3, NP = 0, 1, 2
ROUNDS = [1, 5, 6, 3, 4, 2]


def neutral(**fields):
    return build(2, neutral=True, round_of=ROUNDS, **fields)


def test_initial_marker_skips_the_missing_connection_r_ex9():
    state = neutral()
    assert mark(thaw(state)) == 6, "K07 = CAN-SCR (1-3): CAN-DOR (1-2) does not exist"


def test_initial_state_marks_by_the_rule():
    # §11.2 written again in tests.games.rialto.rulebook (the engine's mark() would agree with itself)
    markers = set()
    for seed in range(12):
        state = GAME.initial_state(seed, 2, RialtoOptions(neutral=True))
        assert state.marker == rulebook.marker(state)
        markers.add(state.marker)
    assert len(markers) > 1


def test_marker_moves_when_its_connection_is_built_r_ex10():
    tiles = [""] * 12
    tiles[6] = tiles[7] = tiles[0] = "G"  # CAN-SCR, CAN-SPO, CAN-CAS
    state = neutral(tiles=tiles, gondolas=3, marker=1, players={P2: {"hand": "E"}})
    assert mark(thaw(state)) == 1, "CAN-SMA, the last free connection of district 1"
    state = at_step(state, "E", first=P2)
    state, _ = play(state, "E1", "ok", "pass")
    assert state.decision is Decision.GONDOLA
    state, events = act(state, P2, "K02-CAN")
    assert state.marker == 4, "DOR-SCR (2-3)"
    assert "The neutral player's marker moves to the connection Santa Croce–Dorsoduro." in texts(events)


def test_neutral_bridge_faces_its_low_value_to_the_lower_district_r_ex10():
    tiles = [""] * 12
    tiles[6] = tiles[7] = tiles[0] = tiles[1] = "G"
    state = neutral(tiles=tiles, gondolas=2, marker=4, bridges=[(3, 6), (4, 5)], np_cards=cards("D"))
    state = doge(state, (NP, 1), (P2, 1), (P3, 1))
    state = at_step(state, "D", first=NP)
    state, events = play(state, "pass", "pass")
    assert state.tiles[4] == "6|3", "K05 = SCR-DOR: 6 faces Santa Croce (3), 3 faces Dorsoduro (2)"
    assert (state.players[P2].vp, state.players[P3].vp) == (2, 2)
    assert "The next bridge is 4|5." in texts(events)


def test_neutral_sorts_its_cards_and_plays_jokers_in_f_r_ex16():
    state = neutral(np_cards=cards("AABJFDJ"))
    state = doge(state, (P2, 1), (P3, 1), (NP, 1))
    state = at_step(state, "A", first=NP)
    plays = [state.plays[NP]]
    while state.phase is Phase.PLAY:
        step = state.step
        state, _ = play(state, "pass")
        if state.phase is Phase.PLAY and state.step != step:
            plays.append(state.plays[NP])
    assert state.round == 2, "the humans had nothing to do in Phase III"
    assert plays == ["A2", "B1", "pass", "D1", "pass", "F3"]
    assert state.np_cards == (0,) * 7
    assert state.np_districts[0] == 3 + 1, "3 cards plus the bonus in Cannaregio (district 1)"
    assert state.doge_space[NP] == 1 + 2 + 1


def test_neutral_gondola_puts_a_councillor_in_both_districts():
    state = neutral(np_cards=cards("E"), marker=6)
    state = at_step(state, "E", first=NP)
    state, events = play(state, "pass", "pass")
    assert state.tiles[6] == "G"
    assert state.np_districts == (1, 0, 0, 1, 0, 0)
    assert "The neutral player puts a councillor in Cannaregio and one in Santa Croce." in texts(events)


def test_neutral_claims_a_side_tile_without_points():
    state = neutral(np_cards=cards("F"), np_districts=[0, 1, 1, 0, 0, 0])
    state = at_step(state, "F", first=NP)
    state, events = play(state, "pass", "pass")
    assert state.bonus_tiles == (False, True)
    assert "The neutral player has councillors in all three districts of the north bank." in texts(events)
    assert "The neutral player gets the bonus with 1." in texts(events)  # named as the neutral player, not a seat
    assert "Нейтральный игрок получает бонус со счётом 1." in texts(events, locale="ru")
    assert "Il giocatore neutrale ottiene il bonus con 1." in texts(events, locale="it")
    assert (state.players[P2].vp, state.players[P3].vp) == (3, 3)


def test_sentences_naming_the_neutral_player_start_with_a_capital():
    # Its name opens most sentences ("The neutral player passes."), so it is written capitalised in
    # every language, and the step announcement ends before the name of who plays first.
    state = at_step(neutral(np_cards=cards("F")), "E", first=P2)
    state, events = play(state, "pass", "pass")
    assert "The neutral player passes." in texts(events)
    assert "Step F (Councillors). Orange plays first." in texts(events)
    for locale in ("en", "ru", "it"):
        for text in texts(events, locale=locale):
            assert text[0].isupper(), (locale, text)


def test_neutral_draws_seven_face_up_after_phase_one():
    state = GAME.initial_state(3, 2, RialtoOptions(neutral=True))
    while state.phase is not Phase.PLAY:
        (seat,) = sorted(GAME.to_move(state))[:1]
        moves = GAME.legal_moves(state, seat)
        state, _ = act(state, seat, "ok" if "ok" in moves else moves[0])
    assert sum(state.np_cards) + state.counts[NP] == 7, "it may already have played its Doge cards"
    assert GAME.view(state, None).neutral.cards == state.np_cards
