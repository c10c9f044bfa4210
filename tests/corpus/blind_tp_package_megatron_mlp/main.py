"""Tensor-parallel MLP block: the layers live in the `model` package, the mesh helper in
`parallel`, and this script ties them together."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import mlp_block
from parallel.mesh import build_mesh

mesh = build_mesh("model")
param_specs = {"up": P(None, "model"), "down": P("model", None)}
block = jax.jit(jax.shard_map(mlp_block, mesh=mesh, in_specs=(param_specs, P()), out_specs=P()))

params = {"up": jax.ShapeDtypeStruct((256, 1024), jnp.bfloat16),
          "down": jax.ShapeDtypeStruct((1024, 256), jnp.bfloat16)}
x = jax.ShapeDtypeStruct((8, 256), jnp.bfloat16)
block.trace(params, x).lower(lowering_platforms=("cuda",))
