"""Sequence-parallel attention block: activations are split along the sequence over 'sp'
and batch over 'dp'; keys/values are all-gathered along 'sp' inside an nnx.remat'd block."""
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'sp'))


class SPAttention(nnx.Module):

  def __init__(self, d, rngs, sp_axis='sp'):
    self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
    self.out = nnx.Linear(d, d, rngs=rngs)
    self.sp_axis = sp_axis

  def __call__(self, x):                       # x: (B, S_local, d)
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    k = jax.lax.all_gather(k, self.sp_axis, axis=1, tiled=True)
    v = jax.lax.all_gather(v, self.sp_axis, axis=1, tiled=True)
    w = jax.nn.softmax(q @ k.transpose(0, 2, 1) / math.sqrt(q.shape[-1]), axis=-1)
    return x + self.out(w @ v)


class Encoder(nnx.Module):

  def __init__(self, d, depth, rngs):
    self.blocks = nnx.List([SPAttention(d, rngs) for _ in range(depth)])

  def __call__(self, x):
    for blk in self.blocks:
      x = nnx.remat(blk.__call__.__func__)(blk, x)
    return x


model = Encoder(32, 2, nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('dp', 'sp')), out_specs=(P(), P()))
def grads_fn(model, x):
  def loss_fn(model):
    return jnp.mean(model(x) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  return jax.lax.pmean(loss, ('dp', 'sp')), jax.lax.pmean(grads, ('dp', 'sp'))


@nnx.jit
def train_step(model, optimizer, x):
  loss, grads = grads_fn(model, x)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((4, 16, 32))
train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
print('lowered')
