import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from config import ParallelConfig
from losses import local_grads

cfg = ParallelConfig()
mesh = jax.make_mesh(cfg.mesh_shape, (cfg.data_axis, cfg.model_axis),
                     axis_types=(AxisType.Auto,) * 2)


class CNN(nnx.Module):
  def __init__(self, *, rngs):
    self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
    self.linear = nnx.Linear(8 * 14 * 14, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.conv(x))
    x = nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    return self.linear(x.reshape(x.shape[0], -1))


batch_spec = {'image': P(cfg.data_axis), 'label': P(cfg.data_axis)}
sharded_grads = nnx.shard_map(local_grads, mesh=mesh, in_specs=(P(), batch_spec),
                              out_specs=(P(), P()))


@nnx.jit
def train_step(model, optimizer, batch):
  loss, grads = sharded_grads(model, batch)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  model = CNN(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  batch = {'image': jnp.zeros((8, 28, 28, 1)), 'label': jnp.zeros((8,), jnp.int32)}
  train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
