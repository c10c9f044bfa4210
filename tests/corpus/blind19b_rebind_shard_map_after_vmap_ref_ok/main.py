import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("batch",))


def layer_norm_stats(x):
    # mean / var over the whole batch, across devices
    mu = lax.pmean(x.mean(0), "batch")
    var = lax.pmean(((x - mu) ** 2).mean(0), "batch")
    return (x - mu) * lax.rsqrt(var + 1e-5)


# reference: the same body under vmap, whose axis_name binds 'batch'
ref = jax.jit(jax.vmap(layer_norm_stats, axis_name="batch"))
xs = jnp.ones((4, 8, 16))
ref.trace(xs).lower(lowering_platforms=("cuda",))

layer_norm_stats = jax.shard_map(layer_norm_stats, mesh=mesh, in_specs=P("batch"), out_specs=P("batch"))
x = jnp.ones((32, 16))
jax.jit(layer_norm_stats).trace(x).lower(lowering_platforms=("cuda",))
