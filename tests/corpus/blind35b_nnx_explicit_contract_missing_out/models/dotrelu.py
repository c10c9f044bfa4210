import jax
import jax.numpy as jnp
from flax import nnx


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth, use_bias=False,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)),
                            sharding=("model", None))

    def __call__(self, x):
        y = jax.nn.relu(self.dot1(x))
        z = jnp.dot(y, self.w2[...])
        return z
