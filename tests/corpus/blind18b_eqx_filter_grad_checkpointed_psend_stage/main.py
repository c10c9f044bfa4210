import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AX = 'stages'


class Block(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(16, 16, 32, depth=1, key=key)

  def __call__(self, x):
    return jax.vmap(self.mlp)(x)


@eqx.filter_checkpoint
def stage_and_send(block, h, n):
  y = block(h)
  perm = [(i, i + 1) for i in range(n - 1)]
  tok = lax.psend(y, AX, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), AX, perm)


def loss(block, x, n):
  h = x
  for _ in range(n - 1):
    h = stage_and_send(block, h, n)
  return jnp.sum(block(h) ** 2)


def per_device(params, static, x, n):
  block = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
  grads = eqx.filter_grad(loss)(block, x, n)
  return jax.tree.map(lambda g: lax.expand_dims(g, (0,)), eqx.filter(grads, eqx.is_array))


if __name__ == '__main__':
  n = 4
  mesh = Mesh(np.asarray(jax.devices()), (AX,))
  blocks = eqx.filter_vmap(Block)(jax.random.split(jax.random.key(3), n))
  params, static = eqx.partition(blocks, eqx.is_array)
  body = functools.partial(per_device, static=static, n=n)
  g = jax.jit(jax.shard_map(lambda p, x: body(p, x=x), mesh=mesh, in_specs=(P(AX), P()),
                            out_specs=P(AX), check_vma=False))
  g.trace(params, jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))
