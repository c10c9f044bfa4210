import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


class ColumnParallel(eqx.Module):
    weight: jax.Array

    def __call__(self, x):
        return x @ self.weight


def sharded_loss(layer, x, y):
    # weight is split over 'model' columns, batch over 'data'
    logits = jax.lax.all_gather(layer(x), "model", axis=1, tiled=True)
    local = jnp.mean((logits - y) ** 2)
    return jax.lax.psum(local, ("data", "model")) / 4


layer = ColumnParallel(weight=jnp.ones((16, 8)))
loss = jax.shard_map(
    sharded_loss,
    mesh=mesh,
    in_specs=(P(None, "model"), P("data"), P("data")),
    out_specs=P(),
)
loss = eqx.filter_jit(loss)
x, y = jnp.ones((8, 16)), jnp.ones((8, 8))
print(jax.jit(loss).trace(layer, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
