"""Stacked residual blocks: build with filter_vmap, run with lax.scan (Equinox 'scan over layers' tip)."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
N_LAYERS, D = 6, 256


class Block(eqx.Module):
    norm: eqx.nn.RMSNorm
    lin: eqx.nn.Linear

    def __init__(self, key):
        self.norm = eqx.nn.RMSNorm(D)
        self.lin = eqx.nn.Linear(D, D, key=key)

    def __call__(self, x):
        return x + self.lin(self.norm(x))


class Stack(eqx.Module):
    blocks: Block

    def __init__(self, key):
        keys = jax.random.split(key, N_LAYERS)
        self.blocks = eqx.filter_vmap(Block)(keys)

    def __call__(self, x):
        dyn, static = eqx.partition(self.blocks, eqx.is_array)

        def f(h, layer_params):
            block = eqx.combine(layer_params, static)
            return jax.vmap(block)(h), None

        h, _ = lax.scan(f, x, dyn)
        return h


if __name__ == "__main__":
    model = Stack(jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)

    @jax.jit
    def forward(params, x):
        x = lax.with_sharding_constraint(x, NamedSharding(mesh, P("data")))
        return eqx.combine(params, static)(x)

    # activations kept in bfloat16 to save memory; weights stay in fp32
    x = jax.ShapeDtypeStruct((32, D), jnp.bfloat16)
    forward.trace(params, x).lower(lowering_platforms=("tpu",))
