import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training.train_state import TrainState
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from app.net import Net

AXIS = "batch"


def run_one(state, batch):
  # `train_step` is looked up when this runs, i.e. after the rebinding below.
  return train_step.trace(state, batch["x"], batch["y"]).lower(lowering_platforms=("cuda",))


def train_step(state, x, y):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = lax.pmean(grads, AXIS)
  return state.apply_gradients(grads=grads), lax.pmean(loss, AXIS)


mesh = Mesh(np.array(jax.devices()), (AXIS,))
train_step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                                   out_specs=(P(), P())))

if __name__ == "__main__":
  net = Net()
  params = net.init(jax.random.key(0), jnp.ones((1, 12)))["params"]
  state = TrainState.create(apply_fn=net.apply, params=params, tx=optax.adam(1e-3))
  run_one(state, {"x": jnp.ones((16, 12)), "y": jnp.zeros((16,), jnp.int32)})
