"""A kernel registry in ejkernel's shape: implementations register per (name, platform, backend)
and the highest priority one wins."""


class Platform:
    PALLAS = "pallas"
    XLA = "xla"


class Backend:
    TPU = "tpu"
    ANY = "any"


class KernelRegistry:
    def __init__(self):
        self._impls = {}

    def register(self, name, platform, backend, priority=0):
        def deco(fn):
            self._impls.setdefault(name, []).append((priority, platform, backend, fn))
            return fn

        return deco

    def get(self, name, platform, backend=Backend.ANY):
        candidates = [c for c in self._impls.get(name, []) if c[1] == platform and c[2] in (backend, Backend.ANY)]
        if not candidates:
            raise KeyError(f"no {platform}/{backend} implementation of {name}")
        return max(candidates, key=lambda c: c[0])[3]


kernel_registry = KernelRegistry()
