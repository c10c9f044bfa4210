"""Message passing on a chain graph whose nodes are partitioned in contiguous blocks over
devices: the first node of each block needs the last node of the previous block."""
import equinox as eqx
import jax
import jax.numpy as jnp


class ChainConv(eqx.Module):
  lin_self: eqx.nn.Linear
  lin_nbr: eqx.nn.Linear
  axis: str = eqx.field(static=True)
  n_parts: int = eqx.field(static=True)

  def __init__(self, d, axis, n_parts, *, key):
    k1, k2 = jax.random.split(key)
    self.lin_self = eqx.nn.Linear(d, d, key=k1)
    self.lin_nbr = eqx.nn.Linear(d, d, use_bias=False, key=k2)
    self.axis = axis
    self.n_parts = n_parts

  def __call__(self, h):                          # h: (nodes_local, d)
    to_right = [(i, (i + 1) % self.n_parts) for i in range(self.n_parts)]
    boundary = jax.lax.ppermute(h[-1:], self.axis, to_right)
    prev = jnp.concatenate([boundary, h[:-1]], axis=0)
    return jax.nn.relu(jax.vmap(self.lin_self)(h) + jax.vmap(self.lin_nbr)(prev))


class ChainGNN(eqx.Module):
  convs: list
  readout: eqx.nn.Linear

  def __init__(self, d, n_classes, depth, axis, n_parts, *, key):
    keys = jax.random.split(key, depth + 1)
    self.convs = [ChainConv(d, axis, n_parts, key=k) for k in keys[:-1]]
    self.readout = eqx.nn.Linear(d, n_classes, key=keys[-1])

  def __call__(self, h):
    for conv in self.convs:
      h = conv(h)
    return jax.vmap(self.readout)(h)
