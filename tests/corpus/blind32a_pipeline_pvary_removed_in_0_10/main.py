"""Microbatched ring pipeline whose scan carry is marked varying with lax.pvary (JAX 0.7/0.8 docs)."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

STAGES, MICRO, D = 4, 4, 16


class Layer(eqx.Module):
    lin: eqx.nn.Linear
    norm: eqx.nn.LayerNorm

    def __init__(self, key):
        self.lin = eqx.nn.Linear(D, D, key=key)
        self.norm = eqx.nn.LayerNorm(D)

    def __call__(self, x):
        return x + jax.nn.relu(self.lin(self.norm(x)))


layers = eqx.filter_vmap(Layer)(jax.random.split(jax.random.key(7), STAGES))
dyn, st = eqx.partition(layers, eqx.is_array)


def ring(dyn, xs):
    layer = eqx.combine(jax.tree.map(lambda a: a[0], dyn), st)
    idx = lax.axis_index("pp")

    def body(h, x_t):
        h = jnp.where(idx == 0, x_t, h)
        h = jax.vmap(layer)(h)
        return lax.ppermute(h, "pp", [(i, (i + 1) % STAGES) for i in range(STAGES)]), h

    h0 = lax.pvary(jnp.zeros(xs.shape[1:]), ("pp",))
    _, hs = lax.scan(body, h0, xs)
    return hs


mesh = jax.make_mesh((STAGES,), ("pp",), axis_types=(AxisType.Auto,))
f = jax.jit(jax.shard_map(ring, mesh=mesh, in_specs=(P("pp"), P()), out_specs=P("pp")))
xs = jnp.ones((MICRO, 8, D))
print(f.trace(dyn, xs).lower(lowering_platforms=("cuda",)) is not None)
