import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

try:
    from jax import shard_map
except ImportError:
    from jax.experimental.shard_map import shard_map

from collectives import gather_weights, mean_over

mesh = jax.make_mesh((4,), ("fsdp",))


def step(w_shard, x):
    w = gather_weights(w_shard, "fsdp")
    loss = jnp.mean((x @ w) ** 2)
    return mean_over(loss, "fsdp")


step = shard_map(step, mesh=mesh, in_specs=(P("fsdp", None), P("fsdp", None)), out_specs=P())
step = jax.jit(step)

w = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("fsdp", None)))
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("fsdp", None)))
print(step.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
