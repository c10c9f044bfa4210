import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2,), ('stage',), axis_types=(AxisType.Explicit,), devices=jax.devices()[:2])
PERM = [(0, 1)]


class StagedMLP(nnx.Module):
  def __init__(self, d, rngs):
    self.first = nnx.Linear(d, d, rngs=rngs)
    self.second = nnx.Linear(d, 1, rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.first(x))
    tok = jax.lax.psend(h, 'stage', PERM)
    h = jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', PERM)
    return self.second(h)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P()), out_specs=P())
def train_step(model, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, 'stage')
  nnx.update(model, jax.tree.map(lambda p, g: p - 0.1 * g, nnx.state(model, nnx.Param), grads))
  return jax.lax.pmean(loss, 'stage')


model = StagedMLP(8, nnx.Rngs(0))
x, y = jnp.ones((4, 8)), jnp.zeros((4, 1))
train_step.trace(model, x, y).lower(lowering_platforms=('cuda',))
print('ok')
