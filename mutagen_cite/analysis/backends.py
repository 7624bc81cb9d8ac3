"""Where the heavy maps run: in this process (``local``) or on a Ray cluster (``ray``).

Three stages map one function over many independent items: parsing sentences with spaCy,
embedding texts for ``--min-hardness`` and ``audit``, and judging answers in
``run --rescore``. Each is written as *state + function*: ``make_state()`` builds the costly
object once (a spaCy pipeline, an embedding model, a judge) and ``fn(state, chunk)`` turns
one chunk of items into one result. :meth:`Backend.map` yields the results **in chunk
order**, whatever backend ran them, so the driver merges them in the same order and the
output is byte-identical to the local backend.

The Ray backend keeps a pool of actors, each calling ``make_state()`` once (a spaCy pipeline
is loaded once per actor, not per chunk); at most two chunks per actor are in flight, so
memory on the driver follows the number of actors, not the corpus. ``ray.init()`` connects
to the cluster named by ``RAY_ADDRESS`` when it is set, else starts a local Ray instance
with ``num_cpus`` from ``--jobs``. What is shipped to workers: the pickled ``make_state``
(a package function with its arguments: spaCy model name, tier list, embedding model path,
judge spec) and each chunk's text; the workers must have ``mutagen-cite`` (and the spaCy and
embedding models) installed, see README "Running on a Ray cluster".

Hand-written rather than ``ray.util.ActorPool``: ActorPool.map submits every chunk at once
(the whole corpus's text queued on the driver); this keeps a bounded window, in order.
"""

from __future__ import annotations

import os
from collections import deque
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..errors import MutagenError

BACKENDS = ("local", "ray")


class BackendError(MutagenError):
    pass


class Backend:
    """Runs ``fn(state, chunk)`` for each chunk in this process, with one ``make_state()``."""

    name = "local"

    def map(self, make_state: Callable[[], Any], fn: Callable[[Any, Any], Any], chunks: Iterable[Any],
            *, state: Any = None) -> Iterator[Any]:
        """Results of ``fn(state, chunk)`` in chunk order. ``state`` reuses an object already
        built in this process (the local backend then never calls ``make_state``)."""
        built = state
        for chunk in chunks:
            if built is None:
                built = make_state()
            yield fn(built, chunk)

    @property
    def workers(self) -> int:
        return 1

    def shutdown(self) -> None:
        pass


LOCAL = Backend()
_ACTIVE: list[Backend] = []


def active() -> Backend:
    """The backend a command chose (:func:`use_backend`); the local one otherwise. Stages deep
    in the call tree (the embedder, the rejudging loop) read it here instead of every caller
    passing it down."""
    return _ACTIVE[-1] if _ACTIVE else LOCAL


class use_backend:
    """``with use_backend(engine):`` makes ``engine`` the :func:`active` one, and shuts it down
    (a local Ray instance this process started) on the way out."""

    def __init__(self, backend: Backend):
        self.backend = backend

    def __enter__(self) -> Backend:
        _ACTIVE.append(self.backend)
        return self.backend

    def __exit__(self, *exc) -> None:
        _ACTIVE.remove(self.backend)
        self.backend.shutdown()


def _ray_missing() -> BackendError:
    return BackendError("--backend ray needs the Ray package, which is not installed",
                        hint="pip install 'mutagen-cite[ray]'  (or pip install ray)")


class RayBackend(Backend):
    """An actor pool on Ray: one actor per worker, each building its state once per stage."""

    name = "ray"

    def __init__(self, num_cpus: int | None = None):
        try:
            import ray
        except ImportError:
            raise _ray_missing() from None
        self.ray = ray
        self._pools: dict[bytes, list] = {}
        if not ray.is_initialized():
            address = os.environ.get("RAY_ADDRESS")
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "configure_logging": False}
            if not address:
                kwargs["num_cpus"] = max(1, num_cpus or 2)
            try:
                ray.init(address=address or None, **kwargs)
            except Exception as exc:  # a wrong RAY_ADDRESS, a cluster that refuses us
                raise BackendError(f"cannot start or reach Ray ({type(exc).__name__}: {exc})"[:300],
                                   where=address or "local instance",
                                   hint="check RAY_ADDRESS (unset it to start a local instance)") from None
            self._started = True
        else:
            self._started = False
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self._workers = max(1, min(num_cpus, cpus) if (num_cpus and not os.environ.get("RAY_ADDRESS")) else cpus)

    @property
    def workers(self) -> int:
        return self._workers

    def _actors(self, make_state) -> list:
        """The pool for ``make_state``, started on first use and kept until another stage needs
        a pool or :meth:`shutdown`: a sublinear build parses batch after batch without loading
        spaCy again each time.

        One pool lives at a time. Each actor holds one CPU for its life and a pool has one
        actor per CPU, so a second pool (the embedder's after the parser's, in a build with
        ``--min-hardness embedding``) could never be scheduled while the first one lives: its
        actors waited for CPUs forever (the Ray build hung). The stages run one after the
        other, so the old pool is killed before the new one starts."""
        import pickle

        key = pickle.dumps(make_state)
        if key not in self._pools:
            self._kill_pools()
            ray = self.ray

            @ray.remote(num_cpus=1)
            class _Worker:
                def __init__(self, make):
                    self.state = make()

                def run(self, f, chunk):
                    return f(self.state, chunk)

            make_ref = ray.put(make_state)
            self._pools[key] = [_Worker.remote(make_ref) for _ in range(self.workers)]
        return self._pools[key]

    def map(self, make_state, fn, chunks, *, state=None):
        ray = self.ray
        iterator = iter(chunks)
        first = next(iterator, None)
        if first is None:
            return
        actors = self._actors(make_state)
        fn_ref = ray.put(fn)
        window: deque = deque()
        pending = [first]
        turn = 0
        while True:
            while len(window) < 2 * len(actors):
                chunk = pending.pop() if pending else next(iterator, None)
                if chunk is None:
                    break
                window.append(actors[turn % len(actors)].run.remote(fn_ref, chunk))
                turn += 1
            if not window:
                return
            try:
                result = ray.get(window.popleft())
            except ray.exceptions.RayError as exc:
                cause = getattr(exc, "cause", None)
                if isinstance(cause, MutagenError):
                    raise cause from None
                raise
            yield result

    def _kill_pools(self) -> None:
        for actors in self._pools.values():
            for actor in actors:
                self.ray.kill(actor)
        self._pools.clear()

    def shutdown(self) -> None:
        self._kill_pools()
        if self._started:
            self.ray.shutdown()


def get_backend(name: str | None, jobs: int | None = None) -> Backend:
    """The backend called ``name`` (``local`` or ``ray``); ``jobs`` sizes a local Ray instance."""
    if name in (None, "", "local"):
        return LOCAL
    if name == "ray":
        return RayBackend(jobs)
    raise BackendError(f"unknown backend {name!r}", hint=f"use one of: {', '.join(BACKENDS)}")


def chunked(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]
