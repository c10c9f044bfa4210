import equinox as eqx
import jax
import jax.experimental.shard_map
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from attention import Encoder

SEQ = "sp"
mesh = Mesh(jax.devices(), (SEQ,))
encoder = Encoder(dim=16, heads=2, depth=2, seq_axis=SEQ, key=jax.random.PRNGKey(1))
params, static = eqx.partition(encoder, eqx.is_array)


def apply(params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


forward = jax.experimental.shard_map.shard_map(
    apply, mesh, in_specs=(P(), P(None, SEQ)), out_specs=P(None, SEQ), check_rep=False
)

x = jax.device_put(jnp.ones((2, 32, 16)), NamedSharding(mesh, P(None, SEQ)))
jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
