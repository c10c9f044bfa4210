import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from model import MLP

device_mesh = mesh_utils.create_device_mesh((2, 2))
mesh = Mesh(devices=device_mesh, axis_names=("data", "model"))


def mesh_sharding(pspec: PartitionSpec) -> NamedSharding:
  return NamedSharding(mesh, pspec)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"],
                                       tx=optimizer)


def train_step(state, x):
  def loss_unrolled(params):
    y = state.apply_fn({"params": params}, x)
    return y.sum()

  grad_fn = jax.grad(loss_unrolled)
  grads = grad_fn(state.params)
  return state.apply_gradients(grads=grads)


def main():
  model = MLP(num_layers=4, depth=1024, mesh=mesh)
  optimizer = optax.adam(learning_rate=0.001)
  x_sharding = mesh_sharding(PartitionSpec("data", None))
  x = jax.ShapeDtypeStruct((8, 1024), jnp.float32, sharding=x_sharding)
  k = jax.random.key(0)

  abstract_variables = jax.eval_shape(
      functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  state_sharding = nn.get_sharding(abstract_variables, mesh)

  jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                        in_shardings=(mesh_sharding(PartitionSpec()), x_sharding),
                        out_shardings=state_sharding)
  jit_init_fn.trace(k, x, model, optimizer).lower(lowering_platforms=("tpu",))

  jit_train_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                           out_shardings=state_sharding)
  lowered = jit_train_step.trace(abstract_variables, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
