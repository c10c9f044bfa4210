"""An eqx.nn.Linear (arrays and static fields only) passed straight to jax.shard_map as an
argument under jax.jit; the batch mean is pmean-ed over "data"."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ("data",))
linear = eqx.nn.Linear(8, 4, key=jr.PRNGKey(0))


@jax.jit
def mean_output(linear, x):
    return jax.shard_map(lambda l, x: jax.lax.pmean(jax.vmap(l)(x).mean(0), "data"), mesh=mesh,
                         in_specs=(P(), P("data")), out_specs=P())(linear, x)


mean_output.trace(linear, jnp.ones((32, 8))).lower(lowering_platforms=("cuda",))
