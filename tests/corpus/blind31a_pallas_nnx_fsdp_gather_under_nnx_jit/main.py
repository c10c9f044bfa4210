import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from kernels.ring_gather import ring_all_gather

MESH_SHAPE = (4,)
MESH_AXES = ("fsdp",)


class FsdpLinear(nnx.Module):
  def __init__(self, din, dout, *, num_shards, rngs):
    self.num_shards = num_shards
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din // num_shards, dout)))

  def __call__(self, x):
    w = ring_all_gather(self.kernel[...], axis_name="fsdp", num_devices=self.num_shards)
    return x @ w.reshape(-1, w.shape[-1])


class Model(nnx.Module):
  def __init__(self, rngs):
    self.up = FsdpLinear(128, 512, num_shards=MESH_SHAPE[0], rngs=rngs)
    self.down = FsdpLinear(512, 128, num_shards=MESH_SHAPE[0], rngs=rngs)

  def __call__(self, x):
    return self.down(jax.nn.relu(self.up(x)))


mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES, axis_types=(AxisType.Auto,))
model = Model(nnx.Rngs(0))


@nnx.jit
def loss_fn(model, x):
  return jnp.mean(model(x) ** 2)


with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P("fsdp")))
  print(loss_fn.trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
