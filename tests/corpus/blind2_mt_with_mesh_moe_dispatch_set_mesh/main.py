"""The MoE layer built and lowered inside a `with jax.set_mesh(mesh):` block; the layer's
shard_map takes its mesh from that context."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from moe import MoeConfig, RoutedMoe

config = MoeConfig()
devices = np.array(jax.devices()).reshape(1, config.num_experts)
mesh = Mesh(devices, (config.data_axis, config.expert_axis))

with jax.set_mesh(mesh):
    layer = RoutedMoe(config, mesh)
    step = jax.jit(layer.__call__)
    tokens = jax.ShapeDtypeStruct((config.num_experts * 4, 8, config.emb_dim), jnp.float32)
    w_in = jax.ShapeDtypeStruct((config.num_experts, config.emb_dim, config.mlp_dim), jnp.float32)
    w_out = jax.ShapeDtypeStruct((config.num_experts, config.mlp_dim, config.emb_dim), jnp.float32)
    step.trace(tokens, w_in, w_out).lower(lowering_platforms=("cuda",))
