"""The game-over score sheet: a Total column wherever the categories add up to the score (Scrumpy at two to
four players, not only solo), none where the score is something else (a win), and a line on a broken tie."""
from dataclasses import dataclass, field

from graphics.scenes.gameover import panel_rects, score_sheet


@dataclass
class Sheet:
    """A finished state as the game-over screen reads it."""

    details: list
    totals: list
    rival_rows: list = field(default_factory=list)
    rival_scores: list = field(default_factory=list)

    def score_details(self):
        return self.details

    def scores(self):
        return self.totals

    def rivals(self):
        return self.rival_scores

    def rival_details(self):
        return self.rival_rows


def test_categories_that_add_up_to_the_score_get_a_total_column():
    state = Sheet([[("Tokens", 3), ("Goals", 4)], [("Tokens", 5), ("Goals", 1)]], [7, 6])
    categories, rows = score_sheet(state)
    assert categories == ["Tokens", "Goals", "Total"]
    assert [row["Total"] for row in rows] == [7, 6]


def test_a_score_that_is_not_the_sum_gets_no_total_column():
    state = Sheet([[("Won", 1), ("Parts", 6)], [("Won", 0), ("Parts", 9)]], [4, 0])
    assert score_sheet(state)[0] == ["Won", "Parts"]


def test_a_sheet_with_its_own_total_is_left_alone():
    state = Sheet([[("Feeding", 70), ("Total", 70)], [("Feeding", 50), ("Total", 50)]], [70, 50])
    assert score_sheet(state)[0] == ["Feeding", "Total"]


def test_a_rival_the_rules_play_gets_a_row_and_everyone_a_total():
    state = Sheet([[("Won", 1), ("Parts", 6)]], [30], [[("Parts", 2)]], [("Automa", 41)])
    categories, rows = score_sheet(state)
    assert categories[-1] == "Total" and rows[1]["Total"] == 41 and rows[0]["Total"] == 30


def test_the_panel_makes_room_for_the_tie_break_line():
    plain, noted = panel_rects(4), panel_rects(4, note=True)
    assert noted["note"].height > 0 and plain["note"].height == 0
    assert noted["note"].top >= noted["table"].bottom and noted["buttons"].top >= noted["note"].bottom
    assert noted["panel"].contains(noted["buttons"])


def test_winners_are_named_as_an_english_list():
    from games.core.words import listed
    assert listed([]) == "" and listed(["Ann"]) == "Ann" and listed(["Ann", "Ben"]) == "Ann and Ben"
    assert listed(["Ann", "Ben", "Cat"]) == "Ann, Ben and Cat"
