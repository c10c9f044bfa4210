import functools

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import PartitionSpec as P

from models import Classifier

BATCH, FEATURES = 128, 64
mesh = jax.make_mesh((4,), ("batch",))
model = Classifier()
params = model.init({"params": jax.random.PRNGKey(0)}, jnp.ones((1, FEATURES)),
                    deterministic=True)["params"]
state = train_state.TrainState.create(apply_fn=model.apply, params=params,
                                      tx=optax.adamw(1e-3))


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P(), P("batch"), P("batch")),
                   out_specs=(P(), P()))
def train_step(state, rng, x, y):
  rng = jax.random.fold_in(rng, lax.axis_index("batch"))

  def loss_fn(params):
    logits = state.apply_fn({"params": params}, x, deterministic=False,
                            rngs={"dropout": rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  state = state.apply_gradients(grads=lax.pmean(grads, "batch"))
  return state, loss


train_step = jax.jit(train_step)
rng = jax.random.PRNGKey(1)
x, y = jnp.zeros((BATCH, FEATURES)), jnp.zeros((BATCH,), jnp.int32)
train_step.trace(state, rng, x, y).lower(lowering_platforms=("cuda",))
