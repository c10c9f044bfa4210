import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh

from mlp import TensorParallelMlp

RULES = [
    ['batch', 'data'],
    ['mlp', 'tensor'],
    ['embed', None],
]


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = TensorParallelMlp(mesh)
  x = jnp.ones((8, 32))
  tx = optax.sgd(0.1)
  with nn.logical_axis_rules(RULES):
    params = model.init(jax.random.key(0), x)
    opt_state = tx.init(params)

    @jax.jit
    def train_step(params, opt_state, x):
      loss, grads = jax.value_and_grad(lambda p: jnp.mean(model.apply(p, x) ** 2))(params)
      updates, opt_state = tx.update(grads, opt_state)
      return optax.apply_updates(params, updates), opt_state, loss

    train_step.trace(params, opt_state, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
