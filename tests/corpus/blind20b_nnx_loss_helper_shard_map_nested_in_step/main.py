import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from losses import make_sharded_xent
from model import MLP

mesh = Mesh(np.array(jax.devices()), ("data",))
xent = make_sharded_xent(mesh)
model = MLP(64, 256, 10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=P())
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(lambda m: xent(m(x), y))(model)
  grads = jax.lax.pmean(grads, "data")
  optimizer.update(model, grads)
  return loss


x, y = jnp.zeros((128, 64)), jnp.zeros((128,), jnp.int32)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
