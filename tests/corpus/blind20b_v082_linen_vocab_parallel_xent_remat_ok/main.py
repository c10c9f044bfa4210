import functools

import jax
import jax.numpy as jnp
import optax
from flax import traverse_util
from flax.training import train_state
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

from losses import vocab_parallel_cross_entropy
from model import LM

VOCAB, WIDTH, BATCH = 1024, 128, 32
mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
tp = mesh.shape["model"]

params = LM(VOCAB, WIDTH).init(jax.random.PRNGKey(0), jnp.ones((1, WIDTH)))["params"]
flat = traverse_util.flatten_dict(params)
specs = traverse_util.unflatten_dict({
    k: (P(None, "model") if k[-1] == "kernel" else P("model")) if k[0] == "head" else P()
    for k in flat})
local_lm = LM(VOCAB // tp, WIDTH)
state = train_state.TrainState.create(apply_fn=local_lm.apply, params=params,
                                      tx=optax.sgd(0.1))
state_specs = state.replace(step=P(), params=specs, opt_state=P())


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(state_specs, P("data"), P("data")),
                   out_specs=(state_specs, P()))
def train_step(state, x, labels):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, x)
    return vocab_parallel_cross_entropy(logits, labels, "model")

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = lax.pmean(grads, "data")
  return state.apply_gradients(grads=grads), lax.pmean(loss, "data")


x = jnp.ones((BATCH, WIDTH))
labels = jnp.zeros((BATCH,), jnp.int32)
jax.jit(train_step).trace(state, x, labels).lower(lowering_platforms=("cuda",))
