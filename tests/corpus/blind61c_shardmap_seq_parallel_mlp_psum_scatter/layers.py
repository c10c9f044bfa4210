import jax
import jax.numpy as jnp
from jax import lax

TP = "tp"


def sinusoid(positions, dim):
    freqs = jnp.exp(-jnp.log(10000.0) * jnp.arange(0, dim, 2) / dim)
    ang = positions[:, None] * freqs[None, :]
    return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], axis=-1)


def seq_parallel_mlp(x, w_in, w_out):
    """x: [B, S/tp, D] sequence shard; w_in: [D, H/tp]; w_out: [H/tp, D]."""
    seq_local = x.shape[1]
    start = lax.axis_index(TP) * seq_local
    x = x + sinusoid(start + jnp.arange(seq_local), x.shape[-1])[None]
    full = lax.all_gather(x, TP, axis=1, tiled=True)           # [B, S, D]
    h = jax.nn.gelu(jnp.einsum("bsd,dh->bsh", full, w_in))     # [B, S, H/tp]
    partial_out = jnp.einsum("bsh,hd->bsd", h, w_out)          # partial sums over H
    return lax.psum_scatter(partial_out, TP, scatter_dimension=1, tiled=True)  # [B, S/tp, D]
