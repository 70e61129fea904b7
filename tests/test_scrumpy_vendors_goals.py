"""Every vendor of Appendix B and every goal of Appendix C (plus the donation goal)."""
import pytest

from games.core.cards import kind_of
from games.scrumpy import market
from games.scrumpy.actions import AchieveGoal, Deliver
from games.scrumpy.data import load
from tests.scrumpy_helpers import act, choose, cube, fresh, kinds, make_public, pick, put

DATA = load()


def at_vendor(vendor_id: str, seed: int = 1):
    """Returns a 2-player game whose first vendor is `vendor_id` (vendors are not cards: set directly)."""
    state = fresh(2, seed)
    state.vendors[0] = vendor_id
    state._legal = None
    return state


def deliver(state, row: int, space: int = 3, **stock):
    """Stocks the mover's stores with Idle Layabouts and makes a delivery; returns the seat."""
    seat = state.seat
    for res, n in stock.items():
        put(state, seat, res, *["layabout"] * n)
    act(state, Deliver, vendor=0, row=row, space=space)
    cube(state, "office:draw")
    return seat


def take_all(state, seat):
    """Answers the delivery's picks: every gained resource taken from the delivered cards or the draw pile."""
    while state.current_player() == seat and state.pending_decision().kind == "pick":
        legal = state.legal_actions()
        state.apply(next(a for a in legal if getattr(a, "zone", "") in ("pool", "draw", "bottle", "cider")))


@pytest.mark.parametrize("row, bottles, apples", [(0, 4, 2), (1, 1, 1)])
def test_supermarket_turns_delivered_bottles_into_apples(row, bottles, apples):
    state = at_vendor("supermarket")
    seat = deliver(state, row, bottle=bottles)
    discard = len(state.cideries[seat].discard.cards)
    take_all(state, seat)
    cidery = state.cideries[seat]
    assert cidery.count("apple") == 1 + apples and cidery.count("bottle") == 0
    assert len(cidery.discard.cards) - discard == bottles - apples


@pytest.mark.parametrize("row, ciders, reroll", [(0, 2, True), (1, 1, False)])
def test_cider_festival_gives_a_forager_roll_the_first_with_a_reroll(row, ciders, reroll):
    state = at_vendor("cider_festival")
    seat = deliver(state, row, cider=ciders)
    decision = state.pending_decision()
    offered = decision.kind == "choose" and decision.data["step"]["op"] == "forage"
    assert offered == reroll and state.die
    if reroll:
        choose(state, "reroll")
        assert state.pending_decision().kind != "choose" or state.pending_decision().data["step"]["op"] != "forage"
    assert state.cideries[seat].count("cider") == 0


@pytest.mark.parametrize("row, stock, draws", [(0, {"cider": 1}, 2), (1, {"bottle": 3}, 1)])
def test_farmers_market_draws_cards(row, stock, draws):
    state = at_vendor("farmers_market")
    hand = len(state.me.hand.cards)
    seat = deliver(state, row, **stock)
    assert len(state.cideries[seat].hand.cards) == hand + draws


@pytest.mark.parametrize("row, stock", [(0, {"cider": 1}), (1, {"bottle": 4})])
def test_bar_gives_a_compulsory_idle_layabout(row, stock):
    state = at_vendor("bar")
    seat = deliver(state, row, **stock)
    cidery = state.cideries[seat]
    grey = [c for c in cidery.discard.cards if kind_of(c) == "layabout"]
    assert len(grey) == sum(stock.values()) + 1  # the delivered layabouts and the new one
    assert len(state.layabouts.cards) == 12 - sum(stock.values()) - 1


@pytest.mark.parametrize("row, stock, wood", [(0, {"cider": 2}, 2), (1, {"bottle": 2}, 1)])
def test_golf_and_country_club_pays_in_wood(row, stock, wood):
    state = at_vendor("golf_club")
    seat = deliver(state, row, **stock)
    take_all(state, seat)
    assert state.cideries[seat].count("wood") == 1 + wood


@pytest.mark.parametrize("row, stock", [(0, {"cider": 1, "bottle": 2}), (1, {"bottle": 1})])
def test_county_fayre_gives_a_tree_only_with_orchard_room(row, stock):
    state = at_vendor("county_fayre")
    seat = state.seat
    state.cideries[seat].orchard_cubes -= 1
    state.vendor_spaces[1][0][0] = seat
    deliver(state, row, **stock)
    assert state.cideries[seat].trees == 3
    state = at_vendor("county_fayre")
    seat = deliver(state, row, **stock)
    assert state.cideries[seat].trees == 2  # the cube from the Office left no room in the orchard


@pytest.mark.parametrize("vendor", [v.id for v in DATA.vendors])
def test_each_delivery_scores_its_prestige(vendor):
    state = at_vendor(vendor)
    for row, delivery in enumerate(DATA.vendor(vendor).deliveries):
        state.vendor_spaces[0][row] = [state.seat, -1, -1, -1]
        assert ("Deliveries", sum(d.prestige for d in DATA.vendor(vendor).deliveries[:row + 1])) in \
            state.score_details()[state.seat]


@pytest.mark.parametrize("space, coins, prestige", [(0, 0, 1), (1, 2, 0), (2, 1, 0), (3, 0, 0)])
def test_reward_spaces_pay_left_to_right(space, coins, prestige):
    state = at_vendor("farmers_market")
    before = (state.me.coins, state.me.tokens)
    seat = deliver(state, 0, space, cider=1)
    assert (state.cideries[seat].coins, state.cideries[seat].tokens) == (before[0] + coins, before[1] + prestige)


def test_gains_from_a_delivery_use_the_delivered_cards_first():
    state = at_vendor("supermarket")
    seat = state.seat
    (card,) = put(state, seat, "bottle", "master_procrastinator")
    act(state, Deliver, vendor=0, row=1, space=3)
    cube(state, "office:draw")
    assert [a.zone for a in state.legal_actions() if hasattr(a, "zone")] == ["pool"]
    pick(state, "master_procrastinator", "pool")
    assert state.cideries[seat].stores["apple"].cards[-1] == card


# --- goals ---------------------------------------------------------------------------------------
def _stock(state, seat, **stock):
    """Sets stores to exact counts with Idle Layabouts."""
    cidery = state.cideries[seat]
    for res, n in stock.items():
        while cidery.count(res) > n:
            cidery.discard.cards.append(cidery.stores[res].cards.pop())
        put(state, seat, res, *["layabout"] * (n - cidery.count(res)))


def _hand(state, seat, n=0, layabouts=0):
    """Gives the hand exactly n cards, `layabouts` of them Idle Layabouts."""
    cidery = state.cideries[seat]
    cidery.draw.cards.extend(cidery.hand.cards)
    cidery.hand.cards = []
    put(state, seat, "hand", *["layabout"] * layabouts)
    while len(cidery.hand.cards) < n:
        cidery.hand.cards.append(cidery.draw.cards.pop(0))
        if kind_of(cidery.hand.cards[-1]) in ("idle_layabout", "layabout"):
            cidery.discard.cards.append(cidery.hand.cards.pop())


def _same_delivery(state, seat, n):
    """Puts n of the seat's cubes on delivery 1 of vendor 1 (taken from the orchard)."""
    state.cideries[seat].orchard_cubes -= n
    state.vendor_spaces[0][0][:n] = [seat] * n


GOALS = {  # goal -> (make it met at exactly its threshold, make it one short)
    "wood_8": (lambda s, p: _stock(s, p, wood=8), lambda s, p: _stock(s, p, wood=7)),
    "tokens_8": (lambda s, p: setattr(s.cideries[p], "tokens", 8), lambda s, p: setattr(s.cideries[p], "tokens", 7)),
    "apples_10": (lambda s, p: _stock(s, p, apple=10), lambda s, p: _stock(s, p, apple=9)),
    "coins_15": (lambda s, p: setattr(s.cideries[p], "coins", 15), lambda s, p: setattr(s.cideries[p], "coins", 14)),
    "trees_6": (lambda s, p: _trees(s, p, 6), lambda s, p: _trees(s, p, 5)),
    "hand_8": (lambda s, p: _hand(s, p, 8), lambda s, p: _hand(s, p, 7)),
    "cider_3": (lambda s, p: _stock(s, p, cider=3), lambda s, p: _stock(s, p, cider=2)),
    "deliveries_3": (lambda s, p: _same_delivery(s, p, 3), lambda s, p: _same_delivery(s, p, 2)),
    "bottles_5": (lambda s, p: _stock(s, p, bottle=5), lambda s, p: _stock(s, p, bottle=4)),
    "mixed": (lambda s, p: _stock(s, p, bottle=2, barrel=1, wood=4, apple=4),
              lambda s, p: _stock(s, p, bottle=2, barrel=0, wood=4, apple=4)),
    "layabouts_3": (lambda s, p: _hand(s, p, 3, 3), lambda s, p: _hand(s, p, 3, 2)),
    "barrels_4": (lambda s, p: _stock(s, p, barrel=4), lambda s, p: _stock(s, p, barrel=3)),
    "donation": (lambda s, p: setattr(s.cideries[p], "coins", 10), lambda s, p: setattr(s.cideries[p], "coins", 9)),
}


def _trees(state, seat, n):
    """Sets the orchard to n trees (cubes moved to a vendor to make room)."""
    cidery = state.cideries[seat]
    moved = cidery.orchard_cubes - (6 - n)
    cidery.orchard_cubes -= moved
    state.vendor_spaces[1][1][:moved] = [seat] * moved
    state.trees -= n - cidery.trees
    cidery.trees = n


def test_every_goal_card_has_a_condition_test():
    assert set(GOALS) == {g.id for g in DATA.goals}


@pytest.mark.parametrize("goal", sorted(GOALS))
def test_goal_is_met_at_its_threshold_and_not_one_short(goal):
    met, short = GOALS[goal]
    end_of_round = DATA.goal(goal).end_of_round
    for setter, expected in ((short, False), (met, True)):
        state = fresh(2, 3)
        seat = state.seat
        make_public(state, goal)
        state.cideries[seat].cores = 4 if end_of_round else 0
        setter(state, seat)
        state.check()
        assert market.can_achieve(state, seat, goal, after=True) == expected, (goal, expected)
        if end_of_round and expected:
            assert not market.can_achieve(state, seat, goal, after=False)
            state.cideries[seat].cores = 3
            assert not market.can_achieve(state, seat, goal, after=True)


def test_the_donation_goal_pays_10_coins():
    state = fresh(2, 3)
    seat = state.seat
    make_public(state, "donation")
    state.me.coins = 12
    state._legal = None
    act(state, AchieveGoal, goal="donation")
    cube(state, "orchard")
    assert state.cideries[seat].coins == 2 and state.cideries[seat].tokens == 1


def test_goals_do_not_use_up_what_they_count():
    state = fresh(2, 3)
    seat = state.seat
    make_public(state, "cider_3")
    _stock(state, seat, cider=3)
    state._legal = None
    act(state, AchieveGoal, goal="cider_3")
    cube(state, "orchard")
    assert state.cideries[seat].count("cider") == 3 and kinds(state.cideries[seat].stores["cider"].cards)


def test_only_the_idle_hands_goal_waits_for_the_fourth_core_action():
    # The rulebook limits "the goal that requires you to end a round with three cards in hand" to after the
    # fourth Core Action; 8 cards in hand (Busy season) has no such limit.
    assert [g.id for g in DATA.goals if g.end_of_round] == ["layabouts_3"]
    state = fresh(2, 3)
    seat = state.seat
    make_public(state, "hand_8")
    _hand(state, seat, 8)
    state.cideries[seat].cores = 0
    assert market.can_achieve(state, seat, "hand_8", after=False)
    assert any(isinstance(a, AchieveGoal) and a.goal == "hand_8" for a in state.legal_actions())
