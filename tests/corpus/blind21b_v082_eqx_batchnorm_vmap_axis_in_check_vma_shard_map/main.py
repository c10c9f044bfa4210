import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Net(eqx.Module):
  layers: tuple

  def __init__(self, key):
    k1, k2 = jr.split(key)
    self.layers = (
        eqx.nn.Linear(3, 32, key=k1),
        eqx.nn.BatchNorm(32, axis_name="batch", mode="ema"),
        eqx.nn.Lambda(jax.nn.relu),
        eqx.nn.Linear(32, 1, key=k2),
    )

  def __call__(self, x, state):
    for layer in self.layers:
      if isinstance(layer, eqx.nn.StatefulLayer):
        x, state = layer(x, state=state)
      else:
        x = layer(x)
    return x, state


mesh = Mesh(np.array(jax.devices()), ("data",))
model, state = eqx.nn.make_with_state(Net)(jr.key(0))
params, static = eqx.partition(model, eqx.is_array)


def train_forward(params, state, x):
  model = eqx.combine(params, static)
  return jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))(x, state)


train_forward = jax.shard_map(train_forward, mesh=mesh, in_specs=(P(), P(), P("data")),
                              out_specs=(P("data"), P()))
jax.jit(train_forward).trace(params, state, jnp.ones((16, 3))).lower(lowering_platforms=("cuda",))
