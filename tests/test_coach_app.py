"""The coach through the app, as a table uses it: a Scrappers game with "Teach us" on shows the walkthrough,
Got it hides it and the coach then speaks at each new kind of decision, Stop teaching stops it, the card's link
and F1 open the rules at the decision's section, Continue after a save does not repeat what was taught, and a
bot's decision or a hand-off never shows a card."""
import pygame

from games import registry
from games.core.aids import Aids
from games.core.errors import DataError
from games.core.match import Match, Seat
from graphics.config import table_layout
from graphics.kit import coach
from graphics.scenes.common import start_play
from graphics.scenes.rules import section_entry
from tests.app_driver import Driver
from tests.kit_helpers import DrawnTexts

SCRAPPERS = registry.get("scrappers")
WORDS = coach.for_game(SCRAPPERS)


def table(tmp_path, teach=True, seats=None, autosave=None):
    """Starts a Scrappers game (Ann at the screen, a bot) and runs it to Ann's first decision; returns the
    driver, the play scene and the match."""
    driver = Driver(tmp_path, None, speed=60)
    seats = seats or [Seat("Ann", "orange"), Seat("Bob", "sky", "easy")]
    match = Match(SCRAPPERS, seats, {}, 4, autosave=autosave, aids=Aids(teach, True, [0] * len(seats)))
    start_play(driver.app, match)
    play = driver.scene
    to_my_turn(driver, play)
    return driver, play, match


def to_my_turn(driver, play, limit=3_000) -> None:
    """Runs frames until the person at the screen may act."""
    for _ in range(limit):
        if play.my_turn():
            driver.frames(2)
            return
        driver.frames(1)
    raise AssertionError("the person at the screen never got to decide")


def button(driver, play, label: str):
    """Returns the coach card's button whose label starts with `label` (the card must be up)."""
    said = play.coach.said()
    assert said is not None, "no coach card is up"
    return next(b for b in play.coach.parts(driver.app.painter(), said)[3] if b.label.startswith(label))


def test_teach_us_walks_through_the_turn_then_explains_each_new_kind(tmp_path, monkeypatch):
    recorder = DrawnTexts(monkeypatch)
    driver, play, match = table(tmp_path)
    kind = match.state.pending_decision().kind
    assert play.coach.said().kind == coach.WALKTHROUGH
    driver.frames(2)
    drawn = {text for text, _, _ in recorder.calls}
    assert WORDS.turn.title in drawn and set(WORDS.turn.phases) <= drawn
    driver.click(button(driver, play, "Got it").rect)
    said = play.coach.said()
    assert said.kind == kind and said.title == WORDS.decisions[kind].title  # then the decision's own card
    driver.click(button(driver, play, "Got it").rect)
    assert play.coach.said() is None and (0, kind) in match.aids.taught
    recorder.calls.clear()
    driver.frames(3)
    assert WORDS.decisions[kind].title not in {text for text, _, _ in recorder.calls}
    driver.close()


def test_the_coach_speaks_again_only_at_a_kind_not_met(tmp_path):
    driver, play, match = table(tmp_path)
    driver.click(button(driver, play, "Got it").rect)
    met = set()
    for _ in range(40):
        if match.state.is_over():
            break
        to_my_turn(driver, play)
        kind = match.state.pending_decision().kind
        said = play.coach.said()
        assert (said is not None) == (kind not in met), f"{kind}: met {met}, said {said}"
        if said is not None:
            driver.click(button(driver, play, "Got it").rect)
        met.add(kind)
        before = len(match.history)
        driver.play_action(play, play.shown.search_actions()[0])
        assert len(match.history) > before
    assert len(met) >= 3
    driver.close()


def test_acting_without_got_it_moves_the_coach_on_and_is_saved(tmp_path):
    driver, play, match = table(tmp_path, autosave=tmp_path / "auto.json")
    assert play.coach.said().kind == coach.WALKTHROUGH
    kind = match.state.pending_decision().kind
    driver.play_action(play, play.shown.search_actions()[0])  # plays on with the walkthrough up
    assert (0, coach.WALKTHROUGH) in match.aids.taught
    for _ in range(60):  # the next decision of a kind whose card was up when Ann acted is quiet
        to_my_turn(driver, play)
        said = play.coach.said()
        if said is not None:
            assert (0, said.kind) not in match.aids.taught
            seen = said.key
            driver.play_action(play, play.shown.search_actions()[0])
            assert seen in match.aids.taught
            assert seen in Match.load(tmp_path / "auto.json").aids.taught, "what the coach said is in the autosave"
            break
        driver.play_action(play, play.shown.search_actions()[0])
    else:
        raise AssertionError(f"no card came after the walkthrough (first kind {kind})")
    driver.close()


def test_stop_teaching_turns_the_coach_off_for_the_table(tmp_path):
    driver, play, match = table(tmp_path)
    driver.click(button(driver, play, "Stop teaching").rect)
    assert not match.aids.teach and play.coach.said() is None
    for _ in range(10):  # new kinds of decision come, and the coach says nothing
        to_my_turn(driver, play)
        assert play.coach.said() is None
        driver.play_action(play, play.shown.search_actions()[0])
    driver.close()


def test_the_cards_link_opens_the_rules_at_its_section(tmp_path):
    driver, play, match = table(tmp_path)
    link = button(driver, play, "Rule: ")
    assert link.label == f"Rule: {WORDS.turn.section}"
    driver.click(link.rect)
    rules = driver.scene
    assert rules.name == "rules" and rules.section == WORDS.turn.section
    driver.frames(2)
    found = section_entry(rules.text.entries, WORDS.turn.section)
    top = next(line.top for line in rules.text.lines(driver.app.painter()) if line.entry == found)
    assert top > 0 and abs(rules.text.offset - top) < 1  # scrolled to the heading
    assert rules.text.entries[found][0] == WORDS.turn.section
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is play and play.coach.said().kind == coach.WALKTHROUGH  # the card waits for Got it
    driver.close()


def test_f1_and_the_rule_button_open_the_rule_for_the_decision_also_with_the_coach_off(tmp_path):
    driver, play, match = table(tmp_path, teach=False)
    kind = match.state.pending_decision().kind
    assert play.coach.said() is None
    driver.key(pygame.K_F1)
    assert driver.scene.name == "rules" and driver.scene.section == WORDS.decisions[kind].section
    driver.key(pygame.K_ESCAPE)
    driver.click(table_layout().rect("play.rule_button"))
    assert driver.scene.name == "rules" and driver.scene.section == WORDS.decisions[kind].section
    driver.close()


def test_continue_after_a_save_does_not_repeat_a_taught_card(tmp_path):
    autosave = tmp_path / "auto.json"
    driver, play, match = table(tmp_path, autosave=autosave)
    kind = match.state.pending_decision().kind
    driver.click(button(driver, play, "Got it").rect)
    driver.click(button(driver, play, "Got it").rect)
    assert play.coach.said() is None
    driver.close()
    again = Match.load(autosave, autosave=autosave)  # what Continue opens
    assert (0, kind) in again.aids.taught and again.aids.teach
    driver = Driver(tmp_path, None, speed=60)
    start_play(driver.app, again)
    play = driver.scene
    to_my_turn(driver, play)
    assert again.state.pending_decision().kind == kind and play.coach.said() is None
    driver.close()


def test_a_bots_decision_and_a_hand_off_never_show_a_card(tmp_path):
    driver = Driver(tmp_path, None, speed=60)
    seats = [Seat("Ann", "orange"), Seat("Bob", "sky", "easy"), Seat("Cat", "green"), Seat("Dee", "purple", "easy")]
    match = Match(SCRAPPERS, seats, {}, 4, aids=Aids(True, True, [0] * 4))
    start_play(driver.app, match)
    play, spoke, bots, hands_off = driver.scene, 0, 0, 0
    for _ in range(2_000):
        driver.frames(1)
        if play.reveal_for is not None and not play.busy():  # Scrappers' light hand-off: "Show my cards"
            assert play.coach.said() is None, "a card before the person showed their cards"
            hands_off += 1
            driver.click(driver.button("Show my cards").rect)
            continue
        seat = match.state.current_player()
        if seat is not None and not match.seats[seat].is_human:
            bots += 1
            assert play.coach.said() is None, "a card during a bot's decision"
        elif play.my_turn():
            said = play.coach.said()
            spoke += said is not None
            if said is not None:
                driver.click(button(driver, play, "Got it").rect)
            driver.play_action(play, play.shown.search_actions()[0])
        if spoke >= 4 and bots > 50 and hands_off > 2:
            break
    assert spoke >= 4 and bots > 50 and hands_off > 2
    driver.close()


def test_the_question_mark_opens_the_rule_too(tmp_path):
    driver, play, match = table(tmp_path, teach=False)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?",
                                         scancode=0))
    driver.frames(2)
    assert driver.scene.name == "rules"
    driver.close()


def test_a_broken_coach_file_leaves_the_game_playable_and_says_why_at_f1(tmp_path, monkeypatch):
    def broken(game):
        raise DataError(f"{game.data_dir() / 'coach.yaml'}: field 'turn' is missing")

    monkeypatch.setattr(coach, "for_game", broken)
    driver, play, match = table(tmp_path)
    assert play.coach.said() is None
    driver.key(pygame.K_F1)
    assert driver.scene is play and "data/scrappers/coach.yaml: field 'turn' is missing" in driver.app._toast[0]
    before = len(match.history)
    driver.play_action(play, play.shown.search_actions()[0])
    assert len(match.history) > before
    driver.close()


def test_the_rule_button_says_what_it_does_when_hovered(tmp_path):
    from graphics.kit.coach_card import RULE_TIP
    driver, play, match = table(tmp_path, teach=False)
    driver.hover(table_layout().rect("play.rule_button").center, 40)
    assert driver.app.hits.tip_at(table_layout().rect("play.rule_button").center) == RULE_TIP
    driver.close()
