"""The fair bot: it goes for parts its contraption needs, stops a leader one plug from winning,
commits tussle cards in proportion to the stakes, decides from its view only, and beats random play."""
import random

from games.core.bots import RandomBot, decision_rng
from games.scrappers import GAME
from games.scrappers.bot import BOLD_COST_WEIGHT, BOLD_MARGIN, FairBot
from tests.scrappers_helpers import SLOTS, committed, give_parts, pass_all, stack_deck, table, tussle_for


def bot_turn(state, seat: int, seed: int = 0) -> None:
    """Lets the fair bot play while `seat` is to move in the action phase."""
    bot = FairBot()
    for ply in range(50):
        if state.current_player() != seat or state.phase != "action":
            return
        state.apply(bot.choose(state.view(seat), decision_rng(seed, seat, ply)))


def test_the_bot_moves_to_the_part_its_contraption_needs():
    slots = ["plug_blue_step", "plug_green_step", "plug_orange_step", "plug_purple_step", "plug_green_step",
             "core_green"]
    state = table(places={"izzy": "t0", "lug": "b5", "ridge": "b1", "puck": "b4"}, slots=slots,
                  hands={0: ["hop_it"], 1: ["hop_it"]})
    give_parts(state, 0, ["core_orange", "plug_orange_switch", "plug_orange_jump"])
    bot_turn(state, 0)
    assert state.data.board.faces(state.bodger("izzy").space) == 2, "Izzy should stand at the orange plug"


def test_the_bot_stops_a_leader_one_plug_from_winning():
    state = table(places={"izzy": "t3", "lug": "t4", "ridge": "b1", "puck": "b0"}, slots=SLOTS,
                  hands={0: ["shove"], 1: ["hop_it"]})
    give_parts(state, 1, ["core_green", "plug_green_switch", "plug_green_jump", "plug_green_dash"])
    bot_turn(state, 0)
    at_green = [b.id for b in state.bodgers if state.data.board.faces(b.space) == 4]
    assert at_green != ["lug"], "Lug must not be left alone at the part that wins him the game"


def test_the_bot_puts_everything_down_for_the_part_that_wins_the_game():
    state = tussle_for(["core_green", "plug_green_switch", "plug_green_jump", "plug_green_dash"],
                       ["big_wrench", "shuffle_along", "hop_it"])
    assert committed(state) == ["big_wrench", "hop_it", "shuffle_along"]


def test_the_bot_keeps_its_cards_for_a_part_worth_little_to_anyone():
    state = tussle_for(["core_purple_blue", "plug_orange_switch"], ["big_wrench", "shuffle_along", "hop_it"])
    assert committed(state) == []


def test_the_bot_decides_from_its_view_only():
    state = GAME.new_state(3, {"keelie": True}, 4)
    bot, rng = FairBot(), random.Random(0)
    for ply in range(150):
        if state.is_over():
            break
        seat = state.current_player()
        view = state.view(seat)
        assert view.rng is None
        action = bot.choose(view, decision_rng(4, seat, ply))
        assert action in state.legal_actions()
        state.apply(action if rng.random() < 0.7 else rng.choice(state.legal_actions()))


def test_the_fair_bot_beats_random_bots():
    wins = 0
    for seed in range(5):
        state = GAME.new_state(3, {}, seed)
        bots = [FairBot(), RandomBot(), RandomBot()]
        ply = 0
        while not state.is_over():
            seat = state.current_player()
            state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
            ply += 1
        wins += 0 in state.winners()
    assert wins >= 4, f"{wins} wins of 5 against two random bots"


def test_the_bold_fair_bot_aims_a_symbol_higher_in_a_tussle():
    def against_two_cards(bot):
        state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                      hands={1: ["shuffle_along", "hop_it", "rummage"], 3: ["hop_it", "hop_it"]}, foreman=1, seat=1)
        give_parts(state, 1, ["core_green"])
        stack_deck(state, ["rummage", "rummage"])
        pass_all(state)
        return committed(state, bot)

    assert against_two_cards(FairBot()) == ["shuffle_along"]
    bold = GAME.bot_kind("bold").make()
    assert (bold.margin, bold.cost_weight) == (BOLD_MARGIN, BOLD_COST_WEIGHT) and BOLD_MARGIN > 0
    assert against_two_cards(bold) == ["hop_it", "shuffle_along"]
    assert (GAME.bot_kind("normal").make().margin, GAME.bot_kind("normal").make().cost_weight) == (0, 1.0)


def test_normal_puts_a_card_down_for_a_part_it_needs_even_short_of_beating_the_rivals_expected_hand():
    # Lug (seat 1, not the foreman) needs the green plug for his green core; Puck holds five cards, so Lug
    # expects him to show about 3 symbols. Reaching 4 takes Big Wrench and Shuffle Along, worth more in hand
    # (1.85) than the plug (1.35); but they leave Lug under 3 cards, and the next maintenance draws two back,
    # so they cost only what they beat two average cards by: down they go (the old rule kept both).
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={1: ["big_wrench", "shuffle_along"], 3: ["hop_it", "hop_it", "shove", "fling"]},
                  foreman=0, seat=0)
    give_parts(state, 1, ["core_green", "plug_green_jump"])
    stack_deck(state, ["rummage", "rummage"])
    pass_all(state)
    assert state.current_player() == 1 and state.pending_decision().kind == "commit"
    assert committed(state) == ["big_wrench", "shuffle_along"]
