import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('model',))


class Head(eqx.Module):
  proj: eqx.nn.Linear
  out: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.proj = eqx.nn.Linear(32, 128, key=k1)
    self.out = eqx.nn.Linear(128, 10, key=k2)


def head_specs(head):
  specs = jax.tree.map(lambda _: P(), head)
  return eqx.tree_at(lambda h: (h.proj.weight, h.proj.bias, h.out.weight), specs,
                     (P('model', None), P('model'), P(None, 'model')))


@functools.partial(jax.vmap, in_axes=(None, None, 0))
def apply_local(proj, out, x):
  h = jax.nn.relu(proj.weight @ x + proj.bias)  # [128/model]
  return out.weight @ h + out.bias               # partial logits, summed over 'model' by nobody


def logits(head, x):
  return apply_local(head.proj, head.out, x)


if __name__ == '__main__':
  head = Head(jax.random.key(0))
  f = jax.shard_map(logits, mesh=mesh, in_specs=(head_specs(head), P()), out_specs=P())
  jax.jit(f).trace(head, jnp.ones((4, 32))).lower(lowering_platforms=('cuda',))
