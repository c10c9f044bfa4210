import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers.encoder import EncoderLayer

RULES = [('batch', 'data'), ('length', None), ('embed', None), ('heads', 'model'), ('kv', None),
         ('mlp', 'model')]


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = EncoderLayer()
  x = jax.ShapeDtypeStruct((16, 128, 256), jnp.float32)
  tx = optax.adamw(1e-4)

  with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), x)
    param_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)

    def train_step(variables, opt_state, x):
      def loss_fn(v):
        return jnp.mean(model.apply(v, x) ** 2)

      loss, grads = jax.value_and_grad(loss_fn)(variables)
      updates, opt_state = tx.update(grads, opt_state, variables)
      return optax.apply_updates(variables, updates), opt_state, loss

    opt_state = jax.eval_shape(tx.init, abstract)
    step = jax.jit(train_step, in_shardings=(param_sharding, None, NamedSharding(mesh, P('data'))),
                   out_shardings=(param_sharding, None, None))
    step.trace(abstract, opt_state, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
