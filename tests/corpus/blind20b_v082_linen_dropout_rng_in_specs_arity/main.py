import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from models import Classifier

BATCH, FEATURES = 128, 64
mesh = Mesh(np.array(jax.devices()), ("batch",))


class TrainState(train_state.TrainState):
  key: jax.Array = None


def create_state(seed):
  model = Classifier()
  params = model.init(jax.random.PRNGKey(seed), jnp.ones((1, FEATURES)),
                      deterministic=True)["params"]
  return TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1),
                           key=jax.random.PRNGKey(seed + 1))


def train_step(state, x, y, step):
  rng = jax.random.fold_in(jax.random.fold_in(state.key, step), lax.axis_index("batch"))

  def loss_fn(params):
    logits = state.apply_fn({"params": params}, x, deterministic=False,
                            rngs={"dropout": rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  state = state.apply_gradients(grads=lax.pmean(grads, "batch"))
  return state, lax.pmean(loss, "batch")


p_train_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                     in_specs=(P(), P("batch"), P("batch")),
                                     out_specs=(P(), P())))

state = create_state(0)
x, y = jnp.zeros((BATCH, FEATURES)), jnp.zeros((BATCH,), jnp.int32)
p_train_step.trace(state, x, y, jnp.int32(0)).lower(lowering_platforms=("cuda",))
