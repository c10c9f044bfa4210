from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from norm import Net, RunningStat

mesh = Mesh(np.array(jax.devices()), ("data",))

model = Net(32, 128, 10, bn_axis="batch", rngs=nnx.Rngs(0))
graphdef, params, stats = nnx.split(model, nnx.Param, RunningStat)
tx = optax.sgd(0.1, momentum=0.9)
opt_state = tx.init(params)


@jax.jit
@partial(
    shard_map,
    mesh=mesh,
    in_specs=(P(), P(), P(), P("data"), P("data")),
    out_specs=(P(), P(), P(), P()),
)
def train_step(params, stats, opt_state, x, y):
  model = nnx.merge(graphdef, params, stats)

  def loss_fn(model):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  # nnx.value_and_grad differentiates the Params; RunningStat updates land on `model`
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, "data")
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, nnx.state(model, RunningStat), opt_state, jax.lax.pmean(loss, "data")

x = jnp.ones((128, 32), jnp.float32)
y = jnp.zeros((128,), jnp.int32)
lowered = train_step.trace(params, stats, opt_state, x, y).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:200])
