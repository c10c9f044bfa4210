import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from fsdp import FSDPLinear

# mesh axis was renamed from 'fsdp' to 'data' when data and FSDP sharding were merged
mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


class Net(nnx.Module):
  def __init__(self, *, rngs):
    self.l1 = FSDPLinear(32, 64, rngs=rngs)
    self.l2 = FSDPLinear(64, 8, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


model = Net(rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
specs = jax.tree.map(lambda a: P('data') if a.ndim == 2 else P(), params)
tx = optax.adam(1e-3)


def loss_fn(params, x, y):
  local = jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)
  return jax.lax.pmean(local, 'data')


@jax.jit
def train_step(params, opt_state, x, y):
  grads_fn = jax.shard_map(jax.value_and_grad(loss_fn), mesh=mesh,
                           in_specs=(specs, P('data'), P('data')), out_specs=(P(), specs))
  loss, grads = grads_fn(params, x, y)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


if __name__ == '__main__':
  x, y = jnp.ones((16, 32)), jnp.ones((16, 8))
  train_step.trace(params, tx.init(params), x, y).lower(lowering_platforms=('cuda',))
