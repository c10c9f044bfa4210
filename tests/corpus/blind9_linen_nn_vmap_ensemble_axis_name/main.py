import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


class Head(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x):
    logits = nn.Dense(self.num_classes)(nn.relu(nn.Dense(64)(x)))
    # knowledge sharing between heads: mix each head with the ensemble average
    mean_logits = jax.lax.pmean(logits, axis_name='heads')
    return 0.5 * (logits + jax.lax.stop_gradient(mean_logits))


class MultiHeadModel(nn.Module):
  num_heads: int = 4

  @nn.compact
  def __call__(self, x):
    feats = nn.relu(nn.Dense(128)(x))
    VmapHead = nn.vmap(Head, variable_axes={'params': 0}, split_rngs={'params': True},
                       in_axes=None, out_axes=0, axis_size=self.num_heads,
                       axis_name='head')
    return VmapHead()(feats)


def train_step(state, x, y):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, x)          # [heads, batch, classes]
    labels = jnp.broadcast_to(y, logits.shape[:2])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


if __name__ == '__main__':
  model = MultiHeadModel()
  x = jnp.ones((8, 32))
  params = jax.eval_shape(model.init, jax.random.key(0), x)['params']
  params = jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), params)
  state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
  jax.jit(train_step).trace(state, x, jnp.zeros((8,), jnp.int32)).lower(lowering_platforms=('cuda',))
