import jax
import jax.numpy as jnp
from flax import nnx


class ShardedMLP(nnx.Module):
    """Megatron-style MLP: column-parallel up projection, row-parallel down projection."""

    def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
        init = nnx.initializers.lecun_normal()
        self.w_up = nnx.Param(init(rngs.params(), (d_model, d_ff)), sharding=(None, "model"))
        self.w_down = nnx.Param(init(rngs.params(), (d_ff, d_model)), sharding=("model", None))

    def __call__(self, x):
        h = jax.nn.gelu(jnp.dot(x, self.w_up[...]))
        return jnp.dot(h, self.w_down[...])
