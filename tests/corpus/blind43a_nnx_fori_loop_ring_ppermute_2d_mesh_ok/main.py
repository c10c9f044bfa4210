import jax
import jax.numpy as jnp
from flax import nnx
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

from ring import ring_reduce

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'ring'))
layer = nnx.Linear(32, 32, rngs=nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data', 'ring')), out_specs=P('data', 'ring'))
def forward(layer, x):
  return ring_reduce(layer, x, axis_name='ring', axis_size=mesh.shape['ring'])


x = jnp.ones((8, 16, 32))
print(forward.trace(layer, x).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
