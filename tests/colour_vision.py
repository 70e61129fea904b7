"""How far apart colours look to people with and without colour-vision deficiency: the dichromacies simulated
with Machado, Oliveira and Fernandes' matrices (2009, severity 1), the difference measured with CIEDE2000.
Used by tests/test_settings_palette.py to check that the colour-blind seat palette keeps seats further apart
than the standard one (pure Python: a palette is eight colours)."""
from __future__ import annotations

import itertools
import math

RGB = tuple[int, int, int]

SIMULATIONS = {  # linear-RGB matrices
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(value: float) -> float:
    value /= 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def lab(rgb: RGB, simulation: str = "normal") -> tuple[float, float, float]:
    """Returns the CIELAB (D65) of an sRGB colour as seen under `simulation`."""
    r, g, b = (_linear(v) for v in rgb)
    r, g, b = (min(1.0, max(0.0, m[0] * r + m[1] * g + m[2] * b)) for m in SIMULATIONS[simulation])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """Returns the CIEDE2000 difference of two CIELAB colours."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = (-2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def closest_pair(colours: list[RGB], simulation: str) -> float:
    """Returns the smallest CIEDE2000 difference between two of `colours` as seen under `simulation`."""
    seen = [lab(rgb, simulation) for rgb in colours]
    return min(delta_e(a, b) for a, b in itertools.combinations(seen, 2))


def worst_case(colours: list[RGB]) -> float:
    """Returns the smallest difference between two of `colours` under normal vision or any dichromacy."""
    return min(closest_pair(colours, simulation) for simulation in SIMULATIONS)
