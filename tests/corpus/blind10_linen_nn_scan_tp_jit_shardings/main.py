import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import Encoder, TP_AXIS


def main():
  mesh = Mesh(np.array(jax.devices()), (TP_AXIS,))
  model = Encoder()
  x = jnp.ones((8, 32))
  tx = optax.adam(1e-3)

  abstract = jax.eval_shape(model.init, jax.random.key(0), x)
  specs = nn.get_partition_spec(abstract)
  shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)

  @jax.jit
  def train_step(params, opt_state, x, y):
    loss, g = jax.value_and_grad(lambda p: jnp.mean((model.apply(p, x) - y) ** 2))(params)
    upd, opt_state = tx.update(g, opt_state)
    return optax.apply_updates(params, upd), opt_state, loss

  params = jax.tree.map(lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s),
                        nn.unbox(abstract), nn.unbox(shardings))
  opt_state = jax.eval_shape(tx.init, params)
  train_step.trace(params, opt_state, x, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
