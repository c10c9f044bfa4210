"""Tensor-parallel layer whose all-gather is the Pallas ring kernel."""
import jax
import jax.numpy as jnp
from jax import lax

from kernels import pallas_all_gather

TP = "tp"


@jax.custom_vjp
def gather_seq(x):
  return pallas_all_gather(x)


def _gather_fwd(x):
  return pallas_all_gather(x), None


def _gather_bwd(_, g):
  return (lax.psum_scatter(g, TP, scatter_dimension=0, tiled=False),)


gather_seq.defvjp(_gather_fwd, _gather_bwd)


def tp_mlp(w, x):
  full = gather_seq(x).reshape(-1, x.shape[-1])
  return jnp.tanh(full @ w)
