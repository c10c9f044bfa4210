import equinox as eqx
import jax
import jax.numpy as jnp

from ops.collective import right_shift


class RingBlock(eqx.Module):
    norm: eqx.nn.LayerNorm
    proj: eqx.nn.Linear
    axis_name: str = eqx.field(static=True)
    num_devices: int = eqx.field(static=True)

    def __init__(self, dim, axis_name, num_devices, *, key):
        self.norm = eqx.nn.LayerNorm(dim)
        self.proj = eqx.nn.Linear(dim, dim, key=key)
        self.axis_name = axis_name
        self.num_devices = num_devices

    def __call__(self, x):
        h = jax.vmap(self.proj)(jax.vmap(self.norm)(x))
        return h + right_shift(h, axis_name=self.axis_name, num_devices=self.num_devices)
