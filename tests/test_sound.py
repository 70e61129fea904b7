"""Sound effects (graphics/sound.py): our own sounds, made by the committed generator beside them; silent and
quiet about it without an audio device; the turn's chime when a person may act, a sound at the game's end, M
to mute."""
import importlib.util
import wave

import pygame
import pytest

from games import registry
from games.core.match import Match, Seat
from graphics.scenes.common import start_play
from graphics.sound import FOLDER, Sounds
from tests.app_driver import Driver


def _generator():
    spec = importlib.util.spec_from_file_location("make_sounds", FOLDER / "make.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _samples(path) -> list[int]:
    with wave.open(str(path)) as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2), f"{path.name}: 16-bit mono"
        frames = sound.readframes(sound.getnframes())
    return [int.from_bytes(frames[i:i + 2], "little", signed=True) for i in range(0, len(frames), 2)]


def test_every_sound_is_the_generators_own_small_soft_and_remade_the_same(tmp_path, monkeypatch):
    make = _generator()
    monkeypatch.setattr(make, "HERE", tmp_path)
    committed_files = {path.stem for path in FOLDER.glob("*.wav")}
    assert committed_files == set(make.SOUNDS), "every committed sound is made by make.py, and nothing else"
    for name, samples in make.SOUNDS.items():
        committed = FOLDER / f"{name}.wav"
        assert committed.stat().st_size < 50_000, f"{name}: a short sound"
        made = make.write(name, samples()).read_bytes()
        assert made == committed.read_bytes(), f"{name}: not what make.py makes"
        assert make.write(name, samples()).read_bytes() == made, f"{name}: made twice, not the same bytes"


def test_every_sound_is_soft_unclipped_and_ends_without_a_click():
    """The listen-check without speakers: each sound's peak is at most LOUDEST of full scale (far from clipping),
    its RMS (how loud it feels) at most STEADIEST, it is not silent, and it starts and ends at 0."""
    make = _generator()
    for path in sorted(FOLDER.glob("*.wav")):
        samples = _samples(path)
        peak = max(abs(value) for value in samples) / 32767
        rms = (sum(value * value for value in samples) / len(samples)) ** 0.5 / 32767
        assert peak <= make.LOUDEST + 1 / 32767, f"{path.name}: too loud ({peak:.3f})"
        assert rms <= make.STEADIEST + 1 / 32767, f"{path.name}: too loud for long ({rms:.3f})"
        assert rms >= 0.02 and peak >= 0.15, f"{path.name}: all but silent"
        assert samples[0] == 0 and samples[-1] == 0, f"{path.name}: starts or ends in a click"
        assert len(samples) <= 1.1 * make.RATE, f"{path.name}: a short sound"


def test_pitched_sounds_have_their_variants_from_low_to_high():
    make = _generator()
    for family in ("thud", "knock"):
        crossings = []
        for k in range(len(make.PITCHES)):
            samples = _samples(FOLDER / f"{family}-{k}.wav")[:make.RATE // 20]  # the first 50 ms: the tone
            crossings.append(sum(1 for a, b in zip(samples, samples[1:]) if (a < 0) != (b < 0)))
        assert crossings == sorted(crossings) and crossings[0] < crossings[-1], f"{family}: {crossings}"


def test_without_an_audio_device_the_table_is_silent_and_says_nothing(monkeypatch):
    def no_device():
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    sounds.play("turn")
    assert sounds.played == ["turn"] and sounds.ready() is False


def test_a_missing_sound_file_is_silent(tmp_path):
    sounds = Sounds(folder=tmp_path)
    sounds.play("nothing-here")  # the dummy driver starts the mixer; the file is missing
    assert sounds.played == ["nothing-here"]


def test_the_turns_chime_plays_once_when_the_person_may_act_and_m_mutes(tmp_path):
    driver = Driver(tmp_path, None, speed=60)
    match = Match(registry.get("scrimish"), [Seat("Ann", "orange"), Seat("Bob", "sky", "easy")], {}, 3)
    start_play(driver.app, match)
    driver.frames(5)
    play, sounds = driver.scene, driver.app.sounds
    assert play.my_turn() and sounds.played.count("turn") == 1, "one chime for one turn"
    driver.key(pygame.K_m)
    assert sounds.muted and driver.app._toast[0].startswith("Sound off")
    driver.key(pygame.K_m)
    assert not sounds.muted and driver.app._toast[0].startswith("Sound on")
    driver.close()


def test_the_end_of_a_game_has_its_sound(tmp_path):
    driver = Driver(tmp_path, None, speed=60)
    match = Match(registry.get("scrimish"), [Seat("Ann", "orange", "easy"), Seat("Bob", "sky", "easy")], {}, 3)
    start_play(driver.app, match)
    for _ in range(20_000):
        if driver.scene.name == "gameover":
            break
        driver.frames(1)
    assert driver.scene.name == "gameover" and driver.app.sounds.played[-1] == "over"
    driver.close()


def test_an_app_closing_stops_its_sounds_before_pygame_quits(tmp_path, monkeypatch):
    """pygame-ce's mixer quit waits for the audio thread while holding the interpreter; a sound ending just then
    waits for the interpreter in turn, and the app hung on closing (a data-mutation run stuck in pygame.quit,
    5 December). Closing stops every sound first, while the interpreter is free."""
    driver = Driver(tmp_path, None)
    app = driver.app
    app.sounds.play("conveyor")
    if not app.sounds.ready():
        pytest.skip("no mixer here, not even the dummy driver's")
    assert pygame.mixer.get_busy(), "no sound was playing: this test would prove nothing"
    busy_at_quit = []
    real_quit = pygame.quit
    monkeypatch.setattr(pygame, "quit", lambda: (busy_at_quit.append(pygame.mixer.get_busy()), real_quit()))
    driver.close()
    assert busy_at_quit == [False]
