import equinox as eqx
import jax
import jax.numpy as jnp


class GatherHead(eqx.Module):
  head: eqx.nn.Linear
  gather: object = eqx.field(static=True)

  def __init__(self, d, gather, key):
    self.head = eqx.nn.Linear(d, d, key=key)
    self.gather = gather

  def __call__(self, x):
    full = self.gather(x)
    return jax.vmap(self.head)(full.reshape(-1, x.shape[-1]))
