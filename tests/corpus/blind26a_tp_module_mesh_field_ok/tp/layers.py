"""Megatron-style tensor-parallel MLP as Equinox modules: column-parallel then row-parallel."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax as L

TP = "tp"


class ColumnParallel(eqx.Module):
    weight: jax.Array  # (out // n, in) per device

    def __call__(self, x):
        return x @ self.weight.T


class RowParallel(eqx.Module):
    weight: jax.Array  # (out, in // n) per device

    def __call__(self, h):
        return L.psum(h @ self.weight.T, TP)


class TPBlock(eqx.Module):
    up: ColumnParallel
    down: RowParallel

    def __call__(self, x):
        return self.down(jax.nn.gelu(self.up(x)))


def init_block(d_model, d_ff, key):
    k1, k2 = jax.random.split(key)
    return TPBlock(
        ColumnParallel(jax.random.normal(k1, (d_ff, d_model)) * 0.02),
        RowParallel(jax.random.normal(k2, (d_model, d_ff)) * 0.02),
    )


def block_specs(P):
    return TPBlock(ColumnParallel(P(TP, None)), RowParallel(P(None, TP)))
