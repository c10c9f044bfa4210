from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class Encoder(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(3, 32, (3, 3), strides=(2, 2), rngs=rngs)
    self.conv2 = nnx.Conv(32, 64, (3, 3), strides=(2, 2), rngs=rngs)
    self.proj1 = nnx.Linear(64, 128, rngs=rngs)
    self.proj2 = nnx.Linear(128, 64, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.conv1(x))
    x = nnx.relu(self.conv2(x))
    h = x.mean(axis=(1, 2))
    z = self.proj2(nnx.relu(self.proj1(h)))
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def nt_xent(z1, z2, temperature, axis_name):
  """Local rows against the negatives of every replica."""
  n = z1.shape[0]
  z = jnp.concatenate([z1, z2], axis=0)
  z_all = jax.lax.all_gather(z, axis_name, tiled=True)
  logits = z @ z_all.T / temperature
  idx = jax.lax.axis_index(axis_name)
  offset = idx * 2 * n
  self_mask = jax.nn.one_hot(offset + jnp.arange(2 * n), z_all.shape[0])
  logits = logits - 1e9 * self_mask
  pos = offset + jnp.concatenate([jnp.arange(n, 2 * n), jnp.arange(n)])
  return optax.softmax_cross_entropy_with_integer_labels(logits, pos).mean()


mesh = jax.make_mesh((4,), ('replica',))
model = Encoder(rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
tx = optax.lars(0.3, weight_decay=1e-6)
opt_state = tx.init(params)


def loss_fn(params, view1, view2):
  model = nnx.merge(graphdef, params)
  return nt_xent(model(view1), model(view2), 0.1, 'replica')


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('replica'), P('replica')),
         out_specs=(P(), P()))
def per_replica_grads(params, view1, view2):
  loss, grads = jax.value_and_grad(loss_fn)(params, view1, view2)
  grads = jax.lax.pmean(grads, 'replica')
  return loss, grads


@jax.jit
def train_step(params, opt_state, view1, view2):
  loss, grads = per_replica_grads(params, view1, view2)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


batch = NamedSharding(mesh, P('replica'))
v1 = jax.device_put(jnp.ones((32, 32, 32, 3)), batch)
v2 = jax.device_put(jnp.ones((32, 32, 32, 3)), batch)
train_step.trace(params, opt_state, v1, v2).lower(lowering_platforms=('tpu',))
