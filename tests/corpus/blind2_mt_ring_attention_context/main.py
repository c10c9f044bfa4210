import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from attention import AttentionConfig, RingAttentionOp

config = AttentionConfig()
mesh = Mesh(np.array(jax.devices()).reshape(1, 1, 4), ("data", "fsdp", "context"))
attn = RingAttentionOp(config, mesh)

qkv = jax.ShapeDtypeStruct((2, 1024, config.num_heads, config.head_dim), jnp.bfloat16)
jax.jit(attn).trace(qkv, qkv, qkv).lower(lowering_platforms=("cuda",))
