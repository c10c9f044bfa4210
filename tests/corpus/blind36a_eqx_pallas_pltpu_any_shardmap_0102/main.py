import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import kernels as K

mesh = jax.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))


class RingShift(eqx.Module):
    linear: eqx.nn.Linear
    n_devices: int = eqx.field(static=True)

    def __init__(self, d, n_devices, *, key):
        self.linear = eqx.nn.Linear(d, d, key=key)
        self.n_devices = n_devices

    def __call__(self, x):
        h = jax.vmap(self.linear)(x)
        shift = jax.shard_map(lambda a: K.right_permute(a, axis="x", n=self.n_devices),
                              mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)
        return shift(h)


model = RingShift(128, 4, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


@eqx.filter_jit
def apply(params, x):
    return eqx.combine(params, static)(x)


x = jnp.ones((32, 128))
print(jax.jit(apply).trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
