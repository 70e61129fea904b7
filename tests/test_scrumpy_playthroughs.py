"""Random Scrumpy games of every player count (solo with both Automa levels) with card conservation
and leak checks at every step, the fair bot, and a golden transcript of a seeded bot game. (Views,
determinizations, clones, saves and determinism are also checked by tests/test_contract.py.)"""
import json
import random
import re
import time

import pytest

from games.core.bots import RandomBot, decision_rng
from games.scrumpy import GAME
from games.scrumpy.bot import FairBot
from games.scrumpy.data import RESOURCES
from tests.golden import assert_golden, transcript

MODES = [(1, {"automa": "core"}), (1, {"automa": "advanced"}), (2, {}), (3, {}), (4, {})]
CARD_ID = re.compile(r"[a-z_]+#\d+")


def own_cards(state, seat) -> set[str]:
    """Returns the cards `seat` sees in its own hand, discard pile, stores and cards in use."""
    return {c for zone in ("hand", "discard", "pool") + RESOURCES for c in state.cideries[seat].zone(zone).cards}


def public_cards(state) -> set[str]:
    """Returns the cards lying face up: worker spaces, strip, worker discard, box, supply, Automa."""
    cards = {c for cidery in state.cideries for space in cidery.spaces for c in space}
    cards |= set(state.strip.cards()) | set(state.strip_discard.cards) | set(state.box.cards)
    cards |= set(state.layabouts.cards)
    if state.automa is not None:
        cards |= set(state.automa.workers)
    return cards


def check_view(state, seat) -> None:
    """Asserts that `seat`'s view hides exactly what it must and keeps every count."""
    view = state.view(seat)
    for owner, (real, seen) in enumerate(zip(state.cideries, view.cideries)):
        mine = owner == seat
        for zone in ("hand", "discard", "pool") + RESOURCES:
            cards = seen.zone(zone).cards
            assert len(cards) == len(real.zone(zone).cards)
            assert cards == (real.zone(zone).cards if mine else [None] * len(cards)), (owner, zone)
        assert seen.draw.cards == [None] * len(real.draw.cards)  # nobody knows a draw pile's order
        assert seen.private_goal == (real.private_goal if mine or real.private_shown else None)
        assert seen.spaces == real.spaces and seen.owned == real.owned
    assert view.deck.cards == [None] * len(state.deck.cards)
    assert view.unseen.cards == [None] * len(state.unseen.cards)
    assert view.goal_box.cards == [None] * len(state.goal_box.cards)
    if state.automa is not None:
        assert view.automa.deck.cards == [None] * len(state.automa.deck.cards)


def check_events(events, before: list[set[str]], state) -> None:
    """Asserts that what each seat reads of an event names no card it could not see: cards face up
    or in its own hand, discard pile, stores and cards in use, before or after."""
    shown: set[str] = set()  # cards an event itself lays face up (a worker played to a space, ...)
    for event in events:
        if event.data.get("to", [""])[0] in ("space", "strip", "strip_discard", "box"):
            shown |= set(CARD_ID.findall(json.dumps(event.data)))
        for seat in range(state.players):
            allowed = before[seat] | public_cards(state) | own_cards(state, seat) | shown
            seen = event.seen_by(seat)
            if event.secret is not None and seat in event.secret.seats:
                continue
            named = set(CARD_ID.findall(seen.text + json.dumps(seen.data)))
            assert named <= allowed, f"{event.kind} shows {named - allowed} to seat {seat}"


def play_checked(players, options, seed, every=1):
    """Plays a random game checking conservation every step and views and events every `every` steps."""
    state = GAME.new_state(players, options, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        state.check()
        if steps % every == 0:
            for seat in range(players):
                check_view(state, seat)
        before = [public_cards(state) | own_cards(state, seat) for seat in range(players)]
        events = state.apply(rng.choice(state.legal_actions()))
        check_events(events, before, state)
        steps += 1
    state.check()
    assert state.winners() or state.rivals()
    return state, steps


@pytest.mark.parametrize("players, options", MODES)
def test_random_playthroughs_conserve_cards_and_leak_nothing(players, options):
    for seed in range(6):
        state, steps = play_checked(players, options, seed, every=3)
        assert state.round <= 6 and steps > 20


@pytest.mark.slow
@pytest.mark.parametrize("players, options", MODES)
def test_many_random_playthroughs(players, options):
    for seed in range(100, 300):
        play_checked(players, options, seed, every=7)


def test_the_fair_bot_beats_random_players():
    wins = 0
    for seed in range(4):
        state = GAME.new_state(3, {}, seed)
        bots = [FairBot(), RandomBot(), RandomBot()]
        while not state.is_over():
            seat = state.current_player()
            state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, 0)))
        wins += 0 in state.winners()
    assert wins >= 3


def test_the_fair_bot_answers_within_a_second():
    state = GAME.new_state(3, {}, 5)
    bot, slowest, ply = FairBot(), 0.0, 0
    while not state.is_over() and ply < 150:
        seat = state.current_player()
        start = time.perf_counter()
        action = bot.choose(state.view(seat), decision_rng(5, seat, ply))
        slowest = max(slowest, time.perf_counter() - start)
        state.apply(action)
        ply += 1
    assert slowest < 1.0


@pytest.mark.slow
def test_fair_bots_score_within_the_aimed_range_in_three_player_games():
    scores = []
    for seed in range(20):
        state = GAME.new_state(3, {}, seed)
        bots = [FairBot() for _ in range(3)]
        ply = 0
        while not state.is_over():
            seat = state.current_player()
            state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
            ply += 1
        scores += state.scores()
    mean = sum(scores) / len(scores)
    assert 20 <= mean <= 45, mean


def test_golden_transcript_of_a_seeded_bot_game():
    """A change of rules or bot behaviour shows up here (each event as the table sees it); rewrite with
    UPDATE_GOLDEN=1 if intended."""
    state = GAME.new_state(3, {}, 7)
    lines = transcript(state, [FairBot() for _ in range(3)], 7, ["Ann", "Ben", "Cat"], public=True)
    assert_golden("scrumpy_fair_seed7.txt", lines + [f"scores: {state.scores()} winners: {state.winners()}"])
