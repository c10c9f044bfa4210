import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

ENSEMBLE = 5


class Head(nn.Module):
  num_classes: int

  @nn.compact
  def __call__(self, feats):
    h = nn.relu(nn.Dense(64)(feats))
    logits = nn.Dense(self.num_classes)(h)
    # member disagreement regulariser needs the ensemble mean
    mean_logits = jax.lax.pmean(logits, 'ensemble')
    return logits, mean_logits


class EnsembleClassifier(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x):
    for feats in (32, 64):
      x = nn.relu(nn.Conv(feats, (3, 3), strides=(2, 2))(x))
    feats = x.mean(axis=(1, 2))
    heads = nn.vmap(Head, variable_axes={'params': 0}, split_rngs={'params': True},
                    in_axes=0, out_axes=0, axis_size=ENSEMBLE, axis_name='ensemble')
    return heads(self.num_classes, name='heads')(feats)


model = EnsembleClassifier()


def loss_fn(params, images, labels):
  logits, mean_logits = model.apply({'params': params}, images)
  ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels[None]).mean()
  diversity = -jnp.mean((logits - jax.lax.stop_gradient(mean_logits)) ** 2)
  return ce + 0.01 * diversity


def make_step(tx):
  def step(params, opt_state, images, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss
  return jax.jit(step, donate_argnums=(0, 1))


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
  tx = optax.adam(1e-3)
  params = model.init(jax.random.key(0), jnp.ones((1, 32, 32, 3)))['params']
  opt_state = tx.init(params)
  data = NamedSharding(mesh, P('data'))
  images = jax.device_put(jnp.ones((16, 32, 32, 3)), data)
  labels = jax.device_put(jnp.zeros((16,), jnp.int32), data)
  make_step(tx).trace(params, opt_state, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
