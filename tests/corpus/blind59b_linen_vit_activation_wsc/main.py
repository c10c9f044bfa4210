import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from vit import ViT

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


def constrain_tokens(x):
  return jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P('data', None, 'model')))


def constrain_pooled(x):
  return jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P('data', 'model')))


model = ViT(num_classes=1000, constrain_tokens=constrain_tokens,
            constrain_pooled=constrain_pooled)


def train_step(state, batch, rng):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, batch['image'], train=True,
                            rngs={'dropout': rng})
    onehot = jax.nn.one_hot(batch['label'], 1000)
    return optax.sigmoid_binary_cross_entropy(logits, onehot).sum(-1).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), {'loss': loss}


if __name__ == '__main__':
  tx = optax.chain(optax.clip_by_global_norm(1.0),
                   optax.scale_by_adam(), optax.scale(-1e-3))
  abstract = jax.eval_shape(
      lambda: train_state.TrainState.create(
          apply_fn=model.apply,
          params=model.init(jax.random.key(0), jnp.zeros((1, 224, 224, 3)))['params'],
          tx=tx))
  batch = {
      'image': jax.ShapeDtypeStruct((64, 224, 224, 3), jnp.float32,
                                    sharding=NamedSharding(mesh, P('data'))),
      'label': jax.ShapeDtypeStruct((64,), jnp.int32, sharding=NamedSharding(mesh, P('data'))),
  }
  step = jax.jit(train_step, donate_argnums=(0,))
  step.trace(abstract, batch, jax.random.key(1)).lower(lowering_platforms=('tpu',))
