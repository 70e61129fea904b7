"""Stumped's coach cards match the table and the buttons (found playing by hand at 1920x1080): the card for
leaving out action cards said "Most tables leave them all in" to a table that had just chosen to leave some
out, and named no button; it names the buttons the view shows."""
from games.core.match import Seat
from games.stumped import GAME
from games.stumped.actions import StartGame
from graphics.kit import coach
from graphics.views.stumped import StumpedView

SEATS = [Seat("Ann", "orange"), Seat("Ben", "sky")]


def test_the_leave_out_card_names_the_buttons_of_both_seats():
    words = " ".join(coach.for_game(GAME).decisions["setup"].paragraphs())
    assert "Most tables leave them all in" not in words
    view_class = StumpedView(GAME, SEATS)
    state = GAME.new_state(2, {"action_cards": "choose"}, 1)
    labels = []
    for _ in range(2):
        assert state.pending_decision().kind == "setup"
        start = next(a for a in state.legal_actions() if isinstance(a, StartGame))
        labels.append(view_class.label(state.view(state.current_player()), start, ["Ann", "Ben"]))
        state.apply(start)
    assert labels[0].startswith("Done") and labels[1] == "Start the game", labels
    assert '"Done"' in words and f'"{labels[1]}"' in words
