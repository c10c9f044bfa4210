import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class Block(nnx.Module):
  def __init__(self, d, rngs):
    init = nnx.initializers.lecun_normal()
    # FSDP: every parameter is sharded over 'data' along its first dimension
    self.w_in = nnx.Param(init(rngs.params(), (d, d)), sharding_names=('data', 'model'))
    self.scale = nnx.Param(jnp.ones((d,)), sharding_names=('data',))

  def __call__(self, x):
    h = jnp.einsum('bd,de->be', x, self.w_in[...])
    h = jax.nn.gelu(h) * self.scale[...]
    return x + h


class Tower(nnx.Module):
  def __init__(self, d, depth, rngs):
    self.blocks = nnx.List([Block(d, rngs) for _ in range(depth)])

  def __call__(self, x):
    for b in self.blocks:
      x = b(x)
    return x.mean()


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

tower = Tower(512, 3, nnx.Rngs(0))
opt = nnx.Optimizer(tower, optax.sgd(1e-2), wrt=nnx.Param)


@nnx.jit
def train_step(tower, opt, batch):
  loss, grads = nnx.value_and_grad(lambda t: t(batch))(tower)
  opt.update(tower, grads)
  return loss


batch = jax.device_put(jnp.zeros((64, 512)), P('data', None))
train_step.trace(tower, opt, batch).lower(lowering_platforms=('tpu',))
