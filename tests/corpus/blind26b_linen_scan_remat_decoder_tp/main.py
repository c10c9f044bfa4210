import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from decoder.layers import Decoder

mesh = jax.make_mesh((4,), ('tensor',), axis_types=(AxisType.Explicit,))
model = Decoder(num_layers=3, mlp_local=32)


specs = {
    'layers': {
        'pre_norm': {'scale': P()},
        'wi': {'kernel': P(None, None, 'tensor')},
        'wo': {'kernel': P(None, 'tensor', None)},
    },
    'final_norm': {'scale': P()},
}
x = jnp.ones((8, 24))


@jax.jit
def train_step(params, x):
  @jax.shard_map(in_specs=(specs, P()), out_specs=(specs, P()))
  def step(params, x):
    def loss_fn(p):
      return jnp.mean(model.apply({'params': p}, x) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads), loss
  return step(params, x)


with jax.set_mesh(mesh):
  init = jax.jit(jax.shard_map(lambda k: model.init(k, x)['params'],
                               in_specs=P(), out_specs=specs))
  params = init(jax.random.key(0))
  train_step.trace(params, x).lower(lowering_platforms=('cuda',))
print('lowered decoder')
