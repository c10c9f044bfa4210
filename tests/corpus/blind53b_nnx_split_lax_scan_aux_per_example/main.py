import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import Stack


def loss_fn(model, x, y):
  out, aux = model(x)
  return jnp.mean((out - y) ** 2) + 1e-3 * jnp.mean(aux)


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  optimizer.update(model, grads)
  return loss


mesh = jax.make_mesh((4,), ('data',))
with jax.set_mesh(mesh):
  model = Stack(32, depth=4, rngs=nnx.Rngs(params=0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  rngs = nnx.Rngs(0)
  x = jax.sharding.reshard(rngs.normal((16, 32)), P('data'))
  y = jax.sharding.reshard(rngs.normal((16, 32)), P('data'))
  print(train_step.trace(model, optimizer, x, y)
        .lower(lowering_platforms=('cuda',)).as_text()[:40])
