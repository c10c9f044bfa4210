import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Regressor(nnx.Module):
  def __init__(self, rngs):
    self.hidden = nnx.Linear(8, 32, rngs=rngs)
    self.out = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.silu(self.hidden(x)))


mesh = Mesh(np.array(jax.devices()), ("data",))


@nnx.jit
def train_step(model, opt, x, y):
  def local(model, opt, x, y):
    def mse(m):
      return ((m(x) - y) ** 2).mean()

    loss, grads = nnx.value_and_grad(mse)(model)
    opt.update(model, lax.pmean(grads, "data"))
    return loss

  return nnx.shard_map(local, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
                       out_specs=P())(model, opt, x, y)


model = Regressor(nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
x, y = jnp.ones((64, 8)), jnp.ones((64, 1))
train_step.trace(model, opt, x, y).lower(lowering_platforms=("cuda",))
