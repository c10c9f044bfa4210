"""A tiny kernel registry in the style of ejkernel 0.0.80.3 `ejkernel/kernels/_registry.py`
(`@kernel_registry.register(name, Platform, Backend)`, `kernel_registry.get(name, platform=...)`)."""
import enum


class Platform(str, enum.Enum):
    PALLAS = "pallas"
    XLA = "xla"


class Backend(str, enum.Enum):
    TPU = "tpu"
    ANY = "any"


class KernelRegistry:
    def __init__(self):
        self._impls = {}

    def register(self, name, platform, backend):
        def deco(fn):
            self._impls[(name, Platform(platform), Backend(backend))] = fn
            return fn

        return deco

    def get(self, name, platform, backend=Backend.ANY):
        platform, backend = Platform(platform), Backend(backend)
        for key in ((name, platform, backend), (name, platform, Backend.ANY)):
            if key in self._impls:
                return self._impls[key]
        raise ValueError(f"no implementation of {name} for {platform}/{backend}")


kernel_registry = KernelRegistry()
