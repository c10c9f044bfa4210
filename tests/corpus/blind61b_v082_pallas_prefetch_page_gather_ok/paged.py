import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _copy_page_kernel(page_table_ref, pages_ref, out_ref):
  del page_table_ref  # only used by the index maps
  out_ref[...] = pages_ref[...]


def gather_pages(page_table, pages):
  """page_table: int32[n]; pages: [num_pages, page_size, head_dim] -> [n, page_size, head_dim]."""
  n = page_table.shape[0]
  _, page_size, head_dim = pages.shape
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      grid=(n,),
      in_specs=[pl.BlockSpec((1, page_size, head_dim),
                             lambda i, table: (table[i], 0, 0))],
      out_specs=pl.BlockSpec((1, page_size, head_dim), lambda i, table: (i, 0, 0)),
  )
  return pl.pallas_call(
      _copy_page_kernel,
      out_shape=jax.ShapeDtypeStruct((n, page_size, head_dim), pages.dtype),
      grid_spec=grid_spec,
  )(page_table, pages)
