"""Equinox 'scan over layers' trick with each layer's matmul split over a tensor-parallel axis."""
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
    return eqx.nn.Linear(D, D, use_bias=False, key=key)


layers = make_layers(jr.split(jr.PRNGKey(0), DEPTH))
dynamic, static = eqx.partition(layers, eqx.is_array)


def local_forward(dynamic, x):
    # dynamic.weight: (DEPTH, D, D // n) local; x: (B, D // n) local
    def f(x, dyn):
        layer = eqx.combine(dyn, static)
        y = jax.lax.psum(jax.vmap(layer)(x), "tp")  # full (B, D)
        i = jax.lax.axis_index("tp")
        n = D // jax.lax.axis_size("tp")
        x = jax.lax.dynamic_slice_in_dim(jax.nn.relu(y), i * n, n, axis=1)
        return x, None

    out, _ = jax.lax.scan(f, x, dynamic)
    return out


specs = jax.tree.map(lambda _: P(None, None, "tp"), dynamic)
fwd = jax.jit(jax.shard_map(local_forward, mesh=mesh, in_specs=(specs, P(None, "tp")), out_specs=P(None, "tp")))
x = jnp.ones((4, D))
print(fwd.trace(dynamic, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
