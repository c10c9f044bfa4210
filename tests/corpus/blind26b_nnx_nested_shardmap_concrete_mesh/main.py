import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from parallel.mesh import MESH
from parallel.tp import TPMLP


@nnx.jit
@nnx.shard_map(mesh=MESH, in_specs=(P(), P(), P('data')), out_specs=P(),
               axis_names={'data'})
def train_step(model, optimizer, x):
  loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - x) ** 2))(model)
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


model = TPMLP(16, 64, nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
x = jnp.ones((8, 16))
train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
print('ok')
