import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from vit import ViT

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
ACT_SHARDING = NamedSharding(mesh, P('data', None, 'model'))


def shard_activations(x):
  return jax.lax.with_sharding_constraint(x, ACT_SHARDING)


model = ViT(num_classes=1000, constrain_tokens=shard_activations,
            constrain_pooled=shard_activations)


class Trainer:
  def __init__(self, model, tx):
    self.model = model
    self.tx = tx

  def abstract_state(self):
    def create():
      params = self.model.init(jax.random.key(0), jnp.zeros((1, 224, 224, 3)))['params']
      return train_state.TrainState.create(apply_fn=self.model.apply, params=params,
                                           tx=self.tx)
    return jax.eval_shape(create)

  def train_step(self, state, batch, rng):
    def loss_fn(params):
      logits = state.apply_fn({'params': params}, batch['image'], train=True,
                              rngs={'dropout': rng})
      return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), {'loss': loss}


if __name__ == '__main__':
  trainer = Trainer(model, optax.adamw(1e-3, weight_decay=1e-4))
  state = trainer.abstract_state()
  data = NamedSharding(mesh, P('data'))
  batch = {'image': jax.ShapeDtypeStruct((64, 224, 224, 3), jnp.float32, sharding=data),
           'label': jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data)}
  step = jax.jit(trainer.train_step, donate_argnums=(0,))
  step.trace(state, batch, jax.random.key(1)).lower(lowering_platforms=('tpu',))
