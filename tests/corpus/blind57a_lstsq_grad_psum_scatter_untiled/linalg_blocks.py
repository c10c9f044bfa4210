from jax import lax


def matvec_rows(x_blk, w_blk, col_axis):
  """(X w) for a block row: sum the partial products over the column blocks."""
  return lax.psum(x_blk @ w_blk, col_axis)


def rmatvec_scatter(x_blk, r_blk, row_axis):
  """X^T r, reduced over the row blocks and scattered back over them."""
  partial = x_blk.T @ r_blk
  return lax.psum_scatter(partial, row_axis, scatter_dimension=0)
