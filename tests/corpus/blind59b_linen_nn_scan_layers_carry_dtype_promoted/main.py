import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P


class MlpLayer(nn.Module):
  d_model: int
  d_ff: int
  dropout: float = 0.1

  @nn.compact
  def __call__(self, x, deterministic):
    h = nn.LayerNorm(dtype=x.dtype)(x)
    h = nn.Dense(self.d_ff)(h)
    h = nn.gelu(h)
    h = nn.Dropout(self.dropout)(h, deterministic=deterministic)
    h = nn.Dense(self.d_model)(h)
    return x + h, None


class Encoder(nn.Module):
  num_layers: int = 6
  d_model: int = 512
  d_ff: int = 2048

  @nn.compact
  def __call__(self, tokens, deterministic=False):
    x = nn.Embed(8192, self.d_model)(tokens).astype(jnp.bfloat16)
    ScanLayer = nn.scan(MlpLayer, variable_axes={'params': 0},
                        split_rngs={'params': True, 'dropout': True},
                        in_axes=nn.broadcast, length=self.num_layers)
    x, _ = ScanLayer(self.d_model, self.d_ff, name='layers')(x, deterministic)
    x = nn.LayerNorm()(x)
    return nn.Dense(2)(x.mean(axis=1))


def train_step(state, tokens, labels, dropout_rng):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, tokens, rngs={'dropout': dropout_rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


if __name__ == '__main__':
  model = Encoder()
  tokens = jnp.zeros((16, 128), jnp.int32)
  variables = jax.eval_shape(functools.partial(model.init, deterministic=True),
                             jax.random.PRNGKey(0), tokens)
  state = train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                        tx=optax.adamw(1e-4))
  mesh = jax.make_mesh((4,), ('data',))
  data = NamedSharding(mesh, P('data'))
  step = jax.jit(train_step, in_shardings=(NamedSharding(mesh, P()), data, data, None))
  step.trace(state, tokens, jnp.zeros((16,), jnp.int32),
             jax.random.PRNGKey(1)).lower(lowering_platforms=('tpu',))
