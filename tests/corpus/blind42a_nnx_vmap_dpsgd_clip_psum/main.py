"""DP-SGD: per-example gradients (nnx.vmap over nnx.grad), per-example clipping,
sum over the local batch, psum over data-parallel devices, then Gaussian noise."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

CLIP = 1.0
SIGMA = 0.8
mesh = Mesh(np.array(jax.devices()), ('data',))


class MLP(nnx.Module):

  def __init__(self, rngs):
    self.l1 = nnx.Linear(20, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def per_example_grad(model, x, y):
  def loss_fn(model):
    logits = model(x[None])
    return optax.softmax_cross_entropy_with_integer_labels(logits, y[None]).mean()
  return nnx.grad(loss_fn)(model)


def clip(g):
  norm = optax.global_norm(g)
  return jax.tree.map(lambda t: t * jnp.minimum(1.0, CLIP / (norm + 1e-6)), g)


@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data'), P()), out_specs=P())
def private_grads(model, x, y, key):
  grads = nnx.vmap(per_example_grad, in_axes=(None, 0, 0))(model, x, y)
  grads = jax.vmap(clip)(grads)
  grads = jax.tree.map(lambda t: t.sum(0), grads)
  grads = jax.lax.psum(grads, 'data')
  leaves, treedef = jax.tree.flatten(grads)
  keys = jax.random.split(key, len(leaves))
  noisy = [g + SIGMA * CLIP * jax.random.normal(k, g.shape) for g, k in zip(leaves, keys)]
  return jax.tree.unflatten(treedef, noisy)


model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y, key):
  grads = private_grads(model, x, y, key)
  grads = jax.tree.map(lambda g: g / x.shape[0], grads)
  optimizer.update(model, grads)


x = jnp.ones((32, 20))
y = jnp.zeros((32,), jnp.int32)
train_step.trace(model, optimizer, x, y, jax.random.key(1)).lower(lowering_platforms=('cuda',))
print('dp-sgd step lowered')
