import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ensemble import DeepEnsemble


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = DeepEnsemble(size=4, hidden=128, num_classes=10)
  x = jax.ShapeDtypeStruct((32, 20), jnp.float32)
  labels = jax.ShapeDtypeStruct((32,), jnp.int32)
  params = jax.eval_shape(model.init, jax.random.key(0), x)
  tx = optax.adam(1e-3)
  opt_state = jax.eval_shape(tx.init, params)

  def step(params, opt_state, x, labels):
    def loss_fn(p):
      logits, disagreement = model.apply(p, x)
      ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return ce - 0.1 * disagreement

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  rep = NamedSharding(mesh, P())
  batch = NamedSharding(mesh, P('data'))
  step = jax.jit(step, in_shardings=(rep, rep, batch, batch), out_shardings=(rep, rep, rep))
  step.trace(params, opt_state, x, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
