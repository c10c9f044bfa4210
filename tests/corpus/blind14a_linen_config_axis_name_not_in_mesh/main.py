import dataclasses
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training.train_state import TrainState
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
  mesh_axes: tuple = ('data',)
  batch_axis: str = 'batch'
  hidden: int = 128
  learning_rate: float = 3e-4


class Classifier(nn.Module):
  hidden: int

  def setup(self):
    self.encoder = nn.Dense(self.hidden)
    self.norm = nn.LayerNorm()
    self.head = nn.Dense(10)

  def __call__(self, x):
    return self.head(nn.gelu(self.norm(self.encoder(x))))


def make_step(config: Config):

  def step(state: TrainState, batch):
    def loss_fn(params):
      logits = state.apply_fn({'params': params}, batch['x'])
      return optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    grads = jax.lax.pmean(grads, config.batch_axis)
    loss = jax.lax.pmean(loss, config.batch_axis)
    return state.apply_gradients(grads=grads), loss

  return step


def main(config: Config):
  mesh = Mesh(np.array(jax.devices()), config.mesh_axes)
  model = Classifier(config.hidden)
  params = model.init(jax.random.key(0), jnp.ones((1, 32)))['params']
  state = TrainState.create(apply_fn=model.apply, params=params,
                            tx=optax.adamw(config.learning_rate))
  data = P(config.mesh_axes[0])
  step = jax.jit(jax.shard_map(make_step(config), mesh=mesh,
                               in_specs=(P(), {'x': data, 'y': data}),
                               out_specs=(P(), P())))
  batch = {'x': jnp.ones((64, 32)), 'y': jnp.zeros((64,), jnp.int32)}
  step.trace(state, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main(Config())
