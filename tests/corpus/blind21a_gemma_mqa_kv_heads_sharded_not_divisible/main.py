import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from attention import HEAD_DIM_SPECS, TP, Attention

# Gemma 2B attention shape: 8 query heads, a single shared kv head (multi-query)
attn = Attention(num_heads=8, num_kv_heads=1, features=64, head_dim=16, rngs=nnx.Rngs(0))
mesh = Mesh(np.array(jax.devices()), (TP,))

graphdef, state = nnx.split(attn)
specs = jax.tree.map(lambda _: P(), state)
for name, spec in HEAD_DIM_SPECS.items():
  specs[name]['w'] = spec


def apply_attention(state, x):
  return nnx.merge(graphdef, state)(x)


forward = jax.jit(jax.shard_map(apply_attention, mesh=mesh, in_specs=(specs, P()), out_specs=P()))
x = jnp.ones((2, 16, 64))
forward.trace(state, x).lower(lowering_platforms=('cuda',))
