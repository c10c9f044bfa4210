import jax
from flax import nnx


class Stage(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.fc = nnx.Linear(d, d, rngs=rngs)
        self.ln = nnx.LayerNorm(d, rngs=rngs)

    def __call__(self, x):
        return x + jax.nn.gelu(self.fc(self.ln(x)))


def make_stages(n, d, seed=0):
    @nnx.split_rngs(splits=n)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create(rngs: nnx.Rngs):
        return Stage(d, rngs)

    return create(nnx.Rngs(seed))
