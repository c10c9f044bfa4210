"""Expert-parallel MoE layer: tokens are routed to their expert's shard with all_to_all."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MoeConfig:
    num_experts: int = 4
    emb_dim: int = 128
    mlp_dim: int = 256
    expert_axis: str = "expert"
    data_axis: str = "data"


class RoutedMoe:
    def __init__(self, config: MoeConfig, mesh):
        self.config = config
        self.mesh = mesh

    def _expert_mlp(self, tokens, w_in, w_out):
        cfg = self.config
        # tokens: [experts, capacity, emb] grouped by destination expert.
        routed = jax.lax.all_to_all(tokens, cfg.expert_axis, split_axis=0, concat_axis=0, tiled=True)
        h = jax.nn.relu(jnp.einsum("ecd,edf->ecf", routed, w_in))
        out = jnp.einsum("ecf,efd->ecd", h, w_out)
        return jax.lax.all_to_all(out, cfg.expert_axis, split_axis=0, concat_axis=0, tiled=True)

    def __call__(self, tokens, w_in, w_out):
        cfg = self.config
        sharded = jax.shard_map(
            self._expert_mlp,
            mesh=self.mesh,
            in_specs=(P(cfg.expert_axis), P(cfg.expert_axis), P(cfg.expert_axis)),
            out_specs=P(cfg.expert_axis),
        )
        return sharded(tokens, w_in, w_out)
