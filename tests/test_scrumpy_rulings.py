"""Each ruling of data/scrumpy/rulings.md that the rules and cards tests do not already show."""
from collections import Counter

from games.core.cards import kind_of
from games.scrumpy import GAME, market
from games.scrumpy.actions import AchieveGoal, OwnerAction, PassCore, PlayWorker, Recruit, RecruitLayabout, Secondary
from games.scrumpy.data import load
from tests.scrumpy_helpers import act, choose, cube, done, fresh, kinds, make_public, options, pick, put

DATA = load()


def test_masters_follow_the_text_not_the_table():
    for players, masters in ((2, 16), (3, 18), (4, 20)):
        state = GAME.new_state(players, {}, 1)
        found = Counter(DATA.worker(c).tier for c in state.deck.cards + state.strip.cards())["master"]
        assert found == masters == DATA.rules.setup[players].masters


def test_the_first_player_is_drawn_from_the_seed():
    firsts = {GAME.new_state(4, {}, seed).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_state(4, {}, 7).first == GAME.new_state(4, {}, 7).first


def test_strip_discounts_are_0_1_2_3_from_left_to_right():
    state = fresh(2)
    state.me.coins = 20
    state._legal = None
    prices = {a.slot: a.price for a in options(state, Recruit, use=True)}
    costs = {slot: DATA.worker(card).cost for slot, card in enumerate(state.strip.slots)}
    assert prices == {slot: costs[slot] - slot for slot in range(4)}


def test_a_gain_into_a_full_store_is_lost():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", *["layabout"] * 9)
    put(state, seat, "hand", "apple_picker")
    hand = len(state.me.hand.cards)
    events = act(state, PlayWorker, card="apple_picker", use=True)
    assert any(e.kind == "full" for e in events) and len(state.cideries[seat].hand.cards) == hand - 1
    assert state.cideries[seat].count("apple") == 10


def test_a_conversion_into_a_full_store_still_pays_and_gives_its_other_rewards():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "barrel", *["layabout"] * 6)
    put(state, seat, "wood", "layabout", "layabout")
    put(state, seat, "hand", "cooper")
    act(state, PlayWorker, card="cooper", use=True)
    choose(state, "do")
    while state.pending_decision().kind == "pick":
        state.apply(state.legal_actions()[0])
    cidery = state.cideries[seat]
    assert cidery.count("wood") == 0 and cidery.count("barrel") == 6 and cidery.tokens == 1


def test_drawing_from_an_empty_draw_pile_shuffles_the_discard_pile_but_gaining_never_does():
    state = fresh(2)
    seat = state.seat
    cidery = state.me
    cidery.discard.cards.extend(cidery.draw.cards)
    cidery.draw.cards = []
    put(state, seat, "hand", "manager")
    discard = len(cidery.discard.cards)
    act(state, PlayWorker, card="manager", use=True)
    assert len(cidery.discard.cards) == 0 and len(cidery.draw.cards) == discard - 4
    state = fresh(2)
    seat = state.seat
    state.me.discard.cards.extend(state.me.draw.cards + state.me.hand.cards)
    state.me.draw.cards, state.me.hand.cards = [], []
    put(state, seat, "hand", "apple_collector")
    act(state, PlayWorker, card="apple_collector", use=True)
    assert state.cideries[seat].count("apple") == 1 and state.pending_decision().seat != seat


def test_a_conversion_that_makes_more_than_it_used_takes_the_rest_from_hand_or_draw():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "hand", "trader")
    act(state, PlayWorker, card="trader", use=True)
    choose(state, "1")  # wood for apples
    choose(state, "do")
    # the one wood card paid is the only card to make an apple of: stored without asking
    assert kinds(state.cideries[seat].stores["apple"].cards).count("idle_layabout") >= 1
    assert [a.zone for a in state.legal_actions() if hasattr(a, "zone")][-1] == "draw"
    pick(state, "", "draw")
    assert state.cideries[seat].count("apple") == 3 and state.cideries[seat].count("wood") == 0


def test_no_pick_is_asked_when_every_card_of_a_store_is_alike():
    state = fresh(2)
    seat = state.seat
    state.me.discard.cards.extend(state.me.stores["apple"].cards)
    state.me.stores["apple"].cards = []
    put(state, seat, "apple", "layabout", "layabout")
    act(state, OwnerAction, action="press")
    choose(state, "do")
    # paying 2 alike apples asks nothing, nor which of two alike cards becomes the bottle
    assert state.pending_decision().kind != "pick"
    cidery = state.cideries[seat]
    assert cidery.count("apple") == 0 and kinds(cidery.stores["bottle"].cards) == ["layabout"]


def test_a_seat_with_no_possible_core_action_passes():
    state = fresh(2)
    seat = state.seat
    cidery = state.me
    cidery.meeple = "coins"
    state.unseen.cards.extend(state.layabouts.cards)  # (a test shortcut: no Idle Layabout left)
    state.layabouts.cards = []
    cidery.discard.cards.extend(cidery.hand.cards)
    cidery.hand.cards = []
    cidery.coins = 0
    state._legal = None
    core = [a for a in state.legal_actions() if isinstance(a, (PassCore, PlayWorker, Recruit, RecruitLayabout,
                                                               OwnerAction))]
    assert core == [PassCore()]
    act(state, PassCore)
    assert state.cideries[seat].cores == 1


def test_a_recruit_acts_before_the_strip_slides_and_refills():
    state = fresh(2)
    state.me.coins = 20
    for pile in (state.deck.cards, state.unseen.cards):
        managers = [i for i, c in enumerate(pile) if kind_of(c) == "manager"]
        if managers:
            pile[managers[0]], state.strip.slots[3] = state.strip.slots[3], pile[managers[0]]
            break
    state.check()
    state._legal = None
    act(state, Recruit, slot=3, use=True)
    assert state.strip.slots[3] is None  # the Manager discards while its strip space is still empty
    while state.pending_decision().kind == "pick":
        state.apply(state.legal_actions()[0])
    assert None not in state.strip.slots


def test_secondary_actions_are_as_the_data_says():
    for worker in DATA.workers:
        state = fresh(2)
        seat = state.seat
        put(state, seat, "hand", worker.id)
        found = options(state, Secondary, card=worker.id)
        if worker.secondary == "none":
            assert not found
            continue
        before = (state.me.coins, state.me.tokens, state.me.count("apple"), state.me.count("wood"))
        act(state, Secondary, card=worker.id)
        cidery = state.cideries[seat]
        after = (cidery.coins, cidery.tokens, cidery.count("apple"), cidery.count("wood"))
        gained = {"coin": (1, 0, 0, 0), "prestige": (0, 1, 0, 0), "apple": (0, 0, 1, 0), "wood": (0, 0, 0, 1)}
        assert tuple(a - b for a, b in zip(after, before)) == gained[worker.secondary], worker.id


def test_the_forager_die_has_six_faces_of_gains():
    faces = DATA.rules.forager_die
    assert len(faces) == 6 and all(face.steps for face in faces)


def test_the_garbled_vendor_rows_as_ruled():
    golf, fayre = DATA.vendor("golf_club"), DATA.vendor("county_fayre")
    assert [dict(d.pay) for d in golf.deliveries] == [{"cider": 2}, {"bottle": 2}]
    assert [[(s.op, s.res, s.n) for s in d.reward] for d in golf.deliveries] == [[("gain", "wood", 2)], [("gain", "wood", 1)]]
    assert [dict(d.pay) for d in fayre.deliveries] == [{"cider": 1, "bottle": 2}, {"bottle": 1}]
    assert all(d.reward[0].op == "tree" for d in fayre.deliveries)


def test_the_bar_gives_no_layabout_when_none_is_left():
    from tests.test_scrumpy_vendors_goals import at_vendor
    state = at_vendor("bar")
    state.unseen.cards.extend(state.layabouts.cards)
    state.layabouts.cards = []
    seat = state.seat
    put(state, seat, "cider", "forager")
    events = state.apply(next(a for a in state.legal_actions() if getattr(a, "vendor", None) == 0
                              and a.row == 0))
    events += cube(state, "office:draw")
    assert any(e.kind == "no_layabout" for e in events)


def test_goal_prestige_values():
    values = {g.id: g.prestige for g in DATA.goals}
    assert values["deliveries_3"] == 5 and values["trees_6"] == 4 and values["wood_8"] == 4
    assert len(values) == 13 and "donation" in values


def test_a_goal_needs_a_cube():
    state = fresh(2, 3)
    seat = state.seat
    make_public(state, "coins_15")
    cidery = state.me
    cidery.coins = 20
    spaces = [(v, r, i) for v, rows in enumerate(state.vendor_spaces) for r, row in enumerate(rows) for i in range(4)]
    for v, r, i in spaces[:11]:
        state.vendor_spaces[v][r][i] = seat
    cidery.office, cidery.hand_cubes, cidery.orchard_cubes = [], [], 0
    state.check()
    state._legal = None
    assert not options(state, AchieveGoal)


def test_prestige_tokens_goal_counts_token_value():
    state = fresh(2, 3)
    seat = state.seat
    make_public(state, "tokens_8")
    state.me.tokens = 8
    assert market.can_achieve(state, seat, "tokens_8", after=False)


def test_the_refresh_keep_can_stop_early():
    state = fresh(2)
    while state.pending_decision().kind != "keep":
        legal = state.legal_actions()
        state.apply(next((a for a in legal if isinstance(a, (RecruitLayabout, PassCore))), legal[-1]))
    seat = state.current_player()
    done(state)
    assert len(state.cideries[seat].hand.cards) == 5


def test_idle_layabouts_may_be_discarded_from_hand_by_a_discard_effect():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "hand", "idle_layabout", "layabout", "manager")
    act(state, PlayWorker, card="manager", use=True)
    offered = {a.card for a in state.legal_actions() if hasattr(a, "card")}
    assert {"idle_layabout", "layabout"} <= offered
    pick(state, "layabout", "hand")
    assert kind_of(state.cideries[seat].discard.cards[-1]) == "layabout"


def test_undo_never_takes_back_a_look_at_the_draw_pile(tmp_path):
    from games.core.match import Match, Seat
    match = Match(GAME, [Seat("Ann", "orange"), Seat("Ben", "sky")], {}, 1)
    state = match.state
    while state.pending_decision().kind == "initial":
        match.apply(state.legal_actions()[0])
    seat = state.seat
    put(state, seat, "hand", "apple_picker")
    match.apply(next(a for a in state.legal_actions() if isinstance(a, PlayWorker) and a.card == "apple_picker"
                     and a.use))
    assert match.can_undo()  # nothing seen yet
    match.apply(next(a for a in state.legal_actions() if getattr(a, "zone", "") == "draw"))
    assert not match.can_undo()
