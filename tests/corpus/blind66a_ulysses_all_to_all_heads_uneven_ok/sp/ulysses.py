from jax import lax as L


def seq_to_heads(x, axis_name):
  """[b, s/n, h, d] -> [b, s, h/n, d]: gather the sequence, scatter the heads."""
  return L.all_to_all(x, axis_name, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x, axis_name):
  """[b, s, h/n, d] -> [b, s/n, h, d]."""
  return L.all_to_all(x, axis_name, split_axis=1, concat_axis=2, tiled=True)
