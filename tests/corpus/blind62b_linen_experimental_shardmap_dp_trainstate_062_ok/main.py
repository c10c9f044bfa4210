from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class ResBlock(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.width)(nn.LayerNorm()(x))
    return x + nn.Dense(x.shape[-1])(nn.gelu(h))


class Net(nn.Module):
  width: int = 512
  depth: int = 4
  classes: int = 10

  @nn.compact
  def __call__(self, x):
    Block = nn.remat(ResBlock)
    for _ in range(self.depth):
      x = Block(self.width)(x)
    return nn.Dense(self.classes)(x)


mesh = Mesh(np.array(jax.devices()), ("batch",))
model = Net()
tx = optax.sgd(0.1, momentum=0.9)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
         out_specs=(P(), P()))
def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, "batch")
  loss = jax.lax.pmean(loss, "batch")
  return state.apply_gradients(grads=grads), loss


def main():
  params = jax.eval_shape(model.init, jax.random.PRNGKey(0), jnp.zeros((1, 256)))["params"]
  state = jax.eval_shape(
      lambda p: train_state.TrainState.create(apply_fn=model.apply, params=p, tx=tx), params)
  images = jax.ShapeDtypeStruct((128, 256), jnp.float32,
                                sharding=NamedSharding(mesh, P("batch")))
  labels = jax.ShapeDtypeStruct((128,), jnp.int32, sharding=NamedSharding(mesh, P("batch")))
  train_step.trace(state, images, labels).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
