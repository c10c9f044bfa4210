from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from kernels import ppermute_right


class RingResidual(eqx.Module):
    linear: eqx.nn.Linear
    axis_name: str = eqx.field(static=True)
    _smap = staticmethod(partial(jax.shard_map, check_vma=True))

    def __call__(self, x, mesh):
        def local(model, xb):
            h = jax.vmap(model.linear)(xb)
            return h + ppermute_right(h, model.axis_name)

        spec = P(self.axis_name)
        return self._smap(local, mesh=mesh, in_specs=(P(), spec), out_specs=spec)(self, x)


mesh = jax.make_mesh((4,), ("ring",), axis_types=(AxisType.Auto,))
block = RingResidual(eqx.nn.Linear(128, 128, key=jax.random.PRNGKey(0)), "ring")
params, static = eqx.partition(block, eqx.is_array)


@jax.jit
def forward(params, x):
    return eqx.combine(params, static)(x, mesh)


x = jnp.ones((32, 128), jnp.float32)
lowered = forward.trace(params, x).lower(lowering_platforms=("tpu",))
print("lowered")
