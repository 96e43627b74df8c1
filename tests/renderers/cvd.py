"""Colour-vision-deficiency simulation and colour distance, for the colour-blind safety tests.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE TVCG 15(6), with the published matrices at
severity 1.0 (dichromacy), applied to linear sRGB. Distances are CIE 1976 ΔE*ab in CIELAB
(D65), where ~2.3 is a just noticeable difference and ~10 reads as clearly different.
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

IDENTITY: Final[Matrix] = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
PROTANOPIA: Final[Matrix] = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Final[Matrix] = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
VISIONS: Final[dict[str, Matrix]] = {"normal": IDENTITY, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}


def _to_linear(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(value: float) -> float:
    c = min(1.0, max(0.0, value))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(color: RGB, matrix: Matrix) -> tuple[float, float, float]:
    """``color`` as a viewer with the deficiency of ``matrix`` sees it (sRGB, 0..1 floats)."""
    linear = [_to_linear(channel) for channel in color]
    return tuple(_to_srgb(sum(row[i] * linear[i] for i in range(3))) for row in matrix)  # type: ignore[return-value]


def lab(color: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour given as 0..1 floats."""
    r, g, b = (_to_linear(round(channel * 255)) for channel in color)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def distance(a: RGB, b: RGB, vision: str = "normal") -> float:
    """ΔE*ab between ``a`` and ``b`` as seen with ``vision`` (a key of :data:`VISIONS`)."""
    matrix = VISIONS[vision]
    la, lb = lab(simulate(a, matrix)), lab(simulate(b, matrix))
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5
