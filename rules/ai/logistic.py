"""The logistic function the fitted models share (`evaluate`, `confront`, `fit`).

Clamped at ±30 in logit so that a far-off position can't overflow `math.exp`; the models
never come near that, so the clamp changes no figure."""

from __future__ import annotations

import math
from collections.abc import Mapping


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def chance(weights: Mapping[str, float], features: Mapping[str, float]) -> float:
    """A logistic model's probability: the sigmoid of the weighted features (a feature
    without a weight counts nothing)."""
    return sigmoid(sum(weights.get(k, 0.0) * v for k, v in features.items()))
