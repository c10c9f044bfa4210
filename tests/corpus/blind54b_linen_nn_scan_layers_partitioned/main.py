import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Decoder

RULES = (('batch', 'data'), ('length', None), ('embed', None), ('mlp', 'model'), ('layers', None))


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = Decoder()
  tx = optax.adafactor(1e-3)
  x = jnp.ones((8, 128, 256), jnp.float32)

  with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), x)
    param_specs = nn.get_partition_spec(abstract)
    param_sharding = nn.logical_to_mesh_sharding(param_specs, mesh, RULES)
    x_sharding = NamedSharding(mesh, P('data'))

    def train_step(variables, opt_state, x):
      def loss_fn(params):
        y = model.apply({'params': params}, x)
        return jnp.mean(y ** 2)
      loss, grads = jax.value_and_grad(loss_fn)(variables['params'])
      updates, opt_state = tx.update(grads, opt_state, variables['params'])
      return {'params': optax.apply_updates(variables['params'], updates)}, opt_state, loss

    abstract_opt = jax.eval_shape(tx.init, abstract['params'])
    step = jax.jit(train_step, in_shardings=(param_sharding, None, x_sharding),
                   out_shardings=(param_sharding, None, None))
    step.trace(abstract, abstract_opt, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
