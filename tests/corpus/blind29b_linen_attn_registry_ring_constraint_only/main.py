import dataclasses
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ops import get_attention_impl


@dataclasses.dataclass(frozen=True)
class ModelConfig:
    num_heads: int = 4
    head_dim: int = 8
    attention: str = "ring"
    seq_axis: str = "sp"
    mesh_shape: tuple = (4,)


class SelfAttention(nn.Module):
    config: ModelConfig
    mesh: Mesh

    @nn.compact
    def __call__(self, x):
        cfg = self.config
        dense = partial(nn.DenseGeneral, features=(cfg.num_heads, cfg.head_dim))
        q, k, v = dense(name="q")(x), dense(name="k")(x), dense(name="v")(x)
        seq_sharding = NamedSharding(self.mesh, P(None, cfg.seq_axis, None, None))
        q, k, v = (jax.lax.with_sharding_constraint(t, seq_sharding) for t in (q, k, v))
        # the sequence is sharded over cfg.seq_axis by the constraints above
        out = get_attention_impl(cfg.attention)(q, k, v, axis_name=cfg.seq_axis)
        return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name="out")(out)


cfg = ModelConfig()
mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), (cfg.seq_axis,))
model = SelfAttention(cfg, mesh)
x = jnp.ones((2, 32, 16))
params = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
lowered = jax.jit(model.apply).trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
