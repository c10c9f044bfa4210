from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from layers import Regressor

D_MODEL, D_FF, N_BLOCKS = 128, 512, 2
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@nnx.jit
def create_sharded_model():
  model = Regressor(D_MODEL, D_FF, N_BLOCKS, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


def forward(graphdef, params, x):
  model = nnx.merge(graphdef, params)
  for block in model.blocks:
    partial_out = block.partial_forward(x)
    # reduce the row-parallel matmul across tensor-parallel shards
    x = x + jax.lax.psum(partial_out, 'model')
  return x


def make_train_step(graphdef, param_specs):
  sharded_forward = jax.shard_map(
      partial(forward, graphdef), mesh=mesh,
      in_specs=(param_specs, P('data', None)),
      out_specs=P('data', None))

  @nnx.jit
  def train_step(model, optimizer, x, y):
    def loss_fn(model):
      _, params = nnx.split(model)
      pred = sharded_forward(params, x)
      return jnp.mean((pred - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  return train_step


def main():
  with jax.set_mesh(mesh):
    model = create_sharded_model()
    optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
    graphdef, state = nnx.split(model)
    param_specs = nnx.get_partition_spec(state)
    train_step = make_train_step(graphdef, param_specs)
    batch = NamedSharding(mesh, P('data', None))
    x = jax.ShapeDtypeStruct((32, D_MODEL), jnp.float32, sharding=batch)
    y = jax.ShapeDtypeStruct((32, D_MODEL), jnp.float32, sharding=batch)
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
