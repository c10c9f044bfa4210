"""An Equinox pipeline stage (eqx.Module with psend/precv in __call__); the arrays are split off
with eqx.partition and the stage is rebuilt with eqx.combine inside jax.shard_map; the loss is differentiated with eqx.filter_grad."""
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


def loss(params, x):
    return jnp.mean(eqx.combine(params, static)(x) ** 2)


def grads(params, x):
    return jax.lax.pmean(eqx.filter_grad(loss)(params, x), "pp")


f = jax.jit(jax.shard_map(grads, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P(), check_vma=False))
f.trace(params, jnp.ones((32, 64))).lower(lowering_platforms=("cuda",))
