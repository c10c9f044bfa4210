# Per-device dropout keys: fold the device's position along the batch axis into the key, then
# lax.map over micro-batches. Only the batch axis is manual; the model axis stays automatic.
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("batch", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
BATCH = mesh.axis_names[0]
SHARD_AXIS = mesh.axis_names[1]


def dropout_microbatches(key, xs, rate=0.1):
    def one(args):
        i, x = args
        k = jax.random.fold_in(key, jax.lax.axis_index(BATCH) * 1000 + i)
        keep = jax.random.bernoulli(k, 1.0 - rate, x.shape)
        return jnp.where(keep, x / (1.0 - rate), 0.0)

    idx = jnp.arange(xs.shape[0])
    return jax.lax.map(one, (idx, xs))


@jax.jit
def step(key, xs):
    return jax.shard_map(
        dropout_microbatches,
        mesh=mesh,
        in_specs=(P(), P(None, BATCH)),
        out_specs=P(None, BATCH),
        axis_names={BATCH},
    )(key, xs)


key = jax.random.key(0)
xs = jnp.ones((4, 8, 16))  # (micro-batches, batch, features)
print(step.trace(key, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
