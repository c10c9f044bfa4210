import functools
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax import struct
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P


class Classifier(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = False):
    x = nn.Dense(512)(x)
    x = nn.Dropout(0.2, deterministic=not train)(nn.relu(x))
    x = nn.Dense(256)(x)
    x = nn.Dropout(0.2, deterministic=not train)(nn.relu(x))
    return nn.Dense(self.num_classes)(x)


class TrainState(train_state.TrainState):
  ema_params: Any = None
  ema_decay: float = struct.field(pytree_node=False, default=0.999)
  dropout_rng: jax.Array = None


def train_step(state, x, y):
  dropout_rng, new_rng = jax.random.split(state.dropout_rng)

  def loss_fn(params):
    logits = state.apply_fn({'params': params}, x, train=True, rngs={'dropout': dropout_rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  state = state.apply_gradients(grads=grads)
  ema = jax.tree.map(lambda e, p: state.ema_decay * e + (1 - state.ema_decay) * p,
                     state.ema_params, state.params)
  return state.replace(ema_params=ema, dropout_rng=new_rng), loss


def main():
  mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
  model = Classifier()

  def create(rng):
    params = model.init(rng, jnp.zeros((1, 784)))['params']
    return TrainState.create(apply_fn=model.apply, params=params, ema_params=params,
                             tx=optax.adamw(1e-3), dropout_rng=jax.random.key(1))

  abstract = jax.eval_shape(create, jax.random.key(0))
  repl = NamedSharding(mesh, P())
  state_sh = jax.tree.map(lambda _: repl, abstract)
  data = NamedSharding(mesh, P('batch'))
  step = jax.jit(train_step, in_shardings=(state_sh, data, data),
                 out_shardings=(state_sh, repl), donate_argnums=0)
  x = jax.ShapeDtypeStruct((128, 784), jnp.float32)
  y = jax.ShapeDtypeStruct((128,), jnp.int32)
  step.trace(abstract, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
