"""The rulebook's tie-break: the most leftover coins, then the most Master workers, else victory is shared;
the line the game-over screen shows agrees with winners()."""
from games.scrumpy import market
from tests.scrumpy_helpers import NAMES, finish, fresh


def tied_game(players=3, seed=4):
    """Returns a finished game in which seats 0 and 1 tie on the most prestige with no leftover coins and
    no Master workers (prestige tokens adjusted, Masters traded for the same count of core cards' worth)."""
    state = finish(fresh(players, seed), seed)
    for cidery in state.cideries:
        cidery.coins -= cidery.coins % 8
        masters = [c for c in cidery.owned if state.data.worker(c).tier == "master"]
        cidery.tokens += len(masters)  # keep the score: each Master scored 1 as a worker
        for card in masters:  # out of the cidery, into the box (as if never recruited)
            for pile in cidery.piles():
                if card in pile.cards:
                    pile.cards.remove(card)
            for space in cidery.spaces:
                if card in space:
                    space.remove(card)
            cidery.owned.remove(card)
            state.box.cards.append(card)
    scores = state.scores()
    top = max(scores) + 5
    for seat in range(players):
        state.cideries[seat].tokens += (top if seat < 2 else top - 3) - scores[seat]
    assert state.scores()[0] == state.scores()[1] == top > state.scores()[2]
    return state


def give_master(state, seat):
    card = next(c for c in state.box.cards + state.unseen.cards + state.deck.cards
                if state.data.worker(c).tier == "master")
    for pile in (state.box.cards, state.unseen.cards, state.deck.cards):
        if card in pile:
            pile.remove(card)
    state.cideries[seat].discard.cards.append(card)
    state.cideries[seat].owned.append(card)
    state.cideries[seat].tokens -= 1  # the same prestige: the Master's point replaces a token


def test_no_tie_no_line():
    state = finish(fresh(2, 1), 1)
    if len(set(state.scores())) == 2:
        assert state.tie_break(NAMES) is None


def test_the_most_leftover_coins_break_a_tie():
    state = tied_game()
    state.cideries[1].coins += 5
    state.cideries[0].coins += 3
    assert state.winners() == [1]
    line = state.tie_break(NAMES)
    assert line.startswith("Ann and Ben tie on") and "coins left: Ann 3, Ben 5" in line and line.endswith("Ben wins.")


def test_then_the_most_master_workers_then_victory_is_shared():
    state = tied_game()
    state.cideries[0].coins += 2
    state.cideries[1].coins += 2
    give_master(state, 0)
    state.check()
    assert state.winners() == [0]
    line = state.tie_break(NAMES)
    assert "coins left: 2 each" in line and "Master workers: Ann 1, Ben 0" in line and line.endswith("Ann wins.")
    give_master(state, 1)
    assert state.winners() == [0, 1]
    assert state.tie_break(NAMES).endswith("Master workers: 1 each - victory is shared.")


def test_the_line_names_the_winners_of_random_tied_games():
    for seed in range(30):
        state = finish(fresh(2, seed), seed)
        line = state.tie_break(NAMES)
        scores = state.scores()
        assert (line is None) == (scores[0] != scores[1])
        if line is not None:
            names = [NAMES[s] for s in state.winners()]
            assert line.endswith("victory is shared.") if len(names) == 2 else line.endswith(f"{names[0]} wins.")


def test_a_solo_tie_with_the_automa_is_broken_the_same_way():
    state = finish(fresh(1, 3, {"automa": "core"}), 3)
    me = state.cideries[0]
    me.coins -= me.coins % 8
    automa_masters = sum(state.data.worker(c).tier == "master" for c in state.automa.workers)
    mine = market.masters(state, 0)
    me.tokens += state.automa_score() - state.scores()[0]
    line = state.tie_break(NAMES)
    assert line.startswith("Ann and the Automa tie on") and "coins left: Ann 0, the Automa 0" not in line
    if mine < automa_masters:
        assert state.winners() == [] and line.endswith("the Automa wins.")
    elif mine > automa_masters:
        assert state.winners() == [0] and line.endswith("Ann wins.")
    else:
        assert state.winners() == [0] and line.endswith("your win.")
    me.coins += 1
    assert state.winners() == [0] and state.tie_break(NAMES).endswith("Ann wins.")
