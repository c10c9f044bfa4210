import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ShardingConfig:
  mesh_shape: tuple = (2, 2)
  mesh_axes: tuple = ('data', 'model')
  # copied from a TPU pod config whose batch axis is called 'fsdp'
  activation: tuple = ('fsdp', 'model')


class Block(nnx.Module):
  def __init__(self, cfg: ShardingConfig, depth: int, rngs: nnx.Rngs):
    self.cfg = cfg
    init_fn = nnx.initializers.lecun_normal()
    self.dense = nnx.Linear(depth, depth, use_bias=False,
                            kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
                            rngs=rngs)
    self.out = nnx.Linear(depth, depth, use_bias=False,
                          kernel_init=nnx.with_partitioning(init_fn, ('model', None)),
                          rngs=rngs)

  def __call__(self, x):
    h = jax.nn.relu(self.dense(x))
    h = jax.lax.with_sharding_constraint(h, P(*self.cfg.activation))
    return self.out(h)


cfg = ShardingConfig()
mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes, axis_types=(AxisType.Auto,) * 2)

with jax.set_mesh(mesh):
  model = Block(cfg, 32, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

  @nnx.jit
  def train_step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    optimizer.update(model, grads)
    return loss

  x = jnp.ones((8, 32))
  train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
