import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import gpipe_forward
from stage import Stage

STAGES, MICRO, MB, WIDTH = 4, 8, 4, 64
mesh = Mesh(np.array(jax.devices()[:STAGES]), ("stage",))
stage = Stage(WIDTH)
keys = jax.random.split(jax.random.PRNGKey(0), STAGES)
params = jax.vmap(lambda k: stage.init(k, jnp.ones((MB, WIDTH)))["params"])(keys)
tx = optax.adam(1e-3)
opt_state = jax.vmap(tx.init)(params)  # one optimizer state per stage


def apply_stage(p, x):
  return stage.apply({"params": p}, x)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P("stage"), P("stage"), P(), P()),
                   out_specs=(P("stage"), P("stage"), P()))
def train_step(params, opt_state, xs, ys):
  def loss_fn(params):
    local = jax.tree.map(lambda a: a[0], params)
    outs = gpipe_forward(apply_stage, local, xs, STAGES, "stage")
    is_last = lax.axis_index("stage") == STAGES - 1
    return lax.psum(jnp.where(is_last, jnp.mean((outs - ys) ** 2), 0.0), "stage")

  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


xs = jnp.ones((MICRO, MB, WIDTH))
train_step.trace(params, opt_state, xs, xs).lower(lowering_platforms=("cuda",))
