import equinox as eqx
import jax
import jax.numpy as jnp

import kernels as K


class RingShift(eqx.Module):
    linear: eqx.nn.Linear
    n_devices: int = eqx.field(static=True)

    def __init__(self, d, n_devices, *, key):
        self.linear = eqx.nn.Linear(d, d, key=key)
        self.n_devices = n_devices

    def __call__(self, x):
        h = jax.vmap(self.linear)(x)
        return K.right_permute(h, axis="x", n=self.n_devices)


model = RingShift(128, 4, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


@eqx.filter_jit
def apply(params, x):
    return eqx.combine(params, static)(x)


x = jnp.ones((8, 128))
print(jax.jit(apply).trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
