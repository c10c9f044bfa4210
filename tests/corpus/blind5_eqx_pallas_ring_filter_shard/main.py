import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import RingBlock

devices = jax.devices()
mesh = jax.make_mesh((len(devices),), ("ring",), axis_types=(jax.sharding.AxisType.Auto,))
rows = NamedSharding(mesh, P("ring", None))
replicated = NamedSharding(mesh, P())

block = RingBlock(128, "ring", len(devices), key=jax.random.PRNGKey(0))


@eqx.filter_jit
def forward(block, x):
    block = eqx.filter_shard(block, replicated)
    x = eqx.filter_shard(x, rows)
    return block(x)


params, static = eqx.partition(block, eqx.is_array)
x = jnp.zeros((8 * len(devices), 128), jnp.float32)
lowered = jax.jit(lambda p, x: forward(eqx.combine(p, static), x)).trace(params, x)
print(lowered.lower(lowering_platforms=("tpu",)).as_text()[:100])
