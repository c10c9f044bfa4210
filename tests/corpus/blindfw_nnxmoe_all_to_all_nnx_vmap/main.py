"""Expert-parallel MoE in NNX simulated on one host: four token groups mapped with
nnx.vmap(axis_name='expert') over a leading group axis (the layer's all_to_all runs over that
vmap axis), under nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx

from moe import MoE

layer = MoE(32, 64, 4, axis_name='expert', rngs=nnx.Rngs(0))


@nnx.jit
def forward(layer, groups):
  return nnx.vmap(lambda l, t: l(t), in_axes=(None, 0), axis_name='expert')(layer, groups)


forward.trace(layer, jnp.ones((4, 16, 32))).lower(lowering_platforms=("cuda",))
