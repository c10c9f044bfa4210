import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P

init_fn = nnx.initializers.lecun_normal()


class Regressor(nnx.Module):

  def __init__(self, din, dhid, dout, rngs: nnx.Rngs):
    self.body = nnx.Linear(din, dhid, rngs=rngs)
    self.head = nnx.Linear(dhid, dout, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init_fn, (None, 'model')))

  def __call__(self, x):
    return self.head(nnx.relu(self.body(x)))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
with jax.set_mesh(mesh):
  model = Regressor(16, 64, 32, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

model_specs = nnx.StateSharding(nnx.get_partition_spec(nnx.state(model)))
opt_specs = nnx.StateSharding(nnx.get_partition_spec(nnx.state(optimizer)))


@nnx.jit
def train_step(model, optimizer, x, y):

  @nnx.shard_map(mesh=mesh,
                 in_specs=(model_specs, opt_specs, P('data'), P('data', 'model')),
                 out_specs=P())
  def step(model, optimizer, x, y):
    def loss_fn(model):
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, 'data')
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, 'data')

  return step(model, optimizer, x, y)


x = jnp.ones((8, 16))
y = jnp.zeros((8, 32))
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
