"""The Crumbs coach's words against the live board (found playing a first game in a real window): the
walkthrough tells how the game ends at a race table too, the turn card says the Fountain glows for a spawn,
the dog placement card does not say it was paid before it is, and the pigeons fly to spaces with the seat's own
pigeons."""
from games import registry
from games.crumbs import table
from games.crumbs.actions import DogPlace, Done, PickCritter, PickSpace, Spawn, Special
from games.crumbs.decisions import DOG_PLACE, FLY_TO, TURN
from graphics.kit import coach
from tests.crumbs_helpers import empty_park, put

GAME = registry.get("crumbs")
COACH = coach.for_game(GAME)


def test_the_walkthrough_tells_how_a_race_ends_as_well_as_the_rulebook_game():
    race = next(option for option in GAME.options if option.id == "race")
    assert True in [choice.value for choice in race.choices], "a race is a table option"
    text = " ".join(COACH.turn.phases).lower()
    assert "deck runs out" in text
    assert "race" in text and "target" in text, "a race table was told the game ends when the deck runs out"


def test_the_turn_card_says_the_fountain_glows_for_a_spawn():
    state = empty_park(("squirrels", "ducks"))
    put(state, 0, "willow_walk" if "willow_walk" in state.board.spaces else next(iter(state.board.spaces)), 1)
    state.crumbs[0] = 10
    state._legal = None
    assert state.pending_decision().kind == TURN
    fountain = state.board.fountain
    assert not table.critters_in(state, fountain, 0)
    assert Spawn(fountain) in state.legal_actions(), "the Fountain glows though no critter of the seat is there"
    assert "Fountain" in COACH.decisions[TURN].glow


def test_the_dog_placement_card_does_not_say_it_was_paid_before_it_is():
    state = empty_park(("squirrels", "ducks"))
    state.crumbs[0] = 10
    state._legal = None
    state.apply(DogPlace())
    assert state.pending_decision().kind == DOG_PLACE and state.crumbs[0] == 10, "not paid yet"
    assert "paid" not in COACH.decisions[DOG_PLACE].what.lower()


def test_pigeons_fly_only_to_the_seats_own_pigeons_as_the_card_says():
    state = empty_park(("pigeons", "ducks"))
    spaces = [s for s in state.board.spaces if s != state.board.fountain]
    put(state, 0, spaces[0], 2)
    put(state, 0, spaces[1], 1)
    put(state, 1, spaces[2], 1)
    state.crumbs[0] = 10
    state._legal = None
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Special)))
    state.apply(PickCritter(spaces[0]))
    state.apply(Done("Fly them"))
    assert state.pending_decision().kind == FLY_TO
    targets = [a.space for a in state.legal_actions() if isinstance(a, PickSpace)]
    assert targets and all(table.critters_in(state, space, 0) for space in targets)
    assert "your pigeons" in COACH.decisions[FLY_TO].glow


def test_the_where_to_card_tells_a_dash_goes_two_steps_not_next_door():
    """Seen at 1280x720: the first dash of a game showed "The glowing spaces are next door" while the spaces two
    steps away glowed (a dash asks the same "where do they go?" decision as a move)."""
    from games.crumbs.actions import MoveTo
    from games.crumbs.decisions import DASH_FROM, TO

    state = empty_park(("chipmunks", "ducks"))
    start = next(s for s in state.board.spaces if s != state.board.fountain)
    put(state, 0, start, 1)
    state.crumbs[0] = 10
    state._legal = None
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Special)))
    assert state.pending_decision().kind == DASH_FROM
    state.apply(PickSpace(start))
    decision = state.pending_decision()
    assert decision.kind == TO
    targets = [a.space for a in state.legal_actions() if isinstance(a, MoveTo)]
    assert targets and not set(targets) & set(state.board.adjacent[start]), "a dash never goes next door"
    glow = COACH.decisions[TO].glow
    assert "dash" in glow and "two steps" in glow


def test_a_dealt_army_is_taken_not_chosen_on_the_status_line_and_the_card():
    """Seen at 1280x720 with "Dealt at random": the status said "choose your army" and the card "the armies still
    free ... Click one" while only the dealt army glowed."""
    from games.crumbs.decisions import ARMY

    state = GAME.new_state(2, {"armies": "random"}, 5)
    decision = state.pending_decision()
    dealt = decision.data["dealt"]
    assert [a.army for a in state.legal_actions()] == [dealt]
    line = decision.text(["Ann", "Bob"])  # seat 0 takes its army first
    assert line == f"Ann: the armies are dealt at random: take the {state.data.armies[dealt].name}."
    chosen = GAME.new_state(2, {"armies": "choose"}, 5).pending_decision().text(["Ann", "Bob"])
    assert chosen == "Ann: choose your army."
    assert "dealt" in COACH.decisions[ARMY].glow and "still free" not in COACH.decisions[ARMY].glow
