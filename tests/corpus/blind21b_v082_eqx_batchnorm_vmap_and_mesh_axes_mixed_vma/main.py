import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class ConvBlock(eqx.Module):
  linear1: eqx.nn.Linear
  norm: eqx.nn.BatchNorm
  linear2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jr.split(key)
    self.linear1 = eqx.nn.Linear(3, 32, key=k1)
    self.norm = eqx.nn.BatchNorm(32, axis_name=("batch", "data"), mode="ema")
    self.linear2 = eqx.nn.Linear(32, 1, key=k2)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm(x, state)
    x = jax.nn.relu(x)
    return self.linear2(x), state


def main():
  mesh = Mesh(np.array(jax.devices()), ("data",))
  model, state = eqx.nn.make_with_state(ConvBlock)(jr.key(0))
  params, static = eqx.partition(model, eqx.is_array)

  def local_loss(params, state, x, y):
    model = eqx.combine(params, static)
    batch_model = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
    pred, state = batch_model(x, state)
    return jax.lax.pmean(jnp.mean((pred - y) ** 2), "data"), state

  def step(params, state, x, y):
    (loss, state), grads = jax.value_and_grad(local_loss, has_aux=True)(params, state, x, y)
    grads = jax.lax.pmean(grads, "data")
    return loss, grads, state

  sharded = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
                          out_specs=(P(), P(), P()))
  x = jnp.ones((16, 3))
  y = jnp.ones((16, 1))
  jax.jit(sharded).trace(params, state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
