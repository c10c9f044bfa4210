import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

SEQ_AXIS = 'sp'


class SeqParallelAttention(nnx.Module):

  def __init__(self, d, heads, *, rngs):
    self.heads = heads
    self.qkv = nnx.Linear(d, 3 * d, use_bias=False, rngs=rngs)
    self.o = nnx.Linear(d, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    b, s, d = x.shape
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    k = lax.all_gather(k, SEQ_AXIS, axis=1, tiled=True)
    v = lax.all_gather(v, SEQ_AXIS, axis=1, tiled=True)
    split = lambda t: t.reshape(b, t.shape[1], self.heads, d // self.heads)
    attn = jnp.einsum('bqhd,bkhd->bhqk', split(q), split(k)) / np.sqrt(d // self.heads)
    out = jnp.einsum('bhqk,bkhd->bqhd', jax.nn.softmax(attn, -1), split(v))
    return x + self.o(out.reshape(b, s, d))


class Block(nnx.Module):

  def __init__(self, d, *, rngs):
    self.attn = SeqParallelAttention(d, 4, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.mlp = nnx.Linear(d, d, rngs=rngs)

  @nnx.remat
  def __call__(self, x):
    x = self.attn(self.norm(x))
    return x + self.mlp(nnx.gelu(x))


class Model(nnx.Module):

  def __init__(self, d, *, rngs):
    self.blocks = nnx.List([Block(d, rngs=rngs) for _ in range(2)])

  def __call__(self, x):
    for blk in self.blocks:
      x = blk(x)
    return x


mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))


@nnx.jit
def grad_step(model, x):
  @functools.partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(None, SEQ_AXIS)),
                     out_specs=(P(), P()))
  def per_device(model, x):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    return lax.pmean(loss, SEQ_AXIS), lax.pmean(grads, SEQ_AXIS)

  return per_device(model, x)


def main():
  model = Model(32, rngs=nnx.Rngs(0))
  x = jnp.ones((2, 16, 32))
  grad_step.trace(model, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
