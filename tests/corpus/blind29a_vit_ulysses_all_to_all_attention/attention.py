"""DeepSpeed-Ulysses style sequence parallelism for ViT self-attention: tokens are sharded
over devices; all_to_all trades the sequence shard for a head shard around the attention."""
import jax
import jax.numpy as jnp
from jax import lax


def seq_to_heads(x, axis_name):
    # [b, n_local, H, d] -> [b, n, H/devices, d]
    return lax.all_to_all(x, axis_name, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x, axis_name):
    # [b, n, H/devices, d] -> [b, n_local, H, d]
    return lax.all_to_all(x, axis_name, split_axis=1, concat_axis=2, tiled=True)


def ulysses_attention(params, x, num_heads, axis_name="sp"):
    b, n_local, dim = x.shape
    hd = dim // num_heads
    qkv = jnp.einsum("bnd,de->bne", x, params["w_qkv"])
    q, k, v = jnp.split(qkv, 3, axis=-1)
    q, k, v = (t.reshape(b, n_local, num_heads, hd) for t in (q, k, v))
    q, k, v = (seq_to_heads(t, axis_name) for t in (q, k, v))
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(hd).astype(x.dtype)
    o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v)
    o = heads_to_seq(o, axis_name).reshape(b, n_local, dim)
    return jnp.einsum("bnd,de->bne", o, params["w_out"])
