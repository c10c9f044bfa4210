import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class ShardedNorm(nnx.Module):
    """RMSNorm whose statistics span the feature dim sharded over `model`."""

    def __init__(self, dim, mesh, *, rngs):
        self.scale = nnx.Param(jnp.ones((dim,)))
        self.mesh = mesh

    def _local(self, x, scale):
        ms = jax.lax.psum(jnp.sum(x * x, -1, keepdims=True), "model") / (x.shape[-1] * 2)
        return x * jax.lax.rsqrt(ms + 1e-6) * scale

    def __call__(self, x):
        return jax.shard_map(self._local, mesh=self.mesh,
                             in_specs=(P(None, "model"), P("model")),
                             out_specs=P(None, "model"))(x, self.scale[...])
