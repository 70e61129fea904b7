"""The four army sheets, both sides, and the Daily Buzz effects."""
import pytest

from games.crumbs import armies, drops, table
from games.crumbs.actions import Cancel, Done, EndTurn, MoveFrom, MoveTo, PickCritter, PickSpace, Spawn, Special
from games.crumbs.data import load_data
from games.crumbs.scuffle import ATTACKER, DEFENDER
from tests.crumbs_helpers import Dice, draw, empty_park, put, put_crumb

DATA = load_data()


# --- pigeons ---------------------------------------------------------------------------------------
def test_pigeons_fidgety_flocks_as_printed():
    army = DATA.armies["pigeons"]
    assert (army.critters, army.setup_critters, army.basic.numbers["spawn_cost"]) == (11, 3, 4)
    assert army.upgrade == "critters_on_board" and army.upgrade_amount == 9


def test_pigeons_flip_with_nine_on_the_board():
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "fountain", 8)
    assert not armies.check_upgrades(state) and not state.upgraded[0]
    state.crumbs[0] = 10
    state._legal = None
    events = state.apply(Spawn("fountain"))
    assert state.upgraded[0] and events[-1].kind == "upgrade" and armies.cost(state, 0, "spawn") == 3


def test_feathered_friends_flies_up_to_three_pigeons_to_another_pigeon_space():
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "fountain", 3)
    put(state, 0, "rose_garden", 1)
    put(state, 0, "picnic_spot", 1)
    state.apply(Special("Feathered Friends"))
    for _ in range(3):
        state.apply(PickCritter("fountain"))
    assert not any(isinstance(a, PickCritter) for a in state.legal_actions())  # three is the limit
    state.apply(Done("Fly them"))
    assert {a.space for a in state.legal_actions() if isinstance(a, PickSpace)} == {"rose_garden", "picnic_spot"}
    state.apply(PickSpace("rose_garden"))
    assert len(table.critters_in(state, "rose_garden", 0)) == 4 and state.crumbs[0] == 3


def test_feathered_friends_never_offers_a_pigeon_that_would_leave_nowhere_to_fly():
    """Pigeons fly to a space still holding pigeons: picking the last pigeon of the last other space left only
    Cancel (a bot then started the special again, for ever)."""
    state = empty_park(("pigeons", "ducks"))
    for space in ("fountain", "rose_garden", "picnic_spot"):
        put(state, 0, space, 1)
    state.apply(Special("Feathered Friends"))
    state.apply(PickCritter("fountain"))
    state.apply(PickCritter("rose_garden"))
    assert state.legal_actions() == [Done("Fly them"), Cancel()]  # the picnic spot's pigeon must stay
    state.apply(Done("Fly them"))
    assert [a.space for a in state.legal_actions() if isinstance(a, PickSpace)] == ["picnic_spot"]


def test_feathered_friends_can_be_cancelled_for_free():
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "fountain", 1)
    put(state, 0, "rose_garden", 1)
    state.apply(Special("Feathered Friends"))
    state.apply(PickCritter("fountain"))
    state.apply(Cancel())
    assert state.crumbs[0] == 5 and len(table.critters_in(state, "fountain", 0)) == 1


def test_mighty_murmuration_scores_one_extra_where_three_pigeons_stand():
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "north_lawn", 3)
    put(state, 0, "bandstand", 2)
    state.feeders["north_lawn"] = 2
    put_crumb(state, "crumb", "north_lawn")
    put_crumb(state, "crumb", "bandstand")
    assert drops.feeding_score(state, 0)[0] == 2 + 2
    state.upgraded[0] = True
    assert drops.feeding_score(state, 0)[0] == (2 + 1) + 2 and armies.cost(state, 0, "spawn") == 3
    assert drops.combat_bonus(state, 0, ATTACKER, "north_lawn") == 0


# --- ducks -------------------------------------------------------------------------------------------
def test_ducks_score_their_ponds_and_wet_crumbs_and_one_extra_in_pond_spaces():
    state = empty_park(("ducks", "pigeons"))
    put(state, 0, "duck_pond", 1)
    put(state, 0, "bandstand", 1)
    put_crumb(state, "crumb", "duck_pond", in_pond=True)
    put_crumb(state, "wet", "duck_pond")
    put_crumb(state, "crumb", "bandstand")
    assert drops.feeding_score(state, 0)[0] == (3 + 1) + (3 + 1 + 1) + 2
    assert drops.combat_bonus(state, 0, DEFENDER, "duck_pond") == 1 and drops.combat_bonus(state, 0, DEFENDER, "bandstand") == 0
    state.upgraded[0] = True  # Pond Royalty: +1 more per crumb lying in a pond
    assert drops.feeding_score(state, 0)[0] == (3 + 1 + 1) + (3 + 1 + 1) + 2


def test_ducks_splash_puts_wet_crumbs_in_one_of_their_spaces_once_a_turn():
    state = empty_park(("ducks", "pigeons"))
    assert Special("Splash") not in state.legal_actions()  # no space of their own yet
    put(state, 0, "duck_pond", 1)
    put(state, 0, "bandstand", 1)
    state.crumbs[0] = 10
    state._legal = None
    state.apply(Special("Splash"))
    assert {a.space for a in state.legal_actions() if isinstance(a, PickSpace)} == {"duck_pond", "bandstand"}
    events = state.apply(PickSpace("duck_pond"))
    assert len(table.on_board(state, "wet", space="duck_pond")) == 2 and state.crumbs[0] == 7
    assert events[-1].describe(["Ann", "Ben"]) == "Ann splashes 2 wet crumbs into Duck Pond."
    assert Special("Splash") not in state.legal_actions()  # once a turn
    state.apply(EndTurn())
    state.decisions.pop()  # the next seat's turn: skip to the ducks' turn of the next round
    state.ask("turn", 0)
    state._legal = None
    assert Special("Splash") in state.legal_actions()


def test_ducks_flip_when_they_hold_two_pond_spaces_at_the_end_of_their_turn():
    state = empty_park(("ducks", "pigeons"))
    put(state, 0, "duck_pond", 1)
    put(state, 0, "lily_pond", 1)
    assert not state.upgraded[0]
    events = state.apply(EndTurn())
    assert state.upgraded[0] and any(e.kind == "upgrade" for e in events)


# --- squirrels ---------------------------------------------------------------------------------------
def test_squirrels_hoard_a_crumb_in_their_best_space_at_the_reset():
    state = empty_park(("squirrels", "ducks"))
    put(state, 0, "north_lawn", 1)
    put(state, 0, "picnic_spot", 1)
    put(state, 1, "south_lawn", 1)
    state.feeders["north_lawn"] = 4
    for space in ("north_lawn", "north_lawn", "picnic_spot", "south_lawn"):
        put_crumb(state, "crumb", space)
    drops.reset(state)
    assert [table.where(state, c) for c in table.on_board(state, "stockpile")] == ["north_lawn"]
    assert table.on_board(state, "crumb") == []


def test_flipped_squirrels_hoard_in_their_two_best_spaces():
    state = empty_park(("squirrels", "ducks"))
    state.upgraded[0] = True
    for space in ("north_lawn", "picnic_spot", "bandstand"):
        put(state, 0, space, 1)
        put_crumb(state, "crumb", space)
    state.feeders["north_lawn"] = 3
    drops.reset(state)
    assert sorted(table.where(state, c) for c in table.on_board(state, "stockpile")) == ["bandstand", "north_lawn"]


def test_stockpile_crumbs_stay_only_in_squirrel_spaces_and_score_extra_once_flipped():
    state = empty_park(("squirrels", "ducks"))
    put(state, 0, "bandstand", 1)
    put(state, 1, "picnic_spot", 1)
    put_crumb(state, "stockpile", "bandstand")
    put_crumb(state, "stockpile", "picnic_spot")
    put_crumb(state, "wet", "bandstand")
    assert drops.feeding_score(state, 0)[0] == 2 + 2 and drops.feeding_score(state, 1)[0] == 1
    state.upgraded[0] = True
    assert drops.feeding_score(state, 0)[0] == (2 + 1) + 2
    drops.reset(state)
    assert [table.where(state, c) for c in table.on_board(state, "stockpile")] == ["bandstand"] and not table.on_board(state, "wet")


def test_squirrels_bury_one_stockpile_per_space_and_flip_at_five_stockpiles():
    state = empty_park(("squirrels", "ducks"))
    spaces = ["bandstand", "picnic_spot", "rose_garden", "oak_grove", "north_lawn"]
    for space in spaces:
        put(state, 0, space, 1)
    state.crumbs[0] = 20
    state._legal = None
    for k, space in enumerate(spaces):
        state.apply(Special("Bury"))
        assert {a.space for a in state.legal_actions() if isinstance(a, PickSpace)} == set(spaces[k:])
        events = state.apply(PickSpace(space))
        assert state.upgraded[0] == (k == 4)
    assert events[-1].kind == "upgrade" and state.crumbs[0] == 10
    assert Special("Bury") not in state.legal_actions()  # every space of theirs has its stockpile crumb


def test_squirrels_gain_three_crumbs_when_they_beat_off_an_attack():
    state = empty_park(("ducks", "squirrels"))
    put(state, 0, "oak_grove", 1)
    put(state, 1, "north_lawn", 1)
    state.rng = Dice(1, 3)
    state.apply(MoveFrom("oak_grove"))
    events = state.apply(MoveTo("north_lawn"))
    assert state.crumbs == [5, 8] and state.ledger[1]["Defended"] == 3
    assert any(e.kind == "gain" and "Hoarders" in e.text for e in events)


# --- chipmunks ----------------------------------------------------------------------------------------
def test_chipmunks_steal_when_they_win_as_attackers_and_flip_after_three():
    state = empty_park(("chipmunks", "ducks"))
    put(state, 0, "oak_grove", 1)
    put(state, 1, "north_lawn", 1)
    state.attack_wins[0] = 2
    state.rng = Dice(3, 1)
    state.apply(MoveFrom("oak_grove"))
    events = state.apply(MoveTo("north_lawn"))
    assert state.crumbs == [6, 4] and state.ledger[1]["Stolen"] == -1
    assert state.upgraded[0] and any(e.kind == "upgrade" for e in events)
    assert armies.number(state, 0, "steal") == 1 and armies.number(state, 0, "attack_bonus") == 1


def test_chipmunks_dash_exactly_two_spaces():
    state = empty_park(("chipmunks", "ducks"))
    put(state, 0, "rose_garden", 1)
    state.apply(Special("Dash"))
    state.apply(PickSpace("rose_garden"))
    targets = {a.space for a in state.legal_actions() if isinstance(a, MoveTo)}
    assert targets == {"north_lawn", "west_lawn"}  # two steps through Oak Grove
    state.apply(MoveTo("north_lawn"))
    assert table.critters_in(state, "north_lawn", 0) and state.crumbs[0] == 3 and state.free_moves == 1


# --- Daily Buzz ---------------------------------------------------------------------------------------
def with_card(state, card_id):
    state.deck.cards.append(card_id)
    return draw(state)


def test_loud_noise_drops_the_fountain_critters():
    state = empty_park(("pigeons", "ducks"), seed=3)
    moved = put(state, 0, "fountain", 3) + put(state, 1, "fountain", 2)
    events = with_card(state, "loud_noise")
    drop = next(e for e in events if e.kind == "drop")
    assert sorted(drop.data["dropped"]) == sorted(moved)
    for space in state.board.spaces:
        assert space == state.board.fountain or len(table.armies_in(state, space)) <= 1


@pytest.mark.parametrize("card, kind, count", [("sprinklers", "wet", 3), ("nut_bag", "stockpile", 2)])
def test_special_crumb_cards(card, kind, count):
    state = empty_park(seed=4)
    with_card(state, card)
    assert len(table.on_board(state, kind)) == count


def test_dog_cards():
    state = empty_park(("ducks", "pigeons"))
    with_card(state, "off_the_leash")
    assert table.dog_space(state) is not None
    put(state, 1, "duck_pond", 1)
    state.crumbs = [3, 9]
    with_card(state, "good_boy")
    assert table.dog_space(state) == "duck_pond"
    with_card(state, "whistle")
    assert {a.space for a in state.legal_actions()} == set(state.board.spaces)
    state.apply(PickSpace("bandstand"))
    assert table.dog_space(state) == "bandstand" and state.pending_decision().kind == "turn"


def test_feeder_refill_rolls_every_feeder():
    state = empty_park(seed=9)
    state.rng = Dice(4, 4, 4, 4)
    with_card(state, "feeder_refill")
    assert list(state.feeders.values()) == [4, 4, 4, 4]


def test_crumb_cards():
    state = empty_park(("ducks", "pigeons", "squirrels"))
    state.crumbs = [5, 9, 2]
    with_card(state, "bakery")
    assert state.crumbs == [7, 11, 4]
    with_card(state, "crow")
    assert state.crumbs == [7, 8, 4]
    with_card(state, "sympathy")
    assert state.crumbs == [7, 8, 7]
    with_card(state, "picnic")
    assert state.crumbs == [11, 8, 7]


@pytest.mark.parametrize("card, crumbs, dice, after", [
    ("crow", [7, 7, 5], (2, 3), [7, 4, 5]),  # a tie for the most: one roll-off, only its winner loses 3
    ("crow", [7, 7, 5], (3, 3, 1, 2), [7, 4, 5]),  # rolled the same: roll again
    ("sympathy", [5, 5, 7], (3, 1), [8, 5, 7]),  # a tie for the fewest: only the roll-off's winner gains 3
])
def test_a_card_that_singles_out_one_player_settles_a_tie_by_a_roll_off(card, crumbs, dice, after):
    state = empty_park(("ducks", "pigeons", "squirrels"))
    state.crumbs = list(crumbs)
    state.rng = Dice(*dice)
    events = with_card(state, card)
    assert state.crumbs == after
    roll_off = next(e for e in events if e.kind == "roll_off")
    assert "roll-off" in roll_off.describe(["Ann", "Ben", "Cat"]) and roll_off.reveals


def test_good_boy_at_a_three_way_tie_sends_the_dog_to_one_roll_off_winner_only():
    state = empty_park(("ducks", "pigeons", "squirrels"))
    put(state, 0, "duck_pond", 1)
    put(state, 1, "bandstand", 1)
    put(state, 2, "rose_garden", 1)
    state.crumbs = [5, 5, 5]
    state.rng = Dice(1, 3, 2)
    events = with_card(state, "good_boy")
    assert table.dog_space(state) == "bandstand"
    assert [e.kind for e in events if e.kind in ("roll_off", "dog")] == ["roll_off", "dog"]


def test_a_tie_for_granny_s_favor_is_rolled_off_and_shown():
    state = empty_park(("ducks", "pigeons"))
    state.crumbs = [9, 9]
    state.rng = Dice(1, 3)
    events = drops.reset(state)
    assert state.favor == 1 and events[0].kind == "roll_off" and events[1].kind == "favor"


def test_round_cards_stack_and_end_at_the_reset():
    state = empty_park(("ducks", "pigeons"))
    with_card(state, "soggy_paths")
    with_card(state, "soggy_paths")
    assert armies.cost(state, 0, "move") == 4
    with_card(state, "sunny_day")
    with_card(state, "sunny_day")
    with_card(state, "sunny_day")
    assert armies.cost(state, 0, "move") == 1
    state.modifiers["move_cost"] = -5
    assert armies.cost(state, 0, "move") == 0
    drops.reset(state)
    assert armies.cost(state, 0, "move") == 2 and state.drawn == []


def test_free_spawn_and_free_move_cards():
    state = empty_park(("ducks", "pigeons"))
    with_card(state, "baby_boom")
    assert Done("Skip") in state.legal_actions()
    state.apply(Spawn("fountain"))
    assert state.crumbs[0] == 5 and len(table.critters_in(state, "fountain", 0)) == 1
    with_card(state, "shortcut")
    assert state.free_moves == 2


def test_gift_cards():
    state = empty_park(("ducks", "pigeons"))
    put(state, 0, "fountain", 2)
    put(state, 1, "north_lawn", 1)
    put(state, 1, "bandstand", 1)
    with_card(state, "fountain_picnic")
    assert state.crumbs == [7, 5]
    with_card(state, "ranger")
    assert state.crumbs == [7, 7]


def test_every_card_effect_is_in_the_deck():
    effects = {effect.do for card in DATA.cards.values() for effect in card.effects}
    assert effects == {"drop_fountain_critters", "drop_special", "dog_drop", "dog_place", "reroll_feeders", "crumbs",
                       "round_modifier", "free_spawn", "free_move", "fountain_gift", "space_gift"}
    assert DATA.cards["loud_noise"].text.startswith("Pick up all the critters currently in the fountain")
