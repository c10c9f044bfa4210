import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class ParallelMLP(nn.Module):
    d_ff: int = 128

    @nn.compact
    def __call__(self, x):
        up = nn.Dense(self.d_ff, name="up")
        down = nn.Dense(x.shape[-1], name="down",
                        dot_general=functools.partial(jax.lax.dot_general, out_sharding=P("data", None)))
        return down(nn.gelu(up(x)))


PARAM_SPECS = {
    "params": {
        "up": {"kernel": P(None, "model"), "bias": P("model")},
        "down": {"kernel": P("model", None), "bias": P()},
    }
}

mesh = jax.make_mesh((2, 2), ("data", "model"))
model = ParallelMLP()

with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 32)), P("data", None))
    params = model.init(jax.random.key(0), x)
    params = jax.device_put(params, PARAM_SPECS)

    @jax.jit
    def forward(params, x):
        return model.apply(params, x)

    print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
