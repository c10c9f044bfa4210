"""Flax Linen MoE router using easydel's tensor-parallel global top-k, called under plain jit."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from moe_comm import tp_global_topk


class TPRouter(nn.Module):
    num_experts: int
    top_k: int
    tp_axis: str = "tp"

    @nn.compact
    def __call__(self, x):
        logits = nn.Dense(self.num_experts, use_bias=False, name="gate")(x)
        weights, experts = tp_global_topk(logits, self.top_k, self.tp_axis)
        return jax.nn.softmax(weights, axis=-1), experts


mesh = Mesh(np.array(jax.devices()), ("tp",))
router = TPRouter(num_experts=16, top_k=2)
x = jnp.ones((32, 128), jnp.float32)


@jax.jit
def init_and_route(key, x):
    params = router.init(key, x)
    params = jax.lax.with_sharding_constraint(
        params, jax.tree.map(lambda p: NamedSharding(mesh, P(*([None] * (p.ndim - 1)), "tp")), params))
    return router.apply(params, x)


init_and_route.trace(jax.random.key(0), x).lower(lowering_platforms=("tpu",))
