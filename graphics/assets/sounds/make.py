"""Makes the app's sound effects, ours from scratch: short, soft, synthesized in plain Python (sine tones with
soft attacks and decays, filtered noise from a seeded generator) and written as small 16-bit mono WAV files
beside this script. Run `python graphics/assets/sounds/make.py` after changing a sound; the files are committed.
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


def tone(freq: float, seconds: float, attack: float = 0.01, decay: float = 6.0) -> list[float]:
    """Returns a sine tone with a soft attack and an exponential decay (a small bell)."""
    count = int(RATE * seconds)
    return [math.sin(2 * math.pi * freq * n / RATE) * min(1.0, n / (attack * RATE)) * math.exp(-decay * n / RATE)
            for n in range(count)]


def noise(seconds: float, smooth: float, decay: float, seed: int) -> list[float]:
    """Returns seeded noise, low-passed by `smooth` (0..1, higher is duller), fading out (a card's swish)."""
    rng, out, last = random.Random(seed), [], 0.0
    for n in range(int(RATE * seconds)):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(last * min(1.0, n / (0.004 * RATE)) * math.exp(-decay * n / RATE))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Returns the parts (start in seconds, samples) added together."""
    length = max(int(start * RATE) + len(samples) for start, samples in parts)
    out = [0.0] * length
    for start, samples in parts:
        offset = int(start * RATE)
        for i, value in enumerate(samples):
            out[offset + i] += value
    return out


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "card": lambda: noise(0.12, 0.82, 38.0, 1),  # a card drawn, played or flipped
    "turn": lambda: mix((0.0, tone(659.3, 0.35)), (0.09, tone(880.0, 0.45))),  # the turn passes to a person
    "over": lambda: mix((0.0, tone(523.3, 0.5, decay=4)), (0.12, tone(659.3, 0.5, decay=4)),
                        (0.24, tone(784.0, 0.8, decay=3))),  # the end of a game
}


def write(name: str, samples: list[float]) -> Path:
    """Writes samples scaled so the loudest is LOUDEST of full scale; returns the file."""
    peak = max(abs(value) for value in samples) or 1.0
    data = array.array("h", (int(value / peak * LOUDEST * 32767) for value in samples))
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
