import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))


class Classifier(eqx.Module):
  layers: list

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.layers = [eqx.nn.Linear(20, 32, key=k1), jax.nn.relu, eqx.nn.Linear(32, 10, key=k2)]

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x


clf = Classifier(jax.random.key(0))
params, static = eqx.partition(clf, eqx.is_array)


def accuracy(params, x, labels):
  clf = eqx.combine(params, static)
  preds = jnp.argmax(jax.vmap(clf)(x), axis=-1)
  correct = jnp.sum(preds == labels)
  return jax.lax.psum(correct, 'batch')


accuracy = eqx.filter_jit(jax.shard_map(accuracy, mesh=mesh,
                                        in_specs=(P(), P('batch'), P('batch')), out_specs=P()))

x_eval = jnp.ones((10, 20))
labels = jnp.zeros((10,), jnp.int32)
f = jax.jit(accuracy)
print(f.trace(params, x_eval, labels).lower(lowering_platforms=('cuda',)).as_text()[:30])
