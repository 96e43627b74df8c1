"""Move codes, typed text, every error path, labels and the module doctest."""

from __future__ import annotations

import doctest

import pytest

import games.volto
from games.core import IllegalMove, InvalidMove, MoveError, NotYourTurn, msg
from games.i18n import render
from games.volto import GAME, Place, SetupCommand, Step, VoltoOptions, cell_index
from games.volto.state import board_from_text, board_to_text, position_from_text
from tests.games.volto.helpers import arrange, play, position

# White: Candidate a1, Advisor a2, Soldier c2 behind the Noble c3, Lady b3; Black: Noble c5
# and Candidate e7.
PLAY = "....c/5/2n2/5/1LN2/A1S2/C4"


def test_module_doctest_plays_a_move():
    result = doctest.testmod(games.volto)
    assert result.attempted >= 3
    assert result.failed == 0


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("c3-c4", Step(cell_index("c3"), cell_index("c4"))),
        ("c3c4", Step(cell_index("c3"), cell_index("c4"))),
        ("C3-C4", Step(cell_index("c3"), cell_index("c4"))),
        ("c3xc4", Step(cell_index("c3"), cell_index("c4"))),
        ("  c3 - c4 ", Step(cell_index("c3"), cell_index("c4"))),
        ("c3 × c4", Step(cell_index("c3"), cell_index("c4"))),
        ("c3 → c4", Step(cell_index("c3"), cell_index("c4"))),
    ],
)
def test_play_moves_accept_common_spellings(text, move):
    assert GAME.parse_move(position(PLAY), 0, text) == move
    assert GAME.move_code(move) == "c3-c4"


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("a1=N", Place(0, games.volto.MaskType.NOBLE)),
        (" a1 = n ", Place(0, games.volto.MaskType.NOBLE)),
        ("A1=C", Place(0, games.volto.MaskType.CANDIDATE)),
        ("auto", SetupCommand.AUTO),
        ("AUTO", SetupCommand.AUTO),
        ("авто", SetupCommand.AUTO),
    ],
)
def test_setup_steps_accept_common_spellings(text, move):
    assert GAME.parse_move(GAME.initial_state(1, 2), 0, text) == move


def test_setup_command_aliases():
    state = arrange(GAME.initial_state(1, 2), 1, "NNNAAACLL", confirm=False)
    assert GAME.parse_move(state, 1, "random") == SetupCommand.AUTO
    state = arrange(state, 1, "S", confirm=False)
    assert GAME.parse_move(state, 1, " Готово ") == SetupCommand.READY
    assert GAME.parse_move(state, 1, "confirm") == SetupCommand.READY
    assert GAME.parse_move(state, 1, "отмена") == SetupCommand.UNDO


@pytest.mark.parametrize("text", ["", "hello", "c3-c", "z9-c4", "f1-f2", "c0-c1", "c3-c8", "a1=X", "a1=", "c3--c4x"])
def test_syntax_errors_are_invalid_moves_quoting_the_input(text):
    with pytest.raises(InvalidMove) as caught:
        GAME.parse_move(position(PLAY), 0, text)
    assert caught.value.code == "volto.error.syntax"
    assert repr(text) in str(caught.value)
    assert caught.value.params == {"move": text}


PLAY_ERRORS = [
    pytest.param(PLAY, 0, "d3-d4", IllegalMove, "volto.error.no_own_mask", id="empty-cell"),
    pytest.param(PLAY, 0, "c5-c4", IllegalMove, "volto.error.no_own_mask", id="opponent-mask"),
    pytest.param(PLAY, 0, "a1-a2", IllegalMove, "volto.error.own_mask_blocks", id="own-mask"),
    pytest.param(PLAY, 0, "c3-e5", IllegalMove, "volto.error.unreachable", id="too-far"),
    pytest.param(PLAY, 0, "c3-d4", IllegalMove, "volto.error.unreachable", id="noble-diagonal"),
    pytest.param(PLAY, 0, "a2-a3", IllegalMove, "volto.error.unreachable", id="advisor-straight"),
    pytest.param(PLAY, 0, "c3-c3", IllegalMove, "volto.error.unreachable", id="same-cell"),
    pytest.param(PLAY, 0, "c2-c3", IllegalMove, "volto.error.own_mask_blocks", id="soldier-onto-own"),
    pytest.param(PLAY, 0, "c2-c4", IllegalMove, "volto.error.soldier_blocked", id="soldier-through-own"),
    pytest.param(PLAY, 0, "c2-c5", IllegalMove, "volto.error.soldier_blocked", id="soldier-jump"),
    pytest.param("....c/5/5/5/2n2/1L3/C4", 0, "b2-c3", IllegalMove, "volto.error.lady_cannot_capture", id="lady"),
    pytest.param("..S1c/5/5/5/5/5/C4", 0, "c7-c6", IllegalMove, "volto.error.soldier_frozen", id="frozen"),
    pytest.param(PLAY, 1, "c5-c4", NotYourTurn, "volto.error.not_your_turn", id="black-in-white-turn"),
    pytest.param(PLAY, 2, "c3-c4", NotYourTurn, "volto.error.not_your_turn", id="no-such-seat"),
    pytest.param(PLAY, 0, "a1=N", IllegalMove, "volto.error.not_in_setup", id="setup-step-in-play"),
]


@pytest.mark.parametrize(("diagram", "seat", "text", "kind", "code"), PLAY_ERRORS)
def test_play_errors_have_a_type_a_code_and_quote_the_input(diagram, seat, text, kind, code):
    state = position(diagram)
    with pytest.raises(MoveError) as caught:
        GAME.parse_move(state, seat, text)
    assert type(caught.value) is kind
    assert caught.value.code == code
    assert repr(text) in str(caught.value)
    assert caught.value.params["move"] == text
    assert code in GAME.messages["en"] and code in GAME.messages["ru"]


def test_apply_checks_moves_given_as_values_and_quotes_their_code():
    state = position(PLAY)
    before = GAME.encode(state)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, 0, Step(cell_index("c3"), cell_index("e5")))
    assert "'c3-e5'" in str(caught.value)
    assert GAME.encode(state) == before
    with pytest.raises(InvalidMove):
        GAME.apply(state, 0, "c3-c4")  # a code is not a move value


def test_errors_mention_only_the_movers_own_type():
    state = position(PLAY)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, "c3-e5")
    assert caught.value.params["mask"].key == "volto.mask.N"
    assert "Noble" in str(caught.value)


def test_describe_move_and_choice_path_for_play():
    state = position("....c/5/2n2/2N2/5/5/C4")
    step = GAME.parse_move(state, 0, "c4-c5")
    label = GAME.describe_move(state, 0, step)
    assert label.key == "volto.label.capture"
    assert label.params == {"mask": msg("volto.mask.N"), "origin": "c4", "target": "c5"}
    first, second = GAME.choice_path(state, 0, step)
    assert first.token == "c4" and first.label.key == "volto.label.mask_on"
    assert second.token == "c5" and second.label.key == "volto.label.capture_to"
    quiet = GAME.parse_move(state, 0, "c4-b4")
    assert GAME.describe_move(state, 0, quiet).key == "volto.label.move"
    assert GAME.choice_path(state, 0, quiet)[1].label.key == "volto.label.to"


def test_describe_move_and_choice_path_for_setup():
    state = GAME.initial_state(1, 2)
    place = GAME.parse_move(state, 0, "a1=N")
    label = GAME.describe_move(state, 0, place)
    assert label.key == "volto.label.place"
    assert label.params["count"] == 3 and label.params["cell"] == "a1"
    kind, cell = GAME.choice_path(state, 0, place)
    assert (kind.token, cell.token) == ("N", "a1")
    assert kind.label.key == "volto.label.place_kind" and kind.label.params["count"] == 3
    assert cell.label.key == "volto.label.place_on" and cell.label.params["cell"] == "a1"
    assert GAME.choice_path(state, 0, SetupCommand.AUTO)[0].label.key == "volto.label.auto"


def test_seat_names():
    assert GAME.seat_name(0, 2).key == "volto.seat.0"
    assert GAME.seat_name(1, 2).key == "volto.seat.1"


def test_text_position_round_trip():
    text = "nnnaa/aclls/5/5/2C2/A1LLS/NNNAA"
    assert board_to_text(board_from_text(text)) == text
    state = position_from_text(text, 1)
    assert str(state) == text + " b 0,0 0 0 *"
    for bad in ["5/5/5", "nnnaa/aclls/5/5/2C2/ACLLS/NNNA", "nnnaz/aclls/5/5/2C2/ACLLS/NNNAA", "CC3/5/5/5/5/5/5"]:
        with pytest.raises(ValueError):
            position_from_text(bad)


def test_options_type_is_declared_with_rules_defaults():
    assert GAME.options_type is VoltoOptions
    options = VoltoOptions()
    assert (options.rook_soldier, options.reveal_removed_capturer) == (False, False)
    assert (options.repetition_limit, options.no_capture_limit, options.ply_cap) == (3, 50, 300)
    assert (GAME.key, GAME.rules_version, GAME.min_players, GAME.max_players) == ("volto", 1, 2, 2)


def _setup(letters: str, seat: int = 0):
    return lambda: arrange(GAME.initial_state(5, 2), seat, letters, confirm=False)


def _confirmed():
    return arrange(GAME.initial_state(5, 2), 0, "NNNAAACLLS")


def _over():
    return play(position("....n/5/5/2c2/1A3/5/C4"), "b3-c4")[0]


EVERY_ERROR = [
    (_setup(""), 0, "zz", InvalidMove, "volto.error.syntax"),
    (_setup(""), 2, "a1=N", NotYourTurn, "volto.error.not_your_turn"),
    (_over, 0, "a1-a2", NotYourTurn, "volto.error.match_over"),
    (_confirmed, 0, "undo", NotYourTurn, "volto.error.setup_confirmed"),
    (_setup(""), 0, "a2-a3", IllegalMove, "volto.error.in_setup"),
    (lambda: position(PLAY), 0, "auto", IllegalMove, "volto.error.not_in_setup"),
    (_setup("NNNAAACLLS"), 0, "auto", IllegalMove, "volto.error.setup_full"),
    (_setup("N", seat=1), 1, "a7=A", IllegalMove, "volto.error.setup_cell_taken"),
    (_setup(""), 0, "a3=N", IllegalMove, "volto.error.setup_wrong_cell"),
    (_setup("NNN"), 0, "d1=N", IllegalMove, "volto.error.setup_no_more"),
    (_setup(""), 0, "undo", IllegalMove, "volto.error.setup_nothing_to_undo"),
    (_setup("NN"), 0, "ready", IllegalMove, "volto.error.setup_incomplete"),
    (lambda: position(PLAY), 0, "e1-e2", IllegalMove, "volto.error.no_own_mask"),
    (lambda: position(PLAY), 0, "b3-c3", IllegalMove, "volto.error.own_mask_blocks"),
    (lambda: position("....c/5/2n2/1L3/5/5/C4"), 0, "b4-c5", IllegalMove, "volto.error.lady_cannot_capture"),
    (lambda: position("c1S2/5/5/5/5/5/C4"), 0, "c7-c6", IllegalMove, "volto.error.soldier_frozen"),
    (lambda: position(PLAY), 0, "c2-c7", IllegalMove, "volto.error.soldier_blocked"),
    (lambda: position(PLAY), 0, "b3-b5", IllegalMove, "volto.error.unreachable"),
]


@pytest.mark.parametrize(("build", "seat", "text", "kind", "code"), EVERY_ERROR, ids=[case[4] for case in EVERY_ERROR])
def test_every_error_code_is_reachable_typed_and_quotes_the_input(build, seat, text, kind, code):
    state = build()
    with pytest.raises(MoveError) as caught:
        GAME.parse_move(state, seat, text)
    assert type(caught.value) is kind
    assert caught.value.code == code
    assert repr(text) in str(caught.value)
    for locale in ("en", "ru"):
        rendered = render(GAME.messages, locale, caught.value.message)
        assert text in rendered and "{" not in rendered
        assert "None" not in rendered, rendered  # every cell and mask the sentence names is filled in
    if code not in ("volto.error.syntax", "volto.error.setup_incomplete"):  # these two word it differently
        # the English text kept with the error (logs, a client without the catalog) is the sentence itself
        assert str(caught.value) == render(GAME.messages, "en", caught.value.message)


def test_apply_refuses_what_is_not_a_volto_move():
    state = position(PLAY)
    with pytest.raises(InvalidMove) as caught:
        GAME.apply(state, 0, "c2-c3")  # type: ignore[arg-type]  # a caller passing text, not a parsed move
    assert caught.value.code == "volto.error.syntax"
    assert str(caught.value) == "'c2-c3' is not a Volto move."
    for locale in ("en", "ru"):
        rendered = render(GAME.messages, locale, caught.value.message)
        assert "c2-c3" in rendered and "None" not in rendered and "{" not in rendered


def test_the_table_above_covers_every_error_of_the_catalog():
    catalog = {key for key in GAME.messages["en"] if key.startswith("volto.error.")}
    assert {case[4] for case in EVERY_ERROR} == catalog
