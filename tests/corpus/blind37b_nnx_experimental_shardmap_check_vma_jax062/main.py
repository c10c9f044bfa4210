from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P
import optax
from flax import nnx


class Model(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(32, 64, rngs=rngs)
    self.ln = nnx.LayerNorm(64, rngs=rngs)
    self.l2 = nnx.Linear(64, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.gelu(self.ln(self.l1(x))))


mesh = jax.make_mesh((4,), ("data",))
model = Model(nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
tx = optax.sgd(0.1)
opt_state = tx.init(params)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
         out_specs=(P(), P(), P()), check_vma=False)
def train_step(params, opt_state, x, y):
  def loss_fn(params):
    m = nnx.merge(graphdef, params)
    return jnp.mean((m(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, "data")
  updates, opt_state = tx.update(grads, opt_state)
  return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "data")


x = jnp.ones((16, 32))
y = jnp.ones((16, 1))
print(train_step.trace(params, opt_state, x, y).lower(
    lowering_platforms=("cuda",)).as_text()[:40])
