"""CLIP-style contrastive training: each device embeds its shard of the batch and
all-gathers the other modality's embeddings to use the global batch as negatives."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from towers import DualEncoder

mesh = Mesh(np.array(jax.devices()), ('batch',))
model = DualEncoder(nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
tx = optax.adamw(1e-4, weight_decay=0.1)
opt_state = tx.init(params)


def clip_loss(params, img, txt):
  zi, zt, scale = nnx.merge(graphdef, params)(img, txt)
  all_zt = jax.lax.all_gather(zt, 'batch', tiled=True)
  all_zi = jax.lax.all_gather(zi, 'batch', tiled=True)
  n = zi.shape[0]
  labels = jax.lax.axis_index('batch') * n + jnp.arange(n)
  li = optax.softmax_cross_entropy_with_integer_labels(scale * zi @ all_zt.T, labels)
  lt = optax.softmax_cross_entropy_with_integer_labels(scale * zt @ all_zi.T, labels)
  return jax.lax.pmean((li.mean() + lt.mean()) / 2, 'batch')


def loss_and_grads(params, img, txt):
  return jax.value_and_grad(clip_loss)(params, img, txt)


loss_and_grads = jax.shard_map(loss_and_grads, mesh=mesh,
                               in_specs=(P(), P('batch'), P('batch')),
                               out_specs=(P(), P()))


@partial(jax.jit, donate_argnums=(0, 1))
def train_step(params, opt_state, img, txt):
  loss, grads = loss_and_grads(params, img, txt)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


img = jnp.ones((32, 48))
txt = jnp.ones((32, 24))
train_step.trace(params, opt_state, img, txt).lower(lowering_platforms=('cuda',))
print('clip step lowered')
