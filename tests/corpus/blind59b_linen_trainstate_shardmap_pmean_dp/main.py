from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P


class MLP(nn.Module):
  hidden: int = 512
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = x.reshape((x.shape[0], -1))
    x = nn.Dense(self.hidden)(x)
    x = nn.gelu(x)
    x = nn.Dropout(rate=0.1, deterministic=not train)(x)
    x = nn.Dense(self.hidden)(x)
    x = nn.gelu(x)
    return nn.Dense(self.num_classes)(x)


mesh = jax.make_mesh((4,), ('batch',))


def make_state(rng):
  model = MLP()
  variables = model.init({'params': rng}, jnp.ones((1, 28, 28, 1)), train=False)
  tx = optax.adamw(learning_rate=3e-4, weight_decay=1e-4)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx)


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P('batch'), P('batch'), P()),
         out_specs=(P(), P()))
def train_step(state, images, labels, dropout_rng):
  dropout_rng = jax.random.fold_in(dropout_rng, jax.lax.axis_index('batch'))

  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images, train=True,
                            rngs={'dropout': dropout_rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, axis_name='batch')
  loss = jax.lax.pmean(loss, axis_name='batch')
  return state.apply_gradients(grads=grads), loss


if __name__ == '__main__':
  state = jax.eval_shape(make_state, jax.random.PRNGKey(0))
  data = NamedSharding(mesh, P('batch'))
  images = jax.ShapeDtypeStruct((64, 28, 28, 1), jnp.float32, sharding=data)
  labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data)
  rng = jax.ShapeDtypeStruct((2,), jnp.uint32)
  step = jax.jit(train_step, donate_argnums=0)
  step.trace(state, images, labels, rng).lower(lowering_platforms=('tpu',))
