"""Tensor-parallel FFN on an Explicit mesh; the row-parallel projection says where its
result goes, as the JAX explicit-sharding guide asks."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class RowParallelLinear(eqx.Module):
    weight: jax.Array
    out_spec: P = eqx.field(static=True)

    def __init__(self, in_features, out_features, out_spec, *, key):
        self.weight = jax.random.normal(key, (in_features, out_features)) / in_features**0.5
        self.out_spec = out_spec

    def __call__(self, x):
        return jnp.einsum("bh,hd->bd", x, self.weight, out_sharding=self.out_spec)


class Block(eqx.Module):
    up: eqx.nn.Linear
    down: RowParallelLinear

    def __init__(self, dim, hidden, *, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(dim, hidden, use_bias=False, key=k1)
        self.down = RowParallelLinear(hidden, dim, P("data", None), key=k2)

    def __call__(self, x):
        h = jax.nn.gelu(jax.vmap(self.up)(x))
        return self.down(h)


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
block = Block(32, 128, key=jax.random.key(1))
params, static = eqx.partition(block, eqx.is_array)

with jax.set_mesh(mesh):
    params = eqx.tree_at(lambda b: b.up.weight, params, jax.device_put(params.up.weight, P("model", None)))
    params = eqx.tree_at(lambda b: b.down.weight, params, jax.device_put(params.down.weight, P("model", None)))
    x = jax.device_put(jnp.ones((8, 32)), P("data", None))

    def fwd(params, x):
        return eqx.combine(params, static)(x)

    lowered = jax.jit(fwd).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
