import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(16, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 4, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


mesh = Mesh(np.array(jax.devices()), ('data',))
model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))


def per_device(state, x, y):
  model, optimizer = nnx.merge(graphdef, state)

  def loss_fn(m):
    return optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return nnx.state((model, optimizer)), lax.pmean(loss, 'data')


STEPS = {
    'dp': jax.jit(jax.shard_map(per_device, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                                out_specs=(P(), P()))),
}
STEPS['dp'].trace(state, jnp.ones((32, 16)), jnp.zeros((32,), jnp.int32)).lower(
    lowering_platforms=('cuda',))
