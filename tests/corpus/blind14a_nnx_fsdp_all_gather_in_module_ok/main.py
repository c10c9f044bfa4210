import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AX = 'fsdp'


class FSDPLinear(nnx.Module):

  def __init__(self, din, dout, *, rngs):
    init = nnx.with_partitioning(nnx.initializers.lecun_normal(), (AX, None))
    self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

  def __call__(self, x):
    w = lax.all_gather(self.kernel[...], AX, axis=0, tiled=True)
    return x @ w


class MLP(nnx.Module):

  def __init__(self, rngs):
    self.a = FSDPLinear(64, 256, rngs=rngs)
    self.b = FSDPLinear(256, 64, rngs=rngs)

  def __call__(self, x):
    return self.b(nnx.gelu(self.a(x)))


mesh = Mesh(np.array(jax.devices()), (AX,))
with jax.set_mesh(mesh):
  model = MLP(nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
param_specs = jax.tree.map(lambda v: v.get_value(), nnx.get_partition_spec(params),
                           is_leaf=lambda v: isinstance(v, nnx.Variable))


def sgd_step(params, x, y, lr=1e-2):
  def loss_fn(params):
    m = nnx.merge(graphdef, params)
    return jnp.mean((m(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.tree.map(lambda g: g / lax.axis_size(AX), grads)
  params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
  return params, lax.pmean(loss, AX)


step = jax.jit(jax.shard_map(sgd_step, mesh=mesh,
                             in_specs=(param_specs, P(AX), P(AX)),
                             out_specs=(param_specs, P())))
x = jnp.ones((16, 64))
step.trace(params, x, x).lower(lowering_platforms=('cuda',))
