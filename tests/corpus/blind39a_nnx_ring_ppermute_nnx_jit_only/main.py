import jax
import jax.numpy as jnp
from jax import lax as L
from flax import nnx


class RingAllReduce(nnx.Module):
    """Bidirectional ring sum of a gradient bucket, as in a hand-written reduce."""

    def __init__(self, axis_name: str, size: int):
        self.axis_name = axis_name
        self.size = size

    def rotate(self, x):
        return L.ppermute(x, self.axis_name, [(i, (i + 1) % self.size) for i in range(self.size)])

    def __call__(self, x):
        acc = x
        for _ in range(self.size - 1):
            x = self.rotate(x)
            acc = acc + x
        return acc


class Model(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(16, 16, rngs=rngs)
        self.reduce = RingAllReduce("data", 4)

    def __call__(self, x):
        return self.reduce(self.fc(x))


@nnx.jit
def forward(model, x):
    return model(x)


model = Model(nnx.Rngs(0))
print(forward.trace(model, jnp.ones((4, 16))).lower(lowering_platforms=("cuda",)).as_text()[:80])
