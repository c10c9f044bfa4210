import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from metrics import compute_metrics, compute_weighted_cross_entropy


class TinySeq2Seq(nn.Module):
  vocab_size: int = 64
  emb_dim: int = 32

  @nn.compact
  def __call__(self, inputs, targets):
    embed = nn.Embed(self.vocab_size, self.emb_dim, name='shared_embedding')
    ctx = nn.Dense(self.emb_dim)(embed(inputs)).mean(axis=1, keepdims=True)
    h = nn.relu(nn.Dense(self.emb_dim)(embed(targets) + ctx))
    return embed.attend(h)


def train_step(state, batch, label_smoothing=0.1):
  inputs, targets = batch['inputs'], batch['targets']
  weights = jnp.where(targets > 0, 1, 0).astype(jnp.float32)

  def loss_fn(params):
    logits = state.apply_fn({'params': params}, inputs, targets)
    loss, weight_sum = compute_weighted_cross_entropy(logits, targets, weights, label_smoothing)
    return loss / weight_sum, logits

  (_, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name='data')
  new_state = state.apply_gradients(grads=grads)
  metrics = compute_metrics(logits, targets, weights)
  return new_state, metrics


mesh = Mesh(np.array(jax.devices()), ('data',))
model = TinySeq2Seq()
batch = {'inputs': jnp.ones((8, 12), jnp.int32), 'targets': jnp.ones((8, 10), jnp.int32)}
params = model.init(jax.random.PRNGKey(0), batch['inputs'], batch['targets'])['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))

p_train_step = jax.jit(shard_map(
    functools.partial(train_step, label_smoothing=0.1), mesh=mesh,
    in_specs=(P(), P('data')), out_specs=(P(), P())))
p_train_step.trace(state, batch).lower(lowering_platforms=('cuda',))
