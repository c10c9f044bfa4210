import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from parallel import ParallelMlp

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'tensor'))
model = ParallelMlp(d_model=1024, d_ff=2048)
opt = optax.lion(1e-4)

param_shardings = {
    'up': {'dense': {'kernel': NamedSharding(mesh, P(None, 'tensor')),
                     'bias': NamedSharding(mesh, P('tensor'))}},
    'down': {'dense': {'kernel': NamedSharding(mesh, P('tensor', None))},
             'bias': NamedSharding(mesh, P())},
    'norm': {'scale': NamedSharding(mesh, P()), 'bias': NamedSharding(mesh, P())},
}
batch_sharding = NamedSharding(mesh, P('data', None))


def train_step(params, opt_state, x, y):
  def loss_fn(p):
    return jnp.mean((model.apply({'params': p}, x) - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = opt.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


train_step = jax.jit(train_step,
                     in_shardings=(param_shardings, None, batch_sharding, batch_sharding))

if __name__ == '__main__':
  params = {
      'up': {'dense': {'kernel': jax.ShapeDtypeStruct((1024, 2048), jnp.float32),
                       'bias': jax.ShapeDtypeStruct((2048,), jnp.float32)}},
      'down': {'dense': {'kernel': jax.ShapeDtypeStruct((2048, 1024), jnp.float32)},
               'bias': jax.ShapeDtypeStruct((1024,), jnp.float32)},
      'norm': {'scale': jax.ShapeDtypeStruct((1024,), jnp.float32),
               'bias': jax.ShapeDtypeStruct((1024,), jnp.float32)},
  }
  opt_state = jax.eval_shape(opt.init, params)
  x = jax.ShapeDtypeStruct((64, 1024), jnp.float32)
  train_step.trace(params, opt_state, x, x).lower(lowering_platforms=('cuda',))
