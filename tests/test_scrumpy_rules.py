"""Scrumpy rules: turns, Auxiliary and Core Actions, resources as cards, goals, Refresh, the end and
scoring. Card, vendor and goal texts are in test_scrumpy_cards.py; rulings in test_scrumpy_rulings.py."""
import random

from games.core.cards import kind_of
from games.scrumpy import GAME, resources, turns
from games.scrumpy.actions import (
    AchieveGoal,
    Deliver,
    EndTurn,
    OwnerAction,
    PassCore,
    PlayWorker,
    Recruit,
    RecruitLayabout,
    Secondary,
    Sell,
)
from tests.scrumpy_helpers import act, choose, cube, done, empty, fresh, kinds, options, pick, put


# --- turns --------------------------------------------------------------------------------------
def test_one_auxiliary_action_before_the_core_action():
    state = fresh()
    seat = state.seat
    assert options(state, Sell) and options(state, PlayWorker)
    act(state, Sell, res="apple")
    assert state.current_player() == seat and not options(state, Sell) and not options(state, Secondary)
    assert options(state, OwnerAction)


def test_players_take_turns_clockwise_until_everyone_has_taken_four_core_actions():
    state = fresh(3)
    order = []
    while state.round == 1:
        decision = state.pending_decision()
        if decision.kind == "turn":
            order.append(decision.seat)
        owner = options(state, OwnerAction)
        state.apply(owner[0] if owner and decision.kind == "turn" else _any_core(state))
    first = order[0]
    assert order == [(first + i) % 3 for i in range(12)]


def _any_core(state):
    """Returns a quick legal answer: the first Idle Layabout recruit, End turn, Done or the first option."""
    legal = state.legal_actions()
    for cls in (RecruitLayabout, EndTurn, PassCore):
        found = [a for a in legal if isinstance(a, cls)]
        if found:
            return found[0]
    return legal[-1]


def test_the_owner_action_is_compulsory_once_a_round():
    state = fresh(2)
    seat = state.seat
    for _ in range(3):
        assert state.current_player() == seat
        act(state, RecruitLayabout)
        _end_turn_and_pass_other(state, seat)
    core = [a for a in state.legal_actions() if not isinstance(a, (Sell, Secondary, Deliver, AchieveGoal))]
    assert core and all(isinstance(a, OwnerAction) for a in core)


def _end_turn_and_pass_other(state, seat):
    """Finishes `seat`'s turn and lets the other seat recruit Idle Layabouts or act as it must."""
    while state.current_player() != seat or state.pending_decision().kind != "turn":
        state.apply(_any_core(state) if state.current_player() != seat else state.legal_actions()[-1])


def test_the_owner_can_act_only_once_a_round_and_upgraded_once_its_cube_is_gone():
    state = fresh(2)
    seat = state.seat
    state.cideries[seat].office.remove("coins")
    before = state.cideries[seat].coins
    act(state, OwnerAction, action="coins")
    assert state.cideries[seat].coins == before + 3 and state.cideries[seat].meeple == "coins"
    _end_turn_and_pass_other(state, seat)
    assert not options(state, OwnerAction)


def test_basic_owner_coins():
    state = fresh(2)
    seat, before = state.seat, state.me.coins
    act(state, OwnerAction, action="coins")
    assert state.cideries[seat].coins == before + 2


def test_play_worker_fills_the_leftmost_space_and_its_action_is_optional():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "hand", "apple_picker", "woodcutter")
    act(state, PlayWorker, card="woodcutter", use=False)
    cidery = state.cideries[seat]
    assert kinds(cidery.spaces[0]) == ["woodcutter"] and cidery.spaces[1] == []
    assert cidery.count("wood") == 1 and cidery.cores == 1


def test_recruit_pays_cost_minus_strip_discount_then_slides_and_refills():
    state = fresh(2)
    seat = state.seat
    state.me.coins = 10
    strip = list(state.strip.slots)
    cost = state.data.worker(strip[3]).cost
    act(state, Recruit, slot=3, use=False)
    assert state.cideries[seat].coins == 10 - (cost - 3)
    assert state.cideries[seat].spaces[0] == [strip[3]] and strip[3] in state.cideries[seat].owned
    assert state.strip.slots[1:] == strip[:3] and state.strip.slots[0] is not None


def test_recruit_is_offered_only_when_affordable():
    state = fresh(2)
    state.me.coins = 0
    state._legal = None
    assert not options(state, Recruit)


def test_recruit_an_idle_layabout_gives_a_coin():
    state = fresh(2)
    seat, before = state.seat, state.me.coins
    act(state, RecruitLayabout)
    cidery = state.cideries[seat]
    assert cidery.coins == before + 1 and kinds(cidery.spaces[0]) == ["layabout"]
    assert len(state.layabouts.cards) == 11


def test_core_actions_need_an_empty_worker_space():
    state = fresh(2)
    put(state, state.seat, "hand", "apple_picker")
    state.me.spaces = [[c] for c in put(state, state.seat, "discard", "forager", "planter", "cooper")]
    for space in state.me.spaces:
        state.me.discard.cards.remove(space[0])
    state._legal = None
    assert not options(state, PlayWorker) and not options(state, Recruit) and not options(state, RecruitLayabout)
    assert options(state, OwnerAction)


# --- resources are cards ----------------------------------------------------------------------------
def test_gains_come_from_hand_or_the_top_of_the_draw_pile_and_can_stop_early():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "hand", "apple_picker", "idle_layabout")
    state.me.trees = 3
    act(state, PlayWorker, card="apple_picker", use=True)
    top = state.me.draw.cards[-1]
    pick(state, "", "draw")
    assert state.me.stores["apple"].cards[-1] == top
    pick(state, "idle_layabout", "hand")
    assert kind_of(state.me.stores["apple"].cards[-1]) == "idle_layabout"
    done(state)  # claim fewer: 2 of 3 apples
    assert state.cideries[seat].count("apple") == 3


def test_processing_moves_one_paid_card_to_the_new_store_and_discards_the_rest():
    state = fresh(2)
    seat = state.seat
    empty(state, seat, "apple")
    put(state, seat, "apple", "woodcutter", "planter")
    discard_before = len(state.me.discard.cards)
    act(state, OwnerAction, action="press")
    choose(state, "do")
    # both apples must be paid: no pick; the card that becomes the bottle is picked
    pick(state, "planter", "pool")
    cidery = state.cideries[seat]
    assert kinds(cidery.stores["bottle"].cards) == ["planter"] and cidery.count("apple") == 0
    assert kinds(cidery.discard.cards[discard_before:]) == ["woodcutter"]


def test_selling_prices():
    state = fresh(2)
    seat = state.seat
    for res, coins, prestige in (("apple", 1, 0), ("wood", 1, 0), ("barrel", 2, 0), ("bottle", 0, 1), ("cider", 0, 2)):
        put(state, seat, res, "forager")
        before = (state.cideries[seat].coins, state.cideries[seat].tokens)
        resources.sell_card(state, seat, res, "forager")
        after = (state.cideries[seat].coins, state.cideries[seat].tokens)
        assert after == (before[0] + coins, before[1] + prestige)
        assert kind_of(state.cideries[seat].discard.cards[-1]) == "forager"


def test_sell_asks_which_card_when_the_store_holds_different_cards():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", "forager")
    act(state, Sell, res="apple")
    pick(state, "forager", "apple")
    assert kinds(state.cideries[seat].stores["apple"].cards) == ["idle_layabout"]


def test_secondary_action_stores_the_card_itself_or_discards_it_for_a_token():
    state = fresh(2)
    seat = state.seat
    (picker,) = put(state, seat, "hand", "apple_picker")
    act(state, Secondary, card="apple_picker")
    assert state.cideries[seat].stores["apple"].cards[-1] == picker
    state = fresh(2)
    seat, coins = state.seat, state.me.coins
    (recruiter,) = put(state, seat, "hand", "recruiter")
    act(state, Secondary, card="recruiter")
    assert state.cideries[seat].coins == coins + 1 and state.cideries[seat].discard.cards[-1] == recruiter


# --- delivering -------------------------------------------------------------------------------------
def _delivery_state(vendor_id: str):
    """Returns a 3-player game whose first vendor is `vendor_id`."""
    for seed in range(200):
        state = fresh(3, seed)
        if vendor_id in state.vendors:
            return state, state.vendors.index(vendor_id)
    raise AssertionError(vendor_id)


def test_a_delivery_moves_a_cube_pays_rewards_and_discards_the_rest():
    state, v = _delivery_state("supermarket")
    seat = state.seat
    put(state, seat, "bottle", "forager", "planter", "cooper", "recruiter")
    coins_before, tokens_before = state.me.coins, state.me.tokens
    act(state, Deliver, vendor=v, row=0, space=1)
    cube(state, "office:press")
    for card in ("forager", "planter", "cooper", "recruiter"):
        if state.pending_decision().kind == "pick" and state.pending_decision().data["step"]["op"] == "pay":
            pick(state, card, "bottle")
    pick(state, "forager", "pool")  # two apples from the delivered bottles
    pick(state, "planter", "pool")
    cidery = state.cideries[seat]
    assert state.vendor_spaces[v][0][1] == seat and "press" not in cidery.office
    assert kinds(cidery.stores["apple"].cards) == ["forager", "idle_layabout", "planter"]
    assert kinds(cidery.discard.cards[-2:]) == ["cooper", "recruiter"] and cidery.count("bottle") == 0
    assert cidery.coins == coins_before + 2 and cidery.tokens == tokens_before  # space 2: 2 coins
    assert not options(state, Deliver)  # one delivery (one Auxiliary Action) a turn
    assert ("Deliveries", 6) in state.score_details()[seat]


def test_an_occupied_reward_space_is_not_offered_again():
    state, v = _delivery_state("supermarket")
    put(state, state.seat, "bottle", "forager")
    state.vendor_spaces[v][1][0] = (state.seat + 1) % 3
    state._legal = None
    spaces = {a.space for a in options(state, Deliver, vendor=v, row=1)}
    assert spaces == {1, 2, 3}


# --- goals ------------------------------------------------------------------------------------------
def _goal_state(goal_id: str, players: int = 3):
    """Returns a game with `goal_id` among its public goals."""
    for seed in range(300):
        state = fresh(players, seed)
        if goal_id in state.public_goals:
            return state
    raise AssertionError(goal_id)


def test_a_public_goal_gives_its_token_only_to_the_first_and_each_player_achieves_it_once():
    state = _goal_state("coins_15")
    seat = state.seat
    state.me.coins = 15
    state._legal = None
    act(state, AchieveGoal, goal="coins_15")
    cube(state, "orchard")
    assert state.cideries[seat].tokens == 1 and state.cideries[seat].goals == ["coins_15"]
    assert state.cideries[seat].orchard_cubes == 3 and state.cideries[seat].coins == 15  # nothing spent
    assert not options(state, AchieveGoal, goal="coins_15")
    act(state, RecruitLayabout)
    other = state.seat
    state.cideries[other].coins = 20
    state._legal = None
    act(state, AchieveGoal, goal="coins_15")
    cube(state, "orchard")
    assert state.cideries[other].tokens == 0 and state.cideries[other].goals == ["coins_15"]


def test_goals_can_be_achieved_before_or_after_the_core_action():
    state = _goal_state("coins_15")
    state.me.coins = 14
    state._legal = None
    assert not options(state, AchieveGoal)
    act(state, RecruitLayabout)  # +1 coin: now 15
    assert state.pending_decision().kind == "after"
    seat = state.seat
    act(state, AchieveGoal, goal="coins_15")
    cube(state, "orchard")
    assert "coins_15" in state.cideries[seat].goals
    assert state.current_player() != seat  # nothing more to achieve: the turn ended by itself


def test_a_private_goal_is_revealed_when_achieved():
    state = next(s for s in (fresh(3, seed) for seed in range(50)) if "coins_15" not in s.public_goals)
    seat = state.seat
    state.goal_box.cards.append(state.me.private_goal)
    state.goal_box.cards.remove("coins_15")
    state.me.private_goal = "coins_15"
    state.me.coins = 15
    state._legal = None
    other = (seat + 1) % 3
    assert state.view(other).cideries[seat].private_goal is None
    act(state, AchieveGoal, goal="coins_15")
    cube(state, "orchard")
    assert state.view(other).cideries[seat].private_goal == "coins_15"


# --- refresh, end and scoring ---------------------------------------------------------------------
def _play_round(state, pick_last=True):
    """Plays to the next round with simple choices."""
    start = state.round
    while state.round == start and not state.is_over():
        state.apply(_any_core(state))


def test_refresh_clears_spaces_keeps_cards_draws_and_moves_strip_and_barrel():
    state = fresh(2)
    first = state.first
    while not (state.pending_decision() and state.pending_decision().kind == "keep"):
        state.apply(_any_core(state))
    seat = state.current_player()
    assert seat == first and state.cideries[seat].meeple == "" and all(not s for s in state.cideries[seat].spaces)
    hand = list(state.cideries[seat].hand.cards)
    kept = state.legal_actions()[0]
    state.apply(kept)
    assert state.current_player() != seat  # keep limit 1 reached: the rest is discarded
    assert kind_of(state.cideries[seat].hand.cards[0]) == kept.card and len(state.cideries[seat].hand.cards) == 5
    assert len(hand) >= 1
    while state.pending_decision().kind == "keep":
        done(state)
    assert state.first == (first + 1) % 2 and state.round == 2
    assert len(state.strip_discard.cards) == 1


def test_upgraded_hand_limits_keep_two_and_draw_to_six():
    state = fresh(2)
    for cidery in state.cideries:
        cidery.hand_cubes = []
    while not (state.pending_decision() and state.pending_decision().kind == "keep"):
        state.apply(_any_core(state))
    seat = state.current_player()
    while len(state.cideries[seat].hand.cards) < 2:
        put(state, seat, "hand", "layabout")
    state.apply(state.legal_actions()[0])
    assert state.current_player() == seat  # a second card may be kept
    state.apply(state.legal_actions()[0])
    assert len(state.cideries[seat].hand.cards) == 6


def test_the_game_ends_after_the_sixth_round_and_sells_every_resource():
    state = fresh(2)
    while not state.is_over():
        state.apply(_any_core(state))
    assert state.round == 6 and len(state.strip_discard.cards) == 5
    assert all(c.count(r) == 0 for c in state.cideries for r in c.stores)
    assert state.ended and state.winners()


def test_the_game_ends_when_a_cidery_has_placed_all_its_cubes():
    state = fresh(2)
    state.me.office, state.me.hand_cubes, state.me.orchard_cubes = [], [], 0
    spaces = [(v, r, i) for v, rows in enumerate(state.vendor_spaces) for r, row in enumerate(rows) for i in range(4)]
    for v, r, i in spaces[:11]:
        state.vendor_spaces[v][r][i] = state.seat
    state.check()
    _play_round(state)
    assert state.is_over() and state.round == 1


def test_the_game_ends_when_the_recruitment_deck_is_empty():
    state = fresh(2)
    state.unseen.cards.extend(state.deck.cards)
    state.deck.cards = []
    _play_round(state)
    assert state.is_over() and turns.end_reason(state) == "the recruitment deck is empty"


def test_final_score_adds_tokens_goals_deliveries_workers_and_coins():
    state = fresh(2)
    seat = state.seat
    cidery = state.cideries[seat]
    cidery.tokens, cidery.coins, cidery.goals = 3, 17, ["coins_15"]
    put(state, seat, "discard", "professor", "manager")
    state.vendor_spaces[0][0][0] = seat
    rows = dict(state.score_details()[seat])
    delivery = state.data.vendor(state.vendors[0]).deliveries[0].prestige
    assert rows == {"Prestige tokens": 3, "Goals": 3, "Deliveries": delivery, "Skilled & Masters": 2 + _recruited(state, seat),
                    "1 per 8 coins": 2}


def _recruited(state, seat):
    """Returns the Skilled and Master workers a seat owned before the test gave it more."""
    return sum(state.data.worker(c).tier in ("skilled", "master") for c in state.cideries[seat].owned) - 2


def test_ties_go_to_leftover_coins_then_masters_then_are_shared():
    state = fresh(2)
    finish_quickly(state)
    a, b = state.cideries
    for cidery in (a, b):
        cidery.tokens, cidery.goals = 0, []
        cidery.owned = [c for c in cidery.owned if state.data.worker(c).tier not in ("skilled", "master")]
    state.vendor_spaces = [[[-1] * 4 for _ in rows] for rows in state.vendor_spaces]
    a.coins, b.coins = 15, 9  # 1 point each; leftovers 7 and 1
    assert state.scores() == [1, 1] and state.winners() == [0]
    a.coins = 9
    assert state.winners() == [0, 1]
    b.owned.append(state.box.cards.append("professor#1") or "professor#1")
    assert state.winners() == [1]


def finish_quickly(state):
    """Plays to the end with quick choices."""
    while not state.is_over():
        state.apply(_any_core(state))


def test_the_status_line_names_the_seat_that_decides():
    """Every prompt names the seat to move, not the first seat."""
    state = GAME.new_state(3, {}, 4)
    rng, names = random.Random(4), ["Ann", "Ben", "Cat"]
    for _ in range(300):
        seat = state.current_player()
        if seat is None:
            break
        text = state.status(names)
        assert text.startswith(names[seat]), text
        state.apply(rng.choice(state.legal_actions()))


def test_a_worker_without_a_core_action_is_recruited_with_one_button():
    from games.scrumpy.actions import Recruit
    state = fresh(2, 4)
    lazy = next(c for c in state.deck.cards + state.unseen.cards if not state.data.worker(c).core)
    pile = state.deck.cards if lazy in state.deck.cards else state.unseen.cards
    pile[pile.index(lazy)], state.strip.slots[0] = state.strip.slots[0], lazy
    state.me.coins = 20
    state._legal = None
    recruits = [a for a in state.legal_actions() if isinstance(a, Recruit)]
    assert len({a.label for a in recruits}) == len(recruits)
    assert [a.use for a in recruits if a.slot == 0] == [False]  # one button: nothing to use
    for slot in (1, 2, 3):
        assert sorted(a.use for a in recruits if a.slot == slot) == [False, True]


def _press_ready(seed=3):
    """Returns a game at a turn start whose seat has two different apple cards stored and its Owner free."""
    state = fresh(2, seed)
    seat = state.seat
    for card in list(state.me.stores["apple"].cards):
        state.me.stores["apple"].cards.remove(card)
        state.me.discard.cards.append(card)
    put(state, seat, "apple", "apple_picker", "idle_layabout")
    assert len(state.me.kinds("apple")) == 2
    return state, seat


def test_pressing_two_apples_with_auto_pay_takes_two_decisions():
    state, seat = _press_ready()
    decisions = 0
    act(state, OwnerAction, action="press")
    decisions += 1
    assert state.pending_decision().kind == "choose"
    choose(state, "auto")
    decisions += 1
    cidery = state.cideries[seat]
    assert decisions == 2
    assert state.current_player() != seat or state.pending_decision().kind in ("after", "turn")  # no pick left
    assert [kind_of(c) for c in cidery.stores["bottle"].cards] == ["idle_layabout"]  # the weakest is stored
    assert cidery.count("apple") == 0 and any(kind_of(c) == "apple_picker" for c in cidery.discard.cards)


def test_pressing_with_picks_asks_only_where_the_pick_matters():
    state, seat = _press_ready()
    act(state, OwnerAction, action="press")
    choose(state, "do")
    # the store holds exactly the two apples to pay: no pick; the pool holds two kinds: one pick
    assert state.pending_decision().kind == "pick"
    assert state.pending_decision().data["step"]["op"] == "gain"
    pick(state, "apple_picker", "pool")
    assert [kind_of(c) for c in state.cideries[seat].stores["bottle"].cards] == ["apple_picker"]
    state2, seat2 = _press_ready()
    put(state2, seat2, "apple", "woodcutter")  # three apples of three kinds: which two to pay matters
    act(state2, OwnerAction, action="press")
    choose(state2, "do")
    assert state2.pending_decision().kind == "pick" and state2.pending_decision().data["step"]["op"] == "pay"
