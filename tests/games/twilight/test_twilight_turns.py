"""The turn model: steps built privately, previews, undo, end of turn, unplayable cards, labels."""

from __future__ import annotations

import dataclasses

import pytest

from games.core import Event, IllegalMove, Message
from games.i18n import translator
from games.twilight import GAME, why_unplayable
from games.twilight.model import CardKind, Token
from tests.games.twilight.helpers import codes, play, position

EN = translator(GAME.messages, "en")
RU = translator(GAME.messages, "ru")


def texts(events: list[Event], seat: int | None) -> list[str]:
    return [EN(event.message) for event in events if event.is_visible_to(seat)]


def test_steps_are_private_until_the_turn_ends():
    start = position(east="m3 m1 d d g1 g1 h2 h3", merchant=1)
    state, events = play(start, "m3.+")
    assert all(event.audience == frozenset({0}) for event in events)
    assert texts(events, 0) == ["Preview: Merchant 3: Merchant E1 → E4. Your opponent sees it when you end the turn."]
    assert texts(events, 1) == [] and texts(events, None) == []
    for viewer in (None, 1):
        assert GAME.view(state, viewer) == GAME.view(start, viewer)
    mine = GAME.view(state, 0)
    assert mine.is_preview and mine.board.merchant == 4 and len(mine.hand) == 7
    assert mine.hand_sizes == (8, 8)
    assert [EN(line) for line in mine.steps] == ["Merchant 3: Merchant E1 → E4"]
    state, events = play(state, "m1.-", "end")
    public = texts(events, None)
    assert public[:2] == ["East House: Merchant 3: Merchant E1 → E4.", "East House: Merchant 1: Merchant E4 → E3."]
    assert "East House drew 2 cards." in public
    assert [EN(message) for message in texts_private(events, 0)] == [
        EN(event.message) for event in events if event.audience == frozenset({0})
    ]
    assert GAME.view(state, None).board.merchant == 3


def test_a_doge_brought_home_is_previewed_privately():
    state = position(doge=5, guard_w=-1, guard_e=8, east="d d m2")
    state, events = play(state, "d.+")
    assert state.board.doge == 6 and len(events) == 1
    state, events = play(state, "d.+")
    assert len(events) == 2 and all(event.audience == frozenset({0}) for event in events)


def texts_private(events: list[Event], seat: int) -> list[Message]:
    return [event.message for event in events if event.audience == frozenset({seat})]


def test_private_draw_names_the_cards_only_to_the_drawer():
    _, events = play(position(east="m3 d d g1 g1 h2 h3 m2"), "m3.+", "end")
    (private,) = [event for event in events if EN(event.message).startswith("You drew")]
    assert EN(private.message).startswith("You drew: ")
    assert RU(private.message).startswith("Вы добрали: ")


def test_undo_restores_the_position_exactly():
    start = position(east="h2 h3 d d g1 g1 m2 m2", harlequin=3, guard_e=6)
    state, _ = play(start, "h2.d.+", "h3.d.+")
    state, events = play(state, "undo")
    assert texts(events, 0) == ["Taken back: Harlequin 3, Masquerade on the Doge: Doge E2 → E5."]
    assert texts(events, 1) == [] and texts(events, None) == []  # steps and their undo stay private
    state, _ = play(state, "undo")
    assert dataclasses.replace(state, ply=start.ply) == start
    assert codes(state) == codes(start)


def test_undo_of_a_failed_masquerade_lets_the_turn_be_replayed():
    start = position(east="h2 h3 d d g1 g1 m2 m2", harlequin=3, guard_e=6)
    state, _ = play(start, "h3.d.+")
    assert codes(state) == ["end", "undo"]
    state, _ = play(state, "undo", "h2.d.+", "h3.d.+")
    assert state.board.doge == 5


def test_guilds_word_is_a_step_then_end_or_undo():
    state, events = play(position(merchant=1, east="d d m2 m2 h2 h3 g1 g1"), "s.d")
    assert state.board.doge == 1 and codes(state) == ["end", "undo"]
    assert texts(events, 0)[0].startswith("Preview: Guild's Word: Doge 0 → E1.")
    state, events = play(state, "end")
    assert "East House: Guild's Word: Doge 0 → E1." in texts(events, None)
    assert state.last_turn is not None and state.last_turn.drawn == 0 and len(state.hands[0]) == 8
    # a full hand draws nothing, and nothing says so (the deck is not empty)
    assert not any("draw" in text for text in texts(events, None))


def test_start_of_turn_offers_summons_and_discard_only_before_a_card():
    state = position(merchant=3, guard_e=5, east="d d m2 m2 h2 h3 g1 g1")
    assert {"s.d", "discard"} <= set(codes(state)) and "end" not in codes(state)
    state, _ = play(state, "m2.+")
    assert not any(code.startswith("s.") or code == "discard" for code in codes(state))
    assert codes(state)[-2:] == ["end", "undo"]


def test_why_unplayable_reasons():
    state = position(east="h2 h3 d d g1 g1 m2 gx", harlequin=3, guard_e=6, guard_w=-1, doge=0)
    assert why_unplayable(state, 0, CardKind.DOGE) is None
    assert why_unplayable(state, 1, CardKind.DOGE) == Message("twilight.why.not_your_turn")
    not_held = why_unplayable(state, 0, CardKind.HARLEQUIN_5)
    assert not_held is not None and EN(not_held) == "You have no Harlequin 5 card."
    adjacent = position(east="gx d", guard_w=-1, doge=0, guard_e=1)
    assert why_unplayable(adjacent, 0, CardKind.GUARDS_CLOSE) == Message("twilight.why.no_effect")
    state, _ = play(state, "h3.d.+")
    reason = why_unplayable(state, 0, CardKind.HARLEQUIN_2)
    assert reason == Message("twilight.why.masquerade_over")
    second = why_unplayable(state, 0, CardKind.MERCHANT_2)
    assert second is not None and EN(second) == "This turn you play Harlequin cards only."
    assert RU(second) == "В этом ходу можно разыгрывать только карточки типа «Арлекин»."
    view = GAME.view(state, 0)
    assert dict(view.unplayable)[CardKind.HARLEQUIN_2] == reason
    assert GAME.view(state, None).unplayable == ()


def test_why_unplayable_mixed_reasons_give_the_general_message():
    # Doge 1: east lands on the east Guard, west lands on the west Guard: both Nobility.
    state = position(east="d m2 m2 g1 g1 h2 h3 h4", guard_w=-1, doge=0, guard_e=1)
    assert why_unplayable(state, 0, CardKind.DOGE) == Message("twilight.why.nobility")
    # Merchant 3 from W7: east is fine, so the card is playable.
    state = position(east="m3 d", merchant=-7)
    assert why_unplayable(state, 0, CardKind.MERCHANT_3) is None
    # Harlequin ◊ with the Harlequin on the Doge's cell: moving the Harlequin to 0 does nothing,
    # and Masquerade needs the Harlequin strictly nearer than the Doge: two reasons.
    state = position(east="hd h1 d", doge=0, guard_w=-2, guard_e=2, harlequin=0, merchant=5)
    reason = why_unplayable(state, 0, CardKind.HARLEQUIN_ZERO)
    assert reason == Message("twilight.why.blocked", {"card": Message("twilight.card.hd")})
    assert EN(reason).startswith("No way to play Harlequin ◊ now")


def test_masquerade_on_the_guards_may_move_either_guard_with_each_card():
    # The position (rulebook §8.2, T6: "for the Guards, both tokens"; each card chooses
    # its Guard): Doge 0, Guards W3 and E3, Harlequin E1, East holds Harlequin 1 and 2.
    state = position(east="h1 h2 d", doge=0, guard_w=-3, guard_e=3, harlequin=1)
    state, _ = play(state, "h1.gw.+")
    assert state.board.guard_w == -2
    legal = codes(state)
    assert "h2.ge.+" in legal and "h2.ge.-" in legal and "h2.gw.-" in legal
    # the target is still the Guards: neither the Doge, the Merchant nor the Harlequin itself
    assert not [code for code in legal if code.startswith("h2.") and code.split(".")[1] not in ("gw", "ge")]
    with pytest.raises(IllegalMove) as caught:
        play(state, "h2.d.+")
    assert caught.value.code == "twilight.error.target_locked"
    assert EN(caught.value.message) == (
        "'h2.d.+': this turn's Harlequin cards move the Guards; the target cannot change within a turn."
    )
    state, _ = play(state, "h2.ge.+")
    assert (state.board.guard_w, state.board.guard_e, state.board.doge) == (-2, 5, 0)
    # Masquerade on the west Guard at W6 with the Doge on W4: Harlequin 3 would take the west
    # Guard past the Doge or off the track, but it may move the east Guard instead.
    state = position(east="h1 h3 d", guard_w=-7, doge=-4, guard_e=2, harlequin=-1)
    state, _ = play(state, "h1.gw.+")
    assert why_unplayable(state, 0, CardKind.HARLEQUIN_3) is None
    assert [code for code in codes(state) if code.startswith("h3.")] == ["h3.ge.+", "h3.ge.-"]


def test_describe_move_and_choice_path():
    state = position(east="h3 d d g11 m2 m2 g1 g1", harlequin=1, merchant=-1, first=1)
    move = GAME.parse_move(state, 0, "h3.m.+")
    assert EN(GAME.describe_move(state, 0, move)) == "Harlequin 3, Masquerade on the Merchant: Merchant W1 → E2"
    path = GAME.choice_path(state, 0, move)
    assert [choice.token for choice in path] == ["h3", "m", "+"]
    assert [EN(choice.label) for choice in path] == [
        "Harlequin 3",
        "Masquerade: move the Merchant",
        "Move east (Harlequin 3, Masquerade on the Merchant: Merchant W1 → E2)",
    ]
    assert RU(path[1].label) == "Маскарад: двигать Купца"
    split = GAME.choice_path(state, 0, GAME.parse_move(state, 0, "g11.+-"))
    assert [choice.token for choice in split] == ["g11", "+-"]
    assert EN(split[1].label) == "Guards 1+1: West Guard W2 → W1, East Guard E2 → E1"
    (discard,) = GAME.choice_path(state, 0, GAME.parse_move(state, 0, "discard"))
    assert EN(discard.label).startswith("Discard your whole hand (8 cards)")
    state, _ = play(state, "d.+")
    assert EN(GAME.describe_move(state, 0, GAME.parse_move(state, 0, "end"))) == (
        "End the turn (the Favourite stays, then draw up to 8)"
    )
    assert EN(GAME.describe_move(state, 0, GAME.parse_move(state, 0, "undo"))) == "Take back: Doge 1: Doge 0 → E1"


def test_end_label_previews_the_favourite_and_the_mansion():
    state = position(east="m2 d", merchant=6)
    state, _ = play(state, "m2.+")
    assert EN(GAME.describe_move(state, 0, GAME.parse_move(state, 0, "end"))) == (
        "End the turn (the Favourite moves 1 cell east, then draw up to 8)"
    )
    state = position(east="d d", doge=6, guard_w=3, guard_e=8)
    state, events = play(state, "d.+")
    assert EN(GAME.describe_move(state, 0, GAME.parse_move(state, 0, "end"))) == (
        "End the turn: the Doge is in East House's mansion, which wins the round"
    )
    assert RU(events[-1].message).startswith("Дож стоит в особняке Восточного дома")


def test_last_turn_summary_in_the_public_view():
    state, _ = play(position(east="m3 m2 d d g1 g1 h2 h3", merchant=5), "m3.+", "end")
    summary = GAME.view(state, None).last_turn
    assert summary is not None and summary.seat == 0
    assert [EN(line) for line in summary.lines] == [
        "Merchant 3: Merchant E5 → E8",
        "Favourite 0 → E1",
        "Drew 1 card",
    ]
    # the picture marks what the turn moved: the Merchant E5 → E8 and the Favourite 0 → E1
    assert summary.moved == ((Token.MERCHANT, 5, 8),)
    assert summary.favourite_moved == (0, 1)
    state, _ = play(state, "discard")
    summary = GAME.view(state, 0).last_turn
    assert summary is not None and summary.seat == 1
    assert EN(summary.lines[0]).startswith("Whole hand discarded (8 cards: ")


def test_new_round_deals_privately_and_announces_publicly():
    state = position(doge=6, guard_w=3, guard_e=8, east="d d")
    state, events = play(state, "d.+", "end")
    public = texts(events, None)
    assert public[-2:] == [
        "East House wins round 1: the Doge entered the mansion.",
        "Round 2 begins (rounds won: East House 1, West House 0). West House holds the Merchant and moves first.",
    ]
    for seat in (0, 1):
        (hand,) = [e for e in events if e.audience == frozenset({seat}) and EN(e.message).startswith("Your hand")]
        assert EN(hand.message).startswith("Your hand for this round: ")
    assert GAME.view(state, None).wins == (1, 0)
    # the turn that ended the round stays on show as the last turn until round 2's first turn ends
    summary = GAME.view(state, None).last_turn
    assert summary is not None and summary.seat == 0 and summary.moved == ((Token.DOGE, 6, 7),)


def test_why_unplayable_names_the_target_tokens_own_reason_once_masquerade_has_chosen_it():
    # After Masquerade on the Doge, Harlequin 3 may only move the Doge again, and both ways
    # break Nobility: that is the reason given, not the "other tokens are locked" one.
    state = position(east="h2 h3 d", doge=0, guard_w=-1, guard_e=4, harlequin=3)
    state, _ = play(state, "h2.d.+")
    assert why_unplayable(state, 0, CardKind.HARLEQUIN_3) == Message("twilight.why.nobility")


def test_a_second_harlequin_card_may_not_change_the_masquerade_target():
    # T6: a turn's Harlequin cards all move the same token (either Guard counts as "the Guards").
    state = position(east="h2 h3 d", doge=0, guard_w=-1, guard_e=5, harlequin=3)
    state, _ = play(state, "h2.d.+")
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(state, 0, "h3.m.+")
    assert EN(refused.value.message) == (
        "'h3.m.+': this turn's Harlequin cards move the Doge; the target cannot change within a turn."
    )
