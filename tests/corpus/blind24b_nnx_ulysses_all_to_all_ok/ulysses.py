"""DeepSpeed-Ulysses style sequence parallelism: activations arrive sharded over the sequence;
all_to_all re-shards them over heads for attention and back afterwards."""
import jax
import jax.numpy as jnp
from flax import nnx

SP = "sp"


def seq_to_heads(x):
    # [b, s/n, h, d] -> [b, s, h/n, d]
    return jax.lax.all_to_all(x, SP, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x):
    # [b, s, h/n, d] -> [b, s/n, h, d]
    return jax.lax.all_to_all(x, SP, split_axis=1, concat_axis=2, tiled=True)


class UlyssesAttention(nnx.Module):
    def __init__(self, d_model, num_heads, rngs):
        self.num_heads = num_heads
        self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
        self.out = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

    def __call__(self, x):
        b, s_local, d = x.shape
        qkv = self.qkv(x).reshape(b, s_local, 3, self.num_heads, d // self.num_heads)
        q, k, v = (seq_to_heads(qkv[:, :, i]) for i in range(3))
        o = jax.nn.dot_product_attention(q, k, v, is_causal=True)
        o = heads_to_seq(o).reshape(b, s_local, d)
        return self.out(o)
