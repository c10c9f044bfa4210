import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from cells import ElmanCell


class SequenceModel(nn.Module):
  features: int
  n_classes: int

  @nn.compact
  def __call__(self, xs):
    ScanCell = nn.scan(ElmanCell, variable_broadcast='params', split_rngs={'params': False},
                       in_axes=1, out_axes=1)
    h0 = ElmanCell(self.features, parent=None).initialize_carry(xs.shape[0])
    h_last, _ = ScanCell(self.features, name='rnn')(h0, xs)
    return nn.Dense(self.n_classes)(h_last.astype(jnp.float32))


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  model = SequenceModel(features=128, n_classes=5)
  xs = jax.ShapeDtypeStruct((16, 50, 32), jnp.float32)
  labels = jax.ShapeDtypeStruct((16,), jnp.int32)
  tx = optax.adam(1e-3)

  def train_step(params, opt_state, xs, labels):
    def loss_fn(p):
      logits = model.apply({'params': p}, xs)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss

  params = jax.eval_shape(model.init, jax.random.PRNGKey(0), xs)['params']
  opt_state = jax.eval_shape(tx.init, params)
  data = NamedSharding(mesh, P('batch'))
  jitted = jax.jit(train_step, in_shardings=(None, None, data, data))
  jitted.trace(params, opt_state, xs, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
