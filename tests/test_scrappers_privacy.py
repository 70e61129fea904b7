"""What each seat may see: hands, the face-down deck and hopper, and tussle cards put down in
secret (neither their names nor their number show until the reveal); events carry secrets only
for the seats that may know them."""
import json
import random

import pytest

from games.scrappers import GAME
from games.scrappers.actions import Commit, CommitDone, PlayCard, Press
from tests.scrappers_helpers import do, kind, pass_all, stack_deck, table

SLOTS = ["plug_blue_step", "plug_orange_step", "plug_purple_step", "plug_universal_jump", "plug_green_step",
         "core_orange"]


def committed_tussle():
    """Lug (Ben) and Puck (Dee) tussle; Ben has put down Big Wrench and Dee is choosing."""
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={1: ["big_wrench", "hop_it"], 3: ["shuffle_along"]})
    stack_deck(state, ["rummage", "rummage"])
    pass_all(state)
    do(state, Commit, card="big_wrench")
    do(state, CommitDone)
    return state


def test_a_later_chooser_sees_neither_the_cards_nor_the_number_put_down_before():
    state = committed_tussle()
    assert state.current_player() == 3
    view = state.view(3)
    assert view.tussle.commits[0].cards == [] and len(view.hands[1]) == 3 and set(view.hands[1].cards) == {None}
    assert state.tussle.commits[0].cards[0] not in json.dumps(view.to_dict())
    assert view.legal_actions() == state.legal_actions()
    world = view.determinize(random.Random(0))
    world.check()
    assert world.view(3).to_dict() == view.to_dict()


def test_the_committer_still_sees_their_own_cards_put_down():
    state = committed_tussle()
    mine = state.view(1)
    assert [kind(c) for c in mine.tussle.commits[0].cards] == ["big_wrench"] and len(mine.hands[1]) == 2
    assert all(c is None for c in mine.hands[3].cards)


def test_the_table_sees_every_tussle_card_at_the_reveal():
    state = committed_tussle()
    do(state, Commit, card="shuffle_along")
    events = do(state, CommitDone)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.secret is None and reveal.reveals
    shown = {c["seat"]: [kind(x) for x in c["cards"]] for c in reveal.data["commits"]}
    assert shown == {1: ["big_wrench"], 3: ["shuffle_along"]}


def test_hands_the_deck_and_the_hopper_are_hidden_from_other_seats():
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["hop_it"], 2: ["fling"]})
    view = state.view(2)
    assert view.hands[0].cards == [None] and [kind(c) for c in view.hands[2].cards] == ["fling"]
    assert set(view.deck.cards) == {None} and set(view.belt.hopper.cards) == {None}
    assert [kind(p) for p in view.belt.slots] == SLOTS
    spectator = state.view(None)
    assert set(spectator.hands[2].cards) == {None}


def test_a_part_put_back_on_the_hopper_is_public_until_drawn():
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["belt_yank"], 1: ["hop_it"]})
    do(state, PlayCard, card="belt_yank", bodger="izzy")
    do(state, Press, button="REVERSE")
    view = state.view(3)
    assert kind(view.belt.hopper.cards[-1]) == "plug_blue_step" and set(view.belt.hopper.cards[:-1]) == {None}


def test_a_draw_is_a_secret_of_the_drawer():
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["rummage"], 1: ["hop_it"]})
    do(state, PlayCard, card="rummage", bodger="izzy")
    draw = next(e for e in do(state, Press, button="DRAW") if e.kind == "draw")
    card = draw.secret.data["cards"][0]
    assert draw.seen_by(0).data["cards"] == [card] and "cards" not in draw.seen_by(1).data
    assert kind(card) not in draw.seen_by(1).describe(["A", "B", "C", "D"])


def secret_ids(state, seat: int) -> set[str]:
    """Returns the card and part instances `seat` may not know: others' hands and tussle cards,
    the deck, and the hopper below the public parts."""
    hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h.cards}
    if state.tussle is not None:
        hidden |= {c for pile in state.tussle.commits if pile.owner != seat for c in pile.cards}
    hopper = state.belt.hopper.cards
    return hidden | set(state.deck.cards) | set(hopper[:len(hopper) - state.belt.known])


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"keelie": True}), (4, {"keelie": True, "guppy": True})])
def test_random_games_never_show_a_seat_what_it_may_not_know(players, options):
    for seed in range(2):
        state = GAME.new_state(players, options, seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in range(players):
                text = json.dumps(state.view(seat).to_dict())
                assert not any(f'"{card}"' in text for card in secret_ids(state, seat))
            before = {seat: secret_ids(state, seat) for seat in range(players)}
            for event in state.apply(rng.choice(state.legal_actions())):
                for seat in range(players):
                    seen = json.dumps(event.seen_by(seat).data)
                    assert not any(f'"{card}"' in seen for card in before[seat] & secret_ids(state, seat))
