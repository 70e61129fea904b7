"""Each Scrimish rule and variant, and our rulings (data/scrimish/rulings.md)."""
from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.scrimish import GAME
from games.scrimish.actions import (
    Attack,
    Cancel,
    ChoosePile,
    Discard,
    FinishSetup,
    SelectCard,
    Shuffle,
    SwapCard,
    UsePreset,
)
from games.scrimish.cards import load_deck
from games.scrimish.play import knock_out
from tests.scrimish_helpers import FULL, attack, playing, tops

DECK = load_deck()


# --- setup -----------------------------------------------------------------------------------
def test_each_player_starts_with_five_piles_of_five_and_the_crown_at_a_bottom():
    state = GAME.new_state(4, {"mode": "free_for_all"}, 3)
    for seat in range(4):
        piles = state.piles[seat]
        assert [len(p) for p in piles] == [5] * 5
        assert Counter(c for p in piles for c in p) == Counter(DECK.card_list())
        assert [p[0] for p in piles].count("crown") == 1


def test_setup_is_private_and_in_seat_order():
    state = GAME.new_state(2, {}, 3)
    assert state.current_player() == 0
    other = state.view(1)
    assert all(card is None for pile in other.piles[0] for card in pile)
    assert all(card is not None for pile in state.view(0).piles[0] for card in pile)
    state.apply(FinishSetup())
    assert state.current_player() == 1 and state.phase == "setup"


def test_swapping_two_cards():
    state = GAME.new_state(2, {}, 3)
    a, b = state.card_at(0, 1, 0), state.card_at(0, 3, 2)
    state.apply(SelectCard(1, 0))
    assert state.legal_actions()[-1] == Cancel()
    state.apply(SwapCard(3, 2))
    assert (state.card_at(0, 1, 0), state.card_at(0, 3, 2)) == (b, a)


def test_the_crown_can_only_move_to_the_bottom_of_a_pile():
    state = GAME.new_state(2, {}, 3)
    crown_pile = next(p for p, pile in enumerate(state.piles[0]) if pile[0] == "crown")
    state.apply(SelectCard(crown_pile, 4))
    swaps = [a for a in state.legal_actions() if isinstance(a, SwapCard)]
    assert swaps and all(a.depth == 4 for a in swaps)
    with pytest.raises(IllegalAction):
        state.apply(SwapCard((crown_pile + 1) % 5, 0))
    state.apply(Cancel())
    other = (crown_pile + 1) % 5
    state.apply(SelectCard(other, 0))
    assert SwapCard(crown_pile, 4) not in state.legal_actions()


def test_presets_and_shuffle_keep_a_legal_setup():
    state = GAME.new_state(2, {}, 3)
    for preset in DECK.presets:
        state.apply(UsePreset(preset.id, preset.name))
        assert state.piles[0] == [list(reversed(p)) for p in preset.piles]
    state.apply(Shuffle())
    piles = state.piles[0]
    assert Counter(c for p in piles for c in p) == Counter(DECK.card_list())
    assert [p[0] for p in piles].count("crown") == 1


def test_first_player_is_drawn_at_random_once_everyone_is_set_up():
    """Ruling: in hot-seat 'first to finish setting up' means nothing, so the first player is drawn."""
    firsts = set()
    for seed in range(20):
        state = GAME.new_state(2, {}, seed)
        state.apply(FinishSetup())
        events = state.apply(FinishSetup())
        assert events[-1].kind == "first_player"
        firsts.add(state.current_player())
        assert state.phase == "play"
    assert firsts == {0, 1}


# --- attacks ------------------------------------------------------------------------------------
def test_lower_card_is_discarded_and_the_winner_returns_to_the_top_of_its_pile():
    state = playing(piles={0: FULL, 1: FULL})
    state.piles[0][1].append("war_axe")
    before = len(state.piles[0][1])
    events = attack(state, 1, 1, 0)  # War Axe (4) attacks Dagger (1)
    assert events[0].data["outcome"] == "attacker wins"
    assert state.piles[0][1][-1] == "war_axe" and len(state.piles[0][1]) == before
    assert state.piles[1][0][-1] == "sword" and state.discards[1].cards == ["dagger"]
    assert state.known[0][1] and not state.known[1][0]
    assert state.current_player() == 1


def test_the_defender_can_win():
    state = playing(piles={0: FULL, 1: FULL})
    attack(state, 0, 1, 4)  # Dagger attacks Longsword
    assert state.discards[0].cards == ["dagger"] and state.piles[1][4][-1] == "longsword" and state.known[1][4]


def test_equal_values_discard_both():
    state = playing(piles={0: FULL, 1: FULL})
    attack(state, 0, 1, 0)  # Dagger against Dagger
    assert [d.cards for d in state.discards] == [["dagger"], ["dagger"]]


def test_archer_attacking_always_wins_and_an_attacked_archer_always_loses():
    state = playing(piles={0: FULL, 1: FULL})
    attack(state, 2, 1, 4)  # Archer attacks Longsword
    assert state.discards[1].cards == ["longsword"] and state.piles[0][2][-1] == "archer"
    attack(state, 0, 0, 2)  # seat 1's Dagger attacks the Archer, which loses
    assert state.discards[0].cards == ["archer"] and state.piles[1][0][-1] == "dagger"


def test_an_attacked_shield_takes_the_attacker_with_it():
    state = playing(piles={0: FULL, 1: FULL})
    attack(state, 4, 1, 3)  # Longsword attacks Shield
    assert [d.cards for d in state.discards] == [["longsword"], ["shield"]]


def test_archer_against_shield_discards_neither():
    state = playing(piles={0: FULL, 1: FULL})
    events = attack(state, 2, 1, 3)
    assert events[0].data["outcome"] == "both return"
    assert [d.cards for d in state.discards] == [[], []] and tops(state, 0)[2] == "archer" and tops(state, 1)[3] == "shield"
    assert state.known[0][2] and state.known[1][3]


def test_a_shield_cannot_attack():
    state = playing(piles={0: FULL, 1: FULL})
    state.apply(ChoosePile(3))
    assert not any(isinstance(a, Attack) for a in state.legal_actions())
    assert Discard(3) in state.legal_actions()


def test_attacking_the_crown_wins():
    piles = [list(p) for p in FULL]
    piles[0] = ["crown"]
    state = playing(piles={0: FULL, 1: piles})
    events = attack(state, 1, 1, 0)
    assert state.is_over() and state.winners() == [0] and state.scores() == [1, 0]
    assert [e.kind for e in events] == ["attack", "out", "win"]
    assert state.current_player() is None and state.legal_actions() == []


def test_attacking_with_the_crown_wins_only_against_the_crown():
    mine = [list(p) for p in FULL]
    mine[0] = ["crown"]
    state = playing(piles={0: mine, 1: FULL})
    attack(state, 0, 1, 0)  # Crown attacks a Dagger: seat 0 loses
    assert state.winners() == [1]
    theirs = [list(p) for p in FULL]
    theirs[2] = ["crown"]
    state = playing(piles={0: mine, 1: theirs})
    attack(state, 0, 1, 2)
    assert state.winners() == [0]


def test_crown_attacking_an_archer_still_loses():
    """Ruling: the Crown rule beats 'an attacked Archer always loses'."""
    mine = [list(p) for p in FULL]
    mine[0] = ["crown"]
    theirs = [list(p) for p in FULL]
    theirs[0] = ["archer"]
    state = playing(piles={0: mine, 1: theirs})
    attack(state, 0, 1, 0)
    assert state.winners() == [1]


def test_cancel_puts_the_pile_back():
    state = playing(piles={0: FULL, 1: FULL})
    state.apply(ChoosePile(0))
    state.apply(Cancel())
    assert state.chosen is None and state.current_player() == 0


# --- discarding ---------------------------------------------------------------------------------
def test_discarding_instead_of_attacking_is_face_down_and_ends_the_turn():
    state = playing(piles={0: FULL, 1: FULL})
    state.apply(ChoosePile(1))
    events = state.apply(Discard(1))
    assert state.discards[0].cards == ["sword"] and state.current_player() == 1
    assert "sword" not in str(events[0].data).lower() and "Sword" not in events[0].text
    assert state.view(1).discards[0].cards == [None] and state.view(0).discards[0].cards == ["sword"]  # its owner remembers it


def test_the_crown_cannot_be_discarded():
    mine = [list(p) for p in FULL]
    mine[0] = ["crown"]
    state = playing(piles={0: mine, 1: FULL})
    state.apply(ChoosePile(0))
    assert Discard(0) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(Discard(0))


def test_with_only_shields_left_you_must_discard_a_shield():
    mine = [["shield"], ["shield"], [], [], []]
    state = playing(piles={0: mine, 1: FULL})
    pile_choices = state.legal_actions()
    assert pile_choices == [ChoosePile(0), ChoosePile(1)]
    state.apply(ChoosePile(0))
    assert state.legal_actions() == [Discard(0), Cancel()]


def test_with_shields_and_the_crown_you_discard_a_shield_or_attack_with_the_crown():
    """Ruling: the Crown is not a Shield, so it may attack; a Shield on top must otherwise be discarded."""
    mine = [["shield", "crown"], ["shield"], [], [], []]
    state = playing(piles={0: mine, 1: FULL})
    state.apply(ChoosePile(0))
    assert state.legal_actions() == [Discard(0), Cancel()]
    state.apply(Discard(0))
    state.apply(ChoosePile(1))  # seat 1 discards too
    state.apply(Discard(1))
    state.apply(ChoosePile(0))
    assert [type(a) for a in state.legal_actions()] == [Attack] * 5 + [Cancel]


def test_piles_never_merge_and_empty_piles_stay_empty():
    mine = [["dagger"], *FULL[1:]]
    state = playing(piles={0: mine, 1: FULL})
    state.apply(ChoosePile(0))
    state.apply(Discard(0))
    assert state.piles[0][0] == []
    state.apply(ChoosePile(0))
    state.apply(Discard(0))
    assert ChoosePile(0) not in state.legal_actions()
    state.apply(ChoosePile(1))
    assert (0, 0) not in state.targets(1) and Attack(1, 0, 0) not in state.legal_actions()
    assert [len(p) for p in state.piles[0]] == [0, 5, 5, 5, 5]


def test_pile_heights_are_public():
    """Ruling: every card that leaves a pile does so in view of the table, so heights are shown."""
    state = playing(piles={0: FULL, 1: FULL})
    state.apply(ChoosePile(1))
    state.apply(Discard(1))
    view = state.view(1)
    assert [len(p) for p in view.piles[0]] == [5, 4, 5, 5, 5]


# --- what each seat sees --------------------------------------------------------------------------
def test_beginner_players_see_all_their_own_cards_but_none_of_the_opponents():
    state = playing(piles={0: FULL, 1: FULL}, visibility="beginner")
    view = state.view(0)
    assert view.piles[0] == state.piles[0]
    assert all(c is None for p in view.piles[1] for c in p)


def test_advanced_players_see_only_their_own_top_cards():
    state = playing(piles={0: FULL, 1: FULL}, visibility="advanced")
    view = state.view(0)
    assert [p[-1] for p in view.piles[0]] == [p[0] for p in FULL]
    assert all(c is None for p in view.piles[0] for c in p[:-1])


def test_cards_revealed_in_combat_are_known_to_every_seat():
    state = playing(3, piles={0: FULL, 1: FULL, 2: FULL}, mode="free_for_all")
    attack(state, 1, 1, 4)  # Sword against Longsword: the Longsword stays, now known
    for seat in (0, 2):
        assert state.view(seat).piles[1][4][-1] == "longsword"
    assert state.view(2).seen_discards[0] == ["sword"]


def test_the_memory_aid_is_a_setting_of_the_game():
    assert GAME.new_state(2, {"memory_aid": False}, 1).options["memory_aid"] is False
    assert GAME.new_state(2, {}, 1).options["memory_aid"] is False  # the rulebook's way: to memory


def test_the_memory_aid_is_marked_as_our_rule():
    aid = next(option for option in GAME.options if option.id == "memory_aid")
    on = next(choice for choice in aid.choices if choice.value is True)
    assert on.ours and not aid.choices[0].ours


# --- free-for-all and teams ---------------------------------------------------------------------
def test_free_for_all_turns_go_counter_clockwise_and_anyone_may_be_attacked():
    """Rulebook: "Players take turns by going counter-clockwise in a circle" (seats are numbered clockwise)."""
    state = playing(4, piles={s: FULL for s in range(4)}, mode="free_for_all", first=2)
    order = []
    for _ in range(4):
        order.append(state.current_player())
        state.apply(ChoosePile(1))
        targets = {a.target_seat for a in state.legal_actions() if isinstance(a, Attack)}
        assert targets == set(range(4)) - {order[-1]}
        state.apply(Discard(1))
    assert order == [2, 1, 0, 3]


def test_five_and_six_players_may_play_free_for_all():
    assert GAME.new_state(5, {}, 1).options["mode"] == "free_for_all"
    assert GAME.new_state(6, {"mode": "free_for_all"}, 1).rotation.teams == [[s] for s in range(6)]


def test_free_for_all_a_player_whose_crown_is_attacked_is_out_and_last_standing_wins():
    crowned = [list(p) for p in FULL]
    crowned[0] = ["crown"]
    state = playing(3, piles={0: FULL, 1: crowned, 2: crowned}, mode="free_for_all")
    attack(state, 1, 1, 0)
    assert state.out == [False, True, False] and not state.is_over()
    assert state.current_player() == 2
    state.apply(ChoosePile(1))
    assert all(a.target_seat == 0 for a in state.legal_actions() if isinstance(a, Attack))
    state.apply(Discard(1))
    attack(state, 1, 2, 0)
    assert state.winners() == [0]


@pytest.mark.parametrize("mode, players, teams", [
    ("2v2", 4, [[0, 2], [1, 3]]), ("3v3", 6, [[0, 2, 4], [1, 3, 5]]), ("2v2v2", 6, [[0, 3], [1, 4], [2, 5]])])
def test_team_seating(mode, players, teams):
    state = GAME.new_state(players, {"mode": mode}, 1)
    assert state.rotation.teams == teams


def test_teams_alternate_and_members_alternate_attacking():
    state = playing(4, piles={s: FULL for s in range(4)}, mode="2v2", first=0)
    order = []
    for _ in range(8):
        order.append(state.current_player())
        state.apply(ChoosePile(0))
        targets = {a.target_seat for a in state.legal_actions() if isinstance(a, Attack)}
        assert targets == {1, 3} if order[-1] in (0, 2) else {0, 2}
        state.apply(Discard(0)) if state.piles[order[-1]][0][-1] != "crown" else state.apply(Cancel())
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_team_player_who_is_out_no_longer_attacks_and_the_team_plays_on():
    crowned = [list(p) for p in FULL]
    crowned[0] = ["crown"]
    state = playing(4, piles={0: FULL, 1: crowned, 2: FULL, 3: FULL}, mode="2v2", first=0)
    attack(state, 1, 1, 0)  # seat 1 is out
    assert state.out[1] and not state.is_over()
    order = []
    for _ in range(4):
        order.append(state.current_player())
        state.apply(ChoosePile(2))
        state.apply(Discard(2))
    assert order == [3, 2, 3, 0]  # team 2 always plays seat 3 now; team 1 alternates 2, 0
    assert {seat for seat, _ in state.targets(0)} == {3}
    assert all(not pile or seat != 1 for seat, pile in state.targets(2))


def test_a_team_wins_when_every_opposing_crown_has_been_attacked():
    crowned = [list(p) for p in FULL]
    crowned[0] = ["crown"]
    state = playing(4, piles={0: FULL, 1: crowned, 2: FULL, 3: crowned}, mode="2v2", first=0)
    attack(state, 1, 1, 0)
    assert not state.is_over()
    attack(state, 1, 0, 4)  # seat 3 attacks
    attack(state, 1, 3, 0)  # seat 2 takes the last opposing Crown
    assert state.is_over() and state.winners() == [0, 2] and state.scores() == [1, 0, 1, 0]


def test_five_players_play_free_for_all_only_and_teams_need_equal_sides():
    assert GAME.player_counts() == [2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="not open to 5 players"):
        GAME.new_state(5, {"mode": "2v2"}, 1)
    with pytest.raises(ValueError, match="not open to 2 players"):
        GAME.new_state(2, {"mode": "2v2"}, 1)


def test_a_team_of_three_s_win_reads_as_a_list():
    state = playing(6, mode="3v3", first=0)
    team = state.rotation.teams[state.team_of(0)]
    others = [seat for seat in range(6) if seat not in team]
    for seat in others[:-1]:
        state.out[seat] = True
    events = knock_out(state, others[-1])
    names = ["Ann", "Ben", "Cat", "Dee", "Eve", "Fay"]
    winners = [names[seat] for seat in team]
    assert events[-1].kind == "win"
    assert events[-1].describe(names) == f"{winners[0]}, {winners[1]} and {winners[2]} win!"


def test_every_decision_of_scrimish_has_its_options_and_its_answer_on_the_declared_flow():
    from games.scrimish.flow import FLOW, PHASE_OF

    FLOW.check()
    assert FLOW.kinds() == set(PHASE_OF)
