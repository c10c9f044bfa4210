import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from moe import MoE

mesh = Mesh(np.array(jax.devices()), ('expert',))
with jax.set_mesh(mesh):
  layer = MoE(32, n_experts=8, capacity=4, rngs=nnx.Rngs(0))

specs = nnx.StateSharding({
    nnx.PathContains('w_in'): P('expert'),
    nnx.PathContains('w_out'): P('expert'),
    ...: P(),
})


@nnx.jit
def moe_forward(layer, x):
  return nnx.shard_map(lambda m, t: m(t), mesh=mesh,
                       in_specs=(specs, P('expert')), out_specs=P('expert'))(layer, x)


x = jnp.ones((64, 32))
moe_forward.trace(layer, x).lower(lowering_platforms=('cuda',))
