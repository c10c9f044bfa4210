"""An Equinox pipeline stage (eqx.Module with psend/precv in __call__); the arrays are split off
with eqx.partition and the stage is rebuilt with eqx.combine inside jax.shard_map under jax.jit."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ("pp",))


class Stage(eqx.Module):
    linear: eqx.nn.Linear
    perm: tuple = eqx.field(static=True)

    def __call__(self, x):
        h = jax.nn.relu(jax.vmap(self.linear)(x))
        tok = jax.lax.psend(h, "pp", self.perm)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "pp", self.perm)


stage = Stage(eqx.nn.Linear(64, 64, key=jr.key(0)), ((0, 1), (1, 2), (2, 3)))
params, static = eqx.partition(stage, eqx.is_array)


def run(params, x):
    return eqx.combine(params, static)(x)


f = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp")))
f.trace(params, jnp.ones((32, 64))).lower(lowering_platforms=("cuda",))
