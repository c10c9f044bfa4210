from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)


class MLP(nnx.Module):
  def __init__(self, din, dhid, dout, rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(din, dhid, dtype=jnp.bfloat16, param_dtype=jnp.float32,
                         kernel_init=nnx.with_partitioning(init, (None, "model")), rngs=rngs)
    self.down = nnx.Linear(dhid, dout, dtype=jnp.bfloat16, param_dtype=jnp.float32,
                           kernel_init=nnx.with_partitioning(init, ("model", None)), rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))


def loss_fn(model, x, y):
  return jnp.mean((model(x).astype(jnp.float32) - y) ** 2)


with jax.set_mesh(mesh):
  model = MLP(256, 1024, 256, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  graphdef, state = nnx.split((model, optimizer))
  state_sharding = nnx.get_named_sharding(state, mesh)
  state = jax.device_put(state, state_sharding)

data_sharding = NamedSharding(mesh, P("data", None))
replicated = NamedSharding(mesh, P())


@partial(jax.jit,
         in_shardings=(state_sharding, data_sharding, data_sharding),
         out_shardings=(state_sharding, replicated),
         donate_argnums=0)
def train_step(state, x, y):
  model, optimizer = nnx.merge(graphdef, state)
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  optimizer.update(model, grads)
  _, state = nnx.split((model, optimizer))
  return loss, state


x = jax.ShapeDtypeStruct((32, 256), jnp.float32, sharding=data_sharding)
train_step.trace(state, x, x).lower(lowering_platforms=("tpu",))
