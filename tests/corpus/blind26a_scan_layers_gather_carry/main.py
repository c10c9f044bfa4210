"""Equinox 'scan over layers' with column-parallel layers: each device computes D // n output
features and the full activation is re-assembled with all_gather for the next layer."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

DEPTH, D = 6, 128
mesh = Mesh(np.array(jax.devices()), ("tp",))


@eqx.filter_vmap
def make_layers(key):
    return eqx.nn.Linear(D, D, key=key)


layers = make_layers(jr.split(jr.PRNGKey(0), DEPTH))
dynamic, static = eqx.partition(layers, eqx.is_array)


def local_forward(dynamic, x):
    # dynamic.weight: (DEPTH, D // n, D) local; x: (B, D) replicated
    def f(x, dyn):
        layer = eqx.combine(dyn, static)
        h = jax.nn.relu(jax.vmap(layer)(x))  # (B, D // n)
        return jax.lax.all_gather(h, "tp", axis=1, tiled=True), None

    out, _ = jax.lax.scan(f, x, dynamic)
    return out


specs = jax.tree.map(lambda _: P(None, "tp"), dynamic)
fwd = jax.jit(jax.shard_map(local_forward, mesh=mesh, in_specs=(specs, P()), out_specs=P()))
x = jnp.ones((4, D))
print(fwd.trace(dynamic, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
