"""Expert-parallel MoE in NNX: four experts, one per device, expert weights split over
`expert` with nnx.StateSharding, tokens split over the same axis, under nnx.shard_map."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from moe import MoE

mesh = Mesh(jax.devices(), ('expert',))
layer = MoE(32, 64, 4, axis_name='expert', rngs=nnx.Rngs(0))
specs = nnx.StateSharding({nnx.PathContains('w_in'): P('expert'),
                           nnx.PathContains('w_out'): P('expert'), ...: P()})


@nnx.jit
def forward(layer, tokens):
  return nnx.shard_map(lambda l, t: l(t), mesh=mesh, in_specs=(specs, P('expert')),
                       out_specs=P('expert'))(layer, tokens)


forward.trace(layer, jnp.ones((64, 32))).lower(lowering_platforms=("cuda",))
