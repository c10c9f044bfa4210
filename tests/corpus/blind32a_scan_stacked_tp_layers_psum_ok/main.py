"""Scan-over-layers (Equinox's compile-time tip) for a tensor-parallel MLP stack under shard_map."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

DEPTH = 6
DIM = 64
HIDDEN = 256


class MLPBlock(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(DIM, HIDDEN, use_bias=False, key=k1)
        self.down = eqx.nn.Linear(HIDDEN, DIM, use_bias=False, key=k2)

    def __call__(self, x):
        return x + jax.lax.psum(self.down(jax.nn.gelu(self.up(x))), "tp")


blocks = eqx.filter_vmap(MLPBlock)(jax.random.split(jax.random.key(0), DEPTH))
dynamic, static = eqx.partition(blocks, eqx.is_array)

# stacked weights: up.weight [DEPTH, HIDDEN, DIM], down.weight [DEPTH, DIM, HIDDEN]
specs = eqx.tree_at(
    lambda b: (b.up.weight, b.down.weight), dynamic, (P(None, "tp", None), P(None, None, "tp"))
)


def forward(dynamic, x):
    def body(x, layer_params):
        block = eqx.combine(layer_params, static)
        return jax.vmap(block)(x), None

    out, _ = jax.lax.scan(body, x, dynamic)
    return out


mesh = jax.make_mesh((4,), ("tp",), axis_types=(AxisType.Auto,))
fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(specs, P()), out_specs=P()))
x = jnp.ones((16, DIM))
print(fwd.trace(dynamic, x).lower(lowering_platforms=("cuda",)) is not None)
