from .registry import Backend, kernel_registry


class Executor:
    """Dispatches an op to the registered implementation for its platform."""

    def __init__(self, platform, backend=Backend.TPU):
        self.platform = platform
        self.backend = backend

    def __call__(self, name, *args, **kwargs):
        return kernel_registry.get(name, self.platform, self.backend)(*args, **kwargs)
