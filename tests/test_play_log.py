"""The play scene's game log describes each step once per viewer as a game grows (it described the whole history
again at every step, so a long game's frames slowed as it went on) and shows what describing it all would."""
from __future__ import annotations

from games import registry
from games.core.actions import Event
from games.core.match import Match, Seat
from graphics.scenes.common import start_play
from tests.app_driver import Driver


def described_afresh(play, shown: int) -> list[str]:
    """Returns the log lines of the first `shown` steps, described from scratch."""
    return [event.seen_by(play.viewer).describe(play.match.names)
            for step in play.match.history[:shown] for event in step.events]


def logged(play, shown: int) -> list[str]:
    return [line for _, lines in play._described_steps(shown) for line in lines]


def test_the_log_describes_each_step_once_and_follows_an_undo(tmp_path, monkeypatch):
    driver = Driver(tmp_path, None)
    match = Match(registry.get("scrimish"), [Seat("Ann", "orange"), Seat("Ben", "sky")], {}, 4)
    start_play(driver.app, match)
    play = driver.scene
    for _ in range(2):
        match.apply(match.state.legal_actions()[-1])  # both seats finish setting up: two logged events
    assert logged(play, 2) == described_afresh(play, 2) and len(logged(play, 2)) >= 2
    calls: list[Event] = []
    honest = Event.describe
    monkeypatch.setattr(Event, "describe", lambda event, names=(): calls.append(event) or honest(event, names))
    logged(play, 2)
    assert calls == [], "a step was described again"
    match.apply(match.state.legal_actions()[0])  # a pile chosen, described, then undone
    assert len(play._described_steps(3)) == 3 and match.undo()
    match.apply(match.state.legal_actions()[1])  # another pile chosen instead: its own step, described afresh
    assert [step for step, _ in play._described_steps(3)] == match.history[:3]
    assert all(kept is step for (kept, _), step in zip(play._described_steps(3), match.history))
    assert logged(play, 3) == described_afresh(play, 3)
    monkeypatch.undo()
    driver.close()
