import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from moe import EP, SwitchMoE

mesh = jax.make_mesh((4,), (EP,), axis_types=(AxisType.Auto,))
layer = SwitchMoE(d_model=64, d_ff=128, num_experts=8, capacity=16, mesh=mesh, rngs=nnx.Rngs(0))


@nnx.jit
def forward(layer, tokens):
  return layer(tokens)


tokens = jax.ShapeDtypeStruct((256, 64), jnp.float32, sharding=NamedSharding(mesh, P(EP)))
forward.trace(layer, tokens).lower(lowering_platforms=("tpu",))
