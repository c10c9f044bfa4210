import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('model',))


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.linear2(jax.nn.relu(self.linear1(x)))


def path_ends_with(*suffix):
  return lambda path, value: path[-len(suffix):] == suffix


tp_spec = nnx.StateSharding({
    path_ends_with('linear1', 'kernel'): P(None, 'model'),
    path_ends_with('linear2', 'kernel'): P('model', None),
})


def forward(m, x):
  return m(x)


sharded_forward = nnx.shard_map(forward, mesh=mesh, in_specs=(tp_spec, P()), out_specs=P())


def mse(m, x, y):
  return jnp.mean((sharded_forward(m, x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(mse)(model, x, y)
  optimizer.update(model, grads)
  return loss


model = MLP(16, 128, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
x, y = jnp.ones((8, 16)), jnp.zeros((8, 4))
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
