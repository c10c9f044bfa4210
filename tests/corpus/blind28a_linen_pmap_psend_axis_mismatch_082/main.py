"""Legacy pmap-based pipeline: every device runs the same Linen stage on its shard and hands its
activation to the next device with psend/precv; the pmap axis was renamed to "data"."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

NDEV = jax.device_count()
PERM = [(i, i + 1) for i in range(NDEV - 1)]


class Stage(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden)(x)
        x = nn.LayerNorm()(x)
        return nn.gelu(x)


def pipeline_hop(params, x):
    y = Stage().apply(params, x)
    token = lax.psend(y, "devices", PERM)
    return lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), "devices", PERM)


model = Stage()
params = model.init(jax.random.key(0), jnp.ones((4, 64)))
rep_params = jax.tree.map(lambda a: jnp.broadcast_to(a, (NDEV,) + a.shape), params)

hop = jax.pmap(pipeline_hop, axis_name="data")
x = jnp.ones((NDEV, 4, 64))
lowered = jax.jit(hop).trace(rep_params, x).lower(lowering_platforms=("cuda",))
print("lowered")
