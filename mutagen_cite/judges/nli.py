"""NLI judge: any sentence-transformers ``CrossEncoder``, label order read from its config.

Models disagree on label order (one ships ``{0: contradiction, 1: entailment, 2: neutral}``,
another puts entailment first), so the entailment column is looked up in ``id2label`` and
never assumed. A one-label model is read as a support score through a sigmoid. Pairs are
deduplicated and handed to ``predict`` in one call, which sorts by length and batches.

Loading (:func:`load_cross_encoder`) takes a hub name or a saved directory. When a hub name is
not in the local Hugging Face cache and ``HF_HUB_OFFLINE`` is set, it fails at once with a
one-line hint instead of spending a minute in retries. The sha256 of the weights file is
recorded so a run says exactly which model judged it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..errors import ConfigError, ModelNotFound
from .base import ScoreJudge

#: What users get by name when they ask for ``--judge nli`` on a machine with a hub.
DEFAULT_NLI_MODEL = "cross-encoder/nli-deberta-v3-small"

_ENTAIL_NAMES = {"entailment", "entails", "entailed", "entail", "supported", "support", "supports"}
_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


@dataclass(frozen=True)
class LoadedModel:
    """A loaded cross-encoder and where it came from."""

    model: Any  # sentence_transformers.CrossEncoder
    name: str
    path: Path | None
    weights_sha256: str | None


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() not in ("", "0", "false", "no")


def _weights_sha256(folder: Path) -> str | None:
    from ..audit.embeddings import sha256_file

    for fname in _WEIGHT_FILES:
        if (folder / fname).is_file():
            return sha256_file(folder / fname)
    return None


def _cached_snapshot(name: str, cache_folder: str | None) -> Path | None:
    try:
        from huggingface_hub import snapshot_download
    except ImportError:  # pragma: no cover - a sentence-transformers dependency
        return None
    try:
        path = Path(snapshot_download(name, local_files_only=True, cache_dir=cache_folder))
    except Exception:  # not cached, or not a valid repo id
        return None
    return path if (path / "config.json").is_file() else None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return (text.splitlines()[0] if text else type(exc).__name__)[:160]


def _looks_like_path(name: str) -> bool:
    return name.startswith((".", "/", "~")) or "\\" in name or name.count("/") > 1


def load_cross_encoder(
    name_or_path: str | None = None, *, device: str = "cpu", cache_folder: str | None = None
) -> LoadedModel:
    """Load a CrossEncoder from a directory, the local HF cache, or (online) the hub."""
    name = name_or_path or DEFAULT_NLI_MODEL
    candidate = Path(name).expanduser()
    if candidate.is_dir():
        if not (candidate / "config.json").is_file():
            raise ModelNotFound(
                "not a saved model folder (no config.json)",
                where=str(candidate),
                hint="pass a folder written by CrossEncoder.save() or save_pretrained()",
            )
        path: Path | None = candidate
    elif _looks_like_path(name):
        raise ModelNotFound(
            "NLI model folder does not exist",
            where=name,
            hint="check the --nli-model path, or pass a hub name such as " + DEFAULT_NLI_MODEL,
        )
    else:
        path = _cached_snapshot(name, cache_folder)
        if path is None and _offline():
            raise ModelNotFound(
                f"NLI model {name!r} is not in the local Hugging Face cache and HF_HUB_OFFLINE is set",
                hint="pass --nli-model DIR (a saved cross-encoder), unset HF_HUB_OFFLINE to download it, "
                "or use --judge slots / --judge lexical",
            )
    from sentence_transformers import CrossEncoder
    from transformers.utils import logging as hf_logging

    bars = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()  # a per-tensor "Loading weights" bar is noise in a run's output
    try:
        model = CrossEncoder(str(path) if path else name, device=device, cache_folder=cache_folder)
    except OSError as exc:
        raise ModelNotFound(
            f"cannot load NLI model {name!r} ({_first_line(exc)})",
            hint="check the name, or pass --nli-model DIR with a saved cross-encoder",
        ) from None
    except Exception as exc:  # noqa: BLE001 - damaged weights/config raise library-specific errors
        raise ModelNotFound(
            f"cannot load NLI model {name!r}: its files look damaged ({type(exc).__name__}: {_first_line(exc)})",
            where=str(path) if path else None,
            hint="save the model again (CrossEncoder.save), or pass another nli:DIR / --judge slots",
        ) from None
    finally:
        if bars:
            hf_logging.enable_progress_bar()
    if path is None:  # downloaded just now: find the files it landed in
        path = _cached_snapshot(name, cache_folder)
    return LoadedModel(
        model=model, name=name, path=path, weights_sha256=_weights_sha256(path) if path else None
    )


def entailment_index(id2label: dict) -> int | None:
    """Index of the entailment label in a config's ``id2label``; None when no label says so."""
    for idx, label in sorted((int(k), str(v)) for k, v in id2label.items()):
        norm = label.strip().lower().replace("-", "_").replace(" ", "_")
        if norm in _ENTAIL_NAMES:
            return idx
    return None


def _model_config(model: Any) -> Any:
    config = getattr(getattr(model, "model", None), "config", None)
    if config is None:
        config = getattr(model, "config", None)
    return config


class NLIJudge(ScoreJudge):
    """Probability of entailment from a cross-encoder, batched.

    ``model`` is a loaded CrossEncoder (built once, passed in). ``entailment_label`` overrides
    the config lookup for models whose labels are just ``LABEL_0..``.
    """

    def __init__(
        self,
        model: Any,
        *,
        name: str = "nli",
        batch_size: int = 32,
        threshold: float = 0.5,
        entailment_label: str | int | None = None,
        weights_sha256: str | None = None,
    ):
        self.model = model
        self.name = name
        self.batch_size = batch_size
        self.threshold = threshold
        self.weights_sha256 = weights_sha256
        self.fingerprint = f"nli.v1:{weights_sha256 or name}"
        config = _model_config(model)
        self.num_labels = int(getattr(model, "num_labels", None) or getattr(config, "num_labels", 1))
        id2label = dict(getattr(config, "id2label", None) or {})
        self.labels = {int(k): str(v) for k, v in id2label.items()}
        self.entail = self._entail_column(entailment_label)

    def _entail_column(self, override: str | int | None) -> int | None:
        if self.num_labels == 1:
            return None
        if override is not None:
            if isinstance(override, int) or str(override).isdigit():
                idx = int(override)
                if 0 <= idx < self.num_labels:
                    return idx
            for idx, label in self.labels.items():
                if label.lower() == str(override).lower():
                    return idx
            raise ConfigError(
                f"entailment label {override!r} is not one of the model's labels {self.labels}",
                hint="pass the label name or index the model uses for entailment",
            )
        idx = entailment_index(self.labels)
        if idx is None:
            raise ConfigError(
                f"cannot tell which output of {self.name} means entailment (id2label: {self.labels})",
                hint="set the model's id2label, or pass entailment_label (name or index)",
            )
        return idx

    @property
    def label_order(self) -> list[str]:
        return [self.labels.get(i, str(i)) for i in range(self.num_labels)]

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        if not pairs:
            return []
        unique = list(dict.fromkeys((str(p), str(h)) for p, h in pairs))
        import torch

        logits = self.model.predict(
            [list(p) for p in unique],
            batch_size=self.batch_size,
            activation_fn=torch.nn.Identity(),
            show_progress_bar=False,
            convert_to_numpy=True,
        )
        probs = self._probabilities(np.asarray(logits, dtype=np.float64))
        table = dict(zip(unique, probs))
        return [float(table[(str(p), str(h))]) for p, h in pairs]

    def _probabilities(self, logits: np.ndarray) -> np.ndarray:
        if self.num_labels == 1 or logits.ndim == 1:
            return 1.0 / (1.0 + np.exp(-logits.reshape(-1)))
        shifted = logits - logits.max(axis=1, keepdims=True)
        exp = np.exp(shifted)
        return (exp / exp.sum(axis=1, keepdims=True))[:, self.entail]

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        return f"P(entailment)={score:.2f} vs threshold {self.threshold:.2f}"


def load_nli_judge(
    name_or_path: str | None = None,
    *,
    device: str = "cpu",
    batch_size: int = 32,
    threshold: float = 0.5,
    entailment_label: str | int | None = None,
    cache_folder: str | None = None,
) -> NLIJudge:
    """Load a cross-encoder and wrap it as a judge named ``nli:<name or folder name>``."""
    loaded = load_cross_encoder(name_or_path, device=device, cache_folder=cache_folder)
    label = loaded.path.name if loaded.path is not None and Path(loaded.name).is_dir() else loaded.name
    return NLIJudge(
        loaded.model,
        name=f"nli:{label}",
        batch_size=batch_size,
        threshold=threshold,
        entailment_label=entailment_label,
        weights_sha256=loaded.weights_sha256,
    )
