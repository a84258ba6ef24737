"""The learned value: a small neural network's win chance for a seat (issue 60).

A multi-layer perceptron (ReLU hidden layers, numpy) reads `net_features.pair_features`
of a seat against its strongest opponent (the highest value, as `LeafModel` does) and
gives the logit g(pair(a, b)) - g(pair(b, a)): the two seats' chances add up to one in a
2-player game. Its weights are fitted by `benchmarks/fit_value_net.py` to whole games'
outcomes and shipped in `levels_data/value_nets.yaml`, one network a game type; the
expert uses one as its leaf where `bots.yaml` names it (`leaf: {base: net}`).

The same interface as `LeafModel` (`chance(world, me, values)`), so the search does not
ask which judgement it has.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from splendor.bots.value.leaf import strongest_opponent
from splendor.bots.value.net_features import FEATURES, pair_features
from splendor.engine import GameState
from splendor.gamedata import DataError, read_yaml
from splendor.resources import levels_data_dir

#: The file of the shipped networks, in `levels_data/`.
NETS_FILE = "value_nets.yaml"


@dataclass(frozen=True, eq=False)
class ValueNet:
    """Input scaling (`mean`, `scale`) and layers (weights, bias), the last of width 1."""

    mean: np.ndarray
    scale: np.ndarray
    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    #: The layers with the input scaling folded into the first (one product less a leaf:
    #: the search judges thousands of leaves a second).
    _folded: tuple[tuple[np.ndarray, np.ndarray], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        (w, b), *rest = self.layers
        first = (w / self.scale[:, None], b - (self.mean / self.scale) @ w)
        object.__setattr__(self, "_folded", (first, *rest))

    def logits(self, x: np.ndarray) -> np.ndarray:
        """g of each row of `x` (rows of `FEATURES`)."""
        h = x
        last = len(self._folded) - 1
        for i, (w, b) in enumerate(self._folded):
            h = h @ w
            h += b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h[:, 0]

    def chance(self, world: GameState, me: int, values: Sequence[float]) -> float:
        """`me`'s judged win chance in `world`, `values` being every seat's value."""
        mine, theirs = pair_features(world, me, strongest_opponent(me, values), values)
        g = self.logits(np.array((mine, theirs), dtype=np.float64))
        z = float(g[0] - g[1])
        if z < -60.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def to_data(self, digits: int = 6, features: Sequence[str] = FEATURES) -> dict[str, Any]:
        """The network as `levels_data/value_nets.yaml` holds it (`digits` significant;
        `features`: the names of its inputs, in order)."""
        def floats(a: np.ndarray) -> Any:
            return [float(f"{v:.{digits}g}") for v in a.tolist()] if a.ndim == 1 else [
                floats(row) for row in a]
        return {
            "features": list(features),
            "mean": floats(self.mean),
            "scale": floats(self.scale),
            "layers": [{"weights": floats(w), "bias": floats(b)} for w, b in self.layers],
        }

    @classmethod
    def from_data(cls, data: Any, where: str, features: Sequence[str] = FEATURES,
                  fitter: str = "fit_value_net.py") -> ValueNet:
        """The network of `data` (`to_data`'s form) over the inputs `features`;
        ValueError naming `where` and the problem when it is not one (`fitter`: the
        script that writes a right one)."""
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected a mapping with features, mean, scale, layers")
        unknown = sorted(set(data) - {"features", "mean", "scale", "layers", "fitted"})
        if unknown:
            raise ValueError(f"{where}: unknown key {unknown[0]!r}")
        if data.get("features") != list(features):
            raise ValueError(f"{where}: features must be, in order: {', '.join(features)} "
                             f"(the code's; refit with benchmarks/{fitter})")
        width = len(features)
        mean = _array(data.get("mean"), (width,), f"{where}: mean")
        scale = _array(data.get("scale"), (width,), f"{where}: scale")
        if (scale <= 0).any():
            raise ValueError(f"{where}: scale: every entry must be above 0")
        raw = data.get("layers")
        if not isinstance(raw, list) or not raw:
            raise ValueError(f"{where}: layers: expected a list of {{weights, bias}}")
        layers = []
        for i, layer in enumerate(raw):
            here = f"{where}: layers[{i}]"
            if not isinstance(layer, dict) or set(layer) != {"weights", "bias"}:
                raise ValueError(f"{here}: expected weights and bias")
            bias = _array(layer["bias"], None, f"{here}: bias")
            if bias.ndim != 1:
                raise ValueError(f"{here}: bias: expected a list of numbers")
            weights = _array(layer["weights"], (width, len(bias)), f"{here}: weights")
            layers.append((weights, bias))
            width = len(bias)
        if width != 1:
            raise ValueError(f"{where}: layers: the last layer must have 1 output, not {width}")
        return cls(mean, scale, tuple(layers))


def _array(raw: Any, shape: tuple[int, ...] | None, where: str) -> np.ndarray:
    try:
        a = np.array(raw, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: expected numbers") from None
    if shape is not None and a.shape != shape:
        raise ValueError(f"{where}: expected shape {shape}, found {a.shape}")
    if not np.isfinite(a).all():
        raise ValueError(f"{where}: every number must be finite")
    return a


def load_nets(path: Path, features: Sequence[str] = FEATURES,
              fitter: str = "fit_value_net.py") -> dict[str, ValueNet]:
    """The networks of `path` by game (`base` or a module's name), over the inputs
    `features`; DataError naming the file, the game and the problem when one is wrong."""
    doc = read_yaml(path)
    if not isinstance(doc, dict):
        raise DataError(f"{path.name}: expected a mapping of games to networks")
    nets = {}
    for game, raw in doc.items():
        try:
            nets[str(game)] = ValueNet.from_data(raw, str(game), features, fitter)
        except ValueError as exc:
            raise DataError(f"{path.name}: {exc}") from None
    return nets


@functools.cache
def shipped_networks(file: str, features: tuple[str, ...] = FEATURES,
                     fitter: str = "fit_value_net.py") -> dict[str, ValueNet]:
    """The networks shipped in `levels_data/<file>` over the inputs `features`, read
    once."""
    return load_nets(levels_data_dir() / file, features, fitter)


def shipped_nets() -> dict[str, ValueNet]:
    """The learned values shipped in `levels_data/value_nets.yaml`, read once."""
    return shipped_networks(NETS_FILE)


def shipped_network(file: str, game: str, features: tuple[str, ...] = FEATURES,
                    fitter: str = "fit_value_net.py", what: str = "network") -> ValueNet:
    """The network of `game` (`base` or a module's name) shipped in `levels_data/<file>`;
    DataError naming the file if there is none (`what`: the kind of network)."""
    nets = shipped_networks(file, features, fitter)
    if game not in nets:
        raise DataError(f"{file}: no {what} for {game!r} (bots.yaml asks for one; "
                        f"fit it with benchmarks/{fitter} --write)")
    return nets[game]


def shipped_net(game: str) -> ValueNet:
    """The shipped learned value of `game` (`base` or a module's name); DataError if none."""
    return shipped_network(NETS_FILE, game)
