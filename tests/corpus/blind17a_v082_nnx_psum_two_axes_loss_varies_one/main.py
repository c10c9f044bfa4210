import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
AXES = ("data", "model")


class Head(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(16, 1, rngs=rngs)

  def __call__(self, x):
    return self.lin(x)


def loss(model, x, y):
  err = jnp.sum((model(x) - y) ** 2)
  return lax.psum(err, AXES) / (x.shape[0] * 2)


@nnx.jit
def eval_loss(model, x, y):
  f = nnx.shard_map(loss, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
  return f(model, x, y)


eval_loss.trace(Head(nnx.Rngs(0)), jnp.ones((8, 16)), jnp.ones((8, 1))).lower(
    lowering_platforms=("cuda",))
