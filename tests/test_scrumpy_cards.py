"""Every worker card of Appendix A does what its text says (one test per card)."""
import pytest
import yaml

from games.core.cards import kind_of
from games.core.game import DATA_ROOT
from games.scrumpy.actions import Choose, OwnerAction, Pick, PlayWorker, Secondary
from games.scrumpy.data import load
from tests.data_mutations import Mutated, Mutation
from tests.scrumpy_helpers import act, choose, fresh, kinds, options, pick, put

DATA = load()


def play(state, card: str, use: bool = True):
    """Puts a card in the mover's hand and plays it; returns the seat."""
    seat = state.seat
    put(state, seat, "hand", card)
    act(state, PlayWorker, card=card, use=use)
    return seat


def settle(state, seat, prefer=None, zone="draw"):
    """Answers the mover's follow-up decisions: gains from `zone` (draw top or hand), pays with the
    first card, choices by `prefer` (op -> key) or the first option, cubes from the first place."""
    prefer = prefer or {}
    while state.current_player() == seat and state.pending_decision().kind in ("pick", "choose", "cube"):
        decision = state.pending_decision()
        legal = state.legal_actions()
        if decision.kind == "choose":
            key = prefer.get(decision.data["step"]["op"])
            state.apply(next((a for a in legal if isinstance(a, Choose) and a.key == key), legal[0]))
        elif decision.kind == "pick":
            wanted = [a for a in legal if isinstance(a, Pick) and a.zone in (zone, "pool") + tuple(decision.data["zones"][:1])]
            state.apply(wanted[0] if wanted else legal[-1])
        else:
            state.apply(legal[0])


def room_for_trees(state, seat, free=2):
    """Takes orchard cubes away so that `free` orchard spaces are empty."""
    state.cideries[seat].orchard_cubes -= free
    state.vendor_spaces[0][0][:free] = [seat] * free  # the cubes went somewhere: keep them counted


def test_idle_layabouts_cannot_be_played_and_have_no_secondary():
    state = fresh(2)
    put(state, state.seat, "hand", "idle_layabout", "layabout")
    assert not options(state, PlayWorker, card="idle_layabout") and not options(state, PlayWorker, card="layabout")
    assert not options(state, Secondary, card="idle_layabout") and not options(state, Secondary, card="layabout")


@pytest.mark.parametrize("card, res", [("apple_picker", "apple"), ("woodcutter", "wood")])
def test_harvesters_gain_one_per_tree(card, res):
    state = fresh(2)
    state.me.trees = 2
    seat = play(state, card)
    before = state.cideries[seat].count(res)
    settle(state, seat)
    assert state.cideries[seat].count(res) == before + 2


def test_planter_plants_up_to_three_trees_for_3_coins_each_with_room():
    state = fresh(2)
    seat = state.seat
    room_for_trees(state, seat, 4)
    state.me.coins = 20
    play(state, "planter")
    for _ in range(3):
        choose(state, "plant")
    assert state.cideries[seat].trees == 5 and state.cideries[seat].coins == 11
    assert state.current_player() != seat or state.pending_decision().kind != "choose"


def test_planter_needs_orchard_room():
    state = fresh(2)
    state.me.coins = 20
    seat = play(state, "planter")
    assert state.cideries[seat].trees == 2 and state.pending_decision().kind != "choose"


def test_presser_makes_bottles_up_to_three_times_and_or_a_barrel_of_cider():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", *["layabout"] * 9)
    put(state, seat, "barrel", "layabout")
    play(state, "presser")
    settle(state, seat, {"process": "do"})
    cidery = state.cideries[seat]
    assert cidery.count("bottle") == 3 and cidery.count("cider") == 1 and cidery.count("barrel") == 0
    assert cidery.count("apple") == 0


def test_cooper_makes_barrels_from_3_wood_with_a_prestige_each_up_to_twice():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "wood", *["layabout"] * 8)
    play(state, "cooper")
    choose(state, "do")
    settle(state, seat, {"process": "do"})
    cidery = state.cideries[seat]
    assert cidery.count("barrel") == 2 and cidery.tokens == 2 and cidery.count("wood") == 3


def test_exchange_student_copies_the_last_played_worker_of_an_opponent_never_a_master():
    state = fresh(2)
    seat, other = state.seat, 1 - state.seat
    opponent = state.cideries[other]
    for index, kind in enumerate(("apple_picker", "bottler")):
        (card,) = put(state, other, "discard", kind)
        opponent.discard.cards.remove(card)
        opponent.spaces[index].append(card)
    play(state, "exchange_student")
    assert state.pending_decision().kind != "choose"  # the last played is a Master: nothing to copy
    state = fresh(2)
    seat, other = state.seat, 1 - state.seat
    (card,) = put(state, other, "discard", "woodcutter")
    state.cideries[other].discard.cards.remove(card)
    state.cideries[other].spaces[0].append(card)
    state.me.trees = 2
    play(state, "exchange_student")
    options_now = [a.text for a in state.legal_actions()]
    assert options_now == ["Copy {%d}'s Woodcutter" % other]
    before = state.cideries[seat].count("wood")
    choose(state, f"{other}:0")
    settle(state, seat)
    assert state.cideries[seat].count("wood") == before + 2


def test_forager_rolls_the_die_and_gains_its_face():
    for seed in range(12):
        state = fresh(2, seed)
        seat = state.seat
        before = {r: state.me.count(r) for r in ("apple", "wood")}
        coins = state.me.coins
        play(state, "forager")
        face = next(f for f in DATA.rules.forager_die if f.name == state.die)
        settle(state, seat)
        cidery = state.cideries[seat]
        gained = {s.res: s.n for s in face.steps if s.op == "gain"}
        for res in ("apple", "wood"):
            assert cidery.count(res) == before[res] + gained.get(res, 0)
        assert cidery.coins == coins + sum(s.n for s in face.steps if s.op == "coins")


def test_recruiter_recruits_for_2_less_onto_itself_and_the_recruit_may_act():
    state = fresh(2)
    seat = state.seat
    state.me.coins = 10
    strip = list(state.strip.slots)
    play(state, "recruiter")
    price = DATA.worker(strip[3]).cost - 3 - 2
    choose(state, "3")
    cidery = state.cideries[seat]
    assert kinds(cidery.spaces[0]) == sorted(["recruiter", kind_of(strip[3])]) and cidery.spaces[0][-1] == strip[3]
    assert cidery.coins == 10 - price
    assert state.pending_decision().kind == "choose" and {a.key for a in state.legal_actions()} == {"use", "skip"}
    choose(state, "skip")
    assert state.strip.slots[1:] == strip[:3] and state.strip.slots[0] is not None


def test_apprentice_copies_a_worker_played_this_round():
    state = fresh(2)
    seat = state.seat
    (card,) = put(state, seat, "discard", "apple_picker")
    state.me.discard.cards.remove(card)
    state.me.spaces[0].append(card)
    state.me.trees = 3
    play(state, "apprentice")
    assert [a.key for a in state.legal_actions()] == [f"{seat}:0"]
    before = state.cideries[seat].count("apple")
    choose(state, f"{seat}:0")
    settle(state, seat)
    assert state.cideries[seat].count("apple") == before + 3


def test_investor_gains_3_coins_or_retires_for_8_and_an_idle_layabout():
    state = fresh(2)
    coins = state.me.coins
    seat = play(state, "investor")
    choose(state, "0")
    assert state.cideries[seat].coins == coins + 3
    state = fresh(2)
    coins = state.me.coins
    seat = play(state, "investor")
    investor = state.cideries[seat].spaces[0][-1]
    choose(state, "1")
    cidery = state.cideries[seat]
    assert cidery.coins == coins + 8 and investor in state.box.cards and investor not in cidery.owned
    assert kinds(cidery.spaces[0]) == ["layabout"] and cidery.spaces[0][0] in cidery.owned


def test_orchard_overseer_forages_and_performs_one_basic_owner_action():
    state = fresh(2)
    state.me.office.remove("coins")  # upgraded, but the Overseer only gets the basic action
    coins = state.me.coins
    seat = play(state, "orchard_overseer")
    face = next(f for f in DATA.rules.forager_die if f.name == state.die)
    settle(state, seat, {"owner": "coins"})
    die_coins = sum(s.n for s in face.steps if s.op == "coins")
    assert state.cideries[seat].coins == coins + 2 + die_coins
    assert options(state, OwnerAction) or state.current_player() != seat  # the Owner is still at the desk


def test_an_edited_owner_step_asking_for_more_actions_than_the_office_has_performs_each_once_and_ends(monkeypatch):
    """rulings.md ("Cards a table may edit"). Found by the slow data-mutation run: an Overseer edited to 99 Owner
    Actions was left, after the fifth, with a choice of none, and the bots raised."""
    path = DATA_ROOT / "scrumpy" / "workers.yaml"
    index = next(i for i, card in enumerate(yaml.safe_load(path.read_text())["cards"]) if card["id"] == "orchard_overseer")
    with Mutated(Mutation(path, ("cards", index, "core", 1, "n"), 7, "number"), monkeypatch):
        state = fresh(2)
        seat = play(state, "orchard_overseer")
        performed = []
        while state.current_player() == seat and state.pending_decision().kind in ("pick", "choose", "cube"):
            decision = state.pending_decision()
            legal = state.legal_actions()
            assert legal, f"a {decision.kind} decision with no options"
            if decision.kind == "choose" and decision.data["step"]["op"] == "owner":
                performed.append(legal[0].key)
            state.apply(legal[0])
    assert sorted(performed) == sorted(a.id for a in DATA.rules.owner_actions)  # each of the five once, then on
    assert state.current_player() is not None and state.legal_actions()


def test_manager_draws_four_then_discards_two():
    state = fresh(2)
    seat = play(state, "manager")
    hand = len(state.cideries[seat].hand.cards)
    assert hand == 5 + 4  # 5 dealt, 1 given, 1 played, then 4 drawn
    settle(state, seat)
    assert len(state.cideries[seat].hand.cards) == hand - 2


def test_forager_planter_plants_for_2_and_forages():
    state = fresh(2)
    seat = state.seat
    room_for_trees(state, seat)
    state.me.coins = 5
    play(state, "forager_planter")
    choose(state, "plant")
    face = next(f for f in DATA.rules.forager_die if f.name == state.die)
    die_coins = sum(s.n for s in face.steps if s.op == "coins")
    settle(state, seat, {"plant": "plant"})
    assert state.cideries[seat].trees == 3 and state.cideries[seat].coins == 3 + die_coins  # one tree only


def test_trader_trades_one_apple_for_two_wood_or_one_wood_for_two_apples_twice():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", "layabout")
    play(state, "trader")
    choose(state, "0")
    settle(state, seat, {"process": "do"})
    cidery = state.cideries[seat]
    assert cidery.count("apple") == 0 and cidery.count("wood") == 1 + 4


def test_advertiser_buys_a_prestige_for_3_coins_per_cider_stored():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "bottle", "layabout")
    put(state, seat, "cider", "layabout")
    state.me.coins = 10
    play(state, "advertiser")
    choose(state, "buy")
    choose(state, "buy")
    cidery = state.cideries[seat]
    assert cidery.tokens == 2 and cidery.coins == 4 and state.pending_decision().kind != "choose"


def test_carpenter_removes_a_tree_for_two_empty_barrels():
    state = fresh(2)
    trees = state.trees
    seat = play(state, "carpenter")
    settle(state, seat)
    assert state.cideries[seat].trees == 1 and state.trees == trees + 1 and state.cideries[seat].count("barrel") == 2


def test_professor_copies_any_visible_worker_but_not_a_master():
    state = fresh(2)
    seat, other = state.seat, 1 - state.seat
    for owner, kind in ((other, "woodcutter"), (other, "bottler"), (seat, "apple_picker")):
        (card,) = put(state, owner, "discard", kind)
        state.cideries[owner].discard.cards.remove(card)
        state.cideries[owner].spaces[state.cideries[owner].free_space()].append(card)
    play(state, "professor")
    keys = {a.key for a in state.legal_actions()}
    assert keys == {f"{other}:0", f"{seat}:0"}


def test_master_planter_plants_a_free_tree_and_gains_a_prestige():
    state = fresh(2)
    seat = state.seat
    room_for_trees(state, seat, 1)
    coins = state.me.coins
    play(state, "master_planter")
    cidery = state.cideries[seat]
    assert cidery.trees == 3 and cidery.tokens == 1 and cidery.coins == coins


def test_bottler_pays_2_coins_and_6_apples_for_4_bottles_and_a_prestige():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", *["layabout"] * 5)
    state.me.coins = 5
    play(state, "bottler")
    choose(state, "do")
    settle(state, seat)
    cidery = state.cideries[seat]
    assert (cidery.count("apple"), cidery.count("bottle"), cidery.tokens, cidery.coins) == (0, 4, 1, 3)


def test_master_presser_pays_2_coins_6_apples_2_barrels_for_2_ciders_and_a_prestige():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", *["layabout"] * 5)
    put(state, seat, "barrel", "layabout", "layabout")
    state.me.coins = 2
    play(state, "master_presser")
    choose(state, "do")
    settle(state, seat)
    cidery = state.cideries[seat]
    assert (cidery.count("apple"), cidery.count("barrel"), cidery.count("cider"), cidery.tokens, cidery.coins) == (0, 0, 2, 1, 0)


@pytest.mark.parametrize("card, res", [("apple_collector", "apple"), ("wood_collector", "wood")])
def test_collectors_harvest_six(card, res):
    state = fresh(2)
    seat = play(state, card)
    settle(state, seat)
    assert state.cideries[seat].count(res) == 1 + 6


def test_master_cooper_gains_an_empty_barrel_and_a_prestige():
    state = fresh(2)
    seat = play(state, "master_cooper")
    settle(state, seat)
    assert state.cideries[seat].count("barrel") == 1 and state.cideries[seat].tokens == 1


def test_master_procrastinator_has_no_core_action_but_is_discarded_for_a_prestige():
    state = fresh(2)
    seat = state.seat
    (card,) = put(state, seat, "hand", "master_procrastinator")
    assert not options(state, PlayWorker, card="master_procrastinator", use=True)
    act(state, Secondary, card="master_procrastinator")
    assert state.cideries[seat].tokens == 1 and state.cideries[seat].discard.cards[-1] == card


def test_master_forager_harvests_apple_or_wood_per_tree_and_forages():
    state = fresh(2)
    state.me.trees = 2
    seat = play(state, "master_forager")
    assert {a.key for a in state.legal_actions()} == {"0", "1", "2"}
    cidery = state.cideries[seat]
    apples, wood = cidery.count("apple"), cidery.count("wood")
    choose(state, "1")
    pick(state, "", "draw")
    pick(state, "", "draw")
    assert (cidery.count("apple"), cidery.count("wood")) == (apples + 1, wood + 1) and state.die


def test_business_partner_performs_two_different_upgraded_owner_actions():
    state = fresh(2)
    state.me.office.remove("coins")
    coins = state.me.coins
    seat = play(state, "business_partner")
    choose(state, "coins")
    assert "coins" not in {a.key for a in state.legal_actions()}
    choose(state, "draw")
    cidery = state.cideries[seat]
    assert cidery.coins == coins + 3 and cidery.meeple == ""  # not the Owner's own action
    settle(state, seat)
    assert len(cidery.hand.cards) == 5 - 1 + 1 + 3 - 2


def test_copying_a_copier_is_not_offered_and_a_copied_investor_only_takes_coins():
    state = fresh(2)
    other = 1 - state.seat
    (card,) = put(state, other, "discard", "apprentice")
    state.cideries[other].discard.cards.remove(card)
    state.cideries[other].spaces[0].append(card)
    play(state, "exchange_student")
    assert state.pending_decision().kind != "choose"
    state = fresh(2)
    other = 1 - state.seat
    (card,) = put(state, other, "discard", "investor")
    state.cideries[other].discard.cards.remove(card)
    state.cideries[other].spaces[0].append(card)
    play(state, "exchange_student")
    choose(state, f"{other}:0")
    assert [a.key for a in state.legal_actions()] == ["0"]


def test_every_worker_kind_has_a_test_here():
    import inspect
    import sys
    text = inspect.getsource(sys.modules[__name__])
    missing = [w.id for w in DATA.workers if f'"{w.id}"' not in text]
    assert not missing


def test_gaining_a_resource_can_use_the_top_of_the_draw_pile_without_taking_it_back():
    state = fresh(2)
    state.me.trees = 1
    seat = play(state, "apple_picker")
    top = state.me.draw.cards[-1]
    pick(state, "", "draw")
    assert top in state.cideries[seat].stores["apple"].cards and top not in state.cideries[seat].draw.cards



def test_secondary_resource_needs_room_in_its_store():
    state = fresh(2)
    seat = state.seat
    put(state, seat, "apple", *["layabout"] * 9)
    put(state, seat, "hand", "apple_picker")
    assert not options(state, Secondary, card="apple_picker")


def test_a_copied_recruiter_puts_the_recruit_on_top_of_the_copier():
    state = fresh(2)
    seat, other = state.seat, 1 - state.seat
    (card,) = put(state, other, "discard", "recruiter")
    state.cideries[other].discard.cards.remove(card)
    state.cideries[other].spaces[0].append(card)
    state.me.coins = 10
    strip = list(state.strip.slots)
    play(state, "exchange_student")
    choose(state, f"{other}:0")
    choose(state, "3")
    space = state.cideries[seat].spaces[0]
    assert kinds(space[:1]) == ["exchange_student"] and space[-1] == strip[3]
    assert state.cideries[seat].coins == 10 - max(0, DATA.worker(strip[3]).cost - 3 - 2)


def test_the_carpenter_does_nothing_without_a_tree():
    state = fresh(2)
    state.trees += state.me.trees
    state.me.trees = 0
    seat = play(state, "carpenter")
    assert state.cideries[seat].count("barrel") == 0 and state.cideries[seat].trees == 0


def test_an_investor_retires_only_while_an_idle_layabout_is_left_to_take_its_place():
    from games.scrumpy.actions import Choose, PlayWorker
    from tests.scrumpy_helpers import fresh, put
    for supply_empty in (False, True):
        state = fresh(2, 3)
        put(state, state.seat, "hand", "investor")
        if supply_empty:
            state.box.cards.extend(state.layabouts.cards)  # out of the game, as if retired Investors took them
            state.layabouts.cards = []
        state._legal = None
        state.apply(next(a for a in state.legal_actions()
                         if isinstance(a, PlayWorker) and a.card == "investor" and a.use))
        texts = [a.text for a in state.legal_actions() if isinstance(a, Choose)]
        assert ("Retire the Investor for 8 coins" in texts) == (not supply_empty)
        assert "Gain 3 coins" in texts
