import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from halo import ShiftMixer

mesh = Mesh(jax.devices(), ('x',))
layer = ShiftMixer(128, axis_name='x', num_devices=mesh.shape['x'], rngs=nnx.Rngs(0))
graphdef, params = nnx.split(layer)


def apply(params, x):
  return nnx.merge(graphdef, params)(x)


sharded_apply = jax.jit(jax.shard_map(apply, mesh=mesh, in_specs=(P(), P('x')),
                                      out_specs=P('x'), check_vma=False))
x = jnp.ones((8 * 4, 128), jnp.float32)
sharded_apply.trace(params, x).lower(lowering_platforms=('tpu',))
