"""The canny fair bot (the Hard level's guide): in a tussle it puts down the best reply to what the
fair bot's rule would show on deals of the hidden hands, from its view only, and plans the same cards
at every step of putting them down."""
import random

from games.core.bots import decision_rng
from games.scrappers import GAME
from games.scrappers.actions import Commit, CommitDone, TakeBack
from games.scrappers.bot import CANNY_COST_WEIGHT, CANNY_DEALS, GUIDE_SHARE, NODES, FairBot
from games.scrappers.evaluate import evaluate
from games.scrappers.odds import evaluate_read
from games.simulate import play_out
from tests.scrappers_helpers import SLOTS, committed, give_parts, kind, pass_all, stack_deck, table, tussle_for

WINNING = ["core_green", "plug_green_switch", "plug_green_jump", "plug_green_dash"]  # the green plug wins the game
HAND = ["big_wrench", "shuffle_along", "hop_it"]  # 3, 2 and 1 symbols


def canny():
    return GAME.bot_kind("canny").make()


def finish_tussle(state) -> None:
    """Lets Normal put Puck's cards down (seat 3), ending the tussle."""
    normal = FairBot()
    for ply in range(20):
        if state.tussle is None or state.current_player() != 3:
            return
        state.apply(normal.choose(state.view(3), decision_rng(1, 3, ply)))


def test_the_hard_level_is_guided_by_the_canny_fair_bot():
    search = GAME.bot_kind("hard").make().search
    guide = search.guide.__self__
    assert (guide.deals, guide.cost_weight) == (CANNY_DEALS, CANNY_COST_WEIGHT) and CANNY_DEALS > 0
    assert guide.evaluate is evaluate_read and FairBot().evaluate is evaluate  # Normal keeps its hand-size guess
    assert search.guide_share == GUIDE_SHARE == GAME.search.guide.share


def test_the_foreman_answers_a_rival_who_would_put_down_one_cheap_card_with_one_card():
    # The green plug is worth little to Puck: the fair bot's rule puts down at most a card maintenance
    # draws back for him; the foreman (Lug) answers with a single card and gets the part.
    state = tussle_for(["core_green"], HAND)
    down = committed(state, canny())
    assert len(down) == 1
    state.apply(CommitDone())
    finish_tussle(state)
    assert "plug_green_step" in [kind(p) for p in state.holdings[1]]
    assert len(state.hands[1]) == len(HAND)  # drew one for the tussle, put one down


def test_for_the_part_that_wins_the_game_it_puts_down_more_than_the_rival_is_likely_to_hold():
    state = tussle_for(WINNING, HAND)
    down = committed(state, canny())
    assert sum(state.data.cards[c].symbols for c in down) >= 5  # Puck holds two cards: 6 only with two Big Wrenches
    state.apply(CommitDone())
    finish_tussle(state)
    assert state.is_over() and state.winners() == [1]


def test_the_same_view_gives_the_same_cards_whatever_the_hidden_hands_hold():
    state = tussle_for(WINNING, HAND + ["hop_it"])
    state.hands[3].cards.append(state.deck.cards.pop())  # Puck holds three cards, so their deal matters
    view, bot = state.view(1), canny()
    first = bot.choose(view, random.Random(0))
    assert isinstance(first, Commit)
    for seed in range(4):
        world = view.determinize(random.Random(seed))  # the same public position, other hidden cards
        assert bot.choose(world.view(1), random.Random(seed + 1)) == first


def test_in_a_tussle_with_keelie_it_follows_the_fair_bots_rule():
    state = table(options={"keelie": True}, places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "t3",
                                                    "keelie": "b4"},
                  slots=SLOTS, hands={1: HAND}, foreman=1, seat=1)
    give_parts(state, 1, ["core_green"])
    stack_deck(state, ["rummage", "rummage"])
    pass_all(state)
    assert state.tussle is not None and state.tussle.keelie and state.current_player() == 1
    rule = FairBot(NODES, canny().margin, CANNY_COST_WEIGHT)
    assert committed(state.clone(), canny()) == committed(state.clone(), rule)


class Watch:
    """Wraps a bot and keeps the actions it chose."""

    def __init__(self, bot) -> None:
        self.bot, self.chosen = bot, []

    def choose(self, view, rng):
        action = self.bot.choose(view, rng)
        self.chosen.append(action)
        return action


def test_whole_games_against_normal_it_never_takes_a_card_back_and_every_card_stays_in_one_place():
    for seed in range(3):
        state = GAME.new_state(2, {}, 900 + seed)
        watch = Watch(canny())
        played = play_out(state, [watch, FairBot()] if seed % 2 else [FairBot(), watch], 900 + seed)
        state.check()
        assert state.is_over() and played > 0
        assert any(isinstance(a, Commit) for a in watch.chosen), "no tussle cards put down: the test saw no tussle"
        assert not any(isinstance(a, TakeBack) for a in watch.chosen)
