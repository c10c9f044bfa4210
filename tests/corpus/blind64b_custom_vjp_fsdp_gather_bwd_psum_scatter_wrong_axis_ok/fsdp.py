"""Fully-sharded parameters: gather on use, reduce-scatter the cotangent."""
import jax
from jax import lax

FSDP_AXIS = "fsdp"


@jax.custom_vjp
def gather_params(w):
  return lax.all_gather(w, FSDP_AXIS, axis=0, tiled=True)


def _gather_fwd(w):
  return gather_params(w), None


def _gather_bwd(_, g):
  # Sum the full-weight cotangent over devices and keep only this device's rows.
  return (lax.psum_scatter(g, FSDP_AXIS, scatter_dimension=0, tiled=True),)


gather_params.defvjp(_gather_fwd, _gather_bwd)
