"""Makes the app's sound effects, ours from scratch: short, soft, synthesized in plain Python (sine tones with
soft attacks and decays, pitch glides, filtered noise from seeded generators) and written as small 16-bit mono
WAV files beside this script. Run `python graphics/assets/sounds/make.py` after changing a sound; the files are
committed. Sounds with pitched variants (a thud, a knock) are written once per pitch as `<name>-<k>.wav`, k = 0
the lowest: graphics/sound.py plays the variant nearest the pitch asked for.
"""
from __future__ import annotations

import array
import math
import random
import wave
from pathlib import Path
from typing import Callable

RATE = 22_050
HERE = Path(__file__).resolve().parent
LOUDEST = 0.35  # of full scale: soft enough for an evening of play
STEADIEST = 0.06  # of full scale: the most a sound's RMS may be, so that long, even sounds are no louder
FADE = 0.01  # seconds: every sound fades out over its last moment, so that none ends in a click
PITCHES = (0.7, 0.84, 1.0, 1.2, 1.44)  # the pitched variants, as factors of the sound's own pitch


def tone(freq: float, seconds: float, attack: float = 0.01, decay: float = 6.0) -> list[float]:
    """Returns a sine tone with a soft attack and an exponential decay (a small bell)."""
    count = int(RATE * seconds)
    return [math.sin(2 * math.pi * freq * n / RATE) * min(1.0, n / (attack * RATE)) * math.exp(-decay * n / RATE)
            for n in range(count)]


def noise(seconds: float, smooth: float, decay: float, seed: int, attack: float = 0.004) -> list[float]:
    """Returns seeded noise, low-passed by `smooth` (0..1, higher is duller), fading out (a card's swish)."""
    rng, out, last = random.Random(seed), [], 0.0
    for n in range(int(RATE * seconds)):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(last * min(1.0, n / (attack * RATE)) * math.exp(-decay * n / RATE))
    return out


def glide(start: float, end: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0,),
          attack: float = 0.005, bend: float = 0.05) -> list[float]:
    """Returns a tone whose pitch slides from `start` to `end` Hz (settling within `bend` seconds), with
    overtones at the given strengths, a soft attack and an exponential decay (a thud, a bark, a pop)."""
    out, phase = [], 0.0
    for n in range(int(RATE * seconds)):
        t = n / RATE
        freq = end + (start - end) * math.exp(-t / bend)
        phase += 2 * math.pi * freq / RATE
        value = sum(level * math.sin(k * phase) for k, level in enumerate(harmonics, 1))
        out.append(value * min(1.0, n / (attack * RATE)) * math.exp(-decay * t))
    return out


def scaled(samples: list[float], level: float) -> list[float]:
    """Returns the samples times `level`."""
    return [value * level for value in samples]


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Returns the parts (start in seconds, samples) added together."""
    length = max(int(start * RATE) + len(samples) for start, samples in parts)
    out = [0.0] * length
    for start, samples in parts:
        offset = int(start * RATE)
        for i, value in enumerate(samples):
            out[offset + i] += value
    return out


def snap(seed: int, seconds: float = 0.035) -> list[float]:
    """Returns a card's edge snapping: a very short, bright burst of noise."""
    return noise(seconds, 0.45, 140.0, seed, attack=0.001)


def swish(seed: int, seconds: float = 0.12, attack: float = 0.02) -> list[float]:
    """Returns a card sliding over cloth: dull noise rising and fading."""
    return noise(seconds, 0.82, 30.0, seed, attack)


def tap(freq: float, seed: int) -> list[float]:
    """Returns a card or a piece put down: a low knock with a little noise."""
    return mix((0.0, glide(freq * 1.6, freq, 0.09, 45.0, (1.0, 0.3))), (0.0, scaled(noise(0.03, 0.7, 120.0, seed), 0.8)))


def bell(freq: float, seconds: float, decay: float, partials=(1.0, 2.76, 5.4), levels=(1.0, 0.4, 0.15)) -> list[float]:
    """Returns a small metal bell: inharmonic partials, the high ones fading first."""
    return mix(*((0.0, scaled(tone(freq * p, seconds, 0.002, decay * (1 + i)), level))
                 for i, (p, level) in enumerate(zip(partials, levels))))


def shuffle() -> list[float]:
    """Returns a riffle: many small card snaps, swelling and fading, then a swish as the deck squares up."""
    rng, parts, t = random.Random(7), [], 0.0
    for k in range(16):
        swell = math.sin(math.pi * (k + 0.5) / 16)
        parts.append((t, scaled(snap(100 + k, 0.02), 0.4 + 0.6 * swell)))
        t += 0.022 + 0.008 * rng.random()
    parts.append((t + 0.02, scaled(swish(8, 0.12), 0.8)))
    return mix(*parts)


def dice() -> list[float]:
    """Returns dice rattling onto the table: a few bright clicks, quicker and softer as they settle."""
    rng, parts, t = random.Random(11), [], 0.0
    for k in range(6):
        click = mix((0.0, tone(1700 + 900 * rng.random(), 0.05, 0.001, 90.0)), (0.0, snap(200 + k, 0.02)))
        parts.append((t, scaled(click, 1.0 / (1 + 0.45 * k))))
        t += 0.09 * (0.55 ** (k * 0.35)) + 0.02 * rng.random()
    return mix(*parts)


def thud(pitch: float) -> list[float]:
    """Returns a piece landing on the park's board: a short, low, falling knock with dull noise."""
    freq = 150.0 * pitch
    body = glide(freq * 1.7, freq, 0.2, 28.0, (1.0, 0.35, 0.1), bend=0.025)
    return mix((0.0, body), (0.0, scaled(noise(0.06, 0.88, 70.0, 21), 1.2)))


def knock(pitch: float) -> list[float]:
    """Returns two pieces (or a piece and a fence) knocking together: a short woody click."""
    freq = 520.0 * pitch
    return mix((0.0, tone(freq, 0.1, 0.001, 48.0)), (0.0, scaled(tone(freq * 2.7, 0.06, 0.001, 80.0), 0.35)),
               (0.0, scaled(noise(0.02, 0.5, 180.0, 31), 0.5)))


def bark() -> list[float]:
    """Returns the dog: two soft, gruff "wuf"s (a falling voiced tone with breath)."""
    def wuf(seed: int, start: float) -> list[float]:
        voice = glide(start, start * 0.62, 0.16, 18.0, (1.0, 0.7, 0.45, 0.25, 0.12), attack=0.012, bend=0.04)
        return mix((0.0, voice), (0.0, scaled(noise(0.12, 0.8, 25.0, seed, 0.01), 0.5)))
    return mix((0.0, wuf(41, 420.0)), (0.19, scaled(wuf(42, 380.0), 0.8)))


def conveyor() -> list[float]:
    """Returns the conveyor belt moving on: a low hum swelling and fading, with a ratchet's ticks."""
    seconds, count = 0.6, int(RATE * 0.6)
    hum = [(math.sin(2 * math.pi * 70 * n / RATE) + 0.4 * math.sin(2 * math.pi * 140 * n / RATE)
            + 0.2 * math.sin(2 * math.pi * 210 * n / RATE)) * math.sin(math.pi * n / count) for n in range(count)]
    ticks = [(0.05 + 0.1 * k, scaled(knock(1.6), 0.35)) for k in range(5)]
    return mix((0.0, scaled(hum, 0.5)), *ticks, (seconds - 0.01, [0.0]))


def tussle() -> list[float]:
    """Returns a tussle's cards turned over together, then a small clang for the winner."""
    return mix((0.0, snap(51)), (0.012, snap(52)), (0.03, snap(53)),
               (0.09, scaled(bell(420.0, 0.6, 7.0, (1.0, 2.69, 4.88), (1.0, 0.5, 0.25)), 0.8)))


def plug() -> list[float]:
    """Returns a part plugged into a core: a firm click, then a bright little ping."""
    return mix((0.0, scaled(knock(1.9), 0.8)), (0.035, tone(1400.0, 0.35, 0.002, 16.0)),
               (0.035, scaled(tone(2100.0, 0.2, 0.002, 24.0), 0.35)))


def coins() -> list[float]:
    """Returns a few coins dropped in a hand: small bells a little apart, each slightly different."""
    rng = random.Random(61)
    return mix(*((t, scaled(bell(1900.0 * (0.92 + 0.16 * rng.random()), 0.3, 16.0), 1.0 - 0.15 * k))
                 for k, t in enumerate((0.0, 0.055, 0.12, 0.17))))


def press() -> list[float]:
    """Returns the cider press turned down: a low creak, then a soft squish of apples."""
    creak = glide(95.0, 62.0, 0.35, 5.0, (1.0, 0.6, 0.4, 0.3, 0.2), attack=0.04, bend=0.15)
    wobble = [value * (0.75 + 0.25 * math.sin(2 * math.pi * 11 * n / RATE)) for n, value in enumerate(creak)]
    return mix((0.0, scaled(wobble, 0.8)), (0.22, scaled(noise(0.25, 0.93, 12.0, 71, 0.03), 1.6)))


def delivery() -> list[float]:
    """Returns a delivery: two knocks of a crate set down, then two pleasant notes."""
    return mix((0.0, tap(160.0, 81)), (0.09, scaled(tap(140.0, 82), 0.8)),
               (0.16, scaled(tone(784.0, 0.45, 0.01, 7.0), 0.6)), (0.26, scaled(tone(1046.5, 0.5, 0.01, 6.0), 0.6)))


def grow() -> list[float]:
    """Returns a tree growing: a soft rising tone with a leafy rustle."""
    rise = glide(380.0, 760.0, 0.6, 4.5, (1.0, 0.25), attack=0.15, bend=0.25)
    return mix((0.0, rise), (0.05, scaled(noise(0.4, 0.55, 8.0, 91, 0.1), 0.35)))


def fruit() -> list[float]:
    """Returns a fruit appearing: a round little pop and a ting."""
    return mix((0.0, glide(950.0, 480.0, 0.16, 26.0, (1.0, 0.2), bend=0.02)),
               (0.05, scaled(tone(1175.0, 0.3, 0.005, 12.0), 0.35)))


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "card": lambda: noise(0.12, 0.82, 38.0, 1),  # a card drawn, played or flipped (the first sound, kept)
    "turn": lambda: mix((0.0, tone(659.3, 0.35)), (0.09, tone(880.0, 0.45))),  # the turn passes to a person
    "over": lambda: mix((0.0, tone(523.3, 0.5, decay=4)), (0.12, tone(659.3, 0.5, decay=4)),
                        (0.24, tone(784.0, 0.8, decay=3))),  # the end of a game
    "draw": lambda: swish(2, 0.1),  # a card drawn
    "play": lambda: mix((0.0, scaled(swish(3, 0.08), 0.7)), (0.06, tap(210.0, 4))),  # a card put down
    "flip": lambda: mix((0.0, snap(5)), (0.045, scaled(snap(6), 0.7))),  # a card turned over
    "shuffle": shuffle,
    "attack": lambda: mix((0.0, noise(0.26, 0.9, 9.0, 12, 0.12)), (0.2, tap(120.0, 13))),  # a pile pushed at another
    "reveal": lambda: mix((0.0, snap(14)), (0.03, scaled(bell(988.0, 0.45, 9.0), 0.7))),  # a card shown
    "dice": dice,
    "bark": bark,
    "conveyor": conveyor,
    "tussle": tussle,
    "plug": plug,
    "coins": coins,
    "press": press,
    "delivery": delivery,
    "grow": grow,
    "fruit": fruit,
    **{f"thud-{k}": (lambda pitch=pitch: thud(pitch)) for k, pitch in enumerate(PITCHES)},
    **{f"knock-{k}": (lambda pitch=pitch: knock(pitch)) for k, pitch in enumerate(PITCHES)},
}


def write(name: str, samples: list[float]) -> Path:
    """Writes samples scaled so the loudest is LOUDEST of full scale (or less, to keep the RMS at most STEADIEST),
    faded out at the end; returns the file."""
    rms = math.sqrt(sum(value * value for value in samples) / len(samples)) or 1.0
    peak = max(max(abs(value) for value in samples) or 1.0, rms * LOUDEST / STEADIEST)
    fade = min(len(samples), int(FADE * RATE))
    ends = [max(0.0, min(1.0, (len(samples) - 1 - n) / fade)) for n in range(len(samples))] if fade else []
    data = array.array("h", (int(value * end / peak * LOUDEST * 32767) for value, end in zip(samples, ends)))
    path = HERE / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())
    return path


def main() -> None:
    """Writes every sound."""
    for name, make in SOUNDS.items():
        print(write(name, make()))


if __name__ == "__main__":
    main()
