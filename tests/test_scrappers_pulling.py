"""Part pulling: the order, tussles (draw, secret commitments, the reveal, ties with and without the
foreman), the wrench, and how the game ends."""
from games.scrappers.actions import Commit, CommitDone, TakeBack
from tests.scrappers_helpers import do, give_parts, kind, pass_all, stack_deck, table

SLOTS = ["plug_blue_step", "plug_orange_step", "plug_purple_step", "plug_universal_jump", "plug_green_step",
         "core_orange"]
APART = {"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4"}


def test_each_player_pulls_the_part_in_front_in_order_from_the_foreman():
    state = table(places=APART, slots=SLOTS, foreman=2, seat=2)
    events = pass_all(state)
    pulls = [(e.data["seat"], kind(e.data["part"])) for e in events if e.kind == "pull"]
    assert pulls == [(2, "plug_orange_step"), (3, "plug_green_step"), (0, "plug_blue_step"),
                     (1, "plug_universal_jump")]
    assert [kind(p) for p in state.holdings[2]] == ["plug_orange_step"]


def test_the_wrench_passes_left_after_part_pulling():
    state = table(places=APART, slots=SLOTS, foreman=3, seat=3)
    events = pass_all(state)
    assert state.foreman == 0 and [e.data["seat"] for e in events if e.kind == "wrench"] == [0]
    assert state.round == 2 and state.current_player() == 0


def tussle_table(foreman=0, hands=None, draws=("rummage", "rummage", "rummage")):
    """Lug (seat 1) and Puck (seat 3) at the green plug; everyone else elsewhere."""
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  foreman=foreman, seat=foreman, hands=hands or {})
    stack_deck(state, list(draws))
    return state


def test_tussling_players_draw_one_then_commit_in_secret_from_the_foreman_clockwise():
    state = tussle_table(foreman=2)
    pass_all(state)
    assert [len(h) for h in state.hands] == [0, 1, 0, 1]
    assert state.current_player() == 3, "Dee comes before Ben, counting from the foreman (Cat)"
    do(state, CommitDone)
    assert state.current_player() == 1


def test_the_most_tussle_symbols_wins_and_all_tussle_cards_are_discarded():
    state = tussle_table(hands={1: ["big_wrench"], 3: ["shuffle_along"]})
    pass_all(state)
    do(state, Commit, card="big_wrench")
    do(state, CommitDone)
    do(state, Commit, card="shuffle_along")
    events = do(state, CommitDone)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.reveals and reveal.data["totals"] == {"1": 3, "3": 2} and reveal.data["winner"] == "1"
    assert [kind(p) for p in state.holdings[1]] == ["plug_green_step"] and state.tussles_won[1] == 1
    assert sorted(kind(c) for c in state.discard.cards) == ["big_wrench", "shuffle_along"]
    assert [kind(c) for c in state.hands[1].cards] == ["rummage"]


def test_a_card_put_down_can_be_taken_back_before_done():
    state = tussle_table(hands={1: ["big_wrench"]})
    pass_all(state)
    do(state, Commit, card="big_wrench")
    do(state, TakeBack, card="big_wrench")
    assert sorted(kind(c) for c in state.hands[1].cards) == ["big_wrench", "rummage"]
    assert not state.tussle.commits[0].cards


def test_a_tie_goes_to_the_foreman_when_his_bodger_tussles():
    state = tussle_table(foreman=1, hands={1: ["shuffle_along"], 3: ["swap_shop"]})
    pass_all(state)
    do(state, Commit, card="shuffle_along")
    do(state, CommitDone)
    do(state, Commit, card="swap_shop")
    events = do(state, CommitDone)
    assert next(e for e in events if e.kind == "reveal").data["winner"] == "1"
    assert [kind(p) for p in state.holdings[1]] == ["plug_green_step"]


def test_any_other_tie_gives_nobody_the_part_and_it_stays_on_the_conveyor():
    state = tussle_table(foreman=0, hands={1: ["shuffle_along"], 3: ["swap_shop"]})
    pass_all(state)
    do(state, Commit, card="shuffle_along")
    do(state, CommitDone)
    do(state, Commit, card="swap_shop")
    events = do(state, CommitDone)
    assert next(e for e in events if e.kind == "reveal").data["winner"] is None
    assert not state.holdings[1] and not state.holdings[3]
    assert [e.kind for e in events].count("reveal") == 1, "Puck does not start a second tussle for it"
    assert kind(state.belt.slots[4]) == "plug_green_step" and state.phase == "maintenance"


def test_the_foreman_wins_a_tie_only_if_he_is_among_the_tied():
    # Three bodgers at the hopper-end part: Izzy (foreman, 0 symbols) and Lug and Ridge tied on 2.
    state = table(places={"izzy": "h", "lug": "t0", "ridge": "b0", "puck": "b4"}, slots=SLOTS,
                  hands={1: ["shuffle_along"], 2: ["swap_shop"]})
    stack_deck(state, ["rummage", "rummage", "rummage"])
    pass_all(state)
    for seat in (0, 1, 2):
        assert state.current_player() == seat
        if seat:
            do(state, Commit, card="shuffle_along" if seat == 1 else "swap_shop")
        events = do(state, CommitDone)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["totals"] == {"0": 0, "1": 2, "2": 2} and reveal.data["winner"] is None


def test_a_commitment_event_tells_others_only_that_a_choice_was_made():
    state = tussle_table(hands={1: ["big_wrench"]})
    pass_all(state)
    do(state, Commit, card="big_wrench")
    event = do(state, CommitDone)[0]
    assert event.seen_by(3).describe(["A", "B", "C", "D"]) == "B has chosen."
    assert "cards" not in event.data and kind(event.seen_by(1).data["cards"][0]) == "big_wrench"


def test_the_first_player_to_complete_a_contraption_in_pulling_order_wins_at_once():
    state = table(places=APART, slots=SLOTS, foreman=2, seat=2)
    give_parts(state, 0, ["core_blue", "plug_blue_switch", "plug_blue_jump", "plug_blue_dash"])  # wants blue
    give_parts(state, 3, ["core_green", "plug_green_switch", "plug_green_jump", "plug_green_dash"])  # wants green
    events = pass_all(state)
    assert state.is_over() and state.winners() == [3] and state.ended == "contraption"
    assert not any(e.kind == "pull" and e.data["seat"] == 0 for e in events), "pulling stops at the win"
    assert state.scores()[3] == 4 and state.scores()[0] == 3


def test_when_no_part_is_left_anywhere_the_best_contraptions_win():
    state = table(places=APART, slots=[None] * 6)
    give_parts(state, 1, ["core_purple"] + ["plug_purple_step"] * 3)
    give_parts(state, 0, ["core_orange"] + ["plug_orange_step"] * 3)
    cores = [p for p in state.belt.hopper.cards if p.startswith("core")]
    state.holdings[0] += cores  # every other core: no plug of theirs adds up to four
    state.holdings[3] = [p for p in state.belt.hopper.cards if p not in cores]
    state.belt.hopper.cards = []
    pass_all(state)
    assert state.is_over() and state.ended == "parts"
    assert state.scores() == [3, 3, 0, 0] and state.winners() == [0, 1]


def test_the_round_limit_ends_the_game_with_the_best_contraption():
    state = table(places=APART, slots=SLOTS)
    state.round = state.data.rules.round_limit
    give_parts(state, 2, ["core_purple", "plug_purple_jump"])
    pass_all(state)
    assert state.is_over() and state.ended == "rounds" and state.winners() == [2]
