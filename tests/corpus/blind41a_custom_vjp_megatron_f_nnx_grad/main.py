import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from tp_ops import copy_to_tp

TP = 'tp'
mesh = jax.make_mesh((4,), (TP,), axis_types=(AxisType.Auto,))


class ColRowMLP(nnx.Module):
  def __init__(self, d, h_local, rngs):
    self.col = nnx.Linear(d, h_local, rngs=rngs)
    self.row = nnx.Linear(h_local, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    x = copy_to_tp(x, TP)
    return jax.lax.psum(self.row(nnx.gelu(self.col(x))), TP)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P()), out_specs=P())
def grads_of(model, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  grads = nnx.grad(loss_fn)(model)
  return jax.tree.map(lambda g: jax.lax.pmean(g, TP), grads)


model = ColRowMLP(16, 8, nnx.Rngs(0))
x = jnp.ones((4, 16))
grads_of.trace(model, x, x).lower(lowering_platforms=('cuda',))
print('ok')
