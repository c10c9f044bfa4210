from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training.train_state import TrainState
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from data import batch_iterator
from lm import TinyLM

BATCH, SEQ, VOCAB = 32, 128, 512
devices = np.array(jax.devices())
mesh = Mesh(devices, axis_names=("dp",))

model = TinyLM(vocab_size=VOCAB)
params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, SEQ), jnp.int32))["params"]
state = TrainState.create(apply_fn=model.apply, params=params,
                          tx=optax.chain(optax.clip_by_global_norm(1.0), optax.adam(3e-4)))

# per-device batch spec (same as the image pipeline: shard the leading dim)
batch_spec = P("dp", None, None)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), {"tokens": batch_spec}), out_specs=(P(), P()))
def train_step(state, batch):
  inputs, targets = batch["tokens"][:, :-1], batch["tokens"][:, 1:]

  def loss_fn(params):
    logits = state.apply_fn({"params": params}, inputs)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, "dp")
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, "dp")


batch = next(batch_iterator(BATCH, SEQ, VOCAB))
train_step.trace(state, batch).lower(lowering_platforms=("cuda",))
