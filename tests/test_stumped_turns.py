"""Setup, the Action, Market and Renewal phases, the end of the game and the variants, with the
rulebook's example action phase and our rulings (data/stumped/rulings.md)."""
from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.stumped import GAME, judge
from games.stumped.actions import (
    PILE,
    Buy,
    EndActions,
    EndTurn,
    Grow,
    LeaveOut,
    Plant,
    PlayAction,
    PlayEnergy,
    StartGame,
)
from tests.stumped_helpers import RULES, arrange, begin_turn, grow_tree, kinds, new, standard_tree

NUMBERS = RULES.numbers


# --- setup -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_of_the_base_game_is_the_rulebooks(players):
    """The rulebook: every player an identical hand of 5 Dirt, 25 Sun, 25 Water, the remaining Dirt, 10 of
    each energy card: nothing else leaves the piles (issue 28: catch-up cards had made them short)."""
    state = new(players)
    for seat in range(players):
        assert state.hands[seat].cards == ["dirt"] * 5 and not state.decks[seat].cards
        assert not state.discards[seat].cards and state.owned[seat] == {"dirt": 5}
        assert not state.trees[seat].segments
        assert state.segments[seat].counts == {"trunk": 1, "branch": 4, "leaf": 10, "fruit": 2}
    assert len(state.market.slots) == 8 and None not in state.market.slots  # 2 rows of 4
    assert len(state.action_deck) == 70 - 8
    assert state.piles.counts == {"sun": 25, "water": 25, "dirt": 25 - 5 * players,
                                  "fancy_fertilizer": 10, "impressive_irrigation": 10}
    assert state.current_player() == 0 and state.pending_decision().kind == "act"


def test_with_the_catch_up_option_later_seats_get_their_catch_up_cards():
    state = new(4, catch_up="on")
    for seat in range(4):
        assert Counter(state.discards[seat].cards) == Counter(NUMBERS.head_start[4][seat])
        assert state.owned[seat] == dict(Counter(["dirt"] * 5 + list(NUMBERS.head_start[4][seat])))
        assert not any(state.roots[seat].values())
    assert state.piles.counts["sun"] == 23 and state.piles.counts["impressive_irrigation"] == 8
    assert all(not starts[0] for starts in NUMBERS.head_start.values())
    assert all(len(starts[-1]) >= len(starts[1]) > 0 for starts in NUMBERS.head_start.values())


def test_the_catch_up_option_is_ours_with_its_figure_and_never_the_default():
    option = next(option for option in GAME.options if option.id == "catch_up")
    for players in GAME.player_counts():
        assert GAME.resolve_options(players, {})["catch_up"] == "off"
    on = next(choice for choice in option.choices if choice.value == "on")
    assert on.ours and "46.5%" in on.ours and option.label == "Catch-up cards for later seats"
    assert any("our rule" in line for line in GAME.table_rules(3, GAME.resolve_options(3, {"catch_up": "on"})))


def test_the_gentle_option_leaves_out_the_cards_that_touch_other_players():
    state = new(3, action_cards="gentle")
    assert sorted(state.left_out) == ["drought", "gopher", "late_frost", "squirrel"]
    cards = state.action_deck.cards + state.market.cards()
    assert len(cards) == 70 - 8 and not set(cards) & set(state.left_out)


def test_the_table_may_leave_out_pairs_before_the_market_is_dealt():
    state = new(3, action_cards="choose")
    assert state.pending_decision().kind == "setup" and state.current_player() == 0
    assert state.market.cards() == []
    state.apply(LeaveOut("flash_flood"))
    state.apply(LeaveOut("squirrel"))
    assert LeaveOut("flash_flood") not in state.legal_actions()
    state.apply(StartGame())
    assert state.current_player() == 1 and state.pending_decision().kind == "setup"  # the next seat's say
    state.apply(LeaveOut("rake"))
    state.apply(StartGame())
    assert state.current_player() == 2 and state.market.cards() == []
    state.apply(StartGame())
    cards = state.action_deck.cards + state.market.cards()
    assert len(cards) == 64 and not {"flash_flood", "squirrel", "rake"} & set(cards)
    assert len(state.market.cards()) == 8 and state.pending_decision().kind == "act"
    assert state.current_player() == 0


def test_with_two_copies_leaving_out_a_card_leaves_out_every_copy():
    state = new(6, action_cards="choose")
    state.apply(LeaveOut("rake"))
    for _ in range(6):
        state.apply(StartGame())
    cards = state.action_deck.cards + state.market.cards()
    assert "rake" not in cards and len(cards) == 140 - 4


@pytest.mark.parametrize("players, kept", [(3, 4), (8, 2)])
def test_any_number_of_pairs_may_be_left_out_while_the_market_can_be_filled(players, kept):
    """The rulebook's "any sets": with one copy 31 pairs may go (4 pairs, 8 cards, fill the market); with two
    copies 33 (2 kinds, 8 cards)."""
    state = new(players, action_cards="choose")
    for card in RULES.action_ids[:-kept]:
        state.apply(LeaveOut(card))
    assert len(state.left_out) == 35 - kept > 10
    assert state.legal_actions() == [StartGame()]
    for _ in range(players):
        state.apply(StartGame())
    assert None not in state.market.slots and not state.action_deck.cards


# --- the action phase ------------------------------------------------------------------------------
def test_the_rulebooks_example_action_phase():
    # "4 dirt cards and 1 impressive irrigation: 2 dirt in my roots, 2 dirt and the irrigation as energy:
    # +4 Energy during the market phase."
    state = new()
    arrange(state, 0, hand=["dirt"] * 4 + ["impressive_irrigation"])
    for action in (Plant("dirt"), Plant("dirt"), PlayEnergy("dirt"), PlayEnergy("dirt"),
                   PlayEnergy("impressive_irrigation")):
        state.apply(action)
    assert state.roots[0] == {"sun": 0, "dirt": 2, "water": 0}
    assert state.turn.energy == 4 and state.pending_decision().kind == "buy"  # nothing left in hand: to market


def test_basics_go_to_the_roots_or_count_as_energy_and_energy_cards_only_as_energy():
    state = new()
    arrange(state, 0, hand=["sun", "fancy_fertilizer", "earthworm", "dirt", "dirt"])
    legal = state.legal_actions()
    assert Plant("sun") in legal and PlayEnergy("sun") in legal
    assert PlayEnergy("fancy_fertilizer") in legal and Plant("fancy_fertilizer") not in legal
    assert PlayAction("earthworm") in legal and PlayEnergy("earthworm") not in legal
    state.apply(PlayEnergy("fancy_fertilizer"))
    assert state.turn.energy == 3


def test_no_action_card_after_energy_is_played_but_planting_goes_on():
    state = new()
    arrange(state, 0, hand=["earthworm", "dirt", "sun", "dirt", "dirt"], deck=["water"] * 3)
    state.apply(PlayEnergy("dirt"))
    legal = state.legal_actions()
    assert PlayAction("earthworm") not in legal and Plant("sun") in legal
    with pytest.raises(IllegalAction):
        state.apply(PlayAction("earthworm"))


def test_up_to_three_action_cards():
    state = new()
    arrange(state, 0, hand=["compost_tea", "compost_tea", "wheelbarrow", "wheelbarrow", "dirt"])
    for card in ("compost_tea", "compost_tea", "wheelbarrow"):
        state.apply(PlayAction(card))
    assert PlayAction("wheelbarrow") not in state.legal_actions()
    assert state.turn.actions_left == 0 and state.turn.energy == 3 + 3 + 2


def test_extra_actions_from_cards():
    state = new()
    arrange(state, 0, hand=["gardening_gloves", "compost_tea", "compost_tea", "wheelbarrow", "dirt"])
    for card in ("gardening_gloves", "compost_tea", "compost_tea", "wheelbarrow"):
        state.apply(PlayAction(card))
    assert state.turn.energy == 2 + 3 + 3 + 2


def test_the_action_phase_ends_by_itself_when_nothing_can_be_played():
    state = new()
    arrange(state, 0, hand=["compost_tea", "compost_tea", "golden_shovel", "golden_shovel", "fancy_fertilizer"])
    state.apply(PlayEnergy("fancy_fertilizer"))  # now no action card may follow: nothing left to do
    assert state.pending_decision().kind == "buy"


# --- the market ------------------------------------------------------------------------------------
def test_a_first_hand_of_five_dirt_cannot_buy_a_sun_or_water():
    state = new()
    for _ in range(5):
        state.apply(PlayEnergy("dirt"))
    buys = {a.card for a in state.legal_actions() if isinstance(a, Buy)}
    assert "impressive_irrigation" in buys and "dirt" in buys and not {"sun", "water"} & buys
    assert RULES.card("sun").cost == RULES.card("water").cost > 5 > RULES.card("dirt").cost



def market_turn(energy: int, buys: int = 2):
    """Returns a game in seat 0's market phase with `energy` to spend."""
    state = new()
    arrange(state, 0, hand=["dirt"] * 5)
    state.turn.energy, state.turn.buys_left = energy, buys
    state.apply(EndActions())
    return state


def test_buying_from_a_pile_and_from_the_market():
    state = market_turn(20, buys=3)
    card = state.market.slots[3]
    cost = RULES.card(card).cost
    next_card = state.action_deck.cards[-1]
    state.apply(Buy(card, 3, cost))
    assert state.discards[0].cards[-1] == card and state.market.slots[3] == next_card
    assert state.owned[0][card] == 1 and state.turn.energy == 20 - cost
    sun = state.piles.left("sun")
    state.apply(Buy("sun", PILE, RULES.card("sun").cost))
    assert state.piles.left("sun") == sun - 1 and state.discards[0].cards[-1] == "sun"


def test_only_affordable_cards_and_at_most_two():
    state = market_turn(RULES.card("dirt").cost * 3)
    affordable = {a.card for a in state.legal_actions() if isinstance(a, Buy)}
    assert all(RULES.card(card).cost <= state.turn.energy for card in affordable) and "dirt" in affordable
    state.apply(Buy("dirt", PILE, RULES.card("dirt").cost))
    state.apply(Buy("dirt", PILE, RULES.card("dirt").cost))
    assert state.current_player() == 1  # two buys: the turn is over, energy left is lost
    assert state.turn.energy == 0 and state.turn.seat == 1


def test_unused_energy_is_lost_at_the_end_of_the_market_phase():
    state = market_turn(9)
    state.apply(EndTurn())
    begin_turn(state, 0)
    assert state.turn.energy == 0


def test_a_market_with_nothing_affordable_ends_the_turn():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5)
    state.apply(EndActions())
    assert state.turn.seat == 1  # 0 energy buys nothing


def test_an_empty_pile_cannot_be_bought():
    state = market_turn(20)
    state.piles.counts["water"] = 0
    state._legal = None
    assert not any(isinstance(a, Buy) and a.card == "water" for a in state.legal_actions())


def test_the_discarded_market_cards_become_the_new_action_deck():
    state = market_turn(20)
    state.market_discard.cards, state.action_deck.cards = state.action_deck.cards, []
    card = state.market.slots[0]
    state.apply(Buy(card, 0, RULES.card(card).cost))
    assert state.market.slots[0] is not None
    assert len(state.action_deck) == 70 - 8 - 1 and not state.market_discard.cards
    state.check()


def test_a_slot_stays_empty_when_no_action_card_is_left():
    state = market_turn(20)
    state.mulched, state.action_deck.cards = state.action_deck.cards, []
    card = state.market.slots[0]
    state.apply(Buy(card, 0, RULES.card(card).cost))
    assert state.market.slots[0] is None
    state.check()


# --- renewal ---------------------------------------------------------------------------------------
def test_renewal_discards_hand_and_play_area_not_roots_and_draws_five():
    state = new()
    arrange(state, 0, hand=["sun", "dirt", "dirt", "impressive_irrigation", "water"], deck=["water"] * 8)
    state.apply(Plant("sun"))
    state.apply(PlayEnergy("impressive_irrigation"))
    state.apply(EndActions())
    state.apply(EndTurn())
    assert state.turn.seat == 1
    assert Counter(state.discards[0].cards) == Counter(["impressive_irrigation", "dirt", "dirt", "water"])
    assert state.roots[0]["sun"] == 1 and state.hands[0].cards == ["water"] * 5 and len(state.decks[0]) == 3


def test_renewal_reshuffles_the_discard_pile_when_the_deck_runs_out():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5, deck=["sun", "water"], discard=["dirt"] * 3)
    events = state.apply(EndActions())
    assert len(state.hands[0]) == 5 and Counter(state.hands[0].cards)["sun"] == 1
    assert any(e.kind == "reshuffle" and e.data["seat"] == 0 for e in events)
    assert len(state.decks[0]) + len(state.hands[0]) + len(state.discards[0]) == 10


def test_renewal_draws_what_there_is():
    state = new()
    arrange(state, 0, hand=["dirt", "dirt", "sun"])
    state.apply(Plant("sun"))
    state.apply(Plant("dirt"))
    state.apply(EndActions())
    assert state.hands[0].cards == ["dirt"] and state.turn.seat == 1


def test_each_fruit_draws_one_more_card():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5, deck=["water"] * 10)
    grow_tree(state, 0, [("trunk", "base", "base"), ("branch", "trunk", "top"), ("fruit", "branch 1", "end")])
    state.apply(EndActions())
    assert len(state.hands[0]) == 6


# --- the end ----------------------------------------------------------------------------------------
def test_the_tenth_leaf_wins_at_once_in_the_middle_of_a_turn():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5, roots={"sun": 2, "dirt": 2, "water": 2})
    standard_tree(state, 0, 8)
    begin_turn(state, 0)
    assert state.turn.growth == 4
    state.apply(Grow("leaf", "branch 3", "side 3"))
    events = state.apply(Grow("branch", "branch 1", "end"))
    assert not state.is_over()
    events = state.apply(Grow("leaf", "branch 4", "side 1"))
    assert state.is_over() and state.winners() == [0] and state.scores()[0] == 10
    assert events[-1].kind == "win" and state.current_player() is None
    assert state.hands[0].cards == ["dirt"] * 5  # the rest of the turn never happens
    state.check()


def test_a_card_that_grows_the_tenth_leaf_wins_in_the_action_phase():
    state = new()
    arrange(state, 0, hand=["plant_food", "compost_tea", "dirt", "dirt", "dirt"])
    standard_tree(state, 0, 9)
    grow_tree(state, 0, [("branch", "branch 1", "end")])
    state.apply(PlayAction("plant_food"))
    state.apply(Grow("leaf", "branch 4", "side 3"))
    assert state.winners() == [0] and not state.legal_actions()


def idle_round(state, grow: bool = False) -> list:
    """Plays one whole round in which each seat only ends its turn (seat 0 grows a leaf first if `grow`)."""
    events = []
    for seat in range(state.players):
        arrange(state, seat, hand=["dirt"] * 5)
        if grow and seat == 0:
            state.grew_this_round = True  # as a Grow action does
        events += state.apply(EndActions())
        if state.is_over():
            return events
        events += state.apply(EndTurn()) if state.pending_decision().kind == "buy" else []
    return events


def test_winter_comes_only_after_many_rounds_in_which_no_tree_grew():
    state = new(2)
    standard_tree(state, 1, 3)
    standard_tree(state, 0, 3)
    limit = NUMBERS.winter.idle_rounds
    assert limit >= 20
    for _ in range(limit - 1):
        idle_round(state)
    assert not state.is_over() and state.idle_rounds == limit - 1
    idle_round(state, grow=True)  # one growth anywhere starts the count again
    assert state.idle_rounds == 0 and not state.is_over()
    for _ in range(limit - 1):
        idle_round(state)
    assert not state.is_over()
    events = idle_round(state)
    assert state.is_over() and state.winners() == [0, 1]  # same leaves, same segments: a shared win
    assert "no tree grew" in events[-1].text


def test_a_grown_segment_resets_the_winter_count():
    state = new(2)
    state.idle_rounds = 7
    arrange(state, 0, hand=["plant_food"] + ["dirt"] * 4)
    state.apply(PlayAction("plant_food"))
    grow = next(action for action in state.legal_actions() if isinstance(action, Grow))
    state.apply(grow)
    assert state.grew_this_round
    while state.current_player() == 0:
        state.apply(state.legal_actions()[-1])
    arrange(state, 1, hand=["dirt"] * 5)
    state.apply(EndActions())
    assert state.round == 2 and state.idle_rounds == 0 and not state.grew_this_round


def test_winter_gives_the_win_to_most_leaves_then_most_segments():
    state = new(2)
    standard_tree(state, 1, 3)
    standard_tree(state, 0, 3)
    grow_tree(state, 1, [("branch", "branch 1", "end")])
    state.idle_rounds = NUMBERS.winter.idle_rounds
    judge.season_ends(state)
    assert state.winners() == [1]


def test_the_round_counter_warns_of_winter_only_when_it_is_near():
    state = new(2)
    assert state.winter_in() is None
    state.idle_rounds = NUMBERS.winter.idle_rounds - NUMBERS.winter.warn
    assert state.winter_in() == NUMBERS.winter.warn
    state.idle_rounds = NUMBERS.winter.idle_rounds - 1
    assert state.winter_in() == 1


# --- variants --------------------------------------------------------------------------------------
def test_the_two_player_epic_game():
    state = new(2, tree="epic")
    assert state.segments[0].counts == {"trunk": 1, "branch": 8, "leaf": 20, "fruit": 4}
    assert state.tree_kind.win_leaves == 20
    arrange(state, 0, hand=["plant_food"] + ["dirt"] * 4)
    standard_tree(state, 0, 9)
    grow_tree(state, 0, [("branch", "branch 1", "end")] + [("leaf", "branch 4", "side 1")])
    state.apply(PlayAction("plant_food"))
    state.apply(Grow("leaf", "branch 4", "side 2"))
    assert state.trees[0].leaves == 11 and not state.is_over()  # 10 leaves do not win an epic game


def test_an_epic_tree_with_four_fruit_draws_nine():
    state = new(2, tree="epic")
    arrange(state, 0, hand=["dirt"] * 5, deck=["water"] * 12)
    plan = [("trunk", "base", "base")] + [("branch", "trunk", h) for h in ("left", "right", "top")]
    plan += [("branch", "branch 1", "side 1")] + [("fruit", f"branch {n}", "end") for n in (1, 2, 3, 4)]
    grow_tree(state, 0, plan)
    state.apply(EndActions())
    assert len(state.hands[0]) == 9


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_five_to_eight_players_use_two_copies_at_one_table(players):
    state = new(players)
    assert state.options["tree"] == "standard" and state.tree_kind.win_leaves == 10
    cards = Counter(state.action_deck.cards + state.market.cards())
    assert len(state.market.slots) == 8 and set(cards.values()) == {4} and len(cards) == 35
    assert state.piles.counts == {"sun": 50, "water": 50, "dirt": 50 - 5 * players, "fancy_fertilizer": 20,
                                  "impressive_irrigation": 20}
    seats = []
    for _ in range(players + 1):
        seats.append(state.turn.seat)
        arrange(state, state.turn.seat, hand=["dirt"] * 5)
        state.apply(EndActions())
    assert seats == list(range(players)) + [0] and state.round == 2  # clockwise, one turn order


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_the_default_trees_fit_the_pieces_of_the_copies_on_the_table(players):
    """Two copies hold 32 branches, 96 leaves and 16 fruit: 8 standard trees, not 8 epic ones (64, 160, 32)."""
    options = GAME.resolve_options(players, {})
    assert NUMBERS.trees_fit(options["tree"], players)
    assert NUMBERS.copies[players] * NUMBERS.pieces["branch"] == (32 if players > 4 else 16)
    assert not NUMBERS.trees_fit("epic", 8) and not NUMBERS.trees_fit("epic", 5)


def test_epic_trees_at_five_to_eight_are_an_option_of_ours_saying_the_piece_counts():
    option = next(option for option in GAME.options if option.id == "tree")
    big = [choice for choice in option.choices_for(8) if choice.value == "epic"]
    assert len(big) == 1 and "64 branches and 32 fruit" in big[0].ours and "32 and 16" in big[0].ours
    two = [choice for choice in option.choices_for(2) if choice.value == "epic"]
    assert len(two) == 1 and not two[0].ours  # the rulebook's 2-player epic game
    state = new(8, tree="epic")
    assert state.segments[7].counts == {"trunk": 1, "branch": 8, "leaf": 20, "fruit": 4}


def test_the_options_offered_for_each_player_count():
    assert GAME.player_counts() == [2, 3, 4, 5, 6, 7, 8]
    default = {"tree": "standard", "action_cards": "all", "catch_up": "off"}
    for players in GAME.player_counts():
        assert GAME.resolve_options(players, {}) == default
    with pytest.raises(ValueError):
        GAME.resolve_options(3, {"tree": "epic"})


def test_the_status_line_says_what_to_do():
    state = new()
    # found by hand: "play cards (3 action cards)" did not say it was a limit
    assert "play up to 3 action cards" in state.status(["Ann", "Ben", "Cat"]) and state.status(["Ann"]).startswith("Ann")
    state.apply(PlayEnergy("dirt"))
    assert "no more action cards" in state.status()
    for _ in range(4):
        state.apply(PlayEnergy("dirt"))
    assert "buy up to 2 cards with 5 energy" in state.status()
    assert kinds(state.legal_actions())[-1] == "EndTurn"


def test_a_card_effects_prompt_names_the_player_choosing():
    state = new()
    arrange(state, 1, hand=["compost_bin", "dirt", "dirt", "dirt", "dirt"])
    begin_turn(state, 1)
    state.apply(PlayAction("compost_bin"))
    assert state.status(["Ann", "Ben", "Cat"]).startswith("Ben: mulch cards from your hand (up to 2 more)")


def test_bots_pass_the_leaving_out_on_to_the_table():
    """The pairs left out are the people's taste: a bot's say is to leave the cards as they are (Normal, and
    Hard, which leaves setup to Normal rather than searching it; Easy's random slips may leave one out)."""
    import random
    state = new(3, action_cards="choose")
    for level in ("normal", "hard"):
        assert GAME.bot_kind(level).make().choose(state.view(0), random.Random(1)) == StartGame()
