"""Draw the README's stepper animations: lesson 03's z = w*x + b, stepped backward.

    PYTHONPATH=. python scripts/readme_stepper_gif.py

writes docs/figures/stepper_03.gif (English) and stepper_03.zh.gif (Chinese).
"""

from __future__ import annotations

from pathlib import Path

import minigrad as torch
from minigrad.widgets import BackwardStepper

FIGURES = Path(__file__).resolve().parents[1] / "docs" / "figures"


def main() -> None:
    for lang, name in (("en", "stepper_03.gif"), ("zh", "stepper_03.zh.gif")):
        with torch.language(lang):
            torch.manual_seed(0)  # the same values as the lesson
            x = torch.Tensor([2])
            w = torch.randn(1, requires_grad=True)
            b = torch.randn(1, requires_grad=True)
            z = w * x + b
            stepper = BackwardStepper(z, names={x: "x", w: "w", b: "b", z: "z"})
            print(stepper.save(FIGURES / name, interval=1800))


if __name__ == "__main__":
    main()
