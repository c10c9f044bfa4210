"""WMT-example-like pmapped steps: per-device dropout rng from axis_index, remat'd encoder blocks."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import jax_utils
from flax import linen as nn
from flax.training import train_state


class EncoderBlock(nn.Module):
  dim: int
  dropout: float

  @nn.compact
  def __call__(self, x, deterministic):
    y = nn.LayerNorm()(x)
    y = nn.MultiHeadDotProductAttention(num_heads=4, dropout_rate=self.dropout,
                                        deterministic=deterministic)(y, y)
    x = x + nn.Dropout(self.dropout)(y, deterministic=deterministic)
    y = nn.Dense(self.dim * 2)(nn.LayerNorm()(x))
    return x + nn.Dense(self.dim)(nn.relu(y))


class Encoder(nn.Module):
  vocab: int = 128
  dim: int = 32
  layers: int = 2
  dropout: float = 0.1

  @nn.compact
  def __call__(self, tokens, train):
    x = nn.Embed(self.vocab, self.dim)(tokens)
    Block = nn.remat(EncoderBlock, static_argnums=(2,))
    for i in range(self.layers):
      x = Block(self.dim, self.dropout, name=f'block_{i}')(x, not train)
    return nn.Dense(self.vocab)(x)


def train_step(state, batch, rng):
  rng = jax.random.fold_in(rng, jax.lax.axis_index('batch'))
  rng = jax.random.fold_in(rng, state.step)

  def loss_fn(params):
    logits = state.apply_fn({'params': params}, batch, train=True, rngs={'dropout': rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'batch')
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'batch')


def eval_step(params, batch, apply_fn):
  logits = apply_fn({'params': params}, batch, train=False)
  correct = (logits.argmax(-1) == batch).sum()
  return jax.lax.psum(correct, 'batch')


model = Encoder()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 16), jnp.int32), train=False)['params']
state = jax_utils.replicate(train_state.TrainState.create(
    apply_fn=model.apply, params=params, tx=optax.adam(1e-3)))
n = jax.local_device_count()
batch = np.ones((n, 4, 16), np.int32)

p_train_step = jax.pmap(train_step, axis_name='batch', in_axes=(0, 0, None))
p_eval_step = jax.pmap(functools.partial(eval_step, apply_fn=model.apply), axis_name='batch')

for name, f, args in [('train', p_train_step, (state, batch, jax.random.PRNGKey(1))),
                      ('eval', p_eval_step, (state.params, batch))]:
  jax.jit(f).trace(*args).lower(lowering_platforms=('cuda',))
  print(name, 'lowered')
