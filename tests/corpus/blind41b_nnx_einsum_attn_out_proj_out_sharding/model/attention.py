import jax
import jax.numpy as jnp
from flax import nnx

HEADS_SPEC = (None, "model", None)


class Attention(nnx.Module):
    def __init__(self, d_model: int, num_heads: int, head_dim: int, *, rngs: nnx.Rngs):
        init = nnx.with_partitioning(nnx.initializers.lecun_normal(), HEADS_SPEC)
        self.q = nnx.Einsum("BTD,DNH->BTNH", (d_model, num_heads, head_dim), kernel_init=init, rngs=rngs)
        self.k = nnx.Einsum("BTD,DNH->BTNH", (d_model, num_heads, head_dim), kernel_init=init, rngs=rngs)
        self.v = nnx.Einsum("BTD,DNH->BTNH", (d_model, num_heads, head_dim), kernel_init=init, rngs=rngs)
        self.o = nnx.Einsum(
            "BTNH,NHD->BTD",
            (num_heads, head_dim, d_model),
            kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None, None)),
            rngs=rngs,
        )
        self.scale = head_dim ** -0.5

    def __call__(self, x, out_sharding=None):
        q, k, v = self.q(x), self.k(x), self.v(x)
        logits = jnp.einsum("BTNH,BSNH->BNTS", q, k) * self.scale
        probs = jax.nn.softmax(logits, axis=-1)
        ctx = jnp.einsum("BNTS,BSNH->BTNH", probs, v)
        return self.o(ctx, out_sharding=out_sharding)
