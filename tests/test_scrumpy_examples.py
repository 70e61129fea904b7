"""The rulebook's own examples (its example boxes are empty; these are the examples in its text),
and a save / clone / replay round trip of a Scrumpy match."""
import json

from games.core.bots import decision_rng
from games.core.cards import kind_of
from games.core.match import Match, Seat
from games.scrumpy import GAME
from games.scrumpy.actions import Deliver, OwnerAction, PlayWorker
from games.scrumpy.bot import FairBot
from tests.scrumpy_helpers import act, choose, cube, fresh, kinds, pick, put


def test_processing_three_wood_into_a_barrel_keeps_one_wood_card_and_discards_two():
    """"If processing three wood to make barrels, use one of the cards that was representing wood
    ... Move two other cards from wood storage to your discard pile.\""""
    state = fresh(2)
    seat = state.seat
    state.me.discard.cards.extend(state.me.stores["wood"].cards)
    state.me.stores["wood"].cards = []
    woods = put(state, seat, "wood", "forager", "planter", "recruiter")
    put(state, seat, "hand", "cooper")
    discard = len(state.me.discard.cards)
    act(state, PlayWorker, card="cooper", use=True)
    choose(state, "do")
    # the store holds exactly the 3 wood to pay: paid without asking; which becomes the barrel is a pick
    assert state.pending_decision().data["zones"] == ["pool"]
    pick(state, "planter", "pool")
    cidery = state.cideries[seat]
    assert cidery.stores["barrel"].cards == [woods[1]] and cidery.count("wood") == 0
    assert sorted(cidery.discard.cards[discard:]) == sorted([woods[0], woods[2]])


def test_a_barrel_of_cider_delivered_for_an_apple_moves_from_the_barrel_store_to_the_apple_store():
    """"If you deliver a barrel of cider to a Vendor and receive an apple as part of the reward,
    move a card from the barrel storage area to the apple storage area.\""""
    state = fresh(2)
    seat = state.seat
    state.vendors[0] = "supermarket"
    (bottle,) = put(state, seat, "bottle", "manager")
    state._legal = None
    act(state, Deliver, vendor=0, row=1, space=3)
    cube(state, "orchard")
    pick(state, "manager", "pool")
    assert state.cideries[seat].stores["apple"].cards[-1] == bottle


def test_the_apple_picker_takes_apples_from_hand_or_draw_pile():
    """"The Apple Picker card allows you to gain one apple for each tree in your Orchard. These
    apples are represented by cards from your hand or your draw pile.\""""
    state = fresh(2)
    seat = state.seat
    put(state, seat, "hand", "apple_picker", "idle_layabout")
    hand_before = set(state.me.hand.cards)
    act(state, PlayWorker, card="apple_picker", use=True)
    pick(state, "idle_layabout", "hand")
    pick(state, "", "draw")
    apples = state.cideries[seat].stores["apple"].cards
    assert len(apples) == 3 and apples[1] in hand_before and apples[2] not in hand_before


def test_with_five_apples_stored_you_choose_which_become_the_bottle_and_which_return():
    """"If you have five apples in storage and you need to process two to make a bottle of cider,
    you can look at all five cards in storage and decide which to use as a bottle and which to
    return to your discard pile.\""""
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", "forager", "planter", "recruiter", "cooper")
    act(state, OwnerAction, action="press")
    choose(state, "do")
    offered = {a.card for a in state.legal_actions()}
    assert offered == {"idle_layabout", "forager", "planter", "recruiter", "cooper"}
    pick(state, "idle_layabout", "apple")
    pick(state, "cooper", "apple")
    pick(state, "idle_layabout", "pool")
    cidery = state.cideries[seat]
    assert kinds(cidery.stores["bottle"].cards) == ["idle_layabout"]
    assert kind_of(cidery.discard.cards[-1]) == "cooper" and cidery.count("apple") == 3


def test_a_match_saves_loads_clones_and_replays_mid_game(tmp_path):
    seats = [Seat("Ann", "orange", "fair"), Seat("Ben", "sky", None), Seat("Cat", "green", "fair")]
    match = Match(GAME, seats, {}, 21, autosave=tmp_path / "auto.json")
    bot = FairBot()
    while len(match.history) < 150:
        seat = match.state.current_player()
        match.apply(bot.choose(match.state.view(seat), decision_rng(21, seat, len(match.history))))
    match.save(tmp_path / "mid.json")
    loaded = Match.load(tmp_path / "mid.json")
    assert loaded.state.to_dict() == json.loads(json.dumps(match.state.to_dict()))
    clone = match.state.clone()
    assert clone.to_dict() == match.state.to_dict() and clone is not match.state
    replay = GAME.new_state(3, {}, 21)
    for step in match.history:
        replay.apply(step.action)
    assert replay.to_dict() == match.state.to_dict()
