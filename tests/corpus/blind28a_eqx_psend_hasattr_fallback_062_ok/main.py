"""Stage-to-stage shift that uses psend/precv where the installed JAX has them and falls back
to ppermute otherwise (JAX 0.6.2 here)."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N = len(jax.devices())
FWD = [(i, i + 1) for i in range(N - 1)]

if hasattr(lax, "psend"):
    def to_next_stage(x):
        tok = lax.psend(x, "stage", FWD)
        return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", FWD)
else:
    def to_next_stage(x):
        return lax.ppermute(x, "stage", FWD)


class Stage(eqx.Module):
    lin: eqx.nn.Linear

    def __call__(self, x):
        return jax.nn.tanh(jax.vmap(self.lin)(x))


stage = Stage(eqx.nn.Linear(16, 16, key=jax.random.key(1)))
params, static = eqx.partition(stage, eqx.is_array)
mesh = Mesh(jax.devices(), ("stage",))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("stage")),
                   out_specs=P("stage"), check_vma=False)
def step(params, x):
    s = eqx.combine(params, static)
    return to_next_stage(s(x))


x = jnp.ones((4 * 8, 16))
lowered = step.trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
