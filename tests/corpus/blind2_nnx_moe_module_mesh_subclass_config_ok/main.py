import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh

import dataclasses

from moe import MoeConfig, RoutedExperts


@dataclasses.dataclass(frozen=True)
class DeepSeekMoeConfig(MoeConfig):
    num_experts: int = 8
    expert_axis: str = "ep"


config = DeepSeekMoeConfig()
mesh = Mesh(np.array(jax.devices()).reshape(1, 4), (config.batch_axis, config.expert_axis))
model = RoutedExperts(config, mesh, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    return model(x)


x = jnp.zeros((config.num_experts, 32, config.emb_dim))
forward.trace(model, x).lower(lowering_platforms=("cuda",))
