"""The Hard level's prior over hidden hands: players keep their tussle cards and play the others, so a
search deals a rival's unseen cards as such hands are measured to hold them, never reading the real ones."""
import random
from collections import Counter
from io import StringIO

import yaml

from games.core.data import build
from games.scrappers import GAME
from games.scrappers.data import HandPrior, load_data
from games.scrappers.prior import fit, samples, tally, write_yaml
from scrappers_helpers import table

DEALS = 600


def rival_symbols(informed: bool, seed: int) -> float:
    """Returns the rival's average tussle symbols per card over deals of seat 0's view of a mid-round hand."""
    state = table(players=2, hands={0: ["beckon", "fling", "rummage"], 1: ["hop_it", "belt_kick"]})
    view, rng, data = state.view(0), random.Random(seed), state.data
    total = 0
    for _ in range(DEALS):
        world = view.determinize(rng, informed)
        assert world.hands[0].cards == state.hands[0].cards and len(world.hands[1]) == 2
        total += sum(data.cards[c].symbols for c in world.hands[1].cards)
    return total / (2 * DEALS)


def test_an_informed_deal_gives_a_rival_the_cards_players_keep():
    even, informed = rival_symbols(False, 1), rival_symbols(True, 1)
    assert informed > even + 0.2, (even, informed)  # players keep cards with tussle symbols


def test_the_shipped_prior_weighs_kept_cards_up_and_played_ones_down():
    prior = load_data().hand_prior
    for phase in ("action", "pulling"):
        weights = prior.weights(phase, 2)
        assert weights["big_wrench"] > 1.5 > 0.7 > weights["beckon"], (phase, weights)
    assert prior.weights("action", 9) == prior.weights("action", 3)  # the largest table stands for more
    assert prior.weights("setup", 3) == {}  # a phase not measured deals evenly


def test_a_hand_that_always_holds_one_kind_weighs_it_up_and_the_rest_down():
    unseen = Counter({"shove": 1, "beckon": 3})
    found = [("action", 1, unseen, ["shove"])] * 40
    weights = fit(*tally(iter(found)))["action"][1]
    assert weights["shove"] == round(41 / (40 * 0.25 + 1), 2) and weights["beckon"] == round(1 / (40 * 0.75 + 1), 2)


def test_measured_weights_are_written_as_the_data_file_reads_them():
    seen, even = tally(samples(2, 7))
    weights = fit(seen, even)
    out = StringIO()
    write_yaml(weights, 2, 7, out)
    prior = build(HandPrior, yaml.safe_load(out.getvalue()), "hand_prior.yaml")
    for phase, tables in weights.items():
        for hidden, table_ in tables.items():
            assert dict(prior.weights(phase, hidden)) == table_
    assert sum(seen.values()) > 100 and {key[0] for key in seen} >= {"action", "pulling"}


def test_fair_bot_hands_played_down_to_one_or_two_cards_hold_more_symbols_than_an_even_deal():
    seen, even = tally(samples(4, 11))
    cards = load_data().cards

    def per_card(counts):
        kept = {key: count for key, count in counts.items() if key[:2] in (("action", 1), ("action", 2))}
        return sum(count * cards[key[2]].symbols for key, count in kept.items()) / sum(kept.values())
    assert per_card(seen) > per_card(even) + 0.2, (per_card(seen), per_card(even))


def test_scrappers_hard_deals_by_the_prior():
    assert GAME.informed_deals and GAME.bot_kind("hard").make().search.informed
