"""Base class for sharded layers: the collective runs over the layer's `axis` property."""
import jax


class ShardedLayer:
    default_axis = "model"

    def __init__(self, config=None):
        self.config = config or {}

    @property
    def axis(self):
        return self.config.get("axis", self.default_axis)

    def reduce(self, x):
        return jax.lax.psum(x, self.axis)

    def forward(self, w, x):
        raise NotImplementedError

    def __call__(self, w, x):
        return self.reduce(self.forward(w, x))
