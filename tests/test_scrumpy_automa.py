"""The solo Automa: its decks and levels, setup, one card flipped after each of your turns, every
kind of step, its score and who wins."""
import pytest

from games.core.cards import kind_of
from games.scrumpy import GAME, automa, market, turns
from games.scrumpy.actions import PlayWorker, RecruitLayabout
from games.scrumpy.data import AutomaStep, load
from games.scrumpy.market import AUTOMA
from tests.scrumpy_helpers import act, choose, finish, fresh, put

DATA = load()


def solo(level: str = "core", seed: int = 1):
    """Returns a solo game at its first turn."""
    return fresh(1, seed, {"automa": level})


def flip(state, card_id: str):
    """Puts an Automa card on top of its deck and plays the Automa's turn; returns the events."""
    deck = state.automa.deck.cards
    if card_id in deck:
        deck.remove(card_id)
    else:
        state.automa.discard.cards.remove(card_id)
    deck.append(card_id)
    return automa._op_automa(state, {})


def test_the_decks_and_levels():
    assert sum(c.deck == "core" for c in DATA.automa) == 12 == sum(c.deck == "advanced" for c in DATA.automa)
    assert len(solo("core").automa.deck.cards) == 12  # no card flipped before your first turn
    assert len(solo("advanced").automa.deck.cards) == 24


def test_solo_setup_is_the_two_player_table_and_the_automa_takes_the_rightmost_worker_first():
    state = GAME.new_state(1, {"automa": "core"}, 3)
    assert state.pending_decision().kind == "initial"
    assert len(state.automa.workers) == 1 and len(state.vendors) == 2
    assert state.trees == 10 - 2 and state.automa.cubes == 11
    state = solo()
    assert state.first == 0 and state.me.coins == 3
    assert len(state.automa.deck.cards) + len(state.automa.discard.cards) in (12, 24)


def test_the_automa_flips_one_card_after_each_of_your_turns():
    state = solo()
    assert state.automa.discard.cards == []
    for turn in range(1, 4):
        act(state, RecruitLayabout)
        assert len(state.automa.discard.cards) == turn
    assert state.current_player() == 0


def test_the_steady_deck_is_reshuffled_when_it_runs_out():
    state = solo()
    for _ in range(13):
        automa._op_automa(state, {})
    assert len(state.automa.discard.cards) == 1 and len(state.automa.deck.cards) == 11


@pytest.mark.parametrize("which", ["right", "left", "master"])
def test_the_automa_takes_a_strip_worker_and_the_strip_refills(which):
    state = solo()
    strip = list(state.strip.slots)
    masters = [i for i, c in enumerate(strip) if DATA.worker(c).tier == "master"]
    expected = {"right": strip[3], "left": strip[0], "master": strip[masters[-1]] if masters else strip[3]}[which]
    automa._automa_do(state, AutomaStep(take=which))
    assert state.automa.workers[-1] == expected and None not in state.strip.slots


@pytest.mark.parametrize("which", ["cheap", "dear"])
def test_the_automa_delivers_to_the_cheapest_or_dearest_delivery(which):
    state = solo()
    automa._automa_do(state, AutomaStep(deliver=which))
    values = {(v, r): market.delivery_prestige(state, v, r) for v in range(2) for r in range(2)}
    target = min(values.values()) if which == "cheap" else max(values.values())
    placed = [(v, r, s) for v in range(2) for r in range(2) for s in range(4) if state.vendor_spaces[v][r][s] == AUTOMA]
    assert len(placed) == 1 and placed[0][2] == 0 and values[placed[0][:2]] == target
    assert state.automa.cubes == 10
    assert dict(automa.automa_rows(state))["Deliveries"] == target


def test_the_automa_claims_public_goals_in_order_and_takes_tokens():
    state = solo()
    state.goal_tokens[0] = False
    automa._automa_do(state, AutomaStep(goal="first"))
    automa._automa_do(state, AutomaStep(goal="first"))
    assert state.automa.goals == state.public_goals[:2] and state.automa.tokens == 1
    assert dict(automa.automa_rows(state))["Goals"] == sum(DATA.goal(g).prestige for g in state.public_goals[:2])


def test_an_automa_card_does_the_first_step_it_can_then_its_also_steps():
    state = solo("advanced")
    left = state.strip.slots[0]
    flip(state, "a12")  # Double shift: take the leftmost worker (else nothing), also 1 prestige
    assert state.automa.workers[-1] == left and state.automa.tokens == 1
    state.unseen.cards.extend(state.strip.cards())
    state.strip.slots = [None] * 4
    workers = len(state.automa.workers)
    flip(state, "a12")
    assert len(state.automa.workers) == workers and state.automa.tokens == 2
    state.automa.cubes = 0  # no cube left: "Exclusive deal" cannot deliver and falls back to 1 prestige
    spaces = [(v, r, i) for v in range(2) for r in range(2) for i in range(4)]
    for v, r, i in spaces[:11]:
        state.vendor_spaces[v][r][i] = AUTOMA
    flip(state, "a03")
    assert state.automa.tokens == 3


def test_you_win_only_by_beating_the_automa():
    state = finish(solo(), 3)
    mine, automa = state.scores()[0], state.automa_score()
    assert state.rivals() == [("Automa", automa)]
    assert (state.winners() == [0]) == ((mine, state.me.coins % 8) > (automa, 0) or
                                        (mine, state.me.coins % 8) == (automa, 0))


def test_exchange_student_may_copy_the_automas_last_worker():
    state = solo()
    state.automa.workers.append(state.strip.take(0))
    state.strip.refill(state.deck)
    copyable = DATA.worker(state.automa.workers[-1])
    put(state, 0, "hand", "exchange_student")
    act(state, PlayWorker, card="exchange_student", use=True)
    if copyable.tier != "master" and not copyable.copier:
        assert "automa" in [a.key for a in state.legal_actions()]
        choose(state, "automa")
    else:
        assert state.pending_decision().kind != "choose" or state.pending_decision().data["step"]["op"] != "copy"


def test_the_game_ends_when_the_automa_has_placed_its_cubes():
    state = solo()
    state.automa.cubes = 0
    spaces = [(v, r, i) for v in range(2) for r in range(2) for i in range(4)]
    for v, r, i in spaces[:11]:
        state.vendor_spaces[v][r][i] = AUTOMA
    assert turns.end_reason(state) == "a cidery has placed all its cubes"


@pytest.mark.parametrize("level", ["core", "advanced"])
def test_automa_games_end_with_a_score(level):
    for seed in range(3):
        state = finish(solo(level, seed), seed)
        assert state.automa_score() > 0 and kind_of(state.automa.workers[0])


def test_the_strip_refills_after_your_initial_pick_not_after_the_automas():
    state = GAME.new_state(1, {"automa": "core"}, 3)
    assert state.pending_decision().kind == "initial"
    assert state.strip.slots[-1] is None and sum(c is not None for c in state.strip.slots) == 3
    assert len(state.legal_actions()) == 3  # you pick from the three the Automa left
    state.apply(state.legal_actions()[0])
    assert None not in state.strip.slots  # refilled once everyone has picked


def test_the_automa_gains_the_prestige_of_the_first_reward_space_and_nothing_else():
    state = solo()
    coins_before = state.me.coins
    events = automa._automa_do(state, AutomaStep(deliver="cheap"))
    assert state.automa.tokens == 1 and dict(automa.automa_rows(state))["Prestige tokens"] == 1
    assert any(e.kind == "automa_prestige" for e in events) and state.me.coins == coins_before
    automa._automa_do(state, AutomaStep(deliver="cheap"))  # the second reward space (2 coins): no prestige
    assert state.automa.tokens == 1
