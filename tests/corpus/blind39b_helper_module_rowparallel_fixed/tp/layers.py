"""Tensor-parallel layers written for one example (vmap them over the batch)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_block(key, d_model, d_ff):
    k1, k2 = jax.random.split(key)
    return dict(
        up=jax.random.normal(k1, (d_model, d_ff), out_sharding=P(None, "model")) * 0.02,
        down=jax.random.normal(k2, (d_ff, d_model), out_sharding=P("model", None)) * 0.02,
    )


def column_parallel(x, w):
    return x @ w


def row_parallel(h, w, out_spec=P(None)):
    return jnp.einsum("f,fd->d", h, w, out_sharding=out_spec)


def block(params, x):
    h = jax.nn.gelu(column_parallel(x, params["up"]))
    return x + row_parallel(h, params["down"])
