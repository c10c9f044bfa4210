"""Sequence-parallel MLP: gather the sequence shards, apply, reduce-scatter back."""
import equinox as eqx
import jax
import jax.lax as L
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("sp",))
mlp = eqx.nn.MLP(32, 32, 64, depth=1, key=jax.random.PRNGKey(0))
params, static = eqx.partition(mlp, eqx.is_array)


def seq_parallel_mlp(params, x):
    net = eqx.combine(params, static)
    full = L.all_gather(x, "sp", axis=0, tiled=True)          # (T, D)
    y = jax.vmap(net)(full) / L.axis_size("sp")
    return L.psum_scatter(y, "sp", scatter_dimension=0, tiled=True)


seq_parallel_mlp = jax.shard_map(seq_parallel_mlp, mesh=mesh,
                                 in_specs=(P(), P("sp")), out_specs=P("sp"))


@eqx.filter_jit
def block(params, x):
    return x + seq_parallel_mlp(params, x)


x = jnp.ones((64, 32))
print(jax.jit(block).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
