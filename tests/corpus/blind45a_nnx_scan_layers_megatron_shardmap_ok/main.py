import numpy as np
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import Stack

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))

with nnx.use_eager_sharding(False):
  model = Stack(16, 64, 3, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)

graphdef, params = nnx.split(model, nnx.Param)
param_specs = nnx.get_partition_spec(params)


def sharded_loss(params, x, y):
  model = nnx.merge(graphdef, params)
  loss = jnp.mean((model(x) - y) ** 2)
  return jax.lax.pmean(loss, 'data')


loss_fn = jax.shard_map(sharded_loss, mesh=mesh,
                        in_specs=(param_specs, P('data'), P('data')),
                        out_specs=P())


@nnx.jit
def train_step(model, optimizer, x, y):
  params = nnx.state(model, nnx.Param)
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((8, 16))
y = jnp.zeros((8, 16))
print(jax.jit(lambda m, o, a, b: train_step(m, o, a, b)).trace(model, optimizer, x, y)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
