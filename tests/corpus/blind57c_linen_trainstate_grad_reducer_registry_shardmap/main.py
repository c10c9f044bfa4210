import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

import reducers

CFG = {"grad_reduce": "mean_fp32", "lr": 3e-4}


class CNN(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Conv(32, (3, 3))(x))
    x = nn.avg_pool(x, (2, 2), (2, 2))
    x = x.reshape((x.shape[0], -1))
    return nn.Dense(10)(x)


def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = reducers.GRAD_REDUCERS[CFG["grad_reduce"]](grads)
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, reducers.DATA)


def main():
  mesh = Mesh(np.array(jax.devices()), (reducers.DATA,))
  model = CNN()
  images = jnp.ones((32, 28, 28, 1))
  labels = jnp.zeros((32,), jnp.int32)
  params = model.init(jax.random.key(0), images[:1])["params"]
  state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(CFG["lr"]))

  step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                               in_specs=(P(), P(reducers.DATA), P(reducers.DATA)),
                               out_specs=(P(), P())))
  step.trace(state, images, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
