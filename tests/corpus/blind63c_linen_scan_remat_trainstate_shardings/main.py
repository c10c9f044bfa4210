from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training.train_state import TrainState
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Stack


def create_state(rng, tokens, model, tx):
  params = model.init(rng, tokens)['params']
  return TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = Stack(n_layers=6, hidden=1024, vocab=4096)
  tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(3e-4))
  tokens = jnp.zeros((8, 129), jnp.int32)

  abstract = jax.eval_shape(partial(create_state, model=model, tx=tx), jax.random.key(0), tokens)
  specs = nn.get_partition_spec(abstract)
  state_sharding = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
  data_sharding = NamedSharding(mesh, P('data'))

  state = jax.jit(create_state, static_argnums=(2, 3), out_shardings=state_sharding)(
      jax.random.key(0), tokens, model, tx)
  step = jax.jit(train_step, in_shardings=(state_sharding, data_sharding),
                 out_shardings=(state_sharding, None), donate_argnums=0)
  step.trace(state, tokens).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
