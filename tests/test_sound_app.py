"""The table's sounds in the running app (tests/app_driver.py, SDL_AUDIODRIVER=dummy): each step's events sound
once as its animation starts, by data/<game>/sounds.yaml; a step replayed to a seat that missed it is not heard
again; no audio device: silent, no error, nothing on screen; and, under SDL's disk audio driver, the mixer's
output is a real sound after a sound is played and silence before."""
from __future__ import annotations

import array
import collections
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from games import registry
from games.core.actions import Event
from games.core.match import Match, Seat
from graphics.scenes.common import start_play
from graphics.sound import MOST_AT_ONCE, Cue, Sounds, TableSounds, sound_table
from tests.app_driver import Driver

ROOT = Path(__file__).resolve().parents[1]
TABLE_ONLY = {"turn", "over"}  # the turn's chime and the end of the game: the scene's own, not an event's
GAMES = [pytest.param(game, id=game.id) for game in registry.all()]


def bot_table(tmp_path, game_id: str, speed: float) -> Driver:
    """Returns a driver on a table of bots (the fewest seats) of a game."""
    game = registry.get(game_id)
    driver = Driver(tmp_path, None, speed=speed)
    colours = ["orange", "sky", "green", "pink"]
    seats = [Seat(f"Bot {i + 1}", colours[i], "easy") for i in range(game.player_counts()[0])]
    start_play(driver.app, Match(game, seats, {}, 3))
    return driver


def expected(game_id: str, match: Match, steps: int) -> collections.Counter:
    """Returns the sounds of the first `steps` steps' events, by the game's sounds.yaml."""
    table = sound_table(game_id)
    return collections.Counter(cue.name for step in match.history[:steps] for cue in table.cues(step.events))


def test_a_scrimish_game_sounds_each_step_by_its_events_once(tmp_path):
    driver = bot_table(tmp_path, "scrimish", speed=10)
    for _ in range(60_000):
        if driver.scene.name == "gameover":
            break
        driver.frames(1)
    assert driver.scene.name == "gameover"
    sounds, match = driver.app.sounds, driver.scene.play.match
    heard = collections.Counter(name for name in sounds.played if name not in TABLE_ONLY)
    wanted = expected("scrimish", match, len(match.history))
    attacks = sum(event.kind == "attack" for step in match.history for event in step.events)
    assert heard == wanted and heard["attack"] == heard["reveal"] == attacks > 0, (heard, wanted)
    assert sounds.played[-1] == "over"
    driver.close()


@pytest.mark.parametrize("game", GAMES)
def test_each_game_sounds_its_events_through_the_app(game, tmp_path):
    """A bot game for some seconds: every sound heard is one its steps' events call for (at most as often: a
    frame starts at most MOST_AT_ONCE), most of them are heard, and a frame never starts more."""
    driver = bot_table(tmp_path, game.id, speed=4)
    sounds, most = driver.app.sounds, 0
    for _ in range(900):
        before = len(sounds.played)
        driver.frames(1)
        most = max(most, len(sounds.played) - before)
        if driver.scene.name != "play":
            break
    play = driver.scene if driver.scene.name == "play" else driver.scene.play
    waiting = [cue.name for _, _, cue in play.noises.pending]
    heard = collections.Counter(name.rsplit("-", 1)[0] if name[-1].isdigit() else name
                                for name in sounds.played + waiting if name not in TABLE_ONLY)
    wanted = expected(game.id, play.match, play.noises.heard + 1)  # the steps whose animation has started
    events_heard = {name: count for name, count in heard.items() if name in wanted}
    assert most <= MOST_AT_ONCE + 1, f"{game.id}: {most} sounds started in one frame"  # (+1: the turn's chime)
    assert all(count <= wanted[name] for name, count in events_heard.items()), (heard, wanted)
    assert sum(events_heard.values()) >= 0.7 * sum(wanted.values()) > 0, (heard, wanted)
    if game.id == "crumbs":
        assert heard["thud"] > 0, "the drops' impacts"
    else:
        assert set(heard) <= set(wanted), (heard, wanted)
    driver.close()


def never_animated(events):
    return None


def test_a_step_is_heard_once_even_when_replayed_to_a_seat_that_missed_it():
    sounds = Sounds()
    noises = TableSounds("scrumpy", sounds)
    for index, event in ((0, Event("draw", "", {})), (1, Event("coins", "", {}))):
        noises.start(index, [event], [event], never_animated)
    noises.update(1.0)
    noises.start(0, [Event("draw", "", {})], [Event("draw", "", {})], never_animated)  # shown again, in private
    noises.update(1.0)
    assert sounds.played == ["draw", "coins"]
    noises.forget(1)  # undo back to one move: the next step 1 is new
    noises.start(1, [Event("die", "", {})], [Event("die", "", {})], never_animated)
    noises.update(1.0)
    assert sounds.played == ["draw", "coins", "dice"]


def test_each_event_sounds_when_its_animation_starts_and_the_steps_animation_is_made_last():
    """A view animates a step's events one after another: an event's sound starts when the animation of the
    events before it ends (asked of the view first); events that do not move still sound a gap apart."""
    from graphics.kit.timeline import Timeline, Wait
    made = []

    def animate(part):  # each event but "coins" moves for half a second
        made.append(len(part))
        length = 0.5 * sum(event.kind != "coins" for event in part)
        return Timeline(Wait(length)) if length else None

    sounds = Sounds()
    noises = TableSounds("scrumpy", sounds)
    step = [Event("draw", "", {}), Event("round", "", {}), Event("play", "", {}), Event("coins", "", {}),
            Event("die", "", {})]
    timeline = noises.start(0, step, step, animate)
    assert made == [2, 3, 4, 5] and timeline.duration == 2.0, "the sounding events' starts, then the whole step"
    gap = sound_table("scrumpy").gap
    assert [(c.name, c.at) for _, _, c in sorted(noises.pending)] == [
        ("draw", 0.0), ("play", 1.0), ("coins", 1.5), ("dice", 1.5 + gap)]
    for _ in range(30):
        noises.update(0.1)
    assert sounds.played == ["draw", "play", "coins", "dice"]


def test_cues_play_at_their_moment_and_a_frame_starts_only_the_loudest_few_each_once():
    from graphics.kit.timeline import Timeline, Wait, parallel, sequence
    sounds = Sounds()
    noises = TableSounds("crumbs", sounds)
    cues = [Cue(0.5, "thud", 0.1 * k, (k - 1) / 5) for k in range(1, 7)]  # pitches 0 .. 1: variants 0 0 1 2 3 4
    cues += [Cue(0.5, "knock", 0.42), Cue(0.5, "knock", 0.45)]  # the same file twice at once: heard once
    noises.start(0, [], [], lambda part: Timeline(sequence(Wait(1.0), parallel(Wait(1.0), *cues))))
    noises.update(1.4)
    assert sounds.played == []
    noises.update(0.2)
    assert sounds.played == ["thud-4", "thud-3", "knock-2"] and sounds.loudness == pytest.approx([0.6, 0.5, 0.45])


def test_without_an_audio_device_a_whole_table_plays_silent_with_no_error_and_nothing_said(tmp_path, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    driver = bot_table(tmp_path, "crumbs", speed=8)
    driver.frames(600)
    sounds = driver.app.sounds
    assert sounds.ready() is False and len(sounds.played) > 10
    assert driver.app._toast is None, driver.app._toast
    assert not driver.app.errors
    driver.close()


RECORD = """
import sys, time; sys.path.insert(0, {root!r})
import pygame
from graphics.sound import Sounds
sounds = Sounds(volume=1.0)
assert sounds.ready()
time.sleep(0.3)
sounds.play("thud", 1.0, 0.0)
time.sleep(0.5)
sounds.toggle_mute()
sounds.play("thud", 1.0, 0.0)
time.sleep(0.4)
pygame.mixer.quit()
print(pygame.mixer.get_init())
"""


def test_the_mixer_output_recorded_to_a_file_is_silent_then_a_sound(tmp_path):
    """SDL's disk audio driver writes what the mixer plays: silence, then the thud, no louder than the file
    (LOUDEST of full scale); muted, nothing more though a sound is asked for (the recording holds the energy of
    one thud, not two). Robust to the driver falling behind on a busy machine (it then writes fewer samples)."""
    import wave
    out = tmp_path / "mixer.raw"
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(out), "SDL_VIDEODRIVER": "dummy"}
    subprocess.run([sys.executable, "-c", RECORD.format(root=str(ROOT))], env=env, check=True, capture_output=True,
                   timeout=60)
    samples = array.array("h", out.read_bytes())  # the mixer's default: 16-bit, 2 channels, 44.1 kHz
    assert max(map(abs, samples[:200])) == 0, "silence before any sound"
    loudest = max(map(abs, samples)) / 32767
    assert 0.1 < loudest <= 0.36, f"the thud's peak: {loudest:.3f}"
    with wave.open(str(ROOT / "graphics" / "assets" / "sounds" / "thud-0.wav")) as thud:
        one = array.array("h", thud.readframes(thud.getnframes()))
    ratio = sum(v * v for v in samples) / (4 * sum(v * v for v in one))  # twice the rate, two channels
    assert 0.6 < ratio < 1.4, f"the recording holds {ratio:.2f} thuds"


def test_the_sounds_asked_for_are_kept_only_lately(monkeypatch):
    monkeypatch.setattr("graphics.sound.KEPT", 10)
    sounds = Sounds()
    for k in range(25):
        sounds.play("draw", k / 100)
    assert len(sounds.played) == len(sounds.loudness) <= 10 and sounds.loudness[-1] == 0.24
