import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("pp",), axis_types=(jax.sharding.AxisType.Explicit,))


def next_stage(h):
    perm = [(0, 1), (1, 2), (2, 3)]
    t = jax.lax.psend(h, "pp", perm)
    return jax.lax.precv(t, jax.ShapeDtypeStruct(h.shape, h.dtype), "pp", perm)


class Stage(eqx.Module):
    lin: eqx.nn.Linear

    def __call__(self, x):
        return next_stage(jax.nn.relu(self.lin(x)))


@ft.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp"))
def run_microbatches(stage, xs):
    # one microbatch per row, batched with filter_vmap
    return eqx.filter_vmap(stage)(xs)


stage = Stage(eqx.nn.Linear(16, 16, key=jax.random.key(0)))
xs = jax.device_put(jnp.ones((8, 16)), jax.NamedSharding(mesh, P("pp")))
print(jax.jit(run_microbatches).trace(stage, xs).lower(lowering_platforms=("cuda",)).as_text()[:80])
