"""An NNX MoE block in MaxText's NNX shape: the module keeps its config and mesh and wraps its
expert computation in jax.shard_map itself."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MoeConfig:
    num_experts: int = 4
    emb_dim: int = 64
    mlp_dim: int = 128
    expert_axis: str = "expert"
    batch_axis: str = "data"


class RoutedExperts(nnx.Module):
    def __init__(self, config: MoeConfig, mesh, *, rngs: nnx.Rngs):
        self.config = config
        self.mesh = mesh
        init = nnx.initializers.lecun_normal()
        self.wi = nnx.Param(init(rngs.params(), (config.num_experts, config.emb_dim, config.mlp_dim)))
        self.wo = nnx.Param(init(rngs.params(), (config.num_experts, config.mlp_dim, config.emb_dim)))

    def _local_experts(self, x, wi, wo):
        axis = self.config.expert_axis
        # x: [experts, local tokens, emb] -> [local experts, all their tokens, emb]
        routed = jax.lax.all_to_all(x, axis, split_axis=0, concat_axis=1, tiled=True)
        h = jax.nn.silu(jnp.einsum("ecd,edf->ecf", routed, wi))
        out = jnp.einsum("ecf,efd->ecd", h, wo)
        return jax.lax.all_to_all(out, axis, split_axis=1, concat_axis=0, tiled=True)

    def __call__(self, x):
        axis = self.config.expert_axis
        sharded = jax.shard_map(self._local_experts, mesh=self.mesh, in_specs=(P(None, axis), P(axis), P(axis)),
                                out_specs=P(None, axis))
        return sharded(x, self.wi[...], self.wo[...])
