"""Expert-parallel MoE in NNX: four experts, expert weights and tokens placed over `expert`
with jax.device_put, the layer called under nnx.jit (no shard_map)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from moe import MoE

mesh = Mesh(jax.devices(), ('expert',))
layer = MoE(32, 64, 4, axis_name='expert', rngs=nnx.Rngs(0))
experts = NamedSharding(mesh, P('expert'))
layer.w_in.value = jax.device_put(layer.w_in[...], experts)
layer.w_out.value = jax.device_put(layer.w_out[...], experts)


@nnx.jit
def forward(layer, tokens):
  return layer(tokens)


forward.trace(layer, jax.device_put(jnp.ones((64, 32)), experts)).lower(lowering_platforms=("cuda",))
