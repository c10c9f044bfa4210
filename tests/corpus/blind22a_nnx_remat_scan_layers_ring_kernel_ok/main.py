import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from kernels import ring_allreduce as rar

TP = 4
LAYERS = 3


class RowParallel(nnx.Module):

  def __init__(self, d_in, d_out, rngs):
    self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d_in, d_out)))

  def __call__(self, x):
    return rar.ring_all_reduce(x @ self.w[...], axis_name='model', num_devices=TP)


@nnx.split_rngs(splits=LAYERS)
@nnx.vmap(in_axes=0, out_axes=0)
def make_layers(rngs):
  return RowParallel(128, 128, rngs)


@nnx.remat
def layer_fwd(layer, x):
  y = jax.nn.relu(layer(x))
  me = jax.lax.axis_index('model')
  return jax.lax.dynamic_slice_in_dim(y, me * x.shape[1], x.shape[1], axis=1)


@nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
def run_layers(layer, x):
  return layer_fwd(layer, x)


mesh = Mesh(np.array(jax.devices()), ('model',))
graphdef, state = nnx.split(make_layers(nnx.Rngs(0)))


def local(state, x):
  return run_layers(nnx.merge(graphdef, state), x)


fwd = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(None, 'model'), P(None, 'model')),
                            out_specs=P(None, 'model'), check_vma=False))
fwd.trace(state, jnp.ones((8, 128), jnp.float32)).lower(lowering_platforms=('tpu',))
